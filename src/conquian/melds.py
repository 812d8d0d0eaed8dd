"""Melds: groups and sequences (R4, R5), why cards are not a meld, and partitions (R6).

>>> from conquian import Meld, check_meld, explain_meld, partitions, parse_cards
>>> Meld("6c 7c Jc")
Meld('6c7cJc')
>>> Meld("5h 6h Jh")
Traceback (most recent call last):
...
conquian.errors.InvalidMeldError: 5h 6h Jh is not a sequence: 6h and Jh are not consecutive (R5)
>>> check_meld("Qh Kh Ah")
<MeldProblem.WRAPS_AROUND: 'wraps_around'>
>>> explain_meld(["Qh", "Kh", "Ah"])
'Qh Kh Ah is not a sequence: the ace is low, so Kh and Ah are not consecutive (R2)'
>>> [" ".join(map(str, split)) for split in partitions("5c 6c 7c Jc Jh Js")]
['5c6c7c JcJhJs']

Every function takes the rules whose maximum sequence length applies (R5, V4); the
default is the classic rule set.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Iterator
from typing import Any, Final

import attrs

from conquian import _bits
from conquian.cards import DECK, Card, format_cards, parse_cards
from conquian.errors import (
    ConquianError,
    InvalidCardError,
    InvalidMeldError,
    MeldProblem,
    bounded_items,
    describe,
)
from conquian.rules import CLASSIC, Regrouping, Rules, check_rules

# InvalidMeldError and MeldProblem live in conquian.errors; they stay importable from here.
__all__ = [
    "InvalidMeldError",
    "Meld",
    "MeldKind",
    "MeldProblem",
    "can_partition",
    "check_meld",
    "explain_meld",
    "fits",
    "is_meld",
    "partitions",
]

CardsLike = Iterable[Card | str] | str
"""Cards as text for :func:`parse_cards`, or an iterable of :class:`Card` values or card
texts (``["7h", "7c", "7s"]``)."""


class MeldKind(enum.Enum):
    """The two kinds of meld."""

    GROUP = "group"
    """Three or four cards of one rank (R4)."""
    SEQUENCE = "sequence"
    """Three or more consecutive cards of one suit (R5)."""


def _as_cards(cards: CardsLike) -> tuple[Card, ...]:
    """The cards of a meld argument; of an oversized iterable, only the first 41 (enough
    to know that they are no meld)."""
    if isinstance(cards, str):
        return parse_cards(cards, allow_duplicates=True)
    result = bounded_items(cards, "cards", "text or an iterable of Card values", 40)
    if all(card.__class__ is Card for card in result):
        return result
    return tuple(_one_card(card) for card in result)


def _one_card(card: object) -> Card:
    """An item of a card list: a Card, or the text of one card (``"7h"``)."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise InvalidCardError(f"{describe(card)} is not a Card", token=describe(card))


def _diagnose(cards: tuple[Card, ...], max_sequence: int) -> tuple[MeldProblem, str] | None:
    """The problem with ``cards`` as one meld, with a sentence, or ``None`` if valid."""
    shown = format_cards(cards) if len(cards) <= 12 else format_cards(cards[:6]) + " ..."
    if len(cards) > 40:
        return (
            MeldProblem.TOO_MANY_CARDS,
            f"{shown} is not a meld: more than 40 cards, and no meld holds more than "
            f"{max(4, max_sequence)}",
        )
    if len(set(cards)) != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        return MeldProblem.DUPLICATE_CARD, f"{shown} is not a meld: {twice} appears twice"
    if len(cards) < 3:
        return (
            MeldProblem.TOO_FEW_CARDS,
            f"{shown or 'an empty list'} is not a meld: a meld has at least 3 cards (R4, R5)",
        )
    if len({card.rank for card in cards}) == 1:
        return None  # R4: distinct cards of one rank are 3 or 4 cards of different suits.
    if len({card.suit for card in cards}) != 1:
        if len(cards) > max(4, max_sequence):
            return (
                MeldProblem.TOO_MANY_CARDS,
                f"{shown} is not a meld: {len(cards)} cards, and no meld holds more than "
                f"{max(4, max_sequence)}",
            )
        return (
            MeldProblem.MIXED_RANKS_AND_SUITS,
            f"{shown} is not a meld: the cards are neither all of one rank (R4) "
            "nor all of one suit (R5)",
        )
    ordered = sorted(cards, key=lambda card: card.rank)
    gaps = [(a, b) for a, b in itertools.pairwise(ordered) if b.rank != a.rank + 1]
    if not gaps:
        if len(cards) > max_sequence:
            return (
                MeldProblem.SEQUENCE_TOO_LONG,
                f"{shown} is not a sequence: {len(cards)} cards, and the longest "
                f"sequence is {max_sequence} (R5)",
            )
        return None
    if len(gaps) == 1 and ordered[0].rank == 1 and ordered[-1].rank == 10:
        return (
            MeldProblem.WRAPS_AROUND,
            f"{shown} is not a sequence: the ace is low, so {ordered[-1]} and {ordered[0]} "
            "are not consecutive (R2)",
        )
    low, high = gaps[0]
    return (
        MeldProblem.GAP,
        f"{shown} is not a sequence: {low} and {high} are not consecutive (R5)",
    )


def check_meld(cards: CardsLike, *, rules: Rules = CLASSIC) -> MeldProblem | None:
    """Why ``cards`` are not one meld, or ``None`` if they are. Never raises for bad melds.

    Raises:
        InvalidCardError: ``cards`` is text that is not a list of cards, or holds a value
            that is not a Card or the text of one.
        TypeError: ``cards`` is not text or an iterable, or ``rules`` is not a Rules.

    >>> check_meld("7h 7c 7s") is None
    True
    >>> check_meld("7h 7c")
    <MeldProblem.TOO_FEW_CARDS: 'too_few_cards'>
    """
    found = _diagnose(_as_cards(cards), check_rules(rules).max_sequence)
    return None if found is None else found[0]


def explain_meld(cards: CardsLike, *, rules: Rules = CLASSIC) -> str | None:
    """The sentence a player should read about why ``cards`` are not one meld (the message
    :class:`Meld` raises with), or ``None`` if they are one. Never raises for bad melds.

    It names the cards and the rule, where :func:`check_meld` gives the
    :class:`~conquian.errors.MeldProblem` a program acts on.

    Raises:
        InvalidCardError: ``cards`` is text that is not a list of cards, or holds a value
            that is not a Card or the text of one.
        TypeError: ``cards`` is not text or an iterable, or ``rules`` is not a Rules.

    >>> explain_meld("5h 6h Jh")
    '5h 6h Jh is not a sequence: 6h and Jh are not consecutive (R5)'
    >>> explain_meld(["7h", "7c"])
    '7h 7c is not a meld: a meld has at least 3 cards (R4, R5)'
    >>> explain_meld("7h 7c 7s") is None
    True
    """
    found = _diagnose(_as_cards(cards), check_rules(rules).max_sequence)
    return None if found is None else found[1]


def is_meld(cards: CardsLike, *, rules: Rules = CLASSIC) -> bool:
    """Whether ``cards`` form one valid group (R4) or sequence (R5).

    Raises:
        InvalidCardError: ``cards`` is text that is not a list of cards, or holds a value
            that is not a Card or the text of one.
        TypeError: ``cards`` is not text or an iterable, or ``rules`` is not a Rules.

    >>> is_meld("Ad 2d 3d"), is_meld("Qd Kd Ad"), is_meld("6s 7s Js")
    (True, False, True)
    >>> is_meld(["7h", "7c", "7s"])
    True
    """
    found = _diagnose(_as_cards(cards), check_rules(rules).max_sequence)
    return found is None


_MELD_CACHE: Final[dict[int, Meld]] = {}


@attrs.frozen(init=False, repr=False, order=False)
class Meld:
    """One valid meld: a group (R4) or a sequence (R5).

    ``Meld(cards)`` takes cards or text and raises
    :class:`~conquian.errors.InvalidMeldError` when they are not a meld under ``rules``.
    Two melds are equal when they hold the same cards; the cards are kept in a canonical
    display order (sequences by rank, groups by suit).
    A meld is iterable over its cards.

    Attributes:
        cards: The cards in display order.
        kind: :attr:`MeldKind.GROUP` or :attr:`MeldKind.SEQUENCE`.
        mask: The cards as a 40-bit int, bit ``card.index`` per card (for fast code).

    Raises:
        InvalidMeldError: The cards are not one meld (more than 40 are refused unread).
        InvalidCardError: Text that is not a list of cards, or a value that is not a Card
            or the text of one.
        TypeError: ``cards`` is not text or an iterable, or ``rules`` is not a Rules.

    >>> meld = Meld("Js 7s 6s")
    >>> meld.kind, str(meld), meld.pretty()
    (<MeldKind.SEQUENCE: 'sequence'>, '6s7sJs', '6♠ 7♠ J♠')
    """

    cards: tuple[Card, ...] = attrs.field(eq=False)
    kind: MeldKind = attrs.field(eq=False)
    mask: int

    def __init__(self, cards: CardsLike, *, rules: Rules = CLASSIC) -> None:
        given = _as_cards(cards)
        problem = _diagnose(given, check_rules(rules).max_sequence)
        if problem is not None:
            raise InvalidMeldError(problem[1], reason=problem[0], cards=given)
        mask = _bits.mask_of(given)
        ordered = _bits.cards_of(mask)
        kind = MeldKind.GROUP if ordered[0].rank == ordered[-1].rank else MeldKind.SEQUENCE
        self.__attrs_init__(ordered, kind, mask)

    @classmethod
    def parse(cls, text: str, *, rules: Rules = CLASSIC) -> Meld:
        """Read a meld from text such as ``5h6h7h`` or ``J♣ J♥ J♠`` (see :class:`Meld`)."""
        return cls(text, rules=rules)

    @classmethod
    def from_mask(cls, mask: int) -> Meld:
        """The meld whose cards are the bits of ``mask`` (bit ``card.index`` per card).

        A fast path for code that works with masks: melds are shared, built once each.

        Raises:
            TypeError: ``mask`` is not an int.
            InvalidMeldError: ``mask`` is not a meld under any rules (sequences up to 10).
        """
        if mask.__class__ is not int:  # before the cache, where 7.0 would find 7's meld
            raise TypeError(f"mask must be an int, not {describe(mask)}")
        meld = _MELD_CACHE.get(mask)
        if meld is None:
            if mask not in _bits.meld_table(10).meld_set:
                if not 0 < mask < 1 << 40:
                    raise InvalidMeldError(
                        f"{describe(mask)} is not a mask of cards",
                        reason=MeldProblem.TOO_FEW_CARDS,
                        cards=(),
                    )
                cards = _bits.cards_of(mask)
                reason, message = _diagnose(cards, 10) or (MeldProblem.TOO_FEW_CARDS, "")
                raise InvalidMeldError(message, reason=reason, cards=cards)
            meld = object.__new__(cls)
            ordered = _bits.cards_of(mask)
            kind = MeldKind.GROUP if ordered[0].rank == ordered[-1].rank else MeldKind.SEQUENCE
            meld.__attrs_init__(ordered, kind, mask)
            _MELD_CACHE[mask] = meld
        return meld

    def pretty(self) -> str:
        """The cards with suit symbols, such as ``J♣ J♥ J♠``."""
        return format_cards(self.cards, style="pretty")

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __str__(self) -> str:
        return "".join(map(str, self.cards))

    def _repr_svg_(self) -> str:
        """The meld as a picture, for Jupyter (see :mod:`conquian.svg`)."""
        from conquian import svg  # lazily: the drawing layer sits above this one

        return svg.meld(self)

    def __repr__(self) -> str:
        return f"Meld('{self}')"


_CARD_COLLECTIONS: Final = frozenset({list, tuple, set, frozenset})


_CARDS_OR_MELDS: Final = "text or an iterable of Card or Meld values"


def _mask_of_distinct(items: Iterable[Card | Meld | str] | str) -> int:
    """The mask of cards (or the cards of melds); a repeated card is an error. Of an
    oversized iterable only the first 41 items are read: they repeat a card."""
    if items.__class__ in _CARD_COLLECTIONS and len(items) <= 40:
        # The common case, cards in a list, tuple or set: one class test and one "or" a
        # card, and one count for repeats (4x the general loop's speed). Anything else,
        # and any error, takes the general loop, which says what is wrong.
        mask = 0
        for item in items:
            if item.__class__ is not Card:
                break
            mask |= 1 << item.index
        else:
            if mask.bit_count() == len(items):
                return mask
    elif isinstance(items, str):
        return _bits.mask_of(parse_cards(items))
    mask = 0
    given = bounded_items(items, "cards", _CARDS_OR_MELDS, 40)
    for index, item in enumerate(given):
        if item.__class__ is Card:  # the common case first: one class test
            bits = 1 << item.index
        elif isinstance(item, Meld):
            bits = item.mask
        elif isinstance(item, Card):
            bits = 1 << item.index
        elif isinstance(item, str):  # the text of one card, "7h"
            bits = 1 << Card.parse(item).index
        else:
            raise InvalidCardError(
                f"{describe(item)} is not a Card", token=describe(item), index=index
            )
        if mask & bits:
            twice = DECK[_bits.low_index(mask & bits)]
            raise InvalidCardError(f"{twice} appears twice", token=str(twice), index=index)
        mask |= bits
    return mask


def can_partition(cards: Iterable[Card | Meld | str] | str, *, rules: Rules = CLASSIC) -> bool:
    """Whether the cards split into separate valid melds, each card in exactly one (R6).

    No cards at all split trivially (into no melds).

    Raises:
        InvalidCardError: A card is given twice, a value is not a Card, Meld or the text
            of a card, or text is not a list of cards.
        TypeError: ``cards`` is not text or an iterable, or ``rules`` is not a Rules.

    >>> can_partition("5c 6c 7c Jc Jh Js"), can_partition("5c 6c 7c Jc Jh")
    (True, False)
    """
    return _bits.meld_table(check_rules(rules).max_sequence).can_partition(
        _mask_of_distinct(cards)
    )


def partitions(
    cards: Iterable[Card | Meld | str] | str, *, rules: Rules = CLASSIC
) -> list[tuple[Meld, ...]]:
    """Every way to split the cards into separate valid melds, each way exactly once.

    The order is deterministic: within a split, melds are ordered by their lowest card
    in :data:`~conquian.cards.DECK` order; splits are ordered by their first meld, longest first.

    Raises:
        InvalidCardError: A card is given twice, a value is not a Card, Meld or the text
            of a card, or text is not a list of cards.
        TypeError: ``cards`` is not text or an iterable, or ``rules`` is not a Rules.

    >>> for split in partitions("5c 6c 7c Jc Jd Jh Js"):
    ...     print(*split)
    5c6c7cJc JdJhJs
    5c6c7c JcJdJhJs
    """
    table = _bits.meld_table(check_rules(rules).max_sequence)
    return [
        tuple(Meld.from_mask(meld) for meld in split)
        for split in table.partitions(_mask_of_distinct(cards))
    ]


def fits(card: Card, table: Iterable[Card | Meld | str] | str, *, rules: Rules = CLASSIC) -> bool:
    """Whether ``card`` fits a table: the table's cards plus it alone split into melds
    (R14a), regrouped as ``rules`` allow (V2).

    Under free regrouping (the classic rules) only the table's cards matter, so it may be
    given as text, cards or melds. Under regrouping ``borrow`` or ``none`` its melds
    matter (the card must join one, form a new one, or, with ``borrow``, take a card
    borrowed from one), so it must be given as its melds, :class:`Meld` values. This is
    the test the engine makes before a force (R14b).

    Raises:
        InvalidCardError: ``card`` is already on the table, a card is given twice, or a
            value is not a Card, Meld or the text of a card.
        ConquianError: Under regrouping ``borrow`` or ``none``, the table is not given as
            Meld values.
        InvalidMeldError: Under regrouping ``borrow`` or ``none``, a meld of the table is
            too long for ``rules`` (V4).
        TypeError: ``card`` is not a Card, ``table`` is not text or an iterable, or
            ``rules`` is not a Rules.

    >>> from conquian import Card, Meld, Rules
    >>> fits(Card.parse("5c"), "6c 7c Jc"), fits(Card.parse("5h"), "6c 7c Jc")
    (True, False)
    >>> table = [Meld("4c 5c 6c"), Meld("7c 7d 7h 7s")]
    >>> fits(Card.parse("Jc"), table), fits(Card.parse("Jc"), table, rules=Rules.parse("foster"))
    (True, False)
    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a Card, not {describe(card)}")
    check_rules(rules)
    melds = _bits.meld_table(rules.max_sequence)
    free = rules.regrouping is Regrouping.FREE
    items = table
    if not free and not isinstance(table, str):  # its melds are read again below
        items = bounded_items(table, "table", _CARDS_OR_MELDS, 40)
    mask = _mask_of_distinct(items)
    if mask >> card.index & 1:
        raise InvalidCardError(f"{card} is already on the table", token=str(card))
    if free:
        return fits_mask(melds, mask, card.index, None, rules)
    given: tuple[Any, ...] = () if isinstance(items, str) else tuple(items)
    if mask and not (given and all(isinstance(item, Meld) for item in given)):
        raise ConquianError(
            f"under regrouping {rules.regrouping.value} (V2) the melds of a table matter, "
            "not only its cards: give the table as Meld values"
        )
    # Meld(...) refuses a sequence too long for the rules (V4).
    arrangement = _bits.arrangement(Meld(meld, rules=rules).mask for meld in given)
    return fits_mask(melds, mask, card.index, arrangement, rules)


def fits_mask(
    melds: _bits.MeldTable,
    table: int,
    card: int,
    arrangement: tuple[int, ...] | None,
    rules: Rules,
) -> bool:
    """R14a on masks, the one definition the package uses (:func:`fits`, the engine's
    force, the check of a position): card index ``card`` fits the table ``table`` (a
    mask) with the meld table ``melds`` of ``rules``, regrouped as ``rules`` allow (V2;
    ``arrangement`` is the table's melds under regrouping borrow or none, else ``None``).
    An empty table holds no card: one card is no meld (R4, R5).

    >>> from conquian import CLASSIC, Card, parse_cards
    >>> table = sum(1 << card.index for card in parse_cards("6c 7c Jc"))
    >>> melds = _bits.meld_table(CLASSIC.max_sequence)
    >>> fits_mask(melds, table, Card.parse("5c").index, None, CLASSIC)
    True
    """
    if not table:
        return False
    return melds.fits(table, card, arrangement, rules.regrouping is Regrouping.BORROW)
