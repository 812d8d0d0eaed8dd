"""The engine held to the brute-force model of :mod:`bruteforce` move by move for the
Mexican presets (issue 31, M1-M9): MEXICAN for two players, TERCERILLA for three, and
TERCERILLA with each option that makes sense with three (forcing modes, regrouping,
meld_from_hand, initial_upcard, deal_batch, stock_out), as
``test_state.test_legal_moves_equal_the_brute_force`` holds it for the classic presets.

At every position of seeded games the engine's public view (hands, tables, stock, dead
pile, offer and its origin and offerer, phase, player to move, outcome) and its legal
moves equal the model's (:func:`helpers.check_position`); the games are steered by
:func:`helpers.forcing_choice` so that forcing of each case (M6) and each end (M7, M8)
is reached, and the test checks that it was.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from bruteforce import Position, allows, deal, from_state, legal, mismatches, play, to_bf
from conquian import (
    DECK,
    MEXICAN,
    TERCERILLA,
    Decline,
    Force,
    Forcing,
    Give,
    IllegalMoveError,
    LayDown,
    Move,
    OfferOrigin,
    OutcomeKind,
    Phase,
    Regrouping,
    Release,
    Rules,
    State,
    StockOut,
    Take,
    parse_cards,
)
from helpers import MAX_MOVES, check_position, dealt, forcing_choice, scaled

FEWEST = StockOut.FEWEST_CARDS

MEXICAN_RUNS = [
    # (rules, number of games, greed, first seed): the dev profile plays the games up to the
    # first at which the walk reached every situation the test checks (helpers.scaled: 113
    # games in all, where the full profiles play 765).
    pytest.param(MEXICAN, 50, 0.6, 31000, id="mexican"),
    pytest.param(attrs.evolve(MEXICAN, stock_out=FEWEST), 40, 0.6, 31100, id="mexican-few"),
    pytest.param(TERCERILLA, 40, 0.6, 31200, id="tercerilla"),
    pytest.param(
        attrs.evolve(TERCERILLA, forcing=Forcing.DISCARDS_ONLY), 70, 0.5, 31300, id="t-d-o"
    ),
    pytest.param(attrs.evolve(TERCERILLA, forcing=Forcing.OFF), 25, 0.6, 31400, id="t-off"),
    pytest.param(
        attrs.evolve(TERCERILLA, regrouping=Regrouping.NONE), 120, 0.6, 31500, id="t-none"
    ),
    pytest.param(
        attrs.evolve(TERCERILLA, regrouping=Regrouping.BORROW), 25, 0.6, 31600, id="t-borrow"
    ),
    pytest.param(
        attrs.evolve(TERCERILLA, meld_from_hand=True), 40, 0.6, 31700, id="t-meld-from-hand"
    ),
    pytest.param(attrs.evolve(TERCERILLA, initial_upcard=True), 25, 0.6, 31800, id="t-upcard"),
    pytest.param(attrs.evolve(TERCERILLA, deal_batch=2), 30, 0.6, 31900, id="t-batch-2"),
    pytest.param(attrs.evolve(TERCERILLA, stock_out=FEWEST), 70, 0.6, 32000, id="t-fewest"),
    pytest.param(
        attrs.evolve(TERCERILLA, meld_from_hand=True, initial_upcard=True),
        50,
        0.6,
        32200,
        id="t-meld-upcard",
    ),
    pytest.param(
        attrs.evolve(TERCERILLA, hand_size=10, max_sequence=10), 60, 0.7, 32100, id="t-ten"
    ),
    # M10: the opening exchange, with two and three players (and V8's upcard after it)
    pytest.param(attrs.evolve(MEXICAN, exchange=True), 50, 0.6, 32300, id="mexican-exchange"),
    pytest.param(attrs.evolve(TERCERILLA, exchange=True), 40, 0.6, 32700, id="t-exchange"),
    pytest.param(
        attrs.evolve(TERCERILLA, exchange=True, initial_upcard=True, regrouping=Regrouping.NONE),
        30,
        0.6,
        32800,
        id="t-exchange-upcard-none",
    ),
]


def reached(rules: Rules, stats: Counter[str]) -> dict[str, bool]:
    """What the games reached, each as the rules say it must (or must not) be."""
    declined = rules.forcing is Forcing.DECLINED
    fewest = rules.stock_out is StockOut.FEWEST_CARDS
    three = rules.players == 3
    return {
        "went out (M7)": stats[OutcomeKind.WENT_OUT.value] > 0,
        "drawn (M8)": stats[OutcomeKind.DRAWN.value] > 0,
        "fewest cards (M8)": (stats[OutcomeKind.FEWEST_CARDS.value] > 0) is fewest,
        "force decision of a discard (M6a)": (stats["discard force_decision"] > 0)
        is (rules.forcing is not Forcing.OFF),
        "force decision of a stock card (M6a)": (stats["stock force_decision"] > 0) is declined,
        "force back of a stock card (M6b)": (stats["stock force back"] > 0) is declined,
        "force back of a discard (M6b)": (stats["discard force back"] > 0) is (declined and three),
        "a discard declined on (M4)": (stats["discard passed on"] > 0) is three,
        "lay-down (V3)": (stats["lay-downs played"] > 0) is rules.meld_from_hand,
        "upcard (V8)": (stats["upcard offer"] > 0) is rules.initial_upcard,
        "upcard never forced (M6)": stats["upcard force_decision"] == 0,
        "the exchange (M10)": (stats["gives"] > 0) is rules.exchange,
    }


def count(state: State, move: Move, after: State, stats: Counter[str]) -> None:
    """Count the situations of the rules the walk played through."""
    if state.phase is Phase.EXCHANGE:  # M10: a give, no offer
        stats["gives"] += 1
        return
    origin = state.offer_origin
    assert origin is not None
    kind = to_bf(move)[0]
    stats[f"{origin.value} {state.phase.value}"] += 1
    stats["lay-downs played"] += kind == "lay"
    if kind == "force" and state.phase is Phase.OFFER:
        stats[f"{origin.value} force back"] += 1
    if kind == "decline" and after.phase is Phase.OFFER and after.offer == state.offer:
        stats[f"{origin.value} passed on"] += origin is OfferOrigin.DISCARD


@pytest.mark.parametrize(("rules", "games", "greed", "first_seed"), MEXICAN_RUNS)
def test_the_mexican_game_equals_the_brute_force(
    rules: Rules, games: int, greed: float, first_seed: int
) -> None:
    """M1-M9: every position of seeded games of the Mexican presets and of TERCERILLA with
    each option equals the model, view and legal moves, move by move."""
    stats: Counter[str] = Counter()
    for played, seed in enumerate(range(first_seed, first_seed + games)):
        # All the games under the full profiles; under dev (helpers.scaled), the games up
        # to the first at which the walk reached all it must.
        if played >= scaled(games, dev=1) and all(reached(rules, stats).values()):
            break
        dealer = seed % rules.players
        state = State.new(seed, rules=rules, dealer=dealer)
        model = deal(dealt(state), rules, dealer)
        rng = random.Random(seed)
        before: tuple[State, Move] | None = None
        while True:
            try:
                check_position(state, model, stats)
            except AssertionError as error:  # name the position (and the move to it)
                error.add_note(f"position: {state.to_notation()}")
                if before is not None:
                    error.add_note(f"after {before[1]} from {before[0].to_notation()}")
                raise
            if state.to_move is None:
                break
            by_model = {to_bf(move): move for move in state.legal_moves()}
            move = by_model[forcing_choice(rng, set(by_model), greed)]
            after = state.apply(move)
            count(state, move, after, stats)
            before = (state, move)
            state, model = after, play(model, to_bf(move))
            assert state.ply <= MAX_MOVES
        outcome = state.outcome
        assert outcome is not None
        stats[outcome.kind.value] += 1
    assert [what for what, ok in reached(rules, stats).items() if not ok] == []


def random_moves(rng: random.Random, state: State) -> list[Move]:
    """Moves to try in ``state``, mostly illegal: takes and lay-downs (V3) of random cards
    of the mover's hand, with a card of another player's hand or the offer now and then,
    and the three moves without cards."""
    player = state.to_move
    assert player is not None
    hand = sorted(state.hands[player])
    others = sorted(
        card for seat, cards in enumerate(state.hands) if seat != player for card in cards
    )
    moves: list[Move] = [Decline(), Force(), Release()]
    # M10: gives of his cards and of others' (legal in the exchange only, of his own)
    moves += [Give(card) for card in rng.sample(hand + others, min(4, len(hand + others)))]
    for _ in range(8):
        pool = hand + rng.sample(others, min(2, len(others)))
        if state.offer is not None and rng.random() < 0.1:
            pool.append(state.offer)
        laid = frozenset(rng.sample(pool, rng.randint(0, len(pool))))
        rest = [card for card in pool if card not in laid]
        discard = rng.choice(rest) if rest and rng.random() < 0.9 else None
        moves.append(Take(laid, discard))
        if laid and discard is None:
            moves.append(LayDown(laid))
    return moves


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [
        pytest.param(TERCERILLA, 8, id="tercerilla"),
        pytest.param(attrs.evolve(TERCERILLA, forcing=Forcing.DISCARDS_ONLY), 4, id="t-d-o"),
        pytest.param(
            attrs.evolve(TERCERILLA, meld_from_hand=True, regrouping=Regrouping.NONE),
            4,
            id="t-meld-from-hand-none",
        ),
        pytest.param(attrs.evolve(TERCERILLA, initial_upcard=True), 4, id="t-upcard"),
        pytest.param(attrs.evolve(TERCERILLA, exchange=True), 4, id="t-exchange"),
        pytest.param(attrs.evolve(MEXICAN, exchange=True), 4, id="mexican-exchange"),
    ],
)
def test_three_players_every_legal_move_applies_and_nothing_else_does(
    rules: Rules, seeds: int
) -> None:
    """M1-M8, M10: at every position of seeded three-player games (and two-player games
    with the exchange), each listed move is legal for the player to move only and applies
    as the model says; random takes, lay-downs, gives and simple moves are legal exactly
    when the model allows them, and an illegal one is refused with IllegalMoveError and
    changes nothing."""
    seeds = scaled(seeds, least=2)
    applied = refused = 0
    for seed in range(33000, 33000 + seeds):
        rng = random.Random(seed)
        state = State.new(seed, rules=rules, dealer=seed % rules.players)
        model = deal(dealt(state), rules, seed % rules.players)
        while state.to_move is not None:
            mover = state.to_move
            moves = state.legal_moves()
            assert {to_bf(move) for move in moves} == legal(model)
            for move in moves:
                assert mismatches(play(model, to_bf(move)), state.apply(move, player=mover)) == []
                for other in range(rules.players):
                    assert state.is_legal(move, player=other) is (other == mover)
                applied += 1
            for move in random_moves(rng, state):
                if allows(model, to_bf(move)):
                    assert mismatches(play(model, to_bf(move)), state.apply(move)) == []
                    continue
                assert not state.is_legal(move)
                with pytest.raises(IllegalMoveError):
                    state.apply(move)
                refused += 1
            assert state.legal_moves() == moves  # nothing changed
            by_model = {to_bf(move): move for move in moves}
            move = by_model[forcing_choice(rng, set(by_model), 0.6)]
            state, model = state.apply(move), play(model, to_bf(move))
    assert applied > 60 * seeds
    assert refused > 60 * seeds


# Hand-made three-player tables (as in test_bruteforce_players): Kc fits seat 0's table
# only, 4h seat 1's only, 4c seat 2's only (R14a), 6s none; seat 2 holds the fewest cards.
TABLES = ("KdKhKs", "5h6h7h", "Ac2c3c.QcQdQh")
HANDS = ("2d7cJdQsJc", "2s5dJh6c7d", "Ad5s")


def hand_made(rules: Rules, offer: str, origin: OfferOrigin, offerer: int, stock: str) -> State:
    """The engine's position (a position string) with the tables and hands above, ``offer``
    offered to the first player of its round (M4) and every other card dead."""
    named = set(parse_cards(" ".join([*HANDS, *TABLES, offer, stock]).replace(".", "")))
    dead = "".join(str(card) for card in DECK if card not in named)
    first = offerer if origin is OfferOrigin.STOCK else (offerer + 1) % 3
    words = {
        "rules": rules.to_notation(),
        "dealer": "0",
        "ply": "60",
        "phase": "offer",
        "to_move": str(first),
        "offer": offer,
        "from": f"{origin.value}:{offerer}",
        "stock": stock or "-",
        **{f"hand{seat}": hand for seat, hand in enumerate(HANDS)},
        **{f"table{seat}": table for seat, table in enumerate(TABLES)},
        "dead": dead,
        "result": "-",
    }
    return State.parse(" ".join(["conquian/1", *(f"{k}={v}" for k, v in words.items())]))


def walk(state: State, model: Position, stats: Counter[str], *, after_take: bool) -> None:
    """Every decision from ``state`` on, engine and model alike, through declines, forces
    and releases (M4-M6, M8); a take's position is checked, and its round not followed."""
    try:
        assert mismatches(model, state) == []
        moves = state.legal_moves()
        assert {to_bf(move) for move in moves} == legal(model)
    except AssertionError as error:
        error.add_note(f"position: {state.to_notation()}")
        raise
    stats[state.phase.value] += 1
    if state.outcome is not None:
        stats[state.outcome.kind.value] += 1
    if after_take:
        return
    for move in moves:
        kind = to_bf(move)[0]
        stats[kind] += 1
        walk(state.apply(move), play(model, to_bf(move)), stats, after_take=kind == "take")


@pytest.mark.parametrize("forcing", list(Forcing), ids=lambda mode: mode.value)
@pytest.mark.parametrize("stock_out", list(StockOut), ids=lambda mode: mode.value)
def test_hand_made_three_player_rounds_equal_the_brute_force(
    forcing: Forcing, stock_out: StockOut
) -> None:
    """M4, M5, M6 (under each V1 mode), M8: from hand-made positions, a card that fits one
    table or none, turned or discarded by each seat, with stock left or none, every
    sequence of declines, forces and releases to the card's death or take, the engine's
    view and moves equal the model's."""
    rules = attrs.evolve(TERCERILLA, forcing=forcing, stock_out=stock_out)
    stats: Counter[str] = Counter()
    for offer in ("Kc", "4h", "4c", "6s"):
        for origin in (OfferOrigin.STOCK, OfferOrigin.DISCARD):
            for offerer in range(3):
                for stock in ("3s4d", ""):
                    state = hand_made(rules, offer, origin, offerer, stock)
                    walk(state, from_state(state), stats, after_take=False)
    assert stats["over"] > 0
    assert (stats[OutcomeKind.DRAWN.value] > 0) is (stock_out is StockOut.DRAW)
    assert (stats[OutcomeKind.FEWEST_CARDS.value] > 0) is (stock_out is StockOut.FEWEST_CARDS)
    assert (stats["force_decision"] > 0) is (forcing is not Forcing.OFF)
    assert (stats["force"] > 0) is (forcing is not Forcing.OFF)
    assert stats["forced_take"] == stats["force"]
