"""Train a linear policy on the PettingZoo observation against a random player (numpy only).

The policy scores each of the 279 actions with one weight per number of the 486-number
observation (and a bias), keeps only the legal actions (the action mask) and plays them
with softmax probabilities. It learns with REINFORCE: after each game, every action it
chose is made more likely in proportion to how much the game's result (+1 a win, 0 a
draw, -1 a loss) beat the running mean of results. Its opponent picks uniformly among
its legal actions. Every ``--every`` games, the policy's greedy choice (the most likely
action) plays the same evaluation deals from both seats, and the script prints its score
(a win 1, a draw 1/2).

Run: ``python examples/integrations/train_linear.py`` (needs ``conquian[pettingzoo]``; a
short run). The learning curve on the AI-research page came from::

    python examples/integrations/train_linear.py --games 3000 --every 500 \\
        --svg docs/_static/linear-policy-curve.svg
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from conquian.actions import NUM_ACTIONS, OBSERVATION_SIZE
from conquian.integrations.pettingzoo import AGENTS, raw_env

EVALUATION_DEALS = 50  # each played from both seats
EVALUATION_SEED = 10**6  # deals no training game uses


class LinearPolicy:
    """Softmax over the legal actions of ``weights @ observation + bias``."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0.0, 0.01, (NUM_ACTIONS, OBSERVATION_SIZE))
        self.bias = np.zeros(NUM_ACTIONS)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()


def play(
    game: raw_env,
    policy: LinearPolicy,
    seat: int,
    rng: np.random.Generator,
    *,
    greedy: bool,
    seed: int,
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game with the policy in ``seat``: its result (+1, 0, -1) and its choices
    (observation, probabilities, action)."""
    game.reset(seed=seed)
    learner = AGENTS[seat]
    choices = []
    result = 0.0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        if agent == learner:
            result += reward
        if termination or truncation:
            game.step(None)
            continue
        mask = observation["action_mask"]
        if agent == learner:
            vector = observation["observation"].astype(np.float64)
            probabilities = policy.probabilities(vector, mask)
            if greedy:
                action = int(np.argmax(probabilities))
            else:
                action = int(rng.choice(NUM_ACTIONS, p=probabilities))
                choices.append((vector, probabilities, action))
        else:
            legal = np.flatnonzero(mask)
            action = int(legal[rng.integers(len(legal))])
        game.step(action)
    return result, choices


def evaluate(game: raw_env, policy: LinearPolicy) -> float:
    """The greedy policy's score on the evaluation deals, from both seats."""
    rng = np.random.default_rng(EVALUATION_SEED)  # the same random opponent each time
    points = 0.0
    for deal in range(EVALUATION_DEALS):
        for seat in (0, 1):
            result, _ = play(game, policy, seat, rng, greedy=True, seed=EVALUATION_SEED + deal)
            points += (result + 1) / 2
    return points / (2 * EVALUATION_DEALS)


def train(games: int, every: int, rate: float, seed: int) -> list[tuple[int, float]]:
    """Train for ``games`` games; the curve of (games played, evaluation score)."""
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(rng)
    game = raw_env()
    baseline = 0.0
    curve = [(0, evaluate(game, policy))]
    print(f"{0:>6} games  score {curve[-1][1]:.3f}")
    for number in range(1, games + 1):
        result, choices = play(game, policy, number % 2, rng, greedy=False, seed=number)
        advantage = result - baseline
        baseline += 0.05 * (result - baseline)
        for vector, probabilities, action in choices:
            gradient = -probabilities  # of log p(action) with respect to the logits
            gradient[action] += 1.0
            policy.weights += rate * advantage * np.outer(gradient, vector)
            policy.bias += rate * advantage * gradient
        if number % every == 0:
            curve.append((number, evaluate(game, policy)))
            print(f"{number:>6} games  score {curve[-1][1]:.3f}")
    return curve


def svg(curve: list[tuple[int, float]], title: str) -> str:
    """The learning curve as a small SVG line chart (score from 0 to 1 against games)."""
    width, height, left, bottom, top, right = 560, 300, 56, 44, 34, 32
    plot_w, plot_h = width - left - right, height - top - bottom
    last = max(games for games, _ in curve) or 1

    def x(games: float) -> float:
        return left + plot_w * games / last

    def y(score: float) -> float:
        return top + plot_h * (1 - score)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">{title}</text>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            'stroke="lightgray"/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:.2f}</text>'
        )
    for games, _ in curve:
        parts.append(
            f'<text x="{x(games):.1f}" y="{height - bottom + 16}" '
            f'text-anchor="middle">{games:,}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2}" y="{height - 8}" text-anchor="middle">'
        "training games against Random</text>"
    )
    parts.append(
        f'<text x="14" y="{top + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {top + plot_h / 2})">score (win 1, draw 1/2)</text>'
    )
    points = " ".join(f"{x(games):.1f},{y(score):.1f}" for games, score in curve)
    parts.append(f'<polyline points="{points}" fill="none" stroke="steelblue" stroke-width="2"/>')
    for games, score in curve:
        parts.append(f'<circle cx="{x(games):.1f}" cy="{y(score):.1f}" r="3" fill="steelblue"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=100, help="training games (100)")
    parser.add_argument("--every", type=int, default=50, help="games between evaluations (50)")
    parser.add_argument("--rate", type=float, default=0.01, help="learning rate (0.01)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (1)")
    parser.add_argument("--svg", type=Path, help="also draw the learning curve here")
    args = parser.parse_args()
    curve = train(args.games, args.every, args.rate, args.seed)
    if args.svg is not None:
        title = f"A linear policy against Random ({2 * EVALUATION_DEALS} evaluation games a point)"
        args.svg.write_text(svg(curve, title), encoding="utf-8")


if __name__ == "__main__":
    main()
