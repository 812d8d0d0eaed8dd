"""Private: build frozen attrs values by setting their slots, the engine's one speed trick.

A move builds a new :class:`~conquian.state.State` and a history entry; attrs' checked
``__init__`` costs about twice as much as creating the object with ``object.__new__`` and
setting its slots through their descriptors. This module is the one place that knows
how: it looks the slot descriptors up once, at import, and refuses to import if attrs
lays a class out differently (``tests/test_slots.py`` checks the layout too, and
``pyproject.toml`` pins the attrs versions it was tested with).

It also pickles slotted classes under every protocol: protocols 2 to 5 pickle them by
themselves, but 0 and 1 refuse a class that defines ``__slots__`` without
``__getstate__``. A class gets both methods with ``__getstate__ = slots_state`` and
``__setstate__ = set_slots_state`` (methods, not a base class, so its documented bases
stay its own).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Final

__all__ = [
    "HASH_CACHE",
    "LOCK",
    "copied_state",
    "locked_state",
    "new_instance",
    "set_locked_state",
    "set_slots_state",
    "slot_setters",
    "slots_state",
]

LOCK: Final = "_lock"
"""The slot where a mutable facade (:class:`~conquian.game.Game`,
:class:`~conquian.match.Match`) keeps the lock its changes hold."""

HASH_CACHE: Final = "_attrs_cached_hash"
"""The slot where an ``attrs.frozen(cache_hash=True)`` class keeps its hash (attrs'
private name; set it to ``None`` on a new object so that its hash is computed once)."""

new_instance: Final = object.__new__
"""An instance of a class without running its ``__init__``: every slot must then be set."""


def slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of the slots ``names`` of the attrs class ``cls``, in that order.

    Raises:
        ImportError: ``cls`` has no such slot (attrs changed its layout).
    """
    setters = []
    for name in names:
        slot = cls.__dict__.get(name)
        if slot is None or not hasattr(slot, "__set__"):
            raise ImportError(f"conquian needs attrs to give {cls.__name__} the slot {name!r}")
        setters.append(slot.__set__)
    return tuple(setters)


def slots_state(self: object) -> dict[str, object]:
    """The value of every set slot, by name (a ``__getstate__``)."""
    names = (name for cls in type(self).__mro__ for name in getattr(cls, "__slots__", ()))
    return {name: getattr(self, name) for name in names if hasattr(self, name)}


def set_slots_state(self: object, state: dict[str, object]) -> None:
    """Set the slots from :func:`slots_state`'s result (a ``__setstate__``)."""
    for name, value in state.items():
        object.__setattr__(self, name, value)


def locked_state(self: Any) -> dict[str, object]:
    """:func:`copied_state` of an object with a :data:`LOCK` slot, read under its lock."""
    with getattr(self, LOCK):
        return copied_state(self)


def copied_state(self: object) -> dict[str, object]:
    """:func:`slots_state` without the :data:`LOCK` slot (a lock does not pickle), its
    lists copied, so that a change made once the caller releases the lock is not in it."""
    return {
        name: list(value) if value.__class__ is list else value
        for name, value in slots_state(self).items()
        if name != LOCK
    }


def set_locked_state(self: object, state: dict[str, object]) -> None:
    """Set the slots from :func:`locked_state`'s result, with a new lock."""
    set_slots_state(self, state)
    object.__setattr__(self, LOCK, threading.RLock())
