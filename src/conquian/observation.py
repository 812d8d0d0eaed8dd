"""What one player may know of a game: the view a bot or a front end is given.

>>> from conquian import State
>>> view = State.new(seed=7).observation(0)
>>> view.player, len(view.hand), view.stock_size
(0, 10, 19)
"""

from __future__ import annotations

import attrs

from conquian import _position
from conquian.cards import DECK, Card, sorted_cards
from conquian.melds import Meld
from conquian.phases import OfferOrigin, Outcome, Phase, Played
from conquian.rules import Rules

__all__ = ["Observation"]


@attrs.frozen
class Observation:
    """What one player may know of a game (what a bot or a front end is given).

    It holds the player's own hand, both tables, the offered card and where it came from,
    the dead cards (each was seen face up), the stock size, both hand sizes, the phase,
    whose decision it is and the public history — and nothing else: not the opponent's
    hand, not the stock order. Equal observations mean the same knowledge.
    """

    player: int
    rules: Rules
    dealer: int
    phase: Phase
    to_move: int | None
    hand: frozenset[Card]
    hand_sizes: tuple[int, int]
    tables: tuple[tuple[Meld, ...], tuple[Meld, ...]]
    offer: Card | None
    offer_origin: OfferOrigin | None
    offered_by: int | None
    dead: tuple[Card, ...]
    stock_size: int
    ply: int
    history: tuple[Played, ...]
    outcome: Outcome | None

    def to_notation(self) -> str:
        """The observation as one line, in the position-string style but with only what
        this player may know (see :doc:`/notation`); the history is not included.

        >>> from conquian import State
        >>> State.new(seed=7).observation(0).to_notation().split()[:3]
        ['conquian-view/1', 'player=0', 'rules=classic']
        """
        origin = (
            "-" if self.offer_origin is None else f"{self.offer_origin.value}:{self.offered_by}"
        )
        return _position.join(
            _position.VIEW_TAG,
            {
                "player": str(self.player),
                "rules": self.rules.to_notation(),
                "dealer": str(self.dealer),
                "ply": str(self.ply),
                "phase": self.phase.value,
                "to_move": "-" if self.to_move is None else str(self.to_move),
                "offer": "-" if self.offer is None else str(self.offer),
                "from": origin,
                "stock_size": str(self.stock_size),
                "hand": _position.cards_text(sorted_cards(self.hand)),
                "hand_sizes": f"{self.hand_sizes[0]},{self.hand_sizes[1]}",
                "table0": _position.table_text(self.tables[0]),
                "table1": _position.table_text(self.tables[1]),
                "dead": _position.cards_text(self.dead),
                "result": _position.result_text(self.outcome),
            },
        )

    def __str__(self) -> str:
        return self.to_notation()

    @property
    def opponent(self) -> int:
        """The other player."""
        return 1 - self.player

    @property
    def unseen(self) -> frozenset[Card]:
        """Cards this player has not seen (the opponent's hand and the stock)."""
        seen: set[Card] = set(self.hand)
        for table in self.tables:
            for meld in table:
                seen.update(meld.cards)
        seen.update(self.dead)
        if self.offer is not None:
            seen.add(self.offer)
        return frozenset(DECK) - seen
