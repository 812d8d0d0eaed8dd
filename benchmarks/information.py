"""What knowing the hidden cards is worth against Random: one search, three levels of
knowledge.

The same Monte Carlo search plays the ladder's games against :class:`RandomAgent` (deal
``d`` from ``game_seed(seed, d)``, player ``d % 2`` dealing, Random seeded as ``python -m
conquian arena`` seeds it), once for each level of what it knows of the cards it cannot
see:

* ``none``: nothing. Each world deals the unseen cards at random between Random's hand and
  the stock (:func:`conquian.search.sample_world`), as :class:`SearchAgent` does: a fair
  player.
* ``hand``: Random's hand. Each world holds Random's true hand and the stock in a random
  order.
* ``all``: Random's hand and the stock's order. Every world is the true position.

No level knows Random's seed: in its playouts Random plays uniformly random moves from the
search's own generator, which is exactly how Random plays, and the searching player plays
the heuristic agent's moves. For each decision with a choice the search plays each
candidate (every move that is not a take, and the heuristic's best takes, one for each
laid set and discard) in the same ``--worlds`` worlds, and plays the candidate with the
best mean. The levels differ only in the worlds, so the gaps between their scores are what
the knowledge is worth to this search.

    python benchmarks/information.py --deals 300 --workers 2

The results depend only on the seed, the deals and the options, not on the machine.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from points import pair_from_points

from conquian import PRESETS, Decline, Move, State, Take
from conquian._rng import SplitMix64, game_seed
from conquian.agents import HeuristicAgent, RandomAgent
from conquian.search import sample_world

LEVELS = ("none", "hand", "all")
_HEURISTIC = HeuristicAgent()


def _playout(state: State, me: int, random: SplitMix64, declined: list[int]) -> float:
    """The rest of the game, the heuristic playing ``me`` and uniformly random moves the
    other player: 1 if ``me`` wins, ½ a draw, 0 a loss."""
    declined = declined.copy()
    while (player := state.to_move) is not None:
        moves = state.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        elif player == me:
            move = _HEURISTIC.choose_seen(state.seen_cards(player), declined[1 - player], moves)
        else:
            move = moves[random.below(len(moves))]
        _note_decline(state, player, move, declined)
        state = state.apply_unchecked(move)
    return _points(state, me)


def _note_decline(state: State, player: int, move: Move, declined: list[int]) -> None:
    """Add the offered card to ``player``'s declined cards if ``move`` declines it."""
    if isinstance(move, Decline):
        assert state.offer is not None
        declined[player] |= 1 << state.offer.index


def _points(final: State, me: int) -> float:
    """What the ended game ``final`` gives player ``me``: 1 a win, ½ a draw, 0 a loss."""
    assert final.outcome is not None
    winner = final.outcome.winner
    return 0.5 if winner is None else float(winner == me)


def _with_stock_shuffled(state: State, random: SplitMix64) -> State:
    """``state`` with its stock in a random order (the hands unchanged)."""
    text = state.to_notation()
    stock = "".join(str(card) for card in state.stock) or "-"
    order = "".join(str(card) for card in random.shuffled(list(state.stock))) or "-"
    return State.parse(text.replace(f" stock={stock} ", f" stock={order} ", 1))


def _worlds(level: str, state: State, count: int, random: SplitMix64) -> list[State]:
    """``count`` positions the searching player (to move in ``state``) plays in."""
    if level == "all":
        return [state] * count
    if level == "hand":
        return [_with_stock_shuffled(state, random) for _ in range(count)]
    assert state.to_move is not None
    view = state.observation(state.to_move)
    return [sample_world(view, random.next64()) for _ in range(count)]


def _candidates(state: State, moves: list[Move], takes: int) -> list[Move]:
    """Every move that is not a take, and the heuristic's best ``takes`` takes that lay
    different cards or discard another card."""
    assert state.to_move is not None
    distinct: dict[tuple[int, int], Take] = {}
    for move in moves:
        if isinstance(move, Take):
            distinct.setdefault((move.laid_mask, move.discard_index), move)
    view = state.observation(state.to_move)
    best = _HEURISTIC.ranked(view, list(distinct.values()))[:takes]
    return [move for move in moves if not isinstance(move, Take) or move in best]


def _choose(
    state: State, level: str, worlds: int, takes: int, random: SplitMix64, declined: list[int]
) -> Move:
    """The searching player's move in ``state`` (see the module docstring)."""
    moves = list(state.legal_moves())
    for move in moves:
        if isinstance(move, Take) and move.goes_out:
            return move
    candidates = _candidates(state, moves, takes)
    if len(candidates) == 1:
        return candidates[0]
    me = state.to_move
    assert me is not None
    assert state.offer is not None
    sampled = _worlds(level, state, worlds, random)
    best, best_score = candidates[0], -1.0
    for move in candidates:
        after = declined
        if isinstance(move, Decline):
            after = declined.copy()
            after[me] |= 1 << state.offer.index
        score = sum(
            _playout(world.apply_unchecked(move), me, SplitMix64(random.next64()), after)
            for world in sampled
        )
        if score > best_score:
            best, best_score = move, score
    return best


def _deal(task: tuple[int, int, str, str, int, int]) -> tuple[float, float]:
    """The searching player's points in both games of a deal, seat 0 first."""
    deal, seed, rules_name, level, worlds, takes = task
    deal_seed = game_seed(seed, deal)
    points = []
    for me in (0, 1):
        # The arena builds the agent of seat s from the first output of deal_seed ^ (s + 1).
        opponent = RandomAgent(SplitMix64(deal_seed ^ (2 - me)).next64())
        random = SplitMix64(deal_seed ^ (0x5EED << 8 | me))
        state = State.new(deal_seed, rules=PRESETS[rules_name], dealer=deal % 2)
        declined = [0, 0]
        while (player := state.to_move) is not None:
            if player == me:
                move = _choose(state, level, worlds, takes, random, declined)
            else:
                move = opponent.choose(state.observation(player), state.legal_moves())
            _note_decline(state, player, move, declined)
            state = state.apply(move)
        points.append(_points(state, me))
    return points[0], points[1]


def _level_list(text: str) -> list[str]:
    levels = text.split(",")
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"the levels are {', '.join(LEVELS)}")
    return levels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals, each from both seats")
    parser.add_argument("--seed", type=int, default=0, help="the ladder's seed (0)")
    parser.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--levels", type=_level_list, default=list(LEVELS), help="none,hand,all")
    parser.add_argument("--worlds", type=int, default=40, help="worlds a decision (40)")
    parser.add_argument("--takes", type=int, default=12, help="takes searched (12)")
    parser.add_argument("--workers", type=int, default=1, help="processes (1)")
    args = parser.parse_args()
    print(
        f"the search against Random on {args.deals:,} deal{'' if args.deals == 1 else 's'} of the "
        f"{args.rules} ladder "
        f"(seed {args.seed}), each from both seats;\n{args.worlds} worlds a decision, "
        f"{args.takes} takes"
    )
    print("knows    games   wins  draws  losses   score  95% interval")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for level in args.levels:
            start = time.perf_counter()
            tasks = [
                (deal, args.seed, args.rules, level, args.worlds, args.takes)
                for deal in range(args.deals)
            ]
            games = [game for pair in pool.map(_deal, tasks) for game in pair]
            result = pair_from_points("search", "random", games)
            low, high = result.interval()
            print(
                f"{level:<6} {result.games:>7,} {result.wins:>6,} {result.draws:>6,} "
                f"{result.losses:>7,} {result.score:>7.1%}  {low:.1%} to {high:.1%}  "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
