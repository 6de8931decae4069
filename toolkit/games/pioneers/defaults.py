"""The decision the engine takes for a seat that timed out, erred, moved illegally,
or has resigned.

* setup: the lowest vertex open to a settlement, with its lowest free edge;
* turn: end the turn;
* discard: take one card at a time from the largest pile (the earlier resource in
  brick, lumber, wool, grain, ore order on a tie) until enough are gone;
* bandit: the lowest-numbered hex the bandit is not on, robbing nobody;
* trade: decline.
"""

from __future__ import annotations

from typing import Any

from .board import NUM_HEXES, NUM_VERTICES, VERTEX_EDGES
from .building import distance_ok
from .fields import bundle_dict
from .state import State


def default_setup(s: State) -> dict[str, Any]:
    for v in range(NUM_VERTICES):
        if not distance_ok(s, v):
            continue
        for e in VERTEX_EDGES[v]:
            if s.road_owner[e] == -1:
                return {"settlement": v, "road": e}
    raise AssertionError("no setup placement is possible")


def default_discard(hand: list[int], need: int) -> dict[str, int]:
    left = list(hand)
    drop = [0] * 5
    for _ in range(need):
        biggest = max(range(5), key=lambda i: (left[i], -i))
        left[biggest] -= 1
        drop[biggest] += 1
    return bundle_dict(drop)


def default_bandit(s: State) -> dict[str, Any]:
    hexes = [h for h in range(NUM_HEXES) if h != s.bandit]
    return {"hex": hexes[0], "victim": None}


def default_action(s: State, seat: int, kind: str) -> dict[str, Any]:
    """The default answer to a ``kind`` decision owed by ``seat``."""
    if kind == "setup":
        return default_setup(s)
    if kind == "turn":
        return {"type": "end_turn"}
    if kind == "discard":
        return {"cards": default_discard(s.hands[seat], s.discard_need[seat])}
    if kind == "bandit":
        return default_bandit(s)
    if kind == "trade":
        return {"accept": False}
    raise ValueError(f"unknown decision kind {kind!r}")
