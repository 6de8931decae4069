"""Where roads, settlements and cities may go, and placing them.

* A road needs a free edge that joins the seat's network: one of its ends holds the
  seat's own town, or carries another of the seat's roads and is not occupied by an
  opponent's town (a rival town cuts the network at its vertex).
* A settlement needs a free vertex whose neighbours are all free too (the distance
  rule) and, outside setup, one of the seat's roads touching it.
* A city replaces one of the seat's own settlements; the settlement piece returns to
  the seat's supply.

The small tests here are plain loops rather than ``any``/``all`` over a generator: every
move runs them, and a generator costs a frame of its own on each call.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .board import EDGE_VERTICES, NUM_VERTICES, VERTEX_EDGES, VERTEX_NEIGHBOURS
from .constants import CITY, SETTLEMENT
from .state import State


def distance_ok(s: State, v: int) -> bool:
    """The vertex and all its neighbours are free of towns."""
    owner = s.bld_owner
    if owner[v] != -1:
        return False
    for w in VERTEX_NEIGHBOURS[v]:  # noqa: SIM110 (a plain loop: this is the hot path)
        if owner[w] != -1:
            return False
    return True


def _joins_at(s: State, seat: int, v: int, extra: int) -> bool:
    """Whether a new road of ``seat`` touching vertex ``v`` joins its network there."""
    owner = s.bld_owner[v]
    if owner == seat:
        return True
    if owner != -1:
        return False
    roads = s.road_owner
    for e in VERTEX_EDGES[v]:  # noqa: SIM110 (a plain loop: this is the hot path)
        if roads[e] == seat or e == extra:
            return True
    return False


def road_connected(s: State, seat: int, e: int, extra: int = -1) -> bool:
    """Edge ``e`` would join ``seat``'s network (``extra``: a road counted as already built)."""
    a, b = EDGE_VERTICES[e]
    return _joins_at(s, seat, a, extra) or _joins_at(s, seat, b, extra)


def road_edges(s: State, seat: int, extra: int = -1) -> Iterator[int]:
    """Free edges where ``seat`` may build a road now, in no set order and possibly repeated.

    They are the free edges at the vertices the network reaches: the seat's towns, and
    its roads' ends not held by a rival. A generator, so that asking whether there is
    one at all stops at the first.
    """
    roads = s.road_owner
    bld = s.bld_owner
    for v in s.seat_buildings[seat]:
        for e in VERTEX_EDGES[v]:
            if roads[e] == -1 and e != extra:
                yield e
    for road in s.seat_roads[seat] if extra < 0 else [*s.seat_roads[seat], extra]:
        for v in EDGE_VERTICES[road]:
            owner = bld[v]
            if owner == -1 or owner == seat:
                for e in VERTEX_EDGES[v]:
                    if roads[e] == -1 and e != extra:
                        yield e


def legal_road_edges(s: State, seat: int, extra: int = -1) -> list[int]:
    """Free edges where ``seat`` may build a road now, ascending."""
    return sorted(set(road_edges(s, seat, extra)))


def settlement_ok(s: State, seat: int, v: int) -> bool:
    """``seat`` may settle ``v`` in the main game (free, distance rule, own road touching)."""
    if not distance_ok(s, v):
        return False
    return touches_own_road(s, seat, v)


def touches_own_road(s: State, seat: int, v: int) -> bool:
    """One of ``seat``'s roads ends at vertex ``v``."""
    roads = s.road_owner
    for e in VERTEX_EDGES[v]:  # noqa: SIM110 (a plain loop: this is the hot path)
        if roads[e] == seat:
            return True
    return False


def settlement_spots(s: State, seat: int) -> Iterator[int]:
    """Vertices ``seat`` may settle now (ends of its roads that pass the distance rule), maybe repeated."""
    for e in s.seat_roads[seat]:
        for v in EDGE_VERTICES[e]:
            if distance_ok(s, v):
                yield v


def legal_settlement_vertices(s: State, seat: int) -> list[int]:
    return sorted(set(settlement_spots(s, seat)))


def setup_vertices(s: State) -> list[int]:
    """Vertices open to a setup settlement (distance rule only, as :func:`distance_ok` states it).

    The towns on the board are the seats' building lists (each town is in its owner's).
    """
    blocked = set()
    for towns in s.seat_buildings:
        for v in towns:
            blocked.add(v)
            blocked.update(VERTEX_NEIGHBOURS[v])
    return [v for v in range(NUM_VERTICES) if v not in blocked]


def own_settlements(s: State, seat: int) -> list[int]:
    kinds = s.bld_kind
    return sorted(v for v in s.seat_buildings[seat] if kinds[v] == SETTLEMENT)


def place_road(s: State, seat: int, e: int) -> None:
    s.road_owner[e] = seat
    s.seat_roads[seat].append(e)
    s.roads_left[seat] -= 1
    s.road_dirty[seat] = True


def place_settlement(s: State, seat: int, v: int) -> None:
    s.bld_owner[v] = seat
    s.bld_kind[v] = SETTLEMENT
    s.seat_buildings[seat].append(v)
    s.settlements_left[seat] -= 1
    # A new town can cut a rival's road through this vertex.
    roads = s.road_owner
    for e in VERTEX_EDGES[v]:
        other = roads[e]
        if other != -1 and other != seat:
            s.road_dirty[other] = True


def place_city(s: State, seat: int, v: int) -> None:
    s.bld_kind[v] = CITY
    s.settlements_left[seat] += 1
    s.cities_left[seat] -= 1


def pay(hand: list[int], cost: Sequence[int]) -> None:
    """Take a cost vector out of a hand."""
    for i in range(5):
        hand[i] -= cost[i]


def affords(hand: Sequence[int], cost: Sequence[int]) -> bool:
    """The hand holds at least the cost vector, resource by resource."""
    for i in range(5):  # noqa: SIM110 (a plain loop: this is the hot path)
        if hand[i] < cost[i]:
            return False
    return True
