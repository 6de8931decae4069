"""Building the site: worker processes, the build cache, and a swap that never loses the site."""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from site_support import REPLAYS, small_archive, stamps, tree

from toolkit.cli import cli
from toolkit.progress import TerminalBar
from toolkit.site import builder, swap
from toolkit.site.builder import MARKER, build


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A small archive and the site one process builds from it without a cache."""
    root = tmp_path_factory.mktemp("reference")
    replays = small_archive(root / "replays")
    build(replays, root / "site", jobs=1)
    return replays, tree(root / "site")


def test_worker_processes_build_byte_identical_sites(
    reference: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """design §8: the output is the same files, byte for byte, whatever --jobs is."""
    replays, expected = reference
    build(replays, tmp_path / "site", jobs=2)
    assert tree(tmp_path / "site") == expected


@pytest.mark.parametrize("cached", [False, True], ids=["built", "from the cache"])
def test_the_save_published_beside_its_page_is_the_one_the_page_was_made_from(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cached: bool
) -> None:
    """A save rewritten while the site is built, once its page is made (or found in the cache),
    is not published as it now is: the download beside a page is the bytes the page was made,
    and the save validated, from."""
    replays, expected = reference
    folder = tmp_path / "replays"
    shutil.copytree(replays, folder)
    cache = tmp_path / "cache"

    def rewrite(path: Path) -> None:
        path.write_text('{"rewritten": true}', encoding="utf-8")

    if cached:
        build(folder, tmp_path / "first", cache=cache)
        found, read, last = builder.PageCache.get, builder.read_whole, []

        def noted(path: Path) -> bytes | None:
            last[:] = [path]
            return read(path)

        def found_then_rewritten(store: builder.PageCache, key: str) -> builder.Outcome | None:
            outcome = found(store, key)
            rewrite(Path(last[0]))  # the save just read and looked up
            return outcome

        monkeypatch.setattr(builder, "read_whole", noted)
        monkeypatch.setattr(builder.PageCache, "get", found_then_rewritten)
    else:
        made = builder.build_page

        def made_then_rewritten(task: builder.PageTask) -> builder.Outcome:
            outcome = made(task)
            rewrite(task.entry.path)
            return outcome

        monkeypatch.setattr(builder, "build_page", made_then_rewritten)
    build(folder, tmp_path / "site", cache=cache, jobs=1)
    assert tree(tmp_path / "site") == expected


def test_pages_are_built_largest_save_first_and_listed_in_input_order(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 13 item 3: the longest pages go to the workers first, so none idles at the end;
    the index still lists the replays in the order of the folder."""
    replays, expected = reference
    started: list[str] = []
    real = builder.build_page

    def noted(task: builder.PageTask) -> builder.Outcome:
        started.append(task.entry.path.name)
        return real(task)

    monkeypatch.setattr(builder, "build_page", noted)
    built = build(replays, tmp_path / "site", jobs=1)
    sizes = [(replays / name).stat().st_size for name in started]
    assert len(started) == 3 and sizes == sorted(sizes, reverse=True)
    listed = [entry.path.name for entry in builder.read_manifest(replays)]
    assert [r["save"] for r in built.replays] == [f"replays/{name}" for name in listed]
    assert started != listed  # this archive's largest save is not its first
    assert tree(tmp_path / "site") == expected


def test_a_build_keeps_no_page_in_memory_once_it_is_staged(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An archive of thousands of pages: each page is written to the staging folder as it
    comes, built or from the cache, and only its index record is kept until the index is
    written, so a build's memory does not grow with every page of the archive."""
    replays, expected = reference
    kept: list[builder.Outcome | None] = []
    real = builder._collect

    def noted(built: builder.Built, slugs: list[str], outcomes: list[builder.Outcome | None],
              skip_broken: bool) -> list[builder.Record]:
        kept.extend(outcomes)
        return real(built, slugs, outcomes, skip_broken)

    monkeypatch.setattr(builder, "_collect", noted)
    out, cache = tmp_path / "site", tmp_path / "cache"
    for rebuilt in (3, 0):  # every page built, then every page from the cache
        kept.clear()
        assert build(replays, out, cache=cache).rebuilt == rebuilt
        assert len(kept) == 3 and all(o is not None and o.record is not None for o in kept)
        assert [o.html for o in kept if o is not None] == [None, None, None]
    assert tree(out) == expected


def test_an_unchanged_archive_rewrites_nothing(
    reference: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """design §8a: with every page in the cache and the site already right, no file is touched."""
    replays, expected = reference
    out, cache = tmp_path / "site", tmp_path / "cache"
    first = build(replays, out, cache=cache)
    assert first.rebuilt == 3 and tree(out) == expected
    before = stamps(out)
    again = build(replays, out, cache=cache)
    assert (again.rebuilt, again.unchanged) == (0, True)
    assert stamps(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "site"]


def test_one_changed_save_rebuilds_its_page_only(
    reference: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """design §8a: the other pages keep their files; the changed page and the index are new."""
    replays, _ = reference
    folder = tmp_path / "replays"
    shutil.copytree(replays, folder)
    out, cache = tmp_path / "site", tmp_path / "cache"
    build(folder, out, cache=cache)
    before = stamps(out)
    data = json.loads((folder / "game-2.json").read_text(encoding="utf-8"))
    data["meta"] = {"title": "Renamed"}
    (folder / "game-2.json").write_text(json.dumps(data), encoding="utf-8")
    again = build(folder, out, cache=cache)
    after = stamps(out)
    assert again.rebuilt == 1 and not again.unchanged
    changed = sorted(name for name in after if after[name] != before.get(name))
    # its page, its download copy, and the index with its records
    assert changed == ["index.html", "replays.json", "replays/game-2.html", "replays/game-2.json"]
    assert tree(out) == tree(_fresh(folder, tmp_path / "fresh"))


def test_a_folder_named_another_way_finds_its_pages_in_the_cache(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page does not depend on how its folder was named (``replays``, ``./replays/``, a path
    through ``..``): the cache keeps it by the save's file name, so a build from the same folder
    named another way renders nothing. A cached refusal names the save as it was typed, so it
    is said again as typed now."""
    replays, _ = reference
    folder = tmp_path / "replays"
    shutil.copytree(replays, folder)
    (folder / "zz-broken.json").write_text('{"format": 1}', encoding="utf-8")
    out, cache = tmp_path / "site", tmp_path / "cache"
    first = build(folder, out, cache=cache, skip_broken=True)
    monkeypatch.chdir(tmp_path)
    again = build(Path("./replays/../replays/"), out, cache=cache, skip_broken=True)
    assert first.rebuilt == len(list(folder.glob("*.json"))) - 1  # but the manifest
    assert again.rebuilt == 1  # the refusal alone
    assert [e.problem.file for e in again.skipped] == ["replays/../replays/zz-broken.json"]
    assert [e.line for e in again.skipped] == [e.line.replace(str(folder), "replays/../replays")
                                               for e in first.skipped]


def _fresh(replays: Path, out: Path) -> Path:
    build(replays, out)
    return out


def test_a_schema_change_misses_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page is refused when its save's schema refuses it, so the schemas are part of every
    cache key: a save a changed schema refuses is never published from a page cached before."""
    from toolkit import resources
    from toolkit.resources import data_dir
    from toolkit.site import cache

    schemas = tmp_path / "schemas"
    shutil.copytree(data_dir("schemas"), schemas)
    monkeypatch.setattr(resources, "data_dir", lambda name: schemas if name == "schemas" else data_dir(name))
    cache.fingerprint.cache_clear()
    try:
        before = cache.fingerprint()
        common = schemas / "common.json"
        common.write_text(common.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        cache.fingerprint.cache_clear()
        assert cache.fingerprint() != before
    finally:
        cache.fingerprint.cache_clear()


@pytest.mark.parametrize(("game", "other"), [("pioneers", "codex"), ("codex", "pioneers")])
def test_a_page_of_one_game_loads_nothing_of_another(game: str, other: str) -> None:
    """design §8a: a game's cache key leaves out the other games' engines and renderers
    (resources.GAME_SOURCES), which is right only while a page of one game never loads them:
    built in a fresh process, a page loads no module of the other game's sources."""
    import subprocess
    import sys

    from toolkit.resources import GAME_SOURCES

    save = next(REPLAYS.glob(f"{game}-*.json"))
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from toolkit.site.builder import Entry, PageTask, build_page\n"
        f"path = Path({str(save)!r})\n"
        "done = build_page(PageTask(Entry(path), path.read_bytes()))\n"
        "assert done.html and done.refusal is None, done.refusal_line\n"
        "print('\\n'.join(sorted(m.__file__ or '' for m in list(sys.modules.values())"
        " if getattr(m, '__name__', '').startswith('toolkit'))))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parent.parent).stdout.split()
    package = Path(__file__).resolve().parent.parent / "toolkit"
    inside = [Path(f).resolve().relative_to(package.resolve()).as_posix() for f in loaded if f]
    assert any(p.startswith(GAME_SOURCES[game]) for p in inside)
    assert not [p for p in inside if p.startswith(GAME_SOURCES[other])]


def test_a_change_to_one_engine_misses_only_its_games_pages(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """design §8a: a game's pages are keyed by the toolkit without the other games' sources, so
    an edit to the codex engine misses every codex page and no pioneers page; a save whose
    head is not in canonical form is keyed by the whole toolkit."""
    from toolkit import resources
    from toolkit.site.cache import game_of

    real = resources._files
    edited = tmp_path / "constants.py"

    def with_an_edit(root: str, skip: tuple[str, ...]) -> list[tuple[str, str]]:
        found = real(root, skip)
        for i, (inside, path) in enumerate(found):
            if inside == "games/codex/constants.py":
                edited.write_bytes(Path(path).read_bytes() + b"\n# edited\n")
                found[i] = (inside, str(edited))
        return found

    resources.fingerprint.cache_clear()
    try:
        before = {g: resources.fingerprint(g) for g in (None, "pioneers", "codex")}
        monkeypatch.setattr(resources, "_files", with_an_edit)
        resources.fingerprint.cache_clear()
        after = {g: resources.fingerprint(g) for g in (None, "pioneers", "codex")}
    finally:
        monkeypatch.undo()
        resources.fingerprint.cache_clear()
    assert after["pioneers"] == before["pioneers"]
    assert after["codex"] != before["codex"] and after[None] != before[None]
    assert game_of((REPLAYS / "pioneers-two-against-two.json").read_bytes()) == "pioneers"
    assert game_of(b'{"game": "pioneers", "format": "replaykit/save@1"}') is None
    assert game_of(b'{"format": "replaykit/save@1", "meta": {"game": "codex"}, "game": "pioneers"}') is None


def test_an_upgrade_of_a_library_that_writes_pages_misses_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """design §8a: a page's bytes also come from the libraries that write it (Jinja2,
    MarkupSafe, svgwrite) and the validator that may refuse its save, whose versions the
    dependencies leave open: their versions are part of every key, so no page an older one
    wrote is served after an upgrade."""
    from importlib import metadata

    from toolkit import resources

    real = metadata.version
    resources.fingerprint.cache_clear()
    try:
        before = resources.fingerprint()
        assert f"svgwrite {real('svgwrite')}\n" in resources.library_versions()
        monkeypatch.setattr(metadata, "version", lambda name: "99.0" if name == "svgwrite" else real(name))
        resources.fingerprint.cache_clear()
        resources.library_versions.cache_clear()  # read once a process: the upgraded one's
        assert resources.fingerprint() != before
    finally:
        monkeypatch.undo()
        resources.fingerprint.cache_clear()
        resources.library_versions.cache_clear()


def _toolkit_copy(root: Path, wheel: bool) -> Path:
    """A copy of this toolkit's package at ``root/toolkit`` with its data folders inside it (as
    a wheel lays them out) or beside it (as a checkout does); the package folder."""
    from toolkit import resources

    package = root / "toolkit"
    shutil.copytree(Path(resources.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    for name in resources.DATA_FOLDERS:
        shutil.copytree(resources.data_dir(name), (package if wheel else root) / name)
    return package


@pytest.fixture
def fingerprint_of(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], str]]:
    """The fingerprint of the toolkit copy whose package folder is given, computed afresh."""
    from toolkit import resources

    def fingerprint(package: Path) -> str:
        monkeypatch.setattr(resources, "_PACKAGE", str(package))
        resources.fingerprint.cache_clear()
        return resources.fingerprint()

    yield fingerprint
    resources.fingerprint.cache_clear()


def test_the_fingerprint_is_the_same_for_a_wheel_and_a_checkout(
    tmp_path: Path, fingerprint_of: Callable[[Path], str]
) -> None:
    """A wheel carries the data folders inside the package, a checkout beside it: the same
    files give the same fingerprint either way (a cluster's workers are compared by it), and
    a changed file gives another."""
    checkout, wheel = _toolkit_copy(tmp_path / "checkout", False), _toolkit_copy(tmp_path / "wheel", True)
    assert fingerprint_of(checkout) == fingerprint_of(wheel)
    (wheel / "templates" / "extra.html").write_text("x", encoding="utf-8")
    assert fingerprint_of(checkout) != fingerprint_of(wheel)


def test_a_linked_folder_counts_in_the_fingerprint_and_a_loop_does_not(
    tmp_path: Path, fingerprint_of: Callable[[Path], str]
) -> None:
    """A folder of the package or its data linked from elsewhere (the site's templates kept in
    a theme folder, say) is read through its link by Jinja and Python, and copied by a wheel:
    its files count as if they were there, so an edit there misses the cache (it was not
    walked, and the cache served pages of the old templates). A link that loops (to the folder
    itself, to one above, to each other) is not walked and changes nothing."""
    plain, linked = _toolkit_copy(tmp_path / "plain", False), _toolkit_copy(tmp_path / "linked", False)
    theme, root = tmp_path / "theme", linked.parent
    (root / "templates" / "site").rename(theme)
    (root / "templates" / "site").symlink_to(theme, target_is_directory=True)
    (linked / "up").symlink_to("..", target_is_directory=True)
    (root / "templates" / "self").symlink_to(".", target_is_directory=True)
    (root / "schemas" / "a").symlink_to("b")
    (root / "schemas" / "b").symlink_to("a")
    assert fingerprint_of(linked) == fingerprint_of(plain)
    css = theme / "site.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert fingerprint_of(linked) != fingerprint_of(plain)


def test_only_files_the_toolkit_reads_count_in_the_fingerprint(
    tmp_path: Path, fingerprint_of: Callable[[Path], str]
) -> None:
    """An editor's backup or swap file, a merge's leftover or a hidden file beside the sources
    and templates is never read: it changes no fingerprint (a Dask worker whose checkout holds
    one is not refused, and the site cache still holds), while a changed source does; and every
    file the repository ships in the package and data folders is of a kind that counts."""
    import subprocess

    from toolkit import resources

    package = _toolkit_copy(tmp_path, True)
    clean = fingerprint_of(package)
    for stray in ("parallel.py~", ".parallel.py.swp", "parallel.py.orig", ".hidden/x.py",
                  "templates/site/site.css~", "templates/site/.#player.js", "schemas/notes.txt"):
        (package / stray).parent.mkdir(parents=True, exist_ok=True)
        (package / stray).write_text("stray", encoding="utf-8")
    assert fingerprint_of(package) == clean
    (package / "parallel.py").write_text("# edited\n", encoding="utf-8")
    assert fingerprint_of(package) != clean
    root = Path(resources.__file__).resolve().parent.parent
    listed = subprocess.run(["git", "ls-files", "toolkit", *resources.DATA_FOLDERS], cwd=root,
                            capture_output=True, text=True, check=False).stdout.split()
    assert [name for name in listed if not name.endswith(resources.READ_SUFFIXES)] == []


def test_an_unreadable_file_in_the_package_still_gives_a_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fingerprint_of: Callable[[Path], str]
) -> None:
    """A source file in the package this user cannot read (another user's, say): the
    fingerprint, every site build's cache key and every Dask result's stamp, is still made, and
    tells the file's presence; reading it raised a ``PermissionError``, a traceback from
    ``site`` and from ``check --scheduler``."""
    package = _toolkit_copy(tmp_path, True)
    private = package / "private.py"
    real = Path.read_bytes

    def read_bytes(path: Path) -> bytes:
        if path == private:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    without = fingerprint_of(package)
    private.write_bytes(b"SECRET = 1\n")
    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    unreadable = fingerprint_of(package)
    assert unreadable != without
    assert fingerprint_of(package) == unreadable


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: "not json\n" + text.split("\n", 1)[1],  # a header that is not JSON
        lambda text: text.replace("<html", "<HTML", 1),  # a body that no longer hashes to its header
        lambda text: text.replace('"key": "', '"key": "0', 1),  # another key's entry
    ],
    ids=["truncated", "bad-header", "altered-body", "wrong-key"],
)
def test_a_damaged_cache_entry_is_rebuilt_never_trusted(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, damage: object
) -> None:
    """A cache entry that cannot be read whole, or does not match its key, is built again."""
    replays, expected = reference
    cache = tmp_path / "cache"
    build(replays, tmp_path / "first", cache=cache)
    entries = sorted((cache / "pages").iterdir())
    assert len(entries) == 3
    for entry in entries:
        entry.write_text(damage(entry.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    again = build(replays, tmp_path / "site", cache=cache)
    assert again.rebuilt == 3
    assert tree(tmp_path / "site") == expected


def test_the_cache_keeps_the_pages_of_the_last_three_builds(tmp_path: Path) -> None:
    """design §8a: a change undone finds its pages still cached: the cache keeps the pages of
    the last three builds (a save edited twice and put back is built from the cache), and
    drops those no build of the three used."""
    replays = small_archive(tmp_path / "replays")
    cache = tmp_path / "cache"
    save = replays / "game-0.json"
    original = save.read_bytes()
    data = json.loads(original)
    build(replays, tmp_path / "site", cache=cache)
    versions = []
    for title in ("edited once", "edited twice"):
        data["meta"] = dict(data.get("meta") or {}, title=title)
        save.write_text(json.dumps(data), encoding="utf-8")
        assert build(replays, tmp_path / "site", cache=cache).rebuilt == 1
        versions.append(save.read_bytes())
    save.write_bytes(original)  # undone: the first build's page is among the last three
    assert build(replays, tmp_path / "site", cache=cache).rebuilt == 0
    assert len(list((cache / "pages").iterdir())) == 5  # 3 pages, and 2 edits of one
    for title in ("a", "b", "c"):
        data["meta"] = dict(data.get("meta") or {}, title=title)
        save.write_text(json.dumps(data), encoding="utf-8")
        build(replays, tmp_path / "site", cache=cache)
    save.write_bytes(versions[0])  # four builds ago: gone
    assert build(replays, tmp_path / "site", cache=cache).rebuilt == 1
    assert len(list((cache / "pages").iterdir())) == 2 + 3  # the two others, three versions of one


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_build_that_must_fail_stops_at_its_first_refusal(tmp_path: Path, jobs: int) -> None:
    """design §8: without --skip-broken one save that cannot be published fails the build, so
    the build stops there rather than render every other page in vain (the largest save goes
    first); its line says where every refusal is listed. The workers are ended, the site is
    not made, and the build with --skip-broken still builds the rest."""
    import replaykit_debug_support as support

    replays = small_archive(tmp_path / "replays")
    whole = json.loads((REPLAYS / "pioneers-two-against-two.json").read_text(encoding="utf-8"))
    (replays / "big.json").write_text(json.dumps(support.recorded_elsewhere(whole, 200)), encoding="utf-8")
    cache = tmp_path / "cache"
    args = ["site", str(replays), "-o", str(tmp_path / "site"), "--cache", str(cache), "-j", str(jobs)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert "big.json: move 200 of 322" in line and line.endswith(
        "[diverged] (the build stopped here: `replaykit check` lists every save it cannot publish, "
        "and --skip-broken builds the rest)")
    assert not (tmp_path / "site").exists()
    if jobs == 1:
        assert len(list((cache / "pages").iterdir())) == 1  # the refusal, and nothing built after it
    result = CliRunner().invoke(cli, [*args, "--skip-broken"])
    assert result.exit_code == 0 and "; left out 1 of 4 saves (1 diverged)" in result.stdout


FORGED = {"file": "f", "message": "m", "code": "c", "pointer": "", "move": None}


def _reseal(entry: Path, edit: object) -> None:
    """Edit an entry's header with ``edit`` and give it the hash of its new content, as a
    tool that rewrote the cache on purpose would."""
    from toolkit.site.cache import _entry_hash

    head, body = entry.read_bytes().split(b"\n", 1)
    header = json.loads(head)
    header.pop("sha256")
    edit(header)  # type: ignore[operator]
    header["sha256"] = _entry_hash(header, body)
    entry.write_bytes(json.dumps(header).encode() + b"\n" + body)


@pytest.mark.parametrize(
    "edit",
    [
        lambda h: h["record"].pop("seats"),
        lambda h: h["record"]["seats"].append({"seat": "x", "name": 1, "vp": None}),
        lambda h: h["record"].update(extra=1),
        lambda h: h["record"].update(winner={"seat": 0}),
        lambda h: h["record"].update(moves="many"),
        lambda h: h["record"].update(winner=99),
        lambda h: h.update(record=None, refusal={"line": "x", "problem": FORGED}),
        lambda h: h.update(record=None, refusal={"line": "f: m [c]", "problem": {"file": "f"}}),
    ],
    ids=["no-seats", "bad-seat", "extra-field", "winner-dict", "moves-text", "winner-not-a-seat",
         "refusal-naming-no-file", "refusal-without-fields"],
)
def test_a_cache_entry_whose_fields_are_not_a_page_record_is_rebuilt(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, edit: object
) -> None:
    """An entry's header is covered by its hash, and every field it holds is checked before it
    is used: an entry rewritten with a record or refusal no build could make is a miss, built
    again, never a build that fails on it or publishes it."""
    replays, expected = reference
    cache = tmp_path / "cache"
    build(replays, tmp_path / "first", cache=cache)
    entries = sorted((cache / "pages").iterdir())
    for entry in entries:
        head, body = entry.read_bytes().split(b"\n", 1)
        header = json.loads(head)
        header["record"]["moves"] += 1  # an edit of the header alone
        entry.write_bytes(json.dumps(header).encode() + b"\n" + body)
    assert build(replays, tmp_path / "plain", cache=cache).rebuilt == 3
    for entry in sorted((cache / "pages").iterdir()):
        _reseal(entry, edit)
    again = build(replays, tmp_path / "site", cache=cache)
    assert again.rebuilt == 3
    assert tree(tmp_path / "site") == expected


def test_a_cache_entry_that_is_a_link_is_neither_read_nor_written_through(
    reference: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """A page entry replaced by a symbolic link (to a file of someone else's) is a miss, and
    writing the entry again replaces the link: the file it pointed to is untouched."""
    replays, expected = reference
    cache = tmp_path / "cache"
    build(replays, tmp_path / "first", cache=cache)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious data", encoding="utf-8")
    for entry in sorted((cache / "pages").iterdir()):
        os.unlink(entry)
        entry.symlink_to(victim)
    again = build(replays, tmp_path / "site", cache=cache)
    assert again.rebuilt == 3 and tree(tmp_path / "site") == expected
    assert victim.read_text(encoding="utf-8") == "precious data"
    assert not any(entry.is_symlink() for entry in (cache / "pages").iterdir())


def test_a_site_lost_by_a_killed_swap_is_put_back_and_leftovers_removed(
    reference: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """A build killed between the two renames of a swap left no site at the output path: the
    next build restores the old one first, then removes every staging and old folder (a
    staging folder holds the marker from its first file on, or is still empty)."""
    replays, expected = reference
    out = tmp_path / "site"
    build(replays, out)
    os.replace(out, tmp_path / ".site.old-k1lled_o")
    half = tmp_path / ".site.build-k1lled_x"
    (half / "replays").mkdir(parents=True)
    (half / MARKER).write_text("replaykit site\n", encoding="utf-8")
    (half / "index.html").write_text("half", encoding="utf-8")
    with swap.locked(out):
        swap.recover(out, MARKER)
    assert tree(out) == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    (tmp_path / ".site.build-0lder_ab").mkdir()
    build(replays, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_folders_that_only_look_like_a_builds_leftovers_are_left_alone(
    reference: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """A build removes only the folders it can tell are its own: a folder named like a
    leftover but not as a build names it, a leftover-named folder holding files without the
    site's marker, and a link are kept with everything in them."""
    replays, expected = reference
    out = tmp_path / "site"
    theirs = {
        ".site.old-photos": "a holiday",  # not eight random characters
        ".site.build-notes": "a note",
        ".site.build-abcdefgh": "work of someone else's",  # right name, no marker
    }
    for name, text in theirs.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "keep.txt").write_text(text, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / MARKER).write_text("replaykit site\n", encoding="utf-8")
    (tmp_path / ".site.old-l1nk_abc").symlink_to(elsewhere, target_is_directory=True)
    build(replays, out)
    assert tree(out) == expected
    for name, text in theirs.items():
        assert (tmp_path / name / "keep.txt").read_text(encoding="utf-8") == text
    assert (tmp_path / ".site.old-l1nk_abc").is_symlink() and (elsewhere / MARKER).is_file()


def test_a_failed_two_rename_swap_puts_the_old_site_back(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the folders cannot be exchanged in one step, a failure after moving the old site
    aside moves it back: the output path never stays empty."""
    replays, expected = reference
    folder = tmp_path / "replays"
    shutil.copytree(replays, folder)
    out = tmp_path / "site"
    build(folder, out)
    (folder / "game-0.json").unlink()
    monkeypatch.setattr(swap, "_exchange", lambda a, b: False)
    real_replace = os.replace

    def replace(src: object, dst: object) -> None:
        if Path(str(src)).name.startswith(".site.build-"):
            raise OSError(28, "No space left on device")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(swap.os, "replace", replace)
    with pytest.raises(OSError):
        build(folder, out)
    assert tree(out) == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["replays", "site"]


def test_the_site_command_says_what_came_from_the_cache(
    reference: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """site --cache DIR reports pages rendered and pages reused; --json is one document."""
    replays, expected = reference
    out, cache = tmp_path / "site", tmp_path / "cache"
    args = ["site", str(replays), "-o", str(out), "--cache", str(cache), "--jobs", "1"]
    first = CliRunner().invoke(cli, [*args, "--json"])
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    assert (report["rebuilt"], report["unchanged"], first.stderr) == (3, False, "")
    second = CliRunner().invoke(cli, args)
    assert second.exit_code == 0
    assert "0 rendered, 3 from the cache; the site was already up to date" in second.stdout
    assert second.stderr == ""  # no progress bar off a terminal
    assert sorted(report["pages"]) == sorted(k for k in expected if k.endswith(".html") and "/" in k)


def test_no_cache_and_a_cache_folder_are_exclusive(tmp_path: Path) -> None:
    """--no-cache and --cache DIR contradict each other: a usage error."""
    args = ["site", "replays", "-o", str(tmp_path / "s"), "--no-cache", "--cache", "c"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_counts_done_of_total() -> None:
    """On a terminal the bar shows items done of total, the elapsed time and an ETA."""
    stream = FakeTerminal()
    bar = TerminalBar("pages", stream)
    bar.start(3)
    bar.advance()
    bar.advance()
    bar.finish()
    shown = stream.getvalue()
    assert "pages" in shown and "2/3" in shown and "elapsed 00:0" in shown and "eta 00:0" in shown


def test_progress_bar_off_a_terminal_shows_nothing() -> None:
    """Off a terminal a short run writes nothing at all, not even the bar's label."""
    stream = io.StringIO()
    bar = TerminalBar("pages", stream)
    bar.start(3)
    bar.advance(3)
    bar.finish()
    assert stream.getvalue() == ""


def test_a_long_run_off_a_terminal_writes_a_line_every_half_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off a terminal (a CI log) a long run says how far it is, one plain line at most every 30
    seconds, so the log shows it is alive; nothing once the last item is done."""
    from toolkit import progress

    now = [1000.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    stream = io.StringIO()
    bar = TerminalBar("pages", stream)
    bar.start(4)
    for step in (10.0, 25.0, 10.0, 40.0):  # items done at 10 s, 35 s, 45 s and 85 s
        now[0] += step
        bar.advance()
    bar.finish()
    assert stream.getvalue().splitlines() == ["pages: 2 of 4 done, elapsed 00:35, eta 00:35"]


def test_default_cache_lives_in_the_user_cache_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default cache is not put beside the output, where a served site could expose it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    one, other = builder.default_cache(tmp_path / "a"), builder.default_cache(tmp_path / "b")
    assert one.parent == tmp_path / "xdg" / "replaykit" / "sites" and one != other


def test_a_relative_home_never_puts_the_cache_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG rules: a relative XDG_CACHE_HOME is ignored; so is a relative HOME, whose cache
    would land under whatever folder the build runs from: the temporary folder takes it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", "xdg")
    monkeypatch.setenv("HOME", "home")
    where = builder.default_cache(tmp_path / "site")
    assert where.is_absolute() and not where.is_relative_to(tmp_path)
    assert where.parent == Path(tempfile.gettempdir()) / "replaykit" / "sites"


def test_reference_pages_come_from_the_cache_and_a_damaged_entry_is_rebuilt(tmp_path: Path) -> None:
    """The Cards and Rules pages depend only on the toolkit: kept once, rebuilt when damaged."""
    from toolkit.docs.site import site_pages
    from toolkit.site.cache import reference_pages

    fresh = site_pages()
    assert reference_pages(tmp_path) == fresh
    entry = tmp_path / "reference.page"
    assert entry.is_file()
    assert reference_pages(tmp_path) == fresh
    entry.write_bytes(entry.read_bytes()[:-10])
    assert reference_pages(tmp_path) == fresh
    # a rewritten entry naming files outside the site, or holding the wrong types, is rebuilt
    head, body = entry.read_bytes().split(b"\n", 1)
    for name in ["../outside.html", "/tmp/outside.html", "a//b.html", "a\\b.html", "./x.html"]:
        data = json.loads(body)
        data["files"][name] = "<p>planted</p>"
        _reseal_body(entry, head, json.dumps(data).encode())
        assert reference_pages(tmp_path) == fresh, name
    data = json.loads(body)
    data["files"] = list(data["files"])
    _reseal_body(entry, head, json.dumps(data).encode())
    assert reference_pages(tmp_path) == fresh


def _reseal_body(entry: Path, head: bytes, body: bytes) -> None:
    from toolkit.site.cache import _entry_hash

    header = json.loads(head)
    header.pop("sha256")
    header["sha256"] = _entry_hash(header, body)
    entry.write_bytes(json.dumps(header).encode() + b"\n" + body)


def test_the_stage_refuses_a_path_outside_the_site(tmp_path: Path) -> None:
    """Whatever asks, nothing is staged outside the staging folder."""
    (tmp_path / "staging").mkdir()
    stage = swap.Stage(tmp_path / "staging", tmp_path / "site", MARKER, "replaykit site")
    for name in ["../x", "/x", "a/../../x", "", "a\\b"]:
        with pytest.raises(ValueError):
            stage.add(name, b"x")
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("linked", [False, True], ids=["written", "linked from the site"])
def test_the_staging_stays_marked_while_its_marker_is_staged_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, linked: bool
) -> None:
    """design §7: the marker says a staging folder is a build's, so the next build may remove
    what a killed one left. Sealing stages the marker again with the names written: at every
    step of that (the new text written, or linked from the current site, then put in place) the
    folder still holds a marker, so a build killed there leaves a folder the next one removes."""
    (tmp_path / "staging").mkdir()
    site = tmp_path / "site"
    stage = swap.Stage(tmp_path / "staging", site, MARKER, "replaykit site")
    stage.add("index.html", b"<p>x</p>")
    if linked:  # the current site's marker already says exactly what this build writes
        site.mkdir()
        (site / MARKER).write_text("replaykit site\nindex.html\n", encoding="utf-8")
        stage = swap.Stage(tmp_path / "staging", site, MARKER, "replaykit site")
        stage.add("index.html", b"<p>x</p>")
    marked: list[bool] = []
    steps = {"link": os.link, "replace": os.replace, "write_bytes": Path.write_bytes}

    def watched(name: str) -> Any:
        def step(*args: Any) -> Any:
            marked.append((tmp_path / "staging" / MARKER).is_file())
            return steps[name](*args)
        return step

    monkeypatch.setattr(swap.os, "link", watched("link"))
    monkeypatch.setattr(swap.os, "replace", watched("replace"))
    monkeypatch.setattr(Path, "write_bytes", watched("write_bytes"))
    stage.seal()
    monkeypatch.undo()
    assert marked and all(marked)
    assert (tmp_path / "staging" / MARKER).read_text(encoding="utf-8") == "replaykit site\nindex.html\n"
    assert sorted(p.name for p in (tmp_path / "staging").iterdir()) == sorted([MARKER, "index.html"])


@pytest.mark.parametrize("where", ["", ".", "{out}/cache", "{out}"])
def test_a_cache_in_the_current_folder_or_inside_the_site_is_a_usage_error(
    reference: tuple[Path, dict[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The cache never goes where a build would scatter or replace it: the current folder (an
    empty --cache), or inside OUT, which every build replaces as a whole."""
    replays, _ = reference
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(out), "--cache", where.format(out=out)])
    assert result.exit_code == 2 and "--cache" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_relative_xdg_cache_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """XDG_CACHE_HOME must be absolute to count (the XDG rule): a relative one is not made
    in whatever folder the command runs from."""
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    home = tmp_path / "home"
    assert builder.default_cache(tmp_path / "a").parent == home / ".cache" / "replaykit" / "sites"


@pytest.mark.parametrize("given", [".", "..", "/"])
def test_a_site_is_never_built_over_the_current_folder(
    given: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §7: a build replaces OUT whole, so OUT may not be the current folder or hold it (the
    shell that ran the build would be left in the deleted old folder): one line, exit 1, and
    nothing written anywhere, not even the build cache."""
    replays = small_archive(tmp_path / "replays", moves=4)
    here = tmp_path / "work" / "here"
    here.mkdir(parents=True)
    monkeypatch.chdir(here)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", given])
    assert result.exit_code == 1, result.output
    assert result.stderr == f"{given}: is the current folder or holds it; a build replaces its output " \
                            "whole, so run it from outside that folder [busy]\n"
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_a_refused_output_leaves_the_build_cache_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The output is checked before anything reaches the cache (the reference pages included)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    out = tmp_path / "notes"
    out.mkdir()
    (out / "mine.txt").write_text("precious", encoding="utf-8")
    replays = small_archive(tmp_path / "replays", moves=4)
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(out)])
    assert result.exit_code == 1 and "[not_a_site]" in result.stderr
    assert not (tmp_path / "xdg").exists()


def test_an_output_named_through_dot_dot_is_the_folder_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-o site/pages/..` rebuilds site/ by its own name (no staging folder named from ".."),
    and the site comes out as built through its plain name."""
    replays = small_archive(tmp_path / "replays", moves=4)
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["site", str(replays), "-o", "site"]).exit_code == 0
    first = tree(tmp_path / "site")
    (tmp_path / "site" / "replays" / "game-0.html").unlink()
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", "site/replays/.."])
    assert result.exit_code == 0, result.output
    assert tree(tmp_path / "site") == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["replays", "site"]


def test_build_itself_never_replaces_the_folder_holding_its_replays(tmp_path: Path) -> None:
    """The refusal lives in the build, not only on the command line: ``build(REPLAYS, OUT)``
    called with REPLAYS inside OUT refuses before any work and leaves both as they were."""
    from toolkit.outputs import OutputRefused

    out = tmp_path / "site"
    assert build(small_archive(tmp_path / "replays", moves=4), out, jobs=1).rebuilt
    mine = small_archive(out / "mine", moves=4)
    before = tree(out)
    with pytest.raises(OutputRefused) as refused:
        build(mine, out, jobs=1)
    assert refused.value.problem.code == "output_is_input"
    assert tree(out) == before


def test_a_site_is_never_built_over_the_folder_holding_its_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build replaces OUT whole: REPLAYS inside OUT (saves and a manifest kept in a site's
    folder, or the saves a site publishes beside its pages) would be deleted with it. The
    command refuses that before any work, exit 2, and leaves both as they were."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    out = tmp_path / "site"
    assert build(small_archive(tmp_path / "replays", moves=4), out, jobs=1).rebuilt
    mine = small_archive(out / "mine", moves=4)
    (mine / "notes.txt").write_text("only copy", encoding="utf-8")
    before = tree(out)
    for given in (mine, out / "replays", out):
        result = CliRunner().invoke(cli, ["site", str(given), "-o", str(out)])
        assert result.exit_code == 2, result.output
        assert result.stderr.endswith("[output_is_input]\n") and result.stderr.count("\n") == 1
    assert tree(out) == before


def test_a_rebuild_keeps_what_the_site_did_not_write(tmp_path: Path) -> None:
    """design §8: an output never replaces what is not ours. A file, a link or a folder put at
    the top of a built site by hand (a ``CNAME``, a ``.git`` folder to publish from) stays
    through every rebuild as it was; what a build wrote and no longer writes goes."""
    folder = small_archive(tmp_path / "replays")
    out = tmp_path / "site"
    build(folder, out, jobs=1)
    pages = sorted(p.name for p in (out / "replays").iterdir())
    (out / "CNAME").write_text("replays.example.com\n", encoding="utf-8")
    (out / ".git" / "objects").mkdir(parents=True)
    (out / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n", encoding="utf-8")
    (out / ".git" / "objects" / "ab").write_bytes(b"\x00object")
    os.symlink("index.html", out / "home.html")
    added = {k: v for k, v in tree(out).items() if k == "CNAME" or k.startswith(".git/")}
    assert build(folder, out, jobs=1).unchanged  # nothing new: nothing rewritten, nothing lost
    (folder / "game-0.json").unlink()
    assert not build(folder, out, jobs=1).unchanged
    now = tree(out)
    assert {k: now[k] for k in added} == added and os.readlink(out / "home.html") == "index.html"
    assert len(list((out / "replays").iterdir())) < len(pages)  # the page of the save gone, gone
    assert (out / MARKER).read_text(encoding="utf-8").splitlines()[1:] == sorted(
        {rel.split("/")[0] for rel in now} - {MARKER, "CNAME", ".git", "home.html"}
    )
    # a site an older build made names nothing in its marker: what this build does not write stays
    (out / MARKER).write_text("replaykit site 0.1\n", encoding="utf-8")
    (folder / "game-2.json").unlink()
    build(folder, out, jobs=1)
    assert {k: tree(out)[k] for k in added} == added


def test_a_rebuild_refuses_to_write_over_what_it_did_not_write(tmp_path: Path) -> None:
    """A name put into a built site by hand that a later build writes itself is not replaced:
    the build stops with one line naming it, and the site stays as it was."""
    folder = small_archive(tmp_path / "replays")
    out = tmp_path / "site"
    build(folder, out, jobs=1)
    (out / "extra.txt").write_text("mine\n", encoding="utf-8")
    before = tree(out)
    with pytest.raises(builder.SiteError) as caught:
        build(folder, out, jobs=1, extra_files={"extra.txt": "the build's\n"})
    assert "extra.txt" in caught.value.lines[0] and "[not_ours]" in caught.value.lines[0]
    assert tree(out) == before


@pytest.mark.parametrize("option", ["-o", "--cache"])
def test_an_output_or_cache_among_the_replays_is_a_usage_error(option: str, tmp_path: Path) -> None:
    """design §8: a site or a cache written inside the folder of replays it is built from would
    be read as replays by the next build or check; refused before any work (exit 2), the
    folder left as it was."""
    folder = small_archive(tmp_path / "replays")
    before, names = tree(folder), sorted(p.name for p in folder.iterdir())
    args = ["site", str(folder), "-o", str(tmp_path / "site")]
    if option == "-o":
        args[3] = str(folder / "site")
    else:
        args += ["--cache", str(folder / "cache")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert tree(folder) == before and sorted(p.name for p in folder.iterdir()) == names
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--cache", "/dev/null"], "exists and is not a folder"),
        (["--scheduler", ""], "name the scheduler's address"),
    ],
    ids=["cache", "scheduler"],
)
def test_a_cache_that_is_no_folder_or_an_empty_scheduler_is_a_usage_error(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """An option that would quietly do something else than asked (no cache at all, the work
    run here) is a usage error, exit 2, before any work."""
    folder = small_archive(tmp_path / "replays")
    result = CliRunner().invoke(cli, ["site", str(folder), "-o", str(tmp_path / "site"), *args])
    assert result.exit_code == 2 and said in result.output
    assert not (tmp_path / "site").exists()
