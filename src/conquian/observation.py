"""What one player may know of a game: the view a bot or a front end is given.

>>> from conquian import State
>>> view = State.new(seed=7).observation(0)
>>> view.player, len(view.hand), view.stock_size
(0, 10, 19)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, NamedTuple, TypeAlias, TypeGuard

import attrs

from conquian import _bits, _position, views
from conquian._position import Position
from conquian.builder import TakeBuilder
from conquian.cards import DECK, Card, sorted_cards
from conquian.errors import (
    ConquianError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidStateError,
    describe,
    player_range,
    warn_renamed,
)
from conquian.legality import (
    SECOND_PERSON,
    check_move,
    legal_moves,
    start_builder,
)
from conquian.melds import Meld
from conquian.moves import Decline, Give, LegalMoves, Move, MoveTuple, parse_move
from conquian.phases import OfferOrigin, Outcome, Phase, Played, first_giver, gives_seen_by
from conquian.rules import Rules

__all__ = [
    "HIDDEN_GIVE",
    "Observation",
    "SeenCards",
    "declined_cards",
    "hide_gives",
    "seen_cards",
]

_NO_MOVES: Final = MoveTuple(())
_ALL_CARDS: Final = (1 << len(DECK)) - 1
_COUNT_WORDS: Final = {2: "two", 3: "three"}


@attrs.frozen
class Observation:
    """What one player may know of a game (what a bot or a front end is given).

    It holds the player's own hand, every player's table, the offered card and where it
    came from, the dead cards (each was seen face up), the stock size, every hand size,
    the phase, whose decision it is and the public history — and nothing else: not the
    other players' hands, not the stock order. Equal observations mean the same
    knowledge. ``tables`` and ``hand_sizes`` have one item a player (M1); so has
    :attr:`declined`, what each player has been seen to decline, read from the history.

    In the opening exchange (M10) it holds the card this player has set aside to give
    (``given``); its history shows his own give, and once every player has chosen the
    give that came to him, and every other give as ``Give(None)`` (``give ?``).

    Its questions (legal moves, legality, refusals, builders) are answered from a
    stand-in position built from its values, so one made by hand (``attrs.evolve``) must
    hold what :meth:`State.observation <conquian.state.State.observation>` and
    :meth:`from_dict` make; anything else (a list for a tuple, a card as text, a card in
    two places) is refused with an :class:`~conquian.errors.InvalidStateError` that names
    the field, the card or the count.

    >>> import attrs
    >>> from conquian import State
    >>> view = State.new(seed=7).observation(1)
    >>> attrs.evolve(view, offer="4d").is_legal("decline")
    Traceback (most recent call last):
      ...
    conquian.errors.InvalidStateError: the observation's offer must be a Card or None, not '4d'
    """

    player: int
    rules: Rules
    dealer: int
    phase: Phase
    to_move: int | None
    hand: frozenset[Card]
    hand_sizes: tuple[int, ...]
    tables: tuple[tuple[Meld, ...], ...]
    offer: Card | None
    offer_origin: OfferOrigin | None
    offered_by: int | None
    dead: tuple[Card, ...]
    stock_size: int
    ply: int
    history: tuple[Played, ...]
    outcome: Outcome | None
    given: Card | None = None
    """The card this player has set aside to give in the opening exchange (M10), while
    the exchange lasts; else ``None``."""

    def to_notation(self) -> str:
        """The observation as one line, in the position-string style but with only what
        this player may know (see :doc:`/notation`); the history is not included.

        >>> from conquian import State
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
                **(
                    {_position.GIVEN_KEY: "-" if self.given is None else str(self.given)}
                    if self.phase is Phase.EXCHANGE
                    else {}
                ),
                "stock_size": str(self.stock_size),
                "hand": _position.cards_text(sorted_cards(self.hand)),
                "hand_sizes": ",".join(map(str, self.hand_sizes)),
                **{
                    f"table{player}": _position.table_text(table)
                    for player, table in enumerate(self.tables)
                },
                "dead": _position.cards_text(self.dead),
                "result": _position.result_text(self.outcome),
            },
        )

    def __str__(self) -> str:
        return self.to_notation()

    def _repr_svg_(self) -> str:
        """The player's view as a picture, for Jupyter (see :mod:`conquian.svg`)."""
        from conquian import svg  # lazily: the drawing layer sits above this one

        return svg.position(self)

    def _stand_in(self) -> Position:
        """A position this could be a view of, the unseen cards dealt in deck order: its
        legal moves for this player are the true position's.

        It is built from the observation's values by one builder (:func:`_stand_in_parts`),
        which refuses a value that :meth:`State.observation
        <conquian.state.State.observation>` and :meth:`from_dict` do not make (a list
        where a tuple belongs, a card as text, ``True`` for a player) with an
        :class:`~conquian.errors.InvalidStateError` naming the field. Building it from the
        values rather than writing the fields as text and reading them back made
        ``legal_moves()`` and ``is_legal()`` about 100 µs faster mid-game (7 to 9 µs now).
        """
        return stand_in_position(self)

    def legal_moves(self) -> LegalMoves:
        """The moves this player may make now: the state's legal moves when it is his
        turn, else none. They depend only on what he sees.

        Raises:
            InvalidStateError: It is this player's turn and the observation is of no
                position that could occur, or holds a value that :meth:`State.observation
                <conquian.state.State.observation>` does not make (a list for a tuple, a
                card as text); the message names the field, the card or the count.

        >>> from conquian import State
        >>> state = State.new(seed=7)
        >>> state.observation(1).legal_moves() == state.legal_moves()
        True
        >>> len(state.observation(0).legal_moves())
        0
        """
        if self.to_move != self.player:
            return _NO_MOVES
        return legal_moves(self._stand_in())

    def is_legal(self, move: Move | str) -> bool:
        """Whether this player may make ``move`` (a move or its notation) now.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.
        """
        if isinstance(move, str):
            move = parse_move(move)
        return self.to_move == self.player and self.refusal(move) is None

    def explain_illegal(self, move: Move | str) -> str | None:
        """Why this player may not make ``move`` (a move or its notation) now, as a
        sentence addressed to him, or ``None`` if he may: what
        :meth:`State.explain_illegal <conquian.state.State.explain_illegal>` says to the
        player to move, from what he sees.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.

        >>> from conquian import State
        >>> view = State.new(seed=0).observation(1)
        >>> view.explain_illegal("take +3d -Kh")
        'the table would not split into melds: 3d 4d (R6)'
        >>> view.explain_illegal("decline") is None
        True
        >>> State.new(seed=0).observation(0).explain_illegal("decline")
        "it is not player 0's turn: it is player 1's turn"
        """
        error = self.refusal(move)
        return None if error is None else str(error)

    def refusal(self, move: Move | str) -> IllegalMoveError | None:
        """The error that refuses ``move`` (a move or its notation) to this player now,
        or ``None`` if he may make it: what :meth:`State.refusal
        <conquian.state.State.refusal>` gives the player to move, from what he sees. Its
        :attr:`~conquian.errors.IllegalMoveError.problem` says why, for a program.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.

        >>> from conquian import State
        >>> view = State.new(seed=0).observation(0)
        >>> view.refusal("decline").problem
        <MoveProblem.NOT_YOUR_TURN: 'not_your_turn'>
        """
        if isinstance(move, str):
            move = parse_move(move)
        try:
            check_move(self._stand_in(), move, self.player, SECOND_PERSON)
        except IllegalMoveError as error:
            return error
        return None

    def take_builder(self) -> TakeBuilder:
        """A :class:`~conquian.builder.TakeBuilder` for this player's take, for a front end
        that holds only its observation.

        Raises:
            IllegalMoveError: It is not this player's turn, or no card is offered to take.
        """
        return self._builder(lay_down=False)

    def lay_down_builder(self) -> TakeBuilder:
        """A :class:`~conquian.builder.TakeBuilder` for this player's lay-down (V3),
        finished with :meth:`~conquian.builder.TakeBuilder.lay_down`, for a front end that
        holds only its observation.

        Raises:
            IllegalMoveError: It is not this player's turn, or no lay-down is legal now.
        """
        return self._builder(lay_down=True)

    def _builder(self, *, lay_down: bool) -> TakeBuilder:
        pos = self._stand_in()  # first: it refuses an odd player before he is read
        table = self.tables[self.player]
        return start_builder(pos, self.player, SECOND_PERSON, self.hand, table, lay_down=lay_down)

    def to_dict(self) -> dict[str, Any]:
        """The observation as JSON-ready data, described by
        :data:`~conquian.views.OBSERVATION_SCHEMA` (see :mod:`conquian.views`).

        >>> from conquian import State
        >>> view = State.new(seed=7).observation(0)
        >>> Observation.from_dict(view.to_dict()) == view
        True
        """
        return views.observation_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> Observation:
        """The observation of :meth:`to_dict` data, checked: it must be a view of a
        position that could occur, and its history one that leads there under its rules
        (each entry a move its offer allows, following from the one before as the game
        goes on, the last leading to the position, and the dead pile ending with the
        cards that died in it). A field :meth:`to_dict` does not write, or a move's
        structured fields or an entry's fate that disagree with the move's text, are
        refused too, and so is a ``declined`` field that is not what the history shows
        (the field may be left out: it is read from the history; data written before it
        was added still reads).

        Raises:
            InvalidStateError: The data is not an observation; the message names the field.
        """
        observation = cls(**views.read_observation(data))
        observation._stand_in()  # a view of no position that could occur is refused
        views.check_as_written(data, observation.to_dict, "an observation")
        views.check_declined(data, observation.declined)
        return observation

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R15, R16)."""
        return self.outcome is not None

    @property
    def opponent(self) -> int:
        """The other player, in a two-player game.

        Raises:
            ConquianError: The game has three players (read :attr:`opponents`).
        """
        if self.rules.players != 2:
            raise ConquianError(
                "a game of three players has two opponents: read Observation.opponents (M1)"
            )
        return 1 - self.player

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other players, in the order of play from this player (M1).

        >>> from conquian import State, TERCERILLA
        >>> State.new(seed=7, rules=TERCERILLA).observation(1).opponents
        (2, 0)
        """
        players = self.rules.players
        return tuple((self.player + step) % players for step in range(1, players))

    @property
    def declined(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each player has been seen to decline, one tuple a player (M1), each
        in the order declined: the offered card of every :class:`~conquian.moves.Decline`
        in ``history`` (passed on, declined and dead, or declined and then forced
        back on him, M6: he was seen to decline it all the same). A
        :class:`~conquian.moves.Release` is not a decline (the offerer lets a card die
        that another declined, R14b), nor is a :class:`~conquian.moves.Force`.

        Every decline is made face up before every player, so this shows nothing hidden;
        it is read from the history alone, so a history that does not start at the deal
        shows only its own declines, and equal histories show the same.

        >>> from conquian import State, TERCERILLA
        >>> state = State.new(seed=7, rules=TERCERILLA).apply("decline")
        >>> state.observation(0).declined
        ((), (Card.parse('6c'),), ())
        """
        return declined_cards(self.history, self.rules.players)

    @property
    def unseen(self) -> frozenset[Card]:
        """Cards this player has not seen (the other players' hands and the stock)."""
        seen: set[Card] = set(self.hand)
        for table in self.tables:
            for meld in table:
                seen.update(meld.cards)
        seen.update(self.dead)
        if self.offer is not None:
            seen.add(self.offer)
        return frozenset(DECK) - seen


def declined_cards(history: Iterable[Played], players: int) -> tuple[tuple[Card, ...], ...]:
    """The offered cards of the declines in ``history``, one tuple a player of
    ``players``, in the order made (:attr:`Observation.declined`)."""
    declined: list[list[Card]] = [[] for _ in range(players)]
    for entry in history:
        if isinstance(entry.move, Decline) and entry.offer is not None:  # a decline has one
            declined[entry.player].append(entry.offer)
    return tuple(map(tuple, declined))


def stand_in_position(view: Observation) -> Position:
    """The position of :meth:`Observation._stand_in`, for the modules that build a State
    from it (:func:`conquian.state.stand_in`).

    Raises:
        InvalidStateError: The observation is of no position that could occur, or one of
            its values is not what :meth:`State.observation
            <conquian.state.State.observation>` and :meth:`Observation.from_dict` make;
            the message names the field, the card or the count.
    """
    return _position.checked_position(*_stand_in_parts(view))


_StandInParts: TypeAlias = tuple[
    Rules,
    tuple[int, int, int | None],
    Phase,
    tuple[int, OfferOrigin | None, int],
    tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    tuple[tuple[Meld, ...], ...],
    Outcome | None,
]
"""The arguments of :func:`conquian._position.checked_position`."""


def _is_player(value: object, players: int = 2) -> TypeGuard[int]:
    """Whether ``value`` is the int 0 to ``players - 1`` (not ``True``, not ``1.0``)."""
    return isinstance(value, int) and value.__class__ is int and 0 <= value < players


def _wrong(field: str, wanted: str, value: object) -> InvalidStateError:
    """The refusal of an observation whose ``field`` is not ``wanted``."""
    return InvalidStateError(f"the observation's {field} must be {wanted}, not {describe(value)}")


def _stand_in_parts(view: Observation) -> _StandInParts:
    """The parts of the position ``view`` could be a view of, from its values: the one
    builder of the stand-in, which every question an observation answers reads.

    It deals the unseen cards in deck order, the lowest to the opponents' hands (in seat
    order) and the rest to the stock; nothing here reads a hidden card, and the
    observing player's legal moves do not depend on them.

    Only values as :meth:`State.observation <conquian.state.State.observation>` and
    :meth:`Observation.from_dict` make them are read: ints (not ``True``), a ``frozenset``
    hand, tuples (not lists), :class:`~conquian.cards.Card` and
    :class:`~conquian.melds.Meld` values (not their text), each card once. Anything else
    is refused, not normalised: a list in a frozen observation makes it unhashable and
    unequal to the same knowledge from the game, so reading it here would hide a defect
    in the caller; the message says what to pass.

    Raises:
        InvalidStateError: A value is not what an observation holds (the message names
            the field and the value), a meld is not a meld under the rules, a card is in
            two places (the message names the card and the places), or the unseen cards
            are not as many as the opponent's hand and the stock (the message gives the
            counts).
    """
    player, rules, dealer, ply = view.player, view.rules, view.dealer, view.ply
    phase, to_move, offer, origin = view.phase, view.to_move, view.offer, view.offer_origin
    offered_by, outcome, hand, tables = view.offered_by, view.outcome, view.hand, view.tables
    hand_sizes, stock_size, dead = view.hand_sizes, view.stock_size, view.dead
    if rules.__class__ is not Rules:
        raise _wrong("rules", "a Rules value", rules)
    players = rules.players
    numbers = player_range(players)
    if not _is_player(player, players):
        raise _wrong("player", numbers, player)
    if not _is_player(dealer, players):
        raise _wrong("dealer", numbers, dealer)
    if ply.__class__ is not int or not 0 <= ply <= _position.MAX_PLY:
        raise _wrong("ply", f"a whole number from 0 to {_position.MAX_PLY}", ply)
    if phase.__class__ is not Phase:
        raise _wrong("phase", "a Phase", phase)
    if to_move is not None and not _is_player(to_move, players):
        raise _wrong("to_move", f"{numbers.replace(' or ', ', ')} or None", to_move)
    if outcome is not None and outcome.__class__ is not Outcome:
        raise _wrong("outcome", "an Outcome or None", outcome)
    if hand.__class__ is not frozenset:
        raise _wrong("hand", "a frozenset of cards", hand)
    if dead.__class__ is not tuple:
        raise _wrong("dead", "a tuple of cards", dead)
    count = _COUNT_WORDS[players]
    if tables.__class__ is not tuple or len(tables) != players:
        raise _wrong("tables", f"a tuple of {count} tables", tables)
    if hand_sizes.__class__ is not tuple or len(hand_sizes) != players:
        raise _wrong("hand_sizes", f"a tuple of {count} whole numbers", hand_sizes)
    if stock_size.__class__ is not int or stock_size < 0:
        raise _wrong("stock_size", "a whole number", stock_size)
    opponents = [seat for seat in range(players) if seat != player]
    for opponent in opponents:
        opponent_size = hand_sizes[opponent]
        if opponent_size.__class__ is not int or opponent_size < 0:
            raise _wrong(f"hand_sizes[{opponent}]", "a whole number", opponent_size)
    own_size = hand_sizes[player]
    if own_size.__class__ is not int or own_size != len(hand):
        raise _wrong(f"hand_sizes[{player}]", f"{len(hand)}, the cards in the hand", own_size)
    given = view.given
    if given is not None and (phase is not Phase.EXCHANGE or given.__class__ is not Card):
        raise _wrong("given", "a Card in phase exchange, else None (M10)", given)
    if origin is None:
        if offered_by is not None:
            raise _wrong("offered_by", "None when offer_origin is None", offered_by)
        by = 0  # the position's value when there is no offer
    elif origin.__class__ is not OfferOrigin:
        raise _wrong("offer_origin", "an OfferOrigin or None", origin)
    elif not _is_player(offered_by, players):
        raise _wrong("offered_by", f"{numbers} when an offer_origin is given", offered_by)
    else:
        by = offered_by
    # Every seen card once: each table's melds (valid under the rules), the dead cards,
    # the offer and the hand.
    meld_set = _bits.MELD_TABLES[rules.max_sequence].meld_set
    seen = 0
    table_masks = [0] * players
    for player_table, table in enumerate(tables):
        if table.__class__ is not tuple:
            raise _wrong(f"tables[{player_table}]", "a tuple of melds", table)
        for meld in table:
            if meld.__class__ is not Meld:
                raise _wrong(f"tables[{player_table}]", "a tuple of Meld values", meld)
            mask = meld.mask
            if mask & seen or mask not in meld_set:
                raise _misplaced(view)
            seen |= mask
            table_masks[player_table] |= mask
    dead_indices = [card.index for card in dead if card.__class__ is Card]
    hand_indices = [card.index for card in hand if card.__class__ is Card]
    if len(dead_indices) != len(dead):
        raise _wrong("dead", "a tuple of Card values", _not_a_card(dead))
    if len(hand_indices) != len(hand):
        raise _wrong("hand", "a frozenset of Card values", _not_a_card(hand))
    if offer is not None and offer.__class__ is not Card:
        raise _wrong("offer", "a Card or None", offer)
    offer_index = _position.NO_CARD if offer is None else offer.index
    dead_mask, hand_mask = _bits.mask_of(dead), _bits.mask_of(hand)
    # A card in two places (or twice in the dead pile) leaves fewer bits than cards.
    seen_cards = seen.bit_count() + len(dead_indices) + (offer is not None) + len(hand_indices)
    seen |= dead_mask | hand_mask | (0 if offer is None else 1 << offer_index)
    if seen.bit_count() != seen_cards:
        raise _misplaced(view)
    unseen = _ALL_CARDS & ~seen
    hidden = sum(hand_sizes[opponent] for opponent in opponents)
    if unseen.bit_count() != hidden + stock_size:
        held = " and ".join(
            f"{hand_sizes[opponent]} (hand_sizes[{opponent}])" for opponent in opponents
        )
        raise InvalidStateError(
            f"the observation leaves {unseen.bit_count()} cards unseen, but the "
            f"{'opponent holds' if players == 2 else 'opponents hold'} {held} and the "
            f"stock {stock_size} (stock_size) (R1)"
        )
    hands = [hand_mask] * players
    for opponent in opponents:
        opponent_hand = 0
        for _ in range(hand_sizes[opponent]):
            opponent_hand |= unseen & -unseen
            unseen &= unseen - 1
        hands[opponent] = opponent_hand
    if phase is Phase.EXCHANGE and to_move is not None:
        by = _set_aside(view, hands, hand_mask)
    return (
        rules,
        (dealer, ply, to_move),
        phase,
        (offer_index, origin, by),
        (
            tuple(_bits.indices(unseen)),
            tuple(hands),
            tuple(table_masks),
            tuple(dead_indices),
        ),
        tables,
        outcome,
    )


def _set_aside(view: Observation, hands: list[int], hand_mask: int) -> int:
    """The mask of the cards set aside in the stand-in of ``view`` in the opening
    exchange (M10): the viewer's own card (``given``) if he has chosen, and the lowest
    card of the stand-in hand of each other player who has (which he does not see)."""
    assert view.to_move is not None
    players = view.rules.players
    first = first_giver(view.dealer, players)
    mask = 0
    for step in range((view.to_move - first) % players):
        giver = (first + step) % players
        if giver != view.player:
            mask |= hands[giver] & -hands[giver]
        elif view.given is None or not hand_mask >> view.given.index & 1:
            raise _wrong("given", "the card of the hand he set aside, once he has (M10)", None)
        else:
            mask |= 1 << view.given.index
    if view.given is not None and not mask >> view.given.index & 1:
        raise _wrong("given", "None until this player has chosen his card (M10)", view.given)
    return mask


def hide_gives(history: tuple[Played, ...], viewer: int, done: bool) -> tuple[Played, ...]:
    """``history`` as ``viewer`` sees it: each give of the opening exchange he may not see
    (:func:`conquian.phases.gives_seen_by`; ``done``: every player has chosen) made a
    give of an unseen card, ``Give(None)`` (M10). The gives are the first entries."""
    entries = list(history)
    for at, entry in enumerate(entries):
        if entry.phase is not Phase.EXCHANGE:
            break
        if not gives_seen_by(viewer, entry.player, done, entry.players):
            entries[at] = attrs.evolve(entry, move=HIDDEN_GIVE)
    return tuple(entries)


HIDDEN_GIVE: Final = Give(None)
"""A give of a card the viewer may not see, in his view of the history (M10)."""


def _not_a_card(cards: Iterable[object]) -> object:
    """The first value of ``cards`` that is not a :class:`~conquian.cards.Card`."""
    return next(card for card in cards if card.__class__ is not Card)


def _misplaced(view: Observation) -> InvalidStateError:
    """Why the cards of ``view`` (of checked types) are not each in one place: the first
    meld the rules refuse (R6), or the cards found in two places and where."""
    for player, table in enumerate(view.tables):
        for meld in table:
            try:
                Meld(meld.cards, rules=view.rules)
            except InvalidMeldError as error:
                return InvalidStateError(f"the observation's tables[{player}]: {error} (R6)")
    places: dict[Card, list[str]] = {}
    for name, cards in (
        *(
            (f"tables[{player}]", [card for meld in table for card in meld.cards])
            for player, table in enumerate(view.tables)
        ),
        ("dead", view.dead),
        ("offer", () if view.offer is None else (view.offer,)),
        ("hand", view.hand),
    ):
        for card in cards:
            places.setdefault(card, []).append(name)
    twice = [
        f"{card} ({' and '.join(where) if len(set(where)) > 1 else f'{where[0]} twice'})"
        for card, where in places.items()
        if len(where) > 1
    ]
    return InvalidStateError(
        f"a card is in two places in the observation: {', '.join(twice[:5])} (R1)"
    )


class SeenCards(NamedTuple):
    """What one player sees, mostly as 40-bit card masks (bit ``card.index`` per card): the few
    facts an agent's playout reads at every decision, without building an
    :class:`Observation` (reading these costs about a quarter of :meth:`State.observation
    <conquian.state.State.observation>`). Get it from :meth:`State.seen_cards
    <conquian.state.State.seen_cards>`.

    The first eight fields are the two-player form, which two-player code reads (and
    unpacks) as before: ``opponent_*`` is the other player. With three players (M1) they
    name the *next* player (the first one offered this player's discards, M4), and the
    per-seat fields :attr:`hand_sizes` and :attr:`tables` hold every player's count and
    table, for both players with two as well.

    >>> from conquian import State, TERCERILLA
    >>> seen = State.new(seed=7, rules=TERCERILLA).seen_cards(1)
    >>> seen.player, seen.hand_sizes, seen.opponent_hand_size
    (1, (8, 8, 8), 8)
    """

    hand: int
    """The player's hand."""
    table: int
    """The player's table cards."""
    opponent_hand_size: int
    """How many cards the opponent (with three players, the next player) holds (a count,
    not a mask; ``opponent_hand`` is a deprecated alias)."""
    opponent_table: int
    """The opponent's (with three players, the next player's) table cards."""
    unseen: int
    """The cards the player has not seen (the other players' hands and the stock)."""
    offer: int
    """The offered card's index, or -1 when none is (the game is over)."""
    max_sequence: int
    """The longest sequence the rules allow, which says which card sets are melds (see
    ``Rules.max_sequence``)."""
    cards_to_go_out: int
    """How many cards a table holds when its player goes out (R16, see
    ``Rules.cards_to_go_out``)."""
    player: int = 0
    """The seeing player's seat."""
    hand_sizes: tuple[int, ...] = ()
    """How many cards each player holds, by seat (M1)."""
    tables: tuple[int, ...] = ()
    """Each player's table cards, by seat (M1)."""

    @property
    def opponent_hand(self) -> int:
        """Deprecated alias of :attr:`opponent_hand_size`."""
        warn_renamed("SeenCards.opponent_hand", "SeenCards.opponent_hand_size")
        return self.opponent_hand_size


def seen_cards(pos: Position, player: int) -> SeenCards:
    """What ``player`` sees of the position ``pos`` (see :class:`SeenCards`)."""
    rules = pos[_position.RULES]
    hands = pos[_position.HANDS]
    hand = hands[player]
    tables = pos[_position.TABLES]
    offer = pos[_position.OFFER]
    seen = hand
    for table in tables:
        seen |= table
    for card in pos[_position.DEAD]:
        seen |= 1 << card
    if offer != _position.NO_CARD:
        seen |= 1 << offer
    after = player + 1 if player + 1 < len(hands) else 0  # the next player (M1)
    return SeenCards(
        hand,
        tables[player],
        hands[after].bit_count(),
        tables[after],
        _ALL_CARDS & ~seen,
        offer,
        rules.max_sequence,
        rules.cards_to_go_out,
        player,
        (hands[0].bit_count(), hands[1].bit_count())
        if len(hands) == 2
        else tuple([size.bit_count() for size in hands]),
        tables,
    )
