"""Rules: every rule choice of a game as one frozen value.

The engine never hard-codes a rule-dependent number: hand size, the cards needed to go
out, the longest sequence and the forcing mode all come from a :class:`Rules` value. The
classic rule set of :doc:`/rules` is :data:`CLASSIC` (``Rules()``).

>>> from conquian import Rules
>>> Rules().max_sequence, Rules().cards_to_go_out
(8, 11)
>>> Rules(max_sequence=12)
Traceback (most recent call last):
...
conquian.errors.InvalidRulesError: max_sequence must be from 3 to 10 (a suit has 10 ranks), not 12
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from conquian.cards import DECK
from conquian.errors import InvalidRulesError, checked_text, describe

__all__ = [
    "BICYCLE",
    "CLASSIC",
    "FOSTER",
    "MEXICAN",
    "PRESETS",
    "TERCERILLA",
    "DrawSettlement",
    "Forcing",
    "Regrouping",
    "Rules",
    "Scoring",
    "StockOut",
    "find_rules",
]

MAX_RULES_TEXT: Final = 1_000
"""The longest rules text :meth:`Rules.parse` reads (rules text is far shorter)."""

_COUNT_WORDS: Final = {2: "two", 3: "three"}

RuleValue = int | str | bool | None
"""A rule value as it appears in text and JSON: a number, a name, a flag or nothing."""


class Forcing(enum.Enum):
    """Who may make an opponent take a declined card (V1, R14b)."""

    DECLINED = "declined"
    """Any declined card that fits the decliner's table (R14b cases a and b); classic."""
    DISCARDS_ONLY = "discards_only"
    """Only a declined card that was the forcer's own discard (R14b case a)."""
    OFF = "off"
    """No forcing."""


class Regrouping(enum.Enum):
    """How a player may rearrange his table when he takes a card (V2, R13)."""

    FREE = "free"
    """Any split of the old table, the taken card and the laid cards into melds (R13)."""
    BORROW = "borrow"
    """Foster's rule. Cards join existing melds or form new ones, and one card may be
    borrowed for a new meld from a group of four or from the end of a sequence of four or
    more."""
    NONE = "none"
    """Cards only join existing melds or form new melds; existing melds stay whole."""


class DrawSettlement(enum.Enum):
    """What a drawn game does to the stakes of a match (V5, R18)."""

    NONE = "none"
    """A draw pays nothing (R18)."""
    DOUBLE_NEXT = "double_next"
    """The next game is played for twice the stake, compounding over successive draws."""
    CARRY_FORWARD = "carry_forward"
    """The drawn game's stake is added to the next game's."""
    POOL = "pool"
    """Foster's tableau, in which each player puts one counter in a pool the next winner
    takes."""


class Scoring(enum.Enum):
    """How a match is scored (V6)."""

    STAKES = "stakes"
    """The loser pays the winner one stake (R18)."""
    POINTS = "points"
    """The winner scores the cards left in the loser's hand (2-7 at face value, J Q K
    10, A 15); the match is played to a target."""


class StockOut(enum.Enum):
    """How a game ends when a card dies and the stock is empty (M8, R15)."""

    DRAW = "draw"
    """The game is drawn (R15); classic, and pagat's Mexican game."""
    FEWEST_CARDS = "fewest_cards"
    """The player with the fewest cards in hand wins; a tie for fewest is a draw
    (gamevelvet's three-player game)."""


def _check_int(name: str, value: object, low: int, high: int, why: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRulesError(f"{name} must be a whole number, not {describe(value)}")
    if not low <= value <= high:
        raise InvalidRulesError(
            f"{name} must be from {low} to {high} ({why}), not {describe(value)}"
        )
    return value


@attrs.frozen(kw_only=True)
class Rules:
    """The rule choices of one game. Equal values mean the same game rules.

    Attributes:
        players: The number of players, 2 or 3 (R3, M1). Seats are numbered 0 to
            ``players - 1`` in the order of play.
        hand_size: Cards dealt to each player (R8, M2); a player goes out with one more
            (R16, M7). The stock keeps at least one card: at most 19 with two players,
            13 with three.
        max_sequence: The longest valid sequence (R5, V4).
        forcing: Which declined cards may be forced (R14b, V1).
        regrouping: How a table may be rearranged when a card is taken (R13, V2).
        meld_from_hand: Whether a player who has turned up a stock card may lay down
            cards from his hand before deciding on it (V3).
        draw_settlement: What a draw does to the stakes of a match (R18, V5).
        scoring: Stakes or points (R18, V6).
        target: The points that win a match when scoring points (V6), else ``None``.
        deal_batch: Cards dealt at a time, 1 or 2 (R8, V7).
        initial_upcard: Whether the dealer turns the first card, offered to the
            non-dealer and then to the dealer (V8).
        stock_out: What happens when a card dies and the stock is empty: a draw (R15) or
            a win for the player with the fewest cards in hand (M8).
        exchange: Whether the game opens with the exchange: after the deal each player
            gives one card of his hand to the next player (M10).
        long_meld: To go out, the table must hold a meld of at least this many cards
            (M12: 4 in the regional two-player game of the Spanish Wikipedia, with
            ``hand_size=9``), or ``None``: any table of melds goes out (R16, M7).

    Raises:
        InvalidRulesError: A field has a value that makes no sense, saying which.
    """

    players: int = 2
    hand_size: int = 10
    max_sequence: int = 8
    forcing: Forcing = Forcing.DECLINED
    regrouping: Regrouping = Regrouping.FREE
    meld_from_hand: bool = False
    draw_settlement: DrawSettlement = DrawSettlement.NONE
    scoring: Scoring = Scoring.STAKES
    target: int | None = None
    deal_batch: int = 1
    initial_upcard: bool = False
    stock_out: StockOut = StockOut.DRAW
    exchange: bool = False
    long_meld: int | None = None

    def __attrs_post_init__(self) -> None:
        _check_int("players", self.players, 2, 3, "two or three players, M1")
        # M2: the hands leave at least one stock card to turn up (R10).
        _check_int(
            "hand_size",
            self.hand_size,
            1,
            (len(DECK) - 1) // self.players,
            f"{_COUNT_WORDS[self.players]} hands and a stock card out of 40",
        )
        _check_int("max_sequence", self.max_sequence, 3, 10, "a suit has 10 ranks")
        _check_int("deal_batch", self.deal_batch, 1, 2, "one or two cards at a time")
        for name, kind in (
            ("forcing", Forcing),
            ("regrouping", Regrouping),
            ("draw_settlement", DrawSettlement),
            ("scoring", Scoring),
            ("stock_out", StockOut),
        ):
            value = getattr(self, name)
            if not isinstance(value, kind):
                object.__setattr__(self, name, _enum_value(name, value, kind))
        for name in ("meld_from_hand", "initial_upcard", "exchange"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRulesError(
                    f"{name} must be true or false, not {describe(getattr(self, name))}"
                )
        if self.scoring is Scoring.POINTS:
            if self.target is None:
                raise InvalidRulesError("scoring points needs a target, such as target:100")
            _check_int("target", self.target, 1, 10_000, "the points that win a match")
            if self.draw_settlement is not DrawSettlement.NONE:
                raise InvalidRulesError(
                    "draw_settlement and scoring clash: draw settlements share stakes, and "
                    "with scoring points a draw scores nothing"
                )
        elif self.target is not None:
            raise InvalidRulesError(
                "target and scoring clash: a target is only for scoring points"
            )
        if self.long_meld is not None:
            # M12: every meld has three cards, so a long meld has four or more.
            _check_int("long_meld", self.long_meld, 4, 10, "a meld of four cards or more")
            if self.long_meld > max(4, self.max_sequence):
                raise InvalidRulesError(
                    f"long_meld and max_sequence clash: no meld has {self.long_meld} cards "
                    f"(a group has four, a sequence at most {self.max_sequence})"
                )
            if self.long_meld > self.cards_to_go_out:
                raise InvalidRulesError(
                    f"long_meld and hand_size clash: a table that goes out holds "
                    f"{self.cards_to_go_out} cards, fewer than a meld of {self.long_meld}"
                )
        if self.deal_batch == 2 and self.hand_size % 2:
            raise InvalidRulesError(
                "deal_batch and hand_size clash: dealing two at a time needs an even hand size"
            )

    @property
    def cards_to_go_out(self) -> int:
        """Table cards that win the game, the hand size plus the taken card (R16)."""
        return self.hand_size + 1

    def to_dict(self) -> dict[str, RuleValue]:
        """Every rule as a JSON-ready value, by field name; ``exchange`` (M10) only when
        it is on and ``long_meld`` (M12) only when it is set, so that the data of every
        game without them is as it was.

        >>> Rules(forcing=Forcing.OFF).to_dict()["forcing"]
        'off'
        >>> "exchange" in Rules().to_dict(), Rules(exchange=True).to_dict()["exchange"]
        (False, True)
        """
        return {
            field.name: _plain(getattr(self, field.name))
            for field in _public_fields()
            if (field.name != "exchange" or self.exchange)
            and (field.name != "long_meld" or self.long_meld is not None)
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, base: Rules | None = None) -> Rules:
        """Rules from field values (missing fields keep ``base``'s, default classic).

        Raises:
            InvalidRulesError: An unknown field, a value of the wrong type, or values that
                make no sense together.
            TypeError: ``base`` is not a :class:`Rules` or ``None``.

        >>> Rules.from_dict({"max_sequence": 10}).max_sequence
        10
        """
        if base is not None:
            check_rules(base, "base")
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules must be a mapping of fields, not {describe(data)}")
        fields = {field.name: field for field in _public_fields()}
        values: dict[str, Any] = {}
        for name, value in data.items():
            field = fields.get(name) if isinstance(name, str) else None
            if field is None:
                raise _unknown_rule(name)
            values[name] = _typed(name, value, field.type)
        return attrs.evolve(base if base is not None else CLASSIC, **values)

    def setting(self, name: str) -> str:
        """One rule as rules text, ``name:value``, the form :meth:`parse` reads after a
        preset and :attr:`IllegalMoveError.setting <conquian.errors.IllegalMoveError.setting>`
        names.

        Raises:
            InvalidRulesError: ``name`` is not a rule.

        >>> Rules().setting("forcing"), Rules(target=None).setting("target")
        ('forcing:declined', 'target:none')
        """
        if not isinstance(name, str) or name not in _FIELD_NAMES:
            raise _unknown_rule(name)
        return f"{name}:{_text(_plain(getattr(self, name)))}"

    def to_notation(self) -> str:
        """The rules as one word: the nearest preset's name, then the fields that differ
        from it, in field order.

        The nearest preset is the one the fewest fields differ from; between presets as
        near, the one whose text is shorter, then the first of :data:`PRESETS`. Rules
        equal to a preset are its name alone. :meth:`parse` reads the text back to equal
        rules.

        >>> Rules().to_notation(), Rules(max_sequence=10).to_notation()
        ('classic', 'classic,max_sequence:10')
        >>> Rules(hand_size=8, exchange=True).to_notation()
        'mexican,exchange:true'
        >>> Rules(players=3, hand_size=8, forcing=Forcing.OFF).to_notation()
        'tercerilla,forcing:off'
        """
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        changes = {name: _changed(preset, self) for name, preset in PRESETS.items()}
        fewest = min(map(len, changes.values()))
        texts = [
            ",".join([name, *map(self.setting, fields)])
            for name, fields in changes.items()
            if len(fields) == fewest
        ]
        return min(texts, key=len)  # the first of the shortest

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read :meth:`to_notation`'s form: ``PRESET[,field:value...]``.

        Raises:
            InvalidRulesError: An unknown preset or field, or a bad value.

        >>> Rules.parse("classic,forcing:off").forcing
        <Forcing.OFF: 'off'>
        """
        if not isinstance(text, str) or not text.strip():
            raise InvalidRulesError(f"rules text must name a preset, not {describe(text)}")
        checked_text(text, "rules text", MAX_RULES_TEXT, InvalidRulesError)
        name, *changes = text.strip().split(",")
        values: dict[str, object] = {}
        for change in changes:
            key, colon, value = change.partition(":")
            if not colon or not key or not value:
                raise InvalidRulesError(f"{describe(change)} is not field:value")
            if key in values:
                raise InvalidRulesError(f"rule {describe(key)} is given twice")
            optional = any(f.name == key and f.type == (int | None) for f in _public_fields())
            values[key] = None if optional and value == "none" else _from_text(value)
        return cls.from_dict(values, base=find_rules(name))


attrs.resolve_types(Rules)

CLASSIC: Final[Rules] = Rules()
"""The classic rule set of :doc:`/rules`, ``Rules()``, with every variant at its first
value.

:meta hide-value:
"""

FOSTER: Final[Rules] = Rules(
    regrouping=Regrouping.BORROW,
    max_sequence=10,
    draw_settlement=DrawSettlement.POOL,
    deal_batch=2,
)
"""The rules of R. F. Foster's *Complete Hoyle*, with borrowing (V2), sequences up to 10
(V4), the pool for draws (V5), and the deal two at a time (V7).

:meta hide-value:
"""

BICYCLE: Final[Rules] = Rules(
    forcing=Forcing.DISCARDS_ONLY,
    meld_from_hand=True,
    max_sequence=10,
)
"""The Bicycle rules, in which only a declined discard is forced (V1), a player may meld
from the hand after turning a card (V3), and sequences run up to 10 (V4).

:meta hide-value:
"""

MEXICAN: Final[Rules] = Rules(players=2, hand_size=8)
"""The rules of Mexican Conquian for two players, as M1 to M9 of :doc:`/rules` say, with
eight cards each and nine on the table to go out (M7); every other rule is classic.
``Rules.parse("mexican,players:3")`` is :data:`TERCERILLA`.

>>> MEXICAN.hand_size, MEXICAN.cards_to_go_out, MEXICAN.players
(8, 9, 2)

:meta hide-value:
"""

TERCERILLA: Final[Rules] = Rules(players=3, hand_size=8)
"""The rules of Mexican Conquian for three players, the *tercerilla*, which are
:data:`MEXICAN` with ``players=3`` (M1 to M9).

>>> Rules.parse("mexican,players:3") == TERCERILLA, TERCERILLA.to_notation()
(True, 'tercerilla')

:meta hide-value:
"""

PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        "classic": CLASSIC,
        "foster": FOSTER,
        "bicycle": BICYCLE,
        "mexican": MEXICAN,
        "tercerilla": TERCERILLA,
    }
)
"""The named rule sets by their names, read-only; ``"classic"`` for :data:`CLASSIC`,
``"foster"`` for :data:`FOSTER`, ``"bicycle"`` for :data:`BICYCLE`, ``"mexican"`` for
:data:`MEXICAN` and ``"tercerilla"`` for :data:`TERCERILLA` (M9).

:meta hide-value:
"""


def check_rules(rules: object, name: str = "rules") -> Rules:
    """``rules`` if it is a :class:`Rules`, else :class:`TypeError` naming the parameter
    ``name`` (for the functions that take rules)."""
    if rules.__class__ is not Rules:
        raise TypeError(f"{name} must be a Rules value, not {describe(rules)}")
    return rules


def find_rules(name: str) -> Rules:
    """The preset called ``name`` (case-insensitive).

    Raises:
        InvalidRulesError: No preset has that name.

    >>> find_rules("classic") == Rules()
    True
    """
    preset = PRESETS.get(name.strip().lower()) if isinstance(name, str) else None
    if preset is None:
        raise InvalidRulesError(
            f"no rule preset is called {describe(name)}: the presets are {', '.join(PRESETS)}"
        )
    return preset


def _public_fields() -> tuple[attrs.Attribute[Any], ...]:
    return tuple(field for field in attrs.fields(Rules) if field.init)


_FIELD_NAMES: Final = tuple(field.name for field in _public_fields())
# One C call for the 14 values: Rules.to_notation of rules equal to no preset takes
# 10.8 us with it, 19.9 us with a getattr for each field of each preset (timeit).
_values: Final = operator.attrgetter(*_FIELD_NAMES)
"""Every field's value of a rules value, in field order."""


def _changed(base: Rules, rules: Rules) -> list[str]:
    """The names of the fields whose values differ between ``base`` and ``rules``."""
    pairs = zip(_FIELD_NAMES, _values(base), _values(rules), strict=True)
    return [name for name, old, new in pairs if old != new]


def _unknown_rule(name: object) -> InvalidRulesError:
    known = ", ".join(_FIELD_NAMES)
    return InvalidRulesError(f"unknown rule {describe(name, 8)}: the rules are {known}")


def _enum_value(name: str, value: object, kind: type[enum.Enum]) -> enum.Enum:
    for member in kind:
        if member.value == value or member is value:  # its value, or the member itself
            return member
    names = ", ".join(str(member.value) for member in kind)
    raise InvalidRulesError(f"{name} must be one of {names}, not {describe(value)}")


def _plain(value: object) -> RuleValue:
    if isinstance(value, enum.Enum):
        return str(value.value)
    assert value is None or isinstance(value, int | str)
    return value


def _text(value: RuleValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _from_text(text: str) -> RuleValue:
    if text in ("true", "false"):
        return text == "true"
    if text.isascii() and text.isdigit():  # at most MAX_RULES_TEXT digits: a quick int()
        return int(text)
    return text


def _typed(name: str, value: object, kind: object) -> object:
    """Check a JSON or text value against a field's type; enums are read by value."""
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum_value(name, value, kind)
    if value is None and kind == (int | None):
        return None
    if kind in ("bool", bool):
        if not isinstance(value, bool):
            raise InvalidRulesError(f"{name} must be true or false, not {describe(value)}")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRulesError(f"{name} must be a whole number, not {describe(value)}")
    return value
