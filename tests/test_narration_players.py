"""Narration of three-player games (issue 32): the round of offers told move by move, a
decline that passes the card on (M4) and one that lets it die, who turns up next (M5),
the two kinds of force (M6 a and b), the end (M7, M8), and three players' names, in
every language."""

from __future__ import annotations

import attrs
import pytest

from conquian import (
    TERCERILLA,
    ConquianError,
    Fate,
    Forcing,
    OfferOrigin,
    Phase,
    Rules,
    State,
    Take,
)
from conquian.languages import LANGUAGES
from conquian.narration import (
    describe_origin,
    explain_forcing,
    narrate,
    narrate_history,
    narrate_start,
)
from conquian.rules import StockOut
from helpers import SMALL, position, random_game, stock_out_position

NAMES = ("Ann", "Bob", "Cid")


def bob_discards_5c(*, fits: int) -> State:
    """Bob (player 1) discarded 5♣; it is offered to Cid, then Ann (M4). It fits the
    table 2♣ 3♣ 4♣ of player ``fits`` (0 or 2); the stock starts with A♣."""
    fitting, other = ("2c3c4c", "Kd"), ("-", "7hJdQsKs")
    seats = {0: fitting if fits == 0 else other, 2: fitting if fits == 2 else other}
    return position(
        SMALL,
        offer="5c",
        origin="discard:1",
        to_move=2,
        hands=(seats[0][1], "6d", seats[2][1]),
        tables=(seats[0][0], "AhAdAs", seats[2][0]),
    )


def bob_turns_up_5c() -> State:
    """Bob (player 1) turned up 5♣ and is offered it first (R10, M4); it fits nobody's
    table; the stock starts with A♣."""
    return position(
        attrs.evolve(SMALL, forcing=Forcing.OFF),
        offer="5c",
        origin="stock:1",
        to_move=1,
        hands=("7hJdQsKs", "6d", "7c7dJcJh"),
        tables=("-", "AhAdAs", "-"),
    )


# ---------------------------------------------------------------- the round of offers


def test_m4_a_discard_goes_to_each_other_player_and_dies_with_the_last_m5() -> None:
    """Bob's discard: Cid declines it and passes it on to Ann; Ann, the last of its
    round, declines it and it dies; the player after the discarder, Cid, turns up the
    next card (M5)."""
    state = bob_discards_5c(fits=2)
    assert describe_origin(state, names=NAMES) == "Bob's discard"
    assert narrate(state, "decline", names=NAMES) == "Cid declines 5♣; Ann may take it"
    assert narrate(state, "decline", names=NAMES, viewer=0) == "Cid declines 5♣; you may take it"
    assert narrate(state, "decline", names=NAMES, viewer=2) == "You decline 5♣; Ann may take it"
    passed = state.apply("decline")
    assert describe_origin(passed, names=NAMES) == "Bob's discard, declined by Cid"
    assert describe_origin(passed, names=NAMES, viewer=1) == "your discard, declined by Cid"
    assert describe_origin(passed, names=NAMES, viewer=2) == "Bob's discard, declined by you"
    assert narrate(passed, "decline", names=NAMES) == (
        "Ann declines 5♣. 5♣ is dead. Cid turns up A♣"
    )


def test_m4_a_turned_card_goes_from_its_turner_round_the_table_m5() -> None:
    """Bob turns up 5♣ and passes it (R11b); Cid declines it on to Ann; Ann declines it
    and it dies; the player after the turner, Cid, turns up the next card (M5)."""
    state = bob_turns_up_5c()
    assert describe_origin(state, names=NAMES) == "turned up by Bob"
    assert narrate(state, "decline", names=NAMES) == "Bob passes 5♣ to Cid"
    passed = state.apply("decline")
    assert describe_origin(passed, names=NAMES) == "passed by Bob"
    assert narrate(passed, "decline", names=NAMES) == "Cid declines 5♣; Ann may take it"
    last = passed.apply("decline")
    assert describe_origin(last, names=NAMES) == "passed by Bob, declined by Cid"
    assert describe_origin(last, names=NAMES, viewer=1) == "passed by you, declined by Cid"
    assert narrate(last, "decline", names=NAMES) == "Ann declines 5♣. 5♣ is dead. Cid turns up A♣"


def test_m4_the_first_player_who_takes_ends_the_round() -> None:
    state = bob_discards_5c(fits=2)
    take = next(move for move in state.legal_moves() if isinstance(move, Take))
    assert take.discard is not None
    assert narrate(state, take, names=NAMES, style="short") == (
        f"Cid takes 5c, discards {take.discard}"
    )
    assert describe_origin(state.apply(take), names=NAMES) == "Cid's discard"


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_v8_the_upcard_goes_round_the_table_the_dealer_last_m4(dealer: int) -> None:
    rules = attrs.evolve(TERCERILLA, initial_upcard=True)
    state = State.new(seed=5, rules=rules, dealer=dealer)
    card = state.offer
    assert card is not None
    first, second = (dealer + 1) % 3, (dealer + 2) % 3
    dealer_name, first_name, second_name = NAMES[dealer], NAMES[first], NAMES[second]
    assert narrate_start(state, names=NAMES) == (
        f"{dealer_name} turns up {card.pretty()} as the upcard"
    )
    assert narrate(state, "decline", names=NAMES) == (
        f"{first_name} declines the upcard {card.pretty()}; {second_name} may take it"
    )
    state = state.apply("decline")
    assert narrate(state, "decline", names=NAMES, viewer=dealer) == (
        f"{second_name} declines the upcard {card.pretty()}; you may take it"
    )
    state = state.apply("decline")
    assert state.to_move == dealer
    assert describe_origin(state, names=NAMES) == (
        f"the upcard, turned by {dealer_name}, declined by {first_name} and {second_name}"
    )
    assert describe_origin(state, names=NAMES, viewer=first) == (
        f"the upcard, turned by {dealer_name}, declined by you and {second_name}"
    )
    assert describe_origin(state, names=NAMES, viewer=second) == (
        f"the upcard, turned by {dealer_name}, declined by {first_name} and you"
    )
    told = narrate(state, "decline", names=NAMES, style="short")
    after = state.apply("decline")
    assert after.offer is not None
    # V8: never forced; M5: the player after the dealer turns up the next card
    assert told == (
        f"{dealer_name} declines {card}. {card} is dead. {first_name} turns up {after.offer}"
    )


# ---------------------------------------------------------------- forcing (M6)


def test_m6_case_a_the_offerer_forces_the_last_decliner_or_releases() -> None:
    """Ann, last of the round of Bob's discard, declines 5♣, which fits her table: Bob,
    the next player after her, decides to force it on her or release it."""
    state = bob_discards_5c(fits=0).apply("decline")
    assert narrate(state, "decline", names=NAMES) == "Ann declines 5♣"
    decision = state.apply("decline")
    assert decision.phase is Phase.FORCE_DECISION
    assert decision.to_move == 1
    assert explain_forcing(decision, names=NAMES, viewer=1) == (
        "Ann declined 5♣, which fits Ann's table (R14a): you may force Ann to take it, or "
        "release it, and it is dead (R14b)"
    )
    assert explain_forcing(decision.observation(1), names=NAMES, viewer=1) != ""
    for nobody in (0, 2, None):
        assert explain_forcing(decision, names=NAMES, viewer=nobody) == ""
    assert narrate(decision, "force", names=NAMES) == "Bob forces 5♣ on Ann"
    assert narrate(decision, "force", names=NAMES, viewer=0) == "Bob forces 5♣ on you"
    assert narrate(decision, "force", names=NAMES, viewer=1) == "You force 5♣ on Ann"
    # a release lets the card die; the player after the releaser turns up (M5)
    assert narrate(decision, "release", names=NAMES) == (
        "Bob releases 5♣. 5♣ is dead. Cid turns up A♣"
    )
    forced = decision.apply("force")
    take = forced.legal_moves()[0]
    assert isinstance(take, Take)
    assert narrate(forced, take, names=NAMES).startswith("Ann is forced to take 5♣")
    assert forced.apply(take).last_played is not None


def test_m6_case_b_the_next_player_forces_a_passed_on_card_back() -> None:
    """Cid declines Bob's discard, which fits Cid's table, passing it on to Ann: Ann,
    now offered it, may force it back on Cid instead of taking or declining it."""
    state = bob_discards_5c(fits=2).apply("decline")
    assert state.to_move == 0
    assert explain_forcing(state, names=NAMES, viewer=0) == (
        "5♣ fits Cid's table (R14a): you may also force it back on Cid (R14b)"
    )
    assert narrate(state, "force", names=NAMES) == "Ann forces 5♣ on Cid"
    assert narrate(state, "force", names=NAMES, viewer=2, lang="es") == (
        "Ann te obliga a tomar 5♣"
    )
    forced = state.apply("force")
    take = forced.legal_moves()[0]
    assert isinstance(take, Take)
    told = narrate(forced, take, names=NAMES, viewer=2)
    assert told.startswith("You are forced to take 5♣")


def test_m6_explain_forcing_names_the_player_before_the_forcer_in_every_language() -> None:
    decision = bob_discards_5c(fits=0).apply("decline").apply("decline")
    back = bob_discards_5c(fits=2).apply("decline")
    cases = ((decision, "force_decision", "Ann"), (back, "may_force_back", "Cid"))
    for state, key, forced in cases:
        for code, language in LANGUAGES.items():
            expected = language.phrase(key, who=forced, card="5♣")
            assert explain_forcing(state, lang=code, names=NAMES, viewer=state.to_move) == (
                expected
            )


# ---------------------------------------------------------------- the end (M7, M8)


BOB_TURNED_THE_LAST_CARD = (("-", "AcAdAhAs", "2c3c4c"), ("7hJdQsKs", "-", "Kd"))
"""The tables and hands of :func:`helpers.stock_out_position` here: Bob turned up the last
stock card; he holds no card, Ann four and Cid one."""


def test_m8_the_stock_runs_out_a_draw_or_the_fewest_cards_win() -> None:
    drawn = (
        stock_out_position(StockOut.DRAW, *BOB_TURNED_THE_LAST_CARD)
        .apply("decline")
        .apply("decline")
    )
    assert narrate(drawn, "decline", names=NAMES) == (
        "Ann declines 5♣. 5♣ is dead. The game is drawn: no stock is left"
    )
    fewest = (
        stock_out_position(StockOut.FEWEST_CARDS, *BOB_TURNED_THE_LAST_CARD)
        .apply("decline")
        .apply("decline")
    )
    assert narrate(fewest, "decline", names=NAMES) == (
        "Ann declines 5♣. 5♣ is dead. No stock is left: Bob wins with the fewest cards in "
        "hand (M8)"
    )
    assert narrate(fewest, "decline", names=NAMES, viewer=1).endswith(
        "No stock is left: you win with the fewest cards in hand (M8)"
    )
    assert narrate(fewest, "decline", names=NAMES, lang="es").endswith(
        "No queda mazo: gana Bob, con menos cartas en la mano (M8)"
    )


def test_m7_going_out_takes_hand_size_plus_one_cards() -> None:
    """Cid, with 2♣ 3♣ 4♣ on his table and 6♣ in hand, takes Bob's 5♣ and lays 6♣: five
    cards on his table, the hand size and one, and nothing to discard: he goes out."""
    state = position(
        SMALL,
        offer="5c",
        origin="discard:1",
        to_move=2,
        hands=("7hJdQsKs", "6d", "6c"),
        tables=("-", "AhAdAs", "2c3c4c"),
    )
    assert narrate(state, "take +6c out", names=NAMES) == (
        "Cid takes 5♣, lays down 6♣ and goes out!"
    )
    assert narrate(state, "take +6c out", names=NAMES, viewer=2, lang="de") == (
        "Du nimmst 5♣, legst 6♣ aus und machst aus!"
    )


# ---------------------------------------------------------------- names and languages


def test_three_players_need_three_names_that_differ_but_for_case() -> None:
    state = bob_turns_up_5c()
    assert narrate(state, "decline") == "Player 1 passes 5♣ to player 2"
    assert describe_origin(state.apply("decline").apply("decline")) == (
        "passed by player 1, declined by player 2"
    )
    with pytest.raises(TypeError, match="one for each player"):
        narrate(state, "decline", names=("Ann", "Bob"))
    with pytest.raises(TypeError, match="one for each player"):
        narrate(State.new(seed=7), "decline", names=NAMES)
    history = state.apply("decline").history
    for names in (("Ann", "Bob", "ann"), ("a", "B", "A "), ("Éva", "Bob", "éva")):
        with pytest.raises(ConquianError, match="differ only in case"):
            narrate(state, "decline", names=names)
        with pytest.raises(ConquianError, match="differ only in case"):
            narrate_history(history, rules=SMALL, names=names)
        with pytest.raises(ConquianError, match="differ only in case"):
            describe_origin(state, names=names)
        with pytest.raises(ConquianError, match="differ only in case"):
            explain_forcing(state, names=names, viewer=0)
        with pytest.raises(ConquianError, match="differ only in case"):
            narrate_start(state, names=names)
    assert narrate(state, "decline", names=NAMES, viewer=2) == "Bob passes 5♣ to you"
    with pytest.raises(ConquianError, match="viewer is player 0, 1, 2 or None"):
        narrate(state, "decline", names=NAMES, viewer=3)


PASSED_ON = {  # "Cid declines 5♣; Ann may take it", to Ann, and from Cid
    "en": ("Cid declines 5♣; Ann may take it", "Cid declines 5♣; you may take it"),
    "es": ("Cid rechaza 5♣; Ann puede tomarla", "Cid rechaza 5♣; puedes tomarla"),
    "nl": ("Cid weigert 5♣; Ann mag hem nemen", "Cid weigert 5♣; jij mag hem nemen"),
    "de": ("Cid lehnt 5♣ ab; Ann darf sie nehmen", "Cid lehnt 5♣ ab; du darfst sie nehmen"),
}
DECLINED_BY = {
    "en": "Bob's discard, declined by Cid",
    "es": "Descarte de Bob, rechazada por Cid",
    "nl": "Afgooi van Bob, geweigerd door Cid",
    "de": "Abwurf von Bob, abgelehnt von Cid",
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_language_tells_a_card_passed_on_and_who_declined_it(lang: str) -> None:
    state = bob_discards_5c(fits=2)
    told, to_you = PASSED_ON[lang]
    assert narrate(state, "decline", names=NAMES, lang=lang) == told
    assert narrate(state, "decline", names=NAMES, lang=lang, viewer=0) == to_you
    origin = describe_origin(state.apply("decline"), names=NAMES, lang=lang)
    assert origin[:1].upper() + origin[1:] == DECLINED_BY[lang]


VERBS = {
    Fate.TAKEN: " takes ",
    Fate.TAKEN_FORCED: " is forced to take ",
    Fate.DECLINED: " declines ",
    Fate.FORCED: " forces ",
    Fate.RELEASED: " releases ",
    Fate.KEPT_ON_OFFER: " lays down ",
}

THREE_PLAYER_RULES = (
    TERCERILLA,
    attrs.evolve(TERCERILLA, forcing=Forcing.DISCARDS_ONLY),
    attrs.evolve(TERCERILLA, initial_upcard=True, stock_out=StockOut.FEWEST_CARDS),
    attrs.evolve(TERCERILLA, meld_from_hand=True, hand_size=6),
    Rules.parse("foster,players:3"),
    attrs.evolve(TERCERILLA, exchange=True),  # M10
)


def test_every_move_of_three_player_games_is_told_from_the_state_and_the_history() -> None:
    """Random three-player games under several rule sets: each move told from its state
    (without what followed) stands in the line the history alone tells of it, with the
    mover named and the verb of its kind; a card passed on names the next player (M4),
    a force the player before the forcer (M6)."""
    seen: set[object] = set()
    for rules in THREE_PLAYER_RULES:
        for seed in range(6):
            states = list(random_game(State.new(seed, rules=rules), seed, greed=0.5))
            history = states[-1].history
            for viewer in (None, 0, 2):
                lines = narrate_history(history, rules=rules, names=NAMES, viewer=viewer)
                assert len(lines) == len(history)
                for before, entry, line in zip(states, history, lines, strict=False):
                    told = narrate(before, entry.move, names=NAMES, viewer=viewer, aftermath=False)
                    assert told in line
                    if viewer is not None:
                        continue
                    seen.add(entry.fate)
                    if entry.fate is Fate.GIVEN:  # M10: the give, to the next player
                        following = NAMES[(entry.player + 1) % 3]
                        assert f"{NAMES[entry.player]} gives " in line, line
                        assert f" to {following}" in line, line
                        continue
                    assert entry.offer is not None  # every other move answers an offer
                    card = entry.offer.pretty()
                    if entry.fate is Fate.PASSED:
                        following = NAMES[(entry.player + 1) % 3]
                        if entry.offer_origin is OfferOrigin.UPCARD:
                            seen.add("upcard")
                            assert told.endswith(f"; {following} may take it")
                        elif entry.player == entry.offered_by:
                            assert told == f"{NAMES[entry.player]} passes {card} to {following}"
                        else:
                            seen.add("passed on")
                            assert told == (
                                f"{NAMES[entry.player]} declines {card}; {following} may take it"
                            )
                    else:
                        assert f"{NAMES[entry.player]}{VERBS[entry.fate]}" in told
                    if entry.fate is Fate.FORCED:
                        assert told.endswith(f" on {NAMES[(entry.player - 1) % 3]}")
    assert seen >= set(Fate) | {"upcard", "passed on"}


def test_two_player_narration_is_unchanged_by_three_player_words() -> None:
    """M1: with two players the round of offers is R11 exactly; its words stay."""
    state = State.new(seed=7)
    assert narrate(state, "decline", names=("Ann", "Bob")) == "Bob passes K♦ to Ann"
    after = state.apply("decline")
    assert describe_origin(after, names=("Ann", "Bob")) == "passed by Bob"
    assert narrate(after, "decline", names=("Ann", "Bob")) == (
        "Ann declines K♦. K♦ is dead. Ann turns up Q♥"
    )
