"""Tests of the command line's terminal helpers: colour, rule tags, tables, progress."""

from __future__ import annotations

import io

from conquian import Meld
from conquian._terminal import Progress, count, explain_rules, melds_text, paint, wants_color


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_follows_the_terminal_and_no_color() -> None:
    assert wants_color(Terminal(), {"TERM": "xterm"})
    assert not wants_color(Terminal(), {"TERM": "xterm", "NO_COLOR": "1"})
    assert not wants_color(Terminal(), {"TERM": "dumb"})
    assert not wants_color(io.StringIO(), {"TERM": "xterm"})
    assert wants_color(io.StringIO(), {"FORCE_COLOR": "1"})
    # An empty NO_COLOR does not count (no-color.org).
    assert wants_color(Terminal(), {"NO_COLOR": ""})


def test_only_red_suits_are_painted() -> None:
    assert paint("[5♣ 6♣] [J♦ J♥ J♠]", True) == "[5♣ 6♣] [\x1b[31mJ♦\x1b[0m \x1b[31mJ♥\x1b[0m J♠]"
    assert paint("J♦", False) == "J♦"


def test_rule_tags_say_what_the_rule_is_about() -> None:
    assert explain_rules("drawn (R15)") == "drawn (R15: a draw)"
    assert explain_rules("(R5, V4)") == "(R5: sequences; V4: the longest sequence)"
    assert explain_rules("(R99)") == "(R99: see the rules)"
    assert explain_rules("no tag (Qc)") == "no tag (Qc)"


def test_melds_are_bracketed_and_counts_separated() -> None:
    assert melds_text([]) == "-"
    assert melds_text([Meld("Jc Jh Js")]) == "[J♣ J♥ J♠]"
    assert count(1_008, "game") == "1,008 games"


def test_the_progress_bar_is_wiped_when_done() -> None:
    stream = io.StringIO()
    bar = Progress(stream, "game")
    bar.update(3, 10)
    bar.update(10, 10)  # the last update is always drawn
    drawn = stream.getvalue()
    assert drawn.count("\r") == 2
    assert "100%  10/10 games" in drawn
    bar.clear()
    last = stream.getvalue()[len(drawn) :]
    assert last.strip() == ""
    assert last.startswith("\r")
    assert last.endswith("\r")
    assert len(last) == max(len(part) for part in drawn.split("\r")) + 2
