"""The installed distribution ships what a typed library must ship."""

from __future__ import annotations

from importlib import metadata, resources


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
