"""Tests of conquian.game: the mutable facade, one state machine over it, and the ply bound."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from bruteforce import Position, can_split, deal, legal, mismatches, play, to_bf
from conquian import (
    CLASSIC,
    DECK,
    PRESETS,
    Card,
    ConquianError,
    Decline,
    Force,
    Forcing,
    Game,
    IllegalMoveError,
    InvalidMoveNotationError,
    LayDown,
    Move,
    OutcomeKind,
    Regrouping,
    Release,
    Rules,
    State,
    Take,
    find_rules,
)
from conquian.agents import GreedyAgent, play_game
from conquian.game import max_moves
from helpers import MAX_MOVES, dealt, random_game, scaled, snapshot, steered_choice

RULE_SETS = [
    CLASSIC,
    Rules(forcing=Forcing.DISCARDS_ONLY),
    Rules(forcing=Forcing.OFF),
    Rules(max_sequence=10),
    Rules(hand_size=7),
    # Every preset, and the variants one at a time (V1-V8).
    find_rules("foster"),
    find_rules("bicycle"),
    Rules(regrouping=Regrouping.NONE),
    Rules(regrouping=Regrouping.BORROW),
    Rules(initial_upcard=True),
    Rules(meld_from_hand=True, regrouping=Regrouping.NONE),
    Rules(deal_batch=2),
]
"""The rule sets the state machine deals from: every preset among them."""


def table_cards(state: State, player: int) -> list[Card]:
    return [card for meld in state.tables[player] for card in meld]


def most_laid(moves: Sequence[Move]) -> Move:
    """The take that lays the most cards (going out first), else the first other move."""
    takes = [move for move in moves if isinstance(move, Take)]
    if not takes:
        return moves[0]
    return max(takes, key=lambda move: (move.discard is None, len(move.laid)))


# ====================================================================== the facade


def test_game_plays_and_undoes() -> None:
    game = Game.new(seed=7)
    start = game.state
    assert game.initial == start
    assert game.ply == 0
    assert game.play("decline") == Decline()
    assert game.ply == 1
    assert game.moves == (Decline(),)
    assert game.state == start.apply("decline")
    assert game.undo() == Decline()
    assert game.state == start
    assert not game.moves
    with pytest.raises(ConquianError, match="no move to undo"):
        game.undo()


def test_an_illegal_or_unreadable_move_leaves_the_game_unchanged() -> None:
    game = Game.new(seed=7)
    game.play("decline")
    before = game.copy()
    with pytest.raises(IllegalMoveError, match="it is player 0's turn"):
        game.play("decline", player=1)
    with pytest.raises(IllegalMoveError, match="nothing to release"):
        game.play("release")
    with pytest.raises(InvalidMoveNotationError):
        game.play("pass")
    assert game == before
    assert game.moves == before.moves


def test_game_copies_are_independent_and_games_compare_by_states() -> None:
    game = Game.new(seed=3)
    game.play(game.legal_moves()[0])
    copy = game.copy()
    assert copy == game
    copy.play(copy.legal_moves()[0])
    assert copy != game
    assert game.ply == 1
    assert copy.ply == 2
    assert Game.new(seed=3) == Game.from_deck(dealt(Game.new(seed=3).state))
    with pytest.raises(TypeError):
        hash(game)
    with pytest.raises(ConquianError):
        Game("not a state")  # type: ignore[arg-type]


def test_a_games_ply_counts_from_the_deal_as_its_states_ply() -> None:
    """A Game started some moves in says the ply of its state, not 0; its play and undo
    check a given ply against that count, and undo takes back only its own moves."""
    start = State.new(seed=7).apply("decline").apply("decline")
    game = Game(start)
    assert (game.ply, start.ply, game.moves) == (2, 2, ())
    assert repr(game).startswith("<Game ply=2 ")
    with pytest.raises(IllegalMoveError, match="it is at ply 2, not 0"):
        game.play(game.legal_moves()[-1], ply=0)
    move = game.play(game.legal_moves()[-1], ply=2)
    assert game.ply == game.state.ply == 3
    assert game.undo(ply=3) == move
    assert game.ply == 2
    with pytest.raises(ConquianError, match="no move to undo"):
        game.undo(ply=2)


def test_game_replays_every_state_and_reports_the_outcome() -> None:
    game = Game.new(seed=11)
    while not game.is_over:
        game.play(most_laid(game.legal_moves()))
        assert game.ply <= MAX_MOVES
    states = list(game.states)
    assert len(states) == game.ply + 1
    assert states[0] == game.initial
    assert states[-1] == game.state
    assert game.outcome == game.state.outcome
    assert game.outcome is not None
    assert game.legal_moves() == ()
    assert "over" in repr(game)


# ====================================================================== the ply bound


def stalling_choice(rng: random.Random, moves: Sequence[Move]) -> Move:
    """A lay-down of the fewest cards (V3: each is one more ply) when there is one, else
    anything but a take when possible, else the take that lays the fewest cards."""
    lay_downs = [move for move in moves if isinstance(move, LayDown)]
    if lay_downs:
        return min(lay_downs, key=lambda move: len(move.laid))
    others = [move for move in moves if not isinstance(move, Take)]
    if others:
        return rng.choice(others)
    return min(moves, key=lambda move: len(move.laid) if isinstance(move, Take) else 0)


def longest_games(rules: Rules, seeds: int) -> int:
    """The longest of random, greedy and stalling games from ``seeds`` deals, each checked
    against :data:`MAX_MOVES` at every ply (:func:`max_moves` with three players, M1;
    the greedy agents play two-player games only)."""
    longest = 0
    bound = max_moves(rules.players)
    for seed in range(seeds):
        start = State.new(seed, rules=rules, dealer=seed % rules.players)
        lengths = [
            sum(1 for _ in random_game(start, seed)) - 1,
            sum(1 for _ in random_game(start, seed, greed=1.0)) - 1,
        ]
        if rules.players == 2:
            lengths.append(play_game(start, [GreedyAgent(), GreedyAgent()]).ply)
        rng = random.Random(seed)
        state = start
        while state.to_move is not None:
            state = state.apply(stalling_choice(rng, state.legal_moves()))
            assert state.ply <= bound
        lengths.append(state.ply)
        assert max(lengths) <= bound
        longest = max(longest, *lengths)
    return longest


@pytest.mark.parametrize("hand_size", [1, 4, 10, 13, 19])
def test_no_game_lasts_longer_than_the_ply_bound(hand_size: int) -> None:
    """Random, greedy and stalling games all end within :data:`MAX_MOVES` plies."""
    longest = max(
        longest_games(Rules(hand_size=hand_size), scaled(25)),
        longest_games(Rules(hand_size=hand_size, forcing=Forcing.OFF), scaled(25)),
    )
    assert longest >= 2 * (40 - 2 * hand_size)  # as long as a game where nothing is taken


@pytest.mark.parametrize(
    "rules",
    [
        *(
            attrs.evolve(preset, hand_size=min(size, 39 // preset.players))  # M2
            for preset in PRESETS.values()
            for size in (4, 18)
        ),
        *PRESETS.values(),
        Rules(initial_upcard=True),
        Rules(meld_from_hand=True, regrouping=Regrouping.NONE, hand_size=7),
        Rules(meld_from_hand=True, forcing=Forcing.DECLINED, hand_size=13),
    ],
    ids=Rules.to_notation,
)
def test_no_game_lasts_longer_than_the_ply_bound_under_every_rule_set(rules: Rules) -> None:
    """V1-V8 keep every game within :data:`MAX_MOVES`: V3's lay-downs too (see its
    derivation), with stalling games that lay down the fewest cards whenever they may."""
    longest = longest_games(rules, scaled(15))
    players = rules.players  # as long as a game where nothing is taken
    assert longest >= players * (40 - players * rules.hand_size)


def test_the_lemmas_of_the_ply_bound_hold() -> None:
    """Each card has one episode; at most 3 (stock) or 2 (discard) moves in it are not
    takes, and it ends with its only take, if any; at most 2h + 1 takes in a game."""
    for seed in range(60):
        rng = random.Random(seed)
        state = State.new(seed)
        while state.to_move is not None:
            moves = state.legal_moves()
            move = stalling_choice(rng, moves) if seed % 2 else rng.choice(moves)
            state = state.apply(move)
            assert state.ply <= MAX_MOVES
        check_lemmas(state)


def episodes(state: State) -> list[tuple[Card | None, list[Move]]]:
    """The history cut into episodes: runs of moves that answer the same card (the gives
    of an opening exchange, M10, answer none)."""
    cut: list[tuple[Card | None, list[Move]]] = []
    for played in state.history:
        if cut and cut[-1][0] == played.offer:
            cut[-1][1].append(played.move)
        else:
            cut.append((played.offer, [played.move]))
    return cut


def check_lemmas(state: State) -> Counter[str]:
    """The lemmas of :data:`MAX_MOVES` in a finished game, V3's and V8's included: each
    card has one episode; in it at most 3 (stock) or 2 (discard) moves are neither takes
    nor lay-downs, and it ends with its only take, if any; per player the takes with a
    discard and the lay-downs number at most h; at most 2h + 1 takes in a game."""
    cut = episodes(state)
    offered = [card for card, _ in cut]
    assert len(offered) == len(set(offered))
    discards = {
        played.move.discard
        for played in state.history
        if isinstance(played.move, Take) and played.move.discard is not None
    }
    counts: Counter[str] = Counter()
    for card, answers in cut:
        taken = [move for move in answers if isinstance(move, Take)]
        laid = [move for move in answers if isinstance(move, LayDown)]
        assert len(taken) <= 1
        assert not taken or answers[-1] == taken[0]
        assert len(answers) - len(taken) - len(laid) <= (2 if card in discards else 3)
        counts["takes"] += len(taken)
        counts["lay-downs"] += len(laid)
    for player in (0, 1):
        grew = sum(
            isinstance(played.move, LayDown)
            or (isinstance(played.move, Take) and played.move.discard is not None)
            for played in state.history
            if played.player == player
        )
        assert grew <= state.rules.hand_size
    assert counts["takes"] <= 2 * state.rules.hand_size + 1
    assert len(cut) <= 40 - 2 * state.rules.hand_size + len(discards)
    return counts


@pytest.mark.parametrize(
    "rules",
    [
        find_rules("bicycle"),
        find_rules("foster"),
        Rules(meld_from_hand=True),
        Rules(initial_upcard=True),
    ],
    ids=Rules.to_notation,
)
def test_the_lemmas_of_the_ply_bound_hold_under_the_variants(rules: Rules) -> None:
    """V3: lay-downs answer the turned card and count with the takes that discard; V8:
    the upcard's episode has at most two moves that are not takes."""
    lay_downs = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = State.new(seed, rules=rules)
        while state.to_move is not None:
            moves = state.legal_moves()
            move = stalling_choice(rng, moves) if seed % 2 else steered_choice(rng, moves, 0.5)
            state = state.apply(move)
            assert state.ply <= MAX_MOVES
        lay_downs += check_lemmas(state)["lay-downs"]
    assert (lay_downs > 20) == rules.meld_from_hand


# ====================================================================== the state machine


class GameMachine(RuleBasedStateMachine):
    """Random play, undo and illegal moves on a :class:`Game`, checked at every step
    against the independent model of :mod:`bruteforce`."""

    def __init__(self) -> None:
        super().__init__()
        self.game = Game.new(0)
        self.states: list[State] = [self.game.state]
        self.models: list[Position] = [deal(dealt(self.game.state), CLASSIC, 0)]

    @initialize(
        seed=st.integers(0, 2**64 - 1),
        rules=st.sampled_from(RULE_SETS),
        dealer=st.integers(0, 1),
    )
    def deal_a_game(self, seed: int, rules: Rules, dealer: int) -> None:
        self.game = Game.new(seed, rules=rules, dealer=dealer)
        self.states = [self.game.state]
        self.models = [deal(dealt(self.game.state), rules, dealer)]

    @property
    def over(self) -> bool:
        return self.game.is_over

    def _played(self, move: Move, before: State) -> None:
        self.states.append(self.game.state)
        self.models.append(play(self.models[-1], to_bf(move)))
        assert self.game.state == before.apply(move)

    @precondition(lambda self: not self.over)
    @rule(index=st.integers(0, 10_000), as_text=st.booleans())
    def play_a_legal_move(self, index: int, as_text: bool) -> None:
        before = self.game.state
        saved, saved_hash = snapshot(before), hash(before)
        moves = self.game.legal_moves()
        move = moves[index % len(moves)]
        assert self.game.play(str(move) if as_text else move, player=before.to_move) == move
        # apply never mutates: the old state is still what it was.
        assert before == saved
        assert hash(before) == saved_hash
        assert before.legal_moves() == moves
        self._played(move, before)

    @precondition(lambda self: not self.over)
    @rule()
    def play_the_biggest_take(self) -> None:
        before = self.game.state
        move = most_laid(before.legal_moves())
        self.game.play(move)
        self._played(move, before)

    @precondition(lambda self: not self.over)
    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 12), greed=st.sampled_from([0.0, 0.7]))
    def play_several_moves(self, seed: int, count: int, greed: float) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.over:
                break
            before = self.game.state
            move = steered_choice(rng, before.legal_moves(), greed)
            self.game.play(move)
            self._played(move, before)

    @precondition(lambda self: self.game.ply > 0)
    @rule()
    def undo(self) -> None:
        last = self.game.moves[-1]
        assert self.game.undo() == last
        self.states.pop()
        self.models.pop()
        assert self.game.state == self.states[-1]

    @rule(
        laid=st.frozensets(st.sampled_from(DECK), max_size=11),
        discard=st.none() | st.sampled_from(DECK),
    )
    def try_an_illegal_take(self, laid: frozenset[Card], discard: Card | None) -> None:
        if discard in laid:  # no such take can be built, let alone played
            with pytest.raises(ConquianError, match="both laid and discarded"):
                Take(laid, discard)
            return
        self._refused(Take(laid, discard))

    @rule(laid=st.frozensets(st.sampled_from(DECK), min_size=1, max_size=10))
    def try_an_illegal_lay_down(self, laid: frozenset[Card]) -> None:
        self._refused(LayDown(laid))

    @rule(move=st.sampled_from([Decline(), Force(), Release()]))
    def try_a_simple_move(self, move: Move) -> None:
        self._refused(move)

    @precondition(lambda self: not self.over)
    @rule()
    def move_out_of_turn(self) -> None:
        player = self.game.state.to_move
        assert player is not None
        before = self.game.copy()
        with pytest.raises(IllegalMoveError, match=f"it is player {player}'s turn"):
            self.game.play(self.game.legal_moves()[0], player=1 - player)
        assert self.game == before

    def _refused(self, move: Move) -> None:
        if move in self.game.legal_moves():
            return
        state = self.game.state
        before = self.game.copy()
        assert not state.is_legal(move)
        with pytest.raises(IllegalMoveError) as caught:
            self.game.play(move)
        if self.over:
            assert "the game is over" in str(caught.value)
        assert self.game == before
        assert self.game.state == self.states[-1]

    @invariant()
    def the_40_cards_are_each_in_exactly_one_place(self) -> None:
        state = self.game.state
        places = [*state.stock, *state.dead, *state.hands[0], *state.hands[1]]
        places += table_cards(state, 0) + table_cards(state, 1)
        if state.offer is not None:
            places.append(state.offer)
        assert sorted(places) == list(DECK)

    @invariant()
    def hand_plus_table_is_the_hand_size(self) -> None:
        """R14, and R16 for the winner: an empty hand and one card more on his table."""
        state = self.game.state
        outcome = state.outcome
        size = state.rules.hand_size
        for player in (0, 1):
            hand, table = state.hands[player], table_cards(state, player)
            if outcome is not None and outcome.winner == player:
                assert not hand
                assert len(table) == size + 1
            else:
                assert len(hand) + len(table) == size
            assert can_split(table, state.rules.max_sequence)  # R6, by the brute force

    @invariant()
    def the_engine_agrees_with_the_model(self) -> None:
        state = self.game.state
        assert mismatches(self.models[-1], state) == []
        assert {to_bf(move) for move in state.legal_moves()} == legal(self.models[-1])

    @invariant()
    def replaying_the_history_gives_the_same_state(self) -> None:
        state = self.game.initial
        for move in self.game.moves:
            state = state.apply(move)
        assert state == self.game.state
        assert hash(state) == hash(self.game.state)
        assert list(self.game.states) == self.states

    @invariant()
    def equality_and_hash_agree(self) -> None:
        states = self.states
        assert len(set(states)) == len(states)  # every ply is a different position
        current = self.game.state
        copy = snapshot(current)
        assert copy == current
        assert hash(copy) == hash(current)
        assert {current: 1}[copy] == 1

    @invariant()
    def the_game_is_not_longer_than_the_bound(self) -> None:
        assert self.game.ply <= MAX_MOVES
        if self.over:
            outcome = self.game.outcome
            assert outcome is not None
            assert (outcome.kind is OutcomeKind.DRAWN) == (outcome.winner is None)


GameMachine.TestCase.settings = settings(deadline=None, stateful_step_count=60)
TestGameMachine = GameMachine.TestCase
