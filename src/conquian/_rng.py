"""Private: a small, fully specified random number generator.

Deals and bots must give the same results on every machine and Python version, so the
library does not use :mod:`random` (whose algorithms may change between versions). This is
SplitMix64 (Steele, Lea and Flood, 2014) with unbiased bounded draws by rejection, and a
Fisher–Yates shuffle; the docs specify it so other languages can reproduce a deal.
"""

from __future__ import annotations

from typing import Final, TypeVar

T = TypeVar("T")

__all__ = ["SplitMix64", "game_seed"]

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_TWO64: Final = 1 << 64


class SplitMix64:
    """SplitMix64: ``next64()`` returns the next 64-bit output."""

    __slots__ = ("_state",)

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

    def shuffled(self, items: list[T]) -> list[T]:
        """A Fisher–Yates shuffle of a copy of ``items`` (from the last position down)."""
        result = list(items)
        # The same draws as calling below(i + 1) for each i, written out for speed.
        state = self._state
        for i in range(len(result) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                state = (state + _GOLDEN) & _MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            result[i], result[j] = result[j], result[i]
        self._state = state
        return result


def game_seed(seed: int, game: int) -> int:
    """The deal seed of game ``game`` (counted from 0) of a run or match with seed ``seed``.

    It is the first SplitMix64 output from ``seed * 0x100000001B3 + game`` (modulo
    2**64), so every game of a series is dealt from its own seed, whatever was played
    before it.
    """
    return SplitMix64(seed * 0x100000001B3 + game).next64()
