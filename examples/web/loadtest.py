"""A bounded load test of the web example: many games at once, played to their end.

It starts ``server.py`` in its own process on loopback, then plays ``--games`` games at
the same time, every third one a three-player game (``tercerilla``, every other one of
them with the opening exchange), each by a scripted client a seat that does what the
page does: the first starts the game, the others join it with their invitations, then
each listens on its seat's WebSocket, and when it is its turn chooses at random among
the choice buttons, a take and the cards it may give, builds a take with random clicks
(the library's :class:`~conquian.builder.TakeBuilder` on the seat's view, as the
server's does for the page), and POSTs the move. At the end each game's JSON record is
downloaded and replayed: it must hold exactly the moves the clients played, in order
(none lost, none twice), and lead to the final view each seat was sent.

It prints the figures (games, of them three-player ones, moves, moves per second, move
latency percentiles) and
exits 1 on any error. By default it plays twice, each time on a server of its own: once
keeping its games in memory only (``--in-memory``), once in a new SQLite database (every
move committed before it is answered), and prints how the database's p50 and p95 compare
with memory's.

Run: ``python examples/web/loadtest.py --games 200``. All the games come from one
address: the server it starts allows that many per client; a server given with
``--url`` must be started with ``--max-games-per-client`` at least ``--games``, and
the per-client limits on new games and connections as high.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from conquian import Card, Game, Meld, Rules, parse_cards
from conquian.builder import TakeBuilder
from conquian.notation import loads

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "tests"))

from serverprocess import free_port, start_server  # noqa: E402


class Figures:
    """What the clients saw: latencies of the moves and every error."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.moves = 0
        self.games = 0
        self.three_player_games = 0
        self.playing = 0
        self.most_playing = 0


def choose(payload: dict[str, Any], rng: random.Random) -> str:
    """A random legal move, as the page offers them: one of the choice buttons, or a
    take built by clicking random cards the take builder allows, then a random discard
    (or going out); in the opening exchange (M10), a random card of those it may give."""
    if payload["gives"]:
        return "give " + str(rng.choice(payload["gives"]))
    options: list[str | None] = [choice["move"] for choice in payload["choices"]]
    if payload["builder"] is not None:
        options.append(None)  # a take
    picked = rng.choice(options)
    if picked is not None:
        return picked
    view = payload["view"]
    seat = view["player"]
    builder = TakeBuilder.start(
        Rules.from_dict(view["rules"]),
        parse_cards(" ".join(view["hand"])),
        [Meld(" ".join(meld)) for meld in view["tables"][seat]],
        Card.parse(view["offer"]),
    )
    while not builder.is_complete or (builder.addable and rng.random() < 0.3):
        builder = builder.add(rng.choice(sorted(builder.addable)))
    if builder.needs_arrangement:
        builder = builder.arrange(rng.randrange(len(builder.arrangements)))
    if builder.can_go_out:
        return str(builder.go_out())
    return str(builder.discard(rng.choice(sorted(builder.discards))))


async def play_seat(
    base_url: str,
    ws_url: str,
    game_id: str,
    seat: int,
    key: str,
    figures: Figures,
    played: dict[int, str],
) -> dict[str, Any]:
    """Play one seat to the end of its game; return the last view it was sent."""
    rng = random.Random(f"{game_id}/{seat}")
    headers = {"Authorization": f"Bearer {key}"}
    latest: dict[str, Any] | None = None
    acted = -1
    async with (
        # No keep-alive pings: on loopback they only add work to a busy client.
        websockets.connect(f"{ws_url}/api/games/{game_id}/ws", ping_interval=None) as socket,
        # Plain HTTP on loopback: no TLS, so no certificates to load for each client.
        httpx.AsyncClient(base_url=base_url, timeout=60, verify=False) as client,
    ):
        await socket.send(json.dumps({"key": key}))
        while True:
            view = None if latest is None else latest["view"]
            mine = view is not None and view["to_move"] == seat and view["ply"] > acted
            if latest is None or not (mine or latest["over"]):
                data = json.loads(await socket.recv())
                if latest is None or data["view"]["ply"] >= latest["view"]["ply"]:
                    latest = data
                continue
            if latest["over"]:
                return latest
            move = choose(latest, rng)
            ply = latest["view"]["ply"]
            acted = ply
            start = time.perf_counter()
            answer = await client.post(
                f"/api/games/{game_id}/move", json={"move": move, "ply": ply}, headers=headers
            )
            figures.latencies.append(time.perf_counter() - start)
            if answer.status_code != 200:
                figures.errors.append(f"{game_id} seat {seat} {move}: {answer.text}")
                raise RuntimeError(answer.text)
            if ply in played:
                figures.errors.append(f"{game_id}: two moves sent at ply {ply}")
            played[ply] = move
            figures.moves += 1
            data = answer.json()
            if data["view"]["ply"] >= latest["view"]["ply"]:
                latest = data


async def play_game(
    client: httpx.AsyncClient,
    ws_url: str,
    seed: int,
    figures: Figures,
    rules: str,
    exchange: bool = False,
) -> None:
    """Play one game under ``rules`` (with the opening exchange, M10, if ``exchange``)
    by a client a seat (two or three), then check its record against what they played."""
    body = {"mode": "humans", "seed": seed, "rules": rules, "exchange": exchange}
    answer = await client.post("/api/games", json=body)
    answer.raise_for_status()
    created = answer.json()
    game_id = created["game"]
    keys = [created["seats"][0]["key"]]
    for link in created["invitations"]:  # one a friend's seat, in seat order
        token = link.rsplit("/", 1)[1]  # /#ID/invite/TOKEN
        joined = await client.post(f"/api/games/{game_id}/join", json={"invite": token})
        joined.raise_for_status()
        keys.append(joined.json()["key"])
    played: dict[int, str] = {}
    figures.playing += 1
    figures.most_playing = max(figures.most_playing, figures.playing)
    base_url = str(client.base_url)
    finals = await asyncio.gather(
        *(
            play_seat(base_url, ws_url, game_id, seat, keys[seat], figures, played)
            for seat in range(len(keys))
        )
    )
    figures.playing -= 1
    record_answer = await client.get(
        f"/api/games/{game_id}/record", headers={"Authorization": f"Bearer {keys[0]}"}
    )
    record_answer.raise_for_status()
    record = loads(record_answer.text)
    moves = [str(move) for move in record.moves]
    if moves != [played[ply] for ply in sorted(played)] or sorted(played) != list(
        range(len(moves))
    ):
        figures.errors.append(f"{game_id}: the record's moves are not the moves played")
    final = Game.from_record(record).state
    for seat, last in enumerate(finals):
        if final.observation(seat).to_dict() != last["view"]:
            figures.errors.append(f"{game_id}: the record does not replay to seat {seat}'s view")
    figures.games += 1
    figures.three_player_games += len(keys) == 3


async def run(base_url: str, games: int, first_seed: int) -> Figures:
    figures = Figures()
    ws_url = base_url.replace("http://", "ws://")
    # One small client for each seat: one pool of hundreds of connections is slow to
    # pick from (httpx looks through the whole pool for each request).
    async with httpx.AsyncClient(base_url=base_url, timeout=60) as client:
        results = await asyncio.gather(
            *(
                play_game(client, ws_url, first_seed + n, figures, *RULES[n % len(RULES)])
                for n in range(games)
            ),
            return_exceptions=True,
        )
    for result in results:
        if isinstance(result, BaseException):
            figures.errors.append(f"{type(result).__name__}: {result}")
    return figures


RULES: tuple[tuple[str, bool], ...] = (
    ("classic", False),
    ("classic", False),
    ("tercerilla", False),
    ("classic", False),
    ("classic", False),
    ("tercerilla", True),
)
"""The rules of the games, in turn, and whether they open with the exchange (M10):
every third game has three players, every other one of them the exchange."""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(url: str | None, games: int, seed: int, *options: str) -> tuple[Figures, float]:
    """Play the games against the server at ``url``, or one started with ``options``:
    the figures, and the seconds they took."""
    server = None
    if url is None:
        port = free_port()
        many = str(max(games, 20))
        server = start_server(
            port,
            "--max-games-per-client",
            many,
            "--games-per-minute",
            many,
            "--connections-per-client",
            str(5 * games + 20),
            *options,
        )
        url = f"http://127.0.0.1:{port}"
    try:
        start = time.perf_counter()
        figures = asyncio.run(run(url, games, seed))
        elapsed = time.perf_counter() - start
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
    if figures.most_playing < games:
        figures.errors.append(f"only {figures.most_playing} games were in progress at once")
    return figures, elapsed


def report(title: str, figures: Figures, games: int, elapsed: float) -> None:
    latencies = figures.latencies or [0.0]
    print(
        f"load test ({title}): {figures.games} of {games} games played to their end "
        f"({figures.three_player_games} of three players), {figures.most_playing} at once; "
        f"{figures.moves} moves in {elapsed:.1f} s "
        f"({figures.moves / elapsed:.0f} moves/s)"
    )
    print(
        f"move latency: mean {statistics.fmean(latencies) * 1000:.1f} ms, "
        f"p50 {percentile(latencies, 0.50) * 1000:.1f} ms, "
        f"p95 {percentile(latencies, 0.95) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms; errors: {len(figures.errors)}"
    )
    for error in figures.errors[:10]:
        print("  error:", error)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games played at once")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--url", help="a running server (default: start one each time)")
    parser.add_argument(
        "--storage",
        choices=("both", "memory", "database"),
        default="both",
        help="where the servers it starts keep their games (default: both, one after the other)",
    )
    args = parser.parse_args(argv)
    runs: list[tuple[str, tuple[str, ...]]] = []
    with tempfile.TemporaryDirectory(prefix="conquian-load-") as folder:
        if args.url is not None:
            runs.append((args.url, ()))
        if args.url is None and args.storage in ("both", "memory"):
            runs.append(("in memory", ("--in-memory",)))
        if args.url is None and args.storage in ("both", "database"):
            runs.append(("SQLite database", ("--database", str(Path(folder) / "load.sqlite3"))))
        results = []
        for title, options in runs:
            figures, elapsed = measure(args.url, args.games, args.seed, *options)
            report(title, figures, args.games, elapsed)
            results.append(figures)
    if len(results) == 2:
        memory, database = (figures.latencies or [0.0] for figures in results)
        for name, fraction in (("p50", 0.50), ("p95", 0.95)):
            ratio = percentile(database, fraction) / max(percentile(memory, fraction), 1e-9)
            print(f"database / memory, {name}: {ratio:.2f}")
    failed = any(figures.errors or figures.games != args.games for figures in results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
