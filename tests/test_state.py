"""Tests of conquian.state: the deal, the phase machine, legal moves and observations.

The rule scenarios are written in card notation: :func:`helpers.deck_for`
builds the deck that deals the hands and stock a test names, with player 0 dealing, so
player 1 (the non-dealer) moves first (R10). The exactness tests hold the engine to the
slow, independent model of :mod:`bruteforce` on thousands of positions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

import pytest

from bruteforce import (
    PLAY_ORDER,
    SUIT_ORDER,
    allows,
    can_split,
    deal,
    fits,
    from_bf,
    from_state,
    is_meld,
    legal,
    legal_lay_downs,
    legal_takes,
    mismatches,
    play,
    splits,
    to_bf,
)
from conquian import (
    CLASSIC,
    DECK,
    Card,
    ConquianError,
    Decline,
    Force,
    Forcing,
    IllegalMoveError,
    InvalidCardError,
    LayDown,
    Meld,
    Move,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    Regrouping,
    Release,
    Rules,
    State,
    Take,
    deal_order,
    find_rules,
    parse_cards,
    parse_move,
)
from conquian.state import turned_instead
from helpers import (
    MAX_MOVES,
    borrows,
    cards,
    check_position,
    dealt,
    deck_for,
    free_laid_sets,
    legal_moves_of_games,
    play_all,
    random_game,
    reference_deal,
    scaled,
    snapshot,
    splitmix64,
    steered_choice,
    table_cards,
)

DECLINE, FORCE, RELEASE = Decline(), Force(), Release()
FOSTER, BICYCLE = find_rules("foster"), find_rules("bicycle")


def card(text: str) -> Card:
    return Card.parse(text)


def take(text: str) -> Move:
    return parse_move(text)


# ====================================================================== the deal (R8)

# Regression data: deal_order(seed) as computed once by the documented algorithm.
GOLDEN_DEALS = {
    0: "Qc 3s 5c 6s 2d Jh Qh Qs 3c Qd 3d Ad 3h 6h 5d 4s 7s 4h Kh Js "
    "4d 7c Ah 2h 5s Jd 5h Ks 7h 2c Jc 4c 6c Kc As 2s 7d Kd Ac 6d",
    1: "2d 3c 7d 7h Qh Qd 5h 3d Kh 6s Qs As 6c 3h 5c Jd 4d Ah 5s 7c "
    "6d Ad Kc 3s Js 2s 2c Ac 4s Jh Jc Qc 4c Ks 4h 2h 7s 5d Kd 6h",
    42: "6h 7d 6s 2d Qd Kc Qh 4h Js Ks Ad Jc 7s Qs Kh Ac 5d 4s Ah 3d "
    "7c 6d 7h 5h 6c Qc Kd As Jh Jd 3h 2h 3c 2s 3s 5s 4c 5c 2c 4d",
    2**64 - 1: "2h 2s 5s 5h 2c Qd Kh 4h Kc Qh Ad As Ks Ac 3h 3c 2d Js 5d 3s "
    "7s 6h 3d Jh 6s 4c 4d Jc 4s Kd Qc 5c 7h Jd 6c 7c Ah Qs 6d 7d",
}


@pytest.mark.parametrize("seed", sorted(GOLDEN_DEALS))
def test_deal_order_is_stable_across_versions(seed: int) -> None:
    assert deal_order(seed) == parse_cards(GOLDEN_DEALS[seed])


def test_reference_splitmix64_matches_the_published_first_output() -> None:
    assert next(splitmix64(0)) == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("seed", [0, 1, 2, 42, 12345, 2**32 + 7, 2**63, 2**64 - 1])
def test_deal_order_is_splitmix64_with_fisher_yates(seed: int) -> None:
    assert list(deal_order(seed)) == reference_deal(seed)


def test_a_state_is_made_by_its_constructors_not_from_its_internal_parts() -> None:
    # State(...) took the internal parts, and State(None, None) was made, to fail later
    # in repr; the public ways are new, from_deck, parse and moves. (The parts are one
    # field now, the position and the path.)
    with pytest.raises(TypeError, match=r"a State is made by State\.new, State\.from_deck"):
        State((None, None))  # type: ignore[arg-type]
    state = State.new(seed=5)
    assert State.parse(state.to_notation()) == state
    assert State.from_deck(state.deck or ()) == state
    played = state.apply(state.legal_moves()[0])
    assert hash(played) == hash(State.parse(played.to_notation()))


def test_last_played_is_the_last_history_entry_or_none() -> None:
    state = State.new(seed=11)
    assert state.last_played is None
    while state.to_move is not None:
        moves = state.legal_moves()
        state = state.apply(moves[len(moves) // 2])
        last = state.last_played
        assert last == state.history[-1]
        assert last is not None
        assert last.move == moves[len(moves) // 2]
    assert State.parse(state.to_notation()).last_played is None  # no history


def test_same_seed_same_game() -> None:
    first, second = State.new(99), State.new(99)
    assert first == second
    assert hash(first) == hash(second)
    for one, other in zip(random_game(first, 5), random_game(second, 5), strict=True):
        assert one == other
    assert State.new(99) != State.new(100)


def test_a_fresh_seed_is_recorded_and_reproduces_the_game() -> None:
    state = State.new()
    assert state.seed is not None
    assert 0 <= state.seed < 2**64
    assert State.new(state.seed) == state
    assert State.new(state.seed).deck == state.deck


def test_the_seed_is_not_part_of_equality() -> None:
    from_seed = State.new(5)
    from_deck = State.from_deck(deal_order(5))
    assert from_seed.seed == 5
    assert from_deck.seed is None
    assert from_seed == from_deck
    assert hash(from_seed) == hash(from_deck)


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "7"])
def test_a_bad_seed_is_refused(seed: object) -> None:
    with pytest.raises(ConquianError, match="seed"):
        State.new(seed)  # type: ignore[arg-type]


def test_a_bad_deck_or_dealer_is_refused() -> None:
    deck = deal_order(3)
    with pytest.raises(InvalidCardError, match="40 cards"):
        State.from_deck(deck[:39])
    with pytest.raises(InvalidCardError, match="40 cards"):
        State.from_deck((*deck[:39], deck[0]))
    with pytest.raises(ConquianError, match="dealer"):
        State.from_deck(deck, dealer=2)


@pytest.mark.parametrize("dealer", [0, 1])
def test_r8_deal_one_at_a_time_non_dealer_first(dealer: int) -> None:
    """R8: ten cards each, one at a time, the non-dealer first; R10: he turns the top card."""
    deck = deal_order(8)
    state = State.from_deck(deck, dealer=dealer)
    non_dealer = 1 - dealer
    assert state.hands[non_dealer] == frozenset(deck[0:20:2])
    assert state.hands[dealer] == frozenset(deck[1:20:2])
    assert state.tables == ((), ())
    assert state.offer == deck[20]
    assert state.stock == deck[21:]
    assert state.dead == ()
    assert state.deck == deck


# ====================================================================== the rules in play

# Player 1 does not deal, so he moves first (R10). His 6c 7c and the Jh Js are the
# regrouping example of R13; the stock starts Jc Kh 5c.
REGROUPING_DECK = deck_for(
    player1="6c 7c Jh Js As 2d 4h Kd Qs 3s",
    player0="Ac 2c 3c 4d 5d 6d Jd Qd 7h 7s",
    stock="Jc Kh 5c",
)


def test_r10_the_non_dealer_is_offered_the_top_stock_card() -> None:
    """R10: the non-dealer turns the top stock card; it is offered to him."""
    state = State.from_deck(REGROUPING_DECK)
    assert state.phase is Phase.OFFER
    assert state.to_move == 1
    assert state.offer == card("Jc")
    assert state.offer_origin is OfferOrigin.STOCK
    assert state.offered_by == 1
    assert len(state.stock) == 19
    assert state.stock[:2] == parse_cards("Kh 5c")
    assert state.hands[1] == cards("6c 7c Jh Js As 2d 4h Kd Qs 3s")
    assert state.ply == 0


def test_r11_take_lays_cards_and_discards_to_the_opponent() -> None:
    """R11 Take: the card and the laid cards go on the table; the discard is offered."""
    state = State.from_deck(REGROUPING_DECK).apply("take +6c7c -As")
    assert state.tables[1] == (Meld("6c 7c Jc"),)
    assert state.hands[1] == cards("Jh Js 2d 4h Kd Qs 3s")
    assert state.offer == card("As")
    assert state.offer_origin is OfferOrigin.DISCARD
    assert state.offered_by == 1
    assert state.to_move == 0
    assert state.phase is Phase.OFFER
    # R14: hand plus table count 10 between actions.
    assert len(state.hands[1]) + len(table_cards(state, 1)) == 10


def test_r11a_a_declined_discard_dies_and_the_decliner_turns_the_next_card() -> None:
    """R11a: the opponent's discard, declined (and not fitting, R14a), dies; the decliner
    turns up the next stock card, offered to himself."""
    before = play_all(State.from_deck(REGROUPING_DECK), "take +6c7c -As")
    state = before.apply("decline")
    assert state.dead == (card("As"),)
    assert state.offer == card("Kh")
    assert state.offer_origin is OfferOrigin.STOCK
    assert state.offered_by == 0
    assert state.to_move == 0
    assert state.phase is Phase.OFFER
    assert len(state.stock) == len(before.stock) - 1
    assert state.hands == before.hands


def test_r11b_passing_ones_own_card_offers_it_to_the_opponent() -> None:
    """R11b: a player who declines the card he turned passes it: it stays face up, is
    offered to the opponent, and he does not discard."""
    before = play_all(State.from_deck(REGROUPING_DECK), "take +6c7c -As", "decline")
    state = before.apply("decline")
    assert state.offer == card("Kh")
    assert state.offer_origin is OfferOrigin.STOCK
    assert state.offered_by == 0
    assert state.to_move == 1
    assert state.phase is Phase.OFFER
    assert state.dead == before.dead
    assert state.stock == before.stock
    assert state.hands == before.hands


def test_r11a_a_declined_passed_card_dies_and_the_decliner_turns() -> None:
    """R11a: a card the opponent turned up and passed, declined, dies (it does not fit:
    Kh and 6c 7c Jc make no melds, R14a)."""
    state = play_all(
        State.from_deck(REGROUPING_DECK), "take +6c7c -As", "decline", "decline", "decline"
    )
    assert state.dead == parse_cards("As Kh")
    assert state.offer == card("5c")
    assert state.offered_by == 1
    assert state.to_move == 1


def test_r13_regrouping_example() -> None:
    """R13: table Jc 7c 6c; he takes 5c and lays Jh Js: new table 5c 6c 7c and Jc Jh Js."""
    state = play_all(
        State.from_deck(REGROUPING_DECK), "take +6c7c -As", "decline", "decline", "decline"
    )
    assert state.tables[1] == (Meld("6c 7c Jc"),)
    assert state.offer == card("5c")
    after = state.apply("take +JhJs -Kd")
    assert set(after.tables[1]) == {Meld("5c 6c 7c"), Meld("Jc Jh Js")}
    assert after.hands[1] == cards("2d 4h Qs 3s")
    # The player may name the split himself, and only a split of exactly his new table.
    named = state.apply("take +JhJs -Kd [5c6c7c JcJhJs]")
    assert set(named.tables[1]) == set(after.tables[1])
    assert not state.is_legal(take("take +JhJs -Kd [5c6c7cJc]"))
    with pytest.raises(IllegalMoveError, match="must hold exactly these cards"):
        state.apply("take +JhJs -Kd [5c6c7cJc]")
    # Jh alone cannot join: 5c 6c 7c Jc Jh does not split (R6).
    with pytest.raises(IllegalMoveError, match="the table would not split into melds"):
        state.apply("take +Jh -Kd")
    # Taking the card alone is fine when it fits (R14a): 5c 6c 7c Jc.
    assert state.apply("take -Kd").tables[1] == (Meld("5c 6c 7c Jc"),)


def test_r14b_case_b_a_passed_card_that_fits_can_be_forced_back() -> None:
    """R14b case b: player 1 passes 5c, which fits his table 6c 7c Jc; player 0, offered
    it, may force it back on him; he must take it, and his discard goes to the forcer."""
    passed = play_all(
        State.from_deck(REGROUPING_DECK),
        "take +6c7c -As",
        "decline",
        "decline",
        "decline",
        "decline",
    )
    assert passed.offer == card("5c")
    assert passed.offered_by == 1
    assert passed.to_move == 0
    assert passed.legal_moves()[-2:] == (DECLINE, FORCE)
    forced = passed.apply("force")
    assert forced.phase is Phase.FORCED_TAKE
    assert forced.to_move == 1
    assert forced.offer == card("5c")
    moves = forced.legal_moves()
    assert moves
    assert all(isinstance(move, Take) for move in moves)
    assert take("take -Kd") in moves
    with pytest.raises(IllegalMoveError, match="you were forced"):
        forced.apply("decline")
    after = forced.apply("take +JhJs -Kd")
    assert set(after.tables[1]) == {Meld("5c 6c 7c"), Meld("Jc Jh Js")}
    assert after.offer == card("Kd")
    assert after.to_move == 0
    assert after.phase is Phase.OFFER


@pytest.mark.parametrize("forcing", [Forcing.DISCARDS_ONLY, Forcing.OFF])
def test_v1_a_passed_card_cannot_be_forced_without_classic_forcing(forcing: Forcing) -> None:
    """V1: under discards_only and off, case b is not allowed."""
    passed = play_all(
        State.from_deck(REGROUPING_DECK, rules=Rules(forcing=forcing)),
        "take +6c7c -As",
        "decline",
        "decline",
        "decline",
        "decline",
    )
    assert passed.offer == card("5c")
    assert FORCE not in passed.legal_moves()
    with pytest.raises(IllegalMoveError, match="do not let you force"):
        passed.apply("force")


# Player 1 builds 6c 7c Jc; player 0 then takes As with Ah Ad and discards 5c, which
# fits player 1's table (R14a). Qc, turned by player 0 later, fits it too.
FORCING_DECK = deck_for(
    player1="6c 7c Jh Js As 2d 4h Kd Qs 3s",
    player0="Ah Ad 5c 2c 3d 4d 6h 7h Ks Qh",
    stock="Jc Kh Qc 2s",
)


def forcing_game(forcing: Forcing = Forcing.DECLINED) -> State:
    """Player 1 took Jc and has 6c 7c Jc; player 0 took As and discarded 5c to him."""
    state = play_all(
        State.from_deck(FORCING_DECK, rules=Rules(forcing=forcing)),
        "take +6c7c -As",
        "take +AhAd -5c",
    )
    assert state.offer == card("5c")
    assert state.offer_origin is OfferOrigin.DISCARD
    assert state.to_move == 1
    return state


def test_r14a_a_card_fits_when_the_table_alone_takes_it() -> None:
    """R14a: 5c fits 6c 7c Jc (no hand card needed), so taking it alone is legal."""
    state = forcing_game()
    assert take("take -Kd") in state.legal_moves()
    assert table_cards(state.apply("take -Kd"), 1) == cards("5c 6c 7c Jc")


@pytest.mark.parametrize("forcing", [Forcing.DECLINED, Forcing.DISCARDS_ONLY])
def test_r14b_case_a_declining_a_fitting_card_lets_the_opponent_decide(forcing: Forcing) -> None:
    """R14b case a: player 1 declines 5c, which fits his table: before it dies, player 0
    (whose discard it was) forces it on him or releases it. V1: discards_only allows it."""
    declined = forcing_game(forcing).apply("decline")
    assert declined.phase is Phase.FORCE_DECISION
    assert declined.to_move == 0
    assert declined.offer == card("5c")
    assert declined.legal_moves() == (FORCE, RELEASE)
    assert declined.dead == ()

    released = declined.apply("release")
    assert released.dead == (card("5c"),)
    assert released.offer == card("Kh")  # player 1, the decliner, turns the next card
    assert released.offered_by == 1
    assert released.to_move == 1
    assert released.phase is Phase.OFFER

    forced = declined.apply("force")
    assert forced.phase is Phase.FORCED_TAKE
    assert forced.to_move == 1
    assert all(isinstance(move, Take) for move in forced.legal_moves())
    after = forced.apply("take +JhJs -Kd")
    assert after.offer == card("Kd")
    assert after.to_move == 0  # the forcer


def test_v1_forcing_off_a_fitting_discard_just_dies() -> None:
    """V1 off: no forcing at all; a declined card dies even when it fits."""
    state = forcing_game(Forcing.OFF).apply("decline")
    assert state.phase is Phase.OFFER
    assert state.dead == (card("5c"),)
    assert state.offer == card("Kh")
    assert state.to_move == 1


def test_v1_discards_only_a_fitting_passed_card_just_dies() -> None:
    """V1 discards_only: Qc, turned and passed by player 0, fits player 1's table, but
    it was not player 0's discard, so it cannot be forced: declined, it dies."""
    state = play_all(
        forcing_game(Forcing.DISCARDS_ONLY), "take -Kd", "decline", "decline", "decline"
    )
    assert state.dead == parse_cards("Kd Kh")
    assert state.offer == card("Qc")
    assert state.offered_by == 1
    classic = play_all(forcing_game(), "take -Kd", "decline", "decline", "decline")
    assert classic.offer == card("Qc")


def test_r15_the_game_is_drawn_when_a_card_dies_with_no_stock_left() -> None:
    """R15: with nothing ever taken, every stock card is passed and declined until the
    last one dies; passing the last card does not draw (the opponent is offered it)."""
    state = State.from_deck(REGROUPING_DECK)
    for _ in range(19):
        state = play_all(state, "decline", "decline")  # R11b pass, then R11a
        assert state.outcome is None
    assert state.stock == ()
    assert len(state.dead) == 19
    turner = state.to_move
    assert turner is not None
    passed = state.apply("decline")
    assert passed.outcome is None
    assert passed.to_move == 1 - turner
    over = passed.apply("decline")
    assert over.outcome == Outcome(OutcomeKind.DRAWN, None)
    assert over.outcome is not None
    assert over.phase is Phase.OVER
    assert over.to_move is None
    assert over.offer is None
    assert over.legal_moves() == ()
    assert len(over.dead) == 20
    with pytest.raises(IllegalMoveError, match="the game is over"):
        over.apply("decline")


# Player 1 holds 6c 7c Jc after the first take; the stock then runs out, with 5c (which
# fits his table) as its very last card, turned by player 0.
LAST_CARD_DECK = deck_for(
    player1="6c 7c Jh Js As 2d 4h Kd Qs 3s",
    player0="Qc 2c 3c 4d 5d 6d Jd Qd 7h 7s",
    stock="Jc",
    last="5c",
)


def test_r15_a_force_on_the_last_card_prevents_the_draw() -> None:
    """R15 and R14b: after a pass of the last stock card, the opponent declines it; it
    fits her table, so the passer may force her, and the game goes on."""
    state = State.from_deck(LAST_CARD_DECK).apply("take +6c7c -As")
    state = state.apply("decline")  # As dies; player 0 turns the next card
    while state.stock:
        state = play_all(state, "decline", "decline")
        assert state.ply < 42
        assert state.phase is Phase.OFFER
    assert state.offer == card("5c")
    assert state.offered_by == 0
    passed = state.apply("decline")
    declined = passed.apply("decline")
    assert declined.phase is Phase.FORCE_DECISION
    assert declined.apply("release").outcome == Outcome(OutcomeKind.DRAWN, None)
    forced = declined.apply("force")
    assert forced.outcome is None
    after = forced.apply("take -Kd")
    assert after.outcome is None
    assert after.offer == card("Kd")
    assert after.stock == ()


def test_r16_going_out_wins_with_no_discard() -> None:
    """R16: he takes Kh and lays every hand card: 11 on his table, he wins at once."""
    state = State.from_deck(
        deck_for(
            player1="Ac 2c 3c 4c 5c 5d 5h 5s Jh Qh",
            player0="Ad 2d 3d 4d 6d 7d Jd Qd Kd 6h",
            stock="Kh",
        )
    )
    out = take("take +Ac2c3c4c5c5d5h5sJhQh out")
    assert out in state.legal_moves()
    won = state.apply(out)
    assert won.outcome == Outcome(OutcomeKind.WENT_OUT, 1)
    assert won.phase is Phase.OVER
    assert won.to_move is None
    assert won.hands[1] == frozenset()
    assert len(table_cards(won, 1)) == 11
    assert won.offer is None
    assert won.legal_moves() == ()
    with pytest.raises(IllegalMoveError, match="you must discard"):
        state.apply("take +Ac2c3c4c5c5d5h5sJh out")


# Player 1 can lay ten cards with 4c; 5c waits in the stock after Qs.
EMPTY_HAND_DECK = deck_for(
    player1="Ac 2c 3c 5d 5h 5s Jh Qh Kh Kd",
    player0="Ad 2d 3d 4d 6d 7d Jd Qd 6h 7h",
    stock="4c Qs 5c",
)


def empty_handed() -> State:
    """R17: player 1 lays ten cards and discards his last one; he plays on."""
    state = State.from_deck(EMPTY_HAND_DECK).apply("take +Ac2c3c5d5h5sJhQhKh -Kd")
    assert state.outcome is None
    assert state.hands[1] == frozenset()
    assert len(table_cards(state, 1)) == 10
    return state


def test_r17_an_empty_hand_plays_on_and_wins_by_taking_a_fitting_card() -> None:
    """R17: ten on the table and an empty hand do not win; only a take that fits (R14a)
    makes eleven. A card that does not fit leaves him nothing but to decline."""
    state = play_all(empty_handed(), "decline", "decline")  # Kd dies; Qs is passed to him
    assert state.offer == card("Qs")
    assert state.to_move == 1
    assert state.legal_moves() == (DECLINE,)
    state = state.apply("decline")  # Qs dies, he turns 5c
    assert state.offer == card("5c")
    assert state.legal_moves() == (Take(frozenset(), None), DECLINE)
    won = state.apply("take out")
    assert won.outcome == Outcome(OutcomeKind.WENT_OUT, 1)
    assert len(table_cards(won, 1)) == 11


def test_r14b_forcing_an_empty_handed_opponent_hands_him_the_win() -> None:
    """R14b and R17: 5c fits player 1's table; he passes it, player 0 forces it back, and
    his only move is to take it and go out."""
    state = play_all(empty_handed(), "decline", "decline", "decline")
    assert state.offer == card("5c")
    passed = state.apply("decline")
    assert passed.legal_moves()[-1] == FORCE
    forced = passed.apply("force")
    assert forced.legal_moves() == (Take(frozenset(), None),)
    assert forced.apply("take out").outcome == Outcome(OutcomeKind.WENT_OUT, 1)


def test_r14b_a_forced_player_may_go_out() -> None:
    """R14b: a forced player takes exactly as in R11, so he may lay every card and win."""
    state = State.from_deck(
        deck_for(
            player1="Ac 2c 3c 5d 5h 5s Jh Qh Kh 6s",
            player0="Ad 2d 3d 4d 6d 7d Jd Qd 6h 7h",
            stock="4c 5c",
        )
    )
    state = play_all(state, "take +Ac2c3c -6s", "decline", "decline", "decline")
    assert state.phase is Phase.FORCE_DECISION  # 5c fits Ac 2c 3c 4c
    forced = state.apply("force")
    out = take("take +5d5h5sJhQhKh out")
    assert out in forced.legal_moves()
    assert forced.apply(out).outcome == Outcome(OutcomeKind.WENT_OUT, 1)


# ====================================================================== illegal moves


def test_illegal_moves_say_why_and_change_nothing() -> None:
    state = forcing_game()  # player 1 to move, 5c offered, hand Jh Js 2d 4h Kd Qs 3s
    saved, saved_hash = snapshot(state), hash(state)
    cases = {
        "take +6h -Kd": "6h is not in your hand",
        "take -6h": "6h is not in your hand",
        "take +Jh -Kd": "the table would not split into melds",
        "take +JhJs": "must discard",
        "take +JhJs out": "you must discard",
        "take +5c -Kd": "5c is the offered card",
        "take -5c": "you cannot discard 5c",
        "release": "nothing to release",
        "force": "was not passed to you",
    }
    for text, message in cases.items():
        try:
            move = parse_move(text)
        except ConquianError:
            # Notation refuses some of these; the same values built directly are moves.
            laid, _, discard = text.removeprefix("take +").partition(" -")
            move = Take(parse_cards(laid), Card.parse(discard) if discard else None)
        assert not state.is_legal(move)
        explanation = state.explain_illegal(move)
        assert explanation is not None
        assert message in explanation
        with pytest.raises(IllegalMoveError, match=message):
            state.apply(move)
    with pytest.raises(ConquianError, match="Kd is both laid and discarded"):
        state.apply(Take(parse_cards("JhJsKd"), Card.parse("Kd")))  # no such move is built
    # ... but one can be unpickled from crafted data: the referee refuses it all the same.
    valid = Take(parse_cards("JhJs"), Card.parse("Kd"))
    make, args, fields = cast(tuple[Any, ...], valid.__reduce_ex__(4))[:3]
    crafted = make(*args)  # what pickle.loads does, with the laid cards edited
    crafted.__setstate__({**fields, "laid_mask": valid.laid_mask | 1 << Card.parse("Kd").index})
    with pytest.raises(IllegalMoveError, match="you cannot both lay down and discard Kd"):
        state.apply(crafted)
    with pytest.raises(IllegalMoveError, match="it is player 1's turn"):
        state.apply("take -Kd", player=0)
    assert state.is_legal(take("take -Kd"), player=1)
    assert not state.is_legal(take("take -Kd"), player=0)
    assert state.explain_illegal(take("take -Kd")) is None
    assert state == saved
    assert hash(state) == saved_hash
    assert state.hands == saved.hands
    assert state.ply == saved.ply


def test_wrong_phase_moves_are_refused() -> None:
    decision = forcing_game().apply("decline")
    assert decision.phase is Phase.FORCE_DECISION
    for text in ("decline", "take -Kd", "take +JhJs -Kd"):
        with pytest.raises(
            IllegalMoveError, match="you must force 5c on your opponent or release it"
        ):
            decision.apply(text)
    forced = decision.apply("force")
    for text in ("decline", "force", "release"):
        with pytest.raises(IllegalMoveError):
            forced.apply(text)


def test_a_non_move_is_refused() -> None:
    state = State.new(1)
    with pytest.raises(IllegalMoveError, match="is not a move"):
        state.apply(object())  # type: ignore[arg-type]


# ====================================================================== exactness

EXACTNESS_RUNS = [
    # (rules, number of games, steering, first seed). The dev profile plays the games up
    # to the first at which the walk reached every situation the test checks it reached
    # (193 games in all, where the full profiles play 1,590; max-sequence-4 forces a card
    # back first in its 42nd game).
    pytest.param(CLASSIC, 150, 0.0, 1000, id="classic-random"),
    pytest.param(CLASSIC, 200, 0.7, 2000, id="classic-steered"),
    pytest.param(Rules(forcing=Forcing.DISCARDS_ONLY), 80, 0.5, 3000, id="discards-only"),
    pytest.param(Rules(forcing=Forcing.OFF), 80, 0.5, 4000, id="forcing-off"),
    pytest.param(Rules(max_sequence=10), 100, 0.7, 5000, id="max-sequence-10"),
    pytest.param(Rules(max_sequence=4), 60, 0.7, 5500, id="max-sequence-4"),
    pytest.param(Rules(hand_size=7), 60, 0.5, 6000, id="hand-size-7"),
    pytest.param(Rules(hand_size=13), 40, 0.7, 7000, id="hand-size-13"),
    # The presets and the variants one at a time (V1-V8).
    pytest.param(FOSTER, 150, 0.7, 8000, id="foster"),
    pytest.param(BICYCLE, 150, 0.7, 9000, id="bicycle"),
    pytest.param(Rules(regrouping=Regrouping.NONE), 150, 0.7, 10000, id="regrouping-none"),
    pytest.param(Rules(initial_upcard=True), 120, 0.5, 11000, id="initial-upcard"),
    pytest.param(
        Rules(meld_from_hand=True, regrouping=Regrouping.NONE),
        150,
        0.7,
        12000,
        id="meld-from-hand-none",
    ),
    pytest.param(Rules(deal_batch=2), 100, 0.5, 13000, id="deal-batch-2"),
]


def variant_choice(rng: random.Random, state: State, moves: Sequence[Move], greed: float) -> Move:
    """:func:`steered_choice`, but a borrowing take (V2) when there is one, most times."""
    borrowing = borrows(state, moves)
    if borrowing and rng.random() < 0.8:
        return rng.choice(borrowing)
    return steered_choice(rng, moves, greed)


def count_played(before: State, move: Move, stats: Counter[str]) -> None:
    """Count the variant moves the walk played."""
    stats["lay-downs played"] += isinstance(move, LayDown)
    stats["borrows played"] += bool(borrows(before, [move]))
    if before.offer_origin is OfferOrigin.UPCARD:
        by_dealer = before.to_move == before.dealer
        kind = "taken" if isinstance(move, Take) else "declined"
        stats[f"upcard {kind} by the {'dealer' if by_dealer else 'non-dealer'}"] += 1


def unreached(
    rules: Rules, greed: float, games: int, stats: Counter[str], outcomes: Counter[OutcomeKind]
) -> list[str]:
    """What a walk of ``games`` games was to reach (and not to reach) under ``rules`` and
    missed: nothing once it reached every situation the exactness test checks."""
    upcard = rules.initial_upcard
    borrowing = rules.regrouping is Regrouping.BORROW
    wanted = {
        "25 positions a game": stats["positions"] > 25 * games,
        "forced takes (unless forcing is off)": (
            (stats["forced_take"] > 0) == (rules.forcing is not Forcing.OFF)
        ),
        "a position with twice a hand of takes": stats["max takes"] >= 2 * rules.hand_size,
        "a table of a hand of cards less one": stats["max table"] >= rules.hand_size - 1,
        "an empty hand (steered games)": stats["empty hand"] > 0 or greed == 0.0,
        "a game won": outcomes[OutcomeKind.WENT_OUT] > 0,
        "force decisions (unless forcing is off)": (
            (stats["force_decision"] > 0) == (rules.forcing is not Forcing.OFF)
        ),
        "a card forced back (only if declined cards are forced)": (
            (stats["force back"] > 0) == (rules.forcing is Forcing.DECLINED)
        ),
        # V2: the rule refused regroupings that free regrouping allows; borrow let cards move.
        "refused regroupings (only unless free)": (
            (stats["refused regroupings"] > 0) == (rules.regrouping is not Regrouping.FREE)
        ),
        "borrows offered (only under borrow)": (stats["borrow offers"] > 0) == borrowing,
        "borrows played (only under borrow)": (stats["borrows played"] > 0) == borrowing,
        # V3: lay-downs were offered and played, and only under meld_from_hand.
        "lay-downs offered (V3 only)": (stats["lay-down offers"] > 0) == rules.meld_from_hand,
        "lay-downs played (V3 only)": (stats["lay-downs played"] > 0) == rules.meld_from_hand,
        # V8: the upcard was offered, declined by both players (and then died), and taken.
        "upcard offers (V8 only)": (stats["upcard offers"] > 0) == upcard,
    }
    for what in ("declined by the non-dealer", "declined by the dealer", "taken by the"):
        reached = sum(count for key, count in stats.items() if key.startswith(f"upcard {what}"))
        wanted[f"upcard {what} (V8 only)"] = (reached > 0) == upcard
    return [name for name, met in wanted.items() if not met]


@pytest.mark.parametrize(("rules", "games", "greed", "first_seed"), EXACTNESS_RUNS)
def test_legal_moves_equal_the_brute_force(
    rules: Rules, games: int, greed: float, first_seed: int
) -> None:
    """Every position of many seeded games, random or steered towards big tables."""
    stats: Counter[str] = Counter()
    outcomes: Counter[OutcomeKind] = Counter()
    played = 0
    for seed in range(first_seed, first_seed + games):
        # All the games under the full profiles; under dev (helpers.scaled), the games up
        # to the first at which the walk reached all it must.
        if played >= scaled(games, dev=1) and not unreached(rules, greed, played, stats, outcomes):
            break
        played += 1
        state = State.new(seed, rules=rules, dealer=seed % 2)
        model = deal(dealt(state), rules, dealer=seed % 2)
        rng = random.Random(seed)
        while True:
            check_position(state, model, stats)
            if state.to_move is None:
                break
            move = variant_choice(rng, state, state.legal_moves(), greed)
            count_played(state, move, stats)
            state, model = state.apply(move), play(model, to_bf(move))
            assert state.ply <= MAX_MOVES
        outcome = state.outcome
        assert outcome is not None
        outcomes[outcome.kind] += 1
    # The walk must have reached the situations it is meant to test.
    assert unreached(rules, greed, played, stats, outcomes) == []


def random_melds(rng: random.Random, rules: Rules, room: int) -> list[list[Card]]:
    """Disjoint random melds of at most ``room`` cards in all: groups of three and four,
    sequences of three to six (V4 permitting), the shapes that lend a card or do not (V2)."""
    used: set[Card] = set()
    melds: list[list[Card]] = []
    while room - len(used) >= 3 and (not melds or rng.random() < 0.75):
        if rng.random() < 0.5:
            rank = rng.choice(PLAY_ORDER)
            meld = [Card(rank, suit) for suit in rng.sample(SUIT_ORDER, rng.choice([3, 4, 4]))]
        else:
            length = rng.choice([3, 4, 4, 5, 6])
            length = min(length, rules.max_sequence)
            start = rng.randrange(len(PLAY_ORDER) - length + 1)
            suit = rng.choice(SUIT_ORDER)
            meld = [Card(rank, suit) for rank in PLAY_ORDER[start : start + length]]
        if len(used) + len(meld) <= room and not used & set(meld):
            used.update(meld)
            melds.append(meld)
    return melds


def _place(card: Card) -> int:
    return PLAY_ORDER.index(card.rank)


def in_some_meld(card: Card, others: set[Card]) -> bool:
    """Whether ``card`` and two of ``others`` make a group or a sequence of three."""
    if sum(other.rank == card.rank for other in others) >= 2:
        return True
    places = {_place(other) for other in others if other.suit == card.suit}
    here = _place(card)
    return any({here + a, here + b} <= places for a, b in ((-2, -1), (-1, 1), (1, 2)))


def random_table_position(rng: random.Random, rules: Rules) -> State:
    """A position read from a position string: the player to move has turned up a card
    (so he may lay down, V3) and has a random table of melds; his hand and the offered
    card are mostly cards of the ranks on his table or of its suits within two places of
    a table card, so that many fit and many borrow (V2)."""
    size = rules.hand_size
    melds = random_melds(rng, rules, size - 1)
    table = {card for meld in melds for card in meld}
    rest = [card for card in DECK if card not in table]
    rng.shuffle(rest)
    near = [
        card
        for card in rest
        if any(
            card.rank == on.rank or (card.suit == on.suit and abs(_place(card) - _place(on)) <= 2)
            for on in table
        )
    ]
    hand = set(near[: (size - len(table)) * 2 // 3])
    hand.update([card for card in rest if card not in hand][: size - len(table) - len(hand)])
    rest = [card for card in rest if card not in hand]
    near = [card for card in near if card not in hand]
    useful = [card for card in near if in_some_meld(card, table | hand)]
    offer = rng.choice(useful if useful and rng.random() < 0.9 else rest)
    rest.remove(offer)
    player = rng.randrange(2)
    hands = [hand, set(rest[:size])] if player == 0 else [set(rest[:size]), hand]
    tables = ["-", "-"]
    tables[player] = ".".join(str(Meld(meld, rules=rules)) for meld in melds) or "-"
    words = {
        "rules": rules.to_notation(),
        "dealer": str(1 - player),
        "ply": "30",
        "phase": "offer",
        "to_move": str(player),
        "offer": str(offer),
        "from": f"stock:{player}",
        "stock": "".join(map(str, rest[size:])),
        "hand0": "".join(map(str, sorted(hands[0]))),
        "hand1": "".join(map(str, sorted(hands[1]))),
        "table0": tables[0],
        "table1": tables[1],
        "dead": "-",
        "result": "-",
    }
    return State.parse(" ".join(["conquian/1", *(f"{k}={v}" for k, v in words.items())]))


@pytest.mark.parametrize(
    ("rules", "positions"),
    [
        pytest.param(Rules(regrouping=Regrouping.NONE, meld_from_hand=True), 1200, id="none"),
        pytest.param(
            Rules(regrouping=Regrouping.BORROW, meld_from_hand=True, max_sequence=10),
            1200,
            id="borrow",
        ),
        pytest.param(Rules(regrouping=Regrouping.BORROW, max_sequence=5), 1200, id="borrow-5"),
        pytest.param(BICYCLE, 800, id="bicycle"),
    ],
)
def test_v2_v3_on_random_tables_equal_the_brute_force(rules: Rules, positions: int) -> None:
    """V2, V3: on random tables of groups and sequences of every length, the takes and
    lay-downs with their tables are the model's, and each plays as the model says."""
    rng = random.Random(positions)
    positions = scaled(positions)
    stats: Counter[str] = Counter()
    for _ in range(positions):
        state = random_table_position(rng, rules)
        model = from_state(state)
        moves = state.legal_moves()
        assert {to_bf(move) for move in moves} == legal(model)
        for move in moves[:40]:
            assert mismatches(play(model, to_bf(move)), state.apply(move)) == []
        placed = [move for move in moves if isinstance(move, Take | LayDown)]
        stats["takes"] += any(isinstance(move, Take) for move in placed)
        stats["lay-downs"] += any(isinstance(move, LayDown) for move in placed)
        stats["borrows"] += bool(borrows(state, placed))
        if rules.regrouping is not Regrouping.FREE:
            laid_sets = {move.laid for move in placed if isinstance(move, Take)}
            stats["refused regroupings"] += laid_sets != free_laid_sets(model)
        player, offer = state.to_move, state.offer
        assert player is not None
        assert offer is not None
        stats["fits"] += fits(
            offer,
            model.tables[player],
            rules=rules,
            melds=None if model.melds is None else model.melds[player],
        )
    assert stats["takes"] > positions // 4
    free = rules.regrouping is Regrouping.FREE
    assert (stats["refused regroupings"] > positions // 20) != free
    assert (stats["lay-downs"] > positions // 5) == rules.meld_from_hand
    assert stats["lay-downs"] == 0 or rules.meld_from_hand
    assert (stats["borrows"] > positions // 5) == (rules.regrouping is Regrouping.BORROW)
    assert stats["borrows"] == 0 or rules.regrouping is Regrouping.BORROW
    assert stats["fits"] > positions // 8


def random_take(rng: random.Random, state: State) -> Take:
    """A take of random cards, mostly from the mover's hand (often illegal)."""
    player = state.to_move
    assert player is not None
    others = sorted(state.hands[1 - player])
    pool = sorted(state.hands[player]) + rng.sample(others, min(2, len(others)))
    if state.offer is not None and rng.random() < 0.1:
        pool.append(state.offer)
    laid = frozenset(rng.sample(pool, rng.randint(0, len(pool))))
    rest = [c for c in pool if c not in laid]
    discard = rng.choice(rest) if rest and rng.random() < 0.9 else None
    return Take(laid, discard)


def random_lay_down(rng: random.Random, state: State) -> LayDown:
    """A lay-down of random hand cards (V3), often illegal."""
    player = state.to_move
    assert player is not None
    hand = sorted(state.hands[player]) or [DECK[0]]  # an empty hand: a card not in it
    return LayDown(rng.sample(hand, rng.randint(1, len(hand))))


def with_random_split(rng: random.Random, state: State, move: Move) -> Move:
    """``move`` naming a random split of its new table into melds (R13), if there is one:
    under regrouping none or borrow (V2) most such splits are not allowed."""
    player = state.to_move
    assert player is not None
    assert state.offer is not None
    if not isinstance(move, Take | LayDown):
        return move
    added = move.laid | ({state.offer} if isinstance(move, Take) else set())
    options = sorted(splits(table_cards(state, player) | added, state.rules.max_sequence), key=str)
    if not options:
        return move
    table = tuple(Meld(sorted(meld), rules=state.rules) for meld in rng.choice(options))
    if isinstance(move, Take):
        return Take(move.laid, move.discard, table)
    return LayDown(move.laid, table)


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [
        pytest.param(CLASSIC, 12, id="classic"),
        pytest.param(FOSTER, 6, id="foster"),
        pytest.param(BICYCLE, 6, id="bicycle"),
        pytest.param(Rules(meld_from_hand=True, regrouping=Regrouping.NONE), 6, id="none"),
    ],
)
def test_every_legal_move_applies_and_nothing_else_does(rules: Rules, seeds: int) -> None:
    """Every listed move is legal and applies as the model says; random takes (and
    lay-downs, V3; named tables, V2) and wrong-phase moves outside the list are refused
    and change nothing."""
    seeds = scaled(seeds, least=2)
    rng = random.Random(7)
    refused = applied = named = 0
    for seed in range(seeds):
        model = None
        for state in random_game(State.new(seed, rules=rules), seed, greed=0.6):
            # The model plays the game along with the engine (replaying it from the deal
            # at every position reaches the same model, in a time the square of a game's).
            if model is None:
                model = deal(dealt(state), state.rules, state.dealer)
            else:
                model = play(model, to_bf(state.history[-1].move))
            if state.to_move is None:
                continue
            expected = legal(model)
            saved, saved_hash = snapshot(state), hash(state)
            moves = state.legal_moves()
            assert {to_bf(move) for move in moves} == expected
            for move in moves:
                assert state.is_legal(move, player=state.to_move)
                assert state.explain_illegal(move) is None
                after = state.apply(move, player=state.to_move)
                assert mismatches(play(model, to_bf(move)), after) == []
                assert after.ply == state.ply + 1
                applied += 1
            candidates: list[Move] = [random_take(rng, state) for _ in range(8)]
            candidates += [random_lay_down(rng, state) for _ in range(2)]
            candidates += [DECLINE, FORCE, RELEASE]
            placed = [move for move in moves if isinstance(move, Take | LayDown)]
            candidates += [with_random_split(rng, state, move) for move in placed[:4]]
            candidates += [with_random_split(rng, state, move) for move in candidates[:10]]
            for move in candidates:
                if allows(model, to_bf(move)):
                    assert state.is_legal(move)
                    assert mismatches(play(model, to_bf(move)), state.apply(move)) == []
                    named += isinstance(move, Take | LayDown) and move.table is not None
                    continue
                assert not state.is_legal(move)
                with pytest.raises(IllegalMoveError):
                    state.apply(move)
                refused += 1
            assert state == saved
            assert hash(state) == saved_hash
            assert state.legal_moves() == saved.legal_moves()
    assert applied > 80 * seeds
    assert refused > 80 * seeds
    assert named > 2 * seeds


def test_a_named_split_of_the_new_table_is_accepted() -> None:
    """R13: a take may name any valid split of the new table; the result is the same."""
    checked = 0
    for state, player, move in legal_moves_of_games(6, greed=0.8):
        if not isinstance(move, Take) or len(move.laid) < 2:
            continue
        after = state.apply(move)
        named = Take(move.laid, move.discard, after.tables[player])
        assert state.is_legal(named)
        assert state.apply(named).tables == after.tables
        assert state.apply(named).hands == after.hands
        checked += 1
    assert checked > 50


def test_r13_a_named_split_must_be_melds_of_exactly_the_new_table() -> None:
    """R6, R13: a named split that is not melds, misses a card or repeats one is refused,
    even when its Meld values were forged around the constructor."""
    state = State.from_deck(
        deck_for("5c 6c Jh Js 2d 3d 4d Ah Kd Qs", "Ac 2c 3c 4c Ad 4h 5h 6h 7h Kc", stock="6d")
    )
    laid = frozenset(parse_cards("5c 6c"))
    forged = object.__new__(Meld)
    real = Meld("5c 6c 7c")
    six_d = Card.parse("6d").index
    forged.__attrs_init__(
        real.cards, real.kind, real.mask ^ 1 << real.cards[-1].index | 1 << six_d
    )
    move = Take(laid, Card.parse("2d"), (forged,))
    assert not state.is_legal(move)
    assert state.explain_illegal(move) == "5c 6c 7c is not a meld (R4, R5)"
    with pytest.raises(IllegalMoveError, match="must hold exactly these cards"):
        state.apply(Take(frozenset(parse_cards("2d 3d")), Card.parse("Kd"), (Meld("2d3d4d"),)))
    long_run = Meld("Ac 2c 3c 4c 5c 6c 7c Jc Qc", rules=Rules(max_sequence=10))
    with pytest.raises(IllegalMoveError, match="longer than 8"):
        state.apply(Take(laid, Card.parse("2d"), (long_run,)))


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, BICYCLE, FOSTER, Rules(meld_from_hand=True, regrouping=Regrouping.NONE)],
    ids=Rules.to_notation,
)
def test_the_models_pruning_skips_no_take(rules: Rules) -> None:
    """The model tries only hand cards that lie in some meld; trying every subset of the
    hand finds the same takes and lay-downs (V3)."""
    checked = 0
    seeds = scaled(8 if rules == CLASSIC else 3, least=2)  # two games check 65 or more
    for seed in range(seeds):
        for state in random_game(State.new(seed, rules=rules), seed, greed=0.7):
            if state.to_move is None:
                continue
            model = from_state(state)
            if state.phase is not Phase.FORCE_DECISION:
                assert legal_takes(model) == legal_takes(model, prune=False)
                assert legal_lay_downs(model) == legal_lay_downs(model, prune=False)
            checked += 1
    assert checked > 60


@pytest.mark.parametrize("rules", [CLASSIC, FOSTER, BICYCLE], ids=Rules.to_notation)
def test_from_bf_round_trips(rules: Rules) -> None:
    checked = 0
    for state in random_game(State.new(3, rules=rules), 3, greed=0.7):
        for move in state.legal_moves():
            assert from_bf(to_bf(move)) == move
            checked += 1
    assert checked > 50


# ====================================================================== observations


def reshuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The position as ``player`` knows it, with the cards he has not seen (the opponent's
    hand and the stock) dealt again at random between the two."""
    opponent = 1 - player
    hidden = [c.index for c in sorted(state.hands[opponent])] + [c.index for c in state.stock]
    shuffled = rng.sample(hidden, len(hidden))
    swap = dict(zip(hidden, shuffled, strict=True))
    dealt = state.deck
    assert dealt is not None
    deck = tuple(swap.get(card.index, card.index) for card in dealt)
    stock = tuple(swap.get(c.index, c.index) for c in state.stock)
    hand = sum(1 << swap[c.index] for c in state.hands[opponent])
    own = sum(1 << c.index for c in state.hands[player])
    hands = (own, hand) if opponent == 1 else (hand, own)
    changed: State = state._replace(deck=deck, stock=stock, hands=hands)
    return changed


def test_an_observation_hides_the_opponents_hand_and_the_stock_order() -> None:
    rng = random.Random(11)
    differed = 0
    for seed in range(25):
        if seed >= scaled(25, dev=1) and differed > 500:
            break  # under dev (helpers.scaled), once the hidden cards differed enough
        for state in random_game(State.new(seed), seed, greed=0.5):
            for player in (0, 1):
                other = reshuffle_hidden(state, player, rng)
                seen = state.observation(player)
                assert other.observation(player) == seen
                assert seen.hand == state.hands[player]
                assert seen.unseen == state.hands[1 - player] | frozenset(state.stock)
                assert seen.stock_size == len(state.stock)
                if state.to_move == player:
                    assert other.legal_moves() == state.legal_moves()
                if other.hands[1 - player] != state.hands[1 - player]:
                    assert other != state
                    assert other.observation(1 - player) != state.observation(1 - player)
                    differed += 1
    assert differed > 500


def test_the_observation_of_a_bad_player_is_refused() -> None:
    with pytest.raises(ConquianError, match="player must be 0 or 1, not 2"):
        State.new(1).observation(2)


def test_the_splitting_model_agrees_on_known_tables() -> None:
    """The model's R6 check itself, on the examples of the rules (docs/rules.rst)."""
    assert can_split(cards("5c 6c 7c Jc Jh Js"))
    assert not can_split(cards("5c 6c 7c Jc Jh"))
    assert not can_split(cards("Qh Kh Ah"))  # R2: nothing wraps
    assert can_split(cards("6c 7c Jc"))  # R2: the 7 is next to the jack
    nine = cards("Ac 2c 3c 4c 5c 6c 7c Jc Qc")
    assert not is_meld(nine)  # R5: nine cards are never one sequence (classic)
    assert is_meld(nine, max_sequence=10)  # V4
    assert can_split(nine)  # as Ac2c3c 4c5c6c 7cJcQc
    assert not can_split(cards("6c 7c Jc Qc") | cards("Kc Kd"))
    assert can_split(frozenset())


def test_r11_turned_instead_is_the_deal_of_the_deck_with_the_two_cards_exchanged() -> None:
    """turned_instead (for OpenSpiel's chance nodes) gives the state that the deck with
    the turned card and a stock card exchanged deals, with the same moves and history;
    a card not in the stock, or an offer not turned up from the stock, is refused."""
    checked = 0
    for seed in range(6):
        for state in random_game(State.new(seed=seed), seed, greed=0.5):
            offer, last = state.offer, state.last_played
            if state.offer_origin is not OfferOrigin.STOCK or not state.stock:
                continue
            if last is not None and last.offer == offer:  # answered: a move saw it
                with pytest.raises(ConquianError, match="which no move has answered yet"):
                    turned_instead(state, state.stock[0].index)
                continue
            card = state.stock[seed % len(state.stock)]
            assert offer is not None
            after = turned_instead(state, card.index)
            assert state.deck is not None
            deck = [card if c == offer else offer if c == card else c for c in state.deck]
            replayed = State.from_deck(deck)
            for played in state.history:
                replayed = replayed.apply(played.move)
            assert after == replayed
            assert (after.history, after.deck, after.seed) == (state.history, tuple(deck), None)
            assert after.offer == card
            checked += 1
    assert checked > 20
    state = State.new(seed=7)
    with pytest.raises(ConquianError, match="only a card of the stock"):
        turned_instead(state, next(iter(state.hands[0])).index)
    start = State.new(seed=0)
    taken = start.apply(start.take_builder().add("3d").add("5d").discard("Kh"))
    with pytest.raises(ConquianError, match="which no move has answered yet"):
        turned_instead(taken, taken.stock[0].index)
