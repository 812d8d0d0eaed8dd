"""Tests of conquian.svg: well-formed pictures that draw each card once and show an
observation's player nothing hidden."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from conquian import (
    DECK,
    Card,
    ConquianError,
    Meld,
    Rank,
    Rules,
    State,
    Suit,
    Take,
    _bits,
    _svg_cards,
    _svg_checks,
    _svg_text,
    svg,
)
from conquian.agents import GreedyAgent, RandomAgent
from conquian.languages import LANGUAGES
from conquian.moves import Decline, Force, Release
from conquian.narration import narrate_history
from conquian.rules import BICYCLE
from conquian.state import Observation, Phase

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


def rings(picture: str) -> list[str]:
    """The colour of each ring drawn around a card."""
    return [
        rect.attrib["stroke"]
        for rect in parsed(picture).iter(f"{SVG_NS}rect")
        if rect.get("rx") == "11" and rect.get("fill") == "none"
    ]


def texts(picture: str) -> list[str]:
    """The words of a picture, line by line."""
    return [text.text or "" for text in parsed(picture).iter(f"{SVG_NS}text")]


def description(picture: str) -> str:
    desc = parsed(picture).find(f"{SVG_NS}desc")
    assert desc is not None
    return desc.text or ""


def after(state: State, *moves: str) -> State:
    for move in moves:
        state = state.apply(move)
    return state


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
        svg.card(Card.parse("Qh"), pack=style),
        svg.card_back(),
        svg.cards(DECK, pack=style, per_row=10),
        svg.cards([], pack=style),
        svg.meld(Meld("5c 6c 7c"), pack=style),
        svg.table([], pack=style),
        svg.position(MIDGAME, pack=style, last_move=MIDGAME.history[-1]),
        svg.position(observation, pack=style),
        svg.position(played(7, 1000), pack=style),
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
    swapped = State.parse(swap_in_text(state.to_notation(), hidden, stocked))
    assert swapped.hands[1] != state.hands[1]
    assert svg.position(swapped.observation(0)) == svg.position(
        State.parse(state.to_notation()).observation(0)
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
        root = parsed(svg.card(value, pack=style))
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


def drawn_afresh(value: Card, style: str, x: float, y: float, extra: str = "") -> str:
    """The reference: a face-up card as ``_svg_cards.card_at`` drew it before it kept
    each card's markup, every part built on each call."""
    ink = _svg_cards._ink(value, style)
    label = escape(value.spanish() if style == "spanish" else value.pretty())
    index = escape(_svg_cards._index_text(value, style))
    corner = (
        f'<text x="13" y="25" font-size="21" font-weight="bold" fill="{ink}" '
        f'text-anchor="middle">{index}</text>{_svg_cards._pip(value.suit, style, 13, 38, 14)}'
    )
    number = _svg_cards.number
    return (
        f'<g class="card" data-card="{value}" transform="translate({number(x)} {number(y)})">'
        f"<title>{label}</title>"
        f'<rect x="0.5" y="0.5" width="99" height="149" rx="8" fill="#fff" stroke="#888" '
        f'stroke-width="1.5"/><g aria-hidden="true">{corner}'
        f'<g transform="rotate(180 50 75)">{corner}</g></g>'
        f"{_svg_cards._face(value, style)}{extra}</g>"
    )


PLACES = [
    (0, 0, ""),
    (12.345, -7.5, ""),
    (1000 / 3, 2 / 3, '<rect x="1" y="2"/>'),
    (-0.001, 5, ""),
]


def test_a_kept_card_face_is_placed_as_the_card_drawn_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every card of both packs, anywhere, with or without extra markup, is the same
    text as when each part was built on every call: from an empty memo, from a full one,
    and from one too small for the 80 faces (which makes room again and again)."""
    memo = _svg_cards._CARD_MARKUP
    assert memo in _bits.memos()
    for limit, empty in ((memo.limit, True), (memo.limit, False), (3, True)):
        monkeypatch.setattr(memo, "limit", limit)
        if empty:
            memo.clear()
        for style in ("french", "spanish"):
            for value in [*DECK, Card(Rank.SEVEN, Suit.HEARTS)]:  # an equal copy too
                for x, y, extra in PLACES:
                    expected = drawn_afresh(value, style, x, y, extra)
                    assert _svg_cards.card_at(value, style, x, y, extra) == expected
        assert len(memo) <= limit
    assert len(memo) <= 2 * len(DECK)


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
    assert "Turned up by you" in texts(picture)  # a line starts as a label does
    assert "Offered: K♦ (turned up by you)" in description(picture)
    assert len(rings(picture)) == 1


def test_the_last_move_is_described_and_its_laid_cards_marked() -> None:
    state = MIDGAME
    take = next(entry for entry in reversed(state.history) if isinstance(entry.move, Take))
    assert isinstance(take.move, Take)
    picture = svg.position(state, last_move=take)
    assert "Last move: Player" in picture
    offer_rings = rings(svg.position(state))  # the offered card's, without a last move
    marked = len(rings(picture)) - len(offer_rings)
    assert set(rings(picture)) - set(offer_rings)  # the marks have their own colour
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
    with pytest.raises(ValueError, match="pack must be 'french' or 'spanish'"):
        svg.card(seven, pack="german")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size must be 1 to 1000 pixels, not 0"):
        svg.card(seven, size=0)
    with pytest.raises(TypeError, match="size must be an int"):
        svg.card(seven, size="40")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Card, not str"):
        svg.card("7h")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="melds must be an iterable of Meld values; item 0 is"):
        svg.table([seven])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="source must be a State or an Observation, not None"):
        svg.position(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="last_move must be a Played entry"):
        svg.position(MIDGAME, last_move="7h")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="per_row must be a positive int"):
        svg.cards(DECK, per_row=0)


# ---------------------------------------------------------------- layout

# R14b case a: player 1 declines A♦, which fits his table; player 0 decides (from the
# narration module's example).
FORCE_DECISION = after(
    State.new(seed=0), "take +2d3d -3c", *["decline"] * 8, "take +3s4s -Ad", "decline"
)
# R14b case b: player 0 turns up A♣ and passes it; it fits his table, and player 1 has no
# take: she may decline it or force it back.
CASE_B = after(
    State.new(seed=1),
    "decline",
    "decline",
    "take +3c3dAh3hAs -7c",
    "take +5c6c -7d",
    "take +JdQd -7h",
    "decline",
    "decline",
    "decline",
    "take -6s",
    *["decline"] * 8,
)


def view_box(picture: str) -> tuple[float, float]:
    _, _, width, height = map(float, parsed(picture).attrib["viewBox"].split())
    return width, height


def test_the_felt_spans_the_picture_whatever_row_is_widest() -> None:
    """The felt under the stock and the offer ends as far from the right edge as it
    starts from the left, when the widest row is drawn after it (an opening view, where
    the offer's words are the widest, or a long hand at the bottom)."""
    for source in (
        State.new(seed=0).observation(1),
        State.new(seed=2, rules=Rules(hand_size=19)),
        State.new(seed=2, rules=Rules(hand_size=19)).observation(0),
        MIDGAME,
    ):
        picture = svg.position(source)
        (felt,) = (r for r in parsed(picture).iter(f"{SVG_NS}rect") if r.get("class") == "felt")
        left = float(felt.attrib["x"])
        right = view_box(picture)[0] - left - float(felt.attrib["width"])
        assert right == left


def test_long_words_are_cut_into_lines_inside_the_picture() -> None:
    """A six-card lay-down (V3, Bicycle rules) told in the Spanish pack's card names is
    longer than the picture is wide: its words wrap, each line inside the picture."""
    state = after(State.new(seed=6, rules=BICYCLE), "decline", "decline", "lay +6c7c6d7d6h7s")
    picture = svg.position(state, pack="spanish", last_move=state.history[-1])
    width = view_box(picture)[0]
    for text in parsed(picture).iter(f"{SVG_NS}text"):
        size = float(text.attrib["font-size"])
        assert float(text.attrib["x"]) + 0.56 * size * len(text.text or "") <= width
    told = " ".join(texts(picture))
    assert "6 de bastos, 7 de bastos, 6 de oros, 7 de oros, 6 de copas, 7 de espadas" in told


def inside(picture: str) -> bool:
    """Whether every line of words ends inside the picture (by the estimate of widths
    that the layout makes)."""
    width = view_box(picture)[0]
    return all(
        float(text.attrib["x"])
        + _svg_text.text_width(text.text or "", int(text.attrib["font-size"]))
        <= width - svg._PAD
        for text in parsed(picture).iter(f"{SVG_NS}text")
    )


def test_lines_are_cut_by_their_width_not_their_characters() -> None:
    """A wide (East Asian) character takes a full em: long names of them are cut into
    lines no wider than the picture, and the picture does not grow for them."""
    names = ("山田太郎" * 10, "李小龍" * 13 + "李")
    seen = State.new(seed=3).observation(0)
    picture = svg.position(seen, names=names, last_move=None)
    assert inside(picture)
    assert view_box(picture)[0] == view_box(svg.position(seen))[0]
    assert "".join(texts(picture)[:2]).startswith(names[1] + " to take or pass")


def test_lines_are_cut_at_the_width_the_picture_ends_with() -> None:
    """The status and last-move lines are drawn before the hands that widen the picture;
    they are cut at its final width, not at the width known when they were drawn."""
    state = after(State.new(seed=7, rules=Rules(hand_size=19)), "take +KdKh -3c")
    picture = svg.position(state, pack="spanish", last_move=state.history[-1])
    assert view_box(picture)[0] > 2000
    lines = texts(picture)
    assert lines[1].startswith("Last move: Player 1 turns up rey de bastos.")
    assert lines[1].endswith("discards 3 de bastos")
    assert lines[2] == "Player 1's hand: 16 cards"
    assert inside(picture)
    again = svg.position(state, pack="spanish", last_move=state.history[-1])
    assert again == picture


def test_names_are_written_as_they_are_given() -> None:
    """A line that starts with a name keeps it as given (no "De Vries", no "SSig"); the
    others start with a capital. The title puts the status in mid-sentence, without
    one."""
    names = ("de Vries", "ßig")
    state = after(State.new(seed=3), "decline")
    picture = svg.position(state, names=names, last_move=state.history[-1])
    lines = texts(picture)
    assert lines[0] == "de Vries to decline"
    assert lines[1] == "Last move: ßig turns up 2♣. ßig passes 2♣ to de Vries"
    assert "de Vries's hand: 10 cards" in lines
    assert "ßig's table: 0 of 11 cards" in lines
    told = description(picture)
    assert "de Vries's hand:" in told
    assert "ßig's table:" in told
    assert "De Vries" not in picture
    assert "SS" not in picture
    drawn = played(1, 1000)
    assert drawn.outcome is not None
    assert drawn.outcome.winner is None
    title = parsed(svg.position(drawn)).find(f"{SVG_NS}title")
    assert title is not None
    assert title.text == "Conquian position, the game is drawn: no stock is left (R15)"
    assert texts(svg.position(drawn))[0] == "The game is drawn: no stock is left (R15)"
    seen = State.new(seed=0).observation(1)
    title = parsed(svg.position(seen, lang="es")).find(f"{SVG_NS}title")
    assert title is not None
    assert title.text == "Posición de Conquián, tu turno: tomar o pasar"


def test_a_position_has_a_light_background_unless_told_not_to() -> None:
    """The words are dark: by default they stand on a white rectangle as large as the
    picture, so that they show on a dark page; background=None leaves it transparent."""
    picture = svg.position(MIDGAME)
    first = parsed(picture).find(f"{SVG_NS}rect")
    assert first is not None
    assert first.get("class") == "background"
    assert first.get("fill") == "white"
    assert (float(first.attrib["width"]), float(first.attrib["height"])) == view_box(picture)
    assert 'class="background"' not in svg.position(MIDGAME, background=None)
    for colour in ("#fff", "#F4F4F4", "ivory"):
        assert f'fill="{colour}"' in svg.position(MIDGAME, background=colour)


@pytest.mark.parametrize(
    "colour",
    [
        'white"/><script>alert(1)</script>',
        "#12345",
        "rgb(0,0,0)",
        "",
        "#ffff",
        # words that are no colour: a browser paints them black (hiding the words) or not
        # at all
        "banana",
        "transparent",
        "currentColor",
        "inherit",
        "none",
        "blac\u212a",  # a Kelvin sign, which lower() turns into a k
    ],
)
def test_a_background_that_is_not_a_plain_colour_is_refused(colour: str) -> None:
    with pytest.raises(ValueError, match="background must be #rgb, #rrggbb or a CSS colour"):
        svg.position(MIDGAME, background=colour)


def test_a_background_may_be_any_css_colour_name_in_any_case() -> None:
    """The 148 named colours of CSS Color 4, grey and gray both, written as given."""
    names = _svg_checks._COLOUR_NAMES
    assert len(names) == 148
    assert {"aliceblue", "yellowgreen", "rebeccapurple", "grey", "gray", "darkslategrey"} <= names
    assert all(name.isascii() and name.islower() and name.isalpha() for name in names)
    for colour in ("RebeccaPurple", "WHITE", "lightGoldenrodYellow", "DimGrey"):
        assert f'fill="{colour}"' in svg.position(MIDGAME, background=colour)


def test_a_background_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="background must be a colour"):
        svg.position(MIDGAME, background=0xFFFFFF)  # type: ignore[arg-type]


# ---------------------------------------------------------------- what the words say


def status(source: State | Observation, **options: object) -> str:
    return texts(svg.position(source, **options))[0]  # type: ignore[arg-type]


def test_r11_the_status_names_the_choices_of_the_player_to_move() -> None:
    """R11: take or decline a discard; decline one's own turned card is a pass (R11b)."""
    opening = State.new(seed=0)
    assert {type(m) for m in opening.legal_moves()} == {Take, Decline}
    assert status(opening) == "Player 1 to take or pass"
    assert status(opening.observation(1)) == "Your turn: take or pass"
    discard = after(opening, "take +2d3d -3c")
    assert discard.offer_origin is not None
    assert discard.offer_origin.value == "discard"
    assert status(discard) == "Player 0 to decline"


def test_r14b_case_b_the_status_offers_to_force_the_passed_card_back() -> None:
    """R14b case b: the passed card fits the passer's table; the player offered it may
    force it back (here she has no take: she declines or forces)."""
    assert CASE_B.phase is Phase.OFFER
    assert {type(m) for m in CASE_B.legal_moves()} == {Decline, Force}
    assert status(CASE_B) == "Player 1 to decline or force"
    assert status(CASE_B.observation(1)) == "Your turn: decline or force"
    # The passer does not see her hand: her choices by the rules, force back included.
    assert status(CASE_B.observation(0)) == "Player 1 to take, decline or force"
    assert "Offered: A♣ (passed by Player 0)" in description(svg.position(CASE_B))


def test_v3_the_opponent_of_the_mover_is_told_he_may_lay_down() -> None:
    """V3 (Bicycle rules): a player who turned up the card may lay down first. Whether he
    can depends on his hidden hand, as a take does: his opponent's picture says he may
    when the rules let him, and does not when the card is a discard."""
    names = ("Ann", "Bob")
    opening = State.new(seed=0, rules=BICYCLE)  # the upcard, which Bob turned up (V8)
    assert status(opening, names=names) == "Bob to take, pass or lay down"
    assert status(opening.observation(1), names=names) == "Your turn: take, pass or lay down"
    assert status(opening.observation(0), names=names) == "Bob to take, pass or lay down"
    # Ann sees the same whatever Bob holds: here he has no take, but may lay down.
    dry = State.new(seed=1, rules=BICYCLE)
    assert status(dry, names=names) == "Bob to pass or lay down"
    assert status(dry.observation(0), names=names) == "Bob to take, pass or lay down"
    # A discard: no lay-down first, whoever looks.
    discard = after(opening, "take +2d3d -3c")
    assert discard.offer_origin is not None
    assert discard.offer_origin.value == "discard"
    assert discard.to_move == 0
    assert "lay down" not in status(discard.observation(1), names=names)
    # Classic rules let no one lay down first.
    assert "lay down" not in status(State.new(seed=0).observation(0))


def test_r14b_case_a_the_declined_card_is_labelled_declined_not_offered() -> None:
    """R14b case a: the card is not offered to the player who decides: it was declined,
    and it fits the decliner's table (R14a)."""
    state = FORCE_DECISION
    assert state.phase is Phase.FORCE_DECISION
    assert state.to_move == 0
    assert {type(m) for m in state.legal_moves()} == {Force, Release}
    picture = svg.position(state)
    assert texts(picture)[0] == "Player 0 to force or release"
    assert "Declined" in texts(picture)
    assert "Offered" not in texts(picture)
    assert "Declined: A♦ (declined by Player 1; it fits Player 1's table (R14a))" in (
        description(picture)
    )
    assert "declined by you; it fits your table (R14a)" in description(
        svg.position(state.observation(1))
    )


def test_r14b_the_forced_card_is_labelled_forced_on_its_taker() -> None:
    forced = FORCE_DECISION.apply("force")
    assert forced.phase is Phase.FORCED_TAKE
    picture = svg.position(forced)
    assert texts(picture)[0] == "Player 1 is forced to take A♦ (R14b)"
    assert "Forced" in texts(picture)
    assert "Offered" not in texts(picture)
    assert "Forced: A♦ (forced on Player 1 by Player 0 (R14b))" in description(picture)
    assert texts(svg.position(forced.observation(1)))[0] == "You are forced to take A♦ (R14b)"
    assert "forced on you by Player 0 (R14b)" in description(svg.position(forced.observation(1)))


def test_the_last_move_must_be_a_move_of_the_game_drawn() -> None:
    other = played(8, 24)
    with pytest.raises(ValueError, match="last_move is not a move of this game's history"):
        svg.position(MIDGAME, last_move=other.history[-1])
    with pytest.raises(ValueError, match="last_move is not a move of this game's history"):
        svg.position(MIDGAME.observation(0), last_move=other.history[-1])
    svg.position(MIDGAME.observation(0), last_move=MIDGAME.history[0])  # any entry


def test_a_take_is_told_with_the_cards_laid_with_it() -> None:
    """R11 "Take": the words of a take name the taken card, the hand cards laid with it
    and the discard, as the narration tells it."""
    state = MIDGAME
    take = next(
        entry
        for entry in state.history
        if isinstance(entry.move, Take) and entry.move.laid and entry.move.discard
    )
    assert isinstance(take.move, Take)
    assert take.move.discard is not None
    assert take.offer is not None
    told = " ".join(texts(svg.position(state, last_move=take)))
    laid = " ".join(card.pretty() for card in sorted(take.move.laid))
    assert f"takes {take.offer.pretty()}, lays down {laid}, discards" in told
    assert take.move.discard.pretty() in told


# ---------------------------------------------------------------- names, language, viewer


def test_names_and_language_label_the_picture() -> None:
    picture = svg.position(MIDGAME, names=("Ann", "Bob"), lang="es", last_move=MIDGAME.history[-1])
    words = " ".join(texts(picture))
    assert "Mano de Ann" in words
    assert "Mesa de Bob" in words
    assert "Mazo:" in words
    assert "Muertas:" in words
    assert "Última jugada:" in words
    assert "Player" not in picture
    default = svg.position(MIDGAME, lang="de")
    assert "Hand von Spieler 0" in " ".join(texts(default))


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_language_draws_every_kind_of_position(code: str) -> None:
    language = LANGUAGES[code]
    for source in (
        State.new(seed=0),
        CASE_B.observation(1),
        FORCE_DECISION,
        FORCE_DECISION.apply("force").observation(1),
        played(7, 1000),
    ):
        last = source.history[-1] if source.history else None
        picture = svg.position(source, lang=code, last_move=last)
        title = parsed(picture).find(f"{SVG_NS}title")
        assert title is not None
        assert title.text is not None
        assert title.text.startswith(language.phrase("picture_title", status=""))
        assert "Player 0" not in picture or code == "en"


def test_viewer_turns_a_state_and_must_agree_with_an_observation() -> None:
    """A face-up State may be drawn from either side; an Observation only from its
    player's."""
    names = ("Ann", "Bob")
    labels = [t for t in texts(svg.position(MIDGAME, names=names, viewer=1)) if "hand" in t]
    assert labels[0].startswith("Ann's hand")
    assert labels[-1].startswith("Bob's hand")
    assert svg.position(MIDGAME, viewer=0) == svg.position(MIDGAME)
    seen = MIDGAME.observation(1)
    assert svg.position(seen, viewer=1) == svg.position(seen)
    with pytest.raises(ValueError, match="viewer must be 1 or None, not 0"):
        svg.position(seen, viewer=0)
    with pytest.raises(ValueError, match="viewer must be 0 or 1, not 2"):
        svg.position(MIDGAME, viewer=2)
    with pytest.raises(TypeError, match="viewer must be 0 or 1"):
        svg.position(MIDGAME, viewer=True)


def test_names_are_escaped_in_the_picture() -> None:
    names = ('<b>"A&B"</b>', "Zoë 😀")
    picture = svg.position(MIDGAME, names=names, last_move=MIDGAME.history[-1])
    words = " ".join(texts(picture))  # parsed: the markup was escaped
    assert '<b>"A&B"</b>' in words
    assert "Zoë 😀" in words
    assert '<b>"A&B"</b>' in description(picture)


RIGHT_TO_LEFT = ("אבי (מנהל)", "محمد")


def test_a_right_to_left_name_is_isolated_where_it_is_written() -> None:
    """A name in a right-to-left script is set apart (FSI ... PDI), so that the words and
    numbers around it keep their order ("Mano de محمد: 7 cartas", not "Mano de 7 :محمد
    cartas"): in the labels, the status, the last move, the title and the <desc>. A
    Latin name is written as it is."""
    state = after(State.new(seed=0), "take +2d3d -3c")
    picture = svg.position(state, names=RIGHT_TO_LEFT, lang="es", last_move=state.history[-1])
    isolated = [f"\u2068{name}\u2069" for name in RIGHT_TO_LEFT]
    lines = texts(picture)
    for name, shown in zip(RIGHT_TO_LEFT, isolated, strict=True):
        holding = [line for line in lines if name in line]
        assert holding
        assert all(shown in line for line in holding)
        assert f"Mano de {shown}:" in " ".join(lines)
        assert shown in description(picture)
    assert lines[1].startswith(f"Última jugada: {isolated[1]} descubre 4♦. {isolated[1]} toma")
    title = parsed(picture).find(f"{SVG_NS}title")
    assert title is not None
    assert title.text is not None
    assert title.text == f"Posición de Conquián, turno de {isolated[0]}: rechazar"
    latin = svg.position(state, names=("Ann", "محمد"), lang="es")
    assert "Mano de Ann:" in " ".join(texts(latin))
    assert "\u2068Ann" not in latin


def test_an_isolated_name_cut_between_lines_is_closed_on_each() -> None:
    """A line cut inside an isolated name ends the isolate and the next line starts it
    again: no line's words are turned round by a name begun on the line before."""
    name = RIGHT_TO_LEFT[1]
    text = f"Turno de \u2068{name} {name} {name}\u2069: tomar"
    width = _svg_text.text_width(f"Turno de \u2068{name} {name}")
    assert _svg_text.wrapped(text, width) == [
        f"Turno de \u2068{name} {name}\u2069",
        f"\u2068{name}\u2069: tomar",
    ]


@pytest.mark.parametrize(
    ("names", "error", "words"),
    [
        (("Ann\u202e", "Bob"), ValueError, "cannot hold text-direction characters"),
        (("Ann", "\u2067Bob"), ValueError, "cannot hold text-direction characters"),
        (("Ann\u200f", "Bob"), ValueError, "cannot hold text-direction characters"),
        (("Ann", "B\u061cb"), ValueError, "cannot hold text-direction characters"),
        (("Ann", "Ann"), ValueError, "the two players cannot have the same name, nor names"),
        (("Ann ", " Ann"), ValueError, "the two players cannot have the same name"),
        (("a", "A"), ConquianError, "nor names that differ only in case: 'a' and 'A'"),
        (("éva", "Éva "), ConquianError, "nor names that differ only in case: 'éva'"),
        (("Ann", "   "), ValueError, "a player name cannot be blank: '   '"),
        (("\u3000", "Bob"), ValueError, "a player name cannot be blank"),
        (("Ann", "B\x00b"), ValueError, "control characters or lone surrogates"),
        (("Ann", "B\nb"), ValueError, "control characters"),
        (("Ann", "B\ud800b"), ValueError, "lone surrogates"),
        (("Ann", "\ufffe"), ValueError, "control characters"),
        (("Ann", "x" * 41), ValueError, "1 to 40 characters, not 41"),
        (("Ann", ""), ValueError, "1 to 40 characters, not 0"),
        (("Ann",), ValueError, "two player names, not 1"),
        (("Ann", "Bob", "Cy"), ValueError, "two player names, not 3"),
        ("AnnBob", TypeError, "names must be two player names"),
        (("Ann", 7), TypeError, "a player name must be text, not 7"),
    ],
)
def test_names_a_picture_cannot_hold_are_refused(
    names: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=re.escape(words)):
        svg.position(MIDGAME, names=names)  # type: ignore[arg-type]


def test_a_wrong_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no language has the code 'xx'"):
        svg.position(MIDGAME, lang="xx")
    with pytest.raises(TypeError, match="lang must be a language code"):
        svg.position(MIDGAME, lang=None)  # type: ignore[arg-type]


# ---------------------------------------------------------------- cards


def test_a_ringed_card_has_room_for_its_ring() -> None:
    """The ring of a highlighted card reaches 7 units beyond the card; the picture's
    margin holds all of it."""
    picture = svg.card(Card.parse("Qh"), highlight=True)
    root = parsed(picture)
    (face,) = (g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "card")
    dx, dy = map(float, re.findall(r"[\d.]+", face.attrib["transform"]))
    (ring,) = (r for r in face.iter(f"{SVG_NS}rect") if r.get("rx") == "11")
    reach = float(ring.attrib["stroke-width"]) / 2
    x, y = dx + float(ring.attrib["x"]) - reach, dy + float(ring.attrib["y"]) - reach
    width, height = view_box(picture)
    assert x >= 0
    assert y >= 0
    assert x + float(ring.attrib["width"]) + 2 * reach <= width
    assert y + float(ring.attrib["height"]) + 2 * reach <= height
    assert view_box(svg.card_back()) == view_box(picture)  # a back lines up with a face


def test_screen_readers_read_each_card_once() -> None:
    """A face's title names it; its corner indexes are hidden from screen readers; a
    back is titled, in the picture's language."""
    picture = svg.position(MIDGAME.observation(0), lang="de")
    root = parsed(picture)
    for group in root.iter(f"{SVG_NS}g"):
        if group.get("class") == "card":
            hidden = [g for g in group.iter(f"{SVG_NS}g") if g.get("aria-hidden") == "true"]
            assert len(hidden) == 1
            assert len(list(group.iter(f"{SVG_NS}text"))) == len(
                list(hidden[0].iter(f"{SVG_NS}text"))
            )
        if group.get("class") == "card back":
            title = group.find(f"{SVG_NS}title")
            assert title is not None
            assert title.text == "eine verdeckte Karte"


def test_a_position_is_described_in_words() -> None:
    """The <desc> tells what the picture shows: the hands as seen, the tables, the card
    in play, the stock and the dead cards."""
    seen = MIDGAME.observation(0)
    told = description(svg.position(seen))
    assert f"Player 1's hand: {seen.hand_sizes[1]} cards" in told
    assert "Your hand: " + " ".join(c.pretty() for c in sorted(seen.hand)) in told
    for meld in seen.tables[0]:
        assert "[" + " ".join(c.pretty() for c in meld) + "]" in told
    assert f"Stock: {seen.stock_size}" in told
    assert "Dead: " + " ".join(c.pretty() for c in seen.dead) in told
    if seen.offer is not None:
        assert f"Offered: {seen.offer.pretty()}" in told
    # It tells nothing hidden: the opponent's cards are not named.
    assert not any(card.pretty() in told for card in MIDGAME.hands[1])


def test_a_face_up_stock_is_described_card_by_card() -> None:
    """A State's picture shows every stock card, and so does its <desc>: top card first,
    in the picture's words; an observation's tells only the count."""
    state = State.new(seed=7)
    told = description(svg.position(state))
    listed = " ".join(c.pretty() for c in state.stock)
    assert f"Stock: {len(state.stock)} cards: {listed}. Dead: -" in told
    spanish = description(svg.position(state, lang="es", pack="spanish"))
    top, second = state.stock[:2]
    assert f"Mazo: 19 cartas: {top.spanish()}, {second.spanish()}, " in spanish
    assert description(svg.position(state.observation(0))).endswith("Stock: 19. Dead: -")


def test_lists_and_tables_are_titled_in_their_pack() -> None:
    title = parsed(svg.cards([Card.parse("7h"), Card.parse("Js")], pack="spanish")).find(
        f"{SVG_NS}title"
    )
    assert title is not None
    assert title.text == "7 de copas, sota de espadas"
    title = parsed(svg.table([Meld("Jc Jh Js")], pack="spanish")).find(f"{SVG_NS}title")
    assert title is not None
    assert title.text == "sota de bastos, sota de copas, sota de espadas"


def luminance(colour: str) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    colour = {"white": "#ffffff", "#fff": "#ffffff"}.get(colour, colour)
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_words_and_rings_stand_out_from_what_they_are_drawn_on() -> None:
    """WCAG AA: text 4.5:1 against its background, the rings (graphics) 3:1."""
    take = next(entry for entry in reversed(MIDGAME.history) if isinstance(entry.move, Take))
    picture = svg.position(MIDGAME, last_move=take)
    root = parsed(picture)
    fills = {r.get("class"): r.attrib["fill"] for r in root.iter(f"{SVG_NS}rect")}
    background, felt, band = fills["background"], fills["felt"], fills["meld"]
    for text in root.iter(f"{SVG_NS}text"):
        assert contrast(text.attrib["fill"], felt) >= 4.5, text.text
        assert contrast(text.attrib["fill"], background) >= 4.5, text.text
    offer_ring, *marks = rings(picture)
    assert contrast(offer_ring, felt) >= 3
    assert marks
    assert all(contrast(mark, band) >= 3 for mark in marks)
    for value in DECK:  # the indexes on a white card, oros included
        for text in parsed(svg.card(value, pack="spanish")).iter(f"{SVG_NS}text"):
            assert contrast(text.attrib["fill"], "#ffffff") >= 4.5, value


def test_arguments_of_the_wrong_kind_are_refused_with_what_was_wrong() -> None:
    seven = Card.parse("7h")
    with pytest.raises(TypeError, match="highlight must be True or False, not 'no'"):
        svg.card(seven, highlight="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="per_row must be an int or None, not '3'"):
        svg.cards(DECK, per_row="3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not one Meld"):
        svg.table(Meld("7h 7c 7s"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"last_move must be a Played entry or None, not 3$"):
        svg.position(MIDGAME, last_move=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Meld, not Card"):
        svg.meld(seven)  # type: ignore[arg-type]


def test_a_card_is_drawn_in_one_meld_at_most() -> None:
    with pytest.raises(ValueError, match="7h is in two melds"):
        svg.table([Meld("7h 7c 7s"), Meld("5h 6h 7h")])


def test_a_card_back_draws_its_lattice_as_one_path() -> None:
    (back,) = (g for g in parsed(svg.card_back()).iter(f"{SVG_NS}g") if g.get("class"))
    assert len(list(back.iter(f"{SVG_NS}path"))) == 1


def test_pictures_declare_no_svg_version() -> None:
    """role and data-card are not SVG 1.1: the pictures do not claim to be."""
    for picture in (svg.card(Card.parse("7h")), svg.position(MIDGAME)):
        assert "version" not in parsed(picture).attrib


def test_a_picture_whose_lines_fit_is_laid_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second layout pass is for lines cut narrower than the picture became; a
    picture whose lines all fit (most of them) is laid out once."""
    calls: list[float] = []
    drawn = svg._drawn

    def counted(*args: object) -> object:
        calls.append(args[-1])  # type: ignore[arg-type]
        return drawn(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(svg, "_drawn", counted)
    opening = State.new(seed=0).observation(1)  # its middle row is the widest
    svg.position(opening)
    assert len(calls) == 1


def test_every_picture_has_one_default_size_and_one_name_for_the_pack() -> None:
    """pack= is the pack style (style= means the card text in narration); every picture,
    a position included, draws cards DEFAULT_SIZE pixels wide unless told otherwise."""
    seven, state = Card.parse("7h"), State.new(seed=7)
    assert svg.DEFAULT_SIZE == 60
    assert svg.position(state) == svg.position(state, size=svg.DEFAULT_SIZE)
    assert svg.position(state) != svg.position(state, size=40)
    assert svg.card(seven) == svg.card(seven, size=60)
    drawings: list[tuple[Callable[..., str], object]] = [
        (svg.card, seven),
        (svg.cards, [seven]),
        (svg.meld, Meld("5c 6c 7c")),
        (svg.table, [Meld("5c 6c 7c")]),
        (svg.position, state),
    ]
    for draw, value in drawings:
        with pytest.warns(
            DeprecationWarning, match="svg's style= is deprecated: use pack="
        ) as warned:
            old = draw(value, style="spanish")
        assert warned[0].filename == __file__  # the warning names the user's call
        assert old == draw(value, pack="spanish") != draw(value)
        with (
            pytest.warns(DeprecationWarning, match="pack="),
            pytest.raises(TypeError, match="once"),
        ):
            draw(value, pack="spanish", style="french")


def test_the_drawing_picks_no_phrase() -> None:
    """Wording belongs to the narration: conquian.svg asks the pictures' words
    (conquian._picture_words) for each sentence and label, and never picks a phrase of a
    language itself nor rewrites the narration's text."""
    source = Path(svg.__file__).read_text(encoding="utf-8")
    called = {
        node.func.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    assert not called & {"say", "say_to", "heading", "phrase", "sub", "phrases"}
    assert {"status", "last_move", "summary", "offer"} <= called


def test_the_narration_capitalises_a_name_the_pictures_write_as_given() -> None:
    """narrate_history starts each sentence with a capital (``De Vries``); the
    pictures' voice keeps the name as given, and the rest of the line is the same."""
    state = State.new(seed=7).apply("decline")
    first = narrate_history(state.history, names=("de Vries", "Bob"))
    assert first == ["Bob turns up K♦. Bob passes K♦ to de Vries"]
    state = state.apply("decline")
    told = narrate_history(state.history, names=("de Vries", "Bob"))[-1]
    assert told.startswith("De Vries declines K♦")
    picture = svg.position(state, names=("de Vries", "Bob"), last_move=state.history[-1])
    assert "Last move: " + told.replace("De Vries", "de Vries", 1) in picture
