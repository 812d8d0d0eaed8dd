"""Tests of conquian.svg: well-formed pictures that draw each card once and show an
observation's player nothing hidden."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from conquian import DECK, Card, Meld, State, Take, svg
from conquian.agents import GreedyAgent, RandomAgent
from conquian.state import Observation

SVG_NS = "{http://www.w3.org/2000/svg}"


def parsed(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG_NS}svg"
    return root


def drawn_cards(picture: str) -> Counter[str]:
    """How many times each face-up card is drawn."""
    root = parsed(picture)
    return Counter(
        element.attrib["data-card"]
        for element in root.iter(f"{SVG_NS}g")
        if element.attrib.get("class") == "card"
    )


def backs(picture: str) -> int:
    return sum(
        1 for element in parsed(picture).iter(f"{SVG_NS}g") if element.get("class") == "card back"
    )


def played(seed: int, plies: int) -> State:
    """A game between two bots, ``plies`` moves in (or over)."""
    state = State.new(seed=seed)
    agents = (GreedyAgent(), RandomAgent(seed))
    while state.to_move is not None and state.ply < plies:
        player = state.to_move
        state = state.apply(agents[player].choose(state.observation(player), state.legal_moves()))
    return state


MIDGAME = played(7, 24)


@pytest.mark.parametrize("style", ["french", "spanish"])
def test_every_picture_is_well_formed_svg(style: svg.PackStyle) -> None:
    observation = MIDGAME.observation(1)
    pictures = [
        svg.card(Card.parse("Qh"), style=style),
        svg.card_back(),
        svg.cards(DECK, style=style, per_row=10),
        svg.cards([], style=style),
        svg.meld(Meld("5c 6c 7c"), style=style),
        svg.table([], style=style),
        svg.position(MIDGAME, style=style, last_move=MIDGAME.history[-1]),
        svg.position(observation, style=style),
        svg.position(played(7, 1000), style=style),
    ]
    for picture in pictures:
        root = parsed(picture)
        assert root.find(f"{SVG_NS}title") is not None
        # On the cards, suits are shapes: the only text is the rank index.
        for group in root.iter(f"{SVG_NS}g"):
            if group.get("class") == "card":
                for text in group.iter(f"{SVG_NS}text"):
                    assert (text.text or "") in {
                        "A",
                        *"234567",
                        "J",
                        "Q",
                        "K",
                        "1",
                        "10",
                        "11",
                        "12",
                    }


def test_every_card_of_a_state_is_drawn_once_face_up() -> None:
    for state in (State.new(seed=3), MIDGAME, played(7, 1000)):
        assert drawn_cards(svg.position(state)) == Counter(str(card) for card in DECK)
        assert backs(svg.position(state)) == 0


@pytest.mark.parametrize("player", [0, 1])
def test_an_observation_draws_what_its_player_sees_once(player: int) -> None:
    seen: Observation = MIDGAME.observation(player)
    visible = list(seen.hand) + list(seen.dead) + [c for t in seen.tables for m in t for c in m]
    if seen.offer is not None:
        visible.append(seen.offer)
    picture = svg.position(seen)
    assert drawn_cards(picture) == Counter(str(card) for card in visible)
    assert backs(picture) == seen.hand_sizes[1 - player] + min(seen.stock_size, 5)
    assert f"Stock: {seen.stock_size}" in picture


def swap_in_text(text: str, a: Card, b: Card) -> str:
    return text.replace(str(a), "@").replace(str(b), str(a)).replace("@", str(b))


def test_an_observation_picture_does_not_change_with_the_hidden_cards() -> None:
    state = MIDGAME
    hidden = sorted(state.hands[1])[0]
    stocked = state.stock[-1]
    swapped = State.from_notation(swap_in_text(state.to_notation(), hidden, stocked))
    assert swapped.hands[1] != state.hands[1]
    assert svg.position(swapped.observation(0)) == svg.position(
        State.from_notation(state.to_notation()).observation(0)
    )
    # The face-up picture of the whole state does change.
    assert svg.position(swapped) != svg.position(state)


def test_pictures_are_deterministic_and_scale_with_size() -> None:
    assert svg.position(played(11, 30)) == svg.position(played(11, 30))
    small, large = svg.card(Card.parse("7h"), size=40), svg.card(Card.parse("7h"), size=80)
    assert parsed(small).get("viewBox") == parsed(large).get("viewBox")
    assert float(parsed(large).attrib["width"]) == 2 * float(parsed(small).attrib["width"])


SPANISH_INDEX = {"A": "1", "J": "10", "Q": "11", "K": "12"}


@pytest.mark.parametrize("style", ["french", "spanish"])
def test_a_card_face_shows_its_index_twice_and_its_pips_or_figure(style: svg.PackStyle) -> None:
    """Each face: its name as the title, the rank index in two corners (Spanish figures
    numbered 10, 11, 12, R1), one pip a point from the ace to the 7 (the ace one large
    pip), a framed figure over one pip for the sota, caballo and rey."""
    for value in DECK:
        root = parsed(svg.card(value, style=style))
        (face,) = (g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "card")
        title = face.find(f"{SVG_NS}title")
        assert title is not None
        assert title.text == (value.spanish() if style == "spanish" else value.pretty())
        letter = value.rank.letter
        index = SPANISH_INDEX.get(letter, letter) if style == "spanish" else letter
        assert [text.text for text in face.iter(f"{SVG_NS}text")] == [index, index]
        scales = Counter(
            re.sub(r".*scale\((.*)\)", r"\1", g.attrib["transform"])
            for g in face.iter(f"{SVG_NS}g")
            if "scale(" in g.get("transform", "")
        )
        corners = scales.pop("0.14")
        frames = [r for r in face.iter(f"{SVG_NS}rect") if r.get("fill-opacity") == "0.08"]
        assert corners == 2
        if value.rank.value == 1:
            assert (scales, frames) == (Counter({"0.52": 1}), [])
        elif value.rank.value <= 7:
            assert (scales, frames) == (Counter({"0.26": value.rank.value}), [])
        else:
            assert (scales, len(frames)) == (Counter({"0.22": 1}), 1)


def test_melds_of_a_table_stand_apart() -> None:
    picture = svg.table([Meld("5c 6c 7c"), Meld("Jc Jh Js")])
    bands = [
        (float(rect.attrib["x"]), float(rect.attrib["width"]))
        for rect in parsed(picture).iter(f"{SVG_NS}rect")
        if rect.get("class") == "meld"
    ]
    assert len(bands) == 2
    (x0, w0), (x1, _) = bands
    assert x1 - (x0 + w0) >= 10


def test_the_offered_card_is_ringed_with_its_origin() -> None:
    state = State.new(seed=7)  # the non-dealer, player 1, turned up the offer (R10)
    picture = svg.position(state.observation(1))
    assert "turned from the stock" in picture
    assert "by Player 1 (you)" in picture
    assert picture.count('stroke="#f29d0c"') == 1


def test_the_last_move_is_described_and_its_laid_cards_marked() -> None:
    state = MIDGAME
    take = next(entry for entry in reversed(state.history) if isinstance(entry.move, Take))
    assert isinstance(take.move, Take)
    picture = svg.position(state, last_move=take)
    assert "Last move: Player" in picture
    marked = len(re.findall('stroke="#2a9d8f"', picture))
    laid = take.move.laid | {take.offer}
    on_tables = {c for table in state.tables for meld in table for c in meld}
    assert marked == len(laid & on_tables) > 0


def test_notebooks_show_cards_melds_and_positions_as_pictures() -> None:
    card, meld = Card.parse("Js"), Meld("Jc Jh Js")
    assert card._repr_svg_() == svg.card(card)
    assert meld._repr_svg_() == svg.meld(meld)
    assert MIDGAME._repr_svg_() == svg.position(MIDGAME)
    assert MIDGAME.observation(0)._repr_svg_() == svg.position(MIDGAME.observation(0))


def test_bad_arguments_are_typed_errors() -> None:
    seven = Card.parse("7h")
    with pytest.raises(ValueError, match="style must be 'french' or 'spanish'"):
        svg.card(seven, style="german")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size must be 1 to 1000 pixels, not 0"):
        svg.card(seven, size=0)
    with pytest.raises(TypeError, match="size must be an int"):
        svg.card(seven, size="40")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Card, not str"):
        svg.card("7h")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Meld, not Card"):
        svg.table([seven])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="expected a State or Observation"):
        svg.position(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="last_move must be a Played entry"):
        svg.position(MIDGAME, last_move="7h")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="per_row must be a positive int"):
        svg.cards(DECK, per_row=0)
