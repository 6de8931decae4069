"""Enumerating the legal move records of a seat.

Every listed move is legal. The list is complete except for two families whose size
is unbounded or huge, which are sampled: trade offers are listed as one-for-one open
offers only (any bundle, open or targeted, is still legal to play), and table talk is
never attached.
"""

from __future__ import annotations

from typing import Any

from .board import NUM_HEXES, VERTEX_EDGES
from .building import affords, legal_road_edges, legal_settlement_vertices, own_settlements, setup_vertices
from .constants import (
    DEV_CARDS,
    EMBARGO,
    KNIGHT,
    MAX_OFFERS_PER_TURN,
    PHASE_BANDIT,
    PHASE_DISCARD,
    PHASE_SETUP,
    PHASE_TRADE,
    PHASE_TURN,
    RESOURCES,
    ROADWORKS,
    WINDFALL,
)
from .engine import owed
from .production import victims_on
from .state import State
from .trading import bank_rates

Move = dict[str, Any]


def legal_moves(s: State, seat: int) -> list[Move]:
    kind = owed(s, seat)
    if kind is None:
        return []
    if kind == PHASE_TURN:
        return [{"seat": seat, "kind": "turn", "action": a} for a in turn_actions(s, seat)]
    if kind == PHASE_SETUP:
        return [{"seat": seat, "kind": "setup", "action": a} for a in setup_actions(s)]
    if kind == PHASE_DISCARD:
        return [
            {"seat": seat, "kind": "discard", "action": {"cards": c}}
            for c in discard_choices(s.hands[seat], s.discard_need[seat])
        ]
    if kind == PHASE_BANDIT:
        return [{"seat": seat, "kind": "bandit", "action": a} for a in bandit_actions(s, seat)]
    assert kind == PHASE_TRADE
    return [{"seat": seat, "kind": "trade", "action": a} for a in trade_answers(s, seat)]


def setup_actions(s: State) -> list[dict[str, Any]]:
    out = []
    roads = s.road_owner
    for v in setup_vertices(s):
        for e in VERTEX_EDGES[v]:
            if roads[e] == -1:
                out.append({"settlement": v, "road": e})
    return out


def discard_choices(hand: list[int], need: int) -> list[dict[str, int]]:
    """Every way to drop exactly ``need`` cards from ``hand``."""
    out: list[dict[str, int]] = []
    pick = [0] * 5

    def rec(i: int, left: int) -> None:
        if i == 4:
            if left <= hand[4]:
                pick[4] = left
                out.append({RESOURCES[k]: pick[k] for k in range(5) if pick[k]})
            return
        for c in range(min(left, hand[i]) + 1):
            pick[i] = c
            rec(i + 1, left - c)
        pick[i] = 0

    rec(0, need)
    return out


def bandit_actions(s: State, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for h in range(NUM_HEXES):
        if h == s.bandit:
            continue
        out.append({"hex": h, "victim": None})
        for victim in victims_on(s, seat, h):
            out.append({"hex": h, "victim": victim})
    return out


def trade_answers(s: State, seat: int) -> list[dict[str, Any]]:
    offer = s.offer
    out: list[dict[str, Any]] = [{"accept": False}]
    if offer is not None and affords(s.hands[seat], offer.get):
        out.append({"accept": True})
    return out


def road_pairs(s: State, seat: int) -> list[list[int]]:
    """Roadworks placements: single edges and ordered-legal pairs (each pair once)."""
    firsts = legal_road_edges(s, seat)
    out: list[list[int]] = [[e] for e in firsts]
    if s.roads_left[seat] < 2:
        return out
    seen: set[tuple[int, int]] = set()
    for e in firsts:
        for f in legal_road_edges(s, seat, extra=e):
            key = (e, f) if e < f else (f, e)
            if key not in seen:
                seen.add(key)
                out.append([e, f])
    return out


def turn_groups(s: State, seat: int, offers: bool = True) -> list[tuple[str, list[dict[str, Any]]]]:
    """The legal turn actions grouped by kind (``play_dev`` split per card), empty kinds left out."""
    hand = s.hands[seat]
    brick, lumber, wool, grain, ore = hand
    groups: list[tuple[str, list[dict[str, Any]]]] = [("end_turn", [{"type": "end_turn"}])]
    if s.roads_left[seat] and brick and lumber:
        edges = legal_road_edges(s, seat)
        if edges:
            groups.append(("build_road", [{"type": "build_road", "edge": e} for e in edges]))
    if s.settlements_left[seat] and brick and lumber and wool and grain:
        spots = legal_settlement_vertices(s, seat)
        if spots:
            groups.append(("build_settlement", [{"type": "build_settlement", "vertex": v} for v in spots]))
    if s.cities_left[seat] and ore >= 3 and grain >= 2:
        spots = own_settlements(s, seat)
        if spots:
            groups.append(("build_city", [{"type": "build_city", "vertex": v} for v in spots]))
    if ore and wool and grain and s.deck_pos < len(s.deck):
        groups.append(("buy_dev", [{"type": "buy_dev"}]))
    if not s.dev_played_this_turn:
        held = s.dev_hand[seat]
        if held[KNIGHT]:
            groups.append(("knight", [{"type": "play_dev", "card": DEV_CARDS[KNIGHT]}]))
        if held[ROADWORKS] and s.roads_left[seat]:
            pairs = road_pairs(s, seat)
            if pairs:
                groups.append(
                    ("roadworks", [{"type": "play_dev", "card": "roadworks", "edges": p} for p in pairs])
                )
        if held[WINDFALL]:
            groups.append(
                (
                    "windfall",
                    [
                        {"type": "play_dev", "card": "windfall", "resources": [RESOURCES[a], RESOURCES[b]]}
                        for a in range(5)
                        for b in range(a, 5)
                    ],
                )
            )
        if held[EMBARGO]:
            groups.append(
                ("embargo", [{"type": "play_dev", "card": "embargo", "resource": r} for r in RESOURCES])
            )
    if max(hand) >= 2:
        rates = bank_rates(s, seat)
        trades = [
            {"type": "bank_trade", "give": RESOURCES[give], "get": RESOURCES[get]}
            for give in range(5)
            if hand[give] >= rates[give]
            for get in range(5)
            if get != give
        ]
        if trades:
            groups.append(("bank_trade", trades))
    if offers and s.offers_made < MAX_OFFERS_PER_TURN:
        sample = [
            {"type": "offer_trade", "give": {RESOURCES[give]: 1}, "get": {RESOURCES[get]: 1}}
            for give in range(5)
            if hand[give]
            for get in range(5)
            if get != give
        ]
        if sample:
            groups.append(("offer_trade", sample))
    return groups


def turn_actions(s: State, seat: int) -> list[dict[str, Any]]:
    return [action for _, group in turn_groups(s, seat) for action in group]
