"""A tiny game-server referee: check each move a client sends, reply to each player.

The server keeps the one authoritative :class:`~conquian.Game`. Messages arrive as
``(player, text)`` pairs (here from a list; in a real server, from the network). Each one
is parsed and checked by the engine: a bad one is answered with the error's message, which
is written for players, and the game is provably unchanged; a good one is played. Each
player is then sent only his :class:`~conquian.Observation`, never the state: the
opponent's hand and the stock stay on the server.

Run: ``python examples/server_referee.py``
"""

from __future__ import annotations

from conquian import ConquianError, Game, Observation, format_cards

SEED = 197

# (player, move text) as the clients send them: some are illegal or not moves at all.
MESSAGES: list[tuple[int, str]] = [
    (0, "decline"),  # not player 0's turn: player 1 was offered the first card
    (1, "take +2c3c -Qc"),
    (0, "take +Qh -Ac"),  # two queens are not a meld (R6)
    (0, "take Qh Qs"),  # not move notation
    (0, "take +QhQs -Ac"),
    (1, "decline"),  # the ace fits his 2c 3c 4c: player 0 may force it (R14b)
    (0, "force"),
    (1, "decline"),  # a forced player must take the card
    (1, "take -Jc"),
]


def describe(view: Observation) -> str:
    """What one player's screen shows: built from his observation only."""
    me, other = view.player, view.opponent
    tables = ["  ".join(meld.pretty() for meld in table) or "-" for table in view.tables]
    offer = view.offer.pretty() if view.offer is not None else "-"
    turn = "your move" if view.to_move == me else f"player {view.to_move} to move"
    return "\n".join(
        [
            f"  [to player {me}] your hand: {format_cards(view.hand, style='pretty', sort=True)}",
            f"      your table: {tables[me]} | opponent's table: {tables[other]}",
            f"      opponent holds {view.hand_sizes[other]} cards | stock {view.stock_size}"
            f" | offer {offer} ({view.phase.value}, {turn})",
        ]
    )


def handle(game: Game, player: int, text: str) -> bool:
    """Check and play one message; print the reply. Returns whether the move was played."""
    before = game.state
    try:
        move = game.play(text, player=player)
    except ConquianError as error:  # IllegalMoveError or InvalidMoveNotationError
        print(f"player {player}: {text!r} refused: {error}")
        unchanged = game.state is before and game.ply == before.ply
        print(f"  the game is unchanged: {unchanged} (still move {game.ply + 1})")
        return False
    print(f"player {player}: {move} accepted")
    return True


def main() -> None:
    """Referee the messages of one game, sending each player his view after each move."""
    game = Game.new(SEED)
    print(f"game dealt from seed {SEED}; the seed stays on the server")
    for player in (0, 1):
        print(describe(game.state.observation(player)))
    for player, text in MESSAGES:
        if handle(game, player, text):
            for seat in (0, 1):
                print(describe(game.state.observation(seat)))
    # Player 0's observation has no field holding player 1's hand: those cards are only
    # among the cards he has not seen (with the stock).
    hidden = game.state.hands[1] <= game.state.observation(0).unseen
    print(f"player 1's hand is hidden from player 0: {hidden}")
    print(f"moves played: {', '.join(map(str, game.moves))}")


if __name__ == "__main__":
    main()
