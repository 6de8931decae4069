"""Drive a game engine over a save's moves.

:func:`run` yields the position before the first move (step 0) and after every move;
a move the engine refuses stops the replay with a :class:`ReplayError` naming it
(``move 37 of 412 (turn build_road, seat 2): ... [not_connected]``). The digests the save
records (its checkpoints and their trails, see :class:`Recorded`) are compared on the way:
the first move whose position differs is named the same way (or the span of moves the
record skips, in which the difference began).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolkit import textsafe
from toolkit.games.base import Event, Game, IllegalMove, Move, UnknownGame, engine_ids, get_game
from toolkit.recorded import DAMAGED, DIFFERS, Recorded, damaged_message
from toolkit.records import Record
from toolkit.saves import DAMAGED_CHECKPOINT, MANIFEST, NOT_A_SAVE, TRAIL_CHARS, Problem, Save

CHECKPOINT_EVERY = 50


class Step(Record):
    """One position of a replay: ``index`` moves have been applied (0 = the start)."""

    __slots__ = ("index", "state", "move", "events")

    def __init__(
        self, index: int, state: Any, move: Move | None = None, events: list[Event] | None = None
    ) -> None:
        self.index = index
        self.state = state
        self.move = move
        self.events: list[Event] = [] if events is None else events


class ReplayError(Exception):
    """A save that does not replay. ``index`` is the 1-based number of the failing move."""

    def __init__(
        self, file: str, message: str, code: str, index: int | None = None, total: int = 0, label: str = ""
    ) -> None:
        # engine messages quote move fields, which are player text: made safe here, once
        self.file = textsafe.clean(file, None)
        self.message = textsafe.clean(message)
        self.code = textsafe.clean(code, 40)
        self.index = index
        self.total = total
        self.label = textsafe.clean(label, textsafe.EXCERPT_LIMIT)
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
    if save.kind == MANIFEST:
        raise ReplayError(save.path, NOT_A_SAVE, "not_a_save")
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
        from toolkit.validation import game_problem

        said = game_problem(save)  # in validate's words: no game, not a string, or unknown
        if said is not None:
            raise ReplayError(save.path, said.message, said.code) from None
        message = f"unknown game id {save.game!r} (known: {', '.join(engine_ids())})"
        raise ReplayError(save.path, message, "unknown_game") from None
    except (ImportError, AttributeError) as exc:  # the engine package is missing or incomplete
        raise ReplayError(
            save.path, f"the {save.game} engine cannot be loaded: {type(exc).__name__}: {exc}", "no_engine"
        ) from None


def start(save: Save, game: Game | None = None) -> Any:
    game = game or game_for(save)
    try:
        return game.new_game(save.seed, save.config)
    except IllegalMove as exc:
        raise ReplayError(save.path, f"bad config: {exc.message}", exc.code) from None
    except Exception as exc:  # an engine fault must still end in one line, not a traceback
        raise ReplayError(
            save.path, f"the engine cannot start this game: {type(exc).__name__}: {exc}", "engine_error"
        ) from exc


def run(save: Save, to: int | None = None, check_digests: bool = True) -> Iterator[Step]:
    """Yield step 0 and then the position after each move, up to move ``to``.

    The yielded state is the live engine state: copy what you need before advancing.
    """
    game = game_for(save)
    state = start(save, game)
    moves = save.moves
    total = len(moves)
    last = total if to is None else max(0, min(to, total))
    recorded = Recorded(save) if check_digests else None
    wants = recorded.wants if recorded else {}
    last_match = 0  # the last move whose position matched the record (0: the start)
    yield Step(0, state)
    for i in range(last):
        move = moves[i]
        index = i + 1
        if not isinstance(move, dict):
            raise ReplayError(
                save.path, "a move is a JSON object", "bad_move", index, total, _label(game, move)
            )
        if game.is_over(state):
            raise ReplayError(
                save.path, "the game is already over", "game_over", index, total, _label(game, move)
            )
        try:
            events = game.apply(state, move)
        except IllegalMove as exc:
            raise ReplayError(save.path, exc.message, exc.code, index, total, _label(game, move)) from None
        except Exception as exc:  # an engine fault must still end in one line, not a traceback
            raise ReplayError(
                save.path, f"the engine failed on this move: {type(exc).__name__}: {exc}", "engine_error",
                index, total, _label(game, move),
            ) from exc
        if index in wants:
            assert recorded is not None
            got = game.digest(state)
            verdict = recorded.verdict(index, got)
            if verdict == DAMAGED:
                raise ReplayError(save.path, damaged_message(index), DAMAGED_CHECKPOINT,
                                  index, total, _label(game, move))
            if verdict == DIFFERS:
                want = recorded.fullest(index)
                assert want is not None
                raise ReplayError(save.path, differs_message(index, last_match, want.text, got),
                                  "diverged", index, total, _label(game, move))
            last_match = index
        yield Step(index, state, move, events)


def differs_message(index: int, last_match: int, want: str, got: str) -> str:
    """Why a replay stops where the position first differs from the record: after move
    ``index`` when the position before it matched (``last_match`` is ``index - 1``), else
    somewhere after the last position that matched (the record skips the moves between)."""
    said = f"recorded {want[:12]}, this engine gives {got[:12]}"
    if last_match == index - 1:
        start = "; the seed, the players and the rules decide it too" if index == 1 else ""
        return f"the position after this move differs from the recorded game ({said}{start})"
    since = f"after move {last_match}" if last_match else "at the start of the game"
    return (f"the position after this move differs from the recorded game ({said}); the record "
            f"skips the moves since it last matched, {since}, so the first differing move is "
            f"among moves {last_match + 1}-{index}")


def final(save: Save, to: int | None = None) -> Step:
    """Replay to the end (or move ``to``) and return the last step."""
    step: Step | None = None
    for current in run(save, to):
        step = current
    assert step is not None
    return step


def _label(game: Game, move: Any) -> str:
    try:
        return game.label(move) if isinstance(move, dict) else "not an object"
    except Exception:  # a label must never hide the real error
        return ""


def checkpoint(move: int, digests: list[str]) -> dict[str, Any]:
    """The checkpoint after ``move``: the digest after it, whole, and the trail of the short
    digests after each move of ``digests`` (those of the last ``len(digests)`` moves)."""
    return {"move": move, "digest": digests[-1], "trail": "".join(d[:TRAIL_CHARS] for d in digests)}


def checkpoints_for(state_digests: list[str]) -> list[dict[str, Any]]:
    """Checkpoint records from the digest after every move.

    One checkpoint every :data:`CHECKPOINT_EVERY` moves and one after the last move, each
    with the full digest and the trail of short digests since the previous checkpoint.
    """
    points: list[dict[str, Any]] = []
    previous = 0
    total = len(state_digests)
    for i in range(1, total + 1):
        if i % CHECKPOINT_EVERY and i != total:
            continue
        points.append(checkpoint(i, state_digests[previous:i]))
        previous = i
    return points
