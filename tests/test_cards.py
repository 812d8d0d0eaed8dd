"""Cards, the 40-card pack and card notation (R1, R2)."""

from __future__ import annotations

import re
from itertools import pairwise

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bruteforce import PLAY_ORDER, SUIT_ORDER, position
from conquian import (
    DECK,
    Card,
    ConquianError,
    InvalidCardError,
    Meld,
    ParseError,
    Rank,
    Suit,
    check_meld,
    format_cards,
    is_meld,
    parse_cards,
    sorted_cards,
    svg,
)
from conquian.languages import LANGUAGES
from strategies import ALL_CARDS, STYLES, card_sets, cards

# The notation, written out here rather than taken from the code under test (R1).
RANK_TEXT = {
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
RANK_SPANISH = {
    Rank.ACE: "1",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.JACK: "sota",
    Rank.QUEEN: "caballo",
    Rank.KING: "rey",
}
SUIT_TEXT = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}
SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_SPANISH = {
    Suit.CLUBS: "bastos",
    Suit.DIAMONDS: "oros",
    Suit.HEARTS: "copas",
    Suit.SPADES: "espadas",
}

DECK_TEXT = (
    "Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc "
    "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd "
    "Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh "
    "As 2s 3s 4s 5s 6s 7s Js Qs Ks"
)

# --- The pack (R1) -------------------------------------------------------------------


def test_r1_deck_has_40_distinct_cards() -> None:
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert set(DECK) == set(ALL_CARDS)


def test_r1_deck_is_in_canonical_order_clubs_to_spades_ace_to_king() -> None:
    assert format_cards(DECK) == DECK_TEXT
    assert DECK == ALL_CARDS
    assert [card.index for card in DECK] == list(range(40))
    assert [Card.from_index(i) for i in range(40)] == list(DECK)


def test_r1_ranks_and_suits_of_the_40_card_pack() -> None:
    assert [RANK_TEXT[rank] for rank in Rank] == ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
    assert list(Suit) == list(SUIT_ORDER)
    assert {card.rank for card in DECK} == set(Rank)
    assert all(sum(card.suit is suit for card in DECK) == 10 for suit in Suit)


@pytest.mark.parametrize("index", [-1, 40, 100])
def test_from_index_outside_the_deck_is_an_error(index: int) -> None:
    with pytest.raises(InvalidCardError):
        Card.from_index(index)


# --- Rank order (R2) -----------------------------------------------------------------


def test_r2_rank_order_is_a_2_3_4_5_6_7_j_q_k() -> None:
    assert list(Rank) == list(PLAY_ORDER)
    assert sorted(Rank) == list(PLAY_ORDER)


def test_r2_seven_is_next_to_the_jack() -> None:
    assert Rank.SEVEN + 1 == Rank.JACK
    assert Rank.JACK - Rank.SEVEN == 1
    assert Rank.JACK - 1 == Rank.SEVEN


def test_r2_ranks_adjacent_in_play_order_differ_by_one() -> None:
    for low, high in pairwise(PLAY_ORDER):
        assert high - low == 1, (low, high)
    assert Rank.KING - Rank.ACE == 9  # R2: the king is not next to the ace.


def test_r2_ace_is_lowest_and_king_highest() -> None:
    assert min(Rank) is Rank.ACE
    assert max(Rank) is Rank.KING


# --- Text forms of every card ---------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_r1_every_card_formats_in_every_style(card: Card) -> None:
    short = RANK_TEXT[card.rank] + SUIT_TEXT[card.suit]
    assert str(card) == short
    assert card.pretty() == RANK_TEXT[card.rank] + SUIT_SYMBOL[card.suit]
    assert card.spanish() == f"{RANK_SPANISH[card.rank]} de {SUIT_SPANISH[card.suit]}"
    assert repr(card) == f"Card.parse('{short}')"
    for style in STYLES:
        assert parse_cards(format_cards([card], style=style)) == (card,)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_r1_every_card_parses_from_every_form(card: Card) -> None:
    rank, suit = RANK_TEXT[card.rank], SUIT_TEXT[card.suit]
    spanish = f"{RANK_SPANISH[card.rank]} de {SUIT_SPANISH[card.suit]}"
    forms = [
        rank + suit,  # short
        (rank + suit).upper(),  # upper case
        (rank + suit).lower(),  # lower-case rank letters
        rank + SUIT_SYMBOL[card.suit],  # symbols
        spanish,
        spanish.upper(),
        spanish.title(),
        f"  {rank}{suit}\t",  # surrounding white space
    ]
    for form in forms:
        assert Card.parse(form) == card, form
        assert parse_cards(form) == (card,), form


def test_r1_ace_may_be_written_1_and_as() -> None:
    assert Card.parse("1h") == Card.parse("Ah") == Card(Rank.ACE, Suit.HEARTS)
    assert Card.parse("as de oros") == Card(Rank.ACE, Suit.DIAMONDS)
    assert Card.parse("1 de bastos") == Card(Rank.ACE, Suit.CLUBS)


def test_r1_spanish_pack_names() -> None:
    assert Card.parse("sota de espadas") == Card(Rank.JACK, Suit.SPADES)
    assert Card.parse("caballo de bastos") == Card(Rank.QUEEN, Suit.CLUBS)
    assert Card.parse("rey de oros") == Card(Rank.KING, Suit.DIAMONDS)
    assert Card.parse("7 de copas") == Card(Rank.SEVEN, Suit.HEARTS)


def test_str_of_seven_of_hearts_is_7h() -> None:
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    assert str(seven) == "7h"
    assert seven.pretty() == "7♥"
    assert seven.spanish() == "7 de copas"
    assert Card.parse("7h") == seven


def test_r1_str_of_every_card_is_its_rank_and_suit_letters() -> None:
    # str() reads a table by index: every card, and every equal copy of it, gives the
    # letters of its rank and suit (as the enum properties spell them, and as written out
    # here), in the deck's order.
    assert " ".join(map(str, DECK)) == DECK_TEXT
    for card in DECK:
        copy = Card(card.rank, card.suit)
        expected = RANK_TEXT[card.rank] + SUIT_TEXT[card.suit]
        assert str(card) == str(copy) == expected == card.rank.letter + card.suit.letter
        assert repr(copy) == f"Card.parse('{expected}')"
        assert Card.parse(str(copy)) == card


def test_suit_and_rank_text_properties() -> None:
    assert (Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.spanish) == ("h", "♥", "copas")
    assert (Rank.JACK.letter, Rank.JACK.spanish) == ("J", "sota")
    assert (Rank.ACE.letter, Rank.ACE.spanish) == ("A", "1")
    assert (Rank.KING.number, Suit.CLUBS.spanish_letter) == (12, "b")


# --- Card lists -----------------------------------------------------------------------


def test_cards_written_together_equal_cards_written_apart() -> None:
    assert parse_cards("7h 7c 7s") == parse_cards("7h7c7s")
    assert parse_cards("7h 7c 7s") == (
        Card(Rank.SEVEN, Suit.HEARTS),
        Card(Rank.SEVEN, Suit.CLUBS),
        Card(Rank.SEVEN, Suit.SPADES),
    )


@pytest.mark.parametrize(
    "text",
    [
        "5c 6c 7c",
        "5c,6c,7c",
        "5c, 6c 7c",
        "5c6c7c",
        "  5c\t6c\n7c ",
        "5C6C7C",
        "5♣ 6♣ 7♣",
        "5♣6♣7♣",
    ],
)
def test_parse_cards_separators_and_case(text: str) -> None:
    assert parse_cards(text) == (
        Card(Rank.FIVE, Suit.CLUBS),
        Card(Rank.SIX, Suit.CLUBS),
        Card(Rank.SEVEN, Suit.CLUBS),
    )


def test_parse_cards_keeps_the_given_order() -> None:
    assert [str(card) for card in parse_cards("Kd 2c Jh")] == ["Kd", "2c", "Jh"]


def test_parse_cards_spanish_list_is_comma_separated() -> None:
    assert parse_cards("7 de copas, sota de espadas, as de oros") == parse_cards("7h Js Ad")


@pytest.mark.parametrize("text", ["", "   ", ", ,"])
def test_parse_cards_of_no_cards_is_empty(text: str) -> None:
    assert parse_cards(text) == ()


def test_format_cards_styles() -> None:
    hand = parse_cards("Jc 7h")
    assert format_cards(hand) == "Jc 7h"
    assert format_cards(hand, style="compact") == "Jc7h"
    assert format_cards(hand, style="pretty") == "J♣ 7♥"
    assert format_cards(hand, style="spanish") == "sota de bastos, 7 de copas"
    assert format_cards(hand, style="numbers") == "10b 7co"
    assert format_cards(hand, style="spanish-numbers") == "10 de bastos, 7 de copas"
    assert format_cards(parse_cards("7h Jc"), sort=True) == "Jc 7h"  # clubs before hearts
    assert format_cards([]) == ""


def test_format_cards_unknown_style_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="upper"):
        format_cards(DECK[:2], style="upper")


# --- Bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("8h", "no rank '8'"),  # R1: the pack has no eights ...
        ("9d", "no rank '9'"),
        ("10s", "the card notation has no 10"),  # ... nor tens (M3: 10 is the sota).
        ("7x", "no suit 'x'"),
        ("Xh", "no rank 'X'"),
        ("", "empty"),
        ("   ", "empty"),
        ("7h7c", "a card is a rank"),
        ("7", "a card is a rank"),
        ("7 de bastoz", "no suit 'bastoz'"),
    ],
)
def test_r1_a_bad_card_is_an_invalid_card_error(text: str, why: str) -> None:
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(text)
    error = caught.value
    assert isinstance(error, ParseError)
    assert isinstance(error, ConquianError)
    assert isinstance(error, ValueError)
    assert error.token == text.strip()
    assert repr(text.strip()) in str(error)
    assert why in str(error)


@pytest.mark.parametrize(
    ("text", "token", "index", "column"),
    [
        ("8h", "8h", 0, 0),
        ("7h 8h", "8h", 1, 3),
        ("7h7c8h", "8h", 2, 4),
        ("7h, 7x", "7x", 1, 4),
        ("5c,6c, 10c", "10c", 2, 7),
        ("Ah\t2h  Qx", "Qx", 2, 7),
        ("7 de copas, sota de espadaz", "sota de espadaz", 1, 12),
    ],
)
def test_a_bad_token_is_named_with_its_position(
    text: str, token: str, index: int, column: int
) -> None:
    with pytest.raises(InvalidCardError) as caught:
        parse_cards(text)
    error = caught.value
    assert (error.token, error.index, error.column) == (token, index, column)
    assert repr(token) in str(error)
    if index or column:
        assert f"card {index + 1}, column {column + 1}" in str(error)
    assert text[column : column + len(token)] == token


def test_r1_a_repeated_card_is_an_invalid_card_error() -> None:
    with pytest.raises(InvalidCardError, match="Ah appears twice") as caught:
        parse_cards("Ah 2h Ah")
    error = caught.value
    assert isinstance(error, ConquianError)
    assert isinstance(error, ValueError)
    assert (error.token, error.index, error.column) == ("Ah", 2, 6)
    assert "cards 1 and 3" in str(error)


def test_r1_repeated_card_in_compact_and_mixed_forms() -> None:
    with pytest.raises(InvalidCardError) as caught:
        parse_cards("7h7c7♥")
    assert (caught.value.token, caught.value.index, caught.value.column) == ("7♥", 2, 4)


def test_repeats_are_kept_when_allowed() -> None:
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    assert parse_cards("7h 7h", allow_duplicates=True) == (seven, seven)


# --- Values: equality, hashing, order ------------------------------------------------


def test_cards_are_equal_by_rank_and_suit() -> None:
    assert Card(Rank.SEVEN, Suit.HEARTS) == Card.parse("7♥")
    assert Card(Rank.SEVEN, Suit.HEARTS) != Card(Rank.SEVEN, Suit.CLUBS)
    assert Card(Rank.SEVEN, Suit.HEARTS) != Card(Rank.JACK, Suit.HEARTS)
    assert len({Card(Rank.SEVEN, Suit.HEARTS), Card.parse("7h"), Card.parse("7H")}) == 1


def test_cards_are_frozen() -> None:
    card = Card.parse("7h")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.JACK  # type: ignore[misc]


def test_card_fields_are_type_checked() -> None:
    with pytest.raises(TypeError):
        Card(7, Suit.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(Rank.SEVEN, "h")  # type: ignore[arg-type]


def test_cards_order_by_suit_then_play_order() -> None:
    assert Card.parse("Kc") < Card.parse("Ad")  # clubs before diamonds
    assert Card.parse("7h") < Card.parse("Jh")  # R2: 7 just below the jack
    assert Card.parse("Jh") > Card.parse("7h")
    assert Card.parse("Ah") <= Card.parse("Ah") <= Card.parse("2h")
    assert Card.parse("Ks") >= Card.parse("Qs")
    shuffled = [DECK[7 * i % 40] for i in range(40)]  # 7 and 40 are coprime
    assert sorted(shuffled) == list(DECK)
    assert sorted_cards(parse_cards("Ks 7h Jc Ac")) == list(parse_cards("Ac Jc 7h Ks"))


def test_cards_do_not_order_against_other_types() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("7h") < "7h"


# --- Properties -----------------------------------------------------------------------


@given(cards())
def test_card_text_forms_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).upper()) == card
    assert Card.parse(card.pretty()) == card
    assert Card.parse(card.spanish()) == card
    assert Card.from_index(card.index) == card


@given(card_sets(max_size=40), st.sampled_from(STYLES), st.booleans())
def test_card_lists_round_trip_in_every_style(hand: list[Card], style: str, sort: bool) -> None:
    text = format_cards(hand, style=style, sort=sort)
    expected = sorted(hand) if sort else hand
    assert parse_cards(text) == tuple(expected)


@given(card_sets(max_size=40))
def test_upper_case_card_lists_round_trip(hand: list[Card]) -> None:
    assert parse_cards(format_cards(hand).upper()) == tuple(hand)
    assert parse_cards(format_cards(hand, style="compact").upper()) == tuple(hand)


@given(card_sets(max_size=40))
def test_card_order_is_suit_then_play_order(hand: list[Card]) -> None:
    def key(card: Card) -> tuple[int, int]:
        return SUIT_ORDER.index(card.suit), position(card.rank)

    assert sorted(hand) == sorted(hand, key=key)
    assert sorted_cards(hand) == sorted(hand, key=key)


@given(cards(), cards())
def test_card_comparisons_agree_with_deck_position(a: Card, b: Card) -> None:
    assert (a < b) == (DECK.index(a) < DECK.index(b))
    assert (a <= b) == (DECK.index(a) <= DECK.index(b))
    assert (a == b) == (DECK.index(a) == DECK.index(b))
    assert hash(a) == hash(Card(a.rank, a.suit)) == hash(Card.parse(str(a)))


def test_a_long_unknown_suit_word_is_quoted_in_a_few_words() -> None:
    with pytest.raises(InvalidCardError, match="there is no suit 'xxx") as caught:
        Card.parse("7 de " + "x" * 1990)
    assert len(str(caught.value)) < 200


# --- The Spanish pack's numbers (M3) --------------------------------------------------

# Written out here, not taken from the code under test: the Spanish pack numbers its
# cards 1-7, 10 (sota), 11 (caballo), 12 (rey) (R1, M3); its suits' letters follow the
# number, copas as "co" because "c" is clubs.
RANK_NUMBER = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.JACK: 10,
    Rank.QUEEN: 11,
    Rank.KING: 12,
}
SUIT_LETTER = {Suit.CLUBS: "b", Suit.DIAMONDS: "o", Suit.HEARTS: "co", Suit.SPADES: "e"}


def written_forms(card: Card) -> list[str]:
    """Every text the library writes for one card: str(), pretty(), the Spanish names
    with and without numbers, numbered(), each language's name, each format_cards style,
    and the Spanish picture's title and its corner index read with the suit's name."""
    forms = [str(card), card.pretty(), card.spanish(), card.spanish(numbers=True)]
    forms += [card.numbered(), *(card.name(lang) for lang in LANGUAGES)]
    forms += [format_cards([card], style=style) for style in STYLES]
    picture = svg.card(card, pack="spanish")
    title = re.search(r"<title>([^<]*)</title>", picture)
    index = re.search(r'text-anchor="middle">([^<]*)</text>', picture)
    assert title is not None
    assert index is not None
    forms += [title.group(1), f"{index.group(1)} de {SUIT_SPANISH[card.suit]}"]
    return forms


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_m3_every_written_form_of_every_card_reads_back(card: Card) -> None:
    number, letter = RANK_NUMBER[card.rank], SUIT_LETTER[card.suit]
    assert card.rank.number == number
    assert card.suit.spanish_letter == letter
    assert card.numbered() == f"{number}{letter}"
    assert card.spanish(numbers=True) == f"{number} de {SUIT_SPANISH[card.suit]}"
    for form in written_forms(card):
        for text in (form, form.upper(), form.lower(), f" {form}\t"):
            assert Card.parse(text) == card, text
            assert parse_cards(text) == (card,), text


def test_m3_the_spanish_picture_writes_the_packs_numbers() -> None:
    for card in ALL_CARDS:
        corner = f'text-anchor="middle">{RANK_NUMBER[card.rank]}</text>'
        assert corner in svg.card(card, pack="spanish")


def test_m3_no_text_stands_for_two_cards() -> None:
    # Every form of every card, in any case, reads as that card and no other: 1c is the
    # ace of clubs and 1co the ace of copas (hearts).
    seen: dict[str, Card] = {}
    for card in ALL_CARDS:
        for form in written_forms(card):
            for text in (form.upper(), form.lower()):
                assert seen.setdefault(text, card) == card, text
    assert Card.parse("1c") == Card(Rank.ACE, Suit.CLUBS)
    assert Card.parse("1co") == Card(Rank.ACE, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("10 de copas", "Jh"),
        ("11 de bastos, 12 de oros", "Qc Kd"),
        ("12o", "Kd"),
        ("1e", "As"),
        ("10co 11co 12co", "Jh Qh Kh"),
        ("12o1e10co", "Kd As Jh"),  # written together
        ("7O, 10O 11o", "7d Jd Qd"),  # any case, commas
        ("rey de bastos", "Kc"),
        ("7h 12o", "7h Kd"),  # each token is one card in its own notation
    ],
)
def test_m3_the_spanish_numbers_are_read(text: str, cards: str) -> None:
    assert parse_cards(text) == parse_cards(cards)


@pytest.mark.parametrize(
    ("text", "token", "index", "column", "why"),
    [
        ("10h", "10h", 0, 0, "the card notation has no 10"),
        ("8h 9h 10h", "8h", 0, 0, "no rank '8'"),  # the first bad token, as 8h alone
        ("7h 9h 10h", "9h", 1, 3, "no rank '9'"),
        ("7h 10h", "10h", 1, 3, "the card notation has no 10"),
        ("7h7c10h", "10h", 2, 4, "the card notation has no 10"),
        ("10o 12c", "12c", 1, 4, "12co"),  # c is clubs: copas is co
        ("11♥", "11♥", 0, 0, "the card notation has no 11"),
        ("10 de h", "10 de h", 0, 0, "the card notation has no 10"),
        ("Jo", "Jo", 0, 0, "written after the card's number"),
        ("8o", "8o", 0, 0, "no rank '8'"),
        ("13o", "13o", 0, 0, "no rank '13'"),
        ("9 de oros", "9 de oros", 0, 0, "no rank '9'"),
        ("7xy", "7xy", 0, 0, "no suit 'xy'"),
        ("12 de oros, 10 of hearts", "10 of hearts", 1, 12, "not a card's name"),
    ],
)
def test_m3_a_number_without_a_spanish_suit_is_refused(
    text: str, token: str, index: int, column: int, why: str
) -> None:
    with pytest.raises(InvalidCardError) as caught:
        parse_cards(text)
    error = caught.value
    assert (error.token, error.index, error.column) == (token, index, column)
    assert repr(token) in str(error)
    assert why in str(error)
    if index == 0:  # Card.parse names the same token for the same reason
        with pytest.raises(InvalidCardError, match=re.escape(why)):
            Card.parse(token)


def test_m3_melds_read_the_spanish_numbers() -> None:
    # R5 with the pack's numbers: 7 is next to 10 (the sota).
    assert Meld("7o 10o 11o") == Meld("7d Jd Qd")
    assert Meld("10 de copas, 10 de oros, 10 de espadas") == Meld("Jh Jd Js")
    assert is_meld("5co6co7co10co")
    assert check_meld("12o 12co 12e 12b") is None
    assert not is_meld("1o 2o 12o")  # R2: nothing wraps
    with pytest.raises(InvalidCardError, match="the card notation has no 10"):
        Meld("7h 10h Qh")


@given(card_sets(max_size=40))
def test_m3_numbers_written_together_read_as_written_apart(hand: list[Card]) -> None:
    apart = format_cards(hand, style="numbers")
    assert parse_cards(apart.replace(" ", "")) == parse_cards(apart) == tuple(hand)
    assert parse_cards(apart.upper()) == tuple(hand)
