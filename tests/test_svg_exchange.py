"""Tests of conquian.svg in the opening exchange (M10, issues #31 and #32): the card a
player set aside to give stands out in his hand, face up only for those who may see
it; the felt says who gives to whom and who has chosen; nothing hidden is written."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

from conquian import MEXICAN, TERCERILLA, Card, Give, Rules, State, svg
from conquian.languages import LANGUAGES
from conquian.state import Phase
from helpers import random_game

SVG_NS = "{http://www.w3.org/2000/svg}"
RING = "#b86200"
NAMES = ("Ann", "Bob", "Carl")


def parsed(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def drawn_cards(picture: str) -> Counter[str]:
    return Counter(
        element.attrib["data-card"]
        for element in parsed(picture).iter(f"{SVG_NS}g")
        if element.attrib.get("class") == "card"
    )


def ringed(picture: str) -> list[str]:
    """What each ring of the offer's colour is drawn on: a card's text, or ``back``."""
    found = []
    for group in parsed(picture).iter(f"{SVG_NS}g"):
        if group.get("class") not in ("card", "card back"):
            continue
        for rect in group.findall(f"{SVG_NS}rect"):
            if rect.get("stroke") == RING and rect.get("fill") == "none":
                found.append(group.attrib.get("data-card", "back"))
    return found


def words(picture: str) -> str:
    return "\n".join(element.text or "" for element in parsed(picture).iter())


def texts(picture: str) -> list[str]:
    return [text.text or "" for text in parsed(picture).iter(f"{SVG_NS}text")]


def exchanging(players: int) -> Rules:
    return attrs.evolve(TERCERILLA if players == 3 else MEXICAN, exchange=True)


def exchange_positions(players: int, seeds: int) -> Iterator[State]:
    """Every position of the exchange of random games, and the first after it."""
    for seed in range(seeds):
        for state in random_game(State.new(seed, rules=exchanging(players)), seed):
            yield state
            if state.phase is not Phase.EXCHANGE:
                break


@pytest.mark.parametrize("players", [2, 3])
def test_an_exchange_picture_writes_no_card_its_player_may_not_see_m10(players: int) -> None:
    """In the exchange and just after it, each seat's picture draws face up what the
    seat sees and writes no other card: not the cards the others set aside, not the card
    coming to him before the swap, not a give he may not see in the last move's words."""
    checked = 0
    for state in exchange_positions(players, 6):
        for player in range(players):
            seen = state.observation(player)
            gave = {  # M10: a player sees the card he gave, wherever it went
                entry.move.card
                for entry in state.history
                if isinstance(entry.move, Give) and entry.player == player
            }
            others = [state.hands[other] for other in range(players) if other != player]
            hidden = [card for hand in others for card in hand if card not in gave]
            hidden += list(state.stock)
            last = seen.history[-1] if seen.history else None
            picture = svg.position(seen, last_move=last, names=NAMES[:players])
            visible = [*seen.hand, *([seen.offer] if seen.offer is not None else [])]
            assert drawn_cards(picture) == Counter(str(card) for card in visible)
            said = words(picture)
            for card in hidden:
                assert f'data-card="{card}"' not in picture
                for text in (str(card), card.pretty(), card.name(LANGUAGES["en"])):
                    assert text not in said, (card, text)
            checked += 1
    assert checked > 8 * players


def test_the_card_set_aside_stands_out_face_up_only_to_its_giver_m10() -> None:
    """Bob (after the dealer) chose first: his card is ringed face up in his own picture
    and in the face-up state, and a ringed back in Carl's and Ann's."""
    state = State.new(seed=5, rules=exchanging(3))
    assert state.phase is Phase.EXCHANGE
    assert state.to_move == 1
    assert ringed(svg.position(state)) == []
    chosen = state.apply(state.legal_moves()[2])
    card = next(iter(chosen.given))
    assert ringed(svg.position(chosen.observation(1))) == [str(card)]
    assert ringed(svg.position(chosen)) == [str(card)]
    for seat in (0, 2):
        assert ringed(svg.position(chosen.observation(seat))) == ["back"]
    both = chosen.apply(chosen.legal_moves()[0])
    assert sorted(ringed(svg.position(both))) == sorted(map(str, both.given))
    assert ringed(svg.position(both.observation(0))) == ["back", "back"]


def test_the_felt_says_who_gives_to_whom_and_who_has_chosen_m10() -> None:
    state = State.new(seed=5, rules=exchanging(3))
    lines = texts(svg.position(state.observation(2), names=NAMES))
    assert "Exchange (M10)" in lines
    start = lines.index("Exchange (M10)")
    assert lines[start + 1 : start + 4] == [
        "Bob chooses for you",
        "You choose for Ann",
        "Ann chooses for Bob",
    ]
    chosen = state.apply(state.legal_moves()[0])
    lines = texts(svg.position(chosen, names=NAMES))
    start = lines.index("Exchange (M10)")
    assert lines[start + 1 : start + 4] == [
        "Bob has chosen for Carl",
        "Carl chooses for Ann",
        "Ann chooses for Bob",
    ]


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_felt_lines_start_with_a_capital_as_the_labels_do_in_every_language_m10(
    code: str,
) -> None:
    """Each line under the exchange's label starts as a label does, with a capital, the
    viewer's own ("You choose for Ann", "Ya elegiste para Bob") too; a name is written
    as given. The picture's description lists them as one sentence, as it did."""
    label = LANGUAGES[code].phrase("picture_exchange")
    label = label[:1].upper() + label[1:]
    state = State.new(seed=5, rules=exchanging(3))  # Bob chooses first, then Carl, Ann
    bob_chose = state.apply(state.legal_moves()[0])
    carl_chose = bob_chose.apply(bob_chose.legal_moves()[0])
    for position, viewer in ((state, 2), (bob_chose, 1), (carl_chose, 2), (carl_chose, 0)):
        lines = texts(svg.position(position.observation(viewer), names=NAMES, lang=code))
        start = lines.index(label)
        felt = lines[start + 1 : start + 4]
        assert len(felt) == 3
        assert all(line[:1].isupper() for line in felt), felt
    picture = svg.position(state.observation(2), names=("ann", "Bob", "Carl"))
    assert "ann chooses for Bob" in texts(picture)
    assert "Exchange (M10): Bob chooses for you; you choose for ann; ann chooses for Bob." in (
        words(picture)
    )


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_status_asks_for_a_card_in_every_language_m10(code: str) -> None:
    language = LANGUAGES[code]
    state = State.new(seed=5, rules=exchanging(2))
    mover = state.to_move
    assert mover is not None
    status = texts(svg.position(state.observation(mover), lang=code))[0]
    give = language.phrase("picture_give")
    assert status.lower() == language.phrase("picture_turn.you", choices=give).lower()
    other = texts(svg.position(state.observation(1 - mover), lang=code))[0]
    assert give in other
    label = language.phrase("picture_exchange")
    assert label[:1].upper() + label[1:] in texts(svg.position(state, lang=code))


def test_two_players_swap_one_card_each_m10() -> None:
    state = State.new(seed=5, rules=exchanging(2))
    lines = texts(svg.position(state, names=NAMES[:2]))
    start = lines.index("Exchange (M10)")
    assert sorted(lines[start + 1 : start + 3]) == ["Ann chooses for Bob", "Bob chooses for Ann"]


def test_the_picture_after_the_exchange_has_no_exchange_left_m10() -> None:
    state = State.new(seed=5, rules=exchanging(3))
    for _ in range(3):
        state = state.apply(state.legal_moves()[0])
    assert state.phase is not Phase.EXCHANGE
    picture = svg.position(state.observation(0), names=NAMES, last_move=state.history[-1])
    assert "Exchange" not in picture
    assert state.offer is not None
    assert ringed(picture) == [str(state.offer)]  # only the card in play is ringed
    card: Card = sorted(state.observation(0).hand)[0]
    assert f'data-card="{card}"' in picture
