"""Conquian as an OpenSpiel game, ``python_conquian`` (``pip install "conquian[openspiel]"``).

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_conquian")`` (or :func:`load_game` with a
:class:`~conquian.rules.Rules` value) gives a two-player, zero-sum, imperfect-information
game with explicit chance nodes. Its actions are those of :mod:`conquian.actions` (279),
its tensors :func:`~conquian.actions.encode_observation` (486 numbers), its returns +1 /
-1 for the winner / loser and 0 for a draw (R15, R16).

The rules are game parameters, one per rule that matters for a single game:
``hand_size``, ``max_sequence``, ``forcing``, ``regrouping``, ``meld_from_hand``,
``deal_batch``, ``initial_upcard`` (as in :class:`~conquian.rules.Rules`, enums by their
text) and ``dealer`` (0 or 1). The defaults are the classic rules.

Chance nodes. The game starts with one chance node per dealt card — the non-dealer's and
the dealer's hands in the order of the deal (R8, V7), then the first card turned up
(R10, V8) — each choosing uniformly among the cards not dealt yet; and each later card
turned up from the stock is a chance node when it is turned, choosing uniformly among the
cards still in the stock. So the history holds exactly what happened at the table, in
order, and an information state holds only chance outcomes its player saw. (Dealing the
whole shuffled deck at the start would give the same game, but would put the future
stock order into every history, so that a history would hold what nobody knows yet.)
The engine behind a state is a :class:`~conquian.state.State` dealt from a deck whose
positions not yet chosen hold the remaining cards in deck order; a chance outcome puts
the chosen card at its position and the moves are replayed (they never depended on it).

>>> import pyspiel
>>> from conquian.integrations.openspiel import load_game
>>> game = load_game()
>>> game.num_distinct_actions(), game.observation_tensor_size()
(279, 486)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 40)
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from conquian.integrations import require

require("pyspiel", "openspiel")
require("numpy", "openspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from conquian._rng import SplitMix64  # noqa: E402
from conquian.actions import (  # noqa: E402
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    ActionBuilder,
    action_name,
    actions_of,
    encode_observation,
)
from conquian.agents import Agent  # noqa: E402
from conquian.cards import DECK, format_cards, sorted_cards  # noqa: E402
from conquian.errors import ConquianError, IllegalMoveError, MoveProblem, describe  # noqa: E402
from conquian.moves import Move  # noqa: E402
from conquian.observation import Observation  # noqa: E402
from conquian.rules import CLASSIC, Rules, check_rules  # noqa: E402
from conquian.state import State  # noqa: E402

__all__ = [
    "GAME_TYPE",
    "AgentBot",
    "ConquianGame",
    "ConquianObserver",
    "ConquianState",
    "load_game",
    "parameters_of",
]

_CARDS: Final = len(DECK)
_PRIVATE: Final = frozenset(("hand", "selected", "building_lay_down", "chosen_melds"))
"""The parts of the observation only its player knows: his hand and the move he builds."""
_DEFAULTS: Final[dict[str, Any]] = {
    "hand_size": CLASSIC.hand_size,
    "max_sequence": CLASSIC.max_sequence,
    "forcing": CLASSIC.forcing.value,
    "regrouping": CLASSIC.regrouping.value,
    "meld_from_hand": CLASSIC.meld_from_hand,
    "deal_batch": CLASSIC.deal_batch,
    "initial_upcard": CLASSIC.initial_upcard,
    "dealer": 0,
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_conquian",
    long_name="Python Conquian",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's type, as registered."""


def parameters_of(rules: Rules, dealer: int = 0) -> dict[str, Any]:
    """The game parameters for ``rules`` (the match rules — scoring, stakes — do not apply
    to one game).

    >>> parameters_of(Rules(max_sequence=10))["max_sequence"]
    10
    """
    check_rules(rules)
    return {
        "hand_size": rules.hand_size,
        "max_sequence": rules.max_sequence,
        "forcing": rules.forcing.value,
        "regrouping": rules.regrouping.value,
        "meld_from_hand": rules.meld_from_hand,
        "deal_batch": rules.deal_batch,
        "initial_upcard": rules.initial_upcard,
        "dealer": dealer,
    }


def load_game(rules: Rules = CLASSIC, dealer: int = 0) -> pyspiel.Game:
    """``pyspiel.load_game("python_conquian", ...)`` with the parameters of ``rules``.

    Raises:
        TypeError: ``rules`` is not a Rules.
    """
    return pyspiel.load_game("python_conquian", parameters_of(rules, dealer))


def _max_game_length(hand_size: int) -> int:
    """A bound on the actions of a game: 40 chance nodes; at most ``121 + 2h`` moves
    (docs/rules.rst's bound on plies, with V3's lay-downs), each finished by one action;
    at most 40 cards added and ``2h`` lay-downs started; and at most 13 meld choices
    (a table of 40 cards has at most 13 melds) for each of the ``4h + 1`` takes and
    lay-downs."""
    return _CARDS + (121 + 2 * hand_size) + _CARDS + 2 * hand_size + 13 * (4 * hand_size + 1)


class ConquianGame(pyspiel.Game):
    """The ``python_conquian`` game; build it with ``pyspiel.load_game`` or
    :func:`load_game`.

    Args:
        params: Game parameters (see the module's description); missing ones are classic.

    Raises:
        InvalidRulesError: The parameters are not rules.
        ConquianError: The dealer is not 0 or 1.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules = Rules(
            hand_size=values["hand_size"],
            max_sequence=values["max_sequence"],
            forcing=values["forcing"],
            regrouping=values["regrouping"],
            meld_from_hand=values["meld_from_hand"],
            deal_batch=values["deal_batch"],
            initial_upcard=values["initial_upcard"],
        )
        dealer = values["dealer"]
        if dealer.__class__ is not int or dealer not in (0, 1):
            raise ConquianError(f"the dealer is player 0 or 1, not {describe(dealer)}")
        self.dealer: int = dealer
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=_CARDS,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_game_length(self.rules.hand_size),
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
        if iig_obs_type is None:
            return ConquianObserver(perfect_recall=False)
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
        )


class ConquianState(pyspiel.State):
    """A state of ``python_conquian``: the deal so far, or an engine
    :class:`~conquian.state.State` with the move being built (:class:`ActionBuilder
    <conquian.actions.ActionBuilder>`)."""

    def __init__(self, game: ConquianGame) -> None:
        super().__init__(game)
        self.rules: Rules = game.rules
        self.dealer: int = game.dealer
        self._deck: list[int] = []  # the chosen cards, by deck position
        self._moves: list[tuple[int, Move]] = []  # the engine moves made, by player
        self._engine: State | None = None
        self._builder: ActionBuilder | None = None
        self._building: list[int] = []  # the actions of the move being built
        self._unturned = 0  # cards turned up by the engine, still to be chosen by chance

    # ------------------------------------------------------------------ reading

    @property
    def engine(self) -> State | None:
        """The engine state (``None`` during the deal). While a turned card waits for
        its chance node, the engine shows a stand-in card on offer."""
        return self._engine

    def _dealt(self) -> int:
        """Cards the deal gives (both hands and the first card turned up)."""
        return 2 * self.rules.hand_size + 1

    def _receiver(self, position: int) -> int | None:
        """Who is dealt the card at deck ``position`` (``None`` for the card turned up)."""
        if position >= 2 * self.rules.hand_size:
            return None
        batch = self.rules.deal_batch
        first = position % 2 == 0 if batch == 1 else position // batch % 2 == 0
        return 1 - self.dealer if first else self.dealer

    def current_player(self) -> int:
        """The player to act, ``CHANCE`` at a chance node or ``TERMINAL``."""
        if len(self._deck) < self._dealt() or self._unturned:
            return int(pyspiel.PlayerId.CHANCE)
        assert self._engine is not None
        if self._engine.to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._engine.to_move

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self._engine is not None and self._engine.is_over and not self._unturned

    def _legal_actions(self, player: int) -> list[int]:
        assert self._builder is not None
        return list(self._builder.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be dealt or turned up next, each equally likely."""
        chosen = set(self._deck)
        left = [card for card in range(_CARDS) if card not in chosen]
        return [(card, 1.0 / len(left)) for card in left]

    def returns(self) -> list[float]:
        """+1 / -1 for the winner / loser at the end, 0 for a draw and before the end."""
        if not self.is_terminal():
            return [0.0, 0.0]
        assert self._engine is not None
        assert self._engine.outcome is not None
        winner = self._engine.outcome.winner
        if winner is None:
            return [0.0, 0.0]
        return [1.0 if player == winner else -1.0 for player in (0, 1)]

    # ------------------------------------------------------------------ acting

    def _apply_action(self, action: int) -> None:
        """Apply ``action``, or raise and change nothing.

        Raises:
            ValueError: At a chance node, ``action`` is not a card still to be dealt or
                turned up (one of :meth:`chance_outcomes`).
            IllegalMoveError: The action is not legal now, or the game is over.
        """
        if self.is_chance_node():
            if isinstance(action, bool) or action not in range(_CARDS) or action in self._deck:
                raise ValueError(
                    f"a chance outcome here is a card not dealt or turned up yet, not "
                    f"{describe(action)}"
                )
            deck = [*self._deck, action]
            unturned = max(0, self._unturned - 1)
            if len(deck) >= self._dealt() and not unturned:
                self._rebuild(deck)  # sets the engine only once it is dealt and replayed
            self._deck, self._unturned = deck, unturned
            return
        if self._builder is None or self._engine is None:
            raise IllegalMoveError(
                f"the game is over: {action_name(action)} (action {action}) cannot be played",
                problem=MoveProblem.GAME_OVER,
            )
        builder = self._builder.apply(action)
        if builder.move is None:
            self._builder = builder
            self._building.append(action)
            return
        player = self._engine.to_move
        assert player is not None
        stock = len(self._engine.stock)
        self._engine = self._engine.apply(builder.move)
        self._moves.append((player, builder.move))
        self._building = []
        self._unturned = stock - len(self._engine.stock)
        self._builder = (
            None if self._engine.is_over or self._unturned else ActionBuilder.start(self._engine)
        )

    def _rebuild(self, chosen_cards: list[int]) -> None:
        """Deal the engine from ``chosen_cards`` (the rest in deck order) and replay."""
        chosen = set(chosen_cards)
        deck = [DECK[i] for i in chosen_cards] + [c for c in DECK if c.index not in chosen]
        engine = State.from_deck(deck, rules=self.rules, dealer=self.dealer)
        for player, move in self._moves:
            engine = engine.apply(move, player=player)
        self._builder = None if engine.is_over else ActionBuilder.start(engine)
        self._engine = engine

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            card = DECK[action]
            if not self.is_chance_node():  # an earlier node's outcome: its role is not known
                return f"chance {card}"
            receiver = self._receiver(len(self._deck))
            return f"turn {card}" if receiver is None else f"deal {card} to player {receiver}"
        return action_name(action)

    def resample_from_infostate(self, player: int, sampler: Any) -> ConquianState:
        """A state ``player`` cannot tell from this one, drawn uniformly: the opponent's
        hand and the stock dealt again from the cards ``player`` has not seen, and the
        same actions replayed (for information-set search such as ISMCTS).

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
        opponent = 1 - player
        engine = self._engine
        # the cards dealt to the opponent that he still holds (all of them during the deal)
        held = None if engine is None else {card.index for card in engine.hands[opponent]}
        hidden = [  # deck positions holding a card player has not seen
            position
            for position, card in enumerate(self._deck)
            if self._receiver(position) == opponent and (held is None or card in held)
        ]
        unseen = [self._deck[p] for p in hidden]
        chosen = set(self._deck)
        unseen += [card for card in range(_CARDS) if card not in chosen]
        unseen = rng.shuffled(unseen)
        deck = list(self._deck)
        for position, card in zip(hidden, unseen, strict=False):
            deck[position] = card
        history = self.full_history()
        if self._building and self.current_player() != player:
            # the opponent's unfinished move: player has not seen its cards, and the
            # state before it is one that player cannot tell from this one
            history = history[: len(history) - len(self._building)]
        replayed: ConquianState = self.get_game().new_initial_state()
        chance = 0
        for step in history:
            if step.player == pyspiel.PlayerId.CHANCE:
                replayed.apply_action(deck[chance])
                chance += 1
            else:
                replayed.apply_action(step.action)
        return replayed

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> Observation | None:
        """What ``player`` sees, as an Observation (``None`` during the deal). While a
        turned card waits for its chance node, no card is on offer."""
        if self._engine is None:
            return None
        view = self._engine.observation(player)
        if self._unturned:
            view = _without_offer(view)
        return view

    def builder_of(self, player: int) -> ActionBuilder | None:
        """The move ``player`` is building, if it is his turn."""
        if self._engine is None or self._unturned or self._engine.to_move != player:
            return None
        return self._builder

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far (during the deal)."""
        return [card for p, card in enumerate(self._deck) if self._receiver(p) == player]

    def building(self) -> list[int]:
        """The actions of the move being built."""
        return list(self._building)

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
        if self._engine is None:
            dealt = [format_cards(sorted_cards(DECK[c] for c in self.dealt_to(p))) for p in (0, 1)]
            return f"dealing: player 0 {dealt[0] or '-'}; player 1 {dealt[1] or '-'}"
        text = self._engine.to_notation()
        if self._unturned:
            text += " (a card is being turned up)"
        if self._building:
            text += " building: " + ", ".join(action_name(a) for a in self._building)
        return text


def _without_offer(view: Observation) -> Observation:
    return attrs.evolve(view, offer=None, offer_origin=None, offered_by=None)


class ConquianObserver:
    """OpenSpiel's Python observer for ``python_conquian``: a tensor and a string of one
    player's view.

    The tensor is :func:`~conquian.actions.encode_observation`, one piece in ``dict`` for
    each part of :data:`~conquian.actions.OBSERVATION_LAYOUT` that the observer gives: the
    private parts (the hand and the move being built) with ``private_info``, the others
    with ``public_info``. The string is the player's view in notation, without the hand
    when it is public only. With ``perfect_recall`` (an information state) the string
    also holds the public history of moves and, with ``private_info``, every action the
    player has taken, in order, so that no two different pasts of his give one string.

    Args:
        perfect_recall: Give the information state, not only the current observation.
        public_info: Give the public parts.
        private_info: Give the player's private parts.
    """

    def __init__(
        self, perfect_recall: bool, *, public_info: bool = True, private_info: bool = True
    ) -> None:
        self.perfect_recall = perfect_recall
        self.public_info = public_info
        self.private_info = private_info
        self._parts: list[tuple[str, int, int]] = []  # name, start in the encoding, size
        start = 0
        for name, size in OBSERVATION_LAYOUT.items():
            if private_info if name in _PRIVATE else public_info:
                self._parts.append((name, start, size))
            start += size
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
