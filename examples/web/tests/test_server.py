"""The web example's server under hostile or careless clients, from a security review: the
names it takes, the friend's one-time invitation, a chosen seed shown to both seats, the
games it drops when it is full and the per-client limit, the WebSocket's close codes and
limits, the HTTP limits and timeouts, a quiet log and a quick stop, what it keeps in
memory, and the take builder of a finished game. Tests that need small limits start a
server of their own with them (``server.py --max-games 3``...)."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import attrs
import httpx
import pytest
from serverprocess import free_port, start_server
from starlette.requests import Request
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from conquian import PRESETS, TERCERILLA, Card, Fate, Game, Give, Phase, Rules, State
from conquian.languages import LANGUAGES

# The example's server module, for its functions, and the page's words.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import server
from leaks import hidden_from, leaks
from words import PAGE_PRESETS, PAGE_WORDS

# ---------------------------------------------------------------------- helpers


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def new_game(client: httpx.Client, **body: Any) -> dict[str, Any]:
    """A new game's answer (a game between two people unless ``mode`` says otherwise)."""
    answer = client.post("/api/games", json={"mode": "humans", **body})
    assert answer.status_code == 200, answer.text
    created: dict[str, Any] = answer.json()
    return created


def token_of(created: dict[str, Any]) -> str:
    """The invitation's token, from its link ``/#ID/invite/TOKEN``."""
    game_id, invite, token = created["invitation"].removeprefix("/#").split("/")
    assert (game_id, invite) == (created["game"], "invite")
    return str(token)


def join(client: httpx.Client, created: dict[str, Any]) -> str:
    """The friend joins with the invitation: his seat key."""
    answer = client.post(f"/api/games/{created['game']}/join", json={"invite": token_of(created)})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["key"])


def two_seats(client: httpx.Client, **body: Any) -> tuple[str, list[str]]:
    """A new game between two people, the friend joined: its id and both seats' keys."""
    created = new_game(client, **body)
    return created["game"], [created["seats"][0]["key"], join(client, created)]


def play_to_the_end(client: httpx.Client, game_id: str, keys: list[str], seed: int) -> None:
    """Play random legal moves for both seats until the game is over (the seed must be
    the game's, so that the library's game here follows the server's)."""
    game, rng = Game.new(seed=seed), random.Random(seed)
    while not game.is_over:
        player = game.to_move
        assert player is not None
        move = str(rng.choice(game.state.legal_moves()))
        answer = client.post(
            f"/api/games/{game_id}/move",
            json={"move": move, "ply": game.ply},
            headers=bearer(keys[player]),
        )
        assert answer.status_code == 200, answer.text
        game.play(move, player=player)


def view(client: httpx.Client, game_id: str, key: str, lang: str = "en") -> httpx.Response:
    return client.get(f"/api/games/{game_id}?lang={lang}", headers=bearer(key))


@pytest.fixture
def client(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, timeout=30) as session:
        yield session


@contextlib.contextmanager
def own_server(*options: str, log: IO[bytes] | None = None) -> Iterator[str]:
    """A server of its own, started with ``options``: its address (``127.0.0.1:PORT``)."""
    port = free_port()
    process = start_server(port, *options, stderr=log)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def open_socket(
    address: str, game_id: str, hello: dict[str, str] | None
) -> Iterator[ClientConnection]:
    """A WebSocket of a game, its hello sent (if given)."""
    with connect(f"ws://{address}/api/games/{game_id}/ws", open_timeout=10) as websocket:
        if hello is not None:
            websocket.send(json.dumps(hello))
        yield websocket


def closed_with(websocket: ClientConnection) -> tuple[int, str]:
    """The code and reason the server closes the socket with, before any view."""
    with pytest.raises(ConnectionClosed) as closed:
        websocket.recv(timeout=20)
    frame = closed.value.rcvd
    assert frame is not None
    return frame.code, frame.reason


def raw_request(address: str, data: bytes) -> socket.socket:
    """A connection that has sent ``data`` (maybe not a whole request) and no more."""
    host, port = address.split(":")
    connection = socket.create_connection((host, int(port)), timeout=20)
    connection.sendall(data)
    return connection


def read_answer(connection: socket.socket) -> bytes:
    """What the server sends until it closes the connection."""
    answer = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


# ---------------------------------------------------------------------- names


def test_a_name_is_something_to_see_and_safe_to_send_back() -> None:
    """Refused: control characters, lone surrogates (no response could be written with
    one), private-use and unassigned code points, line and paragraph separators, the
    bidirectional controls, and names with nothing to see (spaces, format characters,
    combining marks alone)."""
    refused = [
        "\udfffEve",
        "Eve\ud800",
        "\ue000",
        "Eve\u0378",
        "a\u2028b",
        "a\u2029b",
        "tab\t",
        "a\nb",
        "\u202eEve",
        "Eve\u202a",
        "\u2066Eve\u2069",
        "\u200fEve",
        "\u200eEve",
        "\u061cEve",
        "\u0301\u0301",
        "\u3164",  # a Hangul filler: a letter by its category, but it shows nothing
        "\u2800",  # the braille blank
        "\u115f\u1160",
        "\u200b",
        "  ",
        "",
        "x" * 25,
        7,
        None,
    ]
    for name in refused:
        assert not server.is_name(name), repr(name)
        assert server.name_problem(name) is not None
    for name in ("Ana", "José", "Zoë", "李", "R2-D2", "😀", "A\u0301", "Ana\u200dBea", "x" * 24):
        assert server.is_name(name), repr(name)
    assert server.same_name(" Ann ", "aNN")
    assert server.same_name(
        "\uff21\uff2e\uff2e", "ann"
    )  # full-width letters read as the same name
    assert not server.same_name("Ann", "Anne")
    # Characters that show nothing do not make another name.
    for hidden in ("\u200d", "\u00ad", "\u2060", "\ufeff", "\u034f", "\ufe0f", "\u3164"):
        assert server.same_name("Ann" + hidden, "Ann"), repr(hidden)
        assert server.same_name("An" + hidden + "n", "ANN"), repr(hidden)


def test_names_are_refused_with_a_reason_and_change_nothing(client: httpx.Client) -> None:
    """A refused name (at the start or later) changes nothing: every response of the
    game can still be written, and a name the other seat has is refused too."""
    for names in (["\udfffEve", "Bob"], ["Ann", "\u202eEve"], ["Ann", " ann "], ["\u0301", "B"]):
        body = json.dumps({"mode": "humans", "names": names})
        answer = client.post("/api/games", content=body.encode())
        assert answer.status_code == 400, (names, answer.text)
    answer = client.post("/api/games", json={"mode": "bot", "names": ["codicioso"]})
    assert answer.json() == {
        "error": "that is the bot's name: choose another",
        "problem": "same_name",
    }
    assert client.post("/api/games", json={"mode": "humans", "names": ["Ann", "ANN"]}).json() == {
        "error": "the two seats' names must differ",
        "problem": "same_name",
    }

    game_id, keys = two_seats(client, names=["Ann", "Bob"], seed=0)
    url = f"/api/games/{game_id}"
    before = [view(client, game_id, key).json() for key in keys]
    surrogate = b'{"name": "\\udfffEve"}'  # a lone surrogate, as JSON may write it
    answer = client.post(url + "/name", content=surrogate, headers=bearer(keys[1]))
    assert answer.status_code == 400
    assert answer.json() == {"error": "the request body holds a lone surrogate, not text"}
    for name, error in (
        ("\u202eEve", "a name may not hold control, private-use, unassigned, line-breaking or "),
        ("\u0301", "a name needs a letter, a number, a punctuation mark or a symbol"),
        (" ann", "that is the other seat's name: choose another"),
        ("Ann\u200d", "that is the other seat's name: choose another"),
    ):
        answer = client.post(url + "/name", json={"name": name}, headers=bearer(keys[1]))
        assert answer.status_code == 400
        assert answer.json()["error"].startswith(error)
    # An invitation with a lone surrogate is refused as well (not a server error).
    answer = client.post(url + "/join", content=b'{"invite": "\\udfff"}')
    assert answer.json() == {"error": "the request body holds a lone surrogate, not text"}
    assert [view(client, game_id, key).json() for key in keys] == before

    # Once the game is over its names stay as they were.
    play_to_the_end(client, game_id, keys, seed=0)
    answer = client.post(url + "/name", json={"name": "Bea"}, headers=bearer(keys[1]))
    assert (answer.status_code, answer.json()) == (
        409,
        {"error": "the game is over: its names stay as they were", "problem": "names_fixed"},
    )
    assert view(client, game_id, keys[0]).json()["names"] == ["Ann", "Bob"]


# ---------------------------------------------------------------------- invitations


def test_the_friends_seat_is_made_when_he_joins_and_the_invitation_works_once(
    client: httpx.Client,
) -> None:
    created = new_game(client, names=["Ann", "Bea"], seed=0)
    game_id = created["game"]
    url = f"/api/games/{game_id}"
    key = created["seats"][0]["key"]
    assert created["seats"] == [{"seat": 0, "key": key, "link": f"/#{game_id}/0/{key}"}]
    token = token_of(created)
    assert token not in json.dumps(created["seats"])
    # Before the friend joins nobody acts for his seat (seat 1 moves first on seed 0).
    assert client.post(url + "/move", json={"move": "decline"}).status_code == 401
    for guess in (token, key + "x", key[:-1]):
        answer = client.post(url + "/move", json={"move": "decline"}, headers=bearer(guess))
        assert answer.status_code == 403
    answer = client.post(url + "/move", json={"move": "decline"}, headers=bearer(key))
    assert (answer.status_code, answer.json()["problem"]) == (409, "not_your_turn")
    # A wrong token is not an invitation; the right one makes the friend's key once.
    answer = client.post(url + "/join", json={"invite": token[:-1]})
    assert (answer.status_code, answer.json()) == (
        403,
        {"error": "this is not an invitation to this game"},
    )
    answer = client.post(url + "/join", json={"invite": token})
    assert answer.status_code == 200
    joined = answer.json()
    friend = joined["key"]
    assert joined == {"seat": 1, "key": friend, "link": f"/#{game_id}/1/{friend}"}
    assert friend not in (key, token)
    assert view(client, game_id, friend).json()["view"]["player"] == 1
    answer = client.post(url + "/join", json={"invite": token})
    assert (answer.status_code, answer.json()) == (409, {"error": "this invitation has been used"})
    answer = client.post(url + "/move", json={"move": "decline"}, headers=bearer(friend))
    assert answer.status_code == 200
    # A game against a bot has no invitation.
    solo = new_game(client, mode="bot")
    assert solo["invitation"] is None
    assert len(solo["seats"]) == 1
    answer = client.post(f"/api/games/{solo['game']}/join", json={"invite": token})
    assert answer.status_code == 403
    assert client.post("/api/games/no-such-game/join", json={"invite": token}).status_code == 404


# ---------------------------------------------------------------------- chosen seeds


def test_a_chosen_seed_is_shown_to_both_seats(client: httpx.Client) -> None:
    """Whoever chooses the seed can know every card: in a game between two people both
    seats are told the seed was chosen, and by whom. A seed drawn by the server is
    never shown."""
    game_id, keys = two_seats(client, names=["Ann", "Bea"], seed="42")
    for lang in LANGUAGES:
        words = PAGE_WORDS[lang]
        payloads = [view(client, game_id, key, lang).json() for key in keys]
        for payload in payloads:
            assert payload["chosen_seed"] == {"seed": "42", "by": 0}
        assert payloads[0]["words"]["seed"] == words["seed_chosen_you"].format(seed=42, who="Bea")
        assert payloads[1]["words"]["seed"] == words["seed_chosen"].format(seed=42, who="Ann")
    assert payloads[1]["words"]["seed"] == (
        "Ann hat diese Kartenverteilung gewählt (Seed 42): wer den Seed wählt, kann jede "
        "Karte kennen."
    )
    assert (
        view(client, game_id, keys[1]).json()["view"]["hand"]
        == State.new(seed=42).observation(1).to_dict()["hand"]
    )

    game_id, keys = two_seats(client, names=["Ann", "Bea"])  # the server draws the seed
    for key in keys:
        payload = view(client, game_id, key).json()
        assert payload["chosen_seed"] is None
        assert payload["words"]["seed"] == ""
    solo = new_game(client, mode="bot", seed=42)  # against a bot: the person chose it
    payload = view(client, solo["game"], solo["seats"][0]["key"]).json()
    assert (payload["chosen_seed"], payload["words"]["seed"]) == (None, "")


# ---------------------------------------------------------------------- a full server


def test_every_refusal_the_server_names_has_the_pages_words_in_every_language() -> None:
    """The problems the server's own refusals name (``RequestError(status, message,
    problem)``), read from its source: the page says each in its language (a lost game
    with its own line, ``no_game``)."""
    tree = ast.parse(Path(server.__file__).read_text(encoding="utf-8"))
    named: set[str] = {
        call.args[2].value
        for call in ast.walk(tree)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "RequestError"
        and len(call.args) == 3
        and isinstance(call.args[2], ast.Constant)
        and isinstance(call.args[2].value, str)
    }
    assert named == {
        "bad_key",
        "bad_name",
        "bad_seed",
        "names_fixed",
        "no_such_game",
        "same_name",
        "server_full",
        "too_many_games",
        "too_many_new_games",
        "too_many_tabs",
        "too_many_wrong_keys",
    }
    for lang, words in PAGE_WORDS.items():
        missing = {
            problem for problem in named - {"no_such_game"} if f"refused_{problem}" not in words
        }
        assert not missing, f"{lang} has no words for {sorted(missing)}"
        assert words["no_game"]


def test_a_seed_out_of_range_is_refused_with_its_problem(client: httpx.Client) -> None:
    """The page says it in its own language (refused_bad_seed), not in the library's."""
    for seed in (2**64, "18446744073709551616", -1):
        answer = client.post("/api/games", json={"mode": "humans", "seed": seed})
        assert answer.status_code == 400
        assert answer.json()["problem"] == "bad_seed"
        assert "2**64 - 1" in answer.json()["error"]


def test_a_full_server_drops_finished_games_first_and_never_one_in_progress() -> None:
    """With room for 3 games: a client may have 2 unfinished ones (429 past them); a new
    game drops the oldest finished one (whose open WebSocket is closed with 4404), and
    when every game is in progress a new one is refused with 503 and nothing is
    dropped. Another client comes from another loopback address."""
    with (
        own_server("--max-games", "3", "--max-games-per-client", "2") as address,
        httpx.Client(base_url=f"http://{address}", timeout=30) as first,
        httpx.Client(
            base_url=f"http://{address}",
            timeout=30,
            transport=httpx.HTTPTransport(local_address="127.0.0.2"),
        ) as second,
    ):
        done, done_keys = two_seats(first, seed=5)
        play_to_the_end(first, done, done_keys, seed=5)
        with open_socket(address, done, {"key": done_keys[0]}) as watching:
            assert json.loads(watching.recv(timeout=20))["over"]
            playing = [two_seats(first) for _ in range(2)]
            answer = first.post("/api/games", json={"mode": "bot"})
            assert answer.status_code == 429
            assert answer.json()["error"].startswith("you have 2 unfinished games")

            third = new_game(second)  # the server is full: the finished game goes
            assert closed_with(watching) == (4404, "no such game")
        assert view(first, done, done_keys[0]).status_code == 404
        answer = second.post("/api/games", json={"mode": "bot"})
        assert (answer.status_code, answer.json()) == (
            503,
            {"error": "the server is full: try again later", "problem": "server_full"},
        )
        for game_id, keys in playing:
            assert view(first, game_id, keys[0]).status_code == 200
        assert view(second, third["game"], third["seats"][0]["key"]).status_code == 200


def test_a_full_server_drops_an_idle_game_but_not_one_someone_is_connected_to() -> None:
    """Idle: nobody connected and untouched for the idle limit (here 0.6 s, so that both
    games are untouched for long enough after a second's wait). The older one has a
    WebSocket open: it is not idle, and the younger one is dropped."""
    with (
        own_server("--max-games", "2", "--idle-minutes", "0.01") as address,
        httpx.Client(base_url=f"http://{address}", timeout=30) as client,
    ):
        listened, listened_keys = two_seats(client)
        with open_socket(address, listened, {"key": listened_keys[1]}) as listening:
            listening.recv(timeout=20)
            alone, alone_keys = two_seats(client)
            time.sleep(1)
            new_game(client)
            assert view(client, alone, alone_keys[0]).status_code == 404
            assert view(client, listened, listened_keys[0]).status_code == 200


def test_the_limits_are_command_line_options() -> None:
    process = subprocess.run(
        [sys.executable, str(Path(server.__file__)), "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    for option in ("--max-games ", "--max-games-per-client", "--idle-minutes", "--hello-timeout"):
        assert option in process.stdout
    assert "(default: 5000)" in process.stdout
    assert "(default: 20)" in process.stdout
    bad = subprocess.run(
        [sys.executable, str(Path(server.__file__)), "--max-games", "0"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2
    assert "0 is not above zero" in bad.stderr


# ---------------------------------------------------------------------- WebSockets


def test_a_websocket_is_closed_at_once_for_an_unknown_game_and_past_the_seat_limit(
    base_url: str, client: httpx.Client
) -> None:
    address = base_url.removeprefix("http://")
    with open_socket(address, "no-such-game", None) as lost:
        assert closed_with(lost) == (4404, "no such game")
    game_id, keys = two_seats(client)
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(open_socket(address, game_id, {"key": keys[0]})) for _ in range(8)
        ]
        for websocket in sockets:
            assert json.loads(websocket.recv(timeout=20))["seat"] == 0
        with open_socket(address, game_id, {"key": keys[0]}) as ninth:
            assert closed_with(ninth) == (4429, "a seat has at most 8 connections")
        with open_socket(address, game_id, {"key": keys[1]}) as other:  # the other seat's own
            assert json.loads(other.recv(timeout=20))["seat"] == 1
        sockets[0].close()
        with pytest.raises(ConnectionClosed):
            sockets[0].recv(timeout=20)  # the close is done
        # The server counts the closed socket out when it has seen it go: try until then.
        for _ in range(100):
            with (
                open_socket(address, game_id, {"key": keys[0]}) as again,
                contextlib.suppress(ConnectionClosed),
            ):
                assert json.loads(again.recv(timeout=20))["seat"] == 0
                break
        else:
            raise AssertionError("a closed socket still counts for its seat")


def test_a_websocket_without_a_hello_is_closed_after_the_hello_timeout() -> None:
    with (
        own_server("--hello-timeout", "0.3") as address,
        httpx.Client(base_url=f"http://{address}", timeout=30) as client,
    ):
        game_id, _ = two_seats(client)
        with open_socket(address, game_id, None) as silent:
            assert closed_with(silent) == (4408, "no hello within 0.3 s")


def test_a_language_message_sends_the_view_only_when_the_language_changes(
    base_url: str, client: httpx.Client
) -> None:
    """The same language again wakes nothing (no view is built or sent); a new one does.
    (Without the change a view would follow the first message at once: a second is
    enough to see it.)"""
    game_id, keys = two_seats(client)
    with open_socket(base_url.removeprefix("http://"), game_id, {"key": keys[0]}) as websocket:
        assert json.loads(websocket.recv(timeout=20))["lang"] == "en"
        websocket.send(json.dumps({"lang": "en"}))
        with pytest.raises(TimeoutError):
            websocket.recv(timeout=1)
        websocket.send(json.dumps({"lang": "es"}))
        assert json.loads(websocket.recv(timeout=20))["lang"] == "es"


# ---------------------------------------------------------------------- HTTP


def test_headers_past_16_kib_are_refused(base_url: str) -> None:
    """(A header of megabytes would be held in memory whole.)"""
    address = base_url.removeprefix("http://")
    big = b"GET /api/words HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (17 * 1024)
    with raw_request(address, big) as connection:
        assert read_answer(connection).startswith(b"HTTP/1.1 400 ")
    small = b"GET /api/words HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    with raw_request(address, small) as connection:
        assert read_answer(connection).startswith(b"HTTP/1.1 200 ")


def test_a_stalled_body_is_answered_408_and_the_connection_closed() -> None:
    with own_server("--body-timeout", "0.5") as address:
        start = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"
        with raw_request(address, start) as connection:
            answer = read_answer(connection)  # ends: the server closes the connection
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ")
    assert b"connection: close" in head.lower()
    assert json.loads(body) == {"error": "the request body did not arrive within 0.5 s"}


def test_a_client_gone_in_the_middle_of_its_body_is_answered_quietly() -> None:
    """The client goes away half-way through a body (Starlette's ClientDisconnect): the
    request is refused as one, not left to log a traceback. Read in-process, so that the
    disconnect surely comes while the body is being read."""
    sent: list[dict[str, Any]] = [
        {"type": "http.request", "body": b'{"mode":', "more_body": True},
        {"type": "http.disconnect"},
    ]
    messages = iter(sent)

    async def receive() -> dict[str, Any]:
        return next(messages)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/games",
        "headers": [(b"content-length", b"100")],
        "app": server.create_app(),
    }
    request = Request(scope, receive)
    raised: list[BaseException] = []

    def read() -> None:  # in a thread of its own: Playwright's loop runs in this one
        try:
            asyncio.run(server.read_body(request))
        except BaseException as error:
            raised.append(error)

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    [refused] = raised
    assert isinstance(refused, server.RequestError)
    assert (refused.status, refused.message) == (
        400,
        "the client went away before the end of its request",
    )


def test_the_server_stops_soon_after_ctrl_c_whatever_its_clients_do() -> None:
    """Ctrl-C (SIGINT) stops the server within its 5 s of grace, even with an upload
    stalled (here with a body timeout of a minute), a WebSocket waiting for its hello
    and one listening."""
    port = free_port()
    address = f"127.0.0.1:{port}"
    process = start_server(port, "--body-timeout", "60", "--hello-timeout", "60")
    stalled_upload = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{"
    try:
        with httpx.Client(base_url=f"http://{address}", timeout=30) as client:
            game_id, keys = two_seats(client)
        with (
            open_socket(address, game_id, {"key": keys[0]}) as listening,
            open_socket(address, game_id, None) as silent,
            raw_request(address, stalled_upload) as stalled,
        ):
            listening.recv(timeout=20)
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)  # 5 s of grace: not forever
            for websocket in (listening, silent):
                with pytest.raises(ConnectionClosed):
                    websocket.recv(timeout=20)
            read_answer(stalled)  # to its end: the connection is closed
    finally:
        stop(process)


# ---------------------------------------------------------------------- memory


def finished_room(seed: int) -> server.Room:
    """A room whose game between two people was played to its end."""
    room, _, _ = server.Room.start("memory", seed, ("Ann", "Bea"), None)
    rng = random.Random(seed)
    while not room.game.is_over:
        player = room.game.to_move
        assert player is not None
        room.play(player, str(rng.choice(room.game.state.legal_moves())))
        room.changed()
    return room


def test_views_are_kept_only_while_someone_listens() -> None:
    """A finished game nobody is connected to keeps no payload and no narration; a
    listener's views are kept while it listens and go with the last listener."""
    room = finished_room(seed=3)
    for lang in LANGUAGES:
        for seat in (0, 1):
            assert server.seat_payload(room, seat, lang)["over"]
    assert room.payloads == {}
    assert room.narrations == {}

    listener = server.Listener(0, "en")
    room.listen(listener)
    first = server.seat_payload(room, 0, "es")
    assert server.seat_payload(room, 0, "es") is first  # kept for the listeners
    assert room.payloads
    assert room.narrations
    room.leave(listener)
    assert room.payloads == {}
    assert room.narrations == {}

    # A game in progress keeps its narrations (each move adds a line), not its payloads.
    room, _, _ = server.Room.start("in progress", 3, ("Ann", "Bea"), None)
    room.listen(listener)
    server.seat_payload(room, 1, "en")
    room.leave(listener)
    assert room.payloads == {}
    assert room.narrations


def test_a_dropped_game_takes_no_more_changes() -> None:
    """A request whose body was still on its way when its game was dropped (the server
    full) is refused as one for a game the server does not hold, and changes nothing."""
    room, _, [invitation] = server.Room.start("dropped", 0, ("Ann", "Bea"), None)  # seat 1 first
    server.ROOMS[room.id] = room
    server.drop_room(room)
    assert room.id not in server.ROOMS
    for change in (
        lambda: room.play(1, "decline"),
        lambda: room.rename(1, "Eve"),
        lambda: room.join(invitation),
    ):
        with pytest.raises(server.RequestError) as refused:
            change()
        assert (refused.value.status, refused.value.message) == (404, "no such game")
    assert (room.game.ply, room.names, room.keys[1]) == (0, ("Ann", "Bea"), None)


# ---------------------------------------------------------------------- the take builder


def test_the_take_builder_of_a_finished_game_says_the_game_is_over(
    client: httpx.Client,
) -> None:
    game_id, keys = two_seats(client, seed=8)
    play_to_the_end(client, game_id, keys, seed=8)
    for key in keys:
        for lang, words in (("en", "the game is over"), ("es", "la partida ha terminado")):
            answer = client.post(
                f"/api/games/{game_id}/build",
                json={"selected": [], "lang": lang},
                headers=bearer(key),
            )
            assert (answer.status_code, answer.json()) == (
                409,
                {"error": words, "problem": "game_over"},
            )


def test_a_move_sent_twice_with_its_ply_is_played_once_and_refused_in_the_seats_language(
    client: httpx.Client,
) -> None:
    """The server passes the ply to Game.play: the library refuses the second copy as
    moved on (MOVED_ON), said in the seat's language, and the game is unchanged."""
    game_id, keys = two_seats(client, seed=7)
    game = Game.new(seed=7)
    mover = game.to_move
    assert mover is not None
    move = {"move": "decline", "ply": 0, "lang": "es"}
    first = client.post(f"/api/games/{game_id}/move", json=move, headers=bearer(keys[mover]))
    assert first.status_code == 200, first.text
    again = client.post(f"/api/games/{game_id}/move", json=move, headers=bearer(keys[mover]))
    assert again.status_code == 409
    assert again.json() == {
        "error": "la partida ha avanzado desde que se eligió esa jugada",
        "problem": "moved_on",
    }
    assert view(client, game_id, keys[mover]).json()["view"]["ply"] == 1


# ---------------------------------------------------------------------- the page's choices


def test_choices_are_actions_and_discards_come_in_the_hands_order(client: httpx.Client) -> None:
    """A choice button says what the seat does (``Pass 4♦ to Ann``), in its language,
    not a narration (``You pass...``); a take's discards are listed in the order of the
    hand the page shows, not sorted by notation."""
    game_id, keys = two_seats(client, names=["Ann", "Bea"], seed=0)
    state = State.new(seed=0)
    mover = state.to_move
    assert mover is not None
    assert state.offer is not None
    card = state.offer.pretty()
    expected = {
        "en": f"Pass {card} to Ann",
        "es": f"Pasar {card} a Ann",
        "nl": f"{card} doorgeven aan Ann",
        "de": f"{card} an Ann weitergeben",
    }
    for lang, label in expected.items():
        payload = view(client, game_id, keys[mover], lang).json()
        assert [choice["label"] for choice in payload["choices"]] == [label]
    # To a take with discards, then its discards, as the hand lists them.
    game = Game.new(seed=0)
    rng = random.Random(0)
    for _ in range(400):
        player = game.to_move
        assert player is not None
        payload = view(client, game_id, keys[player]).json()
        builder = payload["builder"]
        if builder is not None and builder["complete"] and builder["discards"]:
            hand = payload["view"]["hand"]
            assert builder["discards"] == [c for c in hand if c in builder["discards"]]
            assert len(builder["discards"]) >= 2
            answer = client.post(
                f"/api/games/{game_id}/build",
                json={"selected": builder["selected"]},
                headers=bearer(keys[player]),
            )
            assert answer.json()["discards"] == builder["discards"]
            break
        move = str(rng.choice(game.state.legal_moves()))
        answer = client.post(
            f"/api/games/{game_id}/move", json={"move": move}, headers=bearer(keys[player])
        )
        assert answer.status_code == 200, answer.text
        game.play(move, player=player)
    else:
        raise AssertionError("no take whose offered card alone completes it")


# ---------------------------------------------------------------------- three players


def three_seats(client: httpx.Client, **body: Any) -> tuple[str, list[str], list[str]]:
    """A new three-player game between people (tercerilla, M9): its id, the creator's
    key, and the two invitations' tokens in seat order (the friends not joined)."""
    created = new_game(client, rules="tercerilla", **body)
    links = created["invitations"]
    assert created["invitation"] == links[0]
    tokens = []
    for link in links:
        game_id, invite, token = link.removeprefix("/#").split("/")
        assert (game_id, invite) == (created["game"], "invite")
        tokens.append(token)
    return created["game"], [created["seats"][0]["key"]], tokens


def test_each_of_two_friends_joins_his_own_seat_with_his_own_invitation(
    client: httpx.Client,
) -> None:
    """In a three-player game the creator invites two friends: each invitation makes its
    own seat's key once (seat 1, seat 2, whichever is opened first), a used one is
    refused, and every seat's page is told who has joined."""
    game_id, keys, tokens = three_seats(client, names=["Ann", "Bea", "Cy"], seed=3)
    assert len(set(tokens)) == 2
    url = f"/api/games/{game_id}"
    payload = view(client, game_id, keys[0]).json()
    assert (payload["joined"], payload["seats_joined"]) == (False, [True, False, False])
    assert payload["names"] == ["Ann", "Bea", "Cy"]
    # The second invitation opened first: it is seat 2's.
    answer = client.post(url + "/join", json={"invite": tokens[1]})
    assert answer.status_code == 200, answer.text
    second = answer.json()
    assert second == {"seat": 2, "key": second["key"], "link": f"/#{game_id}/2/{second['key']}"}
    assert view(client, game_id, keys[0]).json()["seats_joined"] == [True, False, True]
    answer = client.post(url + "/join", json={"invite": tokens[1]})
    assert (answer.status_code, answer.json()) == (409, {"error": "this invitation has been used"})
    answer = client.post(url + "/join", json={"invite": tokens[0]})
    assert answer.status_code == 200
    first = answer.json()
    assert first["seat"] == 1
    keys += [first["key"], second["key"]]
    for seat, key in enumerate(keys):
        payload = view(client, game_id, key).json()
        assert payload["seat"] == seat
        assert (payload["joined"], payload["seats_joined"]) == (True, [True] * 3)
        assert payload["view"] == State.new(seed=3, rules=TERCERILLA).observation(seat).to_dict()
        # The other two, the next player first (M1), each with his table and hand size.
        others = [(seat + 1) % 3, (seat + 2) % 3]
        assert [other["seat"] for other in payload["others"]] == others
        assert [other["name"] for other in payload["others"]] == [
            ["Ann", "Bea", "Cy"][other] for other in others
        ]
        assert [other["hand_size"] for other in payload["others"]] == ["8 cards in hand"] * 2
    # A friend may not take another seat's name, nor may the creator give two the same.
    answer = client.post(url + "/name", json={"name": "ann"}, headers=bearer(keys[2]))
    assert answer.json() == {
        "error": "that is another seat's name: choose another",
        "problem": "same_name",
    }
    answer = client.post(url + "/name", json={"name": "Dee"}, headers=bearer(keys[2]))
    assert answer.json()["names"] == ["Ann", "Bea", "Dee"]
    same = {"mode": "humans", "rules": "tercerilla", "names": ["Ann", "Bea", "BEA"]}
    assert client.post("/api/games", json=same).json() == {
        "error": "the three seats' names must differ",
        "problem": "same_name",
    }
    two = {"mode": "humans", "rules": "tercerilla", "names": ["Ann", "Bea"]}
    assert client.post("/api/games", json=two).json() == {
        "error": "names are three names, of 1 to 24 characters"
    }


def test_a_three_player_game_tells_who_is_waited_for_and_who_has_the_offered_card(
    client: httpx.Client,
) -> None:
    """The status names the player to move, whoever he is; in the round of offers each
    seat is told who has the card (M4), and a pass names the player it goes to."""
    game_id, keys, tokens = three_seats(client, names=["Ann", "Bea", "Cy"], seed=3)
    for token in tokens:
        keys.append(
            client.post(f"/api/games/{game_id}/join", json={"invite": token}).json()["key"]
        )
    state = State.new(seed=3, rules=TERCERILLA)
    names = ["Ann", "Bea", "Cy"]
    seen_pass = False
    rng = random.Random(3)
    for _ in range(60):
        mover, offer = state.to_move, state.offer
        if mover is None:
            break
        for seat in range(3):
            payload = view(client, game_id, keys[seat]).json()
            words = payload["words"]
            if seat != mover:
                assert words["status"] == f"waiting for {names[mover]}"
            if state.phase is Phase.OFFER and offer is not None:
                who = "you" if seat == mover else names[mover]
                assert words["offered_to"] == f"{offer.pretty()} is offered to {who}"
            else:
                assert words["offered_to"] == ""
        payload = view(client, game_id, keys[mover]).json()
        for choice in payload["choices"]:
            after = state.apply(choice["move"])
            if after.last_played is not None and after.last_played.fate is Fate.PASSED:
                assert after.to_move is not None
                assert (
                    choice["label"]
                    == f"Pass {offer.pretty() if offer else ''} to {names[after.to_move]}"
                )
                seen_pass = True
        move = str(rng.choice(state.legal_moves()))
        answer = client.post(
            f"/api/games/{game_id}/move", json={"move": move}, headers=bearer(keys[mover])
        )
        assert answer.status_code == 200, answer.text
        state = state.apply(move)
    assert seen_pass


def test_no_payload_of_three_player_games_names_a_card_its_seat_may_not_see() -> None:
    """The payload audit for three seats, over many games (in-process, through the
    server's rooms): after every move of random play each seat's payload, in a language
    that changes with the seat and the move (the view, the narration, the choices and
    their labels, the other players' sides, the take builder's answers, after a click
    too), names no card its observation does not show: neither other hand, nor the
    stock. Against two bots as well as between three people, and half of the games
    with the opening exchange (M10): a give is seen by its giver alone, and by the
    player it goes to once every player has chosen (the card is then in his hand)."""
    audited = 0
    for seed in range(AUDITED_GAMES):
        bot = None if seed % 3 else "greedy"
        names = ("Ann", "Bea", "Cy") if bot is None else ("Ann", "greedy", "greedy")
        rules = "tercerilla" + (server.EXCHANGE if seed % 2 else "")
        room, _, _ = server.Room.start(f"audit-{seed}", seed, names, bot, rules)
        rng = random.Random(seed)
        while True:
            state = room.game.state
            for seat in range(3):
                lang = list(LANGUAGES)[(seed + seat + room.game.ply) % len(LANGUAGES)]
                observation = state.observation(seat)
                payload = server.build_payload(room, seat, lang)
                assert payload["view"] == observation.to_dict()
                hidden = hidden_from(observation)  # empty once both other hands are
                assert hidden.isdisjoint(Card.parse(card) for card in visible_of(payload))
                assert not leaks(payload, hidden), (seed, seat, room.game.ply)
                builder = payload["builder"]
                if builder is not None and builder["addable"]:
                    clicked = observation.take_builder().add(rng.choice(builder["addable"]))
                    answer = server.builder_payload(clicked, lang, payload["view"]["hand"])
                    assert not leaks(answer, hidden), (seed, seat, room.game.ply)
                audited += 1
            if room.game.is_over:
                break
            mover = state.to_move
            assert mover is not None
            room.play(mover, str(rng.choice(state.legal_moves())))
    assert audited > AUDITED_GAMES * 3 * 10


AUDITED_GAMES = 15
"""The three-player games of the payload audit (a third of them against two bots)."""


def visible_of(payload: dict[str, Any]) -> set[str]:
    """The cards a seat's view shows: its hand, every table, the offered and dead cards."""
    return set(server.visible_cards(payload["view"]))


def test_a_game_against_two_bots_names_them_by_seat_in_each_language(
    client: httpx.Client,
) -> None:
    """Against two bots (tercerilla) the person has seat 0 and the bots seats 1 and 2,
    named by their kind and seat in the reader's language; they play until it is the
    person's turn or the game ends."""
    created = new_game(client, mode="bot", bot="heuristic", rules="tercerilla", names=["Ann"])
    assert (created["invitation"], created["invitations"]) == (None, [])
    key = created["seats"][0]["key"]
    for lang, bot in (("en", "Heuristic"), ("es", "Heurístico"), ("de", "Heuristisch")):
        payload = view(client, created["game"], key, lang).json()
        assert payload["names"] == ["Ann", f"{bot} 1", f"{bot} 2"]
        assert payload["joined"]
        assert payload["over"] or payload["view"]["to_move"] == 0
    answer = client.post(
        "/api/games", json={"mode": "bot", "rules": "tercerilla", "names": ["Gulzig 2"]}
    )
    assert answer.json() == {
        "error": "that is the bot's name: choose another",
        "problem": "same_name",
    }


@pytest.mark.parametrize("preset", PAGE_PRESETS)
@pytest.mark.parametrize("exchange", [False, True])
def test_the_rules_of_every_game_of_the_page_are_page_rules(preset: str, exchange: bool) -> None:
    """A game's rules text is the rules' own notation (M9, M10), which the page reads
    back when a saved game is loaded, and names in every language."""
    text = server.page_rules(preset, exchange=exchange)
    assert Rules.parse(text) == attrs.evolve(PRESETS[preset], exchange=exchange)
    assert server.is_page_rules(text)
    for page in PAGE_WORDS.values():
        assert server.rules_name(text, page).startswith(page["rules_" + preset])
        assert (page["rules_exchange"] in server.rules_name(text, page)) == exchange


def test_the_opening_exchange_is_offered_as_the_cards_a_seat_may_give(
    client: httpx.Client,
) -> None:
    """A game with the opening exchange (``"exchange": true``, M10): the seat to give is
    sent the cards it may give (``gives``, one a hand card), not choice buttons, and is
    told to whom; once it gave, its card is named to it alone (``words.given``) until
    the cards change hands. Any other value than true or false is refused."""
    answer = client.post("/api/games", json={"mode": "humans", "exchange": "yes"})
    assert answer.json() == {"error": "exchange is true or false (the opening exchange, M10)"}
    game_id, keys, tokens = three_seats(client, names=["Ann", "Bea", "Cy"], seed=3, exchange=True)
    for token in tokens:
        keys.append(
            client.post(f"/api/games/{game_id}/join", json={"invite": token}).json()["key"]
        )
    state = State.new(seed=3, rules=Rules.parse("tercerilla,exchange:true"))
    giver = state.to_move
    assert giver is not None
    payload = view(client, game_id, keys[giver]).json()
    assert payload["words"]["rules"] == "Rules: Tercerilla (3 players) with the opening exchange"
    assert payload["choices"] == []
    assert payload["builder"] is None
    assert (
        payload["gives"]
        == payload["view"]["hand"]
        == [str(move.card) for move in state.legal_moves() if isinstance(move, Give)]
    )
    receiver = ["Ann", "Bea", "Cy"][(giver + 1) % 3]
    assert payload["words"]["give_hint"] == f"Click the card of your hand to give to {receiver}."
    card = payload["gives"][1]
    answer = client.post(
        f"/api/games/{game_id}/move", json={"move": f"give {card}"}, headers=bearer(keys[giver])
    )
    assert answer.status_code == 200, answer.text
    given = answer.json()["words"]["given"]
    assert given.startswith(f"You give {Card.parse(card).pretty()} to {receiver}")
    for seat in range(3):
        payload = view(client, game_id, keys[seat]).json()
        if seat == giver:
            assert payload["gives"] == []
        else:
            assert payload["words"]["given"] == ""
            assert card not in json.dumps(payload["narration"])
