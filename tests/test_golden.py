"""Golden playthroughs: seeded bot games, every ply's legal-move count and move, replayed,
under each preset rule set (classic, foster, bicycle, mexican, tercerilla) and the
three-player game under each forcing mode (V1, M6) and each stock_out (M8).

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

from conquian import PRESETS, Rules, State, Take, parse_move
from make_golden import DATA, playthrough

GOLDEN = sorted(DATA.glob("golden_*.json"))


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def test_there_are_golden_games_under_every_preset() -> None:
    """Five classic games, and two under each other preset of the classic two-player
    game and under MEXICAN (random against greedy); five three-player games (M1): two
    under TERCERILLA, one with ``stock_out:fewest_cards`` (M8), and one under each other
    forcing mode (V1, M6)."""
    assert len(GOLDEN) == 16
    records = [load(path) for path in GOLDEN]
    rules = [record["rules"] for record in records]
    assert sorted(rules) == sorted(
        ["classic"] * 5
        + ["foster"] * 2
        + ["bicycle"] * 2
        + ["mexican"] * 2
        + ["tercerilla"] * 2
        + [
            "tercerilla,stock_out:fewest_cards",
            "tercerilla,forcing:discards_only",
            "tercerilla,forcing:off",
        ]
    )
    assert set(rules) >= set(PRESETS)
    for record in records:
        players = Rules.parse(record["rules"]).players
        if players == 3:
            assert record["agents"] == [f"steered:{record['seed'] + 100 * p}" for p in range(3)]
            assert {ply["player"] for ply in record["plies"]} == {0, 1, 2}
        elif record["rules"] != "classic":
            assert record["agents"] == [f"random:{record['seed']}", "greedy"]
    classic = [tuple(record["agents"]) for record in records if record["rules"] == "classic"]
    assert sum("greedy" in pair for pair in classic) == 3
    assert sum("greedy" not in pair for pair in classic) == 2


def test_the_three_player_games_show_their_rules() -> None:
    """Between them the three-player games force in both cases of M6 (a Force in the
    round of offers, case b; in the force decision, case a), release, go out (M7), and
    win by the fewest cards (M8); ``forcing:off`` never forces, ``discards_only`` forces
    only the discards of case a."""
    seen: dict[str, set[tuple[str, str, str]]] = {}
    for path in GOLDEN:
        record = load(path)
        rules = Rules.parse(record["rules"])
        if rules.players != 3:
            continue
        state = State.from_deck(record["deck"], rules=rules, dealer=record["dealer"])
        events = seen.setdefault(rules.forcing.value, set())
        for ply in record["plies"]:
            if ply["move"] in ("force", "release"):
                assert state.offer_origin is not None
                events.add((ply["move"], state.phase.name, state.offer_origin.name))
            state = state.apply(ply["move"])
        assert state.outcome is not None
        events.add(("outcome", state.outcome.kind.name, ""))
    assert seen["declined"] >= {
        ("force", "OFFER", "STOCK"),
        ("force", "OFFER", "DISCARD"),
        ("force", "FORCE_DECISION", "DISCARD"),
        ("force", "FORCE_DECISION", "STOCK"),
        ("release", "FORCE_DECISION", "STOCK"),
        ("outcome", "WENT_OUT", ""),
        ("outcome", "FEWEST_CARDS", ""),
    }
    forced_discards_only = {event for event in seen["discards_only"] if event[0] != "outcome"}
    assert forced_discards_only == {("force", "FORCE_DECISION", "DISCARD")}
    assert all(event[0] == "outcome" for event in seen["off"])


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
    state = State.from_deck(record["deck"], rules=Rules.parse(record["rules"]))
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
    rules = Rules.parse(golden["rules"])
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
