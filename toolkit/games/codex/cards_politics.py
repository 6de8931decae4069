"""The politics deck's cards (rules §14, politics; §10.6; §11.4; digest §3).

* Diplomacy: any open road leaves the board for its owner's supply. A road is open when one
  of its ends is a dead end for its owner: none of the owner's buildings or knights there and
  no other road of the owner leaving it. Removing someone else's road re-awards longest road
  at once. Removing one's own road offers one free road (``roadBuildingPlace`` with
  ``maySkip``) when a legal spot exists; the player may decline with ``skipRoadBuilding``, and
  longest road is re-awarded only after the new road or the refusal, so the pair counts as
  one move of the road.
* Encouragement: every inactive knight of the player becomes active for free; they count as
  activated this turn, so none of them can act this turn.
* Espionage: pick an opponent holding progress cards, see them and take one of them
  (``espionageChooseCard``), or take none.
* Conspiracy: an opponent's knight standing at a corner touched by one of the player's roads
  is displaced without using a knight of the player; it retreats along its owner's roads as
  after a displacement (nowhere: back to supply; one corner: there; several: its owner
  chooses with ``chooseKnightRetreat``).
* Sabotage: every opponent with at least as many points as the player gives back half their
  resource and commodity cards, rounded down, in one shared ``discardResources`` decision
  tagged ``sabotage``; a player holding one card owes nothing.
* Taxation: once the robber is active, move it to another hex, then take one random card
  from every opponent with a building on that hex who holds a card, in seat order after the
  player, each by the keyed steal draw.
* Treason: pick an opponent with a knight on the board. That opponent removes one of their
  knights (choosing with ``treasonChooseKnight`` when they have several). The player may then
  put one of their own knights from supply, no stronger than the removed one (mighty
  included, whatever their politics level), on an empty corner next to their roads; it
  takes over the removed knight's active or inactive state (``treasonPlaceKnight``).
* Betrothal: every opponent with strictly more points and at least one card gives the player
  two cards of their choice (all they hold when fewer), one giver at a time in seat order
  after the player (``weddingGiveCards``).
* Charter: a VP card, revealed when drawn; it is never held, so never played.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import building, knights, longest_road, robber
from toolkit.games.codex import constants as C
from toolkit.games.codex.cards_trade import opponents, require_keys, target_candidates
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    Task,
    accepted,
    close,
    edge_of,
    event,
    hex_of,
    install,
    intersection_of,
    knight_of,
    move_cards,
    push_front,
    require_known_hand,
    require_known_progress,
    seat_from_player_id,
    task,
    text,
)
from toolkit.games.codex.handover import bundles, describe, parse_cards
from toolkit.games.codex.progress import candidates, card, resolver, skip_hook
from toolkit.games.codex.state import Knight, State
from toolkit.games.codex.victory import victory_points

Events = list[dict[str, Any]]

BETROTHAL_CARDS = 2
DIPLOMACY_REBUILDS = 1


def _always(state: State, seat: int) -> list[dict[str, Any]]:
    return [{}]


def _skip_only(payload: dict[str, Any]) -> bool:
    if payload.get("skip") is True:
        if set(payload) != {"skip"}:
            raise IllegalMove("bad_payload", "a skip carries no other keys")
        return True
    return False


# ---------------------------------------------------------------------------- Diplomacy


def end_is_open(state: State, owner: int, corner: int, edge: int) -> bool:
    """Whether ``owner``'s road network stops at ``corner`` (the road on ``edge`` aside)."""
    if state.b_type[corner] is not None and state.b_owner[corner] == owner:
        return False
    kid = state.knight_at[corner]
    if kid is not None and state.knights[kid].owner == owner:
        return False
    return not any(state.road[e] == owner for e in state.topo.int_edges[corner] if e != edge)


def road_is_open(state: State, e: int) -> bool:
    owner = state.road[e]
    if owner < 0:
        return False
    return any(end_is_open(state, owner, corner, e) for corner in state.topo.edge_ends[e])


def check_diplomacy(state: State, payload: dict[str, Any]) -> int:
    require_keys(payload, {"edgeId"})
    e = edge_of(state, payload)
    if state.road[e] < 0:
        raise IllegalMove("no_road", "there is no road on that edge")
    if not road_is_open(state, e):
        raise IllegalMove("road_not_open", "only a road with a dead end can be removed")
    return e


@card("politicsDiplomacy", deck="politics", keys=("edgeId",))
def diplomacy(state: State, seat: int, payload: dict[str, Any]) -> Events:
    e = check_diplomacy(state, payload)
    owner = state.road[e]
    changed(state, "road", owner, seat)
    state.road[e] = -1
    state.players[owner].roads += 1
    p = state.players[seat]
    where = state.topo.edge_ids[e]
    events = [event("diplomacy", f"{p.id} removes {state.players[owner].id}'s road on {where}")]
    if owner == seat and building.any_road_spot(state, seat):
        p.free_roads = DIPLOMACY_REBUILDS
        install(state, "roadBuildingPlace", seat, [seat], {"maySkip": True}, {"source": "diplomacy"})
        return events + [event("diplomacy", f"{p.id} may place the road again for free")]
    longest_road.recompute(state)
    return events


@candidates("politicsDiplomacy")
def diplomacy_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"edgeId": state.topo.edge_ids[e]} for e in range(len(state.road)) if road_is_open(state, e)]


@skip_hook("diplomacy")
def diplomacy_declined(state: State, seat: int) -> Events:
    """The free rebuild was refused: the delayed longest-road award happens now."""
    longest_road.recompute(state)
    return []


# ------------------------------------------------------------------------ Encouragement


@card("politicsEncouragement", deck="politics")
def encouragement(state: State, seat: int, payload: dict[str, Any]) -> Events:
    require_keys(payload, set())
    p = state.players[seat]
    woken = [k for k in knights.own_knights(state, seat) if not k.active]
    changed(state, "knights", seat)
    for k in woken:
        k.active = True
        if k.id not in p.knights_activated:
            p.knights_activated.append(k.id)
    return [event("encouragement", f"{p.id} activates {len(woken)} knight(s) for free")]


candidates("politicsEncouragement")(_always)


# ---------------------------------------------------------------------------- Espionage


def check_espionage(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_keys(payload, {"targetPlayerId"})
    target = seat_from_player_id(state, payload)
    t = state.players[target]
    if target == seat or t.resigned:
        raise IllegalMove("bad_target", "Espionage targets an opponent")
    if not t.hand:
        raise IllegalMove("no_cards", f"{t.id} holds no progress card")
    require_known_progress(state, target)
    return target


@card("politicsEspionage", deck="politics", keys=("targetPlayerId",))
def espionage(state: State, seat: int, payload: dict[str, Any]) -> Events:
    target = check_espionage(state, seat, payload)
    t = state.players[target]
    install(state, "espionageChooseCard", seat, [seat],
            {"eligibleCards": [dict(c) for c in t.hand]}, {"target": target})
    return [event("espionage", f"{state.players[seat].id} looks at {t.id}'s progress cards")]


@candidates("politicsEspionage")
def espionage_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return target_candidates(state, seat, check_espionage)


def espionage_choose_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "espionageChooseCard":
        return []
    cards = state.pending["payload"]["eligibleCards"]
    return [{"targetInstanceId": c["instanceId"]} for c in cards] + [{"skip": True}]


@resolver("espionageChooseCard", espionage_choose_candidates)
def espionage_choose(state: State, seat: int, payload: dict[str, Any]) -> Events:
    p = state.players[seat]
    if _skip_only(payload):
        close(state)
        return [event("espionageChooseCard", f"{p.id} takes no card")]
    require_keys(payload, {"targetInstanceId"})
    wanted = text(payload, "targetInstanceId")
    t = state.players[int(state.pending_ctx["target"])]
    found = [c for c in t.hand if c["instanceId"] == wanted]
    if not found:
        raise IllegalMove("no_such_card", f"{t.id} holds no card {wanted!r}")
    changed(state, t.seat, seat)
    t.hand.remove(found[0])
    p.hand.append(found[0])
    close(state)
    return [event("espionageChooseCard", f"{p.id} takes a progress card from {t.id}")]


# --------------------------------------------------------------------------- Conspiracy


def check_conspiracy(state: State, seat: int, payload: dict[str, Any]) -> Knight:
    require_keys(payload, {"targetKnightId"})
    victim = knight_of(state, payload, "targetKnightId")
    if victim.owner == seat:
        raise IllegalMove("own_knight", "Conspiracy targets an opponent's knight")
    if not knights.touches_own_road(state, seat, victim.at):
        raise IllegalMove("not_adjacent", "the knight must stand next to one of your roads")
    return victim


@card("politicsIntrigue", deck="politics", keys=("targetKnightId",))
def conspiracy(state: State, seat: int, payload: dict[str, Any]) -> Events:
    victim = check_conspiracy(state, seat, payload)
    changed(state, "knights", "knight_at")
    state.knight_at[victim.at] = None
    who = state.players[seat].id
    events = [event("conspiracy", f"{who} drives off {state.players[victim.owner].id}'s knight {victim.id}")]
    events += knights.displace(state, victim)
    longest_road.recompute(state)
    return events


@candidates("politicsIntrigue")
def conspiracy_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    targets = ({"targetKnightId": kid} for kid in sorted(state.knights))
    return accepted(lambda payload: check_conspiracy(state, seat, payload), targets)


# ----------------------------------------------------------------------------- Sabotage


@card("politicsSabotage", deck="politics")
def sabotage(state: State, seat: int, payload: dict[str, Any]) -> Events:
    require_keys(payload, set())
    mine = victory_points(state, seat)
    hit = [s for s in opponents(state, seat) if victory_points(state, s) >= mine]
    robber.open_discards(state, hit, "sabotage")
    owing = [] if state.pending is None else state.pending["allowedPlayerIds"]
    who = ", ".join(owing) or "nobody"
    return [event("sabotage", f"{state.players[seat].id} sabotages: {who} must discard half")]


candidates("politicsSabotage")(_always)


# ----------------------------------------------------------------------------- Taxation


def check_taxation(state: State, payload: dict[str, Any]) -> tuple[int, list[int]]:
    require_keys(payload, {"hexId"})
    if not state.robber_active or state.robber_hex is None:
        raise IllegalMove("robber_inactive", "the robber is not on the board yet")
    h = hex_of(state, payload)
    if h == state.robber_hex:
        raise IllegalMove("same_hex", "the robber must move to a different hex")
    victims = robber.steal_targets(state, h)
    for s in victims:
        require_known_hand(state, s)
    return h, victims


@card("politicsTaxation", deck="politics", keys=("hexId",))
def taxation(state: State, seat: int, payload: dict[str, Any]) -> Events:
    h, victims = check_taxation(state, payload)
    state.robber_hex = h
    events = [event("taxation", f"{state.players[seat].id} moves the robber to {state.topo.hex_ids[h]}")]
    for s in victims:
        events += robber.steal(state, seat, s)
    return events


@candidates("politicsTaxation")
def taxation_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    hexes = ({"hexId": h} for h in state.topo.hex_ids)
    return accepted(lambda payload: check_taxation(state, payload), hexes)


# ------------------------------------------------------------------------------ Treason


def knights_of(state: State, seat: int) -> list[str]:
    return [kid for kid, k in sorted(state.knights.items()) if k.owner == seat and k.at >= 0]


def check_treason(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_keys(payload, {"targetPlayerId"})
    target = seat_from_player_id(state, payload)
    if target == seat or state.players[target].resigned:
        raise IllegalMove("bad_target", "Treason targets an opponent")
    if not knights_of(state, target):
        raise IllegalMove("no_knight", f"{state.players[target].id} has no knight on the board")
    return target


@card("politicsTreason", deck="politics", keys=("targetPlayerId",))
def treason(state: State, seat: int, payload: dict[str, Any]) -> Events:
    target = check_treason(state, seat, payload)
    own = knights_of(state, target)
    t = state.players[target]
    events = [event("treason", f"{state.players[seat].id} turns one of {t.id}'s knights")]
    if len(own) == 1:
        return events + remove_and_offer(state, seat, own[0])
    install(state, "treasonChooseKnight", target, [target], {"eligibleKnightIds": own}, {"actor": seat})
    return events


@candidates("politicsTreason")
def treason_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"targetPlayerId": state.players[s].id} for s in opponents(state, seat) if knights_of(state, s)]


def remove_and_offer(state: State, actor: int, kid: str) -> Events:
    """Send knight ``kid`` back to its owner's supply, then offer ``actor`` the placement."""
    changed(state, "knights", "knight_at")
    k = state.knights.pop(kid)
    state.knight_at[k.at] = None
    owner = state.players[k.owner]
    changed(state, k.owner)
    owner.knights[k.level] += 1
    longest_road.recompute(state)
    events = [event("treasonRemove", f"{owner.id}'s {k.level} knight {kid} returns to supply")]
    strength = C.KNIGHT_STRENGTH[k.level]
    if place_levels(state, actor, strength) and place_spots(state, actor):
        install(state, "treasonPlaceKnight", actor, [actor], {"maxLevel": strength}, {"active": k.active})
    return events


def place_levels(state: State, seat: int, strength: int) -> list[str]:
    p = state.players[seat]
    return [lv for lv in C.KNIGHT_LEVELS if C.KNIGHT_STRENGTH[lv] <= strength and p.knights[lv] > 0]


def place_spots(state: State, seat: int) -> list[int]:
    return [i for i in range(len(state.topo.int_ids))
            if not state.occupied(i) and knights.touches_own_road(state, seat, i)]


def treason_choose_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "treasonChooseKnight":
        return []
    return [{"targetKnightId": kid} for kid in state.pending["payload"]["eligibleKnightIds"]]


@resolver("treasonChooseKnight", treason_choose_candidates)
def treason_choose(state: State, seat: int, payload: dict[str, Any]) -> Events:
    assert state.pending is not None
    require_keys(payload, {"targetKnightId"})
    kid = text(payload, "targetKnightId")
    if kid not in state.pending["payload"]["eligibleKnightIds"]:
        raise IllegalMove("bad_knight", "choose one of your knights on the board")
    actor = int(state.pending_ctx["actor"])
    close(state)
    return remove_and_offer(state, actor, kid)


def treason_place_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "treasonPlaceKnight":
        return []
    levels = place_levels(state, seat, int(state.pending["payload"]["maxLevel"]))
    ids = state.topo.int_ids
    return [{"intersectionId": ids[i], "level": lv} for i in place_spots(state, seat) for lv in levels] + [
        {"skip": True}
    ]


@resolver("treasonPlaceKnight", treason_place_candidates)
def treason_place(state: State, seat: int, payload: dict[str, Any]) -> Events:
    assert state.pending is not None
    p = state.players[seat]
    if _skip_only(payload):
        close(state)
        return [event("treasonPlaceKnight", f"{p.id} places no knight")]
    require_keys(payload, {"intersectionId", "level"})
    level = payload.get("level")
    if level not in C.KNIGHT_LEVELS:
        raise IllegalMove("bad_level", "level must be basic, strong or mighty")
    assert isinstance(level, str)
    if C.KNIGHT_STRENGTH[level] > int(state.pending["payload"]["maxLevel"]):
        raise IllegalMove("too_strong", "the new knight may not be stronger than the removed one")
    if p.knights[level] <= 0:
        raise IllegalMove("no_pieces_left", f"no {level} knight left in supply")
    i = intersection_of(state, payload)
    if state.occupied(i):
        raise IllegalMove("occupied", "that corner already holds a piece")
    if not knights.touches_own_road(state, seat, i):
        raise IllegalMove("not_connected", "the knight must stand next to one of your roads")
    active = bool(state.pending_ctx["active"])
    close(state)
    kid = f"knight-{p.id}-{state.version}"
    n = 1
    while kid in state.knights:
        n += 1
        kid = f"knight-{p.id}-{state.version}-{n}"
    changed(state, "knights", "knight_at", seat)
    p.knights[level] -= 1
    state.knights[kid] = Knight(kid, seat, level, active, i)
    state.knight_at[i] = kid
    longest_road.recompute(state)
    mode = "active" if active else "inactive"
    where = state.topo.int_ids[i]
    return [event("treasonPlaceKnight", f"{p.id} places an {mode} {level} knight at {where}")]


# ---------------------------------------------------------------------------- Betrothal


@card("politicsBetrothal", deck="politics")
def betrothal(state: State, seat: int, payload: dict[str, Any]) -> Events:
    require_keys(payload, set())
    mine = victory_points(state, seat)
    givers = [s for s in opponents(state, seat)
              if victory_points(state, s) > mine and state.players[s].hand_size() > 0]
    push_front(state, [{"task": "weddingGiveCards", "giver": s, "recipient": seat} for s in givers])
    names = ", ".join(state.players[s].id for s in givers) or "nobody"
    return [event("betrothal", f"{state.players[seat].id} receives wedding gifts from {names}")]


candidates("politicsBetrothal")(_always)


@task("weddingGiveCards")
def _wedding_task(state: State, item: Task) -> None:
    giver, recipient = int(item["giver"]), int(item["recipient"])
    count = min(BETROTHAL_CARDS, state.players[giver].hand_size())
    if count > 0:
        install(state, "weddingGiveCards", giver, [giver],
                {"requiredCount": count, "recipient": state.players[recipient].id}, {"recipient": recipient})


def wedding_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "weddingGiveCards":
        return []
    return [{"cards": b} for b in bundles(state, seat, int(state.pending["payload"]["requiredCount"]))]


@resolver("weddingGiveCards", wedding_candidates)
def wedding_give(state: State, seat: int, payload: dict[str, Any]) -> Events:
    assert state.pending is not None
    require_keys(payload, {"cards"})
    bundle = parse_cards(state, seat, payload.get("cards"), int(state.pending["payload"]["requiredCount"]))
    recipient = int(state.pending_ctx["recipient"])
    move_cards(state, seat, recipient, bundle)
    close(state)
    return [event("weddingGiveCards", f"{state.players[seat].id} gives {describe(bundle)} to "
                  f"{state.players[recipient].id}")]
