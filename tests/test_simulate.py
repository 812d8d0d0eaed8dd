"""Tests for :mod:`conquian.simulate` and ``python -m conquian simulate``."""

from __future__ import annotations

import io
import itertools
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conquian import Card, ConquianError, InvalidCardError, Rules
from conquian.agents import Agent, GreedyAgent
from conquian.arena import MAX_DEALS, arena
from conquian.cli import main
from conquian.simulate import (
    MAX_SIMULATED_GAMES,
    MAX_WORKERS,
    SimulationResult,
    _chunks,
    game_seed,
    in_workers,
    simulate,
)
from helpers import child_environment, scaled


def always_greedy(seed: int) -> Agent:
    return GreedyAgent()


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    games = scaled(300)  # 60 under dev: six tasks, shared by the two workers
    one = simulate(games, ("greedy", "random"), seed=5, workers=1)
    two = simulate(games, ("greedy", "random"), seed=5, workers=2)
    assert one == two
    assert one.games == games
    assert sum(one.wins) + one.draws == games
    assert one.plies > games


@pytest.mark.parametrize("games", [0, 1, 9, 10, 11, 250, 1001, 6000, 100_000])
@pytest.mark.parametrize("workers", [1, 2, 3, 8])
def test_tasks_cover_every_game_once_and_shrink(games: int, workers: int) -> None:
    chunks = _chunks(games, workers)
    assert [game for low, high in chunks for game in range(low, high)] == list(range(games))
    sizes = [high - low for low, high in chunks]
    assert all(1 <= size <= 250 for size in sizes)
    assert all(size >= 10 for size in sizes[:-1]), "only the last task may be tiny"
    assert sizes == sorted(sizes, reverse=True), "tasks shrink so the workers end together"
    if games >= 1000:
        assert len(chunks) >= 4 * workers, "enough tasks to balance the workers"


def _pid_after_a_while(number: int) -> tuple[int, int]:
    time.sleep(0.02)
    return number, os.getpid()


def test_workers_run_every_task_once_and_end_when_the_caller_leaves() -> None:
    """Each task's result comes back with its number, from the worker processes; a
    caller that stops reading (as Ctrl-C or an error stops it) ends the workers at once
    instead of waiting for the tasks left (as a ProcessPoolExecutor block would)."""
    tasks = [(number,) for number in range(12)]
    done = dict(in_workers(_pid_after_a_while, tasks, 2))
    assert sorted(done) == list(range(12))
    assert all(value[0] == number for number, value in done.items())
    assert os.getpid() not in {pid for _, pid in done.values()}
    assert multiprocessing.active_children() == []
    results = in_workers(_pid_after_a_while, [(number,) for number in range(1000)], 2)
    next(results)
    assert len(multiprocessing.active_children()) == 2
    results.close()  # what an exception in the caller's loop does
    assert multiprocessing.active_children() == []


def test_no_more_workers_start_than_there_are_tasks() -> None:
    """A thousand workers asked for three tasks start three processes, not a thousand."""
    results = in_workers(_pid_after_a_while, [(number,) for number in range(3)], 1000)
    next(results)
    assert len(multiprocessing.active_children()) == 3
    results.close()
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: simulate(10, workers=MAX_WORKERS + 1),
            "workers must be a whole number from 0 to 1,024",
        ),
        (lambda: simulate(10, workers=10**9), "workers must be a whole number from 0 to 1,024"),
        (lambda: simulate(MAX_SIMULATED_GAMES + 1), "games must be a whole number from 0 to"),
        (lambda: arena(["random", "greedy"], deals=5, workers=10**9), "workers must be"),
        (lambda: arena(["random", "greedy"], deals=MAX_DEALS + 1), "deals must be a whole number"),
    ],
)
def test_counts_past_the_limits_are_refused_before_any_work(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ConquianError, match=message):
        call()
    assert multiprocessing.active_children() == []


def test_the_seed_decides_the_games() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, game) for game in range(100)}) == 100
    assert game_seed(1, 0) != game_seed(2, 0)
    games = scaled(60)  # 12 under dev
    assert simulate(games, seed=3) == simulate(games, seed=3)
    assert simulate(games, seed=3) != simulate(games, seed=4)


def test_greedy_beats_random_and_the_seats_can_swap() -> None:
    games = scaled(200)  # 40 under dev: greedy wins 20 to 3, and 17 to 0 seated second
    ahead = simulate(games, ("greedy", "random"), seed=2)
    behind = simulate(games, ("random", "greedy"), seed=2)
    assert ahead.wins[0] > ahead.wins[1]
    assert behind.wins[1] > behind.wins[0]


def test_a_factory_agent_and_other_rules() -> None:
    games = scaled(40)  # 8 under dev
    result = simulate(games, (always_greedy, always_greedy), seed=1, rules=Rules(max_sequence=10))
    assert result.games == games
    assert sum(result.wins) + result.draws == games


def test_progress_reaches_the_end() -> None:
    seen: list[tuple[int, int]] = []
    games = scaled(600)  # 120 under dev: eight tasks
    simulate(games, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (games, games)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_wilson_interval() -> None:
    result = SimulationResult(games=100, wins=(50, 20), draws=30, plies=0, seconds=1.0)
    low, high = result.interval(0)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert result.rate(1) == 0.2
    assert result.games_per_second == 100
    empty = SimulationResult(games=0, wins=(0, 0), draws=0, plies=0, seconds=0.0)
    assert empty.interval(0) == (0.0, 1.0)
    assert "seat 0: 50 wins" in str(result)


@pytest.mark.parametrize(
    ("games", "agents", "workers", "message"),
    [
        (-1, ("greedy", "random"), 1, "games must be"),
        (10, ("greedy",), 1, "two agents, not 1"),
        (10, ("greedy", "random", "heuristic"), 1, "two agents, not more than two"),
        (10, ("greedy", "clever"), 1, "no agent is called 'clever'"),
        (10, ("greedy", "random"), -2, "workers must be"),
    ],
)
def test_bad_arguments_are_refused(
    games: int, agents: tuple[str, ...], workers: int, message: str
) -> None:
    with pytest.raises(ConquianError, match=message):
        simulate(games, agents, workers=workers)


def test_any_iterable_of_two_agents_is_read_and_no_more_than_one_too_many() -> None:
    assert simulate(20, iter(["greedy", "random"]), seed=6) == simulate(
        20, ("greedy", "random"), seed=6
    )
    read = []

    def endless() -> Iterator[str]:
        for name in itertools.cycle(("greedy", "random")):
            read.append(name)
            yield name

    with pytest.raises(ConquianError, match="two agents, not more than two"):
        simulate(1, endless())
    assert len(read) == 3


def test_the_command_line_prints_the_counts() -> None:
    out = io.StringIO()
    assert main(["simulate", "--games", "50", "--seed", "4", "--quiet"], out=out) == 0
    text = out.getvalue()
    assert "50 games" in text
    assert "Greedy (seat 0) against Random (seat 1), rules classic, seed 4" in text
    expected = simulate(50, seed=4)
    assert f"Greedy (seat 0): {expected.wins[0]} wins" in text


class UnpicklableError(Exception):
    """An error whose class Python cannot rebuild from its args (two are required)."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def parses_a_bad_card(seed: int) -> Agent:
    Card.parse("8h")  # the pack has no 8 (R1): InvalidCardError in the worker
    raise AssertionError("unreachable")


def fails_unpicklably(seed: int) -> Agent:
    raise UnpicklableError("the agent's own error", 7)


def finished_within(call: Callable[[], object], seconds: float) -> BaseException:
    """The error ``call`` raised, run in a thread; fails if the call still runs after
    ``seconds`` (a pool that lost an error waits for ever)."""
    raised: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:
            raised.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the call never returned: the workers' error was lost"
    assert raised, "the call returned without its error"
    return raised[0]


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    """A worker's error crosses to the caller whole, the library's own (whose __init__
    needs keywords) as itself, and one that cannot be pickled as a RuntimeError naming
    it, instead of leaving the pool waiting for ever."""
    error = finished_within(
        lambda: simulate(40, (parses_a_bad_card, "random"), workers=2), seconds=120
    )
    assert isinstance(error, InvalidCardError)
    assert error.token == "8h"
    error = finished_within(
        lambda: simulate(40, (fails_unpicklably, "random"), workers=2), seconds=120
    )
    assert isinstance(error, RuntimeError)
    assert str(error) == "UnpicklableError: the agent's own error"


def _ends_the_worker(number: int) -> tuple[int, int]:
    if number == 3:
        os._exit(3)  # a crash: the worker ends without sending a result
    time.sleep(0.01)
    return number, os.getpid()


def test_a_worker_that_ends_without_its_result_is_an_error_not_a_wait() -> None:
    """multiprocessing.Pool waited for ever for a task whose worker died; in_workers says
    so, and ends the other worker."""
    error = finished_within(
        lambda: list(in_workers(_ends_the_worker, [(number,) for number in range(8)], 2)),
        seconds=120,
    )
    assert isinstance(error, RuntimeError)
    assert str(error) == "a worker process ended without its result (exit code 3)"
    assert multiprocessing.active_children() == []


_MANY_FAILING_CALLS = """\
import sys

sys.path.insert(0, sys.argv[2])
from conquian.errors import InvalidCardError
from conquian.simulate import simulate
from test_simulate import parses_a_bad_card

for call in range(int(sys.argv[1])):
    try:
        simulate(40, (parses_a_bad_card, "random"), workers=2)
    except InvalidCardError:
        continue
    sys.exit(f"call {call} returned without the workers' error")
print(sys.argv[1], "calls returned their workers' error")
"""


def test_errors_in_workers_never_leave_the_caller_waiting() -> None:
    """The worker pool's own race (multiprocessing.Pool.terminate() could wait for ever
    on the result queue's lock when it killed a worker writing a result: once in about
    450 calls of the test above: at that rate this test would catch it about two runs
    in three): many calls whose workers fail at once, and each returns.

    The calls run in a small child process: each forks two workers, and a fork of this
    test run's large process costs about fifteen times as much (500 calls: 6 s in the
    child, 90 s more in the run)."""
    calls, seconds = scaled(500, least=100), 300
    tests = str(Path(__file__).parent)
    with subprocess.Popen(
        [sys.executable, "-c", _MANY_FAILING_CALLS, str(calls), tests],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_environment(),
        start_new_session=True,  # its own process group: a hang is ended with its workers
    ) as child:
        try:
            out, err = child.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            pytest.fail(f"{calls} calls did not return within {seconds} s: one waited for ever")
    assert child.returncode == 0, err
    assert out == f"{calls} calls returned their workers' error\n"
