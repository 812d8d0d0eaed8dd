"""Private: the position, as the engine keeps it and as text.

A :class:`~conquian.state.State` keeps its position in one tuple, whose fields are named
here (:data:`Position`, :data:`FIELDS` and one index constant per field). A position
string is one line of ``key=value`` words after a format tag; see :doc:`/notation` for
the specification. This module splits and joins the words, reads each value, checks that
they describe a position that could occur (:func:`build`, or :func:`checked_position` for
parts held as values) and builds its tuple;
:meth:`conquian.state.State.parse` wraps it in a state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

from conquian import _bits
from conquian.cards import DECK, Card, format_cards, parse_cards
from conquian.errors import ConquianError, InvalidStateError, checked_text
from conquian.melds import Meld, fits_mask
from conquian.phases import (
    DRAWN,
    FEWEST_CARDS,
    FORCED_ORIGINS,
    ORIGIN_STOCK,
    ORIGIN_UPCARD,
    WENT_OUT,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    first_giver,
    first_offered,
    forced_player,
    last_offered,
    may_force_back,
    next_player,
    stock_out_outcome,
)
from conquian.rules import Forcing, Regrouping, Rules

POSITION_TAG: Final = "conquian/1"
VIEW_TAG: Final = "conquian-view/1"
MAX_PLY: Final = 1_000
"""The largest ply a position string may give: above any reachable ply (a game of any
rule set here lasts at most 121 moves)."""
MAX_POSITION_TEXT: Final = 2_000
"""The longest position string read (a real one is under 400 characters)."""

POSITION_KEYS: Final = (
    "rules",
    "dealer",
    "ply",
    "phase",
    "to_move",
    "offer",
    "from",
    "stock",
    "hand0",
    "hand1",
    "table0",
    "table1",
    "dead",
    "result",
)
THIRD_KEYS: Final = ("hand2", "table2")
"""The fields of the third player's hand and table, in a position of three players
(M1): written after ``hand1`` and ``table1``, and only then."""
GIVEN_KEY: Final = "given"
"""The field of the cards set aside so far in the opening exchange (M10): written after
``from`` in a position of phase ``exchange``, and only then."""
OPTIONAL_KEYS: Final = (*THIRD_KEYS, GIVEN_KEY)
"""The fields a position string has only in some positions (M1, M10)."""


def position_keys(players: int) -> tuple[str, ...]:
    """The fields of a position string of ``players`` players, in the order written."""
    if players == 2:
        return POSITION_KEYS
    hands = tuple(f"hand{player}" for player in range(players))
    tables = tuple(f"table{player}" for player in range(players))
    return (*POSITION_KEYS[:8], *hands, *tables, *POSITION_KEYS[12:])


NONE: Final = "-"
_WENT_OUT: Final = OutcomeKind.WENT_OUT


def cards_text(cards: Iterable[Card]) -> str:
    """Compact cards, or ``-`` for none."""
    return "".join(map(str, cards)) or NONE


def mask_text(mask: int) -> str:
    """The cards of a mask, compact and in canonical order, or ``-``."""
    return cards_text(_bits.cards_of(mask))


def table_text(melds: Iterable[Meld]) -> str:
    """Melds joined by dots, or ``-``."""
    return ".".join(map(str, melds)) or NONE


def join(tag: str, fields: dict[str, str]) -> str:
    """The line: the tag, then ``key=value`` words in the order given."""
    return " ".join([tag, *(f"{key}={value}" for key, value in fields.items())])


def split(
    text: object, tag: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, str]:
    """Read the words of a position line: the tag, then each key exactly once, and each
    of ``optional`` at most once (the caller checks which of them the rules need)."""
    words = checked_text(text, "a position", MAX_POSITION_TEXT, InvalidStateError).split()
    if not words or words[0] != tag:
        first = words[0] if words else ""
        raise InvalidStateError(f"a position starts with {tag!r}, not {first[:40]!r}")
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, equals, value = word.partition("=")
        if not equals:
            raise InvalidStateError(f"{word[:40]!r} is not key=value")
        if key not in keys and key not in optional:
            raise InvalidStateError(f"unknown field {key[:40]!r}: the fields are {' '.join(keys)}")
        if key in fields:
            raise InvalidStateError(f"field {key!r} is given twice")
        fields[key] = value
    missing = [key for key in keys if key not in fields]
    if missing:
        raise InvalidStateError(
            f"missing field{'s' if len(missing) > 1 else ''}: {' '.join(missing)}"
        )
    return fields


def read_cards(key: str, value: str) -> tuple[Card, ...]:
    """Cards of a field (``-`` for none), each at most once."""
    if value == NONE:
        return ()
    if not value:
        raise InvalidStateError(f"{key}: write - for no cards")
    try:
        return parse_cards(value)
    except ConquianError as error:
        raise InvalidStateError(f"{key}: {error}") from None


def read_table(key: str, value: str, rules: Rules) -> tuple[Meld, ...]:
    """Melds of a table field, each valid under ``rules``."""
    if value == NONE:
        return ()
    if not value:
        raise InvalidStateError(f"{key}: write - for an empty table")
    melds = []
    for word in value.split("."):
        try:
            melds.append(Meld(word, rules=rules))
        except ConquianError as error:
            raise InvalidStateError(f"{key}: {error} (R6)") from None
    return tuple(melds)


def read_int(key: str, value: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    if (
        not value
        or value.strip("0123456789")
        or len(value) > len(str(high))
        or not low <= int(value) <= high
    ):
        raise InvalidStateError(
            f"{key} must be a whole number from {low} to {high}, not {value[:40]!r}"
        )
    return int(value)


def read_player(key: str, value: str, *, optional: bool = False, players: int = 2) -> int | None:
    """A player number (0 to ``players - 1``), or ``-`` where allowed."""
    if optional and value == NONE:
        return None
    if value not in _PLAYER_TEXTS[:players]:
        numbers = _PLAYER_TEXTS[:players]
        allowed = (
            f"{', '.join(numbers)} or -"
            if optional
            else f"{', '.join(numbers[:-1])} or {numbers[-1]}"
        )
        raise InvalidStateError(f"{key} must be {allowed}, not {value[:40]!r}")
    return int(value)


_PLAYER_TEXTS: Final = ("0", "1", "2")


def read_rules(value: str) -> Rules:
    """The rules field."""
    try:
        return Rules.parse(value)
    except ConquianError as error:
        raise InvalidStateError(f"rules: {error}") from None


# ---------------------------------------------------------------- the position tuple

# A State keeps its position in one tuple (one comparison, one hash, one allocation per
# move). Its fields, in order; code reads them by unpacking the tuple into these names,
# or through these constants.
RULES: Final = 0
DEALER: Final = 1
STOCK: Final = 2
HANDS: Final = 3
TABLES: Final = 4
DEAD: Final = 5
OFFER: Final = 6
ORIGIN: Final = 7
OFFERED_BY: Final = 8
PHASE: Final = 9
TO_MOVE: Final = 10
PLY: Final = 11
OUTCOME: Final = 12
ARRANGEMENTS: Final = 13
MELDS: Final = 14
FIELDS: Final = (
    "rules", "dealer", "stock", "hands", "tables", "dead", "offer", "origin", "offered_by",
    "phase", "to_move", "ply", "outcome", "arrangements", "melds",
)  # fmt: skip
"""The names of the position's fields, in tuple order (for :meth:`State._replace`)."""
GIVEN: Final = OFFERED_BY
"""In the opening exchange (M10) no card is offered, and the offered_by field holds
the mask of the cards set aside to give so far (each still in its giver's hand, one for
each player who has chosen): read it through this name. (A field of its own would make
every position tuple longer, for the few moves of an exchange.)"""
NO_CARD: Final = -1
"""The offer field when no card is offered (the game is over, or the opening exchange
of M10 is under way)."""
NO_PLAYER: Final = 0
"""The offered_by and to_move fields when the game is over (read ``phase`` first)."""

Position: TypeAlias = tuple[
    Rules,  # rules
    int,  # dealer
    tuple[int, ...],  # stock, top first, as card indices
    tuple[int, ...],  # hands as masks, one a player (M1)
    tuple[int, ...],  # tables as masks
    tuple[int, ...],  # dead cards, in order
    int,  # offered card index, or NO_CARD
    "OfferOrigin | None",  # where the offer came from
    int,  # who discarded or turned it (NO_PLAYER when over)
    Phase,  # phase
    int,  # player to move (NO_PLAYER when over)
    int,  # ply
    "Outcome | None",  # outcome
    "tuple[tuple[int, ...], ...] | None",  # melds of each table under V2, or None
    _bits.MeldTable,  # the engine's melds for rules.max_sequence (shared, found from rules)
]


# ---------------------------------------------------------------- writing a position


def result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return NONE
    if outcome.winner is None:
        return "draw"
    if outcome.kind is OutcomeKind.FEWEST_CARDS:
        return f"fewest:{outcome.winner}"  # M8
    return str(outcome.winner)


def write(pos: Position, tables: tuple[tuple[Meld, ...], ...]) -> str:
    """The position string of ``pos`` (see :doc:`/notation`), its tables split into
    ``tables`` as the state shows them."""
    rules, dealer, stock, hands, _, dead, offer, origin, by, phase, mover, ply, outcome, _, _ = pos
    hand_fields = {f"hand{player}": mask_text(hand) for player, hand in enumerate(hands)}
    table_fields = {f"table{player}": table_text(table) for player, table in enumerate(tables)}
    # M10: in the exchange the offered_by field is the mask of the cards set aside (GIVEN)
    given = {GIVEN_KEY: mask_text(by)} if phase is Phase.EXCHANGE else {}
    return join(
        POSITION_TAG,
        {
            "rules": rules.to_notation(),
            "dealer": str(dealer),
            "ply": str(ply),
            "phase": phase.value,
            "to_move": NONE if phase is Phase.OVER else str(mover),
            "offer": NONE if offer == NO_CARD else str(DECK[offer]),
            "from": NONE if origin is None else f"{origin.value}:{by}",
            **given,
            "stock": cards_text(DECK[i] for i in stock),
            **hand_fields,
            **table_fields,
            "dead": cards_text(DECK[i] for i in dead),
            "result": result_text(outcome),
        },
    )


# ---------------------------------------------------------------- reading a position


def build(fields: dict[str, str], rules: Rules) -> Position:
    """Check that position fields describe a position that could occur, and build its
    tuple (the caller makes the State)."""
    players = rules.players
    for key in THIRD_KEYS:  # M1: a hand and a table a player, no more, no fewer
        if players == 2 and key in fields:
            raise InvalidStateError(
                f"field {key!r} is for a third player, and the rules are for two (M1)"
            )
        if players == 3 and key not in fields:
            raise InvalidStateError(f"missing field: {key} (the rules are for three, M1)")
    dealer = read_player("dealer", fields["dealer"], players=players)
    assert dealer is not None
    ply = read_int("ply", fields["ply"], 0, MAX_PLY)
    try:
        phase = Phase(fields["phase"])
    except ValueError:
        names = ", ".join(p.value for p in Phase)
        raise InvalidStateError(
            f"phase must be one of {names}, not {fields['phase'][:40]!r}"
        ) from None
    to_move = read_player("to_move", fields["to_move"], optional=True, players=players)
    offer_cards = read_cards("offer", fields["offer"])
    if len(offer_cards) > 1:
        raise InvalidStateError("offer: at most one card is offered")
    origin, offered_by = read_origin(fields["from"], players)
    stock = read_cards("stock", fields["stock"])
    seats = range(players)
    hands = tuple(read_cards(f"hand{p}", fields[f"hand{p}"]) for p in seats)
    tables = tuple(read_table(f"table{p}", fields[f"table{p}"], rules) for p in seats)
    dead = read_cards("dead", fields["dead"])
    outcome = read_result(fields["result"], players)
    given = read_given(fields, phase)

    places: dict[Card, list[str]] = {}
    for name, cards in (
        ("offer", offer_cards),
        ("stock", stock),
        *((f"hand{p}", hands[p]) for p in seats),
        *((f"table{p}", tuple(c for meld in tables[p] for c in meld)) for p in seats),
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
    return checked_position(
        rules,
        (dealer, ply, to_move),
        phase,
        (
            offer_cards[0].index if offer_cards else NO_CARD,
            origin,
            offered_by if given is None else given,
        ),
        (
            tuple(card.index for card in stock),
            tuple(_bits.mask_of(hand) for hand in hands),
            tuple(_bits.mask_of(c for meld in table for c in meld) for table in tables),
            tuple(card.index for card in dead),
        ),
        tables,
        outcome,
    )


def read_given(fields: dict[str, str], phase: Phase) -> int | None:
    """The mask of the ``given`` field (M10), which a position has in phase exchange and
    only then; ``None`` in any other phase."""
    if phase is not Phase.EXCHANGE:
        if GIVEN_KEY in fields:
            raise InvalidStateError(
                f"field {GIVEN_KEY!r} is for the opening exchange, and the phase is "
                f"{phase.value} (M10)"
            )
        return None
    if GIVEN_KEY not in fields:
        raise InvalidStateError(f"missing field: {GIVEN_KEY} (the phase is exchange, M10)")
    return _bits.mask_of(read_cards(GIVEN_KEY, fields[GIVEN_KEY]))


def exchange_position(
    rules: Rules,
    numbers: tuple[int, int, int | None],
    offer: tuple[int, OfferOrigin | None, int],
    cards: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    outcome: Outcome | None,
) -> Position:
    """Check a position of the opening exchange (M10) and build its tuple (for
    :func:`checked_position`): under ``exchange`` rules, before any card is offered,
    laid or dead; the players from the one after the dealer up to the player to move
    have each set one card of his hand aside (``offer``'s third item, the mask of those
    cards), and the ply counts their gives."""
    dealer, ply, to_move = numbers
    offer_index, origin, given = offer
    stock, hand_masks, table_masks, dead = cards
    players = rules.players
    if not rules.exchange:
        raise InvalidStateError("phase exchange needs rules with exchange:true (M10)")
    if to_move is None or outcome is not None or offer_index != NO_CARD or origin is not None:
        raise InvalidStateError(
            "in the opening exchange a player is to move, and no card is offered yet (M10)"
        )
    if any(table_masks) or dead:
        raise InvalidStateError("in the opening exchange no card is on a table or dead (M10)")
    if len(hand_masks) != players:
        raise InvalidStateError(f"the rules are for {players} players: a hand and a table each")
    for player, hand in enumerate(hand_masks):
        if hand.bit_count() != rules.hand_size:
            raise InvalidStateError(
                f"player {player} holds {hand.bit_count()} cards in the opening exchange, "
                f"not the {rules.hand_size} dealt (M10)"
            )
    chosen = (to_move - first_giver(dealer, players)) % players
    if ply != chosen:
        raise InvalidStateError(
            f"ply {ply} is not the {chosen} gives made before player {to_move} chooses (M10)"
        )
    for step in range(players):
        player = (first_giver(dealer, players) + step) % players
        set_aside = (given & hand_masks[player]).bit_count()
        if set_aside != (step < chosen):
            raise InvalidStateError(
                f"given: player {player} has set {set_aside} cards aside; one card for each "
                f"player who has chosen, from player {first_giver(dealer, players)} to "
                f"player {to_move}, and none for the others (M10)"
            )
    if given & ~sum(hand_masks):
        raise InvalidStateError("given: a card set aside stays in its giver's hand (M10)")
    arrangements = None if rules.regrouping is Regrouping.FREE else ((),) * players
    return (
        rules, dealer, stock, hand_masks, table_masks, dead, NO_CARD, None, given,
        Phase.EXCHANGE, to_move, ply, None, arrangements, _bits.meld_table(rules.max_sequence),
    )  # fmt: skip


def checked_position(
    rules: Rules,
    numbers: tuple[int, int, int | None],
    phase: Phase,
    offer: tuple[int, OfferOrigin | None, int],
    cards: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    tables: tuple[tuple[Meld, ...], ...],
    outcome: Outcome | None,
) -> Position:
    """Check that the parts of a position describe a position that could occur, and
    build its tuple: the second half of :func:`build`, for a caller that holds the parts
    as values (an observation's stand-in) rather than as text. ``numbers`` are (dealer,
    ply, to_move), ``offer`` is (card index or :data:`NO_CARD`, origin, offered by: 0 when
    the origin is ``None``; in phase exchange the mask of the cards set aside, M10),
    ``cards`` are (stock indices top first, hand masks, table
    masks, dead indices in order), ``tables`` each player's melds, each valid under
    ``rules``; every card is in exactly one of these places (the caller checks it)."""
    if phase is Phase.EXCHANGE:
        return exchange_position(rules, numbers, offer, cards, outcome)
    dealer, ply, to_move = numbers
    offer_index, origin, offered_by = offer
    stock, hand_masks, table_masks, dead = cards
    over = phase is Phase.OVER
    if over != (outcome is not None):
        raise InvalidStateError("phase over and a result go together (R15, R16)")
    if over and (offer_index != NO_CARD or origin is not None or to_move is not None):
        raise InvalidStateError("a finished game has no offer, no origin and no player to move")
    if not over and (offer_index == NO_CARD or origin is None or to_move is None):
        raise InvalidStateError(
            f"phase {phase.value} needs an offered card, its origin and a player to move"
        )
    players = rules.players
    if len(hand_masks) != players or len(table_masks) != players or len(tables) != players:
        raise InvalidStateError(f"the rules are for {players} players: a hand and a table each")
    for player in range(players):
        won = outcome is not None and outcome.winner == player and outcome.kind is _WENT_OUT
        on_table = table_masks[player].bit_count()
        if won and (on_table != rules.cards_to_go_out or hand_masks[player]):
            raise InvalidStateError(
                f"player {player} went out, so his table holds {rules.cards_to_go_out} cards "
                "and his hand none (R16)"
            )
        in_hand = hand_masks[player].bit_count()
        if not won and in_hand + on_table != rules.hand_size:
            raise InvalidStateError(
                f"player {player} holds {in_hand} in hand and {on_table} on the "
                f"table; the two always make {rules.hand_size} (R14)"
            )
    if outcome is not None and outcome.winner is None and stock:
        raise InvalidStateError("a drawn game has an empty stock (R15)")
    if outcome is not None and outcome.kind is not _WENT_OUT:
        expected = stock_out_outcome(rules, tuple(hand.bit_count() for hand in hand_masks))
        if outcome != expected or stock:
            raise InvalidStateError(
                f"the stock ran out with rules stock_out:{rules.stock_out.value} and hand "
                f"sizes {', '.join(str(hand.bit_count()) for hand in hand_masks)}, so the "
                f"game ends {expected}, not {outcome} (R15, M8)"
            )
    if ply < len(dead):
        raise InvalidStateError(f"ply {ply} is too small for {len(dead)} dead cards")
    arrangements = None
    if rules.regrouping is not Regrouping.FREE:
        arrangements = tuple(_bits.arrangement(meld.mask for meld in table) for table in tables)
    if not over:
        assert to_move is not None
        assert origin is not None
        _check_offer(
            phase, to_move, origin, offered_by, offer_index, table_masks, arrangements, rules
        )
        _check_long_meld_force(
            phase, to_move, offer_index, hand_masks, table_masks, arrangements, rules
        )
        # V8: the upcard comes before any card dies or is laid, except that with V3 the
        # dealer, offered his own upcard, may have laid cards down.
        dealer_laid = rules.meld_from_hand and to_move == dealer
        others_laid = any(table for p, table in enumerate(table_masks) if p != dealer)
        if origin is OfferOrigin.UPCARD and (
            not rules.initial_upcard
            or offered_by != dealer
            or others_laid
            or (table_masks[dealer] and not dealer_laid)
            or dead
            or phase is not Phase.OFFER
        ):
            raise InvalidStateError(
                "an upcard is the dealer's first card, offered before any card is laid or "
                "dead, under initial_upcard rules (V8)"
            )
    offers_left = (
        0
        if to_move is None or phase is not Phase.OFFER
        else (to_move - first_offered(origin, offered_by, players)) % players
    )
    in_hands = sum(hand.bit_count() for hand in hand_masks)
    left = plies_left_bound(len(stock), in_hands, phase, offers_left, players, origin)
    if ply + left > MAX_PLY:
        raise InvalidStateError(
            f"ply {ply} is too large: a game at this point may last {left} more moves, "
            f"and plies go up to {MAX_PLY}, so this ply is at most {MAX_PLY - left}"
        )
    return (
        rules, dealer, stock, hand_masks, table_masks, dead, offer_index, origin,
        offered_by if not over else NO_PLAYER, phase, NO_PLAYER if to_move is None else to_move,
        ply,
        outcome, arrangements, _bits.meld_table(rules.max_sequence),
    )  # fmt: skip


def plies_left_bound(
    stock: int,
    hand_cards: int,
    phase: Phase,
    answers: int,
    players: int = 2,
    origin: OfferOrigin | None = OfferOrigin.STOCK,
) -> int:
    """More than the moves a game can still last: ``players + 2`` per stock card
    (``players`` answers, a force decision and a forced take: 4 with two), ``players + 1``
    per hand card (3 with two), and for the offered card the same weight less the
    ``answers`` its round has had (M4; a discard counts as a hand card), or 2 in a force
    decision and 1 in a forced take. Every move lowers it by at least 1 (a take or
    lay-down puts a card on a table, a discard swaps a hand card's weight for an offered
    discard's equal weight after the taken card's weight is gone, a decline or release
    that kills the offer turns a stock card's weight into an offer's, and a pass, force
    or decline that keeps the card moves it down one answer, then 2 > 1), so a position
    read with ``ply + bound <= MAX_PLY`` never leads to one whose ply is refused."""
    if phase is Phase.OVER:
        return 0
    per_stock, per_hand = players + 2, players + 1
    if phase is Phase.FORCED_TAKE:
        offered = 1
    elif phase is Phase.FORCE_DECISION:
        offered = 2
    else:  # R11, M4: the round of offers so far
        offered = (per_hand if origin is OfferOrigin.DISCARD else per_stock) - answers
    return per_stock * stock + per_hand * hand_cards + offered


def read_origin(text: str, players: int = 2) -> tuple[OfferOrigin | None, int]:
    if text == NONE:
        return None, 0
    kind, colon, player = text.partition(":")
    try:
        origin = OfferOrigin(kind)
    except ValueError:
        origin = None
    if origin is None or not colon or player not in _PLAYER_TEXTS[:players]:
        raise InvalidStateError(
            f"from must be stock:P, discard:P, upcard:P or -, P a player from 0 to "
            f"{players - 1}, not {text[:40]!r}"
            if players != 2
            else f"from must be stock:P, discard:P, upcard:P or -, not {text[:40]!r}"
        )
    return origin, int(player)


def read_result(text: str, players: int = 2) -> Outcome | None:
    if text == NONE:
        return None
    if text == "draw":
        return DRAWN
    if text in _PLAYER_TEXTS[:players]:
        return WENT_OUT[int(text)]
    kind, colon, winner = text.partition(":")
    if kind == "fewest" and colon and winner in _PLAYER_TEXTS[:players]:
        return FEWEST_CARDS[int(winner)]  # M8
    if players == 2:
        raise InvalidStateError(
            f"result must be 0, 1, fewest:0, fewest:1, draw or -, not {text[:40]!r}"
        )
    raise InvalidStateError(
        f"result must be a player (0 to {players - 1}), fewest: and a player, draw or -, "
        f"not {text[:40]!r}"
    )


def first_offer(rules: Rules, dealer: int) -> tuple[OfferOrigin, int]:
    """Where the first offered card of a game comes from, and who turned it up: the
    player after the dealer turns the top stock card (R10, M2), or the dealer his upcard
    (V8)."""
    if rules.initial_upcard:
        return ORIGIN_UPCARD, dealer
    return ORIGIN_STOCK, next_player(dealer, rules.players)


def offer_problem(
    phase: Phase, to_move: int, origin: OfferOrigin, offered_by: int, card: Card, rules: Rules
) -> str | None:
    """Why the phase machine cannot reach this offer of ``card`` whatever the tables, or
    ``None`` if it can (R11, R14b, V1): the part of a position's check that needs no
    table, also applied to each entry of an observation's history."""
    if phase is Phase.OFFER:
        if origin is OfferOrigin.DISCARD and offered_by == to_move:
            return f"{card} is player {to_move}'s own discard, offered to him"
        return None
    forcing = rules.forcing
    forced_origins = FORCED_ORIGINS[forcing]  # R14b case a (V1)
    if not forced_origins:
        return f"phase {phase.value} cannot occur with forcing {forcing.value} (V1)"
    if phase is Phase.FORCE_DECISION:
        if offered_by != to_move:
            return f"in a force decision the card came from the forcer, player {to_move} (R14b)"
        if origin not in forced_origins:
            return _not_forced(forcing, forced_origins)
        return None
    # FORCED_TAKE: forced after a decline (case a), or a passed card forced back (case b,
    # M6): the forcer is the player after him; case a when the forcer is the offerer.
    players = rules.players
    forcer = next_player(to_move, players)
    if origin is OfferOrigin.UPCARD and offered_by != to_move:
        return _not_forced(forcing, forced_origins)  # V8: never forced
    if offered_by == to_move and origin is not OfferOrigin.STOCK:
        return f"player {to_move} cannot be forced to take his own discard"
    if forcer == offered_by and to_move == last_offered(origin, offered_by, players):
        if origin not in forced_origins:  # case a
            return _not_forced(forcing, forced_origins)
    elif not may_force_back(rules, Phase.OFFER, origin, offered_by, forcer):  # case b
        return "only forcing declined lets a passed card be forced back (V1)"
    return None


_ORIGIN_WORDS: Final = {
    OfferOrigin.DISCARD: "a discard",
    OfferOrigin.STOCK: "a card turned up from the stock",
    OfferOrigin.UPCARD: "an upcard",
}


def _not_forced(forcing: Forcing, origins: frozenset[OfferOrigin]) -> str:
    """Why a card of an origin not in ``origins`` is not forced (R14b case a, V1)."""
    kinds = " or ".join(sorted(_ORIGIN_WORDS[origin] for origin in origins))
    return f"with forcing {forcing.value}, only {kinds} is forced (V1)"


def _check_long_meld_force(
    phase: Phase,
    to_move: int,
    offer: int,
    hands: Sequence[int],
    tables: Sequence[int],
    arrangements: tuple[tuple[int, ...], ...] | None,
    rules: Rules,
) -> None:
    """M12: a card forced on a player with an empty hand, who takes it only by going out,
    gives him the long meld going out needs (else it is not forced on him)."""
    least = rules.long_meld
    if phase is Phase.OFFER or least is None:
        return
    forced = forced_player(to_move, rules.players) if phase is Phase.FORCE_DECISION else to_move
    if hands[forced]:
        return
    arrangement = None if arrangements is None else arrangements[forced]
    borrow = rules.regrouping is Regrouping.BORROW
    melds = _bits.meld_table(rules.max_sequence)
    if not melds.holds_long_meld(tables[forced], 1 << offer, arrangement, borrow, least):
        raise InvalidStateError(
            f"{DECK[offer]} is forced on player {forced}, whose hand is empty, but he "
            f"could take it only by going out, without a meld of {least} cards (M12)"
        )


def _check_offer(
    phase: Phase,
    to_move: int,
    origin: OfferOrigin,
    offered_by: int,
    offer: int,
    tables: tuple[int, ...],
    arrangements: tuple[tuple[int, ...], ...] | None,
    rules: Rules,
) -> None:
    """The offer and the phase must be one the phase machine can reach, with the tables
    ``tables`` (masks), arranged as ``arrangements`` under regrouping borrow or none."""
    card = DECK[offer]

    if origin is OfferOrigin.DISCARD and not tables[offered_by]:
        raise InvalidStateError(
            f"{card} is player {offered_by}'s discard, but a discard follows a take and "
            f"his table is empty (R11)"
        )
    problem = offer_problem(phase, to_move, origin, offered_by, card, rules)
    if problem is not None:
        raise InvalidStateError(problem)
    if phase is Phase.OFFER:
        return
    # R14a: a forced card fits the table of the player it is forced on.
    forced = forced_player(to_move, rules.players) if phase is Phase.FORCE_DECISION else to_move
    melds = _bits.meld_table(rules.max_sequence)
    arrangement = None if arrangements is None else arrangements[forced]
    if not fits_mask(melds, tables[forced], offer, arrangement, rules):
        raise InvalidStateError(
            f"{card} does not fit player {forced}'s table, so it cannot be forced (R14a)"
        )
