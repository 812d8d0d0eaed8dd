"""The languages the library speaks: card names, narration and prompts, as data.

One :class:`Language` table per language: English (``en``), Spanish (``es``, the names
of the Spanish pack), Dutch (``nl``) and German (``de``). Each table holds the rank and
suit names, how a card's full name is built from them, and the phrases that
:mod:`conquian.narration`, ``python -m conquian play`` and ``demo`` fill in, among them
why a move is refused. Code never
branches on the language: adding one is adding a table to :data:`LANGUAGES`.

>>> from conquian.languages import find_language
>>> nl = find_language("NL")
>>> nl.ranks[-1], nl.suits[0], nl.card_name(9, 0)
('heer', 'klaveren', 'heer van klaveren')
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from conquian._phrases import DUTCH_PHRASES, ENGLISH_PHRASES, GERMAN_PHRASES, SPANISH_PHRASES
from conquian._readonly import ReadOnlyDict
from conquian._refusals import DUTCH_REFUSALS, ENGLISH_REFUSALS, GERMAN_REFUSALS, SPANISH_REFUSALS
from conquian.errors import ConquianError, describe

__all__ = ["LANGUAGES", "Language", "find_language"]


def _frozen_phrases(phrases: Mapping[str, str]) -> Mapping[str, str]:
    if not isinstance(phrases, Mapping):
        raise TypeError(f"phrases are a mapping of keys to templates, not {describe(phrases)}")
    return ReadOnlyDict(phrases)  # read-only, and it pickles (a mappingproxy does not)


@attrs.frozen
class Language:
    """The words of one language. Equal tables hold the same words.

    Attributes:
        code: The language code (``en``, ``es``, ``nl``, ``de``).
        name: The language's own name for itself.
        ranks: The ten rank names in play order, ace to king (R1, R2).
        suits: The four suit names in canonical order: clubs, diamonds, hearts, spades.
        card: How a card's full name is built, with ``{rank}`` and ``{suit}``.
        phrases: Narration and prompt templates by key (see :mod:`conquian.narration`);
            a key ending in ``.you`` addresses the player himself as the one who acts,
            one ending in ``.to_you`` as the one a pass or a force is aimed at. A key
            ``refusal.PROBLEM`` says why a move is refused, for each
            :class:`~conquian.errors.MoveProblem` value (see
            :func:`~conquian.narration.explain_refusal`), and ``rule.TAG`` what a rule is
            about (``rule.R14b``: forcing).

    A table is checked when it is made: ten rank and four suit names, a card template
    with ``{rank}`` and ``{suit}``, and every phrase of English with the same
    placeholders (so that every part of the library can speak it).

    Raises:
        TypeError: A field is not text (or a tuple of texts, or a mapping of them).
        ConquianError: A name is missing, or a phrase, or a phrase's placeholders differ
            from its English original.
    """

    code: str
    name: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    card: str
    phrases: Mapping[str, str] = attrs.field(converter=_frozen_phrases, eq=False)

    def card_name(self, rank: int, suit: int) -> str:
        """The full name of the card of rank position ``rank`` (0 for the ace) and suit
        position ``suit`` (0 for clubs).

        >>> from conquian.languages import find_language
        >>> find_language("de").card_name(8, 2)
        'Herz-Dame'
        """
        return self.card.format(rank=self.ranks[rank], suit=self.suits[suit])

    def phrase(self, key: str, **values: object) -> str:
        """The phrase ``key`` with its ``{placeholders}`` filled in.

        Raises:
            KeyError: The table has no phrase ``key``.

        >>> from conquian.languages import find_language
        >>> find_language("es").phrase("stock", count=3)
        'mazo: 3'
        """
        return self.phrases[key].format(**values)

    def __attrs_post_init__(self) -> None:
        _check_table(self)


def _check_table(language: Language) -> None:
    """The checks of a :class:`Language` table (see its docstring)."""
    texts = (language.code, language.name, language.card, *language.ranks, *language.suits)
    if not isinstance(language.ranks, tuple) or not isinstance(language.suits, tuple):
        raise TypeError("ranks and suits are tuples of names")
    if not all(isinstance(text, str) for text in texts):
        raise TypeError(f"language {describe(language.code)}: its names are text")
    if len(language.ranks) != 10 or len(language.suits) != 4:
        raise ConquianError(f"language {describe(language.code)}: 10 ranks and 4 suits")
    try:
        card = _fields(language.card)
    except ValueError:  # a brace that is no placeholder, or a format
        card = set()
    if card != {("rank", ""), ("suit", "")}:
        raise ConquianError(f"language {describe(language.code)}: a card is {{rank}} and {{suit}}")
    for key, english in _ENGLISH.items():
        template = language.phrases.get(key)
        if not isinstance(template, str):
            raise ConquianError(f"language {describe(language.code)}: no phrase {key!r}")
        try:
            fields, original = _fields(template), _fields(english)
        except ValueError as error:  # a brace that is no placeholder, or a bad one
            raise ConquianError(
                f"language {describe(language.code)}: phrase {key!r}: {error}"
            ) from None
        # the same names; {name:,} only where the English phrase formats a number so
        same = {name for name, _ in fields} == {name for name, _ in original}
        if not same or not {field for field in fields if field[1]} <= original:
            raise ConquianError(
                f"language {describe(language.code)}: phrase {key!r} has the placeholders of "
                f"{english!r}"
            )


def placeholders(template: str) -> frozenset[str]:
    """The names of the ``{placeholders}`` of a phrase template.

    Raises:
        ValueError: A brace that is not a placeholder, or a placeholder that is not a
            plain name, with no format but ``,`` (thousands) and no conversion: nothing
            that could make a phrase fail when it is filled in, or grow without bound
            (``{who:>300000000}``). (A :class:`Language` allows ``,`` only where the
            English phrase has it, on a number.)

    >>> sorted(placeholders("{who} passes {card} to {other}"))
    ['card', 'other', 'who']
    >>> placeholders("{count:,} moves")
    frozenset({'count'})
    >>> placeholders("{who:>300000000} turns up {card}")
    Traceback (most recent call last):
    ValueError: '{who:>300000000}' is not {name} or {name:,}
    """
    return frozenset(name for name, _ in _fields(template))


def _fields(template: str) -> set[tuple[str, str]]:
    """The ``(name, format)`` of each placeholder of ``template`` (see
    :func:`placeholders`, which says what it refuses)."""
    fields = set()
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:  # text after the last placeholder
            continue
        if not name.isidentifier() or conversion is not None or spec not in ("", ","):
            field = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            raise ValueError(f"{describe('{' + field + '}')} is not {{name}} or {{name:,}}")
        fields.add((name, spec))
    return fields


_ENGLISH: Final = {**ENGLISH_PHRASES, **ENGLISH_REFUSALS}

ENGLISH: Final = Language(
    "en",
    "English",
    ("ace", "2", "3", "4", "5", "6", "7", "jack", "queen", "king"),
    ("clubs", "diamonds", "hearts", "spades"),
    "{rank} of {suit}",
    _ENGLISH,
)
"""English: ace, 2–7, jack, queen, king of clubs, diamonds, hearts, spades."""

SPANISH: Final = Language(
    "es",
    "español",
    ("as", "2", "3", "4", "5", "6", "7", "sota", "caballo", "rey"),
    ("bastos", "oros", "copas", "espadas"),
    "{rank} de {suit}",
    {**SPANISH_PHRASES, **SPANISH_REFUSALS},
)
"""Spanish, the names of the Spanish pack: as, 2–7, sota, caballo, rey de bastos, oros,
copas, espadas (R1)."""

DUTCH: Final = Language(
    "nl",
    "Nederlands",
    ("aas", "2", "3", "4", "5", "6", "7", "boer", "vrouw", "heer"),
    ("klaveren", "ruiten", "harten", "schoppen"),
    "{rank} van {suit}",
    {**DUTCH_PHRASES, **DUTCH_REFUSALS},
)
"""Dutch: aas, 2–7, boer, vrouw, heer van klaveren, ruiten, harten, schoppen."""

GERMAN: Final = Language(
    "de",
    "Deutsch",
    ("Ass", "2", "3", "4", "5", "6", "7", "Bube", "Dame", "König"),
    ("Kreuz", "Karo", "Herz", "Pik"),
    "{suit}-{rank}",
    {**GERMAN_PHRASES, **GERMAN_REFUSALS},
)
"""German: Ass, 2–7, Bube, Dame, König; Kreuz, Karo, Herz, Pik (``Herz-Dame``)."""

LANGUAGES: Final[Mapping[str, Language]] = MappingProxyType(
    {language.code: language for language in (ENGLISH, SPANISH, DUTCH, GERMAN)}
)
"""The supported languages by code (``"en"``, ``"es"``, ``"nl"`` and ``"de"``), each a
:class:`Language` with its card names and phrases.

:meta hide-value:
"""


def find_language(code: str | Language) -> Language:
    """The language with code ``code`` (case-insensitive); a :class:`Language` is returned
    as it is.

    Raises:
        ConquianError: No supported language has that code.

    >>> from conquian.languages import find_language
    >>> find_language("es").suits
    ('bastos', 'oros', 'copas', 'espadas')
    """
    if isinstance(code, Language):
        return code
    found = LANGUAGES.get(code.strip().lower()) if isinstance(code, str) else None
    if found is None:
        raise ConquianError(
            f"no language has the code {describe(code)}: the languages are " + ", ".join(LANGUAGES)
        )
    return found
