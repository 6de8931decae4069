"""Opening placements.

Seats place in snake order (0 up to the last seat, then back down to 0), twice each.
Each placement is a settlement obeying the distance rule (no road needed) and a road
on a free edge touching that settlement. The second settlement pays its owner one
card for each neighbouring hex that is not desert. After the last placement seat 0
begins turn 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.games.base import Event, IllegalMove

from .board import EDGE_VERTICES, NUM_EDGES, NUM_VERTICES, VERTEX_HEXES
from .building import distance_ok, place_road, place_settlement
from .constants import DESERT
from .fields import bundle_text, check_keys, get_int, narrated
from .state import State


def setup_seat(n: int, index: int) -> int:
    """The seat making placement number ``index`` (0-based) in snake order."""
    return index if index < n else 2 * n - 1 - index


_SETTLED = "seat {} settled vertex {} with a road on edge {}".format


def _collected_text(seat: int, gain: list[int]) -> str:
    return f"seat {seat} collected {bundle_text(gain)}"


def apply_setup(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("settlement", "road"), "setup")
    v = get_int(action, "settlement", "setup", NUM_VERTICES)
    e = get_int(action, "road", "setup", NUM_EDGES)
    if s.bld_owner[v] != -1:
        raise IllegalMove("occupied", f"vertex {v} already has a town")
    if not distance_ok(s, v):
        raise IllegalMove(
            "distance_rule", f"vertex {v} is next to a town; settlements need a free vertex between"
        )
    if v not in EDGE_VERTICES[e]:
        raise IllegalMove(
            "not_connected",
            f"the setup road must touch the new settlement; edge {e} does not touch vertex {v}",
        )
    if s.road_owner[e] != -1:
        raise IllegalMove("occupied", f"edge {e} already has a road")
    second = s.setup_index >= s.n
    place_settlement(s, seat, v)
    place_road(s, seat, e)
    events = [
        narrated(
            {"type": "setup", "text": None, "seat": seat, "vertex": v, "edge": e}, _SETTLED, (seat, v, e)
        )
    ]
    if second:
        gain = [0] * 5
        for h in VERTEX_HEXES[v]:
            res = s.hex_res[h]
            if res != DESERT:
                gain[res] += 1
        hand = s.hands[seat]
        for i in range(5):
            hand[i] += gain[i]
        events.append(
            narrated(
                {"type": "setup_payout", "text": None, "seat": seat, "hands": None},
                _collected_text,
                (seat, gain),
                {seat: gain},
            )
        )
    s.setup_index += 1
    if s.setup_index < 2 * s.n:
        s.current = setup_seat(s.n, s.setup_index)
    return events
