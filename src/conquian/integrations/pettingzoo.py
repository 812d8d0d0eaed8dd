"""Conquian as a PettingZoo AEC environment (``pip install "conquian[pettingzoo]"``).

Two agents, ``player_0`` and ``player_1``, take turns as the game says (the same agent
acts several times in a row while it builds a take, one card at a time). Each acts in
the fixed action space of :mod:`conquian.actions` (``Discrete(279)``) and observes a
``Dict`` with

* ``observation``: the :func:`~conquian.actions.encode_observation` of its view, 486
  float32 numbers from 0 to 1 (own hand, both tables, the offered card and its origin,
  dead cards, stock size, what the opponent declined, the phase, the move being built);
* ``action_mask``: 279 int8, 1 for each legal action (all 0 when it is not its turn).

Rewards are +1 for the winner and -1 for the loser when the game ends, 0 for a draw
(R15, R16) and 0 on every other step; the game always ends by itself, so nothing is
truncated. ``render()`` draws the position in text. :func:`env` wraps :class:`raw_env`
in PettingZoo's usual wrappers (an illegal action ends the game with -1 for its agent).

>>> from conquian.integrations.pettingzoo import env
>>> game = env(seed=7)
>>> game.reset(seed=7)
>>> game.agent_selection
'player_1'
>>> observation, reward, termination, truncation, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((486,), 1)
"""

from __future__ import annotations

import operator
from typing import Any, Final

from conquian.integrations import require

require("pettingzoo", "pettingzoo")
require("numpy", "pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from conquian._rng import game_seed  # noqa: E402
from conquian.actions import (  # noqa: E402
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    ActionBuilder,
    encode_observation,
)
from conquian.cards import format_cards, sorted_cards  # noqa: E402
from conquian.dealing import check_seed  # noqa: E402
from conquian.errors import ConquianError, IllegalMoveError, MoveProblem, describe  # noqa: E402
from conquian.rules import CLASSIC, Rules, check_rules  # noqa: E402
from conquian.state import State  # noqa: E402

__all__ = ["AGENTS", "env", "raw_env"]

AGENTS: Final = ("player_0", "player_1")
"""The agents' names; ``player_N`` plays seat N."""
_RENDER_MODES: Final = ("human", "ansi")


def env(**kwargs: Any) -> AECEnv:
    """A :class:`raw_env` in PettingZoo's standard wrappers: an illegal action ends the
    game with a reward of -1 for the agent that chose it, an action outside the space is
    refused, and the methods must be called in order.

    Args:
        **kwargs: The arguments of :class:`raw_env`.
    """
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """The Conquian AEC environment, without wrappers (see the module's description).

    Args:
        rules: The rules of every game.
        render_mode: ``"human"`` prints the position after every move, ``"ansi"`` makes
            :meth:`render` return it as text; ``None`` renders nothing.
        seed: The seed of the run when :meth:`reset` is given none (a whole number from
            0 to 2**64 - 1; a NumPy integer will do). Each reset without a seed deals the
            next game of the same run, so a run is reproducible.

    Raises:
        TypeError: ``rules`` is not a Rules.
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
        self, rules: Rules = CLASSIC, render_mode: str | None = None, seed: int | None = None
    ) -> None:
        super().__init__()
        self.rules = check_rules(rules)
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ConquianError(
                f"render_mode is one of {', '.join(_RENDER_MODES)} or None, not "
                f"{describe(render_mode)}"
            )
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._run_seed = None if seed is None else _seed(seed, "the run's seed")
        self._games = 0
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self._state: State | None = None
        self._builder: ActionBuilder | None = None

    @property
    def game_state(self) -> State | None:
        """The game being played, as the referee sees it (``None`` before :meth:`reset`)."""
        return self._state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` of ``observation`` and ``action_mask`` for both agents."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(279)``: the actions of :mod:`conquian.actions`."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` when given, else the next game of the run.

        Args:
            seed: The seed of a new run, whose first game this reset deals (dealt from
                :func:`game_seed(seed, 0) <conquian.simulate.game_seed>`, as
                ``simulate`` deals its first game); later resets without a seed deal the
                games that follow it.
            options: ``{"dealer": 0 or 1}`` chooses the dealer (default 0); other keys
                are ignored, as PettingZoo's API test expects.

        Raises:
            ConquianError: A bad seed or dealer. The environment is then as it
                was: the run does not move on.
            TypeError: The dealer is not an integer (as in ``State.new``); nothing
                changes either.
        """
        run_seed, games = self._run_seed, self._games
        if seed is not None:
            run_seed, games = _seed(seed, "reset's seed"), 0
        # Other options are ignored, as PettingZoo's API test expects.
        dealer = _python((options or {}).get("dealer", 0))
        if run_seed is None:
            run_seed = int(np.random.SeedSequence().generate_state(2, np.uint64)[0])
        state = State.new(game_seed(run_seed, games), rules=self.rules, dealer=dealer)
        self._run_seed, self._games = run_seed, games + 1
        self._state = state
        self._builder = ActionBuilder.start(state)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self._mover()]

    def _mover(self) -> int:
        state = self._current()
        return state.to_move if state.to_move is not None else 0

    def _current(self) -> State:
        if self._state is None:
            raise ConquianError("call reset() first: no game is dealt")
        return self._state

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: its encoded view and its legal-action mask."""
        state = self._current()
        player = AGENTS.index(agent)
        mine = state.to_move == player and self._builder is not None
        builder = self._builder if mine else None
        vector = encode_observation(state.observation(player), builder)
        mask = builder.mask() if builder is not None else [0] * NUM_ACTIONS
        return {
            "observation": np.asarray(vector, dtype=np.float32),
            "action_mask": np.asarray(mask, dtype=np.int8),
        }

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
        builder = builder.apply(_python(action))  # the builder checks it
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if builder.move is not None:
            state = state.apply(builder.move)
            self._state = state
            outcome = state.outcome
            if outcome is not None:
                self._builder = None
                if outcome.winner is not None:
                    self.rewards[AGENTS[outcome.winner]] = 1.0
                    self.rewards[AGENTS[1 - outcome.winner]] = -1.0
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self._builder = ActionBuilder.start(state)
                self.agent_selection = AGENTS[self._mover()]
        else:
            self._builder = builder
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as text (both hands shown: this is the referee's view), and the
        move being built; printed under ``"human"``, returned under ``"ansi"``."""
        if self.render_mode is None:
            return None
        state = self._current()
        lines = [f"rules {state.rules.to_notation()}, ply {state.ply}, {state.phase.value}"]
        for player in (0, 1):
            table = " ".join(str(meld) for meld in state.tables[player]) or "-"
            hand = format_cards(sorted_cards(state.hands[player])) or "-"
            lines.append(f"{AGENTS[player]}: hand {hand} | table {table}")
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


def _seed(seed: object, what: str) -> int:
    """``seed`` as a deal seed (:func:`_python`, then checked)."""
    return check_seed(_python(seed), what)


def _python(value: Any) -> Any:
    """``value`` with a NumPy integer read as the Python int it is; anything else as it
    is, for the library to check (a seed, a dealer, an action)."""
    return operator.index(value) if isinstance(value, np.integer) else value
