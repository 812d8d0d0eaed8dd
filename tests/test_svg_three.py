"""Tests of conquian.svg with three players (M1, issue #32): three tables, the other
players' hands as backs, who has the card in the round of offers (M4), and an
observation's picture that hides both other hands and the stock."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator

import attrs
import pytest

from conquian import (
    TERCERILLA,
    Card,
    ConquianError,
    Forcing,
    OfferOrigin,
    Rules,
    State,
    StockOut,
    svg,
)
from conquian.languages import LANGUAGES, Language
from conquian.phases import last_offered
from conquian.state import Observation, Phase
from helpers import random_game, scaled

SVG_NS = "{http://www.w3.org/2000/svg}"

RULES_OF_THREE = (
    TERCERILLA,
    attrs.evolve(TERCERILLA, stock_out=StockOut.FEWEST_CARDS),
    attrs.evolve(TERCERILLA, forcing=Forcing.DISCARDS_ONLY, initial_upcard=True),
    Rules(players=3, hand_size=7, meld_from_hand=True),
)
NAMES = ("Ann", "Bob", "Carl")


def parsed(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG_NS}svg"
    return root


def drawn_cards(picture: str) -> Counter[str]:
    """How many times each face-up card is drawn."""
    return Counter(
        element.attrib["data-card"]
        for element in parsed(picture).iter(f"{SVG_NS}g")
        if element.attrib.get("class") == "card"
    )


def backs(picture: str) -> int:
    return sum(
        1 for element in parsed(picture).iter(f"{SVG_NS}g") if element.get("class") == "card back"
    )


def words(picture: str) -> str:
    """Every word of a picture: its lines, its title and its description, and every
    card's title."""
    return "\n".join(element.text or "" for element in parsed(picture).iter())


def texts(picture: str) -> list[str]:
    """The lines of a picture, in order."""
    return [text.text or "" for text in parsed(picture).iter(f"{SVG_NS}text")]


def positions(seeds: int) -> Iterator[State]:
    """Positions of random three-player games under each rule set of three."""
    for rules in RULES_OF_THREE:
        for seed in range(seeds):
            yield from random_game(State.new(seed, rules=rules), seed, greed=0.4)


def card_words(card: Card) -> tuple[str, ...]:
    """How a picture could write ``card``: its notation, its French face and its Spanish
    names (a card's title, a move's words)."""
    return (
        str(card),
        card.pretty(),
        card.spanish(),
        card.spanish(numbers=True),
        *(card.name(language) for language in LANGUAGES.values()),
    )


def test_an_observation_hides_both_other_hands_and_the_stock_m1() -> None:
    """For every seat of many random positions, the picture of the seat's observation
    draws face up exactly what the seat sees, every other card as a back, and writes no
    hidden card anywhere: neither as a card's data nor in its words (in every pack, with
    the last move told)."""
    checked = 0
    for state in positions(scaled(3)):
        if state.ply % (12 // scaled(3)):
            continue
        for player in range(3):
            seen = state.observation(player)
            hidden = [
                card for other in range(3) if other != player for card in state.hands[other]
            ] + list(state.stock)
            visible = [*seen.hand, *seen.dead, *(c for t in seen.tables for m in t for c in m)]
            if seen.offer is not None:
                visible.append(seen.offer)
            last = seen.history[-1] if seen.history else None
            pack: svg.PackStyle = "spanish" if checked % 2 else "french"
            picture = svg.position(seen, last_move=last, pack=pack, names=NAMES)
            assert drawn_cards(picture) == Counter(str(card) for card in visible)
            others = sum(seen.hand_sizes) - len(seen.hand)
            assert backs(picture) == others + min(seen.stock_size, 5)
            said = words(picture)
            for card in hidden:
                assert f'data-card="{card}"' not in picture
                for text in card_words(card):
                    assert text not in said, (card, text, state.to_notation())
            checked += 1
    assert checked > 50


def swap_in_text(text: str, a: Card, b: Card) -> str:
    return text.replace(str(a), "@").replace(str(b), str(a)).replace("@", str(b))


def test_an_observation_picture_does_not_change_with_the_hidden_cards_m1() -> None:
    """Swap a card of one other hand with one of the other hand, or with the stock: the
    picture of the third seat's observation is the same."""
    state = next(
        s for s in random_game(State.new(3, rules=TERCERILLA), 3, greed=0.4) if s.ply == 20
    )
    first, second, stocked = min(state.hands[1]), min(state.hands[2]), state.stock[-1]
    base = State.parse(state.to_notation())
    for a, b in ((first, second), (first, stocked), (second, stocked)):
        swapped = State.parse(swap_in_text(state.to_notation(), a, b))
        assert swapped != base
        assert svg.position(swapped.observation(0), names=NAMES) == svg.position(
            base.observation(0), names=NAMES
        )
        assert svg.position(swapped) != svg.position(base)


def test_a_state_of_three_draws_every_card_once_and_three_tables() -> None:
    for state in positions(1):
        if state.ply % 10 and state.to_move is not None:
            continue
        picture = svg.position(state, names=NAMES)
        assert drawn_cards(picture) == Counter(str(card) for card in state.deck or ())
        assert backs(picture) == 0
        labels = " ".join(texts(picture))
        for name in NAMES:
            assert f"{name}'s hand: " in labels
            assert f"{name}'s table: " in labels


def title(picture: str) -> str:
    element = parsed(picture).find(f"{SVG_NS}title")
    assert element is not None
    return element.text or ""


def description(picture: str) -> str:
    element = parsed(picture).find(f"{SVG_NS}desc")
    assert element is not None
    return element.text or ""


def hand_labels(picture: str) -> list[str]:
    return [line for line in texts(picture) if "hand: " in line]


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_the_next_player_is_drawn_at_the_top_the_viewer_at_the_bottom_m1(viewer: int) -> None:
    state = State.new(seed=5, rules=TERCERILLA)
    expected = [NAMES[(viewer + 1) % 3], NAMES[(viewer + 2) % 3], NAMES[viewer]]
    labels = hand_labels(svg.position(state, viewer=viewer, names=NAMES))
    assert [label.split("'s hand")[0] for label in labels] == expected
    seen = hand_labels(svg.position(state.observation(viewer), names=NAMES))
    assert [label.split("'s hand")[0] for label in seen[:2]] == expected[:2]
    assert seen[2].startswith("Your hand: 8 cards")


def find(rules: Rules, test: object) -> State:
    """The first position of the random games of ``rules`` that passes ``test``."""
    assert callable(test)
    for seed in range(200):
        for state in random_game(State.new(seed, rules=rules), seed, greed=0.3):
            if test(state):
                return state
    raise AssertionError("no such position")


def offer_lines(picture: str) -> list[str]:
    """The lines written in the offer's colour on the felt (the label of the card in
    play, where it came from, and its round of offers), not the hand label of the player
    who has it (see :func:`mover_label`)."""
    return [
        text.text or ""
        for text in parsed(picture).iter(f"{SVG_NS}text")
        if text.get("fill") == "#9a5800" and "hand: " not in (text.text or "")
    ]


def mover_label(picture: str) -> list[str]:
    """The hand labels written in the offer's colour."""
    return [
        text.text or ""
        for text in parsed(picture).iter(f"{SVG_NS}text")
        if text.get("fill") == "#9a5800" and "hand: " in (text.text or "")
    ]


def declined_discard() -> State:
    """A discard the next player declined (M4): with the third, the last of its round."""
    return find(
        TERCERILLA,
        lambda s: (
            s.phase is Phase.OFFER
            and s.offer_origin is OfferOrigin.DISCARD
            and s.to_move == (s.offered_by + 2) % 3
        ),
    )


def test_the_round_of_offers_says_who_has_the_card_and_who_comes_next_m4() -> None:
    """A turned card is with its turner, then the next two players; a discard passed on
    by the next player is with the third, the last of its round."""
    turned = State.new(seed=5, rules=TERCERILLA)  # player 1 turns up the first card
    assert turned.to_move == 1
    lines = offer_lines(svg.position(turned, names=NAMES))
    assert lines[-2:] == ["Now with Bob", "Then Carl, then Ann"]
    assert mover_label(svg.position(turned, names=NAMES)) == ["Bob's hand: 8 cards"]
    lines = offer_lines(svg.position(turned.observation(0), names=NAMES))
    assert lines[-2:] == ["Now with Bob", "Then Carl, then you"]
    passed = turned.apply("decline")
    lines = offer_lines(svg.position(passed.observation(2), names=NAMES))
    assert lines[-2:] == ["Now with you", "Then Ann"]
    assert mover_label(svg.position(passed.observation(2), names=NAMES)) == ["Your hand: 8 cards"]
    discard = declined_discard()
    assert discard.to_move is not None
    last = NAMES[discard.to_move]
    lines = offer_lines(svg.position(discard, names=NAMES))
    assert lines[-1] == f"Now with {last}"
    assert "then" not in " ".join(lines).lower()
    assert f"now with {last}" in description(svg.position(discard, names=NAMES, lang="en"))


def test_a_two_player_picture_says_nothing_of_a_round_m4() -> None:
    state = State.new(seed=5)
    assert "now with" not in svg.position(state).lower()
    assert "now with" not in svg.position(state.observation(0)).lower()


def test_m6_a_force_decision_names_the_decliner_and_a_forced_take_the_forcer() -> None:
    """Case a: the offerer decides on the card the player before him declined; the
    forced player takes it from the next player, who forced it (M6)."""
    deciding = find(TERCERILLA, lambda s: s.phase is Phase.FORCE_DECISION)
    mover = deciding.to_move
    assert mover is not None
    decliner = NAMES[(mover - 1) % 3]
    picture = svg.position(deciding, names=NAMES)
    assert f"Declined by {decliner}; it fits {decliner}'s table (R14a)" in " ".join(
        offer_lines(picture)
    )
    assert texts(picture)[0] == f"{NAMES[mover]} to force or release"
    forced = find(TERCERILLA, lambda s: s.phase is Phase.FORCED_TAKE)
    taker = forced.to_move
    assert taker is not None
    forcer = (taker + 1) % 3
    lines = " ".join(offer_lines(svg.position(forced, names=NAMES)))
    assert f"Forced on {NAMES[taker]} by {NAMES[forcer]} (R14b)" in lines
    lines = " ".join(offer_lines(svg.position(forced.observation(taker), names=NAMES)))
    assert f"Forced on you by {NAMES[forcer]} (R14b)" in lines
    lines = " ".join(offer_lines(svg.position(forced.observation(forcer), names=NAMES)))
    assert f"Forced on {NAMES[taker]} by you (R14b)" in lines


@pytest.mark.parametrize("players", [2, 3])
def test_m8_the_fewest_cards_win_is_told_as_such(players: int) -> None:
    rules = Rules(players=players, hand_size=8, stock_out=StockOut.FEWEST_CARDS)
    end = find(
        rules,
        lambda s: s.outcome is not None and s.outcome.kind.value == "fewest_cards",
    )
    assert end.outcome is not None
    winner = end.outcome.winner
    assert winner is not None
    names = NAMES[:players]
    status = title(svg.position(end, names=names))
    assert status == (
        "Conquian position, no stock is left: "
        f"{names[winner]} wins with the fewest cards in hand (M8)"
    )
    seen = title(svg.position(end.observation(winner), names=names))
    assert seen.endswith(", no stock is left: you win with the fewest cards in hand (M8)")
    assert "went out" not in svg.position(end, names=names)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_language_draws_three_players(code: str) -> None:
    language = LANGUAGES[code]
    turned = State.new(seed=5, rules=TERCERILLA)
    for source in (turned, turned.observation(2), turned.apply("decline").observation(2)):
        picture = svg.position(source, lang=code)
        title = parsed(picture).find(f"{SVG_NS}title")
        assert title is not None
        assert title.text is not None
        assert title.text.startswith(language.phrase("picture_title", status=""))
    assert language.phrase("picture_player", n=2) in svg.position(turned, lang=code)
    seen = svg.position(turned.apply("decline").observation(2), lang=code)
    now = language.phrase("picture_with.you")
    assert now[:1].upper() + now[1:] in texts(seen)  # a line of its own, as a label starts


def offer_positions() -> list[State]:
    """A card in play of each kind, with two players and with three: turned up, a
    discard, passed on, declined and awaiting force or release (R14b case a, M6),
    forced; with three, a card in its round of offers with one and two players after
    the mover, and a discard declined by the player before him (M4)."""

    def phase_is(phase: Phase, origin: OfferOrigin | None = None) -> Callable[[State], bool]:
        return lambda s: s.phase is phase and origin in (None, s.offer_origin)

    two = Rules()
    turned = State.new(seed=5, rules=TERCERILLA)
    return [
        State.new(seed=7),
        find(two, phase_is(Phase.OFFER, OfferOrigin.DISCARD)),
        State.new(seed=7).apply("decline"),
        find(two, phase_is(Phase.FORCE_DECISION)),
        find(two, phase_is(Phase.FORCED_TAKE)),
        turned,
        turned.apply("decline"),
        declined_discard(),
        find(TERCERILLA, phase_is(Phase.FORCE_DECISION)),
        find(TERCERILLA, phase_is(Phase.FORCED_TAKE)),
    ]


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_offered_cards_lines_start_with_a_capital_as_the_labels_do(code: str) -> None:
    """Beside the card in play, where it came from (or what is decided on it) and each
    line of its round of offers (M4) start as a label does, with a capital, the viewer's
    own ("Turned up by you", "Now with you", "Then Carl, then you") too, in every
    language; a line the origin wraps onto goes on its sentence."""
    for state in offer_positions():
        players = state.rules.players
        rounds = 0  # the lines of its round of offers: who has it, and who comes next
        if players == 3 and state.phase is Phase.OFFER:
            assert state.offered_by is not None
            last = last_offered(state.offer_origin, state.offered_by, players)
            rounds = 1 if state.to_move == last else 2
        sources: list[State | Observation] = [state]
        sources += (state.observation(player) for player in range(players))
        for source in sources:
            lines = offer_lines(svg.position(source, names=NAMES[:players], lang=code))
            starts = [lines[1], *lines[len(lines) - rounds :]]  # after the label
            assert all(line[:1].isupper() for line in starts), (lines, code)


def test_a_name_starts_an_offered_cards_line_as_given_and_the_description_goes_on() -> None:
    """A line that starts with a player's name writes it as given ("bob's discard"),
    as the other labels do; the picture's description tells the same words as one
    sentence, as it did ("(turned up by Bob; now with Bob; then Carl, then you)")."""
    names = ("ann", "bob", "carl")
    discard = find(
        Rules(),
        lambda s: (
            s.phase is Phase.OFFER and s.offer_origin is OfferOrigin.DISCARD and s.offered_by == 1
        ),
    )
    assert offer_lines(svg.position(discard, names=names[:2])) == ["Offered", "bob's discard"]
    turned = State.new(seed=5, rules=TERCERILLA)
    picture = svg.position(turned.observation(0), names=names)
    assert offer_lines(picture) == [
        "Offered",
        "Turned up by bob",
        "Now with bob",
        "Then carl, then you",
    ]
    assert "Offered: 7♠ (turned up by bob; now with bob; then carl, then you)." in description(
        picture
    )


def test_a_language_that_names_the_decliners_first_opens_the_line_with_them_m4() -> None:
    """A language table made by hand may name who declined the card before where it
    came from: then that phrase starts the line, with a capital (a name as given), and
    the origin goes on it."""
    english = LANGUAGES["en"]
    phrases = {
        **english.phrases,
        "declined_by": "{who} declined {origin}",
        "declined_by.you": "you declined {origin}",
    }
    first = Language("xx", "X", english.ranks, english.suits, english.card, phrases)
    passed = declined_discard()
    assert passed.offered_by is not None
    discarder, decliner = passed.offered_by, (passed.offered_by + 1) % 3
    names = ("ann", "bob", "carl")
    picture = svg.position(passed.observation(decliner), names=names, lang=first)
    assert offer_lines(picture)[1].startswith(f"You declined {names[discarder]}'s")
    picture = svg.position(passed, names=names, lang=first)
    assert offer_lines(picture)[1].startswith(f"{names[decliner]} declined {names[discarder]}'s")
    assert f"({names[decliner]} declined {names[discarder]}'s discard; now with" in (
        description(picture)
    )


def test_three_names_are_checked_as_two_are() -> None:
    state = State.new(seed=5, rules=TERCERILLA)
    with pytest.raises(ValueError, match="names must be three player names, not 2"):
        svg.position(state, names=("Ann", "Bob"))
    with pytest.raises(ValueError, match="names must be two player names, not 3"):
        svg.position(State.new(seed=5), names=NAMES)
    with pytest.raises(ValueError, match="cannot have the same name"):
        svg.position(state, names=("Ann", "Bob", "ann"))
    with pytest.raises(ConquianError, match="viewer must be 0, 1 or 2"):
        svg.position(state, viewer=3)
    with pytest.raises(ValueError, match="viewer must be 2 or None, not 1"):
        svg.position(state.observation(2), viewer=1)
    assert svg.position(state, viewer=2) != svg.position(state)


def test_a_picture_of_three_is_described_for_screen_readers() -> None:
    turned = State.new(seed=5, rules=TERCERILLA)
    seen: Observation = turned.observation(0)
    desc = parsed(svg.position(seen, names=NAMES)).find(f"{SVG_NS}desc")
    assert desc is not None
    assert desc.text is not None
    assert "Bob's hand: 8 cards. Bob's table: -. Carl's hand: 8 cards." in desc.text
    assert "(turned up by Bob; now with Bob; then Carl, then you)" in desc.text


def test_notebooks_show_positions_of_three_as_pictures() -> None:
    state = State.new(seed=5, rules=TERCERILLA)
    assert state._repr_svg_() == svg.position(state)
    seen = state.observation(2)
    assert seen._repr_svg_() == svg.position(seen)
    assert backs(seen._repr_svg_()) == 16 + 5
