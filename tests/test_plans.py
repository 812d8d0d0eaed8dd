"""Meld plans (conquian._plans): how near a player's ten cards are to going out.

A plan is a set of melds of 11 cards (R16) that holds the player's table (R6) and is
built by takes, each of which puts the taken card in a meld at once (R11). The heuristic
agent weighs its takes by the best plans: how many of its cards they keep, and how many
unseen cards would bring it a take nearer.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conquian import PRESETS, Rules, State, _bits, parse_cards
from conquian._plans import Prospect, prospect
from conquian.agents import RandomAgent
from helpers import TWO_PLAYER_PRESETS


def mask(text: str) -> int:
    return _bits.mask_of(parse_cards(text.replace(".", ""))) if text else 0


def near(cards: str, table: str = "", unseen_except: str = "") -> Prospect:
    """The prospect of ``cards`` with ``table`` on the table, every other card unseen but
    those of ``unseen_except`` (dead, or on the opponent's table)."""
    mine = mask(cards) | mask(table)
    unseen = ((1 << 40) - 1) & ~mine & ~mask(unseen_except)
    return prospect(8, 11, mine, mask(table), unseen)


def test_r16_ten_cards_in_melds_wait_for_the_cards_that_make_eleven() -> None:
    """A♦ A♥ A♠, 2♣ to 5♣ and J♥ J♠ J♦ are ten cards in melds: a plan keeps all ten, and
    the cards that go out are A♣ (a group of four), 6♣ (2♣ to 6♣) and J♣."""
    assert near("JhJsJd", table="AdAhAs2c3c4c5c") == Prospect(kept=10, takeable=3)


def test_a_dead_card_is_no_longer_awaited() -> None:
    assert near("JhJsJd", table="AdAhAs2c3c4c5c", unseen_except="6c") == Prospect(10, 2)


def test_r11_a_meld_missing_two_cards_of_a_run_cannot_be_built() -> None:
    """5♣ and J♣ could only become a meld with 6♣ and 7♣ between them, and neither of
    those makes a meld with them alone, so a taken card could not go on the table (R11).
    5♣ and 7♣ wait for 6♣ in their gap: the plans that keep them keep one card more."""
    table = "AdAhAs.KcKdKh"
    assert near("5cJcQd2s", table=table) == Prospect(kept=7, takeable=5)
    assert near("5c7cQd2s", table=table) == Prospect(kept=8, takeable=3)  # 6c, Ac, Ks


def test_r16_three_melds_of_three_need_two_more_cards() -> None:
    """Nine cards in three melds of three and K♣, which makes no meld: going out needs 11
    cards in at most three melds, so two cards must join the nine. The cards that bring
    one of them are A♠ (four aces), 4♠ and J♠ (5♠ 6♠ 7♠ grows) and J♣ (four jacks)."""
    assert near("Kc", table="AcAdAh.5s6s7s.JdJhJs") == Prospect(kept=9, takeable=4)


def test_r16_a_hand_of_seven_goes_out_with_eight() -> None:
    """With seven cards dealt (hand_size 7), A♦ A♥ A♠ and 2♣ to 5♣ wait for one card: A♣
    (a group of four, or A♣ to 5♣) or 6♣ (2♣ to 6♣) makes the eight that go out."""
    mine = mask("AdAhAs2c3c4c5c")
    unseen = ((1 << 40) - 1) & ~mine
    assert prospect(8, 8, mine, 0, unseen) == Prospect(kept=7, takeable=2)
    # Four melds of a plan of 14 (hand_size 13): 3 + 3 + 4 + 4.
    mine = mask("AdAhAs2d2h2s3c3d3h3s4c4d4h")
    unseen = ((1 << 40) - 1) & ~mine
    assert prospect(8, 14, mine, 0, unseen).kept == 13


def test_cards_that_no_take_can_build_on_give_no_plan() -> None:
    """No two cards of a rank, and no two of a suit close enough for one card to join them
    into a run."""
    assert near("Ac5cJc2d6dQd3h7hKh4s") == Prospect(0, 0)


# ====================================================================== against a model


def model(max_sequence: int, out: int, cards: int, table: int, unseen: int) -> Prospect:
    """Every set of disjoint melds of ``out`` cards, checked one by one: a meld counts when
    a take can build on its held cards (held plus one card is a meld)."""
    melds = _bits.meld_table(max_sequence)
    available = cards | unseen
    usable: list[tuple[int, int]] = []  # (meld, the cards one take adds to it)
    for meld in melds.all_melds:
        if meld & available != meld:
            continue
        held = meld & cards
        takes = 0
        for index in range(40):
            bit = 1 << index
            if meld & bit and not held & bit and held | bit in melds.meld_set:
                takes |= bit
        if held == meld or takes:
            usable.append((meld, takes))
    plans: list[tuple[int, int]] = []  # (cards, takes) of each set of out cards

    def extend(start: int, union: int, takes: int) -> None:
        if union.bit_count() == out:
            plans.append((union, takes))
            return
        for index in range(start, len(usable)):
            meld, meld_takes = usable[index]
            if not union & meld and (union | meld).bit_count() <= out:
                extend(index + 1, union | meld, takes | meld_takes)

    extend(0, 0, 0)
    best, takeable = 0, 0
    for union, takes in plans:
        if union & table != table:
            continue
        kept = (union & cards).bit_count()
        if kept > best:
            best, takeable = kept, 0
        if kept == best:
            takeable |= takes
    return Prospect(best, (takeable & unseen).bit_count())


OTHER_HANDS = {f"hand_size {size}": Rules(hand_size=size) for size in (4, 7, 13)}


@pytest.mark.parametrize("rules_name", [*TWO_PLAYER_PRESETS, *OTHER_HANDS])
@given(seed=st.integers(0, 2**32))
def test_the_prospect_agrees_with_a_model_along_random_games(rules_name: str, seed: int) -> None:
    rules = PRESETS.get(rules_name) or OTHER_HANDS[rules_name]
    state = State.new(seed, rules=rules)
    agent = RandomAgent(seed)
    while (player := state.to_move) is not None:
        if state.ply % 4 == 0:
            seen = state.seen_cards(player)
            cards = seen.hand | seen.table
            out = rules.cards_to_go_out
            expected = model(rules.max_sequence, out, cards, seen.table, seen.unseen)
            assert prospect(rules.max_sequence, out, cards, seen.table, seen.unseen) == expected
        state = state.apply(agent.choose(state.observation(player), state.legal_moves()))
