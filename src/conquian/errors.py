"""The exception hierarchy of :mod:`conquian`.

Every error the library raises on purpose is a :class:`ConquianError`, which is also a
:class:`ValueError` (bad input is a bad value). Parsing errors (text that is not notation)
are kept apart from legality errors (well-formed things the rules forbid), so a front end
can tell "you typed it wrong" from "you may not do that".

>>> from conquian import Card, ConquianError
>>> try:
...     Card.parse("8h")
... except ConquianError as error:
...     print(type(error).__name__, "-", error)
InvalidCardError - '8h' is not a card: there is no rank '8' in the 40-card pack (R1)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from itertools import islice
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the annotation only: cards is a layer above errors
    from conquian.cards import Card

__all__ = [
    "ConquianError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidMoveNotationError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidStateError",
    "MeldProblem",
    "ParseError",
]


def describe(value: object, limit: int = 40) -> str:
    """A short, safe description of any value for an error message.

    Text is quoted and cut to ``limit`` characters; a number of more than 24 digits is
    cut to its first 20 and its length; containers are described, never written out, so
    a message stays short and costs nothing to build whatever a stranger sent (no deep
    recursion, no 4,300-digit conversion).

    >>> describe("x" * 50, 5), describe(2**64), describe(10**30)
    ("'xxxxx'...", '18446744073709551616', '10000000000000000000... (31 digits)')
    """
    if isinstance(value, str):
        shown = repr(value[:limit])
        if len(shown) > limit + 2:  # escapes such as \U0001e95a: cut what they spell out
            return shown[: limit + 1] + "'..."
        return shown + ("..." if len(value) > limit else "")
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 13_000:  # about 4,000 digits: str() is slow, then refused
            return f"a number of {value.bit_length()} bits"
        text = str(value)
        return text if len(text) <= 24 else f"{text[:20]}... ({len(text.lstrip('-'))} digits)"
    if isinstance(value, list | tuple):
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    if type(value).__module__.startswith("conquian"):
        text = repr(value)
        return text if len(text) <= 2 * limit else text[: 2 * limit] + "..."
    return f"a {type(value).__name__}"


def checked_text(
    text: object, what: str, limit: int, error: Callable[[str], ConquianError]
) -> str:
    """Untrusted text, refused before any work unless it is a string of at most ``limit``
    characters: returns ``text``, else raises ``error(message)``, the message naming
    ``what`` the text was meant to be."""
    if not isinstance(text, str):
        raise error(f"{what} is text, not {describe(text)}")
    if len(text) > limit:
        raise error(f"{what} is at most {limit} characters; this one has {len(text)}")
    return text


def bounded_items(value: object, name: str, what: str, limit: int) -> tuple[Any, ...]:
    """The first ``limit + 1`` items of the iterable argument ``value`` (so that a caller
    sees an oversized one without reading it all), or :class:`TypeError` naming the
    parameter ``name`` and ``what`` it expects when ``value`` is not iterable or is text."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be {what}, not {describe(value)}")
    return tuple(islice(value, limit + 1))


class ConquianError(ValueError):
    """Base class of every error raised by :mod:`conquian` on purpose."""


class ParseError(ConquianError):
    """Text that is not valid notation (a card, a card list, a meld or a move)."""


class InvalidCardError(ParseError):
    """A card token that cannot be read, or a card list with a repeated card.

    Attributes:
        token: The offending text, exactly as it appeared in the input.
        index: The 0-based number of the token among the cards of the input.
        column: The 0-based character offset of the token in the input.
    """

    def __init__(self, message: str, *, token: str, index: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.token = token
        self.index = index
        self.column = column


class InvalidMoveNotationError(ParseError):
    """Text that is not the notation of a move (see :func:`conquian.moves.parse_move`)."""


class InvalidRulesError(ConquianError):
    """A :class:`conquian.rules.Rules` value whose fields make no sense together."""


class IllegalMoveError(ConquianError):
    """A move the rules do not allow in the current position.

    The position is never changed by a move that raises this error.
    """


class InvalidStateError(ParseError):
    """A position string that cannot be read, or that describes a position that could
    never occur (a card twice or missing, a table that does not split into melds, hand
    and table counts that break R14, an offer in a phase that has none, ...)."""


class InvalidRecordError(ParseError):
    """A game record that cannot be read or replayed: malformed JSON, a missing or
    ill-typed field, an unknown format version, or a move that is not legal where it
    stands. The message names the field or the move number."""


class MeldProblem(enum.Enum):
    """Why cards are not a meld: the machine-readable reason of :class:`InvalidMeldError`."""

    TOO_FEW_CARDS = "too_few_cards"
    """Fewer than three cards (R4, R5)."""
    TOO_MANY_CARDS = "too_many_cards"
    """More cards than any meld can hold."""
    MIXED_RANKS_AND_SUITS = "mixed_ranks_and_suits"
    """Neither all of one rank (R4) nor all of one suit (R5)."""
    GAP = "gap"
    """One suit, but two cards next in order are not consecutive (R5)."""
    DUPLICATE_CARD = "duplicate_card"
    """The same card twice (the pack holds each card once, R1)."""
    WRAPS_AROUND = "wraps_around"
    """One suit, consecutive only if the king were next to the ace, like Q-K-A (R2)."""
    SEQUENCE_TOO_LONG = "sequence_too_long"
    """A sequence longer than the rules allow (R5, V4)."""


class InvalidMeldError(ConquianError):
    """Cards that do not form a valid meld (R4, R5).

    Attributes:
        reason: Why, as a :class:`MeldProblem`.
        cards: The cards as given, in the order given.
    """

    def __init__(self, message: str, *, reason: MeldProblem, cards: tuple[Card, ...]) -> None:
        super().__init__(message)
        self.reason = reason
        self.cards = cards
