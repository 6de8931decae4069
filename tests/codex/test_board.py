"""Board geometry, ids and the seeded layout of the codex engine."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli import cli as cli_main
from toolkit.games.codex import GAME
from toolkit.games.codex import constants as C
from toolkit.games.codex.board import generate_layout, token_conflict, topology

CAPTURE = Path(__file__).parent / "data" / "play-request-full.json"


def capture_board() -> dict:
    return json.loads(CAPTURE.read_text())["state"]["board"]


@pytest.mark.parametrize(
    ("size", "hexes", "ints", "edges", "coast"),
    [("standard", 19, 54, 72, 30), ("grand", 37, 96, 132, 42)],
)
def test_board_counts(size: str, hexes: int, ints: int, edges: int, coast: int) -> None:
    """codex-rules §3 (board): hex, intersection, edge and coastal-edge counts per size."""
    t = topology(size)
    got = (len(t.hex_ids), len(t.int_ids), len(t.edge_ids), len(t.coastal_cycle))
    assert got == (hexes, ints, edges, coast)


@pytest.mark.parametrize(("size", "rows"), [("standard", [3, 4, 5, 4, 3]), ("grand", [4, 5, 6, 7, 6, 5, 4])])
def test_board_rows(size: str, rows: list[int]) -> None:
    """codex-rules §3: the standard board has rows 3-4-5-4-3, the grand one 4-5-6-7-6-5-4."""
    t = topology(size)
    per_row = Counter(r for _, r in t.hex_coords)
    assert [per_row[r] for r in sorted(per_row)] == rows


@pytest.mark.parametrize("size", ["standard", "grand"])
def test_id_scheme(size: str) -> None:
    """digest §6 (id scheme): corners name their 3 hexes sorted; edges name 2 corners sorted."""
    t = topology(size)
    for iid in t.int_ids:
        parts = iid.split("|")
        assert len(parts) == 3 and parts == sorted(parts)
    for e, eid in enumerate(t.edge_ids):
        a, b = t.edge_ends[e]
        assert eid == "--".join(sorted((t.int_ids[a], t.int_ids[b])))
    for i in range(len(t.int_ids)):
        assert 2 <= len(t.int_edges[i]) <= 3
        assert 1 <= len(t.int_hexes[i]) <= 3


def test_capture_ids_exist_in_standard_board() -> None:
    """digest §6 (id scheme): every hex, corner and edge id of the real capture is ours."""
    board = capture_board()
    t = topology("standard")
    assert set(board["hexes"]) == set(t.hex_ids)
    assert set(board["intersections"]) == set(t.int_ids)
    assert set(board["edges"]) == set(t.edge_ids)
    for iid, entry in board["intersections"].items():
        i = t.int_index[iid]
        assert [t.hex_ids[h] for h in t.int_hexes[i]] == entry["adjacentHexIds"]
        assert sorted(t.edge_ids[e] for e in t.int_edges[i]) == sorted(entry["adjacentEdgeIds"])


def test_tip_edges_match_digest() -> None:
    """digest §5(b): the six standard corner-tip edges, the top-left one first on the cycle."""
    t = topology("standard")
    tips = {t.edge_ids[e] for e in t.tip_edges}
    assert tips == {
        "-1,-2|0,-2|0,-3--0,-2|0,-3|1,-3",
        "2,-2|2,-3|3,-3--2,-2|3,-2|3,-3",
        "2,0|2,1|3,0--2,0|3,-1|3,0",
        "-1,3|0,2|0,3--0,2|0,3|1,2",
        "-2,2|-2,3|-3,3---2,2|-3,2|-3,3",
        "-2,-1|-2,0|-3,0---2,0|-3,0|-3,1",
    }
    assert t.coastal_cycle[0] == t.edge_index["-1,-2|0,-2|0,-3--0,-2|0,-3|1,-3"]
    assert sorted(t.coastal_cycle.index(e) for e in t.tip_edges) == [0, 5, 10, 15, 20, 25]


@pytest.mark.parametrize("size", ["standard", "grand"])
def test_coastal_cycle_is_a_ring(size: str) -> None:
    """digest §5(b): consecutive coastal edges share a corner, walking the whole coast once."""
    t = topology(size)
    cyc = t.coastal_cycle
    for k, e in enumerate(cyc):
        nxt = cyc[(k + 1) % len(cyc)]
        assert set(t.edge_ends[e]) & set(t.edge_ends[nxt])


def test_capture_harbors_sit_on_our_slots() -> None:
    """digest §5(b): the captured harbors are on coastal indices 2, 6, 8, 12, 16, 18, 22, 26, 28."""
    t = topology("standard")
    slots = []
    for h in capture_board()["harbors"]:
        a, b = (t.int_index[x] for x in h["intersectionIds"])
        e = t.edge_between(a, b)
        assert e is not None
        slots.append(t.coastal_cycle.index(e))
    assert sorted(slots) == list(C.HARBOR_SLOTS["standard"])


@pytest.mark.parametrize("size", ["standard", "grand"])
def test_terrain_mix_and_determinism(size: str) -> None:
    """codex-rules §3: terrain is shuffled deterministically per seed, with the board's mix."""
    mix = C.STANDARD_MIX if size == "standard" else C.GRAND_MIX
    one = generate_layout(size, "s1")
    assert Counter(one.terrain) == Counter(mix)
    assert generate_layout(size, "s1").terrain == one.terrain
    assert any(generate_layout(size, f"s{k}").terrain != one.terrain for k in range(2, 6))


def test_standard_spiral_order() -> None:
    """digest §6 item 2: the A-R spiral runs counter-clockwise from the top-left corner hex."""
    t = topology("standard")
    expected = "0,-2 -1,-1 -2,0 -2,1 -2,2 -1,2 0,2 1,1 2,0 2,-1 2,-2 1,-2 0,-1 -1,0 -1,1 0,1 1,0 1,-1 0,0"
    assert [t.hex_ids[h] for h in t.spiral] == expected.split()


@pytest.mark.parametrize("seed", range(40))
def test_standard_tokens_follow_spiral_skipping_desert(seed: int) -> None:
    """codex-rules §3 / digest §6 item 2: letters A..R go along the spiral; the desert has none."""
    t = topology("standard")
    layout = generate_layout("standard", seed)
    laid = [layout.tokens[h] for h in t.spiral if layout.terrain[h] != "desert"]
    assert laid == list(C.SPIRAL_TOKENS)
    desert = layout.terrain.index("desert")
    assert layout.tokens[desert] is None
    assert sorted(v for v in layout.tokens if v is not None) == sorted(C.TOKEN_POOL)


def test_grand_tokens_constrained_over_many_seeds() -> None:
    """codex-rules §3: grand tokens are two pools with equal, 6/8 and 2/12 tokens kept apart."""
    t = topology("grand")
    for seed in range(1000):
        layout = generate_layout("grand", seed)
        assert sorted(v for v in layout.tokens if v is not None) == sorted(C.TOKEN_POOL * 2)
        for h, v in enumerate(layout.tokens):
            if v is None:
                assert layout.terrain[h] == "desert"
                continue
            for n in t.hex_neighbors[h]:
                w = layout.tokens[n]
                assert w is None or not token_conflict(v, w), (seed, h, n)


@pytest.mark.parametrize("size", ["standard", "grand"])
@pytest.mark.parametrize("seed", range(10))
def test_harbor_rules(size: str, seed: int) -> None:
    """codex-rules §3 (harbors): 9 harbors, coastal edges only, never on a tip, none sharing a corner."""
    t = topology(size)
    layout = generate_layout(size, seed)
    assert len(layout.harbors) == 9
    assert Counter(h.kind for h in layout.harbors) == Counter(C.HARBOR_TYPES)
    corners: list[int] = []
    for h in layout.harbors:
        assert h.edge in t.coastal_cycle
        assert h.edge not in t.tip_edges
        assert set(h.intersections) == set(t.edge_ends[h.edge])
        corners.extend(h.intersections)
    assert len(corners) == len(set(corners))


@pytest.mark.parametrize("seed", range(8))
def test_grand_board_follows_the_ruling_on_its_mix_and_harbors(seed: int) -> None:
    """digest §7 item 13 (as-built ruling 11): the grand board doubles the standard terrain counts
    (hills 6, forest 8, mountains 6, fields 8, pasture 8) and adds one desert, and its nine harbors
    sit on coastal positions 3, 9, 12, 17, 23, 26, 31, 37 and 40 counted from the top-left tip."""
    t = topology("grand")
    layout = generate_layout("grand", seed)
    assert Counter(layout.terrain) == Counter(
        {"hills": 6, "forest": 8, "mountains": 6, "fields": 8, "pasture": 8, "desert": 1})
    slots = sorted(t.coastal_cycle.index(h.edge) for h in layout.harbors)
    assert slots == [3, 9, 12, 17, 23, 26, 31, 37, 40]


def board_json(*args: str) -> dict:
    result = CliRunner().invoke(cli_main, ["board", "codex", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(("size", "flags"), [("standard", []), ("grand", ["--grand"])])
def test_board_command_lists_the_harbor_slots(size: str, flags: list[str]) -> None:
    """codex-rules §3 (harbors) / digest §5(b): `board codex --json` shows the nine fixed harbor
    slots on coastal edges (not tips, no shared corner) and the kinds to be placed on them."""
    out = board_json(*flags)
    t = topology(size)
    assert len(out["harbors"]) == 9
    assert sorted(t.coastal_cycle.index(t.edge_index[h["edgeId"]]) for h in out["harbors"]) == sorted(
        C.HARBOR_SLOTS[size])
    corners = [i for h in out["harbors"] for i in h["intersectionIds"]]
    assert len(corners) == len(set(corners)) == 18
    assert {t.edge_ids[e] for e in t.tip_edges}.isdisjoint(h["edgeId"] for h in out["harbors"])
    assert out["harborTypes"] == sorted(C.HARBOR_TYPES)
    assert all("type" not in h for h in out["harbors"])


@pytest.mark.parametrize(("size", "flags"), [("standard", []), ("grand", ["--grand"])])
def test_board_command_with_seed_matches_a_new_game(size: str, flags: list[str]) -> None:
    """codex-rules §3: with --seed the command shows the terrain, tokens and harbor kinds that a
    game with that seed is dealt."""
    out = board_json(*flags, "--seed", "31")
    game = GAME.new_game("31", {"players": [{"id": "a"}, {"id": "b"}], "board": size})
    wire = GAME.view(game, None)["board"]
    assert {h["id"]: (h["type"], h["numberToken"]) for h in out["hexes"]} == {
        k: (v["type"], v["numberToken"]) for k, v in wire["hexes"].items()}
    assert sorted((h["id"], h["type"], sorted(h["intersectionIds"])) for h in out["harbors"]) == sorted(
        (h["id"], h["type"], sorted(h["intersectionIds"])) for h in wire["harbors"])


def test_board_command_seed_is_codex_only() -> None:
    """design §7: --seed only makes sense where the layout depends on it (usage error otherwise)."""
    result = CliRunner().invoke(cli_main, ["board", "pioneers", "--seed", "3"])
    assert result.exit_code == 2 and "--seed" in result.output
