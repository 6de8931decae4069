"""Choosing the first player and the two placement rounds (rules §4).

* First player: everyone rolls two dice; the highest total starts; tied leaders roll again
  among themselves. Fifty tied rounds in a row is treated as a broken invariant.
* Round 1 (``setup1``) walks the seats from the first player; each places a settlement and
  then, as a ``placeSetupRoad`` decision, a road touching it.
* Round 2 (``setup2``) walks the same order backwards and places a city instead; after its
  road the player receives one resource per numbered hex around that city (each limited
  by what the bank still holds; commodities are never granted in setup).
* A setup building needs an empty corner with no building on any neighbouring corner;
  knights do not count for that distance rule.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex import longest_road
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    accepted,
    close,
    edge_of,
    event,
    install,
    intersection_of,
    require_pending,
    take_from_bank,
)
from toolkit.games.codex.state import State
from toolkit.rng import Stream


class InvariantFailure(RuntimeError):
    """A situation the rules promise never happens."""


def roll_first_player(seed: str | int, player_ids: list[str]) -> tuple[int, list[dict[str, Any]]]:
    """Seat of the first player and the log of every roll made to find them."""
    log: list[dict[str, Any]] = []
    contenders = list(range(len(player_ids)))
    for rnd in range(1, C.FIRST_PLAYER_MAX_TIED_ROUNDS + 1):
        totals: dict[int, int] = {}
        for seat in contenders:
            stream = Stream(seed, f"first:{rnd}:{player_ids[seat]}")
            dice = [stream.die(), stream.die()]
            totals[seat] = sum(dice)
            log.append({"round": rnd, "playerId": player_ids[seat], "dice": dice})
        best = max(totals.values())
        leaders = [s for s in contenders if totals[s] == best]
        if len(leaders) == 1:
            return leaders[0], log
        contenders = leaders
    raise InvariantFailure(f"first-player roll tied {C.FIRST_PLAYER_MAX_TIED_ROUNDS} rounds in a row")


def start_setup(state: State, first: int) -> None:
    changed(state, "first_player", "setup_order")
    state.first_player = first
    order = state.seat_order_from(first)
    state.setup_order = order + order[::-1]
    state.setup_step = 0
    state.phase = "setup1"
    state.current = first


def distance_ok(state: State, i: int) -> bool:
    """No building on any corner one edge away (a knight there does not matter)."""
    return all(state.b_type[n] is None for n in state.topo.int_neighbors[i])


def check_setup_building(state: State, seat: int, payload: dict[str, Any]) -> int:
    if state.phase not in ("setup1", "setup2"):
        raise IllegalMove("wrong_phase", "setup placement is over")
    if state.pending is not None:
        raise IllegalMove("pending_open", f"the {state.pending['type']} decision must be answered first")
    if seat != state.current:
        raise IllegalMove("not_your_turn", f"it is {state.players[state.current].id}'s placement")
    i = intersection_of(state, payload)
    if state.occupied(i):
        raise IllegalMove("occupied", "that corner already holds a piece")
    if not distance_ok(state, i):
        raise IllegalMove("distance_rule", "a neighbouring corner holds a building")
    p = state.players[seat]
    if state.phase == "setup1" and p.settlements <= 0:
        raise IllegalMove("no_pieces_left", "no settlement left in supply")
    if state.phase == "setup2" and p.cities <= 0:
        raise IllegalMove("no_pieces_left", "no city left in supply")
    return i


def place_setup_building(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i = check_setup_building(state, seat, payload)
    p = state.players[seat]
    changed(state, "b_owner", "b_type", seat)
    state.b_owner[i] = seat
    if state.phase == "setup1":
        state.b_type[i] = "settlement"
        p.settlements -= 1
        kind = "settlement"
    else:
        state.b_type[i] = "city"
        p.cities -= 1
        kind = "city"
    install(state, "placeSetupRoad", seat, [seat], {"buildingIntersectionId": state.topo.int_ids[i]})
    return [event("placeSetupBuilding", f"{p.id} places a {kind} at {state.topo.int_ids[i]}")]


def check_setup_road(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_pending(state, seat, "placeSetupRoad")
    assert state.pending is not None
    e = edge_of(state, payload)
    building = state.topo.int_index[state.pending["payload"]["buildingIntersectionId"]]
    if building not in state.topo.edge_ends[e]:
        raise IllegalMove("not_connected", "the setup road must touch the building just placed")
    if state.road[e] != -1:
        raise IllegalMove("occupied", "that edge already holds a road")
    if state.players[seat].roads <= 0:
        raise IllegalMove("no_pieces_left", "no road left in supply")
    return e


def setup_grant(state: State, seat: int, i: int) -> dict[str, int]:
    """One resource per numbered hex around corner ``i``, each clamped to the bank."""
    got: dict[str, int] = {}
    for h in state.topo.int_hexes[i]:
        if state.tokens[h] is None or state.terrain[h] == "desert":
            continue
        kind = C.TERRAIN_RESOURCE[state.terrain[h]]
        if state.bank[kind] > 0:
            take_from_bank(state, seat, kind, 1)
            got[kind] = got.get(kind, 0) + 1
    return got


def place_setup_road(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    e = check_setup_road(state, seat, payload)
    assert state.pending is not None
    building = state.topo.int_index[state.pending["payload"]["buildingIntersectionId"]]
    p = state.players[seat]
    changed(state, "road", seat)
    state.road[e] = seat
    p.roads -= 1
    close(state)
    events = [event("placeSetupRoad", f"{p.id} places a road on {state.topo.edge_ids[e]}")]
    if state.phase == "setup2":
        got = setup_grant(state, seat, building)
        if got:
            listing = ", ".join(f"{n} {k}" for k, n in got.items())
            events.append(event("setupGrant", f"{p.id} receives {listing}"))
    longest_road.recompute(state)
    state.setup_step += 1
    n = len(state.players)
    if state.setup_step >= 2 * n:
        state.phase = "roll"
        state.turn_number = 1
        state.current = state.first_player
    else:
        state.phase = "setup1" if state.setup_step < n else "setup2"
        state.current = state.setup_order[state.setup_step]
    return events


def setup_building_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Setup placements (§4.2-4.5): for the placing seat with no decision open and the piece of
    this round in supply, every empty corner that keeps the distance rule."""
    if state.phase not in ("setup1", "setup2") or state.pending is not None or seat != state.current:
        return []
    p = state.players[seat]
    if (p.settlements if state.phase == "setup1" else p.cities) <= 0:
        return []
    return [{"intersectionId": iid} for i, iid in enumerate(state.topo.int_ids)
            if not state.occupied(i) and distance_ok(state, i)]


def setup_road_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None:
        return []
    building = state.topo.int_index[state.pending["payload"]["buildingIntersectionId"]]
    edges = ({"edgeId": state.topo.edge_ids[e]} for e in state.topo.int_edges[building])
    return accepted(lambda payload: check_setup_road(state, seat, payload), edges)
