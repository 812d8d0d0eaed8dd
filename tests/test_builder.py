"""Building a take one card at a time (R6, R11, R13, R16; V2, V3): every legal take is
reached through the builder's steps, and nothing else is."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conquian import (
    CLASSIC,
    DECK,
    Card,
    IllegalMoveError,
    InvalidStateError,
    LayDown,
    Meld,
    Rules,
    State,
    Take,
    parse_cards,
)
from conquian.builder import TakeBuilder
from conquian.rules import PRESETS
from helpers import built_moves, random_game
from strategies import RULE_SETS


def positions(rules_index: int, seed: int) -> list[State]:
    rules = RULE_SETS[rules_index]
    return list(random_game(State.new(seed, rules=rules), seed, greed=0.6))[::3]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, len(RULE_SETS) - 1), st.integers(0, 2**32))
def test_builder_reaches_exactly_the_legal_takes_and_lay_downs(
    rules_index: int, seed: int
) -> None:
    for state in positions(rules_index, seed):
        legal = state.legal_moves()
        takes = {move for move in legal if isinstance(move, Take)}
        if state.phase.value in ("offer", "forced_take"):
            assert built_moves(state.take_builder()) == takes, state.to_notation()
        else:
            assert not takes
            with pytest.raises(IllegalMoveError):
                state.take_builder()
        lay_downs = {move for move in legal if isinstance(move, LayDown)}
        if lay_downs:
            assert built_moves(state.lay_down_builder()) == lay_downs, state.to_notation()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_builder_matches_legal_takes_on_every_preset(name: str) -> None:
    rules = PRESETS[name]
    checked = 0
    for seed in range(6):
        for state in random_game(State.new(seed, rules=rules), seed, greed=0.7):
            if state.phase.value in ("offer", "forced_take"):
                takes = {move for move in state.legal_moves() if isinstance(move, Take)}
                assert built_moves(state.take_builder()) == takes
                checked += len(takes)
    assert checked > 50


def position(hand0: str, hand1: str, offer: str, table1: str = "-") -> State:
    """Player 1 to decide on ``offer``, turned up by him; the rest of the pack is stock."""
    used = set(parse_cards(hand0 + " " + hand1 + " " + offer))
    if table1 != "-":
        used |= set(parse_cards(table1.replace(",", " ")))
    stock = "".join(str(card) for card in DECK if card not in used)
    return State.parse(
        f"conquian/1 rules=classic dealer=0 ply=0 phase=offer to_move=1 offer={offer} "
        f"from=stock:1 stock={stock} hand0={hand0} hand1={hand1} table0=- "
        f"table1={table1} dead=- result=-"
    )


# 4c offered; the hand holds clubs around it and a group of 2s.
RICH = position("7h7s5sJcQcKc6s3s4sAd", "2c3c5c6c7c2s2hJs7dAc", "4c")


def test_r6_steps_of_a_take_with_a_run() -> None:
    builder = RICH.take_builder()
    assert builder.offer == Card.parse("4c")
    assert builder.is_possible
    assert not builder.is_complete
    # 2s and 2h too: they may go down as a group with 2c while 4c joins a run.
    assert builder.addable == frozenset(parse_cards("Ac 2c 3c 5c 6c 7c 2s 2h"))
    builder = builder.add("3c").add("5c")
    assert builder.is_complete
    assert builder.table == (Meld(parse_cards("3c4c5c")),)
    assert Card.parse("2s") in builder.discards
    assert Card.parse("3c") not in builder.discards
    move = builder.discard("Js")
    assert move == Take(parse_cards("3c5c"), Card.parse("Js"))
    assert RICH.is_legal(move)


def test_r13_a_take_may_hold_two_melds() -> None:
    builder = RICH.take_builder().add("2s")
    assert not builder.is_complete
    # With 2s chosen, the group of 2s needs 2c and 2h, so Ac can no longer go down (its
    # run would need 2c); 4c then needs 3c and 5c.
    assert builder.addable == frozenset(parse_cards("2c 2h 3c 5c 6c 7c"))
    builder = builder.add("2h").add("2c")
    assert not builder.is_complete
    assert builder.addable == frozenset(parse_cards("3c 5c 6c 7c"))
    builder = builder.add("3c").add("5c")
    assert builder.table == (Meld(parse_cards("2c2h2s")), Meld(parse_cards("3c4c5c")))
    builder = builder.add("6c").add("7c")
    assert builder.addable == frozenset()
    builder = builder.remove("2s").remove("2h").add("Ac")
    assert builder.table == (Meld(parse_cards("Ac2c3c4c5c6c7c")),)
    assert builder.discards == frozenset(parse_cards("2s 2h Js 7d"))


def test_r16_a_take_that_lays_every_card_goes_out() -> None:
    state = position("7h7s5sJcQcKc6s3s4sAd", "2c3c5c6c2s2h2d", "4c", table1="JdQdKd")
    builder = state.take_builder()
    for card in parse_cards("2c 2s 2h 2d 3c 5c"):
        builder = builder.add(card)
    assert builder.is_complete
    assert not builder.can_go_out
    builder = builder.add("6c")
    assert builder.can_go_out
    assert not builder.discards
    assert builder.go_out() == Take(parse_cards("2c3c5c6c2s2h2d"), None)
    assert state.is_legal(builder.go_out())


def test_steps_are_immutable_and_remove_undoes_add() -> None:
    start = RICH.take_builder()
    added = start.add("5c")
    assert start.selected == frozenset()
    assert added.remove("5c") == start


def test_bad_steps_are_typed_errors_with_reasons() -> None:
    builder = RICH.take_builder()
    with pytest.raises(IllegalMoveError, match="7h is not in your hand"):
        builder.add("7h")
    with pytest.raises(IllegalMoveError, match="Js cannot be added"):
        builder.add("Js")
    with pytest.raises(IllegalMoveError, match="5c is not chosen"):
        builder.remove("5c")
    with pytest.raises(IllegalMoveError, match="the cards chosen do not make a table yet"):
        builder.discard("Js")
    with pytest.raises(IllegalMoveError, match="the cards chosen do not make a table yet"):
        builder.go_out()
    with pytest.raises(IllegalMoveError, match="you cannot discard 5c; you may discard"):
        builder.add("5c").add("6c").discard("5c")
    with pytest.raises(TypeError):
        builder.add(7)  # type: ignore[arg-type]


HAND = parse_cards("5c 6c 2d 3d 4h 5h 6h")
TABLE = (Meld("Kc Kd Kh"),)


@pytest.mark.parametrize(
    ("rules", "hand", "table", "offer", "words"),
    [
        (CLASSIC, HAND, TABLE, "5c", "the offered card 5c is the player's own"),
        (CLASSIC, HAND, TABLE, "Kd", "the offered card Kd is the player's own"),
        (
            CLASSIC,
            [*HAND[:-1], Card.parse("Kh")],
            TABLE,
            "7c",
            "the hand and the table both hold Kh",
        ),
        (
            CLASSIC,
            HAND[:4],
            (*TABLE, Meld("Ks Kd Kc")),
            "7c",
            "the table holds Kc Kd in two melds",
        ),
        (CLASSIC, HAND[:-1], TABLE, "7c", "hold 10 cards under these rules (R14), not 9"),
        (Rules(hand_size=7), HAND, TABLE, "7c", "hold 7 cards under these rules (R14), not 10"),
        (
            CLASSIC,
            (),
            (Meld("Ah 2h 3h 4h 5h 6h 7h Jh Qh", rules=Rules(max_sequence=10)), Meld("Kc Kd Ks")),
            "7c",
            "is not one these rules allow (max_sequence:8",
        ),
    ],
)
def test_a_builder_is_started_only_from_a_players_position(
    rules: Rules, hand: list[Card], table: tuple[Meld, ...], offer: str, words: str
) -> None:
    """The cards a builder starts from must be a position a player could hold (R4, R5,
    R14): otherwise it would build moves no game allows, such as discarding the taken
    card."""
    with pytest.raises(InvalidStateError) as refused:
        TakeBuilder.start(rules, hand, table, Card.parse(offer))
    assert words in str(refused.value)
    assert TakeBuilder.start(CLASSIC, HAND, TABLE, Card.parse("7c")).addable  # a real one


def test_an_arrangement_number_of_any_size_is_refused_in_a_few_words() -> None:
    """Foster's borrowing (V2) leaves two tables to choose from; a number of thousands of
    digits is named by its size, never written out (nor turned into text at all)."""
    state = State.parse(
        "conquian/1 rules=classic,max_sequence:10,regrouping:borrow dealer=0 ply=27 "
        "phase=offer to_move=0 offer=5s from=stock:1 stock=JcQcKsKc3hQd6d "
        "hand0=5cKd2hJh6sQs hand1=Ah table0=As2s3s4s table1=7c7d7h7s.Ad2d3d4d5d "
        "dead=Ac4hQhJs3c6c4c5h6hKhJd2c result=-"
    )
    builder = state.take_builder().add("6s")
    assert builder.needs_arrangement
    for number in (2, 2**10_000, 2**20_000):
        with pytest.raises(
            IllegalMoveError, match="tables to choose from: 2: numbered 0 to 1, not"
        ) as caught:
            builder.arrange(number)
        assert len(str(caught.value)) < 120


def laid_with(
    state: State, kind: type[Take] | type[LayDown], chosen: frozenset[Card]
) -> set[Card]:
    """The hand cards that some legal move of ``kind`` lays along with ``chosen``: what a
    builder must offer to add (R6, R13; V2, V3)."""
    return {
        card
        for move in state.legal_moves()
        if isinstance(move, kind) and chosen <= move.laid
        for card in move.laid - chosen
    }


def replayed(start: TakeBuilder, chosen: frozenset[Card]) -> TakeBuilder:
    """A builder with ``chosen`` added to ``start`` (a new builder each step), highest
    card first, and nothing asked of it yet."""
    for card in sorted(chosen, reverse=True):
        start = start.add(card)
    return start


@pytest.mark.parametrize("rules", RULE_SETS, ids=[r.to_notation() for r in RULE_SETS])
def test_each_step_offers_the_cards_some_legal_move_lays_asked_before_or_not(
    rules: Rules,
) -> None:
    """A builder keeps what it has found (addable cards, tables), so a step's new builder
    must answer for its own selection, not the one it came from, and the answers must not
    depend on what was asked before: along random clicks (adds and removes), addable is
    the cards some legal move lays with the selection, and an unasked builder with the
    same selection accepts exactly those cards and has the same table and discards."""
    rng = random.Random(rules.to_notation())
    steps = 0
    for seed in range(4):
        for state in random_game(State.new(seed, rules=rules), seed, greed=0.6):
            starts: list[tuple[type[Take] | type[LayDown], TakeBuilder]] = []
            if any(isinstance(move, Take) for move in state.legal_moves()):
                starts.append((Take, state.take_builder()))
            if any(isinstance(move, LayDown) for move in state.legal_moves()):
                starts.append((LayDown, state.lay_down_builder()))
            for kind, start in starts:
                builder = start
                for _ in range(12):
                    expected = laid_with(state, kind, builder.selected)
                    assert builder.addable == expected, (state.to_notation(), builder)
                    assert builder.addable == expected  # and again, as kept
                    fresh = replayed(start, builder.selected)
                    assert fresh == builder
                    for card in sorted(builder.hand - builder.selected):
                        if card in expected:
                            assert fresh.add(card).selected == builder.selected | {card}
                        else:
                            with pytest.raises(IllegalMoveError, match="cannot be added"):
                                fresh.add(card)
                    fresh = replayed(start, builder.selected)
                    assert (fresh.is_complete, fresh.table, fresh.arrangements) == (
                        builder.is_complete,
                        builder.table,
                        builder.arrangements,
                    )
                    assert (fresh.discards, fresh.can_go_out) == (
                        builder.discards,
                        builder.can_go_out,
                    )
                    steps += 1
                    if builder.selected and rng.random() < 0.25:
                        builder = builder.remove(rng.choice(sorted(builder.selected)))
                    elif expected:
                        builder = builder.add(rng.choice(sorted(expected)))
                    else:
                        break
    assert steps > 50
