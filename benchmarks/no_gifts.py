"""What the no-gift rule costs the heuristic agent: today's heuristic against itself as it
was when it kept a card fitting the opponent's table (R14a) back only from an opponent
with at most two hand cards (issue #33).

:class:`~conquian.heuristic.HeuristicAgent` never discards a card that fits the opponent's
table while a legal move that does not exists, whatever his hand size
(:func:`~conquian.agents.without_gifts`). ``_HandSizeRule`` below is a private copy of the
rule as it was (``GIFT_HAND = 2``): the same heuristic, which weighs such a discard (it
costs much) while the opponent holds three cards or more, and keeps it back only from an
opponent with two or fewer. The two play the ladder's deals head to head (deal ``d`` from
``game_seed(seed, d)``, player ``d % 2`` dealing), each deal from both seats, and the
table gives today's heuristic's score with its 95% interval, as the arena computes it.

    python benchmarks/no_gifts.py --deals 1000 --workers 2

Both agents are deterministic, so the result depends only on the deals, the rules and the
seed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from points import pair_from_points

from conquian import PRESETS, Decline, Force, Move, Observation, Release, State, Take
from conquian._agents import _Gifts, check_arguments, least_useful_give
from conquian._rng import game_seed
from conquian.heuristic import HeuristicAgent, _View
from conquian.moves import NO_DISCARD

_OLD_GIFT_HAND = 2  # the hand size up to which the old rule kept a gift back
_TASK_DEALS = 25  # deals a task handed to a worker


class _HandSizeRule(HeuristicAgent):
    """The heuristic with the old gift rule: a take whose discard fits an opponent's table
    (R14a) is kept back only while he holds at most two hand cards."""

    __slots__ = ()

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        check_arguments(observation, legal_moves)
        give = least_useful_give(observation, legal_moves)
        if give is not None:
            return give
        me, sizes = observation.player, observation.hand_sizes
        near = [p for p in range(len(sizes)) if p != me and sizes[p] <= _OLD_GIFT_HAND]
        if near:  # the old without_gifts, exact under V2
            feeds = _Gifts(observation, near).feeds
            kept = [
                m for m in legal_moves if not isinstance(m, Take) or not feeds(m.discard_index)
            ]
            if kept:
                legal_moves = kept
        if len(legal_moves) == 1:
            return legal_moves[0]
        near_tables = tuple(
            table
            for p in near
            if (table := sum(meld.mask for meld in observation.tables[p]))  # disjoint melds
        )
        return self._old_decide(_View(observation), near_tables, legal_moves)

    def _old_decide(self, view: _View, near: tuple[int, ...], legal_moves: Sequence[Move]) -> Move:
        """HeuristicAgent._decide as it was: gifts left out only to the ``near`` tables."""
        force = out = other = best = None
        best_key: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
        gifts: list[Take] = []
        partition = view.melds.can_partition
        for move in legal_moves:
            if isinstance(move, Take):
                discard = move.discard_index
                if discard == NO_DISCARD:
                    out = out or move
                    continue
                if any(partition(table | 1 << discard) for table in near):
                    gifts.append(move)
                    continue
                if best is not None and view.prospect(discard) < best_key[:2]:
                    continue
                key = view.take_key(move)
                if best is None or key > best_key:
                    best, best_key = move, key
            elif isinstance(move, Force):
                force = move
            elif other is None and isinstance(move, Decline | Release):
                other = move
        if force is not None and view.forced_hand_size >= self._force_hand:
            return force
        if out is not None:
            return out
        if best is None:
            if other is not None:
                return other
            if force is not None:
                return force
            for move in legal_moves:
                if not isinstance(move, Take):
                    return move
            if gifts:
                return max(gifts, key=view.take_key)
            return legal_moves[0]
        if other is not None and view.standing() >= best_key[:2]:
            return other
        return best


def _play(low: int, high: int, seed: int, rules_name: str) -> list[float]:
    """Today's heuristic's points in deals ``low`` to ``high - 1``, each deal's two games
    (first in seat 0, then in seat 1)."""
    rules = PRESETS[rules_name]
    new, old = HeuristicAgent(), _HandSizeRule()
    points = []
    for deal in range(low, high):
        for seat in range(2):
            agents = (new, old) if seat == 0 else (old, new)
            state = State.new(game_seed(seed, deal), rules=rules, dealer=deal % 2)
            while (player := state.to_move) is not None:
                move = agents[player].choose(state.observation(player), state.legal_moves())
                state = state.apply(move, player=player)
            assert state.outcome is not None
            winner = state.outcome.winner
            points.append(0.5 if winner is None else float(winner == seat))
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if PRESETS[args.rules].players != 2:
        parser.error("two-player rules only")
    started = time.perf_counter()
    first, last = args.first_deal, args.first_deal + args.deals
    chunks = [(low, min(low + _TASK_DEALS, last)) for low in range(first, last, _TASK_DEALS)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        parts = pool.map(
            _play,
            [low for low, _ in chunks],
            [high for _, high in chunks],
            [args.seed] * len(chunks),
            [args.rules] * len(chunks),
        )
        games = [point for part in parts for point in part]
    result = pair_from_points("heuristic", "heuristic (gifts kept back at 2 cards)", games)
    low, high = result.interval()
    print(
        f"today's heuristic against itself with the old gift rule (at most {_OLD_GIFT_HAND} "
        f"cards), {args.deals:,} deals from deal {first}, each from both seats, rules "
        f"{args.rules}, seed {args.seed}"
    )
    print(
        f"games {result.games:,}  wins {result.wins:,}  draws {result.draws:,}  losses "
        f"{result.losses:,}  score {result.score:.1%}  95% interval {low:.1%} to {high:.1%}"
        f"  ({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
