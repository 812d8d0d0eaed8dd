"""``python -m conquian play``: a person plays a bot, or two bots, in the terminal.

The person is player 0 and the bot player 1; the deal alternates between games (R9).
With three players (``--rules tercerilla``, ``--rules mexican,players:3`` or ``--players
3``, M1) two bots hold seats 1 and 2, and the deal passes to the next player (M2).
Each turn shows the person's hand (grouped by suit, so melds are easy to see), every
table with each bot's hand size, the offered card and where it came from (and who has
declined it so far in its round of offers, M4), the stock and the dead cards, and the
legal choices, numbered. An answer is a number (Enter for a lone choice), a move in
notation (``take +JhJs -3d``, ``decline``, or ``pass`` for it), or ``build`` to build a
take card by card (:mod:`conquian.builder`); ``help``, ``hint``, ``undo``, ``save FILE``
(a match record, which ``--load FILE`` goes on with) and ``quit`` work at every
prompt. The bot is made afresh for each decision from the match's seed, the game and the
ply, so an undo does not draw its answer again. ``--bot`` names the bot, or with three
players the two bots (``greedy,heuristic``; one name for both); two bots of the same
kind are told apart by their seats (``Greedy 1``, ``Greedy 2``). Every move is told by
:mod:`conquian.narration` in the chosen language, and every line but the prompts is
wrapped to the terminal. The whole program reads standard input line by line, so it can be driven
through a pipe: answering ``1`` at every prompt plays a game to its end.
"""

from __future__ import annotations

import argparse
import contextlib
import shlex
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import Final, TextIO

import attrs

from conquian._terminal import (
    BOLD,
    COLOUR_CODE,
    COLUMNS,
    EXIT_EOF,
    EXIT_INTERRUPTED,
    EXIT_OK,
    RED,
    RESET,
    RULES_HELP,
    ascii_option,
    counted_phrase,
    explain_rules,
    fit,
    match_result_line,
    paint,
    print_error,
    settled_text,
    wants_color,
)
from conquian.agents import Agent
from conquian.builder import TakeBuilder
from conquian.cards import Card, Suit
from conquian.errors import (
    ConquianError,
    IllegalMoveError,
    ParseError,
    describe,
)
from conquian.languages import LANGUAGES, Language, find_language
from conquian.match import Match, match_dump, match_load
from conquian.melds import Meld
from conquian.moves import MOVE_VERBS, Give, Move, Take, parse_move
from conquian.narration import (
    describe_origin,
    explain_forcing,
    explain_refusal,
    narrate,
    narrate_start,
)
from conquian.phases import receiver
from conquian.rules import CLASSIC, Rules, Scoring
from conquian.simulate import AGENTS, game_seed
from conquian.state import Phase, State

__all__ = ["add_arguments", "run"]

HUMAN: Final = 0
BOT: Final = 1
MAX_LISTED_TAKES: Final = 9
"""Takes listed one by one; with more, one choice builds the take card by card."""
MAX_COLUMNS: Final = 100
"""The widest a line gets on a wide terminal (it follows a narrower one)."""
BOT_MOVE: Final = 0
HINT: Final = 1
"""What a bot is made for: the bot's own move, or a hint for the person."""


class _EndOfInputError(Exception):
    """Standard input ended before the game did."""


class _QuitRequestError(Exception):
    """The person typed quit."""


class _UndoRequestError(Exception):
    """The person asked to go back to his previous decision."""


def add_arguments(
    parser: argparse.ArgumentParser,
    *,
    seed: Callable[[str], int],
    rules: Callable[[str], Rules],
    games: Callable[[str], int],
    default_rules: Rules,
) -> None:
    """Add the options of ``play`` to ``parser`` (the argument types are the CLI's)."""
    parser.add_argument(
        "--bot",
        type=_bots,
        default=("greedy",),
        metavar="NAME",
        help="the bot to play against, from the agent registry: "
        + ", ".join(sorted(AGENTS))
        + " (greedy); with three players one name for both bots, or two separated by a "
        "comma (greedy,heuristic)",
    )
    parser.add_argument(
        "--rules",
        type=rules,
        default=None,
        metavar="RULES",
        help=RULES_HELP.replace("(classic)", f"({default_rules.to_notation()})")
        + "; tercerilla (or mexican,players:3) for three players, you and two bots",
    )
    parser.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="N",
        help="2 or 3: the rules with this many players (--rules mexican --players 3 is "
        "tercerilla)",
    )
    parser.add_argument("--seed", type=seed, default=None, help="deal from this seed")
    parser.add_argument(
        "--lang", choices=sorted(LANGUAGES), default="en", help="the language (en)"
    )
    ascii_option(parser)
    parser.add_argument(
        "--games", type=games, default=None, metavar="N", help="play a match of N games (1)"
    )
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="go on with a match written by save FILE (its seed, rules and games are the file's)",
    )
    parser.set_defaults(default_rules=default_rules)


class _Screen:
    """Writes to the terminal: the words of the language, cards as symbols or letters,
    colour when the output is a terminal and ``NO_COLOR`` is not set (as the rest of the
    command line decides it)."""

    def __init__(
        self, out: TextIO, language: Language, ascii_only: bool, bots: Sequence[str]
    ) -> None:
        self.out = out
        self.language = language
        encoding = getattr(out, "encoding", None) or "utf-8"
        try:
            "♣♦♥♠".encode(encoding)
            symbols = True
        except (UnicodeEncodeError, LookupError):
            symbols = False
        self.style = "short" if ascii_only or not symbols else "pretty"
        self.colour = wants_color(out)
        self.names = ("you", *bots)
        """The players' names by seat: the person's, then each bot's."""

    def say(self, key: str, **values: object) -> str:
        return self.language.phrase(key, **values)

    def width(self) -> int:
        """The columns a line may fill: the terminal's (asked each time, as it may be
        resized; ``COLUMNS`` in the environment overrides it), at most
        :data:`MAX_COLUMNS`; 80 when the output is not a terminal."""
        isatty = getattr(self.out, "isatty", None)
        if not (isatty and isatty()):
            return COLUMNS
        return max(20, min(shutil.get_terminal_size((COLUMNS, 24)).columns, MAX_COLUMNS))

    def line(self, text: str = "", indent: str = "  ", *, whole: str = "") -> None:
        """``text`` wrapped to :meth:`width`, its following lines starting with
        ``indent``; a card is never split across lines, nor ``whole`` (a command that
        a person retypes, in ``text``) where a line holds it: it starts a line instead."""
        width = self.width()
        parts = fit(text, width, indent)
        cut = whole and not any(whole in part for part in parts)
        if cut and len(indent + whole) <= width:
            start = text.index(whole)
            head = fit(text[:start].rstrip(" "), width, indent)
            parts = [*head, *fit(indent + text[start:], width, indent)]
        for part in parts:
            print(part, file=self.out, flush=True)

    def echo(self, prompt: str, answer: str) -> None:
        """A piped ``answer`` after its ``prompt`` (already written), wrapped so that its
        first line fits after the prompt; on the next line if the prompt fills its own."""
        shown = COLOUR_CODE.sub("", prompt)
        width = self.width()
        first, *rest = fit(shown + answer, width)
        if not first.startswith(shown.rstrip(" ")):  # the prompt itself was wrapped
            first, *rest = ["", *fit(answer, width)]
        for part in (first[len(shown) :], *rest):
            print(part, file=self.out, flush=True)

    def refused(self, key: str, reason: ConquianError) -> None:
        """A refusal ("bad", "illegal"), its reason's rule numbers followed by their
        topics, as on the rest of the command line: ``(R6: a table is melds)``. An illegal
        move's reason is said in the language; a parse error's is English, like the
        notation it quotes, and so are its topics."""
        if isinstance(reason, IllegalMoveError):
            text = explain_rules(
                explain_refusal(reason, self.language, style=self.style), self.language
            )
        else:
            text = explain_rules(str(reason))  # English words, English topics
        self.line(self.say(key, reason=text))

    def card(self, card: Card) -> str:
        text = card.pretty() if self.style == "pretty" else str(card)
        if self.colour and card.suit in (Suit.HEARTS, Suit.DIAMONDS):
            return f"{RED}{text}{RESET}"
        return text

    def cards(
        self,
        cards: Sequence[Card] | frozenset[Card],
        *,
        grouped: bool = False,
        in_order: bool = False,
    ) -> str:
        """Cards sorted (by suit with ``grouped``), or as given with ``in_order``: the
        dead cards in the order they died, which is public and matters (R11)."""
        ordered = list(cards) if in_order else sorted(cards)
        if not ordered:
            return self.say("none")
        if not grouped:
            return " ".join(map(self.card, ordered))
        by_suit = [[card for card in ordered if card.suit is suit] for suit in Suit]
        return "   ".join(" ".join(map(self.card, group)) for group in by_suit if group)

    def meld(self, meld: Meld) -> str:
        return "[" + " ".join(self.card(card) for card in meld) + "]"

    def table(self, melds: Sequence[Meld]) -> str:
        """Melds in brackets, so that where one ends and the next begins is plain."""
        return " ".join(map(self.meld, melds)) if melds else self.say("none")

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.colour else text

    def tell(self, state: State, move: Move, *, aftermath: bool = True) -> str:
        """The move in words. A game's end in a draw is left out: the result line that
        follows says it, once."""
        told = narrate(
            state,
            move,
            lang=self.language,
            names=self.names,
            viewer=HUMAN,
            style=self.style,
            aftermath=aftermath,
        )
        told = told.removesuffix(". " + _capital(self.say("drawn")))
        return paint(told, self.colour and self.style == "pretty")


class _Session:
    """One run of ``play``: a match (of one game or more) between the person and a bot."""

    def __init__(self, args: argparse.Namespace, inp: TextIO, out: TextIO) -> None:
        self.inp = inp
        isatty = getattr(inp, "isatty", None)
        self.interactive = bool(isatty and isatty())
        # On a terminal, answers are read with input(), so that the arrow keys edit the
        # line and recall earlier answers (readline), where the platform has it.
        self.editing = self.interactive and inp is sys.stdin and out is sys.stdout
        if self.editing:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (imported for input()'s line editing)
        self.loaded_from: str | None = args.load
        if args.load is None:
            rules = args.default_rules if args.rules is None else args.rules
            if args.players is not None:
                rules = _with_players(rules, args.players)
            games = 1 if args.games is None else args.games
            self.match = Match.new(args.seed, rules=rules, games=games)
        elif any(value is not None for value in (args.seed, args.rules, args.players, args.games)):
            raise ConquianError(
                "--load goes on with the saved match, whose seed, rules and games are the "
                "file's: give no --seed, --rules, --players or --games with it"
            )
        else:
            self.match = _loaded(args.load)
        players = self.match.rules.players
        self.bot_kinds = _seated_bots(args.bot, players)
        """The agent of each bot's seat, seat 1 first (M1: seats 1 and 2 with three)."""
        self.screen = _Screen(
            out, find_language(args.lang), args.ascii, _bot_names(self.bot_kinds)
        )
        bots = ",".join(dict.fromkeys(self.bot_kinds))  # one name for two bots of a kind
        self.bot_option = "" if bots == "greedy" else f" --bot {bots}"
        planned = self.match.games_planned
        self.show_score = planned != 1
        self.replay_options = " ".join(
            [f"--seed {self.match.seed}"]
            + (
                []
                if self.match.rules == CLASSIC
                else [f"--rules {self.match.rules.to_notation()}"]
            )
            + ([self.bot_option.strip()] if self.bot_option else [])
            + ([] if planned in (1, None) else [f"--games {planned}"])
        )

    def read_line(self, prompt: str) -> str:
        """One line after ``prompt`` ("" at the end of the input), edited on a terminal."""
        if self.editing:
            try:  # readline counts the prompt's width without its colour codes
                return input(COLOUR_CODE.sub("\x01\\g<0>\x02", prompt)) + "\n"
            except EOFError:
                return ""
        print(prompt, end="", file=self.screen.out, flush=True)
        return self.inp.readline()

    def _agent(self, purpose: int, seat: int = BOT) -> Agent:
        """The bot for the decision at hand (the move of the bot in ``seat``, or a hint,
        from the first bot's agent), made afresh from the match's seed, the game and the
        ply: after an undo it answers as before."""
        seed = game_seed(self.match.seed, purpose)
        seed = game_seed(game_seed(seed, self.match.game_index), self.match.state.ply)
        return AGENTS[self.bot_kinds[seat - 1]](seed)

    # ------------------------------------------------------------------ input

    def ask(self, prompt: str, *, default: str | None = None) -> str:
        """One line of input (an empty line is ``default``, or asked again when there is
        none); the global commands are handled here."""
        while True:
            line = self.read_line(self.screen.bold(prompt))
            if not line:
                self.screen.line()
                raise _EndOfInputError
            answer = line.strip()
            if not self.interactive:  # echo piped answers so the transcript reads well
                self.screen.echo(prompt, _cut(answer, 200))
            word, _, rest = answer.partition(" ")
            command = word.lower()
            if command == "help":
                self.screen.line(_capital(self.screen.say("help")))
            elif command == "quit":
                raise _QuitRequestError
            elif command == "undo":
                raise _UndoRequestError
            elif command == "hint":
                state = self.match.state
                move = self._agent(HINT).choose(state.observation(HUMAN), state.legal_moves())
                told = self.screen.tell(state, move, aftermath=False)
                hint = self.screen.say("hint", move=told[:1].lower() + told[1:])
                self.screen.line(_capital(hint))
            elif command == "save":
                self.save(rest.strip())
            elif answer:
                return answer
            elif default is not None:
                return default

    def pause(self) -> None:
        """Wait for Enter before the next game, so that the result stays on screen;
        ``save FILE`` and ``quit`` work here too."""
        prompt = self.screen.bold(
            _capital(self.screen.say("next_game", n=self.match.game_index + 1))
        )
        while True:
            line = self.read_line(prompt)
            if not line:
                self.screen.line()
                raise _EndOfInputError
            word, _, rest = line.strip().partition(" ")
            if word.lower() == "quit":
                raise _QuitRequestError
            if word.lower() != "save":
                return
            self.save(rest.strip())

    def save(self, path: str) -> None:
        if not path:
            usage = self.screen.say("save_usage")
            self.screen.line(self.screen.say("save_failed", reason=usage))
            return
        try:
            with open(path, "w", encoding="utf-8") as file:
                match_dump(self.match, file)
        except (OSError, ValueError, ConquianError) as error:  # ValueError: a NUL in the path
            self.screen.line(self.screen.say("save_failed", reason=describe(str(error), 150)))
            return
        # The command that goes on with the match: the bot is not in the record.
        command = "play --load " + (shlex.quote(path) if len(path) <= 150 else "FILE")
        command += self.bot_option
        self.screen.line(self.screen.say("saved", path=_cut(path), command=command), whole=command)

    # ------------------------------------------------------------------ showing

    def show(self, state: State) -> None:
        screen, view = self.screen, state.observation(HUMAN)
        screen.line()
        screen.line(f"{_capital(screen.say('hand'))}: {screen.cards(view.hand, grouped=True)}")
        screen.line(f"{_capital(screen.say('table.you'))}: {screen.table(view.tables[HUMAN])}")
        for bot in range(BOT, len(view.hand_sizes)):  # each bot's table and hand size
            bot_table = screen.say("table", who=screen.names[bot])
            held = counted_phrase(screen.language, "hand_count", view.hand_sizes[bot])
            screen.line(f"{_capital(bot_table)}: {screen.table(view.tables[bot])}   ({held})")
        if view.phase is Phase.EXCHANGE:  # M10: the card to give, and to whom
            to = screen.names[receiver(HUMAN, len(view.hand_sizes))]
            screen.line(_capital(screen.say("exchange", other=to)))
        # The offered card, unless the person decides whether to force it (R14b case a),
        # then why he may force it (R14a, R14b).
        if view.offer is not None and view.phase is not Phase.FORCE_DECISION:
            origin = describe_origin(view, lang=screen.language, names=screen.names, viewer=HUMAN)
            offer = screen.say("offer", card=screen.card(view.offer), origin=origin)
            screen.line(_capital(offer))
        why = explain_forcing(
            state, lang=screen.language, names=screen.names, viewer=HUMAN, style=screen.style
        )
        if why:
            screen.line(paint(_capital(why), screen.colour and screen.style == "pretty"))
        screen.line(
            f"{_capital(screen.say('stock', count=view.stock_size))}   "
            f"{screen.say('dead', cards=screen.cards(view.dead, in_order=True))}"
        )

    # ------------------------------------------------------------------ deciding

    def choices(self, state: State) -> list[tuple[str, Move | None]]:
        """The numbered choices: each take (or one choice that builds it when there are
        many), then the other moves. ``None`` stands for building a take."""
        moves = state.legal_moves()
        takes = [move for move in moves if isinstance(move, Take)]
        listed: list[tuple[str, Move | None]] = []
        offer = state.offer
        if len(takes) > MAX_LISTED_TAKES and offer is not None:
            label = self.screen.say("option_build", card=self.screen.card(offer), count=len(takes))
            listed.append((label, None))
        else:
            told = [self.screen.tell(state, take, aftermath=False) for take in takes]
            for label, take in zip(told, takes, strict=True):
                if take.table is not None and told.count(label) > 1:
                    # Takes that differ only in their table (V2): name the table too.
                    table = self.screen.say("option_arrange", melds=self.screen.table(take.table))
                    label = f"{label.rstrip('.!')} ({table})"
                listed.append((label, take))
        listed.extend(
            (self.screen.tell(state, move, aftermath=False), move)
            for move in moves
            if not isinstance(move, Take)
        )
        return listed

    def decide(self, state: State) -> Move:
        """The person's move, asked until it is legal."""
        screen = self.screen
        options = self.choices(state)
        screen.line(_capital(screen.say("choices")))
        self.list_options(options)
        if len(options) == 1:  # Enter takes the only choice
            prompt, default = screen.say("prompt_one"), "1"
        else:
            prompt, default = screen.say("prompt", first=1, last=len(options)), None
        while True:
            answer = self.ask(_capital(prompt), default=default)
            if answer.lower() == "pass":  # the word the choices use for declining one's own card
                answer = "decline"
            number = _number(answer)
            if number is not None:
                index = number - 1
                if not 0 <= index < len(options):
                    screen.line(screen.say("range", first=1, last=len(options)))
                    continue
                move = options[index][1]
                if move is None:
                    built = self.build(state)
                    if built is None:
                        screen.line(_capital(screen.say("choices")))
                        self.list_options(options)
                        continue
                    return built
                return move
            if answer.lower() == "build":
                if not any(isinstance(move, Take) for move in state.legal_moves()):
                    offer = "-" if state.offer is None else screen.card(state.offer)
                    screen.line(screen.say("cannot_build", card=offer))
                    continue
                try:
                    built = self.build(state)
                except ConquianError as error:
                    screen.refused("illegal", error)
                    continue
                if built is not None:
                    return built
                continue
            try:
                move = parse_move(answer)
            except ConquianError as error:
                # An answer that starts like a move is notation: its own (English) words.
                if (answer.split() or [""])[0].lower() in MOVE_VERBS:
                    screen.refused("bad", error)
                else:
                    reason = screen.say("not_a_move", text=describe(answer), last=len(options))
                    screen.line(screen.say("bad", reason=reason))
                continue
            refusal = state.refusal(move, player=HUMAN)
            if refusal is None:
                return move
            screen.refused("illegal", refusal)

    def list_options(self, options: Sequence[tuple[str, object]]) -> None:
        width = len(str(len(options)))  # numbers right-aligned: " 9." above "10."
        hanging = " " * (width + 4)  # a long choice goes on under its own words
        for number, (label, _) in enumerate(options, start=1):
            self.screen.line(f"  {number:>{width}}. {_capital(label)}", indent=hanging)

    def build(self, state: State) -> Move | None:
        """A take built card by card, or ``None`` if the person goes back."""
        screen = self.screen
        builder = state.take_builder()
        while True:
            options: list[tuple[str, Callable[[], TakeBuilder | Move]]] = []
            if builder.needs_arrangement:
                for index, table in enumerate(builder.arrangements):
                    label = screen.say("option_arrange", melds=screen.table(table))
                    options.append((label, _arrange(builder, index)))
            elif builder.is_complete:
                if builder.can_go_out:
                    options.append((screen.say("option_out"), builder.go_out))
                for card in sorted(builder.discards):
                    options.append(
                        (
                            screen.say("option_discard", card=screen.card(card)),
                            _discard(builder, card),
                        )
                    )
            if not builder.needs_arrangement:
                for card in sorted(builder.addable):
                    options.append(
                        (screen.say("option_add", card=screen.card(card)), _add(builder, card))
                    )
            for card in sorted(builder.selected):
                options.append(
                    (screen.say("option_remove", card=screen.card(card)), _remove(builder, card))
                )
            taken = "-" if state.offer is None else screen.card(state.offer)
            selection = screen.say("taking", card=taken, cards=screen.cards(builder.selected))
            screen.line(_capital(selection))
            if builder.table is not None:
                shown = screen.table(builder.table)
                screen.line(f"{_capital(screen.say('table.you'))}: {shown}")
            self.list_options(options)
            width = len(str(len(options)))
            screen.line(f"  {0:>{width}}. {_capital(screen.say('option_back'))}")
            answer = self.ask(_capital(screen.say("prompt_take")))
            step: TakeBuilder | Move
            try:
                chosen = _number(answer)
                if chosen is not None:
                    if chosen == 0:
                        return None
                    if chosen > len(options):
                        screen.line(screen.say("range", first=0, last=len(options)))
                        continue
                    step = options[chosen - 1][1]()
                elif answer.lower() in ("back", "cancel"):
                    return None
                elif answer.lower() == "out":
                    step = builder.go_out()
                elif answer.startswith("-"):
                    step = builder.discard(answer[1:].strip())
                else:
                    card = Card.parse(answer)
                    step = builder.remove(card) if card in builder.selected else builder.add(card)
            except ConquianError as error:
                screen.refused("bad" if isinstance(error, ParseError) else "illegal", error)
                continue
            if isinstance(step, TakeBuilder):
                builder = step
            else:
                return step

    # ------------------------------------------------------------------ playing

    def undo(self) -> bool:
        """Back to the person's previous decision in this game; whether there was one."""
        if not any(entry.player == HUMAN for entry in self.match.state.history):
            return False
        while True:
            last = self.match.state.history[-1]  # read afresh: each undo changes it
            self.match.undo()
            if last.player == HUMAN:
                return True

    def play_game(self) -> None:
        """Play the current game of the match to its end."""
        screen = self.screen
        index = self.match.game_index
        state = self.match.state
        if self.show_score:
            screen.line()
            screen.line(screen.bold(_capital(screen.say("game_number", n=index + 1))))
        if index == 0 or self.loaded_from is not None:  # the match's options, once
            options = self.replay_options
            told = _capital(screen.say("seed", seed=self.match.seed, options=options))
            screen.line(told, whole=f"play {options}")
        # The match seed is not the deal's: each game is dealt from its own seed, the one
        # State.new and demo --seed take.
        if state.seed is not None:
            screen.line(_capital(screen.say("deal_seed", deal=state.seed)))
        dealer_line = (
            screen.say("deals.you")
            if state.dealer == HUMAN
            else screen.say("deals", who=screen.names[state.dealer])
        )
        screen.line(_capital(dealer_line))
        if self.loaded_from is not None:  # the game goes on from where it was saved
            resumed = screen.say("resumed", path=_cut(self.loaded_from), n=state.ply + 1)
            screen.line(_capital(resumed))
            if self.show_score and self.match.completed:
                screen.line(_capital(self.score_line(self.match.scores)))
            self.loaded_from = None
        if state.ply == 0 and state.phase is not Phase.EXCHANGE:
            # the first card the player after the dealer turns up (R10, M2); after the
            # opening exchange (M10) when there is one
            first = narrate_start(
                state, lang=screen.language, names=screen.names, viewer=HUMAN, style=screen.style
            )
            screen.line(paint(first, screen.colour and screen.style == "pretty"))
        while self.match.game_index == index and not self.match.is_over:
            state = self.match.state
            player = state.to_move
            assert player is not None
            if player != HUMAN:
                bot = self._agent(BOT_MOVE, player)
                move = bot.choose(state.observation(player), state.legal_moves())
            else:
                self.show(state)
                try:
                    move = self.decide(state)
                except _UndoRequestError:
                    screen.line(screen.say("undone" if self.undo() else "nothing_to_undo"))
                    continue
            if isinstance(move, Give):
                self.give(state, move, player)
                continue
            screen.line(_capital(screen.tell(state, move)))
            self.match.play(move, player=player)
        self.show_end(index)

    def give(self, state: State, move: Give, player: int) -> None:
        """Play and tell a give of the opening exchange (M10). The person sees his own
        card; a bot's card is "a card" (nobody else sees it), and the card the person
        receives is shown once every player has chosen and the cards have changed hands;
        then the first card is turned up (R10, V8)."""
        screen = self.screen
        players = state.rules.players
        if player == HUMAN:
            told = screen.tell(state, move, aftermath=False)
        elif receiver(player, players) == HUMAN:
            told = screen.say("give_unseen.to_you", who=screen.names[player])
        else:
            to = screen.names[receiver(player, players)]
            told = screen.say("give_unseen", who=screen.names[player], other=to)
        screen.line(_capital(told))
        self.match.play(move, player=player)
        after = self.match.state
        if after.phase is Phase.EXCHANGE:
            return
        # Every player has chosen: the cards changed hands (M10).
        received = set(after.hands[HUMAN]) - set(state.hands[HUMAN])
        giver = (HUMAN - 1) % players  # the player before the person gives to him
        for card in sorted(received):
            got = screen.say("received", card=screen.card(card), who=screen.names[giver])
            screen.line(_capital(got))
        first = narrate_start(
            after, lang=screen.language, names=screen.names, viewer=HUMAN, style=screen.style
        )
        screen.line(paint(_capital(first), screen.colour and screen.style == "pretty"))

    def show_end(self, index: int) -> None:
        screen = self.screen
        result = self.match.completed[index]
        final = list(result.record.replay())[-1]
        screen.line()
        for player in range(self.match.rules.players):
            key = "hands.you" if player == HUMAN else "hands"
            cards = screen.cards(final.hands[player], grouped=True)  # as during play
            hand = _capital(screen.say(key, who=screen.names[player], cards=cards))
            screen.line(f"{hand}   |   {screen.table(final.tables[player])}")
        winner = result.outcome.winner
        if winner is None:
            screen.line(screen.bold(_capital(screen.say("drawn"))))  # why, once (R15)
        elif winner == HUMAN:
            screen.line(screen.bold(_capital(screen.say("result_win.you"))))
        else:
            won = screen.say("result_win", who=screen.names[winner])
            screen.line(screen.bold(_capital(won)))
        if self.show_score:
            points = self.match.rules.scoring is Scoring.POINTS
            settled = settled_text(screen.language, result, points)
            screen.line(f"{screen.say('column_settled')}: {settled}")
            line = self.score_line(result.scores)
            if self.match.rules.scoring is Scoring.STAKES and not self.match.is_over:
                line += "   " + screen.say("stake", stake=self.match.standing.stake)
            screen.line(_capital(line))

    def score_line(self, scores: Sequence[int]) -> str:
        """The match's score: the person's, then each bot's (M11: three with three)."""
        names = self.screen.names
        if len(scores) == 2:
            return self.screen.say("score", a=scores[0], b=scores[1], bot=names[BOT])
        a, b, c = scores
        return self.screen.say("score_three", a=a, b=b, c=c, bot=names[1], other=names[2])

    def run(self) -> int:
        while not self.match.is_over:
            self.play_game()
            if self.interactive and not self.match.is_over:
                self.pause()
        if self.show_score:
            screen = self.screen
            screen.line(_capital(screen.say("match_over")))
            final = self.match.outcome
            assert final is not None
            games = len(self.match.completed)
            told = match_result_line(screen.language, final, games, screen.names, you=HUMAN)
            screen.line(screen.bold(told))
        return EXIT_OK


def _loaded(path: str) -> Match:
    """The match saved in the file ``path``, replayed to where it was saved.

    Raises:
        ConquianError: The file cannot be read, or is not a match record of a match that
            is still going on.
    """
    try:
        with open(path, "rb") as file:
            match = Match.from_record(match_load(file))
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        if isinstance(error, ConquianError):
            raise ConquianError(f"{describe(path, 60)} is not a saved match: {error}") from None
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise ConquianError(f"could not read {describe(path, 60)}: {reason}") from None
    if match.is_over:
        raise ConquianError(f"the match saved in {describe(path, 60)} is over")
    return match


def _bots(text: str) -> tuple[str, ...]:
    """``--bot``: one agent's name, or two separated by a comma (for three players).

    Raises:
        argparse.ArgumentTypeError: A name that is not in the agent registry, or more
            than two.
    """
    names = tuple(name.strip().lower() for name in text.split(","))
    unknown = [name for name in names if name not in AGENTS]
    if unknown or not 1 <= len(names) <= 2:
        raise argparse.ArgumentTypeError(
            f"{describe(text, 60)} is not one bot or two separated by a comma, from: "
            + ", ".join(sorted(AGENTS))
        )
    return names


def _players(text: str) -> int:
    """``--players``: 2 or 3 (M1)."""
    if text.strip() not in ("2", "3"):
        raise argparse.ArgumentTypeError(
            f"a game has 2 or 3 players (M1), not {describe(text, 20)}"
        )
    return int(text)


def _with_players(rules: Rules, players: int) -> Rules:
    """``rules`` for ``players`` players (``--players``, M1).

    Raises:
        ConquianError: The rules cannot seat that many (a hand size that leaves no stock).
    """
    try:
        return attrs.evolve(rules, players=players)
    except ConquianError as error:
        raise ConquianError(
            f"--players {players} with the rules {rules.to_notation()}: {error}"
        ) from None


def _seated_bots(kinds: Sequence[str], players: int) -> tuple[str, ...]:
    """The agent of each bot's seat: one bot with two players, two with three (one name
    given stands for both).

    Raises:
        ConquianError: Two bots named for a two-player game.
    """
    if players == 2 and len(kinds) == 2:
        raise ConquianError(
            f"a game of two players has one bot: --bot {','.join(kinds)} names two "
            "(two bots play with three players: --rules tercerilla)"
        )
    if players == 3 and len(kinds) == 1:
        return (kinds[0], kinds[0])
    return tuple(kinds)


def _bot_names(kinds: Sequence[str]) -> tuple[str, ...]:
    """The bots' names by seat: their agents' (``Greedy``), with their seat numbers when
    two bots are of the same kind (``Greedy 1``, ``Greedy 2``).

    >>> _bot_names(["greedy"]), _bot_names(["greedy", "greedy"]), _bot_names(["search", "random"])
    (('Greedy',), ('Greedy 1', 'Greedy 2'), ('Search', 'Random'))
    """
    names = tuple(kind.capitalize() for kind in kinds)
    if len(set(names)) < len(names):
        return tuple(f"{name} {seat}" for seat, name in enumerate(names, start=1))
    return names


def _cut(text: str, limit: int = 150) -> str:
    """``text`` as given, or its first ``limit`` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


def _number(answer: str) -> int | None:
    """The number ``answer`` gives (a choice), or ``None`` if it is not one. A number of
    more digits than any choice has reads as one past them all, never as a huge int."""
    if not (answer.isascii() and answer.isdigit()):
        return None
    return int(answer) if len(answer) <= 4 else 10_000


def _capital(text: str) -> str:
    """``text`` with its first letter in capitals, after a Spanish ``¡`` or ``¿``."""
    start = len(text) - len(text.lstrip("¡¿"))
    return text[:start] + text[start : start + 1].upper() + text[start + 1 :]


def _add(builder: TakeBuilder, card: Card) -> Callable[[], TakeBuilder]:
    return lambda: builder.add(card)


def _remove(builder: TakeBuilder, card: Card) -> Callable[[], TakeBuilder]:
    return lambda: builder.remove(card)


def _discard(builder: TakeBuilder, card: Card) -> Callable[[], Move]:
    return lambda: builder.discard(card)


def _arrange(builder: TakeBuilder, index: int) -> Callable[[], TakeBuilder]:
    return lambda: builder.arrange(index)


def run(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    """Run ``play`` with parsed ``args``, reading answers from ``inp`` (standard input).

    Standard input is read leniently: bytes that are not text in its encoding stand as
    ``�`` in an answer, which is not understood and asked again.

    Returns:
        0 when the match was played to its end or the person quit, 3 when the input
        ended first, 130 on Ctrl-C.

    Raises:
        ConquianError: Standard input is closed (there is nothing to read answers
            from), or ``args`` ask for a match that cannot be played.
    """
    if inp is None:
        if sys.stdin is None or sys.stdin.closed:
            raise ConquianError(
                "standard input is closed: play reads its answers there "
                "(run it in a terminal, or pipe the answers in)"
            )
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None:  # a stray byte is a wrong answer, not a crash
            reconfigure(errors="replace")
    session = _Session(args, sys.stdin if inp is None else inp, out)
    try:
        return session.run()
    except _EndOfInputError:
        print_error(session.screen.say("eof"), prefix="")
        return EXIT_EOF
    except _QuitRequestError:
        session.screen.line(session.screen.say("quit"))
        return EXIT_OK
    except KeyboardInterrupt:
        session.screen.line()
        print_error("interrupted", prefix="")
        return EXIT_INTERRUPTED
