"""Production on a non-7 roll, the bank shortage rule and the Aqueduct bonus (rules §6.3-§6.5).

Every hex whose token equals the roll pays, unless the robber stands on it. A settlement
takes 1 of the hex's resource. A city on hills or fields takes 2 of the resource; a city on
forest, mountains or pasture takes 1 resource and 1 commodity (paper, coin, cloth).

Shortage is judged per card type: if the bank covers every claim, all are paid; if not and
only one player claims that type, that player gets what is left; if several claim it,
nobody gets that type this roll.

A player at science level 3 or more who received nothing at all from a non-7 roll may take
one resource the bank still stocks (``scienceLevel3Bonus``), one player at a time in seat
order from the current player.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.codex import constants as C
from toolkit.games.codex.flow import (
    Task,
    close,
    event,
    offered_choice,
    open_choice,
    push_front,
    take_from_bank,
    task,
)
from toolkit.games.codex.state import State, positions

SCIENCE_BONUS_LEVEL = 3


def claims(state: State, roll: int) -> dict[str, dict[int, int]]:
    """Card type -> seat -> how many that seat is owed by roll ``roll``."""
    topo = state.topo
    owed: dict[str, dict[int, int]] = {}
    for h in positions(state.tokens, roll):  # the hexes showing the number, in index order
        if h == state.robber_hex or state.terrain[h] == "desert":
            continue
        terrain = state.terrain[h]
        resource = C.TERRAIN_RESOURCE[terrain]
        commodity = C.TERRAIN_COMMODITY.get(terrain)
        for i in topo.hex_intersections[h]:
            kind = state.b_type[i]
            if kind is None:
                continue
            seat = state.b_owner[i]
            gains: list[tuple[str, int]]
            if kind == "settlement":
                gains = [(resource, 1)]
            elif commodity is None:
                gains = [(resource, 2)]
            else:
                gains = [(resource, 1), (commodity, 1)]
            for card, n in gains:
                owed.setdefault(card, {})
                owed[card][seat] = owed[card].get(seat, 0) + n
    return owed


def produce(state: State, roll: int) -> tuple[dict[int, dict[str, int]], list[dict[str, Any]]]:
    """Pay out roll ``roll``; returns what each seat received and the narration."""
    granted: dict[int, dict[str, int]] = {p.seat: {} for p in state.players}
    all_claims = claims(state, roll)
    for card in C.MATERIALS:
        owed = all_claims.get(card)
        if not owed:
            continue
        total = sum(owed.values())
        stock = state.bank[card]
        if total <= stock:
            pay = dict(owed)
        elif len(owed) == 1:
            (seat,) = owed
            pay = {seat: stock}
        else:
            pay = {}
        for seat, n in pay.items():
            if n <= 0:
                continue
            take_from_bank(state, seat, card, n)
            granted[seat][card] = granted[seat].get(card, 0) + n
    events = [
        event("production", f"{state.players[s].id} receives " + _listing(got))
        for s, got in granted.items()
        if got
    ]
    return granted, events


def _listing(got: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in got.items())


@task("production")
def _production_task(state: State, item: Task) -> None:
    granted, _ = produce(state, int(item["sum"]))
    bonus = [
        {"task": "scienceBonus", "seat": s}
        for s in state.seat_order_from(state.current)
        if not state.players[s].resigned
        and state.players[s].levels["science"] >= SCIENCE_BONUS_LEVEL
        and not granted[s]
    ]
    push_front(state, bonus)


@task("scienceBonus")
def _science_bonus_task(state: State, item: Task) -> None:
    open_choice(state, "scienceLevel3Bonus", int(item["seat"]), "eligibleResources",
                [r for r in C.RESOURCES if state.bank[r] > 0])


def check_science_bonus(state: State, seat: int, payload: dict[str, Any]) -> str:
    return offered_choice(state, seat, "scienceLevel3Bonus", payload, "resource", "eligibleResources",
                          "bad_resource")


def choose_science_bonus(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    choice = check_science_bonus(state, seat, payload)
    take_from_bank(state, seat, choice, 1)
    close(state)
    return [event("chooseScienceBonusResource", f"{state.players[seat].id} takes 1 {choice} (Aqueduct)")]


def science_bonus_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "scienceLevel3Bonus":
        return []
    return [{"resource": r} for r in state.pending["payload"]["eligibleResources"]]
