"""Find the move where a save goes wrong.

* :func:`until` — the first move after which a condition (:mod:`toolkit.debug.expr`)
  holds. By default a binary search over prefixes, which assumes the condition stays
  true once it becomes true (``vp(2) >= 10``, ``illegal``); ``scan=True`` tests every
  position in order instead and finds the first one for any condition. The binary
  search replays the save once, keeping snapshots (see :mod:`toolkit.debug.prefixes`),
  and then evaluates the condition at about log2(n) positions.
* :func:`diverges` — with checkpoints in the save, the first move whose position under
  the current engine differs from the recorded digest (bounded by the checkpoints
  around it); without checkpoints, the first move that no longer replays.
* :func:`check_exit_code` — the verdict for ``git bisect run``: 0 the save replays and
  the condition never holds, 1 it does not replay or the condition holds, 125 the save
  cannot be tested at this revision, 2 the condition is malformed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit import textsafe
from toolkit.debug.context import PositionScope, ViewFailed
from toolkit.debug.expr import ExprError, ExprEvalError, ExprSyntaxError, Node, holds, parse
from toolkit.debug.prefixes import (
    Failure,
    NoEngine,
    Position,
    Prefixes,
    compact,
    describe,
    engine_for,
    label_of,
)
from toolkit.games.base import Game
from toolkit.recorded import DAMAGED, SAME, Recorded, damaged_message
from toolkit.replay import ReplayError
from toolkit.report import BISECT_STOP
from toolkit.saves import Problem, Save, SaveError, load, write_files_into

FRAMES_AROUND = 3


class DebugError(Exception):
    """A problem that stops a debug command: its error record and the line shown for it.

    ``usage`` marks exit code 2 (a malformed condition or option), else 1.
    """

    def __init__(self, problem: Problem, usage: bool = False, line: str | None = None) -> None:
        self.problem = problem
        self.line = textsafe.line(line) if line is not None else problem.line()
        self.usage = usage
        self.exit_code = 2 if usage else 1
        super().__init__(self.line)

    @staticmethod
    def of(error: ReplayError | NoEngine) -> DebugError:
        """The debug error for a save that does not replay or has no engine here."""
        return DebugError(error.problem(), line=error.line())


@dataclass
class Stats:
    """How much work a search took."""

    positions: int = 0  # positions at which the condition was evaluated
    replays: int = 0  # replays started (from the start or from a snapshot)
    applies: int = 0  # moves applied in all
    snapshots: int = 0  # states deep-copied

    def absorb(self, pref: Prefixes) -> None:
        self.replays = pref.replays
        self.applies = pref.applies
        self.snapshots = pref.copies

    def as_json(self) -> dict[str, int]:
        return {
            "positions": self.positions,
            "replays": self.replays,
            "applies": self.applies,
            "snapshots": self.snapshots,
        }


@dataclass
class Answer:
    """What a search found. ``move`` is the number of moves applied when it holds (0: the start)."""

    file: str
    mode: str  # "until" | "diverges"
    found: bool
    total: int
    headline: str
    move: int | None = None
    label: str = ""
    words: str = ""
    summary: dict[str, Any] | None = None
    failure: Failure | None = None
    span: tuple[int, int] | None = None  # divergence known only within these moves
    expr: str = ""
    search: str = ""
    stats: Stats = field(default_factory=Stats)
    frames: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "mode": self.mode,
            "expr": self.expr or None,
            "found": self.found,
            "move": self.move,
            "total": self.total,
            "label": self.label or None,
            "description": self.words or None,
            "summary": self.summary,
            "illegal": self.failure.as_json() if self.failure else None,
            "span": list(self.span) if self.span else None,
            "message": self.headline,
            "search": self.search,
            "stats": self.stats.as_json(),
            "frames": self.frames,
        }

    def lines(self) -> list[str]:
        out = [f"{self.file}: {self.headline}"]
        if self.move is not None and self.move > 0:
            label = f" ({self.label})" if self.label else ""
            out.append(f"  move {self.move} of {self.total}{label}: {self.words}")
        if self.summary is not None:
            out.append(f"  position: {format_summary(self.summary)}")
        if self.search:
            s = self.stats
            tested = f"condition tested at {s.positions} positions, " if self.mode == "until" else ""
            replays = "1 replay" if s.replays == 1 else f"{s.replays} replays"
            out.append(f"  search: {self.search}; {tested}{s.applies} moves applied in {replays}")
        if self.frames:
            out.append(f"  frames: {len(self.frames)} written ({self.frames[0]} .. {self.frames[-1]})")
        return out


def format_summary(summary: dict[str, Any]) -> str:
    parts = []
    for key, value in summary.items():
        text = value if isinstance(value, str) else compact(value)
        parts.append(f"{key} {text}")
    return ", ".join(parts)


def open_save(path: str, option: str = "") -> tuple[Save, Game]:
    """Load a save and its engine, or raise :class:`DebugError` with one line: a save is
    replayed only when it matches its schema, as ``replay`` has it (the first error named).
    ``option``: the option that needs the replay, of a command that takes saves no engine
    replays (``trim --minimize``): for such a save it is a usage error."""
    from toolkit.replayable import first_line, schema_errors

    try:
        save = load(path)
    except SaveError as exc:
        raise DebugError(exc.problem) from None
    if option and save.kind == "stationmaster":
        message = f"{option} replays the save, and no engine replays stationmaster saves"
        raise DebugError(Problem(path, message, "no_engine"), usage=True)
    try:
        game = engine_for(save)
    except NoEngine as exc:
        raise DebugError.of(exc) from None
    errors = schema_errors(save)
    if errors:
        raise DebugError(errors[0], line=first_line(errors))
    return save, game


def parse_condition(text: str) -> Node:
    try:
        return parse(text)
    except ExprSyntaxError as exc:
        message = f"{exc} in {text!r}"
        raise DebugError(Problem("", message, "bad_condition"), usage=True, line=message) from None


def _view_failed(path: str, move: int, exc: ViewFailed) -> Problem:
    """The engine's view failing at the position after ``move`` (0: the start): an engine bug,
    on the move it concerns (records count moves from 1; the start is none)."""
    where = "after this move" if move else "at the start"
    return Problem(path, f"{where}: {exc}", "engine_error", move=move or None)


def _summary(game: Game, state: Any) -> dict[str, Any] | None:
    try:
        return dict(game.summary(state))
    except Exception:  # a summary is best effort; the move index is the answer
        return None


class Condition:
    """A parsed condition, evaluated at positions of one save."""

    def __init__(self, save: Save, game: Game, node: Node, text: str) -> None:
        self.save = save
        self.game = game
        self.node = node
        self.text = text
        self.evaluations = 0

    def at(self, state: Any, move: int, illegal: bool) -> bool:
        self.evaluations += 1
        scope = PositionScope(self.game, state, move, illegal)
        try:
            return holds(self.node, scope)
        except ExprEvalError as exc:
            message = f"cannot evaluate {self.text!r} after move {move}: {exc}"
            problem = Problem(self.save.path, message, "cannot_evaluate", move=move or None)
            raise DebugError(problem, usage=True, line=f"{self.save.path}: {message}") from None
        except ViewFailed as exc:
            raise DebugError(_view_failed(self.save.path, move, exc)) from None

    def position(self, pos: Position) -> bool:
        return self.at(pos.state, pos.k, pos.illegal)


def _start(pref: Prefixes) -> None:
    """Fail early, as one line, when the engine refuses the save's config."""
    try:
        pref.fresh()
    except ReplayError as exc:
        raise DebugError.of(exc) from None


def until(
    save: Save, game: Game, text: str, scan: bool = False, node: Node | None = None
) -> tuple[Answer, Prefixes]:
    """The first move after which the condition ``text`` holds."""
    node = node if node is not None else parse_condition(text)
    cond = Condition(save, game, node, text)
    pref = Prefixes(save, game)
    _start(pref)
    total = pref.total
    found: int | None = None
    summary: dict[str, Any] | None = None
    if scan:
        found = first_holding(pref, cond)
        if found is not None:
            summary = _summary(game, pref.position(found).state)
        if found is None and pref.failure is not None:
            # positions past the failing move: the position before it, with `illegal` true
            pos = pref.position(total)
            for k in range(pref.failure.index, total + 1):
                if cond.at(pos.state, k, True):
                    found = k
                    summary = _summary(game, pos.state)
                    break
        search = "linear scan"
    else:
        pref.run_through()
        found = _binary(pref, cond, total)
        if found is not None:
            summary = _summary(game, pref.position(found).state)
        search = "binary search (assumes the condition stays true once true)"
    stats = Stats(positions=cond.evaluations)
    stats.absorb(pref)
    failure = pref.failure
    if found is None:
        reach = pref.limit(total)
        if not scan:  # only the start and the end were asked: it may hold for a while between
            said = (f"condition {text!r} holds neither at the start nor at the end (the binary search "
                    "finds where it comes to hold for good; --scan tries every move)")
        elif reach == total:
            said = f"condition {text!r} never holds at any position"
        else:
            said = f"condition {text!r} never holds at the start or after any of moves 1..{reach}"
        if failure is not None:
            said += f"; the replay stops at move {failure.index}: {failure.message} [{failure.code}]"
        answer = Answer(save.path, "until", False, total, said,
                        failure=failure, expr=text, search=search, stats=stats)
        return answer, pref
    if found == 0:
        headline = f"condition {text!r} already holds at the start, before any move"
    elif scan:
        headline = f"condition {text!r} first holds after move {found} of {total}"
    else:  # only the positions the search tried are known: it may have held earlier too
        headline = (f"condition {text!r} holds after move {found} of {total} and not after move "
                    f"{found - 1} (a binary search; --scan finds the first move it holds)")
    move = save.moves[found - 1] if found > 0 else None
    answer = Answer(
        save.path, "until", True, total, headline, move=found,
        label=label_of(game, move) if move is not None else "",
        words=describe(game, move) if move is not None else "",
        summary=summary, failure=failure if failure and found >= failure.index else None,
        expr=text, search=search, stats=stats,
    )
    if answer.failure is not None:
        stop = answer.failure
        answer.headline = (
            f"condition {text!r} first holds at move {found} of {total}, past the end of what replays: "
            f"move {stop.index} does not replay ({stop.message} [{stop.code}]); "
            f"the position shown is the one after move {stop.index - 1}"
        )
    return answer, pref


def first_holding(pref: Prefixes, cond: Condition) -> int | None:
    """Smallest k whose position (replayed legally) satisfies the condition: one linear pass."""
    for pos in pref.walk(every=pref.total + 1):  # one pass, no snapshots needed
        if cond.position(pos):
            pref.keep(pos.k, pos.state)
            return pos.k
    return None


def _binary(pref: Prefixes, cond: Condition, total: int) -> int | None:
    """Smallest k in 0..total where the condition holds, assuming it stays true once true."""
    if cond.position(pref.position(0)):
        return 0
    if not cond.position(pref.position(total)):
        return None
    lo, hi = 0, total  # invariant: false at lo, true at hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        pos = pref.position(mid)
        if cond.position(pos):
            hi = mid
        else:
            lo = mid
        if not pos.illegal:
            pref.keep(mid, pos.state, owned=True)
    return hi


def diverges(save: Save, game: Game) -> tuple[Answer, Prefixes]:
    """The first move whose position differs from what the save records (its checkpoints and
    their trails, compared after every move they cover, as a replay does), or the first move
    that no longer replays."""
    pref = Prefixes(save, game)
    _start(pref)
    total = pref.total
    recorded = Recorded(save)
    wants = recorded.wants
    checkpoints = recorded.checkpoints
    last_good = 0  # the last move whose position matched the record
    first_bad: int | None = None
    damaged = False
    bad_digest = ""
    summary: dict[str, Any] | None = None
    compared = 0  # checkpoints the replay reached and compared
    for pos in pref.walk():
        if pos.k not in wants:
            continue
        try:
            got = game.digest(pos.state)
        except Exception as exc:  # an engine bug: report it on the move it concerns
            message = f"digest after move {pos.k} failed: {exc}"
            problem = Problem(save.path, message, "engine_error", move=pos.k)
            raise DebugError(problem) from None
        verdict = recorded.verdict(pos.k, got)
        compared += pos.k in checkpoints
        if verdict == SAME:
            last_good = pos.k
            continue
        first_bad, bad_digest, damaged = pos.k, got, verdict == DAMAGED
        summary = _summary(game, pos.state)
        break
    stats = Stats()
    stats.absorb(pref)
    failure = pref.failure
    search = f"one replay against {len(checkpoints)} checkpoints" if checkpoints else \
        "one replay (no checkpoints)"
    if first_bad is None and failure is None:
        if checkpoints and compared == len(checkpoints):
            headline = f"no divergence: all {total} moves replay and all {len(checkpoints)} checkpoints match"
        elif checkpoints:  # a checkpoint past the last move is never reached: it cannot be said to match
            past = len(checkpoints) - compared
            reached = "the 1 checkpoint they reach matches" if compared == 1 else \
                f"the {compared} checkpoints they reach match"
            lie = "lies" if past == 1 else "lie"
            headline = (f"no divergence: all {total} moves replay and {reached}; {past} of the save's "
                        f"{len(checkpoints)} checkpoints {lie} past its last move, never compared")
        else:
            headline = f"no divergence: all {total} moves replay (the save has no checkpoints to compare)"
        return Answer(save.path, "diverges", False, total, headline, search=search, stats=stats), pref
    if first_bad is None:
        assert failure is not None
        before = pref.position(failure.index - 1)
        move = save.moves[failure.index - 1]
        headline = f"move {failure.index} no longer replays: {failure.message} [{failure.code}]"
        answer = Answer(save.path, "diverges", True, total, headline, move=failure.index,
                        label=failure.label, words=describe(game, move),
                        summary=_summary(game, before.state), failure=failure, search=search, stats=stats)
        stats.absorb(pref)
        return answer, pref
    lo = last_good + 1
    if damaged:
        headline = damaged_message(first_bad)
        span = (first_bad, first_bad)
    elif lo == first_bad:
        headline = f"the position first differs after move {first_bad} of {total}"
        span = (first_bad, first_bad)
    else:
        matches = f"the position after move {last_good} matches" if last_good else "nothing earlier recorded"
        headline = (
            f"the position first differs within moves {lo}..{first_bad} of {total} "
            f"(move {first_bad} differs: {bad_digest[:12]}; {matches}; the record skips the moves between)"
        )
        span = (lo, first_bad)
    move_rec = save.moves[span[0] - 1]
    answer = Answer(save.path, "diverges", True, total, headline, move=span[0],
                    label=label_of(game, move_rec), words=describe(game, move_rec),
                    summary=summary,
                    span=span, search=search, stats=stats)
    stats.absorb(pref)
    return answer, pref


# ---------------------------------------------------------------- frames


def frame_names(save: Save) -> list[str]:
    """The name of every frame ``--frames`` could write for ``save``: frame 0 to its last move.

    Which of them are written depends on the move found, so a check that none is an input
    (:func:`toolkit.outputs.check_files_into`) asks about all of them, before the search.
    Raises :class:`DebugError` when the renderer is not available.
    """
    try:
        from toolkit.render.frames import frame_names as names_of
    except ImportError as exc:
        raise _no_renderer(save.path, exc) from None
    return names_of(save)


def _no_renderer(where: str, exc: ImportError) -> DebugError:
    message = f"--frames needs the renderer, which is not available: {exc}"
    return DebugError(Problem(where, message, "no_renderer"))


def write_frames_around(
    save: Save, game: Game, pref: Prefixes, move: int, out_dir: str, around: int = FRAMES_AROUND
) -> list[str]:
    """Write spectator SVG frames ``move-around .. move+around`` into ``out_dir``.

    Uses the renderer's public :func:`toolkit.render.render_frames` (frame N is the
    position after move N), stopping before a move that does not replay and ignoring
    checkpoints, so frames around a divergence can still be drawn. Frames go to a
    temporary sibling folder first; ``out_dir`` changes only when every frame rendered and
    every file they replace is a regular file (:func:`~toolkit.saves.write_files_into`).
    """
    try:
        from toolkit.render.frames import RenderError, frame_name, frame_width, is_frame, render_frames
    except ImportError as exc:
        raise _no_renderer(out_dir, exc) from None
    target = Path(out_dir)
    if target.exists() and not target.is_dir():
        raise DebugError(Problem(out_dir, "output exists and is not a folder", "not_a_folder"))
    first = max(0, move - around)
    last = pref.limit(min(pref.total, move + around))
    first = min(first, last)
    unchecked = Save(save.path, {**save.data, "checkpoints": []}, save.kind)
    width = frame_width(pref.total)
    drawn = (
        (frame_name(index, width), svg)
        for index, svg in render_frames(unchecked, None, 1, last)
        if index >= first
    )
    try:
        return [str(path) for path in write_files_into(target, drawn, tag="frames", ours=is_frame)]
    except (RenderError, ReplayError) as exc:
        raise DebugError(exc.problem(), line=exc.line()) from None
    except OSError as exc:  # it names the file that could not be written, when it knows it
        message = f"cannot write frames: {exc.strerror or exc}"
        raise DebugError(Problem(str(exc.filename or out_dir), message, "write_failed")) from None
    except Exception as exc:  # rendering must not end in a traceback
        message = f"cannot render frames: {type(exc).__name__}: {exc}"
        raise DebugError(Problem(save.path, message, "render_failed")) from None


# ---------------------------------------------------------------- git bisect run


@dataclass(frozen=True)
class Verdict:
    """The answer ``replay --check`` gives: the exit code, the line to print, its error records."""

    code: int
    line: str
    problem: Problem | None = None


def check_exit_code(path: str, until: str | None = None) -> tuple[int, str]:
    """The ``replay --check [--until EXPR]`` exit code and line (see :func:`check_verdict`)."""
    verdict = check_verdict(path, until)
    return verdict.code, verdict.line


def check_verdict(path: str, until: str | None = None) -> Verdict:
    """The ``replay --check [--until EXPR]`` verdict for ``git bisect run``.

    * 0 — the save matches its schema, replays to the end, every checkpoint matches, and
      the condition (if given) holds at no position;
    * 1 — the save fails its schema, a move is illegal, the position diverges from a
      checkpoint, the engine crashes, or the condition holds after some move ("bad" for
      git bisect); the same saves ``replay`` refuses, in the same order of checks;
    * 125 — the save cannot be tested at this revision: unreadable, unknown format or
      game, no engine, or the condition names something this revision's view lacks;
    * 128 (:data:`~toolkit.report.BISECT_STOP`) — the condition is malformed: ``git bisect
      run`` stops, as for a mistyped option.
    """
    from toolkit.replay import run
    from toolkit.replayable import first_line, schema_errors

    node: Node | None = None
    if until is not None:
        try:
            node = parse(until)
        except ExprSyntaxError as exc:
            said = f"{exc} in {until!r}"
            return Verdict(BISECT_STOP, said, Problem("", said, "bad_condition"))
    try:
        save = load(path)
    except SaveError as exc:
        return Verdict(125, f"{exc.problem.line()} (cannot test)", exc.problem)
    try:
        game = engine_for(save)
    except NoEngine as exc:
        return Verdict(125, f"{exc.line()} (cannot test)", exc.problem())
    errors = schema_errors(save)
    if errors:
        return Verdict(1, first_line(errors), errors[0])
    last = 0
    total = len(save.moves)
    try:
        for step in run(save):
            last = step.index
            if node is not None and holds(node, PositionScope(game, step.state, step.index)):
                where = "at the start" if step.index == 0 else f"after move {step.index} of {total}"
                message = f"condition {until!r} holds {where}"
                problem = Problem(path, message, "condition_holds", move=step.index or None)
                return Verdict(1, f"{path}: {message}", problem)
    except ReplayError as exc:
        return Verdict(1, exc.line(), exc.problem())
    except (ExprError, ViewFailed) as exc:
        if isinstance(exc, ViewFailed):
            problem = _view_failed(path, last, exc)
            return Verdict(1, problem.line(), problem)
        message = f"cannot evaluate {until!r} after move {last}: {exc}"
        problem = Problem(path, message, "cannot_evaluate", move=last or None)
        return Verdict(125, f"{path}: {message} (cannot test)", problem)
    except Exception as exc:  # an engine crash is a failure of this revision
        crash = f"the engine crashed: {type(exc).__name__}: {exc}"
        problem = Problem(path, crash, "engine_error", move=last + 1)
        return Verdict(1, f"{path}: move {last + 1} of {total}: {crash} [engine_error]", problem)
    cond = f"; condition {until!r} never holds" if until is not None else ""
    return Verdict(0, f"{path}: replays all {total} moves{cond}")
