"""Tests of conquian.arena: the ladder plays every pair on the same deals, seats swapped,
and its table, ratings and JSON say what happened."""

from __future__ import annotations

import copy
import io
import itertools
import json
import math
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conquian import CLASSIC, PRESETS, ConquianError, State
from conquian.agents import Agent, GreedyAgent, RandomAgent, play_game
from conquian.arena import (
    MAX_AGENTS,
    ArenaResult,
    PairResult,
    agent_spec,
    arena,
    bradley_terry,
)
from conquian.cli import main
from conquian.simulate import AGENTS, game_seed
from helpers import scaled, splitmix64

SAVED_LADDERS = ("bicycle", "classic", "foster")
"""The presets whose ladders are saved behind the agents page (two players)."""


def _saved_ladder(rules_name: str) -> Path:
    return Path(__file__).parent.parent / "benchmarks" / "results" / f"ladder-{rules_name}.json"


@pytest.fixture(scope="module")
def small() -> ArenaResult:
    return arena(["random", "greedy", "heuristic"], deals=6, seed=4)


def test_every_pair_plays_every_deal_twice(small: ArenaResult) -> None:
    assert [(p.first, p.second) for p in small.pairs] == [
        ("random", "greedy"),
        ("random", "heuristic"),
        ("greedy", "heuristic"),
    ]
    for pair in small.pairs:
        assert pair.games == 12
        assert len(pair.deal_scores) == 6
        assert sum(pair.deal_scores) == pair.wins + pair.draws / 2


def test_r9_a_deal_is_played_from_both_seats_with_its_dealer() -> None:
    """Deal d is dealt from game_seed(seed, d) with player d % 2 dealing; the first agent
    sits in seat 0, then in seat 1."""
    result = arena(["random", "greedy"], deals=3, seed=2)
    expected = []
    for deal in range(3):
        points = 0.0
        for first_seat in (0, 1):
            seed = game_seed(2, deal)
            agents: list[Agent] = [GreedyAgent(), GreedyAgent()]
            # The agent in seat s is built from the first SplitMix64 output of seed ^ (s + 1).
            agents[first_seat] = RandomAgent(next(splitmix64(seed ^ (first_seat + 1))))
            outcome = play_game(State.new(seed, dealer=deal % 2), agents).outcome
            assert outcome is not None
            points += 0.5 if outcome.winner is None else float(outcome.winner == first_seat)
        expected.append(points)
    assert result.pairs[0].deal_scores == tuple(expected)


def test_the_table_shows_each_pair_and_each_rating(small: ArenaResult) -> None:
    text = str(small)
    lines = text.splitlines()
    assert lines[0] == "6 deals a pair, each played twice (seats swapped), rules classic, seed 4"
    for pair in small.pairs:
        low, high = pair.interval()
        row = next(line for line in lines if line.startswith(f"{pair.first} vs {pair.second} "))
        assert row.split()[3:8] == [
            str(pair.games),
            str(pair.wins),
            str(pair.draws),
            str(pair.losses),
            f"{pair.score:.1%}",
        ]
        assert row.endswith(f"{low:.1%} to {high:.1%}")
    heading = next(line for line in lines if line.startswith("rating"))
    assert heading.startswith("rating (Bradley-Terry, Elo scale, random = 0) ")
    assert heading.endswith("  CPU a decision")
    assert small.ratings["random"] == 0.0
    assert lines[-1].split()[0] == min(small.ratings, key=small.ratings.__getitem__)
    for line in lines[lines.index(heading) + 1 :]:
        name, _, cpu, unit = line.split()
        assert float(cpu) == float(f"{small.cpu_ms(name):.3g}")
        assert unit == "ms"


def test_the_results_do_not_depend_on_the_workers() -> None:
    one = arena(["random", "greedy"], deals=30, seed=9)
    two = arena(["random", "greedy"], deals=30, seed=9, workers=2)
    assert one == two
    assert arena(["random", "greedy"], deals=30, seed=10) != one


Z95 = 1.959964


def _normal_interval(deal_scores: tuple[float, ...]) -> tuple[float, float]:
    """The interval the arena printed before: a normal (Wald) interval over the deals."""
    n = len(deal_scores)
    shares = [points / 2 for points in deal_scores]
    mean = sum(shares) / n
    variance = sum((share - mean) ** 2 for share in shares) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return (max(0.0, mean - half), min(1.0, mean + half))


def _varied_deals(count: int, seed: int, weights: tuple[int, ...]) -> tuple[float, ...]:
    """``count`` deal scores (0 to 2 by halves) drawn with ``weights``."""
    rng = random.Random(seed)
    return tuple(rng.choices((0.0, 0.5, 1.0, 1.5, 2.0), weights=weights, k=count))


def test_the_interval_is_wilsons_over_the_effective_number_of_deals() -> None:
    """Deals scoring 2, 1 and 1 points: shares 1, ½, ½, mean ⅔, sample variance 1/12, so
    the score varies as 1/36 and the effective number of deals is (⅔ · ⅓) / (1/36) = 8.
    Each end of the interval is a root of Wilson's (p - q)² = z² q (1 - q) / 8."""
    pair = PairResult("a", "b", wins=3, losses=1, draws=2, deal_scores=(2.0, 1.0, 1.0))
    p, n_eff = 2 / 3, 8
    a, b = 1 + Z95**2 / n_eff, 2 * p + Z95**2 / n_eff
    root = math.sqrt(b * b - 4 * a * p * p)
    assert pair.interval() == pytest.approx(((b - root) / (2 * a), (b + root) / (2 * a)))
    for q in pair.interval():
        assert (p - q) ** 2 == pytest.approx(Z95**2 * q * (1 - q) / n_eff)
    assert pair.interval() != pytest.approx(_normal_interval(pair.deal_scores), abs=0.01)


def test_a_pair_that_won_every_deal_is_not_certain() -> None:
    """Five deals all won: the deals did not vary, so the effective number is the number
    of deals, and the low end is Wilson's n / (n + z²) for a proportion of 1."""
    pair = PairResult("a", "b", wins=10, losses=0, draws=0, deal_scores=(2.0,) * 5)
    low, high = pair.interval()
    assert high == 1.0
    assert low == pytest.approx(5 / (5 + Z95**2))
    assert low < 0.6
    lost = PairResult("a", "b", wins=0, losses=4, draws=0, deal_scores=(0.0, 0.0))
    assert lost.interval() == pytest.approx((0.0, 1 - 2 / (2 + Z95**2)))
    assert lost.interval()[0] == 0.0


def test_a_pair_that_drew_every_deal_has_an_interval_around_half() -> None:
    """Six deals of ½ each (two draws, or a win and a loss): centred on ½, half-width
    z / (2 √(n + z²)), the Wilson interval of six deals."""
    steady = PairResult("a", "b", wins=2, losses=2, draws=8, deal_scores=(1.0,) * 6)
    low, high = steady.interval()
    assert low < 0.5 < high
    assert (low + high) / 2 == pytest.approx(0.5)
    assert (high - low) / 2 == pytest.approx(Z95 / (2 * math.sqrt(6 + Z95**2)))
    assert high - low > 0.5
    one = PairResult("a", "b", wins=0, losses=0, draws=2, deal_scores=(1.0,))
    low, high = one.interval()
    assert low < 0.1
    assert high > 0.9


def test_no_deals_give_the_whole_range() -> None:
    assert PairResult("a", "b", 0, 0, 0, ()).interval() == (0.0, 1.0)


@pytest.mark.parametrize(
    ("seed", "weights"),
    [(1, (3, 4, 6, 2, 1)), (2, (1, 1, 1, 1, 1)), (3, (1, 2, 5, 6, 4)), (4, (9, 5, 2, 0, 1))],
)
def test_with_hundreds_of_deals_the_interval_is_the_normal_one(
    seed: int, weights: tuple[int, ...]
) -> None:
    """Over 300 varied deals the Wilson interval is within 0.002 of the normal one, moved
    towards ½ (Wilson's centre is pulled to ½ by z² / n_eff)."""
    scores = _varied_deals(300, seed, weights)
    pair = PairResult("a", "b", 0, 0, 0, scores)
    low, high = pair.interval()
    old_low, old_high = _normal_interval(scores)
    assert abs(low - old_low) <= 0.002
    assert abs(high - old_high) <= 0.002
    mean = sum(scores) / 600
    assert abs((low + high) / 2 - 0.5) < abs(mean - 0.5)
    assert (low, high) != (old_low, old_high)


@given(st.lists(st.sampled_from((0.0, 0.5, 1.0, 1.5, 2.0)), min_size=1, max_size=40))
def test_the_interval_lies_in_0_1_holds_the_score_and_has_a_width(scores: list[float]) -> None:
    points = sum(scores)  # counts with these points: a win for each whole, a draw for a half
    wins = int(points)
    draws = round(2 * (points - wins))
    pair = PairResult("a", "b", wins, 2 * len(scores) - wins - draws, draws, tuple(scores))
    low, high = pair.interval()
    assert 0.0 <= low <= pair.score <= high <= 1.0
    assert high - low > 0.01


@pytest.mark.parametrize("rules_name", SAVED_LADDERS)
def test_the_saved_ladders_intervals_barely_move_from_the_normal_ones(rules_name: str) -> None:
    """On 500 or 1,000 deals the interval is within a tenth of a percentage point of the
    normal interval printed before, and the saved files hold the interval of today."""
    data = json.loads(_saved_ladder(rules_name).read_text(encoding="utf-8"))
    result = ArenaResult.from_dict(data)
    for pair, saved in zip(result.pairs, data["pairs"], strict=True):
        new, old = pair.interval(), _normal_interval(pair.deal_scores)
        assert new == pytest.approx(old, abs=0.001)
        assert saved["interval95"] == pytest.approx(list(new), abs=1e-12)


def test_bradley_terry_gives_the_elo_odds() -> None:
    """30 to 10 is odds of 3: 400 log10(3) = 190.8 Elo points; the virtual drawn game
    (prior) pulls it in to 30.5 to 10.5."""
    pair = PairResult("a", "b", wins=30, losses=10, draws=0, deal_scores=())
    assert bradley_terry([pair], "b", prior=0)["a"] == pytest.approx(400 * math.log10(3))
    assert bradley_terry([pair], "b")["a"] == pytest.approx(400 * math.log10(30.5 / 10.5))
    ratings = bradley_terry(
        [
            PairResult("a", "b", 20, 20, 0, ()),
            PairResult("b", "c", 20, 20, 0, ()),
            PairResult("a", "c", 0, 0, 40, ()),
        ],
        "a",
    )
    assert ratings == pytest.approx({"a": 0.0, "b": 0.0, "c": 0.0})
    with pytest.raises(ConquianError, match="anchor"):
        bradley_terry([pair], "z")


@pytest.mark.parametrize(
    ("pairs", "anchor", "recorded"),
    [
        (
            [
                PairResult("search", "greedy", 1_265, 81, 654, ()),
                PairResult("greedy", "random", 700, 250, 50, ()),
                PairResult("search", "random", 900, 60, 40, ()),
                PairResult("heuristic", "greedy", 55, 40, 5, ()),
            ],
            "random",
            {
                "search": 411.72023916303476,
                "greedy": 172.64326403318404,
                "random": 0.0,
                "heuristic": 224.6270792267916,
            },
        ),
        (  # games of three: Luce's model
            [
                PairResult("a", "b", 12, 40, 8, (), players=3),
                PairResult("b", "c", 25, 30, 5, (), players=3),
                PairResult("a", "c", 9, 48, 3, (), players=3),
            ],
            "c",
            {"a": -93.10577596659796, "b": 39.54800267216309, "c": 0.0},
        ),
    ],
)
def test_bradley_terry_fits_its_maximum_and_keeps_its_ratings(
    pairs: list[PairResult], anchor: str, recorded: dict[str, float]
) -> None:
    """At the fitted ratings each agent's expected points equal its points, prior games
    included (the fixed point of Hunter's iteration), with two players a game and with
    three (the first agent against two of the second); and the ratings are the ones each
    fit gave before the two shared their loop (recorded then, to the digit)."""
    ratings = bradley_terry(pairs, anchor)
    assert ratings == pytest.approx(recorded, rel=1e-12)
    assert str(ratings[anchor]) == "0.0"  # not -0.0
    strength = {name: 10 ** (rating / 400) for name, rating in ratings.items()}
    points = dict.fromkeys(ratings, 0.0)
    expected = dict.fromkeys(ratings, 0.0)
    for pair in pairs:
        n = pair.games + 1  # the prior: one virtual drawn game a pair
        seats = pair.players - 1  # the second agent's seats
        shared = (pair.draws + 1) / pair.players  # a draw's share of a win
        points[pair.first] += pair.wins + shared
        points[pair.second] += pair.losses + seats * shared
        first, second = strength[pair.first], seats * strength[pair.second]
        expected[pair.first] += n * first / (first + second)
        expected[pair.second] += n * second / (first + second)
    assert expected == pytest.approx(points, rel=1e-9)


def test_the_json_holds_the_whole_table(small: ArenaResult) -> None:
    data = small.to_dict()
    assert data["agents"] == ["random", "greedy", "heuristic"]
    assert (data["rules"], data["deals"], data["seed"]) == ("classic", 6, 4)
    assert data["anchor"] == "random"
    assert data["ratings"] == small.ratings
    first = data["pairs"][0]
    assert first["agents"] == ["random", "greedy"]
    assert first["games"] == 12
    assert first["interval95"] == list(small.pairs[0].interval())
    assert first["deal_scores"] == list(small.pairs[0].deal_scores)
    assert len(first["deal_scores"]) == 6
    json.dumps(data)


def test_the_table_writes_large_counts_with_thousands_separators() -> None:
    pair = PairResult("search", "greedy", 1_265, 81, 654, (2.0,) * 592 + (1.0,) * 408)
    result = ArenaResult(
        agents=("search", "greedy"),
        rules=CLASSIC,
        deals=1_000,
        seed=0,
        pairs=(pair,),
        ratings={"search": 0.0, "greedy": -200.0},
        seconds=1.0,
    )
    lines = str(result).splitlines()
    assert lines[0].startswith("1,000 deals a pair,")
    assert lines[3].split() == [
        "search", "vs", "greedy", "2,000", "1,265", "654", "81", "79.6%",
        "78.0%", "to", "81.1%",
    ]  # fmt: skip


@pytest.mark.parametrize("rules_name", SAVED_LADDERS)
def test_the_command_runs_a_small_ladder(rules_name: str, tmp_path: Path) -> None:
    saved = tmp_path / "ladder.json"
    out = io.StringIO()
    code = main(
        [
            "arena",
            "--agents",
            "greedy,search",
            "--deals",
            "1",
            "--rules",
            rules_name,
            "--json",
            str(saved),
            "--quiet",
        ],
        out=out,
    )
    assert code == 0
    text = out.getvalue()
    assert text.startswith(f"1 deal a pair, each played twice (seats swapped), rules {rules_name}")
    assert "greedy vs search" in text
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["pairs"][0]["games"] == 2
    assert data["ratings"]["greedy"] == 0.0


def test_a_json_file_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr("conquian.arena.arena", no_games)
    missing = tmp_path / "missing" / "ladder.json"
    for path, why in ((missing, "there is no directory"), (tmp_path, "it is a directory")):
        out = io.StringIO()
        argv = ["arena", "--agents", "greedy,random", "--json", str(path), "--quiet"]
        assert main(argv, out=out) == 2
        assert out.getvalue() == ""
        error = "".join(capsys.readouterr().err.split())  # unwrapped, long paths too
        assert error.startswith("".join(f"error: cannot write --json {path}: {why}".split()))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "greedy,nobody"], "no agent is called 'nobody'"),
        (["--agents", "greedy"], "at least two different agents"),
        (["--agents", "greedy,greedy"], "at least two different agents"),
        (["--deals", "-1"], "deals is a whole number from 1 to 1000000"),
        (["--agents", "greedy,search:fast"], "iterations is a whole number, not 'fast'"),
        (["--first-deal", "-1"], "the first deal is a whole number from 0 to 4,294,967,296"),
    ],
)
def test_the_command_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["arena", *argv])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("agents", "kwargs", "message"),
    [
        (["greedy"], {}, "at least two agents"),
        (["greedy", "nobody"], {}, "no agent is called"),
        (["greedy", "greedy"], {}, "each agent plays once"),
        (["greedy", "random"], {"deals": -1}, "deals must be"),
        (["greedy", "random"], {"rules": "classic"}, "rules must be"),
    ],
)
def test_bad_arena_arguments_are_refused(
    agents: list[str], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ConquianError, match=message):
        arena(agents, **kwargs)  # type: ignore[arg-type]


def test_an_endless_iterator_of_names_is_refused_after_one_name_too_many() -> None:
    read = []

    def endless() -> Iterator[str]:
        for name in itertools.cycle(AGENTS):
            read.append(name)
            yield name

    with pytest.raises(ConquianError, match=f"at most {MAX_AGENTS} agents"):
        arena(endless(), deals=1)  # type: ignore[arg-type]
    assert len(read) == MAX_AGENTS + 1


def test_agents_that_are_not_a_sequence_are_refused() -> None:
    with pytest.raises(ConquianError, match="not 5"):
        arena(5, deals=1)  # type: ignore[arg-type]


def test_the_default_rules_are_classic(small: ArenaResult) -> None:
    assert small.rules == CLASSIC


def test_a_saved_run_reads_back_equal(small: ArenaResult) -> None:
    data = json.loads(json.dumps(small.to_dict()))
    again = ArenaResult.from_dict(data)
    assert again == small
    assert again.ratings == small.ratings
    assert str(again) == str(small)


@pytest.mark.parametrize("rules_name", SAVED_LADDERS)
def test_the_saved_ladders_behind_the_agents_page_read_back(rules_name: str) -> None:
    path = _saved_ladder(rules_name)
    result = ArenaResult.from_dict(json.loads(path.read_text(encoding="utf-8")))
    assert result.rules == PRESETS[rules_name]
    assert all(pair.games == 2 * result.deals for pair in result.pairs)


def _broken(small: ArenaResult, change: str) -> object:
    data: Any = json.loads(json.dumps(small.to_dict()))
    pair = data["pairs"][0]
    if change == "not an object":
        return [data]
    if change == "no pairs":
        del data["pairs"]
    elif change == "one agent":
        data["agents"] = ["random"]
    elif change == "pairs swapped":
        data["pairs"].reverse()
    elif change == "a win too many":
        pair["wins"] += 1
    elif change == "a quarter point":
        pair["deal_scores"][0] = 0.25
    elif change == "a deal missing":
        pair["deal_scores"].pop()
    elif change == "a rating missing":
        del data["ratings"]["greedy"]
    elif change == "bad rules":
        data["rules"] = "classic,max_sequence:99"
    elif change == "negative deals":
        data["deals"] = -1
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("not an object", "the run must be a JSON object"),
        ("no pairs", "the run has no 'pairs'"),
        ("one agent", "agents must be 2 to 16 different agent names"),
        ("pairs swapped", "pairs[0].agents must be ['random', 'greedy']"),
        ("a win too many", "pairs[0]: its counts disagree with its deal_scores"),
        ("a quarter point", "pairs[0].deal_scores must be 6 deal scores"),
        ("a deal missing", "pairs[0].deal_scores must be 6 deal scores"),
        ("a rating missing", "ratings must give every agent a number"),
        ("bad rules", "max_sequence"),
        ("negative deals", "deals must be a whole number of at least 0"),
    ],
)
def test_a_broken_saved_run_is_refused_saying_what_is_wrong(
    small: ArenaResult, change: str, message: str
) -> None:
    data = _broken(small, change)
    before = json.dumps(data)
    with pytest.raises(ConquianError) as error:
        ArenaResult.from_dict(data)
    assert message in str(error.value)
    assert json.dumps(data) == before  # nothing read is changed


def test_a_saved_run_is_refused_cheaply_and_with_a_typed_error() -> None:
    """10,000 agent names with one pair are refused before any pair is listed; a number
    past what a float holds is not a number of a run."""
    data = arena(["random", "greedy"], deals=1).to_dict()
    with pytest.raises(ConquianError, match=f"2 to {MAX_AGENTS} different agent names"):
        ArenaResult.from_dict({**data, "agents": [f"a{i}" for i in range(10_000)]})
    with pytest.raises(ConquianError, match="seconds must be a number"):
        ArenaResult.from_dict({**data, "seconds": 10**400})
    with pytest.raises(ConquianError, match="ratings must give every agent a number"):
        ArenaResult.from_dict({**data, "ratings": {"random": 10**400, "greedy": 0}})
    assert ArenaResult.from_dict({**data, "seconds": 2**53}).seconds == 2.0**53


def test_a_saved_run_must_be_one_the_arena_could_have_played() -> None:
    """The agents are the arena's, the seed one it takes, and the ratings the ones the
    games give (as :func:`bradley_terry` computes them)."""
    data = arena(["random", "greedy"], deals=6, seed=1).to_dict()
    assert data["ratings"]["greedy"] > 0
    assert ArenaResult.from_dict(data).ratings == data["ratings"]
    renamed = copy.deepcopy(data)
    renamed["agents"][1] = "x" * 100_000
    with pytest.raises(ConquianError, match="at most 80 characters") as refused:
        ArenaResult.from_dict(renamed)
    assert len(str(refused.value)) < 200
    renamed["agents"][1] = "xxx"
    with pytest.raises(ConquianError, match="no agent is called 'xxx'"):
        ArenaResult.from_dict(renamed)
    with pytest.raises(ConquianError, match="an arena's seed is a whole number"):
        ArenaResult.from_dict({**data, "seed": 2**1000})
    for ratings in ({"random": 1e308, "greedy": -1e308}, {"random": 0.0, "greedy": 0.0}):
        with pytest.raises(ConquianError, match=r"rating .* is not the one its games give"):
            ArenaResult.from_dict({**data, "ratings": ratings})


def test_a_result_is_frozen_down_to_its_ratings() -> None:
    """A result shared between threads cannot be changed by one of them."""
    result = arena(["random", "greedy"], deals=2)
    with pytest.raises(TypeError, match="read-only"):
        result.ratings["greedy"] = 0.0
    assert ArenaResult.from_dict(json.loads(result.to_json())) == result


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


# ====================================================================== agents with parameters


def test_an_agent_is_named_with_its_parameters() -> None:
    """search:160 is the search agent with 160 playouts a decision; budget is CPU time."""
    assert repr(agent_spec("search:160")(7)) == "SearchAgent(seed=7, iterations=160)"
    assert repr(agent_spec("search:iterations=40")(7)) == "SearchAgent(seed=7, iterations=40)"
    assert repr(agent_spec("search:budget=20ms")(7)) == "SearchAgent(seed=7, cpu_seconds=0.02)"
    assert repr(agent_spec("search:budget=0.5s")(3)) == "SearchAgent(seed=3, cpu_seconds=0.5)"
    assert repr(agent_spec("search:seconds=.25s")(3)) == "SearchAgent(seed=3, seconds=0.25)"
    assert repr(agent_spec("heuristic:3")(1)) == "HeuristicAgent(force_hand=3)"
    assert repr(agent_spec("search")(7)) == "SearchAgent(seed=7, iterations=80)"
    searched = agent_spec("search:8:max_takes=2")(5)
    state = State.new(5)
    assert searched.choose(state.observation(1), state.legal_moves()) in state.legal_moves()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("greedy:3", "the greedy agent takes no parameters"),
        ("search:depth=3", "the search agent has no parameter 'depth'"),
        ("search:0", "iterations must be a whole number of at least 1"),
        ("search:-5", "iterations is a whole number, not '-5'"),
        ("search:budget=20", "budget is a time such as 20ms or 0.5s, not '20'"),
        ("search:budget=0ms", "cpu_seconds must be a number above 0"),
        ("search:budget=2h", "budget is a time such as 20ms"),
        ("search:160:iterations=20", "iterations is given twice"),
        ("search:budget=1s:seconds=1s", "give seconds or cpu_seconds, not both"),
        ("searcher:160", "no agent is called 'searcher'"),
        ("search:" + "9" * 100, "at most 80 characters"),
    ],
)
def test_a_bad_agent_parameter_is_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(ConquianError, match=re.escape(message)):
        agent_spec(text)
    with pytest.raises(ConquianError, match=re.escape(message)):
        arena(["random", text], deals=1)


def test_an_agent_plays_against_itself_with_other_parameters() -> None:
    result = arena(["search:4", "search:budget=1ms", "greedy"], deals=2, seed=3)
    assert [pair.games for pair in result.pairs] == [4, 4, 4]
    assert ArenaResult.from_dict(json.loads(result.to_json())) == result
    code, output = run_cli("arena", "--agents", "search:4,greedy", "--deals", "1", "--quiet")
    assert code == 0
    assert output.splitlines()[3].startswith("search:4 vs greedy ")


# ====================================================================== chunks that add up


def test_runs_on_consecutive_deals_add_up_to_one_run() -> None:
    agents = ["random", "greedy", "heuristic"]
    deals = scaled(30, least=10)
    cut = deals * 23 // 30  # the later part first: 23 and 7 deals, or 7 and 3 under dev
    whole = arena(agents, deals=deals, seed=5)
    parts = [
        arena(agents, deals=deals - cut, seed=5, first_deal=cut, workers=2),
        arena(agents, deals=cut, seed=5),
    ]
    joined = ArenaResult.join(parts)
    assert joined == whole
    assert joined.ratings == pytest.approx(dict(whole.ratings))
    assert [pair.decisions for pair in joined.pairs] == [pair.decisions for pair in whole.pairs]
    assert parts[0].first_deal == cut
    later = f"{deals - cut} deals a pair from deal {cut}, each played twice"
    assert str(parts[0]).startswith(later)
    assert ArenaResult.from_dict(json.loads(parts[0].to_json())) == parts[0]
    assert parts[0] != arena(agents, deals=deals - cut, seed=5)  # other deals


def test_runs_that_do_not_follow_on_are_not_joined() -> None:
    one = arena(["random", "greedy"], deals=2, seed=5)
    gap = arena(["random", "greedy"], deals=2, seed=5, first_deal=3)
    other = arena(["random", "greedy"], deals=2, seed=6, first_deal=2)
    with pytest.raises(ConquianError, match="one ends before deal 2, the next starts at deal 3"):
        ArenaResult.join([one, gap])
    with pytest.raises(ConquianError, match="only runs of the same agents, rules and seed"):
        ArenaResult.join([one, other])
    with pytest.raises(ConquianError, match="the next starts at deal 0"):
        ArenaResult.join([one, one])
    with pytest.raises(ConquianError, match="one or more arena results"):
        ArenaResult.join([])
    with pytest.raises(ConquianError, match="first_deal must be a whole number"):
        arena(["random", "greedy"], deals=1, first_deal=-1)


def test_the_command_line_starts_at_the_deal_asked() -> None:
    code, output = run_cli(
        "arena", "--agents", "random,greedy", "--deals", "3", "--first-deal", "4", "--quiet"
    )
    assert code == 0
    expected = arena(["random", "greedy"], deals=3, first_deal=4)
    assert output.splitlines()[:4] == str(expected).splitlines()[:4]


# ====================================================================== CPU time


def test_each_agents_cpu_time_per_decision_is_measured_and_saved() -> None:
    result = arena(["random", "search:8"], deals=3, seed=2)
    pair = result.pairs[0]
    assert all(count > 0 for count in pair.decisions)
    assert all(seconds > 0 for seconds in pair.cpu_seconds)
    random_ms, search_ms = result.cpu_ms("random"), result.cpu_ms("search:8")
    assert random_ms is not None
    assert search_ms is not None
    assert search_ms > random_ms
    data = json.loads(result.to_json())
    assert data["cpu_ms_per_decision"] == {"random": random_ms, "search:8": search_ms}
    assert data["pairs"][0]["decisions"] == list(pair.decisions)
    again = ArenaResult.from_dict(data)
    assert again.pairs[0].cpu_seconds == pair.cpu_seconds
    # A run saved before the times were measured reads back, its times unknown.
    for field in ("cpu_seconds", "decisions"):
        del data["pairs"][0][field]
    old = ArenaResult.from_dict(data)
    assert old == result
    assert old.cpu_ms("random") is None
    assert str(old).splitlines()[-1].split()[-1] == "-"
    broken = json.loads(result.to_json())
    broken["pairs"][0]["cpu_seconds"] = [-1, 0]
    with pytest.raises(ConquianError, match=re.escape("pairs[0].cpu_seconds must be two")):
        ArenaResult.from_dict(broken)
