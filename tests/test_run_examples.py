"""tools/run_examples.py, which CI runs over examples/: a script with a ``.out`` file
beside it must print exactly that text, since the docs show the file as its output."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "run_examples.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_examples", TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_script_that_prints_its_out_file_passes(tmp_path: Path) -> None:
    (tmp_path / "hello.py").write_text('print("game 1: 0.5")\n', encoding="utf-8")
    (tmp_path / "hello.out").write_text("game 1: 0.5\n", encoding="utf-8")
    (tmp_path / "free.py").write_text('print("anything")\n', encoding="utf-8")
    assert load_tool().run_all(tmp_path) == 0


def test_a_script_whose_output_differs_from_its_out_file_fails_with_a_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "hello.py").write_text('print("game 1: 1.0")\n', encoding="utf-8")
    (tmp_path / "hello.out").write_text("game 1: 0.5\n", encoding="utf-8")
    assert load_tool().run_all(tmp_path) == 1
    printed = capsys.readouterr().out
    assert "FAIL hello.py: its output is not hello.out" in printed
    assert "-game 1: 0.5\n+game 1: 1.0\n" in printed


def test_a_failing_script_fails_whatever_its_output(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("raise SystemExit(4)\n", encoding="utf-8")
    assert load_tool().run_all(tmp_path) == 1
