"""Dealing: seeds, the deterministic shuffle and the deck order a game is dealt from.

The shuffle is SplitMix64 with a Fisher–Yates pass (see :doc:`/embedding`), so a seed
gives the same deck on every machine and Python version.

>>> from conquian import deal_order
>>> deal_order(1)[:3]
(Card.parse('2d'), Card.parse('3c'), Card.parse('7d'))
"""

from __future__ import annotations

from typing import Final

from conquian._rng import SplitMix64
from conquian.cards import DECK, Card
from conquian.errors import ConquianError, describe

__all__ = ["MAX_SEED", "check_seed", "deal_order", "shuffled_indices"]

MAX_SEED: Final = (1 << 64) - 1
"""The largest deal seed (seeds are whole numbers from 0 to 2**64 - 1)."""
_INDICES: Final = tuple(range(len(DECK)))


def check_seed(seed: object, what: str = "a seed") -> int:
    """``seed`` if it is a deal seed (a whole number from 0 to :data:`MAX_SEED`).

    The one seed check of the package (states, game and match records, the CLI).

    Args:
        seed: The value to check.
        what: What the seed is, for the message ("a match seed").

    Returns:
        The seed.

    Raises:
        ConquianError: ``seed`` is not a whole number in range.

    >>> from conquian.dealing import check_seed
    >>> check_seed(7)
    7
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConquianError(f"{what} is a whole number from 0 to 2**64 - 1, not {describe(seed)}")
    return seed


def shuffled_indices(seed: int) -> list[int]:
    """The card indices of :func:`~conquian.state.deal_order`, top of the pack first
    (``seed`` checked)."""
    return SplitMix64(seed).shuffled(list(_INDICES))


def deal_order(seed: int) -> tuple[Card, ...]:
    """The 40 cards in the order dealt from ``seed``, top of the pack first.

    Args:
        seed: A whole number from 0 to 2**64 - 1.

    Raises:
        ConquianError: The seed is out of range.

    >>> deal_order(1)[:3]
    (Card.parse('2d'), Card.parse('3c'), Card.parse('7d'))
    """
    return tuple(DECK[i] for i in shuffled_indices(check_seed(seed)))
