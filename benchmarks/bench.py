"""The conquian benchmark suite: prints figures, never asserts a time.

Run it from a checkout (one core is used; keep the machine otherwise idle)::

    python benchmarks/bench.py            # full size, several minutes (459 s on 2 shared cores)
    python benchmarks/bench.py --quick    # small sizes, a few seconds (CI runs this)
    python benchmarks/bench.py --peer .peer-venv/bin/python   # side by side with OpenSpiel

Every figure is the median of several runs. The last line is a summary that a script can
parse: ``BENCH key=value key=value ...``.

What is measured:

1. ``can_partition`` calls/s on random 11-card sets and on 11-card sets built from melds;
   ``partitions`` on the 11-card set with the most splits found by search;
2. ``legal_moves()`` µs per call over every decision of random games, over the decisions
   where a take is possible, and on the worst case found (10-card hand, empty table, an
   offered card that may be taken 297 ways: 298 legal moves with the decline), in a fresh
   process (cold caches) and warm;
3. random self-play: every decision generates the full legal-move list, one move is
   picked uniformly with a seeded generator and applied; decisions/s and games/s; and
   the three-player game (tercerilla) against the two-player ones (mexican, classic),
   the cost of a decision side by side in pairs of runs (issue #31);
4. ``State.apply`` (checked) and ``observation()`` µs per call, and the public calls
   with the arguments users pass (``can_partition`` of 11 cards, ``parse_cards`` of an
   11-card text, ``Meld`` from text and from cards, ``parse_move``, ``to_notation`` /
   ``State.parse``, ``observation()``, a game record's ``dumps`` / ``loads``) per second;
5. peak traced memory while playing, then resident memory and allocated blocks
   (``sys.getallocatedblocks``) after a tenth, half and all of 100,000 games: they must
   not grow with the number of games once the engine's bounded memos have filled;
6. :func:`conquian.simulate.simulate` (greedy against random) with one worker and with
   two: games/s and the speed-up;
7. hostile input: milliseconds to accept or reject crafted records (a Force at a crowded
   variant position, a legal record padded to 64 KiB, 3,000 moves, 121 moves of 200
   characters, a match record of 1,000 and one of 60 copies of a game), and
   ``is_legal(Force())`` µs where hundreds of takes are legal.
8. front ends and learning loops, on every position of random games: the mover's
   ``observation()``, its ``legal_moves()``, its JSON view (also 40 moves or more into a
   game), ``svg.position`` of it, and a take built action by action
   (:class:`conquian.actions.ActionBuilder`, the mask asked before each action); then
   ``Game.from_dict`` of a whole game's data and ``match_loads`` of a legitimate 64-game
   match record of about 62 KiB;
9. each registered agent's decision time (``choose``) against Greedy: the median and 90th
   percentile over decisions with more than one legal move (wall-clock, and the median in
   CPU time), and the median over those with one (which the search agent answers without
   searching).

The machine's speed drifts, so the two comparisons (against OpenSpiel, and two workers
against one) are measured in pairs of runs back to back, and the figure is the median of
the pairs' ratios, printed with its range.

``legal_moves()`` returns a lazy sequence (:class:`conquian.LegalMoves`): self-play counts
the moves and builds only the one it picks. The figure with every move built
(``tuple(state.legal_moves())``) is printed too.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from conquian import (
    CLASSIC,
    DECK,
    MEXICAN,
    TERCERILLA,
    ConquianError,
    Game,
    Meld,
    Regrouping,
    Rules,
    State,
    _bits,
    can_partition,
    notation,
    parse_move,
    svg,
)
from conquian._rng import SplitMix64
from conquian.cards import parse_cards
from conquian.match import Match, match_dumps, match_loads
from conquian.moves import FORCE, Take
from conquian.simulate import simulate
from conquian.state import Observation

WORST_HAND = "2c 2d 2h 4h 5h 6h Jh Qh Kh 2s"
WORST_OFFER = "7h"
WORST_SPLITS = "Kc 3d 4d 5d 6d 7d Jd Qd Kd Kh Ks"
PEER_SCRIPT = Path(__file__).resolve().parents[1].parent / "shared/bench/openspiel_gin_rummy.py"


_T = TypeVar("_T")


def _median(runs: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(runs))


def _random_sets(count: int, seed: int) -> list[int]:
    rng = SplitMix64(seed)
    sets: list[int] = []
    for _ in range(count):
        mask = 0
        while mask.bit_count() < 11:
            mask |= 1 << rng.below(40)
        sets.append(mask)
    return sets


def _meld_built_sets(count: int, seed: int) -> list[int]:
    """11-card sets made of disjoint melds (most of them split) and a few random cards."""
    rng = SplitMix64(seed)
    melds = _bits.meld_table(8).all_melds
    sets: list[int] = []
    while len(sets) < count:
        mask = 0
        for _ in range(8):
            meld = melds[rng.below(len(melds))]
            if meld & mask == 0 and (mask | meld).bit_count() <= 11:
                mask |= meld
        while mask.bit_count() < 11:
            mask |= 1 << rng.below(40)
        sets.append(mask)
    return sets


def _clear_memos() -> None:
    for memo in _bits.memos():
        memo.clear()


def bench_partition(sets: list[int], runs: int) -> float:
    """can_partition calls/s over ``sets``, with fresh memos each run."""

    def once() -> float:
        _clear_memos()
        can_partition = _bits.meld_table(8).can_partition
        start = time.perf_counter()
        for mask in sets:
            can_partition(mask)
        return len(sets) / (time.perf_counter() - start)

    return _median(runs, once)


def worst_state() -> State:
    """The worst case for legal_moves: the non-dealer's 10-card hand, empty table."""
    hand = parse_cards(WORST_HAND)
    offer = parse_cards(WORST_OFFER)
    rest = [card for card in DECK if card not in hand and card not in offer]
    deck = []
    for i in range(10):
        deck += [hand[i], rest[i]]
    deck += [*offer, *rest[10:]]
    return State.from_deck(deck, dealer=0)


def cold_worst_us() -> float:
    """One legal_moves() call on the worst case in this (fresh) process."""
    state = worst_state()
    start = time.perf_counter()
    state.legal_moves()
    return (time.perf_counter() - start) * 1e6


def _positions(games: int, seed: int) -> list[State]:
    rng = SplitMix64(seed)
    states = []
    for game in range(games):
        state = State.new(seed=seed * 1_000_003 + game)
        while state.to_move is not None:
            states.append(state)
            moves = state.legal_moves()
            state = state.apply_unchecked(moves[rng.below(len(moves))])
    return states


def _per_call_us(items: list[_T], call: Callable[[_T], object], runs: int) -> float:
    """µs a call of ``call`` on each of ``items`` (states, observations...), the median
    of ``runs`` runs."""

    def once() -> float:
        start = time.perf_counter()
        for item in items:
            call(item)
        return (time.perf_counter() - start) / len(items) * 1e6

    return _median(runs, once)


def selfplay(
    seconds: float, seed: int, *, build_all: bool = False, rules: Rules = CLASSIC
) -> tuple[float, float]:
    """Random self-play for ``seconds`` under ``rules``: (decisions/s, games/s).

    Moves are picked with :class:`random.Random`, as the OpenSpiel script does, so both
    sides pay the same for their random numbers. The deal passes round the table.
    """
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = State.new(seed=games, rules=rules, dealer=games % rules.players)
        while state.to_move is not None:
            moves = tuple(state.legal_moves()) if build_all else state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed


PUBLIC_CARDS = "3d 4d 5d 6d 7d Jd Qd Kd Kh Ks Kc"


def public_calls(runs: int, quick: bool) -> dict[str, float]:
    """Calls per second of the public calls that front ends and servers make, with the
    arguments a user passes (cards, text), not the internal masks."""
    cards = parse_cards(PUBLIC_CARDS)
    meld_cards = parse_cards("5h 6h 7h")
    state = State.new(seed=7)
    for _ in range(30):  # a position with tables and dead cards
        moves = state.legal_moves()
        state = state.apply(moves[0] if len(moves) > 1 else moves[-1])
    position = state.to_notation()
    game = Game.new(seed=7)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    record = notation.dumps(game)
    calls: dict[str, Callable[[], object]] = {
        "can_partition_cards": lambda: can_partition(cards),
        "parse_cards_11": lambda: parse_cards(PUBLIC_CARDS),
        "meld_from_text": lambda: Meld("5h6h7h"),
        "meld_from_cards": lambda: Meld(meld_cards),
        "parse_move": lambda: parse_move("take +QdQs -7c"),
        "to_notation": state.to_notation,
        "parse_position": lambda: State.parse(position),
        "observation": lambda: state.observation(0),
        "record_dumps": lambda: notation.dumps(game),
        "record_loads": lambda: notation.loads(record),
    }
    number = 200 if quick else 2_000
    figures = {}
    for name, call in calls.items():

        def once(call: Callable[[], object] = call) -> float:
            start = time.perf_counter()
            for _ in range(number):
                call()
            return number / (time.perf_counter() - start)

        figures[f"public_{name}_per_s"] = _median(runs, once)
    return figures


def _match_record(games: int, seed: int) -> str:
    """A legitimate match record of ``games`` games played to the end by random moves."""
    match, rng = Match.new(seed=seed, games=games), SplitMix64(seed)
    while not match.is_over:
        moves = match.legal_moves()
        match.play(moves[rng.below(len(moves))])
    return match_dumps(match)


def front_end_calls(runs: int, quick: bool) -> dict[str, float]:
    """What a server, a front end or a learning loop calls at every move, on every
    position of random games: the mover's observation, its legal moves and its JSON view
    (on all positions, and on those 40 moves or more into a game, where the history is
    long), a picture of it, a move built action by action with the mask asked before
    each action; and a whole game read back from its JSON data, and a 64-game match
    record accepted (the pages' 50 ms bound is for any record of up to 64 KiB)."""
    from conquian.actions import ActionBuilder, actions_of

    states = _positions(2 if quick else 12, 5)
    late = [state for state in states if state.ply >= 40]
    views = [s.observation(s.to_move or 0) for s in states]
    late_views = [s.observation(s.to_move or 0) for s in late]

    def as_json(view: Observation) -> str:
        return json.dumps(view.to_dict())

    figures = {
        "front_observation_us": _per_call_us(
            states, lambda s: s.observation(s.to_move or 0), runs
        ),
        "front_observation_legal_moves_us": _per_call_us(views, Observation.legal_moves, runs),
        "front_observation_json_us": _per_call_us(views, as_json, runs),
        "front_observation_json_late_us": _per_call_us(late_views, as_json, runs),
        "front_svg_position_us": _per_call_us(views[:: 4 if quick else 8], svg.position, runs),
    }

    found = [(s, next((m for m in s.legal_moves() if isinstance(m, Take)), None)) for s in states]
    takes = [(s, m) for s, m in found if m is not None][: 40 if quick else 400]

    def build_take(take: tuple[State, Take]) -> None:
        state, move = take
        builder = ActionBuilder.start(state)
        for action in actions_of(move, state):
            builder.mask()
            builder = builder.apply(action)

    figures["front_action_take_us"] = _per_call_us(takes, build_take, runs)

    game = Game.new(seed=7)
    rng = SplitMix64(7)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    data = game.to_dict()
    figures["front_game_plies"] = game.ply

    figures["front_game_from_dict_ms"] = _per_call_us([data], Game.from_dict, runs) / 1000
    record = _match_record(64, 3)
    figures["front_match_record_kib"] = len(record.encode()) / 1024

    figures["front_match_64_games_ms"] = _per_call_us([record], match_loads, runs) / 1000
    return figures


def _rss_kib() -> float:
    """This process's resident memory, in KiB (Linux; 0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1024
    except OSError:
        return 0.0


def _random_games(first: int, count: int, rng: random.Random) -> None:
    for game in range(first, first + count):
        state = State.new(seed=game)
        while state.to_move is not None:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])


def memory(games: int) -> tuple[float, list[tuple[int, float, int]]]:
    """The traced peak KiB over games/50 random games, then (games played, resident KiB,
    allocated blocks) after a tenth, half and all of ``games``. The engine's memos are
    bounded, so neither figure may grow once they have filled."""
    rng = random.Random(99)
    gc.collect()
    tracemalloc.start()
    _random_games(0, games // 50, rng)
    peak = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()
    played = games // 50
    samples = []
    for checkpoint in (games // 10, games // 2, games):
        _random_games(played, checkpoint - played, rng)
        played = checkpoint
        gc.collect()
        samples.append((played, _rss_kib(), sys.getallocatedblocks()))
    return peak, samples


def peer(python: str, seconds: float) -> float | None:
    """OpenSpiel gin_rummy decisions/s, run with the given interpreter (None if absent)."""
    if not Path(python).exists() or not PEER_SCRIPT.exists():
        return None
    result = subprocess.run(
        [python, str(PEER_SCRIPT), str(seconds)], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        return None
    return float(result.stdout.split()[-1])


# ---------------------------------------------------------------------- hostile input

HOSTILE_RULES = Rules(regrouping=Regrouping.BORROW, max_sequence=10, hand_size=13)
"""A large variant position (V2 borrow, V4): many takes, each naming its table."""


def _crowded_game() -> Game:
    """A game under :data:`HOSTILE_RULES` stopped where the player to move has the most
    takes of the first few deals, in the offer phase (where a Force needs checking)."""
    best: tuple[int, Game] | None = None
    for seed in range(12):
        game, rng = Game.new(seed, rules=HOSTILE_RULES), random.Random(seed)
        while not game.is_over:
            moves = game.legal_moves()
            if game.state.phase.value == "offer" and (best is None or len(moves) > best[0]):
                best = (len(moves), game.copy())
            game.play(moves[rng.randrange(len(moves))])
    assert best is not None
    return best[1]


def hostile_inputs(runs: int) -> dict[str, float]:
    """Milliseconds to accept or reject crafted records (each at most 64 KiB but the
    match of 1,000 copies of a game) and µs to check a Force where the takes are many."""
    crowded = _crowded_game()
    forced = notation.record_to_dict(crowded)
    forced["moves"] = [*forced["moves"], "force"]  # illegal: nothing was passed
    legal_text = notation.dumps(crowded)
    padded = legal_text[:-1] + " " * (64 * 1024 - len(legal_text)) + "}"
    too_long = {**forced, "moves": ["decline"] * 3000}
    spaced = {**forced, "moves": [" " * 190 + "decline"] * 121}
    match = Match.new(seed=5, games=2)
    while not match.is_over:
        match.play(match.legal_moves()[0])
    match_data = json.loads(match_dumps(match))
    copies = {**match_data, "games": [match_data["games"][0]] * 1000}
    fitting = {**match_data, "games": [match_data["games"][0]] * 60}
    cases: dict[str, tuple[Callable[[str], object], str]] = {
        "record_force_at_crowded_position": (notation.loads, json.dumps(forced)),
        "record_64kib_legal_padded": (notation.loads, padded),
        "record_3000_moves": (notation.loads, json.dumps(too_long)),
        "record_121_moves_of_200_chars": (notation.loads, json.dumps(spaced)),
        "match_1000_copies_of_a_game": (match_loads, json.dumps(copies)),
        "match_60_copies_64kib": (match_loads, json.dumps(fitting)),
    }
    figures: dict[str, float] = {}
    for name, (load, text) in cases.items():

        def once(load: Callable[[str], object] = load, text: str = text) -> float:
            start = time.perf_counter()
            with contextlib.suppress(ConquianError):
                load(text)
            return time.perf_counter() - start

        figures[f"hostile_{name}_ms"] = _median(runs, once) * 1000
    state = crowded.state
    figures["hostile_crowded_moves"] = len(state.legal_moves())
    figures["hostile_is_legal_force_us"] = _per_call_us(
        [state] * 200, lambda s: s.is_legal(FORCE), runs
    )
    return figures


def agent_decisions(games: int, seed: int) -> dict[str, tuple[float, float, float, float, int]]:
    """Each registered agent's ``choose`` time in ms, playing ``games`` games against
    Greedy (seats alternating): (median and 90th percentile with a choice, median CPU time
    of this process with a choice, median with one legal move, decisions with a choice).
    The CPU time is what the decision costs when other processes share the cores."""
    from conquian.agents import Agent, GreedyAgent
    from conquian.simulate import AGENTS, agent_factory

    found = {}
    for name in AGENTS:
        choice: list[float] = []
        cpu: list[float] = []
        forced: list[float] = []
        for game in range(games):
            state = State.new(seed + game, dealer=game % 2)
            seat = game % 2
            agents: list[Agent] = [GreedyAgent(), GreedyAgent()]
            agents[seat] = agent_factory(name)(seed + game)
            while (player := state.to_move) is not None:
                moves = state.legal_moves()
                view = state.observation(player)
                start, start_cpu = time.perf_counter(), time.process_time()
                move = agents[player].choose(view, moves)
                took = (time.perf_counter() - start) * 1000
                if player == seat and len(moves) > 1:
                    choice.append(took)
                    cpu.append((time.process_time() - start_cpu) * 1000)
                elif player == seat:
                    forced.append(took)
                state = state.apply(move)
        deciles = statistics.quantiles(choice, n=10) if len(choice) > 1 else choice * 9
        found[name] = (
            statistics.median(choice),
            deciles[-1],
            statistics.median(cpu),
            statistics.median(forced),
            len(choice),
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (seconds)")
    parser.add_argument("--peer", metavar="PYTHON", help="python with pyspiel, to compare")
    parser.add_argument("--cold-worst", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cold_worst:
        print(cold_worst_us())
        return
    started = time.perf_counter()
    quick = args.quick
    runs = 3 if quick else 5
    figures: dict[str, float] = {}

    sets = 2_000 if quick else 100_000
    figures["can_partition_random_per_s"] = bench_partition(_random_sets(sets, 1), runs)
    figures["can_partition_melds_per_s"] = bench_partition(_meld_built_sets(sets, 2), runs)
    table = _bits.meld_table(8)
    worst = _bits.mask_of(parse_cards(WORST_SPLITS))
    figures["partitions_worst_splits"] = sum(1 for _ in table.partitions(worst))
    figures["partitions_worst_us"] = _per_call_us(
        [worst_state()] * 200, lambda _: list(table.partitions(worst)), runs
    )
    print(f"can_partition, random 11-card sets: {figures['can_partition_random_per_s']:,.0f}/s")
    print(f"can_partition, meld-built 11-card sets: {figures['can_partition_melds_per_s']:,.0f}/s")
    print(
        f"partitions of {WORST_SPLITS} ({figures['partitions_worst_splits']:.0f} splits): "
        f"{figures['partitions_worst_us']:.1f} µs"
    )

    states = _positions(20 if quick else 400, 5)
    takes = [s for s in states if any(isinstance(m, Take) for m in s.legal_moves())]
    figures["legal_moves_all_us"] = _per_call_us(states, State.legal_moves, runs)
    figures["legal_moves_take_us"] = statistics.median(
        _per_call_us([s], State.legal_moves, 1) for s in takes[:2000]
    )
    cold = [
        float(
            subprocess.run(
                [sys.executable, __file__, "--cold-worst"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        for _ in range(runs)
    ]
    figures["legal_moves_worst_cold_us"] = statistics.median(cold)
    worst_position = worst_state()
    figures["legal_moves_worst_moves"] = len(worst_position.legal_moves())
    figures["legal_moves_worst_warm_us"] = _per_call_us(
        [worst_position] * 200, State.legal_moves, runs
    )
    print(
        f"legal_moves: {figures['legal_moves_all_us']:.1f} µs over {len(states)} decisions; "
        f"median {figures['legal_moves_take_us']:.1f} µs where a take is possible "
        f"({len(takes)} decisions)"
    )
    print(
        f"legal_moves worst case ({WORST_HAND}, offered {WORST_OFFER}, "
        f"{figures['legal_moves_worst_moves']:.0f} moves): "
        f"cold {figures['legal_moves_worst_cold_us']:.0f} µs, "
        f"warm {figures['legal_moves_worst_warm_us']:.1f} µs"
    )

    def build_take(state: State) -> object:
        """A take built click by click, as a front end does (conquian.builder)."""
        builder = state.take_builder()
        while not builder.is_complete:
            builder = builder.add(min(builder.addable))
        return builder.go_out() if builder.can_go_out else builder.discard(min(builder.discards))

    figures["builder_addable_worst_us"] = _per_call_us(
        [worst_position] * 50, lambda s: s.take_builder().addable, runs
    )
    figures["builder_take_worst_us"] = _per_call_us([worst_position] * 50, build_take, runs)
    print(
        f"take builder on that case: first addable cards {figures['builder_addable_worst_us']:.0f}"
        f" µs, a whole take click by click {figures['builder_take_worst_us']:.0f} µs"
    )

    moved = [(s, s.legal_moves()[0]) for s in states]

    def apply_once() -> float:
        start = time.perf_counter()
        for state, move in moved:
            state.apply(move)
        return (time.perf_counter() - start) / len(moved) * 1e6

    figures["apply_us"] = _median(runs, apply_once)
    figures["observation_us"] = _per_call_us(
        [s for s in states if s.to_move is not None],
        lambda s: s.observation(s.to_move or 0),
        runs,
    )
    print(
        f"State.apply: {figures['apply_us']:.2f} µs; "
        f"observation(): {figures['observation_us']:.2f} µs"
    )

    public = public_calls(runs, quick)
    figures.update(public)
    print(
        "public calls/s: "
        + ", ".join(f"{name[7:-6]} {value:,.0f}" for name, value in public.items())
    )

    seconds = 1.0 if quick else 5.0
    plays = [selfplay(seconds, seed) for seed in range(runs)]
    figures["selfplay_decisions_per_s"] = statistics.median(p[0] for p in plays)
    figures["selfplay_games_per_s"] = statistics.median(p[1] for p in plays)
    print(
        f"random self-play: {figures['selfplay_decisions_per_s']:,.0f} decisions/s, "
        f"{figures['selfplay_games_per_s']:,.0f} games/s"
    )
    built = [selfplay(seconds, seed, build_all=True) for seed in range(runs)]
    figures["selfplay_all_built_decisions_per_s"] = statistics.median(p[0] for p in built)
    print(
        "random self-play building every legal move: "
        f"{figures['selfplay_all_built_decisions_per_s']:,.0f} decisions/s"
    )
    # Issue #31: a three-player random game (tercerilla) against a two-player one, per
    # decision, measured in pairs back to back as the comparisons below are: the ratio
    # of µs a decision, three players over two, against Mexican Conquian for two (the
    # same eight cards) and against the classic game.
    three: list[tuple[float, float, float]] = []
    for seed in range(runs):
        two_mexican = selfplay(seconds, seed, rules=MEXICAN)[0]
        tercerilla = selfplay(seconds, seed, rules=TERCERILLA)[0]
        classic = selfplay(seconds, seed)[0]
        three.append((tercerilla, two_mexican, classic))
    figures["selfplay_tercerilla_decisions_per_s"] = statistics.median(t for t, _, _ in three)
    figures["selfplay_mexican_decisions_per_s"] = statistics.median(m for _, m, _ in three)
    per_mexican = sorted(m / t for t, m, _ in three)
    per_classic = sorted(c / t for t, _, c in three)
    figures["three_players_cost_vs_mexican"] = statistics.median(per_mexican)
    figures["three_players_cost_vs_classic"] = statistics.median(per_classic)
    print(
        f"random self-play, three players (tercerilla): "
        f"{figures['selfplay_tercerilla_decisions_per_s']:,.0f} decisions/s; two (mexican): "
        f"{figures['selfplay_mexican_decisions_per_s']:,.0f}; a three-player decision costs "
        f"{figures['three_players_cost_vs_mexican']:.2f}x a two-player one of mexican "
        f"({per_mexican[0]:.2f}x to {per_mexican[-1]:.2f}x), "
        f"{figures['three_players_cost_vs_classic']:.2f}x of classic "
        f"({per_classic[0]:.2f}x to {per_classic[-1]:.2f}x), median of {runs} pairs"
    )
    if args.peer:
        # The machine's speed drifts: each OpenSpiel run is paired with a self-play run
        # right before it, and the figure is the median of the pairs' ratios.
        pairs: list[tuple[float, float]] = []
        for seed in range(runs):
            ours = selfplay(seconds, seed)[0]
            theirs = peer(args.peer, seconds)
            if theirs is None:
                print(f"OpenSpiel gin_rummy: not run ({args.peer} or {PEER_SCRIPT} missing)")
                break
            pairs.append((ours, theirs))
        if pairs:
            ratios = sorted(ours / theirs for ours, theirs in pairs)
            figures["openspiel_decisions_per_s"] = statistics.median(t for _, t in pairs)
            figures["ratio_vs_openspiel"] = statistics.median(ratios)
            figures["ratio_vs_openspiel_min"] = ratios[0]
            figures["ratio_vs_openspiel_max"] = ratios[-1]
            print(
                f"OpenSpiel gin_rummy (C++ via pyspiel): "
                f"{figures['openspiel_decisions_per_s']:,.0f} decisions/s; conquian is "
                f"{figures['ratio_vs_openspiel']:.2f}x (median of {len(ratios)} side-by-side "
                f"pairs; {ratios[0]:.2f}x to {ratios[-1]:.2f}x)"
            )

    # Likewise, each run with two workers is paired with a run with one right before it.
    sim_games = 400 if quick else 6_000
    speedups: list[float] = []
    one_rates: list[float] = []
    two_rates: list[float] = []
    busy: list[float] = []
    for seed in range(1 if quick else 3):
        one = simulate(sim_games, ("greedy", "random"), seed=seed, workers=1)
        before = os.times()
        two = simulate(sim_games, ("greedy", "random"), seed=seed, workers=2)
        after = os.times()
        # The workers' CPU time over twice the wall-clock time: how busy they kept both
        # cores (the rest is handing out tasks, starting processes and the last task).
        worked = after.children_user + after.children_system
        worked -= before.children_user + before.children_system
        busy.append(worked / (2 * two.seconds))
        assert one == two, "a simulation must not depend on the number of workers"
        one_rates.append(one.games_per_second)
        two_rates.append(two.games_per_second)
        speedups.append(two.games_per_second / one.games_per_second)
    speedups.sort()
    figures["simulate_1_worker_games_per_s"] = statistics.median(one_rates)
    figures["simulate_2_workers_games_per_s"] = statistics.median(two_rates)
    figures["simulate_speedup"] = statistics.median(speedups)
    figures["simulate_2_workers_busy"] = statistics.median(busy)
    print(
        f"simulate, greedy against random, {sim_games:,} games: "
        f"{figures['simulate_1_worker_games_per_s']:,.0f} games/s with 1 worker, "
        f"{figures['simulate_2_workers_games_per_s']:,.0f} with 2; speed-up "
        f"{figures['simulate_speedup']:.2f}x (median of {len(speedups)} pairs; "
        f"{speedups[0]:.2f}x to {speedups[-1]:.2f}x); the 2 workers kept the cores "
        f"{figures['simulate_2_workers_busy']:.0%} busy"
    )

    front = front_end_calls(runs, quick)
    figures.update(front)
    print(
        f"front ends, µs a call on the mover's view: observation "
        f"{front['front_observation_us']:.1f}, its legal moves "
        f"{front['front_observation_legal_moves_us']:.1f}, its JSON "
        f"{front['front_observation_json_us']:.0f} ({front['front_observation_json_late_us']:.0f}"
        f" 40 moves or more into a game), svg.position {front['front_svg_position_us']:.0f}; "
        f"a take built action by action with its masks {front['front_action_take_us']:.0f} µs"
    )
    print(
        f"front ends: Game.from_dict of a {front['front_game_plies']:.0f}-move game "
        f"{front['front_game_from_dict_ms']:.2f} ms; a 64-game match record "
        f"({front['front_match_record_kib']:.0f} KiB) accepted in "
        f"{front['front_match_64_games_ms']:.1f} ms"
    )

    hostile = hostile_inputs(runs)
    figures.update(hostile)
    print(
        "hostile input, ms to accept or reject: "
        + ", ".join(
            f"{name[8:-3].replace('_', ' ')} {value:.1f}"
            for name, value in hostile.items()
            if name.endswith("_ms")
        )
    )
    print(
        f"hostile input: is_legal(Force()) where {hostile['hostile_crowded_moves']:,.0f} moves "
        f"are legal (V2 borrow, V4): {hostile['hostile_is_legal_force_us']:.1f} µs"
    )

    games = 1_000 if quick else 100_000
    peak, samples = memory(games)
    figures["memory_peak_traced_kib"] = peak
    for (_, rss, blocks), name in zip(samples, ("tenth", "half", "all"), strict=True):
        figures[f"memory_rss_after_{name}_kib"] = rss
        figures[f"memory_blocks_after_{name}"] = blocks
    print(
        f"memory: traced peak {peak:,.0f} KiB over {games // 50:,} games; after "
        + ", ".join(
            f"{played:,} games {rss:,.0f} KiB resident, {blocks:,} blocks"
            for played, rss, blocks in samples
        )
    )

    agent_games = 4 if quick else 40
    for name, (median, p90, cpu, single, count) in agent_decisions(agent_games, 1).items():
        figures[f"agent_{name}_decision_ms"] = median
        figures[f"agent_{name}_decision_p90_ms"] = p90
        figures[f"agent_{name}_decision_cpu_ms"] = cpu
        figures[f"agent_{name}_single_move_ms"] = single
        print(
            f"agent {name}: {median:.3f} ms a decision with a choice (median of {count} in "
            f"{agent_games} games against greedy; 90th percentile {p90:.3f} ms; median CPU "
            f"time {cpu:.3f} ms), {single:.4f} ms with one legal move"
        )
    figures["suite_s"] = time.perf_counter() - started
    print(f"the suite ran for {figures['suite_s']:,.0f} s")
    print("BENCH " + " ".join(f"{key}={value:.6g}" for key, value in figures.items()))


if __name__ == "__main__":
    main()
