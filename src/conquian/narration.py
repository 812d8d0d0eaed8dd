"""Moves told in words, in any supported language, about a player or to him ("you").

:func:`narrate` tells one move from the state it was played in, with what followed (a
card that died, the next card turned up, the end of the game) and any rearrangement of
the mover's table ("7♠ moved from [7♣ 7♦ 7♥ 7♠] to a new meld [5♠ 6♠ 7♠]").
:func:`narrate_history` tells a whole game from its public history alone, one line a
move. :func:`explain_refusal` says why a move was refused, to the player who tried it.
The words come from the tables of :mod:`conquian.languages`; nothing else in the library
narrates.

>>> from conquian.narration import narrate
>>> from conquian import State
>>> state = State.new(seed=7)
>>> narrate(state, state.legal_moves()[-1], names=("Ann", "Bob"))
'Bob passes K♦ to Ann'
>>> narrate(state, state.legal_moves()[-1], lang="es", viewer=1, names=("Ana", "Bea"))
'Pasas K♦ a Ana'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from conquian import _bits
from conquian._refusals import refusal_key
from conquian.cards import Card, format_cards
from conquian.errors import ConquianError, IllegalMoveError, describe
from conquian.languages import Language, find_language, placeholders
from conquian.melds import Meld
from conquian.moves import Force, Give, LayDown, Move, Take
from conquian.phases import (
    OutcomeKind,
    first_offered,
    forced_player,
    next_player,
)
from conquian.rules import CLASSIC, Rules, check_rules
from conquian.state import Fate, Observation, OfferOrigin, Phase, Played, State, stand_in
from conquian.views import tables_after

__all__ = [
    "CARD_STYLES",
    "describe_origin",
    "explain_forcing",
    "explain_refusal",
    "narrate",
    "narrate_history",
    "narrate_start",
]

CARD_STYLES: Final = ("pretty", "short", "name")
"""The ways narration writes cards (with suit symbols ``7♥``, in letters ``7h`` for
terminals that cannot print symbols, or by full name in the narration's language)."""

_DEFAULT_NAMES: Final = ("player 0", "player 1")
"""The names the narration gives when it is given none (``player 2`` too with three
players)."""


def check_names_differ(first: str, second: str) -> None:
    """Refuse two player names a reader cannot tell apart: the same but for case or the
    spaces around them (``a`` and ``A``, ``éva`` and ``Éva``). A sentence that starts
    with a name writes it with a capital, so such names would name the wrong player.

    Raises:
        ConquianError: The names are the same but for case or spaces around them.
    """
    if first.strip().casefold() == second.strip().casefold():
        raise ConquianError(
            "the two players cannot have the same name, nor names that differ only in "
            f"case: {describe(first, 40)} and {describe(second, 40)}"
        )


def check_all_names_differ(names: Sequence[str]) -> None:
    """:func:`check_names_differ` for every two of two or three names (M1)."""
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            check_names_differ(first, second)


def names_for(names: Sequence[str], players: int) -> Sequence[str]:
    """The names of the ``players`` players: ``names`` as given, or ``player 0``,
    ``player 1`` (and ``player 2``) when the caller gave none (M1).

    Raises:
        TypeError: There is not one name for each player.
    """
    if names is _DEFAULT_NAMES:
        return tuple(f"player {player}" for player in range(players))
    if len(names) != players:
        raise TypeError(
            f"names are {players} strings, one for each player (M1), not {describe(names)}"
        )
    return names


class Voice:
    """Fills in the phrases of one language for one viewer (for the modules that word
    moves: narration here, the words of the pictures of :mod:`conquian.svg`). ``names``
    are the two or three players' names (M1), no two the same but for case.

    ``names_as_given``: a sentence that starts with a player's name keeps the name as it
    is given (``de Vries passes``), as the pictures write it; the narration capitalises
    every sentence (``De Vries passes``)."""

    def __init__(
        self,
        lang: str | Language,
        names: Sequence[str],
        viewer: int | None,
        style: str,
        *,
        names_as_given: bool = False,
    ) -> None:
        self.language = find_language(lang)
        if (
            isinstance(names, str)
            or len(names) not in (2, 3)
            or not all(isinstance(name, str) for name in names)
        ):
            raise TypeError(f"names are two or three strings, not {describe(names)}")
        check_all_names_differ(names)
        if viewer is not None and (viewer not in range(len(names)) or isinstance(viewer, bool)):
            seats = "0, 1" if len(names) == 2 else "0, 1, 2"
            raise ConquianError(f"the viewer is player {seats} or None, not {describe(viewer)}")
        if style not in CARD_STYLES:
            raise ValueError(f"unknown card style {describe(style)}: {', '.join(CARD_STYLES)}")
        self.names = tuple(names)
        self.viewer = viewer
        self.style = style
        self.names_as_given = names_as_given

    def say(
        self, key: str, player: int | None = None, *, opening: bool = False, **values: object
    ) -> str:
        """The phrase ``key`` about ``player`` (its ``.you`` form when he is the viewer);
        with ``opening``, as a sentence starts (see :meth:`opened`)."""
        return self._filled(self._about(key, player, values), values, opening)

    def _filled(self, key: str, values: dict[str, object], opening: bool) -> str:
        text = self.language.phrase(key, **values)
        return self.opened(self.language.phrases[key], text) if opening else text

    def opened(self, template: str, text: str) -> str:
        """``text``, the phrase ``template`` filled in, as a sentence starts: with a
        capital first letter, but a player's name it starts with written as given when
        the voice writes names as given."""
        if self.names_as_given and template.startswith("{who}"):
            return text
        return capitalised(text)

    def heading(self, key: str, player: int | None = None, **values: object) -> str:
        """:meth:`say` with a capital first letter, given to the phrase before the values
        are put in: a name it starts with is written as it is (``de Vries to take``)."""
        template = self.language.phrases[self._about(key, player, values)]
        return capitalised(template).format(**values)

    def _about(self, key: str, player: int | None, values: dict[str, object]) -> str:
        """The key of the phrase about ``player``, his name put in ``values``."""
        if player is not None and player == self.viewer:
            return key + ".you"
        if player is not None:
            values["who"] = self.names[player]
        return key

    def say_to(
        self,
        key: str,
        player: int,
        *,
        other: int | None = None,
        opening: bool = False,
        **values: object,
    ) -> str:
        """The phrase ``key`` about ``player`` and another player, ``{other}`` (by
        default the next player, the opponent with two): its ``.you`` form when the player
        is the viewer, its ``.to_you`` form when the other is; with ``opening``, as a
        sentence starts (see :meth:`opened`)."""
        if other is None:
            other = next_player(player, len(self.names))
        if other == self.viewer:
            return self._filled(key + ".to_you", {"who": self.names[player], **values}, opening)
        return self.say(key, player, opening=opening, other=self.names[other], **values)

    def card(self, card: Card) -> str:
        if self.style == "pretty":
            return card.pretty()
        if self.style == "short":
            return str(card)
        return card.name(self.language)

    def cards(self, cards: Iterable[Card]) -> str:
        ordered = sorted(cards)
        if self.style == "name":
            return format_cards(ordered, lang=self.language)
        return " ".join(map(self.card, ordered))

    def meld(self, meld: Meld) -> str:
        """A meld set apart from the words around it: ``[7♣ 7♦ 7♥]``, or by its cards'
        names in parentheses."""
        if self.style == "name":
            return "(" + format_cards(meld, lang=self.language) + ")"
        return "[" + " ".join(map(self.card, meld)) + "]"


def capitalised(text: str) -> str:
    """``text`` with a capital first letter (the narration's and the pictures')."""
    return text[:1].upper() + text[1:]


def _rearrangements(old: Sequence[Meld], new: Sequence[Meld], voice: Voice) -> list[str]:
    """Cards of the old table that now stand in another meld, as phrases."""
    told = []
    for meld in old:
        holders = [other for other in new if other.mask & meld.mask]
        if len(holders) <= 1:
            continue  # the meld stayed whole (maybe grown)
        keeper = max(
            holders, key=lambda other: ((other.mask & meld.mask).bit_count(), -other.mask)
        )
        for other in holders:
            if other is keeper:
                continue
            moved = _bits.cards_of(other.mask & meld.mask)
            was_old = any(o.mask & other.mask for o in old if o is not meld)
            target = (
                voice.meld(other)
                if was_old
                else voice.language.phrase("new_meld", meld=voice.meld(other))
            )
            told.append(
                voice.language.phrase(
                    "moved", cards=voice.cards(moved), old=voice.meld(meld), new=target
                )
            )
    return told


def _sentence(
    entry: Played,
    old_table: Sequence[Meld],
    new_table: Sequence[Meld],
    voice: Voice,
) -> str:
    """The move of ``entry`` in words (without what followed)."""
    player, move = entry.player, entry.move
    if isinstance(move, Give):  # M10: a give answers no offer
        if move.card is None:  # a give the viewer may not see
            return voice.say_to("give_unseen", player, opening=True)
        return voice.say_to("give", player, opening=True, card=voice.card(move.card))
    assert entry.offer is not None  # every other move answers an offer
    card = voice.card(entry.offer)
    fate = entry.fate
    moved = _rearrangements(old_table, new_table, voice)
    if isinstance(move, Take):
        key = "forced_take" if fate is Fate.TAKEN_FORCED else "take"
        parts = [voice.say(key, player, opening=True, card=card)]
        if move.laid:
            parts.append(voice.say("lays", player, cards=voice.cards(move.laid)))
        if move.discard is None:
            # Going out ends the sentence; what moved on the table is told before it, in
            # brackets, so that the mover stays the subject of going out.
            told = ", ".join(parts) + (" (" + "; ".join(moved) + ")" if moved else "")
            return told + " " + voice.say("goes_out", player)
        parts.append(voice.say("discards", player, card=voice.card(move.discard)))
        text = ", ".join(parts)
    elif isinstance(move, LayDown):
        text = voice.say("lay_down", player, opening=True, cards=voice.cards(move.laid), card=card)
    elif fate is Fate.PASSED:
        # The card goes on to the next player of its round (M4): the turner passes his
        # own card (R11b); a decliner of the upcard (V8) or, with three players, of a
        # discard or another's turned card leaves it to the next player.
        if entry.offer_origin is OfferOrigin.UPCARD:
            key = "decline_upcard"
        elif player == entry.offered_by:
            key = "pass"
        else:
            key = "decline_on"
        following = next_player(player, entry.players)
        text = voice.say_to(key, player, other=following, opening=True, card=card)
    elif fate is Fate.DECLINED:
        text = voice.say("decline", player, opening=True, card=card)
    elif fate is Fate.FORCED:
        forced = forced_player(player, entry.players)  # M6: the player before the forcer
        text = voice.say_to("force", player, other=forced, opening=True, card=card)
    else:
        text = voice.say("release", player, opening=True, card=card)
    if moved:
        text += "; " + "; ".join(moved)
    return text


def _turn_up(card: Card, origin: OfferOrigin, by: int, voice: Voice) -> str:
    key = "upcard" if origin is OfferOrigin.UPCARD else "turn_up"
    return voice.say(key, by, opening=True, card=voice.card(card))


def narrate(
    state: State | Observation,
    move: Move | str,
    *,
    lang: str | Language = "en",
    names: Sequence[str] = _DEFAULT_NAMES,
    viewer: int | None = None,
    style: str = "pretty",
    aftermath: bool = True,
) -> str:
    """Tell ``move``, played in ``state``, in words, with what followed it.

    The text names the cards laid and discarded, passes, forces and releases, any cards
    of the mover's table that moved to another meld (R13, V2), the card that died and the
    card turned up next, and the end of the game.

    Args:
        state: The state the move was played in, or the mover's observation of it (a
            front end holding only its view); with an observation only the move is told,
            as what follows it is not known yet.
        move: A legal move there, or its notation.
        lang: The language (``en``, ``es``, ``nl``, ``de``).
        names: The players' names, one for each player (two or three, M1).
        viewer: The player the text is addressed to (``you``), or ``None`` to tell it in
            the third person.
        style: How cards are written: ``pretty`` (``7♥``), ``short`` (``7h``) or
            ``name`` (full names in ``lang``).
        aftermath: Also tell what followed (a dead card, the next card turned up, a
            draw). ``False`` tells only the move, as a front end labels a choice (the next
            card is hidden until the move is made).

    Returns:
        One or more sentences, separated by ``". "``.

    Raises:
        IllegalMoveError: The move is not legal in ``state``.
        ConquianError: The game is over, ``lang`` or ``viewer`` is unknown, or the names
            are the same but for case (``a`` and ``A``): they would name the wrong player.

    >>> from conquian.narration import narrate
    >>> state = State.new(seed=7)
    >>> narrate(state.apply("decline"), "decline", names=("Ann", "Bob"), style="short")
    'Ann declines Kd. Kd is dead. Ann turns up Qh'
    """
    if not isinstance(state, State | Observation):
        raise TypeError(f"state is a State or an Observation, not {describe(state)}")
    voice = Voice(lang, names_for(names, state.rules.players), viewer, style)
    if state.to_move is None:
        raise ConquianError("the game is over: there is no move to narrate")
    if isinstance(state, Observation):
        if state.to_move != state.player:
            raise ConquianError(f"it is not player {state.player}'s move to narrate")
        # A position the view could be of: the move and the mover's table are the same.
        state = stand_in(state)
        aftermath = False
    after = state.apply(move)
    entry = after.last_played
    assert entry is not None  # a move was just played
    player = entry.player
    lines = [_sentence(entry, state.tables[player], after.tables[player], voice)]
    if aftermath:
        lines.extend(_aftermath(entry, after, voice))
    return ". ".join(lines)


def describe_origin(
    view: State | Observation,
    *,
    lang: str | Language = "en",
    names: Sequence[str] = _DEFAULT_NAMES,
    viewer: int | None = None,
) -> str:
    """Where the offered card of a state or an observation came from, in words: a
    discard, turned up, passed, or the upcard, and by whom (empty when nothing is
    offered). With three players, the players of the card's round of offers who have
    declined it so far, passing it on to the next player (M4), are named too.

    Raises:
        ConquianError: ``lang`` or ``viewer`` is unknown.
        TypeError: ``view`` is not a :class:`~conquian.state.State` or an
            :class:`~conquian.state.Observation`.

    >>> from conquian.narration import describe_origin
    >>> describe_origin(State.new(seed=7), names=("Ann", "Bob"), viewer=0)
    'turned up by Bob'
    >>> from conquian import TERCERILLA
    >>> state = State.new(seed=7, rules=TERCERILLA).apply("decline").apply("decline")
    >>> describe_origin(state, names=("Ann", "Bob", "Cid"))
    'passed by Bob, declined by Cid'
    """
    if not isinstance(view, State | Observation):
        raise TypeError(f"view is a State or an Observation, not {describe(view)}")
    voice = Voice(lang, names_for(names, view.rules.players), viewer, "pretty")
    return tell_origin(view, voice)


def tell_origin(view: State | Observation, voice: Voice, *, opening: bool = False) -> str:
    """:func:`describe_origin` in the voice ``voice`` (the pictures' voice writes the
    players' names as given), the view and voice already checked; with ``opening``, as a
    line starts (see :meth:`Voice.opened`): the phrase that comes first opens the line,
    the origin's (as in every language the package gives) or, in a language that names
    the players who declined the card (M4) before it, theirs."""
    players = view.rules.players
    origin, by, to_move = view.offer_origin, view.offered_by, view.to_move
    if origin is None or by is None:
        return ""
    if origin is OfferOrigin.DISCARD:
        key = "from_discard"
    elif origin is OfferOrigin.UPCARD:
        key = "from_upcard"
    elif by != to_move and view.phase is Phase.OFFER:
        key = "from_pass"
    else:
        key = "from_stock"
    decliners = []
    if players != 2 and view.phase is Phase.OFFER and to_move is not None:
        seat = first_offered(origin, by, players)
        while seat != to_move:  # M4: each decliner before the mover passed the card on
            if seat != by:  # the turner who passed his card is named by "passed by"
                decliners.append(seat)
            seat = next_player(seat, players)
    if not decliners:  # with two players the origin says who declined (R11b, V8)
        return voice.say(key, by, opening=opening)

    def named(text: str, opening: bool) -> str:
        """``text``, the card's origin, with the players who declined it."""
        if len(decliners) == 1:
            return voice.say("declined_by", decliners[0], opening=opening, origin=text)
        return voice.say_to(
            "declined_by_two", decliners[0], other=decliners[1], opening=opening, origin=text
        )

    text = voice.say(key, by)
    told = named(text, False)
    if not opening:
        return told
    if told.startswith(text):  # the origin starts the line (in every language given)
        return named(voice.say(key, by, opening=True), False)
    return named(text, True)  # a language that names the decliners first


def explain_forcing(
    view: State | Observation,
    *,
    lang: str | Language = "en",
    names: Sequence[str] = _DEFAULT_NAMES,
    viewer: int | None = None,
    style: str = "pretty",
) -> str:
    """Why the ``viewer``, whose turn it is, may force the offered card, in words
    addressed to him; empty when he may not (or it is not his turn). He decides whether
    to force a card the opponent declined, which fits the opponent's table (R14a, R14b
    case a), or he is offered a card the opponent passed and may force it back (R14b
    case b). A front end shows it where it would show the card's origin: the card is
    not offered to him in the first case.

    Raises:
        ConquianError: ``lang`` or ``viewer`` is unknown.
        TypeError: ``view`` is not a :class:`~conquian.state.State` or an
            :class:`~conquian.state.Observation`.
        ValueError: An unknown ``style``.

    >>> from conquian.narration import explain_forcing
    >>> state = State.new(seed=0)
    >>> for move in (
    ...     "take +2d3d -3c",
    ...     "decline",
    ...     "decline",
    ...     "decline",
    ...     "decline",
    ...     "decline",
    ...     "decline",
    ...     "decline",
    ...     "decline",
    ...     "take +3s4s -Ad",
    ...     "decline",
    ... ):
    ...     state = state.apply(move)
    >>> state.phase, state.to_move
    (<Phase.FORCE_DECISION: 'force_decision'>, 0)
    >>> why = explain_forcing(state, names=("Ann", "Bob"), viewer=0)
    >>> print(why)  # doctest: +NORMALIZE_WHITESPACE
    Bob declined A♦, which fits Bob's table (R14a): you may force Bob to take it, or
    release it, and it is dead (R14b)
    >>> explain_forcing(state, names=("Ann", "Bob"), viewer=1)
    ''
    """
    if not isinstance(view, State | Observation):
        raise TypeError(f"view is a State or an Observation, not {describe(view)}")
    players = view.rules.players
    voice = Voice(lang, names_for(names, players), viewer, style)
    mover, offer = view.to_move, view.offer
    if mover is None or offer is None or mover != viewer:
        return ""
    if view.phase is Phase.FORCE_DECISION:
        key = "force_decision"
    elif any(isinstance(move, Force) for move in view.legal_moves()):
        key = "may_force_back"
    else:
        return ""
    forced = voice.names[forced_player(mover, players)]  # M6: the player before him
    return voice.language.phrase(key, who=forced, card=voice.card(offer))


def narrate_start(
    state: State,
    *,
    lang: str | Language = "en",
    names: Sequence[str] = _DEFAULT_NAMES,
    viewer: int | None = None,
    style: str = "pretty",
) -> str:
    """The first card of a game turned up (R10, or the upcard of V8), in words.

    Raises:
        ConquianError: ``lang`` or ``viewer`` is unknown.
        TypeError: ``state`` is not a :class:`~conquian.state.State`.

    >>> from conquian.narration import narrate_start
    >>> narrate_start(State.new(seed=7), names=("Ann", "Bob"))
    'Bob turns up K♦'
    """
    if not isinstance(state, State):
        raise TypeError(f"state is a State, not {describe(state)}")
    voice = Voice(lang, names_for(names, state.rules.players), viewer, style)
    # The first entry that answers an offer (gives of the exchange answer none, M10).
    first = next((entry for entry in state.history if entry.offer is not None), None)
    offer = first.offer if first is not None else state.offer
    origin = first.offer_origin if first is not None else state.offer_origin
    by = first.offered_by if first is not None else state.offered_by
    if offer is None or origin is None or by is None:
        return ""
    return _turn_up(offer, origin, by, voice)


def _aftermath(entry: Played, after: State, voice: Voice) -> list[str]:
    """What followed the move: a dead card, the next card turned up, the end."""
    lines = []
    offer, origin, by = after.offer, after.offer_origin, after.offered_by
    if entry.offer is not None and entry.offer in after.dead:
        lines.append(capitalised(voice.language.phrase("dies", card=voice.card(entry.offer))))
    turned = origin is not None and origin is not OfferOrigin.DISCARD
    if offer is not None and turned and by is not None and offer != entry.offer:
        assert origin is not None
        lines.append(_turn_up(offer, origin, by, voice))
    outcome = after.outcome
    if outcome is not None and outcome.winner is None:
        lines.append(capitalised(voice.language.phrase("drawn")))
    elif outcome is not None and outcome.kind is OutcomeKind.FEWEST_CARDS:
        lines.append(voice.say("fewest_cards", outcome.winner, opening=True))  # M8
    return lines


def narrate_history(
    history: Sequence[Played],
    *,
    rules: Rules = CLASSIC,
    lang: str | Language = "en",
    names: Sequence[str] = _DEFAULT_NAMES,
    viewer: int | None = None,
    style: str = "pretty",
) -> list[str]:
    """Tell a game from its public history alone (:attr:`State.history
    <conquian.state.State.history>` or an observation's ``history``), one line a
    move.

    Each line tells the card turned up before the move (when a new card was turned up),
    the move itself, and the rearrangement of the mover's table. Tables are rebuilt from
    the history: the ``rules`` give their canonical split under free regrouping (R13).

    Args:
        history: The entries, oldest first, from the start of the game.
        rules: The game's rules.
        lang: The language (``en``, ``es``, ``nl``, ``de``).
        names: The players' names, one for each player (two or three, M1).
        viewer: The player addressed as ``you``, or ``None`` for the third person.
        style: How cards are written (see :data:`CARD_STYLES`).

    Raises:
        ConquianError: ``lang`` or ``viewer`` is unknown, or the history lays a card
            twice.
        TypeError: ``history`` is not a sequence of :class:`~conquian.phases.Played`
            entries, or ``rules`` is not a :class:`~conquian.rules.Rules`.

    >>> from conquian.narration import narrate_history
    >>> from conquian.agents import GreedyAgent, play_game
    >>> final = play_game(State.new(seed=7), [GreedyAgent(), GreedyAgent()])
    >>> narrate_history(final.history, names=("Ann", "Bob"))[:2]
    ['Bob turns up K♦. Bob passes K♦ to Ann', 'Ann declines K♦. K♦ is dead']
    """
    if isinstance(history, str | bytes) or not all(isinstance(entry, Played) for entry in history):
        raise TypeError(f"history is a sequence of Played entries, not {describe(history)}")
    check_rules(rules)
    voice = Voice(lang, names_for(names, rules.players), viewer, style)
    return tell_history(history, rules, voice)


def tell_history(history: Sequence[Played], rules: Rules, voice: Voice) -> list[str]:
    """:func:`narrate_history` in the voice ``voice`` (the pictures' voice writes the
    players' names as given), the history and rules already checked."""
    lines = []
    before: tuple[tuple[Meld, ...], ...] = tuple(() for _ in range(rules.players))
    for index, (entry, after) in enumerate(
        zip(history, tables_after(history, rules), strict=True)
    ):
        parts = []
        previous = history[index - 1] if index else None
        offer, origin = entry.offer, entry.offer_origin
        if (
            offer is not None  # a give of the opening exchange (M10) answers no offer
            and origin is not None
            and (previous is None or offer != previous.offer)
            and origin is not OfferOrigin.DISCARD
        ):
            parts.append(_turn_up(offer, origin, entry.offered_by, voice))
        player = entry.player
        parts.append(_sentence(entry, before[player], after[player], voice))
        following = history[index + 1] if index + 1 < len(history) else None
        if offer is not None and _died(entry, following):
            parts.append(capitalised(voice.language.phrase("dies", card=voice.card(offer))))
        lines.append(". ".join(parts))
        before = after
    return lines


def _died(entry: Played, following: Played | None) -> bool:
    """Whether the card of ``entry`` died by its move: it was released, or refused for
    good and the next move answers another card (the last refusal of a history is told
    as dying only if it was a release: it may still await a force decision)."""
    if entry.fate is Fate.RELEASED:
        return True
    if entry.fate is not Fate.DECLINED or following is None:
        return False
    return following.offer != entry.offer


def explain_refusal(
    error: IllegalMoveError, lang: str | Language = "en", *, style: str = "pretty"
) -> str:
    """Why a move was refused, addressed to the player, in the language ``lang``: the
    :class:`~conquian.errors.MoveProblem` of ``error`` in words, followed by the rules
    that say so.

    The English words are the error's own message (one phrase makes both, see
    ``conquian._refusals``), which is always English, writes cards in their short
    notation, may add a detail (the outcome of a game that is over) and may speak of a
    player in the third person (as a record's replay does).

    Args:
        error: The refusal, from :meth:`State.refusal <conquian.state.State.refusal>`,
            :meth:`Observation.refusal <conquian.state.Observation.refusal>`, a take
            builder or any call that raised it.
        lang: A language code or table (see :mod:`conquian.languages`).
        style: How cards are written (see :data:`CARD_STYLES`).

    An error made by a program without the card, cards, setting or number its problem
    speaks of is explained by its own message.

    Raises:
        TypeError: ``error`` is not an :class:`~conquian.errors.IllegalMoveError`, or one
            built by hand whose card, cards, setting or number is of the wrong kind.
        ConquianError: No language has the code ``lang``.
        ValueError: ``style`` is not one of :data:`CARD_STYLES`.

    >>> from conquian import State
    >>> from conquian.narration import explain_refusal
    >>> error = State.new(seed=0).refusal("take +4h -Kh")
    >>> explain_refusal(error)
    '4♥ is not in your hand'
    >>> explain_refusal(error, "es", style="name")
    'no tienes 4 de copas en la mano'
    >>> explain_refusal(State.new(seed=0).refusal("take -Kh"), "de")
    'der Tisch ließe sich nicht in Kombinationen teilen: 4♦ (R6)'
    """
    if not isinstance(error, IllegalMoveError):
        raise TypeError(f"error is an IllegalMoveError, not {describe(error)}")
    _check_fields(error)
    voice = Voice(lang, _DEFAULT_NAMES, None, style)
    language = voice.language
    problem = error.problem
    key = refusal_key(problem, cards=bool(error.cards), setting=error.setting)
    values = {
        "card": None if error.card is None else voice.card(error.card),
        "cards": voice.cards(error.cards) or None,
        "setting": error.setting,
        "number": None if error.number is None else describe(error.number),
    }
    template = language.phrases[key]
    if any(values[name] is None for name in placeholders(template)):
        return str(error)  # an error made without what its words need: its own message
    text = template.format(**values)
    if problem.rules:
        text += " (" + ", ".join(problem.rules) + ")"
    return text


def _check_fields(error: IllegalMoveError) -> None:
    """Refuse an error built by hand with fields of the wrong kind (``TypeError``)."""
    if error.card is not None and not isinstance(error.card, Card):
        raise TypeError(f"the error's card is a Card or None, not {describe(error.card)}")
    if not all(isinstance(card, Card) for card in error.cards):
        raise TypeError("the error's cards are Card values")
    setting = error.setting
    if setting is not None and not (isinstance(setting, str) and len(setting) <= 100):
        raise TypeError(f"the error's setting is rules text or None, not {describe(setting)}")
    if error.number is not None and error.number.__class__ is not int:
        raise TypeError(f"the error's number is an int or None, not {describe(error.number)}")
