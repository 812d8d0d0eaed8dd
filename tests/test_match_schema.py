"""The JSON Schema of match records (``match.schema.json``, ``MATCH_SCHEMA``): shipped in
the package, a valid draft 2020-12 schema whose games are game records (the record
schema, by its ``$id``); every match record the library writes, of two and three players,
finished or not, and every one 0.1 wrote, is valid; records the readers refuse for their
shape are invalid too."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]
from referencing import Registry, Resource  # type: ignore[import-untyped,import-not-found,unused-ignore]

from conquian import MEXICAN, TERCERILLA, Rules
from conquian.match import MATCH_SCHEMA, Match, match_dumps, match_loads
from conquian.notation import RECORD_SCHEMA

DATA = Path(__file__).resolve().parent / "data"
REGISTRY = Registry().with_resource(
    RECORD_SCHEMA["$id"], Resource.from_contents(json.loads(json.dumps(RECORD_SCHEMA)))
)
VALIDATOR = Draft202012Validator(json.loads(json.dumps(MATCH_SCHEMA)), registry=REGISTRY)


def errors(data: object) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(data)]


def played(rules: Rules, seed: int, games: int, moves: int | None = None) -> dict[str, Any]:
    """The record data of a match of ``games`` games played at random (``moves`` moves in
    all, or to its end)."""
    match = Match.new(seed, rules=rules, games=games)
    rng = random.Random(seed)
    count = 0
    while not match.is_over and count != moves:
        legal = match.legal_moves()
        match.play(legal[rng.randrange(len(legal))])
        count += 1
    data: dict[str, Any] = json.loads(match_dumps(match))
    return data


def test_the_schema_ships_in_the_package_and_is_a_draft_2020_12_schema() -> None:
    shipped = resources.files("conquian").joinpath("match.schema.json")
    assert json.loads(shipped.read_text(encoding="utf-8")) == MATCH_SCHEMA
    assert MATCH_SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(json.loads(json.dumps(MATCH_SCHEMA)))
    assert MATCH_SCHEMA["properties"]["format"] == {"const": "conquian-match"}
    # The games and the rules are the game record's: one definition of each.
    assert MATCH_SCHEMA["properties"]["games"]["items"] == {"$ref": "record-1.json"}
    assert RECORD_SCHEMA["$id"].endswith("/record-1.json")


@pytest.mark.parametrize(
    ("rules", "games", "moves"),
    [
        (Rules(), 3, None),
        (MEXICAN, 2, 70),
        (TERCERILLA, 3, None),
        (TERCERILLA, 2, 0),
        (Rules.parse("classic,scoring:points,target:30"), 40, None),
        (Rules.parse("tercerilla,draw_settlement:pool"), 2, None),
        (Rules.parse("mexican,hand_size:9,long_meld:4"), 2, None),
    ],
)
def test_every_match_record_the_library_writes_is_valid(
    rules: Rules, games: int, moves: int | None
) -> None:
    data = played(rules, 11, games, moves)
    assert errors(data) == []
    assert match_loads(json.dumps(data)) is not None


def test_every_match_record_0_1_wrote_is_valid() -> None:
    written = json.loads((DATA / "written_0_1.json").read_text(encoding="utf-8"))
    assert written["matches"]
    for data in written["matches"]:
        assert errors(data) == []


def test_a_record_of_the_wrong_shape_is_invalid() -> None:
    two = played(Rules(), 5, 2)
    three = played(TERCERILLA, 5, 2)
    assert two["result"] is not None
    assert three["result"] is not None

    def changed(data: dict[str, Any], path: list[Any], value: object) -> dict[str, Any]:
        new = copy.deepcopy(data)
        target = new
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return new

    cases = [
        changed(two, ["format"], "conquian-game"),
        changed(two, ["version"], 2),
        changed(two, ["first_dealer"], 2),  # M2: with two players, 0 or 1
        changed(three, ["first_dealer"], 3),
        changed(two, ["games_planned"], 0),
        changed(two, ["games_planned"], 1001),
        changed(two, ["seed"], -1),
        changed(two, ["seed"], 2**64),
        changed(two, ["result", "scores"], [1, -1, 0]),  # two players, two scores
        changed(three, ["result", "scores"], [1, -1]),
        changed(two, ["result", "winner"], 2),
        changed(two, ["rules", "players"], 4),
        changed(two, ["games", 0, "moves"], "decline"),  # a game is a game record
        changed(two, ["games", 0, "format"], "conquian-match"),
        {**two, "games": [two["games"][0]] * 1001},
        {**two, "stakes": 1},
        {key: value for key, value in two.items() if key != "games"},
    ]
    for data in cases:
        assert errors(data) != [], data if len(json.dumps(data)) < 400 else "a long case"
    assert errors({**two, "result": None}) == []
    assert errors({key: value for key, value in two.items() if key != "result"}) == []
