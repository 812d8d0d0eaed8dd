"""A reference game server for Conquian: an authoritative referee behind a small web page.

The server holds every game in memory as a :class:`conquian.Game` and is the only one
that ever sees a whole position; it keeps each game in an SQLite database (``store.py``,
every change committed before it is answered), from which a restarted server loads them
again. Each player holds a secret seat key (the server keeps only its hash); with it he
may read his own seat's view and act for his seat, and for nothing else. What the server
sends a seat is built from that seat's :class:`conquian.Observation` alone (its JSON
view, the narration of the public history in the seat's language, the card names it may
see and the take builder's answers), so no response can hold another player's hand or
the stock order. Every move is checked by the library; an illegal one is refused with
the library's reason, in the seat's language, and changes nothing. The other players'
moves reach a waiting browser through a WebSocket.

Play against one of the library's bots (two of them in a three-player game), or with
friends in their own browsers: the one who starts the game gets his seat link and a
one-time invitation for each friend's seat (one, or two in a three-player game), whose
seat key is made only when that friend joins. A finished game can be downloaded as the
library's JSON game record.

Run: ``python examples/web/server.py`` (then open http://127.0.0.1:8000/), after
``pip install -r examples/web/requirements.txt`` in an environment with conquian;
``--help`` lists the limits an operator may set (see :class:`Limits`), the database
(``--database``) and the reverse proxy whose X-Forwarded-For is read (``--proxy``).
Each connection is held to the time, size and per-client limits of ``guard.py``.

The HTTP API (every body is JSON, at most :data:`MAX_BODY` bytes, and must arrive within
:attr:`Limits.body_timeout` seconds, else 408; a seat key goes in an ``Authorization:
Bearer KEY`` header; a refused request is answered ``{"error": ...}`` with its status,
and a ``"problem"`` when programs may act on it (see :class:`RequestError`), and changes
nothing):

* ``POST /api/games`` ``{"mode": "bot" | "humans", "bot": "greedy", "names": [..],
  "seed": null, "rules": "classic"}``: a new game under a preset of the rules
  (``classic``, ``foster``, ``bicycle``, ``mexican`` or ``tercerilla``, the last for
  three players: ``words.PAGE_PRESETS``). Answers ``{"game": ID, "seats": [{"seat": 0,
  "key": KEY, "link": "/#ID/0/KEY"}], "invitations": [LINK, ..], "invitation": LINK}``:
  the creator's seat, and in a game between people each friend's one-time invitation
  ``/#ID/invite/TOKEN``, in seat order (seat 1's, and seat 2's in a three-player game;
  none against bots), ``invitation`` being the first (``null`` against bots). ``names``
  are every seat's name, which must differ, or in a game against bots the person's name
  alone (he has seat 0): a bot is called by its name in each reader's language
  ("Greedy", "Codicioso"), numbered by its seat when there are two ("Greedy 1",
  "Greedy 2"). A name has 1 to :data:`MAX_NAME` characters and something to see (see
  :func:`is_name`).
  The seed may be given as its digits in text, as a browser's numbers lose digits past
  2**53; in a game between people a chosen seed is shown to every seat (whoever
  chooses the deal can know every card), a seed drawn by the server never is. Refused
  with 429 when the client (by its address) already has
  :attr:`Limits.max_games_per_client` unfinished games that are not idle, and with 503
  when the server
  holds :attr:`Limits.max_games` games and none may be dropped (see
  :func:`make_room_space`); with 429 too past :attr:`Limits.games_per_minute` new
  games from the client (``too_many_new_games``).
* ``POST /api/games/ID/join`` ``{"invite": TOKEN}``: a friend takes the seat of his
  invitation; answers ``{"seat": 1, "key": KEY, "link": "/#ID/1/KEY"}``, a key made at
  that moment. An invitation works once: then it is refused with 409 "this invitation
  has been used". Until a friend joins, nobody can act for his seat (a view's
  ``"seats_joined"`` says who has joined, and ``"joined"`` whether all have). A client
  that sent :attr:`Limits.wrong_keys_per_minute` wrong keys or invitations is refused
  with 429 (``too_many_wrong_keys``) whatever key it sends, until its count comes down.
* ``GET /api/words?lang=en``: the page's own words in that language (``words.py``).
* ``GET /api/games/ID?lang=en``: the seat's view (see :func:`seat_payload`).
* ``POST /api/games/ID/move`` ``{"move": "take +3d5d -Kh", "ply": 4, "lang": "en"}``:
  play a move for the seat. ``ply``, the number of moves played when the move was
  chosen, is optional: a move that carries it is refused once the game has moved past
  that position, so a request that carries its ply is never played twice (one without
  it is played whenever it is legal). Answers the seat's new view; an illegal move is
  refused with ``{"error": ..., "problem": ...}``, the reason in ``lang`` and its
  :class:`~conquian.errors.MoveProblem` value.
* ``POST /api/games/ID/build`` ``{"selected": ["3d", "5d"], "arrangement": null}``: the
  take builder after these clicks (see :func:`builder_payload`), on the seat's turn.
* ``POST /api/games/ID/name`` ``{"name": "Bea", "lang": "en"}``: a person's new name
  for his seat (no other seat's), in a game between people that is not over (a friend
  names himself); answers the seat's view.
* ``GET /api/games/ID/record``: the finished game's JSON record (refused until it ends).
* ``WS /api/games/ID/ws``: first message ``{"key": KEY, "lang": "en"}``, within
  :attr:`Limits.hello_timeout` seconds; the server then sends the seat's view after
  every change (``{"lang": ..}`` changes the language; other messages are ignored). The
  socket is closed with code 4404 for a game the server does not hold (or no longer
  holds), 4408 when no hello came in time, 4429 past :attr:`Limits.sockets_per_seat`
  sockets for a seat, and 4403 for any other bad hello (a wrong key, not JSON).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import heapq
import ipaddress
import json
import secrets
import sqlite3
import sys
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from guard import MAX_HEADERS, guarded_protocol
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from store import SavedGame, Store, StoreError
from words import PAGE_PRESETS, PAGE_WORDS

from conquian import (
    PRESETS,
    Card,
    ConquianError,
    Fate,
    Game,
    Give,
    IllegalMoveError,
    LayDown,
    Move,
    MoveProblem,
    Observation,
    Phase,
    Rules,
    State,
    Take,
)
from conquian.agents import Agent, GreedyAgent, HeuristicAgent, RandomAgent
from conquian.builder import TakeBuilder
from conquian.languages import LANGUAGES, find_language
from conquian.narration import (
    describe_origin,
    explain_forcing,
    explain_refusal,
    narrate,
    narrate_history,
    narrate_start,
)
from conquian.notation import dumps

STATIC: Final = Path(__file__).resolve().parent / "static"
MAX_BODY: Final = 4096
"""The largest request body (or WebSocket message) accepted, in bytes."""
MAX_CONNECTIONS: Final = 1000
"""Open connections (HTTP and WebSocket) served at once (uvicorn's
``limit_concurrency``); past them a request is answered 503."""
SHUTDOWN_GRACE: Final = 5
"""Seconds uvicorn waits for requests in progress after Ctrl-C (SIGINT) or SIGTERM,
before it cancels them and stops (``timeout_graceful_shutdown``)."""
DATABASE: Final = "conquian-games.sqlite3"
"""The database file of ``server.py`` without ``--database`` (in the working directory)."""
NARRATION_LINES: Final = 12
MAX_NAME: Final = 24
"""The longest player's name, in characters (the page's name fields hold as many)."""
BOTS: Final[dict[str, Callable[[int], Agent]]] = {
    "greedy": lambda seed: GreedyAgent(),
    "heuristic": lambda seed: HeuristicAgent(),
    "random": lambda seed: RandomAgent(seed),
}
"""The bots a player may choose, by name (all from :mod:`conquian.agents`)."""
HUMAN_SEAT: Final = 0
"""The seat of the person in a game against bots, and of the one who starts a game
between people."""
FRIEND_SEAT: Final = 1
"""The seat of the first friend invited to a game between people (a three-player game's
second friend sits in seat 2)."""
REFUSED_IN_NAMES: Final = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
"""The Unicode categories no name may hold: control characters, lone surrogates (they
cannot be sent back as UTF-8), private-use and unassigned code points, line and
paragraph separators."""
BIDI_CONTROLS: Final = frozenset(
    "\u200e\u200f\u061c" + "".join(map(chr, range(0x202A, 0x202F))) + "\u2066\u2067\u2068\u2069"
)
"""The bidirectional controls (marks, embeddings, overrides, isolates), which no name may
hold: they would turn the text around them, in the narration of both seats."""
BLANKS: Final = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0"
    + "".join(map(chr, range(0x180B, 0x1810)))  # Mongolian variation selectors
    + "".join(map(chr, range(0xFE00, 0xFE10)))  # variation selectors
    + "".join(map(chr, range(0xE0100, 0xE01F0)))  # variation selectors supplement
)
"""Characters that show nothing though their category says a letter or a mark (the
Hangul fillers, the braille blank, the variation selectors, the combining grapheme
joiner): they do not count as something to see, and two names that differ only by them
(or by invisible format characters, category Cf) are one name."""
CLOSE_CODES: Final = {404: 4404, 408: 4408, 429: 4429}
"""The WebSocket close code of a refused hello, by the HTTP status of the same refusal;
any other refusal closes with 4403."""


@dataclass(frozen=True)
class Limits:
    """What one server process accepts; ``server.py --help`` sets all but
    :attr:`sockets_per_seat`."""

    max_games: int = 5000
    """Games held at once. Past it the finished games are dropped first, then the idle
    ones (see :func:`make_room_space`); a new game is refused with 503 when none can be."""
    max_games_per_client: int = 20
    """Unfinished games one client (an IPv4 address or an IPv6 /64, see
    :func:`client_key`) may have started and still play; an idle game does not count."""
    games_per_minute: float = 10
    """New games one client may start a minute (as many at once, then one every
    60 / this seconds); past it 429."""
    wrong_keys_per_minute: float = 10
    """Wrong seat keys and invitations one client may send a minute (as many at once);
    past it every key or invitation it sends is refused with 429 until the count comes
    down, the right ones too."""
    connections_per_client: int = 50
    """Connections, HTTP and WebSocket, one client may hold open at once (not counted
    for the proxies named by ``--proxy``); one more is answered 429 and closed."""
    idle_minutes: float = 30
    """A game nobody is connected to, untouched for this long, is idle."""
    hello_timeout: float = 10
    """Seconds a new WebSocket may take to send its hello."""
    header_timeout: float = 10
    """Seconds a request may take to send its request line and headers (from the
    connection's start, or from its first byte on a kept-alive connection); then 408."""
    body_timeout: float = 10
    """Seconds a request may take to send its body."""
    sockets_per_seat: int = 8
    """Open WebSockets of one seat (its tabs and devices)."""


class Allowance:
    """How much of something each client may do a minute: a bucket of ``per_minute``
    tokens for each client, that fills again at ``per_minute`` a minute (a token bucket).
    Full buckets are forgotten, so that the clients who came once take no memory."""

    def __init__(self, per_minute: float) -> None:
        self.per_minute = per_minute
        self.buckets: dict[str, tuple[float, float]] = {}
        """Each client's tokens, and when they were counted (``time.monotonic()``)."""

    def tokens(self, client: str, now: float) -> float:
        tokens, then = self.buckets.get(client, (self.per_minute, now))
        return min(self.per_minute, tokens + (now - then) * self.per_minute / 60)

    def has(self, client: str) -> bool:
        """Whether the client has a token left (none is taken)."""
        return self.tokens(client, time.monotonic()) >= 1

    def take(self, client: str) -> bool:
        """Take one of the client's tokens: whether there was one."""
        now = time.monotonic()
        tokens = self.tokens(client, now)
        if len(self.buckets) > 10_000:  # forget the full ones
            self.buckets = {
                other: (left, then)
                for other, (left, then) in self.buckets.items()
                if self.tokens(other, now) < self.per_minute
            }
        if tokens < 1:
            self.buckets[client] = (tokens, now)
            return False
        self.buckets[client] = (tokens - 1, now)
        return True


class RequestError(Exception):
    """A refused request: the HTTP status, the message, and what the refusal is about,
    for programs: for a refused move the library's :class:`~conquian.errors.MoveProblem`
    value (said in the seat's language), else one of the server's own (``no_such_game``,
    ``bad_key``, ``bad_name``, ``bad_seed``, ``names_fixed``, ``same_name``,
    ``too_many_games``, ``server_full``, ``too_many_tabs``, ``too_many_new_games``,
    ``too_many_wrong_keys``), which the page says in its
    own language (``refused_`` words of ``words.py``; a WebSocket gets the close code
    instead, 4403 or 4429)."""

    def __init__(self, status: int, message: str, problem: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.problem = problem


def refused(error: ConquianError, status: int, lang: str) -> RequestError:
    """The library's error as a refused request: an illegal move said in the seat's
    language, with its problem; other errors (text that is not notation) as they are."""
    if isinstance(error, IllegalMoveError):
        return RequestError(status, explain_refusal(error, lang), error.problem.value)
    return RequestError(status, str(error))


def hashed(secret: str) -> bytes:
    """The SHA-256 of a seat key or an invitation: all the server keeps of it (in memory
    and in its database), so that a copy of the file gives nobody a seat. The secrets
    are 144 random bits: a hash without salt is enough."""
    return hashlib.sha256(secret.encode()).digest()


def new_secret() -> tuple[str, bytes]:
    """A new seat key (or invitation) and its hash."""
    secret = secrets.token_urlsafe(18)
    return secret, hashed(secret)


def bot_seed(seed: int, ply: int) -> int:
    """The seed of the bot's choice at ``ply`` of a game dealt from ``seed``: each choice
    draws from its own, so that a game made again from its moves (after a restart) goes
    on as it would have."""
    return (seed * 0x9E3779B97F4A7C15 + ply) % 2**64


EXCHANGE: Final = ",exchange:true"
"""What a game's rules text adds to its preset's name when the game opens with the
exchange (M10): ``tercerilla,exchange:true``, the rules' own notation."""


def is_page_rules(text: object) -> bool:
    """Whether ``text`` names rules a game of the page may have: a preset of
    ``words.PAGE_PRESETS``, with the opening exchange (M10) or without it.

    >>> is_page_rules("tercerilla,exchange:true"), is_page_rules("classic,players:3")
    (True, False)
    """
    if not isinstance(text, str):
        return False
    return text.removesuffix(EXCHANGE) in PAGE_PRESETS


def page_rules(preset: str, *, exchange: bool) -> str:
    """The rules text of a game of the page under ``preset``, with the opening exchange
    (M10) or without it, as :meth:`Rules.to_notation <conquian.rules.Rules.to_notation>`
    writes it.

    >>> page_rules("mexican", exchange=True), page_rules("foster", exchange=False)
    ('mexican,exchange:true', 'foster')
    """
    return Rules.from_dict({"exchange": exchange}, base=PRESETS[preset]).to_notation()


def rules_name(text: str, page: dict[str, str]) -> str:
    """The name of a game's rules in the page's words ``page``: its preset's, and the
    opening exchange when it has one (M10)."""
    name = page["rules_" + text.removesuffix(EXCHANGE)]
    return f"{name} {page['rules_exchange']}" if text.endswith(EXCHANGE) else name


def saved_hashes(saved: SavedGame) -> list[object]:
    """The hashes a saved game holds: the creator's key, each friend's once he joined,
    the invitations in a game between people."""
    return [
        saved.keys[0],
        *(key for key in (*saved.keys[1:], *saved.invitations) if key is not None),
    ]


def bot_names(bot: str, lang: str, players: int) -> tuple[str, ...]:
    """The names of the bots of kind ``bot`` in ``lang``, in seat order: the bot's name
    alone against one (``Greedy``), numbered by seat against two (``Greedy 1``,
    ``Greedy 2``), so that the narration tells them apart.

    >>> bot_names("greedy", "es", 3)
    ('Codicioso 1', 'Codicioso 2')
    """
    name = PAGE_WORDS[find_language(lang).code]["bot_" + bot]
    if players == 2:
        return (name,)
    return tuple(f"{name} {seat}" for seat in range(1, players))


class Room:
    """One game on the server: the game, the hashes of the seat keys, the bot, and who
    is listening.

    What is kept to answer faster is kept only while it helps: the payloads while
    someone listens (:meth:`listen`), the narrations while the game goes on or someone
    listens."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        names: tuple[str, ...],
        bot: str | None,
        rules: str = "classic",
        *,
        keys: tuple[bytes | None, ...],
        invitations: tuple[bytes | None, ...],
        seed_chosen: bool = False,
        client: str = "",
        moves: Sequence[str] = (),
        touched: float | None = None,
    ) -> None:
        """``names`` are the seats' names, one a player of the rules (two or three);
        against bots, the bots' seats are named by :meth:`names_in` in each reader's
        language and their entries here are not shown. ``keys`` and ``invitations`` are
        the hashes of each seat's key (an invited friend's is ``None`` until he joins) and
        of each seat's invitation (``None`` for the creator's seat and against bots).
        ``seed_chosen`` says the player who starts the game chose its seed; ``client``
        is his address (see :func:`client_of`). ``moves`` are the moves played so far
        (a game made again from the database), each checked by the library, and
        ``touched`` when the game was last touched, by the wall clock (default now)."""
        game = Game.new(seed=seed, rules=Rules.parse(rules))
        self.id = game_id
        self.game = game
        self.seed = seed
        self.seed_chosen = seed_chosen
        self.rules = rules
        self.client = client
        self.names = names
        self.bot_name = bot
        self.players = game.state.players
        self.keys = keys
        self.invitations = invitations
        self.listeners: list[Listener] = []
        self.payloads: dict[tuple[int, int, str], dict[str, Any]] = {}
        self.states = [game.state]
        for move in moves:
            game.play(move)
            self.states.append(game.state)
        self.narrations: dict[tuple[str, int], list[str]] = {}
        self.touched = time.monotonic()
        if touched is not None:
            self.touched -= max(0.0, time.time() - touched)
        self.gone = False
        """Dropped from the server (:func:`drop_room`): its listeners close."""

    @classmethod
    def start(
        cls,
        game_id: str,
        seed: int,
        names: tuple[str, ...],
        bot: str | None,
        rules: str = "classic",
        *,
        seed_chosen: bool = False,
        client: str = "",
    ) -> tuple[Room, str, list[str]]:
        """A new game (the bots' first moves played): the room, the creator's seat key,
        and each friend's invitation, in seat order (none against bots). A friend's key
        is made when he joins (:meth:`join`)."""
        key, key_hash = new_secret()
        players = Rules.parse(rules).players
        secrets_ = [new_secret() for _ in range(1, players)] if bot is None else []
        room = cls(
            game_id,
            seed,
            names,
            bot,
            rules,
            keys=(key_hash, *(None for _ in range(1, players))),
            invitations=(None, *(hash_ for _, hash_ in secrets_))
            if secrets_
            else (None,) * players,
            seed_chosen=seed_chosen,
            client=client,
        )
        room.play_bot()
        return room, key, [invitation for invitation, _ in secrets_]

    @classmethod
    def load(cls, saved: SavedGame) -> Room:
        """A game of the database made again from its moves.

        Raises:
            StoreError: the game cannot be made again (rules or a bot this server does
                not know, a name or a key that is not one, a move that is not legal).
        """
        problem = None
        if not is_page_rules(saved.rules):
            problem = f"rules {saved.rules!r:.40}"
        elif not len(saved.names) == len(saved.keys) == Rules.parse(saved.rules).players:
            problem = f"{len(saved.names)} seats under rules of {Rules.parse(saved.rules).players}"
        elif saved.bot is not None and saved.bot not in BOTS:
            problem = f"a bot {saved.bot!r:.40}"
        elif not all(isinstance(name, str) for name in saved.names):
            problem = "names that are not text"
        elif not all(isinstance(key, bytes) and len(key) == 32 for key in saved_hashes(saved)):
            problem = "a key that is not a hash"
        elif not isinstance(saved.touched, float) or not isinstance(saved.client, str):
            problem = "a bad row"
        if problem is not None:
            raise StoreError(f"game {saved.id} has {problem}")
        try:
            room = cls(
                saved.id,
                saved.seed,
                saved.names,
                saved.bot,
                saved.rules,
                keys=saved.keys,
                invitations=saved.invitations,
                seed_chosen=saved.seed_chosen,
                client=saved.client,
                moves=saved.moves,
                touched=saved.touched,
            )
        except ConquianError as error:
            raise StoreError(f"game {saved.id} cannot be played again: {error}") from None
        if room.bot_name is not None and not room.game.is_over and room.game.to_move != HUMAN_SEAT:
            raise StoreError(f"game {saved.id} stops on its bot's turn")
        return room

    def saved(self) -> SavedGame:
        """The game as the database keeps it."""
        return SavedGame(
            id=self.id,
            seed=self.seed,
            rules=self.rules,
            seed_chosen=self.seed_chosen,
            client=self.client,
            names=self.names,
            bot=self.bot_name,
            keys=self.keys,
            invitations=self.invitations,
            touched=time.time(),
            moves=tuple(str(move) for move in self.game.moves),
        )

    def seat_of(self, key: str) -> int:
        """The seat whose key is ``key`` (its hash compared in constant time)."""
        found = None
        key_hash = hashed(key)
        for seat, seat_key in enumerate(self.keys):
            if seat_key is not None and secrets.compare_digest(seat_key, key_hash):
                found = seat
        if found is None:
            raise RequestError(403, "this key is not a seat of this game", "bad_key")
        return found

    def join(self, token: str) -> tuple[int, str]:
        """The seat whose invitation is ``token`` (each hash compared in constant time)
        and its key, made now for the invitation's holder; the invitation then stops
        working."""
        self.check_here()
        token_hash, found = hashed(token), None
        for seat, invitation in enumerate(self.invitations):
            if invitation is not None and secrets.compare_digest(invitation, token_hash):
                found = seat
        if found is None:
            raise RequestError(403, "this is not an invitation to this game")
        if self.keys[found] is not None:
            raise RequestError(409, "this invitation has been used")
        key, key_hash = new_secret()
        self.keys = tuple(key_hash if seat == found else old for seat, old in enumerate(self.keys))
        self.touched = time.monotonic()
        return found, key

    def joined(self) -> list[bool]:
        """Whether each seat has its player: the creator's and the bots' always, an
        invited friend's once he joined."""
        return [key is not None or self.bot_name is not None for key in self.keys]

    def play(self, seat: int, text: str, lang: str = "en", ply: int | None = None) -> None:
        """Play ``text`` for ``seat``, checked by the library (with the ``ply`` it was
        chosen at, when given), then the bot's replies; a refusal is said in ``lang``,
        409 when the game has moved on or it is not the seat's turn."""
        self.check_here()
        game = self.game
        try:
            game.play(text, player=seat, ply=ply)
        except ConquianError as error:
            late = getattr(error, "problem", None) is MoveProblem.MOVED_ON
            raise refused(error, 409 if late or game.to_move != seat else 400, lang) from None
        self.states.append(game.state)
        self.play_bot()

    def check_here(self) -> None:
        """Refuse a change to a game the server has dropped (while the request's body was
        on its way) as a request for a game it does not hold."""
        if self.gone:
            raise RequestError(404, "no such game", "no_such_game")

    def play_bot(self) -> None:
        """Let the bots move while it is one's turn (each choice with its own seed,
        :func:`bot_seed`)."""
        name, game = self.bot_name, self.game
        while name is not None and not game.is_over and game.to_move != HUMAN_SEAT:
            state = game.state
            player = state.to_move
            assert player is not None
            bot = BOTS[name](bot_seed(self.seed, game.ply))
            game.play(bot.choose(state.observation(player), state.legal_moves()), player=player)
            self.states.append(game.state)

    def narration(self, lang: str, viewer: int) -> list[str]:
        """The game told to ``viewer`` in ``lang``: the first card turned up, then one
        line a move with what followed it (a dead card, the next card turned up). Each
        line is made once, when its move is new (:func:`conquian.narration.narrate`),
        while the game goes on or someone listens; a finished game nobody listens to is
        told again when asked."""
        lines = self.narrations.get((lang, viewer))
        if lines is None:
            names = self.names_in(lang)
            lines = [narrate_start(self.states[0], lang=lang, names=names, viewer=viewer)]
            if self.listeners or not self.game.is_over:
                self.narrations[lang, viewer] = lines
        moves, names = self.game.moves, self.names_in(lang)
        for ply in range(len(lines) - 1, len(moves)):
            lines.append(self.told(ply, lang, names, viewer))
        return [line for line in lines if line]

    def told(self, ply: int, lang: str, names: Sequence[str], viewer: int) -> str:
        """The line of the move at ``ply`` for ``viewer`` (with what followed it). A give
        of the opening exchange (M10) is told as the viewer saw it when it was made: the
        card only to its giver, and to nobody else, not even the player it goes to
        before every player has chosen ("Bea gives you a card"); the line is read from
        the viewer's observation of the history then, so that no line ever holds a
        card the viewer could not see when it was told."""
        state, move = self.states[ply], self.game.moves[ply]
        told = narrate(state, move, lang=lang, names=names, viewer=viewer)
        if not isinstance(move, Give):
            return told
        alone = narrate(state, move, lang=lang, names=names, viewer=viewer, aftermath=False)
        seen = self.states[ply + 1].observation(viewer).history
        lines = narrate_history(seen, rules=state.rules, lang=lang, names=names, viewer=viewer)
        sentence = lines[-1][:1].upper() + lines[-1][1:]
        return sentence + told[len(alone) :]  # what followed the give is public

    def names_in(self, lang: str) -> tuple[str, ...]:
        """The seats' names as a reader of ``lang`` sees them: a bot is called by its
        name in that language (numbered by seat against two, :func:`bot_names`)."""
        if self.bot_name is None:
            return self.names
        # The person sits in seat 0.
        return (self.names[HUMAN_SEAT], *bot_names(self.bot_name, lang, self.players))

    def rename(self, seat: int, name: str) -> None:
        """Give ``seat`` the name ``name`` (a person's seat in a game between people,
        before it ends; no other seat's name); every narration is told again with it."""
        self.check_here()
        if self.bot_name is not None:
            raise RequestError(409, "the names of a game against a bot are set when it starts")
        if self.game.is_over:
            raise RequestError(409, "the game is over: its names stay as they were", "names_fixed")
        problem = name_problem(name)
        if problem is not None:
            raise RequestError(400, problem, "bad_name")
        if any(same_name(name, other) for at, other in enumerate(self.names) if at != seat):
            which = "the other" if self.players == 2 else "another"
            raise RequestError(400, f"that is {which} seat's name: choose another", "same_name")
        names = list(self.names)
        names[seat] = name.strip()
        self.rename_back(tuple(names))

    def rename_back(self, names: tuple[str, ...]) -> None:
        """Give the seats these names (a new one, or the old ones when the new one could
        not be saved); every narration is told again with them."""
        self.names = names
        self.narrations.clear()
        self.payloads.clear()

    def rewind(self, ply: int) -> None:
        """Take back the moves from ``ply`` on (they could not be saved): the game is
        made again from its deal and the moves before."""
        moves = [str(move) for move in self.game.moves[:ply]]
        game = self.game = Game.new(seed=self.seed, rules=Rules.parse(self.rules))
        self.states = [game.state]
        for move in moves:
            game.play(move)
            self.states.append(game.state)
        self.narrations.clear()
        self.payloads.clear()

    def changed(self) -> None:
        """Wake every listener: each sends its seat's new view."""
        self.touched = time.monotonic()
        self.payloads.clear()
        self.forget()
        for listener in self.listeners:
            listener.wake.set()

    def listen(self, listener: Listener) -> None:
        """Add an open WebSocket of a seat."""
        self.listeners.append(listener)
        self.touched = time.monotonic()

    def leave(self, listener: Listener) -> None:
        """Remove a closed WebSocket; the last one takes what was kept for it along."""
        self.listeners.remove(listener)
        self.touched = time.monotonic()
        self.forget()

    def forget(self) -> None:
        """Drop what is kept for listeners when there are none: the payloads, and once
        the game is over the narrations (a finished game is read rarely; a whole one
        told in four languages to both seats is a few hundred kilobytes)."""
        if not self.listeners:
            self.payloads.clear()
            if self.game.is_over:
                self.narrations.clear()

    def is_idle(self, now: float, limits: Limits) -> bool:
        """Whether nobody is connected to the game and it has not been touched (a move,
        a name, a seat joining, a WebSocket opened or closed) for the idle limit."""
        return not self.listeners and now - self.touched > limits.idle_minutes * 60


class Listener:
    """One open WebSocket of a seat: it sends the seat's latest view when woken."""

    def __init__(self, seat: int, lang: str) -> None:
        self.seat = seat
        self.lang = lang
        self.wake = asyncio.Event()


ROOMS: dict[str, Room] = {}


def drop_room(room: Room) -> None:
    """Take a game off the server; its open WebSockets are closed with 4404."""
    del ROOMS[room.id]
    room.gone = True
    for listener in room.listeners:
        listener.wake.set()


# ---------------------------------------------------------------------- what a seat sees


def name_problem(value: object) -> str | None:
    """Why ``value`` is not a player's name, or ``None`` if it is one: text of 1 to
    :data:`MAX_NAME` characters once its ends are stripped, with no character of
    :data:`REFUSED_IN_NAMES` or :data:`BIDI_CONTROLS`, and something to see: a letter, a
    number, a punctuation mark or a symbol (not only spaces, invisible format characters
    such as a zero-width space, combining marks, or the blanks of :data:`BLANKS`)."""
    if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
        return f"a name has 1 to {MAX_NAME} characters"
    kinds = [unicodedata.category(character) for character in value]
    if any(kind in REFUSED_IN_NAMES for kind in kinds) or not BIDI_CONTROLS.isdisjoint(value):
        return (
            "a name may not hold control, private-use, unassigned, line-breaking or "
            "text-direction characters"
        )
    if not any(
        kind[0] in "LNPS" and character not in BLANKS
        for character, kind in zip(value, kinds, strict=True)
    ):
        return "a name needs a letter, a number, a punctuation mark or a symbol"
    return None


def is_name(value: object) -> bool:
    """Whether ``value`` is a player's name (see :func:`name_problem`)."""
    return name_problem(value) is None


def same_name(first: str, second: str) -> bool:
    """Whether two names would read as one: equal once the characters that show nothing
    are taken out (format characters such as a zero-width joiner or a soft hyphen, and
    :data:`BLANKS`), stripped, compatibility-normalized (NFKC: a full-width A, U+FF21, is
    an A) and case-folded. (Letters of other scripts that look alike, such as a Cyrillic
    A, are not matched: that is past what a name check can do.)"""

    def folded(name: str) -> str:
        shown = "".join(
            character
            for character in name
            if character not in BLANKS and unicodedata.category(character) != "Cf"
        )
        return unicodedata.normalize("NFKC", shown.strip()).casefold()

    return folded(first) == folded(second)


def read_json(text: str | bytes | bytearray) -> Any:
    """JSON text as a value; :class:`ValueError` if it is not JSON, including JSON nested
    too deep for the parser (a few kilobytes of ``[`` are enough), or if a string in it
    is not Unicode text (a lone surrogate such as ``"\\udfff"``, which could not be
    written back as UTF-8)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deep") from None
    check_text(value)
    return value


def check_text(value: object) -> None:
    """Raise :class:`ValueError` if a string of a JSON value, or a key, is not Unicode
    text (:class:`UnicodeEncodeError` is one)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            item.encode()
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def card_name(text: str, lang: str) -> str:
    """The full name in ``lang`` of the card written ``text`` (40 cards, 4 languages)."""
    return Card.parse(text).name(lang)


def card_names(cards: Sequence[str], lang: str) -> dict[str, str]:
    """The full names of the given cards (notation) in ``lang``."""
    return {text: card_name(text, lang) for text in cards}


def others_of(seat: int, players: int) -> list[int]:
    """The other seats, in the order of play from ``seat`` (M1): the next player first.

    >>> others_of(1, 3), others_of(0, 2)
    ([2, 0], [1])
    """
    return [(seat + step) % players for step in range(1, players)]


def visible_cards(data: dict[str, Any]) -> list[str]:
    """The cards an observation's JSON view shows (hand, tables, offer, dead)."""
    cards = list(data["hand"]) + list(data["dead"])
    for table in data["tables"]:
        for meld in table:
            cards.extend(meld)
    if data["offer"] is not None:
        cards.append(data["offer"])
    return cards


def status_text(room: Room, view: Observation, lang: str) -> str:
    """Whose turn it is, or how the game ended, in ``lang``. A seat that decides whether
    to force a declined card (R14b) is told why it decides, and one that may force a
    passed card back is told it may (:func:`~conquian.narration.explain_forcing`)."""
    language = find_language(lang)
    names, seat = room.names_in(lang), view.player
    outcome = view.outcome
    if outcome is not None:
        if outcome.winner is None:
            return language.phrase("result_draw")
        if outcome.winner == seat:
            return language.phrase("result_win.you")
        return language.phrase("result_win", who=names[outcome.winner])
    if view.to_move == seat:
        why = explain_forcing(room.game.state, lang=lang, names=names, viewer=seat)
        return why or language.phrase("choices")
    assert view.to_move is not None  # the game is not over
    return PAGE_WORDS[language.code]["waiting"].format(who=names[view.to_move])


def offered_to(view: Observation, lang: str, names: Sequence[str]) -> str:
    """Who has the offered card in the round of offers (M4), in ``lang``: the player
    who takes or declines it now (empty outside an offer: a decision to force, a forced
    take, the end); in the opening exchange (M10), what the players are doing."""
    words = PAGE_WORDS[find_language(lang).code]
    if view.phase is Phase.EXCHANGE:  # no card is offered yet: what is being done (M10)
        return words["exchange"]
    if view.phase is not Phase.OFFER or view.offer is None or view.to_move is None:
        return ""
    card = view.offer.pretty()
    if view.to_move == view.player:
        return words["offered_to_you"].format(card=card)
    return words["offered_to"].format(card=card, who=names[view.to_move])


def seed_line(room: Room, seat: int, lang: str, seed: str | None) -> str:
    """What a seat is told of a chosen seed (:func:`chosen_seed`), in ``lang``: the
    creator that the others see it too, the others who chose it."""
    if seed is None:
        return ""
    page, names = PAGE_WORDS[find_language(lang).code], room.names_in(lang)
    if seat != HUMAN_SEAT:
        return page["seed_chosen"].format(seed=seed, who=names[HUMAN_SEAT])
    if room.players == 2:
        return page["seed_chosen_you"].format(seed=seed, who=names[FRIEND_SEAT])
    return page["seed_chosen_you_two"].format(seed=seed, first=names[1], second=names[2])


def chosen_seed(room: Room) -> str | None:
    """The seed of a game between people when the player who started it chose it (as
    text: a browser's numbers lose digits past 2**53). Whoever chooses the deal can know
    every card, so every seat is told; a seed drawn by the server is never shown,
    nor one chosen against a bot (the person chose it himself)."""
    if room.seed_chosen and room.bot_name is None:
        return str(room.seed)
    return None


def seat_payload(room: Room, seat: int, lang: str) -> dict[str, Any]:
    """Everything the page of ``seat`` shows, built from the seat's observation only.

    ``view`` is the library's JSON view (:meth:`Observation.to_dict`); ``choices`` are
    the legal moves that are not takes, as buttons labelled in ``lang``; a take is built
    with ``builder`` (the empty take builder, see :func:`builder_payload`);
    ``chosen_seed`` is the deal's seed when the player who started the game chose it
    (:func:`chosen_seed`), and ``words["seed"]`` says so to the seat. ``others`` are the
    other seats, the next player first (M1), each with his name, his table's label and
    his hand size in words; ``words["offered_to"]`` says who has the offered card in the
    round of offers (M4); ``seats_joined`` says which seats have their player (a friend
    once he joined), and ``joined`` whether all have. In the opening exchange (M10)
    ``gives`` are the hand cards the seat may give (a click each, not a choice button),
    ``words["give_hint"]`` says to whom, and ``words["given"]`` names the card it gave,
    to it alone, until the cards change hands.

    While the game has listeners the payload of the current position is kept for each
    seat and language, as the mover's answer and the WebSockets send the same one."""
    if not room.listeners:
        return build_payload(room, seat, lang)
    key = (room.game.ply, seat, lang)
    cached = room.payloads.get(key)
    if cached is None:
        cached = room.payloads[key] = build_payload(room, seat, lang)
    return cached


def build_payload(room: Room, seat: int, lang: str) -> dict[str, Any]:
    """The payload of :func:`seat_payload`, built."""
    state = room.game.state
    view = state.observation(seat)
    data = view.to_dict()
    language = find_language(lang)
    page = PAGE_WORDS[language.code]
    names = room.names_in(lang)
    lines = room.narration(lang, seat)
    # On the seat's turn its legal moves are the state's (Observation.legal_moves gives
    # the same from the view alone, at the cost of rebuilding a position from it), and a
    # choice's label tells only the move itself (aftermath=False), which is public.
    moves = state.legal_moves() if state.to_move == seat else ()
    choices = [
        {"move": str(move), "label": action_label(state, move, lang, names)}
        for move in moves
        if not isinstance(move, Take | Give)
    ]
    # The opening exchange (M10): the hand cards the seat may give, each a click.
    gives = [str(move.card) for move in moves if isinstance(move, Give)]
    receiver = names[(seat + 1) % room.players]
    can_take = any(isinstance(move, Take) for move in moves)
    seed = chosen_seed(room)
    others = [
        {
            "seat": other,
            "name": names[other],
            "table": language.phrase("table", who=names[other]),
            "hand_size": page["hand_size"].format(count=view.hand_sizes[other]),
        }
        for other in others_of(seat, room.players)
    ]
    words = {
        "hand": language.phrase("hand"),
        "table_you": language.phrase("table.you"),
        "stock": language.phrase("stock", count=view.stock_size),
        "dead": language.phrase("dead", cards=len(view.dead)),
        "chosen": language.phrase("chosen", cards=""),
        "discard": language.phrase("builder_discards", cards=""),
        "go_out": language.phrase("option_out"),
        "arrange": language.phrase("builder_arrangements"),
        "status": status_text(room, view, lang),
        "rules": f"{page['rules']}: {rules_name(room.rules, page)}",
        "take_hint": page["take_hint"].format(card=view.offer.pretty())
        if can_take and view.offer is not None
        else "",
        "seed": seed_line(room, seat, lang, seed),
        "offered_to": offered_to(view, lang, names),
        "give_hint": page["give_hint"].format(who=receiver) if gives else "",
        "given": ""
        if view.given is None
        else page["given"].format(card=view.given.pretty(), who=receiver),
    }
    return {
        "game": room.id,
        "seat": seat,
        "mode": "bot" if room.bot_name is not None else "humans",
        "bot": room.bot_name,
        "names": list(names),
        "lang": lang,
        "languages": {code: language.name for code, language in LANGUAGES.items()},
        "view": data,
        "origin": describe_origin(view, lang=lang, names=names, viewer=seat),
        "narration": lines[-NARRATION_LINES:],
        "narration_start": max(1, len(lines) - NARRATION_LINES + 1),
        "choices": choices,
        "gives": gives,
        "builder": builder_payload(view.take_builder(), lang, data["hand"]) if can_take else None,
        "joined": all(room.joined()),
        "seats_joined": room.joined(),
        "others": others,
        "names_of_cards": card_names(visible_cards(data), lang),
        "chosen_seed": None if seed is None else {"seed": seed, "by": HUMAN_SEAT},
        "words": words,
        "over": view.is_over,
    }


def action_label(state: State, move: Move, lang: str, names: Sequence[str]) -> str:
    """A move that is not a take as the button that plays it says it, in ``lang``: an
    action (``Pass 2♣ to Bea``, ``Force 5♦ on Bea``), not a narration (``You pass...``).
    What the move does to the offered card is read from the state it leads to (its
    :class:`~conquian.Fate`): a decline passes a card on to the next player of the round
    of offers (R11, V8, M4) or declines it, and forcing and releasing answer a declined
    card that fits the decliner's table (R14b, M6); ``names`` are the seats' names, the
    player the card goes to (the one to move next) named."""
    words = PAGE_WORDS[find_language(lang).code]
    after = state.apply(move)
    played = after.last_played
    assert played is not None
    assert played.offer is not None  # not a give of the opening exchange (M10)
    other = "" if after.to_move is None else names[after.to_move]
    card = played.offer.pretty()
    if isinstance(move, LayDown):
        cards = " ".join(laid.pretty() for laid in sorted(move.laid))
        return words["act_lay_down"].format(cards=cards, card=card)
    key = {Fate.PASSED: "act_pass", Fate.DECLINED: "act_decline", Fate.FORCED: "act_force"}
    return words[key.get(played.fate, "act_release")].format(card=card, who=other)


def builder_payload(builder: TakeBuilder, lang: str, hand: Sequence[str]) -> dict[str, Any]:
    """The take builder's answers for the page: the cards that may be clicked next, the
    chosen ones, the table, the discards (in the order of ``hand``, the hand as the
    seat's view lists it and the page shows it), going out, and the arrangements (V2)."""
    table = builder.table
    discards = {str(card) for card in builder.discards}
    return {
        "selected": sorted(str(card) for card in builder.selected),
        "addable": sorted(str(card) for card in builder.addable),
        "complete": builder.is_complete,
        "table": None if table is None else [[str(c) for c in meld.cards] for meld in table],
        "discards": [card for card in hand if card in discards],
        "can_go_out": builder.can_go_out,
        "arrangements": [
            [str(meld) for meld in arrangement] for arrangement in builder.arrangements
        ],
        "needs_arrangement": builder.needs_arrangement,
    }


# ---------------------------------------------------------------------- requests


def limits_of(connection: HTTPConnection) -> Limits:
    """The limits of the application serving a request or a WebSocket."""
    limits: Limits = connection.app.state.limits
    return limits


async def read_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, refused past :data:`MAX_BODY` bytes (before reading
    more than that, whatever Content-Length says), and with 408 when it does not arrive
    within :attr:`Limits.body_timeout` seconds. A client that goes away in the middle is
    answered (nobody reads it) without a traceback in the log."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise RequestError(413, f"the request body is limited to {MAX_BODY} bytes")
    body = bytearray()
    timeout = limits_of(request).body_timeout
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body.extend(chunk)
                if len(body) > MAX_BODY:
                    raise RequestError(413, f"the request body is limited to {MAX_BODY} bytes")
    except TimeoutError:
        raise RequestError(408, f"the request body did not arrive within {timeout:g} s") from None
    except ClientDisconnect:
        raise RequestError(400, "the client went away before the end of its request") from None
    try:
        data = read_json(body or b"{}")
    except UnicodeEncodeError:
        raise RequestError(400, "the request body holds a lone surrogate, not text") from None
    except ValueError:  # UnicodeDecodeError included
        raise RequestError(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise RequestError(400, "the request body is not a JSON object")
    return data


def room_of(request: Request) -> Room:
    room = ROOMS.get(request.path_params["game_id"])
    if room is None:
        raise RequestError(404, "no such game", "no_such_game")
    return room


def seat_of(request: Request, room: Room) -> int:
    """The seat of the request's key (``Authorization: Bearer KEY``), within the
    client's allowance of wrong keys (:func:`guarded`)."""
    scheme, _, key = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not key:
        raise RequestError(401, "a seat key is needed: Authorization: Bearer KEY")
    return guarded(request, lambda: room.seat_of(key.strip()))


def guarded(connection: HTTPConnection, check: Callable[[], int]) -> int:
    """``check()`` a seat key or an invitation for the client, counting a wrong one
    (403) against its allowance (:attr:`Limits.wrong_keys_per_minute`); once that is
    spent, refused with 429 before any key is checked."""
    allowance: Allowance = connection.app.state.wrong_keys
    client = client_of(connection)
    if not allowance.has(client):
        raise RequestError(
            429,
            "too many wrong keys or invitations from your address: wait a minute",
            "too_many_wrong_keys",
        )
    try:
        return check()
    except RequestError as error:
        if error.status == 403:
            allowance.take(client)
        raise


def language_of(value: object) -> str:
    if value is None:
        return "en"
    if not isinstance(value, str) or value not in LANGUAGES:
        raise RequestError(400, "the languages are " + ", ".join(LANGUAGES))
    return value


def text_field(data: dict[str, Any], key: str, limit: int = 200) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise RequestError(400, f"{key} must be text of at most {limit} characters")
    return value


def refusals(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
    """Answer a :class:`RequestError` as ``{"error": message}`` with its status, and
    ``"problem"`` for a refused move. A body refused before it was read whole (408, 413)
    closes the connection, so that the rest of it is not read as the next request."""

    async def wrapped(request: Request) -> Response:
        try:
            result: Response = await handler(request)
        except RequestError as error:
            answer = {"error": error.message}
            if error.problem is not None:
                answer["problem"] = error.problem
            close = {"Connection": "close"} if error.status in (408, 413) else None
            return JSONResponse(answer, status_code=error.status, headers=close)
        return result

    return wrapped


def client_of(connection: HTTPConnection) -> str:
    """Who the client is, for the per-client limits: its address as uvicorn gives it
    (behind the proxy named by ``--proxy``, the address the proxy puts in
    X-Forwarded-For), as :func:`client_key` counts it."""
    return client_key(connection.client.host if connection.client is not None else "")


def client_key(address: str) -> str:
    """The client an address counts as: an IPv4 address as itself, an IPv6 address by
    its /64 network (one host may hold a whole /64), an IPv4 address written as IPv6
    (``::ffff:192.0.2.1``) as the IPv4 one. Anything else (a Unix socket) as it is.

    >>> client_key("2001:db8::1"), client_key("2001:db8::ffff:1:2"), client_key("::ffff:10.0.0.1")
    ('2001:db8::/64', '2001:db8::/64', '10.0.0.1')
    """
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


def store_of(connection: HTTPConnection) -> Store | None:
    """The database of the application serving a request (``None``: games in memory)."""
    store: Store | None = connection.app.state.store
    return store


def save(
    connection: HTTPConnection, write: Callable[[Store], None], undo: Callable[[], None]
) -> None:
    """Commit a change to the database before it is answered; when it cannot be, the
    change is undone (``undo``) and refused with 503, so that the game is what the file
    holds."""
    store = store_of(connection)
    if store is None:
        return
    try:
        write(store)
    except sqlite3.Error as error:
        undo()
        print(f"server.py: a change could not be saved: {error}", file=sys.stderr)
        raise RequestError(503, "the server could not keep this change: try again later") from None


@refusals
async def new_game(request: Request) -> Response:
    data = await read_body(request)
    mode = data.get("mode", "bot")
    if mode not in ("bot", "humans"):
        raise RequestError(400, "mode is bot or humans")
    bot = data.get("bot", "greedy") if mode == "bot" else None
    if mode == "bot" and (not isinstance(bot, str) or bot not in BOTS):
        raise RequestError(400, "the bots are " + ", ".join(BOTS))
    rules = data.get("rules", "classic")
    if not isinstance(rules, str) or rules not in PAGE_PRESETS:
        raise RequestError(400, "the rules are " + ", ".join(PAGE_PRESETS))
    players = PRESETS[rules].players
    exchange = data.get("exchange", False)
    if not isinstance(exchange, bool):
        raise RequestError(400, "exchange is true or false (the opening exchange, M10)")
    rules = page_rules(rules, exchange=exchange)
    seed = data.get("seed")
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 20:
        seed = int(seed)  # digits as text: a browser's numbers lose digits past 2**53
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RequestError(400, "seed is a whole number (or its digits as text) or null")
    count = 1 if bot else players
    names = data.get("names", [f"Player {seat}" for seat in range(1, count + 1)])
    if bot:
        bots = "bot is" if players == 2 else "bots are"
        what = f"the person's name alone (the {bots} named in each language)"
    else:
        what = f"{('two', 'three')[players - 2]} names"
    if not isinstance(names, list) or len(names) != count:
        raise RequestError(400, f"names are {what}, of 1 to {MAX_NAME} characters")
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise RequestError(400, f"names are {what}: {problem}", "bad_name")
    if bot is not None:
        if any(
            same_name(names[0], name)
            for lang in PAGE_WORDS
            for name in (PAGE_WORDS[lang]["bot_" + bot], *bot_names(bot, lang, players))
        ):
            raise RequestError(400, "that is the bot's name: choose another", "same_name")
        names = [names[0], *[bot] * (players - 1)]  # bots are named in each reader's language
    elif any(same_name(names[i], names[j]) for j in range(count) for i in range(j)):
        which = "two" if players == 2 else "three"
        raise RequestError(400, f"the {which} seats' names must differ", "same_name")
    client = client_of(request)
    limits = limits_of(request)
    allowance: Allowance = request.app.state.new_games
    if not allowance.take(client):
        raise RequestError(
            429,
            "too many new games from your address: wait a minute",
            "too_many_new_games",
        )
    now = time.monotonic()
    playing = sum(
        1
        for other in ROOMS.values()
        if other.client == client and not other.game.is_over and not other.is_idle(now, limits)
    )
    if playing >= limits.max_games_per_client:
        raise RequestError(
            429,
            f"you have {playing} unfinished games, the most one player may have: "
            "finish one (or leave it for a while) first",
            "too_many_games",
        )
    game_id = secrets.token_urlsafe(9)
    try:
        room, key, invitations = Room.start(
            game_id,
            secrets.randbits(48) if seed is None else seed,
            tuple(name.strip() for name in names),
            bot,
            rules,
            seed_chosen=seed is not None,
            client=client,
        )
    except ConquianError as error:  # a seed out of range: the library's message
        raise RequestError(400, str(error), "bad_seed") from None
    make_room_space(request, limits, now)
    save(request, lambda store: store.add(room.saved()), lambda: None)
    ROOMS[game_id] = room
    links = [f"/#{game_id}/invite/{invitation}" for invitation in invitations]
    return JSONResponse(
        {
            "game": game_id,
            "seats": [{"seat": HUMAN_SEAT, "key": key, "link": f"/#{game_id}/0/{key}"}],
            "invitation": links[0] if links else None,
            "invitations": links,
        }
    )


def make_room_space(connection: HTTPConnection, limits: Limits, now: float) -> None:
    """Make room for one more game within :attr:`Limits.max_games`: drop the finished
    games first (their open pages are told the game is gone), then the idle ones in
    progress (:meth:`Room.is_idle`), each time the least recently touched first. A game
    in progress that someone plays or has open is never dropped: if no game can be, the
    new one is refused with 503 and nothing is dropped."""
    needed = len(ROOMS) - limits.max_games + 1
    if needed <= 0:
        return
    rooms = ROOMS.values()
    victims = heapq.nsmallest(
        needed, (room for room in rooms if room.game.is_over), key=lambda room: room.touched
    )
    if len(victims) < needed:
        victims += heapq.nsmallest(
            needed - len(victims),
            (room for room in rooms if not room.game.is_over and room.is_idle(now, limits)),
            key=lambda room: room.touched,
        )
    if len(victims) < needed:
        raise RequestError(503, "the server is full: try again later", "server_full")
    save(connection, lambda store: store.delete([room.id for room in victims]), lambda: None)
    for room in victims:
        drop_room(room)


@refusals
async def join_game(request: Request) -> Response:
    room = room_of(request)
    data = await read_body(request)
    token = text_field(data, "invite", 100)
    key = ""

    def join() -> int:
        nonlocal key
        seat, key = room.join(token)
        return seat

    seat = guarded(request, join)
    friend = room.keys[seat]
    assert friend is not None
    before = tuple(None if at == seat else old for at, old in enumerate(room.keys))
    save(
        request,
        lambda store: store.joined(room.id, seat, friend, time.time()),
        lambda: setattr(room, "keys", before),
    )
    room.changed()  # the creator's page hides the invitation
    return JSONResponse({"seat": seat, "key": key, "link": f"/#{room.id}/{seat}/{key}"})


@refusals
async def get_view(request: Request) -> Response:
    room = room_of(request)
    seat = seat_of(request, room)
    return JSONResponse(seat_payload(room, seat, language_of(request.query_params.get("lang"))))


@refusals
async def play_move(request: Request) -> Response:
    room = room_of(request)
    seat = seat_of(request, room)
    data = await read_body(request)
    lang = language_of(data.get("lang"))
    text = text_field(data, "move")
    ply = data.get("ply")
    if ply is not None and (ply.__class__ is not int or ply < 0):
        raise RequestError(400, f"ply is the number of moves played, or null, not {ply!r:.40}")
    first = room.game.ply
    room.play(seat, text, lang, ply)  # a stale ply: the library's MOVED_ON, in lang
    moves = [str(move) for move in room.game.moves[first:]]
    save(
        request,
        lambda store: store.moved(room.id, first, moves, time.time()),
        lambda: room.rewind(first),
    )
    room.changed()
    return JSONResponse(seat_payload(room, seat, lang))


@refusals
async def build_take(request: Request) -> Response:
    room = room_of(request)
    seat = seat_of(request, room)
    data = await read_body(request)
    lang = language_of(data.get("lang"))
    selected = data.get("selected", [])
    arrangement = data.get("arrangement")
    if not isinstance(selected, list) or len(selected) > 10:
        raise RequestError(400, "selected is a list of at most 10 cards")
    try:
        # Refused as the move would be: the game is over, or it is not the seat's turn.
        view = room.game.state.observation(seat)
        builder = view.take_builder()
    except IllegalMoveError as error:
        late = error.problem in (MoveProblem.GAME_OVER, MoveProblem.NOT_YOUR_TURN)
        raise refused(error, 409 if late else 400, lang) from None
    try:
        for card in selected:
            if not isinstance(card, str):
                raise RequestError(400, "selected is a list of cards")
            builder = builder.add(card)
        if arrangement is not None:
            if isinstance(arrangement, bool) or not isinstance(arrangement, int):
                raise RequestError(400, "arrangement is a number")
            builder = builder.arrange(arrangement)
    except ConquianError as error:
        raise refused(error, 400, lang) from None
    return JSONResponse(builder_payload(builder, lang, view.to_dict()["hand"]))


@refusals
async def set_name(request: Request) -> Response:
    room = room_of(request)
    seat = seat_of(request, room)
    data = await read_body(request)
    lang = language_of(data.get("lang"))  # checked first: a refused request changes nothing
    before = room.names
    room.rename(seat, text_field(data, "name", MAX_NAME))
    save(
        request,
        lambda store: store.renamed(room.id, room.names, time.time()),
        lambda: room.rename_back(before),
    )
    room.changed()
    return JSONResponse(seat_payload(room, seat, lang))


@refusals
async def get_record(request: Request) -> Response:
    room = room_of(request)
    seat_of(request, room)
    if not room.game.is_over:
        raise RequestError(409, "the record is given when the game is over")
    return Response(
        dumps(room.game, indent=2),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="conquian-{room.id}.json"'},
    )


async def seat_socket(socket: WebSocket) -> None:
    """Send the seat its view now and after every change, until the socket closes (or
    the game is dropped: 4404)."""
    await socket.accept()
    room = ROOMS.get(socket.path_params["game_id"])
    try:
        if room is None:
            raise RequestError(404, "no such game", "no_such_game")
        listener = await read_hello(socket, room, limits_of(socket))
    except RequestError as error:
        await close_socket(socket, CLOSE_CODES.get(error.status, 4403), error.message)
        return
    except WebSocketDisconnect:
        return
    room.listen(listener)
    listener.wake.set()
    reader = asyncio.ensure_future(read_languages(socket, listener))
    try:
        while not reader.done():
            waiter = asyncio.ensure_future(listener.wake.wait())
            await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            if room.gone:
                await close_socket(socket, 4404, "no such game")
                break
            if listener.wake.is_set():
                listener.wake.clear()
                await socket.send_json(seat_payload(room, listener.seat, listener.lang))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
        room.leave(listener)


async def read_hello(socket: WebSocket, room: Room, limits: Limits) -> Listener:
    """The listener of the seat whose key the socket's first message holds, sent within
    :attr:`Limits.hello_timeout` seconds, within :attr:`Limits.sockets_per_seat`."""
    try:
        async with asyncio.timeout(limits.hello_timeout):
            text = await receive_text(socket)
        hello = read_json(text)
    except TimeoutError:
        raise RequestError(408, f"no hello within {limits.hello_timeout:g} s") from None
    except ValueError:
        raise RequestError(403, "bad hello") from None
    if not isinstance(hello, dict) or not isinstance(hello.get("key"), str):
        raise RequestError(403, 'send {"key": KEY} first')
    seat = guarded(socket, lambda: room.seat_of(hello["key"]))
    lang = language_of(hello.get("lang"))
    if room.gone:  # dropped while the hello was on its way
        raise RequestError(404, "no such game", "no_such_game")
    if sum(1 for other in room.listeners if other.seat == seat) >= limits.sockets_per_seat:
        raise RequestError(
            429, f"a seat has at most {limits.sockets_per_seat} connections", "too_many_tabs"
        )
    return Listener(seat, lang)


async def close_socket(socket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await socket.close(code=code, reason=reason[:100])


async def receive_text(socket: WebSocket) -> str:
    """The next text message; a binary one is not JSON (``ValueError``)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if not isinstance(text, str):
        raise ValueError("a binary message")
    return text


async def read_languages(socket: WebSocket, listener: Listener) -> None:
    """Read the seat's later messages: ``{"lang": CODE}`` changes its language, and
    sends the view again if it is a new one; any other message is ignored."""
    try:
        while True:
            try:
                data = read_json(await receive_text(socket))
                if not isinstance(data, dict) or "lang" not in data:
                    continue
                lang = language_of(data["lang"])
            except (ValueError, RequestError):
                continue
            if lang != listener.lang:
                listener.lang = lang
                listener.wake.set()
    except (WebSocketDisconnect, RuntimeError):
        return


@refusals
async def get_words(request: Request) -> Response:
    return JSONResponse(PAGE_WORDS[language_of(request.query_params.get("lang"))])


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


def create_app(limits: Limits | None = None, store: Store | None = None) -> Starlette:
    """The ASGI application, under ``limits`` (the defaults of :class:`Limits` if not
    given), keeping its games in ``store`` (``None``: in memory only). The games of the
    store are loaded first (see :func:`load_rooms`)."""
    application = Starlette(
        routes=[
            Route("/", index),
            Route("/api/words", get_words),
            Route("/api/games", new_game, methods=["POST"]),
            Route("/api/games/{game_id}", get_view),
            Route("/api/games/{game_id}/join", join_game, methods=["POST"]),
            Route("/api/games/{game_id}/move", play_move, methods=["POST"]),
            Route("/api/games/{game_id}/build", build_take, methods=["POST"]),
            Route("/api/games/{game_id}/name", set_name, methods=["POST"]),
            Route("/api/games/{game_id}/record", get_record),
            WebSocketRoute("/api/games/{game_id}/ws", seat_socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
    limits = application.state.limits = limits or Limits()
    application.state.store = store
    application.state.new_games = Allowance(limits.games_per_minute)
    application.state.wrong_keys = Allowance(limits.wrong_keys_per_minute)
    return application


def load_rooms(store: Store) -> int:
    """Load every game of ``store`` onto the server (made again from its moves); how
    many.

    Raises:
        StoreError: one of them cannot be (then none is loaded).
    """
    rooms = {}
    for saved in store.games():
        try:
            rooms[saved.id] = Room.load(saved)
        except StoreError as error:
            raise StoreError(f"{store.path}: {error}") from None
    ROOMS.clear()
    ROOMS.update(rooms)
    return len(rooms)


app = create_app()


def positive(kind: Callable[[str], int | float]) -> Callable[[str], int | float]:
    """An argument type: a number of ``kind`` above zero."""

    def read(text: str) -> int | float:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text} is not above zero")
        return value

    read.__name__ = kind.__name__  # argparse names the type in its error
    return read


LIMIT_OPTIONS: Final[tuple[tuple[str, type[int] | type[float], str], ...]] = (
    (
        "max_games",
        int,
        "games held at once; past it finished games are dropped, then idle ones, else a "
        "new game is refused",
    ),
    ("max_games_per_client", int, "unfinished games one address may have started"),
    (
        "idle_minutes",
        float,
        "a game nobody is connected to, untouched this long, may be dropped when the "
        "server is full",
    ),
    ("games_per_minute", float, "new games one client may start a minute"),
    (
        "wrong_keys_per_minute",
        float,
        "wrong seat keys and invitations one client may send a minute",
    ),
    (
        "connections_per_client",
        int,
        "connections one client may hold open at once (not counted for --proxy)",
    ),
    ("hello_timeout", float, "seconds a WebSocket may take to send its hello"),
    ("header_timeout", float, "seconds a request may take to send its headers"),
    ("body_timeout", float, "seconds a request may take to send its body"),
)
"""The fields of :class:`Limits` that are command-line options (``--max-games``...),
with the kind of number each takes and its help."""


def main(argv: Sequence[str] | None = None) -> None:
    import uvicorn

    default = Limits()
    parser = argparse.ArgumentParser(description="Serve Conquian games on the web.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    for name, kind, text in LIMIT_OPTIONS:
        parser.add_argument(
            "--" + name.replace("_", "-"),
            type=positive(kind),
            default=getattr(default, name),
            help=f"{text} (default: %(default)s)",
        )
    parser.add_argument(
        "--database",
        default=DATABASE,
        help="the SQLite file the games are kept in, made if missing (default: %(default)s, "
        "in the working directory)",
    )
    parser.add_argument(
        "--proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="the address of a reverse proxy in front of the server (may be given more "
        "than once): its X-Forwarded-For header names the client, and its connections are "
        "not capped per client. Without it the header is ignored",
    )
    parser.add_argument(
        "--in-memory",
        action="store_true",
        help="keep the games in memory only (a restart loses them), not in --database",
    )
    args = parser.parse_args(argv)
    limits = Limits(**{name: getattr(args, name) for name, _, _ in LIMIT_OPTIONS})
    store = None
    if not args.in_memory:
        try:
            store = Store(args.database)
            loaded = load_rooms(store)
        except StoreError as error:
            parser.exit(1, f"server.py: {error}\n")
        print(f"server.py: {loaded} games loaded from {args.database}", file=sys.stderr)
    uvicorn.run(
        create_app(limits, store),
        host=args.host,
        port=args.port,
        # h11, not httptools, under the time and size limits of guard.py; h11 itself
        # refuses headers that pass MAX_HEADERS before they are whole.
        http=guarded_protocol(
            header_timeout=limits.header_timeout,
            body_timeout=limits.body_timeout,
            connections_per_client=limits.connections_per_client,
            client_key=client_key,
            proxies=args.proxy,
        ),
        h11_max_incomplete_event_size=MAX_HEADERS,
        # X-Forwarded-For is read only from the proxies named (uvicorn would trust it
        # from 127.0.0.1 by default).
        proxy_headers=bool(args.proxy),
        forwarded_allow_ips=args.proxy or None,
        ws_max_size=MAX_BODY,
        limit_concurrency=MAX_CONNECTIONS,
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
        # Keep idle connections longer than uvicorn's 5 s, so that a client reusing one
        # between two moves does not race the server closing it.
        timeout_keep_alive=75,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
