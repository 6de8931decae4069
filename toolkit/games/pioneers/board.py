"""The island's fixed geometry: hex, vertex and edge numbering, adjacency and ports.

Everything here is derived once, at import, from the lattice description of the
board; nothing is typed in but the shape (rows of 3-4-5-4-3), the corner offsets,
the ring positions of the ports and the order of their kinds.

* Hexes are numbered row by row, top to bottom and left to right.
* Each hex sits on an integer lattice; its six corners are fixed offsets from its
  centre, listed clockwise from the top. The distinct corners, ordered by ``(y, x)``,
  are the vertices.
* The distinct hex sides, written as ``(lower vertex, higher vertex)`` and ordered by
  that pair, are the edges.
* The coast is the set of edges that border a single hex. Walking it as a ring from
  the lowest-numbered coastal edge, heading to that edge's higher vertex, the ports
  occupy a fixed set of ring positions.
"""

from __future__ import annotations

ROW_LENGTHS: tuple[int, ...] = (3, 4, 5, 4, 3)
ROW_SHIFT: tuple[int, ...] = (2, 1, 0, 1, 2)
CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))

PORT_RING_POSITIONS: tuple[int, ...] = (0, 3, 7, 10, 13, 17, 20, 23, 27)
# Port kinds in ring order: "generic" trades 3:1, a resource name trades that resource 2:1.
PORT_KINDS: tuple[str, ...] = (
    "generic",
    "brick",
    "generic",
    "lumber",
    "generic",
    "wool",
    "grain",
    "generic",
    "ore",
)

Point = tuple[int, int]


def hex_centres() -> list[Point]:
    """Lattice centre of each hex, in hex-id order."""
    centres: list[Point] = []
    for row, length in enumerate(ROW_LENGTHS):
        for col in range(length):
            centres.append((2 * col + ROW_SHIFT[row], 3 * row))
    return centres


def _derive() -> tuple[list[Point], list[tuple[int, ...]], list[tuple[int, int]]]:
    centres = hex_centres()
    corner_points = [[(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS] for cx, cy in centres]
    points = sorted({p for corners in corner_points for p in corners}, key=lambda p: (p[1], p[0]))
    index = {p: i for i, p in enumerate(points)}
    hex_vertices = [tuple(index[p] for p in corners) for corners in corner_points]
    sides = set()
    for verts in hex_vertices:
        for k in range(6):
            a, b = verts[k], verts[(k + 1) % 6]
            sides.add((min(a, b), max(a, b)))
    edges = sorted(sides)
    return points, hex_vertices, edges


VERTEX_POINTS, HEX_VERTICES, EDGE_VERTICES = _derive()
HEX_CENTRES: list[Point] = hex_centres()
NUM_HEXES = len(HEX_VERTICES)
NUM_VERTICES = len(VERTEX_POINTS)
NUM_EDGES = len(EDGE_VERTICES)
EDGE_ID: dict[tuple[int, int], int] = {pair: i for i, pair in enumerate(EDGE_VERTICES)}


def _edge_of(a: int, b: int) -> int:
    return EDGE_ID[(a, b) if a < b else (b, a)]


HEX_EDGES: list[tuple[int, ...]] = [
    tuple(_edge_of(verts[k], verts[(k + 1) % 6]) for k in range(6)) for verts in HEX_VERTICES
]

_vh: list[list[int]] = [[] for _ in range(NUM_VERTICES)]
for _h, _verts in enumerate(HEX_VERTICES):
    for _v in _verts:
        _vh[_v].append(_h)
VERTEX_HEXES: list[tuple[int, ...]] = [tuple(sorted(hs)) for hs in _vh]

_ve: list[list[int]] = [[] for _ in range(NUM_VERTICES)]
for _e, (_a, _b) in enumerate(EDGE_VERTICES):
    _ve[_a].append(_e)
    _ve[_b].append(_e)
VERTEX_EDGES: list[tuple[int, ...]] = [tuple(sorted(es)) for es in _ve]
VERTEX_NEIGHBOURS: list[tuple[int, ...]] = [
    tuple(sorted(EDGE_VERTICES[e][0] + EDGE_VERTICES[e][1] - v for e in VERTEX_EDGES[v]))
    for v in range(NUM_VERTICES)
]

_eh: list[list[int]] = [[] for _ in range(NUM_EDGES)]
for _h, _es in enumerate(HEX_EDGES):
    for _e in _es:
        _eh[_e].append(_h)
EDGE_HEXES: list[tuple[int, ...]] = [tuple(sorted(hs)) for hs in _eh]
COASTAL_EDGES: list[int] = [e for e in range(NUM_EDGES) if len(EDGE_HEXES[e]) == 1]


def coast_ring() -> list[int]:
    """The coastal edges in walking order, starting at the lowest-id coastal edge and
    heading towards its higher vertex."""
    coastal = set(COASTAL_EDGES)
    start = COASTAL_EDGES[0]
    ring = [start]
    at = EDGE_VERTICES[start][1]
    previous = start
    while True:
        nxt = [e for e in VERTEX_EDGES[at] if e in coastal and e != previous]
        if len(nxt) != 1:
            raise AssertionError("the coast is not a simple ring")
        edge = nxt[0]
        if edge == start:
            break
        ring.append(edge)
        a, b = EDGE_VERTICES[edge]
        at = b if a == at else a
        previous = edge
    return ring


COAST_RING: list[int] = coast_ring()


def _ports() -> list[tuple[str, int, tuple[int, int]]]:
    """``(kind, ratio, (v1, v2))`` for each port in ring order."""
    ports = []
    for kind, position in zip(PORT_KINDS, PORT_RING_POSITIONS, strict=True):
        a, b = EDGE_VERTICES[COAST_RING[position]]
        ports.append((kind, 3 if kind == "generic" else 2, (a, b)))
    return ports


PORTS: list[tuple[str, int, tuple[int, int]]] = _ports()

# Per vertex: the index into PORTS of the port touching it, or -1.
VERTEX_PORT: list[int] = [-1] * NUM_VERTICES
for _p, (_kind, _ratio, (_a, _b)) in enumerate(PORTS):
    VERTEX_PORT[_a] = _p
    VERTEX_PORT[_b] = _p

# Production weight of a number token: how many of the 36 dice outcomes roll it.
PIPS: dict[int, int] = {n: 6 - abs(7 - n) for n in range(2, 13) if n != 7}
