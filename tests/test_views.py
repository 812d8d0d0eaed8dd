"""JSON views of observations, states and games: round trips, the schema, and the
observation's own legal moves."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

from conquian import (
    ConquianError,
    Force,
    Forcing,
    Game,
    IllegalMoveError,
    InvalidStateError,
    LayDown,
    MoveProblem,
    Observation,
    Rules,
    State,
    find_rules,
    parse_move,
)
from conquian.narration import narrate
from conquian.notation import RECORD_SCHEMA
from conquian.views import (
    GAME_SCHEMA,
    OBSERVATION_SCHEMA,
    STATE_SCHEMA,
    VIEWS_SCHEMA,
    move_to_dict,
)
from helpers import built_moves, random_game, scaled
from strategies import RULE_SETS

VALIDATORS = {
    name: Draft202012Validator(schema)
    for name, schema in (
        ("observation", OBSERVATION_SCHEMA),
        ("state", STATE_SCHEMA),
        ("game", GAME_SCHEMA),
    )
}


def through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


def test_schemas_are_valid_json_schemas() -> None:
    for schema in (OBSERVATION_SCHEMA, STATE_SCHEMA, GAME_SCHEMA):
        Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize(
    "schema",
    [VIEWS_SCHEMA, OBSERVATION_SCHEMA, STATE_SCHEMA, GAME_SCHEMA],
    ids=["views", "observation", "state", "game"],
)
def test_schemas_are_read_only(schema: Any) -> None:
    """No caller can change the schema every later caller validates against."""
    shipped = json.loads(json.dumps(schema))
    with pytest.raises(TypeError, match="read-only"):
        schema["$ref"] = "#/$defs/card"
    with pytest.raises(TypeError, match="read-only"):
        schema["$defs"].pop("move")
    with pytest.raises(TypeError, match="read-only"):
        schema["$defs"]["observation"]["required"].append("x")
    assert json.loads(json.dumps(schema)) == shipped
    assert pickle.loads(pickle.dumps(schema)) == schema


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.to_notation())
def test_views_round_trip_and_validate_through_a_game(rules: Any) -> None:
    seed = 11
    states = list(random_game(State.new(seed, rules=rules), seed, greed=0.6))
    game = Game(states[0])
    for move in (after.history[-1].move for after in states[1:]):
        game.play(move)
    # Every sixth position, under dev every thirtieth (helpers.scaled): the schema
    # validation of an observation takes 7 ms. The game's data holds every position.
    for state in [*states[:: 30 // scaled(5)], states[-1]]:
        for player in (0, 1):
            view = state.observation(player)
            data = through_json(view.to_dict())
            VALIDATORS["observation"].validate(data)
            assert Observation.from_dict(data) == view
            assert "hands" not in data
            assert "stock" not in data
            # The observing player's moves are the state's when it is his turn.
            moves = view.legal_moves()
            assert list(moves) == (list(state.legal_moves()) if state.to_move == player else [])
        data = through_json(state.to_dict())
        VALIDATORS["state"].validate(data)
        again = State.from_dict(data)
        assert again == state
        assert again.history == state.history
        assert again.seed == state.seed
    data = through_json(game.to_dict())
    VALIDATORS["game"].validate(data)
    assert Game.from_dict(data) == game


def test_moves_appear_as_text_and_structured_fields() -> None:
    state = State.new(seed=0)
    after = state.apply("take +3d5d -Kh")
    entry = after.to_dict()["history"][0]
    assert entry == {
        "player": 1,
        "offer": "4d",
        "origin": "stock",
        "offered_by": 1,
        "phase": "offer",
        "fate": "taken",
        "move": {
            "text": "take +3d5d -Kh",
            "kind": "take",
            "laid": ["3d", "5d"],
            "discard": "Kh",
            "goes_out": False,
            "table": [["3d", "4d", "5d"]],
        },
    }
    assert move_to_dict(parse_move("force")) == {"text": "force", "kind": "force"}
    assert move_to_dict(parse_move("lay +5c5h5s"))["laid"] == ["5c", "5h", "5s"]


def test_a_position_read_from_notation_has_no_deck_and_no_history() -> None:
    state = State.parse(State.new(seed=3).apply("decline").to_notation())
    data = through_json(state.to_dict())
    assert data["deck"] is None
    assert data["history"] == []
    VALIDATORS["state"].validate(data)
    assert State.from_dict(data) == state


def test_observation_is_legal_answers_for_its_player_only() -> None:
    state = State.new(seed=0)
    mover = state.observation(1)
    assert mover.is_legal("take +3d5d -Kh")
    assert mover.is_legal(parse_move("decline"))
    assert not mover.is_legal("take +3d -Kh")
    assert not state.observation(0).is_legal("decline")


def bad(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    """``data`` with the field at ``path`` set to ``value``. An observation's declines are
    read from its history, so a changed history leaves them out (the field is optional:
    the checks of the history itself are what such a case tests)."""
    changed = copy.deepcopy(data)
    if path[0] == "history" and changed.get("format") == "conquian-view":
        changed.pop("declined", None)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def test_bad_state_data_is_a_typed_error_naming_the_field() -> None:
    data = through_json(State.new(seed=0).apply("take +3d5d -Kh").to_dict())
    cases = [
        (bad(data, ["format"], "conquian-game"), "format"),
        (bad(data, ["hands", 0], ["7h", "7h"]), "hands"),
        (bad(data, ["dealer"], 2), "dealer"),
        (bad(data, ["phase"], "sleeping"), "phase"),
        (bad(data, ["stock"], data["stock"][1:]), "missing"),
        (bad(data, ["history", 0, "move", "text"], "take +2d3d -Kh"), "history"),
        (bad(data, ["seed"], 1), "seed"),
        ({k: v for k, v in data.items() if k != "ply"}, "'ply' is missing"),
        (bad(data, ["tables", 1], [["3d", "4d", "6d"]]), "tables"),
    ]
    for changed, words in cases:
        with pytest.raises(InvalidStateError, match=words):
            State.from_dict(changed)
    with pytest.raises(InvalidStateError, match="JSON object"):
        State.from_dict([1, 2])


def test_bad_observation_data_is_a_typed_error() -> None:
    data = through_json(State.new(seed=0).observation(1).to_dict())
    with pytest.raises(InvalidStateError, match="hand_sizes"):
        Observation.from_dict(bad(data, ["hand_sizes"], [10, 9]))
    with pytest.raises(InvalidStateError, match="unseen"):
        Observation.from_dict(bad(data, ["stock_size"], 3))
    with pytest.raises(InvalidStateError, match="player"):
        Observation.from_dict(bad(data, ["player"], True))


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.to_notation())
def test_every_observation_of_a_game_is_read_back_with_its_history(rules: Any) -> None:
    """The order check refuses no history that a game made: under every rule set (with
    forces, passes, the upcard of V8 and the lay-downs of V3), for both players, at every
    ply."""
    seen: set[tuple[str, str]] = set()
    kinds: set[type] = set()
    fates: set[str] = set()

    def reached() -> bool:
        """Whether the games reached the phases, origins, moves and fates asked for."""
        return (
            (
                "forced_take" in {phase for phase, _ in seen}
                or rules.forcing is not Forcing.DECLINED
            )
            and (("offer", "upcard") in seen or not rules.initial_upcard)
            and (LayDown in kinds or not rules.meld_from_hand)
            and "passed" in fates
        )

    for seed in range(4):
        if seed >= scaled(4) and reached():
            break  # under dev, once they are reached: after one to three games
        states = list(random_game(State.new(seed, rules=rules), seed, greed=0.5))
        # The same game restarted from a position string: its history holds the later
        # moves only.
        middle = states[len(states) // 2]
        restarted = [State.parse(middle.to_notation())]
        for entry in states[-1].history[middle.ply :]:
            restarted.append(restarted[-1].apply(entry.move))
        for index, state in enumerate(states + restarted):
            # Both players' views; under dev (helpers.scaled), one a ply, in turn.
            for player in [(index + seat) % 2 for seat in range(scaled(2))]:
                view = state.observation(player)
                assert Observation.from_dict(through_json(view.to_dict())) == view
        assert len(restarted[-1].history) < restarted[-1].ply
        seen.update(
            (entry.phase.value, entry.offer_origin.value if entry.offer_origin else "-")
            for entry in states[-1].history
        )
        kinds.update(entry.move.__class__ for entry in states[-1].history)
        fates.update(entry.fate.value for entry in states[-1].history)
    assert reached(), (seen, kinds, fates)


def played_view(seed: int = 3, moves: int = 14) -> dict[str, Any]:
    """The view of a position ``moves`` moves into a game, with their history."""
    state = State.new(seed)
    for after in random_game(state, seed, greed=0.6):
        if after.ply == moves:
            view: dict[str, Any] = through_json(after.observation(after.to_move or 0).to_dict())
            return view
    raise AssertionError("the game ended too soon")


def refusal_of(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidStateError) as refused:
        Observation.from_dict(data)
    return str(refused.value)


def test_a_history_in_another_order_is_refused() -> None:
    data = played_view()
    history = data["history"]
    kinds = [entry["move"]["kind"] for entry in history]
    assert "take" in kinds
    assert "decline" in kinds
    # A history from the deal starts with the deal's first offer (R10).
    assert "history entry 1: the first offer of a game is" in refusal_of(
        bad(data, ["history"], history[::-1])
    )
    assert "the first offer of a game is" in refusal_of(bad(data, ["dealer"], 1 - data["dealer"]))
    # The later moves alone (a game restarted from a position string) are a history...
    later = history[2:]
    read = Observation.from_dict(bad(data, ["history"], later)).history
    assert read == Observation.from_dict(data).history[2:]
    # ... but not in another order, nor without the entry that led to the position.
    for changed, where in (
        (later[::-1], "history entry 2"),
        ([later[1], later[0], *later[2:]], "history entry 2"),
        (later[1:] + later[:1], ""),
        (history[:-1], "the position"),
    ):
        assert f"{where}: does not follow from history entry" in refusal_of(
            bad(data, ["history"], changed)
        )


def test_an_entry_out_of_its_phase_or_its_rules_is_refused() -> None:
    data = played_view()
    later = data["history"][2:]
    assert later[1]["move"]["kind"] == "decline"
    forced = bad(data, ["history"], later)
    forced["history"][1]["phase"] = "forced_take"  # a forced player must take
    assert "history entry 2: 'decline' cannot be played on" in refusal_of(forced)
    other = played_view(seed=4)
    assert "does not follow from" in refusal_of(bad(data, ["history"], other["history"][2:]))
    # A force decision under forcing off (V1), a lay-down without V3.
    for rules, move, changed, words in (
        (Rules(), Force, {"forcing": "off"}, "cannot occur with forcing off"),
        (Rules(meld_from_hand=True), LayDown, {"meld_from_hand": False}, "'lay +"),
    ):
        view = first_view_after(rules, move)
        assert Observation.from_dict(view).history[-1].move.__class__ is move  # accepted
        assert words in refusal_of({**view, "rules": {**view["rules"], **changed}})
    # V3 lays down before a card the player turned up himself, never before a discard.
    view = first_view_after(Rules(meld_from_hand=True), LayDown)
    lay = view["history"][-1]
    on_discard = {**lay, "origin": "discard", "offered_by": 1 - lay["player"]}
    changed = bad(view, ["history", len(view["history"]) - 1], on_discard)
    assert f"'{lay['move']['text']}' cannot be played on" in refusal_of(changed)


def test_a_dead_pile_that_is_not_the_historys_is_refused() -> None:
    """The dead pile is public history, in order (R11a): its cards died as the entries
    say."""
    data = played_view(moves=24)
    dead = data["dead"]
    assert len(dead) >= 2
    assert "dead: the history's dead cards, in order, are" in refusal_of(
        bad(data, ["dead"], dead[::-1])
    )
    # With the later moves alone, the pile ends with the cards that died in them.
    later = bad(data, ["history"], data["history"][6:])
    assert Observation.from_dict(later).dead == Observation.from_dict(data).dead
    assert "dead cards" in refusal_of(bad(later, ["dead"], [dead[-1], *dead[:-1]]))


def first_view_after(rules: Any, kind: type) -> dict[str, Any]:
    """The view of the first position after a move of ``kind`` in some game."""
    for seed in range(40):
        for state in random_game(State.new(seed, rules=rules), seed, greed=0.5):
            if state.history and isinstance(state.history[-1].move, kind):
                view: dict[str, Any] = through_json(state.observation(0).to_dict())
                return view
    raise AssertionError(f"no {kind.__name__} in 40 games")


def test_an_outcome_that_the_last_entry_did_not_make_is_refused() -> None:
    """A game won by a take (R16) is not a draw or the other player's win, and a draw
    (R15) is nobody's win."""
    endings: dict[bool, State] = {}
    for seed in range(40):
        final = list(random_game(State.new(seed), seed, greed=0.6))[-1]
        assert final.outcome is not None
        endings.setdefault(final.outcome.winner is None, final)
        if len(endings) == 2:
            break
    for drawn, final in endings.items():
        data = through_json(final.observation(0).to_dict())
        assert Observation.from_dict(data) == final.observation(0)
        last = data["history"][-1]["move"]["kind"]
        assert last in (("decline", "release") if drawn else ("take",))
        assert final.outcome is not None
        winner = final.outcome.winner
        others: list[dict[str, Any]] = [] if drawn else [{"kind": "drawn", "winner": None}]
        others += [{"kind": "went_out", "winner": p} for p in (0, 1) if p != winner]
        for outcome in others:
            with pytest.raises(InvalidStateError, match="the position: does not follow"):
                Observation.from_dict(bad(data, ["outcome"], outcome))


def test_bad_game_data_is_a_typed_error() -> None:
    game = Game.new(seed=0)
    game.play("take +3d5d -Kh")
    data = through_json(game.to_dict())
    with pytest.raises(InvalidStateError, match="move 1"):
        Game.from_dict(bad(data, ["moves", 0, "text"], "force"))
    with pytest.raises(InvalidStateError, match="do not lead"):
        Game.from_dict(bad(data, ["moves"], []))


def test_an_observation_builds_the_states_takes() -> None:
    for rules in RULE_SETS[:6]:
        for state in list(random_game(State.new(5, rules=rules), 5, greed=0.6))[::4]:
            player = state.to_move
            if player is None or state.phase.value == "force_decision":
                continue
            view = state.observation(player)
            takes = {move for move in state.legal_moves() if type(move).__name__ == "Take"}
            assert built_moves(view.take_builder()) == takes
            with pytest.raises(IllegalMoveError, match="not player"):
                state.observation(1 - player).take_builder()


def test_an_observation_builds_the_states_lay_downs() -> None:
    """Under meld_from_hand (V3), the mover's view builds the lay-downs the state lists;
    the other player's view, or a position with none, refuses with the reason."""
    found = 0
    for seed in range(4):
        for state in random_game(State.new(seed, rules=find_rules("bicycle")), seed, 0.5):
            player = state.to_move
            if player is None:
                continue
            lays = {move for move in state.legal_moves() if type(move).__name__ == "LayDown"}
            view = state.observation(player)
            if not lays:
                with pytest.raises(IllegalMoveError) as seen:
                    view.lay_down_builder()
                with pytest.raises(IllegalMoveError) as truth:
                    state.lay_down_builder()
                assert seen.value.problem is truth.value.problem
                assert seen.value.problem in (
                    MoveProblem.LAY_DOWN_NOT_NOW,  # V3: only on one's own turned card
                    MoveProblem.NOTHING_TO_LAY_DOWN,  # ... and when the hand holds a meld
                    MoveProblem.MUST_TAKE,
                    MoveProblem.MUST_FORCE_OR_RELEASE,
                )
                continue
            found += 1
            assert built_moves(view.lay_down_builder()) == lays
            assert built_moves(state.lay_down_builder()) == lays
            with pytest.raises(IllegalMoveError, match="not player"):
                state.observation(1 - player).lay_down_builder()
    assert found >= 4


def test_an_observation_explains_an_illegal_move_as_the_state_does() -> None:
    """Each player's view gives the sentence the state gives that player, for legal
    moves (none), illegal ones and moves out of turn: it depends only on what he sees."""
    others = [parse_move(text) for text in ("decline", "force", "release", "take -Kh")]
    others += [parse_move(text) for text in ("take +3d5d -Kh", "take +JhJs out", "lay +QcQdQh")]
    for rules in RULE_SETS[:6]:
        for state in list(random_game(State.new(5, rules=rules), 5, greed=0.6))[::3]:
            for player in (0, 1):
                view = state.observation(player)
                for move in [*list(state.legal_moves())[:6], *others]:
                    said = view.explain_illegal(move)
                    assert said == state.explain_illegal(move, player=player), move
                    assert (said is None) == view.is_legal(move)


def test_narration_from_the_movers_observation_tells_only_the_move() -> None:
    state = State.new(seed=7).apply("decline")
    view = state.observation(0)
    assert narrate(view, "decline", names=("Ann", "Bob")) == "Ann declines K♦"
    assert narrate(state, "decline", names=("Ann", "Bob")).startswith("Ann declines K♦. ")
    with pytest.raises(ConquianError, match="not player 1's move"):
        narrate(state.observation(1), "decline")


# ============================================================ fields that say one thing twice


def game_data(seed: int = 3, moves: int = 14) -> dict[str, Any]:
    """A game's data, ``moves`` moves into a game of :func:`random_game`."""
    game = Game.new(seed=seed)
    for after in list(random_game(State.new(seed), seed, greed=0.6))[1 : moves + 1]:
        game.play(after.history[-1].move)
    data: dict[str, Any] = through_json(game.to_dict())
    return data


def read_back(kind: str, data: dict[str, Any], *, schema_refuses: bool = True) -> str:
    """The refusal of ``data`` by the ``kind`` reader; the schema refuses it too unless
    the reader's reason is one a schema cannot see."""
    assert (list(VALIDATORS[kind].iter_errors(data)) != []) == schema_refuses
    readers: dict[str, Any] = {"observation": Observation, "state": State, "game": Game}
    with pytest.raises(InvalidStateError) as refused:
        readers[kind].from_dict(data)
    return str(refused.value)


def test_a_field_that_to_dict_does_not_write_is_refused_as_the_schema_refuses_it() -> None:
    view = played_view()
    take = next(i for i, entry in enumerate(view["history"]) if entry["move"]["kind"] == "take")
    state = through_json(State.new(seed=3).apply("decline").to_dict())
    game = game_data()
    for kind, data, path, words in (
        ("observation", view, ["extra"], "an observation: unknown field 'extra'"),
        ("observation", view, ["history", 0, "note"], "history entry 1: unknown field 'note'"),
        ("observation", view, ["history", take, "move", "by"], "has no field 'by'"),
        ("state", state, ["extra"], "a state: unknown field 'extra'"),
        ("game", game, ["extra"], "a game: unknown field 'extra'"),
        ("game", game, ["moves", 0, "note"], "a game: move 1: a move of kind"),
        ("game", game, ["state", "extra"], "a state: unknown field 'extra'"),
    ):
        assert words in read_back(kind, bad(data, path, ["7h"]))
    # A field of another kind of move: the schema, which lists a move's fields for every
    # kind at once, lets it pass; the reader does not.
    for kind, data, path, value in (
        ("observation", view, ["history", 0, "move", "laid"], ["7h"]),
        ("state", state, ["history", 0, "move", "discard"], "7h"),
    ):
        refusal = read_back(kind, bad(data, path, value), schema_refuses=False)
        assert f"a move of kind decline has no field '{path[-1]}'" in refusal


@pytest.mark.parametrize("text", ["1H ", " 7h", "7♥", "7H", "1h", "7 h", ""])
def test_card_text_the_schema_refuses_is_refused_by_the_readers(text: str) -> None:
    """The readers and the schema agree on a card: rank then suit in two ASCII letters,
    as to_dict writes it (issue 35: "1H ", " 7h" and "7♥" were read)."""
    state = through_json(State.new(seed=3).apply("decline").to_dict())
    view = played_view()
    for kind, data, path in (
        ("state", state, ["hands", 0, 0]),
        ("state", state, ["deck", 5]),
        ("state", state, ["offer"]),
        ("state", state, ["history", 0, "offer"]),
        ("observation", view, ["hand", 0]),
        ("observation", view, ["offer"]),
    ):
        refusal = read_back(kind, bad(data, path, text))
        assert "cards are written in notation, such as 7h" in refusal or "one card" in refusal


@pytest.mark.parametrize("seed", [-1, 1 << 64, 10**30])
def test_a_seed_out_of_range_is_refused_as_the_schema_refuses_it(seed: int) -> None:
    state = through_json(State.new(seed=3).to_dict())
    refusal = read_back("state", bad(state, ["seed"], seed))
    assert "a state: seed: a whole number from 0 to 2**64 - 1 or null" in refusal


def test_a_seed_without_its_deck_is_refused_not_dropped() -> None:
    """A seed was dropped when the deck was null; the schema says a seed comes with the
    deck it deals, which a schema cannot check."""
    state = through_json(State.new(seed=3).to_dict())
    data = bad(state, ["deck"], None)
    refusal = read_back("state", data, schema_refuses=False)
    assert refusal == "a state: seed: a seed is given with the deck it deals: with no deck, null"
    assert State.from_dict(bad(data, ["seed"], None)).seed is None


def test_a_moves_fields_must_say_what_its_text_says() -> None:
    view = played_view()
    take = next(i for i, entry in enumerate(view["history"]) if entry["move"]["kind"] == "take")
    move = view["history"][take]["move"]
    assert move["table"] is not None  # the history is from the deal: the tables are known
    where = f"history entry {take + 1}: the move's"
    others = [card for card in ("7h", "Ac", "2s") if card not in move["laid"]]
    for path, value, words in (
        (["kind"], "release", f"{where} kind 'release' is not what"),
        (["laid"], [*move["laid"][:-1], others[0]], f"{where} laid"),
        (["laid"], [], f"{where} laid"),
        (["discard"], None, f"{where} discard None is not what"),
        (["goes_out"], True, f"{where} goes_out True"),
        (["table"], [], f"{where} table"),
        (["table"], None, f"{where} table None"),
        (["table"], [*move["table"], move["table"][0]], f"{where} table"),  # a meld twice
    ):
        changed = bad(view, ["history", take, "move", *path], value)
        assert words in read_back("observation", changed, schema_refuses=False), path
    # Not a boolean: the schema sees this one too.
    assert f"{where} goes_out 0" in read_back(
        "observation", bad(view, ["history", take, "move", "goes_out"], 0)
    )
    # A history that does not start at the deal does not know the tables: a take's
    # table may be given, but only as a table.
    later = bad(view, ["history"], view["history"][take:])
    assert Observation.from_dict(later).history == Observation.from_dict(view).history[take:]
    assert "history entry 1: the move's table" in read_back(
        "observation", bad(later, ["history", 0, "move", "table"], [["Zz"]])
    )
    # The fate of an entry is what its move did with the offer.
    assert f"history entry {take + 1}: the fate 'declined' is not what its move does" in (
        read_back(
            "observation", bad(view, ["history", take, "fate"], "declined"), schema_refuses=False
        )
    )
    # Laid cards may come in any order, and the fields besides the kind may be left out:
    # the data still says one thing. Card text is the schema's, as everywhere: 7h, not 7H.
    lenient = copy.deepcopy(view)
    lenient["history"][take]["move"]["laid"] = move["laid"][::-1]
    del lenient["history"][take]["move"]["table"]
    assert Observation.from_dict(lenient) == Observation.from_dict(view)
    upper = bad(lenient, ["history", take, "move", "laid"], [c.upper() for c in move["laid"]])
    assert f"{where} laid" in read_back("observation", upper)


def test_a_game_move_and_a_states_history_say_what_their_text_says() -> None:
    game = game_data()
    take = next(i for i, move in enumerate(game["moves"]) if move["kind"] == "take")
    discard = game["moves"][take]["laid"][0]  # a laid card is not the discard
    assert f"a game: move {take + 1}: the move's discard" in read_back(
        "game", bad(game, ["moves", take, "discard"], discard), schema_refuses=False
    )
    state = game["state"]
    assert f"a state: history entry {take + 1}: the move's kind 'decline'" in read_back(
        "state", bad(state, ["history", take, "move", "kind"], "decline"), schema_refuses=False
    )
    # A state without the deck its history starts from keeps no history, but the history
    # it is given is checked all the same.
    restarted = State.parse(State.new(seed=3).to_notation()).apply("decline")
    data = through_json(restarted.to_dict())
    assert data["deck"] is None
    assert data["history"]
    assert State.from_dict(data) == restarted
    assert "a state: history entry 1: the move's kind 'release'" in read_back(
        "state", bad(data, ["history", 0, "move", "kind"], "release"), schema_refuses=False
    )
    # A history that lays a card twice is no game's: the reader's own error, naming it.
    taken = through_json(State.new(seed=0).apply("take +3d5d -Kh").to_dict())
    twice = {**taken, "deck": None, "seed": None, "ply": 2}
    twice["history"] = [taken["history"][0], taken["history"][0]]
    assert "a state: history: history entry 2 lays 3d 4d 5d, already on a table" in read_back(
        "state", twice, schema_refuses=False
    )


def test_the_rules_of_a_view_are_the_records_rules() -> None:
    """One definition of the rules' JSON (the game record's), in both schemas, and both
    readers refuse a rule that does not exist."""
    assert dict(VIEWS_SCHEMA["$defs"]["rules"], description="") == dict(
        RECORD_SCHEMA["properties"]["rules"], description=""
    )
    view = played_view()
    assert "unknown rule 'colour'" in read_back("observation", bad(view, ["rules", "colour"], 1))


@pytest.mark.parametrize("version", [1.0, True, "1"])
def test_a_view_of_version_one_written_otherwise_is_refused(version: object) -> None:
    """As in a record, the version is the integer literal 1: not 1.0, not true."""
    data = through_json(State.new(seed=3).to_dict())
    data["version"] = version
    with pytest.raises(InvalidStateError, match="version 1"):
        State.from_dict(data)
