"""Simulation on Ray: the same games, the same counts as the process pool, on a local
Ray instance with 2 CPUs (started once for the module, and shut down)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
import ray

from conquian import PRESETS, ConquianError
from conquian.cli import main
from conquian.simulate import simulate


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize(
    ("name", "agents"),
    [("classic", ("greedy", "random")), ("foster", ("heuristic", "greedy"))],
)
def test_ray_gives_the_process_pools_results(name: str, agents: tuple[str, str]) -> None:
    rules = PRESETS[name]
    on_ray = simulate(120, agents, seed=4, rules=rules, backend="ray")
    in_processes = simulate(120, agents, seed=4, rules=rules, workers=2)
    assert on_ray == in_processes
    assert on_ray.games == 120
    assert sum(on_ray.wins) + on_ray.draws == 120
    assert ray.is_initialized()  # an initialised Ray is used and left running


def test_progress_is_reported_as_tasks_finish() -> None:
    seen: list[tuple[int, int]] = []
    simulate(60, seed=1, backend="ray", progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (60, 60)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_the_cli_simulates_on_ray() -> None:
    out = io.StringIO()
    args = ["simulate", "--games", "40", "--seed", "2", "--backend", "ray", "--quiet"]
    assert main(args, out=out) == 0
    text = out.getvalue()
    expected = simulate(40, seed=2)
    for seat, name in enumerate(("Greedy", "Random")):
        wins = expected.wins[seat]
        assert re.search(rf"{name} \(seat {seat}\): +{wins} wins?,", text), text
    assert "games/s, Ray (local))" in text


def test_bad_backends_and_addresses_are_refused() -> None:
    with pytest.raises(ConquianError, match="backend is one of process, ray"):
        simulate(10, backend="dask")
    with pytest.raises(ConquianError, match="needs the ray backend"):
        simulate(10, address="auto")


def test_a_run_that_stops_early_cancels_the_tasks_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """A progress callback that raises stops the run, and the Ray tasks not finished are
    cancelled rather than left to keep the cluster's CPUs busy."""
    cancelled: list[object] = []
    cancel = ray.cancel

    def recording_cancel(ref: object, **options: object) -> None:
        cancelled.append(ref)
        cancel(ref, **options)

    monkeypatch.setattr(ray, "cancel", recording_cancel)

    class StopRunError(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise StopRunError

    with pytest.raises(StopRunError):
        simulate(4000, seed=1, backend="ray", progress=stop)
    assert cancelled  # every task but the one that finished first
