"""Plugging conquian into the frameworks of AI research: each integration is a module of
this package with its own optional extra, imported only when used.

* :mod:`conquian.integrations.pettingzoo`: a PettingZoo AEC environment
  (``pip install "conquian[pettingzoo]"``);
* :mod:`conquian.integrations.openspiel`: the OpenSpiel game ``python_conquian``
  (``pip install "conquian[openspiel]"``);
* :mod:`conquian.integrations.ray`: :func:`~conquian.simulate.simulate` on a Ray cluster
  (``pip install "conquian[ray]"``), used through ``simulate(..., backend="ray")``.

All of them speak the fixed action space and observation encoding of
:mod:`conquian.actions`, which is part of the core package.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["require"]


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, or raise an :class:`ImportError` that names the extra to install.

    Args:
        module: The module to import, such as ``"pettingzoo"``.
        extra: The conquian extra that installs it, such as ``"pettingzoo"``.

    Raises:
        ImportError: ``module`` is not installed; the message says
            ``pip install "conquian[EXTRA]"``. A directory of that name that is not the
            package (a namespace package, such as Ray's ``/tmp/ray`` seen from ``/tmp``)
            counts as not installed.

    >>> require("json", "none").__name__
    'json'
    """
    install = (
        f"this needs the {module!r} package, which conquian's {extra!r} extra installs: "
        f'pip install "conquian[{extra}]"'
    )
    try:
        found = importlib.import_module(module)
    except ImportError as error:
        raise ImportError(install) from error
    if getattr(found, "__file__", None) is None:  # a bare directory on the path
        where = ", ".join(map(str, getattr(found, "__path__", ()))) or "a directory"
        raise ImportError(f"{install} ({where} is not the package)")
    return found
