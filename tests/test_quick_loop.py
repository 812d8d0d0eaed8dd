"""The quick loop of ``tests/conftest.py``: ``HYPOTHESIS_PROFILE=dev pytest`` shares the
whole suite among one pytest-xdist worker a core; any other run stays in one process.

Each case runs pytest in a child process on a small project of one test, with this
suite's ``conftest.py`` copied in (the whole suite would take a minute to collect)."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")

XDIST = importlib.util.find_spec("xdist") is not None
"""Whether pytest-xdist is installed: the ``test`` dependency group has it; the release
check's fresh venv, which runs the sdist's tests, does not."""

CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
"""The cores this process may run on (``None`` where Python cannot tell)."""

SHARES = XDIST and (CORES or 1) >= 2
"""Whether this machine can share a run: pytest-xdist installed and two cores or more."""


def run_pytest(folder: Path, profile: str, *args: str) -> str:
    """The output of ``pytest ARGS`` in a project of one test in ``folder``, under the
    Hypothesis profile ``profile``."""
    tests = folder / "tests"
    tests.mkdir(exist_ok=True)
    shutil.copy(CONFTEST, tests / "conftest.py")
    (tests / "test_one.py").write_text("def test_one() -> None:\n    assert 1 + 1 == 2\n")
    (folder / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("PYTEST_", "HYPOTHESIS_")) and name != "CI"
    }
    environment["HYPOTHESIS_PROFILE"] = profile
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    return done.stdout


def shared(output: str) -> bool:
    """Whether pytest-xdist's workers ran the test (``2 workers [1 item]``)."""
    return re.search(r"^\d+ workers? \[1 item\]", output, re.MULTILINE) is not None


def test_the_quick_profile_shares_the_whole_suite_among_the_cores(tmp_path: Path) -> None:
    assert shared(run_pytest(tmp_path, "dev")) == SHARES


OTHER_RUNS = {
    "named": ("dev", ("tests/test_one.py",)),  # a run that names its tests
    "no-capture": ("dev", ("-s",)),  # output read as it comes
    "ci": ("ci", ()),  # the full counts: CI's one-process run
    # the developer's own choice (-n is pytest-xdist's option: only where it is installed)
    **({"n0": ("dev", ("-n", "0"))} if XDIST else {}),
}


@pytest.mark.parametrize(("profile", "args"), OTHER_RUNS.values(), ids=OTHER_RUNS.keys())
def test_any_other_run_stays_in_one_process(
    tmp_path: Path, profile: str, args: tuple[str, ...]
) -> None:
    assert not shared(run_pytest(tmp_path, profile, *args))
