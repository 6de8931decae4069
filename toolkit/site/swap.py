"""Put a whole new site in place of the old one, atomically, and only when it differs.

A build writes every file into a staging sibling of the output (``.NAME.build-*``). A file
identical to the one the current site already has is hard-linked from it instead of
written, so an unchanged page keeps its file (and its modification time). When every file
is unchanged and no file went away, the swap is skipped: nothing is rewritten.

Otherwise the staging folder and the output are exchanged in one step (Linux
``renameat2(RENAME_EXCHANGE)``), so the output path always holds a whole site, the old
one or the new one. Where the system cannot exchange, the old site is renamed aside
(``.NAME.old-*``) and the new one renamed in, and any failure between the two renames puts
the old one back. A build that was killed anyway leaves those folders behind: the next
build, holding the lock on the output's folder, puts a lost site back and removes them. It
removes only folders it can tell are its own: named as it names them (the tag and eight
random characters) and holding the site's marker file, which a build stages first (or
empty, when the build died before that). A folder of someone else's that merely looks
alike is left alone.
"""

from __future__ import annotations

import ctypes
import errno
import glob
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from toolkit.saves import remove_tree

STAGING_TAG = "build"
OLD_TAG = "old"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


@contextmanager
def locked(target: Path) -> Iterator[None]:
    """Lock the output's parent folder for the whole build, so two builds never share staging.

    The lock is an advisory ``flock`` on the folder itself: it leaves no file behind and is
    released by the system when a build dies.
    """
    parent = target.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # no advisory locks on this system: builds must not overlap
        yield
        return
    fd = os.open(parent, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def recover(target: Path, marker: str) -> None:
    """Undo what a killed build left: put a lost site back, remove staging and old folders.

    Call it holding :func:`locked`. When the output path is missing and an old folder holds
    a site (it carries ``marker``), the newest such folder becomes the output again. Only
    folders that are a build's own (see :func:`_left_by_a_build`) are touched.
    """
    parent = target.resolve().parent
    olds = sorted(_left_by_a_build(parent, target.name, OLD_TAG, marker), key=lambda p: p.stat().st_mtime)
    if not target.exists() and not target.is_symlink():
        for old in reversed(olds):
            if (old / marker).is_file():
                os.replace(old, target)
                break
    for leftover in [*olds, *_left_by_a_build(parent, target.name, STAGING_TAG, marker)]:
        if leftover.exists():
            remove_tree(leftover)


def _left_by_a_build(parent: Path, name: str, tag: str, marker: str) -> list[Path]:
    """The folders in ``parent`` that a build made: named ``.NAME.TAG-`` and eight random
    characters, as ``tempfile.mkdtemp`` names them; real folders (not links); holding
    ``marker`` or nothing."""
    pattern = re.compile(rf"\.{re.escape(name)}\.{tag}-[a-z0-9_]{{8}}")
    found = []
    for path in parent.glob(f".{glob.escape(name)}.{tag}-*"):
        if not pattern.fullmatch(path.name) or path.is_symlink() or not path.is_dir():
            continue
        if (path / marker).is_file() or not any(path.iterdir()):
            found.append(path)
    return found


def inside_site(name: Any) -> bool:
    """Whether ``name`` is a relative ``/``-separated path that stays inside the site: no empty,
    ``.`` or ``..`` part, no leading ``/``, no backslash or NUL."""
    if type(name) is not str or not name or "\\" in name or "\0" in name:
        return False
    return all(part not in ("", ".", "..") for part in name.split("/"))


class Stage:
    """A staging folder filled file by file, linking every file the current site already has."""

    def __init__(self, staging: Path, current: Path) -> None:
        self.staging = staging
        self.current = current if current.is_dir() else None
        self.names: set[str] = set()
        self.changed = self.current is None

    def add(self, rel: str, content: bytes) -> None:
        """Stage ``content`` as ``rel`` (a ``/``-separated path inside the site, or ``ValueError``)."""
        if not inside_site(rel):
            raise ValueError(f"{rel!r} is not a path inside the site")
        path = self.staging / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        self.names.add(rel)
        if self.current is not None and _same(self.current / rel, content):
            try:
                os.link(self.current / rel, path)
                return
            except OSError:
                pass
        self.changed = True
        path.write_bytes(content)
        os.chmod(path, 0o644)

    def unchanged(self) -> bool:
        """Whether the current site has exactly the staged files, every one identical."""
        if self.changed or self.current is None:
            return False
        have = {p.relative_to(self.current).as_posix() for p in self.current.rglob("*") if not p.is_dir()}
        return have == self.names


def _same(path: Path, content: bytes) -> bool:
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size != len(content):
            return False
        return path.read_bytes() == content
    except OSError:
        return False


def swap_in(staging: Path, target: Path) -> None:
    """Make the full ``staging`` folder the site at ``target``; ``staging`` then holds the old site."""
    os.chmod(staging, 0o755)
    if not target.exists():
        os.replace(staging, target)
        return
    if _exchange(staging, target):
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.{OLD_TAG}-", dir=staging.parent))
    os.rmdir(old)
    os.replace(target, old)
    try:
        os.replace(staging, target)
    except BaseException:
        os.replace(old, target)
        raise
    remove_tree(old)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step; ``False`` where the system or file system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    renameat2.restype = ctypes.c_int
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV):
        return False
    raise OSError(code, os.strerror(code), str(b))
