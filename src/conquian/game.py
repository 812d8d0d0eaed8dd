"""Game: the thin mutable facade over :class:`~conquian.state.State`, with history, play and undo.

>>> from conquian import Game
>>> game = Game.new(seed=7)
>>> game.play("decline")
Decline()
>>> game.ply, game.undo(), game.ply
(1, Decline(), 0)
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from conquian import views
from conquian._refused import refused
from conquian._slots import locked_state, set_locked_state
from conquian._version import __version__
from conquian.cards import DECK, Card, format_cards
from conquian.dealing import check_seed, shuffled_indices
from conquian.errors import (
    ConquianError,
    IllegalMoveError,
    InvalidRecordError,
    InvalidStateError,
    MoveProblem,
    bounded_items,
    describe,
    is_player,
    player_range,
    renamed_keyword,
    warn_renamed,
)
from conquian.moves import (
    Decline,
    Force,
    Give,
    LayDown,
    LegalMoves,
    Move,
    Release,
    Take,
    parse_move,
)
from conquian.rules import CLASSIC, Rules
from conquian.state import Outcome, Played, State, with_seed

__all__ = ["MAX_MOVES", "Game", "GameRecord", "max_moves"]

MAX_MOVES: Final = 121
"""The most moves a two-player game lasts under any rules (:ref:`game-length` derives
the bound), and so the most a :class:`GameRecord` of two players holds; see
:func:`max_moves` for three (M1)."""


def max_moves(players: int, exchange: bool = False) -> int:
    """The most moves a game of ``players`` players lasts under any rules: ``40 p + 41``
    (:ref:`game-length`; with ``p`` players each stock card sees at most ``p + 1`` moves
    besides a take and each discard ``p``, and ``p h + 1`` takes), 121 with two, 161 with
    three (M1); and ``p`` more with the opening exchange (M10), one give a player.

    >>> from conquian.game import max_moves
    >>> max_moves(2), max_moves(3), max_moves(3, exchange=True)
    (121, 161, 164)
    """
    return 40 * players + 41 + (players if exchange else 0)


_MOVE_TYPES = (Take, LayDown, Decline, Force, Release, Give)
_ALL_CARDS: Final = (1 << len(DECK)) - 1


def check_types(player: object, ply: object) -> None:
    """Refuse a ``player`` or a ``ply`` of the wrong type before :class:`Game` and
    :class:`~conquian.match.Match` take their locks: the message describes the value,
    which may run its own code (an int subclass's ``repr``), and that code must not run
    while the lock is held (it could play on the game itself).

    Raises:
        TypeError: ``player`` is not an int or ``None``, or ``ply`` not a whole number
            or ``None``.
    """
    if ply is not None and ply.__class__ is not int:
        raise TypeError(f"ply is a whole number or None, not {describe(ply)}")
    if player is not None and player.__class__ is not int:
        raise TypeError(f"player must be 0 or 1 (an int), not {describe(player)}")


def check_ply(expected: object, current: int) -> None:
    """Refuse a move or an undo meant for move ``expected`` of a game at move ``current``
    (nothing to check when ``expected`` is ``None``); :class:`Game` and
    :class:`~conquian.match.Match` call it under their locks.

    Raises:
        TypeError: ``expected`` is not a whole number or ``None``.
        IllegalMoveError: ``expected`` is not ``current`` (``MoveProblem.MOVED_ON``).

    >>> from conquian.game import check_ply
    >>> check_ply(None, 4), check_ply(4, 4)
    (None, None)
    >>> check_ply(3, 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    conquian.errors.IllegalMoveError: the game has moved on ...: it is at ply 4, not 3
    """
    check_types(None, expected)
    if expected is None or expected == current:
        return
    raise refused(
        MoveProblem.MOVED_ON, number=current, detail=f"it is at ply {current}, not {expected}"
    )


def _check_record(record: GameRecord) -> None:
    if not isinstance(record.rules, Rules):
        raise InvalidRecordError(f"field 'rules': a Rules value, not {describe(record.rules)}")
    players = record.rules.players
    if not is_player(record.dealer, players):
        raise InvalidRecordError(
            f"field 'dealer': {player_range(players)}, not {describe(record.dealer)}"
        )
    order = _deck_order(record.deck)
    if order is None:
        raise InvalidRecordError("field 'deck': the 40 cards, each exactly once")
    most = max_moves(players, record.rules.exchange)
    if len(record.moves) > most:
        raise InvalidRecordError(
            f"field 'moves': at most {most} moves (no game lasts longer), "
            f"not {len(record.moves)} or more"
        )
    for number, move in enumerate(record.moves, 1):
        if not isinstance(move, _MOVE_TYPES):
            raise InvalidRecordError(f"move {number}: {describe(move)} is not a move")
    if record.seed is not None:
        try:
            check_seed(record.seed)
        except ConquianError as error:
            raise InvalidRecordError(f"field 'seed': {error}") from None
        if shuffled_indices(record.seed) != order:  # the cards of deal_order(seed)
            raise InvalidRecordError(
                f"field 'deck': it is not the deck dealt from seed {record.seed}"
            )
    if record.outcome is not None and not isinstance(record.outcome, Outcome):
        raise InvalidRecordError(
            f"field 'outcome': an Outcome or none, not {describe(record.outcome)}"
        )
    check_library(record.library)


def _deck_order(deck: tuple[Card, ...]) -> list[int] | None:
    """The card indices of ``deck`` if it is the 40 cards (each a :class:`Card`, not a
    subclass, which no card of :data:`DECK` equals), each exactly once; else ``None``.

    One bit a card, not ``sorted(deck) == list(DECK)``, whose ``Card.__lt__`` calls
    (some 160 a deck) made the record's check take twice as long (23 us, not 12).
    """
    if len(deck) != len(DECK):
        return None
    order = []
    seen = 0
    for card in deck:
        if card.__class__ is not Card:
            return None
        seen |= 1 << card.index
        order.append(card.index)
    return order if seen == _ALL_CARDS else None


def check_library(value: object) -> str:
    """``value`` if it can be a record's ``library`` field: a version string of at most
    100 printable characters (so a record read can always be written back as UTF-8).

    Raises:
        InvalidRecordError: It is not.
    """
    if not isinstance(value, str) or len(value) > 100 or not value.isprintable():
        raise InvalidRecordError(
            "field 'library': a version string of at most 100 printable characters, "
            f"not {describe(value)}"
        )
    return value


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    # 41 at most: a deck of more is refused as not the 40 cards, without reading it all
    return bounded_items(cards, "deck", "a sequence of the 40 Card values", 40)


def _move_tuple(moves: Iterable[Move]) -> tuple[Move, ...]:
    # one past MAX_MOVES at most: more is refused without reading them all
    return bounded_items(moves, "moves", "a sequence of moves", MAX_MOVES)


@attrs.frozen(init=False)
class GameRecord:
    """A game as data: everything needed to replay it exactly, like a chess PGN.

    It holds the rules, the dealer, the full deck order (so no shuffle algorithm is needed
    to replay it), the seed it was dealt from if any, every move, and the outcome
    (``None`` for a game not finished; the JSON record keeps it in its field ``result``).
    ``result=`` and :attr:`result` are deprecated aliases of ``outcome``. Equal records
    hold equal data. Building one
    checks each field's type and that the deck is the 40 cards; the moves are checked
    when it is replayed (:meth:`replay`, :meth:`Game.from_record`). JSON reading and
    writing are in :mod:`conquian.notation`.

    Raises:
        InvalidRecordError: A field is of the wrong kind, the deck is not the 40 cards, or
            the deck is not the one dealt from the seed.
        TypeError: ``deck`` or ``moves`` is not iterable.
    """

    rules: Rules
    dealer: int
    deck: tuple[Card, ...] = attrs.field(converter=_card_tuple)
    moves: tuple[Move, ...] = attrs.field(converter=_move_tuple)
    seed: int | None = None
    outcome: Outcome | None = None
    library: str = __version__

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: Iterable[Card],
        moves: Iterable[Move],
        seed: int | None = None,
        outcome: Outcome | None = None,
        library: str = __version__,
        **renamed: Any,
    ) -> None:
        # "result" is the field's name before issue 30.
        outcome = renamed_keyword("GameRecord", renamed, "result", "outcome", outcome)
        self.__attrs_init__(rules, dealer, deck, moves, seed, outcome, library)

    def __attrs_post_init__(self) -> None:
        _check_record(self)

    @property
    def result(self) -> Outcome | None:
        """Deprecated alias of ``outcome``."""
        warn_renamed("GameRecord.result", "GameRecord.outcome")
        return self.outcome

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        """The record of the game that led to ``state``: its deal, and every move of its
        :attr:`~conquian.state.State.history`. A state dealt with
        :meth:`~conquian.state.State.new` or :meth:`~conquian.state.State.from_deck` and
        played on, such as the final state :func:`~conquian.agents.play_game` returns,
        can be saved so (:func:`conquian.notation.dumps` takes a state too).

        Raises:
            TypeError: ``state`` is not a State.
            ConquianError: The state was not reached from a deal: one read from a
                position string or from data keeps no deck order.

        >>> from conquian import State
        >>> state = State.new(seed=7).apply("decline")
        >>> record = GameRecord.from_state(state)
        >>> [str(move) for move in record.moves], record.seed
        (['decline'], 7)
        >>> list(record.replay())[-1] == state
        True
        """
        if not isinstance(state, State):
            raise TypeError(f"a record is made from a State, not {describe(state)}")
        deck = state.deck
        history = state.history
        if deck is None or len(history) != state.ply:
            raise ConquianError("this game did not start from a deal: its deck order is unknown")
        return cls(
            rules=state.rules,
            dealer=state.dealer,
            deck=deck,
            moves=tuple(played.move for played in history),
            seed=state.seed,
            outcome=state.outcome,
        )

    def replay(self) -> Iterator[State]:
        """Every state of the game in order, from the deal to the last move: the one
        place where a record's moves are replayed (:meth:`Game.from_record` and the
        readers of :mod:`conquian.notation` and :mod:`conquian.match` replay through it).

        Raises:
            InvalidRecordError: Move ``k`` is not legal where it stands (the message
                names it and says why), or the moves do not give the recorded result
                (a game that the moves finish must record how it ended).
        """
        state = State.from_deck(self.deck, rules=self.rules, dealer=self.dealer)
        if self.seed is not None:
            state = with_seed(state, self.seed)
        yield state
        for number, move in enumerate(self.moves, 1):
            player = state.to_move
            try:
                state = state.apply(move) if player is None else state.apply_recorded(move, player)
            except IllegalMoveError as error:
                raise InvalidRecordError(f"move {number} {str(move)!r}: {error}") from None
            yield state
        if self.outcome is None and state.outcome is not None:
            raise InvalidRecordError(
                f"field 'result': the game ended, {state.outcome}, and its result must say so"
            )
        if state.outcome != self.outcome:
            found = state.outcome or "the game is not over"
            raise InvalidRecordError(
                f"field 'result': the record says {self.outcome}, but its moves give {found}"
            )

    def __str__(self) -> str:
        moves = " ".join(f"{n}. {move}" for n, move in enumerate(self.moves, 1))
        return (
            f"rules {self.rules.to_notation()}, dealer {self.dealer}, "
            f"deck {format_cards(self.deck, style='compact')}: {moves or 'no moves'}"
            f" -> {self.outcome or 'unfinished'}"
        )


def _moves_data(states: Sequence[State], moves: Sequence[Move]) -> list[dict[str, Any]]:
    """Each move as JSON-ready data, with the mover's table after it."""
    return [
        views.move_to_dict(move, after.tables[before.to_move or 0])
        for move, before, after in zip(moves, states[:-1], states[1:], strict=True)
    ]


class Game:
    """A game in progress: the current :class:`~conquian.state.State` and every state before it.

    ``Game`` is a mutable facade, like :class:`~conquian.match.Match` (everything else in
    the library is an immutable value); it only keeps a list of immutable states. Two
    games are equal when they have the same states in the same order.

    It may be shared between threads: a move is played or taken back whole, under the
    game's lock, and what is read from several of its parts (a record, the data, a
    copy) is read under the lock too. Two threads that play at once each play on the
    position the other left (or are refused, as any move that is not legal there).
    """

    __slots__ = ("_lock", "_moves", "_states")
    __getstate__ = locked_state  # pickling with protocols 0 and 1 too, without the lock
    __setstate__ = set_locked_state

    def __init__(self, state: State) -> None:
        if not isinstance(state, State):
            raise ConquianError(f"a Game starts from a State, not {describe(state)}")
        self._states: list[State] = [state]
        self._moves: list[Move] = []
        self._lock = threading.RLock()

    @classmethod
    def new(cls, seed: int | None = None, *, rules: Rules = CLASSIC, dealer: int = 0) -> Game:
        """A new game dealt from ``seed`` (see :meth:`~conquian.state.State.new`)."""
        return cls(State.new(seed, rules=rules, dealer=dealer))

    @classmethod
    def from_deck(
        cls, deck: Sequence[Card] | str, *, rules: Rules = CLASSIC, dealer: int = 0
    ) -> Game:
        """A new game dealt from an explicit deck order.

        See :meth:`~conquian.state.State.from_deck`.
        """
        return cls(State.from_deck(deck, rules=rules, dealer=dealer))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """The game a record describes, every move replayed and checked.

        Raises:
            InvalidRecordError: A move is illegal where it stands, or the result differs.
        """
        if not isinstance(record, GameRecord):
            raise InvalidRecordError(f"expected a GameRecord, not {describe(record)}")
        states = list(record.replay())
        game = cls(states[0])
        game._states = states
        game._moves = list(record.moves)
        return game

    def _snapshot(self) -> tuple[tuple[State, ...], tuple[Move, ...]]:
        """The states and the moves, read together under the lock."""
        with self._lock:
            return tuple(self._states), tuple(self._moves)

    def record(self) -> GameRecord:
        """This game as a :class:`GameRecord` from its deal (its result is the current
        outcome); see :meth:`GameRecord.from_state`.

        Raises:
            ConquianError: The game's position was not reached from a deal (its deck
                order is unknown).
        """
        return GameRecord.from_state(self.state)

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data: its first state, every move (text and structured
        fields, with the mover's table after it) and its current state (see
        :data:`~conquian.views.GAME_SCHEMA`).

        >>> game = Game.new(seed=7)
        >>> _ = game.play("decline")
        >>> Game.from_dict(game.to_dict()) == game
        True
        """
        states, played = self._snapshot()
        return views.game_to_dict(
            states[0].to_dict(), _moves_data(states, played), states[-1].to_dict()
        )

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """The game of :meth:`to_dict` data, every move replayed and checked (a field
        :meth:`to_dict` does not write, or a move's structured fields that disagree with
        its text, are refused).

        Raises:
            InvalidStateError: The data is not a game; the message names the field.
        """
        initial, moves, final = views.read_game(data)
        game = cls(State.from_dict(initial))
        for number, text in enumerate(moves, start=1):
            try:
                game.play(text)
            except ConquianError as error:
                raise InvalidStateError(f"a game: move {number}: {error}") from None
        reached = game.state
        # Data that is exactly what to_dict writes for the state the moves reached is that
        # state, as written: reading it would replay its history a second time, half of
        # this method's time. Other data is read and checked by State.from_dict.
        if not views.same_json(final, reached.to_dict()) and reached != State.from_dict(final):
            raise InvalidStateError("a game: the moves do not lead to its state")
        # Its first state was checked as written by State.from_dict, and so was its last
        # one, unless it is written as to_dict writes it.
        views.check_as_written(
            data, lambda: views.game_to_dict({}, _moves_data(*game._snapshot()), {}), "a game"
        )
        return game

    @property
    def state(self) -> State:
        """The current position."""
        return self._states[-1]

    @property
    def initial(self) -> State:
        """The position after the deal."""
        return self._states[0]

    @property
    def history(self) -> tuple[Played, ...]:
        """Every move of the current position's game with its player and the card it
        answered, as :attr:`State.history <conquian.state.State.history>`."""
        return self.state.history

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played in this game object, in order (what :meth:`undo` takes back)."""
        return tuple(self._moves)

    @property
    def to_move(self) -> int | None:
        """The player whose decision it is, or ``None`` when the game is over."""
        return self.state.to_move

    @property
    def ply(self) -> int:
        """The number of moves played since the deal, as the current state's
        :attr:`State.ply <conquian.state.State.ply>` says, also for a game started from a
        position some moves in (:attr:`moves` holds only those played on this game
        object, which :meth:`undo` can take back).

        >>> from conquian import State
        >>> game = Game(State.new(seed=7).apply("decline"))
        >>> game.ply, len(game.moves)
        (1, 0)
        """
        return self._states[-1].ply

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the current position.

        See :meth:`~conquian.state.State.legal_moves`.
        """
        return self.state.legal_moves()

    def play(self, move: Move | str, *, player: int | None = None, ply: int | None = None) -> Move:
        """Play ``move`` (a move or its notation) and return it as a move value.

        Args:
            move: The move, or its notation.
            player: The player who plays it, checked when given (see
                :meth:`State.apply <conquian.state.State.apply>`).
            ply: The :attr:`ply` at which the move was chosen (the moves played since
                the deal), checked when given, in the same step as the move: a game
                that has moved on refuses it. A server that passes the ply its client
                saw never plays a request twice, even when the client sends it twice and
                threads share the game, as long as no move is taken back: after
                :meth:`undo` the same ply comes round again, so a server that offers
                undo should also send a number of its own that only grows.

        Raises:
            IllegalMoveError: The move is not legal, or the game is no longer at ``ply``
                (``MoveProblem.MOVED_ON``); the game is unchanged.
            InvalidMoveNotationError: The text is not a move; the game is unchanged.
            TypeError: ``ply`` is not a whole number or ``None``.

        >>> from conquian import Game
        >>> game = Game.new(seed=7)
        >>> game.play("decline", ply=0)
        Decline()
        >>> game.play("decline", ply=0)
        Traceback (most recent call last):
        conquian.errors.IllegalMoveError: the game has moved on since that move was chosen: \
it is at ply 1, not 0
        """
        if isinstance(move, str):
            move = parse_move(move)
        check_types(player, ply)
        with self._lock:  # read the position and add the move as one step
            before = self._states[-1]
            check_ply(ply, before.ply)
            after = before.apply(move, player=player)
            self._states.append(after)
            self._moves.append(move)
        return move

    def undo(self, *, ply: int | None = None) -> Move:
        """Take back the last move and return it.

        Args:
            ply: The :attr:`ply` the caller saw, checked when given (as in :meth:`play`),
                so that an undo sent twice takes back one move (unless a move was played
                in between, which brings the ply back).

        Raises:
            ConquianError: No move has been played.
            IllegalMoveError: The game is no longer at ``ply`` (``MoveProblem.MOVED_ON``).
            TypeError: ``ply`` is not a whole number or ``None``.
        """
        check_types(None, ply)
        with self._lock:
            check_ply(ply, self._states[-1].ply)
            if not self._moves:
                raise ConquianError("no move to undo")
            self._states.pop()
            return self._moves.pop()

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else who won and how."""
        return self.state.outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_over

    @property
    def states(self) -> tuple[State, ...]:
        """Every state of this game object in order, :attr:`initial` first and
        :attr:`state` last (one more than :attr:`moves`).

        >>> game = Game.new(seed=7)
        >>> _ = game.play("decline")
        >>> [state.ply for state in game.states]
        [0, 1]
        """
        return self._snapshot()[0]

    def replay(self) -> Iterator[State]:
        """Deprecated alias: iterate over :attr:`states` (a game's states are kept, not
        replayed; :meth:`GameRecord.replay` replays a record)."""
        warn_renamed("Game.replay()", "Game.states")
        return iter(self._snapshot()[0])

    def copy(self) -> Game:
        """An independent game with the same history (states are shared: they are frozen)."""
        states, moves = self._snapshot()
        other = Game(states[0])
        other._states = list(states)
        other._moves = list(moves)
        return other

    __copy__ = copy  # copy.copy(game) is a game of its own too

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._snapshot()[0] == other._snapshot()[0]

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        with self._lock:  # the ply and the phase of one moment
            state = self._states[-1]
        return f"<Game ply={state.ply} {state.phase.value}>"
