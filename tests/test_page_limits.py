"""A save whose text would swamp a page is refused before anything is rendered (issue 11, item 10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.saves import Save, SaveError
from toolkit.site import SiteError, build
from toolkit.site import builder as site_builder
from toolkit.site.limits import MAX_NAME, MAX_TEXT, check_page_size

PUBLISHED = Path(__file__).resolve().parent.parent / "replays" / "pioneers-three-player-quick-win.json"
KEPT = 12


def _small(**changes: Any) -> dict[str, Any]:
    """The first moves of a published replay (a short game that replays), with ``changes``."""
    data = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:KEPT]
    data.pop("checkpoints")
    data.update(changes)
    return data


def _named(name: str) -> dict[str, Any]:
    data = _small()
    data["config"]["players"][0]["name"] = name
    return data


def _problem(data: dict[str, Any]) -> str:
    with pytest.raises(SaveError) as caught:
        check_page_size(Save("big.json", data))
    return caught.value.problem.line()


def test_a_megabyte_name_is_refused_naming_where_it_is():
    line = _problem(_named("N" * 1_000_000))
    assert line.startswith("big.json: /config/players/0/name: a player name of 1000000 characters")
    assert line.endswith("[too_large]") and len(line) < 300


def test_a_name_at_the_bound_is_accepted():
    check_page_size(Save("ok.json", _named("N" * MAX_NAME)))


def test_a_long_talk_anywhere_is_refused():
    data = _small()
    data["moves"][-1].setdefault("action", {})["talk"] = "t" * (MAX_TEXT + 1)
    assert "[too_large]" in _problem(data)


def test_a_long_text_is_refused_naming_its_pointer():
    data = _small()
    data["moves"][-1].setdefault("action", {})["a/b~"] = "t" * (MAX_TEXT + 1)
    assert _problem(data).startswith(f"big.json: /moves/{KEPT - 1}/action/a~1b~0: a text of")


def test_more_players_than_a_page_shows_are_refused():
    data = _small(config={"players": [{"name": f"P{i}"} for i in range(9)]})
    assert "9 players" in _problem(data)


def test_too_much_text_in_all_is_refused():
    data = _small(meta={f"k{i}": "x" * MAX_TEXT for i in range(2200)})
    assert "too much for one page" in _problem(data)


def _folder(tmp_path: Path, saves: dict[str, dict[str, Any]]) -> Path:
    folder = tmp_path / "replays"
    folder.mkdir()
    for name, data in saves.items():
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    return folder


def test_the_site_refuses_such_a_save_before_rendering_it(tmp_path, monkeypatch):
    def never(*args: Any) -> Any:
        raise AssertionError("a refused save was rendered")

    monkeypatch.setattr(site_builder, "build_page_data", never)
    folder = _folder(tmp_path, {"huge.json": _named("N" * 1_000_000)})
    with pytest.raises(SiteError) as caught:
        build(folder, tmp_path / "site")
    assert [r.problem.code for r in caught.value.refusals] == ["too_large"]


def test_skip_broken_leaves_out_such_a_save_and_builds_the_rest(tmp_path):
    folder = _folder(tmp_path, {"huge.json": _named("N" * 1_000_000), "fine.json": _small()})
    built = build(folder, tmp_path / "site", skip_broken=True)
    assert [r.problem.file for r in built.skipped] == [str(folder / "huge.json")]
    assert [r["moves"] for r in built.replays] == [KEPT]


def test_site_refuses_a_manifest_title_too_long_for_a_page(tmp_path: Path) -> None:
    """design.md §8: the manifest's titles reach every page and index card, so they are bounded
    like a save's own text; a longer one stops the build with its located one-line error."""
    import shutil

    from toolkit.site.builder import SiteError, read_manifest

    folder = tmp_path / "replays"
    folder.mkdir()
    source = Path(__file__).parents[1] / "replays" / "pioneers-two-against-two.json"
    shutil.copy(source, folder / source.name)
    manifest = {"replays": [{"file": source.name, "title": "t" * 5000, "note": "n"}]}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(SiteError) as caught:
        read_manifest(folder)
    assert any("/replays/0/title" in line and len(line) < 300 for line in caught.value.lines)


@pytest.mark.parametrize("mark", ["\u202e", "\u202b", "\u2067", "\u2068"])
def test_a_name_holding_a_bidi_control_is_refused(mark: str) -> None:
    """An override, embedding or isolate left open in a name would reverse or reorder the page's
    text after it (the player's score, the winner line, the other names): refused, located."""
    line = _problem(_named(f"{mark}evil"))
    assert line.startswith("big.json: /config/players/0/name: a text holding a bidirectional control")
    assert line.endswith("[bidi_control]") and mark not in line


def test_talk_holding_a_bidi_control_is_refused_and_plain_rtl_text_is_not() -> None:
    data = _small()
    data["moves"][-1].setdefault("action", {})["talk"] = "ok\n\u2066x"
    assert _problem(data).endswith("[bidi_control]")
    hebrew_mark_arabic = "\u05d3\u05d5\u05d3 \u200f\u0627\u0644\u0628"  # right to left text needs none
    check_page_size(Save("ok.json", _named(hebrew_mark_arabic)))


def test_site_refuses_a_manifest_note_holding_a_bidi_control(tmp_path: Path) -> None:
    from toolkit.site.builder import read_manifest

    folder = _folder(tmp_path, {"fine.json": _small()})
    manifest = {"replays": [{"file": "fine.json", "title": "t", "note": "\u202eWon 10-2"}]}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(SiteError) as caught:
        read_manifest(folder)
    assert [r.problem.code for r in caught.value.refusals] == ["bidi_control"]
    assert caught.value.refusals[0].problem.pointer == "/replays/0/note"


@pytest.mark.parametrize(
    ("key", "text"),
    [("title", "Won\x1b]0;pwned\x07"), ("title", "two\nlines"), ("note", "nul\x00"), ("note", "csi\x9b2J")],
)
def test_site_refuses_a_manifest_text_holding_a_control_character(
    tmp_path: Path, key: str, text: str
) -> None:
    """The manifest schema's patterns refuse control characters in a title (and all but newline
    and tab in a note): the site does too, before they reach a page's title, heading or index."""
    from toolkit.site.builder import read_manifest

    folder = _folder(tmp_path, {"fine.json": _small()})
    entry = {"file": "fine.json", "title": "t", "note": "a\tnote\nin two lines"}
    entry[key] = text
    (folder / "manifest.json").write_text(json.dumps({"replays": [entry]}), encoding="utf-8")
    with pytest.raises(SiteError) as caught:
        read_manifest(folder)
    assert [r.problem.code for r in caught.value.refusals] == ["bad_format"]
    assert caught.value.refusals[0].problem.pointer == f"/replays/0/{key}"
    assert all("\n" not in line and "\x1b" not in line for line in caught.value.lines)


def test_site_takes_a_manifest_note_with_newlines_and_tabs(tmp_path: Path) -> None:
    from toolkit.site.builder import read_manifest

    folder = _folder(tmp_path, {"fine.json": _small()})
    entry = {"file": "fine.json", "title": "t", "note": "a\tnote\nin two lines"}
    (folder / "manifest.json").write_text(json.dumps({"replays": [entry]}), encoding="utf-8")
    assert [e.note for e in read_manifest(folder)] == [entry["note"]]
