"""Run every ``examples/*.py`` script in a fresh interpreter; fail if any fails.

Usage: ``python tools/run_examples.py [EXAMPLES_DIR]``. Each script runs with the
current interpreter (so it sees the installed ``conquian``), a time limit, and the
examples directory as its working directory. A script with a ``.out`` file beside it
must print exactly that file's text: the docs show those files as the scripts' output.
Exits 1 if any script fails.
"""

from __future__ import annotations

import difflib
import subprocess
import sys
import time
from pathlib import Path

TIMEOUT_SECONDS = 120


def run_all(examples_dir: Path) -> int:
    """Run each script in ``examples_dir`` and return the number of failures."""
    scripts = sorted(p for p in examples_dir.glob("*.py") if not p.name.startswith("_"))
    if not scripts:
        print(f"no examples found in {examples_dir}")
        return 0
    failures = 0
    for script in scripts:
        start = time.perf_counter()
        try:
            result = subprocess.run(
                [sys.executable, script.name],
                cwd=examples_dir,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=TIMEOUT_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired:
            print(f"FAIL {script.name}: timed out after {TIMEOUT_SECONDS} s")
            failures += 1
            continue
        elapsed = time.perf_counter() - start
        expected = script.with_suffix(".out")
        if result.returncode != 0:
            failures += 1
            print(f"FAIL {script.name}: exit code {result.returncode} ({elapsed:.1f} s)")
            sys.stdout.write(result.stdout)
            sys.stdout.write(result.stderr)
        elif expected.exists() and result.stdout != expected.read_text(encoding="utf-8"):
            failures += 1
            print(f"FAIL {script.name}: its output is not {expected.name} ({elapsed:.1f} s)")
            sys.stdout.writelines(output_diff(expected, result.stdout))
        else:
            checked = f", output as in {expected.name}" if expected.exists() else ""
            print(f"ok   {script.name} ({elapsed:.1f} s{checked})")
    print(f"{len(scripts) - failures} of {len(scripts)} examples passed")
    return failures


def output_diff(expected: Path, output: str) -> list[str]:
    """The lines of a unified diff from ``expected``'s text to ``output``."""
    return list(
        difflib.unified_diff(
            expected.read_text(encoding="utf-8").splitlines(keepends=True),
            output.splitlines(keepends=True),
            fromfile=expected.name,
            tofile="output",
        )
    )


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit code."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(__file__).resolve().parent.parent
    examples_dir = Path(args[0]) if args else root / "examples"
    return 1 if run_all(examples_dir) else 0


if __name__ == "__main__":
    sys.exit(main())
