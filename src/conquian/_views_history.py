"""Private: the check of an observation's history read from JSON (see
:mod:`conquian.views`): each entry one the phase machine reaches, with a move its phase
allows, following from the entry before, by the rule facts of :mod:`conquian.phases`
(R10, R11, R14b, R15, R16, V1, V3, V8).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conquian import _position
from conquian.cards import Card
from conquian.errors import InvalidStateError
from conquian.moves import Decline, Force, Give, LayDown, Release, Take
from conquian.phases import (
    FORCED_ORIGINS,
    MOVES_OF_PHASE,
    PASSED_ON,
    Fate,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    Played,
    first_giver,
    forced_player,
    may_force_back,
    may_lay_down_on,
    next_player,
    turner_when_dies,
)
from conquian.rules import Rules

__all__ = ["check_order"]


# What comes after an entry, as the next entry or the position reached: (player to move,
# offered card, its origin, offered by, phase).
_After = tuple[int | None, Card | None, OfferOrigin | None, int | None, Phase]


def check_order(fail: Callable[[str, str], InvalidStateError], fields: dict[str, Any]) -> None:
    """The history must be one a game could have made (R10, R11, R14b, R15, R16, V1, V3,
    V8): each entry's offer one the phase machine reaches under the rules, with a move
    its phase allows; the first entry the deal's first offer when the history starts at
    the deal; each entry, and the observed position after the last one, following from
    the entry before as the game goes on; and the dead pile ending with the cards that
    died in it, in order (all of it from the deal). What needs the hidden cards or the
    tables of the time (whether a card fitted) is not checked."""
    history: tuple[Played, ...] = fields["history"]
    if not history:
        return
    rules: Rules = fields["rules"]
    dealer: int = fields["dealer"]
    whole = len(history) == fields["ply"]  # it starts at the deal
    for number, entry in enumerate(history, start=1):
        problem = _entry_problem(entry, rules, dealer)
        if problem is not None:
            raise fail(f"history entry {number}", problem)
    first = history[0]
    origin, turner = _position.first_offer(rules, dealer)
    starter = next_player(dealer, rules.players)
    if rules.exchange:  # M10: the game opens with the exchange
        giver = first_giver(dealer, rules.players)
        if whole and (first.player, first.phase) != (giver, Phase.EXCHANGE):
            what = f"a game opens with the exchange, player {giver} choosing first"
            raise fail("history entry 1", f"{what} (M10)")
    elif whole and (first.player, first.offer_origin, first.offered_by, first.phase) != (
        starter,
        origin,
        turner,
        Phase.OFFER,
    ):
        what = f"the first offer of a game is {origin.value}:{turner} to player {starter}"
        raise fail("history entry 1", f"{what} (R10, V8)")
    position: _After = (
        fields["to_move"],
        fields["offer"],
        fields["offer_origin"],
        fields["offered_by"],
        fields["phase"],
    )
    afters = [
        *((e.player, e.offer, e.offer_origin, e.offered_by, e.phase) for e in history[1:]),
        position,
    ]
    for number, (entry, after) in enumerate(zip(history, afters, strict=True), start=1):
        if not _follows(entry, after, fields["outcome"], rules, dealer):
            what = f"history entry {number + 1}" if number < len(history) else "the position"
            move = f"'{entry.move}' by player {entry.player}"
            raise fail(what, f"does not follow from history entry {number}, {move}")
    # The cards that died, in order: released, or declined and not left to a force
    # decision (R11a, R14b).
    died = tuple(
        entry.offer
        for entry, after in zip(history, afters, strict=True)
        if entry.move.__class__ is Release
        or (
            entry.move.__class__ is Decline
            and entry.fate is not Fate.PASSED
            and after[4] is not Phase.FORCE_DECISION
        )
    )
    dead = tuple(fields["dead"])
    if (died != dead) if whole else (dead[len(dead) - len(died) :] != died):
        shown = " ".join(map(str, died)) or "none"
        raise fail("dead", f"the history's dead cards, in order, are {shown}")


def _entry_problem(entry: Played, rules: Rules, dealer: int) -> str | None:
    """Why no game reaches the entry's offer, or plays its move there, whatever the
    tables; ``None`` if one can."""
    mover, origin, by, phase = entry.player, entry.offer_origin, entry.offered_by, entry.phase
    kind = entry.move.__class__
    if phase is Phase.EXCHANGE or kind is Give:  # M10: a give, of the exchange
        if not rules.exchange:
            return "a give is played in the opening exchange, under exchange rules (M10)"
        if kind is not Give or phase is not Phase.EXCHANGE or by != mover:
            return f"'{entry.move}' cannot be played in phase {phase.value} (M10)"
        return None
    if origin is None or entry.offer is None:
        return f"'{entry.move}' answers an offered card, and none is given"
    problem = _position.offer_problem(phase, mover, origin, by, entry.offer, rules)
    if problem is not None:
        return problem
    if origin is OfferOrigin.UPCARD and not (rules.initial_upcard and by == dealer):
        return "an upcard is the dealer's, under initial_upcard rules (V8)"
    if (
        kind not in MOVES_OF_PHASE[phase]
        or (kind is LayDown and not may_lay_down_on(rules, origin, by, mover))
        or (
            kind is Force
            and phase is Phase.OFFER
            and not may_force_back(rules, phase, origin, by, mover)
        )
    ):
        where = f"{entry.offer} ({origin.value}:{by}) in phase {phase.value}"
        return f"'{entry.move}' cannot be played on {where}"
    return None


def _follows(
    entry: Played, after: _After, outcome: Outcome | None, rules: Rules, dealer: int
) -> bool:
    """Whether ``after`` can come next after ``entry`` (see :func:`check_order`), by the
    rule facts of :mod:`conquian.phases`."""
    player, offer, origin, by, phase = after
    mover, move = entry.player, entry.move
    players = rules.players
    following = next_player(mover, players)
    kind = move.__class__
    if kind is Give:  # M10: the next player chooses; after the dealer, play starts (R10)
        if mover != dealer:
            return (player, offer, origin, phase) == (following, None, None, Phase.EXCHANGE)
        first, turner = _position.first_offer(rules, dealer)
        return (player, origin, by, phase) == (
            first_giver(dealer, players),
            first,
            turner,
            Phase.OFFER,
        ) and (offer is not None)
    if phase is Phase.EXCHANGE:
        return False  # only a give leads to a position of the exchange
    passed = entry.fate is Fate.PASSED  # R11b, V8, M4: offered to the next player
    if phase is Phase.OVER:
        if outcome is None:
            return False
        if isinstance(move, Take):  # R16: he went out
            return (
                outcome.kind is OutcomeKind.WENT_OUT and outcome.winner == mover and move.goes_out
            )
        # R15, M8: a card died with no card left to turn (never a card passed, R11b)
        return outcome.kind is not OutcomeKind.WENT_OUT and (
            kind is Release or (kind is Decline and not passed)
        )
    same = offer == entry.offer and origin is entry.offer_origin and by == entry.offered_by
    if kind is Take:  # R11: his discard is offered to the opponent
        assert isinstance(move, Take)
        return (player, offer, origin, by, phase) == (
            following,
            move.discard,
            OfferOrigin.DISCARD,
            mover,
            Phase.OFFER,
        )
    if kind is LayDown:  # V3: the turned card is still offered to him
        return player == mover and same and phase is Phase.OFFER
    if kind is Force:  # R14b, M6: the decliner must take it
        forced = forced_player(mover, players)
        return player == forced and same and phase is Phase.FORCED_TAKE
    turner = turner_when_dies(kind, entry.offer_origin, entry.offered_by, mover, players)
    if turner == PASSED_ON:  # R11b, V8, M4: offered to the next player
        return player == following and same and phase is Phase.OFFER
    # The card dies and ``turner`` turns up the next card (R11a, R14b, V8); or a card
    # refused for good waits for the opponent's force decision (R14b case a).
    turned = (player, origin, by, phase) == (turner, OfferOrigin.STOCK, turner, Phase.OFFER)
    turned = turned and offer != entry.offer  # the card turned up is another one
    if kind is Release or entry.offer_origin not in FORCED_ORIGINS[rules.forcing]:
        return turned
    return turned or (player == following and same and phase is Phase.FORCE_DECISION)
