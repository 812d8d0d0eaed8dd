"""Private: the JSON views read back (see :mod:`conquian.views`): each field of
untrusted data checked, an :class:`~conquian.errors.InvalidStateError` naming the field
that is wrong; and the position fields a state's data is written as.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from conquian import _position
from conquian._views_comparing import is_card_text
from conquian._views_history import check_order
from conquian._views_writing import VERSION
from conquian.cards import DECK, Card, parse_cards
from conquian.errors import ConquianError, InvalidStateError, describe, is_player, player_range
from conquian.melds import Meld
from conquian.moves import parse_move
from conquian.phases import OfferOrigin, Outcome, OutcomeKind, Phase, Played
from conquian.rules import Rules

_COUNT_WORDS: Final = {2: "two", 3: "three"}

__all__ = [
    "StateData",
    "check_declined",
    "position_fields",
    "read_game",
    "read_observation",
    "read_state",
]


class _Reader:
    """Reads fields of untrusted JSON data, raising InvalidStateError naming the field."""

    def __init__(self, data: object, what: str, fmt: str) -> None:
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"{what} must be a JSON object, not {describe(data)}")
        self.data = data
        self.what = what
        self.players = 2  # M1: the rules' number, once they are read (see rules())
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
        if not is_player(value, self.players):
            numbers = player_range(self.players)
            raise self.fail(key, f"a player is {numbers}, not {describe(value)}")
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
        bad = [card for card in value if not is_card_text(card)]
        if bad:  # as the schema's card: 7h, never 7H, 1h, " 7h" or 7♥
            why = f"cards are written in notation, such as 7h, not {describe(bad[0])}"
            raise self.fail(key, why)
        try:
            return parse_cards(" ".join(value)) if value else ()
        except ConquianError as error:
            raise self.fail(key, str(error)) from None

    def card(self, key: str, value: object) -> Card | None:
        if value is None:
            return None
        if not is_card_text(value):  # "" or " 7h": not one card as the schema writes it
            raise self.fail(key, f"one card in notation, such as 7h, not {describe(value)}")
        return self.cards(key, [value])[0]

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

    def tables(self) -> tuple[tuple[Meld, ...], ...]:
        value = self.get("tables")
        if not isinstance(value, list) or len(value) != self.players:
            raise self.fail("tables", f"{_COUNT_WORDS[self.players]} tables, one a player")
        return tuple(self.table("tables", table) for table in value)

    def rules(self) -> Rules:
        value = self.get("rules")
        if not isinstance(value, Mapping):
            raise self.fail("rules", f"a mapping of rule values, not {describe(value)}")
        try:
            rules = Rules.from_dict(value)
        except ConquianError as error:
            raise self.fail("rules", str(error)) from None
        self.players = rules.players
        return rules

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
            if not (value["winner"] is None or is_player(value["winner"], self.players)):
                raise ConquianError("not a player")
            return Outcome(kind, value["winner"])
        except ConquianError:
            message = f"a draw has no winner; a game won has winner {player_range(self.players)}"
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
            phase = self.enum_value(where, item.get("phase"), Phase)
            player, by = item.get("player"), item.get("offered_by")
            if not (is_player(player, self.players) and is_player(by, self.players)):
                raise self.fail(where, f"player and offered_by are {player_range(self.players)}")
            offer = self.card(where, item.get("offer"))
            if phase is Phase.EXCHANGE:  # M10: a give answers no offer
                if offer is not None or item.get("origin") is not None:
                    raise self.fail(where, "a give of the exchange has no offer and no origin")
                origin = None
            else:
                origin = self.enum_value(where, item.get("origin"), OfferOrigin)
                if offer is None:
                    raise self.fail(where, "the offered card is missing")
            assert isinstance(player, int)
            assert isinstance(by, int)
            entries.append(Played(player, offer, move, origin, by, phase, self.players))
        return tuple(entries)


def read_observation(data: object) -> dict[str, Any]:
    """The fields of an :class:`~conquian.state.Observation` from its data, each
    checked (the observation checks that they describe a position that could occur).

    Raises:
        InvalidStateError: The data is not an observation; the message names the field.
    """
    read = _Reader(data, "an observation", "conquian-view")
    rules = read.rules()
    sizes = read.get("hand_sizes")
    if (
        not isinstance(sizes, list)
        or len(sizes) != rules.players
        or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 40 for n in sizes)
    ):
        raise read.fail("hand_sizes", f"{_COUNT_WORDS[rules.players]} whole numbers")
    player = read.player("player")
    assert player is not None
    dealer = read.player("dealer")
    assert dealer is not None
    fields = {
        "player": player,
        "rules": rules,
        "dealer": dealer,
        "phase": read.enum("phase", Phase),
        "to_move": read.player("to_move", optional=True),
        "hand": frozenset(read.cards("hand")),
        "hand_sizes": tuple(sizes),
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
    if fields["phase"] is Phase.EXCHANGE:  # M10: the card he set aside, if he has chosen
        fields["given"] = read.card("given", read.get("given"))
    if len(fields["hand"]) != sizes[player]:
        raise read.fail("hand_sizes", f"player {player}'s hand holds {len(fields['hand'])}")
    if len(fields["history"]) > fields["ply"]:
        raise read.fail("history", f"one entry a move, so at most ply={fields['ply']} entries")
    check_order(read.fail, fields)
    return fields


def check_declined(data: object, declined: tuple[tuple[Card, ...], ...]) -> None:
    """Refuse an observation's ``declined`` field (when ``data`` has one) that is not
    ``declined``, what its history shows (:attr:`Observation.declined
    <conquian.observation.Observation.declined>`).

    Raises:
        InvalidStateError: The field is not a list of card lists, one a player, or says
            something else than the history; the message says what the history shows.
    """
    read = _Reader(data, "an observation", "conquian-view")
    if "declined" not in read.data:
        return
    value = read.data["declined"]
    if not isinstance(value, list) or len(value) != len(declined):
        raise read.fail("declined", f"{_COUNT_WORDS[len(declined)]} card lists, one a player")
    given = tuple(read.cards("declined", cards) for cards in value)
    if given != declined:
        shown = "; ".join(
            f"player {player}: {' '.join(map(str, cards)) or 'none'}"
            for player, cards in enumerate(declined)
        )
        raise read.fail("declined", f"not what the history shows, which is {shown}")


def position_fields(
    rules: Rules,
    numbers: tuple[int, int, int | None],
    phase: Phase,
    offer: tuple[Card | None, OfferOrigin | None, int | None],
    cards: tuple[Sequence[Sequence[Card]], Sequence[Card], Sequence[Card]],
    tables: tuple[tuple[Meld, ...], ...],
    outcome: Outcome | None,
    given: Sequence[Card] = (),
) -> dict[str, str]:
    """The fields of a position string, given field by field: ``numbers`` are (dealer,
    ply, to_move), ``offer`` is (card, origin, offered by), ``cards`` are (the hands, one
    a player, stock, dead), ``given`` the cards set aside in phase exchange (M10)."""
    dealer, ply, to_move = numbers
    card, origin, by = offer
    hands, stock, dead = cards
    return {
        "rules": rules.to_notation(),
        "dealer": str(dealer),
        "ply": str(ply),
        "phase": phase.value,
        "to_move": "-" if to_move is None else str(to_move),
        "offer": "-" if card is None else str(card),
        "from": "-" if origin is None else f"{origin.value}:{by}",
        **({_position.GIVEN_KEY: _position.cards_text(given)} if phase is Phase.EXCHANGE else {}),
        "stock": _position.cards_text(stock),
        **{f"hand{player}": _position.cards_text(hand) for player, hand in enumerate(hands)},
        **{f"table{player}": _position.table_text(table) for player, table in enumerate(tables)},
        "dead": _position.cards_text(dead),
        "result": _position.result_text(outcome),
    }


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
    if not isinstance(hands_value, list) or len(hands_value) != rules.players:
        raise read.fail("hands", f"{_COUNT_WORDS[rules.players]} hands, one a player")
    dealer = read.player("dealer")
    assert dealer is not None
    phase = read.enum("phase", Phase)
    fields = position_fields(
        rules,
        (dealer, read.count("ply"), read.player("to_move", optional=True)),
        phase,
        (
            read.card("offer", read.get("offer")),
            read.enum("offer_origin", OfferOrigin, optional=True),
            read.player("offered_by", optional=True),
        ),
        (
            tuple(read.cards("hands", hand) for hand in hands_value),
            read.cards("stock"),
            read.cards("dead"),
        ),
        read.tables(),
        read.outcome(),
        read.cards("given") if phase is Phase.EXCHANGE else (),  # M10
    )
    deck_value = read.get("deck")
    seed = read.get("seed")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64
    ):
        raise read.fail(
            "seed", f"a whole number from 0 to 2**64 - 1 or null, not {describe(seed)}"
        )
    if seed is not None and deck_value is None:  # a seed is kept only with the deck it deals
        raise read.fail("seed", "a seed is given with the deck it deals: with no deck, null")
    return StateData(
        _position.join(_position.POSITION_TAG, fields),
        seed,
        None if deck_value is None else read.cards("deck", deck_value),
        read.history(),
    )


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
