"""OpenSpiel's information-set MCTS against the library's greedy agent, on the OpenSpiel
game ``python_conquian``; the seats alternate.

Run: ``python examples/integrations/openspiel_ismcts.py`` (needs ``conquian[openspiel]``).
"""

from __future__ import annotations

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from conquian.agents import GreedyAgent
from conquian.integrations.openspiel import AgentBot, ConquianState, load_game

GAMES = 2
SIMULATIONS = 25  # per decision; a real experiment uses hundreds


def main() -> None:
    game = load_game()
    rng = np.random.RandomState(7)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=SIMULATIONS,
        random_state=rng,
    )

    def resample(state: ConquianState, player: int) -> ConquianState:
        # OpenSpiel's own resampler draws from an unseeded sampler: draw from rng instead,
        # so that the run repeats exactly.
        return state.resample_from_infostate(player, rng.uniform)

    searcher.set_resampler(resample)
    greedy = AgentBot(GreedyAgent())
    score = {"ISMCTS": 0.0, "greedy": 0.0}
    for number in range(GAMES):
        seat = number % 2  # ISMCTS's seat
        bots = {seat: searcher, 1 - seat: greedy}
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                cards, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(cards, p=chances)))
            else:
                state.apply_action(int(bots[state.current_player()].step(state)))
        returns = state.returns()
        score["ISMCTS"] += returns[seat]
        score["greedy"] += returns[1 - seat]
        print(f"game {number + 1}: ISMCTS in seat {seat}, returns {returns}")
    print("total:", score)
    assert score["ISMCTS"] == -score["greedy"]


if __name__ == "__main__":
    main()
