"""The ``codex`` engine: a Cities-and-Knights-style game on the real engine's wire vocabulary.

Moves are wire actions ``{"playerId", "type", "payload"}``; views are the bot protocol's
``BotRequest.state``. See :mod:`toolkit.games.codex.engine` for dispatch and the rule
modules (setup, dice, production, robber, building, knights, berserker, longest_road,
maritime, victory) for the rules themselves.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex import engine, victory
from toolkit.games.codex.board import generate_layout
from toolkit.games.codex.decks import build_decks
from toolkit.games.codex.setup import roll_first_player, start_setup
from toolkit.games.codex.state import Player, State, digest, empty_board_state


def _config_players(config: Mapping[str, Any]) -> list[Player]:
    raw = config.get("players")
    if not isinstance(raw, list) or not 1 <= len(raw) <= C.MAX_SEATS:
        raise IllegalMove("bad_config", f"config.players must list 1 to {C.MAX_SEATS} players")
    players = []
    for seat, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise IllegalMove("bad_config", f"player {seat} must be an object")
        pid = entry.get("id", f"p{seat + 1}")
        name = entry.get("name", pid)
        if not isinstance(pid, str) or not pid or not isinstance(name, str):
            raise IllegalMove("bad_config", f"player {seat} needs a string id and name")
        players.append(Player(id=pid, name=name, seat=seat, color=C.COLORS[seat]))
    if len({p.id for p in players}) != len(players):
        raise IllegalMove("bad_config", "player ids must be unique")
    return players


class CodexGame:
    id = "codex"
    rules_version = C.RULES_VERSION

    @cached_property
    def catalog(self) -> dict[str, Any]:
        """The engine's catalog, built on first use (it lays out both boards, which a replay
        of one board never needs); its module is loaded with it."""
        from toolkit.games.codex.catalog import build_catalog

        return build_catalog()

    def new_game(self, seed: str | int, config: Mapping[str, Any]) -> State:
        players = _config_players(config)
        size = config.get("board", "standard")
        if size not in C.BOARD_RADIUS:
            raise IllegalMove("bad_config", "config.board must be 'standard' or 'grand'")
        target = config.get("victoryPointsTarget", C.DEFAULT_VP_TARGET)
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise IllegalMove("bad_config", "config.victoryPointsTarget must be a positive integer")
        wants = config.get("standingWants", False)
        if not isinstance(wants, bool):
            raise IllegalMove("bad_config", "config.standingWants must be true or false")
        layout = generate_layout(size, seed)
        state = empty_board_state(seed, f"codex-{seed}", size, players, layout.terrain, layout.tokens,
                                  layout.harbors)
        state.vp_target = target
        state.standing_wants_enabled = wants
        state.decks = build_decks(seed)
        first, log = roll_first_player(seed, [p.id for p in players])
        state.first_rolls = log
        start_setup(state, first)
        return state

    def seat_of(self, state: State, move: dict[str, Any]) -> int:
        seat = state.seat_of_id(move.get("playerId", "")) if isinstance(move, dict) else None
        if seat is None:
            who = move.get("playerId") if isinstance(move, dict) else move
            raise IllegalMove("unknown_player", f"no player {who!r}")
        return seat

    def to_move(self, state: State) -> list[int]:
        return engine.to_move(state)

    def legal_moves(self, state: State, seat: int) -> list[dict[str, Any]]:
        return engine.legal_moves(state, seat)

    def apply(self, state: State, move: dict[str, Any]) -> list[dict[str, Any]]:
        return engine.apply(state, move)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (its module loads with the first view: a replay needs none)."""
        from toolkit.games.codex import views

        return views.view(state, seat)

    def views(
        self, state: State, seats: Sequence[int | None], memo: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """The views of ``seats`` at once, sharing what they have in common (read-only)."""
        from toolkit.games.codex import views

        return views.views(state, seats, memo)

    def digest(self, state: State) -> str:
        return digest(state)

    def is_over(self, state: State) -> bool:
        return state.phase == "gameOver"

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.phase != "gameOver":
            return None
        scores = [victory.victory_points(state, p.seat) for p in state.players]
        return {
            "winner": state.winner,
            "winnerPlayerId": None if state.winner is None else state.players[state.winner].id,
            "scores": scores,
            "resigned": [p.seat for p in state.players if p.resigned],
        }

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "turn": state.turn_number,
            "phase": state.phase,
            "current": state.current,
            "toMove": engine.to_move(state),
            "pending": None if state.pending is None else state.pending["type"],
            "scores": [victory.victory_points(state, p.seat) for p in state.players],
        }

    def label(self, move: dict[str, Any]) -> str:
        if not isinstance(move, dict):
            return "?"
        return f"{move.get('type', '?')}, {move.get('playerId', '?')}"

    def describe(self, move: dict[str, Any]) -> str:
        if not isinstance(move, dict):
            return "an unreadable move"
        payload = move.get("payload") or {}
        detail = " ".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in sorted(payload.items()))
        return f"{move.get('playerId', '?')} {move.get('type', '?')}" + (f" {detail}" if detail else "")


GAME = CodexGame()

__all__ = ["GAME", "CodexGame"]
