"""Run every ``examples/*.py`` script in a fresh interpreter; fail if any fails.

Usage: ``python tools/run_examples.py [EXAMPLES_DIR]``. Each script runs with the
current interpreter (so it sees the installed ``conquian``), a time limit, and the
examples directory as its working directory. Exits 1 if any script fails.
"""

from __future__ import annotations

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
        if result.returncode == 0:
            print(f"ok   {script.name} ({elapsed:.1f} s)")
        else:
            failures += 1
            print(f"FAIL {script.name}: exit code {result.returncode} ({elapsed:.1f} s)")
            sys.stdout.write(result.stdout)
            sys.stdout.write(result.stderr)
    print(f"{len(scripts) - failures} of {len(scripts)} examples passed")
    return failures


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit code."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(__file__).resolve().parent.parent
    examples_dir = Path(args[0]) if args else root / "examples"
    return 1 if run_all(examples_dir) else 0


if __name__ == "__main__":
    sys.exit(main())
