"""Private: the ``demo`` command, a game between two agents told move by move, or a match
of several games told a row a game.

Plain names for :mod:`conquian.cli`.
"""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from conquian._terminal import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    Say,
    agent_names,
    count,
    melds_text,
    print_error,
)
from conquian.agents import Agent
from conquian.cards import Card, format_cards
from conquian.errors import ConquianError
from conquian.languages import Language, find_language
from conquian.match import GameResult, Match, MatchResult
from conquian.narration import narrate, narrate_start
from conquian.rules import CLASSIC, Rules, Scoring
from conquian.simulate import agent_factory
from conquian.state import OfferOrigin, State

__all__ = ["run_demo"]

_ENGLISH: Final = find_language("en")


def _holding(state: State, player: int, language: Language = _ENGLISH) -> str:
    hand = _hand_text(state.hands[player])
    return language.phrase("holding", melds=melds_text(state.tables[player]), cards=hand)


def _demo_agents(args: argparse.Namespace, seed: int) -> tuple[Agent, Agent]:
    return (agent_factory(args.agents[0])(seed), agent_factory(args.agents[1])(seed))


def run_demo(args: argparse.Namespace, out: TextIO) -> int:
    if args.games > 1:
        if args.lang != "en":
            print_error("--lang tells a single game; a match (--games N) is a table in English")
            return EXIT_BAD_INPUT
        return _demo_match(args, out)
    say, lang = Say(out), find_language(args.lang)
    rules: Rules = args.rules
    state = State.new(args.seed, rules=rules, dealer=0)
    seed = state.seed if state.seed is not None else 0
    agents = _demo_agents(args, seed)
    names, short = agent_names(args.agents, lang)
    title = "demo" if rules == CLASSIC else "demo_rules"
    say(lang.phrase(title, seed=seed, rules=rules.to_notation(), who=names[0], other=names[1]))
    for seat in (0, 1):
        hand = lang.phrase("hands", who=short[seat], cards=_hand_text(state.hands[seat]))
        say(hand[:1].upper() + hand[1:], indent="  ")  # "mano de Random: ..." begins a line
    stock = lang.phrase("stock_left", count=len(state.stock))
    say(f"{narrate_start(state, names=short, lang=lang)} ({stock}).", indent="  ")
    say("")
    player: int | None
    while (player := state.to_move) is not None:
        move = agents[player].choose(state.observation(player), state.legal_moves())
        after = state.apply(move, player=player)
        told = _with_stock(narrate(state, move, names=short, lang=lang), state, after, lang)
        say(told, indent="     ", first=f"{after.ply:3}. ")
        if after.tables[player] != state.tables[player] and after.to_move is not None:
            say(f"{short[player]}: {_holding(after, player, lang)}", indent="       ")
        state = after
    outcome = state.outcome
    assert outcome is not None
    say("")
    if outcome.winner is None:
        say(lang.phrase("demo_drawn", count=state.ply))
    else:
        say(lang.phrase("demo_won", who=names[outcome.winner], count=state.ply))
    for seat in (0, 1):
        say(f"{short[seat]}: {_holding(state, seat, lang)}", indent="  ")
    return EXIT_OK


def _with_stock(told: str, before: State, after: State, language: Language) -> str:
    """A move's narration ended as a sentence, with the stock left when the move made a
    card turn up."""
    turned = after.offer is not None and after.offer_origin is not OfferOrigin.DISCARD
    if turned and after.offer != before.offer:
        told += f" ({language.phrase('stock_left', count=len(after.stock))})"
    return told if told.endswith(("!", ".", "?")) else told + "."


def _hand_text(cards: frozenset[Card]) -> str:
    return format_cards(cards, style="pretty", sort=True) or "-"


def _demo_match(args: argparse.Namespace, out: TextIO) -> int:
    """A match of ``args.games`` games (a cap with points scoring), a row a game."""
    rules: Rules = args.rules
    try:
        match = Match.new(args.seed, rules=rules, games=args.games)
    except ConquianError as error:
        print_error(str(error))
        return EXIT_BAD_INPUT
    agents = _demo_agents(args, match.seed)
    names, short = agent_names(args.agents)
    points = rules.scoring is Scoring.POINTS
    length = (
        f"to {rules.target} points (at most {args.games} games)"
        if points
        else f"of {args.games} games"
    )
    say = Say(out)
    say(f"Conquian match {length}, seed {match.seed}, rules {rules.to_notation()}:")
    say(f"{names[0]} against {names[1]}.", indent="  ")
    say("")
    row = _game_row(short)
    say(row.format("Game", "Dealer", "Result", "Settled", "Score"))
    while not match.is_over:
        finished = len(match.completed)
        while len(match.completed) == finished:  # play the current game to its end
            state = match.state
            player = state.to_move
            assert player is not None
            move = agents[player].choose(state.observation(player), state.legal_moves())
            match.play(move, player=player)
        say(_game_line(match.completed[-1], points, short, row))
    final = match.result()
    assert final is not None
    say("")
    say(_match_line(final, len(match.completed), names))
    return EXIT_OK


def _game_row(short: tuple[str, str]) -> str:
    """The format of a match's rows, with columns as wide as the agents' names need."""
    name = max(map(len, short))
    return f"{{:>4}}  {{:<{max(6, name)}}}  {{:<{max(16, name + 15)}}}  {{:<22}}  {{}}"


def _game_line(result: GameResult, points: bool, short: tuple[str, str], row: str) -> str:
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
        outcome = f"{short[winner]} out, {moves}"
        gain = result.change[winner]
        if points or stake is None:
            settled = f"+{count(gain, 'point')}"
        elif gain != stake:
            settled = f"wins {stake} + pool {gain - stake}"
        else:
            settled = f"wins {stake}"
    first, second = result.scores
    return row.format(
        result.index + 1, short[result.dealer], outcome, settled, f"{first:,} to {second:,}"
    )


def _match_line(result: MatchResult, games: int, names: tuple[str, str]) -> str:
    first, second = result.scores
    if result.winner is None:
        return f"The match is tied after {games} games, {first} to {second}."
    return f"{names[result.winner]} wins the match after {games} games, {first} to {second}."
