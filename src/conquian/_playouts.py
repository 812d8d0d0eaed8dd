"""What the search agents share: their arguments' checks, the cards each player
declined, and a playout.

Both :class:`~conquian.search.SearchAgent` and :class:`~conquian.ismcts.ISMCTSAgent` take
a seed, a budget (iterations, seconds or CPU seconds) and a number of takes to search,
checked here with the same messages; and both play sampled worlds out to the end with a
policy (the heuristic agent by default), keeping track of the cards each player declined,
which the heuristic reads as a sign of what he does not need.
"""

from __future__ import annotations

from typing import Final

from conquian._agents import Agent
from conquian.dealing import check_seed
from conquian.errors import describe
from conquian.heuristic import HeuristicAgent
from conquian.moves import Decline
from conquian.state import Observation, State

__all__ = ["budget_text", "check_search_arguments", "declined_cards", "playout"]

_MAX_SECONDS: Final = 3600  # the longest time budget of a decision: an hour


def check_search_arguments(
    seed: object,
    iterations: object,
    seconds: object,
    cpu_seconds: object,
    max_takes: object,
) -> None:
    """Refuse a search agent's seed, budget or number of takes before anything is built.

    The one check of the arguments both search agents take, in this order: the seed
    (:func:`~conquian.dealing.check_seed`), ``iterations`` and ``max_takes`` (whole
    numbers of at least 1), ``seconds`` and ``cpu_seconds`` (each None or a number above 0
    and at most an hour), and not both budgets of time.

    Raises:
        ConquianError: ``seed`` is not a whole number from 0 to 2**64 - 1 (also a
            ValueError).
        ValueError: Any other argument out of range or of the wrong type, or both
            ``seconds`` and ``cpu_seconds`` given.

    >>> from conquian._playouts import check_search_arguments
    >>> check_search_arguments(7, 100, None, None, 4)
    >>> check_search_arguments(7, 100, 1.5, 2, 4)
    Traceback (most recent call last):
    ...
    ValueError: give seconds or cpu_seconds, not both
    """
    check_seed(seed, "seed")
    for name, value in (("iterations", iterations), ("max_takes", max_takes)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number of at least 1, not {describe(value)}")
    for key, budget in (("seconds", seconds), ("cpu_seconds", cpu_seconds)):
        if budget is not None and (
            isinstance(budget, bool)
            or not isinstance(budget, int | float)
            or not 0 < budget <= _MAX_SECONDS
        ):
            raise ValueError(
                f"{key} must be a number above 0 and at most {_MAX_SECONDS} (an hour a "
                f"decision), or None, not {describe(budget)}"
            )
    if seconds is not None and cpu_seconds is not None:
        raise ValueError("give seconds or cpu_seconds, not both")


def budget_text(iterations: int, seconds: float | None, cpu: bool) -> str:
    """A search agent's budget as its ``repr`` writes it: ``iterations=N``, or
    ``seconds=S`` or ``cpu_seconds=S`` when a time budget replaces the iterations.

    >>> from conquian._playouts import budget_text
    >>> budget_text(80, None, False), budget_text(80, 0.5, True)
    ('iterations=80', 'cpu_seconds=0.5')
    """
    if seconds is None:
        return f"iterations={iterations}"
    return f"{'cpu_seconds' if cpu else 'seconds'}={seconds}"


def declined_cards(observation: Observation) -> list[int]:
    """The cards each player declined so far, as a mask a player."""
    declined = [0] * observation.rules.players
    for entry in observation.history:
        if entry.move.__class__ is Decline:
            assert entry.offer is not None  # a decline answers an offer
            declined[entry.player] |= 1 << entry.offer.index
    return declined


def playout(state: State, me: int, policy: Agent, declined: list[int]) -> float:
    """Play ``state`` out with ``policy`` for every player: 1 if ``me`` wins, ½ a draw.

    ``declined`` holds the cards each player declined before ``state`` (a mask a player);
    the playout adds its own declines to a copy. A :class:`HeuristicAgent` policy reads
    card masks (:meth:`~conquian.state.State.seen_cards`) instead of observations, which
    saves about a third of a playout's time; any other policy is given observations."""
    fast = policy if isinstance(policy, HeuristicAgent) else None
    declined = declined.copy()
    while True:
        player = state.to_move
        if player is None:
            outcome = state.outcome
            assert outcome is not None
            if outcome.winner is None:
                return 0.5
            return 1.0 if outcome.winner == me else 0.0
        moves = state.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        elif fast is not None:
            seen = state.seen_cards(player)
            others = 0  # the cards the other players declined
            for seat, cards in enumerate(declined):
                if seat != player:
                    others |= cards
            move = fast.choose_seen(seen, others, moves)
        else:
            move = policy.choose(state.observation(player), moves)
        if move.__class__ is Decline:
            offer = state.offer
            assert offer is not None
            declined[player] |= 1 << offer.index
        state = state.apply_unchecked(move)
