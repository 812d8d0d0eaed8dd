"""A random PettingZoo rollout with action masks: each agent picks uniformly among its
legal actions, as a masked policy would, until the game ends.

Run: ``python examples/integrations/pettingzoo_rollout.py`` (needs ``conquian[pettingzoo]``).
"""

from __future__ import annotations

import numpy as np

from conquian.actions import action_name
from conquian.integrations.pettingzoo import env


def main() -> None:
    game = env(render_mode="ansi")
    game.reset(seed=42)
    rng = np.random.default_rng(42)
    returns = dict.fromkeys(game.possible_agents, 0.0)
    steps = 0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _info = game.last()
        returns[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(rng.choice(legal))
        if steps < 5:
            print(f"{agent}: {len(legal)} legal actions, plays {action_name(action)}")
        game.step(action)
        steps += 1
    print(f"... {steps} actions in all")
    print(game.render())
    print("returns:", returns)
    assert sum(returns.values()) == 0


if __name__ == "__main__":
    main()
