"""Private: read-only module tables, so that no caller can change what every later call
sees (``PRESETS["classic"] = ...`` would otherwise alter every game after it)."""

from __future__ import annotations

from typing import Any, NoReturn


class ReadOnlyDict(dict[str, Any]):
    """A ``dict`` that refuses every change: still a ``dict`` for ``json.dumps`` and for
    JSON Schema validators, which a ``MappingProxyType`` is not."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("this table is read-only; copy it with dict(...) to change a copy")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[ReadOnlyDict], tuple[dict[str, Any]]]:
        return (ReadOnlyDict, (dict(self),))


class ReadOnlyList(list[Any]):
    """A ``list`` that refuses every change (a JSON Schema's arrays must be lists)."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("this table is read-only; copy it with list(...) to change a copy")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[type[ReadOnlyList], tuple[list[Any]]]:
        return (ReadOnlyList, (list(self),))


def frozen_json(value: Any) -> Any:
    """A JSON value with every object made a :class:`ReadOnlyDict` and every array a
    :class:`ReadOnlyList` (``json.dumps`` writes them as the same JSON)."""
    if isinstance(value, dict):
        return ReadOnlyDict({key: frozen_json(item) for key, item in value.items()})
    if isinstance(value, list):
        return ReadOnlyList(frozen_json(item) for item in value)
    return value
