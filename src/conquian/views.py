"""JSON views of observations, states and games, with a JSON Schema, for servers and
clients in any language.

:meth:`Observation.to_dict <conquian.state.Observation.to_dict>`,
:meth:`State.to_dict <conquian.state.State.to_dict>` and :meth:`Game.to_dict
<conquian.game.Game.to_dict>` give plain ``dict`` values that :func:`json.dumps` writes as
they are; each has a ``from_dict`` that reads it back to an equal value, checking it.
Cards are written in notation (``7h``), melds as lists of cards, and moves both as text
and as structured fields (``kind``, ``laid``, ``discard``, ``goes_out`` and the resulting
``table``). :data:`OBSERVATION_SCHEMA`, :data:`STATE_SCHEMA` and :data:`GAME_SCHEMA`
describe them (JSON Schema draft 2020-12, in ``views.schema.json``). This module holds
the schemas and gathers the four jobs, each in a private module of its own: writing the
data, reading it back field by field, checking an observation's history, and comparing
what was read with what would be written; the classes build themselves from it.

>>> from conquian import State, Observation
>>> view = State.new(seed=7).observation(0).to_dict()
>>> view["format"], view["hand"][:3], view["offer"], view["offer_origin"]
('conquian-view', ['Ac', '4c', '3d'], 'Kd', 'stock')
>>> Observation.from_dict(view) == State.new(seed=7).observation(0)
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, Final

from conquian import _views_writing
from conquian._readonly import ReadOnlyDict, frozen_json

# The plain names the classes call (State, Observation and Game build themselves with
# them), gathered here from the private modules that hold them (``as`` re-exports).
from conquian._views_comparing import check_as_written as check_as_written
from conquian._views_comparing import same_json as same_json
from conquian._views_reading import StateData as StateData
from conquian._views_reading import check_declined as check_declined
from conquian._views_reading import position_fields as position_fields
from conquian._views_reading import read_game as read_game
from conquian._views_reading import read_observation as read_observation
from conquian._views_reading import read_state as read_state
from conquian._views_writing import game_to_dict as game_to_dict
from conquian._views_writing import history_data as history_data
from conquian._views_writing import move_to_dict as move_to_dict
from conquian._views_writing import observation_to_dict as observation_to_dict
from conquian._views_writing import state_to_dict as state_to_dict
from conquian._views_writing import tables_after as tables_after

__all__ = [
    "GAME_SCHEMA",
    "OBSERVATION_SCHEMA",
    "STATE_SCHEMA",
    "VERSION",
    "VIEWS_SCHEMA",
    "move_to_dict",
    "tables_after",
]

VERSION: Final = _views_writing.VERSION
"""The version of the JSON views this library writes and reads."""

VIEWS_SCHEMA: Final[Mapping[str, Any]] = frozen_json(
    json.loads(
        resources.files("conquian").joinpath("views.schema.json").read_text(encoding="utf-8")
    )
)
"""The whole schema file, with every definition (card, meld, move, entry, observation,
state, game) under ``$defs``. It and the three schemas below are read-only (``dict`` and
``list`` values that refuse changes, still written by ``json.dumps`` and accepted by
schema validators), as :data:`~conquian.notation.RECORD_SCHEMA` is.

:meta hide-value:
"""


def _schema_of(name: str) -> Mapping[str, Any]:
    return ReadOnlyDict({**VIEWS_SCHEMA, "$ref": f"#/$defs/{name}"})


OBSERVATION_SCHEMA: Final = _schema_of("observation")
"""The JSON Schema of :meth:`Observation.to_dict <conquian.state.Observation.to_dict>`.

:meta hide-value:
"""
STATE_SCHEMA: Final = _schema_of("state")
"""The JSON Schema of :meth:`State.to_dict <conquian.state.State.to_dict>`.

:meta hide-value:
"""
GAME_SCHEMA: Final = _schema_of("game")
"""The JSON Schema of :meth:`Game.to_dict <conquian.game.Game.to_dict>`.

:meta hide-value:
"""
