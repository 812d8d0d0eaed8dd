"""The PettingZoo environment passes PettingZoo's own API and seed tests on every preset,
two-player and three-player (M1), and a random rollout with masks ends as the rules say
(R15, R16, M8, M11); an agent's observation shows nothing of another hand or the stock."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test

from conquian import (
    PRESETS,
    TERCERILLA,
    ConquianError,
    IllegalMoveError,
    InvalidRulesError,
    MoveProblem,
    Rules,
    State,
)
from conquian.actions import (
    DISCARD,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_LAYOUT_THREE,
    OBSERVATION_SIZE,
    OBSERVATION_SIZE_THREE,
    encode_observation,
)
from conquian.cards import Card
from conquian.integrations import require
from conquian.integrations.pettingzoo import AGENTS, AGENTS_THREE, env, raw_env
from conquian.moves import Decline, Give
from conquian.phases import OutcomeKind, Phase
from conquian.rules import StockOut
from conquian.simulate import game_seed

# api_test's advice for environments without masks; ours has one, in a Dict (as its own
# classic environments do).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


TWO_PLAYER_PRESETS = sorted(name for name, rules in PRESETS.items() if rules.players == 2)
"""The two-player presets, whose environment reads its observations from card masks."""
THREE_PLAYER_RULES = [
    TERCERILLA,
    Rules.parse("tercerilla,forcing:discards_only,stock_out:fewest_cards"),
    Rules.parse("tercerilla,regrouping:borrow,meld_from_hand:true,initial_upcard:true"),
    Rules.parse("mexican,players:3,hand_size:6,forcing:off"),
]
"""Three-player rules (M1, M9) with each option that changes what is offered and shown."""
EXCHANGE_RULES = [
    Rules.parse("mexican,exchange:true"),
    Rules.parse("tercerilla,exchange:true"),
    Rules.parse("tercerilla,exchange:true,initial_upcard:true,stock_out:fewest_cards"),
]
"""Rules with the opening exchange (M10), of two and three players."""


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_pettingzoo_api_test_passes(name: str) -> None:
    api_test(env(rules=PRESETS[name]), num_cycles=400)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(rules=PRESETS[name]), num_cycles=400)


@pytest.mark.parametrize("rules", THREE_PLAYER_RULES[1:], ids=Rules.to_notation)
def test_pettingzoo_api_and_seed_tests_pass_with_three_players_under_each_option(
    rules: Rules,
) -> None:
    api_test(env(rules=rules), num_cycles=400)
    seed_test(lambda: env(rules=rules), num_cycles=400)


def test_a_random_rollout_with_masks_ends_with_plus_and_minus_one_or_a_draw() -> None:
    rng = np.random.default_rng(5)
    game = raw_env(rules=PRESETS["foster"])
    outcomes = []
    for number in range(8):
        # the first reset seeds the run, so that the eight games are always the same ones
        game.reset(seed=5 if number == 0 else None)
        total = dict.fromkeys(AGENTS, 0.0)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            total[agent] += reward
            assert observation["observation"].shape == (OBSERVATION_SIZE,)
            if termination or truncation:
                assert not observation["action_mask"].any()
                game.step(None)
                continue
            mask = observation["action_mask"]
            assert mask.shape == (NUM_ACTIONS,)
            assert mask.any()
            # the other agent's mask is empty: it is not its turn
            assert not game.observe(AGENTS[1 - AGENTS.index(agent)])["action_mask"].any()
            legal = np.flatnonzero(mask)
            # half the time the highest action (a take's cards and discards before a
            # decline), so that some games are won
            game.step(int(legal[-1] if rng.random() < 0.5 else rng.choice(legal)))
        state = game.game_state
        assert state is not None
        assert state.outcome is not None
        winner = state.outcome.winner
        expected = (
            dict.fromkeys(AGENTS, 0.0)
            if winner is None
            else {
                AGENTS[winner]: 1.0,
                AGENTS[1 - winner]: -1.0,
            }
        )
        assert total == expected
        outcomes.append(winner)
    assert len(set(outcomes)) > 1  # not every game ends the same way


def test_the_same_seed_deals_the_same_games() -> None:
    first, second = raw_env(seed=11), raw_env(seed=11)
    first.reset()
    second.reset()
    assert first.game_state == second.game_state
    first.reset()
    assert first.game_state != second.game_state  # the next game of the run
    second.reset(seed=11)
    third = raw_env()
    third.reset(seed=11)
    assert third.game_state == second.game_state


def test_an_illegal_action_raises_in_raw_env_and_loses_in_env() -> None:
    game = raw_env()
    game.reset(seed=0)
    with pytest.raises(IllegalMoveError, match="not legal now"):
        game.step(NUM_ACTIONS - 1)
    wrapped = env()
    wrapped.reset(seed=0)
    agent = wrapped.agent_selection
    wrapped.step(NUM_ACTIONS - 1)
    assert wrapped.rewards[agent] == -1
    assert all(wrapped.terminations.values())


def test_render_shows_the_position_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    game = raw_env(render_mode="ansi")
    game.reset(seed=0)
    text = game.render()
    assert text is not None
    assert text.splitlines()[0] == "rules classic, ply 0, offer"
    assert "player_1: hand " in text
    assert "offer 5d (stock)" in text
    human = raw_env(render_mode="human")
    human.reset(seed=0)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(TypeError):
        raw_env(rules=42)  # type: ignore[arg-type]
    assert raw_env(rules="foster").rules == PRESETS["foster"]
    assert raw_env(rules=Rules(max_sequence=10)).rules.max_sequence == 10


def test_a_missing_extra_is_named_in_the_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError, match=r'pip install "conquian\[pettingzoo\]"'):
        require("pettingzoo", "pettingzoo")


def test_the_game_is_game_state_and_pettingzoos_state_method_is_left_alone() -> None:
    game = raw_env(seed=3)
    assert game.game_state is None
    game.reset()
    assert game.game_state == State.new(game_seed(3, 0))
    with pytest.raises(NotImplementedError):
        game.state()  # PettingZoo's global state, which this environment does not provide


@pytest.mark.parametrize("bad", ["abc", 1.5, -5, True, 2**64])
def test_a_bad_seed_is_refused_and_the_run_does_not_move_on(bad: object) -> None:
    with pytest.raises(ConquianError, match="seed is a whole number from 0 to 2\\*\\*64 - 1"):
        raw_env(seed=bad)  # type: ignore[arg-type]
    game, twin = raw_env(seed=9), raw_env(seed=9)
    game.reset()
    twin.reset()
    with pytest.raises(ConquianError, match="seed is a whole number"):
        game.reset(seed=bad)  # type: ignore[arg-type]
    with pytest.raises(ConquianError, match="the dealer is player 0 or 1"):
        game.reset(options={"dealer": 2})
    game.reset()
    twin.reset()
    assert game.game_state == twin.game_state  # the second game of the same run


def test_numpy_integers_are_read_as_the_numbers_they_are() -> None:
    game, twin = raw_env(), raw_env()
    game.reset(seed=np.int64(3), options={"dealer": np.int64(1)})
    twin.reset(seed=3, options={"dealer": 1})
    assert game.game_state == twin.game_state
    action = int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0])
    game.step(np.int64(action))
    twin.step(action)
    assert game.game_state == twin.game_state


def test_an_action_must_be_a_whole_number_and_none_is_played_after_the_end() -> None:
    game = raw_env()
    game.reset(seed=0)
    state, agent = game.game_state, game.agent_selection
    legal = int(np.flatnonzero(game.observe(agent)["action_mask"])[0])
    for bad in (True, float(legal), str(legal), None):
        with pytest.raises(TypeError, match="an action is an int"):
            game.step(bad)  # type: ignore[arg-type]
        assert (game.game_state, game.agent_selection) == (state, agent)
    with pytest.raises(ValueError, match="an action is from 0 to 278"):
        game.step(NUM_ACTIONS)
    for agent in game.agent_iter():
        _, _, termination, _, _ = game.last()
        if termination:
            game.step(None)
        else:
            game.step(int(np.flatnonzero(game.observe(agent)["action_mask"])[-1]))
    assert not game.agents
    with pytest.raises(IllegalMoveError, match="call reset") as refused:
        game.step(0)
    assert refused.value.problem is MoveProblem.GAME_OVER


@pytest.mark.parametrize("name", TWO_PLAYER_PRESETS)
def test_the_observation_is_encode_observation_of_the_agents_view(name: str) -> None:
    """The environment writes the encoding straight from card masks; it equals
    encode_observation of each agent's observation and move builder at every step of
    random games (V2 chosen melds, V3 lay-downs and V8 upcards included), and the mask
    is the builder's."""
    rng = np.random.default_rng(4)
    game = raw_env(rules=PRESETS[name])
    steps = declined = 0
    for number in range(6):
        game.reset(seed=number)
        for _ in game.agent_iter():
            state = game.game_state
            assert state is not None
            for other in AGENTS:
                player = AGENTS.index(other)
                builder = game.move_builder if state.to_move == player else None
                seen = game.observe(other)
                expected = encode_observation(state.observation(player), builder)
                assert seen["observation"].tolist() == pytest.approx(expected, abs=1e-7)
                mask = builder.mask() if builder is not None else [0] * NUM_ACTIONS
                assert seen["action_mask"].tolist() == mask
                declined += bool(seen["observation"][DECLINED].any())
            observation, _, termination, truncation, _ = game.last()
            steps += 1
            if termination or truncation:
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(legal[-1] if rng.random() < 0.3 else rng.choice(legal)))
    assert steps > 100
    assert declined > 10


DECLINED = slice(
    sum(list(OBSERVATION_LAYOUT.values())[:7]), sum(list(OBSERVATION_LAYOUT.values())[:8])
)
"""Where the opponent's declined cards are in the vector."""


def test_a_game_starts_from_a_given_position() -> None:
    """reset(options={"position": ...}) takes a State (what the opponent declined is read
    from its history) or a position string; the run does not move on."""
    start = State.new(9)
    for _ in range(6):
        start = start.apply(start.legal_moves()[-1])
    assert start.history
    game = raw_env(seed=2)
    game.reset(options={"position": start})
    assert game.game_state == start
    assert game.agent_selection == AGENTS[start.to_move or 0]
    mover = start.to_move
    assert mover is not None
    for agent in AGENTS:
        player = AGENTS.index(agent)
        builder = game.move_builder if player == mover else None
        expected = encode_observation(start.observation(player), builder)
        assert game.observe(agent)["observation"].tolist() == pytest.approx(expected)
    text = raw_env()
    text.reset(options={"position": start.to_notation()})
    assert text.game_state == State.parse(start.to_notation())
    game.reset()
    assert game.game_state == State.new(game_seed(2, 0))  # the run's first game still
    wrapped = env(seed=1)
    wrapped.reset(options={"position": start})
    assert wrapped.unwrapped.game_state == start


@pytest.mark.parametrize(
    ("position", "error", "message"),
    [
        (State.new(1, rules=PRESETS["foster"]), ConquianError, "not the environment's classic"),
        ("conquian/1 nonsense", ConquianError, "'nonsense' is not key=value"),
        (42, TypeError, "a position is a State or its text, not 42"),
    ],
)
def test_a_bad_position_is_refused_and_changes_nothing(
    position: object, error: type[Exception], message: str
) -> None:
    game = raw_env(seed=5)
    game.reset()
    before = game.game_state
    with pytest.raises(error, match=message):
        game.reset(options={"position": position})
    assert game.game_state == before
    with pytest.raises(ConquianError, match="give a position or a dealer"):
        game.reset(options={"position": State.new(1), "dealer": 1})
    final = State.new(4)
    while final.to_move is not None:
        final = final.apply(final.legal_moves()[0])
    with pytest.raises(ConquianError, match="finished game"):
        game.reset(options={"position": final})
    assert game.game_state == before


def test_the_action_space_answers_contains_as_gymnasiums_discrete() -> None:
    """The action space answers a Python int itself (for speed under the wrappers), and
    every value as gymnasium's Discrete(279) does."""
    space = raw_env().action_space(AGENTS[0])
    plain = spaces.Discrete(NUM_ACTIONS)
    values: list[object] = [-1, 0, 5, 278, 279, 2**70, True, False, 5.0, "5", None]
    values += [np.int64(5), np.int8(-1), np.uint16(300), np.array(3), np.array([3])]
    for value in values:
        assert space.contains(value) is plain.contains(value), value
    assert space == plain
    assert str(space) == "Discrete(279)"


def test_an_observation_is_the_callers_own_to_change() -> None:
    """The mask is a copy of one kept for its legal actions, and the vector is new at
    every call: changing what observe returned changes nothing after."""
    game = raw_env(seed=2)
    game.reset()
    agent = game.agent_selection
    first = game.observe(agent)
    expected = {name: array.copy() for name, array in first.items()}
    for array in first.values():
        array[:] = 0
    again = game.observe(agent)
    assert again["action_mask"].any()
    for name, array in expected.items():
        assert np.array_equal(again[name], array)
    twin = raw_env(seed=2)
    twin.reset()
    assert np.array_equal(twin.observe(agent)["action_mask"], expected["action_mask"])


def test_three_player_rules_seat_three_agents_given_as_rules_or_as_text() -> None:
    """M1: ``players`` 3 makes three agents, player_N at seat N; the observation has the
    three-player layout (571 numbers), the actions are the same."""
    game = raw_env(rules="tercerilla", seed=3)
    assert game.rules == TERCERILLA
    assert game.possible_agents == ["player_0", "player_1", "player_2"] == list(AGENTS_THREE)
    game.reset()
    assert game.agents == game.possible_agents
    assert game.game_state == State.new(game_seed(3, 0), rules=TERCERILLA)
    assert game.agent_selection == "player_1"  # R10, M2: the player after the dealer
    space = game.observation_space("player_2")
    assert isinstance(space, spaces.Dict)
    assert space["observation"].shape == (OBSERVATION_SIZE_THREE,) == (571,)
    assert game.action_space("player_2") == spaces.Discrete(NUM_ACTIONS)
    assert raw_env(rules="mexican").possible_agents == ["player_0", "player_1"]
    with pytest.raises(InvalidRulesError):
        raw_env(rules="tercerilla,players:4")
    with pytest.raises(ConquianError, match="the dealer is player 0, 1 or 2, not 3"):
        game.reset(options={"dealer": 3})
    game.reset(options={"dealer": 2})
    assert game.game_state is not None
    assert game.game_state.dealer == 2
    assert game.agent_selection == "player_0"


@pytest.mark.parametrize("rules", THREE_PLAYER_RULES, ids=Rules.to_notation)
def test_a_three_player_rollout_ends_with_the_winner_paid_by_each_loser(rules: Rules) -> None:
    """M11: the winner gets +2, each loser -1 (a fewest-cards win under M8 too); a draw
    is 0 for all. The observation of each agent is encode_observation of its view, and
    only the agent to move has a mask."""
    rng = np.random.default_rng(8)
    game = raw_env(rules=rules)
    winners: list[int | None] = []
    kinds = set()
    number = 0
    while number < 40 and (None not in winners or winners.count(None) == len(winners)):
        # games of the run until one is won and one drawn
        game.reset(seed=8 if number == 0 else None)
        number += 1
        total = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            total[agent] += reward
            assert observation["observation"].shape == (OBSERVATION_SIZE_THREE,)
            if termination or truncation:
                assert not observation["action_mask"].any()
                game.step(None)
                continue
            state = game.game_state
            assert state is not None
            for other in game.possible_agents:
                player = game.possible_agents.index(other)
                seen = game.observe(other)
                builder = game.move_builder if other == agent else None
                expected = encode_observation(state.observation(player), builder)
                assert seen["observation"].tolist() == pytest.approx(expected, abs=1e-7)
                if other != agent:
                    assert not seen["action_mask"].any()
            legal = np.flatnonzero(observation["action_mask"])
            assert game.move_builder is not None
            assert legal.tolist() == list(game.move_builder.legal_actions())
            game.step(int(legal[-1] if rng.random() < 0.7 else rng.choice(legal)))
        state = game.game_state
        assert state is not None
        assert state.outcome is not None
        winner = state.outcome.winner
        expected_total = dict.fromkeys(game.possible_agents, 0.0)
        if winner is not None:
            expected_total = dict.fromkeys(game.possible_agents, -1.0)
            expected_total[game.possible_agents[winner]] = 2.0
        assert total == expected_total
        assert sum(total.values()) == 0
        winners.append(winner)
        kinds.add(state.outcome.kind)
    if rules.stock_out is StockOut.FEWEST_CARDS:
        assert OutcomeKind.FEWEST_CARDS in kinds  # M8: paid as a win (M11)
    assert None in winners
    assert {*winners} - {None}


def _part(vector: np.ndarray, name: str) -> np.ndarray:
    """The part ``name`` of a three-player observation vector."""
    names = list(OBSERVATION_LAYOUT_THREE)
    start = sum(OBSERVATION_LAYOUT_THREE[n] for n in names[: names.index(name)])
    return vector[start : start + OBSERVATION_LAYOUT_THREE[name]]


def test_a_three_player_observation_shows_each_opponent_from_the_agents_seat() -> None:
    """The parts of the vector for the next player and the previous one (M1) are theirs:
    tables, hand sizes, what each declined or passed (M4), who offered the card and
    whose turn it is."""
    rng = random.Random(2)
    checked = declined = 0
    for seed in range(6):
        state = State.new(seed, rules=TERCERILLA)
        while not state.is_over:
            game = raw_env(rules=TERCERILLA)
            game.reset(options={"position": state})
            for player in range(3):
                vector = game.observe(AGENTS_THREE[player])["observation"]
                nxt, previous = (player + 1) % 3, (player + 2) % 3
                for seat, name in ((player, "own"), (nxt, "next"), (previous, "previous")):
                    table = {card.index for meld in state.tables[seat] for card in meld.cards}
                    assert set(np.flatnonzero(_part(vector, f"{name}_table"))) == table
                assert set(np.flatnonzero(_part(vector, "hand"))) == {
                    card.index for card in state.hands[player]
                }
                for seat, name in ((nxt, "next"), (previous, "previous")):
                    assert _part(vector, f"{name}_hand_size")[0] * 20 == pytest.approx(
                        len(state.hands[seat])
                    )
                    refused = {
                        played.offer.index
                        for played in state.history
                        if played.player == seat
                        and isinstance(played.move, Decline)
                        and played.offer is not None
                    }
                    assert set(np.flatnonzero(_part(vector, f"{name}_declined"))) == refused
                    declined += bool(refused)
                assert _part(vector, "to_move").tolist() == [
                    float(state.to_move == seat) for seat in (player, nxt, previous)
                ]
                assert _part(vector, "offered_by").tolist() == [
                    float(state.offer is not None and state.offered_by == seat)
                    for seat in (player, nxt, previous)
                ]
                assert _part(vector, "stock_size")[0] * 40 == pytest.approx(len(state.stock))
                checked += 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert checked > 300
    assert declined > 100


def _hidden_swaps(
    state: State, viewer: int, rng: random.Random, keep: frozenset[Card]
) -> Iterator[State]:
    """``state`` with a card of each other player's hand swapped with a stock card, and
    a card of one other hand swapped with a card of the other (never a card of ``keep``)."""
    gave = {  # M10: the card the viewer gave is known to him, wherever it is
        played.move.card
        for played in state.history
        if isinstance(played.move, Give) and played.player == viewer
    }
    hands = [hand - keep - gave for hand in state.hands]
    stock = list(state.stock)
    others = [seat for seat in range(state.players) if seat != viewer]
    for other in others:
        if not hands[other] or not stock:
            continue
        card = rng.choice(sorted(hands[other]))
        at = rng.randrange(len(stock))
        swapped = list(state.hands)
        swapped[other] = (state.hands[other] - {card}) | {stock[at]}
        new_stock = [*stock[:at], card, *stock[at + 1 :]]
        yield _with(state, swapped, new_stock, {card: stock[at]})
    first, second = others[0], others[-1]
    if first != second and hands[first] and hands[second]:
        a, b = rng.choice(sorted(hands[first])), rng.choice(sorted(hands[second]))
        swapped = list(state.hands)
        swapped[first] = (state.hands[first] - {a}) | {b}
        swapped[second] = (state.hands[second] - {b}) | {a}
        yield _with(state, swapped, stock, {a: b, b: a})


def _with(
    state: State, hands: list[frozenset[Card]], stock: list[Card], moved: dict[Card, Card]
) -> State:
    """``state`` with these hands and stock; in the opening exchange (M10) a card set
    aside that was swapped is replaced by the card that took its place (``moved``)."""
    masks = tuple(sum(1 << card.index for card in hand) for hand in hands)
    changes: dict[str, Any] = {"hands": masks, "stock": tuple(card.index for card in stock)}
    if state.phase is Phase.EXCHANGE:  # the set-aside cards are the offered_by field
        changes["offered_by"] = sum(1 << moved.get(card, card).index for card in state.given)
    return state._replace(**changes)


@pytest.mark.parametrize("rules", THREE_PLAYER_RULES[:3] + EXCHANGE_RULES, ids=Rules.to_notation)
def test_an_agents_observation_holds_nothing_of_the_other_two_hands_or_the_stock(
    rules: Rules,
) -> None:
    """The swap test with three agents: swapping a card of another agent's hand with a
    stock card, or a card of one opponent's hand with one of the other's, changes neither
    the agent's observation vector nor its mask, at every step of random games. With the
    opening exchange (M10, two players too) the cards set aside and the gives the agent
    may not see are swapped as well (never the card he gave: he knows it)."""
    rng = random.Random(6)
    swaps = exchanging = 0
    for seed in range(4):
        state = State.new(seed, rules=rules)
        while not state.is_over:
            game = raw_env(rules=rules)
            game.reset(options={"position": state})
            builder = game.move_builder
            assert builder is not None
            steps = []  # a move half built: the mover's selection is shown to him
            while rng.random() < 0.5:
                step = rng.choice(builder.legal_actions())
                if builder.apply(step).move is not None:
                    break
                game.step(step)
                builder = builder.apply(step)
                steps.append(step)
            for viewer in range(rules.players):
                seen = game.observe(AGENTS_THREE[viewer])
                # with a move half built, the mover's hand stays (the legal steps depend
                # on it); without, it is swapped too
                mover = state.to_move
                assert mover is not None
                keep = state.hands[mover] if steps else frozenset()
                for swapped in _hidden_swaps(state, viewer, rng, keep):
                    assert swapped != state
                    twin = raw_env(rules=rules)
                    twin.reset(options={"position": swapped})
                    for step in steps:
                        twin.step(step)
                    again = twin.observe(AGENTS_THREE[viewer])
                    assert np.array_equal(again["observation"], seen["observation"])
                    assert np.array_equal(again["action_mask"], seen["action_mask"])
                    swaps += 1
                    exchanging += state.phase is Phase.EXCHANGE
            state = state.apply(rng.choice(state.legal_moves()))
    assert swaps > 300
    assert exchanging > 5 or not rules.exchange


def test_render_shows_three_hands_in_a_three_player_game() -> None:
    game = raw_env(rules=TERCERILLA, render_mode="ansi")
    game.reset(seed=0)
    text = game.render()
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "rules tercerilla, ply 0, offer"
    assert [line.split(":")[0] for line in lines[1:4]] == list(AGENTS_THREE)


@pytest.mark.parametrize("rules", EXCHANGE_RULES, ids=Rules.to_notation)
def test_the_opening_exchange_is_played_with_gives_masked_and_hidden(rules: Rules) -> None:
    """M10: each agent in turn from the player after the dealer gives one hand card (a
    discard action, one legal per hand card); the observation is encode_observation's
    with the exchange part (the exchange, the card given, and once all have chosen the
    card received) at every step of random games; PettingZoo's own tests pass."""
    api_test(env(rules=rules), num_cycles=300)
    seed_test(lambda: env(rules=rules), num_cycles=300)
    game = raw_env(rules=rules)
    space = game.observation_space("player_0")
    assert isinstance(space, spaces.Dict)
    shape = space["observation"].shape
    assert shape is not None
    size = shape[0]
    assert size == (486 if rules.players == 2 else 571) + 81
    rng = np.random.default_rng(3)
    gives = received = 0
    for number in range(4):
        game.reset(seed=3 if number == 0 else None)
        for agent in game.agent_iter():
            observation, _, termination, _, _ = game.last()
            if termination:
                game.step(None)
                continue
            state = game.game_state
            assert state is not None
            for other in game.possible_agents:
                player = game.possible_agents.index(other)
                builder = game.move_builder if other == agent else None
                view = state.observation(player)
                expected = encode_observation(view, builder)
                seen = game.observe(other)["observation"]
                assert seen.shape == (size,)
                assert seen.tolist() == pytest.approx(expected, abs=1e-7)
                received += bool(seen[-40:].any())
            legal = np.flatnonzero(observation["action_mask"])
            if state.phase is Phase.EXCHANGE:  # a give: the discard action of a hand card
                mover = game.possible_agents.index(agent)
                assert sorted(legal - DISCARD) == sorted(c.index for c in state.hands[mover])
                assert observation["observation"][-81] == 1
                gives += 1
            game.step(int(legal[-1] if rng.random() < 0.5 else rng.choice(legal)))
    assert gives == 4 * rules.players
    assert received > 100
