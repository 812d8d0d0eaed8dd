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

import enum
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

import attrs

from conquian import _bits, _position
from conquian._rng import SplitMix64
from conquian.cards import DECK, Card, format_cards, sorted_cards
from conquian.errors import (
    ConquianError,
    IllegalMoveError,
    InvalidCardError,
    InvalidStateError,
    bounded_items,
    describe,
)
from conquian.melds import Meld, MeldKind
from conquian.moves import (
    DECLINE,
    FORCE,
    RELEASE,
    Decline,
    Force,
    LayDown,
    LegalMoves,
    Move,
    Release,
    Take,
    _MoveTuple,
    _Takes,
)
from conquian.rules import CLASSIC, Forcing, Regrouping, Rules, check_rules

__all__ = [
    "Observation",
    "OfferOrigin",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "Played",
    "State",
    "deal_order",
]

_NO_CARD: Final = -1
_MAX_SEED: Final = (1 << 64) - 1


class Phase(enum.Enum):
    """Whose decision it is, and of what kind: the one phase machine of the game."""

    OFFER = "offer"
    """A card is offered to :attr:`State.to_move`, who takes it, declines (or passes) it,
    or — when the opponent passed it and it fits the opponent's table — forces it back
    (R11, R14b case b)."""
    FORCE_DECISION = "force_decision"
    """The opponent declined a card that fits his table; :attr:`State.to_move` forces it
    on him or releases it (R14b case a)."""
    FORCED_TAKE = "forced_take"
    """:attr:`State.to_move` was forced and must take the card (R14b)."""
    OVER = "over"
    """The game has ended (R15, R16)."""


class OfferOrigin(enum.Enum):
    """Where the offered card came from."""

    DISCARD = "discard"
    """It is :attr:`State.offered_by`'s discard."""
    STOCK = "stock"
    """:attr:`State.offered_by` turned it up from the stock (R10, R11a)."""
    UPCARD = "upcard"
    """The dealer (:attr:`State.offered_by`) turned it up at the start; it is offered to
    the non-dealer, then to the dealer (V8)."""


class OutcomeKind(enum.Enum):
    """How a game ended."""

    WENT_OUT = "went_out"
    """A player laid down every card, so his table holds ``rules.cards_to_go_out`` (R16)."""
    DRAWN = "drawn"
    """A declined card died with no stock left to turn (R15)."""


@attrs.frozen
class Outcome:
    """The end of a game. Equal outcomes have the same winner and kind.

    Attributes:
        kind: How the game ended.
        winner: The player who went out, or ``None`` for a draw.
    """

    kind: OutcomeKind
    winner: int | None

    @property
    def is_draw(self) -> bool:
        """Whether the game was drawn (R15)."""
        return self.kind is OutcomeKind.DRAWN

    def __str__(self) -> str:
        if self.winner is None:
            return "drawn (R15)"
        return f"player {self.winner} went out (R16)"


@attrs.frozen
class Played:
    """One entry of the public history: who moved, what was offered, and the move.

    Attributes:
        player: The player who made the move.
        offer: The card that was offered (or forced) when the move was made.
        move: The move.
    """

    player: int
    offer: Card
    move: Move

    def __str__(self) -> str:
        return f"{self.player}: {self.move} ({self.offer})"


# The history as a linked list, newest entry first: (earlier entries, entry), or None.
# A move adds one small node instead of copying the whole history.
_Log: TypeAlias = "tuple[_Log, Played] | None"
_Pos = tuple[
    Rules,  # 0 rules
    int,  # 1 dealer
    tuple[int, ...],  # 2 stock, top first, as card indices
    tuple[int, int],  # 3 hands as masks
    tuple[int, int],  # 4 tables as masks
    tuple[int, ...],  # 5 dead cards, in order
    int,  # 6 offered card index, or -1
    OfferOrigin | None,  # 7 where the offer came from
    int,  # 8 who discarded or turned it (0 when over)
    Phase,  # 9 phase
    int,  # 10 player to move (0 when over)
    int,  # 11 ply
    Outcome | None,  # 12 outcome
    "tuple[tuple[int, ...], tuple[int, ...]] | None",  # 13 melds of each table, or None
]
_POS_NAMES: Final = (
    "rules", "dealer", "stock", "hands", "tables", "dead", "offer", "origin", "offered_by",
    "phase", "to_move", "ply", "outcome", "arrangements",
)  # fmt: skip
_new = object.__new__


def _lowest(mask: int) -> int:
    return mask & -mask


@attrs.frozen
class Voice:
    """Words for illegal-move messages: to the player (second person) or about him."""

    you: str
    your: str
    were: str
    keep: str
    opponents: str

    @classmethod
    def about(cls, player: int) -> Voice:
        """Third person, naming ``player`` (as game records do)."""
        return cls(
            f"player {player}", f"player {player}'s", "was", "keeps", f"player {1 - player}'s"
        )


SECOND_PERSON: Final = Voice("you", "your", "were", "keep", "your opponent's")
_DECLINE_ONLY: Final = (DECLINE,)
_DECLINE_FORCE: Final = (DECLINE, FORCE)
_FORCE_OR_RELEASE: Final = _MoveTuple((FORCE, RELEASE))
_JUST_DECLINE: Final = _MoveTuple(_DECLINE_ONLY)
_JUST_DECLINE_FORCE: Final = _MoveTuple(_DECLINE_FORCE)
_NO_MOVES: Final = _MoveTuple(())
_OFFER: Final = Phase.OFFER
_FORCED_TAKE: Final = Phase.FORCED_TAKE
_FORCE_DECISION: Final = Phase.FORCE_DECISION
_OVER: Final = Phase.OVER
_STOCK: Final = OfferOrigin.STOCK
_DISCARD: Final = OfferOrigin.DISCARD
_FORCE_DECLINED: Final = Forcing.DECLINED
_DISCARDS_ONLY: Final = Forcing.DISCARDS_ONLY
_DRAWN: Final = Outcome(OutcomeKind.DRAWN, None)
_WENT_OUT: Final = (Outcome(OutcomeKind.WENT_OUT, 0), Outcome(OutcomeKind.WENT_OUT, 1))


def deal_order(seed: int) -> tuple[Card, ...]:
    """The 40 cards in the order dealt from ``seed``, top of the pack first.

    The shuffle is SplitMix64 with a Fisher–Yates pass (see :doc:`/embedding`), so a seed
    gives the same deck on every machine and Python version.

    >>> deal_order(1)[:3]
    (Card.parse('2d'), Card.parse('3c'), Card.parse('7d'))
    """
    return tuple(DECK[i] for i in _shuffled_indices(_check_seed(seed)))


_INDICES: Final = tuple(range(len(DECK)))
_BIT: Final = tuple(1 << i for i in _INDICES)


def _shuffled_indices(seed: int) -> list[int]:
    """The card indices of :func:`deal_order`, top of the pack first."""
    return SplitMix64(seed).shuffled(list(_INDICES))


def _check_seed(seed: object, what: str = "a seed") -> int:
    """``seed`` if it is a deal seed (a whole number from 0 to 2**64 - 1), else a
    :class:`ConquianError` naming ``what`` it is."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
        raise ConquianError(f"{what} is a whole number from 0 to 2**64 - 1, not {describe(seed)}")
    return seed


_TABLE_CACHE: Final[dict[tuple[int, int], tuple[Meld, ...]]] = {}


def _canonical_table(mask: int, rules: Rules) -> tuple[Meld, ...]:
    """The first split of a table in :func:`conquian.partitions` order (shared, cached)."""
    key = (mask, rules.max_sequence)
    melds = _TABLE_CACHE.get(key)
    if melds is None:
        split = rules._melds.one_partition(mask)
        if split is None:  # pragma: no cover - an invariant of every reachable state (R6)
            raise AssertionError(f"table {format_cards(_bits.cards_of(mask))} does not split")
        if len(_TABLE_CACHE) >= _bits.OBJECT_MEMO_LIMIT:
            _bits.forget_older_half(_TABLE_CACHE)
        melds = _TABLE_CACHE[key] = tuple(Meld.from_mask(meld) for meld in split)
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

    _pos: _Pos = attrs.field(alias="_pos")
    _deck: tuple[int, ...] | None = attrs.field(alias="_deck", eq=False)
    seed: int | None = attrs.field(eq=False)
    """The seed the game was dealt from, or ``None`` (not compared by ``==``)."""
    _log: _Log = attrs.field(alias="_log", eq=False)

    # The position is one tuple (see _Pos): one comparison, one hash, one allocation per
    # move. These read its parts by name.
    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._pos[0]

    @property
    def dealer(self) -> int:
        """The player who dealt (the other one started, R10)."""
        return self._pos[1]

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending (see :class:`Phase`)."""
        return self._pos[9]

    @property
    def _stock(self) -> tuple[int, ...]:
        return self._pos[2]

    @property
    def _hands(self) -> tuple[int, int]:
        return self._pos[3]

    @property
    def _tables(self) -> tuple[int, int]:
        return self._pos[4]

    @property
    def _dead(self) -> tuple[int, ...]:
        return self._pos[5]

    @property
    def _offer(self) -> int:
        return self._pos[6]

    @property
    def _origin(self) -> OfferOrigin | None:
        return self._pos[7]

    @property
    def _offered_by(self) -> int:
        return self._pos[8]

    @property
    def _to_move(self) -> int:
        return self._pos[10]

    @property
    def _ply(self) -> int:
        return self._pos[11]

    @property
    def _outcome(self) -> Outcome | None:
        return self._pos[12]

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
                pos[_POS_NAMES.index(name)] = value
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
            TypeError: ``seed`` or ``dealer`` is not an int, or ``rules`` is not a Rules.
        """
        if seed is None:
            seed = secrets.randbits(64)
        return cls._deal(_shuffled_indices(_check_seed(seed)), rules, dealer, seed)

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
        pos: _Pos = (
            rules, dealer, order[stock_pos + 1 :], (hands[0], hands[1]), (0, 0), (),
            order[stock_pos], origin, turner, Phase.OFFER, starter, 0, None, arrangements,
        )  # fmt: skip
        return cls(pos, order, seed, None)

    # ------------------------------------------------------------------ reading

    @property
    def to_move(self) -> int | None:
        """The player whose decision it is, or ``None`` when the game is over."""
        pos = self._pos
        return None if pos[9] is _OVER else pos[10]

    @property
    def ply(self) -> int:
        """The number of moves played so far."""
        return self._ply

    @property
    def deck(self) -> tuple[Card, ...] | None:
        """The order the cards were dealt from, top of the pack first; ``None`` for a state
        read from a position string (which holds the position, not the deal)."""
        return None if self._deck is None else tuple(DECK[i] for i in self._deck)

    @property
    def hands(self) -> tuple[frozenset[Card], frozenset[Card]]:
        """Each player's hand (hidden from the opponent)."""
        return (
            _bits.card_set(self._hands[0]),
            _bits.card_set(self._hands[1]),
        )

    @property
    def tables(self) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
        """Each player's table as melds, in a canonical split under free regrouping (R6,
        R13), else as the player arranged it (V2)."""
        arrangements = self._pos[13]
        if arrangements is not None:
            return (
                tuple(Meld.from_mask(meld) for meld in arrangements[0]),
                tuple(Meld.from_mask(meld) for meld in arrangements[1]),
            )
        return (
            _canonical_table(self._tables[0], self.rules),
            _canonical_table(self._tables[1], self.rules),
        )

    @property
    def offer(self) -> Card | None:
        """The offered card, or ``None`` when none is (the game is over)."""
        return None if self._offer == _NO_CARD else DECK[self._offer]

    @property
    def offer_origin(self) -> OfferOrigin | None:
        """Whether the offered card is a discard or was turned from the stock."""
        return self._origin

    @property
    def offered_by(self) -> int | None:
        """The player who discarded or turned up the offered card."""
        return None if self._offer == _NO_CARD else self._offered_by

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, top card first (hidden from both players)."""
        return tuple(map(DECK.__getitem__, self._stock))

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead cards, in the order they died (public)."""
        return tuple(map(DECK.__getitem__, self._dead))

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

    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else who won and how."""
        return self._outcome

    # ------------------------------------------------------------------ rules

    def _fits(self, player: int) -> bool:
        """R14a: the offered card fits ``player``'s table (regrouped as V2 allows)."""
        pos = self._pos
        table = pos[4][player]
        if not table:
            return False  # one card is no meld (R4, R5)
        offer = pos[6]
        melds = pos[0]._melds
        for partners in melds.partners[offer]:
            if partners & table == partners:
                arrangements = pos[13]
                if arrangements is None:
                    return melds.can_partition(table | 1 << offer)
                borrow = pos[0].regrouping is Regrouping.BORROW
                return bool(melds.arrangements(arrangements[player], 1 << offer, borrow))
        return False

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
        # The hot path of every search and simulation: written out, with few calls.
        pos = self._pos
        phase = pos[9]
        rules = pos[0]
        mover = pos[10]
        extra: tuple[Move, ...]
        if phase is _OFFER:
            extra = _DECLINE_FORCE if self._may_force_back() else _DECLINE_ONLY
            if rules.meld_from_hand and self._may_lay_down():
                extra = (*self._lay_downs(), *extra)
        elif phase is _FORCED_TAKE:
            extra = ()
        elif phase is _FORCE_DECISION:
            return _FORCE_OR_RELEASE
        else:
            return _NO_MOVES
        offer = pos[6]
        table = pos[4][mover]
        hand = pos[3][mover]
        pool = table | hand
        melds = rules._melds
        for partners in melds.partners[offer]:
            if partners & pool == partners:
                break
        else:
            # The quick reject, and most offers: no meld of three holds the offered card,
            # so no take. Share one sequence per choice of simple moves.
            if extra is _DECLINE_ONLY:
                return _JUST_DECLINE
            if extra is _DECLINE_FORCE:
                return _JUST_DECLINE_FORCE
            return _MoveTuple(extra)
        required = table | 1 << offer
        laids = melds.extensions(required, hand)
        if not laids:
            if extra is _DECLINE_ONLY:
                return _JUST_DECLINE
            if extra is _DECLINE_FORCE:
                return _JUST_DECLINE_FORCE
        melds.remember_splits(required, laids)  # checking the take becomes a look-up
        if pos[13] is None:
            return _Takes(hand, laids, extra)
        takes, tables = self._arranged(laids, 1 << offer)
        return _Takes(hand, takes, extra, tables)

    def _may_force_back(self) -> bool:
        """R14b case b, in the offer phase: the opponent passed this card, and it fits his
        table. Decided without building any take (a Force is never a take)."""
        pos = self._pos
        by = pos[8]
        return (
            by != pos[10]
            and pos[7] is _STOCK
            and pos[0].forcing is _FORCE_DECLINED
            and self._fits(by)
        )

    def _arranged(
        self, candidates: Sequence[int], added: int
    ) -> tuple[list[int], list[tuple[Meld, ...]]]:
        """For regrouping borrow or none (V2): each laid mask of ``candidates`` (possible
        under free regrouping) with every table the rules allow, adding ``added`` too."""
        player = self._to_move
        arrangements = self._pos[13]
        assert arrangements is not None
        borrow = self.rules.regrouping is Regrouping.BORROW
        melds = self.rules._melds
        laids: list[int] = []
        tables: list[tuple[Meld, ...]] = []
        for laid in candidates:
            for table in melds.arrangements(arrangements[player], added | laid, borrow):
                laids.append(laid)
                tables.append(tuple(Meld.from_mask(meld) for meld in table))
        return laids, tables

    def _may_lay_down(self) -> bool:
        """V3: a player who turned up the offered card may lay down cards first (the
        dealer's upcard of V8 counts: he turned it up himself)."""
        return (
            self.rules.meld_from_hand
            and self._origin is not OfferOrigin.DISCARD
            and self._offered_by == self._to_move
        )

    def _lay_downs(self) -> list[LayDown]:
        """Every lay-down (V3): each distinct non-empty set of hand cards whose addition
        leaves the table splitting into melds (with each allowed table, under V2)."""
        player = self._to_move
        table = self._tables[player]
        candidates = [
            laid for laid in self.rules._melds.extensions(table, self._hands[player]) if laid
        ]
        if self._pos[13] is None:
            return [LayDown(_bits.cards_of(laid)) for laid in candidates]
        laids, tables = self._arranged(candidates, 0)
        return [
            LayDown(_bits.cards_of(laid), arrangement)
            for laid, arrangement in zip(laids, tables, strict=True)
        ]

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
            self._check(_as_move(move), player)
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
            self._check(_as_move(move), player)
        except IllegalMoveError as error:
            return str(error)
        return None

    def _check(self, move: object, player: int | None, voice: Voice | None = None) -> None:
        """Raise :class:`IllegalMoveError` unless ``move`` is legal now.

        ``voice`` words the message for the player to move (default) or about him.
        """
        v = voice if voice is not None else SECOND_PERSON
        pos = self._pos
        phase = pos[9]
        if phase is _OVER:
            raise IllegalMoveError(f"the game is over: {pos[12]}")
        if player is not None:
            if player.__class__ is not int or player not in (0, 1):
                raise _bad_player(player)
            if player != pos[10]:
                raise IllegalMoveError(f"it is player {pos[10]}'s turn, not player {player}'s")
        if move.__class__ is Decline and phase is _OFFER:
            return  # the commonest move: declining an offer is always allowed (R11)
        if isinstance(move, Take):
            if phase is _FORCE_DECISION:
                raise IllegalMoveError(f"{v.you} must force or release the declined card (R14b)")
            self._check_take(move, v)
        elif isinstance(move, Decline):
            if phase is _FORCED_TAKE:
                raise IllegalMoveError(
                    f"{v.you} {v.were} forced: {v.you} must take the card (R14b)"
                )
            if phase is _FORCE_DECISION:
                raise IllegalMoveError(f"{v.you} must force or release the declined card (R14b)")
        elif isinstance(move, Force):
            if phase is _FORCED_TAKE:
                raise IllegalMoveError(
                    f"{v.you} {v.were} forced: {v.you} must take the card (R14b)"
                )
            if phase is _OFFER and not self._may_force_back():
                raise IllegalMoveError(self._why_no_force(v))
        elif isinstance(move, Release):
            if phase is not _FORCE_DECISION:
                raise IllegalMoveError("nothing to release: no declined card awaits a force")
        elif isinstance(move, LayDown):
            self._check_lay_down(move, v)
        else:
            raise IllegalMoveError(f"{describe(move)} is not a move")

    def _check_lay_down(self, move: LayDown, v: Voice) -> None:
        if not self.rules.meld_from_hand:
            raise IllegalMoveError(
                "these rules (meld_from_hand=false) let cards be laid down only with a take (R12)"
            )
        if not self._may_lay_down() or self.phase is not _OFFER:
            raise IllegalMoveError(
                f"{v.you} may lay down cards only after turning up a stock card, before "
                "taking or passing it (V3)"
            )
        laid = move.laid_mask
        hand = self._hands[self._to_move]
        if not laid:
            raise IllegalMoveError("a lay-down lays at least one card (V3)")
        if laid & ~hand:
            missing = DECK[_bits.low_index(laid & ~hand)]
            raise IllegalMoveError(f"{missing} is not in {v.your} hand")
        self._check_new_table(move.table, laid, 0, v)

    def _why_no_force(self, v: Voice) -> str:
        card = DECK[self._offer]
        if self.rules.forcing is not Forcing.DECLINED:
            return (
                f"these rules (forcing={self.rules.forcing.value}) do not let {v.you} force {card}"
            )
        if self._origin is not OfferOrigin.STOCK or self._offered_by == self._to_move:
            return f"{card} was not passed to {v.you}: only a passed card can be forced now (R14b)"
        return f"{card} does not fit {v.opponents} table, so it cannot be forced (R14a)"

    def _check_take(self, move: Take, v: Voice) -> None:
        pos = self._pos
        hand = pos[3][pos[10]]
        offer = pos[6]
        laid = move._laid
        if laid >> offer & 1:
            card = DECK[offer]
            raise IllegalMoveError(f"{card} is the offered card: list only hand cards as laid")
        if laid & ~hand:
            missing = DECK[_bits.low_index(laid & ~hand)]
            raise IllegalMoveError(f"{missing} is not in {v.your} hand")
        rest = hand & ~laid
        discard = move._discard
        if discard < 0:
            if rest:
                raise IllegalMoveError(
                    f"{v.you} must discard: {v.you} {v.keep} "
                    f"{format_cards(_bits.cards_of(rest))} (R11; going out lays every card, R16)"
                )
        else:
            card = DECK[discard]
            if discard == offer:
                raise IllegalMoveError(
                    f"{v.you} cannot discard {card}: it goes on {v.your} table (R6)"
                )
            if not hand >> discard & 1:
                raise IllegalMoveError(f"{card} is not in {v.your} hand")
            if laid >> discard & 1:
                raise IllegalMoveError(f"{v.you} cannot both lay down and discard {card}")
        self._check_new_table(move.table, laid, 1 << offer, v)

    def _check_new_table(
        self, named: tuple[Meld, ...] | None, laid: int, added: int, v: Voice
    ) -> None:
        """The table after adding ``laid`` and ``added`` must split into melds (R6), as
        ``named`` if given; under regrouping borrow or none it must be named, and be one
        the rules allow (V2)."""
        pos = self._pos
        player = pos[10]
        new_table = pos[4][player] | added | laid
        arrangements = pos[13]
        if named is not None:
            self._check_arrangement(named, new_table, v)
        elif arrangements is not None:
            raise IllegalMoveError(
                f"these rules (regrouping={self.rules.regrouping.value}) need {v.your} new "
                "table named, as [MELD ...] (V2)"
            )
        elif not pos[0]._melds.can_partition(new_table):
            cards = format_cards(_bits.cards_of(new_table))
            raise IllegalMoveError(f"the table would not split into melds: {cards} (R6)")
        if named is not None and arrangements is not None:
            wanted = tuple(sorted((meld.mask for meld in named), key=_lowest))
            borrow = self.rules.regrouping is Regrouping.BORROW
            if wanted not in self.rules._melds.arrangements(
                arrangements[player], added | laid, borrow
            ):
                rule = (
                    "existing melds stay whole, but for one card borrowed from a group of "
                    "four or the end of a sequence of four or more"
                    if borrow
                    else "existing melds stay whole: cards join them or form new melds"
                )
                raise IllegalMoveError(
                    f"these rules (regrouping={self.rules.regrouping.value}) do not allow that "
                    f"table: {rule} (V2)"
                )

    def _check_arrangement(self, melds: tuple[Meld, ...], new_table: int, v: Voice) -> None:
        seen = 0
        for meld in melds:
            if meld.mask & seen:
                raise IllegalMoveError(f"the arrangement uses a card twice: {meld} (R6)")
            if meld.mask not in self.rules._melds.meld_set:
                if meld.kind is MeldKind.SEQUENCE and len(meld) > self.rules.max_sequence:
                    raise IllegalMoveError(
                        f"{meld} is longer than {self.rules.max_sequence} cards (R5, V4)"
                    )
                raise IllegalMoveError(f"{meld} is not a meld (R4, R5)")
            seen |= meld.mask
        if seen != new_table:
            expected = format_cards(_bits.cards_of(new_table))
            raise IllegalMoveError(
                f"the arrangement must hold exactly {v.your} new table: {expected} (R13)"
            )

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
        if move.__class__ is Decline and player is None and self._pos[9] is _OFFER:
            return self._apply_unchecked(move)  # always legal (R11): skip the full check
        move = _as_move(move)
        self._check(move, player)
        return self._apply_unchecked(move)

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
        return self._apply_unchecked(move)

    def _apply_unchecked(self, move: Move) -> State:
        """The state after a move known to be legal (no checks: for the engine and search).

        The hot path of every search and simulation: the new state and its history entry
        are built by setting their slots (see :func:`_fast_constructors`)."""
        pos = self._pos
        rules, dealer, stock, hands, tables, dead, offer, origin, by, _, mover, ply, _, arr = pos
        entry = _new(Played)
        _set_player(entry, mover)
        _set_offer(entry, DECK[offer])
        _set_move(entry, move)
        state = _new(State)
        _set_log(state, (self._log, entry))
        _set_deck(state, self._deck)
        _set_seed(state, self.seed)
        _set_hash(state, None)
        kind = move.__class__
        if kind is Decline or kind is Force or kind is Release:
            # Who turns up the next card if the offered card dies now (-1: it does not die).
            turner = -1
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
                if turner == -2:
                    # R14b case a: the opponent decides whether to force the card on him.
                    turner = -1
                    next_phase = _FORCE_DECISION
            elif kind is Force:
                next_phase = _FORCED_TAKE
            else:
                turner = 1 - mover  # Release (R14b): it dies; the decliner turns the next card.
            if turner < 0:
                _set_pos(
                    state,
                    (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                     next_phase, 1 - mover, ply + 1, None, arr),
                )  # fmt: skip
            elif not stock:
                # R15: a card died and no card can be turned: the game is drawn.
                _set_pos(
                    state,
                    (rules, dealer, stock, hands, tables, (*dead, offer), _NO_CARD, None, 0,
                     _OVER, 0, ply + 1, _DRAWN, arr),
                )  # fmt: skip
            else:
                _set_pos(
                    state,
                    (rules, dealer, stock[1:], hands, tables, (*dead, offer), stock[0], _STOCK,
                     turner, _OFFER, turner, ply + 1, None, arr),
                )  # fmt: skip
            return state
        assert isinstance(move, (Take, LayDown))
        laid = move._laid
        hand = hands[mover] & ~laid
        table = tables[mover] | laid
        if arr is not None:
            assert move.table is not None
            melds = tuple(sorted((meld.mask for meld in move.table), key=_lowest))
            arr = (melds, arr[1]) if mover == 0 else (arr[0], melds)
        if kind is LayDown:
            # V3: the cards go down; the turned card is still on offer to him.
            hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
            tables = (table, tables[1]) if mover == 0 else (tables[0], table)
            _set_pos(
                state,
                (rules, dealer, stock, hands, tables, dead, offer, origin, by,
                 _OFFER, mover, ply + 1, None, arr),
            )  # fmt: skip
            return state
        assert isinstance(move, Take)
        discard = move._discard
        table |= 1 << offer
        tables = (table, tables[1]) if mover == 0 else (tables[0], table)
        if discard < 0:
            # R16: every card laid down (cards_to_go_out on the table): he wins at once.
            hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
            _set_pos(
                state,
                (rules, dealer, stock, hands, tables, dead, _NO_CARD, None, 0,
                 _OVER, 0, ply + 1, _WENT_OUT[mover], arr),
            )  # fmt: skip
            return state
        hand &= ~(1 << discard)
        hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
        _set_pos(
            state,
            (rules, dealer, stock, hands, tables, dead, discard, _DISCARD, mover,
             _OFFER, 1 - mover, ply + 1, None, arr),
        )  # fmt: skip
        return state

    def _declined_by(self, mover: int) -> int:
        """A card ``mover`` may refuse for good was declined (R11a, R14b): -2 if the opponent
        may now force it on him (it fits his table, and the rules force such cards), else
        ``mover``, who turns up the next card as this one dies."""
        pos = self._pos
        forcing = pos[0].forcing
        if (forcing is _FORCE_DECLINED or (forcing is _DISCARDS_ONLY and pos[7] is _DISCARD)) and (
            self._fits(mover)
        ):
            return -2
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
        offer = "-" if self._offer == _NO_CARD else str(DECK[self._offer])
        origin = "-" if self._origin is None else f"{self._origin.value}:{self._offered_by}"
        return _position.join(
            _position.POSITION_TAG,
            {
                "rules": self.rules.to_notation(),
                "dealer": str(self.dealer),
                "ply": str(self._ply),
                "phase": self.phase.value,
                "to_move": "-" if self.phase is Phase.OVER else str(self._to_move),
                "offer": offer,
                "from": origin,
                "stock": _position.cards_text(DECK[i] for i in self._stock),
                "hand0": _position.mask_text(self._hands[0]),
                "hand1": _position.mask_text(self._hands[1]),
                "table0": _position.table_text(self.tables[0]),
                "table1": _position.table_text(self.tables[1]),
                "dead": _position.cards_text(DECK[i] for i in self._dead),
                "result": _result_text(self._outcome),
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
        return _build_position(fields, rules)

    # ------------------------------------------------------------------ views

    def observation(self, player: int) -> Observation:
        """What ``player`` may know: everything but the opponent's hand and the stock order."""
        if player not in (0, 1) or isinstance(player, bool):
            raise ConquianError(f"players are 0 and 1, not {describe(player)}")
        pos = self._pos
        hands = pos[3]
        return Observation(
            player=player,
            rules=pos[0],
            dealer=pos[1],
            phase=pos[9],
            to_move=self.to_move,
            hand=_bits.card_set(hands[player]),
            hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
            tables=self.tables,
            offer=self.offer,
            offer_origin=pos[7],
            offered_by=self.offered_by,
            dead=self.dead,
            stock_size=len(pos[2]),
            ply=pos[11],
            history=self.history,
            outcome=pos[12],
        )

    def __repr__(self) -> str:
        return f"<State ply={self.ply} phase={self.phase.value} to_move={self.to_move}>"

    def __str__(self) -> str:
        lines = []
        for player in (0, 1):
            hand = format_cards(_bits.cards_of(self._hands[player]))
            table = "  ".join(map(str, self.tables[player])) or "-"
            lines.append(f"player {player}: hand {hand or '-'} | table {table}")
        offer = self.offer
        lines.append(
            f"offer {offer if offer else '-'} | stock {len(self._stock)}"
            f" | dead {format_cards(self.dead) or '-'} | {self.phase.value}"
            + (f" | player {self.to_move} to move" if self.to_move is not None else "")
        )
        return "\n".join(lines)


def _slot_setters() -> tuple[Callable[[Any, Any], None], ...]:
    """The slot setters of State (``_pos``, ``_log``, ``_deck``, ``seed`` and attrs' hash
    cache) and of Played (``player``, ``offer``, ``move``): the engine builds one of each per
    move by setting the slots directly, as attrs' checked ``__init__`` costs twice as much.
    Checked here, at import: attrs must lay the classes out with these slots."""
    state_slots = State.__dict__
    played_slots = Played.__dict__
    state_names = ("_pos", "_log", "_deck", "seed", "_attrs_cached_hash")
    played_names = ("player", "offer", "move")
    if not all(name in state_slots for name in state_names) or not all(
        name in played_slots for name in played_names
    ):  # pragma: no cover - a layout change in attrs
        raise ImportError("conquian needs attrs to give State and Played their slots")
    return tuple(state_slots[name].__set__ for name in state_names) + tuple(
        played_slots[name].__set__ for name in played_names
    )


(
    _set_pos, _set_log, _set_deck, _set_seed, _set_hash, _set_player, _set_offer, _set_move,
) = _slot_setters()  # fmt: skip


def _bad_player(player: object) -> Exception:
    """The error for a ``player`` argument that is not the int 0 or 1."""
    if player.__class__ is not int:
        return TypeError(f"player must be 0 or 1 (an int), not {describe(player)}")
    return ValueError(f"player must be 0 or 1, not {describe(player)}")


def _as_move(move: Move | str) -> Move:
    """A move given as a value or as its notation (read by :func:`parse_move`)."""
    if isinstance(move, str):
        from conquian.moves import parse_move

        return parse_move(move)
    return move


def _result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return _position.NONE
    return "draw" if outcome.winner is None else str(outcome.winner)


def _build_position(fields: dict[str, str], rules: Rules) -> State:
    """Check that position fields describe a position that could occur, and build it."""
    read = _position
    dealer = read.read_player("dealer", fields["dealer"])
    assert dealer is not None
    ply = read.read_int("ply", fields["ply"], 0, read.MAX_PLY)
    try:
        phase = Phase(fields["phase"])
    except ValueError:
        names = ", ".join(p.value for p in Phase)
        raise InvalidStateError(
            f"phase must be one of {names}, not {fields['phase'][:40]!r}"
        ) from None
    to_move = read.read_player("to_move", fields["to_move"], optional=True)
    offer_cards = read.read_cards("offer", fields["offer"])
    if len(offer_cards) > 1:
        raise InvalidStateError("offer: at most one card is offered")
    origin, offered_by = _read_origin(fields["from"])
    stock = read.read_cards("stock", fields["stock"])
    hands = (read.read_cards("hand0", fields["hand0"]), read.read_cards("hand1", fields["hand1"]))
    tables = (
        read.read_table("table0", fields["table0"], rules),
        read.read_table("table1", fields["table1"], rules),
    )
    dead = read.read_cards("dead", fields["dead"])
    outcome = _read_result(fields["result"])

    places: dict[Card, list[str]] = {}
    for name, cards in (
        ("offer", offer_cards),
        ("stock", stock),
        ("hand0", hands[0]),
        ("hand1", hands[1]),
        ("table0", tuple(c for meld in tables[0] for c in meld)),
        ("table1", tuple(c for meld in tables[1] for c in meld)),
        ("dead", dead),
    ):
        for card in cards:
            places.setdefault(card, []).append(name)
    twice = [f"{card} ({' and '.join(where)})" for card, where in places.items() if len(where) > 1]
    if twice:
        raise InvalidStateError(f"a card is in two places: {', '.join(twice[:5])}")
    missing = [card for card in DECK if card not in places]
    if missing:
        raise InvalidStateError(f"cards missing from the position: {format_cards(missing)}")

    over = phase is Phase.OVER
    if over != (outcome is not None):
        raise InvalidStateError("phase over and a result go together (R15, R16)")
    if over and (offer_cards or origin is not None or to_move is not None):
        raise InvalidStateError("a finished game has no offer, no origin and no player to move")
    if not over and (not offer_cards or origin is None or to_move is None):
        raise InvalidStateError(
            f"phase {phase.value} needs an offered card, its origin and a player to move"
        )
    table_masks = tuple(_bits.mask_of(c for meld in table for c in meld) for table in tables)
    hand_masks = (_bits.mask_of(hands[0]), _bits.mask_of(hands[1]))
    for player in (0, 1):
        won = outcome is not None and outcome.winner == player
        on_table = table_masks[player].bit_count()
        if won and (on_table != rules.cards_to_go_out or hand_masks[player]):
            raise InvalidStateError(
                f"player {player} went out, so his table holds {rules.cards_to_go_out} cards "
                "and his hand none (R16)"
            )
        if not won and len(hands[player]) + on_table != rules.hand_size:
            raise InvalidStateError(
                f"player {player} holds {len(hands[player])} in hand and {on_table} on the "
                f"table; the two always make {rules.hand_size} (R14)"
            )
    if outcome is not None and outcome.winner is None and stock:
        raise InvalidStateError("a drawn game has an empty stock (R15)")
    if ply < len(dead):
        raise InvalidStateError(f"ply {ply} is too small for {len(dead)} dead cards")
    offer = offer_cards[0].index if offer_cards else _NO_CARD
    if not over:
        assert to_move is not None
        assert origin is not None
        _check_offer(phase, to_move, origin, offered_by, offer, tables, rules)
        # V8: the upcard comes before any card dies or is laid, except that with V3 the
        # dealer, offered his own upcard, may have laid cards down.
        dealer_laid = rules.meld_from_hand and to_move == dealer
        if origin is OfferOrigin.UPCARD and (
            not rules.initial_upcard
            or offered_by != dealer
            or table_masks[1 - dealer]
            or (table_masks[dealer] and not dealer_laid)
            or dead
            or phase is not Phase.OFFER
        ):
            raise InvalidStateError(
                "an upcard is the dealer's first card, offered before any card is laid or "
                "dead, under initial_upcard rules (V8)"
            )
    first_answer = (origin is OfferOrigin.STOCK and to_move == offered_by) or (
        origin is OfferOrigin.UPCARD and to_move != offered_by
    )
    left = _plies_left_bound(len(stock), len(hands[0]) + len(hands[1]), phase, first_answer)
    if ply + left > read.MAX_PLY:
        raise InvalidStateError(
            f"ply {ply} is too large: a game at this point may last {left} more moves, "
            f"and plies go up to {read.MAX_PLY}, so this ply is at most {read.MAX_PLY - left}"
        )
    arrangements = None
    if rules.regrouping is not Regrouping.FREE:
        arrangements = (
            tuple(sorted((meld.mask for meld in tables[0]), key=_lowest)),
            tuple(sorted((meld.mask for meld in tables[1]), key=_lowest)),
        )
    pos: _Pos = (
        rules, dealer, tuple(card.index for card in stock), hand_masks,
        (table_masks[0], table_masks[1]), tuple(card.index for card in dead), offer, origin,
        offered_by if not over else 0, phase, to_move if to_move is not None else 0, ply,
        outcome, arrangements,
    )  # fmt: skip
    return State(pos, None, None, None)


def _plies_left_bound(stock: int, hand_cards: int, phase: Phase, first_answer: bool) -> int:
    """More than the moves a game can still last: 4 per stock card, 3 per hand card, and
    4 to 1 for the offered card by how far its episode went. Every move lowers it by at
    least 1 (a take or lay-down puts a card on a table, a discard swaps a hand card's 3
    for an offered card's 3 after the taken card's weight is gone, a decline or release
    that kills the offer turns a stock card's 4 into an offer's 4, and a pass, force or
    decline that keeps the card moves it down 4 > 3 > 2 > 1), so a position read with
    ``ply + bound <= MAX_PLY`` never leads to one whose ply is refused."""
    if phase is Phase.OVER:
        return 0
    if phase is Phase.FORCED_TAKE:
        offered = 1
    elif phase is Phase.FORCE_DECISION:
        offered = 2
    else:  # the turner's own answer to a stock card (R11), or the non-dealer's to an upcard (V8)
        offered = 4 if first_answer else 3
    return 4 * stock + 3 * hand_cards + offered


def _read_origin(text: str) -> tuple[OfferOrigin | None, int]:
    if text == _position.NONE:
        return None, 0
    kind, colon, player = text.partition(":")
    try:
        origin = OfferOrigin(kind)
    except ValueError:
        origin = None
    if origin is None or not colon or player not in ("0", "1"):
        raise InvalidStateError(
            f"from must be stock:P, discard:P, upcard:P or -, not {text[:40]!r}"
        )
    return origin, int(player)


def _read_result(text: str) -> Outcome | None:
    if text == _position.NONE:
        return None
    if text == "draw":
        return _DRAWN
    if text in ("0", "1"):
        return _WENT_OUT[int(text)]
    raise InvalidStateError(f"result must be 0, 1, draw or -, not {text[:40]!r}")


def _check_offer(
    phase: Phase,
    to_move: int,
    origin: OfferOrigin,
    offered_by: int,
    offer: int,
    table_melds: tuple[tuple[Meld, ...], tuple[Meld, ...]],
    rules: Rules,
) -> None:
    """The offer and the phase must be one the phase machine can reach."""
    card = DECK[offer]
    tables = tuple(sum(meld.mask for meld in table) for table in table_melds)

    def fits(player: int) -> bool:  # R14a, regrouped as V2 allows
        if rules.regrouping is Regrouping.FREE:
            return rules._melds.can_partition(tables[player] | 1 << offer)
        melds = tuple(meld.mask for meld in table_melds[player])
        borrow = rules.regrouping is Regrouping.BORROW
        return bool(rules._melds.arrangements(melds, 1 << offer, borrow))

    if origin is OfferOrigin.DISCARD and not tables[offered_by]:
        raise InvalidStateError(
            f"{card} is player {offered_by}'s discard, but a discard follows a take and "
            f"his table is empty (R11)"
        )
    if phase is Phase.OFFER:
        if origin is OfferOrigin.DISCARD and offered_by == to_move:
            raise InvalidStateError(f"{card} is player {to_move}'s own discard, offered to him")
        return
    forcing = rules.forcing
    if forcing is Forcing.OFF:
        raise InvalidStateError(f"phase {phase.value} cannot occur with forcing off (V1)")
    if phase is Phase.FORCE_DECISION:
        decliner = 1 - to_move
        if offered_by != to_move:
            raise InvalidStateError(
                f"in a force decision the card came from the forcer, player {to_move} (R14b)"
            )
        if forcing is Forcing.DISCARDS_ONLY and origin is not OfferOrigin.DISCARD:
            raise InvalidStateError("with forcing discards_only, only a discard is forced (V1)")
        if not fits(decliner):
            raise InvalidStateError(
                f"{card} does not fit player {decliner}'s table, so it cannot be forced (R14a)"
            )
        return
    # FORCED_TAKE: forced after a decline (case a), or a passed card forced back (case b).
    passed_back = origin is OfferOrigin.STOCK and offered_by == to_move
    if offered_by == to_move and not passed_back:
        raise InvalidStateError(f"player {to_move} cannot be forced to take his own discard")
    if passed_back and forcing is not Forcing.DECLINED:
        raise InvalidStateError("only forcing declined lets a passed card be forced back (V1)")
    if forcing is Forcing.DISCARDS_ONLY and origin is not OfferOrigin.DISCARD:
        raise InvalidStateError("with forcing discards_only, only a discard is forced (V1)")
    if not fits(to_move):
        raise InvalidStateError(
            f"{card} does not fit player {to_move}'s table, so it cannot be forced (R14a)"
        )


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
                "result": _result_text(self.outcome),
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
