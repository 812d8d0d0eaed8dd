"""Every public function is safe to call from many threads at once (see the embedding
page): eight threads playing random games give exactly the results of one thread, at the
memos' default limits and at tiny limits (where the memos make room all the time, while
other threads read and fill them)."""

from __future__ import annotations

import copy
import functools
import pickle
import random
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from conquian import (
    ConquianError,
    Decline,
    Game,
    IllegalMoveError,
    MoveProblem,
    Rules,
    State,
    _bits,
    can_partition,
    fits,
    partitions,
)
from conquian.agents import GreedyAgent
from conquian.match import Match
from conquian.rules import Regrouping
from helpers import scaled

THREADS = 8
TINY_LIMIT = 4
# Hand sizes 10, 12 and 15 (R8), with the tables of two sequence lengths (R5, V4) and a
# regrouping variant (V2), so that several meld tables and every memo are in use.
RULES = (
    Rules(),
    Rules(hand_size=12, max_sequence=10),
    Rules(hand_size=15, regrouping=Regrouping.BORROW),
)
# Six games a rule set under the full profiles; two under dev (helpers.scaled), which
# still fill and empty every memo at the tiny limits with eight threads.
GAMES_PER_RULES = scaled(6, least=2)


def play(rules: Rules, seed: int) -> list[object]:
    """One random game, and at every decision the answers of the public calls."""
    rng = random.Random(seed)
    state = State.new(seed, rules=rules)
    answers: list[object] = []
    while state.to_move is not None:
        moves = state.legal_moves()
        hand = sorted(state.hands[state.to_move])
        table = state.tables[state.to_move]  # melds: under V2 borrow or none they matter
        answers.append(
            (
                tuple(map(str, moves)),
                can_partition(hand, rules=rules),
                tuple(partitions(hand[:9], rules=rules)),
                state.offer is not None and fits(state.offer, table, rules=rules),
            )
        )
        state = state.apply(moves[rng.randrange(len(moves))])
        answers.append(state.to_notation())
    return answers


TASKS = [(rules, seed) for rules in RULES for seed in range(GAMES_PER_RULES)]


def run_threads() -> dict[tuple[Rules, int], list[object]]:
    """Every task in each of THREADS threads (each in its own order); the threads' answers,
    which must agree."""
    results: list[dict[tuple[Rules, int], list[object]]] = [{} for _ in range(THREADS)]

    def work(index: int) -> None:
        for task in TASKS[index:] + TASKS[:index]:
            results[index][task] = play(*task)

    in_threads(work)
    for other in results[1:]:
        assert other == results[0]
    return results[0]


def in_threads(work: Callable[[int], None]) -> None:
    """Run ``work(index)`` in THREADS threads started together; fail if any raised."""
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def run(index: int) -> None:
        try:
            start.wait()
            work(index)
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, f"a thread raised {errors[0]!r}"


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Threads switch every microsecond, so that they interleave inside the memos."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


@pytest.fixture
def tiny_memos() -> Iterator[None]:
    saved = [(memo, memo.limit) for memo in _bits.memos()]
    for memo in _bits.memos():
        memo.limit = TINY_LIMIT
        memo.make_room()
    yield
    for memo, limit in saved:
        memo.limit = limit


@pytest.fixture(scope="module")
def expected() -> dict[tuple[Rules, int], list[object]]:
    """The answers of one thread."""
    return {task: play(*task) for task in TASKS}


@pytest.mark.usefixtures("busy_switching")
def test_eight_threads_at_the_default_limits_give_the_one_thread_answers(
    expected: dict[tuple[Rules, int], list[object]],
) -> None:
    assert run_threads() == expected


@pytest.mark.usefixtures("busy_switching", "tiny_memos")
def test_eight_threads_at_tiny_limits_give_the_one_thread_answers(
    expected: dict[tuple[Rules, int], list[object]],
) -> None:
    assert run_threads() == expected
    # A memo may overshoot its limit by a few entries that threads stored at once.
    assert all(len(memo) <= TINY_LIMIT + THREADS for memo in _bits.memos())


def test_a_take_handed_out_by_another_thread_is_still_checked(busy_switching: None) -> None:
    """R12: a take that the legal moves of one position built is played unchecked only
    in that position (conquian.moves.handed); threads handing out takes of their own
    positions at once never let one be played where it is illegal."""
    pairs: list[tuple[State, State]] = []  # a position with a take, and one after a decline
    for seed in range(40):
        rng = random.Random(seed)
        state = State.new(seed)
        while state.to_move is not None and len(pairs) < 2 * THREADS:
            moves = state.legal_moves()
            if moves and moves[0].__class__ is not Decline and Decline() in moves:
                declined = state.apply(Decline())
                if declined.refusal(moves[0]) is not None:
                    pairs.append((state, declined))
            state = state.apply(moves[rng.randrange(len(moves))])
    assert len(pairs) == 2 * THREADS
    played = [state.apply_unchecked(state.legal_moves()[0]) for state, _ in pairs]

    def work(index: int) -> None:
        for _ in range(scaled(100, least=40)):
            for (state, declined), after in zip(pairs, played, strict=True):
                take = state.legal_moves()[0]
                with pytest.raises(IllegalMoveError):
                    declined.apply(take)
                assert state.apply(take) == after

    in_threads(work)


# ===================================================== one Game or Match shared by threads


def share(target: Callable[[random.Random], None]) -> None:
    """Run ``target`` in THREADS threads at once, each with its own random generator."""
    in_threads(lambda index: target(random.Random(index)))


def play_some(facade: Game | Match, rng: random.Random, moves: int) -> None:
    """Play random legal moves of the position a thread sees, and take some back; a move
    another thread made stale is refused (IllegalMoveError), as it would be alone."""
    for _ in range(moves):
        legal = facade.legal_moves()
        if not legal:
            return
        try:
            if rng.random() < 0.1:
                facade.undo()
            else:
                facade.play(legal[rng.randrange(len(legal))])
        except ConquianError:
            pass  # stale, or nothing to undo


@pytest.mark.usefixtures("busy_switching")
def test_a_game_shared_by_threads_keeps_a_history_that_replays() -> None:
    """Each move is played whole under the game's lock: the game's moves, replayed from
    its first state, give its states, and its record and data read back equal to it."""
    for seed in range(6):
        game = Game.new(seed=seed)
        share(functools.partial(play_some, game, moves=40))
        state = game.initial
        for move, expected in zip(game.moves, list(game.states)[1:], strict=True):
            state = state.apply(move)
            assert state == expected
        assert Game.from_record(game.record()) == game
        assert Game.from_dict(game.to_dict()) == game


@pytest.mark.usefixtures("busy_switching")
def test_a_match_shared_by_threads_settles_each_game_once() -> None:
    match = Match.new(seed=3, games=3)
    share(functools.partial(play_some, match, moves=200))
    assert Match.from_record(match.record()) == match
    finished = match.game_index + (1 if match.is_over else 0)
    assert finished >= 1
    assert [result.index for result in match.completed] == list(range(finished))


def play_in_thread(game: Game, seed: int, stop: threading.Event) -> threading.Thread:
    """A thread that plays on ``game`` until ``stop`` is set (an ended game is taken
    back, so that it keeps playing)."""

    def work() -> None:
        rng = random.Random(seed)
        while not stop.is_set():
            legal = game.legal_moves()
            if not legal or rng.random() < 0.3:
                if game.ply:
                    game.undo()
            else:
                game.play(legal[rng.randrange(len(legal))])

    thread = threading.Thread(target=work)
    thread.start()
    return thread


@pytest.mark.usefixtures("busy_switching")
def test_a_game_pickled_or_copied_while_another_thread_plays_is_whole() -> None:
    """A pickle or a copy is taken under the lock, with the game's lists copied: it never
    holds a state without its move."""
    for seed in range(3):
        game = Game.new(seed=seed)
        stop = threading.Event()
        thread = play_in_thread(game, seed, stop)
        try:
            for _ in range(scaled(15, least=5)):  # five copies under dev (helpers.scaled)
                for other in (pickle.loads(pickle.dumps(game)), copy.copy(game), game.copy()):
                    assert len(list(other.states)) == other.ply + 1
                    assert Game.from_dict(other.to_dict()) == other
        finally:
            stop.set()
            thread.join()


def test_a_copy_of_a_game_or_a_match_plays_on_its_own() -> None:
    """copy.copy gives an independent game or match, as their copy and pickles do."""
    game = Game.new(seed=4)
    match = Match.new(seed=4, games=2)
    for facade in (game, match):
        before = pickle.dumps(facade)
        other = copy.copy(facade)
        assert other == facade
        other.play(other.legal_moves()[0])
        assert other != facade
        assert pickle.dumps(facade) == before


@pytest.mark.usefixtures("busy_switching")
def test_a_match_read_while_another_thread_plays_never_shows_a_game_not_settled() -> None:
    """A move that ends a game is played, settled and the next game dealt in one step
    under the match's lock, and its readers take the lock: no reader sees the current
    game over, or no legal move, while the match goes on."""
    match = Match.new(seed=8, games=6)
    stop = threading.Event()
    torn: list[tuple[int, int]] = []

    def read() -> None:
        while not stop.is_set():
            state, moves = match.state, match.legal_moves()
            if (state.is_over or not moves) and not match.is_over:  # is_over only turns True
                torn.append((match.game_index, state.ply))

    readers = [threading.Thread(target=read) for _ in range(4)]
    for reader in readers:
        reader.start()
    try:
        agent = GreedyAgent()
        while not match.is_over:
            state = match.state
            assert state.to_move is not None
            match.play(agent.choose(state.observation(state.to_move), state.legal_moves()))
    finally:
        stop.set()
        for reader in readers:
            reader.join()
    assert len(match.completed) == 6
    assert torn == []


@pytest.mark.usefixtures("busy_switching")
def test_a_move_sent_by_many_threads_with_its_ply_is_played_once() -> None:
    """The ply is checked in the same step as the move, under the lock: eight copies of
    one request (a decline, which the same player may make again at the next card) play
    one move, and the others are refused as moved on."""
    for _ in range(40):
        game = Game.new(seed=7)
        game.play("decline")  # player 1 passes his card: player 0 decides at ply 1
        played: list[int] = []
        refused: list[MoveProblem] = []

        def send(
            index: int,
            game: Game = game,
            played: list[int] = played,
            refused: list[MoveProblem] = refused,
        ) -> None:
            try:
                game.play("decline", player=0, ply=1)
                played.append(index)
            except IllegalMoveError as error:
                refused.append(error.problem)

        in_threads(send)
        assert len(played) == 1
        assert refused == [MoveProblem.MOVED_ON] * (THREADS - 1)
        assert game.ply == 2


def test_a_stale_ply_refuses_a_move_or_an_undo_and_changes_nothing() -> None:
    for facade in (Game.new(seed=7), Match.new(seed=7, games=2)):
        facade.play("decline", ply=0)
        before = pickle.dumps(facade)
        with pytest.raises(IllegalMoveError, match="it is at ply 1, not 0") as stale:
            facade.play("decline", ply=0)
        assert stale.value.problem is MoveProblem.MOVED_ON
        assert stale.value.number == 1
        with pytest.raises(IllegalMoveError, match="it is at ply 1, not 2"):
            facade.undo(ply=2)
        with pytest.raises(TypeError, match="ply is a whole number or None, not True"):
            facade.play("decline", ply=True)
        assert pickle.dumps(facade) == before
        assert facade.undo(ply=1) == Decline()


def test_repr_inside_a_locked_section_of_the_same_thread_answers() -> None:
    # A debugger stopped inside Game.play or Match.play shows the object with repr, in
    # the thread that holds its lock: the lock is re-entrant, so repr does not wait for
    # ever (a copy and an unpickled object get a re-entrant lock too).
    game, match = Game.new(seed=7), Match.new(seed=7, games=2)
    facades = (game, match, copy.copy(game), copy.copy(match), pickle.loads(pickle.dumps(match)))
    shown: list[str] = []

    def show() -> None:
        for facade in facades:
            with facade._lock:
                shown.append(repr(facade))

    worker = threading.Thread(target=show, daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), f"repr waited for its own thread's lock after {shown}"
    assert shown == [
        "<Game ply=0 offer>",
        "<Match game 1 of 2, ply 0, scores 0:0>",
        "<Game ply=0 offer>",
        "<Match game 1 of 2, ply 0, scores 0:0>",
        "<Match game 1 of 2, ply 0, scores 0:0>",
    ]


def waiting_int(facade: Game | Match, finished: list[bool]) -> type[int]:
    """An int whose repr waits for another thread to play a move on ``facade``."""

    class Waiting(int):
        def __repr__(self) -> str:
            other = threading.Thread(target=facade.play, args=("decline",), daemon=True)
            other.start()
            other.join(timeout=2)
            finished.append(not other.is_alive())
            return "Waiting"

    return Waiting


def test_a_wrong_player_or_ply_is_described_before_the_lock_is_taken() -> None:
    # The message of a wrong type describes the value, which may run its own code: an
    # int subclass whose repr waits for another thread that plays on the same game
    # waited for ever while the game's lock was held.
    for facade in (Game.new(seed=7), Match.new(seed=7, games=2)):
        finished: list[bool] = []
        waiting = waiting_int(facade, finished)
        with pytest.raises(TypeError, match="player must be 0 or 1"):
            facade.play("decline", player=waiting(0))
        with pytest.raises(TypeError, match="ply is a whole number"):
            facade.play("decline", ply=waiting(1))
        with pytest.raises(TypeError, match="ply is a whole number"):
            facade.undo(ply=waiting(2))
        assert finished == [True, True, True]
        assert facade.state.ply == 3  # the three moves the other threads played
