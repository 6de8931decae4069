"""Every number the codex engine uses, in one place.

Values come from the rules text where it states them and from the research digest's
rulings where the text lost its tables (the digest section is named beside each group).
"""

from __future__ import annotations

RULES_VERSION = "codex/1"

# Materials (digest §4). Resource order is also the steal order's first half.
RESOURCES: tuple[str, ...] = ("lumber", "brick", "wool", "grain", "ore")
COMMODITIES: tuple[str, ...] = ("coin", "paper", "cloth")
MATERIALS: tuple[str, ...] = RESOURCES + COMMODITIES
STEAL_ORDER: tuple[str, ...] = MATERIALS

BANK_RESOURCES = 19
BANK_COMMODITIES = 12

# Terrain (rules §3, digest §4 board constants).
TERRAIN_RESOURCE: dict[str, str] = {
    "hills": "brick",
    "forest": "lumber",
    "mountains": "ore",
    "fields": "grain",
    "pasture": "wool",
}
TERRAIN_COMMODITY: dict[str, str] = {"forest": "paper", "mountains": "coin", "pasture": "cloth"}
STANDARD_MIX: dict[str, int] = {
    "hills": 3, "forest": 4, "mountains": 3, "fields": 4, "pasture": 4, "desert": 1,
}
GRAND_MIX: dict[str, int] = {"hills": 6, "forest": 8, "mountains": 6, "fields": 8, "pasture": 8, "desert": 1}
TOKEN_POOL: tuple[int, ...] = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
# Letters A..R of the standard spiral (digest §6 item 2).
SPIRAL_TOKENS: tuple[int, ...] = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
RED_TOKENS = frozenset({6, 8})
EDGE_TOKENS = frozenset({2, 12})

# Harbors (digest §5(b)): indices on the clockwise coastal cycle, tip at index 0.
HARBOR_TYPES: tuple[str, ...] = ("3:1", "3:1", "3:1", "3:1", "brick", "lumber", "ore", "grain", "wool")
HARBOR_SLOTS: dict[str, tuple[int, ...]] = {
    "standard": (2, 6, 8, 12, 16, 18, 22, 26, 28),
    "grand": (3, 9, 12, 17, 23, 26, 31, 37, 40),
}
BOARD_RADIUS: dict[str, int] = {"standard": 2, "grand": 3}

# Costs (rules §9-§10, digest §4 and §5(e)).
COSTS: dict[str, dict[str, int]] = {
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "city": {"ore": 3, "grain": 2},
    "cityWall": {"brick": 2},
    "recruitKnight": {"ore": 1, "wool": 1},
    "activateKnight": {"grain": 1},
    "promoteKnight": {"ore": 1, "wool": 1},
}

# Per-player supply (digest §5(a)).
SUPPLY: dict[str, int] = {"roads": 15, "settlements": 5, "cities": 4, "cityWalls": 3}
KNIGHT_SUPPLY: dict[str, int] = {"basic": 2, "strong": 2, "mighty": 2}
KNIGHT_LEVELS: tuple[str, ...] = ("basic", "strong", "mighty")
KNIGHT_STRENGTH: dict[str, int] = {"basic": 1, "strong": 2, "mighty": 3}
MIGHTY_POLITICS_LEVEL = 3
MAX_WALLS_ON_BOARD = 3

# Limits (rules §7-§8, §11, §14; digest §4).
DISCARD_BASE = 7
DISCARD_PER_WALL = 2
BERSERKER_TRACK_MAX = 7
LONGEST_ROAD_MIN = 5
MAX_PROGRESS_HAND = 4
FIRST_PLAYER_MAX_TIED_ROUNDS = 50
DEFAULT_VP_TARGET = 13
MAX_SEATS = 4
MAX_DOMESTIC_PROPOSALS = 5  # domestic-trade proposals per turn (rules §12.1)
MAX_PROPOSAL_CANDIDATES = 96  # listed broadcast proposals (rules §12.1)

# Victory points (rules §15.1, digest §5(i)).
VP: dict[str, int] = {
    "settlement": 1,
    "city": 2,
    "metropolisBonus": 2,
    "longestRoad": 2,
    "merchant": 1,
    "vpCard": 1,
    "defenderToken": 1,
}

# Maritime rates (rules §12.2, digest §5(g)).
BASE_RATE = 4
GENERIC_HARBOR_RATE = 3
SPECIAL_HARBOR_RATE = 2
PERK_RATE = 2
TRADE_PERK_LEVEL = 3

# Event die: six faces (rules §6.1).
EVENT_FACES: tuple[str, ...] = ("ship", "ship", "ship", "science", "trade", "politics")
TRACKS: tuple[str, ...] = ("science", "trade", "politics")
TRACK_COMMODITY: dict[str, str] = {"science": "paper", "trade": "cloth", "politics": "coin"}

COLORS: tuple[str, ...] = ("red", "blue", "orange", "white")

# Progress decks (digest §3): card id and count, 18 per deck.
DECKS: dict[str, tuple[tuple[str, int], ...]] = {
    "science": (
        ("scienceAugury", 2), ("scienceMason", 2), ("scienceEngineering", 1), ("scienceGeomancer", 2),
        ("scienceIrrigation", 2), ("scienceMedicine", 2), ("scienceMining", 2), ("scienceTempering", 2),
        ("scienceRoadBuilding", 2), ("scienceAnnals", 1),
    ),
    "trade": (
        ("tradeCommercialHarbor", 2), ("tradeTribute", 2), ("tradeMerchant", 6), ("tradeMerchantFleet", 2),
        ("tradeResourceMonopoly", 4), ("tradeTradeMonopoly", 2),
    ),
    "politics": (
        ("politicsDiplomacy", 2), ("politicsEncouragement", 2), ("politicsEspionage", 3),
        ("politicsIntrigue", 2), ("politicsSabotage", 2), ("politicsTaxation", 2), ("politicsTreason", 2),
        ("politicsBetrothal", 2), ("politicsCharter", 1),
    ),
}
DECK_PREFIX: dict[str, str] = {"science": "sci", "trade": "trd", "politics": "pol"}
VP_CARDS = frozenset({"scienceAnnals", "politicsCharter"})

# The wire vocabulary (digest §1-§2).
ACTION_TYPES: tuple[str, ...] = (
    "placeSetupBuilding", "placeSetupRoad", "rollDice", "endTurn", "resign", "playProgressCard",
    "setStandingWant", "clearStandingWant", "executeStandingWant", "resolveOptionalCardEffect",
    "discardHalf", "chaseRobber", "buildRoad", "buildSettlement", "buildCity", "buildCityWall",
    "recruitKnight", "activateKnight", "promoteKnight", "moveKnight", "displaceKnight",
    "domesticTradePropose", "domesticTradeBid", "domesticTradePass", "domesticTradeAward",
    "domesticTradeCancel", "maritimeTrade", "improveCity", "skipRoadBuilding",
    "chooseScienceBonusResource", "chooseRobberHex", "chooseStealTarget", "choosePillageCity",
    "chooseProgressDeck", "chooseMetropolisCity", "discardProgress",
)
PENDING_TYPES: tuple[str, ...] = (
    "placeSetupRoad", "discardResources", "chooseRobberHex", "chooseStealTarget",
    "chooseRobberDestination", "scienceLevel3Bonus", "chooseMetropolisCity", "choosePillageCity",
    "chooseProgressDeck", "discardProgress", "chooseKnightRetreat", "domesticTradeResponse",
    "roadBuildingPlace", "smithingPromote", "commercialHarborGive", "guildDuesChooseCards",
    "espionageChooseCard", "treasonChooseKnight", "treasonPlaceKnight", "weddingGiveCards",
)
