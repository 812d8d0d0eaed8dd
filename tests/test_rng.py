"""Tests of conquian._rng: SplitMix64's outputs, drawn one at a time or all at once, and the
Fisher–Yates shuffle that deals every game (the deal of R8 must not depend on the Python
version, so the generator is our own and fully specified)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conquian import _rng
from conquian._rng import SplitMix64
from helpers import splitmix64

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def sequential_shuffle(seed: int, items: list[int]) -> list[int]:
    """Fisher–Yates from the last position down, each index from ``below(i + 1)``."""
    rng = SplitMix64(seed)
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = rng.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


@given(seeds, st.integers(min_value=1, max_value=64))
def test_outputs_at_once_are_the_outputs_one_at_a_time(seed: int, count: int) -> None:
    together, alone = SplitMix64(seed), SplitMix64(seed)
    assert together.outputs(count) == tuple(alone.next64() for _ in range(count))
    # Both generators go on from the same place.
    assert together.next64() == alone.next64()


@given(seeds, st.integers(min_value=1, max_value=64))
def test_outputs_match_the_reference_generator(seed: int, count: int) -> None:
    assert SplitMix64(seed).outputs(count) == tuple(itertools.islice(splitmix64(seed), count))


@pytest.mark.parametrize("count", [0, 65, -1])
def test_outputs_refuses_counts_it_cannot_lay_out(count: int) -> None:
    with pytest.raises(ValueError, match="1 to 64 values"):
        SplitMix64(1).outputs(count)


@given(seeds, st.integers(min_value=0, max_value=80))
def test_shuffle_is_fisher_yates_over_below(seed: int, size: int) -> None:
    items = list(range(size))
    rng = SplitMix64(seed)
    assert rng.shuffled(items) == sequential_shuffle(seed, items)
    assert items == list(range(size)), "the input list is left as it was"


def test_a_rejected_draw_deals_again_one_draw_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A draw at or above ``below``'s bound is rejected and the next output is used, which
    shifts every later draw. Such a draw comes about once in 2**58 cards, so the test
    lowers the bound that the batched shuffle checks: it must notice the "rejection",
    start again from its first draw and deal exactly what one draw at a time deals."""
    seed = 2024
    expected = sequential_shuffle(seed, list(range(40)))
    monkeypatch.setattr(_rng, "_LIMITS", (0,) * 64)
    rng = SplitMix64(seed)
    assert rng.shuffled(list(range(40))) == expected
    # The generator ends where the sequential deal leaves it.
    reference = SplitMix64(seed)
    for i in range(39, 0, -1):
        reference.below(i + 1)
    assert rng.next64() == reference.next64()


def test_below_rejects_draws_past_the_last_whole_multiple() -> None:
    """With n just above 2**63 about half the outputs are rejected; the values drawn are
    exactly the accepted outputs reduced modulo n."""
    n = 2**63 + 1
    limit = 2**64 - 2**64 % n
    outputs = splitmix64(7)
    accepted = [value % n for value in itertools.islice(outputs, 400) if value < limit]
    assert 100 < len(accepted) < 300, "the case exercises rejection"
    rng = SplitMix64(7)
    assert [rng.below(n) for _ in accepted] == accepted
