"""Melds: groups (R4), sequences (R2, R5), why cards are not a meld, partitions (R6, R14a).

Scenarios are written in card notation. The properties hold the fast code to the
brute-force definitions of :mod:`bruteforce`.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bruteforce
from bruteforce import (
    SUIT_ORDER,
    BFTable,
    cyclically_consecutive,
    linearly_consecutive,
    position,
)
from conquian import (
    CLASSIC,
    Card,
    ConquianError,
    InvalidCardError,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldProblem,
    Rules,
    _bits,
    can_partition,
    check_meld,
    explain_meld,
    fits,
    format_cards,
    is_meld,
    parse_cards,
    partitions,
)
from conquian._bits import in_meld_of_three, mask_of
from conquian.cards import DECK
from strategies import (
    STYLES,
    card_sets,
    cards,
    disjoint_melds,
    max_sequences,
    meld_built_sets,
    meld_cards,
    meld_like_lists,
    table_and_card,
)

LONG = Rules(max_sequence=10)
"""V4: sequences of up to ten cards."""

HEARTS = ["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "Jh", "Qh", "Kh"]
"""A whole suit in play order (R2)."""


def as_split(split: tuple[Meld, ...]) -> BFTable:
    """A split from :func:`partitions` as a set of sets of cards, like the brute force."""
    return frozenset(frozenset(meld.cards) for meld in split)


def deck_order(card: Card) -> tuple[int, int]:
    """Canonical order, from the brute force: suit, then play order (R2)."""
    return SUIT_ORDER.index(card.suit), position(card.rank)


def problem(text: str, rules: Rules = CLASSIC) -> MeldProblem | None:
    """``check_meld`` of card text, also checking that ``is_meld`` agrees."""
    reason = check_meld(text, rules=rules)
    assert is_meld(text, rules=rules) is (reason is None)
    return reason


# --- Sequences (R2, R5) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Ac 2c 3c",  # R5: A-2-3, the ace is low (R2)
        "6h 7h Jh",  # R5: 6-7-J, the 7 is next to the jack (R2)
        "Jh 7h 6h",  # any order
        "7d Jd Qd",
        "Qs Ks Js",
        "5h 6h 7h Jh Qh",  # R5's own example
    ],
)
def test_r2_r5_consecutive_cards_of_one_suit_are_a_sequence(text: str) -> None:
    assert problem(text) is None
    assert Meld(text).kind is MeldKind.SEQUENCE


@pytest.mark.parametrize("text", ["Qh Kh Ah", "Kh Ah 2h", "Ah Kh Qh", "Jd Qd Kd Ad 2d"])
def test_r2_sequences_do_not_wrap_around(text: str) -> None:
    assert problem(text) is MeldProblem.WRAPS_AROUND
    assert problem(text, LONG) is MeldProblem.WRAPS_AROUND


def test_r2_wrap_message_names_the_king_and_the_ace() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        Meld("Qh Kh Ah")
    assert str(caught.value) == (
        "Qh Kh Ah is not a sequence: the ace is low, so Kh and Ah are not consecutive (R2)"
    )


@pytest.mark.parametrize("length", [3, 4, 5, 6, 7, 8])
def test_r5_sequences_of_3_to_8_cards_are_valid(length: int) -> None:
    for start in range(len(HEARTS) - length + 1):
        text = " ".join(HEARTS[start : start + length])
        assert problem(text) is None, text
        assert len(Meld(text)) == length


@pytest.mark.parametrize("length", [9, 10])
def test_r5_classic_sequences_of_9_or_10_cards_are_too_long(length: int) -> None:
    text = " ".join(HEARTS[:length])
    assert problem(text) is MeldProblem.SEQUENCE_TOO_LONG
    with pytest.raises(InvalidMeldError, match=f"{length} cards.*longest sequence is 8 .R5."):
        Meld(text)


@pytest.mark.parametrize("length", [9, 10])
def test_v4_sequences_of_9_and_10_cards_with_max_sequence_10(length: int) -> None:
    for start in range(len(HEARTS) - length + 1):
        text = " ".join(HEARTS[start : start + length])
        assert problem(text, LONG) is None, text
        meld = Meld(text, rules=LONG)
        assert (len(meld), meld.kind) == (length, MeldKind.SEQUENCE)


def test_v4_shorter_max_sequence_is_respected() -> None:
    short = Rules(max_sequence=3)
    assert problem("5h 6h 7h", short) is None
    assert problem("5h 6h 7h Jh", short) is MeldProblem.SEQUENCE_TOO_LONG
    assert problem("5h 6h 7h Jh") is None


def test_r5_a_gap_is_named_in_the_message() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        Meld("5h 6h Jh")
    assert str(caught.value) == "5h 6h Jh is not a sequence: 6h and Jh are not consecutive (R5)"
    assert caught.value.reason is MeldProblem.GAP


@pytest.mark.parametrize(
    "text", ["5h 6h Jh", "Ah 2h 4h", "6c 7c Qc", "Ac 3c 5c 7c", "Ad 2d 3d Kd Qd 6d"]
)
def test_r5_cards_of_one_suit_with_a_gap_are_not_a_sequence(text: str) -> None:
    assert problem(text) is MeldProblem.GAP
    assert problem(text, LONG) is MeldProblem.GAP


def test_r2_there_is_no_gap_between_7_and_jack_but_there_is_between_6_and_jack() -> None:
    assert problem("5s 6s 7s Js") is None
    assert problem("5s 6s Js") is MeldProblem.GAP


# --- Groups (R4) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["7h 7c 7s", "Jc Jd Jh", "Ac Ad As", "Kc Kd Kh Ks", "2s 2h 2d 2c"]
)
def test_r4_three_or_four_cards_of_one_rank_are_a_group(text: str) -> None:
    assert problem(text) is None
    assert Meld(text).kind is MeldKind.GROUP


# --- Not melds ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "7h", "7h 7c", "6h 7h", "Qh Kh"])
def test_r4_r5_fewer_than_three_cards_are_never_a_meld(text: str) -> None:
    assert problem(text) is MeldProblem.TOO_FEW_CARDS
    assert problem(text, LONG) is MeldProblem.TOO_FEW_CARDS
    with pytest.raises(InvalidMeldError, match="at least 3 cards"):
        Meld(text)


@pytest.mark.parametrize("text", ["7h 7h 7c", "5c 6c 5c 7c", "Jd Jd", "Kc Kc Kd Kh Ks"])
def test_r1_a_card_given_twice_is_a_duplicate(text: str) -> None:
    assert problem(text) is MeldProblem.DUPLICATE_CARD
    with pytest.raises(InvalidMeldError, match="appears twice") as caught:
        Meld(text)
    assert caught.value.cards == parse_cards(text, allow_duplicates=True)


def test_r1_duplicate_in_a_card_list() -> None:
    seven = Card.parse("7h")
    assert check_meld([seven, seven, Card.parse("7c")]) is MeldProblem.DUPLICATE_CARD


@pytest.mark.parametrize("text", ["5h 6h 7c", "7h 7c Jc", "Ac 2d 3h 4s"])
def test_r4_r5_mixed_ranks_and_suits_are_not_a_meld(text: str) -> None:
    assert problem(text) is MeldProblem.MIXED_RANKS_AND_SUITS
    with pytest.raises(InvalidMeldError, match=r"neither all of one rank \(R4\)"):
        Meld(text)


def test_too_many_cards_for_any_meld() -> None:
    nine = "Ac 2c 3c 4c 5c 6c 7c Jc Jd"
    assert problem(nine) is MeldProblem.TOO_MANY_CARDS
    with pytest.raises(InvalidMeldError, match="9 cards, and no meld holds more than 8"):
        Meld(nine)
    assert problem(nine, LONG) is MeldProblem.MIXED_RANKS_AND_SUITS
    eleven = "Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc Ad"
    assert problem(eleven, LONG) is MeldProblem.TOO_MANY_CARDS


def test_invalid_meld_error_is_a_conquian_error_with_reason_and_cards() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        Meld("Jh 6h 5h")
    error = caught.value
    assert isinstance(error, ConquianError)
    assert isinstance(error, ValueError)
    assert error.reason is MeldProblem.GAP
    assert error.cards == parse_cards("Jh 6h 5h")  # as given, in the order given


def test_meld_text_that_is_not_cards_is_an_invalid_card_error() -> None:
    with pytest.raises(InvalidCardError, match="'8h'"):
        Meld("6h 7h 8h")
    with pytest.raises(InvalidCardError):
        check_meld("6h 7h 8h")
    with pytest.raises(InvalidCardError, match="'8h'"):
        is_meld(["6h", "7h", "8h"])
    with pytest.raises(InvalidCardError, match="7 is not a Card"):
        explain_meld(["6h", 7, "Jh"])  # type: ignore[list-item]


def test_card_texts_in_a_list_are_read_as_the_text_form_is() -> None:
    """is_meld(["7h", "7c", "7s"]) was refused though is_meld("7h 7c 7s") was not."""
    assert is_meld(["7h", "7c", "7s"]) is True
    assert is_meld(["7h", Card.parse("7c"), "7♠"]) is True
    assert check_meld(["Qd", "Kd", "Ad"]) is MeldProblem.WRAPS_AROUND
    assert Meld(["Js", "7s", "6s"]) == Meld("6s 7s Js")
    assert can_partition(["5c", "6c", "7c", Meld("Jc Jh Js")])
    assert [list(map(str, split)) for split in partitions(["7h", "7c", "7s"])] == [["7c7h7s"]]
    assert fits(Card.parse("7d"), ["7h", "7c", "7s"])
    with pytest.raises(InvalidCardError, match="7h appears twice"):
        can_partition(["7h", "7c", "7h"])


def test_explain_meld_is_the_sentence_of_the_refusal() -> None:
    """The sentence a player reads, without catching the exception (issue 35)."""
    assert explain_meld("7h 7c 7s") is None
    assert explain_meld("5h 6h Jh") == (
        "5h 6h Jh is not a sequence: 6h and Jh are not consecutive (R5)"
    )
    long = "Ac 2c 3c 4c 5c 6c 7c Jc Qc"
    assert explain_meld(long) == (
        "Ac 2c 3c 4c 5c 6c 7c Jc Qc is not a sequence: 9 cards, and the longest sequence is 8 (R5)"
    )
    assert explain_meld(long, rules=Rules(max_sequence=10)) is None


# --- The Meld value -----------------------------------------------------------------------


def test_meld_keeps_its_cards_in_display_order() -> None:
    sequence = Meld("Js 7s 6s")
    assert str(sequence) == "6s7sJs"
    assert sequence.pretty() == "6♠ 7♠ J♠"
    assert repr(sequence) == "Meld('6s7sJs')"
    assert sequence.cards == parse_cards("6s 7s Js")
    group = Meld("Js Jc Jh")
    assert str(group) == "JcJhJs"
    assert group.pretty() == "J♣ J♥ J♠"


def test_melds_are_equal_when_they_hold_the_same_cards() -> None:
    assert Meld("7h 7c 7s") == Meld("7s 7h 7c") == Meld.parse("7♣7♥7♠")
    assert Meld("7h 7c 7s") != Meld("7h 7c 7d")
    assert len({Meld("5c 6c 7c"), Meld("7c 5c 6c"), Meld("6c7c5c")}) == 1


def test_meld_is_a_container_of_cards() -> None:
    meld = Meld("5c 6c 7c Jc")
    assert len(meld) == 4
    assert list(meld) == list(parse_cards("5c 6c 7c Jc"))
    assert Card.parse("Jc") in meld
    assert Card.parse("Jd") not in meld
    assert "Jc" not in meld


def test_meld_parse_and_pretty_round_trip() -> None:
    meld = Meld("J♣ J♥ J♠")
    assert Meld.parse(str(meld)) == meld
    assert Meld.parse(meld.pretty()) == meld
    long = Meld("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh", rules=LONG)
    assert Meld.parse(str(long), rules=LONG) == long
    with pytest.raises(InvalidMeldError):
        Meld.parse(str(long))


def test_meld_from_mask_is_the_same_meld() -> None:
    meld = Meld("5c 6c 7c")
    assert Meld.from_mask(meld.mask) == meld
    assert Meld.from_mask(meld.mask).kind is MeldKind.SEQUENCE


# --- Partitions (R6, R13) -------------------------------------------------------------------


def test_r6_sequence_and_group_split_one_way() -> None:
    assert partitions("5c 6c 7c Jc Jh Js") == [(Meld("5c 6c 7c"), Meld("Jc Jh Js"))]
    assert can_partition("5c 6c 7c Jc Jh Js")


def test_r13_regrouping_example_of_the_rules() -> None:
    # R13: table J♣ 7♣ 6♣; he takes 5♣ and lays down J♥ J♠.
    old_table = Meld("Jc 7c 6c")
    new_cards = [*old_table, Card.parse("5c"), *parse_cards("Jh Js")]
    assert partitions(new_cards) == [(Meld("5c 6c 7c"), Meld("Jc Jh Js"))]


def test_r6_every_split_is_listed_once_in_a_fixed_order() -> None:
    assert partitions("5c 6c 7c Jc Jh Js Jd") == [
        (Meld("5c 6c 7c Jc"), Meld("Jd Jh Js")),  # longest first meld first
        (Meld("5c 6c 7c"), Meld("Jc Jd Jh Js")),
    ]


def test_r6_cards_that_do_not_split() -> None:
    assert partitions("5c 6c 7c Jc Jh") == []
    assert not can_partition("5c 6c 7c Jc Jh")
    assert partitions("6c 7c Jc Jh Js Qc Kc") == []


def test_r6_no_cards_split_into_no_melds() -> None:
    assert partitions("") == [()]
    assert partitions([]) == [()]
    assert can_partition("")


def test_v4_partitions_follow_the_rules() -> None:
    whole_suit = " ".join(HEARTS)
    long_splits = {as_split(split) for split in partitions(whole_suit, rules=LONG)}
    classic_splits = {as_split(split) for split in partitions(whole_suit)}
    everything = frozenset({frozenset(parse_cards(whole_suit))})
    assert everything in long_splits
    assert everything not in classic_splits
    assert long_splits - classic_splits == {everything}
    assert not can_partition("Ah 2h 3h 4h", rules=Rules(max_sequence=3))
    assert can_partition("Ah 2h 3h 4h")


def test_partitions_accept_melds_and_cards() -> None:
    items: list[Card | Meld] = [Meld("5c 6c 7c"), *parse_cards("Jc Jh Js")]
    assert partitions(items) == [(Meld("5c 6c 7c"), Meld("Jc Jh Js"))]
    assert can_partition(items)


@pytest.mark.parametrize("text", ["5c 6c 7c 5c", "7h7h"])
def test_r6_a_card_given_twice_cannot_be_split(text: str) -> None:
    with pytest.raises(InvalidCardError, match="appears twice"):
        partitions(text)
    with pytest.raises(InvalidCardError, match="appears twice"):
        can_partition(text)


def test_r6_a_card_in_two_melds_cannot_be_split() -> None:
    with pytest.raises(InvalidCardError, match="7c appears twice"):
        partitions([Meld("5c 6c 7c"), Meld("7c 7d 7h")])


# --- Fitting a table (R14a) ---------------------------------------------------------------


def test_r14a_a_card_that_extends_a_sequence_fits() -> None:
    assert fits(Card.parse("5c"), "6c 7c Jc")
    assert fits(Card.parse("Qc"), "6c 7c Jc")
    assert not fits(Card.parse("5h"), "6c 7c Jc")
    assert not fits(Card.parse("Kc"), "6c 7c Jc")


def test_r14a_a_card_that_completes_a_group_fits() -> None:
    assert fits(Card.parse("Jd"), [Meld("5c 6c 7c"), Meld("Jc Jh Js")])
    assert fits(Card.parse("7s"), "Jc Jh Js 7c 7d 7h")
    assert not fits(Card.parse("Qd"), "Jc Jh Js 7c 7d 7h")


def test_r14a_a_card_that_fits_only_after_regrouping() -> None:
    # 7♣ needs 6♣ from the group: 3♣ 4♣ 5♣ 6♣ 7♣ and 6♦ 6♥ 6♠ (R13).
    assert fits(Card.parse("7c"), "3c 4c 5c 6c 6d 6h 6s")
    assert not fits(Card.parse("7c"), "3c 4c 5c 6c 6d 6h")


def test_r14a_no_card_fits_an_empty_table() -> None:
    assert not fits(Card.parse("7c"), [])


def test_r14a_v4_fits_follows_the_rules() -> None:
    assert fits(Card.parse("5c"), "Ac 2c 3c 4c")
    assert not fits(Card.parse("5c"), "Ac 2c 3c 4c", rules=Rules(max_sequence=4))


def test_r14a_v2_under_borrow_or_none_a_card_fits_only_as_the_melds_allow() -> None:
    # J♣ fits 4♣ 5♣ 6♣ and the four sevens only by regrouping them: 4♣ ... 7♣ J♣ and
    # 7♦ 7♥ 7♠ (R13). With no regrouping, or one card borrowed into a new meld, it does not
    # (V2); the engine does not let such a decline be forced either.
    table = [Meld("4c 5c 6c"), Meld("7c 7d 7h 7s")]
    assert fits(Card.parse("Jc"), table)
    assert not fits(Card.parse("Jc"), table, rules=Rules.parse("foster"))
    assert not fits(Card.parse("Jc"), table, rules=Rules.parse("classic,regrouping:none"))
    # A card that joins a meld as it is fits under every regrouping.
    for rules in ("classic", "foster", "classic,regrouping:none"):
        assert fits(Card.parse("3c"), table, rules=Rules.parse(rules))
    assert not fits(Card.parse("3c"), [], rules=Rules.parse("foster"))


def test_r14a_v2_under_borrow_or_none_the_table_is_given_as_melds() -> None:
    foster = Rules.parse("foster")
    for table in ("4c 5c 6c", [Card.parse("4c"), Card.parse("5c"), Card.parse("6c")]):
        with pytest.raises(ConquianError, match="give the table as Meld values"):
            fits(Card.parse("Jc"), table, rules=foster)
    # A meld too long for the rules is refused, with the reason (V4).
    long = Meld("Ac 2c 3c 4c 5c 6c 7c Jc Qc", rules=LONG)
    with pytest.raises(InvalidMeldError, match="the longest sequence is 8") as refused:
        fits(Card.parse("Kh"), [long], rules=Rules.parse("classic,regrouping:none"))
    assert refused.value.reason is MeldProblem.SEQUENCE_TOO_LONG
    assert fits(Card.parse("Kc"), iter([long]), rules=Rules.parse("foster"))


@pytest.mark.parametrize("regrouping", ["borrow", "none"])
@given(data=st.data())
def test_v2_fits_agrees_with_the_brute_force(regrouping: str, data: st.DataObject) -> None:
    rules = Rules.parse(f"classic,regrouping:{regrouping}")
    melds = data.draw(disjoint_melds(8, max_cards=10))
    table = [card for meld in melds for card in meld]
    card = data.draw(
        st.sampled_from([c for c in parse_cards("Ac Kc 7d Jh 2s 5h 6d Qs") if c not in table])
    )
    model: BFTable = frozenset(frozenset(meld) for meld in melds)
    expected = bruteforce.fits(card, table, rules=rules, melds=model)
    assert fits(card, [Meld(meld) for meld in melds], rules=rules) is expected


def test_r14a_a_card_already_on_the_table_is_an_error() -> None:
    with pytest.raises(InvalidCardError, match="7c is already on the table"):
        fits(Card.parse("7c"), "5c 6c 7c")


# --- Properties: the fast code against the brute force ----------------------------------


@given(meld_like_lists(), max_sequences())
def test_is_meld_agrees_with_the_brute_force(cards: list[Card], max_sequence: int) -> None:
    rules = Rules(max_sequence=max_sequence)
    expected = bruteforce.is_meld(cards, max_sequence)
    assert is_meld(cards, rules=rules) is expected
    assert (check_meld(cards, rules=rules) is None) is expected
    assert is_meld(format_cards(cards), rules=rules) is expected


@given(meld_like_lists(max_sequence=10), max_sequences())
def test_meld_raises_exactly_when_not_a_meld(cards: list[Card], max_sequence: int) -> None:
    rules = Rules(max_sequence=max_sequence)
    reason = check_meld(cards, rules=rules)
    if bruteforce.is_meld(cards, max_sequence):
        meld = Meld(cards, rules=rules)
        assert reason is None
        assert explain_meld(cards, rules=rules) is None
        assert set(meld.cards) == set(cards)
        assert len(meld) == len(cards)
        assert meld.cards == tuple(sorted(cards, key=deck_order))
        same_rank = len({card.rank for card in cards}) == 1
        assert meld.kind is (MeldKind.GROUP if same_rank else MeldKind.SEQUENCE)
    else:
        with pytest.raises(InvalidMeldError) as caught:
            Meld(cards, rules=rules)
        assert caught.value.reason is reason
        assert str(caught.value) == explain_meld(cards, rules=rules)
        assert caught.value.cards == tuple(cards)
        assert format_cards(cards) in str(caught.value)


@given(meld_like_lists(max_sequence=10), max_sequences())
def test_the_reason_is_true_of_the_cards(cards: list[Card], max_sequence: int) -> None:
    """Each MeldProblem says something true about the cards (R1, R2, R4, R5)."""
    reason = check_meld(cards, rules=Rules(max_sequence=max_sequence))
    repeated = len(set(cards)) != len(cards)
    ranks = [card.rank for card in cards]
    one_suit = len({card.suit for card in cards}) == 1
    if reason is None or reason is MeldProblem.DUPLICATE_CARD:
        assert (reason is MeldProblem.DUPLICATE_CARD) is repeated
        return
    assert not repeated
    if reason is MeldProblem.TOO_FEW_CARDS:
        assert len(cards) < 3
        return
    assert len(cards) >= 3
    if reason is MeldProblem.TOO_MANY_CARDS:
        assert len(cards) > max(4, max_sequence)
        assert not one_suit
    elif reason is MeldProblem.MIXED_RANKS_AND_SUITS:
        assert not one_suit
        assert len(set(ranks)) > 1
    elif reason is MeldProblem.SEQUENCE_TOO_LONG:
        assert one_suit
        assert linearly_consecutive(ranks)
        assert len(cards) > max_sequence
    elif reason is MeldProblem.WRAPS_AROUND:
        assert one_suit
        assert cyclically_consecutive(ranks)
        assert not linearly_consecutive(ranks)
    else:
        assert reason is MeldProblem.GAP
        assert one_suit
        assert not cyclically_consecutive(ranks)


@given(st.one_of(meld_built_sets(), meld_built_sets(max_extra=0), card_sets()), max_sequences())
def test_partitions_agree_with_the_brute_force(cards: list[Card], max_sequence: int) -> None:
    rules = Rules(max_sequence=max_sequence)
    found = partitions(cards, rules=rules)
    splits = [as_split(split) for split in found]
    expected = bruteforce.splits(cards, max_sequence)
    assert len(set(splits)) == len(splits), "a split is listed twice"
    assert set(splits) == set(expected)
    assert can_partition(cards, rules=rules) is bool(expected)
    assert partitions(cards, rules=rules) == found  # deterministic
    assert partitions(list(reversed(cards)), rules=rules) == found  # order of input ignored
    for split in found:
        lowest = [min(meld.cards) for meld in split]
        assert lowest == sorted(lowest)  # melds in a split by their lowest card
    first_lengths = [len(split[0]) for split in found if split]
    assert first_lengths == sorted(first_lengths, reverse=True)  # longest first meld first


@pytest.mark.parametrize("max_sequence", [8, 10])
@given(data=st.data())
def test_r6_separate_melds_always_split(max_sequence: int, data: st.DataObject) -> None:
    rules = Rules(max_sequence=max_sequence)
    melds = data.draw(disjoint_melds(max_sequence))
    cards = [card for meld in melds for card in meld]
    found = partitions(cards, rules=rules)
    assert frozenset(frozenset(meld) for meld in melds) in {as_split(split) for split in found}
    assert can_partition(cards, rules=rules)
    assert can_partition([Meld(meld, rules=rules) for meld in melds], rules=rules)


@given(table_and_card(), max_sequences())
def test_fits_agrees_with_the_brute_force(table_card: tuple[list[Card], Card], ms: int) -> None:
    table, card = table_card
    rules = Rules(max_sequence=ms)
    assert fits(card, table, rules=rules) is bruteforce.fits(card, table, ms)
    assert fits(card, format_cards(table), rules=rules) is bruteforce.fits(card, table, ms)


# --- Properties: text forms round-trip --------------------------------------------------


@given(meld_cards(max_sequence=10), st.sampled_from(STYLES))
def test_meld_text_forms_round_trip(cards: list[Card], style: str) -> None:
    rules = CLASSIC if len(cards) <= 8 else LONG
    meld = Meld(cards, rules=rules)
    assert Meld.parse(str(meld), rules=rules) == meld
    assert Meld.parse(meld.pretty(), rules=rules) == meld
    assert Meld(format_cards(cards, style=style), rules=rules) == meld
    ordered = sorted(cards, key=deck_order)
    assert str(meld) == format_cards(ordered, style="compact")
    assert meld.pretty() == format_cards(ordered, style="pretty")
    assert parse_cards(str(meld)) == meld.cards


def test_from_mask_refuses_a_mask_that_is_no_meld() -> None:
    """Meld.from_mask is a fast path, not a back door: R4/R5 still hold."""
    assert Meld.from_mask(Meld("7c 7d 7h").mask) == Meld("7c 7d 7h")
    bad = sum(1 << card.index for card in parse_cards("5c 6c 6d"))
    with pytest.raises(InvalidMeldError) as raised:
        Meld.from_mask(bad)
    assert raised.value.reason is MeldProblem.MIXED_RANKS_AND_SUITS
    with pytest.raises(InvalidMeldError, match="not a mask of cards"):
        Meld.from_mask(1 << 45)


def test_r4_r5_the_quick_meld_of_three_test_agrees_with_the_brute_force_on_every_pair() -> None:
    """The hot paths' quick reject (``_bits.in_meld_of_three``, a table look-up): a card
    and a set make a meld of three exactly when two cards of the set do, so each card
    with every pair of other cards, and with none, covers it."""
    for card in DECK:
        assert not in_meld_of_three(card.index, 0)
        others = [other for other in DECK if other != card]
        for a, b in combinations(others, 2):
            expected = bruteforce.is_meld([card, a, b])
            assert in_meld_of_three(card.index, 1 << a.index | 1 << b.index) is expected


@given(card_sets(), st.sampled_from(DECK))
def test_r4_r5_the_quick_meld_of_three_test_on_any_set(cards: list[Card], card: Card) -> None:
    others = [other for other in cards if other != card]
    expected = any(bruteforce.is_meld([card, a, b]) for a, b in combinations(others, 2))
    assert in_meld_of_three(card.index, mask_of(others)) is expected


@given(st.data(), max_sequences())
def test_r12_r13_the_take_search_lists_exactly_the_hand_cards_that_split_with_the_card(
    data: st.DataObject, max_sequence: int
) -> None:
    """The take search of the legal moves (``MeldTable.takes``, which starts from the
    offered card) lists each set of hand cards whose addition with the card leaves the
    table splitting into melds (R12, R13), once, in increasing order: what trying every
    subset of the hand finds, and what the general search (``extensions``) finds. The
    hand is drawn mostly from cards of the ranks and suits on the table, where
    regrouping happens."""
    melds = data.draw(disjoint_melds(max_sequence, max_cards=9))
    table = [card for meld in melds for card in meld]  # a table splits (R13)
    offer = data.draw(cards().filter(lambda card: card not in table))
    near = [
        card
        for card in DECK
        if card not in table
        and card != offer
        and any(card.rank == other.rank or card.suit == other.suit for other in [*table, offer])
    ]
    hand = data.draw(st.lists(st.sampled_from(near), max_size=7, unique=True))
    ms = max_sequence
    expected = sorted(
        mask_of(laid)
        for size in range(len(hand) + 1)
        for laid in combinations(hand, size)
        if bruteforce.can_split([*table, offer, *laid], ms)
    )
    search = _bits.meld_table(ms)
    assert search.takes(mask_of(table), offer.index, mask_of(hand)) == expected
    # Asked again: the same (from the memo, where three hand cards or more are usable).
    assert search.takes(mask_of(table), offer.index, mask_of(hand)) == expected
    assert search.extensions(mask_of(table) | 1 << offer.index, mask_of(hand)) == expected
