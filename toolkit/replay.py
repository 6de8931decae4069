"""Drive a game engine over a save's moves.

:func:`run` yields the position before the first move (step 0) and after every move;
a move the engine refuses stops the replay with a :class:`ReplayError` naming it
(``move 37 of 412 (turn build_road, seat 2): ... [not_connected]``). Checkpoint
digests recorded in the save are compared on the way, and the first move whose
position differs from the recorded one is named the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from toolkit.games.base import Event, Game, IllegalMove, Move, UnknownGame, get_game
from toolkit.saves import Problem, Save

CHECKPOINT_EVERY = 50


@dataclass
class Step:
    """One position of a replay: ``index`` moves have been applied (0 = the start)."""

    index: int
    state: Any
    move: Move | None = None
    events: list[Event] = field(default_factory=list)


class ReplayError(Exception):
    """A save that does not replay. ``index`` is the 1-based number of the failing move."""

    def __init__(
        self, file: str, message: str, code: str, index: int | None = None, total: int = 0, label: str = ""
    ) -> None:
        self.file = file
        self.message = message
        self.code = code
        self.index = index
        self.total = total
        self.label = label
        super().__init__(self.line())

    def where(self) -> str:
        if self.index is None:
            return ""
        label = f" ({self.label})" if self.label else ""
        return f"move {self.index} of {self.total}{label}"

    def line(self) -> str:
        parts = [self.file]
        if self.index is not None:
            parts.append(self.where())
        return f"{': '.join(parts)}: {self.message} [{self.code}]"

    def problem(self) -> Problem:
        return Problem(self.file, self.message, self.code, pointer="", move=self.index)


def game_for(save: Save) -> Game:
    """The engine for a save, or a :class:`ReplayError` saying why there is none."""
    if save.kind == "stationmaster":
        raise ReplayError(
            save.path,
            "stationmaster saves cannot be replayed: no engine exists for that game "
            "(its rules and random generator are not published); use validate, info, diff or trim",
            "no_engine",
        )
    try:
        return get_game(save.game)
    except UnknownGame:
        raise ReplayError(save.path, f"unknown game id {save.game!r}", "unknown_game") from None


def start(save: Save, game: Game | None = None) -> Any:
    game = game or game_for(save)
    try:
        return game.new_game(save.seed, save.config)
    except IllegalMove as exc:
        raise ReplayError(save.path, f"bad config: {exc.message}", exc.code) from None


def run(save: Save, to: int | None = None, check_digests: bool = True) -> Iterator[Step]:
    """Yield step 0 and then the position after each move, up to move ``to``.

    The yielded state is the live engine state: copy what you need before advancing.
    """
    game = game_for(save)
    state = start(save, game)
    moves = save.moves
    total = len(moves)
    last = total if to is None else max(0, min(to, total))
    expected = {p.get("move"): p.get("digest") for p in save.checkpoints} if check_digests else {}
    yield Step(0, state)
    for i in range(last):
        move = moves[i]
        index = i + 1
        label = _label(game, move)
        if not isinstance(move, dict):
            raise ReplayError(save.path, "a move is a JSON object", "bad_move", index, total, label)
        if game.is_over(state):
            raise ReplayError(save.path, "the game is already over", "game_over", index, total, label)
        try:
            events = game.apply(state, move)
        except IllegalMove as exc:
            raise ReplayError(save.path, exc.message, exc.code, index, total, label) from None
        want = expected.get(index)
        if want is not None and game.digest(state) != want:
            first = first_divergence(save, game, expected)
            raise ReplayError(
                save.path,
                f"position differs from the one recorded at checkpoint move {index}; "
                f"first differing move is {first}",
                "diverged",
                first,
                total,
                _label(game, moves[first - 1]),
            )
        yield Step(index, state, move, events)


def first_divergence(save: Save, game: Game, expected: dict[Any, Any]) -> int:
    """The first move after which the position differs from the recorded one.

    Checkpoints bound the search: the divergence lies after the last matching
    checkpoint. Without a digest for every move, the best we can name is the first
    move after that checkpoint.
    """
    state = start(save, game)
    last_good = 0
    for i, move in enumerate(save.moves, start=1):
        game.apply(state, move)
        want = expected.get(i)
        if want is None:
            continue
        if game.digest(state) != want:
            return last_good + 1
        last_good = i
    return last_good + 1


def final(save: Save, to: int | None = None) -> Step:
    """Replay to the end (or move ``to``) and return the last step."""
    step: Step | None = None
    for step in run(save, to):
        pass
    assert step is not None
    return step


def _label(game: Game, move: Any) -> str:
    try:
        return game.label(move) if isinstance(move, dict) else "not an object"
    except Exception:  # a label must never hide the real error
        return ""


def checkpoints_for(game: Game, state_digests: list[str]) -> list[dict[str, Any]]:
    """Checkpoint records every :data:`CHECKPOINT_EVERY` moves from per-move digests."""
    return [
        {"move": i, "digest": d}
        for i, d in enumerate(state_digests, start=1)
        if i % CHECKPOINT_EVERY == 0
    ]
