"""M12, ``Rules.long_meld``: going out needs a meld of that many cards or more (the
regional two-player game of the Spanish Wikipedia deals 9 and goes out with 10 "with at
least one meld of 4"). The rule value and its errors, hand-built positions (a take that
goes out refused and allowed, under free regrouping and under V2, in the take builder and
the action encoding, a card not forced on a player who could not take it), and seeded
games held to the brute-force model move by move."""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest
from jsonschema import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
    Draft202012Validator,
    ValidationError,
)

from bruteforce import can_split, deal, play, to_bf
from conquian import (
    DECK,
    MEXICAN,
    TERCERILLA,
    IllegalMoveError,
    InvalidRulesError,
    InvalidStateError,
    Move,
    MoveProblem,
    OutcomeKind,
    Phase,
    Regrouping,
    Rules,
    State,
    Take,
    parse_cards,
)
from conquian.actions import ActionBuilder
from conquian.notation import RECORD_SCHEMA
from conquian.views import STATE_SCHEMA, VIEWS_SCHEMA
from helpers import MAX_MOVES, built_moves, check_position, dealt, forcing_choice, scaled

REGIONAL = Rules(hand_size=9, long_meld=4)
"""The regional two-player game (M12): nine cards dealt, ten to go out, a meld of four."""
EIGHT_LONG = attrs.evolve(MEXICAN, long_meld=4)
"""MEXICAN with a long meld to go out: nine cards may split 3 + 3 + 3, so the rule bites."""


def test_the_rule_value_reads_writes_and_refuses_nonsense() -> None:
    assert Rules().long_meld is None
    assert Rules.parse("mexican,hand_size:9,long_meld:4") == REGIONAL
    assert Rules.parse(REGIONAL.to_notation()) == REGIONAL
    assert Rules.from_dict(REGIONAL.to_dict()) == REGIONAL
    assert REGIONAL.to_dict()["long_meld"] == 4
    assert "long_meld" not in Rules().to_dict()  # unset, not written: old data as it was
    assert REGIONAL.cards_to_go_out == 10
    assert Rules.parse("tercerilla,long_meld:none") == TERCERILLA
    for text, message in (
        ("mexican,long_meld:3", "long_meld must be from 4 to 10"),
        ("mexican,long_meld:11", "long_meld must be from 4 to 10"),
        ("mexican,long_meld:true", "long_meld must be a whole number"),
        ("mexican,long_meld:four", "long_meld must be a whole number"),
        ("classic,max_sequence:5,long_meld:6", "long_meld and max_sequence clash"),
        ("mexican,hand_size:4,long_meld:6", "long_meld and hand_size clash"),
    ):
        with pytest.raises(InvalidRulesError, match=message):
            Rules.parse(text)
    assert Rules(max_sequence=3, long_meld=4).long_meld == 4  # a group of four


def test_the_schemas_take_the_rule() -> None:
    rules = REGIONAL.to_dict()
    for definition in (
        {**VIEWS_SCHEMA, "$ref": "#/$defs/rules"},
        RECORD_SCHEMA["properties"]["rules"],
    ):
        Draft202012Validator(definition).validate(json.loads(json.dumps(rules)))
        with pytest.raises(ValidationError):
            Draft202012Validator(definition).validate({**rules, "long_meld": 3})
    state = State.new(seed=3, rules=REGIONAL)
    Draft202012Validator(STATE_SCHEMA).validate(json.loads(json.dumps(state.to_dict())))


def two_player(
    rules: Rules,
    *,
    offer: str,
    origin: str,
    to_move: int,
    hands: tuple[str, str],
    tables: tuple[str, str],
) -> State:
    """A two-player position string's state, the stock every other card."""
    used: set[object] = set(parse_cards(offer))
    for text in (*hands, *tables):
        if text != "-":
            used |= set(parse_cards(text.replace(".", "")))
    stock = "".join(str(card) for card in DECK if card not in used)
    words = [
        "conquian/1",
        f"rules={rules.to_notation()}",
        "dealer=0 ply=20 phase=offer",
        f"to_move={to_move} offer={offer} from={origin} stock={stock}",
        *(f"hand{player}={hand}" for player, hand in enumerate(hands)),
        *(f"table{player}={table}" for player, table in enumerate(tables)),
        "dead=- result=-",
    ]
    return State.parse(" ".join(words))


def action_moves(start: ActionBuilder) -> set[Move]:
    """Every move the action encoding finishes from ``start``; each step it offers leads
    to a move."""
    moves: set[Move] = set()
    todo = [start]
    while todo:
        builder = todo.pop()
        if builder.move is not None:
            moves.add(builder.move)
            continue
        actions = builder.legal_actions()
        assert actions, "a step that leads nowhere"
        todo.extend(builder.apply(action) for action in actions)
    return moves


def short_out(rules: Rules, offer: str = "7s") -> State:
    """Player 0 may lay his whole hand with the offer: 2h3h4h, KcKdKh and 5s6s with 7s
    split only 3 + 3 + 3; with 7h, 2h-7h is a sequence of six."""
    hand = "KcKdKh5s6s" if offer == "7s" else "KcKdKh5h6h"
    return two_player(
        rules,
        offer=offer,
        origin="stock:0",
        to_move=0,
        hands=(hand, "AcAd7dJsJdQc5c6c"),
        tables=("2h3h4h", "-"),
    )


@pytest.mark.parametrize(
    "rules", [EIGHT_LONG, attrs.evolve(EIGHT_LONG, regrouping=Regrouping.NONE)]
)
def test_a_take_that_goes_out_needs_a_long_meld(rules: Rules) -> None:
    """M12: nine cards in three melds of three do not go out; a sequence of six does. The
    legal moves, the referee, the take builder and the action encoding agree."""
    named = rules.regrouping is not Regrouping.FREE
    state = short_out(rules)
    out = "take +KcKdKh5s6s out" + (" [2h3h4h KcKdKh 5s6s7s]" if named else "")
    assert not any(isinstance(move, Take) and move.goes_out for move in state.legal_moves())
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(out)
    assert refused.value.problem is MoveProblem.NO_LONG_MELD
    assert refused.value.number == 4
    assert str(refused.value) == "to go out, your table needs a meld of 4 cards or more (M12)"
    # Without the rule the same take is legal: it is the long meld that is missing.
    plain = short_out(attrs.evolve(rules, long_meld=None))
    assert plain.is_legal(out)
    builder = state.take_builder()
    assert built_moves(builder) == {move for move in state.legal_moves() if isinstance(move, Take)}
    # With 5s 6s chosen the take is complete; the kings would lay the whole hand, which
    # goes out with no long meld: they cannot be added (without the rule they can).
    builder = builder.add("5s").add("6s")
    assert builder.is_complete
    assert builder.addable == frozenset()
    assert not builder.can_go_out
    plain_builder = plain.take_builder().add("5s").add("6s")
    assert {str(card) for card in plain_builder.addable} == {"Kc", "Kd", "Kh"}
    assert action_moves(ActionBuilder.start(state)) == set(state.legal_moves())
    # With 7h the six-card sequence is long: the take goes out.
    state = short_out(rules, offer="7h")
    outs = [move for move in state.legal_moves() if isinstance(move, Take) and move.goes_out]
    assert outs
    assert state.apply(outs[0]).outcome is not None
    if named:  # V2: the table named must hold the long meld
        short = "take +KcKdKh5h6h out [2h3h4h KcKdKh 5h6h7h]"
        assert state.refusal(short) is not None
        assert state.refusal(short).problem is MoveProblem.NO_LONG_MELD  # type: ignore[union-attr]


def test_a_card_is_not_forced_on_a_player_who_could_not_take_it() -> None:
    """M12 with M6: player 1's hand is empty, so he takes 2h only by going out; 2c-5c,
    2d-5d and 2h split only as 2c2d2h, 3c4c5c, 3d4d5d, with no long meld. He may not take
    it, and it is not forced on him: it dies. Without the rule he goes out with it."""
    rules = Rules(hand_size=8, long_meld=4)
    state = two_player(
        rules,
        offer="2h",
        origin="discard:0",
        to_move=1,
        hands=("AcAd7h7dJs", "-"),
        tables=("KcKdKh", "2c3c4c5c.2d3d4d5d"),
    )
    assert [str(move) for move in state.legal_moves()] == ["decline"]
    after = state.apply("decline")
    assert after.phase is Phase.OFFER
    assert [str(card) for card in after.dead] == ["2h"]
    plain = attrs.evolve(rules, long_meld=None)
    again = two_player(
        plain,
        offer="2h",
        origin="discard:0",
        to_move=1,
        hands=("AcAd7h7dJs", "-"),
        tables=("KcKdKh", "2c3c4c5c.2d3d4d5d"),
    )
    assert [str(move) for move in again.legal_moves()] == ["take out", "decline"]
    assert again.apply("decline").phase is Phase.FORCE_DECISION
    forced = again.apply("decline").apply("force")
    assert forced.phase is Phase.FORCED_TAKE
    # The position a force would have made under the rule could never occur: refused.
    text = forced.to_notation().replace(plain.to_notation(), rules.to_notation())
    with pytest.raises(InvalidStateError, match=r"whose hand is empty.*meld of 4 cards \(M12\)"):
        State.parse(text)
    assert State.parse(forced.to_notation()) == forced


@pytest.mark.parametrize(
    ("rules", "games"),
    [
        pytest.param(REGIONAL, 30, id="regional"),
        pytest.param(EIGHT_LONG, 40, id="mexican-long-4"),
        pytest.param(attrs.evolve(EIGHT_LONG, regrouping=Regrouping.NONE), 40, id="none"),
        pytest.param(
            attrs.evolve(EIGHT_LONG, regrouping=Regrouping.BORROW, max_sequence=10),
            30,
            id="borrow",
        ),
        pytest.param(attrs.evolve(TERCERILLA, long_meld=5), 30, id="tercerilla-long-5"),
    ],
)
def test_games_under_the_rule_equal_the_brute_force(rules: Rules, games: int) -> None:
    """Every position of seeded games equals the model (which follows M12 on its own),
    view and legal moves; a take that would go out without a long meld is met and
    refused, and games are won by going out."""
    stats: Counter[str] = Counter()
    for seed in range(40000, 40000 + scaled(games, least=games // 3)):
        dealer = seed % rules.players
        state = State.new(seed, rules=rules, dealer=dealer)
        model = deal(dealt(state), rules, dealer)
        rng = random.Random(seed)
        while state.to_move is not None:
            check_position(state, model, stats)
            player = state.to_move
            if state.offer is not None and state.phase is not Phase.FORCE_DECISION:
                everything = [*state.hands[player], state.offer]
                everything += [card for meld in state.tables[player] for card in meld]
                goes_out = any(
                    isinstance(move, Take) and move.goes_out for move in state.legal_moves()
                )
                if not goes_out and can_split(everything, rules.max_sequence):
                    stats["short out refused"] += 1
            moves = {to_bf(move): move for move in state.legal_moves()}
            assert moves, state.to_notation()
            move = moves[forcing_choice(rng, set(moves), 0.7)]
            state, model = state.apply(move), play(model, to_bf(move))
            assert state.ply <= MAX_MOVES
        assert state.outcome is not None
        stats[state.outcome.kind.value] += 1
    assert stats[OutcomeKind.WENT_OUT.value] > 0
    # Ten cards never split 3 + 3 + 3 + 1: in the regional game the rule never refuses.
    assert (stats["short out refused"] > 0) is (rules != REGIONAL)
