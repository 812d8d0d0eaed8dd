"""Tests of the agents in games of three players (M1, issue #32): every built-in agent
plays them from its observation alone, State.seen_cards has a per-seat form, the
heuristic and the gift rule (R14a, R17) look at both opponents, and the search agent
samples both hidden hands."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from conquian import TERCERILLA, Decline, Force, Give, Phase, Rules, State, Take
from conquian.agents import (
    Agent,
    GreedyAgent,
    HeuristicAgent,
    RandomAgent,
    SearchAgent,
    play_game,
    without_gifts,
)
from conquian.cards import DECK, Card
from conquian.melds import fits
from conquian.phases import forced_player
from conquian.search import sample_world
from helpers import checked_game, positions_with_a_choice, scaled

SMALL = 16  # playouts per decision: enough to search, cheap to run
THREE_PLAYER_RULES = (
    TERCERILLA,
    Rules.parse("tercerilla,forcing:discards_only"),
    Rules.parse("tercerilla,regrouping:none,stock_out:fewest_cards"),
    Rules.parse("tercerilla,exchange:true"),  # M10: the agents give a card first
)


def mask(cards: Iterable[Card]) -> int:
    """The cards as a mask (a card given twice counts once)."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def agents_for(seed: int) -> list[list[Agent]]:
    return [
        [RandomAgent(seed), GreedyAgent(), HeuristicAgent()],
        [HeuristicAgent(), RandomAgent(seed + 1), GreedyAgent()],
        [SearchAgent(seed, iterations=SMALL), GreedyAgent(), HeuristicAgent()],
    ]


@pytest.mark.parametrize("rules", THREE_PLAYER_RULES, ids=str)
def test_every_agent_plays_three_player_games_from_its_observation(rules: Rules) -> None:
    """Each agent is given its own observation and the state's legal moves, and answers
    with one of them (helpers.Checked), to the end of the game."""
    outcomes = set()
    for seed in range(scaled(4, 2)):
        for agents in agents_for(seed):
            final, wrapped = checked_game(State.new(seed, rules=rules, dealer=seed % 3), agents)
            assert final.outcome is not None
            outcomes.add(final.outcome.winner)
            assert all(agent.moves > 0 for agent in wrapped)
    assert len(outcomes) > 1


def test_play_game_wants_one_agent_a_player() -> None:
    state = State.new(seed=1, rules=TERCERILLA)
    with pytest.raises(TypeError, match="sequence of three agents"):
        play_game(state, [GreedyAgent(), GreedyAgent()])
    with pytest.raises(TypeError, match="sequence of two agents"):
        play_game(State.new(seed=1), [GreedyAgent()] * 3)


def positions(rules: Rules, games: int) -> list[State]:
    """Every position of a few three-player games between varied agents."""
    found = []
    for seed in range(games):
        state = State.new(seed, rules=rules)
        agents: list[Agent] = [HeuristicAgent(), RandomAgent(seed), GreedyAgent()]
        while (player := state.to_move) is not None:
            found.append(state)
            state = state.apply(
                agents[player].choose(state.observation(player), state.legal_moves())
            )
        found.append(state)
    return found


@pytest.mark.parametrize("rules", [TERCERILLA, Rules.parse("mexican")], ids=str)
def test_seen_cards_per_seat_are_the_observations_facts(rules: Rules) -> None:
    """The per-seat fields hold every player's hand size and table; ``opponent_*`` are the
    next player's (M1, M4); the first eight fields keep their two-player meaning."""
    players = rules.players
    for state in positions(rules, 3):
        for player in range(players):
            view = state.observation(player)
            seen = state.seen_cards(player)
            after = (player + 1) % players
            assert seen.player == player
            assert seen.hand == mask(view.hand)
            assert seen.hand_sizes == view.hand_sizes
            assert seen.tables == tuple(
                mask(c for m in table for c in m.cards) for table in view.tables
            )
            assert seen.table == seen.tables[player]
            assert seen.opponent_hand_size == view.hand_sizes[after]
            assert seen.opponent_table == seen.tables[after]
            assert seen.unseen == mask(view.unseen)
            assert seen.offer == (-1 if view.offer is None else view.offer.index)


def test_choose_seen_makes_the_choice_choose_makes_with_three_players() -> None:
    agent = HeuristicAgent()
    checked = 0
    for state in positions(TERCERILLA, 6):
        player = state.to_move
        if player is None:
            continue
        moves = state.legal_moves()
        declined = mask(
            entry.offer
            for entry in state.history
            if entry.player != player
            and isinstance(entry.move, Decline)
            and entry.offer is not None  # a decline answers an offer
        )
        seen = state.seen_cards(player)
        assert agent.choose_seen(seen, declined, moves) == agent.choose(
            state.observation(player), moves
        )
        checked += len(moves) > 1
    assert checked > 10


def with_hidden_cards_moved(state: State) -> State:
    """The same position seen by the player to move, with both other hands and the stock
    dealt differently: the unseen cards in reverse order."""
    mover = state.to_move
    assert mover is not None
    others = [p for p in range(3) if p != mover]
    unseen = [card for p in others for card in sorted(state.hands[p])]
    sizes = [len(state.hands[p]) for p in others]
    unseen += state.stock
    unseen.reverse()
    fields = dict(word.split("=", 1) for word in state.to_notation().split()[1:])
    at = 0
    for p, size in zip(others, sizes, strict=True):
        fields[f"hand{p}"] = "".join(map(str, unseen[at : at + size])) or "-"
        at += size
    fields["stock"] = "".join(map(str, unseen[at:])) or "-"
    return State.parse(" ".join(["conquian/1", *(f"{k}={v}" for k, v in fields.items())]))


def test_agents_choose_the_same_move_when_only_hidden_cards_differ() -> None:
    """Both other hands and the stock dealt otherwise: the same observation, and every
    agent (the search agent for each seed) makes the same move."""
    states = [
        s for seed in range(scaled(3, 2)) for s in positions_with_a_choice(seed, "tercerilla", 3)
    ]
    assert states
    for state in states:
        other = with_hidden_cards_moved(state)
        mover = state.to_move
        assert mover is not None
        assert other.observation(mover) == state.observation(mover)
        assert other.hands != state.hands
        for make in (
            GreedyAgent,
            HeuristicAgent,
            lambda: SearchAgent(3, iterations=SMALL),
            lambda: SearchAgent(8, iterations=SMALL),
        ):
            first = make().choose(state.observation(mover), state.legal_moves())
            second = make().choose(other.observation(mover), other.legal_moves())
            assert first == second


def test_a_sampled_world_deals_both_hidden_hands() -> None:
    """Each world shows the observer what he saw; the unseen cards move between both
    other hands and the stock, each hand keeping its size."""
    for state in positions_with_a_choice(5, "tercerilla", 4):
        mover = state.to_move
        assert mover is not None
        seen = state.observation(mover)
        others = [p for p in range(3) if p != mover]
        hidden = frozenset(state.stock).union(*(state.hands[p] for p in others))
        worlds = [sample_world(seen, seed) for seed in range(6)]
        for world in worlds:
            assert world.observation(mover).to_notation() == seen.to_notation()
            assert frozenset(world.stock).union(*(world.hands[p] for p in others)) == hidden
            assert [len(world.hands[p]) for p in others] == [len(state.hands[p]) for p in others]
            assert world.legal_moves() == state.legal_moves()
        assert len({tuple(w.hands[p] for p in others) for w in worlds}) > 1


# The player before the mover (seat 2 for mover 0) holds one card and has 4-5-6 of
# hearts on his table; the next player (seat 1) holds eight cards and no table. Player 0
# may take the offered 2c with 2d 2s; discarding 7h would offer the player before him a
# card that fits his table (R14a), which he could take and go out with (R17): M4 offers a
# discard to every other player, not only to the next.
GIFT_POSITION = (
    "conquian/1 rules=tercerilla dealer=0 ply=20 phase=offer to_move=0 offer=2c "
    "from=discard:2 stock={stock} hand0=2d2s7hKcKd hand1=Ad3c4c5c6cQcQdQs "
    "hand2=Qh table0=AhAsAc table1=- table2=4h5h6h.JcJdJsJh dead=- result=-"
)


def gift_state() -> State:
    used = GIFT_POSITION.replace(".", "").split()
    held = {
        value[i : i + 2]
        for word in used[1:]
        for key, _, value in [word.partition("=")]
        if key.startswith(("hand", "table", "offer")) and value != "-"
        for i in range(0, len(value), 2)
    }
    stock = "".join(str(card) for card in DECK if str(card) not in held)
    return State.parse(GIFT_POSITION.replace("{stock}", stock))


def test_no_gift_to_the_player_before_either() -> None:
    """R14a with three players: a discard that fits the table of the player before
    (offered the card second, M4) is kept back too, whatever his hand size."""
    state = gift_state()
    view = state.observation(0)
    moves = state.legal_moves()
    kept = without_gifts(view, moves)
    gifts = [
        move
        for move in moves
        if isinstance(move, Take)
        and move.discard is not None
        and fits(move.discard, view.tables[2], rules=view.rules)
    ]
    assert gifts
    assert len(kept) == len(moves) - len(gifts)
    assert not set(gifts) & set(kept)
    for agent in (GreedyAgent(), HeuristicAgent(), SearchAgent(1, iterations=SMALL)):
        assert agent.choose(view, moves) in kept


def test_the_heuristic_forces_by_the_hand_of_the_player_before_it() -> None:
    """M6: the forced player is always the one before the forcer (the decliner), so the
    heuristic forces (R14b) when he holds at least force_hand cards, whatever the next
    player holds."""
    forced = 0
    for seed in range(scaled(40, 20)):
        state = State.new(seed, rules=TERCERILLA)
        agents: list[Agent] = [RandomAgent(seed), RandomAgent(seed + 1), RandomAgent(seed + 2)]
        while (player := state.to_move) is not None:
            moves = state.legal_moves()
            if any(isinstance(move, Force) for move in moves):
                view = state.observation(player)
                before = view.hand_sizes[forced_player(player, 3)]
                for force_hand in (before, before + 1):
                    choice = HeuristicAgent(force_hand).choose(view, moves)
                    assert isinstance(choice, Force) == (force_hand <= before)
                forced += 1
            state = state.apply(agents[player].choose(state.observation(player), moves))
    assert forced > 3


@pytest.mark.parametrize("rules_text", ["tercerilla,exchange:true", "mexican,exchange:true"])
def test_every_agent_gives_a_card_in_the_opening_exchange(rules_text: str) -> None:
    """M10: each agent, in the exchange, gives one of its hand cards (a legal give, from
    its own observation), and Greedy, the heuristic and the search give the same card;
    then the game goes on to its end."""
    rules = Rules.parse(rules_text)
    for seed in range(scaled(4, 2)):
        state = State.new(seed, rules=rules, dealer=seed % rules.players)
        while state.phase is Phase.EXCHANGE:
            player = state.to_move
            assert player is not None
            view, moves = state.observation(player), state.legal_moves()
            chosen = {
                agent.choose(view, moves)
                for agent in (GreedyAgent(), HeuristicAgent(), SearchAgent(seed, iterations=SMALL))
            }
            assert len(chosen) == 1
            give = chosen.pop()
            assert isinstance(give, Give)
            assert give.card in view.hand
            assert RandomAgent(seed).choose(view, moves) in moves
            state = state.apply(give)
        agents = agents_for(seed)[2][: rules.players]
        final, _ = checked_game(State.new(seed, rules=rules, dealer=seed % rules.players), agents)
        assert final.outcome is not None
        assert sum(isinstance(entry.move, Give) for entry in final.history) == rules.players


@pytest.mark.parametrize("rules_text", ["tercerilla,exchange:true", "mexican,exchange:true"])
def test_a_world_deals_the_card_a_player_gave_to_the_player_he_gave_it_to(
    rules_text: str,
) -> None:
    """M10: a player knows the next player holds the card he gave him, until it is seen
    (laid or discarded): every sampled world deals it there; the other unseen cards still
    move."""
    rules = Rules.parse(rules_text)
    checked = 0
    for seed in range(scaled(4, 2)):
        state = State.new(seed, rules=rules)
        greedy = GreedyAgent()
        while (player := state.to_move) is not None and state.ply < 30:
            view = state.observation(player)
            if state.phase is not Phase.EXCHANGE and view.offer is not None:
                gave = next(
                    entry.move.card
                    for entry in view.history
                    if isinstance(entry.move, Give) and entry.player == player
                )
                receiver = (player + 1) % rules.players
                worlds = [sample_world(view, world) for world in range(4)]
                if gave in state.hands[receiver]:
                    assert gave in view.unseen
                    assert all(gave in world.hands[receiver] for world in worlds)
                    checked += 1
                for world in worlds:
                    assert world.observation(player).to_notation() == view.to_notation()
            state = state.apply(greedy.choose(view, state.legal_moves()))
    assert checked > 10
