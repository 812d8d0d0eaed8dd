"""Tests of conquian.moves: the move values and their text notation (R11, R14b, R16)."""

from __future__ import annotations

import pickle
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import conquian.legality
import conquian.state
from conquian import (
    DECK,
    Card,
    ConquianError,
    Decline,
    Force,
    IllegalMoveError,
    InvalidMoveNotationError,
    LayDown,
    LegalMoves,
    Meld,
    Move,
    ParseError,
    Regrouping,
    Release,
    Rules,
    State,
    Take,
    parse_cards,
    parse_move,
)
from conquian.moves import DECLINE
from helpers import random_game


def take(laid: str = "", discard: str | None = None, table: str | None = None) -> Take:
    """A take from card notation: ``take("Jh Js", "3d", "5c6c7c JcJhJs")``."""
    return Take(
        frozenset(parse_cards(laid)),
        None if discard is None else Card.parse(discard),
        None if table is None else tuple(Meld(word) for word in table.split()),
    )


NOTATION = [
    ("take -3d", take(discard="3d")),
    ("take +JhJs -3d", take("Jh Js", "3d")),
    ("take +4cJhJs out", take("Jh Js 4c")),
    ("take out", take()),
    ("take +JhJs -3d [5c6c7c JcJhJs]", take("Jh Js", "3d", "5c6c7c JcJhJs")),
    ("take +JhJs out [5c6c7c JcJhJs]", take("Jh Js", None, "5c6c7c JcJhJs")),
    ("decline", Decline()),
    ("force", Force()),
    ("release", Release()),
]


@pytest.mark.parametrize(("text", "move"), NOTATION)
def test_notation_reads_and_writes_every_kind_of_move(text: str, move: Move) -> None:
    assert parse_move(text) == move
    assert str(move) == text
    assert parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("TAKE +jhjs -3D", "take +JhJs -3d"),
        ("take +Js,Jh -3d", "take +JhJs -3d"),
        ("take +J♥J♠ -3♦", "take +JhJs -3d"),
        ("   take   -3d  ", "take -3d"),
        ("take -3d[5c6c7c]", "take -3d [5c6c7c]"),
        ("  Decline ", "decline"),
        ("FORCE", "force"),
    ],
)
def test_notation_is_lenient_in_case_spacing_and_symbols(text: str, written: str) -> None:
    assert str(parse_move(text)) == written


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "take",
        "take +Jh",  # neither a discard nor out
        "take +JhJs",
        "take -8h",  # R1: there is no 8
        "take +JhJh -3d",  # a card twice
        "take +Jh -Jh",  # laid and discarded
        "take -3d4d",  # one discard only
        "take -3d out",
        "take out -3d",
        "take - 3d",
        "take +-3d",
        "take -3d [5c6c]",  # not a meld
        "take -3d [QhKhAh]",  # R2: nothing wraps
        "take -3d [5c6c7c",
        "take -3d [5c6c7c] [JcJhJs]",
        "draw",
        "decline now",
        "forcee",
        "pass",
    ],
)
def test_bad_move_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveNotationError):
        parse_move(text)


def test_notation_errors_are_parse_errors() -> None:
    with pytest.raises(InvalidMoveNotationError) as caught:
        parse_move("take +Jh -Jh")
    assert isinstance(caught.value, ParseError)
    assert isinstance(caught.value, ConquianError)
    assert isinstance(caught.value, ValueError)
    assert "Jh is both laid and discarded" in str(caught.value)


def test_a_very_long_text_is_refused() -> None:
    long_text = "take +" + "Ac" * 150 + " out"
    with pytest.raises(InvalidMoveNotationError, match="at most"):
        parse_move(long_text)
    with pytest.raises(InvalidMoveNotationError, match="at most"):
        parse_move("decline" + " " * 10_000)


@pytest.mark.parametrize("value", [None, 7, b"decline", ["decline"]])
def test_a_move_is_text(value: object) -> None:
    with pytest.raises(InvalidMoveNotationError, match="a move is text"):
        parse_move(value)  # type: ignore[arg-type]


def test_take_checks_its_field_types() -> None:
    with pytest.raises(TypeError):
        Take(frozenset(["Jh"]))  # type: ignore[list-item]
    with pytest.raises(TypeError):
        Take(frozenset(), "3d")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Take(frozenset(), None, ("5c6c7c",))  # type: ignore[arg-type]


def test_moves_are_frozen_hashable_values() -> None:
    assert Decline() == Decline()
    assert hash(Force()) == hash(Force())
    simple: list[Move] = [Decline(), Force(), Release(), take()]
    assert len(set(simple)) == 4
    assert take("Jh Js", "3d") == Take(parse_cards("Js Jh"), Card.parse("3d"))
    assert hash(take("Jh Js", "3d")) == hash(take("Js Jh", "3d"))
    assert take("Jh Js", "3d") != take("Jh Js", "4d")
    assert take("Jh Js", "3d") != take("Jh Js", "3d", "5c6c7c JcJhJs")
    assert take().goes_out
    assert not take(discard="3d").goes_out
    move = take("Jh", "3d")
    with pytest.raises(AttributeError):
        move.discard = None  # type: ignore[misc]


@pytest.mark.parametrize(("text", "move"), NOTATION)
def test_repr_is_evaluable(text: str, move: Move) -> None:
    names = {"parse_move": parse_move, "Decline": Decline, "Force": Force, "Release": Release}
    assert eval(repr(move), names) == move


def _all_melds() -> list[Meld]:
    """Every classic meld (R4, R5), to build arrangements from."""
    found: list[Meld] = []
    for suit_start in range(0, 40, 10):
        suit = DECK[suit_start : suit_start + 10]
        for size in range(3, 9):
            found += [Meld(suit[i : i + size]) for i in range(11 - size)]
    for rank in range(10):
        same = [DECK[rank + 10 * suit] for suit in range(4)]
        found += [Meld(group) for size in (3, 4) for group in combinations(same, size)]
    return found


ALL_MELDS = _all_melds()

cards_st = st.sampled_from(DECK)


@st.composite
def takes(draw: st.DrawFn) -> Take:
    laid = draw(st.frozensets(cards_st, max_size=11))
    discard = draw(st.none() | cards_st.filter(lambda card: card not in laid))
    melds = st.lists(st.sampled_from(ALL_MELDS), min_size=1, max_size=4)
    table = draw(st.none() | melds.map(tuple))
    return Take(laid, discard, table)


def test_there_are_182_classic_melds() -> None:
    assert len(set(ALL_MELDS)) == len(ALL_MELDS) == 182


@given(takes())
def test_every_take_round_trips_through_its_notation(move: Take) -> None:
    text = str(move)
    assert parse_move(text) == move
    assert str(parse_move(text)) == text
    assert parse_move(text.upper()) == move


def test_every_legal_move_of_some_games_round_trips() -> None:
    seen = 0
    for seed in range(10):
        for state in random_game(State.new(seed), seed, greed=0.7):
            for move in state.legal_moves():
                assert parse_move(str(move)) == move
                seen += 1
    assert seen > 1000


def legal_move_lists() -> list[tuple[State, LegalMoves]]:
    """Legal moves of positions of every kind: no take, takes, force or release, over,
    and takes naming their tables (V2)."""
    found: list[tuple[State, LegalMoves]] = []
    for rules in (Rules(), Rules(regrouping=Regrouping.NONE)):
        for seed in range(6):
            found.extend(
                (state, state.legal_moves())
                for state in random_game(State.new(seed, rules=rules), seed, greed=0.6)
            )
    return found


def test_legal_moves_behave_like_the_tuple_of_their_moves() -> None:
    kinds: Counter[str] = Counter()
    for state, moves in legal_move_lists():
        as_tuple = tuple(moves)
        assert isinstance(moves, LegalMoves)
        assert len(moves) == len(as_tuple)
        assert [moves[i] for i in range(len(moves))] == list(as_tuple)
        assert [moves[-i] for i in range(1, len(moves) + 1)] == list(reversed(as_tuple))
        assert moves[1:3] == as_tuple[1:3]
        assert moves[::-1] == as_tuple[::-1]
        assert isinstance(moves[1:3], tuple)
        for bad in (len(moves), -len(moves) - 1):
            with pytest.raises(IndexError):
                moves[bad]
        # Equal to the same moves in any sequence, from either side; unequal otherwise.
        assert moves == as_tuple
        assert as_tuple == moves
        assert moves == list(as_tuple)
        assert (moves != as_tuple) is False
        assert (moves != list(as_tuple)) is False
        assert moves != (*as_tuple, DECLINE)
        assert moves != "decline"
        assert moves == state.legal_moves()
        assert hash(moves) == hash(as_tuple)
        assert repr(moves) == repr(as_tuple)
        for position, move in enumerate(as_tuple):
            assert move in moves
            assert moves.count(move) == 1
            assert moves.index(move) == position
            assert moves.index(move, -len(moves)) == position
            with pytest.raises(ValueError, match="not a legal move here"):
                moves.index(move, position + 1)
            with pytest.raises(ValueError, match="not a legal move here"):
                moves.index(move, 0, position)
        if not as_tuple:
            kinds["none"] += 1
        elif not any(isinstance(move, Take) for move in as_tuple):
            kinds["no take"] += 1
        elif any(isinstance(move, Take) and move.table for move in as_tuple):
            kinds["takes naming tables"] += 1
        else:
            kinds["takes"] += 1
    assert min(kinds["none"], kinds["takes naming tables"], kinds["takes"]) >= 10, kinds
    assert kinds["no take"] > 100


def test_legal_moves_pickle_to_equal_sequences() -> None:
    for _, moves in legal_move_lists()[::7]:
        copy = pickle.loads(pickle.dumps(moves))
        assert copy == moves
        assert tuple(copy) == tuple(moves)


def _positions_with_takes() -> list[tuple[State, int]]:
    """Classic positions (free regrouping) with a take, and the index of their first."""
    found = []
    for state, moves in legal_move_lists():
        if state.rules.regrouping is Regrouping.FREE and moves and isinstance(moves[0], Take):
            found.append((state, 0))
    assert len(found) >= 10
    return found


class _CheckSpy:
    """``conquian.state.check_move``, noting every move it is asked about."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.checked: list[object] = []
        self._real = conquian.legality.check_move
        monkeypatch.setattr(conquian.state, "check_move", self)

    def __call__(self, pos: object, move: object, player: int | None, voice: int | None) -> None:
        self.checked.append(move)
        self._real(pos, move, player, voice)  # type: ignore[arg-type]


def test_a_take_picked_from_the_legal_moves_is_played_without_a_second_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The legal moves built it in this very position (moves.handed): it is legal, and
    State.apply plays it unchecked; any other take is checked as before."""
    positions = _positions_with_takes()
    spy = _CheckSpy(monkeypatch)
    for state, index in positions:
        take = state.legal_moves()[index]
        after = state.apply(take)
        assert spy.checked == []
        assert after == state.apply_unchecked(take)
        same = parse_move(str(take))  # an equal take, built elsewhere: checked
        assert same is not take
        assert state.apply(same) == after
        assert spy.checked == [same]
        assert state.apply(take, player=state.to_move) == after  # a named player: checked
        assert spy.checked == [same, take]
        spy.checked.clear()


def test_a_take_handed_out_in_one_position_is_checked_in_another() -> None:
    """R12: the take is the same object, but not the position: refused where illegal."""
    refused = 0
    for state, index in _positions_with_takes():
        if state.refusal(DECLINE) is not None:
            continue  # R14b: a forced take
        declined = state.apply(DECLINE)
        take = state.legal_moves()[index]  # handed out for state, not for declined
        if declined.refusal(take) is not None:
            with pytest.raises(IllegalMoveError):
                declined.apply(take)
            refused += 1
    assert refused >= 10


def test_a_take_from_unpickled_legal_moves_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the legal moves knows no position, so its takes are checked."""
    positions = _positions_with_takes()
    spy = _CheckSpy(monkeypatch)
    for state, index in positions:
        take = pickle.loads(pickle.dumps(state.legal_moves()))[index]
        assert state.apply(take) == state.apply_unchecked(take)
        assert spy.checked == [take]
        spy.checked.clear()


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("take -,", "'-' is followed by no card"),
        ("take -,,", "'-' is followed by no card"),
        ("take +7h -,", "'-' is followed by no card"),
        ("take +, -,", "'+' is followed by no card"),
        ("TAKE -, [7h7c7s]", "'-' is followed by no card"),
        ("take +,, -3d", "'+' is followed by no card"),
        ("lay +,", "'+' is followed by no card"),
        ("lay +", "'+' is followed by no card"),
        ("take +JhJs 3d", "'3d' is not -CARD, +CARDS or out (is a '-' missing"),
        ("take +JhJs", "a take ends with -CARD (its discard) or out"),
        ("take +Xh -3d", "'Xh' is not a card: there is no rank 'X'"),
        ("take -3d4d", "a take discards one card, not 2"),
        ("take -3d out", "nothing may follow -3d but an arrangement"),
        ("take +7h +7c -3d", "the laid cards are given once"),
        ("take -3d [5c6c7c", "'[' is not closed with ']'"),
        ("take -3d 5c6c7c]", "']' closes no arrangement"),
        ("take -3d []", "the arrangement [ ] names no meld"),
        ("take -3d [5c6c7c] [JcJhJs]", "one arrangement [MELD ...], at its end"),
        ("lay 7h", "a lay-down is lay +CARDS"),
        ("decline now", "decline is a whole move: nothing may follow it"),
        ("pass", "'pass' is not a move; a move is decline, force, release, take"),
    ],
)
def test_a_malformed_move_says_what_is_wrong_with_it(text: str, why: str) -> None:
    with pytest.raises(InvalidMoveNotationError) as caught:
        parse_move(text)
    message = str(caught.value)
    assert message.startswith(repr(text))
    assert message.count(repr(text)) == 1, "the text is named once"
    assert why in message


def test_empty_card_lists_and_arrangements_are_refused_when_built() -> None:
    with pytest.raises(ValueError, match="a lay-down lays at least one card"):
        LayDown([])
    with pytest.raises(ValueError, match="at least one"):
        Take(frozenset(), Card.parse("3d"), ())
    with pytest.raises(TypeError, match="laid must be an iterable of Card values, not None"):
        Take(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="table must be an iterable of Meld values or None"):
        LayDown(parse_cards("7h"), 5)  # type: ignore[arg-type]


@given(st.text(alphabet="takelyou+-[], 7hJsQd3c5c6c", max_size=30))
def test_every_accepted_move_text_round_trips(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveNotationError:
        return
    assert parse_move(str(move)) == move
