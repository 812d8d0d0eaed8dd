"""Helpers shared by the test modules: decks that deal chosen hands, seeded random games,
the documented deal written again, agents checked move by move, the moves a take builder
reaches, and the check of an engine position against the model of :mod:`bruteforce`.

Test modules import from here (and from :mod:`bruteforce` and :mod:`strategies`), never
from one another.
"""

from __future__ import annotations

import dataclasses
import io
import os
import pickle
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

import attrs
import pytest
from hypothesis import settings

import conquian
from bruteforce import (
    DECLINE_BF,
    FORCE_BF,
    PLAY_ORDER,
    SUIT_ORDER,
    BFMove,
    BFTable,
    Position,
    borrowed_card,
    keeps_melds,
    legal,
    legal_takes,
    mismatches,
    to_bf,
)
from conquian import (
    DECK,
    PRESETS,
    TERCERILLA,
    Card,
    Decline,
    Force,
    Give,
    LayDown,
    Meld,
    Move,
    Observation,
    OfferOrigin,
    Phase,
    Regrouping,
    Release,
    Rules,
    State,
    Take,
    parse_cards,
)
from conquian.agents import Agent, GreedyAgent, RandomAgent, play_game
from conquian.builder import TakeBuilder
from conquian.match import Match
from conquian.melds import fits
from conquian.notation import MAX_MOVES
from conquian.rules import Forcing, StockOut

__all__ = [
    "MAX_MOVES",
    "TWO_PLAYER_PRESETS",
    "Checked",
    "borrows",
    "bots",
    "built_moves",
    "cards",
    "check_position",
    "checked_game",
    "child_environment",
    "classic_position",
    "dealt",
    "deck_for",
    "forcing_choice",
    "gives_away",
    "lay_order",
    "model_move_key",
    "play_all",
    "play_to_end",
    "positions_with_a_choice",
    "random_game",
    "reference_deal",
    "scaled",
    "snapshot",
    "splitmix64",
    "steered_choice",
    "table_cards",
    "take_order",
    "with_hidden_cards_swapped",
]


TWO_PLAYER_PRESETS: Final = tuple(
    sorted(name for name, rules in PRESETS.items() if rules.players == 2)
)
"""The names of the presets of two players: the agents, the arena and the front ends play
two-player games only so far (three players: issue #32)."""

FULL_EXAMPLES = 100
"""The examples a property runs under the default profile: at this many or more (the
``default`` and ``ci`` profiles), :func:`scaled` counts are the full counts."""

DEV_SHARE = 5
"""Under a profile of fewer examples (``dev``, 10), :func:`scaled` counts are a fifth."""


def child_environment(**extra: str) -> dict[str, str]:
    """The environment for a child Python process that imports this very package (the
    source tree's, ahead of anything on ``PYTHONPATH``), with the variables ``extra``."""
    environment = dict(os.environ, **extra)
    package_root = str(Path(conquian.__file__).resolve().parent.parent)
    environment["PYTHONPATH"] = os.pathsep.join(
        filter(None, [package_root, environment.get("PYTHONPATH")])
    )
    return environment


def scaled(count: int, least: int = 1, *, dev: int | None = None) -> int:
    """``count`` scaled with the Hypothesis profile (see conftest.py), for the brute-force
    tests that walk a fixed number of games or positions: the full count under the
    ``default`` and ``ci`` profiles, a fifth of it under ``dev``, and never fewer than
    ``least``, the fewest that still reach what the test checks it reached.

    ``dev``, if given, is the count under ``dev`` instead of a fifth: ``dev=1`` for a walk
    that plays, under ``dev``, only until it has reached what it checks (the full
    profiles play every game all the same).
    """
    if settings().max_examples >= FULL_EXAMPLES:
        return max(least, count)
    if dev is not None:
        return min(count, max(least, dev))
    return max(least, count // DEV_SHARE)


def dealt(state: State) -> tuple[Card, ...]:
    """The deck a state was dealt from (every state of these tests comes from a deal)."""
    assert state.deck is not None
    return state.deck


def deck_for(
    player1: str, player0: str, stock: str = "", last: str = "", *, batch: int = 1
) -> str:
    """A deck, as text, that deals ``player1``'s and ``player0``'s hands when player 0 deals.

    R8: the non-dealer (player 1) gets the 1st, 3rd, ... card, the dealer the 2nd, 4th,
    ... (V7, ``batch=2``: the 1st and 2nd, 5th and 6th, ... and the 3rd and 4th, 7th and
    8th, ...); then ``stock`` lies on top of the stock, top card first (the non-dealer
    turns its first card at once, R10; V8: the dealer turns it), and ``last`` at the
    bottom. The cards named nowhere come in between, in the canonical order.
    """
    first, second = parse_cards(player1), parse_cards(player0)
    top, bottom = parse_cards(stock), parse_cards(last)
    assert len(first) == len(second), "both hands have the same size"
    assert len(first) % batch == 0, "the hands are dealt in whole batches"
    dealt = [
        card
        for start in range(0, len(first), batch)
        for card in (*first[start : start + batch], *second[start : start + batch])
    ]
    named = [*dealt, *top, *bottom]
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [
        Card(rank, suit)
        for suit in SUIT_ORDER
        for rank in PLAY_ORDER
        if Card(rank, suit) not in named
    ]
    return " ".join(str(card) for card in [*dealt, *top, *rest, *bottom])


def steered_choice(rng: random.Random, moves: Sequence[Move], greed: float) -> Move:
    """A random legal move; with probability ``greed`` a take or a lay-down (V3) that
    lays the most cards."""
    takes = [move for move in moves if isinstance(move, Take | LayDown)]
    if takes and rng.random() < greed:
        most = max(len(take.laid) for take in takes)
        return rng.choice([take for take in takes if len(take.laid) == most])
    return rng.choice(list(moves))


def model_move_key(move: BFMove) -> tuple[str, list[str], str, list[list[str]]]:
    """A fixed order of the model's moves (its sets have none), for seeded games."""
    kind, laid, discard, table = move
    melds = sorted(sorted(map(str, meld)) for meld in table or ())
    return (kind, sorted(map(str, laid)), str(discard), melds)


def forcing_choice(rng: random.Random, moves: set[BFMove], greed: float) -> BFMove:
    """A random legal move of the model (or of the engine's moves read by
    :func:`bruteforce.to_bf`), steered: a force whenever one is allowed, most times, and a
    decline of a card that fits the player's table (a take that lays nothing, R14a) half
    the time, so that cards are forced (M6); else with probability ``greed`` a take (or
    V3 lay-down) that lays the most cards, so that tables grow and games are won by going
    out (M7); else a decline, half the time, so that the stock runs out (M8)."""
    ordered = sorted(moves, key=model_move_key)
    if FORCE_BF in moves and rng.random() < 0.8:
        return FORCE_BF
    fitting = any(move[0] == "take" and not move[1] for move in ordered)
    if fitting and DECLINE_BF in moves and rng.random() < 0.5:
        return DECLINE_BF
    takes = [move for move in ordered if move[0] in ("take", "lay")]
    if takes and rng.random() < greed:
        most = max(len(move[1]) for move in takes)
        return rng.choice([move for move in takes if len(move[1]) == most])
    if DECLINE_BF in moves and rng.random() < 0.5:
        return DECLINE_BF
    return rng.choice(ordered)


def random_game(state: State, seed: int, greed: float = 0.0) -> Iterator[State]:
    """Every position of a game played from ``state`` by :func:`steered_choice`."""
    rng = random.Random(seed)
    yield state
    while state.to_move is not None:
        state = state.apply(steered_choice(rng, state.legal_moves(), greed))
        assert state.ply <= MAX_MOVES, "the game outlasts the ply bound"
        yield state


def legal_moves_of_games(seeds: int, greed: float) -> Iterator[tuple[State, int, Move]]:
    """Every legal move, with its position and mover, at every decision of the classic
    games :func:`random_game` plays from seeds 0 to ``seeds - 1``."""
    for seed in range(seeds):
        for state in random_game(State.new(seed), seed, greed=greed):
            player = state.to_move
            if player is not None:
                for move in state.legal_moves():
                    yield state, player, move


# ---------------------------------------------------------------- the deal, a game's length


def splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 (Steele, Lea and Flood 2014), written again from the paper."""
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        yield z ^ (z >> 31)


def _unshift(value: int, shift: int) -> int:
    """The 64-bit ``x`` with ``x ^ (x >> shift) == value``: each round fixes ``shift`` more
    of its top bits."""
    x = value
    for _ in range(64 // shift + 1):
        x = value ^ (x >> shift)
    return x


def seed_drawing(value: int, draw: int) -> int:
    """The seed whose output number ``draw`` (from 0) of :func:`splitmix64` is ``value``.

    SplitMix64's mix is a bijection of 64-bit words (two xor-shifts and two products by
    odd numbers, each undone here), so every output has a seed: this is how the tests
    reach draws that ``below`` rejects, which come about once in 2**58 cards.
    """
    z = _unshift(value, 31)
    z = z * pow(0x94D049BB133111EB, -1, 2**64) % 2**64
    z = _unshift(z, 27)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 2**64) % 2**64
    z = _unshift(z, 30)
    return (z - (draw + 1) * 0x9E3779B97F4A7C15) % 2**64


def reference_deal(seed: int) -> list[Card]:
    """The documented shuffle: Fisher-Yates from the last position down, each index drawn
    uniformly below ``i + 1`` by rejection, over the canonical deck (c, d, h, s; A to K)."""
    deck = [Card(rank, suit) for suit in SUIT_ORDER for rank in PLAY_ORDER]
    outputs = splitmix64(seed)

    def below(n: int) -> int:
        limit = 2**64 - 2**64 % n
        while True:
            value = next(outputs)
            if value < limit:
                return value % n

    for i in range(len(deck) - 1, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# ---------------------------------------------------------------- cards and moves


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


def play_all(state: State, *moves: str) -> State:
    for move in moves:
        state = state.apply(move)
    return state


def snapshot(state: State) -> State:
    """An independent copy of ``state`` (to prove that nothing changed it)."""
    copy: State = pickle.loads(pickle.dumps(state))
    return copy


def table_cards(state: State, player: int) -> frozenset[Card]:
    return frozenset(c for meld in state.tables[player] for c in meld)


# ---------------------------------------------------------------- checking the engine


def table_order(table: tuple[Meld, ...] | None) -> tuple[int, ...]:
    return () if table is None else tuple(meld.mask for meld in table)


def take_order(move: Move) -> tuple[int, tuple[int, ...], int]:
    """The documented order of takes: by the laid cards (as a mask), then (V2) by the named
    table (its melds' masks, each table's melds by their first card), then by the discard."""
    assert isinstance(move, Take)
    mask = sum(1 << c.index for c in move.laid)
    return mask, table_order(move.table), -1 if move.discard is None else move.discard.index


def lay_order(move: Move) -> tuple[int, tuple[int, ...]]:
    assert isinstance(move, LayDown)
    return sum(1 << c.index for c in move.laid), table_order(move.table)


def old_melds(state: State) -> BFTable:
    player = state.to_move
    assert player is not None
    return frozenset(frozenset(meld) for meld in state.tables[player])


def borrows(state: State, moves: Sequence[Move]) -> list[Move]:
    """The takes and lay-downs of ``moves`` whose table borrows a card (V2)."""
    if state.rules.regrouping is not Regrouping.BORROW or state.to_move is None:
        return []
    before = old_melds(state)
    found: list[Move] = []
    for move in moves:
        if isinstance(move, Take | LayDown):
            assert move.table is not None
            table = frozenset(frozenset(meld) for meld in move.table)
            if borrowed_card(before, table) is not None:
                assert not keeps_melds(before, table)
                found.append(move)
    return found


def free_laid_sets(model: Position) -> set[frozenset[Card]]:
    """The laid sets of the takes that free regrouping (R13) would allow in ``model``."""
    free = attrs.evolve(model.rules, regrouping=Regrouping.FREE)
    as_free = dataclasses.replace(model, rules=free, melds=None)
    return {laid for _, laid, _, _ in legal_takes(as_free)}


def check_position(state: State, model: Position, stats: Counter[str]) -> None:
    """The engine's view and legal moves equal the model's, in the documented order."""
    assert mismatches(model, state) == []
    moves = state.legal_moves()
    assert moves == state.legal_moves()  # deterministic
    assert len(moves) == len(set(moves))  # no move twice
    expected = legal(model)
    assert {to_bf(move) for move in moves} == expected
    if state.phase is Phase.EXCHANGE:  # M10: one give per hand card, in deck order
        assert [type(move) for move in moves] == [Give] * len(moves)
        assert [move.card for move in moves if isinstance(move, Give)] == sorted(
            state.hands[state.to_move or 0]
        )
        stats["exchange"] += 1
        return
    takes = [move for move in moves if isinstance(move, Take)]
    assert takes == sorted(takes, key=take_order)
    assert list(moves[: len(takes)]) == takes
    lays = [move for move in moves if isinstance(move, LayDown)]
    assert lays == sorted(lays, key=lay_order)
    assert list(moves[len(takes) : len(takes) + len(lays)]) == lays
    others = [type(move) for move in moves[len(takes) + len(lays) :]]
    assert others in ([], [Decline], [Decline, Force], [Force, Release])
    assert not lays or others[0] is Decline
    stats[state.phase.value] += 1
    stats["takes"] += len(takes)
    stats["max takes"] = max(stats["max takes"], len(takes))
    stats["force back"] += others == [Decline, Force]
    stats["empty hand"] += state.to_move is not None and not state.hands[state.to_move]
    stats["positions"] += 1
    stats["lay-down offers"] += bool(lays)
    stats["borrow offers"] += bool(borrows(state, [*takes, *lays]))
    stats["upcard offers"] += state.offer_origin is OfferOrigin.UPCARD
    if state.rules.regrouping is not Regrouping.FREE and takes:
        # V2: takes that free regrouping would allow but this rule refuses.
        laid_sets = {move[1] for move in expected if move[0] == "take"}
        stats["refused regroupings"] += laid_sets != free_laid_sets(model)
    for player in range(len(state.tables)):
        size = len(table_cards(state, player))
        stats["max table"] = max(stats["max table"], size)


def built_moves(start: TakeBuilder) -> set[Move]:
    """Every move reachable from ``start`` by adding cards, arranging and finishing;
    checks on the way that every step the builder offers leads to a finished move."""
    moves: set[Move] = set()
    seen: set[frozenset[Card]] = set()
    todo = [start]
    while todo:
        builder = todo.pop()
        if builder.selected in seen:
            continue
        seen.add(builder.selected)
        if not builder.is_possible:
            assert builder is start, "an impossible step was offered"
            assert not builder.addable
            assert not builder.is_complete
            continue
        assert builder.is_complete or builder.addable, "a dead end was offered"
        if builder.is_complete:
            arranged = (
                [builder.arrange(i) for i in range(len(builder.arrangements))]
                if builder.needs_arrangement
                else [builder]
            )
            for done in arranged:
                assert done.table is not None
                if done.kind == "lay":
                    moves.add(done.lay_down())
                elif done.can_go_out:
                    assert not done.discards
                    moves.add(done.go_out())
                else:
                    assert done.discards
                    moves.update(done.discard(card) for card in done.discards)
        todo.extend(builder.add(card) for card in builder.addable)
    return moves


# ---------------------------------------------------------------- agents and positions


class Checked:
    """Wraps an agent: checks that it sees its own observation and answers legally."""

    def __init__(self, agent: Agent, state_of: list[State]) -> None:
        self.agent = agent
        self.state_of = state_of
        self.moves = 0

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        state = self.state_of[0]
        assert state.ply < MAX_MOVES
        assert observation.player == state.to_move
        assert observation == state.observation(observation.player)
        assert tuple(legal_moves) == state.legal_moves()
        move = self.agent.choose(observation, legal_moves)
        assert move in legal_moves
        self.moves += 1
        self.state_of[0] = state.apply(move)
        return move


def checked_game(state: State, agents: Sequence[Agent]) -> tuple[State, list[Checked]]:
    current = [state]
    wrapped = [Checked(agent, current) for agent in agents]
    final = play_game(state, wrapped)
    assert final == current[0]
    return final, wrapped


def classic_position(
    *,
    phase: str = "offer",
    to_move: int = 0,
    offer: str,
    origin: str,
    hands: tuple[str, str],
    tables: tuple[str, str],
    dead: str = "-",
    stock: str | None = None,
) -> State:
    """A classic position from its cards; the stock is every other card in deck order
    unless given."""
    used = parse_cards(" ".join([offer, *hands, *tables, dead]).replace(".", " ").replace("-", ""))
    if stock is None:
        stock = "".join(str(card) for card in DECK if card not in used)
    return State.parse(
        f"conquian/1 rules=classic dealer=0 ply=12 phase={phase} to_move={to_move} "
        f"offer={offer} from={origin} stock={stock} hand0={hands[0]} hand1={hands[1]} "
        f"table0={tables[0]} table1={tables[1]} dead={dead} result=-"
    )


def gives_away(observation: Observation, move: Move) -> bool:
    """Whether ``move`` offers an opponent a card that fits his table (R14a): a take whose
    discard fits the table of any other player (with three players the discard is offered
    to each in turn, M4), judged by the public :func:`conquian.melds.fits` (regrouped as
    the rules allow, V2)."""
    if not isinstance(move, Take) or move.discard is None:
        return False
    return any(
        table and fits(move.discard, table, rules=observation.rules)
        for player, table in enumerate(observation.tables)
        if player != observation.player
    )


def bots(seed: int) -> tuple[Agent, Agent]:
    """Greedy in seat 0 and a seeded Random in seat 1: quick games that finish."""
    return (GreedyAgent(), RandomAgent(seed))


def play_to_end(match: Match, agents: tuple[Agent, Agent], games: int | None = None) -> Match:
    """Play the match with the agents until it is over (or ``games`` more games finished)."""
    stop = None if games is None else len(match.completed) + games
    while not match.is_over and len(match.completed) != stop:
        state = match.state
        player = state.to_move
        assert player is not None
        match.play(agents[player].choose(state.observation(player), state.legal_moves()))
    return match


class Piped(io.StringIO):
    """Standard input from a pipe: not a terminal."""

    def isatty(self) -> bool:
        return False


def play(argv: list[str], answers: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """``python -m conquian play ARGV`` answered from ``answers`` (piped standard input):
    its exit code and what it printed."""
    from conquian.cli import main

    monkeypatch.setattr(sys, "stdin", Piped(answers))
    out = io.StringIO()
    code = main(["play", *argv], out=out)
    return code, out.getvalue()


def unwrapped(text: str) -> str:
    """``text`` with the lines that wrapping broke joined again."""
    return text.replace("\n  ", " ")


SMALL = attrs.evolve(TERCERILLA, hand_size=4)  # 4 cards each, 5 to go out (M7)


def position(
    rules: Rules,
    *,
    offer: str,
    origin: str,
    to_move: int,
    hands: tuple[str, str, str],
    tables: tuple[str, str, str],
    phase: str = "offer",
    stock: str | None = None,
    dead: str = "-",
    dealer: int = 0,
    ply: int = 20,
) -> State:
    """A three-player position written by hand (tables may separate melds with "."); the
    stock is every other card in deck order unless given."""
    used = set(parse_cards(offer))
    for text in (*hands, *tables, dead):
        if text != "-":
            used |= set(parse_cards(text.replace(".", "")))
    if stock is None:
        stock = "".join(str(card) for card in DECK if card not in used) or "-"
    words = [
        "conquian/1",
        f"rules={rules.to_notation()}",
        f"dealer={dealer}",
        f"ply={ply}",
        f"phase={phase}",
        f"to_move={to_move}",
        f"offer={offer}",
        f"from={origin}",
        f"stock={stock}",
        *(f"hand{player}={hand}" for player, hand in enumerate(hands)),
        *(f"table{player}={table}" for player, table in enumerate(tables)),
        f"dead={dead}",
        "result=-",
    ]
    return State.parse(" ".join(words))


def stock_out_position(
    stock_out: StockOut, tables: tuple[str, str, str], hands: tuple[str, str, str]
) -> State:
    """Player 1 turned up the last stock card, 5c; nobody will take it (forcing off)."""
    rules = attrs.evolve(SMALL, stock_out=stock_out, forcing=Forcing.OFF)
    used = set(parse_cards("5c" + "".join(hands + tables).replace("-", "")))
    return position(
        rules,
        offer="5c",
        origin="stock:1",
        to_move=1,
        hands=hands,
        tables=tables,
        stock="-",
        dead="".join(str(card) for card in DECK if card not in used),
        ply=60,
    )


def with_hidden_cards_swapped(state: State) -> State:
    """The same position seen by the player to move, with the opponent's hand and the
    stock dealt differently: the unseen cards in reverse order."""
    mover = state.to_move
    assert mover is not None
    opponent_hand = sorted(state.hands[1 - mover], key=lambda card: card.index)
    unseen = [*opponent_hand, *state.stock]
    unseen.reverse()
    size = len(opponent_hand)
    text = state.to_notation()
    fields = dict(word.split("=", 1) for word in text.split()[1:])
    fields[f"hand{1 - mover}"] = "".join(map(str, unseen[:size])) or "-"
    fields["stock"] = "".join(map(str, unseen[size:])) or "-"
    return State.parse(
        " ".join(["conquian/1", *(f"{key}={value}" for key, value in fields.items())])
    )


def positions_with_a_choice(seed: int, rules_name: str, count: int) -> list[State]:
    """Positions from a game between Greedy players where the mover has several moves."""
    found: list[State] = []
    state = State.new(seed, rules=PRESETS[rules_name])
    greedy = GreedyAgent()
    while (player := state.to_move) is not None and len(found) < count:
        moves = state.legal_moves()
        if len(moves) > 1:
            found.append(State.parse(state.to_notation()))
        state = state.apply(greedy.choose(state.observation(player), moves))
    return found
