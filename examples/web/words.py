"""The web page's own words in each language: the lobby's form and its default names, the
bots' and the rules presets' names, the invitation, the record link, the word before the
rules' name, the waiting line, the opponent's hand size, the hint on how to take, and a
lost game's line. The game's words (card names, narration, prompts) come from
:mod:`conquian.languages`; ``server.py`` serves one language's table at ``GET
/api/words?lang=es``, and every table has the keys of English."""

from __future__ import annotations

from typing import Final

from conquian import PRESETS
from conquian.languages import LANGUAGES

__all__ = ["PAGE_WORDS"]

PAGE_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "language": "Language",
        "new_game": "New game",
        "your_name": "Your name",
        "default_name": "Player 1",
        "opponent": "Opponent",
        "a_bot": "a bot:",
        "a_friend": "a friend (two seat links)",
        "save_name": "Save",
        "guest": "Player 2",
        "rules": "Rules",
        "seed": "Seed (optional)",
        "bot_random": "Random",
        "bot_greedy": "Greedy",
        "bot_heuristic": "Heuristic",
        "rules_classic": "Classic",
        "rules_foster": "Foster",
        "rules_bicycle": "Bicycle",
        "start": "Start",
        "invite": "Send this link to your friend:",
        "record": "Download the game record (JSON)",
        "waiting": "waiting for {who}",
        "hand_size": "{count} cards in hand",
        "take_hint": "To take {card}, click the cards of your hand that go with it.",
        "no_game": "This game is not here (any more): start a new one.",
    },
    "es": {
        "language": "Idioma",
        "new_game": "Nueva partida",
        "your_name": "Tu nombre",
        "default_name": "Jugador 1",
        "opponent": "Contrincante",
        "a_bot": "un bot:",
        "a_friend": "un amigo (dos enlaces, uno por asiento)",
        "save_name": "Guardar",
        "guest": "Jugador 2",
        "rules": "Reglas",
        "seed": "Semilla (opcional)",
        "bot_random": "Azar",
        "bot_greedy": "Codicioso",
        "bot_heuristic": "Heurístico",
        "rules_classic": "Clásicas",
        "rules_foster": "Foster",
        "rules_bicycle": "Bicycle",
        "start": "Empezar",
        "invite": "Envía este enlace a tu amigo:",
        "record": "Descargar el registro de la partida (JSON)",
        "waiting": "esperando a {who}",
        "hand_size": "{count} cartas en la mano",
        "take_hint": "Para tomar {card}, haz clic en las cartas de tu mano que van con ella.",
        "no_game": "Esta partida no está (ya) aquí: empieza una nueva.",
    },
    "nl": {
        "language": "Taal",
        "new_game": "Nieuwe partij",
        "your_name": "Je naam",
        "default_name": "Speler 1",
        "opponent": "Tegenstander",
        "a_bot": "een bot:",
        "a_friend": "een vriend (twee links, een per plaats)",
        "save_name": "Opslaan",
        "guest": "Speler 2",
        "rules": "Regels",
        "seed": "Seed (optioneel)",
        "bot_random": "Willekeurig",
        "bot_greedy": "Gulzig",
        "bot_heuristic": "Heuristisch",
        "rules_classic": "Klassiek",
        "rules_foster": "Foster",
        "rules_bicycle": "Bicycle",
        "start": "Begin",
        "invite": "Stuur deze link naar je vriend:",
        "record": "Het verslag van de partij downloaden (JSON)",
        "waiting": "wachten op {who}",
        "hand_size": "{count} kaarten in de hand",
        "take_hint": "Om {card} te nemen, klik je de kaarten uit je hand aan die erbij horen.",
        "no_game": "Deze partij is er niet (meer): begin een nieuwe.",
    },
    "de": {
        "language": "Sprache",
        "new_game": "Neue Partie",
        "your_name": "Dein Name",
        "default_name": "Spieler 1",
        "opponent": "Gegner",
        "a_bot": "ein Bot:",
        "a_friend": "ein Freund (zwei Links, einer je Platz)",
        "save_name": "Speichern",
        "guest": "Spieler 2",
        "rules": "Regeln",
        "seed": "Seed (freiwillig)",
        "bot_random": "Zufall",
        "bot_greedy": "Gierig",
        "bot_heuristic": "Heuristisch",
        "rules_classic": "Klassisch",
        "rules_foster": "Foster",
        "rules_bicycle": "Bicycle",
        "start": "Los",
        "invite": "Schick diesen Link deinem Freund:",
        "record": "Das Protokoll der Partie herunterladen (JSON)",
        "waiting": "warten auf {who}",
        "hand_size": "{count} Karten auf der Hand",
        "take_hint": "Um {card} zu nehmen, klicke die Karten deiner Hand an, die dazu passen.",
        "no_game": "Diese Partie gibt es (nicht mehr): beginne eine neue.",
    },
}


if (
    PAGE_WORDS.keys() != LANGUAGES.keys()
    or any(words.keys() != PAGE_WORDS["en"].keys() for words in PAGE_WORDS.values())
    or any(f"rules_{name}" not in PAGE_WORDS["en"] for name in PRESETS)
):  # pragma: no cover - a table edit
    raise ImportError("PAGE_WORDS needs a table of the same words for every language")
