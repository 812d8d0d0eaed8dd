"""Rules: every rule choice as one frozen value (R3, R5, R8, R14b, R16, V1, V4)."""

from __future__ import annotations

import attrs
import pytest

from conquian import CLASSIC, ConquianError, Forcing, InvalidRulesError, Rules


def test_classic_defaults() -> None:
    rules = Rules()
    assert rules.players == 2  # R3
    assert rules.hand_size == 10  # R8
    assert rules.max_sequence == 8  # R5, V4
    assert rules.forcing is Forcing.DECLINED  # R14b, V1
    assert rules == CLASSIC


@pytest.mark.parametrize(("hand_size", "to_go_out"), [(10, 11), (1, 2), (7, 8), (19, 20)])
def test_r16_cards_to_go_out_is_hand_size_plus_one(hand_size: int, to_go_out: int) -> None:
    assert Rules(hand_size=hand_size).cards_to_go_out == to_go_out


def test_r16_classic_player_goes_out_with_11_cards() -> None:
    assert CLASSIC.cards_to_go_out == 11


@pytest.mark.parametrize("max_sequence", range(3, 11))
def test_v4_max_sequence_from_3_to_10(max_sequence: int) -> None:
    assert Rules(max_sequence=max_sequence).max_sequence == max_sequence


@pytest.mark.parametrize("forcing", list(Forcing))
def test_v1_forcing_by_value_or_name(forcing: Forcing) -> None:
    assert Rules(forcing=forcing).forcing is forcing
    by_name = Rules(forcing=forcing.value)  # type: ignore[arg-type]
    assert by_name.forcing is forcing
    assert by_name == Rules(forcing=forcing)
    assert hash(by_name) == hash(Rules(forcing=forcing))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 3}, "players must be from 2 to 2"),  # R3: two players
        ({"players": 1}, "players must be from 2 to 2"),
        ({"max_sequence": 2}, "max_sequence must be from 3 to 10"),  # V4
        ({"max_sequence": 11}, "max_sequence must be from 3 to 10"),
        ({"hand_size": 0}, "hand_size must be from 1 to 19"),
        ({"hand_size": 20}, "hand_size must be from 1 to 19"),
        ({"forcing": "nonsense"}, "forcing must be one of declined, discards_only, off"),
        ({"forcing": None}, "forcing must be one of"),
        ({"players": True}, "players must be a whole number, not True"),  # bool is no int
        ({"hand_size": False}, "hand_size must be a whole number"),
        ({"max_sequence": True}, "max_sequence must be a whole number"),
        ({"max_sequence": 8.0}, "max_sequence must be a whole number"),
        ({"hand_size": "10"}, "hand_size must be a whole number"),
    ],
)
def test_bad_fields_are_invalid_rules_errors(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(**fields)  # type: ignore[arg-type]
    assert message in str(caught.value)
    assert isinstance(caught.value, ConquianError)
    assert isinstance(caught.value, ValueError)


def test_fields_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        Rules(2)  # type: ignore[call-arg]


@pytest.mark.parametrize("field", ["players", "hand_size", "max_sequence", "forcing"])
def test_rules_are_frozen(field: str) -> None:
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(rules, field, getattr(rules, field))
    assert rules == CLASSIC


def test_rules_are_equal_and_hash_equal_by_fields() -> None:
    assert Rules() == Rules(players=2, hand_size=10, max_sequence=8, forcing=Forcing.DECLINED)
    assert hash(Rules()) == hash(CLASSIC)
    assert Rules(max_sequence=10) != CLASSIC
    assert Rules(hand_size=9) != CLASSIC
    assert Rules(forcing=Forcing.OFF) != CLASSIC
    assert len({Rules(), CLASSIC, Rules(max_sequence=10), Rules(max_sequence=10)}) == 2


def test_rules_can_be_evolved() -> None:
    long = attrs.evolve(CLASSIC, max_sequence=10)
    assert long == Rules(max_sequence=10)
    with pytest.raises(InvalidRulesError):
        attrs.evolve(CLASSIC, max_sequence=11)
