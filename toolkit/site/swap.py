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

What sits at the top of a site that no build wrote (a ``CNAME``, a ``.git`` folder to publish
from, put there by hand) is not the build's to remove: the marker file lists the top-level
names a build wrote, and the next build carries every other entry into the new site as it
is (files hard-linked, so nothing is copied or rewritten). A build that would write one of
those names itself stops instead (:class:`NotOurs`).
"""

from __future__ import annotations

import ctypes
import errno
import glob
import os
import re
import shutil
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


class NotOurs(Exception):
    """A build would write a name that sits in the site but that no build wrote (``name``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class Stage:
    """A staging folder filled file by file, linking every file the current site already has,
    with a ``marker`` file saying the folder is a site's and which top-level names it wrote."""

    def __init__(self, staging: Path, current: Path, marker: str, stamp: str) -> None:
        self.staging = staging
        self.current = current if current.is_dir() else None
        self.marker, self.stamp = marker, stamp
        self.names: set[str] = set()
        self.others: list[str] = []  # the current site's entries that no build wrote
        self.changed = self.current is None
        # the folder is ours from the start (see :func:`recover`); the names come last
        (staging / marker).write_text(stamp + "\n", encoding="utf-8")

    def add(self, rel: str, content: bytes) -> None:
        """Stage ``content`` as ``rel`` (a ``/``-separated path inside the site, or ``ValueError``)."""
        if not inside_site(rel):
            raise ValueError(f"{rel!r} is not a path inside the site")
        path = self.staging / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        # staged again (the marker is, when sealed): the last content stands, made beside the
        # first and renamed over it, so a build killed meanwhile leaves the folder still marked
        again = path.exists()
        made = path.with_name(f"{path.name}.again~") if again else path
        self.names.add(rel)
        if self.current is not None and _same(self.current / rel, content):
            try:
                os.link(self.current / rel, made)
            except OSError:
                pass
            else:
                if again:
                    os.replace(made, path)
                return
        self.changed = True
        made.write_bytes(content)
        os.chmod(made, 0o644)
        if again:
            os.replace(made, path)

    def seal(self) -> None:
        """Stage the marker with the top-level names staged, and find the current site's
        entries that no build wrote (:attr:`others`, to carry over: see :meth:`carry`). Raises
        :class:`NotOurs` for such an entry whose name this build writes itself."""
        top = sorted({rel.split("/", 1)[0] for rel in self.names} - {self.marker})
        self.add(self.marker, "".join(f"{line}\n" for line in [self.stamp, *top]).encode())
        if self.current is None:
            return
        wrote = _names_written(self.current / self.marker)
        entries = {entry.name for entry in self.current.iterdir()} - {self.marker}
        if wrote is not None:
            clash = sorted((entries - wrote) & set(top))
            if clash:
                raise NotOurs(clash[0])
        # a site whose marker names nothing (an older build's) keeps whatever this build does not write
        self.others = sorted(entries - set(top) - (wrote or set()))

    def carry(self) -> None:
        """Put the current site's entries that no build wrote into the staged site, as they are."""
        if self.current is not None:
            for name in self.others:
                _replicate(self.current / name, self.staging / name)

    def unchanged(self) -> bool:
        """Whether the current site has exactly the staged files, every one identical (the
        entries no build wrote aside)."""
        if self.changed or self.current is None:
            return False
        others = set(self.others)
        have = {p.relative_to(self.current).as_posix() for p in self.current.rglob("*") if not p.is_dir()}
        return {rel for rel in have if rel.split("/", 1)[0] not in others} == self.names


def _names_written(marker: Path) -> set[str] | None:
    """The top-level names a site's marker says its build wrote (None: it names none)."""
    try:
        lines = marker.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    return set(lines[1:]) if len(lines) > 1 else None


def _replicate(source: Path, target: Path) -> None:
    """``source`` again at ``target``: a link as a link, a folder with its contents, a file
    hard-linked (copied where it cannot be)."""
    if source.is_symlink():
        os.symlink(os.readlink(source), target)
    elif source.is_dir():
        shutil.copytree(source, target, symlinks=True, copy_function=_link_or_copy)
    else:
        _link_or_copy(source, target)


def _link_or_copy(source: str | Path, target: str | Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


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
