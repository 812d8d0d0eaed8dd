"""The exception hierarchy of :mod:`conquian`.

Every error the library raises on purpose is a :class:`ConquianError`, which is also a
:class:`ValueError` (bad input is a bad value). Parsing errors (text that is not notation)
are kept apart from legality errors (well-formed things the rules forbid), so a front end
can tell "you typed it wrong" from "you may not do that".

>>> from conquian import Card, ConquianError
>>> try:
...     Card.parse("8h")
... except ConquianError as error:
...     print(type(error).__name__, "-", error)
InvalidCardError - '8h' is not a card: there is no rank '8' in the 40-card pack (R1)
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Callable, Iterable
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeGuard

if TYPE_CHECKING:  # for the annotation only: cards is a layer above errors
    from conquian.cards import Card

__all__ = [
    "ConquianError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidMoveNotationError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidStateError",
    "MeldProblem",
    "MoveProblem",
    "ParseError",
]


def describe(value: object, limit: int = 40) -> str:
    """A short, safe description of any value for an error message.

    Text is quoted and cut to ``limit`` characters; a number of more than 24 digits is
    cut to its first 20 and its length; containers are described, never written out, so
    a message stays short and costs nothing to build whatever a stranger sent (no deep
    recursion, no 4,300-digit conversion).

    >>> describe("x" * 50, 5), describe(2**64), describe(10**30)
    ("'xxxxx'...", '18446744073709551616', '10000000000000000000... (31 digits)')
    """
    if isinstance(value, str):
        shown = repr(value[:limit])
        if len(shown) > limit + 2:  # escapes such as \U0001e95a: cut what they spell out
            return shown[: limit + 1] + "'..."
        return shown + ("..." if len(value) > limit else "")
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 13_000:  # about 4,000 digits: str() is slow, then refused
            return f"a number of {value.bit_length()} bits"
        text = str(value)
        return text if len(text) <= 24 else f"{text[:20]}... ({len(text.lstrip('-'))} digits)"
    if isinstance(value, list | tuple):
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    if type(value).__module__.startswith("conquian"):
        text = repr(value)
        return text if len(text) <= 2 * limit else text[: 2 * limit] + "..."
    return f"a {type(value).__name__}"


def warn_renamed(old: str, new: str, *, depth: int = 1) -> None:
    """Warn that the name ``old`` is a deprecated alias of ``new`` (every renamed public
    name of issue 30 calls it, so that its warning names the new name, in one wording),
    pointing at the caller of the alias; ``depth`` is how many calls the alias is below
    the user's call (1: the user called the alias itself).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_renamed("State.from_notation", "State.parse")
    >>> print(caught[0].message)
    State.from_notation is deprecated: use State.parse
    """
    warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=2 + depth)


def renamed_keyword(owner: str, given: dict[str, Any], old: str, new: str, value: Any) -> Any:
    """``value``, or what a caller of ``owner(...)`` gave under the deprecated keyword
    ``old`` (with a warning that names ``new`` and points at that call); any other
    keyword left in ``given`` is refused, as Python refuses an unknown one.

    Raises:
        TypeError: ``given`` holds a keyword that is neither ``old`` nor a field.
    """
    if old in given:
        warn_renamed(f"{owner}({old}=...)", f"{owner}({new}=...)", depth=2)
        value = given.pop(old)
    if given:
        raise TypeError(f"{owner}() has no field {describe(next(iter(given)))}")
    return value


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an int, and not ``True`` or ``False``."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_player(value: object, players: int = 2) -> bool:
    """Whether ``value`` is a player number of a game of ``players`` players: the int 0
    to ``players - 1`` (not ``True``, not ``1.0``)."""
    return isinstance(value, int) and value.__class__ is int and 0 <= value < players


def player_range(players: int) -> str:
    """The player numbers of a game of ``players`` players, in words: "0 or 1", "0, 1
    or 2"."""
    numbers = [str(player) for player in range(players)]
    return f"{', '.join(numbers[:-1])} or {numbers[-1]}"


def checked_player(value: object, name: str = "player", players: int = 2) -> int:
    """``value`` if it is a player number (:func:`is_player`) of a game of ``players``
    players; else :class:`TypeError` for a value that is not an int (a bool or a float
    included) and :class:`ConquianError` for another int, the message naming the
    argument ``name`` and the range (M1)."""
    if value.__class__ is not int:
        raise TypeError(f"{name} must be {player_range(players)} (an int), not {describe(value)}")
    assert isinstance(value, int)
    if not 0 <= value < players:
        raise ConquianError(f"{name} must be {player_range(players)}, not {describe(value)}")
    return value


def checked_text(
    text: object, what: str, limit: int, error: Callable[[str], ConquianError]
) -> str:
    """Untrusted text, refused before any work unless it is a string of at most ``limit``
    characters: returns ``text``, else raises ``error(message)``, the message naming
    ``what`` the text was meant to be."""
    if not isinstance(text, str):
        raise error(f"{what} is text, not {describe(text)}")
    if len(text) > limit:
        raise error(f"{what} is at most {limit} characters; this one has {len(text)}")
    return text


def bounded_items(value: object, name: str, what: str, limit: int) -> tuple[Any, ...]:
    """The first ``limit + 1`` items of the iterable argument ``value`` (so that a caller
    sees an oversized one without reading it all), or :class:`TypeError` naming the
    parameter ``name`` and ``what`` it expects when ``value`` is not iterable or is text."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be {what}, not {describe(value)}")
    return tuple(islice(value, limit + 1))


class ConquianError(ValueError):
    """Base class of every error raised by :mod:`conquian` on purpose.

    Every one pickles and copies with its message and its attributes (an error raised in
    a worker process reaches the caller whole), whatever its ``__init__`` requires.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # Python rebuilds an exception as cls(*args), which fails for a class whose
        # __init__ requires keywords (InvalidCardError's token): rebuild it without
        # __init__, from its args and attributes.
        return (_rebuilt_error, (type(self), self.args), self.__dict__)


def _rebuilt_error(cls: type[ConquianError], args: tuple[Any, ...]) -> ConquianError:
    """An error of class ``cls`` with ``args`` and no attributes yet (pickle then sets
    them from the third item of :meth:`ConquianError.__reduce__`)."""
    return cls.__new__(cls, *args)


class ParseError(ConquianError):
    """Text that is not valid notation (a card, a card list, a meld or a move)."""


class InvalidCardError(ParseError):
    """A card token that cannot be read, or a card list with a repeated card.

    Attributes:
        token: The offending text, exactly as it appeared in the input.
        index: The 0-based number of the token among the cards of the input.
        column: The 0-based character offset of the token in the input.
    """

    def __init__(self, message: str, *, token: str, index: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.token = token
        self.index = index
        self.column = column


class InvalidMoveNotationError(ParseError):
    """Text that is not the notation of a move (see :func:`conquian.moves.parse_move`)."""


class InvalidRulesError(ConquianError):
    """A :class:`conquian.rules.Rules` value whose fields make no sense together."""


class MoveProblem(enum.Enum):
    """Why a move is refused: the machine-readable reason of :class:`IllegalMoveError`.

    A front end can act on it (point at :attr:`IllegalMoveError.card`, say it in its own
    words, link to :attr:`rules`); :func:`conquian.narration.explain_refusal` says it in
    each language of :mod:`conquian.languages`.
    """

    GAME_OVER = "game_over"
    """The game is over, so no move is legal. It cites no rule of its own; the message
    names the outcome, with its rule (a player went out, R16, or it is drawn, R15)."""
    NOT_YOUR_TURN = "not_your_turn"
    """It is the other player's turn, or nobody's."""
    NOT_A_MOVE = "not_a_move"
    """The value is not a move at all."""
    NOT_LEGAL = "not_legal"
    """Not one of the legal moves here, for no more precise reason, such as an action of
    :mod:`conquian.actions` the position does not offer (its number is
    :attr:`~IllegalMoveError.number`), or an error a program raised without a problem."""
    MUST_TAKE = "must_take"
    """The player was forced, so he must take :attr:`~IllegalMoveError.card` (R14b)."""
    MUST_FORCE_OR_RELEASE = "must_force_or_release"
    """The declined :attr:`~IllegalMoveError.card` awaits the player's force or release
    (R14b)."""
    NOTHING_TO_RELEASE = "nothing_to_release"
    """A release, but no declined card awaits a force (R14b)."""
    FORCING_NOT_ALLOWED = "forcing_not_allowed"
    """A force, but the rules' ``forcing`` option does not allow it now (V1);
    :attr:`~IllegalMoveError.setting` names the option."""
    NOT_PASSED = "not_passed"
    """A force of a card that was not passed to the player; only a passed card can be
    forced as an answer to an offer (R14b)."""
    DOES_NOT_FIT = "does_not_fit"
    """A force of a card that does not fit the opponent's table (R14a)."""
    NO_LAY_DOWN_RULE = "no_lay_down_rule"
    """A lay-down, but the rules (:attr:`~IllegalMoveError.setting`,
    ``meld_from_hand:false``) lay cards down only with a take (R12)."""
    LAY_DOWN_NOT_NOW = "lay_down_not_now"
    """A lay-down at a moment V3 does not allow, which is only after turning up a stock
    card, before taking or passing it."""
    EMPTY_LAY_DOWN = "empty_lay_down"
    """A lay-down of no card (V3)."""
    NOTHING_TO_LAY_DOWN = "nothing_to_lay_down"
    """A lay-down builder, but no hand card can be laid down now (V3)."""
    NOT_IN_HAND = "not_in_hand"
    """:attr:`~IllegalMoveError.card` is not in the player's hand."""
    OFFER_LAID = "offer_laid"
    """The offered card is listed among the laid hand cards (R11)."""
    MUST_DISCARD = "must_discard"
    """A take that keeps hand cards (:attr:`~IllegalMoveError.cards`) names no discard
    (R11; going out lays every card, R16)."""
    DISCARD_OFFER = "discard_offer"
    """The discard is the taken card, which goes on the table (R6)."""
    LAID_AND_DISCARDED = "laid_and_discarded"
    """The same card is laid down and discarded."""
    NOT_MELDS = "not_melds"
    """The new table (:attr:`~IllegalMoveError.cards`) does not split into melds (R6)."""
    NOT_A_MELD = "not_a_meld"
    """A named meld (:attr:`~IllegalMoveError.cards`) is not a meld (R4, R5)."""
    SEQUENCE_TOO_LONG = "sequence_too_long"
    """A named sequence is longer than the rules allow, :attr:`~IllegalMoveError.number`
    cards (R5, V4)."""
    CARD_TWICE = "card_twice"
    """The named table uses :attr:`~IllegalMoveError.card` twice, the second time in the
    meld :attr:`~IllegalMoveError.cards` (R6)."""
    WRONG_CARDS = "wrong_cards"
    """The named table does not hold exactly the new table's cards,
    :attr:`~IllegalMoveError.cards` (R13)."""
    TABLE_NOT_NAMED = "table_not_named"
    """The rules' regrouping (:attr:`~IllegalMoveError.setting`) needs the new table
    named (V2)."""
    TABLE_NOT_ALLOWED = "table_not_allowed"
    """The regrouping rules (:attr:`~IllegalMoveError.setting`) do not allow that table:
    under ``none`` existing melds stay whole, under ``borrow`` they may lend one card
    (V2)."""
    ALREADY_CHOSEN = "already_chosen"
    """:attr:`~IllegalMoveError.card` is already chosen in the take builder."""
    NOT_CHOSEN = "not_chosen"
    """:attr:`~IllegalMoveError.card` is not chosen in the take builder, so it cannot be
    removed."""
    CANNOT_ADD = "cannot_add"
    """No legal table holds :attr:`~IllegalMoveError.card` with the cards chosen in the
    take builder, :attr:`~IllegalMoveError.cards` (R6, R13)."""
    NO_ARRANGEMENT = "no_arrangement"
    """There is no table to choose in the take builder now (R13)."""
    NO_SUCH_ARRANGEMENT = "no_such_arrangement"
    """No arrangement of the take builder has that number; there are
    :attr:`~IllegalMoveError.number`."""
    MUST_ARRANGE = "must_arrange"
    """The table must be chosen first in the take builder (V2)."""
    INCOMPLETE = "incomplete"
    """The cards chosen in the take builder (:attr:`~IllegalMoveError.cards`) do not make
    a table yet (R6)."""
    NOT_A_DISCARD = "not_a_discard"
    """:attr:`~IllegalMoveError.card` cannot be discarded from the take builder; the
    discards are :attr:`~IllegalMoveError.cards` (none when the take goes out)."""
    NOT_ALL_LAID = "not_all_laid"
    """Going out lays every card, but the take builder leaves
    :attr:`~IllegalMoveError.cards` (R16)."""
    NO_LONG_MELD = "no_long_meld"
    """A take that goes out leaves no meld of :attr:`~IllegalMoveError.number` cards or
    more on the table, which ``Rules.long_meld`` asks for (M12)."""
    WRONG_FINISH = "wrong_finish"
    """The take builder is finished the wrong way (a take with ``lay_down()``, a lay-down
    with ``discard()`` or ``go_out()``)."""
    MOVED_ON = "moved_on"
    """The move (or the undo) was meant for an earlier position. The caller gave the
    ``ply`` it saw (:meth:`Game.play <conquian.game.Game.play>`), and the game is at move
    :attr:`~IllegalMoveError.number` now; a request sent twice is refused the second
    time."""
    MUST_GIVE = "must_give"
    """A move other than a give in the opening exchange, where the player must choose a
    card of his hand to give (M10)."""
    NOTHING_TO_GIVE = "nothing_to_give"
    """A give, but cards are given only in the opening exchange (M10)."""

    @property
    def rules(self) -> tuple[str, ...]:
        """The numbers of the rules that explain the refusal (see :doc:`/rules`).

        >>> MoveProblem.MUST_TAKE.rules
        ('R14b',)
        """
        return _MOVE_PROBLEM_RULES.get(self, ())


_MOVE_PROBLEM_RULES: dict[MoveProblem, tuple[str, ...]] = {
    MoveProblem.MUST_TAKE: ("R14b",),
    MoveProblem.MUST_FORCE_OR_RELEASE: ("R14b",),
    MoveProblem.NOTHING_TO_RELEASE: ("R14b",),
    MoveProblem.MUST_GIVE: ("M10",),
    MoveProblem.NOTHING_TO_GIVE: ("M10",),
    MoveProblem.FORCING_NOT_ALLOWED: ("V1",),
    MoveProblem.NOT_PASSED: ("R14b",),
    MoveProblem.DOES_NOT_FIT: ("R14a",),
    MoveProblem.NO_LAY_DOWN_RULE: ("R12",),
    MoveProblem.LAY_DOWN_NOT_NOW: ("V3",),
    MoveProblem.EMPTY_LAY_DOWN: ("V3",),
    MoveProblem.NOTHING_TO_LAY_DOWN: ("V3",),
    MoveProblem.OFFER_LAID: ("R11",),
    MoveProblem.MUST_DISCARD: ("R11", "R16"),
    MoveProblem.DISCARD_OFFER: ("R6",),
    MoveProblem.NOT_MELDS: ("R6",),
    MoveProblem.NOT_A_MELD: ("R4", "R5"),
    MoveProblem.SEQUENCE_TOO_LONG: ("R5", "V4"),
    MoveProblem.CARD_TWICE: ("R6",),
    MoveProblem.WRONG_CARDS: ("R13",),
    MoveProblem.TABLE_NOT_NAMED: ("V2",),
    MoveProblem.TABLE_NOT_ALLOWED: ("V2",),
    MoveProblem.CANNOT_ADD: ("R6", "R13"),
    MoveProblem.NO_ARRANGEMENT: ("R13",),
    MoveProblem.MUST_ARRANGE: ("V2",),
    MoveProblem.INCOMPLETE: ("R6",),
    MoveProblem.NOT_ALL_LAID: ("R16",),
    MoveProblem.NO_LONG_MELD: ("M12",),
}


class IllegalMoveError(ConquianError):
    """A move the rules do not allow in the current position.

    The position is never changed by a move that raises this error. The message is
    English; the attributes say the same for a program, which can act on them or say
    them in another language (:func:`conquian.narration.explain_refusal`).

    Attributes:
        problem: Why, as a :class:`MoveProblem`.
        card: The one card the reason is about (the card not in hand, the card that
            cannot be forced, ...), or ``None``.
        cards: The cards the reason lists (the cards kept, the table that does not split
            into melds, ...), in order; empty when it lists none.
        setting: The rules option behind the refusal, as ``name:value`` rules text (for
            example ``forcing:off``, see :meth:`Rules.parse
            <conquian.rules.Rules.parse>`), or ``None``.
        number: A number the reason gives (the longest sequence allowed, how many
            arrangements there are), or ``None``.
    """

    def __init__(
        self,
        message: str,
        *,
        problem: MoveProblem = MoveProblem.NOT_LEGAL,
        card: Card | None = None,
        cards: Iterable[Card] = (),
        setting: str | None = None,
        number: int | None = None,
    ) -> None:
        super().__init__(message)
        if problem.__class__ is not MoveProblem:
            raise TypeError(f"problem is a MoveProblem, not {describe(problem)}")
        if cards.__class__ is not tuple:  # read no more than a refusal can list
            cards = bounded_items(cards, "cards", "an iterable of cards", 40)
        if len(cards) > 40:
            raise ValueError("an IllegalMoveError lists at most the 40 cards of the pack")
        self.problem = problem
        self.card = card
        self.cards: tuple[Card, ...] = cards
        self.setting = setting
        self.number = number

    def reworded(self, message: str) -> IllegalMoveError:
        """The same refusal (problem, card, cards, setting, number) under ``message``: what
        a caller that wraps the engine's refusal in words of its own raises.

        >>> error = IllegalMoveError("no", problem=MoveProblem.NOT_YOUR_TURN, number=1)
        >>> again = error.reworded("not now: no")
        >>> str(again), again.problem is error.problem, again.number
        ('not now: no', True, 1)
        """
        return IllegalMoveError(
            message,
            problem=self.problem,
            card=self.card,
            cards=self.cards,
            setting=self.setting,
            number=self.number,
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r}, problem={self.problem})"


class InvalidStateError(ParseError):
    """A position string that cannot be read, or that describes a position that could
    never occur (a card twice or missing, a table that does not split into melds, hand
    and table counts that break R14, an offer in a phase that has none, ...)."""


class InvalidRecordError(ParseError):
    """A game record that cannot be read or replayed: malformed JSON, a missing or
    ill-typed field, an unknown format version, or a move that is not legal where it
    stands. The message names the field or the move number."""


class MeldProblem(enum.Enum):
    """Why cards are not a meld: the machine-readable reason of :class:`InvalidMeldError`."""

    TOO_FEW_CARDS = "too_few_cards"
    """Fewer than three cards (R4, R5)."""
    TOO_MANY_CARDS = "too_many_cards"
    """More cards than any meld can hold."""
    MIXED_RANKS_AND_SUITS = "mixed_ranks_and_suits"
    """Neither all of one rank (R4) nor all of one suit (R5)."""
    GAP = "gap"
    """One suit, but two cards next in order are not consecutive (R5)."""
    DUPLICATE_CARD = "duplicate_card"
    """The same card twice (the pack holds each card once, R1)."""
    WRAPS_AROUND = "wraps_around"
    """One suit, consecutive only if the king were next to the ace, like Q-K-A (R2)."""
    SEQUENCE_TOO_LONG = "sequence_too_long"
    """A sequence longer than the rules allow (R5, V4)."""


class InvalidMeldError(ConquianError):
    """Cards that do not form a valid meld (R4, R5).

    Attributes:
        reason: Why, as a :class:`MeldProblem`.
        cards: The cards as given, in the order given.
    """

    def __init__(self, message: str, *, reason: MeldProblem, cards: tuple[Card, ...]) -> None:
        super().__init__(message)
        self.reason = reason
        self.cards = cards
