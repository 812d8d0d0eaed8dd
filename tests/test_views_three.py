"""Tests of the JSON views with three players (M1, issue #32): every view of a
three-player game is read back and validates, a seat's view holds no card of the other
two hands or the stock, and the schema ties the seats to the number of players as the
readers do."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

from conquian import (
    MEXICAN,
    TERCERILLA,
    Card,
    Forcing,
    Game,
    InvalidStateError,
    Observation,
    Rules,
    State,
    StockOut,
)
from conquian.views import GAME_SCHEMA, OBSERVATION_SCHEMA, STATE_SCHEMA
from helpers import random_game, scaled

VALIDATORS = {
    "observation": Draft202012Validator(OBSERVATION_SCHEMA),
    "state": Draft202012Validator(STATE_SCHEMA),
    "game": Draft202012Validator(GAME_SCHEMA),
}
RULES_OF_THREE = (
    TERCERILLA,
    attrs.evolve(TERCERILLA, stock_out=StockOut.FEWEST_CARDS),
    attrs.evolve(TERCERILLA, forcing=Forcing.DISCARDS_ONLY, initial_upcard=True),
    Rules(players=3, hand_size=7, meld_from_hand=True, forcing=Forcing.OFF),
)


def through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


def games(seeds: int) -> Iterator[list[State]]:
    """The positions of random three-player games under each rule set of three."""
    for rules in RULES_OF_THREE:
        for seed in range(seeds):
            yield list(random_game(State.new(seed, rules=rules), seed, greed=0.4))


def strings(data: Any) -> Iterator[str]:
    """Every text in JSON data, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def test_every_view_of_a_three_player_game_is_read_back_and_validates_m1() -> None:
    checked = 0
    for states in games(scaled(3)):
        game = Game(states[0])
        for move in (state.history[-1].move for state in states[1:]):
            game.play(move)
        for state in [*states[:: 30 // scaled(3)], states[-1]]:
            for player in range(3):
                view = state.observation(player)
                data = through_json(view.to_dict())
                VALIDATORS["observation"].validate(data)
                assert Observation.from_dict(data) == view
                assert len(data["hand_sizes"]) == len(data["tables"]) == 3
                mine = state.to_move == player
                assert list(view.legal_moves()) == (list(state.legal_moves()) if mine else [])
                checked += 1
            data = through_json(state.to_dict())
            VALIDATORS["state"].validate(data)
            again = State.from_dict(data)
            assert again == state
            assert again.history == state.history
        data = through_json(game.to_dict())
        VALIDATORS["game"].validate(data)
        assert Game.from_dict(data) == game
    assert checked > 30


def test_a_seats_view_holds_no_card_of_the_other_hands_or_the_stock_m1() -> None:
    """Over many random positions, each seat's view names no card of the two other
    hands or of the stock, anywhere (not in its history either): every card it names is
    in its hand, on a table, dead, or in play."""
    checked = 0
    for states in games(scaled(10, 2)):
        for state in states[:: scaled(2, 1, dev=6)]:
            for player in range(3):
                others = [state.hands[other] for other in range(3) if other != player]
                hidden = {str(card) for hand in others for card in hand}
                hidden |= {str(card) for card in state.stock}
                data = through_json(state.observation(player).to_dict())
                named = set(strings(data))
                assert not hidden & named, (player, hidden & named, state.to_notation())
                assert "hands" not in data
                assert "stock" not in data
                checked += 1
    assert checked > 300


def swap_in_text(text: str, a: Card, b: Card) -> str:
    return text.replace(str(a), "@").replace(str(b), str(a)).replace("@", str(b))


def test_a_seats_view_is_the_same_whatever_the_hidden_cards_are_m1() -> None:
    """Swap a card of one other hand with one of the other hand, or with the stock: the
    third seat's view does not change (the state's does)."""
    state = next(
        s for s in random_game(State.new(8, rules=TERCERILLA), 8, greed=0.4) if s.ply == 18
    )
    base = State.parse(state.to_notation())
    for seat in range(3):
        one, two = ((seat + 1) % 3, (seat + 2) % 3)
        first, second, stocked = min(state.hands[one]), min(state.hands[two]), state.stock[-1]
        for a, b in ((first, second), (first, stocked), (second, stocked)):
            swapped = State.parse(swap_in_text(state.to_notation(), a, b))
            assert swapped.to_dict() != base.to_dict()
            assert swapped.observation(seat).to_dict() == base.observation(seat).to_dict()


def changed(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    result = copy.deepcopy(data)
    result.update(fields)
    return result


def three_player_view() -> tuple[dict[str, Any], dict[str, Any]]:
    state = State.new(seed=3, rules=TERCERILLA)
    for _ in range(9):
        state = state.apply(state.legal_moves()[0])
    return through_json(state.observation(2).to_dict()), through_json(state.to_dict())


def two_player_view() -> tuple[dict[str, Any], dict[str, Any]]:
    state = State.new(seed=3, rules=MEXICAN)
    return through_json(state.observation(1).to_dict()), through_json(state.to_dict())


def test_the_schema_and_the_readers_tie_the_seats_to_the_players_m1() -> None:
    """A view of three players has three hand sizes and tables (a state three hands);
    one of two has two, and only players 0 and 1: the schema refuses what the readers
    refuse."""
    view, state = three_player_view()
    view_two, state_two = two_player_view()
    bad_views = [
        changed(view, hand_sizes=view["hand_sizes"][:2]),
        changed(view, tables=view["tables"][:2]),
        changed(view_two, hand_sizes=[*view_two["hand_sizes"], 0]),
        changed(view_two, tables=[*view_two["tables"], []]),
        changed(view_two, player=2),
        changed(view_two, dealer=2),
        changed(view_two, to_move=2),
        changed(view_two, offered_by=2),
    ]
    for data in bad_views:
        assert not VALIDATORS["observation"].is_valid(data)
        with pytest.raises(InvalidStateError):
            Observation.from_dict(data)
    bad_states = [
        changed(state, hands=state["hands"][:2]),
        changed(state, tables=state["tables"][:2]),
        changed(state_two, hands=[*state_two["hands"], []]),
        changed(state_two, tables=[*state_two["tables"], []]),
        changed(state_two, to_move=2),
    ]
    exchange = State.new(seed=1, rules=attrs.evolve(MEXICAN, exchange=True))
    exchange = through_json(exchange.apply(exchange.legal_moves()[0]).to_dict())
    bad_states.append(changed(exchange, given=[*exchange["given"], "Kh", "Kd"]))  # M10
    for data in bad_states:
        assert not VALIDATORS["state"].is_valid(data)
        with pytest.raises(InvalidStateError):
            State.from_dict(data)
    for data in (view, view_two):
        VALIDATORS["observation"].validate(data)
    for data in (state, state_two):
        VALIDATORS["state"].validate(data)


def test_a_two_player_history_names_players_0_and_1_only_m1() -> None:
    state = State.new(seed=3, rules=MEXICAN).apply("decline")
    data = through_json(state.observation(0).to_dict())
    data["history"][0]["player"] = 2
    assert not VALIDATORS["observation"].is_valid(data)
    with pytest.raises(InvalidStateError):
        Observation.from_dict(data)


def test_a_fewest_cards_win_is_written_and_read_m8() -> None:
    rules = attrs.evolve(TERCERILLA, stock_out=StockOut.FEWEST_CARDS)
    for seed in range(40):
        end = list(random_game(State.new(seed, rules=rules), seed, greed=0.6))[-1]
        if end.outcome is not None and end.outcome.kind.value == "fewest_cards":
            break
    else:
        raise AssertionError("no fewest-cards win in 40 games")
    assert end.outcome is not None
    for player in range(3):
        data = through_json(end.observation(player).to_dict())
        VALIDATORS["observation"].validate(data)
        assert data["outcome"] == {"kind": "fewest_cards", "winner": end.outcome.winner}
        assert Observation.from_dict(data) == end.observation(player)
