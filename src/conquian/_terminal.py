"""Private: how the command line shows cards, tables, rule tags and progress on a terminal.

Plain names for :mod:`conquian.cli` and ``_demo``. Nothing here reads game state; it
formats text.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
import textwrap
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TextIO

from conquian.languages import Language, find_language
from conquian.match import GameResult
from conquian.melds import Meld
from conquian.rules import PRESETS
from conquian.scoring import MatchOutcome

# The command line's exit codes: 0 done (a meld, a game), 1 "no" (not a meld), 2 bad
# input, 3 play's end of input, 70 a fault of the library, 74 a failed read or write,
# 130 Ctrl-C.
EXIT_OK: Final = 0
EXIT_NO: Final = 1
EXIT_BAD_INPUT: Final = 2
EXIT_EOF: Final = 3  # play: the input ended before the game did
EXIT_INTERNAL: Final = 70  # a fault of the library (EX_SOFTWARE of BSD's sysexits.h)
EXIT_IO: Final = 74  # the system failed a read or write, such as a full disk (EX_IOERR)
EXIT_INTERRUPTED: Final = 130  # Ctrl-C, as a shell reports SIGINT
COLUMNS: Final = 80  # the width the command line wraps its output to
RULES_HELP: Final = (
    f"a preset ({', '.join(PRESETS)}), or a preset with changes such as "
    "classic,forcing:off or classic,scoring:points,target:50 (classic)"
)

# Terminal colours (ANSI), used only when wants_color() says so.
RED: Final = "\x1b[31m"
BOLD: Final = "\x1b[1m"
RESET: Final = "\x1b[0m"
_RED_CARD: Final = re.compile(r"[A2-7JQK][♦♥]")

# What each rule number the command line prints is about (see docs/rules.rst), in English.
RULE_TOPICS: Final[Mapping[str, str]] = {
    key.removeprefix("rule."): topic
    for key, topic in find_language("en").phrases.items()
    if key.startswith("rule.") and key != "rule.other"
}
_RULE_TAGS: Final = re.compile(r"\(((?:[RV]\d+[a-z]?)(?:, [RV]\d+[a-z]?)*)\)")


def wants_color(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour text for ``stream``: a terminal, and neither ``NO_COLOR`` set
    (https://no-color.org) nor ``TERM=dumb``; ``FORCE_COLOR`` turns colour on anyway.

    >>> import io
    >>> wants_color(io.StringIO(), {})
    False
    >>> wants_color(io.StringIO(), {"FORCE_COLOR": "1"})
    True
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def paint(text: str, color: bool) -> str:
    """``text`` with every red card (``5♥``, ``J♦``) in red when ``color`` is true; black
    cards keep the terminal's own ink.

    >>> paint("5♥ 6♣", True)
    '\\x1b[31m5♥\\x1b[0m 6♣'
    """
    if not color:
        return text
    return _RED_CARD.sub(lambda match: f"{RED}{match.group()}{RESET}", text)


def explain_rules(text: str, lang: str | Language = "en") -> str:
    """Rule tags such as ``(R5)`` or ``(R4, R5)`` with what the rule is about, in the
    language ``lang``.

    >>> explain_rules("6h and 8h are not consecutive (R5)")
    '6h and 8h are not consecutive (R5: sequences)'
    >>> explain_rules("a meld has at least 3 cards (R4, R5)")
    'a meld has at least 3 cards (R4: groups; R5: sequences)'
    >>> explain_rules("la mesa usa una carta dos veces (R6)", "es")
    'la mesa usa una carta dos veces (R6: la mesa se compone de combinaciones)'
    """
    phrases = find_language(lang).phrases

    def topics(match: re.Match[str]) -> str:
        tags = match.group(1).split(", ")
        return (
            "("
            + "; ".join(
                f"{tag}: {phrases.get('rule.' + tag, phrases['rule.other'])}" for tag in tags
            )
            + ")"
        )

    return _RULE_TAGS.sub(topics, text)


def pretty_cards_in(text: str) -> str:
    """Card tokens such as ``6h`` in ``text`` written with suit symbols, ``6♥``.

    >>> pretty_cards_in("5h 6h Jh is not a sequence: 6h and Jh are not consecutive")
    '5♥ 6♥ J♥ is not a sequence: 6♥ and J♥ are not consecutive'
    """
    return re.sub(
        r"\b([A2-7JQK])([cdhs])\b",
        lambda match: match.group(1) + "♣♦♥♠"["cdhs".index(match.group(2))],
        text,
    )


def melds_text(melds: Iterable[Meld]) -> str:
    """Melds in brackets, so where one ends and the next begins is plain: ``-`` for none.

    >>> melds_text([Meld("5c 6c 7c"), Meld("Jc Jh Js")])
    '[5♣ 6♣ 7♣] [J♣ J♥ J♠]'
    """
    return " ".join(f"[{meld.pretty()}]" for meld in melds) or "-"


def counted_phrase(language: Language, key: str, value: int) -> str:
    """The phrase ``key`` of ``language`` for ``value`` things: its ``_one`` form for one.

    >>> from conquian.languages import find_language
    >>> (
    ...     counted_phrase(find_language("de"), "games", 1),
    ...     counted_phrase(find_language("de"), "games", 3),
    ... )
    ('1 Partie', '3 Partien')
    """
    return language.phrase(f"{key}_one" if value == 1 else key, count=value)


def settled_text(language: Language, result: GameResult, points: bool) -> str:
    """What a finished game of a match settled, in words: what the winner won, a stake
    from each loser (and the pool), or his points when the match is scored in ``points``
    (V6); for a draw, the pool or the next stake (V5), or that nothing was paid.

    >>> from conquian.match import Match
    >>> match = Match.new(4, games=2)
    >>> while match.game_index == 0:
    ...     _ = match.play(match.legal_moves()[0])
    >>> first = match.completed[0]
    >>> str(first.outcome), settled_text(find_language("en"), first, points=False)
    ('player 1 went out (R16)', 'wins 1')
    """
    winner, stake = result.outcome.winner, result.stake
    if winner is None:
        if points or stake is None:
            return language.phrase("settled_no_points")
        if result.standing.pool:
            return language.phrase("settled_pool", count=result.standing.pool)
        if result.standing.stake != stake:
            return language.phrase("settled_next_stake", stake=result.standing.stake)
        return language.phrase("settled_nothing")
    gain = result.change[winner]
    if points or stake is None:
        return counted_phrase(language, "settled_points", gain)
    paid = stake * (len(result.change) - 1)  # each loser pays the stake (R18, M11)
    if gain != paid:
        return language.phrase("settled_win_pool", stake=paid, count=gain - paid)
    return language.phrase("settled_win", stake=paid)


def match_result_line(
    language: Language,
    result: MatchOutcome,
    games: int,
    names: Sequence[str],
    *,
    you: int | None = None,
) -> str:
    """How a match of ``games`` games ended, in words: who won it (``you`` is the seat
    addressed as "you", if any) or that it is tied, and the scores (of two players; with
    three, the line before it gives the scores, M11).

    >>> from conquian.scoring import MatchOutcome
    >>> en = find_language("en")
    >>> match_result_line(en, MatchOutcome((4, -1, -3), 0), 5, ("you", "Bob", "Cid"), you=0)
    'You win the match after 5 games.'
    """
    played = counted_phrase(language, "games", games)
    winner = result.winner
    if len(result.scores) == 3:
        if winner is None:
            return language.phrase("match_tied_three", games=played)
        if winner == you:
            return language.phrase("match_won_three.you", games=played)
        return language.phrase("match_won_three", who=names[winner], games=played)
    first, second = result.scores
    if winner is None:
        return language.phrase("match_tied", games=played, a=first, b=second)
    if winner == you:
        return language.phrase("match_won.you", games=played, a=first, b=second)
    return language.phrase("match_won", who=names[winner], games=played, a=first, b=second)


def ascii_option(command: argparse.ArgumentParser) -> None:
    """``--ascii`` for a command that prints cards (after its name, as before it)."""
    command.add_argument(
        "--ascii", action="store_true", help="letters instead of suit symbols (7h, not 7♥)"
    )


def count(value: int, noun: str) -> str:
    """``value`` with thousands separators and ``noun``, plural unless it is one.

    >>> count(3000, "game"), count(1, "worker")
    ('3,000 games', '1 worker')
    """
    return f"{value:,} {noun}" + ("" if value == 1 else "s")


class Progress:
    """A one-line progress bar on a terminal: done, percentage, rate and time left.

    ``update`` redraws it (at most ten times a second), ``clear`` wipes the line.
    """

    def __init__(self, stream: TextIO, noun: str) -> None:
        self._stream = stream
        self._noun = noun
        self._start = time.monotonic()
        self._last = 0.0
        self._width = 0

    def update(self, done: int, total: int) -> None:
        """Redraw the bar for ``done`` of ``total`` (skipped if drawn under 0.1 s ago)."""
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        self._draw(self.line(done, total, now - self._start, self._noun))

    @staticmethod
    def line(done: int, total: int, seconds: float, noun: str = "game", bar: int = 24) -> str:
        """The bar for ``done`` of ``total`` after ``seconds``.

        >>> Progress.line(1500, 3000, 3.0)
        '[############............]  50%  1,500/3,000 games  500 games/s  3 s left'
        """
        share = done / total if total else 1.0
        filled = round(share * bar)
        rate = done / seconds if seconds > 0 else 0.0
        left = f"{(total - done) / rate:,.0f} s left" if rate else "…"
        return (
            f"[{'#' * filled}{'.' * (bar - filled)}] {share:4.0%}  "
            f"{done:,}/{total:,} {noun}s  {rate:,.0f} {noun}s/s  {left}"
        )

    def _draw(self, text: str) -> None:
        columns = shutil.get_terminal_size().columns
        text = text[: max(columns - 1, 10)]
        self._width = max(self._width, len(text))
        self._stream.write("\r" + text.ljust(self._width))
        self._stream.flush()

    def clear(self) -> None:
        """Wipe the bar, leaving the cursor at the start of an empty line."""
        if self._width:
            self._stream.write("\r" + " " * self._width + "\r")
            self._stream.flush()


def wrapped(text: str) -> str:
    """``text`` wrapped to the command line's 80 columns, its following lines indented.

    >>> print(wrapped("word " * 20))
    word word word word word word word word word word word word word word word word
      word word word word
    """
    return textwrap.fill(text, width=COLUMNS, subsequent_indent="  ", break_on_hyphens=False)


def fit(text: str, width: int, indent: str = "  ") -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` columns, the lines after
    the first starting with ``indent``. Colour codes take no columns; a word (a card, a
    meld's card) is never split, so a word wider than the line stands alone on it. The
    gaps between words are kept, wider ones too (the three spaces between suits); spaces
    that end a line are dropped, and a line break in ``text`` starts a new line.

    >>> fit("Your hand: 2♣ 3♣   4♦ 5♦ 6♦   K♠", 20)
    ['Your hand: 2♣ 3♣', '  4♦ 5♦ 6♦   K♠']
    >>> fit("\\x1b[31m5♥\\x1b[0m 6♣ 7♣", 8)
    ['\\x1b[31m5♥\\x1b[0m 6♣ 7♣']
    >>> fit("one\\ntwo three four  ", 9)
    ['one', 'two three', '  four']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):  # a line break in the text stays one
        line, used = "", 0
        for piece in _PIECES.findall(paragraph.rstrip(" ")):
            word = piece.lstrip(" ")
            columns = len(COLOUR_CODE.sub("", piece))
            if not line:
                line, used = piece, columns
            elif used + columns <= width:
                line, used = line + piece, used + columns
            else:
                lines.append(line)
                line = indent + word
                used = len(indent) + columns - (len(piece) - len(word))
        lines.append(line)
    return lines


_PIECES: Final = re.compile(r" *[^ ]+")
"""A word with the spaces before it."""
COLOUR_CODE: Final = re.compile(r"\x1b\[[0-9;]*m")
"""A colour code of the terminal (:data:`RED`, :data:`BOLD`, :data:`RESET`)."""


def print_error(message: str, prefix: str = "error: ") -> None:
    """``prefix`` (``error:`` unless given) and ``message`` on standard error, wrapped to
    80 columns as the output is (nothing if standard error is closed or cannot be
    written: there is nowhere else to say it)."""
    with contextlib.suppress(OSError, ValueError):  # ValueError: a closed stream
        print(wrapped(prefix + message), file=sys.stderr, flush=True)


class Say:
    """Prints lines to ``out``: rule tags explained in ``lang``, wrapped to 80 columns, and
    red cards in red on a terminal (unless ``NO_COLOR`` is set)."""

    def __init__(self, out: TextIO, lang: str | Language = "en") -> None:
        self.out = out
        self.color = wants_color(out)
        self.lang = lang

    def __call__(self, text: str, indent: str = "", first: str | None = None) -> None:
        lines = textwrap.wrap(
            explain_rules(text, self.lang),
            width=COLUMNS,
            initial_indent=indent if first is None else first,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
            break_long_words=False,  # a word (rules text, a seed) is retyped: never cut
        ) or [""]
        for line in lines:
            print(paint(line, self.color), file=self.out)


def agent_names(
    agents: Sequence[str], language: Language | str = "en"
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The long and short names of the agents by seat, ``Greedy (seat 0)`` and
    ``Greedy``, the same in ``demo``, its matches and ``simulate`` (``Greedy 0`` and
    ``Greedy 1`` when two seats hold the same agent: their seat numbers tell them apart).

    >>> agent_names(["greedy", "random", "random"])[1]
    ('Greedy', 'Random 1', 'Random 2')
    """
    language = find_language(language)
    names = [agent.capitalize() for agent in agents]
    short = tuple(
        f"{name} {seat}" if names.count(name) > 1 else name for seat, name in enumerate(names)
    )
    long = tuple(language.phrase("seat", who=name, n=seat) for seat, name in enumerate(short))
    return long, short
