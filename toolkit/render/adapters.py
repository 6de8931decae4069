"""The registry of per-game render adapters.

An adapter turns one game's views into the game-agnostic parts of
:mod:`toolkit.render.scene`; everything after that (SVG frames, site pages) is shared.
A new game adds a module exposing ``ADAPTER`` and one line here.

Two hooks are optional, for games whose views carry only player ids (codex):
``with_names(view, names)`` returns the view with the players' names from the save's config
(id -> name), and ``move_words(move, events)`` says a move in words from its public events
(never from a payload that may name a hidden card). Without them the engine's own
``describe`` narrates and the view's names are used as they are.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol

from toolkit.render.scene import Board, FrameParts, Panel

ADAPTER_MODULES: dict[str, str] = {
    "pioneers": "toolkit.render.pioneers",
    "codex": "toolkit.render.codex",
}


class Adapter(Protocol):
    """What the frame and page pipeline needs from a game's renderer."""

    game: str

    def board(self, view: Mapping[str, Any]) -> Board:
        """The parts drawn once (hexes, tokens, ports)."""

    def frame(self, view: Mapping[str, Any]) -> FrameParts:
        """The parts that change: pieces, header and panel (``action`` left empty)."""

    def panel(self, view: Mapping[str, Any]) -> Panel:
        """The player rows and table facts alone (what differs between seats' views)."""

    def players(self, view: Mapping[str, Any]) -> list[tuple[int, str]]:
        """``(seat, name)`` for every seat, in seat order."""

    def winner(self, view: Mapping[str, Any]) -> str | None:
        """The winner's name once the game is over."""

    def event_lines(self, move: Mapping[str, Any], events: list[Any]) -> list[str]:
        """The words of a move's public events that say more than the move itself."""


class NoRenderer(LookupError):
    """No adapter draws this game."""


def get_adapter(game_id: str) -> Adapter:
    try:
        module_name = ADAPTER_MODULES[game_id]
    except KeyError:
        raise NoRenderer(game_id) from None
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise NoRenderer(game_id) from None
        raise
    adapter: Adapter = module.ADAPTER
    return adapter
