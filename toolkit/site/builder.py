"""Build the static replay site: an index of every replay and one self-contained page each.

Inputs are a folder of saves and its optional ``manifest.json``
(``{"replays": [{"file", "title", "note"}]}``); saves the manifest does not list are added
after the listed ones, titled from their own ``meta``. Every page is built into a temporary
sibling folder which then replaces the output folder, so a failed build leaves the old site
(see :mod:`toolkit.site.swap`); pages come from the build cache when nothing that shapes them
changed (see :mod:`toolkit.site.cache`). The same inputs always give byte-identical files.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from toolkit import __version__, validation
from toolkit.parallel import run_each
from toolkit.progress import Progress
from toolkit.render.charts import Tracker, page_charts
from toolkit.render.frames import SPECTATOR, RenderError
from toolkit.render.geometry import num
from toolkit.render.palette import frame_css
from toolkit.render.scene import css_token
from toolkit.replay import ReplayError, game_for
from toolkit.replayable import schema_errors
from toolkit.report import Error
from toolkit.resources import data_dir
from toolkit.saves import Problem, Save, SaveError, load, parse, read_whole, staging_dir
from toolkit.site import fragments
from toolkit.site.cache import Outcome, PageCache, page_key
from toolkit.site.index import Record, Seat, index_files, plain_title, record_for
from toolkit.site.limits import check_listed_file, check_listed_text, check_page_size
from toolkit.site.page import OMNISCIENT, build_page_data, gc_paused, pack
from toolkit.site.swap import STAGING_TAG, NotOurs, Stage, locked, recover, swap_in
from toolkit.textsafe import escape_controls

MARKER = ".replaykit-site"
MANIFEST = "manifest.json"
PAGES = "replays"




class SiteError(Exception):
    """The site cannot be built: one :class:`~toolkit.report.Error` (line and record) per reason."""

    def __init__(self, refusals: Sequence[Error | Problem]) -> None:
        self.refusals = [r if isinstance(r, Error) else Error.of(r) for r in refusals]
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
    """What a build produced: the replays indexed, the problems it skipped, the pages it built
    (the others came from the cache) and whether the site was already exactly this."""

    replays: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[Error] = field(default_factory=list)
    rebuilt: int = 0
    unchanged: bool = False


def environment() -> jinja2.Environment:
    """The Jinja2 environment for site pages: autoescaping, strict about undefined names."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    env.filters["css"] = css_token
    env.globals["fragments"] = fragments  # the markup of the fragments a replay page swaps
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
            save = load(manifest)
        except SaveError as exc:
            raise SiteError([exc.problem]) from None
        data = save.data
        items = data.get("replays") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise SiteError([Problem(name, 'a manifest is {"replays": [...]}', "bad_manifest", "/replays")])
        for i, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("file"), str):
                problem = Problem(name, 'an entry needs a "file" string', "bad_manifest", f"/replays/{i}")
                raise SiteError([problem])
            title, note = item.get("title"), item.get("note")
            try:
                check_listed_file(name, i, item["file"])
                for key, text in (("title", title), ("note", note)):
                    if isinstance(text, str):
                        check_listed_text(name, i, key, text)
            except SaveError as exc:
                raise SiteError([exc.problem]) from None
            entries.append(
                Entry(
                    folder / item["file"],
                    title if isinstance(title, str) else None,
                    note if isinstance(note, str) else None,
                )
            )
            listed.add(os.path.normpath(item["file"]))
        # a manifest validate refuses is refused here too, by its first error, but for two
        # things a site can do without: an entry with no title or note (the page titles
        # itself), and a listed save that is missing (that entry's own problem: --skip-broken)
        refused = [p for p in validation.check(save, None).errors if not _site_can_do_without(p)]
        if refused:
            raise SiteError(refused[:1])
    for path in sorted(folder.glob("*.json")):
        if path.name != MANIFEST and os.path.normpath(path.name) not in listed:
            entries.append(Entry(path))
    return entries


def _site_can_do_without(problem: Problem) -> bool:
    """Whether a manifest problem leaves a site to build: a missing save, or an entry that
    names no title or note."""
    if problem.code == "missing_file":
        return True
    return problem.code == "missing_field" and problem.message in ("'title' is a required property",
                                                                   "'note' is a required property")


def _shown(name: str) -> str:
    """A file name as a page may show it: bytes that are not UTF-8 (kept by the system as
    lone surrogates) read as the replacement character, and the characters an error line
    escapes (controls, line separators, bidi controls, the BOM) written as escapes: a name
    is player text too, and a title goes into the page's title, heading and index card."""
    return escape_controls(os.fsencode(name).decode("utf-8", "replace"))



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
    save: Save | None = None,
    reveal: str = "end",
    slug: str | None = None,
) -> tuple[str, Record]:
    """The HTML page for one replay and its index record; ``links`` are the site's extra links.

    ``save`` is the entry's save when already read. ``reveal`` is the publisher's choice of
    what a finished game shows (``end``, ``never``, ``always``; see
    :func:`toolkit.site.page.reveal_frame`). ``slug`` is the page's file name, which the save
    copied beside it shares, for the page's download link. The charts are gathered in the same replay; any
    element in them with ``data-move=N`` jumps to move N when clicked. Raises
    :class:`SaveError`, :class:`ReplayError` or :class:`RenderError` for a save that cannot
    be published (a save with no engine to replay it, such as a stationmaster save or a
    manifest, is a :class:`ReplayError`; one its schema refuses, a :class:`SaveError` naming
    the first error, as ``validate`` does).
    """
    save = save if save is not None else load(entry.path)
    check_page_size(save)
    game_for(save)  # a foreign save, a manifest or an unknown game: its one line, never a page
    errors = schema_errors(save)
    if errors:  # the page publishes the save beside it: never one its schema refuses
        raise SaveError(errors[0])
    with gc_paused():
        return _render_replay(env, entry, links, save, reveal, slug)


def _render_replay(
    env: jinja2.Environment, entry: Entry, links: Sequence[Link], save: Save, reveal: str, slug: str | None
) -> tuple[str, Record]:
    """:func:`render_replay` of a save whose size was checked."""
    tracker = Tracker(save.game)
    page = build_page_data(save, fragments, tracker.observe, reveal=reveal)
    meta = save.meta
    title = (
        entry.title
        or (meta.get("title") if isinstance(meta.get("title"), str) else None)
        or _shown(entry.path.stem)
    )
    note = (
        entry.note
        if entry.note is not None
        else (meta.get("note") if isinstance(meta.get("note"), str) else "")
    )
    css = frame_css() + "\n" + _asset("site.css")
    js = _asset("player.js")
    early_js = _asset("spoilers.js")
    names = dict(page.players)
    labels = {SPECTATOR: "spectator", OMNISCIENT: "every hand open"}
    seat_options = [
        (key, labels.get(key) or f"{names.get(int(key), 'seat ' + key)} (seat {key})") for key in page.views
    ]
    terrains = sorted({tile.terrain for tile in page.board.tiles})
    html = env.get_template("site/replay.html").render(
        csp=content_policy([css], [early_js, js]),
        css=Markup(css),
        js=Markup(js),
        early_js=Markup(early_js),
        title=title,
        plain_title=plain_title(save.game, [name for _, name in page.players]),
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
        save_href=f"{slug}.json" if slug else None,
        packed=pack(page.data),
    )
    return html, record_for(save, tracker, title, note or "")


@dataclass(frozen=True)
class PageTask:
    """One save to publish, as the per-save work receives it (it pickles for worker processes).

    ``data`` holds the save's bytes, read by the building process; ``None`` when they could
    not be read, so that the work reports the file's problem with its usual line.
    """

    entry: Entry
    data: bytes | None
    links: tuple[Link, ...] = ()
    reveal: str = "end"
    slug: str = ""


@lru_cache(maxsize=1)
def _process_environment() -> jinja2.Environment:
    return environment()


def build_page(task: PageTask) -> Outcome:
    """The per-save work of a build: one replay page and its index record, or the line refusing it.

    The same function runs in the building process, in its worker processes and on Dask
    workers; it reads nothing but the task and the toolkit's own templates.
    """
    name = str(task.entry.path)
    try:
        save = load(task.entry.path) if task.data is None else parse(name, task.data)
        env = _process_environment()
        html, record = render_replay(env, task.entry, task.links, save, task.reveal, task.slug or None)
    except SaveError as exc:
        return Outcome(refusal_line=exc.problem.line(), refusal=exc.problem)
    except (ReplayError, RenderError) as exc:
        return Outcome(refusal_line=exc.line(), refusal=exc.problem())
    return Outcome(html=html, record=asdict(record))


def default_cache(out: str | Path) -> Path:
    """Where a build of ``out`` keeps its cache by default: a folder of its own in the user's cache.

    That is ``$XDG_CACHE_HOME/replaykit/sites/ID`` (``~/.cache`` when it is unset or not an
    absolute path, as the XDG rules say; the system's temporary folder when the home folder is
    not an absolute path either), ``ID`` naming the output folder, so nothing is added beside
    a site that may be served as it stands.
    """
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):
        try:
            home = Path.home()
        except RuntimeError:  # no home folder to speak of
            home = None
        # a relative HOME would put the cache in whatever folder the build runs from
        base = str(home / ".cache") if home is not None and home.is_absolute() else tempfile.gettempdir()
    name = hashlib.sha256(os.fsencode(Path(out).resolve())).hexdigest()[:16]
    return Path(base) / "replaykit" / "sites" / name


def build(
    replays: str | Path,
    out: str | Path,
    skip_broken: bool = False,
    links: Sequence[Link | Mapping[str, str]] = (),
    extra_files: Mapping[str, str | bytes] | None = None,
    jobs: int = 1,
    cache: str | Path | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    reveal: str = "end",
) -> Built:
    """Build the site for the saves in ``replays`` into ``out``.

    A save that does not replay fails the build with its one-line error, unless
    ``skip_broken``, in which case it is left out and listed in :attr:`Built.skipped`.
    ``links`` adds links to the index (e.g. per-game Cards and Rules pages) and
    ``extra_files`` (relative path -> content) adds the pages they point to.

    Pages are built by :func:`build_page`, in ``jobs`` worker processes or on the Dask
    scheduler at ``scheduler``; a page found in the ``cache`` folder is not built again.
    Every replay keeps the page name its place in the list gives it, broken or not, so
    names never depend on which saves replay. The output is the same whatever the jobs,
    scheduler or cache; when it is the same as the site already at ``out``, nothing is
    rewritten.
    """
    folder = Path(replays)
    target = Path(out)
    if target.name in ("", ".."):  # ".", "/", "x/..": the folder itself, by its own name
        target = Path(os.path.realpath(target))
    if not folder.is_dir():
        raise SiteError([Problem(str(folder), "no such folder of replays", "not_found")])
    check_target(target, str(out), folder)
    extra_links = tuple(Link.of(link) for link in links)
    shown = progress or Progress()
    with locked(target):
        recover(target, MARKER)
        check_target(target, str(out), folder)
        entries = read_manifest(folder)
        built = Built()
        taken: set[str] = set()
        slugs = [_slug(entry.path, taken) for entry in entries]
        store = PageCache(cache)
        shown.start(len(entries))
        try:
            with staging_dir(target, STAGING_TAG) as staging:
                stage = Stage(staging, target, MARKER, f"replaykit site {__version__}")
                outcomes: list[Outcome | None] = [None] * len(entries)

                def place(i: int, outcome: Outcome, data: bytes | None) -> None:
                    # the page goes to the staging folder now: only its record is kept for
                    # the index, so a build never holds every page of the archive in memory
                    outcomes[i] = replace(outcome, html=None)
                    if outcome.html is not None and data is not None:
                        stage.add(f"{PAGES}/{slugs[i]}.html", outcome.html.encode("utf-8"))
                        # the save itself, for download: the very bytes the page was built from
                        stage.add(f"{PAGES}/{slugs[i]}.json", data)
                    shown.advance()

                built.rebuilt = _pages(entries, slugs, extra_links, reveal, store, place, jobs, scheduler,
                                       keep_going=skip_broken)
                records = _collect(built, slugs, outcomes, skip_broken)
                files: dict[str, str | bytes] = {}
                files.update(index_files(_process_environment(), records, extra_links, __version__))
                files.update(extra_files or {})
                for rel, content in sorted(files.items()):
                    stage.add(rel, content.encode("utf-8") if isinstance(content, str) else content)
                try:
                    stage.seal()
                except NotOurs as clash:
                    message = f"holds {clash.name!r}, which no build wrote and this one would; move it away"
                    raise SiteError([Problem(str(out), message, "not_ours")]) from None
                built.unchanged = stage.unchanged()
                if not built.unchanged:
                    stage.carry()
                    swap_in(staging, target)
        finally:
            shown.finish()
        store.prune()
    return built


def _pages(
    entries: Sequence[Entry],
    slugs: Sequence[str],
    links: tuple[Link, ...],
    reveal: str,
    store: PageCache,
    place: Callable[[int, Outcome, bytes | None], None],
    jobs: int,
    scheduler: str | None,
    keep_going: bool = True,
) -> int:
    """Hand every page to ``place``, with the save's bytes it was made from: from the cache
    where it can be, else built; return how many were built. A save's bytes are read when its
    page is looked up or built, not all at once. Unless ``keep_going``, the first refusal
    ends the work: the build fails on it, so the pages after it are not built in vain.

    Pages are built largest save first, so that with several workers the last to finish are
    short ones and no worker idles long at the end (the order of the output is the input's);
    a save that could not be read comes before them all, its refusal costing nothing.
    """
    todo = []
    sizes: dict[int, int] = {}
    for i, entry in enumerate(entries):
        data = read_whole(entry.path)
        key = _key(PageTask(entry, data, links, reveal, slugs[i]))
        found = store.get(key) if key is not None else None
        if found is not None and found.refusal is not None and found.refusal.file != str(entry.path):
            found = None  # a refusal names the save by its path as typed: said again as typed now
        if found is None:
            todo.append(i)
            sizes[i] = len(data) if data is not None else -1  # unread: refused first, at no cost
        else:
            place(i, found, data)
            if found.refusal is not None and not keep_going:
                return 0
    todo.sort(key=lambda i: (sizes[i] >= 0, -sizes[i], i))
    sent: dict[int, PageTask] = {}

    def work() -> Iterator[PageTask]:
        for j, i in enumerate(todo):
            sent[j] = PageTask(entries[i], read_whole(entries[i].path), links, reveal, slugs[i])
            yield sent[j]

    built = 0
    with contextlib.closing(run_each(build_page, work(), len(todo), jobs=jobs, scheduler=scheduler)) as done:
        for j, outcome in done:  # let go early, the workers are stopped (parallel.run_each)
            task = sent.pop(j)
            key = _key(task)  # the key of the very bytes this page was built from
            if key is not None:
                store.put(key, outcome)
            place(todo[j], outcome, task.data)
            built += 1
            if outcome.refusal is not None and not keep_going:
                break
    return built


def _collect(
    built: Built, slugs: list[str], outcomes: list[Outcome | None], skip_broken: bool
) -> list[Record]:
    """Index records in input order; the refusals fail the build unless ``skip_broken``."""
    problems: list[Error] = []
    records: list[Record] = []
    for slug, done in zip(slugs, outcomes, strict=True):
        if done is None:  # the build stopped at a refusal before this page (see _pages)
            assert not skip_broken
            continue
        if done.refusal is not None:
            problems.append(Error(done.refusal_line or done.refusal.line(), done.refusal))
        elif done.record is not None:
            fields = dict(done.record)
            seats = [Seat(**seat) for seat in fields.pop("seats")]
            record = Record(**{**fields, "seats": seats, "slug": slug})
            records.append(record)
            built.replays.append(record.legacy())
    if problems and not skip_broken:
        if None in outcomes:  # stopped at the first: say where the rest are told
            first = problems[0]
            problems = [Error(f"{first.line} (the build stopped here: `replaykit check` lists every save "
                              f"it cannot publish, and --skip-broken builds the rest)", first.problem)]
        raise SiteError(problems)
    built.skipped = problems
    return records


def _key(task: PageTask) -> str | None:
    """The cache key of a task (``None``: the save could not be read, so there is nothing to key)."""
    if task.data is None:
        return None
    entry = task.entry
    links = json.dumps([[link.href, link.label, link.game] for link in task.links])
    # the file's name, not its path as typed: a page is the same however the folder is named
    # (``replays`` or ``./replays/``); a refusal, which names the path, is checked on use
    parts = [entry.path.name, _opt(entry.title), _opt(entry.note), links, task.reveal, task.slug]
    return page_key(parts, task.data)


def _opt(text: str | None) -> str:
    return "\0" if text is None else "=" + text


def check_target(target: Path, shown: str | None = None, reads: Path | None = None) -> None:
    """Refuse to replace anything but an empty folder or a site this builder wrote, and any
    folder that is or holds the current folder: a build swaps its output whole, which would
    leave the shell that ran it in the old, deleted site. Nor, for the same reason, one that
    is or holds ``reads``, the folder of replays the build reads, or one inside it (which the
    next build would read as replays): a usage error, exit 2.
    Problems name the folder as ``shown`` (the path as given)."""
    from toolkit.outputs import OutputRefused

    shown = str(target) if shown is None else shown
    try:
        here = Path.cwd().resolve()
    except FileNotFoundError:  # the current folder was deleted: no output holds it
        here = None
    if here is not None and here.is_relative_to(target.resolve()):
        raise SiteError([Problem(shown, "is the current folder or holds it; a build replaces its output "
                                        "whole, so run it from outside that folder", "busy")])
    if reads is not None and Path(os.path.realpath(reads)).is_relative_to(os.path.realpath(target)):
        message = "refusing to replace the folder holding the replays it reads; choose another -o"
        raise OutputRefused(Problem(shown, message, "output_is_input"), 2)
    if reads is not None and Path(os.path.realpath(target)).is_relative_to(os.path.realpath(reads)):
        # a site among the replays would be read as replays by the next build or check
        message = "is inside the folder of replays the build reads; choose an -o outside it"
        raise OutputRefused(Problem(shown, message, "output_in_input"), 2)
    if not target.exists():
        return
    if not target.is_dir():
        raise SiteError([Problem(shown, "exists and is not a folder", "not_a_folder")])
    if any(target.iterdir()) and not (target / MARKER).exists():
        raise SiteError(
            [Problem(shown, "refusing to replace a folder that is not a replaykit site", "not_a_site")]
        )
