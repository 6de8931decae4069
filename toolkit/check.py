"""Check a corpus of saves: each one validated, replayed and compared with its checkpoints.

Every save gets one :class:`Verdict`: ``ok``, ``diverged at move N`` (the position after
move N differs from what the save records), ``illegal at move N (...)`` (the engine refuses
a move) or ``invalid (...)`` (the file cannot be read, breaks its schema, or has no engine
to replay it). A stationmaster save, which no engine replays, is ok when it validates.
:func:`check_save` is the per-save work; it runs inline, in worker processes or on Dask
workers (see :mod:`toolkit.parallel`) with the same verdicts.
"""

from __future__ import annotations

import contextlib
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit import validation
from toolkit.parallel import run_each
from toolkit.progress import Progress
from toolkit.replay import ReplayError, game_for, run
from toolkit.saves import DAMAGED_CHECKPOINT, Problem, SaveError, load, parse, read_whole

OK, DIVERGED, ILLEGAL, INVALID = "ok", "diverged", "illegal", "invalid"
NOT_REPLAYED = "valid; no engine replays stationmaster saves"  # why an ok save was not replayed
MANIFEST_NAME = "manifest.json"


@dataclass(frozen=True)
class CheckTask:
    """One save to check: its name and bytes (``None``: unreadable; the check says why)."""

    path: str
    data: bytes | None


@dataclass(frozen=True)
class Verdict:
    """The result of checking one save: ``cause``, the first error that made it not ok, gives
    the 1-based move it concerns and its code; ``reason`` says it in words."""

    file: str
    status: str
    moves: int | None = None
    reason: str = ""
    cause: Problem | None = None
    label: str = ""  # the move it concerns, in the engine's words (``turn play_dev, seat 0``)

    @property
    def ok(self) -> bool:
        return self.status == OK

    @property
    def move(self) -> int | None:
        return None if self.cause is None else self.cause.move

    @property
    def code(self) -> str:
        return "" if self.cause is None else self.cause.code

    def summary(self) -> str:
        """The verdict in words: ``ok``, ``diverged at move N``, ``illegal at move N (...)`` or
        ``invalid (...)``."""
        if self.status == OK:
            return f"{OK} ({self.reason})" if self.reason else OK
        if self.status == DIVERGED:
            return f"diverged at move {self.move}" + (f" ({self.label})" if self.label else "")
        if self.status == ILLEGAL:
            return f"illegal at move {self.move} ({self.reason})"
        return f"invalid ({self.reason})"

    def line(self) -> str:
        return f"{self.file}: {self.summary()}"

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "status": self.status,
            "summary": self.summary(),
            "moves": self.moves,
            "move": self.move,
            "reason": self.reason,
            "code": self.code,
        }


def _invalid(problem: Problem, more: int = 0) -> Verdict:
    where = f"{problem.where()}: " if problem.where() else ""
    extra = f"; {more} more error{'s' if more > 1 else ''}" if more else ""
    reason = f"{where}{problem.message} [{problem.code}]{extra}"
    return Verdict(problem.file, INVALID, None, reason, problem)


def check_save(task: CheckTask) -> Verdict:
    """Validate, replay and compare checkpoints for one save; never raises for bad input."""
    try:
        save = load(task.path) if task.data is None else parse(task.path, task.data)
    except SaveError as exc:
        return _invalid(exc.problem)
    if save.kind == "stationmaster":  # no engine: what can be checked is its schema
        report = validation.check(save)
        if not report.ok:
            return _invalid(report.errors[0], len(report.errors) - 1)
        return Verdict(task.path, OK, len(save.moves), NOT_REPLAYED)
    try:
        game_for(save)
    except ReplayError as exc:
        return _invalid(exc.problem())
    report = validation.check(save)
    if not report.ok:
        return _invalid(report.errors[0], len(report.errors) - 1)
    total = len(save.moves)
    try:
        for _step in run(save):
            pass
    except ReplayError as exc:
        if exc.index is None:
            return _invalid(exc.problem())
        if exc.code == DAMAGED_CHECKPOINT:  # the record is bad, not a move: as validate says
            return _invalid(exc.problem())
        status = DIVERGED if exc.code == "diverged" else ILLEGAL
        label = f"{exc.label}: " if exc.label and status == ILLEGAL else ""
        reason = f"{label}{exc.message} [{exc.code}]"
        return Verdict(task.path, status, total, reason, exc.problem(), exc.label)
    return Verdict(task.path, OK, total)


def collect(paths: Iterable[str | Path]) -> list[str]:
    """The saves to check: each file given, and every ``*.json`` under each folder given.

    Folders are searched recursively, in name order, leaving out hidden entries and replay
    manifests (``manifest.json``).
    """
    return [path for path, manifest in _found(paths) if not manifest]


def read_alongside(paths: Iterable[str | Path]) -> list[str]:
    """The replay manifests in the folders given (searched as :func:`collect` searches them):
    not checked, but the archive's own files, which no report of the check may replace."""
    return [path for path, manifest in _found(paths) if manifest]


def _found(paths: Iterable[str | Path]) -> Iterator[tuple[str, bool]]:
    """Each file given, and every ``*.json`` under each folder given (not hidden), with whether
    it is a replay manifest."""
    for given in paths:
        path = Path(given)
        if not path.is_dir():
            yield str(given), False
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(".json") and not name.startswith("."):
                    yield os.path.join(root, name), name == MANIFEST_NAME


def check_all(
    files: Sequence[str],
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    on_verdict: Callable[[Verdict], None] | None = None,
) -> list[Verdict]:
    """One verdict per file, in the order given, however the work was spread.

    ``on_verdict`` hears each verdict in that same order as soon as it and every one before it
    are known, so a long run can be reported as it goes.
    """
    shown = progress or Progress()
    verdicts: list[Verdict | None] = [None] * len(files)
    told = 0  # the verdicts handed to on_verdict
    shown.start(len(files))
    try:
        tasks = (CheckTask(path, read_whole(path)) for path in files)
        work = run_each(check_save, tasks, len(files), jobs=jobs, scheduler=scheduler)
        with contextlib.closing(work) as done:
            for i, verdict in done:
                verdicts[i] = verdict
                while told < len(verdicts) and (known := verdicts[told]) is not None:
                    if on_verdict is not None:
                        on_verdict(known)
                    told += 1
                shown.advance()
    finally:
        shown.finish()
    return [v for v in verdicts if v is not None]


_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    """``text`` with every character XML 1.0 cannot carry written as ``\\uXXXX``."""
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def junit_xml(verdicts: Sequence[Verdict], name: str = "replaykit check") -> str:
    """A JUnit XML report: one test case per save, a failure for every save that is not ok."""
    failures = sum(1 for v in verdicts if not v.ok)
    counts = {"tests": str(len(verdicts)), "failures": str(failures), "errors": "0", "skipped": "0"}
    suites = ET.Element("testsuites", {"name": name, **counts})
    suite = ET.SubElement(suites, "testsuite", {"name": name, **counts})
    for verdict in verdicts:
        case = ET.SubElement(
            suite, "testcase", {"classname": "replaykit.check", "name": _xml_text(verdict.file)}
        )
        if not verdict.ok:
            failure = ET.SubElement(
                case, "failure", {"type": verdict.status, "message": _xml_text(verdict.summary())}
            )
            failure.text = _xml_text(verdict.line())
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
