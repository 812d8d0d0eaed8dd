"""conquian: the rules of Conquian, the oldest rummy game, as a typed Python library.

The package re-exports the public API; see the documentation for a tour.
"""

from conquian._version import __version__
from conquian.cards import DECK, Card, Rank, Suit, format_cards, parse_cards, sorted_cards
from conquian.errors import (
    ConquianError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveNotationError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidStateError,
    ParseError,
)
from conquian.game import Game, GameRecord
from conquian.match import Match
from conquian.melds import (
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldProblem,
    can_partition,
    check_meld,
    fits,
    is_meld,
    partitions,
)
from conquian.moves import Decline, Force, LayDown, LegalMoves, Move, Release, Take, parse_move
from conquian.rules import (
    CLASSIC,
    PRESETS,
    DrawSettlement,
    Forcing,
    Regrouping,
    Rules,
    Scoring,
    find_rules,
)
from conquian.state import (
    Fate,
    Observation,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    Played,
    State,
    deal_order,
)

__all__ = [
    "CLASSIC",
    "DECK",
    "PRESETS",
    "Card",
    "ConquianError",
    "Decline",
    "DrawSettlement",
    "Fate",
    "Force",
    "Forcing",
    "Game",
    "GameRecord",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidMoveNotationError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidStateError",
    "LayDown",
    "LegalMoves",
    "Match",
    "Meld",
    "MeldKind",
    "MeldProblem",
    "Move",
    "Observation",
    "OfferOrigin",
    "Outcome",
    "OutcomeKind",
    "ParseError",
    "Phase",
    "Played",
    "Rank",
    "Regrouping",
    "Release",
    "Rules",
    "Scoring",
    "State",
    "Suit",
    "Take",
    "__version__",
    "can_partition",
    "check_meld",
    "deal_order",
    "find_rules",
    "fits",
    "format_cards",
    "is_meld",
    "parse_cards",
    "parse_move",
    "partitions",
    "sorted_cards",
]
