"""The rule facts of the phase machine (conquian.phases), each written once: the engine's
moves and transitions agree with them in random games under every forcing rule (V1),
with the upcard (V8) and with lay-downs from the hand (V3)."""

from __future__ import annotations

import attrs
import pytest

from conquian import (
    CLASSIC,
    DECK,
    Decline,
    Force,
    Forcing,
    InvalidStateError,
    LayDown,
    OfferOrigin,
    Phase,
    Release,
    Rules,
    State,
    parse_cards,
)
from conquian.phases import (
    FORCED_ORIGINS,
    MOVES_OF_PHASE,
    PASSED_ON,
    may_force_back,
    may_lay_down_on,
    passes_on,
    turner_when_dies,
)
from helpers import random_game

RULES = [
    attrs.evolve(CLASSIC, forcing=forcing, initial_upcard=upcard, meld_from_hand=lay_down)
    for forcing in Forcing
    for upcard in (False, True)
    for lay_down in (False, True)
]


@pytest.mark.parametrize("rules", RULES, ids=Rules.to_notation)
def test_the_engine_follows_the_rule_facts(rules: Rules) -> None:
    """R11, R14b, V1, V3, V8: each legal move is of a kind its phase allows (a force in
    an offer only as may_force_back says, a lay-down only as may_lay_down_on says), a
    decline passes the card on exactly as passes_on says, the next card is turned up by
    turner_when_dies's player, and a force decision follows only a card of an origin
    FORCED_ORIGINS lists for the rules."""
    seen: set[str] = set()
    for seed in range(40):
        before = None
        for state in random_game(State.new(seed=seed, rules=rules), seed):
            if before is not None:
                entry = state.history[-1]
                kind = entry.move.__class__
                if kind in (Decline, Release):
                    turner = turner_when_dies(
                        kind, entry.offer_origin, entry.offered_by, entry.player
                    )
                    passed = kind is Decline and passes_on(
                        entry.offer_origin, entry.offered_by, entry.player
                    )
                    assert passed == (turner == PASSED_ON)
                    if state.phase is Phase.FORCE_DECISION:
                        assert entry.offer_origin in FORCED_ORIGINS[rules.forcing]
                        seen.add("force decision")
                    elif passed:
                        assert (state.offer, state.to_move) == (entry.offer, 1 - entry.player)
                        seen.add("passed")
                    elif state.outcome is None:
                        assert (state.offered_by, state.to_move) == (turner, turner)
                        assert state.offer_origin is OfferOrigin.STOCK
                        seen.add("died")
            if state.to_move is not None:
                mover, origin, by = state.to_move, state.offer_origin, state.offered_by
                assert by is not None
                for move in state.legal_moves():
                    assert isinstance(move, MOVES_OF_PHASE[state.phase])
                    if state.phase is Phase.OFFER and isinstance(move, Force):
                        assert may_force_back(rules, state.phase, origin, by, mover)
                    if isinstance(move, LayDown):
                        assert may_lay_down_on(rules, origin, by, mover)
                        seen.add("lay down")
            before = state
    assert {"passed", "died"} <= seen
    if rules.forcing is not Forcing.OFF:
        assert "force decision" in seen


def test_v8_a_refused_upcard_is_never_forced() -> None:
    """The dealer's upcard is not among the forced origins under any forcing rule, so a
    position that waits for a force decision on it is refused (V8, R14b case a)."""
    assert all(OfferOrigin.UPCARD not in origins for origins in FORCED_ORIGINS.values())
    hands, tables = ("2h3h4h5h", "7d2s3dJcQs2d7h"), ("AdAhAs.QcQdQh", "5c6c7c")
    used = set(parse_cards(" ".join(["4c", *hands, *tables]).replace(".", " ")))
    stock = "".join(str(card) for card in DECK if card not in used)
    text = (
        "conquian/1 rules=classic,initial_upcard:true dealer=0 ply=2 phase=force_decision"
        f" to_move=0 offer=4c from=upcard:0 stock={stock} hand0={hands[0]}"
        f" hand1={hands[1]} table0={tables[0]} table1={tables[1]} dead=- result=-"
    )
    with pytest.raises(
        InvalidStateError, match="only a card turned up from the stock or a discard"
    ):
        State.parse(text)
