"""Rules: every rule choice of a game as one frozen value.

The engine never hard-codes a rule-dependent number: hand size, the cards needed to go
out, the longest sequence and the forcing mode all come from a :class:`Rules` value. The
classic rule set of RULES.md is :data:`CLASSIC` (``Rules()``).

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
from collections.abc import Mapping
from typing import Any, Final

import attrs

from conquian import _bits
from conquian.errors import InvalidRulesError, describe

__all__ = ["CLASSIC", "PRESETS", "Forcing", "Rules", "find_rules"]

RuleValue = int | str | bool
"""A rule value as it appears in text and JSON: a number, a name or a flag."""


class Forcing(enum.Enum):
    """Who may make an opponent take a declined card (V1, R14b)."""

    DECLINED = "declined"
    """Any declined card that fits the decliner's table (R14b cases a and b); classic."""
    DISCARDS_ONLY = "discards_only"
    """Only a declined card that was the forcer's own discard (R14b case a)."""
    OFF = "off"
    """No forcing."""


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
        players: The number of players (R3). Only 2 is supported.
        hand_size: Cards dealt to each player (R8); a player goes out with one more (R16).
        max_sequence: The longest valid sequence (R5, V4).
        forcing: Which declined cards may be forced (R14b, V1).

    Raises:
        InvalidRulesError: A field has a value that makes no sense, saying which.
    """

    players: int = 2
    hand_size: int = 10
    max_sequence: int = 8
    forcing: Forcing = Forcing.DECLINED
    _melds: _bits.MeldTable = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_int("players", self.players, 2, 2, "only the two-player game is supported")
        _check_int("hand_size", self.hand_size, 1, 19, "two hands and a stock card out of 40")
        _check_int("max_sequence", self.max_sequence, 3, 10, "a suit has 10 ranks")
        if not isinstance(self.forcing, Forcing):
            try:
                object.__setattr__(self, "forcing", Forcing(self.forcing))
            except ValueError:
                names = ", ".join(f.value for f in Forcing)
                raise InvalidRulesError(
                    f"forcing must be one of {names}, not {describe(self.forcing)}"
                ) from None
        # The engine's precomputed melds for these rules (not part of the value).
        object.__setattr__(self, "_melds", _bits.meld_table(self.max_sequence))

    @property
    def cards_to_go_out(self) -> int:
        """Table cards that win the game, the hand size plus the taken card (R16)."""
        return self.hand_size + 1

    def to_dict(self) -> dict[str, RuleValue]:
        """Every rule as a JSON-ready value, by field name.

        >>> Rules(forcing=Forcing.OFF).to_dict()["forcing"]
        'off'
        """
        return {field.name: _plain(getattr(self, field.name)) for field in _public_fields()}

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, base: Rules | None = None) -> Rules:
        """Rules from field values (missing fields keep ``base``'s, default classic).

        Raises:
            InvalidRulesError: An unknown field, a value of the wrong type, or values that
                make no sense together.

        >>> Rules.from_dict({"max_sequence": 10}).max_sequence
        10
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules must be a mapping of fields, not {describe(data)}")
        fields = {field.name: field for field in _public_fields()}
        values: dict[str, Any] = {}
        for name, value in data.items():
            field = fields.get(name) if isinstance(name, str) else None
            if field is None:
                known = ", ".join(fields)
                raise InvalidRulesError(f"unknown rule {describe(name)}: the rules are {known}")
            values[name] = _typed(name, value, field.type)
        return attrs.evolve(base if base is not None else CLASSIC, **values)

    def to_notation(self) -> str:
        """The rules as one word: a preset name, then any fields that differ from it.

        >>> Rules().to_notation(), Rules(max_sequence=10).to_notation()
        ('classic', 'classic,max_sequence:10')
        """
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        classic = CLASSIC.to_dict()
        changed = [
            f"{key}:{_text(value)}"
            for key, value in self.to_dict().items()
            if value != classic[key]
        ]
        return ",".join(["classic", *changed])

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
        if len(text) > 1000:
            raise InvalidRulesError(f"rules text is at most 1000 characters, not {len(text)}")
        name, *changes = text.strip().split(",")
        values: dict[str, object] = {}
        for change in changes:
            key, colon, value = change.partition(":")
            if not colon or not key or not value:
                raise InvalidRulesError(f"{describe(change)} is not field:value")
            if key in values:
                raise InvalidRulesError(f"rule {describe(key)} is given twice")
            values[key] = _from_text(value)
        return cls.from_dict(values, base=find_rules(name))


attrs.resolve_types(Rules)

CLASSIC: Final = Rules()
"""The classic rule set of RULES.md (every variant at its first value)."""

PRESETS: Final[Mapping[str, Rules]] = {"classic": CLASSIC}
"""The named rule sets, by name."""


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


def _plain(value: object) -> RuleValue:
    if isinstance(value, enum.Enum):
        return str(value.value)
    assert isinstance(value, int | str)
    return value


def _text(value: RuleValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _from_text(text: str) -> RuleValue:
    if text in ("true", "false"):
        return text == "true"
    if text and not text.strip("0123456789") and len(text) <= 3:
        return int(text)
    return text


def _typed(name: str, value: object, kind: object) -> object:
    """Check a JSON or text value against a field's type; enums are read by value."""
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if member.value == value:
                return member
        names = ", ".join(str(member.value) for member in kind)
        raise InvalidRulesError(f"{name} must be one of {names}, not {describe(value)}")
    if kind in ("bool", bool):
        if not isinstance(value, bool):
            raise InvalidRulesError(f"{name} must be true or false, not {describe(value)}")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRulesError(f"{name} must be a whole number, not {describe(value)}")
    return value
