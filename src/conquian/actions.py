"""A fixed, discrete action space with a legal-action mask, and a flat observation
encoding: what reinforcement-learning and game-theory frameworks need (PettingZoo,
OpenSpiel, RLlib...). Pure Python, like the rest of the core: lists of numbers, no numpy.

A move is made as a short sequence of **actions**, each a number below
:data:`NUM_ACTIONS`, built on the step-wise take builder (:mod:`conquian.builder`):

======================  ==============================================================
action                  meaning
======================  ==============================================================
``0``                   decline (or pass one's own turned card) — R11
``1``                   force the declined card on the opponent — R14b
``2``                   release the declined card — R14b
``3``                   lay down (V3): starts a lay-down, and again finishes it
``4 + c``               add hand card ``c`` (its :attr:`~conquian.cards.Card.index`)
                        to the cards laid with the offered card
``44 + c``              discard card ``c``, finishing a take; in the opening exchange
                        (M10), give card ``c``: the whole move
``84``                  go out: finish a take that lays every hand card (R16)
``85 + m``              choose meld ``MELDS[m]`` of the new table, where the rules let the
                        player arrange it (V2 borrow or none)
======================  ==============================================================

so :data:`NUM_ACTIONS` is 279 (a give of the opening exchange, M10, reuses the discard
actions: both send a hand card away, and a give is the only move of its phase). Cards
may be added in any order (only those from which a legal move is still reachable are
legal); the table's melds are chosen after the last card is added, in order of their
lowest card, and only where more than one table is allowed. So the sequences of legal
actions reach every legal move, and nothing else. A take starts with its first action:
adding a card, a discard or going out (a take that lays no hand card, such as one that
extends a meld on the table, is just a discard).

>>> from conquian import State
>>> from conquian.actions import ActionBuilder, action_name
>>> builder = ActionBuilder.start(State.new(seed=0))
>>> [action_name(a) for a in builder.legal_actions()]
['decline', 'add 2d', 'add 3d', 'add 5d']
>>> builder = builder.apply_name("add 3d").apply_name("add 5d").apply_name("discard Kh")
>>> builder.move
parse_move('take +3d5d -Kh')

:func:`encode_observation` turns an :class:`~conquian.state.Observation` (and the move
being built) into a flat list of :data:`OBSERVATION_SIZE` numbers from 0 to 1; see
:data:`OBSERVATION_LAYOUT`. A three-player game (M1) has a part for each opponent:
:data:`OBSERVATION_SIZE_THREE` numbers, :data:`OBSERVATION_LAYOUT_THREE`. The actions are
the same with two or three players (a force is on the player who declined, M6).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from conquian._bits import mask_of
from conquian._slots import slot_setters
from conquian.builder import TakeBuilder, trusted_start
from conquian.cards import DECK, Card
from conquian.errors import ConquianError, IllegalMoveError, MoveProblem, describe
from conquian.melds import Meld
from conquian.moves import (
    DECLINE,
    FORCE,
    GIVES,
    RELEASE,
    Decline,
    Force,
    Give,
    LayDown,
    Move,
    Release,
    Take,
)
from conquian.observation import Observation
from conquian.phases import Fate, OfferOrigin, Phase
from conquian.rules import Rules
from conquian.state import State

__all__ = [
    "ADD",
    "DECLINE_ACTION",
    "DISCARD",
    "EXCHANGE_LAYOUT",
    "FORCE_ACTION",
    "GO_OUT",
    "LAY_DOWN",
    "MELD",
    "MELDS",
    "NUM_ACTIONS",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_LAYOUT_THREE",
    "OBSERVATION_SIZE",
    "OBSERVATION_SIZE_THREE",
    "RELEASE_ACTION",
    "ActionBuilder",
    "action_name",
    "actions_of",
    "encode_observation",
    "observation_layout",
    "parse_action",
]


def _all_melds() -> tuple[Meld, ...]:
    """Every meld of the 40-card pack under the longest sequences (V4: up to 10), ordered
    by lowest card, then by the cards' bits: 50 groups and 144 sequences."""
    masks: list[int] = []
    for rank in range(10):
        four = sum(1 << (10 * suit + rank) for suit in range(4))
        masks.append(four)
        masks.extend(four & ~(1 << (10 * suit + rank)) for suit in range(4))
    for suit in range(4):
        for length in range(3, 11):
            for start in range(11 - length):
                masks.append(((1 << length) - 1) << (10 * suit + start))
    masks.sort(key=lambda mask: ((mask & -mask).bit_length(), mask))
    return tuple(Meld.from_mask(mask) for mask in masks)


_LONGEST: Final = Rules(max_sequence=10)
MELDS: Final[tuple[Meld, ...]] = _all_melds()
"""Every possible meld (194), in the order of the meld-choice actions.

:meta hide-value:
"""
_MELD_ID: Final[Mapping[Meld, int]] = MappingProxyType({m: i for i, m in enumerate(MELDS)})

DECLINE_ACTION: Final = 0
"""Decline the offered card, or pass one's own turned card (R11)."""
FORCE_ACTION: Final = 1
"""Force the declined card on the opponent (R14b)."""
RELEASE_ACTION: Final = 2
"""Release the declined card (R14b)."""
LAY_DOWN: Final = 3
"""Start a lay-down (V3); once its cards are added (and its table chosen), finish it."""
ADD: Final = 4
"""Add a hand card to the cards laid down (the action ``ADD + card.index``)."""
DISCARD: Final = ADD + len(DECK)
"""Discard a card and finish a take (the action ``DISCARD + card.index``); in the
opening exchange, give the card (M10)."""
GO_OUT: Final = DISCARD + len(DECK)
"""Finish a take that lays every hand card (R16)."""
MELD: Final = GO_OUT + 1
"""Choose ``MELDS[i]`` as the next meld of the new table, V2 (the action ``MELD + i``)."""
NUM_ACTIONS: Final = MELD + len(MELDS)
"""The size of the action space (279)."""

_SIMPLE: Final[Mapping[int, Move]] = MappingProxyType(
    {DECLINE_ACTION: DECLINE, FORCE_ACTION: FORCE, RELEASE_ACTION: RELEASE}
)
_NO_OFFER: Final = -1
"""The offered card of a lay-down's take builder (V3): none."""
_SIMPLE_ACTION: Final[Mapping[type, int]] = MappingProxyType(
    {Decline: DECLINE_ACTION, Force: FORCE_ACTION, Release: RELEASE_ACTION}
)
"""The action of each simple move, by the move's class."""
_SIMPLE_NAMES: Final[Mapping[int, str]] = MappingProxyType(
    {DECLINE_ACTION: "decline", FORCE_ACTION: "force", RELEASE_ACTION: "release"}
)


def action_name(action: int) -> str:
    """The action's name: ``decline``, ``force``, ``release``, ``lay down``, ``add 7h``,
    ``discard Kh``, ``go out`` or ``meld 5h6h7h``.

    Raises:
        ValueError: ``action`` is not a whole number below :data:`NUM_ACTIONS`.

    >>> from conquian.actions import ADD, GO_OUT, action_name
    >>> action_name(ADD + Card.parse("7h").index), action_name(GO_OUT)
    ('add 7h', 'go out')
    """
    _check_action(action)
    if action in _SIMPLE_NAMES:
        return _SIMPLE_NAMES[action]
    if action == LAY_DOWN:
        return "lay down"
    if action < DISCARD:
        return f"add {DECK[action - ADD]}"
    if action < GO_OUT:
        return f"discard {DECK[action - DISCARD]}"
    if action == GO_OUT:
        return "go out"
    return f"meld {MELDS[action - MELD]}"


def parse_action(text: str) -> int:
    """The action named ``text`` (the form of :func:`action_name`).

    Raises:
        ValueError: ``text`` names no action (an :class:`~conquian.errors.InvalidCardError`
            or :class:`~conquian.errors.InvalidMeldError` when its card or meld is bad).

    >>> from conquian.actions import DISCARD, parse_action
    >>> parse_action("discard Kh") == DISCARD + Card.parse("Kh").index
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"an action name is text, not {describe(text)}")
    word, _, rest = text.strip().partition(" ")
    for action, name in _SIMPLE_NAMES.items():
        if text.strip() == name:
            return action
    if text.strip() in ("lay down", "go out"):
        return LAY_DOWN if text.strip() == "lay down" else GO_OUT
    if word == "add":
        return ADD + Card.parse(rest).index
    if word in ("discard", "give"):  # M10: a give is a discard action in the exchange
        return DISCARD + Card.parse(rest).index
    if word == "meld":
        return MELD + _MELD_ID[Meld.parse(rest, rules=_LONGEST)]
    raise ValueError(f"{describe(text)} names no action (see conquian.actions)")


def _check_action(action: object) -> int:
    if isinstance(action, bool) or not isinstance(action, int):
        raise TypeError(f"an action is an int, not {describe(action)}")
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"an action is from 0 to {NUM_ACTIONS - 1}, not {describe(action)}")
    return action


def _sorted_table(table: tuple[Meld, ...]) -> tuple[Meld, ...]:
    return tuple(sorted(table, key=lambda meld: meld.mask & -meld.mask))


@attrs.frozen(repr=False)
class ActionBuilder:
    """One move of the player to move, being made one action at a time. Immutable: each
    :meth:`apply` returns a new builder. Equal builders are at the same step of the same
    decision.

    Build one with :meth:`start` from a :class:`~conquian.state.State` or the mover's
    :class:`~conquian.state.Observation` (it needs only what the mover sees). Then
    :meth:`legal_actions` (or :meth:`mask`) says what may follow, and :attr:`move` is the
    finished move once the last action is applied; it is legal in the position.
    """

    _simple: tuple[int, ...] = attrs.field(alias="_simple")
    """The legal decline/force/release actions, before anything is built."""
    _take: TakeBuilder | None = attrs.field(alias="_take")
    """The empty take builder, where a take is possible."""
    _lay: TakeBuilder | None = attrs.field(alias="_lay")
    """The empty lay-down builder, where a lay-down is legal (V3)."""
    _current: TakeBuilder | None = attrs.field(alias="_current")
    """The take or lay-down being built, once started."""
    _choices: tuple[tuple[Meld, ...], ...] | None = attrs.field(alias="_choices")
    """The tables still possible while the table is being chosen (V2)."""
    _arranged: bool = attrs.field(alias="_arranged")
    """Whether the table has been chosen (no card may be added after that)."""
    _move: Move | None = attrs.field(alias="_move")
    """The finished move, once the last action is applied."""
    _view: State | Observation = attrs.field(alias="_view", eq=False)
    """The state or observation the move is built in, which says why an action is not
    legal."""
    _legal: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False)
    """The legal actions, once asked: RL code asks for the mask and then applies one of
    them, which checks it. ``None`` until first read, like the take builder's answers
    (:class:`~conquian.builder.TakeBuilder`): a pure function of the fields above, so
    threads that fill it at once store equal values, and :meth:`apply`'s new builder
    starts without it."""

    @classmethod
    def start(cls, view: State | Observation) -> ActionBuilder:
        """The builder of the next move of the player to move.

        Args:
            view: The state, or the observation of the player to move.

        Raises:
            IllegalMoveError: The game is over, or it is not the observer's turn.
            TypeError: ``view`` is neither a State nor an Observation.
        """
        if isinstance(view, State):
            player = view.to_move
        elif isinstance(view, Observation):
            player = view.player if view.to_move == view.player else None
        else:
            raise TypeError(f"a builder starts from a State or Observation, not {describe(view)}")
        if view.to_move is None:
            raise IllegalMoveError(
                "no move to build: the game is over", problem=MoveProblem.GAME_OVER
            )
        if player is None:
            raise IllegalMoveError(
                "no move to build: it is not your turn", problem=MoveProblem.NOT_YOUR_TURN
            )
        # The legal moves say what may be started: takes first, then lay-downs (V3), then
        # the simple moves (see State.legal_moves). Most positions have no take, and
        # then no take builder is made; where there is one, it is started unchecked from
        # the engine's own position (the checks and the search for a possible take were
        # two thirds of a start).
        legal = view.legal_moves()
        if view.phase is Phase.EXCHANGE:  # M10: one give per hand card, one action each
            gives = tuple(
                DISCARD + move.card.index
                for move in legal
                if isinstance(move, Give) and move.card is not None
            )
            return cls(gives, None, None, None, None, False, None, view)
        index = len(legal) - 1
        simple: tuple[int, ...] = ()
        while index >= 0:
            action = _SIMPLE_ACTION.get(legal[index].__class__)
            if action is None:
                break
            simple = (action, *simple)
            index -= 1
        take = lay = None
        if index >= 0:
            rules, table = view.rules, view.tables[player]
            hand = view.hands[player] if isinstance(view, State) else view.hand
            if legal[index].__class__ is LayDown:
                lay = trusted_start(rules, mask_of(hand), table, _NO_OFFER)
            if legal[0].__class__ is Take:
                offer = view.offer
                assert offer is not None
                take = trusted_start(rules, mask_of(hand), table, offer.index)
        return cls(simple, take, lay, None, None, False, None, view)

    @property
    def move(self) -> Move | None:
        """The finished move, or ``None`` while it is being built."""
        return self._move

    @property
    def is_started(self) -> bool:
        """Whether a take or lay-down has been started (a decline is no longer possible)."""
        return self._current is not None

    @property
    def is_lay_down(self) -> bool:
        """Whether the move being built is a lay-down (V3)."""
        return self._current is not None and self._current.kind == "lay"

    @property
    def selected(self) -> frozenset[Card]:
        """The hand cards added so far."""
        return frozenset() if self._current is None else self._current.selected

    @property
    def chosen_melds(self) -> tuple[Meld, ...]:
        """The melds of the new table chosen so far (V2), in order of their lowest card."""
        if self._current is None:
            return ()
        if self._choices is not None:
            return self._choices[0][: _first_difference(self._choices)]
        table = self._current.table
        return _sorted_table(table) if self._arranged and table is not None else ()

    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions, in increasing order; empty once the move is finished."""
        legal = self._legal
        if legal is None:
            legal = self._find_legal_actions()
            _set_legal(self, legal)
        return legal

    def _find_legal_actions(self) -> tuple[int, ...]:
        if self._move is not None:
            return ()
        if self._current is None:
            if self._take is None and self._lay is None:
                return self._simple  # most positions: in increasing order already
            found = set(self._simple)
            if self._lay is not None:
                found.add(LAY_DOWN)
            if self._take is not None:
                found.update(_builder_actions(self._take, None, False))
            return tuple(sorted(found))
        return tuple(sorted(_builder_actions(self._current, self._choices, self._arranged)))

    def mask(self) -> list[int]:
        """The legal-action mask: :data:`NUM_ACTIONS` numbers, 1 where legal, else 0.

        >>> from conquian.actions import ActionBuilder
        >>> sum(ActionBuilder.start(State.new(seed=0)).mask())
        4
        """
        mask = [0] * NUM_ACTIONS
        for action in self.legal_actions():
            mask[action] = 1
        return mask

    def apply(self, action: int) -> ActionBuilder:
        """The builder after ``action``; its :attr:`move` is set when the move is finished.

        Raises:
            IllegalMoveError: The action is not legal now. The message names it, and the
                error's problem is the referee's or the take builder's reason where there
                is one (``NOT_IN_HAND`` for adding a card not held, ``NOT_PASSED`` for a
                force, ...), else ``NOT_LEGAL`` with the action as its ``number``.
            TypeError, ValueError: ``action`` is not a number of the action space.
        """
        _check_action(action)
        if action not in self.legal_actions():
            raise self._refusal(action)
        # The new builder is made by calling the class with every field, not attrs.evolve,
        # which reads the fields by name (a step of a random playout took twice as long).
        simple, take, lay, current, choices, arranged, view = (
            self._simple, self._take, self._lay, self._current, self._choices,
            self._arranged, self._view,
        )  # fmt: skip
        cls = self.__class__
        if current is None:
            if action in _SIMPLE:
                return cls(simple, take, lay, None, None, False, _SIMPLE[action], view)
            if view.phase is Phase.EXCHANGE:  # M10: the give of the card
                return cls(simple, take, lay, None, None, False, GIVES[action - DISCARD], view)
            if action == LAY_DOWN:
                return cls(simple, take, lay, lay, None, False, None, view)
            return cls(simple, take, lay, take, None, False, None, view).apply(action)
        if ADD <= action < DISCARD:
            added = current.add(DECK[action - ADD])
            return cls(simple, take, lay, added, choices, arranged, None, view)
        if action >= MELD:
            return self._choose(current, MELDS[action - MELD])
        if action == LAY_DOWN:
            move: Move = current.lay_down()
        elif action == GO_OUT:
            move = current.go_out()
        else:
            move = current.discard(DECK[action - DISCARD])
        return cls(simple, take, lay, current, choices, arranged, move, view)

    def _refusal(self, action: int) -> IllegalMoveError:
        """Why ``action`` is not legal now: what the referee or the take builder says of the
        move or step it stands for, else that it is not one of the legal actions."""
        reason: IllegalMoveError | None = None
        if self._move is None:
            try:
                if self._view.phase is Phase.EXCHANGE and DISCARD <= action < GO_OUT:
                    reason = self._view.refusal(GIVES[action - DISCARD])  # M10
                elif self._current is None and action in _SIMPLE:
                    reason = self._view.refusal(_SIMPLE[action])
                elif self._current is None and action == LAY_DOWN:
                    self._view.lay_down_builder()
                else:
                    _try_step(self._current or self._view.take_builder(), action)
            except IllegalMoveError as error:
                reason = error
        name = f"{action_name(action)} (action {action})"
        legal = ", ".join(action_name(a) for a in self.legal_actions()) or "none"
        if reason is None:
            return IllegalMoveError(f"{name} is not legal now; legal: {legal}", number=action)
        return reason.reworded(f"{name} is not legal now: {reason}; legal: {legal}")

    def _choose(self, current: TakeBuilder, meld: Meld) -> ActionBuilder:
        choices = self._choices or tuple(_sorted_table(t) for t in current.arrangements)
        depth = _first_difference(choices)
        left = tuple(table for table in choices if table[depth] == meld)
        simple, take, lay, view = self._simple, self._take, self._lay, self._view
        if len(left) == 1:
            arranged = current.arrange(left[0])
            return self.__class__(simple, take, lay, arranged, None, True, None, view)
        return self.__class__(simple, take, lay, current, left, False, None, view)

    def apply_name(self, name: str) -> ActionBuilder:
        """:meth:`apply` the action named ``name`` (see :func:`action_name`).

        Raises:
            IllegalMoveError: The action is not legal now.
            ValueError: ``name`` names no action.
        """
        return self.apply(parse_action(name))

    def __repr__(self) -> str:
        done = "" if self._move is None else f" move={self._move}"
        return f"<ActionBuilder legal={len(self.legal_actions())}{done}>"


(_set_legal,) = slot_setters(ActionBuilder, "_legal")


def _try_step(builder: TakeBuilder, action: int) -> None:
    """Take the step of ``builder`` that ``action`` stands for, for the error it raises."""
    if ADD <= action < DISCARD:
        builder.add(DECK[action - ADD])
    elif DISCARD <= action < GO_OUT:
        builder.discard(DECK[action - DISCARD])
    elif action == GO_OUT:
        builder.go_out()
    elif action == LAY_DOWN:
        builder.lay_down()
    elif action >= MELD:
        builder.arrange([MELDS[action - MELD]])


def _first_difference(tables: tuple[tuple[Meld, ...], ...]) -> int:
    """The first position where the candidate tables differ (they cover the same cards,
    sorted by lowest card, so all their melds there hold the same lowest card)."""
    first = tables[0]
    for depth in range(len(first)):
        if any(table[depth] != first[depth] for table in tables[1:]):
            return depth
    return len(first)


def _builder_actions(
    builder: TakeBuilder, choices: tuple[tuple[Meld, ...], ...] | None, arranged: bool
) -> set[int]:
    """The actions from a take or lay-down builder: adds in deck order, then the table's
    melds where it must be chosen, then the finishing actions."""
    if choices is not None:
        depth = _first_difference(choices)
        return {MELD + _MELD_ID[table[depth]] for table in choices}
    found: set[int] = set()
    if not arranged:
        found.update(ADD + card.index for card in builder.addable)
    if not builder.is_complete:
        return found
    if builder.needs_arrangement:
        tables = tuple(_sorted_table(t) for t in builder.arrangements)
        depth = _first_difference(tables)
        found.update(MELD + _MELD_ID[table[depth]] for table in tables)
        return found
    if builder.kind == "lay":
        found.add(LAY_DOWN)
        return found
    # A complete take with its table: a discard of the cards left, or none when it lays
    # them all (R16). (can_go_out would find the table a second time.)
    discards = builder.discards
    if discards:
        found.update(DISCARD + card.index for card in discards)
    else:
        found.add(GO_OUT)
    return found


def actions_of(move: Move, view: State | Observation) -> tuple[int, ...]:
    """The sequence of actions that makes ``move`` in ``view``'s position (the inverse of
    :class:`ActionBuilder`): how a framework replays a library agent's move.

    Raises:
        IllegalMoveError: The move is not legal there.

    >>> from conquian import parse_move
    >>> from conquian.actions import action_name, actions_of
    >>> [action_name(a) for a in actions_of(parse_move("take +3d5d -Kh"), State.new(seed=0))]
    ['add 3d', 'add 5d', 'discard Kh']
    """
    builder = ActionBuilder.start(view)
    if not isinstance(move, Take | LayDown | Decline | Force | Release | Give):
        raise TypeError(
            f"a move is a Take, LayDown, Decline, Force, Release or Give, not {describe(move)}"
        )
    refusal = view.refusal(move)
    if refusal is not None:  # the referee's own reason
        raise refusal
    if isinstance(move, Give):
        assert move.card is not None  # the referee refuses a give of no card
        return _finish(builder, [DISCARD + move.card.index], move)  # M10
    if isinstance(move, Decline | Force | Release):
        return _finish(builder, [_simple_action(move)], move)
    actions = [LAY_DOWN] if isinstance(move, LayDown) else []
    actions.extend(ADD + card.index for card in sorted(move.laid, key=lambda card: card.index))
    for action in actions:
        builder = _apply_or_explain(builder, action, move)
    table = set(move.table or ())
    while True:
        melds = [a for a in builder.legal_actions() if a >= MELD]
        if not melds:
            break
        # The referee has accepted the move, so it names its table (V2) and that table is
        # one of the builder's: exactly one of the melds offered at each step is in it.
        wanted = [a for a in melds if MELDS[a - MELD] in table]
        assert len(wanted) == 1, (move, wanted)
        actions.append(wanted[0])
        builder = builder.apply(wanted[0])
    if isinstance(move, LayDown):
        last = LAY_DOWN
    elif move.discard is None:
        last = GO_OUT
    else:
        last = DISCARD + move.discard.index
    return _finish(builder, [*actions, last], move, start=len(actions))


def _simple_action(move: Decline | Force | Release) -> int:
    if isinstance(move, Decline):
        return DECLINE_ACTION
    return FORCE_ACTION if isinstance(move, Force) else RELEASE_ACTION


def _apply_or_explain(builder: ActionBuilder, action: int, move: Move) -> ActionBuilder:
    try:
        return builder.apply(action)
    except IllegalMoveError:
        raise IllegalMoveError(f"{move} is not a legal move here") from None


def _finish(
    builder: ActionBuilder, actions: list[int], move: Move, start: int = 0
) -> tuple[int, ...]:
    for action in actions[start:]:
        builder = _apply_or_explain(builder, action, move)
    if builder.move != move and not (
        isinstance(move, Take | LayDown) and _same_cards(builder.move, move)
    ):
        raise IllegalMoveError(f"{move} is not a legal move here")
    return tuple(actions)


def _same_cards(built: Move | None, move: Take | LayDown) -> bool:
    """Under free regrouping (R13) the builder names no table, and a move may name one
    or not: the same cards laid and discarded are the same move."""
    if isinstance(move, Take):
        return (
            isinstance(built, Take)
            and built.table is None
            and (built.laid, built.discard) == (move.laid, move.discard)
        )
    return isinstance(built, LayDown) and built.table is None and built.laid == move.laid


# ---------------------------------------------------------------------- observations

_CARDS: Final = len(DECK)
OBSERVATION_LAYOUT: Final[Mapping[str, int]] = MappingProxyType(
    {
        "hand": _CARDS,
        "own_table": _CARDS,
        "opponent_table": _CARDS,
        "offer": _CARDS,
        "offer_origin": 3,
        "offered_by_me": 1,
        "dead": _CARDS,
        "opponent_declined": _CARDS,
        "phase": 4,
        "my_turn": 1,
        "stock_size": 1,
        "opponent_hand_size": 1,
        "selected": _CARDS,
        "building_lay_down": 1,
        "chosen_melds": len(MELDS),
    }
)
"""The parts of :func:`encode_observation`'s list, in order, with their sizes:

* ``hand``, ``own_table``, ``opponent_table``, ``offer``, ``dead``: 40 each, 1 for each
  card there (by :attr:`~conquian.cards.Card.index`); tables are seen from the observer;
* ``offer_origin``: one-hot discard, stock, upcard (V8); ``offered_by_me``: 1 if the
  observer discarded or turned up the offered card;
* ``opponent_declined``: the cards the opponent declined or passed (R11);
* ``phase``: one-hot offer, force decision, forced take, over; ``my_turn``;
* ``stock_size``: cards left in the stock / 40; ``opponent_hand_size``: / 20;
* ``selected``, ``building_lay_down``, ``chosen_melds``: the move being built by the
  observer (:class:`ActionBuilder`): its added cards, whether it is a lay-down (V3), and
  the table's melds chosen so far (V2, one for each of :data:`MELDS`).

:meta hide-value:
"""
OBSERVATION_SIZE: Final = sum(OBSERVATION_LAYOUT.values())
"""The length of :func:`encode_observation`'s list (486)."""
_ORIGINS: Final = (OfferOrigin.DISCARD, OfferOrigin.STOCK, OfferOrigin.UPCARD)
_PHASES: Final = (Phase.OFFER, Phase.FORCE_DECISION, Phase.FORCED_TAKE, Phase.OVER)
_REFUSED: Final = (Fate.DECLINED, Fate.PASSED)


OBSERVATION_LAYOUT_THREE: Final[Mapping[str, int]] = MappingProxyType(
    {
        "hand": _CARDS,
        "own_table": _CARDS,
        "next_table": _CARDS,
        "previous_table": _CARDS,
        "offer": _CARDS,
        "offer_origin": 3,
        "offered_by": 3,
        "dead": _CARDS,
        "next_declined": _CARDS,
        "previous_declined": _CARDS,
        "phase": 4,
        "to_move": 3,
        "stock_size": 1,
        "next_hand_size": 1,
        "previous_hand_size": 1,
        "selected": _CARDS,
        "building_lay_down": 1,
        "chosen_melds": len(MELDS),
    }
)
"""The parts of :func:`encode_observation`'s list in a three-player game (M1), in order,
with their sizes. The opponents are named from the observer: ``next`` is the player after
him (M1: who is offered his discard first, M4), ``previous`` the player after that (the
one before him). The parts are those of :data:`OBSERVATION_LAYOUT`, with one table, one
``declined`` and one hand size for each opponent, and

* ``offered_by``: one-hot the observer, the next player, the previous player: who
  discarded or turned up the offered card (all 0 when no card is on offer);
* ``to_move``: one-hot the same three: whose decision it is (all 0 when the game is over).

:meta hide-value:
"""
OBSERVATION_SIZE_THREE: Final = sum(OBSERVATION_LAYOUT_THREE.values())
"""The length of :func:`encode_observation`'s list in a three-player game (571)."""


EXCHANGE_LAYOUT: Final[Mapping[str, int]] = MappingProxyType(
    {"exchanging": 1, "given": _CARDS, "received": _CARDS}
)
"""The parts :func:`encode_observation` adds at the end of its list under rules with the
opening exchange (``Rules.exchange``, M10), with their sizes:

* ``exchanging``: 1 while the game is in the exchange (``Phase.EXCHANGE``; the
  ``phase`` part is then all 0);
* ``given``: the card the player gave, from his choice on (set aside in his hand until
  every player has chosen, then in the next player's hand until it is played);
* ``received``: the card that came to him, once every player has chosen (M10: nobody
  else sees either card).

:meta hide-value:
"""
_LAYOUTS: Final = {
    (players, exchange): MappingProxyType({**base, **(EXCHANGE_LAYOUT if exchange else {})})
    for players, base in ((2, OBSERVATION_LAYOUT), (3, OBSERVATION_LAYOUT_THREE))
    for exchange in (False, True)
}


def observation_layout(players: int, exchange: bool = False) -> Mapping[str, int]:
    """The layout of :func:`encode_observation`'s list for games of ``players`` players:
    :data:`OBSERVATION_LAYOUT` for two, :data:`OBSERVATION_LAYOUT_THREE` for three (M1);
    with ``exchange`` (``Rules.exchange``, M10) followed by :data:`EXCHANGE_LAYOUT`.

    Raises:
        ConquianError: ``players`` is not 2 or 3, or ``exchange`` not a bool.

    >>> from conquian.actions import observation_layout
    >>> sum(observation_layout(2).values()), sum(observation_layout(3).values())
    (486, 571)
    >>> sum(observation_layout(3, exchange=True).values())
    652
    """
    if exchange.__class__ is not bool:
        raise ConquianError(f"exchange is true or false, not {describe(exchange)}")
    if players.__class__ is int and players in (2, 3):
        return _LAYOUTS[players, exchange]
    raise ConquianError(f"a game has 2 or 3 players, not {describe(players)}")


def encode_observation(
    observation: Observation, builder: ActionBuilder | None = None
) -> list[float]:
    """The observation as :data:`OBSERVATION_SIZE` numbers from 0 to 1 (see
    :data:`OBSERVATION_LAYOUT`), from its player's point of view; in a three-player game
    :data:`OBSERVATION_SIZE_THREE` numbers (:data:`OBSERVATION_LAYOUT_THREE`); under rules
    with the opening exchange (M10) followed by the 81 of :data:`EXCHANGE_LAYOUT`
    (:func:`observation_layout` gives every layout).

    Args:
        observation: What the player sees.
        builder: The move the player is building, if any (its progress is encoded).

    Raises:
        TypeError: An argument is of the wrong type.

    >>> from conquian.actions import encode_observation
    >>> view = State.new(seed=0).observation(1)
    >>> vector = encode_observation(view)
    >>> len(vector), sum(vector[:40])
    (486, 10.0)
    >>> from conquian import TERCERILLA
    >>> len(encode_observation(State.new(seed=0, rules=TERCERILLA).observation(2)))
    571
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"an Observation is encoded, not {describe(observation)}")
    if builder is not None and not isinstance(builder, ActionBuilder):
        raise TypeError(f"builder must be an ActionBuilder or None, not {describe(builder)}")
    me = observation.player
    # M1: the opponents in the order of play from the observer (one with two players)
    others = observation.opponents
    seats = (me, *others)
    out: list[float] = []

    def cards(found: object) -> None:
        part = [0.0] * _CARDS
        for card in found:  # type: ignore[attr-defined]
            part[card.index] = 1.0
        out.extend(part)

    def one_hot(value: object, values: tuple[object, ...]) -> None:
        out.extend(1.0 if value is item else 0.0 for item in values)

    def seat_hot(seat: int | None) -> None:
        out.extend(1.0 if seat == item else 0.0 for item in seats)

    cards(observation.hand)
    for player in seats:
        cards(card for meld in observation.tables[player] for card in meld.cards)
    cards(() if observation.offer is None else (observation.offer,))
    one_hot(observation.offer_origin, _ORIGINS)
    offered_by = None if observation.offer is None else observation.offered_by
    if len(others) == 1:
        out.append(1.0 if offered_by == me else 0.0)
    else:
        seat_hot(offered_by)
    cards(observation.dead)
    for other in others:
        cards(p.offer for p in observation.history if p.player == other and p.fate in _REFUSED)
    one_hot(observation.phase, _PHASES)
    if len(others) == 1:
        out.append(1.0 if observation.to_move == me else 0.0)
    else:
        seat_hot(observation.to_move)
    out.append(observation.stock_size / _CARDS)
    for other in others:
        out.append(observation.hand_sizes[other] / 20)
    cards(() if builder is None else builder.selected)
    out.append(1.0 if builder is not None and builder.is_lay_down else 0.0)
    chosen = [0.0] * len(MELDS)
    for meld in () if builder is None else builder.chosen_melds:
        chosen[_MELD_ID[meld]] = 1.0
    out.extend(chosen)
    if observation.rules.exchange:  # M10: the gives this player may see
        out.append(1.0 if observation.phase is Phase.EXCHANGE else 0.0)
        given, received = observation.given, None
        previous = others[-1]  # the player who gives to this one
        for played in observation.history:
            move = played.move
            if isinstance(move, Give) and move.card is not None:
                if played.player == me:
                    given = move.card
                elif played.player == previous:
                    received = move.card
        cards(() if given is None else (given,))
        cards(() if received is None else (received,))
    return out
