"""Build the release files and check them as a user would meet them (``tox -e release``).

1. Build the sdist and the wheel (``python -m build``) into a fresh directory.
2. ``twine check --strict`` both (the metadata and the README render on PyPI).
3. Read the wheel: it holds every module of ``src/conquian``, ``py.typed`` and the JSON
   schemas, and nothing from ``tests``, ``docs``, ``examples``, ``benchmarks`` or
   ``tools``, no byte code; its version is the one of ``src/conquian/_version.py``, and a
   release version has its own section in ``CHANGELOG.md``.
4. On each Python (``python3.11``, ``python3.12``, ``python3.13``): a fresh venv installs
   the wheel alone (and attrs from the index), imports it from the venv, plays the
   demonstration game, and runs the package's doctests.
5. Unpack the sdist, build a wheel from it, check that wheel holds the same files, install
   it in a fresh venv with the test tools, and run the sdist's own tests against it.

Each step prints one line; the first failure stops with a message naming what was wrong
and exit status 1.

    python tools/check_release.py [--pythons python3.11,python3.12] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "conquian"
PYTHONS = ("python3.11", "python3.12", "python3.13")
REQUIRED = (
    "conquian/py.typed",
    "conquian/match.schema.json",
    "conquian/record.schema.json",
    "conquian/views.schema.json",
)
FORBIDDEN_TOPS = ("tests", "tests_integrations", "docs", "examples", "benchmarks", "tools")
DOCTESTS = (
    "-m",
    "pytest",
    "--doctest-modules",
    "--pyargs",
    "conquian",
    "--ignore-glob=*/conquian/integrations/*",
    "-p",
    "no:cacheprovider",
    "-q",
)


class ReleaseError(Exception):
    """A release file is not what a user should get."""


def run(
    command: Sequence[str | Path], *, cwd: Path | None = None, env: dict[str, str] | None = None
) -> str:
    """Run ``command``; its output, or ReleaseError with the output's tail."""
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-25:])
        raise ReleaseError(f"{' '.join(map(str, command))} exited {result.returncode}:\n{tail}")
    return result.stdout


def version() -> str:
    """The version ``src/conquian/_version.py`` gives (read, not imported)."""
    text = (PACKAGE / "_version.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise ReleaseError("src/conquian/_version.py has no __version__ line")
    return found.group(1)


def build(source: Path, outdir: Path, *what: str) -> None:
    """``python -m build`` of ``source`` into ``outdir`` (``--sdist``, ``--wheel`` or both)."""
    run([sys.executable, "-m", "build", *what, "--outdir", outdir, source])


def only(outdir: Path, pattern: str) -> Path:
    """The one file of ``outdir`` matching ``pattern``."""
    found = sorted(outdir.glob(pattern))
    if len(found) != 1:
        raise ReleaseError(f"expected one {pattern} in {outdir}, found {[p.name for p in found]}")
    return found[0]


def source_modules() -> set[str]:
    """The files of the package a wheel must hold, as wheel paths."""
    return {
        "conquian/" + path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def check_wheel(wheel: Path, expected_version: str) -> set[str]:
    """Check the wheel's name, metadata and files; the package files it holds."""
    if not wheel.name.startswith(f"conquian-{expected_version}-"):
        raise ReleaseError(f"the wheel {wheel.name} is not version {expected_version}")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata_name = f"conquian-{expected_version}.dist-info/METADATA"
        if metadata_name not in names:
            raise ReleaseError(f"the wheel has no {metadata_name}")
        metadata = archive.read(metadata_name).decode("utf-8")
    if f"\nVersion: {expected_version}\n" not in metadata:
        raise ReleaseError(f"the wheel's METADATA does not say Version: {expected_version}")
    package = {name for name in names if ".dist-info/" not in name}
    missing = sorted(set(REQUIRED) - package) + sorted(source_modules() - package)
    if missing:
        raise ReleaseError(f"the wheel lacks {', '.join(missing)}")
    stray = sorted(
        name
        for name in package
        if name.split("/")[0] in FORBIDDEN_TOPS
        or name.endswith((".pyc", ".pyo"))
        or "__pycache__" in name
        or not name.startswith("conquian/")
    )
    if stray:
        raise ReleaseError(f"the wheel holds files a user should not get: {', '.join(stray)}")
    return package


def check_changelog(release: str) -> None:
    """A release version (not a ``.dev`` one) has its own section in CHANGELOG.md."""
    if ".dev" in release:
        return
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    if not re.search(rf"^## \[{re.escape(release)}\]", changelog, re.MULTILINE):
        raise ReleaseError(f"CHANGELOG.md has no section ## [{release}]")


def venv_with(python: str, where: Path, *packages: str | Path) -> Path:
    """A fresh venv of ``python`` at ``where`` with ``packages``; its interpreter."""
    run([python, "-m", "venv", where])
    interpreter = where / "bin" / "python"
    run([interpreter, "-m", "pip", "install", "-q", "--disable-pip-version-check", *packages])
    return interpreter


def check_installed(interpreter: Path, venv: Path, scratch: Path) -> str:
    """The wheel installed in ``venv`` imports from there, plays, and passes its doctests."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    where = run(
        [interpreter, "-c", "import conquian; print(conquian.__file__, conquian.__version__)"],
        cwd=scratch,
        env=env,
    ).split()
    if not Path(where[0]).resolve().is_relative_to(venv.resolve()):
        raise ReleaseError(f"conquian was imported from {where[0]}, not from the venv")
    demo = run([interpreter, "-m", "conquian", "demo", "--seed", "3"], cwd=scratch, env=env)
    if not re.search(r"\(R1[56]: ", demo):  # drawn (R15) or won by going out (R16)
        raise ReleaseError(f"the demonstration game printed no result:\n{demo[-500:]}")
    # From the venv: pytest reads --ignore-glob relative to the working directory.
    doctests = run([interpreter, *DOCTESTS], cwd=venv, env=env)
    return doctests.strip().splitlines()[-1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pythons",
        default=",".join(PYTHONS),
        help="the interpreters that install the wheel (default: %(default)s)",
    )
    parser.add_argument("--keep", type=Path, help="build in this directory and keep it")
    args = parser.parse_args(argv)
    pythons = [name for name in args.pythons.split(",") if name]
    if args.keep is not None and args.keep.exists() and any(args.keep.iterdir()):
        parser.error(f"--keep {args.keep}: choose a new or empty directory")
    work = args.keep or Path(tempfile.mkdtemp(prefix="conquian-release-"))
    work.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()

    def step(text: str) -> None:
        print(f"[{time.monotonic() - started:5.0f} s] {text}", flush=True)

    try:
        release = version()
        dist = work / "dist"
        build(ROOT, dist)
        sdist, wheel = only(dist, "*.tar.gz"), only(dist, "*.whl")
        step(f"built {sdist.name} and {wheel.name}")
        run([sys.executable, "-m", "twine", "check", "--strict", sdist, wheel])
        step("twine check --strict: both pass")
        files = check_wheel(wheel, release)
        check_changelog(release)
        step(
            f"the wheel holds the {len(files)} package files (py.typed and the three schemas "
            "among them), nothing else"
        )
        for python in pythons:
            venv = work / f"venv-{python}"
            interpreter = venv_with(python, venv, wheel, "pytest")
            scratch = work / f"run-{python}"
            scratch.mkdir()
            summary = check_installed(interpreter, venv, scratch)
            step(f"{python}: the wheel installs, plays the demo, doctests: {summary}")
        unpacked = work / "sdist"
        with tarfile.open(sdist) as archive:
            archive.extractall(unpacked, filter="data")
        tree = only(unpacked, "conquian-*")
        rebuilt_dir = work / "from-sdist"
        build(tree, rebuilt_dir, "--wheel")
        rebuilt = only(rebuilt_dir, "*.whl")
        rebuilt_files = check_wheel(rebuilt, release)
        if rebuilt_files != files:
            raise ReleaseError(f"the sdist's wheel differs: {sorted(rebuilt_files ^ files)}")
        tests_python = pythons[0] if pythons else sys.executable
        venv = work / "venv-sdist"
        interpreter = venv_with(tests_python, venv, rebuilt, "pytest", "hypothesis", "jsonschema")
        # The sdist's tests against the wheel it built: nothing puts the sdist's src/ on
        # the path (``python -m pytest`` adds the unpacked tree, which has no conquian/).
        # The quick Hypothesis profile: the full counts run in the py3xx environments.
        env = {**os.environ, "HYPOTHESIS_PROFILE": "dev", "PYTHONDONTWRITEBYTECODE": "1"}
        output = run(
            [interpreter, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x"], cwd=tree, env=env
        )
        step(
            "the sdist builds the same wheel, and its tests pass on it: "
            + output.strip().splitlines()[-1]
        )
    except ReleaseError as error:
        print(f"release check failed: {error}", file=sys.stderr)
        return 1
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    step("the release files are ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
