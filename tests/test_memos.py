"""The engine's memos are bounded, and a memo that made room still gives exact answers.

Bot and AI users play millions of games in one process, so every cache of the library
holds at most ``_bits.MEMO_LIMIT`` entries; a full memo forgets its older half. These
tests shrink the limit so that the memos fill and make room many times within a few
games, and check the engine's moves against the independent model all the while.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from conquian import State, _bits, moves, state
from conquian.rules import CLASSIC
from engine_bruteforce import BFMove, from_bf, play, to_bf
from engine_bruteforce import deal as model_deal
from test_state import check_position

SMALL_LIMIT = 40


def memos() -> dict[str, dict[object, object]]:
    table = _bits.meld_table(CLASSIC.max_sequence)
    return {
        "partition": table._memo,  # type: ignore[dict-item]
        "subsets": table._subset_memo,  # type: ignore[dict-item]
        "extensions": table._extension_memo,  # type: ignore[dict-item]
        "card sets": _bits._CARD_SETS,  # type: ignore[dict-item]
        "takes": moves._TAKE_CACHE,  # type: ignore[dict-item]
        "tables": state._TABLE_CACHE,  # type: ignore[dict-item]
    }


@pytest.fixture
def small_memos(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Memos of SMALL_LIMIT entries, emptied before and after (other tests keep theirs)."""
    saved = {name: dict(memo) for name, memo in memos().items()}
    for memo in memos().values():
        memo.clear()
    memos()["partition"][0] = True
    monkeypatch.setattr(_bits, "MEMO_LIMIT", SMALL_LIMIT)
    monkeypatch.setattr(_bits, "OBJECT_MEMO_LIMIT", SMALL_LIMIT)
    yield
    for name, memo in memos().items():
        memo.clear()
        memo.update(saved[name])


def test_forget_older_half_keeps_the_newer_half_in_order() -> None:
    memo = {key: str(key) for key in range(10)}
    _bits.forget_older_half(memo)
    assert list(memo) == [5, 6, 7, 8, 9]
    assert memo[7] == "7"


@pytest.mark.usefixtures("small_memos")
def test_memos_stay_bounded_and_the_moves_stay_exact() -> None:
    rng = random.Random(5)
    biggest = dict.fromkeys(memos(), 0)
    positions = 0
    for seed in range(12):
        current = State.new(seed=seed)
        model = model_deal(current.deck or (), CLASSIC, 0)
        while current.to_move is not None:
            check_position(current, model, Counter())
            positions += 1
            for name, memo in memos().items():
                assert len(memo) <= SMALL_LIMIT, f"the {name} memo outgrew its limit"
                biggest[name] = max(biggest[name], len(memo))
            assert _bits.meld_table(8).can_partition(0), "the empty set still splits"
            move = current.legal_moves()[rng.randrange(len(current.legal_moves()))]
            model = play(model, to_bf(move))
            current = current.apply(move)
    assert positions > 200
    # The memos really did fill up (so they made room while the games went on).
    full = [name for name, size in biggest.items() if size >= SMALL_LIMIT // 2]
    assert {"partition", "extensions", "card sets"} <= set(full), biggest


@pytest.mark.usefixtures("small_memos")
def test_a_memo_that_made_room_gives_the_same_takes() -> None:
    start = State.new(seed=3)
    rng = random.Random(8)
    current = start
    seen: list[tuple[State, set[BFMove]]] = []
    while current.to_move is not None and len(seen) < 60:
        seen.append((current, {to_bf(move) for move in current.legal_moves()}))
        move = current.legal_moves()[rng.randrange(len(current.legal_moves()))]
        current = current.apply(move)
    # Ask again after the memos have turned over many times: the same answers.
    for position, expected in seen:
        assert {to_bf(move) for move in position.legal_moves()} == expected
        assert {from_bf(move) for move in expected} == set(position.legal_moves())
