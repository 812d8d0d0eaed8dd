"""A heuristic agent: Greedy's appetite, with an eye on the opponent.

:class:`HeuristicAgent` plays from its :class:`~conquian.state.Observation` alone, in
microseconds, so it is both an opponent between :class:`~conquian.agents.GreedyAgent` and
:class:`~conquian.search.SearchAgent` and the search agent's playout policy. Over Greedy
it adds two things:

* its discard avoids cards that fit the opponent's table (he could take them with nothing
  from his hand, R14a) or that could meld with cards he may hold; cards that are dead or
  on a table cannot complete his melds, and cards near those he declined are safer;
* it forces (R14b) when the opponent declined a card that fits his table while he still
  holds many cards: he then has to give up a hand card he wanted to keep, and his discard
  is offered to the forcer.

>>> from conquian import State
>>> from conquian.agents import GreedyAgent, play_game
>>> from conquian.heuristic import HeuristicAgent
>>> final = play_game(State.new(seed=3), [HeuristicAgent(), GreedyAgent()])
>>> final.outcome is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from conquian import _bits
from conquian.cards import DECK
from conquian.errors import ConquianError
from conquian.moves import Decline, Force, Move, Release, Take
from conquian.state import Observation

__all__ = ["HeuristicAgent"]

_ALL: Final = (1 << len(DECK)) - 1
_USEFUL: Final = 4  # the cost of a discard for each meld it could still make for us
_FEEDS: Final = 16  # the cost of a discard that fits the opponent's table (R14a)
_FORCE_HAND: Final = 5  # force a decliner who holds at least this many cards (R14b)


class HeuristicAgent:
    """Takes like Greedy, discards with the opponent in mind, and forces (R14b).

    It is deterministic (ties go to the earlier legal move) and keeps no state between
    decisions, so one instance may serve any number of games and threads.

    Args:
        force_hand: Force (R14b) an opponent who declined a card fitting his table when
            he holds at least this many hand cards; more than 10 never forces.

    Raises:
        ValueError: ``force_hand`` is not a whole number.
    """

    __slots__ = ("_force_hand",)

    def __init__(self, force_hand: int = _FORCE_HAND) -> None:
        if isinstance(force_hand, bool) or not isinstance(force_hand, int):
            raise ValueError(f"force_hand must be a whole number, not {force_hand!r}")
        self._force_hand = force_hand

    def __repr__(self) -> str:
        return f"HeuristicAgent(force_hand={self._force_hand})"

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The heuristic choice described in the class docstring.

        Raises:
            ConquianError: ``legal_moves`` is empty.
        """
        count = len(legal_moves)
        if count == 0:
            raise ConquianError("no legal move to choose from")
        if count == 1:
            return legal_moves[0]
        me = observation.player
        opponent = 1 - me
        force = next((m for m in legal_moves if isinstance(m, Force)), None)
        if force is not None and observation.hand_sizes[opponent] >= self._force_hand:
            return force
        takes = [move for move in legal_moves if isinstance(move, Take)]
        if takes:
            return self.ranked(observation, takes)[0]
        for move in legal_moves:
            if isinstance(move, Decline | Release):
                return move
        return legal_moves[0]

    def ranked(self, observation: Observation, takes: Sequence[Take]) -> list[Take]:
        """``takes`` best first: going out, then more cards laid, then the cheaper discard
        (least useful to this player, least useful to the opponent).

        >>> from conquian import State, Take
        >>> from conquian.heuristic import HeuristicAgent
        >>> state = State.new(seed=11)
        >>> while not any(isinstance(m, Take) for m in state.legal_moves()):
        ...     state = state.apply(state.legal_moves()[0])
        >>> takes = [m for m in state.legal_moves() if isinstance(m, Take)]
        >>> HeuristicAgent().ranked(state.observation(state.to_move), takes)[0] in takes
        True
        """
        view = _View(observation)
        costs = {}
        for take in takes:
            discard = take.discard
            if discard is not None and discard not in costs:
                costs[discard] = view.discard_cost(discard.index, take.laid_mask)

        def key(take: Take) -> tuple[int, int]:
            if take.discard is None:
                return (100, 0)
            return (len(take.laid), -costs[take.discard])

        return sorted(takes, key=key, reverse=True)


class _View:
    """What the heuristic reads from an observation, as card masks."""

    __slots__ = ("declined", "hand", "melds", "opponent_table", "unseen")

    def __init__(self, observation: Observation) -> None:
        me = observation.player
        opponent = 1 - me
        self.melds = _bits.meld_table(observation.rules.max_sequence)
        self.hand = _bits.mask_of(observation.hand)
        tables = [0, 0]
        for player in (me, opponent):
            for meld in observation.tables[player]:
                tables[player] |= meld.mask
        self.opponent_table = tables[opponent]
        seen = self.hand | tables[0] | tables[1] | _bits.mask_of(observation.dead)
        if observation.offer is not None:
            seen |= 1 << observation.offer.index
        self.unseen = _ALL & ~seen
        declined = 0
        for entry in observation.history:
            if entry.player == opponent and isinstance(entry.move, Decline):
                declined |= 1 << entry.offer.index
        self.declined = declined

    def discard_cost(self, card: int, laid: int) -> int:
        """How much discarding ``card`` (after laying ``laid``) costs: its use to this
        player plus, doubled, its use to the opponent."""
        bit = 1 << card
        melds = self.melds
        mine = (self.hand & ~laid) | self.unseen | bit
        useful = _USEFUL * sum(1 for meld in melds.containing[card] if meld & mine == meld)
        opponent_table = self.opponent_table
        if opponent_table and melds.can_partition(opponent_table | bit):
            return useful + _FEEDS
        # Melds of three the opponent could make with two cards he may hold; less likely
        # when he declined a card of that meld.
        theirs = self.unseen | opponent_table
        danger = 0
        for pair in melds.partners[card]:
            if pair & theirs == pair:
                danger += 0 if pair & self.declined else 1
        return useful + danger
