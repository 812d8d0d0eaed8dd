"""A heuristic agent: Greedy's appetite, with an eye on the opponent.

:class:`HeuristicAgent` plays from its :class:`~conquian.state.Observation` alone, in
microseconds, so it is both an opponent between :class:`~conquian.agents.GreedyAgent` and
:class:`~conquian.search.SearchAgent` and the search agent's playout policy. Over Greedy
it adds three things:

* of the takes that lay the most cards, it keeps the hand with the most *outs*: the
  melds of three that an unseen card would make with cards it holds or has on its table,
  so that more of the cards still to come can be taken (this alone lifts its score
  against :class:`~conquian.agents.RandomAgent` by about six points);
* among equal outs, its discard avoids cards that fit the opponent's table (he could take
  them with nothing from his hand, R14a) or that could meld with cards he may hold; cards
  that are dead or on a table cannot complete his melds, and cards near those he declined
  are safer;
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
from conquian.moves import NO_DISCARD, Decline, Force, Move, Release, Take
from conquian.state import Observation, SeenCards

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
        return self._decide(_View(observation), legal_moves)

    def choose_seen(self, seen: SeenCards, declined: int, legal_moves: Sequence[Move]) -> Move:
        """The choice :meth:`choose` makes, read from card masks instead of an observation.

        This is the fast path of :class:`~conquian.search.SearchAgent`'s playouts (about
        90 µs a decision against 150 µs for :meth:`choose` with the observation built).
        Given the cards the observation's history shows declined, the choice is the same
        as :meth:`choose`'s.

        Args:
            seen: What the player to move sees (:meth:`conquian.state.State.seen_cards`).
            declined: The cards his opponent declined so far, as a mask (bit
                ``card.index`` per card).
            legal_moves: The legal moves.

        Raises:
            ConquianError: ``legal_moves`` is empty.

        >>> from conquian import State
        >>> from conquian.heuristic import HeuristicAgent
        >>> state = State.new(seed=11)
        >>> moves = state.legal_moves()
        >>> agent = HeuristicAgent()
        >>> agent.choose_seen(state.seen_cards(state.to_move), 0, moves) == agent.choose(
        ...     state.observation(state.to_move), moves
        ... )
        True
        """
        count = len(legal_moves)
        if count == 0:
            raise ConquianError("no legal move to choose from")
        if count == 1:
            return legal_moves[0]
        return self._decide(_View.of_seen(seen, declined), legal_moves)

    def _decide(self, view: _View, legal_moves: Sequence[Move]) -> Move:
        """Force, else the best take, else decline or release (legal-move order on ties)."""
        takes: list[Take] = []
        force = out = other = None
        most = -1  # the most cards a take lays
        for move in legal_moves:
            kind = move.__class__
            if kind is Take:
                assert isinstance(move, Take)
                if move.discard_index == NO_DISCARD:
                    out = out or move  # going out (R16) is the best take
                    continue
                laid = move.laid_mask.bit_count()
                if laid >= most:
                    if laid > most:
                        most = laid
                        takes.clear()
                    takes.append(move)
            elif kind is Force:
                force = move
            elif other is None and (kind is Decline or kind is Release):
                other = move
        # Of the takes that lay the most cards, the one that leaves the most outs, then
        # the one with the cheapest discard (only these takes are weighed: weighing is
        # most of the heuristic's time, and a discard is priced only on equal outs).
        best = takes[0] if len(takes) == 1 else None  # a lone take needs no weighing
        best_outs = best_cost = 0
        outs_of: dict[int, int] = {}  # by discard: the outs do not depend on what is laid
        for take in takes if len(takes) > 1 else ():
            discard = take.discard_index
            outs = outs_of.get(discard)
            if outs is None:
                outs = outs_of[discard] = view.outs(discard)
            if best is not None and outs < best_outs:
                continue
            cost = view.discard_cost(discard, take.laid_mask)
            if best is None or outs > best_outs or cost < best_cost:
                best, best_outs, best_cost = take, outs, cost
        if force is not None and view.opponent_hand >= self._force_hand:
            return force
        if out is not None:
            return out
        if best is not None:
            return best
        return other if other is not None else legal_moves[0]

    def ranked(self, observation: Observation, takes: Sequence[Take]) -> list[Take]:
        """``takes`` best first: going out, then more cards laid, then more outs left, then
        the cheaper discard (least useful to this player, least useful to the opponent).

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

        def key(take: Take) -> tuple[int, int, int]:
            if take.discard_index == NO_DISCARD:
                return (100, 0, 0)
            return (
                take.laid_mask.bit_count(),
                view.outs(take.discard_index),
                -view.discard_cost(take.discard_index, take.laid_mask),
            )

        return sorted(takes, key=key, reverse=True)


class _View:
    """What the heuristic reads from an observation, as card masks."""

    __slots__ = (
        "declined",
        "hand",
        "melds",
        "offer",
        "opponent_hand",
        "opponent_table",
        "table",
        "unseen",
    )

    def __init__(self, observation: Observation) -> None:
        me = observation.player
        opponent = 1 - me
        self.melds = _bits.meld_table(observation.rules.max_sequence)
        self.hand = _bits.mask_of(observation.hand)
        self.opponent_hand = observation.hand_sizes[opponent]
        tables = [0, 0]
        for player in (me, opponent):
            for meld in observation.tables[player]:
                tables[player] |= meld.mask
        self.table = tables[me]
        self.opponent_table = tables[opponent]
        seen = self.hand | tables[0] | tables[1] | _bits.mask_of(observation.dead)
        self.offer = 0
        if observation.offer is not None:
            self.offer = 1 << observation.offer.index
            seen |= self.offer
        self.unseen = _ALL & ~seen
        declined = 0
        for entry in observation.history:
            if entry.player == opponent and isinstance(entry.move, Decline):
                declined |= 1 << entry.offer.index
        self.declined = declined

    @classmethod
    def of_seen(cls, seen: SeenCards, declined: int) -> _View:
        """The view of a player who sees ``seen`` and whose opponent declined ``declined``."""
        view = cls.__new__(cls)
        view.melds = _bits.meld_table(seen.max_sequence)
        view.hand = seen.hand
        view.table = seen.table
        view.offer = 0 if seen.offer < 0 else 1 << seen.offer
        view.opponent_hand = seen.opponent_hand
        view.opponent_table = seen.opponent_table
        view.unseen = seen.unseen
        view.declined = declined
        return view

    def outs(self, card: int) -> int:
        """The outs left by a take that discards ``card``: for each unseen card, how many
        melds of three it would make with two of the player's other cards, in hand or on
        the table, the offered card counted on the table (which cards a take lays changes
        nothing here). A longer meld or a group of four holds such a three, so no meld is
        missed; a card that would complete two melds counts twice."""
        mine = (self.table | self.offer | self.hand) & ~(1 << card)
        partners = self.melds.partners
        outs = 0
        for index in _bits.indices(self.unseen):
            for pair in partners[index]:
                if pair & mine == pair:
                    outs += 1
        return outs

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
