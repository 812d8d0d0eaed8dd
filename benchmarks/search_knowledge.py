"""What the search agent would gain from knowing the hidden cards, against itself at the same
CPU time a decision: the ceiling of a stronger search that reads the opponent's hand.

:class:`~conquian.search.SearchAgent` plays the ladder's games (deal ``d`` from
``game_seed(seed, d)``, player ``d % 2`` dealing, each agent seeded as ``python -m
conquian arena`` seeds it, each deal from both seats) against an opponent named as the
arena names agents (default ``search:budget=10ms``, the search agent with the same CPU
time a decision). The searching side is the same search (the same candidates, playouts
and choice), with a budget of CPU time a decision (``--budget``), except for the worlds it
plays in, once for each level of what it knows of the cards it cannot see:

* ``none``: nothing; the unseen cards are dealt at random between the opponent's hand and
  the stock, as the search agent deals them (a fair player: the control).
* ``declines``: nothing, but a world is mostly refused when the opponent's hand in it
  disagrees with what he did (a fair player too). His hand at an earlier move is his hand
  now with the cards he laid or discarded since (a taken card goes to the table, never
  into the hand, R11), so each of his past moves can be checked against a world: a card he
  declined that would have made a meld of three with two of his cards then (hand, or hand
  and table), and a card he discarded that made one with two of his hand cards, each make
  a world less likely: it is kept with chance ``--declined`` (0.5) for each such decline
  and ``--discarded`` (0.25) for each such discard, and of ``--tries`` worlds drawn the
  first kept is played, or the likeliest. The chances are the ratios ``--calibrate GAMES``
  measures in the heuristic agent's self-play: how often such a test holds for the
  opponent's true hand, over how often it holds for a hand dealt at random.
* ``hand``: the opponent's hand; the stock in a random order in each world.
* ``all``: the opponent's hand and the stock's order: every world is the true position.

Only the searching side knows more; the opponent plays as usual. The gap between a level's
score and 50% is what that knowledge is worth against the opponent at this budget, and
``hand`` bounds every fair way of reading the opponent's hand, ``declines`` among them.

    python benchmarks/search_knowledge.py --deals 1000 --budget 10 --workers 2
    python benchmarks/search_knowledge.py --calibrate 300

The scores depend on the machine and its load (the budgets are CPU time); the table gives
each side's mean CPU time per decision with a choice.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from points import pair_from_points

from conquian import PRESETS, Decline, Move, Observation, State, Take, _bits
from conquian._rng import SplitMix64, game_seed
from conquian.arena import agent_spec
from conquian.heuristic import HeuristicAgent
from conquian.phases import Phase
from conquian.search import SearchAgent, _Worlds

LEVELS = ("none", "declines", "hand", "all")
_TASK_DEALS = 10  # deals a task handed to a worker


class _Evidence:
    """The opponent's past declines and discards, each as a test of a hand he holds now."""

    __slots__ = ("_tests",)

    def __init__(self, observation: Observation) -> None:
        opponent = 1 - observation.player
        partners = _bits.meld_table(observation.rules.max_sequence).partners
        events: list[tuple[bool, int, int, int]] = []  # discard?, card, gone before, table
        gone = table = 0  # the cards that left his hand (laid or discarded); his table
        for entry in observation.history:
            if entry.player != opponent:
                continue
            move, offer = entry.move, entry.offer
            if offer is None:  # a give of the opening exchange (M10) answers no offer
                continue
            if isinstance(move, Decline) and entry.phase is Phase.OFFER:
                events.append((False, offer.index, gone, table))
            elif isinstance(move, Take):
                table |= 1 << offer.index | move.laid_mask
                gone |= move.laid_mask
                if not move.goes_out:
                    events.append((True, move.discard_index, gone, table))
                    gone |= 1 << move.discard_index
        # His hand at an event is his hand now and the cards that left it after the event.
        self._tests = tuple(
            (discard, partners[card], gone & ~before, table if not discard else 0)
            for discard, card, before, table in events
        )

    def tests_of(self, discard: int) -> int:
        """How many of his declines (0) or discards (1) a hand is tested against."""
        return sum(1 for test in self._tests if test[0] == discard)

    def against(self, hand: int) -> tuple[int, int]:
        """How many of his declines and of his discards a hand ``hand`` now disagrees with:
        the card would have made a meld of three with two of his cards then (hand cards,
        or a hand and a table card for a decline)."""
        counts = [0, 0]
        for discard, pairs, later, table in self._tests:
            held = hand | later
            cards = held | table
            for pair in pairs:
                if pair & cards == pair and pair & held:
                    counts[discard] += 1
                    break
        return counts[0], counts[1]


class _ReadingWorlds(_Worlds):
    """Worlds that agree with the opponent's declines and discards, mostly (``declines``)."""

    __slots__ = ("_chances", "_evidence", "_tries")

    def __init__(
        self, observation: Observation, seed: int, chances: tuple[float, float], tries: int
    ) -> None:
        super().__init__(observation, seed)
        self._evidence = _Evidence(observation)
        self._chances = chances
        self._tries = tries

    def sample(self) -> State:
        best: list[int] = []
        likeliest = -1.0
        for _ in range(self._tries):
            shuffled = self._rng.shuffled(list(self._unseen))
            hand = 0
            for index in shuffled[: self._opponent_size]:
                hand |= 1 << index
            declines, discards = self._evidence.against(hand)
            chance = self._chances[0] ** declines * self._chances[1] ** discards
            if chance > likeliest:
                best, likeliest = shuffled, chance
            if self._rng.next64() < chance * 2**64:
                return self.dealt(shuffled)
        return self.dealt(best)


class _KnownWorlds(_Worlds):
    """Worlds with the opponent's true hand, and the stock shuffled (``hand``) or the true
    position itself (``all``)."""

    __slots__ = ("_stock", "_theirs", "_truth")

    def __init__(self, observation: Observation, seed: int, truth: State, level: str) -> None:
        super().__init__(observation, seed)
        self._truth = truth if level == "all" else None
        self._theirs = [card.index for card in truth.hands[1 - observation.player]]
        self._stock = [card.index for card in truth.stock]

    def sample(self) -> State:
        if self._truth is not None:
            return self._truth
        return self.dealt(self._theirs + self._rng.shuffled(list(self._stock)))


class _KnowingSearch(SearchAgent):
    """The search agent, with the worlds of a level of knowledge."""

    __slots__ = ("_level", "_reading", "truth")

    def __init__(self, seed: int, budget: float, level: str, reading: tuple[float, ...]) -> None:
        super().__init__(seed, cpu_seconds=budget)
        self._level = level
        self._reading = reading
        self.truth: State | None = None  # the true state, set before each decision

    def _worlds(self, observation: Observation) -> _Worlds:
        if self._level == "none":
            return super()._worlds(observation)
        if self._level == "declines":
            declined, discarded, tries = self._reading
            return _ReadingWorlds(observation, self._seed, (declined, discarded), int(tries))
        assert self.truth is not None
        return _KnownWorlds(observation, self._seed, self.truth, self._level)


_Task = tuple[int, int, int, str, str, str, float, tuple[float, ...]]
_Played = tuple[list[tuple[float, float]], tuple[float, float], tuple[int, int]]


def _deals(task: _Task) -> _Played:
    """The searching side's points in both games of each deal (seat 0 first), and the CPU
    time and decisions with a choice of each side (the searching side first)."""
    low, high, seed, rules_name, level, opponent, budget, reading = task
    make_opponent = agent_spec(opponent)
    points: list[tuple[float, float]] = []
    cpu = [0.0, 0.0]
    decisions = [0, 0]
    for deal in range(low, high):
        deal_seed = game_seed(seed, deal)
        both = []
        for me in (0, 1):
            seeds = [SplitMix64(deal_seed ^ (seat + 1)).next64() for seat in (0, 1)]
            knowing = _KnowingSearch(seeds[me], budget, level, reading)
            agents: list[Any] = [knowing, make_opponent(seeds[1 - me])]
            if me == 1:
                agents.reverse()
            state = State.new(deal_seed, rules=PRESETS[rules_name], dealer=deal % 2)
            while (player := state.to_move) is not None:
                moves = state.legal_moves()
                knowing.truth = state
                started = time.thread_time()
                move: Move = agents[player].choose(state.observation(player), moves)
                if len(moves) > 1:
                    side = 0 if player == me else 1
                    cpu[side] += time.thread_time() - started
                    decisions[side] += 1
                state = state.apply(move, player=player)
            assert state.outcome is not None
            winner = state.outcome.winner
            both.append(0.5 if winner is None else float(winner == me))
        points.append((both[0], both[1]))
    return points, (cpu[0], cpu[1]), (decisions[0], decisions[1])


def calibrate(games: int, draws: int = 20) -> None:
    """Print how often a test of ``declines`` holds for the opponent's true hand and for a
    hand dealt at random from the unseen cards, over the heuristic agent's self-play
    (deals 0 to ``games - 1``, every decision with a choice): their ratio is the chance a
    world keeps for each move its hand disagrees with (``--declined``, ``--discarded``)."""
    heuristic = HeuristicAgent()
    random = SplitMix64(games)
    tests = [0, 0]
    true_hits = [0, 0]
    random_hits = [0.0, 0.0]
    for deal in range(games):
        state = State.new(deal)
        while (player := state.to_move) is not None:
            moves = state.legal_moves()
            view = state.observation(player)
            if len(moves) > 1:
                evidence = _Evidence(view)
                opponent = 1 - player
                size = view.hand_sizes[opponent]
                unseen = [card.index for card in view.unseen]
                hand = _bits.mask_of(state.hands[opponent])
                for discard in (0, 1):
                    tests[discard] += evidence.tests_of(discard)
                    true_hits[discard] += evidence.against(hand)[discard]
                for _ in range(draws):
                    drawn = 0
                    for index in random.shuffled(list(unseen))[:size]:
                        drawn |= 1 << index
                    for discard, hits in enumerate(evidence.against(drawn)):
                        random_hits[discard] += hits / draws
            state = state.apply(heuristic.choose(view, moves))
    for discard, name in enumerate(("declined", "discarded")):
        mine, chance = true_hits[discard] / tests[discard], random_hits[discard] / tests[discard]
        print(
            f"--{name}: {tests[discard]:,} tests; a test holds for {mine:.1%} of the true "
            f"hands and {chance:.1%} of random ones: ratio {mine / chance:.2f}"
        )


def _level_list(text: str) -> list[str]:
    levels = text.split(",")
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"the levels are {', '.join(LEVELS)}")
    return levels


def _run(args: argparse.Namespace, level: str, pool: ProcessPoolExecutor) -> dict[str, Any]:
    """One level's games, as a row of the table."""
    reading = (args.declined, args.discarded, float(args.tries))
    end = args.first_deal + args.deals
    tasks: Sequence[_Task] = [
        (low, min(low + _TASK_DEALS, end), args.seed, args.rules, level, args.opponent,
         args.budget / 1000, reading)
        for low in range(args.first_deal, end, _TASK_DEALS)
    ]  # fmt: skip
    games: list[float] = []
    cpu = [0.0, 0.0]
    decisions = [0, 0]
    for points, seconds, counts in pool.map(_deals, tasks):
        games.extend(game for pair in points for game in pair)
        for side in (0, 1):
            cpu[side] += seconds[side]
            decisions[side] += counts[side]
    result = pair_from_points(
        f"search ({level})",
        args.opponent,
        games,
        cpu_seconds=(cpu[0], cpu[1]),
        decisions=(decisions[0], decisions[1]),
    )
    row = result.to_dict()
    row["level"] = level
    row["cpu_ms_per_decision"] = [
        1000 * cpu[side] / decisions[side] if decisions[side] else None for side in (0, 1)
    ]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals, each from both seats")
    parser.add_argument("--first-deal", type=int, default=0, help="the first deal (0)")
    parser.add_argument("--seed", type=int, default=0, help="the ladder's seed (0)")
    parser.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--levels", type=_level_list, default=list(LEVELS), help=",".join(LEVELS))
    parser.add_argument("--budget", type=float, default=10.0, help="CPU ms a decision (10)")
    parser.add_argument(
        "--opponent", default="search:budget=10ms", help="an arena agent (search:budget=10ms)"
    )
    parser.add_argument("--declined", type=float, default=0.5, help="declines: chance a miss")
    parser.add_argument("--discarded", type=float, default=0.25, help="declines: chance a miss")
    parser.add_argument("--tries", type=int, default=16, help="declines: worlds drawn (16)")
    parser.add_argument("--workers", type=int, default=1, help="processes (1)")
    parser.add_argument("--json", metavar="FILE", help="also save the rows as JSON")
    parser.add_argument(
        "--calibrate", type=int, metavar="GAMES", help="measure --declined and --discarded"
    )
    args = parser.parse_args()
    if args.calibrate is not None:
        calibrate(args.calibrate)
        return
    agent_spec(args.opponent)  # refused here, by name, if it is not an agent
    print(
        f"the search with {args.budget:g} ms of CPU time a decision against {args.opponent}, "
        f"on deals {args.first_deal:,} to {args.first_deal + args.deals - 1:,} of the "
        f"{args.rules} ladder (seed {args.seed}), each from both seats"
    )
    print("knows       games   wins  draws losses   score  95% interval     CPU ms (its, his)")
    rows = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for level in args.levels:
            row = _run(args, level, pool)
            rows.append(row)
            low, high = row["interval95"]
            mine, theirs = row["cpu_ms_per_decision"]
            print(
                f"{level:<9} {row['games']:>7,} {row['wins']:>6,} {row['draws']:>6,} "
                f"{row['losses']:>6,} {row['score']:>7.1%}  {low:.1%} to {high:.1%}  "
                f"{mine or 0:>6.1f} {theirs or 0:>6.1f}",
                flush=True,
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump({"options": vars(args), "rows": rows}, file, indent=1)
            file.write("\n")


if __name__ == "__main__":
    main()
