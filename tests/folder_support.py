"""What a folder holds, for tests that prove a command left it as it was."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def contents(folder: Path) -> dict[str, Any]:
    """Each entry of ``folder``: its bytes, its link target, a folder's names, or its file type."""
    found: dict[str, Any] = {}
    for path in sorted(folder.iterdir()):
        if path.is_symlink():
            found[path.name] = ("link", os.readlink(path))
        elif path.is_file():
            found[path.name] = path.read_bytes()
        elif path.is_dir():
            found[path.name] = ("folder", sorted(os.listdir(path)))
        else:
            found[path.name] = ("special", os.lstat(path).st_mode)
    return found
