"""Find the data folders (``templates/``, ``schemas/``) that ship beside the code.

An installed wheel carries them inside the package as ``toolkit/templates`` and
``toolkit/schemas``; a checkout (or an editable install) keeps them at the top level.
The package copy wins so a wheel never reads a stray checkout; the checkout is the
fallback so live edits show in an editable install.
"""

from __future__ import annotations

import os
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
