"""Mexican Conquian (issue #31) with two or three players: the rules M1-M9, each decision
on a hand-built three-player position, random games of every option, the round trips, the
hidden hands, and every position and record written before the change read the same."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from conquian import (
    CLASSIC,
    DECK,
    MEXICAN,
    PRESETS,
    TERCERILLA,
    ConquianError,
    Decline,
    Fate,
    Force,
    Forcing,
    IllegalMoveError,
    InvalidRulesError,
    InvalidStateError,
    Observation,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    Regrouping,
    Release,
    Rules,
    State,
    StockOut,
    _bits,
    format_cards,
    parse_cards,
)
from conquian.game import max_moves
from conquian.notation import record_from_dict, record_to_dict
from conquian.phases import first_offered, last_offered, passes_on, turner_when_dies
from conquian.transitions import advance, advance_seats
from helpers import SMALL, position, scaled, stock_out_position

DATA = Path(__file__).resolve().parent / "data"


# ---------------------------------------------------------------- M1, M2, M9: the rules


def test_the_presets_are_the_mexican_game_for_two_and_three_m9() -> None:
    assert Rules(hand_size=8) == MEXICAN
    assert MEXICAN.cards_to_go_out == 9
    assert attrs.evolve(MEXICAN, players=3) == TERCERILLA
    assert PRESETS["mexican"] is MEXICAN
    assert PRESETS["tercerilla"] is TERCERILLA
    assert Rules.parse("mexican,players:3") == TERCERILLA
    assert TERCERILLA.to_notation() == "tercerilla"
    assert MEXICAN.to_notation() == "mexican"
    assert Rules.parse("Tercerilla") == TERCERILLA
    assert TERCERILLA.to_dict()["players"] == 3
    assert Rules.from_dict(TERCERILLA.to_dict()) == TERCERILLA


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=3),
        Rules(players=3, hand_size=13, forcing=Forcing.OFF),
        attrs.evolve(TERCERILLA, stock_out=StockOut.FEWEST_CARDS, initial_upcard=True),
        attrs.evolve(TERCERILLA, regrouping=Regrouping.BORROW, max_sequence=10),
        attrs.evolve(MEXICAN, stock_out=StockOut.FEWEST_CARDS),
    ],
    ids=Rules.to_notation,
)
def test_rules_of_three_players_round_trip_through_their_text(rules: Rules) -> None:
    """M9: a rules text names the player count (from tercerilla, or players:3)."""
    text = rules.to_notation()
    assert Rules.parse(text) == rules
    names_three = text.startswith("tercerilla") or ",players:3" in text
    assert names_three == (rules.players == 3)


def test_existing_rules_texts_read_the_same() -> None:
    """M1: every two-player rules text reads as it did (the new option is at its first
    value); rules near mexican are written from it (M9)."""
    assert Rules().to_notation() == "classic"
    text = "classic,hand_size:8,max_sequence:10"  # as 0.1 wrote it
    assert Rules.parse(text) == Rules(hand_size=8, max_sequence=10)
    assert Rules.parse(text).to_notation() == "mexican,max_sequence:10"
    assert Rules(stock_out=StockOut.FEWEST_CARDS).to_notation() == "classic,stock_out:fewest_cards"
    assert Rules().stock_out is StockOut.DRAW
    assert Rules.parse("classic,stock_out:draw") == CLASSIC


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"players": 4}, "players must be from 2 to 3"),
        ({"players": 1}, "players must be from 2 to 3"),
        ({"players": 3, "hand_size": 14}, "hand_size must be from 1 to 13 (three hands"),
        ({"hand_size": 20}, "hand_size must be from 1 to 19 (two hands"),
        ({"stock_out": "fewest"}, "stock_out must be one of draw, fewest_cards"),
        ({"players": True}, "players must be a whole number"),
    ],
)
def test_rules_refuse_what_leaves_no_stock_card_m2(
    values: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRulesError, match=message.replace("(", r"\(")):
        Rules.from_dict(values)


# ---------------------------------------------------------------- M2: the deal


@pytest.mark.parametrize("batch", [1, 2])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_deal_goes_round_from_the_player_after_the_dealer_m2(dealer: int, batch: int) -> None:
    rules = attrs.evolve(TERCERILLA, deal_batch=batch)
    state = State.from_deck(DECK, rules=rules, dealer=dealer)
    starter = (dealer + 1) % 3
    for player in range(3):
        seat = (player - starter) % 3  # 0 for the first player dealt to
        expected = {DECK[i] for i in range(24) if (i // batch) % 3 == seat}
        assert state.hands[player] == expected
    assert state.offer == DECK[24]
    assert state.offered_by == starter == state.to_move
    assert state.stock == DECK[25:]
    assert len(state.stock) == 40 - 3 * 8 - 1
    assert state.hand_sizes == (8, 8, 8)
    assert state.players == 3
    assert state.tables == ((), (), ())


def test_player_numbers_outside_the_game_are_refused_by_name() -> None:
    """M1: 0, 1 and 2 with three players; 2 is no player of a two-player game."""
    with pytest.raises(ConquianError, match="the dealer is player 0, 1 or 2, not 3"):
        State.new(seed=1, rules=TERCERILLA, dealer=3)
    with pytest.raises(ConquianError, match="the dealer is player 0 or 1, not 2"):
        State.new(seed=1, rules=MEXICAN, dealer=2)
    state = State.new(seed=1, rules=TERCERILLA)
    with pytest.raises(ConquianError, match="player must be 0, 1 or 2, not 3"):
        state.observation(3)
    with pytest.raises(TypeError, match="player must be 0, 1 or 2"):
        state.observation(True)
    with pytest.raises(ConquianError, match="player must be 0, 1 or 2, not -1"):
        state.apply("decline", player=-1)
    assert state.observation(2).player == 2
    with pytest.raises(ConquianError, match="winner 0, 1 or 2"):
        Outcome(OutcomeKind.WENT_OUT, 3)
    with pytest.raises(ConquianError, match="winner 0, 1 or 2"):
        Outcome(OutcomeKind.FEWEST_CARDS, True)


# ---------------------------------------------------------------- hand-built positions


def rules_with(forcing: Forcing) -> Rules:
    return attrs.evolve(SMALL, forcing=forcing)


def discard_round(forcing: Forcing = Forcing.DECLINED, *, fits: int) -> State:
    """Player 1 discarded 5c; it is offered to player 2 (M4). 5c fits the table of
    player ``fits`` (0 or 2), 2c3c4c, whose hand is one card."""
    fitting, other = ("2c3c4c", "Kd"), ("-", "7hJdQsKs")
    hands_tables = {0: fitting if fits == 0 else other, 2: fitting if fits == 2 else other}
    return position(
        rules_with(forcing),
        offer="5c",
        origin="discard:1",
        to_move=2,
        hands=(hands_tables[0][1], "6d", hands_tables[2][1]),
        tables=(hands_tables[0][0], "AhAdAs", hands_tables[2][0]),
    )


def stock_round(
    forcing: Forcing = Forcing.DECLINED, *, fits: int, stock: str | None = None
) -> State:
    """Player 1 turned up 5c and is offered it first (R10, M4); it fits the table of
    player ``fits``, 2c3c4c."""
    fitting = ("2c3c4c", "Kd")
    others = {0: ("-", "7hJdQsKs"), 1: ("AhAdAs", "6d"), 2: ("-", "7c7dJcJh")}
    seats = {player: fitting if player == fits else others[player] for player in range(3)}
    if fits == 1:
        seats[0] = ("AhAdAs", "6d")
    return position(
        rules_with(forcing),
        offer="5c",
        origin="stock:1",
        to_move=1,
        hands=(seats[0][1], seats[1][1], seats[2][1]),
        tables=(seats[0][0], seats[1][0], seats[2][0]),
        stock=stock,
    )


def test_a_discard_is_offered_to_each_other_player_in_seat_order_m4() -> None:
    state = discard_round(Forcing.OFF, fits=0)
    passed = state.apply("decline")
    assert (passed.to_move, passed.offer, passed.offered_by) == (0, state.offer, 1)
    assert passed.last_played is not None
    assert passed.last_played.fate is Fate.PASSED
    # The last of the round declines: the card dies, and the player after the
    # discarder turns up the next card (M5).
    died = passed.apply("decline")
    assert died.dead[-1] == state.offer
    assert died.last_played is not None
    assert died.last_played.fate is Fate.DECLINED
    assert (died.to_move, died.offer_origin, died.offered_by) == (2, OfferOrigin.STOCK, 2)
    assert died.offer == state.stock[0]


def test_the_first_player_who_takes_ends_the_round_m4() -> None:
    state = discard_round(fits=2)
    taken = state.apply("take -Kd")
    assert taken.tables[2]
    assert taken.hands[2] == frozenset()
    # His discard starts a new round, with the player after him.
    assert (taken.to_move, str(taken.offer), taken.offered_by) == (0, "Kd", 2)
    assert taken.offer_origin is OfferOrigin.DISCARD


def test_a_turned_card_goes_to_its_turner_then_round_the_table_m4_m5() -> None:
    state = stock_round(Forcing.OFF, fits=0)
    seen = [state.to_move]
    for _ in range(2):
        state = state.apply("decline")
        seen.append(state.to_move)
        assert state.last_played.fate is Fate.PASSED  # type: ignore[union-attr]
    assert seen == [1, 2, 0]
    died = state.apply("decline")
    # M5: the player after the turner (1) turns up the next card.
    assert died.dead[-1] == parse_cards("5c")[0]
    assert (died.to_move, died.offered_by, died.offer_origin) == (2, 2, OfferOrigin.STOCK)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_upcard_goes_round_the_dealer_last_and_is_never_forced_m4_v8(dealer: int) -> None:
    rules = attrs.evolve(TERCERILLA, initial_upcard=True, forcing=Forcing.DECLINED)
    state = State.from_deck(DECK, rules=rules, dealer=dealer)
    order = []
    while state.offer == DECK[24]:
        assert state.offer_origin is OfferOrigin.UPCARD
        assert state.offered_by == dealer
        assert Force() not in state.legal_moves()
        order.append(state.to_move)
        state = state.apply("decline")
    assert order == [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    assert state.dead == (DECK[24],)
    assert state.to_move == state.offered_by == (dealer + 1) % 3  # M5: after the dealer


def test_the_rule_facts_of_the_round_reduce_to_two_players_m1() -> None:
    for origin in OfferOrigin:
        for by in (0, 1):
            assert first_offered(origin, by, 2) == (by if origin is OfferOrigin.STOCK else 1 - by)
    assert last_offered(OfferOrigin.DISCARD, 2, 3) == 1
    assert last_offered(OfferOrigin.UPCARD, 2, 3) == 2
    assert passes_on(OfferOrigin.DISCARD, 2, 0, 3)
    assert not passes_on(OfferOrigin.DISCARD, 2, 1, 3)
    assert turner_when_dies(Decline, OfferOrigin.STOCK, 1, 0, 3) == 2  # M5
    assert turner_when_dies(Release, OfferOrigin.DISCARD, 1, 1, 3) == 2  # M5


# M6 case a: the last player of the round declines a card that fits his table; the
# card's offerer decides.


@pytest.mark.parametrize("forcing", [Forcing.DECLINED, Forcing.DISCARDS_ONLY])
def test_case_a_of_a_discard_the_discarder_forces_the_last_player_m6(forcing: Forcing) -> None:
    state = discard_round(forcing, fits=0).apply("decline").apply("decline")
    assert (state.phase, state.to_move) == (Phase.FORCE_DECISION, 1)  # the discarder
    assert list(state.legal_moves()) == [Force(), Release()]
    forced = state.apply("force")
    assert (forced.phase, forced.to_move) == (Phase.FORCED_TAKE, 0)
    assert [str(move) for move in forced.legal_moves()] == ["take -Kd"]
    taken = forced.apply("take -Kd")
    # His discard's round starts with the forcer (M6).
    assert (taken.to_move, str(taken.offer), taken.offered_by) == (1, "Kd", 0)


def test_case_a_released_the_player_after_the_offerer_turns_m5_m6() -> None:
    state = discard_round(fits=0).apply("decline").apply("decline").apply("release")
    assert state.dead[-1] == parse_cards("5c")[0]
    assert (state.to_move, state.offered_by, state.offer_origin) == (2, 2, OfferOrigin.STOCK)


def test_case_a_of_a_discard_under_forcing_off_the_card_dies_m6() -> None:
    state = discard_round(Forcing.OFF, fits=0).apply("decline").apply("decline")
    assert state.phase is Phase.OFFER
    assert state.dead[-1] == parse_cards("5c")[0]


@pytest.mark.parametrize("forcing", list(Forcing))
def test_case_a_of_a_turned_card_only_under_forcing_declined_m6(forcing: Forcing) -> None:
    state = stock_round(forcing, fits=0)
    for _ in range(3):
        state = state.apply("decline")
    if forcing is Forcing.DECLINED:
        assert (state.phase, state.to_move) == (Phase.FORCE_DECISION, 1)  # the turner
        forced = state.apply("force")
        assert (forced.phase, forced.to_move) == (Phase.FORCED_TAKE, 0)
    else:
        assert state.phase is Phase.OFFER
        assert state.dead[-1] == parse_cards("5c")[0]
        assert state.to_move == 2  # M5


# M6 case b: a player declines a card that fits his table and it goes on; the next
# player may force it back on him.


@pytest.mark.parametrize("forcing", list(Forcing))
def test_case_b_of_a_discard_the_next_player_forces_it_back_m6(forcing: Forcing) -> None:
    state = discard_round(forcing, fits=2).apply("decline")
    assert (state.to_move, state.phase) == (0, Phase.OFFER)
    if forcing is not Forcing.DECLINED:  # V1: only forcing declined has case b
        assert Force() not in state.legal_moves()
        with pytest.raises(IllegalMoveError):
            state.apply("force")
        return
    assert list(state.legal_moves())[-2:] == [Decline(), Force()]
    forced = state.apply("force")
    assert (forced.phase, forced.to_move) == (Phase.FORCED_TAKE, 2)
    taken = forced.apply("take -Kd")
    assert (taken.to_move, taken.offered_by) == (0, 2)  # the forcer is offered it first


@pytest.mark.parametrize("forcing", list(Forcing))
def test_case_b_of_a_turned_card_the_next_player_forces_it_back_m6(forcing: Forcing) -> None:
    state = stock_round(forcing, fits=1).apply("decline")  # the turner passes it
    assert state.to_move == 2
    assert (Force() in state.legal_moves()) == (forcing is Forcing.DECLINED)
    if forcing is Forcing.DECLINED:
        forced = state.apply("force")
        assert (forced.phase, forced.to_move) == (Phase.FORCED_TAKE, 1)


def test_case_b_needs_the_card_to_fit_the_decliners_table_r14a() -> None:
    # 5c fits player 0's table, not player 2's: player 2 declines, player 0 may not force.
    state = discard_round(fits=0).apply("decline")
    assert state.to_move == 0
    assert Force() not in state.legal_moves()
    error = state.refusal("force")
    assert error is not None
    assert "fit" in str(error)
    # The first player of a round was passed nothing.
    first = discard_round(fits=0)
    error = first.refusal("force")
    assert error is not None
    assert "passed" in str(error)


def test_a_forced_card_of_the_middle_player_with_three_m6() -> None:
    """Player 2 passes a turned card that fits his table; player 0 forces it back."""
    state = stock_round(fits=2).apply("decline")  # player 1 passes it
    assert Force() not in state.legal_moves()  # it does not fit player 1's table
    state = state.apply("decline")  # player 2 passes it; it fits his table
    assert state.to_move == 0
    assert Force() in state.legal_moves()
    assert state.apply("force").to_move == 2


# ---------------------------------------------------------------- M7, M8: the end


def test_going_out_is_hand_size_plus_one_m7() -> None:
    """M7: with four cards dealt, a table of five wins; here player 2, his hand empty
    (R17), takes a card that fits his table of four."""
    state = position(
        SMALL,
        offer="6c",
        origin="discard:0",
        to_move=2,
        hands=("7h", "6d", "-"),
        tables=("KcKdKh", "AhAdAs", "2c3c4c5c"),
    )
    assert [str(move) for move in state.legal_moves()] == ["take out", "decline"]
    final = state.apply("take out")
    assert final.outcome == Outcome(OutcomeKind.WENT_OUT, 2)
    assert sum(map(len, final.tables[2])) == SMALL.cards_to_go_out == 5
    assert State.parse(final.to_notation()) == final


@pytest.mark.parametrize(
    ("stock_out", "expected"),
    [
        (StockOut.DRAW, Outcome(OutcomeKind.DRAWN, None)),
        (StockOut.FEWEST_CARDS, Outcome(OutcomeKind.FEWEST_CARDS, 1)),
    ],
)
def test_the_stock_runs_out_m8(stock_out: StockOut, expected: Outcome) -> None:
    """The last card dies: a draw (R15), or player 1, who holds no card, wins (M8)."""
    state = stock_out_position(stock_out, ("-", "AcAdAhAs", "2c3c4c"), ("7hJdQsKs", "-", "Kd"))
    over = state.apply("decline").apply("decline").apply("decline")
    assert over.hand_sizes == (4, 0, 1)
    assert over.outcome == expected
    assert over.is_over
    assert State.parse(over.to_notation()) == over
    assert over.outcome.is_draw == (expected.winner is None)
    assert over.to_dict()["outcome"] == {"kind": expected.kind.value, "winner": expected.winner}
    assert State.from_dict(over.to_dict()) == over


def test_a_tie_for_fewest_cards_is_a_draw_m8() -> None:
    state = stock_out_position(
        StockOut.FEWEST_CARDS, ("QcQdQh", "AhAdAs", "2c3c4c"), ("6h", "6d", "Kd")
    )
    over = state.apply("decline").apply("decline").apply("decline")
    assert over.hand_sizes == (1, 1, 1)
    assert over.outcome == Outcome(OutcomeKind.DRAWN, None)


def test_a_stock_out_result_must_be_the_one_the_rules_give_m8() -> None:
    state = stock_out_position(
        StockOut.FEWEST_CARDS, ("-", "AcAdAhAs", "2c3c4c"), ("7hJdQsKs", "-", "Kd")
    )
    over = state.apply("decline").apply("decline").apply("decline")
    text = over.to_notation()
    assert text.endswith("result=fewest:1")
    with pytest.raises(InvalidStateError, match="stock_out:fewest_cards"):
        State.parse(text.replace("result=fewest:1", "result=draw"))
    with pytest.raises(InvalidStateError, match="stock_out:fewest_cards"):
        State.parse(text.replace("result=fewest:1", "result=fewest:0"))


def test_fewest_cards_with_two_players_m8() -> None:
    rules = attrs.evolve(MEXICAN, stock_out=StockOut.FEWEST_CARDS)
    outcomes = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = State.new(seed, rules=rules)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
        outcome = state.outcome
        assert outcome is not None
        outcomes.add(outcome.kind)
        if outcome.kind is OutcomeKind.FEWEST_CARDS:
            sizes = state.hand_sizes
            assert outcome.winner is not None
            assert sizes[outcome.winner] < sizes[1 - outcome.winner]
    assert OutcomeKind.FEWEST_CARDS in outcomes


# ---------------------------------------------------------------- random games

OPTIONS = [
    TERCERILLA,
    MEXICAN,
    *(
        attrs.evolve(TERCERILLA, forcing=forcing)
        for forcing in (Forcing.DISCARDS_ONLY, Forcing.OFF)
    ),
    *(attrs.evolve(TERCERILLA, regrouping=way) for way in (Regrouping.BORROW, Regrouping.NONE)),
    attrs.evolve(TERCERILLA, meld_from_hand=True),
    attrs.evolve(TERCERILLA, initial_upcard=True),
    attrs.evolve(TERCERILLA, stock_out=StockOut.FEWEST_CARDS),
    attrs.evolve(TERCERILLA, deal_batch=2, max_sequence=10),
    attrs.evolve(TERCERILLA, hand_size=13),
    attrs.evolve(
        TERCERILLA, meld_from_hand=True, initial_upcard=True, regrouping=Regrouping.BORROW
    ),
]


def random_states(rules: Rules, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    state = State.new(seed, rules=rules, dealer=seed % rules.players)
    yield state
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        yield state


def accounted(state: State) -> list[str]:
    """Every card of the position, each place once (R1)."""
    places = [*state.stock, *state.dead, *(c for hand in state.hands for c in hand)]
    places += [c for table in state.tables for meld in table for c in meld]
    if state.offer is not None:
        places.append(state.offer)
    return sorted(map(str, places))


ALL_CARDS = sorted(map(str, DECK))


@pytest.mark.parametrize("rules", OPTIONS, ids=Rules.to_notation)
def test_random_games_play_to_the_end_with_every_card_accounted_for(rules: Rules) -> None:
    kinds: set[OutcomeKind] = set()
    for seed in range(scaled(12, least=2)):  # 12 games; 2 under dev (helpers.scaled)
        for state in random_states(rules, seed):
            assert accounted(state) == ALL_CARDS
            assert State.parse(state.to_notation()) == state
            assert len(state.hands) == len(state.tables) == rules.players
            for player in range(rules.players):
                assert state.hand_sizes[player] + sum(map(len, state.tables[player])) in (
                    rules.hand_size,
                    rules.cards_to_go_out,
                )
        assert state.ply <= max_moves(rules.players)
        assert state.outcome is not None
        kinds.add(state.outcome.kind)
        assert State.from_dict(state.to_dict()) == state
        record = record_from_dict(json.loads(json.dumps(record_to_dict(state))))
        assert list(record.replay())[-1] == state
    assert kinds


@pytest.mark.parametrize("rules", OPTIONS[:3] + OPTIONS[6:8], ids=Rules.to_notation)
def test_json_views_round_trip_with_three_players(rules: Rules) -> None:
    for index, state in enumerate(random_states(rules, 3)):
        assert State.from_dict(state.to_dict()) == state
        # Every player's view; under dev (helpers.scaled), one a ply, in turn.
        for player in [(index + seat) % rules.players for seat in range(scaled(rules.players))]:
            view = state.observation(player)
            assert Observation.from_dict(view.to_dict()) == view
            assert len(view.tables) == len(view.hand_sizes) == rules.players
            if state.to_move == player:
                assert list(view.legal_moves()) == list(state.legal_moves())


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, PRESETS["foster"], PRESETS["bicycle"], MEXICAN, Rules(initial_upcard=True)],
    ids=Rules.to_notation,
)
def test_the_general_path_plays_two_player_games_as_the_fast_path_m1(rules: Rules) -> None:
    """M1: the engine's path for three players gives the same positions and history
    entries on two-player games as its two-player path."""
    for seed in range(8):
        for state in random_states(rules, seed):
            if state.is_over:
                break
            for move in state.legal_moves()[:20]:
                assert advance(state._pos, move) == advance_seats(state._pos, move)


# ---------------------------------------------------------------- hidden hands


def hidden_swaps(state: State, viewer: int, rng: random.Random) -> Iterator[State]:
    """``state`` with a card of another player's hand swapped with a stock card."""
    pos = state._pos
    hands, stock = list(pos[3]), list(pos[2])
    for other in range(state.players):
        if other == viewer or not hands[other] or not stock:
            continue
        card = rng.choice(list(_bits.indices(hands[other])))
        at = rng.randrange(len(stock))
        swapped = list(hands)
        swapped[other] = hands[other] & ~(1 << card) | 1 << stock[at]
        new_stock = [*stock[:at], card, *stock[at + 1 :]]
        yield state._replace(hands=tuple(swapped), stock=tuple(new_stock))


@pytest.mark.parametrize("rules", [TERCERILLA, attrs.evolve(TERCERILLA, meld_from_hand=True)])
def test_an_observation_hides_every_other_hand_and_the_stock(rules: Rules) -> None:
    """The swap test with three players: swapping a card of any hidden hand with a stock
    card changes no other player's observation."""
    rng = random.Random(5)
    swaps = 0
    for seed in range(4):
        for state in random_states(rules, seed):
            for viewer in range(3):
                view = state.observation(viewer)
                assert format_cards(view.hand) == format_cards(state.hands[viewer])
                for swapped in hidden_swaps(state, viewer, rng):
                    assert swapped != state
                    assert swapped.observation(viewer) == view
                    assert swapped.observation(viewer).to_notation() == view.to_notation()
                    swaps += 1
    assert swaps > 100


def test_an_observation_of_three_shows_each_opponents_table_and_hand_size() -> None:
    state = discard_round(fits=2)
    view = state.observation(0)
    assert view.hand_sizes == (4, 1, 1)
    assert view.opponents == (1, 2)
    assert view.tables == state.tables
    text = view.to_notation()
    assert "hand_sizes=4,1,1" in text
    assert "table2=2c3c4c" in text
    assert "6d" not in text
    assert "Kd" not in text
    with pytest.raises(ConquianError, match="two opponents"):
        _ = view.opponent


# ---------------------------------------------------------------- position strings


def test_a_position_string_of_three_players_names_the_third_hand_and_table() -> None:
    state = State.new(seed=9, rules=TERCERILLA, dealer=1)
    text = state.to_notation()
    assert "rules=tercerilla" in text
    assert " hand2=" in text
    assert " table2=" in text
    assert text.index("hand2=") < text.index("table0=")
    assert State.parse(text) == state
    with pytest.raises(InvalidStateError, match="missing field: table2"):
        State.parse(text.replace(" table2=-", ""))
    two = State.new(seed=9).to_notation()
    with pytest.raises(InvalidStateError, match="third player"):
        State.parse(two.replace(" table1=-", " table1=- table2=-"))
    with pytest.raises(InvalidStateError, match="to_move must be 0, 1, 2 or -"):
        State.parse(text.replace(" to_move=2 ", " to_move=3 "))


def test_old_positions_and_records_read_the_same() -> None:
    """Every position string, observation string, JSON view and game record in
    tests/data/written_0_1.json was written by 0.1, before Mexican Conquian: each reads
    to the same position, and is written back the same (M1)."""
    data = json.loads((DATA / "written_0_1.json").read_text(encoding="utf-8"))
    for text, view in zip(data["positions"], data["views"], strict=True):
        state = State.parse(text)
        # Rules are written from the nearest preset (M9): classic,hand_size:8 is now
        # written mexican; both texts read the same.
        old = text.split(" ")[1]
        new = "rules=" + Rules.parse(old.removeprefix("rules=")).to_notation()
        assert state.to_notation() == text.replace(old, new)
        assert state.observation(state.ply % 2).to_notation() == view.replace(old, new)
        assert State.parse(text.replace(old, new)) == state
    assert {
        old: Rules.parse(old).to_notation()
        for old in {text.split(" ")[1].removeprefix("rules=") for text in data["positions"]}
        if Rules.parse(old).to_notation() != old
    } == {
        "classic,hand_size:8": "mexican",
        "classic,max_sequence:10,forcing:discards_only,meld_from_hand:true,deal_batch:2,"
        "initial_upcard:true": "bicycle,deal_batch:2,initial_upcard:true",
    }
    for state_data in data["states"]:
        written = State.from_dict(state_data).to_dict()
        assert written["rules"].pop("stock_out") == "draw"  # the one new rule (M8)
        assert written == state_data
    for view_data in data["observations"]:
        assert "declined" not in view_data
        view = Observation.from_dict(view_data)
        written = view.to_dict()
        assert written["rules"].pop("stock_out") == "draw"
        # The one new field, read from the history: what each player declined.
        assert written.pop("declined") == [list(map(str, cards)) for cards in view.declined]
        assert written == view_data
    for record_data in data["records"]:
        record = record_from_dict(record_data)
        written = record_to_dict(record)
        assert written["rules"].pop("stock_out") == "draw"  # the one new rule (M8)
        assert written == record_data
    assert len(data["positions"]) > 100
    assert len(data["records"]) == 18


# ---------------------------------------------------------------- front ends (issue #32)


def test_the_command_line_demo_plays_a_three_player_game() -> None:
    """The command line's demo plays three-player rules (M1) to the end: three hands
    dealt, three holdings told. (Matches play three players: M11, tests/test_match.py;
    the agents: tests/test_agents_three.py; narration: tests/test_narration_players.py;
    pictures: tests/test_svg_three.py; play: tests/test_play_three.py; the demo's words:
    tests/test_cli.py.)"""
    from conquian.cli import main

    out = io.StringIO()
    assert main(["demo", "--rules", "mexican,players:3", "--seed", "7"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Conquian demo, seed 7, rules tercerilla: Greedy (seat 0)")
    assert [line.split(":")[0] for line in lines[2:5]] == [
        "  Greedy's hand",
        "  Random 1's hand",
        "  Random 2's hand",
    ]
    assert [line.split(":")[0] for line in lines[-3:]] == ["  Greedy", "  Random 1", "  Random 2"]
