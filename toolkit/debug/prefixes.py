"""Positions after the first *k* moves of a save, cheaply and repeatedly.

Engines have no undo, so a position is rebuilt by replaying moves forward. To keep
repeated look-ups cheap, :class:`Prefixes` keeps *snapshots*: deep copies of the state
at some move counts. Reaching move *k* copies the nearest snapshot at or before *k*
and replays only the moves in between. A whole pass stores a snapshot every
``ceil(n / SNAPSHOTS)`` moves, so a binary search then costs one full replay plus at
most a segment's worth of moves per probe: O(n) moves applied in all. When a state
cannot be deep-copied, every look-up replays from the start instead (O(n log n) for a
binary search).

A prefix that does not replay — a move the engine refuses, a move after the game
ended, a record that is not an object, or an engine crash — stops at the failing move
and is reported as a :class:`Failure`; positions beyond it are the position before it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.games.base import Game, IllegalMove, UnknownGame, get_game
from toolkit.replay import ReplayError, game_for, start
from toolkit.saves import FORMAT, Problem, Save

SNAPSHOTS = 32


class NoEngine(Exception):
    """The save cannot be replayed here: no engine for its game, or not a replaykit save."""

    def __init__(self, file: str, message: str, code: str) -> None:
        super().__init__(f"{file}: {message} [{code}]")
        self.file = file
        self.message = message
        self.code = code

    def line(self) -> str:
        return str(self)

    def problem(self) -> Problem:
        return Problem(self.file, self.message, self.code)


def engine_for(save: Save) -> Game:
    """The engine that replays ``save``, or :class:`NoEngine` saying why there is none."""
    if save.kind == "replaykit" and save.data.get("format") != FORMAT:
        found = save.data.get("format")
        raise NoEngine(save.path, f"unknown save format {found!r} (expected {FORMAT!r})", "unknown_format")
    try:
        return game_for(save)
    except ReplayError as exc:
        raise NoEngine(save.path, exc.message, exc.code) from None
    except (ImportError, AttributeError) as exc:
        raise NoEngine(save.path, f"the {save.game!r} engine is not available: {exc}", "no_engine") from None


def load_engine(game_id: str) -> Game | None:
    """The engine for ``game_id`` if one is registered and importable."""
    try:
        return get_game(game_id)
    except (UnknownGame, ImportError, AttributeError):
        return None


@dataclass(frozen=True)
class Failure:
    """The first move of a prefix that does not replay (``index`` is 1-based)."""

    index: int
    total: int
    code: str
    message: str
    label: str

    def line(self, file: str) -> str:
        label = f" ({self.label})" if self.label else ""
        return f"{file}: move {self.index} of {self.total}{label}: {self.message} [{self.code}]"

    def as_json(self) -> dict[str, Any]:
        return {"move": self.index, "code": self.code, "message": self.message, "label": self.label}


@dataclass
class Position:
    """The position after ``reached`` moves; ``illegal`` when ``k`` moves could not all be applied."""

    k: int
    reached: int
    state: Any

    @property
    def illegal(self) -> bool:
        return self.reached < self.k


def label_of(game: Game, move: Any) -> str:
    try:
        return game.label(move) if isinstance(move, dict) else "not an object"
    except Exception:  # a label must never hide the real problem
        return ""


def describe(game: Game, move: Any) -> str:
    """A move in words, falling back to its label or its JSON when the engine cannot say."""
    if isinstance(move, dict):
        try:
            return str(game.describe(move))
        except Exception:  # describing is best effort
            label = label_of(game, move)
            if label:
                return label
    return compact(move)


def compact(value: Any) -> str:
    import json

    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Prefixes:
    """Rebuild the position after any prefix of ``moves`` (default: the save's moves)."""

    def __init__(self, save: Save, game: Game, moves: Sequence[Any] | None = None) -> None:
        self.save = save
        self.game = game
        self.moves: Sequence[Any] = save.moves if moves is None else moves
        self.total = len(self.moves)
        self.snaps: dict[int, Any] = {}
        self.copyable = True
        self.failure: Failure | None = None
        self.applies = 0
        self.replays = 0
        self.copies = 0

    # -- low level

    def fresh(self) -> Any:
        """The starting position (raises :class:`ReplayError` for a config the engine refuses)."""
        return start(self.save, self.game)

    def _copy(self, state: Any) -> Any | None:
        if not self.copyable:
            return None
        try:
            clone = copy.deepcopy(state)
        except Exception:  # some states cannot be copied: fall back to replaying from the start
            self.copyable = False
            self.snaps.clear()
            return None
        self.copies += 1
        return clone

    def keep(self, k: int, state: Any, owned: bool = False) -> None:
        """Remember the position after ``k`` moves (copied unless ``owned``)."""
        if not self.copyable or k in self.snaps:
            return
        clone = state if owned else self._copy(state)
        if clone is not None:
            self.snaps[k] = clone

    def apply_one(self, state: Any, i: int) -> bool:
        """Apply move ``i`` (0-based); on failure record it and return False."""
        move = self.moves[i]
        index = i + 1
        if not isinstance(move, dict):
            self._fail(index, "bad_move", "a move is a JSON object", move)
            return False
        try:
            if self.game.is_over(state):
                self._fail(index, "game_over", "the game is already over", move)
                return False
            self.game.apply(state, move)
        except IllegalMove as exc:
            self._fail(index, exc.code, exc.message, move)
            return False
        except Exception as exc:  # an engine crash is a finding, not a reason to stop the tool
            self._fail(index, "engine_error", f"the engine crashed: {type(exc).__name__}: {exc}", move)
            return False
        self.applies += 1
        return True

    def _fail(self, index: int, code: str, message: str, move: Any) -> None:
        if self.failure is None or index < self.failure.index:
            self.failure = Failure(index, self.total, code, message, label_of(self.game, move))

    def limit(self, k: int) -> int:
        """How many moves of a ``k``-move prefix can be applied, as far as is known."""
        k = max(0, min(k, self.total))
        if self.failure is not None:
            k = min(k, self.failure.index - 1)
        return k

    # -- positions

    def position(self, k: int) -> Position:
        """The position after ``k`` moves, as a state the caller owns."""
        want = max(0, min(k, self.total))
        target = self.limit(want)
        base = max((j for j in self.snaps if j <= target), default=None)
        state = self._copy(self.snaps[base]) if base is not None else None
        reached = base if base is not None and state is not None else 0
        if state is None:
            state = self.fresh()
        self.replays += 1
        while reached < target:
            if not self.apply_one(state, reached):
                # a crash may have left the state half-changed: rebuild the position before it
                if self.failure is not None and self.failure.code == "engine_error":
                    return self.position(want)
                break
            reached += 1
        return Position(want, reached, state)

    def walk(self, every: int | None = None) -> Iterator[Position]:
        """One pass from the start: yield the live position after 0, 1, ... moves.

        Stops after the last move that replays; the yielded state is live (do not keep
        it). A snapshot is stored every ``every`` moves (default: ``SNAPSHOTS`` per pass).
        """
        if every is None:
            every = max(1, -(-self.total // SNAPSHOTS))
        state = self.fresh()
        self.replays += 1
        self.keep(0, state)
        yield Position(0, 0, state)
        for i in range(self.total):
            if not self.apply_one(state, i):
                return
            index = i + 1
            if index % every == 0:
                self.keep(index, state)
            yield Position(index, index, state)

    def run_through(self, every: int | None = None, visit: Callable[[Position], bool] | None = None) -> int:
        """Walk the whole save (stopping early when ``visit`` returns True); return moves replayed."""
        last = 0
        for pos in self.walk(every):
            last = pos.reached
            if visit is not None and visit(pos):
                break
        return last
