"""The web example's games survive the server: killed with SIGKILL in the middle of games
(against a bot and between two people, at an offer, at a decision to force a declined
card (R14b), with a take half built card by card, before the friend joined, and after
the end) and started again on the same database, every seat goes on from where it was
with the same link. A database file that is not the server's, or is damaged, stops the
server at its start with one clear line, before anything is served."""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverprocess import SERVER, free_port, start_server
from websockets.sync.client import connect

from conquian import CLASSIC, TERCERILLA, Phase, Rules, State, Take

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import server
from store import Store

# ---------------------------------------------------------------------- helpers


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


class Seats:
    """A game on the server, as its players' links hold it: the game's id and each
    seat's key (the friend's once he joined), and the invitation."""

    def __init__(self, client: httpx.Client, **body: Any) -> None:
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 200, answer.text
        created = answer.json()
        self.game: str = created["game"]
        self.keys: list[str] = [created["seats"][0]["key"]]
        self.invitations: list[str] = created["invitations"]

    def join(self, client: httpx.Client, seat: int = 1) -> None:
        """The friend of ``seat`` (1, or 2 in a three-player game) joins: the friends
        join in seat order."""
        token = self.invitations[seat - 1].rsplit("/", 1)[1]
        answer = client.post(f"/api/games/{self.game}/join", json={"invite": token})
        assert answer.status_code == 200, answer.text
        assert answer.json()["seat"] == seat == len(self.keys)
        self.keys.append(answer.json()["key"])

    def play(self, client: httpx.Client, seat: int, move: str) -> dict[str, Any]:
        answer = client.post(
            f"/api/games/{self.game}/move", json={"move": move}, headers=bearer(self.keys[seat])
        )
        assert answer.status_code == 200, answer.text
        payload: dict[str, Any] = answer.json()
        return payload

    def views(self, client: httpx.Client) -> list[dict[str, Any]]:
        """What each seat is shown, in English and Spanish."""
        shown = []
        for key in self.keys:
            for lang in ("en", "es"):
                answer = client.get(f"/api/games/{self.game}?lang={lang}", headers=bearer(key))
                assert answer.status_code == 200, answer.text
                shown.append(answer.json())
        return shown


def moves_until(
    seed: int, stop: Any, choose: Any = None, rules: Rules = CLASSIC
) -> tuple[list[str], State]:
    """The moves from the deal of ``seed`` under ``rules`` until ``stop(state)`` (the
    first legal move each time, or ``choose(state, legal)``), and the state there."""
    state, moves = State.new(seed=seed, rules=rules), []
    while not stop(state):
        assert state.outcome is None, "the game ended first"
        legal = state.legal_moves()
        move = legal[0] if choose is None else choose(state, legal)
        moves.append(str(move))
        state = state.apply(move)
    return moves, state


def long_take(state: State) -> Take | None:
    """A legal take that lays two hand cards or more (built card by card on the page)."""
    for move in state.legal_moves():
        if isinstance(move, Take) and len(move.laid) >= 2 and move.discard is not None:
            return move
    return None


def to_force_decision() -> tuple[int, list[str], State]:
    """A seed and the moves to a decision on forcing a declined card (R14b case a): a
    player takes while his table is empty, then declines whatever he is offered."""
    for seed in range(200):

        def choose(state: State, legal: Any) -> Any:
            player = state.to_move
            assert player is not None
            return legal[-1] if state.tables[player] else legal[0]  # a decline is last

        try:
            moves, state = moves_until(
                seed, lambda s: s.outcome is not None or s.phase is Phase.FORCE_DECISION, choose
            )
        except AssertionError:
            continue
        if state.phase is Phase.FORCE_DECISION:
            return seed, moves, state
    raise AssertionError("no force decision in 200 games")


def to_long_take() -> tuple[int, list[str], State]:
    """A seed and the moves to a position whose mover may take with two hand cards."""
    for seed in range(200):
        try:
            moves, state = moves_until(
                seed, lambda s: s.outcome is not None or long_take(s) is not None
            )
        except AssertionError:
            continue
        if state.outcome is None:
            return seed, moves, state
    raise AssertionError("no take of two hand cards in 200 games")


def play_all(
    client: httpx.Client, seats: Seats, seed: int, moves: list[str], rules: Rules = CLASSIC
) -> None:
    state = State.new(seed=seed, rules=rules)
    for move in moves:
        player = state.to_move
        assert player is not None
        seats.play(client, player, move)
        state = state.apply(move)


def build(client: httpx.Client, seats: Seats, seat: int, selected: list[str]) -> Any:
    answer = client.post(
        f"/api/games/{seats.game}/build",
        json={"selected": selected},
        headers=bearer(seats.keys[seat]),
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def socket_view(port: int, seats: Seats, seat: int) -> Any:
    """The view the seat's WebSocket sends first."""
    with connect(f"ws://127.0.0.1:{port}/api/games/{seats.game}/ws", open_timeout=10) as ws:
        ws.send(json.dumps({"key": seats.keys[seat], "lang": "en"}))
        return json.loads(ws.recv(timeout=20))


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


# ---------------------------------------------------------------------- the kill


def test_games_go_on_after_the_server_is_killed_and_started_again(database: Path) -> None:
    port = free_port()
    options = ("--database", str(database), "--max-games-per-client", "100")
    process = start_server(port, *options)
    url = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            # Before the friend joined: the invitation must still work afterwards.
            waiting = Seats(client, mode="humans", names=["Ann", "Guest"])
            # At a decision on forcing a declined card (R14b), the friend renamed.
            force_seed, force_moves, force_state = to_force_decision()
            forcing = Seats(client, mode="humans", seed=force_seed, names=["Ann", "Guest"])
            forcing.join(client)
            answer = client.post(
                f"/api/games/{forcing.game}/name",
                json={"name": "Bea"},
                headers=bearer(forcing.keys[1]),
            )
            assert answer.status_code == 200
            play_all(client, forcing, force_seed, force_moves)
            # A take half built: one card of two clicked.
            take_seed, take_moves, take_state = to_long_take()
            taking = Seats(client, mode="humans", seed=take_seed)
            taking.join(client)
            play_all(client, taking, take_seed, take_moves)
            take = long_take(take_state)
            assert take is not None
            taker = take_state.to_move
            assert taker is not None
            first_card = str(sorted(take.laid)[0])
            half_built = build(client, taking, taker, [first_card])
            # Against a bot, at an offer, a few moves in.
            solo = Seats(client, mode="bot", bot="random", seed=4)
            for _ in range(3):
                payload = solo.views(client)[0]
                if payload["over"]:
                    break
                move = payload["choices"][0]["move"] if payload["choices"] else None
                if move is None:
                    break
                solo.play(client, 0, move)
            # Over: its record is kept.
            done_seed, done_moves, _ = 9, *moves_until(9, lambda s: s.outcome is not None)
            done = Seats(client, mode="humans", seed=done_seed)
            done.join(client)
            play_all(client, done, done_seed, done_moves)
            record = client.get(f"/api/games/{done.game}/record", headers=bearer(done.keys[1]))
            assert record.status_code == 200

            # Three players: one friend joined, the other not yet, a few moves played.
            three = Seats(client, mode="humans", rules="tercerilla", seed=6)
            three.join(client)
            three_moves, _ = moves_until(
                6, lambda s: s.ply == 5 or s.to_move == 2, rules=TERCERILLA
            )
            play_all(client, three, 6, three_moves, TERCERILLA)
            # The opening exchange (M10) between three people: one card given of three.
            swap = Seats(client, mode="humans", rules="tercerilla", exchange=True, seed=2)
            swap.join(client)
            swap.join(client, 2)
            swap_rules = Rules.parse("tercerilla,exchange:true")
            swap_moves, _ = moves_until(2, lambda s: s.ply == 1, rules=swap_rules)
            play_all(client, swap, 2, swap_moves, swap_rules)
            # Against two bots, at the person's turn.
            bots = Seats(client, mode="bot", bot="greedy", rules="tercerilla", seed=8)

            games = (waiting, forcing, taking, solo, done, three, bots, swap)
            before = [seats.views(client) for seats in games]
        # SIGKILL: nothing is flushed on the way out, right after the last answer.
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

        process = start_server(port, *options)
        with httpx.Client(base_url=url, timeout=30) as client:
            assert [seats.views(client) for seats in games] == before
            assert before[1][0]["names"] == ["Ann", "Bea"]
            assert before[1][0]["view"]["phase"] == "force_decision"
            again = client.get(f"/api/games/{done.game}/record", headers=bearer(done.keys[1]))
            assert again.text == record.text
            # The same links go on: the friend joins with the invitation sent before.
            waiting.join(client)
            assert waiting.views(client)[2]["seat"] == 1
            three.join(client, 2)
            assert [payload["seat"] for payload in three.views(client)] == [0, 0, 1, 1, 2, 2]
            assert three.views(client)[0]["joined"]
            # The exchange goes on: the next give, then the last, and the cards change hands.
            swap_state = State.new(seed=2, rules=swap_rules).apply(swap_moves[0])
            for _ in range(2):
                giver = swap_state.to_move
                assert giver is not None
                give = swap.views(client)[2 * giver]["gives"][0]
                swap.play(client, giver, f"give {give}")
                swap_state = swap_state.apply(f"give {give}")
            assert swap.views(client)[0]["view"] == swap_state.observation(0).to_dict()
            assert swap_state.phase is not Phase.EXCHANGE
            # The decision on forcing is taken, then the forced take (R14b).
            forcer = force_state.to_move
            assert forcer is not None
            forced = forcing.play(client, forcer, "force")
            assert forced["view"]["phase"] == "forced_take"
            # The take goes on from its first card, as it was before the kill.
            assert build(client, taking, taker, [first_card]) == half_built
            laid = [str(card) for card in sorted(take.laid)]
            assert build(client, taking, taker, laid)["complete"]
            after = taking.play(client, taker, str(take))
            assert after["view"]["ply"] == len(take_moves) + 1
            # The bot's game goes on, and each seat's WebSocket answers with its link.
            payload = solo.views(client)[0]
            if not payload["over"]:
                assert payload["view"]["to_move"] == 0
                move = payload["choices"][0]["move"] if payload["choices"] else None
                if move is not None:
                    assert solo.play(client, 0, move)["view"]["ply"] > payload["view"]["ply"]
            for seats in games:
                for seat in range(len(seats.keys)):
                    assert socket_view(port, seats, seat)["seat"] == seat
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


# ---------------------------------------------------------------------- bad files


def start_fails(database: Path) -> str:
    """The one line ``server.py`` writes when it refuses to start on ``database``."""
    run = subprocess.run(
        [sys.executable, str(SERVER), "--port", str(free_port()), "--database", str(database)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    assert run.stdout == ""
    [line] = run.stderr.splitlines()
    return line


def test_a_file_that_is_not_the_servers_database_stops_it_at_the_start(tmp_path: Path) -> None:
    garbage = tmp_path / "notes.txt"
    garbage.write_bytes(b"these are not games\n" * 100)
    line = start_fails(garbage)
    assert line.startswith(f"server.py: {garbage} is not a database of this server")
    assert garbage.read_bytes() == b"these are not games\n" * 100  # left as it was

    foreign = tmp_path / "other.sqlite3"
    with sqlite3.connect(foreign) as other:
        other.execute("CREATE TABLE people (name TEXT)")
    other.close()
    assert start_fails(foreign) == (
        f"server.py: {foreign} is another program's SQLite database, not one of this "
        "server's: give another --database"
    )


def test_a_damaged_game_stops_the_server_at_the_start_and_loads_none(tmp_path: Path) -> None:
    """A move that is not legal (written by hand into the file) refuses the whole file:
    never a half-loaded server."""
    database = tmp_path / "games.sqlite3"
    port = free_port()
    process = start_server(port, "--database", str(database))
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            seats = Seats(client, mode="humans", seed=0)
            seats.join(client)
            seats.play(client, 1, "decline")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    with sqlite3.connect(database) as edit:
        edit.execute("UPDATE moves SET move = 'take +AcAdAh -2c' WHERE ply = 0")
    edit.close()
    line = start_fails(database)
    assert line.startswith(f"server.py: {database}: game {seats.game} cannot be played again: ")


def test_a_second_server_on_the_same_file_is_refused(database: Path) -> None:
    port = free_port()
    process = start_server(port, "--database", str(database))
    try:
        assert start_fails(database) == (
            f"server.py: {database}: another process (another server?) is using it"
        )
    finally:
        process.terminate()
        process.wait(timeout=20)


# ---------------------------------------------------------------------- a failed commit


def test_a_change_the_database_cannot_keep_is_undone_and_refused(tmp_path: Path) -> None:
    """When a commit fails (here the file turned read-only under the server), the move,
    the join or the name is taken back and refused with 503: the game stays what the
    file holds, and loads again as it is shown. In-process, through the ASGI app."""
    store = Store(tmp_path / "games.sqlite3")
    app = server.create_app(server.Limits(), store)
    results: list[Any] = []

    async def run() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            created = (await http.post("/api/games", json={"mode": "humans", "seed": 0})).json()
            game_id, creator = created["game"], created["seats"][0]["key"]
            token = created["invitation"].rsplit("/", 1)[1]
            url = f"/api/games/{game_id}"
            before = (await http.get(url, headers=bearer(creator))).json()
            store.connection.execute("PRAGMA query_only = ON")  # every write now fails
            joined = await http.post(url + "/join", json={"invite": token})
            results.append((joined.status_code, joined.json()))
            store.connection.execute("PRAGMA query_only = OFF")
            friend = (await http.post(url + "/join", json={"invite": token})).json()["key"]
            store.connection.execute("PRAGMA query_only = ON")
            moved = await http.post(
                url + "/move", json={"move": "decline"}, headers=bearer(friend)
            )
            named = await http.post(url + "/name", json={"name": "Eve"}, headers=bearer(friend))
            results.append((moved.status_code, named.status_code))
            after = (await http.get(url, headers=bearer(creator))).json()
            results.append((before, after))
            store.connection.execute("PRAGMA query_only = OFF")
            server.ROOMS.pop(game_id)
            assert server.load_rooms(store) == 1
            again = (await http.get(url, headers=bearer(creator))).json()
            results.append(again)
            server.ROOMS.pop(game_id)

    thread = threading.Thread(target=lambda: asyncio.run(run()))  # Playwright's loop is here
    thread.start()
    thread.join()
    store.close()
    refused_join, statuses, (before, after), loaded = results
    message = {"error": "the server could not keep this change: try again later"}
    assert refused_join == (503, message)
    assert statuses == (503, 503)
    assert before["view"]["ply"] == after["view"]["ply"] == 0
    assert after["names"] == before["names"]
    assert not before["joined"]
    assert after["joined"]
    assert loaded == after


# ---------------------------------------------------------------------- an older file

LAYOUT_1 = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, seed TEXT NOT NULL, rules TEXT NOT NULL,
    seed_chosen INTEGER NOT NULL, client TEXT NOT NULL, name0 TEXT NOT NULL,
    name1 TEXT NOT NULL, bot TEXT, key0 BLOB NOT NULL, key1 BLOB, invitation BLOB,
    touched REAL NOT NULL
) STRICT;
CREATE TABLE moves (
    game TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (game, ply)
) STRICT, WITHOUT ROWID;
"""
"""The tables of a database written before three-player games (layout 1)."""


def test_a_database_written_before_three_player_games_is_read_as_before(tmp_path: Path) -> None:
    """A file of layout 1 (two seats' columns only) is given the third seat's columns
    when it is opened: its games load, their invitations and keys still work, and the
    file now holds three-player games too."""
    path = tmp_path / "old.sqlite3"
    key, key_hash = server.new_secret()
    token, token_hash = server.new_secret()
    moves = moves_until(4, lambda s: s.ply == 3)[0]
    with sqlite3.connect(path) as old:
        old.executescript(LAYOUT_1)
        old.execute(f"PRAGMA application_id = {0x436E7131}")
        old.execute("PRAGMA user_version = 1")
        old.execute(
            "INSERT INTO games VALUES ('old', '4', 'classic', 0, '', 'Ann', 'Bea', NULL, ?, "
            "NULL, ?, 0.0)",
            (key_hash, token_hash),
        )
        old.executemany(
            "INSERT INTO moves VALUES ('old', ?, ?)",
            [(ply, move) for ply, move in enumerate(moves)],
        )
    old.close()
    store = Store(path)
    try:
        [saved] = store.games()
        assert (saved.names, saved.keys, saved.invitations) == (
            ("Ann", "Bea"),
            (key_hash, None),
            (None, token_hash),
        )
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == 2
        assert server.load_rooms(store) == 1
        room = server.ROOMS["old"]
        assert room.game.ply == 3
        assert room.seat_of(key) == 0
        assert room.join(token)[0] == 1
        three, _, invitations = server.Room.start(
            "new", 5, ("Ann", "Bea", "Cy"), None, "tercerilla"
        )
        assert len(invitations) == 2
        store.add(three.saved())
        assert [len(game.names) for game in sorted(store.games(), key=lambda g: g.id)] == [3, 2]
    finally:
        server.ROOMS.clear()
        store.close()
