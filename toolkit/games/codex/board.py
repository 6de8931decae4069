"""Board geometry and the seeded board layout.

Hexes use axial coordinates ``(q, r)`` on a pointy-top grid; a board of radius ``R`` holds
every hex with ``max(|q|, |r|, |q + r|) <= R`` (radius 2: the 19-hex standard board in rows
of 3-4-5-4-3; radius 3: the 37-hex grand board, 4-5-6-7-6-5-4).

Wire ids follow the real engine:

* a hex is ``"q,r"``;
* an intersection is named by the three hexes that meet there (sea hexes included),
  their ids sorted as strings and joined with ``|``;
* an edge is named by its two intersection ids, sorted as strings and joined with ``--``.

:class:`Topology` holds the integer-indexed adjacency (built once per board size); the
string ids are kept only for the wire. :func:`generate_layout` draws terrain, number
tokens and harbors for one seed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from toolkit.games.codex import constants as C
from toolkit.records import FrozenRecord
from toolkit.rng import Stream

Coord = tuple[int, int]

# Neighbour directions in clockwise screen order starting from the upper-right one
# (pointy-top, y grows downward): NE, E, SE, SW, W, NW.
DIRECTIONS: tuple[Coord, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def hex_id(c: Coord) -> str:
    return f"{c[0]},{c[1]}"


def parse_hex_id(text: str) -> Coord:
    q, r = text.split(",")
    return int(q), int(r)


def intersection_id(coords: tuple[Coord, Coord, Coord]) -> str:
    return "|".join(sorted(hex_id(c) for c in coords))


def edge_id(a: str, b: str) -> str:
    return "--".join(sorted((a, b)))


def _center(c: Coord) -> tuple[float, float]:
    q, r = c
    return math.sqrt(3) * (q + r / 2), 1.5 * r


class Topology(NamedTuple):
    """The fixed shape of one board size, every table indexed by small integers (a named
    tuple: fixed, and cheaper to define at import than a frozen dataclass)."""

    size: str
    radius: int
    hex_coords: tuple[Coord, ...]
    hex_ids: tuple[str, ...]
    hex_index: dict[str, int]
    hex_neighbors: tuple[tuple[int, ...], ...]
    hex_intersections: tuple[tuple[int, ...], ...]
    int_ids: tuple[str, ...]
    int_index: dict[str, int]
    int_hexes: tuple[tuple[int, ...], ...]
    int_edges: tuple[tuple[int, ...], ...]
    int_neighbors: tuple[tuple[int, ...], ...]
    int_xy: tuple[tuple[float, float], ...]
    edge_ids: tuple[str, ...]
    edge_index: dict[str, int]
    edge_ends: tuple[tuple[int, int], ...]
    coastal_cycle: tuple[int, ...]
    tip_edges: tuple[int, ...]
    corner_hexes: tuple[int, ...]
    spiral: tuple[int, ...]

    def other_end(self, edge: int, end: int) -> int:
        a, b = self.edge_ends[edge]
        return b if end == a else a

    def edge_between(self, a: int, b: int) -> int | None:
        for e in self.int_edges[a]:
            if b in self.edge_ends[e]:
                return e
        return None


def _on_board(c: Coord, radius: int) -> bool:
    q, r = c
    return max(abs(q), abs(r), abs(q + r)) <= radius


@lru_cache(maxsize=4)
def topology(size: str) -> Topology:
    """The topology of ``"standard"`` or ``"grand"``; computed once and shared."""
    if size not in C.BOARD_RADIUS:
        raise ValueError(f"unknown board size {size!r}")
    radius = C.BOARD_RADIUS[size]
    coords = [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)]
    hexes = tuple(c for c in coords if _on_board(c, radius))
    hex_ids = tuple(hex_id(c) for c in hexes)
    hex_index = {h: i for i, h in enumerate(hex_ids)}

    int_ids: list[str] = []
    int_index: dict[str, int] = {}
    int_coords: list[tuple[Coord, Coord, Coord]] = []
    hex_ints: list[tuple[int, ...]] = []
    edge_ids: list[str] = []
    edge_index: dict[str, int] = {}
    edge_ends: list[tuple[int, int]] = []
    # Walk each hex's corners clockwise from the top corner, numbering new ones as met
    # (the order the real engine lists them in).
    for h in hexes:
        corners: list[int] = []
        for k in range(6):
            d1 = DIRECTIONS[(k - 1) % 6]
            d2 = DIRECTIONS[k]
            trio = (h, (h[0] + d1[0], h[1] + d1[1]), (h[0] + d2[0], h[1] + d2[1]))
            iid = intersection_id(trio)
            if iid not in int_index:
                int_index[iid] = len(int_ids)
                int_ids.append(iid)
                int_coords.append(trio)
            corners.append(int_index[iid])
        hex_ints.append(tuple(corners))
        for k in range(6):
            a, b = corners[k], corners[(k + 1) % 6]
            eid = edge_id(int_ids[a], int_ids[b])
            if eid not in edge_index:
                edge_index[eid] = len(edge_ids)
                edge_ids.append(eid)
                lo, hi = (a, b) if int_ids[a] < int_ids[b] else (b, a)
                edge_ends.append((lo, hi))

    # Land hexes of a corner, in the order met walking round the hex that first named it.
    int_hexes = tuple(
        tuple(hex_index[hex_id(c)] for c in trio if _on_board(c, radius)) for trio in int_coords
    )
    int_edges_l: list[list[int]] = [[] for _ in int_ids]
    for e, (a, b) in enumerate(edge_ends):
        int_edges_l[a].append(e)
        int_edges_l[b].append(e)
    int_neighbors = tuple(tuple(edge_ends[e][1] if edge_ends[e][0] == i else edge_ends[e][0]
                                for e in int_edges_l[i]) for i in range(len(int_ids)))
    int_xy = tuple(
        (sum(_center(c)[0] for c in trio) / 3, sum(_center(c)[1] for c in trio) / 3) for trio in int_coords
    )
    hex_neighbors = tuple(
        tuple(hex_index[hex_id((h[0] + d[0], h[1] + d[1]))] for d in DIRECTIONS
              if _on_board((h[0] + d[0], h[1] + d[1]), radius))
        for h in hexes
    )

    # Coastal edges touch exactly one land hex; order them clockwise by angle about the
    # centre, starting at the top-left corner's tip edge.
    def land_count(e: int) -> int:
        a, b = edge_ends[e]
        return len(set(int_hexes[a]) & set(int_hexes[b]))

    coastal = [e for e in range(len(edge_ids)) if land_count(e) == 1]

    def mid(e: int) -> tuple[float, float]:
        a, b = edge_ends[e]
        return (int_xy[a][0] + int_xy[b][0]) / 2, (int_xy[a][1] + int_xy[b][1]) / 2

    corner_dirs = (DIRECTIONS[5], DIRECTIONS[0], DIRECTIONS[1], DIRECTIONS[2], DIRECTIONS[3], DIRECTIONS[4])
    tips: list[int] = []
    corner_hexes: list[int] = []
    for d in corner_dirs:
        corner = (d[0] * radius, d[1] * radius)
        beyond = (corner[0] + d[0], corner[1] + d[1])
        corner_hexes.append(hex_index[hex_id(corner)])
        shared = {hex_id(corner), hex_id(beyond)}
        for e in coastal:
            a, b = edge_ends[e]
            ids = set(int_ids[a].split("|")) & set(int_ids[b].split("|"))
            if ids == shared:
                tips.append(e)
                break
    start_angle = math.atan2(mid(tips[0])[1], mid(tips[0])[0])

    def clockwise(e: int) -> float:
        x, y = mid(e)
        return (math.atan2(y, x) - start_angle) % (2 * math.pi)

    cycle = tuple(sorted(coastal, key=clockwise))

    # Counter-clockwise spiral from the top-left corner hex, ring by ring, inward.
    spiral: list[int] = []
    for ring in range(radius, 0, -1):
        pos = (0, -ring)
        # Counter-clockwise from the top-left corner: down-left along W-facing side first.
        for side in (3, 2, 1, 0, 5, 4):
            step = DIRECTIONS[side]
            for _ in range(ring):
                spiral.append(hex_index[hex_id(pos)])
                pos = (pos[0] + step[0], pos[1] + step[1])
    spiral.append(hex_index["0,0"])

    return Topology(
        size=size,
        radius=radius,
        hex_coords=hexes,
        hex_ids=hex_ids,
        hex_index=hex_index,
        hex_neighbors=hex_neighbors,
        hex_intersections=tuple(hex_ints),
        int_ids=tuple(int_ids),
        int_index=int_index,
        int_hexes=int_hexes,
        int_edges=tuple(tuple(x) for x in int_edges_l),
        int_neighbors=int_neighbors,
        int_xy=int_xy,
        edge_ids=tuple(edge_ids),
        edge_index=edge_index,
        edge_ends=tuple(edge_ends),
        coastal_cycle=cycle,
        tip_edges=tuple(tips),
        corner_hexes=tuple(corner_hexes),
        spiral=tuple(spiral),
    )


class Harbor(FrozenRecord):
    """A harbor on one coastal edge; ``kind`` is ``"3:1"`` or a resource name. Frozen: a harbor
    never changes during a game (so the digest compares harbors by identity)."""

    __slots__ = ("id", "kind", "edge", "intersections")
    id: str
    kind: str
    edge: int
    intersections: tuple[int, int]

    def __init__(self, id: str, kind: str, edge: int, intersections: tuple[int, int]) -> None:  # noqa: A002
        self.set_fields(id=id, kind=kind, edge=edge, intersections=intersections)


class Layout(NamedTuple):
    """What :func:`generate_layout` draws for one seed."""

    terrain: list[str]
    tokens: list[int | None]
    harbors: list[Harbor]


def shuffled_terrain(topo: Topology, seed: str | int) -> list[str]:
    """Terrain for every hex: the board's terrain mix in a seeded shuffle."""
    mix = C.STANDARD_MIX if topo.size == "standard" else C.GRAND_MIX
    pool = [t for t in sorted(mix) for _ in range(mix[t])]
    Stream(seed, "terrain").shuffle(pool)
    return pool


def spiral_tokens(topo: Topology, terrain: list[str]) -> list[int | None]:
    """Standard tokens: letters A..R laid along the spiral, the desert skipped."""
    tokens: list[int | None] = [None] * len(terrain)
    letters = iter(C.SPIRAL_TOKENS)
    for h in topo.spiral:
        if terrain[h] != "desert":
            tokens[h] = next(letters)
    return tokens


def token_conflict(a: int, b: int) -> bool:
    """Two tokens that may not sit on neighbouring hexes."""
    if a == b:
        return True
    if a in C.RED_TOKENS and b in C.RED_TOKENS:
        return True
    return a in C.EDGE_TOKENS and b in C.EDGE_TOKENS


def constrained_tokens(topo: Topology, terrain: list[str], seed: str | int) -> list[int | None]:
    """Grand tokens: two copies of the pool, placed hex by hex in row-major order by a
    seeded backtracking search that never puts conflicting tokens side by side.

    A search that has to undo more than ``TOKEN_SEARCH_BUDGET`` placements is abandoned
    and restarted on a fresh stream (``tokens:1``, ``tokens:2``, ...), so a bad early
    choice never costs an exponential search.
    """
    attempt = 0
    while True:
        purpose = "tokens" if attempt == 0 else f"tokens:{attempt}"
        found = _token_search(topo, terrain, Stream(seed, purpose))
        if found is not None:
            return found
        attempt += 1


TOKEN_SEARCH_BUDGET = 400


def _clash(value: int, other: int | None) -> bool:
    return other is not None and token_conflict(value, other)


def _token_search(topo: Topology, terrain: list[str], stream: Stream) -> list[int | None] | None:
    counts: dict[int, int] = {}
    for t in C.TOKEN_POOL * 2:
        counts[t] = counts.get(t, 0) + 1
    order = [h for h in range(len(terrain)) if terrain[h] != "desert"]
    tokens: list[int | None] = [None] * len(terrain)
    choices: list[list[int]] = []
    undone = 0
    i = 0
    while i < len(order):
        if i == len(choices):
            values = sorted(v for v in counts if counts[v] > 0)
            stream.shuffle(values)
            choices.append(values)
        h = order[i]
        placed = False
        while choices[i]:
            v = choices[i].pop()
            if any(_clash(v, tokens[n]) for n in topo.hex_neighbors[h]):
                continue
            tokens[h] = v
            counts[v] -= 1
            placed = True
            break
        if placed:
            i += 1
            continue
        choices.pop()
        i -= 1
        undone += 1
        if i < 0 or undone > TOKEN_SEARCH_BUDGET:
            return None
        prev = order[i]
        value = tokens[prev]
        assert value is not None
        counts[value] += 1
        tokens[prev] = None
    return tokens


def place_harbors(topo: Topology, seed: str | int) -> list[Harbor]:
    """Nine harbors on fixed coastal-cycle slots, their kinds in a seeded shuffle."""
    kinds = list(C.HARBOR_TYPES)
    Stream(seed, "harbors").shuffle(kinds)
    cycle = topo.coastal_cycle
    harbors = []
    for n, (slot, kind) in enumerate(zip(C.HARBOR_SLOTS[topo.size], kinds, strict=True)):
        e = cycle[slot]
        a, b = topo.edge_ends[e]
        nxt = cycle[(slot + 1) % len(cycle)]
        # List the two ends in clockwise walking order.
        first, second = (a, b) if b in topo.edge_ends[nxt] else (b, a)
        harbors.append(Harbor(f"harbor_{n}", kind, e, (first, second)))
    return harbors


def generate_layout(size: str, seed: str | int) -> Layout:
    topo = topology(size)
    terrain = shuffled_terrain(topo, seed)
    tokens = spiral_tokens(topo, terrain) if size == "standard" else constrained_tokens(topo, terrain, seed)
    return Layout(terrain, tokens, place_harbors(topo, seed))
