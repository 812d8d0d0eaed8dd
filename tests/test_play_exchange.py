"""``python -m conquian play`` with the opening exchange (M10, issue 32): the person
chooses the card he gives, and sees no card but his own until the cards change hands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conquian.languages import LANGUAGES
from conquian.match import Match, match_load
from conquian.moves import Give
from helpers import play, unwrapped

THREE = ["--rules", "tercerilla,exchange:true", "--seed", "3"]
RECEIVED = r"You receive ([2-7AJQK][♣♦♥♠cdhs]) from Greedy 2 \(M10\)\n"


def first_hand(text: str) -> str:
    """The first line of ``text`` that shows the person's hand."""
    return text[text.index("Your hand: ") :].splitlines()[0]


def test_m10_the_person_chooses_the_card_to_give_and_sees_only_his_own(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """You deal: Greedy 1 gives first, then Greedy 2 (to you), then you (to Greedy 1);
    the bots' cards are "a card" until all have chosen, then you see the one you
    received, and Greedy 1, the player after the dealer, turns up the first card."""
    path = tmp_path / "exchange.json"
    code, text = play(THREE, f"give 4c\nsave {path}\nquit\n", monkeypatch)
    assert code == 0
    assert "You deal\nGreedy 1 gives a card to Greedy 2\nGreedy 2 gives you a card\n" in text
    assert (
        "The opening exchange (M10): choose a card of your hand to give to Greedy 1; every "
        "player gives one, and the cards change hands when all have chosen"
    ) in unwrapped(text)
    choices = text[text.index("Your choices:") : text.index("help)> ")]
    assert choices.count(" to Greedy 1\n") == 8  # one give a hand card
    assert "  1. You give 4♣ to Greedy 1\n" in choices
    assert "Offered" not in choices
    swap = re.search(
        r"You give 4♣ to Greedy 1\nYou receive (\S+) from Greedy 2 \(M10\)\n"
        r"Greedy 1 turns up 7♠\n",
        text,
    )
    assert swap is not None, text
    received = swap.group(1)
    dealt = first_hand(text)
    hand = first_hand(text[swap.end() :])
    assert "4♣" in dealt
    assert received not in dealt
    assert received in hand
    assert "4♣" not in hand
    # Neither bot's card was shown before the cards changed hands.
    with path.open("rb") as file:
        match = Match.from_record(match_load(file))
    gives = [entry.move for entry in match.state.history if isinstance(entry.move, Give)]
    assert [str(give) for give in gives][2] == "give 4c"
    assert gives[1].card is not None
    assert gives[1].card.pretty() == received  # Greedy 2's card, given to you
    before = text[: text.index("You receive")]
    for give in gives[:2]:
        assert give.card is not None
        assert give.card.pretty() not in before


def test_m10_a_hint_and_an_undo_at_the_exchange(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(THREE, "hint\n2\nundo\n3\nquit\n", monkeypatch)
    assert code == 0
    assert "The bot would play: you give " in text
    assert "You give 7♣ to Greedy 1\n" in text
    after_undo = text[text.index("back to your previous decision") :]
    assert "The opening exchange (M10)" in unwrapped(after_undo)
    assert re.search("You give K♣ to Greedy 1\n" + RECEIVED, after_undo)


def test_m10_a_save_at_the_exchange_goes_on_there(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "exchange.json"
    code, _ = play(THREE, f"save {path}\nquit\n", monkeypatch)
    assert code == 0
    code, text = play(["--load", str(path)], "1\nquit\n", monkeypatch)
    assert code == 0
    assert "Going on with the game saved in" in unwrapped(text)
    assert re.search("\nYou give 4♣ to Greedy 1\n" + RECEIVED, text)


EXCHANGED = {  # two players, seed 5: you deal, Greedy gives first, you give K♥
    "en": ("Greedy gives you a card", "You give K♥ to Greedy", "You receive 5♦ from Greedy (M10)"),
    "es": ("Greedy te da una carta", "Das K♥ a Greedy", "Recibes 5♦ de Greedy (M10)"),
    "nl": (
        "Greedy geeft jou een kaart",
        "Je geeft K♥ aan Greedy",
        "Je krijgt 5♦ van Greedy (M10)",
    ),
    "de": (
        "Greedy gibt dir eine Karte",
        "Du gibst K♥ an Greedy",
        "Du bekommst 5♦ von Greedy (M10)",
    ),
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_m10_two_players_swap_a_card_in_every_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["--rules", "classic,exchange:true", "--seed", "5", "--lang", lang]
    code, text = play(argv, "give Kh\nquit\n", monkeypatch)
    assert code == 0
    given, gave, received = EXCHANGED[lang]
    assert f"\n{given}\n" in text
    assert f"\n{gave}\n{received}\n" in text
    assert "(M10)" in unwrapped(text[: text.index("help)> ")])  # the exchange is explained


def test_m10_ascii_and_a_whole_game_with_the_exchange(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play([*THREE, "--ascii"], "1\n" * 600, monkeypatch)
    assert code == 0
    assert not any(symbol in text for symbol in "♣♦♥♠")
    assert re.search("\nYou give 4c to Greedy 1\n" + RECEIVED, text)
    assert text.rstrip().splitlines()[-1] in (
        "You win!",
        "Greedy 1 wins",
        "Greedy 2 wins",
        "The game is drawn: no stock is left",
    )
