"""``python -m conquian play`` with three players (issue 32): a person against two bots,
driven through standard input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conquian.languages import LANGUAGES
from helpers import play, unwrapped

ENDINGS = {  # you win, Greedy 1 wins, Greedy 2 wins, a draw
    "en": ("You win!", "Greedy 1 wins", "Greedy 2 wins", "The game is drawn: no stock is left"),
    "es": ("¡Ganas!", "Gana Greedy 1", "Gana Greedy 2", "Partida empatada: no queda mazo"),
    "nl": ("Je wint!", "Greedy 1 wint", "Greedy 2 wint", "Gelijkspel: de stapel is op"),
    "de": (
        "Du gewinnst!",
        "Greedy 1 gewinnt",
        "Greedy 2 gewinnt",
        "Unentschieden: der Stapel ist leer",
    ),
}
TABLES = {  # the two bots' tables, each with its hand size
    "en": ("Greedy 1's table: ", "Greedy 2's table: ", "(hand: 8 cards)"),
    "es": ("Mesa de Greedy 1: ", "Mesa de Greedy 2: ", "(mano: 8 cartas)"),
    "nl": ("Tafel van Greedy 1: ", "Tafel van Greedy 2: ", "(hand: 8 kaarten)"),
    "de": ("Tisch von Greedy 1: ", "Tisch von Greedy 2: ", "(Hand: 8 Karten)"),
}


FORCE_HELP = {  # M6: who may be forced, and which card, in help's words
    "en": (
        "force (make the player just before you take a card they declined that fits their "
        "table, R14b, M6: the card they pass on to you, or one you turned up or discarded "
        "if they were the last to decline it)"
    ),
    "es": (
        "force (obligar al jugador justo antes de ti a tomar una carta que rechazó y que "
        "encaja en su mesa, R14b, M6: la que te pasa, o una que descubriste o descartaste "
        "si fue el último en rechazarla)"
    ),
    "nl": (
        "force (de speler vlak voor jou dwingen een geweigerde kaart te nemen die op zijn "
        "tafel past, R14b, M6: de kaart die hij aan jou doorgeeft, of een die jij omdraaide "
        "of afgooide als hij de laatste was die hem weigerde)"
    ),
    "de": (
        "force (den Spieler direkt vor dir zwingen, eine abgelehnte Karte zu nehmen, die an "
        "seinen Tisch passt, R14b, M6: die Karte, die er dir weitergibt, oder eine, die du "
        "aufgedeckt oder abgeworfen hast, wenn er sie als Letzter abgelehnt hat)"
    ),
}


def turns(text: str) -> list[str]:
    """The person's turns: from his hand to his prompt."""
    return [part.split("help)> ")[0] for part in text.split("\nYour hand: ")[1:]]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_answering_1_at_every_prompt_finishes_a_three_player_game_in_every_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, text = play(
        ["--rules", "tercerilla", "--seed", "3", "--lang", lang], "1\n" * 600, monkeypatch
    )
    assert code == 0
    assert text.rstrip().splitlines()[-1] in ENDINGS[lang], text[-400:]
    first_bot, second_bot, full_hand = TABLES[lang]
    # M1: both opponents' tables, each with its hand size, before the first decision
    first_turn = text[: text.index("help)> ")]
    assert f"{first_bot}" in first_turn
    assert f"{second_bot}" in first_turn
    assert full_hand in first_turn
    assert "♥" in text or "♦" in text or "♣" in text or "♠" in text


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_help_says_who_may_force_whom_with_three_players(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """M6: only the player just before the forcer can be forced, with the card he passes
    on to the forcer (R14b case b) or the forcer's own card that he was the last to
    decline (case a); with two players that is the other player (R14b)."""
    for rules in ("tercerilla", "classic"):
        code, text = play(
            ["--rules", rules, "--seed", "5", "--lang", lang], "help\nquit\n", monkeypatch
        )
        assert code == 0
        assert FORCE_HELP[lang] in " ".join(text.split())


def test_ascii_writes_letters_with_three_players(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(
        ["--rules", "tercerilla", "--seed", "4", "--ascii"], "1\n" * 600, monkeypatch
    )
    assert code == 0
    assert not any(symbol in text for symbol in "♣♦♥♠")
    assert re.search(r"Greedy 1's table: .*\(hand: \d+ cards?\)", text)
    assert text.rstrip().splitlines()[-1] in ENDINGS["en"]


@pytest.mark.parametrize(
    "argv",
    [
        ["--rules", "mexican,players:3"],
        ["--rules", "mexican", "--players", "3"],
        ["--players", "3", "--rules", "mexican"],
    ],
)
def test_every_form_of_three_players_plays_the_same_tercerilla(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """M9: tercerilla is mexican with three players, however it is asked for."""
    _, tercerilla = play(["--rules", "tercerilla", "--seed", "5"], "1\n" * 600, monkeypatch)
    code, text = play([*argv, "--seed", "5"], "1\n" * 600, monkeypatch)
    assert code == 0
    assert text == tercerilla
    assert "(replay the match with play --seed 5 --rules tercerilla)" in text


def test_players_2_makes_a_three_player_preset_a_two_player_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, mexican = play(["--rules", "mexican", "--seed", "5"], "1\n" * 600, monkeypatch)
    code, text = play(
        ["--rules", "tercerilla", "--players", "2", "--seed", "5"], "1\n" * 600, monkeypatch
    )
    assert code == 0
    assert text == mexican
    assert "Greedy's table: " in text
    assert "Greedy 2" not in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "greedy,random"], "a game of two players has one bot: --bot greedy,random"),
        (["--rules", "tercerilla", "--bot", "greedy,random,random"], "is not one bot or two"),
        (["--rules", "tercerilla", "--bot", "greedy,nobody"], "is not one bot or two"),
        (["--players", "4"], "a game has 2 or 3 players (M1), not '4'"),
        (["--rules", "classic,hand_size:15", "--players", "3"], "hand_size must be from 1"),
    ],
)
def test_bots_and_players_that_do_not_fit_are_refused(
    argv: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code: object
    try:
        code, text = play(argv, "1\n" * 10, monkeypatch)
    except SystemExit as stop:  # refused by the argument parser
        code, text = stop.code, ""
    assert code == 2
    assert text == ""
    assert message in capsys.readouterr().err.replace("\n  ", " ")


def test_two_bots_of_a_kind_are_told_apart_by_seat_and_two_kinds_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, text = play(
        ["--rules", "tercerilla", "--seed", "3", "--bot", "random"], "quit\n", monkeypatch
    )
    assert code == 0
    assert "Random 1's table: " in text
    assert "Random 2's table: " in text
    assert "(replay the match with play --seed 3 --rules tercerilla --bot random)" in unwrapped(
        text
    )
    code, text = play(
        ["--rules", "tercerilla", "--seed", "3", "--bot", "greedy,random"], "quit\n", monkeypatch
    )
    assert code == 0
    assert "\nGreedy's table: " in text
    assert "\nRandom's table: " in text
    assert "--bot greedy,random)" in unwrapped(text)


def test_the_round_of_offers_says_who_has_the_card_m4(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 3: Greedy 1 turns up 7♠, takes it and discards 2♥; Greedy 2 declines it and
    passes it on to the person, whose offer line names who declined it (M4)."""
    code, text = play(["--rules", "tercerilla", "--seed", "3"], "1\n" * 3 + "quit\n", monkeypatch)
    assert code == 0
    assert "You deal\nGreedy 1 turns up 7♠\n" in text  # R10, M2: the player after the dealer
    assert "Greedy 1 takes 7♠, lays down 7♦ 7♥, discards 2♥\n" in text
    assert "Greedy 2 declines 2♥; you may take it\n" in text
    first, second, third = turns(text)[:3]
    assert "Offered: 2♥ (Greedy 1's discard, declined by Greedy 2)" in first
    # The person declines, the last of the round: 2♥ dies, and the player after the
    # discarder, Greedy 2, turns up the next card (M5) and passes it on to the person.
    assert "You decline 2♥. 2♥ is dead. Greedy 2 turns up J♦\nGreedy 2 passes J♦ to you\n" in text
    assert "Offered: J♦ (passed by Greedy 2)" in second
    assert "1. You decline J♦; Greedy 1 may take it" in second
    assert "Greedy 1 declines J♦. J♦ is dead. You turn up 3♣" in text
    assert "1. You pass 3♣ to Greedy 1" in third


def test_m6_case_a_the_person_forces_the_last_decliner(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 16 against two random bots: Random 2, the last of the round of the person's
    # turned card, declines 6♣, which fits his table; the person, the next player after
    # him, decides to force it on him or release it (R14b case a, M6).
    code, text = play(
        ["--rules", "tercerilla", "--seed", "16", "--bot", "random"], "1\n" * 600, monkeypatch
    )
    assert code == 0
    assert "\n  1. You force 6♣ on Random 2\n  2. You release 6♣\n" in text
    text = unwrapped(text)
    why = (
        "Random 2 declined 6♣, which fits Random 2's table (R14a): you may force Random 2 "
        "to take it, or release it, and it is dead (R14b)\n"
    )
    assert why in text
    decision = text[text.index(why) : text.index("help)> ", text.index(why))]
    assert "Offered" not in decision
    assert "You force 6♣ on Random 2" in decision
    assert "You force 6♣ on Random 2\nRandom 2 is forced to take 6♣, discards 5♥\n" in text


def test_m6_case_b_the_person_may_force_a_passed_on_card_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, text = play(["--rules", "tercerilla", "--seed", "6"], "1\n" * 600, monkeypatch)
    assert code == 0
    text = unwrapped(text)
    back = re.search(
        r"Offered: (\S+) \(([^)]*), declined by (Greedy \d)\)\n"
        r"\1 fits \3's table \(R14a\): you may also force it back on \3 \(R14b\)\n",
        text,
    )
    assert back is not None, text
    card, decliner = back.group(1), back.group(3)
    assert f". You force {card} on {decliner}\n" in text[back.end() :]


def test_hint_undo_and_build_work_with_three_players(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 3: the person declines 2♥ and J♦, passes 3♣, declines A♠, and is offered 4♠
    # with six takes; a hint, a take built card by card, then undo back to 4♠.
    answers = "1\n1\n1\n1\nhint\nbuild\n4c\n4d\n-Qs\nundo\nquit\n"
    code, text = play(["--rules", "tercerilla", "--seed", "3"], answers, monkeypatch)
    assert code == 0
    assert "The bot would play: you take 4♠, lay down 4♣ 4♦, discard " in text
    assert "You take 4♠ with: 4♣ 4♦" in text
    assert "You take 4♠, lay down 4♣ 4♦, discard Q♠\n" in text
    assert "Greedy 1 " in text[text.index("discard Q♠\n") :]  # the bots answered
    after_undo = text[text.index("back to your previous decision") :]
    assert "Offered: 4♠ (passed by Greedy 2)" in after_undo
    assert "Your table: -" in after_undo
    assert "error" not in text


def ending(text: str) -> list[str]:
    """The last lines of a match of three: the three hands and tables, the result, the
    match's lines."""
    return text.rstrip().splitlines()[-8:]


def test_save_and_load_go_on_with_a_three_player_match(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    argv = ["--rules", "tercerilla", "--seed", "2", "--bot", "greedy,random", "--games", "2"]
    code, straight = play(argv, "1\n" * 2000, monkeypatch)
    assert code == 0
    path = tmp_path / "three.json"
    code, text = play(argv, "1\n" * 7 + f"save {path}\nquit\n", monkeypatch)
    assert code == 0
    assert f"play --load {path} --bot greedy,random goes on with it" in unwrapped(text)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["rules"]["players"] == 3
    code, resumed = play(
        ["--load", str(path), "--bot", "greedy,random"], "1\n" * 2000, monkeypatch
    )
    assert code == 0
    assert f"Going on with the game saved in {path}, at move " in unwrapped(resumed)
    assert ending(resumed) == ending(straight)


def test_a_match_of_three_passes_the_deal_and_scores_each_player_m11(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, text = play(
        ["--rules", "tercerilla", "--seed", "2", "--games", "3"], "1\n" * 3000, monkeypatch
    )
    assert code == 0
    # M2: the deal passes to the next player after each game
    dealers = re.findall(r"\n(You deal|Greedy \d deals)\n", text)
    assert dealers == ["You deal", "Greedy 1 deals", "Greedy 2 deals"]
    scores = re.findall(r"Match score: you (-?\d+), Greedy 1 (-?\d+), Greedy 2 (-?\d+)", text)
    assert len(scores) == 3
    for score in scores:
        assert sum(map(int, score)) == 0  # M11: what a loser pays, the winner gets
    last = text.rstrip().splitlines()
    assert last[-2] == "The match is over"
    assert re.fullmatch(
        r"(You win|Greedy \d wins) the match after 3 games\.|The match is tied after 3 games\.",
        last[-1],
    )
    hands = [line for line in last[-9:] if "|" in line]
    assert [line.split(":")[0] for line in hands] == [
        "Your hand",
        "Greedy 1's hand",
        "Greedy 2's hand",
    ]


def test_a_three_player_screen_fits_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(
        ["--rules", "tercerilla", "--seed", "8", "--lang", "es"], "1\n" * 600, monkeypatch
    )
    assert code == 0
    shown = [line for line in text.splitlines() if "help)> " not in line]
    assert max(map(len, shown)) <= 80
