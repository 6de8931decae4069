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


def library_versions() -> str:
    """The Python (implementation, major and minor version) and each of :data:`LIBRARIES`'
    versions, one a line (``-`` for one that is not installed)."""
    import sys
    from importlib import metadata

    lines = [f"python {sys.implementation.name} {sys.version_info.major}.{sys.version_info.minor}"]
    for name in LIBRARIES:
        try:
            lines.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            lines.append(f"{name} -")
    return "\n".join(lines) + "\n"


@cache
def fingerprint() -> str:
    """The SHA-256 of the toolkit's version, of the versions of the Python and libraries it
    works with (:func:`library_versions`), and of every source, template, asset and schema
    file, each under its path inside its folder: two installations give the same fingerprint
    exactly when they would compute the same things, whether the data folders lie inside the
    package (a wheel) or beside it (a checkout)."""
    import hashlib
    from pathlib import Path

    from toolkit import __version__

    digest = hashlib.sha256(f"replaykit {__version__}\n{library_versions()}".encode())
    package = Path(_PACKAGE)
    inside = {package / name for name in DATA_FOLDERS}
    for root in [package, *map(data_dir, DATA_FOLDERS)]:
        for path in sorted(root.rglob("*")):
            if root == package and inside.intersection(path.parents):
                continue  # a wheel's data folder: hashed as a data folder below
            try:
                if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
                    continue
                content = hashlib.sha256(path.read_bytes()).digest()
            except OSError:  # not readable here (another user's file): it shapes nothing this reads
                content = b"unreadable"
            digest.update(f"{path.relative_to(root)}\0".encode())
            digest.update(content)
    return digest.hexdigest()
