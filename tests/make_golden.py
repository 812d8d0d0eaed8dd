"""Write the golden playthroughs of tests/test_golden.py (regression data, in tests/data).

Each file records one game dealt from a seed under a preset rule set (classic, foster or
bicycle) and played by two bots: for every ply the player, the offered card, the number
of legal moves and the move played (its notation), then the outcome and the final tables
and dead cards. The test replays each game and compares exactly; it never rewrites these
files. Run this script only when a change of the engine is meant to change them (a
"Rules:" change in the changelog), then review the diff:

    PYTHONPATH=src python tests/make_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

from conquian import State, find_rules
from conquian.agents import Agent, GreedyAgent, RandomAgent

DATA = Path(__file__).resolve().parent / "data"

GAMES: dict[str, tuple[str, int, list[str]]] = {
    # file stem: (rules preset, deal seed, the agents of players 0 and 1)
    "golden_random_vs_greedy_2": ("classic", 2, ["random:2", "greedy"]),  # drawn
    "golden_random_vs_greedy_7": ("classic", 7, ["random:7", "greedy"]),  # drawn
    "golden_random_vs_greedy_19": ("classic", 19, ["random:19", "greedy"]),  # a release
    "golden_random_vs_random_4": ("classic", 4, ["random:4", "random:5"]),  # force, release
    "golden_random_vs_random_8": ("classic", 8, ["random:8", "random:9"]),  # player 0 out
    # V2 borrowing, V4, V5, V7: a borrow and a release, greedy wins; a borrow, random wins.
    "golden_foster_random_vs_greedy_7": ("foster", 7, ["random:7", "greedy"]),
    "golden_foster_random_vs_greedy_35": ("foster", 35, ["random:35", "greedy"]),
    # V1, V3, V4: two lay-downs each, both drawn.
    "golden_bicycle_random_vs_greedy_6": ("bicycle", 6, ["random:6", "greedy"]),
    "golden_bicycle_random_vs_greedy_7": ("bicycle", 7, ["random:7", "greedy"]),
}


def make_agent(name: str) -> Agent:
    """``greedy`` or ``random:SEED``."""
    if name == "greedy":
        return GreedyAgent()
    kind, _, seed = name.partition(":")
    if kind != "random":
        raise ValueError(f"unknown agent {name!r}")
    return RandomAgent(int(seed))


def playthrough(rules: str, seed: int, agent_names: list[str]) -> dict[str, object]:
    """The record of the game dealt from ``seed`` (player 0 deals) under the preset
    ``rules`` and played by the named agents."""
    agents = [make_agent(name) for name in agent_names]
    state = State.new(seed, rules=find_rules(rules))
    plies: list[dict[str, object]] = []
    while state.to_move is not None:
        player = state.to_move
        moves = state.legal_moves()
        move = agents[player].choose(state.observation(player), moves)
        plies.append(
            {"player": player, "offer": str(state.offer), "legal": len(moves), "move": str(move)}
        )
        state = state.apply(move, player=player)
    return {
        "rules": rules,
        "seed": seed,
        "dealer": state.dealer,
        "agents": agent_names,
        "deck": " ".join(map(str, state.deck or ())),
        "plies": plies,
        "outcome": str(state.outcome),
        "tables": [" ".join(map(str, table)) for table in state.tables],
        "dead": " ".join(map(str, state.dead)),
    }


def dump(record: dict[str, object]) -> str:
    """The record as JSON, one ply a line (so a diff shows the plies that changed)."""
    items = []
    for key, value in record.items():
        if key == "plies":
            assert isinstance(value, list)
            body = ",\n".join("  " + json.dumps(ply) for ply in value)
            items.append(f' "plies": [\n{body}\n ]')
        else:
            items.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(items) + "\n}\n"


def main() -> None:
    for stem, (rules, seed, agent_names) in GAMES.items():
        record = playthrough(rules, seed, agent_names)
        path = DATA / f"{stem}.json"
        path.write_text(dump(record), encoding="utf-8")
        assert json.loads(path.read_text(encoding="utf-8")) == record
        print(f"{path.name}: {record['outcome']}")


if __name__ == "__main__":
    main()
