"""Moves: the things a player can do, as frozen values with a text notation.

A move does not name its player: it is always made by the player to move (see
:attr:`conquian.state.State.to_move`).

===========================================  ==========================================
notation                                     meaning
===========================================  ==========================================
``take -3d``                                 take the offered card, discard 3d (R11)
``take +JhJs -3d``                           ... and lay down Jh and Js from the hand
``take +JhJs4c out``                         ... lay down every hand card: go out (R16)
``take +JhJs -3d [5c6c7c JcJhJs]``           ... naming the new table's split (R13)
``lay +JhJsJc``                              lay down hand cards, keeping the offer (V3)
``decline``                                  refuse the offer, or pass one's card (R11)
``force``                                    make the decliner take the card (R14b)
``release``                                  let a declined card go dead (R14b)
``give 7h``                                  give 7h in the opening exchange (M10)
===========================================  ==========================================

>>> from conquian import parse_move, Take, Card
>>> move = parse_move("take +JhJs -3d")
>>> move == Take(laid=frozenset({Card.parse("Jh"), Card.parse("Js")}), discard=Card.parse("3d"))
True
>>> str(move)
'take +JhJs -3d'
"""

from __future__ import annotations

import bisect
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, SupportsIndex, TypeAlias, overload

import attrs

from conquian import _bits
from conquian._slots import new_instance, set_slots_state, slot_setters, slots_state
from conquian.cards import DECK, Card, parse_cards
from conquian.errors import (
    ConquianError,
    InvalidMoveNotationError,
    bounded_items,
    checked_text,
    describe,
)
from conquian.melds import Meld
from conquian.rules import Rules

__all__ = [
    "Decline",
    "Force",
    "Give",
    "LayDown",
    "LegalMoves",
    "Move",
    "Release",
    "Take",
    "parse_move",
]


def _to_table(melds: Iterable[Meld] | None) -> tuple[Meld, ...] | None:
    if melds is None:
        return None
    result = bounded_items(melds, "table", "an iterable of Meld values or None", 40)
    for meld in result:
        if not isinstance(meld, Meld):
            raise TypeError(f"table must hold Meld values, not {describe(meld)}")
    if not result:
        raise ValueError("table names the melds of the whole new table, so at least one")
    if len(result) > 40:
        raise ValueError("table names at most 40 melds")
    return result


def _laid_mask(laid: Iterable[Card]) -> int:
    """The mask of ``laid``, checked to be at most 40 Card values."""
    cards = bounded_items(laid, "laid", "an iterable of Card values", 40)
    if len(cards) > 40:
        raise ValueError("laid holds at most 40 cards")
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"laid must hold Card values, not {describe(card)}")
        mask |= 1 << card.index
    return mask


@attrs.frozen(init=False, repr=False)
class Take:
    """Take the offered card onto the table (R11 "Take"), as chosen or when forced (R14b).

    ``Take(laid, discard, table)``. Equal takes lay the same cards, discard the same card
    and name the same arrangement.

    Args:
        laid: Hand cards laid down with the taken card (not the taken card itself).
        discard: The hand card discarded afterwards, or ``None`` when the take lays down
            every hand card and goes out (R16).
        table: Optionally, the player's whole new table as melds (R13). ``None`` lets the
            engine choose its canonical split; a given split is checked.

    Raises:
        TypeError: An argument is not made of :class:`~conquian.cards.Card` or
            :class:`~conquian.melds.Meld` values.
        ValueError: ``table`` names no meld, or ``laid`` holds more than 40 cards.
        ConquianError: ``discard`` is also among the ``laid`` cards.
    """

    laid_mask: int
    """The laid cards as a 40-bit int, bit ``card.index`` per card (for fast code)."""
    discard_index: int
    """The discarded card's index, or ``NO_DISCARD`` (-1) when the take goes out."""
    table: tuple[Meld, ...] | None
    """The named split of the new table, or ``None`` for the engine's canonical one."""

    def __init__(
        self,
        laid: Iterable[Card] = frozenset(),
        discard: Card | None = None,
        table: Iterable[Meld] | None = None,
    ) -> None:
        mask = _laid_mask(laid)
        if discard is not None:
            if not isinstance(discard, Card):
                raise TypeError(f"discard must be a Card or None, not {describe(discard)}")
            if mask >> discard.index & 1:  # no move can do both: parse_move refuses it too
                raise ConquianError(f"{discard} is both laid and discarded")
        self.__attrs_init__(mask, -1 if discard is None else discard.index, _to_table(table))

    @property
    def laid(self) -> frozenset[Card]:
        """Hand cards laid down with the taken card (not the taken card itself)."""
        return _bits.card_set(self.laid_mask)

    @property
    def discard(self) -> Card | None:
        """The hand card discarded after the take, or ``None`` when it goes out (R16)."""
        return None if self.discard_index == NO_DISCARD else DECK[self.discard_index]

    @property
    def goes_out(self) -> bool:
        """Whether this take lays down every hand card (it has no discard; R16)."""
        return self.discard_index == NO_DISCARD

    def __str__(self) -> str:
        parts = ["take"]
        if self.laid_mask:
            parts.append("+" + "".join(map(str, _bits.cards_of(self.laid_mask))))
        parts.append("out" if self.discard_index == NO_DISCARD else f"-{DECK[self.discard_index]}")
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


@attrs.frozen(init=False, repr=False)
class LayDown:
    """Lay down hand cards on the table without taking the offered card (V3).

    Only under rules with ``meld_from_hand``, by a player who has just turned up a stock
    card, before he takes or passes it. ``LayDown(laid, table)``; equal values lay the
    same cards and name the same arrangement.

    Args:
        laid: The hand cards laid down (at least one).
        table: Optionally, the player's whole new table as melds (R13); required by rules
            whose regrouping is not free.

    Raises:
        TypeError: An argument is not made of Card or Meld values.
        ValueError: ``laid`` holds no card (or more than 40), or ``table`` names no meld.
    """

    laid_mask: int
    """The laid cards as a 40-bit int, bit ``card.index`` per card (for fast code)."""
    table: tuple[Meld, ...] | None
    """The named split of the new table, or ``None`` for the engine's canonical one."""

    def __init__(self, laid: Iterable[Card], table: Iterable[Meld] | None = None) -> None:
        mask = _laid_mask(laid)
        if not mask:
            raise ValueError("a lay-down lays at least one card")
        self.__attrs_init__(mask, _to_table(table))

    @property
    def laid(self) -> frozenset[Card]:
        """The hand cards laid down."""
        return _bits.card_set(self.laid_mask)

    def __str__(self) -> str:
        text = "lay +" + "".join(map(str, _bits.cards_of(self.laid_mask)))
        if self.table is not None:
            text += " [" + " ".join(map(str, self.table)) + "]"
        return text

    def __repr__(self) -> str:
        return f"parse_move('{self}')"


@attrs.frozen(repr=False)
class Give:
    """Choose the hand card to give to the next player in the opening exchange (M10).

    ``Give(card)``. Equal gives give the same card. In a player's view of the history
    (:meth:`State.observation <conquian.state.State.observation>`) a give he may not see
    holds ``card=None``, written ``give ?``: such a value is never a legal move.

    Raises:
        TypeError: ``card`` is not a :class:`~conquian.cards.Card` or ``None``.

    >>> print(Give(Card.parse("7h")), Give(None))
    give 7h give ?
    """

    card: Card | None = attrs.field()

    @card.validator
    def _check_card(self, _: object, card: object) -> None:
        if card is not None and card.__class__ is not Card:
            raise TypeError(f"card must be a Card or None, not {describe(card)}")

    def __str__(self) -> str:
        return f"give {UNSEEN_CARD if self.card is None else self.card}"

    def __repr__(self) -> str:
        return f"parse_move('{self}')"


UNSEEN_CARD: Final = "?"
"""How a give's card that the viewer may not see is written (``give ?``, M10)."""

Move: TypeAlias = Take | LayDown | Decline | Force | Release | Give
"""Any move."""

DECLINE: Final = Decline()
GIVES: Final = tuple(Give(card) for card in DECK)
"""The give of each card, by card index (shared by the engine's legal moves, M10)."""
FORCE: Final = Force()
RELEASE: Final = Release()

_SIMPLE: Final[dict[str, Move]] = {"decline": DECLINE, "force": FORCE, "release": RELEASE}
MOVE_VERBS: Final = frozenset(("take", "lay", "give", *_SIMPLE))
"""The words a move's notation starts with (``take``, ``lay``, ``decline``, ...)."""
NO_DISCARD: Final = -1
"""The :attr:`Take.discard_index` of a take that goes out (it has no discard, R16)."""
_ANY_RULES: Final = Rules(max_sequence=10)
MAX_MOVE_TEXT: Final = 200
"""The longest move text :func:`parse_move` reads (a move is far shorter)."""
_FORMS: Final = (
    "decline, force, release, take [+CARDS] (-CARD | out) [[MELD ...]], lay +CARDS [[MELD ...]]"
    " or give CARD"
)


def parse_move(text: str) -> Move:
    """Read a move from its notation (see the module documentation).

    The result is a well-formed move; whether it is legal depends on the position
    (:meth:`conquian.state.State.is_legal`). Every move this accepts writes itself back
    as text that reads to an equal move: ``parse_move(str(move)) == move``.

    Args:
        text: The move's notation; case, extra spaces and suit symbols do not matter.

    Raises:
        InvalidMoveNotationError: The text is not a move; the message says what is wrong
            with it (an unknown word, a missing ``-`` before the discard, a card that is
            not a card, an empty card list, an arrangement that is not closed, ...).

    >>> parse_move("  DECLINE ")
    Decline()
    >>> parse_move("take +Jh -Jh")
    Traceback (most recent call last):
    ...
    conquian.errors.InvalidMoveNotationError: 'take +Jh -Jh': Jh is both laid and discarded
    >>> try:
    ...     parse_move("take +JhJs 3d")
    ... except InvalidMoveNotationError as error:
    ...     print(error)
    'take +JhJs 3d': '3d' is not -CARD, +CARDS or out (is a '-' missing before the discard?)
    """
    stripped = checked_text(text, "a move", MAX_MOVE_TEXT, InvalidMoveNotationError).strip()
    simple = _SIMPLE.get(stripped.lower())
    if simple is not None:
        return simple
    try:
        return _read_move(stripped)
    except ConquianError as error:
        quoted, reason = describe(stripped), str(error)
        # A one-word text is already named by the reason; don't name it twice.
        message = reason if reason.startswith(quoted) else f"{quoted}: {reason}"
        raise InvalidMoveNotationError(message) from None


def _read_move(text: str) -> Move:
    """The move of stripped ``text`` that is not a simple move; errors say what is wrong
    (the caller puts the text in front)."""
    head, table = _split_table(text)
    words = head.split()
    if not words:
        raise InvalidMoveNotationError(f"empty text is not a move; a move is {_FORMS}")
    verb = words[0].lower()
    if verb in _SIMPLE:
        raise InvalidMoveNotationError(f"{verb} is a whole move: nothing may follow it")
    if verb == "give":
        if len(words) != 2 or table is not None:
            raise InvalidMoveNotationError("a give is give CARD, the hand card it gives (M10)")
        if words[1] == UNSEEN_CARD:
            return Give(None)
        cards = parse_cards(words[1])
        if len(cards) != 1:
            raise InvalidMoveNotationError(f"a give gives one card, not {len(cards)} (M10)")
        return Give(cards[0])
    if verb == "lay":
        if len(words) != 2 or not words[1].startswith("+"):
            raise InvalidMoveNotationError("a lay-down is lay +CARDS, the hand cards it lays down")
        return LayDown(_read_cards(words[1][1:], "+"), table)
    if verb != "take":
        raise InvalidMoveNotationError(
            f"{describe(words[0], 12)} is not a move; a move is {_FORMS}"
        )
    laid: tuple[Card, ...] = ()
    discard: Card | None = None
    end: str | None = None
    for word in words[1:]:
        if end is not None:
            raise InvalidMoveNotationError(f"nothing may follow {end} but an arrangement in [ ]")
        if word.startswith("+"):
            if laid:
                raise InvalidMoveNotationError("the laid cards are given once, as one +CARDS")
            laid = _read_cards(word[1:], "+")
        elif word.startswith("-"):
            cards = _read_cards(word[1:], "-")
            if len(cards) != 1:
                raise InvalidMoveNotationError(f"a take discards one card, not {len(cards)}")
            discard, end = cards[0], word
        elif word.lower() == "out":
            end = "out"
        else:
            raise InvalidMoveNotationError(
                f"{describe(word, 12)} is not -CARD, +CARDS or out"
                + (" (is a '-' missing before the discard?)" if _is_card(word) else "")
            )
    if end is None:
        raise InvalidMoveNotationError("a take ends with -CARD (its discard) or out (R16)")
    if discard is not None and discard in laid:
        raise InvalidMoveNotationError(f"{discard} is both laid and discarded")
    return Take(laid, discard, table)


def _split_table(text: str) -> tuple[str, tuple[Meld, ...] | None]:
    """The text before an arrangement ``[MELD ...]`` and the arrangement's melds: any
    meld of any rules (sequences up to 10); the game's rules decide if it is allowed."""
    start = text.find("[")
    if start < 0:
        if "]" in text:
            raise InvalidMoveNotationError("']' closes no arrangement")
        return text, None
    inside, close, after = text[start + 1 :].partition("]")
    if not close:
        raise InvalidMoveNotationError("the arrangement opened with '[' is not closed with ']'")
    if "[" in inside or after.strip():
        raise InvalidMoveNotationError("a move names one arrangement [MELD ...], at its end")
    words = inside.split()
    if not words:
        raise InvalidMoveNotationError("the arrangement [ ] names no meld")
    return text[:start], tuple(Meld(word, rules=_ANY_RULES) for word in words)


def _read_cards(text: str, sign: str) -> tuple[Card, ...]:
    """The cards after a ``+`` or ``-`` sign: at least one."""
    cards = parse_cards(text)
    if not cards:
        raise InvalidMoveNotationError(f"'{sign}' is followed by no card")
    return cards


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except ConquianError:
        return False
    return True


_TAKE_MEMO: Final = _bits.BoundedMemo[int, Take](_bits.OBJECT_MEMO_LIMIT, "takes")
_set_laid, _set_discard, _set_table = slot_setters(Take, "laid_mask", "discard_index", "table")


def take_from_masks(laid: int, discard: int) -> Take:
    """The :class:`Take` laying the cards of mask ``laid`` and discarding card index
    ``discard`` (-1 to go out). Unchecked and shared between equal moves: engine use."""
    key = laid << 6 | (discard + 1)
    take = _TAKE_MEMO.get(key)
    if take is None:
        take = new_instance(Take)
        _set_laid(take, laid)
        _set_discard(take, discard)
        _set_table(take, None)
        _TAKE_MEMO.put(key, take)
    return take


def take_with_table(laid: int, discard: int, table: tuple[Meld, ...]) -> Take:
    """A :class:`Take` naming its arrangement. Unchecked: engine use."""
    take = new_instance(Take)
    _set_laid(take, laid)
    _set_discard(take, discard)
    _set_table(take, table)
    return take


handed: tuple[object, Move | None] = (None, None)
"""``(position, take)``: the last take a :class:`TakeMoves` built by indexing, with the
position tuple that its moves are legal in (``None`` if it was built without one).

:meth:`State.apply <conquian.state.State.apply>` does not check a take that is this very
object, played in this very position (both compared by identity): the legal moves built
it there, so it is legal by construction, and the check would only say so again. A
random or searching player picks a move by index and plays it at once, so the take it
plays is the one handed out (1.2 µs of checking fewer a take, 2.4% fewer instructions in
random self-play: callgrind, 300 new deals). Any other move, a take built elsewhere
(from text, a builder, an observation's legal moves) or a move for a named ``player`` is
checked as before.

Safe under threads: the pair is replaced whole, by one store, so a thread reads a pair
that one thread wrote; if another thread's take was handed out since, the two objects
are not the ones applied and the take is checked. The pair holds its position, so the
position's identity cannot pass to another object while it is kept here.
"""


class LegalMoves(Sequence[Move]):
    """The legal moves of one position: an immutable sequence whose moves are built lazily.

    It behaves like a tuple of moves (``len``, indexing, slicing to a tuple, iteration,
    ``in``, ``index``, ``count``, ``==`` with any sequence of moves, a tuple-like ``repr``),
    but a :class:`Take` is only built when it is looked at, so knowing how many moves
    there are and picking one costs far less than building them all. ``move in moves`` is
    a mask test, not a search. Returned by :meth:`conquian.state.State.legal_moves`.

    >>> from conquian import State
    >>> moves = State.new(seed=7).legal_moves()
    >>> len(moves), moves[-1], moves == tuple(moves)
    (1, Decline(), True)
    """

    __slots__ = ()

    def index(
        self, value: object, start: SupportsIndex = 0, stop: SupportsIndex = sys.maxsize
    ) -> int:
        """The position of ``value``; :class:`ValueError` if it is not a legal move.
        ``start`` and ``stop`` limit the search as for a tuple."""
        start, stop, _ = slice(start, stop).indices(len(self))
        for position, move in enumerate(self):
            if move == value and start <= position < stop:
                return position
        raise ValueError(f"{describe(value)} is not a legal move here")

    def count(self, value: object) -> int:
        """1 if ``value`` is a legal move, else 0 (each legal move is listed once)."""
        return int(value in self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return len(other) == len(self) and all(
                a == b for a, b in zip(self, other, strict=True)
            )
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


class MoveTuple(tuple[Move, ...], LegalMoves):
    """Legal moves without a take (most positions): a real tuple, so that counting and
    indexing them cost no Python call. Compares, hashes and reads like any LegalMoves."""

    __slots__ = ()

    __eq__ = LegalMoves.__eq__
    __ne__ = LegalMoves.__ne__
    __hash__ = tuple.__hash__  # the hash of the tuple of the moves, as LegalMoves has
    __repr__ = LegalMoves.__repr__
    index = LegalMoves.index


class TakeMoves(LegalMoves):
    """Legal moves with takes, each built only when it is looked at."""

    __slots__ = (
        "_all",
        "_ends",
        "_extra",
        "_hand",
        "_laid_lookup",
        "_laids",
        "_position",
        "_tables",
        "_takes",
    )
    __setstate__ = set_slots_state

    def __init__(
        self,
        hand: int,
        laids: Sequence[int],
        extra: tuple[Move, ...],
        tables: Sequence[tuple[Meld, ...]] | None = None,
        position: object = None,
    ) -> None:
        """Takes of the hand cards ``hand`` laying each mask of ``laids`` (in order, each a
        subset of ``hand``), each with every discard of the rest of the hand, then the
        ``extra`` moves. With ``tables``, the take laying ``laids[i]`` names the
        arrangement ``tables[i]``. ``position`` is the position tuple the moves are legal
        in, if the engine built them from it (see :data:`handed`)."""
        ends: list[int] = []
        total = 0
        for laid in laids:
            # The rest of the hand as hand ^ laid, as laid is a subset of it: one
            # operation on a 40-bit int where hand & ~laid is two (0.3% fewer
            # instructions in random self-play, callgrind, warm memos; 0.15% more in
            # __getitem__).
            total += (hand ^ laid).bit_count() or 1
            ends.append(total)
        self._hand = hand
        self._laids = laids
        self._ends = ends
        self._takes = total
        self._extra = extra
        self._tables = tables
        self._laid_lookup: frozenset[int] | None = None
        self._all: frozenset[Move] | None = None
        self._position = position

    def __getstate__(self) -> dict[str, object]:
        """The slots, with no position (pickling with protocols 0 and 1 too): a copy is
        never the position a state holds, so :data:`handed` could not use it."""
        state = slots_state(self)
        state["_position"] = None
        return state

    def __len__(self) -> int:
        return self._takes + len(self._extra)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        takes = self._takes
        if index.__class__ is int:
            if takes <= index:
                return self._extra[index - takes]  # a simple move (IndexError past them)
            if index >= 0:
                # A take, the commonest index, without the checks below, which a
                # negative index or a slice needs (0.4% fewer instructions in random
                # self-play, callgrind, warm memos).
                return self._take(index)
        if isinstance(index, slice):
            return tuple(self)[index]
        size = takes + len(self._extra)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal move index out of range")
        if index >= takes:
            return self._extra[index - takes]
        return self._take(index)

    def _take(self, index: int) -> Move:
        """The take at ``index``, from 0 to the number of takes less one."""
        position = bisect.bisect_right(self._ends, index)
        laid = self._laids[position]
        rest = self._hand ^ laid  # the rest of the hand (laid is a subset, see __init__)
        if rest:
            for _ in range(index - (self._ends[position - 1] if position else 0)):
                rest &= rest - 1
            discard = (rest & -rest).bit_length() - 1
        else:
            discard = NO_DISCARD  # every hand card is laid: the take goes out (R16)
        global handed
        if self._tables is not None:
            take = take_with_table(laid, discard, self._tables[position])
        else:
            take = take_from_masks(laid, discard)
        handed = (self._position, take)  # one store: see handed
        return take

    def __iter__(self) -> Iterator[Move]:
        hand = self._hand
        if self._tables is not None:
            for laid, table in zip(self._laids, self._tables, strict=True):
                rest = hand & ~laid
                for index in _bits.indices(rest) if rest else (-1,):
                    yield take_with_table(laid, index, table)
            yield from self._extra
            return
        for laid in self._laids:
            rest = hand & ~laid
            if rest:
                for index in _bits.indices(rest):
                    yield take_from_masks(laid, index)
            else:
                yield take_from_masks(laid, -1)
        yield from self._extra

    def __contains__(self, move: object) -> bool:
        if self._tables is not None:
            every = self._all
            if every is None:
                every = self._all = frozenset(self)
            return move in every
        if isinstance(move, Take):
            if move.table is not None or move.laid_mask not in self._laid_set():
                return False
            rest = self._hand & ~move.laid_mask
            discard = move.discard_index
            return not rest if discard < 0 else bool(rest >> discard & 1)
        return move in self._extra

    def _laid_set(self) -> frozenset[int]:
        lookup = self._laid_lookup
        if lookup is None:
            lookup = self._laid_lookup = frozenset(self._laids)
        return lookup

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TakeMoves):
            return (
                self._takes == other._takes
                and self._extra == other._extra
                and list(self._laids) == list(other._laids)
                and (not self._laids or self._hand == other._hand)
                and (None if self._tables is None else list(self._tables))
                == (None if other._tables is None else list(other._tables))
            )
        return super().__eq__(other)

    __hash__ = LegalMoves.__hash__
