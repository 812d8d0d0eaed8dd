"""The engine's memos are bounded, and a memo that made room still gives exact answers.

Bot and AI users play millions of games in one process, so every memo of the library is
a :class:`conquian._bits.BoundedMemo`: it holds at most its ``limit`` entries and a full
memo forgets its older half. These tests shrink the limits so that the memos fill and
make room many times within a few games, and check the engine's moves against the
independent model all the while.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from bruteforce import BFMove, from_bf, play, to_bf
from bruteforce import deal as model_deal
from conquian import State, _bits
from conquian.rules import CLASSIC
from helpers import check_position

SMALL_LIMIT = 40


def memos() -> dict[str, _bits.BoundedMemo[object, object]]:
    _bits.meld_table(CLASSIC.max_sequence)
    return {memo.name: memo for memo in _bits.memos() if memo.name}


@pytest.fixture
def small_memos() -> Iterator[None]:
    """Memos of SMALL_LIMIT entries, emptied before and after (other tests keep theirs)."""
    saved = [(memo, memo.limit, dict(memo.entries)) for memo in _bits.memos()]
    for memo in _bits.memos():
        memo.clear()
        memo.limit = SMALL_LIMIT
    yield
    for memo, limit, entries in saved:
        memo.clear()
        memo.entries.update(entries)
        memo.limit = limit


def test_every_memo_is_one_bounded_memo() -> None:
    assert set(memos()) >= {
        "partitions/8",
        "meldable subsets/8",
        "extensions/8",
        "card sets",
        "takes",
        "tables",
    }


def test_a_full_memo_forgets_its_older_half_and_keeps_the_newer_in_order() -> None:
    memo = _bits.BoundedMemo[int, str](10, "")
    _bits.memos()  # the test memo is registered like the engine's
    for key in range(10):
        assert memo.put(key, str(key)) == str(key)
    assert len(memo) == 10
    memo.put(10, "10")
    assert list(memo) == [5, 6, 7, 8, 9, 10]
    assert memo.get(7) == "7"


def test_making_room_for_many_entries_drops_enough() -> None:
    memo = _bits.BoundedMemo[int, int](10, "")
    for key in range(10):
        memo.put(key, key)
    memo.make_room(8)
    assert list(memo) == [8, 9]


def test_a_key_dropped_twice_is_no_error() -> None:
    memo = _bits.BoundedMemo[int, int](4, "")
    for key in range(4):
        memo.put(key, key)
    del memo.entries[0]  # as if another thread had made room first
    memo.make_room()
    assert list(memo) == [2, 3]


@pytest.mark.usefixtures("small_memos")
def test_the_empty_set_splits_whatever_the_memo_forgot() -> None:
    table = _bits.meld_table(CLASSIC.max_sequence)
    assert 0 not in table.partition_memo
    assert table.can_partition(0)
    # A set whose search ends in the empty set, with the memo emptied in between.
    run = 0b111
    table.partition_memo.clear()
    assert table.can_partition(run)
    assert not table.can_partition(0b11)


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
                biggest[name] = max(biggest.get(name, 0), len(memo))
            move = current.legal_moves()[rng.randrange(len(current.legal_moves()))]
            model = play(model, to_bf(move))
            current = current.apply(move)
    assert positions > 200
    # The memos really did fill up (so they made room while the games went on).
    full = [name for name, size in biggest.items() if size >= SMALL_LIMIT // 2]
    assert {"partitions/8", "extensions/8", "card sets"} <= set(full), biggest


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
