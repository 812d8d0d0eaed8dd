"""How many of the ladder's games against Random could any player win: a clairvoyant bound.

For each deal of the ladder (deal ``d`` from ``game_seed(seed, d)``, player ``d % 2``
dealing, Random seeded as ``python -m conquian arena`` seeds it), and each seat, this
script searches every line of play of the other seat against :class:`RandomAgent`. It
knows everything: the stock's order, Random's hand and Random's seed, so Random's every
future choice. Each game is then *winnable* (some line of ours goes out, R16), *not
winnable* (the search went through every line: none wins, whatever we do), or *unknown*
(the search stopped at its node budget). Every winning line found is played again, move
by move, against :class:`RandomAgent` itself through the checked :meth:`State.apply`, and
the script fails unless it wins.

No agent can win a game that is not winnable: at best it draws it. So every agent's score
against Random on these games is at most the share of the games that are winnable or
unknown, plus half the share of those that are not winnable. A real agent sees none of
the hidden cards and cannot predict Random, so it stays well below the bound: the gap is
what that information is worth.

    python benchmarks/winnable.py --deals 100 [--check greedy]

With ``--check AGENT`` the script also plays AGENT against Random on every game, seeded as
the arena seeds them, and fails if AGENT wins a game found not winnable (which would mean
the search missed a line).

Takes that lay the same cards and discard the same card lead to the same position (free
regrouping, R13), so only one of them is searched; a position that was searched before,
with Random's generator in the same state, is not searched again.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from conquian import PRESETS, Move, Observation, State, Take
from conquian._rng import SplitMix64, game_seed
from conquian.agents import Agent, RandomAgent, play_game
from conquian.simulate import agent_factory

_WINNABLE, _NOT_WINNABLE, _UNKNOWN = "winnable", "not winnable", "unknown"


class _BudgetSpentError(Exception):
    """The search used its node budget."""


def _key(state: State, generator: int) -> tuple[object, ...]:
    """A position without its move number or its tables' arrangement, and Random's
    generator state: what decides the rest of the game."""
    tables = tuple(
        frozenset(card for meld in table for card in meld.cards) for table in state.tables
    )
    return (
        state.hands,
        tables,
        state.stock,
        state.dead,
        state.offer,
        state.offer_origin,
        state.phase,
        state.to_move,
        generator,
    )


def solve(state: State, me: int, generator: int, budget: int) -> tuple[str, list[Move]]:
    """Whether player ``me`` has a winning line against Random whose generator is in state
    ``generator``: the verdict, and the moves of that line when there is one."""
    lost: set[tuple[object, ...]] = set()
    searched = 0

    def line(state: State, generator: int) -> list[Move] | None:
        """Our moves from ``state`` to a win, last first; None when none wins."""
        nonlocal searched
        while (player := state.to_move) != me:
            if player is None:
                outcome = state.outcome
                return [] if outcome is not None and outcome.winner == me else None
            moves = state.legal_moves()
            random = SplitMix64(generator)  # RandomAgent's choice, from its generator
            move = moves[random.below(len(moves))]
            generator = random._state
            state = state.apply_unchecked(move)
        key = _key(state, generator)
        if key in lost:
            return None
        searched += 1
        if searched > budget:
            raise _BudgetSpentError
        tried = set()
        for move in state.legal_moves():
            if isinstance(move, Take):
                if move.goes_out:
                    return [move]
                same = (move.laid_mask, move.discard_index)
                if same in tried:
                    continue
                tried.add(same)
            rest = line(state.apply_unchecked(move), generator)
            if rest is not None:
                rest.append(move)
                return rest
        lost.add(key)
        return None

    try:
        found = line(state, generator)
    except _BudgetSpentError:
        return _UNKNOWN, []
    return (_NOT_WINNABLE, []) if found is None else (_WINNABLE, found[::-1])


class _Scripted:
    """Plays a line of moves found by :func:`solve`."""

    def __init__(self, moves: list[Move]) -> None:
        self._moves = iter(moves)

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        return next(self._moves)


def _deal(task: tuple[int, int, str, int, str | None]) -> list[tuple[str, bool]]:
    """Both games of deal ``deal``, the player in seat 0 first: the verdict, and whether
    the checking agent (if any) won that game against Random."""
    deal, seed, rules_name, budget, check = task
    sys.setrecursionlimit(10_000)
    deal_seed = game_seed(seed, deal)
    results = []
    for me in (0, 1):
        # The arena builds the agent of seat s from the first output of deal_seed ^ (s + 1).
        seeds = [SplitMix64(deal_seed ^ (seat + 1)).next64() for seat in (0, 1)]
        state = State.new(deal_seed, rules=PRESETS[rules_name], dealer=deal % 2)
        verdict, moves = solve(state, me, seeds[1 - me], budget)
        if verdict == _WINNABLE:
            # The line must win for real, against RandomAgent itself, every move checked.
            players: list[Agent] = [_Scripted(moves), RandomAgent(seeds[1 - me])]
            final = play_game(state, players if me == 0 else players[::-1])
            if final.outcome is None or final.outcome.winner != me:
                raise SystemExit(f"deal {deal}, seat {me}: the winning line does not win")
        won = False
        if check is not None:
            agents = [agent_factory(check)(seeds[me]), RandomAgent(seeds[1 - me])]
            final = play_game(state, agents if me == 0 else agents[::-1])
            won = final.outcome is not None and final.outcome.winner == me
        results.append((verdict, won))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals, each from both seats")
    parser.add_argument("--seed", type=int, default=0, help="the ladder's seed (0)")
    parser.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--budget", type=int, default=100_000, help="positions a game")
    parser.add_argument("--workers", type=int, default=1, help="processes (1)")
    parser.add_argument("--check", metavar="AGENT", help="also play AGENT against Random")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    start = time.perf_counter()
    tasks = [(deal, args.seed, args.rules, args.budget, args.check) for deal in range(args.deals)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        games_played = [game for pair in pool.map(_deal, tasks) for game in pair]
    verdicts = [verdict for verdict, _ in games_played]
    counts = Counter(verdicts)
    games = len(verdicts)
    bound = (counts[_WINNABLE] + counts[_UNKNOWN] + counts[_NOT_WINNABLE] / 2) / games
    print(
        f"{args.deals:,} deals of the {args.rules} ladder (seed {args.seed}), from both "
        f"seats, against Random: {games:,} games"
    )
    for verdict in (_WINNABLE, _NOT_WINNABLE, _UNKNOWN):
        print(f"  {verdict:<13} {counts[verdict]:>6,}  {counts[verdict] / games:>6.1%}")
    print(
        f"no agent scores more than {bound:.1%} against Random on these games "
        f"(every winnable or unknown game won, every other one drawn); "
        f"{time.perf_counter() - start:.0f} s"
    )
    if args.check is not None:
        won = [verdict for verdict, agent_won in games_played if agent_won]
        print(f"check: {args.check} won {len(won):,} of these games against Random", end="")
        if _NOT_WINNABLE in won:
            print(f", {won.count(_NOT_WINNABLE):,} of them found not winnable: a search error")
            sys.exit(1)
        print(", none of them found not winnable")


if __name__ == "__main__":
    main()
