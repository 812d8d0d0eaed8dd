"""Private fast paths: cards as bits of an int, melds as precomputed masks.

Card ``i`` of :data:`conquian.cards.DECK` is bit ``i``; index = 10 * suit + rank - 1, so
a suit is 10 consecutive bits in play order (R2) and a sequence is a run of set bits
inside one suit. A rank is the bits ``r, r + 10, r + 20, r + 30``.

Everything here speaks in ints; the public modules convert to and from cards.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Iterator
from typing import Any, Final, Generic, TypeVar

from conquian.cards import DECK, Card

SUIT_BITS: Final = 0x3FF
LOW_SUITS: Final = 0xFFFFF
"""The bits of the first two suits."""
RANK_SPREAD: Final = 1 | 1 << 10 | 1 << 20 | 1 << 30
MEMO_LIMIT: Final = 1 << 16
"""The most entries a memo of small values holds (partition answers, take searches)."""
OBJECT_MEMO_LIMIT: Final = 1 << 12
"""The most entries a memo of larger values holds (card sets, moves, tables): they recur
within a game, rarely across games. See :class:`BoundedMemo`."""
_K = TypeVar("_K")
_V = TypeVar("_V")


class BoundedMemo(Generic[_K, _V]):
    """A memo of at most ``limit`` entries, safe to share between threads.

    The one memo of the package: partition answers, take searches, card sets, shared
    moves and table splits all use it. Look up with :attr:`get`, store with :meth:`put`.
    A full memo forgets its older half (a dict keeps the order entries were added in), so
    it keeps what recent games used, and memory stays flat over any number of games.

    Safe under threads by design, without a lock: every entry is a pure function of its
    key, so two threads that store the same key store equal values, and a lost or
    forgotten entry is only computed again. Making room reads the keys from a copy of the
    dict (one C-level step, so never "dictionary changed size during iteration") and
    drops them with ``pop(key, None)`` (a key that another thread dropped first is no
    error).

    The entries are a plain dict (:attr:`entries`), not a dict subclass: CPython's
    specialized fast paths for ``dict.get`` and ``d[k] = v`` apply to exact dicts only.

    The take search's memos (:class:`MeldTable`'s ``can_partition``,
    ``meldable_subsets``, ``extensions`` and ``melds_within``) store without the call to
    :meth:`put`: each writes out its two steps, the same check of :attr:`limit` and
    :meth:`make_room`, then ``entries[key] = value``. The call cost more than the store
    (0.50% fewer instructions in random self-play, callgrind, 100 games); a store
    elsewhere calls :meth:`put`.
    """

    __slots__ = ("entries", "get", "limit", "name")

    def __init__(self, limit: int, name: str) -> None:
        self.entries: dict[_K, _V] = {}
        self.get = self.entries.get
        """``get(key)``: the value stored under ``key``, or ``None``."""
        self.limit = limit
        """The most entries the memo keeps (threads storing at once may overshoot it by a
        few entries until the next :meth:`put`)."""
        self.name = name
        """What the memo holds, for tests and tools."""
        _MEMOS.append(self)

    def put(self, key: _K, value: _V) -> _V:
        """Store ``value`` under ``key``, making room first if the memo is full; return it."""
        entries = self.entries
        if len(entries) >= self.limit:
            self.make_room()
        entries[key] = value
        return value

    def make_room(self, needed: int = 1) -> None:
        """Forget the older half of the entries (more if ``needed`` new entries would not
        fit otherwise)."""
        entries = self.entries
        keys = list(entries.copy())
        drop = max(len(keys) // 2, len(keys) + needed - self.limit)
        for key in keys[:drop]:
            entries.pop(key, None)

    def clear(self) -> None:
        """Forget every entry."""
        self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def __iter__(self) -> Iterator[_K]:
        return iter(self.entries.copy())

    def __reduce__(self) -> tuple[object, tuple[int, str]]:
        """Pickle as an empty memo of the same limit (a memo is a cache, not data)."""
        return (BoundedMemo, (self.limit, self.name))


_MEMOS: Final[list[BoundedMemo[Any, Any]]] = []


def memos() -> tuple[BoundedMemo[Any, Any], ...]:
    """Every memo built so far (for tests and tools that shrink or empty them)."""
    return tuple(_MEMOS)


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


_CARD_SETS: Final = BoundedMemo[int, frozenset[Card]](OBJECT_MEMO_LIMIT, "card sets")


def card_set(mask: int) -> frozenset[Card]:
    """The cards of ``mask`` as a frozenset (shared between equal masks: a bounded memo,
    as hands and laid cards recur from move to move)."""
    cards = _CARD_SETS.get(mask)
    if cards is None:
        cards = _CARD_SETS.put(mask, frozenset(cards_of(mask)))
    return cards


def low_index(mask: int) -> int:
    """The index of the lowest set bit (``mask`` must not be 0)."""
    return (mask & -mask).bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest set bit of ``mask`` (as a mask): the sort key of melds by lowest card."""
    return mask & -mask


def arrangement(masks: Iterable[int]) -> tuple[int, ...]:
    """Meld masks as an arrangement: a table's one canonical order, by lowest card."""
    return tuple(sorted(masks, key=lowest))


# The quick test of the hot paths: whether a card and two cards of a set make a meld of
# three (R4, R5), in a few operations where testing each pair of partners
# (MeldTable.partners, up to 6) took a loop: 3.2% fewer instructions in self-play
# (callgrind, 200 games).
_SAME_RANK: Final = tuple(RANK_SPREAD << card % 10 & ~(1 << card) for card in range(40))
"""For each card index, the other three cards of its rank."""
_RUN_WINDOW: Final = tuple(
    sum(1 << 2 + step for step in (-2, -1, 1, 2) if 0 <= card % 10 + step <= 9)
    for card in range(40)
)
"""For each card index ``c``, which bits of ``mask << 2 >> c`` are cards of its suit two
ranks or less away (bit 2 is the card itself, bits 0 and 1 below it, 3 and 4 above)."""
_RUN_OF_THREE: Final = tuple(
    window & 0b00011 == 0b00011 or window & 0b01010 == 0b01010 or window & 0b11000 == 0b11000
    for window in range(32)
)
"""For each such window, whether two of its cards make a sequence of three with the card."""


def _makes_meld_of_three(card: int, mask: int) -> bool:
    """The rule :func:`in_meld_of_three` looks up: a sequence of three holding ``card``
    (R5) or a group of three of its rank (R4), with two cards of ``mask``."""
    return (
        _RUN_OF_THREE[mask << 2 >> card & _RUN_WINDOW[card]]
        or (mask & _SAME_RANK[card]).bit_count() > 1
    )


def _subsets(mask: int) -> Iterator[int]:
    """Every subset of ``mask`` (the empty set and ``mask`` included)."""
    subset = 0
    while True:
        yield subset
        if subset == mask:
            return
        subset = (subset - mask) & mask


MELD_PARTNERS: Final = tuple(
    _SAME_RANK[card] | _RUN_WINDOW[card] << card >> 2 for card in range(40)
)
"""For each card index, the cards that can share a meld of three with it: the other
three of its rank and its suit's cards two ranks or less away (up to 7 cards)."""
MELDS_OF_THREE: Final = tuple(
    frozenset(
        partners
        for partners in _subsets(MELD_PARTNERS[card])
        if _makes_meld_of_three(card, partners)
    )
    for card in range(40)
)
"""For each card index, the sets of its :data:`MELD_PARTNERS` that make a meld of three with
it (the rule is :func:`_makes_meld_of_three`, which reads no other card)."""


def in_meld_of_three(card: int, mask: int) -> bool:
    """Whether card index ``card`` and two cards of ``mask`` make a meld of three (R4,
    R5): a card lies in some meld inside a set exactly when this holds.

    A look-up of the card's partners in ``mask``, one operation on the 40-bit mask
    where computing the rule took five (2.75% fewer instructions in random self-play,
    callgrind, 100 games). The rule itself is :func:`_makes_meld_of_three` alone; the
    legal moves and ``legality.offer_fits`` write this look-up out, without the call
    (1.66% fewer again)."""
    return mask & MELD_PARTNERS[card] in MELDS_OF_THREE[card]


_RANKS_SPREAD: Final = tuple(ranks * RANK_SPREAD for ranks in range(1 << 10))
"""For each set of ranks (bit ``r`` for rank ``r``), every card of those ranks:
``MeldTable.coverable`` reads it rather than multiply by the 31-bit ``RANK_SPREAD``
(about 400 instructions more than this look-up: 0.46% fewer instructions in random
self-play, callgrind, 100 games)."""


def _high_bit(mask: int) -> int:
    return 1 << (mask.bit_length() - 1)


def _sequence_starts(length: int) -> int:
    """Bits where a sequence of ``length`` may start without leaving its suit."""
    per_suit = (1 << (11 - length)) - 1
    return per_suit * RANK_SPREAD


def borrow_variants(old: tuple[int, ...], borrow: bool) -> list[tuple[tuple[int, ...], int]]:
    """The table of melds ``old`` as it stands, and with ``borrow`` (V2) each way to take
    one card out of a group of four or an end of a sequence of four or more: a list of
    (melds, borrowed card mask), the table as it stands first with no card (0)."""
    variants: list[tuple[tuple[int, ...], int]] = [(old, 0)]
    if borrow:
        for i, meld in enumerate(old):
            if meld.bit_count() < 4:
                continue
            low = meld & -meld
            is_group = meld & (RANK_SPREAD << (low.bit_length() - 1) % 10) == meld
            cards = [1 << c for c in indices(meld)] if is_group else [low, _high_bit(meld)]
            for card in cards:
                variants.append(((*old[:i], meld & ~card, *old[i + 1 :]), card))
    return variants


class MeldTable:
    """All valid meld masks for one maximum sequence length, with partition search."""

    __slots__ = (
        "_starts3",
        "all_melds",
        "by_low",
        "containing",
        "extension_memo",
        "max_sequence",
        "meld_set",
        "near",
        "partition_memo",
        "partners",
        "subset_memo",
        "within_memo",
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
        # For each card, the cards of the melds holding it (its rank, and its suit up to
        # max_sequence - 1 ranks away): the part of a pool that within_memo is keyed by.
        self.near: tuple[int, ...] = tuple(
            functools.reduce(operator.or_, melds) for melds in self.containing
        )
        self.within_memo = BoundedMemo[int, tuple[int, ...]](
            MEMO_LIMIT, f"melds within/{max_sequence}"
        )
        self.partition_memo = BoundedMemo[int, bool](MEMO_LIMIT, f"partitions/{max_sequence}")
        self.subset_memo = BoundedMemo[int, tuple[int, ...]](
            OBJECT_MEMO_LIMIT, f"meldable subsets/{max_sequence}"
        )
        self.extension_memo = BoundedMemo[int, list[int]](MEMO_LIMIT, f"extensions/{max_sequence}")
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
        # Called at about every decision, and each operation on a 40-bit int costs some
        # 250 instructions, so they are counted: 23 here, where reading one suit at a
        # time took 26 (0.75% fewer instructions in random self-play, callgrind).
        s3 = mask & mask >> 1 & mask >> 2 & self._starts3  # where a run of three starts
        # A group of three or four: with suits a, b (the low 20 bits) and c, d (the high),
        # a & c & (b | d) or b & d & (a | c) holds its rank; both are found at once.
        low, high = mask & LOW_SUITS, mask >> 20
        either = low | high
        three = low & high & (either >> 10 | either << 10)
        groups = _RANKS_SPREAD[(three | three >> 10) & SUIT_BITS]
        return (s3 | s3 << 1 | s3 << 2 | groups) & mask

    def can_partition(self, mask: int) -> bool:
        """Whether ``mask`` splits into disjoint valid melds (the empty set does)."""
        known = self.partition_memo.get(mask)
        if known is not None:
            return known
        # The base case: the empty set splits (into no melds).
        result = not mask or (self.coverable(mask) == mask and self._search(mask))
        memo = self.partition_memo
        entries = memo.entries
        if len(entries) >= memo.limit:  # BoundedMemo.put written out (see its docstring)
            memo.make_room()
        entries[mask] = result
        return result

    def _search(self, mask: int) -> bool:
        """Whether ``mask`` (not empty, every card coverable) splits: try each meld holding
        its lowest card, and search the rest."""
        memo = self.partition_memo.entries
        for meld in self.by_low[(mask & -mask).bit_length() - 1]:
            if meld & mask == meld:
                rest = mask ^ meld
                known = memo.get(rest)
                if known is None:
                    # The base case first: nothing left means the melds split the set.
                    known = not rest or (self.coverable(rest) == rest and self._search(rest))
                    # Stored directly: can_partition's put, after the search, keeps the
                    # memo within its limit (plus at most the depth of one search).
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
        found = self.subset_memo.get(avail)
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
                    # A loop, not update() of a generator: 0.25% fewer instructions in
                    # random self-play (callgrind, 100 games).
                    for rest in self.meldable_subsets(avail ^ meld):
                        subsets.add(meld | rest)
            result = tuple(sorted(subsets))
        memo = self.subset_memo
        entries = memo.entries
        if len(entries) >= memo.limit:  # BoundedMemo.put written out (see its docstring)
            memo.make_room()
        entries[avail] = result
        return result

    def extensions(self, required: int, avail: int) -> list[int]:
        """Every distinct ``used`` subset of ``avail`` such that ``required | used`` splits
        into melds, in increasing order (``required`` and ``avail`` are disjoint)."""
        usable = self.coverable(required | avail)
        if usable & required != required:
            return []  # the quick reject: a required card lies in no meld at all
        # Hand cards that lie in no meld inside required | avail can never be used. The
        # search is narrowed once: dropping them can leave others without a meld, but the
        # search finds those unusable anyway, and narrowing until nothing changed cost
        # more than it saved (3.8% more instructions in random self-play, callgrind).
        narrowed = avail & usable
        if not narrowed:
            return [0] if self._splits_alone(required) else []
        key = required << 40 | narrowed
        found = self.extension_memo.get(key)
        if found is not None:
            return found
        if required:
            result = self._through((required & -required).bit_length() - 1, required, narrowed)
        else:
            result = list(self.meldable_subsets(narrowed))
        memo = self.extension_memo
        entries = memo.entries
        if len(entries) >= memo.limit:  # BoundedMemo.put written out (see its docstring)
            memo.make_room()
        entries[key] = result
        return result

    def _splits_alone(self, mask: int) -> bool:
        """Whether ``mask`` splits into melds, where every card of it lies in a meld inside
        ``mask`` (``coverable(mask) == mask``; the empty set splits).

        The search of :meth:`extensions` and :meth:`takes` when no hand card is usable (29%
        of the take searches): no card of ``mask`` needs a hand card, so it is
        :meth:`can_partition` without the coverable test, answered by its memo (and with
        no entry in the extension memo): 1.8% fewer instructions in random self-play
        (callgrind, 300 new deals)."""
        entries = self.partition_memo.entries
        known = entries.get(mask)
        if known is None:
            known = not mask or self._search(mask)
            memo = self.partition_memo
            if len(entries) >= memo.limit:  # BoundedMemo.put written out (its docstring)
                memo.make_room()
            entries[mask] = known
        return known

    def takes(self, table: int, offer: int, hand: int) -> list[int]:
        """The laid cards of every take of card index ``offer`` onto the ``table`` mask
        from ``hand`` (R12, R13: the table, the card and the laid cards split into melds),
        each once, in increasing order: :meth:`extensions` of ``table`` with the card by
        ``hand``, for the legal moves.

        Two differences from :meth:`extensions`, both measured on the take searches of
        random self-play on new deals, where 96% of them are new:

        * The search starts from the offered card, not the lowest: the table already
          splits, and the melds that can hold the new card are fewer than those of a
          table card (2.2% fewer instructions in random self-play, callgrind, 300 new
          deals).
        * Only the answer of a search with three usable hand cards or more is kept in the
          extension memo; the others are seldom asked again, while their inner searches
          are kept (2.5% fewer instructions again with no answer kept and the partition
          memo asked directly; keeping the larger answers costs 0.7% of it back).

        The new tables it finds are not noted in the partition memo for the take's check:
        the take a player picks from the legal moves is not checked (see
        ``conquian.moves.handed``), and noting them cost 0.35% of the instructions of
        random self-play (callgrind, 300 new deals); a take built elsewhere is checked
        with a search of its one table.
        """
        required = table | 1 << offer
        usable = self.coverable(required | hand)
        if usable & required != required:
            return []  # the quick reject, as in extensions
        narrowed = hand & usable  # narrowed once, as in extensions
        if not narrowed:
            return [0] if self._splits_alone(required) else []
        key = 0
        if narrowed.bit_count() > 2:
            # A search with three usable hand cards or more (a quarter of them) keeps its
            # answer: those cost the most, and a front end asks them again (the state's
            # legal moves, then the mover's observation's). Keying the others cost more
            # than their search again: every answer kept made 1.1% more instructions.
            key = required << 40 | narrowed
            found = self.extension_memo.get(key)
            if found is not None:
                return found
        result = self._through(offer, required, narrowed)
        if key:
            kept = self.extension_memo
            if len(kept.entries) >= kept.limit:  # BoundedMemo.put written out (docstring)
                kept.make_room()
            kept.entries[key] = result
        return result

    def _through(self, card: int, required: int, avail: int) -> list[int]:
        """The search of :meth:`extensions` (``avail`` narrowed) through the melds holding
        card index ``card`` of ``required``: the lowest in :meth:`extensions`, the
        offered card in :meth:`takes`."""
        used: set[int] = set()
        for meld in self.melds_within(card, required | avail):
            taken = meld & avail
            left = required & ~meld
            spare = avail & ~meld
            # With no required card left, or no hand card to add, the subset and the
            # partition searches answer from their own memos without extensions' test of
            # the cards and its memo: 1.6% fewer instructions in random self-play
            # (callgrind, 100 games).
            if not left:
                for rest in self.meldable_subsets(spare):
                    used.add(taken | rest)
            elif not spare:
                if self.can_partition(left):
                    used.add(taken)
            else:
                for rest in self.extensions(left, spare):
                    used.add(taken | rest)
        return sorted(used)

    def melds_within(self, card: int, pool: int) -> tuple[int, ...]:
        """The melds holding card index ``card`` that lie inside ``pool`` (in
        :attr:`containing` order).

        Memoized by the part of the pool near the card (:attr:`near`): a card lies in up
        to 28 melds, and the take search, which used to test each against the pool,
        makes 10% fewer instructions this way (1.5% of random self-play; callgrind)."""
        key = (pool & self.near[card]) << 6 | card
        found = self.within_memo.get(key)
        if found is None:
            # A list comprehension, not a generator: 0.3% fewer instructions in random
            # self-play (callgrind, 100 games), as most look-ups miss on a new deal.
            found = tuple([meld for meld in self.containing[card] if meld & pool == meld])
            memo = self.within_memo
            entries = memo.entries
            if len(entries) >= memo.limit:  # BoundedMemo.put written out (its docstring)
                memo.make_room()
            entries[key] = found
        return found

    def arrangements(self, old: tuple[int, ...], new: int, borrow: bool) -> list[tuple[int, ...]]:
        """Every table reachable from the melds ``old`` by adding the cards ``new`` while
        existing melds stay whole (new cards join them or form new melds); with ``borrow``,
        also by moving one card from a group of four, or from an end of a sequence of four
        or more, into a new meld (V2). Each table is a tuple of meld masks ordered by
        lowest card; the list is sorted and holds each table once."""
        found: set[tuple[int, ...]] = set()
        for melds, borrowed in borrow_variants(old, borrow):
            self._grow(melds, 0, new | borrowed, (), borrowed, found)
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
                found.add(arrangement((*grown, *split)))
            return
        meld = melds[i]
        for bigger in self.containing[(meld & -meld).bit_length() - 1]:
            if bigger & meld == meld and bigger & ~meld & ~pool == 0:
                self._grow(melds, i + 1, pool & ~bigger, (*grown, bigger), borrowed, found)

    def fits(
        self, table: int, card: int, arrangement: tuple[int, ...] | None, borrow: bool
    ) -> bool:
        """R14a: whether card index ``card`` fits the table ``table`` (a mask): the table
        and the card split into melds. ``arrangement`` is the table's melds under
        regrouping borrow or none (V2; ``borrow`` for borrow), ``None`` under free
        regrouping. The one test of "fits" in the package."""
        if not in_meld_of_three(card, table):
            return False  # no meld of three holds the card: it fits nothing (R4, R5)
        if arrangement is None:
            return self.can_partition(table | 1 << card)
        return bool(self.arrangements(arrangement, 1 << card, borrow))

    def one_partition(self, mask: int) -> tuple[int, ...] | None:
        """The first split of ``mask`` in :meth:`partitions` order, or ``None``."""
        return next(self.partitions(mask), None)

    def long_partition(self, mask: int, least: int) -> tuple[int, ...] | None:
        """M12: a split of ``mask`` into melds one of which has at least ``least`` cards
        (that meld first, the longest tried first), or ``None``. Asked only of a take
        that goes out under ``Rules.long_meld``."""
        for meld in sorted(self.all_melds, key=lambda m: (-m.bit_count(), m)):
            if meld.bit_count() < least:
                break
            if meld & mask == meld:
                rest = self.one_partition(mask & ~meld)
                if rest is not None:
                    return (meld, *rest)
        return None

    def holds_long_meld(
        self, table: int, added: int, arrangement: tuple[int, ...] | None, borrow: bool, least: int
    ) -> bool:
        """M12: whether the table ``table`` with the cards ``added`` holds a meld of at
        least ``least`` cards: in some split under free regrouping (``arrangement`` is
        ``None``, R13), else in some table V2 allows from ``arrangement``."""
        if arrangement is None:
            return self.long_partition(table | added, least) is not None
        return any(
            max(meld.bit_count() for meld in new) >= least
            for new in self.arrangements(arrangement, added, borrow)
        )


class _MeldTables(dict[int, MeldTable]):
    """The shared :class:`MeldTable` of each maximum sequence length, built when first
    looked up (a look-up of a built table is a plain dict look-up, for the hot paths)."""

    __slots__ = ()

    def __missing__(self, max_sequence: int) -> MeldTable:
        table = self.setdefault(max_sequence, MeldTable(max_sequence))
        return table


MELD_TABLES: Final = _MeldTables()
"""``MELD_TABLES[max_sequence]``: the engine's meld table for ``Rules.max_sequence``."""


def meld_table(max_sequence: int) -> MeldTable:
    """The shared :class:`MeldTable` for ``max_sequence`` (built once)."""
    return MELD_TABLES[max_sequence]


meld_table(8)  # the classic table is built at import, like python-chess's attack tables
