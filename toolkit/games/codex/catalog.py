"""The engine's reference data, the single source the docs are generated from."""

from __future__ import annotations

from typing import Any

from toolkit.games.codex import constants as C
from toolkit.games.codex.board import topology
from toolkit.games.codex.engine import DISPATCH, PENDING_HANDLED
from toolkit.games.codex.flow import PENDING_ANSWERS
from toolkit.games.codex.improvements import MAX_LEVEL
from toolkit.games.codex.progress import CARDS
from toolkit.games.codex.rulings import RULINGS

# Progress cards: id -> (name, effect in our words). Each deck's engineer adds their own.
CARD_TEXT: dict[str, tuple[str, str]] = {
    "scienceAugury": ("Augury", "Before rolling, at most once a turn: choose both production dice (the "
                      "second is the red die); only the event die is thrown."),
    "scienceMason": ("Mason", "Raise one named track a level for one commodity less than usual (never below "
                     "nothing); may win a metropolis, and is refused when no city could host it."),
    "scienceEngineering": ("Engineering", "A free wall on one of your cities without one, if a wall is in "
                           "supply and fewer than 3 of yours stand."),
    "scienceGeomancer": ("Geomancer", "Exchange the tokens of two different land hexes; a 2, 6, 8 or 12 "
                         "never moves and the robber stays put."),
    "scienceIrrigation": ("Aqueducts", "Take 2 grain for every different fields hex touching any of your "
                          "buildings, as far as the bank allows."),
    "scienceMedicine": ("Apothecary", "Turn one of your settlements into a city for 2 ore and 1 grain (a "
                        "sideways pillaged piece first, needing no city from supply)."),
    "scienceMining": ("Delving", "Take 2 ore for every different mountains hex touching any of your "
                      "buildings, as far as the bank allows."),
    "scienceTempering": ("Tempering", "Up to two free knight promotions, one at a time, under the normal "
                         "promotion rules; you may stop early."),
    "scienceRoadBuilding": ("Causeway", "Up to two free roads (no more than your supply), placed like bought "
                            "roads; you must place them while a legal spot remains."),
    "scienceAnnals": ("Annals", "Victory-point card: shown when drawn, worth 1 VP, never held, played, "
                      "discarded or stolen."),
    "tradeCommercialHarbor": ("Wharfage", "For the rest of the turn you may offer one resource to each "
                              "opponent once; one holding a commodity takes it and returns a commodity of "
                              "its choice, one holding none gives nothing and the offer is spent."),
    "tradeTribute": ("Tribute", "Choose an opponent with more points and take two of their resource or "
                     "commodity cards of your choosing (all they hold if fewer)."),
    "tradeMerchant": ("Guildmaster", "Put the merchant on a land hex (desert included) next to one of your "
                      "buildings: 1 VP while you hold it, and that hex's resource trades 2:1."),
    "tradeMerchantFleet": ("Galleon", "Name a resource or commodity: it trades 2:1 with the bank until your "
                           "turn ends; several Galleons add several types."),
    "tradeResourceMonopoly": ("Levy", "Name a resource; every opponent hands you two of it, or all they have "
                              "if fewer."),
    "tradeTradeMonopoly": ("Embargo", "Name a commodity; every opponent holding it hands you one."),
    "politicsDiplomacy": ("Diplomacy", "Remove a road with a dead end to its owner's supply; if it was yours "
                          "you may place one road again for free, and longest road waits for that choice."),
    "politicsEncouragement": ("Encouragement", "All your inactive knights become active for free; they "
                              "cannot act this turn."),
    "politicsEspionage": ("Espionage", "Look at an opponent's progress cards and take one of them, or none."),
    "politicsIntrigue": ("Conspiracy", "Drive off an opponent's knight standing beside one of your roads, "
                         "without using a knight; it retreats along its owner's roads or returns to supply."),
    "politicsSabotage": ("Sabotage", "Every opponent with at least your points discards half their resource "
                         "and commodity cards, rounded down."),
    "politicsTaxation": ("Taxation", "Once the robber is active, move it to another hex and take one random "
                         "card from every opponent with a building there."),
    "politicsTreason": ("Treason", "An opponent removes one of their knights; you may then place one of "
                        "yours from supply, no stronger (mighty allowed), beside your roads, in its active "
                        "state."),
    "politicsBetrothal": ("Betrothal", "Every opponent with more points gives you two cards of their choice "
                          "(all they hold if fewer), one after another."),
    "politicsCharter": ("Charter", "Victory-point card: shown when drawn, worth 1 VP, never held, played, "
                        "discarded or stolen."),
}



# Action payload shapes (each area adds its own actions).
ACTION_PAYLOADS: dict[str, str] = {
    "placeSetupBuilding": "{intersectionId} (the setup placer: a settlement in round 1, a city in round 2)",
    "placeSetupRoad": "{edgeId} touching the building just placed",
    "rollDice": "{} (the current player, roll phase)",
    "endTurn": "{} (the current player, action phase, nothing open)",
    "resign": "{} (any player, any phase; never listed for bots)",
    "discardHalf": "{cards: [material, ...]} one entry per card, exactly the required count",
    "chaseRobber": "{knightId} to start a chase, or {hexId} answering chooseRobberDestination",
    "buildRoad": "{edgeId} (also places a free road while roadBuildingPlace is open)",
    "buildSettlement": "{intersectionId}",
    "buildCity": "{intersectionId} of an own settlement (the sideways city first, when there is one)",
    "buildCityWall": "{intersectionId} of an own city",
    "recruitKnight": "{intersectionId} on an own road's end (a basic knight)",
    "activateKnight": "{knightId} of an own inactive knight",
    "promoteKnight": "{knightId} of an own knight below the top tier allowed",
    "moveKnight": "{knightId, intersectionId} reachable along own roads",
    "displaceKnight": "{knightId, intersectionId} to push a weaker rival knight, or {intersectionId} "
                      "answering chooseKnightRetreat",
    "maritimeTrade": (
        "offer (one material and its count at the player's rate) for want (one material and count); "
        "more wanted materials may follow in additionalWants, every wanted card paid at the offered "
        "material's rate (offer count = rate x all cards wanted)"
    ),
    "chooseScienceBonusResource": "{resource} from the pending's eligibleResources",
    "chooseRobberHex": "{hexId} of any land hex but the robber's own",
    "chooseStealTarget": "{targetPlayerId} from the pending's eligiblePlayerIds",
    "choosePillageCity": "{intersectionId} of one of the player's own non-metropolis cities",
    "chooseProgressDeck": "{deck: science | trade | politics} with cards left",
    "discardProgress": "{instanceIds: [...]} exactly requiredCount of the player's progress cards",
    "improveCity": "{track: science | trade | politics}",
    "chooseMetropolisCity": "{intersectionId} (one of eligibleIntersectionIds)",
    "playProgressCard": "{instanceId, ...the card's keys} or {instanceId, skip: true}",
    "resolveOptionalCardEffect": (
        "the open card pending's answer (knightId / skip for smithingPromote, ...), or with nothing "
        "open a Wharfage offer {targetPlayerId, giveResourceType}"
    ),
    "skipRoadBuilding": "{} (only when roadBuildingPlace has maySkip: true)",
    "domesticTradePropose": "{offer, want, targetPlayerId?} (material lists; current player, 5 a turn)",
    "domesticTradeBid": "{offer, want} in the proposer's terms (a responder of the open auction)",
    "domesticTradePass": "{} (a responder of the open auction)",
    "domesticTradeAward": "{bidResponderId, offer, want} echoing a standing bid (the proposer)",
    "domesticTradeCancel": "{} (the proposer)",
    "setStandingWant": "{offer, want} (any player, roll or action phase, standing wants enabled)",
    "clearStandingWant": "{} (any player with a posted want)",
    "executeStandingWant": "{targetPlayerId} (the poster; current player, action phase)",
}

# Who answers a pending and what opens it (each area adds its own pendings).
PENDING_INFO: dict[str, dict[str, str]] = {
    "placeSetupRoad": {
        "who": "the player who just placed a setup building",
        "trigger": "every placeSetupBuilding",
        "payload": "{buildingIntersectionId}",
    },
    "chooseRobberHex": {
        "who": "the current player",
        "trigger": "a 7 once the robber is active, after the discards",
        "payload": "{}",
    },
    "chooseStealTarget": {
        "who": "the current player",
        "trigger": "the robber reaching a hex with two or more opponents holding cards",
        "payload": "{eligiblePlayerIds}",
    },
    "chooseRobberDestination": {
        "who": "the chasing (current) player",
        "trigger": "chaseRobber {knightId}",
        "payload": "{}; answered with chaseRobber {hexId}",
    },
    "choosePillageCity": {
        "who": "each pillaged player with two or more cities that can be pillaged",
        "trigger": "a berserker attack the defenders lose",
        "payload": "{eligibleIntersectionIds}",
    },
    "chooseProgressDeck": {
        "who": "each tied top defender in turn, in seat order from the current player",
        "trigger": "a repelled attack with several top contributors",
        "payload": "{eligibleDecks}",
    },
    "chooseKnightRetreat": {
        "who": "the owner of the knight that was pushed away",
        "trigger": "displaceKnight or Conspiracy with two or more retreat spots",
        "payload": "{eligibleIntersectionIds}; answered with displaceKnight {intersectionId}",
    },
    "chooseMetropolisCity": {
        "who": "the player who won the marker",
        "trigger": "improveCity or Mason reaching 4 or 5 and winning a track's metropolis",
        "payload": "{eligibleIntersectionIds, track}",
    },
    "scienceLevel3Bonus": {
        "who": "each science-3 player paid nothing by a non-7 roll, in seat order from the current player",
        "trigger": "production",
        "payload": "{eligibleResources}",
    },
    "roadBuildingPlace": {
        "who": "the card player",
        "trigger": "Causeway with a legal spot (maySkip false) or the Diplomacy rebuild (maySkip true)",
        "payload": "{maySkip}; the count is the player's freeRoadsRemaining",
    },
    "smithingPromote": {
        "who": "the card player",
        "trigger": "Tempering with a promotable knight",
        "payload": "{promotionsRemaining}",
    },
    "discardProgress": {
        "who": "a player above 4 progress cards",
        "trigger": "a draw (non-current players, at once) or endTurn (current player; the turn then passes)",
        "payload": "{requiredCount}",
    },
    "discardResources": {
        "who": "every listed player at once (actingPlayerId null); the list shrinks as they pay",
        "trigger": "a 7 (source robber: above 7 + 2 per wall) or Sabotage (source sabotage: opponents with "
                   "at least the actor's points holding 2 or more cards)",
        "payload": "{discardId, required{playerId: count}, source}; answered with discardHalf",
    },
    "commercialHarborGive": {
        "who": "the opponent offered a resource by Wharfage",
        "trigger": "a Wharfage offer to a player holding a commodity",
        "payload": "{targetPlayerId}; answered with {commodityType} the player holds",
    },
    "guildDuesChooseCards": {
        "who": "the Tribute player",
        "trigger": "Tribute against a richer opponent holding cards",
        "payload": "{targetPlayerId, available[{type, pool, available}], maxCards}; answered with cards "
                   "totalling maxCards, never skipped",
    },
    "espionageChooseCard": {
        "who": "the Espionage player",
        "trigger": "Espionage against an opponent holding progress cards",
        "payload": "{eligibleCards[{instanceId, cardId}]}; answered with {targetInstanceId} or {skip: true}",
    },
    "treasonChooseKnight": {
        "who": "the Treason target",
        "trigger": "Treason against a player with two or more knights on the board",
        "payload": "{eligibleKnightIds}; answered with {targetKnightId}",
    },
    "treasonPlaceKnight": {
        "who": "the Treason player",
        "trigger": "a Treason removal when a weak enough knight is in supply and a spot exists",
        "payload": "{maxLevel} (strength 1-3); answered with {intersectionId, level} or {skip: true}",
    },
    "domesticTradeResponse": {
        "who": "responders bid or pass (allowedPlayerIds); the proposer (actingPlayerId) awards or cancels",
        "trigger": "domesticTradePropose",
        "payload": "{auctionId, offer, want, bids[{responderId, offer, want}], passedPlayerIds, "
                   "targetPlayerId?}",
    },
    "weddingGiveCards": {
        "who": "each richer opponent with cards, one at a time in seat order after the current player",
        "trigger": "Betrothal",
        "payload": "{requiredCount, recipient}; answered with cards totalling requiredCount",
    },
}

# Every keyed random stream the engine draws from (toolkit.rng), and what it decides.
STREAMS: tuple[dict[str, str], ...] = (
    {"stream": "terrain", "use": "the shuffle of the terrain tiles onto the hexes"},
    {"stream": "tokens", "use": "the grand board's constrained token layout (tokens:<k> for restart k)"},
    {"stream": "harbors", "use": "the shuffle of the harbor kinds onto the fixed harbor slots"},
    {"stream": "deck:<deck>", "use": "the starting order of the science, trade and politics decks"},
    {"stream": "first:<round>:<playerId>", "use": "each player's two dice in a first-player roll-off round"},
    {"stream": "dice:<rollNumber>", "use": "the production dice and the event die of roll number n"},
    {"stream": "steal:<stealOrdinal>:<victimId>", "use": "which card a steal takes from the flattened hand"},
    {"stream": "bot:<name>:<seat>", "use": "a bot's own choices (never read by the engine)"},
    {"stream": "bot:driver", "use": "which of several seats owing a decision at once a bot game asks first"},
)

IMPROVEMENT_GAINS: dict[int, str] = {
    1: "progress draws from this track's deck when the red die is at most 2",
    3: "science: Aqueduct bonus after a roll that paid nothing; trade: commodities 2:1 with the bank; "
       "politics: knights may become mighty",
    4: "wins the track's metropolis if nobody holds it (city worth 4 VP, never pillaged)",
    5: "takes the metropolis from a level-4 holder; two level-5 players: the first keeps it",
}


def _card_entry(deck: str, card_id: str, count: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": card_id, "deck": deck, "count": count}
    if card_id in CARD_TEXT:
        entry["name"], entry["effect"] = CARD_TEXT[card_id]
    if card_id in C.VP_CARDS:
        entry["timing"] = "never played (revealed on draw)"
        entry["payload"] = []
    elif card_id in CARDS:
        spec = CARDS[card_id]
        entry["timing"] = "before rolling" if spec.timing == "preRoll" else "action phase"
        entry["payload"] = ["instanceId", *spec.keys] + (["skip"] if spec.optional else [])
        entry["skip"] = "always offered" if spec.optional else "only without a legal effect"
    return entry


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
        "decks": [_card_entry(d, c, n) for d, cards in C.DECKS.items() for c, n in cards],
        "improvements": [
            {
                "toLevel": level,
                "cost": f"{level} of the track's commodity",
                "withMason": f"{max(0, level - 1)}",
                "gain": IMPROVEMENT_GAINS.get(level, "no new perk"),
            }
            for level in range(1, MAX_LEVEL + 1)
        ],
        "trackCommodity": dict(C.TRACK_COMMODITY),
        "boards": boards,
        "actions": [
            {"type": t, "handled": t in DISPATCH, "section": DISPATCH[t].section if t in DISPATCH else None}
            | ({"payload": ACTION_PAYLOADS[t]} if t in ACTION_PAYLOADS else {})
            for t in C.ACTION_TYPES
        ],
        "pendings": [
            {"type": p, "handled": p in PENDING_HANDLED, "answeredBy": list(PENDING_ANSWERS[p])}
            | PENDING_INFO.get(p, {})
            for p in C.PENDING_TYPES
        ],
        "rulings": [dict(r) for r in RULINGS],
        "rng": {
            "algorithm": (
                "SHA-256 of '<seed>:<purpose>:<counter>', first 8 bytes big-endian; "
                "rejection sampling for below(n); Fisher-Yates from the back"
            ),
        },
        "randomness": [dict(stream) for stream in STREAMS],
    }
