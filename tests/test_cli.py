"""The command line: ``python -m conquian meld CARDS…`` (R4, R5, R6)."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

import conquian
from conquian.cli import main
from conquian.rules import Rules, find_rules
from conquian.simulate import simulate
from helpers import child_environment, scaled


def run(*argv: str) -> tuple[int, str]:
    """The exit code and standard output of ``python -m conquian ARGV``, run in-process."""
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_r5_a_sequence_exits_0() -> None:
    assert run("meld", "6c", "7c", "Jc") == (
        0,
        "6♣ 7♣ J♣ is a sequence of 3 cards (R5: sequences)\n",
    )


def test_r4_a_group_exits_0() -> None:
    assert run("meld", "7h7c7s7d") == (0, "7♣ 7♦ 7♥ 7♠ is a group of 4 cards (R4: groups)\n")


def test_r4_meld_reads_and_writes_full_names_with_lang() -> None:
    assert run("meld", "Herz-7, Pik-7, Kreuz-7", "--lang", "de") == (
        0,
        "(Kreuz-7, Herz-7, Pik-7) is a group of 3 cards (R4: groups)\n",
    )
    code, output = run("meld", "--split", "--lang", "nl", "5c6c7cJc")
    assert code == 0
    assert "(5 van klaveren, 6 van klaveren, 7 van klaveren, boer van klaveren)" in output


def test_not_a_meld_with_lang_names_the_cards_first() -> None:
    code, output = run("meld", "--lang", "de", "Qh", "Kh", "Ah")
    assert code == 1
    assert output.startswith("(Herz-Dame, Herz-König, Herz-Ass):\n  Q♥ K♥ A♥ is not a sequence")


def test_r5_not_a_meld_exits_1_with_the_reason() -> None:
    assert run("meld", "6c", "7c", "Qc") == (
        1,
        "6♣ 7♣ Q♣ is not a sequence: 7♣ and Q♣ are not consecutive (R5: sequences)\n",
    )


def test_r2_a_wrap_exits_1_with_the_reason() -> None:
    code, output = run("meld", "Qh", "Kh", "Ah")
    assert code == 1
    assert "the ace is low" in output


def test_a_repeated_card_is_not_a_meld() -> None:
    assert run("meld", "7h", "7h", "7c") == (1, "7♥ 7♥ 7♣ is not a meld: 7♥ appears twice\n")


def test_r1_text_that_is_not_cards_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("meld", "6c", "7c", "8c") == (2, "")
    error = capsys.readouterr().err
    assert error.startswith("error: '8c' is not a card (card 3, column 7)")
    assert error.rstrip().endswith("(R1: the 40-card pack)")


@pytest.mark.parametrize("argv", [[""], [" "], ["--split", ""]])
def test_no_cards_at_all_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run("meld", *argv) == (2, "")
    assert capsys.readouterr().err == "error: no cards were given: name them, such as 5c 6c 7c\n"


def test_r6_split_prints_the_only_partition() -> None:
    assert run("meld", "--split", "5c", "6c", "7c", "Jc", "Jh", "Js") == (
        0,
        "5♣ 6♣ 7♣ J♣ J♥ J♠ splits into melds 1 way:\n  [5♣ 6♣ 7♣] [J♣ J♥ J♠]\n",
    )


def test_r6_split_prints_every_partition() -> None:
    assert run("meld", "--split", "5c 6c 7c Jc Jh Js Jd") == (
        0,
        "5♣ 6♣ 7♣ J♣ J♥ J♠ J♦ splits into melds 2 ways:\n"
        "  [5♣ 6♣ 7♣ J♣] [J♦ J♥ J♠]\n"
        "  [5♣ 6♣ 7♣] [J♣ J♦ J♥ J♠]\n",
    )


def test_r6_split_of_cards_that_do_not_split_exits_1() -> None:
    assert run("meld", "--split", "5c", "6c", "7c", "Jc", "Jh") == (
        1,
        "5♣ 6♣ 7♣ J♣ J♥ cannot be split into melds (R6: a table is melds)\n",
    )


def test_r6_split_with_a_repeated_card_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("meld", "--split", "7h", "7h", "7c") == (2, "")
    assert "7h appears twice" in capsys.readouterr().err


def test_output_goes_to_stdout_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "Ac", "2c", "3c"]) == 0
    assert capsys.readouterr().out == "A♣ 2♣ 3♣ is a sequence of 3 cards (R5: sequences)\n"


@pytest.mark.parametrize("argv", [[], ["meld"], ["shuffle"]])
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv, out=io.StringIO())
    assert caught.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_a_fault_of_the_library_exits_70_with_a_short_report(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Distinct from every answer a command gives, play's end of input (3) included."""

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("x" * 10_000)

    monkeypatch.setattr("conquian.cli.partitions", broken)
    assert run("meld", "--split", "5c", "6c", "7c") == (70, "")
    err = capsys.readouterr().err
    assert err.startswith("internal error (RuntimeError): 'xxx")
    assert err.endswith("; please report it with the command that caused it\n")
    assert len(err) < 300  # the message is cut short, and wrapped as every error is
    assert max(map(len, err.splitlines())) <= 80


class FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_a_full_disk_exits_74_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "5c", "6c", "7c"], out=FullDisk()) == 74
    assert capsys.readouterr().err == "error: could not read or write: No space left on device\n"


@pytest.mark.parametrize(
    ("argv", "code"),
    [(["meld", "zz"], 2), (["play", "--seed", "1"], 3)],  # bad input; play's input ended
)
def test_a_closed_standard_error_does_not_change_the_exit_code(
    argv: list[str], code: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stderr", closed)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv, out=io.StringIO()) == code


def test_python_dash_m_conquian() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "conquian", "meld", "5h", "6h", "Jh"],
        capture_output=True,
        env=child_environment(PYTHONIOENCODING="utf-8"),
        check=False,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout.decode("utf-8").strip() == (
        "5♥ 6♥ J♥ is not a sequence: 6♥ and J♥ are not consecutive (R5: sequences)"
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


class Terminal(io.StringIO):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_red_cards_are_red_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    out = Terminal()
    assert main(["meld", "Jc", "Jd", "Js"], out=out) == 0
    assert out.getvalue() == "J♣ \x1b[31mJ♦\x1b[0m J♠ is a group of 3 cards (R4: groups)\n"


@pytest.mark.parametrize(
    ("stream", "environ"),
    [(Terminal, {"NO_COLOR": "1"}), (Terminal, {"TERM": "dumb"}), (io.StringIO, {})],
)
def test_no_colour_when_asked_or_piped(
    stream: type[io.StringIO], environ: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    out = stream()
    assert main(["meld", "--split", "Jc", "Jd", "Js", "5d", "6d", "7d"], out=out) == 0
    assert "\x1b" not in out.getvalue()
    assert "[J♣ J♦ J♠] [5♦ 6♦ 7♦]" in out.getvalue()


@pytest.mark.parametrize("rules", ["classic", "foster", "bicycle"])
def test_demo_fits_80_columns_and_repeats_no_line(rules: str) -> None:
    for seed in range(6):
        code, output = run("demo", "--seed", str(seed), "--rules", rules)
        assert code == 0
        lines = output.splitlines()
        assert max(map(len, lines)) <= 80
        moves = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
        assert moves, output
        # A table line follows a take only, and each says something new.
        tables = [line for line in lines if line.startswith("       ")]
        assert len(tables) == len(set(tables))


def test_demo_shows_melds_apart_and_the_card_turned_up() -> None:
    code, output = run("demo", "--seed", "5")
    assert code == 0
    assert "  2. Greedy declines 6♠. 6♠ is dead. Greedy turns up J♦ (stock 18)." in output
    assert "       Random: table [7♠ J♠ Q♠]; hand 3♣ 6♣ 5♦ A♥ Q♥ 3♠ 4♠" in output
    assert output.endswith(
        "Greedy (seat 0) goes out and wins after 32 moves (R16: going out).\n"
        "  Greedy: table [4♣ 5♣ 6♣ 7♣ J♣ Q♣ K♣] [2♥ 3♥ 4♥ 5♥]; hand -\n"
        "  Random: table [3♠ 4♠ 5♠] [7♠ J♠ Q♠ K♠]; hand 3♣ 5♦ Q♥\n"
    )


def test_demo_tells_the_game_in_the_language_of_lang() -> None:
    """The same game as above, told in Spanish: every line of it, not only the moves."""
    code, output = run("demo", "--seed", "5", "--lang", "es")
    assert code == 0
    lines = output.splitlines()
    assert lines[:4] == [
        "Demo de Conquián, semilla 5: Greedy (asiento 0) reparte a Random (asiento 1).",
        "  Mano de Greedy: A♣ 4♣ 5♣ 7♣ J♣ K♣ 3♦ 7♦ 3♥ 4♥",
        "  Mano de Random: 3♣ 6♣ 5♦ A♥ 5♥ Q♥ 3♠ 4♠ J♠ Q♠",
        "  Random descubre 6♠ (mazo 19).",
    ]
    assert "  2. Greedy rechaza 6♠. 6♠ va a las muertas. Greedy descubre J♦ (mazo 18)." in lines
    assert "       Random: mesa [7♠ J♠ Q♠]; mano 3♣ 6♣ 5♦ A♥ Q♥ 3♠ 4♠" in lines
    assert lines[-3:] == [
        "Greedy (asiento 0) cierra y gana tras 32 jugadas (R16: cerrar).",
        "  Greedy: mesa [4♣ 5♣ 6♣ 7♣ J♣ Q♣ K♣] [2♥ 3♥ 4♥ 5♥]; mano -",
        "  Random: mesa [3♠ 4♠ 5♠] [7♠ J♠ Q♠ K♠]; mano 3♣ 5♦ Q♥",
    ]
    assert run("demo", "--seed", "5", "--lang", "en") == run("demo", "--seed", "5")


@pytest.mark.parametrize("lang", ["es", "de"])  # Dutch says "hand" too
def test_demo_in_every_language_has_no_english_line(lang: str) -> None:
    code, output = run("demo", "--seed", "1", "--rules", "foster", "--lang", lang)
    assert code == 0
    for english in ("seat", "deals", "hand", "table", "stock", "moves", "wins", "drawn"):
        assert f" {english} " not in output.replace(":", " ").replace(";", " ")
    assert max(map(len, output.splitlines())) <= 80


def test_demo_tells_a_match_in_the_language_of_lang() -> None:
    """The match table of seed 5 (a win, then two draws), told in German: the title,
    the headings, every row and the result."""
    code, output = run("demo", "--seed", "5", "--games", "3", "--lang", "de")
    assert code == 0
    lines = output.splitlines()
    assert lines[:2] == [
        "Conquian-Match über 3 Partien, Seed 5, Regeln classic:",
        "  Greedy (Platz 0) gegen Random (Platz 1).",
    ]
    assert lines[3].split() == ["Partie", "Geber", "Ergebnis", "Abrechnung", "Stand"]
    assert " ".join(lines[4].split()) == "1 Greedy Greedy macht aus, 45 Züge gewinnt 1 1 zu -1"
    assert " ".join(lines[5].split()) == "2 Random unentschieden, 44 Züge nichts gezahlt 1 zu -1"
    assert lines[-1] == "Greedy (Platz 0) gewinnt das Match nach 3 Partien, 1 zu -1."
    english = run("demo", "--seed", "5", "--games", "3")[1].splitlines()
    assert [line.split()[-3:] for line in english[4:7]] == [["1", "to", "-1"]] * 3
    assert english[-1] == "Greedy (seat 0) wins the match after 3 games, 1 to -1."


@pytest.mark.parametrize("lang", ["es", "nl", "de"])
def test_a_match_in_every_language_has_its_columns_aligned(lang: str) -> None:
    """Each row starts its columns where the headings do, however long the words, and
    no English word of the rows is left."""
    argv = ("demo", "--seed", "5", "--games", "6", "--rules", "classic,draw_settlement:pool")
    code, output = run(*argv, "--lang", lang)
    assert code == 0
    lines = output.splitlines()
    heading = lines.index("") + 1
    rows = lines[heading + 1 : heading + 7]
    starts = [match.start() for match in re.finditer(r"(?<=  )\S", lines[heading])]
    assert len(starts) == 4
    for row in rows:
        assert all(row[start - 2 : start] == "  " and row[start] != " " for start in starts)
    assert max(map(len, lines)) <= 80
    english = "\n".join(run(*argv)[1].splitlines()[4:])
    told = "\n".join([*rows, lines[-1]])  # the title names the rules in rules text
    for word in (" moves", " games", " to ", "pool", "wins", "drawn", "seat"):
        assert word in english
        assert word not in told


def test_help_says_what_the_rule_numbers_are_about(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "R5 sequences" in text
    assert "NO_COLOR" in text


def python_m_conquian(*argv: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """``python -m conquian ARGV`` in a child process with extra environment ``env``."""
    return subprocess.run(
        [sys.executable, "-m", "conquian", *argv],
        capture_output=True,
        env=child_environment(**env),
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize(
    "env",
    [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"}],
    ids=["ascii", "latin-1"],
)
def test_an_output_that_cannot_show_suit_symbols_gets_letters(env: dict[str, str]) -> None:
    done = python_m_conquian("meld", "7h", "7c", "7s", **env)
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        b"7c 7h 7s is a group of 3 cards (R4: groups)\n",
        b"",
    )
    done = python_m_conquian("demo", "--seed", "3", **env)
    assert done.returncode == 0
    assert done.stderr == b""
    assert b"Greedy" in done.stdout
    done = python_m_conquian("meld", "7\u2665", "8h", **env)  # the error message quotes 7♥
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr


def test_ascii_writes_suits_as_letters() -> None:
    assert run("--ascii", "meld", "6c", "7c", "Jc") == (
        0,
        "6c 7c Jc is a sequence of 3 cards (R5: sequences)\n",
    )
    code, output = run("--ascii", "demo", "--seed", "4")
    assert code == 0
    assert not set(output) & set("♣♦♥♠")
    assert "Greedy" in output


def test_version_and_usage_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out == f"conquian {conquian.__version__}\n"
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: conquian [-h]")
    done = python_m_conquian("--help")
    assert done.stdout.startswith(b"usage: python -m conquian [-h]")


def test_simulate_help_shows_a_plain_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "95% confidence" in text
    assert "%%" not in text


def test_one_worker_is_singular() -> None:
    code, output = run("simulate", "--games", "2", "--quiet")
    assert code == 0
    assert "games/s, 1 worker)" in output


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--games", "0"], "games is a whole number from 1 to"),
        (["simulate", "--workers", "-1"], "workers is a whole number from 0"),
        (["demo", "--seed", "abc"], "a seed is a whole number from 0 to 2**64 - 1, not 'abc'"),
        (["demo", "--seed", "9" * 5000], "not '999999999999999999999999999999'..."),
        (["demo", "--seed", "-1"], "not '-1'"),
        (["demo", "--games", "9" * 310], "a match has 1 to 1000 games"),
    ],
    ids=["no games", "workers", "seed abc", "seed of 5000 digits", "negative seed", "games"],
)
def test_a_bad_number_is_refused_with_a_short_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv, out=io.StringIO())
    assert caught.value.code == 2
    error = capsys.readouterr().err
    assert message in error
    assert "_seed" not in error
    assert len(error.splitlines()[-1]) <= 200


def test_demo_plays_the_agents_named() -> None:
    code, output = run("demo", "--seed", "3", "--agents", "search", "greedy")
    assert code == 0
    assert output.startswith("Conquian demo, seed 3: Search (seat 0) deals to Greedy (seat 1).")
    assert "\nThe game is drawn after 45 moves: the stock ran out (R15: a draw).\n" in output


def test_a_demo_match_names_two_agents_of_one_kind_by_seat() -> None:
    code, output = run("demo", "--seed", "3", "--games", "2", "--agents", "heuristic", "heuristic")
    assert code == 0
    lines = output.splitlines()
    assert lines[1] == "  Heuristic 0 (seat 0) against Heuristic 1 (seat 1)."
    assert lines[4].startswith("   1  Heuristic 0  Heuristic")
    assert max(map(len, lines)) <= 80


def test_demo_plays_three_players_greedy_and_two_randoms() -> None:
    """Three-player rules (M1): the dealer deals to the next two seats, every seat's hand
    is shown, offers go round the table (M4), and every holding is told at the end. The
    agents are simulate's: greedy and two randoms, told apart by seat."""
    code, output = run("demo", "--seed", "7", "--rules", "tercerilla")
    assert code == 0
    lines = output.splitlines()
    assert lines[:6] == [
        "Conquian demo, seed 7, rules tercerilla: Greedy (seat 0) deals to Random 1 (seat",
        "  1) and Random 2 (seat 2).",
        "  Greedy's hand: 6♦ J♦ K♦ 5♥ 6♥ J♥ 4♠ K♠",
        "  Random 1's hand: A♣ Q♣ 2♥ 3♥ Q♥ K♥ A♠ J♠",
        "  Random 2's hand: 3♣ 4♣ A♦ 3♦ 5♦ 4♥ 7♥ 2♠",
        "  Random 1 turns up 6♣ (stock 15).",
    ]
    assert "  2. Random 2 declines 6♣; Greedy may take it." in lines
    assert " 12. Random 2 takes 5♣, lays down 3♣ 4♣, discards 2♠." in lines
    assert "       Random 2: table [3♣ 4♣ 5♣]; hand A♦ 3♦ 5♦ 4♥ 7♥" in lines
    assert lines[-4:] == [
        "Random 2 (seat 2) goes out and wins after 31 moves (R16: going out).",
        "  Greedy: table [6♣ 6♦ 6♠] [4♥ 5♥ 6♥ 7♥ J♥]; hand -",
        "  Random 1: table -; hand A♣ Q♣ 2♥ 3♥ Q♥ K♥ A♠ J♠",
        "  Random 2: table [2♣ 3♣ 4♣ 5♣] [A♦ 2♦ 3♦ 4♦ 5♦]; hand -",
    ]
    assert max(map(len, lines)) <= 80
    assert run("demo", "--seed", "7", "--rules", "mexican,players:3") == (code, output)
    named = ("--agents", "greedy", "random", "random")
    assert run("demo", "--seed", "7", "--rules", "tercerilla", *named) == (code, output)


def test_demo_tells_the_opening_exchange_of_three_players_in_spanish() -> None:
    """With the opening exchange (M10) the hands shown are those dealt, no card is turned
    up before the gives, and the last give turns the first one up (M2)."""
    code, output = run(
        "demo", "--seed", "7", "--rules", "tercerilla,exchange:true", "--lang", "es"
    )
    assert code == 0
    lines = output.splitlines()
    assert lines[:9] == [
        "Demo de Conquián, semilla 7, reglas tercerilla,exchange:true: Greedy (asiento 0)",
        "  reparte a Random 1 (asiento 1) y a Random 2 (asiento 2).",
        "  Mano de Greedy: 6♦ J♦ K♦ 5♥ 6♥ J♥ 4♠ K♠",
        "  Mano de Random 1: A♣ Q♣ 2♥ 3♥ Q♥ K♥ A♠ J♠",
        "  Mano de Random 2: 3♣ 4♣ A♦ 3♦ 5♦ 4♥ 7♥ 2♠",
        "",
        "  1. Random 1 da J♠ a Random 2.",
        "  2. Random 2 da 2♠ a Greedy.",
        "  3. Greedy da 4♠ a Random 1. Random 1 descubre 6♣ (mazo 15).",
    ]
    assert lines[-4:] == [
        "Partida empatada tras 58 jugadas: no queda mazo (R15: empate).",
        "  Greedy: mesa [6♣ 6♥ 6♠] [6♦ 7♦ J♦]; mano 5♥ J♥",
        "  Random 1: mesa [A♣ A♥ A♠] [Q♣ Q♦ Q♥]; mano 2♥ 3♥",
        "  Random 2: mesa [3♣ 3♦ 3♠]; mano A♦ 5♦ 4♥ 7♥ J♠",
    ]
    for english in ("seat", "deals", "hand", "table", "stock", "moves", "gives", "drawn"):
        assert f" {english} " not in output.replace(":", " ").replace(";", " ")
    assert max(map(len, lines)) <= 80


def test_a_three_player_demo_match_has_three_scores_a_row() -> None:
    """A match of three (M11), told in German: each loser pays the winner a stake, so the
    winner of a game played for 1 wins 2, and each row ends with the three scores."""
    code, output = run(
        "demo", "--seed", "7", "--rules", "tercerilla", "--games", "3", "--lang", "de"
    )
    assert code == 0
    assert output.splitlines() == [
        "Conquian-Match über 3 Partien, Seed 7, Regeln tercerilla:",
        "  Greedy (Platz 0) gegen Random 1 (Platz 1) und Random 2 (Platz 2).",
        "",
        "Partie  Geber     Ergebnis                      Abrechnung      Stand",
        "     1  Greedy    unentschieden, 57 Züge        nichts gezahlt  0/0/0",
        "     2  Random 1  Random 2 macht aus, 48 Züge   gewinnt 2       -1/-1/2",
        "     3  Random 2  unentschieden, 57 Züge        nichts gezahlt  -1/-1/2",
        "",
        "Random 2 (Platz 2) gewinnt das Match nach 3 Partien.",
    ]
    english = run("demo", "--seed", "7", "--rules", "tercerilla", "--games", "3")[1]
    assert "  Greedy (seat 0) against Random 1 (seat 1) and Random 2 (seat 2).\n" in english
    assert "   2  Random 1  Random 2 out, 48 moves   wins 2        -1/-1/2\n" in english
    assert english.endswith("\n\nRandom 2 (seat 2) wins the match after 3 games.\n")


@pytest.mark.parametrize(
    ("rules", "agents", "message"),
    [
        ("tercerilla", ("greedy", "random"), "3 for rules tercerilla, not 2"),
        ("classic", ("greedy", "random", "random"), "2 for rules classic, not 3"),
    ],
)
def test_demo_wants_one_agent_a_player(
    rules: str, agents: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = run("demo", "--seed", "7", "--rules", rules, "--agents", *agents)
    assert (code, output) == (2, "")
    assert f"--agents names one agent a player: {message}" in capsys.readouterr().err


def test_simulate_accepts_every_registered_agent() -> None:
    games = scaled(2)  # one under dev (helpers.scaled): the search plays slowly
    code, output = run(
        "simulate", "--games", str(games), "--agents", "search", "heuristic", "--quiet"
    )
    assert code == 0
    counted = f"{games} games," if games > 1 else "1 game,"
    assert output.startswith(
        f"Search (seat 0) against Heuristic (seat 1), rules classic, seed 0\n{counted}"
    )


def test_simulate_plays_the_rules_named_and_says_them() -> None:
    code, output = run("simulate", "--games", "40", "--rules", "bicycle", "--quiet")
    assert code == 0
    lines = output.splitlines()
    assert lines[0] == "Greedy (seat 0) against Random (seat 1), rules bicycle, seed 0"
    bicycle, classic = simulate(40, rules=find_rules("bicycle")), simulate(40)
    assert lines[-1].split()[1] == str(bicycle.draws)
    assert f"{bicycle.plies:,} moves" in lines[1]
    assert bicycle.plies != classic.plies


def test_a_long_rules_text_is_never_cut_in_the_middle() -> None:
    # It is retyped to play the same games again: cut at 80 columns it was two pieces.
    text = "classic,hand_size:6,max_sequence:5,regrouping:none,initial_upcard:true"
    code, output = run("simulate", "--games", "4", "--rules", text)
    assert code == 0
    rules = Rules.parse(text).to_notation()
    assert len(rules) > 60
    assert any(rules in line for line in output.splitlines())


def test_simulate_counts_one_win_in_the_singular_and_lines_up_the_percentages() -> None:
    code, output = run("simulate", "--games", "50", "--seed", "5", "--quiet")
    assert code == 0
    lines = output.splitlines()
    assert lines[0] == "Greedy (seat 0) against Random (seat 1), rules classic, seed 5"
    assert lines[2:] == [
        "Greedy (seat 0): 22 wins,   44.0% (95% interval 31.2% to 57.7%)",
        "Random (seat 1):  1 win,     2.0% (95% interval 0.4% to 10.5%)",
        "Draws:           27 games,  54.0% (R15: a draw)",
    ]
