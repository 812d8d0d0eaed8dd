"""Play one seeded game between a GreedyAgent and a RandomAgent, and print the result.

Shows the Game facade (play, history, outcome) and the agents: each turn the player to
move is shown only his Observation and the legal moves, and his choice is played with
``player=`` so the engine checks whose turn it is. The same seed always plays the same
game, on every machine.

Run: ``python examples/play_game.py [SEED]``
"""

from __future__ import annotations

import sys

from conquian import Game, format_cards
from conquian.agents import Agent, GreedyAgent, RandomAgent

DEFAULT_SEED = 5


def play(seed: int) -> Game:
    """Deal a game from ``seed`` and play it to the end: Greedy is player 0, Random 1."""
    game = Game.new(seed)
    agents: tuple[Agent, Agent] = (GreedyAgent(), RandomAgent(seed))
    while not game.is_over:
        player = game.state.to_move
        assert player is not None  # the game is not over
        view = game.state.observation(player)
        game.play(agents[player].choose(view, game.legal_moves()), player=player)
    return game


def main(argv: list[str]) -> int:
    """Play the game of the seed given on the command line and print how it went."""
    seed = int(argv[0]) if argv else DEFAULT_SEED
    game = play(seed)
    names = ("Greedy", "Random")
    print(f"seed {seed}: {names[0]} (player 0) against {names[1]} (player 1)")
    for number, played in enumerate(game.state.history, start=1):
        print(f"{number:3}. {names[played.player]:>6} offered {played.offer}: {played.move}")
    final = game.state
    for player in (0, 1):
        table = "  ".join(str(meld) for meld in final.tables[player]) or "-"
        hand = format_cards(final.hands[player], sort=True) or "-"
        print(f"{names[player]:>6}: table {table} | hand {hand}")
    outcome = game.outcome
    assert outcome is not None  # play() runs to the end
    if outcome.winner is None:
        print(f"drawn after {game.ply} moves (R15)")
    else:
        print(f"{names[outcome.winner]} went out after {game.ply} moves (R16)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
