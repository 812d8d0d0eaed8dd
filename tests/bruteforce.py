"""An independent, slow definition of melds and partitions, to hold the fast code to.

Nothing here is imported from :mod:`conquian` except the public :class:`Card`,
:class:`Rank` and :class:`Suit` types. The definitions are read straight off RULES.md:

- R2: the play order is the list :data:`PLAY_ORDER`; positions in it are list indices,
  not the values of :class:`Rank`, so a mistake in ``Rank`` cannot hide here.
- R4: a group is 3 or 4 cards of one rank, of different suits.
- R5: a sequence is 3 to ``max_sequence`` cards of one suit whose positions in the play
  order are consecutive, with no wrapping (R2).
- R6: a partition is a set of disjoint melds whose union is all the cards. Instead of
  enumerating every set partition (Bell(11) = 678,570 of them for 11 cards), the block
  holding the first remaining card is chosen among every subset of the remaining cards
  that holds it and is a meld, then the rest is split recursively. Every set partition
  whose blocks are all melds is found exactly once this way.
- R14a: a card fits a table when the table's cards plus that card have a partition.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from conquian import Card, Rank, Suit

__all__ = [
    "PLAY_ORDER",
    "SUIT_ORDER",
    "Split",
    "bf_fits",
    "bf_is_meld",
    "bf_partitions",
    "cyclically_consecutive",
    "linearly_consecutive",
    "position",
]

PLAY_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)
"""R2: ``A 2 3 4 5 6 7 J Q K``, the ace low, the 7 next to the jack."""

SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The canonical suit order (clubs, diamonds, hearts, spades)."""

Split = frozenset[frozenset[Card]]
"""One partition: a set of melds, each a set of cards."""


def position(rank: Rank) -> int:
    """The 0-based place of ``rank`` in the play order (R2)."""
    return PLAY_ORDER.index(rank)


def linearly_consecutive(ranks: Sequence[Rank]) -> bool:
    """Whether the distinct ``ranks`` form one unbroken run of the play order (R2, R5)."""
    places = sorted(position(rank) for rank in ranks)
    return places == list(range(places[0], places[0] + len(places)))


def cyclically_consecutive(ranks: Sequence[Rank]) -> bool:
    """Whether the distinct ``ranks`` would be one run if the king were next to the ace."""
    places = {position(rank) for rank in ranks}
    size = len(PLAY_ORDER)
    return any(
        places == {(start + step) % size for step in range(len(places))} for start in range(size)
    )


def bf_is_meld(cards: Sequence[Card], max_sequence: int = 8) -> bool:
    """R4 or R5, read literally. ``cards`` may hold a card twice (then it is no meld)."""
    if len(set(cards)) != len(cards):
        return False  # R1: the pack holds each card once.
    ranks = [card.rank for card in cards]
    suits = [card.suit for card in cards]
    is_group = len(cards) in (3, 4) and len(set(ranks)) == 1 and len(set(suits)) == len(cards)
    is_sequence = (
        3 <= len(cards) <= max_sequence and len(set(suits)) == 1 and linearly_consecutive(ranks)
    )
    return is_group or is_sequence


def _splits(cards: tuple[Card, ...], max_sequence: int) -> Iterator[Split]:
    if not cards:
        yield frozenset()
        return
    first, rest = cards[0], cards[1:]
    for size in range(2, len(rest) + 1):
        for others in combinations(rest, size):
            block = (first, *others)
            if not bf_is_meld(block, max_sequence):
                continue
            remaining = tuple(card for card in rest if card not in others)
            for split in _splits(remaining, max_sequence):
                yield split | {frozenset(block)}


def bf_partitions(cards: Sequence[Card], max_sequence: int = 8) -> list[Split]:
    """Every split of the distinct ``cards`` into melds (R6), as a list without repeats.

    No cards at all have exactly one split, the empty one.
    """
    if len(set(cards)) != len(cards):
        raise ValueError("bf_partitions needs distinct cards")
    return list(_splits(tuple(cards), max_sequence))


def bf_fits(card: Card, table: Sequence[Card], max_sequence: int = 8) -> bool:
    """R14a: the table's cards plus ``card`` alone can be split into melds."""
    return bool(bf_partitions([*table, card], max_sequence))
