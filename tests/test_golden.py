"""Golden playthroughs: seeded bot games, every ply's legal-move count and move, replayed,
under each preset rule set (classic, foster, bicycle).

The files in tests/data were written once by tests/make_golden.py; this test replays each
game with the same ``playthrough`` and only reads the files. A difference means the deal,
the legal moves, their order, the bots or the notation changed: if that was meant,
regenerate the files and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conquian import PRESETS, State, Take, find_rules, parse_move
from make_golden import DATA, playthrough

GOLDEN = sorted(DATA.glob("golden_*.json"))


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def test_there_are_golden_games_under_every_preset() -> None:
    """Five classic games, and two under each other preset of the classic two-player
    game (random against greedy). The Mexican presets (M9) have no golden games yet:
    their games are checked move by move against the brute-force model instead."""
    assert len(GOLDEN) == 9
    records = [load(path) for path in GOLDEN]
    presets = [record["rules"] for record in records]
    assert sorted(presets) == sorted(["classic"] * 5 + ["foster"] * 2 + ["bicycle"] * 2)
    assert set(presets) == set(PRESETS) - {"mexican", "tercerilla"}
    for record in records:
        if record["rules"] != "classic":
            assert record["agents"] == [f"random:{record['seed']}", "greedy"]
    classic = [tuple(record["agents"]) for record in records if record["rules"] == "classic"]
    assert sum("greedy" in pair for pair in classic) == 3
    assert sum("greedy" not in pair for pair in classic) == 2


def test_the_golden_games_show_what_their_rules_change() -> None:
    """The foster games borrow (a take's table with a card moved out of an old meld, V2)
    and the bicycle games lay cards down (V3)."""
    for path in GOLDEN:
        record = load(path)
        moves = [ply["move"] for ply in record["plies"]]
        lay_downs = [move for move in moves if move.startswith("lay ")]
        named = [move for move in moves if "[" in move]
        assert bool(lay_downs) == (record["rules"] == "bicycle"), path.stem
        assert bool(named) == (record["rules"] == "foster"), path.stem
        if record["rules"] == "foster":
            assert any(borrowed(record, ply) for ply in range(len(moves))), path.stem


def borrowed(record: dict[str, Any], index: int) -> bool:
    """Whether ply ``index`` of ``record`` breaks an old meld of its player's table (V2)."""
    state = State.from_deck(record["deck"], rules=find_rules(record["rules"]))
    for ply in record["plies"][:index]:
        state = state.apply(ply["move"])
    move = parse_move(record["plies"][index]["move"])
    player = state.to_move
    if player is None or not isinstance(move, Take) or move.table is None:
        return False
    return any(
        all(not set(old) <= set(meld) for meld in move.table) for old in state.tables[player]
    )


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_bots_replay_the_golden_game_exactly(path: Path) -> None:
    golden = load(path)
    replayed = playthrough(golden["rules"], golden["seed"], golden["agents"])
    plies = replayed["plies"]
    assert isinstance(plies, list)
    # The plies first, so that a failure shows the first ply that changed; a game that
    # ends early or late fails the comparison of the whole records below.
    for number, (ply, expected) in enumerate(zip(plies, golden["plies"], strict=False), 1):
        assert ply == expected, f"ply {number}"
    assert replayed == golden


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_the_recorded_moves_replay_without_the_bots(path: Path) -> None:
    """The record alone is a game: each recorded move, read back, is legal in turn."""
    golden = load(path)
    rules = find_rules(golden["rules"])
    state = State.from_deck(golden["deck"], rules=rules, dealer=golden["dealer"])
    for ply in golden["plies"]:
        assert state.to_move == ply["player"]
        assert str(state.offer) == ply["offer"]
        assert len(state.legal_moves()) == ply["legal"]
        move = parse_move(ply["move"])
        assert move in state.legal_moves()
        state = state.apply(move, player=ply["player"])
    assert str(state.outcome) == golden["outcome"]
    assert [" ".join(map(str, table)) for table in state.tables] == golden["tables"]
