"""The speed of the integrations: OpenSpiel's ``python_conquian`` and the PettingZoo env.

Figures (each the median of the rounds):

* ``clone_per_s``: ``state.clone()`` of mid-game OpenSpiel states;
* ``resample_per_s``: ``state.resample_from_infostate(player, sampler)`` of the same
  states, for the player to move;
* ``playout_states_per_s``: random playouts from the start (chance outcomes and legal
  actions drawn uniformly), states reached per second;
* ``pettingzoo_raw_steps_per_s`` and ``pettingzoo_wrapped_steps_per_s``: steps of an
  ``agent_iter`` loop that reads ``last()`` and plays a random legal action from its mask,
  on :class:`~conquian.integrations.pettingzoo.raw_env` and on :func:`env` (the wrappers;
  both loops play the same games);
* ``pettingzoo_wrappers_alone_steps_per_s``: the same loop on PettingZoo's own three
  wrappers (those ``env``'s subclass) around a trivial environment (two agents taking
  turns, a ready observation and mask, 52 moves a game, about as many steps as
  Conquian's), which costs next to nothing: the most steps a second any environment in
  PettingZoo's wrappers can make on this machine, whatever it does.

``--only pettingzoo`` (or ``openspiel``) measures those figures alone.
``--instructions`` counts instead, with callgrind (``valgrind``), the instructions a step
of each PettingZoo loop executes, which do not depend on the machine's load.

``--before DIR`` measures the ``src`` folder ``DIR`` of another version in the same run,
round by round alternating with this one (each round in a fresh process), so that both
see the same machine::

    git archive COMMIT src | tar -x -C /tmp/before
    python benchmarks/integrations.py --before /tmp/before/src --rounds 5
    python benchmarks/integrations.py --before /tmp/before/src --instructions

Needs the integrations' extras (``tox -e integrations`` installs them).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
FIGURES = (
    "clone_per_s",
    "resample_per_s",
    "playout_states_per_s",
    "pettingzoo_raw_steps_per_s",
    "pettingzoo_wrapped_steps_per_s",
    "pettingzoo_wrappers_alone_steps_per_s",
)


def _rate(count: int, started: float) -> float:
    return count / (time.process_time() - started)


def measure(seconds: float, only: str | None = None) -> dict[str, float]:
    """One round of every figure, about ``seconds`` each, in this process: of the
    OpenSpiel figures and the PettingZoo ones, or of those ``only`` names."""
    figures = {} if only == "pettingzoo" else _openspiel_figures(seconds)
    if only != "openspiel":
        figures |= _pettingzoo_figures(seconds)
    return figures


def _openspiel_figures(seconds: float) -> dict[str, float]:
    """One round of the OpenSpiel figures."""
    import pyspiel  # noqa: F401  (registers nothing itself; the module below does)

    from conquian.integrations import openspiel

    rng = random.Random(1)
    game = openspiel.load_game()
    # Mid-game states: every tenth state of some random games, at a player node.
    states: list[Any] = []
    for _ in range(8):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
            else:
                if steps % 10 == 5:
                    states.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    figures: dict[str, float] = {}

    count, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        for state in states:
            state.clone()
        count += len(states)
    figures["clone_per_s"] = _rate(count, started)

    sampler = rng.random
    count, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        for state in states:
            state.resample_from_infostate(state.current_player(), sampler)
        count += len(states)
    figures["resample_per_s"] = _rate(count, started)

    count, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            count += 1
    figures["playout_states_per_s"] = _rate(count, started)
    return figures


def _pettingzoo_figures(seconds: float) -> dict[str, float]:
    """One round of the PettingZoo figures."""
    import numpy as np

    figures: dict[str, float] = {}
    for name in PETTINGZOO:
        environment = _environment(name)
        generator = np.random.default_rng(1)
        count, started = 0, time.process_time()
        while time.process_time() - started < seconds:
            count += _steps(environment, generator, 1)  # one game
        figures[name] = _rate(count, started)
    return figures


PETTINGZOO = (
    "pettingzoo_raw_steps_per_s",
    "pettingzoo_wrapped_steps_per_s",
    "pettingzoo_wrappers_alone_steps_per_s",
)
"""The PettingZoo figures, each the steps of one environment (:func:`_environment`)."""


def _environment(figure: str) -> Any:
    """The environment of the PettingZoo ``figure``, made with the seed 1."""
    from conquian.integrations import pettingzoo

    makers: dict[str, Callable[..., Any]] = {
        "pettingzoo_raw_steps_per_s": pettingzoo.raw_env,
        "pettingzoo_wrapped_steps_per_s": pettingzoo.env,
        "pettingzoo_wrappers_alone_steps_per_s": _wrapped_trivial_env,
    }
    return makers[figure](seed=1)


def _steps(environment: Any, generator: Any, at_least: int) -> int:
    """Whole games of an ``agent_iter`` loop that reads ``last()`` and plays a random
    legal action from the mask, until at least ``at_least`` steps: how many it made."""
    import numpy as np

    count = 0
    while count < at_least:
        environment.reset()
        for _ in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                environment.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                environment.step(int(legal[generator.integers(len(legal))]))
            count += 1
    return count


def _wrapped_trivial_env(seed: int) -> Any:
    """A trivial AEC environment in the wrappers of
    :func:`conquian.integrations.pettingzoo.env`: what the wrappers alone cost."""
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    from conquian.actions import NUM_ACTIONS, OBSERVATION_SIZE
    from conquian.integrations.pettingzoo import AGENTS

    class Trivial(AECEnv):  # type: ignore[misc]
        metadata = {"name": "trivial_v0", "render_modes": [], "is_parallelizable": False}  # noqa: RUF012

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = list(AGENTS)
            self.seen = {
                "observation": np.zeros(OBSERVATION_SIZE, np.float32),
                "action_mask": np.ones(NUM_ACTIONS, np.int8),
            }
            self.space = spaces.Discrete(NUM_ACTIONS)
            self.steps = 0

        def action_space(self, agent: str) -> Any:
            return self.space

        def observe(self, agent: str) -> Any:
            return self.seen

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.agents = list(AGENTS)
            self.rewards = dict.fromkeys(AGENTS, 0.0)
            self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
            self.terminations = dict.fromkeys(AGENTS, False)
            self.truncations = dict.fromkeys(AGENTS, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
            self.agent_selection = AGENTS[1]
            self.steps = 0

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self.steps += 1
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if self.steps == 52:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.agent_selection = AGENTS[1 - AGENTS.index(agent)]

    wrapped: Any = wrappers.TerminateIllegalWrapper(Trivial(), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _round(src: Path, seconds: float, only: str | None) -> dict[str, float]:
    """One round in a fresh process that imports conquian from ``src``."""
    done = subprocess.run(
        [sys.executable, __file__, "--worker", "--seconds", str(seconds)]
        + ([] if only is None else ["--only", only]),
        check=False,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
    )
    if done.returncode:
        raise SystemExit(f"a round with {src} failed:\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def _instructions(src: Path, figure: str) -> float:
    """The instructions a step of the PettingZoo ``figure``'s loop executes with
    ``src``'s conquian, counted by callgrind (``valgrind``): the count of a run of about
    3,000 steps less that of about 500, over the difference in steps, so that starting
    Python and importing the libraries count for nothing. Unlike a time, it does not
    depend on what else the machine is doing."""
    runs = []
    for at_least in (500, 3000):
        done = subprocess.run(
            [
                *("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"),
                *(sys.executable, __file__, "--steps", figure, str(at_least)),
            ],
            check=False,
            capture_output=True,
            text=True,
            # The same hashes in every run, and every module compiled in both runs (a
            # first run that wrote the bytecode would count compiling it).
            env={
                "PYTHONPATH": str(src),
                "PATH": "/usr/bin:/bin",
                "PYTHONHASHSEED": "0",
                "PYTHONDONTWRITEBYTECODE": "1",
            },
        )
        counted = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode or counted is None:
            raise SystemExit(f"callgrind of {figure} with {src} failed:\n{done.stderr}")
        runs.append((int(done.stdout), int(counted[1])))
    (steps_a, count_a), (steps_b, count_b) = runs
    return (count_b - count_a) / (steps_b - steps_a)


def _print_instructions(versions: dict[str, Path], table: Path | None) -> None:
    """Print the instructions a step of each PettingZoo figure, for each version (and
    write them as a docs table in ``table``)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (callgrind)")
    counts = {
        name: {figure: _instructions(src, figure) for figure in PETTINGZOO}
        for name, src in versions.items()
    }
    print(f"{'instructions a step':<40}" + "".join(f"{name:>12}" for name in versions))
    for figure in PETTINGZOO:
        label = figure.removesuffix("_steps_per_s")
        print(f"{label:<40}" + "".join(f"{counts[name][figure]:>12,.0f}" for name in versions))
    if table is not None:
        lines = [".. list-table::", "   :header-rows: 1", "", "   * - instructions a step"]
        lines += [f"     - {name}" for name in versions]
        for figure in PETTINGZOO:
            lines.append(f"   * - {_LABELS[figure].replace(' steps per second', '')}")
            lines += [f"     - {counts[name][figure]:,.0f}" for name in versions]
        command = "python benchmarks/integrations.py --instructions"
        lines += ["", f"Counted by callgrind (``{command}``)."]
        table.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each version (3)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds a figure (1)")
    parser.add_argument("--before", type=Path, help="the src folder of another version")
    parser.add_argument("--json", type=Path, help="also save the figures here")
    parser.add_argument("--table", type=Path, help="also write them as a docs table here")
    parser.add_argument(
        "--only", choices=("openspiel", "pettingzoo"), help="measure these figures alone"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the PettingZoo figures' instructions a step with callgrind instead",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--steps", nargs=2, metavar=("FIGURE", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.seconds, args.only)))
        return
    if args.steps is not None:
        import numpy as np

        figure, at_least = args.steps
        print(_steps(_environment(figure), np.random.default_rng(1), int(at_least)))
        return
    versions = {"after": SRC} if args.before is None else {"before": args.before, "after": SRC}
    if args.instructions:
        _print_instructions(versions, args.table)
        return
    rounds: dict[str, list[dict[str, float]]] = {name: [] for name in versions}
    for _ in range(args.rounds):
        for name, src in versions.items():
            rounds[name].append(_round(src, args.seconds, args.only))
    measured = [figure for figure in FIGURES if figure in rounds["after"][0]]
    medians = {
        name: {figure: statistics.median(r[figure] for r in done) for figure in measured}
        for name, done in rounds.items()
    }
    names = list(versions)
    print(f"{'figure':<40}" + "".join(f"{name:>12}" for name in names))
    for figure in measured:
        print(f"{figure:<40}" + "".join(f"{medians[name][figure]:>12,.0f}" for name in names))
    if args.json is not None:
        args.json.write_text(json.dumps(medians, indent=2) + "\n", encoding="utf-8")
    if args.table is not None:
        args.table.write_text(_table(medians, args.rounds), encoding="utf-8")


_LABELS = {
    "clone_per_s": "OpenSpiel ``clone()`` per second",
    "resample_per_s": "OpenSpiel ``resample_from_infostate`` per second",
    "playout_states_per_s": "OpenSpiel random playouts, states per second",
    "pettingzoo_raw_steps_per_s": "PettingZoo ``raw_env`` steps per second",
    "pettingzoo_wrapped_steps_per_s": "PettingZoo ``env`` (wrapped) steps per second",
    "pettingzoo_wrappers_alone_steps_per_s": (
        "PettingZoo's own three wrappers around a trivial environment"
    ),
}


def _table(medians: dict[str, dict[str, float]], rounds: int) -> str:
    """The figures as a reStructuredText list table, for the docs."""
    names = list(medians)
    lines = [".. list-table::", "   :header-rows: 1", "", "   * - figure"]
    lines += [f"     - {name}" for name in names]
    for figure in medians[names[0]]:
        lines.append(f"   * - {_LABELS[figure]}")
        lines += [f"     - {medians[name][figure]:,.0f}" for name in names]
    lines += ["", f"Medians of {rounds} rounds (``python benchmarks/integrations.py``)."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
