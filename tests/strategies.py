"""Shared Hypothesis strategies: cards, card lists and sets, melds and meld-built sets;
played games and their records; JSON values and mutations of JSON records.

Cards are built from :class:`Rank` and :class:`Suit` here (not taken from ``DECK``), and
melds from the play order of :mod:`bruteforce`, so the strategies do not lean on the code
they test. Games are played by the engine (they are positions that can occur), with moves
chosen by :func:`helpers.steered_choice`.
"""

from __future__ import annotations

import copy
import random
import re
from typing import TypeAlias

from hypothesis import strategies as st

from bruteforce import PLAY_ORDER, SUIT_ORDER
from conquian import Card, Forcing, Game, Regrouping, Rules, find_rules
from conquian.dealing import MAX_SEED
from helpers import MAX_MOVES, steered_choice

__all__ = [
    "ALL_CARDS",
    "JSON",
    "RULE_SETS",
    "STYLES",
    "card_lists",
    "card_sets",
    "cards",
    "disjoint_melds",
    "groups",
    "json_values",
    "max_sequences",
    "meld_built_sets",
    "meld_cards",
    "meld_like_lists",
    "mutations",
    "near_melds",
    "one_suit_sets",
    "played_games",
    "rule_sets",
    "sequences",
    "table_and_card",
]

ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in PLAY_ORDER)
"""The 40 cards, built independently of ``conquian.DECK``."""

STYLES: tuple[str, ...] = ("short", "compact", "pretty", "spanish", "numbers", "spanish-numbers")
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


# ---------------------------------------------------------------- games and records

RULE_SETS: tuple[Rules, ...] = (
    Rules(),
    Rules(max_sequence=10),
    Rules(forcing=Forcing.OFF),
    Rules(forcing=Forcing.DISCARDS_ONLY),
    Rules(hand_size=7),
    find_rules("foster"),
    Rules(regrouping=Regrouping.NONE),
    Rules(initial_upcard=True),
    find_rules("bicycle"),
    Rules(meld_from_hand=True, initial_upcard=True, regrouping=Regrouping.NONE),
    Rules(exchange=True, initial_upcard=True, forcing=Forcing.DISCARDS_ONLY),
)
"""The classic rules, one rule set for each of V1, V4 and R8, the Foster preset (V2
borrow, V7), V2 none and V8 alone, the Bicycle preset (V3), V3 with V8 and V2 none, and
the opening exchange (M10) with V8 and V1 discards only."""


def rule_sets() -> st.SearchStrategy[Rules]:
    """One of :data:`RULE_SETS`."""
    return st.sampled_from(RULE_SETS)


@st.composite
def played_games(draw: st.DrawFn, *, finished: bool | None = None) -> Game:
    """A game dealt from a random seed under one of :data:`RULE_SETS`, random moves played.

    Args:
        finished: ``True`` plays to the end, ``False`` stops at a random ply (sometimes
            the end), ``None`` chooses either.
    """
    rules = draw(rule_sets())
    game = Game.new(
        draw(st.integers(min_value=0, max_value=MAX_SEED)),
        rules=rules,
        dealer=draw(st.sampled_from([0, 1])),
    )
    if finished is None:
        finished = draw(st.booleans())
    stop = MAX_MOVES if finished else draw(st.integers(min_value=0, max_value=MAX_MOVES))
    greed = draw(st.sampled_from([0.0, 0.5, 0.9]))
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    while not game.is_over and game.ply < stop:
        game.play(steered_choice(rng, game.legal_moves(), greed))
    return game


JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
"""A value as :func:`json.loads` returns it."""


def json_values(max_leaves: int = 12) -> st.SearchStrategy[JSON]:
    """Any JSON value: null, booleans, numbers (NaN and infinities too), text, lists and
    objects, nested."""
    scalars: st.SearchStrategy[JSON] = st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20)
    )
    return st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=4),
            st.dictionaries(st.text(max_size=10), children, max_size=4),
        ),
        max_leaves=max_leaves,
    )


RECORD_KEYS: tuple[str, ...] = (
    "format",
    "version",
    "library",
    "rules",
    "seed",
    "dealer",
    "deck",
    "moves",
    "result",
    "players",
    "hand_size",
    "max_sequence",
    "forcing",
    "kind",
    "winner",
)
"""Field names of a game record, its rules and its result (a mutation may use any)."""

MOVE_WORDS: tuple[str, ...] = (
    "decline",
    "force",
    "release",
    "take -Kd",
    "take +6h -Kd",
    "take +JhJs out",
    "take -3d [5c6c7c JcJhJs]",
)
"""Move texts for insertion into a record's moves: well-formed, rarely legal there."""

_CARD_TOKEN = re.compile(r"[A2-7JQK][cdhs]")
_TEXT_NOISE = 'AcdhsJQK1234567 +-[].:,="\\\u00b2\u0663\u2665\x00'

_Site: TypeAlias = "list[JSON] | dict[str, JSON]"


def _sites(value: JSON) -> list[_Site]:
    """Every list and object inside ``value``, ``value`` itself first."""
    found: list[_Site] = []
    stack: list[JSON] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            found.append(item)
            stack.extend(item)
        elif isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
    return found


def _altered(draw: st.DrawFn, value: JSON) -> JSON:
    """``value`` changed a little (a number nudged, a card or character of text changed)
    or replaced by another JSON value."""
    kind = draw(st.sampled_from(["near", "near", "any"]))
    if kind == "any":
        return draw(json_values(max_leaves=4))
    if isinstance(value, bool) or value is None:
        return draw(st.sampled_from([None, True, False, 0, 1, "", []]))
    if isinstance(value, int | float):
        return value + draw(st.sampled_from([-1, 1, 2, 0.5, 2**64, -(2**64)]))
    if isinstance(value, str):
        return _altered_text(draw, value)
    return draw(json_values(max_leaves=4))


def _altered_text(draw: st.DrawFn, text: str) -> str:
    cards = list(_CARD_TOKEN.finditer(text))
    how = draw(st.sampled_from(["card", "swap", "char", "cut"]))
    if how == "card" and cards:
        match = draw(st.sampled_from(cards))
        card = str(draw(st.sampled_from(ALL_CARDS)))
        return text[: match.start()] + card + text[match.end() :]
    if how == "swap" and len(cards) >= 2:
        first, second = sorted(
            draw(st.lists(st.sampled_from(cards), min_size=2, max_size=2)),
            key=lambda match: match.start(),
        )
        return (
            text[: first.start()]
            + second.group()
            + text[first.end() : second.start()]
            + first.group()
            + text[second.end() :]
        )
    if how == "cut" and text:
        return text[: draw(st.integers(min_value=0, max_value=len(text) - 1))]
    at = draw(st.integers(min_value=0, max_value=len(text)))
    noise = draw(st.sampled_from(_TEXT_NOISE))
    drop = draw(st.integers(min_value=0, max_value=1))
    return text[:at] + noise + text[at + drop :]


def _mutate_once(draw: st.DrawFn, data: JSON) -> None:
    """One change, in place, somewhere inside ``data`` (which must hold a list or object)."""
    site = draw(st.sampled_from(_sites(data)))
    how = draw(st.sampled_from(["drop", "swap", "duplicate", "alter", "alter", "add"]))
    if isinstance(site, dict):
        keys = sorted(site)
        if not keys or how == "add":
            key = draw(st.one_of(st.sampled_from(RECORD_KEYS), st.text(max_size=8)))
            site[key] = draw(json_values(max_leaves=4))
            return
        key = draw(st.sampled_from(keys))
        if how == "drop":
            del site[key]
        elif how == "swap":
            other = draw(st.sampled_from(keys))
            site[key], site[other] = site[other], site[key]
        elif how == "duplicate":
            target = draw(st.one_of(st.sampled_from(RECORD_KEYS), st.sampled_from(keys)))
            site[target] = copy.deepcopy(site[key])
        else:
            site[key] = _altered(draw, site[key])
        return
    if not site or how == "add":
        at = draw(st.integers(min_value=0, max_value=len(site)))
        site.insert(at, draw(st.one_of(st.sampled_from(MOVE_WORDS), json_values(max_leaves=2))))
        return
    index = draw(st.integers(min_value=0, max_value=len(site) - 1))
    if how == "drop":
        del site[index]
    elif how == "swap":
        place = draw(st.integers(min_value=0, max_value=len(site) - 1))
        site[index], site[place] = site[place], site[index]
    elif how == "duplicate":
        site.insert(index, copy.deepcopy(site[index]))
    else:
        site[index] = _altered(draw, site[index])


@st.composite
def mutations(draw: st.DrawFn, record: dict[str, JSON]) -> dict[str, JSON]:
    """A JSON game record after one to three random changes: fields and moves dropped,
    swapped, duplicated, added or altered, anywhere in the record (``record`` itself is
    not changed). The result may still be a valid record."""
    data = copy.deepcopy(record)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        _mutate_once(draw, data)
    return data
