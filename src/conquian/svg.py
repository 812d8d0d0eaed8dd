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

from conquian.cards import Card, Rank, Suit
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

# Every drawing is laid out in units where a card is 100 wide and 150 tall; the root
# element's width and height scale the units to ``size`` pixels a card.
_W: Final = 100
_H: Final = 150
_GAP: Final = 10  # between cards of one meld or row
_MELD_GAP: Final = 34  # between melds: the visible boundary
_PAD: Final = 12
_LABEL: Final = 38  # height of a text line above a row of cards
_FONT_SIZE: Final = 26  # of the labels
_BASELINE: Final = 27  # of a label, below the top of its line

_INK: Final = "#1b1b1b"
_FRENCH_RED: Final = "#c8102e"
_SPANISH_INK: Final = {
    Suit.CLUBS: "#2e7d32",  # bastos: green
    Suit.DIAMONDS: "#b8860b",  # oros: gold
    Suit.HEARTS: "#c8102e",  # copas: red
    Suit.SPADES: "#1f5fa8",  # espadas: blue
}
_HIGHLIGHT: Final = "#f29d0c"
_LAST_MOVE: Final = "#2a9d8f"
_FELT: Final = "#e9f1ea"
_MELD_BAND: Final = "#cfe0d2"
_MUTED: Final = "#5a5a5a"
_OFFER_INK: Final = "#9a5800"


def _n(value: float) -> str:
    """A number as short, deterministic SVG text (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# ---------------------------------------------------------------- suit shapes
# Each suit is drawn in a 100 x 100 box, placed by a transform.

_HEART: Final = (
    "M50 92C22 70 4 52 4 32C4 14 18 4 31 4C41 4 47 10 50 18C53 10 59 4 69 4"
    "C82 4 96 14 96 32C96 52 78 70 50 92Z"
)
_DIAMOND: Final = "M50 2L86 50L50 98L14 50Z"
_SPADE: Final = (
    "M50 4C62 24 96 40 96 62C96 78 84 86 72 86C63 86 56 81 53 74C54 84 58 91 66 96H34"
    "C42 91 46 84 47 74C44 81 37 86 28 86C16 86 4 78 4 62C4 40 38 24 50 4Z"
)
_CLUB_STEM: Final = "M45 52H55L61 96H39Z"
_CUP: Final = (
    "M16 8H84C84 40 70 56 57 58V76C63 80 72 84 76 94H24C28 84 37 80 43 76V58C30 56 16 40 16 8Z"
)
_CUDGEL: Final = "M40 96C38 70 32 40 30 20C29 8 40 2 50 2C60 2 71 8 70 20C68 40 62 70 60 96Z"
_SWORD_BLADE: Final = "M50 2L57 14V64H43V14Z"


def _suit_shape(suit: Suit, style: PackStyle) -> str:
    """The suit's shape in its 100 x 100 box, as SVG elements."""
    if style == "french":
        fill = _FRENCH_RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else _INK
        if suit is Suit.CLUBS:
            return (
                f'<g fill="{fill}"><circle cx="50" cy="27" r="21"/>'
                f'<circle cx="26" cy="57" r="21"/><circle cx="74" cy="57" r="21"/>'
                f'<path d="{_CLUB_STEM}"/></g>'
            )
        shape = {Suit.DIAMONDS: _DIAMOND, Suit.HEARTS: _HEART, Suit.SPADES: _SPADE}[suit]
        return f'<path d="{shape}" fill="{fill}"/>'
    ink = _SPANISH_INK[suit]
    if suit is Suit.DIAMONDS:  # oros: a gold coin
        return (
            f'<circle cx="50" cy="50" r="45" fill="#f2c230" stroke="{ink}" stroke-width="6"/>'
            f'<circle cx="50" cy="50" r="24" fill="none" stroke="{ink}" stroke-width="5"/>'
            f'<circle cx="50" cy="50" r="7" fill="{ink}"/>'
        )
    if suit is Suit.HEARTS:  # copas: a cup
        return (
            f'<path d="{_CUP}" fill="{ink}" stroke="#7a0a1c" stroke-width="3"/>'
            '<rect x="18" y="14" width="64" height="6" fill="#f2c230"/>'
        )
    if suit is Suit.SPADES:  # espadas: a sword
        return (
            f'<g fill="{ink}"><path d="{_SWORD_BLADE}"/>'
            '<rect x="26" y="64" width="48" height="8" rx="3"/>'
            '<rect x="45" y="72" width="10" height="16"/>'
            '<circle cx="50" cy="92" r="6"/></g>'
        )
    return (  # bastos: a knotted cudgel
        f'<path d="{_CUDGEL}" fill="{ink}"/>'
        '<g fill="#a5d6a7"><circle cx="42" cy="22" r="5"/><circle cx="58" cy="40" r="5"/>'
        '<circle cx="44" cy="58" r="4"/><circle cx="55" cy="76" r="4"/></g>'
    )


def _pip(suit: Suit, style: PackStyle, x: float, y: float, size: float) -> str:
    """The suit shape centred on (x, y), ``size`` units across."""
    scale = size / 100
    left, top = x - size / 2, y - size / 2
    return (
        f'<g transform="translate({_n(left)} {_n(top)}) scale({_n(scale)})">'
        f"{_suit_shape(suit, style)}</g>"
    )


# Where the pips of the cards 1 to 7 stand, in card units.
_PIPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    1: ((50, 75),),
    2: ((50, 42), (50, 108)),
    3: ((50, 36), (50, 75), (50, 114)),
    4: ((32, 42), (68, 42), (32, 108), (68, 108)),
    5: ((32, 42), (68, 42), (50, 75), (32, 108), (68, 108)),
    6: ((32, 38), (68, 38), (32, 75), (68, 75), (32, 112), (68, 112)),
    7: ((32, 36), (68, 36), (50, 56), (32, 78), (68, 78), (32, 114), (68, 114)),
}

# The caballo of the Spanish pack: a horse's head, like a chess knight, in its card frame.
_HORSE: Final = (
    "M30 120C30 104 36 92 44 82C38 80 32 76 30 70L34 60C38 54 44 46 46 40L44 32L52 36"
    "C62 38 68 48 70 62C72 80 70 100 70 120Z"
)

# The figures: a head, shoulders and what the head wears, by rank.
_HEADWEAR: Final = {
    Rank.JACK: '<path d="M37 43H63L59 33H41Z" fill="{ink}"/>',
    Rank.QUEEN: '<path d="M39 43L41 31L46 37L50 27L54 37L59 31L61 43Z" fill="#f2c230"/>',
    Rank.KING: '<path d="M37 44L37 28L44 36L50 24L56 36L63 28L63 44Z" fill="#f2c230"/>',
}


def _index_text(card: Card, style: PackStyle) -> str:
    if style == "spanish":
        return {Rank.ACE: "1", Rank.JACK: "10", Rank.QUEEN: "11", Rank.KING: "12"}.get(
            card.rank, card.rank.letter
        )
    return card.rank.letter


def _ink(card: Card, style: PackStyle) -> str:
    if style == "spanish":
        return _SPANISH_INK[card.suit]
    return _FRENCH_RED if card.suit in (Suit.DIAMONDS, Suit.HEARTS) else _INK


def _face(card: Card, style: PackStyle) -> str:
    """The middle of a card: its pips, or a figure for the sota, caballo and rey."""
    if card.rank <= Rank.SEVEN:
        size = 52 if card.rank is Rank.ACE else 26
        return "".join(_pip(card.suit, style, x, y, size) for x, y in _PIPS[int(card.rank.value)])
    ink = _ink(card, style)
    frame = (
        f'<rect x="25" y="27" width="50" height="96" rx="6" fill="{ink}" fill-opacity="0.08" '
        f'stroke="{ink}" stroke-width="1.5"/>'
    )
    if style == "spanish" and card.rank is Rank.QUEEN:  # the caballo: a horse's head
        figure = f'<path d="{_HORSE}" fill="{ink}"/><circle cx="47" cy="52" r="3" fill="#fff"/>'
    else:
        figure = (
            f'<path d="M31 118C31 86 38 72 50 72C62 72 69 86 69 118Z" fill="{ink}"/>'
            '<circle cx="50" cy="55" r="12" fill="#f3d9b1" stroke="#8d6e63" stroke-width="1.5"/>'
            + _HEADWEAR[card.rank].format(ink=ink)
        )
    disc = '<circle cx="50" cy="99" r="15" fill="#fff"/>'
    return frame + figure + disc + _pip(card.suit, style, 50, 99, 22)


def _card_at(card: Card, style: PackStyle, x: float, y: float, extra: str = "") -> str:
    """One face-up card with its top left corner at (x, y)."""
    ink = _ink(card, style)
    label = escape(card.spanish() if style == "spanish" else card.pretty())
    index = escape(_index_text(card, style))
    corner = (
        f'<text x="13" y="25" font-size="21" font-weight="bold" fill="{ink}" '
        f'text-anchor="middle">{index}</text>{_pip(card.suit, style, 13, 38, 14)}'
    )
    return (
        f'<g class="card" data-card="{card}" transform="translate({_n(x)} {_n(y)})">'
        f"<title>{label}</title>"
        f'<rect x="0.5" y="0.5" width="99" height="149" rx="8" fill="#fff" stroke="#888" '
        f'stroke-width="1.5"/>{corner}'
        f'<g transform="rotate(180 50 75)">{corner}</g>'
        f"{_face(card, style)}{extra}</g>"
    )


def _back_at(x: float, y: float) -> str:
    """One face-down card with its top left corner at (x, y)."""
    lattice = "".join(
        f'<path d="M{top} 10L{top - 80} 140"/><path d="M{top - 80} 10L{top} 140"/>'
        for top in range(10, 170, 16)
    )
    return (
        f'<g class="card back" transform="translate({_n(x)} {_n(y)})">'
        '<rect x="0.5" y="0.5" width="99" height="149" rx="8" fill="#fff" stroke="#888" '
        'stroke-width="1.5"/><rect x="7" y="7" width="86" height="136" rx="5" fill="#24467a"/>'
        '<svg x="7" y="7" width="86" height="136" viewBox="7 7 86 136">'
        f'<g stroke="#5b7fb8" stroke-width="3">{lattice}</g></svg></g>'
    )


def _highlight(color: str, width: float = 6) -> str:
    return (
        f'<rect x="-4" y="-4" width="108" height="158" rx="11" fill="none" '
        f'stroke="{color}" stroke-width="{_n(width)}"/>'
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = _FONT_SIZE,
    anchor: str = "start",
    fill: str = _INK,
) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _text_width(text: str, size: int = _FONT_SIZE) -> float:
    """About how wide ``text`` is in a sans-serif font: an estimate that errs wide."""
    return 0.56 * size * len(text)


def _document(body: str, width: float, height: float, size: int, title: str) -> str:
    scale = size / _W
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{_n(width * scale)}" height="{_n(height * scale)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="Helvetica, Arial, sans-serif" '
        f'role="img"><title>{escape(title)}</title>{body}</svg>'
    )


# ---------------------------------------------------------------- checks


def _check_options(style: object, size: object) -> PackStyle:
    if style not in ("french", "spanish"):
        raise ValueError(f"style must be 'french' or 'spanish', not {style!r}")
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError(f"size must be an int (pixels a card), not {type(size).__name__}")
    if not 1 <= size <= _MAX_SIZE:
        raise ValueError(f"size must be 1 to {_MAX_SIZE} pixels, not {size}")
    return "spanish" if style == "spanish" else "french"


def _check_card(value: object) -> Card:
    if not isinstance(value, Card):
        raise TypeError(f"expected a Card, not {type(value).__name__}")
    return value


def _check_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    result = tuple(melds)
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
    body = _card_at(drawn, pack, pad, pad, extra)
    title = drawn.spanish() if pack == "spanish" else drawn.pretty()
    return _document(body, _W + 2 * pad, _H + 2 * pad, size, title)


def card_back(*, size: int = DEFAULT_SIZE) -> str:
    """The back of a card (a hidden card).

    >>> from conquian import svg
    >>> svg.card_back().count("card back")
    1
    """
    _check_options("french", size)
    return _document(_back_at(6, 6), _W + 12, _H + 12, size, "a face-down card")


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
        ValueError: A bad ``style``, ``size`` or ``per_row``.

    >>> from conquian import svg, DECK
    >>> svg.cards(DECK, per_row=10, style="spanish").count('class="card"')
    40
    """
    pack = _check_options(style, size)
    drawn = tuple(_check_card(value) for value in values)
    if per_row is not None and (
        isinstance(per_row, bool) or not isinstance(per_row, int) or per_row < 1
    ):
        raise ValueError(f"per_row must be a positive int or None, not {per_row!r}")
    across = per_row or max(1, len(drawn))
    rows = max(1, -(-len(drawn) // across))
    parts = [
        _card_at(c, pack, _PAD + (i % across) * (_W + _GAP), _PAD + (i // across) * (_H + _GAP))
        for i, c in enumerate(drawn)
    ]
    width = 2 * _PAD + min(across, max(1, len(drawn))) * (_W + _GAP) - _GAP
    height = 2 * _PAD + rows * (_H + _GAP) - _GAP
    title = " ".join(c.pretty() for c in drawn) or "no cards"
    return _document("".join(parts), width, height, size, title)


def _melds_row(
    melds: Sequence[Meld], pack: PackStyle, x: float, y: float, marked: frozenset[Card]
) -> tuple[str, float]:
    """Melds in a row, each on its own band; returns the SVG and the row's width."""
    parts = []
    left = x
    for group in melds:
        width = len(group) * (_W + _GAP) - _GAP
        parts.append(
            f'<rect class="meld" x="{_n(left - 7)}" y="{_n(y - 7)}" width="{_n(width + 14)}" '
            f'height="{_H + 14}" rx="12" fill="{_MELD_BAND}"/>'
        )
        for i, c in enumerate(group):
            extra = _highlight(_LAST_MOVE, 5) if c in marked else ""
            parts.append(_card_at(c, pack, left + i * (_W + _GAP), y, extra))
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
        ValueError: A bad ``style`` or ``size``.

    >>> from conquian import svg, Meld
    >>> picture = svg.table([Meld("5c 6c 7c"), Meld("Jd Jh Js")], style="spanish")
    >>> picture.count('class="meld"'), picture.count('class="card"')
    (2, 6)
    """
    pack = _check_options(style, size)
    drawn = _check_melds(melds)
    row, width = _melds_row(drawn, pack, 2 * _PAD, 2 * _PAD, frozenset())
    title = "  |  ".join(m.pretty() for m in drawn) or "an empty table"
    return _document(row, max(width, _W) + 4 * _PAD, _H + 4 * _PAD, size, title)


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
        self.widest = 9.0 * (_W + _GAP)

    def line(self, text: str, *, size: int = _FONT_SIZE, fill: str = _INK) -> None:
        self.parts.append(
            _text(_PAD, self.y + _BASELINE * size / _FONT_SIZE, text, size=size, fill=fill)
        )
        self.y += _LABEL * size / _FONT_SIZE

    def hand(self, player: int) -> None:
        view, step = self.view, _W + _GAP
        count = view.hand_sizes[player]
        self.line(f"{view.names[player]}: hand, {count} card{'' if count == 1 else 's'}")
        if view.hidden and player != view.viewer:  # face down, overlapping
            across = step * 0.55
            self.parts.extend(_back_at(_PAD + i * across, self.y) for i in range(count))
            self.widest = max(self.widest, count * across + _W - across)
        else:
            cards = view.hands[player]
            self.parts.extend(
                _card_at(c, self.pack, _PAD + i * step, self.y) for i, c in enumerate(cards)
            )
            self.widest = max(self.widest, len(cards) * step)
        if not count:
            self.parts.append(_empty_slot(_PAD, self.y))
        self.y += _H + _GAP + 6

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
        self.y += _H + _GAP + 14

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
                self.parts.append(_back_at(x + 2 * i, card_y + 2 * (layers - 1 - i)))
            x += 2 * max(layers - 1, 0)
        else:  # the top card last, on the right, fully shown
            for i, c in enumerate(reversed(view.stock)):
                self.parts.append(_card_at(c, self.pack, x + i * overlap, card_y))
            x += overlap * max(len(view.stock) - 1, 0)
        if not view.stock_size:
            self.parts.append(_empty_slot(x, card_y))
        x = max(x + _W + 3 * _GAP, after_label)
        if source.offer is not None:
            lines = _origin_words(
                source.offer_origin, source.offered_by, source.to_move, view.names
            )
            self.parts.append(_text(x, top + _BASELINE, "Offered", fill=_OFFER_INK))
            self.parts.append(_card_at(source.offer, self.pack, x, card_y, _highlight(_HIGHLIGHT)))
            for i, line in enumerate(lines):
                self.parts.append(_text(x + _W + 16, card_y + 34 + 32 * i, line, fill=_OFFER_INK))
            x += _W + 16 + max(map(_text_width, lines)) + 3 * _GAP
        dead = source.dead
        self.parts.append(_text(x, top + _BASELINE, f"Dead: {len(dead)}", fill=_MUTED))
        for i, c in enumerate(dead):
            self.parts.append(_card_at(c, self.pack, x + i * overlap, card_y))
        if not dead:
            self.parts.append(_empty_slot(x, card_y))
        x += _W + overlap * max(len(dead) - 1, 0)
        self.widest = max(self.widest, x)
        self.parts.insert(
            felt_at,
            f'<rect x="{_PAD - 6}" y="{_n(top - 6)}" width="{_n(self.widest + 12)}" '
            f'height="{_H + _LABEL + 24}" rx="10" fill="{_FELT}"/>',
        )
        self.y = card_y + _H + 30


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
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_W}" height="{_H}" rx="8" fill="none" '
        f'stroke="#9bb5a0" stroke-width="3" stroke-dasharray="8 6"/>'
    )
