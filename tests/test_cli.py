"""The command line: ``python -m conquian meld CARDS…`` (R4, R5, R6)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import conquian
from conquian.cli import main


def run(*argv: str) -> tuple[int, str]:
    """The exit code and standard output of ``python -m conquian ARGV``, run in-process."""
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_r5_a_sequence_exits_0() -> None:
    assert run("meld", "6c", "7c", "Jc") == (0, "6♣ 7♣ J♣ is a sequence of 3 cards\n")


def test_r4_a_group_exits_0() -> None:
    assert run("meld", "7h7c7s7d") == (0, "7♣ 7♦ 7♥ 7♠ is a group of 4 cards\n")


def test_r4_meld_reads_and_writes_full_names_with_lang() -> None:
    assert run("meld", "Herz-7, Pik-7, Kreuz-7", "--lang", "de") == (
        0,
        "(Kreuz-7, Herz-7, Pik-7) is a group of 3 cards\n",
    )
    code, output = run("meld", "--split", "--lang", "nl", "5c6c7cJc")
    assert code == 0
    assert "(5 van klaveren, 6 van klaveren, 7 van klaveren, boer van klaveren)" in output


def test_r5_not_a_meld_exits_1_with_the_reason() -> None:
    assert run("meld", "6c", "7c", "Qc") == (
        1,
        "6c 7c Qc is not a sequence: 7c and Qc are not consecutive (R5)\n",
    )


def test_r2_a_wrap_exits_1_with_the_reason() -> None:
    code, output = run("meld", "Qh", "Kh", "Ah")
    assert code == 1
    assert "the ace is low" in output


def test_a_repeated_card_is_not_a_meld() -> None:
    assert run("meld", "7h", "7h", "7c") == (1, "7h 7h 7c is not a meld: 7h appears twice\n")


def test_r1_text_that_is_not_cards_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("meld", "6c", "7c", "8c") == (2, "")
    error = capsys.readouterr().err
    assert error.startswith("error: '8c' is not a card (card 3, column 7)")


def test_r6_split_prints_the_only_partition() -> None:
    assert run("meld", "--split", "5c", "6c", "7c", "Jc", "Jh", "Js") == (
        0,
        "5c 6c 7c Jc Jh Js splits into melds 1 way:\n  5♣ 6♣ 7♣  J♣ J♥ J♠\n",
    )


def test_r6_split_prints_every_partition() -> None:
    assert run("meld", "--split", "5c 6c 7c Jc Jh Js Jd") == (
        0,
        "5c 6c 7c Jc Jh Js Jd splits into melds 2 ways:\n"
        "  5♣ 6♣ 7♣ J♣  J♦ J♥ J♠\n"
        "  5♣ 6♣ 7♣  J♣ J♦ J♥ J♠\n",
    )


def test_r6_split_of_cards_that_do_not_split_exits_1() -> None:
    assert run("meld", "--split", "5c", "6c", "7c", "Jc", "Jh") == (
        1,
        "5c 6c 7c Jc Jh cannot be split into melds\n",
    )


def test_r6_split_with_a_repeated_card_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("meld", "--split", "7h", "7h", "7c") == (2, "")
    assert "7h appears twice" in capsys.readouterr().err


def test_output_goes_to_stdout_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "Ac", "2c", "3c"]) == 0
    assert capsys.readouterr().out == "A♣ 2♣ 3♣ is a sequence of 3 cards\n"


@pytest.mark.parametrize("argv", [[], ["meld"], ["shuffle"]])
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv, out=io.StringIO())
    assert caught.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_python_dash_m_conquian() -> None:
    package_root = str(Path(conquian.__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "conquian", "meld", "5h", "6h", "Jh"],
        capture_output=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout.decode("utf-8").strip() == (
        "5h 6h Jh is not a sequence: 6h and Jh are not consecutive (R5)"
    )
    assert done.stderr == b""


def test_demo_narrates_variant_moves() -> None:
    """V3: a lay-down is told as such; V8: the upcard goes to the dealer when refused."""
    out = io.StringIO()
    assert main(["demo", "--rules", "bicycle", "--seed", "1"], out=out) == 0
    assert "lays down 5♣ 5♥ 5♠ before deciding on K♣" in out.getvalue()
    out = io.StringIO()
    assert main(["demo", "--rules", "classic,initial_upcard:true", "--seed", "2"], out=out) == 0
    text = out.getvalue()
    assert "Greedy turns up J♠" in text
    assert "Random declines the upcard J♠; Greedy may take it" in text
