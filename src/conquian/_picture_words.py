"""Private: the words of the pictures of :mod:`conquian.svg`, given by the narration.

Every sentence and label a position picture shows (its status line and title, the words
of the last move, the labels of the hands, tables, stock, dead cards and the card in
play, and its ``<desc>`` for screen readers) comes from :class:`PictureWords`, a
:class:`~conquian.narration.Voice` that writes the players' names as given. The
pictures draw; nothing in :mod:`conquian.svg` picks a phrase or patches one.

>>> from conquian import State
>>> from conquian.languages import find_language
>>> words = PictureWords(find_language("en"), ("de Vries", "Bob"), None, "french")
>>> words.status(State.new(seed=7).apply("decline"))[0]
'de Vries to decline'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import attrs

from conquian.cards import Card, Rank, Suit
from conquian.languages import Language
from conquian.melds import Meld
from conquian.moves import Decline, Force, Give, LayDown, Move, Release, Take
from conquian.narration import Voice, capitalised, tell_history, tell_origin
from conquian.phases import (
    MOVES_OF_PHASE,
    OutcomeKind,
    Phase,
    first_giver,
    forced_player,
    last_offered,
    may_lay_down_on,
    next_player,
    passes_on,
    receiver,
)
from conquian.state import Observation, State, stand_in

if TYPE_CHECKING:
    from conquian.svg import PackStyle

__all__ = [
    "END_ISOLATE",
    "ISOLATE",
    "PictureView",
    "PictureWords",
    "card_name",
    "cards_text",
    "default_names",
    "isolated",
    "kinds_of_move",
    "meld_text",
]

ISOLATE: Final = "\u2068"  # FSI: a name set apart, in its own direction...
END_ISOLATE: Final = "\u2069"  # ...up to PDI


def isolated(name: str) -> str:
    """``name`` set apart from the words around it (FSI ... PDI) when it holds a
    right-to-left letter, so that it and they keep their order; else as it is."""
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in name):
        return ISOLATE + name + END_ISOLATE
    return name


def default_names(language: Language, players: int = 2) -> tuple[str, ...]:
    """The players' names in a picture that is given none: ``Player 0``, ``Player 1``
    (and ``Player 2`` in a game of three, M1) in ``language``."""
    return tuple(language.phrase("picture_player", n=player) for player in range(players))


def card_name(value: Card, pack: PackStyle) -> str:
    """A card as the pack names it: ``7♥`` or ``7 de copas``."""
    return value.spanish() if pack == "spanish" else value.pretty()


def cards_text(values: Iterable[Card], pack: PackStyle) -> str:
    """Cards in words: ``7♣ 7♦`` or ``7 de bastos, 7 de oros``."""
    return (", " if pack == "spanish" else " ").join(card_name(c, pack) for c in values)


def meld_text(value: Meld, pack: PackStyle) -> str:
    """A meld set apart from the words around it: ``[7♣ 7♦ 7♥]``."""
    return "[" + cards_text(value, pack) + "]"


class PictureView(NamedTuple):
    """What a position picture shows, read from a State or an Observation."""

    bottom: int  # the player drawn at the bottom
    hands: tuple[tuple[Card, ...], ...]  # one a player (M1), face up; empty when hidden
    hand_sizes: tuple[int, ...]
    hidden: bool  # whether the other players' hands and the stock are face down
    stock: tuple[Card, ...]  # face up, top card first; empty when hidden
    stock_size: int
    source: State | Observation
    # In the opening exchange (M10), the card each player has set aside to give: the
    # card when it is seen, None when it is not (or he has not chosen); and who has.
    set_aside: tuple[Card | None, ...] = ()
    chosen: tuple[bool, ...] = ()

    @property
    def others(self) -> tuple[int, ...]:
        """The players other than the one at the bottom, in the order of play after him
        (M1): drawn from the top, the next player first."""
        players = len(self.hand_sizes)
        return tuple((self.bottom + step) % players for step in range(1, players))


def kinds_of_move(source: State | Observation) -> set[type[Move]]:
    """The kinds of the mover's legal moves. When they are hidden (an observation of
    another player's turn), the choices of his phase (:data:`conquian.phases.MOVES_OF_PHASE`):
    in an offer, force back only when the card fits the passer's table (R14b case b),
    which is public: it is read from a state the observation could be of; and lay down
    when he turned up the card and the rules let him meld from the hand (V3, V8), which,
    as a take, depends on his hidden hand."""
    moves = source.legal_moves()
    mover = source.to_move
    if isinstance(source, Observation) and mover is not None and mover != source.player:
        hidden = set(MOVES_OF_PHASE[source.phase])
        by = source.offered_by
        if source.phase is Phase.OFFER:
            if Force not in kinds_of_move(stand_in(source)):
                hidden.discard(Force)
            if by is None or not may_lay_down_on(source.rules, source.offer_origin, by, mover):
                hidden.discard(LayDown)
        return hidden
    kinds: set[type[Move]] = set()
    for index in range(len(moves) - 1, -1, -1):  # the takes come first: read the rest
        kinds.add(type(moves[index]))
        if Take in kinds:
            break
    return kinds


_CHOICES: Final = (
    (Take, "picture_take"),
    (Decline, "picture_decline"),
    (Force, "picture_force"),
    (Release, "picture_release"),
    (LayDown, "picture_lay_down"),
    (Give, "picture_give"),
)


def _spanish_pack(language: Language) -> Language:
    """``language`` naming the cards as the Spanish pack does (``7 de copas``)."""
    return attrs.evolve(
        language,
        ranks=tuple(rank.spanish for rank in Rank),
        suits=tuple(suit.spanish for suit in Suit),
        card="{rank} de {suit}",
    )


class PictureWords(Voice):
    """The words of one picture of a position: its language, the players' names (as
    :func:`isolated` writes them, and as given where a sentence starts), the player
    addressed as "you" (an observation's player, else ``None``) and the pack the cards
    are named in."""

    def __init__(
        self, language: Language, names: tuple[str, ...], you: int | None, pack: PackStyle
    ) -> None:
        super().__init__(
            language,
            tuple(isolated(name) for name in names),
            you,
            "pretty",
            names_as_given=True,
        )
        self.pack = pack

    def count(self, count: int) -> str:
        """``count`` cards."""
        return self.say("picture_cards_one" if count == 1 else "picture_cards", count=count)

    def cards(self, values: Iterable[Card]) -> str:
        return cards_text(values, self.pack) or self.say("none")

    def card(self, value: Card) -> str:
        return card_name(value, self.pack)

    # ------------------------------------------------------------ the labels

    def hand_label(self, player: int, count: int) -> str:
        """Above a hand: whose it is and how many cards it holds."""
        return self.heading("hands", player, cards=self.count(count))

    def table_label(self, player: int, laid: int, to_go_out: int) -> str:
        """Above a table: whose it is and how many of the cards to go out are laid."""
        return f"{self.heading('table', player)}: " + self.say(
            "picture_laid", count=laid, n=to_go_out
        )

    def back(self) -> str:
        """The title of a face-down card."""
        return self.say("picture_back")

    def stock_label(self, size: int, *, face_up: bool) -> str:
        """Above the stock: its count, and where its top card is when face up."""
        label = self.heading("stock", count=size)
        return label + ", " + self.say("picture_top_right") if face_up else label

    def dead_label(self, count: int) -> str:
        """Above the dead cards: their count."""
        return self.heading("dead", cards=str(count))

    def offer(self, source: State | Observation, *, opening: bool = True) -> tuple[str, str]:
        """The label of the card in play (as a line starts), and where it came from or
        what is decided on it: as a line starts too, with a capital (a name as given),
        unless ``opening`` is false: then as it goes on a sentence, for the description."""
        mover, players = source.to_move, source.rules.players
        if mover is not None and source.phase is Phase.FORCE_DECISION:  # R14b case a, M6
            label, origin = (
                self.say("picture_declined"),  # by the player before the offerer
                self.say("picture_declined_by", forced_player(mover, players), opening=opening),
            )
        elif mover is not None and source.phase is Phase.FORCED_TAKE:  # by the next player
            label = self.say("picture_forced")
            forcer = next_player(mover, players)  # M6: the forcer is the next player
            origin = self.say_to("picture_forced_on", forcer, other=mover, opening=opening)
        else:
            label = self.say("picture_offered")
            origin = tell_origin(source, self, opening=opening)
        return capitalised(label), origin

    def exchange(self, view: PictureView, *, opening: bool = True) -> tuple[str, list[str]]:
        """In the opening exchange (M10), its label and a line for each player in the
        order they choose, from the player after the dealer: whom he gives a card to,
        and whether he has chosen it (nothing outside the exchange). Each line starts as
        a label does, with a capital (a name as given), unless ``opening`` is false: then
        as it goes on a sentence, for the description."""
        source = view.source
        if source.phase is not Phase.EXCHANGE:
            return "", []
        players = source.rules.players
        first = first_giver(source.dealer, players)
        lines = []
        for step in range(players):
            giver = (first + step) % players
            key = "picture_gave" if view.chosen[giver] else "picture_gives"
            other = receiver(giver, players)
            lines.append(self.say_to(key, giver, other=other, opening=opening))
        return capitalised(self.say("picture_exchange")), lines

    def offer_round(self, source: State | Observation, *, opening: bool = True) -> list[str]:
        """With three players, who has the offered card in its round of offers (M4), and
        who is offered it after him if he declines it, a line each: ``Now with Carl``,
        ``Then Bob, then you``. Each line starts as a label does, with a capital (a name
        as given), unless ``opening`` is false: then as it goes on a sentence, for the
        description. Nothing with two (the status line says it), nor while a force is
        decided."""
        players, mover, by = source.rules.players, source.to_move, source.offered_by
        if players == 2 or mover is None or by is None or source.phase is not Phase.OFFER:
            return []
        last = last_offered(source.offer_origin, by, players)
        rest: list[str] = []
        player = mover
        while player != last:
            player = next_player(player, players)
            rest.append(self.say("picture_then", player, opening=opening and not rest))
        now = self.say("picture_with", mover, opening=opening)
        return [now, *([", ".join(rest)] if rest else [])]

    # ------------------------------------------------------------ the sentences

    def status(self, source: State | Observation) -> tuple[str, str]:
        """Whose decision it is and its choices (the kinds of legal move), or how the
        game ended: as a line starts (a capital first letter), and as it goes on in the
        title."""
        key, player, values, rule = self._status_phrase(source)
        if not key:
            return "", ""
        told = self.say(key, player, **values) + rule
        return self.heading(key, player, **values) + rule, told

    def _status_phrase(
        self, source: State | Observation
    ) -> tuple[str, int | None, dict[str, Any], str]:
        """The status's phrase key, the player it is about, its values and the rule it
        cites (no key when there is no status)."""
        outcome, mover, offer = source.outcome, source.to_move, source.offer
        if outcome is not None:
            if outcome.winner is None:
                return "drawn", None, {}, " (R15)"
            if outcome.kind is OutcomeKind.FEWEST_CARDS:
                return "fewest_cards", outcome.winner, {}, ""  # the phrase cites M8
            return "went_out", outcome.winner, {}, " (R16)"
        if mover is None or (offer is None and source.phase is not Phase.EXCHANGE):
            return "", None, {}, ""  # a mover without a card is one of the exchange (M10)
        if source.phase is Phase.FORCED_TAKE and offer is not None:
            return "forced_take", mover, {"card": self.card(offer)}, " (R14b)"
        kinds = kinds_of_move(source)
        origin, by = source.offer_origin, source.offered_by
        verbs = []
        for kind, key in _CHOICES:
            if kind in kinds:
                if kind is Decline and by is not None and passes_on(origin, by, mover):
                    key = "picture_pass"  # declining his own turned card passes it (R11b, V8)
                verbs.append(self.say(key))
        choices = verbs[0]
        if len(verbs) > 1:
            choices = self.say("picture_or", first=", ".join(verbs[:-1]), last=verbs[-1])
        return "picture_turn", mover, {"choices": choices}, ""

    def title(self, status: str) -> str:
        """The picture's title, with the status as it goes on in a sentence."""
        return self.say("picture_title", status=status)

    def last_move(self, source: State | Observation, index: int) -> str:
        """The line that tells ``source.history[index]`` as the narration does (see
        :func:`conquian.narration.narrate_history`), the names written as given, the
        cards named as the pack names them."""
        spanish = self.pack == "spanish"
        voice = Voice(
            _spanish_pack(self.language) if spanish else self.language,
            self.names,
            self.viewer,
            "name" if spanish else "pretty",
            names_as_given=True,
        )
        told = tell_history(source.history[: index + 1], source.rules, voice)[-1]
        return self.heading("picture_last_move", move=told)

    def summary(self, view: PictureView) -> str:
        """The position in words, for the picture's ``<desc>``: the hands as seen, the
        tables, the card in play, the stock and the dead cards."""
        source = view.source
        told = []
        for player in (*view.others, view.bottom):
            if view.hidden and player != view.bottom:
                hand = self.count(view.hand_sizes[player])
            else:
                hand = self.cards(view.hands[player])
            told.append(self.heading("hands", player, cards=hand))
            melds = " ".join(meld_text(m, self.pack) for m in source.tables[player])
            told.append(f"{self.heading('table', player)}: {melds or self.say('none')}")
        label, lines = self.exchange(view, opening=False)
        if lines:
            told.append(f"{label}: {'; '.join(lines)}")
        if source.offer is not None:
            label, origin = self.offer(source, opening=False)
            where = "; ".join([origin, *self.offer_round(source, opening=False)])
            told.append(f"{label}: {self.card(source.offer)} ({where})")
        if view.stock:  # face up: its cards, the top card first
            stock = f"{self.count(view.stock_size)}: {self.cards(view.stock)}"
            told.append(self.heading("stock", count=stock))
        else:
            told.append(self.heading("stock", count=view.stock_size))
        told.append(self.heading("dead", cards=self.cards(source.dead)))
        return ". ".join(told)
