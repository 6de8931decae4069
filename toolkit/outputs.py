"""Where a command may write: the one check every ``-o/--out`` goes through.

An output is written only as a regular file (replaced atomically) or as a folder the
command owns; it is checked before any long work starts, so a bad location fails at
once. The rules:

* ``-`` means stdout, for commands whose output is one file (``record``, ``trim``);
* a device, named pipe or socket is refused, never replaced by a file;
* a symlink is written *through*: the file or folder it points to is what is checked and
  replaced, and the link itself stays;
* a missing parent folder is an error naming it (it is never created);
* the parent must accept new entries: a temporary sibling is created and removed to
  prove it (writes go through such a sibling and a rename).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import click

from toolkit import signals
from toolkit.report import STDOUT_CLOSED, stdout_open
from toolkit.saves import Problem, special_kind, write_atomic

STDOUT = "-"


class OutputRefused(Exception):
    """The output location cannot be written; carries its one :class:`Problem`."""

    def __init__(self, problem: Problem, exit_code: int = 1) -> None:
        super().__init__(problem.line())
        self.problem = problem
        self.exit_code = exit_code


@dataclass(frozen=True)
class Output:
    """A checked output: ``shown`` as the user gave it, ``path`` the place to write (the
    resolved target when a symlink is on the way, else ``shown``), or None for stdout."""

    shown: str
    path: Path | None

    @property
    def to_stdout(self) -> bool:
        return self.path is None


def _own_stream(path: Path) -> str:
    """``standard output`` or ``standard error`` when ``path`` is the file this process writes
    them to ('' when it is neither)."""
    try:
        found = os.stat(path)
    except OSError:
        return ""
    for fd, name in ((1, "standard output"), (2, "standard error")):
        try:
            held = os.fstat(fd)
        except OSError:
            continue
        if (held.st_dev, held.st_ino) == (found.st_dev, found.st_ino):
            return name
    return ""


def check_output(
    given: str | Path,
    folder: bool = False,
    stdout_ok: bool = False,
    inputs: Sequence[str | Path] = (),
    option: str = "-o",
    fills: bool = False,
) -> Output:
    """Check that ``given`` can take this command's output; raise :class:`OutputRefused` if not.

    ``folder``: the output is a folder the command fills or replaces (else one file).
    ``fills``: the command writes its files into the folder when it exists (staged inside it,
    see :func:`~toolkit.saves.write_files_into`), so that folder must take new entries, and
    its parent need not (``-o .`` where the folder above is read-only).
    ``stdout_ok``: ``-`` means stdout (single-file outputs only).
    ``inputs``: files the command reads, which it must never overwrite (a usage error).
    ``option``: the option naming the output, as the refusal of an input names it.
    """
    shown = str(given)
    if shown == STDOUT and stdout_ok and not folder:
        if not stdout_open():
            raise OutputRefused(Problem(shown, STDOUT_CLOSED, "no_stdout"))
        return Output(shown, None)
    if shown == "":
        raise OutputRefused(Problem(shown, "an empty output path", "bad_output"))
    real = Path(os.path.realpath(shown))
    want = "a folder" if folder else "a regular file"
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputRefused(Problem(shown, f"cannot use as output: {exc.strerror}", "bad_output")) from None
    if mode is not None:
        if stat.S_ISDIR(mode) and not folder:
            raise OutputRefused(Problem(shown, "is a folder; the output is a file", "not_a_file"))
        if not stat.S_ISDIR(mode) and folder:
            raise OutputRefused(Problem(shown, "exists and is not a folder", "not_a_folder"))
        if not stat.S_ISDIR(mode) and not stat.S_ISREG(mode):
            message = f"is {special_kind(mode)}; refusing to write there (use {want})"
            raise OutputRefused(Problem(shown, message, "not_a_regular_file"))
        stream = _own_stream(real)
        if stream:
            # replaced, the file would lose what the command prints to it (/dev/stdout > file)
            other = "name another file, or -o -" if stdout_ok else "name another file"
            message = f"is this command's own {stream}; {other}"
            raise OutputRefused(Problem(shown, message, "output_is_stream"), 2)
    if _input_test(inputs)(real):
        raise _output_is_input(shown, option)
    parent = real.parent
    if not parent.is_dir():
        missing = parent if not parent.exists() else None
        reason = f"the folder {missing} does not exist" if missing else f"{parent} is not a folder"
        raise OutputRefused(Problem(shown, f"{reason}; create it first", "no_parent"))
    if fills and mode is not None and stat.S_ISDIR(mode):
        _probe(shown, real, prefix=".")  # written inside: its parent need not take anything
    else:
        _probe(shown, parent)
    return Output(shown, real if real != Path(os.path.abspath(shown)) else Path(shown))


def check_files_into(
    out: Output, names: Iterable[str], inputs: Sequence[str | Path], option: str = "-o"
) -> None:
    """Refuse (:class:`OutputRefused`, exit 2) when a file the command would write into the
    checked output folder ``out``, ``OUT/NAME`` for a NAME of ``names``, is one of ``inputs``.

    The rule and the refusal are :func:`check_output`'s for a single output file: the same
    file under another path (a symlink or a hard link) counts, and the line names the file
    in ``OUT``. Call it before any work, with every name the command could write.
    """
    if out.path is None or not inputs:
        return
    is_input = _input_test(inputs)
    wanted = set(names)
    try:
        with os.scandir(out.path) as listing:
            found = [entry.name for entry in listing if entry.name in wanted]
    except FileNotFoundError:
        return  # a folder not made yet holds no input
    except OSError:  # a folder that cannot be listed: ask for each name instead
        found = sorted(wanted)
    for name in sorted(found):
        if is_input(out.path / name):
            raise _output_is_input(str(Path(out.shown) / name), option)


def _output_is_input(shown: str, option: str) -> OutputRefused:
    message = f"refusing to overwrite the input file; choose another {option}"
    return OutputRefused(Problem(shown, message, "output_is_input"), 2)


def _input_test(inputs: Sequence[str | Path]) -> Callable[[Path], bool]:
    """A test of whether a path is one of ``inputs``: the same file (so a symlink or a hard
    link to one counts), or, for an input that cannot be examined, the same resolved path."""
    files: set[tuple[int, int]] = set()
    paths: set[Path] = set()
    for source in inputs:
        try:
            info = os.stat(source)
        except (OSError, ValueError):
            paths.add(Path(os.path.realpath(source)))
        else:
            files.add((info.st_dev, info.st_ino))

    def is_input(path: Path) -> bool:
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            pass
        else:
            if (info.st_dev, info.st_ino) in files:
                return True
        return bool(paths) and Path(os.path.realpath(path)) in paths

    return is_input


def write_text(out: Output, text: str) -> None:
    """Write ``text`` to a checked output: stdout (as UTF-8 bytes, whatever the terminal's
    encoding, as a file would hold it), or the file replaced atomically."""
    if out.path is None:
        sys.stdout.flush()  # what was printed before goes first
        stream = getattr(sys.stdout, "buffer", None)
        if stream is None:  # a text-only stream stands in for stdout
            click.echo(text, nl=False)
            return
        stream.write(text.encode("utf-8"))
        stream.flush()
        return
    try:
        write_atomic(out.path, text.encode("utf-8"))
    except OSError as exc:
        message = f"cannot write: {exc.strerror or exc}"
        raise OutputRefused(Problem(out.shown, message, "unwritable")) from None


def _probe(shown: str, parent: Path, prefix: str | None = None) -> None:
    """Create and remove a temporary entry in ``parent`` named as the write's own will be
    (``.NAME.`` and random characters, see :func:`~toolkit.saves.write_atomic`): the
    rename-into-place route works, and a name too long for that entry fails now, before the
    work rather than after it. ``prefix`` names the entry otherwise (a folder's own staging)."""
    name = ""
    try:
        with signals.held():  # made and named before a signal can stop us
            start = f".{Path(shown).name}." if prefix is None else prefix
            handle, name = tempfile.mkstemp(prefix=start, suffix=".tmp", dir=parent)
        os.close(handle)
    except OSError as exc:
        raise OutputRefused(
            Problem(shown, f"cannot write in {parent}: {exc.strerror or exc}", "unwritable")
        ) from None
    finally:
        if name:
            with contextlib.suppress(OSError):
                os.unlink(name)
