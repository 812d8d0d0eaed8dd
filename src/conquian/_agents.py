"""Private: the agent protocol, the simple bots and :func:`play_game`, below the bots that
build on them (:mod:`conquian.heuristic` and :mod:`conquian.search` import from here).

Import every agent from :mod:`conquian.agents`, which holds them all.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from conquian import _bits
from conquian._rng import SplitMix64
from conquian.dealing import check_seed
from conquian.errors import ConquianError, describe
from conquian.moves import NO_DISCARD, Decline, Move, Release, Take
from conquian.state import Observation, State

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "play_game"]


@runtime_checkable
class Agent(Protocol):
    """Chooses one of the legal moves, seeing only its player's observation."""

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """Return one of ``legal_moves``."""
        ...


class RandomAgent:
    """Chooses uniformly at random, reproducibly from its seed (on every machine).

    Its choices are one stream of draws: a game replays when the agent makes the same
    decisions in the same order. An agent shared by threads is safe to call, but draws
    in the order the threads call it, so give each thread (each game) its own agent for
    games that replay. ``copy.copy`` gives an agent with a stream of its own, at the same
    point.

    Raises:
        ConquianError: ``seed`` is not a whole number from 0 to 2**64 - 1.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(check_seed(seed, "a RandomAgent's seed"))

    def __copy__(self) -> RandomAgent:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)  # a subclass's attributes too
        other._rng = copy.copy(self._rng)  # its own stream, not one shared with self
        return other

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """A uniformly random legal move.

        Raises:
            TypeError: ``observation`` is not an Observation, or ``legal_moves`` is not a
                sequence.
            ConquianError: ``legal_moves`` is empty.
        """
        check_arguments(observation, legal_moves)
        if not legal_moves:
            raise ConquianError("no legal move to choose from")
        return legal_moves[self._rng.below(len(legal_moves))]


class GreedyAgent:
    """Takes whenever it can, laying down as many cards as possible, and discards the card
    least likely to help it; declines otherwise, and never forces.

    Ties are broken by the order of the legal moves, so it is deterministic.
    """

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The greedy choice described above.

        Raises:
            TypeError: ``observation`` is not an Observation (such as a State: an agent
                sees only its player's view), or ``legal_moves`` is not a sequence.
            ConquianError: ``legal_moves`` is empty.
        """
        check_arguments(observation, legal_moves)
        if not legal_moves:
            raise ConquianError("no legal move to choose from")
        takes = [move for move in legal_moves if isinstance(move, Take)]
        if takes:
            live = _bits.mask_of(observation.unseen) | _bits.mask_of(observation.hand)
            table = _bits.meld_table(observation.rules.max_sequence)
            return max(takes, key=_TakeScores(live, table).score)
        for move in legal_moves:
            if isinstance(move, Decline | Release):
                return move
        return legal_moves[0]


def check_arguments(observation: object, legal_moves: object) -> None:
    """What every built-in agent's ``choose`` checks first: an observation (never a
    State, which would show the agent hidden cards) and a sequence of moves (not text).

    Raises:
        TypeError: Either is of the wrong kind.
    """
    if not isinstance(observation, Observation):
        raise TypeError(
            f"observation must be an Observation (state.observation(player)), "
            f"not {describe(observation)}"
        )
    if isinstance(legal_moves, str | bytes) or not isinstance(legal_moves, Sequence):
        raise TypeError(f"legal_moves must be a sequence of moves, not {describe(legal_moves)}")


class _TakeScores:
    """The scores of one decision's takes: going out beats everything; then more cards
    laid; then a less useful discard.

    A discard's usefulness is how many melds with it could still be made from cards not
    yet out of play (``live``) nor laid by the take. The melds of ``live`` with each
    discard are found once per decision (a hand of 10 cards has at most 10 discards,
    among hundreds of takes), and each take counts those its laid cards leave whole: at
    the worst position (298 legal moves) a choice took 0.6 ms, now 0.3 ms.
    """

    __slots__ = ("_live", "_melds_with", "_table")

    def __init__(self, live: int, table: _bits.MeldTable) -> None:
        self._live = live
        self._table = table
        self._melds_with: dict[int, tuple[int, ...]] = {}
        """By a discard's index, the melds holding it inside the live cards and itself."""

    def score(self, take: Take) -> tuple[int, int]:
        """The take's score, compared as a tuple (more is better)."""
        laid = take.laid_mask
        discard = take.discard_index
        if discard == NO_DISCARD:
            return (laid.bit_count() + 100, 0)
        melds = self._melds_with.get(discard)
        if melds is None:
            pool = self._live | 1 << discard
            melds = tuple(meld for meld in self._table.containing[discard] if meld & pool == meld)
            self._melds_with[discard] = melds
        # A take never lays the card it discards (Take refuses it), so a meld with the
        # discard is left whole when it holds none of the laid cards.
        return (laid.bit_count(), -sum(1 for meld in melds if not meld & laid))


def play_game(state: State, agents: Sequence[Agent]) -> State:
    """Play ``state`` to the end, player ``p`` choosing with ``agents[p]``; the final state.

    Raises:
        TypeError: ``state`` is not a State, or ``agents`` is not a sequence of two agents
            (values with a ``choose`` method).
        IllegalMoveError: An agent chose a move that is not legal.
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a State, not {describe(state)}")
    if not isinstance(agents, Sequence) or len(agents) != 2:
        raise TypeError(f"agents must be a sequence of two agents, not {describe(agents)}")
    for agent in agents:
        if not isinstance(agent, Agent):
            raise TypeError(f"agents must have a choose method; {describe(agent)} has none")
    while True:
        player = state.to_move
        if player is None:
            return state
        moves = state.legal_moves()
        move = agents[player].choose(state.observation(player), moves)
        state = state.apply(move, player=player)
