"""What one seat (or a spectator) may know about the game, as a JSON-ready dict.

Hidden from a seat: the other seats' hand contents and dev card names (their counts
are public), the seed, the order of the dev deck and every future roll. Public scores
(``scores``, one per seat, and each player's ``score``) leave out victory-point cards,
so they can trail the true totals; a seat's own ``myScore`` includes its cards. Once
the game is over a spectator sees every hand and every card, and ``finalScores`` the
true totals.
"""

from __future__ import annotations

from typing import Any

from .awards import public_points, road_length, true_points
from .board import PORTS
from .constants import DEV_CARDS, KNIGHT, LOG_IN_VIEW, PHASE_OVER, RESOURCES, TERRAIN_NAMES
from .engine import owed, to_move
from .fields import bundle_dict
from .state import State


def _cards(counts: list[int]) -> list[str]:
    return [DEV_CARDS[c] for c in range(5) for _ in range(counts[c])]


def board_view(s: State) -> dict[str, Any]:
    hexes = [
        {"id": h, "resource": TERRAIN_NAMES[s.hex_res[h]], "token": s.hex_token[h] or None}
        for h in range(len(s.hex_res))
    ]
    ports = [
        {"id": i, "kind": kind, "ratio": ratio, "vertices": [a, b]}
        for i, (kind, ratio, (a, b)) in enumerate(PORTS)
    ]
    return {"hexes": hexes, "ports": ports, "bandit": s.bandit}


def view(s: State, seat: int | None) -> dict[str, Any]:
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < s.n):
        raise ValueError(f"no seat {seat!r} in this game (seats 0 to {s.n - 1})")
    over = s.phase == PHASE_OVER
    reveal_all = seat is None and over
    players = []
    scores = [public_points(s, p) for p in range(s.n)]
    for p in range(s.n):
        mine = p == seat or reveal_all
        hand = s.hands[p]
        players.append(
            {
                "seat": p,
                "name": s.names[p],
                "handCount": sum(hand),
                "hand": {r: hand[i] for i, r in enumerate(RESOURCES)} if mine else None,
                "devCount": sum(s.dev_hand[p]) + sum(s.dev_new[p]),
                "devCards": _cards(s.dev_hand[p]) if mine else None,
                "devBoughtThisTurn": _cards(s.dev_new[p]) if mine else None,
                "knightsPlayed": s.dev_played[p][KNIGHT],
                "roadLength": road_length(s, p),
                "piecesLeft": {
                    "road": s.roads_left[p],
                    "settlement": s.settlements_left[p],
                    "city": s.cities_left[p],
                },
                "score": scores[p],
                "strikes": s.strikes[p],
                "resigned": s.resigned[p],
            }
        )
    decisions = {}
    for p in to_move(s):
        kind = owed(s, p)
        if kind is not None:
            decisions[str(p)] = kind
    offer = None
    if s.offer is not None:
        o = s.offer
        offer = {
            "from": o.offerer,
            "to": None if o.to < 0 else o.to,
            "give": bundle_dict(o.give),
            "get": bundle_dict(o.get),
            "answers": {str(k): v for k, v in sorted(o.answers.items())},
        }
    roads = [{"edge": e, "seat": owner} for e, owner in enumerate(s.road_owner) if owner != -1]
    buildings = [
        {"vertex": v, "seat": owner, "type": "city" if s.bld_kind[v] == 2 else "settlement"}
        for v, owner in enumerate(s.bld_owner)
        if owner != -1
    ]
    return {
        "game": "pioneers",
        "seat": seat,
        "turn": s.turn,
        "phase": s.phase,
        "currentSeat": s.current,
        "toMove": to_move(s),
        "decisions": decisions,
        "dice": list(s.dice) if s.dice else None,
        "board": board_view(s),
        "roads": roads,
        "buildings": buildings,
        "players": players,
        "scores": scores,
        "myScore": true_points(s, seat) if seat is not None else None,
        "awards": {
            "largestArmy": None if s.army_holder < 0 else s.army_holder,
            "longestRoad": None if s.road_holder < 0 else s.road_holder,
        },
        "offer": offer,
        "devDeckCount": len(s.deck) - s.deck_pos,
        "log": [{"seat": a, "message": m, "turn": t} for a, m, t in s.log[-LOG_IN_VIEW:]],
        "winner": None if s.winner < 0 else s.winner,
        "placements": list(s.placements) if s.placements is not None else None,
        "finalScores": list(s.final_scores) if s.final_scores is not None else None,
    }
