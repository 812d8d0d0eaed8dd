"""Python arguments of the wrong type, module tables, pickling: what a programmer meets.

A wrong-type argument is a TypeError (or ValueError) that names the parameter and what it
expects, never an AttributeError, KeyError, IndexError or an attrs-internal error, and it
leaves every object unchanged. Module tables are read-only. Every public value pickles
with every protocol.
"""

# The calls below break the annotations on purpose: that is what they test.
# mypy: disable-error-code="arg-type, list-item"

from __future__ import annotations

import copy
import itertools
import json
import pickle
from argparse import ArgumentTypeError
from collections.abc import Callable
from typing import Any, cast

import pytest

from conquian import (
    CLASSIC,
    DECK,
    PRESETS,
    Card,
    ConquianError,
    Decline,
    Force,
    Game,
    IllegalMoveError,
    InvalidStateError,
    LayDown,
    Meld,
    MoveProblem,
    Observation,
    Regrouping,
    Rules,
    State,
    Suit,
    Take,
    _bits,
    can_partition,
    check_meld,
    deal_order,
    errors,
    find_rules,
    fits,
    format_cards,
    is_meld,
    notation,
    parse_move,
    partitions,
    svg,
)
from conquian.agents import GreedyAgent, HeuristicAgent, RandomAgent, play_game
from conquian.arena import agent_list, arena
from conquian.builder import TakeBuilder
from conquian.cards import sorted_cards
from conquian.game import GameRecord
from conquian.languages import ENGLISH, Language
from conquian.match import CARD_POINTS, Match, MatchRecord, hand_points, match_dumps, match_load
from conquian.narration import (
    describe_origin,
    explain_refusal,
    narrate,
    narrate_history,
    narrate_start,
)
from conquian.phases import DRAWN, Outcome, OutcomeKind
from conquian.scoring import Standing, settle
from conquian.simulate import AGENTS, simulate
from helpers import random_game

STATE = State.new(seed=7)
RECORD = notation.loads(notation.dumps(Game.new(seed=7)))
_LONG = "x" * 100_000  # a value whose refusal must not write it out

WRONG_TYPES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("player='1'", lambda: STATE.is_legal(Decline(), player="1"), TypeError, "player must be"),
    ("player=True", lambda: STATE.is_legal(Decline(), player=True), TypeError, "not True"),
    ("player=1.0", lambda: STATE.apply(Decline(), player=1.0), TypeError, "not 1.0"),
    ("player=2", lambda: STATE.explain_illegal(Decline(), player=2), ValueError, "player must"),
    ("play player", lambda: Game.new(seed=1).play("decline", player="0"), TypeError, "player"),
    ("observation(1.0)", lambda: STATE.observation(1.0), TypeError, "player must be"),
    ("observation(True)", lambda: STATE.observation(True), TypeError, "not True"),
    ("observation(2)", lambda: STATE.observation(2), ConquianError, "player must be 0 or 1"),
    ("seen_cards(1.0)", lambda: STATE.seen_cards(1.0), TypeError, "player must be"),
    (
        "Observation.from_dict player 1.0",
        lambda: Observation.from_dict({**STATE.observation(1).to_dict(), "player": 1.0}),
        InvalidStateError,
        "a player is 0 or 1, not 1.0",
    ),
    (
        "State.from_dict dealer 0.0",
        lambda: State.from_dict({**STATE.to_dict(), "dealer": 0.0}),
        InvalidStateError,
        "a player is 0 or 1, not 0.0",
    ),
    ("dealer=1.0", lambda: State.new(seed=1, dealer=1.0), TypeError, "dealer must be"),
    ("dealer=True", lambda: State.new(seed=1, dealer=True), TypeError, "dealer must be"),
    ("rules=1", lambda: State.new(seed=1, rules=1), TypeError, "rules must be a Rules"),
    ("first_dealer", lambda: Match.new(seed=1, games=2, first_dealer=1.0), TypeError, "first_"),
    ("from_deck(None)", lambda: State.from_deck(None), TypeError, "deck must be"),
    ("from_deck(5)", lambda: State.from_deck(5), TypeError, "deck must be"),
    (
        "GameRecord(deck=None)",
        lambda: GameRecord(rules=CLASSIC, dealer=0, deck=None, moves=()),
        TypeError,
        "deck must be",
    ),
    (
        "GameRecord(moves=5)",
        lambda: GameRecord(rules=CLASSIC, dealer=0, deck=DECK, moves=5),
        TypeError,
        "moves must be",
    ),
    (
        "MatchRecord(games=None)",
        lambda: MatchRecord(
            rules=CLASSIC, seed=1, first_dealer=0, games_planned=2, games=None, outcome=None
        ),
        TypeError,
        "games must be",
    ),
    ("Meld(None)", lambda: Meld(None), TypeError, "cards must be text or an iterable"),
    ("Meld(rules=1)", lambda: Meld("7h7c7s", rules=1), TypeError, "rules must be a Rules"),
    ("can_partition(5)", lambda: can_partition(5), TypeError, "cards must be"),
    ("partitions(None)", lambda: partitions(None), TypeError, "cards must be"),
    ("fits('7h')", lambda: fits("7h", "7c7d"), TypeError, "card must be a Card"),
    ("is_meld(rules=1)", lambda: is_meld("7h7c7s", rules=1), TypeError, "rules must be"),
    ("from_mask(7.0)", lambda: Meld.from_mask(7.0), TypeError, "mask must be an int"),
    ("from_dict base", lambda: Rules.from_dict({}, base="x"), TypeError, "base must be"),
    ("format_cards style", lambda: format_cards([], style="x"), ValueError, "style must be"),
    ("notation.load(None)", lambda: notation.load(None), TypeError, "fp must be a file"),
    ("match_load(5)", lambda: match_load(5), TypeError, "fp must be a file"),
    ("Take(laid=None)", lambda: Take(None), TypeError, "laid must be"),
    ("Take(laid='7h')", lambda: Take("7h"), TypeError, "laid must be"),
    ("LayDown([])", lambda: LayDown([]), ValueError, "at least one card"),
    (
        "GreedyAgent().choose(state)",
        lambda: GreedyAgent().choose(STATE, STATE.legal_moves()),
        TypeError,
        "observation must be an Observation",
    ),
    (
        "RandomAgent().choose(moves=5)",
        lambda: RandomAgent().choose(STATE.observation(1), 5),
        TypeError,
        "legal_moves must be",
    ),
    ("play_game one agent", lambda: play_game(STATE, [GreedyAgent()]), TypeError, "two agents"),
    ("play_game no agent", lambda: play_game(STATE, [1, 2]), TypeError, "choose method"),
    ("play_game(None)", lambda: play_game(None, [GreedyAgent()] * 2), TypeError, "state must"),
    ("RandomAgent('x')", lambda: RandomAgent("x"), ValueError, "a RandomAgent's seed is a"),
    ("RandomAgent(-1)", lambda: RandomAgent(-1), ValueError, "from 0 to 2**64 - 1"),
    ("Outcome(DRAWN, 0)", lambda: Outcome(OutcomeKind.DRAWN, 0), ValueError, "no winner"),
    ("Outcome(WENT_OUT, 3)", lambda: Outcome(OutcomeKind.WENT_OUT, 3), ValueError, "0, 1 or 2"),
    ("Outcome(WENT_OUT, -1)", lambda: Outcome(OutcomeKind.WENT_OUT, -1), ValueError, "0, 1 or 2"),
    (
        "Outcome(FEWEST_CARDS, -1)",
        lambda: Outcome(OutcomeKind.FEWEST_CARDS, -1),
        ValueError,
        "0, 1 or 2",
    ),
    ("Outcome(WENT_OUT, None)", lambda: Outcome(OutcomeKind.WENT_OUT, None), ValueError, "0, 1"),
    ("Outcome('drawn')", lambda: Outcome("drawn", None), TypeError, "kind must be an Outcome"),
    ("settle(outcome=None)", lambda: settle(Standing(), None, CLASSIC), TypeError, "outcome"),
    ("settle(standing=0)", lambda: settle(0, DRAWN, CLASSIC), TypeError, "standing must be"),
    ("settle(rules=None)", lambda: settle(Standing(), DRAWN, None), TypeError, "rules must"),
    ("dealer_of('1')", lambda: Match.new(1, games=2).dealer_of("1"), ValueError, "a game index"),
    ("dealer_of(-1)", lambda: Match.new(1, games=2).dealer_of(-1), ValueError, "from 0 to 1"),
    ("dealer_of(2)", lambda: Match.new(1, games=2).dealer_of(2), ValueError, "not 2"),
    ("simulate(agents=None)", lambda: simulate(1, None), ValueError, "agents must be two"),
    ("simulate(agents='gr')", lambda: simulate(1, "gr"), ValueError, "not the text 'gr'"),
    ("simulate(seed=2**64)", lambda: simulate(1, seed=2**64), ValueError, "a run's seed"),
    ("arena('greedy')", lambda: arena("greedy"), ValueError, "not the text 'greedy'"),
    ("arena(seed=2**64)", lambda: arena(["random", "greedy"], seed=2**64), ValueError, "seed"),
    ("format_cards(['7h'])", lambda: format_cards(["7h"]), ValueError, "'7h' is not a Card"),
    ("sorted_cards(['7h'])", lambda: sorted_cards(["7h"]), ValueError, "'7h' is not a Card"),
    ("format_cards(7)", lambda: format_cards(7), TypeError, "cards must be text or an it"),
    (
        "Take(laid=[7c], discard=7c)",
        lambda: Take([DECK[6]], DECK[6]),
        ValueError,
        "7c is both laid and discarded",
    ),
    # From a fuzzing review: each was an AttributeError, IndexError, OverflowError or an
    # error that failed while printing a huge number.
    ("narrate(None)", lambda: narrate(cast(Any, None), "decline"), TypeError, "a State or"),
    ("narrate_history('abc')", lambda: narrate_history(cast(Any, "abc")), TypeError, "Played"),
    (
        "TakeBuilder.start(hand=['7h'])",
        lambda: TakeBuilder.start(CLASSIC, cast(Any, ["7h"]), (), None),
        TypeError,
        "a hand is at most 40 Card values",
    ),
    (
        "Card(10**5000, HEARTS)",
        lambda: Card(cast(Any, 10**5000), Suit.HEARTS),
        TypeError,
        "rank must be a Rank, not a number of",
    ),
    (
        "dumps(indent=2**64)",
        lambda: notation.dumps(Game.new(seed=1), indent=2**64),
        ValueError,
        "indent is 0 to 16 spaces",
    ),
    (
        "Language without phrases",
        lambda: Language("xx", "X", ENGLISH.ranks, ENGLISH.suits, "{rank} {suit}", {}),
        ConquianError,
        "language 'xx': no phrase",
    ),
    (
        "explain_refusal(card='7h')",
        lambda: explain_refusal(
            IllegalMoveError("x", problem=MoveProblem.NOT_IN_HAND, card=cast(Any, "7h"))
        ),
        TypeError,
        "the error's card is a Card or None",
    ),
    (
        "IllegalMoveError(cards=endless)",
        lambda: IllegalMoveError("x", cards=itertools.cycle(DECK)),
        ValueError,
        "at most the 40 cards",
    ),
    (
        "format_cards(endless)",
        lambda: format_cards(itertools.cycle(DECK)),
        ConquianError,
        "at most 1,000 cards",
    ),
    ("svg.cards(endless)", lambda: svg.cards(itertools.cycle(DECK)), ValueError, "at most 400"),
    (
        "svg.table(endless)",
        lambda: svg.table(itertools.repeat(Meld("7c 7d 7h"))),
        ValueError,
        "at most 400 melds",
    ),
    (
        "State.from_dict(offer='')",
        lambda: State.from_dict({**STATE.to_dict(), "offer": ""}),
        InvalidStateError,
        "offer: one card in notation",
    ),
    (
        "Observation.from_dict(history three times)",
        lambda: Observation.from_dict(_tripled_history()),
        InvalidStateError,
        "at most ply=",
    ),
    (
        "Observation.from_dict(phase deep list)",
        lambda: Observation.from_dict({**STATE.observation(1).to_dict(), "phase": _deep()}),
        InvalidStateError,
        "phase: one of",
    ),
    # From a second fuzzing review: Python's own errors, or a message that wrote out the
    # whole value it refused.
    (
        "narrate_history(rules=None)",
        lambda: narrate_history(STATE.history, rules=cast(Any, None)),
        TypeError,
        "rules must be a Rules value",
    ),
    ("describe_origin(None)", lambda: describe_origin(cast(Any, None)), TypeError, "a State"),
    ("narrate_start(None)", lambda: narrate_start(cast(Any, None)), TypeError, "is a State"),
    (
        "apply_recorded(player=None)",
        lambda: STATE.apply_recorded(Decline(), cast(Any, None)),
        TypeError,
        "player must be 0 or 1",
    ),
    (
        "narrate(style=long)",
        lambda: narrate(STATE, "decline", style="x" * 100_000),
        ValueError,
        "unknown card style 'xxxx",
    ),
    ("svg.cards(per_row=long)", lambda: svg.cards([], per_row=_LONG), TypeError, "per_row"),
    (
        "format_cards(lang, style=long)",
        lambda: format_cards([], lang="es", style=_LONG),
        ValueError,
        "style",
    ),
    ("HeuristicAgent(long)", lambda: HeuristicAgent(cast(Any, _LONG)), ValueError, "force_hand"),
    (
        "legal_moves().index(long)",
        lambda: STATE.legal_moves().index(_LONG),
        ValueError,
        "not a legal",
    ),
    ("agent_list(long)", lambda: agent_list(_LONG + ",greedy"), ArgumentTypeError, "at most 80"),
]


def _tripled_history() -> dict[str, Any]:
    data = STATE.apply("decline").observation(0).to_dict()
    return {**data, "history": data["history"] * 3}


def _deep() -> list[Any]:
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    return nested


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [case[1:] for case in WRONG_TYPES],
    ids=[case[0] for case in WRONG_TYPES],
)
def test_a_wrong_argument_is_a_type_or_value_error_naming_it(
    call: Callable[[], object], error: type[Exception], words: str
) -> None:
    before = STATE.to_notation()
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
    assert len(str(caught.value)) <= 200
    assert STATE.to_notation() == before


def test_the_message_for_a_player_of_the_wrong_type_does_not_contradict_itself() -> None:
    with pytest.raises(TypeError) as caught:
        STATE.apply("decline", player="1")
    assert "turn" not in str(caught.value)


def test_move_text_is_read_by_is_legal_and_explain_illegal_as_apply_reads_it() -> None:
    """is_legal("take +QdQs -7c") was False for a legal take: text was never parsed."""
    for seed in range(40):
        for state in random_game(State.new(seed), seed, greed=0.8):
            for move in state.legal_moves()[:4]:
                assert state.is_legal(str(move))
                assert state.explain_illegal(str(move)) is None
                assert state.apply(str(move)) == state.apply(move)
    with pytest.raises(ValueError, match="'take -,': '-' is followed by no card"):
        STATE.is_legal("take -,")
    with pytest.raises(ValueError, match="'take -,'"):
        STATE.explain_illegal("take -,")


def test_force_is_checked_without_building_the_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    """R14b: whether a Force is legal does not depend on any take, so neither is_legal
    nor apply enumerates the legal moves (they did, at 275 ms a check under V2)."""
    rules = Rules(regrouping=Regrouping.BORROW, max_sequence=10, hand_size=13)
    states = [
        state
        for seed in range(30)
        for state in random_game(State.new(seed, rules=rules), seed, greed=0.5)
        if state.to_move is not None
    ]
    expected = [Force() in state.legal_moves() for state in states]
    assert any(expected)
    assert not all(expected)

    def refuse(self: State) -> object:
        raise AssertionError("legal_moves was called")

    monkeypatch.setattr(State, "legal_moves", refuse)
    for state, legal in zip(states, expected, strict=True):
        assert state.is_legal(Force()) == legal
        assert (state.explain_illegal("force") is None) == legal
        if legal:
            state.apply("force")


# ====================================================================== module tables


def test_module_tables_are_read_only() -> None:
    with pytest.raises(TypeError):
        PRESETS["classic"] = Rules(hand_size=3)  # type: ignore[index]
    with pytest.raises(TypeError):
        CARD_POINTS[DECK[0].rank] = 99  # type: ignore[index]
    with pytest.raises(TypeError):
        AGENTS["random"] = AGENTS["greedy"]  # type: ignore[index]
    assert list(AGENTS) == ["random", "greedy", "heuristic", "search", "ismcts"]
    schema = notation.RECORD_SCHEMA
    with pytest.raises(TypeError):
        schema["type"] = "array"  # type: ignore[index]
    with pytest.raises(TypeError):
        schema["required"].append("x")
    with pytest.raises(TypeError):
        schema["properties"].pop("moves")
    with pytest.raises(AttributeError, match="read-only"):
        _bits.meld_table(8).meld_set = frozenset()
    assert find_rules("classic") == Rules()
    assert json.loads(json.dumps(schema)) == schema
    assert pickle.loads(pickle.dumps(schema)) == schema


# ====================================================================== pickling


def public_values() -> list[object]:
    game = Game.new(seed=3)
    while not any(isinstance(move, Take) for move in game.legal_moves()):
        game.play(game.legal_moves()[-1])
    named = Game.new(seed=5, rules=Rules(regrouping=Regrouping.NONE))
    while not any(isinstance(move, Take) for move in named.legal_moves()):
        named.play(named.legal_moves()[-1])
    match = Match.new(seed=1, games=3)
    match.play("decline")
    return [
        DECK[7],
        Meld("7h7c7s"),
        parse_move("take +JhJs -3d [5c6c7c JcJhJs]"),
        parse_move("lay +7h7c7s"),
        Decline(),
        CLASSIC,
        find_rules("bicycle"),
        game.state,
        game,
        game.legal_moves(),
        named.legal_moves(),
        STATE.legal_moves(),
        STATE.observation(1),
        RECORD,
        match,
        match.record(),
    ]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_public_value_pickles_with_every_protocol(protocol: int) -> None:
    for value in public_values():
        copy = pickle.loads(pickle.dumps(value, protocol))
        assert type(copy) is type(value)
        assert copy == value, type(value).__name__
    game = Game.new(seed=2)
    copy = pickle.loads(pickle.dumps(game, protocol))
    copy.play(copy.legal_moves()[0])  # a copy plays on alone
    assert copy.ply == 1
    assert game.ply == 0


def raised_by(call: Callable[[], object]) -> errors.ConquianError:
    with pytest.raises(errors.ConquianError) as caught:
        call()
    return caught.value


def library_errors() -> list[errors.ConquianError]:
    """An error of each of the library's error classes, as the library raises it."""
    return [
        raised_by(lambda: Card.parse("8h")),  # no 8 in the pack (R1)
        raised_by(lambda: Meld("5h 6h 2h")),  # a gap (R5)
        raised_by(lambda: STATE.apply("take +4h -Kh")),
        raised_by(lambda: parse_move("grab 3c")),
        raised_by(lambda: Rules(hand_size=0)),
        raised_by(lambda: State.parse("conquian/1 nonsense")),
        raised_by(lambda: notation.loads("{}")),
        raised_by(lambda: Match.new(seed=1, games=0)),
    ]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_error_pickles_and_copies_with_its_message_and_fields(protocol: int) -> None:
    """An error raised in a worker process reaches the caller whole, whatever its
    __init__ requires (InvalidCardError's token, InvalidMeldError's reason)."""
    found = library_errors()
    kinds = {type(error) for error in found}
    subclasses = [errors.ConquianError]
    for cls in subclasses:
        subclasses.extend(cls.__subclasses__())
    assert kinds == set(subclasses) - {errors.ParseError}  # one of each class raised
    for error in found:
        for other in (
            pickle.loads(pickle.dumps(error, protocol)),
            copy.copy(error),
            copy.deepcopy(error),
        ):
            assert type(other) is type(error)
            assert (other.args, str(other)) == (error.args, str(error))
            assert vars(other) == vars(error)


ODD_VALUES = [None, 1.5, "x", [], object(), -1, 10**30, True, b"x", {"a": 1}]
"""Values of every wrong kind a programmer might pass by mistake."""

CALLS: dict[str, Callable[[object], object]] = {
    "State.new(seed)": lambda v: State.new(v),
    "State.new(rules)": lambda v: State.new(1, rules=v),
    "State.from_deck": lambda v: State.from_deck(v),
    "State.apply": lambda v: STATE.apply(v),
    "State.is_legal(player)": lambda v: STATE.is_legal("decline", player=v),
    "State.observation": lambda v: STATE.observation(v),
    "Game.new": lambda v: Game.new(v),
    "Game.play": lambda v: Game.new(seed=3).play(v),
    "Game.from_record": lambda v: Game.from_record(v),
    "Match.new(seed)": lambda v: Match.new(seed=v, games=2),
    "Match.new(games)": lambda v: Match.new(seed=1, games=v),
    "Match.from_record": lambda v: Match.from_record(v),
    "Card.from_index": lambda v: Card.from_index(v),
    "format_cards": lambda v: format_cards(v),
    "check_meld": lambda v: check_meld(v),
    "fits(table)": lambda v: fits(DECK[6], v),
    "Take(discard)": lambda v: Take(frozenset(), v),
    "Rules(hand_size)": lambda v: Rules(hand_size=v),
    "find_rules": lambda v: find_rules(v),
    "notation.dumps": lambda v: notation.dumps(v),
    "match_dumps": lambda v: match_dumps(v),
    "deal_order": lambda v: deal_order(v),
    "hand_points": lambda v: hand_points(v),
    "LegalMoves.index": lambda v: STATE.legal_moves().index(v),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_a_value_of_any_wrong_kind_is_a_type_or_value_error(name: str) -> None:
    """Whatever the wrong kind, the error is a TypeError or ValueError (ConquianError is
    one) with a short message: never AttributeError, KeyError or IndexError."""
    for value in ODD_VALUES:
        error = wrong_kind_error(CALLS[name], value)
        assert error is None or len(str(error)) <= 220, (value, str(error))


def wrong_kind_error(call: Callable[[object], object], value: object) -> Exception | None:
    """The TypeError or ValueError ``call(value)`` raises, or ``None`` if it returns (any
    other exception fails the test)."""
    try:
        call(value)
    except (TypeError, ValueError) as error:
        return error
    return None
