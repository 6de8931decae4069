"""The codex renderer: wire views (captured or our engine's) drawn on the shared renderer."""

from __future__ import annotations

import copy
import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.cli import cli
from toolkit.render.codex import (
    ADAPTER,
    CodexAdapter,
    edge_ends,
    geometry,
    pending_phrase,
    seating,
    wire_state,
)
from toolkit.render.codex_words import spot_names
from toolkit.render.frames import draw, render_state, snapshots
from toolkit.render.geometry import midpoint
from toolkit.render.scene import css_token
from toolkit.render.svg import FrameDrawer, frame_svg
from toolkit.saves import load
from toolkit.site.page import piece_said

DATA = Path(__file__).parent / "codex" / "data"
CAPTURE = DATA / "play-request-full.json"
REPLAYS = Path(__file__).resolve().parent.parent / "replays"
SCHEMA = DATA / "bot-protocol.schema.json"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
HOSTILE = '</text><script>alert("x")</script><g class="a b">\x01'
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


# ---------------------------------------------------------------- helpers


def capture() -> dict[str, Any]:
    """The captured play request's state (a real 3-player game at turn 10, seen by p-red)."""
    data = json.loads(CAPTURE.read_text(encoding="utf-8"))
    state = wire_state(data)
    assert isinstance(state, dict)
    return copy.deepcopy(state)


def render(view: dict[str, Any]) -> str:
    return frame_svg(ADAPTER.board(view), ADAPTER.frame(view))


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<?xml version="1.0" encoding="utf-8"?>\n')
    return ET.fromstring(svg.split("\n", 1)[1])


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def pieces(root: ET.Element) -> list[ET.Element]:
    layer = root.find(f".//{SVG}g[@id='pieces']")
    assert layer is not None
    return list(layer)


def of_kind(root: ET.Element, kind: str) -> list[ET.Element]:
    return [p for p in pieces(root) if kind in classes(p)]


def texts(root: ET.Element, group_id: str) -> str:
    group = root.find(f".//{SVG}g[@id='{group_id}']")
    assert group is not None
    return "\n".join(t.text or "" for t in group.iter(f"{SVG}text"))


def translate(el: ET.Element) -> tuple[float, float]:
    found = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", ""))
    assert found, el.get("transform")
    return float(found.group(1)), float(found.group(2))


def seat_of(view: dict[str, Any], player_id: str) -> int:
    return int(view["players"][player_id]["seatIndex"])


def expected_pieces(view: dict[str, Any]) -> Counter[tuple[str, str]]:
    """(kind, owner id) of every road, building, wall and knight, counted from the JSON itself."""
    found: Counter[tuple[str, str]] = Counter()
    for spot in view["board"]["intersections"].values():
        building = spot["building"]
        if building:
            upright = building["type"] == "city" or building.get("cityPieceAsSettlement")
            found["city" if upright else "settlement", building["ownerPlayerId"]] += 1
            if building["cityWallPresent"]:
                found["wall", building["ownerPlayerId"]] += 1
            if building["metropolisType"]:
                found["metropolis", building["ownerPlayerId"]] += 1
        if spot["knight"]:
            found["knight", spot["knight"]["ownerPlayerId"]] += 1
    for edge in view["board"]["edges"].values():
        if edge["roadOwnerPlayerId"]:
            found["road", edge["roadOwnerPlayerId"]] += 1
    return found


def drawn_pieces(root: ET.Element) -> Counter[tuple[str, str]]:
    kinds = ("road", "settlement", "city", "wall", "metropolis", "knight")
    found: Counter[tuple[str, str]] = Counter()
    for use in pieces(root):
        kind = use.get("class", "").split()[1]
        if kind in kinds:
            found[kind, use.get("data-owner", "")] += 1
    return found


def hex_id(q: int, r: int) -> str:
    return f"{q},{r}"


def corner_id(q: int, r: int, side: int) -> str:
    """The intersection between hex (q, r) and its neighbours in directions ``side`` and ``side + 1``."""
    a, b = DIRECTIONS[side], DIRECTIONS[(side + 1) % 6]
    coords = [(q, r), (q + a[0], r + a[1]), (q + b[0], r + b[1])]
    return "|".join(sorted(hex_id(*c) for c in coords))


def synthetic_view(radius: int) -> dict[str, Any]:
    """A wire view of an empty hexagonal board of ``radius`` rings, built from axial coordinates."""
    land = [
        (q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if abs(q + r) <= radius
    ]
    terrains = ["hills", "forest", "mountains", "fields", "pasture"]
    hexes: dict[str, Any] = {}
    for n, (q, r) in enumerate(land):
        desert = (q, r) == (0, 0)
        hexes[hex_id(q, r)] = {
            "id": hex_id(q, r),
            "type": "desert" if desert else terrains[n % 5],
            "numberToken": None if desert else (2 + n % 11 if 2 + n % 11 != 7 else 8),
            "robberPresent": desert,
            "merchantPresent": False,
        }
    intersections: dict[str, Any] = {}
    edges: dict[str, Any] = {}
    for q, r in land:
        ring = [corner_id(q, r, side) for side in range(6)]
        for side, iid in enumerate(ring):
            intersections.setdefault(
                iid,
                {"id": iid, "adjacentHexIds": [], "adjacentEdgeIds": [], "building": None, "knight": None},
            )
            a, b = sorted((iid, ring[(side + 1) % 6]))
            edges[f"{a}--{b}"] = {
                "id": f"{a}--{b}",
                "intersectionA": a,
                "intersectionB": b,
                "roadOwnerPlayerId": None,
            }
    view = capture()
    view["board"] = {"hexes": hexes, "intersections": intersections, "edges": edges, "harbors": []}
    view["robberActive"] = False
    view["merchantHexId"] = None
    view["pendingDecision"] = None
    return view


# ---------------------------------------------------------------- the captured state


def test_capture_renders_every_building_knight_and_road() -> None:
    """design §8, codex-digest §6: every road, building, wall and knight of the capture is drawn."""
    view = capture()
    root = parse(render(view))
    want = expected_pieces(view)
    assert sum(want.values()) == 9 + 6 + 2 + 2  # roads, buildings, knights, walls in the capture
    assert drawn_pieces(root) == want
    for use in pieces(root):
        owner = use.get("data-owner")
        if owner:
            assert f"seat-{seat_of(view, owner)}" in classes(use)


def test_capture_draws_terrain_tokens_and_harbors() -> None:
    """codex-digest §4 (board constants): 19 hexes in terrain colours, 18 tokens, 9 harbors with rates."""
    view = capture()
    root = parse(render(view))
    tiles = {h.get("data-hex"): classes(h) for h in root.iter(f"{SVG}polygon") if h.get("data-hex")}
    assert len(tiles) == 19
    for key, item in view["board"]["hexes"].items():
        assert f"terrain-{item['type']}" in tiles[key]
    tokens = sorted(int(g.findtext(f"{SVG}text") or 0) for g in root.iter(f"{SVG}g") if "token" in classes(g))
    assert tokens == sorted(h["numberToken"] for h in view["board"]["hexes"].values() if h["numberToken"])
    harbors = [g for g in root.iter(f"{SVG}g") if "harbor" in classes(g)]
    assert len(harbors) == 9
    drawn = sorted((g.get("data-port"), g.findtext(f"{SVG}text"), sorted(classes(g))[1]) for g in harbors)
    want = sorted(
        (
            h["id"],
            "3:1" if h["type"] == "3:1" else "2:1",
            "harbor-generic" if h["type"] == "3:1" else f"harbor-{h['type']}",
        )
        for h in view["board"]["harbors"]
    )
    assert drawn == want


def test_intersections_sit_on_the_corners_of_their_hexes() -> None:
    """vorryn README (id scheme): an intersection is where its three hexes meet, so it is a corner
    of each of its land hexes, and every building stands on its intersection."""
    view = capture()
    geo = geometry(view)
    corners = {tile.key: set(tile.corners) for tile in ADAPTER.board(view).tiles}
    for iid in view["board"]["intersections"]:
        spot = geo.vertex(iid)
        land = [h for h in iid.split("|") if h in corners]
        assert land and all(spot in corners[h] for h in land)
    buildings = sorted(p.at for p in ADAPTER.frame(view).pieces if p.kind in ("settlement", "city"))
    spots = [geo.vertex(i) for i, s in view["board"]["intersections"].items() if s["building"]]
    assert buildings == sorted(p for p in spots if p is not None)
    assert len(buildings) == len(spots) == 6


def test_roads_lie_along_their_edges() -> None:
    """vorryn README (id scheme): a road lies on its edge, halfway between its two intersections,
    which are one hex side (the hex radius) apart."""
    view = capture()
    geo = geometry(view)
    drawn = sorted((p.at, p.owner) for p in ADAPTER.frame(view).pieces if p.kind == "road")
    want = []
    for edge in view["board"]["edges"].values():
        if edge["roadOwnerPlayerId"]:
            a, b = geo.vertex(edge["intersectionA"]), geo.vertex(edge["intersectionB"])
            assert a is not None and b is not None
            assert abs((a - b).length() - geo.size) < 0.02
            want.append((midpoint(a, b), edge["roadOwnerPlayerId"]))
    assert drawn == sorted(want)


def test_edge_ids_with_triple_dashes_are_split_where_two_ids_remain() -> None:
    """vorryn README (id scheme): an edge id may show ``---``; split where two intersection ids remain."""
    key = "-1,0|-1,1|0,0---1,0|0,-1|0,0"
    assert edge_ends(key, {}) == ("-1,0|-1,1|0,0", "-1,0|0,-1|0,0")
    before = [p for p in ADAPTER.frame(capture()).pieces if p.kind == "road"]
    bare = capture()  # a view of its own: a view is never changed in place once drawn
    for edge in bare["board"]["edges"].values():
        del edge["intersectionA"], edge["intersectionB"]
    after = [p for p in ADAPTER.frame(bare).pieces if p.kind == "road"]
    assert before == after and after


# ---------------------------------------------------------------- one test per piece kind


def variant(change: str) -> dict[str, Any]:
    view = capture()
    spots = view["board"]["intersections"]
    if change == "metropolis":
        spots["-1,0|0,-1|0,0"]["building"]["metropolisType"] = "science"
    elif change == "merchant":
        view["merchantHexId"] = "1,0"
        view["merchantOwnerPlayerId"] = "p-orange"
        view["board"]["hexes"]["1,0"]["merchantPresent"] = True
    return view


@pytest.mark.parametrize(
    ("kind", "change", "owner"),
    [
        ("road", "", "p-red"),
        ("settlement", "", "p-orange"),
        ("city", "", "p-red"),
        ("wall", "", "p-blue"),
        ("metropolis", "metropolis", "p-red"),
        ("knight", "", "p-blue"),
        ("merchant", "merchant", "p-orange"),
    ],
)
def test_each_piece_kind_is_an_element_with_its_owner_class(kind: str, change: str, owner: str) -> None:
    """design §8: a piece's classes name its kind and its owner seat; data-owner names the player."""
    view = variant(change)
    root = parse(render(view))
    found = [p for p in of_kind(root, kind) if p.get("data-owner") == owner]
    assert found, f"no {kind} of {owner}"
    for use in found:
        assert {"piece", kind, f"seat-{seat_of(view, owner)}"} <= classes(use)
        assert use.get(XLINK, "").startswith("#sym-")


def test_metropolis_marker_names_its_track() -> None:
    """codex-rules §13.3: a metropolis belongs to one improvement track; the marker shows which."""
    view = variant("metropolis")
    root = parse(render(view))
    (marker,) = of_kind(root, "metropolis")
    assert "track-science" in classes(marker)
    assert "Science metropolis" in texts(root, "panel")
    cities = [
        s
        for s in view["board"]["intersections"].values()
        if s["building"] and s["building"]["type"] == "city"
    ]
    assert len(of_kind(root, "city")) == len(cities) == 3  # the metropolis city is still drawn as a city


def test_guildmaster_marker_sits_on_its_hex() -> None:
    """codex-digest §4: the Guildmaster marker stands on merchantHexId and names its holder."""
    root = parse(render(variant("merchant")))
    (marker,) = of_kind(root, "merchant")
    assert "Guildmaster" in texts(root, "panel")
    hexes = {h.get("data-hex"): h for h in root.iter(f"{SVG}polygon") if h.get("data-hex")}
    x, y = translate(marker)
    points = [tuple(map(float, p.split(","))) for p in hexes["1,0"].get("points", "").split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)  # hexes and pieces share the table's frame


def test_knights_show_owner_tier_and_whether_active() -> None:
    """codex-digest §5(c): knights are basic, strong or mighty, and active or inactive."""
    view = capture()
    spots = view["board"]["intersections"]
    spots["0,-1|1,-1|1,-2"]["knight"].update(level="mighty", state="inactive")
    spots["0,0|0,1|1,0"]["knight"].update(level="strong", state="active")
    spots["-1,-1|-1,-2|0,-2"]["knight"] = {
        "id": "k-basic",
        "ownerPlayerId": "p-orange",
        "level": "basic",
        "state": "active",
        "locationIntersectionId": "-1,-1|-1,-2|0,-2",
    }
    root = parse(render(view))
    knights = {
        use.get("data-owner", "") + "/" + use.get(XLINK, ""): classes(use) for use in of_kind(root, "knight")
    }
    assert knights == {
        "p-blue/#sym-knight-mighty": {"piece", "knight", "seat-1", "mighty", "inactive"},
        "p-blue/#sym-knight-strong": {"piece", "knight", "seat-1", "strong", "active"},
        "p-orange/#sym-knight": {"piece", "knight", "seat-2", "basic", "active"},
    }


def test_pillaged_city_turned_sideways() -> None:
    """codex-rules §8.5: with no settlement in supply, a pillaged city piece lies sideways as a settlement."""
    view = capture()
    building = view["board"]["intersections"]["-1,2|0,1|0,2"]["building"]
    building.update(type="settlement", cityPieceAsSettlement=True, cityWallPresent=False)
    root = parse(render(view))
    sideways = [p for p in of_kind(root, "city") if "sideways" in classes(p)]
    assert len(sideways) == 1
    assert sideways[0].get("data-owner") == "p-orange"
    assert "rotate(90)" in sideways[0].get("transform", "")
    assert sum(expected_pieces(view).values()) == len([p for p in drawn_pieces(root).elements()])
    (piece,) = [p for p in ADAPTER.pieces(view) if "sideways" in p.extra]
    assert piece.counts_as == "settlement"  # what a count of the owner's pieces takes it for
    assert piece_said(piece)[1] == "settlement"  # and so the board in words counts it
    title = sideways[0].get("data-title", "")
    assert title.startswith("pillaged city of p-orange on the ") and title.endswith(
        " hexes, turned sideways: it counts as a settlement"
    )


def test_robber_is_drawn_only_once_active() -> None:
    """codex-rules §7.2: before the first berserker attack the robber is not in play (robberActive false)."""
    view = capture()
    root = parse(render(view))
    (robber,) = of_kind(root, "robber")
    assert "seat-0" not in classes(robber) and not robber.get("data-owner")
    view["robberActive"] = False
    root = parse(render(view))
    assert of_kind(root, "robber") == []
    assert "robber not yet in play" in texts(root, "panel")


def test_every_piece_is_named_with_its_place_and_listed_without_its_owner() -> None:
    """design §8 (the board as text): a road, building, wall, metropolis or knight is named by
    its owner and the hexes around its spot, the robber and the Guildmaster by their hex; the
    words listing it among its owner's pieces (``said``) are the same without the owner."""
    view = variant("merchant")
    view["board"]["intersections"]["-1,0|0,-1|0,0"]["building"]["metropolisType"] = "science"
    hexes = view["board"]["hexes"]
    place_words = spot_names(sorted(hexes.items()))
    names = seating(view).names
    want: Counter[tuple[str, str]] = Counter()
    for key, edge in view["board"]["edges"].items():
        if edge["roadOwnerPlayerId"]:
            want[names[edge["roadOwnerPlayerId"]], f"road on {place_words(key)}"] += 1
    for key, spot in view["board"]["intersections"].items():
        building, knight, place = spot["building"], spot["knight"], place_words(key)
        if building:
            owner = names[building["ownerPlayerId"]]
            want[owner, f"{building['type']} on {place}"] += 1
            if building["cityWallPresent"]:
                want[owner, f"city wall on {place}"] += 1
            if building["metropolisType"]:
                want[owner, f"{building['metropolisType']} metropolis on {place}"] += 1
        if knight:
            what = f"{knight['state']} {knight['level']} knight"
            want[names[knight["ownerPlayerId"]], f"{what} on {place}"] += 1
    robber = next(k for k, h in hexes.items() if h["robberPresent"])
    got: Counter[tuple[str, str]] = Counter()
    titles = {}
    for piece in ADAPTER.pieces(view):
        if piece.kind in ("berserker", "robber"):
            titles[piece.kind] = piece.title
            continue
        owner = names[piece.owner]
        if piece.kind == "merchant":
            assert piece.title == f"{piece.said} held by {owner}"
        else:
            assert piece.title == piece.said.replace(" on ", f" of {owner} on ", 1)
        got[owner, piece.said] += 1
    want[names["p-orange"], f"the Guildmaster on {place_words('1,0')}"] += 1
    assert got == want and sum(want.values()) > 20
    assert titles["robber"] == f"the robber on {place_words(robber)}"
    assert re.fullmatch(r"the robber on the \d+-[a-z]+ hex", titles["robber"])


def test_the_places_of_the_pieces_follow_a_swap_of_number_tokens() -> None:
    """rules §14 (Geomancer): two number tokens change hexes, and every piece beside them is
    named by the new numbers at once, by an adapter that remembers its pieces as by a new one."""
    remembering = CodexAdapter()
    view = capture()
    before = remembering.pieces(view)
    swapped = capture()
    hexes = swapped["board"]["hexes"]
    spot = next(k for k, s in sorted(swapped["board"]["intersections"].items()) if s["building"])
    a = next(h for h in spot.split("|") if h in hexes and hexes[h]["numberToken"])
    b = next(k for k, h in sorted(hexes.items()) if h["numberToken"] not in (None, hexes[a]["numberToken"]))
    hexes[a]["numberToken"], hexes[b]["numberToken"] = hexes[b]["numberToken"], hexes[a]["numberToken"]
    after = remembering.pieces(swapped)
    assert after == CodexAdapter().pieces(swapped)
    assert {p.title for p in after} != {p.title for p in before}
    assert remembering.pieces(capture()) == before


# ---------------------------------------------------------------- around the board


def test_berserker_track_shows_its_position() -> None:
    """codex-digest §4: the berserker track runs 0..berserkerTrackMax; the ship stands on its position."""
    view = capture()
    root = parse(render(view))
    cells = [r for r in root.iter(f"{SVG}rect") if "track-cell" in classes(r)]
    assert len(cells) == view["berserkerTrackMax"] + 1
    assert [c for c in cells if "goal" in classes(c)] == [cells[-1]]
    (ship,) = of_kind(root, "berserker")
    cell = cells[view["berserkerTrackPosition"]]
    x, _ = translate(ship)
    assert abs(x - (float(cell.get("x", 0)) + float(cell.get("width", 0)) / 2)) < 0.01
    assert "berserkers 6/7" in texts(root, "panel")


def test_header_shows_both_dice_with_the_red_one_and_the_event_face() -> None:
    """codex-rules §6.1: two production dice, the second being red, and the event die."""
    root = parse(render(capture()))
    header = root.find(f".//{SVG}g[@id='header']")
    assert header is not None
    faces = [classes(g) for g in header.iter(f"{SVG}g") if "die-face" in classes(g)]
    assert faces == [{"die-face", "d6", "yellow"}, {"die-face", "d1", "red"}]
    events = [classes(g) for g in header.iter(f"{SVG}g") if "event-face" in classes(g)]
    assert events == [{"event-face", "event-trade"}]
    assert "= 7" in texts(root, "header")
    assert "view of p-red" in texts(root, "header")


def test_panel_shows_levels_progress_counts_and_points() -> None:
    """codex-digest §6: own progressHand, opponents' progressHandByDeck, improvement levels and VP."""
    view = capture()
    root = parse(render(view))
    rows = {g.get("class", "").split()[1]: g for g in root.iter(f"{SVG}g") if "prow" in classes(g)}
    assert len(rows) == 3
    for player in view["players"].values():
        row = rows[f"seat-row-{player['seatIndex']}"]
        words = "\n".join(t.text or "" for t in row.iter(f"{SVG}text"))
        assert f"{player['victoryPoints']} VP" in words
        held = (
            len(player["progressHand"])
            if "progressHand" in player
            else sum(player["progressHandByDeck"].values())
        )
        assert f"progress {held}" in words
        for track in ("science", "trade", "politics"):
            assert f"{track} {player[f'{track}Level']}" in words
        if "resources" not in player:
            count = player["materialCount"]
            assert f"{count} card{'' if count == 1 else 's'}" in words
    panel = texts(root, "panel")
    assert "progress 1 · merchant fleet" in panel  # own cards by name
    assert "from 1 trade" in panel  # another seat's cards by deck only


# ---------------------------------------------------------------- pending decisions


def pending(kind: str, acting: str | None, allowed: list[str], **payload: Any) -> dict[str, Any]:
    return {"type": kind, "actingPlayerId": acting, "allowedPlayerIds": allowed, "payload": payload}


PHRASES = [
    (
        pending("placeSetupRoad", "p-red", ["p-red"], buildingIntersectionId="x"),
        "p-red must place a road beside the new settlement",
    ),
    (
        pending(
            "discardResources",
            None,
            ["p-blue", "p-orange"],
            discardId="d1",
            required={"p-blue": 4, "p-orange": 5},
            source="robber",
        ),
        "p-blue 4 and p-orange 5 must discard half their cards",
    ),
    (
        pending(
            "discardResources",
            None,
            ["p-orange"],
            discardId="d1",
            required={"p-blue": 4, "p-orange": 5},
            source="sabotage",
        ),
        "p-orange must discard 5 cards after Sabotage",
    ),
    (pending("discardResources", None, [], required={}), "someone must discard half their cards"),
    (pending("chooseRobberHex", "p-red", ["p-red"]), "p-red must move the robber"),
    (
        pending("chooseStealTarget", "p-red", ["p-red"], eligiblePlayerIds=["p-blue", "p-orange"]),
        "p-red must choose whom to rob: p-blue or p-orange",
    ),
    (
        pending("scienceLevel3Bonus", "p-blue", ["p-blue"], eligibleResources=["ore"]),
        "p-blue must pick a free resource (science bonus)",
    ),
    (
        pending("chooseMetropolisCity", "p-red", ["p-red"], eligibleIntersectionIds=["a"], track="trade"),
        "p-red must choose a city for the trade metropolis",
    ),
    (
        pending("choosePillageCity", "p-orange", ["p-orange"], eligibleIntersectionIds=["a", "b"]),
        "p-orange must choose a city to lose",
    ),
    (
        pending("chooseProgressDeck", "p-blue", ["p-blue"], eligibleDecks=["science", "politics"]),
        "p-blue must choose a progress deck to draw from (science, politics)",
    ),
    (
        pending("discardProgress", "p-orange", ["p-orange"], requiredCount=1),
        "p-orange must discard 1 progress card",
    ),
    (
        pending("chooseKnightRetreat", "p-blue", ["p-blue"], eligibleIntersectionIds=["a", "b"]),
        "p-blue must choose where the displaced knight retreats (2 places)",
    ),
    (pending("chooseRobberDestination", "p-red", ["p-red"]), "p-red must choose where to chase the robber"),
    (
        pending(
            "domesticTradeResponse",
            "p-red",
            ["p-blue", "p-orange"],
            auctionId="a1",
            offer=[],
            want=[],
            bids=[],
            passedPlayerIds=[],
        ),
        "p-blue and p-orange may bid on p-red's trade offer",
    ),
    (
        pending(
            "domesticTradeResponse",
            "p-red",
            [],
            auctionId="a1",
            offer=[],
            want=[],
            bids=[],
            passedPlayerIds=["p-blue", "p-orange"],
        ),
        "p-red must award or cancel the trade",
    ),
    (pending("roadBuildingPlace", "p-red", ["p-red"], maySkip=True), "p-red must place a free road or skip"),
    (
        pending("smithingPromote", "p-red", ["p-red"], promotionsRemaining=2),
        "p-red may promote up to 2 knights or stop",
    ),
    (
        pending("commercialHarborGive", "p-blue", ["p-blue"], targetPlayerId="p-blue"),
        "p-blue must give a commodity in return for the harbor offer",
    ),
    (
        pending(
            "guildDuesChooseCards", "p-red", ["p-red"], targetPlayerId="p-orange", available=[], maxCards=2
        ),
        "p-red must take 2 cards from p-orange",
    ),
    (
        pending(
            "espionageChooseCard", "p-red", ["p-red"], eligibleCards=[{"instanceId": "i", "cardId": "c"}]
        ),
        "p-red may take a progress card (1 to choose from) or skip",
    ),
    (
        pending("treasonChooseKnight", "p-blue", ["p-blue"], eligibleKnightIds=["k"]),
        "p-blue must choose a knight to give up",
    ),
    (
        pending("treasonPlaceKnight", "p-red", ["p-red"], maxLevel=2),
        "p-red may place a knight (up to strong) or skip",
    ),
    (
        pending("weddingGiveCards", "p-orange", ["p-orange"], requiredCount=2, recipient="p-red"),
        "p-orange must give 2 cards to p-red",
    ),
]


@pytest.mark.parametrize(
    ("decision", "words"), PHRASES, ids=[f"{p['type']}-{n}" for n, (p, _) in enumerate(PHRASES)]
)
def test_pending_decision_in_words(decision: dict[str, Any], words: str) -> None:
    """codex-digest §2: each open decision reads as who must do what."""
    assert pending_phrase(decision, seating(capture())) == words


def test_every_pending_type_of_the_wire_schema_has_a_phrase() -> None:
    """codex-digest §2: all 20 pending types of the bot protocol have words of their own."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    options = schema["definitions"]["BotRequest"]["properties"]["state"]["properties"]["pendingDecision"]
    types = sorted(alt["properties"]["type"]["const"] for alt in options["anyOf"][0]["oneOf"])
    assert len(types) == 20
    assert sorted({p["type"] for p, _ in PHRASES}) == types
    seats = seating(capture())
    for kind in types:
        words = pending_phrase(pending(kind, "p-red", ["p-red"]), seats)
        assert words.startswith("p-red ") and "must answer" not in words


def test_pending_decision_shows_in_the_header_and_the_players_row() -> None:
    """codex-digest §2: the frame says who must decide what."""
    view = capture()
    view["pendingDecision"] = pending(
        "choosePillageCity", "p-orange", ["p-orange"], eligibleIntersectionIds=[]
    )
    root = parse(render(view))
    assert "p-orange must choose a city to lose" in texts(root, "header")
    rows = {g.get("class", "").split()[1]: g for g in root.iter(f"{SVG}g") if "prow" in classes(g)}
    words = "\n".join(t.text or "" for t in rows["seat-row-2"].iter(f"{SVG}text"))
    assert "to move: choose pillage city" in words


def test_domestic_auction_lists_offer_bids_and_passes() -> None:
    """codex-rules §12.1: an open domestic trade shows the offer, each bid, and who passed."""
    view = capture()
    view["pendingDecision"] = pending(
        "domesticTradeResponse",
        "p-red",
        ["p-blue"],
        auctionId="a1",
        offer=[{"type": "grain", "count": 2}],
        want=[{"type": "ore", "count": 1}],
        bids=[
            {
                "responderId": "p-blue",
                "offer": [{"type": "ore", "count": 1}],
                "want": [{"type": "grain", "count": 2}],
            }
        ],
        passedPlayerIds=["p-orange"],
    )
    facts = {(s.label, s.value) for s in ADAPTER.frame(view).panel.facts}
    assert ("auction", "p-red gives 2 grain for 1 ore") in facts
    assert ("bid", "p-blue gives 1 ore for 2 grain") in facts
    assert ("passed", "p-orange") in facts
    rows = {r.name: r.to_move for r in ADAPTER.frame(view).panel.rows}
    assert rows == {"p-red": "award or cancel the trade", "p-blue": "bid or pass", "p-orange": ""}
    panel = texts(parse(render(view)), "panel")
    assert "auction p-red gives 2 grain for 1 ore" in panel


# ---------------------------------------------------------------- boards


def test_synthetic_boards_have_the_published_counts() -> None:
    """codex-digest §4: standard 19/54/72 and grand 37/96/132 hexes/intersections/edges."""
    for radius, counts in ((2, (19, 54, 72)), (3, (37, 96, 132))):
        board = synthetic_view(radius)["board"]
        assert (len(board["hexes"]), len(board["intersections"]), len(board["edges"])) == counts
    standard = synthetic_view(2)["board"]
    assert set(standard["intersections"]) == set(capture()["board"]["intersections"])
    assert set(standard["edges"]) == set(capture()["board"]["edges"])


def test_grand_board_renders_all_hexes_and_pieces() -> None:
    """codex-rules, board ("Intersections and edges"): the grand board has 37 hexes, one desert;
    pieces anywhere on it are placed from their ids."""
    view = synthetic_view(3)
    spots = sorted(view["board"]["intersections"])
    edges = sorted(view["board"]["edges"])
    owners = list(view["players"])
    for n, iid in enumerate(spots[::9]):
        view["board"]["intersections"][iid]["building"] = {
            "ownerPlayerId": owners[n % 3],
            "type": "city" if n % 2 else "settlement",
            "cityWallPresent": n % 4 == 1,
            "metropolisType": None,
            "cityPieceAsSettlement": False,
        }
    for n, eid in enumerate(edges[::7]):
        view["board"]["edges"][eid]["roadOwnerPlayerId"] = owners[n % 3]
    root = parse(render(view))
    tiles = [h for h in root.iter(f"{SVG}polygon") if h.get("data-hex")]
    assert len(tiles) == 37
    assert len([h for h in tiles if "terrain-desert" in classes(h)]) == 1
    assert len([g for g in root.iter(f"{SVG}g") if "token" in classes(g)]) == 36
    assert drawn_pieces(root) == expected_pieces(view)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    for use in pieces(root):
        x, y = translate(use)
        assert 0 < x < width and 0 < y < height


# ---------------------------------------------------------------- hostile text, determinism, robustness


def test_player_ids_and_names_are_escaped_and_classes_sanitised() -> None:
    """design §8: player text is data, never markup; classes carry seats, never raw ids."""
    text = json.dumps(capture()).replace('"p-orange"', json.dumps(HOSTILE))
    view = json.loads(text)
    view["players"][HOSTILE]["name"] = '<img src=x onerror="alert(1)">\x1f'
    svg = render(view)
    root = parse(svg)
    assert "<script" not in svg and "<img" not in svg
    assert not [el for el in root.iter() if el.tag in (f"{SVG}script", f"{SVG}img", "script")]
    owned = [p for p in pieces(root) if p.get("data-owner") == HOSTILE.replace("\x01", "")]
    assert len(owned) == sum(n for (_, owner), n in expected_pieces(view).items() if owner == HOSTILE) == 6
    for use in pieces(root):
        for token in classes(use):
            assert token == css_token(token)
    assert '<img src=x onerror="alert(1)">' in texts(root, "panel")


def test_rendering_is_deterministic_and_rounded() -> None:
    """design §8: the same view gives the same bytes; coordinates have at most 2 decimals."""
    first, second = render(capture()), render(capture())
    assert first == second
    assert not re.search(r"\d\.\d{3,}", first)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, (*prefix, index)))
    return found


CAPTURE_PATHS = _paths(capture())


def _set(view: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    node: Any = view
    for step in path[:-1]:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return
    last = path[-1]
    if isinstance(node, dict) or isinstance(node, list) and isinstance(last, int) and last < len(node):
        node[last] = value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(CAPTURE_PATHS), JSONISH), min_size=1, max_size=6))
def test_malformed_views_render_without_errors(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    """design §7: odd data in a view is skipped or shown as text, never a crash."""
    view = capture()
    for path, value in changes:
        _set(view, path, value)
    parse(render(view))


@pytest.mark.parametrize("phase", [["roll"], {"name": "roll"}])
def test_unhashable_phase_renders_the_rows(phase: Any) -> None:
    """design §7: a phase that is no text (a list, an object) is shown as text, never a crash;
    the rows a view of equal data shares are looked up by value, so this once raised."""
    view = capture()
    view["phase"] = phase
    root = parse(render(view))
    assert root.tag.endswith("svg")


# ---------------------------------------------------------------- our own engine's views


@pytest.mark.parametrize("size", ["standard", "grand"])
def test_engine_views_render_with_every_piece(size: str) -> None:
    """design §4: the engine's views are the wire shape, so they render like the capture."""
    from toolkit.games.base import get_game

    game = get_game("codex")
    state = game.new_game(11, {"players": [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}], "board": size})
    chooser = random.Random(f"render-{size}")
    for step in range(160):
        seats = game.to_move(state)
        moves = list(game.legal_moves(state, seats[0])) if seats else []
        if not moves:
            break
        game.apply(state, chooser.choice(moves))
        if step % 40 == 39:
            view = game.view(state, None)
            root = parse(render(view))
            assert drawn_pieces(root) == expected_pieces(view)
            assert len(of_kind(root, "robber")) == (1 if view["robberActive"] else 0)


# ---------------------------------------------------------------- the command line


def test_frames_state_draws_the_capture(tmp_path: Path) -> None:
    """design §8: `frames --state FILE` renders a play request through the frame path, as one SVG."""
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["frames", "--state", str(CAPTURE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["play-request-full.svg"]
    svg = files[0].read_text(encoding="utf-8")
    assert svg == render_state(CAPTURE)
    view = capture()
    action = "Position from play-request-full.json (game capture-game, version 135)"
    assert svg == draw(ADAPTER, FrameDrawer(ADAPTER.board(view)), view, action)
    assert drawn_pieces(parse(svg)) == expected_pieces(view)


def test_frames_state_accepts_a_bare_state(tmp_path: Path) -> None:
    """design §8: a file holding the state object itself renders the same position."""
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(capture()), encoding="utf-8")
    result = CliRunner().invoke(cli, ["frames", "--state", str(bare), "-o", str(tmp_path / "o"), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "ok": True, "exit": 0, "out": str(tmp_path / "o"), "frames": ["bare.svg"], "errors": []
    }
    svg = (tmp_path / "o" / "bare.svg").read_text(encoding="utf-8")
    assert drawn_pieces(parse(svg)) == expected_pieces(capture())


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file [not_found]"),
        (
            "{not json",
            "malformed JSON at line 1 column 2: Expecting property name enclosed in double quotes"
            " [not_json]",
        ),
        ('{"format": "replaykit/save@1", "game": "pioneers"}', "not a codex state: no board [not_a_state]"),
        ('{"state": {"board": {"hexes": {}}}}', "not a codex state: no board.hexes [not_a_state]"),
        ("[1, 2]", "not a codex state: not a JSON object [not_a_state]"),
    ],
)
def test_frames_state_refuses_bad_input_in_one_line(
    tmp_path: Path, content: str | None, message: str
) -> None:
    """design §7: a missing, non-JSON or non-codex file is one line on stderr and exit 1."""
    path = tmp_path / "state.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["frames", "--state", str(path), "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr == f"{path}: {message}\n"
    assert not out.exists()


def test_frames_needs_a_save_or_a_state_but_not_both(tmp_path: Path) -> None:
    """design §7: usage errors exit 2."""
    runner = CliRunner()
    assert runner.invoke(cli, ["frames", "-o", str(tmp_path)]).exit_code == 2
    both = runner.invoke(cli, ["frames", str(CAPTURE), "--state", str(CAPTURE), "-o", str(tmp_path)])
    assert both.exit_code == 2


def test_pieces_follow_the_board_and_keep_their_tuple_while_it_is_unchanged() -> None:
    """Views of one position share one board: their pieces are one tuple. A view of another
    board gets that board's pieces, and an equal board drawn again gives an equal tuple."""
    view = capture()
    first = ADAPTER.pieces(view)
    assert ADAPTER.pieces({**view, "players": dict(view["players"])}) is first
    moved = capture()
    edge = next(e for e in moved["board"]["edges"].values() if e["roadOwnerPlayerId"] is None)
    edge["roadOwnerPlayerId"] = next(iter(moved["players"]))
    more = ADAPTER.pieces(moved)
    assert len([p for p in more if p.kind == "road"]) == len([p for p in first if p.kind == "road"]) + 1
    assert ADAPTER.pieces(capture()) == first


def test_rows_are_made_again_exactly_when_what_they_show_changed() -> None:
    """A row is the same object while its player's entry and the facts it reads are equal; a
    player whose points changed gets a new row showing them, the others keep theirs."""
    view = capture()
    seats = {p["seatIndex"] for p in view["players"].values()}
    first = ADAPTER.rows(view, seats)
    assert all(a is b for a, b in zip(ADAPTER.rows(capture(), seats), first, strict=True))
    scored = capture()
    pid, entry = next(iter(scored["players"].items()))
    entry["victoryPoints"] += 1
    after = ADAPTER.rows(scored, seats)
    changed = [row for row, old in zip(after, first, strict=True) if row is not old]
    assert [row.seat for row in changed] == [entry["seatIndex"]]
    assert changed[0].score == str(view["players"][pid]["victoryPoints"] + 1)


def test_the_header_is_made_again_only_when_what_it_reads_changed() -> None:
    """An equal view gives the header made before, itself; another turn number gives a new one."""
    first = ADAPTER.header(capture())
    assert ADAPTER.header(capture()) is first
    later = capture()
    later["turnNumber"] += 1
    assert ADAPTER.header(later).turn == f"Turn {capture()['turnNumber'] + 1}"


def test_the_header_follows_an_open_decision_by_its_words_alone() -> None:
    """A header's open decision shows as its phrase: a decision that changed in what the phrase
    does not say keeps the header made before, itself; one that says another thing gets a new one."""
    adapter = CodexAdapter()
    view = capture()
    pid = next(iter(view["players"]))
    offer = {"offer": {"wool": 1}, "want": {"ore": 1}, "bids": [], "passedPlayerIds": []}
    pending = {"type": "domesticTradeResponse", "actingPlayerId": pid, "allowedPlayerIds": []}
    pending["payload"] = offer
    first = adapter.header({**view, "pendingDecision": pending})
    cheaper = {**pending, "payload": {**offer, "want": {"ore": 2}}}
    assert adapter.header({**view, "pendingDecision": cheaper}) is first
    robber = {"type": "chooseRobberHex", "actingPlayerId": pid, "allowedPlayerIds": [pid], "payload": {}}
    other = adapter.header({**view, "pendingDecision": robber})
    assert other.acting != first.acting
    assert other == CodexAdapter().header({**view, "pendingDecision": robber})


def test_the_foot_is_made_again_exactly_when_a_fact_it_reads_changed() -> None:
    """An equal view gives the foot made before, itself; a bank, a trade open to bids and a
    standing want each change the fact that shows them, and an open decision that is no trade
    leaves the foot as it was."""
    adapter = CodexAdapter()
    first = adapter.foot(capture())
    assert adapter.foot(capture()) is first
    decided = capture()
    decided["pendingDecision"] = {"type": "chooseRobberHex", "actingPlayerId": "p1", "payload": {}}
    assert adapter.foot(decided) is first
    richer = capture()
    richer["bankResources"] = {k: 7 for k in richer["bankResources"]}
    bank = next(f for f in adapter.foot(richer).facts if f.key == "bank")
    assert bank.value.startswith("7 ")
    trade = capture()
    pid = next(iter(trade["players"]))
    trade["pendingDecision"] = {
        "type": "domesticTradeResponse",
        "actingPlayerId": pid,
        "allowedPlayerIds": [],
        "payload": {"offer": {"wool": 1}, "want": {"ore": 1}, "bids": [], "passedPlayerIds": []},
    }
    assert [f.key for f in adapter.foot(trade).facts].count("auction") == 1
    wanting = capture()
    wanting["players"][pid]["standingWant"] = {"offer": {"wool": 2}, "want": {"ore": 1}}
    assert "want" in [f.key for f in adapter.foot(wanting).facts]
    assert adapter.foot(capture()) == first


def test_remembered_parts_equal_parts_made_afresh_through_a_game() -> None:
    """Every row, the pieces, the header and the foot the codex adapter gives from its memory, at
    every frame of a replay and for every seat's view, equal what a new adapter makes from that
    view alone."""
    remembering = CodexAdapter()
    for _, snap in snapshots(load(REPLAYS / "codex-four-player-joaquim-wins.json"), None, 240):
        for key, view in snap.views.items():
            seats = {s for s, _ in remembering.players(view)}
            assert remembering.rows(view, seats) == CodexAdapter().rows(view, seats), (snap.index, key)
        spectator = snap.views["spectator"]
        fresh = CodexAdapter()
        assert remembering.pieces(spectator) == fresh.pieces(spectator), snap.index
        assert remembering.header(spectator) == fresh.header(spectator), snap.index
        assert remembering.foot(spectator) == fresh.foot(spectator), snap.index
        assert remembering.track_note(spectator) == fresh.track_note(spectator), snap.index
