"""Tests of conquian.observation: an observation's legal moves, read from a stand-in.

An observation answers its player's questions (legal moves, legality, refusals, builders)
from a stand-in: a position it could be a view of, the unseen cards dealt in deck order.
The stand-in is built from the observation's values; the text path it replaced (write
the fields with :func:`conquian.views.stand_in_fields`, read them back as a position
string) is kept here as the reference, and still serves any observation with an unusual
value, which it reads or refuses as before.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from conquian import State, _position, observation, views
from conquian.cards import Card
from conquian.errors import InvalidStateError
from conquian.melds import Meld, MeldKind
from conquian.moves import Move
from conquian.observation import Observation
from conquian.rules import PRESETS, Forcing, Regrouping, Rules
from helpers import random_game

RULES: dict[str, Rules] = {
    **PRESETS,
    "meld_from_hand": Rules(meld_from_hand=True),
    "regrouping_none": Rules(regrouping=Regrouping.NONE),
    "regrouping_borrow": Rules(regrouping=Regrouping.BORROW),
    "bicycle_none": Rules(
        forcing=Forcing.DISCARDS_ONLY,
        meld_from_hand=True,
        max_sequence=10,
        regrouping=Regrouping.NONE,
    ),
    "foster_meld_from_hand": Rules(
        regrouping=Regrouping.BORROW, max_sequence=10, meld_from_hand=True, deal_batch=2
    ),
    "forcing_declined": Rules(forcing=Forcing.DECLINED),
    "forcing_off": Rules(forcing=Forcing.OFF),
    "initial_upcard": Rules(initial_upcard=True),
    "upcard_meld_from_hand": Rules(initial_upcard=True, meld_from_hand=True),
    "hand_size_7": Rules(hand_size=7),
}


def observations(rules: Rules, games: int) -> Iterator[tuple[State, Observation]]:
    """Both players' observations at every position of ``games`` random games."""
    for seed in range(games):
        start = State.new(1000 + seed, rules=rules, dealer=seed % 2)
        for state in random_game(start, seed, greed=0.8 if seed % 2 else 0.3):
            for player in (0, 1):
                yield state, state.observation(player)


def text_stand_in(view: Observation) -> State:
    """The reference: the stand-in written as a position string and read back."""
    return State.from_notation(_position.join(_position.POSITION_TAG, views.stand_in_fields(view)))


def answers(view: Observation, moves: list[Move | str]) -> list[object]:
    """What ``view`` answers: its legal moves, and of each move whether it is legal and
    its refusal (problem and sentence); or the error raised (an observation the text
    path cannot read may raise more than a ConquianError)."""
    try:
        found: list[object] = [[str(move) for move in view.legal_moves()]]
        for move in moves:
            refusal = view.refusal(move)
            found.append(
                (
                    view.is_legal(move),
                    None if refusal is None else (refusal.problem, str(refusal)),
                )
            )
    except Exception as error:  # compared with the text path's
        return [type(error), str(error)]
    return found


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_the_stand_in_is_the_position_the_text_path_reads(rules: Rules) -> None:
    for state, view in observations(rules, games=3):
        # Every observation a game gives takes the fast path...
        assert observation._stand_in_parts(view) is not None
        # ...which builds the very position the text path reads back.
        reference = text_stand_in(view)
        assert view._stand_in() == reference._pos
        moves = [str(move) for move in view.legal_moves()]
        if view.to_move == view.player:
            assert moves == [str(move) for move in reference.legal_moves()]
            assert moves == [str(move) for move in state.legal_moves()]
        else:
            assert moves == []


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_an_observation_answers_as_through_the_text_path(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(7)
    cases = []
    for state, view in observations(rules, games=1):
        legal: list[Move | str] = list(state.legal_moves())
        moves = rng.sample(legal, min(3, len(legal)))
        moves += ["decline", "force", "release", "take -Kh", "take +AcAdAh -Ks", "lay +2c3c4c"]
        cases.append((view, moves, answers(view, moves)))
    monkeypatch.setattr(observation, "_stand_in_parts", lambda view: None)  # the text path
    for view, moves, fast in cases:
        assert answers(view, moves) == fast


def test_an_observation_read_back_from_its_data_takes_the_fast_path() -> None:
    for _, view in observations(RULES["foster_meld_from_hand"], games=1):
        copy = Observation.from_dict(view.to_dict())
        assert observation._stand_in_parts(copy) is not None
        assert copy._stand_in() == view._stand_in()


def _mid_game(rules: Rules, wanted: Any = None) -> Observation:
    """The mover's observation at the first position past ply 12 (where ``wanted`` holds
    of it, if given) of the random games of :func:`observations`."""
    for state, view in observations(rules, games=20):
        if (
            state.ply >= 12
            and view.player == state.to_move
            and view.dead
            and (wanted is None or wanted(view))
        ):
            return view
    raise AssertionError("no such position")


def _long_sequence(view: Observation) -> bool:
    melds = view.tables[0] + view.tables[1]
    return any(meld.kind is MeldKind.SEQUENCE and len(meld.cards) >= 4 for meld in melds)


def evolve(view: Observation, **changes: Any) -> Observation:
    """``view`` with fields replaced by values of any type, as an untyped caller may
    make an observation."""
    return attrs.evolve(view, **changes)


def _unusual(view: Observation) -> dict[str, Observation]:
    """Observations with a value the fast path does not read: each goes the text path."""
    hand = sorted(view.hand)
    table_card = next(card for table in view.tables for meld in table for card in meld)
    offer = view.offer
    assert offer is not None
    return {
        "dealer True": evolve(view, dealer=True),
        "player True": evolve(view, player=True),
        "ply -1": evolve(view, ply=-1),
        "ply too large": evolve(view, ply=_position.MAX_PLY + 1),
        "hand a set": evolve(view, hand=set(view.hand)),
        "tables lists": evolve(view, tables=(list(view.tables[0]), list(view.tables[1]))),
        "three tables": evolve(view, tables=(*view.tables, ())),
        "dead a list": evolve(view, dead=list(view.dead)),
        "hand sizes a list": evolve(view, hand_sizes=list(view.hand_sizes)),
        "a card as text": evolve(view, hand=frozenset([*hand[1:], str(hand[0])])),
        "offer as text": evolve(view, offer=str(view.offer)),
        "a dead card as text": evolve(view, dead=(str(view.dead[0]), *view.dead[1:])),
        "a meld as text": evolve(
            view, tables=tuple(tuple(map(str, table)) for table in view.tables)
        ),
        "a meld copy of another kind": evolve(
            view, tables=tuple(tuple(meld.cards for meld in table) for table in view.tables)
        ),
        "offered by True": evolve(view, offered_by=True),
        "stock one more": evolve(view, stock_size=view.stock_size + 1),
        "stock -1": evolve(
            view,
            stock_size=-1,
            hand_sizes=(view.hand_sizes[0] + view.stock_size + 1, view.hand_sizes[1])
            if view.player == 1
            else (view.hand_sizes[0], view.hand_sizes[1] + view.stock_size + 1),
        ),
        "a dead card twice": evolve(view, dead=(*view.dead, view.dead[0])),
        "a table card in hand": evolve(view, hand=view.hand | {table_card}),
        "the offer in hand": evolve(view, hand=view.hand | {offer}),
        "a meld twice": evolve(view, tables=(view.tables[0] + view.tables[1][:1], view.tables[1])),
    }


@pytest.mark.parametrize("rules", [RULES["classic"], RULES["foster"]], ids=["classic", "foster"])
def test_an_unusual_observation_is_read_or_refused_as_the_text_path_does(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _mid_game(rules, lambda v: v.tables[0] and v.tables[1])
    unusual = _unusual(view)
    for name, odd in unusual.items():
        assert observation._stand_in_parts(odd) is None, name
    fast = {name: answers(odd, ["decline", "force"]) for name, odd in unusual.items()}
    monkeypatch.setattr(observation, "_stand_in_parts", lambda view: None)
    for name, odd in unusual.items():
        assert answers(odd, ["decline", "force"]) == fast[name], name
    # Some are read as the observation itself, some refused, as the text path does.
    assert fast["tables lists"] == answers(view, ["decline", "force"])
    assert fast["a dead card twice"][0] is InvalidStateError


def test_a_meld_the_rules_refuse_is_refused() -> None:
    view = _mid_game(Rules(max_sequence=10), _long_sequence)
    odd = attrs.evolve(view, rules=Rules(max_sequence=3))  # the same deal size: 10 cards
    assert observation._stand_in_parts(odd) is None
    with pytest.raises(InvalidStateError, match=r"longest sequence is 3 \(R5\) \(R6\)"):
        odd.legal_moves()
    with pytest.raises(InvalidStateError, match=r"\(R6\)"):
        text_stand_in(odd)


def test_equal_copies_of_the_cards_take_the_fast_path_to_the_same_answers() -> None:
    view = _mid_game(RULES["classic"], lambda v: v.tables[0] or v.tables[1])
    copies = evolve(
        view,
        hand=frozenset(Card(card.rank, card.suit) for card in view.hand),
        dead=tuple(Card(card.rank, card.suit) for card in view.dead),
        tables=tuple(tuple(Meld(meld.cards) for meld in table) for table in view.tables),
    )
    assert copies == view
    assert observation._stand_in_parts(copies) is not None
    assert copies._stand_in() == view._stand_in()
