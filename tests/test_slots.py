"""The engine builds states, history entries and takes by setting their slots
(``conquian._slots``), relying on how attrs lays out a frozen class. If an attrs upgrade
changes that layout, these tests fail loudly (and the import refuses to proceed)."""

from __future__ import annotations

import attrs
import pytest

from conquian import Card, Decline, State, Take
from conquian._slots import HASH_CACHE, new_instance, slot_setters
from conquian.phases import OfferOrigin, Phase, Played


@pytest.mark.parametrize(
    ("cls", "slots"),
    [
        (State, ("_parts", HASH_CACHE)),
        (Played, ("player", "offer", "move", "offer_origin", "offered_by", "phase", "players")),
        (Take, ("laid_mask", "discard_index", "table")),
    ],
)
def test_attrs_gives_the_classes_the_slots_the_engine_sets(
    cls: type, slots: tuple[str, ...]
) -> None:
    assert set(cls.__slots__) - {"__weakref__"} == set(slots)  # type: ignore[attr-defined]
    fields = tuple(field.name for field in attrs.fields(cls))
    assert set(fields) == set(slots) - {HASH_CACHE}


def test_a_value_built_by_its_slots_equals_one_built_by_init() -> None:
    names = ("player", "offer", "move", "offer_origin", "offered_by", "phase", "players")
    values = (1, Card.parse("7h"), Decline(), OfferOrigin.DISCARD, 0, Phase.OFFER, 3)
    entry = new_instance(Played)
    for setter, value in zip(slot_setters(Played, *names), values, strict=True):
        setter(entry, value)
    assert entry == Played(*values)
    assert hash(entry) == hash(Played(*values))


def test_a_state_built_by_its_slots_caches_the_right_hash() -> None:
    state = State.new(seed=3)
    after = state.apply(state.legal_moves()[0])  # built by the slot setters
    again = State.parse(after.to_notation())  # built by attrs' __init__
    assert after == again
    assert hash(after) == hash(again)
    assert getattr(after, HASH_CACHE) is not None  # the cache was filled by hash()


def test_a_missing_slot_is_an_import_error() -> None:
    with pytest.raises(ImportError, match="slot 'nothing'"):
        slot_setters(Played, "nothing")
