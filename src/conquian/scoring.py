"""Scoring a match: what each game settles, by stakes (R18, V5) or by hand points (V6).

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
from conquian.errors import ConquianError, bounded_items, describe, is_whole, warn_renamed
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


def _score_pair(scores: Iterable[int]) -> tuple[int, int]:
    pair = bounded_items(scores, "scores", "two whole numbers", 2)
    if len(pair) != 2 or not all(is_whole(score) for score in pair):
        raise ConquianError(f"scores must be two whole numbers, not {describe(scores)}")
    return (pair[0], pair[1])


@attrs.frozen
class Standing:
    """Where a match stands between games: the scores, the next game's stake and the pool.

    Equal standings have equal scores, stake and pool. Scores are net counters with
    stakes scoring (what a player has won less what he has paid, so they sum to minus
    the pool) and points with points scoring; the stake and the pool only matter for
    stakes.

    Attributes:
        scores: Each player's score.
        stake: What the next game is played for (R18, V5).
        pool: The counters in the pool, which the next winner takes (V5 ``pool``).

    Raises:
        ConquianError: The scores are not two whole numbers, the stake is not a whole
            number of at least 1, or the pool one of at least 0.
        TypeError: ``scores`` is not iterable.
    """

    scores: tuple[int, int] = attrs.field(default=(0, 0), converter=_score_pair)
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


def settle(
    standing: Standing, outcome: Outcome, rules: Rules, *, loser_hand: Iterable[Card] = ()
) -> Standing:
    """The standing after a game ends with ``outcome``.

    With stakes scoring (R18), the loser pays the winner the stake, and the winner also
    takes the pool; the next stake is then :data:`BASE_STAKE`. A draw settles as
    ``rules.draw_settlement`` says (V5): ``none`` pays nothing; ``double_next`` doubles
    the next stake (1, 2, 4, ... over successive draws); ``carry_forward`` adds the drawn
    game's stake to the next one's (1, 2, 3, ...); ``pool`` takes one counter from each
    player into the pool. With points scoring (V6), the winner scores
    :func:`hand_points` of ``loser_hand`` and a draw scores nothing.

    Args:
        standing: The standing before the game.
        outcome: How the game ended.
        rules: The match's rules (their ``scoring`` and ``draw_settlement``).
        loser_hand: The cards left in the loser's hand (used with points scoring).

    Raises:
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
    """
    if not isinstance(standing, Standing):
        raise TypeError(f"standing must be a Standing, not {describe(standing)}")
    if not isinstance(outcome, Outcome):
        raise TypeError(f"outcome must be an Outcome, not {describe(outcome)}")
    check_rules(rules)
    first, second = standing.scores
    scores = [first, second]
    winner = outcome.winner
    if rules.scoring is Scoring.POINTS:
        if winner is not None:
            scores[winner] += hand_points(loser_hand)
        return Standing(scores, stake=BASE_STAKE, pool=0)
    if winner is not None:  # R18: the loser pays the stake; the winner takes the pool
        scores[winner] += standing.stake + standing.pool
        scores[1 - winner] -= standing.stake
        return Standing(scores, stake=BASE_STAKE, pool=0)
    mode = rules.draw_settlement
    if mode is DrawSettlement.DOUBLE_NEXT:
        return attrs.evolve(standing, stake=2 * standing.stake)
    if mode is DrawSettlement.CARRY_FORWARD:
        return attrs.evolve(standing, stake=standing.stake + BASE_STAKE)
    if mode is DrawSettlement.POOL:
        return Standing((first - 1, second - 1), stake=standing.stake, pool=standing.pool + 2)
    return standing


@attrs.frozen
class MatchOutcome:
    """How a match ended. Equal outcomes have equal scores and winner. (It was called
    ``MatchResult``, a deprecated alias that warns.)

    Attributes:
        scores: Each player's final score.
        winner: The player with the higher score, or ``None`` for a tie.

    Raises:
        ConquianError: The scores are not two whole numbers, or the winner is not the
            player with the higher score (``None`` for a tie).
        TypeError: ``scores`` is not iterable.
    """

    scores: tuple[int, int] = attrs.field(converter=_score_pair)
    winner: int | None

    def __attrs_post_init__(self) -> None:
        first, second = self.scores
        higher = None if first == second else (0 if first > second else 1)
        if not (self.winner is None or is_whole(self.winner)) or self.winner != higher:
            raise ConquianError(
                f"the winner of a match that ends {first} to {second} is "
                f"{'nobody (None)' if higher is None else higher}, not {describe(self.winner)}"
            )

    def __str__(self) -> str:
        first, second = map(describe, self.scores)
        if self.winner is None:
            return f"tied at {first} to {second}"
        return f"player {self.winner} wins, {first} to {second}"


def __getattr__(name: str) -> Any:
    """The deprecated module names: ``MatchResult`` is :class:`MatchOutcome`."""
    if name == "MatchResult":
        warn_renamed("MatchResult", "MatchOutcome")
        return MatchOutcome
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
