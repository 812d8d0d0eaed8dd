"""Write tests/data/written_0_1.json: position strings, observation strings, state and
observation JSON views, game records and match records as conquian 0.1 wrote them (main
before issue #31, Mexican Conquian), for tests/test_mexican.py, which checks that every
one still reads to the same position (M1: no two-player game changes), and
tests/test_match.py, which checks that every match record reads the same (M11). The
file was written by 0.1 (the matches were added by running this script with 0.1 again,
every other entry written the same); never rewrite it with a later version (that would
test nothing):

    git archive 0.1-COMMIT | tar -x -C /tmp/old && PYTHONPATH=/tmp/old/src \\
        python tests/make_written.py tests/data/written_0_1.json
"""

from __future__ import annotations

import json
import random
import sys

from conquian import Rules, State, notation
from conquian.match import Match, match_to_dict

TEXTS = [
    "classic",
    "foster",
    "bicycle",
    "classic,initial_upcard:true",
    "classic,forcing:off",
    "classic,regrouping:none,meld_from_hand:true",
    "classic,hand_size:8",
    "classic,hand_size:19",
    "bicycle,initial_upcard:true,deal_batch:2",
]
# (rules text, games, first dealer): a match of each draw settlement (V5) and of points
# (V6), played to the end, and one left in its second game.
MATCHES = [
    ("classic", 3, 0),
    ("classic,draw_settlement:double_next", 4, 1),
    ("classic,draw_settlement:carry_forward", 4, 0),
    ("foster,draw_settlement:pool", 5, 1),
    ("classic,scoring:points,target:60", None, 0),
    ("bicycle,scoring:points,target:40", 3, 1),
]


def random_match(text: str, games: int | None, first_dealer: int, seed: int) -> Match:
    """A match of ``text`` rules played to its end with seeded random legal moves."""
    rng = random.Random(seed)
    match = Match.new(seed, rules=Rules.parse(text), games=games, first_dealer=first_dealer)
    while not match.is_over:
        moves = match.legal_moves()
        match.play(moves[rng.randrange(len(moves))])
    return match


def main(path: str) -> None:
    positions: list[str] = []
    views: list[str] = []
    states_data: list[object] = []
    observations: list[object] = []
    records: list[object] = []
    for i, text in enumerate(TEXTS):
        rules = Rules.parse(text)
        for g in range(2):
            seed = 100 * i + g
            rng = random.Random(seed)
            state = State.new(seed, rules=rules, dealer=g)
            states = [state]
            while not state.is_over:
                moves = state.legal_moves()
                state = state.apply(moves[rng.randrange(len(moves))])
                states.append(state)
            for shown in [*states[:: max(1, len(states) // 4)], states[-1]]:
                positions.append(shown.to_notation())
                views.append(shown.observation(shown.ply % 2).to_notation())
            records.append(notation.record_to_dict(states[-1]))
            if not g:
                middle = states[len(states) // 2]
                states_data.append(middle.to_dict())
                observations.append(middle.observation(1).to_dict())
    matches = [
        match_to_dict(random_match(text, games, dealer, 700 + i))
        for i, (text, games, dealer) in enumerate(MATCHES)
    ]
    unfinished = Match.new(800, games=3, first_dealer=1)
    rng = random.Random(800)
    while unfinished.game_index < 1 or unfinished.state.ply < 5:
        moves = unfinished.legal_moves()
        unfinished.play(moves[rng.randrange(len(moves))])
    matches.append(match_to_dict(unfinished))
    out = {
        "positions": positions,
        "views": views,
        "states": states_data,
        "observations": observations,
        "records": records,
        "matches": matches,
        "note": "written by conquian 0.1 (main before issue 31) with tests/make_written.py",
    }
    with open(path, "w", encoding="utf-8") as file:
        json.dump(out, file, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
