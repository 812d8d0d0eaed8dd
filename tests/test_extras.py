"""The core package needs only attrs: the integrations' frameworks are optional extras,
imported only when an integration is used, and a missing one is named with its extra."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from conquian import ConquianError
from conquian.cli import main
from conquian.integrations import require
from conquian.simulate import simulate

FRAMEWORKS = ("pettingzoo", "gymnasium", "numpy", "pyspiel", "open_spiel", "ray")


def test_importing_conquian_and_its_action_space_imports_no_framework() -> None:
    code = (
        "import sys, conquian, conquian.actions, conquian.simulate, conquian.integrations\n"
        f"print(sorted(set({FRAMEWORKS!r}) & set(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "framework", "extra"),
    [
        ("pettingzoo", "pettingzoo", "pettingzoo"),
        ("openspiel", "pyspiel", "openspiel"),
        ("ray", "ray", "ray"),
    ],
)
def test_a_missing_framework_is_named_with_its_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, framework: str, extra: str
) -> None:
    monkeypatch.setitem(sys.modules, framework, None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, f"conquian.integrations.{module}", raising=False)
    with pytest.raises(ImportError, match=rf'pip install "conquian\[{extra}\]"'):
        importlib.import_module(f"conquian.integrations.{module}")


def test_a_bare_directory_of_the_frameworks_name_is_not_the_framework(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ray leaves /tmp/ray behind, and python -m puts the working directory on the path:
    # from /tmp, "import ray" found that directory (a namespace package) and failed later
    # with AttributeError instead of naming the extra.
    (tmp_path / "conquian_test_framework").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "conquian_test_framework", raising=False)
    with pytest.raises(ImportError, match="conquian_test_framework is not the package") as error:
        require("conquian_test_framework", "ray")
    assert 'pip install "conquian[ray]"' in str(error.value)


def test_the_ray_backend_without_ray_says_which_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    monkeypatch.delitem(sys.modules, "conquian.integrations.ray", raising=False)
    with pytest.raises(ImportError, match=r"conquian\[ray\]"):
        simulate(10, backend="ray")
    assert main(["simulate", "--games", "10", "--backend", "ray", "--quiet"]) == 2
    err = " ".join(capsys.readouterr().err.split())  # errors wrap at 80 columns
    assert 'pip install "conquian[ray]"' in err


def test_a_bad_backend_or_an_address_without_ray_is_refused() -> None:
    with pytest.raises(ConquianError, match="the backend is one of process, ray, not 'dask'"):
        simulate(10, backend="dask")
    with pytest.raises(ConquianError, match="an address names a Ray cluster"):
        simulate(10, address="auto")
    with pytest.raises(ConquianError, match="an address is text"):
        simulate(10, backend="ray", address=6379)  # type: ignore[arg-type]
