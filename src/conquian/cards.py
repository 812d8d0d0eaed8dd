"""Cards: suits, ranks, the 40-card pack and card notation (R1, R2).

A card is written as its rank then its suit: ``7h`` is the seven of hearts, ``Js`` the
jack of spades. Ranks are ``A 2 3 4 5 6 7 J Q K`` (R1); suits are ``c d h s`` (clubs,
diamonds, hearts, spades). Parsing also accepts upper case (``7H``), suit symbols
(``7♥``, ``J♠``), ``1`` for the ace, and the full names in English, Spanish, Dutch and
German (``queen of hearts``, ``sota de espadas``, ``vrouw van harten``, ``Herz-Dame``;
see :mod:`conquian.languages`), which :meth:`Card.name` writes.

The Spanish pack numbers its cards 1–7, 10 (sota), 11 (caballo) and 12 (rey) (R1, M3).
Those numbers are read with a suit of the Spanish pack only, never with ``c d h s`` or a
suit symbol, so that no text can mean two cards: ``10 de copas`` (a suit name after
``de``), or the number followed at once by the suit's letter, ``o`` (oros), ``co``
(copas), ``e`` (espadas) or ``b`` (bastos): ``12o``, ``1e``, ``10co``. Copas is ``co``
because ``c`` is clubs (``1c`` is the ace of clubs). So ``10h`` is no card (the card
notation has no 10), nor ``12c``, nor ``Jo``; and ``8o``, ``9 de oros`` are not in the
pack. :meth:`Card.numbered` and :meth:`Card.spanish` write these forms.

>>> from conquian import Card, parse_cards, format_cards
>>> Card.parse("7♥")
Card.parse('7h')
>>> str(Card.parse("Js")), Card.parse("Js").pretty(), Card.parse("Js").spanish()
('Js', 'J♠', 'sota de espadas')
>>> format_cards(parse_cards("7h7c7s"))
'7h 7c 7s'
>>> Card.parse("Qh").name("nl"), Card.parse("vrouw van harten")
('vrouw van harten', Card.parse('Qh'))
>>> parse_cards("12o 1e 10co"), Card.parse("10 de copas")
((Card.parse('Kd'), Card.parse('As'), Card.parse('Jh')), Card.parse('Jh'))

Cards are ordered by the canonical deck order: by suit (clubs, diamonds, hearts, spades),
then by rank in play order (R2). ``==`` compares rank and suit.
"""

from __future__ import annotations

import contextlib
import enum
import re
from collections.abc import Iterable
from typing import Final

import attrs

from conquian.errors import ConquianError, InvalidCardError, bounded_items, checked_text, describe
from conquian.languages import LANGUAGES, Language, find_language

__all__ = [
    "DECK",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_cards",
    "sorted_cards",
]


class Suit(enum.Enum):
    """The four suits, in canonical order (R1).

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.spanish, Suit.HEARTS.spanish_letter
    ('h', '♥', 'copas', 'co')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter notation, ``c``, ``d``, ``h`` or ``s``."""
        return _SUIT_LETTERS[self.value]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol used by :meth:`Card.pretty`."""
        return _SUIT_SYMBOLS[self.value]

    @property
    def spanish(self) -> str:
        """The suit of the Spanish pack, bastos, oros, copas or espadas (R1)."""
        return _SUIT_SPANISH[self.value]

    @property
    def spanish_letter(self) -> str:
        """The suit's letter after a number of the Spanish pack, ``b`` (bastos), ``o``
        (oros), ``co`` (copas) or ``e`` (espadas), as :meth:`Card.numbered` writes it.
        Copas takes two letters because ``c`` is clubs in the card notation (M3)."""
        return _SUIT_SPANISH_LETTERS[self.value]

    def word(self, lang: str | Language = "en") -> str:
        """The suit's name in the language ``lang`` (see :mod:`conquian.languages`).

        Raises:
            ConquianError: ``lang`` is not a supported language.

        >>> Suit.SPADES.word("de"), Suit.SPADES.word("nl")
        ('Pik', 'schoppen')
        """
        return find_language(lang).suits[self.value]


class Rank(enum.IntEnum):
    """The ten ranks, valued by their position in the play order (R2).

    The value is the position in ``A 2 3 4 5 6 7 J Q K``, counted from 1, so the jack is
    8 and the king 10: two ranks are adjacent in a sequence exactly when their values
    differ by one. The ace is always low and nothing wraps around (R2).

    >>> Rank.SEVEN + 1 == Rank.JACK
    True
    >>> Rank.JACK.letter, Rank.JACK.spanish, Rank.JACK.number
    ('J', 'sota', 10)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10

    @property
    def letter(self) -> str:
        """The one-character notation, one of ``A 2 3 4 5 6 7 J Q K``."""
        return _RANK_LETTERS[self.value - 1]

    @property
    def spanish(self) -> str:
        """The Spanish name, ``1``–``7``, ``sota``, ``caballo`` or ``rey`` (R1)."""
        return _RANK_SPANISH[self.value - 1]

    @property
    def number(self) -> int:
        """The number the Spanish pack prints on the card, 1–7, then 10 (sota), 11
        (caballo) and 12 (rey) (R1, M3). The value, not this number, decides sequences,
        so 7 and 10 are next to each other (R2)."""
        return _RANK_NUMBERS[self.value - 1]

    def word(self, lang: str | Language = "en") -> str:
        """The rank's name in the language ``lang`` (see :mod:`conquian.languages`).

        Raises:
            ConquianError: ``lang`` is not a supported language.

        >>> Rank.QUEEN.word("es"), Rank.KING.word("de")
        ('caballo', 'König')
        """
        return find_language(lang).ranks[self.value - 1]


_SUIT_LETTERS: Final = ("c", "d", "h", "s")
_SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
_SUIT_SPANISH: Final = ("bastos", "oros", "copas", "espadas")
_RANK_LETTERS: Final = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
_RANK_SPANISH: Final = ("1", "2", "3", "4", "5", "6", "7", "sota", "caballo", "rey")
_RANK_NUMBERS: Final = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
_SUIT_SPANISH_LETTERS: Final = ("b", "o", "co", "e")
_CARD_TEXT: Final = tuple(rank + suit for suit in _SUIT_LETTERS for rank in _RANK_LETTERS)
"""``str()`` of each card, by index: one look-up instead of two enum properties (0.04 µs
against 0.32 µs; a JSON view writes about 120 cards)."""

_SUIT_BY_TEXT: Final[dict[str, Suit]] = {}
for _suit in Suit:
    for _name in (_suit.letter, _suit.symbol, _suit.spanish):
        _SUIT_BY_TEXT[_name] = _suit
for _name, _value in (("♧", 0), ("♢", 1), ("♡", 2), ("♤", 3)):
    _SUIT_BY_TEXT[_name] = Suit(_value)

_RANK_BY_TEXT: Final[dict[str, Rank]] = {}
for _rank in Rank:
    _RANK_BY_TEXT[_rank.letter.lower()] = _rank
    _RANK_BY_TEXT[_rank.spanish] = _rank
_RANK_BY_TEXT["as"] = Rank.ACE


def _rank_hint(text: str) -> str:
    return f"there is no rank {describe(text, 12)} in the 40-card pack (R1)"


def _numbers_hint(number: str, suit: str) -> str:
    """Why a number with a suit that is not the Spanish pack's is no card (M3)."""
    known = suit.lower() in _SUIT_BY_TEXT or suit in _SUIT_BY_TEXT
    if number in _NUMBER_ONLY and known:
        why = f"the card notation has no {number}"
    else:
        why = f"there is no suit {describe(suit, 12)}"
    return (
        f"{why}; with a Spanish suit it is {number}o {number}co {number}e {number}b "
        f"or {number} de copas (M3)"
    )


def _check_kind(value: object, kind: type, name: str) -> None:
    """A card's rank or suit must be a member of its enum (the message stays short
    whatever the value)."""
    if not isinstance(value, kind):
        raise TypeError(f"a card's {name} must be a {kind.__name__}, not {describe(value)}")


@attrs.frozen(order=False, repr=False, hash=False)
class Card:
    """One card of the 40-card pack (R1).

    ``Card(Rank.SEVEN, Suit.HEARTS)`` or ``Card.parse("7h")``. Cards are equal when rank
    and suit are equal; they sort in the canonical :data:`DECK` order.

    Attributes:
        rank: The card's :class:`Rank`.
        suit: The card's :class:`Suit`.
        index: The card's position in :data:`DECK` (0 to 39).
    """

    rank: Rank = attrs.field(validator=lambda _, __, value: _check_kind(value, Rank, "rank"))
    suit: Suit = attrs.field(validator=lambda _, __, value: _check_kind(value, Suit, "suit"))
    index: int = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit.value * 10 + self.rank.value - 1)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card.

        Accepts ``7h``, ``7H``, ``7♥``, ``1h`` or ``Ah`` for the ace, and the full names
        of :meth:`name` in every language, in any case: ``queen of hearts``,
        ``sota de espadas``, ``1 de oros``, ``vrouw van harten``, ``Herz-Dame`` (or
        ``Herz Dame``). The numbers of the Spanish pack, 1–7, 10, 11 and 12, are read with
        a Spanish suit only (M3): its name (``10 de copas``) or its letter written after
        the number (``12o``, ``10co``, ``1e``, ``3b``; see :attr:`Suit.spanish_letter`).
        ``10h`` is refused: the card notation has no 10.

        Raises:
            InvalidCardError: ``text`` is not exactly one card.

        >>> Card.parse("Q♦") == Card(Rank.QUEEN, Suit.DIAMONDS)
        True
        >>> Card.parse("caballo de bastos"), Card.parse("KARO-KÖNIG")
        (Card.parse('Qc'), Card.parse('Kd'))
        >>> Card.parse("11 de bastos"), Card.parse("12O"), Card.parse("1co")
        (Card.parse('Qc'), Card.parse('Kd'), Card.parse('Ah'))
        """
        _check_text(text, "a card")
        token = text.strip()
        return _parse_token(token, index=0, column=text.find(token) if token else 0)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0–39) in :data:`DECK`.

        >>> Card.from_index(0), Card.from_index(39)
        (Card.parse('Ac'), Card.parse('Ks'))
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 40:
            raise InvalidCardError(
                f"no card has index {describe(index)}: 0 to 39", token=describe(index)
            )
        return DECK[index]

    def pretty(self) -> str:
        """The card with its Unicode suit symbol, such as ``7♥``."""
        return self.rank.letter + self.suit.symbol

    def spanish(self, *, numbers: bool = False) -> str:
        """The Spanish name, such as ``sota de espadas`` (R1); the ace is ``1``.

        Args:
            numbers: Name the rank by the number the Spanish pack prints on it (M3):
                ``10 de espadas`` for the sota, ``11`` the caballo, ``12`` the rey.

        >>> card = Card.parse("Js")
        >>> card.spanish(), card.spanish(numbers=True)
        ('sota de espadas', '10 de espadas')
        """
        if numbers:
            return f"{self.rank.number} de {self.suit.spanish}"
        return f"{self.rank.spanish} de {self.suit.spanish}"

    def numbered(self) -> str:
        """The card as the Spanish pack numbers it, its number then its suit's letter
        (M3): ``12o`` is the rey de oros (``Kd``), ``10co`` the sota de copas (``Jh``).
        :meth:`parse` reads it back; see :attr:`Suit.spanish_letter`.

        >>> Card.parse("Kd").numbered(), Card.parse("Jh").numbered(), Card.parse("As").numbered()
        ('12o', '10co', '1e')
        """
        return _CARD_NUMBERED[self.index]

    def name(self, lang: str | Language = "en") -> str:
        """The card's full name in the language ``lang`` (``en``, ``es``, ``nl``, ``de``),
        which :meth:`parse` reads back.

        Raises:
            ConquianError: ``lang`` is not a supported language.

        >>> card = Card.parse("Qs")
        >>> card.name(), card.name("es"), card.name("nl"), card.name("de")
        ('queen of spades', 'caballo de espadas', 'vrouw van schoppen', 'Pik-Dame')
        """
        return find_language(lang).card_name(self.rank.value - 1, self.suit.value)

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return _CARD_TEXT[self.index]

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter (see :mod:`conquian.svg`)."""
        from conquian import svg  # lazily: the drawing layer sits above this one

        return svg.card(self)

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 40 cards in canonical order (clubs, diamonds, hearts, spades, each ``A`` to ``K``).

:meta hide-value:
"""

_CARD_BY_KEY: Final[dict[tuple[Rank, Suit], Card]] = {(c.rank, c.suit): c for c in DECK}

_CARD_NUMBERED: Final = tuple(f"{card.rank.number}{card.suit.spanish_letter}" for card in DECK)
""":meth:`Card.numbered` of each card, by index."""
_CARD_BY_NUMBERED: Final = {text: DECK[index] for index, text in enumerate(_CARD_NUMBERED)}
_SPANISH_NUMBERS: Final = frozenset(str(number) for number in _RANK_NUMBERS)
_SPANISH_SUIT_LETTERS: Final = frozenset(_SUIT_SPANISH_LETTERS)
_NUMBER_ONLY: Final = frozenset(("10", "11", "12"))
"""The numbers that are a rank of the Spanish pack only (the sota, caballo and rey)."""

MAX_CARDS_TEXT: Final = 2_000
"""The longest text :func:`parse_cards` and :meth:`Card.parse` read (the whole pack in
Spanish names is under 1,000 characters)."""

_SPANISH_RE: Final = re.compile(r"^\s*(\S+)\s+de\s+(\S+)\s*$", re.IGNORECASE)
_NUMBERED_RE: Final = re.compile(r"([0-9]+)([^0-9\s]+)")
"""A number then a suit: ``12o``, ``10co``, and the mistakes ``10h``, ``8o``."""
_CARD_RUN: Final = r"[0-9]+(?:[cC][oO]|[A-Za-z♣♦♥♠♧♢♡♤])|[A-Za-z][A-Za-z♣♦♥♠♧♢♡♤]"
_RUN_RE: Final = re.compile(_CARD_RUN)
_RUNS_RE: Final = re.compile(f"(?:{_CARD_RUN})+")
"""Cards written together: each a letter rank and a suit character (``Jh``, ``K♠``), or
a number and a suit letter or symbol (``7h``, ``12o``, ``10co``, and the mistake
``10h``, kept whole so that an error names it)."""
_NAME_SPACES_RE: Final = re.compile(r"[\s\-]+")


def _name_key(text: str) -> str:
    """A full card name folded for look-up: case-insensitive, hyphens as spaces."""
    return _NAME_SPACES_RE.sub(" ", text).strip().casefold()


def _names_table() -> dict[str, Card]:
    """Every full name in every language (and the Spanish ``1 de ...`` and ``12 de ...``)
    to its card; no name may stand for two cards (checked here, at import)."""
    table: dict[str, Card] = {}
    for card in DECK:
        names = [card.name(lang) for lang in LANGUAGES]
        names += [card.spanish(), card.spanish(numbers=True)]
        for name in names:
            key = _name_key(name)
            if table.setdefault(key, card) != card:  # pragma: no cover - a table edit
                raise ImportError(f"the card name {name!r} is ambiguous")
    return table


_CARD_BY_NAME: Final = _names_table()


def _check_text(text: object, what: str) -> None:
    """Card text must be a string of at most :data:`MAX_CARDS_TEXT` characters."""
    token = text[:40] if isinstance(text, str) else describe(text)
    checked_text(
        text, what, MAX_CARDS_TEXT, lambda message: InvalidCardError(message, token=token)
    )


def _parse_token(token: str, *, index: int, column: int) -> Card:
    """Parse one token; errors name the token and where it stood."""
    where = f" (card {index + 1}, column {column + 1})" if index or column else ""

    def fail(why: str) -> InvalidCardError:
        return InvalidCardError(
            f"{describe(token)} is not a card{where}: {why}",
            token=token[:40],
            index=index,
            column=column,
        )

    if not token:
        raise fail("empty text")
    named = _CARD_BY_NAME.get(_name_key(token))
    if named is not None:
        return named
    numbered = _CARD_BY_NUMBERED.get(token.lower())
    if numbered is not None:
        return numbered
    spanish = _SPANISH_RE.match(token)
    numbered_form = _NUMBERED_RE.fullmatch(token)
    if spanish and spanish.group(1) in _NUMBER_ONLY:  # 10 de h: not a Spanish suit (M3)
        raise fail(_numbers_hint(spanish.group(1), spanish.group(2)))
    if numbered_form and (numbered_form.group(1) in _NUMBER_ONLY or len(token) > 2):
        number, suit_text = numbered_form.groups()
        # A number with a Spanish suit letter was read above: this is no card.
        if number not in _SPANISH_NUMBERS:
            raise fail(_rank_hint(number))
        raise fail(_numbers_hint(number, suit_text))
    if (
        len(token) == 2
        and token[1].lower() in _SPANISH_SUIT_LETTERS
        and token[0].lower() in _RANK_BY_TEXT
    ):
        raise fail(
            f"{token[1]} is a suit of the Spanish pack, written after the card's number "
            "(1 to 7, 10, 11, 12): 10o, 11o, 12o for the sota, caballo and rey (M3)"
        )
    if spanish:
        rank_text, suit_text = spanish.group(1).lower(), spanish.group(2).lower()
    elif len(token) == 2:
        rank_text, suit_text = token[0].lower(), token[1]
        suit_text = suit_text if suit_text in _SUIT_BY_TEXT else suit_text.lower()
    else:
        if token[:-1].isdigit() and token[:-1] not in _RANK_BY_TEXT:
            raise fail(_rank_hint(token[:-1]))
        if " " in token.strip() or "-" in token:
            raise fail(
                "not a card's name in "
                + ", ".join(LANGUAGES)
                + " (such as queen of hearts, sota de espadas, vrouw van harten, Herz-Dame)"
            )
        raise fail("a card is a rank (A 2 3 4 5 6 7 J Q K) followed by a suit (c d h s)")
    rank = _RANK_BY_TEXT.get(rank_text)
    if rank is None:
        raise fail(_rank_hint(rank_text.upper() if len(rank_text) == 1 else rank_text))
    suit = _SUIT_BY_TEXT.get(suit_text)
    if suit is None:
        raise fail(f"there is no suit {describe(suit_text)}: suits are c d h s (or ♣ ♦ ♥ ♠)")
    return _CARD_BY_KEY[rank, suit]


def _name_words() -> frozenset[str]:
    """The words of the full card names (folded) that are not card notation themselves:
    ``of``, ``de``, ``van``, ``jack``, ``Karo`` ... (not ``as``, the ace of spades)."""
    words = {word for key in _CARD_BY_NAME for word in key.split()}
    return frozenset(word for word in words if not word.isdigit() and word not in _CARD_BY_TEXT)


def _is_names(text: str) -> bool:
    """Whether card-list text is full names (separated by commas) rather than notation: a
    word of more than two characters that is not written-together cards, or a word of a
    full name (``jack of diamonds``, ``Karo Bube``)."""
    for word in re.findall(r"[^\s,]+", text):
        if len(word) > 2 and not _RUNS_RE.fullmatch(word):
            return True
        if any(part.casefold() in _NAME_WORDS for part in word.split("-")):
            return True
    return False


def _tokens(text: str) -> list[tuple[str, int]]:
    """Split card-list text into (token, column) pairs: full names are separated by
    commas, notation by spaces or commas, or written together (``7h7c``, ``12o10co``)."""
    if _is_names(text):
        tokens = []
        column = 0
        for piece in text.split(","):
            stripped = piece.strip()
            if stripped:
                tokens.append((stripped, column + piece.find(stripped)))
            column += len(piece) + 1
        return tokens
    tokens = []
    for chunk in re.finditer(r"[^\s,]+", text):
        word, start = chunk.group(), chunk.start()
        if len(word) > 2 and _RUNS_RE.fullmatch(word):
            tokens.extend((run.group(), start + run.start()) for run in _RUN_RE.finditer(word))
        else:
            tokens.append((word, start))
    return tokens


def _two_letter_cards() -> dict[str, Card]:
    """Every two-character card text the full reader accepts (``7h``, ``7H``, ``7♥``,
    ``Ah``, ``1h``, ``1o`` ...), read by it once at import: the fast path's table."""
    ranks = {c for text in _RANK_BY_TEXT if len(text) == 1 for c in (text, text.upper())}
    letters = [text for text in _SUIT_BY_TEXT if len(text) == 1] + list(_SPANISH_SUIT_LETTERS)
    suits = {c for text in letters if len(text) == 1 for c in (text, text.upper())}
    table = {}
    for rank in ranks:
        for suit in suits:
            with contextlib.suppress(InvalidCardError):
                table[rank + suit] = _parse_token(rank + suit, index=0, column=0)
    return table


_CARD_BY_TEXT: Final = _two_letter_cards()
_NAME_WORDS: Final = _name_words()


def _short_cards(text: str) -> tuple[Card, ...] | None:
    """The cards of a text made of two-character cards only (``7h 7c,7s`` or ``7h7c7s``),
    or ``None`` for anything else. The common case, about ten times faster than reading
    token by token; it gives what the full reader gives (repeats are checked after)."""
    get = _CARD_BY_TEXT.get
    cards = []
    for word in text.replace(",", " ").split():
        if len(word) == 2:
            card = get(word)
            if card is None:
                return None
            cards.append(card)
        elif len(word) % 2 == 0:
            for i in range(0, len(word), 2):
                card = get(word[i : i + 2])
                if card is None:
                    return None
                cards.append(card)
        else:
            return None
    return tuple(cards)


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read a list of cards, keeping their order.

    Cards may be separated by spaces or commas (``7h 7c 7s``), or written together
    (``7h7c7s``). Full names, in any supported language, are separated by commas
    (``7 de copas, sota de espadas``, ``Herz-7, Pik-Bube``). The Spanish pack's numbers
    (M3) are read with Spanish suits only, apart or together (``12o 1e 10co``,
    ``12o1e10co``, ``10 de copas, 12 de oros``): ``8h 9h 10h`` names ``8h``, its first
    card that is not in the pack, and ``10h`` is no card. An empty text is an empty list.

    Args:
        text: The cards.
        allow_duplicates: Accept a card more than once. By default a repeated card is an
            error, since the pack holds each card once.

    Raises:
        InvalidCardError: A token is not a card (the error names it and its position), or
            a card is repeated.

    >>> parse_cards("5c, 6c 7c")
    (Card.parse('5c'), Card.parse('6c'), Card.parse('7c'))
    >>> try:
    ...     parse_cards("7h 8h")
    ... except InvalidCardError as error:
    ...     print(error.token, error.index, error.column)
    8h 1 3
    """
    _check_text(text, "a list of cards")
    fast = _short_cards(text)
    if fast is not None and (allow_duplicates or len(set(fast)) == len(fast)):
        return fast
    # Everything else (Spanish names, errors with their place) takes the full reader.
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    for index, (token, column) in enumerate(_tokens(text)):
        card = _parse_token(token, index=index, column=column)
        if not allow_duplicates and card in seen:
            raise InvalidCardError(
                f"{card} appears twice (cards {seen[card] + 1} and {index + 1})",
                token=token,
                index=index,
                column=column,
            )
        seen.setdefault(card, index)
        cards.append(card)
    return tuple(cards)


# The most cards sorted_cards and format_cards take at once (duplicates allowed), so
# that an endless iterator is refused rather than read forever.
_MAX_LISTED: Final = 1000


def _card_list(cards: Iterable[Card] | str) -> list[Card]:
    """The cards as a list: text is read with :func:`parse_cards` (duplicates allowed, as
    given), and every item of an iterable must be a Card."""
    if isinstance(cards, str):
        return list(parse_cards(cards, allow_duplicates=True))
    found = list(bounded_items(cards, "cards", "text or an iterable of Card values", _MAX_LISTED))
    if len(found) > _MAX_LISTED:  # an endless iterator stops here
        raise ConquianError(f"at most {_MAX_LISTED:,} cards are listed at once")
    for index, card in enumerate(found):
        if card.__class__ is not Card and not isinstance(card, Card):
            raise InvalidCardError(
                f"{describe(card)} is not a Card", token=describe(card), index=index
            )
    return found


def sorted_cards(cards: Iterable[Card] | str) -> list[Card]:
    """The cards in canonical :data:`DECK` order (text is read with :func:`parse_cards`).

    Raises:
        InvalidCardError: Text is not a list of cards, or an item is not a Card.
        TypeError: ``cards`` is neither text nor an iterable.
        ConquianError: More than 1,000 cards (an endless iterator is refused).

    >>> sorted_cards("7h Jc 7c")
    [Card.parse('7c'), Card.parse('Jc'), Card.parse('7h')]
    """
    return sorted(_card_list(cards), key=_index_of)


def _index_of(card: Card) -> int:
    return card.index


def format_cards(
    cards: Iterable[Card] | str,
    *,
    style: str = "short",
    sort: bool = False,
    lang: str | Language | None = None,
) -> str:
    """Write cards as text that :func:`parse_cards` reads back.

    Args:
        cards: The cards, written in the order given unless ``sort`` is true; text is
            read with :func:`parse_cards` first.
        style: ``"short"`` (``7h 7c``), ``"compact"`` (``7h7c``), ``"pretty"``
            (``7♥ 7♣``), ``"spanish"`` (``7 de copas, sota de bastos``), the Spanish
            pack's numbers (M3) as ``"numbers"`` (``7co 10b``) or ``"spanish-numbers"``
            (``7 de copas, 10 de bastos``), or ``"name"`` (full names in ``lang``,
            comma-separated).
        sort: Write the cards in canonical order.
        lang: A language code (``en``, ``es``, ``nl``, ``de``): write full names in that
            language (``style`` is then ``"name"``, its default when ``lang`` is given).

    Raises:
        ValueError: ``style`` is not one of the seven styles, or ``lang`` is given with a
            style other than ``"name"``.
        ConquianError: ``lang`` is not a supported language.
        InvalidCardError: Text is not a list of cards, or an item is not a Card.
        TypeError: ``cards`` is neither text nor an iterable.
        ConquianError: More than 1,000 cards (an endless iterator is refused).

    >>> cards = parse_cards("7h Jc 7c")
    >>> format_cards(cards, style="pretty", sort=True)
    '7♣ J♣ 7♥'
    >>> parse_cards(format_cards(cards, style="spanish")) == cards
    True
    >>> format_cards(cards, lang="de")
    'Herz-7, Kreuz-Bube, Kreuz-7'
    >>> format_cards(cards, style="numbers"), format_cards(cards, style="spanish-numbers")
    ('7co 10b 7b', '7 de copas, 10 de bastos, 7 de bastos')
    >>> format_cards("7h Jc 7c", style="pretty")
    '7♥ J♣ 7♣'
    """
    if lang is not None and style not in ("short", "name"):
        raise ValueError(f"lang writes full names: style {describe(style)} cannot be used with it")
    ordered = sorted_cards(cards) if sort else _card_list(cards)
    if style == "name" or lang is not None:
        language = find_language("en" if lang is None else lang)
        return ", ".join(
            language.card_name(card.rank.value - 1, card.suit.value) for card in ordered
        )
    if style == "short":
        return " ".join(map(str, ordered))
    if style == "compact":
        return "".join(map(str, ordered))
    if style == "pretty":
        return " ".join(card.pretty() for card in ordered)
    if style == "spanish":
        return ", ".join(card.spanish() for card in ordered)
    if style == "numbers":
        return " ".join(_CARD_NUMBERED[card.index] for card in ordered)
    if style == "spanish-numbers":
        return ", ".join(card.spanish(numbers=True) for card in ordered)
    raise ValueError(
        "style must be short, compact, pretty, spanish, numbers, spanish-numbers or name, "
        f"not {describe(style)}"
    )
