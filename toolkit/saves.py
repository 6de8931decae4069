"""Save files: load, recognise, and write them in canonical form.

A save (design §5, ``replaykit/save@1``) is a JSON object whose ``moves`` are the
whole record of a game. Foreign ``stationmaster`` saves are recognised by shape.
Schema validation lives in :mod:`toolkit.validation`; this module only reads and writes.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.games import stationmaster

FORMAT = "replaykit/save@1"
MANIFEST = "manifest"  # the kind (and schema name) of a replays folder's manifest.json
MAX_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True)
class Problem:
    """One error about one file: ``{file, move, pointer, code, message}`` (design §7)."""

    file: str
    message: str
    code: str
    pointer: str = ""
    move: int | None = None

    def line(self) -> str:
        where = [self.file]
        if self.pointer:
            where.append(self.pointer)
        return f"{': '.join(where)}: {self.message} [{self.code}]"

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "move": self.move,
            "pointer": self.pointer,
            "code": self.code,
            "message": self.message,
        }


class SaveError(Exception):
    """A save that cannot be read at all; carries its one :class:`Problem`."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.line())
        self.problem = problem


@dataclass
class Save:
    """A loaded save. ``kind`` is ``"replaykit"``, ``"stationmaster"`` or ``"manifest"``
    (a replays folder's list of published saves, which validate and fmt also read)."""

    path: str
    data: dict[str, Any]
    kind: str = "replaykit"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        if self.kind in ("stationmaster", MANIFEST):
            return self.kind
        return str(self.data.get("game", ""))

    @property
    def seed(self) -> Any:
        return self.data.get("seed")

    @property
    def config(self) -> dict[str, Any]:
        config = self.data.get("config")
        return config if isinstance(config, dict) else {}

    @property
    def moves(self) -> list[Any]:
        key = "history" if self.kind == "stationmaster" else "moves"
        moves = self.data.get(key)
        return moves if isinstance(moves, list) else []

    @property
    def checkpoints(self) -> list[dict[str, Any]]:
        points = self.data.get("checkpoints")
        return [p for p in points if isinstance(p, dict)] if isinstance(points, list) else []

    @property
    def meta(self) -> dict[str, Any]:
        meta = self.data.get("meta")
        return meta if isinstance(meta, dict) else {}


def looks_like_stationmaster(data: dict[str, Any]) -> bool:
    """Station Master saves have ``seed`` and a ``history`` list and no replaykit envelope.

    Recognition is by shape and loose on purpose (see
    :func:`toolkit.games.stationmaster.recognise`): a save with a damaged intent is
    still a Station Master save, so its schema errors point into ``/history``.
    """
    return stationmaster.recognise(data)


def looks_like_manifest(data: dict[str, Any]) -> bool:
    """A replay manifest is ``{"replays": [...]}``: no save envelope, no seed."""
    return isinstance(data.get("replays"), list) and "format" not in data and "seed" not in data


def parse(path: str, text: str | bytes) -> Save:
    """Parse save text; raise :class:`SaveError` for anything that is not a JSON object."""
    try:
        # Saves are UTF-8 (design §5); decode strictly rather than let json sniff UTF-16/32.
        data = json.loads(text.decode("utf-8") if isinstance(text, bytes) else text)
    except UnicodeDecodeError as exc:
        raise SaveError(Problem(path, f"not UTF-8 text ({exc.reason})", "not_utf8")) from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            Problem(path, f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}", "bad_json")
        ) from None
    except RecursionError:
        raise SaveError(Problem(path, "JSON nested too deeply", "bad_json")) from None
    if not isinstance(data, dict):
        raise SaveError(Problem(path, f"a save is a JSON object, not {_json_type(data)}", "not_an_object"))
    if looks_like_manifest(data):
        kind = MANIFEST
    elif looks_like_stationmaster(data):
        kind = "stationmaster"
    else:
        kind = "replaykit"
    return Save(path=path, data=data, kind=kind)


def load(path: str | Path) -> Save:
    """Read and parse one save file."""
    name = str(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            message = f"file is {size} bytes; saves larger than {MAX_BYTES} bytes are refused"
            raise SaveError(Problem(name, message, "too_large"))
        with open(path, "rb") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise SaveError(Problem(name, "no such file", "not_found")) from None
    except IsADirectoryError:
        raise SaveError(Problem(name, "is a directory, not a save file", "not_a_file")) from None
    except OSError as exc:
        raise SaveError(Problem(name, f"cannot read: {exc.strerror}", "unreadable")) from None
    return parse(name, text)


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if value is None:
        return "null"
    return type(value).__name__


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Write to a temporary sibling, then rename into place: a failure leaves the old file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode() if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@contextmanager
def staging_dir(target: str | Path, tag: str) -> Iterator[Path]:
    """A fresh temporary sibling folder of ``target`` (``.NAME.TAG-*``), removed on exit.

    Output folders are produced here first and moved into place only when complete, so a
    failure leaves the previous output as it was.
    """
    target = Path(target)
    parent = target.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.{tag}-", dir=parent))
    try:
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def write_files_into(target: str | Path, files: Iterable[tuple[str, str]], tag: str = "files") -> list[Path]:
    """Write each ``(name, text)`` into folder ``target``; return the paths written.

    Every file is produced in a staging sibling first and moved in only when all of them
    were, so an error while producing them (``files`` may be a generator) leaves ``target``
    untouched. Files already in ``target`` under other names stay.
    """
    target = Path(target)
    with staging_dir(target, tag) as staging:
        names = []
        for name, text in files:
            (staging / name).write_text(text, encoding="utf-8")
            names.append(name)
        target.mkdir(exist_ok=True)
        written = []
        for name in names:
            os.replace(staging / name, target / name)
            written.append(target / name)
        return written


def _umask() -> int:
    """The process umask (read by setting it and putting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
