"""The brute-force model of :mod:`bruteforce` on its own, with three players (issue 31):
hand-made situations for each Mexican rule it follows (M2, M4, M5, M6 cases a and b under
each V1 mode, M7, M8), and random three-player games it plays to the end with all 40
cards accounted for at every step.

The model is the referee the engine is held to, so these tests check it against the
rules text (``docs/rules.rst``, M1-M8), never against the engine. The player count and
``stock_out`` go to :func:`bruteforce.deal` as keywords, and positions are built as
plain :class:`bruteforce.Position` values, so nothing here needs the engine's three-player
:class:`Rules`.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from bruteforce import (
    DECLINE_BF,
    FORCE_BF,
    PLAY_ORDER,
    RELEASE_BF,
    STOCK_OUT_DRAW,
    STOCK_OUT_FEWEST,
    SUIT_ORDER,
    BFMove,
    Position,
    can_split,
    deal,
    legal,
    offer_round,
    play,
)
from conquian import Card, Forcing, OfferOrigin, Phase, Regrouping, Rules, parse_cards
from helpers import forcing_choice, scaled

DECLINE, FORCE, RELEASE = DECLINE_BF, FORCE_BF, RELEASE_BF

EVERY_CARD = [Card(rank, suit) for suit in SUIT_ORDER for rank in PLAY_ORDER]

STOCK = OfferOrigin.STOCK
DISCARD = OfferOrigin.DISCARD
UPCARD = OfferOrigin.UPCARD


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


def seated(
    *,
    hands: Sequence[str],
    tables: Sequence[str],
    offer: str,
    origin: OfferOrigin,
    offered_by: int,
    to_move: int,
    stock: str = "",
    phase: Phase = Phase.OFFER,
    forcing: Forcing = Forcing.DECLINED,
    stock_out: str = STOCK_OUT_DRAW,
) -> Position:
    """A position of the model, seat by seat (M1), under free regrouping: every card not
    named is dead, so all 40 are accounted for."""
    named = [card for text in (*hands, *tables, offer, stock) for card in parse_cards(text)]
    assert len(set(named)) == len(named), "a card is named twice"
    return Position(
        rules=Rules(hand_size=8, forcing=forcing),
        hands=tuple(cards(hand) for hand in hands),
        tables=tuple(cards(table) for table in tables),
        stock=parse_cards(stock),
        dead=tuple(card for card in EVERY_CARD if card not in named),
        offer=Card.parse(offer),
        origin=origin,
        offered_by=offered_by,
        phase=phase,
        to_move=to_move,
        players=len(hands),
        stock_out=stock_out,
    )


def take(laid: str, discard: str | None) -> BFMove:
    return ("take", cards(laid), None if discard is None else Card.parse(discard), None)


def accounted(position: Position) -> None:
    """All 40 cards are in exactly one place: a hand, a table, the stock, the dead pile or
    the offer; every table splits into melds (R6); between moves each player holds
    ``hand_size`` cards in hand and on his table (R14), one more when he has gone out."""
    places = [*position.hands, *position.tables, position.stock, position.dead]
    if position.offer is not None:
        places.append((position.offer,))
    every = [card for place in places for card in place]
    assert len(every) == 40
    assert set(every) == set(EVERY_CARD)
    size = position.rules.hand_size
    for seat in range(position.players):
        table = position.tables[seat]
        assert can_split(table, position.rules.max_sequence)
        out = position.winner == seat and not position.fewest
        assert len(position.hands[seat]) + len(table) == size + out


# The tables of the hand-made positions: Kc fits seat 0's table only, 4h seat 1's only, 4c
# seat 2's only (R14a), and 6s fits no table. No hand holds a card that melds with them.
TABLES = ("Kd Kh Ks", "5h 6h 7h", "Ac 2c 3c")
HANDS = ("2d 7c Jd Qs Jc", "2s 5d Qd Jh 6c", "Ad 5s 7d Qc 3h")
FITS_0, FITS_1, FITS_2, FITS_NONE = "Kc", "4h", "4c", "6s"
STOCK_TOP = "3s 4d"


def at(
    offer: str,
    origin: OfferOrigin,
    offered_by: int,
    to_move: int,
    forcing: Forcing = Forcing.DECLINED,
    stock: str = STOCK_TOP,
) -> Position:
    return seated(
        hands=HANDS,
        tables=TABLES,
        offer=offer,
        origin=origin,
        offered_by=offered_by,
        to_move=to_move,
        forcing=forcing,
        stock=stock,
    )


def turned(position: Position, turner: int, card: str = "3s") -> None:
    """M5: the card died, and ``turner`` turned up ``card``, now offered to him."""
    assert position.phase is Phase.OFFER
    assert position.offer == Card.parse(card)
    assert position.origin is STOCK
    assert position.offered_by == turner
    assert position.to_move == turner


# ====================================================================== M2: the deal


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_m2_one_card_at_a_time_from_the_player_after_the_dealer(dealer: int) -> None:
    """M2: one card at a time round the table from the player after the dealer; the rest
    is the stock; R10: the player after the dealer turns its top card, offered to him."""
    rules = Rules(hand_size=8)
    position = deal(EVERY_CARD, rules, dealer, players=3)
    starter = (dealer + 1) % 3
    for step in range(3):
        seat = (starter + step) % 3
        assert position.hands[seat] == frozenset(EVERY_CARD[step:24:3])
    assert position.tables == (frozenset(),) * 3
    assert position.offer == EVERY_CARD[24]
    assert position.stock == tuple(EVERY_CARD[25:])  # 40 - 3 * 8 - 1 = 15 cards
    assert (position.origin, position.offered_by, position.to_move) == (STOCK, starter, starter)
    accounted(position)


def test_m2_two_at_a_time_and_the_dealers_upcard() -> None:
    """M2 with V7 (two at a time: 1st-2nd to the player after the dealer, 3rd-4th to the
    next, ...) and V8 (the dealer turns the first stock card; the player after him is
    offered it first, M4)."""
    rules = Rules(hand_size=8, deal_batch=2, initial_upcard=True)
    position = deal(EVERY_CARD, rules, 1, players=3)
    packets = [EVERY_CARD[start : start + 2] for start in range(0, 24, 2)]
    for step, seat in enumerate((2, 0, 1)):
        assert position.hands[seat] == frozenset(
            card for packet in packets[step::3] for card in packet
        )
    assert position.offer == EVERY_CARD[24]
    assert (position.origin, position.offered_by, position.to_move) == (UPCARD, 1, 2)
    accounted(position)


def test_m2_thirteen_cards_each_leave_one_stock_card() -> None:
    """M2: 40 - 3 * 13 = 1, the card turned up first; the stock is then empty."""
    position = deal(EVERY_CARD, Rules(hand_size=13), 0, players=3)
    assert [len(hand) for hand in position.hands] == [13, 13, 13]
    assert position.offer == EVERY_CARD[39]
    assert position.stock == ()
    accounted(position)


def test_m2_with_two_players_is_r8() -> None:
    """M1: with two players the deal is R8's: non-dealer first, alternately."""
    position = deal(EVERY_CARD, Rules(), 0)
    assert position.players == 2
    assert position.hands == (frozenset(EVERY_CARD[1:20:2]), frozenset(EVERY_CARD[0:20:2]))
    assert (position.offer, position.offered_by, position.to_move) == (EVERY_CARD[20], 1, 1)


# ====================================================================== M10: the exchange


@pytest.mark.parametrize(("players", "upcard"), [(2, False), (3, False), (3, True)])
def test_m10_the_model_exchanges_one_card_each_then_turns_the_first_card(
    players: int, upcard: bool
) -> None:
    """M10: after the deal each player from the player after the dealer chooses a card of
    his hand; nothing changes hands until the dealer, the last, has chosen; then each
    card goes to the next player, and the first card is turned up as without the
    exchange (R10, V8)."""
    rules = Rules(hand_size=8, exchange=True, initial_upcard=upcard)
    dealer = players - 1
    position = deal(EVERY_CARD, rules, dealer, players=players)
    plain = deal(EVERY_CARD, Rules(hand_size=8, initial_upcard=upcard), dealer, players=players)
    assert position.phase is Phase.EXCHANGE
    assert position.offer is None
    assert position.stock == (plain.offer, *plain.stock)
    dealt = position.hands
    chosen = {}
    for step in range(players):
        seat = (dealer + 1 + step) % players
        assert position.to_move == seat
        assert legal(position) == {("give", frozenset(), card, None) for card in dealt[seat]}
        chosen[seat] = min(dealt[seat], key=EVERY_CARD.index)
        position = play(position, ("give", frozenset(), chosen[seat], None))
        if step < players - 1:
            assert position.hands == dealt
            assert position.phase is Phase.EXCHANGE
    for seat in range(players):
        before = (seat - 1) % players
        assert position.hands[seat] == dealt[seat] - {chosen[seat]} | {chosen[before]}
    assert position.given is None
    assert (position.offer, position.stock, position.phase) == (
        plain.offer,
        plain.stock,
        Phase.OFFER,
    )
    assert (position.origin, position.offered_by, position.to_move) == (
        plain.origin,
        plain.offered_by,
        plain.to_move,
    )
    accounted(position)


# ====================================================================== M4, M5: the round


def test_m4_the_rounds_of_offers() -> None:
    """M4: a stock card goes to its turner first, then round the table; a discard to
    every other player from the discarder's next; the upcard from the player after the
    dealer, the dealer last. With two players: R11a, R11b, V8."""
    assert offer_round(STOCK, 1, 3) == (1, 2, 0)
    assert offer_round(DISCARD, 1, 3) == (2, 0)
    assert offer_round(UPCARD, 1, 3) == (2, 0, 1)
    assert offer_round(STOCK, 2, 3) == (2, 0, 1)
    assert offer_round(DISCARD, 2, 3) == (0, 1)
    assert offer_round(STOCK, 0, 2) == (0, 1)
    assert offer_round(DISCARD, 0, 2) == (1,)
    assert offer_round(UPCARD, 0, 2) == (1, 0)


def test_m4_m5_a_stock_card_refused_by_all_dies_and_the_next_player_turns() -> None:
    """M4: seat 1's turned card goes to 1, 2, 0; M5: it dies and seat 2, the player after
    its turner, turns the next card."""
    position = at(FITS_NONE, STOCK, 1, 1)
    assert FORCE not in legal(position)
    for seat in (2, 0):
        position = play(position, DECLINE)
        assert (position.to_move, position.offered_by, position.phase) == (seat, 1, Phase.OFFER)
        assert FORCE not in legal(position)  # the card fits nobody (R14a)
    position = play(position, DECLINE)
    assert position.dead[-1] == Card.parse(FITS_NONE)
    turned(position, 2)
    accounted(position)


def test_m4_m5_a_discard_refused_by_both_others_dies() -> None:
    """M4: seat 0's discard goes to 1 then 2, never back to 0; M5: seat 1 turns next."""
    position = at(FITS_NONE, DISCARD, 0, 1)
    position = play(position, DECLINE)
    assert (position.to_move, position.phase) == (2, Phase.OFFER)
    position = play(position, DECLINE)
    turned(position, 1)


def test_m4_m5_the_upcard_goes_round_to_the_dealer_last() -> None:
    """M4, V8: dealer 0's upcard goes to 1, 2, then 0; M5: then seat 1 turns."""
    position = at(FITS_NONE, UPCARD, 0, 1)
    for seat in (2, 0):
        position = play(position, DECLINE)
        assert (position.to_move, position.origin) == (seat, UPCARD)
    position = play(position, DECLINE)
    turned(position, 1)


def test_m4_a_take_ends_the_round_and_the_discard_starts_one() -> None:
    """M4: seat 2 takes seat 0's discard after seat 1 declined it; his discard goes to
    seat 0 first, then seat 1; M5: seat 0 turns the next card when both decline it."""
    position = at(FITS_2, DISCARD, 0, 1)
    position = play(position, DECLINE)
    position = play(position, take("", "Qc"))
    assert position.tables[2] == cards("Ac 2c 3c 4c")
    assert (position.offer, position.origin, position.offered_by) == (Card.parse("Qc"), DISCARD, 2)
    assert position.to_move == 0
    position = play(position, DECLINE)
    assert position.to_move == 1
    position = play(position, DECLINE)
    turned(position, 0)
    accounted(position)


def test_m4_the_turner_takes_his_own_card() -> None:
    """M4: the turner is offered his card first; taking it, he discards to the next."""
    position = at(FITS_1, STOCK, 1, 1)
    position = play(position, take("", "Jh"))
    assert (position.offered_by, position.to_move, position.origin) == (1, 2, DISCARD)


# ====================================================================== M6: forcing


ALL_MODES = [Forcing.DECLINED, Forcing.DISCARDS_ONLY, Forcing.OFF]


@pytest.mark.parametrize("forcing", ALL_MODES, ids=lambda mode: mode.value)
def test_m6_case_a_of_a_discard(forcing: Forcing) -> None:
    """M6 case a: seat 0's discard fits seat 2, the last of its round; when seat 2
    declines it, seat 0 (its offerer, the next player) decides to force or release it
    under V1 ``declined`` and ``discards_only``; under ``off`` it dies (M5: seat 1 turns)."""
    position = play(at(FITS_2, DISCARD, 0, 1, forcing), DECLINE)
    assert FORCE not in legal(position)  # seat 1 declined a card that does not fit him
    position = play(position, DECLINE)
    if forcing is Forcing.OFF:
        turned(position, 1)
        return
    assert (position.phase, position.to_move) == (Phase.FORCE_DECISION, 0)
    assert legal(position) == {FORCE, RELEASE}
    released = play(position, RELEASE)
    turned(released, 1)  # M5: the player after the offerer
    forced = play(position, FORCE)
    assert (forced.phase, forced.to_move) == (Phase.FORCED_TAKE, 2)
    moves = legal(forced)
    assert moves
    assert all(move[0] == "take" for move in moves)  # R14b: he must take it
    after = play(forced, take("", "Qc"))
    assert (after.offered_by, after.to_move) == (2, 0)  # M6: his discard reaches the forcer
    accounted(after)


@pytest.mark.parametrize("forcing", ALL_MODES, ids=lambda mode: mode.value)
def test_m6_case_a_of_a_stock_card(forcing: Forcing) -> None:
    """M6 case a: seat 1 turned a card that fits seat 0, the last of its round; when
    seat 0 declines it, seat 1 decides under V1 ``declined`` only (``discards_only`` forces
    discards only); else it dies and seat 2, after the turner, turns (M5)."""
    position = at(FITS_0, STOCK, 1, 1, forcing)
    position = play(play(position, DECLINE), DECLINE)
    assert position.to_move == 0
    assert FORCE not in legal(position)  # seat 2 declined a card that does not fit him
    position = play(position, DECLINE)
    if forcing is not Forcing.DECLINED:
        turned(position, 2)
        return
    assert (position.phase, position.to_move) == (Phase.FORCE_DECISION, 1)
    forced = play(position, FORCE)
    assert (forced.phase, forced.to_move) == (Phase.FORCED_TAKE, 0)
    after = play(forced, take("", "Jc"))
    assert after.tables[0] == cards("Kc Kd Kh Ks")
    assert (after.offered_by, after.to_move) == (0, 1)  # his discard reaches the forcer
    turned(play(position, RELEASE), 2)


@pytest.mark.parametrize("forcing", ALL_MODES, ids=lambda mode: mode.value)
def test_m6_case_b_of_a_stock_card(forcing: Forcing) -> None:
    """M6 case b: seat 1 passes the card he turned, which fits his table; seat 2, now
    offered it, may force it back on him under V1 ``declined`` only."""
    position = play(at(FITS_1, STOCK, 1, 1, forcing), DECLINE)
    assert position.to_move == 2
    assert (FORCE in legal(position)) is (forcing is Forcing.DECLINED)
    if forcing is not Forcing.DECLINED:
        return
    forced = play(position, FORCE)
    assert (forced.phase, forced.to_move, forced.offer) == (
        Phase.FORCED_TAKE,
        1,
        Card.parse(FITS_1),
    )
    after = play(forced, take("", "Qd"))
    assert after.tables[1] == cards("4h 5h 6h 7h")
    assert (after.offered_by, after.to_move) == (1, 2)  # his discard reaches the forcer


@pytest.mark.parametrize("forcing", ALL_MODES, ids=lambda mode: mode.value)
def test_m6_case_b_of_a_discard(forcing: Forcing) -> None:
    """M6 case b: seat 0's discard goes on after seat 1 declines it although it fits his
    table; seat 2 may force it back on seat 1 under V1 ``declined`` only."""
    position = play(at(FITS_1, DISCARD, 0, 1, forcing), DECLINE)
    assert (position.to_move, position.phase) == (2, Phase.OFFER)
    assert (FORCE in legal(position)) is (forcing is Forcing.DECLINED)
    if forcing is Forcing.DECLINED:
        forced = play(position, FORCE)
        assert (forced.phase, forced.to_move) == (Phase.FORCED_TAKE, 1)
        assert play(forced, take("", "2s")).to_move == 2


def test_m6_only_the_next_player_forces() -> None:
    """M6: seat 0 passes a card that fits his table, and seat 1, who may force it back on
    him, declines it instead; seat 2 may not force it on seat 0, two seats back, nor on
    seat 1, whose table it does not fit. Seat 2's decline ends the round; the card does
    not fit seat 2's table either, so it dies and seat 1 turns (M5)."""
    position = at(FITS_0, STOCK, 0, 0)
    position = play(position, DECLINE)
    assert FORCE in legal(position)  # seat 1 may force it back on seat 0 (case b)
    position = play(position, DECLINE)
    assert position.to_move == 2
    assert FORCE not in legal(position)
    turned(play(position, DECLINE), 1)


def test_m6_case_a_only_against_the_last_of_the_round() -> None:
    """M6: a decliner who is not last of the round is forced, if at all, by the next
    player (case b), never by the offerer: seat 1 declines seat 0's discard that fits him,
    seat 2 declines it too, and it dies with no force decision."""
    position = play(at(FITS_1, DISCARD, 0, 1), DECLINE)
    position = play(position, DECLINE)
    turned(position, 1)


def test_m6_the_upcard_is_never_forced() -> None:
    """M6, V8: the dealer's upcard fits seat 1's table and then seat 0's: no case b for
    seat 2, no force decision when the dealer, last, declines it."""
    position = at(FITS_1, UPCARD, 0, 1)
    position = play(position, DECLINE)
    assert FORCE not in legal(position)
    position = at(FITS_0, UPCARD, 0, 1)
    position = play(play(position, DECLINE), DECLINE)
    assert position.to_move == 0
    turned(play(position, DECLINE), 1)


# ====================================================================== M7, M8: the end


def test_m7_going_out_lays_every_hand_card() -> None:
    """M7 (R16): seat 2 takes seat 1's discard and lays down every hand card: nine on
    his table, he wins, and no discard is offered."""
    position = seated(
        hands=("2d 7c Jd Qs Jc", "2s 5d Jh 7d Js", "5c 6c"),
        tables=("Kd Kh Ks", "5h 6h 7h", "Ac 2c 3c Qh Qc Qd"),
        offer="4c",
        origin=DISCARD,
        offered_by=1,
        to_move=2,
    )
    assert ("take", cards("5c 6c"), None, None) in legal(position)
    after = play(position, take("5c 6c", None))
    assert len(after.tables[2]) == 9
    assert (after.phase, after.winner, after.drawn, after.fewest) == (Phase.OVER, 2, False, False)
    assert after.offer is None


def stock_empty(stock_out: str, hands: Sequence[str]) -> Position:
    """Seat 1 has passed the last stock card to seat 2, the last of its round."""
    return seated(
        hands=hands,
        tables=("Kd Kh Ks", "5h 6h 7h", "Ac 2c 3c"),
        offer=FITS_NONE,
        origin=STOCK,
        offered_by=1,
        to_move=0,
        stock_out=stock_out,
    )


SIZES_5_3_2 = ("2d 7c Jd Qs Jc", "2s 5d Qd", "Ad 5s")
SIZES_3_3_5 = ("2d 7c Jd", "2s 5d Qd", "Ad 5s 7d Qc 3h")


@pytest.mark.parametrize(
    ("stock_out", "hands", "winner"),
    [
        pytest.param(STOCK_OUT_DRAW, SIZES_5_3_2, None, id="draw"),
        pytest.param(STOCK_OUT_FEWEST, SIZES_5_3_2, 2, id="fewest"),
        pytest.param(STOCK_OUT_FEWEST, SIZES_3_3_5, None, id="fewest-tie"),
    ],
)
def test_m8_the_stock_runs_out(stock_out: str, hands: Sequence[str], winner: int | None) -> None:
    """M8: the last card dies with no stock left: ``draw`` draws (R15); ``fewest_cards``
    gives the game to the one player with the fewest cards in hand; a tie is a draw."""
    position = stock_empty(stock_out, hands)
    after = play(position, DECLINE)
    assert (after.phase, after.to_move, after.offer) == (Phase.OVER, None, None)
    assert after.dead[-1] == Card.parse(FITS_NONE)
    assert (after.winner, after.drawn, after.fewest) == (
        winner,
        winner is None,
        winner is not None,
    )


def test_m8_a_pass_on_the_last_card_does_not_end_the_game() -> None:
    """M8 (R15): a card declined by a player who is not last of its round goes on, even
    with the stock empty; a release with the stock empty ends the game by M8."""
    position = dataclasses.replace(stock_empty(STOCK_OUT_FEWEST, SIZES_5_3_2), to_move=1)
    position = play(position, DECLINE)
    assert (position.phase, position.to_move) == (Phase.OFFER, 2)
    fits_2 = seated(
        hands=SIZES_5_3_2,
        tables=("Kd Kh Ks", "5h 6h 7h", "Ac 2c 3c"),
        offer=FITS_2,
        origin=DISCARD,
        offered_by=0,
        to_move=2,
        stock_out=STOCK_OUT_FEWEST,
    )
    decision = play(fits_2, DECLINE)
    assert decision.phase is Phase.FORCE_DECISION
    after = play(decision, RELEASE)
    assert (after.phase, after.winner, after.fewest) == (Phase.OVER, 2, True)


def test_m8_fewest_cards_with_two_players() -> None:
    """M8: the option applies with two players as well; an equal count is a draw."""
    for hands, winner in ((("2d 7c", "2s 5d Qd"), 0), (("2d 7c", "2s 5d"), None)):
        position = seated(
            hands=hands,
            tables=("Kd Kh Ks", "5h 6h 7h"),
            offer=FITS_NONE,
            origin=DISCARD,
            offered_by=0,
            to_move=1,
            stock_out=STOCK_OUT_FEWEST,
        )
        after = play(position, DECLINE)
        assert (after.phase, after.winner, after.drawn) == (Phase.OVER, winner, winner is None)


# ====================================================================== random games


RANDOM_RUNS = [
    # (rules, stock_out, greed, games, fewest games): three players under each option of
    # M9; the dev profile plays the fewest games (helpers.scaled) that still reach every
    # situation the test checks it reached.
    pytest.param(Rules(hand_size=8), STOCK_OUT_DRAW, 0.6, 60, 6, id="tercerilla"),
    pytest.param(Rules(hand_size=8), STOCK_OUT_FEWEST, 0.6, 40, 6, id="fewest-cards"),
    pytest.param(
        Rules(hand_size=8, forcing=Forcing.DISCARDS_ONLY), STOCK_OUT_DRAW, 0.5, 60, 24, id="d-o"
    ),
    pytest.param(Rules(hand_size=8, forcing=Forcing.OFF), STOCK_OUT_DRAW, 0.6, 30, 12, id="off"),
    pytest.param(
        Rules(hand_size=8, regrouping=Regrouping.BORROW), STOCK_OUT_DRAW, 0.6, 30, 6, id="borrow"
    ),
    pytest.param(
        Rules(hand_size=8, regrouping=Regrouping.NONE, meld_from_hand=True),
        STOCK_OUT_DRAW,
        0.6,
        40,
        28,
        id="none-meld-from-hand",
    ),
    pytest.param(
        Rules(hand_size=8, initial_upcard=True, deal_batch=2),
        STOCK_OUT_DRAW,
        0.6,
        30,
        6,
        id="upcard-batch-2",
    ),
    pytest.param(Rules(hand_size=10, max_sequence=10), STOCK_OUT_FEWEST, 0.7, 30, 10, id="ten"),
]


def random_games(
    rules: Rules, stock_out: str, greed: float, games: int, stats: Counter[str]
) -> None:
    """Seeded three-player games of the model, checked at every step and counted."""
    for seed in range(games):
        rng = random.Random(seed)
        deck = list(EVERY_CARD)
        rng.shuffle(deck)
        position = deal(deck, rules, seed % 3, players=3, stock_out=stock_out)
        moves = 0
        while position.phase is not Phase.OVER:
            accounted(position)
            assert position.to_move in (0, 1, 2)
            assert position.offered_by in (0, 1, 2)
            options = legal(position)
            assert options
            move = forcing_choice(rng, options, greed)
            assert position.origin is not None
            stats[move[0]] += 1
            stats[f"{position.origin.value} {position.phase.value}"] += 1
            if move == FORCE and position.phase is Phase.OFFER:
                stats[f"{position.origin.value} force back"] += 1
            position = play(position, move)
            moves += 1
            assert moves < 1000
        accounted(position)
        assert (position.winner is None) is position.drawn
        stats["fewest" if position.fewest else "drawn" if position.drawn else "out"] += 1


def reached(rules: Rules, stock_out: str, stats: Counter[str]) -> dict[str, bool]:
    """What a run of random games reached, each as the rules say it must (or must not)."""
    declined = rules.forcing is Forcing.DECLINED
    fewest = stock_out == STOCK_OUT_FEWEST
    return {
        "went out (M7)": stats["out"] > 0,
        "stock out (M8)": (stats["fewest"] > 0) is fewest and stats["drawn"] > 0,
        "discard force decision (M6a)": (stats["discard force_decision"] > 0)
        is (rules.forcing is not Forcing.OFF),
        "stock force decision (M6a)": (stats["stock force_decision"] > 0) is declined,
        "force back (M6b)": (stats["stock force back"] > 0) is declined,
        "discard force back (M6b)": (stats["discard force back"] > 0) is declined,
        "lay-down (V3)": (stats["lay"] > 0) is rules.meld_from_hand,
        "upcard (V8)": (stats["upcard offer"] > 0) is rules.initial_upcard,
        "upcard never forced (M6)": stats["upcard force_decision"] == 0,
    }


@pytest.mark.parametrize(("rules", "stock_out", "greed", "games", "fewest"), RANDOM_RUNS)
def test_random_three_player_games_account_for_every_card(
    rules: Rules, stock_out: str, greed: float, games: int, fewest: int
) -> None:
    """The model plays seeded three-player games to the end: all 40 cards in one place at
    every step (hands, tables, stock, dead pile, offer), tables of melds (R6), hand plus
    table ``hand_size`` (R14), the player to move and the offerer seats 0-2 (M1); the
    forcing of the rule set (M6 cases a and b, of discards and stock cards, as V1 allows)
    and both ends of the game (M7, M8) are reached."""
    stats: Counter[str] = Counter()
    random_games(rules, stock_out, greed, scaled(games, least=fewest), stats)
    assert [what for what, ok in reached(rules, stock_out, stats).items() if not ok] == []
