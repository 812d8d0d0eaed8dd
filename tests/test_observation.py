"""Tests of conquian.observation: an observation's legal moves, read from a stand-in.

An observation answers its player's questions (legal moves, legality, refusals, builders)
from a stand-in: a position it could be a view of, the unseen cards dealt in deck order,
built by one builder from the observation's values. Every observation a game gives has a
stand-in whose legal moves are the game's; an observation with a value the game does not
make (a list for a tuple, a card as text, a card in two places) is refused with an
InvalidStateError that names the field, the card or the count.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

from conquian import State, _bits, _position
from conquian.cards import Card
from conquian.errors import InvalidStateError
from conquian.melds import Meld, MeldKind
from conquian.moves import Decline, Force, Give, Move, Release, Take
from conquian.observation import Observation
from conquian.phases import Phase, gives_seen_by
from conquian.rules import PRESETS, Forcing, Regrouping, Rules
from conquian.state import stand_in
from conquian.views import OBSERVATION_SCHEMA
from helpers import random_game, scaled

RULES: dict[str, Rules] = {
    **PRESETS,
    "meld_from_hand": Rules(meld_from_hand=True),
    "regrouping_none": Rules(regrouping=Regrouping.NONE),
    "regrouping_borrow": Rules(regrouping=Regrouping.BORROW),
    "bicycle_none": Rules(
        forcing=Forcing.DISCARDS_ONLY,
        meld_from_hand=True,
        max_sequence=10,
        regrouping=Regrouping.NONE,
    ),
    "foster_meld_from_hand": Rules(
        regrouping=Regrouping.BORROW, max_sequence=10, meld_from_hand=True, deal_batch=2
    ),
    "forcing_declined": Rules(forcing=Forcing.DECLINED),
    "forcing_off": Rules(forcing=Forcing.OFF),
    "initial_upcard": Rules(initial_upcard=True),
    "upcard_meld_from_hand": Rules(initial_upcard=True, meld_from_hand=True),
    "hand_size_7": Rules(hand_size=7),
    "exchange": Rules(exchange=True),
    "tercerilla_exchange": Rules(players=3, hand_size=8, exchange=True),
    "exchange_upcard_none": Rules(
        exchange=True, initial_upcard=True, meld_from_hand=True, regrouping=Regrouping.NONE
    ),
}


def observations(rules: Rules, games: int) -> Iterator[tuple[State, Observation]]:
    """Every player's observations at every position of ``games`` random games."""
    for seed in range(games):
        start = State.new(1000 + seed, rules=rules, dealer=seed % 2)
        for state in random_game(start, seed, greed=0.8 if seed % 2 else 0.3):
            for player in range(rules.players):
                yield state, state.observation(player)


TRIED: tuple[str, ...] = (
    "decline",
    "force",
    "release",
    "take -Kh",
    "take +AcAdAh -Ks",
    "lay +2c3c4c",
    "give Kh",
    "give ?",
)
"""Moves tried on every observation besides a few legal ones: most are refused."""


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_the_stand_in_of_every_observation_has_its_legal_moves(rules: Rules) -> None:
    rng = random.Random(7)
    # Two games at least: each dealer, the steered and the nearly random game.
    for state, view in observations(rules, games=scaled(3, least=2)):
        double = stand_in(view)
        # The stand-in shows the player what he sees (its history is not kept)...
        assert double.observation(view.player) == attrs.evolve(view, history=())
        moves = [str(move) for move in view.legal_moves()]
        if view.to_move != view.player:
            assert moves == []
            continue
        # ...and his legal moves are the game's, and so are his refusals and their
        # reasons: they depend only on what he sees.
        assert moves == [str(move) for move in state.legal_moves()]
        assert moves == [str(move) for move in double.legal_moves()]
        tried: list[Move | str] = [*rng.sample(list(state.legal_moves()), min(3, len(moves)))]
        for move in [*tried, *TRIED]:
            refusal, truth = view.refusal(move), state.refusal(move)
            assert view.is_legal(move) is (truth is None), move
            assert (refusal and refusal.problem) == (truth and truth.problem), move


def hidden_swaps(state: State, viewer: int, rng: random.Random) -> Iterator[State]:
    """``state`` with a card of each other player's hand swapped with a stock card; in
    the opening exchange a card set aside stays set aside (M10: the swapped-in card is)."""
    pos = state._pos
    hands, stock = list(pos[_position.HANDS]), list(pos[_position.STOCK])
    for other in range(state.players):
        if other == viewer or not hands[other] or not stock:
            continue
        card = rng.choice(list(_bits.indices(hands[other])))
        at = rng.randrange(len(stock))
        swapped = list(hands)
        swapped[other] = hands[other] & ~(1 << card) | 1 << stock[at]
        changes: dict[str, object] = {
            "hands": tuple(swapped),
            "stock": (*stock[:at], card, *stock[at + 1 :]),
        }
        given = pos[_position.GIVEN]
        if state.phase is Phase.EXCHANGE and given >> card & 1:
            changes["offered_by"] = given & ~(1 << card) | 1 << stock[at]
        yield state._replace(**changes)


@pytest.mark.parametrize("players", [2, 3])
def test_m10_the_swap_test_holds_in_games_with_the_exchange(players: int) -> None:
    """Swap a card of a hidden hand with a stock card, or play another card in a give
    the viewer may not see: his observation does not change (M10)."""
    rules = Rules(players=players, hand_size=8, exchange=True)
    rng = random.Random(players)
    swaps = other_gives = 0
    games = scaled(6, least=3)
    for seed in range(games):
        state = State.new(seed, rules=rules, dealer=seed % players)
        for position in random_game(state, seed, greed=0.5):
            for viewer in range(players):
                view = position.observation(viewer)
                for swapped in hidden_swaps(position, viewer, rng):
                    assert swapped != position
                    assert swapped.observation(viewer) == view
                    assert swapped.observation(viewer).to_notation() == view.to_notation()
                    swaps += 1
        # The exchange played again with another card for each give the viewer may not
        # see, then a few declines: every view of his is the same, during the exchange
        # and after it.
        gives = [Give(rng.choice(sorted(hand))) for hand in state.hands]
        for viewer in range(players):
            truth = again = state
            for ply in range(players + 3):
                mover = truth.to_move or 0
                move = gives[mover] if ply < players else Decline()
                other = move
                if ply < players and not gives_seen_by(viewer, mover, True, players):
                    hand = sorted(truth.hands[mover])
                    other = Give(next(card for card in hand if Give(card) != move))
                    other_gives += 1
                truth, again = truth.apply(move), again.apply(other)
                assert again.observation(viewer) == truth.observation(viewer), (viewer, ply)
                assert again.observation(viewer).to_notation() == (
                    truth.observation(viewer).to_notation()
                )
    assert swaps > 40 * games
    # With three players each viewer misses one give (the give of the player after him).
    assert other_gives == (3 * games if players == 3 else 0)


def test_an_observation_read_back_from_its_data_has_the_same_stand_in() -> None:
    for _, view in observations(RULES["foster_meld_from_hand"], games=1):
        read = Observation.from_dict(view.to_dict())
        assert read._stand_in() == view._stand_in()


def _mid_game(rules: Rules, wanted: Any = None) -> Observation:
    """The mover's observation at the first position past ply 12 (where ``wanted`` holds
    of it, if given) of the random games of :func:`observations`."""
    for state, view in observations(rules, games=20):
        if (
            state.ply >= 12
            and view.player == state.to_move
            and view.dead
            and (wanted is None or wanted(view))
        ):
            return view
    raise AssertionError("no such position")


def _long_sequence(view: Observation) -> bool:
    melds = view.tables[0] + view.tables[1]
    return any(meld.kind is MeldKind.SEQUENCE and len(meld.cards) >= 4 for meld in melds)


def evolve(view: Observation, **changes: Any) -> Observation:
    """``view`` with fields replaced by values of any type, as an untyped caller may
    make an observation."""
    return attrs.evolve(view, **changes)


def _odd(view: Observation) -> dict[str, tuple[Observation, str]]:
    """Observations with a value the game does not make, each with the refusal it gets
    (a pattern of the whole message)."""
    player, opponent = view.player, view.opponent
    hand = sorted(view.hand)
    sizes = list(view.hand_sizes)
    table_card = view.tables[0][0].cards[0]
    offer, origin, by = view.offer, view.offer_origin, view.offered_by
    assert offer is not None
    assert origin is not None
    assert by is not None
    unseen = len(view.unseen)

    def sizes_with(who: int, size: object) -> tuple[object, ...]:
        changed: list[object] = list(sizes)
        changed[who] = size
        return tuple(changed)

    def must(field: str, wanted: str, given: str) -> str:
        return re.escape(f"the observation's {field} must be {wanted}, not {given}")

    def twice(where: str) -> str:
        return re.escape("a card is in two places in the observation: ") + where + r" \(R1\)"

    max_ply = _position.MAX_PLY
    cases = {
        "player True": (evolve(view, player=True), must("player", "0 or 1", "True")),
        "player 2": (evolve(view, player=2), must("player", "0 or 1", "2")),
        "rules by name": (
            evolve(view, rules="classic"),
            must("rules", "a Rules value", "'classic'"),
        ),
        "dealer True": (evolve(view, dealer=True), must("dealer", "0 or 1", "True")),
        "ply -1": (evolve(view, ply=-1), must("ply", f"a whole number from 0 to {max_ply}", "-1")),
        "ply too large": (
            evolve(view, ply=max_ply + 1),
            must("ply", f"a whole number from 0 to {max_ply}", str(max_ply + 1)),
        ),
        "ply as text": (
            evolve(view, ply=str(view.ply)),
            must("ply", f"a whole number from 0 to {max_ply}", repr(str(view.ply))),
        ),
        "phase as text": (
            evolve(view, phase=view.phase.value),
            must("phase", "a Phase", repr(view.phase.value)),
        ),
        "to_move 2": (evolve(view, to_move=2), must("to_move", "0, 1 or None", "2")),
        "outcome as text": (
            evolve(view, outcome="draw"),
            must("outcome", "an Outcome or None", "'draw'"),
        ),
        "hand a set": (
            evolve(view, hand=set(view.hand)),
            must("hand", "a frozenset of cards", "a set"),
        ),
        "dead a list": (
            evolve(view, dead=list(view.dead)),
            must("dead", "a tuple of cards", f"a list of {len(view.dead)} items"),
        ),
        "tables a list": (
            evolve(view, tables=list(view.tables)),
            must("tables", "a tuple of two tables", "a list of 2 items"),
        ),
        "three tables": (
            evolve(view, tables=(*view.tables, ())),
            must("tables", "a tuple of two tables", "a tuple of 3 items"),
        ),
        "each table a list": (
            evolve(view, tables=(list(view.tables[0]), list(view.tables[1]))),
            must("tables[0]", "a tuple of melds", f"a list of {len(view.tables[0])} items"),
        ),
        "hand sizes a list": (
            evolve(view, hand_sizes=sizes),
            must("hand_sizes", "a tuple of two whole numbers", "a list of 2 items"),
        ),
        "stock -1": (
            evolve(view, stock_size=-1),
            must("stock_size", "a whole number", "-1"),
        ),
        "the opponent's hand size -1": (
            evolve(view, hand_sizes=sizes_with(opponent, -1)),
            must(f"hand_sizes[{opponent}]", "a whole number", "-1"),
        ),
        "the player's hand size one more than his hand": (
            evolve(view, hand_sizes=sizes_with(player, len(hand) + 1)),
            must(
                f"hand_sizes[{player}]", f"{len(hand)}, the cards in the hand", str(len(hand) + 1)
            ),
        ),
        "origin as text": (
            evolve(view, offer_origin=origin.value),
            must("offer_origin", "an OfferOrigin or None", repr(origin.value)),
        ),
        "offered by True": (
            evolve(view, offered_by=bool(by)),
            must("offered_by", "0 or 1 when an offer_origin is given", repr(bool(by))),
        ),
        "offered by someone without an origin": (
            evolve(view, offer_origin=None),
            must("offered_by", "None when offer_origin is None", str(by)),
        ),
        "a card as text": (
            evolve(view, hand=frozenset([*hand[1:], str(hand[0])])),
            must("hand", "a frozenset of Card values", repr(str(hand[0]))),
        ),
        "the offer as text": (
            evolve(view, offer=str(offer)),
            must("offer", "a Card or None", repr(str(offer))),
        ),
        "a dead card as text": (
            evolve(view, dead=(str(view.dead[0]), *view.dead[1:])),
            must("dead", "a tuple of Card values", repr(str(view.dead[0]))),
        ),
        "a meld as text": (
            evolve(view, tables=tuple(tuple(map(str, table)) for table in view.tables)),
            must("tables[0]", "a tuple of Meld values", repr(str(view.tables[0][0]))),
        ),
        "a meld as a tuple of cards": (
            evolve(
                view, tables=tuple(tuple(meld.cards for meld in table) for table in view.tables)
            ),
            must(
                "tables[0]",
                "a tuple of Meld values",
                f"a tuple of {len(view.tables[0][0].cards)} items",
            ),
        ),
        "a dead card twice": (
            evolve(view, dead=(*view.dead, view.dead[0])),
            twice(re.escape(f"{view.dead[0]} (dead twice)")),
        ),
        "a table card in hand": (
            evolve(
                view, hand=view.hand | {table_card}, hand_sizes=sizes_with(player, len(hand) + 1)
            ),
            twice(re.escape(f"{table_card} (tables[0] and hand)")),
        ),
        "the offer in hand": (
            evolve(view, hand=view.hand | {offer}, hand_sizes=sizes_with(player, len(hand) + 1)),
            twice(re.escape(f"{offer} (offer and hand)")),
        ),
        "a meld on both tables": (
            evolve(view, tables=(view.tables[0] + view.tables[1][:1], view.tables[1])),
            twice(
                re.escape(
                    ", ".join(
                        f"{card} (tables[0] and tables[1])"
                        for card in view.tables[1][0].cards[:5]  # at most five are named
                    )
                )
            ),
        ),
        "one card more in the stock than unseen": (
            evolve(view, stock_size=view.stock_size + 1),
            re.escape(
                f"the observation leaves {unseen} cards unseen, but the opponent holds "
                f"{sizes[opponent]} (hand_sizes[{opponent}]) and the stock "
                f"{view.stock_size + 1} (stock_size) (R1)"
            ),
        ),
        "over without a result": (
            evolve(view, phase=Phase.OVER),
            re.escape("phase over and a result go together (R15, R16)"),
        ),
    }
    return cases


ASKS: tuple[Callable[[Observation], object], ...] = (
    Observation._stand_in,
    lambda view: view.refusal("decline"),
    lambda view: view.explain_illegal("decline"),
    Observation.take_builder,
    stand_in,
    # Only of the player to move: the others are answered without a position.
    Observation.legal_moves,
    lambda view: view.is_legal("decline"),
)
"""Every question whose answer reads the stand-in."""


@pytest.mark.parametrize("rules", [RULES["classic"], RULES["foster"]], ids=["classic", "foster"])
def test_an_odd_observation_is_refused_with_what_is_wrong(rules: Rules) -> None:
    view = _mid_game(rules, lambda v: v.tables[0] and v.tables[1])
    for name, (odd, message) in _odd(view).items():
        before = copy.deepcopy(odd)
        for ask in ASKS[: None if odd.to_move == odd.player else -2]:
            with pytest.raises(InvalidStateError, match=f"^{message}$"):
                ask(odd)
        assert odd == before, name  # nothing was changed, nor normalised in place


def test_a_meld_the_rules_refuse_is_refused() -> None:
    view = _mid_game(Rules(max_sequence=10), _long_sequence)
    odd = attrs.evolve(view, rules=Rules(max_sequence=3))  # the same deal size: 10 cards
    player, meld = next(
        (player, meld)
        for player, table in enumerate(view.tables)
        for meld in table
        if meld.kind is MeldKind.SEQUENCE and len(meld.cards) >= 4
    )
    cards = " ".join(map(str, meld.cards))
    message = (
        f"the observation's tables[{player}]: {cards} is not a sequence: {len(meld.cards)} "
        "cards, and the longest sequence is 3 (R5) (R6)"
    )
    with pytest.raises(InvalidStateError, match=f"^{re.escape(message)}$"):
        odd.legal_moves()


def test_equal_copies_of_the_cards_have_the_same_stand_in() -> None:
    view = _mid_game(RULES["classic"], lambda v: v.tables[0] or v.tables[1])
    copies = evolve(
        view,
        hand=frozenset(Card(card.rank, card.suit) for card in view.hand),
        dead=tuple(Card(card.rank, card.suit) for card in view.dead),
        tables=tuple(tuple(Meld(meld.cards) for meld in table) for table in view.tables),
    )
    assert copies == view
    assert copies._stand_in() == view._stand_in()
    assert copies.legal_moves() == view.legal_moves()


# ---------------------------------------------------------------- what each player declined


def declining_game(
    rules: Rules, seed: int
) -> Iterator[tuple[State, tuple[tuple[Card, ...], ...]]]:
    """Every position of a seeded game that declines, forces and releases often (M6), with the
    cards each player has declined so far, noted move by move from the position before
    each decline (its mover and offer), not read from the history."""
    rng = random.Random(seed)
    state = State.new(seed, rules=rules, dealer=seed % rules.players)
    declined: list[list[Card]] = [[] for _ in range(rules.players)]
    yield state, ()
    while state.to_move is not None:
        moves = list(state.legal_moves())
        forces = [move for move in moves if isinstance(move, Force)]
        takes = [move for move in moves if isinstance(move, Take)]
        fits = any(not take.laid for take in takes)  # R14a: the card fits his table
        move: Move
        if forces and rng.random() < 0.5:
            move = forces[0]
        elif Release() in moves:
            move = Release()
        elif fits and Decline() in moves and rng.random() < 0.6:
            move = Decline()
        elif takes and rng.random() < 0.5:
            move = max(takes, key=lambda take: len(take.laid))
        else:
            move = rng.choice(moves)
        if isinstance(move, Decline):
            assert state.offer is not None
            declined[state.to_move].append(state.offer)
        state = state.apply(move)
        yield state, tuple(map(tuple, declined))


DECLINING_RULES = (
    PRESETS["classic"],
    PRESETS["bicycle"],
    Rules(initial_upcard=True),
    PRESETS["mexican"],
    PRESETS["tercerilla"],
    attrs.evolve(PRESETS["tercerilla"], forcing=Forcing.DISCARDS_ONLY, initial_upcard=True),
    attrs.evolve(PRESETS["tercerilla"], exchange=True),  # M10: a give is no decline
)


@pytest.mark.parametrize("rules", DECLINING_RULES, ids=Rules.to_notation)
def test_every_player_sees_what_each_player_declined(rules: Rules) -> None:
    """Observation.declined: every decline's card, by its player, in order, the same in
    every player's observation (a decline is public); a card declined and then forced
    back (M6) stays in the list, a release (R14b) or a force is no decline. With two
    players and three (M1)."""
    forced_back = released = passed_twice = 0
    for seed in range(20):
        before: tuple[tuple[Card, ...], ...] = ((),) * rules.players
        for state, declined in declining_game(rules, seed):
            views = [state.observation(player) for player in range(rules.players)]
            for view in views:
                assert view.declined == (declined or before)
            seen = views[0].declined
            last = state.history[-1] if state.history else None
            if last is not None and isinstance(last.move, Force | Release):
                assert seen == before  # neither is a decline
                if isinstance(last.move, Force):
                    # The forced player, who declined the card, keeps it in his list.
                    assert state.phase is Phase.FORCED_TAKE
                    assert state.to_move is not None
                    assert seen[state.to_move][-1] == last.offer
                    forced_back += 1
                else:
                    released += 1
            if state.phase is Phase.OFFER and state.offer is not None:
                # M4: a card on offer that two players declined has passed round two.
                passed_twice += sum(state.offer in cards for cards in seen) == 2
            before = seen
    assert forced_back > 0
    assert released > 0
    assert (passed_twice > 0) == (rules.players == 3)


@pytest.mark.parametrize(
    "rules", [PRESETS["classic"], PRESETS["tercerilla"]], ids=Rules.to_notation
)
def test_the_json_view_shows_the_declines_and_reads_them_back(rules: Rules) -> None:
    """``declined`` in Observation.to_dict, valid under the schema; read back, it must say
    what the history says, and may be left out (views written before it was added)."""
    state = next(
        state
        for state, _ in declining_game(rules, 3)
        if sum(map(bool, state.observation(0).declined)) >= 2
    )
    validator = Draft202012Validator(OBSERVATION_SCHEMA)
    for player in range(rules.players):
        view = state.observation(player)
        data = json.loads(json.dumps(view.to_dict()))
        validator.validate(data)
        assert data["declined"] == [[str(card) for card in cards] for cards in view.declined]
        assert Observation.from_dict(data) == view
        assert Observation.from_dict({k: v for k, v in data.items() if k != "declined"}) == view
        someone = next(p for p, cards in enumerate(data["declined"]) if cards)
        wrong = copy.deepcopy(data)
        wrong["declined"][someone] = wrong["declined"][someone][1:]
        with pytest.raises(InvalidStateError, match="declined: not what the history shows"):
            Observation.from_dict(wrong)
        odd: object
        for odd in (None, [[]], [["7x"]] * rules.players, "7h"):
            with pytest.raises(InvalidStateError, match="declined"):
                Observation.from_dict({**data, "declined": odd})
