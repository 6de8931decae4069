"""``fmt``: put a save file in canonical form, or say whether it is in it.

Canonical form (design §5) is what :func:`toolkit.validation.canonical_text` writes:
UTF-8, keys in schema order, 1-space indent, a trailing newline. A file is rewritten
only through :func:`toolkit.saves.write_atomic`, so a failure leaves it as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolkit import validation
from toolkit.saves import Problem, SaveError, parse, read_input, write_atomic


@dataclass(frozen=True)
class Formatted:
    """What ``fmt`` did to one file: ``status`` is canonical, reformatted, differs or failed."""

    path: str
    status: str
    problem: Problem | None = None

    @property
    def words(self) -> str:
        """The text line for this file ('' when there is nothing to say)."""
        return {"reformatted": "reformatted", "differs": "not in canonical form"}.get(self.status, "")

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
        return Formatted(path, "differs")
    try:
        write_atomic(path, text)
    except OSError as exc:
        return Formatted(path, "failed", Problem(path, f"cannot write: {exc.strerror}", "unwritable"))
    return Formatted(path, "reformatted")
