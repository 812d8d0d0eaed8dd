"""Tests of conquian.heuristic: takes weighed by how near they leave the player to going
out, discards that keep the opponent hungry, forcing (R14b)."""

from __future__ import annotations

import pytest

from conquian import (
    PRESETS,
    ConquianError,
    Decline,
    Force,
    Release,
    State,
    Take,
    parse_move,
)
from conquian.agents import Agent, GreedyAgent, HeuristicAgent
from helpers import TWO_PLAYER_PRESETS, checked_game, classic_position


def test_r14a_it_keeps_a_card_that_fits_the_opponents_table() -> None:
    """4c fits the opponent's 5c 6c 7c (R14a): he could take it with nothing from his hand.
    He holds seven cards, far from going out, and no 2c 3c 4d 4h 4s are left for 4c, yet
    neither agent throws it while another discard is legal (Greedy threw it when the rule
    held only against an opponent with two cards or fewer): both throw Kd."""
    state = classic_position(
        offer="Jd",
        origin="discard:1",
        hands=("4cKdJhJs", "7d2s3d5h6s2d7h"),
        tables=("AdAhAs.QcQdQh", "5c6c7c"),
        dead="4d4h4s2c3cKs",
    )
    view, moves = state.observation(0), state.legal_moves()
    assert GreedyAgent().choose(view, moves) == parse_move("take +JhJs -Kd")
    assert HeuristicAgent().choose(view, moves) == parse_move("take +JhJs -Kd")


def test_it_keeps_the_hand_with_the_most_outs() -> None:
    """Of the takes that lay the most cards, the heuristic keeps the hand that more unseen
    cards would meld with: 2d waits for 3d with the Ad of its table, 4c waits for nothing
    of its own. So it throws 4c (it does not fit the opponent's 5h 6h 7h, R14a). Once 3d
    is dead, 2d waits for nothing either, and the safer discard decides: 2d."""
    for dead, discard in (("-", "4c"), ("3d", "2d")):
        state = classic_position(
            offer="Jd",
            origin="discard:1",
            hands=("JhJs2d4c", "7d2s3h5c6s2h7c"),
            tables=("AdAhAs.QcQdQh", "5h6h7h"),
            dead=dead,
        )
        chosen = HeuristicAgent().choose(state.observation(0), state.legal_moves())
        assert chosen == parse_move(f"take +JhJs -{discard}")


def test_it_declines_a_card_that_would_break_a_waiting_hand() -> None:
    """Four 2s on its table, 6c 6d 6h and 7c 7d 7s in hand: ten cards in melds, waiting for
    6s or 7h to go out (R16). Jc could be taken with 6c 7c (6c 7c Jc), but a discard would
    then break a group, so the heuristic declines it; Greedy takes it."""
    state = classic_position(
        offer="Jc",
        origin="discard:1",
        hands=("6c7c6d7d6h7s", "6s"),
        tables=("2c2d2h2s", "5c5d5s.KcKdKh.QdQhQs"),
        dead="3hAh4dAcJs3c",
    )
    view, moves = state.observation(0), state.legal_moves()
    assert HeuristicAgent().choose(view, moves) == Decline()
    assert isinstance(GreedyAgent().choose(view, moves), Take)


def test_it_declines_a_take_that_brings_it_no_nearer_to_going_out() -> None:
    """Kc Kd Ks in hand, Ac Ah As and 5h 6h 7h on its table: nine cards in melds. Qd,
    which it turned up itself, would make Jd Qd Kd, but only by giving up a king: still
    nine cards in melds, two takes from going out. So the heuristic passes it (R11b) and
    lays nothing for good; Greedy takes it."""
    state = classic_position(
        offer="Qd",
        origin="stock:0",
        hands=("KcKdKsJd", "2c4c5c7c2d4d5d2h4h2s"),
        tables=("AcAhAs.5h6h7h", "-"),
        dead="3h6cQc3d3s",
    )
    view, moves = state.observation(0), state.legal_moves()
    assert HeuristicAgent().choose(view, moves) == Decline()
    assert GreedyAgent().choose(view, moves) == parse_move("take +JdKd -Kc")


def test_r13_it_lays_no_more_than_the_take_needs() -> None:
    """Jc fits its 5c 6c 7c (R14a), so it can be taken with nothing from the hand. The
    heuristic keeps Kd Kh Ks in hand, where they stay free to be discarded if a better use
    of its cards turns up (cards on the table never leave it, R6); Greedy lays them."""
    state = classic_position(
        offer="Jc",
        origin="discard:1",
        hands=("KdKhKs2d4hQsAd", "2s3s4s5h6h7hAh"),
        tables=("5c6c7c", "QcQdQh"),
    )
    view, moves = state.observation(0), state.legal_moves()
    chosen = HeuristicAgent().choose(view, moves)
    assert isinstance(chosen, Take)
    assert not chosen.laid
    greedy = GreedyAgent().choose(view, moves)
    assert isinstance(greedy, Take)
    assert len(greedy.laid) == 3


def force_decision(hand1: str, table1: str) -> State:
    """Player 1 declined player 0's discard 4c, which fits his 5c 6c 7c (R14b case a)."""
    return classic_position(
        phase="force_decision",
        offer="4c",
        origin="discard:0",
        hands=("2h3h4h5h", hand1),
        tables=("AdAhAs.QcQdQh", table1),
    )


def test_r14b_it_forces_an_opponent_with_a_full_hand() -> None:
    state = force_decision("7d2s3dJcQs2d7h", "5c6c7c")
    assert HeuristicAgent().choose(state.observation(0), state.legal_moves()) == Force()


def test_r14b_it_releases_to_an_opponent_near_going_out() -> None:
    state = force_decision("7d2s3dJc", "5c6c7c.KcKhKs")
    assert HeuristicAgent().choose(state.observation(0), state.legal_moves()) == Release()
    assert (
        HeuristicAgent(force_hand=4).choose(state.observation(0), state.legal_moves()) == Force()
    )


def test_it_ranks_going_out_first() -> None:
    state = classic_position(
        offer="Jd",
        origin="discard:1",
        hands=("JhJs", "7d2s3d5h6s2d7h"),
        tables=("AdAhAs.2c3c4c5c6c", "KcKdKh"),
    )
    takes = [move for move in state.legal_moves() if isinstance(move, Take)]
    assert HeuristicAgent().ranked(state.observation(0), takes)[0].goes_out


@pytest.mark.parametrize("rules_name", TWO_PLAYER_PRESETS)
def test_every_move_of_a_heuristic_game_is_legal(rules_name: str) -> None:
    for seed in range(6):
        final, _ = checked_game(
            State.new(seed, rules=PRESETS[rules_name]), [HeuristicAgent(), HeuristicAgent(3)]
        )
        assert final.outcome is not None


def test_it_is_an_agent_and_checks_its_argument() -> None:
    assert isinstance(HeuristicAgent(), Agent)
    assert repr(HeuristicAgent(4)) == "HeuristicAgent(force_hand=4)"
    with pytest.raises(ValueError, match="force_hand"):
        HeuristicAgent("5")  # type: ignore[arg-type]
    with pytest.raises(ConquianError, match="no legal move"):
        HeuristicAgent().choose(State.new(1).observation(1), ())
