"""An independent, slow model of the engine: melds, legal moves and the phase machine.

The fast engine (:mod:`conquian.state` on top of :mod:`conquian._bits`) is held to this
model. Nothing here uses :mod:`conquian._bits` or :mod:`conquian.melds`: only the public
value types (:class:`Card`, :class:`Rank`, :class:`Suit`, :class:`Rules`, the moves and
the enums that name phases and offer origins) are imported, and every rule is read
straight off RULES.md:

- R2, R4, R5: :func:`is_meld` checks one candidate meld literally.
- R6: :func:`can_split` asks whether a set of cards splits into melds. The card that
  comes first in a fixed order must lie in some block; every block holding it is tried
  (groups: it plus any two or three cards of its rank; sequences: every window of the
  play order through it, all of whose cards are present), each block is re-checked with
  :func:`is_meld`, and the rest is split recursively. Results are memoized by frozenset.
- R11, R12, R13, R14a, R14b, V1: :func:`legal` lists the moves of a :class:`Position` by
  trying every subset of the hand (``2 ** len(hand)`` of them).
- R8, R10, R11, R14b, R15, R16: :func:`deal` and :func:`play` are the phase machine,
  written as a plain state transition over sets of cards.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import TypeAlias

from conquian import (
    Card,
    Decline,
    Force,
    Forcing,
    Move,
    OfferOrigin,
    Phase,
    Rank,
    Release,
    Rules,
    State,
    Suit,
    Take,
    parse_cards,
)

__all__ = [
    "PLY_BOUND",
    "BFMove",
    "Position",
    "can_split",
    "deal",
    "deck_for",
    "fits",
    "from_bf",
    "from_state",
    "is_meld",
    "legal",
    "legal_takes",
    "mismatches",
    "play",
    "random_game",
    "reference_deal",
    "splitmix64",
    "steered_choice",
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
"""R2: ``A 2 3 4 5 6 7 J Q K``; a sequence is a window of this tuple."""

SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

BFMove: TypeAlias = tuple[str, frozenset[Card], Card | None]
"""A move as plain data: ``("take", laid, discard)``, or ``(name, frozenset(), None)``
for ``"decline"``, ``"force"`` and ``"release"``."""

DECLINE_BF: BFMove = ("decline", frozenset(), None)
FORCE_BF: BFMove = ("force", frozenset(), None)
RELEASE_BF: BFMove = ("release", frozenset(), None)


# Inside the model a card is a small int of its own, 10 * suit + place: the suit's
# position in SUITS and the rank's position in PLAY_ORDER (so nothing of Card.index or of
# Rank's values is used). Ints only make the sets cheap to hash.
_CODE: dict[Card, int] = {
    Card(rank, suit): 10 * SUITS.index(suit) + PLAY_ORDER.index(rank)
    for suit in SUITS
    for rank in PLAY_ORDER
}


def _codes(cards: Iterable[Card]) -> frozenset[int]:
    return frozenset(_CODE[card] for card in cards)


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


def _blocks_with(first: int, pool: frozenset[int], max_sequence: int) -> list[frozenset[int]]:
    """Every candidate meld inside ``pool`` that holds ``first``, each checked by R4/R5."""
    blocks: list[frozenset[int]] = []
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


_SPLIT_MEMO: dict[tuple[frozenset[int], int], bool] = {}
_MEMO_LIMIT = 1 << 20


def _split(pool: frozenset[int], max_sequence: int) -> bool:
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


def can_split(cards: Iterable[Card], max_sequence: int = 8) -> bool:
    """R6: whether the distinct ``cards`` split into disjoint melds (no cards do)."""
    return _split(_codes(cards), max_sequence)


def fits(card: Card, table: Iterable[Card], max_sequence: int = 8) -> bool:
    """R14a: the table's cards plus ``card`` alone split into melds."""
    return can_split({*table, card}, max_sequence)


# ---------------------------------------------------------------- the phase machine


@dataclasses.dataclass(frozen=True)
class Position:
    """A position of the model, every field public and plain."""

    rules: Rules
    hands: tuple[frozenset[Card], frozenset[Card]]
    tables: tuple[frozenset[Card], frozenset[Card]]
    stock: tuple[Card, ...]
    dead: tuple[Card, ...]
    offer: Card | None
    origin: OfferOrigin | None
    offered_by: int | None
    phase: Phase
    to_move: int | None
    winner: int | None = None
    drawn: bool = False


def deal(deck: Sequence[Card], rules: Rules, dealer: int) -> Position:
    """R8: one card at a time, non-dealer first; R10: he turns the top stock card."""
    starter = 1 - dealer
    size = rules.hand_size
    dealt = [frozenset(deck[0 : 2 * size : 2]), frozenset(deck[1 : 2 * size : 2])]
    hands = (dealt[0], dealt[1]) if starter == 0 else (dealt[1], dealt[0])
    return Position(
        rules=rules,
        hands=hands,
        tables=(frozenset(), frozenset()),
        stock=tuple(deck[2 * size + 1 :]),
        dead=(),
        offer=deck[2 * size],
        origin=OfferOrigin.STOCK,
        offered_by=starter,
        phase=Phase.OFFER,
        to_move=starter,
    )


def from_state(state: State) -> Position:
    """The model's reading of an engine state's public fields (to compare with :func:`deal`)."""
    tables = tuple(frozenset(card for meld in table for card in meld) for table in state.tables)
    outcome = state.outcome()
    return Position(
        rules=state.rules,
        hands=state.hands,
        tables=(tables[0], tables[1]),
        stock=state.stock,
        dead=state.dead,
        offer=state.offer,
        origin=state.offer_origin,
        offered_by=state.offered_by,
        phase=state.phase,
        to_move=state.to_move,
        winner=None if outcome is None else outcome.winner,
        drawn=outcome is not None and outcome.is_draw,
    )


def _forcing_case_a(position: Position) -> bool:
    """V1: may the opponent force the card the player to move declines (R14b case a)?"""
    forcing = position.rules.forcing
    if forcing is Forcing.DECLINED:
        return True
    return forcing is Forcing.DISCARDS_ONLY and position.origin is OfferOrigin.DISCARD


def legal_takes(position: Position, *, prune: bool = True) -> set[BFMove]:
    """R11 Take, R12, R13: every (laid, discard) the player to move may choose.

    With ``prune=False`` every subset of the hand is tried, none skipped.
    """
    player = position.to_move
    offer = position.offer
    assert player is not None
    assert offer is not None
    everything = _codes(position.tables[player] | position.hands[player] | {offer})
    base = _codes(position.tables[player] | {offer})
    # A laid card lies in some meld of the new table, so inside ``everything``: a hand
    # card in no meld there is never laid, and only the other cards' subsets are tried.
    hand = sorted(position.hands[player], key=_order_key)
    usable = [
        card
        for card in hand
        if not prune or _blocks_with(_CODE[card], everything, position.rules.max_sequence)
    ]
    codes = [_CODE[card] for card in usable]
    takes: set[BFMove] = set()
    for size in range(len(usable) + 1):
        for chosen in combinations(range(len(usable)), size):
            if not _split(base.union([codes[i] for i in chosen]), position.rules.max_sequence):
                continue
            laid = frozenset(usable[i] for i in chosen)
            rest = [card for card in hand if card not in laid]
            if not rest:
                takes.add(("take", laid, None))  # R16: he goes out.
            for discard in rest:
                takes.add(("take", laid, discard))
    return takes


def legal(position: Position) -> set[BFMove]:
    """Every legal move of ``position``, by the phase rules of R11 and R14b."""
    if position.phase is Phase.OVER:
        return set()
    if position.phase is Phase.FORCE_DECISION:
        return {FORCE_BF, RELEASE_BF}
    moves = legal_takes(position)
    if position.phase is Phase.FORCED_TAKE:
        return moves
    moves.add(DECLINE_BF)
    passer = position.offered_by
    assert passer is not None
    assert position.offer is not None
    if (
        position.rules.forcing is Forcing.DECLINED
        and position.origin is OfferOrigin.STOCK
        and passer != position.to_move
        and fits(position.offer, position.tables[passer], position.rules.max_sequence)
    ):
        moves.add(FORCE_BF)  # R14b case b: force a passed card back on the passer.
    return moves


def _allowed(position: Position, move: BFMove) -> bool:
    """Whether ``move`` is in :func:`legal` (without listing every take)."""
    kind, laid, discard = move
    if kind != "take" or position.phase in (Phase.OVER, Phase.FORCE_DECISION):
        return move in legal(position)
    player, offer = position.to_move, position.offer
    assert player is not None
    assert offer is not None
    hand = position.hands[player]
    rest = hand - laid
    return (
        laid <= hand
        and (discard in rest if discard is not None else not rest)
        and can_split(position.tables[player] | laid | {offer}, position.rules.max_sequence)
    )


def _dies(position: Position, decliner: int) -> Position:
    """R11a: the card dies and the decliner turns the next stock card; R15 if none."""
    assert position.offer is not None
    dead = (*position.dead, position.offer)
    if not position.stock:
        return dataclasses.replace(
            position,
            dead=dead,
            offer=None,
            origin=None,
            offered_by=None,
            phase=Phase.OVER,
            to_move=None,
            drawn=True,
        )
    return dataclasses.replace(
        position,
        dead=dead,
        offer=position.stock[0],
        stock=position.stock[1:],
        origin=OfferOrigin.STOCK,
        offered_by=decliner,
        phase=Phase.OFFER,
        to_move=decliner,
    )


def play(position: Position, move: BFMove) -> Position:
    """The position after ``move``, which must be in :func:`legal`."""
    assert _allowed(position, move), move
    player = position.to_move
    offer = position.offer
    assert player is not None
    assert offer is not None
    kind, laid, discard = move
    if kind == "take":
        hand = position.hands[player] - laid - ({discard} if discard is not None else set())
        table = position.tables[player] | laid | {offer}
        hands = (hand, position.hands[1]) if player == 0 else (position.hands[0], hand)
        tables = (table, position.tables[1]) if player == 0 else (position.tables[0], table)
        if discard is None:  # R16
            return dataclasses.replace(
                position,
                hands=hands,
                tables=tables,
                offer=None,
                origin=None,
                offered_by=None,
                phase=Phase.OVER,
                to_move=None,
                winner=player,
            )
        return dataclasses.replace(
            position,
            hands=hands,
            tables=tables,
            offer=discard,
            origin=OfferOrigin.DISCARD,
            offered_by=player,
            phase=Phase.OFFER,
            to_move=1 - player,
        )
    if kind == "force":  # R14b: case a (decision) or case b (a passed card).
        return dataclasses.replace(position, phase=Phase.FORCED_TAKE, to_move=1 - player)
    if kind == "release":  # R14b case a: the decliner's card dies.
        return _dies(position, decliner=1 - player)
    # Decline.
    if position.origin is OfferOrigin.STOCK and position.offered_by == player:
        return dataclasses.replace(position, to_move=1 - player)  # R11b: a pass.
    if _forcing_case_a(position) and fits(
        offer, position.tables[player], position.rules.max_sequence
    ):
        return dataclasses.replace(position, phase=Phase.FORCE_DECISION, to_move=1 - player)
    return _dies(position, decliner=player)


# ---------------------------------------------------------------- talking to the engine


def to_bf(move: Move) -> BFMove:
    """An engine move as model data (a take's optional arrangement is dropped)."""
    if isinstance(move, Take):
        return ("take", move.laid, move.discard)
    if isinstance(move, Decline):
        return DECLINE_BF
    if isinstance(move, Force):
        return FORCE_BF
    assert isinstance(move, Release)
    return RELEASE_BF


def from_bf(move: BFMove) -> Move:
    """Model data as an engine move."""
    kind, laid, discard = move
    if kind == "take":
        return Take(laid, discard)
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


# ---------------------------------------------------------------- helpers for engine tests


def dealt(state: State) -> tuple[Card, ...]:
    """The deck a state was dealt from (every state of these tests comes from a deal)."""
    assert state.deck is not None
    return state.deck


def deck_for(player1: str, player0: str, stock: str = "", last: str = "") -> str:
    """A deck, as text, that deals ``player1``'s and ``player0``'s hands when player 0 deals.

    R8: the non-dealer (player 1) gets the 1st, 3rd, ... card, the dealer the 2nd, 4th,
    ...; then ``stock`` lies on top of the stock, top card first (the non-dealer turns its
    first card at once, R10), and ``last`` at the bottom. The cards named nowhere come in
    between, in the canonical order.
    """
    first, second = parse_cards(player1), parse_cards(player0)
    top, bottom = parse_cards(stock), parse_cards(last)
    assert len(first) == len(second), "both hands have the same size"
    dealt = [card for pair in zip(first, second, strict=True) for card in pair]
    named = [*dealt, *top, *bottom]
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [
        Card(rank, suit) for suit in SUITS for rank in PLAY_ORDER if Card(rank, suit) not in named
    ]
    return " ".join(str(card) for card in [*dealt, *top, *rest, *bottom])


def steered_choice(rng: random.Random, moves: Sequence[Move], greed: float) -> Move:
    """A random legal move; with probability ``greed`` a take that lays the most cards."""
    takes = [move for move in moves if isinstance(move, Take)]
    if takes and rng.random() < greed:
        most = max(len(take.laid) for take in takes)
        return rng.choice([take for take in takes if len(take.laid) == most])
    return rng.choice(list(moves))


def random_game(state: State, seed: int, greed: float = 0.0) -> Iterator[State]:
    """Every position of a game played from ``state`` by :func:`steered_choice`."""
    rng = random.Random(seed)
    yield state
    while state.to_move is not None:
        state = state.apply(steered_choice(rng, state.legal_moves(), greed))
        assert state.ply <= PLY_BOUND, "the game outlasts the ply bound"
        yield state


# ---------------------------------------------------------------- the deal, a game's length


def splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 (Steele, Lea and Flood 2014), written again from the paper."""
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        yield z ^ (z >> 31)


def reference_deal(seed: int) -> list[Card]:
    """The documented shuffle: Fisher-Yates from the last position down, each index drawn
    uniformly below ``i + 1`` by rejection, over the canonical deck (c, d, h, s; A to K)."""
    deck = [Card(rank, suit) for suit in SUITS for rank in PLAY_ORDER]
    outputs = splitmix64(seed)

    def below(n: int) -> int:
        limit = 2**64 - 2**64 % n
        while True:
            value = next(outputs)
            if value < limit:
                return value % n

    for i in range(len(deck) - 1, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


PLY_BOUND = 121
"""The most plies (moves) a game can last, for every hand size ``h`` (R8–R16).

Derivation. Call an *episode* the time one card is face up: from being turned from the
stock or discarded until it is taken or dies. A card is offered in one episode only (a
taken card stays on a table, a dead card is out of play, R6, R11), so the moves of a game
are the moves of its episodes, and each move answers the card of its episode.

1. Takes. Each take puts at least the offered card on the taker's table, and a table
   only grows (R6). Between actions hand plus table count ``h`` (R14), so a take that is
   followed by a discard leaves at most ``h`` cards on the table: a player makes at most
   ``h`` takes with a discard, and one more take ends the game (R16). Hence at most
   ``2h`` takes with a discard, and ``T <= 2h + 1`` takes in all.
2. Episodes. Each of the ``S = 40 - 2h`` stock cards is turned at most once (R8, R10,
   R11a), and each discard opens one episode: ``D <= 2h`` discard episodes, and
   ``D <= T - 1`` when the game is won (the winning take has no discard).
3. Moves that are not takes. In a stock episode (the card turned by X, R11): X takes
   (0), or X passes (R11b) and then Y takes (1), Y forces it back and X takes (2,
   R14b case b), Y declines and it dies (2), or Y declines, it fits her table and X
   forces or releases (3, R14b case a, then a take or a death). At most 3. In a
   discard episode (X discarded it to Y): Y takes (0), Y declines and it dies (1), or Y
   declines and X forces or releases (2). At most 2.

So a game lasts at most ``T + 3S + 2D`` plies. A won game has ``T <= 2h + 1`` and
``D <= T - 1 <= 2h``; a drawn one ``T <= 2h`` and ``D <= 2h``. Either way:
``plies <= (2h + 1) + 3(40 - 2h) + 2(2h) = 121``, the same for every hand size.
"""
