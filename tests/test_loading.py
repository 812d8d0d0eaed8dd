"""Loading records and JSON data: what the readers must keep while they take short cuts.

Reading a match record replays each game once and hands its states on to the match's
checks; a game record made from a game just replayed is not checked again; a deck is
checked as a set of bits; and :meth:`Game.from_dict` compares its state's data with the
state its moves reach rather than replaying the history a second time. These tests pin
what none of that may change: what is read equals what was saved, and bad data is
refused with the messages the full checks give (those of the 0.x readers, word for word).
"""

from __future__ import annotations

import copy
import functools
import json
import types
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from conquian import (
    DECK,
    Game,
    InvalidRecordError,
    InvalidStateError,
    Outcome,
    OutcomeKind,
    Rules,
    State,
    __version__,
    deal_order,
    notation,
    parse_cards,
    parse_move,
)
from conquian.cards import Card
from conquian.game import GameRecord
from conquian.match import (
    Match,
    MatchOutcome,
    MatchRecord,
    match_dumps,
    match_from_dict,
    match_loads,
    match_to_dict,
)
from conquian.match_record import read_match_games
from conquian.rules import DrawSettlement, Scoring
from conquian.simulate import game_seed
from conquian.views import same_json
from helpers import bots, play_to_end

POINTS_100 = Rules(scoring=Scoring.POINTS, target=100)


def play_match(match: Match, games: int | None = None) -> Match:
    """Play ``match`` with the bots until it is over (or ``games`` more games ended)."""
    return play_to_end(match, bots(match.seed), games)


def play_game(game: Game, seed: int, moves: int | None = None) -> Game:
    """Play ``game`` with the bots to its end (or ``moves`` more moves)."""
    agents = bots(seed)
    stop = None if moves is None else game.ply + moves
    while (player := game.to_move) is not None and game.ply != stop:
        state = game.state
        game.play(agents[player].choose(state.observation(player), state.legal_moves()))
    return game


def finished_match() -> Match:
    return play_match(Match.new(5, games=3))


# ---------------------------------------------------------------------- matches


@functools.cache
def matches() -> dict[str, Match]:
    between = play_match(Match.new(9, rules=POINTS_100), games=2)
    during = play_match(Match.new(9, rules=POINTS_100), games=2)
    play_game(game := during.game, 9, moves=5)
    for move in game.moves:
        during.play(move)
    return {
        "finished": finished_match(),
        "in progress": during,
        "between games": between,
        "not started": Match.new(3, games=2, first_dealer=1),
    }


@pytest.mark.parametrize("name", ["finished", "in progress", "between games", "not started"])
def test_a_loaded_match_is_the_saved_one(name: str) -> None:
    match = matches()[name]
    text = match_dumps(match)
    record = match_loads(text)
    assert record == match.record()
    assert match_from_dict(json.loads(text)) == record
    again = Match.from_record(record)
    assert again == match
    assert again.completed == match.completed  # the games' records, stakes and standings
    assert again.outcome == match.outcome
    assert again.game == match.game
    assert again.record() == match.record()
    assert match_dumps(again) == text


def test_a_long_match_is_loaded_whole() -> None:
    match = play_match(Match.new(6, games=64))
    text = match_dumps(match)
    assert 50_000 < len(text.encode()) <= 64 * 1024  # the size the docs promise to read fast
    record = match_loads(text)
    assert record == match.record()
    assert Match.from_record(record) == match


def test_games_written_by_another_version_are_settled_as_this_librarys() -> None:
    """A match keeps its finished games' records as its own games give them: written by
    this library, whatever version wrote the record it was read from."""
    match = finished_match()
    data = match_to_dict(match)
    for game in data["games"]:
        game["library"] = "0.0.1"
    record = match_loads(json.dumps(data))
    assert {game.library for game in record.games} == {"0.0.1"}
    again = Match.from_record(record)
    assert [result.record.library for result in again.completed] == [__version__] * 3
    assert again.completed == match.completed
    assert again.record() == match.record()


def test_a_game_record_of_a_subclass_is_settled_as_a_game_record() -> None:
    class Annotated(GameRecord):
        pass

    match = finished_match()
    record = match.record()
    games = [
        Annotated(
            rules=game.rules,
            dealer=game.dealer,
            deck=game.deck,
            moves=game.moves,
            seed=game.seed,
            outcome=game.outcome,
        )
        for game in record.games
    ]
    again = Match.from_record(attrs.evolve(record, games=games))
    assert {type(result.record) for result in again.completed} == {GameRecord}
    assert again == match


# ------------------------------------------------------------- tampered matches


def _swap_first_cards(game: dict[str, Any]) -> None:
    deck = game["deck"]
    game["deck"] = deck[2:4] + deck[0:2] + deck[4:]


def _unfinish(game: dict[str, Any]) -> None:
    game["moves"].pop()
    game["result"] = None


def _next_deal(data: dict[str, Any]) -> None:
    data["games"].append(notation.record_to_dict(Game.new(game_seed(5, 3), dealer=1).record()))


TAMPERED_MATCHES: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "a changed move": (
        lambda data: data["games"][1]["moves"].__setitem__(1, "release"),
        "game 2, move 2 'release': nothing to release: no declined card awaits a force (R14b)",
    ),
    "the moves of another game": (
        lambda data: data["games"][1].__setitem__("moves", data["games"][2]["moves"]),
        "game 2, move 7 'take +5c5h -Jc': 5c is not in player 1's hand",
    ),
    "a changed game result": (
        lambda data: data["games"][0].__setitem__("result", {"kind": "went_out", "winner": 1}),
        "game 1, field 'result': the record says player 1 went out (R16), but its moves "
        "give player 0 went out (R16)",
    ),
    "a move left out": (
        lambda data: data["games"][0]["moves"].pop(),
        "game 1, field 'result': the record says player 0 went out (R16), but its moves "
        "give the game is not over",
    ),
    "an unfinished game followed": (
        lambda data: _unfinish(data["games"][0]),
        "game 1: the game is not finished, but game 2 follows",
    ),
    "a changed deck": (
        lambda data: _swap_first_cards(data["games"][2]),
        "game 3, field 'deck': it is not the deck dealt from seed 4680382767559768086",
    ),
    "a changed seed": (
        lambda data: data["games"][1].__setitem__("seed", data["games"][2]["seed"]),
        "game 2, field 'seed': game 2 of match seed 5 is dealt from seed "
        "17719801965595079832, not 4680382767559768086",
    ),
    "other rules in a game": (
        lambda data: data["games"][1].__setitem__(
            "rules", Rules(draw_settlement=DrawSettlement.POOL).to_dict()
        ),
        "game 2, field 'rules': not the rules of the match",
    ),
    "a changed match result": (
        lambda data: data.__setitem__("result", {"scores": [2, -2], "winner": 0}),
        "field 'result': the record says player 0 wins, 2 to -2, but its games give "
        "player 0 wins, 1 to -1",
    ),
    "a game after the end": (
        _next_deal,
        "game 4: the match was over after game 3",
    ),
    "a game missing": (
        lambda data: data["games"].pop(),
        "field 'games': game 2 ended and the match is not over, so game 3 must follow "
        "(with no moves yet)",
    ),
}


def built(data: dict[str, Any]) -> MatchRecord:
    """The match record of JSON data, built in Python (each game record checked as it is
    built, no game replayed)."""

    def outcome(value: dict[str, Any] | None) -> Outcome | None:
        return None if value is None else Outcome(OutcomeKind(value["kind"]), value["winner"])

    games = [
        GameRecord(
            rules=Rules.from_dict(game["rules"]),
            dealer=game["dealer"],
            deck=parse_cards(game["deck"]),
            moves=[parse_move(text) for text in game["moves"]],
            seed=game["seed"],
            outcome=outcome(game["result"]),
            library=game["library"],
        )
        for game in data["games"]
    ]
    result = data["result"]
    return MatchRecord(
        rules=Rules.from_dict(data["rules"]),
        seed=data["seed"],
        first_dealer=data["first_dealer"],
        games_planned=data["games_planned"],
        games=games,
        outcome=None
        if result is None
        else MatchOutcome(tuple(result["scores"]), result["winner"]),
    )


@pytest.mark.parametrize("case", list(TAMPERED_MATCHES))
def test_a_tampered_match_record_is_refused_as_before(case: str) -> None:
    """Read from JSON (each game replayed once, its states handed on) or built in Python
    and replayed by Match.from_record, a bad record is refused with the same words."""
    change, message = TAMPERED_MATCHES[case]
    data = match_to_dict(finished_match())
    change(data)
    with pytest.raises(InvalidRecordError) as read:
        match_loads(json.dumps(data))
    assert str(read.value) == message
    if case in ("a changed deck", "a changed seed"):  # no such game record can be built
        with pytest.raises(InvalidRecordError) as building:
            built(data)
        assert str(building.value) == (
            "field 'deck': it is not the deck dealt from seed 4680382767559768086"
        )
        return
    with pytest.raises(InvalidRecordError) as replayed:
        Match.from_record(built(data))
    assert str(replayed.value) == message


# ---------------------------------------------------------------------- game records


def test_a_loaded_game_record_replays_to_the_saved_game() -> None:
    for seed in range(3):
        game = play_game(Game.new(seed, dealer=seed % 2), seed)
        record = notation.loads(notation.dumps(game))
        assert record == game.record()
        assert Game.from_record(record) == game
        assert list(record.replay()) == list(game.states)


def _bad_decks() -> dict[str, tuple[object, str]]:
    dealt = deal_order(6)
    card = "field 'deck': the 40 cards, each exactly once"
    return {
        "a card twice": ((*dealt[:39], dealt[0]), card),
        "39 cards": (dealt[:39], card),
        "41 cards": ((*dealt, dealt[0]), card),
        "text for a card": ((*dealt[:39], str(dealt[39])), card),
        "a card of a subclass": ((*dealt[:39], MarkedCard(dealt[39].rank, dealt[39].suit)), card),
        "another order": (
            (dealt[1], dealt[0], *dealt[2:]),
            "field 'deck': it is not the deck dealt from seed 6",
        ),
    }


class MarkedCard(Card):
    """A card of another class, which no card of the deck equals."""


@pytest.mark.parametrize("case", list(_bad_decks()))
def test_a_bad_deck_is_refused(case: str) -> None:
    deck, message = _bad_decks()[case]
    with pytest.raises(InvalidRecordError) as refused:
        GameRecord(Rules(), 0, deck, (), seed=6)  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_every_deck_order_is_a_deck() -> None:
    for seed in range(20):
        order = list(deal_order(seed))
        record = GameRecord(Rules(), 1, order, ())
        assert record.deck == tuple(order)
        assert GameRecord(Rules(), 1, order, (), seed=seed).seed == seed
    assert GameRecord(Rules(), 0, DECK, ()).deck == DECK


# ---------------------------------------------------------------------- game data


@functools.cache
def games() -> dict[str, Game]:
    finished = play_game(Game.new(3), 3)
    from_notation = Game(State.parse(State.new(4).to_notation()))
    midway = Game(play_game(Game.new(8), 8, moves=6).state)
    return {
        "finished": finished,
        "not started": Game.new(1, rules=Rules(initial_upcard=True)),
        "from a position string": play_game(from_notation, 4, moves=9),
        "from a position midway": play_game(midway, 8, moves=7),
        "without a seed": play_game(Game.from_deck(deal_order(2), dealer=1), 2),
    }


@pytest.mark.parametrize(
    "name",
    [
        "finished",
        "not started",
        "from a position string",
        "from a position midway",
        "without a seed",
    ],
)
def test_a_game_read_from_its_data_is_the_saved_one(name: str) -> None:
    game = games()[name]
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again == game  # every state
    assert again.moves == game.moves
    assert again.initial.seed == game.initial.seed
    assert again.initial.deck == game.initial.deck
    assert again.state.history == game.state.history
    assert again.to_dict() == game.to_dict()


def _upper_hand(data: dict[str, Any]) -> None:
    data["state"]["hands"][0] = [card.upper() for card in data["state"]["hands"][0]]


def _swap_hands(data: dict[str, Any]) -> None:
    hands = data["state"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]


def _swap_deck(data: dict[str, Any]) -> None:
    deck = data["state"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]


def _earlier(data: dict[str, Any]) -> None:
    data["state"] = list(games()["finished"].states)[-2].to_dict()


def _set(*path: Any) -> Callable[[dict[str, Any]], None]:
    """A change that sets the field at ``path`` (its last item the value)."""

    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-2]:
            target = target[key]
        target[path[-2]] = path[-1]

    return change


# The finished game's move 3 is 'take +KcKd -Ad'.
TAMPERED_GAMES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    # Read before as the same state; refused since the readers agree with the schema,
    # whose card is 7h as to_dict writes it (issue 35).
    "cards in capitals": (
        _upper_hand,
        "a state: hands: cards are written in notation, such as 7h, not '5C'",
    ),
    "a ply that is not an int": (
        _set("state", "ply", 45.0),
        "a state: ply: a whole number from 0 to 1000, not 45.0",
    ),
    "a state's move's goes_out not a bool": (
        _set("state", "history", 2, "move", "goes_out", 0),
        "a state: history entry 3: the move's goes_out 0 is not what 'take +KcKd -Ad' does: false",
    ),
    "an unknown field in a history entry": (
        _set("state", "history", 2, "note", "x"),
        "a state: history entry 3: unknown field 'note': the fields are player, offer, "
        "origin, offered_by, phase, fate, move",
    ),
    "a history entry's fate": (
        _set("state", "history", 1, "fate", "taken"),
        "a state: history entry 2: the fate 'taken' is not what its move does there: declined",
    ),
    "a history entry's move": (
        _set("state", "history", 2, "move", "text", "decline"),
        "a state: its history: the table would not split into melds: 2d 3d Kh (R6)",
    ),
    "a history entry's player": (
        _set("state", "history", 0, "player", True),
        "a state: history entry 1: player and offered_by are 0 or 1",
    ),
    "the dead cards as a tuple": (
        lambda data: data["state"].__setitem__("dead", tuple(data["state"]["dead"])),
        "a state: dead: a list of at most 40 cards, not a tuple of 20 items",
    ),
    "cards swapped between the hands": (
        _swap_hands,
        "a state: the history from the deck does not lead to it",
    ),
    "a deck not the seed's": (_swap_deck, "a state: the deck is not the one the seed deals"),
    "the state before the last move": (_earlier, "a game: the moves do not lead to its state"),
    "a move's goes_out not a bool": (
        _set("moves", 2, "goes_out", 1),
        "a game: move 3: the move's goes_out 1 is not what 'take +KcKd -Ad' does: false",
    ),
    "an unknown field in a move": (
        _set("moves", 2, "note", "x"),
        "a game: move 3: a move of kind take has no field 'note': the fields are text, kind, "
        "laid, discard, goes_out, table",
    ),
    "a move's laid cards": (
        _set("moves", 2, "laid", ["Kc"]),
        "a game: move 3: the move's laid a list of 1 items is not what 'take +KcKd -Ad' "
        'does: ["Kc", "Kd"]',
    ),
}


def finished_data() -> dict[str, Any]:
    game = games()["finished"]
    assert str(game.moves[2]) == "take +KcKd -Ad"
    assert game.ply == 45
    result: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return result


@pytest.mark.parametrize("case", list(TAMPERED_GAMES))
def test_tampered_game_data_is_refused_as_before(case: str) -> None:
    change, message = TAMPERED_GAMES[case]
    data = finished_data()
    change(data)
    with pytest.raises(InvalidStateError) as refused:
        Game.from_dict(data)
    assert str(refused.value) == message


ACCEPTED_GAMES: dict[str, Callable[[dict[str, Any]], object]] = {
    "a state without its seed": _set("state", "seed", None),
    "a state as a read-only mapping": lambda data: data.__setitem__(
        "state", types.MappingProxyType(data["state"])
    ),
    "the fields in another order": lambda data: data.__setitem__(
        "state", dict(reversed(data["state"].items()))
    ),
}


@pytest.mark.parametrize("case", list(ACCEPTED_GAMES))
def test_a_state_written_otherwise_is_still_read(case: str) -> None:
    """Data that is not what to_dict writes, but is read as the same state, is accepted
    as before (it is read, and its history replayed, not only compared)."""
    data = finished_data()
    ACCEPTED_GAMES[case](data)
    assert Game.from_dict(data) == games()["finished"]


def test_same_json_tells_the_json_types_apart() -> None:
    written = {"a": [1, "7h", None, {"b": True}], "c": []}
    assert same_json(copy.deepcopy(written), written)
    assert same_json({"c": [], "a": [1, "7h", None, {"b": True}]}, written)
    for other in (
        {"a": [1, "7h", None, {"b": 1}], "c": []},
        {"a": [True, "7h", None, {"b": True}], "c": []},
        {"a": [1.0, "7h", None, {"b": True}], "c": []},
        {"a": [1, "7H", None, {"b": True}], "c": []},
        {"a": (1, "7h", None, {"b": True}), "c": []},
        {"a": [1, "7h", None, {"b": True}], "c": [], "d": 0},
        {"a": [1, "7h", None, {"b": True}]},
        {"a": [1, "7h", None], "c": []},
        {"a": [1, "7h", "", {"b": True}], "c": []},
        types.MappingProxyType(written),
    ):
        assert not same_json(other, written), other


def test_reading_a_match_keeps_one_position_a_game_and_the_last_game_whole() -> None:
    """A long match record is read game by game: each finished game leaves only its last
    position (no history), so memory grows with the games, not with every state."""
    match = play_match(Match.new(6, games=12))
    record, finals, last = read_match_games(json.loads(match_dumps(match)))
    assert len(finals) == len(record.games) == 12
    assert all(final.history == () for final in finals)
    assert [final.outcome for final in finals] == [
        result.record.outcome for result in match.completed
    ]
    assert last is not None
    assert last.record() == record.games[-1]
