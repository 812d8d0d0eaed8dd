"""Position strings (State.to_notation / State.parse) and observation strings.

A position string is one line: the tag ``conquian/1`` and then ``key=value`` words for
the rules, dealer, ply, phase, player to move, offered card and its origin, stock (in
order), both hands, both tables (melds joined by dots), the dead cards (in order) and the
result. The scenarios are dealt with :func:`helpers.deck_for` (player 0 deals,
so player 1 moves first, R10); the properties play random games under every rule set of
:data:`strategies.RULE_SETS`.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conquian import (
    Card,
    Forcing,
    Game,
    InvalidStateError,
    Meld,
    Observation,
    Outcome,
    OutcomeKind,
    Phase,
    Regrouping,
    Rules,
    State,
    deal_order,
    find_rules,
    parse_cards,
    partitions,
)
from conquian._position import POSITION_TAG, VIEW_TAG
from helpers import deck_for, play_all, random_game, scaled
from strategies import RULE_SETS, played_games


def fields_of(text: str) -> dict[str, str]:
    """The ``key=value`` words of a position or view string, by key (the tag dropped)."""
    tag, *words = text.split(" ")
    assert tag in (POSITION_TAG, VIEW_TAG)
    return dict(word.split("=", 1) for word in words)


def written(fields: dict[str, str], tag: str = POSITION_TAG) -> str:
    return " ".join([tag, *(f"{key}={value}" for key, value in fields.items())])


def changed(state: State, changes: dict[str, str]) -> str:
    """``state``'s position string with some fields rewritten."""
    fields = fields_of(state.to_notation())
    assert set(changes) <= set(fields), changes
    return written({**fields, **changes})


# ====================================================================== scenarios

# Player 1 takes the turned Jc with 6c 7c and discards As; player 0 takes As with Ah Ad
# and discards 5c, which fits player 1's table 6c 7c Jc (R14a).
FORCING_DECK = deck_for(
    player1="6c 7c Jh Js As 2d 4h Kd Qs 3s",
    player0="Ah Ad 5c 2c 3d 4d 6h 7h Ks Qh",
    stock="Jc Kh Qc 2s",
)
DEALT = State.from_deck(FORCING_DECK)
OFFERED = play_all(DEALT, "take +6c7c -As", "take +AhAd -5c")  # 5c offered to player 1
DECIDING = OFFERED.apply("decline")  # R14b case a: player 0 forces or releases
FORCED = DECIDING.apply("force")  # player 1 must take 5c
TAKEN = FORCED.apply("take +JhJs -Kd")  # 5c6c7c JcJhJs on player 1's table


def drawn_game() -> State:
    """Nothing is ever taken: each turned card is passed and declined until the stock is
    empty and the last one dies (R11b, R11a, R15)."""
    state = DEALT
    while state.to_move is not None:
        state = state.apply("decline")
    return state


DRAWN = drawn_game()
# Two-card hands: player 1 takes the turned 7c with 5c 6c and goes out with 3 cards (R16).
WON = State.from_deck(
    deck_for(player1="5c 6c", player0="Kd Ks", stock="7c"), rules=Rules(hand_size=2)
).apply("take +5c6c out")
BASES = {
    "dealt": DEALT,
    "offered": OFFERED,
    "deciding": DECIDING,
    "forced": FORCED,
    "drawn": DRAWN,
    "won": WON,
}


def test_the_scenarios_are_what_their_names_say() -> None:
    assert OFFERED.phase is Phase.OFFER
    assert OFFERED.offer == Card.parse("5c")
    assert DECIDING.phase is Phase.FORCE_DECISION
    assert DECIDING.to_move == 0
    assert FORCED.phase is Phase.FORCED_TAKE
    assert FORCED.to_move == 1
    assert DRAWN.outcome == Outcome(OutcomeKind.DRAWN, None)
    assert len(DRAWN.dead) == 20
    assert WON.outcome == Outcome(OutcomeKind.WENT_OUT, 1)


# ====================================================================== the format


def test_a_position_string_is_one_line_of_every_field() -> None:
    assert TAKEN.to_notation() == (
        "conquian/1 rules=classic dealer=0 ply=5 phase=offer to_move=0 offer=Kd"
        " from=discard:1 stock=KhQc2sAc3c4cKc5d6d7dJdQd2h3h5h4s5s6s7s"
        " hand0=2c3d4d6h7hQhKs hand1=2d4h3sQs table0=AdAhAs table1=5c6c7c.JcJhJs"
        " dead=- result=-"
    )


def test_the_deal_names_the_turned_card_and_who_turned_it() -> None:
    """R8, R10: ten cards each, nothing on the tables, player 1 offered his turned card."""
    fields = fields_of(DEALT.to_notation())
    assert fields["ply"] == "0"
    assert fields["phase"] == "offer"
    assert fields["to_move"] == "1"
    assert fields["offer"] == "Jc"
    assert fields["from"] == "stock:1"
    assert parse_cards(fields["stock"]) == DEALT.stock
    assert fields["stock"].startswith("KhQc2s")  # the stock in order, top card first
    assert frozenset(parse_cards(fields["hand1"])) == DEALT.hands[1]
    assert fields["table0"] == fields["table1"] == fields["dead"] == fields["result"] == "-"


def test_r14b_force_phases_are_written_with_the_forcer_and_the_forced() -> None:
    deciding, forced = fields_of(DECIDING.to_notation()), fields_of(FORCED.to_notation())
    assert (deciding["phase"], deciding["to_move"], deciding["from"]) == (
        "force_decision",
        "0",
        "discard:0",
    )
    assert (forced["phase"], forced["to_move"], forced["from"]) == (
        "forced_take",
        "1",
        "discard:0",
    )


def test_r15_a_drawn_game_has_no_offer_and_no_player_to_move() -> None:
    fields = fields_of(DRAWN.to_notation())
    assert fields["phase"] == "over"
    assert fields["result"] == "draw"
    assert fields["to_move"] == fields["offer"] == fields["from"] == fields["stock"] == "-"
    assert parse_cards(fields["dead"]) == DRAWN.dead  # the dead pile in order


def test_r16_a_won_game_names_the_winner() -> None:
    fields = fields_of(WON.to_notation())
    assert fields["rules"] == "classic,hand_size:2"
    assert fields["result"] == "1"
    assert fields["table1"] == "5c6c7c"
    assert fields["hand1"] == "-"


# ====================================================================== round trips


def check_round_trip(state: State) -> None:
    text = state.to_notation()
    assert "\n" not in text
    assert text.startswith(POSITION_TAG + " ")
    back = State.parse(text)
    assert back == state
    assert hash(back) == hash(state)
    assert back.to_notation() == text


@given(played_games(finished=True))
def test_every_reachable_state_round_trips(game: Game) -> None:
    for state in game.states:
        check_round_trip(state)


def every_phase_and_ending(rules: Rules) -> tuple[str, ...]:
    """What the games of a rule set must reach: every phase, and a game drawn and won."""
    if rules.forcing is Forcing.OFF:
        return ("offer", "over-draw", "over-won")
    return ("offer", "force_decision", "forced_take", "over-draw", "over-won")


def test_every_phase_and_ending_round_trips_under_every_rule_set() -> None:
    """The same property on fixed games, which surely reach every phase and ending."""
    seen: Counter[tuple[Rules, str]] = Counter()
    played: Counter[Rules] = Counter()
    for rules in RULE_SETS:
        for seed in range(25):
            # All 25 games under the full profiles; under dev (helpers.scaled), once
            # every phase and ending are played (the discards-only forced take comes in
            # the 20th game, most rule sets' in 7 or fewer).
            reached = all(seen[rules, wanted] for wanted in every_phase_and_ending(rules))
            if seed >= scaled(25, dev=1) and reached:
                break
            played[rules] += 1
            for state in random_game(State.new(seed, rules=rules, dealer=seed % 2), seed, 0.5):
                check_round_trip(state)
                outcome = state.outcome
                ending = "" if outcome is None else "-draw" if outcome.is_draw else "-won"
                seen[rules, state.phase.value + ending] += 1
    for rules in RULE_SETS:
        assert seen[rules, "offer"] > 4 * played[rules]
        for wanted in every_phase_and_ending(rules):
            assert seen[rules, wanted] > 0, (rules, wanted)


def test_equal_states_reached_by_different_moves_give_identical_strings() -> None:
    """A take that names the table's split (R13) and one that does not reach one position."""
    named = FORCED.apply("take +JhJs -Kd [JcJhJs 5c6c7c]")
    assert named.history != TAKEN.history
    assert named == TAKEN
    assert named.to_notation() == TAKEN.to_notation()


def test_the_seed_is_not_part_of_the_string() -> None:
    dealt = State.new(seed=7)
    from_deck = State.from_deck(deal_order(7))
    assert dealt.seed == 7
    assert from_deck.seed is None
    assert dealt.to_notation() == from_deck.to_notation()


def test_a_read_position_has_no_path_and_plays_on_like_the_original() -> None:
    for original in (DEALT, OFFERED, DECIDING, FORCED, TAKEN):
        back = State.parse(original.to_notation())
        assert back.history == ()
        assert back.seed is None
        assert back.deck is None
        assert back.legal_moves() == original.legal_moves()
        for move in original.legal_moves():
            assert back.apply(move) == original.apply(move)


def test_any_spelling_of_a_position_reads_back_to_it() -> None:
    """Cards in any order, case or suit symbol, and a table in any valid split (R13)."""
    text = changed(
        TAKEN,
        {
            "hand0": "K♠Q♥7h6H4d3D2c",
            "hand1": "QS3s4h2d",
            "table1": "JhJsJc.6c5c7c",
        },
    )
    assert State.parse(text) == TAKEN
    assert State.parse(text).to_notation() == TAKEN.to_notation()


@given(played_games(), st.integers(min_value=0, max_value=2**32 - 1))
def test_a_respelled_position_reads_to_the_same_state(game: Game, seed: int) -> None:
    """Hands shuffled and tables written in another of their splits (R13) name the same
    position, which is written back canonically. Under regrouping none and borrow the
    arrangement is part of the position (V2): only the order of its melds and cards
    changes."""
    rng = random.Random(seed)
    state = game.state
    fields = fields_of(state.to_notation())
    for player in (0, 1):
        hand = list(state.hands[player])
        rng.shuffle(hand)
        fields[f"hand{player}"] = "".join(map(str, hand)) or "-"
        table = [card for meld in state.tables[player] for card in meld]
        if table:
            if state.rules.regrouping is Regrouping.FREE:
                split = rng.choice(partitions(table, rules=state.rules))
            else:
                split = state.tables[player]
            melds = ["".join(map(str, rng.sample(meld.cards, len(meld)))) for meld in split]
            fields[f"table{player}"] = ".".join(rng.sample(melds, len(melds)))
    back = State.parse(written(fields))
    assert back == state
    assert back.to_notation() == state.to_notation()


@pytest.mark.parametrize("ply", ["0", "121", "879"])
def test_a_position_read_at_any_ply_plays_on_to_positions_that_read_back(ply: str) -> None:
    """``ply`` may be read up to 1000 (MAX_PLY, far above any reachable ply) less what the
    game may still last; the positions after the next move read back too."""
    state = State.parse(changed(OFFERED, {"ply": ply}))
    assert state.ply == int(ply)
    for move in state.legal_moves():
        after = state.apply(move)
        assert State.parse(after.to_notation()) == after


def highest_ply(text: str) -> int:
    """The highest ply the position ``text`` may be read with (the error says it)."""
    with pytest.raises(InvalidStateError, match="is too large") as caught:
        State.parse(re.sub(r"ply=\d+", "ply=1000", text))
    found = re.search(r"this ply is at most (\d+)", str(caught.value))
    assert found is not None
    return int(found.group(1))


@pytest.mark.parametrize("preset", ["classic", "foster", "bicycle"])
def test_a_position_read_at_its_highest_ply_plays_to_the_end_reading_back(preset: str) -> None:
    """A position ``State.parse`` accepts never leads, by a legal move, to one it
    refuses: read at the highest ply it allows, every later position of a game reads back
    (the bound on the moves left drops by at least one at every move)."""
    for seed in range(12):
        start = State.new(seed, rules=find_rules(preset)).to_notation()
        state = State.parse(start.replace("ply=0", f"ply={highest_ply(start)}"))
        first, rng = state.ply, random.Random(seed)
        while state.to_move is not None:
            state = state.apply(rng.choice(list(state.legal_moves())))
            assert State.parse(state.to_notation()) == state
        assert state.ply - first > 10
        assert state.ply <= 1000


def test_a_position_that_can_occur_but_was_not_played_here_is_accepted() -> None:
    """R14b case b: a passed card that fits the passer's table, forced back on him."""
    text = changed(FORCED, {"from": "stock:1"})
    state = State.parse(text)
    assert state.phase is Phase.FORCED_TAKE
    assert state.offered_by == 1 == state.to_move
    assert state.to_notation() == text


# ====================================================================== invalid positions


def moved(text: str, card: str) -> str:
    """``text`` (compact cards) without ``card``, or ``-`` if nothing is left."""
    assert card in text
    return text.replace(card, "") or "-"


OFFERED_FIELDS = fields_of(OFFERED.to_notation())
DRAWN_FIELDS = fields_of(DRAWN.to_notation())
LAST_DEAD = DRAWN_FIELDS["dead"][-2:]

# Each case: the base position, the fields changed, the words the error must say.
INVALID = {
    # the fields, one by one
    "unknown preset": ("offered", {"rules": "poker"}, "rules: no rule preset is called 'poker'"),
    "bad rule value": ("offered", {"rules": "classic,max_sequence:11"}, "rules: max_sequence"),
    "dealer": ("offered", {"dealer": "2"}, "dealer must be 0 or 1, not '2'"),
    "ply not a number": ("offered", {"ply": "two"}, "ply must be a whole number"),
    "ply negative": ("offered", {"ply": "-1"}, "ply must be a whole number from 0 to"),
    "ply too large": ("offered", {"ply": "1000001"}, "ply must be a whole number from 0 to"),
    "phase": (
        "offered",
        {"phase": "bidding"},
        "phase must be one of offer, force_decision, forced_take, over, exchange, not 'bidding'",
    ),
    "to_move": ("offered", {"to_move": "2"}, "to_move must be 0, 1 or -, not '2'"),
    "offer not a card": ("offered", {"offer": "8c"}, "offer: '8c' is not a card"),
    "two offered cards": (
        "offered",
        {"offer": "5cKd", "hand1": moved(OFFERED_FIELDS["hand1"], "Kd")},
        "offer: at most one card is offered",
    ),
    "origin": ("offered", {"from": "discard"}, "from must be stock:P, discard:P, upcard:P or -"),
    "origin kind": (
        "offered",
        {"from": "table:0"},
        "from must be stock:P, discard:P, upcard:P or -",
    ),
    "stock card": ("offered", {"stock": "Kh8h"}, "stock: '8h' is not a card"),
    "card twice in a hand": (
        "offered",
        {"hand0": OFFERED_FIELDS["hand0"] + "2c"},
        "hand0: 2c appears twice",
    ),
    "dead card": ("offered", {"dead": "Zz"}, "dead: 'Zz' is not a card"),
    "result": (
        "offered",
        {"result": "2"},
        "result must be 0, 1, fewest:0, fewest:1, draw or -, not '2'",
    ),
    # R6: a table splits into melds
    "table not melds": (
        "offered",
        {"table1": "6c7c.Jc"},
        "table1: 6c 7c is not a meld: a meld has at least 3 cards (R4, R5) (R6)",
    ),
    "table meld not valid": (
        "offered",
        {"table0": "AdAh2s"},
        "table0: Ad Ah 2s is not a meld",
    ),
    # every card once
    "card in two places": (
        "offered",
        {"stock": OFFERED_FIELDS["stock"] + "2c"},
        "a card is in two places: 2c (stock and hand0)",
    ),
    "card missing": (
        "offered",
        {"stock": moved(OFFERED_FIELDS["stock"], "Kh")},
        "cards missing from the position: Kh",
    ),
    # the phase and the result
    "over without a result": (
        "drawn",
        {"result": "-"},
        "phase over and a result go together (R15, R16)",
    ),
    "a result while playing": (
        "offered",
        {"result": "draw"},
        "phase over and a result go together (R15, R16)",
    ),
    "a finished game with a player to move": (
        "drawn",
        {"to_move": "1"},
        "a finished game has no offer, no origin and no player to move",
    ),
    "a finished game with an offer": (
        "drawn",
        {"offer": LAST_DEAD, "from": "stock:0", "dead": moved(DRAWN_FIELDS["dead"], LAST_DEAD)},
        "a finished game has no offer, no origin and no player to move",
    ),
    "no offer while playing": (
        "offered",
        {"offer": "-", "dead": "5c"},
        "phase offer needs an offered card, its origin and a player to move",
    ),
    "no origin while playing": (
        "offered",
        {"from": "-"},
        "phase offer needs an offered card, its origin and a player to move",
    ),
    # R14, R15, R16: the counts
    "R16 winner without 11 cards": (
        "won",
        {"result": "0"},
        "player 0 went out, so his table holds 3 cards and his hand none (R16)",
    ),
    "R14 hand and table": (
        "offered",
        {
            "hand1": moved(OFFERED_FIELDS["hand1"], "Kd"),
            "hand0": OFFERED_FIELDS["hand0"] + "Kd",
        },
        "player 0 holds 8 in hand and 3 on the table; the two always make 10 (R14)",
    ),
    "R15 a draw with a stock": (
        "drawn",
        {"stock": LAST_DEAD, "dead": moved(DRAWN_FIELDS["dead"], LAST_DEAD)},
        "a drawn game has an empty stock (R15)",
    ),
    "ply smaller than the dead pile": (
        "drawn",
        {"ply": "19"},
        "ply 19 is too small for 20 dead cards",
    ),
    # the offer and the phase (R11, R14b, V1)
    "R11 a discard from an empty table": (
        "dealt",
        {"from": "discard:0"},
        "Jc is player 0's discard, but a discard follows a take and his table is empty (R11)",
    ),
    "R11 one's own discard offered": (
        "offered",
        {"to_move": "0"},
        "5c is player 0's own discard, offered to him",
    ),
    "V1 a force decision with forcing off": (
        "deciding",
        {"rules": "classic,forcing:off"},
        "phase force_decision cannot occur with forcing off (V1)",
    ),
    "V1 a forced take with forcing off": (
        "forced",
        {"rules": "classic,forcing:off"},
        "phase forced_take cannot occur with forcing off (V1)",
    ),
    "R14b a force decision on the opponent's card": (
        "deciding",
        {"from": "discard:1"},
        "in a force decision the card came from the forcer, player 0 (R14b)",
    ),
    "V1 a force decision on a turned card with discards_only": (
        "deciding",
        {"rules": "classic,forcing:discards_only", "from": "stock:0"},
        "with forcing discards_only, only a discard is forced (V1)",
    ),
    "R14a a force decision on a card that does not fit": (
        "deciding",
        {"offer": "Kd", "hand1": OFFERED_FIELDS["hand1"].replace("Kd", "5c")},
        "Kd does not fit player 1's table, so it cannot be forced (R14a)",
    ),
    "R14b forced to take one's own discard": (
        "forced",
        {"from": "discard:1"},
        "player 1 cannot be forced to take his own discard",
    ),
    "V1 a passed card forced back with discards_only": (
        "forced",
        {"rules": "classic,forcing:discards_only", "from": "stock:1"},
        "only forcing declined lets a passed card be forced back (V1)",
    ),
    "V1 a turned card forced with discards_only": (
        "forced",
        {"rules": "classic,forcing:discards_only", "from": "stock:0"},
        "with forcing discards_only, only a discard is forced (V1)",
    ),
    "R14a a forced card that does not fit": (
        "forced",
        {"offer": "Kd", "hand1": OFFERED_FIELDS["hand1"].replace("Kd", "5c")},
        "Kd does not fit player 1's table, so it cannot be forced (R14a)",
    ),
}


@pytest.mark.parametrize(("base", "changes", "message"), INVALID.values(), ids=list(INVALID))
def test_a_position_that_could_never_occur_is_refused(
    base: str, changes: dict[str, str], message: str
) -> None:
    text = changed(BASES[base], changes)
    with pytest.raises(InvalidStateError) as caught:
        State.parse(text)
    assert message in str(caught.value)


def test_the_unchanged_bases_are_valid() -> None:
    """So each refusal above is the change's doing."""
    for state in BASES.values():
        assert State.parse(changed(state, {})) == state


OFFERED_TEXT = OFFERED.to_notation()

# The words of the line: the tag, then each known field exactly once.
MALFORMED = {
    "wrong tag": (
        OFFERED_TEXT.replace(POSITION_TAG, "conquian/2"),
        "a position starts with 'conquian/1'",
    ),
    "a view string": (
        OFFERED.observation(0).to_notation(),
        "a position starts with 'conquian/1', not 'conquian-view/1'",
    ),
    "empty": ("", "a position starts with 'conquian/1', not ''"),
    "only spaces": ("   ", "a position starts with 'conquian/1', not ''"),
    "a word without =": (OFFERED_TEXT + " hello", "'hello' is not key=value"),
    "unknown field": (OFFERED_TEXT + " colour=red", "unknown field 'colour'"),
    "a field twice": (OFFERED_TEXT + " ply=7", "field 'ply' is given twice"),
    "a missing field": (OFFERED_TEXT.replace(" dead=-", ""), "missing field: dead"),
    "missing fields": (
        OFFERED_TEXT.replace(" dead=-", "").replace(" result=-", ""),
        "missing fields: dead result",
    ),
    "too long": (OFFERED_TEXT + " " * 2000, "a position is at most 2000 characters"),
}


@pytest.mark.parametrize(("text", "message"), MALFORMED.values(), ids=list(MALFORMED))
def test_text_that_is_no_position_line_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        State.parse(text)
    assert message in str(caught.value)


@pytest.mark.parametrize("value", [None, 7, b"conquian/1", ["conquian/1"]])
def test_a_position_is_text(value: object) -> None:
    with pytest.raises(InvalidStateError, match="a position is text, not"):
        State.parse(value)  # type: ignore[arg-type]


# ====================================================================== observations


def rehidden(state: State, player: int, rng: random.Random) -> State:
    """``state`` with the cards ``player`` has not seen (the opponent's hand and the stock)
    dealt again at random between the two: the same position as ``player`` knows it. (In
    the opening exchange the opponent's card set aside stays in his hand, M10.)"""
    opponent = 1 - player
    kept = sorted(state.given & state.hands[opponent])
    hidden = [*(state.hands[opponent] - state.given), *state.stock]
    rng.shuffle(hidden)
    size = len(state.hands[opponent]) - len(kept)
    fields = fields_of(state.to_notation())
    fields[f"hand{opponent}"] = "".join(map(str, [*kept, *hidden[:size]])) or "-"
    fields["stock"] = "".join(map(str, hidden[size:])) or "-"
    return State.parse(written(fields))


def check_observation(state: State, player: int, seen: Observation) -> str:
    text = seen.to_notation()
    assert str(seen) == text
    assert "\n" not in text
    fields = fields_of(text)
    assert text.startswith(VIEW_TAG + " ")
    assert fields["player"] == str(player)
    assert frozenset(parse_cards(fields["hand"].replace("-", ""))) == state.hands[player]
    assert fields["stock_size"] == str(len(state.stock))
    sizes = [len(hand) for hand in state.hands]
    assert fields["hand_sizes"] == f"{sizes[0]},{sizes[1]}"
    assert "stock" not in fields
    assert "hand0" not in fields
    assert "hand1" not in fields
    for card in state.hands[1 - player] | frozenset(state.stock):
        assert str(card) not in text, f"the hidden {card} shows in {text}"
    return text


@given(played_games(), st.integers(min_value=0, max_value=2**32 - 1))
def test_an_observation_string_hides_the_opponents_hand_and_the_stock(
    game: Game, seed: int
) -> None:
    rng = random.Random(seed)
    states = list(game.states)
    for state in [states[-1], *rng.sample(states, min(len(states), 6))]:
        for player in (0, 1):
            text = check_observation(state, player, state.observation(player))
            other = rehidden(state, player, rng)
            assert other.observation(player).to_notation() == text
            position = fields_of(state.to_notation())
            view = fields_of(text)
            for key in ("rules", "dealer", "ply", "phase", "to_move", "offer", "from"):
                assert view[key] == position[key]
            for key in ("table0", "table1", "dead", "result"):
                assert view[key] == position[key]


def test_an_observation_string_shows_what_its_player_knows() -> None:
    assert TAKEN.observation(0).to_notation() == (
        "conquian-view/1 player=0 rules=classic dealer=0 ply=5 phase=offer to_move=0"
        " offer=Kd from=discard:1 stock_size=19 hand=2c3d4d6h7hQhKs hand_sizes=7,4"
        " table0=AdAhAs table1=5c6c7c.JcJhJs dead=- result=-"
    )
    assert TAKEN.observation(1).to_notation() == (
        "conquian-view/1 player=1 rules=classic dealer=0 ply=5 phase=offer to_move=0"
        " offer=Kd from=discard:1 stock_size=19 hand=2d4h3sQs hand_sizes=7,4"
        " table0=AdAhAs table1=5c6c7c.JcJhJs dead=- result=-"
    )


def test_an_observation_string_of_a_finished_game() -> None:
    fields = fields_of(WON.observation(0).to_notation())
    assert fields["result"] == "1"
    assert fields["to_move"] == fields["offer"] == fields["from"] == "-"
    assert fields["hand"] == "KdKs"
    assert fields["hand_sizes"] == "2,0"
    drawn = fields_of(DRAWN.observation(1).to_notation())
    assert drawn["result"] == "draw"
    assert drawn["stock_size"] == "0"
    assert drawn["dead"] == DRAWN_FIELDS["dead"]  # every dead card was seen face up


def test_an_observation_string_changes_with_what_its_player_sees() -> None:
    before, after = OFFERED.observation(1), DECIDING.observation(1)
    assert before.to_notation() != after.to_notation()
    assert OFFERED.observation(0).to_notation() != before.to_notation()


def test_a_meld_in_a_view_is_a_meld() -> None:
    fields = fields_of(TAKEN.observation(0).to_notation())
    assert [Meld(word) for word in fields["table1"].split(".")] == list(TAKEN.tables[1])
