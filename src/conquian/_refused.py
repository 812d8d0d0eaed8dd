"""Private: a refusal built with its English message from the one source of its words.

:func:`refused` makes the :class:`~conquian.errors.IllegalMoveError` of a
:class:`~conquian.errors.MoveProblem` with the card, cards, rules option or number it is
about, its message the English refusal phrase of the problem (``conquian._refusals``),
which :func:`conquian.narration.explain_refusal` says in every language: the engine
(``conquian.legality``), the take builder and the game raise their refusals through it,
so an error's message and the explanation cannot drift apart.

>>> from conquian.cards import Card
>>> str(refused(MoveProblem.NOT_IN_HAND, card=Card.parse("4h")))
'4h is not in your hand'
"""

from __future__ import annotations

from conquian._refusals import english_refusal
from conquian.cards import Card, format_cards
from conquian.errors import IllegalMoveError, MoveProblem

__all__ = ["refused"]


def refused(
    problem: MoveProblem,
    about: int | None = None,
    *,
    card: Card | None = None,
    cards: tuple[Card, ...] = (),
    setting: str | None = None,
    number: int | None = None,
    detail: str | None = None,
) -> IllegalMoveError:
    """The refusal of ``problem`` with its fields; its message speaks to the player, or
    about player ``about`` in the third person (as a game record's replay does), cards
    in their short notation, with ``detail`` after the phrase if given."""
    message = english_refusal(
        problem,
        about,
        card=None if card is None else str(card),
        cards=format_cards(cards),
        setting=setting,
        number=number,
        detail=detail,
    )
    return IllegalMoveError(
        message, problem=problem, card=card, cards=cards, setting=setting, number=number
    )
