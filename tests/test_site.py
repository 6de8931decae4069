"""The static replay site: index, self-contained pages, atomic and deterministic builds."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.games.pioneers.bots import play_game
from toolkit.site import Link, SiteError, build
from toolkit.site.page import FIRST_ROW, expand_views, read_page_data

EVIL = "</script><img src=x onerror=alert(1)>"


def record(
    seed: str, bots: list[str], names: list[str] | None = None, title: str | None = None
) -> dict[str, Any]:
    config, moves = play_game(seed, bots, names)
    save: dict[str, Any] = {
        "format": "replaykit/save@1",
        "game": "pioneers",
        "rulesVersion": "pioneers/1",
        "seed": seed,
        "config": config,
        "moves": moves,
    }
    if title:
        save["meta"] = {"title": title, "note": "from meta"}
    return save


def with_talk(save: dict[str, Any], seat: int, talk: str) -> dict[str, Any]:
    """Add table talk to the first end_turn of ``seat`` (talk never changes the position)."""
    for move in save["moves"]:
        action = move.get("action")
        if move["seat"] == seat and isinstance(action, dict) and action.get("type") == "end_turn":
            action["talk"] = talk
            return save
    raise AssertionError("no end_turn to talk on")


def broken(save: dict[str, Any], index: int) -> dict[str, Any]:
    save["moves"][index - 1] = {
        "seat": save["moves"][index - 1]["seat"],
        "kind": "turn",
        "action": {"type": "build_city", "vertex": 0},  # valid to the schema, illegal to the engine
    }
    return save


def put(folder: Path, name: str, data: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def saves() -> dict[str, dict[str, Any]]:
    evil = record("site-evil", ["greedy"] * 4, ["Ada", "Bob", EVIL, "Dee"])
    evil["moves"] = evil["moves"][:200]  # a game cut short still replays; keeps the tests quick
    evil = with_talk(evil, 2, EVIL)
    return {
        "alpha.json": evil,
        "beta.json": record("site-beta", ["greedy", "random", "greedy"], title="Beta from meta"),
    }


@pytest.fixture()
def replays(tmp_path: Path, saves: dict[str, dict[str, Any]]) -> Path:
    folder = tmp_path / "replays"
    for name, data in saves.items():
        put(folder, name, data)
    put(
        folder,
        "manifest.json",
        {"replays": [{"file": "alpha.json", "title": "Alpha <game>", "note": "four seats"}]},
    )
    return folder


def tree(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_index_lists_every_replay(replays: Path, tmp_path: Path, saves: dict[str, dict[str, Any]]) -> None:
    """design §8: the index names game, players, winner, moves, title and note of each replay."""
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(out)])
    assert result.exit_code == 0, result.output
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Alpha &lt;game&gt;" in index and "four seats" in index
    assert "Beta from meta" in index and "from meta" in index
    assert index.index("Alpha &lt;game&gt;") < index.index("Beta from meta")  # manifest entries first
    for data in saves.values():
        assert f'<td class="num">{len(data["moves"])}</td>' in index
        for player in data["config"]["players"]:
            if player["name"] != EVIL:
                assert player["name"] in index
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in index
    for href in re.findall(r'href="([^"#][^"]*)"', index):
        assert (out / href).is_file()
    assert EVIL not in index


def test_rebuild_is_byte_identical(replays: Path, tmp_path: Path) -> None:
    """design §8: the same inputs give byte-identical files."""
    out = tmp_path / "site"
    build(replays, out)
    first = tree(out)
    build(replays, out)
    assert tree(out) == first
    other = tmp_path / "elsewhere"
    build(replays, other)
    assert tree(other) == first


def test_a_broken_save_fails_the_build_and_keeps_the_old_site(replays: Path, tmp_path: Path) -> None:
    """design §5, §7: a save that does not replay is refused with its line; exit 1; old site kept."""
    out = tmp_path / "site"
    build(replays, out)
    before = tree(out)
    data = broken(record("site-broken", ["greedy"] * 3), 15)
    put(replays, "gamma.json", data)
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(out)])
    assert result.exit_code == 1
    assert f"gamma.json: move 15 of {len(data['moves'])}" in result.output
    assert "Traceback" not in result.output
    assert tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["replays", "site"]


@pytest.mark.parametrize(("change", "said"), [
    ({"extra": 1}, ": /extra: unexpected field 'extra' [unknown_field]"),
    ({"checkpoints": "x"}, ": /checkpoints: 'x' is not of type 'array' [wrong_type]"),
])
def test_a_save_its_schema_refuses_is_never_published(
    replays: Path, tmp_path: Path, change: dict[str, Any], said: str
) -> None:
    """design §3: a page publishes its save; one that replays but that its schema refuses (an
    unknown key, checkpoints that cannot be checked) is refused with the line validate gives
    first, and left out under --skip-broken."""
    data = {**record("site-unschemed", ["greedy"] * 3), **change}
    path = put(replays, "gamma.json", data)
    first = CliRunner().invoke(cli, ["validate", str(path)]).output.splitlines()[0]
    assert first.endswith(said), first
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1 and result.output.startswith(first), result.output
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site"), "--skip-broken"])
    assert result.exit_code == 0 and f"skipped: {first}" in result.output.splitlines(), result.output
    assert not (tmp_path / "site" / "replays" / "gamma.html").exists()


def test_skip_broken_lists_what_it_left_out(replays: Path, tmp_path: Path) -> None:
    """design §8: --skip-broken builds the rest and lists each skipped save; the last line
    says how many saves were left out, by code, so a scripted build cannot lose them unseen."""
    put(replays, "gamma.json", broken(record("site-broken", ["greedy"] * 3), 15))
    (replays / "delta.json").write_text("{oops", encoding="utf-8")
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(out), "--skip-broken"])
    assert result.exit_code == 0, result.output
    skipped = [line for line in result.output.splitlines() if line.startswith("skipped: ")]
    assert len(skipped) == 2
    assert any("gamma.json: move 15" in line for line in skipped)
    assert any("delta.json" in line and "[bad_json]" in line for line in skipped)
    pages = sorted(p.name for p in (out / "replays").glob("*.html"))
    assert pages == ["alpha.html", "beta.html"]
    assert "; left out 2 of 4 saves (1 bad_json, 1 " in result.stdout
    doc = json.loads(CliRunner().invoke(cli, ["site", str(replays), "-o", str(out), "--skip-broken",
                                               "--json"]).stdout)
    assert len(doc["skipped"]) == 2


def test_manifest_entry_without_its_file_is_a_broken_save(replays: Path, tmp_path: Path) -> None:
    """design §8: a listed save that is missing is refused like any broken save."""
    put(replays, "manifest.json", {"replays": [{"file": "missing.json", "title": "Gone"}]})
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert "missing.json: no such file [not_found]" in result.output
    assert not (tmp_path / "site").exists()


def test_a_malformed_manifest_is_one_line(replays: Path, tmp_path: Path) -> None:
    """design §7: bad input is one line naming the file, exit 1."""
    (replays / "manifest.json").write_text('{"replays": 3}', encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0 and "[bad_manifest]" in result.output


OUTSIDE = ["../outside.json", "/etc/outside.json", "sub/inner.json", "a\u0000.json", "notes.txt",
           "x" * 300 + ".json"]


@pytest.mark.parametrize("file", OUTSIDE)
def test_a_manifest_lists_only_saves_of_its_own_folder(replays: Path, tmp_path: Path, file: str) -> None:
    """replay-manifest schema, entry file: a listed save is a file name in the manifest's folder.
    A path reaching out of it (a save published from elsewhere), a NUL or a name that is not
    NAME.json is one line naming the manifest and the entry, exit 1, and no site is written."""
    (tmp_path / "outside.json").write_bytes(next(replays.glob("*.json")).read_bytes())
    put(replays, "manifest.json", {"replays": [{"file": file, "title": "T", "note": "N"}]})
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"{replays / 'manifest.json'}: /replays/0/file: ")
    assert "[bad_manifest]" in result.stderr
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    ("manifest", "code"),
    [
        ({"replays": [{"file": "alpha.json", "title": 5}]}, "wrong_type"),
        ({"replays": [{"file": "alpha.json", "note": ["n"]}]}, "wrong_type"),
        ({"replays": [{"file": "alpha.json", "colour": "red"}]}, "unknown_field"),
        ({"replays": [], "y": 2}, "unknown_field"),
        ({"replays": [{"file": "alpha.json"}, {"file": "alpha.json"}]}, "listed_twice"),
    ],
    ids=["title", "note", "entry field", "top field", "twice"],
)
def test_a_manifest_validate_refuses_stops_the_site(
    replays: Path, tmp_path: Path, manifest: dict[str, Any], code: str
) -> None:
    """replay-manifest schema: a manifest ``validate`` refuses is refused by the site too, in
    one line (its first error), exit 1, no site written; a save listed twice is refused by
    both (one save, one page). An entry without a title or note is one the site can build."""
    put(replays, "manifest.json", manifest)
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert result.stderr.startswith(f"{replays / 'manifest.json'}: ") and f"[{code}]" in result.stderr
    assert not (tmp_path / "site").exists()
    checked = CliRunner().invoke(cli, ["validate", str(replays / "manifest.json")])
    assert checked.exit_code == 1 and f"[{code}]" in checked.output
    put(replays, "manifest.json", {"replays": [{"file": "alpha.json"}]})
    built = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site")])
    assert built.exit_code == 0, built.output


def test_a_title_taken_from_a_file_name_that_is_not_utf8_is_shown(replays: Path, tmp_path: Path) -> None:
    """A save without a title of its own is titled by its file name; bytes of that name that
    are not UTF-8 show as the replacement character instead of stopping the build."""
    data = json.loads(next(replays.glob("*.json")).read_text(encoding="utf-8"))
    data.pop("meta", None)
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / os.fsdecode(b"caf\xe9.json")).write_text(json.dumps(data), encoding="utf-8")
    build(odd, tmp_path / "site")
    page = next((tmp_path / "site" / "replays").glob("*.html")).read_text(encoding="utf-8")
    assert "<title>caf\ufffd - replay</title>" in page


def test_page_is_self_contained_with_hashed_inline_script_and_style(replays: Path, tmp_path: Path) -> None:
    """design §8: inline CSS, scripts and data; a CSP allowing only the page's own scripts."""
    out = tmp_path / "site"
    build(replays, out)
    page = (out / "replays" / "alpha.html").read_text(encoding="utf-8")
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert csp is not None
    policy = csp.group(1).replace("&#39;", "'")
    assert "default-src 'none'" in policy and "unsafe-inline" not in policy
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(scripts) == 2 and len(styles) == 1  # the head's (winners hidden at once) and the player
    allowed = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    for kind, body in (("script-src", scripts[0]), ("script-src", scripts[1]), ("style-src", styles[0])):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in allowed[kind]
    assert not re.search(r'(src|href)="(https?:)?//', page)
    block = r'<script type="application/octet-stream" id="replay-data">[A-Za-z0-9+/=]+</script>'
    assert re.search(block, page)


def test_player_text_is_escaped_everywhere_in_a_page(replays: Path, tmp_path: Path) -> None:
    """design §8: names and table talk are escaped; the data block cannot close its script."""
    out = tmp_path / "site"
    build(replays, out)
    page = (out / "replays" / "alpha.html").read_text(encoding="utf-8")
    assert EVIL not in page
    assert "<img" not in page
    data = read_page_data(page)
    assert any("onerror=alert(1)" in part for part in data["parts"])  # the talk, as escaped text
    assert not any(EVIL in part for part in data["parts"])
    assert page.count("</script>") == 3  # the head's script, the data block and the player


def test_page_holds_every_frame_for_the_spectator_and_each_seat(
    replays: Path, tmp_path: Path, saves: dict[str, dict[str, Any]]
) -> None:
    """design §8: per-seat precomputed frames; a seat's hand is only in that seat's frames."""
    out = tmp_path / "site"
    build(replays, out)
    page = (out / "replays" / "beta.html").read_text(encoding="utf-8")
    data = read_page_data(page)
    views = expand_views(data)
    moves = len(saves["beta.json"]["moves"])
    assert data["frames"] == moves + 1
    assert sorted(views) == ["0", "1", "2", "all", "spectator"]
    for rows in views.values():
        assert len(rows) == moves + 1
    for frame in views["spectator"][:-1]:
        for row_id in frame[FIRST_ROW:]:
            hand = data["parts"][data["rows"][row_id][1]]
            assert 'class="res ' not in hand
    seat1 = views["1"][10]
    hands = [data["parts"][data["rows"][r][1]] for r in seat1[FIRST_ROW:]]
    assert ['class="res ' in h for h in hands] == [False, True, False]
    assert len(set(re.findall(r'<a href="#move=(\d+)" data-frame="\1"', page))) == moves + 1


def test_index_accepts_extra_links_and_files(replays: Path, tmp_path: Path) -> None:
    """design §9: the site leaves room for each game's Cards and Rules pages."""
    out = tmp_path / "site"
    build(
        replays,
        out,
        links=[
            Link("pioneers/cards.html", "Pioneers cards"),
            {"href": "pioneers/rules.html", "label": "Rules"},
        ],
        extra_files={"pioneers/cards.html": "<p>cards</p>", "pioneers/rules.html": b"<p>rules</p>"},
    )
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<a href="pioneers/cards.html">Pioneers cards</a>' in index
    assert '<a href="pioneers/rules.html">Rules</a>' in index
    assert (out / "pioneers" / "rules.html").read_bytes() == b"<p>rules</p>"


def test_refuses_to_replace_a_folder_it_did_not_build(replays: Path, tmp_path: Path) -> None:
    """design §7: output is replaced only when it is ours; anything else is left alone."""
    out = tmp_path / "docs"
    out.mkdir()
    (out / "notes.txt").write_text("precious", encoding="utf-8")
    with pytest.raises(SiteError) as caught:
        build(replays, out)
    assert "[not_a_site]" in caught.value.lines[0]
    assert (out / "notes.txt").read_text(encoding="utf-8") == "precious"


def test_defaults_read_replays_and_write_site(
    saves: dict[str, dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §1: `site` defaults to replays/ -> site/."""
    monkeypatch.chdir(tmp_path)
    put(Path("replays"), "beta.json", saves["beta.json"])
    result = CliRunner().invoke(cli, ["site"])
    assert result.exit_code == 0, result.output
    assert Path("site/index.html").is_file() and Path("site/replays/beta.html").is_file()


def test_an_empty_folder_gives_an_index_only(tmp_path: Path) -> None:
    """design §8: no replays is not an error; the index says so."""
    (tmp_path / "replays").mkdir()
    build(tmp_path / "replays", tmp_path / "site")
    assert "No replays yet." in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


NO_ENGINE = {
    "stationmaster.json": ({"seed": 1, "history": []}, "[no_engine]"),
    "unknown.json": (
        {"format": "replaykit/save@1", "game": "zzz", "seed": 1, "config": {}, "moves": []},
        "[unknown_game]",
    ),
    "empty.json": ({}, "'game' is a required property (and this is not a Station Master save either) "
                       "[missing_field]"),
    "another-list.json": ({"replays": []}, "[not_a_save]"),
}


@pytest.mark.parametrize("name", sorted(NO_ENGINE))
@pytest.mark.parametrize("skip", [False, True])
def test_a_save_no_engine_replays_is_one_line_never_a_traceback(
    replays: Path, tmp_path: Path, name: str, skip: bool
) -> None:
    """design §7: a stationmaster save, a save of an unknown game or of none, or a second
    manifest among the replays is refused with its one line (exit 1, in validate's words), or
    left out under --skip-broken."""
    data, code = NO_ENGINE[name]
    put(replays, name, data)
    out = tmp_path / "site"
    args = ["site", str(replays), "-o", str(out), "-j", "1", "--no-cache"]
    result = CliRunner().invoke(cli, args + (["--skip-broken"] if skip else []))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    line = next(line for line in result.stderr.splitlines() if name in line)
    assert line.startswith(("skipped: " if skip else "") + f"{replays / name}: ") and line.endswith(code)
    if skip:
        assert result.exit_code == 0
        assert sorted(p.name for p in (out / "replays").glob("*.html")) == ["alpha.html", "beta.html"]
    else:
        assert result.exit_code == 1 and result.stderr.count("\n") == 1
        assert not out.exists()


def test_a_manifest_listing_itself_is_one_line(replays: Path, tmp_path: Path) -> None:
    """A manifest whose entry names manifest.json is refused with one line, not a traceback."""
    put(replays, "manifest.json", {"replays": [{"file": "manifest.json", "title": "T", "note": "N"}]})
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site"), "-j", "1"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    assert result.stderr == f"{replays / 'manifest.json'}: this is a replay manifest (a list of saves), " \
        "not a save [not_a_save]\n"


def test_a_title_taken_from_a_file_name_shows_its_controls_escaped(replays: Path, tmp_path: Path) -> None:
    """A file name is player text too: a save titled by its name carries no escape sequence,
    newline or bidi override raw into its page's title and heading, the index or replays.json."""
    data = json.loads(next(replays.glob("*.json")).read_text(encoding="utf-8"))
    data.pop("meta", None)
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "evil\x1b]0;pwned\x07\u009b\u202eX\nline.json").write_text(json.dumps(data), encoding="utf-8")
    build(odd, tmp_path / "site")
    page = next((tmp_path / "site" / "replays").glob("*.html")).read_text(encoding="utf-8")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    records = (tmp_path / "site" / "replays.json").read_text(encoding="utf-8")
    for text in (page, index, json.loads(records)[0]["title"]):
        assert not re.search("[\x1b\x07\x9b\u202e]", text)
    assert "<title>evil\\x1b]0;pwned\\x07\\x9b\\u202eX\\nline - replay</title>" in page
