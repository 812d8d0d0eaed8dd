"""Transitions: the position after a move, the other half of the phase machine.

:mod:`conquian.legality` says which moves may be played in a position; this module says
what each one does (R11–R16, V3, V8): :func:`advance` takes a position tuple (see
``conquian._position``) and a legal move and returns the next position and the move's
history entry. It checks nothing: :class:`~conquian.state.State` checks the move first
(or, in :meth:`~conquian.state.State.apply_unchecked`, trusts its caller).

>>> from conquian import State
>>> state = State.new(seed=7)
>>> passed = state.apply("decline")  # R11b: he passes the card he turned up
>>> passed.to_move, passed.offer == state.offer, passed.history[-1].fate.value
(0, True, 'passed')
"""

from __future__ import annotations

from typing import Final

from conquian import _bits
from conquian._position import NO_CARD, NO_PLAYER, ORIGIN, RULES, Position
from conquian._slots import new_instance, slot_setters
from conquian.cards import DECK
from conquian.legality import fits
from conquian.moves import NO_DISCARD, Decline, Force, LayDown, Move, Release, Take
from conquian.phases import (
    DRAWN,
    FORCING_DECLINED,
    FORCING_DISCARDS_ONLY,
    ORIGIN_DISCARD,
    ORIGIN_STOCK,
    PHASE_FORCE_DECISION,
    PHASE_FORCED_TAKE,
    PHASE_OFFER,
    PHASE_OVER,
    WENT_OUT,
    Played,
)

__all__ = ["advance"]

# Who turns up the next card after a decline (see _declined_by), besides a player:
_NO_TURN: Final = -1  # the card does not die now: nobody turns a card
_FORCE_CHOICE: Final = -2  # the opponent may force the card on the decliner (R14b case a)


def advance(pos: Position, move: Move) -> tuple[Position, Played]:
    """The position after ``move``, which must be legal in ``pos`` (unchecked), and the
    move's entry in the public history.

    The hot path of every search and simulation: one tuple is built, the parts that do
    not change are shared with ``pos``, and the history entry is built by setting its
    slots (see ``conquian._slots``). The entry is made here, where the position is
    already unpacked, to save the caller a second reading of it.
    """
    (rules, dealer, stock, hands, tables, dead, offer, origin, by, phase, mover, ply, _, arr,
     engine_melds) = pos  # fmt: skip
    entry = new_instance(Played)
    _set_player(entry, mover)
    _set_offer(entry, DECK[offer])
    _set_move(entry, move)
    _set_origin(entry, origin)
    _set_offered_by(entry, by)
    _set_phase(entry, phase)
    kind = move.__class__
    if kind is Decline or kind is Force or kind is Release:
        # Who turns up the next card if the offered card dies now.
        turner = _NO_TURN
        next_phase = PHASE_OFFER
        if kind is Decline:
            if origin is ORIGIN_STOCK:
                if by != mover:
                    turner = _declined_by(pos, mover)
                # else R11b: he passes his own turned card; it is offered to the opponent.
            elif origin is ORIGIN_DISCARD:
                turner = _declined_by(pos, mover)
            elif by == mover:
                turner = 1 - mover  # V8: the dealer refused it too; the non-dealer turns
            # else V8: the non-dealer refused the upcard; it is offered to the dealer.
            if turner == _FORCE_CHOICE:
                # R14b case a: the opponent decides whether to force the card on him.
                turner = _NO_TURN
                next_phase = PHASE_FORCE_DECISION
        elif kind is Force:
            next_phase = PHASE_FORCED_TAKE
        else:
            turner = 1 - mover  # Release (R14b): it dies; the decliner turns the next card.
        if turner == _NO_TURN:
            return (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                    next_phase, 1 - mover, ply + 1, None, arr, engine_melds), entry  # fmt: skip
        if not stock:
            # R15: a card died and no card can be turned: the game is drawn.
            return (rules, dealer, stock, hands, tables, (*dead, offer), NO_CARD, None,
                    NO_PLAYER, PHASE_OVER, NO_PLAYER, ply + 1, DRAWN, arr,
                    engine_melds), entry  # fmt: skip
        return (rules, dealer, stock[1:], hands, tables, (*dead, offer), stock[0],
                ORIGIN_STOCK, turner, PHASE_OFFER, turner, ply + 1, None, arr,
                engine_melds), entry  # fmt: skip
    assert isinstance(move, (Take, LayDown))
    laid = move.laid_mask
    hand = hands[mover] & ~laid
    table = tables[mover] | laid
    if arr is not None:
        assert move.table is not None
        melds = _bits.arrangement(meld.mask for meld in move.table)
        arr = (melds, arr[1]) if mover == 0 else (arr[0], melds)
    if kind is LayDown:
        # V3: the cards go down; the turned card is still on offer to him.
        hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
        tables = (table, tables[1]) if mover == 0 else (tables[0], table)
        return (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                PHASE_OFFER, mover, ply + 1, None, arr, engine_melds), entry  # fmt: skip
    assert isinstance(move, Take)
    discard = move.discard_index
    table |= 1 << offer
    tables = (table, tables[1]) if mover == 0 else (tables[0], table)
    if discard == NO_DISCARD:
        # R16: every card laid down (cards_to_go_out on the table): he wins at once.
        hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
        return (rules, dealer, stock, hands, tables, dead, NO_CARD, None, NO_PLAYER,
                PHASE_OVER, NO_PLAYER, ply + 1, WENT_OUT[mover], arr,
                engine_melds), entry  # fmt: skip
    hand &= ~(1 << discard)
    hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
    return (rules, dealer, stock, hands, tables, dead, discard, ORIGIN_DISCARD, mover,
            PHASE_OFFER, 1 - mover, ply + 1, None, arr, engine_melds), entry  # fmt: skip


def _declined_by(pos: Position, mover: int) -> int:
    """A card ``mover`` may refuse for good was declined (R11a, R14b): _FORCE_CHOICE if
    the opponent may now force it on him (it fits his table, and the rules force such
    cards), else ``mover``, who turns up the next card as this one dies."""
    forcing = pos[RULES].forcing
    if (
        forcing is FORCING_DECLINED
        or (forcing is FORCING_DISCARDS_ONLY and pos[ORIGIN] is ORIGIN_DISCARD)
    ) and fits(pos, mover):
        return _FORCE_CHOICE
    return mover


# The entry of each move is built by setting its slots (see conquian._slots): attrs'
# checked __init__ costs twice as much.
_set_player, _set_offer, _set_move, _set_origin, _set_offered_by, _set_phase = slot_setters(
    Played, "player", "offer", "move", "origin", "offered_by", "phase"
)
