"""Private fast paths: cards as bits of an int, melds as precomputed masks.

Card ``i`` of :data:`conquian.cards.DECK` is bit ``i``; index = 10 * suit + rank - 1, so
a suit is 10 consecutive bits in play order (R2) and a sequence is a run of set bits
inside one suit. A rank is the bits ``r, r + 10, r + 20, r + 30``.

Everything here speaks in ints; the public modules convert to and from cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any, Final

from conquian.cards import DECK, Card

SUIT_BITS: Final = 0x3FF
RANK_SPREAD: Final = 1 | 1 << 10 | 1 << 20 | 1 << 30
MEMO_LIMIT: Final = 1 << 16
"""The most entries a memo of small values holds (partition answers, take searches)."""
OBJECT_MEMO_LIMIT: Final = 1 << 12
"""The most entries a memo of larger values holds (card sets, moves, tables): they recur
within a game, rarely across games. See :func:`forget_older_half`."""


def forget_older_half(memo: dict[Any, Any]) -> None:
    """Make room in a full memo: drop the older half of its entries (a dict keeps the
    order they were added in). A memo then stays between half and all of its limit
    (:data:`MEMO_LIMIT` or :data:`OBJECT_MEMO_LIMIT`), keeps what recent games used, and
    its memory stays flat over any number of games."""
    for key in list(itertools.islice(memo, len(memo) // 2)):
        del memo[key]


def mask_of(cards: object) -> int:
    """The mask of an iterable of cards (no check for repeats)."""
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card.index
    return mask


_CARDS_OF_BYTE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(8) if byte >> i & 1) for byte in range(256)
)


def indices(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    base = 0
    while mask:
        for i in _CARDS_OF_BYTE[mask & 0xFF]:
            yield base + i
        mask >>= 8
        base += 8


# _BYTE_CARDS[k][b]: the cards of byte value b at bits 8k to 8k + 7 (40 cards, 5 bytes).
_BYTE_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(DECK[8 * k + i] for i in bits) for bits in _CARDS_OF_BYTE) for k in range(5)
)


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in canonical order."""
    b0, b1, b2, b3, b4 = _BYTE_CARDS
    return (
        b0[mask & 0xFF]
        + b1[mask >> 8 & 0xFF]
        + b2[mask >> 16 & 0xFF]
        + b3[mask >> 24 & 0xFF]
        + b4[mask >> 32 & 0xFF]
    )


_CARD_SETS: Final[dict[int, frozenset[Card]]] = {}


def card_set(mask: int) -> frozenset[Card]:
    """The cards of ``mask`` as a frozenset (shared between equal masks: a bounded memo,
    as hands and laid cards recur from move to move)."""
    cards = _CARD_SETS.get(mask)
    if cards is None:
        if len(_CARD_SETS) >= OBJECT_MEMO_LIMIT:
            forget_older_half(_CARD_SETS)
        cards = _CARD_SETS[mask] = frozenset(cards_of(mask))
    return cards


def low_index(mask: int) -> int:
    """The index of the lowest set bit (``mask`` must not be 0)."""
    return (mask & -mask).bit_length() - 1


def _lowest(mask: int) -> int:
    return mask & -mask


def _high_bit(mask: int) -> int:
    return 1 << (mask.bit_length() - 1)


def _sequence_starts(length: int) -> int:
    """Bits where a sequence of ``length`` may start without leaving its suit."""
    per_suit = (1 << (11 - length)) - 1
    return per_suit * RANK_SPREAD


class MeldTable:
    """All valid meld masks for one maximum sequence length, with partition search."""

    __slots__ = (
        "_extension_memo",
        "_memo",
        "_starts3",
        "_subset_memo",
        "all_melds",
        "by_low",
        "containing",
        "max_sequence",
        "meld_set",
        "partners",
    )

    def __init__(self, max_sequence: int) -> None:
        self.max_sequence = max_sequence
        melds: list[int] = []
        for rank in range(10):
            four = RANK_SPREAD << rank
            melds.append(four)
            for suit in range(4):
                melds.append(four & ~(1 << (10 * suit + rank)))
        for suit in range(4):
            for length in range(3, max_sequence + 1):
                for start in range(11 - length):
                    melds.append(((1 << length) - 1) << (10 * suit + start))
        self.all_melds: tuple[int, ...] = tuple(melds)
        self.meld_set: frozenset[int] = frozenset(melds)
        by_low: list[list[int]] = [[] for _ in range(40)]
        for meld in melds:
            by_low[low_index(meld)].append(meld)
        # Larger melds first: a search that tries them first finds a split sooner.
        self.by_low: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(group, key=lambda m: (-m.bit_count(), m))) for group in by_low
        )
        self.containing: tuple[tuple[int, ...], ...] = tuple(
            tuple(meld for meld in self.all_melds if meld >> card & 1) for card in range(40)
        )
        # For each card, the other two cards of every three-card meld holding it: a card
        # lies in some meld inside a set exactly when one of these pairs is in the set.
        self.partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(meld & ~(1 << card) for meld in self.containing[card] if meld.bit_count() == 3)
            for card in range(40)
        )
        self._memo: dict[int, bool] = {0: True}
        self._subset_memo: dict[int, tuple[int, ...]] = {}
        self._extension_memo: dict[int, list[int]] = {}
        self._starts3 = _sequence_starts(3)

    def __setattr__(self, name: str, value: object) -> None:
        """Refused once the table is built: every game shares it (its memos change only
        inside, through their own dicts)."""
        if hasattr(self, "_starts3"):  # the last field __init__ sets
            raise AttributeError(f"the shared meld tables are read-only: cannot set {name!r}")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Pickle as a reference: unpickling gives the receiving process's shared table."""
        return (meld_table, (self.max_sequence,))

    def coverable(self, mask: int) -> int:
        """The cards of ``mask`` that lie in at least one meld inside ``mask``."""
        s3 = mask & mask >> 1 & mask >> 2 & self._starts3
        seq = s3 | s3 << 1 | s3 << 2
        a = mask & SUIT_BITS
        b = mask >> 10 & SUIT_BITS
        c = mask >> 20 & SUIT_BITS
        d = mask >> 30 & SUIT_BITS
        groups = (a & b & (c | d)) | (c & d & (a | b))
        return (seq | groups * RANK_SPREAD) & mask

    def can_partition(self, mask: int) -> bool:
        """Whether ``mask`` splits into disjoint valid melds (the empty set does)."""
        memo = self._memo
        known = memo.get(mask)
        if known is not None:
            return known
        result = False if self.coverable(mask) != mask else self._search(mask)
        if len(memo) >= MEMO_LIMIT:
            forget_older_half(memo)
            memo[0] = True
        memo[mask] = result
        return result

    def _search(self, mask: int) -> bool:
        memo = self._memo
        for meld in self.by_low[(mask & -mask).bit_length() - 1]:
            if meld & mask == meld:
                rest = mask ^ meld
                known = memo.get(rest)
                if known is None:
                    known = self.coverable(rest) == rest and self._search(rest)
                    memo[rest] = known
                if known:
                    return True
        return False

    def partitions(self, mask: int) -> Iterator[tuple[int, ...]]:
        """Every split of ``mask`` into melds, each once, in a fixed order."""
        if mask == 0:
            yield ()
            return
        if not self.can_partition(mask):
            return
        for meld in self.by_low[(mask & -mask).bit_length() - 1]:
            if meld & mask == meld:
                rest = mask ^ meld
                if self.can_partition(rest):
                    for split in self.partitions(rest):
                        yield (meld, *split)

    def meldable_subsets(self, avail: int) -> tuple[int, ...]:
        """Every subset of ``avail`` that splits into melds (the empty set included)."""
        memo = self._subset_memo
        found = memo.get(avail)
        if found is not None:
            return found
        if avail == 0:
            return (0,)
        usable = self.coverable(avail)
        if usable != avail:
            result = self.meldable_subsets(usable)
        else:
            low = avail & -avail
            subsets = set(self.meldable_subsets(avail ^ low))
            for meld in self.by_low[low.bit_length() - 1]:
                if meld & avail == meld:
                    subsets.update(meld | rest for rest in self.meldable_subsets(avail ^ meld))
            result = tuple(sorted(subsets))
        if len(memo) >= OBJECT_MEMO_LIMIT:
            forget_older_half(memo)
        memo[avail] = result
        return result

    def extensions(self, required: int, avail: int) -> list[int]:
        """Every distinct ``used`` subset of ``avail`` such that ``required | used`` splits
        into melds, in increasing order (``required`` and ``avail`` are disjoint)."""
        usable = self.coverable(required | avail)
        if usable & required != required:
            return []  # the quick reject: a required card lies in no meld at all
        narrowed = avail & usable
        key = required << 40 | narrowed
        memo = self._extension_memo
        found = memo.get(key)
        if found is not None:
            return found
        # Cards that lie in no meld inside required | avail can never be used; dropping
        # some can leave others without a meld, so narrow until nothing changes.
        result: list[int] | None = None
        while narrowed != avail:
            avail = narrowed
            usable = self.coverable(required | avail)
            if usable & required != required:
                result = []
                break
            narrowed = avail & usable
        if result is None:
            result = self._extensions(required, avail)
        if len(memo) >= MEMO_LIMIT:
            forget_older_half(memo)
        memo[key] = result
        return result

    def remember_splits(self, required: int, extensions: list[int]) -> None:
        """Note in the partition memo that ``required | used`` splits for each ``used`` of
        ``extensions`` (as :meth:`extensions` found), so checking a take is a look-up."""
        memo = self._memo
        if len(memo) + len(extensions) >= MEMO_LIMIT:
            forget_older_half(memo)
            memo[0] = True
        for used in extensions:
            memo[required | used] = True

    def _extensions(self, required: int, avail: int) -> list[int]:
        if required == 0:
            return list(self.meldable_subsets(avail))
        low = required & -required
        pool = required | avail
        used: set[int] = set()
        for meld in self.containing[low.bit_length() - 1]:
            if meld & pool == meld:
                taken = meld & avail
                for rest in self.extensions(required & ~meld, avail & ~meld):
                    used.add(taken | rest)
        return sorted(used)

    def arrangements(self, old: tuple[int, ...], new: int, borrow: bool) -> list[tuple[int, ...]]:
        """Every table reachable from the melds ``old`` by adding the cards ``new`` while
        existing melds stay whole (new cards join them or form new melds); with ``borrow``,
        also by moving one card from a group of four, or from an end of a sequence of four
        or more, into a new meld (V2). Each table is a tuple of meld masks ordered by
        lowest card; the list is sorted and holds each table once."""
        found: set[tuple[int, ...]] = set()
        variants = [(old, new, 0)]
        if borrow:
            for i, meld in enumerate(old):
                if meld.bit_count() < 4:
                    continue
                low = meld & -meld
                is_group = meld & (RANK_SPREAD << (low.bit_length() - 1) % 10) == meld
                cards = [1 << c for c in indices(meld)] if is_group else [low, _high_bit(meld)]
                for card in cards:
                    variants.append(((*old[:i], meld & ~card, *old[i + 1 :]), new | card, card))
        for melds, pool, borrowed in variants:
            self._grow(melds, 0, pool, (), borrowed, found)
        return sorted(found)

    def _grow(
        self,
        melds: tuple[int, ...],
        i: int,
        pool: int,
        grown: tuple[int, ...],
        borrowed: int,
        found: set[tuple[int, ...]],
    ) -> None:
        if i == len(melds):
            if borrowed and not pool & borrowed:
                return  # a borrowed card must go into a new meld
            for split in self.partitions(pool):
                found.add(tuple(sorted((*grown, *split), key=_lowest)))
            return
        meld = melds[i]
        for bigger in self.containing[(meld & -meld).bit_length() - 1]:
            if bigger & meld == meld and bigger & ~meld & ~pool == 0:
                self._grow(melds, i + 1, pool & ~bigger, (*grown, bigger), borrowed, found)

    def one_partition(self, mask: int) -> tuple[int, ...] | None:
        """The first split of ``mask`` in :meth:`partitions` order, or ``None``."""
        return next(self.partitions(mask), None)


_TABLES: Final[dict[int, MeldTable]] = {}


def meld_table(max_sequence: int) -> MeldTable:
    """The shared :class:`MeldTable` for ``max_sequence`` (built once)."""
    table = _TABLES.get(max_sequence)
    if table is None:
        table = _TABLES[max_sequence] = MeldTable(max_sequence)
    return table


meld_table(8)  # the classic table is built at import, like python-chess's attack tables
