"""Check candidate melds and show every way to arrange a table (R4, R5, R13, R14a).

A meld-validation tool in a few lines: say whether each set of cards is a meld and, if
not, why; then list the ways a table can be split into melds, and which cards fit it.

Run: ``python examples/check_melds.py``
"""

from __future__ import annotations

from conquian import Card, explain_meld, fits, is_meld, partitions

CANDIDATES = ["7h 7c 7s", "Ad 2d 3d", "6s 7s Js", "Qd Kd Ad", "7h 7c"]
TABLE = "5c 6c 7c Jc Jh Js"


def main() -> None:
    """Print a verdict for each candidate (why it is not a meld, in the sentence a player
    reads), then the splits of TABLE and the cards that fit."""
    for text in CANDIDATES:
        print(f"{text} is a meld" if is_meld(text) else explain_meld(text))

    print(f"\nways to split {TABLE}:")
    for split in partitions(TABLE):
        print("   ", *split)

    fitting = [card for card in map(Card.parse, ["4c", "Qc", "Jd", "5h"]) if fits(card, TABLE)]
    print("\ncards that fit:", *fitting)


if __name__ == "__main__":
    main()
