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
from helpers import seed_drawing, splitmix64

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


def ends_as_one_draw_at_a_time(rng: SplitMix64, seed: int, size: int) -> bool:
    """Whether ``rng`` goes on where ``size - 1`` calls of ``below`` leave ``seed``'s."""
    reference = SplitMix64(seed)
    for i in range(size - 1, 0, -1):
        reference.below(i + 1)
    return rng.next64() == reference.next64()


# (size, draw): draw k of a shuffle of ``size`` items picks below(size - k), unless an
# earlier draw was rejected.
NEAR_TOP_DRAWS = [(3, 0), (3, 1), (40, 0), (40, 20), (40, 38), (64, 0), (64, 7), (64, 32)]
# The largest output (rejected below 3, 20 and 40, kept below 2, 32 and 64), the least
# output with _rng._TOP_BYTES (kept by every below, but the shuffle deals again one draw
# at a time) and the one under it (no search finds it).
NEAR_TOP_VALUES = [2**64 - 1, 2**64 - 256, 2**64 - 257]


@pytest.mark.parametrize(("size", "draw"), NEAR_TOP_DRAWS)
@pytest.mark.parametrize("value", NEAR_TOP_VALUES)
def test_a_draw_near_the_top_deals_what_one_draw_at_a_time_deals(
    size: int, draw: int, value: int
) -> None:
    """A draw at or above ``below``'s bound is rejected and the next output is used, which
    shifts every later draw. Such a draw comes about once in 2**58 cards, so the seed is
    made to draw it (``seed_drawing``), as the first, a middle or the last draw."""
    seed = seed_drawing(value, draw)
    rng = SplitMix64(seed)
    assert rng.shuffled(list(range(size))) == sequential_shuffle(seed, list(range(size)))
    assert ends_as_one_draw_at_a_time(rng, seed, size)


def test_the_draws_near_the_top_are_rejected_or_kept_by_below() -> None:
    """The cases above reach both sides of the shuffle's test: draws that ``below``
    rejects, and draws with the top bytes that it keeps."""
    rejected = {
        value >= 2**64 - 2**64 % (size - draw)
        for size, draw in NEAR_TOP_DRAWS
        for value in NEAR_TOP_VALUES
        if _rng._TOP_BYTES in value.to_bytes(8, "little")
    }
    assert rejected == {True, False}


def test_the_top_bytes_find_every_draw_that_a_below_may_reject() -> None:
    """The shuffle searches its draws' bytes for ``_TOP_BYTES`` instead of testing each
    draw: every ``below(n)`` up to n = 256 keeps the draws under 2**64 - 256, and every
    draw from there up holds those bytes (its seven high bytes, little-endian)."""
    assert all(2**64 - 2**64 % n > 2**64 - 256 for n in range(1, 257))
    for value in [2**64 - 256, 2**64 - 255, 2**64 - 2, 2**64 - 1]:
        assert value.to_bytes(8, "little")[1:] == _rng._TOP_BYTES
    assert _rng._TOP_BYTES not in (2**64 - 257).to_bytes(8, "little")


@given(seeds, st.sampled_from([2, 3, 40, 64]))
def test_a_deal_dealt_again_one_draw_at_a_time_is_the_same_deal(seed: int, size: int) -> None:
    """With empty top bytes (found in any bytes) every shuffle takes the path of a draw
    near the top: start again from its first draw and deal one draw at a time."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rng, "_TOP_BYTES", b"")
        rng = SplitMix64(seed)
        assert rng.shuffled(list(range(size))) == sequential_shuffle(seed, list(range(size)))
    assert ends_as_one_draw_at_a_time(rng, seed, size)


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
