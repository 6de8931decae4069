"""The reference listing: legal moves found by trying every board place through the full rule check.

This is how the engine listed moves before it generated them from the position: for the piece
placements (setup buildings, roads, settlements, cities, walls, knight recruits) and the knight
actions it offered every intersection, edge or own knight to the action's own ``check_*``
function and kept those that passed. It is slow and obviously right, so the property tests
compare the engine's generated listing against it. Auction answers are listed here as the engine
first listed them: every bid option built and then tried for whether the bidder holds what it
gives, a pass offered when its check lets it through. Robber hexes, the roll and city
improvements are tried through their full checks too (every hex with the robber's target check,
the roll with the dice thrown, every track). Other action types use the engine's own candidates
(they never tried ids one by one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.games.codex import building, dice, domestic, engine, improvements, knights, resume, robber, setup
from toolkit.games.codex import constants as C
from toolkit.games.codex.flow import PENDING_ANSWERS, accepted, allowed, turn_action_open
from toolkit.games.codex.state import Knight, State

Payloads = list[dict[str, Any]]


def _every(state: State, seat: int, check: Callable[..., Any], key: str, ids: tuple[str, ...]) -> Payloads:
    return accepted(lambda payload: check(state, seat, payload), ({key: x} for x in ids))


def _corners(check: Callable[..., Any]) -> Callable[[State, int], Payloads]:
    return lambda s, p: _every(s, p, check, "intersectionId", s.topo.int_ids)


def _own_knight_ids(state: State, seat: int, check: Callable[..., Any]) -> Payloads:
    payloads = [{"knightId": k} for k in sorted(state.knights) if state.knights[k].owner == seat]
    return accepted(lambda payload: check(state, seat, payload), payloads)


def _setup_roads(state: State, seat: int) -> Payloads:
    if state.pending is None or state.pending["type"] != "placeSetupRoad":
        return []
    building_at = state.topo.int_index[state.pending["payload"]["buildingIntersectionId"]]
    edges = ({"edgeId": state.topo.edge_ids[e]} for e in state.topo.int_edges[building_at])
    return accepted(lambda payload: setup.check_setup_road(state, seat, payload), edges)


def _bids(state: State, seat: int) -> Payloads:
    """Every bid option (at terms, sweetened, one more asked, swap counters), kept when the bidder
    holds what it gives and it is not the bid already standing; equal terms listed once."""
    pending = state.pending
    if pending is None or pending["type"] != domestic.PENDING:
        return []
    if state.players[seat].id not in pending["allowedPlayerIds"]:
        return []
    offer = domestic.as_bundle(pending["payload"]["offer"])
    want = domestic.as_bundle(pending["payload"]["want"])
    options = [(offer, want)]
    for k in C.MATERIALS:
        if k not in offer:
            sweet = dict(want)
            sweet[k] = sweet.get(k, 0) + 1
            if not (len(sweet) == 1 and sweet[k] == 2 and list(offer.values()) == [2]):
                options.append((offer, sweet))
    options += [({**offer, k: offer[k] + 1}, want) for k in C.MATERIALS if k in offer]
    for k in C.MATERIALS:
        rest = {t: n for t, n in offer.items() if t != k}
        options.append((rest or {next(t for t in C.MATERIALS if t != k): 1}, {k: 1}))
    bid = next((b for b in pending["payload"]["bids"] if b["responderId"] == state.players[seat].id), None)
    standing = None if bid is None else (domestic.as_bundle(bid["offer"]), domestic.as_bundle(bid["want"]))
    out: Payloads = []
    for o, w in options:
        wire = {"offer": domestic.as_list(o), "want": domestic.as_list(w)}
        if domestic.holds(state, seat, w) and (o, w) != standing and wire not in out:
            out.append(wire)
    return out


def _pass(state: State, seat: int) -> Payloads:
    return [{}] if allowed(domestic.check_pass, state, seat) else []


def _proposals(state: State, seat: int) -> Payloads:
    """Every (held type, other type) pair offered 1-for-1 then 2-for-1 to everyone while under the
    cap, then the first eight 1-for-1 to each responder; what this turn already proposed left out."""
    p = state.players[seat]
    if not turn_action_open(state, seat) or p.domestic_proposals >= C.MAX_DOMESTIC_PROPOSALS:
        return []
    others = domestic.responders_for(state, seat, None)
    if p.hidden_materials or not others:
        return []
    done, targeted = domestic._proposed_this_turn(state, seat)
    pairs = [(g, w) for g in C.MATERIALS if p.material(g) > 0 for w in C.MATERIALS if w != g]
    out: Payloads = []
    for size in (1, 2):
        for g, w in pairs:
            if len(out) < C.MAX_PROPOSAL_CANDIDATES and p.material(g) >= size and \
                    (((g, size),), ((w, 1),)) not in done:
                out.append({"offer": [{"type": g, "count": size}], "want": [{"type": w, "count": 1}]})
    for g, w in pairs[:8] if len(others) > 1 else []:
        terms = (((g, 1),), ((w, 1),))
        for s in others:
            if terms not in done and (terms, state.players[s].id) not in targeted:
                out.append({"offer": [{"type": g, "count": 1}], "want": [{"type": w, "count": 1}],
                            "targetPlayerId": state.players[s].id})
    return out


def _acting_knights(state: State, seat: int) -> list[Knight]:
    return knights.own_knights(state, seat, knights.require_can_act)


def _knight_moves(state: State, seat: int) -> Payloads:
    """Moves of the knights the full acting check lets through, to the corners they reach."""
    if not turn_action_open(state, seat):
        return []
    ids = state.topo.int_ids
    return [{"knightId": k.id, "intersectionId": ids[i]}
            for k in _acting_knights(state, seat) for i in knights.reachable_empty(state, seat, k.at)]


def _displacements(state: State, seat: int) -> Payloads:
    """Displacements: opponent knights strictly weaker than an acting knight that reaches them."""
    if state.pending is not None:
        return knights.displace_candidates(state, seat)  # a retreat answer lists the offered corners
    if not turn_action_open(state, seat):
        return []
    out = []
    for k in _acting_knights(state, seat):
        for i in knights.reachable(state, seat, k.at):
            other = state.knight_at[i]
            if other is not None and state.knights[other].owner != seat and \
                    knights.strength(k) > knights.strength(state.knights[other]):
                out.append({"knightId": k.id, "intersectionId": state.topo.int_ids[i]})
    return out


def _robber_hexes(state: State, seat: int) -> Payloads:
    """Every hex the robber's target check lets through, tried one by one."""
    if state.pending is None or state.pending["type"] not in ("chooseRobberHex", "chooseRobberDestination"):
        return []
    hexes = ({"hexId": h} for h in state.topo.hex_ids)
    return accepted(lambda payload: robber.check_robber_target(state, payload), hexes)


def _roll(state: State, seat: int) -> Payloads:
    """The roll when its full check, dice thrown, lets it through."""
    return [{}] if allowed(dice.check_roll, state, seat) else []


def _improvements(state: State, seat: int) -> Payloads:
    """Every track the full improvement check lets through in the current player's action phase."""
    if not turn_action_open(state, seat):
        return []
    tracks = ({"track": t} for t in C.TRACKS)
    return accepted(lambda payload: improvements.check_improve(state, seat, payload), tracks)


def _chases(state: State, seat: int) -> Payloads:
    """Chases by the own knights the full chase check lets through."""
    if state.pending is not None:
        return _robber_hexes(state, seat)  # the destination answer lists hexes
    payloads = [{"knightId": k.id} for k in knights.own_knights(state, seat)]
    return accepted(lambda payload: robber.check_chase(state, seat, payload), payloads)


TRIALS: dict[str, Callable[[State, int], Payloads]] = {
    "placeSetupBuilding": _corners(setup.check_setup_building),
    "placeSetupRoad": _setup_roads,
    "buildRoad": lambda s, p: _every(s, p, building.check_road, "edgeId", s.topo.edge_ids),
    "buildSettlement": _corners(building.check_settlement),
    "buildCity": _corners(building.check_city),
    "buildCityWall": _corners(building.check_wall),
    "recruitKnight": _corners(knights.check_recruit),
    "activateKnight": lambda s, p: _own_knight_ids(s, p, knights.check_activate),
    "promoteKnight": lambda s, p: _own_knight_ids(s, p, knights.check_promote),
    "domesticTradeBid": _bids,
    "domesticTradePass": _pass,
    "domesticTradePropose": _proposals,
    "moveKnight": _knight_moves,
    "displaceKnight": _displacements,
    "chaseRobber": _chases,
    "chooseRobberHex": _robber_hexes,
    "rollDice": _roll,
    "improveCity": _improvements,
}


def legal_moves_by_trial(state: State, seat: int) -> list[dict[str, Any]]:
    """The engine's listing for ``seat``, with placements and knight actions found by trial."""
    if state.phase == "gameOver" or seat not in engine.to_move(state):
        return []
    if state.pending is not None:
        kinds = list(PENDING_ANSWERS.get(state.pending["type"], ()))
    else:
        kinds = [k for k in engine.DISPATCH if k not in engine.PENDING_ANSWERS_ONLY]
    pid = state.players[seat].id
    out: list[dict[str, Any]] = []
    for kind in kinds:
        spec = engine.DISPATCH.get(kind)
        if spec is None or spec.candidates is None:
            continue
        trial = TRIALS.get(kind, spec.candidates)
        out += [{"playerId": pid, "type": kind, "payload": payload} for payload in trial(state, seat)]
    if state.pending_ctx.get("gap") is not None:  # as the engine: a loaded decision's unanswerable moves
        out = [m for m in out if resume.answerable(state, m["type"], m["payload"])]
    return out
