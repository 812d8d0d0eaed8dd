"""Private: pickling for classes with ``__slots__`` under every pickle protocol.

Protocols 2 to 5 pickle such objects by themselves; protocols 0 and 1 refuse a class that
defines ``__slots__`` without ``__getstate__``. A class gets both methods with
``__getstate__ = slots_state`` and ``__setstate__ = set_slots_state`` (methods, not a
base class, so its documented bases stay its own).
"""

from __future__ import annotations


def slots_state(self: object) -> dict[str, object]:
    """The value of every set slot, by name (a ``__getstate__``)."""
    names = (name for cls in type(self).__mro__ for name in getattr(cls, "__slots__", ()))
    return {name: getattr(self, name) for name in names if hasattr(self, name)}


def set_slots_state(self: object, state: dict[str, object]) -> None:
    """Set the slots from :func:`slots_state`'s result (a ``__setstate__``)."""
    for name, value in state.items():
        object.__setattr__(self, name, value)
