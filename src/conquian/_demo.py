"""Private: the ``demo`` command, a game between two agents (or three, M1) told move by
move, or a match of several games told a row a game.

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
    counted_phrase,
    match_result_line,
    melds_text,
    print_error,
    settled_text,
)
from conquian.agents import Agent
from conquian.cards import Card, format_cards
from conquian.errors import ConquianError
from conquian.languages import Language, find_language
from conquian.match import GameResult, Match
from conquian.narration import narrate, narrate_start
from conquian.phases import Phase
from conquian.rules import CLASSIC, DrawSettlement, Rules, Scoring
from conquian.simulate import agent_factory
from conquian.state import OfferOrigin, State

__all__ = ["run_demo"]

_ENGLISH: Final = find_language("en")


def _holding(state: State, player: int, language: Language = _ENGLISH) -> str:
    hand = _hand_text(state.hands[player])
    return language.phrase("holding", melds=melds_text(state.tables[player]), cards=hand)


def _demo_agents(args: argparse.Namespace, seed: int) -> tuple[Agent, ...]:
    """The agents of ``--agents``, one a seat (the command line checked their number)."""
    return tuple(agent_factory(name)(seed) for name in args.agents)


def _title(lang: Language, rules: Rules, seed: int, names: tuple[str, ...]) -> str:
    """The demo's first line: the seed, the rules unless classic, and who deals to whom."""
    if len(names) == 3:  # the dealer deals to the next player first (M2)
        return lang.phrase(
            "demo_three",
            seed=seed,
            rules=rules.to_notation(),
            who=names[0],
            other=names[1],
            third=names[2],
        )
    title = "demo" if rules == CLASSIC else "demo_rules"
    return lang.phrase(title, seed=seed, rules=rules.to_notation(), who=names[0], other=names[1])


def run_demo(args: argparse.Namespace, out: TextIO) -> int:
    if args.games > 1:
        return _demo_match(args, out)
    lang = find_language(args.lang)
    say = Say(out, lang)
    rules: Rules = args.rules
    state = State.new(args.seed, rules=rules, dealer=0)
    seed = state.seed if state.seed is not None else 0
    agents = _demo_agents(args, seed)
    names, short = agent_names(args.agents, lang)
    say(_title(lang, rules, seed, names))
    for seat in range(rules.players):
        hand = lang.phrase("hands", who=short[seat], cards=_hand_text(state.hands[seat]))
        say(hand[:1].upper() + hand[1:], indent="  ")  # "mano de Random: ..." begins a line
    if state.phase is not Phase.EXCHANGE:  # else the last card given turns one up (M10)
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
    for seat in range(rules.players):
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
    """A match of ``args.games`` games (a cap with points scoring), a row a game, in the
    language of ``--lang``."""
    rules: Rules = args.rules
    try:
        match = Match.new(args.seed, rules=rules, games=args.games)
    except ConquianError as error:
        print_error(str(error))
        return EXIT_BAD_INPUT
    lang = find_language(args.lang)
    agents = _demo_agents(args, match.seed)
    names, short = agent_names(args.agents, lang)
    points = rules.scoring is Scoring.POINTS
    games = counted_phrase(lang, "games", args.games)
    title = lang.phrase(
        "match_points" if points else "match",
        target=rules.target,
        games=games,
        seed=match.seed,
        rules=rules.to_notation(),
    )
    say = Say(out, lang)
    say(title)
    if len(names) == 3:
        players = lang.phrase("match_players_three", who=names[0], other=names[1], third=names[2])
    else:
        players = lang.phrase("match_players", who=names[0], other=names[1])
    say(players, indent="  ")
    say("")
    row = _game_row(short, rules, lang)
    say(row.format(*(lang.phrase(f"column_{key}") for key in _COLUMNS)))
    while not match.is_over:
        finished = len(match.completed)
        while len(match.completed) == finished:  # play the current game to its end
            state = match.state
            player = state.to_move
            assert player is not None
            move = agents[player].choose(state.observation(player), state.legal_moves())
            match.play(move, player=player)
        say(_game_line(match.completed[-1], points, short, row, lang))
    final = match.outcome
    assert final is not None
    say("")
    say(match_result_line(lang, final, len(match.completed), names))
    return EXIT_OK


_COLUMNS: Final = ("game", "dealer", "result", "settled", "score")


def _game_row(short: tuple[str, ...], rules: Rules, language: Language) -> str:
    """The format of a match's rows, with columns as wide as their heading and the
    agents' names need, and as the longest result and settlement of their kind (with
    points scoring or stakes; with three players, of the draw settlement of the rules too,
    to leave room for the third score)."""
    name = max(map(len, short))
    heading = [len(language.phrase(f"column_{key}")) for key in _COLUMNS]
    moves = counted_phrase(language, "moves", 999)
    result = max(
        len(language.phrase("row_drawn", moves=moves)),
        len(language.phrase("row_out", who="x" * name, moves=moves)),
    )
    if rules.scoring is Scoring.POINTS:
        settled = max(
            len(language.phrase("settled_no_points")),
            len(counted_phrase(language, "settled_points", 999)),
        )
    elif rules.players == 3:
        settled = max(map(len, _stake_settlements(rules.draw_settlement, language)))
    else:
        settled = max(
            len(language.phrase("settled_nothing")),
            len(language.phrase("settled_pool", count=99)),
            len(language.phrase("settled_win_pool", stake=99, count=99)),
            len(language.phrase("settled_next_stake", stake=99)),
        )
    widths = (
        max(heading[0], 4),
        max(heading[1], name),
        max(heading[2], result),
        max(heading[3], settled),
    )
    return "{{:>{}}}  {{:<{}}}  {{:<{}}}  {{:<{}}}  {{}}".format(*widths)


def _stake_settlements(draw: DrawSettlement, language: Language) -> list[str]:
    """The longest settlements a game played for stakes can have under the draw settlement
    ``draw`` (R18, V5)."""
    texts = [language.phrase("settled_nothing"), language.phrase("settled_win", stake=99)]
    if draw is DrawSettlement.POOL:
        texts.append(language.phrase("settled_pool", count=99))
        texts.append(language.phrase("settled_win_pool", stake=99, count=99))
    elif draw is not DrawSettlement.NONE:
        texts.append(language.phrase("settled_next_stake", stake=99))
    return texts


def _game_line(
    result: GameResult, points: bool, short: tuple[str, ...], row: str, language: Language
) -> str:
    """One finished game of a match as a row: dealer, outcome, settlement, running score."""
    winner = result.outcome.winner
    moves = counted_phrase(language, "moves", result.plies)
    if winner is None:
        outcome = language.phrase("row_drawn", moves=moves)
    else:
        outcome = language.phrase("row_out", who=short[winner], moves=moves)
    settled = settled_text(language, result, points)
    scores = result.scores
    if len(scores) == 3:  # each player's running score (M11)
        score = language.phrase("row_score_three", a=scores[0], b=scores[1], c=scores[2])
    else:
        score = language.phrase("row_score", a=scores[0], b=scores[1])
    return row.format(result.index + 1, short[result.dealer], outcome, settled, score)
