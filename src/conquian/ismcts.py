"""An information-set Monte Carlo tree search agent over whole moves.

:class:`ISMCTSAgent` sees only its :class:`~conquian.state.Observation`. It grows one tree
for a decision (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): each
iteration samples a *world*, a full position that agrees with the observation (the unseen
cards dealt at random, as :func:`~conquian.search.sample_world` deals them), and descends
the tree in that world. A node is a move, keyed by the player who made it, the card he
was offered and the move itself: every one of these is public, so the tree is the same
for every world the observation allows. At each node the moves searched are the ones
legal in this world among the heuristic's candidates (its own move, every move that is
not a take, and its best few takes with different discards, as
:class:`~conquian.search.SearchAgent` searches), and a move is picked by UCB1 with
*availability* counts: how often it could be played, not how often its parent was
visited. A move never tried is tried first, the heuristic's own move before the others.
The first new node of an iteration ends the descent, and the game is played out from
there by :class:`~conquian.heuristic.HeuristicAgent` for every player and scored for each
mover: a win 1, a draw ½, a loss 0. The agent plays the heuristic's own move unless
another move's mean at the root beats it by more than one standard error of the
difference, as :class:`~conquian.search.SearchAgent` keeps its policy's move.

The true hidden cards never enter the search: the worlds are rebuilt from the
observation's own position text, so two states that give the same observation give the
same move for the same seed and iteration budget.

>>> from conquian import State
>>> from conquian.agents import GreedyAgent, play_game
>>> from conquian.ismcts import ISMCTSAgent
>>> final = play_game(State.new(seed=3), [ISMCTSAgent(seed=1, iterations=30), GreedyAgent()])
>>> final.outcome is not None
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Final

from conquian._agents import check_arguments, least_useful_give, without_gifts
from conquian._playouts import budget_text, check_search_arguments, declined_cards, playout
from conquian._rng import SplitMix64
from conquian._slots import set_slots_state, slots_state
from conquian.errors import describe
from conquian.heuristic import HeuristicAgent
from conquian.moves import Decline, Move, Take
from conquian.search import sample_world
from conquian.state import Observation, State

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSAgent"]

DEFAULT_ITERATIONS: Final = 80
"""The iterations of a decision by default, each one world and one playout, as many
playouts as :data:`conquian.search.DEFAULT_ITERATIONS` gives the search agent."""
_MAX_TAKES: Final = 4
_EXPLORATION: Final = 0.7

_Key = tuple[int, int, Move]  # the mover, the offered card's index, the move


class _Node:
    """A move in the tree: its visits, the mover's points over them, how often it was
    available, and the moves after it."""

    __slots__ = ("available", "children", "points", "squares", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.points = 0.0
        self.squares = 0.0
        self.available = 0
        self.children: dict[_Key, _Node] = {}


class ISMCTSAgent:
    """Information-set Monte Carlo tree search over whole moves (see the module docstring).

    Args:
        seed: The agent's seed (0 to 2**64 - 1). With an ``iterations`` budget a decision
            depends only on the seed, the observation and the budget.
        iterations: Iterations a decision (the budget), at least 1: one world, one descent
            and one playout each.
        seconds: If given, a wall-clock budget instead (not reproducible; at least one
            iteration; at most an hour).
        cpu_seconds: If given, a budget of the calling thread's CPU time instead
            (``time.thread_time()``; not reproducible; at least one iteration; at most an
            hour).
        max_takes: How many takes each node searches besides the heuristic's own move:
            its best few by the heuristic's ranking, each with another discard.
        exploration: The UCB1 constant, above 0 and at most 10.

    Raises:
        ValueError: A budget, seed or constant out of range, or of the wrong type; the
            seed, the budgets and ``max_takes`` are refused with the same error and words
            as :class:`~conquian.search.SearchAgent` refuses them (one check serves both).

    >>> from conquian.ismcts import ISMCTSAgent
    >>> ISMCTSAgent(seed=7, iterations=100)
    ISMCTSAgent(seed=7, iterations=100)
    """

    __slots__ = ("_cpu", "_exploration", "_iterations", "_max_takes", "_seconds", "_seed")
    __getstate__ = slots_state
    __setstate__ = set_slots_state

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        cpu_seconds: float | None = None,
        max_takes: int = _MAX_TAKES,
        exploration: float = _EXPLORATION,
    ) -> None:
        check_search_arguments(seed, iterations, seconds, cpu_seconds, max_takes)
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, int | float)
            or not 0 < exploration <= 10
        ):
            raise ValueError(
                f"exploration must be a number above 0 and at most 10, not {describe(exploration)}"
            )
        self._seed = seed
        self._iterations = iterations
        self._seconds = seconds if cpu_seconds is None else cpu_seconds
        self._cpu = cpu_seconds is not None
        self._max_takes = max_takes
        self._exploration = float(exploration)

    def __repr__(self) -> str:
        budget = budget_text(self._iterations, self._seconds, self._cpu)
        return f"ISMCTSAgent(seed={self._seed}, {budget})"

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The heuristic's move, unless the tree finds a root move clearly better.

        A single legal move, or a take that goes out (R16), is returned at once.

        Raises:
            TypeError: ``observation`` is not an Observation, or ``legal_moves`` is not a
                sequence.
            ConquianError: ``legal_moves`` is empty.
            IllegalMoveError: A move of ``legal_moves`` is not legal for the observing
                player in the observed position (such as another deal's moves, or any move
                when the game is over or it is the opponent's turn).
        """
        check_arguments(observation, legal_moves)
        give = least_useful_give(observation, legal_moves)  # M10: the exchange is not searched
        if give is not None:
            return give
        legal_moves = without_gifts(observation, legal_moves)  # R14a, R17: no gifts
        if len(legal_moves) == 1:
            return legal_moves[0]
        for move in legal_moves:
            if isinstance(move, Take) and move.goes_out:
                return move  # R16: going out wins at once
        policy = HeuristicAgent()
        default = policy.choose(observation, legal_moves)
        candidates = self._root_choices(observation, legal_moves, default, policy)
        if len(candidates) == 1:
            return default
        me = observation.player
        assert observation.offer is not None
        offer = observation.offer.index
        root = _Node()
        seeds = SplitMix64(self._seed)
        declined = declined_cards(observation)
        clock = time.thread_time if self._cpu else time.perf_counter
        deadline = None if self._seconds is None else clock() + self._seconds
        count = 0
        while True:
            world = sample_world(observation, seeds.next64())
            self._iterate(root, world, candidates, me, offer, declined, policy)
            count += 1
            if deadline is None:
                if count >= self._iterations:
                    break
            elif clock() >= deadline:
                break
        return self._final(root, candidates, me, offer, default)

    def _final(
        self, root: _Node, candidates: list[Move], me: int, offer: int, default: Move
    ) -> Move:
        """The heuristic's move, unless another root move's mean beats its mean by more
        than one standard error of the difference (the best such move): a search too
        small to tell the moves apart plays like the heuristic."""
        base = root.children[(me, offer, default)]
        if base.visits < 2:
            return default
        base_mean, base_variance = _mean_and_variance(base)
        best, gain = default, 0.0
        for move in candidates:
            child = root.children.get((me, offer, move))
            if child is None or child is base or child.visits < 2:
                continue
            mean, variance = _mean_and_variance(child)
            error = math.sqrt(variance / child.visits + base_variance / base.visits)
            if mean - base_mean > max(error, gain):
                best, gain = move, mean - base_mean
        return best

    def _iterate(
        self,
        root: _Node,
        state: State,
        candidates: list[Move],
        me: int,
        offer: int,
        declined: list[int],
        policy: HeuristicAgent,
    ) -> None:
        """One iteration in one world: descend (UCB1 with availability), add one node, play
        out, and score every node of the path for its mover."""
        declined = declined.copy()
        path: list[tuple[int, _Node]] = []
        node = root
        moves: Sequence[Move] = candidates
        player = me
        offered = offer
        while True:
            children = node.children
            chosen: _Node | None = None
            chosen_move: Move | None = None
            best = -1.0
            log_weight = 0.0
            fresh: Move | None = None
            for move in moves:
                child = children.get((player, offered, move))
                if child is None:
                    if fresh is None:
                        fresh = move
                    continue
                child.available += 1
            if fresh is not None:
                chosen = _Node()
                chosen.available = 1
                children[(player, offered, fresh)] = chosen
                chosen_move = fresh
            else:
                exploration = self._exploration
                for move in moves:
                    child = children[(player, offered, move)]
                    log_weight = math.log(child.available)
                    value = child.points / child.visits + exploration * math.sqrt(
                        log_weight / child.visits
                    )
                    if value > best:
                        best, chosen, chosen_move = value, child, move
            assert chosen is not None
            assert chosen_move is not None
            path.append((player, chosen))
            if chosen_move.__class__ is Decline:
                declined[player] |= 1 << offered
            state = state.apply_unchecked(chosen_move)
            if fresh is not None:
                break
            # Forced moves are played through; the next choice, whoever makes it, is a
            # node of the tree.
            while (mover := state.to_move) is not None:
                legal = state.legal_moves()
                if len(legal) > 1:
                    break
                forced = legal[0]
                if forced.__class__ is Decline:
                    offer_card = state.offer
                    assert offer_card is not None
                    declined[mover] |= 1 << offer_card.index
                state = state.apply_unchecked(forced)
            if mover is None:
                break
            offer_card = state.offer
            assert offer_card is not None
            player, offered, node = mover, offer_card.index, chosen
            moves = _choices(state, player, declined, legal, policy)
            if len(moves) == 1:  # going out: the game ends with this move
                path.append((player, _Node()))  # scored, never kept
                state = state.apply_unchecked(moves[0])
                break
        outcome = state.outcome
        if outcome is None:
            score = playout(state, me, policy, declined)
        else:
            score = 0.5 if outcome.winner is None else float(outcome.winner == me)
        for mover, visited in path:
            points = score if mover == me else 1.0 - score
            visited.visits += 1
            visited.points += points
            visited.squares += points * points
        return

    def _root_choices(
        self,
        observation: Observation,
        legal_moves: Sequence[Move],
        default: Move,
        policy: HeuristicAgent,
    ) -> list[Move]:
        """The moves searched at the root: the heuristic's own move first, then its best
        few takes with different discards (the takes that discard the same card differ
        only in what they lay), then every move that is not a take."""
        takes = [move for move in legal_moves if isinstance(move, Take)]
        chosen: list[Move] = [default]
        discards: set[int] = set()
        for take in policy.ranked(observation, takes):
            if len(discards) == self._max_takes:
                break
            if take.discard_index not in discards:
                discards.add(take.discard_index)
                if take != default:
                    chosen.append(take)
        chosen.extend(m for m in legal_moves if not isinstance(m, Take) and m != default)
        return chosen


def _choices(
    state: State, player: int, declined: list[int], legal: Sequence[Move], policy: HeuristicAgent
) -> list[Move]:
    """The moves searched at a node below the root: a take that goes out (R16) alone,
    else the heuristic's own move first, then every move that is not a take (declining,
    forcing, releasing): whether to take, and the heuristic's take when taking."""
    others = 0
    for seat, cards in enumerate(declined):
        if seat != player:
            others |= cards
    default = policy.choose_seen(state.seen_cards(player), others, legal)
    chosen: list[Move] = [default]
    for move in legal:
        if move.__class__ is Take:
            assert isinstance(move, Take)
            if move.goes_out:
                return [move]
        elif move != default:
            chosen.append(move)
    return chosen


def _mean_and_variance(node: _Node) -> tuple[float, float]:
    """The mean of a node's points and their sample variance (at least two visits)."""
    visits = node.visits
    mean = node.points / visits
    return mean, max(node.squares - mean * node.points, 0.0) / (visits - 1)
