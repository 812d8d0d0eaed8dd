"""The web page's own words in each language: the lobby's form, the invitation, the record
link, and the word before the rules' name. The game's words (card names, narration,
prompts) come from :mod:`conquian.languages`; ``server.py`` serves one language's table
at ``GET /api/words?lang=es``, and every table has the keys of English."""

from __future__ import annotations

from typing import Final

from conquian.languages import LANGUAGES

__all__ = ["PAGE_WORDS"]

PAGE_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "language": "Language",
        "new_game": "New game",
        "your_name": "Your name",
        "you": "You",
        "opponent": "Opponent",
        "a_bot": "a bot:",
        "a_friend": "a friend (two seat links)",
        "guest": "Guest",
        "rules": "Rules",
        "seed": "Seed (optional)",
        "start": "Start",
        "invite": "Send this link to your friend:",
        "record": "Download the game record (JSON)",
    },
    "es": {
        "language": "Idioma",
        "new_game": "Nueva partida",
        "your_name": "Tu nombre",
        "you": "Tú",
        "opponent": "Contrincante",
        "a_bot": "un bot:",
        "a_friend": "un amigo (dos enlaces, uno por asiento)",
        "guest": "Invitado",
        "rules": "Reglas",
        "seed": "Semilla (opcional)",
        "start": "Empezar",
        "invite": "Envía este enlace a tu amigo:",
        "record": "Descargar el registro de la partida (JSON)",
    },
    "nl": {
        "language": "Taal",
        "new_game": "Nieuwe partij",
        "your_name": "Je naam",
        "you": "Jij",
        "opponent": "Tegenstander",
        "a_bot": "een bot:",
        "a_friend": "een vriend (twee links, een per plaats)",
        "guest": "Gast",
        "rules": "Regels",
        "seed": "Seed (optioneel)",
        "start": "Begin",
        "invite": "Stuur deze link naar je vriend:",
        "record": "Het verslag van de partij downloaden (JSON)",
    },
    "de": {
        "language": "Sprache",
        "new_game": "Neue Partie",
        "your_name": "Dein Name",
        "you": "Du",
        "opponent": "Gegner",
        "a_bot": "ein Bot:",
        "a_friend": "ein Freund (zwei Links, einer je Platz)",
        "guest": "Gast",
        "rules": "Regeln",
        "seed": "Seed (freiwillig)",
        "start": "Los",
        "invite": "Schick diesen Link deinem Freund:",
        "record": "Das Protokoll der Partie herunterladen (JSON)",
    },
}


if PAGE_WORDS.keys() != LANGUAGES.keys() or any(  # pragma: no cover - a table edit
    words.keys() != PAGE_WORDS["en"].keys() for words in PAGE_WORDS.values()
):
    raise ImportError("PAGE_WORDS needs a table of the same words for every language")
