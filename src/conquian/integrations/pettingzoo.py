"""Conquian as a PettingZoo AEC environment (``pip install "conquian[pettingzoo]"``).

One agent a seat, ``player_0``, ``player_1`` and, under three-player rules such as
:data:`~conquian.rules.TERCERILLA`, ``player_2`` (M1), take turns as the game says (the
same agent acts several times in a row while it builds a take, one card at a time). Each
acts in the fixed action space of :mod:`conquian.actions` (``Discrete(279)``) and
observes a ``Dict`` with

* ``observation``: the :func:`~conquian.actions.encode_observation` of its view, 486
  float32 numbers from 0 to 1 (own hand, both tables, the offered card and its origin,
  dead cards, stock size, what the opponent declined, the phase, the move being built);
  with three players 571 (a table, the cards declined and the hand size of each
  opponent, who offered the card and whose turn it is:
  :data:`~conquian.actions.OBSERVATION_LAYOUT_THREE`). Nothing of another hand or of the
  stock is in it, beyond the counts;
* ``action_mask``: 279 int8, 1 for each legal action (all 0 when it is not its turn).

Rewards come when the game ends, 0 on every other step: a winner (who went out, R16, or
held the fewest cards when the stock ran out under ``stock_out: fewest_cards``, M8) gets
+1 from each loser, so +1 and -1 with two players, +2 and -1 each with three (M11: each
loser pays the winner one stake); a draw (R15, M8) is 0 for all. The game always ends by
itself, so nothing is truncated. ``render()`` draws the position in text. :func:`env`
wraps :class:`raw_env` in PettingZoo's usual wrappers (an illegal action ends the game
with -1 for its agent).

>>> from conquian.integrations.pettingzoo import env
>>> game = env(seed=7)
>>> game.reset(seed=7)
>>> game.agent_selection
'player_1'
>>> observation, reward, termination, truncation, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((486,), 1)
>>> three = env(rules="tercerilla", seed=7)
>>> three.reset()
>>> three.possible_agents, three.last()[0]["observation"].shape
(['player_0', 'player_1', 'player_2'], (571,))
"""

from __future__ import annotations

import operator
from itertools import accumulate
from typing import Any, Final

from conquian.integrations import require

require("pettingzoo", "pettingzoo")
require("numpy", "pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402
from pettingzoo.utils.wrappers.order_enforcing import (  # noqa: E402
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from conquian._rng import game_seed  # noqa: E402
from conquian.actions import (  # noqa: E402
    MELDS,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_LAYOUT_THREE,
    OBSERVATION_SIZE,
    OBSERVATION_SIZE_THREE,
    ActionBuilder,
    observation_layout,
)
from conquian.cards import format_cards, sorted_cards  # noqa: E402
from conquian.dealing import check_seed  # noqa: E402
from conquian.errors import (  # noqa: E402
    ConquianError,
    IllegalMoveError,
    MoveProblem,
    describe,
)
from conquian.moves import Decline, Give  # noqa: E402
from conquian.phases import OfferOrigin, Phase  # noqa: E402
from conquian.rules import CLASSIC, Rules, check_rules  # noqa: E402
from conquian.state import State  # noqa: E402

__all__ = ["AGENTS", "AGENTS_THREE", "env", "raw_env"]

AGENTS: Final = ("player_0", "player_1")
"""The agents' names in a two-player game; ``player_N`` plays seat N."""
AGENTS_THREE: Final = (*AGENTS, "player_2")
"""The agents' names in a three-player game (M1); ``player_N`` plays seat N."""
_RENDER_MODES: Final = ("human", "ansi")

# Where each part of encode_observation's vector starts (OBSERVATION_LAYOUT's order).
_AT: Final = dict(
    zip(OBSERVATION_LAYOUT, accumulate(OBSERVATION_LAYOUT.values(), initial=0), strict=False)
)
_ORIGIN: Final = {OfferOrigin.DISCARD: 0, OfferOrigin.STOCK: 1, OfferOrigin.UPCARD: 2}
_PHASE: Final = {Phase.OFFER: 0, Phase.FORCE_DECISION: 1, Phase.FORCED_TAKE: 2, Phase.OVER: 3}
_MELD_ID: Final = {meld: number for number, meld in enumerate(MELDS)}
_CARDS: Final = 40


def env(**kwargs: Any) -> AECEnv:
    """A :class:`raw_env` in PettingZoo's standard wrappers: an illegal action ends the
    game with a reward of -1 for the agent that chose it, an action outside the space is
    refused (``AssertionError``), and the methods must be called in order.

    The wrappers are subclasses of PettingZoo's ``TerminateIllegalWrapper``,
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper`` that behave as they do,
    and read the game's attributes from the raw environment directly on the hot path
    (``last()``, ``observe()``, ``step()``, ``agent_iter()``) rather than through each
    wrapper's ``__getattr__`` in turn, which cost more than the raw step itself.

    Args:
        **kwargs: The arguments of :class:`raw_env`.

    >>> from pettingzoo.utils.wrappers import OrderEnforcingWrapper
    >>> from conquian.integrations.pettingzoo import env
    >>> game = env(seed=7)
    >>> isinstance(game, OrderEnforcingWrapper)
    True
    >>> game.reset()
    >>> agent = game.agent_selection
    >>> mask = game.last()[0]["action_mask"]
    >>> game.step(int(mask.argmin()))  # an illegal action: the game ends, -1 for him
    >>> game.rewards[agent], all(game.terminations.values())
    (-1.0, True)
    """
    raw = raw_env(**kwargs)
    return _OrderEnforcing(_AssertOutOfBounds(_TerminateIllegal(raw, -1), raw), raw)


class _TerminateIllegal(wrappers.TerminateIllegalWrapper):
    """PettingZoo's ``TerminateIllegalWrapper`` around a :class:`raw_env`, with the same
    observations, rewards, terminations and errors, that reads the environment's
    attributes from it directly rather than through each wrapper's ``__getattr__``:
    every step read about a dozen of them, each a chain of Python calls.

    Its ``observe`` and a legal step of a live agent after it observed (a step's usual
    case) are its own; anything else is left to PettingZoo's code.
    """

    _prev_obs: Any
    _prev_info: Any

    def __init__(self, env: raw_env, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward=illegal_reward)
        self._raw = env

    def observe(self, agent: str) -> Any:
        raw = self._raw
        observation = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = observation
            self._prev_info = raw.infos.get(agent, {})
        return observation

    def step(self, action: Any) -> None:
        observed, info = self._prev_obs, self._prev_info
        raw = self._raw
        agent = raw.agent_selection
        if (
            observed.__class__ is not dict  # not observed since the last step
            or self._terminated  # the game ended with an illegal action
            or raw.terminations.get(agent, True)
            or raw.truncations.get(agent, True)
        ):
            super().step(action)
            return
        self._prev_obs = None
        self._prev_info = None
        if observed["action_mask"][action]:  # as PettingZoo's reads it, errors and all
            raw.step(action)
        else:
            self._prev_obs, self._prev_info = observed, info  # PettingZoo's code ends it
            super().step(action)


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's ``AssertOutOfBoundsWrapper`` around the wrapped :class:`raw_env`
    ``raw``: a Python int in the action space (``Discrete(279)`` for every agent) is
    passed on at once, anything else is checked by PettingZoo's code."""

    def __init__(self, env: AECEnv, raw: raw_env) -> None:
        super().__init__(env)
        self._inner = env

    def observe(self, agent: str) -> Any:
        return self._inner.observe(agent)

    def step(self, action: Any) -> None:
        if action.__class__ is int and 0 <= action < NUM_ACTIONS:
            self._inner.step(action)
        else:
            super().step(action)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` around the wrapped :class:`raw_env`
    ``raw``: once reset, ``last()``, ``observe()``, ``step()`` and ``agent_iter()``
    read the game's attributes from ``raw`` directly; before, PettingZoo's code raises
    its errors."""

    def __init__(self, env: AECEnv, raw: raw_env) -> None:
        super().__init__(env)
        self._raw = raw
        self._inner = env

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        raw = self._raw
        agent = raw.agent_selection
        assert agent is not None
        return (
            self._inner.observe(agent) if observe else None,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            return super().observe(agent)
        return self._inner.observe(agent)

    def step(self, action: Any) -> None:
        if self._has_reset and self._raw.agents:
            self._has_updated = True
            self._inner.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own class says it: the environment's name

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):
    """``agent_iter()`` of :class:`_OrderEnforcing`: PettingZoo's, reading the agents
    from the raw environment."""

    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's iterator over the agent to act (stops when every agent is done or
    after ``max_iter`` agents; each must have stepped), reading them from the raw
    environment."""

    def __init__(self, env: _OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self._wrapper = env
        self._raw = env._raw

    def __next__(self) -> str:
        raw = self._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        wrapper = self._wrapper
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return raw.agent_selection


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """The Conquian AEC environment, without wrappers (see the module's description).

    Args:
        rules: The rules of every game, as a Rules or as rules text
            (:meth:`Rules.parse <conquian.rules.Rules.parse>`, such as ``"tercerilla"``):
            with ``players`` 3, three agents play (M1).
        render_mode: ``"human"`` prints the position after every move, ``"ansi"`` makes
            :meth:`render` return it as text; ``None`` renders nothing.
        seed: The seed of the run when :meth:`reset` is given none (a whole number from
            0 to 2**64 - 1; a NumPy integer will do). Each reset without a seed deals the
            next game of the same run, so a run is reproducible.

    Raises:
        TypeError: ``rules`` is neither a Rules nor text.
        InvalidRulesError: ``rules`` is text that is not rules.
        ConquianError: An unknown render mode, or a bad seed.

    The game being played is :attr:`game_state` (PettingZoo's own ``state()``, a global
    state for centralised training, is not provided and raises ``NotImplementedError``).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's class attribute)
        "name": "conquian_v0",
        "render_modes": list(_RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str = CLASSIC,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.rules = Rules.parse(rules) if isinstance(rules, str) else check_rules(rules)
        players = self.rules.players
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ConquianError(
                f"render_mode is one of {', '.join(_RENDER_MODES)} or None, not "
                f"{describe(render_mode)}"
            )
        self.render_mode = render_mode
        self._agents = AGENTS if players == 2 else AGENTS_THREE
        # the observation is read from card masks (_seen_bits, _seen_bits_three), and
        # what each player declined is kept as a mask
        self._two = players == 2
        self._builder_at = _BUILDER_AT if self._two else _BUILDER_AT3
        self.possible_agents = list(self._agents)
        self.agents = list(self._agents)
        self._run_seed = None if seed is None else _seed(seed, "the run's seed")
        self._games = 0
        self._action_space = _ActionSpace(NUM_ACTIONS)
        self._exchange = self.rules.exchange
        size = sum(observation_layout(players, self._exchange).values())
        self._size = size
        self._base_size = OBSERVATION_SIZE if self._two else OBSERVATION_SIZE_THREE
        # what the last observation's player saw of its state (_Seen), kept while a
        # move is built one action at a time: (state, player, bits, counts)
        self._seen: tuple[State, int, int, tuple[tuple[int, float], ...]] | None = None
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self._state: State | None = None
        self._builder: ActionBuilder | None = None
        # the cards each player declined or passed, as masks
        self._declined: tuple[int, ...] = (0,) * players
        # M10: the card each player gave in the opening exchange (-1 before he chooses)
        self._gave: tuple[int, ...] = (-1,) * players

    @property
    def game_state(self) -> State | None:
        """The game being played, as the referee sees it (``None`` before :meth:`reset`)."""
        return self._state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` of ``observation`` and ``action_mask`` for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(279)``: the actions of :mod:`conquian.actions`."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` when given, else the next game of the run; or
        start from a given position.

        Args:
            seed: The seed of a new run, whose first game this reset deals (dealt from
                :func:`game_seed(seed, 0) <conquian.simulate.game_seed>`, as
                ``simulate`` deals its first game); later resets without a seed deal the
                games that follow it.
            options: ``{"dealer": N}`` chooses the dealer, a seat (default 0).
                ``{"position": state}`` starts from a game in progress instead of a deal:
                a :class:`~conquian.state.State` (what the opponent declined is read from
                its history) or a position string (:meth:`State.parse
                <conquian.state.State.parse>`, with no history); the run does not
                move on. Other keys are ignored, as PettingZoo's API test expects.

        Raises:
            ConquianError: A bad seed or dealer, a position that is not one (its message
                says why), is over, is under other rules than the environment's, or is
                given with a dealer. The environment is then as it was: the run does not
                move on.
            TypeError: The dealer is not an integer (as in ``State.new``), or the position
                is neither a State nor text; nothing changes either.

        >>> from conquian import State
        >>> from conquian.integrations.pettingzoo import raw_env
        >>> game = raw_env()
        >>> start = State.new(seed=3).apply("decline")
        >>> game.reset(options={"position": start})
        >>> game.game_state == start, game.agent_selection
        (True, 'player_0')
        """
        run_seed, games = self._run_seed, self._games
        if seed is not None:
            run_seed, games = _seed(seed, "reset's seed"), 0
        # Other options are ignored, as PettingZoo's API test expects.
        options = options or {}
        declined = [0] * len(self._agents)
        gave = [-1] * len(self._agents)
        if "position" in options:
            if "dealer" in options:
                raise ConquianError("a position has its dealer: give a position or a dealer")
            state = _position(options["position"], self.rules)
            for played in state.history:
                move = played.move
                if move.__class__ is Decline:
                    assert played.offer is not None  # a decline answers an offer
                    declined[played.player] |= 1 << played.offer.index
                elif isinstance(move, Give) and move.card is not None:  # M10
                    gave[played.player] = move.card.index
            if state.phase is Phase.EXCHANGE:  # a position string has no history
                for card in state.given:
                    owner = next(p for p, hand in enumerate(state.hands) if card in hand)
                    gave[owner] = card.index
        else:
            dealer = _python(options.get("dealer", 0))
            if run_seed is None:
                run_seed = int(np.random.SeedSequence().generate_state(2, np.uint64)[0])
            state = State.new(game_seed(run_seed, games), rules=self.rules, dealer=dealer)
            games += 1
        self._run_seed, self._games = run_seed, games
        self._state = state
        self._seen = None  # the same State may come back with other declined cards
        self._builder = ActionBuilder.start(state)
        self._declined = tuple(declined)
        self._gave = tuple(gave)
        self.agents = list(self._agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agents[self._mover()]

    @property
    def move_builder(self) -> ActionBuilder | None:
        """The move the agent to act is building, one action at a time (``None`` before
        :meth:`reset` and after the end); its :meth:`~conquian.actions.ActionBuilder.mask`
        is that agent's action mask.

        >>> from conquian.integrations.pettingzoo import raw_env
        >>> game = raw_env()
        >>> game.reset(seed=7)
        >>> game.move_builder.mask() == game.observe(game.agent_selection)["action_mask"].tolist()
        True
        """
        return self._builder

    def _mover(self) -> int:
        state = self._current()
        return state.to_move if state.to_move is not None else 0

    def _current(self) -> State:
        if self._state is None:
            raise ConquianError("call reset() first: no game is dealt")
        return self._state

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: its encoded view and its legal-action mask.

        The vector is :func:`~conquian.actions.encode_observation`'s of the agent's
        observation, unpacked into a NumPy array from the bits of the game's card masks
        (with two players or three). The mask is a copy of one kept for the same legal
        actions. Both are new arrays at every call, the
        caller's to keep or change.
        """
        state = self._current()
        player = self._agents.index(agent)
        seen = self._seen
        if seen is None or seen[0] is not state or seen[1] != player:
            bits, counts = (
                _seen_bits(state, player, self._declined[1 - player])
                if self._two
                else _seen_bits_three(state, player, self._declined)
            )
            if self._exchange:
                bits |= self._exchange_bits(state, player) << self._base_size
            seen = self._seen = (state, player, bits, counts)
        bits, counts = seen[2], seen[3]
        if state.to_move != player:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        else:
            builder = self._builder
            assert builder is not None  # the game goes on: someone is to move
            if builder.is_started:
                bits |= _builder_bits(builder, self._builder_at)
            mask = _action_mask(builder.legal_actions())
        return {"observation": _vector(bits, self._size, counts), "action_mask": mask}

    def _exchange_bits(self, state: State, player: int) -> int:
        """The parts of :data:`~conquian.actions.EXCHANGE_LAYOUT` for ``player`` (M10),
        as bits: whether the game is in the exchange, the card he gave, and once every
        player has chosen the card he received."""
        exchanging = state.phase is Phase.EXCHANGE
        bits = int(exchanging)
        given = self._gave[player]
        if given >= 0:
            bits |= 1 << 1 + given
        received = self._gave[player - 1]  # from the player before him (M10)
        if received >= 0 and not exchanging:
            bits |= 1 << 1 + _CARDS + received
        return bits

    def step(self, action: int | None) -> None:
        """Apply the selected agent's ``action`` (``None`` once it is terminated).

        Raises:
            TypeError: ``action`` is not a whole number (a Python or NumPy integer).
            ValueError: ``action`` is not in the action space.
            IllegalMoveError: The action is not legal now, or every agent is done and the
                game must be reset (:func:`env`'s wrappers end the game instead). The
                environment is unchanged.
        """
        state = self._current()
        if not self.agents:
            raise IllegalMoveError(
                "the game is over and every agent is done: call reset()",
                problem=MoveProblem.GAME_OVER,
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        builder = self._builder
        assert builder is not None
        # the builder checks the action
        builder = builder.apply(action if action.__class__ is int else _python(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        move = builder.move
        if move is not None:
            if move.__class__ is Decline:  # declined or passed (R11, M4): seen by all
                offer = state.offer
                assert offer is not None
                mover = self._agents.index(agent)
                declined = list(self._declined)
                declined[mover] |= 1 << offer.index
                self._declined = tuple(declined)
            elif self._exchange and isinstance(move, Give):  # M10: seen by its giver
                assert move.card is not None
                gave = list(self._gave)
                gave[self._agents.index(agent)] = move.card.index
                self._gave = tuple(gave)
            state = state.apply_unchecked(move)  # the builder's move is legal
            self._state = state
            outcome = state.outcome
            if outcome is not None:
                self._builder = None
                winner = outcome.winner
                if winner is not None:  # M11: each loser pays the winner one stake
                    for loser in self._agents:
                        self.rewards[loser] = -1.0
                    self.rewards[self._agents[winner]] = len(self._agents) - 1.0
                    self._accumulate_rewards()  # the only step with a reward
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self._builder = ActionBuilder.start(state)
                to_move = state.to_move
                assert to_move is not None
                self.agent_selection = self._agents[to_move]
        else:
            self._builder = builder
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as text (every hand shown: this is the referee's view), and the
        move being built; printed under ``"human"``, returned under ``"ansi"``."""
        if self.render_mode is None:
            return None
        state = self._current()
        lines = [f"rules {state.rules.to_notation()}, ply {state.ply}, {state.phase.value}"]
        for player in range(state.players):
            table = " ".join(str(meld) for meld in state.tables[player]) or "-"
            hand = format_cards(sorted_cards(state.hands[player])) or "-"
            lines.append(f"{self._agents[player]}: hand {hand} | table {table}")
        offer = "-" if state.offer is None else str(state.offer)
        origin = "" if state.offer_origin is None else f" ({state.offer_origin.value})"
        dead = format_cards(state.dead) or "-"
        lines.append(f"offer {offer}{origin}, stock {len(state.stock)}, dead {dead}")
        if state.outcome is not None:
            lines.append(f"over: {state.outcome}")
        elif self._builder is not None and self._builder.is_started:
            chosen = format_cards(sorted_cards(self._builder.selected)) or "-"
            lines.append(f"{self.agent_selection} is building a move: {chosen}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


_ALL_CARDS: Final = (1 << _CARDS) - 1
_MASK_BYTES: Final = (NUM_ACTIONS + 7) // 8
# The one-bit parts of the vector, as bit positions of one integer (see _seen_bits).
_OWN_TABLE: Final = _AT["own_table"]
_OPPONENT_TABLE: Final = _AT["opponent_table"]
_OFFER: Final = _AT["offer"]
_OFFER_ORIGIN: Final = _AT["offer_origin"]
_OFFERED_BY_ME: Final = 1 << _AT["offered_by_me"]
_DEAD: Final = _AT["dead"]
_DECLINED: Final = _AT["opponent_declined"]
_PHASE_AT: Final = _AT["phase"]
_MY_TURN: Final = 1 << _AT["my_turn"]
_STOCK_SIZE: Final = _AT["stock_size"]
_OPPONENT_HAND_SIZE: Final = _AT["opponent_hand_size"]
_SELECTED: Final = _AT["selected"]
_CHOSEN: Final = _AT["chosen_melds"]
# By the enum member's id: hashing a member is a Python call. The exchange (M10) sets
# no bit of the phase part: the exchange part says it.
_PHASE_BIT: Final = {
    id(Phase.EXCHANGE): 0,
    **{id(phase): 1 << _PHASE_AT + number for phase, number in _PHASE.items()},
}
_ORIGIN_BIT: Final = {id(origin): 1 << _OFFER_ORIGIN + n for origin, n in _ORIGIN.items()}


_Seen = tuple[int, tuple[tuple[int, float], ...]]
"""What a player sees of a state (the observation without the move being built): the
one-bit parts as the bits of one integer, and the counts, as (index, value) pairs."""


def _seen_bits(state: State, player: int, declined: int) -> _Seen:
    """What ``player`` sees of a two-player ``state`` (:data:`_Seen`, in the layout of
    :func:`~conquian.actions.encode_observation`), read from card masks; ``declined``
    holds the cards his opponent declined or passed."""
    seen = state.seen_cards(player)
    hand, table, opponent_hand, opponent_table, unseen, offer = seen[:6]
    offer_bit = 0 if offer < 0 else 1 << offer
    dead = _ALL_CARDS & ~(hand | table | opponent_table | unseen | offer_bit)
    bits = (
        hand
        | table << _OWN_TABLE
        | opponent_table << _OPPONENT_TABLE
        | dead << _DEAD
        | declined << _DECLINED
        | _PHASE_BIT[id(state.phase)]
    )
    if offer >= 0:
        bits |= offer_bit << _OFFER | _ORIGIN_BIT[id(state.offer_origin)]
        if state.offered_by == player:
            bits |= _OFFERED_BY_ME
    if state.to_move == player:
        bits |= _MY_TURN
    return bits, (
        (_STOCK_SIZE, (unseen.bit_count() - opponent_hand) / _CARDS),
        (_OPPONENT_HAND_SIZE, opponent_hand / 20),
    )


def _builder_bits(builder: ActionBuilder, at: tuple[int, int, int]) -> int:
    """The parts of the observation that show the move ``builder`` builds: the cards
    selected, whether it lays down, the melds chosen, from the bit positions ``at``
    (of ``selected``, ``building_lay_down`` and ``chosen_melds``)."""
    selected, lay_down, chosen = at
    bits = 0
    for card in builder.selected:
        bits |= 1 << selected + card.index
    if builder.is_lay_down:
        bits |= 1 << lay_down
    for meld in builder.chosen_melds:
        bits |= 1 << chosen + _MELD_ID[meld]
    return bits


def _vector(bits: int, size: int, counts: tuple[tuple[int, float], ...]) -> np.ndarray[Any, Any]:
    """The float32 vector of ``size`` numbers whose 0-or-1 parts are the bits of
    ``bits`` and whose ``counts`` are (index, value) pairs.

    NumPy unpacks the integer's bytes into the vector in one call (a step of a random
    rollout spent 16 µs when each part was written into the array on its own, 3 µs now).
    """
    vector = np.unpackbits(
        np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), np.uint8),
        count=size,
        bitorder="little",
    ).astype(np.float32)
    for index, value in counts:
        vector[index] = value
    return vector


_BUILDER_AT: Final = (_SELECTED, _AT["building_lay_down"], _CHOSEN)

# The same for three players (OBSERVATION_LAYOUT_THREE).
_AT3: Final = dict(
    zip(
        OBSERVATION_LAYOUT_THREE,
        accumulate(OBSERVATION_LAYOUT_THREE.values(), initial=0),
        strict=False,
    )
)
_PHASE_BIT3: Final = {
    id(Phase.EXCHANGE): 0,
    **{id(phase): 1 << _AT3["phase"] + number for phase, number in _PHASE.items()},
}
_ORIGIN_BIT3: Final = {id(origin): 1 << _AT3["offer_origin"] + n for origin, n in _ORIGIN.items()}
_BUILDER_AT3: Final = (_AT3["selected"], _AT3["building_lay_down"], _AT3["chosen_melds"])


def _seen_bits_three(state: State, player: int, declined: tuple[int, ...]) -> _Seen:
    """What ``player`` sees of a three-player ``state``, as :func:`_seen_bits` reads it
    for two (M1: each opponent's part, named from ``player``: the next player, then the
    one after); ``declined`` holds the cards each player declined or passed, by seat."""
    seen = state.seen_cards(player)
    hand, table, unseen, offer = seen.hand, seen.table, seen.unseen, seen.offer
    tables, sizes = seen.tables, seen.hand_sizes
    after = (player + 1) % 3
    previous = (player + 2) % 3
    offer_bit = 0 if offer < 0 else 1 << offer
    dead = _ALL_CARDS & ~(hand | tables[0] | tables[1] | tables[2] | unseen | offer_bit)
    bits = (
        hand
        | table << _AT3["own_table"]
        | tables[after] << _AT3["next_table"]
        | tables[previous] << _AT3["previous_table"]
        | dead << _AT3["dead"]
        | declined[after] << _AT3["next_declined"]
        | declined[previous] << _AT3["previous_declined"]
        | _PHASE_BIT3[id(state.phase)]
    )
    if offer >= 0:
        bits |= offer_bit << _AT3["offer"] | _ORIGIN_BIT3[id(state.offer_origin)]
        offered_by = state.offered_by
        if offered_by is not None:
            bits |= 1 << _AT3["offered_by"] + (offered_by - player) % 3
    to_move = state.to_move
    if to_move is not None:
        bits |= 1 << _AT3["to_move"] + (to_move - player) % 3
    return bits, (
        (_AT3["stock_size"], (unseen.bit_count() - sizes[after] - sizes[previous]) / _CARDS),
        (_AT3["next_hand_size"], sizes[after] / 20),
        (_AT3["previous_hand_size"], sizes[previous] / 20),
    )


_MASKS: Final[dict[tuple[int, ...], np.ndarray[Any, Any]]] = {}
"""The masks made so far, by legal actions: a few of them (declining alone, declining or
forcing, ...) are most of a game's. A copy of one is returned: the caller may write it."""
_MASKS_KEPT: Final = 4096


def _action_mask(legal: tuple[int, ...]) -> np.ndarray[Any, Any]:
    """The int8 mask of the ``legal`` actions: a copy of the one made before, else one
    unpacked from the bits of an integer (and kept)."""
    mask = _MASKS.get(legal)
    if mask is None:
        bits = 0
        for action in legal:
            bits |= 1 << action
        mask = np.unpackbits(
            np.frombuffer(bits.to_bytes(_MASK_BYTES, "little"), np.uint8),
            count=NUM_ACTIONS,
            bitorder="little",
        ).view(np.int8)
        if len(_MASKS) >= _MASKS_KEPT:
            _MASKS.clear()  # rare: a long run keeps the commonest, made again at once
        _MASKS[legal] = mask
    return mask.copy()


class _ActionSpace(spaces.Discrete):
    """``Discrete(279)``, whose :meth:`contains` answers a Python int by comparing it (as
    gymnasium's would, which builds NumPy values for it first: 3 µs of every step under
    :func:`env`'s ``AssertOutOfBoundsWrapper``); any other value as gymnasium's does."""

    def contains(self, x: Any) -> bool:
        if x.__class__ is int:
            return bool(0 <= x < NUM_ACTIONS)
        return bool(super().contains(x))


def _position(position: object, rules: Rules) -> State:
    """The State a reset starts from: ``position`` itself, or read from its text."""
    if isinstance(position, str):
        state = State.parse(position)
    elif isinstance(position, State):
        state = position
    else:
        raise TypeError(f"a position is a State or its text, not {describe(position)}")
    if state.rules != rules:
        raise ConquianError(
            f"the position is played under rules {state.rules.to_notation()}, not the "
            f"environment's {rules.to_notation()}"
        )
    if state.is_over:
        raise ConquianError("the position is a finished game: there is nothing to play")
    return state


def _seed(seed: object, what: str) -> int:
    """``seed`` as a deal seed (:func:`_python`, then checked)."""
    return check_seed(_python(seed), what)


def _python(value: Any) -> Any:
    """``value`` with a NumPy integer read as the Python int it is; anything else as it
    is, for the library to check (a seed, a dealer, an action)."""
    return operator.index(value) if isinstance(value, np.integer) else value
