"""The engine's facts as one JSON-ready dict: the single source for generated docs.

Numbers come from :mod:`.constants` and :mod:`.board`; the prose is our own summary
of how this engine plays each rule, including the rulings it makes where the spec
says nothing.
"""

from __future__ import annotations

from typing import Any

from . import board
from .constants import (
    ARMY_MIN,
    AWARD_POINTS,
    CITY_LIMIT,
    COST_CITY,
    COST_DEV,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_CARDS,
    DEV_COUNTS,
    DISCARD_ABOVE,
    GAME_ID,
    KINDS,
    LOG_IN_VIEW,
    MAX_OFFERS_PER_TURN,
    MAX_PLAYERS,
    MAX_STRIKES,
    MAX_TURNS,
    MIN_PLAYERS,
    NUMBER_TOKENS,
    RESOURCES,
    ROAD_LIMIT,
    ROAD_MIN,
    RULES_VERSION,
    SETTLEMENT_LIMIT,
    STRIKES,
    TALK_LIMIT,
    TERRAIN_COUNTS,
    TERRAIN_NAMES,
    WIN_POINTS,
)


def _cost(vec: tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[i]: c for i, c in enumerate(vec) if c}


_CARD_TEXT = {
    "knight": (
        "after the roll, one per turn",
        "Move the bandit to another hex and optionally rob a seat with a town there; nobody discards. "
        "Each knight played counts towards largest army.",
    ),
    "victory_point": (
        "never played",
        "Worth 1 point to its holder from the moment it is bought; opponents cannot see it "
        "until the game ends.",
    ),
    "roadworks": (
        "after the roll, one per turn",
        "Build one or two roads for free, each following the normal road rules in the order given.",
    ),
    "windfall": (
        "after the roll, one per turn",
        "Take any two resources from the bank (the same one twice is allowed).",
    ),
    "embargo": (
        "after the roll, one per turn",
        "Name a resource: every opponent gives you all the cards of it they hold.",
    ),
}

_MOVES: list[dict[str, Any]] = [
    {"kind": "setup", "payload": {"settlement": "vertex id", "road": "edge id touching that vertex"}},
    {"kind": "turn", "type": "build_road", "payload": {"edge": "edge id"}},
    {"kind": "turn", "type": "build_settlement", "payload": {"vertex": "vertex id"}},
    {"kind": "turn", "type": "build_city", "payload": {"vertex": "vertex id of an own settlement"}},
    {"kind": "turn", "type": "buy_dev", "payload": {}},
    {"kind": "turn", "type": "play_dev", "payload": {"card": "knight"}},
    {
        "kind": "turn",
        "type": "play_dev",
        "payload": {"card": "roadworks", "edges": "list of 1 or 2 edge ids"},
    },
    {
        "kind": "turn",
        "type": "play_dev",
        "payload": {"card": "windfall", "resources": "list of exactly 2 resources"},
    },
    {"kind": "turn", "type": "play_dev", "payload": {"card": "embargo", "resource": "resource name"}},
    {
        "kind": "turn",
        "type": "bank_trade",
        "payload": {"give": "resource name", "get": "another resource name"},
    },
    {
        "kind": "turn",
        "type": "offer_trade",
        "payload": {
            "give": "{resource: count}",
            "get": "{resource: count}",
            "to": "seat (optional)",
            "talk": "string (optional)",
        },
    },
    {"kind": "turn", "type": "end_turn", "payload": {"talk": "string (optional)"}},
    {"kind": "discard", "payload": {"cards": "{resource: count}, totalling half the hand rounded down"}},
    {
        "kind": "bandit",
        "payload": {"hex": "hex id", "victim": "seat or null (optional)", "talk": "string (optional)"},
    },
    {"kind": "trade", "payload": {"accept": "true or false", "talk": "string (optional)"}},
]

_DEFAULTS = {
    "setup": "the lowest vertex open to a settlement, with its lowest-numbered free edge",
    "turn": "end the turn",
    "discard": "one card at a time from the largest pile (ties: brick, lumber, wool, grain, ore order)",
    "bandit": "the lowest-numbered hex the bandit is not on, robbing nobody",
    "trade": "decline",
}

# (topic, ruling, where the spec leaves the question open)
_RULINGS: list[tuple[str, str, str]] = [
    (
        "city upgrade",
        "Upgrading a settlement to a city returns the settlement piece to its owner's supply.",
        "pioneers.md §Costs and limits",
    ),
    (
        "victory-point cards",
        "A victory-point card scores from the moment it is bought, so buying one can win the game at once.",
        "pioneers.md §Dev cards",
    ),
    (
        "victory-point cards",
        "Victory-point cards cannot be played (code not_playable); views list them among devCards or "
        "devBoughtThisTurn like any other held card.",
        "pioneers.md §Dev cards",
    ),
    (
        "bandit victim",
        "A bandit may name a victim whose hand is empty; nothing is taken. A victim must be an opponent.",
        "pioneers.md §The turn",
    ),
    (
        "roadworks",
        "Roadworks may place a single road even when two would fit; the second road may build on the first.",
        "pioneers.md §Dev cards",
    ),
    (
        "bank and offers",
        "A bank trade must get a different resource than it gives; "
        "an offer may not put one resource on both sides.",
        "pioneers.md §Trading",
    ),
    (
        "accepting offers",
        "Accepting an offer without holding its asked-for cards is illegal (cannot_afford); "
        "hands cannot change while answers are collected, "
        "so every accepter can still pay when the offer resolves.",
        "pioneers.md §Trading",
    ),
    (
        "offer targets",
        "An offer to oneself is illegal (bad_target). "
        "Offers to resigned seats are declined for them at once.",
        "pioneers.md §Trading",
    ),
    (
        "longest road ties",
        "When several seats tied for the lead all pass the longest-road holder, nobody holds the award "
        "until one seat leads alone (the same rule as a holder cut below 5).",
        "pioneers.md §Awards",
    ),
    (
        "win check",
        "The win check at the roll comes before production or any discards; a seat that reaches 10 points "
        "on another seat's turn wins at its own next roll if it still has them.",
        "pioneers.md §The turn",
    ),
    (
        "resigned seats",
        "A seat that resigns keeps its pieces and hand, keeps scoring, is still ranked, and its decisions "
        "are played by the defaults; it can still win if its points reach 10 on its own turn.",
        "pioneers.md §Defaults and strikes",
    ),
    (
        "table talk",
        "Table talk is logged only when it is not empty; an empty log entry is never made.",
        "pioneers.md §Table talk",
    ),
    (
        "move records",
        "A move record may carry only seat, kind and one of action or strike; an action may carry only "
        "the fields its type takes (bad_field otherwise).",
        "pioneers.md §Setup, §The turn",
    ),
    (
        "legal move lists",
        "legal_moves lists every legal move except trade offers, which it samples as one-for-one open "
        "offers, and it never attaches table talk.",
        "design.md §4",
    ),
    (
        "public scores",
        "Every view, a spectator's included, carries scores: each seat's public points (towns and "
        "awards, no victory-point cards), the same numbers as each player's score, so they can trail "
        "the true totals. A seat's own view adds myScore, its true total with its victory-point cards; "
        "the true totals of all seats appear as finalScores once the game is over.",
        "pioneers.md §Hidden information",
    ),
    (
        "discards in the open",
        "A discard after a 7 is told to every seat with the cards given up, as trades and payouts "
        "are; what stays between the seats concerned is a bandit's theft and a dev card drawn. The "
        "discards one roll calls for are one move per seat, in any order.",
        "pioneers.md §The turn, §Hidden information",
    ),
]

_RANDOMNESS = [
    {
        "stream": "board/resources",
        "use": "one shuffle of the 19 terrain hexes, assigned to hexes 0-18 in order",
    },
    {
        "stream": "board/tokens",
        "use": "one shuffle of the 18 number tokens, assigned in hex order to the non-desert hexes",
    },
    {"stream": "deck/dev", "use": "one shuffle of the 25 dev cards; cards are drawn from the front"},
    {"stream": "dice/<k>", "use": "roll number k (counting from 1 over the game) draws die one then die two"},
    {
        "stream": "steal/<k>",
        "use": "robbery number k draws one card index uniformly from the victim's hand, "
        "counted brick, lumber, wool, grain, ore",
    },
    {"stream": "bot/<seat>/<name>", "use": "a bot's own choices; never read by the engine"},
]


CARD_NAMES = {  # each dev card's name as docs and pages say it
    "knight": "Knight",
    "victory_point": "Victory point",
    "roadworks": "Roadworks",
    "windfall": "Windfall",
    "embargo": "Embargo",
}

# Who owes each decision kind, and what raises it.
_PENDINGS = {
    "setup": (
        "the seat placing now (snake order: 0..n-1, then n-1..0)",
        "each of the two opening placements per seat",
    ),
    "turn": (
        "the seat whose turn it is",
        "the start of its turn once the roll (and any 7) is settled; again after every action "
        "until it ends the turn",
    ),
    "discard": (
        f"every seat holding more than {DISCARD_ABOVE} cards, all at once",
        "a roll of 7",
    ),
    "bandit": ("the seat whose turn it is", "a roll of 7 once discards are in, or a knight card"),
    "trade": (
        "each opponent an open offer asks, or the one seat a targeted offer names",
        "an offer_trade action",
    ),
}


def _limits() -> list[dict[str, Any]]:
    return [
        {"name": "points to win", "value": WIN_POINTS, "note": "counted only during the seat's own turn"},
        {"name": "turn cap", "value": MAX_TURNS, "note": "turn 201 never starts; everyone is ranked"},
        {
            "name": "hand size before a 7 forces a discard",
            "value": DISCARD_ABOVE,
            "note": "a larger hand gives up half, rounded down",
        },
        {
            "name": "knights for largest army",
            "value": ARMY_MIN,
            "note": "the holder changes only when beaten",
        },
        {
            "name": "road length for longest road",
            "value": ROAD_MIN,
            "note": "edges of one simple path; an opponent's town cuts it",
        },
        {"name": "dev cards played per turn", "value": 1, "note": "buying is not limited"},
        {"name": "trade offers per turn", "value": MAX_OFFERS_PER_TURN, "note": "a sixth is illegal"},
        {"name": "table talk length", "value": TALK_LIMIT, "note": "characters per message"},
        {"name": "log entries in a view", "value": LOG_IN_VIEW, "note": "the most recent ones"},
        {
            "name": "strikes before a seat resigns",
            "value": MAX_STRIKES,
            "note": "timeouts, errors and illegal answers all count",
        },
        {"name": "players", "value": f"{MIN_PLAYERS}-{MAX_PLAYERS}", "note": "seats are numbered from 0"},
    ]


def _vp_sources() -> list[dict[str, Any]]:
    return [
        {"source": "settlement", "points": 1, "note": "each one on the board"},
        {"source": "city", "points": 2, "note": "each one on the board (replaces the settlement's 1)"},
        {"source": "largest army", "points": AWARD_POINTS, "note": f"at least {ARMY_MIN} knights played"},
        {"source": "longest road", "points": AWARD_POINTS, "note": f"a road of at least {ROAD_MIN}"},
        {
            "source": "victory point card",
            "points": 1,
            "note": "hidden from opponents until the end: left out of the views' public scores",
        },
    ]


def _actions() -> list[dict[str, Any]]:
    return [
        {
            "kind": m["kind"],
            "type": m.get("type", m["kind"]),
            "payload": m["payload"],
            "answers_pending": m["kind"],
        }
        for m in _MOVES
    ]


def build_catalog() -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "rulesVersion": RULES_VERSION,
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "resources": list(RESOURCES),
        "costs": {
            "road": _cost(COST_ROAD),
            "settlement": _cost(COST_SETTLEMENT),
            "city": _cost(COST_CITY),
            "devCard": _cost(COST_DEV),
        },
        "pieceLimits": {"road": ROAD_LIMIT, "settlement": SETTLEMENT_LIMIT, "city": CITY_LIMIT},
        "victoryPoints": {
            "settlement": 1,
            "city": 2,
            "largestArmy": AWARD_POINTS,
            "longestRoad": AWARD_POINTS,
            "victoryPointCard": 1,
        },
        "thresholds": {
            "win": WIN_POINTS,
            "largestArmyKnights": ARMY_MIN,
            "longestRoadLength": ROAD_MIN,
            "discardAbove": DISCARD_ABOVE,
            "maxTurns": MAX_TURNS,
            "offersPerTurn": MAX_OFFERS_PER_TURN,
            "devCardsPlayedPerTurn": 1,
            "talkChars": TALK_LIMIT,
            "logInView": LOG_IN_VIEW,
            "strikesToResign": MAX_STRIKES,
        },
        "board": {
            "hexes": board.NUM_HEXES,
            "vertices": board.NUM_VERTICES,
            "edges": board.NUM_EDGES,
            "coastalEdges": len(board.COASTAL_EDGES),
            "rows": list(board.ROW_LENGTHS),
            "terrain": {TERRAIN_NAMES[i]: c for i, c in enumerate(TERRAIN_COUNTS)},
            "tokens": list(NUMBER_TOKENS),
            "hexVertices": [list(v) for v in board.HEX_VERTICES],
            "portRingPositions": list(board.PORT_RING_POSITIONS),
            "ports": [
                {"id": i, "kind": kind, "ratio": ratio, "vertices": [a, b]}
                for i, (kind, ratio, (a, b)) in enumerate(board.PORTS)
            ],
            "bankRates": {"base": 4, "genericPort": 3, "resourcePort": 2},
            "bank": "infinite",
        },
        "devCards": [
            {
                "id": i,
                "name": name,
                "count": DEV_COUNTS[i],
                "timing": _CARD_TEXT[name][0],
                "effect": _CARD_TEXT[name][1],
            }
            for i, name in enumerate(DEV_CARDS)
        ],
        "devDeckSize": sum(DEV_COUNTS),
        "decisionKinds": list(KINDS),
        "moves": _MOVES,
        "strikes": list(STRIKES),
        "defaults": _DEFAULTS,
        "rulings": [{"topic": t, "ruling": r, "ref": ref} for t, r, ref in _RULINGS],
        "pieces": {"road": ROAD_LIMIT, "settlement": SETTLEMENT_LIMIT, "city": CITY_LIMIT},
        "limits": _limits(),
        "vp_sources": _vp_sources(),
        "decks": [
            {
                "id": name,
                "name": CARD_NAMES[name],
                "deck": "dev",
                "count": DEV_COUNTS[i],
                "timing": _CARD_TEXT[name][0],
                "effect": _CARD_TEXT[name][1],
            }
            for i, name in enumerate(DEV_CARDS)
        ],
        "deck_notes": {
            "dev": "One shared face-down deck of development cards, bought from the bank for "
            + ", ".join(f"{n} {r}" for r, n in _cost(COST_DEV).items())
            + "; it is never refilled, and a card bought this turn waits until the next one.",
        },
        "actions": _actions(),
        "pendings": [
            {
                "type": kind,
                "who": _PENDINGS[kind][0],
                "trigger": _PENDINGS[kind][1],
                "answered_by": f"a {kind} move",
                "default": _DEFAULTS[kind],
            }
            for kind in KINDS
        ],
        "randomness": _RANDOMNESS,
    }


CATALOG: dict[str, Any] = build_catalog()
