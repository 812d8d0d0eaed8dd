"""Moves: the four things a player can do, as frozen values with a text notation.

A move does not name its player: it is always made by the player to move (see
:attr:`conquian.state.State.to_move`).

===========================================  ==========================================
notation                                     meaning
===========================================  ==========================================
``take -3d``                                 take the offered card, discard 3d (R11)
``take +JhJs -3d``                           ... and lay down Jh and Js from the hand
``take +JhJs4c out``                         ... lay down every hand card: go out (R16)
``take +JhJs -3d [5c6c7c JcJhJs]``           ... naming the new table's split (R13)
``decline``                                  refuse the offer, or pass one's card (R11)
``force``                                    make the decliner take the card (R14b)
``release``                                  let a declined card go dead (R14b)
===========================================  ==========================================

>>> from conquian import parse_move, Take, Card
>>> move = parse_move("take +JhJs -3d")
>>> move == Take(laid=frozenset({Card.parse("Jh"), Card.parse("Js")}), discard=Card.parse("3d"))
True
>>> str(move)
'take +JhJs -3d'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from conquian import _bits
from conquian.cards import DECK, Card, parse_cards, sorted_cards
from conquian.errors import ConquianError, InvalidMoveNotationError
from conquian.melds import Meld

__all__ = ["Decline", "Force", "Move", "Release", "Take", "parse_move"]


def _to_frozenset(cards: Iterable[Card]) -> frozenset[Card]:
    result = frozenset(cards)
    for card in result:
        if not isinstance(card, Card):
            raise TypeError(f"laid cards must be Card values, not {card!r}")
    return result


def _to_table(melds: Iterable[Meld] | None) -> tuple[Meld, ...] | None:
    if melds is None:
        return None
    result = tuple(melds)
    for meld in result:
        if not isinstance(meld, Meld):
            raise TypeError(f"a table arrangement is a sequence of Meld values, not {meld!r}")
    return result


def _check_discard(instance: Take, attribute: attrs.Attribute[Card | None], value: object) -> None:
    if value is not None and not isinstance(value, Card):
        raise TypeError(f"discard must be a Card or None, not {value!r}")


@attrs.frozen(repr=False)
class Take:
    """Take the offered card onto the table (R11 "Take"), as chosen or when forced (R14b).

    Equal takes lay the same cards, discard the same card and name the same arrangement.

    Attributes:
        laid: Hand cards laid down with the taken card (not the taken card itself).
        discard: The hand card discarded afterwards, or ``None`` when the take lays down
            every hand card and goes out (R16).
        table: Optionally, the player's whole new table as melds (R13). ``None`` lets the
            engine choose its canonical split; a given split is checked.
    """

    laid: frozenset[Card] = attrs.field(default=frozenset(), converter=_to_frozenset)
    discard: Card | None = attrs.field(default=None, validator=_check_discard)
    table: tuple[Meld, ...] | None = attrs.field(default=None, converter=_to_table)

    @property
    def goes_out(self) -> bool:
        """Whether this take lays down every hand card (it has no discard; R16)."""
        return self.discard is None

    def __str__(self) -> str:
        parts = ["take"]
        if self.laid:
            parts.append("+" + "".join(map(str, sorted_cards(self.laid))))
        parts.append("out" if self.discard is None else f"-{self.discard}")
        if self.table is not None:
            parts.append("[" + " ".join(map(str, self.table)) + "]")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"parse_move('{self}')"


@attrs.frozen(repr=False)
class Decline:
    """Refuse the offered card (R11a), or pass one's own turned card (R11b)."""

    def __str__(self) -> str:
        return "decline"

    def __repr__(self) -> str:
        return "Decline()"


@attrs.frozen(repr=False)
class Force:
    """Make the opponent take the card he declined or passed (R14b)."""

    def __str__(self) -> str:
        return "force"

    def __repr__(self) -> str:
        return "Force()"


@attrs.frozen(repr=False)
class Release:
    """Let a declined card that fits the decliner's table go dead (R14b case a)."""

    def __str__(self) -> str:
        return "release"

    def __repr__(self) -> str:
        return "Release()"


Move: TypeAlias = Take | Decline | Force | Release
"""Any move."""

DECLINE: Final = Decline()
FORCE: Final = Force()
RELEASE: Final = Release()

_SIMPLE: Final[dict[str, Move]] = {"decline": DECLINE, "force": FORCE, "release": RELEASE}
_TAKE_RE: Final = re.compile(
    r"take(?:\s+\+(?P<laid>[^\s\[\]]+))?\s+(?:-(?P<discard>[^\s\[\]]+)|(?P<out>out))"
    r"(?:\s*\[(?P<table>[^\[\]]*)\])?",
    re.IGNORECASE,
)
MAX_MOVE_TEXT: Final = 200
"""The longest move text :func:`parse_move` reads (a move is far shorter)."""


def parse_move(text: str) -> Move:
    """Read a move from its notation (see the module documentation).

    The result is a well-formed move; whether it is legal depends on the position
    (:meth:`conquian.state.State.is_legal`).

    Raises:
        InvalidMoveNotationError: The text is not a move; the message says why.

    >>> parse_move("  DECLINE ")
    Decline()
    >>> parse_move("take +Jh -Jh")
    Traceback (most recent call last):
    ...
    conquian.errors.InvalidMoveNotationError: 'take +Jh -Jh': Jh is both laid and discarded
    """
    if not isinstance(text, str):
        raise InvalidMoveNotationError(f"a move is text, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveNotationError(
            f"a move is at most {MAX_MOVE_TEXT} characters; this text has {len(text)}"
        )
    stripped = text.strip()
    lowered = stripped.lower()
    simple = _SIMPLE.get(lowered)
    if simple is not None:
        return simple
    match = _TAKE_RE.fullmatch(stripped)
    if match is None:
        raise InvalidMoveNotationError(
            f"{stripped!r} is not a move: expected decline, force, release, or "
            "take [+CARDS] (-CARD | out) [[MELD ...]]"
        )
    try:
        laid = parse_cards(match["laid"] or "")
        discard = parse_cards(match["discard"])[0] if match["discard"] else None
        if match["discard"] and len(parse_cards(match["discard"])) != 1:
            raise InvalidMoveNotationError(f"{stripped!r}: discard exactly one card")
        table = None
        if match["table"] is not None:
            table = tuple(Meld(word) for word in match["table"].split())
    except InvalidMoveNotationError:
        raise
    except ConquianError as error:
        raise InvalidMoveNotationError(f"{stripped!r}: {error}") from None
    if discard is not None and discard in laid:
        raise InvalidMoveNotationError(f"{stripped!r}: {discard} is both laid and discarded")
    return Take(laid=frozenset(laid), discard=discard, table=table)


_TAKE_CACHE: Final[dict[int, Take]] = {}
_LAID_CACHE: Final[dict[int, frozenset[Card]]] = {}
_new = object.__new__
_set = object.__setattr__


def take_from_masks(laid: int, discard: int) -> Take:
    """The :class:`Take` laying the cards of mask ``laid`` and discarding card index
    ``discard`` (-1 to go out). Unchecked and shared between equal moves: engine use."""
    key = laid << 6 | (discard + 1)
    take = _TAKE_CACHE.get(key)
    if take is None:
        if len(_TAKE_CACHE) >= _bits.MEMO_LIMIT:
            _TAKE_CACHE.clear()
            _LAID_CACHE.clear()
        cards = _LAID_CACHE.get(laid)
        if cards is None:
            cards = _LAID_CACHE[laid] = frozenset(_bits.cards_of(laid))
        take = _new(Take)
        _set(take, "laid", cards)
        _set(take, "discard", None if discard < 0 else DECK[discard])
        _set(take, "table", None)
        _TAKE_CACHE[key] = take
    return take
