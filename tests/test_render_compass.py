"""A hex named alone is told apart from any other of its name by where it lies on the board."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.games.codex import GAME as CODEX
from toolkit.games.pioneers import GAME as PIONEERS
from toolkit.render.codex import ADAPTER as CODEX_ADAPTER
from toolkit.render.codex_words import spot_names
from toolkit.render.compass import MIDDLE, whereabouts
from toolkit.render.geometry import Layout, Point
from toolkit.render.pioneers import Places, geometry, hex_names

UNIT = Layout(1.0)
RING = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]  # the middle and ring 1


def at(q: int, r: int) -> Point:
    return UNIT.axial(q, r)


def test_hexes_of_one_name_are_told_by_compass_point_and_the_middle_by_itself() -> None:
    """Up is north as drawn: of two 6-forest hexes, the one above and right of the middle is
    in the north-east, the one below and left in the south-west; a shared name in the middle
    is in the middle; a hex whose name is its own gets no words."""
    hexes = [(f"{q},{r}", "desert", at(q, r)) for q, r in RING]
    hexes[0] = ("0,0", "9-fields", at(0, 0))
    hexes[2] = ("1,-1", "6-forest", at(1, -1))
    hexes[5] = ("-1,1", "6-forest", at(-1, 1))
    hexes[1] = ("1,0", "9-fields", at(1, 0))
    found = whereabouts(hexes)
    assert found["1,-1"] == "in the north-east" and found["-1,1"] == "in the south-west"
    assert found["0,0"] == MIDDLE and found["1,0"] == "in the east"
    assert "0,-1" in found  # the five deserts share a name too
    assert whereabouts(hexes[:1]) == {}


def test_finer_words_only_where_coarser_ones_are_shared() -> None:
    """Two of one name at one of eight compass points are told by sixteen; at one of sixteen,
    by how many hexes out they lie; at one distance too, by their ids."""
    span = range(-3, 4)
    board = [(f"{q},{r}", f"h{q},{r}", at(q, r)) for q in span for r in span if abs(q + r) <= 3]

    def named(pairs: dict[str, str]) -> dict[str, str]:
        hexes = [(key, pairs.get(key, name), centre) for key, name, centre in board]
        return {k: v for k, v in whereabouts(hexes).items() if k in pairs}

    # 2,-1 lies at 30 degrees, 3,-2 at 41: both north-east of eight, apart in sixteen
    assert named({"2,-1": "x", "3,-2": "x"}) == {
        "2,-1": "in the east-north-east",
        "3,-2": "in the north-east",
    }
    # 1,-1 and 3,-3 lie on one line from the middle (at 60 degrees), one and three hexes out
    assert named({"1,-1": "x", "3,-3": "x"}) == {
        "1,-1": "in the north-north-east, 1 hex out",
        "3,-3": "in the north-north-east, 3 hexes out",
    }
    assert named({"1,-1": "x", "-1,1": "x"}) == {"1,-1": "in the north-east", "-1,1": "in the south-west"}


def _pioneers_places(seed: int) -> dict[str, list[str]]:
    state = PIONEERS.new_game(seed, {"players": [{"name": n, "bot": "random"} for n in "ABC"]})
    view = PIONEERS.view(state, None)
    places, geo = Places(hex_names(view)), geometry()
    return {
        "hexes": [places.hex(h) for h, _ in hex_names(view)],
        "corners": [places.vertex(v) for v in range(len(geo.vertices))],
        "edges": [places.edge(e) for e in range(len(geo.edges))],
    }


def _codex_places(seed: int, board: str) -> dict[str, list[str]]:
    players = [{"id": f"p{k}", "name": n, "bot": "random"} for k, n in enumerate("ABC")]
    state = CODEX.new_game(seed, {"players": players, "board": board, "standingWants": False})
    view: dict[str, Any] = CODEX.view(state, None)
    name = spot_names(sorted(view["board"]["hexes"].items()))
    return {part: [name(key) for key in sorted(view["board"][table])]
            for part, table in (("hexes", "hexes"), ("corners", "intersections"), ("edges", "edges"))}


@pytest.mark.parametrize("game", ["pioneers", "codex", "codex-grand"])
def test_every_hex_corner_and_edge_of_a_board_has_words_of_its_own(game: str) -> None:
    """design §8 (the board as text): on boards of 40 seeds, no two hexes, corners or edges
    are named alike, so the narration and the board in words never leave a
    reader to guess which is meant, not even a corner and an edge: a hex whose name another
    shares says where it lies, a coast which coast of its hex, a corner of one hex which
    corner, a corner of two hexes which end of their side."""
    shared = 0
    for seed in range(40):
        if game == "pioneers":
            places = _pioneers_places(seed)
        else:
            places = _codex_places(seed, "grand" if game == "codex-grand" else "standard")
        land = [w for words in places.values() for w in words if w not in ("a corner at sea", "the open sea")]
        assert len(set(land)) == len(land), (seed, sorted({w for w in land if land.count(w) > 1}))
        shared += sum(1 for w in places["hexes"] if " in the " in w)
    assert shared > 20  # the boards do repeat names, which these words tell apart


def test_the_words_of_the_pieces_and_the_narration_agree() -> None:
    """One namer serves the pieces and the event words of a board: a hex is called the same in both."""
    players = [{"id": f"p{k}", "name": n, "bot": "random"} for k, n in enumerate("ABC")]
    state = CODEX.new_game(3, {"players": players, "board": "grand", "standingWants": False})
    view: dict[str, Any] = CODEX.view(state, None)
    hexes = sorted(view["board"]["hexes"].items())
    twice = next(key for key, _ in hexes if " in the " in spot_names(hexes)(key))
    said = CODEX_ADAPTER.plain_places(f"the robber moves to {twice}", view)
    assert said == f"the robber moves to {spot_names(hexes)(twice)}"


def test_a_coast_names_its_side_of_the_hex_and_a_two_hex_corner_its_end() -> None:
    """A hex's six corners lie at six different points of the compass, and so do its six
    sides; the two corners at the ends of the side two hexes share are told by their ends."""
    from toolkit.render.compass import Land, spot_words
    from toolkit.render.geometry import CORNERS, midpoint

    lone = Land("6-lumber", "", UNIT.point(0, 0))
    corners = [UNIT.point(dx, dy) for dx, dy in CORNERS]
    said = [spot_words(True, [lone], c) for c in corners]
    assert said[0] == "the north corner of the 6-lumber hex" and len(set(said)) == 6
    around = zip(corners, corners[1:] + corners[:1], strict=True)
    sides = [spot_words(False, [lone], midpoint(a, b)) for a, b in around]
    assert len(set(sides)) == 6 and "the east coast of the 6-lumber hex" in sides
    other = Land("8-ore", "in the east", at(1, 0))
    ends = [spot_words(True, [lone, other], c) for c in corners if c in (corners[1], corners[2])]
    assert ends == [
        "the north corner of the 6-lumber and 8-ore (in the east) hexes",
        "the south corner of the 6-lumber and 8-ore (in the east) hexes",
    ]
