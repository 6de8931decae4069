"""Roads, settlements, cities and city walls (rules §9).

* Road (1 brick + 1 lumber): an empty edge joined to your network. An end of the edge joins
  it when that corner holds your building or your knight, or when it is free of other
  players' pieces and another of your roads meets there; an opponent's building or knight
  on a corner cuts the chain there. Supply is checked before cost.
* Settlement (1 brick + 1 lumber + 1 wool + 1 grain): an empty corner (no building, no
  knight), no building one edge away (knights do not count), one of your roads touching it.
* City (3 ore + 2 grain): upgrades your own settlement. A city piece that was pillaged and
  turned sideways must be the next settlement upgraded; that upgrade uses no supply piece.
* City wall (2 brick): on your own city without a wall, while walls remain in supply and
  you have fewer than 3 on the board.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex import longest_road
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    allowed_seats,
    check_bought_corner,
    close,
    edge_of,
    event,
    once_per_listing,
    pay,
    require_afford,
    require_pending,
    require_turn_action,
    turn_action_open,
    walls_on_board,
)
from toolkit.games.codex.setup import distance_ok
from toolkit.games.codex.state import State, positions


def end_joins(state: State, seat: int, corner: int, edge: int) -> bool:
    """Whether corner ``corner`` lets a road on ``edge`` continue ``seat``'s network."""
    if state.b_type[corner] is not None and state.b_owner[corner] == seat:
        return True
    kid = state.knight_at[corner]
    if kid is not None and state.knights[kid].owner == seat:
        return True
    if state.other_piece_at(corner, seat):
        return False
    return any(state.road[e] == seat for e in state.topo.int_edges[corner] if e != edge)


def road_connected(state: State, seat: int, edge: int) -> bool:
    a, b = state.topo.edge_ends[edge]
    return end_joins(state, seat, a, edge) or end_joins(state, seat, b, edge)


def free_road_active(state: State, seat: int) -> bool:
    pending = state.pending
    if pending is None or pending["type"] != "roadBuildingPlace":
        return False
    return state.players[seat].free_roads > 0


def check_road(state: State, seat: int, payload: dict[str, Any]) -> int:
    free = free_road_active(state, seat)
    if free:
        require_pending(state, seat, "roadBuildingPlace")
    else:
        require_turn_action(state, seat)
    e = edge_of(state, payload)
    if state.road[e] != -1:
        raise IllegalMove("occupied", "that edge already holds a road")
    if state.players[seat].roads <= 0:
        raise IllegalMove("no_pieces_left", "no road left in supply")
    if not road_connected(state, seat, e):
        raise IllegalMove("not_connected", "the road does not join your network")
    if not free:
        require_afford(state, seat, C.COSTS["road"], "a road")
    return e


def build_road(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    free = free_road_active(state, seat)
    e = check_road(state, seat, payload)
    p = state.players[seat]
    if free:
        p.free_roads -= 1
    else:
        pay(state, seat, C.COSTS["road"])
    changed(state, "road", seat)
    state.road[e] = seat
    p.roads -= 1
    if free and (p.free_roads <= 0 or not any_road_spot(state, seat)):
        p.free_roads = 0
        close(state)
    longest_road.recompute(state)
    return [event("buildRoad", f"{p.id} builds a road on {state.topo.edge_ids[e]}")]


def any_road_spot(state: State, seat: int) -> bool:
    """Whether ``seat`` has a road in supply and an edge it may go on."""
    return state.players[seat].roads > 0 and bool(_road_spots(state, seat))


def check_settlement_target(state: State, seat: int, i: int) -> None:
    if state.occupied(i):
        raise IllegalMove("occupied", "that corner already holds a piece")
    if not distance_ok(state, i):
        raise IllegalMove("distance_rule", "a neighbouring corner holds a building")
    if not any(state.road[e] == seat for e in state.topo.int_edges[i]):
        raise IllegalMove("not_connected", "a settlement needs one of your roads beside it")
    if state.players[seat].settlements <= 0:
        raise IllegalMove("no_pieces_left", "no settlement left in supply")


def check_settlement(state: State, seat: int, payload: dict[str, Any]) -> int:
    cost = C.COSTS["settlement"]
    return check_bought_corner(state, seat, payload, check_settlement_target, cost, "a settlement")


def build_settlement(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i = check_settlement(state, seat, payload)
    p = state.players[seat]
    pay(state, seat, C.COSTS["settlement"])
    changed(state, "b_owner", "b_type", seat)
    p.settlements -= 1
    state.b_owner[i] = seat
    state.b_type[i] = "settlement"
    longest_road.recompute_if_cutting(state, seat, i)
    return [event("buildSettlement", f"{p.id} builds a settlement at {state.topo.int_ids[i]}")]


def sideways_piece(state: State, seat: int) -> int | None:
    for i, flag in enumerate(state.b_sideways):
        if flag and state.b_owner[i] == seat:
            return i
    return None


def check_city_target(state: State, seat: int, i: int) -> bool:
    """Shared by paid and card upgrades; returns whether the target is a sideways piece."""
    if state.b_type[i] != "settlement" or state.b_owner[i] != seat:
        raise IllegalMove("not_your_settlement", "a city replaces one of your own settlements")
    sideways = sideways_piece(state, seat)
    if sideways is not None and sideways != i:
        raise IllegalMove("rebuild_sideways_first", "your pillaged city piece must be rebuilt first")
    if sideways is None and state.players[seat].cities <= 0:
        raise IllegalMove("no_pieces_left", "no city left in supply")
    return sideways == i


def check_city(state: State, seat: int, payload: dict[str, Any]) -> int:
    return check_bought_corner(state, seat, payload, check_city_target, C.COSTS["city"], "a city")


def upgrade_to_city(state: State, seat: int, i: int) -> None:
    p = state.players[seat]
    changed(state, "b_sideways", "b_type", seat)
    if state.b_sideways[i]:
        state.b_sideways[i] = False
    else:
        p.settlements += 1
        p.cities -= 1
    state.b_type[i] = "city"


def build_city(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i = check_city(state, seat, payload)
    pay(state, seat, C.COSTS["city"])
    upgrade_to_city(state, seat, i)
    return [event("buildCity", f"{state.players[seat].id} builds a city at {state.topo.int_ids[i]}")]


def check_wall_target(state: State, seat: int, i: int) -> None:
    if state.b_type[i] != "city" or state.b_owner[i] != seat:
        raise IllegalMove("not_your_city", "a wall goes on one of your own cities")
    if state.b_wall[i]:
        raise IllegalMove("has_wall", "that city already has a wall")
    if state.players[seat].walls <= 0:
        raise IllegalMove("no_pieces_left", "no city wall left in supply")
    if walls_on_board(state, seat) >= C.MAX_WALLS_ON_BOARD:
        raise IllegalMove("wall_limit", f"at most {C.MAX_WALLS_ON_BOARD} walls on the board")


def check_wall(state: State, seat: int, payload: dict[str, Any]) -> int:
    return check_bought_corner(state, seat, payload, check_wall_target, C.COSTS["cityWall"], "a city wall")


def build_city_wall(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i = check_wall(state, seat, payload)
    pay(state, seat, C.COSTS["cityWall"])
    changed(state, "b_wall", seat)
    state.players[seat].walls -= 1
    state.b_wall[i] = True
    return [event("buildCityWall", f"{state.players[seat].id} walls the city at {state.topo.int_ids[i]}")]


# ------------------------------------------------------------------------- candidates
#
# Listing works from the position: the phase, turn, supply and cost checks of an action are made
# once, then only the places that can pass the rest of its rule are offered, in index order (the
# order trying every place would give). ``apply`` still runs the full check on the move chosen.


def road_corners(state: State, seat: int) -> list[int]:
    """The corners at an end of one of ``seat``'s roads, in index order (worked out once while
    a position's moves are listed: roads, settlements and recruits all start from them)."""
    return once_per_listing(_road_corners, state, seat)


def _road_corners(state: State, seat: int) -> list[int]:
    ends = state.topo.edge_ends
    return sorted({c for e in positions(state.road, seat) for c in ends[e]})


def _road_spots(state: State, seat: int) -> list[int]:
    """Empty edges a road of ``seat`` may go on (§9.2): an end joins the network, and every
    end that can join is a corner of the seat's building, knight or road."""
    topo = state.topo
    starts = set(road_corners(state, seat))
    starts.update(i for i in positions(state.b_owner, seat) if state.b_type[i] is not None)
    starts.update(k.at for k in state.knights.values() if k.owner == seat and k.at >= 0)
    spots = {e for c in starts for e in topo.int_edges[c] if state.road[e] == -1}
    return [e for e in sorted(spots) if road_connected(state, seat, e)]


def road_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Roads (§9.2): a free road while a road-building decision is open for ``seat``, otherwise a
    paid one in the current player's action phase; a road left in supply."""
    if free_road_active(state, seat):
        if seat not in allowed_seats(state):
            return []
    elif not turn_action_open(state, seat) or not state.players[seat].can_pay(C.COSTS["road"]):
        return []
    if state.players[seat].roads <= 0:
        return []
    return [{"edgeId": state.topo.edge_ids[e]} for e in _road_spots(state, seat)]


def settlement_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Settlements (§9.3): empty corners beside the seat's roads that keep the distance rule."""
    p = state.players[seat]
    if not turn_action_open(state, seat) or p.settlements <= 0 or not p.can_pay(C.COSTS["settlement"]):
        return []
    ids = state.topo.int_ids
    return [{"intersectionId": ids[i]} for i in road_corners(state, seat)
            if not state.occupied(i) and distance_ok(state, i)]


def city_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Cities (§9.4): the seat's settlements; only the pillaged piece while one is sideways, and
    otherwise only while a city is left in supply."""
    p = state.players[seat]
    if not turn_action_open(state, seat) or not p.can_pay(C.COSTS["city"]):
        return []
    own = [i for i in positions(state.b_owner, seat) if state.b_type[i] == "settlement"]
    sideways = sideways_piece(state, seat)
    if sideways is not None:
        own = [i for i in own if i == sideways]
    elif p.cities <= 0:
        return []
    return [{"intersectionId": state.topo.int_ids[i]} for i in own]


def wall_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """City walls (§9.5): the seat's cities without a wall, while walls remain in supply and fewer
    than the board limit stand."""
    p = state.players[seat]
    if not turn_action_open(state, seat) or p.walls <= 0 or not p.can_pay(C.COSTS["cityWall"]):
        return []
    if walls_on_board(state, seat) >= C.MAX_WALLS_ON_BOARD:
        return []
    return [{"intersectionId": state.topo.int_ids[i]} for i in positions(state.b_owner, seat)
            if state.b_type[i] == "city" and not state.b_wall[i]]
