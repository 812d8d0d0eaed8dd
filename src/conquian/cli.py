"""The command line: ``python -m conquian`` (or the ``conquian`` script).

Sub-commands:

* ``meld CARDS…`` says whether the cards are one meld, and why not (exit 0 for a meld,
  1 for not a meld, 2 for text that is not cards);
* ``meld --split CARDS…`` prints every way to split the cards into melds (exit 0 if
  there is one, 1 if none);
* ``play [--bot NAME] [--rules R] [--seed N] [--lang L] [--ascii] [--games N]`` plays
  against a bot in the terminal (:mod:`conquian.play`);
* ``simulate --games N --workers K`` plays many games between two agents and reports
  the wins and draws with confidence intervals;
* ``demo [--seed N]`` plays a game between a :class:`~conquian.agents.GreedyAgent` and a
  :class:`~conquian.agents.RandomAgent` and prints it turn by turn; ``demo --games N``
  plays a match of ``N`` games (:mod:`conquian.match`) and prints a line a game, and
  ``--rules`` chooses the rules.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from conquian import play as play_cli
from conquian.agents import Agent, GreedyAgent, RandomAgent
from conquian.cards import Card, format_cards, parse_cards
from conquian.errors import ConquianError, ParseError
from conquian.languages import LANGUAGES
from conquian.match import MAX_GAMES, GameResult, Match, MatchResult
from conquian.melds import InvalidMeldError, Meld, partitions
from conquian.narration import narrate, narrate_start
from conquian.rules import CLASSIC, Rules, Scoring
from conquian.state import OfferOrigin, State

__all__ = ["main"]

EXIT_OK = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2


def _meld(args: argparse.Namespace, out: TextIO) -> int:
    text = " ".join(args.cards)
    try:
        cards = parse_cards(text, allow_duplicates=not args.split)
    except ParseError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.split:
        splits = partitions(cards, rules=CLASSIC)
        if not splits:
            print(f"{format_cards(cards)} cannot be split into melds", file=out)
            return EXIT_NO
        noun = "way" if len(splits) == 1 else "ways"
        print(f"{format_cards(cards)} splits into melds {len(splits)} {noun}:", file=out)
        for split in splits:
            print("  " + "  ".join(_meld_text(meld, args.lang) for meld in split), file=out)
        return EXIT_OK
    try:
        meld = Meld(cards, rules=CLASSIC)
    except InvalidMeldError as error:
        print(error, file=out)
        return EXIT_NO
    text = _meld_text(meld, args.lang)
    print(f"{text} is a {meld.kind.value} of {len(meld)} cards", file=out)
    return EXIT_OK


def _meld_text(meld: Meld, lang: str | None) -> str:
    """A meld in symbols, or by its cards' full names in ``lang`` (``--lang``)."""
    return meld.pretty() if lang is None else "(" + format_cards(meld, lang=lang) + ")"


def _table_text(state: State, player: int) -> str:
    melds = state.tables[player]
    return "  ".join(meld.pretty() for meld in melds) if melds else "-"


def _offer_text(state: State, names: tuple[str, str]) -> str:
    card, by, player = state.offer, state.offered_by, state.to_move
    if card is None or by is None or player is None:
        return "-"
    if state.offer_origin is OfferOrigin.DISCARD:
        source = f"{names[by]}'s discard"
    elif state.offer_origin is OfferOrigin.UPCARD:
        source = f"the upcard, turned by {names[by]}"
    elif by == player:
        source = f"turned up by {names[by]}"
    else:
        source = f"passed by {names[by]}"
    decision = {
        "offer": "to decide",
        "force_decision": "to force or release",
        "forced_take": "forced to take it",
    }.get(state.phase.value, "to move")
    return f"{card.pretty()} ({source}), {names[player]} {decision}; stock {len(state.stock)}"


def _hand_text(cards: frozenset[Card]) -> str:
    return format_cards(cards, style="pretty", sort=True) or "-"


_NAMES: Final = ("Greedy (player 0)", "Random (player 1)")
_SHORT: Final = ("Greedy", "Random")


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    if args.games > 1:
        return _demo_match(args, out)
    rules: Rules = args.rules
    state = State.new(args.seed, rules=rules, dealer=0)
    seed = state.seed if state.seed is not None else 0
    agents: tuple[Agent, Agent] = (GreedyAgent(), RandomAgent(seed))
    names, short = _NAMES, _SHORT
    where = f"seed {state.seed}" + ("" if rules == CLASSIC else f", rules {rules.to_notation()}")
    print(f"Conquian demo, {where}: {names[0]} deals to {names[1]}.", file=out)
    for seat in (0, 1):
        print(f"  {short[seat]} holds {_hand_text(state.hands[seat])}", file=out)
    print(f"  {narrate_start(state, names=short)}", file=out)
    player: int | None
    while (player := state.to_move) is not None:
        move = agents[player].choose(state.observation(player), state.legal_moves())
        after = state.apply(move, player=player)
        print(f"{after.ply:3}. {narrate(state, move, names=short)}", file=out)
        tables = " | ".join(f"{short[seat]} {_table_text(after, seat)}" for seat in (0, 1))
        print(f"     tables: {tables}", file=out)
        print(f"     offer:  {_offer_text(after, short)}", file=out)
        state = after
    outcome = state.outcome()
    assert outcome is not None
    print("", file=out)
    for seat in (0, 1):
        print(
            f"{short[seat]:>6}: table {_table_text(state, seat)} | hand "
            f"{_hand_text(state.hands[seat])}",
            file=out,
        )
    if outcome.winner is None:
        print(f"The game is drawn after {state.ply} moves: the stock ran out (R15).", file=out)
    else:
        print(f"{names[outcome.winner]} goes out and wins after {state.ply} moves.", file=out)
    return EXIT_OK


def _demo_match(args: argparse.Namespace, out: TextIO) -> int:
    """A match of ``args.games`` games (a cap with points scoring), a line a game."""
    rules: Rules = args.rules
    try:
        match = Match.new(args.seed, rules=rules, games=args.games)
    except ConquianError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    agents: tuple[Agent, Agent] = (GreedyAgent(), RandomAgent(match.seed))
    points = rules.scoring is Scoring.POINTS
    length = (
        f"to {rules.target} points (at most {args.games} games)"
        if points
        else f"of {args.games} games"
    )
    print(
        f"Conquian match {length}, seed {match.seed}, rules {rules.to_notation()}: "
        f"{_NAMES[0]} against {_NAMES[1]}.",
        file=out,
    )
    while not match.is_over:
        finished = len(match.completed)
        while len(match.completed) == finished:  # play the current game to its end
            state = match.state
            player = state.to_move
            assert player is not None
            move = agents[player].choose(state.observation(player), state.legal_moves())
            match.play(move, player=player)
        print(_game_line(match.completed[-1], points), file=out)
    final = match.result()
    assert final is not None
    print(_match_line(final, len(match.completed)), file=out)
    return EXIT_OK


def _game_line(result: GameResult, points: bool) -> str:
    """One finished game of a match: dealer, moves, outcome, settlement, running score."""
    winner, stake = result.outcome.winner, result.stake
    head = f"Game {result.index + 1}, {_SHORT[result.dealer]} deals: "
    if winner is None:
        text = f"drawn after {result.plies} moves (R15)"
        if points or stake is None:
            text += ", no points"
        elif result.standing.pool:
            text += f", each puts 1 in the pool (now {result.standing.pool})"
        elif result.standing.stake != stake:
            text += f", the next stake is {result.standing.stake}"
        else:
            text += ", nothing paid"
    else:
        text = f"{_SHORT[winner]} goes out after {result.plies} moves"
        gain = result.change[winner]
        if points or stake is None:
            text += f", scores {gain} points"
        elif gain != stake:
            text += f", wins the stake of {stake} and the pool of {gain - stake}"
        else:
            text += f", wins the stake of {stake}"
    first, second = result.scores
    return f"{head}{text}; score {first} to {second}."


def _match_line(result: MatchResult, games: int) -> str:
    first, second = result.scores
    if result.winner is None:
        return f"The match is tied after {games} games, {first} to {second}."
    return f"{_NAMES[result.winner]} wins the match after {games} games, {first} to {second}."


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    from conquian.simulate import simulate

    show = sys.stderr.isatty() and not args.quiet

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\r{done:,}/{total:,} games", end="", file=sys.stderr, flush=True)

    result = simulate(
        args.games, tuple(args.agents), seed=args.seed, workers=args.workers, progress=progress
    )
    if show:
        print(file=sys.stderr)
    print(
        f"{args.agents[0]} (seat 0) against {args.agents[1]} (seat 1), seed {args.seed}", file=out
    )
    print(result, file=out)
    print(f"{result.games_per_second:,.0f} games/s with {args.workers or 'all'} workers", file=out)
    return EXIT_OK


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a count is 0 or more, not {text}")
    return value


def _seed(text: str) -> int:
    value = int(text)
    if not 0 <= value < 1 << 64:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to 2**64 - 1, not {text}")
    return value


def _games(text: str) -> int:
    value = int(text)
    if not 1 <= value <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"a match has 1 to {MAX_GAMES} games, not {text}")
    return value


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except ConquianError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m conquian", description="Conquian, the oldest rummy game."
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
    meld.set_defaults(run=_meld)
    demo = commands.add_parser(
        "demo",
        help="watch a game or a match between two bots",
        description="Play a game between a greedy bot and a random bot, move by move, or "
        "with --games N a match of N games, a line a game.",
    )
    demo.add_argument("--seed", type=_seed, default=None, help="deal from this seed")
    demo.add_argument(
        "--rules",
        type=_rules,
        default=CLASSIC,
        metavar="RULES",
        help="a preset (classic, foster, bicycle) or rules text such as "
        "classic,draw_settlement:pool (classic)",
    )
    demo.add_argument(
        "--games",
        type=_games,
        default=1,
        metavar="N",
        help="play a match of N games, a line a game (1: one game, move by move); "
        "with points scoring, N is the most games",
    )
    demo.set_defaults(run=_demo)
    play = commands.add_parser(
        "play",
        help="play against a bot in the terminal",
        description="Play Conquian against a bot. Answer with a number, a move, or 'build' "
        "to build a take card by card; help, hint, undo, save FILE and quit work at every "
        "prompt. Reads standard input line by line, so it can be driven through a pipe.",
    )
    play_cli.add_arguments(play, seed=_seed, rules=_rules, games=_games, default_rules=CLASSIC)
    play.set_defaults(run=play_cli.run)
    sim = commands.add_parser(
        "simulate",
        help="play many games between two agents and count the results",
        description="Play GAMES games between two agents (the dealer alternates) and print "
        "the wins and draws with 95%% confidence intervals. The result depends only on "
        "the seed, not on the number of workers.",
    )
    sim.add_argument("--games", type=_count, default=1000, help="games to play (1000)")
    sim.add_argument("--workers", type=_count, default=1, help="processes; 0 for one a core")
    sim.add_argument("--seed", type=_seed, default=0, help="the run's seed (0)")
    sim.add_argument(
        "--agents",
        nargs=2,
        default=["greedy", "random"],
        choices=["greedy", "random"],
        metavar="AGENT",
        help="the two agents, greedy or random (greedy random)",
    )
    sim.add_argument("--quiet", action="store_true", help="no progress display")
    sim.set_defaults(run=_simulate)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    args = _parser().parse_args(argv)
    run = args.run
    try:
        code: int = run(args, out if out is not None else sys.stdout)
    except BrokenPipeError:  # the reader went away (``| head``): not an error of ours
        sys.stderr.close()
        return EXIT_OK
    return code
