"""Fail when the built HTML docs show an error box that ``sphinx-build -W -n`` lets pass,
or print a long value in the API reference, or "Bases: object" under a class.

Furo draws a red "ERROR" box over any table of contents made by the ``.. contents::``
directive (an element with the class ``contents``), with CSS, so Sphinx never warns;
docutils' own problems render as ``system-message`` blocks. Autodoc prints the value of
every documented constant after its name, whole: a table of 194 melds becomes a screen
of text, which the constant's docstring should describe instead (with
``:meta hide-value:``). Every class derives from ``object``, so a "Bases: object" line
(or an empty "Bases:") says nothing; docs/conf.py leaves it out. Run after the HTML
build::

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
# The class of an object's signature line in the reference, and the longest value that
# line may print (the longest printed now: the Move alias and WENT_OUT, about 120).
_SIGNATURE = "sig-object"
LONGEST_VALUE = 150


class _BoxFinder(HTMLParser):
    """Collects the line of every element that shows an error box, and of every signature
    line that prints a value longer than :data:`LONGEST_VALUE` characters."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[int] = []
        self.long_values: list[tuple[int, int]] = []  # (line, length)
        self._signature: list[str] | None = None
        self._signature_line = 0
        self.object_bases: list[int] = []
        self._paragraph: list[str] | None = None
        self._paragraph_line = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if (_BOXED in classes and _ESCAPE not in classes) or _SYSTEM_MESSAGE in classes:
            self.lines.append(self.getpos()[0])
        if tag == "dt" and _SIGNATURE in classes:
            self._signature, self._signature_line = [], self.getpos()[0]
        if tag == "p":
            self._paragraph, self._paragraph_line = [], self.getpos()[0]

    def handle_data(self, data: str) -> None:
        if self._signature is not None:
            self._signature.append(data)
        if self._paragraph is not None:
            self._paragraph.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self._paragraph is not None:
            if " ".join("".join(self._paragraph).split()) in ("Bases: object", "Bases:"):
                self.object_bases.append(self._paragraph_line)
            self._paragraph = None
        if tag == "dt" and self._signature is not None:
            text = " ".join("".join(self._signature).replace("¶", "").split())
            value = text.partition(" = ")[2]
            if len(value) > LONGEST_VALUE:
                self.long_values.append((self._signature_line, len(value)))
            self._signature = None


def error_boxes(html: str) -> list[int]:
    """The lines of ``html`` where an error box starts.

    >>> error_boxes('<nav class="contents local topic"><p>On this page</p></nav>')
    [1]
    >>> error_boxes('<div class="admonition note"><p>fine</p></div>')
    []
    """
    return _read(html).lines


def long_values(html: str) -> list[tuple[int, int]]:
    """The line and length of every value over :data:`LONGEST_VALUE` characters that a
    signature line of ``html`` prints.

    >>> line = '<dt class="sig sig-object py" id="x"><span>X</span> = <span>{}</span></dt>'
    >>> long_values(line.format("(1, 2)"))
    []
    >>> long_values(line.format(", ".join(["Meld('Ac2c3c')"] * 12)))
    [(1, 190)]
    """
    return _read(html).long_values


def object_bases(html: str) -> list[int]:
    """The lines of ``html`` where a class shows "Bases: object", or "Bases:" and nothing.

    >>> object_bases('<p>Bases: <code><span class="pre">object</span></code></p>')
    [1]
    >>> object_bases("<p>Bases: </p><p>Bases: <code>Enum</code></p>")
    [1]
    """
    return _read(html).object_bases


def _read(html: str) -> _BoxFinder:
    finder = _BoxFinder()
    finder.feed(html)
    finder.close()
    return finder


def main(argv: list[str]) -> int:
    """Check every ``.html`` file under the directory ``argv[0]``; 1 if any has a box."""
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: check_docs_html.py HTML_DIR", file=sys.stderr)
        return 2
    root = Path(argv[0])
    pages = sorted(root.rglob("*.html"))
    found = 0
    for page in pages:
        finder = _read(page.read_text(encoding="utf-8"))
        for line in finder.lines:
            print(f"{page.relative_to(root)}:{line}: an error box (contents or system message)")
            found += 1
        for line, length in finder.long_values:
            print(
                f"{page.relative_to(root)}:{line}: a value of {length} characters printed; "
                "describe it in its docstring and add ':meta hide-value:'"
            )
            found += 1
        for line in finder.object_bases:
            print(f"{page.relative_to(root)}:{line}: 'Bases: object' (or nothing) under a class")
            found += 1
    if not pages:
        print(f"no HTML pages under {root}", file=sys.stderr)
        return 2
    print(f"{len(pages)} pages checked, {found} error boxes, long values or object bases")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
