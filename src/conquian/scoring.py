"""Scoring a match: what each game settles, by stakes (R18, V5) or by hand points (V6),
between two players or three (M11).

One pure function, :func:`settle`, takes a :class:`Standing` (the scores, the next
game's stake and the pool) and a game's :class:`~conquian.phases.Outcome` to the next
standing; a :class:`~conquian.match.Match` settles every game with it, and a match ends
in a :class:`MatchOutcome`.

>>> from conquian import Outcome, OutcomeKind, Rules
>>> from conquian.scoring import Standing, settle
>>> settle(Standing(), Outcome(OutcomeKind.WENT_OUT, 0), Rules())
Standing(scores=(1, -1), stake=1, pool=0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from conquian.cards import Card, Rank
from conquian.errors import (
    ConquianError,
    bounded_items,
    describe,
    is_whole,
    player_range,
    warn_renamed,
)
from conquian.phases import Outcome
from conquian.rules import DrawSettlement, Rules, Scoring, check_rules

__all__ = [
    "BASE_STAKE",
    "CARD_POINTS",
    "MatchOutcome",
    "Standing",
    "hand_points",
    "settle",
]

BASE_STAKE: Final = 1
"""The stake of a game that follows no draw (R18)."""

CARD_POINTS: Final[Mapping[Rank, int]] = MappingProxyType(
    {
        Rank.ACE: 15,
        Rank.TWO: 2,
        Rank.THREE: 3,
        Rank.FOUR: 4,
        Rank.FIVE: 5,
        Rank.SIX: 6,
        Rank.SEVEN: 7,
        Rank.JACK: 10,
        Rank.QUEEN: 10,
        Rank.KING: 10,
    }
)
"""What a card left in the loser's hand scores, by rank (V6), 2-7 at face value, J Q K
10 and A 15 (read-only). A :class:`~conquian.cards.Rank`'s value is its place in the play
order, not its points.

:meta hide-value:
"""


def hand_points(cards: Iterable[Card]) -> int:
    """The points of cards left in a loser's hand (V6).

    Raises:
        TypeError: ``cards`` is not an iterable of at most 40 Card values.

    >>> from conquian import parse_cards
    >>> from conquian.scoring import hand_points
    >>> hand_points(parse_cards("Ac 2d 7h Js Qc Kd"))
    54
    """
    given = bounded_items(cards, "cards", "an iterable of Card values", 40)
    if len(given) > 40 or not all(isinstance(card, Card) for card in given):
        raise TypeError(
            f"cards must be an iterable of at most 40 Card values, not {describe(cards)}"
        )
    return sum(CARD_POINTS[card.rank] for card in given)


_COUNT_WORDS: Final = {2: "two", 3: "three"}


def _score_tuple(scores: Iterable[int]) -> tuple[int, ...]:
    """Two or three whole numbers, a player's score each (M1, M11)."""
    given = bounded_items(scores, "scores", "two or three whole numbers", 3)
    if len(given) not in (2, 3) or not all(is_whole(score) for score in given):
        raise ConquianError(f"scores must be two or three whole numbers, not {describe(scores)}")
    return tuple(given)


@attrs.frozen
class Standing:
    """Where a match stands between games: the scores, the next game's stake and the pool.

    Equal standings have equal scores, stake and pool. Scores are net counters with
    stakes scoring (what a player has won less what he has paid, so they sum to minus
    the pool) and points with points scoring; the stake and the pool only matter for
    stakes. A standing has a score a player: two, or three for a match of three players
    (M11); the default is the start of a two-player match.

    Attributes:
        scores: Each player's score, player 0 first.
        stake: What the next game is played for (R18, V5): what each loser of the next
            game pays its winner.
        pool: The counters in the pool, which the next winner takes (V5 ``pool``).

    Raises:
        ConquianError: The scores are not two or three whole numbers, the stake is not a
            whole number of at least 1, or the pool one of at least 0.
        TypeError: ``scores`` is not iterable.

    >>> from conquian.scoring import Standing
    >>> Standing((0, 0, 0)).players
    3
    """

    scores: tuple[int, ...] = attrs.field(default=(0, 0), converter=_score_tuple)
    stake: int = BASE_STAKE
    pool: int = 0

    def __attrs_post_init__(self) -> None:
        if not is_whole(self.stake) or self.stake < BASE_STAKE:
            raise ConquianError(
                f"the stake is a whole number of at least {BASE_STAKE}, not {describe(self.stake)}"
            )
        if not is_whole(self.pool) or self.pool < 0:
            raise ConquianError(
                f"the pool is a whole number of at least 0, not {describe(self.pool)}"
            )

    @property
    def players(self) -> int:
        """The number of players, a score each (M1)."""
        return len(self.scores)


def settle(
    standing: Standing, outcome: Outcome, rules: Rules, *, loser_hand: Iterable[Card] = ()
) -> Standing:
    """The standing after a game ends with ``outcome``.

    With stakes scoring (R18), each loser pays the winner the stake (the one loser with
    two players, both with three: M11), and the winner also takes the pool; the next
    stake is then :data:`BASE_STAKE`. A win when the stock ran out under ``stock_out:
    fewest_cards`` (M8) pays like any win. A draw settles as ``rules.draw_settlement``
    says (V5): ``none`` pays nothing; ``double_next`` doubles the next stake (1, 2, 4,
    ... over successive draws); ``carry_forward`` adds the drawn game's stake to the next
    one's (1, 2, 3, ...); ``pool`` takes one counter from each player into the pool.
    With points scoring (V6), the winner scores :func:`hand_points` of ``loser_hand``
    and a draw scores nothing.

    Args:
        standing: The standing before the game, a score for each of ``rules.players``.
        outcome: How the game ended.
        rules: The match's rules (their ``players``, ``scoring`` and
            ``draw_settlement``).
        loser_hand: The cards left in the loser's hand (used with points scoring); with
            three players, the cards left in both losers' hands together (M11).

    Raises:
        ConquianError: The standing has not a score for each of ``rules.players``
            players, or the winner is not one of them.
        TypeError: ``standing``, ``outcome`` or ``rules`` is not a Standing, an Outcome
            or a Rules.

    >>> from conquian import Outcome, OutcomeKind, Rules
    >>> from conquian.rules import DrawSettlement
    >>> from conquian.scoring import Standing, settle
    >>> rules = Rules(draw_settlement=DrawSettlement.DOUBLE_NEXT)
    >>> drawn = settle(Standing(), Outcome(OutcomeKind.DRAWN, None), rules)
    >>> drawn
    Standing(scores=(0, 0), stake=2, pool=0)
    >>> settle(drawn, Outcome(OutcomeKind.WENT_OUT, 1), rules)
    Standing(scores=(-2, 2), stake=1, pool=0)

    With three players each loser pays the stake (M11):

    >>> three = Rules(players=3, draw_settlement=DrawSettlement.DOUBLE_NEXT)
    >>> drawn = settle(Standing((0, 0, 0)), Outcome(OutcomeKind.DRAWN, None), three)
    >>> settle(drawn, Outcome(OutcomeKind.FEWEST_CARDS, 2), three)
    Standing(scores=(-2, -2, 4), stake=1, pool=0)
    """
    if not isinstance(standing, Standing):
        raise TypeError(f"standing must be a Standing, not {describe(standing)}")
    if not isinstance(outcome, Outcome):
        raise TypeError(f"outcome must be an Outcome, not {describe(outcome)}")
    check_rules(rules)
    players = rules.players
    if standing.players != players:
        raise ConquianError(
            f"a match of {_COUNT_WORDS[players]} players has {_COUNT_WORDS[players]} "
            f"scores, not {standing.players} (M11)"
        )
    winner = outcome.winner
    if winner is not None and not 0 <= winner < players:
        raise ConquianError(
            f"the winner of a game of {players} players is {player_range(players)}, "
            f"not {describe(winner)} (M1)"
        )
    scores = list(standing.scores)
    if rules.scoring is Scoring.POINTS:
        if winner is not None:  # V6, M11: the cards left in every loser's hand
            scores[winner] += hand_points(loser_hand)
        return Standing(scores, stake=BASE_STAKE, pool=0)
    if winner is not None:  # R18, M11: each loser pays the stake; the winner takes the pool
        for loser in range(players):
            if loser != winner:
                scores[loser] -= standing.stake
        scores[winner] += (players - 1) * standing.stake + standing.pool
        return Standing(scores, stake=BASE_STAKE, pool=0)
    mode = rules.draw_settlement
    if mode is DrawSettlement.DOUBLE_NEXT:
        return attrs.evolve(standing, stake=2 * standing.stake)
    if mode is DrawSettlement.CARRY_FORWARD:
        return attrs.evolve(standing, stake=standing.stake + BASE_STAKE)
    if mode is DrawSettlement.POOL:  # V5, M11: each player adds one counter
        paid = [score - 1 for score in scores]
        return Standing(paid, stake=standing.stake, pool=standing.pool + players)
    return standing


def _leaders(scores: tuple[int, ...]) -> tuple[int, ...]:
    top = max(scores)
    return tuple(player for player, score in enumerate(scores) if score == top)


@attrs.frozen
class MatchOutcome:
    """How a match ended. Equal outcomes have equal scores and winner. (It was called
    ``MatchResult``, a deprecated alias that warns.)

    The winner is the one player with the highest score; when two players or more share
    it (with three players: two of them, or all three), the match is tied and the
    winner is ``None``; :attr:`leaders` names who shares it (M11).

    Attributes:
        scores: Each player's final score: two, or three (M11).
        winner: The player with the highest score, or ``None`` for a tie.

    Raises:
        ConquianError: The scores are not two or three whole numbers, or the winner is
            not the one player with the highest score (``None`` for a tie).
        TypeError: ``scores`` is not iterable.

    >>> from conquian.scoring import MatchOutcome
    >>> print(MatchOutcome((4, -2, -2), 0))
    player 0 wins, 4 to -2 to -2
    >>> tied = MatchOutcome((3, 3, -6), None)
    >>> print(tied), tied.leaders
    players 0 and 1 tie, 3 to 3 to -6
    (None, (0, 1))
    """

    scores: tuple[int, ...] = attrs.field(converter=_score_tuple)
    winner: int | None

    def __attrs_post_init__(self) -> None:
        leaders = _leaders(self.scores)
        higher = leaders[0] if len(leaders) == 1 else None
        if not (self.winner is None or is_whole(self.winner)) or self.winner != higher:
            shown = " to ".join(map(str, self.scores))
            raise ConquianError(
                f"the winner of a match that ends {shown} is "
                f"{'nobody (None)' if higher is None else higher}, not {describe(self.winner)}"
            )

    @property
    def leaders(self) -> tuple[int, ...]:
        """Who has the highest score, in seat order (the winner alone, or the players who
        tie for it)."""
        return _leaders(self.scores)

    def __str__(self) -> str:
        shown = " to ".join(map(describe, self.scores))
        if self.winner is not None:
            return f"player {self.winner} wins, {shown}"
        leaders = self.leaders
        if len(leaders) == len(self.scores):
            return f"tied at {shown}"
        return f"players {leaders[0]} and {leaders[1]} tie, {shown}"


def __getattr__(name: str) -> Any:
    """The deprecated module names: ``MatchResult`` is :class:`MatchOutcome`."""
    if name == "MatchResult":
        warn_renamed("MatchResult", "MatchOutcome")
        return MatchOutcome
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
