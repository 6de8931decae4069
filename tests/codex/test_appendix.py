"""rules §17, the appendix: what each build costs and each player's supply at the start.

The appendix's tables were lost from the rules text; digest §4 and §5(a), (e) restore them
(the settlement's cost and the supply counts are the digest's rulings). These tests hold the
engine to those tables as a player meets them: a build takes exactly its cost from the hand,
one card short of it is refused, and a fresh game gives every seat the listed pieces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from codex_helpers import GAME, fresh, give, in_action, knight, move, path, put, refused, road

from toolkit.games.codex.state import State

# (digest §4, §5(e)) the cost of each build, as the appendix lists it
APPENDIX_COSTS: dict[str, dict[str, int]] = {
    "buildRoad": {"brick": 1, "lumber": 1},
    "buildSettlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "buildCity": {"ore": 3, "grain": 2},
    "buildCityWall": {"brick": 2},
    "recruitKnight": {"ore": 1, "wool": 1},
    "activateKnight": {"grain": 1},
    "promoteKnight": {"ore": 1, "wool": 1},
}

# (digest §5(a)) each player's pieces before the first placement
APPENDIX_SUPPLY = {
    "roadsInSupply": 15, "settlementsInSupply": 5, "citiesInSupply": 4, "cityWallsInSupply": 3,
    "knightsInSupply": {"basic": 2, "strong": 2, "mighty": 2},
}


def _centre(state: State) -> int:
    return state.topo.hex_intersections[state.topo.hex_index["0,0"]][0]


def _road(state: State) -> dict[str, Any]:
    start = _centre(state)
    put(state, 0, start)
    return {"edgeId": state.topo.edge_ids[state.topo.int_edges[start][0]]}


def _settlement(state: State) -> dict[str, Any]:
    start = _centre(state)
    put(state, 0, start)
    edges = path(state, start, 2)
    for e in edges:
        road(state, 0, e)
    end = state.topo.other_end(edges[1], state.topo.other_end(edges[0], start))
    return {"intersectionId": state.topo.int_ids[end]}


def _city(state: State) -> dict[str, Any]:
    i = _centre(state)
    put(state, 0, i)
    return {"intersectionId": state.topo.int_ids[i]}


def _wall(state: State) -> dict[str, Any]:
    i = _centre(state)
    put(state, 0, i, "city")
    return {"intersectionId": state.topo.int_ids[i]}


def _recruit(state: State) -> dict[str, Any]:
    i = _centre(state)
    road(state, 0, state.topo.int_edges[i][0])
    return {"intersectionId": state.topo.int_ids[i]}


def _activate(state: State) -> dict[str, Any]:
    return {"knightId": knight(state, 0, _centre(state), active=False)}


def _promote(state: State) -> dict[str, Any]:
    return {"knightId": knight(state, 0, _centre(state))}


SET_UP: dict[str, Callable[[State], dict[str, Any]]] = {
    "buildRoad": _road, "buildSettlement": _settlement, "buildCity": _city, "buildCityWall": _wall,
    "recruitKnight": _recruit, "activateKnight": _activate, "promoteKnight": _promote,
}


@pytest.mark.parametrize("action", list(APPENDIX_COSTS))
def test_a_build_takes_exactly_its_appendix_cost_from_the_hand(action: str) -> None:
    """rules §17 (digest §4, §5(e)): with exactly the listed cards in hand the build is made and
    leaves the hand empty, the cards going back to the bank; one card of any listed kind short,
    it is refused as unaffordable and nothing changes."""
    cost = APPENDIX_COSTS[action]
    state = in_action()
    payload = SET_UP[action](state)
    give(state, 0, **cost)
    bank = dict(state.bank)
    GAME.apply(state, move(state, 0, action, **payload))
    assert sum(state.players[0].res.values()) + sum(state.players[0].com.values()) == 0
    assert {k: state.bank[k] - bank[k] for k in cost} == cost
    for short in cost:
        poorer = in_action()
        payload = SET_UP[action](poorer)
        give(poorer, 0, **{**cost, short: cost[short] - 1})
        refused(poorer, 0, action, "cannot_afford", **payload)


def test_every_seat_starts_with_the_appendix_supply() -> None:
    """rules §17 (digest §5(a)): before the first placement each seat holds 15 roads, 5
    settlements, 4 cities, 3 city walls and two knights of each tier, as its view says."""
    state = fresh(11, 3)
    for seat, player in enumerate(state.players):
        shown = GAME.view(state, seat)["players"][player.id]
        assert {k: shown[k] for k in APPENDIX_SUPPLY} == APPENDIX_SUPPLY
