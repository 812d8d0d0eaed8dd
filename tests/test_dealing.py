"""Tests of conquian.dealing: the deck order of every seed is pinned (R8).

Records store the deck and other languages reproduce a deal from the documented algorithm
(SplitMix64, ``below`` by rejection, Fisher–Yates from the last position down), so no
speed-up may change a single deal. The digests below were computed once, before the
shuffle's fast paths, by the engine and by the deal written again in the tests
(``helpers.reference_deal``), which agreed. They hold 11,000 deals of ordinary seeds and of
seeds near 2**63 and 2**64; the seeds made to draw a rejected output (once in 2**58 cards,
so never met by chance) hold the path that deals again one draw at a time.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable

import pytest

from conquian import Card, Rules, State, deal_order
from conquian.dealing import shuffled_indices
from helpers import reference_deal, seed_drawing, splitmix64

TWO64 = 2**64


def digest(seeds: Iterable[int]) -> str:
    """SHA-256 of one line ``seed: deck`` a seed, the deck in card notation."""
    text = "".join(f"{seed}: {' '.join(map(str, deal_order(seed)))}\n" for seed in seeds)
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_deals_of_the_first_ten_thousand_seeds_are_pinned() -> None:
    assert digest(range(10_000)) == (
        "5658be3494d1570456a8e6e3d81748cca1bb05511c36c26069207bfa133234c4"
    )


def test_the_deals_of_seeds_near_two_to_the_64_are_pinned() -> None:
    seeds = [*range(TWO64 - 1000, TWO64), *range(2**63 - 500, 2**63 + 500)]
    assert digest(seeds) == ("1217bea46254583089329458dbb3f35efbbc25da36d397cfac6680f978f9cdc7")


def bound(n: int) -> int:
    """The rejection bound of ``below(n)``: the largest multiple of ``n`` up to 2**64."""
    return TWO64 - TWO64 % n


# (value, draw): the seed whose output number ``draw`` is ``value``. Draw k of a deal
# picks the index for position 39 - k, below 40 - k, unless an earlier draw was rejected.
RARE_DRAWS = {
    "the first draw rejected": (TWO64 - 1, 0),
    "a draw exactly at its bound, rejected": (bound(20), 20),
    "the last draw that can be rejected (below 3)": (TWO64 - 1, 37),
    "a draw just under its bound, kept": (bound(20) - 1, 20),
    "the largest output, kept below 32 (no bound)": (TWO64 - 1, 8),
}
RARE_DIGEST = "7ce4ebc77076b6962e0b31ac5d89b0e9e4fcd13b7d86ccc0b35b78facf40d9e0"


@pytest.mark.parametrize("case", sorted(RARE_DRAWS))
def test_a_seed_with_a_rare_draw_deals_the_documented_deck(case: str) -> None:
    value, draw = RARE_DRAWS[case]
    seed = seed_drawing(value, draw)
    assert list(itertools.islice(splitmix64(seed), draw + 1))[draw] == value
    rejected = value >= bound(40 - draw)
    assert rejected == ("rejected" in case)
    assert list(deal_order(seed)) == reference_deal(seed)
    assert State.new(seed).deck == deal_order(seed)
    assert tuple(shuffled_indices(seed)) == tuple(card.index for card in deal_order(seed))


def test_the_deals_of_the_rare_draws_are_pinned() -> None:
    seeds = [seed_drawing(*RARE_DRAWS[case]) for case in sorted(RARE_DRAWS)]
    assert digest(seeds) == RARE_DIGEST


def dealt_hands(
    order: list[Card], players: int, size: int, batch: int, dealer: int
) -> list[set[Card]]:
    """R8, M2, V7 written out: ``batch`` cards at a time round the table, starting with the
    player after the dealer, until each holds ``size``."""
    hands: list[set[Card]] = [set() for _ in range(players)]
    seat = (dealer + 1) % players
    for at in range(0, players * size, batch):
        hands[seat].update(order[at : at + batch])
        seat = (seat + 1) % players
    return hands


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("batch", [1, 2])
def test_every_hand_size_deals_the_cards_in_turn(players: int, batch: int) -> None:
    """R8 (M2, V7): each hand size the rules allow, one-card hands included, deals the
    hands in turn from the top of the pack, and the stock is what is left after the
    turned-up card (R10)."""
    for size in range(batch, 39 // players + 1, batch):
        rules = Rules(players=players, hand_size=size, deal_batch=batch)
        for dealer in range(players):
            seed = 1000 * size + dealer
            state = State.new(seed, rules=rules, dealer=dealer)
            order = list(deal_order(seed))
            assert list(state.hands) == dealt_hands(order, players, size, batch, dealer)
            assert list(state.stock) == order[players * size + 1 :]
