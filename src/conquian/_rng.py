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
        masked off before the next step (the last one's is left: the layout that reads
        the lanes skips it). The outputs are exactly those of ``count`` calls of
        :meth:`next64`.
        """
        data, layout = self._output_bytes(count)
        return layout.unpack(data)

    def _output_bytes(self, count: int) -> tuple[bytes, struct.Struct]:
        """The next ``count`` outputs (see :meth:`outputs`), 16 bytes each with the
        output in the first 8, little-endian, and the layout that reads them."""
        ones, ramp, lanes, layout = _lanes(count)
        z = (self._state * ones + ramp) & lanes
        z ^= z >> 30 & lanes
        z = z * 0xBF58476D1CE4E5B9 & lanes
        z ^= z >> 27 & lanes
        z = z * 0x94D049BB133111EB & lanes
        # Unmasked (770 instructions fewer a deal): the spill into each lane's upper half
        # is no output (the layout skips it).
        z ^= z >> 31
        self._state = (self._state + count * _GOLDEN) & _MASK64
        return z.to_bytes(16 * count, "little"), layout

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher–Yates shuffle of a copy of ``items`` (from the last position down),
        drawing ``below(i + 1)`` for each position ``i``."""
        result = list(items)
        size = len(result)
        if size < 2:
            return result
        if size <= 64:
            start = self._state
            data, layout = self._output_bytes(size - 1)
            # One search of the bytes instead of a test a draw (8,600 instructions fewer
            # a deal; max(draws) saved 4,900 of them). Every below(n) up to n = 256 keeps
            # a draw under 2**64 - 256, and a draw at or above it has _TOP_BYTES for its
            # seven high bytes. Without them anywhere, each draw is kept at its first try
            # and draw k is the index for position size - 1 - k. With them (odds about
            # 2**-50 a deal, in a draw or across the unused bytes), a draw may have been
            # rejected, shifting every later draw: deal again one draw at a time.
            if _TOP_BYTES not in data:
                i = size
                for j in map(_remainder, layout.unpack(data), range(size, 1, -1)):
                    i -= 1
                    result[i], result[j] = result[j], result[i]
                return result
            self._state = start
        for i in range(size - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


_TOP_BYTES: Final = b"\xff" * 7
"""The seven high bytes (little-endian) of every 64-bit value from 2**64 - 256 up."""
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
