"""Private: pickling for classes with ``__slots__`` under every pickle protocol.

Protocols 2 to 5 pickle such objects by themselves; protocols 0 and 1 refuse a class that
defines ``__slots__`` without ``__getstate__``. :class:`SlotsPickle` gives it one.
"""

from __future__ import annotations


class SlotsPickle:
    """Mixin: pickle the values of every slot, by name, with any protocol (0 to 5)."""

    __slots__ = ()

    def __getstate__(self) -> dict[str, object]:
        names = (name for cls in type(self).__mro__ for name in getattr(cls, "__slots__", ()))
        return {name: getattr(self, name) for name in names if hasattr(self, name)}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
