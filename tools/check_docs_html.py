"""Fail when the built HTML docs show an error box that ``sphinx-build -W -n`` lets pass.

Furo draws a red "ERROR" box over any table of contents made by the ``.. contents::``
directive (an element with the class ``contents``), with CSS, so Sphinx never warns;
docutils' own problems render as ``system-message`` blocks. Run after the HTML build::

    python tools/check_docs_html.py docs/_build/html
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

# The class Furo draws its error box on, the class that turns the box off, and docutils'
# class for a problem it reports inside the page.
_BOXED = "contents"
_ESCAPE = "this-will-duplicate-information-and-it-is-still-useful-here"
_SYSTEM_MESSAGE = "system-message"


class _BoxFinder(HTMLParser):
    """Collects the line of every element that shows an error box."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if (_BOXED in classes and _ESCAPE not in classes) or _SYSTEM_MESSAGE in classes:
            self.lines.append(self.getpos()[0])


def error_boxes(html: str) -> list[int]:
    """The lines of ``html`` where an error box starts.

    >>> error_boxes('<nav class="contents local topic"><p>On this page</p></nav>')
    [1]
    >>> error_boxes('<div class="admonition note"><p>fine</p></div>')
    []
    """
    finder = _BoxFinder()
    finder.feed(html)
    finder.close()
    return finder.lines


def main(argv: list[str]) -> int:
    """Check every ``.html`` file under the directory ``argv[0]``; 1 if any has a box."""
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: check_docs_html.py HTML_DIR", file=sys.stderr)
        return 2
    root = Path(argv[0])
    pages = sorted(root.rglob("*.html"))
    found = 0
    for page in pages:
        for line in error_boxes(page.read_text(encoding="utf-8")):
            print(f"{page.relative_to(root)}:{line}: an error box (contents or system message)")
            found += 1
    if not pages:
        print(f"no HTML pages under {root}", file=sys.stderr)
        return 2
    print(f"{len(pages)} pages checked, {found} error boxes")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
