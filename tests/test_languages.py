"""Card names in English, Spanish, Dutch and German (R1), and the language tables."""

from __future__ import annotations

import copy
import pickle

import pytest

from conquian import DECK, Card, ConquianError, InvalidCardError, format_cards, parse_cards
from conquian.languages import ENGLISH, LANGUAGES, Language, find_language

# The names of the issue, written out rather than taken from the tables under test.
NAMES = {
    "en": (
        ("ace", "2", "3", "4", "5", "6", "7", "jack", "queen", "king"),
        ("clubs", "diamonds", "hearts", "spades"),
    ),
    "es": (
        ("as", "2", "3", "4", "5", "6", "7", "sota", "caballo", "rey"),
        ("bastos", "oros", "copas", "espadas"),
    ),
    "nl": (
        ("aas", "2", "3", "4", "5", "6", "7", "boer", "vrouw", "heer"),
        ("klaveren", "ruiten", "harten", "schoppen"),
    ),
    "de": (
        ("Ass", "2", "3", "4", "5", "6", "7", "Bube", "Dame", "König"),
        ("Kreuz", "Karo", "Herz", "Pik"),
    ),
}


@pytest.mark.parametrize("code", sorted(NAMES))
def test_r1_rank_and_suit_names_of_each_language(code: str) -> None:
    ranks, suits = NAMES[code]
    for card in DECK:
        assert card.rank.word(code) == ranks[card.rank.value - 1]
        assert card.suit.word(code) == suits[card.suit.value]


def test_r1_full_names_in_every_language() -> None:
    queen = Card.parse("Qh")
    assert queen.name() == queen.name("en") == "queen of hearts"
    assert queen.name("es") == "caballo de copas"
    assert queen.name("nl") == "vrouw van harten"
    assert queen.name("de") == "Herz-Dame"
    assert Card.parse("Ad").name("es") == "as de oros"


@pytest.mark.parametrize("code", sorted(NAMES))
def test_r1_every_full_name_parses_back_in_any_case(code: str) -> None:
    for card in DECK:
        name = card.name(code)
        for form in (name, name.upper(), name.lower(), name.title(), f"  {name} "):
            assert Card.parse(form) == card, form


def test_r1_german_names_read_with_a_space_or_a_hyphen() -> None:
    assert Card.parse("Pik Bube") == Card.parse("pik-bube") == Card.parse("Js")
    assert Card.parse("Herz-7") == Card.parse("7h")
    assert parse_cards("Karo Bube, Herz 7") == parse_cards("Jd 7h")


def test_as_is_the_ace_of_spades_in_notation_and_the_ace_in_spanish_names() -> None:
    assert parse_cards("as ah ad") == parse_cards("As Ah Ad")
    assert parse_cards("as de oros, as de copas") == parse_cards("Ad Ah")


def test_r1_every_name_is_unambiguous() -> None:
    seen: dict[str, Card] = {}
    for code in LANGUAGES:
        for card in DECK:
            key = card.name(code).casefold()
            assert seen.setdefault(key, card) == card, key
    assert len(seen) == len(LANGUAGES) * len(DECK)  # no two cards share a name anywhere


@pytest.mark.parametrize("code", sorted(NAMES))
def test_format_cards_with_lang_round_trips(code: str) -> None:
    text = format_cards(DECK, lang=code)
    assert text.count(", ") == len(DECK) - 1
    assert parse_cards(text) == DECK
    assert format_cards(DECK, style="name", lang=code) == text
    # ... and so does each card alone or any short list: "jack of diamonds" is a name,
    # though each of its words is two letters or could be read as written-together cards.
    for card in DECK:
        assert parse_cards(format_cards([card], lang=code)) == (card,)
    few = DECK[9::10]  # the four kings
    assert parse_cards(format_cards(few, lang=code)) == few


def test_format_cards_name_style_defaults_to_english() -> None:
    assert format_cards(parse_cards("Ac Ks"), style="name") == "ace of clubs, king of spades"


def test_names_and_notation_mix_in_a_comma_list() -> None:
    assert parse_cards("7h, sota de espadas, Herz-Dame") == parse_cards("7h Js Qh")


def test_unknown_names_are_typed_errors_naming_the_token() -> None:
    with pytest.raises(InvalidCardError, match="'queen of stars' is not a card"):
        Card.parse("queen of stars")
    with pytest.raises(InvalidCardError) as caught:
        parse_cards("ace of clubs, Herz-Zehn")
    assert caught.value.token == "Herz-Zehn"
    assert caught.value.index == 1


def test_unknown_language_is_a_typed_error() -> None:
    with pytest.raises(ConquianError, match="no language has the code 'fr'"):
        Card.parse("7h").name("fr")
    with pytest.raises(ValueError, match="lang writes full names"):
        format_cards(DECK, style="pretty", lang="de")


def test_find_language_is_case_insensitive_and_returns_tables() -> None:
    assert find_language(" DE ") is LANGUAGES["de"]
    assert find_language(LANGUAGES["nl"]) is LANGUAGES["nl"]
    assert sorted(LANGUAGES) == ["de", "en", "es", "nl"]


@pytest.mark.parametrize("code", sorted(NAMES))
def test_every_language_has_every_phrase(code: str) -> None:
    language = LANGUAGES[code]
    assert isinstance(language, Language)
    assert set(language.phrases) == set(LANGUAGES["en"].phrases)
    assert language.phrase("stock", count=7).endswith("7")
    with pytest.raises(TypeError):
        language.phrases["stock"] = "x"  # type: ignore[index]


@pytest.mark.parametrize(
    ("card", "phrase", "message"),
    [
        ("{rank:>200000000}{suit}", "{who} turns up {card}", "a card is {rank} and {suit}"),
        ("{rank} of {suit}{}", "{who} turns up {card}", "a card is {rank} and {suit}"),
        ("{rank!r} of {suit}", "{who} turns up {card}", "a card is {rank} and {suit}"),
        ("{rank} of {suit} {", "{who} turns up {card}", "a card is {rank} and {suit}"),
        ("{rank} of {suit}", "{who:>300000000} turns up {card}", "is not {name} or {name:,}"),
        ("{rank} of {suit}", "{who} turns up {card} {}", "'{}' is not {name} or {name:,}"),
        ("{rank} of {suit}", "{who.x} turns up {card}", "'{who.x}' is not {name}"),
        ("{rank} of {suit}", "{who!s} turns up {card}", "'{who!s}' is not {name}"),
        ("{rank} of {suit}", "{who} turns up {card", "phrase 'turn_up': "),
        ("{rank} of {suit}", "{who:,} turns up {card}", "has the placeholders of"),
    ],
)
def test_a_table_whose_templates_could_fail_or_grow_when_filled_is_refused(
    card: str, phrase: str, message: str
) -> None:
    """A language table made by hand is checked when it is made: a template may hold
    only plain placeholders (and ``{count:,}`` where English formats that number so),
    so that filling it in can neither fail nor write a value padded to any width."""
    phrases = {**ENGLISH.phrases, "turn_up": phrase}
    with pytest.raises(ConquianError) as caught:
        Language("xx", "X", ENGLISH.ranks, ENGLISH.suits, card, phrases)
    assert message in str(caught.value)
    assert len(str(caught.value)) < 200


def test_a_table_may_use_thousands_in_its_counts() -> None:
    phrases = {**ENGLISH.phrases, "moves": "{count:,} plays"}
    custom = Language("xx", "X", ENGLISH.ranks, ENGLISH.suits, "{rank}-{suit}", phrases)
    assert custom.phrase("moves", count=12345) == "12,345 plays"
    assert custom.card_name(0, 0) == "ace-clubs"


def test_a_language_pickles_and_copies_to_an_equal_read_only_table() -> None:
    """A language crosses to a worker process (narration in a pool) and deep-copies."""
    spanish = find_language("es")
    for other in (pickle.loads(pickle.dumps(spanish)), copy.deepcopy(spanish)):
        assert other == spanish
        assert dict(other.phrases) == dict(spanish.phrases)
        with pytest.raises(TypeError, match="read-only"):
            other.phrases["hand"] = "x"  # type: ignore[index]
