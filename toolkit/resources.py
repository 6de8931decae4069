"""Find the data folders (``templates/``, ``schemas/``) that ship beside the code.

An installed wheel carries them inside the package as ``toolkit/templates`` and
``toolkit/schemas``; a checkout (or an editable install) keeps them at the top level.
The package copy wins so a wheel never reads a stray checkout; the checkout is the
fallback so live edits show in an editable install.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the folder ``name`` (``"templates"`` or ``"schemas"``)."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"replaykit data folder {name!r} is missing from this installation")
