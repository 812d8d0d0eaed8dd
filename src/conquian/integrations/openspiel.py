"""Conquian as an OpenSpiel game, ``python_conquian`` (``pip install "conquian[openspiel]"``).

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_conquian")`` (or :func:`load_game` with a
:class:`~conquian.rules.Rules` value) gives a zero-sum, imperfect-information game of two
or three players (``players=3``, M1) with explicit chance nodes. Its actions are those of
:mod:`conquian.actions` (279), its tensors :func:`~conquian.actions.encode_observation`
(486 numbers, 571 with three players), its returns +1 from each loser to the winner
(M11: +1 / -1 with two players, +2 / -1 / -1 with three) and 0 for a draw (R15, R16, M8).

The rules are game parameters, one per rule that matters for a single game:
``players``, ``hand_size``, ``max_sequence``, ``forcing``, ``regrouping``,
``meld_from_hand``, ``deal_batch``, ``initial_upcard``, ``stock_out`` (as in
:class:`~conquian.rules.Rules`, enums by their text) and ``dealer`` (a seat, 0 to
``players - 1``). The defaults are the classic rules. ``history_tensor`` (false by
default) adds the public history of moves to the information-state tensor, which is then
of perfect recall.

Chance nodes. The game starts with one chance node per dealt card — the hands in the
order of the deal (R8, V7, M2: from the player after the dealer round the table), then
the first card turned up (R10, V8) — each choosing uniformly among the cards not dealt
yet; and each later card turned up from the stock is a chance node when it is turned,
choosing uniformly among the cards still in the stock. So the history holds exactly what
happened at the table, in order, and an information state holds only chance outcomes its
player saw. (Dealing the whole shuffled deck at the start would give the same game, but
would put the future stock order into every history, so that a history would hold what
nobody knows yet.) The engine behind a state is a :class:`~conquian.state.State` dealt,
once the deal's last card is chosen, from a deck whose positions not yet chosen hold the
remaining cards in deck order. A card turned up later is first the engine's stand-in, the
top card of its stock; the chance outcome then changes places with it in the deck
(``conquian.state.turned_instead``): nobody has seen either card, so no move depended on
them, and the engine is the game that deck deals with the same moves.

>>> import pyspiel
>>> from conquian.integrations.openspiel import load_game
>>> game = load_game()
>>> game.num_distinct_actions(), game.observation_tensor_size()
(279, 486)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 40)
>>> three = pyspiel.load_game("python_conquian(players=3,hand_size=8)")
>>> three.num_players(), three.observation_tensor_size(), three.max_utility()
(3, 571, 2.0)
"""

from __future__ import annotations

import base64
import pickle
from typing import Any, Final

import attrs

from conquian.integrations import require

require("pyspiel", "openspiel")
require("numpy", "openspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from conquian._rng import SplitMix64  # noqa: E402
from conquian.actions import (  # noqa: E402
    DISCARD,
    GO_OUT,
    MELDS,
    NUM_ACTIONS,
    ActionBuilder,
    action_name,
    actions_of,
    encode_observation,
    observation_layout,
)
from conquian.agents import Agent  # noqa: E402
from conquian.cards import DECK, format_cards, sorted_cards  # noqa: E402
from conquian.errors import (  # noqa: E402
    ConquianError,
    IllegalMoveError,
    MoveProblem,
    describe,
    player_range,
)
from conquian.moves import Decline, Force, Give, LayDown, Move, Release, Take  # noqa: E402
from conquian.observation import Observation  # noqa: E402
from conquian.phases import OfferOrigin, Phase  # noqa: E402
from conquian.rules import CLASSIC, Regrouping, Rules, check_rules  # noqa: E402
from conquian.state import State, turned_instead  # noqa: E402

__all__ = [
    "GAME_TYPE",
    "AgentBot",
    "ConquianGame",
    "ConquianObserver",
    "ConquianState",
    "history_entry_size",
    "history_size",
    "load_game",
    "parameters_of",
]

_CARDS: Final = len(DECK)
_ALL_CARDS: Final = frozenset(range(_CARDS))
_CHANCE: Final = -1  # pyspiel.PlayerId.CHANCE, as a plain int (the tests check it)
_TERMINAL: Final = -4  # pyspiel.PlayerId.TERMINAL
_NO_ATTRIBUTES: Final = base64.b64encode(pickle.dumps({})).decode("ascii")
"""A serialized state's Python attributes, none: a resampled state gets its own after."""
_PRIVATE: Final = frozenset(("hand", "selected", "building_lay_down", "chosen_melds"))
"""The parts of the observation only its player knows: his hand and the move he builds."""
_DEFAULTS: Final[dict[str, Any]] = {
    "players": CLASSIC.players,
    "hand_size": CLASSIC.hand_size,
    "max_sequence": CLASSIC.max_sequence,
    "forcing": CLASSIC.forcing.value,
    "regrouping": CLASSIC.regrouping.value,
    "meld_from_hand": CLASSIC.meld_from_hand,
    "deal_batch": CLASSIC.deal_batch,
    "initial_upcard": CLASSIC.initial_upcard,
    "stock_out": CLASSIC.stock_out.value,
    "exchange": CLASSIC.exchange,
    "dealer": 0,
    "history_tensor": False,
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_conquian",
    long_name="Python Conquian",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=3,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's type, as registered."""


def parameters_of(
    rules: Rules, dealer: int = 0, *, history_tensor: bool = False
) -> dict[str, Any]:
    """The game parameters for ``rules`` (the match rules — scoring, stakes — do not apply
    to one game), and with ``history_tensor`` an information-state tensor of perfect
    recall (see :class:`ConquianObserver`).

    >>> parameters_of(Rules(max_sequence=10))["max_sequence"]
    10
    """
    check_rules(rules)
    if rules.long_meld is not None:  # not a game parameter yet: refused, not dropped
        raise ConquianError(
            f"the OpenSpiel game has no parameter for long_meld (M12), and these rules set "
            f"it to {rules.long_meld}"
        )
    return {
        "players": rules.players,
        "hand_size": rules.hand_size,
        "max_sequence": rules.max_sequence,
        "forcing": rules.forcing.value,
        "regrouping": rules.regrouping.value,
        "meld_from_hand": rules.meld_from_hand,
        "deal_batch": rules.deal_batch,
        "initial_upcard": rules.initial_upcard,
        "stock_out": rules.stock_out.value,
        "exchange": rules.exchange,
        "dealer": dealer,
        "history_tensor": history_tensor,
    }


def load_game(
    rules: Rules = CLASSIC, dealer: int = 0, *, history_tensor: bool = False
) -> pyspiel.Game:
    """``pyspiel.load_game("python_conquian", ...)`` with the parameters of ``rules`` (a
    game of three players under three-player rules, M1); with ``history_tensor`` the
    information-state tensor also holds the public history of moves, and is then of
    perfect recall (see :class:`ConquianObserver`).

    Raises:
        TypeError: ``rules`` is not a Rules.
        ConquianError: ``rules`` sets ``long_meld`` (M12), which is not a game parameter.

    >>> load_game(history_tensor=True).information_state_tensor_size()
    18675
    >>> from conquian import TERCERILLA
    >>> load_game(TERCERILLA).num_players()
    3
    """
    return pyspiel.load_game(
        "python_conquian", parameters_of(rules, dealer, history_tensor=history_tensor)
    )


def _most_moves(players: int, exchange: bool = False) -> int:
    """The most moves (plies) a game of ``players`` players lasts, ``40 p + 41``: 121
    with two, 161 with three, and ``p`` more with the opening exchange, one give a player
    (M10) (docs/embedding.rst, "How long a game can last"; the same as
    ``conquian.game.max_moves``, which the integrations' tier does not import)."""
    return 40 * players + 41 + (players if exchange else 0)


def _max_game_length(rules: Rules) -> int:
    """A bound on the actions of a game of ``p`` players: 40 chance nodes; at most
    ``_most_moves(p) + p h`` moves (121 or 161 plies, :ref:`game-length`, and ``p h`` for
    V3's lay-downs), each finished by one action; at most 40 cards added and ``p h``
    lay-downs started; and at most 13 meld choices (a table of 40 cards has at most 13
    melds) for each of the ``2 p h + 1`` takes and lay-downs."""
    dealt = rules.players * rules.hand_size
    moves = _most_moves(rules.players, rules.exchange) + dealt
    return _CARDS + moves + _CARDS + dealt + 13 * (2 * dealt + 1)


class ConquianGame(pyspiel.Game):
    """The ``python_conquian`` game; build it with ``pyspiel.load_game`` or
    :func:`load_game`.

    Args:
        params: Game parameters (see the module's description); missing ones are classic.

    Raises:
        InvalidRulesError: The parameters are not rules.
        ConquianError: The dealer is not a seat (0 to ``players - 1``).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules = Rules(
            players=values["players"],
            hand_size=values["hand_size"],
            max_sequence=values["max_sequence"],
            forcing=values["forcing"],
            regrouping=values["regrouping"],
            meld_from_hand=values["meld_from_hand"],
            deal_batch=values["deal_batch"],
            initial_upcard=values["initial_upcard"],
            stock_out=values["stock_out"],
            exchange=values["exchange"],
        )
        players = self.rules.players
        dealer = values["dealer"]
        if dealer.__class__ is not int or not 0 <= dealer < players:
            raise ConquianError(
                f"the dealer is player {player_range(players)}, not {describe(dealer)}"
            )
        self.dealer: int = dealer
        history = values["history_tensor"]
        if history.__class__ is not bool:
            raise ConquianError(f"history_tensor is true or false, not {describe(history)}")
        self.history_tensor: bool = history
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=_CARDS,
            num_players=players,
            min_utility=-1.0,
            max_utility=players - 1.0,  # M11: each loser pays the winner one stake
            utility_sum=0.0,
            max_game_length=_max_game_length(self.rules),
        )
        super().__init__(GAME_TYPE, info, params or {})

    def new_initial_state(self) -> ConquianState:
        """A state before the deal: its first chance node deals the first card."""
        return ConquianState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ConquianObserver:
        """The observer of tensors and strings of the type asked for: information state
        when ``iig_obs_type.perfect_recall``, else observation; public and private parts
        as ``iig_obs_type.public_info`` and ``private_info`` say (one player's view, or
        none of the private parts); the default is the observation of one player.

        Raises:
            ValueError: ``params`` are given (there are none), or ``private_info`` is
                ``ALL_PLAYERS``: the observer gives one player's view, never both hands.
        """
        if params:
            raise ValueError(f"python_conquian's observer takes no parameters, not {params}")
        players, exchange = self.rules.players, self.rules.exchange
        if iig_obs_type is None:
            return ConquianObserver(perfect_recall=False, players=players, exchange=exchange)
        history = None
        if self.history_tensor and iig_obs_type.perfect_recall and iig_obs_type.public_info:
            history = self.rules
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "python_conquian's observer gives one player's view: its private_info is "
                "SINGLE_PLAYER or NONE, not ALL_PLAYERS"
            )
        return ConquianObserver(
            iig_obs_type.perfect_recall,
            public_info=iig_obs_type.public_info,
            private_info=private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
            history=history,
            players=players,
            exchange=exchange,
        )


class _Now:
    """Everything a :class:`ConquianState` holds, immutable, so that its clones share it.

    OpenSpiel clones a Python state by deep-copying each of its attributes; with the
    engine state, the move builder and the lists as attributes of their own that made
    about 1,400 clones a second. A state holds one of these instead, which a deep copy
    returns as it is, and an action replaces it with a new one.
    """

    __slots__ = ("builder", "building", "dealer", "deck", "engine", "moves", "rules", "unturned")

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: tuple[int, ...],
        moves: tuple[tuple[int, Move], ...],
        engine: State | None,
        builder: ActionBuilder | None,
        building: tuple[int, ...],
        unturned: int,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.deck = deck  # the chosen cards, by deck position
        self.moves = moves  # the engine moves made, by player
        self.engine = engine
        self.builder = builder
        self.building = building  # the actions of the move being built
        self.unturned = unturned  # cards turned up by the engine, still to be chosen by chance

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self  # immutable: shared

    def __copy__(self) -> _Now:
        return self

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, values: tuple[Any, ...]) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            setattr(self, name, value)


class ConquianState(pyspiel.State):
    """A state of ``python_conquian``: the deal so far, or an engine
    :class:`~conquian.state.State` with the move being built (:class:`ActionBuilder
    <conquian.actions.ActionBuilder>`). Its parts are immutable and shared by its clones."""

    def __init__(self, game: ConquianGame) -> None:
        super().__init__(game)
        self._now = _Now(game.rules, game.dealer, (), (), None, None, (), 0)

    # ------------------------------------------------------------------ reading

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._now.rules

    @property
    def dealer(self) -> int:
        """The dealer, a seat."""
        return self._now.dealer

    @property
    def engine(self) -> State | None:
        """The engine state (``None`` during the deal). While a turned card waits for
        its chance node, the engine shows a stand-in card on offer."""
        return self._now.engine

    def _dealt(self) -> int:
        """Cards the deal gives (every hand and the first card turned up; with the opening
        exchange, M10, every hand: the first card is turned up after it)."""
        rules = self._now.rules
        return rules.players * rules.hand_size + (not rules.exchange)

    def _receiver(self, position: int) -> int | None:
        """Who is dealt the card at deck ``position`` (``None`` for the card turned up):
        R8, V7, M2, ``deal_batch`` cards at a time from the player after the dealer."""
        rules = self._now.rules
        players = rules.players
        if position >= players * rules.hand_size:
            return None
        return (self._now.dealer + 1 + position // rules.deal_batch) % players

    def current_player(self) -> int:
        """The player to act, ``CHANCE`` at a chance node or ``TERMINAL``."""
        now = self._now
        engine = now.engine
        if engine is None or now.unturned:
            return _CHANCE
        player = engine.to_move
        return _TERMINAL if player is None else player

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        now = self._now
        return now.engine is not None and now.engine.is_over and not now.unturned

    def is_chance_node(self) -> bool:
        """Whether chance acts next: a card is dealt or turned up. (Answered here, not by
        pyspiel's ``State``, whose answer calls back into Python: 0.1 µs instead of 1.6.)"""
        now = self._now
        return now.engine is None or now.unturned > 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to act (the chance outcomes' cards at a chance
        node, none at the end), or of ``player`` as pyspiel's ``State`` says.

        Without ``player`` this is answered here: pyspiel's own answer (which OpenSpiel's
        C++ algorithms use, through ``_legal_actions``) calls back into Python three
        times, 8 µs a call against 0.5, a fifth of a random playout's time. The tests
        check that both answers agree at every node of random games.
        """
        if player is not None:
            return list(super().legal_actions(player))
        now = self._now
        if now.engine is None or now.unturned:
            return sorted(_ALL_CARDS.difference(now.deck))
        builder = now.builder
        return [] if builder is None else list(builder.legal_actions())

    def _legal_actions(self, player: int) -> list[int]:
        builder = self._now.builder
        assert builder is not None
        return list(builder.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be dealt or turned up next, each equally likely."""
        left = sorted(_ALL_CARDS.difference(self._now.deck))
        return list(zip(left, [1.0 / len(left)] * len(left), strict=True))

    def returns(self) -> list[float]:
        """At the end, +1 from each loser to the winner (who went out, R16, or held the
        fewest cards, M8): +1 / -1 with two players, +2 / -1 / -1 with three (M11); 0 for
        a draw (R15, M8) and before the end."""
        players = self._now.rules.players
        if not self.is_terminal():
            return [0.0] * players
        engine = self._now.engine
        assert engine is not None
        assert engine.outcome is not None
        winner = engine.outcome.winner
        if winner is None:
            return [0.0] * players
        return [players - 1.0 if player == winner else -1.0 for player in range(players)]

    # ------------------------------------------------------------------ acting

    def _apply_action(self, action: int) -> None:
        """Apply ``action``, or raise and change nothing.

        Raises:
            ValueError: At a chance node, ``action`` is not a card still to be dealt or
                turned up (one of :meth:`chance_outcomes`).
            IllegalMoveError: The action is not legal now, or the game is over.
        """
        now = self._now
        if now.engine is None or now.unturned:  # a chance node
            if isinstance(action, bool) or action not in range(_CARDS) or action in now.deck:
                raise ValueError(
                    f"a chance outcome here is a card not dealt or turned up yet, not "
                    f"{describe(action)}"
                )
            deck = (*now.deck, action)
            unturned = max(0, now.unturned - 1)
            engine, builder = now.engine, now.builder
            if engine is not None and now.unturned == 1:
                if len(now.deck) == now.rules.players * now.rules.hand_size:
                    # the first card, turned up after the opening exchange (M10): the
                    # engine dealt again with it in place, and the gives replayed
                    engine = _replayed(now.rules, now.dealer, deck, now.moves)
                else:
                    # a card turned up by the last move: the one chosen changes places
                    # with the stand-in the engine turned up (nobody has seen either),
                    # instead of replaying the game from a deck with the chosen card in
                    # place
                    assert engine.offer is not None
                    if action != engine.offer.index:
                        engine = turned_instead(engine, action)
                builder = None if engine.is_over else ActionBuilder.start(engine)
            elif len(deck) >= self._dealt() and not unturned:
                # the engine, dealt and replayed, only once the last card is chosen
                engine = _replayed(now.rules, now.dealer, deck, now.moves)
                builder = None if engine.is_over else ActionBuilder.start(engine)
            self._now = _Now(
                now.rules, now.dealer, deck, now.moves, engine, builder, now.building, unturned
            )
            return
        if now.builder is None:
            raise IllegalMoveError(
                f"the game is over: {action_name(action)} (action {action}) cannot be played",
                problem=MoveProblem.GAME_OVER,
            )
        builder = now.builder.apply(action)
        move = builder.move
        if move is None:
            self._now = _Now(
                now.rules,
                now.dealer,
                now.deck,
                now.moves,
                now.engine,
                builder,
                (*now.building, action),
                0,
            )
            return
        before = now.engine
        player = before.to_move
        assert player is not None
        engine = before.apply_unchecked(move)  # the builder's move is legal
        # a card turned up from the stock (a move turns at most one), or the first card
        # after the opening exchange (M10, the upcard under V8): chance chooses it
        offer = engine.offer
        unturned = int(
            offer is not None
            and offer != before.offer
            and (engine.offer_origin is OfferOrigin.STOCK or before.phase is Phase.EXCHANGE)
        )
        self._now = _Now(
            now.rules,
            now.dealer,
            now.deck,
            (*now.moves, (player, move)),
            engine,
            None if engine.is_over or unturned else ActionBuilder.start(engine),
            (),
            unturned,
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            card = DECK[action]
            if not self.is_chance_node():  # an earlier node's outcome: its role is not known
                return f"chance {card}"
            receiver = self._receiver(len(self._now.deck))
            return f"turn {card}" if receiver is None else f"deal {card} to player {receiver}"
        return action_name(action)

    def resample_from_infostate(self, player: int, sampler: Any) -> ConquianState:
        """A state ``player`` cannot tell from this one, drawn uniformly: the opponents'
        hands and the stock dealt again from the cards ``player`` has not seen, and the
        same actions replayed (for information-set search such as ISMCTS).

        The engine moves are replayed once, from the new deal, without checking them
        again (they were legal, and no move depends on a card its player has not seen);
        OpenSpiel's history of the new state is read in, not played.

        Args:
            player: The player whose information state is kept.
            sampler: Called with no argument for a number in [0, 1) (OpenSpiel's
                ``UniformProbabilitySampler``); seeds the draw, which is the same on every
                machine and Python version for the same number. OpenSpiel's ISMCTS bot
                passes an unseeded sampler; for a search that repeats, give it one drawn
                from its random state, as ``examples/integrations/openspiel_ismcts.py``
                does (``bot.set_resampler``).
        """
        rng = SplitMix64(int(sampler() * 2**53))
        now = self._now
        engine = now.engine
        # the cards in an opponent's hand (all the cards dealt to them during the deal),
        # but for the one player gave them in the opening exchange (M10): he knows it
        held: set[int] | None = None
        if engine is not None:
            held = {c.index for p, hand in enumerate(engine.hands) if p != player for c in hand}
            held.difference_update(
                move.card.index
                for giver, move in now.moves
                if giver == player and isinstance(move, Give) and move.card is not None
            )
        receivers = map(self._receiver, range(len(now.deck)))
        hidden = [  # deck positions holding a card player has not seen
            position
            for position, (card, receiver) in enumerate(zip(now.deck, receivers, strict=True))
            if receiver is not None and receiver != player and (held is None or card in held)
        ]
        unseen = [now.deck[p] for p in hidden]
        chosen = set(now.deck)
        unseen += [card for card in range(_CARDS) if card not in chosen]
        unseen = rng.shuffled(unseen)
        deck = list(now.deck)
        drawn = {}  # the hidden cards dealt again: what each one became
        for position, card in zip(hidden, unseen, strict=False):
            drawn[deck[position]] = card
            deck[position] = card
        moves = now.moves
        if now.rules.exchange:  # M10: a give player has not seen gives the card drawn
            moves = tuple(
                (giver, Give(DECK[drawn.get(move.card.index, move.card.index)]))
                if isinstance(move, Give) and move.card is not None
                else (giver, move)
                for giver, move in moves
            )
        history = self.full_history()
        building = now.building
        if building and self.current_player() != player:
            # an opponent's unfinished move: player has not seen its cards, and the
            # state before it is one that player cannot tell from this one
            history = history[: len(history) - len(building)]
            building = ()
        # OpenSpiel's history of the new state: the same steps, the chance outcomes from
        # the new deck. It is read in, not played (a deserialization), and the engine is
        # replayed below once: playing the steps cost two calls across the C++ boundary
        # each, a third of a resample's time.
        steps = []
        chance = 0
        for step in history:
            if step.player == _CHANCE:
                steps.append(f"{_CHANCE}:{deck[chance]}")
                chance += 1
            elif DISCARD <= step.action < GO_OUT and step.action - DISCARD in drawn:
                # a give player has not seen (M10: no hidden card is ever discarded)
                steps.append(f"{step.player}:{DISCARD + drawn[step.action - DISCARD]}")
            else:
                steps.append(f"{step.player}:{step.action}")
        replayed: ConquianState = self.get_game().deserialize_state(
            f"history={','.join(steps)}\nmove_number={len(steps)}\n__dict__={_NO_ATTRIBUTES}"
        )
        dealt = tuple(deck)
        engine = None
        builder = None
        if now.engine is not None:
            engine = _replayed(now.rules, now.dealer, dealt, moves)
            if not engine.is_over and not now.unturned:
                builder = ActionBuilder.start(engine)
                for action in building:
                    builder = builder.apply(action)
        replayed._now = _Now(
            now.rules, now.dealer, dealt, moves, engine, builder, building, now.unturned
        )
        return replayed

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> Observation | None:
        """What ``player`` sees, as an Observation (``None`` during the deal). While a
        turned card waits for its chance node, no card is on offer."""
        now = self._now
        if now.engine is None:
            return None
        view = now.engine.observation(player)
        if now.unturned:
            view = _without_offer(view)
        return view

    def builder_of(self, player: int) -> ActionBuilder | None:
        """The move ``player`` is building, if it is his turn."""
        now = self._now
        if now.engine is None or now.unturned or now.engine.to_move != player:
            return None
        return now.builder

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far (during the deal)."""
        return [card for p, card in enumerate(self._now.deck) if self._receiver(p) == player]

    def building(self) -> list[int]:
        """The actions of the move being built."""
        return list(self._now.building)

    def actions_by(self, player: int) -> list[int]:
        """The actions ``player`` has taken so far, in order (his own part of the history,
        which only he knows whole: the order of a move's actions is not public).

        >>> from conquian import State
        >>> from conquian.actions import DECLINE_ACTION
        >>> state = load_game().new_initial_state()
        >>> for card in State.new(seed=0).deck[:21]:  # the deal and the first card
        ...     state.apply_action(card.index)
        >>> state.apply_action(DECLINE_ACTION)  # player 1 passes his card (R11b)
        >>> state.actions_by(1), state.actions_by(0)
        ([0], [])
        """
        return [step.action for step in self.full_history() if step.player == player]

    def __str__(self) -> str:
        now = self._now
        if now.engine is None:
            dealt = (sorted_cards(DECK[c] for c in self.dealt_to(p)) for p in range(3))
            return "dealing: " + "; ".join(
                f"player {p} {format_cards(cards) or '-'}"
                for p, cards in zip(range(now.rules.players), dealt, strict=False)
            )
        text = now.engine.to_notation()
        if now.unturned:
            text += " (a card is being turned up)"
        if now.building:
            text += " building: " + ", ".join(action_name(a) for a in now.building)
        return text


def _replayed(
    rules: Rules,
    dealer: int,
    chosen_cards: tuple[int, ...],
    moves: tuple[tuple[int, Move], ...],
) -> State:
    """The engine dealt from ``chosen_cards`` (the rest of the deck in deck order) with
    ``moves`` replayed, unchecked: they were legal in a deal that differs only in cards no
    move depended on (at the end of the deal, none; for a resample, the new deal)."""
    chosen = set(chosen_cards)
    order = [*chosen_cards, *(index for index in range(_CARDS) if index not in chosen)]
    state = State.from_deck([DECK[i] for i in order], rules=rules, dealer=dealer)
    for _, move in moves:
        state = state.apply_unchecked(move)
    return state


def _without_offer(view: Observation) -> Observation:
    return attrs.evolve(view, offer=None, offer_origin=None, offered_by=None)


class ConquianObserver:
    """OpenSpiel's Python observer for ``python_conquian``: a tensor and a string of one
    player's view.

    The tensor is :func:`~conquian.actions.encode_observation`, one piece in ``dict`` for
    each part of :data:`~conquian.actions.OBSERVATION_LAYOUT` (with three players
    :data:`~conquian.actions.OBSERVATION_LAYOUT_THREE`) that the observer gives: the
    private parts (the hand and the move being built) with ``private_info``, the others
    with ``public_info``. The string is the player's view in notation, without the hand
    when it is public only. With ``perfect_recall`` (an information state) the string
    also holds the public history of moves and, with ``private_info``, every action the
    player has taken, in order, so that no two different pasts of his give one string.

    With ``history`` (the game parameter ``history_tensor``, for the information state)
    the tensor also holds the public history of moves, one piece ``history`` of
    :func:`history_size` numbers: a slot of :func:`history_entry_size` numbers for each
    move in order (who moved, the offered card, where it came from, the kind of move, the
    cards laid, the discard, and under regrouping ``borrow`` or ``none`` the melds of the
    table a take or lay-down names), zeros after the last. With the player's current view
    this tensor is of perfect recall: his own past hands and every card he saw follow from
    it. Only the order in which he added cards to his own takes, which changes nothing at
    the table, is left to the string.

    Args:
        perfect_recall: Give the information state, not only the current observation.
        public_info: Give the public parts.
        private_info: Give the player's private parts.
        history: The rules, to add the public history of moves to the tensor; ``None``
            for none.
        players: The players of the game, 2 or 3 (M1); with ``history``, its.
        exchange: Whether the game has the opening exchange (M10: the tensor then ends
            with :data:`~conquian.actions.EXCHANGE_LAYOUT`); with ``history``, its.
    """

    def __init__(
        self,
        perfect_recall: bool,
        *,
        public_info: bool = True,
        private_info: bool = True,
        history: Rules | None = None,
        players: int = 2,
        exchange: bool = False,
    ) -> None:
        self.perfect_recall = perfect_recall
        self.public_info = public_info
        self.private_info = private_info
        self._parts: list[tuple[str, int, int]] = []  # name, start in the encoding, size
        start = 0
        if history is not None:
            players, exchange = history.players, history.exchange
        for name, size in observation_layout(players, exchange).items():
            if private_info if name in _PRIVATE else public_info:
                self._parts.append((name, start, size))
            start += size
        self._history = history
        if history is not None:
            self._parts.append(("history", start, history_size(history)))
        self.tensor = np.zeros(sum(size for _, _, size in self._parts), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, _, size in self._parts:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: ConquianState, player: int) -> None:
        """Fill ``tensor`` (and its pieces in ``dict``) with ``player``'s view of ``state``."""
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
            if "hand" in self.dict:
                for card in state.dealt_to(player):
                    self.dict["hand"][card] = 1
            return
        encoded = encode_observation(view, state.builder_of(player))
        for name, start, size in self._parts:
            if name == "history":
                _encode_history(self.dict[name], view, self._history)
            else:
                self.dict[name][:] = encoded[start : start + size]

    def string_from(self, state: ConquianState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        view = state.view(player)
        if view is None:
            cards = format_cards(sorted_cards(DECK[c] for c in state.dealt_to(player)))
            fields = [f"player={player}", "dealing"]
            if self.private_info:
                fields.append(f"hand={cards or '-'}")
        else:
            fields = view.to_notation().split(" ")
            if not self.private_info:
                fields = [field for field in fields if not field.startswith("hand=")]
            elif not self.public_info:
                fields = [f"player={player}", *(f for f in fields if f.startswith("hand="))]
            if self.perfect_recall and self.public_info:
                fields.append("history=" + "|".join(str(played) for played in view.history))
        if self.private_info:
            if self.perfect_recall:
                actions = state.actions_by(player)
                fields.append("actions=" + (",".join(map(action_name, actions)) or "-"))
            elif state.builder_of(player) is not None and state.building():
                fields.append("building=" + ",".join(map(action_name, state.building())))
        return " ".join(fields)


_ORIGINS: Final = (OfferOrigin.DISCARD, OfferOrigin.STOCK, OfferOrigin.UPCARD)
_KINDS: Final = (Take, Decline, Force, Release, LayDown, Give)
"""The kinds of move of a history entry; a give (M10) only under rules with the exchange."""
_MELD_ID: Final = {meld: number for number, meld in enumerate(MELDS)}


def history_entry_size(rules: Rules) -> int:
    """The numbers of one move of the history tensor: 1 (the observer moved; with three
    players 2: the observer, the next player; M1) + 40 (the offered card) + 3 (its origin:
    discard, stock, upcard) + 5 (take, decline, force, release, lay-down; 6 with the
    opening exchange, M10: give) + 40 (the cards laid) + 40 (the discard, or the card
    given when the observer may see it), and under regrouping ``borrow`` or ``none`` (V2)
    194 more (the melds of the table named).

    >>> history_entry_size(CLASSIC), history_entry_size(Rules.parse("foster"))
    (129, 323)
    >>> history_entry_size(Rules.parse("tercerilla"))
    130
    """
    kinds = len(_KINDS) if rules.exchange else len(_KINDS) - 1
    size = rules.players - 1 + _CARDS + len(_ORIGINS) + kinds + 2 * _CARDS
    return size if rules.regrouping is Regrouping.FREE else size + len(MELDS)


def history_size(rules: Rules) -> int:
    """The numbers of the history tensor: a slot for each of the most moves a game has
    (:func:`~conquian.game.max_moves`, 121 with two players and 161 with three, and the
    gives of the opening exchange, M10; and one for each hand card of each player, with
    V3's lay-downs).

    >>> history_size(CLASSIC)
    18189
    """
    most = _most_moves(rules.players, rules.exchange) + rules.players * rules.hand_size
    return most * history_entry_size(rules)


def _encode_history(out: Any, view: Observation, rules: Rules | None) -> None:
    """Write the public history of ``view`` into ``out`` (see :class:`ConquianObserver`)."""
    assert rules is not None
    out.fill(0)
    size = history_entry_size(rules)
    named = rules.regrouping is not Regrouping.FREE
    players = rules.players
    kinds = len(_KINDS) if rules.exchange else len(_KINDS) - 1
    for number, played in enumerate(view.history):
        at = number * size
        seat = (played.player - view.player) % players  # 0: the observer, 1: the next
        if seat < players - 1:
            out[at + seat] = 1
        at += players - 1
        if played.offer is not None:  # a give (M10) answers no offered card
            out[at + played.offer.index] = 1
            out[at + _CARDS + _ORIGINS.index(played.offer_origin)] = 1
        at += _CARDS + len(_ORIGINS)
        move = played.move
        out[at + _KINDS.index(move.__class__)] = 1
        at += kinds
        if isinstance(move, Give) and move.card is not None:  # seen by the observer
            out[at + _CARDS + move.card.index] = 1
        if isinstance(move, Take | LayDown):
            for card in move.laid:
                out[at + card.index] = 1
        at += _CARDS
        if isinstance(move, Take) and move.discard is not None:
            out[at + move.discard.index] = 1
        at += _CARDS
        if named and isinstance(move, Take | LayDown) and move.table is not None:
            for meld in move.table:
                out[at + _MELD_ID[meld]] = 1


class AgentBot(pyspiel.Bot):
    """An OpenSpiel bot that plays a conquian :class:`~conquian.agents.Agent`: at the
    start of each of its moves it asks the agent for a move, seeing only its player's
    observation, and then plays that move's actions (:func:`~conquian.actions.actions_of`).

    Args:
        agent: The agent, such as :class:`~conquian.agents.GreedyAgent` or
            :class:`~conquian.search.SearchAgent`.
    """

    def __init__(self, agent: Agent) -> None:
        super().__init__()
        self.agent = agent
        self._plan: list[int] = []

    def step(self, state: ConquianState) -> int:
        """The next action of the agent's move in ``state`` (a player node)."""
        building = state.building()
        if not building or self._plan[: len(building)] != building:
            view = state.view(state.current_player())
            assert view is not None
            move = self.agent.choose(view, view.legal_moves())
            self._plan = list(actions_of(move, view))
        return self._plan[len(building)]

    def restart_at(self, state: ConquianState) -> None:
        """Forget the move in progress (a new game)."""
        self._plan = []

    def provides_policy(self) -> bool:
        """This bot gives actions, not policies."""
        return False


pyspiel.register_game(GAME_TYPE, ConquianGame)
