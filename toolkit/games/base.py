"""The engine contract every game implements, and the registry of game ids.

An engine is pure: no I/O, no clock, no global ``random``, no environment. All its
randomness comes from :mod:`toolkit.rng` streams keyed by the save's seed.

Vocabulary:

* a *seat* is a 0-based player index;
* a *move* is a JSON object exactly as it is stored in a save's ``moves`` list
  (pioneers: ``{"seat", "kind", "action" | "strike"}``; codex: the wire action
  ``{"playerId", "type", "payload"}``), so a save is replayed without translation;
* an *event* is a JSON object ``{"type": ..., "text": ...}`` narrating what a move did.
  Events narrate; only moves rebuild a position.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

Move = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class IllegalMove(Exception):
    """A move the rules forbid. ``code`` is a stable snake_case token.

    The engine raises it before changing anything, so the state is unchanged.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} [{code}]")
        self.code = code
        self.message = message


class Game(Protocol):
    """What :mod:`toolkit.replay`, the renderer, the site and the docs rely on."""

    id: str
    rules_version: str
    catalog: Mapping[str, Any]

    def new_game(self, seed: str | int, config: Mapping[str, Any]) -> Any:
        """A fresh game for ``config`` (the save's ``config`` object)."""

    def seat_of(self, state: Any, move: Move) -> int:
        """The seat that a save's move record speaks for."""

    def to_move(self, state: Any) -> list[int]:
        """Seats that owe a decision now (several during simultaneous decisions)."""

    def legal_moves(self, state: Any, seat: int) -> Iterable[Move]:
        """Every legal move record for ``seat`` now (for bots, defaults and tests)."""

    def apply(self, state: Any, move: Move) -> list[Event]:
        """Play ``move`` in place, or raise :class:`IllegalMove` leaving state unchanged."""

    def view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator). JSON-ready."""

    def digest(self, state: Any) -> str:
        """A stable hash of the whole canonical state."""

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> dict[str, Any] | None:
        """Winner, placements and scores once the game is over, else ``None``."""

    def summary(self, state: Any) -> dict[str, Any]:
        """A short JSON position summary: turn, phase, who is to move, scores."""

    def label(self, move: Move) -> str:
        """A move's short label for error lines, e.g. ``turn build_road, seat 2``."""

    def describe(self, move: Move) -> str:
        """A move in words, e.g. ``seat 2 builds a road on edge 15``."""


GAME_MODULES: dict[str, str] = {
    "pioneers": "toolkit.games.pioneers",
    "codex": "toolkit.games.codex",
}


def seat_number(text: str, seats: int) -> int | None:
    """The seat a command line's ``text`` names by number, when it is one below ``seats``.
    A number is decimal digits only (``isdecimal``, not ``isdigit``: ``int`` cannot read
    "²"), and not thousands of them."""
    if text.isdecimal() and len(text) <= 18 and int(text) < seats:
        return int(text)
    return None


class UnknownGame(KeyError):
    pass


def get_game(game_id: str) -> Game:
    """The engine registered under ``game_id``; each game package exposes ``GAME``."""
    try:
        module_name = GAME_MODULES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    module = importlib.import_module(module_name)
    game: Game = module.GAME
    return game


def engine_ids() -> list[str]:
    return sorted(GAME_MODULES)
