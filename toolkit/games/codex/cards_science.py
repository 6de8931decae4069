"""The science deck's cards (rules §14, science; digest §3).

* Augury (before rolling, once a turn): the player fixes both production dice, the second
  being the red die; only the event die is still thrown.
* Mason: the play itself raises one named track a level, one commodity cheaper than
  ``improveCity`` (never below nothing); the metropolis host rule applies.
* Engineering: a free wall on one of the player's unwalled cities (a wall must be in supply
  and fewer than 3 of theirs on the board).
* Geomancer: two different land hexes with tokens exchange their tokens; a 2, 6, 8 or 12 is
  never moved; the robber stays where it is.
* Aqueducts / Delving: 2 grain (2 ore) for every different fields (mountains) hex touching
  any building of the player, as far as the bank stocks it; playable with nothing to gain.
* Apothecary: the play upgrades a settlement of the player to a city for 2 ore + 1 grain (a
  sideways pillaged piece must be the one, and needs no city from supply).
* Tempering: up to two free knight promotions, one at a time, under the usual promotion
  rules (one per knight per turn, mighty only from politics level 3); the player may stop.
* Causeway: free roads, as many as two and as the supply allows, placed one by one like
  bought roads; they must be placed while a legal spot remains.
* Annals: a VP card, revealed when drawn; it is never held, so never played.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import building, improvements, knights
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    accepted,
    allowed,
    close,
    event,
    hex_of,
    install,
    intersection_of,
    knight_of,
    pay,
    require_afford,
    take_from_bank,
)
from toolkit.games.codex.progress import candidates, card, resolver
from toolkit.games.codex.state import State

Events = list[dict[str, Any]]

PROTECTED_NUMBER_TOKENS = frozenset({2, 6, 8, 12})
APOTHECARY_COST: dict[str, int] = {"ore": 2, "grain": 1}
HARVEST_PER_HEX = 2
TEMPERING_STEPS = 2
CAUSEWAY_ROADS = 2


# ------------------------------------------------------------------------------ Augury


def _die(payload: dict[str, Any], key: str) -> int:
    value = payload.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise IllegalMove("bad_payload", f"{key} must be a die value from 1 to 6")
    return value


@card("scienceAugury", deck="science", timing="preRoll", keys=("die1", "die2"))
def augury(state: State, seat: int, payload: dict[str, Any]) -> Events:
    d1, d2 = _die(payload, "die1"), _die(payload, "die2")
    state.dice_preset = (d1, d2)
    return [event("augury", f"{state.players[seat].id} sets the production dice to {d1} and {d2}")]


@candidates("scienceAugury")
def augury_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"die1": a, "die2": b} for a in range(1, 7) for b in range(1, 7)]


# ------------------------------------------------------------------------------- Mason


@card("scienceMason", deck="science", keys=("track",))
def mason(state: State, seat: int, payload: dict[str, Any]) -> Events:
    track = improvements.check_improve(state, seat, payload, discount=1)
    return improvements.improve(state, seat, track, discount=1)


@candidates("scienceMason")
def mason_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    tracks = ({"track": track} for track in C.TRACKS)
    return accepted(lambda payload: improvements.check_improve(state, seat, payload, discount=1), tracks)


# ------------------------------------------------------------------------- Engineering


@card("scienceEngineering", deck="science", keys=("intersectionId",))
def engineering(state: State, seat: int, payload: dict[str, Any]) -> Events:
    i = intersection_of(state, payload)
    building.check_wall_target(state, seat, i)
    changed(state, "b_wall", seat)
    state.players[seat].walls -= 1
    state.b_wall[i] = True
    where = state.topo.int_ids[i]
    return [event("engineering", f"{state.players[seat].id} walls the city at {where} for free")]


@candidates("scienceEngineering")
def engineering_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"intersectionId": state.topo.int_ids[i]} for i in _own(state, seat, "city")
            if allowed(building.check_wall_target, state, seat, i)]


def _own(state: State, seat: int, kind: str) -> list[int]:
    """The corners holding ``seat``'s pieces of ``kind`` (settlement or city)."""
    return [i for i, k in enumerate(state.b_type) if k == kind and state.b_owner[i] == seat]


# --------------------------------------------------------------------------- Geomancer


def movable_token(state: State, h: int) -> bool:
    token = state.tokens[h]
    return state.terrain[h] != "desert" and token is not None and token not in PROTECTED_NUMBER_TOKENS


@card("scienceGeomancer", deck="science", keys=("hexAId", "hexBId"))
def geomancer(state: State, seat: int, payload: dict[str, Any]) -> Events:
    a, b = hex_of(state, payload, "hexAId"), hex_of(state, payload, "hexBId")
    if a == b:
        raise IllegalMove("same_hex", "name two different hexes")
    for h in (a, b):
        if not movable_token(state, h):
            where = state.topo.hex_ids[h]
            raise IllegalMove("protected_token", f"hex {where} has no token that may move (2, 6, 8, 12 stay)")
    changed(state, "tokens")
    state.tokens[a], state.tokens[b] = state.tokens[b], state.tokens[a]
    ids = state.topo.hex_ids
    return [event("geomancer", f"{state.players[seat].id} swaps the tokens of {ids[a]} and {ids[b]}")]


@candidates("scienceGeomancer")
def geomancer_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Pairs whose tokens differ (swapping equal tokens is legal but changes nothing, so such
    pairs are listed only when no other pair exists)."""
    ids = state.topo.hex_ids
    hexes = [h for h in range(len(state.tokens)) if movable_token(state, h)]
    pairs = [(a, b) for k, a in enumerate(hexes) for b in hexes[k + 1:]]
    useful = [(a, b) for a, b in pairs if state.tokens[a] != state.tokens[b]]
    return [{"hexAId": ids[a], "hexBId": ids[b]} for a, b in (useful or pairs)]


# ----------------------------------------------------------------- Aqueducts / Delving


def touching_hexes(state: State, seat: int, terrain: str) -> list[int]:
    """Different hexes of ``terrain`` touching any building of ``seat``."""
    found = {
        h
        for i, kind in enumerate(state.b_type)
        if kind is not None and state.b_owner[i] == seat
        for h in state.topo.int_hexes[i]
        if state.terrain[h] == terrain
    }
    return sorted(found)


def harvest(state: State, seat: int, terrain: str, name: str) -> Events:
    resource = C.TERRAIN_RESOURCE[terrain]
    owed = HARVEST_PER_HEX * len(touching_hexes(state, seat, terrain))
    got = min(owed, state.bank[resource])
    take_from_bank(state, seat, resource, got)
    return [event(name, f"{state.players[seat].id} takes {got} {resource}")]


@card("scienceIrrigation", deck="science")
def aqueducts(state: State, seat: int, payload: dict[str, Any]) -> Events:
    _no_keys(payload)
    return harvest(state, seat, "fields", "aqueducts")


@card("scienceMining", deck="science")
def delving(state: State, seat: int, payload: dict[str, Any]) -> Events:
    _no_keys(payload)
    return harvest(state, seat, "mountains", "delving")


def _no_keys(payload: dict[str, Any]) -> None:
    if payload:
        extra = ", ".join(sorted(payload))
        raise IllegalMove("bad_payload", f"this card takes no payload keys (got {extra})")


def _always(state: State, seat: int) -> list[dict[str, Any]]:
    return [{}]


candidates("scienceIrrigation")(_always)
candidates("scienceMining")(_always)


# --------------------------------------------------------------------------- Apothecary


def check_apothecary(state: State, seat: int, payload: dict[str, Any]) -> int:
    i = intersection_of(state, payload)
    building.check_city_target(state, seat, i)
    require_afford(state, seat, APOTHECARY_COST, "Apothecary's city")
    return i


@card("scienceMedicine", deck="science", keys=("intersectionId",))
def apothecary(state: State, seat: int, payload: dict[str, Any]) -> Events:
    i = check_apothecary(state, seat, payload)
    pay(state, seat, APOTHECARY_COST)
    building.upgrade_to_city(state, seat, i)
    return [event("apothecary", f"{state.players[seat].id} builds a city at {state.topo.int_ids[i]}")]


@candidates("scienceMedicine")
def apothecary_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    settlements = ({"intersectionId": state.topo.int_ids[i]} for i in _own(state, seat, "settlement"))
    return accepted(lambda payload: check_apothecary(state, seat, payload), settlements)


# ---------------------------------------------------------------------------- Tempering


def promotable(state: State, seat: int) -> list[str]:
    return [k.id for k in knights.own_knights(state, seat, knights.check_promotion_rules)]


@card("scienceTempering", deck="science", optional=True)
def tempering(state: State, seat: int, payload: dict[str, Any]) -> Events:
    _no_keys(payload)
    if not promotable(state, seat):
        return [event("tempering", f"{state.players[seat].id} has no knight to promote")]
    install(state, "smithingPromote", seat, [seat], {"promotionsRemaining": TEMPERING_STEPS})
    return []


candidates("scienceTempering")(_always)


def smithing_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "smithingPromote":
        return []
    return [{"knightId": kid} for kid in promotable(state, seat)] + [{"skip": True}]


@resolver("smithingPromote", smithing_candidates)
def smithing_promote(state: State, seat: int, payload: dict[str, Any]) -> Events:
    assert state.pending is not None
    p = state.players[seat]
    if payload.get("skip") is True:
        if set(payload) != {"skip"}:
            raise IllegalMove("bad_payload", "a skip carries no other keys")
        close(state)
        return [event("smithingPromote", f"{p.id} stops promoting")]
    knight = knight_of(state, payload)
    target = knights.check_promotion_rules(state, seat, knight)
    changed(state, "knights", seat)
    p.knights[knight.level] += 1
    p.knights[target] -= 1
    knight.level = target
    p.knight_promotions_used.append(knight.id)
    left = int(state.pending["payload"]["promotionsRemaining"]) - 1
    if left <= 0 or not promotable(state, seat):
        close(state)
    else:
        changed(state, "pending")
        state.pending["payload"]["promotionsRemaining"] = left
    return [event("smithingPromote", f"{p.id} promotes knight {knight.id} to {target} for free")]


# ----------------------------------------------------------------------------- Causeway


@card("scienceRoadBuilding", deck="science")
def causeway(state: State, seat: int, payload: dict[str, Any]) -> Events:
    _no_keys(payload)
    p = state.players[seat]
    if not building.any_road_spot(state, seat):
        return [event("causeway", f"{p.id} has nowhere to place a road")]
    changed(state, seat)
    p.free_roads = min(CAUSEWAY_ROADS, p.roads)
    install(state, "roadBuildingPlace", seat, [seat], {"maySkip": False}, {"source": "causeway"})
    return [event("causeway", f"{p.id} may place {p.free_roads} free road(s)")]


candidates("scienceRoadBuilding")(_always)
