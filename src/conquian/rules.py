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
from typing import Final

import attrs

from conquian.errors import InvalidRulesError

__all__ = ["CLASSIC", "Forcing", "Rules"]


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
        raise InvalidRulesError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise InvalidRulesError(f"{name} must be from {low} to {high} ({why}), not {value}")
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
                    f"forcing must be one of {names}, not {self.forcing!r}"
                ) from None

    @property
    def cards_to_go_out(self) -> int:
        """Table cards that win the game, the hand size plus the taken card (R16)."""
        return self.hand_size + 1


CLASSIC: Final = Rules()
"""The classic rule set of RULES.md (every variant at its first value)."""
