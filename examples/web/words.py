"""The web page's own words in each language: the lobby's form and its default names, the
bots' and the rules presets' names, what a three-player game is, the invitations and a
used invitation's line, the record link, the word before the rules' name, the waiting
line, another player's hand size, who has the offered card, the hint on how to take,
the line that tells every seat the deal's seed was chosen, a lost game's line, and an
answer of the server that is not one of its own. The game's words (card names,
narration, prompts) come from :mod:`conquian.languages`; ``server.py`` serves one
language's table at ``GET /api/words?lang=es``, and every table has the keys of English."""

from __future__ import annotations

from typing import Final

from conquian.languages import LANGUAGES

__all__ = ["PAGE_PRESETS", "PAGE_WORDS"]

PAGE_PRESETS: Final = ("classic", "foster", "bicycle", "mexican", "tercerilla")
"""The rule presets the page offers (its rules menu, and what the server accepts): the
two-player North American rules, and the Mexican ones (M9): ``mexican`` for two players
and ``tercerilla`` for three (``conquian.PRESETS``)."""

PAGE_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "language": "Language",
        "new_game": "New game",
        "your_name": "Your name",
        "default_name": "Player 1",
        "opponent": "Opponent",
        "a_bot": "a bot:",
        "a_friend": "a friend (an invitation link)",
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
        "rules_mexican": "Mexican",
        "rules_tercerilla": "Tercerilla (3 players)",
        "three_players": (
            "Three players: you play against two bots of this kind, or invite two friends."
        ),
        "seed_chosen_you_two": (
            "You chose this deal (seed {seed}); {first} and {second} see this too."
        ),
        "rules_exchange": "with the opening exchange",
        "exchange": "Opening exchange: each player gives one card to the next",
        "give_hint": "Click the card of your hand to give to {who}.",
        "given": ("You give {card} to {who}: the cards change hands once everyone has chosen."),
        "guest_third": "Player 3",
        "invite_two": "Send each friend his own link (each works once):",
        "offered_to": "{card} is offered to {who}",
        "offered_to_you": "{card} is offered to you",
        "start": "Start",
        "invite": "Send this link to your friend (it works once):",
        "record": "Download the game record (JSON)",
        "waiting": "waiting for {who}",
        "hand_size": "{count} cards in hand",
        "take_hint": "To take {card}, click the cards of your hand that go with it.",
        "no_game": "This game is not here (any more): start a new one.",
        "seed_chosen": (
            "{who} chose this deal (seed {seed}): whoever chooses the seed can know every card."
        ),
        "seed_chosen_you": "You chose this deal (seed {seed}); {who} sees this too.",
        "invite_used": "This invitation has been used: ask your friend for a new game.",
        "invite_bad": (
            "This is not an invitation to a game here: ask your friend for the link again."
        ),
        "server_error": "The server answered {status}: try again later.",
        "refused_bad_name": (
            "A name has 1 to 24 characters, among them a letter, a number or a sign, and no "
            "control or text-direction characters."
        ),
        "refused_same_name": "That name is taken in this game: choose another.",
        "refused_too_many_games": (
            "You have too many unfinished games: finish one (or leave it for a while) first."
        ),
        "refused_server_full": "The server is full: try again later.",
        "refused_bad_seed": "A seed is a whole number from 0 to 18446744073709551615.",
        "refused_names_fixed": "The game is over: the names stay as they were.",
        "refused_bad_key": "This link's key is not a seat of this game: ask for the link again.",
        "refused_too_many_tabs": (
            "This seat is open in too many tabs: close one, and this tab will join in again."
        ),
        "refused_too_many_new_games": (
            "You have started too many games in a short time: wait a minute."
        ),
        "refused_too_many_wrong_keys": (
            "Too many wrong links came from your address: wait a minute."
        ),
        "connection_lost": "Connection lost: retrying…",
        "act_pass": "Pass {card} to {who}",
        "act_decline": "Decline {card}",
        "act_force": "Force {card} on {who}",
        "act_release": "Release {card}",
        "act_lay_down": "Lay down {cards} before deciding on {card}",
        "unreachable": "The server cannot be reached: try again in a moment.",
    },
    "es": {
        "language": "Idioma",
        "new_game": "Nueva partida",
        "your_name": "Tu nombre",
        "default_name": "Jugador 1",
        "opponent": "Contrincante",
        "a_bot": "un bot:",
        "a_friend": "un amigo (un enlace de invitación)",
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
        "rules_mexican": "Mexicanas",
        "rules_tercerilla": "Tercerilla (3 jugadores)",
        "three_players": (
            "Tres jugadores: juegas contra dos bots de este tipo, o invitas a dos amigos."
        ),
        "seed_chosen_you_two": (
            "Elegiste este reparto (semilla {seed}); {first} y {second} también lo ven."
        ),
        "rules_exchange": "con intercambio inicial",
        "exchange": "Intercambio inicial: cada jugador da una carta al siguiente",
        "give_hint": "Haz clic en la carta de tu mano que das a {who}.",
        "given": ("Das {card} a {who}: las cartas cambian de mano cuando todos han elegido."),
        "guest_third": "Jugador 3",
        "invite_two": "Envía a cada amigo su propio enlace (cada uno sirve una sola vez):",
        "offered_to": "{card} se ofrece a {who}",
        "offered_to_you": "{card} se te ofrece",
        "start": "Empezar",
        "invite": "Envía este enlace a tu amigo (sirve una sola vez):",
        "record": "Descargar el registro de la partida (JSON)",
        "waiting": "esperando a {who}",
        "hand_size": "{count} cartas en la mano",
        "take_hint": "Para tomar {card}, haz clic en las cartas de tu mano que van con ella.",
        "no_game": "Esta partida no está (ya) aquí: empieza una nueva.",
        "seed_chosen": (
            "{who} eligió este reparto (semilla {seed}): quien elige la semilla puede "
            "conocer todas las cartas."
        ),
        "seed_chosen_you": "Elegiste este reparto (semilla {seed}); {who} también lo ve.",
        "invite_used": "Esta invitación ya se usó: pide a tu amigo una nueva partida.",
        "invite_bad": (
            "Esto no es una invitación a una partida de aquí: pide a tu amigo el enlace otra vez."
        ),
        "server_error": "El servidor respondió {status}: inténtalo más tarde.",
        "refused_bad_name": (
            "Un nombre tiene de 1 a 24 caracteres, entre ellos una letra, una cifra o un "
            "signo, y ningún carácter de control ni de dirección del texto."
        ),
        "refused_same_name": "Ese nombre ya está en esta partida: elige otro.",
        "refused_too_many_games": (
            "Tienes demasiadas partidas sin terminar: termina una (o déjala un rato) antes."
        ),
        "refused_server_full": "El servidor está lleno: inténtalo más tarde.",
        "refused_bad_seed": "Una semilla es un número entero de 0 a 18446744073709551615.",
        "refused_names_fixed": "La partida ha terminado: los nombres se quedan como estaban.",
        "refused_bad_key": (
            "La clave de este enlace no es un asiento de esta partida: pide el enlace de nuevo."
        ),
        "refused_too_many_tabs": (
            "Este asiento está abierto en demasiadas pestañas: cierra una y esta volverá a "
            "unirse a la partida."
        ),
        "refused_too_many_new_games": (
            "Has empezado demasiadas partidas en poco tiempo: espera un minuto."
        ),
        "refused_too_many_wrong_keys": (
            "Han llegado demasiados enlaces erróneos desde tu dirección: espera un minuto."
        ),
        "connection_lost": "Se perdió la conexión: reintentando…",
        "act_pass": "Pasar {card} a {who}",
        "act_decline": "Rechazar {card}",
        "act_force": "Obligar a {who} a tomar {card}",
        "act_release": "Soltar {card}",
        "act_lay_down": "Bajar {cards} antes de decidir sobre {card}",
        "unreachable": (
            "No se puede contactar con el servidor: inténtalo de nuevo en un momento."
        ),
    },
    "nl": {
        "language": "Taal",
        "new_game": "Nieuwe partij",
        "your_name": "Je naam",
        "default_name": "Speler 1",
        "opponent": "Tegenstander",
        "a_bot": "een bot:",
        "a_friend": "een vriend (een uitnodigingslink)",
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
        "rules_mexican": "Mexicaans",
        "rules_tercerilla": "Tercerilla (3 spelers)",
        "three_players": (
            "Drie spelers: je speelt tegen twee bots van deze soort, of "
            "je nodigt twee vrienden uit."
        ),
        "seed_chosen_you_two": (
            "Je koos deze deling (seed {seed}); {first} en {second} zien dat ook."
        ),
        "rules_exchange": "met ruil vooraf",
        "exchange": "Ruil vooraf: elke speler geeft één kaart aan de volgende",
        "give_hint": "Klik de kaart uit je hand aan die je aan {who} geeft.",
        "given": (
            "Je geeft {card} aan {who}: de kaarten wisselen van hand zodra iedereen gekozen heeft."
        ),
        "guest_third": "Speler 3",
        "invite_two": "Stuur elke vriend zijn eigen link (elke link werkt één keer):",
        "offered_to": "{card} wordt aangeboden aan {who}",
        "offered_to_you": "{card} wordt aan jou aangeboden",
        "start": "Begin",
        "invite": "Stuur deze link naar je vriend (hij werkt één keer):",
        "record": "Het verslag van de partij downloaden (JSON)",
        "waiting": "wachten op {who}",
        "hand_size": "{count} kaarten in de hand",
        "take_hint": "Om {card} te nemen, klik je de kaarten uit je hand aan die erbij horen.",
        "no_game": "Deze partij is er niet (meer): begin een nieuwe.",
        "seed_chosen": (
            "{who} koos deze deling (seed {seed}): wie de seed kiest, kan elke kaart kennen."
        ),
        "seed_chosen_you": "Je koos deze deling (seed {seed}); {who} ziet dat ook.",
        "invite_used": "Deze uitnodiging is al gebruikt: vraag je vriend om een nieuwe partij.",
        "invite_bad": (
            "Dit is geen uitnodiging voor een partij hier: vraag je vriend de link opnieuw."
        ),
        "server_error": "De server antwoordde {status}: probeer het later opnieuw.",
        "refused_bad_name": (
            "Een naam heeft 1 tot 24 tekens, waaronder een letter, een cijfer of een teken, "
            "en geen stuur- of tekstrichtingstekens."
        ),
        "refused_same_name": "Die naam is in deze partij al bezet: kies een andere.",
        "refused_too_many_games": (
            "Je hebt te veel onafgemaakte partijen: maak er eerst een af (of laat er een "
            "een tijdje liggen)."
        ),
        "refused_server_full": "De server is vol: probeer het later opnieuw.",
        "refused_bad_seed": "Een seed is een geheel getal van 0 tot 18446744073709551615.",
        "refused_names_fixed": "De partij is voorbij: de namen blijven zoals ze waren.",
        "refused_bad_key": (
            "De sleutel van deze link hoort bij geen plaats in deze partij: vraag de link opnieuw."
        ),
        "refused_too_many_tabs": (
            "Deze plaats is in te veel tabbladen open: sluit er een, dan doet dit tabblad "
            "weer mee."
        ),
        "refused_too_many_new_games": (
            "Je hebt in korte tijd te veel partijen begonnen: wacht een minuut."
        ),
        "refused_too_many_wrong_keys": (
            "Er kwamen te veel verkeerde links van je adres: wacht een minuut."
        ),
        "connection_lost": "Verbinding verbroken: opnieuw proberen…",
        "act_pass": "{card} doorgeven aan {who}",
        "act_decline": "{card} weigeren",
        "act_force": "{who} dwingen {card} te nemen",
        "act_release": "{card} laten gaan",
        "act_lay_down": "{cards} neerleggen voor de beslissing over {card}",
        "unreachable": "De server is niet bereikbaar: probeer het zo opnieuw.",
    },
    "de": {
        "language": "Sprache",
        "new_game": "Neue Partie",
        "your_name": "Dein Name",
        "default_name": "Spieler 1",
        "opponent": "Gegner",
        "a_bot": "ein Bot:",
        "a_friend": "ein Freund (ein Einladungslink)",
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
        "rules_mexican": "Mexikanisch",
        "rules_tercerilla": "Tercerilla (3 Spieler)",
        "three_players": (
            "Drei Spieler: du spielst gegen zwei Bots dieser Art, oder du lädst zwei Freunde ein."
        ),
        "seed_chosen_you_two": (
            "Du hast diese Kartenverteilung gewählt (Seed {seed}); "
            "{first} und {second} sehen das auch."
        ),
        "rules_exchange": "mit Tausch zu Beginn",
        "exchange": "Tausch zu Beginn: jeder Spieler gibt dem nächsten eine Karte",
        "give_hint": "Klicke die Karte deiner Hand an, die du {who} gibst.",
        "given": (
            "Du gibst {who} {card}: Die Karten wechseln die Hand, sobald alle gewählt haben."
        ),
        "guest_third": "Spieler 3",
        "invite_two": "Schick jedem Freund seinen eigenen Link (jeder gilt nur einmal):",
        "offered_to": "{card} wird {who} angeboten",
        "offered_to_you": "{card} wird dir angeboten",
        "start": "Los",
        "invite": "Schick diesen Link deinem Freund (er gilt nur einmal):",
        "record": "Das Protokoll der Partie herunterladen (JSON)",
        "waiting": "warten auf {who}",
        "hand_size": "{count} Karten auf der Hand",
        "take_hint": "Um {card} zu nehmen, klicke die Karten deiner Hand an, die dazu passen.",
        "no_game": "Diese Partie gibt es (nicht mehr): beginne eine neue.",
        "seed_chosen": (
            "{who} hat diese Kartenverteilung gewählt (Seed {seed}): wer den Seed wählt, "
            "kann jede Karte kennen."
        ),
        "seed_chosen_you": (
            "Du hast diese Kartenverteilung gewählt (Seed {seed}); {who} sieht das auch."
        ),
        "invite_used": (
            "Diese Einladung wurde schon benutzt: bitte deinen Freund um eine neue Partie."
        ),
        "invite_bad": (
            "Das ist keine Einladung zu einer Partie hier: bitte deinen Freund noch einmal um "
            "den Link."
        ),
        "server_error": "Der Server antwortete {status}: versuche es später noch einmal.",
        "refused_bad_name": (
            "Ein Name hat 1 bis 24 Zeichen, darunter einen Buchstaben, eine Ziffer oder ein "
            "Zeichen, und keine Steuer- oder Schreibrichtungszeichen."
        ),
        "refused_same_name": (
            "Dieser Name ist in dieser Partie schon vergeben: wähle einen anderen."
        ),
        "refused_too_many_games": (
            "Du hast zu viele unbeendete Partien: beende erst eine (oder lass sie eine Weile "
            "liegen)."
        ),
        "refused_server_full": "Der Server ist voll: versuche es später noch einmal.",
        "refused_bad_seed": "Ein Seed ist eine ganze Zahl von 0 bis 18446744073709551615.",
        "refused_names_fixed": "Die Partie ist vorbei: Die Namen bleiben, wie sie waren.",
        "refused_bad_key": (
            "Der Schlüssel dieses Links gehört zu keinem Platz dieser Partie: lass dir den Link "
            "noch einmal geben."
        ),
        "refused_too_many_tabs": (
            "Dieser Platz ist in zu vielen Tabs geöffnet: schließe einen, dann ist dieser Tab "
            "wieder dabei."
        ),
        "refused_too_many_new_games": (
            "Du hast in kurzer Zeit zu viele Partien begonnen: warte eine Minute."
        ),
        "refused_too_many_wrong_keys": (
            "Von deiner Adresse kamen zu viele falsche Links: warte eine Minute."
        ),
        "connection_lost": "Verbindung verloren: neuer Versuch läuft …",
        "act_pass": "{card} an {who} weitergeben",
        "act_decline": "{card} ablehnen",
        "act_force": "{who} zwingen, {card} zu nehmen",
        "act_release": "{card} gehen lassen",
        "act_lay_down": "{cards} auslegen, bevor du über {card} entscheidest",
        "unreachable": "Der Server ist nicht erreichbar: versuch es gleich noch einmal.",
    },
}


if (
    PAGE_WORDS.keys() != LANGUAGES.keys()
    or any(words.keys() != PAGE_WORDS["en"].keys() for words in PAGE_WORDS.values())
    or any(f"rules_{name}" not in PAGE_WORDS["en"] for name in PAGE_PRESETS)
):  # pragma: no cover - a table edit
    raise ImportError("PAGE_WORDS needs a table of the same words for every language")
