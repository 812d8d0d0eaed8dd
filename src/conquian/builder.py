"""Building a take (or a lay-down) one card at a time, as a front end does with clicks.

A take with several melds can have hundreds of variants (laid cards, discard, table); a
front end should not offer them as a list. :meth:`State.take_builder
<conquian.state.State.take_builder>` returns a :class:`TakeBuilder`, an immutable value
that knows, at each step, which hand cards may be added so that a legal take is still
reachable, whether the selection is complete, which discards remain (or whether the take
goes out), and the resulting table. Every step is one of four kinds — add a card, remove
a card, discard a card, go out — plus, under rules where the arrangement of the table
matters (V2 borrow or none), choosing one of the offered arrangements. Each step answers
from a small search over the cards: no step lists every take.

>>> from conquian import State
>>> builder = State.new(seed=0).take_builder()
>>> builder.offer, sorted(builder.addable)
(Card.parse('4d'), [Card.parse('2d'), Card.parse('3d'), Card.parse('5d')])
>>> builder = builder.add("3d").add("5d")
>>> builder.is_complete, builder.table
(True, (Meld('3d4d5d'),))
>>> builder.discard("Kh")
parse_move('take +3d5d -Kh')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from conquian import _bits
from conquian._refused import refused
from conquian._slots import slot_setters
from conquian.cards import DECK, Card, format_cards
from conquian.errors import (
    IllegalMoveError,
    InvalidStateError,
    MoveProblem,
    bounded_items,
    describe,
)
from conquian.melds import Meld
from conquian.moves import LayDown, Take
from conquian.rules import Regrouping, Rules

__all__ = ["TakeBuilder"]


def _check_position(rules: Rules, hand: int, melds: tuple[Meld, ...], offer: Card | None) -> None:
    """The cards of :meth:`TakeBuilder.start` must be a player's position (R4, R5, R14)."""
    allowed = _bits.meld_table(rules.max_sequence).meld_set
    table = 0
    for meld in melds:
        if meld.mask & table:
            cards = format_cards(_bits.cards_of(meld.mask & table))
            raise InvalidStateError(f"the table holds {cards} in two melds")
        if meld.mask not in allowed:
            raise InvalidStateError(
                f"the meld {meld} is not one these rules allow "
                f"({rules.setting('max_sequence')}; R4, R5, V4)"
            )
        table |= meld.mask
    if hand & table:
        cards = format_cards(_bits.cards_of(hand & table))
        raise InvalidStateError(f"the hand and the table both hold {cards}")
    if offer is not None and (hand | table) >> offer.index & 1:
        raise InvalidStateError(f"the offered card {offer} is the player's own")
    count = (hand | table).bit_count()
    if count != rules.hand_size:
        raise InvalidStateError(
            f"a hand and a table hold {rules.hand_size} cards under these rules (R14), not {count}"
        )


def _completable(table: _bits.MeldTable, required: int, avail: int, memo: dict[int, bool]) -> bool:
    """Whether some subset ``U`` of ``avail`` makes ``required | U`` split into melds.

    Recurses on the lowest required card: some meld holds it, inside required | avail."""
    if not required:
        return True
    key = required << 40 | avail
    known = memo.get(key)
    if known is not None:
        return known
    pool = required | avail
    result = False
    if table.coverable(pool) & required == required:
        for meld in table.containing[(required & -required).bit_length() - 1]:
            if meld & pool == meld and _completable(table, required & ~meld, avail & ~meld, memo):
                result = True
                break
    memo[key] = result
    return result


def _grows(
    table: _bits.MeldTable,
    melds: tuple[int, ...],
    required: int,
    avail: int,
    borrowed: int,
    memo: dict[int, bool],
) -> bool:
    """V2 (borrow or none): whether the old ``melds`` can each stay whole and grow by
    cards of ``required | avail`` (never the ``borrowed`` card), leaving the rest of
    ``required`` to new melds that may use more of ``avail``."""
    if not melds:
        return _completable(table, required, avail, memo)
    meld, rest = melds[0], melds[1:]
    pool = (required | avail) & ~borrowed
    for bigger in table.containing[(meld & -meld).bit_length() - 1]:
        if bigger & meld == meld and bigger & ~meld & ~pool == 0:
            grown = bigger & ~meld
            if _grows(table, rest, required & ~grown, avail & ~grown, borrowed, memo):
                return True
    return False


_TAKE: Final = "take"
_LAY: Final = "lay"
_NO_OFFER: Final = -1


def _must_arrange() -> IllegalMoveError:
    return refused(MoveProblem.MUST_ARRANGE, detail="see arrangements")


@attrs.frozen(repr=False)
class TakeBuilder:
    """A take (or, under V3, a lay-down) being built one card at a time. Immutable: each
    step returns a new builder.

    Build one with :meth:`State.take_builder <conquian.state.State.take_builder>` or
    :meth:`Observation.take_builder <conquian.state.Observation.take_builder>`
    (or :meth:`State.lay_down_builder <conquian.state.State.lay_down_builder>`). It needs
    only what the player to move sees: the rules, his hand and table, and the offered
    card. Equal builders are at the same step of the same position.

    The steps:

    * :meth:`add` a card of :attr:`addable` (a legal move is still reachable),
      :meth:`remove` a card of :attr:`selected`;
    * once :attr:`is_complete`, under rules where the table's arrangement matters (V2
      borrow or none) and there is more than one, :meth:`arrange` with one of
      :attr:`arrangements`;
    * then finish: :meth:`discard` a card of :attr:`discards`, or :meth:`go_out` when
      :attr:`can_go_out` (or :meth:`lay_down` for a lay-down builder). These return the
      move, which is legal in the builder's position.

    Every legal take of the position is reached this way, and nothing else is.
    """

    rules: Rules
    """The rules of the game."""
    _hand: int = attrs.field(alias="_hand")
    _old: tuple[int, ...] = attrs.field(alias="_old")
    _offer: int = attrs.field(alias="_offer")
    _selected: int = attrs.field(alias="_selected")
    _chosen: tuple[int, ...] | None = attrs.field(alias="_chosen")
    # Answers kept by the builder, ``None`` until first read (attrs keeps a cached hash
    # the same way): a step of an ActionBuilder reads the addable cards and the tables
    # several times (its mask, the action's check, the step itself), and each was a
    # search again. Each answer is a pure function of the fields above, so threads that
    # fill one at once store equal values (one slot store each), and a step's new
    # builder (attrs.evolve) starts without them: they are not arguments of __init__,
    # and not compared. With _addable below, a 7-action take with a mask before each
    # action at the worst position (298 legal moves) takes 120 µs instead of 500 µs.
    _addable_found: int | None = attrs.field(init=False, default=None, eq=False)
    _tables_found: tuple[tuple[int, ...], ...] | None = attrs.field(
        init=False, default=None, eq=False
    )

    @classmethod
    def start(
        cls,
        rules: Rules,
        hand: Iterable[Card],
        table: Iterable[Meld],
        offer: Card | None,
    ) -> TakeBuilder:
        """An empty builder for the player to move: a take of ``offer``, or a lay-down
        (V3) when ``offer`` is ``None``. Whether a take or lay-down is allowed now is for
        the caller to say (:meth:`State.take_builder
        <conquian.state.State.take_builder>` checks it).

        Args:
            rules: The rules of the game.
            hand: The player's hand.
            table: The player's table, as melds.
            offer: The offered card, or ``None`` to build a lay-down.

        Raises:
            TypeError: An argument is not made of the right values.
            InvalidStateError: The cards describe no player's position under ``rules``:
                a card both in the hand and on the table, in two melds, or offered while
                the player holds it; a meld these rules do not allow (R4, R5, V4); or a
                hand and table that do not count ``rules.hand_size`` cards (R14).

        >>> from conquian import CLASSIC, Card, Meld, parse_cards
        >>> from conquian.builder import TakeBuilder
        >>> hand, table = parse_cards("5c 6c 2d 3d 4h 5h 6h"), [Meld("Kc Kd Kh")]
        >>> builder = TakeBuilder.start(CLASSIC, hand, table, Card.parse("7c"))
        >>> sorted(str(card) for card in builder.addable)
        ['4h', '5c', '5h', '6c', '6h']
        >>> TakeBuilder.start(CLASSIC, hand, table, Card.parse("5c"))
        Traceback (most recent call last):
        ...
        conquian.errors.InvalidStateError: the offered card 5c is the player's own
        """
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {describe(rules)}")
        melds = table if isinstance(table, tuple) else bounded_items(table, "table", "melds", 13)
        if len(melds) > 13 or not all(isinstance(meld, Meld) for meld in melds):
            raise TypeError("a table is a sequence of at most 13 Meld values")
        if offer is not None and not isinstance(offer, Card):
            raise TypeError(f"the offer is a Card or None, not {describe(offer)}")
        if isinstance(hand, frozenset | tuple) and len(hand) <= 40:
            cards: tuple[Card, ...] | frozenset[Card] = hand
        else:  # read no more of an iterable than a hand can hold
            cards = bounded_items(hand, "hand", "an iterable of cards", 40)
        if len(cards) > 40 or not all(isinstance(card, Card) for card in cards):
            raise TypeError("a hand is at most 40 Card values")
        hand_mask = _bits.mask_of(cards)
        _check_position(rules, hand_mask, melds, offer)
        old = _bits.arrangement(meld.mask for meld in melds)
        index = _NO_OFFER if offer is None else offer.index
        return cls(rules, hand_mask, old, index, 0, None)

    # ------------------------------------------------------------------ reading

    @property
    def kind(self) -> str:
        """``"take"``, or ``"lay"`` for a lay-down (V3)."""
        return _LAY if self._offer == _NO_OFFER else _TAKE

    @property
    def _added(self) -> int:
        """The offered card's bit for a take; nothing for a lay-down."""
        return 0 if self._offer == _NO_OFFER else 1 << self._offer

    @property
    def _free(self) -> bool:
        return self.rules.regrouping is Regrouping.FREE

    @property
    def _melds(self) -> _bits.MeldTable:
        return _bits.meld_table(self.rules.max_sequence)

    @property
    def _table_mask(self) -> int:
        mask = 0
        for meld in self._old:
            mask |= meld
        return mask

    def _reachable(self, selected: int, memo: dict[int, bool] | None = None) -> bool:
        """Whether a legal move lays every card of ``selected`` (and maybe more).

        ``memo`` holds :func:`_completable`'s answers, which depend only on their key and
        the meld table: one memo serves every selection of the builder."""
        table = self._melds
        avail = self._hand & ~selected
        if memo is None:
            memo = {}
        if self._long_meld_rule:
            return any(laid & selected == selected for laid in self._long_meld_laids())
        if self.kind == _LAY and not selected:
            return any(self._reachable(selected | 1 << i, memo) for i in _bits.indices(avail))
        if self._free:
            required = self._table_mask | self._added | selected
            return _completable(table, required, avail, memo)
        borrow = self.rules.regrouping is Regrouping.BORROW
        new = self._added | selected
        return any(
            _grows(table, melds, new | borrowed, avail, borrowed, memo)
            for melds, borrowed in _bits.borrow_variants(self._old, borrow)
        )

    @property
    def _long_meld_rule(self) -> bool:
        """Whether the take builder follows M12 (``Rules.long_meld``): a take that goes
        out needs a long meld, so the selection of the whole hand may lead nowhere."""
        return self.rules.long_meld is not None and self.kind == _TAKE

    def _long_meld_laids(self) -> list[int]:
        """Under M12, the laid cards of every legal take: the free-regrouping candidates
        that some allowed table holds (V2), the whole hand only with a long meld."""
        required = self._table_mask | self._added
        borrow = self.rules.regrouping is Regrouping.BORROW
        laids = []
        for laid in self._melds.extensions(required, self._hand):
            if laid == self._hand:
                if self._long_tables(laid):
                    laids.append(laid)
            elif self._free or self._melds.arrangements(self._old, self._added | laid, borrow):
                laids.append(laid)
        return laids

    def _long_tables(self, laid: int) -> tuple[tuple[int, ...], ...]:
        """M12: the tables of a take laying ``laid`` (the whole hand: it goes out) that
        hold a meld of ``Rules.long_meld`` cards or more; under free regrouping one
        such split (R13), if any."""
        least = self.rules.long_meld
        assert least is not None
        new = self._added | laid
        if self._free:
            split = self._melds.long_partition(self._table_mask | new, least)
            return () if split is None else (_bits.arrangement(split),)
        borrow = self.rules.regrouping is Regrouping.BORROW
        return tuple(
            table
            for table in self._melds.arrangements(self._old, new, borrow)
            if max(meld.bit_count() for meld in table) >= least
        )

    @property
    def offer(self) -> Card | None:
        """The offered card, which a take puts on the table (``None`` for a lay-down)."""
        return None if self._offer == _NO_OFFER else DECK[self._offer]

    @property
    def hand(self) -> frozenset[Card]:
        """The player's hand, the selected cards included."""
        return _bits.card_set(self._hand)

    @property
    def selected(self) -> frozenset[Card]:
        """The hand cards chosen so far to lay down."""
        return _bits.card_set(self._selected)

    @property
    def is_possible(self) -> bool:
        """Whether any legal move can be built from here."""
        return self._reachable(self._selected)

    @property
    def addable(self) -> frozenset[Card]:
        """The hand cards that may be added next, such that a legal move is still
        reachable (R6, R13; V2 under borrow or none)."""
        return _bits.card_set(self._addable)

    @property
    def _addable(self) -> int:
        """The mask of :attr:`addable`, found once per builder."""
        found = self._addable_found
        if found is None:
            found = 0
            selected = self._selected
            if self._long_meld_rule:  # M12: the legal takes' laid cards, listed
                for laid in self._long_meld_laids():
                    if laid & selected == selected:
                        found |= laid
                found &= ~selected
            elif self._free:
                # The hand cards laid by some legal move with the selection: the laid
                # cards of the legal moves are the hand cards that make the table and the
                # offered card split into melds, which the meld table lists once for
                # every step (kept in its extension memo after the first), where a search
                # for each card was made at each step: a take built click by click at
                # the worst position takes 60 µs instead of 210 µs.
                required = self._table_mask | self._added
                for laid in self._melds.extensions(required, self._hand):
                    if laid & selected == selected:
                        found |= laid
                found &= ~selected
            else:  # V2: a search for each card, sharing one memo
                memo: dict[int, bool] = {}
                for index in _bits.indices(self._hand & ~selected):
                    if self._reachable(selected | 1 << index, memo):
                        found |= 1 << index
            _set_addable_found(self, found)
        return found

    def _can_add(self, bit: int) -> bool:
        """Whether the hand card ``bit``, not selected, may be added: a look-up in
        :attr:`addable` where it is known or quickly found (free regrouping), else one
        search."""
        if self._addable_found is not None or self._free:
            return bool(self._addable & bit)
        return self._reachable(self._selected | bit)

    @property
    def _tables(self) -> tuple[tuple[int, ...], ...]:
        """The tables the rules allow for the selection (empty if it is incomplete),
        found once per builder."""
        tables = self._tables_found
        if tables is None:
            tables = self._find_tables()
            _set_tables_found(self, tables)
        return tables

    def _find_tables(self) -> tuple[tuple[int, ...], ...]:
        new = self._added | self._selected
        if self.kind == _LAY and not self._selected:
            return ()
        if self._long_meld_rule and self._selected == self._hand:
            return self._long_tables(self._selected)  # M12: going out needs a long meld
        if self._free:
            split = self._melds.one_partition(self._table_mask | new)
            return () if split is None else (_bits.arrangement(split),)
        borrow = self.rules.regrouping is Regrouping.BORROW
        return tuple(self._melds.arrangements(self._old, new, borrow))

    @property
    def is_complete(self) -> bool:
        """Whether the selection is one a legal move lays, so the move can be finished (after
        :meth:`arrange`, where :attr:`needs_arrangement`)."""
        return bool(self._tables)

    @property
    def arrangements(self) -> tuple[tuple[Meld, ...], ...]:
        """The tables the player may choose for a complete selection, under rules where
        the arrangement matters (V2 borrow or none); empty under free regrouping, where
        the table is not chosen (R13), and while the selection is incomplete."""
        if self._free:
            return ()
        return tuple(tuple(Meld.from_mask(meld) for meld in table) for table in self._tables)

    @property
    def needs_arrangement(self) -> bool:
        """Whether :meth:`arrange` must be called before finishing: the selection is
        complete, the rules let the player arrange his table, and no arrangement is
        chosen yet (one allowed arrangement is chosen by itself)."""
        return self._chosen is None and not self._free and len(self._tables) > 1

    @property
    def table(self) -> tuple[Meld, ...] | None:
        """The player's table after the move (the chosen arrangement, the only allowed one,
        or the canonical split under free regrouping), or ``None`` while incomplete or
        while an arrangement must still be chosen."""
        if self._chosen is not None:
            return tuple(Meld.from_mask(meld) for meld in self._chosen)
        tables = self._tables
        if len(tables) != 1:
            return None
        return tuple(Meld.from_mask(meld) for meld in tables[0])

    @property
    def discards(self) -> frozenset[Card]:
        """The cards that may be discarded to finish the take (the hand cards not laid,
        once the selection is complete and arranged); empty when the take goes out."""
        if self.kind != _TAKE or self.table is None:
            return frozenset()
        return _bits.card_set(self._hand & ~self._selected)

    @property
    def can_go_out(self) -> bool:
        """Whether the take lays every hand card, so it goes out (R16)."""
        return self.kind == _TAKE and self.table is not None and not self._hand & ~self._selected

    # ------------------------------------------------------------------ steps

    def add(self, card: Card | str) -> TakeBuilder:
        """The builder with ``card`` (a card or its text) added to the selection.

        Raises:
            IllegalMoveError: The card is not in :attr:`addable`; the message says why.
            InvalidCardError: ``card`` is text that is not a card.
        """
        found = _card(card)
        bit = 1 << found.index
        if not self._hand & bit:
            raise refused(MoveProblem.NOT_IN_HAND, card=found)
        if self._selected & bit:
            raise refused(MoveProblem.ALREADY_CHOSEN, card=found)
        if not self._can_add(bit):
            chosen = _bits.cards_of(self._selected | bit | self._added)
            raise refused(MoveProblem.CANNOT_ADD, card=found, cards=chosen)
        # the class called with every field: attrs.evolve reads them by name, twice as slow
        return self.__class__(
            self.rules, self._hand, self._old, self._offer, self._selected | bit, None
        )

    def remove(self, card: Card | str) -> TakeBuilder:
        """The builder with ``card`` taken out of the selection.

        Raises:
            IllegalMoveError: The card is not selected.
        """
        found = _card(card)
        bit = 1 << found.index
        if not self._selected & bit:
            raise refused(MoveProblem.NOT_CHOSEN, card=found)
        return attrs.evolve(self, _selected=self._selected & ~bit, _chosen=None)

    def arrange(self, table: int | Iterable[Meld]) -> TakeBuilder:
        """The builder with the table arranged as ``table``: one of :attr:`arrangements`,
        or its position in that tuple.

        Raises:
            IllegalMoveError: The selection is incomplete, or the table is not one of the
                allowed arrangements (V2).
        """
        tables = self._tables
        if not tables or self._free:
            raise refused(
                MoveProblem.NO_ARRANGEMENT,
                detail="the selection is incomplete, or the rules arrange the table themselves",
            )
        if isinstance(table, int) and not isinstance(table, bool):
            if not 0 <= table < len(tables):
                raise refused(
                    MoveProblem.NO_SUCH_ARRANGEMENT,
                    number=len(tables),
                    detail=f"numbered 0 to {len(tables) - 1}, not {describe(table)}",
                )
            chosen = tables[table]
        else:
            if isinstance(table, (bool, int)):
                raise TypeError(f"a table is an index or melds, not {describe(table)}")
            melds = bounded_items(table, "table", "an index or melds", 13)
            if len(melds) > 13 or any(not isinstance(meld, Meld) for meld in melds):
                raise TypeError("a table arrangement is a sequence of at most 13 Meld values")
            chosen = _bits.arrangement(meld.mask for meld in melds)
            if chosen not in tables:
                raise refused(
                    MoveProblem.TABLE_NOT_ALLOWED,
                    setting=self.rules.setting("regrouping"),
                    detail="it must be one of the arrangements",
                )
        return attrs.evolve(self, _chosen=chosen)

    def _finish_table(self) -> tuple[Meld, ...] | None:
        """The table a finished move names (``None`` under free regrouping)."""
        if self.kind == _TAKE and self.table is None:
            if self.needs_arrangement:
                raise _must_arrange()
            chosen = _bits.cards_of(self._selected | self._added)
            raise refused(MoveProblem.INCOMPLETE, cards=chosen)
        if self._free:
            return None
        return self.table

    def discard(self, card: Card | str) -> Take:
        """The finished take, discarding ``card``.

        Raises:
            IllegalMoveError: The selection is not complete or arranged, or the card is not
                one of :attr:`discards`.
        """
        if self.kind != _TAKE:
            raise refused(
                MoveProblem.WRONG_FINISH,
                detail="a lay-down has no discard, finish it with lay_down()",
            )
        table = self._finish_table()
        found = _card(card)
        if found not in self.discards:
            discards = tuple(sorted(self.discards))
            raise refused(MoveProblem.NOT_A_DISCARD, card=found, cards=discards)
        return Take(self.selected, found, table)

    def go_out(self) -> Take:
        """The finished take that lays every hand card and goes out (R16).

        Raises:
            IllegalMoveError: The take does not lay every card, or is not complete.
        """
        if self.kind != _TAKE:
            raise refused(
                MoveProblem.WRONG_FINISH,
                detail="a lay-down does not go out, finish it with lay_down()",
            )
        table = self._finish_table()
        if not self.can_go_out:
            rest = _bits.cards_of(self._hand & ~self._selected)
            raise refused(MoveProblem.NOT_ALL_LAID, cards=rest)
        return Take(self.selected, None, table)

    def lay_down(self) -> LayDown:
        """The finished lay-down (V3), for a builder of :meth:`State.lay_down_builder
        <conquian.state.State.lay_down_builder>`.

        Raises:
            IllegalMoveError: This builds a take, or the selection is not complete.
        """
        if self.kind != _LAY:
            raise refused(
                MoveProblem.WRONG_FINISH,
                detail="this builds a take, finish it with discard() or go_out()",
            )
        if self.needs_arrangement:
            raise _must_arrange()
        if self.table is None:
            chosen = _bits.cards_of(self._selected)
            raise refused(MoveProblem.INCOMPLETE, cards=chosen)
        return LayDown(self.selected, None if self._free else self.table)

    def __repr__(self) -> str:
        chosen = format_cards(_bits.cards_of(self._selected)) or "-"
        offer = "-" if self.offer is None else str(self.offer)
        return f"<TakeBuilder {self.kind} offer={offer} selected={chosen}>"


_set_addable_found, _set_tables_found = slot_setters(
    TakeBuilder, "_addable_found", "_tables_found"
)


def trusted_start(rules: Rules, hand: int, table: tuple[Meld, ...], offer: int) -> TakeBuilder:
    """:meth:`TakeBuilder.start` for the engine's own positions, unchecked: ``hand`` is
    the mask of the player's hand, ``table`` his melds and ``offer`` the offered card's
    index (``-1`` for a lay-down), all read from a position that could occur.
    :class:`~conquian.actions.ActionBuilder` starts one for each move with a take; the
    checks of ``start`` were a third of its time."""
    return TakeBuilder(rules, hand, _bits.arrangement(meld.mask for meld in table), offer, 0, None)


def _card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise TypeError(f"a card is a Card or its text, not {describe(card)}")
