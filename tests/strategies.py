"""Shared Hypothesis strategies: cards, card lists and sets, melds and meld-built sets.

Cards are built from :class:`Rank` and :class:`Suit` here (not taken from ``DECK``), and
melds from the play order of :mod:`bruteforce`, so the strategies do not lean on the code
they test.
"""

from __future__ import annotations

from hypothesis import strategies as st

from bruteforce import PLAY_ORDER, SUIT_ORDER
from conquian import Card

__all__ = [
    "ALL_CARDS",
    "STYLES",
    "card_lists",
    "card_sets",
    "cards",
    "disjoint_melds",
    "groups",
    "max_sequences",
    "meld_built_sets",
    "meld_cards",
    "meld_like_lists",
    "near_melds",
    "one_suit_sets",
    "sequences",
    "table_and_card",
]

ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in PLAY_ORDER)
"""The 40 cards, built independently of ``conquian.DECK``."""

STYLES: tuple[str, ...] = ("short", "compact", "pretty", "spanish")
"""Every style of :func:`conquian.format_cards`."""


def cards() -> st.SearchStrategy[Card]:
    """Any one card."""
    return st.sampled_from(ALL_CARDS)


def card_lists(min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[list[Card]]:
    """Lists of cards in any order, where a card may appear more than once."""
    return st.lists(cards(), min_size=min_size, max_size=max_size)


def card_sets(min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[list[Card]]:
    """Lists of distinct cards in any order (``card_sets(k, k)``: exactly ``k`` cards)."""
    return st.lists(cards(), min_size=min_size, max_size=max_size, unique=True)


def max_sequences() -> st.SearchStrategy[int]:
    """A longest-sequence setting (V4): mostly classic 8 and 10, sometimes any of 3–10."""
    return st.one_of(st.sampled_from([8, 10]), st.integers(min_value=3, max_value=10))


@st.composite
def groups(draw: st.DrawFn) -> list[Card]:
    """A valid group (R4): 3 or 4 cards of one rank, in any order."""
    rank = draw(st.sampled_from(PLAY_ORDER))
    suits = draw(st.lists(st.sampled_from(SUIT_ORDER), min_size=3, max_size=4, unique=True))
    return [Card(rank, suit) for suit in suits]


@st.composite
def sequences(draw: st.DrawFn, max_sequence: int = 8, min_length: int = 3) -> list[Card]:
    """A valid sequence (R5) of ``min_length`` to ``max_sequence`` cards, in any order."""
    suit = draw(st.sampled_from(SUIT_ORDER))
    length = draw(st.integers(min_value=min_length, max_value=max_sequence))
    start = draw(st.integers(min_value=0, max_value=len(PLAY_ORDER) - length))
    run = [Card(rank, suit) for rank in PLAY_ORDER[start : start + length]]
    return draw(st.permutations(run))


def meld_cards(max_sequence: int = 8) -> st.SearchStrategy[list[Card]]:
    """The cards of one valid meld, a group or a sequence, in any order."""
    return st.one_of(groups(), sequences(max_sequence))


@st.composite
def one_suit_sets(draw: st.DrawFn) -> list[Card]:
    """0 to 10 distinct cards of one suit: runs, gaps, wraps and too-long sequences."""
    suit = draw(st.sampled_from(SUIT_ORDER))
    ranks = draw(st.lists(st.sampled_from(PLAY_ORDER), max_size=10, unique=True))
    return [Card(rank, suit) for rank in ranks]


@st.composite
def near_melds(draw: st.DrawFn, max_sequence: int = 8) -> list[Card]:
    """A meld after one small change: a card dropped, added, replaced or repeated."""
    meld = draw(meld_cards(max_sequence))
    change = draw(st.sampled_from(["drop", "add", "replace", "repeat", "none"]))
    if change == "drop":
        del meld[draw(st.integers(min_value=0, max_value=len(meld) - 1))]
    elif change == "add":
        meld.insert(draw(st.integers(min_value=0, max_value=len(meld))), draw(cards()))
    elif change == "replace":
        meld[draw(st.integers(min_value=0, max_value=len(meld) - 1))] = draw(cards())
    elif change == "repeat":
        meld.append(draw(st.sampled_from(meld)))
    return meld


def meld_like_lists(max_sequence: int = 8) -> st.SearchStrategy[list[Card]]:
    """Card lists (0–11 cards, repeats allowed) that are melds or close to being melds."""
    return st.one_of(
        card_lists(max_size=11),
        meld_cards(max_sequence),
        near_melds(max_sequence),
        one_suit_sets(),
    )


@st.composite
def disjoint_melds(
    draw: st.DrawFn, max_sequence: int = 8, max_cards: int = 11
) -> list[list[Card]]:
    """Separate valid melds holding at most ``max_cards`` cards in all."""
    chosen: list[list[Card]] = []
    used: set[Card] = set()
    for meld in draw(st.lists(meld_cards(max_sequence), max_size=4)):
        if used.isdisjoint(meld) and len(used) + len(meld) <= max_cards:
            chosen.append(meld)
            used.update(meld)
    return chosen


@st.composite
def meld_built_sets(
    draw: st.DrawFn, max_sequence: int = 8, max_cards: int = 11, max_extra: int = 2
) -> list[Card]:
    """Distinct cards made of separate melds plus up to ``max_extra`` random cards.

    With no extra card such a set always splits into melds (R6); the extra cards make
    sets that often split in several ways, or in none.
    """
    melds = draw(disjoint_melds(max_sequence, max_cards))
    result = [card for meld in melds for card in meld]
    extra = draw(st.lists(cards(), max_size=max_extra, unique=True))
    result.extend(card for card in extra if card not in result)
    return draw(st.permutations(result[:max_cards]))


@st.composite
def table_and_card(draw: st.DrawFn, max_sequence: int = 8) -> tuple[list[Card], Card]:
    """A table of distinct cards (at most 10) and one card not on it, for R14a.

    A third of the time the table and card together are separate melds (so the card
    fits), a third of the time nearly so, and otherwise the table is random.
    """
    kind = draw(st.sampled_from(["melds", "near", "random"]))
    if kind == "random":
        table = draw(card_sets(max_size=10))
        return table, draw(cards().filter(lambda card: card not in table))
    extra = 0 if kind == "melds" else 1
    pool = draw(meld_built_sets(max_sequence, max_cards=11, max_extra=extra).filter(bool))
    index = draw(st.integers(min_value=0, max_value=len(pool) - 1))
    return pool[:index] + pool[index + 1 :], pool[index]
