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

from typing import Final, TypeAlias, TypeVar

from conquian import _bits
from conquian._bits import MELD_PARTNERS, MELDS_OF_THREE
from conquian._position import NO_CARD, NO_PLAYER, PHASE, Position, first_offer
from conquian._slots import new_instance, slot_setters
from conquian.cards import DECK
from conquian.legality import offer_fits
from conquian.moves import (
    DECLINE,
    NO_DISCARD,
    Decline,
    Force,
    Give,
    LayDown,
    Move,
    Release,
    Take,
)
from conquian.phases import (
    DECLINE_TURNERS,
    DRAWN,
    FORCED_ORIGINS_BY_ID,
    MAX_PLAYERS,
    ORIGIN_DISCARD,
    ORIGIN_STOCK,
    PASSED_ON,
    PHASE_EXCHANGE,
    PHASE_FORCE_DECISION,
    PHASE_FORCED_TAKE,
    PHASE_OFFER,
    PHASE_OVER,
    STOCK_OUT_DRAW,
    WENT_OUT,
    OfferOrigin,
    Phase,
    Played,
    first_giver,
    forced_player,
    next_player,
    receiver,
    stock_out_outcome,
    turner_when_dies,
)

__all__ = ["advance"]

_NO_TURN: Final = -1  # the card does not die now: nobody turns a card


def advance(pos: Position, move: Move) -> tuple[Position, Played]:
    """The position after ``move``, which must be legal in ``pos`` (unchecked), and the
    move's entry in the public history.

    The hot path of every search and simulation: one tuple is built, the parts that do
    not change are shared with ``pos``, and the history entry is built by setting its
    slots (see ``conquian._slots``), or for a decline taken ready-made (see
    ``_declines``). The entry is made here, where the position is
    already unpacked, to save the caller a second reading of it.
    """
    (rules, dealer, stock, hands, tables, dead, offer, origin, by, phase, mover, ply, _, arr,
     engine_melds) = pos  # fmt: skip
    if rules.players != 2:
        return advance_seats(pos, move)  # three players (M1): the general path below
    kind = move.__class__
    if kind is Decline and phase is PHASE_OFFER:
        # The commonest move: its entry was made at import. (Chosen by identity: an enum
        # member's hash is a Python call; 1.4% fewer instructions in self-play than a
        # dict keyed by the origin.)
        declined = (
            _DECLINED_STOCK
            if origin is ORIGIN_STOCK
            else _DECLINED_DISCARD
            if origin is ORIGIN_DISCARD
            else _DECLINED_UPCARD
        )
        # Who turns up the next card if the offered card dies now, with the entry
        # (phases.DECLINE_TURNERS, read from phases.turner_when_dies).
        entries, turner = declined[mover][by]
        entry = entries[offer]
    elif phase is PHASE_EXCHANGE:
        # M10: the opening exchange, before any offer (asked after the decline of an
        # offer, which is never a move of the exchange: one test fewer on most moves).
        return advance_exchange(pos, move)
    else:
        entry = _entry(mover, offer, move, origin, by, phase)
        turner = (
            turner_when_dies(kind, origin, by, mover)
            if kind is Decline or kind is Release
            else _NO_TURN
        )
    if kind is Decline or kind is Force or kind is Release:
        next_phase = PHASE_OFFER
        if kind is Force:
            next_phase = PHASE_FORCED_TAKE  # R14b: the decliner must take it
        elif turner == PASSED_ON:
            turner = _NO_TURN  # R11b, V8: the card is offered to the opponent
        elif (
            kind is Decline
            and tables[mover] & MELD_PARTNERS[offer] in MELDS_OF_THREE[offer]
            and origin in FORCED_ORIGINS_BY_ID[id(rules.forcing)]
            and offer_fits(pos, mover)
        ):
            # R14b case a: the rules force a card of its origin (V1), and it fits his
            # table (R14a): the opponent decides whether to force it on him. (The table
            # test is offer_fits's quick reject, _bits.in_meld_of_three's look-up,
            # without the call, and comes first: most declined cards fit no meld of the
            # table, and then the forcing rule is not looked up; 2.0% fewer instructions
            # in random self-play, callgrind, warm memos.)
            turner = _NO_TURN
            next_phase = PHASE_FORCE_DECISION
        if turner == _NO_TURN:
            return (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                    next_phase, 1 - mover, ply + 1, None, arr, engine_melds), entry  # fmt: skip
        # The card dies (R11, R15): it goes to the dead cards as ``dead + (offer,)``,
        # which builds no list as ``(*dead, offer)`` does (0.5% fewer instructions in
        # random self-play, callgrind, warm memos; hence ruff's RUF005 is silenced).
        if not stock:
            # R15: a card died and no card can be turned: the game is drawn (M8: or won
            # by the fewest cards in hand).
            outcome = (
                DRAWN
                if rules.stock_out is STOCK_OUT_DRAW
                else stock_out_outcome(rules, (hands[0].bit_count(), hands[1].bit_count()))
            )
            return (rules, dealer, stock, hands, tables, dead + (offer,), NO_CARD, None,  # noqa: RUF005
                    NO_PLAYER, PHASE_OVER, NO_PLAYER, ply + 1, outcome, arr,
                    engine_melds), entry  # fmt: skip
        return (rules, dealer, stock[1:], hands, tables, dead + (offer,), stock[0],  # noqa: RUF005
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


def advance_seats(pos: Position, move: Move) -> tuple[Position, Played]:
    """:func:`advance` for any number of players (M1-M8): the same phase machine, read
    from the same rule facts (``conquian.phases``), with the seats in play order instead
    of the two-player shortcuts (``1 - mover``, the pair of hands). :func:`advance` takes
    this path with three players; the tests check that it gives the same positions as
    the two-player path on two-player games."""
    if pos[PHASE] is PHASE_EXCHANGE:
        return advance_exchange(pos, move)  # M10: the opening exchange, before any offer
    (rules, dealer, stock, hands, tables, dead, offer, origin, by, phase, mover, ply, _, arr,
     engine_melds) = pos  # fmt: skip
    players = len(hands)
    following = next_player(mover, players)
    kind = move.__class__
    if kind is Decline and phase is PHASE_OFFER:
        # Its entry and turner ready-made, as in advance (keyed by the origin's identity:
        # an enum member's hash is a Python call).
        entries, turner = _SEAT_DECLINES[players][id(origin)][mover][by]
        entry = entries[offer]
    else:
        entry = _entry(mover, offer, move, origin, by, phase, players)
        turner = turner_when_dies(kind, origin, by, mover, players)
    if kind is Force:
        # R14b, M6: the player before the forcer declined the card and must take it.
        return (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                PHASE_FORCED_TAKE, forced_player(mover, players), ply + 1, None, arr,
                engine_melds), entry  # fmt: skip
    if kind is Decline or kind is Release:
        if turner == PASSED_ON:
            # M4: the next player of the round is offered the card.
            return (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                    PHASE_OFFER, following, ply + 1, None, arr, engine_melds), entry  # fmt: skip
        if (
            kind is Decline
            and tables[mover] & MELD_PARTNERS[offer] in MELDS_OF_THREE[offer]
            and origin in FORCED_ORIGINS_BY_ID[id(rules.forcing)]
            and offer_fits(pos, mover)
        ):
            # R14b case a, M6 case a: the next player, the card's offerer, decides.
            # (offer_fits's quick reject first, as in advance.)
            return (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                    PHASE_FORCE_DECISION, following, ply + 1, None, arr,
                    engine_melds), entry  # fmt: skip
        if not stock:
            # R15, M8: a card died and no card can be turned.
            outcome = stock_out_outcome(rules, tuple(hand.bit_count() for hand in hands))
            return (rules, dealer, stock, hands, tables, dead + (offer,), NO_CARD, None,  # noqa: RUF005
                    NO_PLAYER, PHASE_OVER, NO_PLAYER, ply + 1, outcome, arr,
                    engine_melds), entry  # fmt: skip
        # M5: the player after the card's offerer turns up the next card.
        return (rules, dealer, stock[1:], hands, tables, dead + (offer,), stock[0],  # noqa: RUF005
                ORIGIN_STOCK, turner, PHASE_OFFER, turner, ply + 1, None, arr,
                engine_melds), entry  # fmt: skip
    assert isinstance(move, (Take, LayDown))
    laid = move.laid_mask
    hand = hands[mover] & ~laid
    table = tables[mover] | laid
    if arr is not None:
        assert move.table is not None
        arr = _replaced(arr, mover, _bits.arrangement(meld.mask for meld in move.table))
    if kind is LayDown:
        # V3: the cards go down; the turned card is still on offer to him.
        return (rules, dealer, stock, _replaced(hands, mover, hand),
                _replaced(tables, mover, table), dead, offer, origin, by, PHASE_OFFER, mover,
                ply + 1, None, arr, engine_melds), entry  # fmt: skip
    assert isinstance(move, Take)
    discard = move.discard_index
    tables = _replaced(tables, mover, table | 1 << offer)
    if discard == NO_DISCARD:
        # R16, M7: every card laid down (cards_to_go_out on the table): he wins at once.
        return (rules, dealer, stock, _replaced(hands, mover, hand), tables, dead, NO_CARD,
                None, NO_PLAYER, PHASE_OVER, NO_PLAYER, ply + 1, WENT_OUT[mover], arr,
                engine_melds), entry  # fmt: skip
    # R11, M4: his discard is offered to the next player first.
    return (rules, dealer, stock, _replaced(hands, mover, hand & ~(1 << discard)), tables,
            dead, discard, ORIGIN_DISCARD, mover, PHASE_OFFER, following, ply + 1, None, arr,
            engine_melds), entry  # fmt: skip


def advance_exchange(pos: Position, move: Move) -> tuple[Position, Played]:
    """:func:`advance` in the opening exchange (M10), for two or three players: the
    mover sets his card aside (it stays in his hand, the ``GIVEN`` field says which);
    when the last of them, the dealer, has chosen, every set-aside card goes at once to
    its giver's next player, and play starts as without the exchange (R10, M2, V8)."""
    (rules, dealer, stock, hands, tables, dead, _, _, given, _, mover, ply, _, arr,
     engine_melds) = pos  # fmt: skip
    assert isinstance(move, Give)
    assert move.card is not None
    players = rules.players
    entry = Played(mover, None, move, None, mover, PHASE_EXCHANGE, players)
    given |= 1 << move.card.index
    if mover != dealer:
        # M10: the next player chooses; nobody receives a card yet.
        return (rules, dealer, stock, hands, tables, dead, NO_CARD, None, given,
                PHASE_EXCHANGE, next_player(mover, players), ply + 1, None, arr,
                engine_melds), entry  # fmt: skip
    # M10: every player has chosen; the cards change hands all at once.
    swapped = [hand & ~given for hand in hands]
    for giver, hand in enumerate(hands):
        swapped[receiver(giver, players)] |= hand & given
    # R10, M2: the player after the dealer turns up the first card (V8: the dealer).
    origin, turner = first_offer(rules, dealer)
    return (rules, dealer, stock[1:], tuple(swapped), tables, dead, stock[0], origin, turner,
            PHASE_OFFER, first_giver(dealer, players), ply + 1, None, arr,
            engine_melds), entry  # fmt: skip


_T = TypeVar("_T")


def _replaced(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the item at ``index`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


# The entry of each move is built by setting its slots (see conquian._slots): attrs'
# checked __init__ costs twice as much.
(
    _set_player,
    _set_offer,
    _set_move,
    _set_origin,
    _set_offered_by,
    _set_phase,
    _set_players,
) = slot_setters(
    Played, "player", "offer", "move", "offer_origin", "offered_by", "phase", "players"
)


def _entry(
    mover: int,
    offer: int,
    move: Move,
    origin: OfferOrigin | None,
    by: int,
    phase: Phase,
    players: int = 2,
) -> Played:
    """The history entry of ``move`` by ``mover``, offered card index ``offer`` (a position
    with a legal move has an origin: ``None`` only where the game is over)."""
    entry = new_instance(Played)
    _set_player(entry, mover)
    _set_offer(entry, DECK[offer])
    _set_move(entry, move)
    _set_origin(entry, origin)
    _set_offered_by(entry, by)
    _set_phase(entry, phase)
    _set_players(entry, players)
    return entry


_Declined: TypeAlias = tuple[tuple[tuple[tuple[Played, ...], int], ...], ...]


def _declines(origin: OfferOrigin, players: int = 2) -> _Declined:
    """The history entry of every decline of a card from ``origin``, made at import, with
    the turner when the card dies (phases.DECLINE_TURNERS):
    ``entries, turner = _declines(origin)[player][offered_by]``, the entry
    ``entries[offer]``. Most moves are declines, and taking their entry from here (160
    entries an origin with two players, shared like the moves) saves building one
    (seven slot settings): 4.7% fewer instructions in random self-play (callgrind)."""
    turners = DECLINE_TURNERS[players][origin]
    seats = range(players)
    return tuple(
        tuple(
            (
                tuple(
                    _entry(mover, offer, DECLINE, origin, by, PHASE_OFFER, players)
                    for offer in range(40)
                ),
                turners[mover][by],
            )
            for by in seats
        )
        for mover in seats
    )


_DECLINED_STOCK: Final = _declines(OfferOrigin.STOCK)
_DECLINED_DISCARD: Final = _declines(OfferOrigin.DISCARD)
_DECLINED_UPCARD: Final = _declines(OfferOrigin.UPCARD)
# The same for advance_seats, by the number of players and the origin's identity.
_SEAT_DECLINES: Final = {
    players: {id(origin): _declines(origin, players) for origin in OfferOrigin}
    for players in (2, MAX_PLAYERS)
}
