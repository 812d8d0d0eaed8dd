"""Pictures and command output made by the library while the docs build (no image file
and no copied output is committed).

``.. conquian-picture::`` runs its content as Python and puts the SVG text that the last
line evaluates to into the HTML page, inline::

    .. conquian-picture::
       :caption: A group and a sequence.

       svg.table([Meld("Jc Jh Js"), Meld("5c 6c 7c")])

The pictures of one page run in one namespace, with every public name of ``conquian`` in
scope, plus ``svg`` and the two docs-only drawings below: :func:`phase_diagram` (the
phase machine) and :func:`benchmark_chart` (the performance page's figures against
OpenSpiel's).

``.. conquian-command:: ARGUMENTS`` runs ``python -m conquian ARGUMENTS`` and shows the
command with its output (see :class:`ConquianCommand`).

``.. conquian-ladder:: PATH`` shows a ladder that ``python -m conquian arena --json`` saved
(see :class:`ConquianLadder`), and ``.. conquian-curve:: PATH…`` the points that
``benchmarks/search_curve.py --json`` saved, so the Agents page's tables are the saved
results.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any, ClassVar
from xml.sax.saxutils import escape

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

_FONT = 'font-family="Helvetica, Arial, sans-serif"'
_INK = "#1b1b1b"
_ACCENT = "#2a7d4f"
_PEER = "#8a8f98"


# ----------------------------------------------------------------- the phase machine

_BOXES = {  # name: (x, y, width, height)
    "OFFER": (40, 160, 170, 64),
    "FORCE_DECISION": (380, 30, 220, 64),
    "FORCED_TAKE": (380, 300, 220, 64),
    "OVER": (720, 160, 120, 64),
}
_NOTES = {
    "OFFER": "take, decline, force, lay",
    "FORCE_DECISION": "force or release",
    "FORCED_TAKE": "take only",
    "OVER": "nobody moves",
}
# (path, label x, label y, label lines): every arrow of the machine, from the rules.
_ARROWS = (
    (
        "M80 160C50 70 180 70 160 156",
        40,
        50,
        ("take and discard; pass;", "decline: dies, turn next;", "lay down (V3)"),
    ),
    ("M210 170L376 70", 222, 56, ("decline, and it fits", "his own table")),
    ("M380 90L214 190", 290, 165, ("release: dies,", "turn next")),
    ("M490 94V296", 500, 200, ("force",)),
    ("M170 224L376 336", 170, 300, ("force a passed card", "that fits his table")),
    ("M380 306L214 208", 290, 235, ("take and discard",)),
    ("M110 224V400H780V228", 300, 392, ("go out; or a card dies with no stock left",)),
    ("M600 70L740 156", 680, 70, ("release,", "no stock left")),
    ("M600 330L740 228", 690, 300, ("go out",)),
)


def phase_diagram() -> str:
    """The phase machine of :class:`conquian.Phase` as an SVG diagram."""
    parts = [
        '<defs><marker id="conquian-phase-arrow" viewBox="0 0 10 10" refX="9" refY="5" '
        'markerWidth="8" markerHeight="8" orient="auto-start-reverse">'
        f'<path d="M0 0L10 5L0 10Z" fill="{_INK}"/></marker></defs>'
    ]
    for path, x, y, lines in _ARROWS:
        parts.append(
            f'<path d="{path}" fill="none" stroke="{_INK}" stroke-width="1.6" '
            'marker-end="url(#conquian-phase-arrow)"/>'
        )
        for i, line in enumerate(lines):
            parts.append(
                f'<text x="{x}" y="{y + 15 * i}" font-size="13" fill="#444">{escape(line)}</text>'
            )
    for name, (x, y, width, height) in _BOXES.items():
        fill = "#f3f3f3" if name == "OVER" else "#e3f0e7"
        parts.append(
            f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="10" fill="{fill}" '
            f'stroke="{_ACCENT}" stroke-width="2"/>'
            f'<text x="{x + width / 2:g}" y="{y + 27}" font-size="17" font-weight="bold" '
            f'text-anchor="middle" fill="{_INK}">{name}</text>'
            f'<text x="{x + width / 2:g}" y="{y + 48}" font-size="13" text-anchor="middle" '
            f'fill="#444">{_NOTES[name]}</text>'
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="880" height="420" '
        f'viewBox="0 0 880 420" {_FONT} role="img"><title>The phase machine</title>'
        + "".join(parts)
        + "</svg>"
    )


# ----------------------------------------------------------------- the benchmark chart

_CHART_ROWS = (  # (label on the chart, the row of docs/performance-figures.txt, ours?)
    ("conquian, random self-play", "random self-play, decisions/s", True),
    (
        "conquian, building every legal move",
        "random self-play building every legal move, decisions/s",
        True,
    ),
    ("OpenSpiel gin_rummy (C++)", "OpenSpiel gin_rummy (C++ through pyspiel), decisions/s", False),
)


def figures(text: str) -> dict[str, list[float]]:
    """The runs of each row of the list-table in ``performance-figures.txt``, by label."""
    rows: dict[str, list[float]] = {}
    label = None
    for line in text.splitlines():
        head = re.match(r"\s+\* - (.+)$", line)
        if head:
            label = head.group(1).strip()
            rows[label] = []
            continue
        cell = re.match(r"\s+- ([\d,.]+)(/s)?\s*$", line)
        if cell and label is not None:
            rows[label].append(float(cell.group(1).replace(",", "")))
    return rows


def benchmark_chart(path: str) -> str:
    """Decisions a second of random self-play against OpenSpiel's, as an SVG bar chart:
    the median of the runs in ``path``, with each run as a tick."""
    runs = figures(Path(path).read_text(encoding="utf-8"))
    chosen = [(label, runs[row][:3], ours) for label, row, ours in _CHART_ROWS]
    top = max(max(values) for _, values, _ in chosen)
    left, width, bar, step = 270, 420, 30, 52
    scale = width / top
    parts = []
    for i, (label, values, ours) in enumerate(chosen):
        y = 40 + i * step
        median = statistics.median(values)
        color = _ACCENT if ours else _PEER
        parts.append(
            f'<text x="{left - 10}" y="{y + 20}" font-size="14" text-anchor="end" '
            f'fill="{_INK}">{escape(label)}</text>'
            f'<rect x="{left}" y="{y}" width="{median * scale:.1f}" height="{bar}" rx="3" '
            f'fill="{color}"/>'
            f'<text x="{left + max(values) * scale + 10:.1f}" y="{y + 20}" font-size="14" '
            f'fill="{_INK}">{median:,.0f}/s</text>'
        )
        for value in values:
            parts.append(
                f'<path d="M{left + value * scale:.1f} {y - 3}v{bar + 6}" stroke="{_INK}" '
                'stroke-width="1.2" stroke-opacity="0.55"/>'
            )
    height = 40 + len(chosen) * step + 16
    parts.append(
        f'<text x="{left}" y="22" font-size="13" fill="#444">decisions a second, one core; '
        "bar: median of 3 runs, ticks: each run</text>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="820" height="{height}" '
        f'viewBox="0 0 820 {height}" {_FONT} role="img">'
        "<title>Random self-play against OpenSpiel, decisions a second</title>"
        + "".join(parts)
        + "</svg>"
    )


# ----------------------------------------------------------------- the directive


class ConquianPicture(SphinxDirective):
    """Runs its content and puts the SVG it makes into the HTML page."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"caption": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        import conquian
        from conquian import svg

        # One namespace a page, so a picture can use the names an earlier one set.
        namespace: dict[str, Any] = self.env.temp_data.setdefault("conquian_pictures", {})
        namespace.update({name: getattr(conquian, name) for name in conquian.__all__})
        namespace.update(
            svg=svg,
            phase_diagram=phase_diagram,
            benchmark_chart=lambda name: benchmark_chart(str(Path(self.env.srcdir) / name)),
        )
        lines = list(self.content)
        exec("\n".join(lines[:-1]), namespace)
        picture = eval(lines[-1], namespace)
        if not isinstance(picture, str) or not picture.startswith("<svg"):
            raise self.error("conquian-picture: the last line must give SVG text")
        if "benchmark_chart" in lines[-1]:
            self.env.note_dependency("performance-figures.txt")
        figure = nodes.container(classes=["conquian-picture"])
        figure += nodes.raw("", picture, format="html")
        caption = self.options.get("caption")
        if caption:
            text, messages = self.state.inline_text(caption, self.lineno)
            figure += nodes.paragraph("", "", *text, classes=["conquian-caption"])
            figure += messages
        return [figure]


class ConquianCommand(SphinxDirective):
    """Runs ``python -m conquian ARGUMENTS`` (through ``conquian.cli.main``) and shows the
    command with what it printed, standard error included, as one console block.

    ``:exit:`` is the exit code the command must return (the build fails otherwise);
    ``:head:`` and ``:tail:`` keep only the first and last lines of a long output, with
    ``...`` between them; ``:answer:`` is typed at every prompt on standard input (shown
    as ``yes ANSWER |`` in front of the command).
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        "exit": directives.nonnegative_int,
        "head": directives.nonnegative_int,
        "tail": directives.nonnegative_int,
        "answer": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        import contextlib
        import io
        import shlex

        from conquian.cli import main

        arguments = shlex.split(self.arguments[0])
        out = io.StringIO()
        answer = self.options.get("answer")
        stdin = sys.stdin
        if answer is not None:
            sys.stdin = io.StringIO(f"{answer}\n" * 10_000)
        try:
            with contextlib.redirect_stderr(out):
                code = main(arguments, out=out)
        finally:
            sys.stdin = stdin
        expected = self.options.get("exit", 0)
        if code != expected:
            raise self.error(f"conquian {self.arguments[0]} exited {code}, not {expected}")
        lines = out.getvalue().rstrip("\n").splitlines()
        head, tail = self.options.get("head"), self.options.get("tail")
        if head is not None and tail is not None and head + tail < len(lines):
            lines = [*lines[:head], "...", *lines[len(lines) - tail :]]
        pipe = "" if answer is None else f"yes {answer} | "
        text = "\n".join([f"$ {pipe}python -m conquian {self.arguments[0]}", *lines])
        block = nodes.literal_block(text, text, language="console")
        return [block]


def _list_table(rows: list[list[str]]) -> list[str]:
    """The reStructuredText of a list table whose first row is the header."""
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for cells in rows:
        lines.append(f"   * - {cells[0]}")
        lines.extend(f"     - {cell}" for cell in cells[1:])
    return lines


def _parsed(directive: SphinxDirective, lines: list[str], source: str) -> list[nodes.Node]:
    """The nodes of reStructuredText ``lines`` that a directive generated."""
    container = nodes.container()
    directive.state.nested_parse(StringList(lines, source), directive.content_offset, container)
    return list(container.children)


class ConquianLadder(SphinxDirective):
    """Shows a ladder saved by ``python -m conquian arena --json`` (the path is relative to
    the docs folder), read and checked by :meth:`conquian.arena.ArenaResult.from_dict`: a
    table of every pair, the higher-rated agent first (pairs in the order of their agents'
    ratings), then the ratings."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from conquian.arena import ArenaResult
        from conquian.errors import ConquianError

        path = Path(self.env.srcdir) / self.arguments[0]
        self.env.note_dependency(str(path))
        try:
            result = ArenaResult.from_dict(json.loads(path.read_text(encoding="utf-8")))
        except ConquianError as error:
            raise self.error(f"conquian-ladder: {path}: {error}") from error
        if result.rules.players == 3:
            return _parsed(self, _three_player_ladder(result), str(path))
        ratings = result.ratings
        rows = []
        for pair in result.pairs:
            first, second, wins, losses = pair.first, pair.second, pair.wins, pair.losses
            score, (low, high) = pair.score, pair.interval()
            if ratings[second] > ratings[first]:
                first, second, wins, losses = second, first, losses, wins
                score, low, high = 1 - score, 1 - high, 1 - low
            order = (-ratings[first], -ratings[second])
            cells = [
                f"{first} vs {second}",
                f"{wins:,}",
                f"{pair.draws:,}",
                f"{losses:,}",
                f"{score:.1%}",
                f"{low:.1%} to {high:.1%}",
            ]
            rows.append((order, cells))
        header = ["pair", "wins", "draws", "losses", "score", "95% interval"]
        ranked = sorted(ratings, key=lambda name: -ratings[name])
        lines = [
            f"{result.deals:,} deals a pair, each played twice with the seats swapped "
            f"({2 * result.deals:,} games a pair), from seed {result.seed}.",
            "",
            *_list_table([header, *(cells for _, cells in sorted(rows, key=lambda r: r[0]))]),
            "",
            f"Ratings (Bradley–Terry, Elo scale, {result.to_dict()['anchor']} at 0): "
            + ", ".join(f"{name} {ratings[name]:+.0f}" for name in ranked)
            + ".",
        ]
        return _parsed(self, lines, str(path))


def _three_player_ladder(result: Any) -> list[str]:
    """The lines of a ladder of three-player games (an ArenaResult): for each pair, the
    wins by agent and by seat with their 95% intervals, then the ratings."""
    lines = [
        f"{result.deals:,} deals a pair, each played three times, with the first agent in "
        f"each seat and the second in the other two ({3 * result.deals:,} games a pair), "
        f"rules {result.rules.to_notation()}, from seed {result.seed}.",
    ]
    for pair in result.pairs:
        games = pair.games
        rows = [["", "wins", "share", "95% interval"]]
        for side, name in enumerate(
            (pair.first, f"{pair.second} after it", f"{pair.second} before it")
        ):
            wins = pair.side_wins(side)
            low, high = pair.side_interval(side)
            rows.append([name, f"{wins:,}", f"{wins / games:.1%}", f"{low:.1%} to {high:.1%}"])
        rows.append(["drawn", f"{pair.draws:,}", f"{pair.draws / games:.1%}", ""])
        seats = [["", f"{pair.first}", f"{pair.second} (two seats a game)"]]
        for seat in range(3):
            cells = [f"seat {seat}"]
            for side in (0, 1):
                won, played = pair.seat_wins(seat, side)
                low, high = pair.seat_interval(seat, side)
                cells.append(
                    f"{won / played:.1%} ({low:.1%} to {high:.1%}), {won:,} of {played:,}"
                )
            seats.append(cells)
        lines += [
            "",
            f"**{pair.first} against two {pair.second}**: wins by agent",
            "",
            *_list_table(rows),
            "",
            "Wins by seat (the dealer is player ``deal % 3``):",
            "",
            *_list_table(seats),
        ]
    ratings = result.ratings
    ranked = sorted(ratings, key=lambda name: -ratings[name])
    lines += [
        "",
        f"Ratings (Luce's choice model, Elo scale, {result.to_dict()['anchor']} at 0): "
        + ", ".join(f"{name} {ratings[name]:+.0f}" for name in ranked)
        + ".",
    ]
    return lines


class ConquianCurve(SphinxDirective):
    """Shows the points that ``benchmarks/search_curve.py --json`` saved, one file an
    argument (paths relative to the docs folder), as one table: opponent, budget, score
    with its interval, the share of games drawn, and the median decision times."""

    required_arguments = 1
    optional_arguments = 10

    def run(self) -> list[nodes.Node]:
        rows = [["against", "playouts", "score", "95% interval", "drawn", "ms", "CPU ms"]]
        for argument in self.arguments:
            path = Path(self.env.srcdir) / argument
            self.env.note_dependency(str(path))
            for point in json.loads(path.read_text(encoding="utf-8"))["points"]:
                low, high = point["interval"]
                rows.append(
                    [
                        point["opponent"],
                        f"{point['budget']:,}",
                        f"{point['score']:.1%}",
                        f"{low:.1%} to {high:.1%}",
                        f"{point['draws'] / point['games']:.0%}",
                        f"{point['median_ms']:.0f}",
                        f"{point['median_cpu_ms']:.0f}",
                    ]
                )
        return _parsed(self, _list_table(rows), self.arguments[0])


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("conquian-picture", ConquianPicture)
    app.add_directive("conquian-command", ConquianCommand)
    app.add_directive("conquian-ladder", ConquianLadder)
    app.add_directive("conquian-curve", ConquianCurve)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
