"""Untrusted input: every loader reads text from strangers.

The loaders are Card.parse, parse_cards, Meld(text), parse_move, State.parse,
Rules.parse, Rules.from_dict and the record readers of conquian.notation. Whatever they
are given, they return a valid value or raise a ConquianError subclass whose message says
what is wrong and where: never KeyError, TypeError, IndexError, RecursionError,
AttributeError, UnicodeError or OverflowError. Size limits are explicit: oversized input
is refused with a short message before any real work (the tests below are plain calls; a
loader that did the work would make the suite slow, not fail a timer).

The properties feed random text, text made of the notation's own tokens, random JSON,
and mutations of valid position strings and records (see :func:`strategies.mutations`).
"""

from __future__ import annotations

import functools
import io
import json
import re
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

from conquian import (
    DECK,
    Card,
    ConquianError,
    Decline,
    Force,
    Game,
    Give,
    IllegalMoveError,
    InvalidCardError,
    InvalidMeldError,
    InvalidMoveNotationError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidStateError,
    LayDown,
    Meld,
    Release,
    Rules,
    State,
    Take,
    format_cards,
    notation,
    parse_cards,
    parse_move,
)
from conquian.game import GameRecord
from conquian.match import Match, match_dumps, match_from_dict, match_loads
from strategies import JSON, RECORD_KEYS, json_values, mutations, played_games

LONGEST_MESSAGE = 240
"""An error message is a sentence for a person, not an echo of the input: about 200
characters at most (240 with the game number and field a match record puts in front, and
the names of the fourteen rules an unknown rule's message lists), quoting only a cut
excerpt of what it was given."""

VALIDATOR = Draft202012Validator(notation.RECORD_SCHEMA)

Loader = Callable[[Any], object]

LOADERS: dict[str, tuple[Loader, tuple[type[ConquianError], ...]]] = {
    "Card.parse": (Card.parse, (InvalidCardError,)),
    "parse_cards": (parse_cards, (InvalidCardError,)),
    "Meld": (Meld, (InvalidMeldError, InvalidCardError)),
    "parse_move": (parse_move, (InvalidMoveNotationError,)),
    "State.parse": (State.parse, (InvalidStateError,)),
    "Rules.parse": (Rules.parse, (InvalidRulesError,)),
    "notation.loads": (notation.loads, (InvalidRecordError,)),
}
"""Each text loader and the errors it documents."""


def check_value(value: object) -> None:
    """A value a loader returned is valid: its own text reads back to it."""
    if isinstance(value, Card):
        assert Card.parse(str(value)) == value
    elif isinstance(value, tuple):
        assert all(isinstance(card, Card) for card in value)
        assert parse_cards(format_cards(value)) == value
    elif isinstance(value, Meld):
        assert Meld(str(value)) == value
    elif isinstance(value, Rules):
        assert Rules.parse(value.to_notation()) == value
        assert Rules.from_dict(value.to_dict()) == value
    elif isinstance(value, State):
        check_state(value)
    elif isinstance(value, GameRecord):
        check_record(value)
    else:
        assert isinstance(value, Take | LayDown | Decline | Force | Release | Give), value
        assert parse_move(str(value)) == value


def check_cards(state: State) -> None:
    """All 40 cards are accounted for, each in exactly one place."""
    places = [
        *state.stock,
        *state.hands[0],
        *state.hands[1],
        *(card for player in (0, 1) for meld in state.tables[player] for card in meld),
        *state.dead,
        *([state.offer] if state.offer is not None else []),
    ]
    assert sorted(places) == list(DECK)


def check_state(state: State) -> None:
    """A state read from text keeps the 40 cards, round-trips and plays on."""
    check_cards(state)
    assert State.parse(state.to_notation()) == state
    moves = state.legal_moves()
    assert bool(moves) == (state.to_move is not None)
    for move in moves[:3]:
        after = state.apply(move)
        check_cards(after)
        assert State.parse(after.to_notation()) == after


def check_record(record: GameRecord) -> None:
    """A record that was read replays, and what it writes reads back to it."""
    states = list(record.replay())
    assert len(states) == len(record.moves) + 1
    for state in states:
        check_cards(state)
    text = notation.dumps(record)
    again = notation.loads(text)
    assert again == record
    assert notation.dumps(again) == text
    assert list(VALIDATOR.iter_errors(json.loads(text))) == []
    assert Game.from_record(record).state == states[-1]


def check_message(error: ConquianError, text: object = None) -> str:
    """The error's message: a sentence of at most :data:`LONGEST_MESSAGE` characters,
    whatever ``text`` it was given."""
    message = str(error)
    assert message.strip(), f"{type(error).__name__} without a message"
    assert len(message) <= LONGEST_MESSAGE, f"a message of {len(message)} characters: {message}"
    return message


# Where a record error is: a field, a move, or the text as a whole.
RECORD_WHERE = re.compile(
    r"^(field '?\w+'?:|move \d+|missing field '|unknown field ['\"]"
    r"|a record |not valid JSON|the JSON is nested|a number with \d+ digits"
    r"|-?(Infinity|NaN) is not a JSON number)"
)


def attempt(
    load: Loader, value: object, errors: tuple[type[ConquianError], ...]
) -> object | ConquianError:
    """What ``load(value)`` returns, or the error of one of the ``errors`` types it raises
    (any other exception propagates and fails the test)."""
    try:
        return load(value)
    except errors as error:
        return error


def read(name: str, text: object) -> object | None:
    """``LOADERS[name]`` on ``text``: the value (checked), or ``None`` after a typed error."""
    load, errors = LOADERS[name]
    value = attempt(load, text, errors)
    if not isinstance(value, ConquianError):
        check_value(value)
        return value
    message = check_message(value, text)
    if isinstance(value, InvalidRecordError):
        assert RECORD_WHERE.match(message), message
    if isinstance(value, InvalidCardError) and isinstance(text, str):
        assert text[value.column : value.column + len(value.token)] == value.token
    return None


def load_record(data: object) -> GameRecord | None:
    """A JSON value as a record, both as text and as data: a valid record or a typed error."""
    text = json.dumps(data)
    record = read("notation.loads", text)
    assert record is None or isinstance(record, GameRecord)
    direct = attempt(notation.record_from_dict, json.loads(text), (InvalidRecordError,))
    if isinstance(direct, ConquianError):
        check_message(direct, text)
        assert record is None, f"loads read what record_from_dict refused: {direct}"
    else:
        assert direct == record
    return record


# ====================================================================== random text

CARD_TOKENS = (
    *"A234567JQK1",
    "8",
    "10",
    *"cdhsCDHS♣♦♥♠♧♡",
    "as",
    "sota",
    "caballo",
    "rey",
    " de ",
    "oros",
    "copas",
    "espadas",
    "bastos",
    "Ac",
    "7h",
    "Jd",
    "Ks",
    " ",
    ",",
)
MOVE_TOKENS = (
    *CARD_TOKENS,
    "take",
    "TAKE",
    "decline",
    "force",
    "release",
    "out",
    " +",
    " -",
    "+",
    "-",
    "[",
    "]",
    "5c6c7c",
    "JcJhJs",
    "\t",
)
RULES_TOKENS = (
    "classic",
    "CLASSIC",
    "foster",
    ",",
    ":",
    " ",
    "players",
    "hand_size",
    "max_sequence",
    "forcing",
    "declined",
    "discards_only",
    "off",
    "true",
    "false",
    *"0123789",
    "10",
    "19",
    "20",
    "007",
    "-1",
    "\u00b2",
    "\u0663",
)
POSITION_TOKENS = (
    "conquian/1",
    "conquian-view/1",
    " ",
    "=",
    "rules=",
    "dealer=",
    "ply=",
    "phase=",
    "to_move=",
    "offer=",
    "from=",
    "stock=",
    "hand0=",
    "hand1=",
    "table0=",
    "table1=",
    "dead=",
    "result=",
    "-",
    "0",
    "1",
    "draw",
    "offer",
    "force_decision",
    "forced_take",
    "over",
    "stock:1",
    "discard:0",
    ".",
    *RULES_TOKENS[:3],
    *CARD_TOKENS[:30],
)
JSON_TOKENS = (
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    '"',
    "\\",
    "\\u0000",
    "\\ud800",
    " ",
    "null",
    "true",
    "false",
    "0",
    "1",
    "-",
    "1e999",
    "0.5",
    "NaN",
    "Infinity",
    "99999999999999999999999",
    *(f'"{key}"' for key in RECORD_KEYS),
    '"conquian-game"',
    '"classic"',
    '"decline"',
    '"take -Kd"',
    '"went_out"',
    '"drawn"',
)
TOKENS: dict[str, tuple[str, ...]] = {
    "Card.parse": CARD_TOKENS,
    "parse_cards": CARD_TOKENS,
    "Meld": CARD_TOKENS,
    "parse_move": MOVE_TOKENS,
    "State.parse": POSITION_TOKENS,
    "Rules.parse": RULES_TOKENS,
    "notation.loads": JSON_TOKENS,
}


def token_texts(tokens: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(tokens), max_size=40).map("".join)


@pytest.mark.parametrize("name", list(LOADERS))
@given(text=st.text())
def test_any_text_gives_a_value_or_a_typed_error(name: str, text: str) -> None:
    read(name, text)


@pytest.mark.parametrize("name", list(LOADERS))
@given(data=st.data())
def test_text_of_notation_tokens_gives_a_value_or_a_typed_error(
    name: str, data: st.DataObject
) -> None:
    read(name, data.draw(token_texts(TOKENS[name]), label="text"))


@given(st.binary())
def test_any_bytes_give_a_record_or_a_typed_error(raw: bytes) -> None:
    read("notation.loads", raw)


@pytest.mark.parametrize("name", [name for name in LOADERS if name != "Meld"])
@pytest.mark.parametrize(
    "value",
    [None, 7, 1.5, ["7h"], {"7h": 1}, object()],
    # Not repr: an object's names its address, another in each process (pytest-xdist's
    # workers must collect the same test ids).
    ids=lambda value: "object()" if type(value) is object else repr(value),
)
def test_a_value_that_is_not_text_is_a_typed_error(name: str, value: object) -> None:
    load, errors = LOADERS[name]
    with pytest.raises(errors) as caught:
        load(value)
    check_message(caught.value)


# ====================================================================== random JSON


@given(json_values())
def test_any_json_value_gives_a_record_or_a_typed_error(value: JSON) -> None:
    assert load_record(value) is None


RECORD = notation.record_to_dict(Game.new(seed=11))
FIELDS = tuple(RECORD)


def played(seed: int, plies: int) -> dict[str, JSON]:
    game = Game.new(seed)
    for _ in range(plies):
        game.play(game.legal_moves()[0])
    return notation.record_to_dict(game)


PLAYED = played(11, 12)


@given(st.sampled_from(FIELDS), json_values())
def test_any_json_in_a_record_field_gives_a_record_or_a_typed_error(key: str, value: JSON) -> None:
    load_record({**PLAYED, key: value})


@given(
    st.dictionaries(
        st.one_of(st.sampled_from(RECORD_KEYS), st.text()), json_values(max_leaves=4), max_size=5
    )
)
def test_any_json_object_gives_rules_or_a_typed_error(data: dict[str, JSON]) -> None:
    rules = attempt(Rules.from_dict, data, (InvalidRulesError,))
    if isinstance(rules, ConquianError):
        check_message(rules)
    else:
        check_value(rules)


@given(json_values())
def test_any_json_value_as_rules_gives_rules_or_a_typed_error(value: JSON) -> None:
    rules = attempt(Rules.from_dict, value, (InvalidRulesError,))
    if isinstance(rules, ConquianError):
        check_message(rules)
    else:
        check_value(rules)


# ====================================================================== mutated records


def shape_errors(data: object) -> list[str]:
    """What the schema says is wrong with ``data``'s types and shape. Its ``pattern`` for
    the deck is left out: the reader also takes decks spelled with spaces or symbols."""
    return [
        f"{error.json_path}: {error.message}"
        for error in VALIDATOR.iter_errors(data)
        if error.validator != "pattern"
    ]


@given(st.data())
def test_a_mutated_record_is_a_valid_record_or_a_typed_error(data: st.DataObject) -> None:
    """Fields and moves dropped, swapped, duplicated, added or altered: loading gives a
    record that replays and writes itself back, or an error naming where; a record the
    schema finds ill-shaped is never read."""
    game = data.draw(played_games(), label="game")
    mutated = data.draw(mutations(notation.record_to_dict(game)), label="mutated")
    record = load_record(mutated)
    if record is None:
        return
    assert shape_errors(mutated) == []


@st.composite
def text_mutations(draw: st.DrawFn, text: str, alphabet: str) -> str:
    """``text`` with one to three characters inserted, deleted or replaced."""
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        cut = draw(st.integers(min_value=0, max_value=1))
        new = draw(st.text(alphabet=alphabet, max_size=1))
        text = text[:at] + new + text[at + cut :]
    return text


JSON_CHARS = '{}[],:"\\ 0123456789.-+eEtrufalsn' + "AcdhsJQK\u00b2\ud800"


@given(st.data())
def test_a_record_with_altered_characters_is_a_valid_record_or_a_typed_error(
    data: st.DataObject,
) -> None:
    game = data.draw(played_games(), label="game")
    text = data.draw(text_mutations(notation.dumps(game), JSON_CHARS), label="text")
    read("notation.loads", text)


def test_a_field_given_twice_is_refused() -> None:
    text = notation.dumps(Game.new(seed=3))
    twice = text.replace('"dealer": 0', '"dealer": 0, "dealer": 1')
    assert twice != text
    with pytest.raises(InvalidRecordError, match="field 'dealer' is given twice"):
        notation.loads(twice)


# ====================================================================== mutated positions

POSITION_VALUES: dict[str, tuple[str, ...]] = {
    "rules": ("classic", "classic,forcing:off", "classic,max_sequence:10", "classic,hand_size:7"),
    "dealer": ("0", "1", "2", "-"),
    "ply": ("0", "1", "7", "40", "121", "1000", "1001", "-1", "x"),
    "phase": ("offer", "force_decision", "forced_take", "over", "deal"),
    "to_move": ("0", "1", "-", "2"),
    "offer": ("-", "Ac", "5c", "Ks", "AcKs"),
    "from": ("-", "stock:0", "stock:1", "discard:0", "discard:1", "stock", "hand:1"),
    "result": ("-", "0", "1", "draw", "2"),
}
CARD_FIELDS = ("offer", "stock", "hand0", "hand1", "dead")
POSITION_CHARS = " =-.:,01234567AJQKcdhs\u00b2"
CARD_TOKEN = re.compile(r"[A2-7JQK][cdhs]")


@st.composite
def position_mutations(draw: st.DrawFn, text: str) -> str:
    """A position string after one to three changes to its words: a value replaced, a
    card moved from one field to another, a word dropped, duplicated or swapped with
    another's value, or a character changed."""
    tag, *words = text.split(" ")
    fields = [word.split("=", 1) for word in words]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        how = draw(st.sampled_from(["value", "value", "card", "drop", "copy", "swap", "char"]))
        if not fields:
            break
        index = draw(st.integers(min_value=0, max_value=len(fields) - 1))
        key = fields[index][0]
        if how == "value":
            choices = POSITION_VALUES.get(key, ("-",))
            fields[index] = [key, draw(st.sampled_from(choices))]
        elif how == "card":
            cards = {k: v for k, v in fields if k in CARD_FIELDS and CARD_TOKEN.search(v)}
            if cards:
                source = draw(st.sampled_from(sorted(cards)))
                target = draw(st.sampled_from(CARD_FIELDS))
                card = draw(st.sampled_from(CARD_TOKEN.findall(cards[source])))
                for field in fields:
                    if field[0] == source:
                        field[1] = field[1].replace(card, "", 1) or "-"
                for field in fields:
                    if field[0] == target:
                        field[1] = (field[1].strip("-")) + card
                        break
        elif how == "drop":
            del fields[index]
        elif how == "copy":
            fields.insert(index, list(fields[index]))
        elif how == "swap":
            other = draw(st.integers(min_value=0, max_value=len(fields) - 1))
            fields[index][1], fields[other][1] = fields[other][1], fields[index][1]
        else:
            value = fields[index][1]
            at = draw(st.integers(min_value=0, max_value=len(value)))
            new = draw(st.text(alphabet=POSITION_CHARS, max_size=1))
            cut = draw(st.integers(min_value=0, max_value=1))
            fields[index][1] = value[:at] + new + value[at + cut :]
    return " ".join([tag, *("=".join(field) for field in fields)])


@given(st.data())
def test_a_mutated_position_is_a_valid_state_or_a_typed_error(data: st.DataObject) -> None:
    game = data.draw(played_games(), label="game")
    states = list(game.states)
    state = data.draw(st.sampled_from(states), label="state")
    text = data.draw(position_mutations(state.to_notation()), label="position")
    read("State.parse", text)


@given(st.data())
def test_a_position_with_altered_characters_is_a_valid_state_or_a_typed_error(
    data: st.DataObject,
) -> None:
    game = data.draw(played_games(), label="game")
    text = data.draw(text_mutations(game.state.to_notation(), POSITION_CHARS), label="text")
    read("State.parse", text)


# ====================================================================== size limits


def several_megabytes() -> str:
    text = notation.dumps(Game.new(seed=4))
    return text[:-1] + " " * 3_000_000 + "}"


def test_a_record_of_several_megabytes_is_refused() -> None:
    text = several_megabytes()
    message = f"a record is at most {notation.MAX_RECORD_BYTES} characters; this one has"
    for source in (text, text.encode("utf-8")):
        with pytest.raises(InvalidRecordError, match=message):
            notation.loads(source)
    with pytest.raises(InvalidRecordError, match=message):
        notation.load(io.StringIO(text))
    with pytest.raises(InvalidRecordError, match=message):
        notation.load(io.BytesIO(text.encode("utf-8")))


def test_a_record_of_a_million_moves_is_refused() -> None:
    data = {**RECORD, "moves": ["decline"] * 1_000_000}
    with pytest.raises(InvalidRecordError, match="a record is at most"):
        notation.loads(json.dumps(data))
    with pytest.raises(InvalidRecordError) as caught:
        notation.record_from_dict(data)
    assert str(caught.value) == (
        f"field 'moves': at most {notation.MAX_MOVES} moves (no game lasts longer), not 1000000"
    )


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"a":' * 100_000, '{"format": "conquian-game", "version": ' + "[" * 100_000],
    ids=["arrays", "objects", "in a field"],
)
def test_deeply_nested_json_is_refused(text: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        notation.loads(text)
    assert str(caught.value) == "the JSON is nested too deeply to be a record"


@pytest.mark.parametrize("key", FIELDS)
def test_json_nested_as_deeply_as_the_parser_allows_is_refused(key: str) -> None:
    """Every depth around the JSON parser's own limit, in every field: the record is
    refused with a typed error, whether or not the parser itself gave up."""
    limit = sys.getrecursionlimit()
    head, tail = json.dumps({**RECORD, key: "@"}).split('"@"')
    for depth in range(limit - 300, limit + 10):
        text = head + "[" * depth + "]" * depth + tail
        with pytest.raises(InvalidRecordError) as caught:
            notation.loads(text)
        check_message(caught.value)


@functools.cache
def deep(depth: int) -> list[object]:
    """A list nested ``depth`` deep, built once for all the tests given it (none changes
    it): its 100,000 lists set off collections of the garbage collector, 0.15 s a build
    in a whole run."""
    nested: list[object] = []
    for _ in range(depth):
        nested = [nested]
    return nested


@pytest.mark.parametrize("key", FIELDS)
def test_deeply_nested_data_is_refused(key: str) -> None:
    """record_from_dict is given data, perhaps from another JSON parser with no depth
    limit."""
    with pytest.raises(InvalidRecordError) as caught:
        notation.record_from_dict({**RECORD, key: deep(100_000)})
    check_message(caught.value)


@pytest.mark.parametrize("key", ["players", "hand_size", "max_sequence", "forcing"])
def test_deeply_nested_rules_are_refused(key: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_dict({key: deep(100_000)})
    check_message(caught.value)


HUGE = "9" * 10_000


@pytest.mark.parametrize("key", ["seed", "dealer", "version"])
def test_a_number_of_ten_thousand_digits_is_refused(key: str) -> None:
    head, tail = json.dumps({**RECORD, key: "@"}).split('"@"')
    for number in (HUGE, "-" + HUGE):
        with pytest.raises(InvalidRecordError) as caught:
            notation.loads(head + number + tail)
        assert "digits is too large for a record" in str(caught.value)


def test_a_number_of_ten_thousand_digits_in_the_rules_or_moves_is_refused() -> None:
    for text in (
        json.dumps({**RECORD, "rules": {"hand_size": "@"}}),
        json.dumps({**RECORD, "moves": ["decline", "@"]}),
    ):
        head, tail = text.split('"@"')
        with pytest.raises(InvalidRecordError, match="a number with 10000 digits is too large"):
            notation.loads(head + HUGE + tail)


@pytest.mark.parametrize("key", ["seed", "dealer", "version"])
def test_a_huge_number_in_record_data_is_refused(key: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        notation.record_from_dict({**RECORD, key: 10**10_000})
    check_message(caught.value)


@pytest.mark.parametrize("key", ["players", "hand_size", "max_sequence", "forcing"])
def test_a_huge_number_in_rules_data_is_refused(key: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_dict({key: 10**10_000})
    check_message(caught.value)


MEGABYTE = 1_000_000


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("State.parse", "conquian/1 " * MEGABYTE, "a position is at most 2000 characters"),
        ("Rules.parse", "classic," + "forcing:off," * MEGABYTE, "rules text is at most 1000"),
        ("parse_move", "take +" + "Ac" * MEGABYTE + " out", "a move is at most 200 characters"),
        ("notation.loads", " " * 5 * MEGABYTE, "a record is at most 1048576 characters"),
        ("Card.parse", "?" * MEGABYTE, "a card is at most 2000 characters"),
        ("parse_cards", "?" * MEGABYTE, "a list of cards is at most 2000 characters"),
        ("parse_cards", "Ac " * (MEGABYTE // 3), "a list of cards is at most 2000"),
        ("Meld", "?" * MEGABYTE, "a list of cards is at most 2000 characters"),
        ("Meld", "Ac" * (MEGABYTE // 2), "a list of cards is at most 2000 characters"),
    ],
    ids=[
        "position",
        "rules",
        "move",
        "record",
        "card",
        "cards",
        "repeated cards",
        "meld",
        "repeated meld",
    ],
)
def test_a_megabyte_of_text_is_refused_with_a_short_message(
    name: str, text: str, message: str
) -> None:
    load, errors = LOADERS[name]
    with pytest.raises(errors) as caught:
        load(text)
    assert message in check_message(caught.value)


# ====================================================================== numbers in text


@pytest.mark.parametrize("digits", ["\u00b2", "1\u00b27", "\u2155", "\u00bd"])
def test_a_ply_of_other_unicode_digits_is_a_typed_error(digits: str) -> None:
    """``str.isdigit`` is true for superscripts that ``int`` cannot read."""
    text = State.new(seed=2).to_notation().replace("ply=0", f"ply={digits}")
    with pytest.raises(InvalidStateError, match="ply must be a whole number"):
        State.parse(text)


@pytest.mark.parametrize("digits", ["\u00b2", "1\u00b2", "\u00b9\u2070"])
def test_a_rule_value_of_other_unicode_digits_is_a_typed_error(digits: str) -> None:
    with pytest.raises(InvalidRulesError, match="hand_size must be a whole number"):
        Rules.parse(f"classic,hand_size:{digits}")
    text = (
        State.new(seed=2)
        .to_notation()
        .replace("rules=classic", f"rules=classic,hand_size:{digits}")
    )
    with pytest.raises(InvalidStateError, match="rules: hand_size must be a whole number"):
        State.parse(text)


# ====================================================================== moves as text


MOVE_CHARS = " +-[],7hJsQdAc5c6cout"


@given(st.data())
def test_mutated_move_text_is_a_move_or_a_typed_error_everywhere(data: st.DataObject) -> None:
    """A legal move's text with characters inserted, deleted or replaced: parse_move,
    apply, is_legal and explain_illegal all read it the same way, or all refuse it with an
    InvalidMoveNotationError; a move that is read round-trips, and an illegal one leaves
    the game unchanged."""
    game = data.draw(played_games(finished=False), label="game")
    state = game.state
    moves = state.legal_moves()
    if not moves:
        return
    written = str(data.draw(st.sampled_from(list(moves)), label="move"))
    text = data.draw(text_mutations(written, MOVE_CHARS), label="text")
    move = read("parse_move", text)
    if move is None:
        for call in (state.apply, state.is_legal, state.explain_illegal, game.copy().play):
            with pytest.raises(InvalidMoveNotationError) as caught:
                call(text)
            check_message(caught.value)
        return
    legal = state.is_legal(text)
    assert legal == (move in moves) == (state.explain_illegal(text) is None)
    if legal:
        check_state(state.apply(text))
    else:
        reason = state.explain_illegal(text)
        assert reason is not None
        assert len(reason) <= LONGEST_MESSAGE
        before = game.copy()
        with pytest.raises(IllegalMoveError):
            game.play(text)
        assert game == before


# ====================================================================== match records


def match_text(seed: int) -> str:
    match = Match.new(seed=seed, games=2)
    while not match.is_over:
        match.play(match.legal_moves()[0])
    return match_dumps(match)


MATCH_TEXT = match_text(3)


@given(st.data())
def test_a_mutated_match_record_is_a_match_or_a_typed_error(data: st.DataObject) -> None:
    record = json.loads(MATCH_TEXT)
    games = record["games"]
    index = data.draw(st.integers(min_value=0, max_value=len(games) - 1), label="game")
    games[index] = data.draw(mutations(games[index]), label="mutated")
    if data.draw(st.booleans(), label="copies"):
        record["games"] = games * data.draw(st.integers(min_value=1, max_value=50))
    text = data.draw(
        st.sampled_from([json.dumps(record)]) | text_mutations(json.dumps(record), JSON_CHARS),
        label="text",
    )
    try:
        loaded = match_loads(text)
    except InvalidRecordError as error:
        check_message(error)
        return
    # The record reads back as it was written; a match written again is the same match
    # (its games then name this library as their writer: the record need not be equal).
    assert match_loads(match_dumps(loaded)) == loaded
    match = Match.from_record(loaded)
    assert Match.from_record(match_loads(match_dumps(match))) == match


MATCH_TOKENS = (*JSON_TOKENS, '"conquian-match"', '"games"', '"first_dealer"', '"games_planned"')


@given(st.one_of(st.text(), token_texts(MATCH_TOKENS), st.binary()))
def test_any_text_gives_a_match_record_or_a_typed_error(text: str | bytes) -> None:
    try:
        match_loads(text)
    except InvalidRecordError as error:
        check_message(error)


@given(json_values())
def test_any_json_value_gives_a_match_record_or_a_typed_error(value: JSON) -> None:
    try:
        match_from_dict(value)
    except InvalidRecordError as error:
        check_message(error)


@given(st.sampled_from(sorted(json.loads(MATCH_TEXT))), json_values())
def test_any_json_in_a_match_field_gives_a_match_or_a_typed_error(key: str, value: JSON) -> None:
    try:
        match_from_dict({**json.loads(MATCH_TEXT), key: value})
    except InvalidRecordError as error:
        check_message(error)


def test_a_card_subclass_does_not_change_how_other_pictures_draw_the_card() -> None:
    # The pictures keep each card's face once drawn; a subclass that draws itself
    # otherwise must not leave its face for the real card.
    from conquian import Card, svg

    class Loud(Card):
        def pretty(self) -> str:
            return "LOUD"

    seven = Card.parse("7h")
    assert "LOUD" in svg.card(Loud(seven.rank, seven.suit))
    assert "LOUD" not in svg.card(seven)
    assert "LOUD" not in svg.cards([seven, Card.parse("7c")])
