"""The deprecated aliases of renamed public names (issue 30): each still works as before
and warns with a DeprecationWarning that names the new name (pytest makes warnings
errors, so nothing else in the project may still use an old name)."""

from __future__ import annotations

import pytest

from conquian import Game, notation


def test_game_replay_is_game_states() -> None:
    game = Game.new(seed=7)
    game.play("decline")
    with pytest.deprecated_call(match=r"Game\.replay\(\) is deprecated: use Game\.states"):
        states = list(game.replay())
    assert states == list(game.states)
    assert [state.ply for state in states] == [0, 1]


def test_notation_replay_is_record_replay() -> None:
    game = Game.new(seed=7)
    game.play("decline")
    record = game.record()
    with pytest.deprecated_call(match=r"notation\.replay\(record\) is deprecated: use record"):
        states = list(notation.replay(record))
    assert states == list(record.replay()) == list(game.states)
