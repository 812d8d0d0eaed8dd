"""The installed distribution ships what a typed library must ship."""

from __future__ import annotations

import tomllib
from importlib import metadata, resources
from pathlib import Path

import conquian

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_distribution_metadata() -> None:
    meta = metadata.metadata("conquian")
    assert meta["Name"] == "conquian"
    assert meta["Requires-Python"] == ">=3.11"


def test_py_typed_marker_is_installed() -> None:
    assert resources.files("conquian").joinpath("py.typed").is_file()


def test_console_script_is_declared() -> None:
    scripts = metadata.entry_points(group="console_scripts")
    (entry,) = (ep for ep in scripts if ep.name == "conquian")
    assert entry.value == "conquian.cli:main"


def test_the_development_status_fits_the_version() -> None:
    """A development snapshot (``.dev``) may be Pre-Alpha; a released 0.x version, such
    as 0.1.0, is Alpha or Beta; 1.0 and later are Production/Stable or Mature. Read from
    pyproject.toml, not from an installed copy's metadata, which an editable install
    keeps from the day it was made."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    (status,) = (c for c in project["classifiers"] if c.startswith("Development Status :: "))
    version = conquian.__version__
    if ".dev" in version:
        allowed = {"2 - Pre-Alpha", "3 - Alpha", "4 - Beta"}
    elif version.startswith("0."):
        allowed = {"3 - Alpha", "4 - Beta"}
    else:
        allowed = {"5 - Production/Stable", "6 - Mature"}
    assert status.removeprefix("Development Status :: ") in allowed, (version, status)
