"""Drive a game engine over a save's moves.

:func:`run` yields the position before the first move (step 0) and after every move;
a move the engine refuses stops the replay with a :class:`ReplayError` naming it
(``move 37 of 412 (turn build_road, seat 2): ... [not_connected]``). Checkpoint
digests recorded in the save are compared on the way; the first checkpoint whose
position differs is named the same way, with the span of moves (since the last
matching checkpoint) in which the difference began.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolkit import textsafe
from toolkit.games.base import Event, Game, IllegalMove, Move, UnknownGame, engine_ids, get_game
from toolkit.records import Record
from toolkit.saves import MANIFEST, NOT_A_SAVE, Problem, Save

CHECKPOINT_EVERY = 50
TRAIL_CHARS = 8


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
    expected = recorded.full if recorded else {}
    last_match = 0  # the last checkpoint whose digest matched (0: the start)
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
            message = exc.message
            if recorded and recorded.covers(last_match + 1, index - 1):
                first = locate_divergence(save, game, recorded, last_match + 1, index - 1)
                if first is not None:
                    message += f" (the position already differs from the recorded game after move {first})"
            raise ReplayError(save.path, message, exc.code, index, total, _label(game, move)) from None
        except Exception as exc:  # an engine fault must still end in one line, not a traceback
            raise ReplayError(
                save.path, f"the engine failed on this move: {type(exc).__name__}: {exc}", "engine_error",
                index, total, _label(game, move),
            ) from exc
        want = expected.get(index)
        if want is not None:
            got = game.digest(state)
            if got != want:
                assert recorded is not None
                first = locate_divergence(save, game, recorded, last_match + 1, index)
                if first is not None:
                    raise ReplayError(
                        save.path,
                        f"the position after this move differs from the recorded game "
                        f"(checkpoint at move {index}: recorded {want[:12]}, this engine gives {got[:12]})",
                        "diverged", first, total, _label(game, moves[first - 1]),
                    )
                raise ReplayError(
                    save.path, _divergence_message(index, last_match, str(want), got), "diverged",
                    index, total, _label(game, move),
                )
            last_match = index
        yield Step(index, state, move, events)


def _divergence_message(index: int, last_match: int, want: str, got: str) -> str:
    """Say where a checkpoint mismatch lies: between the last matching checkpoint and this one."""
    since = f"checkpoint at move {last_match}" if last_match else "start of the game"
    span = f"move {index}" if last_match + 1 == index else f"moves {last_match + 1}-{index}"
    return (
        f"the position after this move differs from the save's checkpoint "
        f"(recorded digest {want[:12]}, this engine gives {got[:12]}); "
        f"it still matched at the {since}, so the first differing move is among {span}"
    )


class Recorded:
    """What a save's checkpoints say about the positions it passed through.

    Each checkpoint holds the full digest after its move and, in ``trail``, the first
    :data:`TRAIL_CHARS` hex characters of the digest after every move since the previous
    checkpoint. Full digests are compared while replaying; the trail is read only after a
    mismatch, to name the exact first move whose position differs.
    """

    def __init__(self, save: Save) -> None:
        self.full: dict[int, str] = {}
        self.short: dict[int, str] = {}
        for point in save.checkpoints:
            move, digest, trail = point.get("move"), point.get("digest"), point.get("trail")
            if not isinstance(move, int) or isinstance(move, bool) or not isinstance(digest, str):
                continue
            self.full[move] = digest
            if isinstance(trail, str) and len(trail) % TRAIL_CHARS == 0:
                count = len(trail) // TRAIL_CHARS
                for k in range(count):
                    self.short[move - count + 1 + k] = trail[k * TRAIL_CHARS : (k + 1) * TRAIL_CHARS]

    def covers(self, first: int, last: int) -> bool:
        """Whether the trail has a digest for every move from ``first`` to ``last``."""
        return all(i in self.short for i in range(first, last + 1))


def locate_divergence(save: Save, game: Game, recorded: Recorded, first: int, last: int) -> int | None:
    """The first move in ``first..last`` whose position differs from the recorded trail.

    Replays from the start (engines keep no history), taking digests only inside the
    window. ``None`` when the trail does not reach that far back or nothing differs.
    """
    if first > last:
        return None
    state = start(save, game)
    for i, move in enumerate(save.moves[:last], start=1):
        try:
            game.apply(state, move)
        except Exception:
            return None
        if i < first:
            continue
        want = recorded.short.get(i) or (recorded.full.get(i) or "")[:TRAIL_CHARS]
        if not want:
            return None
        if game.digest(state)[:TRAIL_CHARS] != want:
            return i
    return None


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
        trail = "".join(d[:TRAIL_CHARS] for d in state_digests[previous:i])
        points.append({"move": i, "digest": state_digests[i - 1], "trail": trail})
        previous = i
    return points
