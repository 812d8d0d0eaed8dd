"""The match record format: :class:`MatchRecord`, a match as data, and its JSON.

A match record holds the rules, the seed, the first dealer, the planned games, every
game as a :class:`~conquian.game.GameRecord`, and the result. This module reads and
writes the format (the fields, their types, the JSON shape, each game as
:func:`~conquian.notation.record_to_dict` writes it); replaying a record and checking
that its games are the match's is :meth:`conquian.match.Match.from_record`, which
:func:`conquian.match.match_loads` calls.

>>> from conquian.match_record import MATCH_FORMAT, MAX_GAMES
>>> MATCH_FORMAT, MAX_GAMES
('conquian-match', 1000)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any, Final

import attrs

from conquian._readonly import frozen_json
from conquian._rng import game_seed
from conquian._version import __version__
from conquian.dealing import check_seed
from conquian.errors import (
    ConquianError,
    InvalidRecordError,
    bounded_items,
    describe,
    player_range,
    renamed_keyword,
    warn_renamed,
)
from conquian.game import Game, GameRecord, check_library
from conquian.notation import (
    MAX_RECORD_BYTES,
    check_envelope,
    read_json,
    record_to_dict,
    replayed_record,
)
from conquian.rules import Rules
from conquian.scoring import MatchOutcome
from conquian.state import State, without_history

__all__ = [
    "MATCH_FORMAT",
    "MATCH_SCHEMA",
    "MATCH_VERSION",
    "MAX_GAMES",
    "MAX_MATCH_BYTES",
    "MatchRecord",
    "deal_rule",
    "game_dealer",
    "match_record_to_dict",
    "read_match_json",
    "read_match_record",
]

MAX_GAMES: Final = 1000
"""The most games a match may have, and a match record hold."""
MATCH_FORMAT: Final = "conquian-match"
"""The ``format`` field of every match record."""
MATCH_VERSION: Final = 1
"""The match record format version this library writes and reads."""
MAX_MATCH_BYTES: Final = 8 * MAX_RECORD_BYTES
"""The largest match record read, in characters (a game takes about 1 KiB)."""
MATCH_SCHEMA: Final[Mapping[str, Any]] = frozen_json(
    json.loads(
        resources.files("conquian").joinpath("match.schema.json").read_text(encoding="utf-8")
    )
)
"""The JSON Schema (draft 2020-12) of a match record, for readers in other languages
(read-only, as :data:`~conquian.notation.RECORD_SCHEMA` is; ``json.dumps`` writes it as
the schema file ``match.schema.json`` shipped in the package). Each game is a game
record: the schema refers to :data:`~conquian.notation.RECORD_SCHEMA` by its ``$id``,
so a validator is given both (with the Python ``jsonschema`` package, a
``referencing.Registry`` that holds the record schema).

>>> from conquian.match_record import MATCH_SCHEMA
>>> MATCH_SCHEMA["properties"]["games"]["items"]
{'$ref': 'record-1.json'}

:meta hide-value:
"""
# 2**1000 has 302 digits: no score of a match of MAX_GAMES games can be longer.
_MAX_INT_DIGITS: Final = 310


def game_dealer(first_dealer: int, index: int, players: int = 2) -> int:
    """The dealer of game ``index`` (counted from 0) of a match of ``players`` players
    whose first game ``first_dealer`` dealt: the deal passes to the next player (M2), so
    with two players it alternates (R9).

    >>> from conquian.match_record import game_dealer
    >>> [game_dealer(1, index) for index in range(4)]
    [1, 0, 1, 0]
    >>> [game_dealer(1, index, players=3) for index in range(4)]
    [1, 2, 0, 1]
    """
    return (first_dealer + index) % players


def deal_rule(players: int) -> str:
    """How the deal goes round a match of ``players`` players, as the messages say it.

    >>> from conquian.match_record import deal_rule
    >>> deal_rule(3)
    'the deal passes to the next player (M2)'
    """
    if players == 2:
        return "the deal alternates (R9)"
    return "the deal passes to the next player (M2)"


def _game_tuple(games: Iterable[GameRecord]) -> tuple[GameRecord, ...]:
    # MAX_GAMES + 1 at most: more are refused by the record's own check, unread
    return bounded_items(games, "games", "a sequence of GameRecord values", MAX_GAMES)


@attrs.frozen(init=False)
class MatchRecord:
    """A match as data: everything needed to replay it, every game as a
    :class:`~conquian.game.GameRecord`.

    It holds the rules, the seed, the first dealer, the planned games, every game dealt
    so far (all finished but the last, which is finished only when the match is over),
    and the outcome (``None`` while the match runs; the JSON keeps it in its field
    ``result``, and ``result=`` and :attr:`result` are deprecated aliases of
    ``outcome``). Equal records hold equal data.
    Building one checks each field's type; the games are checked when the record is
    replayed by :meth:`~conquian.match.Match.from_record` (which
    :func:`~conquian.match.match_loads` does).

    Raises:
        InvalidRecordError: A field is of the wrong kind.
        TypeError: ``games`` is not iterable.
    """

    rules: Rules
    seed: int
    first_dealer: int
    games_planned: int | None
    games: tuple[GameRecord, ...] = attrs.field(converter=_game_tuple)
    outcome: MatchOutcome | None = None
    library: str = __version__

    def __init__(
        self,
        rules: Rules,
        seed: int,
        first_dealer: int,
        games_planned: int | None,
        games: Iterable[GameRecord],
        outcome: MatchOutcome | None = None,
        library: str = __version__,
        **renamed: Any,
    ) -> None:
        # "result" is the field's name before issue 30.
        outcome = renamed_keyword("MatchRecord", renamed, "result", "outcome", outcome)
        self.__attrs_init__(rules, seed, first_dealer, games_planned, games, outcome, library)

    @property
    def result(self) -> MatchOutcome | None:
        """Deprecated alias of ``outcome``."""
        warn_renamed("MatchRecord.result", "MatchRecord.outcome")
        return self.outcome

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidRecordError(f"field 'rules': a Rules value, not {describe(self.rules)}")
        try:
            check_seed(self.seed, "a match seed")
        except ConquianError as error:
            raise InvalidRecordError(f"field 'seed': {error}") from None
        players = self.rules.players
        if self.first_dealer.__class__ is not int or not 0 <= self.first_dealer < players:
            raise InvalidRecordError(
                f"field 'first_dealer': {player_range(players)}, not {describe(self.first_dealer)}"
            )
        planned = self.games_planned
        if planned is not None and (isinstance(planned, bool) or not isinstance(planned, int)):
            raise InvalidRecordError(
                f"field 'games_planned': a whole number or none, not {describe(planned)}"
            )
        if len(self.games) > MAX_GAMES:
            raise InvalidRecordError(f"field 'games': at most {MAX_GAMES} games, not more")
        for number, game in enumerate(self.games, 1):
            if not isinstance(game, GameRecord):
                raise InvalidRecordError(f"game {number}: {describe(game)} is not a GameRecord")
        if self.outcome is not None and not isinstance(self.outcome, MatchOutcome):
            raise InvalidRecordError(
                f"field 'outcome': a MatchOutcome or none, not {describe(self.outcome)}"
            )
        check_library(self.library)


# ---------------------------------------------------------------------- JSON

_FIELDS: Final = (
    "format",
    "version",
    "library",
    "rules",
    "seed",
    "first_dealer",
    "games_planned",
    "games",
)
_OPTIONAL: Final = ("result",)


def match_record_to_dict(record: MatchRecord) -> dict[str, Any]:
    """The match record as JSON-ready data; each game as
    :func:`~conquian.notation.record_to_dict` gives it.

    Raises:
        TypeError: ``record`` is not a MatchRecord (or a Match, which
            :func:`conquian.match.match_to_dict` takes).
    """
    if not isinstance(record, MatchRecord):
        raise TypeError(f"record must be a MatchRecord or a Match, not {describe(record)}")
    result: dict[str, Any] | None = None
    if record.outcome is not None:
        result = {"scores": list(record.outcome.scores), "winner": record.outcome.winner}
    return {
        "format": MATCH_FORMAT,
        "version": MATCH_VERSION,
        "library": record.library,
        "rules": record.rules.to_dict(),
        "seed": record.seed,
        "first_dealer": record.first_dealer,
        "games_planned": record.games_planned,
        "games": [record_to_dict(game) for game in record.games],
        "result": result,
    }


def read_match_json(text: str | bytes) -> object:
    """JSON text read as a match record's data, within the format's limits (its size and
    the digits of its numbers); see :func:`conquian.notation.read_json`.

    Raises:
        InvalidRecordError: The text is not JSON or is too large.
    """
    return read_json(
        text, max_chars=MAX_MATCH_BYTES, max_digits=_MAX_INT_DIGITS, what="a match record"
    )


def read_match_record(data: object) -> MatchRecord:
    """The match record that JSON-shaped data (as :func:`json.loads` returns) holds, every
    field and game read and type-checked, and each game replayed on its own (as
    :func:`~conquian.notation.record_from_dict` does), but not checked as the match's:
    that is :meth:`conquian.match.Match.from_record`, which
    :func:`conquian.match.match_from_dict` calls.

    Raises:
        InvalidRecordError: The data is not a match record of a format and version this
            library reads, has a missing or ill-typed field, a game that is not the one
            the seed deals, or a game that does not replay; the message names the field
            and the game (counted from 1).
    """
    return read_match_games(data)[0]


def read_match_games(data: object) -> tuple[MatchRecord, tuple[State, ...], Game | None]:
    """:func:`read_match_record`, and what its games were replayed to, so that
    :func:`conquian.match.match_from_dict` replays each game once: the last position of
    each game (without its history: a long match keeps one position a game, not every
    state of every game), and the last game whole (``None`` if there is none)."""
    data = check_envelope(
        data,
        format_name=MATCH_FORMAT,
        version=MATCH_VERSION,
        fields=_FIELDS,
        optional=_OPTIONAL,
        what="match records",
    )
    library = data["library"]
    if not isinstance(library, str):
        raise InvalidRecordError(
            f"field 'library': the writer's version as text, not {describe(library)}"
        )
    if not isinstance(data["rules"], dict):
        raise InvalidRecordError(
            f"field 'rules': an object of rule values, not {describe(data['rules'])}"
        )
    try:
        rules = Rules.from_dict(data["rules"])
    except ConquianError as error:
        raise InvalidRecordError(f"field 'rules': {error}") from None
    seed, first_dealer, planned = data["seed"], data["first_dealer"], data["games_planned"]
    if not _kind(seed, int) or not 0 <= seed < 1 << 64:
        raise InvalidRecordError(
            f"field 'seed': a whole number from 0 to 2**64 - 1, not {describe(seed)}"
        )
    players = rules.players
    if not _kind(first_dealer, int) or not 0 <= first_dealer < players:
        raise InvalidRecordError(
            f"field 'first_dealer': {player_range(players)}, not {describe(first_dealer)}"
        )
    if planned is not None and not _kind(planned, int):
        raise InvalidRecordError(
            f"field 'games_planned': a whole number or null, not {describe(planned)}"
        )
    games_data = data["games"]
    if not isinstance(games_data, list):
        raise InvalidRecordError(
            f"field 'games': a list of game records, not {describe(games_data)}"
        )
    if len(games_data) > MAX_GAMES:
        raise InvalidRecordError(
            f"field 'games': at most {MAX_GAMES} games, not {len(games_data)}"
        )
    for number, game_data in enumerate(games_data, 1):
        _check_deal(number, game_data, seed, first_dealer, players)
    records, finals = [], []
    game: Game | None = None
    for number, game_data in enumerate(games_data, 1):
        try:
            record, game = replayed_record(game_data)
        except InvalidRecordError as error:
            raise InvalidRecordError(f"game {number}, {error}") from None
        records.append(record)
        finals.append(without_history(game.state))
    match_record = MatchRecord(
        rules=rules,
        seed=seed,
        first_dealer=first_dealer,
        games_planned=planned,
        games=tuple(records),
        outcome=_result(data.get("result"), players),
        library=library,
    )
    return match_record, tuple(finals), game


def _kind(value: object, kind: type) -> bool:
    return isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool)


def _check_deal(number: int, data: object, seed: int, first_dealer: int, players: int) -> None:
    """The cheap check of game ``number``'s seed and dealer, made for every game before
    any game's moves are read: a record of many games that were not dealt by this match
    is refused at once, not after replaying them."""
    if not isinstance(data, dict):
        return  # record_from_dict says what is wrong with it
    expected = game_seed(seed, number - 1)
    if "seed" in data and data["seed"] != expected:
        raise InvalidRecordError(
            f"game {number}, field 'seed': game {number} of match seed {seed} is dealt from "
            f"seed {expected}, not {describe(data['seed'])}"
        )
    dealer = game_dealer(first_dealer, number - 1, players)
    if "dealer" in data and data["dealer"] != dealer:
        raise InvalidRecordError(
            f"game {number}, field 'dealer': game {number} is dealt by player {dealer}, "
            f"as {deal_rule(players)}"
        )


def _result(value: object, players: int) -> MatchOutcome | None:
    if value is None:
        return None
    count = "two" if players == 2 else "three"
    shape = f"field 'result': null or an object with scores ({count} whole numbers) and winner"
    if not isinstance(value, dict) or set(value) != {"scores", "winner"}:
        raise InvalidRecordError(shape)
    scores, winner = value["scores"], value["winner"]
    if (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(_kind(score, int) for score in scores)
        or not (winner is None or (_kind(winner, int) and 0 <= winner < players))
    ):
        seats = ", ".join(map(str, range(players)))
        raise InvalidRecordError(f"{shape} ({seats} or null)")
    try:
        return MatchOutcome(tuple(scores), winner)
    except ConquianError as error:
        raise InvalidRecordError(f"field 'result': {error}") from None


def match_record_to_json(record: MatchRecord) -> dict[str, Any]:
    """Deprecated alias of :func:`match_record_to_dict`."""
    warn_renamed("match_record_to_json", "match_record_to_dict")
    return match_record_to_dict(record)
