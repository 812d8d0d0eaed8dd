"""Why a move is refused: every IllegalMoveError carries a MoveProblem that a program can
act on, with the card, cards, rules option or number it is about, and explain_refusal
says it in every language.

Most positions start from seed 0, where player 1 (the non-dealer) has turned up 4♦ (R10)
and holds 3♣ 5♣ Q♣ 2♦ 3♦ 5♦ 3♥ Q♥ K♥ 7♠.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest

from conquian import (
    BICYCLE,
    CLASSIC,
    FOSTER,
    Card,
    Forcing,
    Game,
    IllegalMoveError,
    LayDown,
    Meld,
    MoveProblem,
    Phase,
    Regrouping,
    Rules,
    State,
    Take,
    format_cards,
    parse_cards,
)
from conquian._refusals import english_refusal
from conquian.actions import ADD, DECLINE_ACTION, FORCE_ACTION, ActionBuilder, actions_of
from conquian.agents import RandomAgent
from conquian.languages import LANGUAGES, find_language
from conquian.narration import explain_refusal
from helpers import deck_for

NO_REGROUPING = attrs.evolve(CLASSIC, regrouping=Regrouping.NONE)
NO_FORCING = attrs.evolve(CLASSIC, forcing=Forcing.OFF)
EXCHANGE = attrs.evolve(CLASSIC, exchange=True)
K_HEARTS = Card.parse("Kh")


SHORT_OUT = (
    "conquian/1 rules=classic,hand_size:8,long_meld:4 dealer=0 ply=20 phase=offer "
    "to_move=0 offer=7s from=stock:0 stock=2c3c4c7cJc2d3d4d5d6dQdAh5h6h7hJhQhAs2s3s4sQsKs "
    "hand0=KcKdKh5s6s hand1=Ac5c6cQcAd7dJdJs table0=2h3h4h table1=- dead=- result=-"
)
"""M12: player 0 lays his whole hand with 7s only as 2h3h4h, KcKdKh, 5s6s7s."""


def start(rules: Rules = CLASSIC) -> State:
    return State.new(seed=0, rules=rules)


def passed(rules: Rules = CLASSIC) -> State:
    """Seed 0 after player 1 passed his 4♦ to player 0 (R11b)."""
    return start(rules).apply("decline")


def in_phase(phase: Phase) -> State:
    """The first position of ``phase`` in random games of seeds 0, 1, ..."""
    for seed in range(200):
        state = State.new(seed=seed)
        agent = RandomAgent(seed)
        while state.phase is not phase and state.to_move is not None:
            state = state.apply(
                agent.choose(state.observation(state.to_move), state.legal_moves())
            )
        if state.phase is phase:
            return state
    raise AssertionError(f"no game reached {phase}")  # pragma: no cover


def refused(state: State, move: object, player: int | None = None) -> IllegalMoveError:
    error = state.refusal(cast(Any, move), player=player)
    assert error is not None, move
    return error


def raised(call: Callable[[], object]) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        call()
    return caught.value


def crafted(valid: Take | LayDown, **fields: object) -> Any:
    """``valid`` with ``fields`` edited, as pickle data crafted around the constructor
    could make it (the referee must refuse it all the same)."""
    make, args, state = cast(tuple[Any, ...], valid.__reduce_ex__(4))[:3]
    value = make(*args)
    value.__setstate__({**state, **fields})
    return value


def forged_meld(cards: str) -> Meld:
    """A Meld value holding cards that are no meld, forged around the constructor."""
    forged = object.__new__(Meld)
    given = parse_cards(cards)
    mask = sum(1 << card.index for card in given)
    forged.__attrs_init__(given, Meld("3d 4d 5d").kind, mask)
    return forged


def two_tables() -> State:
    """Regrouping none (V2); player 1 holds 5♣ 6♣ 7♣ J♦ J♥ J♠ and is offered J♣, which
    joins either the sequence or the group: his table must be chosen."""
    deck = deck_for("5c 6c 7c Jd Jh Js 2d 4h 2s 4s", "Ac 2c 3c 4c Ad 3d 4d 5d 6d 7d", stock="Jc")
    return State.from_deck(deck, rules=NO_REGROUPING)


def take(laid: str, discard: str | None, *table: str) -> Take:
    found = None if discard is None else Card.parse(discard)
    return Take(parse_cards(laid), found, tuple(Meld(meld) for meld in table) or None)


# Each problem, the situation that gives it, and the error's fields: card, cards,
# setting, number (... where the case leaves the field to the phrase check).
CASES: list[tuple[MoveProblem, str, Callable[[], IllegalMoveError], dict[str, object]]] = [
    (
        MoveProblem.GAME_OVER,
        "a move after the end (R15, R16)",
        lambda: refused(in_phase(Phase.OVER), "decline"),
        {},
    ),
    (
        MoveProblem.NOT_YOUR_TURN,
        "player 0 moves on player 1's turn",
        lambda: refused(start(), "decline", player=0),
        {},
    ),
    (MoveProblem.NOT_A_MOVE, "a number is not a move", lambda: refused(start(), 42), {}),
    (
        MoveProblem.NOT_LEGAL,
        "an action after the move is finished",
        lambda: raised(
            lambda: ActionBuilder.start(start()).apply(DECLINE_ACTION).apply(DECLINE_ACTION)
        ),
        {"number": DECLINE_ACTION},
    ),
    (
        MoveProblem.MUST_TAKE,
        "a forced player declines (R14b)",
        lambda: refused(in_phase(Phase.FORCED_TAKE), "decline"),
        {"card": in_phase(Phase.FORCED_TAKE).offer},
    ),
    (
        MoveProblem.MUST_FORCE_OR_RELEASE,
        "a player declines instead of deciding on a force",
        lambda: refused(in_phase(Phase.FORCE_DECISION), "decline"),
        {"card": in_phase(Phase.FORCE_DECISION).offer},
    ),
    (
        MoveProblem.NOTHING_TO_RELEASE,
        "a release with nothing to release (R14b)",
        lambda: refused(start(), "release"),
        {},
    ),
    (
        MoveProblem.FORCING_NOT_ALLOWED,
        "a force under forcing:off (V1)",
        lambda: refused(passed(NO_FORCING), "force"),
        {"card": Card.parse("4d"), "setting": "forcing:off"},
    ),
    (
        MoveProblem.NOT_PASSED,
        "a force of one's own turned card (R14b)",
        lambda: refused(start(), "force"),
        {"card": Card.parse("4d")},
    ),
    (
        MoveProblem.DOES_NOT_FIT,
        "a force of 4♦ on an empty table (R14a)",
        lambda: refused(passed(), "force"),
        {"card": Card.parse("4d")},
    ),
    (
        MoveProblem.NO_LAY_DOWN_RULE,
        "a lay-down under classic rules (R12)",
        lambda: refused(start(), "lay +3c3d3h"),
        {"setting": "meld_from_hand:false"},
    ),
    (
        MoveProblem.LAY_DOWN_NOT_NOW,
        "a lay-down on a passed card (V3)",
        lambda: refused(passed(BICYCLE), "lay +3c3d3h"),
        {},
    ),
    (
        MoveProblem.EMPTY_LAY_DOWN,
        "a lay-down of no card (V3)",
        lambda: refused(start(BICYCLE), crafted(LayDown(parse_cards("3c 3d 3h")), laid_mask=0)),
        {},
    ),
    (
        MoveProblem.NOTHING_TO_LAY_DOWN,
        "a lay-down built from a hand without a meld (V3)",
        lambda: raised(lambda: State.new(seed=3, rules=BICYCLE).lay_down_builder()),
        {},
    ),
    (
        MoveProblem.NOT_IN_HAND,
        "4♥ is not in the hand",
        lambda: refused(start(), "take +4h -Kh"),
        {"card": Card.parse("4h")},
    ),
    (
        MoveProblem.OFFER_LAID,
        "the offered card listed as laid",
        lambda: refused(start(), take("3d 4d 5d", "Kh")),
        {"card": Card.parse("4d")},
    ),
    (
        MoveProblem.MUST_DISCARD,
        "a take that keeps cards and discards none (R11, R16)",
        lambda: refused(start(), take("3d 5d", None)),
        {"cards": parse_cards("3c 5c Qc 2d 3h Qh Kh 7s")},
    ),
    (
        MoveProblem.DISCARD_OFFER,
        "the taken card discarded (R6)",
        lambda: refused(start(), take("3d 5d", "4d")),
        {"card": Card.parse("4d")},
    ),
    (
        MoveProblem.LAID_AND_DISCARDED,
        "K♥ laid and discarded",
        lambda: refused(
            start(), crafted(take("3d 5d", "Kh"), laid_mask=take("3d 5d Kh", "3c").laid_mask)
        ),
        {"card": K_HEARTS},
    ),
    (
        MoveProblem.NOT_MELDS,
        "4♦ alone is no table (R6)",
        lambda: refused(start(), "take -Kh"),
        {"cards": parse_cards("4d")},
    ),
    (
        MoveProblem.NOT_A_MELD,
        "a named meld that is none (R4, R5)",
        lambda: refused(
            start(), Take(parse_cards("3d 5d 3h"), K_HEARTS, (forged_meld("3d 4d 5d 3h"),))
        ),
        {"cards": parse_cards("3d 4d 5d 3h")},
    ),
    (
        MoveProblem.SEQUENCE_TOO_LONG,
        "a named sequence of 9 under classic rules (R5, V4)",
        lambda: refused(
            start(),
            Take(
                parse_cards("3d 5d"),
                K_HEARTS,
                (Meld("Ac 2c 3c 4c 5c 6c 7c Jc Qc", rules=Rules(max_sequence=10)),),
            ),
        ),
        {"number": 8},
    ),
    (
        MoveProblem.CARD_TWICE,
        "3♦ in two named melds (R6)",
        lambda: refused(start(), take("3c 3d 5d 3h", "Kh", "3d 4d 5d", "3c 3d 3h")),
        {"card": Card.parse("3d"), "cards": parse_cards("3c 3d 3h")},
    ),
    (
        MoveProblem.WRONG_CARDS,
        "a named table that leaves out laid cards (R13)",
        lambda: refused(start(), take("3c 3d 5d 3h", "Kh", "3d 4d 5d")),
        {"cards": parse_cards("3c 3d 4d 5d 3h")},
    ),
    (
        MoveProblem.TABLE_NOT_NAMED,
        "regrouping:none and no table named (V2)",
        lambda: refused(start(NO_REGROUPING), "take +3d5d -Kh"),
        {"setting": "regrouping:none"},
    ),
    (
        MoveProblem.TABLE_NOT_ALLOWED,
        "a table that regrouping:none does not offer (V2)",
        lambda: raised(
            lambda: (
                start(NO_REGROUPING).take_builder().add("3d").add("5d").arrange([Meld("3c 3d 3h")])
            )
        ),
        {"setting": "regrouping:none"},
    ),
    (
        MoveProblem.ALREADY_CHOSEN,
        "3♦ chosen twice",
        lambda: raised(lambda: start().take_builder().add("3d").add("3d")),
        {"card": Card.parse("3d")},
    ),
    (
        MoveProblem.NOT_CHOSEN,
        "3♦ removed but never chosen",
        lambda: raised(lambda: start().take_builder().remove("3d")),
        {"card": Card.parse("3d")},
    ),
    (
        MoveProblem.CANNOT_ADD,
        "K♥ makes no table with 4♦ (R6, R13)",
        lambda: raised(lambda: start().take_builder().add("Kh")),
        {"card": K_HEARTS, "cards": parse_cards("4d Kh")},
    ),
    (
        MoveProblem.NO_ARRANGEMENT,
        "free regrouping arranges the table itself (R13)",
        lambda: raised(lambda: start().take_builder().add("3d").add("5d").arrange(0)),
        {},
    ),
    (
        MoveProblem.NO_SUCH_ARRANGEMENT,
        "table number 9 of 2",
        lambda: raised(lambda: _all_laid(two_tables()).arrange(9)),
        {"number": 2},
    ),
    (
        MoveProblem.MUST_ARRANGE,
        "J♣ joins the sequence or the group: choose first (V2)",
        lambda: raised(lambda: _all_laid(two_tables()).discard("2d")),
        {},
    ),
    (
        MoveProblem.INCOMPLETE,
        "3♦ 4♦ are no table yet (R6)",
        lambda: raised(lambda: start().take_builder().add("3d").discard("Kh")),
        {"cards": parse_cards("3d 4d")},
    ),
    (
        MoveProblem.NOT_A_DISCARD,
        "the taken card is no discard",
        lambda: raised(lambda: start().take_builder().add("3d").add("5d").discard("4d")),
        {"card": Card.parse("4d"), "cards": parse_cards("3c 5c Qc 2d 3h Qh Kh 7s")},
    ),
    (
        MoveProblem.NOT_ALL_LAID,
        "going out with cards left (R16)",
        lambda: raised(lambda: start().take_builder().add("3d").add("5d").go_out()),
        {"cards": parse_cards("3c 5c Qc 2d 3h Qh Kh 7s")},
    ),
    (
        MoveProblem.NO_LONG_MELD,
        "going out in three melds of three where a meld of four is needed (M12)",
        lambda: refused(State.parse(SHORT_OUT), "take +KcKdKh5s6s out"),
        {"number": 4},
    ),
    (
        MoveProblem.WRONG_FINISH,
        "a take finished as a lay-down",
        lambda: raised(lambda: start().take_builder().add("3d").add("5d").lay_down()),
        {},
    ),
    (
        MoveProblem.MOVED_ON,
        "a move sent for the position before the last move",
        lambda: raised(lambda: _game_after_one_move().play("decline", ply=0)),
        {"number": 1},
    ),
    (
        MoveProblem.MUST_GIVE,
        "a decline in the opening exchange (M10)",
        lambda: refused(start(EXCHANGE), "decline"),
        {},
    ),
    (
        MoveProblem.NOTHING_TO_GIVE,
        "a give of a hand card after the exchange (M10)",
        lambda: refused(passed(), f"give {min(passed().hands[0])}"),
        {},
    ),
]


def _game_after_one_move() -> Game:
    game = Game.new(seed=7)
    game.play("decline")
    return game


# The same reasons where a builder starts, a forced player does anything but take, and the
# action space refuses a step: each gives the reason the referee gives for the move.
MORE_CASES: list[tuple[MoveProblem, str, Callable[[], IllegalMoveError], dict[str, object]]] = [
    (
        MoveProblem.MUST_GIVE,
        "a take built in the opening exchange (M10)",
        lambda: raised(lambda: start(EXCHANGE).take_builder()),
        {},
    ),
    (
        MoveProblem.MUST_GIVE,
        "a take built from the view in the opening exchange (M10)",
        lambda: raised(lambda: _mover_view(start(EXCHANGE)).take_builder()),
        {},
    ),
    (
        MoveProblem.NOT_IN_HAND,
        "a give of a card of the other hand (M10)",
        lambda: refused(start(EXCHANGE), f"give {min(start(EXCHANGE).hands[0])}"),
        {"card": min(start(EXCHANGE).hands[0])},
    ),
    (
        MoveProblem.NOT_A_MOVE,
        "a give of an unseen card, as a view's history writes it (M10)",
        lambda: refused(start(EXCHANGE), "give ?"),
        {},
    ),
    (
        MoveProblem.MUST_FORCE_OR_RELEASE,
        "a take built while a force is decided (R14b)",
        lambda: raised(lambda: in_phase(Phase.FORCE_DECISION).take_builder()),
        {},
    ),
    (
        MoveProblem.MUST_FORCE_OR_RELEASE,
        "a take built from the view while a force is decided (R14b)",
        lambda: raised(lambda: _mover_view(in_phase(Phase.FORCE_DECISION)).take_builder()),
        {},
    ),
    (
        MoveProblem.NO_LAY_DOWN_RULE,
        "a lay-down built under classic rules (R12)",
        lambda: raised(lambda: start().lay_down_builder()),
        {"setting": "meld_from_hand:false"},
    ),
    (
        MoveProblem.GAME_OVER,
        "a take built after the end",
        lambda: raised(lambda: in_phase(Phase.OVER).take_builder()),
        {},
    ),
    (
        MoveProblem.GAME_OVER,
        "a lay-down built from a view after the end",
        lambda: raised(lambda: in_phase(Phase.OVER).observation(0).lay_down_builder()),
        {},
    ),
    (
        MoveProblem.NOT_YOUR_TURN,
        "a take built from the view of the player not to move",
        lambda: raised(lambda: start().observation(0).take_builder()),
        {},
    ),
    (
        MoveProblem.MUST_TAKE,
        "a forced player releases (R14b)",
        lambda: refused(in_phase(Phase.FORCED_TAKE), "release"),
        {},
    ),
    (
        MoveProblem.MUST_TAKE,
        "a forced player lays down (R14b)",
        lambda: refused(in_phase(Phase.FORCED_TAKE), "lay +3c3d3h"),
        {},
    ),
    (
        MoveProblem.NOT_PASSED,
        "the force action on one's own turned card (R14b)",
        lambda: raised(lambda: ActionBuilder.start(start()).apply(FORCE_ACTION)),
        {"card": Card.parse("4d")},
    ),
    (
        MoveProblem.NOT_IN_HAND,
        "the action that adds 4♥, not held",
        lambda: raised(lambda: ActionBuilder.start(start()).apply(ADD + Card.parse("4h").index)),
        {"card": Card.parse("4h")},
    ),
    (
        MoveProblem.NOT_IN_HAND,
        "actions_of a take of a card not held",
        lambda: raised(lambda: actions_of(take("4h", "Kh"), start())),
        {"card": Card.parse("4h")},
    ),
    (
        MoveProblem.TABLE_NOT_NAMED,
        "actions_of an unnamed take under Foster's borrowing (V2)",
        lambda: raised(lambda: actions_of(take("6c 6s", "3c"), State.new(seed=1, rules=FOSTER))),
        {"setting": "regrouping:borrow"},
    ),
]


def _mover_view(state: State) -> Any:
    assert state.to_move is not None
    return state.observation(state.to_move)


def _all_laid(state: State) -> Any:
    return state.take_builder().add("5c").add("6c").add("7c").add("Jd").add("Jh").add("Js")


def _ids() -> list[str]:
    return [f"{problem.value}: {situation}" for problem, situation, _, _ in CASES + MORE_CASES]


def test_every_problem_has_a_situation_that_gives_it() -> None:
    assert [problem for problem, *_ in CASES] == list(MoveProblem)


@pytest.mark.parametrize(
    ("problem", "situation", "make", "fields"), CASES + MORE_CASES, ids=_ids()
)
def test_each_refusal_names_its_problem_and_what_it_is_about(
    problem: MoveProblem,
    situation: str,
    make: Callable[[], IllegalMoveError],
    fields: dict[str, object],
) -> None:
    error = make()
    assert error.problem is problem, (situation, str(error))
    for name, value in fields.items():
        assert getattr(error, name) == value, (situation, name)
    english = find_language("en").phrases[f"refusal.{problem.value}"]
    used = {name for _, name, _, _ in string.Formatter().parse(english) if name}
    assert (error.card is not None) == ("card" in used), situation
    assert bool(error.cards) == ("cards" in used), situation
    assert (error.setting is not None) == ("setting" in used), situation
    if "number" in used:
        assert error.number is not None, situation
    for tag in problem.rules:  # the message cites the rules the problem names
        assert tag in str(error), (situation, tag)


@pytest.mark.parametrize(
    ("problem", "make"), [(case[0], case[2]) for case in CASES + MORE_CASES], ids=_ids()
)
def test_each_refusal_is_said_in_every_language(
    problem: MoveProblem, make: Callable[[], IllegalMoveError]
) -> None:
    error = make()
    said = {code: explain_refusal(error, code) for code in LANGUAGES}
    for code, text in said.items():
        assert "{" not in text, (code, text)
        assert "}" not in text, (code, text)
        if error.card is not None:
            assert error.card.pretty() in text, (code, text)
        for card in error.cards:
            assert card.pretty() in text, (code, text)
        if problem.rules:
            assert text.endswith(" (" + ", ".join(problem.rules) + ")"), (code, text)
    assert len(set(said.values())) == len(said), said  # each language has its own words


def test_the_words_of_a_refusal() -> None:
    error = refused(start(), "take +4h -Kh")
    assert explain_refusal(error) == "4♥ is not in your hand"
    assert explain_refusal(error, "es") == "no tienes 4♥ en la mano"
    assert explain_refusal(error, "nl", style="short") == "je hebt 4h niet in je hand"
    assert explain_refusal(error, "de", style="name") == "du hast Herz-4 nicht auf der Hand"
    forced = refused(passed(NO_FORCING), "force")
    assert explain_refusal(forced, "es") == (
        "estas reglas (forcing:off) no te permiten obligar a tu rival a tomar 4♦ (V1)"
    )
    kept = refused(start(), take("3d 5d", None))
    assert explain_refusal(kept, style="short") == (
        "you must discard: you keep 3c 5c Qc 2d 3h Qh Kh 7s (R11, R16)"
    )


def test_a_take_that_goes_out_has_no_discard_to_offer() -> None:
    """NOT_A_DISCARD with no discards: the take lays every card and goes out (R16)."""
    error = IllegalMoveError("x", problem=MoveProblem.NOT_A_DISCARD, card=K_HEARTS)
    assert explain_refusal(error) == "you cannot discard K♥: this take goes out"
    assert explain_refusal(error, "es") == "no puedes descartar K♥: con esta jugada cierras"


def test_explain_refusal_takes_only_an_illegal_move_error() -> None:
    with pytest.raises(TypeError, match="an IllegalMoveError, not 'x'"):
        explain_refusal(cast(Any, "x"))
    with pytest.raises(ValueError, match="no language has the code 'xx'"):
        explain_refusal(refused(start(), "release"), "xx")


def test_an_error_without_a_problem_is_not_legal_here() -> None:
    error = IllegalMoveError("no")
    assert error.problem is MoveProblem.NOT_LEGAL
    assert (error.card, error.cards, error.setting, error.number) == (None, (), None, None)
    assert explain_refusal(error, "nl") == "die zet mag hier niet"


def test_a_refusal_is_the_error_that_apply_raises_and_changes_nothing() -> None:
    state = start()
    before = state.to_dict() if hasattr(state, "to_dict") else repr(state)
    error = refused(state, "take +3d5d -4d")
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("take +3d5d -4d")
    assert (caught.value.problem, caught.value.card) == (error.problem, error.card)
    assert state.refusal("decline") is None
    assert state.explain_illegal("take +3d5d -4d") == str(error)
    after = state.to_dict() if hasattr(state, "to_dict") else repr(state)
    assert after == before


def test_an_observation_refuses_as_the_state_does() -> None:
    state = passed()
    for move in ("force", "release", "take +4h -Kh", "take -2c", "decline"):
        seen = state.observation(state.to_move or 0).refusal(move)
        truth = state.refusal(move)
        assert (seen is None) == (truth is None), move
        if seen is not None and truth is not None:
            assert (seen.problem, seen.card, seen.cards) == (
                truth.problem,
                truth.card,
                truth.cards,
            )
    other = state.observation(1).refusal("decline")
    assert other is not None
    assert other.problem is MoveProblem.NOT_YOUR_TURN


def test_every_problem_cites_rules_the_rules_page_knows() -> None:
    english = find_language("en").phrases
    for problem in MoveProblem:
        for tag in problem.rules:
            assert f"rule.{tag}" in english, (problem, tag)


def test_borrowing_and_an_empty_lay_down_have_their_own_words() -> None:
    """V2 borrow says what it allows; a lay-down with nothing chosen says so (V3)."""
    borrow = IllegalMoveError(
        "x", problem=MoveProblem.TABLE_NOT_ALLOWED, setting="regrouping:borrow"
    )
    assert "borrowed from a group of four" in explain_refusal(borrow)
    none = IllegalMoveError("x", problem=MoveProblem.TABLE_NOT_ALLOWED, setting="regrouping:none")
    assert "cards join them or form new melds" in explain_refusal(none)
    empty = raised(lambda: start(BICYCLE).lay_down_builder().lay_down())
    assert (empty.problem, empty.cards) == (MoveProblem.INCOMPLETE, ())
    assert explain_refusal(empty) == "no card is chosen yet (R6)"
    assert explain_refusal(empty, "de") == "du hast noch keine Karte gewählt (R6)"


def test_an_error_without_what_its_words_need_is_told_by_its_message() -> None:
    error = IllegalMoveError("forcing is off here", problem=MoveProblem.FORCING_NOT_ALLOWED)
    assert explain_refusal(error, "es") == "forcing is off here"


def test_a_problem_is_a_move_problem_and_shows_in_the_repr() -> None:
    with pytest.raises(TypeError, match="problem is a MoveProblem, not 'not_in_hand'"):
        IllegalMoveError("x", problem=cast(Any, "not_in_hand"))
    error = refused(start(), "take +4h -Kh")
    assert repr(error) == (
        "IllegalMoveError('4h is not in your hand', problem=MoveProblem.NOT_IN_HAND)"
    )


def _said_in_english(error: IllegalMoveError) -> str:
    """explain_refusal's English words for ``error``, its cards written short, in the
    error's person: to the player, or about the player its message names."""
    said = explain_refusal(error, style="short")
    message = str(error)
    for player in (0, 1):
        if message.startswith(f"player {player}") or f"not player {player}'s" in message:
            return english_refusal(
                error.problem,
                player,
                card=None if error.card is None else str(error.card),
                cards=format_cards(error.cards),
                setting=error.setting,
                number=error.number,
            )
    return said


# NOT_LEGAL is the problem of an error made without one: its message is its own.
PHRASED = [case for case in CASES + MORE_CASES if case[0] is not MoveProblem.NOT_LEGAL]


@pytest.mark.parametrize(
    ("problem", "make"),
    [(case[0], case[2]) for case in PHRASED],
    ids=[f"{problem.value}: {situation}" for problem, situation, _, _ in PHRASED],
)
def test_the_message_of_a_refusal_is_its_english_phrase(
    problem: MoveProblem, make: Callable[[], IllegalMoveError]
) -> None:
    """One source: an error's own message is made from the English phrase that
    explain_refusal fills in (conquian._refused), so the two cannot drift apart: the
    phrase stands whole in the message, which may add a detail (the outcome of a game
    that is over, whose turn it is) or, for an action, name it."""
    error = make()
    said = _said_in_english(error)
    rules = " (" + ", ".join(problem.rules) + ")" if problem.rules else ""
    message = str(error)
    assert said.removesuffix(rules) in message, (message, said)
    assert all(tag in message for tag in problem.rules), message
