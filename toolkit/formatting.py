"""``fmt``: put a save file in canonical form, or say whether it is in it.

Canonical form (design §5) is what :func:`toolkit.validation.canonical_text` writes:
UTF-8, keys in schema order, 1-space indent, a trailing newline. A file is rewritten
only through :func:`toolkit.saves.write_atomic`, so a failure leaves it as it was; but a
file with other hard links is rewritten in place (:func:`toolkit.saves.write_in_place`),
so every one of its names reads the new text. A read-only file is left as it is: its
permissions say it is not to be changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from toolkit import validation
from toolkit.saves import Problem, SaveError, parse, read_input, write_atomic, write_in_place


@dataclass(frozen=True)
class Formatted:
    """What ``fmt`` did to one file: ``status`` is canonical, reformatted, differs or failed
    (``problem`` says why for the last two)."""

    path: str
    status: str
    problem: Problem | None = None

    @property
    def words(self) -> str:
        """The text line for this file ('' when there is nothing to say)."""
        if self.status == "reformatted":
            return "reformatted"
        return self.problem.message if self.status == "differs" and self.problem else ""

    def as_json(self) -> dict[str, Any]:
        return {"file": self.path, "status": self.status}


def format_file(path: str, write: bool = True) -> Formatted:
    """Compare ``path`` with its canonical form and, when ``write``, rewrite it in that form."""
    try:
        raw = read_input(path)  # read once: the bytes compared are the bytes parsed
        save = parse(path, raw)
    except SaveError as exc:
        return Formatted(path, "failed", exc.problem)
    missing = validation.game_problem(save)
    if missing is not None:
        return Formatted(path, "failed", missing)
    text = validation.canonical_text(save).encode("utf-8")
    if text == raw:
        return Formatted(path, "canonical")
    if not write:
        return Formatted(path, "differs", Problem(path, "not in canonical form", "not_canonical"))
    try:
        held = os.stat(path)
        if not held.st_mode & 0o222 or not os.access(path, os.W_OK):
            return Formatted(path, "failed", Problem(path, "is read-only; not reformatted", "read_only"))
        if held.st_nlink > 1:
            write_in_place(path, text)
        else:
            write_atomic(path, text)
    except OSError as exc:
        return Formatted(path, "failed", Problem(path, f"cannot write: {exc.strerror}", "unwritable"))
    return Formatted(path, "reformatted")
