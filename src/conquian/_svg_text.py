"""Private: the words of a picture cut into lines (:mod:`conquian.svg`): how wide a
text is in a sans-serif font, estimated the same on every machine, and lines cut to a
width, a name set apart by FSI ... PDI kept whole in its direction.

>>> wrapped("aa bb cc", text_width("aa bb"))
['aa bb', 'cc']
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from typing import Final

from conquian._picture_words import END_ISOLATE, ISOLATE

__all__ = ["FONT_SIZE", "origin_lines", "text_width", "wrapped"]

FONT_SIZE: Final = 26  # of the labels, in card units
_ORIGIN_LINES: Final = 4  # lines of words beside the offered card, at most


def text_width(text: str, size: int = FONT_SIZE) -> float:
    """About how wide ``text`` is in a sans-serif font: an estimate that errs wide (a
    wide East Asian character is counted a full em; the isolate marks around a name take
    no room)."""
    if text.isascii():  # the common case: every character narrow
        return 0.56 * len(text) * size
    wide = narrow = 0
    for c in text:
        if c in ISOLATE or c in END_ISOLATE:
            continue
        if unicodedata.east_asian_width(c) in "WF":
            wide += 1
        else:
            narrow += 1
    # counted, then multiplied: the same number on every Python (a sum of floats is not)
    return (wide + 0.56 * narrow) * size


def wrapped(text: str, width: float, size: int = FONT_SIZE) -> list[str]:
    """``text`` cut at spaces into lines at most ``width`` units wide by
    :func:`text_width`, greedily, word by word (a word wider than a line is cut to fill
    it); a name isolated by FSI ... PDI and cut is closed at the end of the line and
    opened again on the next.

    >>> wrapped("aa bb cc", text_width("aa bb"))
    ['aa bb', 'cc']
    >>> wrapped("一二三四五", text_width("一二"))
    ['一二', '三四', '五']
    """
    limit = width + 1e-6  # the widths are sums of floats
    chunks = [chunk for chunk in re.split("( +)", text) if chunk][::-1]
    lines: list[str] = []
    while chunks:
        if lines and not chunks[-1].strip(" "):
            chunks.pop()  # no line but the first starts with spaces
        line: list[str] = []
        used = 0.0
        while chunks and used + text_width(chunks[-1], size) <= limit:
            used += text_width(chunks[-1], size)
            line.append(chunks.pop())
        if chunks and text_width(chunks[-1], size) > limit:  # a word wider than a line
            word = chunks.pop()
            cut = 0
            while cut < len(word) and used + text_width(word[cut], size) <= limit:
                used += text_width(word[cut], size)
                cut += 1
            if not line and not cut:
                cut = 1  # a line holds one character at least
            line.append(word[:cut])
            chunks.append(word[cut:])
        while line and not line[-1].strip(" "):
            line.pop()  # nor ends with them
        if line:
            lines.append("".join(line))
    return closed_isolates(lines) or [""]


def closed_isolates(lines: list[str]) -> list[str]:
    """``lines`` with an isolated name cut between two of them ended on the first and
    begun again on the second, so that each line keeps the order of its words."""
    result = []
    open_ = False
    for line in lines:
        if open_:
            line = ISOLATE + line
        open_ = line.rfind(ISOLATE) > line.rfind(END_ISOLATE)
        result.append(line + END_ISOLATE if open_ else line)
    return result


def origin_lines(text: str, most: int = _ORIGIN_LINES) -> list[str]:
    """Words beside the offered card: lines of 22 characters or more, at most ``most``
    (four unless told)."""
    chars = 22
    lines = textwrap.wrap(text, chars, break_on_hyphens=False)
    while len(lines) > most:
        chars += 4
        lines = textwrap.wrap(text, chars, break_on_hyphens=False)
    return closed_isolates(lines) or [""]
