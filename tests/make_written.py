"""Write tests/data/written_0_1.json: position strings, observation strings, state and
observation JSON views and game records as conquian 0.1 wrote them (main before issue
#31, Mexican Conquian), for tests/test_mexican.py, which checks that every one still
reads to the same position (M1: no two-player game changes). The file was written once
by 0.1; never rewrite it with a later version (that would test nothing):

    git archive 0.1-COMMIT | tar -x -C /tmp/old && PYTHONPATH=/tmp/old/src \\
        python tests/make_written.py tests/data/written_0_1.json
"""

from __future__ import annotations

import json
import random
import sys

from conquian import Rules, State, notation

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
    out = {
        "positions": positions,
        "views": views,
        "states": states_data,
        "observations": observations,
        "records": records,
        "note": "written by conquian 0.1 (main before issue 31) with tests/make_written.py",
    }
    with open(path, "w", encoding="utf-8") as file:
        json.dump(out, file, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
