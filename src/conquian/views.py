"""JSON views of observations, states and games, with a JSON Schema, for servers and
clients in any language.

:meth:`Observation.to_dict <conquian.state.Observation.to_dict>`,
:meth:`State.to_dict <conquian.state.State.to_dict>` and :meth:`Game.to_dict
<conquian.game.Game.to_dict>` give plain ``dict`` values that :func:`json.dumps` writes as
they are; each has a ``from_dict`` that reads it back to an equal value, checking it.
Cards are written in notation (``7h``), melds as lists of cards, and moves both as text
and as structured fields (``kind``, ``laid``, ``discard``, ``goes_out`` and the resulting
``table``). :data:`OBSERVATION_SCHEMA`, :data:`STATE_SCHEMA` and :data:`GAME_SCHEMA`
describe them (JSON Schema draft 2020-12, in ``views.schema.json``). This module writes
and reads the data; the classes build themselves from it.

>>> from conquian import State, Observation
>>> view = State.new(seed=7).observation(0).to_dict()
>>> view["format"], view["hand"][:3], view["offer"], view["offer_origin"]
('conquian-view', ['Ac', '4c', '3d'], 'Kd', 'stock')
>>> Observation.from_dict(view) == State.new(seed=7).observation(0)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, Final

import attrs

from conquian import _bits, _position
from conquian._readonly import ReadOnlyDict, frozen_json
from conquian.cards import DECK, Card, format_cards, parse_cards
from conquian.errors import ConquianError, InvalidStateError, describe, is_player
from conquian.melds import Meld
from conquian.moves import Decline, Force, LayDown, Move, Release, Take, parse_move
from conquian.phases import (
    FORCED_ORIGINS,
    MOVES_OF_PHASE,
    PASSED_ON,
    Fate,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    Played,
    may_force_back,
    may_lay_down_on,
    turner_when_dies,
)
from conquian.rules import CLASSIC, Rules

__all__ = [
    "GAME_SCHEMA",
    "OBSERVATION_SCHEMA",
    "STATE_SCHEMA",
    "VERSION",
    "VIEWS_SCHEMA",
    "move_to_dict",
    "tables_after",
]

VERSION: Final = 1
"""The version of the JSON views this library writes and reads."""

VIEWS_SCHEMA: Final[Mapping[str, Any]] = frozen_json(
    json.loads(
        resources.files("conquian").joinpath("views.schema.json").read_text(encoding="utf-8")
    )
)
"""The whole schema file, with every definition (card, meld, move, entry, observation,
state, game) under ``$defs``. It and the three schemas below are read-only (``dict`` and
``list`` values that refuse changes, still written by ``json.dumps`` and accepted by
schema validators), as :data:`~conquian.notation.RECORD_SCHEMA` is.

:meta hide-value:
"""


def _schema_of(name: str) -> Mapping[str, Any]:
    return ReadOnlyDict({**VIEWS_SCHEMA, "$ref": f"#/$defs/{name}"})


OBSERVATION_SCHEMA: Final = _schema_of("observation")
"""The JSON Schema of :meth:`Observation.to_dict <conquian.state.Observation.to_dict>`.

:meta hide-value:
"""
STATE_SCHEMA: Final = _schema_of("state")
"""The JSON Schema of :meth:`State.to_dict <conquian.state.State.to_dict>`.

:meta hide-value:
"""
GAME_SCHEMA: Final = _schema_of("game")
"""The JSON Schema of :meth:`Game.to_dict <conquian.game.Game.to_dict>`.

:meta hide-value:
"""

_KINDS: Final[dict[type, str]] = {
    Take: "take",
    LayDown: "lay",
    Decline: "decline",
    Force: "force",
    Release: "release",
}


# ---------------------------------------------------------------------- writing


def _cards(cards: Sequence[Card] | frozenset[Card]) -> list[str]:
    return [str(card) for card in (sorted(cards) if isinstance(cards, frozenset) else cards)]


def _table(melds: Sequence[Meld]) -> list[list[str]]:
    return [[str(card) for card in meld] for meld in melds]


def _tables(tables: tuple[tuple[Meld, ...], tuple[Meld, ...]]) -> list[list[list[str]]]:
    return [_table(tables[0]), _table(tables[1])]


def move_to_dict(move: Move, table: Sequence[Meld] | None = None) -> dict[str, Any]:
    """A move as JSON-ready data: its text and its structured fields.

    Args:
        move: The move.
        table: The mover's table after the move, if known (for a take or a lay-down).

    >>> from conquian.views import move_to_dict
    >>> move_to_dict(parse_move("take +3d5d -Kh"))
    {'text': 'take +3d5d -Kh', 'kind': 'take', 'laid': ['3d', '5d'], 'discard': 'Kh', \
'goes_out': False, 'table': None}
    >>> move_to_dict(parse_move("decline"))
    {'text': 'decline', 'kind': 'decline'}
    """
    data: dict[str, Any] = {"text": str(move), "kind": _KINDS[type(move)]}
    if isinstance(move, Take):
        data["laid"] = _cards(sorted(move.laid))
        data["discard"] = None if move.discard is None else str(move.discard)
        data["goes_out"] = move.goes_out
    elif isinstance(move, LayDown):
        data["laid"] = _cards(sorted(move.laid))
    if isinstance(move, Take | LayDown):
        data["table"] = None if table is None else _table(table)
    return data


def _outcome(outcome: Outcome | None) -> dict[str, Any] | None:
    return None if outcome is None else {"kind": outcome.kind.value, "winner": outcome.winner}


def history_data(history: Sequence[Played], rules: Rules, ply: int) -> list[dict[str, Any]]:
    """The entries of a history as JSON-ready data; each take's resulting table when the
    history starts at the deal (``ply`` entries)."""
    complete = len(history) == ply
    after = tables_after(history, rules) if complete else [None] * len(history)
    return [
        {
            "player": entry.player,
            "offer": str(entry.offer),
            "origin": entry.origin.value,
            "offered_by": entry.offered_by,
            "phase": entry.phase.value,
            "fate": entry.fate.value,
            "move": move_to_dict(entry.move, None if tables is None else tables[entry.player]),
        }
        for entry, tables in zip(history, after, strict=True)
    ]


def tables_after(
    history: Sequence[Played], rules: Rules = CLASSIC
) -> list[tuple[tuple[Meld, ...], tuple[Meld, ...]]]:
    """Both players' tables after each entry of ``history`` (from the start of a game),
    rebuilt from the history alone: a take adds its laid cards and the offered card, a
    lay-down its laid cards; the table is the move's named arrangement (V2) or the
    canonical split under free regrouping (R13).

    A history that does not start at the deal (a game restarted from a position string)
    holds only the cards laid since; where they do not split into melds, that table is
    given as empty.

    Raises:
        ConquianError: The history lays a card twice: it is no game's history.

    >>> from conquian import State
    >>> from conquian.views import tables_after
    >>> state = State.new(seed=0)
    >>> tables_after(state.apply("take +3d5d -Kh").history)
    [((), (Meld('3d4d5d'),))]
    """
    tables: list[tuple[Meld, ...]] = [(), ()]
    masks = [0, 0]
    result = []
    melds = _bits.meld_table(rules.max_sequence)
    for number, entry in enumerate(history, 1):
        move, player = entry.move, entry.player
        if isinstance(move, Take | LayDown):
            added = move.laid_mask | (1 << entry.offer.index if isinstance(move, Take) else 0)
            if added & (masks[0] | masks[1]):
                again = _bits.cards_of(added & (masks[0] | masks[1]))
                raise ConquianError(
                    f"history entry {number} lays {format_cards(again)}, already on a table"
                )
            masks[player] |= added
            if move.table is not None:
                tables[player] = move.table
            else:
                split = melds.one_partition(masks[player]) or ()
                tables[player] = tuple(Meld.from_mask(meld) for meld in split)
        result.append((tables[0], tables[1]))
    return result


def _common(view: Any, tables: tuple[tuple[Meld, ...], tuple[Meld, ...]]) -> dict[str, Any]:
    """The fields a state and an observation share (``view`` is either)."""
    return {
        "rules": view.rules.to_dict(),
        "dealer": view.dealer,
        "ply": view.ply,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "tables": _tables(tables),
        "offer": None if view.offer is None else str(view.offer),
        "offer_origin": None if view.offer_origin is None else view.offer_origin.value,
        "offered_by": view.offered_by,
        "dead": _cards(view.dead),
        "outcome": _outcome(view.outcome),
        "history": history_data(view.history, view.rules, view.ply),
    }


def observation_to_dict(observation: Any) -> dict[str, Any]:
    """The data of :meth:`Observation.to_dict <conquian.state.Observation.to_dict>`."""
    common = _common(observation, observation.tables)
    return {
        "format": "conquian-view",
        "version": VERSION,
        "player": observation.player,
        **{key: common[key] for key in ("rules", "dealer", "ply", "phase", "to_move")},
        "hand": _cards(observation.hand),
        "hand_sizes": list(observation.hand_sizes),
        **{key: common[key] for key in ("tables", "offer", "offer_origin", "offered_by", "dead")},
        "stock_size": observation.stock_size,
        "outcome": common["outcome"],
        "history": common["history"],
    }


def state_to_dict(state: Any) -> dict[str, Any]:
    """The data of :meth:`State.to_dict <conquian.state.State.to_dict>`."""
    common = _common(state, state.tables)
    deck = state.deck
    return {
        "format": "conquian-state",
        "version": VERSION,
        **{key: common[key] for key in ("rules", "dealer", "ply", "phase", "to_move")},
        "hands": [_cards(state.hands[0]), _cards(state.hands[1])],
        **{key: common[key] for key in ("tables", "offer", "offer_origin", "offered_by")},
        "stock": _cards(state.stock),
        "dead": common["dead"],
        "outcome": common["outcome"],
        "seed": state.seed,
        "deck": None if deck is None else _cards(deck),
        "history": common["history"],
    }


def game_to_dict(
    initial: dict[str, Any], moves: Sequence[dict[str, Any]], state: dict[str, Any]
) -> dict[str, Any]:
    """The data of :meth:`Game.to_dict <conquian.game.Game.to_dict>`, from its parts."""
    return {
        "format": "conquian-game-state",
        "version": VERSION,
        "initial": initial,
        "moves": list(moves),
        "state": state,
    }


class _Reader:
    """Reads fields of untrusted JSON data, raising InvalidStateError naming the field."""

    def __init__(self, data: object, what: str, fmt: str) -> None:
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"{what} must be a JSON object, not {describe(data)}")
        self.data = data
        self.what = what
        version = data.get("version")
        if data.get("format") != fmt or version.__class__ is not int or version != VERSION:
            raise InvalidStateError(
                f"{what} must have format {fmt!r} and version {VERSION}, not "
                f"{describe(data.get('format'))} and {describe(data.get('version'))}"
            )

    def get(self, key: str) -> object:
        if key not in self.data:
            raise InvalidStateError(f"{self.what}: the field {key!r} is missing")
        return self.data[key]

    def fail(self, key: str, why: str) -> InvalidStateError:
        return InvalidStateError(f"{self.what}: {key}: {why}")

    def player(self, key: str, *, optional: bool = False) -> int | None:
        value = self.get(key)
        if value is None and optional:
            return None
        if not is_player(value):
            raise self.fail(key, f"a player is 0 or 1, not {describe(value)}")
        assert isinstance(value, int)
        return value

    def count(self, key: str) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise self.fail(key, f"a whole number from 0 to 1000, not {describe(value)}")
        return value

    def cards(self, key: str, value: object = None) -> tuple[Card, ...]:
        value = self.get(key) if value is None else value
        if not isinstance(value, list) or len(value) > len(DECK):
            raise self.fail(key, f"a list of at most 40 cards, not {describe(value)}")
        if not all(isinstance(card, str) and len(card) <= 3 for card in value):
            raise self.fail(key, "cards are written in notation, such as 7h")
        try:
            return parse_cards(" ".join(value)) if value else ()
        except ConquianError as error:
            raise self.fail(key, str(error)) from None

    def card(self, key: str, value: object) -> Card | None:
        if value is None:
            return None
        cards = self.cards(key, [value])
        if len(cards) != 1:  # "" or " ": no card at all
            raise self.fail(key, f"one card in notation, such as 7h, not {describe(value)}")
        return cards[0]

    def table(self, key: str, value: object) -> tuple[Meld, ...]:
        if not isinstance(value, list):
            raise self.fail(key, f"a table is a list of melds, not {describe(value)}")
        melds = []
        for meld in value:
            try:
                melds.append(Meld(self.cards(key, meld), rules=Rules(max_sequence=10)))
            except ConquianError as error:
                raise self.fail(key, str(error)) from None
        return tuple(melds)

    def tables(self) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
        value = self.get("tables")
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail("tables", "two tables, one a player")
        return self.table("tables", value[0]), self.table("tables", value[1])

    def rules(self) -> Rules:
        value = self.get("rules")
        if not isinstance(value, Mapping):
            raise self.fail("rules", f"a mapping of rule values, not {describe(value)}")
        try:
            return Rules.from_dict(value)
        except ConquianError as error:
            raise self.fail("rules", str(error)) from None

    def enum(self, key: str, kind: Any, *, optional: bool = False) -> Any:
        value = self.get(key)
        if value is None and optional:
            return None
        return self.enum_value(key, value, kind)

    def enum_value(self, key: str, value: object, kind: Any) -> Any:
        """The member of the enum ``kind`` whose value is the text ``value``."""
        if isinstance(value, str):  # an enum's own error would print any value, whole
            try:
                return kind(value)
            except ValueError:
                pass
        names = ", ".join(member.value for member in kind)
        raise self.fail(key, f"one of {names}, not {describe(value)}")

    def outcome(self) -> Outcome | None:
        value = self.get("outcome")
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"kind", "winner"}:
            raise self.fail("outcome", "null or an object with kind and winner")
        try:
            kind = OutcomeKind(value["kind"])
        except ValueError:
            raise self.fail("outcome", f"unknown kind {describe(value['kind'])}") from None
        try:
            return Outcome(kind, value["winner"])
        except ConquianError:
            message = "a draw has no winner; a game won has winner 0 or 1"
            raise self.fail("outcome", message) from None

    def history(self) -> tuple[Played, ...]:
        value = self.get("history")
        if not isinstance(value, list):
            raise self.fail("history", f"a list of entries, not {describe(value)}")
        entries = []
        for number, item in enumerate(value, start=1):
            where = f"history entry {number}"
            if not isinstance(item, Mapping):
                raise self.fail(where, "an object")
            move_data = item.get("move")
            text = move_data.get("text") if isinstance(move_data, Mapping) else None
            if not isinstance(text, str):
                raise self.fail(where, "the move's text is missing")
            try:
                move = parse_move(text)
            except ConquianError as error:
                raise self.fail(where, str(error)) from None
            origin = self.enum_value(where, item.get("origin"), OfferOrigin)
            phase = self.enum_value(where, item.get("phase"), Phase)
            player, by = item.get("player"), item.get("offered_by")
            if not (is_player(player) and is_player(by)):
                raise self.fail(where, "player and offered_by are 0 or 1")
            offer = self.card(where, item.get("offer"))
            if offer is None:
                raise self.fail(where, "the offered card is missing")
            assert isinstance(player, int)
            assert isinstance(by, int)
            entries.append(Played(player, offer, move, origin, by, phase))
        return tuple(entries)


def read_observation(data: object) -> dict[str, Any]:
    """The fields of an :class:`~conquian.state.Observation` from its data, each
    checked (the observation checks that they describe a position that could occur).

    Raises:
        InvalidStateError: The data is not an observation; the message names the field.
    """
    read = _Reader(data, "an observation", "conquian-view")
    sizes = read.get("hand_sizes")
    if (
        not isinstance(sizes, list)
        or len(sizes) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 40 for n in sizes)
    ):
        raise read.fail("hand_sizes", "two whole numbers")
    player = read.player("player")
    assert player is not None
    dealer = read.player("dealer")
    assert dealer is not None
    fields = {
        "player": player,
        "rules": read.rules(),
        "dealer": dealer,
        "phase": read.enum("phase", Phase),
        "to_move": read.player("to_move", optional=True),
        "hand": frozenset(read.cards("hand")),
        "hand_sizes": (sizes[0], sizes[1]),
        "tables": read.tables(),
        "offer": read.card("offer", read.get("offer")),
        "offer_origin": read.enum("offer_origin", OfferOrigin, optional=True),
        "offered_by": read.player("offered_by", optional=True),
        "dead": read.cards("dead"),
        "stock_size": read.count("stock_size"),
        "ply": read.count("ply"),
        "history": read.history(),
        "outcome": read.outcome(),
    }
    if len(fields["hand"]) != sizes[player]:
        raise read.fail("hand_sizes", f"player {player}'s hand holds {len(fields['hand'])}")
    if len(fields["history"]) > fields["ply"]:
        raise read.fail("history", f"one entry a move, so at most ply={fields['ply']} entries")
    _check_order(read, fields)
    return fields


# What comes after an entry, as the next entry or the position reached: (player to move,
# offered card, its origin, offered by, phase).
_After = tuple[int | None, Card | None, OfferOrigin | None, int | None, Phase]


def _check_order(read: _Reader, fields: dict[str, Any]) -> None:
    """The history must be one a game could have made (R10, R11, R14b, R15, R16, V1, V3,
    V8): each entry's offer one the phase machine reaches under the rules, with a move
    its phase allows; the first entry the deal's first offer when the history starts at
    the deal; each entry, and the observed position after the last one, following from
    the entry before as the game goes on; and the dead pile ending with the cards that
    died in it, in order (all of it from the deal). What needs the hidden cards or the
    tables of the time (whether a card fitted) is not checked."""
    history: tuple[Played, ...] = fields["history"]
    if not history:
        return
    rules: Rules = fields["rules"]
    dealer: int = fields["dealer"]
    whole = len(history) == fields["ply"]  # it starts at the deal
    for number, entry in enumerate(history, start=1):
        problem = _entry_problem(entry, rules, dealer)
        if problem is not None:
            raise read.fail(f"history entry {number}", problem)
    first = history[0]
    origin, turner = _position.first_offer(rules, dealer)
    if whole and (first.player, first.origin, first.offered_by, first.phase) != (
        1 - dealer,
        origin,
        turner,
        Phase.OFFER,
    ):
        what = f"the first offer of a game is {origin.value}:{turner} to player {1 - dealer}"
        raise read.fail("history entry 1", f"{what} (R10, V8)")
    position: _After = (
        fields["to_move"],
        fields["offer"],
        fields["offer_origin"],
        fields["offered_by"],
        fields["phase"],
    )
    afters = [
        *((e.player, e.offer, e.origin, e.offered_by, e.phase) for e in history[1:]),
        position,
    ]
    for number, (entry, after) in enumerate(zip(history, afters, strict=True), start=1):
        if not _follows(entry, after, fields["outcome"], rules):
            what = f"history entry {number + 1}" if number < len(history) else "the position"
            move = f"'{entry.move}' by player {entry.player}"
            raise read.fail(what, f"does not follow from history entry {number}, {move}")
    # The cards that died, in order: released, or declined and not left to a force
    # decision (R11a, R14b).
    died = tuple(
        entry.offer
        for entry, after in zip(history, afters, strict=True)
        if entry.move.__class__ is Release
        or (
            entry.move.__class__ is Decline
            and entry.fate is not Fate.PASSED
            and after[4] is not Phase.FORCE_DECISION
        )
    )
    dead = tuple(fields["dead"])
    if (died != dead) if whole else (dead[len(dead) - len(died) :] != died):
        shown = " ".join(map(str, died)) or "none"
        raise read.fail("dead", f"the history's dead cards, in order, are {shown}")


def _entry_problem(entry: Played, rules: Rules, dealer: int) -> str | None:
    """Why no game reaches the entry's offer, or plays its move there, whatever the
    tables; ``None`` if one can."""
    mover, origin, by, phase = entry.player, entry.origin, entry.offered_by, entry.phase
    problem = _position.offer_problem(phase, mover, origin, by, entry.offer, rules)
    if problem is not None:
        return problem
    if origin is OfferOrigin.UPCARD and not (rules.initial_upcard and by == dealer):
        return "an upcard is the dealer's, under initial_upcard rules (V8)"
    kind = entry.move.__class__
    if (
        kind not in MOVES_OF_PHASE[phase]
        or (kind is LayDown and not may_lay_down_on(rules, origin, by, mover))
        or (
            kind is Force
            and phase is Phase.OFFER
            and not may_force_back(rules, phase, origin, by, mover)
        )
    ):
        where = f"{entry.offer} ({origin.value}:{by}) in phase {phase.value}"
        return f"'{entry.move}' cannot be played on {where}"
    return None


def _follows(entry: Played, after: _After, outcome: Outcome | None, rules: Rules) -> bool:
    """Whether ``after`` can come next after ``entry`` (see :func:`_check_order`), by the
    rule facts of :mod:`conquian.phases`."""
    player, offer, origin, by, phase = after
    mover, move = entry.player, entry.move
    kind = move.__class__
    passed = entry.fate is Fate.PASSED  # R11b, V8: offered to the opponent
    if phase is Phase.OVER:
        if outcome is None:
            return False
        if isinstance(move, Take):  # R16: he went out
            return outcome.winner == mover and move.goes_out
        # R15: a card died with no card left to turn (never a card passed, R11b)
        return outcome.winner is None and (kind is Release or (kind is Decline and not passed))
    same = offer == entry.offer and origin is entry.origin and by == entry.offered_by
    if kind is Take:  # R11: his discard is offered to the opponent
        assert isinstance(move, Take)
        return (player, offer, origin, by, phase) == (
            1 - mover,
            move.discard,
            OfferOrigin.DISCARD,
            mover,
            Phase.OFFER,
        )
    if kind is LayDown:  # V3: the turned card is still offered to him
        return player == mover and same and phase is Phase.OFFER
    if kind is Force:  # R14b: the decliner must take it
        return player == 1 - mover and same and phase is Phase.FORCED_TAKE
    turner = turner_when_dies(kind, entry.origin, entry.offered_by, mover)
    if turner == PASSED_ON:  # R11b, V8: offered to the opponent
        return player == 1 - mover and same and phase is Phase.OFFER
    # The card dies and ``turner`` turns up the next card (R11a, R14b, V8); or a card
    # refused for good waits for the opponent's force decision (R14b case a).
    turned = (player, origin, by, phase) == (turner, OfferOrigin.STOCK, turner, Phase.OFFER)
    turned = turned and offer != entry.offer  # the card turned up is another one
    if kind is Release or entry.origin not in FORCED_ORIGINS[rules.forcing]:
        return turned
    return turned or (player == 1 - mover and same and phase is Phase.FORCE_DECISION)


def position_fields(
    rules: Rules,
    numbers: tuple[int, int, int | None],
    phase: Phase,
    offer: tuple[Card | None, OfferOrigin | None, int | None],
    cards: tuple[Sequence[Card], Sequence[Card], Sequence[Card], Sequence[Card]],
    tables: tuple[tuple[Meld, ...], tuple[Meld, ...]],
    outcome: Outcome | None,
) -> dict[str, str]:
    """The fields of a position string, given field by field: ``numbers`` are (dealer,
    ply, to_move), ``offer`` is (card, origin, offered by), ``cards`` are (hand 0, hand 1,
    stock, dead)."""
    dealer, ply, to_move = numbers
    card, origin, by = offer
    hand0, hand1, stock, dead = cards
    return {
        "rules": rules.to_notation(),
        "dealer": str(dealer),
        "ply": str(ply),
        "phase": phase.value,
        "to_move": "-" if to_move is None else str(to_move),
        "offer": "-" if card is None else str(card),
        "from": "-" if origin is None else f"{origin.value}:{by}",
        "stock": _position.cards_text(stock),
        "hand0": _position.cards_text(hand0),
        "hand1": _position.cards_text(hand1),
        "table0": _position.table_text(tables[0]),
        "table1": _position.table_text(tables[1]),
        "dead": _position.cards_text(dead),
        "result": _position.result_text(outcome),
    }


def stand_in_fields(view: Any) -> dict[str, str]:
    """Position fields a player's observation ``view`` could be a view of: the unseen
    cards are dealt to the opponent's hand and the stock in deck order. The legal moves
    of the observing player do not depend on those cards.

    Raises:
        InvalidStateError: The observation leaves the wrong number of cards unseen.
    """
    unseen = sorted(view.unseen)
    opponent_size = view.hand_sizes[view.opponent]
    if len(unseen) != opponent_size + view.stock_size:
        raise InvalidStateError(
            f"the observation leaves {len(unseen)} cards unseen, but the opponent holds "
            f"{opponent_size} and the stock {view.stock_size}"
        )
    hands: list[Sequence[Card]] = [(), ()]
    hands[view.player] = sorted(view.hand)
    hands[view.opponent] = unseen[:opponent_size]
    return position_fields(
        view.rules,
        (view.dealer, view.ply, view.to_move),
        view.phase,
        (view.offer, view.offer_origin, view.offered_by),
        (hands[0], hands[1], unseen[opponent_size:], view.dead),
        view.tables,
        view.outcome,
    )


@attrs.frozen
class StateData:
    """What :meth:`State.from_dict <conquian.state.State.from_dict>` reads: the position
    string, and the deal and history when the deck is known."""

    position: str
    seed: int | None
    deck: tuple[Card, ...] | None
    history: tuple[Played, ...]


def read_state(data: object) -> StateData:
    """The parts of a state's data, each checked.

    Raises:
        InvalidStateError: The data is not a state; the message names the field.
    """
    read = _Reader(data, "a state", "conquian-state")
    rules = read.rules()
    hands_value = read.get("hands")
    if not isinstance(hands_value, list) or len(hands_value) != 2:
        raise read.fail("hands", "two hands, one a player")
    dealer = read.player("dealer")
    assert dealer is not None
    fields = position_fields(
        rules,
        (dealer, read.count("ply"), read.player("to_move", optional=True)),
        read.enum("phase", Phase),
        (
            read.card("offer", read.get("offer")),
            read.enum("offer_origin", OfferOrigin, optional=True),
            read.player("offered_by", optional=True),
        ),
        (
            read.cards("hands", hands_value[0]),
            read.cards("hands", hands_value[1]),
            read.cards("stock"),
            read.cards("dead"),
        ),
        read.tables(),
        read.outcome(),
    )
    deck_value = read.get("deck")
    seed = read.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise read.fail("seed", f"a whole number or null, not {describe(seed)}")
    return StateData(
        _position.join(_position.POSITION_TAG, fields),
        seed,
        None if deck_value is None else read.cards("deck", deck_value),
        read.history(),
    )


def check_as_written(data: object, write: Callable[[], Mapping[str, Any]], what: str) -> None:
    """Refuse ``data`` (read into a value whose :meth:`to_dict` is ``write()``) if it has
    a field ``to_dict`` does not write, or if a field derived from another one says
    something else: a history entry's ``fate``, or a move's ``kind``, ``laid``,
    ``discard``, ``goes_out`` or ``table`` that is not what the move's text and the game
    make of it (a table the value does not know, in a history that does not start at the
    deal, must only be a table). Card text is read as cards, as the readers read it.

    Raises:
        InvalidStateError: The field that disagrees, named (or, from ``write``, a history
            that lays a card twice).
    """
    assert isinstance(data, Mapping)
    try:
        written = write()
    except InvalidStateError:
        raise
    except ConquianError as error:
        raise InvalidStateError(f"{what}: history: {error}") from None
    _known_fields(data, written, f"{what}: unknown field")
    for key in ("history", "moves"):
        if key not in written:
            continue
        given, wrote = data[key], written[key]
        assert len(given) == len(wrote), (what, key)
        for number, (item, expected) in enumerate(zip(given, wrote, strict=True), start=1):
            if same_json(item, expected):
                continue  # as written: the checks below pass (and read its cards again)
            if key == "moves":
                _same_move(item, expected, f"{what}: move {number}")
                continue
            where = f"{what}: history entry {number}"
            _known_fields(item, expected, f"{where}: unknown field")
            if item.get("fate") != expected["fate"]:
                raise InvalidStateError(
                    f"{where}: the fate {describe(item.get('fate'))} is not what its move "
                    f"does there: {expected['fate']}"
                )
            _same_move(item["move"], expected["move"], where)


_SCALARS: Final = frozenset({str, int, bool, type(None)})


def same_json(given: Any, written: Any) -> bool:
    """Whether the JSON-shaped data ``given`` is ``written`` (JSON data as the views write
    it: ``dict``, ``list``, ``str``, ``int``, ``bool`` and ``None``), value for value and
    of the same types: ``1`` is not ``true`` nor ``1.0``, a tuple is not a list, and
    ``"7H"`` is not ``"7h"``. Keys may come in any order.

    >>> from conquian.views import same_json
    >>> same_json({"a": [1, "7h"], "b": None}, {"b": None, "a": [1, "7h"]})
    True
    >>> same_json({"goes_out": 1}, {"goes_out": True}), same_json(("7h",), ["7h"])
    (False, False)
    """
    kind = written.__class__
    if given.__class__ is not kind:
        return False
    pairs: Iterable[tuple[Any, Any]]
    if kind is dict:
        if given.keys() != written.keys():
            return False
        pairs = [(given[key], value) for key, value in written.items()]
    elif kind is list:
        if len(given) != len(written):
            return False
        pairs = zip(given, written, strict=True)
    else:
        return bool(given == written)
    # Scalars are compared here rather than in a call each: twice as fast.
    for item, value in pairs:
        if value.__class__ in _SCALARS:
            if item.__class__ is not value.__class__ or item != value:
                return False
        elif not same_json(item, value):
            return False
    return True


def _known_fields(given: Mapping[str, Any], written: Mapping[str, Any], refusal: str) -> None:
    """Every field of ``given`` must be one of ``written``'s; else ``refusal`` and the
    field's name."""
    for key in given:
        if key not in written:
            raise InvalidStateError(
                f"{refusal} {describe(key)}: the fields are {', '.join(written)}"
            )


def _same_move(given: Mapping[str, Any], written: Mapping[str, Any], where: str) -> None:
    """The structured fields given for a move must say what its text says."""
    _known_fields(given, written, f"{where}: a move of kind {written['kind']} has no field")
    for key, expected in written.items():
        if key == "text" or (key not in given and key != "kind"):
            continue  # the text was read; the other fields but the kind may be left out
        value = given.get(key)
        if key in ("laid", "discard", "table"):
            try:
                said = _cards_said(key, value)
            except ValueError:  # not card text, or a card twice
                same = False
            else:  # a table is unknown (null) when the history is not from the deal
                same = (key == "table" and expected is None) or said == _cards_said(key, expected)
        else:  # kind, goes_out: the same JSON value (not 1 for true)
            same = type(value) is type(expected) and value == expected
        if not same:
            raise InvalidStateError(
                f"{where}: the move's {key} {describe(value)} is not what "
                f"{describe(given['text'])} does: {_said(expected)}"
            )


def _cards_said(key: str, value: object) -> object:
    """What a move's ``laid``, ``discard`` or ``table`` field says, as sorted card
    indices (a table as its sorted melds); ``None`` for null. :class:`ValueError` if it
    is not card text of that shape, or names a card twice."""
    if value is None:
        return None
    if key == "discard":
        return _indices_said([value])
    if key == "laid":
        return _indices_said(value)
    if not isinstance(value, list) or len(value) > len(DECK):
        raise ValueError("not a table")
    return tuple(sorted(_indices_said(meld) for meld in value))


def _indices_said(value: object) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) > len(DECK)
        or not all(isinstance(card, str) and 0 < len(card.strip()) <= 3 for card in value)
    ):
        raise ValueError("not a list of cards")
    return tuple(sorted(card.index for card in parse_cards(" ".join(value))))  # ConquianError


def _said(value: object) -> str:
    """A written field's value for a message."""
    if isinstance(value, list):
        return json.dumps(value) if len(value) <= 13 else describe(value)
    return json.dumps(value)


def read_game(data: object) -> tuple[object, list[str], object]:
    """The parts of a game's data: its first state's data, the moves' text, and its
    current state's data.

    Raises:
        InvalidStateError: The data is not a game.
    """
    read = _Reader(data, "a game", "conquian-game-state")
    moves = read.get("moves")
    if not isinstance(moves, list):
        raise read.fail("moves", f"a list of moves, not {describe(moves)}")
    texts = []
    for number, item in enumerate(moves, start=1):
        text = item.get("text") if isinstance(item, Mapping) else None
        if not isinstance(text, str):
            raise read.fail(f"move {number}", "the move's text is missing")
        texts.append(text)
    return read.get("initial"), texts, read.get("state")
