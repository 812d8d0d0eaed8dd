"""Private: meld plans, how near a player's cards are to going out.

A player goes out with one card more than his hand size in melds (R16: 11 cards in the
classic game). A **plan** for his cards (hand and table, R14: ten in the classic game) is a
set of disjoint melds of that many cards in all that holds his whole table (the table
never shrinks, R6) and whose other cards are still unseen by him. The cards of his that a
plan uses are *kept*; each missing card is one take, so the plan that keeps the most is
the one with the fewest takes to go out (keeping 10 of 10 is waiting for one card).

A plan counts only melds that takes can build. A taken card goes on the table at once, in
a valid meld (R11, R6): a meld still missing cards must already hold two of its cards such
that one more makes a meld (two of a rank; or two of a suit that one card joins into a run
of three, at an end or in a single gap). Its *takeable* cards are those next cards: each
unseen takeable card of a best plan brings the player a take nearer to going out.

Everything here speaks in card masks (bit ``card.index`` per card), like ``_bits``.
"""

from __future__ import annotations

from typing import NamedTuple

from conquian._bits import RANK_SPREAD, SUIT_BITS, MeldTable, meld_table

__all__ = ["Prospect", "prospect"]


class Prospect(NamedTuple):
    """How near a player's cards are to going out: compared as a tuple, more is nearer."""

    kept: int
    """The most of his cards a buildable plan keeps (0 when no plan can be built)."""
    takeable: int
    """How many unseen cards one take can add toward one of the plans that keep that many:
    each would bring the player a take nearer to going out."""


_Entry = tuple[int, int, int, int]  # kept, size, meld mask, takeable cards


class _Plans:
    """The buildable melds and the shapes of plans, for one maximum sequence and one
    number of cards that go out.

    ``runs[p]`` lists the sequences of the first suit (bits 0 to 9) that takes can build on
    when the player holds the cards ``p`` of that suit; a suit's bits shifted down to bits
    0 to 9 look them up for any suit. ``groups[p]`` does the same for the groups of the
    first rank (bit ``s`` of ``p`` for suit ``s``); a rank's groups are those masks moved
    up by the rank. An entry is (kept, size, meld, takeable)."""

    __slots__ = ("groups", "runs", "shapes")

    def __init__(self, table: MeldTable, out: int) -> None:
        first_suit = [meld for meld in table.all_melds if meld <= SUIT_BITS]
        first_rank = [meld for meld in table.all_melds if meld & ~RANK_SPREAD == 0]
        self.runs = tuple(_entries(first_suit, held, group=False) for held in range(1 << 10))
        self.groups = tuple(
            _entries(first_rank, _spread(held), group=True) for held in range(1 << 4)
        )
        sizes = sorted({meld.bit_count() for meld in table.all_melds})
        self.shapes = tuple(_shapes(sizes, out))


def _shapes(sizes: list[int], out: int, least: int = 0) -> list[tuple[int, ...]]:
    """The meld sizes of a plan of ``out`` cards, each shape once, in increasing order
    (two or three melds for the classic 11: every meld has at least three cards)."""
    found: list[tuple[int, ...]] = []
    for size in sizes:
        if least <= size == out:
            found.append((size,))
        elif least <= size < out:
            found.extend((size, *rest) for rest in _shapes(sizes, out - size, size))
    return found


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


_PLANS: dict[tuple[int, int], _Plans] = {}


def _plans(max_sequence: int, out: int) -> _Plans:
    found = _PLANS.get((max_sequence, out))
    if found is None:  # built once; a race builds an equal value twice, harmlessly
        found = _PLANS.setdefault((max_sequence, out), _Plans(meld_table(max_sequence), out))
    return found


def prospect(max_sequence: int, out: int, cards: int, table: int, unseen: int) -> Prospect:
    """How near ``cards`` (the player's cards, hand and ``table``) are to going out with
    ``out`` cards in melds (R16), when ``unseen`` holds the cards that may still come to
    him."""
    plans = _plans(max_sequence, out)
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
        if not 2 <= len(shape) <= 3:  # only with another hand size than the classic ten
            best, takeable = _search(shape, by_size, table, best, takeable)
            continue
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


def _search(
    shape: tuple[int, ...],
    by_size: dict[int, list[tuple[int, int, int]]],
    table: int,
    best: int,
    takeable: int,
) -> tuple[int, int]:
    """The best plans of ``shape`` (one meld, or four and more: hand sizes other than the
    classic ten) and of the best so far, ``best`` kept and ``takeable`` toward them: the
    search of :func:`prospect` for any number of melds, slower than its own loops."""
    lists = [by_size.get(size, []) for size in shape]
    if not all(lists):
        return best, takeable
    most = [0] * (len(shape) + 1)  # the most the melds from each place on can keep
    for place in range(len(shape) - 1, -1, -1):
        most[place] = most[place + 1] + lists[place][0][0]

    def extend(place: int, start: int, kept: int, used: int, takes: int) -> None:
        nonlocal best, takeable
        entries = lists[place]
        after = place + 1
        last = after == len(shape)
        same = not last and shape[after] == shape[place]
        for index in range(start, len(entries)):
            kept_here, meld, take = entries[index]
            total = kept + kept_here
            if total + most[after] < best:
                break  # sorted by kept: no later meld keeps more
            if meld & used:
                continue
            if not last:  # melds of one size in list order: each plan is seen once
                extend(after, index + 1 if same else 0, total, used | meld, takes | take)
            elif (used | meld) & table == table:
                if total > best:
                    best, takeable = total, 0
                takeable |= takes | take

    extend(0, 0, 0, 0, 0)
    return best, takeable
