"""Three players (M1) in both frameworks: a random PettingZoo rollout of three agents
under the Mexican three-player rules (tercerilla), then the same rules as an OpenSpiel
game, played at random to the end.

Run: ``python examples/integrations/three_players.py`` (needs ``conquian[pettingzoo]``
and ``conquian[openspiel]``).
"""

from __future__ import annotations

import numpy as np

from conquian.integrations.openspiel import load_game
from conquian.integrations.pettingzoo import env
from conquian.rules import TERCERILLA


def pettingzoo_rollout() -> None:
    game = env(rules="tercerilla", render_mode="ansi")
    game.reset(seed=2)
    rng = np.random.default_rng(2)
    returns = dict.fromkeys(game.possible_agents, 0.0)
    first, _, _, _, _ = game.last()
    print(f"{len(game.possible_agents)} agents, observations of {first['observation'].size}")
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _info = game.last()
        returns[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        # a take's cards (the highest actions) most of the time, so that a game is won
        game.step(int(legal[-1] if rng.random() < 0.7 else rng.choice(legal)))
    print(game.render())
    print("returns:", returns)  # M11: the winner +2, each loser -1


def openspiel_game() -> None:
    # the same game as pyspiel.load_game("python_conquian(players=3,hand_size=8)")
    game = load_game(TERCERILLA)
    print(
        f"{game.get_type().short_name}: {game.num_players()} players, "
        f"utility {game.min_utility():+.0f} to {game.max_utility():+.0f}, "
        f"observation tensor {game.observation_tensor_size()}"
    )
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            cards = [card for card, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(cards)))
        else:
            legal = state.legal_actions()
            state.apply_action(int(legal[-1] if rng.random() < 0.7 else rng.choice(legal)))
    print(f"{len(state.history())} actions; {state.engine.outcome}; returns {state.returns()}")


def main() -> None:
    pettingzoo_rollout()
    openspiel_game()


if __name__ == "__main__":
    main()
