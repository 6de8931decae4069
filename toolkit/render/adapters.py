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
from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any, Protocol, TypeVar

from toolkit.render.scene import Board, FrameParts, Header, Panel, Piece, PlayerRow

T = TypeVar("T")

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

    def pieces(self, view: Mapping[str, Any]) -> tuple[Piece, ...]:
        """The pieces on the board (the same tuple again while they did not change)."""

    def header(self, view: Mapping[str, Any]) -> Header:
        """The header line: turn, dice, who is to act, whose view."""

    def rows(self, view: Mapping[str, Any], seats: Collection[int]) -> tuple[PlayerRow, ...]:
        """The rows of ``seats`` alone, in seat order, as :meth:`panel` gives them."""

    def foot(self, view: Mapping[str, Any]) -> Panel:
        """The panel without its rows: table facts, talk and result."""

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


class Recall:
    """Results remembered by slot, each beside the view data it was made from.

    ``recall(slot, inputs, make, *args)`` gives the result last made in ``slot`` while ``inputs``
    (JSON-like view data) equal those of then; otherwise it calls ``make(*args)`` and keeps its
    result. The inputs themselves are kept, not a copy: views are only read, never changed in
    place, and an engine that keeps an unchanged part of its views as the same object from one
    position to the next (the pioneers views' memo) lets the comparison stop at that object's
    identity instead of reading it. An unchanged part comes back as the same (immutable) object,
    which the page pipeline relies on to skip work it did for the previous frame. Values compare
    as Python compares them (``1 == True``); a view field keeps one type from frame to frame.
    """

    def __init__(self) -> None:
        self.slots: dict[Hashable, tuple[Any, Any]] = {}

    def __call__(self, slot: Hashable, inputs: Any, make: Callable[..., T], *args: Any) -> T:
        """The part for ``inputs`` in ``slot``; ``make(*args)`` makes it when they changed."""
        last = self.slots.get(slot)
        if last is not None and last[0] == inputs:
            found: T = last[1]
            return found
        made = make(*args)
        self.slots[slot] = (inputs, made)
        return made


class Remembered:
    """Values kept for objects, known by identity, for a while: each object is held beside its
    value, so its id is not reused while it is remembered. The last generation of ``size``
    objects is kept, the one before it let go."""

    __slots__ = ("now", "before", "size")

    def __init__(self, size: int = 48) -> None:
        self.now: dict[int, tuple[Any, Any]] = {}
        self.before: dict[int, tuple[Any, Any]] = {}
        self.size = size

    def get(self, key: Any) -> Any:
        """The value kept for the object ``key``, or None."""
        found = self.now.get(id(key)) or self.before.get(id(key))
        return found[1] if found is not None and found[0] is key else None

    def put(self, key: Any, value: Any) -> None:
        """Keep ``value`` for the object ``key``."""
        now = self.now
        if len(now) >= self.size and id(key) not in now:
            self.before, self.now = now, {}
            now = self.now
        now[id(key)] = (key, value)
