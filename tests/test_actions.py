"""The fixed action space (R11, R13, R14b, R16; V2, V3): on random positions of every
preset, the sequences of legal actions reach exactly the legal moves, no more, no fewer;
and the observation encoding says what the player sees, and nothing else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conquian import (
    DECK,
    PRESETS,
    Card,
    IllegalMoveError,
    LayDown,
    Meld,
    Move,
    MoveProblem,
    State,
    Take,
    parse_cards,
    parse_move,
)
from conquian.actions import (
    ADD,
    DECLINE_ACTION,
    DISCARD,
    GO_OUT,
    LAY_DOWN,
    MELD,
    MELDS,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    ActionBuilder,
    action_name,
    actions_of,
    encode_observation,
    parse_action,
)
from helpers import legal_moves_of_games, random_game, scaled
from strategies import RULE_SETS


def reached_moves(start: ActionBuilder) -> set[Move]:
    """Every move that some sequence of legal actions from ``start`` finishes; checks on
    the way that no legal action leads to a dead end."""
    moves: set[Move] = set()
    seen: set[ActionBuilder] = set()
    todo = [start]
    while todo:
        builder = todo.pop()
        if builder in seen:
            continue
        seen.add(builder)
        if builder.move is not None:
            assert builder.legal_actions() == ()
            moves.add(builder.move)
            continue
        actions = builder.legal_actions()
        assert actions, "a legal action led to a dead end"
        assert list(actions) == sorted(actions)
        todo.extend(builder.apply(action) for action in actions)
    return moves


def check_position(state: State) -> int:
    """The action sequences of ``state`` reach its legal moves; each legal move's own
    sequence (:func:`actions_of`) makes it. Returns the number of legal moves."""
    start = ActionBuilder.start(state)
    legal = state.legal_moves()
    assert reached_moves(start) == set(legal), state.to_notation()
    view = state.observation(state.to_move or 0)
    assert ActionBuilder.start(view) == start  # it needs only what the mover sees
    for move in legal:
        builder = start
        for action in actions_of(move, state):
            builder = builder.apply(action)
        assert builder.move == move
    return len(legal)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_action_sequences_reach_exactly_the_legal_moves_on_every_preset(name: str) -> None:
    checked = 0
    for seed in range(5):
        game = random_game(State.new(seed, rules=PRESETS[name]), seed, greed=0.7)
        for state in game:
            if state.to_move is not None:
                checked += check_position(state)
    assert checked > 300


@settings(max_examples=8, deadline=None)
@given(st.integers(0, len(RULE_SETS) - 1), st.integers(0, 2**32))
def test_action_sequences_reach_exactly_the_legal_moves_under_every_variant(
    rules_index: int, seed: int
) -> None:
    rules = RULE_SETS[rules_index]
    for state in list(random_game(State.new(seed, rules=rules), seed, greed=0.6))[::2]:
        if state.to_move is not None:
            check_position(state)


def test_the_sizes_of_the_action_space() -> None:
    assert (ADD, DISCARD, GO_OUT, MELD, NUM_ACTIONS) == (4, 44, 84, 85, 279)
    assert len(MELDS) == len(set(MELDS)) == 194  # 50 groups, 144 sequences up to 10 (V4)
    assert OBSERVATION_SIZE == sum(OBSERVATION_LAYOUT.values()) == 486


def test_every_action_has_a_name_that_reads_back() -> None:
    for action in range(NUM_ACTIONS):
        assert parse_action(action_name(action)) == action
    assert action_name(MELD + MELDS.index(Meld("5h6h7h"))) == "meld 5h6h7h"
    with pytest.raises(ValueError, match="from 0 to 278"):
        action_name(NUM_ACTIONS)
    with pytest.raises(TypeError):
        action_name("decline")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="names no action"):
        parse_action("shuffle")


# Player 1 has turned up 4d; he may take it with 3d 5d (or 2d 3d), or pass it (R11b).
OPENING = State.new(seed=0)


def test_r11_a_take_is_made_by_adding_cards_then_discarding() -> None:
    builder = ActionBuilder.start(OPENING)
    assert [action_name(a) for a in builder.legal_actions()] == [
        "decline",
        "add 2d",
        "add 3d",
        "add 5d",
    ]
    builder = builder.apply_name("add 5d")
    assert builder.is_started
    assert builder.selected == frozenset(parse_cards("5d"))
    assert "decline" not in map(action_name, builder.legal_actions())  # started: a take
    builder = builder.apply_name("add 3d")
    assert f"discard {Card.parse('Kh')}" in map(action_name, builder.legal_actions())
    assert builder.apply_name("discard Kh").move == parse_move("take +3d5d -Kh")
    mask = ActionBuilder.start(OPENING).mask()
    assert len(mask) == NUM_ACTIONS
    assert sum(mask) == 4
    assert mask[DECLINE_ACTION] == 1


def test_an_illegal_action_is_refused_with_the_legal_ones_named() -> None:
    builder = ActionBuilder.start(OPENING)
    with pytest.raises(IllegalMoveError, match=r"add 7s .* not legal now: .*; legal: decline"):
        builder.apply_name("add 7s")
    with pytest.raises(IllegalMoveError) as refused:  # the take builder's own reason
        builder.apply_name("add 7s")
    assert (refused.value.problem, refused.value.card) == (
        MoveProblem.CANNOT_ADD,
        Card.parse("7s"),
    )
    assert builder == ActionBuilder.start(OPENING)  # nothing changed
    done = builder.apply(DECLINE_ACTION)
    assert done.move == parse_move("decline")
    assert done.legal_actions() == ()


# Foster (V2 borrow): 7d extends Ad..6d, and with Jd the player may go out either with one
# run Ad..Jd or splitting it into Ad..5d and 6d7dJd; he chooses the table meld by meld.
BORROW = State.parse(
    "conquian/1 rules=foster dealer=0 ply=39 phase=offer to_move=0 offer=7d from=stock:0 "
    "stock=Qd hand0=Jd hand1=2c5cQcKh table0=Ad2d3d4d5d6d.As2s3s table1=4c4h4s.Ah2h3h "
    "dead=JcQh3c5h7s7hKdAcJh5s7cKcQsKs6sJs6c6h result=-"
)


def test_v2_the_table_is_chosen_meld_by_meld_where_the_rules_let_it_vary() -> None:
    builder = ActionBuilder.start(BORROW).apply_name("add Jd")
    assert [action_name(a) for a in builder.legal_actions()] == [
        "meld Ad2d3d4d5d",
        "meld Ad2d3d4d5d6d7dJd",
    ]
    split = builder.apply_name("meld Ad2d3d4d5d")
    # one choice settles it: the whole table is chosen
    assert split.chosen_melds == (Meld("Ad2d3d4d5d"), Meld("6d7dJd"), Meld("As2s3s"))
    assert [action_name(a) for a in split.legal_actions()] == ["go out"]
    move = split.apply(GO_OUT).move
    assert move == parse_move("take +Jd out [Ad2d3d4d5d 6d7dJd As2s3s]")
    assert actions_of(move, BORROW) == (
        ADD + Card.parse("Jd").index,
        MELD + MELDS.index(Meld("Ad2d3d4d5d")),
        GO_OUT,
    )
    assert len(encode_observation(BORROW.observation(0), split)) == OBSERVATION_SIZE


def test_v3_a_lay_down_is_started_and_finished_by_the_lay_down_action() -> None:
    for seed in range(40):
        for state in random_game(State.new(seed, rules=PRESETS["bicycle"]), seed, 0.8):
            if (
                state.to_move is not None
                and LAY_DOWN in ActionBuilder.start(state).legal_actions()
            ):
                builder = ActionBuilder.start(state).apply(LAY_DOWN)
                assert builder.is_lay_down
                assert LAY_DOWN not in builder.legal_actions()
                moves = reached_moves(builder)
                assert moves
                assert all(str(move).startswith("lay") for move in moves)
                return
    pytest.fail("no lay-down in 40 games")


def test_a_move_that_names_its_table_under_free_regrouping_has_the_same_actions() -> None:
    """Under free regrouping (R13) a take may name its new table or not: both are the same
    legal move, and both are made by the same actions."""
    named = 0
    for state, player, move in legal_moves_of_games(4, greed=0.8):
        if isinstance(move, Take | LayDown) and move.table is None:
            table = state.apply(move).tables[player]
            if isinstance(move, Take):
                naming: Move = Take(move.laid, move.discard, table)
            else:
                naming = LayDown(move.laid, table)
            assert state.is_legal(naming)
            assert actions_of(naming, state) == actions_of(move, state)
            named += 1
    assert named > 100


def test_actions_of_refuses_an_illegal_move() -> None:
    with pytest.raises(IllegalMoveError, match="would not split into melds") as refused:
        actions_of(parse_move("take +2d5d -Kh"), OPENING)  # the referee's own reason (R6)
    assert refused.value.problem is MoveProblem.NOT_MELDS
    with pytest.raises(IllegalMoveError, match="not your turn"):
        ActionBuilder.start(OPENING.observation(0))
    with pytest.raises(TypeError):
        ActionBuilder.start("state")  # type: ignore[arg-type]


def test_the_encoding_shows_what_the_player_sees() -> None:
    state = OPENING.apply("decline")  # player 1 passes 4d to player 0 (R11b)
    view = state.observation(0)
    vector = encode_observation(view)
    assert len(vector) == OBSERVATION_SIZE
    assert all(0 <= x <= 1 for x in vector)
    parts: dict[str, list[float]] = {}
    at = 0
    for name, size in OBSERVATION_LAYOUT.items():
        parts[name] = vector[at : at + size]
        at += size
    assert {i for i, x in enumerate(parts["hand"]) if x} == {card.index for card in view.hand}
    assert parts["offer"][Card.parse("4d").index] == 1
    assert parts["offer_origin"] == [0.0, 1.0, 0.0]
    assert parts["offered_by_me"] == [0.0]
    assert parts["opponent_declined"][Card.parse("4d").index] == 1  # passed by player 1
    assert parts["phase"] == [1.0, 0.0, 0.0, 0.0]
    assert parts["my_turn"] == [1.0]
    assert parts["stock_size"] == [view.stock_size / 40]
    # The opponent's view of the same position differs only where the viewers differ.
    assert encode_observation(state.observation(1)) != vector
    with pytest.raises(TypeError):
        encode_observation(state)  # type: ignore[arg-type]


def replayed(state: State, actions: tuple[int, ...]) -> ActionBuilder:
    """The builder after ``actions``, a new one each step, with nothing asked of it."""
    builder = ActionBuilder.start(state)
    for action in actions:
        builder = builder.apply(action)
    return builder


def offered_adds(state: State, actions: tuple[int, ...]) -> set[int]:
    """The adds legal after ``actions`` (R6, R13; V2, V3): the hand cards that some legal
    take (a lay-down once started) lays with those added so far; none once the table is
    being chosen."""
    if any(action >= MELD for action in actions):
        return set()
    kind = LayDown if LAY_DOWN in actions else Take
    chosen = frozenset(DECK[a - ADD] for a in actions if ADD <= a < DISCARD)
    return {
        ADD + card.index
        for move in state.legal_moves()
        if isinstance(move, kind) and chosen <= move.laid
        for card in move.laid - chosen
    }


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_mask_before_each_action_is_the_same_asked_or_not(name: str) -> None:
    """The builder keeps its legal actions once asked (RL code asks for the mask, then
    applies an action): each legal move's actions, with the mask asked before each,
    make exactly that move; every mask is the mask of the same builder never asked
    before, its adds are the cards some legal move lays with those added, and the
    finished builder offers nothing."""
    checked = 0
    seeds = scaled(8, least=2)
    for seed in range(seeds):
        game = random_game(State.new(seed, rules=PRESETS[name]), seed, greed=0.7)
        for state in game:
            if state.to_move is None:
                continue
            for move in state.legal_moves():
                actions = actions_of(move, state)
                builder = ActionBuilder.start(state)
                for step, action in enumerate(actions):
                    mask = builder.mask()
                    assert mask[action] == 1
                    assert replayed(state, actions[:step]).mask() == mask, (state, move, step)
                    legal = builder.legal_actions()
                    assert legal == tuple(a for a in range(NUM_ACTIONS) if mask[a])
                    adds = {a for a in legal if ADD <= a < DISCARD}
                    assert adds == offered_adds(state, actions[:step]), (state, move, step)
                    builder = builder.apply(action)
                    checked += 1
                assert builder.move == move
                assert builder.legal_actions() == ()
                assert not any(builder.mask())
    assert checked > 125 * seeds  # two games check 328 or more actions
