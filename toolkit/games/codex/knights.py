"""Knights: recruit, activate, promote, move and displace (rules §10).

* Recruit (1 ore + 1 wool) puts an inactive basic knight on an empty corner touching one
  of your roads.
* Activate (1 grain) makes an inactive knight active; a knight activated this turn cannot
  act this turn, and each knight is activated at most once per turn.
* Promote (1 ore + 1 wool): basic to strong, or strong to mighty when your politics level is
  at least 3; once per knight per turn, active or not, while the next tier has a piece left.
* Acting (move, displace, chase the robber) needs an active knight that was neither
  activated nor already used this turn; acting leaves it inactive.
* Reach is a search along your own roads from the knight's corner: a corner holding an
  opponent's building or knight can be reached but not passed; your own pieces never stop it.
  A move needs an empty destination; a displacement targets a reachable opponent knight of
  strictly lower strength, which must then retreat along its owner's roads to an empty
  corner (none: back to supply; one: placed there; several: its owner chooses with
  ``chooseKnightRetreat``). A retreating knight keeps its active or inactive state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import building, longest_road
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    allowed,
    check_bought_corner,
    close,
    event,
    install,
    intersection_of,
    knight_of,
    once_per_listing,
    pay,
    require_afford,
    require_pending,
    require_turn_action,
    text,
    turn_action_open,
)
from toolkit.games.codex.state import Knight, State


def strength(knight: Knight) -> int:
    return C.KNIGHT_STRENGTH[knight.level]


KnightCheck = Callable[[State, int, Knight], Any]


def own_knights(state: State, seat: int, check: KnightCheck | None = None) -> list[Knight]:
    """``seat``'s knights standing on the board, in id order; given ``check`` (a rule test that
    raises :class:`IllegalMove`), only the knights it accepts."""
    if not state.knights:
        return []
    if check is None:
        return once_per_listing(_own_knights, state, seat)
    return [k for k in once_per_listing(_own_knights, state, seat) if allowed(check, state, seat, k)]


def _own_knights(state: State, seat: int) -> list[Knight]:
    knights = state.knights
    mine = [kid for kid, knight in knights.items() if knight.owner == seat and knight.at >= 0]
    mine.sort()
    return [knights[kid] for kid in mine]


def reachable(state: State, seat: int, start: int) -> list[int]:
    """Corners reachable from ``start`` along ``seat``'s roads (``start`` included)."""
    return once_per_listing(_reachable, state, seat, start)


def _reachable(state: State, seat: int, start: int) -> list[int]:
    topo = state.topo
    seen = [False] * len(topo.int_ids)
    seen[start] = True
    order = [start]
    frontier = [start]
    while frontier:
        nxt: list[int] = []
        for u in frontier:
            for e in topo.int_edges[u]:
                if state.road[e] != seat:
                    continue
                v = topo.other_end(e, u)
                if seen[v]:
                    continue
                seen[v] = True
                order.append(v)
                if not state.other_piece_at(v, seat):
                    nxt.append(v)
        frontier = nxt
    return order


def reachable_empty(state: State, seat: int, start: int) -> list[int]:
    return [i for i in reachable(state, seat, start) if i != start and not state.occupied(i)]


def touches_own_road(state: State, seat: int, i: int) -> bool:
    return any(state.road[e] == seat for e in state.topo.int_edges[i])


def require_own(state: State, seat: int, knight: Knight) -> None:
    if knight.owner != seat:
        owner = state.players[knight.owner].id
        raise IllegalMove("not_your_knight", f"knight {knight.id} belongs to {owner}")


def can_act(state: State, seat: int, knight: Knight) -> bool:
    """Whether :func:`require_can_act` lets ``knight`` act for ``seat`` (without raising)."""
    p = state.players[seat]
    return (knight.owner == seat and knight.active and knight.id not in p.knights_activated
            and knight.id not in p.knight_actions_used)


def ready_knights(state: State, seat: int) -> list[Knight]:
    """``seat``'s knights on the board that may act this turn (:func:`can_act`), in id order."""
    return once_per_listing(_ready_knights, state, seat)


def _ready_knights(state: State, seat: int) -> list[Knight]:
    p = state.players[seat]
    activated, used = p.knights_activated, p.knight_actions_used
    # can_act, its owner test already made by own_knights
    return [k for k in own_knights(state, seat) if k.active and k.id not in activated and k.id not in used]


def require_can_act(state: State, seat: int, knight: Knight) -> None:
    require_own(state, seat, knight)
    p = state.players[seat]
    if not knight.active:
        raise IllegalMove("knight_inactive", f"knight {knight.id} is not active")
    if knight.id in p.knights_activated:
        raise IllegalMove("knight_just_activated", f"knight {knight.id} was activated this turn")
    if knight.id in p.knight_actions_used:
        raise IllegalMove("knight_already_acted", f"knight {knight.id} has already acted this turn")


# ------------------------------------------------------------------------------ recruit


def check_recruit(state: State, seat: int, payload: dict[str, Any]) -> int:
    if payload.get("level", "basic") != "basic":
        require_turn_action(state, seat)
        raise IllegalMove("bad_level", "only a basic knight can be recruited")
    return check_bought_corner(state, seat, payload, _recruit_target, C.COSTS["recruitKnight"], "a knight")


def _recruit_target(state: State, seat: int, i: int) -> None:
    if state.players[seat].knights["basic"] <= 0:
        raise IllegalMove("no_pieces_left", "no basic knight left in supply")
    if state.occupied(i):
        raise IllegalMove("occupied", "that corner already holds a piece")
    if not touches_own_road(state, seat, i):
        raise IllegalMove("not_connected", "a knight must stand next to one of your roads")


def recruit_knight(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i = check_recruit(state, seat, payload)
    p = state.players[seat]
    pay(state, seat, C.COSTS["recruitKnight"])
    changed(state, "knights", "knight_at", seat)
    p.knights["basic"] -= 1
    kid = f"knight-{p.id}-{state.version}"
    state.knights[kid] = Knight(kid, seat, "basic", False, i)
    state.knight_at[i] = kid
    longest_road.recompute_if_cutting(state, seat, i)
    return [event("recruitKnight", f"{p.id} recruits a knight at {state.topo.int_ids[i]}")]


# ----------------------------------------------------------------------------- activate


def check_activate(state: State, seat: int, payload: dict[str, Any]) -> Knight:
    require_turn_action(state, seat)
    knight = knight_of(state, payload)
    require_own(state, seat, knight)
    if knight.active:
        raise IllegalMove("knight_active", f"knight {knight.id} is already active")
    if knight.id in state.players[seat].knights_activated:
        raise IllegalMove("knight_already_activated", f"knight {knight.id} was already activated this turn")
    require_afford(state, seat, C.COSTS["activateKnight"], "activation")
    return knight


def activate_knight(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    knight = check_activate(state, seat, payload)
    pay(state, seat, C.COSTS["activateKnight"])
    changed(state, "knights", seat)
    knight.active = True
    state.players[seat].knights_activated.append(knight.id)
    return [event("activateKnight", f"{state.players[seat].id} activates knight {knight.id}")]


# ------------------------------------------------------------------------------ promote


def next_level(level: str) -> str | None:
    k = C.KNIGHT_LEVELS.index(level)
    return C.KNIGHT_LEVELS[k + 1] if k + 1 < len(C.KNIGHT_LEVELS) else None


def check_promotion_rules(state: State, seat: int, knight: Knight) -> str:
    """A promotion's rules apart from its cost and timing; returns the new level.

    Own knight, not mighty yet, not promoted this turn, politics 3 for a mighty one, and a
    knight of the new level left in supply (the Tempering card uses this as is)."""
    require_own(state, seat, knight)
    p = state.players[seat]
    target = next_level(knight.level)
    if target is None:
        raise IllegalMove("max_level", "a mighty knight cannot be promoted")
    if knight.id in p.knight_promotions_used:
        raise IllegalMove("knight_already_promoted", f"knight {knight.id} was already promoted this turn")
    if target == "mighty" and p.levels["politics"] < C.MIGHTY_POLITICS_LEVEL:
        raise IllegalMove("needs_politics", f"a mighty knight needs politics level {C.MIGHTY_POLITICS_LEVEL}")
    if p.knights[target] <= 0:
        raise IllegalMove("no_pieces_left", f"no {target} knight left in supply")
    return target


def check_promote(state: State, seat: int, payload: dict[str, Any]) -> tuple[Knight, str]:
    require_turn_action(state, seat)
    knight = knight_of(state, payload)
    target = check_promotion_rules(state, seat, knight)
    require_afford(state, seat, C.COSTS["promoteKnight"], "a promotion")
    return knight, target


def promote_knight(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    knight, target = check_promote(state, seat, payload)
    p = state.players[seat]
    pay(state, seat, C.COSTS["promoteKnight"])
    changed(state, "knights", seat)
    p.knights[knight.level] += 1
    p.knights[target] -= 1
    knight.level = target
    p.knight_promotions_used.append(knight.id)
    return [event("promoteKnight", f"{p.id} promotes knight {knight.id} to {target}")]


# --------------------------------------------------------------------------------- move


def check_move(state: State, seat: int, payload: dict[str, Any]) -> tuple[Knight, int]:
    require_turn_action(state, seat)
    knight = knight_of(state, payload)
    require_can_act(state, seat, knight)
    dest = intersection_of(state, payload)
    if state.occupied(dest):
        raise IllegalMove("occupied", "the destination must be empty")
    if dest not in reachable(state, seat, knight.at):
        raise IllegalMove("not_reachable", "the destination is not reachable along your roads")
    return knight, dest


def place_knight(state: State, knight: Knight, i: int) -> None:
    changed(state, "knights", "knight_at")
    if knight.at >= 0 and state.knight_at[knight.at] == knight.id:
        state.knight_at[knight.at] = None
    knight.at = i
    state.knight_at[i] = knight.id


def move_knight(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    knight, dest = check_move(state, seat, payload)
    src = knight.at
    place_knight(state, knight, dest)
    knight.active = False
    changed(state, "knights", seat)
    state.players[seat].knight_actions_used.append(knight.id)
    longest_road.recompute_if_cutting(state, seat, src, dest)
    where = state.topo.int_ids[dest]
    return [event("moveKnight", f"{state.players[seat].id} moves knight {knight.id} to {where}")]


def move_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is not None or state.phase != "action" or seat != state.current:
        return []
    return [
        {"knightId": knight.id, "intersectionId": state.topo.int_ids[i]}
        for knight in ready_knights(state, seat)
        for i in reachable_empty(state, seat, knight.at)
    ]


# ----------------------------------------------------------------------------- displace


def check_displace(state: State, seat: int, payload: dict[str, Any]) -> tuple[Knight, Knight]:
    require_turn_action(state, seat)
    knight = knight_of(state, payload)
    require_can_act(state, seat, knight)
    dest = intersection_of(state, payload)
    kid = state.knight_at[dest]
    if kid is None or state.knights[kid].owner == seat:
        raise IllegalMove("no_target", "no opponent knight stands there")
    victim = state.knights[kid]
    if strength(knight) <= strength(victim):
        raise IllegalMove("too_weak", "only a strictly stronger knight can displace")
    if dest not in reachable(state, seat, knight.at):
        raise IllegalMove("not_reachable", "the target is not reachable along your roads")
    return knight, victim


def displace(state: State, victim: Knight) -> list[dict[str, Any]]:
    """Send ``victim`` (already lifted from its corner) into retreat from corner ``origin``."""
    owner = victim.owner
    origin = victim.at
    changed(state, "knights", owner)
    victim.at = -1
    options = reachable_empty(state, owner, origin)
    who = state.players[owner].id
    if not options:
        del state.knights[victim.id]
        state.players[owner].knights[victim.level] += 1
        return [event("knightRetreat", f"{who}'s knight {victim.id} has nowhere to go and returns to supply")]
    if len(options) == 1:
        place_knight(state, victim, options[0])
        where = state.topo.int_ids[options[0]]
        return [event("knightRetreat", f"{who}'s knight {victim.id} retreats to {where}")]
    install(state, "chooseKnightRetreat", owner, [owner],
            {"eligibleIntersectionIds": [state.topo.int_ids[i] for i in options]}, {"knightId": victim.id})
    return []


def displace_knight(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Both forms: a displacement (``knightId`` + ``intersectionId``) or a retreat answer."""
    if state.pending is not None and state.pending["type"] == "chooseKnightRetreat":
        return retreat(state, seat, payload)
    knight, victim = check_displace(state, seat, payload)
    dest = victim.at
    changed(state, "knights", "knight_at", seat)
    state.knight_at[dest] = None
    place_knight(state, knight, dest)
    knight.active = False
    state.players[seat].knight_actions_used.append(knight.id)
    victim.at = dest
    events = [event("displaceKnight", f"{state.players[seat].id}'s knight {knight.id} displaces {victim.id}")]
    events += displace(state, victim)
    longest_road.recompute(state)
    return events


def check_retreat(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_pending(state, seat, "chooseKnightRetreat")
    assert state.pending is not None
    iid = text(payload, "intersectionId")
    if iid not in state.pending["payload"]["eligibleIntersectionIds"]:
        raise IllegalMove("bad_retreat", "choose one of the offered retreat corners")
    return state.topo.int_index[iid]


def retreat(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i = check_retreat(state, seat, payload)
    knight = state.knights[state.pending_ctx["knightId"]]
    place_knight(state, knight, i)
    close(state)
    longest_road.recompute(state)
    where = state.topo.int_ids[i]
    return [event("knightRetreat", f"{state.players[seat].id}'s knight {knight.id} retreats to {where}")]


def displace_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is not None:
        if state.pending["type"] == "chooseKnightRetreat" and state.players[seat].id in state.pending[
            "allowedPlayerIds"
        ]:
            return [{"intersectionId": i} for i in state.pending["payload"]["eligibleIntersectionIds"]]
        return []
    if state.phase != "action" or seat != state.current:
        return []
    out = []
    for knight in ready_knights(state, seat):
        for i in reachable(state, seat, knight.at):
            other = state.knight_at[i]
            if other is None or state.knights[other].owner == seat:
                continue
            if strength(knight) > strength(state.knights[other]):
                out.append({"knightId": knight.id, "intersectionId": state.topo.int_ids[i]})
    return out


def simple_candidates(state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    """Candidates for recruit / activate / promote, from the position (§10.2-10.4).

    The turn and the cost are checked once; then recruits go on empty corners beside the
    seat's roads (in corner order) while a basic knight is in supply, activations to its
    inactive knights not yet activated this turn, promotions to the knights
    :func:`check_promotion_rules` accepts (in knight id order)."""
    if not turn_action_open(state, seat) or not state.players[seat].can_pay(C.COSTS[kind]):
        return []
    p = state.players[seat]
    if kind == "recruitKnight":
        if p.knights["basic"] <= 0:
            return []
        spots = [i for i in building.road_corners(state, seat) if not state.occupied(i)]
        return [{"intersectionId": state.topo.int_ids[i]} for i in spots]
    own = own_knights(state, seat)
    if kind == "activateKnight":
        chosen = [k for k in own if not k.active and k.id not in p.knights_activated]
    else:
        chosen = [k for k in own if allowed(check_promotion_rules, state, seat, k)]
    return [{"knightId": k.id} for k in chosen]
