"""The first agent's points of two-player games, counted as a :class:`PairResult`: the one
tally of the benchmarks that play their own games (``information``, ``no_gifts``,
``search_knowledge``)."""

from __future__ import annotations

from collections.abc import Sequence

from conquian.arena import PairResult


def pair_from_points(
    first: str,
    second: str,
    points: Sequence[float],
    *,
    cpu_seconds: tuple[float, float] = (0.0, 0.0),
    decisions: tuple[int, int] = (0, 0),
) -> PairResult:
    """The result of ``first`` against ``second`` from the first agent's points, one a
    game (1 a win, 0.5 a draw, 0 a loss), each deal's two games side by side (the first
    agent in each seat), so that the interval is clustered by deal.

    >>> pair = pair_from_points("a", "b", [1.0, 0.5, 0.0, 1.0])
    >>> pair.wins, pair.draws, pair.losses, pair.deal_scores
    (2, 1, 1, (1.5, 1.0))
    """
    if len(points) % 2:
        raise ValueError(f"two games a deal: {len(points)} points is an odd count")
    return PairResult(
        first,
        second,
        wins=points.count(1.0),
        losses=points.count(0.0),
        draws=points.count(0.5),
        deal_scores=tuple(a + b for a, b in zip(points[::2], points[1::2], strict=True)),
        cpu_seconds=cpu_seconds,
        decisions=decisions,
    )
