"""Simulations on a Ray cluster (``pip install "conquian[ray]"``): the backend of
``simulate(..., backend="ray")`` and ``python -m conquian simulate --backend ray``.

The games are split into the same ranges as for the process pool, and each range is one
Ray task running the same function, so game ``i`` is the same game on any backend and
the counts are identical (:func:`conquian.simulate.simulate`). With no address, a local
Ray instance is started for the run with ``workers`` CPUs (one per core for 0), without
the dashboard, and shut down afterwards; with an address (``"auto"``, or
``"ray://HOST:10001"`` for Ray Client) the run joins that cluster, whose size sets the
number of tasks, and leaves it running. An already initialised Ray is used as it is.

On a real multi-machine cluster, every node needs the same version of conquian installed
(the tasks import it), and the agents given as factories must be importable there too.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from conquian.integrations import require

require("ray", "ray")

import ray  # noqa: E402

__all__ = ["connected", "run_tasks"]


@contextmanager
def connected(address: str | None = None, workers: int = 0) -> Iterator[int]:
    """Start a local Ray instance, or join the cluster at ``address``, for the duration of
    the ``with`` block; give the number of CPUs the run may use. A Ray that is already
    initialised is used as it is and left running.

    Args:
        address: The cluster to join, or ``None`` for a local instance.
        workers: The local instance's CPUs (0 for one per core); unused with an address.

    Raises:
        ConnectionError: No cluster answers at ``address``.
    """
    started = False
    if not ray.is_initialized():
        if address is None:
            ray.init(
                num_cpus=workers or os.cpu_count() or 1,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        started = True
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        if started:
            ray.shutdown()


def run_tasks(
    function: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]
) -> Generator[tuple[int, Any], None, None]:
    """Run ``function(*task)`` for each task as a Ray task (inside :func:`connected`); yield
    (task number, result) as each finishes. When the caller stops early (an exception,
    Ctrl-C, or closing the generator), the tasks not finished yet are cancelled, as the
    process pool's workers are stopped.

    Args:
        function: A module-level function (Ray pickles it for the workers).
        tasks: The arguments of each call.
    """
    remote = ray.remote(num_cpus=1)(function)
    pending = {remote.remote(*task): number for number, task in enumerate(tasks)}
    try:
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
