"""The renderer: shared hex geometry, the pioneers adapter, standalone SVG frames and `frames`."""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from folder_support import contents

from toolkit.cli import cli
from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.bots import play_game
from toolkit.render.frames import public_hands, render_frames, snapshots
from toolkit.render.geometry import Layout, axial_to_lattice, num, pips
from toolkit.render.pioneers import ADAPTER, geometry
from toolkit.render.scene import Piece, css_token
from toolkit.render.svg import frame_svg
from toolkit.render.symbols import GLYPHS, piece_markup
from toolkit.saves import Save, parse

OLD_FRAME = '<svg class="replaykit-frame game-pioneers">an old frame</svg>'  # one a frame may replace

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
EVIL = "</script><img src=x onerror=alert(1)>"


def record(seed: str, bots: list[str], names: list[str] | None = None) -> dict[str, Any]:
    config, moves = play_game(seed, bots, names)
    return {
        "format": "replaykit/save@1",
        "game": "pioneers",
        "rulesVersion": "pioneers/1",
        "seed": seed,
        "config": config,
        "moves": moves,
    }


def as_save(data: dict[str, Any], name: str = "game.json") -> Save:
    return parse(name, json.dumps(data))


@pytest.fixture(scope="module")
def game4() -> dict[str, Any]:
    return record("render-4", ["greedy", "greedy", "random", "greedy"], ["Ada", "Bob", EVIL, "Dee"])


def views_of(data: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    return [
        dict(snap.views["spectator" if seat is None else str(seat)])
        for _, snap in snapshots(as_save(data), [seat])
    ]


def pieces_of(root: ET.Element) -> list[ET.Element]:
    layer = root.find(f".//{SVG}g[@id='pieces']")
    assert layer is not None
    return list(layer)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


# ---------------------------------------------------------------- geometry


def test_public_hands_sum_what_every_seat_may_read_and_skip_the_rest() -> None:
    """The cards a move handed over in the open: the ``hands`` of its public events, summed per
    seat; an event for some seats only (a steal's own line) and malformed fields are never read."""
    events: list[Any] = [
        {"type": "trade", "text": "t", "hands": {"0": {"ore": -1, "wool": 1}, "1": {"ore": 1, "wool": -1}}},
        {"type": "bank_trade", "text": "b", "hands": {"0": {"wool": -3, "grain": 1}}},
        {"type": "steal", "text": "s", "visibleTo": [2], "hands": {"2": {"ore": 1}}},
        {"type": "odd", "hands": {"x": {"ore": 1}, "3": {"ore": True, 5: 1, "wool": "2"}, "4": []}},
        {"type": "odd", "hands": [1, 2]},
        "not an event",
    ]
    assert public_hands(events) == {0: {"ore": -1, "wool": -2, "grain": 1}, 1: {"ore": 1, "wool": -1}, 3: {}}
    assert public_hands([]) == {}


def test_pioneers_geometry_follows_the_published_numbering() -> None:
    """pioneers.md §Numbering: corner lists of hexes, 54 vertices, 72 edges, edge 0 = (0,3)."""
    geo = geometry()
    assert geo.hex_vertices[0] == (0, 4, 8, 12, 7, 3)
    assert geo.hex_vertices[9] == (18, 24, 30, 35, 29, 23)
    assert geo.hex_vertices[18] == (41, 46, 50, 53, 49, 45)
    assert len(geo.vertices) == 54
    assert len(geo.edges) == 72
    assert geo.edges[0] == (0, 3) and geo.edges[1] == (0, 4)


def test_pioneers_coast_has_thirty_edges_and_ports_sit_on_it() -> None:
    """pioneers.md §Ports: 30 coastal edges; every published port pair is one of them."""
    geo = geometry()
    coast = {edge for edge, hexes in geo.edge_hexes.items() if len(hexes) == 1}
    assert len(coast) == 30
    for pair in ((0, 3), (11, 16), (33, 38), (47, 51), (49, 52), (42, 46), (26, 32), (10, 15), (1, 5)):
        assert pair in coast


def test_axial_hexes_share_the_lattice_and_touching_hexes_share_two_corners() -> None:
    """design §8 (shared geometry): axial "q,r" hexes land on the same doubled lattice."""
    layout = Layout(40.0)
    for q, r in ((0, 0), (1, -1), (-2, 3)):
        here = set(layout.corners(*axial_to_lattice(q, r)))
        for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
            there = set(layout.corners(*axial_to_lattice(q + dq, r + dr)))
            assert len(here & there) == 2


def test_number_formatting_rounds_to_two_decimals() -> None:
    """design §8: coordinates are rounded to 2 decimals."""
    assert num(1.23456) == "1.23"
    assert num(2.0) == "2"
    assert num(-0.001) == "0"
    assert num(10.5) == "10.5"


def test_pips_count_the_ways_two_dice_make_a_number() -> None:
    """pioneers.md §The board: tokens 2..12; 6 and 8 are the likeliest, 2 and 12 the rarest."""
    assert [pips(n) for n in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)] == [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]


def test_css_classes_from_data_are_sanitised() -> None:
    """design §8: classes name kind and owner; odd values never break out of the attribute."""
    assert css_token('road"><script>') == "road-script"
    piece = Piece("Road X", 2, geometry().vertices[0])
    assert piece.classes() == "piece road-x seat-2"


# ---------------------------------------------------------------- one frame


def test_frame_is_xml_with_board_tokens_ports_and_symbols(game4: dict[str, Any]) -> None:
    """design §8: the board (19 hexes, 18 tokens, 9 ports) drawn once; pieces use the symbol sheet."""
    view = views_of(game4, None)[0]
    svg = frame_svg(ADAPTER.board(view), ADAPTER.frame(view))
    root = ET.fromstring(svg.split("\n", 1)[1])
    assert root.tag == f"{SVG}svg"
    hexes = root.findall(f".//{SVG}polygon[@data-hex]")
    assert len(hexes) == 19
    terrain = {int(h.get("data-hex", "-1")): h.get("class") for h in hexes}
    for item in view["board"]["hexes"]:
        assert terrain[item["id"]] == f"hex terrain-{item['resource']}"
    tokens = [g for g in root.iter(f"{SVG}g") if "token" in classes(g)]
    assert len(tokens) == 18
    for token in tokens:
        text = token.find(f"{SVG}text")
        assert text is not None and text.text is not None
        value = int(text.text)
        assert ("hot" in classes(token)) == (value in (6, 8))
        assert len([c for c in token.findall(f"{SVG}circle") if c.get("class") == "pip"]) == pips(value)
    harbors = [g for g in root.iter(f"{SVG}g") if "harbor" in classes(g)]
    assert len(harbors) == 9
    labels = sorted(h.findtext(f"{SVG}text") or "" for h in harbors)
    want = sorted(f"{p['ratio']}:1" for p in view["board"]["ports"])
    assert labels == want
    symbols = {s.get("id") for s in root.iter(f"{SVG}symbol")}
    assert {f"sym-{kind}" for kind in GLYPHS} <= symbols
    for use in root.iter(f"{SVG}use"):
        assert use.get(XLINK, "").lstrip("#") in symbols


def test_every_coordinate_has_at_most_two_decimals(game4: dict[str, Any]) -> None:
    """design §8: svgwrite output with coordinates rounded to 2 decimals."""
    view = views_of(game4, None)[-1]
    svg = frame_svg(ADAPTER.board(view), ADAPTER.frame(view))
    assert not re.search(r"\d\.\d{3,}", svg)


def test_pieces_carry_kind_and_owner_classes(game4: dict[str, Any]) -> None:
    """design §8: every piece is an element whose classes name its kind and its owner seat."""
    views = views_of(game4, None)
    view = views[len(views) // 2]
    root = ET.fromstring(frame_svg(ADAPTER.board(view), ADAPTER.frame(view)).split("\n", 1)[1])
    found: dict[str, list[str]] = {}
    for use in pieces_of(root):
        cls = use.get("class", "").split()
        assert cls[0] == "piece"
        found.setdefault(cls[1], []).append(" ".join(cls[2:]))
    assert sorted(found.get("road", [])) == sorted(f"seat-{r['seat']}" for r in view["roads"])
    for kind in ("settlement", "city"):
        want = sorted(f"seat-{b['seat']}" for b in view["buildings"] if b["type"] == kind)
        assert sorted(found.get(kind, [])) == want
    assert found["bandit"] == [""]


def test_panel_shows_hand_contents_only_where_the_view_has_them(game4: dict[str, Any]) -> None:
    """pioneers contract §View: a seat sees its own hand; others (and spectators) see counts."""
    for seat in (None, 1):
        view = views_of(game4, seat)[40]
        root = ET.fromstring(frame_svg(ADAPTER.board(view), ADAPTER.frame(view)).split("\n", 1)[1])
        rows = {g.get("class", "").split()[1]: g for g in root.iter(f"{SVG}g") if "prow" in classes(g)}
        assert len(rows) == 4
        for player in view["players"]:
            row = rows[f"seat-row-{player['seat']}"]
            chips = [r for r in row.iter(f"{SVG}rect") if "chip" in classes(r) and "res-brick" in classes(r)]
            texts = [t.text or "" for t in row.iter(f"{SVG}text")]
            if player["seat"] == seat:
                assert chips, "own hand is shown by resource"
            else:
                assert not chips
                count = player["handCount"]
                assert f"{count} card{'' if count == 1 else 's'}" in texts


def test_a_seats_own_dev_cards_are_named_in_words() -> None:
    """A row names its dev cards as a player says them ("victory point"), never by an id."""
    view = {
        "seat": 0,
        "players": [
            {"seat": 0, "devCards": ["victory_point", "knight"], "devBoughtThisTurn": ["victory_point"]}
        ],
    }
    row = ADAPTER.rows(view, {0})[0]
    assert row.cards == ("victory point", "knight", "victory point (new)")


def test_a_rows_shorthand_is_said_in_words_to_a_screen_reader() -> None:
    """A row's shorthand ("3 (4) VP" for a seat's own shown and whole score, "left 13/1/4" for
    the pieces in supply) is shown as it is and hidden from a screen reader, which reads the
    same numbers in words instead."""
    from toolkit.site import fragments

    view = {
        "seat": 0,
        "myScore": 4,
        "players": [{"seat": 0, "score": 3, "piecesLeft": {"road": 13, "settlement": 1, "city": 4}}],
    }
    row = ADAPTER.rows(view, {0})[0]
    who, info = str(fragments.who(row)), str(fragments.info(row))
    assert '<span aria-hidden="true">3 (4) VP</span>' in who
    assert '<span class="sr-only">3 VP shown, 4 counting hidden cards</span>' in who
    assert '<span aria-hidden="true">left 13/1/4</span>' in info
    assert '<span class="sr-only">13 roads, 1 settlement, 4 cities left</span>' in info


def test_a_rows_tags_say_what_is_owed_in_words_and_read_apart() -> None:
    """pioneers.md §The turn: the decision a seat owes is told in a player's words ("to move: play
    the turn", not the engine's kind "turn"), and a row's tags are words apart, so a screen
    reader never runs two together ("play the turnLargest army")."""
    from toolkit.site import fragments

    for kind, words in (("turn", "play the turn"), ("setup", "place"), ("bandit", "move the bandit"),
                        ("discard", "discard"), ("trade", "answer the offer")):
        view = {"seat": None, "phase": kind, "currentSeat": 0, "toMove": [0], "decisions": {"0": kind},
                "awards": {"largestArmy": 0}, "players": [{"seat": 0, "score": 3}]}
        row = ADAPTER.rows(view, {0})[0]
        assert row.to_move == words
        info = str(fragments.info(row))
        assert f'<span class="tag move">to move: {words}</span> <span class="tag award">' in info
        assert f"({words})" in ADAPTER.header(view).acting


def test_a_name_holding_bidi_controls_is_drawn_as_it_reads(tmp_path: Path) -> None:
    """design §8: player text is hostile. A name may hold a bidi override or isolate (the schema
    lets it), and one left open would draw the rest of its line reversed ("Ada wins" read
    backwards): frames draw the name without them, in every frame, in any view."""
    replays = Path(__file__).resolve().parent.parent / "replays"
    data = json.loads((replays / "pioneers-three-player-quick-win.json").read_text(encoding="utf-8"))
    data["config"]["players"][0]["name"] = "Ada\u202eX\u2067Y"
    data.pop("checkpoints", None)  # a renamed seat changes every digest
    save = tmp_path / "bidi.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    for view in ([], ["--seat", "0"]):
        out = tmp_path / f"frames{len(view)}"
        result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out), "--every", "50", *view])
        assert result.exit_code == 0, result.output
        svgs = [p.read_text(encoding="utf-8") for p in sorted(out.glob("*.svg"))]
        assert svgs and all("AdaXY" in svg for svg in svgs)
        assert not any(re.search("[\u202a-\u202e\u2066-\u2069]", svg) for svg in svgs)


def test_player_text_is_escaped_in_svg(game4: dict[str, Any]) -> None:
    """design §8: player names are text, never markup."""
    view = views_of(game4, None)[0]
    svg = frame_svg(ADAPTER.board(view), ADAPTER.frame(view))
    assert "<img" not in svg and "</script>" not in svg
    root = ET.fromstring(svg.split("\n", 1)[1])
    names = [t.text or "" for t in root.iter(f"{SVG}text") if "name" in classes(t)]
    assert any(name.startswith(EVIL[:25]) for name in names)


def test_header_names_turn_dice_mover_and_last_action(game4: dict[str, Any]) -> None:
    """design §8: the header shows the turn, the dice, who moves and the last move in words."""
    save = as_save(game4)
    frames = dict(render_frames(save, None))
    views = views_of(game4, None)
    index = next(i for i, v in enumerate(views) if v["turn"] >= 3 and v["dice"])
    root = ET.fromstring(frames[index].split("\n", 1)[1])
    header = root.find(f".//{SVG}g[@id='header']")
    assert header is not None
    texts = [t.text or "" for t in header.iter(f"{SVG}text")]
    assert f"Turn {views[index]['turn']}" in texts
    assert f"= {sum(views[index]['dice'])}" in texts
    assert len([g for g in header.iter(f"{SVG}g") if "die-face" in classes(g)]) == 2
    move = game4["moves"][index - 1]
    words = GAME.describe(move)
    action = next(t for t in texts if t.startswith(f"{index}. "))
    tail = words.split(" ", 2)[2]  # "seat N <rest>": the rest survives name substitution
    assert tail[:30] in action


def test_piece_layers_follow_the_views_through_a_whole_game(game4: dict[str, Any]) -> None:
    """design §3: frames read views only; each frame's pieces match that frame's view."""
    save = as_save(game4)
    views = views_of(game4, None)
    for index, svg in render_frames(save, None, every=25):
        root = ET.fromstring(svg.split("\n", 1)[1])
        kinds = [use.get("class", "").split()[1] for use in pieces_of(root)]
        view = views[index]
        assert kinds.count("road") == len(view["roads"])
        assert kinds.count("settlement") + kinds.count("city") == len(view["buildings"])


def test_rendering_is_deterministic(game4: dict[str, Any]) -> None:
    """design §8: the same inputs give byte-identical output."""
    save = as_save(game4)
    first = list(render_frames(save, 2, every=50))
    again = list(render_frames(as_save(json.loads(json.dumps(game4))), 2, every=50))
    assert first == again


def test_piece_markup_is_the_element_the_frame_contains(game4: dict[str, Any]) -> None:
    """design §8: the page reuses the exact piece markup of the standalone frame."""
    view = views_of(game4, None)[-1]
    board = ADAPTER.board(view)
    parts = ADAPTER.frame(view)
    svg = frame_svg(board, parts)
    for piece in parts.pieces:
        assert piece_markup(piece, board.hex_size) in svg


# ---------------------------------------------------------------- the frames command


def write(tmp_path: Path, data: dict[str, Any], name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_frames_writes_one_zero_padded_svg_per_frame(tmp_path: Path) -> None:
    """design §1 frames: frame 0 is the start, frame N follows move N."""
    data = record("frames-3", ["greedy", "random", "greedy"])
    save = write(tmp_path, data)
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(tmp_path / "out"), "--to", "12"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == [f"frame-{i:04d}.svg" for i in range(13)]
    for path in (tmp_path / "out").iterdir():
        ET.parse(path)


def test_frames_every_keeps_the_last_frame(tmp_path: Path) -> None:
    """design §1 frames --every K: every K-th frame, and the final position."""
    data = record("frames-every", ["greedy"] * 4)
    save = write(tmp_path, data)
    result = CliRunner().invoke(
        cli, ["frames", str(save), "-o", str(tmp_path / "out"), "--every", "10", "--to", "35"]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "frame-0000.svg",
        "frame-0010.svg",
        "frame-0020.svg",
        "frame-0030.svg",
        "frame-0035.svg",
    ]


def test_frames_for_a_seat_show_that_seats_hand(tmp_path: Path) -> None:
    """pioneers contract §View: --seat S draws what seat S may know (its hand by resource)."""
    data = record("frames-seat", ["greedy"] * 3)
    save = write(tmp_path, data)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out), "--seat", "1", "--every", "1000"])
    assert result.exit_code == 0, result.output
    svg = (out / "frame-0000.svg").read_text(encoding="utf-8")
    assert "view of " in svg
    root = ET.fromstring(svg.split("\n", 1)[1])
    rows = [g for g in root.iter(f"{SVG}g") if "prow" in classes(g)]
    with_chips = [r.get("class") for r in rows if any("res-ore" in classes(x) for x in r.iter(f"{SVG}rect"))]
    assert with_chips == ["prow seat-row-1"]


def test_frames_refuses_a_save_its_schema_refuses_before_drawing(tmp_path: Path) -> None:
    """design §7: frames draws a save only when it matches its schema, as replay replays it:
    the first schema error in one line, exit 1, and the output folder is never made."""
    data = record("frames-bad", ["greedy"] * 3)
    data["moves"][19] = {"seat": data["moves"][19]["seat"], "kind": "turn",
                         "action": {"type": "build_city", "vertex": 99}}
    save = write(tmp_path, data)
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{save}: move 20: /moves/19/action/vertex: 99 is greater than")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("given", [["--seat", "1"], ["--every", "2"], ["--to", "3"]])
def test_frames_refuses_options_a_wire_state_cannot_take(tmp_path: Path, given: list[str]) -> None:
    """design §7: --seat, --every and --to go with a save; with --state they are a usage error
    (exit 2), not silently ignored."""
    state = Path(__file__).parent / "codex" / "data" / "play-request-full.json"
    result = CliRunner().invoke(cli, ["frames", "--state", str(state), *given, "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert f"{given[0]} goes with a SAVE, not with --state" in result.output
    assert not (tmp_path / "out").exists()


def test_frames_refuses_an_illegal_move_and_leaves_the_folder_alone(tmp_path: Path) -> None:
    """design §5, §7: an illegal move is named in one line, exit 1, output untouched."""
    data = record("frames-bad", ["greedy"] * 3)
    bad = 20
    data["moves"][bad - 1] = {
        "seat": data["moves"][bad - 1]["seat"],
        "kind": "turn",
        "action": {"type": "build_city", "vertex": 0},
    }
    save = write(tmp_path, data)
    out = tmp_path / "out"
    out.mkdir()
    (out / "frame-0000.svg").write_text(OLD_FRAME, encoding="utf-8")
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert f"move {bad} of {len(data['moves'])}" in lines[0] and "Traceback" not in result.output
    assert sorted(p.name for p in out.iterdir()) == ["frame-0000.svg", "keep.txt"]
    assert (out / "frame-0000.svg").read_text(encoding="utf-8") == OLD_FRAME
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "out"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad_json"),
        ('{"format": "replaykit/save@1", "game": "chess", "moves": []}', "unknown_game"),
    ],
)
def test_frames_reports_unreadable_saves_in_one_line(tmp_path: Path, text: str, code: str) -> None:
    """design §7: bad input gives one line with file and code, exit 1, never a traceback."""
    save = tmp_path / "bad.json"
    save.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0
    assert str(save) in result.output and f"[{code}]" in result.output
    assert not (tmp_path / "out").exists()


def test_frames_refuses_a_seat_the_game_does_not_have(tmp_path: Path) -> None:
    """design §7: a seat outside the game is named in one line, exit 1."""
    save = write(tmp_path, record("frames-seat-range", ["greedy"] * 3))
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(tmp_path / "out"), "--seat", "3"])
    assert result.exit_code == 1
    assert "[bad_seat]" in result.output and "seats 0-2" in result.output
    assert not (tmp_path / "out").exists()


def test_frames_rejects_a_malformed_seat_as_usage(tmp_path: Path) -> None:
    """design §7: usage errors exit 2."""
    save = write(tmp_path, record("frames-usage", ["greedy"] * 3))
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(tmp_path / "out"), "--seat", "north"])
    assert result.exit_code == 2


def test_frames_json_reports_files_and_errors(tmp_path: Path) -> None:
    """design §1: --json reports for other tools; errors as {file, move, pointer, code, message}."""
    data = record("frames-json", ["greedy"] * 3)
    save = write(tmp_path, data)
    ok = CliRunner().invoke(cli, ["frames", str(save), "-o", str(tmp_path / "out"), "--to", "2", "--json"])
    assert ok.exit_code == 0
    assert json.loads(ok.output) == {
        "ok": True,
        "exit": 0,
        "out": str(tmp_path / "out"),
        "frames": ["frame-0000.svg", "frame-0001.svg", "frame-0002.svg"],
        "errors": [],
    }
    data["moves"][4] = {"seat": 0, "kind": "turn", "action": {"type": "end_turn"}}
    bad = write(tmp_path, data, "bad.json")
    failed = CliRunner().invoke(cli, ["frames", str(bad), "-o", str(tmp_path / "out2"), "--json"])
    assert failed.exit_code == 1
    report = json.loads(failed.output)
    assert report["ok"] is False
    assert report["errors"][0]["move"] == 5 and report["errors"][0]["file"] == str(bad)


# ---------------------------------------------------------------- frames never damage what is there

CAPTURE = Path(__file__).parent / "codex" / "data" / "play-request-full.json"


def refused(out_file: Path, option: str = "-o") -> str:
    return f"{out_file}: refusing to overwrite the input file; choose another {option} [output_is_input]\n"


@pytest.fixture(scope="module")
def small_game() -> dict[str, Any]:
    return record("frames-own-input", ["greedy"] * 3)


@pytest.mark.parametrize("how", ["the save itself", "a hard link", "a symlink in OUT", "a symlinked save"])
def test_frames_never_replace_the_save_they_draw(
    tmp_path: Path, small_game: dict[str, Any], how: str
) -> None:
    """A save in OUT under a frame's name (or the same file under another path) is refused
    before drawing, exit 2, in one line naming that frame; the save and OUT stay as they were."""
    out = tmp_path / "out"
    out.mkdir()
    frame = out / "frame-0001.svg"
    elsewhere = write(tmp_path, small_game)
    if how == "the save itself":
        save = write(out, small_game, frame.name)
    elif how == "a hard link":
        os.link(elsewhere, frame)
        save = elsewhere
    elif how == "a symlink in OUT":
        frame.symlink_to(elsewhere)
        save = elsewhere
    else:
        write(out, small_game, frame.name)
        save = tmp_path / "link.json"
        save.symlink_to(frame)
    (out / "frame-0000.svg").write_text(OLD_FRAME, encoding="utf-8")
    before, saved = contents(out), Path(save).read_bytes()
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out), "--to", "2"])
    assert result.exit_code == 2
    assert result.stderr == refused(frame) and result.stdout == ""
    assert Path(save).read_bytes() == saved == json.dumps(small_game).encode()
    assert contents(out) == before
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no staging left


def test_frames_refuse_only_the_frames_they_would_write(tmp_path: Path, small_game: dict[str, Any]) -> None:
    """With --every 2 --to 4 frame 1 is never written, so a save of that name is drawn, and kept."""
    out = tmp_path / "out"
    out.mkdir()
    save = write(out, small_game, "frame-0001.svg")
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out), "--every", "2", "--to", "4"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [f"frame-000{i}.svg" for i in (0, 1, 2, 4)]
    assert save.read_bytes() == json.dumps(small_game).encode()


def test_frames_state_never_replaces_its_state_file(tmp_path: Path) -> None:
    """`frames --state OUT/NAME.svg -o OUT` would write OUT/NAME.svg: refused, exit 2, the file kept."""
    out = tmp_path / "cap"
    out.mkdir()
    state = out / "state.svg"
    state.write_bytes(CAPTURE.read_bytes())
    result = CliRunner().invoke(cli, ["frames", "--state", str(state), "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr == refused(state)
    assert state.read_bytes() == CAPTURE.read_bytes()
    assert sorted(out.iterdir()) == [state]


def test_frames_state_refuses_a_folder_where_its_frame_goes(tmp_path: Path) -> None:
    """A folder at OUT/NAME.svg is named in one line, exit 1, and stays."""
    out = tmp_path / "out"
    (out / "play-request-full.svg").mkdir(parents=True)
    result = CliRunner().invoke(cli, ["frames", "--state", str(CAPTURE), "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{out / 'play-request-full.svg'}: cannot write the frames: is a folder, not a file [write_failed]\n"
    )
    assert contents(out) == {"play-request-full.svg": ("folder", [])}


def test_frames_never_replace_a_file_they_did_not_draw(tmp_path: Path, small_game: dict[str, Any]) -> None:
    """design §8: an output never replaces what is not ours. A file of a frame's name in OUT
    that is no frame replaykit drew is named in one line, exit 1, and no frame is moved in; a
    frame drawn before is replaced (running the same command twice works)."""
    save = write(tmp_path, small_game)
    out = tmp_path / "out"
    out.mkdir()
    (out / "frame-0002.svg").write_text("<svg>my own drawing</svg>", encoding="utf-8")
    before = contents(out)
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out), "--to", "4"])
    assert result.exit_code == 1
    why = "is a file replaykit did not write; move it away or choose another folder"
    assert result.stderr == f"{out / 'frame-0002.svg'}: cannot write the frames: {why} [write_failed]\n"
    assert contents(out) == before
    (out / "frame-0002.svg").unlink()
    for _ in range(2):
        result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out), "--to", "4"])
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [f"frame-000{i}.svg" for i in range(5)]


@pytest.mark.parametrize("kind", ["folder", "named pipe"])
def test_frames_check_every_destination_before_moving_any_in(
    tmp_path: Path, small_game: dict[str, Any], kind: str
) -> None:
    """design §7: a frame whose place holds a folder or a pipe fails the command in one line naming
    that file, exit 1, and no frame is moved in: OUT is as it was, old frames included."""
    save = write(tmp_path, small_game)
    out = tmp_path / "out"
    out.mkdir()
    (out / "frame-0000.svg").write_text(OLD_FRAME, encoding="utf-8")
    blocked = out / "frame-0005.svg"
    if kind == "folder":
        (blocked / "inside").mkdir(parents=True)
        reason = "is a folder, not a file"
    else:
        os.mkfifo(blocked)
        reason = "is a named pipe, not a regular file"
    before = contents(out)
    result = CliRunner().invoke(cli, ["frames", str(save), "-o", str(out), "--to", "8"])
    assert result.exit_code == 1
    assert result.stderr == f"{blocked}: cannot write the frames: {reason} [write_failed]\n"
    assert contents(out) == before
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_every_hex_name_is_readable_on_its_terrain() -> None:
    """A hex's name, drawn small on the board, keeps a contrast of at least 4.5:1 (WCAG AA for
    small text) with the colour of its terrain, for every terrain of either game, and is drawn
    fully opaque (no see-through ink that the terrain would wash out)."""
    from toolkit.render.palette import TERRAIN_COLOURS, frame_css

    rules = {sel.strip(): body for sels, body in re.findall(r"([^{}]+)\{([^}]*)\}", frame_css())
             for sel in sels.split(",")}
    base = rules[".terrain-label"]
    assert "opacity" not in base
    for terrain, colour in TERRAIN_COLOURS.items():
        own = rules.get(f".on-{terrain}", "")
        assert "opacity" not in own, terrain
        ink = re.findall(r"fill:(#[0-9a-f]{6})", base + ";" + own)[-1]
        light, dark = sorted([_luminance(ink), _luminance(colour)], reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (terrain, ink, colour)
