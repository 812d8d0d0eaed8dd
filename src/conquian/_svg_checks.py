"""Private: the arguments of the pictures of :mod:`conquian.svg` checked: the pack
style (and its deprecated name), the size, the cards and melds drawn, the players' names,
the background colour and the language. Each refuses a bad value with a clear
``TypeError`` or ``ValueError`` before anything is drawn.

>>> check_background("#fff"), check_background("white")
('#fff', 'white')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from conquian.cards import Card
from conquian.errors import bounded_items, describe, warn_renamed
from conquian.languages import Language, find_language
from conquian.melds import Meld
from conquian.narration import check_names_differ

if TYPE_CHECKING:
    from conquian.svg import PackStyle

__all__ = [
    "MAX_DRAWN",
    "check_background",
    "check_card",
    "check_language",
    "check_melds",
    "check_names",
    "check_options",
    "pack_of",
]

_MAX_SIZE: Final = 1_000
MAX_DRAWN: Final = 400  # cards (or melds) a picture of a list or a table may hold
_MAX_NAME: Final = 40  # characters of a player's name


# A background colour written into a picture: #rgb, #rrggbb or a CSS colour name.
_COLOUR: Final = re.compile(r"#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}")
# The 148 named colours of CSS Color Module Level 4 (with both spellings of grey); a
# browser paints any other word black, or not at all ("transparent", "currentColor").
_COLOUR_NAMES: Final = frozenset(
    """
    aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
    blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue
    cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey
    darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon
    darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet
    deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen
    fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
    hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon
    lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey
    lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey
    lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
    mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
    mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose
    moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
    palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink
    plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon
    sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow
    springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke
    yellow yellowgreen
    """.split()  # noqa: SIM905 (a list of 148 names, one a line, is longer to read)
)
# What a player's name may not hold: what XML 1.0 cannot (lone surrogates, most control
# characters, U+FFFE and U+FFFF), and the other control characters (tab, line breaks, C1).
_NOT_IN_A_NAME: Final = re.compile(
    "[^\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
# The characters that set the direction of the text around them: the marks (ALM, LRM,
# RLM), embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI,
# PDI). In a name they would turn the words after it round.
_DIRECTION_CHARACTERS: Final = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def pack_of(pack: PackStyle, style: PackStyle | None) -> PackStyle:
    """``pack``, or ``style``, its deprecated name, if given (with a warning that points
    at the caller's caller: the user's call of a drawing function)."""
    if style is None:
        return pack
    # style= means the card text in conquian.narration; the drawing functions call this.
    warn_renamed("svg's style=", "pack=", depth=2)
    if pack != "french" and pack != style:
        raise TypeError("give the pack style once, as pack= (style= is its old name)")
    return style


def check_options(pack: object, size: object) -> PackStyle:
    if pack not in ("french", "spanish"):
        raise ValueError(f"pack must be 'french' or 'spanish', not {describe(pack)}")
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError(f"size must be an int (pixels a card), not {type(size).__name__}")
    if not 1 <= size <= _MAX_SIZE:
        raise ValueError(f"size must be 1 to {_MAX_SIZE} pixels, not {describe(size)}")
    return "spanish" if pack == "spanish" else "french"


def check_card(value: object) -> Card:
    if not isinstance(value, Card):
        raise TypeError(f"expected a Card, not {type(value).__name__}")
    return value


def check_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    if isinstance(melds, Meld):
        raise TypeError("melds must be an iterable of Meld values, not one Meld: [meld]")
    result = bounded_items(melds, "melds", "an iterable of Meld values", MAX_DRAWN)
    if len(result) > MAX_DRAWN:
        raise ValueError(f"at most {MAX_DRAWN} melds are drawn at once")
    drawn = 0
    for index, value in enumerate(result):
        if not isinstance(value, Meld):
            raise TypeError(
                f"melds must be an iterable of Meld values; item {index} is {describe(value)}"
            )
        twice = drawn & value.mask
        if twice:
            repeated = next(c for c in value if twice >> c.index & 1)
            raise ValueError(f"{repeated} is in two melds: a card is drawn once")
        drawn |= value.mask
    return result


def check_names(names: object, default: tuple[str, ...]) -> tuple[str, ...]:
    """One name a player (as many as ``default`` holds), as they may be written into a
    picture."""
    if names is None:
        return default
    count = len(default)
    wanted = "two" if count == 2 else "three"
    listed = bounded_items(names, "names", f"{wanted} player names", count)
    if len(listed) != count:
        raise ValueError(f"names must be {wanted} player names, not {len(listed)}")
    for name in listed:
        if not isinstance(name, str):
            raise TypeError(f"a player name must be text, not {describe(name)}")
        if not 1 <= len(name) <= _MAX_NAME:
            raise ValueError(f"a player name must be 1 to {_MAX_NAME} characters, not {len(name)}")
        if _NOT_IN_A_NAME.search(name):
            raise ValueError(
                "a player name cannot hold control characters or lone surrogates: "
                f"{describe(name)}"
            )
        if _DIRECTION_CHARACTERS.search(name):
            raise ValueError(
                "a player name cannot hold text-direction characters (U+061C, U+200E, "
                f"U+200F, U+202A to U+202E, U+2066 to U+2069): {describe(name)}"
            )
        if not name.strip():
            raise ValueError(f"a player name cannot be blank: {describe(name)}")
    for index, first in enumerate(listed):
        for second in listed[index + 1 :]:
            check_names_differ(first, second)  # "a" and "A" too, as the narration does
    return tuple(listed)


def check_background(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"background must be a colour (text) or None, not {describe(value)}")
    if not _COLOUR.fullmatch(value) and not (value.isascii() and value.lower() in _COLOUR_NAMES):
        raise ValueError(
            f"background must be #rgb, #rrggbb or a CSS colour name, not {describe(value)}"
        )
    return value


def check_language(lang: object) -> Language:
    if not isinstance(lang, str | Language):
        raise TypeError(f"lang must be a language code or a Language, not {describe(lang)}")
    return find_language(lang)
