"""Save files: load, recognise, and write them in canonical form.

A save (design §5, ``replaykit/save@1``) is a JSON object whose ``moves`` are the
whole record of a game. Foreign ``stationmaster`` saves are recognised by shape.
Schema validation lives in :mod:`toolkit.validation`; this module only reads and writes.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from toolkit import signals, textsafe
from toolkit.records import FrozenRecord, Record

if TYPE_CHECKING:
    from pathlib import Path

FORMAT = "replaykit/save@1"
MANIFEST = "manifest"  # the kind (and schema name) of a replays folder's manifest.json
TRAIL_CHARS = 8  # a checkpoint's trail holds this many hex characters of each move's digest
DAMAGED_CHECKPOINT = "damaged_checkpoint"  # the code of a checkpoint that disagrees with its trail
NOT_A_SAVE = "this is a replay manifest (a list of saves), not a save"  # said where a save is wanted
MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 64  # arrays and objects nested deeper than this are refused
MAX_VALUES = 4_000_000  # numbers, strings, arrays and objects in one save (~40 per move)
MAX_INTEGER = 2**63 - 1  # integers outside -MAX_INTEGER..MAX_INTEGER are refused
BOM = "\ufeff"
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# A JSON string; or a quote whose string never closes, with all the text after it (an escape
# takes any character, a newline too). Every quote the scan meets so starts a match, which is
# what keeps the pre-scan linear: see _check_shape.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
# Opening an input never waits (a named pipe with no writer) nor makes a terminal ours.
_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)
_OPEN_NO_WAIT = os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_BRACKET_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


class Problem(FrozenRecord):
    """One error about one file: ``{file, move, pointer, code, message}`` (design §7)."""

    __slots__ = ("file", "message", "code", "pointer", "move")
    file: str
    message: str
    code: str
    pointer: str
    move: int | None

    def __init__(
        self, file: str, message: str, code: str, pointer: str = "", move: int | None = None
    ) -> None:
        # Made safe once, here: every way a problem is shown (a line, JSON) quotes only this.
        self.set_fields(
            file=textsafe.clean(file, None),
            message=textsafe.clean(message, textsafe.MESSAGE_LIMIT),
            code=textsafe.clean(code, 40),
            pointer=textsafe.clean(pointer, textsafe.POINTER_LIMIT),
            move=move,
        )

    def where(self) -> str:
        """``move N: /pointer``: the move (1-based, as every replay error counts it; a
        stationmaster save's *intent*) and the pointer, those known ("" for neither)."""
        where = []
        if self.move is not None:
            where.append(f"{'intent' if self.pointer.startswith('/history/') else 'move'} {self.move}")
        if self.pointer:
            where.append(self.pointer)
        return ": ".join(where)

    def line(self) -> str:
        """``file: move N: /pointer: message [code]`` (see :meth:`where`)."""
        where = self.where()
        return f"{self.file}: {where + ': ' if where else ''}{self.message} [{self.code}]"

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


class Save(Record):
    """A loaded save. ``kind`` is ``"replaykit"``, ``"stationmaster"`` or ``"manifest"``
    (a replays folder's list of published saves, which validate and fmt also read)."""

    __slots__ = ("path", "data", "kind", "extra")

    def __init__(
        self, path: str, data: dict[str, Any], kind: str = "replaykit", extra: dict[str, Any] | None = None
    ) -> None:
        self.path = path
        self.data = data
        self.kind = kind
        self.extra: dict[str, Any] = {} if extra is None else extra

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
    still a Station Master save, so its schema errors point into ``/history``. An object
    with a replaykit envelope key is none, which is known without loading that module.
    """
    if "format" in data or "game" in data:
        return False
    from toolkit.games import stationmaster

    return stationmaster.recognise(data)


def looks_like_manifest(data: dict[str, Any]) -> bool:
    """A replay manifest is ``{"replays": [...]}``: no save envelope, no seed."""
    return isinstance(data.get("replays"), list) and "format" not in data and "seed" not in data


class _Refused(Exception):
    """Raised inside the JSON parser's hooks: the text is JSON we do not accept."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object from its key/value pairs; a key given twice is refused.

    JSON leaves duplicate keys to the reader (some keep the first, most the last), so
    a save with one would mean different games to different tools: it is refused.
    """
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                message = f"the key {textsafe.excerpt(key)} appears twice in one object"
                raise _Refused(message, "duplicate_key")
            seen.add(key)
    return data


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number", "bad_json")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {textsafe.clean(text, 40)} is too large to represent", "bad_number")
    return value


def _integer(text: str) -> int:
    if len(text) > 20:
        raise _Refused(f"an integer of {len(text)} digits is outside the 64-bit range", "bad_number")
    value = int(text)
    if abs(value) > MAX_INTEGER:
        raise _Refused(f"the integer {text} is outside the 64-bit range", "bad_number")
    return value


def _check_shape(text: str) -> None:
    """Refuse JSON ``text`` that nests deeper than :data:`MAX_DEPTH` or holds more than
    :data:`MAX_VALUES` values, found before parsing and without recursion: strings are
    blanked out, the commas counted, and a running sum taken over the brackets (+1 open,
    -1 close). Parsing then never recurses far, and its memory is bounded.

    The scan is one pass, linear in the text. A quote whose string never closes blanks the
    rest of the text as one match: a pattern of closed strings alone would try again from
    every later quote, find no string there either, and take time quadratic in the text.
    Such a text is malformed JSON, refused when parsed, and nothing before that quote goes
    uncounted, so parsing still never nests deeper than the limit."""
    bare = _STRING.sub("", text)
    if bare.count(",") >= MAX_VALUES:
        raise _Refused(f"more than {MAX_VALUES} values; too many for a save", "too_large")
    brackets = bare.encode("utf-8").translate(_BRACKET_STEPS, _NOT_BRACKETS)
    if max(accumulate(array("b", brackets)), default=0) > MAX_DEPTH:
        raise _Refused(f"arrays and objects are nested more than {MAX_DEPTH} deep", "too_deep")


def _check_strings(data: Any) -> None:
    """Refuse a key or string holding a lone surrogate. Iterative: nesting is already bounded.

    Only a save whose text escapes a surrogate comes here."""
    surrogate = textsafe.lone_surrogate()
    stack: list[Any] = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            for key in value:
                if surrogate.search(key):
                    raise _Refused(f"the key {textsafe.excerpt(key)} holds a lone surrogate", "not_text")
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str) and surrogate.search(value):
            raise _Refused(f"the string {textsafe.excerpt(value)} holds a lone surrogate", "not_text")


def read_json(path: str, text: str | bytes) -> Any:
    """The JSON value in ``text``; :class:`SaveError` (naming ``path``) for text we do not accept.

    Accepted: UTF-8 text (a leading byte-order mark is ignored) holding one JSON value.
    Refused, each with one line: bytes that are not UTF-8; text that is not JSON,
    including ``NaN`` and ``Infinity``; a key given twice in one object; a string with
    a lone surrogate escape (``"\\ud800"``: not text, and not writable as UTF-8); an
    integer outside the 64-bit range or a number too large for a float; arrays or
    objects nested more than :data:`MAX_DEPTH` deep; more than :data:`MAX_VALUES` values.
    """
    try:
        # Saves are UTF-8 (design §5); decode strictly rather than let json sniff UTF-16/32.
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if text.startswith(BOM):
            text = text[1:]
        _check_shape(text)
        data = json.loads(
            text, object_pairs_hook=_pairs, parse_constant=_constant, parse_float=_float, parse_int=_integer
        )
        if _SURROGATE_ESCAPE.search(text):
            _check_strings(data)
    except UnicodeDecodeError as exc:
        message = f"not UTF-8 text (byte {exc.start}: {exc.reason})"
        raise SaveError(Problem(path, message, "not_utf8")) from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            Problem(path, f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}", "bad_json")
        ) from None
    except _Refused as exc:
        raise SaveError(Problem(path, exc.message, exc.code)) from None
    except RecursionError:
        message = f"arrays and objects are nested more than {MAX_DEPTH} deep"
        raise SaveError(Problem(path, message, "too_deep")) from None
    return data


def parse(path: str, text: str | bytes) -> Save:
    """Parse save text (see :func:`read_json`); :class:`SaveError` unless it is one JSON object."""
    data = read_json(path, text)
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
    """Read and parse one save file (see :func:`read_input` for which files are read)."""
    return parse(str(path), read_input(path))


def read_whole(path: str | Path) -> bytes | None:
    """A save file's bytes, or ``None`` when :func:`load` would refuse to read it (then ask
    :func:`load` for the reason). Work handed to other processes carries these bytes."""
    try:
        return read_input(path)
    except SaveError:
        return None


def read_input(path: str | Path, what: str = "save") -> bytes:
    """The bytes of the regular file at ``path`` (symlinks followed); else :class:`SaveError`.

    Only a regular file of at most :data:`MAX_BYTES` is read. A folder, named pipe, socket
    or device is refused from its status, before it is opened; the file is then opened
    without waiting and checked again (it may have been swapped in between), so reading
    never blocks on a pipe nobody writes to. ``what`` names the kind of file expected in
    the refusals of a folder and of a file too large (``is a directory, not a save file``).
    """
    name = str(path)
    try:
        info = os.stat(path)
        _check_regular(name, info.st_mode, info.st_size, what)
        fd = os.open(path, _OPEN_NO_WAIT)
        try:
            info = os.fstat(fd)
            _check_regular(name, info.st_mode, info.st_size, what)
            if _NONBLOCK:
                os.set_blocking(fd, True)  # a regular file: reads may wait for the disk again
            with open(fd, "rb", closefd=False) as handle:
                want = info.st_size + 1  # a byte more than its size: a file still growing
                data = handle.read(want)
                if len(data) == want:
                    data += handle.read(MAX_BYTES + 1 - want)
            if len(data) > MAX_BYTES:  # it grew after the check
                _check_regular(name, info.st_mode, max(os.fstat(fd).st_size, len(data)), what)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise SaveError(Problem(name, "no such file", "not_found")) from None
    except OSError as exc:
        raise SaveError(Problem(name, f"cannot read: {exc.strerror or exc}", "unreadable")) from None
    return data


def _check_regular(name: str, mode: int, size: int, what: str) -> None:
    """Refuse (:class:`SaveError`) what is not a regular file, or is one larger than
    :data:`MAX_BYTES`; ``what`` is the kind of file expected (see :func:`read_input`)."""
    if stat.S_ISDIR(mode):
        raise SaveError(Problem(name, f"is a directory, not a {what} file", "not_a_file"))
    if not stat.S_ISREG(mode):
        raise SaveError(Problem(name, f"is {special_kind(mode)}, not a regular file", "not_a_regular_file"))
    if size > MAX_BYTES:
        message = f"file is {size} bytes; {what}s larger than {MAX_BYTES} bytes are refused"
        raise SaveError(Problem(name, message, "too_large"))


def special_kind(mode: int) -> str:
    """What a file that is neither regular nor a folder is, in words (``a named pipe``)."""
    for test, words in (
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ):
        if test(mode):
            return words
    return "a special file"


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


def write_atomic(path: str | Path, text: str | bytes, durable: bool = True) -> None:
    """Write to a temporary sibling, then rename into place: a failure leaves the old file.

    A symlink is written through: the file its chain of links ends at is replaced (the
    sibling is made in that file's folder) and the links stay. Replacing a file keeps its
    permission bits (read, write, execute for owner, group and others); a new file gets
    ``0o666`` less the umask, as a program's new files do. ``durable``: the new text is on
    disk before it takes the old file's name, so a power cut leaves one or the other whole
    (a cache, made again when damaged, may skip that wait).
    """
    import tempfile  # here, not at the top: reading and replaying a save never writes one

    target = _final_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode() if isinstance(text, str) else text
    mode = _mode_for(target)

    tmp = ""
    try:
        with signals.held():  # the temporary file is made and named before a signal can stop us
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_in_place(path: str | Path, data: bytes) -> None:
    """Rewrite the file at ``path`` (through its symlinks) in place: the same file, so its other
    hard links, its owner and its permissions stay. Not atomic: a signal waits until the whole
    text is in (a power cut can still cut it short), so use it only where a new file in its
    place would part it from its other names."""
    with signals.held(), open(_final_target(path), "r+b") as handle:
        handle.write(data)
        handle.truncate()
        handle.flush()
        os.fsync(handle.fileno())


def _final_target(path: str | Path) -> Path:
    """Where writing ``path`` lands: the path itself, or the file its symlinks end at (which
    need not exist yet). A loop of symlinks is an :class:`OSError`, never replaced by a file."""
    from pathlib import Path

    real = Path(os.path.realpath(path))
    if real.is_symlink():  # realpath stops inside a loop and returns a link
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    return real


def _mode_for(target: Path) -> int:
    """The permission bits a file written at ``target`` gets: those of the file it replaces,
    else ``0o666`` less the umask."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode) & 0o777
    except FileNotFoundError:
        return 0o666 & ~_umask()


@contextmanager
def staging_dir(target: str | Path, tag: str, within: bool = False) -> Iterator[Path]:
    """A fresh temporary folder for output bound for ``target``, removed on exit: a sibling of
    ``target`` (``.NAME.TAG-*``), or with ``within`` a hidden folder inside the existing folder
    ``target`` (``.TAG-*``), which is sure to share its file system (a mount point's parent
    does not) and needs no write access to its parent.

    Output is produced here first and moved into place only when complete, so a failure
    leaves the previous output as it was.
    """
    import tempfile
    from pathlib import Path

    target = Path(target)
    if within:
        home, prefix = target, f".{tag}-"
    else:
        home, prefix = target.resolve().parent, f".{target.name}.{tag}-"
        home.mkdir(parents=True, exist_ok=True)
    staging = None
    try:
        with signals.held(), _naming(home):  # made and named before a signal can stop us
            staging = Path(tempfile.mkdtemp(prefix=prefix, dir=home))  # a refusal names home
        yield staging
    finally:
        if staging is not None:
            remove_tree(staging)


def remove_tree(path: Path) -> None:
    """Remove a folder of our own (a staging folder, an old site) and everything in it, also
    where a folder in it was made read-only or unreadable (a site someone ran ``chmod -w``
    or ``chmod 0`` on): such a folder is made accessible to empty it. Only ``path`` and what
    it holds are ever changed: never the folder holding it, nor anything a link in it (or a
    link at ``path`` itself) leads to. Whatever still cannot go is left, silently."""
    import shutil

    top = os.path.abspath(path)
    opened: set[str] = set()

    def accessible(folder: str) -> None:
        mode = os.lstat(folder).st_mode
        if stat.S_ISDIR(mode):  # never through a link
            os.chmod(folder, stat.S_IMODE(mode) | stat.S_IRWXU)

    def writable_then_retry(func: Any, name: str, _exc: Any) -> None:
        name = os.path.abspath(name)
        if func in (os.open, os.scandir):  # a folder of ours it cannot read: open it up, empty it
            if name not in opened:
                opened.add(name)
                with suppress(OSError):
                    accessible(name)
                    remove(name)
            return
        if name == top or func not in (os.unlink, os.rmdir):  # the folder holding ours, or a link
            return
        with suppress(OSError):
            accessible(os.path.dirname(name))
            func(name)

    def remove(folder: str) -> None:
        if sys.version_info >= (3, 12):
            shutil.rmtree(folder, onexc=writable_then_retry)
        else:
            shutil.rmtree(folder, onerror=writable_then_retry)

    remove(top)


def write_files_into(
    target: str | Path,
    files: Iterable[tuple[str, str]],
    tag: str = "files",
    ours: Callable[[Path], bool] | None = None,
) -> list[Path]:
    """Write each ``(name, text)`` into folder ``target``; return the paths written.

    Every file is produced in a staging folder first (inside ``target`` when it is a folder
    already, else beside it: see :func:`staging_dir`); then every destination is checked,
    and the files are moved in only when all of them were produced and no destination is
    refused. So an error while producing them (``files`` may be a generator) or a
    destination that cannot take a file leaves ``target`` as it was, and Ctrl-C or SIGTERM
    during the moves takes effect once every file is in. A destination that
    exists must be a regular file (or a symlink, which is replaced, its target untouched);
    a folder, named pipe, socket or device there is refused, and so is a file that ``ours``
    (when given) does not recognise as one of the kind written (a file of the same name
    put there by someone else). Files already in ``target`` under other names stay.

    Errors are :class:`OSError` whose ``filename`` is the file in ``target`` that could not
    be written (never a staging path), so a caller can name it.
    """
    from pathlib import Path

    target = Path(target)
    with staging_dir(target, tag, within=target.is_dir()) as staging:
        names = []
        for name, text in files:
            with _naming(target / name):
                (staging / name).write_text(text, encoding="utf-8")
            names.append(name)
        target.mkdir(exist_ok=True)
        written = []
        with signals.held():  # a Ctrl-C here waits for the last move: never half the files in
            for name in names:
                _check_destination(target / name, ours)
            for name in names:
                with _naming(target / name):
                    os.replace(staging / name, target / name)
                written.append(target / name)
        return written


def _check_destination(path: Path, ours: Callable[[Path], bool] | None = None) -> None:
    """Refuse (:class:`OSError` naming ``path``) a destination a file may not replace: one that
    exists and is neither a regular file nor a symlink, or a regular file ``ours`` does not
    recognise."""
    with _naming(path):
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    if not stat.S_ISREG(mode) and not stat.S_ISLNK(mode):
        raise OSError(errno.EEXIST, f"is {special_kind(mode)}, not a regular file", str(path))
    if ours is not None and stat.S_ISREG(mode) and not ours(path):
        why = "is a file replaykit did not write; move it away or choose another folder"
        raise OSError(errno.EEXIST, why, str(path))


@contextmanager
def _naming(path: Path) -> Iterator[None]:
    """Re-raise an :class:`OSError` of the block as one naming ``path`` (with its reason)."""
    try:
        yield
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None


def _umask() -> int:
    """The process umask (read by setting it and putting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
