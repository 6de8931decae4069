"""The site index (issue 12 item 8, issue 13 item 6): records, thumbnails, saves and embedded chunks."""

from __future__ import annotations

import html as html_lib
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.pioneers.bots import play_game
from toolkit.site import build
from toolkit.site.builder import environment
from toolkit.site.index import (
    CHUNK,
    FIELDS,
    Record,
    Seat,
    chunks,
    index_files,
    plain_title,
    synthetic_records,
)

EVIL = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A site of one short pioneers game whose second player has a hostile name."""
    config, moves = play_game("index-3", ["greedy"] * 3, ["Ada", EVIL, "Cy"])
    save = {
        "format": "replaykit/save@1",
        "game": "pioneers",
        "rulesVersion": "pioneers/1",
        "seed": "index-3",
        "config": config,
        "moves": moves[:90],
        "meta": {"title": f"Table {EVIL}", "note": "a short game"},
    }
    base = tmp_path_factory.mktemp("index-site")
    (base / "replays").mkdir()
    (base / "replays" / "table.json").write_text(json.dumps(save), encoding="utf-8")
    build(base / "replays", base / "site")
    return base / "replays", base / "site"


def embedded(html: str) -> tuple[dict[str, Any], list[list[Any]]]:
    """The tables and the records the index page carries in its data blocks."""
    head = re.search(r'<script type="application/json" id="index-head">(.*?)</script>', html, re.S)
    assert head is not None
    parts = re.findall(r'<script type="application/json" class="index-chunk">(.*?)</script>', html, re.S)
    rows = [row for part in parts for row in json.loads(part)]
    return json.loads(head.group(1)), rows


def test_index_embeds_one_record_per_replay_with_seats_points_and_length(site: tuple[Path, Path]) -> None:
    """A record holds the title, game, board, every player with points, the winner, turns and moves."""
    _, out = site
    head, rows = embedded((out / "index.html").read_text(encoding="utf-8"))
    assert head["fields"] == list(FIELDS) and head["count"] == 1 and head["games"] == ["pioneers"]
    record = dict(zip(FIELDS, rows[0], strict=True))
    assert record["title"] == f"Table {EVIL}" and record["moves"] == 90 and record["slug"] == "table"
    assert [head["names"][i] for i, _ in record["players"]] == ["Ada", EVIL, "Cy"]
    assert record["turns"] > 0 and head["boards"][record["board"]] == "standard board, 19 hexes"


def test_player_text_never_appears_as_markup_in_the_index(site: tuple[Path, Path]) -> None:
    """Names and titles are escaped in the page and written as \\u003c in its data blocks."""
    _, out = site
    html = (out / "index.html").read_text(encoding="utf-8")
    assert EVIL not in html
    assert "\\u003cimg src=x onerror=alert(1)\\u003e" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html  # the table shown without JavaScript


def test_the_save_is_copied_beside_its_page_for_download(site: tuple[Path, Path]) -> None:
    """Every card's "download save" link points at an exact copy of the published save."""
    replays, out = site
    assert (out / "replays" / "table.json").read_bytes() == (replays / "table.json").read_bytes()
    listed = json.loads((out / "replays.json").read_text(encoding="utf-8"))
    assert [r["save"] for r in listed] == ["replays/table.json"]
    for key in ("href", "save", "thumb", "island"):
        assert (out / listed[0][key]).is_file()


def test_a_thumbnail_is_a_small_svg_of_the_final_board(site: tuple[Path, Path]) -> None:
    """The thumbnail draws the 19 hexes and the seats' pieces in a few kilobytes."""
    _, out = site
    text = (out / "replays" / "table.svg").read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("width") == "160"
    assert len(text.encode("utf-8")) < 6000
    terrain = re.findall(r'fill="#[0-9a-f]{6}" stroke="#5b4a2e"[^>]*d="([^"]+)"', text)
    assert sum(d.count("z") for d in terrain) == 19
    assert '#d7263d' in text and '#1f6fd1' in text  # seats 0 and 1 have pieces on the board


def test_the_spoiler_free_thumbnail_is_the_bare_island(site: tuple[Path, Path]) -> None:
    """With winners and scores hidden the card shows the island without a piece: the final board
    would hint at who won."""
    _, out = site
    text = (out / "replays" / "table.island.svg").read_text(encoding="utf-8")
    terrain = re.findall(r'fill="#[0-9a-f]{6}" stroke="#5b4a2e"[^>]*d="([^"]+)"', text)
    assert sum(d.count("z") for d in terrain) == 19
    assert "#d7263d" not in text and "#1f6fd1" not in text and "stroke-linecap" not in text
    final = (out / "replays" / "table.svg").read_text(encoding="utf-8")
    assert final.startswith(text.removesuffix("</svg>\n"))  # the same island, pieces added after it


def test_the_index_is_byte_identical_on_rebuild(site: tuple[Path, Path], tmp_path: Path) -> None:
    """design §8: the same inputs give the same index, records file and thumbnails."""
    replays, out = site
    build(replays, tmp_path / "again")
    for name in ("index.html", "replays.json", "replays/table.svg", "replays/table.island.svg"):
        assert (tmp_path / "again" / name).read_bytes() == (out / name).read_bytes()


def test_the_index_policy_runs_only_its_hashed_script_and_local_images(site: tuple[Path, Path]) -> None:
    """design §8: the CSP allows the page's hashed inline script, its style and same-site images."""
    _, out = site
    html = (out / "index.html").read_text(encoding="utf-8")
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert found is not None
    policy = html_lib.unescape(found.group(1))
    assert re.search(r"script-src 'sha256-[^' ]+';", policy)
    assert "img-src 'self'" in policy and "default-src 'none'" in policy
    assert len(re.findall(r"<script>", html)) == 1


def test_records_are_chunked_so_the_first_page_needs_one_chunk() -> None:
    """issue 13 item 6: records travel in chunks of CHUNK; names are stored once for all records."""
    records = synthetic_records(2 * CHUNK + 1)
    head, parts = chunks(records)
    tables = json.loads(head)
    assert [len(json.loads(p)) for p in parts] == [CHUNK, CHUNK, 1]
    assert tables["count"] == 2 * CHUNK + 1
    assert len(tables["names"]) == len({s.name for r in records for s in r.seats})


def test_ten_thousand_records_make_a_small_index() -> None:
    """issue 13 item 6: a 10,000-replay index stays well under 200 bytes a record."""
    files = index_files(environment(), synthetic_records(10_000), [], "0")
    size = len(files["index.html"].encode("utf-8"))
    print(f"index.html for 10,000 synthetic records: {size} bytes ({size / 10_000:.0f} per record)")
    assert size < 200 * 10_000


def test_long_notes_are_cut_in_the_index_but_kept_in_replays_json() -> None:
    """The card shows the start of a long note; the records file keeps it whole."""
    record = Record("T", "x" * 500, "pioneers", "standard", [Seat(0, "A", 3)], 0, 5, 40, slug="t")
    files = index_files(environment(), [record], [], "0")
    _, rows = embedded(files["index.html"])
    assert len(rows[0][FIELDS.index("note")]) < 200
    assert json.loads(files["replays.json"])[0]["note"] == "x" * 500


def test_a_title_that_gives_nothing_away_names_the_game_and_its_players() -> None:
    """With winners hidden, a replay is called by its game and players (a publisher's title may
    name the winner): one, two or more names, read as a list is read."""
    assert plain_title("codex", ["Ada", "Bob", "Cy"]) == "Codex with Ada, Bob and Cy"
    assert plain_title("pioneers", ["Ada", "Bob"]) == "Pioneers with Ada and Bob"
    assert plain_title("pioneers", ["Ada"]) == "Pioneers with Ada"
    assert plain_title("codex", []) == "Codex with nobody"


def test_without_javascript_every_replay_is_reached_through_pages_of_the_list() -> None:
    """A reader without JavaScript sees the first 100 replays on the index and a link to every
    later page of 100; each page lists its share in the published order, says which page it is
    (to a screen reader too), links the previous and next pages, runs no script and writes
    player text as text."""
    records = synthetic_records(250)
    records[230].title = f"Hostile {EVIL}"
    files = index_files(environment(), records, [], "0")
    assert [n for n in files if n.startswith("index")] == ["index.html", "index-2.html", "index-3.html"]
    noscript = files["index.html"].split("<noscript>")[1].split("</noscript>")[0]
    assert noscript.count("<tr><td>") == 100 and 'href="index-3.html"' in noscript
    last = files["index-3.html"]
    titles = re.findall(r'<tr><td><a href="replays/[^"]+">(.*?)</a>', last)
    assert [html_lib.unescape(t) for t in titles] == [r.title for r in records[200:]]
    assert "Replays 201 to 250 of 250." in last and "<title>Replays: page 3 of 3</title>" in last
    assert '<a aria-current="page">3</a>' in last and 'href="index-2.html" rel="prev"' in last
    assert 'rel="next"' not in last and EVIL not in last and "<script" not in last
    assert "script-src 'none'" in html_lib.unescape(last)
    assert 'href="index-3.html" rel="next"' in files["index-2.html"]
    one = index_files(environment(), records[:100], [], "0")
    assert "index-2.html" not in one and "<nav class=\"list-pages\"" not in one["index.html"]
