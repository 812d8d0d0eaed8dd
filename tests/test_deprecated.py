"""The deprecated aliases of renamed public names (issue 30): each still works as before
and warns with a DeprecationWarning that names the new name (pytest makes warnings
errors, so nothing else in the project may still use an old name)."""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest

from conquian import (
    ConquianError,
    Game,
    GameRecord,
    OfferOrigin,
    Rules,
    State,
    match_record,
    notation,
    scoring,
)
from conquian import agents as agents_module
from conquian import match as match_module
from conquian.agents import GreedyAgent, play_game
from conquian.match import Match, MatchOutcome, MatchRecord


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


def test_game_record_result_is_outcome() -> None:
    game = Game.new(seed=7)
    game.play("decline")
    record = game.record()
    with pytest.deprecated_call(
        match=r"GameRecord\.result is deprecated: use GameRecord\.outcome"
    ):
        assert record.result is record.outcome is None
    with pytest.deprecated_call(
        match=r"GameRecord\(result=\.\.\.\) is deprecated: use Game"
    ) as warned:
        old = GameRecord(record.rules, record.dealer, record.deck, record.moves, 7, result=None)
    assert old == record
    assert warned[0].filename == __file__  # the warning names the caller's line
    finished = GameRecord.from_state(play_game(State.new(seed=3), [GreedyAgent(), GreedyAgent()]))
    assert finished.outcome is not None
    with pytest.deprecated_call():
        again = GameRecord(
            finished.rules,
            finished.dealer,
            finished.deck,
            finished.moves,
            3,
            result=finished.outcome,
        )
    assert again == finished
    assert attrs.evolve(finished, seed=3) == finished  # evolve goes through the new names
    with pytest.raises(TypeError, match="GameRecord\\(\\) has no field 'results'"):
        GameRecord(record.rules, record.dealer, record.deck, record.moves, results=None)


def test_match_result_is_the_outcome_property() -> None:
    match = Match.new(seed=5, games=1)
    with pytest.deprecated_call(match=r"Match\.result\(\) is deprecated: use Match\.outcome"):
        assert match.result() is None
    while not match.is_over:
        match.play(match.legal_moves()[0])
    assert match.outcome is not None
    with pytest.deprecated_call(match=r"Match\.result\(\) is deprecated: use Match\.outcome"):
        assert match.result() == match.outcome


def test_match_record_result_is_outcome() -> None:
    match = Match.new(seed=5, games=1)
    while not match.is_over:
        match.play(match.legal_moves()[0])
    record = match.record()
    assert record.outcome == match.outcome
    with pytest.deprecated_call(match=r"MatchRecord\.result is deprecated: use MatchRecord\.o"):
        assert record.result == record.outcome
    with pytest.deprecated_call(
        match=r"MatchRecord\(result=\.\.\.\) is deprecated: use Mat"
    ) as warned:
        old = MatchRecord(record.rules, 5, 0, 1, record.games, result=record.outcome)
    assert old == record
    assert warned[0].filename == __file__
    with pytest.raises(TypeError, match="MatchRecord\\(\\) has no field 'results'"):
        MatchRecord(record.rules, 5, 0, 1, record.games, results=None)


@pytest.mark.parametrize("module", [scoring, match_module])
def test_match_result_class_is_match_outcome(module: ModuleType) -> None:
    with pytest.deprecated_call(match=r"MatchResult is deprecated: use MatchOutcome"):
        cls = module.MatchResult
    assert cls is MatchOutcome
    assert cls((2, 1), 0) == MatchOutcome((2, 1), 0)
    with pytest.deprecated_call(match="MatchResult is deprecated"):
        exec(f"from {module.__name__} import MatchResult", {})
    with pytest.raises(AttributeError, match="has no attribute 'MatchResults'"):
        _ = module.MatchResults


def test_played_origin_is_offer_origin() -> None:
    entry = State.new(seed=7).apply("decline").history[0]
    assert entry.offer_origin is OfferOrigin.STOCK
    with pytest.deprecated_call(match=r"Played\.origin is deprecated: use Played\.offer_origin"):
        assert entry.origin is entry.offer_origin


def test_seen_cards_opponent_hand_is_opponent_hand_size() -> None:
    seen = State.new(seed=7).seen_cards(0)
    assert seen.opponent_hand_size == 10
    with pytest.deprecated_call(match=r"SeenCards\.opponent_hand is deprecated: use SeenCards\.o"):
        assert seen.opponent_hand == seen.opponent_hand_size


def test_state_from_notation_is_state_parse() -> None:
    state = State.new(seed=7).apply("decline")
    text = state.to_notation()
    with pytest.deprecated_call(match=r"State\.from_notation is deprecated: use State\.parse"):
        old = State.from_notation(text)
    assert old == State.parse(text) == state


def test_the_json_named_data_functions_are_the_dict_ones() -> None:
    """JSON-ready data is ``to_dict``/``from_dict`` everywhere; ``json`` names text."""
    game = Game.new(seed=7)
    game.play("decline")
    with pytest.deprecated_call(match=r"notation\.record_to_json is deprecated: use notation\.r"):
        data = notation.record_to_json(game)
    assert data == notation.record_to_dict(game)
    with pytest.deprecated_call(match=r"notation\.record_from_json is deprecated: use notation"):
        assert notation.record_from_json(data) == notation.record_from_dict(data) == game.record()
    match = Match.new(seed=5, games=2)
    match.play("decline")
    with pytest.deprecated_call(match=r"match_to_json is deprecated: use match_to_dict"):
        match_data = match_module.match_to_json(match)
    assert match_data == match_module.match_to_dict(match)
    with pytest.deprecated_call(match=r"match_from_json is deprecated: use match_from_dict"):
        assert match_module.match_from_json(match_data) == match.record()
    with pytest.deprecated_call(match=r"match_record_to_json is deprecated: use match_record_to"):
        assert match_record.match_record_to_json(match.record()) == match_data


def test_gift_hand_now_holds_every_hand() -> None:
    """The agents keep back a card that fits an opponent's table (R14a) whatever his hand
    size, so GIFT_HAND (they did so while he held at most 2 cards) warns, and is the
    largest hand any rules can deal: every hand."""
    with pytest.deprecated_call(match=r"GIFT_HAND is deprecated: the built-in agents keep"):
        size = agents_module.GIFT_HAND
    with pytest.deprecated_call(match="GIFT_HAND is deprecated"):
        exec("from conquian.agents import GIFT_HAND", {})
    assert size == 19
    assert Rules(hand_size=size).hand_size == size
    with pytest.raises(ConquianError, match="hand_size"):
        Rules(hand_size=size + 1)
    assert "GIFT_HAND" not in agents_module.__all__
    with pytest.raises(AttributeError, match="has no attribute 'GIFT_HANDS'"):
        _ = agents_module.GIFT_HANDS
