"""Tests of conquian.ismcts: the tree search agent sees only its observation, is
reproducible by seed, plays legal moves under every preset, refuses moves that are not
legal, and spends nothing on a forced choice."""

from __future__ import annotations

import re
from typing import Any

import pytest

import conquian.search as search_module
from conquian import PRESETS, ConquianError, IllegalMoveError, State, Take, parse_move
from conquian.agents import (
    Agent,
    GreedyAgent,
    HeuristicAgent,
    ISMCTSAgent,
    SearchAgent,
    play_game,
)
from conquian.arena import agent_spec
from conquian.ismcts import DEFAULT_ITERATIONS
from conquian.simulate import AGENTS
from helpers import (
    TWO_PLAYER_PRESETS,
    checked_game,
    positions_with_a_choice,
    scaled,
    with_hidden_cards_swapped,
)

SMALL = 24  # iterations a decision in these tests: enough to grow a tree, cheap to run


@pytest.mark.parametrize("rules_name", TWO_PLAYER_PRESETS)
def test_two_states_with_the_same_observation_get_the_same_move(rules_name: str) -> None:
    """The move depends on the observation and the seed, never on the hidden cards: the
    opponent's hand and the stock dealt otherwise give the same move."""
    positions = [
        p for seed in (3, 8)[: scaled(2)] for p in positions_with_a_choice(seed, rules_name, 3)
    ]
    assert positions
    for state in positions:
        other = with_hidden_cards_swapped(state)
        mover = state.to_move
        assert mover is not None
        assert other.observation(mover) == state.observation(mover)
        assert (other.hands, other.stock) != (state.hands, state.stock)
        for seed in (0, 5)[: scaled(2)]:
            first = ISMCTSAgent(seed, iterations=SMALL).choose(
                state.observation(mover), state.legal_moves()
            )
            second = ISMCTSAgent(seed, iterations=SMALL).choose(
                other.observation(mover), other.legal_moves()
            )
            assert first == second


def test_the_same_seed_plays_the_same_game_and_another_seed_may_not() -> None:
    def game(seed: int) -> tuple[str, ...]:
        final = play_game(State.new(21), [ISMCTSAgent(seed, iterations=SMALL), HeuristicAgent()])
        return tuple(str(entry.move) for entry in final.history)

    assert game(1) == game(1)
    # Over a few positions, the seed changes at least one choice: the worlds are its own.
    positions = positions_with_a_choice(3, "classic", 6) + positions_with_a_choice(8, "classic", 6)
    choices = {
        seed: [
            ISMCTSAgent(seed, iterations=SMALL).choose(
                s.observation(s.to_move or 0), s.legal_moves()
            )
            for s in positions
        ]
        for seed in (1, 2, 3, 4)[: scaled(4, least=2)]  # two seeds under dev (helpers.scaled)
    }
    assert choices[1] == [
        ISMCTSAgent(1, iterations=SMALL).choose(s.observation(s.to_move or 0), s.legal_moves())
        for s in positions
    ]
    assert len({tuple(map(str, moves)) for moves in choices.values()}) > 1


def test_a_decision_does_not_depend_on_earlier_decisions() -> None:
    state = positions_with_a_choice(3, "classic", 3)[-1]
    mover = state.to_move
    assert mover is not None
    fresh = ISMCTSAgent(9, iterations=SMALL)
    used = ISMCTSAgent(9, iterations=SMALL)
    for earlier in positions_with_a_choice(8, "classic", 3):
        player = earlier.to_move
        assert player is not None
        used.choose(earlier.observation(player), earlier.legal_moves())
    view, moves = state.observation(mover), state.legal_moves()
    assert used.choose(view, moves) == fresh.choose(view, moves)


@pytest.mark.parametrize("rules_name", TWO_PLAYER_PRESETS)
def test_every_move_of_a_tree_search_game_is_legal(rules_name: str) -> None:
    """Checked by the wrapper of test_agents: each move is one of the legal moves, chosen
    from the player's own observation, under each preset's rules."""
    final, wrapped = checked_game(
        State.new(13, rules=PRESETS[rules_name]),
        [ISMCTSAgent(2, iterations=SMALL), ISMCTSAgent(3, iterations=SMALL)],
    )
    assert final.outcome is not None
    assert all(agent.moves > 0 for agent in wrapped)


def test_three_players_and_a_cpu_budget_play_legal_moves() -> None:
    final, wrapped = checked_game(
        State.new(5, rules=PRESETS["tercerilla"]),
        [ISMCTSAgent(1, cpu_seconds=0.002), GreedyAgent(), HeuristicAgent()],
    )
    assert final.outcome is not None
    assert wrapped[0].moves > 0


def test_a_single_iteration_plays_the_heuristics_move() -> None:
    """With one iteration only the heuristic's own move is tried, so it is played."""
    for state in positions_with_a_choice(3, "classic", 5) + positions_with_a_choice(
        8, "bicycle", 5
    ):
        mover = state.to_move
        assert mover is not None
        view, moves = state.observation(mover), state.legal_moves()
        assert ISMCTSAgent(4, iterations=1).choose(view, moves) == HeuristicAgent().choose(
            view, moves
        )


def test_the_search_overrules_the_heuristic_somewhere() -> None:
    """With a real budget the tree's most visited move is not always the heuristic's."""
    differ = 0
    for seed in range(6):
        if seed >= scaled(6, dev=1) and differ > 0:
            break  # under dev (helpers.scaled), once one move differed
        for state in positions_with_a_choice(seed, "classic", 4):
            mover = state.to_move
            assert mover is not None
            view, moves = state.observation(mover), state.legal_moves()
            differ += ISMCTSAgent(1, iterations=60).choose(view, moves) != HeuristicAgent().choose(
                view, moves
            )
    assert differ > 0


def test_r16_a_take_that_goes_out_is_played_at_once() -> None:
    state = State.parse(
        "conquian/1 rules=classic dealer=0 ply=12 phase=offer to_move=0 offer=6s "
        "from=discard:1 stock=4cQcAd3dJd4h5h7hJhAs3s4sKs hand0=6c7c6d7d6h7s hand1=Jc "
        "table0=2c2d2h2s table1=5c5d5s.KcKdKh.QdQhQs dead=3hAh4dAcJs3c result=-"
    )
    move = ISMCTSAgent(iterations=10_000).choose(state.observation(0), state.legal_moves())
    assert isinstance(move, Take)
    assert move.goes_out


def test_moves_that_are_not_legal_are_refused() -> None:
    state = State.new(0)
    view = state.observation(1)
    agent = ISMCTSAgent(1, iterations=SMALL)
    with pytest.raises(IllegalMoveError, match="take -2c"):
        agent.choose(view, [*state.legal_moves(), parse_move("take -2c")])
    with pytest.raises(IllegalMoveError):
        agent.choose(state.observation(0), state.legal_moves())  # not his turn
    with pytest.raises(ConquianError, match="no legal move"):
        agent.choose(view, ())


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seed": -1},
        {"iterations": 0},
        {"seconds": 0},
        {"cpu_seconds": float("nan")},
        {"max_takes": 0},
        {"exploration": 0},
        {"exploration": float("inf")},
        {"exploration": True},
    ],
)
def test_a_bad_budget_seed_or_constant_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=f"^{next(iter(kwargs))} (must be|is a whole)"):
        ISMCTSAgent(**kwargs)  # type: ignore[arg-type]


_HOUR = "must be a number above 0 and at most 3600 (an hour a decision), or None, not"


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seed": -1}, ConquianError, "seed is a whole number from 0 to 2**64 - 1, not -1"),
        ({"seed": True}, ConquianError, "seed is a whole number from 0 to 2**64 - 1, not True"),
        ({"iterations": 0}, ValueError, "iterations must be a whole number of at least 1, not 0"),
        (
            {"iterations": 2.5},
            ValueError,
            "iterations must be a whole number of at least 1, not 2.5",
        ),
        ({"max_takes": 0}, ValueError, "max_takes must be a whole number of at least 1, not 0"),
        ({"seconds": "1"}, ValueError, f"seconds {_HOUR} '1'"),
        ({"seconds": float("nan")}, ValueError, f"seconds {_HOUR} nan"),
        ({"cpu_seconds": 3601}, ValueError, f"cpu_seconds {_HOUR} 3601"),
        ({"seconds": 1, "cpu_seconds": 1}, ValueError, "give seconds or cpu_seconds, not both"),
    ],
)
def test_both_search_agents_refuse_a_bad_argument_alike_and_build_nothing(
    kwargs: dict[str, object],
    error: type[Exception],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One check serves both agents: the same typed error with the same words, raised
    before the search agent builds its policy, and the tree agent builds no search agent
    to check its arguments."""
    built: list[str] = []
    real_init = SearchAgent.__init__

    def counted_init(self: SearchAgent, *args: Any, **kw: Any) -> None:
        built.append("search agent")
        real_init(self, *args, **kw)

    def counted_policy() -> HeuristicAgent:
        built.append("policy")
        return HeuristicAgent()

    monkeypatch.setattr(SearchAgent, "__init__", counted_init)
    monkeypatch.setattr(search_module, "HeuristicAgent", counted_policy)
    exactly = f"^{re.escape(message)}$"
    with pytest.raises(error, match=exactly) as tree_refused:
        ISMCTSAgent(**kwargs)  # type: ignore[arg-type]
    assert built == []
    with pytest.raises(error, match=exactly) as search_refused:
        SearchAgent(**kwargs)  # type: ignore[arg-type]
    assert built == ["search agent"]  # and no policy
    assert type(tree_refused.value) is type(search_refused.value) is error
    assert str(tree_refused.value) == str(search_refused.value) == message
    ISMCTSAgent(seed=3, iterations=5, max_takes=2)
    assert built == ["search agent"]  # a good tree agent builds no search agent either


def test_it_is_a_registered_agent_with_a_plain_repr() -> None:
    assert isinstance(ISMCTSAgent(), Agent)
    assert repr(AGENTS["ismcts"](3)) == f"ISMCTSAgent(seed=3, iterations={DEFAULT_ITERATIONS})"
    assert repr(agent_spec("ismcts:budget=20ms")(7)) == "ISMCTSAgent(seed=7, cpu_seconds=0.02)"
    assert repr(agent_spec("ismcts:40")(7)) == "ISMCTSAgent(seed=7, iterations=40)"
    assert repr(ISMCTSAgent(seconds=0.5)) == "ISMCTSAgent(seed=0, seconds=0.5)"
