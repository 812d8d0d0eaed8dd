"""Game records as JSON (like chess's PGN), with a JSON Schema, and replay.

The functions mirror :mod:`json`: :func:`dumps` / :func:`dump` write a
:class:`~conquian.game.GameRecord` (or a :class:`~conquian.game.Game`), :func:`loads` /
:func:`load` read one back. Reading is safe on text from strangers: anything that is not a
valid record raises :class:`~conquian.errors.InvalidRecordError` naming the field or the
move, and the size limits below are checked before any work is done.

>>> from conquian import Game
>>> from conquian import notation
>>> game = Game.new(seed=7)
>>> _ = game.play("decline")
>>> text = notation.dumps(game)
>>> notation.loads(text) == game.record()
True
>>> [state.ply for state in notation.loads(text).replay()]
[0, 1]

A finished game played by agents is saved from its final state:

>>> from conquian import State
>>> from conquian.agents import GreedyAgent, play_game
>>> final = play_game(State.new(seed=3), [GreedyAgent(), GreedyAgent()])
>>> notation.loads(notation.dumps(final)).outcome == final.outcome
True

Position strings (one line for one position) are :meth:`conquian.state.State.to_notation` and
:meth:`conquian.state.State.parse`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import IO, Any, Final

from conquian._readonly import frozen_json
from conquian.cards import DECK, format_cards, parse_cards
from conquian.errors import (
    ConquianError,
    InvalidRecordError,
    describe,
    player_range,
    warn_renamed,
)
from conquian.game import MAX_MOVES as _MOST_MOVES
from conquian.game import Game, GameRecord, max_moves
from conquian.moves import parse_move
from conquian.rules import Rules
from conquian.state import Outcome, OutcomeKind, State

__all__ = [
    "FORMAT",
    "MAX_MOVES",
    "MAX_RECORD_BYTES",
    "RECORD_SCHEMA",
    "VERSION",
    "check_envelope",
    "dump",
    "dumps",
    "load",
    "loads",
    "read_json",
    "record_from_dict",
    "record_to_dict",
]

FORMAT: Final = "conquian-game"
"""The ``format`` field of every game record."""
VERSION: Final = 1
"""The record format version this library writes and reads."""
MAX_RECORD_BYTES: Final = 1 << 20
"""The largest record read, in characters (a real record is under 10 KiB)."""
MAX_MOVES: Final = _MOST_MOVES
"""The most moves a record may hold (121), as no game under any rules lasts longer (the
embedding page derives the bound); a record with more is refused before any is read."""
_MAX_INT_DIGITS: Final = 20

RECORD_SCHEMA: Final[Mapping[str, Any]] = frozen_json(
    json.loads(
        resources.files("conquian").joinpath("record.schema.json").read_text(encoding="utf-8")
    )
)
"""The JSON Schema (draft 2020-12) of a game record, for readers in other languages
(read-only: ``dict`` and ``list`` values that refuse changes; ``json.dumps`` writes it
as the schema file ``record.schema.json`` shipped in the package).

:meta hide-value:
"""

_FIELDS: Final = ("format", "version", "library", "rules", "seed", "dealer", "deck", "moves")
_OPTIONAL: Final = ("result",)


def record_to_dict(record: GameRecord | Game | State) -> dict[str, Any]:
    """The record as JSON-ready data (the shape of :data:`RECORD_SCHEMA`).

    Args:
        record: A record, a game (its :meth:`~conquian.game.Game.record`) or a state
            reached from a deal (:meth:`~conquian.game.GameRecord.from_state`).

    Raises:
        TypeError: ``record`` is not a GameRecord, a Game or a State.
        ConquianError: A game or state that was not reached from a deal.
    """
    if isinstance(record, Game):
        record = record.record()
    elif isinstance(record, State):
        record = GameRecord.from_state(record)
    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a GameRecord, a Game or a State, not {describe(record)}")
    result: dict[str, Any] | None = None
    if record.outcome is not None:
        result = {"kind": record.outcome.kind.value, "winner": record.outcome.winner}
    return {
        "format": FORMAT,
        "version": VERSION,
        "library": record.library,
        "rules": record.rules.to_dict(),
        "seed": record.seed,
        "dealer": record.dealer,
        "deck": format_cards(record.deck, style="compact"),
        "moves": [str(move) for move in record.moves],
        "result": result,
    }


def dumps(record: GameRecord | Game | State, *, indent: int | None = None) -> str:
    """The record as JSON text.

    Args:
        record: A record, a game (its :meth:`~conquian.game.Game.record`) or a state
            reached from a deal, such as the one :func:`~conquian.agents.play_game`
            returns (:meth:`~conquian.game.GameRecord.from_state`).
        indent: Spaces a level, 0 to 16, as for :func:`json.dumps`; ``None`` writes one
            line.

    Raises:
        TypeError: ``indent`` is not an int or ``None``; ValueError: it is out of range.
    """
    return json.dumps(record_to_dict(record), indent=checked_indent(indent), ensure_ascii=False)


def checked_indent(indent: object) -> int | None:
    """``indent`` if it is ``None`` or an int from 0 to 16 (the indent of a record's JSON
    text), else :class:`TypeError` or :class:`ValueError`."""
    if indent is None:
        return None
    if indent.__class__ is not int:
        raise TypeError(f"indent is an int or None, not {describe(indent)}")
    assert isinstance(indent, int)
    if not 0 <= indent <= 16:
        raise ValueError(f"indent is 0 to 16 spaces, not {describe(indent)}")
    return indent


def dump(record: GameRecord | Game | State, fp: IO[str], *, indent: int | None = 2) -> None:
    """Write the record (or a game's, or a state's, as :func:`dumps` takes them) as JSON
    text to a text file."""
    fp.write(dumps(record, indent=indent))
    fp.write("\n")


def _no_constant(text: str) -> float:
    raise InvalidRecordError(f"{text} is not a JSON number a record may hold")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise InvalidRecordError(f"field {key[:40]!r} is given twice")
        data[key] = value
    return data


def read_json(text: str | bytes, *, max_chars: int, max_digits: int, what: str) -> object:
    """Parse untrusted JSON text safely (shared by the record readers).

    Refuses, with :class:`~conquian.errors.InvalidRecordError`: text over ``max_chars``
    characters (bytes are read as UTF-8), integers over ``max_digits`` digits, NaN and
    the infinities, a key given twice in one object, nesting too deep for the parser, and
    anything that is not JSON. ``what`` names the document in messages.
    """

    def bounded_int(digits_text: str) -> int:
        digits = len(digits_text.lstrip("-"))
        if digits > max_digits:
            raise InvalidRecordError(f"a number with {digits} digits is too large for {what}")
        return int(digits_text)

    def too_large(size: int) -> InvalidRecordError:
        return InvalidRecordError(f"{what} is at most {max_chars} characters; this one has {size}")

    if isinstance(text, bytes | bytearray):
        if len(text) > max_chars:
            raise too_large(len(text))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidRecordError(f"{what} is UTF-8 text: {error}") from None
    if not isinstance(text, str):
        raise InvalidRecordError(f"{what} is JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise too_large(len(text))
    try:
        return json.loads(
            text,
            parse_int=bounded_int,
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys,
        )
    except InvalidRecordError:
        raise
    except RecursionError:
        raise InvalidRecordError(f"the JSON is nested too deeply to be {what}") from None
    except ValueError as error:
        raise InvalidRecordError(f"not valid JSON: {error}") from None


def loads(text: str | bytes) -> GameRecord:
    """Read a record from JSON text, check it and replay it.

    Raises:
        InvalidRecordError: The text is not JSON, too large, not a record of a format and
            version this library reads, has a missing or ill-typed field, or a move that
            is illegal where it stands (the message names the field or move number).
    """
    data = read_json(text, max_chars=MAX_RECORD_BYTES, max_digits=_MAX_INT_DIGITS, what="a record")
    return record_from_dict(data)


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a record from a file (text or binary); see :func:`loads`.

    Raises:
        TypeError: ``fp`` is not a readable file.
        InvalidRecordError: As for :func:`loads`.
    """
    return loads(read_file(fp, MAX_RECORD_BYTES + 1))


def read_file(fp: object, limit: int) -> str | bytes:
    """At most ``limit`` characters of the file ``fp``, or :class:`TypeError` if it is not a
    readable file, or :class:`~conquian.errors.InvalidRecordError` if it is a text file
    that is not UTF-8 (shared by the record readers)."""
    read = getattr(fp, "read", None)
    if not callable(read):
        raise TypeError(f"fp must be a file opened for reading, not {describe(fp)}")
    try:
        text = read(limit)
    except UnicodeDecodeError as error:  # a text file of other bytes than UTF-8
        raise InvalidRecordError(f"a record is UTF-8 text, and the file is not: {error}") from None
    if not isinstance(text, str | bytes):
        raise TypeError(f"fp must be a file opened for reading; its read gave {describe(text)}")
    return text


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise InvalidRecordError(f"field {key!r}: {what}, not {describe(value)}")
    if not isinstance(value, kind):
        raise InvalidRecordError(f"field {key!r}: {what}, not {describe(value)}")
    return value


def check_envelope(
    data: object,
    *,
    format_name: str,
    version: int,
    fields: tuple[str, ...],
    optional: tuple[str, ...],
    what: str,
) -> dict[str, Any]:
    """Check the outside of a JSON document (shared by the record readers): an object of
    format ``format_name`` and version ``version``, with every name of ``fields``, maybe
    some of ``optional``, and nothing else. ``what`` names the kind, as "records"."""
    if not isinstance(data, dict):
        raise InvalidRecordError(f"a {what[:-1]} is a JSON object, not {type(data).__name__}")
    if data.get("format") != format_name:
        raise InvalidRecordError(f"field 'format': must be {format_name!r}")
    found = data.get("version")
    if found.__class__ is not int or found != version:  # 1.0 and true are not 1
        raise InvalidRecordError(
            f"field 'version': this library reads version {version} {what}, not {describe(found)}"
        )
    for key in data:
        if key not in fields and key not in optional:
            raise InvalidRecordError(f"unknown field {describe(key)}")
    for key in fields:
        if key not in data:
            raise InvalidRecordError(f"missing field {key!r}")
    return data


def record_from_dict(data: object) -> GameRecord:
    """A record from JSON-shaped data (as :func:`json.loads` returns); see :func:`loads`."""
    record = _read_record(data)
    for _ in record.replay():  # every move checked; the states are not kept
        pass
    return record


def replayed_record(data: object) -> tuple[GameRecord, Game]:
    """:func:`record_from_dict`, and the game the record was replayed to (so that a reader
    that needs the game too, as :func:`conquian.match.match_loads` does, replays it
    once)."""
    record = _read_record(data)
    return record, Game.from_record(record)  # every move replayed and checked


def _read_record(data: object) -> GameRecord:
    """The record that JSON-shaped data holds, every field checked, not replayed."""
    data = check_envelope(
        data,
        format_name=FORMAT,
        version=VERSION,
        fields=_FIELDS,
        optional=_OPTIONAL,
        what="records",
    )
    library = _field(data, "library", str, "the writer's version as text")
    rules_data = _field(data, "rules", dict, "an object of rule values")
    try:
        rules = Rules.from_dict(rules_data)
    except ConquianError as error:
        raise InvalidRecordError(f"field 'rules': {error}") from None
    seed = data["seed"]
    if seed is not None:
        seed = _field(data, "seed", int, "a whole number or null")
    dealer = _field(data, "dealer", int, player_range(rules.players))
    deck_text = _field(data, "deck", str, "the 40 cards as text")
    try:
        deck = parse_cards(deck_text[:200])
    except ConquianError as error:
        raise InvalidRecordError(f"field 'deck': {error}") from None
    if len(deck) != len(DECK) or len(deck_text) > 200:
        raise InvalidRecordError(f"field 'deck': the 40 cards, each once; not {len(deck)}")
    moves_data = _field(data, "moves", list, "a list of moves")
    most = max_moves(rules.players, rules.exchange)
    if len(moves_data) > most:
        raise InvalidRecordError(
            f"field 'moves': at most {most} moves (no game lasts longer), not {len(moves_data)}"
        )
    moves = []
    for number, text in enumerate(moves_data, 1):
        if not isinstance(text, str):
            raise InvalidRecordError(f"move {number}: a move is text, not {describe(text)}")
        try:
            moves.append(parse_move(text))
        except ConquianError as error:
            raise InvalidRecordError(f"move {number}: {error}") from None
    result = _result(data.get("result"))
    record = GameRecord(
        rules=rules,
        dealer=dealer,
        deck=deck,
        moves=tuple(moves),
        seed=seed,
        outcome=result,
        library=library,
    )
    return record


def _result(value: object) -> Outcome | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"kind", "winner"}:
        raise InvalidRecordError("field 'result': null or an object with kind and winner")
    kind, winner = value["kind"], value["winner"]
    if kind == OutcomeKind.DRAWN.value and winner is None:
        return Outcome(OutcomeKind.DRAWN, None)
    for won in (OutcomeKind.WENT_OUT, OutcomeKind.FEWEST_CARDS):  # R16, M8
        if kind == won.value and type(winner) is int and 0 <= winner < 3:
            return Outcome(won, winner)
    raise InvalidRecordError(
        "field 'result': kind 'went_out' or 'fewest_cards' with winner 0, 1 or 2, or kind "
        "'drawn' with winner null"
    )


def replay(record: GameRecord) -> Iterator[State]:
    """Deprecated alias of :meth:`GameRecord.replay <conquian.game.GameRecord.replay>`,
    the one replay of a record."""
    warn_renamed("notation.replay(record)", "record.replay()")
    return record.replay()


def record_to_json(record: GameRecord | Game | State) -> dict[str, Any]:
    """Deprecated alias of :func:`record_to_dict` (JSON-ready data is ``to_dict``, as
    :meth:`State.to_dict <conquian.state.State.to_dict>`; JSON text is :func:`dumps`)."""
    warn_renamed("notation.record_to_json", "notation.record_to_dict")
    return record_to_dict(record)


def record_from_json(data: object) -> GameRecord:
    """Deprecated alias of :func:`record_from_dict`."""
    warn_renamed("notation.record_from_json", "notation.record_from_dict")
    return record_from_dict(data)
