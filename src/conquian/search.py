"""A search agent: determinized Monte Carlo search over the cards its player cannot see.

:class:`SearchAgent` sees only its :class:`~conquian.state.Observation`. For each
decision with more than one legal move it repeatedly samples a *world*: a full position
that agrees with everything its player has seen (his hand, every table, the offered card,
the dead cards, every hand size and the stock size), with the unseen cards dealt at random
between the other players' hands and the stock (both opponents' hands with three players,
M1). In each world it plays every candidate move and then the rest of the game with a
fast playout policy (:class:`~conquian.heuristic.HeuristicAgent` for every player), and
scores the end: a win 1, a draw ½, a loss 0. Every candidate is played in the same
worlds, so their scores differ by the move, not by the luck of the sample. The search
builds on its policy: it plays the policy's own move unless another
candidate beats it, world by world, by more than one standard error of that gain.

The true hidden cards never enter the search: the agent rebuilds each world from the
observation's own position text, so two states that give the same observation give the
same worlds, and the same move for the same seed.

>>> from conquian import State
>>> from conquian.agents import GreedyAgent, play_game
>>> from conquian.search import SearchAgent
>>> agent = SearchAgent(seed=1, iterations=40)
>>> final = play_game(State.new(seed=3), [agent, GreedyAgent()])
>>> final.outcome is not None
True
"""

from __future__ import annotations

import copy
import hashlib
import math
import time
from collections.abc import Sequence
from typing import Final

from conquian import _position
from conquian._agents import Agent, check_arguments, least_useful_give, without_gifts
from conquian._playouts import budget_text, check_search_arguments, declined_cards, playout
from conquian._rng import SplitMix64
from conquian._slots import set_slots_state, slots_state
from conquian.cards import DECK, Card
from conquian.dealing import check_seed
from conquian.errors import ConquianError, describe
from conquian.heuristic import HeuristicAgent
from conquian.moves import Decline, Give, Move, Take
from conquian.phases import next_player
from conquian.state import Observation, State

__all__ = ["DEFAULT_ITERATIONS", "SearchAgent", "sample_world"]

DEFAULT_ITERATIONS: Final = 80
"""The playouts of a decision by default, chosen so that the median decision with a choice
takes under 100 ms on the development machine (see the benchmark)."""
_MAX_TAKES: Final = 4  # takes searched: the heuristic's best few
_CARD_TEXT: Final = tuple(str(card) for card in DECK)


class SearchAgent:
    """Determinized Monte Carlo search over the unseen cards (see the module docstring).

    Args:
        seed: The agent's seed (0 to 2**64 - 1). A decision depends only on the seed, the
            observation and the budget, so the agent is reproducible and may be shared
            by games and threads, as long as its policy keeps no state between decisions
            (the default, :class:`~conquian.heuristic.HeuristicAgent`, keeps none; a
            :class:`~conquian.agents.RandomAgent` policy draws from one stream, so its
            decisions depend on the ones before).
        iterations: Playouts per decision (the budget), at least 1; split evenly among the
            candidate moves, a world at a time (every candidate is played in every world).
        seconds: If given, a time budget instead: playouts continue, a world at a time,
            until this many seconds have passed (not reproducible; at least one world;
            at most an hour).
        cpu_seconds: If given, a budget of CPU time instead: playouts continue, a world at
            a time, until the calling thread has spent this many seconds of CPU time on
            the decision (``time.thread_time()``; fair between agents on a shared
            machine, but not reproducible; at least one world; at most an hour).
        max_takes: How many takes are searched besides the policy's move: the best few by
            the heuristic's ranking, each with another discard (every other kind of move
            is always searched).
        policy: The playout policy for both players, whose own choice the search keeps
            unless the playouts find a better move (default
            :class:`~conquian.heuristic.HeuristicAgent`).

    Raises:
        ValueError: A budget or seed out of range, or of the wrong type.
        TypeError: ``policy`` is not an agent.

    >>> from conquian.search import SearchAgent
    >>> SearchAgent(seed=7, iterations=100)
    SearchAgent(seed=7, iterations=100)
    """

    __slots__ = ("_cpu", "_iterations", "_max_takes", "_policy", "_seconds", "_seed")
    __getstate__ = slots_state  # pickles under every protocol (0 and 1 need these)
    __setstate__ = set_slots_state

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        cpu_seconds: float | None = None,
        max_takes: int = _MAX_TAKES,
        policy: Agent | None = None,
    ) -> None:
        check_search_arguments(seed, iterations, seconds, cpu_seconds, max_takes)
        if policy is not None and (isinstance(policy, type) or not isinstance(policy, Agent)):
            raise TypeError(
                f"policy must be an agent, with a choose method, not {describe(policy)}"
            )
        self._seed = seed
        self._iterations = iterations
        self._seconds = seconds if cpu_seconds is None else cpu_seconds
        self._cpu = cpu_seconds is not None  # the budget is CPU time, not the clock's
        self._max_takes = max_takes
        self._policy: Agent = policy if policy is not None else HeuristicAgent()

    def __copy__(self) -> SearchAgent:
        """A copy with a copy of its policy: a policy that keeps a stream of draws (a
        RandomAgent) is not shared with the original."""
        other = type(self).__new__(type(self))
        other.__setstate__(self.__getstate__())
        other._policy = copy.copy(self._policy)
        return other

    def __repr__(self) -> str:
        budget = budget_text(self._iterations, self._seconds, self._cpu)
        return f"SearchAgent(seed={self._seed}, {budget})"

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The policy's move, unless another candidate scores better over the same worlds.

        Only the moves :func:`~conquian.agents.without_gifts` keeps are weighed: no take
        whose discard fits an opponent's table (R14a) while another move is legal, whatever
        his hand size. A single legal move, or a take that goes out (R16), is returned at
        once. Otherwise every candidate is played out in each sampled world, and a
        candidate replaces the policy's own move only when its mean gain over it, world by
        world, is more than one standard error of that gain: a search too small to tell the
        moves apart plays like its policy.

        Raises:
            TypeError: ``observation`` is not an Observation, or ``legal_moves`` is not a
                sequence.
            ConquianError: ``legal_moves`` is empty, or the playout policy chose a move
                that is not one of the moves it was given.
            IllegalMoveError: A move of ``legal_moves`` is not legal for the observing
                player in the observed position (such as another deal's moves, or any move
                when the game is over or it is the opponent's turn).
        """
        check_arguments(observation, legal_moves)
        give = least_useful_give(observation, legal_moves)  # M10: the exchange is not searched
        if give is not None:
            return give
        # R14a: no discard that fits an opponent's table while another move is legal,
        # whatever his hand size; the policy and the candidates get only these moves.
        legal_moves = without_gifts(observation, legal_moves)
        if len(legal_moves) == 1:
            return legal_moves[0]
        for move in legal_moves:
            if isinstance(move, Take) and move.goes_out:
                return move  # R16: going out wins at once
        policy = self._policy
        default = policy.choose(observation, legal_moves)
        if default not in legal_moves:
            raise ConquianError(
                f"the playout policy chose {default}, which is not one of the moves it was given"
            )
        candidates = self._candidates(observation, legal_moves, default)
        if len(candidates) == 1:
            return default
        base = candidates.index(default)
        gains = [0.0] * len(candidates)  # the sums of the gains over the default, world by world
        squares = [0.0] * len(candidates)  # and of their squares
        worlds = self._worlds(observation)
        me = observation.player
        assert observation.offer is not None
        offer_index = observation.offer.index
        clock = time.thread_time if self._cpu else time.perf_counter
        deadline = None if self._seconds is None else clock() + self._seconds
        declined = declined_cards(observation)
        count = played = 0
        scores = [0.0] * len(candidates)
        while True:
            world = worlds.sample()
            for i, move in enumerate(candidates):
                after = declined
                if move.__class__ is Decline:
                    after = declined.copy()
                    after[me] |= 1 << offer_index
                scores[i] = playout(world.apply_unchecked(move), me, policy, after)
            for i, score in enumerate(scores):
                gain = score - scores[base]
                gains[i] += gain
                squares[i] += gain * gain
            count += 1
            played += len(candidates)
            if deadline is None:
                if played >= self._iterations:
                    break
            elif clock() >= deadline:
                break
        chosen, best = base, 0.0
        if count > 1:
            for i, total in enumerate(gains):
                mean = total / count
                error = math.sqrt(max(squares[i] - total * mean, 0.0) / (count - 1) / count)
                if mean > error and mean > best:
                    chosen, best = i, mean
        return candidates[chosen]

    def _worlds(self, observation: Observation) -> _Worlds:
        """The worlds of one decision, each drawn by ``sample()``: the unseen cards dealt at
        random (``benchmarks/search_knowledge.py`` deals them from what it knows instead, to
        measure what knowing them is worth)."""
        return _Worlds(observation, self._seed)

    def _candidates(
        self, observation: Observation, legal_moves: Sequence[Move], default: Move
    ) -> list[Move]:
        """The moves searched, in legal-move order: the policy's own move, every move that
        is not a take, and the heuristic's best few takes, one for each discard (the takes
        that discard the same card differ only in what they lay)."""
        takes = [move for move in legal_moves if isinstance(move, Take)]
        kept: set[Move] = {default}
        discards: set[int] = set()
        for take in HeuristicAgent().ranked(observation, takes):
            if len(discards) == self._max_takes:
                break
            if take.discard_index not in discards:
                discards.add(take.discard_index)
                kept.add(take)
        return [move for move in legal_moves if not isinstance(move, Take) or move in kept]


def sample_world(observation: Observation, seed: int) -> State:
    """A full position that agrees with ``observation``, the unseen cards dealt at random.

    The observing player's hand, every table, the offered card, the dead cards, the hand
    sizes and the stock size are the observation's; the cards the player has not seen are
    shuffled (from ``seed`` and the observation) between the other players' hands (each
    of its size; both opponents' with three players) and the stock. This is how
    :class:`SearchAgent` samples its worlds. The world has no history.

    Args:
        observation: What one player may know, in a game that is not over.
        seed: A whole number from 0 to 2**64 - 1.

    Raises:
        ConquianError: The game is over.
        ValueError: ``seed`` is out of range.

    >>> from conquian import State
    >>> from conquian.search import sample_world
    >>> state = State.new(seed=5)
    >>> world = sample_world(state.observation(1), seed=2)
    >>> (
    ...     world.hands[1] == state.hands[1],
    ...     world.observation(1).to_notation() == (state.observation(1).to_notation()),
    ... )
    (True, True)
    """
    check_seed(seed, "seed")
    if observation.offer is None:
        raise ConquianError("the game is over: there is no hidden card to deal")
    return _Worlds(observation, seed).sample()


class _Worlds:
    """Positions that agree with an observation, the unseen cards dealt at random."""

    __slots__ = (
        "_free",
        "_head",
        "_known",
        "_mine",
        "_opponent_size",
        "_opponents",
        "_rng",
        "_tail",
        "_unseen",
    )

    def __init__(self, observation: Observation, seed: int) -> None:
        me = observation.player
        view = observation.to_notation()
        digest = int.from_bytes(hashlib.blake2b(view.encode(), digest_size=8).digest(), "big")
        self._rng = SplitMix64(seed ^ digest)
        self._unseen = sorted(card.index for card in observation.unseen)
        # The other players, in seat order, with their hand sizes (M1): the shuffled
        # unseen cards go to their hands in this order, then to the stock.
        self._opponents = tuple(
            (player, size) for player, size in enumerate(observation.hand_sizes) if player != me
        )
        self._opponent_size = sum(size for _, size in self._opponents)  # cards in other hands
        # M10: the card this player gave in the opening exchange is in the next player's
        # hand while it is unseen (he has neither laid nor discarded it): it is dealt there.
        known: dict[int, tuple[int, ...]] = {}
        unseen = set(self._unseen)
        for entry in observation.history:
            move = entry.move
            if move.__class__ is Give and entry.player == me:
                assert isinstance(move, Give)
                if move.card is not None and move.card.index in unseen:
                    receiver = next_player(me, observation.rules.players)
                    known[receiver] = (*known.get(receiver, ()), move.card.index)
        self._known = known
        placed = {card for cards in known.values() for card in cards}
        self._free = [card for card in self._unseen if card not in placed]
        origin = observation.offer_origin
        offer = observation.offer
        assert origin is not None
        assert offer is not None
        cards = _position.cards_text
        self._head = _position.join(
            _position.POSITION_TAG,
            {
                "rules": observation.rules.to_notation(),
                "dealer": str(observation.dealer),
                "ply": str(observation.ply),
                "phase": observation.phase.value,
                "to_move": str(observation.to_move),
                "offer": str(offer),
                "from": f"{origin.value}:{observation.offered_by}",
            },
        )
        self._mine = cards(sorted(observation.hand, key=_index))
        self._tail = _position.join(
            "",
            {
                **{
                    f"table{player}": _position.table_text(table)
                    for player, table in enumerate(observation.tables)
                },
                "dead": cards(observation.dead),
                "result": _position.NONE,
            },
        )

    def sample(self) -> State:
        """A position with the unseen cards shuffled into the other hands and the stock
        (but a card known to be in a hand, which stays there)."""
        return self.dealt(self._rng.shuffled(self._free))

    def dealt(self, shuffled: list[int]) -> State:
        """The position with the unseen cards ``shuffled`` (card indices) dealt: the first
        ones to the other players' hands (in seat order, each as many as he holds), the
        others to the stock, top first; a card known to be in a hand (the card this player
        gave in the opening exchange, M10) is dealt to that hand, wherever it is in
        ``shuffled``."""
        text = _CARD_TEXT
        mine = self._mine
        hands = [mine] * (len(self._opponents) + 1)
        known = self._known
        if known:
            placed = {card for cards in known.values() for card in cards}
            shuffled = [card for card in shuffled if card not in placed]
        at = 0
        for player, size in self._opponents:
            fixed = known.get(player, ())
            count = size - len(fixed)
            dealt = [*fixed, *shuffled[at : at + count]]
            hands[player] = "".join(text[i] for i in sorted(dealt)) or _position.NONE
            at += count
        stock = "".join(text[i] for i in shuffled[at:]) or _position.NONE
        held = " ".join(f"hand{player}={hand}" for player, hand in enumerate(hands))
        return State.parse(f"{self._head} stock={stock} {held}{self._tail}")


def _index(card: Card) -> int:
    return card.index
