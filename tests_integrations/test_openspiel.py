"""The OpenSpiel game ``python_conquian`` passes OpenSpiel's own random simulation test
with serialization on every preset; its chance nodes deal and turn up the cards (R8, R10,
V7, V8); its information states hide what the player has not seen."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from conquian import BICYCLE, CLASSIC, FOSTER, PRESETS, Card, Regrouping, Rules, State
from conquian.actions import DECLINE_ACTION, OBSERVATION_SIZE, actions_of
from conquian.agents import GreedyAgent, RandomAgent
from conquian.cards import format_cards
from conquian.integrations.openspiel import (
    AgentBot,
    ConquianState,
    load_game,
    parameters_of,
)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_openspiel_random_sim_test_passes_with_serialization(name: str) -> None:
    pyspiel.random_sim_test(load_game(PRESETS[name]), num_sims=3, serialize=True, verbose=False)


def test_the_rules_are_game_parameters() -> None:
    game = pyspiel.load_game("python_conquian(max_sequence=10,regrouping=borrow,deal_batch=2)")
    assert game.rules == Rules(max_sequence=10, regrouping=Regrouping.BORROW, deal_batch=2)
    assert load_game(BICYCLE).rules == BICYCLE
    # The match rules (stakes, draws) are not game parameters.
    assert load_game(FOSTER).rules == Rules(
        max_sequence=10, regrouping=Regrouping.BORROW, deal_batch=2
    )
    assert set(parameters_of(FOSTER)) == set(game.get_parameters())
    info = (game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players())
    assert info == (279, 40, 2)
    assert game.information_state_tensor_size() == OBSERVATION_SIZE


def deal(game: pyspiel.Game, cards: list[Card]) -> ConquianState:
    state: ConquianState = game.new_initial_state()
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(card.index)
    return state


def test_r8_r10_the_deal_is_one_chance_node_a_card_then_the_first_turned_card() -> None:
    order = list(State.new(seed=3).deck or ())
    state = deal(load_game(), order[:20])
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 20
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    state.apply_action(order[20].index)
    # The same deal as the engine's from the same deck: hands, offer and player to move.
    engine = State.new(seed=3)
    assert state.engine is not None
    assert state.engine.hands == engine.hands
    assert state.engine.offer == engine.offer
    assert state.current_player() == engine.to_move == 1
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, Card.parse("Jc").index) == "turn Jc"
    assert deal(load_game(), order[:3]).action_to_string(pyspiel.PlayerId.CHANCE, 0) == (
        "deal Ac to player 0"  # the fourth card goes to the dealer (R8)
    )


def test_r11_a_card_turned_up_later_is_a_chance_node_among_the_stock() -> None:
    order = list(State.new(seed=3).deck or ())
    state = deal(load_game(), order[:21])
    state.apply_action(DECLINE_ACTION)  # player 1 passes his card (R11b)
    assert not state.is_chance_node()
    state.apply_action(DECLINE_ACTION)  # player 0 declines it: it dies, he turns the next
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 19
    view = state.view(0)
    assert view is not None
    assert view.offer is None  # not turned up yet
    assert "offer=-" in state.observation_string(0)
    card = Card.parse("Kh")
    state.apply_action(card.index)
    assert state.engine is not None
    assert state.engine.offer == card
    assert state.current_player() == 0


def played_to(rules: Rules, moves: int, seed: int) -> ConquianState:
    """A game of ``rules`` played at random (chance too, from ``seed``) until ``moves``
    moves have been made past the deal, or it is over."""
    rng = np.random.default_rng(seed)
    state: ConquianState = load_game(rules).new_initial_state()
    while (state.is_chance_node() or state.move_number() < moves) and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_information_states_hide_the_opponents_hand_and_the_stock() -> None:
    state = played_to(FOSTER, 60, seed=1)
    player = state.current_player()
    assert player in (0, 1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    opponents = set()
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.engine is not None
        opponents.add(other.engine.hands[1 - player])
    assert len(opponents) > 1  # the opponent's hand is drawn again
    assert state.information_state_string(0) != state.information_state_string(1)


def test_a_library_agent_plays_through_agent_bot() -> None:
    game = load_game()
    bots = [AgentBot(GreedyAgent()), AgentBot(RandomAgent(3))]
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    greedy_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            continue
        player = state.current_player()
        view = state.view(player)
        if player == 0 and not state.building() and view is not None:
            # the bot starts the move the agent chooses from the same view
            wanted = actions_of(GreedyAgent().choose(view, view.legal_moves()), view)
            assert bots[0].step(state) == wanted[0]
            greedy_moves += 1
        state.apply_action(bots[player].step(state))
    assert greedy_moves > 5
    assert state.returns()[0] == -state.returns()[1]


# The opponent's hand that test_a_resample_repeats_for_the_same_sampler_number draws
# (his true hand there is Ac 2c 6c Ks Kc 2d Jd 3h 5h 7h).
PINNED_HAND = "2c 5s 6c Jc Qc 4d Kd 2h 5h Jh"


def test_a_resample_repeats_for_the_same_sampler_number() -> None:
    """The draw is the package's own shuffle (SplitMix64), not Python's random.shuffle,
    so a number gives the same world on every machine and Python version."""
    state = played_to(CLASSIC, 30, seed=5)
    player = state.current_player()
    assert player in (0, 1)
    first = state.resample_from_infostate(player, lambda: 0.25)
    again = state.resample_from_infostate(player, lambda: 0.25)
    other = state.resample_from_infostate(player, lambda: 0.75)
    assert first.engine is not None
    assert again.engine is not None
    assert other.engine is not None
    assert first.engine == again.engine
    assert first.engine.hands[1 - player] != other.engine.hands[1 - player]
    assert format_cards(first.engine.hands[1 - player]) == PINNED_HAND
