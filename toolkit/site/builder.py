"""Build the static replay site: an index of every replay and one self-contained page each.

Inputs are a folder of saves and its optional ``manifest.json``
(``{"replays": [{"file", "title", "note"}]}``); saves the manifest does not list are added
after the listed ones, titled from their own ``meta``. Every page is built into a temporary
sibling folder which then replaces the output folder, so a failed build leaves the old site.
The same inputs always give byte-identical files.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from toolkit import __version__
from toolkit.render.charts import Tracker, page_charts
from toolkit.render.frames import SPECTATOR, RenderError
from toolkit.render.geometry import num
from toolkit.render.palette import frame_css
from toolkit.render.scene import css_token
from toolkit.replay import ReplayError
from toolkit.resources import data_dir
from toolkit.saves import Problem, SaveError, load, staging_dir
from toolkit.site.index import Record, index_files, record_for
from toolkit.site.limits import check_page_size
from toolkit.site.page import OMNISCIENT, build_page_data, pack

MARKER = ".replaykit-site"
MANIFEST = "manifest.json"
PAGES = "replays"


@dataclass(frozen=True)
class Refusal:
    """Why one input was refused: the one-line message and its error record."""

    line: str
    problem: Problem

    @staticmethod
    def of(problem: Problem) -> Refusal:
        return Refusal(problem.line(), problem)


class SiteError(Exception):
    """The site cannot be built: one :class:`Refusal` per reason."""

    def __init__(self, refusals: Sequence[Refusal | Problem]) -> None:
        self.refusals = [r if isinstance(r, Refusal) else Refusal.of(r) for r in refusals]
        super().__init__("\n".join(self.lines))

    @property
    def lines(self) -> list[str]:
        return [r.line for r in self.refusals]

    @property
    def problems(self) -> list[Problem]:
        return [r.problem for r in self.refusals]


@dataclass(frozen=True)
class Entry:
    """One replay to publish: its save file, and the manifest's title and note if any."""

    path: Path
    title: str | None = None
    note: str | None = None


@dataclass
class Link:
    """An extra link (e.g. a game's card or rules page), its ``href`` relative to the site root.

    The index shows every link; a replay page shows those whose ``game`` is its own game or
    ``None``.
    """

    href: str
    label: str
    game: str | None = None

    @staticmethod
    def of(link: Link | Mapping[str, str]) -> Link:
        if isinstance(link, Link):
            return link
        return Link(link["href"], link["label"], link.get("game"))


@dataclass
class Built:
    """What a build produced: the replays indexed and the problems it skipped."""

    replays: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[Refusal] = field(default_factory=list)


def environment() -> jinja2.Environment:
    """The Jinja2 environment for site pages: autoescaping, strict about undefined names."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    env.filters["css"] = css_token
    # tojson stays HTML-safe (it escapes <, >, & and '); compact separators keep pages small.
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "separators": (",", ":")}
    return env


def csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def content_policy(styles: Sequence[str], scripts: Sequence[str]) -> str:
    """A policy allowing nothing but the page's own inline style and script, by hash."""
    style_src = " ".join(csp_hash(s) for s in styles) or "'none'"
    script_src = " ".join(csp_hash(s) for s in scripts) or "'none'"
    return (
        f"default-src 'none'; script-src {script_src}; style-src {style_src}; "
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )


def _asset(name: str) -> str:
    return (data_dir("templates") / "site" / name).read_text(encoding="utf-8")


def read_manifest(folder: Path) -> list[Entry]:
    """The replays of ``folder``: manifest entries first, then unlisted saves by file name."""
    entries: list[Entry] = []
    listed: set[str] = set()
    manifest = folder / MANIFEST
    if manifest.exists():
        name = str(manifest)
        try:
            data = load(manifest).data
        except SaveError as exc:
            raise SiteError([exc.problem]) from None
        items = data.get("replays") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise SiteError([Problem(name, 'a manifest is {"replays": [...]}', "bad_manifest", "/replays")])
        for i, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("file"), str):
                problem = Problem(name, 'an entry needs a "file" string', "bad_manifest", f"/replays/{i}")
                raise SiteError([problem])
            title, note = item.get("title"), item.get("note")
            entries.append(
                Entry(
                    folder / item["file"],
                    title if isinstance(title, str) else None,
                    note if isinstance(note, str) else None,
                )
            )
            listed.add(os.path.normpath(item["file"]))
    for path in sorted(folder.glob("*.json")):
        if path.name != MANIFEST and os.path.normpath(path.name) not in listed:
            entries.append(Entry(path))
    return entries


def _slug(path: Path, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()).strip("-") or "replay"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def render_replay(
    env: jinja2.Environment,
    entry: Entry,
    links: Sequence[Link] = (),
    reveal: str = "end",
) -> tuple[str, Record]:
    """The HTML page for one replay and its index record; ``links`` are the site's extra links.

    ``reveal`` is the publisher's choice of what a finished game shows (``end``, ``never``,
    ``always``; see :func:`toolkit.site.page.reveal_frame`). The charts are gathered in the
    same replay; any element in them with ``data-move=N`` jumps to move N when clicked.
    Raises :class:`SaveError`, :class:`ReplayError` or :class:`RenderError` for a save that
    cannot be published.
    """
    save = load(entry.path)
    check_page_size(save)
    macros = env.get_template("site/_parts.html").module
    tracker = Tracker(save.game)
    page = build_page_data(save, macros, tracker.observe, reveal=reveal)
    meta = save.meta
    title = (
        entry.title or (meta.get("title") if isinstance(meta.get("title"), str) else None) or entry.path.stem
    )
    note = (
        entry.note
        if entry.note is not None
        else (meta.get("note") if isinstance(meta.get("note"), str) else "")
    )
    css = frame_css() + "\n" + _asset("site.css")
    js = _asset("player.js")
    names = dict(page.players)
    labels = {SPECTATOR: "spectator", OMNISCIENT: "every hand open"}
    seat_options = [
        (key, labels.get(key) or f"{names.get(int(key), 'seat ' + key)} (seat {key})") for key in page.views
    ]
    terrains = sorted({tile.terrain for tile in page.board.tiles})
    html = env.get_template("site/replay.html").render(
        csp=content_policy([css], [js]),
        css=Markup(css),
        js=Markup(js),
        title=title,
        note=note,
        game=save.game,
        index_href="../index.html",
        links=[
            Link(f"../{link.href}", link.label, link.game) for link in links if link.game in (None, save.game)
        ],
        players=page.players,
        winner=page.winner,
        first=page.first,
        first_rows=page.first_rows,
        moves=list(zip(page.actions, page.details, strict=True)),
        story=page.story,
        terrains=terrains,
        charts=page_charts(tracker, page.views),
        board_svg=page.board_svg,
        first_pieces=page.first_pieces,
        board_width=num(page.board.width),
        board_height=num(page.board.height),
        last=len(page.actions) - 1,
        seat_options=seat_options,
        packed=pack(page.data),
    )
    return html, record_for(save, tracker, title, note or "")


def build(
    replays: str | Path,
    out: str | Path,
    skip_broken: bool = False,
    links: Sequence[Link | Mapping[str, str]] = (),
    extra_files: Mapping[str, str | bytes] | None = None,
    reveal: str = "end",
) -> Built:
    """Build the site for the saves in ``replays`` into ``out``.

    A save that does not replay fails the build with its one-line error, unless
    ``skip_broken``, in which case it is left out and listed in :attr:`Built.skipped`.
    ``links`` adds links to the index (e.g. per-game Cards and Rules pages) and
    ``extra_files`` (relative path -> content) adds the pages they point to.
    """
    folder = Path(replays)
    target = Path(out)
    if not folder.is_dir():
        raise SiteError([Problem(str(folder), "no such folder of replays", "not_found")])
    _check_target(target)
    entries = read_manifest(folder)
    extra_links = [Link.of(link) for link in links]
    env = environment()
    built = Built()
    pages: dict[str, str | bytes] = {}
    records: list[Record] = []
    problems: list[Refusal] = []
    taken: set[str] = set()
    for entry in entries:
        try:
            html, record = render_replay(env, entry, extra_links, reveal)
        except SaveError as exc:
            problems.append(Refusal.of(exc.problem))
            continue
        except (ReplayError, RenderError) as exc:
            problems.append(Refusal(exc.line(), exc.problem()))
            continue
        record.slug = _slug(entry.path, taken)
        pages[record.href] = html
        pages[f"{PAGES}/{record.slug}.json"] = entry.path.read_bytes()  # the save, for download
        records.append(record)
        built.replays.append(record.legacy())
    if problems and not skip_broken:
        raise SiteError(problems)
    built.skipped = problems
    files: dict[str, str | bytes] = {MARKER: f"replaykit site {__version__}\n"}
    files.update(index_files(env, records, extra_links, __version__))
    files.update(pages)
    files.update(extra_files or {})
    _write_swap(target, files)
    return built


def _check_target(target: Path) -> None:
    """Refuse to replace anything but an empty folder or a site this builder wrote."""
    if not target.exists():
        return
    if not target.is_dir():
        raise SiteError([Problem(str(target), "exists and is not a folder", "not_a_folder")])
    if any(target.iterdir()) and not (target / MARKER).exists():
        raise SiteError(
            [Problem(str(target), "refusing to replace a folder that is not a replaykit site", "not_a_site")]
        )


def _write_swap(target: Path, files: Mapping[str, str | bytes]) -> None:
    """Write the whole site into a staging sibling, then swap it in for ``target``."""
    old: Path | None = None
    with staging_dir(target, "build") as staging:
        for rel, content in sorted(files.items()):
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
            os.chmod(path, 0o644)
        os.chmod(staging, 0o755)
        try:
            if target.exists():
                old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=staging.parent))
                os.rmdir(old)
                os.replace(target, old)
            os.replace(staging, target)
        except BaseException:
            if old is not None and old.exists() and not target.exists():
                os.replace(old, target)
            raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
