"""The payload audit of the web example's tests: the hidden cards a payload names, in
notation (``7h``, ``+2d3d5d``), with suit symbols (``7♥``) or by full name in any
language, searched in every text of the payload but ids, keys and codes."""

from __future__ import annotations

import re
from collections.abc import Iterable

from conquian import DECK, Card, Give, Observation

NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:[A2-7JQK][cdhs])+(?![A-Za-z0-9])")
"""A run of cards in notation, as in ``7h`` or ``+2d3d5d`` (not the "As" of "Ass")."""
PRETTY = re.compile(r"[A2-7JQK][♣♦♥♠]")
LANGUAGES = ("en", "es", "nl", "de")
NOT_CARDS = frozenset({"game", "key", "link", "lang", "mode", "bot", "format"})
"""Fields whose text is not about cards (ids, keys, codes), left out of the search."""
_NAMES = {card: [card.name(lang).lower() for lang in LANGUAGES] for card in DECK}


def strings(value: object, key: str = "") -> Iterable[str]:
    """Every text in a JSON value that may name cards (the keys of objects included)."""
    if key in NOT_CARDS:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner_key, inner in value.items():
            yield inner_key
            yield from strings(inner, inner_key)
    elif isinstance(value, list):
        for inner in value:
            yield from strings(inner, key)


def leaks(payload: object, hidden: Iterable[Card]) -> set[Card]:
    """The hidden cards a payload names, in notation, with suit symbols or by full name
    in any language."""
    text = "\n".join(strings(payload))  # no card's name holds a line break
    hidden = frozenset(hidden)
    found: set[Card] = set()
    runs = NOTATION.findall(text)
    tokens = [run[i : i + 2] for run in runs for i in range(0, len(run), 2)]
    for token in tokens + PRETTY.findall(text):
        card = Card.parse(token)
        if card in hidden:
            found.add(card)
    lowered = text.lower()
    for card in hidden:
        if any(name in lowered for name in _NAMES[card]):
            found.add(card)
    return found


def hidden_from(observation: Observation) -> frozenset[Card]:
    """The cards a seat may not see: those its observation does not show
    (:attr:`~conquian.Observation.unseen`), but for the cards of the opening exchange it
    has seen in its history (M10): the one it gave, now in the next player's hand."""
    seen = {
        entry.move.card
        for entry in observation.history
        if isinstance(entry.move, Give) and entry.move.card is not None
    }
    return observation.unseen - seen
