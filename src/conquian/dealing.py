"""Dealing: seeds, the deterministic shuffle, the deck order a game is dealt from, and
the position the deal gives (R8, R10, V7, V8, M2).

The shuffle is SplitMix64 with a Fisher–Yates pass (see :doc:`/embedding`), so a seed
gives the same deck on every machine and Python version.

>>> from conquian import deal_order
>>> deal_order(1)[:3]
(Card.parse('2d'), Card.parse('3c'), Card.parse('7d'))
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from conquian import _bits
from conquian._position import NO_CARD, Position, first_offer
from conquian._rng import SplitMix64
from conquian.cards import DECK, Card, format_cards, parse_cards
from conquian.errors import (
    ConquianError,
    InvalidCardError,
    bounded_items,
    describe,
    player_range,
)
from conquian.phases import (
    PHASE_EXCHANGE,
    PHASE_OFFER,
    REGROUPING_FREE,
    first_giver,
    next_player,
)
from conquian.rules import Rules, check_rules

__all__ = [
    "MAX_SEED",
    "check_seed",
    "deal_order",
    "deal_position",
    "deck_indices",
    "shuffled_indices",
]

MAX_SEED: Final = (1 << 64) - 1
"""The largest deal seed (seeds are whole numbers from 0 to 2**64 - 1)."""
_INDICES: Final = tuple(range(len(DECK)))
_BIT: Final = tuple(1 << i for i in range(len(DECK)))


def check_seed(seed: object, what: str = "a seed") -> int:
    """``seed`` if it is a deal seed (a whole number from 0 to :data:`MAX_SEED`).

    The one seed check of the package (states, game and match records, the CLI).

    Args:
        seed: The value to check.
        what: What the seed is, for the message ("a match seed").

    Returns:
        The seed.

    Raises:
        ConquianError: ``seed`` is not a whole number in range.

    >>> from conquian.dealing import check_seed
    >>> check_seed(7)
    7
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConquianError(f"{what} is a whole number from 0 to 2**64 - 1, not {describe(seed)}")
    return seed


def shuffled_indices(seed: int) -> list[int]:
    """The card indices of :func:`~conquian.state.deal_order`, top of the pack first
    (``seed`` checked)."""
    return SplitMix64(seed).shuffled(_INDICES)


def deal_order(seed: int) -> tuple[Card, ...]:
    """The 40 cards in the order dealt from ``seed``, top of the pack first.

    Args:
        seed: A whole number from 0 to 2**64 - 1.

    Raises:
        ConquianError: The seed is out of range.

    >>> deal_order(1)[:3]
    (Card.parse('2d'), Card.parse('3c'), Card.parse('7d'))
    """
    return tuple(DECK[i] for i in shuffled_indices(check_seed(seed)))


def deck_indices(deck: Sequence[Card] | str) -> tuple[int, ...]:
    """The card indices of an explicit deck order, top of the pack first, checked.

    Raises:
        InvalidCardError: The deck is not the 40 cards, each exactly once (a deck of more
            is refused before it is read through).
        TypeError: ``deck`` is not text or a sequence of cards.

    >>> from conquian.dealing import deal_order, deck_indices
    >>> deck_indices(deal_order(1))[:3]
    (11, 2, 16)
    """
    if isinstance(deck, str):
        cards = parse_cards(deck)
    else:
        cards = bounded_items(deck, "deck", "text or a sequence of 40 Card values", 40)
    if any(not isinstance(card, Card) for card in cards):
        raise InvalidCardError("a deck holds Card values only", token=describe(deck))
    if len(set(cards)) != len(cards) or len(cards) != len(DECK):
        missing = sorted(set(DECK) - set(cards))
        raise InvalidCardError(
            "a deck is the 40 cards, each once; got "
            + (f"{len(cards)} cards" if len(cards) <= 40 else "more than 40 cards")
            + (f", missing {format_cards(missing)}" if missing else ""),
            token=str(len(cards)),
        )
    return tuple(card.index for card in cards)


def deal_position(order: tuple[int, ...], rules: Rules, dealer: int) -> Position:
    """The position (see ``conquian._position``) dealt by ``dealer`` from the card indices
    ``order``, top of the pack first: the hands, the stock and the first offer.

    Raises:
        TypeError: ``dealer`` is not an int, or ``rules`` is not a Rules.
        ConquianError: The dealer is not a player of the rules (0 to ``players - 1``).
    """
    check_rules(rules)
    players = rules.players
    if dealer.__class__ is not int:
        raise TypeError(f"dealer must be {player_range(players)} (an int), not {describe(dealer)}")
    if not 0 <= dealer < players:
        raise ConquianError(
            f"the dealer is player {player_range(players)}, not {describe(dealer)}"
        )
    starter = next_player(dealer, players)
    # R8, M2: one card at a time (V7: or two), starting with the player after the dealer
    # and going round in seat order.
    batch = rules.deal_batch
    stock_pos = players * rules.hand_size
    hands = [0] * players
    if batch == 1 and players == 2 and stock_pos > 2:
        # itemgetter reads a hand's bits in one call (6,300 instructions fewer a deal than
        # map over _BIT.__getitem__, which Python calls through a wrapper); of one index it
        # gives the bit, not a tuple, so hands of one card take the loop.
        hands[starter] = sum(itemgetter(*order[0:stock_pos:2])(_BIT))
        hands[dealer] = sum(itemgetter(*order[1:stock_pos:2])(_BIT))
    else:
        for i in range(stock_pos):
            hands[(starter + i // batch) % players] |= _BIT[order[i]]
    arrangements = None if rules.regrouping is REGROUPING_FREE else ((),) * players
    if rules.exchange:
        # M10: the opening exchange comes first, the player after the dealer choosing
        # first; no card is turned up until every player has chosen (no card set aside
        # yet: the GIVEN field is 0).
        return (
            rules, dealer, order[stock_pos:], tuple(hands), (0,) * players, (), NO_CARD,
            None, 0, PHASE_EXCHANGE, first_giver(dealer, players), 0, None, arrangements,
            _bits.meld_table(rules.max_sequence),
        )  # fmt: skip
    # R10: the player after the dealer turns the top stock card; it is offered to him. V8:
    # the dealer turns it, and it is offered to the player after him (M2, M4).
    origin, turner = first_offer(rules, dealer)
    return (
        rules, dealer, order[stock_pos + 1 :], tuple(hands), (0,) * players, (),
        order[stock_pos], origin, turner, PHASE_OFFER, starter, 0, None, arrangements,
        _bits.meld_table(rules.max_sequence),
    )  # fmt: skip
