"""Pictures: cards, melds, tables and whole positions as SVG.

Every function returns the text of one standalone SVG image, which a browser, a Jupyter
notebook or any SVG library shows as it is. :class:`~conquian.cards.Card`,
:class:`~conquian.melds.Meld`, :class:`~conquian.state.State` and
:class:`~conquian.state.Observation` show themselves as these pictures in Jupyter.

>>> from conquian import Meld, State, svg
>>> picture = svg.meld(Meld("5h 6h 7h"))
>>> picture.startswith("<svg") and picture.count('class="card"')
3
>>> view = svg.position(State.new(seed=7).observation(0), style="spanish")
>>> view.count('class="card"'), view.count('class="card back"')  # the stock: a pile of 5
(11, 15)

Two pack styles are drawn: ``"french"``, the clubs, diamonds, hearts and spades of the
seeds and the card notation (R1), in black and red; and ``"spanish"``, the Spanish pack
the game is played with: bastos, oros, copas and espadas, with the sota, caballo and rey
numbered 10, 11 and 12 as on the printed cards. Suits and figures are simple vector
shapes (no font draws a suit, and nothing is embedded); only the rank indexes and the
labels are text, in the reader's sans-serif font.

The output is deterministic: the same arguments give byte-identical text, on every
machine. ``size`` is the width of one card in pixels; everything scales with it.
A picture of an :class:`~conquian.state.Observation` shows only what that player may know,
so it is the same whatever the hidden cards are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal, NamedTuple
from xml.sax.saxutils import escape

from conquian._svg_cards import CARD_H, CARD_W, INK, back_at, card_at, number
from conquian.cards import Card
from conquian.errors import bounded_items, describe
from conquian.melds import Meld
from conquian.moves import LayDown, Take
from conquian.state import Fate, Observation, OfferOrigin, Phase, Played, State

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

_MAX_SIZE: Final = 1_000
_MAX_DRAWN: Final = 400  # cards (or melds) a picture of a list or a table may hold

# Every drawing is laid out in card units (a card is CARD_W x CARD_H, 100 x 150); the
# root element's width and height scale the units to ``size`` pixels a card.
_GAP: Final = 10  # between cards of one meld or row
_MELD_GAP: Final = 34  # between melds: the visible boundary
_PAD: Final = 12
_LABEL: Final = 38  # height of a text line above a row of cards
_FONT_SIZE: Final = 26  # of the labels
_BASELINE: Final = 27  # of a label, below the top of its line

_HIGHLIGHT: Final = "#f29d0c"
_LAST_MOVE: Final = "#2a9d8f"
_FELT: Final = "#e9f1ea"
_MELD_BAND: Final = "#cfe0d2"
_MUTED: Final = "#5a5a5a"
_OFFER_INK: Final = "#9a5800"


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
    size: int = _FONT_SIZE,
    anchor: str = "start",
    fill: str = INK,
) -> str:
    return (
        f'<text x="{number(x)}" y="{number(y)}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _text_width(text: str, size: int = _FONT_SIZE) -> float:
    """About how wide ``text`` is in a sans-serif font: an estimate that errs wide."""
    return 0.56 * size * len(text)


def _document(body: str, width: float, height: float, size: int, title: str) -> str:
    scale = size / CARD_W
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{number(width * scale)}" height="{number(height * scale)}" '
        f'viewBox="0 0 {number(width)} {number(height)}" '
        'font-family="Helvetica, Arial, sans-serif" '
        f'role="img"><title>{escape(title)}</title>{body}</svg>'
    )


# ---------------------------------------------------------------- checks


def _check_options(style: object, size: object) -> PackStyle:
    if style not in ("french", "spanish"):
        raise ValueError(f"style must be 'french' or 'spanish', not {describe(style)}")
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError(f"size must be an int (pixels a card), not {type(size).__name__}")
    if not 1 <= size <= _MAX_SIZE:
        raise ValueError(f"size must be 1 to {_MAX_SIZE} pixels, not {describe(size)}")
    return "spanish" if style == "spanish" else "french"


def _check_card(value: object) -> Card:
    if not isinstance(value, Card):
        raise TypeError(f"expected a Card, not {type(value).__name__}")
    return value


def _check_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    result = bounded_items(melds, "melds", "an iterable of Meld values", _MAX_DRAWN)
    if len(result) > _MAX_DRAWN:
        raise ValueError(f"at most {_MAX_DRAWN} melds are drawn at once")
    for value in result:
        if not isinstance(value, Meld):
            raise TypeError(f"expected a Meld, not {type(value).__name__}")
    return result


# ---------------------------------------------------------------- public drawings


def card(
    value: Card, *, style: PackStyle = "french", size: int = DEFAULT_SIZE, highlight: bool = False
) -> str:
    """One card, face up.

    Args:
        value: The card.
        style: ``"french"`` or ``"spanish"``.
        size: The card's width in pixels (its height is one and a half times that).
        highlight: Whether to ring the card (as the offered card is ringed).

    Returns:
        The SVG text.

    Raises:
        TypeError: ``value`` is not a :class:`~conquian.cards.Card`, or ``size`` not an int.
        ValueError: An unknown ``style``, or ``size`` outside 1 to 1,000.

    >>> from conquian import svg, Card
    >>> picture = svg.card(Card.parse("Js"), size=100)
    >>> 'width="112" height="162"' in picture  # the card, and a margin for the ring
    True
    """
    pack = _check_options(style, size)
    drawn = _check_card(value)
    extra = _highlight(_HIGHLIGHT) if highlight else ""
    pad = 6
    body = card_at(drawn, pack, pad, pad, extra)
    title = drawn.spanish() if pack == "spanish" else drawn.pretty()
    return _document(body, CARD_W + 2 * pad, CARD_H + 2 * pad, size, title)


def card_back(*, size: int = DEFAULT_SIZE) -> str:
    """The back of a card (a hidden card).

    >>> from conquian import svg
    >>> svg.card_back().count("card back")
    1
    """
    _check_options("french", size)
    return _document(back_at(6, 6), CARD_W + 12, CARD_H + 12, size, "a face-down card")


def cards(
    values: Iterable[Card],
    *,
    style: PackStyle = "french",
    size: int = DEFAULT_SIZE,
    per_row: int | None = None,
) -> str:
    """Cards side by side, in the order given, ``per_row`` to a row (all in one row if
    ``None``).

    Raises:
        TypeError: A value is not a :class:`~conquian.cards.Card`.
        ValueError: A bad ``style``, ``size`` or ``per_row``, or more than 400 cards.

    >>> from conquian import svg, DECK
    >>> svg.cards(DECK, per_row=10, style="spanish").count('class="card"')
    40
    """
    pack = _check_options(style, size)
    listed = bounded_items(values, "cards", "an iterable of Card values", _MAX_DRAWN)
    if len(listed) > _MAX_DRAWN:
        raise ValueError(f"at most {_MAX_DRAWN} cards are drawn at once")
    drawn = tuple(_check_card(value) for value in listed)
    if per_row is not None and (
        isinstance(per_row, bool) or not isinstance(per_row, int) or per_row < 1
    ):
        raise ValueError(f"per_row must be a positive int or None, not {describe(per_row)}")
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
    title = " ".join(c.pretty() for c in drawn) or "no cards"
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


def meld(value: Meld, *, style: PackStyle = "french", size: int = DEFAULT_SIZE) -> str:
    """One meld, its cards in display order on one band.

    Raises:
        TypeError: ``value`` is not a :class:`~conquian.melds.Meld`.
        ValueError: A bad ``style`` or ``size``.

    >>> from conquian import svg, Meld
    >>> svg.meld(Meld("Jc Jh Js")).count('class="meld"')
    1
    """
    return table((value,), style=style, size=size)


def table(melds: Iterable[Meld], *, style: PackStyle = "french", size: int = DEFAULT_SIZE) -> str:
    """A player's table: the melds in a row, each on its own band, set apart.

    Raises:
        TypeError: A value is not a :class:`~conquian.melds.Meld`.
        ValueError: A bad ``style`` or ``size``, or more than 400 melds.

    >>> from conquian import svg, Meld
    >>> picture = svg.table([Meld("5c 6c 7c"), Meld("Jd Jh Js")], style="spanish")
    >>> picture.count('class="meld"'), picture.count('class="card"')
    (2, 6)
    """
    pack = _check_options(style, size)
    drawn = _check_melds(melds)
    row, width = _melds_row(drawn, pack, 2 * _PAD, 2 * _PAD, frozenset())
    title = "  |  ".join(m.pretty() for m in drawn) or "an empty table"
    return _document(row, max(width, CARD_W) + 4 * _PAD, CARD_H + 4 * _PAD, size, title)


# ---------------------------------------------------------------- positions


def _move_words(played: Played, names: tuple[str, str], pack: PackStyle) -> str:
    """The move of a history entry in the past tense, as its fate tells it."""

    def name(c: Card) -> str:
        return c.spanish() if pack == "spanish" else c.pretty()

    who, other = names[played.player], names[1 - played.player]
    move, offer, fate = played.move, name(played.offer), played.fate
    if isinstance(move, Take):
        verb = "was forced to take" if fate is Fate.TAKEN_FORCED else "took"
        text = f"{who} {verb} {offer}"
        if move.discard is None:
            return text + " and went out"
        return text + f", discarded {name(move.discard)}"
    if isinstance(move, LayDown):
        return f"{who} laid down " + ", ".join(map(name, sorted(move.laid)))
    return {
        Fate.PASSED: f"{who} passed {offer} to {other}",
        Fate.FORCED: f"{who} forced {offer} on {other}",
        Fate.RELEASED: f"{who} released {offer}",
    }.get(fate, f"{who} declined {offer}")


def _origin_words(
    origin: OfferOrigin | None, by: int | None, to_move: int | None, names: tuple[str, str]
) -> tuple[str, ...]:
    """Where the offered card came from, in two short lines."""
    if origin is None or by is None:
        return ("",)
    if origin is OfferOrigin.DISCARD:
        return ("discarded", f"by {names[by]}")
    if origin is OfferOrigin.UPCARD:
        return ("the upcard,", f"turned by {names[by]}")
    if to_move is not None and to_move != by:
        return ("passed", f"by {names[by]}")
    return ("turned from the stock", f"by {names[by]}")


class _View(NamedTuple):
    """What a position picture shows, read from a State or an Observation."""

    viewer: int  # the player drawn at the bottom
    names: tuple[str, str]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # face up; empty when hidden
    hand_sizes: tuple[int, int]
    hidden: bool  # whether the opponent's hand and the stock are face down
    stock: tuple[Card, ...]  # face up, top card first; empty when hidden
    stock_size: int
    source: State | Observation


def _view_of(source: object) -> _View:
    if isinstance(source, State):
        hands = (tuple(sorted(source.hands[0])), tuple(sorted(source.hands[1])))
        sizes = (len(hands[0]), len(hands[1]))
        names = ("Player 0", "Player 1")
        return _View(0, names, hands, sizes, False, source.stock, len(source.stock), source)
    if isinstance(source, Observation):
        mine = tuple(sorted(source.hand))
        hands = (mine, ()) if source.player == 0 else ((), mine)
        names = (
            ("Player 0 (you)", "Player 1")
            if source.player == 0
            else ("Player 0", "Player 1 (you)")
        )
        return _View(
            source.player, names, hands, source.hand_sizes, True, (), source.stock_size, source
        )
    raise TypeError(f"expected a State or Observation, not {type(source).__name__}")


def _status(view: _View) -> str:
    """Whose decision it is and of what kind, or how the game ended."""
    source, names = view.source, view.names
    outcome = source.outcome
    if outcome is not None:
        if outcome.winner is None:
            return "Drawn: the stock ran out (R15)"
        return f"{names[outcome.winner]} went out (R16)"
    decision = {
        Phase.OFFER: "to take or decline",
        Phase.FORCE_DECISION: "to force or release",
        Phase.FORCED_TAKE: "forced to take",
    }.get(source.phase, "to move")
    return f"{names[source.to_move or 0]} {decision}"


class _Canvas:
    """A position picture drawn row by row, top to bottom."""

    def __init__(self, view: _View, pack: PackStyle, marked: frozenset[Card]) -> None:
        self.view, self.pack, self.marked = view, pack, marked
        self.parts: list[str] = []
        self.y = float(_PAD)
        self.widest = 9.0 * (CARD_W + _GAP)

    def line(self, text: str, *, size: int = _FONT_SIZE, fill: str = INK) -> None:
        self.parts.append(
            _text(_PAD, self.y + _BASELINE * size / _FONT_SIZE, text, size=size, fill=fill)
        )
        self.y += _LABEL * size / _FONT_SIZE

    def hand(self, player: int) -> None:
        view, step = self.view, CARD_W + _GAP
        count = view.hand_sizes[player]
        self.line(f"{view.names[player]}: hand, {count} card{'' if count == 1 else 's'}")
        if view.hidden and player != view.viewer:  # face down, overlapping
            across = step * 0.55
            self.parts.extend(back_at(_PAD + i * across, self.y) for i in range(count))
            self.widest = max(self.widest, count * across + CARD_W - across)
        else:
            cards = view.hands[player]
            self.parts.extend(
                card_at(c, self.pack, _PAD + i * step, self.y) for i, c in enumerate(cards)
            )
            self.widest = max(self.widest, len(cards) * step)
        if not count:
            self.parts.append(_empty_slot(_PAD, self.y))
        self.y += CARD_H + _GAP + 6

    def table(self, player: int) -> None:
        view = self.view
        melds = view.source.tables[player]
        laid, goal = sum(map(len, melds)), view.source.rules.cards_to_go_out
        self.line(f"{view.names[player]}: table, {laid} of {goal} cards", fill=_MUTED)
        self.y += 7
        if melds:
            row, width = _melds_row(melds, self.pack, _PAD + 7, self.y, self.marked)
            self.parts.append(row)
            self.widest = max(self.widest, width + 14)
        else:
            self.parts.append(_empty_slot(_PAD, self.y))
        self.y += CARD_H + _GAP + 14

    def middle(self) -> None:
        """The stock, the offered card with its origin, and the dead cards, on the felt."""
        view, source, overlap = self.view, self.view.source, 28
        felt_at, top, x = len(self.parts), self.y, float(_PAD)
        card_y = top + _LABEL
        shown = ", top card on the right" if view.stock else ""
        label = f"Stock: {view.stock_size}{shown}"
        self.parts.append(_text(x, top + _BASELINE, label))
        after_label = x + _text_width(label) + 2 * _GAP
        if view.hidden:
            layers = min(view.stock_size, 5)
            for i in range(layers):  # the bottom layer first, the top card last
                self.parts.append(back_at(x + 2 * i, card_y + 2 * (layers - 1 - i)))
            x += 2 * max(layers - 1, 0)
        else:  # the top card last, on the right, fully shown
            for i, c in enumerate(reversed(view.stock)):
                self.parts.append(card_at(c, self.pack, x + i * overlap, card_y))
            x += overlap * max(len(view.stock) - 1, 0)
        if not view.stock_size:
            self.parts.append(_empty_slot(x, card_y))
        x = max(x + CARD_W + 3 * _GAP, after_label)
        if source.offer is not None:
            lines = _origin_words(
                source.offer_origin, source.offered_by, source.to_move, view.names
            )
            self.parts.append(_text(x, top + _BASELINE, "Offered", fill=_OFFER_INK))
            self.parts.append(card_at(source.offer, self.pack, x, card_y, _highlight(_HIGHLIGHT)))
            for i, line in enumerate(lines):
                self.parts.append(
                    _text(x + CARD_W + 16, card_y + 34 + 32 * i, line, fill=_OFFER_INK)
                )
            x += CARD_W + 16 + max(map(_text_width, lines)) + 3 * _GAP
        dead = source.dead
        self.parts.append(_text(x, top + _BASELINE, f"Dead: {len(dead)}", fill=_MUTED))
        for i, c in enumerate(dead):
            self.parts.append(card_at(c, self.pack, x + i * overlap, card_y))
        if not dead:
            self.parts.append(_empty_slot(x, card_y))
        x += CARD_W + overlap * max(len(dead) - 1, 0)
        self.widest = max(self.widest, x)
        self.parts.insert(
            felt_at,
            f'<rect x="{_PAD - 6}" y="{number(top - 6)}" width="{number(self.widest + 12)}" '
            f'height="{CARD_H + _LABEL + 24}" rx="10" fill="{_FELT}"/>',
        )
        self.y = card_y + CARD_H + 30


def position(
    source: State | Observation,
    *,
    style: PackStyle = "french",
    size: int = 40,
    last_move: Played | None = None,
) -> str:
    """A whole position: both hands and tables, the offered card, the stock and the dead
    cards.

    A :class:`~conquian.state.State` is drawn face up (for analysis): both hands, and the
    stock in order, its top card on the right. An :class:`~conquian.state.Observation` is
    drawn as its player sees it, at the bottom: the opponent's hand as card backs and the
    stock as a pile with its count, so the picture is the same whatever the hidden cards
    are. The offered card is ringed and labelled with where it came from; the dead cards
    are shown (they are public) with their count. Each table's melds stand on their own
    bands.

    Args:
        source: The position, or one player's view of it.
        style: ``"french"`` or ``"spanish"``.
        size: The width of one card in pixels.
        last_move: A :class:`~conquian.state.Played` entry (such as
            ``state.history[-1]``) to describe and mark: the cards it laid on the table
            are ringed.

    Returns:
        The SVG text.

    Raises:
        TypeError: ``source`` is not a State or Observation, or ``last_move`` not a
            Played entry.
        ValueError: A bad ``style`` or ``size``.

    >>> from conquian import svg, State
    >>> state = State.new(seed=7)
    >>> picture = svg.position(state, style="spanish")
    >>> picture.count('class="card"')  # face up: the hands, the stock and the offer
    40
    """
    pack = _check_options(style, size)
    if last_move is not None and not isinstance(last_move, Played):
        raise TypeError(f"last_move must be a Played entry or None, not {type(last_move)}")
    view = _view_of(source)
    marked: frozenset[Card] = frozenset()
    if last_move is not None and isinstance(last_move.move, Take | LayDown):
        marked = last_move.move.laid
        if isinstance(last_move.move, Take):
            marked |= {last_move.offer}
    canvas = _Canvas(view, pack, marked)
    status = _status(view)
    canvas.line(status, size=32)
    if last_move is not None:
        canvas.line("Last move: " + _move_words(last_move, view.names, pack), fill=_LAST_MOVE)
    canvas.y += 10
    top, bottom = 1 - view.viewer, view.viewer
    canvas.hand(top)
    canvas.table(top)
    canvas.middle()
    canvas.table(bottom)
    canvas.hand(bottom)
    width = canvas.widest + 2 * _PAD
    return _document("".join(canvas.parts), width, canvas.y, size, f"Conquian position, {status}")


def _empty_slot(x: float, y: float) -> str:
    return (
        f'<rect x="{number(x)}" y="{number(y)}" width="{CARD_W}" height="{CARD_H}" rx="8" '
        'fill="none" '
        f'stroke="#9bb5a0" stroke-width="3" stroke-dasharray="8 6"/>'
    )
