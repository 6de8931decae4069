"""Find the data folders (``templates/``, ``schemas/``) that ship beside the code, and tell
one build of the toolkit from another by all it is made of.

An installed wheel carries them inside the package as ``toolkit/templates`` and
``toolkit/schemas``; a checkout (or an editable install) keeps them at the top level.
The package copy wins so a wheel never reads a stray checkout; the checkout is the
fallback so live edits show in an editable install.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

_PACKAGE = os.path.dirname(os.path.realpath(__file__))


def data_path(name: str) -> str:
    """The folder ``name`` (``"templates"`` or ``"schemas"``) as a string, found without
    :mod:`pathlib` (reading the schemas for a replay never loads it)."""
    for candidate in (os.path.join(_PACKAGE, name), os.path.join(os.path.dirname(_PACKAGE), name)):
        if os.path.isdir(candidate):
            return candidate
    raise FileNotFoundError(f"replaykit data folder {name!r} is missing from this installation")


def data_dir(name: str) -> Path:
    """Return the folder ``name`` (``"templates"`` or ``"schemas"``)."""
    from pathlib import Path

    return Path(data_path(name))


DATA_FOLDERS = ("templates", "schemas")
"""The data folders, in the order :func:`fingerprint` hashes them after the code."""

LIBRARIES = ("jinja2", "markupsafe", "svgwrite", "jsonschema", "referencing")
"""The installed distributions that do part of the toolkit's work: writing a page's bytes
(templates, escaping, SVG) or refusing a save (its schema). An upgrade of one of them can
change an outcome while no file of the toolkit changes."""


@cache
def library_versions() -> str:
    """The Python (implementation, major and minor version) and each of :data:`LIBRARIES`'
    versions, one a line (``-`` for one that is not installed); read once a process (a Dask
    worker stamps every result with them)."""
    import sys
    from importlib import metadata

    lines = [f"python {sys.implementation.name} {sys.version_info.major}.{sys.version_info.minor}"]
    for name in LIBRARIES:
        try:
            lines.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            lines.append(f"{name} -")
    return "\n".join(lines) + "\n"


GAME_SOURCES: dict[str, tuple[str, ...]] = {
    "pioneers": ("games/pioneers/", "render/pioneers.py"),
    "codex": ("games/codex/", "render/codex.py", "render/codex_words.py"),
    "stationmaster": ("games/stationmaster/",),
}
"""The sources that belong to one game alone (its engine and its renderer), by their paths
inside the package: a page of another game never loads them (a test holds this), so they
are left out of that game's :func:`fingerprint`."""


@cache
def fingerprint(game: str | None = None) -> str:
    """The SHA-256 of the toolkit's version, of the versions of the Python and libraries it
    works with (:func:`library_versions`), and of every source, template, asset and schema
    file (:func:`_files`), each under its path inside its folder: two installations give the
    same fingerprint exactly when they would compute the same things, whether the data
    folders lie inside the package (a wheel) or beside it (a checkout).

    With a known ``game``, the sources of every other game (:data:`GAME_SOURCES`) are left
    out: what one game's page is made of, so that a change to one engine leaves the cached
    pages of the other games standing."""
    import hashlib
    from pathlib import Path

    from toolkit import __version__

    others = tuple(p for g, paths in GAME_SOURCES.items() if g != game for p in paths) \
        if game in GAME_SOURCES else ()
    digest = hashlib.sha256(f"replaykit {__version__}\n{library_versions()}".encode())
    roots = [(_PACKAGE, DATA_FOLDERS), *((str(data_dir(name)), ()) for name in DATA_FOLDERS)]
    for root, skip in roots:  # a wheel's data folders lie in the package: hashed as data folders
        for inside, path in _files(root, skip):
            if root == _PACKAGE and inside.startswith(others):
                continue
            try:
                content = hashlib.sha256(Path(path).read_bytes()).digest()
            except OSError:  # not readable here (another user's file): it shapes nothing this reads
                content = b"unreadable"
            digest.update(f"{inside}\0".encode())
            digest.update(content)
    return digest.hexdigest()


READ_SUFFIXES = (".py", ".html", ".j2", ".css", ".js", ".json")
"""The kinds of file the toolkit reads from its package and data folders (Python, templates,
styles, scripts, schemas): only these count in the fingerprint, so an editor's backup
(``builder.py~``), a merge's leftover (``.orig``) or a hidden file changes nothing."""


def _files(root: str, skip: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every file of a kind the toolkit reads (:data:`READ_SUFFIXES`, not hidden) under ``root``,
    as ``(its "/"-separated path inside root, its path)``, in order, but those of the folders
    ``skip`` at the top, and of hidden and ``__pycache__`` folders.

    A linked folder is walked as the folder it stands for (Python and Jinja read through it,
    and a wheel copies it), once: not a link to a folder walked already, or to one that holds
    ``root`` (a loop)."""
    top = os.path.realpath(root)
    walked: set[str] = set()
    found: list[tuple[list[str], str]] = []
    for folder, folders, names in os.walk(root, followlinks=True):
        real = os.path.realpath(folder)
        parts = [] if folder == root else os.path.relpath(folder, root).split(os.sep)
        if real in walked or (parts and (top + os.sep).startswith(real + os.sep)):
            folders[:] = []
            continue
        walked.add(real)
        folders[:] = [f for f in folders
                      if f != "__pycache__" and not f.startswith(".") and not (not parts and f in skip)]
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith(READ_SUFFIXES) and not name.startswith(".") and os.path.isfile(path):
                found.append(([*parts, name], path))
    return [("/".join(parts), path) for parts, path in sorted(found)]
