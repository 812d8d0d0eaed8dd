"""Tests of the opening exchange (M10): the rule option, the phase, the give move, the
swap, what each player sees of it, and its position strings.

M10 (docs/rules.rst): under ``exchange:true``, after the deal and before the first card is
turned up, each player in seat order from the player after the dealer chooses a card of
his hand to give to the next player; the chosen cards change hands at once when every
player has chosen, and then play starts as without the exchange (R10, M2, V8). A player
sees the card he gave and, once all have chosen, the card he received; nobody else sees
either.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import attrs
import pytest

from conquian import (
    CLASSIC,
    MEXICAN,
    PRESETS,
    TERCERILLA,
    Card,
    Fate,
    Game,
    Give,
    IllegalMoveError,
    InvalidMoveNotationError,
    InvalidRulesError,
    InvalidStateError,
    Phase,
    Regrouping,
    Rules,
    State,
    notation,
    parse_move,
)
from conquian._agents import least_useful_give
from conquian.agents import GreedyAgent, HeuristicAgent, SearchAgent, play_game
from conquian.cards import DECK, format_cards
from conquian.moves import MOVE_VERBS
from conquian.phases import first_giver, gives_seen_by, receiver
from helpers import scaled

EXCHANGE = attrs.evolve(CLASSIC, exchange=True)
EXCHANGE_RULES: dict[str, Rules] = {
    "classic": EXCHANGE,
    "mexican": attrs.evolve(MEXICAN, exchange=True),
    "tercerilla": attrs.evolve(TERCERILLA, exchange=True),
    "tercerilla_upcard": attrs.evolve(TERCERILLA, exchange=True, initial_upcard=True),
    "upcard_none_meld_from_hand": Rules(
        exchange=True, initial_upcard=True, regrouping=Regrouping.NONE, meld_from_hand=True
    ),
    "tercerilla_borrow_batch": Rules(
        players=3, hand_size=8, exchange=True, regrouping=Regrouping.BORROW, deal_batch=2
    ),
}


def exchanged(state: State, rng: random.Random) -> tuple[State, dict[int, Card]]:
    """``state`` after every player gave a random card of his hand, and the gives."""
    gives: dict[int, Card] = {}
    while state.phase is Phase.EXCHANGE:
        move = rng.choice(list(state.legal_moves()))
        assert isinstance(move, Give)
        assert move.card is not None
        gives[state.to_move or 0] = move.card
        state = state.apply(move)
    return state, gives


def random_states(rules: Rules, seed: int) -> Iterator[State]:
    """Every position of a random game of ``rules`` from ``seed``."""
    rng = random.Random(seed)
    state = State.new(seed, rules=rules, dealer=seed % rules.players)
    yield state
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        yield state


# ---------------------------------------------------------------- the option


def test_m10_the_exchange_is_an_option_off_in_every_preset() -> None:
    assert Rules().exchange is False
    assert not any(rules.exchange for rules in PRESETS.values())
    assert Rules.parse("classic,exchange:true") == EXCHANGE
    assert EXCHANGE.to_notation() == "classic,exchange:true"
    assert Rules.parse("mexican,players:3,exchange:true").to_notation() == (
        "tercerilla,exchange:true"
    )
    assert EXCHANGE.setting("exchange") == "exchange:true"
    assert Rules.from_dict(EXCHANGE.to_dict()) == EXCHANGE
    # Rules without the exchange write the data they always wrote.
    assert "exchange" not in CLASSIC.to_dict()
    with pytest.raises(InvalidRulesError, match="exchange must be true or false, not 1"):
        Rules(exchange=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="exchange must be true or false"):
        Rules.parse("classic,exchange:on")


# ---------------------------------------------------------------- the give move


def test_m10_a_give_is_written_give_and_its_card() -> None:
    seven = Card.parse("7h")
    assert parse_move("give 7h") == Give(seven)
    assert parse_move("  GIVE 7♥ ") == Give(seven)
    assert str(Give(seven)) == "give 7h"
    assert parse_move(str(Give(seven))) == Give(seven)
    assert repr(Give(seven)) == "parse_move('give 7h')"
    # A give the viewer may not see, as his view of the history writes it.
    assert str(Give(None)) == "give ?"
    assert parse_move("give ?") == Give(None)
    assert "give" in MOVE_VERBS
    for text, message in (
        ("give", "a give is give CARD"),
        ("give 7h 6h", "a give is give CARD"),
        ("give 7h6h", "a give gives one card, not 2"),
        ("give 9h", "9h"),
        ("give 7h [5h6h7h]", "a give is give CARD"),
    ):
        with pytest.raises(InvalidMoveNotationError, match=message):
            parse_move(text)
    with pytest.raises(TypeError, match="card must be a Card or None"):
        Give("7h")  # type: ignore[arg-type]


# ---------------------------------------------------------------- the phase machine


@pytest.mark.parametrize("rules", EXCHANGE_RULES.values(), ids=EXCHANGE_RULES.keys())
def test_m10_each_player_in_turn_chooses_one_card_of_his_hand(rules: Rules) -> None:
    players = rules.players
    for dealer in range(players):
        state = State.new(seed=11, rules=rules, dealer=dealer)
        dealt = state.hands
        assert state.phase is Phase.EXCHANGE
        assert state.offer is None
        assert state.offer_origin is None
        assert state.offered_by is None
        assert len(state.stock) == 40 - players * rules.hand_size
        for step in range(players):
            giver = (dealer + 1 + step) % players
            assert state.to_move == giver == (first_giver(dealer, players) + step) % players
            assert state.ply == step
            moves = state.legal_moves()
            # One give per hand card, in deck order.
            assert list(moves) == [Give(card) for card in sorted(state.hands[giver])]
            card = max(state.hands[giver])
            state = state.apply(f"give {card}")
            entry = state.history[-1]
            assert (entry.player, entry.move, entry.phase) == (giver, Give(card), Phase.EXCHANGE)
            assert entry.offer is None
            assert entry.offer_origin is None
            assert entry.fate is Fate.GIVEN
            assert str(entry) == f"{giver}: give {card} (exchange)"
            if step < players - 1:
                # The chosen cards stay in their givers' hands until all have chosen.
                assert state.hands == dealt
                assert state.phase is Phase.EXCHANGE
        assert state.phase is Phase.OFFER
        # Then all change hands at once: each player's to the next player.
        for giver in range(players):
            given = max(dealt[giver])
            assert given not in state.hands[giver]
            assert given in state.hands[receiver(giver, players)]
            assert len(state.hands[giver]) == rules.hand_size


@pytest.mark.parametrize("rules", EXCHANGE_RULES.values(), ids=EXCHANGE_RULES.keys())
def test_m10_play_then_starts_as_without_the_exchange(rules: Rules) -> None:
    """R10, M2, V8: after the exchange the first card is turned up, by the same player,
    as in the same deal without the exchange."""
    rng = random.Random(3)
    without = attrs.evolve(rules, exchange=False)
    for seed in range(6):
        dealer = seed % rules.players
        state, _ = exchanged(State.new(seed, rules=rules, dealer=dealer), rng)
        plain = State.new(seed, rules=without, dealer=dealer)
        assert state.ply == rules.players
        assert (state.offer, state.offer_origin, state.offered_by, state.to_move) == (
            plain.offer,
            plain.offer_origin,
            plain.offered_by,
            plain.to_move,
        )
        assert (state.stock, state.dead, state.tables) == (plain.stock, plain.dead, plain.tables)
        assert state.legal_moves() == state._replace(rules=without).legal_moves()


def test_m10_with_two_players_they_swap_one_card_each() -> None:
    state = State.new(seed=7, rules=EXCHANGE)
    assert format_cards(sorted(state.hands[1]))[:2] == "3c"
    state = state.apply("give 3c").apply("give Ac")
    assert Card.parse("3c") in state.hands[0]
    assert Card.parse("Ac") in state.hands[1]


def test_m10_no_other_move_is_legal_in_the_exchange_and_no_give_after_it() -> None:
    state = State.new(seed=7, rules=EXCHANGE)
    for move in ("decline", "force", "release", "take -3c", "lay +3c4c5c"):
        error = state.refusal(move)
        assert error is not None, move
        assert "opening exchange" in str(error), move
        assert "(M10)" in str(error)
    with pytest.raises(IllegalMoveError, match="Ac is not in your hand"):
        state.apply("give Ac")  # player 0's card: player 1 chooses first
    with pytest.raises(IllegalMoveError, match="give \\? names no card"):
        state.apply("give ?")
    with pytest.raises(IllegalMoveError, match="player 1's turn"):
        state.apply("give Ac", player=0)
    after = state.apply("give 3c").apply("give Ac")
    with pytest.raises(IllegalMoveError, match="cards are given only in the opening exchange"):
        after.apply(f"give {min(after.hands[1])}")


@pytest.mark.parametrize("rules", EXCHANGE_RULES.values(), ids=EXCHANGE_RULES.keys())
def test_m10_random_games_with_the_exchange_keep_every_card(rules: Rules) -> None:
    for seed in range(scaled(4, least=2)):  # two games under dev (helpers.scaled)
        for state in random_states(rules, seed):
            places = [*state.stock, *state.dead, *(c for hand in state.hands for c in hand)]
            places += [c for table in state.tables for meld in table for c in meld]
            places += [] if state.offer is None else [state.offer]
            assert sorted(places) == sorted(Card.parse(str(c)) for c in places)
            assert len(set(places)) == 40, state
            assert State.parse(state.to_notation()) == state


# ---------------------------------------------------------------- what each player sees


@pytest.mark.parametrize("players", [2, 3])
def test_m10_a_player_sees_his_give_and_once_all_chose_the_one_he_received(
    players: int,
) -> None:
    rules = attrs.evolve(EXCHANGE, players=players, hand_size=8)
    rng = random.Random(players)
    for seed in range(4):
        state = State.new(seed, rules=rules, dealer=seed % players)
        done, gives = exchanged(state, rng)
        for viewer in range(players):
            # During the exchange: only his own give, shown, and set aside.
            during = state
            for _ in range(players - 1):
                during = during.apply(f"give {gives[during.to_move or 0]}")
                view = during.observation(viewer)
                for entry in view.history:
                    own = entry.player == viewer
                    assert entry.move == (Give(gives[entry.player]) if own else Give(None))
                    assert entry.fate is Fate.GIVEN
                chose = any(entry.player == viewer for entry in view.history)
                assert view.given == (gives[viewer] if chose else None)
                assert view.hand == during.hands[viewer]
            # After it: his own give and the one he received, no other.
            view = done.observation(viewer)
            assert view.given is None
            shown = {entry.player: entry.move for entry in view.history}
            for giver in range(players):
                seen = giver == viewer or receiver(giver, players) == viewer
                assert gives_seen_by(viewer, giver, True, players) is seen
                assert shown[giver] == (Give(gives[giver]) if seen else Give(None))
            assert gives[(viewer - 1) % players] in view.hand
            text = str(view.history)
            for giver, card in gives.items():
                if not gives_seen_by(viewer, giver, True, players):
                    assert f"give {card}" not in text
        # The state itself keeps every give.
        assert [entry.move for entry in done.history] == [
            Give(gives[(seed % players + 1 + step) % players]) for step in range(players)
        ]


def test_m10_the_third_player_sees_only_that_a_card_was_given() -> None:
    rules = attrs.evolve(TERCERILLA, exchange=True)
    state = State.new(seed=5, rules=rules, dealer=0)
    one = state.apply(f"give {min(state.hands[1])}")
    other = state.apply(f"give {max(state.hands[1])}")
    # Player 0 (who receives from player 2) never sees player 1's give to player 2.
    first, second = one, other
    for _ in range(2):
        assert first.observation(0) == second.observation(0)
        assert first.observation(2) == second.observation(2)
        assert first.observation(1) != second.observation(1)
        card = min(first.hands[first.to_move or 0])
        first, second = first.apply(f"give {card}"), second.apply(f"give {card}")
    assert first.phase is Phase.OFFER
    assert first.observation(0) == second.observation(0)
    assert first.observation(0).to_notation() == second.observation(0).to_notation()
    assert first.observation(2) != second.observation(2)  # he received it


# ---------------------------------------------------------------- position strings


def test_m10_a_position_in_the_exchange_names_the_cards_set_aside() -> None:
    rules = attrs.evolve(TERCERILLA, exchange=True)
    state = State.new(seed=9, rules=rules, dealer=2)
    text = state.to_notation()
    assert " phase=exchange to_move=0 offer=- from=- given=- stock=" in text
    state = state.apply(f"give {min(state.hands[0])}")
    text = state.to_notation()
    assert f" given={min(state.hands[0])} " in text
    assert State.parse(text) == state
    # The field is written in the exchange only: no other position changes.
    assert "given=" not in State.new(seed=9, rules=TERCERILLA).to_notation()
    card = min(state.hands[0])
    other = min(state.hands[1])
    for bad, message in (
        (text.replace(f" given={card}", ""), "missing field: given"),
        (text.replace(f" given={card}", f" given={card}{other}"), "player 1 has set 1 cards"),
        (text.replace(f" given={card}", " given=-"), "player 0 has set 0 cards aside"),
        (text.replace("exchange:true", "exchange:false"), "needs rules with exchange:true"),
        (text.replace(" ply=1 ", " ply=2 "), "ply 2 is not the 1 gives made"),
        (text.replace("phase=exchange", "phase=offer"), "is for the opening exchange"),
    ):
        with pytest.raises(InvalidStateError, match=message):
            State.parse(bad)


# ---------------------------------------------------------------- the built-in agents


def every_meld() -> tuple[frozenset[Card], ...]:
    """Every meld of the pack under classic rules, as card sets, built independently of
    the engine's tables: groups of three and four, and runs of three to eight cards in
    each suit (cards of a suit in deck order are in rank order, 7 next to J: R5)."""
    found: list[frozenset[Card]] = []
    by_rank: dict[object, list[Card]] = {}
    by_suit: dict[object, list[Card]] = {}
    for card in DECK:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, []).append(card)
    for cards in by_rank.values():
        found.extend(frozenset(group) for size in (3, 4) for group in combinations(cards, size))
    for cards in by_suit.values():
        for start in range(len(cards)):
            for end in range(start + 3, min(start + 8, len(cards)) + 1):
                found.append(frozenset(cards[start:end]))
    return tuple(found)


def test_m10_the_built_in_agents_give_the_card_least_useful_to_them() -> None:
    """Greedy, heuristic and search agents give the hand card least useful to them: over
    the melds of three with two other cards in the hand or unseen, 4 for each with both in
    the hand, 1 with one; then the fewest such melds with two unseen cards (which the
    receiver may hold); then the lowest card (the exchange is not searched). They play
    games with the exchange to the end."""
    melds = every_meld()
    assert len(melds) == 50 + 4 * sum(range(3, 9)) == 182  # 50 groups, runs of 3 to 8
    threes = [meld for meld in melds if len(meld) == 3]
    for seed in range(8):
        state = State.new(seed=seed, rules=EXCHANGE)
        view = state.observation(state.to_move or 0)
        hand, unseen = view.hand, view.unseen

        def uses(
            card: Card, hand: frozenset[Card] = hand, unseen: frozenset[Card] = unseen
        ) -> tuple[int, int, Card]:
            own = shared = 0
            for meld in threes:
                others = meld - {card}
                if card in meld and others <= hand | unseen:
                    held = len(others & hand)
                    own += 4 if held == 2 else held
                    shared += others <= unseen
            return own, shared, card

        wanted = Give(min(view.hand, key=uses))
        assert least_useful_give(view, state.legal_moves()) == wanted
        for agent in (GreedyAgent(), HeuristicAgent(), SearchAgent(seed=1, seconds=0.01)):
            assert agent.choose(view, state.legal_moves()) == wanted
    assert least_useful_give(view, [parse_move("decline")]) is None
    for players in (2, 3):
        rules = Rules(players=players, hand_size=8, exchange=True)
        final = play_game(State.new(seed=4, rules=rules), [HeuristicAgent()] * players)
        assert final.is_over
        assert [entry.phase for entry in final.history[:players]] == [Phase.EXCHANGE] * players


# ---------------------------------------------------------------- Game, undo, records


@pytest.mark.parametrize("players", [2, 3])
def test_m10_a_game_undoes_gives_and_its_record_replays_them(players: int) -> None:
    rules = Rules(players=players, hand_size=8, exchange=True)
    game = Game.new(seed=12, rules=rules, dealer=players - 1)
    first = game.state.legal_moves()[0]
    game.play(first)
    assert isinstance(first, Give)
    assert game.state.given == {first.card}
    game.undo()
    assert game.state == State.new(seed=12, rules=rules, dealer=players - 1)
    rng = random.Random(players)
    while not game.state.is_over:
        moves = game.state.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    text = notation.dumps(game)
    assert '"give ' in text
    record = notation.loads(text)
    assert [str(move) for move in record.moves[:players]] == [
        str(entry.move) for entry in game.state.history[:players]
    ]
    *_, last = record.replay()
    assert last == game.state
    assert last.history == game.state.history
