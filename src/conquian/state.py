"""The immutable game position: :class:`State`, the value that users of the engine hold.

A :class:`State` holds everything about a game in progress: the deck order it was dealt
from, hands, tables, the offered card, the stock, the dead cards and the public history.
:meth:`State.apply` returns a new state and never changes the old one.

The state is the face of the phase machine, whose parts live in the modules below it
(see :ref:`layout`): the deal in ``conquian.dealing``, which moves are legal (and why
not) in ``conquian.legality``, the position after a move in ``conquian.transitions``,
the position string in ``conquian._position``, and one player's view in
``conquian.observation``.

>>> from conquian import State, Phase
>>> state = State.new(seed=7)
>>> state.phase, state.to_move, len(state.stock)
(<Phase.OFFER: 'offer'>, 1, 19)
>>> after = state.apply(state.legal_moves()[-1])
>>> state.ply, after.ply
(0, 1)
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import attrs

from conquian import _bits, _position, moves, views
from conquian._position import (
    DEAD,
    DEALER,
    FIELDS,
    GIVEN,
    HANDS,
    MELDS,
    NO_CARD,
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
from conquian.dealing import check_seed, deal_order, deal_position, deck_indices, shuffled_indices
from conquian.errors import (
    ConquianError,
    IllegalMoveError,
    InvalidStateError,
    checked_player,
    describe,
    warn_renamed,
)
from conquian.legality import (
    SECOND_PERSON,
    check_move,
    legal_moves,
    start_builder,
)
from conquian.melds import Meld
from conquian.moves import Decline, LegalMoves, Move, parse_move
from conquian.observation import (
    Observation,
    SeenCards,
    hide_gives,
    seen_cards,
    stand_in_position,
)
from conquian.phases import (
    PHASE_EXCHANGE,
    PHASE_OFFER,
    PHASE_OVER,
    Fate,
    OfferOrigin,
    Outcome,
    OutcomeKind,
    Phase,
    Played,
)
from conquian.rules import CLASSIC, Rules
from conquian.transitions import advance

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

# Where a game came from: the deck order it was dealt from (card indices, or None) and the
# seed (or None).
_Origin: TypeAlias = "tuple[tuple[int, ...] | None, int | None]"
# What a state keeps besides its position: its path, the history as a linked list,
# newest entry first, each node (the path before the move, the move's entry, the origin);
# before any move (None, None, origin). A move adds one node and copies nothing; one
# node, not a node inside a tuple of the deck, the seed and the history, is one tuple
# fewer a move (1.0% fewer instructions in random self-play, callgrind, warm memos).
_Path: TypeAlias = "tuple[_Path | None, Played | None, _Origin]"

_TABLE_MEMO: Final = _bits.BoundedMemo[tuple[int, int], tuple[Meld, ...]](
    _bits.OBJECT_MEMO_LIMIT, "tables"
)


def _as_move(move: Move | str) -> Move:
    """A move given as a value or as its notation (read by :func:`parse_move`)."""
    return parse_move(move) if isinstance(move, str) else move


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

    Players are numbered 0 to ``rules.players - 1`` in the order of play (M1): 0 and 1
    with two, 0, 1 and 2 with three. Everything is read through properties; the fields
    starting with an underscore are internal (cards as bits, see ``conquian._bits``).
    """

    # The position and the path in one field, compared by the position only: one slot to
    # set when a move makes a State, not two (1.2% fewer instructions in random
    # self-play, callgrind, warm memos). The hot paths read the field; the rest reads
    # the two properties below.
    _parts: tuple[Position, _Path] = attrs.field(alias="_parts", eq=operator.itemgetter(0))

    @property
    def _pos(self) -> Position:
        """The position (see ``conquian._position``)."""
        return self._parts[0]

    @property
    def _path(self) -> _Path:
        """The path: the history and where the game came from."""
        return self._parts[1]

    @property
    def seed(self) -> int | None:
        """The seed the game was dealt from, or ``None`` (not compared by ``==``)."""
        return self._path[2][1]

    # The position is one tuple (see conquian._position): one comparison, one hash, one
    # allocation per move. The properties below read its parts by name.
    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._pos[RULES]

    @property
    def dealer(self) -> int:
        """The player who dealt (the player after him started, R10, M2)."""
        return self._pos[DEALER]

    @property
    def players(self) -> int:
        """The number of players, 2 or 3 (``rules.players``, M1).

        >>> from conquian import TERCERILLA
        >>> State.new(seed=7).players, State.new(seed=7, rules=TERCERILLA).players
        (2, 3)
        """
        return self._pos[RULES].players

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending (see :class:`Phase`)."""
        return self._pos[PHASE]

    def _replace(self, **changes: Any) -> State:
        """A copy with parts of the position replaced by name (``stock``, ``hands``, ...;
        ``deck`` and ``seed`` for the rest). Unchecked: for tests and tools."""
        pos = list(self._pos)
        deck, seed = self._path[2]
        for name, value in changes.items():
            if name == "deck":
                deck = value
            elif name == "seed":
                seed = value
            else:
                pos[FIELDS.index(name)] = value
                if name == "rules":
                    pos[MELDS] = _bits.meld_table(value.max_sequence)
        path = self._path
        return _state(tuple(pos), (path[0], path[1], (deck, seed)))  # type: ignore[arg-type]

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, seed: int | None = None, *, rules: Rules = CLASSIC, dealer: int = 0) -> State:
        """Deal a new game from ``seed`` (a fresh random seed when ``None``).

        Args:
            seed: A whole number from 0 to 2**64 - 1; the same seed always gives the same
                deal (see :func:`deal_order`).
            rules: The rule set.
            dealer: The dealing player, 0 to ``rules.players - 1`` (the player after him
                starts, R10, M2).

        Raises:
            ConquianError: The seed or the dealer is out of range.
            TypeError: ``dealer`` is not an int, or ``rules`` is not a Rules.
        """
        if seed is None:
            seed = secrets.randbits(64)
        order = tuple(shuffled_indices(check_seed(seed)))
        return _state(deal_position(order, rules, dealer), (None, None, (order, seed)))

    @classmethod
    def from_deck(
        cls, deck: Sequence[Card] | str, *, rules: Rules = CLASSIC, dealer: int = 0
    ) -> State:
        """Deal a new game from an explicit deck order, top of the pack first.

        Args:
            deck: All 40 cards, each once (as cards or as text).
            rules: The rule set.
            dealer: The dealing player, 0 to ``rules.players - 1``.

        Raises:
            InvalidCardError: The deck is not the 40 cards, each exactly once (a deck of
                more is refused before it is read through).
            TypeError: ``deck`` is not text or a sequence of cards, ``dealer`` is not an
                int, or ``rules`` is not a Rules.
            ConquianError: The dealer is not a player (0 to ``rules.players - 1``).
        """
        order = deck_indices(deck)
        return _state(deal_position(order, rules, dealer), (None, None, (order, None)))

    # ------------------------------------------------------------------ reading

    @property
    def to_move(self) -> int | None:
        """The player whose decision it is, or ``None`` when the game is over."""
        pos = self._parts[0]
        return None if pos[PHASE] is PHASE_OVER else pos[TO_MOVE]

    @property
    def ply(self) -> int:
        """The number of moves played so far."""
        return self._pos[PLY]

    @property
    def deck(self) -> tuple[Card, ...] | None:
        """The order the cards were dealt from, top of the pack first; ``None`` for a state
        read from a position string (which holds the position, not the deal)."""
        deck = self._path[2][0]
        return None if deck is None else tuple(DECK[i] for i in deck)

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """Each player's hand (hidden from the others), one a player (M1)."""
        return tuple(map(_bits.card_set, self._pos[HANDS]))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each player holds in hand (public).

        >>> State.new(seed=7).hand_sizes
        (10, 10)
        """
        return tuple(hand.bit_count() for hand in self._pos[HANDS])

    @property
    def tables(self) -> tuple[tuple[Meld, ...], ...]:
        """Each player's table as melds, in a canonical split under free regrouping (R6,
        R13), else as the player arranged it (V2); one a player (M1)."""
        rules, _, _, _, tables, _, _, _, _, _, _, _, _, arrangements, _ = self._pos
        if arrangements is not None:
            return tuple(
                tuple(Meld.from_mask(meld) for meld in arrangement) for arrangement in arrangements
            )
        return tuple(_canonical_table(table, rules) for table in tables)

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
    def given(self) -> frozenset[Card]:
        """The cards set aside so far in the opening exchange (M10), one for each player
        who has chosen, each still in its giver's hand (hidden from the others); none
        outside the exchange.

        >>> from conquian import Rules
        >>> state = State.new(seed=7, rules=Rules(exchange=True)).apply("give 3c")
        >>> state.given, state.apply("give Ac").given
        (frozenset({Card.parse('3c')}), frozenset())
        """
        pos = self._pos
        return _bits.card_set(pos[GIVEN]) if pos[PHASE] is PHASE_EXCHANGE else frozenset()

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead cards, in the order they died (public)."""
        return tuple(map(DECK.__getitem__, self._pos[DEAD]))

    @property
    def last_played(self) -> Played | None:
        """The last entry of :attr:`history` (the move just made, with its player and the
        card it answered), or ``None`` when the history is empty; read at once, without
        building the history.

        >>> state = State.new(seed=7)
        >>> state.last_played is None
        True
        >>> print(state.apply("decline").last_played.move)
        decline
        """
        return self._path[1]

    @property
    def history(self) -> tuple[Played, ...]:
        """Every move so far with its player and the card it answered (public). Empty for a
        state read from a position string, which holds no history.

        States keep their history as a linked list shared with the states before them (a
        move adds one entry and copies nothing), so each call builds the tuple anew, in
        time proportional to :attr:`ply`."""
        entries = []
        node = self._path
        entry = node[1]
        while entry is not None:
            entries.append(entry)
            node = node[0]  # type: ignore[assignment]  # a node with an entry has a parent
            entry = node[1]
        entries.reverse()
        return tuple(entries)

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else who won and how."""
        return self._pos[OUTCOME]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R15, R16)."""
        return self._pos[PHASE] is PHASE_OVER

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
        return legal_moves(self._parts[0])

    def take_builder(self) -> TakeBuilder:
        """A :class:`~conquian.builder.TakeBuilder` for a take by the player to move, to
        build one card at a time (see :mod:`conquian.builder`).

        Raises:
            IllegalMoveError: No card is offered to take (the phase is a force decision or
                the game is over).
        """
        hand, table = self._mover_cards()
        return start_builder(self._pos, None, SECOND_PERSON, hand, table, lay_down=False)

    def lay_down_builder(self) -> TakeBuilder:
        """A :class:`~conquian.builder.TakeBuilder` for a lay-down (V3) by the player to
        move, finished with :meth:`~conquian.builder.TakeBuilder.lay_down`.

        Raises:
            IllegalMoveError: No lay-down is legal now.
        """
        hand, table = self._mover_cards()
        return start_builder(self._pos, None, SECOND_PERSON, hand, table, lay_down=True)

    def _mover_cards(self) -> tuple[frozenset[Card], tuple[Meld, ...]]:
        """The hand and table of the player to move (none once the game is over)."""
        player = self.to_move
        if player is None:
            return frozenset(), ()
        return self.hands[player], self.tables[player]

    def is_legal(self, move: Move | str, *, player: int | None = None) -> bool:
        """Whether ``move`` (by ``player``, if given) is legal now.

        Args:
            move: A move or its notation (read as :meth:`apply` reads it).
            player: If given, the player making the move.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.
            TypeError: ``player`` is not an int; ValueError: it is not a player of the game.
        """
        return self.refusal(move, player=player) is None

    def explain_illegal(self, move: Move | str, *, player: int | None = None) -> str | None:
        """Why ``move`` is illegal now, as a sentence, or ``None`` if it is legal.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.
            TypeError: ``player`` is not an int; ValueError: it is not a player of the game.
        """
        error = self.refusal(move, player=player)
        return None if error is None else str(error)

    def refusal(self, move: Move | str, *, player: int | None = None) -> IllegalMoveError | None:
        """The error that refuses ``move`` now, addressed to the player to move, or
        ``None`` if it is legal: its :attr:`~conquian.errors.IllegalMoveError.problem`
        says why, for a program, and :func:`conquian.narration.explain_refusal` says it
        in a language.

        Raises:
            InvalidMoveNotationError: ``move`` is text that is not a move.
            TypeError: ``player`` is not an int; ValueError: it is not a player of the game.

        >>> from conquian import State
        >>> error = State.new(seed=0).refusal("take +4h -Kh")
        >>> error.problem, error.card
        (<MoveProblem.NOT_IN_HAND: 'not_in_hand'>, Card.parse('4h'))
        """
        try:
            check_move(self._pos, _as_move(move), player, SECOND_PERSON)
        except IllegalMoveError as error:
            return error
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
            TypeError: ``player`` is not an int; ValueError: it is not a player of the game.
        """
        pos, path = self._parts
        if move.__class__ is not Decline or player is not None or pos[PHASE] is not PHASE_OFFER:
            # (A decline of an offer is always legal, R11: the commonest move skips the check.)
            if isinstance(move, str):  # not through _as_move: a call saved on the hot path
                move = parse_move(move)
            handed = moves.handed
            if handed[1] is not move or handed[0] is not pos or player is not None:
                # (A take that this position's legal moves just built is legal: see
                # moves.handed, the one home of this skip.)
                check_move(pos, move, player, SECOND_PERSON)
        # As apply_unchecked, written out: one call fewer on the hot path of self-play
        # (0.8% fewer instructions, callgrind).
        pos, entry = advance(pos, move)
        # _state written out: one call fewer again (see _state).
        state = new_instance(State)
        _set_parts(state, (pos, (path, entry, path[2])))
        return state

    def apply_recorded(self, move: Move, player: int) -> State:
        """The state after ``move`` by ``player``, read from a game record: as
        :meth:`apply`, but an illegal move's message names the player in the third person
        ("player 1 must discard ..."), as a record's reader reports it.

        Args:
            move: The recorded move.
            player: The player the record says made it.

        Raises:
            IllegalMoveError: The move is not legal now (the message says why).
            TypeError: ``player`` is not an int; ValueError: it is not a player of the game.

        >>> state = State.new(seed=7)
        >>> state.apply_recorded(state.legal_moves()[0], 1) == state.apply(state.legal_moves()[0])
        True
        """
        checked_player(player, players=self._pos[RULES].players)
        check_move(self._pos, move, player, player)  # about him, in the third person
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
        # The hot path of every search and simulation: the new state is built by setting
        # its slots (see conquian._slots).
        pos, path = self._parts
        pos, entry = advance(pos, move)
        state = new_instance(State)  # _state written out, as in apply
        _set_parts(state, (pos, (path, entry, path[2])))
        return state

    # ------------------------------------------------------------------ notation

    def to_notation(self) -> str:
        """The whole position as one line, hidden cards included (see :doc:`/notation`).

        Equal states give identical strings, and :meth:`parse` reads it back to an
        equal state. The line holds the position, not the path: no history, no seed.

        >>> state = State.new(seed=7)
        >>> State.parse(state.to_notation()) == state
        True
        """
        return _position.write(self._pos, self.tables)

    @classmethod
    def parse(cls, text: str) -> State:
        """Read a position string (see :meth:`to_notation` and :doc:`/notation`): text is
        read by a ``parse`` everywhere, as :meth:`Card.parse <conquian.cards.Card.parse>`
        and :meth:`Rules.parse <conquian.rules.Rules.parse>` read theirs.

        Raises:
            InvalidStateError: The text is not a position string, or describes a position
                that could never occur; the message names the field and the problem.

        >>> state = State.new(seed=7).apply("decline")
        >>> State.parse(state.to_notation()) == state
        True
        """
        fields = _position.split(
            text, _position.POSITION_TAG, _position.POSITION_KEYS, _position.OPTIONAL_KEYS
        )
        rules = _position.read_rules(fields["rules"])
        return _state(_position.build(fields, rules), _NO_PATH)

    @classmethod
    def from_notation(cls, text: str) -> State:
        """Deprecated alias of :meth:`parse`."""
        warn_renamed("State.from_notation", "State.parse")
        return cls.parse(text)

    # ------------------------------------------------------------------ views

    def observation(self, player: int) -> Observation:
        """What ``player`` may know: everything but the other players' hands and the stock
        order.

        Raises:
            TypeError: ``player`` is not an int (``True`` and ``1.0`` are not players).
            ConquianError: ``player`` is not a player of the game (0 to
                ``rules.players - 1``).
        """
        checked_player(player, players=self._pos[RULES].players)
        rules, dealer, stock, hands, _, _, _, origin, by, phase, _, ply, outcome, _, _ = self._pos
        history = self.history
        given = None
        if rules.exchange:  # M10: hide the gives he may not see
            exchanging = phase is Phase.EXCHANGE
            history = hide_gives(history, player, not exchanging)
            set_aside = by & hands[player] if exchanging else 0  # the GIVEN field
            given = DECK[set_aside.bit_length() - 1] if set_aside else None
        return Observation(
            player=player,
            rules=rules,
            dealer=dealer,
            phase=phase,
            to_move=self.to_move,
            hand=_bits.card_set(hands[player]),
            hand_sizes=tuple(hand.bit_count() for hand in hands),
            tables=self.tables,
            offer=self.offer,
            offer_origin=origin,
            offered_by=self.offered_by,
            dead=self.dead,
            stock_size=len(stock),
            ply=ply,
            history=history,
            outcome=outcome,
            given=given,
        )

    def _repr_svg_(self) -> str:
        """The position face up, for Jupyter (see :mod:`conquian.svg`)."""
        from conquian import svg  # lazily: the drawing layer sits above this one

        return svg.position(self)

    def seen_cards(self, player: int) -> SeenCards:
        """What ``player`` sees, as card masks: the fast path of an agent's playouts
        (a few of :meth:`observation`'s facts, at about a third of its cost). With three
        players its ``opponent_*`` fields are the next player's, and its per-seat fields
        hold every player's (see :class:`~conquian.observation.SeenCards`).

        Raises:
            TypeError: ``player`` is not an int.
            ConquianError: ``player`` is not a player of the game (0 or 1, or 0 to 2
                with three players).

        >>> State.new(seed=7).seen_cards(0).opponent_hand_size
        10
        """
        checked_player(player, players=self._pos[RULES].players)
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
        (the state then keeps its history; without a deck it has none, and the history
        given is only read and checked to say each thing once). A field :meth:`to_dict`
        does not write, or a move's structured fields or an entry's fate that disagree
        with the move's text, are refused too.

        Raises:
            InvalidStateError: The data is not a state; the message names the field.
        """
        parts = views.read_state(data)
        state = cls.parse(parts.position)
        if parts.deck is None:  # the history is checked as written, and not kept
            views.check_as_written(
                data,
                lambda: {
                    **state.to_dict(),
                    "history": views.history_data(parts.history, state.rules, state.ply),
                },
                "a state",
            )
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
        views.check_as_written(data, replayed.to_dict, "a state")
        return replayed

    def __repr__(self) -> str:
        return f"<State ply={self.ply} phase={self.phase.value} to_move={self.to_move}>"

    def __str__(self) -> str:
        lines = []
        for player in range(self.players):
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


# The engine builds one State per move by setting its slots (see conquian._slots): attrs'
# checked __init__ costs twice as much. The hash cache is not set: the hash below fills
# the slot when first asked (a State made by _state leaves it unset), one slot setting
# fewer a move: 1.2% fewer instructions in random self-play (callgrind, 200 games). The
# deck, the seed and the history are one part, the path (one slot setting a move instead
# of three: 2.0% fewer instructions again), and the position and the path are one
# field, _parts (one slot setting instead of two: 1.2% fewer again, warm memos).
_set_parts, _set_hash = slot_setters(State, "_parts", HASH_CACHE)
_NO_PATH: Final[_Path] = (None, None, (None, None))
"""The path of a state read from a position: no deck, no seed, no history."""


def _state(pos: Position, path: _Path) -> State:
    """A State of these parts, its hash not computed yet (the one way States are made;
    :meth:`State.apply` and :meth:`State.apply_unchecked` write its two lines out, a
    call saved a move: 0.7% fewer instructions in random self-play, callgrind, 200
    games)."""
    state = new_instance(State)
    _set_parts(state, (pos, path))
    return state


def _hash(self: State) -> int:
    """The hash of the position, computed once (equal states have equal positions)."""
    cached: int | None = getattr(self, HASH_CACHE, None)
    if cached is None:
        cached = hash(self._parts[0])
        _set_hash(self, cached)
    return cached


# attrs' own cached hash reads the cache slot, which _state leaves unset.
setattr(State, "__hash__", _hash)  # noqa: B010


def stand_in(view: Observation) -> State:
    """A State that ``view`` could be an observation of, the unseen cards dealt in deck
    order to the opponent's hand and the stock: its legal moves for the observing player
    are the true position's, and its public parts are the observation's.

    Raises:
        InvalidStateError: The observation could be of no position, or holds a value that
            :meth:`State.observation` does not make; the message names the field.
    """
    return _state(stand_in_position(view), _NO_PATH)


def without_history(state: State) -> State:
    """``state`` without its history (equal to it, and as small as a position): for a
    reader that keeps the last position of many games."""
    return _state(state._pos, (None, None, state._path[2]))


def turned_instead(state: State, card: int) -> State:
    """``state`` with the card of index ``card``, one of its stock, on offer instead of the
    card just turned up from the stock, which takes ``card``'s place in the stock and in
    the deck the state was dealt from: the state the deck with those two cards exchanged
    deals when no move depended on either (nobody has seen them). Its seed is ``None``,
    as no seed deals that deck. OpenSpiel's chance node of a turned card chooses it this
    way (``conquian.integrations.openspiel``), instead of replaying the game.

    Raises:
        ConquianError: The offered card was not just turned up from the stock (a move
            answered it), or ``card`` is not in the stock.

    >>> state = State.new(seed=7)
    >>> other = turned_instead(state, state.stock[-1].index)
    >>> other.offer == state.stock[-1], other.stock[-1] == state.offer, other.hands == state.hands
    (True, True, True)
    """
    pos = state._pos
    offer, stock = pos[OFFER], pos[STOCK]
    last = state.last_played
    # (After the opening exchange, M10, the last entry is a give, which answers no offer.)
    if pos[ORIGIN] is not OfferOrigin.STOCK or (
        last is not None and last.offer is not None and last.offer.index == offer
    ):
        raise ConquianError(
            "only a card just turned up from the stock, which no move has answered yet, "
            "may be turned up instead"
        )
    if card not in stock:
        raise ConquianError(f"only a card of the stock may be turned up, not {describe(card)}")
    parts = list(pos)
    at = stock.index(card)
    parts[STOCK] = (*stock[:at], offer, *stock[at + 1 :])
    parts[OFFER] = card
    before, entry, (deck, _) = state._path
    if deck is not None:
        order = list(deck)
        order[deck.index(offer)], order[deck.index(card)] = card, offer
        deck = tuple(order)
    return _state(tuple(parts), (before, entry, (deck, None)))  # type: ignore[arg-type]


def with_seed(state: State, seed: int | None) -> State:
    """``state`` with ``seed`` recorded as the seed it was dealt from (for records)."""
    before, entry, (deck, _) = state._path
    return _state(state._pos, (before, entry, (deck, seed)))


def _not_public(self: State, *args: object, **kwargs: object) -> None:
    raise TypeError(
        "a State is made by State.new, State.from_deck or State.parse, or by "
        "playing a move (State.apply): its parts are internal"
    )


# attrs' __init__ would take the internal parts (and any value for them): State(...) is
# refused, and _state makes States. (attrs keeps the hash cache only with an __init__ of
# its own, so it is replaced here, once the class is made.)
setattr(State, "__init__", _not_public)  # noqa: B010
