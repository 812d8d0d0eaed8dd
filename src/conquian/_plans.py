"""Private: meld plans, how near a player's cards are to going out.

A player goes out with 11 cards in melds (R16). A **plan** for his ten cards (hand and
table, R14) is a set of disjoint melds of 11 cards in all that holds his whole table (the
table never shrinks, R6) and whose other cards are still unseen by him. The cards of his
ten that a plan uses are *kept*; each missing card is one take, so the plan that keeps the
most is the one with the fewest takes to go out (keeping 10 of 10 is waiting for one card).

A plan counts only melds that takes can build. A taken card goes on the table at once, in
a valid meld (R11, R6): a meld still missing cards must already hold two of its cards such
that one more makes a meld (two of a rank; or two of a suit that one card joins into a run
of three, at an end or in a single gap). Its *takeable* cards are those next cards: each
unseen takeable card of a best plan brings the player a take nearer to going out.

Everything here speaks in card masks (bit ``card.index`` per card), like ``_bits``.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from conquian._bits import RANK_SPREAD, SUIT_BITS, MeldTable, meld_table

__all__ = ["Prospect", "prospect"]

_OUT: Final = 11  # the cards of a table that goes out (R16)


class Prospect(NamedTuple):
    """How near ten cards are to going out: compared as a tuple, more is nearer."""

    kept: int
    """The most of the ten cards a buildable plan keeps (0 when no plan can be built)."""
    takeable: int
    """How many unseen cards one take can add toward one of the plans that keep that many:
    each would bring the player a take nearer to going out."""


_Entry = tuple[int, int, int, int]  # kept, size, meld mask, takeable cards


class _Plans:
    """The buildable melds and the shapes of 11-card plans, for one maximum sequence.

    ``runs[p]`` lists the sequences of the first suit (bits 0 to 9) that takes can build on
    when the player holds the cards ``p`` of that suit; a suit's bits shifted down to bits
    0 to 9 look them up for any suit. ``groups[p]`` does the same for the groups of the
    first rank (bit ``s`` of ``p`` for suit ``s``); a rank's groups are those masks moved
    up by the rank. An entry is (kept, size, meld, takeable)."""

    __slots__ = ("groups", "runs", "shapes")

    def __init__(self, table: MeldTable) -> None:
        first_suit = [meld for meld in table.all_melds if meld <= SUIT_BITS]
        first_rank = [meld for meld in table.all_melds if meld & ~RANK_SPREAD == 0]
        self.runs = tuple(_entries(first_suit, held, group=False) for held in range(1 << 10))
        self.groups = tuple(
            _entries(first_rank, _spread(held), group=True) for held in range(1 << 4)
        )
        sizes = sorted({meld.bit_count() for meld in table.all_melds})
        shapes: list[tuple[int, ...]] = []
        for a in sizes:
            for b in sizes:
                if b >= a and a + b == _OUT:
                    shapes.append((a, b))
                for c in sizes:
                    if a <= b <= c and a + b + c == _OUT:
                        shapes.append((a, b, c))
        # Every meld has at least three cards, so a plan has two or three melds.
        self.shapes = tuple(shapes)


def _spread(suits: int) -> int:
    """The cards of the first rank in the suits ``suits`` (bit ``s`` for suit ``s``)."""
    return sum(1 << 10 * suit for suit in range(4) if suits >> suit & 1)


def _entries(melds: list[int], cards: int, *, group: bool) -> tuple[_Entry, ...]:
    """The entries of ``melds`` that takes can build on when the player holds ``cards``."""
    found: list[_Entry] = []
    for meld in melds:
        takes = _takeable(meld, meld & cards, group=group)
        if takes is not None:
            found.append(((meld & cards).bit_count(), meld.bit_count(), meld, takes))
    return tuple(found)


def _takeable(meld: int, held: int, *, group: bool) -> int | None:
    """The cards one take can add to the ``held`` cards of ``meld`` to make a meld: none
    (0) for a whole meld, ``None`` when takes cannot build it."""
    if held == meld:
        return 0
    if held.bit_count() < 2:
        return None
    missing = meld & ~held
    if group:
        return missing
    low = held & -held
    high = 1 << (held.bit_length() - 1)
    holes = ((high << 1) - low) & ~held
    if not holes:  # a run: extend it at either end
        return (low >> 1 | high << 1) & missing
    if holes & (holes - 1) == 0:  # one gap: fill it
        return holes
    return None


_PLANS: dict[int, _Plans] = {}


def _plans(max_sequence: int) -> _Plans:
    found = _PLANS.get(max_sequence)
    if found is None:  # built once; a race builds an equal value twice, harmlessly
        found = _PLANS.setdefault(max_sequence, _Plans(meld_table(max_sequence)))
    return found


def prospect(max_sequence: int, cards: int, table: int, unseen: int) -> Prospect:
    """How near ``cards`` (the player's ten, hand and ``table``) are to going out, when
    ``unseen`` holds the cards that may still come to him."""
    plans = _plans(max_sequence)
    available = cards | unseen
    by_size: dict[int, list[tuple[int, int, int]]] = {}
    for shift in (0, 10, 20, 30):
        for kept, size, meld, takes in plans.runs[cards >> shift & SUIT_BITS]:
            meld <<= shift
            if meld & available == meld:
                by_size.setdefault(size, []).append((kept, meld, takes << shift))
    for rank in range(10):
        suits = (
            (cards >> rank & 1)
            | (cards >> (rank + 9) & 2)
            | (cards >> (rank + 18) & 4)
            | (cards >> (rank + 27) & 8)
        )
        for kept, size, meld, takes in plans.groups[suits]:
            meld <<= rank
            if meld & available == meld:
                by_size.setdefault(size, []).append((kept, meld, takes << rank))
    for melds in by_size.values():
        melds.sort(reverse=True)  # most kept first, so that the search can stop early
    best = 0
    takeable = 0  # of the plans that keep ``best``
    empty: list[tuple[int, int, int]] = []
    for shape in plans.shapes:
        first = by_size.get(shape[0], empty)
        second = by_size.get(shape[1], empty)
        third = by_size.get(shape[2], empty) if len(shape) == 3 else [(0, 0, 0)]
        if not (first and second and third):
            continue
        # Melds of one size are taken in list order, so that each plan is seen once.
        after_a = shape[0] == shape[1]
        after_b = len(shape) == 3 and shape[1] == shape[2]
        # The most the second and third melds can keep: the search stops once a plan
        # could no longer keep as many cards as the best plan found (ties still count).
        most_b, most_c = second[0][0], third[0][0]
        for i, (kept_a, a, take_a) in enumerate(first):
            if kept_a + most_b + most_c < best:
                break
            for j in range(i + 1 if after_a else 0, len(second)):
                kept_b, b, take_b = second[j]
                if kept_a + kept_b + most_c < best:
                    break
                if a & b:
                    continue
                two = a | b
                for kept_c, c, take_c in third[j + 1 :] if after_b else third:
                    kept = kept_a + kept_b + kept_c
                    if kept < best:
                        break
                    if two & c or (two | c) & table != table:
                        continue
                    if kept > best:
                        best, takeable = kept, 0
                    takeable |= take_a | take_b | take_c
    return Prospect(best, (takeable & unseen).bit_count())
