"""``python -m conquian play``: whole games driven through standard input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conquian import PRESETS, Rules
from conquian import play as play_module
from conquian._rng import game_seed
from conquian._terminal import RULES_HELP
from conquian.cards import Suit, parse_cards
from conquian.cli import main
from conquian.languages import LANGUAGES
from conquian.match import Match, match_dump
from conquian.state import State
from helpers import Piped, child_environment, play, unwrapped

ENDINGS = {
    "en": ("You win!", "Greedy wins", "The game is drawn: no stock is left"),
    "es": ("¡Ganas!", "Gana Greedy", "Partida empatada: no queda mazo"),
    "nl": ("Je wint!", "Greedy wint", "Gelijkspel: de stapel is op"),
    "de": ("Du gewinnst!", "Greedy gewinnt", "Unentschieden: der Stapel ist leer"),
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_answering_1_at_every_prompt_finishes_a_game_in_every_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, text = play(["--seed", "9", "--lang", lang], "1\n" * 500, monkeypatch)
    assert code == 0
    assert text.rstrip().splitlines()[-1] in ENDINGS[lang], text[-400:]
    assert "♥" in text or "♦" in text or "♣" in text or "♠" in text


def test_ascii_writes_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(["--seed", "4", "--ascii", "--rules", "bicycle"], "1\n" * 500, monkeypatch)
    assert code == 0
    assert not any(symbol in text for symbol in "♣♦♥♠")
    assert text.rstrip().splitlines()[-1] in ENDINGS["en"]


def test_a_match_shows_the_running_score_and_stakes(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(
        ["--seed", "2", "--games", "3", "--bot", "random"], "1\n" * 2000, monkeypatch
    )
    assert code == 0
    assert text.count("Match score: you") == 3
    assert "stake: " in text
    assert "Game 3" in text
    assert text.count("Settled: ") == 3
    assert text.rstrip().endswith("The match is over\nThe match is tied after 3 games, 0 to 0.")


def test_a_match_score_speaks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = [
        "--seed",
        "3",
        "--games",
        "2",
        "--lang",
        "nl",
        "--rules",
        "classic,scoring:points,target:60",
    ]
    code, text = play(argv, "1\n" * 2000, monkeypatch)
    assert code == 0
    assert "Stand: jij " in text
    assert " you " not in text


def test_the_bots_hand_is_shown_only_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(["--seed", "9"], "1\n" * 500, monkeypatch)
    assert code == 0
    assert text.count("Greedy's hand:") == 1
    before_end = text[: text.index("Greedy's hand:")]
    assert "Your hand:" in before_end


def test_a_turn_shows_hand_tables_offer_stock_dead_and_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, text = play(["--seed", "4"], "quit\n", monkeypatch)
    assert code == 0
    turn = text[text.index("Your hand:") :]
    for words in ("Your table:", "Greedy's table:", "Offered:", "Stock:", "dead:", "1. "):
        assert words in turn
    assert "Match seed 4 (replay the match with play --seed 4)" in text
    assert text.rstrip().endswith("game abandoned")


def test_help_says_what_each_move_does(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(["--seed", "4"], "help\nquit\n", monkeypatch)
    assert code == 0
    flat = " ".join(text.split())
    assert "force (make the player just before you take a card they declined that" in flat
    assert "release (let that card be dead instead)" in flat
    assert "decline (leave the card; pass your own)" in flat


def test_dead_cards_are_shown_in_the_order_they_died(monkeypatch: pytest.MonkeyPatch) -> None:
    """The order of the dead pile is public (R11): each turn shows it as the narration
    told the deaths, never sorted."""
    code, text = play(["--seed", "9"], "1\n" * 500, monkeypatch)
    assert code == 0
    died: list[str] = []
    shown_unsorted = False
    for line in text.splitlines():
        died += re.findall(r"(\S+) is dead", line)
        if "dead: " in line and "Stock:" in line:
            shown = line.split("dead: ")[1].split()
            assert shown == (died or ["-"]), line
            cards = list(parse_cards(" ".join(died)))
            shown_unsorted |= cards != sorted(cards)
    assert shown_unsorted  # a test of the order: the pile was not sorted by chance


def test_the_end_says_a_draw_once_and_groups_the_hands_by_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, text = play(["--seed", "2"], "1\n" * 500, monkeypatch)
    assert code == 0
    assert text.count("drawn") == 1
    end = text.rstrip().splitlines()
    assert end[-1] == "The game is drawn: no stock is left"
    hand = end[-3].removeprefix("Your hand: ").split("   |   ")[0]
    groups = [parse_cards(group) for group in hand.split("   ")]
    assert len(groups) > 1  # grouped as during play: one suit per group, suits in order
    assert all(len({card.suit for card in group}) == 1 for group in groups)
    suits = [group[0].suit for group in groups]
    assert suits == [suit for suit in Suit if suit in suits]


def test_moves_as_text_bad_input_help_and_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = "frobnicate\n99\ntake +Ks -2c\nhelp\nhint\ndecline\nquit\n"
    code, text = play(["--seed", "4"], answers, monkeypatch)
    assert code == 0
    assert "not understood: 'frobnicate'" in text
    flat = " ".join(text.split())  # long lines are wrapped to 80 columns
    assert "not understood: 'frobnicate' is not a move: answer a number from 1 to " in flat
    assert all(len(line) <= 80 for line in text.splitlines() if "understood" in line)
    assert "not understood: 'take +Ks -2c'" not in text  # notation: the referee's reason
    assert "not understood: answer a number from 1 to " in text
    assert "not legal: " in text
    assert "Answer with a number" in text
    assert "The bot would play: you " in text
    assert "You decline" in text or "You pass" in text


def test_a_digit_that_is_not_an_ascii_number_is_not_understood(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """'²' and '①' are digits to Python's isdigit() but not numbers to int(): the game
    goes on (it once crashed), and a refusal's rule number says what the rule is about."""
    code, text = play(["--seed", "4"], "²\n①\ntake -Kc\nbuild\nquit\n", monkeypatch)
    assert code == 0
    assert "not understood: '²' is not a move" in text
    assert "not understood: '①' is not a move" in text
    assert "not legal: the table would not split into melds: 2♠ (R6: a table is melds)" in text
    assert "there is no take to build: you cannot take 2♠ now" in text  # only a decline
    assert text.rstrip().endswith("game abandoned")
    argv = ["--seed", "11", "--rules", "foster", "--bot", "random"]  # A♦: 50 takes
    code, text = play(argv, "build\n³\nquit\n", monkeypatch)
    assert code == 0
    assert "not understood: '³' is not a card" in text  # while building: a parse error


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "not understood: 'ayuda' is not a move: answer a number from 1 to 1, a move,"),
        ("es", "no entendido: 'ayuda' no es una jugada: responde con un número del 1 al 1,"),
        ("nl", "niet begrepen: 'ayuda' is geen zet: antwoord met een getal van 1 tot 1,"),
        ("de", "nicht verstanden: 'ayuda' ist kein Zug: antworte mit einer Zahl von 1 bis 1,"),
    ],
)
def test_an_answer_that_is_not_a_move_is_explained_in_the_players_language(
    lang: str, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Words that are not notation get the game's language; move notation, which is English
    ('take', 'decline', ...), is explained by the notation's reader."""
    code, text = play(["--seed", "4", "--lang", lang], "ayuda\ntake Qd\nquit\n", monkeypatch)
    assert code == 0
    flat = " ".join(text.split())
    assert words in flat, text
    assert "'take Qd': 'Qd' is not -CARD, +CARDS or out" in flat, text


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [
        ("en", "not legal: the table would not split into melds: 2♠ (R6: a table is melds)"),
        ("es", "no es legal: la mesa no se dividiría en combinaciones: 2♠ (R6: la mesa se "),
        ("nl", "niet toegestaan: de tafel valt niet in combinaties te verdelen: 2♠ (R6: een "),
        ("de", "nicht erlaubt: der Tisch ließe sich nicht in Kombinationen teilen: 2♠ (R6: "),
    ],
)
def test_an_illegal_move_is_refused_in_the_players_language(
    lang: str, refusal: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reason and what its rule is about come in the language of the game; with
    --ascii the cards are in letters."""
    code, text = play(["--seed", "4", "--lang", lang], "take -Kc\nquit\n", monkeypatch)
    assert code == 0
    assert refusal in " ".join(text.split()), text
    code, text = play(["--seed", "4", "--lang", lang, "--ascii"], "take -Kc\nquit\n", monkeypatch)
    assert " 2s (R6: " in " ".join(text.split()), text


def test_the_replay_hint_names_every_option_of_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--seed", "4", "--rules", "foster", "--bot", "heuristic", "--games", "2"]
    code, text = play(argv, "quit\n", monkeypatch)
    assert code == 0
    hint = "Match seed 4 (replay the match with play --seed 4 --rules foster --bot heuristic"
    assert unwrapped(text).count(hint) == 1
    assert "--games 2)" in text


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize(
    "rules", ["foster", "tercerilla,draw_settlement:pool", "classic,scoring:points,target:30"]
)
def test_every_line_of_a_match_fits_80_columns_and_keeps_its_commands_whole(
    lang: str, rules: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A match of three games (a pool, V5, with two players and three, M11; points, V6)
    played to its end: no line is wider than 80 columns, and the commands a person
    retypes (the match's replay, save's play --load) are each whole on one line."""
    monkeypatch.chdir(tmp_path)
    argv = ["--rules", rules, "--games", "3", "--seed", "1", "--lang", lang]
    typed = "a long answer that is not a move, typed by a person who wants to know more"
    code, text = play(argv, f"save match.json\n{typed}\n" + "1\n" * 3000, monkeypatch)
    assert code == 0
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80, max(lines, key=len)  # a card symbol is one column
    assert typed in unwrapped(text)  # echoed after its prompt, wrapped
    replay = f"play --seed 1 --rules {Rules.parse(rules).to_notation()} --games 3"
    load = "play --load match.json"
    for command in (replay, load):
        assert sum(command in line for line in lines) == 1, command
    assert len(re.findall(r"^\S.*$", text, re.MULTILINE)) > 100  # the whole match was told


def test_the_game_names_the_seed_it_is_dealt_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """--seed is a match seed; each game is dealt from its own seed, the one State.new
    takes: the line names that seed and State.new deals the same hand from it."""
    code, text = play(["--seed", "11"], "quit\n", monkeypatch)
    assert code == 0
    deal = game_seed(11, 0)
    assert deal != 11
    assert f"This game is dealt from seed {deal}" in text
    shown = text[text.index("Your hand: ") + len("Your hand: ") :].splitlines()[0]
    assert set(parse_cards(shown)) == set(State.new(seed=deal, dealer=0).hands[0])
    assert set(parse_cards(shown)) != set(State.new(seed=11, dealer=0).hands[0])
    code, text = play(["--seed", "11", "--games", "2"], "1\n" * 600, monkeypatch)
    assert f"This game is dealt from seed {game_seed(11, 1)}" in text


ARRANGED = [*["decline"] * 11, "take +QcQs -5h [QcQdQs]", "take +3d3s -Ah [3c3d3s QcQdQs]"]
ARRANGED += ["decline"] * 3 + ["take -6d [3c3d3h3s QcQdQs]"]
ARRANGED += ["take +7hJh -Ad [3c3d3h3s QcQdQs 6h7hJh]", "quit"]


def test_takes_that_differ_only_in_their_table_say_which_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without regrouping (V2) Q♥ goes out in the queens or in the hearts: two choices
    whose words would be the same name their tables."""
    argv = ["--seed", "19", "--rules", "classic,regrouping:none"]
    code, text = play(argv, "\n".join(ARRANGED) + "\n", monkeypatch)
    assert code == 0
    last = text[text.rindex("Your choices:") :].splitlines()
    assert last[1:3] == [
        "  1. You take Q♥ and go out (table [3♣ 3♦ 3♥ 3♠] [Q♣ Q♦ Q♠] [6♥ 7♥ J♥ Q♥])",
        "  2. You take Q♥ and go out (table [3♣ 3♦ 3♥ 3♠] [Q♣ Q♦ Q♥ Q♠] [6♥ 7♥ J♥])",
    ]


def test_undo_goes_back_to_the_previous_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(["--seed", "4"], "undo\ndecline\nundo\nquit\n", monkeypatch)
    assert code == 0
    assert "nothing to undo yet" in text
    assert "back to your previous decision" in text


def test_undo_after_the_bot_has_answered_returns_to_the_same_offer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 7: the person declines the passed J♣, turns up 4♣ and takes it; the bot then
    # declines the discard and passes its own turned card. Undo takes back the bot's moves
    # and the person's take, and offers 4♣ again.
    code, text = play(["--seed", "7"], "decline\ntake +4d4h -6c\nundo\nquit\n", monkeypatch)
    assert code == 0
    assert "back to your previous decision" in text
    after_undo = text[text.index("back to your previous decision") :]
    assert "Offered: 4♣ (turned up by you)" in after_undo
    assert "Your table: -" in after_undo
    assert "error" not in text


def test_save_writes_the_match_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, text = play(["--seed", "4"], f"decline\nsave {path}\nquit\n", monkeypatch)
    assert code == 0
    assert f"game saved to {path}; play --load {path} goes on" in unwrapped(text)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "conquian-match"
    assert record["games"][-1]["moves"][-1] == "decline"


def ending(text: str) -> list[str]:
    """The last lines of a game: both hands and tables, the result, the match's lines."""
    return text.rstrip().splitlines()[-6:]


def test_load_goes_on_with_a_saved_match_as_if_it_had_not_stopped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The bot is made per decision from the match's seed, so a match saved, loaded and
    played on ends as the same match played without a stop."""
    argv = ["--seed", "2", "--bot", "random", "--games", "2"]
    code, straight = play(argv, "1\n" * 2000, monkeypatch)
    assert code == 0
    path = tmp_path / "saved.json"
    code, _ = play(argv, "1\n" * 7 + f"save {path}\nquit\n", monkeypatch)
    assert code == 0
    code, resumed = play(["--load", str(path), "--bot", "random"], "1\n" * 2000, monkeypatch)
    assert code == 0
    assert f"Going on with the game saved in {path}, at move " in unwrapped(resumed)
    assert ending(resumed) == ending(straight)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--load", "FILE", "--seed", "3"], "give no --seed, --rules, --players or --games with"),
        (["--load", "FILE", "--rules", "classic"], "give no --seed, --rules, --players or"),
        (["--load", "FILE", "--players", "3"], "give no --seed, --rules, --players or"),
        (["--load", "MISSING"], "could not read"),
        (["--load", "FILE.txt"], "is not a saved match"),
        (["--load", "OVER"], "is over"),
    ],
)
def test_load_refuses_what_it_cannot_go_on_with(
    argv: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    saved, over = tmp_path / "saved.json", tmp_path / "over.json"
    play(["--seed", "2"], f"save {saved}\nquit\n", monkeypatch)
    finished = Match.new(4, games=1)
    while not finished.is_over:
        finished.play(finished.legal_moves()[0])
    with over.open("w", encoding="utf-8") as file:
        match_dump(finished, file)
    (tmp_path / "FILE.txt").write_text("not json", encoding="utf-8")
    paths = {"FILE": saved, "MISSING": tmp_path / "missing", "FILE.txt": tmp_path / "FILE.txt"}
    paths["OVER"] = over
    argv = [str(paths.get(arg, arg)) for arg in argv]
    code, text = play(argv, "quit\n", monkeypatch)
    assert code == 2
    assert text == ""
    assert message in capsys.readouterr().err.replace("\n  ", " ")


def test_a_take_is_built_card_by_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 11 (foster): A♦ is offered with 50 takes; build A♣ A♥, then discard.
    code, text = play(
        ["--seed", "11", "--rules", "foster", "--bot", "random"],
        "build\nAc\nAh\n-7h\nquit\n",
        monkeypatch,
    )
    assert code == 0
    assert "Take A♦: choose the cards to lay down (50 ways)" in text
    assert "You take A♦ with: A♣ A♥" in text
    assert "You take A♦, lay down A♣ A♥, discard 7♥" in text


def test_back_from_building_lists_the_choices_again(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--seed", "11", "--rules", "foster", "--bot", "random"]
    code, text = play(argv, "1\nback\nquit\n", monkeypatch)
    assert code == 0
    after = text[text.index("'back' to cancel> back") :].splitlines()
    assert after[1] == "Your choices:"
    assert after[2] == "  1. Take A♦: choose the cards to lay down (50 ways)"


def play_in_a_process(answers: bytes) -> subprocess.CompletedProcess[bytes]:
    """``python -m conquian play --seed 4`` in a new process of this package, its
    standard input ``answers`` and its streams read as UTF-8 strictly
    (PYTHONIOENCODING=utf-8)."""
    return subprocess.run(
        [sys.executable, "-m", "conquian", "play", "--seed", "4"],
        input=answers,
        capture_output=True,
        env=child_environment(PYTHONIOENCODING="utf-8"),
        check=False,
        timeout=60,
    )


def test_bytes_that_are_not_utf8_are_a_wrong_answer_not_a_crash() -> None:
    """Standard input is read leniently even where Python reads it strictly
    (PYTHONIOENCODING=utf-8): a stray byte is not understood, and the game goes on."""
    done = play_in_a_process(b"1\n\xff\xfe1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    text = done.stdout.decode("utf-8")
    assert "not understood: '\ufffd\ufffd1' is not a move" in text
    assert text.rstrip().endswith("game abandoned")


@pytest.mark.parametrize("closed", ["none", "closed"])
def test_a_closed_standard_input_is_refused_in_one_line(
    closed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No input to read answers from (``play <&-``): a usage error (2), not a fault (70)."""
    stdin = None
    if closed == "closed":
        stdin = Piped("1\n")
        stdin.close()
    monkeypatch.setattr(sys, "stdin", stdin)
    out = io.StringIO()
    assert main(["play", "--seed", "4"], out=out) == 2
    assert out.getvalue() == ""
    error = " ".join(capsys.readouterr().err.split())
    assert error == (
        "error: standard input is closed: play reads its answers there "
        "(run it in a terminal, or pipe the answers in)"
    )


def test_end_of_input_is_a_clear_line_and_a_nonzero_exit() -> None:
    done = play_in_a_process(b"1\n")
    assert done.returncode == 3
    assert done.stderr.decode("utf-8") == "end of input: the game was not finished\n"
    assert b"Traceback" not in done.stdout


def test_play_respects_no_color_and_plain_pipes(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(["--seed", "4"], "quit\n", monkeypatch)
    assert code == 0
    assert "\x1b[" not in text


def test_tables_show_each_meld_in_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(["--seed", "4"], "1\n1\nquit\n", monkeypatch)
    assert code == 0
    assert "Greedy's table: [A♦ A♥ A♠]   (hand: 7 cards)\n" in text
    assert "Greedy's table: [5♣ 5♦ 5♥] [A♦ A♥ A♠]   (hand: 4 cards)\n" in text


class Terminal(io.StringIO):
    """Standard output on a terminal."""

    def isatty(self) -> bool:
        return True


def test_red_cards_are_red_on_a_terminal_in_every_line(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "stdin", Piped("1\nquit\n"))
    out = Terminal()
    assert main(["play", "--seed", "4"], out=out) == 0
    text = out.getvalue()
    red, reset = "\x1b[31m", "\x1b[0m"
    assert f"Greedy turns up {red}A♦{reset}\n" in text  # the narration too
    assert f"Greedy's table: [{red}A♦{reset} {red}A♥{reset} A♠]   (hand: 7 cards)\n" in text
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys, "stdin", Piped("quit\n"))
    out = Terminal()
    assert main(["play", "--seed", "4"], out=out) == 0
    assert "\x1b[" not in out.getvalue()


@pytest.mark.parametrize("argv", [["--ascii", "play"], ["play", "--ascii"]])
def test_ascii_before_or_after_the_command_writes_letters(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", Piped("1\nquit\n"))
    out = io.StringIO()
    assert main([*argv, "--seed", "4"], out=out) == 0
    text = out.getvalue()
    assert "Greedy's table: [Ad Ah As]" in text
    assert not any(symbol in text for symbol in "♣♦♥♠")


@pytest.mark.parametrize("command", [["meld", "5c", "6c", "7c"], ["demo", "--seed", "5"]])
def test_every_command_that_prints_cards_takes_ascii_after_it(command: list[str]) -> None:
    for argv in (["--ascii", *command], [*command, "--ascii"]):
        out = io.StringIO()
        assert main(argv, out=out) == 0
        text = out.getvalue()
        assert "5c" in text
        assert not any(symbol in text for symbol in "♣♦♥♠")


def test_r14b_a_force_decision_says_why_instead_of_offering_the_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 2 against Random: Random declines 7♣, which fits his own table (R14a).
    code, text = play(["--seed", "2", "--bot", "random"], "1\n" * 400, monkeypatch)
    assert code == 0
    text = unwrapped(text)
    why = (
        "Random declined 7♣, which fits Random's table (R14a): you may force Random to "
        "take it, or release it, and it is dead (R14b)\n"
    )
    assert why in text
    decision = text[text.index(why) : text.index("1. You force 7♣ on Random")]
    assert "Offered" not in decision


def test_r14b_case_b_a_passed_card_that_fits_may_be_forced_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, text = play(["--seed", "2", "--bot", "random"], "1\n" * 400, monkeypatch)
    assert code == 0
    assert "  2. You force 6♣ on Random\n" in text
    text = unwrapped(text)
    assert (
        "Offered: 6♣ (passed by Random)\n6♣ fits Random's table (R14a): you may also "
        "force it back on Random (R14b)\n"
    ) in text


def test_enter_takes_the_only_choice_and_asks_again_when_there_are_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 4: the first three choices are the only ones; the fourth is one of two.
    code, text = play(["--seed", "4"], "\n\n\n\nquit\n", monkeypatch)
    assert code == 0
    assert "help)> \nYou decline 2♠. 2♠ is dead. You turn up 5♣\n" in text
    assert "help)> \nYou pass 5♣ to Greedy\n" in text
    assert "help)> \nYou decline 6♦. 6♦ is dead. You turn up K♥\n" in text
    assert text.count("Your choice (1-2, help)> ") == 2  # asked again after the Enter


def test_pass_is_read_as_declining(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(["--seed", "4"], "pass\npass\nquit\n", monkeypatch)
    assert code == 0
    assert "help)> pass\nYou decline 2♠. 2♠ is dead. You turn up 5♣\n" in text
    assert "help)> pass\nYou pass 5♣ to Greedy\n" in text


def bot_answers_to_first_take(text: str) -> list[str]:
    """What the bot did after each "You take" line, up to the person's next turn."""
    parts = text.split("\nYou take ")[1:]
    return [part[: part.index("\n\nYour hand")] for part in parts]


def test_after_an_undo_the_bot_answers_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot is made afresh for each decision from the seed, the game and the ply, so
    a random bot does not draw again: undo is not a way to try the bot's luck."""
    for seed in ("2", "3", "6"):
        code, text = play(["--seed", seed, "--bot", "random"], "1\nundo\n1\nquit\n", monkeypatch)
        assert code == 0
        assert "(the stock and the bot's answers stay the same)" in text
        first, again = bot_answers_to_first_take(text)
        assert first == again


def test_a_narrow_terminal_gets_lines_that_fit_and_whole_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys, "stdin", Piped("1\n" * 30 + "quit\n"))
    out = Terminal()
    assert main(["play", "--seed", "2", "--bot", "random"], out=out) == 0
    lines = out.getvalue().splitlines()
    shown = [line for line in lines if "help)> " not in line]  # prompts and answers
    assert max(map(len, shown)) <= 40
    assert any(line.startswith("  ") and "♦" in line for line in shown)  # some wrapped
    text = out.getvalue()
    assert not re.search(r"(?<![A2-7JQK])[♣♦♥♠]", text)  # no suit without its rank


class Keyboard(Piped):
    """Standard input on a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_match_on_a_terminal_waits_for_enter_before_the_next_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", Keyboard("1\n" * 2000))
    out = io.StringIO()
    assert main(["play", "--seed", "2", "--games", "3"], out=out) == 0
    text = out.getvalue()
    assert text.count("Press Enter for game ") == 2
    assert text.index("Press Enter for game 2> ") < text.index("Game 2\n")


def test_a_points_match_says_what_each_game_scored(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--seed", "5", "--games", "4", "--rules", "classic,scoring:points,target:30"]
    code, text = play(argv, "1\n" * 2000, monkeypatch)
    assert code == 0
    settled = re.findall(r"^Settled: (.*)$", text, flags=re.MULTILINE)
    assert settled
    assert all(re.fullmatch(r"\+\d+ points?|no points", line) for line in settled)


def test_a_number_of_thousands_of_digits_is_out_of_range(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(
        ["--seed", "1"], "9" * 5000 + "\nbuild\n" + "9" * 5000 + "\nquit\n", monkeypatch
    )
    assert code == 0
    assert "not understood: answer a number from 1 to 1" in text
    assert "9" * 201 not in text  # the echo of the answer is cut short


def test_a_path_that_cannot_be_a_file_is_not_saved_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, text = play(["--seed", "1"], "save a\x00b\nsave\nquit\n", monkeypatch)
    assert code == 0
    assert "could not save: 'embedded null byte'" in text
    assert "could not save: save FILE" in text
    assert text.rstrip().endswith("game abandoned")


def test_the_pause_between_games_takes_save_and_quit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    argv = ["--seed", "2", "--games", "3", "--bot", "random"]
    code, straight = play(argv, "1\n" * 2000, monkeypatch)
    assert code == 0
    answers = straight[: straight.index("\nGame 2\n")].count("help)> ")  # game 1's
    path = tmp_path / "between.json"
    monkeypatch.setattr(sys, "stdin", Keyboard("1\n" * answers + f"save {path}\nquit\n"))
    out = io.StringIO()
    assert main(["play", *argv], out=out) == 0
    text = unwrapped(out.getvalue())
    assert f"Press Enter for game 2> game saved to {path}; play --load {path} --bot random" in (
        text.replace("\n", " ")
    )
    assert text.rstrip().endswith("game abandoned")
    assert "Game 2" not in text
    code, resumed = play(["--load", str(path), "--bot", "random"], "1\n" * 2000, monkeypatch)
    assert code == 0
    assert f"Going on with the game saved in {path}, at move 1\nMatch score: you " in (
        unwrapped(resumed)
    )
    assert ending(resumed) == ending(straight)


def test_every_rules_example_in_the_help_is_rules_text() -> None:
    examples = re.findall(r"\b[a-z]+(?:,[a-z_]+:\w+)+", RULES_HELP)
    assert len(examples) == 2
    for example in examples:
        assert Rules.parse(example).to_notation() == example


def test_the_rules_help_names_every_preset() -> None:
    """The presets of tercerilla (M9) and mexican are offered beside the classic ones."""
    named = re.search(r"a preset \(([^)]*)\)", RULES_HELP)
    assert named is not None
    assert named.group(1).split(", ") == list(PRESETS)


def test_a_line_starts_with_a_capital_after_a_spanish_exclamation_mark() -> None:
    assert play_module._capital("¡ganas!") == "¡Ganas!"
    assert play_module._capital("¿y ahora?") == "¿Y ahora?"
    assert play_module._capital("you win!") == "You win!"
    assert play_module._capital("") == ""
