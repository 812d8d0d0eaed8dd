"""The immutable game position, its one phase machine, and what each player may see.

A :class:`State` holds everything about a game in progress: the deck order it was dealt
from, hands, tables, the offered card, the stock, the dead cards and the public history.
:meth:`State.apply` returns a new state and never changes the old one.

>>> from conquian import State, Phase
>>> state = State.new(seed=7)
>>> state.phase, state.to_move, len(state.stock)
(<Phase.OFFER: 'offer'>, 1, 19)
>>> after = state.apply(state.legal_moves()[-1])
>>> state.ply, after.ply
(0, 1)
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import attrs

from conquian import _bits, _position, views
from conquian._position import (
    DEAD,
    DEALER,
    FIELDS,
    HANDS,
    MELDS,
    NO_CARD,
    NO_PLAYER,
    OFFER,
    OFFERED_BY,
    ORIGIN,
    OUTCOME,
    PHASE,
    PLY,
    RULES,
    STOCK,
    TO_MOVE,
    Position,
)
from conquian._slots import HASH_CACHE, new_instance, slot_setters
from conquian.builder import TakeBuilder
from conquian.cards import DECK, Card, format_cards
from conquian.dealing import check_seed, deal_order, shuffled_indices
from conquian.errors import (
    ConquianError,
    IllegalMoveError,
    InvalidCardError,
    InvalidStateError,
    bounded_items,
    describe,
)
from conquian.legality import (
    SECOND_PERSON,
    Voice,
    check_move,
    fits,
    legal_moves,
)
from conquian.melds import Meld
from conquian.moves import (
    NO_DISCARD,
    Decline,
    Force,
    LayDown,
    LegalMoves,
    Move,
    Release,
    Take,
)
from conquian.observation import Observation, SeenCards, seen_cards
from conquian.phases import (
    DRAWN,
    WENT_OUT,
    Fate,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    Played,
)
from conquian.rules import CLASSIC, Forcing, Regrouping, Rules, check_rules

__all__ = [
    "Fate",
    "Observation",
    "OfferOrigin",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "Played",
    "SeenCards",
    "State",
    "deal_order",
]

# The history as a linked list, newest entry first: (earlier entries, entry), or None.
# A move adds one small node instead of copying the whole history.
_Log: TypeAlias = "tuple[_Log, Played] | None"

# Enum members held in module constants: reading Phase.OFFER costs as much as a mask test.
_OFFER: Final = Phase.OFFER
_FORCED_TAKE: Final = Phase.FORCED_TAKE
_FORCE_DECISION: Final = Phase.FORCE_DECISION
_OVER: Final = Phase.OVER
_STOCK: Final = OfferOrigin.STOCK
_DISCARD: Final = OfferOrigin.DISCARD
_FORCE_DECLINED: Final = Forcing.DECLINED
_DISCARDS_ONLY: Final = Forcing.DISCARDS_ONLY
_BIT: Final = tuple(1 << i for i in range(len(DECK)))
# Who turns up the next card after a decline (see State._declined_by), besides a player:
_NO_TURN: Final = -1  # the card does not die now: nobody turns a card
_FORCE_CHOICE: Final = -2  # the opponent may force the card on the decliner (R14b case a)
_TABLE_MEMO: Final = _bits.BoundedMemo[tuple[int, int], tuple[Meld, ...]](
    _bits.OBJECT_MEMO_LIMIT, "tables"
)


def _as_move(move: Move | str) -> Move:
    """A move given as a value or as its notation (read by :func:`parse_move`)."""
    if isinstance(move, str):
        from conquian.moves import parse_move

        return parse_move(move)
    return move


def _canonical_table(mask: int, rules: Rules) -> tuple[Meld, ...]:
    """The first split of a table in :func:`conquian.partitions` order (shared, cached)."""
    key = (mask, rules.max_sequence)
    melds = _TABLE_MEMO.get(key)
    if melds is None:
        split = _bits.meld_table(rules.max_sequence).one_partition(mask)
        if split is None:  # pragma: no cover - an invariant of every reachable state (R6)
            raise AssertionError(f"table {format_cards(_bits.cards_of(mask))} does not split")
        melds = _TABLE_MEMO.put(key, tuple(Meld.from_mask(meld) for meld in split))
    return melds


@attrs.frozen(repr=False, cache_hash=True)
class State:
    """One position of a game, immutable. Build it with :meth:`new` or :meth:`from_deck`.

    Two states are equal when they are the same position: the same rules, dealer, ply,
    phase and player to move, the same hands, tables, stock (in order), offered card and
    its origin, dead cards (in order) and outcome — whatever moves led there. The path is
    not compared: the public :attr:`history`, the original :attr:`deck` order and the
    ``seed`` are kept for records and observations, but two states that reach the
    same position by different moves are equal, and a state read back from its
    :meth:`to_notation` string equals the original.

    Players are numbered 0 and 1. Everything is read through properties; the fields
    starting with an underscore are internal (cards as bits, see ``conquian._bits``).
    """

    _pos: Position = attrs.field(alias="_pos")
    _deck: tuple[int, ...] | None = attrs.field(alias="_deck", eq=False)
    seed: int | None = attrs.field(eq=False)
    """The seed the game was dealt from, or ``None`` (not compared by ``==``)."""
    _log: _Log = attrs.field(alias="_log", eq=False)

    # The position is one tuple (see conquian._position): one comparison, one hash, one
    # allocation per move. The properties below read its parts by name.
    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._pos[RULES]

    @property
    def dealer(self) -> int:
        """The player who dealt (the other one started, R10)."""
        return self._pos[DEALER]

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending (see :class:`Phase`)."""
        return self._pos[PHASE]

    def _replace(self, **changes: Any) -> State:
        """A copy with parts of the position replaced by name (``stock``, ``hands``, ...;
        ``deck`` and ``seed`` for the rest). Unchecked: for tests and tools."""
        pos = list(self._pos)
        deck, seed, log = self._deck, self.seed, self._log
        for name, value in changes.items():
            if name == "deck":
                deck = value
            elif name == "seed":
                seed = value
            else:
                pos[FIELDS.index(name)] = value
                if name == "rules":
                    pos[MELDS] = _bits.meld_table(value.max_sequence)
        return State(tuple(pos), deck, seed, log)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, seed: int | None = None, *, rules: Rules = CLASSIC, dealer: int = 0) -> State:
        """Deal a new game from ``seed`` (a fresh random seed when ``None``).

        Args:
            seed: A whole number from 0 to 2**64 - 1; the same seed always gives the same
                deal (see :func:`deal_order`).
            rules: The rule set.
            dealer: The dealing player, 0 or 1 (the other one starts, R10).

        Raises:
            ConquianError: The seed or the dealer is out of range.
            TypeError: ``dealer`` is not an int, or ``rules`` is not a Rules.
        """
        if seed is None:
            seed = secrets.randbits(64)
        return cls._deal(shuffled_indices(check_seed(seed)), rules, dealer, seed)

    @classmethod
    def from_deck(
        cls, deck: Sequence[Card] | str, *, rules: Rules = CLASSIC, dealer: int = 0
    ) -> State:
        """Deal a new game from an explicit deck order, top of the pack first.

        Args:
            deck: All 40 cards, each once (as cards or as text).
            rules: The rule set.
            dealer: The dealing player, 0 or 1.

        Raises:
            InvalidCardError: The deck is not the 40 cards, each exactly once (a deck of
                more is refused before it is read through).
            TypeError: ``deck`` is not text or a sequence of cards, ``dealer`` is not an
                int, or ``rules`` is not a Rules.
            ConquianError: The dealer is not 0 or 1.
        """
        from conquian.cards import parse_cards

        if isinstance(deck, str):
            cards = parse_cards(deck)
        else:
            cards = bounded_items(deck, "deck", "text or a sequence of 40 Card values", 40)
        if any(not isinstance(card, Card) for card in cards):
            raise InvalidCardError("a deck holds Card values only", token=describe(deck))
        if len(set(cards)) != len(cards) or len(cards) != len(DECK):
            missing = sorted(set(DECK) - set(cards))
            raise InvalidCardError(
                "a deck is the 40 cards, each once; got "
                + (f"{len(cards)} cards" if len(cards) <= 40 else "more than 40 cards")
                + (f", missing {format_cards(missing)}" if missing else ""),
                token=str(len(cards)),
            )
        return cls._deal([card.index for card in cards], rules, dealer, None)

    @classmethod
    def _deal(cls, indices: list[int], rules: Rules, dealer: int, seed: int | None) -> State:
        """Deal from the card indices ``indices``, top of the pack first."""
        check_rules(rules)
        if dealer.__class__ is not int:
            raise TypeError(f"dealer must be 0 or 1 (an int), not {describe(dealer)}")
        if dealer not in (0, 1):
            raise ConquianError(f"the dealer is player 0 or 1, not {describe(dealer)}")
        order = tuple(indices)
        starter = 1 - dealer
        # R8: one card at a time (V7: or two), non-dealer first.
        batch = rules.deal_batch
        stock_pos = 2 * rules.hand_size
        if batch == 1:
            first, second = order[0:stock_pos:2], order[1:stock_pos:2]
        else:
            first = tuple(order[i] for i in range(stock_pos) if i // batch % 2 == 0)
            second = tuple(order[i] for i in range(stock_pos) if i // batch % 2 == 1)
        hands = [0, 0]
        hands[starter] = sum(map(_BIT.__getitem__, first))
        hands[dealer] = sum(map(_BIT.__getitem__, second))
        # R10: the non-dealer turns the top stock card; it is offered to him. V8: the dealer
        # turns it, and it is offered to the non-dealer.
        origin, turner = (
            (OfferOrigin.UPCARD, dealer) if rules.initial_upcard else (OfferOrigin.STOCK, starter)
        )
        arrangements = None if rules.regrouping is Regrouping.FREE else ((), ())
        pos: Position = (
            rules, dealer, order[stock_pos + 1 :], (hands[0], hands[1]), (0, 0), (),
            order[stock_pos], origin, turner, Phase.OFFER, starter, 0, None, arrangements,
            _bits.meld_table(rules.max_sequence),
        )  # fmt: skip
        return cls(pos, order, seed, None)

    # ------------------------------------------------------------------ reading

    @property
    def to_move(self) -> int | None:
        """The player whose decision it is, or ``None`` when the game is over."""
        pos = self._pos
        return None if pos[PHASE] is _OVER else pos[TO_MOVE]

    @property
    def ply(self) -> int:
        """The number of moves played so far."""
        return self._pos[PLY]

    @property
    def deck(self) -> tuple[Card, ...] | None:
        """The order the cards were dealt from, top of the pack first; ``None`` for a state
        read from a position string (which holds the position, not the deal)."""
        return None if self._deck is None else tuple(DECK[i] for i in self._deck)

    @property
    def hands(self) -> tuple[frozenset[Card], frozenset[Card]]:
        """Each player's hand (hidden from the opponent)."""
        hands = self._pos[HANDS]
        return (_bits.card_set(hands[0]), _bits.card_set(hands[1]))

    @property
    def tables(self) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
        """Each player's table as melds, in a canonical split under free regrouping (R6,
        R13), else as the player arranged it (V2)."""
        rules, _, _, _, tables, _, _, _, _, _, _, _, _, arrangements, _ = self._pos
        if arrangements is not None:
            return (
                tuple(Meld.from_mask(meld) for meld in arrangements[0]),
                tuple(Meld.from_mask(meld) for meld in arrangements[1]),
            )
        return (_canonical_table(tables[0], rules), _canonical_table(tables[1], rules))

    @property
    def offer(self) -> Card | None:
        """The offered card, or ``None`` when none is (the game is over)."""
        offer = self._pos[OFFER]
        return None if offer == NO_CARD else DECK[offer]

    @property
    def offer_origin(self) -> OfferOrigin | None:
        """Whether the offered card is a discard or was turned from the stock."""
        return self._pos[ORIGIN]

    @property
    def offered_by(self) -> int | None:
        """The player who discarded or turned up the offered card."""
        pos = self._pos
        return None if pos[OFFER] == NO_CARD else pos[OFFERED_BY]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, top card first (hidden from both players)."""
        return tuple(map(DECK.__getitem__, self._pos[STOCK]))

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead cards, in the order they died (public)."""
        return tuple(map(DECK.__getitem__, self._pos[DEAD]))

    @property
    def history(self) -> tuple[Played, ...]:
        """Every move so far with its player and the card it answered (public). Empty for a
        state read from a position string, which holds no history.

        States keep their history as a linked list shared with the states before them (a
        move adds one entry and copies nothing), so each call builds the tuple anew, in
        time proportional to :attr:`ply`."""
        entries = []
        node = self._log
        while node is not None:
            node, entry = node
            entries.append(entry)
        entries.reverse()
        return tuple(entries)

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else who won and how."""
        return self._pos[OUTCOME]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R15, R16)."""
        return self._pos[PHASE] is _OVER

    # ------------------------------------------------------------------ rules

    def legal_moves(self) -> LegalMoves:
        """Every legal move exactly once, in a fixed order, as a lazy tuple-like sequence.

        Takes come first, ordered by the laid cards (as a bit mask), then (under
        regrouping borrow or none) by the named table, then by the discard in deck order;
        then lay-downs (V3) by laid cards and table; then
        :class:`~conquian.moves.Decline`, :class:`~conquian.moves.Force` and
        :class:`~conquian.moves.Release` where the phase allows them. Empty when the
        game is over. See :class:`~conquian.moves.LegalMoves`: counting the moves or
        picking one does not build them all.
        """
        return legal_moves(self._pos)

    def take_builder(self) -> TakeBuilder:
        """A :class:`~conquian.builder.TakeBuilder` for a take by the player to move, to
        build one card at a time (see :mod:`conquian.builder`).

        Raises:
            IllegalMoveError: No card is offered to take (the phase is a force decision or
                the game is over).
        """
        phase, player, offer = self.phase, self.to_move, self.offer
        if phase not in (Phase.OFFER, Phase.FORCED_TAKE) or player is None or offer is None:
            raise IllegalMoveError(
                f"no take can be built in phase {phase.value}: a take answers an offered "
                "card (R11, R14b)"
            )
        return TakeBuilder.start(self.rules, self.hands[player], self.tables[player], offer)

    def lay_down_builder(self) -> TakeBuilder:
        """A :class:`~conquian.builder.TakeBuilder` for a lay-down (V3) by the player to
        move, finished with :meth:`~conquian.builder.TakeBuilder.lay_down`.

        Raises:
            IllegalMoveError: No lay-down is legal now.
        """
        player = self.to_move
        if player is None or not any(isinstance(move, LayDown) for move in self.legal_moves()):
            raise IllegalMoveError(
                "no lay-down can be built now: only after turning up a stock card, before "
                "taking or passing it, under meld_from_hand rules (V3)"
            )
        return TakeBuilder.start(self.rules, self.hands[player], self.tables[player], None)

    def is_legal(self, move: Move | str, *, player: int | None = None) -> bool:
        """Whether ``move`` (by ``player``, if given) is legal now.

        Args:
            move: A move or its notation (read as :meth:`apply` reads it).
            player: If given, the player making the move.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.
            TypeError: ``player`` is not an int; ValueError: it is not 0 or 1.
        """
        try:
            check_move(self._pos, _as_move(move), player, SECOND_PERSON)
        except IllegalMoveError:
            return False
        return True

    def explain_illegal(self, move: Move | str, *, player: int | None = None) -> str | None:
        """Why ``move`` is illegal now, as a sentence, or ``None`` if it is legal.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.
            TypeError: ``player`` is not an int; ValueError: it is not 0 or 1.
        """
        try:
            check_move(self._pos, _as_move(move), player, SECOND_PERSON)
        except IllegalMoveError as error:
            return str(error)
        return None

    # ------------------------------------------------------------------ playing

    def apply(self, move: Move | str, *, player: int | None = None) -> State:
        """The state after ``move``; this state is unchanged.

        Args:
            move: A move or its notation.
            player: If given, the player making the move; an error if it is not his turn.

        Raises:
            IllegalMoveError: The move is not legal now (the message says why).
            InvalidMoveNotationError: ``move`` is text that is not a move.
            TypeError: ``player`` is not an int; ValueError: it is not 0 or 1.
        """
        if move.__class__ is Decline and player is None and self._pos[PHASE] is _OFFER:
            return self.apply_unchecked(move)  # always legal (R11): skip the full check
        move = _as_move(move)
        check_move(self._pos, move, player, SECOND_PERSON)
        return self.apply_unchecked(move)

    def apply_recorded(self, move: Move, player: int) -> State:
        """The state after ``move`` by ``player``, read from a game record: as
        :meth:`apply`, but an illegal move's message names the player in the third person
        ("player 1 must discard ..."), as a record's reader reports it.

        Args:
            move: The recorded move.
            player: The player the record says made it.

        Raises:
            IllegalMoveError: The move is not legal now (the message says why).

        >>> state = State.new(seed=7)
        >>> state.apply_recorded(state.legal_moves()[0], 1) == state.apply(state.legal_moves()[0])
        True
        """
        check_move(self._pos, move, player, Voice.about(player))
        return self.apply_unchecked(move)

    def apply_unchecked(self, move: Move) -> State:
        """The state after ``move``, **without checking that it is legal**: a fast path for
        search code that plays moves it took from this state's :meth:`legal_moves`.

        A move that is not legal here gives a state that breaks the rules (cards on two
        places, tables that do not split) without any error; use :meth:`apply` for moves
        from players, files or the network. It saves the legality check, about a third of
        :meth:`apply`'s time.

        >>> state = State.new(seed=7)
        >>> state.apply_unchecked(state.legal_moves()[0]) == state.apply(state.legal_moves()[0])
        True
        """
        # The hot path of every search and simulation: the new state and its history entry
        # are built by setting their slots (see conquian._slots).
        (rules, dealer, stock, hands, tables, dead, offer, origin, by, _, mover, ply, _, arr,
         engine_melds) = self._pos  # fmt: skip
        entry = new_instance(Played)
        _set_player(entry, mover)
        _set_offer(entry, DECK[offer])
        _set_move(entry, move)
        _set_origin(entry, origin)
        _set_offered_by(entry, by)
        _set_phase(entry, self._pos[PHASE])
        state = new_instance(State)
        _set_log(state, (self._log, entry))
        _set_deck(state, self._deck)
        _set_seed(state, self.seed)
        _set_hash(state, None)
        kind = move.__class__
        if kind is Decline or kind is Force or kind is Release:
            # Who turns up the next card if the offered card dies now.
            turner = _NO_TURN
            next_phase = _OFFER
            if kind is Decline:
                if origin is _STOCK:
                    if by != mover:
                        turner = self._declined_by(mover)
                    # else R11b: he passes his own turned card; it is offered to the opponent.
                elif origin is _DISCARD:
                    turner = self._declined_by(mover)
                elif by == mover:
                    turner = 1 - mover  # V8: the dealer refused it too; the non-dealer turns
                # else V8: the non-dealer refused the upcard; it is offered to the dealer.
                if turner == _FORCE_CHOICE:
                    # R14b case a: the opponent decides whether to force the card on him.
                    turner = _NO_TURN
                    next_phase = _FORCE_DECISION
            elif kind is Force:
                next_phase = _FORCED_TAKE
            else:
                turner = 1 - mover  # Release (R14b): it dies; the decliner turns the next card.
            if turner == _NO_TURN:
                _set_pos(
                    state,
                    (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                     next_phase, 1 - mover, ply + 1, None, arr, engine_melds),
                )  # fmt: skip
            elif not stock:
                # R15: a card died and no card can be turned: the game is drawn.
                _set_pos(
                    state,
                    (rules, dealer, stock, hands, tables, (*dead, offer), NO_CARD, None, NO_PLAYER,
                     _OVER, NO_PLAYER, ply + 1, DRAWN, arr, engine_melds),
                )  # fmt: skip
            else:
                _set_pos(
                    state,
                    (rules, dealer, stock[1:], hands, tables, (*dead, offer), stock[0], _STOCK,
                     turner, _OFFER, turner, ply + 1, None, arr, engine_melds),
                )  # fmt: skip
            return state
        assert isinstance(move, (Take, LayDown))
        laid = move.laid_mask
        hand = hands[mover] & ~laid
        table = tables[mover] | laid
        if arr is not None:
            assert move.table is not None
            melds = tuple(sorted((meld.mask for meld in move.table), key=_bits.lowest))
            arr = (melds, arr[1]) if mover == 0 else (arr[0], melds)
        if kind is LayDown:
            # V3: the cards go down; the turned card is still on offer to him.
            hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
            tables = (table, tables[1]) if mover == 0 else (tables[0], table)
            _set_pos(
                state,
                (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                 _OFFER, mover, ply + 1, None, arr, engine_melds),
            )  # fmt: skip
            return state
        assert isinstance(move, Take)
        discard = move.discard_index
        table |= 1 << offer
        tables = (table, tables[1]) if mover == 0 else (tables[0], table)
        if discard == NO_DISCARD:
            # R16: every card laid down (cards_to_go_out on the table): he wins at once.
            hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
            _set_pos(
                state,
                (rules, dealer, stock, hands, tables, dead, NO_CARD, None, NO_PLAYER,
                 _OVER, NO_PLAYER, ply + 1, WENT_OUT[mover], arr, engine_melds),
            )  # fmt: skip
            return state
        hand &= ~(1 << discard)
        hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
        _set_pos(
            state,
            (rules, dealer, stock, hands, tables, dead, discard, _DISCARD, mover,
             _OFFER, 1 - mover, ply + 1, None, arr, engine_melds),
        )  # fmt: skip
        return state

    def _declined_by(self, mover: int) -> int:
        """A card ``mover`` may refuse for good was declined (R11a, R14b): _FORCE_CHOICE if
        the opponent may now force it on him (it fits his table, and the rules force such
        cards), else ``mover``, who turns up the next card as this one dies."""
        pos = self._pos
        forcing = pos[RULES].forcing
        origin = pos[ORIGIN]
        if (forcing is _FORCE_DECLINED or (forcing is _DISCARDS_ONLY and origin is _DISCARD)) and (
            fits(pos, mover)
        ):
            return _FORCE_CHOICE
        return mover

    # ------------------------------------------------------------------ notation

    def to_notation(self) -> str:
        """The whole position as one line, hidden cards included (see :doc:`/notation`).

        Equal states give identical strings, and :meth:`from_notation` reads it back to an
        equal state. The line holds the position, not the path: no history, no seed.

        >>> state = State.new(seed=7)
        >>> State.from_notation(state.to_notation()) == state
        True
        """
        (
            rules,
            dealer,
            stock,
            hands,
            _,
            dead,
            offer,
            origin,
            by,
            phase,
            mover,
            ply,
            outcome,
            _,
            _,
        ) = self._pos
        tables = self.tables
        return _position.join(
            _position.POSITION_TAG,
            {
                "rules": rules.to_notation(),
                "dealer": str(dealer),
                "ply": str(ply),
                "phase": phase.value,
                "to_move": "-" if phase is _OVER else str(mover),
                "offer": "-" if offer == NO_CARD else str(DECK[offer]),
                "from": "-" if origin is None else f"{origin.value}:{by}",
                "stock": _position.cards_text(DECK[i] for i in stock),
                "hand0": _position.mask_text(hands[0]),
                "hand1": _position.mask_text(hands[1]),
                "table0": _position.table_text(tables[0]),
                "table1": _position.table_text(tables[1]),
                "dead": _position.cards_text(DECK[i] for i in dead),
                "result": _position.result_text(outcome),
            },
        )

    @classmethod
    def from_notation(cls, text: str) -> State:
        """Read a position string (see :meth:`to_notation` and :doc:`/notation`).

        Raises:
            InvalidStateError: The text is not a position string, or describes a position
                that could never occur; the message names the field and the problem.
        """
        fields = _position.split(text, _position.POSITION_TAG, _position.POSITION_KEYS)
        rules = _position.read_rules(fields["rules"])
        return cls(_position.build(fields, rules), None, None, None)

    # ------------------------------------------------------------------ views

    def observation(self, player: int) -> Observation:
        """What ``player`` may know: everything but the opponent's hand and the stock order."""
        if player not in (0, 1) or isinstance(player, bool):
            raise ConquianError(f"players are 0 and 1, not {describe(player)}")
        rules, dealer, stock, hands, _, _, _, origin, _, phase, _, ply, outcome, _, _ = self._pos
        return Observation(
            player=player,
            rules=rules,
            dealer=dealer,
            phase=phase,
            to_move=self.to_move,
            hand=_bits.card_set(hands[player]),
            hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
            tables=self.tables,
            offer=self.offer,
            offer_origin=origin,
            offered_by=self.offered_by,
            dead=self.dead,
            stock_size=len(stock),
            ply=ply,
            history=self.history,
            outcome=outcome,
        )

    def seen_cards(self, player: int) -> SeenCards:
        """What ``player`` sees, as card masks: the fast path of an agent's playouts
        (a few of :meth:`observation`'s facts, at about a quarter of its cost: 7 µs against 25 µs).

        Raises:
            ConquianError: ``player`` is not 0 or 1.

        >>> State.new(seed=7).seen_cards(0).opponent_hand
        10
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise ConquianError(f"players are 0 and 1, not {describe(player)}")
        return seen_cards(self._pos, player)

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (see :mod:`conquian.views`,
        :data:`~conquian.views.STATE_SCHEMA`): the position with the hidden cards, the seed,
        the deck and the history, moves as text and structured fields.

        >>> State.from_dict(State.new(seed=7).to_dict()) == State.new(seed=7)
        True
        """
        return views.state_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> State:
        """The state of :meth:`to_dict` data, checked: the position must be one that could
        occur, and where the deck is given, the history must lead to it from the deal
        (the state then keeps its history; without a deck it has none).

        Raises:
            InvalidStateError: The data is not a state; the message names the field.
        """
        parts = views.read_state(data)
        state = cls.from_notation(parts.position)
        if parts.deck is None:
            return state
        rules, dealer = state.rules, state.dealer
        try:
            if parts.seed is not None:
                replayed = cls.new(parts.seed, rules=rules, dealer=dealer)
                if replayed.deck != parts.deck:
                    raise InvalidStateError("a state: the deck is not the one the seed deals")
            else:
                replayed = cls.from_deck(parts.deck, rules=rules, dealer=dealer)
            for entry in parts.history:
                replayed = replayed.apply(entry.move, player=entry.player)
        except InvalidStateError:
            raise
        except ConquianError as error:
            raise InvalidStateError(f"a state: its history: {error}") from None
        if replayed != state or replayed.history != parts.history:
            raise InvalidStateError("a state: the history from the deck does not lead to it")
        return replayed

    def __repr__(self) -> str:
        return f"<State ply={self.ply} phase={self.phase.value} to_move={self.to_move}>"

    def __str__(self) -> str:
        lines = []
        for player in (0, 1):
            hand = format_cards(_bits.cards_of(self._pos[HANDS][player]))
            table = "  ".join(map(str, self.tables[player])) or "-"
            lines.append(f"player {player}: hand {hand or '-'} | table {table}")
        offer = self.offer
        lines.append(
            f"offer {offer if offer else '-'} | stock {len(self._pos[STOCK])}"
            f" | dead {format_cards(self.dead) or '-'} | {self.phase.value}"
            + (f" | player {self.to_move} to move" if self.to_move is not None else "")
        )
        return "\n".join(lines)


# The engine builds one State and one history entry per move by setting their slots
# (see conquian._slots): attrs' checked __init__ costs twice as much.
_set_pos, _set_log, _set_deck, _set_seed, _set_hash = slot_setters(
    State, "_pos", "_log", "_deck", "seed", HASH_CACHE
)
_set_player, _set_offer, _set_move, _set_origin, _set_offered_by, _set_phase = slot_setters(
    Played, "player", "offer", "move", "origin", "offered_by", "phase"
)
