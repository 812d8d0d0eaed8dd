"""A heuristic agent: the take that brings it nearest to going out, with an eye on the
opponent.

:class:`HeuristicAgent` plays from its :class:`~conquian.state.Observation` alone, in under
half a millisecond, so it is both an opponent between :class:`~conquian.agents.GreedyAgent`
and :class:`~conquian.search.SearchAgent` and the search agent's playout policy. Where
Greedy takes whatever lays the most cards, it:

* weighs each take by its *meld plans*: sets of melds of the cards that go out (R16: 11
  in the classic game, one more than the hand size) that hold its whole table (R6) and
  whose other cards are still unseen, counting only melds that takes can build (a taken
  card goes in a meld at once, R11). It plays the take whose discard keeps the most of
  its cards (ten in the classic game) in a plan (each missing card is one more take), then
  the one that leaves the most unseen cards takeable toward such a plan, then the most
  *outs* (the melds of three an unseen card would make with two of its cards);
* declines the offered card unless a take brings it nearer to going out (a hand that
  waits for one card is not broken up for a card that does not go out, and a take that
  only trades one plan for another as near would lay cards for good and hand the
  opponent a discard);
* lays as few hand cards as a take allows: a hand card can still be discarded later, a
  table card never leaves the table (R6);
* never discards a card that fits an opponent's table (he could take it with nothing
  from his hand, R14a; with an empty hand he goes out with it, R17), whatever his hand
  size, while it has a legal move that does not, such as declining (see
  :func:`~conquian.agents.without_gifts`): it weighs only the other moves;
* among equal takes, discards the card least useful to the opponent: not one that could
  meld with cards he may hold; cards that are dead or on a table cannot complete his
  melds, and cards near those he declined are safer;
* forces (R14b) when the opponent declined a card that fits his table while he still
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

from conquian import _bits, _plans
from conquian._agents import check_arguments, least_useful_give, without_gifts
from conquian._slots import set_slots_state, slots_state
from conquian.cards import DECK
from conquian.errors import ConquianError, describe
from conquian.moves import NO_DISCARD, Decline, Force, Move, Release, Take
from conquian.state import Observation, SeenCards

__all__ = ["HeuristicAgent"]

_ALL: Final = (1 << len(DECK)) - 1
_USEFUL: Final = 4  # the cost of a discard for each meld it could still make for us
_FEEDS: Final = 16  # the cost of a discard that fits the opponent's table (R14a)
_FORCE_HAND: Final = 5  # force a decliner who holds at least this many cards (R14b)
_OUT_KEY: Final = 99  # ranks a take that goes out above every prospect


class HeuristicAgent:
    """Takes what brings it nearest to going out, discards with the opponent in mind, and
    forces (R14b).

    It is deterministic (ties go to the earlier legal move) and keeps no state between
    decisions, so one instance may serve any number of games and threads.

    Args:
        force_hand: Force (R14b) an opponent who declined a card fitting his table when
            he holds at least this many hand cards; more than 10 never forces.

    Raises:
        ValueError: ``force_hand`` is not a whole number.
    """

    __slots__ = ("_force_hand",)
    __getstate__ = slots_state  # pickles under every protocol (0 and 1 need these)
    __setstate__ = set_slots_state

    def __init__(self, force_hand: int = _FORCE_HAND) -> None:
        if isinstance(force_hand, bool) or not isinstance(force_hand, int):
            raise ValueError(f"force_hand must be a whole number, not {describe(force_hand)}")
        self._force_hand = force_hand

    def __repr__(self) -> str:
        return f"HeuristicAgent(force_hand={self._force_hand})"

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The heuristic choice described in the class docstring.

        Raises:
            TypeError: ``observation`` is not an Observation, or ``legal_moves`` is not a
                sequence.
            ConquianError: ``legal_moves`` is empty.
            IllegalMoveError: A move of ``legal_moves`` is not legal for the observing
                player in the observed position.
        """
        check_arguments(observation, legal_moves)
        give = least_useful_give(observation, legal_moves)  # M10: the opening exchange
        if give is not None:
            return give
        legal_moves = without_gifts(observation, legal_moves)  # R14a judged as V2 allows
        if len(legal_moves) == 1:
            return legal_moves[0]
        return self._decide(_View(observation), legal_moves)

    def choose_seen(self, seen: SeenCards, declined: int, legal_moves: Sequence[Move]) -> Move:
        """The choice :meth:`choose` makes, read from card masks instead of an observation.

        This is the fast path of :class:`~conquian.search.SearchAgent`'s playouts: reading
        :meth:`~conquian.state.State.seen_cards` costs about a third of building an
        observation.
        Given the cards the observation's history shows declined, the choice is the same
        as :meth:`choose`'s, except under regrouping ``borrow`` or ``none`` (V2): masks do
        not say how the opponent's table is split, so a discard is judged to fit his table
        (R14a) when it would under free regrouping, which only ever keeps more cards back.
        The moves are not checked (this is the playouts' hot path).

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
        """Force, else go out, else the take with the best prospect unless declining keeps
        one as good, else decline or release (legal-move order on ties). A take whose
        discard fits an opponent's table (R14a, judged under free regrouping) is played
        only when every move is such a take."""
        force = out = other = best = None
        best_key: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
        gifts: list[Take] = []
        careful = bool(view.opponent_tables)  # an empty table fits no card (R14a)
        for move in legal_moves:
            kind = move.__class__
            if kind is Take:
                assert isinstance(move, Take)
                discard = move.discard_index
                if discard == NO_DISCARD:
                    out = out or move  # going out (R16) is the best take
                    continue
                if careful and view.feeds(discard):
                    gifts.append(move)  # R14a: he could take it with nothing from his hand
                    continue
                if best is not None and view.prospect(discard) < best_key[:2]:
                    continue  # weighing the rest is most of the time: only on a tie
                key = view.take_key(move)
                if best is None or key > best_key:
                    best, best_key = move, key
            elif kind is Force:
                force = move
            elif other is None and (kind is Decline or kind is Release):
                other = move
        if force is not None and view.forced_hand_size >= self._force_hand:
            return force
        if out is not None:
            return out
        if best is None:
            if other is not None:
                return other
            if force is not None:
                return force
            for move in legal_moves:
                if move.__class__ is not Take:
                    return move  # a lay-down (V3) offers nothing
            if gifts:  # every move is a take that offers a card fitting his table
                return max(gifts, key=view.take_key)
            return legal_moves[0]
        if other is not None and view.standing() >= best_key[:2]:
            return other  # no take brings the player nearer to going out
        return best

    def ranked(self, observation: Observation, takes: Sequence[Take]) -> list[Take]:
        """``takes`` best first, in the order the heuristic weighs them: going out (R16),
        then the best prospect (the most of the player's cards kept by a meld plan, then
        the most unseen cards that take him a step nearer), then more outs of three, then
        fewer cards laid (hand cards stay free to discard), then the cheaper discard (least
        useful to this player, least useful to the opponent).

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
        return sorted(takes, key=view.take_key, reverse=True)


class _View:
    """What the heuristic reads from an observation, as card masks."""

    __slots__ = (
        "declined",
        "forced_hand_size",
        "gifts",
        "hand",
        "melds",
        "offer",
        "opponent_table",
        "opponent_tables",
        "out",
        "outs_left",
        "prospects",
        "table",
        "unseen",
    )

    def __init__(self, observation: Observation) -> None:
        me = observation.player
        players = observation.rules.players
        self.melds = _bits.meld_table(observation.rules.max_sequence)
        self.out = observation.rules.cards_to_go_out
        self.hand = _bits.mask_of(observation.hand)
        tables = [0] * players
        for player, table in enumerate(observation.tables):
            for meld in table:
                tables[player] |= meld.mask
        seen = self.hand | _bits.mask_of(observation.dead)
        for table_mask in tables:
            seen |= table_mask
        self.offer = 0
        if observation.offer is not None:
            self.offer = 1 << observation.offer.index
            seen |= self.offer
        declined = 0
        for entry in observation.history:
            if entry.player != me and isinstance(entry.move, Decline):
                assert entry.offer is not None  # a decline answers an offer
                declined |= 1 << entry.offer.index
        self._fill(me, observation.hand_sizes, tuple(tables), _ALL & ~seen, declined)

    @classmethod
    def of_seen(cls, seen: SeenCards, declined: int) -> _View:
        """The view of a player who sees ``seen`` and whose opponents declined ``declined``."""
        view = cls.__new__(cls)
        view.melds = _bits.meld_table(seen.max_sequence)
        view.out = seen.cards_to_go_out
        view.hand = seen.hand
        view.offer = 0 if seen.offer < 0 else 1 << seen.offer
        view._fill(seen.player, seen.hand_sizes, seen.tables, seen.unseen, declined)
        return view

    def _fill(
        self,
        me: int,
        hand_sizes: tuple[int, ...],
        tables: tuple[int, ...],
        unseen: int,
        declined: int,
    ) -> None:
        """The fields read from the players' hand sizes and tables, by seat (M1)."""
        self.table = tables[me]
        self.unseen = unseen
        self.declined = declined
        self.prospects: dict[int, tuple[int, int]] = {}  # by discard
        self.outs_left: dict[int, int] = {}  # by discard
        self.gifts: dict[int, bool] = {}  # by discard
        self.opponent_tables: tuple[int, ...]
        players = len(tables)
        if players == 2:  # the hot path of two-player playouts
            other = 1 - me
            table = tables[other]
            self.opponent_table = table
            self.opponent_tables = (table,) if table else ()
            self.forced_hand_size = hand_sizes[other]
            return
        opponents = [(me + step) % players for step in range(1, players)]
        self.opponent_tables = tuple(tables[p] for p in opponents if tables[p])
        union = 0
        for table in self.opponent_tables:
            union |= table
        self.opponent_table = union
        self.forced_hand_size = hand_sizes[(me - 1) % players]  # M6: he declined

    def prospect(self, card: int) -> tuple[int, int]:
        """How near a take that discards ``card`` leaves the player to going out: the cards
        his best meld plans keep, and the unseen cards takeable toward them (which cards
        the take lays changes neither)."""
        found = self.prospects.get(card)
        if found is None:
            cards = (self.hand | self.table | self.offer) & ~(1 << card)
            found = self.prospects[card] = _plans.prospect(
                self.melds.max_sequence, self.out, cards, self.table | self.offer, self.unseen
            )
        return found

    def feeds(self, card: int) -> bool:
        """Whether ``card`` fits an opponent's table (R14a), judged under free regrouping:
        under V2 ``borrow`` or ``none`` a card fits less often, so this is the careful
        side (:func:`~conquian.agents.without_gifts` judges exactly)."""
        found = self.gifts.get(card)
        if found is None:
            bit = 1 << card
            partition = self.melds.can_partition
            found = self.gifts[card] = any(partition(t | bit) for t in self.opponent_tables)
        return found

    def standing(self) -> tuple[int, int]:
        """The prospect of declining: the player's cards as they are, without the offer
        (which then dies or goes to the opponent)."""
        return _plans.prospect(
            self.melds.max_sequence, self.out, self.hand | self.table, self.table, self.unseen
        )

    def take_key(self, take: Take) -> tuple[int, int, int, int, int]:
        """How good ``take`` is, compared as a tuple (more is better; see
        :meth:`HeuristicAgent.ranked`)."""
        discard = take.discard_index
        if discard == NO_DISCARD:
            return (_OUT_KEY, 0, 0, 0, 0)
        outs = self.outs_left.get(discard)
        if outs is None:
            outs = self.outs_left[discard] = self.outs(discard)
        laid = take.laid_mask
        cost = self.discard_cost(discard, laid)
        return (*self.prospect(discard), outs, -laid.bit_count(), -cost)

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
        player (4 for each meld it could still make with his cards and unseen ones) plus
        its use to the opponent: 16 when it fits his table (R14a; judged under free
        regrouping, an approximation under V2 ``borrow`` or ``none``), else 1 for each pair
        of cards he may hold that it would make a meld of three with, unless he declined
        one of them."""
        bit = 1 << card
        melds = self.melds
        mine = (self.hand & ~laid) | self.unseen | bit
        useful = _USEFUL * sum(1 for meld in melds.containing[card] if meld & mine == meld)
        opponent_table = self.opponent_table
        if self.feeds(card):
            return useful + _FEEDS
        # Melds of three the opponent could make with two cards he may hold; less likely
        # when he declined a card of that meld.
        theirs = self.unseen | opponent_table
        danger = 0
        for pair in melds.partners[card]:
            if pair & theirs == pair:
                danger += 0 if pair & self.declined else 1
        return useful + danger
