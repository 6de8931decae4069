"""The engine's reference data, the single source the docs are generated from."""

from __future__ import annotations

from typing import Any

from toolkit.games.codex import constants as C
from toolkit.games.codex.board import topology
from toolkit.games.codex.engine import DISPATCH, PENDING_HANDLED
from toolkit.games.codex.flow import PENDING_ANSWERS

RULINGS: tuple[dict[str, str], ...] = (
    {
        "topic": "event die before production",
        "ruling": (
            "The event die resolves first (ship and any attack, or progress draws and their hand-limit "
            "discards), then production or the 7, then Aqueduct bonuses; a 7 that follows the first "
            "attack already uses the robber."
        ),
        "source": "digest §7 item 4",
    },
    {
        "topic": "0-vs-0 defence",
        "ruling": (
            "A defence of strength 0 that holds is a tie among all players: no Defender token, every "
            "player chooses a deck (if any deck has cards)."
        ),
        "source": "digest §7 items 5-6",
    },
    {
        "topic": "victory timing",
        "ruling": (
            "Only the current player wins, checked after every applied action; off-turn crossings win "
            "when that player's turn begins."
        ),
        "source": "digest §7 items 9-10",
    },
    {
        "topic": "steal",
        "ruling": (
            "Uniform pick over the hand flattened lumber, brick, wool, grain, ore, coin, paper, cloth "
            "from stream '<seed>:steal:<stealOrdinal>:<victimId>' (draw 0); the ordinal advances once "
            "per card stolen; empty-handed players are never targets."
        ),
        "source": "rules §7.3, digest §6 item 5, §7 item 11",
    },
    {
        "topic": "order of several pillaged players",
        "ruling": (
            "Seat order from the current player; automatic downgrades apply at once, choices are "
            "queued."
        ),
        "source": "digest §7 item 8",
    },
    {
        "topic": "tied-defender draws over the hand limit",
        "ruling": (
            "A non-current player pushed above 4 progress cards by a tied-defender draw discards right "
            "after that draw."
        ),
        "source": "rules §6.2 (extended)",
    },
    {
        "topic": "sideways city piece",
        "ruling": (
            "Counts 1 VP, is not a city for attack strength or walls, and must be the next settlement "
            "upgraded."
        ),
        "source": "digest §7 item 22",
    },
    {
        "topic": "wall ceiling",
        "ruling": (
            "A wall needs a wall in supply and fewer than 3 walls on the board."
        ),
        "source": "digest §7 item 23",
    },
    {
        "topic": "resign",
        "ruling": (
            "Strict VP maximum among players who did not resign wins; a tie has no winner; a single "
            "remaining player wins."
        ),
        "source": "digest §7 item 25",
    },
    {
        "topic": "players",
        "ruling": (
            "1 to 4 seats; turn order after setup is the seat rotation from the first player."
        ),
        "source": "digest §7 items 14-15",
    },
    {
        "topic": "grand board",
        "ruling": (
            "Doubled standard mix plus one desert; 9 harbors on coastal slots 3, 9, 12, 17, 23, 26, 31,"
            " 37, 40; tokens by a seeded backtracking search with restarts."
        ),
        "source": "digest §7 item 13, §6 item 3",
    },
    {
        "topic": "harbor kinds",
        "ruling": (
            "The nine harbor kinds are shuffled onto the fixed slots from the stream 'harbors'; slots "
            "follow the captured real game (standard 2, 6, 8, 12, 16, 18, 22, 26, 28)."
        ),
        "source": "digest §5(b)",
    },
    {
        "topic": "longest road after setup road",
        "ruling": (
            "Recomputed after every setup road (harmless)."
        ),
        "source": "digest §5(h)",
    },
    {
        "topic": "listed candidates",
        "ruling": (
            "legal_moves lists maritime trades for one wanted card only and at most 48 discard "
            "combinations; larger bundles are legal when submitted."
        ),
        "source": "engine choice",
    },
)


def build_catalog() -> dict[str, Any]:
    boards = {}
    for size in ("standard", "grand"):
        t = topology(size)
        boards[size] = {
            "hexes": len(t.hex_ids),
            "intersections": len(t.int_ids),
            "edges": len(t.edge_ids),
            "coastalEdges": len(t.coastal_cycle),
            "terrainMix": dict(C.STANDARD_MIX if size == "standard" else C.GRAND_MIX),
            "harborSlots": list(C.HARBOR_SLOTS[size]),
            "tokenLayout": "A-R spiral" if size == "standard" else "seeded constrained search",
        }
    return {
        "game": "codex",
        "rulesVersion": C.RULES_VERSION,
        "materials": {"resources": list(C.RESOURCES), "commodities": list(C.COMMODITIES)},
        "bank": {"perResource": C.BANK_RESOURCES, "perCommodity": C.BANK_COMMODITIES},
        "costs": {k: dict(v) for k, v in C.COSTS.items()},
        "supply": dict(C.SUPPLY) | {"knights": dict(C.KNIGHT_SUPPLY)},
        "knightTiers": [{"level": lv, "strength": C.KNIGHT_STRENGTH[lv]} for lv in C.KNIGHT_LEVELS],
        "limits": {
            "discardThreshold": f"{C.DISCARD_BASE} + {C.DISCARD_PER_WALL} per wall on the board",
            "maxWallsOnBoard": C.MAX_WALLS_ON_BOARD,
            "berserkerTrackMax": C.BERSERKER_TRACK_MAX,
            "longestRoadMin": C.LONGEST_ROAD_MIN,
            "progressHandLimit": C.MAX_PROGRESS_HAND,
            "firstPlayerMaxTiedRounds": C.FIRST_PLAYER_MAX_TIED_ROUNDS,
            "defaultVictoryPointsTarget": C.DEFAULT_VP_TARGET,
            "mightyNeedsPoliticsLevel": C.MIGHTY_POLITICS_LEVEL,
            "seats": [1, C.MAX_SEATS],
        },
        "victoryPoints": dict(C.VP),
        "maritimeRates": {
            "base": C.BASE_RATE,
            "genericHarbor": C.GENERIC_HARBOR_RATE,
            "resourceHarbor": C.SPECIAL_HARBOR_RATE,
            "tradeLevel3Commodities": C.PERK_RATE,
            "galleonType": C.PERK_RATE,
            "guildmasterHexResource": C.PERK_RATE,
        },
        "terrain": {"resource": dict(C.TERRAIN_RESOURCE), "cityCommodity": dict(C.TERRAIN_COMMODITY)},
        "eventDie": list(C.EVENT_FACES),
        "decks": {d: [{"cardId": c, "count": n} for c, n in cards] for d, cards in C.DECKS.items()},
        "boards": boards,
        "actions": [
            {"type": t, "handled": t in DISPATCH, "section": DISPATCH[t].section if t in DISPATCH else None}
            for t in C.ACTION_TYPES
        ],
        "pendings": [
            {"type": p, "handled": p in PENDING_HANDLED, "answeredBy": list(PENDING_ANSWERS[p])}
            for p in C.PENDING_TYPES
        ],
        "rulings": [dict(r) for r in RULINGS],
        "rng": {
            "algorithm": (
                "SHA-256 of '<seed>:<purpose>:<counter>', first 8 bytes big-endian; "
                "rejection sampling for below(n); Fisher-Yates from the back"
            ),
            "streams": ["terrain", "tokens (tokens:<k> on restart)", "harbors", "deck:<deck>",
                        "first:<round>:<playerId>", "dice:<rollNumber>", "steal:<stealOrdinal>:<victimId>"],
        },
    }
