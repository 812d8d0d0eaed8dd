"""The command line: ``python -m conquian`` (or the ``conquian`` script).

Sub-commands:

* ``meld CARDS…`` says whether the cards are one meld, and why not (exit 0 for a meld,
  1 for not a meld, 2 for text that is not cards);
* ``meld --split CARDS…`` prints every way to split the cards into melds (exit 0 if
  there is one, 1 if none);
* ``play [--bot NAME[,NAME]] [--rules R] [--players N] [--seed N] [--lang L] [--ascii]
  [--games N]`` plays against a bot, or two bots with three players, in the terminal
  (:mod:`conquian.play`);
* ``simulate --games N --workers K`` plays many games between two agents (three with
  ``--rules tercerilla``, one a player) and reports each seat's wins, with confidence
  intervals, and the draws;
* ``demo [--seed N] [--lang L]`` plays a game between a :class:`~conquian.agents.GreedyAgent`
  and a :class:`~conquian.agents.RandomAgent` (and another with three players, ``--rules
  tercerilla``; or the ``--agents`` named, one a player) and tells it move by move with
  :mod:`conquian.narration`; ``demo --games N`` plays a match of ``N`` games
  (:mod:`conquian.match`) and prints a row a game, ``--lang`` tells either in another
  language, and ``--rules`` chooses the rules;
* ``arena --agents A,B,... --deals N`` rates agents against each other, in games of two
  players or, with rules of three, each against two of another (:mod:`conquian.arena`).

Tables and splits show each meld in brackets, red cards are red on a terminal (unless
``NO_COLOR`` is set or the output is piped), and ``--ascii`` writes suits as letters.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from conquian import arena
from conquian import play as play_cli
from conquian._demo import run_demo
from conquian._terminal import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_IO,
    EXIT_NO,
    EXIT_OK,
    RULE_TOPICS,
    RULES_HELP,
    Progress,
    Say,
    agent_names,
    ascii_option,
    count,
    explain_rules,
    melds_text,
    pretty_cards_in,
    print_error,
)
from conquian._version import __version__
from conquian.cards import Card, format_cards, parse_cards
from conquian.errors import ConquianError, InvalidMeldError, ParseError, describe
from conquian.languages import LANGUAGES
from conquian.match import MAX_GAMES
from conquian.melds import Meld, MeldKind, partitions
from conquian.rules import CLASSIC, Rules
from conquian.simulate import AGENTS, MAX_SIMULATED_GAMES, MAX_WORKERS

__all__ = ["main"]


def _meld(args: argparse.Namespace, out: TextIO) -> int:
    say = Say(out)
    text = " ".join(args.cards)
    try:
        cards = parse_cards(text, allow_duplicates=not args.split)
    except ParseError as error:
        print_error(explain_rules(str(error)))
        return EXIT_BAD_INPUT
    if not cards:
        print_error("no cards were given: name them, such as 5c 6c 7c")
        return EXIT_BAD_INPUT
    shown = _cards_text(cards, args.lang)
    if args.split:
        splits = partitions(cards, rules=CLASSIC)
        if not splits:
            say(f"{shown} cannot be split into melds (R6)")
            return EXIT_NO
        say(f"{shown} splits into melds {count(len(splits), 'way')}:")
        for split in splits:
            say(_melds_text(split, args.lang), indent="  ")
        return EXIT_OK
    try:
        meld = Meld(cards, rules=CLASSIC)
    except InvalidMeldError as error:
        if args.lang is not None:  # the cards by name, then why (the reasons are English)
            say(f"{shown}:")
            say(pretty_cards_in(str(error)), indent="  ")
        else:
            say(pretty_cards_in(str(error)))
        return EXIT_NO
    rule = "R4" if meld.kind is MeldKind.GROUP else "R5"
    say(f"{_cards_text(meld, args.lang)} is a {meld.kind.value} of {len(meld)} cards ({rule})")
    return EXIT_OK


def _cards_text(cards: Iterable[Card], lang: str | None) -> str:
    """Cards with suit symbols, or by their full names in ``lang`` (``--lang``)."""
    if lang is None:
        return format_cards(cards, style="pretty")
    return "(" + format_cards(cards, lang=lang) + ")"


def _melds_text(melds: Sequence[Meld], lang: str | None) -> str:
    """Melds set apart: in brackets, or each in parentheses by its cards' names."""
    if lang is None:
        return melds_text(melds)
    return " ".join(_cards_text(meld, lang) for meld in melds)


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    from conquian.simulate import simulate

    players = args.rules.players
    agents = _seated_agents(args)
    bar = Progress(sys.stderr, "game") if sys.stderr.isatty() and not args.quiet else None
    try:
        result = simulate(
            args.games,
            agents,
            seed=args.seed,
            rules=args.rules,
            workers=args.workers,
            progress=None if bar is None else bar.update,
            backend=args.backend,
            address=args.address,
        )
    except ImportError as error:  # the ray backend without the ray extra
        raise ConquianError(str(error)) from None
    finally:
        if bar is not None:
            bar.clear()
    say = Say(out)
    names = _seated_names(agents)
    workers = count(args.workers, "worker") if args.workers else "a worker a core"
    if args.backend == "ray":
        workers = f"Ray ({args.address or 'local'})"
    rules = args.rules.to_notation()
    against = " against ".join(names)
    say(f"{against}, rules {rules}, seed {args.seed}")  # no commas: retyped
    say(
        f"{count(result.games, 'game')}, {count(result.plies, 'move')} in "
        f"{result.seconds:,.2f} s ({result.games_per_second:,.0f} games/s, {workers})"
    )
    width = len(f"{max(*result.wins, result.draws):,}")
    label = max(map(len, names)) + 1
    for seat in range(players):
        low, high = result.interval(seat)
        wins = result.wins[seat]
        say(
            f"{names[seat] + ':':<{label}} {wins:>{width},} {_noun(wins, 'win')} "
            f"{result.rate(seat):6.1%} (95% interval {low:.1%} to {high:.1%})"
        )
    share = result.draws / result.games if result.games else 0.0
    draws = result.draws
    say(f"{'Draws:':<{label}} {draws:>{width},} {_noun(draws, 'game')} {share:6.1%} (R15)")
    return EXIT_OK


def _seated_agents(args: argparse.Namespace) -> tuple[str, ...]:
    """The agents of ``simulate`` and ``demo`` by seat: ``--agents``, one a player, or
    greedy against random (greedy and two randoms with three players, M1)."""
    players = args.rules.players
    agents = tuple(args.agents or ("greedy", *(["random"] * (players - 1))))
    if len(agents) != players:
        raise ConquianError(
            f"--agents names one agent a player: {players} for rules "
            f"{args.rules.to_notation()}, not {len(agents)}"
        )
    return agents


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    args.agents = _seated_agents(args)
    return run_demo(args, out)


def _seated_names(agents: Sequence[str]) -> tuple[str, ...]:
    """The agents' long names by seat, ``Greedy (seat 0)``: :func:`agent_names`'s for two
    agents, the same form for three (M1)."""
    if len(agents) == 2:
        return agent_names(agents)[0]
    return tuple(f"{agent.capitalize()} (seat {seat})" for seat, agent in enumerate(agents))


def _noun(value: int, noun: str) -> str:
    """``noun,`` for a count, plural unless one, padded so the next column lines up."""
    return f"{noun + ('' if value == 1 else 's') + ',':<6}"


def _whole(text: str, low: int, high: int, what: str) -> int:
    """``text`` as a whole number from ``low`` to ``high``, else an argparse error saying
    ``what`` it must be and showing a cut excerpt of the text."""
    stripped = text.strip()
    if not stripped.isascii() or not stripped.lstrip("-").isdigit() or len(stripped) > 30:
        raise argparse.ArgumentTypeError(f"{what}, not {describe(text, 30)}")
    value = int(stripped)
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what}, not {describe(text, 30)}")
    return value


def _workers(text: str) -> int:
    return _whole(
        text, 0, MAX_WORKERS, f"workers is a whole number from 0 (one per core) to {MAX_WORKERS}"
    )


def _simulated_games(text: str) -> int:
    return _whole(
        text, 1, MAX_SIMULATED_GAMES, f"games is a whole number from 1 to {MAX_SIMULATED_GAMES}"
    )


def _deals(text: str) -> int:
    return _whole(text, 1, arena.MAX_DEALS, f"deals is a whole number from 1 to {arena.MAX_DEALS}")


def _first_deal(text: str) -> int:
    most = arena.MAX_FIRST_DEAL
    return _whole(text, 0, most, f"the first deal is a whole number from 0 to {most:,}")


def _seed(text: str) -> int:
    return _whole(text, 0, (1 << 64) - 1, "a seed is a whole number from 0 to 2**64 - 1")


def _games(text: str) -> int:
    return _whole(text, 1, MAX_GAMES, f"a match has 1 to {MAX_GAMES} games")


def _rules(text: str) -> Rules:
    """Every command's ``--rules``: rules of two or three players (M1)."""
    try:
        return Rules.parse(text)
    except ConquianError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Conquian, the oldest rummy game.",
        epilog="Rule numbers in the output refer to the rules in the documentation: "
        + "; ".join(f"{tag} {topic}" for tag, topic in RULE_TOPICS.items())
        + ". Red cards are printed in red on a terminal; set NO_COLOR to turn colour off.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--ascii",
        action="store_true",
        dest="letters",  # not "ascii": play's own --ascii default would overwrite it
        help="write suits as letters (7h), not symbols (7♥); automatic when the output "
        "cannot show the symbols",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    meld = commands.add_parser(
        "meld",
        help="check a meld, or list every split of cards into melds",
        description="Say whether CARDS are one meld (exit 0) or why not (exit 1); "
        "exit 2 if CARDS is not a list of cards.",
    )
    meld.add_argument("cards", nargs="+", metavar="CARDS", help="cards such as 6c 7c Jc")
    meld.add_argument(
        "--split", action="store_true", help="print every way to split CARDS into melds"
    )
    meld.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help="write the cards by their full names in this language",
    )
    ascii_option(meld)
    meld.set_defaults(run=_meld)
    demo = commands.add_parser(
        "demo",
        help="watch a game or a match between two bots (or three)",
        description="Play a game between two bots (greedy and random unless --agents says "
        "otherwise), or three with three-player rules (--rules tercerilla: greedy and two "
        "randoms), move by move, or with --games N a match of N games, a row a game.",
    )
    demo.add_argument("--seed", type=_seed, default=None, help="deal from this seed")
    demo.add_argument(
        "--rules",
        type=_rules,
        default=CLASSIC,
        metavar="RULES",
        help=RULES_HELP,
    )
    demo.add_argument(
        "--games",
        type=_games,
        default=1,
        metavar="N",
        help="play a match of N games, a row a game (1: one game, move by move); "
        "with points scoring, N is the most games",
    )
    demo.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default="en",
        help="tell the game, or the match, in this language (en)",
    )
    _agents_option(demo)
    ascii_option(demo)
    demo.set_defaults(run=_demo)
    play = commands.add_parser(
        "play",
        help="play against a bot (or two: --rules tercerilla) in the terminal",
        description="Play Conquian against a bot, or against two bots in a game of three "
        "(--rules tercerilla, or --players 3 with any rules). Answer with a number, a "
        "move, or 'build' to build a take card by card; help, hint, undo, save FILE and quit "
        "work at every prompt. Reads standard input line by line, so it can be driven "
        "through a pipe.",
    )
    play_cli.add_arguments(play, seed=_seed, rules=_rules, games=_games, default_rules=CLASSIC)
    play.set_defaults(run=play_cli.run)
    sim = commands.add_parser(
        "simulate",
        help="play many games between two agents (or three) and count the results",
        description="Play GAMES games between two agents (the dealer alternates), or three "
        "with rules of three players (the deal passes round), and print each seat's wins, "
        "with 95% confidence intervals, and the draws. The result depends only on "
        "the seed, not on the number of workers.",
    )
    sim.add_argument("--games", type=_simulated_games, default=1000, help="games to play (1000)")
    sim.add_argument("--workers", type=_workers, default=1, help="processes; 0 for one a core (1)")
    sim.add_argument("--seed", type=_seed, default=0, help="the run's seed (0)")
    sim.add_argument(
        "--rules",
        type=_rules,
        default=CLASSIC,
        metavar="RULES",
        help=RULES_HELP,
    )
    sim.add_argument(
        "--backend",
        choices=("process", "ray"),
        default="process",
        help="where to play: local processes, or a Ray cluster (process)",
    )
    sim.add_argument("--address", help="the Ray cluster to join (local Ray without it)")
    _agents_option(sim)
    sim.add_argument("--quiet", action="store_true", help="no progress display")
    sim.set_defaults(run=_simulate)
    ladder = commands.add_parser(
        "arena",
        help="rate agents: every pair plays the same deals, seats swapped",
        description="Play every pair of AGENTS on the same deals, each deal twice with the "
        "seats swapped, and print each pair's score (a win 1, a draw 1/2) with its 95% "
        "interval and a Bradley-Terry rating per agent (Elo scale, random at 0). With "
        "rules of three players (--rules tercerilla) the first agent of a pair plays "
        "against two of the second, each deal once with it in each seat, and the table "
        "adds the wins by agent and by seat. The result depends only on the seed, not on "
        "the number of workers.",
    )
    ladder.add_argument(
        "--agents",
        type=arena.agent_list,
        default=("random", "greedy", "search"),
        metavar="A,B,...",
        help=f"agents separated by commas, from {', '.join(AGENTS)}, with parameters "
        "such as search:160 or search:budget=20ms (random,greedy,search)",
    )
    ladder.add_argument("--deals", type=_deals, default=100, help="deals a pair (100)")
    ladder.add_argument(
        "--first-deal",
        type=_first_deal,
        default=0,
        metavar="D",
        help="start at deal D, to split a long run into chunks that add up (0)",
    )
    ladder.add_argument(
        "--rules",
        type=_rules,
        default=CLASSIC,
        metavar="RULES",
        help=RULES_HELP,
    )
    ladder.add_argument("--seed", type=_seed, default=0, help="the run's seed (0)")
    ladder.add_argument(
        "--workers", type=_workers, default=1, help="processes; 0 for one a core (1)"
    )
    ladder.add_argument("--json", metavar="FILE", help="also save the results as JSON")
    ladder.add_argument("--quiet", action="store_true", help="no progress display")
    ladder.set_defaults(run=arena.run_command)
    return parser


def _agents_option(parser: argparse.ArgumentParser) -> None:
    """The ``--agents A B [C]`` option of demo and simulate: one agent a player."""
    parser.add_argument(
        "--agents",
        nargs="+",
        default=None,
        choices=list(AGENTS),
        metavar="AGENT",
        help=f"one agent a player, from {', '.join(AGENTS)} (greedy random; greedy random "
        "random with three players)",
    )


_SUIT_LETTERS: Final = str.maketrans("♣♦♥♠", "cdhs")


class _Letters(io.TextIOBase):
    """A text stream that writes suit symbols as letters (``7♥`` as ``7h``), and any
    other character its target cannot encode as ``?``."""

    def __init__(self, target: TextIO) -> None:
        self._target = target
        self._encoding = getattr(target, "encoding", None) or "ascii"

    def write(self, text: str) -> int:
        letters = text.translate(_SUIT_LETTERS)
        try:
            letters.encode(self._encoding)
        except (UnicodeEncodeError, LookupError):
            letters = letters.encode("ascii", "replace").decode("ascii")
        return self._target.write(letters)

    def flush(self) -> None:
        self._target.flush()

    def isatty(self) -> bool:
        """Whether the target is a terminal (colour stays on with letters)."""
        isatty = getattr(self._target, "isatty", None)
        return bool(isatty is not None and isatty())


def _shows_symbols(stream: TextIO) -> bool:
    """Whether ``stream`` can encode the suit symbols."""
    encoding = getattr(stream, "encoding", None)
    if encoding is None:
        return True  # a StringIO or the like holds any text
    try:
        "♣♦♥♠".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, *, prog: str = "conquian"
) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Suits are written as letters with ``--ascii`` or when the output cannot encode the
    symbols. No error ends in a traceback: bad input exits 2 with a message, an
    interruption 130, a failed read or write of the system (a full disk) 74, and a fault
    of the library 70 with a one-line report.

    Args:
        argv: The arguments, without the program name.
        out: Where to write (default: standard output).
        prog: The program name in usage lines (``python -m conquian`` passes its own).
    """
    target = out if out is not None else sys.stdout
    if out is None:
        _forgiving(sys.stdout)
    _forgiving(sys.stderr)
    try:
        args = _parser(prog).parse_args(argv)
        if args.letters or getattr(args, "ascii", False) or not _shows_symbols(target):
            target = _Letters(target)
        code: int = args.run(args, target)
    except BrokenPipeError:  # the reader went away (``| head``): not an error of ours
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        print_error("interrupted", prefix="")
        return EXIT_INTERRUPTED
    except ConquianError as error:
        print_error(str(error))
        return EXIT_BAD_INPUT
    except OSError as error:  # the system's, such as a full disk: not a fault of ours
        print_error(f"could not read or write: {error.strerror or type(error).__name__}")
        return EXIT_IO
    except Exception as error:  # a fault of ours: a short report, never a traceback
        print_error(
            f"internal error ({type(error).__name__}): {describe(str(error), 150)}; "
            "please report it with the command that caused it",
            prefix="",
        )
        return EXIT_INTERNAL
    return code


def _forgiving(stream: TextIO) -> None:
    """Let ``stream`` write what its encoding cannot (as escapes) instead of raising."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
