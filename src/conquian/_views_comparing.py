"""Private: what the JSON views read is compared with what they would write (see
:mod:`conquian.views`): a field the writer does not write, or a derived field (a
history entry's fate, a move's structured fields) that says something else, is refused.

>>> same_json({"a": [1, "7h"]}, {"a": [1, "7h"]})
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from conquian.cards import DECK, parse_cards
from conquian.errors import ConquianError, InvalidStateError, describe

__all__ = ["CARD_TEXT", "check_as_written", "is_card_text", "same_json"]

CARD_TEXT: Final = re.compile("[A2-7JQK][cdhs]")
"""A card as the JSON views write it and their schema's ``card`` allows it: rank then
suit, two ASCII letters, no space (``7h``, never ``7H``, ``1h``, `` 7h`` or ``7♥``)."""


def is_card_text(value: object) -> bool:
    """Whether ``value`` is one card's text as the views write it (:data:`CARD_TEXT`)."""
    return isinstance(value, str) and CARD_TEXT.fullmatch(value) is not None


def check_as_written(data: object, write: Callable[[], Mapping[str, Any]], what: str) -> None:
    """Refuse ``data`` (read into a value whose :meth:`to_dict` is ``write()``) if it has
    a field ``to_dict`` does not write, or if a field derived from another one says
    something else: a history entry's ``fate``, or a move's ``kind``, ``laid``,
    ``discard``, ``goes_out`` or ``table`` that is not what the move's text and the game
    make of it (a table the value does not know, in a history that does not start at the
    deal, must only be a table). Card text is read as cards, as the readers read it.

    Raises:
        InvalidStateError: The field that disagrees, named (or, from ``write``, a history
            that lays a card twice).
    """
    assert isinstance(data, Mapping)
    try:
        written = write()
    except InvalidStateError:
        raise
    except ConquianError as error:
        raise InvalidStateError(f"{what}: history: {error}") from None
    _known_fields(data, written, f"{what}: unknown field")
    for key in ("history", "moves"):
        if key not in written:
            continue
        given, wrote = data[key], written[key]
        assert len(given) == len(wrote), (what, key)
        for number, (item, expected) in enumerate(zip(given, wrote, strict=True), start=1):
            if same_json(item, expected):
                continue  # as written: the checks below pass (and read its cards again)
            if key == "moves":
                _same_move(item, expected, f"{what}: move {number}")
                continue
            where = f"{what}: history entry {number}"
            _known_fields(item, expected, f"{where}: unknown field")
            if item.get("fate") != expected["fate"]:
                raise InvalidStateError(
                    f"{where}: the fate {describe(item.get('fate'))} is not what its move "
                    f"does there: {expected['fate']}"
                )
            _same_move(item["move"], expected["move"], where)


_SCALARS: Final = frozenset({str, int, bool, type(None)})


def same_json(given: Any, written: Any) -> bool:
    """Whether the JSON-shaped data ``given`` is ``written`` (JSON data as the views write
    it: ``dict``, ``list``, ``str``, ``int``, ``bool`` and ``None``), value for value and
    of the same types: ``1`` is not ``true`` nor ``1.0``, a tuple is not a list, and
    ``"7H"`` is not ``"7h"``. Keys may come in any order.

    >>> same_json({"a": [1, "7h"], "b": None}, {"b": None, "a": [1, "7h"]})
    True
    >>> same_json({"goes_out": 1}, {"goes_out": True}), same_json(("7h",), ["7h"])
    (False, False)
    """
    kind = written.__class__
    if given.__class__ is not kind:
        return False
    pairs: Iterable[tuple[Any, Any]]
    if kind is dict:
        if given.keys() != written.keys():
            return False
        pairs = [(given[key], value) for key, value in written.items()]
    elif kind is list:
        if len(given) != len(written):
            return False
        pairs = zip(given, written, strict=True)
    else:
        return bool(given == written)
    # Scalars are compared here rather than in a call each: twice as fast.
    for item, value in pairs:
        if value.__class__ in _SCALARS:
            if item.__class__ is not value.__class__ or item != value:
                return False
        elif not same_json(item, value):
            return False
    return True


def _known_fields(given: Mapping[str, Any], written: Mapping[str, Any], refusal: str) -> None:
    """Every field of ``given`` must be one of ``written``'s; else ``refusal`` and the
    field's name."""
    for key in given:
        if key not in written:
            raise InvalidStateError(
                f"{refusal} {describe(key)}: the fields are {', '.join(written)}"
            )


def _same_move(given: Mapping[str, Any], written: Mapping[str, Any], where: str) -> None:
    """The structured fields given for a move must say what its text says."""
    _known_fields(given, written, f"{where}: a move of kind {written['kind']} has no field")
    for key, expected in written.items():
        if key == "text" or (key not in given and key != "kind"):
            continue  # the text was read; the other fields but the kind may be left out
        value = given.get(key)
        if key in ("laid", "discard", "table"):
            try:
                said = _cards_said(key, value)
            except ValueError:  # not card text, or a card twice
                same = False
            else:  # a table is unknown (null) when the history is not from the deal
                same = (key == "table" and expected is None) or said == _cards_said(key, expected)
        else:  # kind, goes_out: the same JSON value (not 1 for true)
            same = type(value) is type(expected) and value == expected
        if not same:
            raise InvalidStateError(
                f"{where}: the move's {key} {describe(value)} is not what "
                f"{describe(given['text'])} does: {_said(expected)}"
            )


def _cards_said(key: str, value: object) -> object:
    """What a move's ``laid``, ``discard`` or ``table`` field says, as sorted card
    indices (a table as its sorted melds); ``None`` for null. :class:`ValueError` if it
    is not card text of that shape, or names a card twice."""
    if value is None:
        return None
    if key == "discard":
        return _indices_said([value])
    if key == "laid":
        return _indices_said(value)
    if not isinstance(value, list) or len(value) > len(DECK):
        raise ValueError("not a table")
    return tuple(sorted(_indices_said(meld) for meld in value))


def _indices_said(value: object) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) > len(DECK)
        or not all(is_card_text(card) for card in value)
    ):
        raise ValueError("not a list of cards")
    return tuple(sorted(card.index for card in parse_cards(" ".join(value))))  # ConquianError


def _said(value: object) -> str:
    """A written field's value for a message."""
    if isinstance(value, list):
        return json.dumps(value) if len(value) <= 13 else describe(value)
    return json.dumps(value)
