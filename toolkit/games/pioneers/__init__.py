"""Pioneers: the hex-island resource game engine (rules version ``pioneers/1``).

``GAME`` implements :class:`toolkit.games.base.Game`. Example::

    from toolkit.games.pioneers import GAME
    state = GAME.new_game("seed-1", {"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]})
    move = GAME.legal_moves(state, 0)[0]       # a setup placement for seat 0
    events = GAME.apply(state, move)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toolkit.games.base import Event, Move, View

from . import engine, legal, views
from .awards import public_points
from .catalog import CATALOG
from .constants import GAME_ID, PHASE_OVER, RULES_VERSION
from .describe import describe_move, label_move
from .state import State, digest, new_state


class PioneersGame:
    """The pioneers engine behind the common game contract."""

    id = GAME_ID
    rules_version = RULES_VERSION
    catalog: Mapping[str, Any] = CATALOG

    def new_game(self, seed: str | int, config: Mapping[str, Any]) -> State:
        return new_state(seed, config)

    def seat_of(self, state: State, move: Move) -> int:
        return engine.seat_of(state, move)

    def to_move(self, state: State) -> list[int]:
        return engine.to_move(state)

    def owed(self, state: State, seat: int) -> str | None:
        """The decision kind ``seat`` owes now (None when it owes nothing)."""
        return engine.owed(state, seat)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return legal.legal_moves(state, seat)

    def apply(self, state: State, move: Move) -> list[Event]:
        return engine.apply(state, move)

    def view(self, state: State, seat: int | None) -> View:
        return views.view(state, seat)

    def views(
        self, state: State, seats: Sequence[int | None], memo: dict[str, Any] | None = None
    ) -> list[View]:
        """The views of ``seats`` at once, sharing what they have in common (read-only)."""
        return views.views(state, seats, memo)

    def digest(self, state: State) -> str:
        return digest(state)

    def is_over(self, state: State) -> bool:
        return state.phase == PHASE_OVER

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.phase != PHASE_OVER:
            return None
        return {
            "winner": None if state.winner < 0 else state.winner,
            "reason": state.end_reason,
            "turn": state.turn,
            "placements": list(state.placements or []),
            "scores": list(state.final_scores or []),
        }

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "phase": state.phase,
            "currentSeat": state.current,
            "toMove": engine.to_move(state),
            "scores": [public_points(state, seat) for seat in range(state.n)],
        }

    def label(self, move: Move) -> str:
        return label_move(move)

    def describe(self, move: Move) -> str:
        return describe_move(move)


GAME = PioneersGame()

__all__ = ["GAME", "PioneersGame", "State"]
