"""Private: the text of position strings, field by field (no game logic here).

A position string is one line of ``key=value`` words after a format tag; see
:doc:`/notation` for the specification. This module splits and joins the words and reads
each value into plain data; :mod:`conquian.state` checks that the data is a position that
could occur and builds the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from conquian import _bits
from conquian.cards import Card, parse_cards
from conquian.errors import ConquianError, InvalidStateError, checked_text
from conquian.melds import Meld
from conquian.rules import Rules

POSITION_TAG: Final = "conquian/1"
VIEW_TAG: Final = "conquian-view/1"
MAX_PLY: Final = 1_000
"""The largest ply a position string may give: above any reachable ply (a game of any
rule set here lasts at most 121 moves)."""
MAX_POSITION_TEXT: Final = 2_000
"""The longest position string read (a real one is under 400 characters)."""

POSITION_KEYS: Final = (
    "rules",
    "dealer",
    "ply",
    "phase",
    "to_move",
    "offer",
    "from",
    "stock",
    "hand0",
    "hand1",
    "table0",
    "table1",
    "dead",
    "result",
)
NONE: Final = "-"


def cards_text(cards: Iterable[Card]) -> str:
    """Compact cards, or ``-`` for none."""
    return "".join(map(str, cards)) or NONE


def mask_text(mask: int) -> str:
    """The cards of a mask, compact and in canonical order, or ``-``."""
    return cards_text(_bits.cards_of(mask))


def table_text(melds: Iterable[Meld]) -> str:
    """Melds joined by dots, or ``-``."""
    return ".".join(map(str, melds)) or NONE


def join(tag: str, fields: dict[str, str]) -> str:
    """The line: the tag, then ``key=value`` words in the order given."""
    return " ".join([tag, *(f"{key}={value}" for key, value in fields.items())])


def split(text: object, tag: str, keys: tuple[str, ...]) -> dict[str, str]:
    """Read the words of a position line: the tag, then each key exactly once."""
    words = checked_text(text, "a position", MAX_POSITION_TEXT, InvalidStateError).split()
    if not words or words[0] != tag:
        first = words[0] if words else ""
        raise InvalidStateError(f"a position starts with {tag!r}, not {first[:40]!r}")
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, equals, value = word.partition("=")
        if not equals:
            raise InvalidStateError(f"{word[:40]!r} is not key=value")
        if key not in keys:
            raise InvalidStateError(f"unknown field {key[:40]!r}: the fields are {' '.join(keys)}")
        if key in fields:
            raise InvalidStateError(f"field {key!r} is given twice")
        fields[key] = value
    missing = [key for key in keys if key not in fields]
    if missing:
        raise InvalidStateError(
            f"missing field{'s' if len(missing) > 1 else ''}: {' '.join(missing)}"
        )
    return fields


def read_cards(key: str, value: str) -> tuple[Card, ...]:
    """Cards of a field (``-`` for none), each at most once."""
    if value == NONE:
        return ()
    if not value:
        raise InvalidStateError(f"{key}: write - for no cards")
    try:
        return parse_cards(value)
    except ConquianError as error:
        raise InvalidStateError(f"{key}: {error}") from None


def read_table(key: str, value: str, rules: Rules) -> tuple[Meld, ...]:
    """Melds of a table field, each valid under ``rules``."""
    if value == NONE:
        return ()
    if not value:
        raise InvalidStateError(f"{key}: write - for an empty table")
    melds = []
    for word in value.split("."):
        try:
            melds.append(Meld(word, rules=rules))
        except ConquianError as error:
            raise InvalidStateError(f"{key}: {error} (R6)") from None
    return tuple(melds)


def read_int(key: str, value: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    if (
        not value
        or value.strip("0123456789")
        or len(value) > len(str(high))
        or not low <= int(value) <= high
    ):
        raise InvalidStateError(
            f"{key} must be a whole number from {low} to {high}, not {value[:40]!r}"
        )
    return int(value)


def read_player(key: str, value: str, *, optional: bool = False) -> int | None:
    """A player number, or ``-`` where allowed."""
    if optional and value == NONE:
        return None
    if value not in ("0", "1"):
        allowed = "0, 1 or -" if optional else "0 or 1"
        raise InvalidStateError(f"{key} must be {allowed}, not {value[:40]!r}")
    return int(value)


def read_rules(value: str) -> Rules:
    """The rules field."""
    try:
        return Rules.parse(value)
    except ConquianError as error:
        raise InvalidStateError(f"rules: {error}") from None
