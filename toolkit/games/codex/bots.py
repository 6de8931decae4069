"""A random-legal bot for the codex engine.

It owns its own stream (never the engine's): among the seats owing a decision it picks one,
then one of that seat's listed moves. It leans away from ``endTurn`` three times in four so
games progress, and it never resigns.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.codex.engine import legal_moves, to_move
from toolkit.games.codex.state import State
from toolkit.rng import Stream


def random_legal_move(state: State, rng: Stream) -> tuple[int, dict[str, Any]]:
    """A seat owing a decision and one of its legal moves."""
    seats = to_move(state)
    if not seats:
        raise ValueError("nobody is to move: the game is over")
    seat = seats[rng.below(len(seats))]
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no listed move")
    busy = [m for m in moves if m["type"] != "endTurn"]
    if busy and rng.below(4):
        return seat, busy[rng.below(len(busy))]
    return seat, moves[rng.below(len(moves))]


class RandomBot:
    name = "random"

    def __init__(self, seed: str | int) -> None:
        self.rng = Stream(seed, "bot:random")

    def choose(self, state: State, seat: int) -> dict[str, Any]:
        moves = legal_moves(state, seat)
        busy = [m for m in moves if m["type"] != "endTurn"]
        if busy and self.rng.below(4):
            return busy[self.rng.below(len(busy))]
        return moves[self.rng.below(len(moves))]
