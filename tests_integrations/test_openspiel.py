"""The OpenSpiel game ``python_conquian`` passes OpenSpiel's own random simulation test
with serialization on every preset, with two players and three (M1); its chance nodes deal
and turn up the cards (R8, R10, V7, V8, M2); its information states hide what the player
has not seen; its returns are M11's."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest

from conquian import (
    BICYCLE,
    CLASSIC,
    FOSTER,
    PRESETS,
    TERCERILLA,
    Card,
    ConquianError,
    Regrouping,
    Rules,
    State,
)
from conquian.actions import (
    DECLINE_ACTION,
    DISCARD,
    OBSERVATION_SIZE,
    OBSERVATION_SIZE_THREE,
    RELEASE_ACTION,
    actions_of,
    observation_layout,
)
from conquian.agents import GreedyAgent, RandomAgent
from conquian.cards import format_cards
from conquian.game import max_moves
from conquian.integrations.openspiel import (
    AgentBot,
    ConquianGame,
    ConquianState,
    history_size,
    load_game,
    parameters_of,
)
from conquian.moves import Give
from conquian.phases import Phase

ALL_PRESETS = sorted(PRESETS)
"""Every preset, of two players and of three (tercerilla, M9)."""
THREE_PLAYER_RULES = [
    Rules.parse("tercerilla,forcing:discards_only,stock_out:fewest_cards"),
    Rules.parse("tercerilla,regrouping:borrow,meld_from_hand:true,initial_upcard:true"),
    Rules.parse("tercerilla,deal_batch:2,forcing:off,max_sequence:10"),
]
"""Three-player rules with each option that changes the deal, the offers or the end."""
EXCHANGE = ["mexican,exchange:true", "tercerilla,exchange:true,initial_upcard:true"]
"""Rules with the opening exchange (M10), two and three players (the upcard, V8, is
turned after the exchange)."""


@pytest.mark.parametrize("history_tensor", [False, True])
@pytest.mark.parametrize("name", [*ALL_PRESETS, *EXCHANGE, "classic,exchange:true"])
def test_openspiel_random_sim_test_passes_with_serialization(
    name: str, history_tensor: bool
) -> None:
    game = load_game(Rules.parse(name), history_tensor=history_tensor)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("rules", THREE_PLAYER_RULES, ids=Rules.to_notation)
def test_openspiel_random_sim_test_passes_with_three_players_under_each_option(
    rules: Rules,
) -> None:
    for dealer, history_tensor in ((1, False), (2, True)):
        game = load_game(rules, dealer, history_tensor=history_tensor)
        assert game.num_players() == 3
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_history_tensor_is_a_game_parameter_and_a_bad_one_is_refused() -> None:
    game = pyspiel.load_game("python_conquian(history_tensor=True)")
    assert game.information_state_tensor_size() == OBSERVATION_SIZE + history_size(CLASSIC)
    assert parameters_of(CLASSIC, history_tensor=True)["history_tensor"] is True
    with pytest.raises(ConquianError, match="history_tensor is true or false, not 1"):
        ConquianGame({"history_tensor": 1})


def test_the_rules_are_game_parameters() -> None:
    game = pyspiel.load_game("python_conquian(max_sequence=10,regrouping=borrow,deal_batch=2)")
    assert game.rules == Rules(max_sequence=10, regrouping=Regrouping.BORROW, deal_batch=2)
    assert load_game(BICYCLE).rules == BICYCLE
    # The match rules (stakes, draws) are not game parameters.
    assert load_game(FOSTER).rules == Rules(
        max_sequence=10, regrouping=Regrouping.BORROW, deal_batch=2
    )
    assert set(parameters_of(FOSTER)) == set(game.get_parameters())
    info = (game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players())
    assert info == (279, 40, 2)
    assert game.information_state_tensor_size() == OBSERVATION_SIZE
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1, 1, 0)


def test_players_and_stock_out_are_game_parameters() -> None:
    """M1, M8: ``players=3`` makes a three-player game: three players, the three-player
    tensors, +2 at most for the winner (M11); ``stock_out`` is the rules' own."""
    game = pyspiel.load_game("python_conquian(players=3,hand_size=8,stock_out=fewest_cards)")
    assert game.rules == Rules.parse("tercerilla,stock_out:fewest_cards")
    assert load_game(TERCERILLA).rules == TERCERILLA
    assert parameters_of(TERCERILLA)["players"] == 3
    assert game.num_players() == 3
    assert game.observation_tensor_size() == OBSERVATION_SIZE_THREE == 571
    assert game.information_state_tensor_size() == OBSERVATION_SIZE_THREE
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1, 2, 0)
    assert game.get_type().max_num_players == 3
    history = load_game(TERCERILLA, history_tensor=True)
    assert history.information_state_tensor_size() == 571 + history_size(TERCERILLA)
    assert history_size(TERCERILLA) == (161 + 3 * 8) * 130
    assert history_size(CLASSIC) == (max_moves(2) + 2 * 10) * 129
    assert history_size(TERCERILLA) == (max_moves(3) + 3 * 8) * 130
    with pytest.raises(ConquianError, match="the dealer is player 0, 1 or 2, not 3"):
        load_game(TERCERILLA, dealer=3)
    with pytest.raises(ConquianError, match="players"):
        pyspiel.load_game("python_conquian(players=4)")
    with pytest.raises(ConquianError, match="no parameter for long_meld"):
        load_game(attrs.evolve(CLASSIC, long_meld=4))  # M12: refused, not dropped


def deal(game: pyspiel.Game, cards: list[Card]) -> ConquianState:
    state: ConquianState = game.new_initial_state()
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(card.index)
    return state


def test_r8_r10_the_deal_is_one_chance_node_a_card_then_the_first_turned_card() -> None:
    order = list(State.new(seed=3).deck or ())
    state = deal(load_game(), order[:20])
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 20
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    state.apply_action(order[20].index)
    # The same deal as the engine's from the same deck: hands, offer and player to move.
    engine = State.new(seed=3)
    assert state.engine is not None
    assert state.engine.hands == engine.hands
    assert state.engine.offer == engine.offer
    assert state.current_player() == engine.to_move == 1
    assert deal(load_game(), order[:3]).action_to_string(pyspiel.PlayerId.CHANCE, 0) == (
        "deal Ac to player 0"  # the fourth card goes to the dealer (R8)
    )
    assert deal(load_game(), order[:20]).action_to_string(pyspiel.PlayerId.CHANCE, 0) == (
        "turn Ac"  # the 21st card is turned up (R10)
    )
    # At a player's node a chance outcome is an earlier one, whose role is not known there.
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, Card.parse("Jc").index) == "chance Jc"


def test_r11_a_card_turned_up_later_is_a_chance_node_among_the_stock() -> None:
    order = list(State.new(seed=3).deck or ())
    state = deal(load_game(), order[:21])
    state.apply_action(DECLINE_ACTION)  # player 1 passes his card (R11b)
    assert not state.is_chance_node()
    state.apply_action(DECLINE_ACTION)  # player 0 declines it: it dies, he turns the next
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 19
    view = state.view(0)
    assert view is not None
    assert view.offer is None  # not turned up yet
    assert "offer=-" in state.observation_string(0)
    card = Card.parse("Kh")
    state.apply_action(card.index)
    assert state.engine is not None
    assert state.engine.offer == card
    assert state.current_player() == 0


def played_to(rules: Rules, moves: int, seed: int) -> ConquianState:
    """A game of ``rules`` played at random (chance too, from ``seed``) until ``moves``
    moves have been made past the deal, or it is over."""
    rng = np.random.default_rng(seed)
    state: ConquianState = load_game(rules).new_initial_state()
    while (state.is_chance_node() or state.move_number() < moves) and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_information_states_hide_the_opponents_hand_and_the_stock() -> None:
    state = played_to(FOSTER, 60, seed=1)
    player = state.current_player()
    assert player in (0, 1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    opponents = set()
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.engine is not None
        opponents.add(other.engine.hands[1 - player])
    assert len(opponents) > 1  # the opponent's hand is drawn again
    assert state.information_state_string(0) != state.information_state_string(1)


def test_a_library_agent_plays_through_agent_bot() -> None:
    game = load_game()
    bots = [AgentBot(GreedyAgent()), AgentBot(RandomAgent(3))]
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    greedy_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            continue
        player = state.current_player()
        view = state.view(player)
        if player == 0 and not state.building() and view is not None:
            # the bot starts the move the agent chooses from the same view
            wanted = actions_of(GreedyAgent().choose(view, view.legal_moves()), view)
            assert bots[0].step(state) == wanted[0]
            greedy_moves += 1
        state.apply_action(bots[player].step(state))
    assert greedy_moves > 5
    assert state.returns()[0] == -state.returns()[1]


# The opponent's hand that test_a_resample_repeats_for_the_same_sampler_number draws
# (his true hand there is Ac 2c 6c Ks Kc 2d Jd 3h 5h 7h).
PINNED_HAND = "2c 5s 6c Jc Qc 4d Kd 2h 5h Jh"


def test_a_resample_repeats_for_the_same_sampler_number() -> None:
    """The draw is the package's own shuffle (SplitMix64), not Python's random.shuffle,
    so a number gives the same world on every machine and Python version."""
    state = played_to(CLASSIC, 30, seed=5)
    player = state.current_player()
    assert player in (0, 1)
    first = state.resample_from_infostate(player, lambda: 0.25)
    again = state.resample_from_infostate(player, lambda: 0.25)
    other = state.resample_from_infostate(player, lambda: 0.75)
    assert first.engine is not None
    assert again.engine is not None
    assert other.engine is not None
    assert first.engine == again.engine
    assert first.engine.hands[1 - player] != other.engine.hands[1 - player]
    assert format_cards(first.engine.hands[1 - player]) == PINNED_HAND


def _hidden_cards(state: ConquianState, player: int) -> tuple[tuple[int, ...], ...]:
    """The cards of each of ``player``'s opponents that ``player`` has not seen: those
    dealt to him (during the deal), else those in his hand."""
    players = state.rules.players
    others = [(player + step) % players for step in range(1, players)]
    if state.engine is None:
        return tuple(tuple(state.dealt_to(other)) for other in others)
    return tuple(
        tuple(sorted(card.index for card in state.engine.hands[other])) for other in others
    )


@pytest.mark.parametrize("name", [*ALL_PRESETS, "tercerilla,deal_batch:2", *EXCHANGE])
def test_a_resample_for_any_player_keeps_his_information_state_at_every_node(
    name: str,
) -> None:
    """During the deal, while a card is being turned up, and while an opponent builds
    a move, as at the player's own decisions: the world drawn again is one the player
    cannot tell from the true one, and the opponents' hidden cards are drawn anew (with
    three players, M1: both opponents' hands, each of its own size)."""
    rng = np.random.default_rng(11)
    rules = Rules.parse(name)
    state: ConquianState = load_game(rules).new_initial_state()
    redrawn = {"deal": 0, "turning up": 0, "opponent building": 0, "own decision": 0}
    step = 0
    while not state.is_terminal():
        for player in range(rules.players):
            if state.engine is None:
                kind = "deal"
            elif state.is_chance_node():
                kind = "turning up"
            elif state.current_player() != player:
                kind = "opponent building" if state.building() else ""
            else:
                kind = "own decision"
            if not kind or (kind == "deal" and step % 5):
                continue
            for number in (0.2, 0.7):
                other = state.resample_from_infostate(player, lambda number=number: number)
                for view in ("information_state_string", "information_state_tensor"):
                    assert getattr(other, view)(player) == getattr(state, view)(player)
                assert other.observation_string(player) == state.observation_string(player)
                assert other.observation_tensor(player) == state.observation_tensor(player)
                mine, theirs = _hidden_cards(other, player), _hidden_cards(state, player)
                assert [len(cards) for cards in mine] == [len(cards) for cards in theirs]
                redrawn[kind] += mine != theirs
                if other.engine is not None and state.engine is not None:
                    assert other.engine.hands[player] == state.engine.hands[player]
                    assert other.engine.tables == state.engine.tables
        step += 1
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        else:
            legal = state.legal_actions()
            # a take's cards (the highest actions) half the time, so that moves are built
            state.apply_action(int(legal[-1] if rng.random() < 0.5 else rng.choice(legal)))
    assert all(redrawn.values()), redrawn


def test_an_observer_gives_the_public_and_private_parts_asked_for() -> None:
    from open_spiel.python.observation import make_observation

    from conquian.actions import OBSERVATION_LAYOUT

    game = load_game()
    state = played_to(CLASSIC, 12, seed=3)
    player = state.current_player()
    view = state.view(player)
    assert view is not None

    def observer(public: bool, private: pyspiel.PrivateInfoType) -> Any:
        kind = pyspiel.IIGObservationType(
            perfect_recall=False, public_info=public, private_info=private
        )
        made = make_observation(game, kind)
        made.set_from(state, player)
        return made

    whole = observer(True, pyspiel.PrivateInfoType.SINGLE_PLAYER)
    public = observer(True, pyspiel.PrivateInfoType.NONE)
    private = observer(False, pyspiel.PrivateInfoType.SINGLE_PLAYER)
    mine = {"hand", "selected", "building_lay_down", "chosen_melds"}
    assert set(whole.dict) == set(OBSERVATION_LAYOUT)
    assert set(public.dict) == set(OBSERVATION_LAYOUT) - mine
    assert set(private.dict) == mine
    for name, values in [*public.dict.items(), *private.dict.items()]:
        assert list(values) == list(whole.dict[name])
    assert public.tensor.size + private.tensor.size == OBSERVATION_SIZE
    hand = "hand=" + "".join(str(card) for card in sorted(view.hand))
    assert hand in whole.string_from(state, player)
    assert "hand=" not in public.string_from(state, player)
    assert private.string_from(state, player) == f"player={player} {hand}"
    both = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="not ALL_PLAYERS"):
        make_observation(game, both)


def test_an_information_state_recalls_the_order_of_the_players_own_actions() -> None:
    """Two orders of adding the same cards make the same take, and the same observation,
    but two different pasts of the player: perfect recall keeps them apart."""
    from conquian.actions import parse_action

    def after(names: list[str]) -> ConquianState:
        state = deal(load_game(), list(State.new(seed=0).deck or ())[:21])
        for text in names:
            state.apply_action(parse_action(text))
        return state

    first = after(["add 3d", "add 5d", "discard Kh"])
    second = after(["add 5d", "add 3d", "discard Kh"])
    assert first.history() != second.history()
    assert first.observation_string(1) == second.observation_string(1)
    assert first.information_state_string(1) != second.information_state_string(1)
    # the opponent saw only the take: his information state is one
    assert first.information_state_string(0) == second.information_state_string(0)


def test_a_chance_outcome_that_is_not_a_card_left_is_refused_and_changes_nothing() -> None:
    order = list(State.new(seed=3).deck or ())
    game = load_game()
    state = deal(game, order[:5])
    for bad in (order[0].index, 40, 10**6):  # a card already dealt, and no card at all
        before = (state.history(), str(state), state.chance_outcomes())
        with pytest.raises(ValueError, match="a card not dealt or turned up yet"):
            state.apply_action(bad)
        assert (state.history(), str(state), state.chance_outcomes()) == before
    # a card turned up later may not be one that a player holds
    state = deal(game, order[:21])
    state.apply_action(DECLINE_ACTION)
    state.apply_action(DECLINE_ACTION)  # the card dies: the next is turned up
    assert state.is_chance_node()
    before = (state.history(), str(state), state.chance_outcomes())
    with pytest.raises(ValueError, match="a card not dealt or turned up yet"):
        state.apply_action(order[1].index)
    assert (state.history(), str(state), state.chance_outcomes()) == before
    state.apply_action(order[21].index)
    view = state.view(0)
    assert view is not None
    assert view.offer == order[21]


def test_an_action_after_the_end_is_refused_as_game_over() -> None:
    from conquian import IllegalMoveError, MoveProblem

    state = played_to(CLASSIC, 10**6, seed=2)
    assert state.is_terminal()
    history = state.history()
    with pytest.raises(IllegalMoveError, match="the game is over") as refused:
        state.apply_action(DECLINE_ACTION)
    assert refused.value.problem is MoveProblem.GAME_OVER
    assert state.history() == history


def test_bad_game_parameters_are_refused_when_the_game_is_loaded() -> None:
    from conquian import ConquianError, InvalidRulesError

    with pytest.raises(ConquianError, match="the dealer is player 0 or 1, not 2"):
        pyspiel.load_game("python_conquian", {"dealer": 2})
    with pytest.raises(ConquianError, match="the dealer is player 0, 1 or 2, not -1"):
        pyspiel.load_game("python_conquian", {"players": 3, "dealer": -1})
    for dealer in (1.0, True):  # pyspiel types its parameters; a direct call may not
        with pytest.raises(ConquianError, match="the dealer is player 0 or 1"):
            ConquianGame({"dealer": dealer})
    with pytest.raises(InvalidRulesError, match="forcing must be one of"):
        pyspiel.load_game("python_conquian", {"forcing": "bogus"})


def test_a_clone_shares_nothing_that_changes() -> None:
    """A clone shares the state's immutable parts; playing on from either leaves the
    other as it was, and the clone plays exactly as a replay of the same actions."""
    rng = np.random.default_rng(8)
    game = load_game()
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 70:
        if state.is_chance_node():
            outcomes = [card for card, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    before = (str(state), state.history(), state.information_state_string(0))
    clone = state.clone()
    assert (str(clone), clone.history(), clone.information_state_string(0)) == before
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    while not clone.is_terminal():
        if clone.is_chance_node():
            action = int(rng.choice([card for card, _ in clone.chance_outcomes()]))
        else:
            action = int(rng.choice(clone.legal_actions()))
        clone.apply_action(action)
        replay.apply_action(action)
        assert str(clone) == str(replay)
        assert clone.legal_actions() == replay.legal_actions()
    assert clone.returns() == replay.returns()
    assert (str(state), state.history(), state.information_state_string(0)) == before


@pytest.mark.parametrize("name", [*ALL_PRESETS, *EXCHANGE])
def test_the_history_tensor_is_of_perfect_recall(name: str) -> None:
    """With history_tensor, the information-state tensor determines the information-state
    string but for the order of the player's own card-adding actions: over states of
    games that branch from common pasts, no two of a player's states with different
    strings share a tensor, while the plain tensor merges some of them. A resample
    keeps the tensor, and the observation tensor is the plain one."""
    rules = Rules.parse(name)
    game = load_game(rules, history_tensor=True)
    size = sum(observation_layout(rules.players, rules.exchange).values())
    assert game.information_state_tensor_size() == size + history_size(rules)
    assert game.observation_tensor_size() == size
    rng = np.random.default_rng(3)
    strings: dict[tuple[int, tuple[float, ...]], set[str]] = {}
    roots = [game.new_initial_state()]
    while roots[0].is_chance_node() or len(roots[0].history()) < 50:
        state = roots[0]
        if state.is_chance_node():
            state.apply_action(int(rng.choice([card for card, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for branch in range(12):
        state = roots[0].clone()
        for _ in range(25):
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = int(rng.choice([card for card, _ in state.chance_outcomes()]))
            else:
                action = int(rng.choice(state.legal_actions()))
                for player in range(rules.players):
                    text = state.information_state_string(player).split(" actions=")[0]
                    key = (player, tuple(state.information_state_tensor(player)))
                    strings.setdefault(key, set()).add(text)
                if branch == 0:
                    other = state.resample_from_infostate(state.current_player(), rng.random)
                    player = state.current_player()
                    assert other.information_state_tensor(player) == (
                        state.information_state_tensor(player)
                    )
            state.apply_action(action)
    assert all(len(texts) == 1 for texts in strings.values())
    assert len(strings) > 100
    # Two cards turned up and refused in either order leave the same view: the plain
    # tensor cannot tell the two pasts apart, the history tensor can.
    found = 0
    for start in _turning_points(game, rng)[:6]:
        outcomes = [card for card, _ in start.chance_outcomes()]
        one, two = _refused(start, outcomes[:2]), _refused(start, outcomes[1::-1])
        if one is None or two is None:
            continue
        for player in range(rules.players):  # all at the chance node of the next card
            assert one.information_state_string(player) != two.information_state_string(player)
            mine, other = (s.information_state_tensor(player) for s in (one, two))
            assert mine != other
            assert mine[:size] == other[:size]
        found += 1
    assert found


def _turning_points(game: Any, rng: np.random.Generator) -> list[Any]:
    """States of a random game where a card turned up from the stock is being chosen."""
    found = []
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            if state.engine is not None:
                found.append(state.clone())
            state.apply_action(int(rng.choice([card for card, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return found


def _refused(state: Any, cards: list[int]) -> Any | None:
    """``state`` with ``cards`` turned up in turn, each refused by every player (declined
    or released, R11, R14b, M4) until the next card is turned; ``None`` if that cannot
    be."""
    state = state.clone()
    for card in cards:
        if not state.is_chance_node():
            return None
        state.apply_action(card)
        while not state.is_chance_node():
            if state.is_terminal():
                return None
            legal = state.legal_actions()
            refusal = next((a for a in (DECLINE_ACTION, RELEASE_ACTION) if a in legal), None)
            if refusal is None:
                return None
            state.apply_action(refusal)
    return state


def test_the_player_ids_are_openspiels() -> None:
    game = load_game()
    state = game.new_initial_state()
    assert state.current_player() == int(pyspiel.PlayerId.CHANCE)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.current_player() == int(pyspiel.PlayerId.TERMINAL)


def play_randomly(game: pyspiel.Game, seed: int) -> list[ConquianState]:
    """Every state of a random game, chance nodes included, the last one terminal."""
    rng = np.random.default_rng(seed)
    state: ConquianState = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            action = int(rng.choice([card for card, _ in state.chance_outcomes()]))
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        states.append(state.clone())
    return states


@pytest.mark.parametrize("name", [*ALL_PRESETS, *EXCHANGE])
def test_legal_actions_and_chance_nodes_answer_as_pyspiels_own_methods(name: str) -> None:
    """legal_actions() and is_chance_node() are answered in Python for speed; pyspiel's
    own answers (through _legal_actions and chance_outcomes) are the same at every node,
    chance, player and terminal."""
    game = load_game(Rules.parse(name))
    kinds = set()
    for seed in range(3):
        for state in play_randomly(game, seed):
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            player = state.current_player()
            if player >= 0:
                assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
                for other in range(game.num_players()):
                    if other != player:
                        assert state.legal_actions(other) == []
            kinds.add("chance" if state.is_chance_node() else str(player))
    assert kinds == {"chance", "-4", *map(str, range(game.num_players()))}


@pytest.mark.parametrize("name", [*ALL_PRESETS, *EXCHANGE])
def test_r11_a_turned_card_chosen_by_chance_is_the_deal_of_the_engines_deck(name: str) -> None:
    """A card turned up from the stock is chosen by changing places with the engine's
    stand-in, not by replaying the game: the engine is then the game its own deck deals
    with the same moves, history included, and that deck begins with the chance outcomes
    so far, in order."""
    game = load_game(Rules.parse(name))
    turned = 0
    for seed in range(4):
        states = play_randomly(game, seed)
        for before, state in itertools.pairwise(states):
            engine = state.engine
            if not before.is_chance_node() or before.engine is None or engine is None:
                continue
            turned += 1
            assert engine.deck is not None
            chosen = [step.action for step in state.full_history() if step.player == -1]
            assert [card.index for card in engine.deck[: len(chosen)]] == chosen
            assert engine.offer == engine.deck[len(chosen) - 1]
            replayed = State.from_deck(engine.deck, rules=game.rules)
            for played in engine.history:
                replayed = replayed.apply(played.move)
            assert replayed == engine
            assert replayed.history == engine.history
    assert turned > 10


def test_m2_three_players_are_dealt_from_the_player_after_the_dealer_round_the_table() -> None:
    """The chance nodes deal as the engine does from the same deck (M2), one card at a
    time or two (V7), for each dealer; the player after the dealer turns up the first
    card (R10) and acts first."""
    for rules in (TERCERILLA, Rules.parse("tercerilla,deal_batch:2")):
        for dealer in (0, 1, 2):
            order = list(State.new(seed=dealer + 4).deck or ())
            game = load_game(rules, dealer)
            state = deal(game, order[:24])
            receivers = [
                deal(game, order[:n]).action_to_string(pyspiel.PlayerId.CHANCE, 0)
                for n in (0, 1, 2, 23, 24)
            ]
            first, after = (dealer + 1) % 3, (dealer + 2) % 3
            if rules.deal_batch == 1:
                assert receivers[:3] == [f"deal Ac to player {p}" for p in (first, after, dealer)]
            else:
                assert receivers[:3] == [f"deal Ac to player {p}" for p in (first, first, after)]
            assert receivers[3] == f"deal Ac to player {dealer}"
            assert receivers[4] == "turn Ac"
            assert str(state).startswith("dealing: player 0 ")
            assert str(state).count("player") == 3
            state.apply_action(order[24].index)
            engine = State.from_deck(order, rules=rules, dealer=dealer)
            assert state.engine is not None
            assert state.engine.hands == engine.hands
            assert state.engine.offer == engine.offer
            assert state.current_player() == engine.to_move == first


@pytest.mark.parametrize("rules", [TERCERILLA, THREE_PLAYER_RULES[0]], ids=Rules.to_notation)
def test_m11_the_winner_of_three_gets_two_and_each_loser_pays_one(rules: Rules) -> None:
    """M11 (and M8: a fewest-cards win pays the same): returns +2, -1, -1, summing to 0;
    a draw 0 for all; nothing before the end."""
    game = load_game(rules)
    kinds = set()
    for seed in range(40):
        states = play_randomly(game, seed)
        assert all(state.returns() == [0.0, 0.0, 0.0] for state in states[:-1])
        final = states[-1]
        assert final.engine is not None
        outcome = final.engine.outcome
        assert outcome is not None
        expected = [0.0, 0.0, 0.0]
        if outcome.winner is not None:
            expected = [-1.0, -1.0, -1.0]
            expected[outcome.winner] = 2.0
        assert final.returns() == expected
        assert final.rewards() == expected
        kinds.add(outcome.kind)
        if len(kinds) == 2:
            break
    assert len(kinds) == 2  # a win (R16 or M8) and a draw, or the two kinds of win


def test_a_three_player_resample_redraws_both_opponents_hands_from_the_unseen_cards() -> None:
    """The cards ``player`` has not seen (both other hands and the stock) are dealt again:
    over draws each opponent's hand changes, keeps its size, and holds only unseen cards."""
    state = played_to(TERCERILLA, 40, seed=3)
    player = state.current_player()
    assert state.engine is not None
    truth = state.engine
    unseen = {*truth.stock, *(card for p in range(3) if p != player for card in truth.hands[p])}
    drawn: dict[int, set[frozenset[Card]]] = {0: set(), 1: set(), 2: set()}
    for number in range(8):
        other = state.resample_from_infostate(player, lambda number=number: number / 8)
        assert other.engine is not None
        assert other.information_state_string(player) == state.information_state_string(player)
        for seat in range(3):
            hand = other.engine.hands[seat]
            assert len(hand) == len(truth.hands[seat])
            if seat == player:
                assert hand == truth.hands[seat]
            else:
                assert hand <= unseen
            drawn[seat].add(hand)
    assert len(drawn[player]) == 1
    assert all(len(hands) > 1 for seat, hands in drawn.items() if seat != player)


def test_library_agents_play_a_three_player_game_through_agent_bot() -> None:
    """The agents play three-player games from their observation (M1): AgentBot plays
    the moves the agent chooses from the player's view, to the end of the game."""
    game = load_game(TERCERILLA)
    bots = [AgentBot(GreedyAgent()), AgentBot(RandomAgent(3)), AgentBot(GreedyAgent())]
    rng = np.random.default_rng(4)
    moves = [0, 0, 0]
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
                continue
            player = state.current_player()
            view = state.view(player)
            if not state.building() and view is not None:
                if player != 1:  # greedy: the move the agent chooses from the same view
                    wanted = actions_of(GreedyAgent().choose(view, view.legal_moves()), view)
                    assert bots[player].step(state) == wanted[0]
                moves[player] += 1
            state.apply_action(bots[player].step(state))
        assert sum(state.returns()) == 0
    assert min(moves) > 10


@pytest.mark.parametrize("name", EXCHANGE)
def test_m10_the_exchange_comes_between_the_deal_and_the_first_card_turned_up(
    name: str,
) -> None:
    """M10: after the deal's chance nodes each player in turn from the player after the
    dealer gives a hand card (the discard action of the card); then a chance node turns
    up the first card (the V8 upcard too), and the engine is the game its deck deals with
    the same gives."""
    rules = Rules.parse(name)
    players, dealt = rules.players, rules.players * rules.hand_size
    game = load_game(rules, dealer=1)
    assert game.observation_tensor_size() == sum(observation_layout(players, True).values())
    assert parameters_of(rules)["exchange"] is True
    order = list(State.new(seed=6).deck or ())
    state = deal(game, order[:dealt])
    assert not state.is_chance_node()
    for turn in range(players):
        giver = (1 + 1 + turn) % players  # from the player after the dealer (M10)
        assert state.current_player() == giver
        engine = state.engine
        assert engine is not None
        hand = sorted(card.index for card in engine.hands[giver])
        assert state.legal_actions() == [DISCARD + card for card in hand]
        assert state.action_to_string(giver, DISCARD + hand[0]).startswith("discard")
        state.apply_action(DISCARD + hand[turn])
    assert state.is_chance_node()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, order[dealt].index).startswith("turn")
    assert len(state.chance_outcomes()) == 40 - dealt
    state.apply_action(order[dealt].index)
    engine = state.engine
    assert engine is not None
    expected = State.from_deck(order, rules=rules, dealer=1)
    for played in engine.history:
        expected = expected.apply(played.move)  # the same gives, checked
    assert engine.history == expected.history
    assert (engine.hands, engine.offer, engine.offer_origin, engine.to_move) == (
        expected.hands,
        expected.offer,
        expected.offer_origin,
        expected.to_move,
    )
    assert engine.offer == order[dealt]
    assert engine.phase is not Phase.EXCHANGE
    without = load_game(attrs.evolve(rules, exchange=False))
    assert game.max_game_length() > without.max_game_length()


def test_m10_a_resample_redraws_the_gives_the_player_has_not_seen() -> None:
    """With three players the give between the two other players (M10: hidden from the
    third) is drawn again with their hands, as are the cards set aside during the
    exchange; the card the player gave and the one he received stay; every world drawn
    replays as a legal game."""
    rules = Rules.parse("tercerilla,exchange:true")
    game = load_game(rules)
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    checked = {"exchange": 0, "after": 0}
    hidden_gives: set[int] = set()
    while not state.is_terminal() and checked["after"] < 12:
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            continue
        engine = state.engine
        assert engine is not None
        player = 0
        gives = {p: m.card for p, m in state._now.moves if isinstance(m, Give)}
        for number in range(4):
            other = state.resample_from_infostate(player, lambda n=number: n / 4 + 0.1)
            assert other.information_state_string(player) == (
                state.information_state_string(player)
            )
            assert other.information_state_tensor(player) == (
                state.information_state_tensor(player)
            )
            drawn = other.engine
            assert drawn is not None
            assert drawn.hands[player] == engine.hands[player]
            replayed = State.from_deck(drawn.deck or (), rules=rules)
            for played in drawn.history:
                replayed = replayed.apply(played.move)  # checked: a legal game
            assert replayed == drawn
            drawn_gives = {p: m.card for p, m in other._now.moves if isinstance(m, Give)}
            assert drawn_gives.get(0) == gives.get(0)  # his own give
            if engine.phase is Phase.EXCHANGE:
                checked["exchange"] += 1
            else:
                assert drawn_gives[2] == gives[2]  # the card he received
                card = drawn_gives[1]
                assert card is not None
                hidden_gives.add(card.index)
                checked["after"] += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked["exchange"]
    assert checked["after"]
    assert len(hidden_gives) > 1  # the give from player 1 to player 2 is drawn again
