"""Shared pytest configuration: Hypothesis profiles.

Profiles:

- ``default``: 100 examples per property.
- ``ci``: derandomized (same examples every run), 200 examples, and a reproduction blob
  printed for every failure.
- ``dev``: 10 examples, for a quick loop while editing; the brute-force tests that walk
  a fixed number of games play a fifth of them, or only the games up to the first at
  which they reached all they check (``helpers.scaled``).

No profile has a deadline: a test's speed is measured by the benchmarks, and a time limit
per example would fail on a busy machine (a property along a random game of the slower
presets can take 300 ms while other work shares the cores).

The profile named by ``HYPOTHESIS_PROFILE`` is loaded if set; otherwise ``ci`` when the
``CI`` environment variable says so (``.ci/run`` sets ``CI=true`` unless the CI system
has set it; empty, ``0``, ``false`` and ``no`` say no), else ``default``.

The quick loop uses every core: ``HYPOTHESIS_PROFILE=dev pytest`` with no test paths
named shares the whole suite among one pytest-xdist worker a core, as if ``-n auto`` had
been given, when pytest-xdist is installed and the machine has two cores or more. The
suite takes 69 s to 85 s in one process on a two-core machine and 45 s in two; every test
runs in any worker (``tools/check_collection.py`` checks that two processes collect the
same tests). ``-n 0`` keeps the run in one process, and so does a run that names its
tests, asks for a debugger (``--pdb``, ``--trace``), turns output capture off (``-s``),
or chose ``-n`` itself (``tests/test_quick_loop.py`` runs each case).

The cyclic garbage collector is kept out of the way of objects that live to the end of
the run, which every full collection walked again:

- it is off while the tests are collected (collection makes few cycles, and its 18 full
  collections took 0.9 s), then what collection left alive (the modules, the collected
  tests, their parameters) is moved out of its sight (``gc.freeze``);
- at the end of each test module, once its fixtures are torn down, what is still alive
  (the caches of parsed sources and built records that later modules keep) is moved out
  of its sight too: the full collections of a ``dev`` run took 2.9 s with the collection
  frozen only, 0.9 s with this. A cycle that dies later stays in memory; the tests make
  few.
"""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import settings

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("ci", derandomize=True, max_examples=200, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=10, deadline=None)


def _profile_name() -> str:
    explicit = os.environ.get("HYPOTHESIS_PROFILE")
    if explicit:
        return explicit
    in_ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    return "ci" if in_ci else "default"


settings.load_profile(_profile_name())

gc.disable()  # until the tests are collected (see the module's docstring)


@pytest.hookimpl(tryfirst=True)  # ahead of pytest-xdist's own, which reads -n
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Share a whole-suite ``dev`` run among one worker a core (see the docstring)."""
    whole_suite = config.args_source is pytest.Config.ArgsSource.TESTPATHS
    interactive = (
        config.getoption("usepdb", False)
        or config.getoption("trace", False)
        or config.getoption("capture", "fd") == "no"
    )
    if (
        _profile_name() == "dev"
        and whole_suite
        and not interactive
        and config.pluginmanager.hasplugin("xdist")
        and config.getoption("numprocesses", None) is None
        and not hasattr(config, "workerinput")  # a worker: the run is shared already
        and _cores() >= 2
    ):
        config.option.numprocesses = "auto"


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):  # not on macOS or Windows
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what collection left alive (see the module's docstring)."""
    gc.collect()
    gc.freeze()
    gc.enable()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Freeze what is alive after the last test of a module, once its fixtures are torn
    down (see the module's docstring)."""
    if nextitem is None or nextitem.path != item.path:
        gc.freeze()
