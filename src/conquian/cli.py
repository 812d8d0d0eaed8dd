"""The command line: ``python -m conquian`` (or the ``conquian`` script).

Sub-commands:

* ``meld CARDS…`` says whether the cards are one meld, and why not (exit 0 for a meld,
  1 for not a meld, 2 for text that is not cards);
* ``meld --split CARDS…`` prints every way to split the cards into melds (exit 0 if
  there is one, 1 if none);
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
import textwrap
from collections.abc import Sequence
from typing import Final, TextIO

from conquian._terminal import (
    RULE_TOPICS,
    Progress,
    count,
    explain_rules,
    melds_text,
    paint,
    pretty_cards_in,
    wants_color,
)
from conquian.agents import Agent, GreedyAgent, RandomAgent
from conquian.cards import Card, format_cards, parse_cards
from conquian.errors import ConquianError, ParseError
from conquian.match import MAX_GAMES, GameResult, Match, MatchResult
from conquian.melds import InvalidMeldError, Meld, MeldKind, partitions
from conquian.moves import Decline, Force, LayDown, Move, Release, Take
from conquian.rules import CLASSIC, Rules, Scoring
from conquian.state import OfferOrigin, Phase, State

__all__ = ["main"]

EXIT_OK = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2


def _meld(args: argparse.Namespace, out: TextIO) -> int:
    say = _Say(out)
    text = " ".join(args.cards)
    try:
        cards = parse_cards(text, allow_duplicates=not args.split)
    except ParseError as error:
        print(f"error: {explain_rules(str(error))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    shown = format_cards(cards, style="pretty")
    if args.split:
        splits = partitions(cards, rules=CLASSIC)
        if not splits:
            say(f"{shown} cannot be split into melds (R6)")
            return EXIT_NO
        say(f"{shown} splits into melds {count(len(splits), 'way')}:")
        for split in splits:
            say("  " + melds_text(split))
        return EXIT_OK
    try:
        meld = Meld(cards, rules=CLASSIC)
    except InvalidMeldError as error:
        say(pretty_cards_in(str(error)))
        return EXIT_NO
    rule = "R4" if meld.kind is MeldKind.GROUP else "R5"
    say(f"{meld.pretty()} is a {meld.kind.value} of {len(meld)} cards ({rule})")
    return EXIT_OK


class _Say:
    """Prints lines to ``out``: rule tags explained, wrapped to 80 columns, and red cards in
    red on a terminal (unless ``NO_COLOR`` is set)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.color = wants_color(out)

    def __call__(self, text: str, indent: str = "", first: str | None = None) -> None:
        lines = textwrap.wrap(
            explain_rules(text),
            width=_COLUMNS,
            initial_indent=indent if first is None else first,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
        ) or [""]
        for line in lines:
            print(paint(line, self.color), file=self.out)


_COLUMNS: Final = 80


def _narrate(before: State, move: Move, after: State, names: tuple[str, str]) -> str:
    """One move in words, with what the engine did after it (a card turned up)."""
    player = before.to_move
    assert player is not None
    assert before.offer is not None
    who, other = names[player], names[1 - player]
    card = before.offer.pretty()
    if isinstance(move, Take):
        verb = "is forced to take" if before.phase is Phase.FORCED_TAKE else "takes"
        text = f"{who} {verb} {card}"
        if move.laid:
            text += ", lays down " + format_cards(move.laid, style="pretty", sort=True)
        if move.discard is None:
            return text + " and goes out!"
        return text + f" and discards {move.discard.pretty()}."
    if isinstance(move, LayDown):
        laid = format_cards(move.laid, style="pretty", sort=True)
        return f"{who} lays down {laid} before deciding on {card}."
    if isinstance(move, Force):
        return f"{who} forces {card} on {other}."
    if isinstance(move, Decline):
        if before.offer_origin is OfferOrigin.STOCK and before.offered_by == player:
            return f"{who} passes {card} to {other}."
        if before.offer_origin is OfferOrigin.UPCARD and before.offered_by != player:
            return f"{who} declines the upcard {card}; {other} may take it."
        text = f"{who} declines {card}"
        if after.phase is Phase.FORCE_DECISION:
            return text + f"; it fits {who}'s table, so {other} may force it (R14b)."
    else:
        assert isinstance(move, Release)
        text = f"{who} releases {card}"
    return text + _turned(after, player, names)


def _turned(after: State, player: int, names: tuple[str, str]) -> str:
    """What follows a card's death: the next card turned up, or the end of the game."""
    if after.offer is None:
        return "; the stock is empty."
    by = after.offered_by
    who = " and" if by == player else f"; {names[by or 0]}"
    return f"{who} turns up {after.offer.pretty()} (stock {len(after.stock)})."


def _holding(state: State, player: int) -> str:
    hand = format_cards(state.hands[player], style="pretty", sort=True) or "-"
    return f"table {melds_text(state.tables[player])}; hand {hand}"


_NAMES: Final = ("Greedy (seat 0)", "Random (seat 1)")
_SHORT: Final = ("Greedy", "Random")


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    if args.games > 1:
        return _demo_match(args, out)
    say = _Say(out)
    rules: Rules = args.rules
    state = State.new(args.seed, rules=rules, dealer=0)
    seed = state.seed if state.seed is not None else 0
    agents: tuple[Agent, Agent] = (GreedyAgent(), RandomAgent(seed))
    names, short = _NAMES, _SHORT
    where = f"seed {state.seed}" + ("" if rules == CLASSIC else f", rules {rules.to_notation()}")
    say(f"Conquian demo, {where}: {names[0]} deals to {names[1]}.")
    for seat in (0, 1):
        say(f"{short[seat]}'s hand: {_hand_text(state.hands[seat])}", indent="  ")
    turner = state.offered_by or 0
    say(f"{short[turner]} turns up {_offer_card(state)} (stock {len(state.stock)}).", "  ")
    say("")
    player: int | None
    while (player := state.to_move) is not None:
        move = agents[player].choose(state.observation(player), state.legal_moves())
        after = state.apply(move, player=player)
        say(_narrate(state, move, after, short), indent="     ", first=f"{after.ply:3}. ")
        if after.tables[player] != state.tables[player] and after.to_move is not None:
            say(f"{short[player]}: {_holding(after, player)}", indent="       ")
        state = after
    outcome = state.outcome()
    assert outcome is not None
    say("")
    if outcome.winner is None:
        say(f"The game is drawn after {state.ply} moves: the stock ran out (R15).")
    else:
        say(f"{names[outcome.winner]} goes out and wins after {state.ply} moves (R16).")
    for seat in (0, 1):
        say(f"{short[seat]}: {_holding(state, seat)}", indent="  ")
    return EXIT_OK


def _offer_card(state: State) -> str:
    return state.offer.pretty() if state.offer is not None else "-"


def _hand_text(cards: frozenset[Card]) -> str:
    return format_cards(cards, style="pretty", sort=True) or "-"


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
    say = _Say(out)
    say(f"Conquian match {length}, seed {match.seed}, rules {rules.to_notation()}:")
    say(f"{_NAMES[0]} against {_NAMES[1]}.", indent="  ")
    say("")
    say(_GAME_ROW.format("Game", "Dealer", "Result", "Settled", "Score"))
    while not match.is_over:
        finished = len(match.completed)
        while len(match.completed) == finished:  # play the current game to its end
            state = match.state
            player = state.to_move
            assert player is not None
            move = agents[player].choose(state.observation(player), state.legal_moves())
            match.play(move, player=player)
        say(_game_line(match.completed[-1], points))
    final = match.result()
    assert final is not None
    say("")
    say(_match_line(final, len(match.completed)))
    return EXIT_OK


_GAME_ROW: Final = "{:>4}  {:<6}  {:<26}  {:<22}  {}"


def _game_line(result: GameResult, points: bool) -> str:
    """One finished game of a match as a row: dealer, outcome, settlement, running score."""
    winner, stake = result.outcome.winner, result.stake
    moves = count(result.plies, "move")
    if winner is None:
        outcome = f"drawn, {moves}"
        if points or stake is None:
            settled = "no points"
        elif result.standing.pool:
            settled = f"1 each to the pool ({result.standing.pool})"
        elif result.standing.stake != stake:
            settled = f"next stake {result.standing.stake}"
        else:
            settled = "nothing paid"
    else:
        outcome = f"{_SHORT[winner]} out, {moves}"
        gain = result.change[winner]
        if points or stake is None:
            settled = f"{_SHORT[winner]} +{count(gain, 'point')}"
        elif gain != stake:
            settled = f"{_SHORT[winner]} wins {stake} + pool {gain - stake}"
        else:
            settled = f"{_SHORT[winner]} wins {stake}"
    first, second = result.scores
    return _GAME_ROW.format(
        result.index + 1, _SHORT[result.dealer], outcome, settled, f"{first:,} to {second:,}"
    )


def _match_line(result: MatchResult, games: int) -> str:
    first, second = result.scores
    if result.winner is None:
        return f"The match is tied after {games} games, {first} to {second}."
    return f"{_NAMES[result.winner]} wins the match after {games} games, {first} to {second}."


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    from conquian.simulate import simulate

    bar = Progress(sys.stderr, "game") if sys.stderr.isatty() and not args.quiet else None
    try:
        result = simulate(
            args.games,
            tuple(args.agents),
            seed=args.seed,
            workers=args.workers,
            progress=None if bar is None else bar.update,
        )
    finally:
        if bar is not None:
            bar.clear()
    say = _Say(out)
    names = tuple(f"{agent.capitalize()} (seat {seat})" for seat, agent in enumerate(args.agents))
    workers = count(args.workers, "worker") if args.workers else "a worker a core"
    say(f"{names[0]} against {names[1]}, seed {args.seed:,}")
    say(
        f"{count(result.games, 'game')}, {count(result.plies, 'move')} in "
        f"{result.seconds:,.2f} s ({result.games_per_second:,.0f} games/s, {workers})"
    )
    width = len(f"{max(*result.wins, result.draws):,}")
    label = max(map(len, names)) + 1
    for seat in (0, 1):
        low, high = result.interval(seat)
        say(
            f"{names[seat] + ':':<{label}} {result.wins[seat]:>{width},} wins, "
            f"{result.rate(seat):6.1%} (95% interval {low:.1%} to {high:.1%})"
        )
    share = result.draws / result.games if result.games else 0.0
    say(f"{'Draws:':<{label}} {result.draws:>{width},} games, {share:6.1%} (R15)")
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
        prog="python -m conquian",
        description="Conquian, the oldest rummy game.",
        epilog="Rule numbers in the output refer to the rules in the documentation: "
        + "; ".join(f"{tag} {topic}" for tag, topic in RULE_TOPICS.items())
        + ". Red cards are printed in red on a terminal; set NO_COLOR to turn colour off.",
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
