"""Private: a small, fully specified random number generator.

Deals and bots must give the same results on every machine and Python version, so the
library does not use :mod:`random` (whose algorithms may change between versions). This is
SplitMix64 (Steele, Lea and Flood, 2014) with unbiased bounded draws by rejection, and a
Fisher–Yates shuffle; the docs specify it so other languages can reproduce a deal.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from operator import mod as _remainder
from typing import Final, TypeVar

from conquian._slots import set_slots_state, slots_state

T = TypeVar("T")

__all__ = ["SplitMix64", "game_seed"]

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_TWO64: Final = 1 << 64


class SplitMix64:
    """SplitMix64: ``next64()`` returns the next 64-bit output."""

    __slots__ = ("_state",)
    __getstate__ = slots_state  # pickles under every protocol (0 and 1 need these)
    __setstate__ = set_slots_state

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = z = (self._state + _GOLDEN) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` for ``1 <= n <= 2**64``, by rejection."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def outputs(self, count: int) -> tuple[int, ...]:
        """The next ``count`` outputs of :meth:`next64` (1 <= ``count`` <= 64), at once.

        The ``count`` generator states lie in 128-bit lanes of one Python int, so each
        step of the mix is one big-integer operation for all of them: a product of two
        64-bit lane values fits its lane, and a shift's spill into the next lane is
        masked off. The outputs are exactly those of ``count`` calls of :meth:`next64`.
        """
        ones, ramp, lanes, layout = _lanes(count)
        z = (self._state * ones + ramp) & lanes
        z ^= z >> 30 & lanes
        z = z * 0xBF58476D1CE4E5B9 & lanes
        z ^= z >> 27 & lanes
        z = z * 0x94D049BB133111EB & lanes
        # Unmasked (790 instructions fewer a deal): what the shift spills into a lane's
        # upper half is never read, as the layout skips those bytes.
        z ^= z >> 31
        self._state = (self._state + count * _GOLDEN) & _MASK64
        return layout.unpack(z.to_bytes(16 * count, "little"))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher–Yates shuffle of a copy of ``items`` (from the last position down),
        drawing ``below(i + 1)`` for each position ``i``."""
        result = list(items)
        size = len(result)
        if size < 2:
            return result
        if size <= 64:
            start = self._state
            draws = self.outputs(size - 1)
            # One test for every draw instead of one a draw (4,600 instructions fewer a
            # 40-card deal, of 138,600): below under _ALWAYS_KEPT keeps each draw at its
            # first try, so draw k is the index for position size - 1 - k. A draw at or
            # above it (odds below 2**-58 a card) may be rejected and shift every later
            # draw: deal again one draw at a time.
            if max(draws) < _ALWAYS_KEPT:
                i = size
                for j in map(_remainder, draws, range(size, 1, -1)):
                    i -= 1
                    result[i], result[j] = result[j], result[i]
                return result
            self._state = start
        for i in range(size - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


_ALWAYS_KEPT: Final = min(_TWO64 - _TWO64 % n for n in range(2, 65))
"""The largest bound at or under the bound of ``below(n)`` for every ``n`` up to 64
(2**64 - 55): a draw under it is kept, whatever ``n``."""
_LANES: dict[int, tuple[int, int, int, struct.Struct]] = {}


def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """For ``count`` 128-bit lanes: ones in each lane, lane k holding (k + 1) * golden, a
    64-bit mask in each lane, and the layout that reads the lanes back."""
    found = _LANES.get(count)
    if found is None:
        if not 1 <= count <= 64:
            raise ValueError(f"outputs() gives 1 to 64 values at once, not {count}")
        ones = sum(1 << 128 * k for k in range(count))
        ramp = sum((k + 1) * _GOLDEN << 128 * k for k in range(count))
        found = _LANES[count] = (ones, ramp, _MASK64 * ones, struct.Struct("<" + "Q8x" * count))
    return found


def game_seed(seed: int, game: int) -> int:
    """The deal seed of game ``game`` (counted from 0) of a run or match with seed ``seed``.

    It is the first SplitMix64 output from ``seed * 0x100000001B3 + game`` (modulo
    2**64), so every game of a series is dealt from its own seed, whatever was played
    before it.
    """
    return SplitMix64(seed * 0x100000001B3 + game).next64()
