"""Legality: whether a move may be played now, and if not, a sentence that says why.

Every check reads the position tuple of a :class:`~conquian.state.State` (see
``conquian._position``) and raises :class:`~conquian.errors.IllegalMoveError` with a
message worded for the player to move (:data:`SECOND_PERSON`) or about a player in the
third person (his number, as game records' replay does). Each message is the English
refusal phrase of its :class:`~conquian.errors.MoveProblem` (``conquian._refusals``), the
one source of the words that :func:`conquian.narration.explain_refusal` says in every
language, so the two cannot drift apart.

>>> from conquian import Force, State
>>> State.new(seed=7).explain_illegal(Force())
'Kd was not passed to you: only a passed card can be forced now (R14b)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from conquian import _bits
from conquian._bits import MELD_PARTNERS, MELDS_OF_THREE
from conquian._position import (
    ARRANGEMENTS,
    HANDS,
    MELDS,
    OFFER,
    OUTCOME,
    PHASE,
    RULES,
    TABLES,
    TO_MOVE,
    Position,
)
from conquian._refused import refused
from conquian.builder import TakeBuilder
from conquian.cards import DECK, Card
from conquian.errors import IllegalMoveError, MoveProblem, checked_player, describe
from conquian.melds import Meld, MeldKind
from conquian.moves import (
    DECLINE,
    FORCE,
    GIVES,
    NO_DISCARD,
    RELEASE,
    Decline,
    Force,
    Give,
    LayDown,
    LegalMoves,
    Move,
    MoveTuple,
    Release,
    Take,
    TakeMoves,
)
from conquian.phases import (
    FORCED_BACK_SEATS,
    FORCES_BACK_BY_ID,
    FORCING_DECLINED,
    MOVES_OF_PHASE,
    ORIGIN_STOCK,
    PASSED_ON,
    PHASE_EXCHANGE,
    PHASE_FORCE_DECISION,
    PHASE_FORCED_TAKE,
    PHASE_OFFER,
    PHASE_OVER,
    REGROUPING_BORROW,
    forced_player,
    may_force_back,
    may_lay_down_on,
)

__all__ = [
    "SECOND_PERSON",
    "check_move",
    "legal_moves",
    "may_force",
    "may_go_out",
    "may_lay_down",
    "offer_fits",
    "start_builder",
]


SECOND_PERSON: Final[int | None] = None
"""Whom a refusal's message speaks of, given where a check takes ``v``: ``None``
speaks to the player to move ("you"); a player's number speaks about him, in the third
person ("player 1 was forced"), as a game record's replay does."""


def offer_fits(pos: Position, player: int) -> bool:
    """R14a: the offered card fits ``player``'s table (regrouped as V2 allows). The test
    of ``conquian.melds.fits_mask`` on the position's own meld table, called here without
    it: one call fewer on the engine's hot path (a decline tests it each time, 3% of
    random self-play)."""
    table = pos[TABLES][player]
    offer = pos[OFFER]
    if table & MELD_PARTNERS[offer] not in MELDS_OF_THREE[offer]:
        # No meld of three holds the card (R4, R5): most asks end here, without the call
        # to the meld table (0.5% fewer instructions in random self-play). The look-up
        # of _bits.in_meld_of_three, the rule's one home, without the call (see there).
        return False
    arrangements = pos[ARRANGEMENTS]
    rules = pos[RULES]
    if not pos[MELDS].fits(
        table,
        offer,
        None if arrangements is None else arrangements[player],
        rules.regrouping is REGROUPING_BORROW,
    ):
        return False
    if rules.long_meld is None or pos[HANDS][player]:
        return True
    # M12: with an empty hand the card is taken only by going out, which needs a long
    # meld; a card he could not take is not forced on him.
    return may_go_out(pos, player, 1 << offer)


def may_go_out(pos: Position, player: int, added: int) -> bool:
    """M12: whether ``player``'s table with the cards ``added`` (the offered card and his
    whole hand) holds a meld of ``Rules.long_meld`` cards or more: in some split under
    free regrouping (R13), in some table the rules allow under V2. True when the rules
    ask for no long meld."""
    rules, _, _, _, tables, _, _, _, _, _, _, _, _, arrangements, melds = pos
    least = rules.long_meld
    if least is None:
        return True
    arrangement = None if arrangements is None else arrangements[player]
    borrow = rules.regrouping is REGROUPING_BORROW
    return melds.holds_long_meld(tables[player], added, arrangement, borrow, least)


def may_force(pos: Position) -> bool:
    """R14b case b (M6 case b): in an offer, the player to move may force the card back on
    the player before him, who passed it on (it fits that player's table, under forcing
    declined). The check of a Force asks it; :func:`legal_moves` makes the same tests
    written out, reading ``phases.FORCES_BACK_BY_ID`` (built from ``may_force_back``) for
    the rules' part with two players."""
    rules, _, _, _, _, _, _, origin, by, phase, mover, _, _, _, _ = pos
    return may_force_back(rules, phase, origin, by, mover) and offer_fits(
        pos, forced_player(mover, rules.players)
    )


def _must_force_or_release(pos: Position, v: int | None) -> IllegalMoveError:
    """The refusal of anything but a force or a release in a force decision (R14b)."""
    return refused(MoveProblem.MUST_FORCE_OR_RELEASE, v, card=DECK[pos[OFFER]])


def _must_take(pos: Position, v: int | None) -> IllegalMoveError:
    """The refusal of anything but a take from a forced player (R14b)."""
    return refused(MoveProblem.MUST_TAKE, v, card=DECK[pos[OFFER]])


def _not_in_hand(card_index: int, v: int | None) -> IllegalMoveError:
    return refused(MoveProblem.NOT_IN_HAND, v, card=DECK[card_index])


_MOVE_KINDS: Final = (Take, Decline, Force, Release, LayDown, Give)


def check_move(pos: Position, move: object, player: int | None, v: int | None) -> None:
    """Raise :class:`~conquian.errors.IllegalMoveError` unless ``move`` (by ``player``, if
    given) is legal in the position ``pos``; the message is worded in the voice ``v``."""
    phase = pos[PHASE]
    if player is not None or phase is PHASE_OVER:
        _check_turn(pos, player)  # the call only where it can refuse (-0.35% instructions)
    if move.__class__ is Decline and phase is PHASE_OFFER:
        return  # the commonest move: declining an offer is always allowed (R11)
    if (
        phase is not PHASE_OFFER
        and isinstance(move, _MOVE_KINDS)
        and not isinstance(move, MOVES_OF_PHASE[phase])
    ):
        # a move its phase does not allow (R14b, M10)
        if phase is PHASE_FORCED_TAKE:
            raise _must_take(pos, v)
        if phase is PHASE_EXCHANGE:
            raise refused(MoveProblem.MUST_GIVE, v)
        raise _must_force_or_release(pos, v)
    if isinstance(move, Take):
        _check_take(pos, move, v)
    elif isinstance(move, Decline):
        pass  # refused above wherever it is not legal
    elif isinstance(move, Force):
        if phase is PHASE_OFFER and not may_force(pos):
            raise _why_no_force(pos, v)
    elif isinstance(move, Release):
        if phase is not PHASE_FORCE_DECISION:
            raise refused(MoveProblem.NOTHING_TO_RELEASE, v)
    elif isinstance(move, LayDown):
        _check_lay_down(pos, move, v)
    elif isinstance(move, Give):
        _check_give(pos, move, v)
    else:
        raise refused(MoveProblem.NOT_A_MOVE, v, detail=describe(move))


def _check_give(pos: Position, move: Give, v: int | None) -> None:
    """M10: a give is made in the opening exchange, of a card of the giver's hand."""
    if pos[PHASE] is not PHASE_EXCHANGE:
        raise refused(MoveProblem.NOTHING_TO_GIVE, v)
    card = move.card
    if card is None:  # a give the viewer of a history could not see (give ?)
        raise refused(MoveProblem.NOT_A_MOVE, v, detail=f"{move} names no card")
    if not pos[HANDS][pos[TO_MOVE]] >> card.index & 1:
        raise _not_in_hand(card.index, v)


def _check_turn(pos: Position, player: int | None) -> None:
    """Refuse any move once the game is over, and a move by ``player`` (if given) when it
    is not his turn."""
    if pos[PHASE] is PHASE_OVER:
        raise refused(MoveProblem.GAME_OVER, None, detail=str(pos[OUTCOME]))
    mover = pos[TO_MOVE]
    if player is not None:
        checked_player(player, players=pos[RULES].players)
        if player != mover:
            raise refused(MoveProblem.NOT_YOUR_TURN, player, detail=f"it is player {mover}'s turn")


def start_builder(
    pos: Position,
    player: int | None,
    v: int | None,
    hand: Iterable[Card],
    table: tuple[Meld, ...],
    *,
    lay_down: bool,
) -> TakeBuilder:
    """The take builder (a lay-down builder, V3, if ``lay_down``) of ``player`` (if
    given; else the player to move), who holds ``hand`` and ``table``. Raise
    :class:`~conquian.errors.IllegalMoveError` unless he may start building one now, for
    the same reason the referee would give for the move itself; a lay-down builder also
    needs a legal lay-down (V3: some hand cards that can be laid down). For
    :class:`~conquian.state.State` and :class:`~conquian.state.Observation`."""
    _check_turn(pos, player)
    phase = pos[PHASE]
    if phase is PHASE_EXCHANGE:
        raise refused(MoveProblem.MUST_GIVE, v)  # M10: no card is offered yet
    if lay_down and phase is PHASE_FORCED_TAKE:
        raise _must_take(pos, v)
    if phase is PHASE_FORCE_DECISION:
        raise _must_force_or_release(pos, v)
    if lay_down:
        refusal = _lay_down_refusal(pos, v)
        if refusal is not None:
            raise refusal
        if not any(move.__class__ is LayDown for move in legal_moves(pos)):
            raise refused(MoveProblem.NOTHING_TO_LAY_DOWN, v)
        return TakeBuilder.start(pos[RULES], hand, table, None)
    return TakeBuilder.start(pos[RULES], hand, table, DECK[pos[OFFER]])  # R11, R14b


def may_lay_down(pos: Position) -> bool:
    """V3: a player who turned up the offered card may lay down cards first (the dealer's
    upcard of V8 counts: he turned it up himself)."""
    rules, _, _, _, _, _, _, origin, by, _, mover, _, _, _, _ = pos
    return may_lay_down_on(rules, origin, by, mover)


def _lay_down_refusal(pos: Position, v: int | None) -> IllegalMoveError | None:
    """Why no lay-down is allowed now, whatever its cards, or ``None`` if one may be."""
    rules = pos[RULES]
    if not rules.meld_from_hand:
        return refused(MoveProblem.NO_LAY_DOWN_RULE, v, setting=rules.setting("meld_from_hand"))
    if not may_lay_down(pos) or pos[PHASE] is not PHASE_OFFER:
        return refused(MoveProblem.LAY_DOWN_NOT_NOW, v)
    return None


def _check_lay_down(pos: Position, move: LayDown, v: int | None) -> None:
    refusal = _lay_down_refusal(pos, v)
    if refusal is not None:
        raise refusal
    hands, mover = pos[HANDS], pos[TO_MOVE]
    laid = move.laid_mask
    hand = hands[mover]
    if not laid:
        raise refused(MoveProblem.EMPTY_LAY_DOWN, v)
    if laid & ~hand:
        raise _not_in_hand(_bits.low_index(laid & ~hand), v)
    _check_new_table(pos, move.table, laid, 0, v)


def _why_no_force(pos: Position, v: int | None) -> IllegalMoveError:
    rules, _, _, _, _, _, offer, origin, by, _, mover, _, _, _, _ = pos
    card = DECK[offer]
    if rules.forcing is not FORCING_DECLINED:
        return refused(
            MoveProblem.FORCING_NOT_ALLOWED, v, card=card, setting=rules.setting("forcing")
        )
    if not may_force_back(rules, PHASE_OFFER, origin, by, mover):
        return refused(MoveProblem.NOT_PASSED, v, card=card)
    return refused(MoveProblem.DOES_NOT_FIT, v, card=card)


def _check_take(pos: Position, move: Take, v: int | None) -> None:
    # Each operation on a 40-bit int costs some 250 instructions (see _bits.coverable),
    # so a legal take is passed with few: the laid cards a subset of the hand, the
    # discard one of the rest; only a refused take is asked what is wrong, in the order
    # of the refusals (0.8% fewer instructions in random self-play, callgrind, warm memos).
    hand = pos[HANDS][pos[TO_MOVE]]
    offer = pos[OFFER]
    laid = move.laid_mask
    if laid | hand != hand:
        if laid >> offer & 1:
            raise refused(MoveProblem.OFFER_LAID, v, card=DECK[offer])
        raise _not_in_hand(_bits.low_index(laid & ~hand), v)
    rest = hand ^ laid  # the hand cards not laid (laid is a subset of the hand)
    discard = move.discard_index
    if discard == NO_DISCARD:
        if rest:
            raise refused(MoveProblem.MUST_DISCARD, v, cards=_bits.cards_of(rest))
    elif not rest >> discard & 1:
        card = DECK[discard]
        if discard == offer:
            raise refused(MoveProblem.DISCARD_OFFER, v, card=card)
        if not hand >> discard & 1:
            raise _not_in_hand(discard, v)
        # Take() refuses it; a value unpickled from crafted data
        raise refused(MoveProblem.LAID_AND_DISCARDED, v, card=card)
    named = move.table
    if named is None and pos[ARRANGEMENTS] is None:
        # Free regrouping and no table named, the commonest take: _check_new_table's one
        # test without the call (0.35% fewer instructions in random self-play).
        new_table = pos[TABLES][pos[TO_MOVE]] | 1 << offer | laid
        if not pos[MELDS].can_partition(new_table):
            raise refused(MoveProblem.NOT_MELDS, v, cards=_bits.cards_of(new_table))
    else:
        _check_new_table(pos, named, laid, 1 << offer, v)
    if discard == NO_DISCARD and (least := pos[RULES].long_meld) is not None:
        # M12: the table he goes out with holds a meld of ``least`` cards or more (the
        # named table, or under free regrouping some split of its cards, R13).
        if move.table is not None:
            long_enough = any(len(meld) >= least for meld in move.table)
        else:
            long_enough = may_go_out(pos, pos[TO_MOVE], laid | 1 << offer)
        if not long_enough:
            raise refused(MoveProblem.NO_LONG_MELD, v, number=least)


def _check_new_table(
    pos: Position, named: tuple[Meld, ...] | None, laid: int, added: int, v: int | None
) -> None:
    """The table after adding ``laid`` and ``added`` must split into melds (R6), as
    ``named`` if given; under regrouping borrow or none it must be named, and be one
    the rules allow (V2)."""
    rules, _, _, _, tables, _, _, _, _, _, player, _, _, arrangements, melds = pos
    new_table = tables[player] | added | laid
    if named is not None:
        _check_arrangement(pos, named, new_table, v)
    elif arrangements is not None:
        raise refused(MoveProblem.TABLE_NOT_NAMED, v, setting=rules.setting("regrouping"))
    elif not melds.can_partition(new_table):
        raise refused(MoveProblem.NOT_MELDS, v, cards=_bits.cards_of(new_table))
    if named is not None and arrangements is not None:
        wanted = _bits.arrangement(meld.mask for meld in named)
        borrow = rules.regrouping is REGROUPING_BORROW
        if wanted not in melds.arrangements(arrangements[player], added | laid, borrow):
            setting = rules.setting("regrouping")
            raise refused(MoveProblem.TABLE_NOT_ALLOWED, v, setting=setting)


def _check_arrangement(
    pos: Position, named: tuple[Meld, ...], new_table: int, v: int | None
) -> None:
    rules = pos[RULES]
    meld_set = pos[MELDS].meld_set
    seen = 0
    for meld in named:
        if meld.mask & seen:
            raise refused(
                MoveProblem.CARD_TWICE,
                v,
                card=DECK[_bits.low_index(meld.mask & seen)],
                cards=meld.cards,
            )
        if meld.mask not in meld_set:
            if meld.kind is MeldKind.SEQUENCE and len(meld) > rules.max_sequence:
                raise refused(
                    MoveProblem.SEQUENCE_TOO_LONG,
                    v,
                    cards=meld.cards,
                    number=rules.max_sequence,
                )
            raise refused(MoveProblem.NOT_A_MELD, v, cards=meld.cards)
        seen |= meld.mask
    if seen != new_table:
        raise refused(MoveProblem.WRONG_CARDS, v, cards=_bits.cards_of(new_table))


# ---------------------------------------------------------------- the legal moves

_DECLINE_ONLY: Final = (DECLINE,)
_DECLINE_FORCE: Final = (DECLINE, FORCE)
_FORCE_OR_RELEASE: Final = MoveTuple((FORCE, RELEASE))
_JUST_DECLINE: Final = MoveTuple(_DECLINE_ONLY)
_JUST_DECLINE_FORCE: Final = MoveTuple(_DECLINE_FORCE)
_NO_MOVES: Final = MoveTuple(())


def legal_moves(pos: Position) -> LegalMoves:
    """Every legal move of the position ``pos`` exactly once, in a fixed order, as a lazy
    tuple-like sequence: what :meth:`State.legal_moves
    <conquian.state.State.legal_moves>` returns, whose docstring gives the order."""
    # The hot path of every search and simulation: written out, with few calls.
    (
        rules,
        _,
        _,
        hands,
        tables,
        _,
        offer,
        origin,
        by,
        phase,
        mover,
        _,
        _,
        arrangements,
        melds,
    ) = pos
    extra: tuple[Move, ...]
    if phase is PHASE_OFFER:
        # R14b case b: the opponent passed this card, the rules let it be forced back
        # (phases.FORCES_BACK_BY_ID, read from may_force_back), and it fits his table
        # (R14a). What may_force decides, without its calls; the quick tests of the
        # offer come first, as most offers are discards, then offer_fits's quick reject
        # (_bits.in_meld_of_three's look-up) before the forcing rule and the call: most
        # passed cards fit no meld of the passer's table (1.5% fewer instructions in
        # random self-play, callgrind, warm memos). With three players (M6 case
        # b), phases.FORCED_BACK_SEATS (built from may_force_back) names the player the
        # card may be forced back on, if it fits his table: what may_force decides.
        if rules.players == 2:
            force_back = (
                by != mover
                and origin is ORIGIN_STOCK
                and tables[by] & MELD_PARTNERS[offer] in MELDS_OF_THREE[offer]
                and FORCES_BACK_BY_ID[id(rules.forcing)]
                and offer_fits(pos, by)
            )
        else:
            decliner = FORCED_BACK_SEATS[id(rules.forcing)][id(origin)][by][mover]
            force_back = decliner != PASSED_ON and offer_fits(pos, decliner)
        extra = _DECLINE_FORCE if force_back else _DECLINE_ONLY
        if rules.meld_from_hand and may_lay_down(pos):
            extra = (*_lay_downs(pos), *extra)
    elif phase is PHASE_FORCED_TAKE:
        extra = ()
    elif phase is PHASE_FORCE_DECISION:
        return _FORCE_OR_RELEASE
    elif phase is PHASE_EXCHANGE:
        return _gives(hands[mover])  # M10: one give per hand card
    else:
        return _NO_MOVES
    table = tables[mover]
    hand = hands[mover]
    pool = table | hand
    if pool & MELD_PARTNERS[offer] not in MELDS_OF_THREE[offer]:
        # The quick reject, and most offers: no meld of three holds the offered card,
        # so no take (_bits.in_meld_of_three's look-up without the call, see there).
        # Share one sequence per choice of simple moves.
        if extra is _DECLINE_ONLY:
            return _JUST_DECLINE
        if extra is _DECLINE_FORCE:
            return _JUST_DECLINE_FORCE
        return MoveTuple(extra)
    laids = melds.takes(table, offer, hand)
    if not laids:
        if extra is _DECLINE_ONLY:
            return _JUST_DECLINE
        if extra is _DECLINE_FORCE:
            return _JUST_DECLINE_FORCE
    if arrangements is None:
        if (
            rules.long_meld is not None
            and hand in laids
            and not may_go_out(pos, mover, 1 << offer | hand)
        ):
            # M12: the take that lays the whole hand goes out (R16) only with a meld of
            # ``least`` cards or more in some split of the table (R13).
            laids = [laid for laid in laids if laid != hand]
        return TakeMoves(hand, laids, extra, None, pos)
    takes, named = _arranged(pos, laids, 1 << offer)
    least = rules.long_meld
    if least is not None and hand in takes:
        # M12, V2: a take that goes out names a table with a meld of ``least`` or more.
        kept = [
            (laid, table)
            for laid, table in zip(takes, named, strict=True)
            if laid != hand or any(len(meld) >= least for meld in table)
        ]
        takes, named = [laid for laid, _ in kept], [table for _, table in kept]
    return TakeMoves(hand, takes, extra, named, pos)


def _gives(hand: int) -> MoveTuple:
    """The legal moves of the opening exchange (M10): the give of each card of the
    ``hand`` mask, in deck order."""
    return MoveTuple(GIVES[index] for index in _bits.indices(hand))


def _arranged(
    pos: Position, candidates: Sequence[int], added: int
) -> tuple[list[int], list[tuple[Meld, ...]]]:
    """For regrouping borrow or none (V2): each laid mask of ``candidates`` (possible
    under free regrouping) with every table the rules allow, adding ``added`` too."""
    rules, _, _, _, _, _, _, _, _, _, player, _, _, arrangements, melds = pos
    assert arrangements is not None
    borrow = rules.regrouping is REGROUPING_BORROW
    laids: list[int] = []
    tables: list[tuple[Meld, ...]] = []
    for laid in candidates:
        for table in melds.arrangements(arrangements[player], added | laid, borrow):
            laids.append(laid)
            tables.append(tuple(Meld.from_mask(meld) for meld in table))
    return laids, tables


def _lay_downs(pos: Position) -> list[LayDown]:
    """Every lay-down (V3): each distinct non-empty set of hand cards whose addition
    leaves the table splitting into melds (with each allowed table, under V2)."""
    _, _, _, hands, tables, _, _, _, _, _, player, _, _, arrangements, melds = pos
    candidates = [laid for laid in melds.extensions(tables[player], hands[player]) if laid]
    if arrangements is None:
        return [LayDown(_bits.cards_of(laid)) for laid in candidates]
    laids, named = _arranged(pos, candidates, 0)
    return [
        LayDown(_bits.cards_of(laid), arrangement)
        for laid, arrangement in zip(laids, named, strict=True)
    ]
