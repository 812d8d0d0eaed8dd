"""Private: the refusal phrases of each language, which
:func:`conquian.narration.explain_refusal` fills in to say why a move is refused, and the
topics of the rules they cite.

Plain names for :mod:`conquian.languages`, which adds them to its phrase tables. A key
``refusal.VALUE`` is the phrase of the :class:`~conquian.errors.MoveProblem` of that value,
addressed to the player; ``refusal.no_discard`` is ``not_a_discard`` when the take goes
out, so nothing may be discarded, ``refusal.nothing_chosen`` is ``incomplete`` before any
card is chosen, and ``refusal.table_not_allowed_borrow`` is ``table_not_allowed`` under
``regrouping:borrow``. A key ``rule.TAG`` is what a rule is about (R14b:
forcing). Placeholders: {card} the card the refusal is about, {cards} the cards it lists,
{setting} a rules option (``forcing:off``, as in rules text) and {number} a number.
"""

from __future__ import annotations

import re
from typing import Final

from conquian.errors import MoveProblem

__all__ = [
    "DUTCH_REFUSALS",
    "ENGLISH_REFUSALS",
    "GERMAN_REFUSALS",
    "SPANISH_REFUSALS",
    "english_refusal",
    "refusal_key",
]

ENGLISH_REFUSALS: Final = {
    "refusal.game_over": "the game is over",
    "refusal.must_give": "the opening exchange: you must choose a card of your hand to give",
    "refusal.nothing_to_give": "cards are given only in the opening exchange",
    "refusal.moved_on": "the game has moved on since that move was chosen",
    "refusal.not_your_turn": "it is not your turn",
    "refusal.not_a_move": "that is not a move",
    "refusal.not_legal": "that move is not legal here",
    "refusal.must_take": "you were forced: you must take {card}",
    "refusal.must_force_or_release": "you must force {card} on your opponent or release it",
    "refusal.nothing_to_release": "nothing to release: no declined card awaits a force",
    "refusal.forcing_not_allowed": "these rules ({setting}) do not let you force {card}",
    "refusal.not_passed": "{card} was not passed to you: only a passed card can be forced now",
    "refusal.does_not_fit": "{card} does not fit your opponent's table, so it cannot be forced",
    "refusal.no_lay_down_rule": "these rules ({setting}) let cards be laid down only with a take",
    "refusal.lay_down_not_now": (
        "you may lay down cards only after turning up a stock card, before taking or passing it"
    ),
    "refusal.empty_lay_down": "a lay-down lays at least one card",
    "refusal.nothing_to_lay_down": "none of your hand cards can be laid down now",
    "refusal.not_in_hand": "{card} is not in your hand",
    "refusal.offer_laid": "{card} is the offered card: list only hand cards as laid",
    "refusal.must_discard": "you must discard: you keep {cards}",
    "refusal.discard_offer": "you cannot discard {card}: it goes on your table",
    "refusal.laid_and_discarded": "you cannot both lay down and discard {card}",
    "refusal.not_melds": "the table would not split into melds: {cards}",
    "refusal.not_a_meld": "{cards} is not a meld",
    "refusal.sequence_too_long": "{cards} is longer than {number} cards",
    "refusal.card_twice": "the table uses {card} twice: {cards}",
    "refusal.wrong_cards": "the table must hold exactly these cards: {cards}",
    "refusal.table_not_named": (
        "these rules ({setting}) need your new table named, as [MELD ...]"
    ),
    "refusal.table_not_allowed": (
        "these rules ({setting}) do not allow that table: existing melds stay whole; "
        "cards join them or form new melds"
    ),
    "refusal.already_chosen": "{card} is already chosen",
    "refusal.not_chosen": "{card} is not chosen",
    "refusal.cannot_add": "{card} cannot be added: no legal table holds {cards}",
    "refusal.no_arrangement": "there is no table to choose now",
    "refusal.no_such_arrangement": "no table has that number; tables to choose from: {number}",
    "refusal.must_arrange": "choose the table first",
    "refusal.incomplete": "the cards chosen do not make a table yet: {cards}",
    "refusal.not_a_discard": "you cannot discard {card}; you may discard {cards}",
    "refusal.no_discard": "you cannot discard {card}: this take goes out",
    "refusal.not_all_laid": "to go out, every card is laid down; left: {cards}",
    "refusal.no_long_meld": "to go out, your table needs a meld of {number} cards or more",
    "refusal.wrong_finish": "this move is finished another way",
    "refusal.table_not_allowed_borrow": (
        "these rules ({setting}) do not allow that table: existing melds stay whole, but "
        "for one card borrowed from a group of four or the end of a sequence of four or "
        "more"
    ),
    "refusal.nothing_chosen": "no card is chosen yet",
    "rule.other": "see the rules",
    "rule.R1": "the 40-card pack",
    "rule.R2": "the order of ranks",
    "rule.R4": "groups",
    "rule.R5": "sequences",
    "rule.R6": "a table is melds",
    "rule.R9": "the deal alternates",
    "rule.R11": "take or decline",
    "rule.R12": "laying down with a take",
    "rule.R13": "regrouping",
    "rule.R14a": "a card that fits",
    "rule.R14b": "forcing",
    "rule.R15": "a draw",
    "rule.R16": "going out",
    "rule.M12": "a long meld to go out",
    "rule.V1": "the forcing variant",
    "rule.V2": "the regrouping variant",
    "rule.V3": "laying down from the hand",
    "rule.V4": "the longest sequence",
    "rule.M10": "the opening exchange",
}

SPANISH_REFUSALS: Final = {
    "refusal.game_over": "la partida ha terminado",
    "refusal.must_give": "el intercambio inicial: debes elegir una carta de tu mano para dar",
    "refusal.nothing_to_give": "solo se dan cartas en el intercambio inicial",
    "refusal.moved_on": "la partida ha avanzado desde que se eligió esa jugada",
    "refusal.not_your_turn": "no es tu turno",
    "refusal.not_a_move": "eso no es una jugada",
    "refusal.not_legal": "esa jugada no es legal aquí",
    "refusal.must_take": "te han obligado: debes tomar {card}",
    "refusal.nothing_to_release": (
        "no hay nada que soltar: no hay ninguna carta rechazada con la que obligar"
    ),
    "refusal.forcing_not_allowed": (
        "estas reglas ({setting}) no te permiten obligar a tu rival a tomar {card}"
    ),
    "refusal.not_passed": (
        "no te han pasado {card}: ahora solo puedes obligar con una carta que te hayan pasado"
    ),
    "refusal.does_not_fit": "no puedes obligar a tu rival a tomar {card}: no encaja en su mesa",
    "refusal.no_lay_down_rule": "con estas reglas ({setting}) solo se bajan cartas al tomar una",
    "refusal.lay_down_not_now": (
        "solo puedes bajar cartas después de descubrir una carta del mazo, antes de tomarla o "
        "pasarla"
    ),
    "refusal.empty_lay_down": "hay que bajar al menos una carta",
    "refusal.nothing_to_lay_down": "ahora no puedes bajar ninguna carta de tu mano",
    "refusal.not_in_hand": "no tienes {card} en la mano",
    "refusal.offer_laid": (
        "la carta ofrecida es {card}: indica como bajadas solo cartas de tu mano"
    ),
    "refusal.must_discard": "debes descartar: te quedan {cards}",
    "refusal.discard_offer": "no puedes descartar {card}: va a tu mesa",
    "refusal.laid_and_discarded": "no puedes bajar y descartar {card} a la vez",
    "refusal.not_melds": "la mesa no se dividiría en combinaciones: {cards}",
    "refusal.not_a_meld": "{cards} no es una combinación",
    "refusal.sequence_too_long": "{cards} tiene más de {number} cartas",
    "refusal.card_twice": "la mesa usa {card} dos veces: {cards}",
    "refusal.wrong_cards": "la mesa debe tener exactamente estas cartas: {cards}",
    "refusal.table_not_named": (
        "estas reglas ({setting}) piden que indiques cómo queda tu nueva mesa"
    ),
    "refusal.table_not_allowed": (
        "estas reglas ({setting}) no permiten esa mesa: las combinaciones ya bajadas "
        "quedan enteras; las cartas se añaden a ellas o forman combinaciones nuevas"
    ),
    "refusal.already_chosen": "ya has elegido {card}",
    "refusal.not_chosen": "no has elegido {card}",
    "refusal.cannot_add": "no se puede añadir {card}: ninguna mesa legal tiene {cards}",
    "refusal.no_arrangement": "ahora no hay ninguna mesa que elegir",
    "refusal.no_such_arrangement": "ninguna mesa tiene ese número; mesas para elegir: {number}",
    "refusal.must_arrange": "primero elige la mesa",
    "refusal.incomplete": "las cartas elegidas aún no forman una mesa: {cards}",
    "refusal.not_a_discard": "no puedes descartar {card}; puedes descartar {cards}",
    "refusal.no_discard": "no puedes descartar {card}: con esta jugada cierras",
    "refusal.not_all_laid": "para cerrar hay que bajar todas las cartas; quedan {cards}",
    "refusal.no_long_meld": (
        "para cerrar, tu mesa necesita una combinación de {number} cartas o más"
    ),
    "refusal.wrong_finish": "esta jugada se termina de otro modo",
    "refusal.must_force_or_release": ("debes obligar a tu rival a tomar {card} o soltar la carta"),
    "refusal.table_not_allowed_borrow": (
        "estas reglas ({setting}) no permiten esa mesa: las combinaciones ya bajadas "
        "quedan enteras, salvo una carta tomada de un grupo de cuatro o del extremo de "
        "una escalera de cuatro o más"
    ),
    "refusal.nothing_chosen": "aún no has elegido ninguna carta",
    "rule.other": "consulta las reglas",
    "rule.R1": "la baraja de 40 cartas",
    "rule.R2": "el orden de las cartas",
    "rule.R4": "grupos",
    "rule.R5": "escaleras",
    "rule.R6": "la mesa se compone de combinaciones",
    "rule.R9": "el reparto se alterna",
    "rule.R11": "tomar o rechazar",
    "rule.R12": "bajar al tomar",
    "rule.R13": "reagrupar",
    "rule.R14a": "una carta que encaja",
    "rule.R14b": "obligar",
    "rule.R15": "empate",
    "rule.R16": "cerrar",
    "rule.M12": "una combinación larga para cerrar",
    "rule.V1": "la variante de obligar",
    "rule.V2": "la variante de reagrupar",
    "rule.V3": "bajar de la mano",
    "rule.V4": "la escalera más larga",
    "rule.M10": "el intercambio inicial",
}

DUTCH_REFUSALS: Final = {
    "refusal.game_over": "de partij is afgelopen",
    "refusal.must_give": "de ruil bij het begin: je moet een kaart uit je hand kiezen om te geven",
    "refusal.nothing_to_give": "kaarten worden alleen bij de ruil aan het begin gegeven",
    "refusal.moved_on": "de partij is verder gegaan sinds die zet werd gekozen",
    "refusal.not_your_turn": "je bent niet aan de beurt",
    "refusal.not_a_move": "dat is geen zet",
    "refusal.not_legal": "die zet mag hier niet",
    "refusal.must_take": "je bent gedwongen: je moet {card} nemen",
    "refusal.must_force_or_release": (
        "je moet je tegenstander dwingen {card} te nemen, of de kaart laten gaan"
    ),
    "refusal.nothing_to_release": (
        "er is niets om te laten gaan: er is geen geweigerde kaart waarmee je kunt dwingen"
    ),
    "refusal.forcing_not_allowed": (
        "met deze regels ({setting}) mag je je tegenstander niet dwingen {card} te nemen"
    ),
    "refusal.not_passed": (
        "je tegenstander heeft je {card} niet doorgegeven: nu kun je alleen dwingen met "
        "een doorgegeven kaart"
    ),
    "refusal.does_not_fit": (
        "je kunt je tegenstander niet dwingen {card} te nemen: die past niet op zijn tafel"
    ),
    "refusal.no_lay_down_rule": (
        "met deze regels ({setting}) leg je alleen kaarten neer als je een kaart neemt"
    ),
    "refusal.lay_down_not_now": (
        "je mag alleen kaarten neerleggen nadat je een stapelkaart hebt omgedraaid, voordat je "
        "hem neemt of doorgeeft"
    ),
    "refusal.empty_lay_down": "leg minstens één kaart neer",
    "refusal.nothing_to_lay_down": "je kunt nu geen kaart uit je hand neerleggen",
    "refusal.not_in_hand": "je hebt {card} niet in je hand",
    "refusal.offer_laid": (
        "de aangeboden kaart is {card}: noem alleen kaarten uit je hand als neergelegd"
    ),
    "refusal.must_discard": "je moet een kaart afgooien: je houdt {cards}",
    "refusal.discard_offer": "je kunt {card} niet afgooien: die gaat op je tafel",
    "refusal.laid_and_discarded": "je kunt {card} niet tegelijk neerleggen en afgooien",
    "refusal.not_melds": "de tafel valt niet in combinaties te verdelen: {cards}",
    "refusal.not_a_meld": "{cards} is geen combinatie",
    "refusal.sequence_too_long": "{cards} is langer dan {number} kaarten",
    "refusal.card_twice": "de tafel gebruikt {card} twee keer: {cards}",
    "refusal.wrong_cards": "de tafel moet precies deze kaarten bevatten: {cards}",
    "refusal.table_not_named": "deze regels ({setting}) vereisen dat je je nieuwe tafel opgeeft",
    "refusal.table_not_allowed": (
        "deze regels ({setting}) staan die tafel niet toe: de neergelegde combinaties "
        "blijven heel; kaarten komen erbij of vormen nieuwe combinaties"
    ),
    "refusal.already_chosen": "je hebt {card} al gekozen",
    "refusal.not_chosen": "je hebt {card} niet gekozen",
    "refusal.cannot_add": "je kunt {card} niet toevoegen: geen geldige tafel bevat {cards}",
    "refusal.no_arrangement": "er is nu geen tafel te kiezen",
    "refusal.no_such_arrangement": (
        "geen tafel heeft dat nummer; tafels om uit te kiezen: {number}"
    ),
    "refusal.must_arrange": "kies eerst de tafel",
    "refusal.incomplete": "de gekozen kaarten vormen nog geen tafel: {cards}",
    "refusal.not_a_discard": "je kunt {card} niet afgooien; je kunt afgooien: {cards}",
    "refusal.no_discard": "je kunt {card} niet afgooien: met deze zet ga je uit",
    "refusal.not_all_laid": "om uit te gaan leg je alle kaarten neer; over: {cards}",
    "refusal.no_long_meld": (
        "om uit te gaan heeft je tafel een combinatie van {number} kaarten of meer nodig"
    ),
    "refusal.wrong_finish": "deze zet wordt anders afgemaakt",
    "refusal.table_not_allowed_borrow": (
        "deze regels ({setting}) staan die tafel niet toe: de neergelegde combinaties "
        "blijven heel, op één kaart na, geleend uit een groep van vier of van het eind "
        "van een reeks van vier of meer"
    ),
    "refusal.nothing_chosen": "je hebt nog geen kaart gekozen",
    "rule.other": "zie de regels",
    "rule.R1": "het spel van 40 kaarten",
    "rule.R2": "de volgorde van de kaarten",
    "rule.R4": "groepen",
    "rule.R5": "reeksen",
    "rule.R6": "een tafel bestaat uit combinaties",
    "rule.R9": "het delen wisselt",
    "rule.R11": "nemen of weigeren",
    "rule.R12": "neerleggen bij het nemen",
    "rule.R13": "hergroeperen",
    "rule.R14a": "een kaart die past",
    "rule.R14b": "dwingen",
    "rule.R15": "gelijkspel",
    "rule.R16": "uitgaan",
    "rule.M12": "een lange combinatie om uit te gaan",
    "rule.V1": "de variant van dwingen",
    "rule.V2": "de variant van hergroeperen",
    "rule.V3": "neerleggen uit de hand",
    "rule.V4": "de langste reeks",
    "rule.M10": "de ruil bij het begin",
}

GERMAN_REFUSALS: Final = {
    "refusal.game_over": "die Partie ist vorbei",
    "refusal.must_give": "der Tausch zu Beginn: du musst eine Karte deiner Hand zum Geben wählen",
    "refusal.nothing_to_give": "Karten werden nur beim Tausch zu Beginn gegeben",
    "refusal.moved_on": "die Partie ist weitergegangen, seit dieser Zug gewählt wurde",
    "refusal.not_your_turn": "du bist nicht am Zug",
    "refusal.not_a_move": "das ist kein Zug",
    "refusal.not_legal": "dieser Zug ist hier nicht erlaubt",
    "refusal.must_take": "du wurdest gezwungen: du musst {card} nehmen",
    "refusal.must_force_or_release": (
        "du musst deinen Gegner zwingen, {card} zu nehmen, oder die Karte gehen lassen"
    ),
    "refusal.nothing_to_release": (
        "nichts gehen zu lassen: es gibt keine abgelehnte Karte, mit der du zwingen könntest"
    ),
    "refusal.forcing_not_allowed": (
        "nach diesen Regeln ({setting}) darfst du deinen Gegner nicht zwingen, {card} zu nehmen"
    ),
    "refusal.not_passed": (
        "dir wurde {card} nicht weitergegeben: zwingen kannst du jetzt nur mit einer "
        "weitergegebenen Karte"
    ),
    "refusal.does_not_fit": (
        "du kannst deinen Gegner nicht zwingen, {card} zu nehmen: die Karte passt nicht "
        "an seinen Tisch"
    ),
    "refusal.no_lay_down_rule": (
        "mit diesen Regeln ({setting}) legst du Karten nur aus, wenn du eine Karte nimmst"
    ),
    "refusal.lay_down_not_now": (
        "du darfst Karten nur auslegen, nachdem du eine Stapelkarte aufgedeckt hast, bevor du "
        "sie nimmst oder weitergibst"
    ),
    "refusal.empty_lay_down": "leg mindestens eine Karte aus",
    "refusal.nothing_to_lay_down": "du kannst jetzt keine Karte aus deiner Hand auslegen",
    "refusal.not_in_hand": "du hast {card} nicht auf der Hand",
    "refusal.offer_laid": (
        "die angebotene Karte ist {card}: nenne als ausgelegt nur Karten aus deiner Hand"
    ),
    "refusal.must_discard": "du musst abwerfen: du behältst {cards}",
    "refusal.discard_offer": "du kannst {card} nicht abwerfen: die Karte kommt auf deinen Tisch",
    "refusal.laid_and_discarded": "du kannst {card} nicht zugleich auslegen und abwerfen",
    "refusal.not_melds": "der Tisch ließe sich nicht in Kombinationen teilen: {cards}",
    "refusal.not_a_meld": "{cards} ist keine Kombination",
    "refusal.sequence_too_long": "{cards} ist länger als {number} Karten",
    "refusal.card_twice": "der Tisch verwendet {card} zweimal: {cards}",
    "refusal.wrong_cards": "der Tisch muss genau diese Karten haben: {cards}",
    "refusal.table_not_named": (
        "diese Regeln ({setting}) verlangen, dass du deinen neuen Tisch angibst"
    ),
    "refusal.table_not_allowed": (
        "diese Regeln ({setting}) erlauben diesen Tisch nicht: ausgelegte Kombinationen "
        "bleiben ganz; Karten kommen dazu oder bilden neue Kombinationen"
    ),
    "refusal.already_chosen": "du hast {card} schon gewählt",
    "refusal.not_chosen": "du hast {card} nicht gewählt",
    "refusal.cannot_add": (
        "du kannst {card} nicht hinzufügen: kein erlaubter Tisch enthält {cards}"
    ),
    "refusal.no_arrangement": "jetzt ist kein Tisch zu wählen",
    "refusal.no_such_arrangement": "kein Tisch hat diese Nummer; Tische zur Wahl: {number}",
    "refusal.must_arrange": "wähle zuerst den Tisch",
    "refusal.incomplete": "die gewählten Karten ergeben noch keinen Tisch: {cards}",
    "refusal.not_a_discard": "du kannst {card} nicht abwerfen; abwerfen kannst du: {cards}",
    "refusal.no_discard": "du kannst {card} nicht abwerfen: mit diesem Zug machst du aus",
    "refusal.not_all_laid": "um auszumachen, musst du alle Karten auslegen; übrig: {cards}",
    "refusal.no_long_meld": (
        "um auszumachen, braucht dein Tisch eine Kombination aus {number} Karten oder mehr"
    ),
    "refusal.wrong_finish": "dieser Zug wird anders abgeschlossen",
    "refusal.table_not_allowed_borrow": (
        "diese Regeln ({setting}) erlauben diesen Tisch nicht: ausgelegte Kombinationen "
        "bleiben ganz, bis auf eine Karte, geliehen aus einer Gruppe von vier oder vom "
        "Ende einer Folge von vier oder mehr"
    ),
    "refusal.nothing_chosen": "du hast noch keine Karte gewählt",
    "rule.other": "siehe die Regeln",
    "rule.R1": "das Spiel mit 40 Karten",
    "rule.R2": "die Reihenfolge der Karten",
    "rule.R4": "Gruppen",
    "rule.R5": "Folgen",
    "rule.R6": "ein Tisch besteht aus Kombinationen",
    "rule.R9": "der Geber wechselt",
    "rule.R11": "nehmen oder ablehnen",
    "rule.R12": "auslegen beim Nehmen",
    "rule.R13": "umgruppieren",
    "rule.R14a": "eine Karte, die passt",
    "rule.R14b": "zwingen",
    "rule.R15": "unentschieden",
    "rule.R16": "ausmachen",
    "rule.M12": "eine lange Kombination zum Ausmachen",
    "rule.V1": "die Variante des Zwingens",
    "rule.V2": "die Variante des Umgruppierens",
    "rule.V3": "auslegen aus der Hand",
    "rule.V4": "die längste Folge",
    "rule.M10": "der Tausch zu Beginn",
}


def refusal_key(problem: MoveProblem, *, cards: bool, setting: str | None) -> str:
    """The key of the phrase that says ``problem`` (see the module's docstring): its own,
    or a variant when the refusal lists no ``cards`` or names the borrowing rules.

    >>> refusal_key(MoveProblem.NOT_A_DISCARD, cards=False, setting=None)
    'refusal.no_discard'
    """
    if problem is MoveProblem.NOT_A_DISCARD and not cards:
        return "refusal.no_discard"  # nothing may be discarded: the take goes out
    if problem is MoveProblem.INCOMPLETE and not cards:
        return "refusal.nothing_chosen"
    if problem is MoveProblem.TABLE_NOT_ALLOWED and setting == "regrouping:borrow":
        return "refusal.table_not_allowed_borrow"
    return f"refusal.{problem.value}"


# The words that turn a refusal to the player ("you") into one about him: the grammar
# of the English phrases above, which speak to the player; the longest first.
_ABOUT: Final = re.compile(
    r"\byour opponent's\b|\byour opponent\b|\byou were\b|\byou keep\b|\byour\b|\byou\b"
)


def _about(template: str, player: int) -> str:
    """An English refusal phrase about ``player`` in the third person, as a game
    record's replay speaks (``player 1 was forced: player 1 must take {card}``)."""
    other = 1 - player
    words = {
        "your opponent's": f"player {other}'s",
        "your opponent": f"player {other}",
        "you were": f"player {player} was",
        "you keep": f"player {player} keeps",
        "your": f"player {player}'s",
        "you": f"player {player}",
    }
    return _ABOUT.sub(lambda found: words[found.group()], template)


def english_refusal(
    problem: MoveProblem,
    about: int | None = None,
    *,
    card: str | None = None,
    cards: str = "",
    setting: str | None = None,
    number: int | None = None,
    detail: str | None = None,
) -> str:
    """The English message of a refusal: the phrase of ``problem`` in
    :data:`ENGLISH_REFUSALS`, the one source of its words (which
    :func:`conquian.narration.explain_refusal` says in any language), filled in with the
    card, cards (as text), setting and number; to the player, or about player ``about``
    in the third person; then ``detail``, if any, and the rules that say so.

    >>> english_refusal(MoveProblem.MUST_TAKE, card="Kd")
    'you were forced: you must take Kd (R14b)'
    >>> english_refusal(MoveProblem.MUST_TAKE, 1, card="Kd")
    'player 1 was forced: player 1 must take Kd (R14b)'
    """
    template = ENGLISH_REFUSALS[refusal_key(problem, cards=bool(cards), setting=setting)]
    if about is not None:
        template = _about(template, about)
    text = template.format(card=card, cards=cards, setting=setting, number=number)
    if detail:
        text += ": " + detail
    if problem.rules:
        text += " (" + ", ".join(problem.rules) + ")"
    return text
