"""The board numbering and ports, checked against the tables printed in the spec."""

from __future__ import annotations

from toolkit.games.pioneers import GAME, board
from toolkit.games.pioneers.constants import DESERT, NUMBER_TOKENS, TERRAIN_COUNTS

# pioneers.md §Numbering: each hex's six vertices in corner order, as printed in the spec.
SPEC_HEX_VERTICES = {
    0: (0, 4, 8, 12, 7, 3),
    1: (1, 5, 9, 13, 8, 4),
    2: (2, 6, 10, 14, 9, 5),
    3: (7, 12, 17, 22, 16, 11),
    4: (8, 13, 18, 23, 17, 12),
    5: (9, 14, 19, 24, 18, 13),
    6: (10, 15, 20, 25, 19, 14),
    7: (16, 22, 28, 33, 27, 21),
    8: (17, 23, 29, 34, 28, 22),
    9: (18, 24, 30, 35, 29, 23),
    10: (19, 25, 31, 36, 30, 24),
    11: (20, 26, 32, 37, 31, 25),
    12: (28, 34, 39, 43, 38, 33),
    13: (29, 35, 40, 44, 39, 34),
    14: (30, 36, 41, 45, 40, 35),
    15: (31, 37, 42, 46, 41, 36),
    16: (39, 44, 48, 51, 47, 43),
    17: (40, 45, 49, 52, 48, 44),
    18: (41, 46, 50, 53, 49, 45),
}

# pioneers.md §Ports: the nine resolved ports in ring order.
SPEC_PORTS = [
    ("generic", 3, (0, 3)),
    ("brick", 2, (11, 16)),
    ("generic", 3, (33, 38)),
    ("lumber", 2, (47, 51)),
    ("generic", 3, (49, 52)),
    ("wool", 2, (42, 46)),
    ("grain", 2, (26, 32)),
    ("generic", 3, (10, 15)),
    ("ore", 2, (1, 5)),
]


def test_counts() -> None:
    """pioneers.md §Numbering: 19 hexes, 54 vertices, 72 edges; §Ports: 30 coastal edges."""
    assert board.NUM_HEXES == 19
    assert board.NUM_VERTICES == 54
    assert board.NUM_EDGES == 72
    assert len(board.COASTAL_EDGES) == 30
    assert len(board.COAST_RING) == 30


def test_first_edges() -> None:
    """pioneers.md §Numbering: edge 0 is (0,3) and edge 1 is (0,4)."""
    assert board.EDGE_VERTICES[0] == (0, 3)
    assert board.EDGE_VERTICES[1] == (0, 4)


def test_hex_vertex_table_matches_spec() -> None:
    """pioneers.md §Numbering: the derived hex→vertices table equals the printed table, in full."""
    assert {h: tuple(v) for h, v in enumerate(board.HEX_VERTICES)} == SPEC_HEX_VERTICES


def test_ports_match_spec() -> None:
    """pioneers.md §Ports: ring positions 0,3,7,10,13,17,20,23,27 resolve to the printed nine ports."""
    assert board.PORTS == SPEC_PORTS


def test_vertices_sorted_by_row_then_column() -> None:
    """pioneers.md §Numbering: vertex ids grow left to right, top to bottom."""
    keys = [(y, x) for x, y in board.VERTEX_POINTS]
    assert keys == sorted(keys)
    assert len(set(keys)) == 54


def test_edges_sorted_pairs() -> None:
    """pioneers.md §Numbering: edges are (low, high) pairs sorted by (low, high)."""
    assert all(a < b for a, b in board.EDGE_VERTICES)
    assert sorted(board.EDGE_VERTICES) == board.EDGE_VERTICES


def test_hexes_row_major() -> None:
    """pioneers.md §Numbering: rows of 3-4-5-4-3, numbered row-major."""
    rows = [y for _, y in board.HEX_CENTRES]
    assert [rows.count(3 * r) for r in range(5)] == [3, 4, 5, 4, 3]
    assert sorted(board.HEX_CENTRES, key=lambda p: (p[1], p[0])) == board.HEX_CENTRES


def test_adjacency_is_consistent() -> None:
    """pioneers.md §Numbering: every vertex joins 2 or 3 edges; the coast is a single ring."""
    for v in range(board.NUM_VERTICES):
        assert len(board.VERTEX_EDGES[v]) in (2, 3)
        assert len(board.VERTEX_NEIGHBOURS[v]) == len(board.VERTEX_EDGES[v])
        assert 1 <= len(board.VERTEX_HEXES[v]) <= 3
    assert sorted(board.COAST_RING) == board.COASTAL_EDGES
    for h in range(board.NUM_HEXES):
        assert len(set(board.HEX_EDGES[h])) == 6


def test_shuffle_uses_the_fixed_mix() -> None:
    """pioneers.md §The board: 3 brick, 4 lumber, 4 wool, 4 grain, 3 ore, 1 desert; the token pool;
    bandit on desert."""
    for seed in ("a", "b", 7):
        s = GAME.new_game(seed, {"players": [{"name": "x"}, {"name": "y"}, {"name": "z"}]})
        assert [s.hex_res.count(t) for t in range(6)] == list(TERRAIN_COUNTS)
        assert sorted(t for t in s.hex_token if t) == sorted(NUMBER_TOKENS)
        desert = s.hex_res.index(DESERT)
        assert s.hex_token[desert] == 0
        assert s.bandit == desert


def test_different_seeds_shuffle_differently() -> None:
    """pioneers.md §The board: each match shuffles resources and tokens by its seed; ports never move."""
    one = GAME.new_game("one", {"players": [{"name": "x"}, {"name": "y"}, {"name": "z"}]})
    two = GAME.new_game("two", {"players": [{"name": "x"}, {"name": "y"}, {"name": "z"}]})
    assert (one.hex_res, one.hex_token) != (two.hex_res, two.hex_token)
    assert GAME.view(one, None)["board"]["ports"] == GAME.view(two, None)["board"]["ports"]
