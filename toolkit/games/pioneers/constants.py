"""Every fixed number of the pioneers rules, in one place.

Resources, cards and piece types are small integers on the hot path; their names are
the strings used in saves and views, always in the order given here.
"""

from __future__ import annotations

GAME_ID = "pioneers"
RULES_VERSION = "pioneers/1"

RESOURCES: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")
RESOURCE_INDEX: dict[str, int] = {name: i for i, name in enumerate(RESOURCES)}
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
DESERT = 5
TERRAIN_NAMES: tuple[str, ...] = (*RESOURCES, "desert")

# How many hexes of each terrain the island holds (brick, lumber, wool, grain, ore, desert).
TERRAIN_COUNTS: tuple[int, ...] = (3, 4, 4, 4, 3, 1)
NUMBER_TOKENS: tuple[int, ...] = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)

# Costs as per-resource vectors in RESOURCES order.
COST_ROAD: tuple[int, ...] = (1, 1, 0, 0, 0)
COST_SETTLEMENT: tuple[int, ...] = (1, 1, 1, 1, 0)
COST_CITY: tuple[int, ...] = (0, 0, 0, 2, 3)
COST_DEV: tuple[int, ...] = (0, 0, 1, 1, 1)

# Pieces each seat owns for the whole game.
ROAD_LIMIT = 15
SETTLEMENT_LIMIT = 5
CITY_LIMIT = 4

# Development cards: ids are indexes into DEV_CARDS.
DEV_CARDS: tuple[str, ...] = ("knight", "victory_point", "roadworks", "windfall", "embargo")
DEV_INDEX: dict[str, int] = {name: i for i, name in enumerate(DEV_CARDS)}
KNIGHT, VICTORY_POINT, ROADWORKS, WINDFALL, EMBARGO = range(5)
DEV_COUNTS: tuple[int, ...] = (14, 5, 2, 2, 2)

# Scoring and thresholds.
WIN_POINTS = 10
AWARD_POINTS = 2
ARMY_MIN = 3
ROAD_MIN = 5
MAX_TURNS = 200
DISCARD_ABOVE = 7
MAX_OFFERS_PER_TURN = 5
TALK_LIMIT = 240
LOG_IN_VIEW = 20
MAX_STRIKES = 3
MIN_PLAYERS = 3
MAX_PLAYERS = 4

# Decision kinds and the phases that owe them.
KINDS: tuple[str, ...] = ("setup", "turn", "discard", "bandit", "trade")
STRIKES: tuple[str, ...] = ("timeout", "error", "illegal")
PHASE_SETUP = "setup"
PHASE_DISCARD = "discard"
PHASE_BANDIT = "bandit"
PHASE_TURN = "turn"
PHASE_TRADE = "trade"
PHASE_OVER = "over"

# Building kinds on a vertex.
EMPTY = 0
SETTLEMENT = 1
CITY = 2
