"""Game: the thin mutable facade over :class:`~conquian.state.State`, with history, play and undo.

>>> from conquian import Game
>>> game = Game.new(seed=7)
>>> game.play("decline")
Decline()
>>> game.ply, game.undo(), game.ply
(1, Decline(), 0)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from conquian.cards import Card
from conquian.errors import ConquianError
from conquian.moves import Move, parse_move
from conquian.rules import CLASSIC, Rules
from conquian.state import Outcome, State

__all__ = ["Game"]


class Game:
    """A game in progress: the current :class:`~conquian.state.State` and every state before it.

    ``Game`` is the one mutable object of the library; it only keeps a list of immutable
    states. Two games are equal when they have the same states in the same order.
    """

    __slots__ = ("_moves", "_states")

    def __init__(self, state: State) -> None:
        if not isinstance(state, State):
            raise ConquianError(f"a Game starts from a State, not {state!r}")
        self._states: list[State] = [state]
        self._moves: list[Move] = []

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

    @property
    def state(self) -> State:
        """The current position."""
        return self._states[-1]

    @property
    def initial(self) -> State:
        """The position after the deal."""
        return self._states[0]

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played, in order."""
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        """The number of moves played."""
        return len(self._moves)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the current position.

        See :meth:`~conquian.state.State.legal_moves`.
        """
        return self.state.legal_moves()

    def play(self, move: Move | str, *, player: int | None = None) -> Move:
        """Play ``move`` (a move or its notation) and return it as a move value.

        Raises:
            IllegalMoveError: The move is not legal; the game is unchanged.
            InvalidMoveNotationError: The text is not a move; the game is unchanged.
        """
        if isinstance(move, str):
            move = parse_move(move)
        after = self.state.apply(move, player=player)
        self._states.append(after)
        self._moves.append(move)
        return move

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises:
            ConquianError: No move has been played.
        """
        if not self._moves:
            raise ConquianError("no move to undo")
        self._states.pop()
        return self._moves.pop()

    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else who won and how."""
        return self.state.outcome()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.outcome() is not None

    def replay(self) -> Iterator[State]:
        """Every state of the game in order, the initial one first."""
        return iter(tuple(self._states))

    def copy(self) -> Game:
        """An independent game with the same history (states are shared: they are frozen)."""
        other = Game(self._states[0])
        other._states = list(self._states)
        other._moves = list(self._moves)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._states == other._states

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return f"<Game ply={self.ply} {self.state.phase.value}>"
