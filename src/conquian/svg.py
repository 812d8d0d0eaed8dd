"""Pictures: cards, melds, tables and whole positions as SVG.

Every function returns the text of one standalone SVG image, which a browser, a Jupyter
notebook or any SVG library shows as it is. :class:`~conquian.cards.Card`,
:class:`~conquian.melds.Meld`, :class:`~conquian.state.State` and
:class:`~conquian.state.Observation` show themselves as these pictures in Jupyter.

>>> from conquian import Meld, State, svg
>>> picture = svg.meld(Meld("5h 6h 7h"))
>>> picture.startswith("<svg") and picture.count('class="card"')
3
>>> view = svg.position(State.new(seed=7).observation(0), pack="spanish")
>>> view.count('class="card"'), view.count('class="card back"')  # the stock: a pile of 5
(11, 15)

Two pack styles are drawn: ``"french"``, the clubs, diamonds, hearts and spades of the
seeds and the card notation (R1), in black and red; and ``"spanish"``, the Spanish pack
the game is played with: bastos, oros, copas and espadas, with the sota, caballo and rey
numbered 10, 11 and 12 as on the printed cards. Suits and figures are simple vector
shapes (no font draws a suit, and nothing is embedded); only the rank indexes and the
labels are text, in the reader's sans-serif font.

The output is deterministic: the same arguments give byte-identical text, on every
machine. ``size`` is the width of one card in pixels (:data:`DEFAULT_SIZE` for every
picture); everything scales with it. ``pack`` is the pack style (``style``, its old
name, is deprecated: in :mod:`conquian.narration` ``style`` is how card text is written).
A picture of an :class:`~conquian.state.Observation` shows only what that player may know,
so it is the same whatever the hidden cards are. A picture holds no ``id``, so any number
of them can be put in one web page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final, Literal
from xml.sax.saxutils import escape

from conquian._picture_words import (
    PictureView,
    PictureWords,
    card_name,
    cards_text,
    default_names,
)
from conquian._svg_cards import CARD_H, CARD_W, INK, back_at, card_at, number
from conquian._svg_checks import (
    MAX_DRAWN,
    check_background,
    check_card,
    check_language,
    check_melds,
    check_names,
    check_options,
    pack_of,
)
from conquian._svg_text import FONT_SIZE, origin_lines, text_width, wrapped
from conquian.cards import Card
from conquian.errors import bounded_items, checked_player, describe
from conquian.languages import Language
from conquian.melds import Meld
from conquian.moves import LayDown, Take
from conquian.phases import Phase, first_giver
from conquian.state import Observation, Played, State

__all__ = [
    "DEFAULT_SIZE",
    "PackStyle",
    "card",
    "card_back",
    "cards",
    "meld",
    "position",
    "table",
]

PackStyle = Literal["french", "spanish"]
"""The look of the cards, ``"french"`` (♣ ♦ ♥ ♠) or ``"spanish"`` (bastos, oros, copas,
espadas)."""

DEFAULT_SIZE: Final = 60
"""The default width of one card, in pixels."""

# Every drawing is laid out in card units (a card is CARD_W x CARD_H, 100 x 150); the
# root element's width and height scale the units to ``size`` pixels a card.
_GAP: Final = 10  # between cards of one meld or row
_MELD_GAP: Final = 34  # between melds: the visible boundary
_PAD: Final = 12
_CARD_MARGIN: Final = 8  # around a lone card: its ring reaches 7 units out
_LABEL: Final = 38  # height of a text line above a row of cards
_RAISED: Final = 24  # how far a card set aside to give (M10) stands above its hand
_BASELINE: Final = 27  # of a label, below the top of its line

# Colours: the texts pass WCAG AA (4.5:1) on the white background and the felt, and the
# rings 3:1 on the felt and on a meld's band (tests/test_svg.py computes the ratios).
_HIGHLIGHT: Final = "#b86200"  # the ring of the offered card
_LAST_MOVE: Final = "#1d7368"  # the last move's words, and the ring of the cards it laid
_FELT: Final = "#e9f1ea"
_MELD_BAND: Final = "#cfe0d2"
_MUTED: Final = "#5a5a5a"
_OFFER_INK: Final = "#9a5800"
_BACKGROUND: Final = "white"


def _highlight(color: str, width: float = 6) -> str:
    return (
        f'<rect x="-4" y="-4" width="108" height="158" rx="11" fill="none" '
        f'stroke="{color}" stroke-width="{number(width)}"/>'
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = FONT_SIZE,
    anchor: str = "start",
    fill: str = INK,
) -> str:
    return (
        f'<text x="{number(x)}" y="{number(y)}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _document(
    body: str, width: float, height: float, size: int, title: str, desc: str = ""
) -> str:
    scale = size / CARD_W
    described = f"<desc>{escape(desc)}</desc>" if desc else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{number(width * scale)}" height="{number(height * scale)}" '
        f'viewBox="0 0 {number(width)} {number(height)}" '
        'font-family="Helvetica, Arial, sans-serif" '
        f'role="img"><title>{escape(title)}</title>{described}{body}</svg>'
    )


# ---------------------------------------------------------------- public drawings


def card(
    value: Card,
    *,
    pack: PackStyle = "french",
    size: int = DEFAULT_SIZE,
    highlight: bool = False,
    style: PackStyle | None = None,
) -> str:
    """One card, face up.

    Args:
        value: The card.
        pack: The pack style, ``"french"`` or ``"spanish"``.
        size: The card's width in pixels (its height is one and a half times that).
        highlight: Whether to ring the card (as the offered card is ringed).
        style: The old name of ``pack``, deprecated.

    Returns:
        The SVG text.

    Raises:
        TypeError: ``value`` is not a :class:`~conquian.cards.Card`, ``size`` not an int
            or ``highlight`` not a bool.
        ValueError: An unknown ``pack``, or ``size`` outside 1 to 1,000.

    >>> from conquian import svg, Card
    >>> picture = svg.card(Card.parse("Js"), size=100)
    >>> 'width="116" height="166"' in picture  # the card, and a margin for the ring
    True
    """
    drawn_pack = check_options(pack_of(pack, style), size)
    drawn = check_card(value)
    if not isinstance(highlight, bool):
        raise TypeError(f"highlight must be True or False, not {describe(highlight)}")
    extra = _highlight(_HIGHLIGHT) if highlight else ""
    pad = _CARD_MARGIN
    body = card_at(drawn, drawn_pack, pad, pad, extra)
    title = card_name(drawn, drawn_pack)
    return _document(body, CARD_W + 2 * pad, CARD_H + 2 * pad, size, title)


def card_back(*, size: int = DEFAULT_SIZE) -> str:
    """The back of a card (a hidden card), as large as :func:`card` draws a face.

    >>> from conquian import svg
    >>> svg.card_back().count("card back")
    1
    """
    check_options("french", size)
    pad = _CARD_MARGIN
    return _document(
        back_at(pad, pad), CARD_W + 2 * pad, CARD_H + 2 * pad, size, "a face-down card"
    )


def cards(
    values: Iterable[Card],
    *,
    pack: PackStyle = "french",
    size: int = DEFAULT_SIZE,
    per_row: int | None = None,
    style: PackStyle | None = None,
) -> str:
    """Cards side by side, in the order given, ``per_row`` to a row (all in one row if
    ``None``), in the pack style ``pack`` (``style`` is its old name, deprecated).

    Raises:
        TypeError: A value is not a :class:`~conquian.cards.Card`, ``size`` is not an
            int, or ``per_row`` not an int or None.
        ValueError: A bad ``pack`` or ``size``, ``per_row`` below 1, or more than 400
            cards.

    >>> from conquian import svg, DECK
    >>> svg.cards(DECK, per_row=10, pack="spanish").count('class="card"')
    40
    """
    pack = check_options(pack_of(pack, style), size)
    if per_row is not None and (isinstance(per_row, bool) or not isinstance(per_row, int)):
        raise TypeError(f"per_row must be an int or None, not {describe(per_row)}")
    if per_row is not None and per_row < 1:
        raise ValueError(f"per_row must be a positive int or None, not {describe(per_row)}")
    listed = bounded_items(values, "cards", "an iterable of Card values", MAX_DRAWN)
    if len(listed) > MAX_DRAWN:
        raise ValueError(f"at most {MAX_DRAWN} cards are drawn at once")
    drawn = tuple(check_card(value) for value in listed)
    across = per_row or max(1, len(drawn))
    rows = max(1, -(-len(drawn) // across))
    parts = [
        card_at(
            c, pack, _PAD + (i % across) * (CARD_W + _GAP), _PAD + (i // across) * (CARD_H + _GAP)
        )
        for i, c in enumerate(drawn)
    ]
    width = 2 * _PAD + min(across, max(1, len(drawn))) * (CARD_W + _GAP) - _GAP
    height = 2 * _PAD + rows * (CARD_H + _GAP) - _GAP
    title = cards_text(drawn, pack) or "no cards"
    return _document("".join(parts), width, height, size, title)


def _melds_row(
    melds: Sequence[Meld], pack: PackStyle, x: float, y: float, marked: frozenset[Card]
) -> tuple[str, float]:
    """Melds in a row, each on its own band; returns the SVG and the row's width."""
    parts = []
    left = x
    for group in melds:
        width = len(group) * (CARD_W + _GAP) - _GAP
        parts.append(
            f'<rect class="meld" x="{number(left - 7)}" y="{number(y - 7)}" '
            f'width="{number(width + 14)}" '
            f'height="{CARD_H + 14}" rx="12" fill="{_MELD_BAND}"/>'
        )
        for i, c in enumerate(group):
            extra = _highlight(_LAST_MOVE, 5) if c in marked else ""
            parts.append(card_at(c, pack, left + i * (CARD_W + _GAP), y, extra))
        left += width + _MELD_GAP
    return "".join(parts), max(0.0, left - _MELD_GAP - x)


def meld(
    value: Meld,
    *,
    pack: PackStyle = "french",
    size: int = DEFAULT_SIZE,
    style: PackStyle | None = None,
) -> str:
    """One meld, its cards in display order on one band, in the pack style ``pack``
    (``style`` is its old name, deprecated).

    Raises:
        TypeError: ``value`` is not a :class:`~conquian.melds.Meld`.
        ValueError: A bad ``pack`` or ``size``.

    >>> from conquian import svg, Meld
    >>> svg.meld(Meld("Jc Jh Js")).count('class="meld"')
    1
    """
    if not isinstance(value, Meld):
        raise TypeError(f"expected a Meld, not {type(value).__name__}")
    drawn_pack = pack_of(pack, style)
    return table((value,), pack=drawn_pack, size=size)


def table(
    melds: Iterable[Meld],
    *,
    pack: PackStyle = "french",
    size: int = DEFAULT_SIZE,
    style: PackStyle | None = None,
) -> str:
    """A player's table: the melds in a row, each on its own band, set apart, in the pack
    style ``pack`` (``style`` is its old name, deprecated).

    Raises:
        TypeError: ``melds`` is not an iterable of :class:`~conquian.melds.Meld` values
            (one Meld included: draw it with :func:`meld`).
        ValueError: A bad ``pack`` or ``size``, more than 400 melds, or a card in two
            of them.

    >>> from conquian import svg, Meld
    >>> picture = svg.table([Meld("5c 6c 7c"), Meld("Jd Jh Js")], pack="spanish")
    >>> picture.count('class="meld"'), picture.count('class="card"')
    (2, 6)
    """
    pack = check_options(pack_of(pack, style), size)
    drawn = check_melds(melds)
    row, width = _melds_row(drawn, pack, 2 * _PAD, 2 * _PAD, frozenset())
    title = "  |  ".join(cards_text(m, pack) for m in drawn) or "an empty table"
    return _document(row, max(width, CARD_W) + 4 * _PAD, CARD_H + 4 * _PAD, size, title)


# ---------------------------------------------------------------- positions


def _view_of(source: object, viewer: object) -> PictureView:
    """The view of ``source`` with ``viewer`` (checked) at the bottom."""
    if not isinstance(source, State | Observation):
        raise TypeError(f"source must be a State or an Observation, not {describe(source)}")
    players = source.rules.players
    bottom = None if viewer is None else checked_player(viewer, "viewer", players)
    chosen = _chosen(source)
    if isinstance(source, State):
        hands = tuple(tuple(sorted(hand)) for hand in source.hands)
        sizes = tuple(len(hand) for hand in hands)
        given = source.given
        set_aside = tuple(next((c for c in hand if c in given), None) for hand in hands)
        return PictureView(
            bottom or 0,
            hands,
            sizes,
            False,
            source.stock,
            len(source.stock),
            source,
            set_aside,
            chosen,
        )
    if bottom is not None and bottom != source.player:
        raise ValueError(
            f"an Observation is drawn as its player {source.player} sees it: viewer must be "
            f"{source.player} or None, not {bottom}"
        )
    mine = tuple(sorted(source.hand))
    hands = tuple(mine if seat == source.player else () for seat in range(players))
    set_aside = tuple(source.given if seat == source.player else None for seat in range(players))
    return PictureView(
        source.player,
        hands,
        source.hand_sizes,
        True,
        (),
        source.stock_size,
        source,
        set_aside,
        chosen,
    )


def _chosen(source: State | Observation) -> tuple[bool, ...]:
    """Who has set aside his card in the opening exchange (M10), which is public: the
    players from the player after the dealer up to the one to choose now."""
    players = source.rules.players
    if source.phase is not Phase.EXCHANGE or source.to_move is None:
        return (False,) * players
    first = first_giver(source.dealer, players)
    done = {(first + step) % players for step in range((source.to_move - first) % players)}
    return tuple(seat in done for seat in range(players))


class _Canvas:
    """A position picture drawn row by row, top to bottom."""

    def __init__(
        self, view: PictureView, words: PictureWords, marked: frozenset[Card], widest: float
    ) -> None:
        self.view, self.words, self.pack, self.marked = view, words, words.pack, marked
        self.parts: list[str] = []
        self.y = float(_PAD)
        self.widest = widest
        self.cut_at = math.inf  # the narrowest width a line was cut at, if one was
        self.felt: tuple[int, float] | None = None  # where the felt goes: part, top

    def line(self, text: str, *, size: int = FONT_SIZE, fill: str = INK) -> None:
        """A line of words, cut into lines as wide as the picture (so far)."""
        lines = wrapped(text, self.widest, size)
        if len(lines) > 1:
            self.cut_at = min(self.cut_at, self.widest)
        for part in lines:
            self.parts.append(
                _text(_PAD, self.y + _BASELINE * size / FONT_SIZE, part, size=size, fill=fill)
            )
            self.widest = max(self.widest, text_width(part, size))
            self.y += _LABEL * size / FONT_SIZE

    def hand(self, player: int) -> None:
        view, words, step = self.view, self.words, CARD_W + _GAP
        count = view.hand_sizes[player]
        # With three players the label of the player whose decision it is stands out.
        mover = len(view.hand_sizes) > 2 and player == view.source.to_move
        self.line(words.hand_label(player, count), fill=_OFFER_INK if mover else INK)
        chosen = bool(view.chosen) and view.chosen[player]
        if chosen:  # M10: the card set aside to give stands out, raised and ringed
            self.y += _RAISED
        ring = _highlight(_HIGHLIGHT)
        if view.hidden and player != view.bottom:  # face down, overlapping
            across = step * 0.55
            back = words.back()
            for i in range(count):  # a card set aside, unseen: the last back raised
                if chosen and i == count - 1:
                    self.parts.append(back_at(_PAD + i * across, self.y - _RAISED, back, ring))
                else:
                    self.parts.append(back_at(_PAD + i * across, self.y, back))
            self.widest = max(self.widest, count * across + CARD_W - across)
        else:
            cards = view.hands[player]
            aside = view.set_aside[player] if chosen else None
            for i, c in enumerate(cards):
                if c == aside:
                    self.parts.append(
                        card_at(c, self.pack, _PAD + i * step, self.y - _RAISED, ring)
                    )
                else:
                    self.parts.append(card_at(c, self.pack, _PAD + i * step, self.y))
            self.widest = max(self.widest, len(cards) * step)
        if not count:
            self.parts.append(_empty_slot(_PAD, self.y))
        self.y += CARD_H + _GAP + 6

    def table(self, player: int) -> None:
        view, words = self.view, self.words
        melds = view.source.tables[player]
        laid = sum(map(len, melds))
        self.line(words.table_label(player, laid, view.source.rules.cards_to_go_out), fill=_MUTED)
        self.y += 7
        if melds:
            row, width = _melds_row(melds, self.pack, _PAD + 7, self.y, self.marked)
            self.parts.append(row)
            self.widest = max(self.widest, width + 14)
        else:
            self.parts.append(_empty_slot(_PAD, self.y))
        self.y += CARD_H + _GAP + 14

    def middle(self) -> None:
        """The stock, the card in play with its origin, and the dead cards, on the felt
        (drawn by :meth:`lay_felt` once the picture's width is known)."""
        view, source, words, overlap = self.view, self.view.source, self.words, 28
        top, x = self.y, float(_PAD)
        self.felt = (len(self.parts), top)
        card_y = top + _LABEL
        label = words.stock_label(view.stock_size, face_up=bool(view.stock))
        self.parts.append(_text(x, top + _BASELINE, label))
        after_label = x + text_width(label) + 2 * _GAP
        if view.hidden:
            layers = min(view.stock_size, 5)
            back = words.back()
            for i in range(layers):  # the bottom layer first, the top card last
                self.parts.append(back_at(x + 2 * i, card_y + 2 * (layers - 1 - i), back))
            x += 2 * max(layers - 1, 0)
        else:  # the top card last, on the right, fully shown
            for i, c in enumerate(reversed(view.stock)):
                self.parts.append(card_at(c, self.pack, x + i * overlap, card_y))
            x += overlap * max(len(view.stock) - 1, 0)
        if not view.stock_size:
            self.parts.append(_empty_slot(x, card_y))
        x = max(x + CARD_W + 3 * _GAP, after_label)
        label, lines = words.exchange(view)
        if lines:  # M10: who gives to whom, and who has chosen
            self.parts.append(_text(x, top + _BASELINE, label, fill=_OFFER_INK))
            for i, line in enumerate(lines):
                self.parts.append(_text(x, card_y + 34 + 32 * i, line, fill=_OFFER_INK))
            x += max(map(text_width, [label, *lines])) + 3 * _GAP
        if source.offer is not None:
            label, origin = words.offer(source)
            offer_round = words.offer_round(source)  # three players: who has it (M4)
            lines = origin_lines(origin, 4 - len(offer_round)) + offer_round
            self.parts.append(_text(x, top + _BASELINE, label, fill=_OFFER_INK))
            self.parts.append(card_at(source.offer, self.pack, x, card_y, _highlight(_HIGHLIGHT)))
            for i, line in enumerate(lines):
                self.parts.append(
                    _text(x + CARD_W + 16, card_y + 34 + 32 * i, line, fill=_OFFER_INK)
                )
            beside = CARD_W + 16 + max(map(text_width, lines))
            x += max(beside, text_width(label)) + 3 * _GAP
        dead = source.dead
        label = words.dead_label(len(dead))
        self.parts.append(_text(x, top + _BASELINE, label, fill=_MUTED))
        for i, c in enumerate(dead):
            self.parts.append(card_at(c, self.pack, x + i * overlap, card_y))
        if not dead:
            self.parts.append(_empty_slot(x, card_y))
        x += max(CARD_W + overlap * max(len(dead) - 1, 0), text_width(label))
        self.widest = max(self.widest, x - _PAD)
        self.y = card_y + CARD_H + 30

    def lay_felt(self) -> None:
        """The felt under the middle row, as wide as the whole picture."""
        if self.felt is not None:
            at, top = self.felt
            self.parts.insert(
                at,
                f'<rect class="felt" x="{_PAD - 6}" y="{number(top - 6)}" '
                f'width="{number(self.widest + 12)}" '
                f'height="{CARD_H + _LABEL + 24}" rx="10" fill="{_FELT}"/>',
            )


def _history_index(source: State | Observation, entry: Played) -> int:
    """The position of ``entry`` in ``source.history``: that very entry, else the last
    equal one; :class:`ValueError` when the game has no such entry."""
    history = source.history
    for index in range(len(history) - 1, -1, -1):
        if history[index] is entry:
            return index
    for index in range(len(history) - 1, -1, -1):
        if history[index] == entry:
            return index
    raise ValueError(f"last_move is not a move of this game's history: {entry}")


def position(
    source: State | Observation,
    *,
    pack: PackStyle = "french",
    size: int = DEFAULT_SIZE,
    last_move: Played | None = None,
    names: Sequence[str] | None = None,
    lang: str | Language = "en",
    viewer: int | None = None,
    background: str | None = _BACKGROUND,
    style: PackStyle | None = None,
) -> str:
    """A whole position: every hand and table (two or three players, M1), the offered
    card, the stock and the dead cards.

    A :class:`~conquian.state.State` is drawn face up (for analysis): every hand, and the
    stock in order, its top card on the right; ``viewer`` says who sits at the bottom. An
    :class:`~conquian.state.Observation` is drawn as its player sees it, at the bottom,
    and speaks to him ("your hand"): the other players' hands as card backs and the stock
    as a pile with its count, so the picture is the same whatever the hidden cards are.
    With three players the two others are drawn above the felt in the order of play
    after the player at the bottom, the next player at the top; the felt says who has the
    card in its round of offers and who is offered it after him (M4: "now with Bob",
    "then Carl, then you"), and the hand label of the player to move is written in the
    card's colour. The card in play is ringed and labelled: offered, with where it came
    from (R11); declined, while its offerer decides whether to force it (R14b case a,
    M6); or forced. The dead cards are shown (they are public) with their count. Each
    table's melds stand on their own bands. The top line says whose decision it is and
    its choices, the kinds of his legal moves ("take, decline or force"), or how the game
    ended. The picture's ``<desc>`` tells the position in words, for screen readers.

    Args:
        source: The position, or one player's view of it.
        pack: The pack style, ``"french"`` or ``"spanish"``.
        size: The width of one card in pixels.
        last_move: An entry of ``source.history`` (such as ``state.history[-1]``) to tell
            in words (as :mod:`conquian.narration` does) and mark: the cards it laid on
            the table are ringed.
        names: The players' names, one a player, 1 to 40 characters each, not blank and
            no two the same (``Player 0``, ``Player 1`` and, with three players,
            ``Player 2`` in ``lang`` if ``None``). A name in a right-to-left script is
            isolated (U+2068 ... U+2069) where it is written.
        lang: The language of the words (``en``, ``es``, ``nl``, ``de``, or a
            :class:`~conquian.languages.Language`).
        viewer: The player drawn at the bottom: any player of a State (0 if ``None``);
            an Observation's player (``None`` says the same).
        background: The colour of the picture's background, ``#rgb``, ``#rrggbb`` or
            one of the 148 CSS colour names (in any case); ``None`` leaves it
            transparent (the words are dark: put the picture on a light page).
        style: The old name of ``pack``, deprecated.

    Returns:
        The SVG text.

    Raises:
        TypeError: ``source`` is not a State or Observation, ``last_move`` not a Played
            entry, ``names`` not texts, ``lang`` not a code, ``viewer`` not an int,
            or ``background`` not text.
        ValueError: A bad ``pack`` or ``size``; a ``last_move`` that is not an entry of
            ``source.history``; a name that is empty, blank, longer than 40 characters,
            or holds a control character or a text-direction character, not one name a
            player, or two names alike but for case or spaces (``a`` and ``A``, a
            ConquianError); a ``viewer`` that is not a player of the game (a
            ConquianError), or other than an Observation's player; a ``background``
            that is not a colour.
        ConquianError: An unknown ``lang``.

    >>> from conquian import svg, State
    >>> state = State.new(seed=7)
    >>> picture = svg.position(state, pack="spanish")
    >>> picture.count('class="card"')  # face up: the hands, the stock and the offer
    40
    >>> picture = svg.position(state.observation(1), lang="de", names=["Ann", "Bob"])
    >>> "Du bist am Zug: weitergeben" in picture, "Hand von Ann: 10 Karten" in picture
    (True, True)
    >>> from conquian import TERCERILLA
    >>> three = State.new(seed=5, rules=TERCERILLA).observation(0)
    >>> picture = svg.position(three, names=("Ann", "Bob", "Carl"))
    >>> picture.count('class="card back"'), "now with Bob" in picture  # two hands, a pile
    (21, True)
    """
    pack = check_options(pack_of(pack, style), size)
    if last_move is not None and not isinstance(last_move, Played):
        raise TypeError(f"last_move must be a Played entry or None, not {describe(last_move)}")
    view = _view_of(source, viewer)
    language = check_language(lang)
    player_names = check_names(names, default_names(language, view.source.rules.players))
    fill = check_background(background)
    you = view.bottom if view.hidden else None  # an observation speaks to its player
    words = PictureWords(language, player_names, you, pack)
    told = None
    marked: frozenset[Card] = frozenset()
    if last_move is not None:
        index = _history_index(view.source, last_move)
        told = words.last_move(view.source, index)
        if isinstance(last_move.move, Take | LayDown):
            marked = last_move.move.laid
            if isinstance(last_move.move, Take) and last_move.offer is not None:
                marked |= {last_move.offer}
    status, status_in_title = words.status(view.source)
    canvas = _drawn(view, words, marked, (status, told), 9.0 * (CARD_W + _GAP))
    if canvas.cut_at < canvas.widest:  # a line was cut narrower than the picture became
        canvas = _drawn(view, words, marked, (status, told), canvas.widest)
    width = canvas.widest + 2 * _PAD
    if fill is not None:
        canvas.parts.insert(
            0,
            f'<rect class="background" width="{number(width)}" height="{number(canvas.y)}" '
            f'fill="{fill}"/>',
        )
    title = words.title(status_in_title)
    return _document("".join(canvas.parts), width, canvas.y, size, title, words.summary(view))


def _drawn(
    view: PictureView,
    words: PictureWords,
    marked: frozenset[Card],
    lines: tuple[str, str | None],
    widest: float,
) -> _Canvas:
    """The picture of ``view`` drawn on a canvas at least ``widest`` units wide, under
    its status line and the words of the last move if any, and its felt laid."""
    status, last_move = lines
    canvas = _Canvas(view, words, marked, widest)
    canvas.line(status, size=32)
    if last_move is not None:
        canvas.line(last_move, fill=_LAST_MOVE)
    canvas.y += 10
    for player in view.others:  # the next player first (M1), at the top
        canvas.hand(player)
        canvas.table(player)
    canvas.middle()
    canvas.table(view.bottom)
    canvas.hand(view.bottom)
    canvas.lay_felt()
    return canvas


def _empty_slot(x: float, y: float) -> str:
    return (
        f'<rect x="{number(x)}" y="{number(y)}" width="{CARD_W}" height="{CARD_H}" rx="8" '
        'fill="none" '
        f'stroke="#9bb5a0" stroke-width="3" stroke-dasharray="8 6"/>'
    )
