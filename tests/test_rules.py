"""Rules: every rule choice as one frozen value (R3, R5, R8, R14b, R16, V1, V4)."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from conquian import (
    BICYCLE,
    CLASSIC,
    FOSTER,
    PRESETS,
    TERCERILLA,
    ConquianError,
    DrawSettlement,
    Forcing,
    InvalidRulesError,
    Regrouping,
    Rules,
    Scoring,
    StockOut,
    find_rules,
)


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
        ({"players": 4}, "players must be from 2 to 3"),  # R3, M1: two or three players
        ({"players": 1}, "players must be from 2 to 3"),
        ({"players": 3, "hand_size": 14}, "hand_size must be from 1 to 13"),  # M2
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


# ====================================================================== rules notation


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (Rules(), "classic"),
        (Rules(max_sequence=10), "classic,max_sequence:10"),  # V4
        (Rules(forcing=Forcing.OFF), "classic,forcing:off"),  # V1
        (Rules(forcing=Forcing.DISCARDS_ONLY), "classic,forcing:discards_only"),  # V1
        (Rules(hand_size=7), "classic,hand_size:7"),  # R8
        (
            Rules(hand_size=7, max_sequence=10, forcing=Forcing.OFF),
            "classic,hand_size:7,max_sequence:10,forcing:off",
        ),
    ],
)
def test_rules_are_written_as_the_preset_and_the_fields_that_differ(
    rules: Rules, text: str
) -> None:
    assert rules.to_notation() == text
    assert Rules.parse(text) == rules


RULE_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "players": st.sampled_from([2, 3]),  # M1
    "hand_size": st.integers(min_value=1, max_value=13),  # R8, M2: valid for three
    "max_sequence": st.integers(min_value=3, max_value=10),  # V4
    "forcing": st.sampled_from(Forcing),  # V1
    "regrouping": st.sampled_from(Regrouping),  # V2
    "meld_from_hand": st.booleans(),  # V3
    "draw_settlement": st.sampled_from(DrawSettlement),  # V5
    "deal_batch": st.sampled_from([1, 2]),  # V7
    "initial_upcard": st.booleans(),  # V8
    "stock_out": st.sampled_from(StockOut),  # M8
    "exchange": st.booleans(),  # M10
    "long_meld": st.none() | st.integers(min_value=4, max_value=10),  # M12
}
"""A strategy for each field's value; ``scoring`` and ``target`` (V6) are drawn together."""


@st.composite
def rules_values(draw: st.DrawFn) -> Rules:
    """Any rules value: a preset with some fields changed, so that values near every
    preset and far from all of them are drawn."""
    base = draw(st.sampled_from(list(PRESETS.values())))
    names = draw(st.sets(st.sampled_from(list(RULE_VALUES))))
    values: dict[str, Any] = {name: draw(RULE_VALUES[name]) for name in sorted(names)}
    if draw(st.booleans()):
        values |= {"scoring": Scoring.POINTS, "draw_settlement": DrawSettlement.NONE}
        values["target"] = draw(st.integers(min_value=1, max_value=10_000))
    try:
        return attrs.evolve(base, **values)
    except InvalidRulesError:
        reject()  # fields that clash (an odd hand dealt two at a time, a long meld)


def changed_fields(base: Rules, rules: Rules) -> list[str]:
    """The fields whose values differ between ``base`` and ``rules``, in field order."""
    old, new = attrs.asdict(base), attrs.asdict(rules)
    return [name for name in new if new[name] != old[name]]


@given(rules_values())
def test_every_rules_value_round_trips_through_text_and_dict(rules: Rules) -> None:
    text = rules.to_notation()
    assert Rules.parse(text) == rules
    assert " " not in text
    assert Rules.from_dict(rules.to_dict()) == rules
    assert json.loads(json.dumps(rules.to_dict())) == rules.to_dict()


@given(rules_values())
def test_rules_text_is_the_shortest_from_the_nearest_preset(rules: Rules) -> None:
    """The text is a preset and the fields that differ from it, in field order; no
    preset differs in fewer fields, and none as near gives a shorter text."""
    name, *settings = rules.to_notation().split(",")
    fields = changed_fields(PRESETS[name], rules)
    assert settings == [rules.setting(field) for field in fields]
    for other, preset in PRESETS.items():
        others = changed_fields(preset, rules)
        assert len(fields) <= len(others), f"{other} is nearer"
        if len(fields) == len(others):
            written = ",".join([other, *(rules.setting(field) for field in others)])
            assert len(rules.to_notation()) <= len(written), f"{written} is shorter"


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (Rules(hand_size=8, exchange=True), "mexican,exchange:true"),  # M9, M10
        (attrs.evolve(TERCERILLA, exchange=True), "tercerilla,exchange:true"),  # M9, M10
        (Rules(hand_size=8, max_sequence=10), "mexican,max_sequence:10"),  # M9, V4
        (Rules.parse("bicycle,forcing:off"), "bicycle,forcing:off"),  # V1
        (Rules.parse("foster,deal_batch:1"), "foster,deal_batch:1"),  # V7
        # As near to classic as to tercerilla (one field each): the shorter text.
        (Rules(players=3), "classic,players:3"),  # M1
    ],
)
def test_rules_are_written_from_the_nearest_preset(rules: Rules, text: str) -> None:
    assert rules.to_notation() == text
    assert Rules.parse(text) == rules


@pytest.mark.parametrize(
    "rules", [CLASSIC, *PRESETS.values(), Rules(scoring=Scoring.POINTS, target=100)]
)
def test_each_setting_is_the_rules_text_of_one_field(rules: Rules) -> None:
    settings = [rules.setting(name) for name in rules.to_dict()]
    assert [setting.partition(":")[0] for setting in settings] == list(rules.to_dict())
    # Every field's setting after any preset is the rules again.
    assert Rules.parse(",".join(["bicycle", *settings])) == rules


def test_a_setting_names_the_value_as_rules_text() -> None:
    assert Rules(forcing=Forcing.OFF).setting("forcing") == "forcing:off"
    assert BICYCLE.setting("meld_from_hand") == "meld_from_hand:true"
    assert CLASSIC.setting("target") == "target:none"
    assert FOSTER.setting("max_sequence") == "max_sequence:10"


@pytest.mark.parametrize("name", ["colour", "", "Forcing", 3, None])
def test_a_setting_of_no_rule_is_refused(name: object) -> None:
    with pytest.raises(InvalidRulesError, match=r"unknown rule .*: the rules are players, "):
        CLASSIC.setting(name)  # type: ignore[arg-type]


def test_the_dict_form_names_every_field_with_a_json_value() -> None:
    assert Rules(forcing=Forcing.DISCARDS_ONLY).to_dict() == {
        "players": 2,
        "hand_size": 10,
        "max_sequence": 8,
        "forcing": "discards_only",
        "regrouping": "free",
        "meld_from_hand": False,
        "draw_settlement": "none",
        "scoring": "stakes",
        "target": None,
        "deal_batch": 1,
        "initial_upcard": False,
        "stock_out": "draw",
    }


@pytest.mark.parametrize(
    "text", ["CLASSIC", " classic ", "Classic,forcing:off", "classic,max_sequence:008"]
)
def test_rules_text_is_read_leniently(text: str) -> None:
    rules = Rules.parse(text)
    assert Rules.parse(rules.to_notation()) == rules


def test_a_rule_written_at_its_classic_value_is_the_classic_rules() -> None:
    assert Rules.parse("classic,max_sequence:8,players:2") == CLASSIC
    assert Rules.parse("classic,max_sequence:8").to_notation() == "classic"


def test_from_dict_keeps_missing_fields_from_its_base() -> None:
    assert Rules.from_dict({}) == CLASSIC
    assert Rules.from_dict({"forcing": "off"}) == Rules(forcing=Forcing.OFF)
    base = Rules(hand_size=7)
    assert Rules.from_dict({"max_sequence": 10}, base=base) == Rules(hand_size=7, max_sequence=10)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "rules text must name a preset"),
        ("   ", "rules text must name a preset"),
        ("poker", "no rule preset is called 'poker': the presets are classic"),
        ("classic,", "'' is not field:value"),
        ("classic,hand_size", "'hand_size' is not field:value"),
        ("classic,:7", "':7' is not field:value"),
        ("classic,hand_size:", "'hand_size:' is not field:value"),
        ("classic,jokers:2", "unknown rule 'jokers': the rules are players, hand_size"),
        ("classic,hand_size:7,hand_size:8", "rule 'hand_size' is given twice"),
        ("classic,hand_size:25", "hand_size must be from 1 to 19"),  # R8
        ("classic,max_sequence:2", "max_sequence must be from 3 to 10"),  # V4
        ("classic,players:4", "players must be from 2 to 3"),  # R3, M1
        ("classic,forcing:always", "forcing must be one of declined, discards_only, off"),
        ("classic,forcing:1", "forcing must be one of"),
        ("classic,hand_size:seven", "hand_size must be a whole number, not 'seven'"),
        ("classic,hand_size:true", "hand_size must be a whole number, not True"),
        (
            "classic,hand_size:100000",
            "hand_size must be from 1 to 19 (two hands and a stock card out of 40), not 100000",
        ),
        ("classic,hand_size:-1", "hand_size must be a whole number, not '-1'"),
        ("classic," + "x" * 1000, "rules text is at most 1000 characters"),
    ],
)
def test_bad_rules_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.parse(text)
    assert message in str(caught.value)


def test_from_dict_takes_an_enum_member_as_the_constructor_does() -> None:
    assert Rules.from_dict({"forcing": Forcing.OFF}) == Rules(forcing=Forcing.OFF)
    assert Rules.from_dict({"forcing": "off"}) == Rules(forcing="off")  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="regrouping must be one of free, borrow"):
        Rules.from_dict({"regrouping": Forcing.OFF})


def test_numbers_in_rules_text_are_read_with_leading_zeros_and_any_length() -> None:
    assert Rules.parse("classic,hand_size:000010") == Rules.parse("classic,hand_size:10")
    assert Rules.parse("classic,scoring:points,target:000100").target == 100
    with pytest.raises(
        InvalidRulesError, match=r"target must be from 1 to 10000 .*\(900 digits\)"
    ):
        Rules.parse("classic,scoring:points,target:" + "9" * 900)


@pytest.mark.parametrize("value", [None, 7, b"classic", ["classic"]])
def test_rules_text_is_text(value: object) -> None:
    with pytest.raises(InvalidRulesError, match="rules text must name a preset"):
        Rules.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"jokers": 2}, "unknown rule 'jokers'"),
        ({1: 2}, "unknown rule 1"),
        ({"hand_size": "7"}, "hand_size must be a whole number, not '7'"),
        ({"hand_size": 7.0}, "hand_size must be a whole number, not 7.0"),
        ({"hand_size": True}, "hand_size must be a whole number, not True"),
        ({"hand_size": None}, "hand_size must be a whole number, not None"),
        ({"hand_size": 0}, "hand_size must be from 1 to 19"),
        ({"forcing": "OFF"}, "forcing must be one of declined, discards_only, off, not 'OFF'"),
        ({"forcing": 2}, "forcing must be one of"),
        ({"forcing": ["off"]}, "forcing must be one of"),
    ],
)
def test_bad_rules_data_says_what_is_wrong(data: dict[object, object], message: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_dict(data)  # type: ignore[arg-type]
    assert message in str(caught.value)


@pytest.mark.parametrize("data", [None, "classic", ["hand_size", 7], 7])
def test_rules_data_is_a_mapping(data: object) -> None:
    with pytest.raises(InvalidRulesError, match="rules must be a mapping of fields"):
        Rules.from_dict(data)  # type: ignore[arg-type]


def test_find_rules_by_preset_name() -> None:
    assert find_rules("classic") is CLASSIC
    assert find_rules(" Classic ") is CLASSIC
    assert set(PRESETS) == {"classic", "foster", "bicycle", "mexican", "tercerilla"}
    assert find_rules("FOSTER").regrouping.value == "borrow"  # V2
    with pytest.raises(InvalidRulesError, match="no rule preset is called 'wikipedia'"):
        find_rules("wikipedia")
    with pytest.raises(InvalidRulesError, match="no rule preset is called None"):
        find_rules(None)  # type: ignore[arg-type]
