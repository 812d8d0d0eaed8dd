"""``env()``'s wrappers are PettingZoo's standard ones (subclasses of them), whose hot
paths read the raw environment directly: driven through the same seeded random calls as
a raw_env in PettingZoo's own wrappers (legal actions, illegal ones, which end the game
with the -1 penalty, actions outside the space, which fail their assertion, and calls
out of order), every result, error, logged warning and attribute is the same."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from conquian import Rules
from conquian.actions import NUM_ACTIONS
from conquian.integrations.pettingzoo import env, raw_env

RULES = [
    Rules.parse("classic"),
    Rules.parse("mexican,exchange:true"),
    Rules.parse("tercerilla"),
    Rules.parse("tercerilla,exchange:true,initial_upcard:true,stock_out:fewest_cards"),
]
"""Two and three players (M1), with and without the opening exchange (M10)."""


def standard_env(**kwargs: Any) -> AECEnv:
    """A raw_env in PettingZoo's own three wrappers, as env() made it before."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def test_env_is_in_pettingzoos_standard_wrappers() -> None:
    wrapped = env()
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    assert isinstance(wrapped.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(wrapped.env.env, wrappers.TerminateIllegalWrapper)
    assert isinstance(wrapped.unwrapped, raw_env)
    assert str(wrapped) == str(standard_env()) == "conquian_v0"


def _plain(value: Any) -> Any:
    """``value`` with NumPy arrays made comparable lists (with their dtype)."""
    if isinstance(value, np.ndarray):
        return ("array", str(value.dtype), value.tolist())
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return type(value)(_plain(item) for item in value)
    return value


def _outcome(call: Callable[[], Any]) -> tuple[str, Any, list[Any]]:
    """What ``call`` returned or raised (type and message), and what PettingZoo logged."""
    EnvLogger.flush()
    try:
        result: tuple[str, Any] = ("returned", _plain(call()))
    except Exception as error:  # any error must be the same one
        result = ("raised", (type(error).__name__, str(error)))
    return (*result, list(EnvLogger.mqueue))


def _attributes(wrapped: AECEnv) -> dict[str, Any]:
    """Every attribute a caller reads, through the outer wrapper (or its error)."""
    names: tuple[str, ...] = ("agents", "agent_selection", "rewards", "_cumulative_rewards")
    names += ("terminations", "truncations", "infos", "num_agents")
    seen = {name: _outcome(partial(getattr, wrapped, name)) for name in names}
    seen["game"] = _outcome(lambda: wrapped.unwrapped.game_state)
    return seen


def _action(wrapped: AECEnv, rng: random.Random) -> Any:
    """An action to step with: mostly a legal one of the agent's mask when there is one,
    else an illegal one, one out of the space, None, or a NumPy integer."""
    try:
        mask = wrapped.unwrapped.observe(wrapped.unwrapped.agent_selection)["action_mask"]
        legal = [int(action) for action in np.flatnonzero(mask)]
    except Exception:  # before reset: any action will do
        legal = []
    kind = rng.random()
    if legal and kind < 0.9:
        return rng.choice(legal)
    if not legal and kind < 0.5:
        return None  # as a done agent must
    if kind < 0.94:
        return rng.choice([a for a in range(NUM_ACTIONS) if a not in legal])  # illegal
    if kind < 0.97:
        return rng.choice([-1, NUM_ACTIONS, NUM_ACTIONS + 7, 2.0, True, "3"])  # outside
    if kind < 0.985:
        return None
    return np.int64(rng.choice(legal or [0]))


def _calls(rng: random.Random, length: int) -> Iterator[tuple[str, Any]]:
    """A random sequence of calls: steps most of all, and everything else in any order
    (so also before reset, after the end, and an agent_iter not stepped in between)."""
    kinds = ["step"] * 10 + ["last", "last_unobserved", "observe", "reset", "iter", "next"]
    kinds += ["reset_seeded", "render"]
    for _ in range(length):
        yield rng.choice(kinds), rng.random()


@pytest.mark.parametrize("rules", RULES, ids=Rules.to_notation)
def test_env_answers_every_call_as_pettingzoos_own_wrappers_do(rules: Rules) -> None:
    seen: set[str] = set()  # what the calls met: each case below must be among them
    for run in range(10):
        ours, theirs = env(rules=rules, seed=run), standard_env(rules=rules, seed=run)
        iterators: dict[int, Any] = {}
        rng = random.Random(run)
        for number, (kind, draw) in enumerate(_calls(rng, 300)):
            action = _action(ours, random.Random(draw))
            if kind == "next" and not iterators:
                kind = "iter"
            results = [
                (_outcome(_call(wrapped, kind, draw, action, iterators)), _attributes(wrapped))
                for wrapped in (ours, theirs)
            ]
            assert results[0] == results[1], f"run {run}, call {number}: {kind} {action!r}"
            done, answer, logged = results[0][0]
            if done == "raised":
                seen.add(answer[0])
            seen.update(message.split(",")[0] for message in logged)
    # out of the space; None for a live agent or an action for a done one; agent_iter's
    # end; before reset
    assert {"AssertionError", "ValueError", "StopIteration", "AttributeError"} <= seen
    assert "[WARNING]: Illegal move made" in seen  # the -1 penalty (TerminateIllegal)
    assert "[WARNING]: step() called after all agents are terminated or truncated." in {
        message.split(" Should")[0] for message in seen
    }


def _call(
    wrapped: AECEnv, kind: str, draw: float, action: Any, iterators: dict[int, Any]
) -> Callable[[], Any]:
    """The call named ``kind`` on ``wrapped``."""
    if kind == "step":
        return lambda: wrapped.step(action)
    if kind in ("last", "last_unobserved"):
        return lambda: wrapped.last(observe=kind == "last")
    if kind == "observe":
        agent = wrapped.possible_agents[int(draw * len(wrapped.possible_agents))]
        return lambda: wrapped.observe(agent)
    if kind in ("reset", "reset_seeded"):
        seed = int(draw * 1000) if kind == "reset_seeded" else None
        return lambda: wrapped.reset(seed=seed)
    if kind == "iter":
        return lambda: iterators.__setitem__(id(wrapped), iter(wrapped.agent_iter()))
    if kind == "render":
        return wrapped.render  # type: ignore[no-any-return]
    return lambda: next(iterators[id(wrapped)])
