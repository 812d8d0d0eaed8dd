"""The search agent's strength against its budget: score and decision time per budget.

For each opponent and each budget (playouts a decision), :class:`~conquian.search.SearchAgent`
plays the same deals as ``python -m conquian arena`` does with the same seed, each deal
twice with the seats swapped, and the script prints its score (a win 1, a draw 1/2) with
the 95% interval over the deals, the draws, and the median time of its decisions with a
choice (wall clock and CPU time of this process). The budget of 80 is the default agent,
so its rows equal the arena's ``search`` pairs on the same deals.

    python benchmarks/search_curve.py --budgets 20,40,80,160,320 --opponents random,greedy \\
        --deals 100 --json benchmarks/results/search-curve.json

The results depend only on the seed, the deals and the rules, not on the machine (the
times do).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from conquian import PRESETS, State
from conquian._rng import SplitMix64
from conquian.agents import Agent, SearchAgent
from conquian.arena import PairResult
from conquian.moves import Move
from conquian.observation import Observation
from conquian.simulate import agent_factory, game_seed


class _Timed:
    """A search agent that records the time of its decisions with a choice."""

    def __init__(self, agent: SearchAgent, wall: list[float], cpu: list[float]) -> None:
        self._agent, self._wall, self._cpu = agent, wall, cpu

    def choose(self, observation: Observation, legal_moves: Any) -> Move:
        start, start_cpu = time.perf_counter(), time.process_time()
        move = self._agent.choose(observation, legal_moves)
        if len(legal_moves) > 1:
            self._wall.append((time.perf_counter() - start) * 1000)
            self._cpu.append((time.process_time() - start_cpu) * 1000)
        return move


def curve_point(
    budget: int, opponent: str, deals: int, seed: int, rules_name: str
) -> dict[str, Any]:
    """The search agent at ``budget`` against ``opponent`` over ``deals`` deals, twice each."""
    rules = PRESETS[rules_name]
    make_opponent = agent_factory(opponent)
    wall: list[float] = []
    cpu: list[float] = []
    points: list[float] = []
    deal_scores: list[float] = []
    for deal in range(deals):
        deal_seed = game_seed(seed, deal)
        both = 0.0
        for search_seat in (0, 1):
            seats: list[Agent] = []
            for seat in (0, 1):
                agent_seed = SplitMix64(deal_seed ^ (seat + 1)).next64()
                if seat == search_seat:
                    seats.append(_Timed(SearchAgent(agent_seed, iterations=budget), wall, cpu))
                else:
                    seats.append(make_opponent(agent_seed))
            final = State.new(deal_seed, rules=rules, dealer=deal % 2)
            while (player := final.to_move) is not None:
                moves = final.legal_moves()
                final = final.apply(seats[player].choose(final.observation(player), moves))
            outcome = final.outcome
            assert outcome is not None
            point = 0.5 if outcome.winner is None else float(outcome.winner == search_seat)
            points.append(point)
            both += point
        deal_scores.append(both)
    pair = PairResult(
        f"search@{budget}",
        opponent,
        wins=points.count(1.0),
        losses=points.count(0.0),
        draws=points.count(0.5),
        deal_scores=tuple(deal_scores),
    )
    low, high = pair.interval()
    return {
        "budget": budget,
        "opponent": opponent,
        "rules": rules_name,
        "deals": deals,
        "games": pair.games,
        "wins": pair.wins,
        "draws": pair.draws,
        "losses": pair.losses,
        "score": pair.score,
        "interval": [low, high],
        "median_ms": statistics.median(wall),
        "median_cpu_ms": statistics.median(cpu),
        "decisions": len(wall),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budgets", default="20,40,80,160,320", help="playouts, by commas")
    parser.add_argument("--opponents", default="random,greedy", help="agent names, by commas")
    parser.add_argument("--deals", type=int, default=100, help="deals per point (100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (0)")
    parser.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--json", metavar="FILE", help="also save the points as JSON")
    args = parser.parse_args()
    budgets = [int(text) for text in args.budgets.split(",")]
    points = []
    print(
        f"search agent against its budget, {args.rules} rules, {args.deals:,} "
        f"deal{'' if args.deals == 1 else 's'} played twice "
        f"(seed {args.seed})"
    )
    print(f"{'opponent':<10} {'budget':>6} {'score':>7} {'95% interval':>15} "
          f"{'draws':>6} {'ms':>6} {'cpu ms':>7}")  # fmt: skip
    for opponent in args.opponents.split(","):
        for budget in budgets:
            point = curve_point(budget, opponent, args.deals, args.seed, args.rules)
            points.append(point)
            low, high = point["interval"]
            print(
                f"{opponent:<10} {budget:>6} {point['score']:>7.1%} "
                f"{f'{low:.1%}-{high:.1%}':>15} {point['draws'] / point['games']:>6.1%} "
                f"{point['median_ms']:>6.1f} {point['median_cpu_ms']:>7.1f}",
                flush=True,
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump({"seed": args.seed, "points": points}, file, indent=1)
            file.write("\n")


if __name__ == "__main__":
    main()
