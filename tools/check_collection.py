"""Fail when two pytest processes collect different tests, or the same in another order.

pytest-xdist's workers each collect the suite and must agree, test id for test id; an id
built from an object's repr (its address) or a parametrization built from a set (whose
order follows ``PYTHONHASHSEED``) differs from process to process. This collects the
suite twice, under two hash seeds, and compares::

    python tools/check_collection.py [PYTEST_ARGS...]

The arguments go to both collections (for example ``tests``). Exits 1 if they differ,
printing the first differences.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from collections.abc import Sequence

HASH_SEEDS = ("1", "2")
TIMEOUT_SECONDS = 300


def collected(hash_seed: str, args: Sequence[str]) -> list[str]:
    """The test ids ``pytest --collect-only`` lists under ``PYTHONHASHSEED=hash_seed``."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"pytest --collect-only failed:\n{done.stdout}{done.stderr}")
    return test_ids(done.stdout)


def test_ids(output: str) -> list[str]:
    """The test ids in the output of ``pytest --collect-only -q``, in order.

    >>> test_ids("tests/a.py::test_x[1]\\ntests/a.py::test_y\\n\\n2 tests collected in 0.1s\\n")
    ['tests/a.py::test_x[1]', 'tests/a.py::test_y']
    """
    return [line for line in output.splitlines() if "::" in line]


def differences(first: list[str], second: list[str]) -> list[str]:
    """The lines of a unified diff between two collections (none if they agree).

    >>> differences(["t::a", "t::b"], ["t::a", "t::b"])
    []
    >>> differences(["t::a", "t::b"], ["t::b", "t::a"])[2:]
    ['@@ -1,2 +1,2 @@\\n', '+t::b\\n', ' t::a\\n', '-t::b\\n']
    """
    return list(
        difflib.unified_diff(
            [f"{line}\n" for line in first],
            [f"{line}\n" for line in second],
            fromfile=f"PYTHONHASHSEED={HASH_SEEDS[0]}",
            tofile=f"PYTHONHASHSEED={HASH_SEEDS[1]}",
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; returns the process exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    first, second = (collected(seed, args) for seed in HASH_SEEDS)
    diff = differences(first, second)
    if diff:
        print("two processes collected different tests (pytest-xdist's workers would too):")
        sys.stdout.writelines(diff[:60])
        return 1
    print(f"{len(first)} tests, collected alike under PYTHONHASHSEED={' and '.join(HASH_SEEDS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
