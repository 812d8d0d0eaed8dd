"""What keeps one client from taking the web example's server down, connection by
connection: uvicorn's HTTP/1.1 protocol (h11) with time limits on a request's headers and
body, a limit on the size of the headers however they arrive, and a cap on the
connections open from one client.

uvicorn itself times out an idle kept-alive connection, but not one that has sent half a
request line: a thousand of those filled its ``limit_concurrency`` and every other
visitor was answered 503. Here, per connection:

* the request line and headers must arrive within ``header_timeout`` seconds of the
  connection's start, or of the first byte of a later request on a kept-alive one, else
  the connection is answered 408 and closed;
* the body must arrive within ``body_timeout`` seconds (plus one) of the headers' end,
  else the connection is closed (a route that reads the body answers 408 first, see
  ``server.read_body``);
* the request line and headers may hold :data:`MAX_HEADERS` bytes, counted on the parsed
  request, so that headers sent in one write are held to it as well as slow ones
  (h11's own limit sees only an incomplete request): past it, 400;
* one client (an IPv4 address, or an IPv6 /64, see ``server.client_key``) may hold
  ``connections_per_client`` connections, HTTP and WebSocket, at once: one more is
  answered 429 and closed. The proxies named by ``--proxy`` are not counted: each
  carries many clients (limit them in the proxy, ``limit_conn`` in nginx).

It builds on uvicorn's own :class:`~uvicorn.protocols.http.h11_impl.H11Protocol`
(``uvicorn.run(http=...)`` takes a class) and its attributes ``conn``, ``cycle``,
``client`` and ``transport``, at the version of ``constraints.txt``.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Collection
from typing import Any, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_HEADERS: Final = 16 * 1024
"""The largest request line and headers accepted, in bytes."""


def refusal(status: int, reason: str, text: str) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection, written before any request
    was parsed (or instead of one)."""
    body = text.encode()
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode() + body


def header_size(request: h11.Request) -> int:
    """The bytes of a parsed request line and headers, as a client writes them at least
    (``NAME: VALUE`` and a line end each)."""
    size = len(request.method) + len(request.target) + len(b" HTTP/1.1\r\n\r\n") + 1
    for name, value in request.headers.raw_items():
        size += len(name) + len(value) + 4
    return size


def guarded_protocol(
    *,
    header_timeout: float,
    body_timeout: float,
    connections_per_client: int,
    client_key: Callable[[str], str],
    proxies: Collection[str] = (),
) -> type[H11Protocol]:
    """uvicorn's h11 protocol under these limits (see the module's docstring); the
    connections of the addresses in ``proxies`` are not counted."""
    open_connections: Counter[str] = Counter()

    class GuardedProtocol(H11Protocol):
        counted: str | None = None
        timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else ""
            if host not in proxies:
                key = client_key(host)
                if open_connections[key] >= connections_per_client:
                    transport.write(
                        refusal(
                            429,
                            "Too Many Requests",
                            f"at most {connections_per_client} connections from one client",
                        )
                    )
                    transport.close()
                    return
                open_connections[key] += 1
                self.counted = key
            next_event = self.conn.next_event

            def checked_next_event() -> Any:
                event = next_event()
                if isinstance(event, h11.Request):
                    self.stop_timer()
                    if header_size(event) > MAX_HEADERS:
                        raise h11.RemoteProtocolError("the request's headers are too large")
                    self.start_timer(body_timeout + 1, self.body_timed_out)
                elif isinstance(event, h11.EndOfMessage):
                    self.stop_timer()
                return event

            self.conn.next_event = checked_next_event  # type: ignore[method-assign]
            self.start_timer(header_timeout, self.headers_timed_out)

        def data_received(self, data: bytes) -> None:
            between_requests = self.cycle is None or self.cycle.response_complete
            if self.timer is None and between_requests and self.conn.their_state is not h11.ERROR:
                # The first bytes of a new request on a kept-alive connection.
                self.start_timer(header_timeout, self.headers_timed_out)
            super().data_received(data)

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self.stop_timer()
            super().handle_websocket_upgrade(event)
            # The WebSocket's protocol now owns the connection: it lets the count go.
            protocol = self.transport.get_protocol()
            lost = protocol.connection_lost

            def connection_lost(error: Exception | None) -> None:
                self.release()
                lost(error)

            setattr(protocol, "connection_lost", connection_lost)  # noqa: B010 (an instance's)

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_timer()
            self.release()
            super().connection_lost(exc)

        def release(self) -> None:
            if self.counted is not None:
                open_connections[self.counted] -= 1
                if open_connections[self.counted] <= 0:
                    del open_connections[self.counted]
                self.counted = None

        def start_timer(self, seconds: float, then: Callable[[], None]) -> None:
            self.stop_timer()
            self.timer = self.loop.call_later(seconds, then)

        def stop_timer(self) -> None:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None

        def headers_timed_out(self) -> None:
            self.timer = None
            if not self.transport.is_closing():
                text = f"the request's headers did not arrive within {header_timeout:g} s"
                self.transport.write(refusal(408, "Request Timeout", text))
                self.transport.close()

        def body_timed_out(self) -> None:
            self.timer = None
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedProtocol
