"""Tests of State.seen_cards, the card masks an agent's playouts read instead of an
Observation, and of HeuristicAgent.choose_seen, the heuristic's fast path over them."""

from __future__ import annotations

import pytest

from conquian import PRESETS, ConquianError, Decline, State
from conquian.agents import Agent, HeuristicAgent, RandomAgent
from helpers import TWO_PLAYER_PRESETS


def mask(cards: object) -> int:
    return sum(1 << card.index for card in cards)  # type: ignore[attr-defined]


def positions(rules_name: str, games: int) -> list[State]:
    """Every position of a few games, heuristic against random (varied tables)."""
    found = []
    for seed in range(games):
        state = State.new(seed, rules=PRESETS[rules_name])
        agents: list[Agent] = [HeuristicAgent(), RandomAgent(seed)]
        while (player := state.to_move) is not None:
            found.append(state)
            state = state.apply(
                agents[player].choose(state.observation(player), state.legal_moves())
            )
        found.append(state)
    return found


@pytest.mark.parametrize("rules_name", TWO_PLAYER_PRESETS)
def test_seen_cards_are_the_observations_facts(rules_name: str) -> None:
    for state in positions(rules_name, 4):
        for player in (0, 1):
            view = state.observation(player)
            seen = state.seen_cards(player)
            assert seen.hand == mask(view.hand)
            assert seen.opponent_hand_size == view.hand_sizes[1 - player]
            assert seen.table == mask(c for m in view.tables[player] for c in m.cards)
            assert seen.opponent_table == mask(c for m in view.tables[1 - player] for c in m.cards)
            assert seen.unseen == mask(view.unseen)
            assert seen.offer == (-1 if view.offer is None else view.offer.index)
            assert seen.max_sequence == view.rules.max_sequence


@pytest.mark.parametrize("rules_name", TWO_PLAYER_PRESETS)
def test_choose_seen_makes_the_choice_choose_makes(rules_name: str) -> None:
    agent = HeuristicAgent()
    checked = 0
    for state in positions(rules_name, 4):
        player = state.to_move
        if player is None:
            continue
        moves = state.legal_moves()
        declined = mask(
            entry.offer
            for entry in state.history
            if entry.player == 1 - player and isinstance(entry.move, Decline)
        )
        view = state.observation(player)
        assert agent.choose_seen(state.seen_cards(player), declined, moves) == agent.choose(
            view, moves
        )
        checked += len(moves) > 1
    assert checked > 20


def test_seen_cards_of_a_bad_player_is_refused() -> None:
    with pytest.raises(ConquianError, match="player must be 0 or 1, not 2"):
        State.new(1).seen_cards(2)
    with pytest.raises(ConquianError, match="no legal move"):
        HeuristicAgent().choose_seen(State.new(1).seen_cards(1), 0, ())
