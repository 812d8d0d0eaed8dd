"""Agents: bots that choose a move from what their player may see.

An agent is anything with a ``choose(observation, legal_moves)`` method (the
:class:`Agent` protocol); it sees only an :class:`~conquian.state.Observation`, never the
hidden cards. Every built-in agent can be imported from here: :class:`RandomAgent`,
:class:`GreedyAgent`, :class:`~conquian.heuristic.HeuristicAgent`,
:class:`~conquian.search.SearchAgent` and :class:`~conquian.ismcts.ISMCTSAgent` (documented
with their modules, which hold their tuning), and :func:`play_game` plays one game between
two of them, or three in a game of three players (M1): each agent reads only its own
observation, whichever the number of players.

>>> from conquian import State
>>> from conquian.agents import GreedyAgent, HeuristicAgent, play_game
>>> final = play_game(State.new(seed=3), [HeuristicAgent(), GreedyAgent()])
>>> final.outcome is not None
True
"""

from __future__ import annotations

from conquian._agents import (
    GIFT_HAND,
    Agent,
    GreedyAgent,
    RandomAgent,
    check_arguments,  # noqa: F401  # not in __all__, and importable from here as before
    least_useful_give,
    play_game,
    without_gifts,
)
from conquian.heuristic import HeuristicAgent
from conquian.ismcts import ISMCTSAgent
from conquian.search import SearchAgent

__all__ = [
    "GIFT_HAND",
    "Agent",
    "GreedyAgent",
    "HeuristicAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "SearchAgent",
    "least_useful_give",
    "play_game",
    "without_gifts",
]
