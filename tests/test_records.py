"""Game records (like chess's PGN): JSON text, GameRecord, Game.record/from_record, replay,
and the JSON Schema shipped in the package.

A record holds the format name and version, the writing library's version, the rules, the
seed (or null), the whole deck order, the dealer, every move in move notation and the
result. Reading one replays every move; a move that is illegal where it stands is named.
"""

from __future__ import annotations

import io
import itertools
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

from conquian import (
    CLASSIC,
    TERCERILLA,
    ConquianError,
    Decline,
    Forcing,
    Game,
    InvalidRecordError,
    Outcome,
    OutcomeKind,
    Phase,
    Rules,
    State,
    __version__,
    deal_order,
    format_cards,
    notation,
    parse_cards,
    parse_move,
)
from conquian.agents import GreedyAgent, RandomAgent, play_game
from conquian.game import MAX_MOVES, GameRecord, max_moves
from conquian.match import Match, match_dumps, match_load, match_loads
from helpers import deck_for
from strategies import played_games

VALIDATOR = Draft202012Validator(notation.RECORD_SCHEMA)

# Player 1 takes the turned Jc with 6c 7c; player 0 takes As with Ah Ad and discards 5c,
# which fits player 1's table; player 1 declines it, player 0 forces it on him (R14b).
FORCING_DECK = deck_for(
    player1="6c 7c Jh Js As 2d 4h Kd Qs 3s",
    player0="Ah Ad 5c 2c 3d 4d 6h 7h Ks Qh",
    stock="Jc Kh Qc 2s",
)
FORCING_MOVES = ("take +6c7c -As", "take +AdAh -5c", "decline", "force", "take +JhJs -Kd")


def forcing_game() -> Game:
    game = Game.from_deck(FORCING_DECK)
    for move in FORCING_MOVES:
        game.play(move)
    return game


def won_game() -> Game:
    """Two-card hands: player 1 takes the turned 7c with 5c 6c and goes out (R16)."""
    game = Game.from_deck(
        deck_for(player1="5c 6c", player0="Kd Ks", stock="7c"), rules=Rules(hand_size=2)
    )
    game.play("take +5c6c out")
    return game


def record_json(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(notation.dumps(game))
    return data


def schema_errors(data: object) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(data)]


# ====================================================================== what a record holds


def test_a_record_holds_the_format_rules_deal_moves_and_result() -> None:
    data = record_json(forcing_game())
    assert data == {
        "format": "conquian-game",
        "version": 1,
        "library": __version__,
        "rules": {
            "players": 2,
            "hand_size": 10,
            "max_sequence": 8,
            "forcing": "declined",
            "regrouping": "free",
            "meld_from_hand": False,
            "draw_settlement": "none",
            "scoring": "stakes",
            "target": None,
            "deal_batch": 1,
            "initial_upcard": False,
            "stock_out": "draw",
        },
        "seed": None,
        "dealer": 0,
        "deck": FORCING_DECK.replace(" ", ""),
        "moves": list(FORCING_MOVES),
        "result": None,
    }
    assert schema_errors(data) == []


def test_a_dealt_game_records_its_seed_and_deck() -> None:
    game = Game.new(seed=42, rules=Rules(forcing=Forcing.OFF), dealer=1)
    data = record_json(game)
    assert data["seed"] == 42
    assert data["dealer"] == 1
    assert data["rules"]["forcing"] == "off"
    assert parse_cards(data["deck"]) == deal_order(42)
    assert data["moves"] == []


def test_a_finished_game_records_its_result() -> None:
    assert record_json(won_game())["result"] == {"kind": "went_out", "winner": 1}
    game = Game.from_deck(FORCING_DECK)
    while not game.is_over:
        game.play("decline")  # R15: nothing is taken until the last card dies
    assert record_json(game)["result"] == {"kind": "drawn", "winner": None}


def test_the_record_of_a_game_is_a_game_record() -> None:
    record = forcing_game().record()
    assert record == GameRecord(
        rules=CLASSIC,
        dealer=0,
        deck=parse_cards(FORCING_DECK),
        moves=tuple(parse_move(move) for move in FORCING_MOVES),
    )
    assert record.library == __version__
    assert record.seed is None
    assert record.outcome is None


def test_dumps_writes_one_line_and_dump_an_indented_file() -> None:
    game = forcing_game()
    text = notation.dumps(game)
    assert "\n" not in text
    assert json.loads(notation.dumps(game, indent=4)) == json.loads(text)
    out = io.StringIO()
    notation.dump(game, out)
    assert out.getvalue().endswith("}\n")
    assert out.getvalue().startswith('{\n  "format": "conquian-game",')
    assert json.loads(out.getvalue()) == json.loads(text)


# ====================================================================== reading it back


@given(played_games())
def test_a_record_reads_back_and_replays_the_game(game: Game) -> None:
    text = notation.dumps(game)
    record = notation.loads(text)
    assert record == game.record()
    assert notation.dumps(record) == text
    assert schema_errors(json.loads(text)) == []
    assert Game.from_record(record) == game
    assert Game.from_record(record).record() == record
    states = list(record.replay())
    assert states == list(game.states)
    assert [state.ply for state in states] == list(range(len(record.moves) + 1))
    assert states[-1].outcome == game.outcome == record.outcome
    assert states[0].seed == game.initial.seed


def test_replay_yields_every_state_in_order() -> None:
    game = forcing_game()
    states = list(game.record().replay())
    expected = [State.from_deck(FORCING_DECK)]
    for move in FORCING_MOVES:
        expected.append(expected[-1].apply(move))
    assert states == expected
    assert [str(played.move) for played in states[-1].history] == list(FORCING_MOVES)


def test_from_record_gives_a_game_that_plays_on() -> None:
    game = Game.from_record(forcing_game().record())
    assert game.moves == tuple(parse_move(move) for move in FORCING_MOVES)
    assert game.undo() == parse_move("take +JhJs -Kd")
    assert game.state.phase is Phase.FORCED_TAKE
    game.play("take +JhJs -Kd")
    assert game == forcing_game()


def test_load_reads_text_and_binary_files(tmp_path: Path) -> None:
    game = won_game()
    path = tmp_path / "game.json"
    with path.open("w", encoding="utf-8") as out:
        notation.dump(game, out)
    with path.open(encoding="utf-8") as text_file:
        assert notation.load(text_file) == game.record()
    with path.open("rb") as binary_file:
        assert notation.load(binary_file) == game.record()
    assert notation.loads(path.read_bytes()) == game.record()
    assert notation.load(io.BytesIO(path.read_bytes())) == game.record()


def test_a_text_file_that_is_not_utf8_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"format": "conquian-game", "library": "ñ"}'.encode("latin-1"))
    for reader in (notation.load, match_load):
        with (
            path.open(encoding="utf-8") as text_file,
            pytest.raises(InvalidRecordError, match="is UTF-8 text"),
        ):
            reader(text_file)
        with path.open("rb") as binary_file, pytest.raises(InvalidRecordError, match="UTF-8"):
            reader(binary_file)


def test_a_record_written_by_another_version_keeps_its_library_field() -> None:
    data = record_json(forcing_game())
    data["library"] = "0.0.1"
    record = notation.loads(json.dumps(data))
    assert record.library == "0.0.1"
    assert json.loads(notation.dumps(record))["library"] == "0.0.1"
    assert Game.from_record(record) == forcing_game()


@pytest.mark.parametrize("library", ["\ud800", "x" * 101, "1.0\n2.0", 7])
def test_a_library_field_that_could_not_be_written_back_is_refused(library: object) -> None:
    """A lone surrogate read from JSON (``"\\ud800"``) cannot be written as UTF-8, so it
    is refused on reading, as are long or unprintable texts, in game and match records."""
    data = record_json(forcing_game())
    data["library"] = library
    with pytest.raises(InvalidRecordError, match="field 'library'"):
        notation.loads(json.dumps(data))
    match_data = json.loads(match_dumps(Match.new(3, games=1)))
    match_data["library"] = library
    with pytest.raises(InvalidRecordError, match="field 'library'"):
        match_loads(json.dumps(match_data))


def test_a_game_record_holds_at_most_121_moves_and_reads_no_more() -> None:
    """As the reader refuses a record of more moves than any game lasts, so does
    GameRecord, reading at most one move past the bound of a long iterator (an endless
    one would never end otherwise)."""
    deck = Game.new(seed=1).record().deck
    moves = iter([Decline()] * 10_000)
    with pytest.raises(InvalidRecordError, match="at most 121 moves"):
        GameRecord(Rules(), 0, deck, moves)
    assert len(list(moves)) == 10_000 - (MAX_MOVES + 1)  # the rest was not read
    read = itertools.count()
    counted = (Decline() for _ in map(next, itertools.repeat(read, 10_000)))
    with pytest.raises(InvalidRecordError, match="at most 121 moves"):
        GameRecord(Rules(), 0, deck, counted)
    assert next(read) == MAX_MOVES + 1  # the moves read: one past the most a game has


def test_a_record_may_leave_out_the_result_of_an_unfinished_game() -> None:
    data = record_json(forcing_game())
    del data["result"]
    assert notation.loads(json.dumps(data)) == forcing_game().record()


def test_moves_are_read_leniently_and_written_canonically() -> None:
    data = record_json(forcing_game())
    data["moves"] = ["TAKE +7c6c -AS", " take +AhAd  -5c ", "Decline", "FORCE", "take +JsJh -K♦"]
    record = notation.loads(json.dumps(data))
    assert record == forcing_game().record()
    assert json.loads(notation.dumps(record))["moves"] == list(FORCING_MOVES)


def test_a_game_from_a_position_string_has_no_record() -> None:
    game = Game(State.parse(State.new(seed=3).to_notation()))
    with pytest.raises(ConquianError, match="did not start from a deal"):
        game.record()
    with pytest.raises(ConquianError, match="did not start from a deal"):
        notation.dumps(game.state)


def test_a_finished_bot_game_is_saved_from_its_final_state() -> None:
    """play_game returns a State: its record is the deal and its history's moves."""
    final = play_game(State.new(seed=3, dealer=1), [GreedyAgent(), RandomAgent(5)])
    assert final.outcome is not None
    record = notation.loads(notation.dumps(final))
    assert record == GameRecord.from_state(final)
    assert (record.seed, record.dealer, record.outcome) == (3, 1, final.outcome)
    assert [played.move for played in final.history] == list(record.moves)
    assert list(record.replay())[-1] == final
    with io.StringIO() as file:
        notation.dump(final, file)
        assert notation.loads(file.getvalue()) == record


def test_a_game_started_after_the_deal_has_the_record_from_the_deal() -> None:
    """A Game made from a dealt state that was played on records every move since the
    deal, not only those played on the Game."""
    game = Game(State.from_deck(FORCING_DECK).apply(FORCING_MOVES[0]))
    for move in FORCING_MOVES[1:]:
        game.play(move)
    assert game.record() == forcing_game().record()
    assert GameRecord.from_state(game.state) == game.record()


def test_a_record_is_made_from_a_state() -> None:
    with pytest.raises(TypeError, match="from a State, not"):
        GameRecord.from_state(forcing_game())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a GameRecord, a Game or a State"):
        notation.dumps("decline")  # type: ignore[arg-type]


def test_from_record_takes_a_record() -> None:
    with pytest.raises(InvalidRecordError, match="expected a GameRecord"):
        Game.from_record(record_json(forcing_game()))  # type: ignore[arg-type]


# ====================================================================== records that do not replay


def test_a_move_that_becomes_illegal_is_named_with_its_number_and_why() -> None:
    data = record_json(forcing_game())
    data["moves"][4] = "take +6h -Kd"
    with pytest.raises(InvalidRecordError) as caught:
        notation.loads(json.dumps(data))
    assert str(caught.value) == "move 5 'take +6h -Kd': 6h is not in player 1's hand"


@pytest.mark.parametrize(
    ("number", "move", "why"),
    [
        (1, "take +6c7c out", "player 1 must discard: player 1 keeps"),  # R11, R16
        (1, "force", "Jc was not passed to player 1: only a passed card can be forced now"),
        (2, "take +AdAh -As", "player 0 cannot discard As: it goes on player 0's table (R6)"),
        (3, "release", "nothing to release: no declined card awaits a force"),
        (4, "take +JhJs -Kd", "player 0 must force 5c on player 1 or release it (R14b)"),
        (5, "decline", "player 1 was forced: player 1 must take 5c (R14b)"),
        (5, "take +Jh -Kd", "the table would not split into melds: 5c 6c 7c Jc Jh (R6)"),
    ],
)
def test_an_illegal_move_anywhere_is_named(number: int, move: str, why: str) -> None:
    data = record_json(forcing_game())
    data["moves"][number - 1] = move
    with pytest.raises(InvalidRecordError) as caught:
        notation.loads(json.dumps(data))
    message = str(caught.value)
    assert message.startswith(f"move {number} {move!r}: ")
    assert why in message


def test_an_illegal_record_creates_no_game_but_replays_up_to_the_bad_move() -> None:
    moves = [*FORCING_MOVES[:2], "take -Ks", *FORCING_MOVES[2:]]
    record = GameRecord(
        rules=CLASSIC,
        dealer=0,
        deck=parse_cards(FORCING_DECK),
        moves=tuple(parse_move(move) for move in moves),
    )
    message = "move 3 'take -Ks': Ks is not in player 1's hand"
    with pytest.raises(InvalidRecordError) as caught:
        Game.from_record(record)
    assert str(caught.value) == message
    replay = record.replay()
    assert [next(replay).ply for _ in range(3)] == [0, 1, 2]
    with pytest.raises(InvalidRecordError) as caught:
        next(replay)
    assert str(caught.value) == message


def test_a_move_after_the_end_is_illegal() -> None:
    data = record_json(won_game())
    data["moves"].append("decline")
    with pytest.raises(InvalidRecordError, match=r"^move 2 'decline': the game is over"):
        notation.loads(json.dumps(data))


def test_a_result_the_moves_do_not_give_is_refused() -> None:
    data = record_json(forcing_game())
    data["result"] = {"kind": "went_out", "winner": 0}
    with pytest.raises(InvalidRecordError) as caught:
        notation.loads(json.dumps(data))
    assert "the record says player 0 went out (R16), but its moves give" in str(caught.value)
    won = record_json(won_game())
    won["result"] = {"kind": "went_out", "winner": 0}
    with pytest.raises(InvalidRecordError, match="but its moves give player 1 went out"):
        notation.loads(json.dumps(won))


def test_a_finished_game_must_record_how_it_ended() -> None:
    """A null or missing result means a game not finished (as inside a match record)."""
    data = record_json(won_game())
    for missing in (True, False):
        if missing:
            del data["result"]
        else:
            data["result"] = None
        with pytest.raises(
            InvalidRecordError,
            match=r"field 'result': the game ended, player 1 went out \(R16\), and its result "
            "must say so",
        ):
            notation.loads(json.dumps(data))


def test_a_deck_that_is_not_the_seeds_deck_is_refused() -> None:
    data = record_json(Game.new(seed=5))
    data["seed"] = 6
    with pytest.raises(InvalidRecordError, match="it is not the deck dealt from seed 6"):
        notation.loads(json.dumps(data))


# ====================================================================== format and version


def test_a_record_of_an_unknown_version_is_refused_clearly() -> None:
    data = record_json(forcing_game())
    data["version"] = 2
    with pytest.raises(InvalidRecordError) as caught:
        notation.loads(json.dumps(data))
    assert str(caught.value) == "field 'version': this library reads version 1 records, not 2"
    assert schema_errors(data) != []


@pytest.mark.parametrize("version", [None, "1", 0, True, [1]])
def test_a_version_must_be_the_number_1(version: object) -> None:
    data = record_json(forcing_game())
    data["version"] = version
    with pytest.raises(InvalidRecordError, match="this library reads version 1 records"):
        notation.loads(json.dumps(data))
    assert schema_errors(data) != []


def test_a_version_written_with_a_point_is_refused() -> None:
    """JSON Schema's ``const: 1`` takes 1.0; the reader wants the integer literal, as it
    does for every integer field."""
    data = record_json(forcing_game())
    data["version"] = 1.0
    with pytest.raises(InvalidRecordError, match=r"reads version 1 records, not 1\.0"):
        notation.loads(json.dumps(data))


def test_a_record_of_another_format_is_refused() -> None:
    data = record_json(forcing_game())
    data["format"] = "pgn"
    with pytest.raises(InvalidRecordError, match="field 'format': must be 'conquian-game'"):
        notation.loads(json.dumps(data))
    del data["format"]
    with pytest.raises(InvalidRecordError, match="field 'format'"):
        notation.loads(json.dumps(data))


# ====================================================================== the schema


def test_the_schema_ships_in_the_package() -> None:
    shipped = resources.files("conquian").joinpath("record.schema.json")
    assert shipped.is_file()
    assert json.loads(shipped.read_text(encoding="utf-8")) == notation.RECORD_SCHEMA


def test_the_schema_is_a_draft_2020_12_schema_of_version_1() -> None:
    schema = notation.RECORD_SCHEMA
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["format"] == {"const": notation.FORMAT}
    assert schema["properties"]["version"] == {"const": notation.VERSION}
    # M1, M10: three players and their gives
    assert schema["properties"]["moves"]["maxItems"] == max_moves(3, exchange=True) == 164
    two = schema["else"]
    assert two["properties"]["moves"]["maxItems"] == max_moves(2, exchange=True) == 123
    assert two["else"]["properties"]["moves"]["maxItems"] == notation.MAX_MOVES == 121
    assert schema["then"]["else"]["properties"]["moves"]["maxItems"] == max_moves(3) == 161


def test_the_schema_accepts_the_worked_records() -> None:
    for game in (forcing_game(), won_game(), Game.new(seed=1)):
        assert schema_errors(record_json(game)) == []


VALID = record_json(forcing_game())

# Records whose shape is wrong: the schema and the loader both refuse them, and the
# loader's message names the field.
SHAPE_ERRORS: dict[str, tuple[dict[str, Any], str]] = {
    "library not text": ({"library": 1}, "field 'library'"),
    "rules not an object": ({"rules": "classic"}, "field 'rules'"),
    "unknown rule": ({"rules": {"jokers": 2}}, "field 'rules': unknown rule 'jokers'"),
    "rule of the wrong type": ({"rules": {"hand_size": "10"}}, "field 'rules': hand_size"),
    "rule out of range": ({"rules": {"max_sequence": 11}}, "field 'rules': max_sequence"),
    "unknown forcing": ({"rules": {"forcing": "always"}}, "field 'rules': forcing"),
    "four players": ({"rules": {"players": 4}}, "field 'rules': players"),
    "seed not a number": ({"seed": "42"}, "field 'seed'"),
    "negative seed": ({"seed": -1}, "seed"),
    "seed too large": ({"seed": 2**64}, "seed"),
    "dealer 2": ({"dealer": 2}, "dealer"),
    "dealer true": ({"dealer": True}, "field 'dealer'"),
    "dealer text": ({"dealer": "0"}, "field 'dealer'"),
    "deck not text": ({"deck": list(FORCING_DECK.split())}, "field 'deck'"),
    "deck too short": ({"deck": FORCING_DECK.replace(" ", "")[:78]}, "field 'deck'"),
    "moves not a list": ({"moves": "decline"}, "field 'moves'"),
    "a move not text": ({"moves": ["take +6c7c -As", 3]}, "move 2: a move is text"),
    "too many moves": ({"moves": ["decline"] * 122}, "field 'moves': at most 121 moves"),
    "too many moves for three": (
        {"rules": {"players": 3}, "moves": ["decline"] * 165},
        "field 'moves': at most 161 moves",
    ),
    "too many moves with the exchange": (  # M10: one give a player more
        {"rules": {"exchange": True}, "moves": ["decline"] * 124},
        "field 'moves': at most 123 moves",
    ),
    "result not an object": ({"result": "draw"}, "field 'result'"),
    "result without a winner": ({"result": {"kind": "drawn"}}, "field 'result'"),
    "result of unknown kind": ({"result": {"kind": "won", "winner": 1}}, "field 'result'"),
    "a draw with a winner": ({"result": {"kind": "drawn", "winner": 0}}, "field 'result'"),
    "a win without a winner": ({"result": {"kind": "went_out", "winner": None}}, "field 'result'"),
    "winner true": ({"result": {"kind": "went_out", "winner": True}}, "field 'result'"),
    "unknown field": ({"comment": "good game"}, "unknown field 'comment'"),
}


@pytest.mark.parametrize(("changes", "message"), SHAPE_ERRORS.values(), ids=list(SHAPE_ERRORS))
def test_a_record_of_the_wrong_shape_is_refused_by_schema_and_loader(
    changes: dict[str, Any], message: str
) -> None:
    data = {**VALID, **changes}
    assert schema_errors(data) != []
    with pytest.raises(InvalidRecordError) as caught:
        notation.loads(json.dumps(data))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "key", ["format", "version", "library", "rules", "seed", "dealer", "deck", "moves"]
)
def test_every_field_but_the_result_is_required(key: str) -> None:
    data = {name: value for name, value in VALID.items() if name != key}
    assert schema_errors(data) != []
    with pytest.raises(InvalidRecordError, match=key):
        notation.loads(json.dumps(data))


@pytest.mark.parametrize("data", [[VALID], "record", None, 1])
def test_a_record_is_a_json_object(data: object) -> None:
    assert schema_errors(data) != []
    with pytest.raises(InvalidRecordError, match="a record is a JSON object, not"):
        notation.loads(json.dumps(data))


def test_a_winner_is_read_as_a_player_number() -> None:
    """JSON may write the number 1 as 1.0; a record read back names player 1 either way,
    as an int, or refuses it (as it refuses a dealer written 1.0)."""
    data = record_json(won_game())
    data["result"]["winner"] = 1.0
    try:
        record = notation.loads(json.dumps(data))
    except InvalidRecordError:
        return
    assert record.outcome == Outcome(OutcomeKind.WENT_OUT, 1)
    assert record.outcome is not None
    assert type(record.outcome.winner) is int
    assert json.loads(notation.dumps(record))["result"] == {"kind": "went_out", "winner": 1}
    assert str(record.outcome) == "player 1 went out (R16)"


def test_the_deck_is_written_compact() -> None:
    deck = record_json(forcing_game())["deck"]
    assert deck == format_cards(parse_cards(FORCING_DECK), style="compact")
    assert len(deck) == 80


def test_m2_the_schema_takes_dealer_2_in_a_three_player_game_only() -> None:
    """M1, M2: a three-player game may be dealt by player 2 (as the third game of a
    match is, M11); a two-player game is dealt by player 0 or 1."""
    three = Game.new(4, rules=TERCERILLA, dealer=2)
    three.play(three.legal_moves()[0])
    data = record_json(three)
    assert data["dealer"] == 2
    assert schema_errors(data) == []
    two = record_json(Game.new(4, dealer=1))
    assert schema_errors(two) == []
    two["dealer"] = 2
    assert schema_errors(two) == ["2 is not one of [0, 1]"]
