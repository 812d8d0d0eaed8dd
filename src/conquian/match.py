"""Match play: a series of games with a running score.

A :class:`Match` deals one game after another from a single seed, passing the deal to
the next player (alternating with two, R9; round the table with three, M2), and settles
each finished game into a running score with :func:`~conquian.scoring.settle`: stakes
paid from each loser to the winner (R18, M11), with a drawn game settled as the rules'
``draw_settlement`` says (V5), or points for the cards left in every loser's hand (V6,
M11). Like :class:`~conquian.game.Game`, it is a thin mutable
facade: what it keeps (game records, :class:`GameResult` and
:class:`~conquian.scoring.Standing` values) is frozen.

>>> from conquian.match import Match
>>> match = Match.new(seed=5, games=3)
>>> match.play("decline")
Decline()
>>> match.scores, match.game.ply, match.is_over
((0, 0), 1, False)

A match is saved as a :class:`~conquian.match_record.MatchRecord`; :func:`match_dumps`
and :func:`match_loads` write and read its JSON, and reading replays and checks every
game. The scoring lives in :mod:`conquian.scoring` and the record format in
:mod:`conquian.match_record`; every public name of both can be imported from here too.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Sequence
from typing import IO, Any

import attrs

from conquian._rng import game_seed
from conquian._slots import copied_state, set_locked_state
from conquian._version import __version__
from conquian.dealing import check_seed
from conquian.errors import (
    ConquianError,
    InvalidRecordError,
    describe,
    player_range,
    warn_renamed,
)
from conquian.game import Game, GameRecord, check_ply, check_types
from conquian.match_record import (
    MATCH_FORMAT,
    MATCH_SCHEMA,
    MATCH_VERSION,
    MAX_GAMES,
    MAX_MATCH_BYTES,
    MatchRecord,
    deal_rule,
    game_dealer,
    match_record_to_dict,
    read_match_games,
    read_match_json,
    read_match_record,  # noqa: F401  # unused here, and importable from here as before
)
from conquian.moves import LegalMoves, Move
from conquian.notation import checked_indent, read_file
from conquian.phases import Outcome
from conquian.rules import CLASSIC, Rules, Scoring
from conquian.scoring import (
    BASE_STAKE,
    CARD_POINTS,
    MatchOutcome,
    Standing,
    hand_points,
    settle,
)
from conquian.state import State

__all__ = [
    "BASE_STAKE",
    "CARD_POINTS",
    "MATCH_FORMAT",
    "MATCH_SCHEMA",
    "MATCH_VERSION",
    "MAX_GAMES",
    "MAX_MATCH_BYTES",
    "GameResult",
    "Match",
    "MatchOutcome",
    "MatchRecord",
    "Standing",
    "hand_points",
    "match_dump",
    "match_dumps",
    "match_from_dict",
    "match_load",
    "match_loads",
    "match_to_dict",
    "settle",
]


@attrs.frozen
class GameResult:
    """One finished game of a match and what it settled. Equal results hold equal data.

    Attributes:
        index: The game's place in the match, counted from 0 (messages count from 1).
        record: The game's record (its deal, moves and outcome).
        stake: The stake the game was played for, or ``None`` with points scoring.
        change: What the game added to each player's score (negative for a payment),
            player 0 first.
        standing: The standing after the game.
    """

    index: int
    record: GameRecord = attrs.field(repr=False)
    stake: int | None
    change: tuple[int, ...]
    standing: Standing

    @property
    def dealer(self) -> int:
        """The player who dealt the game (R9)."""
        return self.record.dealer

    @property
    def outcome(self) -> Outcome:
        """How the game ended."""
        assert self.record.outcome is not None
        return self.record.outcome

    @property
    def plies(self) -> int:
        """The number of moves the game lasted."""
        return len(self.record.moves)

    @property
    def scores(self) -> tuple[int, ...]:
        """The running scores after the game."""
        return self.standing.scores


def _own_record(record: GameRecord) -> GameRecord:
    """The record a match keeps of a finished game read from ``record``: ``record`` itself
    when this library wrote it (the same data, and no second check of its deck and seed:
    it was checked when it was built), else the record of its game replayed here."""
    if record.__class__ is GameRecord and record.library == __version__:
        return record
    return Game.from_record(record).record()


def _check_games(games: object, rules: Rules) -> int | None:
    if games is None:
        if rules.scoring is Scoring.STAKES:
            raise ConquianError(
                "a match scored in stakes needs its number of games, such as games=5"
            )
        return None
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ConquianError(
            f"games must be a whole number from 1 to {MAX_GAMES}, or none with points "
            f"scoring, not {describe(games)}"
        )
    return games


class Match:
    """A series of games between two or three players (``rules.players``), with a
    running score.

    Game ``i`` (counted from 0) is dealt from :func:`conquian.simulate.game_seed`
    (seed, i) by player ``(first_dealer + i) % players``: the deal passes to the next
    player (M2), so with two players ``first_dealer`` deals the even games and the other
    player the odd ones (R9). With stakes scoring the match lasts a fixed number of
    games; with points scoring it lasts until a player reaches ``rules.target`` (or
    until the optional cap of games, or :data:`~conquian.match_record.MAX_GAMES`). Play
    goes through :meth:`play`, which settles each game as it ends and deals the next one.
    Each loser of a game pays its winner, and with points the winner scores the cards
    left in every loser's hand (M11).

    Two matches are equal when they have the same rules, seed, first dealer, planned
    games, finished games and current game.

    Like :class:`~conquian.game.Game` it may be shared between threads: a move, with the
    settling of the game it ends and the deal of the next, is played whole under the
    match's lock, as is taking a move back and making a record.
    """

    __slots__ = ("_first_dealer", "_game", "_lock", "_planned", "_results", "_rules", "_seed")
    __setstate__ = set_locked_state

    def __getstate__(self) -> dict[str, object]:
        """The match's slots without its lock, read together under it, the current game
        copied (pickling with protocols 0 and 1 too)."""
        with self._lock:
            state = copied_state(self)
            state["_game"] = self._game.copy()
        return state

    def __copy__(self) -> Match:
        """An independent match in the same place (``copy.copy``; a copy of the current
        game, the finished games' values shared, as they are frozen)."""
        other = object.__new__(Match)
        other.__setstate__(self.__getstate__())
        return other

    def __init__(self, seed: int, *, rules: Rules, games: int | None, first_dealer: int) -> None:
        if not isinstance(rules, Rules):
            raise ConquianError(f"rules must be a Rules value, not {describe(rules)}")
        self._rules = rules
        self._seed = check_seed(seed, "a match seed")
        self._planned = _check_games(games, rules)
        seats = player_range(rules.players)  # M1: 0 or 1; 0, 1 or 2
        if first_dealer.__class__ is not int:
            raise TypeError(f"first_dealer must be {seats} (an int), not {describe(first_dealer)}")
        if not 0 <= first_dealer < rules.players:
            raise ConquianError(
                f"the first dealer is player {seats}, not {describe(first_dealer)}"
            )
        self._first_dealer = first_dealer
        self._results: list[GameResult] = []
        self._game = self._deal(0)
        self._lock = threading.RLock()

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        *,
        rules: Rules = CLASSIC,
        games: int | None = None,
        first_dealer: int = 0,
    ) -> Match:
        """A new match, its first game dealt.

        Args:
            seed: A whole number from 0 to 2**64 - 1 that decides every deal (a fresh
                random seed when ``None``).
            rules: The rules of every game, and of the scoring (V5, V6); their
                ``players`` (2 or 3) is the number of players of the match (M11).
            games: The number of games; required with stakes scoring, an optional cap
                with points scoring.
            first_dealer: The player who deals the first game (R9), from 0 to
                ``rules.players - 1``.

        Raises:
            ConquianError: A bad seed, rules, number of games or dealer.
            TypeError: ``first_dealer`` is not an int.

        >>> from conquian.match import Match
        >>> Match.new(seed=1, games=2).game.initial.dealer
        0
        >>> from conquian.rules import TERCERILLA
        >>> Match.new(seed=1, rules=TERCERILLA, games=3, first_dealer=2).scores
        (0, 0, 0)
        """
        if seed is None:
            seed = secrets.randbits(64)
        return cls(seed, rules=rules, games=games, first_dealer=first_dealer)

    def _deal(self, index: int) -> Game:
        return Game.new(
            game_seed(self._seed, index), rules=self._rules, dealer=self.dealer_of(index)
        )

    def dealer_of(self, index: int) -> int:
        """The dealer of game ``index`` (counted from 0): the deal passes to the next
        player (M2), alternating with two (R9).

        Raises:
            ConquianError: ``index`` is not a whole number from 0 to one less than the
                games planned (``MAX_GAMES`` when the match has no cap).

        >>> from conquian.match import Match
        >>> match = Match.new(seed=1, games=4, first_dealer=1)
        >>> [match.dealer_of(index) for index in range(4)]
        [1, 0, 1, 0]
        >>> from conquian.rules import TERCERILLA
        >>> match = Match.new(seed=1, rules=TERCERILLA, games=4, first_dealer=1)
        >>> [match.dealer_of(index) for index in range(4)]
        [1, 2, 0, 1]
        """
        last = (self._planned or MAX_GAMES) - 1
        if index.__class__ is not int or not 0 <= index <= last:
            raise ConquianError(
                f"a game index is a whole number from 0 to {last}, not {describe(index)}"
            )
        return game_dealer(self._first_dealer, index, self._rules.players)

    # ------------------------------------------------------------------ reading

    @property
    def rules(self) -> Rules:
        """The rules of every game and of the scoring."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed that decides every deal."""
        return self._seed

    @property
    def first_dealer(self) -> int:
        """The player who dealt the first game."""
        return self._first_dealer

    @property
    def games_planned(self) -> int | None:
        """The number of games (stakes), the cap of games (points), or ``None``."""
        return self._planned

    # The readers below take the lock, so that a thread never sees a move half-played:
    # the current game over but not yet settled, or settled but the next not yet dealt.
    # Inside the lock the match uses their unlocked forms (_is_over, _standing, ...).

    @property
    def game(self) -> Game:
        """A copy of the current game (the last one once the match is over).

        It is a copy: playing on it does not change the match; play with :meth:`play`.
        """
        with self._lock:
            return self._game.copy()

    @property
    def state(self) -> State:
        """The current position of the current game."""
        with self._lock:
            return self._game.state

    @property
    def game_index(self) -> int:
        """The place of the current game in the match, counted from 0."""
        with self._lock:
            return self._game_index()

    def _game_index(self) -> int:
        return len(self._results) - 1 if self._is_over() else len(self._results)

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the current game (none once the match is over)."""
        with self._lock:
            return self._game.legal_moves()

    @property
    def completed(self) -> tuple[GameResult, ...]:
        """The finished games in order, each with what it settled."""
        with self._lock:
            return tuple(self._results)

    @property
    def standing(self) -> Standing:
        """The scores, the stake of the current game and the pool."""
        with self._lock:
            return self._standing()

    def _standing(self) -> Standing:
        if self._results:
            return self._results[-1].standing
        return Standing((0,) * self._rules.players)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's running score, player 0 first."""
        with self._lock:
            return self._standing().scores

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        with self._lock:
            return self._is_over()

    def _is_over(self) -> bool:
        played = len(self._results)
        if self._rules.scoring is Scoring.POINTS:
            target = self._rules.target
            assert target is not None
            if max(self._standing().scores) >= target:
                return True
        return played == (self._planned if self._planned is not None else MAX_GAMES)

    @property
    def winner(self) -> int | None:
        """The player with the highest score once the match is over; ``None`` for a tie
        (two players or more share the highest score) or while it runs."""
        outcome = self.outcome
        return None if outcome is None else outcome.winner

    @property
    def outcome(self) -> MatchOutcome | None:
        """``None`` while the match runs, else the final scores and the winner (a property,
        as :attr:`Game.outcome <conquian.game.Game.outcome>` is).

        >>> match = Match.new(seed=5, games=1)
        >>> match.outcome is None
        True
        """
        with self._lock:
            return self._outcome()

    def result(self) -> MatchOutcome | None:
        """Deprecated: the property :attr:`outcome`."""
        warn_renamed("Match.result()", "Match.outcome")
        return self.outcome

    def _outcome(self) -> MatchOutcome | None:
        if not self._is_over():
            return None
        scores = self._standing().scores
        top = max(scores)
        winner = scores.index(top) if scores.count(top) == 1 else None
        return MatchOutcome(scores, winner)

    # ------------------------------------------------------------------ playing

    def play(self, move: Move | str, *, player: int | None = None, ply: int | None = None) -> Move:
        """Play ``move`` in the current game; settle the game if it ends, and deal the next.

        Args:
            move: The move, or its notation.
            player: The player who plays it, checked when given.
            ply: The ply of the current game at which the move was chosen, checked when
                given (as :meth:`Game.play <conquian.game.Game.play>` does). It is the
                current game's: a new game starts again at 0, so a request meant for an
                earlier game is refused only until the new game reaches its ply; a
                caller that may lag a game behind checks :attr:`game_index` too.

        Raises:
            IllegalMoveError: The move is not legal, or the current game is no longer at
                ``ply`` (``MoveProblem.MOVED_ON``); the match is unchanged.
            InvalidMoveNotationError: The text is not a move; the match is unchanged.
            ConquianError: The match is over.
            TypeError: ``ply`` is not a whole number or ``None``.
        """
        check_types(player, ply)
        with self._lock:
            if self._is_over():
                raise ConquianError("the match is over: no game is being played")
            played = self._game.play(move, player=player, ply=ply)
            if self._game.is_over:
                self._settle()
            return played

    def _settle(self) -> None:
        """Settle the current game, which has just ended, and deal the next unless over."""
        self._add_result(self._game.record())
        if not self._is_over():
            self._game = self._deal(len(self._results))

    def _add_result(self, record: GameRecord) -> None:
        """Settle the current game, which has just ended; ``record`` is its record."""
        state = self._game.state
        outcome = state.outcome
        assert outcome is not None
        before = self._standing()
        # V6, M11: the cards left in every loser's hand
        loser_hand = [
            card
            for player, hand in enumerate(state.hands)
            if outcome.winner is not None and player != outcome.winner
            for card in hand
        ]
        after = settle(before, outcome, self._rules, loser_hand=loser_hand)
        stake = before.stake if self._rules.scoring is Scoring.STAKES else None
        change = tuple(new - old for new, old in zip(after.scores, before.scores, strict=True))
        self._results.append(GameResult(len(self._results), record, stake, change, after))

    def undo(self, *, ply: int | None = None) -> Move:
        """Take back the last move of the current game and return it.

        A finished game has been settled and cannot be taken back, so only moves of the
        game in progress can be undone.

        Args:
            ply: The ply of the current game the caller saw, checked when given.

        Raises:
            ConquianError: No move of the current game has been played, or the match is
                over.
            IllegalMoveError: The current game is no longer at ``ply``
                (``MoveProblem.MOVED_ON``).
            TypeError: ``ply`` is not a whole number or ``None``.
        """
        check_types(None, ply)
        with self._lock:
            return self._undo(ply)

    def _undo(self, ply: int | None = None) -> Move:
        number = self._game_index() + 1
        if self._is_over():
            raise ConquianError(
                f"the match is over: game {number} is settled and cannot be taken back"
            )
        check_ply(ply, self._game.ply)
        if self._game.ply == 0:
            if number == 1:
                raise ConquianError("no move to undo")
            raise ConquianError(
                f"no move to undo in game {number}: game {number - 1} is settled and "
                "cannot be taken back"
            )
        return self._game.undo()

    # ------------------------------------------------------------------ records

    def record(self) -> MatchRecord:
        """This match as a :class:`~conquian.match_record.MatchRecord`: every game dealt so
        far, and the result."""
        with self._lock:
            return self._record()

    def _record(self) -> MatchRecord:
        games = [result.record for result in self._results]
        if not self._is_over():
            games.append(self._game.record())
        return MatchRecord(
            rules=self._rules,
            seed=self._seed,
            first_dealer=self._first_dealer,
            games_planned=self._planned,
            games=tuple(games),
            outcome=self._outcome(),
        )

    @classmethod
    def from_record(cls, record: MatchRecord) -> Match:
        """The match a record describes, every game replayed and checked.

        The games must be the ones the seed deals, with the deal passing to the next
        player (alternating with two, R9; M2); every
        game but the last must be finished, and the last one is finished only when the
        match is over; the recorded result must be what the games give.

        Raises:
            InvalidRecordError: The record breaks one of these conditions or holds an
                illegal move; the message names the game (counted from 1) and the move.
        """
        if not isinstance(record, MatchRecord):
            raise InvalidRecordError(f"expected a MatchRecord, not {describe(record)}")
        return cls._replayed(record, None)

    @classmethod
    def _replayed(
        cls, record: MatchRecord, replayed: tuple[Sequence[State], Game | None] | None
    ) -> Match:
        """:meth:`from_record`, given what the record's games were replayed to, one by one
        from its game records (the last position of each and the last game whole, as
        :func:`~conquian.match_record.read_match_games` gives them), or replaying them
        itself (``None``)."""
        try:
            match = cls(
                record.seed,
                rules=record.rules,
                games=record.games_planned,
                first_dealer=record.first_dealer,
            )
        except ConquianError as error:
            raise InvalidRecordError(f"field 'games_planned': {error}") from None
        total = len(record.games)
        if total == 0:
            raise InvalidRecordError("field 'games': a match record holds at least one game")
        for number, game_record in enumerate(record.games, 1):
            where = f"game {number}"
            if match.is_over:
                raise InvalidRecordError(f"{where}: the match was over after game {number - 1}")
            # the seed and the dealer of the game the match deals here (as _deal does)
            seed = game_seed(match._seed, number - 1)
            players = match.rules.players
            dealer = game_dealer(match._first_dealer, number - 1, players)
            if game_record.rules != match.rules:
                raise InvalidRecordError(f"{where}, field 'rules': not the rules of the match")
            if game_record.seed != seed:
                raise InvalidRecordError(
                    f"{where}, field 'seed': game {number} of match seed {match.seed} is "
                    f"dealt from seed {seed}, not {describe(game_record.seed)}"
                )
            if game_record.dealer != dealer:
                raise InvalidRecordError(
                    f"{where}, field 'dealer': game {number} is dealt by player "
                    f"{dealer}, as {deal_rule(players)}"
                )
            if replayed is not None:
                finals, last = replayed
                game = last if number == total and last is not None else Game(finals[number - 1])
            else:
                try:
                    game = Game.from_record(game_record)  # its result is the moves' outcome
                except InvalidRecordError as error:
                    raise InvalidRecordError(f"{where}, {error}") from None
            match._game = game
            if game.is_over:
                # Not match._settle(): the record's next game follows, and the game's own
                # record is game_record, which was checked when it was built.
                match._add_result(_own_record(game_record))
            elif number < total:
                raise InvalidRecordError(
                    f"{where}: the game is not finished, but game {number + 1} follows"
                )
        if not match.is_over and len(match._results) == total:
            raise InvalidRecordError(
                f"field 'games': game {total} ended and the match is not over, so game "
                f"{total + 1} must follow (with no moves yet)"
            )
        if record.outcome != match.outcome:
            found = match.outcome or "the match is not over"
            said = record.outcome or "the match is not over"
            raise InvalidRecordError(
                f"field 'result': the record says {said}, but its games give {found}"
            )
        return match

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    def _snapshot(self) -> tuple[object, ...]:
        """What makes two matches equal, read together under the lock."""
        with self._lock:
            return (
                self._rules,
                self._seed,
                self._first_dealer,
                self._planned,
                tuple(self._results),
                self._game.states,
            )

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        with self._lock:
            scores = ":".join(map(str, self._standing().scores))
            planned = f" of {self._planned}" if self._planned is not None else ""
            status = "over" if self._is_over() else f"ply {self._game.ply}"
            number = self._game_index() + 1
        return f"<Match game {number}{planned}, {status}, scores {scores}>"


# ---------------------------------------------------------------------- JSON


def match_to_dict(record: MatchRecord | Match) -> dict[str, Any]:
    """The match record as JSON-ready data; each game as
    :func:`~conquian.notation.record_to_dict` gives it.

    Raises:
        TypeError: ``record`` is not a MatchRecord or a Match.
    """
    if isinstance(record, Match):
        record = record.record()
    return match_record_to_dict(record)


def match_dumps(record: MatchRecord | Match, *, indent: int | None = None) -> str:
    """The match record as JSON text.

    Args:
        record: A match record, or a match (its :meth:`Match.record`).
        indent: Spaces a level, 0 to 16, as for :func:`json.dumps`; ``None`` writes one
            line.

    Raises:
        TypeError: ``indent`` is not an int or ``None``; ValueError: it is out of range.
    """
    return json.dumps(match_to_dict(record), indent=checked_indent(indent), ensure_ascii=False)


def match_dump(record: MatchRecord | Match, fp: IO[str], *, indent: int | None = 2) -> None:
    """Write the match record as JSON text to a text file."""
    fp.write(match_dumps(record, indent=indent))
    fp.write("\n")


def match_loads(text: str | bytes) -> MatchRecord:
    """Read a match record from JSON text, check it and replay every game.

    Raises:
        InvalidRecordError: The text is not JSON, too large, not a match record of a
            format and version this library reads, has a missing or ill-typed field, a
            game that is not the one the seed deals, an illegal move, or a result the
            games do not give. The message names the field, the game (counted from 1) and
            the move: ``game 3, move 17 'take ...': ...``.
    """
    return match_from_dict(read_match_json(text))


def match_load(fp: IO[str] | IO[bytes]) -> MatchRecord:
    """Read a match record from a file (text or binary); see :func:`match_loads`.

    Raises:
        TypeError: ``fp`` is not a readable file.
        InvalidRecordError: As for :func:`match_loads`.
    """
    return match_loads(read_file(fp, MAX_MATCH_BYTES + 1))


def match_from_dict(data: object) -> MatchRecord:
    """A match record from JSON-shaped data (as :func:`json.loads` returns), every game
    replayed and checked; see :func:`match_loads`."""
    record, finals, last = read_match_games(data)  # each game replayed once, here
    Match._replayed(record, (finals, last))
    return record


def match_to_json(record: MatchRecord | Match) -> dict[str, Any]:
    """Deprecated alias of :func:`match_to_dict` (JSON-ready data is ``to_dict``; JSON
    text is :func:`match_dumps`)."""
    warn_renamed("match_to_json", "match_to_dict")
    return match_to_dict(record)


def match_from_json(data: object) -> MatchRecord:
    """Deprecated alias of :func:`match_from_dict`."""
    warn_renamed("match_from_json", "match_from_dict")
    return match_from_dict(data)


def __getattr__(name: str) -> Any:
    """The deprecated module names: ``MatchResult`` is
    :class:`~conquian.scoring.MatchOutcome`."""
    if name == "MatchResult":
        warn_renamed("MatchResult", "MatchOutcome")
        return MatchOutcome
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
