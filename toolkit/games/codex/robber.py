"""Sevens, discards, the robber and stealing (rules §7).

* On a 7 nobody produces. Every player holding more cards (resources plus commodities)
  than ``7 + 2 x their walls on the board`` must give back half of them, rounded down. All
  owed discards open together as one ``discardResources`` decision whose ``discardId`` and
  ``required`` map never change; only ``allowedPlayerIds`` shrinks as players pay.
* The robber is off the board until the first berserker attack resolves. Once active, a 7
  (after the discards) lets the current player move it to any other land hex, the desert
  included. An active knight next to the robber can chase it away instead (``chaseRobber``
  then ``chooseRobberDestination``).
* After the robber moves, the current player steals one random card from an opponent with a
  building on that hex and at least one card: automatically when there is one such
  opponent, by ``chooseStealTarget`` when there are several.
* The stolen card is drawn uniformly from the victim's hand listed as lumber, brick, wool,
  grain, ore, coin, paper, cloth; the draw is keyed ``<seed>:steal:<stealOrdinal>:<victimId>``
  and the ordinal advances once per card stolen.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    Task,
    allowed,
    close,
    event,
    hex_of,
    install,
    knight_of,
    move_cards,
    pay,
    push_front,
    require_known_hand,
    require_pending,
    require_turn_action,
    seat_from_player_id,
    task,
    turn_action_open,
    walls_on_board,
)
from toolkit.games.codex.knights import ready_knights, require_can_act
from toolkit.games.codex.state import State
from toolkit.rng import Stream


def discard_threshold(state: State, seat: int) -> int:
    return C.DISCARD_BASE + C.DISCARD_PER_WALL * walls_on_board(state, seat)


@task("seven")
def _seven_task(state: State, item: Task) -> None:
    push_front(state, [{"task": "robber"}])
    open_discards(state, [p.seat for p in state.players], "robber")


def open_discards(state: State, seats: list[int], source: str) -> None:
    """Open one simultaneous discard for every listed seat above its threshold."""
    required: dict[str, int] = {}
    owing: list[int] = []
    for seat in seats:
        p = state.players[seat]
        if p.resigned:
            continue
        size = p.hand_size()
        limit = discard_threshold(state, seat) if source == "robber" else 1
        if size > limit and size // 2 > 0:
            required[p.id] = size // 2
            owing.append(seat)
    if not owing:
        return
    state.discard_episodes += 1
    install(state, "discardResources", None, owing,
            {"discardId": f"discard-{state.discard_episodes}", "required": required, "source": source})


def check_discard(state: State, seat: int, payload: dict[str, Any]) -> dict[str, int]:
    require_pending(state, seat, "discardResources")
    assert state.pending is not None
    cards = payload.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise IllegalMove("bad_payload", "cards must be a list of material types, one entry per card")
    p = state.players[seat]
    need = int(state.pending["payload"]["required"][p.id])
    if len(cards) != need:
        raise IllegalMove("wrong_discard_count", f"discard exactly {need} cards")
    counts: dict[str, int] = {}
    for c in cards:
        if c not in C.MATERIALS:
            raise IllegalMove("bad_material", f"{c!r} is not a resource or commodity")
        counts[c] = counts.get(c, 0) + 1
    require_known_hand(state, seat)
    for c, n in counts.items():
        if p.material(c) < n:
            raise IllegalMove("cannot_afford", f"you hold only {p.material(c)} {c}")
    return counts


def discard_half(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    counts = check_discard(state, seat, payload)
    assert state.pending is not None
    p = state.players[seat]
    pay(state, seat, counts)
    changed(state, "pending")
    state.pending["allowedPlayerIds"] = [x for x in state.pending["allowedPlayerIds"] if x != p.id]
    if not state.pending["allowedPlayerIds"]:
        close(state)
    return [event("discardHalf", f"{p.id} discards {sum(counts.values())} cards")]


def discard_candidates(state: State, seat: int, limit: int = 48) -> list[dict[str, Any]]:
    """A bounded, deterministic sample of legal discards (lexicographic from lumber)."""
    if state.pending is None or state.pending["type"] != "discardResources":
        return []
    p = state.players[seat]
    if p.id not in state.pending["allowedPlayerIds"] or p.hidden_materials:
        return []
    need = int(state.pending["payload"]["required"][p.id])
    kinds = [k for k in C.MATERIALS if p.material(k) > 0]
    out: list[dict[str, Any]] = []

    def fill(k: int, left: int, chosen: list[str]) -> None:
        if len(out) >= limit:
            return
        if left == 0:
            out.append({"cards": list(chosen)})
            return
        if k == len(kinds):
            return
        rest = sum(p.material(x) for x in kinds[k + 1:])
        most = min(left, p.material(kinds[k]))
        for n in range(most, -1, -1):
            if left - n <= rest:
                fill(k + 1, left - n, chosen + [kinds[k]] * n)

    fill(0, need, [])
    return out


@task("robber")
def _robber_task(state: State, item: Task) -> None:
    if state.robber_active:
        install(state, "chooseRobberHex", state.current, [state.current], {})


def steal_targets(state: State, h: int) -> list[int]:
    """Opponents with a building on hex ``h`` and at least one card, in seat order from the thief."""
    owners = {state.b_owner[i] for i in state.topo.hex_intersections[h] if state.b_type[i] is not None}
    return [
        s for s in state.seat_order_from(state.current)
        if s != state.current and s in owners and state.players[s].hand_size() > 0
        and not state.players[s].resigned
    ]


def steal_pick(state: State, victim: int) -> str:
    """The card a steal from ``victim`` takes now (does not change the state)."""
    p = state.players[victim]
    flat = [k for k in C.STEAL_ORDER for _ in range(p.material(k))]
    stream = Stream(state.seed, f"steal:{state.steal_ordinal}:{p.id}")
    return flat[stream.below(len(flat))]


def steal(state: State, thief: int, victim: int) -> list[dict[str, Any]]:
    card = steal_pick(state, victim)
    state.steal_ordinal += 1
    move_cards(state, victim, thief, {card: 1})
    return [event("steal", f"{state.players[thief].id} steals a card from {state.players[victim].id}")]


def check_robber_target(state: State, payload: dict[str, Any]) -> int:
    h = hex_of(state, payload)
    require_robber_hex(state, h)
    return h


def require_robber_hex(state: State, h: int) -> None:
    """Hex ``h`` may take the robber: not the hex it leaves, and a lone victim's hand known."""
    if h == state.robber_hex:
        raise IllegalMove("same_hex", "the robber must move to a different hex")
    targets = steal_targets(state, h)
    if len(targets) == 1:
        require_known_hand(state, targets[0])


def move_robber(state: State, h: int) -> list[dict[str, Any]]:
    """Place the robber on ``h`` (the slot is already closed) and run the steal step."""
    state.robber_hex = h
    events = [event("robber", f"the robber moves to {state.topo.hex_ids[h]}")]
    targets = steal_targets(state, h)
    if len(targets) == 1:
        events += steal(state, state.current, targets[0])
    elif len(targets) > 1:
        install(state, "chooseStealTarget", state.current, [state.current],
                {"eligiblePlayerIds": [state.players[s].id for s in targets]})
    return events


def choose_robber_hex(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    require_pending(state, seat, "chooseRobberHex")
    h = check_robber_target(state, payload)
    close(state)
    return move_robber(state, h)


def robber_hex_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Every hex but the robber's own (§7.2), in hex order. Beyond that, only a lone victim whose
    hand a loaded view hides refuses a hex, so :func:`require_robber_hex` is asked only while
    some hand is hidden."""
    if state.pending is None or state.pending["type"] not in ("chooseRobberHex", "chooseRobberDestination"):
        return []
    hidden = any(p.hidden_materials for p in state.players)
    ids = state.topo.hex_ids
    return [{"hexId": ids[h]} for h in range(len(ids))
            if h != state.robber_hex and (not hidden or allowed(require_robber_hex, state, h))]


def check_steal_target(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_pending(state, seat, "chooseStealTarget")
    assert state.pending is not None
    victim = seat_from_player_id(state, payload)
    if state.players[victim].id not in state.pending["payload"]["eligiblePlayerIds"]:
        raise IllegalMove("bad_victim", f"{state.players[victim].id} cannot be robbed here")
    require_known_hand(state, victim)
    return victim


def choose_steal_target(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    victim = check_steal_target(state, seat, payload)
    close(state)
    return steal(state, seat, victim)


def steal_target_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "chooseStealTarget":
        return []
    out = []
    for target in state.pending["payload"]["eligiblePlayerIds"]:
        try:
            check_steal_target(state, seat, {"targetPlayerId": target})
        except IllegalMove:
            continue
        out.append({"targetPlayerId": target})
    return out


# ------------------------------------------------------------------------ chase robber


def check_chase(state: State, seat: int, payload: dict[str, Any]) -> str:
    require_turn_action(state, seat)
    if not state.robber_active or state.robber_hex is None:
        raise IllegalMove("robber_inactive", "the robber is not on the board yet")
    knight = knight_of(state, payload)
    require_can_act(state, seat, knight)
    if state.robber_hex not in state.topo.int_hexes[knight.at]:
        raise IllegalMove("not_adjacent", "the knight does not stand next to the robber's hex")
    return knight.id


def chase_robber(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Both forms: start a chase with ``knightId``, or answer the destination with ``hexId``."""
    if state.pending is not None and state.pending["type"] == "chooseRobberDestination":
        require_pending(state, seat, "chooseRobberDestination")
        h = check_robber_target(state, payload)
        close(state)
        return move_robber(state, h)
    kid = check_chase(state, seat, payload)
    knight = state.knights[kid]
    changed(state, "knights", seat)
    knight.active = False
    state.players[seat].knight_actions_used.append(kid)
    install(state, "chooseRobberDestination", seat, [seat], {})
    return [event("chaseRobber", f"{state.players[seat].id}'s knight {kid} chases the robber")]


def chase_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is not None:
        if state.pending["type"] == "chooseRobberDestination":
            return robber_hex_candidates(state, seat)
        return []
    if not turn_action_open(state, seat) or not state.robber_active or state.robber_hex is None:
        return []
    beside = state.topo.int_hexes
    return [{"knightId": k.id} for k in ready_knights(state, seat) if state.robber_hex in beside[k.at]]
