"""The berserker ship and its attacks (rules §8).

Each ``ship`` face moves the ship one step along a 0-7 track; reaching 7 attacks at once.

* Attack strength is the number of cities on the board (metropolises included; a sideways
  city piece standing in for a settlement is not a city).
* Defence is the summed strength of every active knight (basic 1, strong 2, mighty 3).
* Defence at least equal to the attack repels it. A single top contributor gets a Defender
  token (+1 VP); tied top contributors each choose a progress deck to draw from, in seat
  order from the current player (decks with cards only). A defence of 0 counts as a tie
  among all players and gives no token.
* A weaker defence pillages: among players owning a non-metropolis city, those with the
  lowest contribution each lose one such city. With one candidate city it is downgraded
  at once; with several its owner chooses (``choosePillageCity``). A downgraded city gives
  back its wall; it becomes a settlement, or, with no settlement piece left, the city piece
  lies sideways as one.
* After every attack all knights become inactive and the ship returns to 0; the first
  attack also brings the robber onto the desert. The roll's production runs afterwards,
  once any decisions the attack opened are answered.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    Task,
    close,
    event,
    install,
    intersection_of,
    require_pending,
    task,
)
from toolkit.games.codex.knights import strength
from toolkit.games.codex.state import State


def attack_strength(state: State) -> int:
    return sum(1 for i, kind in enumerate(state.b_type) if kind == "city")


def contributions(state: State) -> dict[int, int]:
    out = {p.seat: 0 for p in state.players if not p.resigned}
    for kid in sorted(state.knights):
        k = state.knights[kid]
        if k.active and k.at >= 0 and k.owner in out:
            out[k.owner] += strength(k)
    return out


def pillage_candidates_of(state: State, seat: int) -> list[int]:
    return [
        i for i, kind in enumerate(state.b_type)
        if kind == "city" and state.b_owner[i] == seat and state.b_metro[i] is None
    ]


def downgrade(state: State, i: int) -> None:
    seat = state.b_owner[i]
    p = state.players[seat]
    changed(state, "b_wall", "b_type", "b_sideways", seat)
    if state.b_wall[i]:
        state.b_wall[i] = False
        p.walls += 1
    state.b_type[i] = "settlement"
    if p.settlements > 0:
        p.settlements -= 1
        p.cities += 1
    else:
        state.b_sideways[i] = True


def advance(state: State) -> tuple[list[Task], list[dict[str, Any]]]:
    """One ``ship`` face: move the ship and attack when it arrives; returns queued tasks."""
    state.berserker_pos += 1
    events = [event("berserker", f"the berserker ship advances to {state.berserker_pos}")]
    if state.berserker_pos < state.berserker_max:
        return [], events
    tasks, more = attack(state)
    return tasks, events + more


def attack(state: State) -> tuple[list[Task], list[dict[str, Any]]]:
    power = attack_strength(state)
    share = contributions(state)
    defence = sum(share.values())
    order = [s for s in state.seat_order_from(state.current) if s in share]
    tasks: list[Task] = []
    record: dict[str, Any] = {
        "berserkerStrength": power,
        "defenderStrength": defence,
        "defenderPlayerId": None,
        "tiedDefenderIds": [],
        "autoPillagedPlayerIds": [],
        "choicePillagedPlayerIds": [],
        "defenderContributions": {state.players[s].id: share[s] for s in sorted(share)},
        "attackedAtVersion": state.version + 1,
    }
    if defence >= power:
        record["result"] = "repelled"
        top = max(share.values(), default=0)
        leaders = [s for s in order if share[s] == top] if defence > 0 else order
        if len(leaders) == 1 and defence > 0:
            changed(state, leaders[0])
            state.players[leaders[0]].vp_tokens += 1
            record["defenderPlayerId"] = state.players[leaders[0]].id
            text = f"the berserkers are repelled; {state.players[leaders[0]].id} earns a Defender token"
        else:
            record["tiedDefenderIds"] = [state.players[s].id for s in leaders]
            tasks += [{"task": "chooseProgressDeck", "seat": s} for s in leaders]
            text = "the berserkers are repelled; tied defenders draw progress cards"
    else:
        record["result"] = "victory"
        eligible = [s for s in order if pillage_candidates_of(state, s)]
        victims: list[int] = []
        if eligible:
            low = min(share[s] for s in eligible)
            victims = [s for s in eligible if share[s] == low]
        for s in victims:
            cities = pillage_candidates_of(state, s)
            if len(cities) == 1:
                downgrade(state, cities[0])
                record["autoPillagedPlayerIds"].append(state.players[s].id)
            else:
                record["choicePillagedPlayerIds"].append(state.players[s].id)
                tasks.append({"task": "choosePillageCity", "seat": s})
        names = ", ".join(state.players[s].id for s in victims) or "nobody"
        text = f"the berserkers win ({power} against {defence}); pillaged: {names}"
    changed(state, "last_attack", "knights")
    state.last_attack = record
    for kid in sorted(state.knights):
        state.knights[kid].active = False
    state.berserker_pos = 0
    if not state.first_attack_done:
        state.first_attack_done = True
        state.robber_active = True
        state.robber_hex = state.terrain.index("desert")
    return tasks, [event("berserkerAttack", text)]


@task("choosePillageCity")
def _pillage_task(state: State, item: Task) -> None:
    seat = int(item["seat"])
    cities = pillage_candidates_of(state, seat)
    if len(cities) == 1:
        downgrade(state, cities[0])
    elif cities:
        install(state, "choosePillageCity", seat, [seat],
                {"eligibleIntersectionIds": [state.topo.int_ids[i] for i in cities]})


def check_pillage(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_pending(state, seat, "choosePillageCity")
    assert state.pending is not None
    i = intersection_of(state, payload)
    if state.topo.int_ids[i] not in state.pending["payload"]["eligibleIntersectionIds"]:
        raise IllegalMove("bad_city", "choose one of the offered cities")
    return i


def choose_pillage_city(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i = check_pillage(state, seat, payload)
    downgrade(state, i)
    close(state)
    return [event("choosePillageCity", f"{state.players[seat].id} loses the city at {state.topo.int_ids[i]}")]


def pillage_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "choosePillageCity":
        return []
    return [{"intersectionId": i} for i in state.pending["payload"]["eligibleIntersectionIds"]]
