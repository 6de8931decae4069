"""Render the reference docs from each engine's ``catalog`` through Jinja2 templates.

The generated files are checked in under ``docs/``; :func:`check` compares them with what
the engines say now, so the documentation cannot drift from the code.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2

from toolkit import rng
from toolkit.games.base import get_game
from toolkit.resources import data_dir
from toolkit.saves import write_atomic

#: (output path under docs/, template under templates/docs/, game id or None)
PAGES: tuple[tuple[str, str, str | None], ...] = (
    ("cards/pioneers.md", "cards-pioneers.md.j2", "pioneers"),
    ("rules/pioneers.md", "rules-pioneers.md.j2", "pioneers"),
    ("cards/codex.md", "cards-codex.md.j2", "codex"),
    ("rules/codex.md", "rules-codex.md.j2", "codex"),
    ("rules/randomness.md", "randomness.md.j2", None),
)


def cell(value: Any) -> str:
    """Text safe inside a Markdown table cell."""
    text = "" if value is None else str(value)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def amounts(costs: Mapping[str, int] | None) -> str:
    """``{"brick": 1, "lumber": 1}`` as ``1 brick, 1 lumber``."""
    if not costs:
        return "free"
    return ", ".join(f"{n} {name}" for name, n in costs.items() if n)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates") / "docs")),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["cell"] = cell
    env.filters["amounts"] = amounts
    return env


def rng_facts() -> dict[str, Any]:
    """What the randomness page states about :mod:`toolkit.rng`, with worked examples."""
    stream = rng.Stream("example", "dice")
    first = [stream.die() for _ in range(5)]
    return {
        "module_doc": rng.__doc__ or "",
        "example_word": rng.word("example", "dice", 0),
        "example_dice": first,
        "example_shuffle": rng.shuffled("example", "deck/dev", list(range(10))),
    }


def render_all(catalogs: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, str]:
    """Every generated page as ``{relative path: text}``.

    ``catalogs`` overrides the engines' own (tests use it); by default each registered
    game's ``GAME.catalog`` is read.
    """
    overrides = dict(catalogs or {})

    def loader(game_id: str) -> Mapping[str, Any]:
        return overrides.get(game_id) or get_game(game_id).catalog

    env = environment()
    pages: dict[str, str] = {}
    for out, template, game_id in PAGES:
        context: dict[str, Any] = {"rng": rng_facts()}
        if game_id is None:
            context["games"] = {gid: loader(gid) for gid in ("pioneers", "codex")}
        else:
            context["catalog"] = loader(game_id)
            context["game_id"] = game_id
        pages[out] = env.get_template(template).render(**context)
    return pages


def write(out_dir: str | Path, pages: Mapping[str, str] | None = None) -> list[str]:
    """Write every page under ``out_dir``; returns the paths written."""
    pages = pages if pages is not None else render_all()
    written = []
    for rel, text in sorted(pages.items()):
        target = Path(out_dir) / rel
        write_atomic(target, text)
        written.append(str(target))
    return written


def check(out_dir: str | Path, pages: Mapping[str, str] | None = None) -> list[str]:
    """Unified diffs of every page whose checked-in text differs (empty when in sync)."""
    pages = pages if pages is not None else render_all()
    diffs = []
    for rel, text in sorted(pages.items()):
        target = Path(out_dir) / rel
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            diffs.append(
                "".join(
                    difflib.unified_diff(
                        current.splitlines(keepends=True),
                        text.splitlines(keepends=True),
                        fromfile=f"{target} (checked in)",
                        tofile=f"{target} (generated)",
                    )
                )
            )
    return diffs
