"""Trading with the bank (rules §12.2).

A player's rate for a card type is the lowest that applies: 4 by default; 3 with a building
on a 3:1 harbor; 2 for a resource whose 2:1 harbor they occupy; 2 for any commodity at trade
level 3 or more; 2 for each type named by a Galleon this turn; 2 for the resource of the
Guildmaster's hex while they hold the marker.

One trade gives ``rate x (cards wanted)`` of one type for one or more other types (the
``want`` plus optional ``additionalWants``, all different from each other and from the
offered type), each of which the bank must stock. The whole bundle succeeds or nothing moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.flow import exchange_event, material_line, pay, require_turn_action, take_from_bank
from toolkit.games.codex.state import State, positions


def harbor_kinds(state: State, seat: int) -> set[str]:
    """The kinds (``"3:1"`` or a resource) of the harbors where ``seat`` has a building."""
    own = {i for i in positions(state.b_owner, seat) if state.b_type[i] is not None}
    return {h.kind for h in state.harbors if not own.isdisjoint(h.intersections)}


LOWEST_RATE = min(C.BASE_RATE, C.GENERIC_HARBOR_RATE, C.SPECIAL_HARBOR_RATE, C.PERK_RATE)
"""No rate is better than this, so a type held fewer times cannot be offered at all."""


def rate(state: State, seat: int, kind: str, harbors: set[str] | None = None) -> int:
    """``seat``'s bank rate for ``kind``; ``harbors`` is :func:`harbor_kinds` when already known."""
    best = C.BASE_RATE
    p = state.players[seat]
    owned = harbor_kinds(state, seat) if harbors is None else harbors
    if "3:1" in owned:
        best = min(best, C.GENERIC_HARBOR_RATE)
    if kind in owned:
        best = min(best, C.SPECIAL_HARBOR_RATE)
    if kind in C.COMMODITIES and p.levels["trade"] >= C.TRADE_PERK_LEVEL:
        best = min(best, C.PERK_RATE)
    if kind in p.merchant_fleet_types:
        best = min(best, C.PERK_RATE)
    if (
        state.merchant_owner == seat
        and state.merchant_hex is not None
        and C.TERRAIN_RESOURCE.get(state.terrain[state.merchant_hex]) == kind
    ):
        best = min(best, C.PERK_RATE)
    return best


def check_trade(state: State, seat: int, payload: dict[str, Any]) -> tuple[str, int, list[tuple[str, int]]]:
    require_turn_action(state, seat)
    give, give_n = material_line(payload.get("offer"), "offer")
    wants = [material_line(payload.get("want"), "want")]
    extra = payload.get("additionalWants", [])
    if not isinstance(extra, list):
        raise IllegalMove("bad_payload", "additionalWants must be a list")
    wants += [material_line(x, "additionalWants item") for x in extra]
    kinds = [k for k, _ in wants]
    if len(set(kinds)) != len(kinds) or give in kinds:
        raise IllegalMove("bad_trade", "each wanted type must be unique and differ from the offered type")
    r = rate(state, seat, give)
    total = sum(n for _, n in wants)
    if give_n != r * total:
        raise IllegalMove("wrong_rate", f"your rate for {give} is {r}:1, so offer {r * total}")
    if state.players[seat].material(give) < give_n:
        raise IllegalMove("cannot_afford", f"you hold only {state.players[seat].material(give)} {give}")
    for k, n in wants:
        if state.bank[k] < n:
            raise IllegalMove("bank_empty", f"the bank holds only {state.bank[k]} {k}")
    return give, give_n, wants


def maritime_trade(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    give, give_n, wants = check_trade(state, seat, payload)
    p = state.players[seat]
    pay(state, seat, {give: give_n})
    for k, n in wants:
        take_from_bank(state, seat, k, n)
    got = ", ".join(f"{n} {k}" for k, n in wants)
    text = f"{p.id} trades {give_n} {give} to the bank for {got}"
    return [exchange_event("maritimeTrade", text, [(seat, None, {give: give_n}), (None, seat, dict(wants))])]


def trade_candidates(state: State, seat: int) -> Iterator[dict[str, Any]]:
    """One-card trades at the best rate (bundles with additionalWants are legal but not listed),
    produced one at a time."""
    if state.pending is not None or state.phase != "action" or seat != state.current:
        return
    p = state.players[seat]
    res, com = p.res, p.com
    held = [(give, n) for give in C.MATERIALS
            if (n := res[give] if give in res else com.get(give, 0)) >= LOWEST_RATE]  # Player.material
    if not held:
        return
    owned = harbor_kinds(state, seat)
    for give, n in held:
        r = rate(state, seat, give, owned)
        if n < r:
            continue
        for want in C.MATERIALS:
            if want != give and state.bank[want] > 0:
                yield {"offer": {"type": give, "count": r}, "want": {"type": want, "count": 1}}
