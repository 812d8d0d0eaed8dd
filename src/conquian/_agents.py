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
from conquian.errors import ConquianError, IllegalMoveError, describe
from conquian.melds import fits_mask
from conquian.moves import NO_DISCARD, Decline, Give, LegalMoves, Move, Release, Take
from conquian.rules import Regrouping
from conquian.state import Observation, State

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "play_game", "without_gifts"]


@runtime_checkable
class Agent(Protocol):
    """Chooses one of the legal moves, seeing only its player's observation."""

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """Return one of ``legal_moves``."""
        ...


class RandomAgent:
    """Chooses uniformly at random, reproducibly from its seed (on every machine).

    It is the uniform baseline, so the no-gift rule of the other built-in agents
    (:func:`without_gifts`) does not apply to it: it may discard a card that fits an
    opponent's table (R14a) while another move is legal.

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

        Unlike the other built-in agents it may discard a card that fits an opponent's
        table (R14a) while another move is legal: it plays every legal move alike.

        Raises:
            TypeError: ``observation`` is not an Observation, or ``legal_moves`` is not a
                sequence.
            ConquianError: ``legal_moves`` is empty.
            IllegalMoveError: A move of ``legal_moves`` is not legal for the observing
                player in the observed position.
        """
        check_arguments(observation, legal_moves)
        return legal_moves[self._rng.below(len(legal_moves))]


class GreedyAgent:
    """Takes whenever it can, laying down as many cards as possible, and discards the card
    least likely to help it; declines otherwise, and never forces.

    It never discards a card that fits an opponent's table (R14a: he could take it with
    nothing from his hand) while it has a legal move that does not (see
    :func:`without_gifts`): it chooses among those moves, the best take of them if there
    is one, else declines. Ties are broken by the order of the legal moves, so it is
    deterministic.
    """

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The greedy choice described above.

        Raises:
            TypeError: ``observation`` is not an Observation (such as a State: an agent
                sees only its player's view), or ``legal_moves`` is not a sequence.
            ConquianError: ``legal_moves`` is empty.
            IllegalMoveError: A move of ``legal_moves`` is not legal for the observing
                player in the observed position.
        """
        check_arguments(observation, legal_moves)
        give = least_useful_give(observation, legal_moves)  # M10: the opening exchange
        if give is not None:
            return give
        legal_moves = without_gifts(observation, legal_moves)
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
    State, which would show the agent hidden cards) and a non-empty sequence of moves (not
    text), each of them legal for the observing player in the observed position (an
    agent given another position's moves refuses them rather than return one).

    The moves may be any of the legal moves, in any order (a search agent hands its
    policy a few of them).

    Raises:
        TypeError: Either is of the wrong kind.
        ConquianError: ``legal_moves`` is empty.
        IllegalMoveError: A move is not legal there; the error is the one
            :meth:`Observation.refusal <conquian.observation.Observation.refusal>` gives
            (the first such move's), its ``problem`` says why.

    >>> from conquian import IllegalMoveError, State, parse_move
    >>> from conquian.agents import check_arguments
    >>> view = State.new(seed=0).observation(1)
    >>> check_arguments(view, view.legal_moves())
    >>> try:
    ...     check_arguments(view, [parse_move("take +3d -Kh")])
    ... except IllegalMoveError as error:
    ...     print(error.problem)
    MoveProblem.NOT_MELDS
    """
    if not isinstance(observation, Observation):
        raise TypeError(
            f"observation must be an Observation (state.observation(player)), "
            f"not {describe(observation)}"
        )
    if isinstance(legal_moves, str | bytes) or not isinstance(legal_moves, Sequence):
        raise TypeError(f"legal_moves must be a sequence of moves, not {describe(legal_moves)}")
    if not legal_moves:
        raise ConquianError("no legal move to choose from")
    legal = observation.legal_moves()
    if isinstance(legal_moves, LegalMoves) and legal_moves == legal:
        return  # the usual call, all of them: compared without building a take
    for move in legal_moves:
        if move not in legal:
            raise _refusal(observation, move)


def _refusal(observation: Observation, move: object) -> IllegalMoveError:
    """The error that refuses ``move``, which is not among the observation's legal moves."""
    error = observation.refusal(move) if isinstance(move, Move) else None
    if error is None:
        return IllegalMoveError(f"{describe(move)} is not a legal move here")
    return error.reworded(f"{move} is not a legal move here: {error}")


def least_useful_give(observation: Observation, legal_moves: Sequence[Move]) -> Move | None:
    """In the opening exchange (M10), the give of the hand card least useful to the
    player, and then to the receiver (the next player); ``None`` when ``legal_moves``
    holds no give. What the built-in agents give; the exchange is not searched.

    A card's use is counted over the melds of three it makes with two other cards, each
    in the player's hand or unseen (a longer meld holds such a three): a meld whose two
    other cards are in his hand counts 4, one with one of them in his hand 1. On a tie the
    card in fewer such melds with two unseen cards goes (the receiver may hold both), then
    the lowest card. (Tables are empty at the exchange, so no give fits one, R14a.) Against
    the heuristic agent giving the card in the fewest melds of any size, the heuristic
    with this give scored 51.7% over 1,500 deals of ``mexican,exchange:true`` played twice,
    and 37.9% (a third is even) over 500 deals of ``tercerilla,exchange:true`` played in
    the three seatings.

    >>> from conquian import Rules, State
    >>> from conquian.agents import least_useful_give
    >>> state = State.new(seed=7, rules=Rules(exchange=True))
    >>> print(least_useful_give(state.observation(1), state.legal_moves()))
    give Qc
    """
    gives = [move for move in legal_moves if isinstance(move, Give) and move.card is not None]
    if not gives:
        return None
    partners = _bits.meld_table(observation.rules.max_sequence).partners
    hand = _bits.mask_of(observation.hand)
    unseen = _bits.mask_of(observation.unseen)

    def usefulness(move: Give) -> tuple[int, int, int]:
        assert move.card is not None
        card = move.card.index
        mine = hand & ~(1 << card)
        own = shared = 0
        for pair in partners[card]:  # the two cards of each meld of three with the card
            if pair & ~(mine | unseen):
                continue  # one of them is out of play or on a table
            held = (pair & mine).bit_count()
            own += 4 if held == 2 else held
            shared += pair & unseen == pair
        return own, shared, card

    return min(gives, key=usefulness)


def without_gifts(observation: Observation, legal_moves: Sequence[Move]) -> Sequence[Move]:
    """The moves that offer no opponent a card fitting his table: the moves other than the
    takes whose discard fits an opponent's table (R14a), whatever his hand size; all the
    moves when every one is such a take.

    A take's discard is offered to the opponent (with three players, to each other player
    in turn, M4); when it fits his table (R14a, judged as the rules regroup it, V2) he may
    take it with nothing from his hand, and with an empty hand that goes out (R16, R17).
    A move with no discard offers nothing: a decline, a force or a release, a take that
    goes out (R16), a lay-down (V3), a give (M10). :class:`GreedyAgent`,
    :class:`~conquian.heuristic.HeuristicAgent` and :class:`~conquian.search.SearchAgent`
    choose among these moves, so none of them hands an opponent such a card while a move
    that does not exists (a decline always does, in an offer; only a forced player, R14b,
    may have nothing but such takes). :class:`RandomAgent` does not apply it.

    >>> from conquian import State, parse_move
    >>> from conquian.agents import without_gifts
    >>> state = State.parse(
    ...     "conquian/1 rules=classic dealer=0 ply=19 phase=offer to_move=1 offer=7h"
    ...     " from=discard:0 stock=2c6c2d4h3h5h6s3s3c5cKd5s7c hand0=- hand1=Qc6hAs"
    ...     " table0=KcKhKs.4d5d6d7d.QdQhQs table1=AcAdAh.JcJdJhJs dead=4s2h2s4c3d7s"
    ...     " result=-"
    ... )
    >>> [str(move) for move in without_gifts(state.observation(1), state.legal_moves())]
    ['take +6h -As', 'decline']
    """
    me = observation.player
    opponents = [p for p in range(observation.rules.players) if p != me]
    feeds = _Gifts(observation, opponents).feeds
    kept = [
        move for move in legal_moves if not isinstance(move, Take) or not feeds(move.discard_index)
    ]
    return legal_moves if not kept or len(kept) == len(legal_moves) else kept


class _Gifts:
    """Which discards fit the table of one of some opponents (R14a, by
    :func:`~conquian.melds.fits_mask`), each worked out once."""

    __slots__ = ("_found", "_melds", "_rules", "_tables")

    def __init__(self, observation: Observation, opponents: Sequence[int]) -> None:
        rules = observation.rules
        self._rules = rules
        self._melds = _bits.meld_table(rules.max_sequence)
        tables = []
        for opponent in opponents:
            melds = observation.tables[opponent]
            table = 0
            for meld in melds:
                table |= meld.mask
            if table:  # an empty table fits no card
                arrangement = (
                    None
                    if rules.regrouping is Regrouping.FREE
                    else _bits.arrangement(meld.mask for meld in melds)
                )
                tables.append((table, arrangement))
        self._tables = tables
        self._found: dict[int, bool] = {}

    def feeds(self, card: int) -> bool:
        """Whether discarding card index ``card`` offers one of the opponents a card
        fitting his table; never for ``NO_DISCARD`` (going out) or empty tables."""
        if card == NO_DISCARD or not self._tables:
            return False
        found = self._found.get(card)
        if found is None:
            found = self._found[card] = any(
                fits_mask(self._melds, table, card, arrangement, self._rules)
                for table, arrangement in self._tables
            )
        return found


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

    ``agents`` holds one agent a player: two, or three in a game of three players (M1).

    Raises:
        TypeError: ``state`` is not a State, or ``agents`` is not a sequence of one agent
            a player (values with a ``choose`` method).
        IllegalMoveError: An agent chose a move that is not legal.

    >>> from conquian import State, TERCERILLA
    >>> from conquian.agents import GreedyAgent, HeuristicAgent, RandomAgent, play_game
    >>> final = play_game(
    ...     State.new(seed=3, rules=TERCERILLA), [HeuristicAgent(), GreedyAgent(), RandomAgent(3)]
    ... )
    >>> final.outcome is not None
    True
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a State, not {describe(state)}")
    players = state.players
    if not isinstance(agents, Sequence) or len(agents) != players:
        count = "two" if players == 2 else "three"
        raise TypeError(
            f"agents must be a sequence of {count} agents (one a player), not {describe(agents)}"
        )
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
