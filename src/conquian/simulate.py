"""Simulate many games between two agents (or three, in games of three players), on one
core or several.

Every game ``i`` is dealt from a seed derived from the run's seed and ``i`` alone, and its
agents are built afresh from seeds derived the same way, so the results are the same
whatever the number of worker processes. The dealer alternates between games (R9), or
passes to the next player with three (M2): game ``i`` is dealt by player ``i % players``.

>>> from conquian.simulate import simulate
>>> result = simulate(200, ("greedy", "random"), seed=1)
>>> result.games, sum(result.wins) + result.draws
(200, 200)
>>> result.wins[0] > result.wins[1]
True
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from itertools import islice
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import MappingProxyType
from typing import Any, Final, TypeVar

import attrs

from conquian._rng import SplitMix64, game_seed
from conquian.agents import (
    Agent,
    GreedyAgent,
    HeuristicAgent,
    ISMCTSAgent,
    RandomAgent,
    SearchAgent,
    play_game,
)
from conquian.dealing import check_seed
from conquian.errors import ConquianError, describe, is_whole
from conquian.rules import CLASSIC, Rules
from conquian.state import State

__all__ = [
    "AGENTS",
    "MAX_SIMULATED_GAMES",
    "MAX_WORKERS",
    "SimulationResult",
    "agent_factory",
    "agent_named",
    "game_seed",
    "simulate",
]

_Factory = Callable[[int], Agent]  # builds an agent for one game from a seed
_Result = TypeVar("_Result")


def _random_agent(seed: int) -> Agent:
    return RandomAgent(seed)


def _greedy_agent(seed: int) -> Agent:
    return GreedyAgent()


def _heuristic_agent(seed: int) -> Agent:
    return HeuristicAgent()


def _search_agent(seed: int) -> Agent:
    return SearchAgent(seed)


def _ismcts_agent(seed: int) -> Agent:
    return ISMCTSAgent(seed)


AGENTS: Final[Mapping[str, Callable[[int], Agent]]] = MappingProxyType(
    {
        "random": _random_agent,
        "greedy": _greedy_agent,
        "heuristic": _heuristic_agent,
        "search": _search_agent,
        "ismcts": _ismcts_agent,
    }
)
"""The built-in agents by their names, each a function that builds an agent for one game
from a seed: ``"random"`` a :class:`~conquian.agents.RandomAgent` seeded with it,
``"greedy"`` a :class:`~conquian.agents.GreedyAgent`, ``"heuristic"`` a
:class:`~conquian.heuristic.HeuristicAgent`, ``"search"`` a
:class:`~conquian.search.SearchAgent` seeded with it and ``"ismcts"`` an
:class:`~conquian.ismcts.ISMCTSAgent` seeded with it. Read-only, like
:data:`~conquian.rules.PRESETS` (``AGENTS["mine"] = ...`` raises :class:`TypeError`): give
:func:`simulate` a factory of your own instead, or copy the table with ``dict(AGENTS)``.

:meta hide-value:
"""

MAX_SIMULATED_GAMES: Final = 10**9
"""The most games one :func:`simulate` call plays."""
MAX_WORKERS: Final = 1024
"""The most worker processes (or Ray CPUs) a call may ask for. No more processes are
started than there are tasks to hand out."""
_BACKENDS: Final = ("process", "ray")
_CHUNK: Final = 250  # most games a worker plays per task
_MIN_CHUNK: Final = 10  # fewest, but for the last task


@attrs.frozen
class SimulationResult:
    """What a simulation found. Equal results have equal counts (the time is not compared).

    Attributes:
        games: Games played.
        wins: Games won by each seat (seat 0 is the first agent): two counts, or three in
            games of three players.
        draws: Games drawn (R15).
        plies: Moves played in all the games.
        seconds: Wall-clock time of the run.
    """

    games: int
    wins: tuple[int, ...]
    draws: int
    plies: int
    seconds: float = attrs.field(eq=False)

    def rate(self, seat: int) -> float:
        """The share of games won by ``seat``."""
        return self.wins[seat] / self.games if self.games else 0.0

    def interval(self, seat: int, z: float = 1.96) -> tuple[float, float]:
        """A Wilson score interval for ``seat``'s win rate (95% for the default ``z``)."""
        n = self.games
        if n == 0:
            return (0.0, 1.0)
        p = self.wins[seat] / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        lines = [f"{self.games:,} games, {self.plies:,} moves, {self.seconds:,.2f} s"]
        for seat in range(len(self.wins)):
            low, high = self.interval(seat)
            lines.append(
                f"seat {seat}: {self.wins[seat]:,} wins ({self.rate(seat):.1%}, "
                f"95% interval {low:.1%} to {high:.1%})"
            )
        lines.append(f"draws: {self.draws:,} ({self.draws / max(self.games, 1):.1%})")
        return "\n".join(lines)


def agent_named(name: object) -> Callable[[int], Agent]:
    """The factory of the agent called ``name`` in :data:`AGENTS`.

    Raises:
        ConquianError: No agent has that name.

    >>> from conquian.simulate import AGENTS, agent_named
    >>> agent_named("random") is AGENTS["random"]
    True
    """
    found = AGENTS.get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(AGENTS)
        raise ConquianError(f"no agent is called {describe(name)}: the agents are {known}")
    return found


def agent_factory(agent: str | Callable[[int], Agent]) -> Callable[[int], Agent]:
    """The factory of an agent given by name (see :data:`AGENTS`) or as a factory.

    Raises:
        ConquianError: No agent has that name, or ``agent`` is neither a name nor callable.

    >>> from conquian.simulate import agent_factory
    >>> type(agent_factory("search")(7)).__name__
    'SearchAgent'
    """
    if isinstance(agent, str):
        return agent_named(agent)
    if not callable(agent):
        raise ConquianError(f"an agent is a name or a factory, not {describe(agent)}")
    return agent


def _play_range(
    start: int, stop: int, seed: int, rules: Rules, factories: tuple[_Factory, ...]
) -> tuple[int, ...]:
    """Play games ``start`` to ``stop - 1``: (draws, plies, wins of seat 0, wins of seat 1
    and, with three players, of seat 2)."""
    players = len(factories)
    wins = [0] * players
    draws = plies = 0
    for game in range(start, stop):
        deal = game_seed(seed, game)
        agents = [
            factories[seat](SplitMix64(deal ^ (seat + 1)).next64()) for seat in range(players)
        ]
        final = play_game(State.new(deal, rules=rules, dealer=game % players), agents)
        outcome = final.outcome
        assert outcome is not None
        plies += final.ply
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.winner] += 1
    return (draws, plies, *wins)


def in_workers(
    function: Callable[..., _Result], tasks: Sequence[tuple[Any, ...]], workers: int
) -> Generator[tuple[int, _Result], None, None]:
    """``(number, function(*tasks[number]))`` for each task, in the order ``workers``
    processes finish them. The workers ignore Ctrl-C: it stops the caller, and leaving
    this generator (by an interrupt, an error, or a caller that stops reading) ends the
    workers at once, with the tasks not yet done. ``function`` must be picklable. A task's
    error reaches the caller; one that cannot be pickled arrives as a ``RuntimeError``
    that names it, and so does a worker that ended without its result (a crash)."""
    numbered = [(function, number, task) for number, task in enumerate(tasks)]
    processes = max(1, min(workers, len(numbered)))  # an idle process is only a cost
    # Each worker has its own pipe: multiprocessing.Pool's workers share one result queue
    # and its lock, and Pool.terminate() can wait for ever on that lock when it kills a
    # worker in the middle of writing a result (a worker error made it happen about once
    # in 450 calls). A worker killed here holds no lock that anyone waits for.
    context = multiprocessing.get_context()
    started: list[tuple[BaseProcess, Connection]] = []
    try:
        for _ in range(processes):
            ours, theirs = context.Pipe()
            worker = context.Process(target=_serve, args=(theirs,), daemon=True)
            worker.start()
            theirs.close()
            started.append((worker, ours))
        waiting = iter(numbered)
        busy: dict[Connection, BaseProcess] = {}
        for process, connection in started:
            item = next(waiting, None)
            if item is None:
                break
            connection.send(item)
            busy[connection] = process
        while busy:
            sentinels = {process.sentinel: connection for connection, process in busy.items()}
            ready = wait([*busy, *sentinels])
            for connection in [each for each in busy if each in ready]:
                try:
                    ok, value = connection.recv()
                except EOFError:
                    ok, value = False, _ended(busy[connection])
                if not ok:
                    raise value
                item = next(waiting, None)
                if item is None:
                    del busy[connection]
                else:
                    connection.send(item)
                yield value
            for sentinel in (each for each in sentinels if each in ready):
                connection = sentinels[sentinel]
                if connection in busy and not connection.poll():
                    raise _ended(busy[connection])  # it died before it sent its result
    finally:  # leaving, by the end, an error or a caller that stops reading
        for process, connection in started:
            if process.is_alive():
                process.terminate()
            process.join()
            connection.close()


def _serve(connection: Connection) -> None:
    """A worker of :func:`in_workers`: run each numbered task it is sent, and send back
    ``(True, (number, result))`` or ``(False, error)``, until the pipe closes."""
    _ignore_interrupts()
    while True:
        try:
            function, number, task = connection.recv()
        except EOFError:
            return
        try:
            reply: tuple[bool, object] = (True, (number, function(*task)))
        except Exception as error:
            reply = (False, _sendable(error))
        connection.send(reply)


def _sendable(error: Exception) -> Exception:
    """``error``, or a ``RuntimeError`` naming it if the caller could not rebuild it from
    its pickle (an error whose ``__init__`` needs more than its message would fail there,
    in the caller's ``recv``, as an error about unpickling instead of its own)."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _ended(process: BaseProcess) -> RuntimeError:
    """The error of a worker that ended before it sent a result (a crash)."""
    process.join(5)  # its pipe closed as it ended: wait for its exit code
    return RuntimeError(
        f"a worker process ended without its result (exit code {process.exitcode})"
    )


def check_count(value: object, what: str, most: int | None = None) -> int:
    """``value`` if it is a whole number from 0 to ``most`` (of at least 0 if ``most``
    is ``None``).

    Raises:
        ConquianError: It is not (``what`` names it in the message).

    >>> check_count(5000, "workers", MAX_WORKERS)
    Traceback (most recent call last):
    conquian.errors.ConquianError: workers must be a whole number from 0 to 1,024, not 5000
    """
    if not is_whole(value) or value < 0 or (most is not None and value > most):
        bounds = "of at least 0" if most is None else f"from 0 to {most:,}"
        raise ConquianError(f"{what} must be a whole number {bounds}, not {describe(value)}")
    return value


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Split games 0 to ``games - 1`` into tasks (ranges) that shrink as they go: each
    takes a share of the games left, so the workers finish close together, while the
    early tasks stay large and cheap to hand out. Game i is the same game in any task."""
    chunks = []
    low = 0
    while low < games:
        size = min(_CHUNK, max(_MIN_CHUNK, (games - low) // (4 * workers)))
        chunks.append((low, min(low + size, games)))
        low += size
    return chunks


def simulate(
    games: int,
    agents: Iterable[str | Callable[[int], Agent]] = ("greedy", "random"),
    *,
    seed: int = 0,
    rules: Rules = CLASSIC,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    backend: str = "process",
    address: str | None = None,
) -> SimulationResult:
    """Play ``games`` games between two agents (three in games of three players) and count
    the results.

    Args:
        games: How many games, at most :data:`MAX_SIMULATED_GAMES`.
        agents: One agent a player (any iterable of ``rules.players``), by name (see
            :data:`AGENTS`) or as factories that build an agent from a seed; the first
            sits in seat 0. Factories must be picklable (module-level functions or
            classes) when ``workers`` is more than 1.
        seed: The run's seed; game ``i`` is dealt from :func:`game_seed` (seed, i).
        rules: The rules of every game.
        workers: Processes to use (0 for one per core), at most :data:`MAX_WORKERS`, and
            no more are started than there are tasks. The result does not depend on it.
        progress: Called with (games done, games) as the work advances.
        backend: ``"process"`` (this machine's cores) or ``"ray"`` (a Ray cluster, see
            :mod:`conquian.integrations.ray`; needs the ``ray`` extra). The result is the
            same on both.
        address: With ``backend="ray"``, the cluster to join; ``None`` starts a local
            Ray instance with ``workers`` CPUs for the run.

    Raises:
        ConquianError: A bad count, seed, agent, worker number, backend or address, or
            not one agent a player.
        ImportError: ``backend="ray"`` without Ray installed.

    >>> from conquian import TERCERILLA
    >>> result = simulate(30, ("greedy", "random", "random"), rules=TERCERILLA, seed=2)
    >>> len(result.wins), sum(result.wins) + result.draws
    (3, 30)
    """
    import time

    check_count(games, "games", MAX_SIMULATED_GAMES)
    check_seed(seed, "a run's seed")
    if not isinstance(rules, Rules):
        raise ConquianError(f"rules must be a Rules value, not {describe(rules)}")
    players = rules.players
    count_word = "two" if players == 2 else "three"
    if isinstance(agents, str) or not isinstance(agents, Iterable):
        what = "the text " if isinstance(agents, str) else ""
        raise ConquianError(
            f"agents must be {count_word} agents, names or factories, such as "
            f"('greedy', 'random'), not {what}{describe(agents)}"
        )
    given = tuple(islice(agents, players + 1))  # never read past one agent too many
    if len(given) != players:
        number = f"more than {count_word}" if len(given) > players else len(given)
        raise ConquianError(
            f"a game of {players} players has {count_word} agents, not {number} (one a player)"
        )
    factories = tuple(agent_factory(agent) for agent in given)
    check_count(workers, "workers", MAX_WORKERS)
    if backend not in _BACKENDS:
        raise ConquianError(
            f"the backend is one of {', '.join(_BACKENDS)}, not {describe(backend)}"
        )
    if address is not None and not isinstance(address, str):
        raise ConquianError(f"an address is text, not {describe(address)}")
    if address is not None and backend != "ray":
        raise ConquianError("an address names a Ray cluster: it needs the ray backend")
    start = time.perf_counter()
    totals = [0] * (2 + players)  # draws, plies, each seat's wins
    done = 0

    def count(games_done: int, result: tuple[int, ...]) -> None:
        nonlocal done
        for i, value in enumerate(result):
            totals[i] += value
        done += games_done
        if progress is not None:
            progress(done, games)

    if backend == "ray":
        from conquian.integrations import ray

        with ray.connected(address, workers) as cpus:
            chunks = _chunks(games, cpus)
            tasks = [(low, high, seed, rules, factories) for low, high in chunks]
            # closed at once when a progress callback fails: the tasks left are cancelled
            with contextlib.closing(ray.run_tasks(_play_range, tasks)) as results:
                for number, result in results:
                    count(chunks[number][1] - chunks[number][0], result)
    else:
        workers = workers or os.cpu_count() or 1
        chunks = _chunks(games, workers)
        if workers == 1 or len(chunks) <= 1:
            for low, high in chunks:
                count(high - low, _play_range(low, high, seed, rules, factories))
        else:
            tasks = [(low, high, seed, rules, factories) for low, high in chunks]
            with contextlib.closing(in_workers(_play_range, tasks, workers)) as results:
                for number, result in results:
                    count(chunks[number][1] - chunks[number][0], result)
    return SimulationResult(
        games=games,
        wins=tuple(totals[2:]),
        draws=totals[0],
        plies=totals[1],
        seconds=time.perf_counter() - start,
    )
