"""A reference game server for Conquian: an authoritative referee behind a small web page.

The server keeps every game in memory as a :class:`conquian.Game` and is the only one
that ever sees a whole position. Each player holds a secret seat key; with it he may read
his own seat's view and act for his seat, and for nothing else. What the server sends a
seat is built from that seat's :class:`conquian.Observation` alone (its JSON view, the
narration of the public history in the seat's language, the card names it may see and
the take builder's answers), so no response can hold the opponent's hand or the stock
order. Every move is checked by the library; an illegal one is refused with the
library's reason, in the seat's language, and changes nothing. The other side's moves
reach a waiting browser through a WebSocket.

Play against one of the library's bots, or two people in two browsers, each with his
seat link. A finished game can be downloaded as the library's JSON game record.

Run: ``python examples/web/server.py`` (then open http://127.0.0.1:8000/), after
``pip install -r examples/web/requirements.txt`` in an environment with conquian.

The HTTP API (every body is JSON, at most :data:`MAX_BODY` bytes; a seat key goes in an
``Authorization: Bearer KEY`` header):

* ``POST /api/games`` ``{"mode": "bot" | "humans", "bot": "greedy", "names": [..],
  "seed": null, "rules": "classic"}``: a new game under a preset of the rules
  (``classic``, ``foster`` or ``bicycle``, :data:`conquian.PRESETS`); answers its id and
  the seat links. ``names`` are the two seats' names, or in a game against a bot the
  person's name alone: the bot is called by its name in each reader's language
  ("Greedy", "Codicioso"). The seed may be given as its digits in text, as a browser's
  numbers lose digits past 2**53.
* ``GET /api/words?lang=en``: the page's own words in that language (``words.py``).
* ``GET /api/games/ID?lang=en``: the seat's view (see :func:`seat_payload`).
* ``POST /api/games/ID/move`` ``{"move": "take +3d5d -Kh", "ply": 4, "lang": "en"}``:
  play a move for the seat; ``ply`` (optional) refuses a move sent for an older position,
  so a repeated request is never played twice. Answers the seat's new view; an illegal
  move is refused with ``{"error": ..., "problem": ...}``, the reason in ``lang`` and
  its :class:`~conquian.errors.MoveProblem` value.
* ``POST /api/games/ID/build`` ``{"selected": ["3d", "5d"], "arrangement": null}``: the
  take builder after these clicks (see :func:`builder_payload`), on the seat's turn.
* ``POST /api/games/ID/name`` ``{"name": "Bea", "lang": "en"}``: a person's new name
  for his seat, in a game between two people (a friend names himself); answers the
  seat's view.
* ``GET /api/games/ID/record``: the finished game's JSON record (refused until it ends).
* ``WS /api/games/ID/ws``: first message ``{"key": KEY, "lang": "en"}``; the server then
  sends the seat's view after every change (``{"lang": ..}`` changes the language; other
  messages are ignored).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
import time
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from words import PAGE_WORDS

from conquian import (
    PRESETS,
    Card,
    ConquianError,
    Game,
    IllegalMoveError,
    MoveProblem,
    Observation,
    Take,
)
from conquian.agents import Agent, GreedyAgent, RandomAgent
from conquian.builder import TakeBuilder
from conquian.heuristic import HeuristicAgent
from conquian.languages import LANGUAGES, find_language
from conquian.narration import (
    describe_origin,
    explain_forcing,
    explain_refusal,
    narrate,
    narrate_start,
)
from conquian.notation import dumps

STATIC: Final = Path(__file__).resolve().parent / "static"
MAX_BODY: Final = 4096
"""The largest request body (or WebSocket message) accepted, in bytes."""
MAX_GAMES: Final = 5000
"""Games kept at once; the oldest finished games are dropped first."""
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
"""The seat of the person in a game against a bot."""


class RequestError(Exception):
    """A refused request: the HTTP status, the message shown to the player and, for a
    refused move, the library's :class:`~conquian.errors.MoveProblem` value."""

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


class Room:
    """One game on the server: the game, the seat keys, the bot, and who is listening."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        names: tuple[str, str],
        bot: str | None,
        rules: str = "classic",
    ) -> None:
        """``names`` are the seats' names; against a bot, the bot's seat is named by
        :meth:`names_in` in each reader's language and its entry here is not shown."""
        game = Game.new(seed=seed, rules=PRESETS[rules])
        self.id = game_id
        self.game = game
        self.names = names
        self.bot_name = bot
        self.bot: Agent | None = None if bot is None else BOTS[bot](seed)
        self.keys: tuple[str | None, str | None] = (
            secrets.token_urlsafe(18),
            None if bot is not None else secrets.token_urlsafe(18),
        )
        self.listeners: list[Listener] = []
        self.payloads: dict[tuple[int, int, str], dict[str, Any]] = {}
        self.states = [game.state]
        self.narrations: dict[tuple[str, int], list[str]] = {}
        self.touched = time.monotonic()

    def seat_of(self, key: str) -> int:
        """The seat whose key is ``key``, compared in constant time."""
        found = None
        for seat, seat_key in enumerate(self.keys):
            if seat_key is not None and secrets.compare_digest(seat_key.encode(), key.encode()):
                found = seat
        if found is None:
            raise RequestError(403, "this key is not a seat of this game")
        return found

    def play(self, seat: int, text: str, lang: str = "en") -> None:
        """Play ``text`` for ``seat``, checked by the library, then the bot's replies; a
        refusal is said in ``lang``."""
        game = self.game
        try:
            game.play(text, player=seat)
        except ConquianError as error:
            raise refused(error, 409 if game.to_move != seat else 400, lang) from None
        self.states.append(game.state)
        self.play_bot()

    def play_bot(self) -> None:
        """Let the bot move while it is its turn."""
        bot, game = self.bot, self.game
        while bot is not None and not game.is_over and game.to_move != HUMAN_SEAT:
            state = game.state
            player = state.to_move
            assert player is not None
            game.play(bot.choose(state.observation(player), state.legal_moves()), player=player)
            self.states.append(game.state)

    def narration(self, lang: str, viewer: int) -> list[str]:
        """The game told to ``viewer`` in ``lang``: the first card turned up, then one
        line a move with what followed it (a dead card, the next card turned up). Each
        line is made once, when its move is new (:func:`conquian.narration.narrate`)."""
        lines = self.narrations.get((lang, viewer))
        if lines is None:
            names = self.names_in(lang)
            first = narrate_start(self.states[0], lang=lang, names=names, viewer=viewer)
            lines = self.narrations[lang, viewer] = [first]
        states, moves, names = self.states, self.game.moves, self.names_in(lang)
        for ply in range(len(lines) - 1, len(moves)):
            lines.append(narrate(states[ply], moves[ply], lang=lang, names=names, viewer=viewer))
        return [line for line in lines if line]

    def names_in(self, lang: str) -> tuple[str, str]:
        """The seats' names as a reader of ``lang`` sees them: a bot is called by its
        name in that language."""
        if self.bot_name is None:
            return self.names
        bot = PAGE_WORDS[find_language(lang).code]["bot_" + self.bot_name]
        return (self.names[HUMAN_SEAT], bot)  # the person sits in seat 0

    def rename(self, seat: int, name: str) -> None:
        """Give ``seat`` the name ``name`` (a person's seat in a game between two people);
        every narration is told again with it."""
        if self.bot is not None:
            raise RequestError(409, "the names of a game against a bot are set when it starts")
        if not is_name(name):
            raise RequestError(400, f"a name has 1 to {MAX_NAME} characters")
        names = list(self.names)
        names[seat] = name.strip()
        self.names = (names[0], names[1])
        self.narrations.clear()
        self.changed()

    def changed(self) -> None:
        """Wake every listener: each sends its seat's new view."""
        self.touched = time.monotonic()
        self.payloads.clear()
        for listener in self.listeners:
            listener.wake.set()


class Listener:
    """One open WebSocket of a seat: it sends the seat's latest view when woken."""

    def __init__(self, seat: int, lang: str) -> None:
        self.seat = seat
        self.lang = lang
        self.wake = asyncio.Event()


ROOMS: dict[str, Room] = {}


# ---------------------------------------------------------------------- what a seat sees


def is_name(value: object) -> bool:
    """Whether ``value`` is a player's name: text of 1 to :data:`MAX_NAME` characters
    once its ends are stripped, with no control characters and something to see (not
    only spaces or invisible format characters such as a zero-width space)."""
    if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
        return False
    kinds = [unicodedata.category(character) for character in value]
    return "Cc" not in kinds and any(kind not in ("Cf", "Zs") for kind in kinds)


def read_json(text: str | bytes | bytearray) -> Any:
    """JSON text as a value; :class:`ValueError` if it is not JSON, including JSON nested
    too deep for the parser (a few kilobytes of ``[`` are enough)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deep") from None


def card_name(text: str, lang: str) -> str:
    """The full name in ``lang`` of the card written ``text`` (40 cards, 4 languages)."""
    return Card.parse(text).name(lang)


def card_names(cards: Sequence[str], lang: str) -> dict[str, str]:
    """The full names of the given cards (notation) in ``lang``."""
    return {text: card_name(text, lang) for text in cards}


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
    return PAGE_WORDS[language.code]["waiting"].format(who=names[1 - seat])


def seat_payload(room: Room, seat: int, lang: str) -> dict[str, Any]:
    """Everything the page of ``seat`` shows, built from the seat's observation only.

    ``view`` is the library's JSON view (:meth:`Observation.to_dict`); ``choices`` are
    the legal moves that are not takes, as buttons labelled in ``lang``; a take is built
    with ``builder`` (the empty take builder, see :func:`builder_payload`).

    The payload of the current position is kept for each seat and language, as the
    mover's answer and his WebSocket send the same one."""
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
        {
            "move": str(move),
            "label": narrate(state, move, lang=lang, names=names, viewer=seat, aftermath=False),
        }
        for move in moves
        if not isinstance(move, Take)
    ]
    can_take = any(isinstance(move, Take) for move in moves)
    words = {
        "hand": language.phrase("hand"),
        "table_you": language.phrase("table.you"),
        "table_other": language.phrase("table", who=names[1 - seat]),
        "stock": language.phrase("stock", count=view.stock_size),
        "dead": language.phrase("dead", cards=len(view.dead)),
        "chosen": language.phrase("chosen", cards=""),
        "discard": language.phrase("builder_discards", cards=""),
        "go_out": language.phrase("option_out"),
        "arrange": language.phrase("builder_arrangements"),
        "status": status_text(room, view, lang),
        "rules": f"{page['rules']}: {page['rules_' + view.rules.to_notation()]}",
        "hand_size": page["hand_size"].format(count=view.hand_sizes[1 - seat]),
        "take_hint": page["take_hint"].format(card=view.offer.pretty())
        if can_take and view.offer is not None
        else "",
    }
    return {
        "game": room.id,
        "seat": seat,
        "mode": "bot" if room.bot is not None else "humans",
        "bot": room.bot_name,
        "names": list(names),
        "lang": lang,
        "languages": {code: language.name for code, language in LANGUAGES.items()},
        "view": data,
        "origin": describe_origin(view, lang=lang, names=names, viewer=seat),
        "narration": lines[-NARRATION_LINES:],
        "narration_start": max(1, len(lines) - NARRATION_LINES + 1),
        "choices": choices,
        "builder": builder_payload(view.take_builder(), lang) if can_take else None,
        "names_of_cards": card_names(visible_cards(data), lang),
        "words": words,
        "over": view.is_over,
    }


def builder_payload(builder: TakeBuilder, lang: str) -> dict[str, Any]:
    """The take builder's answers for the page: the cards that may be clicked next, the
    chosen ones, the table, the discards, going out, and the arrangements (V2)."""
    table = builder.table
    return {
        "selected": sorted(str(card) for card in builder.selected),
        "addable": sorted(str(card) for card in builder.addable),
        "complete": builder.is_complete,
        "table": None if table is None else [[str(c) for c in meld.cards] for meld in table],
        "discards": sorted(str(card) for card in builder.discards),
        "can_go_out": builder.can_go_out,
        "arrangements": [
            [str(meld) for meld in arrangement] for arrangement in builder.arrangements
        ],
        "needs_arrangement": builder.needs_arrangement,
    }


# ---------------------------------------------------------------------- requests


async def read_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, refused past :data:`MAX_BODY` bytes (before reading
    more than that, whatever Content-Length says)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise RequestError(413, f"the request body is limited to {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY:
            raise RequestError(413, f"the request body is limited to {MAX_BODY} bytes")
    try:
        data = read_json(body or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise RequestError(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise RequestError(400, "the request body is not a JSON object")
    return data


def room_of(request: Request) -> Room:
    room = ROOMS.get(request.path_params["game_id"])
    if room is None:
        raise RequestError(404, "no such game")
    return room


def seat_of(request: Request, room: Room) -> int:
    """The seat of the request's key (``Authorization: Bearer KEY``)."""
    scheme, _, key = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not key:
        raise RequestError(401, "a seat key is needed: Authorization: Bearer KEY")
    return room.seat_of(key.strip())


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
    ``"problem"`` for a refused move."""

    async def wrapped(request: Request) -> Response:
        try:
            result: Response = await handler(request)
        except RequestError as error:
            answer = {"error": error.message}
            if error.problem is not None:
                answer["problem"] = error.problem
            return JSONResponse(answer, status_code=error.status)
        return result

    return wrapped


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
    if not isinstance(rules, str) or rules not in PRESETS:
        raise RequestError(400, "the rules are " + ", ".join(PRESETS))
    seed = data.get("seed")
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 20:
        seed = int(seed)  # digits as text: a browser's numbers lose digits past 2**53
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RequestError(400, "seed is a whole number (or its digits as text) or null")
    names = data.get("names", ["Player 1"] if bot else ["Player 1", "Player 2"])
    count = 1 if bot else 2
    if not isinstance(names, list) or len(names) != count or not all(map(is_name, names)):
        what = (
            "the person's name alone (the bot is named in each language)" if bot else "two names"
        )
        raise RequestError(400, f"names are {what}, of 1 to {MAX_NAME} characters")
    if bot is not None:
        names = [names[0], bot]  # the bot's seat is named in each reader's language
    make_room_space()
    game_id = secrets.token_urlsafe(9)
    seed = secrets.randbits(48) if seed is None else seed
    try:
        room = Room(game_id, seed, (names[0].strip(), names[1].strip()), bot, rules)
    except ConquianError as error:  # a seed out of range: the library's message
        raise RequestError(400, str(error)) from None
    room.play_bot()
    ROOMS[game_id] = room
    links = [
        {"seat": seat, "key": key, "link": f"/#{game_id}/{seat}/{key}"}
        for seat, key in enumerate(room.keys)
        if key is not None
    ]
    return JSONResponse({"game": game_id, "seats": links})


def make_room_space() -> None:
    """Drop the oldest finished games (or, failing that, the oldest ones) past the limit."""
    if len(ROOMS) < MAX_GAMES:
        return
    oldest = sorted(ROOMS.values(), key=lambda room: (not room.game.is_over, room.touched))
    for room in oldest[: len(ROOMS) - MAX_GAMES + 1]:
        del ROOMS[room.id]


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
    if ply is not None and ply != room.game.ply:
        raise RequestError(409, f"the game has moved on: it is at move {room.game.ply}")
    room.play(seat, text, lang)
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
    if room.game.to_move != seat:
        error = IllegalMoveError(
            "a take is built on one's own turn", problem=MoveProblem.NOT_YOUR_TURN
        )
        raise refused(error, 409, lang)
    try:
        builder = room.game.state.observation(seat).take_builder()
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
    return JSONResponse(builder_payload(builder, lang))


@refusals
async def set_name(request: Request) -> Response:
    room = room_of(request)
    seat = seat_of(request, room)
    data = await read_body(request)
    lang = language_of(data.get("lang"))  # checked first: a refused request changes nothing
    room.rename(seat, text_field(data, "name", MAX_NAME))
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
    """Send the seat its view now and after every change, until the socket closes."""
    await socket.accept()
    room = ROOMS.get(socket.path_params["game_id"])
    try:
        hello = read_json(await receive_text(socket))
        if room is None or not isinstance(hello, dict) or not isinstance(hello.get("key"), str):
            raise RequestError(403, 'send {"key": KEY} first')
        listener = Listener(room.seat_of(hello["key"]), language_of(hello.get("lang")))
    except (RequestError, ValueError, WebSocketDisconnect) as error:
        message = error.message if isinstance(error, RequestError) else "bad hello"
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await socket.close(code=4403, reason=message[:100])
        return
    room.listeners.append(listener)
    listener.wake.set()
    reader = asyncio.ensure_future(read_languages(socket, listener))
    try:
        while not reader.done():
            waiter = asyncio.ensure_future(listener.wake.wait())
            await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            if listener.wake.is_set():
                listener.wake.clear()
                await socket.send_json(seat_payload(room, listener.seat, listener.lang))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
        room.listeners.remove(listener)


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
    """Read the seat's later messages: ``{"lang": CODE}`` changes its language; any other
    message is ignored."""
    try:
        while True:
            try:
                data = read_json(await receive_text(socket))
                if not isinstance(data, dict) or "lang" not in data:
                    continue
                listener.lang = language_of(data["lang"])
            except (ValueError, RequestError):
                continue
            listener.wake.set()
    except (WebSocketDisconnect, RuntimeError):
        return


@refusals
async def get_words(request: Request) -> Response:
    return JSONResponse(PAGE_WORDS[language_of(request.query_params.get("lang"))])


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


def create_app() -> Starlette:
    """The ASGI application."""
    return Starlette(
        routes=[
            Route("/", index),
            Route("/api/words", get_words),
            Route("/api/games", new_game, methods=["POST"]),
            Route("/api/games/{game_id}", get_view),
            Route("/api/games/{game_id}/move", play_move, methods=["POST"]),
            Route("/api/games/{game_id}/build", build_take, methods=["POST"]),
            Route("/api/games/{game_id}/name", set_name, methods=["POST"]),
            Route("/api/games/{game_id}/record", get_record),
            WebSocketRoute("/api/games/{game_id}/ws", seat_socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )


app = create_app()


def main(argv: Sequence[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description="Serve Conquian games on the web.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=MAX_BODY,
        # Keep idle connections longer than uvicorn's 5 s, so that a client reusing one
        # between two moves does not race the server closing it.
        timeout_keep_alive=75,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
