"""Write the golden playthroughs of tests/test_golden.py (regression data, in tests/data).

Each file records one game dealt from a seed under a rule set (a preset, classic, foster,
bicycle, mexican or tercerilla, or rules text such as ``tercerilla,forcing:off``) and
played by bots: for every ply the player, the offered card, the number of legal moves and
the move played (its notation), then the outcome and the final tables and dead cards.
The three-player games are played by :class:`SteeredPlayer`, a seeded player of this
file that reads only the legal moves (written when the library's agents played two
players only, issue 32), so that they change only when the engine does. The test replays
each game and compares exactly; it never rewrites these files. Run this script only when
a change of the engine is meant to change them (a "Rules:" change in the changelog), then
review the diff:

    PYTHONPATH=src python tests/make_golden.py
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from conquian import Decline, Force, LayDown, Move, Observation, Rules, State, Take
from conquian.agents import Agent, GreedyAgent, RandomAgent
from helpers import splitmix64

DATA = Path(__file__).resolve().parent / "data"


def steered(seed: int) -> list[str]:
    """The three players of a three-player golden game: :class:`SteeredPlayer` seeded
    ``seed``, ``seed + 100`` and ``seed + 200``."""
    return [f"steered:{seed + 100 * player}" for player in range(3)]


GAMES: dict[str, tuple[str, int, list[str]]] = {
    # file stem: (rules text, deal seed, the agents of players 0, 1 (and 2))
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
    # M7, M9: Mexican games of two players: a force and player 0 out; a release, drawn.
    "golden_mexican_random_vs_greedy_31": ("mexican", 31, ["random:31", "greedy"]),
    "golden_mexican_random_vs_greedy_17": ("mexican", 17, ["random:17", "greedy"]),
    # Three players (M1-M8) under each forcing mode (V1) and each stock_out (M8):
    # forces of case b (M6b) of a stock card and of a discard, a release, drawn;
    "golden_tercerilla_steered_5": ("tercerilla", 5, steered(5)),
    # M6b of a stock card, M6a of a discard, a release, player 1 out;
    "golden_tercerilla_steered_24": ("tercerilla", 24, steered(24)),
    # M6b and M6a of stock cards, player 2 holds the fewest cards (M8);
    "golden_tercerilla_fewest_cards_steered_37": (
        "tercerilla,stock_out:fewest_cards",
        37,
        steered(37),
    ),
    # M6a of a discard (the only force discards_only allows), player 1 out;
    "golden_tercerilla_discards_only_steered_16": (
        "tercerilla,forcing:discards_only",
        16,
        steered(16),
    ),
    # no forcing, drawn.
    "golden_tercerilla_forcing_off_steered_6": ("tercerilla,forcing:off", 6, steered(6)),
}


class SteeredPlayer:
    """A seeded player of any number of players, for the three-player golden games.

    It reads only the legal moves, in the engine's order: it forces whenever it may, four
    times in five (M6); else it declines a card that fits its table (a take that lays
    nothing, R14a) half the time, so that cards are forced; else, half the time, it plays
    the take (or V3 lay-down) listed first among those that lay the most cards; else a
    uniformly random legal move. Its
    draws are SplitMix64 outputs (:func:`helpers.splitmix64`, written from the paper),
    bounded by rejection, so a game replays on every Python version.
    """

    def __init__(self, seed: int) -> None:
        self._outputs = splitmix64(seed)

    def _below(self, n: int) -> int:
        limit = 2**64 - 2**64 % n
        while True:
            value = next(self._outputs)
            if value < limit:
                return value % n

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """A legal move, as the class says (``observation`` is not read)."""
        del observation
        moves = list(legal_moves)
        if any(isinstance(move, Force) for move in moves) and self._below(5) < 4:
            return next(move for move in moves if isinstance(move, Force))
        takes = [move for move in moves if isinstance(move, Take | LayDown)]
        fits = any(isinstance(move, Take) and not move.laid for move in takes)
        if fits and Decline() in moves and self._below(2) == 0:
            return Decline()
        if takes and self._below(2) == 0:
            most = max(len(move.laid) for move in takes)
            return next(move for move in takes if len(move.laid) == most)
        return moves[self._below(len(moves))]


def make_agent(name: str) -> Agent | SteeredPlayer:
    """``greedy``, ``random:SEED`` or ``steered:SEED``."""
    if name == "greedy":
        return GreedyAgent()
    kind, _, seed = name.partition(":")
    if kind == "steered":
        return SteeredPlayer(int(seed))
    if kind != "random":
        raise ValueError(f"unknown agent {name!r}")
    return RandomAgent(int(seed))


def playthrough(rules: str, seed: int, agent_names: list[str]) -> dict[str, object]:
    """The record of the game dealt from ``seed`` (player 0 deals) under the rules text
    ``rules`` and played by the named agents."""
    agents = [make_agent(name) for name in agent_names]
    state = State.new(seed, rules=Rules.parse(rules))
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
