"""The arena: a strength ladder of agents, every pair on the same deals with seats swapped.

Each pair of agents plays every deal twice, once from each seat, so neither is helped by
the cards or by dealing (deal ``d`` is dealt from :func:`~conquian.simulate.game_seed`
(seed, d), with player ``d % 2`` dealing, R9; the agent in seat ``s`` is built from the
first SplitMix64 output of that deal's seed XOR ``s + 1``). A game scores 1 for a win, ½ for a draw
and 0 for a loss. Each pair's score comes with a 95% confidence interval, a Wilson score
interval over the deals (the two games of a deal are one sample, as they share the cards)
with their effective number (see :meth:`PairResult.interval`), and every agent gets a
rating on the Elo scale from a Bradley–Terry fit of all the games, anchored with
``random`` at 0 (or the first agent when ``random`` is not playing).

An agent is named as in :data:`~conquian.simulate.AGENTS`, optionally with parameters
after colons (see :func:`agent_spec`): ``search:160`` is the search agent with 160
playouts a decision, ``search:budget=20ms`` with 20 ms of CPU time a decision. Each agent's
CPU time per decision with a choice is measured too (:meth:`ArenaResult.cpu_ms`).

**Three players** (rules with ``players=3``, such as
:data:`~conquian.rules.TERCERILLA`, M1): the first agent of each pair plays against two of
the second, every deal three times, once with the first agent in each seat and the
second agent in the other two (deal ``d`` dealt by player ``d % 3``, M2; the agents built
from the seats' seeds as with two). These three rotations are every seating: the other
three permutations of the seats only swap the two copies of the second agent, which
are the same agent built from the same seat's seed, so they would replay the same games.
A draw shares the game's point, ⅓ each, so equal agents score ⅓. Each pair also counts
the wins by agent (the first agent, the second agent in the seat after it, the second
agent in the seat before it: :meth:`PairResult.side_wins`) and by seat
(:meth:`PairResult.seat_wins`), each with a 95% interval, in the table and the JSON, and
the ratings come from Luce's choice model (the Bradley–Terry model of a game of three:
see :func:`bradley_terry`). To rate the second agent against two of the first too, name
them the other way round in another run.

>>> from conquian import TERCERILLA
>>> from conquian.arena import arena
>>> three = arena(["greedy", "random"], deals=4, rules=TERCERILLA, seed=1)
>>> pair = three.pairs[0]
>>> pair.games, pair.side_wins(0) == pair.wins, len(pair.outcomes[0])
(12, True, 3)

The results depend only on the agents, the deals, the rules and the seed, never on the
number of worker processes (the CPU times, and a search agent given a time budget, aside).
A run may start at any deal (``first_deal``), so a long run split into chunks adds up to
the whole (:meth:`ArenaResult.join`).

>>> from conquian.arena import arena
>>> result = arena(["random", "greedy"], deals=20, seed=1)
>>> pair = result.pairs[0]
>>> pair.games, pair.wins + pair.losses + pair.draws
(40, 40)
>>> result.ratings["random"], result.ratings["greedy"] > 0
(0.0, True)
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import Any, Final, TextIO

import attrs

from conquian._readonly import ReadOnlyDict
from conquian._rng import SplitMix64, game_seed
from conquian._terminal import EXIT_BAD_INPUT, EXIT_OK, print_error
from conquian.agents import Agent
from conquian.dealing import check_seed
from conquian.errors import ConquianError, describe
from conquian.heuristic import HeuristicAgent
from conquian.ismcts import ISMCTSAgent
from conquian.rules import CLASSIC, Rules
from conquian.search import SearchAgent
from conquian.simulate import (
    MAX_WORKERS,
    agent_named,
    check_count,
    in_workers,
)
from conquian.state import State

__all__ = [
    "MAX_AGENTS",
    "MAX_DEALS",
    "MAX_FIRST_DEAL",
    "ArenaResult",
    "PairResult",
    "agent_list",
    "agent_spec",
    "arena",
    "bradley_terry",
    "run_command",
]

_Z95: Final = 1.959964
_PRIOR_GAMES: Final = 1.0  # a virtual draw per pair, so an unbeaten agent's rating is finite
_TASK_DEALS: Final = 25  # deals per task handed to a worker
MAX_DEALS: Final = 10**6
"""The most deals one :func:`arena` call plays for each pair."""
MAX_FIRST_DEAL: Final = 2**32
"""The highest deal number a run may start at (``first_deal``)."""
MAX_AGENTS: Final = 16
"""The most agents one run rates (names with parameters count as agents of their own)."""
_MAX_SPEC: Final = 80  # the longest agent name with its parameters
_DEAL_POINTS: Final = (0, 0.5, 1, 1.5, 2)
_DEAL_SCORES: Final = re.compile(
    r'"(deal_scores|outcomes)": \[([^\]]*)\]'
)  # a deal's two games, a win 1 and a draw ½; with three players each deal's outcomes
_SIDES: Final = "anp"  # the outcome letters of a win of each side (PairResult.outcomes)
_OUTCOME: Final = re.compile(r"[adnp]{3}")


def _clustered_wilson(shares: Sequence[float], z: float) -> tuple[float, float]:
    """The Wilson interval of :meth:`PairResult.interval` for the mean of ``shares``, one
    share in [0, 1] a deal, with the effective number of deals."""
    n = len(shares)
    if n == 0:
        return (0.0, 1.0)
    # math.fsum, not sum: sum of floats is compensated from Python 3.12 on, and the
    # intervals saved in a result must be the same on every Python version.
    mean = math.fsum(shares) / n
    spread = math.fsum((share - mean) ** 2 for share in shares)
    effective = mean * (1 - mean) * n * (n - 1) / spread if spread > 0 else n
    k = z * z / effective
    centre = (mean + k / 2) / (1 + k)
    half = math.sqrt(k * mean * (1 - mean) + k * k / 4) / (1 + k)
    return (max(0.0, min(mean, centre - half)), min(1.0, max(mean, centre + half)))


@attrs.frozen
class PairResult:
    """The games between two agents, counted for the first one.

    With three players (M1) the first agent plays against two of the second, each deal
    once with the first agent in each seat (see :func:`arena`); :attr:`outcomes` then
    says who won each game, and :meth:`side_wins` and :meth:`seat_wins` count them by
    agent and by seat.

    Attributes:
        first: The first agent's name.
        second: The second agent's name.
        wins: Games the first agent won.
        losses: Games the second agent won (either of the two, with three players).
        draws: Games drawn (R15).
        deal_scores: The first agent's points on each deal (0 to 2: both games of it; 0
            to 3 with three players, a draw ⅓).
        cpu_seconds: The CPU time each agent (first, second) spent choosing, over its
            decisions with more than one legal move (not compared: it varies run to run).
        decisions: How many such decisions each agent made (not compared; a run saved
            before they were counted reads as none).
        players: The players of each game: 2, or 3 (the first agent against two of the
            second).
        outcomes: With three players, each deal's three games as three letters, the
            game with the first agent in seat 0, 1, then 2: ``a`` the first agent won,
            ``n`` the second agent in the seat after it (the next player, M1) won, ``p``
            the second agent in the seat before it won, ``d`` drawn. Empty with two.
    """

    first: str
    second: str
    wins: int
    losses: int
    draws: int
    deal_scores: tuple[float, ...] = attrs.field(repr=False)
    cpu_seconds: tuple[float, float] = attrs.field(default=(0.0, 0.0), eq=False, repr=False)
    decisions: tuple[int, int] = attrs.field(default=(0, 0), eq=False, repr=False)
    players: int = 2
    outcomes: tuple[str, ...] = attrs.field(default=(), repr=False)

    @property
    def games(self) -> int:
        """The number of games played, two a deal (three with three players)."""
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        """The first agent's share of the points, a win counting 1 and a draw shared by
        the players (½ each with two, ⅓ with three)."""
        if not self.games:
            return 1 / self.players
        return (self.wins + self.draws / self.players) / self.games

    def interval(self, z: float = _Z95) -> tuple[float, float]:
        """A confidence interval of :attr:`score` (95% for the default ``z``).

        A Wilson score interval (Wilson 1927) over the deals, with the number of deals
        replaced by their effective number, as Korn and Graubard (1998) do for a
        proportion from a clustered sample; Franco, Little, Louis and Slud (2019)
        recommend this Wilson form. The two games of a deal share the cards, so the deal,
        not the game, is the independent sample. Each deal gives the first agent a share
        of its two games' points (0, ¼, ½, ¾ or 1); the score ``p`` is the mean of the
        ``n`` shares, and ``s²`` their sample variance, so ``p`` has the variance
        ``s² / n``. The effective number of deals is the number of all-or-nothing deals
        that would give ``p`` that variance (Kish's design effect),
        ``n_eff = n p (1 - p) / s²``, and the interval holds every true score ``q`` with
        ``(p - q)² <= z² q (1 - q) / n_eff``.

        The normal interval ``p ± z s / √n`` used before has no width when every deal
        scored the same (``s = 0``, common with a few deals), as if the score were
        certain. The Wilson form takes the variance at ``q``, not at ``p``, so it keeps a
        width at a score of 0 or 1, and stays within [0, 1]. When the deals did not vary
        (or there is one), they tell nothing of their spread, and ``n_eff`` is ``n``: a
        share in [0, 1] with mean ``q`` has a variance of at most ``q (1 - q)``, so this
        is the interval of the widest spread. ``n_eff`` is otherwise not capped at
        ``n``: draws, and the swapped seats, make real deals vary less than all-or-nothing
        ones (on the saved ladders ``n_eff`` is 3 to 7 times ``n``). For hundreds of
        deals the interval is the normal one moved slightly towards ½, by less than a
        tenth of a percentage point for the saved ladders of 500 and 1,000 deals.

        The interval lies within [0, 1], holds :attr:`score`, and is wider than a point
        for one deal or more; with no deals it is (0, 1).

        >>> from conquian.arena import PairResult
        >>> won = PairResult("a", "b", wins=4, losses=0, draws=0, deal_scores=(2.0, 2.0))
        >>> [round(end, 3) for end in won.interval()]
        [0.342, 1.0]
        """
        per = self.players  # games a deal
        return _clustered_wilson([points / per for points in self.deal_scores], z)

    def _three(self) -> None:
        if self.players != 3:
            raise ConquianError(
                "wins by agent and by seat are counted in games of three players (M1)"
            )

    def side_wins(self, side: int) -> int:
        """In games of three players, the games won by ``side``: 0 the first agent, 1 the
        second agent in the seat after the first's (its next player, M1), 2 the second
        agent in the seat before it.

        Raises:
            ConquianError: The games have two players.
        """
        self._three()
        letter = _SIDES[side]
        return sum(deal.count(letter) for deal in self.outcomes)

    def side_interval(self, side: int, z: float = _Z95) -> tuple[float, float]:
        """A confidence interval (95% for the default ``z``) of the share of the games
        ``side`` won (see :meth:`side_wins`): the Wilson interval over the deals of
        :meth:`interval`, each deal's three games one sample.

        Raises:
            ConquianError: The games have two players.
        """
        self._three()
        letter = _SIDES[side]
        return _clustered_wilson([deal.count(letter) / 3 for deal in self.outcomes], z)

    def seat_wins(self, seat: int, side: int = 0) -> tuple[int, int]:
        """In games of three players, (games won, games played) by the first agent
        (``side`` 0) or by the second (``side`` 1: either of its two, which sit in
        ``seat`` in two games of each deal) when it sits in ``seat`` (0, 1 or 2).

        Raises:
            ConquianError: The games have two players.
        """
        self._three()
        if side == 0:
            return sum(deal[seat] == "a" for deal in self.outcomes), len(self.outcomes)
        won = 0
        for deal in self.outcomes:
            # The first agent in seat r: the second's two sit in r + 1 ("n"), r + 2 ("p").
            won += deal[(seat - 1) % 3] == "n"
            won += deal[(seat - 2) % 3] == "p"
        return won, 2 * len(self.outcomes)

    def seat_interval(self, seat: int, side: int = 0, z: float = _Z95) -> tuple[float, float]:
        """A confidence interval (95% for the default ``z``) of the share of the games
        :meth:`seat_wins` counts that were won, a Wilson interval over the deals.

        Raises:
            ConquianError: The games have two players.
        """
        self._three()
        if side == 0:
            return _clustered_wilson([float(deal[seat] == "a") for deal in self.outcomes], z)
        shares = [
            ((deal[(seat - 1) % 3] == "n") + (deal[(seat - 2) % 3] == "p")) / 2
            for deal in self.outcomes
        ]
        return _clustered_wilson(shares, z)

    def to_dict(self) -> dict[str, Any]:
        """The counts, score, interval and each deal's points as JSON-ready data; with
        three players also the outcomes and the wins by agent (``sides``) and by seat
        (``seats``), each with its 95% interval."""
        low, high = self.interval()
        data: dict[str, Any] = {
            "agents": [self.first, self.second],
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": self.score,
            "interval95": [low, high],
            "cpu_seconds": list(self.cpu_seconds),
            "decisions": list(self.decisions),
            "deal_scores": list(self.deal_scores),
        }
        if self.players == 3:
            games = self.games
            data["players"] = 3
            data["sides"] = [
                {
                    "agent": name,
                    "seated": seated,
                    "wins": self.side_wins(side),
                    "share": self.side_wins(side) / games if games else 0.0,
                    "interval95": list(self.side_interval(side)),
                }
                for side, (name, seated) in enumerate(
                    ((self.first, "first"), (self.second, "after"), (self.second, "before"))
                )
            ]
            data["seats"] = [
                {
                    "seat": seat,
                    **{
                        key: {
                            "wins": self.seat_wins(seat, side)[0],
                            "games": self.seat_wins(seat, side)[1],
                            "interval95": list(self.seat_interval(seat, side)),
                        }
                        for side, key in enumerate(("first", "second"))
                    },
                }
                for seat in range(3)
            ]
            data["outcomes"] = list(self.outcomes)
        return data


@attrs.frozen
class ArenaResult:
    """A whole ladder run. Equal results have equal games (the time is not compared).

    Attributes:
        agents: The agents' names, in the order given.
        rules: The rules of every game.
        deals: Deals each pair played (each twice).
        seed: The run's seed.
        pairs: Every pair's games, in the order of the agents (``agents[i]`` first for
            ``i < j``).
        ratings: Each agent's Bradley–Terry rating on the Elo scale, ``random`` (or the
            first agent) at 0 (a read-only dict, as the value is frozen).
        seconds: Wall-clock time of the run.
        first_deal: The number of the first deal played (the deals are ``first_deal`` to
            ``first_deal + deals - 1``).
    """

    agents: tuple[str, ...]
    rules: Rules
    deals: int
    seed: int
    pairs: tuple[PairResult, ...]
    ratings: dict[str, float] = attrs.field(hash=False, converter=ReadOnlyDict)
    seconds: float = attrs.field(eq=False)
    first_deal: int = 0

    def cpu_ms(self, agent: str) -> float | None:
        """The mean CPU time ``agent`` spent on a decision with more than one legal move,
        in milliseconds, over all its games here; ``None`` when none was measured.

        >>> from conquian.arena import arena
        >>> result = arena(["random", "greedy"], deals=2)
        >>> result.cpu_ms("greedy") > 0
        True
        """
        seconds = decisions = 0.0
        for pair in self.pairs:
            for side, name in enumerate((pair.first, pair.second)):
                if name == agent:
                    seconds += pair.cpu_seconds[side]
                    decisions += pair.decisions[side]
        return 1000 * seconds / decisions if decisions else None

    @classmethod
    def join(cls, parts: Iterable[ArenaResult]) -> ArenaResult:
        """One result of runs of the same agents, rules and seed on consecutive deals (in
        any order), equal to the result of one run over all their deals.

        Raises:
            ConquianError: No runs, runs of different agents, rules or seeds, or deals
                that leave a gap or overlap.

        >>> from conquian.arena import ArenaResult, arena
        >>> whole = arena(["random", "greedy"], deals=5, seed=2)
        >>> chunks = [
        ...     arena(["random", "greedy"], deals=3, seed=2),
        ...     arena(["random", "greedy"], deals=2, seed=2, first_deal=3),
        ... ]
        >>> ArenaResult.join(chunks) == whole
        True
        """
        runs = sorted(parts, key=lambda run: run.first_deal)
        if not runs or not all(isinstance(run, ArenaResult) for run in runs):
            raise ConquianError("join needs one or more arena results")
        head = runs[0]
        for run in runs[1:]:
            if (run.agents, run.rules, run.seed) != (head.agents, head.rules, head.seed):
                raise ConquianError(
                    "only runs of the same agents, rules and seed add up: "
                    f"{', '.join(run.agents)} (seed {run.seed}) is not "
                    f"{', '.join(head.agents)} (seed {head.seed})"
                )
        for before, after in itertools.pairwise(runs):
            end = before.first_deal + before.deals
            if after.first_deal != end:
                raise ConquianError(
                    f"the runs' deals must follow on: one ends before deal {end:,}, the next "
                    f"starts at deal {after.first_deal:,}"
                )
        pairs = []
        for number, pair in enumerate(head.pairs):
            sides = [run.pairs[number] for run in runs]
            pairs.append(
                PairResult(
                    pair.first,
                    pair.second,
                    wins=sum(side.wins for side in sides),
                    losses=sum(side.losses for side in sides),
                    draws=sum(side.draws for side in sides),
                    deal_scores=tuple(score for side in sides for score in side.deal_scores),
                    cpu_seconds=(
                        sum(side.cpu_seconds[0] for side in sides),
                        sum(side.cpu_seconds[1] for side in sides),
                    ),
                    decisions=(
                        sum(side.decisions[0] for side in sides),
                        sum(side.decisions[1] for side in sides),
                    ),
                    players=pair.players,
                    outcomes=tuple(deal for side in sides for deal in side.outcomes),
                )
            )
        return cls(
            agents=head.agents,
            rules=head.rules,
            deals=sum(run.deals for run in runs),
            seed=head.seed,
            pairs=tuple(pairs),
            ratings=bradley_terry(pairs, _anchor(head.agents)),
            seconds=sum(run.seconds for run in runs),
            first_deal=head.first_deal,
        )

    def to_dict(self) -> dict[str, Any]:
        """The run as JSON-ready data (what ``arena --json`` writes)."""
        return {
            "agents": list(self.agents),
            "rules": self.rules.to_notation(),
            "deals": self.deals,
            "seed": self.seed,
            "pairs": [pair.to_dict() for pair in self.pairs],
            "ratings": dict(self.ratings),
            "anchor": _anchor(self.agents),
            "cpu_ms_per_decision": {name: self.cpu_ms(name) for name in self.agents},
            "seconds": self.seconds,
            "first_deal": self.first_deal,
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as indented JSON text (what ``arena --json`` writes), each
        pair's deal-by-deal points on one line.

        >>> import json
        >>> from conquian.arena import ArenaResult, arena
        >>> result = arena(["random", "greedy"], deals=3, seed=3)
        >>> '"deal_scores": [' in result.to_json()
        True
        >>> ArenaResult.from_dict(json.loads(result.to_json())) == result
        True
        """
        text = json.dumps(self.to_dict(), indent=2)
        return _DEAL_SCORES.sub(
            lambda found: f'"{found[1]}": [{", ".join(s.strip() for s in found[2].split(","))}]',
            text,
        )

    @classmethod
    def from_dict(cls, data: object) -> ArenaResult:
        """Read back a run that :meth:`to_dict` (or ``arena --json``) wrote.

        Every field is checked: the agents must be the arena's, the seed one it takes,
        the pairs the agents' pairs in order with counts that agree with their
        deal-by-deal points, and the ratings the ones those games give.

        Raises:
            ConquianError: A missing or ill-typed field, or counts that disagree; the
                message names the field.

        >>> from conquian.arena import ArenaResult, arena
        >>> result = arena(["random", "greedy"], deals=4, seed=3)
        >>> ArenaResult.from_dict(result.to_dict()) == result
        True
        """
        run = _fields(data, "the run", ("agents", "rules", "deals", "seed", "pairs", "ratings"))
        agents = run["agents"]
        if (
            not isinstance(agents, list)
            or not 2 <= len(agents) <= MAX_AGENTS
            or not all(isinstance(name, str) for name in agents)
            or len(set(agents)) != len(agents)
        ):
            raise ConquianError(
                f"agents must be 2 to {MAX_AGENTS} different agent names, not {describe(agents)}"
            )
        for name in agents:
            agent_spec(name)
        if not isinstance(run["rules"], str):
            raise ConquianError(f"rules must be rules text, not {describe(run['rules'])}")
        rules = Rules.parse(run["rules"])
        deals = check_count(run["deals"], "deals")
        seed = check_seed(run["seed"], "an arena's seed")
        pairs = run["pairs"]
        count = len(agents) * (len(agents) - 1) // 2  # checked before the pairs are listed
        if not isinstance(pairs, list) or len(pairs) != count:
            raise ConquianError(f"pairs must be a list of the {count} pairs of the agents")
        expected = _pairs(agents)
        read = tuple(
            _pair_from_dict(pair, f"pairs[{i}]", expected[i], deals, rules.players)
            for i, pair in enumerate(pairs)
        )
        ratings = run["ratings"]
        if (
            not isinstance(ratings, dict)
            or set(ratings) != set(agents)
            or not all(_is_number(value) for value in ratings.values())
        ):
            raise ConquianError("ratings must give every agent a number")
        computed = bradley_terry(read, _anchor(agents))
        for name in agents:
            if not math.isclose(ratings[name], computed[name], rel_tol=1e-9, abs_tol=1e-6):
                raise ConquianError(
                    f"ratings: {name}'s rating {describe(ratings[name])} is not the one its "
                    f"games give: {computed[name]:.6f} (Bradley-Terry, {_anchor(agents)} = 0)"
                )
        seconds = run.get("seconds", 0.0)
        if not _is_number(seconds) or seconds < 0:
            raise ConquianError(f"seconds must be a number of at least 0, not {describe(seconds)}")
        first_deal = check_count(run.get("first_deal", 0), "first_deal", MAX_FIRST_DEAL)
        return cls(
            agents=tuple(agents),
            rules=rules,
            deals=deals,
            seed=seed,
            pairs=read,
            ratings={name: float(ratings[name]) for name in agents},
            seconds=float(seconds),
            first_deal=first_deal,
        )

    def __str__(self) -> str:
        three = self.rules.players == 3
        versus = " vs 2 " if three else " vs "
        width = max(12, *(len(a) + len(b) + len(versus) for a, b in _pairs(self.agents)))
        start = f" from deal {self.first_deal:,}" if self.first_deal else ""
        played = (
            "each played three times (the first agent of a pair in each seat, the second "
            "in the other two; a draw scores 1/3, so equal agents score 33.3%)"
            if three
            else "each played twice (seats swapped)"
        )
        lines = [
            f"{self.deals:,} deal{'' if self.deals == 1 else 's'} a pair{start}, "
            f"{played}, rules {self.rules.to_notation()}, seed {self.seed}",
            "",
            f"{'pair':<{width}} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6} "
            f"{'score':>7}  95% interval",
        ]
        for pair in self.pairs:
            low, high = pair.interval()
            name = f"{pair.first}{versus}{pair.second}"
            lines.append(
                f"{name:<{width}} {pair.games:>6,} {pair.wins:>6,} {pair.draws:>6,} "
                f"{pair.losses:>6,} {pair.score:>7.1%}  {low:.1%} to {high:.1%}"
            )
        if three:
            for pair in self.pairs:
                lines += ["", *_three_player_lines(pair)]
        model = "Luce's choice model" if three else "Bradley-Terry"
        lines += [
            "",
            f"{f'rating ({model}, Elo scale, {_anchor(self.agents)} = 0)':<{width + 6}}"
            "  CPU a decision",
        ]
        for name in sorted(self.agents, key=lambda a: -self.ratings[a]):
            cpu = self.cpu_ms(name)
            lines.append(
                f"  {name:<{width - 2}} {self.ratings[name]:>+7.0f}"
                f"  {'-' if cpu is None else _milliseconds(cpu):>9}"
            )
        return "\n".join(lines)


def _three_player_lines(pair: PairResult) -> list[str]:
    """A three-player pair's wins by agent and by seat, with 95% intervals."""
    games = pair.games
    names = (
        pair.first,
        f"{pair.second} after it",
        f"{pair.second} before it",
    )
    width = max(len(name) for name in (*names, "drawn")) + 2
    lines = [
        f"{pair.first} against two {pair.second}: {games:,} games",
        f"{'wins by agent':<{width + 2}} {'wins':>6} {'share':>7}  95% interval",
    ]
    for side, name in enumerate(names):
        wins = pair.side_wins(side)
        low, high = pair.side_interval(side)
        share = wins / games if games else 0.0
        lines.append(f"  {name:<{width}} {wins:>6,} {share:>7.1%}  {low:.1%} to {high:.1%}")
    share = pair.draws / games if games else 0.0
    lines.append(f"  {'drawn':<{width}} {pair.draws:>6,} {share:>7.1%}")
    first, second = pair.first, f"{pair.second} (two seats a game)"
    column = max(len(first), len(second), 26)
    lines.append(f"wins by seat  {first:<{column}}  {second}")
    for seat in range(3):
        cells = []
        for side in (0, 1):
            won, played = pair.seat_wins(seat, side)
            low, high = pair.seat_interval(seat, side)
            share = won / played if played else 0.0
            cells.append(f"{share:.1%} ({low:.1%} to {high:.1%})")
        lines.append(f"  seat {seat}      {cells[0]:<{column}}  {cells[1]}")
    return lines


def _milliseconds(ms: float) -> str:
    """A time in milliseconds to three significant figures (``41.2 ms``, ``0.0213 ms``)."""
    return f"{ms:.3g} ms" if ms < 1000 else f"{ms:,.0f} ms"


def _fields(data: object, what: str, names: Sequence[str]) -> dict[str, Any]:
    """``data`` as a dict that holds ``names`` (``what`` names it in the error)."""
    if not isinstance(data, dict):
        raise ConquianError(f"{what} must be a JSON object, not {describe(data)}")
    for name in names:
        if name not in data:
            raise ConquianError(f"{what} has no {name!r}")
    return data


def _is_number(value: object) -> bool:
    """A finite float, or an int that a float holds (no bool): a number a run can hold."""
    if isinstance(value, float):
        return math.isfinite(value)
    return value.__class__ is int and abs(value) <= _LARGEST


_LARGEST: Final = 2**53  # the ints a float holds exactly


def _costs(pair: dict[str, Any], what: str) -> tuple[tuple[float, float], tuple[int, int]]:
    """A pair's ``cpu_seconds`` and ``decisions`` (both optional: zeros), checked."""
    cpu = pair.get("cpu_seconds", [0.0, 0.0])
    if (
        not isinstance(cpu, list)
        or len(cpu) != 2
        or not all(_is_number(value) and value >= 0 for value in cpu)
    ):
        raise ConquianError(f"{what}.cpu_seconds must be two numbers of at least 0")
    counted = pair.get("decisions", [0, 0])
    if not isinstance(counted, list) or len(counted) != 2:
        raise ConquianError(f"{what}.decisions must be two whole numbers")
    return (
        (float(cpu[0]), float(cpu[1])),
        (
            check_count(counted[0], f"{what}.decisions[0]"),
            check_count(counted[1], f"{what}.decisions[1]"),
        ),
    )


def _pair_from_dict(
    data: object, what: str, agents: tuple[str, str], deals: int, players: int = 2
) -> PairResult:
    """One pair of :meth:`ArenaResult.from_dict`, checked against its expected agents."""
    pair = _fields(data, what, ("agents", "wins", "losses", "draws", "deal_scores"))
    if players == 3:
        return _three_from_dict(pair, what, agents, deals)
    if pair["agents"] != list(agents):
        raise ConquianError(
            f"{what}.agents must be {list(agents)}, not {describe(pair['agents'])}"
        )
    wins, losses, draws = (
        check_count(pair[key], f"{what}.{key}") for key in ("wins", "losses", "draws")
    )
    scores = pair["deal_scores"]
    if (
        not isinstance(scores, list)
        or len(scores) != deals
        or not all(_is_number(points) and points in _DEAL_POINTS for points in scores)
    ):
        raise ConquianError(
            f"{what}.deal_scores must be {deals} deal scores from 0 to 2 by halves"
        )
    if wins + losses + draws != 2 * deals or sum(scores) != wins + draws / 2:
        raise ConquianError(f"{what}: its counts disagree with its deal_scores")
    cpu, decisions = _costs(pair, what)
    return PairResult(
        agents[0],
        agents[1],
        wins,
        losses,
        draws,
        tuple(float(s) for s in scores),
        cpu_seconds=cpu,
        decisions=decisions,
    )


def _three_from_dict(
    pair: dict[str, Any], what: str, agents: tuple[str, str], deals: int
) -> PairResult:
    """A pair of three-player games: everything is read from its outcomes, and every
    count, score and interval written beside them must be the one they give."""
    outcomes = pair.get("outcomes")
    if (
        not isinstance(outcomes, list)
        or len(outcomes) != deals
        or not all(isinstance(deal, str) and _OUTCOME.fullmatch(deal) for deal in outcomes)
    ):
        raise ConquianError(
            f"{what}.outcomes must be {deals} outcomes of three letters from a, n, p and d"
        )
    made = _three_result(agents, tuple(outcomes), *_costs(pair, what))
    if pair["agents"] != list(agents):
        raise ConquianError(
            f"{what}.agents must be {list(agents)}, not {describe(pair['agents'])}"
        )
    written = made.to_dict()
    for key, value in pair.items():
        if key not in written or (
            key not in ("cpu_seconds", "decisions") and value != written[key]
        ):
            raise ConquianError(
                f"{what}.{key} is not what its outcomes give"
                if key in written
                else f"{what} has an unknown field {key!r}"
            )
    return made


def _three_result(
    agents: tuple[str, str],
    outcomes: tuple[str, ...],
    cpu: tuple[float, float],
    decisions: tuple[int, int],
) -> PairResult:
    """The pair of three-player games with these ``outcomes``."""
    wins = sum(deal.count("a") for deal in outcomes)
    draws = sum(deal.count("d") for deal in outcomes)
    return PairResult(
        agents[0],
        agents[1],
        wins=wins,
        losses=3 * len(outcomes) - wins - draws,
        draws=draws,
        deal_scores=tuple(deal.count("a") + deal.count("d") / 3 for deal in outcomes),
        cpu_seconds=cpu,
        decisions=decisions,
        players=3,
        outcomes=outcomes,
    )


def _anchor(agents: Sequence[str]) -> str:
    return "random" if "random" in agents else agents[0]


def _pairs(agents: Sequence[str]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(agents) for b in agents[i + 1 :]]


def bradley_terry(
    pairs: Sequence[PairResult], anchor: str, *, prior: float = _PRIOR_GAMES
) -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale (400 points: 10 to 1 odds), ``anchor`` at 0.

    A draw counts half a win to each side. Each pair also gets ``prior`` virtual games,
    drawn, so that an agent that never lost still has a finite rating. Pairs of
    three-player games (the first agent against two of the second) are fitted to Luce's
    choice model, Bradley–Terry's for a game of three: an agent of strength ``s1`` wins
    against two of strength ``s2`` with probability ``s1 / (s1 + 2 s2)``, and a draw counts
    a third of a win to each player.

    Args:
        pairs: The games, any number of pairs among any agents.
        anchor: The agent rated 0.
        prior: Virtual drawn games added to each pair.

    Raises:
        ConquianError: ``anchor`` played no game here.

    >>> from conquian.arena import PairResult, bradley_terry
    >>> even = PairResult("a", "b", 30, 10, 0, ())
    >>> round(bradley_terry([even], "a")["b"])
    -185
    """
    names: list[str] = []
    for pair in pairs:
        for name in (pair.first, pair.second):
            if name not in names:
                names.append(name)
    if anchor not in names:
        raise ConquianError(f"the anchor {describe(anchor)} played no game")
    if any(pair.players == 3 for pair in pairs):
        return _luce(pairs, names, anchor, prior)
    points = dict.fromkeys(names, 0.0)
    games: dict[tuple[str, str], float] = {}
    for pair in pairs:
        n = pair.games + prior
        points[pair.first] += pair.wins + pair.draws / 2 + prior / 2
        points[pair.second] += pair.losses + pair.draws / 2 + prior / 2
        for key in ((pair.first, pair.second), (pair.second, pair.first)):
            games[key] = games.get(key, 0.0) + n

    def step(strength: dict[str, float]) -> dict[str, float]:
        new = {}
        for name in names:
            total = sum(
                n / (strength[name] + strength[other])
                for (one, other), n in games.items()
                if one == name
            )
            new[name] = points[name] / total if total else strength[name]
        return new

    return _ratings(names, anchor, step)


def _ratings(
    names: list[str], anchor: str, step: Callable[[dict[str, float]], dict[str, float]]
) -> dict[str, float]:
    """The Elo-like ratings (400 points: 10 to 1 odds, ``anchor`` at 0) at the fixed point
    of ``step``, one round of Hunter's (2004) MM iteration: from every strength 1, each
    round's strengths are rescaled so that ``anchor``'s is 1, until no strength moves by
    more than 1e-12 in log (it takes a few hundred rounds) or 10,000 rounds have passed.
    What :func:`bradley_terry` and :func:`_luce` share: ``step`` gives each agent of
    ``names`` (in their order) its strength for the next round from this round's."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(10_000):
        new = step(strength)
        scale = new[anchor]
        new = {name: value / scale for name, value in new.items()}
        change = max(abs(math.log(new[name] / strength[name])) for name in names)
        strength = new
        if change < 1e-12:
            break
    return {name: 400 * math.log10(strength[name]) + 0.0 for name in names}


def _luce(
    pairs: Sequence[PairResult], names: list[str], anchor: str, prior: float
) -> dict[str, float]:
    """:func:`bradley_terry` for games of three players: Luce's choice model, in which an
    agent of strength ``s`` wins a game among strengths ``S`` with probability
    ``s / sum(S)`` (the first agent against two of the second: ``s1 / (s1 + 2 s2)``), fitted
    by Hunter's (2004) MM iteration. A draw counts a third of a win to each player, and
    each pair gets ``prior`` virtual drawn games."""
    points = dict.fromkeys(names, 0.0)
    for pair in pairs:
        share = pair.players
        points[pair.first] += pair.wins + (pair.draws + prior) / share
        points[pair.second] += pair.losses + (share - 1) * (pair.draws + prior) / share

    def step(strength: dict[str, float]) -> dict[str, float]:
        totals = dict.fromkeys(names, 0.0)
        for pair in pairs:
            n = pair.games + prior
            seats = pair.players - 1  # the second agent's seats
            whole = strength[pair.first] + seats * strength[pair.second]
            totals[pair.first] += n / whole
            totals[pair.second] += n * seats / whole
        return {
            name: points[name] / totals[name] if totals[name] else strength[name] for name in names
        }

    return _ratings(names, anchor, step)


_Played = tuple[list[str], tuple[float, float], tuple[int, int]]
"""What a task of :func:`_play_deals` returns: each deal's outcomes (one letter a game,
as :attr:`PairResult.outcomes`), the CPU time and the decisions with a choice of each
agent."""


def _play_deals(first: str, second: str, low: int, high: int, seed: int, rules: Rules) -> _Played:
    """Deals ``low`` to ``high - 1`` between two agents, each played once with the first
    agent in each seat (the second agent in the other seats): who won each game (``a``
    the first agent, ``n`` the second in the seat after it, ``p`` in the seat before it,
    ``d`` a draw), in the order of the first agent's seat; then the CPU time each agent
    (first, second) spent on its decisions with a choice, and how many it made."""
    factories = (agent_spec(first), agent_spec(second))
    players = rules.players
    results = []
    cpu = [0.0, 0.0]
    decisions = [0, 0]
    for deal in range(low, high):
        deal_seed = game_seed(seed, deal)
        letters = []
        for first_seat in range(players):
            # seat -> 0 for the first agent, 1 the second
            sides = [0 if seat == first_seat else 1 for seat in range(players)]
            agents = [
                factories[sides[seat]](SplitMix64(deal_seed ^ (seat + 1)).next64())
                for seat in range(players)
            ]
            state = State.new(deal_seed, rules=rules, dealer=deal % players)
            while (player := state.to_move) is not None:
                moves = state.legal_moves()
                view = state.observation(player)
                if len(moves) == 1:
                    move = agents[player].choose(view, moves)
                else:
                    started = time.thread_time()
                    move = agents[player].choose(view, moves)
                    cpu[sides[player]] += time.thread_time() - started
                    decisions[sides[player]] += 1
                state = state.apply(move, player=player)
            outcome = state.outcome
            assert outcome is not None
            if outcome.winner is None:
                letters.append("d")
            else:
                letters.append(_SIDES[(outcome.winner - first_seat) % players])
        results.append("".join(letters))
    return results, (cpu[0], cpu[1]), (decisions[0], decisions[1])


def arena(
    agents: Sequence[str],
    *,
    deals: int = 100,
    rules: Rules = CLASSIC,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    first_deal: int = 0,
) -> ArenaResult:
    """Play every pair of ``agents`` on the same ``deals`` deals, each deal twice (seats
    swapped), or with rules of three players three times: the first agent of the pair in
    each seat, against two of the second (see the module docstring).

    Args:
        agents: At least two and at most :data:`MAX_AGENTS` distinct agent names, each
            with parameters if wanted (see :func:`agent_spec`).
        deals: Deals each pair plays, at most :data:`MAX_DEALS`; each is played twice,
            seats swapped (three times with three players, M1).
        rules: The rules of every game.
        seed: The run's seed: deal ``d`` is dealt from ``game_seed(seed, d)``.
        first_deal: The first deal's number ``d`` (0 to :data:`MAX_FIRST_DEAL`): a run of
            deals 0 to 99 and one of deals 100 to 199 add up to a run of 200
            (:meth:`ArenaResult.join`).
        workers: Processes to use (0 for one per core), at most
            :data:`~conquian.simulate.MAX_WORKERS`. The result does not depend on it.
        progress: Called with (games done, games) as the work advances.

    Returns:
        The pairs' results and the agents' ratings.

    Raises:
        ConquianError: Fewer than two agents (or names given as one text, or not
            iterable), more names than there are agents, an unknown or repeated name, a
            bad count, or a seed out of range.
    """
    if isinstance(agents, str) or not isinstance(agents, Iterable):
        what = "the text " if isinstance(agents, str) else ""
        raise ConquianError(
            f"agents must be a sequence of agent names, such as ('greedy', 'random'), not "
            f"{what}{describe(agents)}"
        )
    names = tuple(islice(agents, MAX_AGENTS + 1))  # never read past one name too many
    if len(names) > MAX_AGENTS:
        raise ConquianError(f"an arena has at most {MAX_AGENTS} agents, each once")
    if len(names) < 2:
        raise ConquianError(f"an arena needs at least two agents, not {len(names)}")
    for name in names:
        agent_spec(name)
    if len(set(names)) != len(names):
        raise ConquianError(f"each agent plays once in an arena: {', '.join(names)}")
    check_count(deals, "deals", MAX_DEALS)
    check_count(first_deal, "first_deal", MAX_FIRST_DEAL)
    check_count(workers, "workers", MAX_WORKERS)
    check_seed(seed, "an arena's seed")
    if not isinstance(rules, Rules):
        raise ConquianError(f"rules must be a Rules value, not {describe(rules)}")
    workers = workers or os.cpu_count() or 1
    start = time.perf_counter()
    pairs = _pairs(names)
    end = first_deal + deals
    tasks = [
        (index, low, min(low + _TASK_DEALS, end))
        for index in range(len(pairs))
        for low in range(first_deal, end, _TASK_DEALS)
    ]
    scores: list[dict[int, _Played]] = [{} for _ in pairs]
    players = rules.players
    total = players * deals * len(pairs)
    done = 0
    if workers == 1 or len(tasks) <= 1:
        for index, low, high in tasks:
            scores[index][low] = _play_deals(*pairs[index], low, high, seed, rules)
            done += players * (high - low)
            if progress is not None:
                progress(done, total)
    else:
        calls = [(*pairs[index], low, high, seed, rules) for index, low, high in tasks]
        with contextlib.closing(in_workers(_play_deals, calls, workers)) as finished:
            for number, result in finished:  # a failing progress callback ends the workers
                index, low, high = tasks[number]
                scores[index][low] = result
                done += players * (high - low)
                if progress is not None:
                    progress(done, total)
    results = []
    for (first, second), by_task in zip(pairs, scores, strict=True):
        played = [by_task[low] for low in sorted(by_task)]
        outcomes = tuple(deal for task in played for deal in task[0])
        cpu = (sum(t[1][0] for t in played), sum(t[1][1] for t in played))
        decided = (sum(t[2][0] for t in played), sum(t[2][1] for t in played))
        if players == 3:
            results.append(_three_result((first, second), outcomes, cpu, decided))
            continue
        flat = "".join(outcomes)
        results.append(
            PairResult(
                first,
                second,
                wins=flat.count("a"),
                losses=flat.count("n"),
                draws=flat.count("d"),
                deal_scores=tuple(deal.count("a") + deal.count("d") / 2 for deal in outcomes),
                cpu_seconds=cpu,
                decisions=decided,
            )
        )
    return ArenaResult(
        agents=names,
        rules=rules,
        deals=deals,
        seed=seed,
        pairs=tuple(results),
        ratings=bradley_terry(results, _anchor(names)),
        seconds=time.perf_counter() - start,
        first_deal=first_deal,
    )


# ---------------------------------------------------------------------- command line


def run_command(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``arena`` with parsed command-line arguments; the exit code."""
    show = sys.stderr.isatty() and not args.quiet
    if args.json is not None and (why := _unwritable(args.json)) is not None:
        print_error(f"cannot write --json {args.json}: {why}")  # before any game is played
        return EXIT_BAD_INPUT

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\r{done:,}/{total:,} games", end="", file=sys.stderr, flush=True)

    result = arena(
        args.agents,
        deals=args.deals,
        rules=args.rules,
        seed=args.seed,
        workers=args.workers,
        progress=progress,
        first_deal=args.first_deal,
    )
    if show:
        print(file=sys.stderr)
    print(result, file=out)
    if args.json is not None:
        try:
            with open(args.json, "w", encoding="utf-8") as file:
                file.write(result.to_json())
                file.write("\n")
        except OSError as error:
            print_error(f"cannot write --json {args.json}: {error.strerror or error}")
            return EXIT_BAD_INPUT
    return EXIT_OK


def _unwritable(path: str) -> str | None:
    """Why a file cannot be written at ``path``, or ``None`` if it seems it can."""
    if os.path.isdir(path):
        return "it is a directory"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"there is no directory {folder}"
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        return "permission denied"
    return None


def agent_list(text: str) -> tuple[str, ...]:
    """Read the command line's ``--agents A,B,...``: at least two different agents, each a
    registered name with parameters if wanted (:func:`agent_spec`), separated by commas.

    Raises:
        argparse.ArgumentTypeError: An unknown name or parameter, or fewer than two
            different agents.

    >>> from conquian.arena import agent_list
    >>> agent_list("random, greedy,search:160")
    ('random', 'greedy', 'search:160')
    """
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        try:
            agent_spec(name)
        except ConquianError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    if len(names) < 2 or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(
            "give at least two different agents, such as greedy,search"
        )
    return names


# The parameters each agent takes in a name (agent_spec): the key, then how to read its
# value into the agent's keyword argument. The first key is the one a bare value gives.
_PARAMETERS: Final[dict[str, tuple[str, ...]]] = {
    "random": (),
    "greedy": (),
    "heuristic": ("force_hand",),
    "search": ("iterations", "budget", "seconds", "max_takes"),
    "ismcts": ("iterations", "budget", "seconds", "max_takes"),
}
_TIME: Final = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(ms|s)")


def agent_spec(text: str) -> Callable[[int], Agent]:
    """The factory of an agent named with parameters: ``NAME[:VALUE][:KEY=VALUE]...``.

    ``NAME`` is one of :data:`~conquian.simulate.AGENTS`. The parameters are

    * ``heuristic``: ``force_hand=N`` (a bare ``N`` too), see
      :class:`~conquian.heuristic.HeuristicAgent`;
    * ``search``: ``iterations=N`` (a bare ``N`` too: ``search:160``), ``budget=T`` the CPU
      time of a decision (``search:budget=20ms``, ``0.5s``; ``cpu_seconds``),
      ``seconds=T`` a wall-clock budget, and ``max_takes=N``, see
      :class:`~conquian.search.SearchAgent`;
    * ``ismcts``: the same four, see :class:`~conquian.ismcts.ISMCTSAgent`;
    * ``random`` and ``greedy`` take none.

    Raises:
        ConquianError: An unknown agent or parameter, a value of the wrong form or out of
            range, or a parameter given twice; the message names it.

    >>> from conquian.arena import agent_spec
    >>> agent_spec("search:160")(7)
    SearchAgent(seed=7, iterations=160)
    >>> agent_spec("search:budget=20ms")(7)
    SearchAgent(seed=7, cpu_seconds=0.02)
    """
    if not isinstance(text, str) or len(text) > _MAX_SPEC:
        raise ConquianError(
            f"an agent is a name with parameters of at most {_MAX_SPEC} characters, such as "
            f"search:160, not {describe(text)}"
        )
    name, *given = text.split(":")
    factory = agent_named(name)
    if not given:
        return factory
    known = _PARAMETERS.get(name, ())
    if not known:
        raise ConquianError(f"the {name} agent takes no parameters: {text}")
    kwargs: dict[str, Any] = {}
    for item in given:
        key, equals, value = item.partition("=")
        if not equals:
            key, value = known[0], item
        if key not in known:
            raise ConquianError(
                f"the {name} agent has no parameter {describe(key)}: it takes {', '.join(known)}"
            )
        argument = "cpu_seconds" if key == "budget" else key
        if argument in kwargs:
            raise ConquianError(f"{key} is given twice in {text}")
        kwargs[argument] = _parameter_value(key, value)
    made = _Parameterised(name, kwargs)
    try:  # the agent checks the values' ranges
        made(0)
    except (TypeError, ValueError) as error:
        raise ConquianError(f"{text}: {error}") from None
    return made


def _parameter_value(key: str, value: str) -> int | float:
    """A parameter's value: a time for ``budget`` and ``seconds``, else a whole number."""
    if key in ("budget", "seconds"):
        found = _TIME.fullmatch(value)
        if found is None:
            raise ConquianError(f"{key} is a time such as 20ms or 0.5s, not {describe(value)}")
        number = float(found[1])
        return number / 1000 if found[2] == "ms" else number
    if not value.isdigit() or len(value) > 9:
        raise ConquianError(f"{key} is a whole number, not {describe(value)}")
    return int(value)


@attrs.frozen
class _Parameterised:
    """Builds a named agent with keyword arguments (picklable, for worker processes)."""

    name: str
    kwargs: dict[str, Any] = attrs.field(hash=False)

    def __call__(self, seed: int) -> Agent:
        if self.name == "search":
            return SearchAgent(seed, **self.kwargs)
        if self.name == "ismcts":
            return ISMCTSAgent(seed, **self.kwargs)
        return HeuristicAgent(**self.kwargs)  # the only other agent with parameters
