"""Narration: every kind of move told in words, from the state or the history alone, in
every language, about a player or to him."""

from __future__ import annotations

import pytest

from conquian import (
    DECK,
    ConquianError,
    Fate,
    Force,
    Give,
    IllegalMoveError,
    LayDown,
    OfferOrigin,
    Phase,
    Rules,
    State,
    Take,
    parse_cards,
)
from conquian.languages import LANGUAGES
from conquian.narration import explain_forcing, narrate, narrate_history
from conquian.rules import find_rules
from helpers import random_game
from strategies import RULE_SETS

NAMES = ("Ann", "Bob")


def position(hand0: str, hand1: str, offer: str, table1: str = "-", top: str = "") -> State:
    """Player 1 to decide on ``offer``, turned up by him; the stock is ``top`` then the
    rest of the pack."""
    first = parse_cards(top)
    used = set(parse_cards(f"{hand0} {hand1} {offer} {table1.replace('-', '')} {top}"))
    stock = "".join(map(str, first)) + "".join(str(card) for card in DECK if card not in used)
    return State.parse(
        f"conquian/1 rules=classic dealer=0 ply=0 phase=offer to_move=1 offer={offer} "
        f"from=stock:1 stock={stock} hand0={hand0} hand1={hand1} table0=- "
        f"table1={table1} dead=- result=-"
    )


def test_r11b_a_pass_and_r11a_a_decline_with_the_turn_up() -> None:
    state = State.new(seed=7)
    assert narrate(state, "decline", names=NAMES) == "Bob passes K♦ to Ann"
    after = state.apply("decline")
    assert narrate(after, "decline", names=NAMES) == (
        "Ann declines K♦. K♦ is dead. Ann turns up Q♥"
    )


def test_r11_a_take_names_laid_cards_and_discard_and_r16_going_out() -> None:
    state = position("7h7s5sJcQcKc6s3s4sAd", "2c3c5c6c2s2h2d", "4c", table1="JdQdKd")
    assert narrate(state, "take +3c5c -2s", names=NAMES) == (
        "Bob takes 4♣, lays down 3♣ 5♣, discards 2♠"
    )
    assert narrate(state, "take +2c3c5c6c2s2h2d out", names=NAMES, viewer=1) == (
        "You take 4♣, lay down 2♣ 3♣ 5♣ 6♣ 2♦ 2♥ 2♠ and go out!"
    )


def test_r13_a_regrouping_take_names_the_moved_card() -> None:
    state = position("JcQcKc3s4sAd2d3d4dJh", "5s2c3c4cAhKh", "6s", table1="7c7d7h7s")
    text = narrate(state, "take +5s -Ah", names=NAMES)
    assert text == (
        "Bob takes 6♠, lays down 5♠, discards A♥; 7♠ moved from [7♣ 7♦ 7♥ 7♠] to a new meld "
        "[5♠ 6♠ 7♠]"
    )
    assert narrate(state, "take +5s -Ah", names=NAMES, lang="de", style="short").endswith(
        "7s: von [7c 7d 7h 7s] zu einer neuen Kombination [5s 6s 7s]"
    )


def test_every_language_and_style_tells_a_move() -> None:
    state = State.new(seed=7)
    expected = {"en": "Bob passes", "es": "Bob pasa", "nl": "Bob geeft", "de": "Bob gibt"}
    for code in LANGUAGES:
        text = narrate(state, "decline", names=NAMES, lang=code, style="name")
        assert text.startswith(expected[code])
        assert state.offer is not None
        assert state.offer.name(code) in text


def test_the_viewer_is_addressed_as_you_in_every_language() -> None:
    state = State.new(seed=7)
    assert narrate(state, "decline", names=NAMES, viewer=0) == "Bob passes K♦ to you"
    assert narrate(state, "decline", names=NAMES, viewer=0, lang="de") == (
        "Bob gibt K♦ an dich weiter"
    )
    assert narrate(state, "decline", names=NAMES, viewer=1, lang="nl") == (
        "Je geeft K♦ door aan Ann"
    )


TO_YOU = {  # a pass, a refused upcard, a force, told to the player they are aimed at
    "en": ("Bob passes {card} to you", "you may take it", "Bob forces {card} on you"),
    "es": ("Bob te pasa {card}", "puedes tomarla", "Bob te obliga a tomar {card}"),
    "nl": ("Bob geeft {card} door aan jou", "jij mag hem nemen", "Bob dwingt jou {card} te"),
    "de": ("Bob gibt {card} an dich weiter", "du darfst sie nehmen", "Bob zwingt dich, {card}"),
}


@pytest.mark.parametrize("lang", sorted(TO_YOU))
def test_a_move_aimed_at_the_viewer_addresses_him_as_the_subject_where_he_is_one(
    lang: str,
) -> None:
    """ "You may take it", not "ti puede tomarla": the viewer named as the object of a
    move has his own phrases (pass, a refused upcard, force)."""
    passing, upcard, forcing = TO_YOU[lang]
    found = set()
    for rules in ("classic", "classic,initial_upcard:true"):
        for seed in range(12):
            states = list(random_game(State.new(seed, rules=Rules.parse(rules)), seed, 0.5))
            for before, entry in zip(states, states[-1].history, strict=False):
                if entry.player != 1 or entry.fate not in (Fate.PASSED, Fate.FORCED):
                    continue
                line = narrate(before, entry.move, names=NAMES, viewer=0, lang=lang)
                assert entry.offer is not None  # a pass or a force answers an offer
                card = entry.offer.pretty()
                if entry.fate is Fate.FORCED:
                    assert forcing.format(card=card) in line, line
                    found.add("force")
                elif entry.offer_origin is OfferOrigin.UPCARD:
                    assert line.endswith(upcard), line
                    found.add("upcard")
                else:
                    assert passing.format(card=card) in line, line
                    found.add("pass")
    assert found == {"force", "upcard", "pass"}


def test_bad_arguments_are_typed_errors() -> None:
    state = State.new(seed=7)
    with pytest.raises(IllegalMoveError):
        narrate(state, "release")
    with pytest.raises(ConquianError, match="no language"):
        narrate(state, "decline", lang="fr")
    with pytest.raises(ConquianError, match="viewer"):
        narrate(state, "decline", viewer=2)
    with pytest.raises(ValueError, match="card style"):
        narrate(state, "decline", style="fancy")
    with pytest.raises(TypeError):
        narrate(state, "decline", names=("only one",))


# --- the history alone --------------------------------------------------------------

WORDS = {
    Fate.TAKEN: " takes ",
    Fate.TAKEN_FORCED: " is forced to take ",
    Fate.PASSED: " passes ",
    Fate.DECLINED: " declines ",
    Fate.FORCED: " forces ",
    Fate.RELEASED: " releases ",
    Fate.KEPT_ON_OFFER: " lays down ",
    Fate.GIVEN: " gives ",
}


def test_every_move_kind_is_told_from_the_history_alone() -> None:
    """Games under every rule set, told from their history only: each line tells its
    move's kind with its card, every new card's turn-up, and every card that died."""
    seen: set[object] = set()
    for rules in RULE_SETS:
        for seed in range(4):
            final = list(random_game(State.new(seed, rules=rules), seed, greed=0.5))[-1]
            history = final.history
            lines = narrate_history(history, rules=rules, names=NAMES, style="short")
            assert len(lines) == len(history)
            for index, (entry, line) in enumerate(zip(history, lines, strict=True)):
                fate = entry.fate
                seen.add(fate)
                if fate is Fate.GIVEN:  # M10: a give answers no offer
                    assert isinstance(entry.move, Give)
                    assert f"{NAMES[entry.player]} gives {entry.move.card} to " in line
                    continue
                word = WORDS[fate]
                if fate is Fate.PASSED and entry.offer_origin is OfferOrigin.UPCARD:
                    word = " declines the upcard "
                    seen.add("upcard")
                assert f"{NAMES[entry.player]}{word}" in line, line
                assert str(entry.offer) in line
                previous = history[index - 1] if index else None
                new_card = previous is None or previous.offer != entry.offer
                if new_card and entry.offer_origin is not OfferOrigin.DISCARD:
                    assert f"{NAMES[entry.offered_by]} turns up {entry.offer}" in line
                following = history[index + 1] if index + 1 < len(history) else None
                if following is not None and fate in (Fate.DECLINED, Fate.RELEASED):
                    dies = following.offer != entry.offer
                    assert (f"{entry.offer} is dead" in line) == dies, line
                if isinstance(entry.move, Take) and entry.move.discard is None:
                    assert "goes out" in line
                    seen.add("out")
                if isinstance(entry.move, LayDown):
                    seen.add("lay")
                if "moved from" in line:
                    seen.add("rearranged")
    assert seen >= set(Fate) | {"upcard", "out", "lay"}


def test_history_narration_names_rearrangements() -> None:
    # Bob takes 7s with 7c 7d 7h; Ann declines his discard and passes 6s; Bob takes 6s
    # with 5s, and 7s moves from the group of four to a new run.
    start = position("JcQcKc3s4sAd2d3d4dJh", "7c7d7h5s2c3c4cAhKhQh", "7s", top="6s")
    final = start.apply("take +7c7d7h -Qh").apply("decline").apply("decline")
    final = final.apply("take +5s -Ah")
    lines = narrate_history(final.history, names=NAMES)
    assert lines == [
        "Bob turns up 7♠. Bob takes 7♠, lays down 7♣ 7♦ 7♥, discards Q♥",
        "Ann declines Q♥. Q♥ is dead",
        "Ann turns up 6♠. Ann passes 6♠ to Bob",
        "Bob takes 6♠, lays down 5♠, discards A♥; 7♠ moved from [7♣ 7♦ 7♥ 7♠] to a new meld "
        "[5♠ 6♠ 7♠]",
    ]


def test_history_narration_of_borrowing_uses_the_named_tables() -> None:
    """V2 borrow: the meld a borrowed card moves to is one of the melds the take named."""
    foster = find_rules("foster")
    for seed in range(40):
        final = list(random_game(State.new(seed, rules=foster), seed, greed=1.0))[-1]
        lines = narrate_history(final.history, rules=foster, names=NAMES)
        assert len(lines) == len(final.history)
        for entry, line in zip(final.history, lines, strict=True):
            if "moved from" not in line:
                continue
            assert isinstance(entry.move, Take)
            assert entry.move.table is not None  # borrowing names its table (V2)
            named = {
                "[" + " ".join(card.pretty() for card in meld) + "]" for meld in entry.move.table
            }
            moved_to = line.split("moved from ", 1)[1].split(" to ", 1)[1]
            assert moved_to.removeprefix("a new meld ").split(";")[0] in named, line
            return
    pytest.fail("no borrowing in 40 games")


def test_going_out_is_told_by_its_mover_then_what_moved_on_the_table() -> None:
    # A take that goes out and regroups the table keeps the player the subject of "goes
    # out", and tells the regrouping before it, in brackets (R13, R16).
    for seed in range(200):
        final = list(random_game(State.new(seed), seed, greed=1.0))[-1]
        last = narrate_history(final.history, names=NAMES)[-1]
        if "moved from" in last and "goes out" in last:
            assert last.endswith(") and goes out!"), last
            told, _, moved = last.removesuffix(") and goes out!").rpartition(" (")
            assert "moved from" in moved
            assert "moved from" not in told
            return
    pytest.fail("no game of 200 ended with a take that goes out and regroups")


def test_a_history_that_lays_a_card_twice_is_refused_not_told() -> None:
    """A card on a table stays there (R6): a history that lays one twice is no game's.
    A game restarted from a position string is told from its later moves alone."""
    final = list(random_game(State.new(3), 3, greed=1.0))[-1]
    first = next(i for i, entry in enumerate(final.history) if isinstance(entry.move, Take))
    twice = (*final.history[: first + 1], final.history[first])
    with pytest.raises(
        ConquianError, match=f"history entry {first + 2} lays .*, already on a table"
    ):
        narrate_history(twice)
    for seed in range(10):
        states = list(random_game(State.new(seed), seed, greed=1.0))
        middle = states[len(states) // 2]
        restarted = list(random_game(State.parse(middle.to_notation()), seed, greed=1.0))[-1]
        lines = narrate_history(restarted.history)
        assert len(lines) == len(restarted.history)


def forcing_positions() -> tuple[State, State]:
    """From random games: a force decision (R14b case a), and an offer of a passed card
    that may be forced back (R14b case b)."""
    decision = back = None
    for seed in range(300):
        for state in random_game(State.new(seed), seed, greed=0.5):
            mover = state.to_move
            if mover is None:
                continue
            if state.phase is Phase.FORCE_DECISION:
                decision = decision or state
            elif any(isinstance(move, Force) for move in state.legal_moves()):
                back = back or state
        if decision is not None and back is not None:
            return decision, back
    pytest.fail("no force decision or no passed card to force back in 300 games")


def test_r14b_explain_forcing_tells_the_deciding_player_why_and_nobody_else() -> None:
    decision, back = forcing_positions()
    for state, key in ((decision, "force_decision"), (back, "may_force_back")):
        mover = state.to_move
        assert mover is not None
        assert state.offer is not None
        for code in LANGUAGES:
            expected = LANGUAGES[code].phrase(key, who=NAMES[1 - mover], card=state.offer.pretty())
            told = explain_forcing(state, lang=code, names=NAMES, viewer=mover)
            assert told == expected
            # the deciding player's observation says the same; the other player hears nothing
            view = state.observation(mover)
            assert explain_forcing(view, lang=code, names=NAMES, viewer=mover) == expected
            assert explain_forcing(state, lang=code, names=NAMES, viewer=1 - mover) == ""
            assert explain_forcing(state, lang=code, names=NAMES) == ""
    assert explain_forcing(State.new(seed=7), names=NAMES, viewer=1) == ""  # nothing to force


@pytest.mark.parametrize(
    "names", [("a", "A"), ("éva", "Éva"), ("de Vries", "De Vries "), ("Ann", "Ann")]
)
def test_names_that_differ_only_in_case_are_refused(names: tuple[str, str]) -> None:
    """A sentence starting with a name capitalises it: with "a" and "A", "A passes" would
    name the wrong player (issue 35). Such names are refused, and nothing is told."""
    state = State.new(seed=7)
    move = state.legal_moves()[-1]
    with pytest.raises(ConquianError, match="differ only in case"):
        narrate(state, move, names=names)
    with pytest.raises(ConquianError, match="differ only in case"):
        narrate_history(state.apply(move).history, names=names)
    with pytest.raises(ConquianError, match="differ only in case"):
        explain_forcing(state, names=names, viewer=0)
    told = narrate(state, move, names=("a", "b"))
    assert told.startswith("B ")  # player 1 turned up and passes: "b" is named, capitalised
