"""The languages the library speaks: card names, narration and prompts, as data.

One :class:`Language` table per language: English (``en``), Spanish (``es``, the names
of the Spanish pack), Dutch (``nl``) and German (``de``). Each table holds the rank and
suit names, how a card's full name is built from them, and the phrases that
:mod:`conquian.narration`, ``python -m conquian play`` and ``demo`` fill in. Code never
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
            a key ending in ``.you`` addresses the player himself.
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


# Placeholders: {who} and {other} are player names ("you_object" stands for {other} when
# the viewer is the other player), {card} and {cards} cards, {meld} and
# {melds} melds, {count} a number, {n} a choice or seat number, {seed} a deal seed and
# {rules} rules text. The "demo..." phrases, "seat", "stock_left" and "holding" are
# python -m conquian demo's.
_EN: Final = {
    "turn_up": "{who} turns up {card}",
    "turn_up.you": "you turn up {card}",
    "upcard": "{who} turns up {card} as the upcard",
    "upcard.you": "you turn up {card} as the upcard",
    "take": "{who} takes {card}",
    "take.you": "you take {card}",
    "forced_take": "{who} is forced to take {card}",
    "forced_take.you": "you are forced to take {card}",
    "lays": "lays down {cards}",
    "lays.you": "lay down {cards}",
    "discards": "discards {card}",
    "discards.you": "discard {card}",
    "goes_out": "and goes out!",
    "goes_out.you": "and go out!",
    "lay_down": "{who} lays down {cards} before deciding on {card}",
    "lay_down.you": "you lay down {cards} before deciding on {card}",
    "pass": "{who} passes {card} to {other}",
    "pass.you": "you pass {card} to {other}",
    "decline": "{who} declines {card}",
    "decline.you": "you decline {card}",
    "decline_upcard": "{who} declines the upcard {card}; {other} may take it",
    "decline_upcard.you": "you decline the upcard {card}; {other} may take it",
    "force": "{who} forces {card} on {other}",
    "force.you": "you force {card} on {other}",
    "release": "{who} releases {card}",
    "release.you": "you release {card}",
    "dies": "{card} is dead",
    "moved": "{cards} moved from {old} to {new}",
    "new_meld": "a new meld {meld}",
    "went_out": "{who} went out",
    "went_out.you": "you went out",
    "drawn": "the game is drawn: no stock is left",
    "from_discard": "{who}'s discard",
    "from_discard.you": "your discard",
    "from_stock": "turned up by {who}",
    "from_stock.you": "turned up by you",
    "from_pass": "passed by {who}",
    "from_pass.you": "passed by you",
    "from_upcard": "the upcard, turned by {who}",
    "from_upcard.you": "the upcard, turned by you",
    "you_object": "you",
    "hand": "your hand",
    "table": "{who}'s table",
    "table.you": "your table",
    "offer": "offered: {card} ({origin})",
    "stock": "stock: {count}",
    "dead": "dead: {cards}",
    "none": "-",
    "choices": "your choices:",
    "prompt": "your choice ({first}-{last}, help)> ",
    "prompt_take": "add a card, or discard (-CARD) or go out (out); 'back' to cancel> ",
    "help": (
        "answer with a number, a move (take +JhJs -3d, decline, force, release), or "
        "'build' to build a take card by card; also: hint, undo, save FILE, quit"
    ),
    "hint": "the bot would play: {move}",
    "bad": "not understood: {reason}",
    "range": "not understood: answer a number from {first} to {last}",
    "illegal": "not legal: {reason}",
    "nothing_to_undo": "nothing to undo yet",
    "undone": "back to your previous decision",
    "saved": "game saved to {path}",
    "eof": "end of input: the game was not finished",
    "quit": "game abandoned",
    "result_win": "{who} wins",
    "result_win.you": "you win!",
    "result_draw": "drawn game",
    "hands": "{who}'s hand: {cards}",
    "hands.you": "your hand: {cards}",
    "score": "match score: you {a}, {bot} {b}",
    "game_number": "game {n}",
    "seed": "seed {seed} (replay with --seed {seed})",
    "builder_can_add": "you may add: {cards}",
    "builder_discards": "then discard one of: {cards}",
    "builder_goes_out": "you may go out",
    "builder_arrangements": "choose the table:",
    "deals": "{who} deals",
    "deals.you": "you deal",
    "option_build": "take {card}: choose the cards to lay down ({count} ways)",
    "option_add": "add {card}",
    "option_remove": "take back {card}",
    "option_discard": "discard {card}",
    "option_out": "go out",
    "option_arrange": "table {melds}",
    "option_back": "back",
    "chosen": "chosen: {cards}",
    "save_failed": "could not save: {reason}",
    "match_over": "the match is over",
    "stake": "stake: {stake}",
    "bot_hand": "{who}'s hand: {cards}",
    "demo": "Conquian demo, seed {seed}: {who} deals to {other}.",
    "demo_rules": "Conquian demo, seed {seed}, rules {rules}: {who} deals to {other}.",
    "seat": "{who} (seat {n})",
    "stock_left": "stock {count}",
    "holding": "table {melds}; hand {cards}",
    "demo_won": "{who} goes out and wins after {count} moves (R16).",
    "demo_drawn": "The game is drawn after {count} moves: the stock ran out (R15).",
}

_ES: Final = {
    "turn_up": "{who} levanta {card}",
    "turn_up.you": "levantas {card}",
    "upcard": "{who} levanta {card} como carta inicial",
    "upcard.you": "levantas {card} como carta inicial",
    "take": "{who} toma {card}",
    "take.you": "tomas {card}",
    "forced_take": "{who} está obligado a tomar {card}",
    "forced_take.you": "estás obligado a tomar {card}",
    "lays": "baja {cards}",
    "lays.you": "bajas {cards}",
    "discards": "descarta {card}",
    "discards.you": "descartas {card}",
    "goes_out": "¡y termina!",
    "goes_out.you": "¡y terminas!",
    "lay_down": "{who} baja {cards} antes de decidir sobre {card}",
    "lay_down.you": "bajas {cards} antes de decidir sobre {card}",
    "pass": "{who} pasa {card} a {other}",
    "pass.you": "pasas {card} a {other}",
    "decline": "{who} rechaza {card}",
    "decline.you": "rechazas {card}",
    "decline_upcard": "{who} rechaza la carta inicial {card}; {other} puede tomarla",
    "decline_upcard.you": "rechazas la carta inicial {card}; {other} puede tomarla",
    "force": "{who} obliga a {other} a tomar {card}",
    "force.you": "obligas a {other} a tomar {card}",
    "release": "{who} deja pasar {card}",
    "release.you": "dejas pasar {card}",
    "dies": "{card} queda muerta",
    "moved": "{cards} pasa de {old} a {new}",
    "new_meld": "una nueva combinación {meld}",
    "went_out": "{who} terminó",
    "went_out.you": "terminaste",
    "drawn": "partida empatada: no queda mazo",
    "from_discard": "descarte de {who}",
    "from_discard.you": "tu descarte",
    "from_stock": "levantada por {who}",
    "from_stock.you": "levantada por ti",
    "from_pass": "pasada por {who}",
    "from_pass.you": "pasada por ti",
    "from_upcard": "la carta inicial, levantada por {who}",
    "from_upcard.you": "la carta inicial, levantada por ti",
    "you_object": "ti",
    "hand": "tu mano",
    "table": "mesa de {who}",
    "table.you": "tu mesa",
    "offer": "ofrecida: {card} ({origin})",
    "stock": "mazo: {count}",
    "dead": "muertas: {cards}",
    "none": "-",
    "choices": "tus opciones:",
    "prompt": "tu elección ({first}-{last}, help)> ",
    "prompt_take": "añade una carta, o descarta (-CARTA) o termina (out); 'back' para volver> ",
    "help": (
        "responde con un número, una jugada (take +JhJs -3d, decline, force, release) o "
        "'build' para formar la toma carta a carta; también: hint, undo, save ARCHIVO, quit"
    ),
    "hint": "el bot jugaría: {move}",
    "bad": "no entendido: {reason}",
    "range": "no entendido: responde con un número del {first} al {last}",
    "illegal": "no es legal: {reason}",
    "nothing_to_undo": "nada que deshacer todavía",
    "undone": "de vuelta a tu decisión anterior",
    "saved": "partida guardada en {path}",
    "eof": "fin de la entrada: la partida no terminó",
    "quit": "partida abandonada",
    "result_win": "gana {who}",
    "result_win.you": "¡ganas!",
    "result_draw": "partida empatada",
    "hands": "mano de {who}: {cards}",
    "hands.you": "tu mano: {cards}",
    "score": "marcador: tú {a}, {bot} {b}",
    "game_number": "partida {n}",
    "seed": "semilla {seed} (repetir con --seed {seed})",
    "builder_can_add": "puedes añadir: {cards}",
    "builder_discards": "luego descarta una de: {cards}",
    "builder_goes_out": "puedes terminar",
    "builder_arrangements": "elige la mesa:",
    "deals": "{who} reparte",
    "deals.you": "repartes",
    "option_build": "tomar {card}: elige las cartas que bajas ({count} maneras)",
    "option_add": "añadir {card}",
    "option_remove": "quitar {card}",
    "option_discard": "descartar {card}",
    "option_out": "terminar",
    "option_arrange": "mesa {melds}",
    "option_back": "volver",
    "chosen": "elegidas: {cards}",
    "save_failed": "no se pudo guardar: {reason}",
    "match_over": "el partido ha terminado",
    "stake": "apuesta: {stake}",
    "bot_hand": "mano de {who}: {cards}",
    "demo": "Demo de Conquián, semilla {seed}: {who} reparte a {other}.",
    "demo_rules": "Demo de Conquián, semilla {seed}, reglas {rules}: {who} reparte a {other}.",
    "seat": "{who} (asiento {n})",
    "stock_left": "mazo {count}",
    "holding": "mesa {melds}; mano {cards}",
    "demo_won": "{who} termina y gana tras {count} jugadas.",
    "demo_drawn": "Partida empatada tras {count} jugadas: no queda mazo.",
}

_NL: Final = {
    "turn_up": "{who} draait {card} om",
    "turn_up.you": "je draait {card} om",
    "upcard": "{who} draait {card} om als openkaart",
    "upcard.you": "je draait {card} om als openkaart",
    "take": "{who} neemt {card}",
    "take.you": "je neemt {card}",
    "forced_take": "{who} moet {card} nemen",
    "forced_take.you": "je moet {card} nemen",
    "lays": "legt {cards} neer",
    "lays.you": "legt {cards} neer",
    "discards": "gooit {card} af",
    "discards.you": "gooit {card} af",
    "goes_out": "en gaat uit!",
    "goes_out.you": "en gaat uit!",
    "lay_down": "{who} legt {cards} neer voor de beslissing over {card}",
    "lay_down.you": "je legt {cards} neer voor de beslissing over {card}",
    "pass": "{who} geeft {card} door aan {other}",
    "pass.you": "je geeft {card} door aan {other}",
    "decline": "{who} weigert {card}",
    "decline.you": "je weigert {card}",
    "decline_upcard": "{who} weigert de openkaart {card}; {other} mag hem nemen",
    "decline_upcard.you": "je weigert de openkaart {card}; {other} mag hem nemen",
    "force": "{who} dwingt {other} {card} te nemen",
    "force.you": "je dwingt {other} {card} te nemen",
    "release": "{who} laat {card} gaan",
    "release.you": "je laat {card} gaan",
    "dies": "{card} is dood",
    "moved": "{cards} gaat van {old} naar {new}",
    "new_meld": "een nieuwe combinatie {meld}",
    "went_out": "{who} is uitgegaan",
    "went_out.you": "je bent uitgegaan",
    "drawn": "remise: de stapel is op",
    "from_discard": "afgooi van {who}",
    "from_discard.you": "jouw afgooi",
    "from_stock": "omgedraaid door {who}",
    "from_stock.you": "omgedraaid door jou",
    "from_pass": "doorgegeven door {who}",
    "from_pass.you": "doorgegeven door jou",
    "from_upcard": "de openkaart, omgedraaid door {who}",
    "from_upcard.you": "de openkaart, omgedraaid door jou",
    "you_object": "jou",
    "hand": "jouw hand",
    "table": "tafel van {who}",
    "table.you": "jouw tafel",
    "offer": "aangeboden: {card} ({origin})",
    "stock": "stapel: {count}",
    "dead": "dood: {cards}",
    "none": "-",
    "choices": "je keuzes:",
    "prompt": "je keuze ({first}-{last}, help)> ",
    "prompt_take": "voeg een kaart toe, of gooi af (-KAART) of ga uit (out); 'back' terug> ",
    "help": (
        "antwoord met een nummer, een zet (take +JhJs -3d, decline, force, release) of "
        "'build' om een neming kaart voor kaart te bouwen; ook: hint, undo, save BESTAND, quit"
    ),
    "hint": "de bot zou spelen: {move}",
    "bad": "niet begrepen: {reason}",
    "range": "niet begrepen: antwoord met een getal van {first} tot {last}",
    "illegal": "niet toegestaan: {reason}",
    "nothing_to_undo": "nog niets terug te nemen",
    "undone": "terug naar je vorige beslissing",
    "saved": "partij opgeslagen in {path}",
    "eof": "einde van de invoer: de partij is niet afgemaakt",
    "quit": "partij gestaakt",
    "result_win": "{who} wint",
    "result_win.you": "je wint!",
    "result_draw": "remise",
    "hands": "hand van {who}: {cards}",
    "hands.you": "jouw hand: {cards}",
    "score": "stand: jij {a}, {bot} {b}",
    "game_number": "partij {n}",
    "seed": "seed {seed} (opnieuw met --seed {seed})",
    "builder_can_add": "je mag toevoegen: {cards}",
    "builder_discards": "gooi dan een af van: {cards}",
    "builder_goes_out": "je mag uitgaan",
    "builder_arrangements": "kies de tafel:",
    "deals": "{who} deelt",
    "deals.you": "je deelt",
    "option_build": "neem {card}: kies de kaarten om neer te leggen ({count} manieren)",
    "option_add": "voeg {card} toe",
    "option_remove": "neem {card} terug",
    "option_discard": "gooi {card} af",
    "option_out": "ga uit",
    "option_arrange": "tafel {melds}",
    "option_back": "terug",
    "chosen": "gekozen: {cards}",
    "save_failed": "opslaan mislukt: {reason}",
    "match_over": "de wedstrijd is afgelopen",
    "stake": "inzet: {stake}",
    "bot_hand": "hand van {who}: {cards}",
    "demo": "Conquian-demo, seed {seed}: {who} deelt aan {other}.",
    "demo_rules": "Conquian-demo, seed {seed}, regels {rules}: {who} deelt aan {other}.",
    "seat": "{who} (plaats {n})",
    "stock_left": "stapel {count}",
    "holding": "tafel {melds}; hand {cards}",
    "demo_won": "{who} gaat uit en wint na {count} zetten.",
    "demo_drawn": "Remise na {count} zetten: de stapel is op.",
}

_DE: Final = {
    "turn_up": "{who} deckt {card} auf",
    "turn_up.you": "du deckst {card} auf",
    "upcard": "{who} deckt {card} als erste Karte auf",
    "upcard.you": "du deckst {card} als erste Karte auf",
    "take": "{who} nimmt {card}",
    "take.you": "du nimmst {card}",
    "forced_take": "{who} muss {card} nehmen",
    "forced_take.you": "du musst {card} nehmen",
    "lays": "legt {cards} aus",
    "lays.you": "legst {cards} aus",
    "discards": "wirft {card} ab",
    "discards.you": "wirfst {card} ab",
    "goes_out": "und ist fertig!",
    "goes_out.you": "und bist fertig!",
    "lay_down": "{who} legt {cards} aus, bevor er über {card} entscheidet",
    "lay_down.you": "du legst {cards} aus, bevor du über {card} entscheidest",
    "pass": "{who} gibt {card} an {other} weiter",
    "pass.you": "du gibst {card} an {other} weiter",
    "decline": "{who} lehnt {card} ab",
    "decline.you": "du lehnst {card} ab",
    "decline_upcard": "{who} lehnt die erste Karte {card} ab; {other} darf sie nehmen",
    "decline_upcard.you": "du lehnst die erste Karte {card} ab; {other} darf sie nehmen",
    "force": "{who} zwingt {other}, {card} zu nehmen",
    "force.you": "du zwingst {other}, {card} zu nehmen",
    "release": "{who} lässt {card} gehen",
    "release.you": "du lässt {card} gehen",
    "dies": "{card} ist tot",
    "moved": "{cards} wandert von {old} zu {new}",
    "new_meld": "einer neuen Kombination {meld}",
    "went_out": "{who} ist fertig",
    "went_out.you": "du bist fertig",
    "drawn": "unentschieden: der Stapel ist leer",
    "from_discard": "Abwurf von {who}",
    "from_discard.you": "dein Abwurf",
    "from_stock": "aufgedeckt von {who}",
    "from_stock.you": "aufgedeckt von dir",
    "from_pass": "weitergegeben von {who}",
    "from_pass.you": "weitergegeben von dir",
    "from_upcard": "die erste Karte, aufgedeckt von {who}",
    "from_upcard.you": "die erste Karte, aufgedeckt von dir",
    "you_object": "dich",
    "hand": "deine Hand",
    "table": "Tisch von {who}",
    "table.you": "dein Tisch",
    "offer": "angeboten: {card} ({origin})",
    "stock": "Stapel: {count}",
    "dead": "tot: {cards}",
    "none": "-",
    "choices": "deine Möglichkeiten:",
    "prompt": "deine Wahl ({first}-{last}, help)> ",
    "prompt_take": "Karte hinzufügen, oder abwerfen (-KARTE) oder fertig (out); 'back' zurück> ",
    "help": (
        "antworte mit einer Nummer, einem Zug (take +JhJs -3d, decline, force, release) "
        "oder 'build', um eine Aufnahme Karte für Karte zu bauen; auch: hint, undo, "
        "save DATEI, quit"
    ),
    "hint": "der Bot würde spielen: {move}",
    "bad": "nicht verstanden: {reason}",
    "range": "nicht verstanden: antworte mit einer Zahl von {first} bis {last}",
    "illegal": "nicht erlaubt: {reason}",
    "nothing_to_undo": "noch nichts zurückzunehmen",
    "undone": "zurück zu deiner vorigen Entscheidung",
    "saved": "Partie gespeichert in {path}",
    "eof": "Ende der Eingabe: die Partie ist nicht beendet",
    "quit": "Partie abgebrochen",
    "result_win": "{who} gewinnt",
    "result_win.you": "du gewinnst!",
    "result_draw": "unentschieden",
    "hands": "Hand von {who}: {cards}",
    "hands.you": "deine Hand: {cards}",
    "score": "Spielstand: du {a}, {bot} {b}",
    "game_number": "Partie {n}",
    "seed": "Seed {seed} (wiederholen mit --seed {seed})",
    "builder_can_add": "du kannst hinzufügen: {cards}",
    "builder_discards": "dann eine abwerfen von: {cards}",
    "builder_goes_out": "du kannst fertig werden",
    "builder_arrangements": "wähle den Tisch:",
    "deals": "{who} gibt",
    "deals.you": "du gibst",
    "option_build": "{card} nehmen: Karten zum Auslegen wählen ({count} Möglichkeiten)",
    "option_add": "{card} hinzufügen",
    "option_remove": "{card} zurücknehmen",
    "option_discard": "{card} abwerfen",
    "option_out": "fertig werden",
    "option_arrange": "Tisch {melds}",
    "option_back": "zurück",
    "chosen": "gewählt: {cards}",
    "save_failed": "Speichern fehlgeschlagen: {reason}",
    "match_over": "das Match ist vorbei",
    "stake": "Einsatz: {stake}",
    "bot_hand": "Hand von {who}: {cards}",
    "demo": "Conquian-Demo, Seed {seed}: {who} gibt an {other}.",
    "demo_rules": "Conquian-Demo, Seed {seed}, Regeln {rules}: {who} gibt an {other}.",
    "seat": "{who} (Platz {n})",
    "stock_left": "Stapel {count}",
    "holding": "Tisch {melds}; Hand {cards}",
    "demo_won": "{who} ist fertig und gewinnt nach {count} Zügen.",
    "demo_drawn": "Unentschieden nach {count} Zügen: der Stapel ist leer.",
}

_KEYS: Final = frozenset(_EN)

ENGLISH: Final = _check_table(
    Language(
        "en",
        "English",
        ("ace", "2", "3", "4", "5", "6", "7", "jack", "queen", "king"),
        ("clubs", "diamonds", "hearts", "spades"),
        "{rank} of {suit}",
        _EN,
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
        _ES,
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
        _NL,
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
        _DE,
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
            if _fields(template) != _fields(_EN[key]):  # pragma: no cover - a table edit
                raise ImportError(f"language {language.code}: phrase {key!r} placeholders")


_check_placeholders()
