"""The words of the game: its phases, where an offer comes from, how a game ends, and
one entry of the public history; and the rule facts of the phase machine, each written
once: which moves each phase allows (:data:`MOVES_OF_PHASE`, :func:`may_force_back`,
:func:`may_lay_down_on`), which declined cards may be forced (:data:`FORCED_ORIGINS`),
whether a decline passes the card on (:func:`passes_on`) and who turns up the next card
when one dies (:func:`turner_when_dies`), for two or three players (M1-M8: who is
offered a card in turn, :func:`first_offered` and :func:`last_offered`); and the
opening exchange (M10: :func:`first_giver`, :func:`receiver`, :func:`gives_seen_by`). The engine
(``conquian.transitions``, ``conquian.legality``), the check of a history
(:mod:`conquian.views`) and the pictures (:mod:`conquian.svg`) read them here, so a
change of the forcing rule (R14b, V1) is made in one place. Read this module first: the
engine is a phase machine over these values (see :class:`Phase`).

>>> from conquian import Phase, State
>>> State.new(seed=7).phase is Phase.OFFER
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import attrs

from conquian.cards import Card
from conquian.errors import ConquianError, describe, warn_renamed
from conquian.moves import Decline, Force, Give, LayDown, Move, Release, Take
from conquian.rules import Forcing, Regrouping, Rules, StockOut

__all__ = [
    "DRAWN",
    "FEWEST_CARDS",
    "FORCED_BACK_ORIGINS",
    "FORCED_ORIGINS",
    "MAX_PLAYERS",
    "MOVES_OF_PHASE",
    "PASSED_ON",
    "WENT_OUT",
    "Fate",
    "OfferOrigin",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "Played",
    "first_giver",
    "first_offered",
    "forced_player",
    "gives_seen_by",
    "last_offered",
    "may_force_back",
    "may_lay_down_on",
    "next_player",
    "passes_on",
    "receiver",
    "stock_out_outcome",
    "turner_when_dies",
]

MAX_PLAYERS: Final = 3
"""The most players a game has (M1)."""


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
    EXCHANGE = "exchange"
    """The opening exchange (M10, under ``exchange`` rules): :attr:`State.to_move`
    chooses the hand card he gives to the next player; no card is offered yet."""


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
    """A declined card died with no stock left to turn (R15), or, under ``stock_out:
    fewest_cards``, then two players or more held the fewest cards (M8)."""
    FEWEST_CARDS = "fewest_cards"
    """A declined card died with no stock left to turn, and under ``stock_out:
    fewest_cards`` the winner held fewer cards in hand than every other player (M8)."""


@attrs.frozen
class Outcome:
    """The end of a game. Equal outcomes have the same winner and kind.

    Raises:
        ConquianError: A draw with a winner, or a game won with a winner other than 0,
            1 or 2 (a player number, M1).
        TypeError: ``kind`` is not an :class:`OutcomeKind`.

    Attributes:
        kind: How the game ended.
        winner: The player who went out (or held the fewest cards, M8), or ``None`` for
            a draw.

    >>> print(Outcome(OutcomeKind.FEWEST_CARDS, 2))
    player 2 held the fewest cards when the stock ran out (M8)
    """

    kind: OutcomeKind
    winner: int | None

    def __attrs_post_init__(self) -> None:
        """A draw has no winner (R15); a game won has a player number (R16, M1, M8)."""
        kind, winner = self.kind, self.winner
        if kind is OutcomeKind.DRAWN:
            if winner is not None:
                raise ConquianError(f"a drawn game has no winner (R15), not {describe(winner)}")
        elif kind is OutcomeKind.WENT_OUT or kind is OutcomeKind.FEWEST_CARDS:
            # a player number (R16, M1, M8): an int (not a bool) from 0 to 2
            if winner.__class__ is not int or not 0 <= winner < MAX_PLAYERS:
                rule = "R16" if kind is OutcomeKind.WENT_OUT else "M8"
                raise ConquianError(
                    f"a game won has winner 0, 1 or 2 ({rule}, M1), not {describe(winner)}"
                )
        else:
            raise TypeError(f"kind must be an OutcomeKind, not {describe(kind)}")

    @property
    def is_draw(self) -> bool:
        """Whether the game was drawn (R15)."""
        return self.kind is OutcomeKind.DRAWN

    def __str__(self) -> str:
        if self.winner is None:
            return "drawn (R15)"
        if self.kind is OutcomeKind.FEWEST_CARDS:
            return f"player {self.winner} held the fewest cards when the stock ran out (M8)"
        return f"player {self.winner} went out (R16)"


DRAWN: Final = Outcome(OutcomeKind.DRAWN, None)
"""The outcome of a drawn game (R15)."""
WENT_OUT: Final = tuple(Outcome(OutcomeKind.WENT_OUT, player) for player in range(MAX_PLAYERS))
"""The outcome of a game won by going out, by the winner (R16). ``WENT_OUT[p]`` is
``Outcome(OutcomeKind.WENT_OUT, p)``, for players 0 to 2.

:meta hide-value:
"""
FEWEST_CARDS: Final = tuple(
    Outcome(OutcomeKind.FEWEST_CARDS, player) for player in range(MAX_PLAYERS)
)
"""The outcome of a game won by the fewest cards in hand when the stock ran out, by the
winner (M8). ``FEWEST_CARDS[p]`` is ``Outcome(OutcomeKind.FEWEST_CARDS, p)``.

:meta hide-value:
"""


class Fate(enum.Enum):
    """What a move did with the offered card (see :attr:`Played.fate`)."""

    TAKEN = "taken"
    """The player took it onto his table (R11)."""
    TAKEN_FORCED = "taken_forced"
    """The player, forced, took it (R14b)."""
    PASSED = "passed"
    """The player passed the card he had turned up himself to the opponent (R11b), or the
    non-dealer refused the upcard, which goes on to the dealer (V8); with three players,
    any decline that passes the card on to the next player of its round (M4)."""
    DECLINED = "declined"
    """The player refused the opponent's card for good (R11a), or the dealer his own
    upcard (V8): the last player of the card's round declined it (M4)."""
    FORCED = "forced"
    """The player forced the declined or passed card on the opponent (R14b)."""
    RELEASED = "released"
    """The player let the declined card go dead (R14b)."""
    KEPT_ON_OFFER = "kept_on_offer"
    """The player laid hand cards down first (V3); the card is still offered to him."""
    GIVEN = "given"
    """The player chose a card to give in the opening exchange (M10); no card was
    offered."""


@attrs.frozen
class Played:
    """One entry of the public history: who moved, which card was offered, where it came
    from, in which phase, and the move. A give of the opening exchange (M10) answers no
    offer: its ``offer`` and ``offer_origin`` are ``None``, its ``offered_by`` the
    giver, and in a player's view a give he may not see is ``Give(None)``. A narration
    or an animation of the whole game can be made from the history alone (see
    :mod:`conquian.narration`): each entry says where its card came from, and the next
    entry's card and origin say what was turned up.

    Attributes:
        player: The player who made the move.
        offer: The card that was offered (or forced) when the move was made; ``None``
            for a give (M10).
        move: The move.
        offer_origin: Where the offered card came from: a discard, turned up from the
            stock, or the dealer's upcard (V8), as :attr:`State.offer_origin
            <conquian.state.State.offer_origin>` says of the card on offer (``origin`` is
            a deprecated alias); ``None`` for a give (M10).
        offered_by: The player who discarded or turned up the offered card (the giver
            for a give).
        phase: The phase the move was made in (offer, force decision, forced take or
            exchange).
        players: The number of players of the game (M1), which says whether a decline
            passed the card on (:attr:`fate`, M4).
    """

    player: int
    offer: Card | None
    move: Move
    offer_origin: OfferOrigin | None
    offered_by: int
    phase: Phase
    players: int = 2

    @property
    def origin(self) -> OfferOrigin | None:
        """Deprecated alias of :attr:`offer_origin`."""
        warn_renamed("Played.origin", "Played.offer_origin")
        return self.offer_origin

    @property
    def fate(self) -> Fate:
        """What the move did with the offered card.

        >>> from conquian import State
        >>> state = State.new(seed=7)
        >>> state.apply("decline").history[0].fate
        <Fate.PASSED: 'passed'>
        """
        move = self.move
        if isinstance(move, Take):
            return Fate.TAKEN_FORCED if self.phase is Phase.FORCED_TAKE else Fate.TAKEN
        if isinstance(move, Force):
            return Fate.FORCED
        if isinstance(move, Release):
            return Fate.RELEASED
        if isinstance(move, LayDown):
            return Fate.KEPT_ON_OFFER
        if isinstance(move, Give):
            return Fate.GIVEN  # M10
        if passes_on(self.offer_origin, self.offered_by, self.player, self.players):
            return Fate.PASSED  # R11b, V8: the card goes on to the opponent
        return Fate.DECLINED

    def __str__(self) -> str:
        if self.offer_origin is None:
            return f"{self.player}: {self.move} ({self.phase.value})"  # M10: a give
        origin = f"{self.offer_origin.value}:{self.offered_by}"
        return f"{self.player}: {self.move} ({self.offer}, {origin})"


# The enum members the engine's hot paths compare with (legality and state import them)
# or deal (dealing, _position.first_offer), as plain module names: a module global is one
# dictionary read where ``Phase.OFFER`` is two (the class, then its attribute), and the
# engine makes such tests on every move. In a deal each saves 760 to 960 instructions
# (State.new, callgrind: 2,600 for the three it reads).
PHASE_OFFER: Final = Phase.OFFER
PHASE_FORCE_DECISION: Final = Phase.FORCE_DECISION
PHASE_FORCED_TAKE: Final = Phase.FORCED_TAKE
PHASE_OVER: Final = Phase.OVER
PHASE_EXCHANGE: Final = Phase.EXCHANGE
ORIGIN_STOCK: Final = OfferOrigin.STOCK
ORIGIN_DISCARD: Final = OfferOrigin.DISCARD
ORIGIN_UPCARD: Final = OfferOrigin.UPCARD
FORCING_DECLINED: Final = Forcing.DECLINED
STOCK_OUT_DRAW: Final = StockOut.DRAW
FORCING_DISCARDS_ONLY: Final = Forcing.DISCARDS_ONLY
REGROUPING_BORROW: Final = Regrouping.BORROW
REGROUPING_FREE: Final = Regrouping.FREE


# ------------------------------------------------------------------ the rule facts
# Each fact of the phase machine is written here once; the engine, the check of a
# history and the pictures read it (see the module's docstring).

MOVES_OF_PHASE: Final[Mapping[Phase, tuple[type[Move], ...]]] = {
    Phase.OFFER: (Take, Decline, LayDown, Force),
    Phase.FORCE_DECISION: (Force, Release),
    Phase.FORCED_TAKE: (Take,),
    Phase.EXCHANGE: (Give,),
    Phase.OVER: (),
}
"""The kinds of move each phase allows (R11, R14b, V3), whatever the cards. In an offer a
lay-down needs :func:`may_lay_down_on` and a force :func:`may_force_back` (and the card
to fit the passer's table, R14a); a take needs cards that make one; a give (M10), a card
of the giver's hand.

>>> from conquian.phases import MOVES_OF_PHASE, Phase
>>> MOVES_OF_PHASE[Phase.FORCE_DECISION]
(<class 'conquian.moves.Force'>, <class 'conquian.moves.Release'>)

:meta hide-value:
"""

FORCED_ORIGINS: Final[Mapping[Forcing, frozenset[OfferOrigin]]] = {
    Forcing.DECLINED: frozenset({OfferOrigin.DISCARD, OfferOrigin.STOCK}),
    Forcing.DISCARDS_ONLY: frozenset({OfferOrigin.DISCARD}),
    Forcing.OFF: frozenset(),
}
"""Where a card refused for good comes from when the opponent may force it on the
decliner (R14b case a) if it fits his table (R14a), under each forcing rule (V1). The
dealer's upcard (V8) is never forced: the non-dealer turns up the next card.

>>> from conquian.phases import FORCED_ORIGINS
>>> from conquian.rules import Forcing
>>> sorted(origin.value for origin in FORCED_ORIGINS[Forcing.DISCARDS_ONLY])
['discard']

:meta hide-value:
"""


# The hot-path form of FORCED_ORIGINS, for the engine's every decline: keyed by the
# identity of the forcing member, its origins a tuple. Hashing an enum member is a
# Python call (Enum.__hash__), once for the key and once for the origin in a frozenset;
# id() and a tuple's identity test are not (5,721 calls fewer in 150 random games, about
# 2% of random self-play). Read it as ``FORCED_ORIGINS_BY_ID[id(rules.forcing)]``.
FORCED_ORIGINS_BY_ID: Final[Mapping[int, tuple[OfferOrigin, ...]]] = {
    id(forcing): tuple(sorted(origins, key=lambda origin: origin.value))
    for forcing, origins in FORCED_ORIGINS.items()
}


def next_player(player: int, players: int = 2) -> int:
    """The player after ``player`` in the order of play (M1): the opponent with two.

    >>> from conquian.phases import next_player
    >>> next_player(1), next_player(1, 3), next_player(2, 3)
    (0, 2, 0)
    """
    return (player + 1) % players


def forced_player(forcer: int, players: int = 2) -> int:
    """Whom ``forcer`` forces a card on: the player before him in the order of play, who
    declined it (M6: the next player forces; R14b: the opponent with two).

    >>> from conquian.phases import forced_player
    >>> forced_player(0), forced_player(0, 3)
    (1, 2)
    """
    return (forcer - 1) % players


def first_offered(origin: OfferOrigin | None, offered_by: int, players: int = 2) -> int:
    """The first player offered a card (M4): a card turned up from the stock is offered to
    its turner first (R10, R11), a discard to the player after the discarder (R11), the
    dealer's upcard to the player after the dealer (V8).

    >>> from conquian.phases import OfferOrigin, first_offered
    >>> first_offered(OfferOrigin.STOCK, 2, 3), first_offered(OfferOrigin.DISCARD, 2, 3)
    (2, 0)
    """
    return offered_by if origin is ORIGIN_STOCK else (offered_by + 1) % players


def last_offered(origin: OfferOrigin | None, offered_by: int, players: int = 2) -> int:
    """The last player offered a card (M4), whose decline lets it die: the dealer for
    his own upcard (V8), else the player before the card's offerer (so a discard goes to
    every other player and a turned card to every player, the turner first).

    >>> from conquian.phases import OfferOrigin, last_offered
    >>> last_offered(OfferOrigin.STOCK, 0, 3), last_offered(OfferOrigin.UPCARD, 0, 3)
    (2, 0)
    """
    return offered_by if origin is ORIGIN_UPCARD else (offered_by - 1) % players


def passes_on(origin: OfferOrigin | None, offered_by: int, mover: int, players: int = 2) -> bool:
    """Whether ``mover``'s decline passes the card on to the next player rather than
    refusing it for good: he is not the last of the card's round of offers (M4) — with
    two players, his own turned card (R11b) or the upcard the non-dealer refuses (V8).
    Read from :func:`turner_when_dies`, which holds the rule.

    >>> from conquian.phases import OfferOrigin, passes_on
    >>> passes_on(OfferOrigin.STOCK, 1, 1), passes_on(OfferOrigin.DISCARD, 0, 1)
    (True, False)
    >>> passes_on(OfferOrigin.DISCARD, 0, 1, players=3)
    True
    """
    return turner_when_dies(Decline, origin, offered_by, mover, players) == PASSED_ON


PASSED_ON: Final = -1
"""What :func:`turner_when_dies` says of a card that does not die: it is passed on."""


def turner_when_dies(
    move: type[Move], origin: OfferOrigin | None, offered_by: int, mover: int, players: int = 2
) -> int:
    """Who turns up the next card when ``mover``'s ``move`` lets the offered card die
    (``move`` is :class:`~conquian.moves.Decline` or :class:`~conquian.moves.Release`),
    or :data:`PASSED_ON` when a decline passes it on to the next player of its round
    (M4). A card dies when the last player of its round (:func:`last_offered`) declines
    it, or when its offerer releases it (R14b case a, M6); the next card is turned up by
    the player after the card's offerer (M5): with two players the decliner after
    refusing a card for good (R11a), the decliner (the opponent of the player who
    releases) after a release (R14b), the non-dealer after the dealer refused his own
    upcard (V8). A card refused for good may instead wait for a force decision (see
    :data:`FORCED_ORIGINS`).

    >>> from conquian.moves import Decline, Release
    >>> from conquian.phases import OfferOrigin, turner_when_dies
    >>> turner_when_dies(Decline, OfferOrigin.DISCARD, 0, 1)
    1
    >>> turner_when_dies(Release, OfferOrigin.DISCARD, 1, 1)
    0
    >>> turner_when_dies(Decline, OfferOrigin.DISCARD, 0, 2, players=3)
    1
    """
    if move is Release:  # the releaser is the card's offerer (M6 case a)
        return (mover + 1) % players
    if origin is ORIGIN_DISCARD and offered_by == mover:
        return mover  # not a position of the game: one's own discard is never offered
    if mover != last_offered(origin, offered_by, players):
        return PASSED_ON  # M4: the next player of the round is offered it (R11b, V8)
    return (offered_by + 1) % players  # M5


# The hot-path form of turner_when_dies for the engine's every decline of an offer,
# built from it here: ``DECLINE_TURNERS[players][origin][mover][offered_by]``. The engine
# keeps each origin's row beside its ready-made decline entries (transitions._declines)
# and reads the turner with the entry instead of calling turner_when_dies: 1.1% fewer
# instructions in random self-play (callgrind, 200 games).
DECLINE_TURNERS: Final[Mapping[int, Mapping[OfferOrigin, tuple[tuple[int, ...], ...]]]] = {
    players: {
        origin: tuple(
            tuple(turner_when_dies(Decline, origin, by, mover, players) for by in range(players))
            for mover in range(players)
        )
        for origin in OfferOrigin
    }
    for players in range(2, MAX_PLAYERS + 1)
}

FORCED_BACK_ORIGINS: Final[Mapping[Forcing, frozenset[OfferOrigin]]] = {
    Forcing.DECLINED: frozenset({OfferOrigin.DISCARD, OfferOrigin.STOCK}),
    Forcing.DISCARDS_ONLY: frozenset(),
    Forcing.OFF: frozenset(),
}
"""Where a card passed on by a decliner comes from when the next player, now offered
it, may force it back on the decliner (R14b case b, M6 case b) if it fits his table
(R14a), under each forcing rule (V1). With two players only a turned card is passed on
(R11b); with three a discard is too. The dealer's upcard (V8) is never forced.

>>> from conquian.phases import FORCED_BACK_ORIGINS
>>> from conquian.rules import Forcing
>>> sorted(origin.value for origin in FORCED_BACK_ORIGINS[Forcing.DECLINED])
['discard', 'stock']

:meta hide-value:
"""


def may_force_back(
    rules: Rules, phase: Phase, origin: OfferOrigin | None, by: int, mover: int
) -> bool:
    """R14b case b (M6 case b), all but the fit (R14a): the card offered to ``mover`` was
    passed on to him by the player before him (:func:`forced_player`), who declined it
    (``mover`` is not the first of its round, M4), and the rules let such a card be
    forced back (V1, :data:`FORCED_BACK_ORIGINS`). With two players: the opponent turned
    it up and passed it.

    >>> from conquian import CLASSIC, TERCERILLA
    >>> from conquian.phases import OfferOrigin, Phase, may_force_back
    >>> may_force_back(CLASSIC, Phase.OFFER, OfferOrigin.STOCK, 1, 0)
    True
    >>> may_force_back(TERCERILLA, Phase.OFFER, OfferOrigin.DISCARD, 0, 2)
    True
    """
    return (
        phase is PHASE_OFFER
        and by != mover
        and origin in FORCED_BACK_ORIGINS[rules.forcing]
        and mover != first_offered(origin, by, rules.players)
    )


# The hot-path form of may_force_back for the engine's legal moves with two players,
# built from it here: ``FORCES_BACK_BY_ID[id(rules.forcing)]``, whether a card the
# opponent turned up from the stock and passed may be forced back on him under that
# forcing rule (R14b case b, V1), keyed by identity as FORCED_ORIGINS_BY_ID is (with two
# players no other card is passed on). legality.legal_moves reads it after its quick
# tests of the offer (passed by the opponent, from the stock) and then asks the fit
# itself: one look-up where may_force made two calls, 0.9% fewer instructions in random
# self-play (callgrind, 200 games).
FORCES_BACK_BY_ID: Final[Mapping[int, bool]] = {
    id(forcing): may_force_back(Rules(forcing=forcing), PHASE_OFFER, ORIGIN_STOCK, 0, 1)
    for forcing in Forcing
}


# The hot-path form of may_force_back for the engine's legal moves with three players,
# built from it here: ``FORCED_BACK_SEATS[id(rules.forcing)][id(origin)][by][mover]`` is
# the player the card offered to ``mover`` may be forced back on (M6 case b,
# forced_player) if it fits his table, or PASSED_ON (-1) if it may not: one look-up
# where may_force_back makes a call and hashes two enum members.
FORCED_BACK_SEATS: Final[Mapping[int, Mapping[int, tuple[tuple[int, ...], ...]]]] = {
    id(forcing): {
        id(origin): tuple(
            tuple(
                forced_player(mover, MAX_PLAYERS)
                if may_force_back(
                    Rules(players=MAX_PLAYERS, forcing=forcing), PHASE_OFFER, origin, by, mover
                )
                else PASSED_ON
                for mover in range(MAX_PLAYERS)
            )
            for by in range(MAX_PLAYERS)
        )
        for origin in OfferOrigin
    }
    for forcing in Forcing
}


def stock_out_outcome(rules: Rules, hand_sizes: tuple[int, ...]) -> Outcome:
    """How a game ends when a card dies and the stock is empty (R15, M8): a draw, or under
    ``stock_out: fewest_cards`` a win for the one player with the fewest cards in hand
    (a tie for fewest is a draw).

    >>> from conquian import Rules
    >>> from conquian.phases import stock_out_outcome
    >>> print(stock_out_outcome(Rules(stock_out="fewest_cards"), (3, 1, 4)))
    player 1 held the fewest cards when the stock ran out (M8)
    >>> print(stock_out_outcome(Rules(), (3, 1)))
    drawn (R15)
    """
    if rules.stock_out is STOCK_OUT_DRAW:
        return DRAWN
    fewest = min(hand_sizes)
    holders = [player for player, size in enumerate(hand_sizes) if size == fewest]
    return FEWEST_CARDS[holders[0]] if len(holders) == 1 else DRAWN


def may_lay_down_on(rules: Rules, origin: OfferOrigin | None, by: int, mover: int) -> bool:
    """V3, from the offer alone: ``mover`` turned up the card offered to him (the dealer's
    upcard of V8 counts: he turned it up himself), and the rules let him lay down first.

    >>> from conquian import FOSTER
    >>> from conquian.phases import OfferOrigin, may_lay_down_on
    >>> may_lay_down_on(FOSTER, OfferOrigin.STOCK, 1, 1)
    False
    """
    return rules.meld_from_hand and origin is not ORIGIN_DISCARD and by == mover


# ------------------------------------------------------------------ the exchange (M10)


def first_giver(dealer: int, players: int = 2) -> int:
    """The first player to choose his card in the opening exchange (M10): the player
    after the dealer; the others follow in seat order, the dealer last, and then the
    chosen cards change hands all at once.

    >>> from conquian.phases import first_giver
    >>> first_giver(0), first_giver(2, 3)
    (1, 0)
    """
    return (dealer + 1) % players


def receiver(giver: int, players: int = 2) -> int:
    """The player ``giver`` gives his card to in the opening exchange (M10): the next
    player (with two, they swap one card each).

    >>> from conquian.phases import receiver
    >>> receiver(1), receiver(1, 3), receiver(2, 3)
    (0, 2, 0)
    """
    return (giver + 1) % players


def gives_seen_by(viewer: int, giver: int, done: bool, players: int = 2) -> bool:
    """Whether ``viewer`` may see the card ``giver`` gave in the opening exchange (M10):
    his own, always; the one given to him, once every player has chosen (``done``: it
    is in his hand); no other, ever (a third player sees only that a card was given).

    >>> from conquian.phases import gives_seen_by
    >>> gives_seen_by(0, 2, False, 3), gives_seen_by(0, 2, True, 3), gives_seen_by(1, 2, True, 3)
    (False, True, False)
    """
    return giver == viewer or (done and receiver(giver, players) == viewer)
