"""Private: the JSON views written (see :mod:`conquian.views`): moves, history
entries, observations, states and games as plain ``dict`` data, each typed as what it
writes (the State and Observation types are read for annotations only: those classes
call these writers).

>>> from conquian import State
>>> data = state_to_dict(State.new(seed=7))
>>> data["format"], data["version"], data["offer"]
('conquian-state', 1, 'Kd')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from conquian import _bits
from conquian.cards import Card, format_cards
from conquian.errors import ConquianError
from conquian.melds import Meld
from conquian.moves import Decline, Force, Give, LayDown, Move, Release, Take
from conquian.phases import Outcome, Phase, Played
from conquian.rules import CLASSIC, Rules

if TYPE_CHECKING:
    from conquian.observation import Observation
    from conquian.state import State

__all__ = [
    "VERSION",
    "game_to_dict",
    "history_data",
    "move_to_dict",
    "observation_to_dict",
    "state_to_dict",
    "tables_after",
]

VERSION: Final = 1
"""The version of the JSON views this library writes and reads."""

_KINDS: Final[dict[type, str]] = {
    Take: "take",
    LayDown: "lay",
    Decline: "decline",
    Force: "force",
    Release: "release",
    Give: "give",
}


def _cards(cards: Sequence[Card] | frozenset[Card]) -> list[str]:
    return [str(card) for card in (sorted(cards) if isinstance(cards, frozenset) else cards)]


def _table(melds: Sequence[Meld]) -> list[list[str]]:
    return [[str(card) for card in meld] for meld in melds]


def _tables(tables: tuple[tuple[Meld, ...], ...]) -> list[list[list[str]]]:
    return [_table(table) for table in tables]


def move_to_dict(move: Move, table: Sequence[Meld] | None = None) -> dict[str, Any]:
    """A move as JSON-ready data: its text and its structured fields.

    Args:
        move: The move.
        table: The mover's table after the move, if known (for a take or a lay-down).

    >>> from conquian.views import move_to_dict
    >>> from conquian.moves import parse_move
    >>> move_to_dict(parse_move("take +3d5d -Kh"))
    {'text': 'take +3d5d -Kh', 'kind': 'take', 'laid': ['3d', '5d'], 'discard': 'Kh', \
'goes_out': False, 'table': None}
    >>> move_to_dict(parse_move("decline"))
    {'text': 'decline', 'kind': 'decline'}
    >>> move_to_dict(parse_move("give 7h")), move_to_dict(parse_move("give ?"))["card"]
    ({'text': 'give 7h', 'kind': 'give', 'card': '7h'}, None)
    """
    data: dict[str, Any] = {"text": str(move), "kind": _KINDS[type(move)]}
    if isinstance(move, Take):
        data["laid"] = _cards(sorted(move.laid))
        data["discard"] = None if move.discard is None else str(move.discard)
        data["goes_out"] = move.goes_out
    elif isinstance(move, LayDown):
        data["laid"] = _cards(sorted(move.laid))
    elif isinstance(move, Give):  # M10: None for a give the viewer may not see
        data["card"] = None if move.card is None else str(move.card)
    if isinstance(move, Take | LayDown):
        data["table"] = None if table is None else _table(table)
    return data


def _outcome(outcome: Outcome | None) -> dict[str, Any] | None:
    return None if outcome is None else {"kind": outcome.kind.value, "winner": outcome.winner}


def history_data(history: Sequence[Played], rules: Rules, ply: int) -> list[dict[str, Any]]:
    """The entries of a history as JSON-ready data; each take's resulting table when the
    history starts at the deal (``ply`` entries)."""
    complete = len(history) == ply
    after = tables_after(history, rules) if complete else [None] * len(history)
    return [
        {
            "player": entry.player,
            # M10: a give answers no offer
            "offer": None if entry.offer is None else str(entry.offer),
            "origin": None if entry.offer_origin is None else entry.offer_origin.value,
            "offered_by": entry.offered_by,
            "phase": entry.phase.value,
            "fate": entry.fate.value,
            "move": move_to_dict(entry.move, None if tables is None else tables[entry.player]),
        }
        for entry, tables in zip(history, after, strict=True)
    ]


def tables_after(
    history: Sequence[Played], rules: Rules = CLASSIC
) -> list[tuple[tuple[Meld, ...], ...]]:
    """Every player's tables after each entry of ``history`` (from the start of a game),
    rebuilt from the history alone: a take adds its laid cards and the offered card, a
    lay-down its laid cards; the table is the move's named arrangement (V2) or the
    canonical split under free regrouping (R13).

    A history that does not start at the deal (a game restarted from a position string)
    holds only the cards laid since; where they do not split into melds, that table is
    given as empty.

    Raises:
        ConquianError: The history lays a card twice: it is no game's history.

    >>> from conquian import State
    >>> from conquian.views import tables_after
    >>> state = State.new(seed=0)
    >>> tables_after(state.apply("take +3d5d -Kh").history)
    [((), (Meld('3d4d5d'),))]
    """
    tables: list[tuple[Meld, ...]] = [()] * rules.players
    masks = [0] * rules.players
    result = []
    melds = _bits.meld_table(rules.max_sequence)
    for number, entry in enumerate(history, 1):
        move, player = entry.move, entry.player
        if isinstance(move, Take | LayDown):
            taken = entry.offer if isinstance(move, Take) else None
            added = move.laid_mask | (0 if taken is None else 1 << taken.index)
            laid = sum(masks)  # the tables hold different cards
            if added & laid:
                again = _bits.cards_of(added & laid)
                raise ConquianError(
                    f"history entry {number} lays {format_cards(again)}, already on a table"
                )
            masks[player] |= added
            if move.table is not None:
                tables[player] = move.table
            else:
                split = melds.one_partition(masks[player]) or ()
                tables[player] = tuple(Meld.from_mask(meld) for meld in split)
        result.append(tuple(tables))
    return result


def _common(view: State | Observation, tables: tuple[tuple[Meld, ...], ...]) -> dict[str, Any]:
    """The fields a state and an observation share (``view`` is either)."""
    return {
        "rules": view.rules.to_dict(),
        "dealer": view.dealer,
        "ply": view.ply,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "tables": _tables(tables),
        "offer": None if view.offer is None else str(view.offer),
        "offer_origin": None if view.offer_origin is None else view.offer_origin.value,
        "offered_by": view.offered_by,
        "dead": _cards(view.dead),
        "outcome": _outcome(view.outcome),
        "history": history_data(view.history, view.rules, view.ply),
    }


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """The data of :meth:`Observation.to_dict <conquian.state.Observation.to_dict>`."""
    common = _common(observation, observation.tables)
    return {
        "format": "conquian-view",
        "version": VERSION,
        "player": observation.player,
        **{key: common[key] for key in ("rules", "dealer", "ply", "phase", "to_move")},
        "hand": _cards(observation.hand),
        "hand_sizes": list(observation.hand_sizes),
        **{key: common[key] for key in ("tables", "offer", "offer_origin", "offered_by")},
        # M10: the card he set aside, in the opening exchange only
        **(
            {"given": None if observation.given is None else str(observation.given)}
            if observation.phase is Phase.EXCHANGE
            else {}
        ),
        "dead": common["dead"],
        "stock_size": observation.stock_size,
        "outcome": common["outcome"],
        "history": common["history"],
        "declined": [[str(card) for card in cards] for cards in observation.declined],
    }


def state_to_dict(state: State) -> dict[str, Any]:
    """The data of :meth:`State.to_dict <conquian.state.State.to_dict>`."""
    common = _common(state, state.tables)
    deck = state.deck
    return {
        "format": "conquian-state",
        "version": VERSION,
        **{key: common[key] for key in ("rules", "dealer", "ply", "phase", "to_move")},
        "hands": [_cards(hand) for hand in state.hands],
        **{key: common[key] for key in ("tables", "offer", "offer_origin", "offered_by")},
        # M10: the cards set aside so far, in the opening exchange only
        **({"given": _cards(sorted(state.given))} if state.phase is Phase.EXCHANGE else {}),
        "stock": _cards(state.stock),
        "dead": common["dead"],
        "outcome": common["outcome"],
        "seed": state.seed,
        "deck": None if deck is None else _cards(deck),
        "history": common["history"],
    }


def game_to_dict(
    initial: dict[str, Any], moves: Sequence[dict[str, Any]], state: dict[str, Any]
) -> dict[str, Any]:
    """The data of :meth:`Game.to_dict <conquian.game.Game.to_dict>`, from its parts."""
    return {
        "format": "conquian-game-state",
        "version": VERSION,
        "initial": initial,
        "moves": list(moves),
        "state": state,
    }
