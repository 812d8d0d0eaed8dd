"""Golden playthroughs: seeded bot games, every ply's legal-move count and move, replayed.

The files in tests/data were written once by tests/data/make_golden.py; this test only
reads them. A difference means the deal, the legal moves, their order, the bots or the
notation changed: if that was meant, regenerate the files and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conquian import State, parse_move
from conquian.agents import Agent, GreedyAgent, RandomAgent

DATA = Path(__file__).resolve().parent / "data"
GOLDEN = sorted(DATA.glob("golden_*.json"))


def agent_named(name: str) -> Agent:
    if name == "greedy":
        return GreedyAgent()
    kind, _, seed = name.partition(":")
    assert kind == "random", name
    return RandomAgent(int(seed))


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def test_there_are_five_golden_games() -> None:
    assert len(GOLDEN) == 5
    agents = [tuple(load(path)["agents"]) for path in GOLDEN]
    assert sum("greedy" in pair for pair in agents) == 3
    assert sum("greedy" not in pair for pair in agents) == 2


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_bots_replay_the_golden_game_exactly(path: Path) -> None:
    golden = load(path)
    agents = [agent_named(name) for name in golden["agents"]]
    state = State.new(golden["seed"], dealer=golden["dealer"])
    assert " ".join(map(str, state.deck or ())) == golden["deck"]
    plies = []
    while state.to_move is not None:
        player = state.to_move
        moves = state.legal_moves()
        move = agents[player].choose(state.observation(player), moves)
        plies.append(
            {"player": player, "offer": str(state.offer), "legal": len(moves), "move": str(move)}
        )
        state = state.apply(move, player=player)
        assert plies == golden["plies"][: len(plies)]
    assert plies == golden["plies"]
    assert str(state.outcome()) == golden["outcome"]
    assert [" ".join(map(str, table)) for table in state.tables] == golden["tables"]
    assert " ".join(map(str, state.dead)) == golden["dead"]


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_the_recorded_moves_replay_without_the_bots(path: Path) -> None:
    """The record alone is a game: each recorded move, read back, is legal in turn."""
    golden = load(path)
    state = State.from_deck(golden["deck"], dealer=golden["dealer"])
    for ply in golden["plies"]:
        assert state.to_move == ply["player"]
        assert str(state.offer) == ply["offer"]
        assert len(state.legal_moves()) == ply["legal"]
        move = parse_move(ply["move"])
        assert move in state.legal_moves()
        state = state.apply(move, player=ply["player"])
    assert str(state.outcome()) == golden["outcome"]
