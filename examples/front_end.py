"""A minimal front end: a server that keeps the game, a client that sees only JSON.

The server holds the one :class:`~conquian.Game` and sends each player his observation as
JSON (``Observation.to_dict``), never the state. The client reads it back
(``Observation.from_dict``), shows the hand, the tables and the offered card with the
card names of its language, lists its own legal moves (``Observation.legal_moves``),
builds a take one card at a time with the take builder (as a person would click), and
sends the move as text. The server checks the move, plays it, and tells it to both
players in their own languages with :func:`conquian.narration.narrate`.

Here the client's "person" is scripted: he takes whenever he can, adding the first card
the builder offers until the take is complete, then discarding the first card offered.
The opponent is the library's greedy bot.

Run: ``python examples/front_end.py``
"""

from __future__ import annotations

import json

from conquian import Game, Observation, format_cards
from conquian.agents import GreedyAgent
from conquian.narration import describe_origin, narrate

SEED = 1
CLIENT, BOT = 0, 1
NAMES = ("Ana", "Bot")
LANGUAGES = ("es", "en")  # the client reads Spanish, the server's log is English


def server_view(game: Game, player: int) -> str:
    """What the server sends a player: his observation as JSON text."""
    return json.dumps(game.state.observation(player).to_dict())


def client_screen(view: Observation) -> str:
    """What the client shows, from the observation alone."""
    hand = format_cards(view.hand, sort=True, lang="es") or "-"
    tables = [" | ".join(str(meld) for meld in table) or "-" for table in view.tables]
    lines = [f"  mano: {hand}", f"  mesas: {tables[0]}  //  {tables[1]}"]
    if view.offer is not None:
        origin = describe_origin(view, lang="es", names=NAMES, viewer=view.player)
        lines.append(f"  ofrecida: {view.offer.name('es')} ({origin})")
    return "\n".join(lines)


def client_choice(view: Observation) -> str:
    """The client's move, as text for the server: a take built card by card if there is
    one, else the first legal move."""
    moves = view.legal_moves()
    if view.phase.value != "force_decision":
        builder = view.take_builder()
        if builder.is_possible:
            while not builder.is_complete:
                builder = builder.add(sorted(builder.addable)[0])
            while builder.needs_arrangement:
                builder = builder.arrange(0)
            move = (
                builder.go_out()
                if builder.can_go_out
                else builder.discard(sorted(builder.discards)[0])
            )
            assert view.is_legal(move)
            return str(move)
    return str(moves[-1])


def main() -> None:
    game = Game.new(seed=SEED)
    bot = GreedyAgent()
    print(f"seed {SEED}")
    while not game.is_over:
        player = game.state.to_move
        assert player is not None
        if player == CLIENT:
            view = Observation.from_dict(json.loads(server_view(game, CLIENT)))
            print(client_screen(view))
            text = client_choice(view)
        else:
            state = game.state
            text = str(bot.choose(state.observation(BOT), state.legal_moves()))
        before = game.state
        game.play(text, player=player)  # the server checks every move
        for viewer, lang in zip((CLIENT, BOT), LANGUAGES, strict=True):
            line = narrate(before, text, lang=lang, names=NAMES, viewer=viewer)
            print(f"  [{NAMES[viewer]}] {line}")
    outcome = game.outcome
    assert outcome is not None
    print(f"{outcome} after {game.ply} moves")


if __name__ == "__main__":
    main()
