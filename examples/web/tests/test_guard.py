"""One client cannot take the web example's server down: slow headers and bodies are
timed out per connection, the connections of one client are capped, headers are held to
16 KiB however they arrive, X-Forwarded-For is read only from the proxy named by
``--proxy``, limits count an IPv6 client by its /64, and new games and wrong keys are
rate-limited. Every client here is on loopback (127.0.0.x), every loop bounded."""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from test_server import bearer, open_socket, own_server, read_answer, two_seats
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import server


def connect_from(address: str, source: str, data: bytes = b"") -> socket.socket:
    """A connection from the loopback address ``source`` that has sent ``data``."""
    host, port = address.split(":")
    connection = socket.create_connection(
        (host, int(port)), timeout=20, source_address=(source, 0)
    )
    if data:
        connection.sendall(data)
    return connection


def client_from(address: str, source: str) -> httpx.Client:
    return httpx.Client(
        base_url=f"http://{address}",
        timeout=30,
        transport=httpx.HTTPTransport(local_address=source),
    )


HALF_HEADER = b"GET /api/words HTTP/1.1\r\nHost: x\r\nX-Slow: "


# ---------------------------------------------------------------------- slow clients


def test_half_headers_are_timed_out_and_one_client_cannot_fill_the_server() -> None:
    """A client that opens connections and sends half a header each (the attack that
    made every other visitor get 503) keeps only its own 20; the 21st is refused at
    once with 429, the server answers another client meanwhile, and each half header is
    answered 408 and closed after the header timeout, which gives the client its
    connections back."""
    with own_server("--connections-per-client", "20", "--header-timeout", "3") as address:
        with contextlib.ExitStack() as stack:
            slow = [
                stack.enter_context(connect_from(address, "127.0.0.5", HALF_HEADER))
                for _ in range(20)
            ]
            time.sleep(0.2)  # every one of them counted
            with connect_from(address, "127.0.0.5", HALF_HEADER) as one_more:
                assert read_answer(one_more).startswith(b"HTTP/1.1 429 ")
            with client_from(address, "127.0.0.6") as other:
                assert other.get("/api/words").status_code == 200
            started = time.monotonic()
            for connection in slow:
                answer = read_answer(connection)  # ends: the server closes it
                assert answer.startswith(b"HTTP/1.1 408 "), answer[:60]
            assert time.monotonic() - started < 15
        with client_from(address, "127.0.0.5") as again:
            assert again.get("/api/words").status_code == 200


def test_a_silent_connection_and_a_slow_second_request_are_timed_out() -> None:
    """A connection that sends nothing, and a kept-alive one whose second request stops
    half-way, are answered 408 after the header timeout (uvicorn alone timed out the
    first only after 75 s and the second never)."""
    with own_server("--header-timeout", "1") as address:
        with connect_from(address, "127.0.0.7") as silent:
            assert read_answer(silent).startswith(b"HTTP/1.1 408 ")
        first = b"GET /api/words HTTP/1.1\r\nHost: x\r\n\r\n"
        with connect_from(address, "127.0.0.7", first) as kept:
            answers = first_answer(kept)
            kept.sendall(HALF_HEADER)
            answers += read_answer(kept)
        assert answers.startswith(b"HTTP/1.1 200 ")
        assert b"HTTP/1.1 408 " in answers


def first_answer(connection: socket.socket) -> bytes:
    """The first whole answer on a kept-alive connection (its headers and body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += connection.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length")
    )
    while len(body) < length:
        body += connection.recv(65536)
    return head + b"\r\n\r\n" + body


def test_a_body_nobody_reads_is_timed_out_too() -> None:
    """A GET that announces a body and sends one byte of it is answered (the route does
    not read it), then the connection is closed once the body timeout has passed, not
    left open for the rest of the body."""
    with own_server("--body-timeout", "0.5") as address:
        start = b"GET /api/words HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"
        started = time.monotonic()
        with connect_from(address, "127.0.0.8", start) as connection:
            answer = read_answer(connection)
        assert answer.startswith(b"HTTP/1.1 200 ")
        assert time.monotonic() - started < 10


@pytest.mark.parametrize("size", [17 * 1024, 20 * 1024, 100 * 1024])
def test_headers_past_16_kib_are_refused_even_in_one_write(base_url: str, size: int) -> None:
    """Whole headers of 17, 20 and 100 KiB sent at once are refused with 400 (h11's own
    limit saw only headers still incomplete)."""
    address = base_url.removeprefix("http://")
    request = b"GET /api/words HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * size + b"\r\n\r\n"
    with connect_from(address, "127.0.0.9", request) as connection:
        assert read_answer(connection).startswith(b"HTTP/1.1 400 ")
    just_under = b"GET /api/words HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: "
    just_under += b"a" * (15 * 1024) + b"\r\n\r\n"
    with connect_from(address, "127.0.0.9", just_under) as connection:
        assert read_answer(connection).startswith(b"HTTP/1.1 200 ")


# ---------------------------------------------------------------------- forwarded headers


def create(client: httpx.Client, forwarded: str | None = None) -> int:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    return client.post("/api/games", json={"mode": "bot"}, headers=headers).status_code


def test_x_forwarded_for_is_ignored_without_a_proxy() -> None:
    """Changing X-Forwarded-For makes no new client (one client made 4,979 games so): the
    third game of a client allowed two is refused, whatever the header says."""
    with (
        own_server("--max-games-per-client", "2") as address,
        client_from(address, "127.0.0.10") as client,
    ):
        assert [create(client, f"10.0.0.{n}") for n in range(3)] == [200, 200, 429]
        assert create(client, "2001:db8::1") == 429


def test_x_forwarded_for_names_the_client_behind_the_named_proxy() -> None:
    """With ``--proxy 127.0.0.11`` the header the proxy sets names the client (an IPv6
    client by its /64); from any other address the header is ignored."""
    with (
        own_server("--max-games-per-client", "2", "--proxy", "127.0.0.11") as address,
        client_from(address, "127.0.0.11") as proxy,
        client_from(address, "127.0.0.12") as elsewhere,
    ):
        assert [create(proxy, "10.0.0.1") for _ in range(3)] == [200, 200, 429]
        assert create(proxy, "10.0.0.2") == 200
        # One IPv6 /64 is one client; the next /64 is another.
        assert [create(proxy, f"2001:db8::{n}") for n in (1, 2, 3)] == [200, 200, 429]
        assert create(proxy, "2001:db8:0:1::1") == 200
        assert create(proxy, "::ffff:10.0.0.2") == 200  # 10.0.0.2 written as IPv6
        assert create(proxy, "10.0.0.2") == 429
        # Not the proxy: its header is ignored, it is counted by its own address.
        assert [create(elsewhere, f"10.0.1.{n}") for n in range(3)] == [200, 200, 429]


def test_a_client_counts_as_its_ipv4_address_or_its_ipv6_64() -> None:
    assert server.client_key("192.0.2.7") == "192.0.2.7"
    assert server.client_key("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert server.client_key("2001:db8:1:2::9") == "2001:db8:1:2::/64"
    assert server.client_key("2001:db8:1:3::9") == "2001:db8:1:3::/64"
    assert server.client_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert server.client_key("unix") == "unix"


# ---------------------------------------------------------------------- rates


def test_new_games_are_rate_limited_per_client() -> None:
    with (
        own_server("--games-per-minute", "3", "--max-games-per-client", "100") as address,
        client_from(address, "127.0.0.13") as eager,
        client_from(address, "127.0.0.14") as other,
    ):
        assert [create(eager) for _ in range(4)] == [200, 200, 200, 429]
        answer = eager.post("/api/games", json={"mode": "bot"})
        assert answer.json() == {
            "error": "too many new games from your address: wait a minute",
            "problem": "too_many_new_games",
        }
        assert create(other) == 200


def test_guessed_keys_are_rate_limited_per_client() -> None:
    """Past 5 wrong keys or invitations a client gets 429 for every key it sends, the
    right ones too and on a WebSocket; another client is served (300 guesses used to get
    300 answers)."""
    with (
        own_server("--wrong-keys-per-minute", "5") as address,
        client_from(address, "127.0.0.15") as guesser,
        client_from(address, "127.0.0.16") as player,
    ):
        game_id, keys = two_seats(player)
        url = f"/api/games/{game_id}"
        statuses = [guesser.get(url, headers=bearer(f"guess{n}")).status_code for n in range(4)]
        statuses.append(guesser.post(url + "/join", json={"invite": "guess"}).status_code)
        statuses += [guesser.get(url, headers=bearer(f"guess{n}")).status_code for n in range(5)]
        assert statuses == [403] * 5 + [429] * 5
        answer = guesser.get(url, headers=bearer(keys[0]))
        assert (answer.status_code, answer.json()["problem"]) == (429, "too_many_wrong_keys")
        assert player.get(url, headers=bearer(keys[0])).status_code == 200
        with (
            connect_ws_from(address, game_id, keys[1], "127.0.0.15") as refused,
            pytest.raises(ConnectionClosed) as closed,
        ):
            refused.recv(timeout=20)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4429
        with open_socket(address, game_id, {"key": keys[1]}) as served:
            assert json.loads(served.recv(timeout=20))["seat"] == 1


@contextlib.contextmanager
def connect_ws_from(
    address: str, game_id: str, key: str, source: str
) -> Iterator[ClientConnection]:
    """A WebSocket of a game from the loopback address ``source``, its hello sent."""
    with (
        connect_from(address, source) as raw,
        connect(f"ws://{address}/api/games/{game_id}/ws", sock=raw, open_timeout=10) as websocket,
    ):
        websocket.send(json.dumps({"key": key}))
        yield websocket
