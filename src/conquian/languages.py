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
from conquian._refusals import DUTCH_REFUSALS, ENGLISH_REFUSALS, GERMAN_REFUSALS, SPANISH_REFUSALS
from conquian.errors import ConquianError, describe

__all__ = ["LANGUAGES", "Language", "find_language"]


def _frozen_phrases(phrases: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(phrases))


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


def _check_table(language: Language, keys: frozenset[str]) -> Language:
    """Every table has the same phrases with the same placeholders as English."""
    if len(language.ranks) != 10 or len(language.suits) != 4:  # pragma: no cover
        raise ImportError(f"language {language.code}: 10 ranks and 4 suits")
    if frozenset(language.phrases) != keys:  # pragma: no cover - a table edit
        missing = sorted(keys ^ frozenset(language.phrases))
        raise ImportError(f"language {language.code}: phrases differ from English: {missing}")
    return language


def _fields(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


_ENGLISH: Final = {**ENGLISH_PHRASES, **ENGLISH_REFUSALS}
_KEYS: Final = frozenset(_ENGLISH)

ENGLISH: Final = _check_table(
    Language(
        "en",
        "English",
        ("ace", "2", "3", "4", "5", "6", "7", "jack", "queen", "king"),
        ("clubs", "diamonds", "hearts", "spades"),
        "{rank} of {suit}",
        _ENGLISH,
    ),
    _KEYS,
)
"""English: ace, 2–7, jack, queen, king of clubs, diamonds, hearts, spades."""

SPANISH: Final = _check_table(
    Language(
        "es",
        "español",
        ("as", "2", "3", "4", "5", "6", "7", "sota", "caballo", "rey"),
        ("bastos", "oros", "copas", "espadas"),
        "{rank} de {suit}",
        {**SPANISH_PHRASES, **SPANISH_REFUSALS},
    ),
    _KEYS,
)
"""Spanish, the names of the Spanish pack: as, 2–7, sota, caballo, rey de bastos, oros,
copas, espadas (R1)."""

DUTCH: Final = _check_table(
    Language(
        "nl",
        "Nederlands",
        ("aas", "2", "3", "4", "5", "6", "7", "boer", "vrouw", "heer"),
        ("klaveren", "ruiten", "harten", "schoppen"),
        "{rank} van {suit}",
        {**DUTCH_PHRASES, **DUTCH_REFUSALS},
    ),
    _KEYS,
)
"""Dutch: aas, 2–7, boer, vrouw, heer van klaveren, ruiten, harten, schoppen."""

GERMAN: Final = _check_table(
    Language(
        "de",
        "Deutsch",
        ("Ass", "2", "3", "4", "5", "6", "7", "Bube", "Dame", "König"),
        ("Kreuz", "Karo", "Herz", "Pik"),
        "{suit}-{rank}",
        {**GERMAN_PHRASES, **GERMAN_REFUSALS},
    ),
    _KEYS,
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


def _check_placeholders() -> None:
    """Each phrase has the placeholders of its English original (checked at import)."""
    for language in LANGUAGES.values():
        for key, template in language.phrases.items():
            english = _ENGLISH[key]
            if _fields(template) != _fields(english):  # pragma: no cover - a table edit
                raise ImportError(f"language {language.code}: phrase {key!r} placeholders")


_check_placeholders()
