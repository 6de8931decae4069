"""Render the card reference and as-built rules from each engine's ``catalog``.

One Jinja2 template per page (``templates/docs/*.j2``) holds the structure and our prose;
it imports a format module, ``_md.j2`` or ``_html.j2``, for headings, paragraphs and
tables, so the Markdown checked into ``docs/`` and the site's HTML pages come from the
same template and the same data. :func:`check` compares the checked-in Markdown with
what the engines say now, so the documentation cannot drift from the code.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from toolkit.docs import catalogs as catalog_mod
from toolkit.docs import randomness, tables
from toolkit.outputs import check_output
from toolkit.resources import data_dir
from toolkit.saves import SaveError, read_input, write_atomic

RANDOMNESS = "rules/randomness"


@dataclass(frozen=True)
class Page:
    """One generated page: its path without extension (``cards/pioneers``) and its template."""

    key: str
    template: str
    game_id: str | None

    def path(self, ext: str) -> str:
        return f"{self.key}.{ext}"


def pages_for(found: Mapping[str, catalog_mod.Doc]) -> list[Page]:
    """The pages to generate for the games whose catalogs were found."""
    pages: list[Page] = []
    for game_id in catalog_mod.GAMES:
        if game_id in found:
            pages.append(Page(f"cards/{game_id}", "cards.j2", game_id))
            pages.append(Page(f"rules/{game_id}", f"rules-{game_id}.j2", game_id))
    pages.append(Page(RANDOMNESS, "randomness.j2", None))
    return pages


def environment(fmt: str) -> jinja2.Environment:
    """The docs environment for ``fmt`` ``"md"`` (no escaping) or ``"html"`` (autoescaped)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates") / "docs")),
        autoescape=(fmt == "html"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(
        inline=tables.html_inline if fmt == "html" else tables.md_inline,
        prose=tables.html_prose if fmt == "html" else tables.md_prose,
        code=tables.md_code,
        amounts=tables.amounts,
        text=tables.text,
        payload=tables.payload,
        humanize=tables.humanize,
        title=tables.title,
        md_table=tables.md_table,
        bullet_items=tables.bullet_items,
    )
    env.globals.update(
        fmt=f"_{fmt}.j2",
        ext=fmt,
        records=tables.records,
        tabulate=tables.tabulate,
        facts=tables.facts,
        group=tables.group,
        is_scalar=tables.is_scalar,
        numbered=tables.numbered,
        distinct=tables.distinct,
        deck_summary=tables.deck_summary,
        amounts_of=tables.amounts,
        payload_text=tables.payload,
    )
    return env


_BLANKS = re.compile(r"\n{3,}")


def tidy(text: str) -> str:
    """Trailing spaces off every line, at most one blank line in a row, one final newline."""
    lines = [line.rstrip() for line in text.splitlines()]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip("\n") + "\n"


def _context(
    page: Page, found: Mapping[str, catalog_mod.Doc], rng_facts: Mapping[str, Any]
) -> dict[str, Any]:
    context: dict[str, Any] = {
        "games": {gid: doc.title for gid, doc in found.items()},
        "catalogs": {gid: doc.data for gid, doc in found.items()},
        "MISSING": catalog_mod.MISSING,
    }
    if page.game_id is None:
        context["rng"] = rng_facts
    else:
        doc = found[page.game_id]
        context.update(
            game_id=page.game_id, catalog=doc.data, extras=doc.extras, title=doc.title, gaps=doc.gaps
        )
    return context


def render(fmt: str, found: Mapping[str, catalog_mod.Doc]) -> dict[str, str]:
    """Every page in ``fmt`` as ``{key: body text}`` (page keys like ``cards/pioneers``)."""
    env = environment(fmt)
    rng_facts = randomness.facts({gid: doc.data for gid, doc in found.items()})
    out: dict[str, str] = {}
    for page in pages_for(found):
        text = env.get_template(page.template).render(**_context(page, found, rng_facts))
        out[page.key] = tidy(text)
    return out


def render_markdown(
    overrides: Mapping[str, Mapping[str, Any] | None] | None = None,
) -> tuple[dict[str, str], catalog_mod.Catalogs]:
    """The Markdown pages as ``{relative path: text}``, and the catalogs they came from
    (with the games skipped and each catalog's gaps)."""
    loaded = catalog_mod.load(overrides)
    pages = {f"{key}.md": text for key, text in render("md", loaded.found).items()}
    return pages, loaded


def check_targets(out_dir: str | Path, pages: Mapping[str, str]) -> None:
    """Refuse (:class:`~toolkit.outputs.OutputRefused`, one line naming the page) a page
    path that cannot take a page, by the rules of every output (:func:`check_output`): a
    named pipe, socket, device or folder there is refused, never replaced; a symlink is
    followed and the file it ends at is what is checked. A page whose folder under
    ``out_dir`` does not exist yet is not checked: :func:`write` makes that folder."""
    for rel in sorted(pages):
        target = Path(out_dir) / rel
        if os.path.lexists(target.parent):
            check_output(target)


def write(out_dir: str | Path, pages: Mapping[str, str]) -> list[Path]:
    """Write every page under ``out_dir``; returns the paths written.

    Every page path is checked first (:func:`check_targets`), so when one is refused
    nothing is written. Then each page is written atomically (:func:`write_atomic`): a
    symlink is written through, a replaced file keeps its permission bits, and a new
    page gets ``0o666`` less the umask.
    """
    check_targets(out_dir, pages)
    written = []
    for rel, text in sorted(pages.items()):
        target = Path(out_dir) / rel
        write_atomic(target, text)
        written.append(target)
    return written


def read_page(target: Path) -> str | None:
    """The checked-in text of the page at ``target``, or ``None`` when there is none.

    Read as every input is read (:func:`read_input`): only a regular file of bounded size,
    symlinks followed, never waiting on a pipe; a named pipe, socket, device, folder or
    oversized file raises :class:`SaveError` naming ``target``. Bytes that are not UTF-8
    read as the replacement character (such a page differs from any generated one).
    """
    try:
        raw = read_input(target, what="page")
    except SaveError as exc:
        if exc.problem.code == "not_found":
            return None
        raise
    return raw.decode("utf-8", "replace")


def check(out_dir: str | Path, pages: Mapping[str, str]) -> list[tuple[str, str]]:
    """``(relative path, unified diff)`` for every page whose checked-in text differs
    (empty when in sync). Reads only; writes nothing. A missing page differs from its whole
    text; a page that cannot be read (see :func:`read_page`) raises :class:`SaveError`."""
    diffs = []
    for rel, text in sorted(pages.items()):
        target = Path(out_dir) / rel
        found = read_page(target)
        current = "" if found is None else found
        if current != text:
            diff = "".join(
                difflib.unified_diff(
                    current.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    fromfile=f"{target} (missing)" if found is None else f"{target} (checked in)",
                    tofile=f"{target} (generated)",
                )
            )
            diffs.append((rel, diff if diff.endswith("\n") else diff + "\n"))
    return diffs
