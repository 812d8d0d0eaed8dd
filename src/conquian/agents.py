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

import warnings
from typing import Any, Final

from conquian._agents import (
    Agent,
    GreedyAgent,
    RandomAgent,
    check_arguments,  # noqa: F401  # not in __all__, and importable from here as before
    least_useful_give,
    play_game,
    without_gifts,
)
from conquian.cards import DECK
from conquian.heuristic import HeuristicAgent
from conquian.ismcts import ISMCTSAgent
from conquian.search import SearchAgent

_OLD_GIFT_HAND: Final = (len(DECK) - 1) // 2
"""What the deprecated ``GIFT_HAND`` gives: 19, the largest hand any rules deal (two
players and a stock card out of 40, M2; a hand never grows, R14), so that "no gift to an
opponent who holds at most this many cards" still says what the agents do: no gift to
any opponent."""

__all__ = [
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


def __getattr__(name: str) -> Any:
    """The deprecated module names: ``GIFT_HAND``, the hand size up to which the built-in
    agents kept back a card fitting the opponent's table (R14a); they now keep one back
    whatever his hand size (:func:`without_gifts`), so it is 19, the largest hand any rules
    deal (M2)."""
    if name == "GIFT_HAND":
        warnings.warn(
            "GIFT_HAND is deprecated: the built-in agents keep back a card that fits an "
            "opponent's table whatever his hand size (see without_gifts)",
            DeprecationWarning,
            stacklevel=2,
        )
        return _OLD_GIFT_HAND
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
