"""An independent, slow model of melds and of the engine: the referee the fast code is
held to under every rule set.

Nothing here uses :mod:`conquian._bits` or the meld logic of :mod:`conquian.melds`: only
the public value types (:class:`Card`, :class:`Rank`, :class:`Suit`, :class:`Rules`, the
moves and the enums that name phases and offer origins) are imported, :class:`Meld` only
to turn the model's tables into engine moves and back, and every rule is read straight
off the rules (``docs/rules.rst``):

- R2: the play order is the list :data:`PLAY_ORDER`; positions in it are list indices,
  not the values of :class:`Rank`, so a mistake in ``Rank`` cannot hide here. Inside the
  model a card is a small int of its own (its suit's place in :data:`SUIT_ORDER` and its
  rank's place in the play order), never ``Card.index``.
- R4, R5, V4: :func:`is_meld` checks one candidate meld literally: a group is 3 or 4
  cards of one rank, of different suits; a sequence is 3 to ``max_sequence`` cards of one
  suit whose places in the play order are consecutive, with no wrapping.
- R6: :func:`can_split` asks whether a set of cards splits into melds. The card that
  comes first in a fixed order must lie in some block; every block holding it is tried
  (groups: it plus any two or three cards of its rank; sequences: every window of the
  play order through it, all of whose cards are present), each block is re-checked with
  :func:`is_meld`, and the rest is split recursively. Results are memoized by frozenset.
  :func:`splits` lists every such split (every set partition into melds, each once).
- R13, V2: :func:`allowed_tables` lists the tables a player may arrange when cards join
  his table: under ``free`` any split; under ``none`` and ``borrow`` every split of the
  old and new cards, kept when it passes :func:`keeps_melds` (each old meld whole inside
  one new meld, no new meld holding two old melds) or, under ``borrow``,
  :func:`borrows_one` (the same with one card moved out of a group of four, or off an end
  of a sequence of four or more, into a new meld that holds no other old card). The model
  keeps each player's table as a set of melds (:attr:`Position.melds`) under those rules.
  R14a: :func:`fits` asks whether the table alone takes a card: some allowed table holds
  the old melds and that card.
- R11, R12, R13, R14a, R14b, V1, V3: :func:`legal` lists the moves of a
  :class:`Position` by trying every subset of the hand (``2 ** len(hand)`` of them), and
  under ``none`` and ``borrow`` every allowed table for each; :func:`allows` checks one
  move (under free regrouping a take may also name any split of its new table, R13).
- R8, R10, R11, R14b, R15, R16, V7, V8, and their Mexican form for two or three players
  M1-M8 (``docs/rules.rst``; with two players each M rule is the R rule it extends):
  :func:`deal` and :func:`play` are the phase machine, written as a plain state
  transition over sets of cards, one hand and one table a seat:

  - M1: seats are 0..players-1 in the order of play (:meth:`Position.after`).
  - M2: :func:`deal` deals one card (V7: two) at a time from the player after the dealer
    round the table; the player after the dealer turns the first stock card (V8: the
    dealer turns it).
  - M4: :func:`offer_round` lists who is offered a card, in order: a stock card its
    turner first and then the others; a discard the others from the discarder's next;
    the dealer's upcard (V8) from the player after the dealer, the dealer last. A
    decline passes the card to the next player of its round; the round's last decline
    kills it (or M6 case a).
  - M5: when a card dies the player after its offerer turns up the next stock card.
  - M6 under V1 (:func:`may_force_case_a`, :func:`may_force_case_b`): the player after
    a decliner of a card that fits the decliner's table (R14a) may force it on him:
    the card's offerer, before it dies, when the decliner was the last of its round
    (case a, phase ``FORCE_DECISION``); the next player of its round, instead of taking
    or declining it, otherwise (case b, a Force in phase ``OFFER``). V1 ``declined``
    allows both cases for discards and stock cards, ``discards_only`` case a of a discard
    only, ``off`` neither; the dealer's upcard (V8) is never forced.
  - M7 (R16): going out is a take that lays down every hand card.
  - M12 (``Rules.long_meld``, read by :func:`long_meld_of`): going out needs a meld of
    that many cards or more in the new table: the table the take names, or under free
    regrouping some split of its cards (:func:`_long_enough`, over :func:`splits`). A
    card is forced (M6) only on a player who may take it: with an empty hand, only if
    he may go out with it.
  - M8: a card dies with the stock empty: under ``stock_out`` ``draw`` (R15) the game is
    drawn; under ``fewest_cards`` the one player with the fewest cards in hand wins
    (:attr:`Position.fewest`), and a tie for fewest is a draw.

  - M10 (under ``exchange``, read by :func:`exchange_of`): after the deal, before any
    card is turned up, each player from the player after the dealer round the table to
    the dealer chooses one card of his hand (a move ``("give", {}, card, None)``); the
    chosen cards (:attr:`Position.given`, one entry a seat) stay in their hands until
    the last player has chosen, then each goes to its giver's next player at once, and
    play starts as :func:`deal` starts it without the exchange (R10, V8).

  The player count and ``stock_out`` are read from the rules by :func:`players_of` and
  :func:`stock_out_of` (which default to two and ``draw`` for rules that do not carry
  them); :func:`deal` also takes them as keywords, so that the model can be played with
  three players on its own.

Under V3 and V8 together, the dealer offered the upcard he turned himself may lay cards
down first (V3: "after turning up a stock card"): the rules are silent on the
combination, and model and engine take the literal reading. With three players V3 is
read as literally: only the player who turned the card up may lay down, while it is
offered to him; the other players of its round, and every player offered a discard, may
not (M1-M9 do not say).

The helpers that play games and build decks for the tests are in :mod:`helpers`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TypeAlias, TypeVar

from conquian import (
    Card,
    Decline,
    Force,
    Forcing,
    Give,
    LayDown,
    Meld,
    Move,
    OfferOrigin,
    Phase,
    Rank,
    Regrouping,
    Release,
    Rules,
    State,
    Suit,
    Take,
)

__all__ = [
    "DECLINE_BF",
    "FORCE_BF",
    "PLAY_ORDER",
    "RELEASE_BF",
    "STOCK_OUT_DRAW",
    "STOCK_OUT_FEWEST",
    "SUIT_ORDER",
    "BFMove",
    "BFTable",
    "Position",
    "allowed_tables",
    "allows",
    "borrowed_card",
    "borrows_one",
    "can_split",
    "cyclically_consecutive",
    "deal",
    "exchange_of",
    "fits",
    "from_bf",
    "from_state",
    "is_meld",
    "keeps_melds",
    "legal",
    "legal_lay_downs",
    "legal_takes",
    "linearly_consecutive",
    "long_meld_of",
    "may_force_case_a",
    "may_force_case_b",
    "mismatches",
    "offer_round",
    "play",
    "players_of",
    "position",
    "splits",
    "stock_out_of",
    "to_bf",
]

PLAY_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)
"""R2: ``A 2 3 4 5 6 7 J Q K``, the ace low, the 7 next to the jack."""

SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The canonical suit order (clubs, diamonds, hearts, spades)."""


def position(rank: Rank) -> int:
    """The 0-based place of ``rank`` in the play order (R2)."""
    return PLAY_ORDER.index(rank)


def linearly_consecutive(ranks: Sequence[Rank]) -> bool:
    """Whether the distinct ``ranks`` form one unbroken run of the play order (R2, R5)."""
    places = sorted(position(rank) for rank in ranks)
    return places == list(range(places[0], places[0] + len(places)))


def cyclically_consecutive(ranks: Sequence[Rank]) -> bool:
    """Whether the distinct ``ranks`` would be one run if the king were next to the ace."""
    places = {position(rank) for rank in ranks}
    size = len(PLAY_ORDER)
    return any(
        places == {(start + step) % size for step in range(len(places))} for start in range(size)
    )


BFTable: TypeAlias = frozenset[frozenset[Card]]
"""A table as the set of its melds, each the set of its cards."""

BFMove: TypeAlias = tuple[str, frozenset[Card], Card | None, BFTable | None]
"""A move as plain data: ``("take", laid, discard, table)`` (``discard`` is ``None`` when
he goes out), ``("lay", laid, None, table)`` (V3), or ``(name, frozenset(), None, None)``
for ``"decline"``, ``"force"`` and ``"release"``. ``table`` is the new table's melds under
regrouping ``none`` and ``borrow`` (V2), and ``None`` under ``free`` regrouping (R13)."""

DECLINE_BF: BFMove = ("decline", frozenset(), None, None)
FORCE_BF: BFMove = ("force", frozenset(), None, None)
RELEASE_BF: BFMove = ("release", frozenset(), None, None)


# Inside the model a card is a small int of its own, 10 * suit + place: the suit's
# position in SUIT_ORDER and the rank's position in PLAY_ORDER (so nothing of Card.index or of
# Rank's values is used). Ints only make the sets cheap to hash.
_CODE: dict[Card, int] = {
    Card(rank, suit): 10 * SUIT_ORDER.index(suit) + PLAY_ORDER.index(rank)
    for suit in SUIT_ORDER
    for rank in PLAY_ORDER
}
_CARD: dict[int, Card] = {code: card for card, code in _CODE.items()}

_T = TypeVar("_T")
_Codes: TypeAlias = frozenset[int]
_Split: TypeAlias = frozenset[_Codes]


def _codes(cards: Iterable[Card]) -> _Codes:
    return frozenset(_CODE[card] for card in cards)


def _cards(codes: Iterable[int]) -> frozenset[Card]:
    return frozenset(_CARD[code] for code in codes)


def _order_key(card: Card) -> int:
    return _CODE[card]


# ---------------------------------------------------------------- melds (R2, R4, R5, R6)


def _is_meld_codes(block: Sequence[int], max_sequence: int) -> bool:
    if len(set(block)) != len(block):
        return False
    places = {code % 10 for code in block}
    suits = {code // 10 for code in block}
    if len(block) in (3, 4) and len(places) == 1 and len(suits) == len(block):
        return True  # R4
    if not 3 <= len(block) <= max_sequence or len(suits) != 1:
        return False
    ordered = sorted(places)  # R5, R2: one unbroken run of the play order, no wrapping
    return len(ordered) == len(block) and ordered == list(range(ordered[0], ordered[-1] + 1))


def is_meld(cards: Iterable[Card], max_sequence: int = 8) -> bool:
    """R4 (a group: 3 or 4 cards of one rank, different suits) or R5 (a sequence: 3 to
    ``max_sequence`` cards of one suit, consecutive in the play order, no wrapping)."""
    return _is_meld_codes([_CODE[card] for card in cards], max_sequence)


def _blocks_with(first: int, pool: _Codes, max_sequence: int) -> list[_Codes]:
    """Every candidate meld inside ``pool`` that holds ``first``, each checked by R4/R5."""
    blocks: list[_Codes] = []
    same_rank = [code for code in pool if code % 10 == first % 10 and code != first]
    for size in (2, 3):
        for others in combinations(same_rank, size):
            blocks.append(frozenset((first, *others)))
    suit = first - first % 10
    here = low = high = first % 10
    while low > 0 and suit + low - 1 in pool:
        low -= 1
    while high < 9 and suit + high + 1 in pool:
        high += 1
    # Every window of the unbroken run low..high (in one suit) that holds ``first``.
    for start in range(low, here + 1):
        for stop in range(here, high + 1):
            blocks.append(frozenset(suit + place for place in range(start, stop + 1)))
    return [block for block in blocks if _is_meld_codes(sorted(block), max_sequence)]


_SPLIT_MEMO: dict[tuple[_Codes, int], bool] = {}
_SPLITS_MEMO: dict[tuple[_Codes, int], tuple[_Split, ...]] = {}
_MEMO_LIMIT = 1 << 20


def _split(pool: _Codes, max_sequence: int) -> bool:
    key = (pool, max_sequence)
    known = _SPLIT_MEMO.get(key)
    if known is not None:
        return known
    if not pool:
        result = True
    else:
        first = min(pool)  # it must lie in some block; try every block that holds it
        result = any(
            _split(pool - block, max_sequence) for block in _blocks_with(first, pool, max_sequence)
        )
    if len(_SPLIT_MEMO) >= _MEMO_LIMIT:
        _SPLIT_MEMO.clear()
    _SPLIT_MEMO[key] = result
    return result


def _splits(pool: _Codes, max_sequence: int) -> tuple[_Split, ...]:
    """Every set partition of ``pool`` into melds, each once: the block that holds the
    first card is one of the melds with it (:func:`_blocks_with`), the rest recursively."""
    key = (pool, max_sequence)
    known = _SPLITS_MEMO.get(key)
    if known is not None:
        return known
    if not pool:
        result: tuple[_Split, ...] = (frozenset(),)
    else:
        first = min(pool)
        result = tuple(
            rest | {block}
            for block in _blocks_with(first, pool, max_sequence)
            for rest in _splits(pool - block, max_sequence)
        )
    if len(_SPLITS_MEMO) >= _MEMO_LIMIT:
        _SPLITS_MEMO.clear()
    _SPLITS_MEMO[key] = result
    return result


def can_split(cards: Iterable[Card], max_sequence: int = 8) -> bool:
    """R6: whether the distinct ``cards`` split into disjoint melds (no cards do)."""
    return _split(_codes(cards), max_sequence)


def splits(cards: Iterable[Card], max_sequence: int = 8) -> set[BFTable]:
    """R6: every split of the distinct ``cards`` into disjoint melds."""
    return {
        frozenset(_cards(block) for block in split)
        for split in _splits(_codes(cards), max_sequence)
    }


# ---------------------------------------------------------------- regrouping (R13, V2)


def keeps_melds(old: Iterable[frozenset[Card]], table: BFTable) -> bool:
    """V2 ``none``: every old meld lies whole inside one meld of the new ``table``, and no
    new meld holds two old melds (so a new card joins one old meld or forms new melds)."""
    old_melds = list(old)
    for meld in table:
        if sum(1 for before in old_melds if before <= meld) > 1:
            return False
    return all(any(before <= meld for meld in table) for before in old_melds)


def _lendable(meld: frozenset[Card]) -> list[Card]:
    """V2 ``borrow``: the cards that may be borrowed from ``meld``: any card of a group of
    four, an end card of a sequence of four or more, nothing from a meld of three."""
    if len(meld) < 4:
        return []
    if len({card.rank for card in meld}) == 1:
        return sorted(meld, key=_order_key)
    ordered = sorted(meld, key=_order_key)
    return [ordered[0], ordered[-1]]


def borrowed_card(old: Iterable[frozenset[Card]], table: BFTable) -> Card | None:
    """V2 ``borrow``: the one card that ``table`` moves out of an old meld as that rule
    allows, or ``None`` when no single lendable card explains it (see :func:`borrows_one`)."""
    old_melds = list(old)
    old_cards = frozenset(card for meld in old_melds for card in meld)
    for i, meld in enumerate(old_melds):
        for card in _lendable(meld):
            home = next((new for new in table if card in new), None)
            if home is None or home & old_cards != {card}:
                continue  # the borrowed card goes into a new meld, with no other old card
            rest = [*old_melds[:i], meld - {card}, *old_melds[i + 1 :]]
            if keeps_melds(rest, table):
                return card
    return None


def borrows_one(old: Iterable[frozenset[Card]], table: BFTable) -> bool:
    """V2 ``borrow``, beyond :func:`keeps_melds`: exactly one card moves out of an old
    group of four (any card) or sequence of four or more (an end card) into a new meld
    holding no other old card; every other old meld, and the rest of the lender, stays
    whole inside one new meld, and no new meld holds two of them."""
    return borrowed_card(old, table) is not None


def _is_allowed(rules: Rules, old: Iterable[frozenset[Card]], table: BFTable) -> bool:
    """Whether the split ``table`` of the old and new cards is allowed by V2."""
    if rules.regrouping is Regrouping.FREE:
        return True
    old_melds = list(old)
    if keeps_melds(old_melds, table):
        return True
    return rules.regrouping is Regrouping.BORROW and borrows_one(old_melds, table)


def allowed_tables(
    rules: Rules, old: Iterable[frozenset[Card]], new: Iterable[Card]
) -> set[BFTable]:
    """R13, V2: every table the player may arrange from his old melds ``old`` and the new
    cards ``new``: every split of all those cards into melds that the regrouping rule
    allows (by brute force: the splits are listed, then filtered)."""
    old_melds = list(old)
    pool = _codes(card for meld in old_melds for card in meld) | _codes(new)
    found: set[BFTable] = set()
    for split in _splits(pool, rules.max_sequence):
        table = frozenset(_cards(block) for block in split)
        if _is_allowed(rules, old_melds, table):
            found.add(table)
    return found


def fits(
    card: Card,
    table: Iterable[Card],
    max_sequence: int = 8,
    *,
    rules: Rules | None = None,
    melds: BFTable | None = None,
) -> bool:
    """R14a: the table's cards plus ``card`` alone split into melds — under V2 ``none`` and
    ``borrow`` (given ``rules`` and the table's ``melds``), into a table the rule allows."""
    if rules is None or rules.regrouping is Regrouping.FREE:
        return can_split({*table, card}, max_sequence if rules is None else rules.max_sequence)
    assert melds is not None
    return bool(allowed_tables(rules, melds, [card]))


# ---------------------------------------------------------------- the phase machine


STOCK_OUT_DRAW = "draw"
"""M8 ``stock_out: draw`` (the default, R15): a card dies with no stock left, and the game
is drawn."""

STOCK_OUT_FEWEST = "fewest_cards"
"""M8 ``stock_out: fewest_cards``: a card dies with no stock left, and the one player with
the fewest cards in hand wins (a tie for fewest is a draw)."""


def players_of(rules: Rules) -> int:
    """M1: the number of players the rules seat (``rules.players``; 2 where the rules do
    not say, as before M1)."""
    return int(getattr(rules, "players", 2))


def exchange_of(rules: Rules) -> bool:
    """M10: whether the rules open the game with the exchange (``rules.exchange``; no
    exchange where the rules do not say)."""
    return bool(getattr(rules, "exchange", False))


def stock_out_of(rules: Rules) -> str:
    """M8: what the rules make of a card dying with no stock left: :data:`STOCK_OUT_DRAW`
    or :data:`STOCK_OUT_FEWEST`, read from ``rules.stock_out`` (its value when it is an
    enum), :data:`STOCK_OUT_DRAW` where the rules do not say."""
    value = getattr(rules, "stock_out", STOCK_OUT_DRAW)
    text = str(getattr(value, "value", value))
    assert text in (STOCK_OUT_DRAW, STOCK_OUT_FEWEST), text
    return text


@dataclasses.dataclass(frozen=True)
class Position:
    """A position of the model, every field public and plain. ``hands``, ``tables`` (and
    ``melds``) hold one entry a seat, seat 0 first (M1). ``melds`` holds each player's
    table as melds under regrouping ``none`` and ``borrow`` (V2), else ``None`` (under
    free regrouping only the cards matter, R13). ``players`` and ``stock_out`` are the
    rules' M1 and M8 facts as the model reads them (:func:`players_of`,
    :func:`stock_out_of`); ``fewest`` says that ``winner`` won with the fewest cards in
    hand when the stock ran out (M8), not by going out (R16). ``given`` holds, in the
    opening exchange (M10), each seat's chosen card (``None`` before he chooses), else
    ``None``."""

    rules: Rules
    hands: tuple[frozenset[Card], ...]
    tables: tuple[frozenset[Card], ...]
    stock: tuple[Card, ...]
    dead: tuple[Card, ...]
    offer: Card | None
    origin: OfferOrigin | None
    offered_by: int | None
    phase: Phase
    to_move: int | None
    winner: int | None = None
    drawn: bool = False
    melds: tuple[BFTable, ...] | None = None
    players: int = 2
    stock_out: str = STOCK_OUT_DRAW
    fewest: bool = False
    given: tuple[Card | None, ...] | None = None

    def after(self, seat: int) -> int:
        """M1: the next player after ``seat`` in the order of play."""
        return (seat + 1) % self.players


def deal(
    deck: Sequence[Card],
    rules: Rules,
    dealer: int,
    *,
    players: int | None = None,
    stock_out: str | None = None,
) -> Position:
    """M2 (R8 with two): the dealer deals ``hand_size`` cards to each player one at a time
    (V7: two at a time), starting with the player after the dealer and going round in seat
    order; the rest is the stock. R10: the player after the dealer turns the top stock
    card, offered to him. V8: the dealer turns it, and it is offered round the table from
    the player after the dealer (M4).

    ``players`` and ``stock_out`` stand in for ``rules.players`` and ``rules.stock_out``
    (M1, M8) where given; by default they are read from ``rules``."""
    seats = players_of(rules) if players is None else players
    assert 0 <= dealer < seats
    size = rules.hand_size
    batch = rules.deal_batch
    dealt_out = seats * size
    assert len(deck) == 40
    assert dealt_out < 40, "M2: at least one stock card"
    starter = (dealer + 1) % seats
    hands: list[set[Card]] = [set() for _ in range(seats)]
    for number, start in enumerate(range(0, dealt_out, batch)):
        hands[(starter + number) % seats].update(deck[start : start + batch])
    upcard = rules.initial_upcard
    if exchange_of(rules):  # M10: the exchange first; no card is turned up yet
        return Position(
            rules=rules,
            hands=tuple(frozenset(hand) for hand in hands),
            tables=(frozenset(),) * seats,
            stock=tuple(deck[dealt_out:]),
            dead=(),
            offer=None,
            origin=None,
            offered_by=None,
            phase=Phase.EXCHANGE,
            to_move=starter,
            melds=None if rules.regrouping is Regrouping.FREE else (frozenset(),) * seats,
            players=seats,
            stock_out=stock_out_of(rules) if stock_out is None else stock_out,
            given=(None,) * seats,
        )
    return Position(
        rules=rules,
        hands=tuple(frozenset(hand) for hand in hands),
        tables=(frozenset(),) * seats,
        stock=tuple(deck[dealt_out + 1 :]),
        dead=(),
        offer=deck[dealt_out],
        origin=OfferOrigin.UPCARD if upcard else OfferOrigin.STOCK,
        offered_by=dealer if upcard else starter,
        phase=Phase.OFFER,
        to_move=starter,
        melds=None if rules.regrouping is Regrouping.FREE else (frozenset(),) * seats,
        players=seats,
        stock_out=stock_out_of(rules) if stock_out is None else stock_out,
    )


def _as_table(melds: Iterable[Iterable[Card]]) -> BFTable:
    return frozenset(frozenset(meld) for meld in melds)


def from_state(state: State) -> Position:
    """The model's reading of an engine state's public fields (to compare with :func:`deal`)."""
    tables = tuple(frozenset(card for meld in table for card in meld) for table in state.tables)
    outcome = state.outcome
    melds = None
    if state.rules.regrouping is not Regrouping.FREE:
        melds = tuple(_as_table(table) for table in state.tables)
    given = None
    if state.phase is Phase.EXCHANGE:  # M10: each seat's card set aside, if chosen
        given = tuple(next(iter(state.given & hand), None) for hand in state.hands)
    return Position(
        rules=state.rules,
        hands=tuple(state.hands),
        tables=tables,
        stock=state.stock,
        dead=state.dead,
        offer=state.offer,
        origin=state.offer_origin,
        offered_by=state.offered_by,
        phase=state.phase,
        to_move=state.to_move,
        winner=None if outcome is None else outcome.winner,
        drawn=outcome is not None and outcome.is_draw,
        melds=melds,
        players=players_of(state.rules),
        stock_out=stock_out_of(state.rules),
        fewest=outcome is not None and outcome.kind.name == "FEWEST_CARDS",
        given=given,
    )


def _fits_table(position: Position, player: int, card: Card) -> bool:
    """R14a (and V2): ``card`` fits ``player``'s table in ``position``; under M12, when
    his hand is empty (taking it goes out), only if he may go out with it."""
    melds = None if position.melds is None else position.melds[player]
    if not fits(card, position.tables[player], rules=position.rules, melds=melds):
        return False
    if position.hands[player] or long_meld_of(position.rules) is None:
        return True
    new_cards = position.tables[player] | {card}
    if melds is None:
        return _long_enough(position.rules, None, new_cards)
    return any(
        _long_enough(position.rules, table, new_cards)
        for table in allowed_tables(position.rules, melds, {card})
    )


def long_meld_of(rules: Rules) -> int | None:
    """M12: the fewest cards of the long meld going out needs (``rules.long_meld``), or
    ``None`` (also for rules that do not carry it)."""
    value = getattr(rules, "long_meld", None)
    return None if value is None else int(value)


def _long_enough(rules: Rules, table: BFTable | None, cards: frozenset[Card]) -> bool:
    """M12: the table ``table`` (or, if ``None``, some split of ``cards``, R13) holds a meld
    of ``long_meld_of(rules)`` cards or more; always, when the rules ask for none."""
    least = long_meld_of(rules)
    if least is None:
        return True
    tables = [table] if table is not None else splits(cards, rules.max_sequence)
    return any(len(meld) >= least for split in tables for meld in split)


def offer_round(origin: OfferOrigin, offerer: int, players: int) -> tuple[int, ...]:
    """M4: the players offered a card, in order. A card turned up from the stock by
    ``offerer`` goes to him first, then to each other player in seat order; a discard by
    ``offerer`` goes to each other player in seat order from the one after him; the
    dealer's upcard (V8, ``offerer`` the dealer) goes round from the player after the
    dealer, the dealer last."""
    if origin is OfferOrigin.STOCK:
        steps = range(players)
    elif origin is OfferOrigin.DISCARD:
        steps = range(1, players)
    else:
        steps = range(1, players + 1)
    return tuple((offerer + step) % players for step in steps)


def _round(position: Position) -> tuple[int, ...]:
    """M4: the round of offers of the offered card in ``position``."""
    assert position.origin is not None
    assert position.offered_by is not None
    return offer_round(position.origin, position.offered_by, position.players)


def may_force_case_a(forcing: Forcing, origin: OfferOrigin) -> bool:
    """M6 case a under V1: may the card's offerer force the last player of its round,
    who declined it? ``declined``: a discard or a stock card; ``discards_only``: a discard
    only; ``off``: never. The dealer's upcard (V8) never."""
    if forcing is Forcing.DECLINED:
        return origin in (OfferOrigin.STOCK, OfferOrigin.DISCARD)
    return forcing is Forcing.DISCARDS_ONLY and origin is OfferOrigin.DISCARD


def may_force_case_b(forcing: Forcing, origin: OfferOrigin) -> bool:
    """M6 case b under V1: may a player offered a card that the previous player of its
    round declined force it back on him? Only under ``declined``, for a stock card or a
    discard; never the dealer's upcard (V8)."""
    return forcing is Forcing.DECLINED and origin in (OfferOrigin.STOCK, OfferOrigin.DISCARD)


def _placements(
    position: Position, added: frozenset[Card], *, prune: bool, need_laid: bool
) -> list[tuple[frozenset[Card], BFTable | None]]:
    """Every (laid hand cards, new table) with which ``added`` and the laid cards join the
    table of the player to move (R13, V2): the table is ``None`` under free regrouping.
    ``need_laid``: at least one hand card is laid (V3).

    With ``prune=False`` every subset of the hand is tried, none skipped.
    """
    player = position.to_move
    assert player is not None
    rules = position.rules
    table = position.tables[player]
    everything = _codes(table | position.hands[player] | added)
    base = _codes(table | added)
    # A laid card lies in some meld of the new table, so inside ``everything``: a hand
    # card in no meld there is never laid, and only the other cards' subsets are tried.
    hand = sorted(position.hands[player], key=_order_key)
    usable = [
        card
        for card in hand
        if not prune or _blocks_with(_CODE[card], everything, rules.max_sequence)
    ]
    codes = [_CODE[card] for card in usable]
    found: list[tuple[frozenset[Card], BFTable | None]] = []
    for size in range(1 if need_laid else 0, len(usable) + 1):
        for chosen in combinations(range(len(usable)), size):
            if not _split(base.union([codes[i] for i in chosen]), rules.max_sequence):
                continue  # R6: not even a free split (R13) exists
            laid = frozenset(usable[i] for i in chosen)
            if position.melds is None:
                found.append((laid, None))
                continue
            for arranged in allowed_tables(rules, position.melds[player], laid | added):
                found.append((laid, arranged))
    return found


def legal_takes(position: Position, *, prune: bool = True) -> set[BFMove]:
    """R11 Take, R12, R13, V2: every (laid, discard, table) the player to move may choose.

    With ``prune=False`` every subset of the hand is tried, none skipped.
    """
    player = position.to_move
    offer = position.offer
    assert player is not None
    assert offer is not None
    hand = position.hands[player]
    takes: set[BFMove] = set()
    for laid, table in _placements(position, frozenset([offer]), prune=prune, need_laid=False):
        rest = sorted(hand - laid, key=_order_key)
        if not rest:
            new_cards = position.tables[player] | laid | {offer}
            if _long_enough(position.rules, table, new_cards):  # M12
                takes.add(("take", laid, None, table))  # R16: he goes out.
        for discard in rest:
            takes.add(("take", laid, discard, table))
    return takes


def _may_lay_down(position: Position) -> bool:
    """V3: the player to move turned up the offered card from the stock himself (R10,
    R11a; V8's upcard, offered back to the dealer who turned it, counts too)."""
    return (
        position.rules.meld_from_hand
        and position.phase is Phase.OFFER
        and position.origin in (OfferOrigin.STOCK, OfferOrigin.UPCARD)
        and position.offered_by == position.to_move
    )


def legal_lay_downs(position: Position, *, prune: bool = True) -> set[BFMove]:
    """V3: every non-empty set of hand cards (with each allowed table, V2) the player to
    move may lay down before deciding on the card he turned up; none if he may not."""
    if not _may_lay_down(position):
        return set()
    return {
        ("lay", laid, None, table)
        for laid, table in _placements(position, frozenset(), prune=prune, need_laid=True)
    }


def legal(position: Position) -> set[BFMove]:
    """Every legal move of ``position``, by the phase rules of R11, R14b, V1–V8 and M4, M6."""
    if position.phase is Phase.OVER:
        return set()
    if position.phase is Phase.EXCHANGE:  # M10: any card of his hand
        assert position.to_move is not None
        return {("give", frozenset(), card, None) for card in position.hands[position.to_move]}
    if position.phase is Phase.FORCE_DECISION:
        return {FORCE_BF, RELEASE_BF}
    moves = legal_takes(position)
    if position.phase is Phase.FORCED_TAKE:
        return moves
    moves.add(DECLINE_BF)
    moves |= legal_lay_downs(position)
    assert position.origin is not None
    assert position.offer is not None
    order = _round(position)
    at = order.index(position.to_move)
    if (
        at > 0
        and may_force_case_b(position.rules.forcing, position.origin)
        and _fits_table(position, order[at - 1], position.offer)
    ):
        moves.add(FORCE_BF)  # M6 case b (R14b): force it back on the one who declined it.
    return moves


def allows(position: Position, move: BFMove) -> bool:
    """Whether ``move`` is legal in ``position`` (without listing every take): a move of
    :func:`legal`, or under free regrouping a take or lay-down of :func:`legal` naming any
    split of its new table into melds (R13: every split is the same position)."""
    kind, laid, discard, table = move
    if kind not in ("take", "lay") or position.phase in (
        Phase.OVER,
        Phase.FORCE_DECISION,
        Phase.EXCHANGE,
    ):
        return move in legal(position)
    player, offer = position.to_move, position.offer
    assert player is not None
    assert offer is not None
    if kind == "lay" and (not laid or discard is not None or not _may_lay_down(position)):
        return False
    hand = position.hands[player]
    rest = hand - laid
    added = laid | {offer} if kind == "take" else laid
    if kind == "take" and (discard not in rest if discard is not None else rest):
        return False
    if not laid <= hand:
        return False
    new_cards = position.tables[player] | added
    if kind == "take" and not rest and not _long_enough(position.rules, table, new_cards):
        return False  # M12: going out needs a long meld
    if table is None:
        return position.melds is None and can_split(new_cards, position.rules.max_sequence)
    return (
        frozenset(card for meld in table for card in meld) == new_cards
        and sum(len(meld) for meld in table) == len(new_cards)
        and all(is_meld(meld, position.rules.max_sequence) for meld in table)
        and (position.melds is None or _is_allowed(position.rules, position.melds[player], table))
    )


def _dies(position: Position) -> Position:
    """The offered card dies (R11a; M4: its whole round declined it, or M6: it was
    released). M5: the player after the card's offerer turns up the next stock card,
    offered to him; M8 (R15) if the stock is empty."""
    assert position.offer is not None
    assert position.offered_by is not None
    dead = (*position.dead, position.offer)
    if position.stock:
        turner = position.after(position.offered_by)
        return dataclasses.replace(
            position,
            dead=dead,
            offer=position.stock[0],
            stock=position.stock[1:],
            origin=OfferOrigin.STOCK,
            offered_by=turner,
            phase=Phase.OFFER,
            to_move=turner,
        )
    winner = None
    if position.stock_out == STOCK_OUT_FEWEST:  # M8: the one player with the fewest cards
        sizes = [len(hand) for hand in position.hands]
        fewest = [seat for seat, size in enumerate(sizes) if size == min(sizes)]
        winner = fewest[0] if len(fewest) == 1 else None
    return dataclasses.replace(
        position,
        dead=dead,
        offer=None,
        origin=None,
        offered_by=None,
        phase=Phase.OVER,
        to_move=None,
        winner=winner,
        drawn=winner is None,
        fewest=winner is not None,
    )


def _with(values: tuple[_T, ...], player: int, value: _T) -> tuple[_T, ...]:
    """``values`` with ``player``'s entry replaced by ``value``."""
    return (*values[:player], value, *values[player + 1 :])


def play(position: Position, move: BFMove) -> Position:
    """The position after ``move``, which must be in :func:`legal`."""
    assert allows(position, move), move
    player = position.to_move
    assert player is not None
    kind, laid, discard, table = move
    if kind == "give":
        return _give(position, player, discard)
    offer = position.offer
    assert offer is not None
    if kind in ("take", "lay"):
        added = laid | {offer} if kind == "take" else laid
        hand = position.hands[player] - laid - ({discard} if discard is not None else set())
        hands = _with(position.hands, player, hand)
        tables = _with(position.tables, player, position.tables[player] | added)
        melds = position.melds
        if melds is not None:  # V2: the named table; under free regrouping only the cards
            assert table is not None
            melds = _with(melds, player, table)
        changed = dataclasses.replace(position, hands=hands, tables=tables, melds=melds)
        if kind == "lay":  # V3: the cards go down; the turned card is still his to decide.
            return changed
        if discard is None:  # R16, M7
            return dataclasses.replace(
                changed,
                offer=None,
                origin=None,
                offered_by=None,
                phase=Phase.OVER,
                to_move=None,
                winner=player,
            )
        return dataclasses.replace(  # M4: his discard goes round from the next player.
            changed,
            offer=discard,
            origin=OfferOrigin.DISCARD,
            offered_by=player,
            phase=Phase.OFFER,
            to_move=position.after(player),
        )
    before = (player - 1) % position.players
    if kind == "force":  # M6 (R14b): case a (a decision) or b (an offer); either way the
        # forced player is the one before the forcer, who declined the card.
        return dataclasses.replace(position, phase=Phase.FORCED_TAKE, to_move=before)
    if kind == "release":  # M6 case a: the card dies (M5).
        return _dies(position)
    # Decline (M4).
    order = _round(position)
    at = order.index(player)
    if at + 1 < len(order):  # M4: the card goes on to the next player of its round.
        return dataclasses.replace(position, to_move=order[at + 1])
    assert position.origin is not None
    if may_force_case_a(position.rules.forcing, position.origin) and _fits_table(
        position, player, offer
    ):  # M6 case a: the next player, the card's offerer, decides.
        assert position.after(player) == position.offered_by
        return dataclasses.replace(
            position, phase=Phase.FORCE_DECISION, to_move=position.after(player)
        )
    return _dies(position)


def _give(position: Position, player: int, card: Card | None) -> Position:
    """M10: ``player`` sets ``card`` aside; the next player chooses, or, when every player
    has chosen (the last is the dealer), each card goes to its giver's next player and
    the player after the dealer turns up the first stock card (R10; V8: the dealer turns
    it, and it is offered from the player after him)."""
    assert position.given is not None
    assert card is not None
    given = _with(position.given, player, card)
    if any(chosen is None for chosen in given):
        return dataclasses.replace(position, given=given, to_move=position.after(player))
    hands = list(position.hands)
    for giver, chosen in enumerate(given):
        assert chosen is not None
        receiver = position.after(giver)
        hands[giver] = hands[giver] - {chosen}
        hands[receiver] = hands[receiver] | {chosen}
    starter = position.after(player)  # the dealer chose last
    upcard = position.rules.initial_upcard
    return dataclasses.replace(
        position,
        hands=tuple(hands),
        given=None,
        offer=position.stock[0],
        stock=position.stock[1:],
        origin=OfferOrigin.UPCARD if upcard else OfferOrigin.STOCK,
        offered_by=player if upcard else starter,
        phase=Phase.OFFER,
        to_move=starter,
    )


# ---------------------------------------------------------------- talking to the engine


_ANY_LENGTH = Rules(max_sequence=10)


def _table_bf(melds: Iterable[Meld] | None) -> BFTable | None:
    return None if melds is None else _as_table(melds)


def to_bf(move: Move) -> BFMove:
    """An engine move as model data (a named arrangement as a set of melds)."""
    if isinstance(move, Take):
        return ("take", move.laid, move.discard, _table_bf(move.table))
    if isinstance(move, LayDown):
        return ("lay", move.laid, None, _table_bf(move.table))
    if isinstance(move, Decline):
        return DECLINE_BF
    if isinstance(move, Force):
        return FORCE_BF
    if isinstance(move, Give):  # M10
        return ("give", frozenset(), move.card, None)
    assert isinstance(move, Release)
    return RELEASE_BF


def _engine_table(table: BFTable | None) -> tuple[Meld, ...] | None:
    """The melds in the engine's order: by their first card in deck order."""
    if table is None:
        return None
    melds = [Meld(sorted(meld), rules=_ANY_LENGTH) for meld in table]
    return tuple(sorted(melds, key=lambda meld: min(meld.cards)))


def from_bf(move: BFMove) -> Move:
    """Model data as an engine move."""
    kind, laid, discard, table = move
    if kind == "take":
        return Take(laid, discard, _engine_table(table))
    if kind == "lay":
        return LayDown(laid, _engine_table(table))
    if kind == "give":  # M10
        return Give(discard)
    simple: dict[str, Move] = {"decline": Decline(), "force": Force(), "release": Release()}
    return simple[kind]


def mismatches(position: Position, state: State) -> list[str]:
    """The fields where the engine's public view differs from the model (empty if none)."""
    seen = from_state(state)
    problems = []
    for field in dataclasses.fields(Position):
        engine, model = getattr(seen, field.name), getattr(position, field.name)
        if engine != model:
            problems.append(f"{field.name}: engine {engine!r}, model {model!r}")
    for player, table in enumerate(state.tables):
        for meld in table:
            if not is_meld(meld, position.rules.max_sequence):
                problems.append(f"player {player}'s table shows {meld}, not a meld")
        if sum(len(meld) for meld in table) != len(seen.tables[player]):
            problems.append(f"player {player}'s table shows a card twice")
    return problems
