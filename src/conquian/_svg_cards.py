"""Private: the card faces and backs that :mod:`conquian.svg` draws, in both pack styles.

Every card is drawn in units where it is :data:`CARD_W` wide and :data:`CARD_H` tall, with
its top left corner where the caller puts it; :mod:`conquian.svg` lays the cards out and
checks every argument before it calls here (``style`` is ``"french"`` or ``"spanish"``).
"""

from __future__ import annotations

from typing import Final
from xml.sax.saxutils import escape

from conquian._bits import BoundedMemo
from conquian.cards import DECK, Card, Rank, Suit

__all__ = ["CARD_H", "CARD_W", "INK", "back_at", "card_at", "number"]

# A card's size in the units of every drawing (conquian.svg scales them to pixels).
CARD_W: Final = 100
CARD_H: Final = 150

INK: Final = "#1b1b1b"
_FRENCH_RED: Final = "#c8102e"
_SPANISH_INK: Final = {
    Suit.CLUBS: "#2e7d32",  # bastos: green
    Suit.DIAMONDS: "#946c00",  # oros: dark gold (4.8:1 on white, WCAG AA for the index)
    Suit.HEARTS: "#c8102e",  # copas: red
    Suit.SPADES: "#1f5fa8",  # espadas: blue
}


def number(value: float) -> str:
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


def _suit_shape(suit: Suit, style: str) -> str:
    """The suit's shape in its 100 x 100 box, as SVG elements."""
    if style == "french":
        fill = _FRENCH_RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else INK
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


def _pip(suit: Suit, style: str, x: float, y: float, size: float) -> str:
    """The suit shape centred on (x, y), ``size`` units across."""
    scale = size / 100
    left, top = x - size / 2, y - size / 2
    return (
        f'<g transform="translate({number(left)} {number(top)}) scale({number(scale)})">'
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


def _index_text(card: Card, style: str) -> str:
    """The corner index: the Spanish pack's number (M3; ``12`` on the rey), or the rank
    letter."""
    return str(card.rank.number) if style == "spanish" else card.rank.letter


def _ink(card: Card, style: str) -> str:
    if style == "spanish":
        return _SPANISH_INK[card.suit]
    return _FRENCH_RED if card.suit in (Suit.DIAMONDS, Suit.HEARTS) else INK


def _face(card: Card, style: str) -> str:
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


def _card_markup(card: Card, style: str) -> tuple[str, str]:
    """A face-up card's markup around its place: the opening of its group up to the
    translate's numbers, and what follows the translate (the title, the corners and the
    face), in card units."""
    ink = _ink(card, style)
    label = escape(card.spanish() if style == "spanish" else card.pretty())
    index = escape(_index_text(card, style))
    corner = (
        f'<text x="13" y="25" font-size="21" font-weight="bold" fill="{ink}" '
        f'text-anchor="middle">{index}</text>{_pip(card.suit, style, 13, 38, 14)}'
    )
    # The corner indexes repeat the title: hidden from screen readers, which read it once.
    return (
        f'<g class="card" data-card="{card}" transform="translate(',
        f"<title>{label}</title>"
        f'<rect x="0.5" y="0.5" width="99" height="149" rx="8" fill="#fff" stroke="#888" '
        f'stroke-width="1.5"/><g aria-hidden="true">{corner}'
        f'<g transform="rotate(180 50 75)">{corner}</g></g>'
        f"{_face(card, style)}",
    )


# Each card's markup in each pack style (80 in all), built once and placed by its
# translate: building the faces (their pips' numbers and shapes) was 55% of the time of a
# position's picture, which took about 580 µs mid-game then and 200 µs now.
_CARD_MARKUP: Final = BoundedMemo[tuple[str, int], tuple[str, str]](2 * len(DECK), "card faces")


def card_at(card: Card, style: str, x: float, y: float, extra: str = "") -> str:
    """One face-up card with its top left corner at (x, y)."""
    if card.__class__ is not Card:  # a subclass may draw itself otherwise: not kept
        markup = _card_markup(card, style)
    else:
        key = (style, card.index)
        markup = _CARD_MARKUP.get(key) or _CARD_MARKUP.put(key, _card_markup(card, style))
    opening, face = markup
    return f'{opening}{number(x)} {number(y)})">{face}{extra}</g>'


# The lattice of a card back: crossed diagonals as the subpaths of one path (one element
# a back, not twenty: a face-down stock and hand are about 15 backs a picture).
_LATTICE: Final = "".join(
    f"M{top} 10L{top - 80} 140M{top - 80} 10L{top} 140" for top in range(10, 170, 16)
)


def back_at(x: float, y: float, title: str = "a face-down card", extra: str = "") -> str:
    """One face-down card with its top left corner at (x, y), titled ``title`` (plain
    text: it is escaped here), with ``extra`` drawn over it (a ring)."""
    return (
        f'<g class="card back" transform="translate({number(x)} {number(y)})">'
        f"<title>{escape(title)}</title>"
        '<rect x="0.5" y="0.5" width="99" height="149" rx="8" fill="#fff" stroke="#888" '
        'stroke-width="1.5"/><rect x="7" y="7" width="86" height="136" rx="5" fill="#24467a"/>'
        '<svg x="7" y="7" width="86" height="136" viewBox="7 7 86 136">'
        f'<path d="{_LATTICE}" stroke="#5b7fb8" stroke-width="3"/></svg>{extra}</g>'
    )
