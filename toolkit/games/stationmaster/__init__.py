"""Schema-only support for Station Master saves (a foreign format; no engine).

Station Master's rules engine, random generator and card catalogue are not
published, so its saves cannot be replayed. What a save does tell us without an
engine: which intents were played, how many of each, and how far the game got,
because every Stage opens with one ``localOps.choose`` per player (see
:func:`progress`). The schema itself is ``schemas/stationmaster-save.json``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

GAME_ID = "stationmaster"
STAGES_PER_DAY = 12
STAGE_OPENER = "localOps.choose"

# The 32 intent types, grouped as the game groups them (the part before the dot).
INTENT_TYPES: tuple[str, ...] = (
    "localOps.choose",
    "draw.fromHomeOffice",
    "draw.fromDepartment",
    "draw.end",
    "card.play",
    "card.discard",
    "newTrain.placeCar",
    "newTrain.passCar",
    "newTrain.secondSection",
    "newTrain.startExtra",
    "switch.move",
    "switch.dropCars",
    "switch.sortConsist",
    "switch.end",
    "maneuver.flyingSwitch",
    "maneuver.redFlags",
    "porter.board",
    "porter.detrain",
    "laborer.startLoad",
    "laborer.advanceLoad",
    "laborer.beginUnload",
    "freightAgent.stockOutbound",
    "freightAgent.clearInbound",
    "freightAgent.unjam",
    "freightAgent.end",
    "mainline.clearance",
    "mainline.modify",
    "mainline.redFlag",
    "mainline.yardOffice",
    "redFlag.play",
    "loadUnload.end",
    "game.extend",
)

RULE_DEFAULTS: dict[str, Any] = {
    "startingHand": "threeRandom",
    "revenue": {"passengerPerCoach": 1, "freightPerLoad": 1, "trainPerTransit": 0},
}


def recognise(data: Mapping[str, Any]) -> bool:
    """Whether a parsed JSON object is shaped like a Station Master save.

    Station Master saves carry a ``seed`` and a ``history`` list and none of the
    replaykit envelope keys (``format``, ``game``). Recognition is by shape only and
    deliberately loose, so a damaged save is still checked against the Station
    Master schema and its errors point into ``/history``.
    """
    return (
        "format" not in data
        and "game" not in data
        and "seed" in data
        and isinstance(data.get("history"), list)
    )


@dataclass(frozen=True)
class Progress:
    """How far a history got: Stages begun, and the Day and Stage-in-Day of the last one."""

    players: int
    chooses: int
    stages: int
    day: int
    stage: int

    def as_json(self) -> dict[str, int]:
        return {
            "players": self.players,
            "localOpsChoices": self.chooses,
            "stagesBegun": self.stages,
            "day": self.day,
            "stage": self.stage,
        }


def progress(history: list[Any], players: int = 1) -> Progress:
    """Infer the Day and Stage a history reached from its ``localOps.choose`` count.

    Each Stage begins with every player choosing a local operation, so ``C``
    choices among ``P`` players mean ``S = ceil(C / P)`` Stages have begun (a Stage
    counts once its first choice is made). A Day is 12 Stages, so Stage ``S`` of the
    game is Stage ``(S - 1) mod 12 + 1`` of Day ``(S - 1) // 12 + 1``. Before the
    first choice the game stands at Day 1, Stage 1 with no Stage begun.

    The published example is solitaire (``P = 1``) with 13 choices: ``S = 13``,
    ``(13 - 1) // 12 + 1 = 2`` and ``(13 - 1) mod 12 + 1 = 1``, i.e. Day 2, Stage 1,
    the day its file name carries. A solitaire save names no players, so ``P``
    defaults to 1.
    """
    if players < 1:
        raise ValueError("a game has at least one player")
    chooses = sum(1 for item in history if isinstance(item, Mapping) and item.get("type") == STAGE_OPENER)
    stages = -(-chooses // players)
    last = max(stages, 1) - 1
    return Progress(players, chooses, stages, last // STAGES_PER_DAY + 1, last % STAGES_PER_DAY + 1)


def type_counts(history: list[Any]) -> dict[str, int]:
    """Intent counts per type, most frequent first (ties in vocabulary order)."""
    counts = Counter(_type_of(item) for item in history)
    rank = {t: i for i, t in enumerate(INTENT_TYPES)}
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], rank.get(kv[0], len(rank)), kv[0])))


def summarise(data: Mapping[str, Any]) -> dict[str, Any]:
    """What ``replaykit info`` shows for a Station Master save."""
    history = data.get("history")
    history = history if isinstance(history, list) else []
    rules = data.get("rules")
    return {
        "game": GAME_ID,
        "seed": data.get("seed"),
        "rules": rules if isinstance(rules, Mapping) else None,
        "title": data.get("title"),
        "note": data.get("note"),
        "intents": len(history),
        "intentTypes": type_counts(history),
        "progress": progress(history).as_json(),
    }


def _type_of(item: Any) -> str:
    if isinstance(item, Mapping) and isinstance(item.get("type"), str):
        return str(item["type"])
    return "(no type)"


def _at(value: Any) -> str:
    if isinstance(value, Mapping) and "row" in value and "col" in value:
        return f"row {value['row']}, col {value['col']}"
    return "?"


def describe(intent: Mapping[str, Any]) -> str:
    """One intent in words, e.g. ``plays card c197 at row 0, col -1 (variant 1)``."""
    kind = _type_of(intent)
    get = intent.get
    if kind == "localOps.choose":
        return f"chooses local operation {get('option')}"
    if kind == "draw.fromHomeOffice":
        return "draws from the home office"
    if kind == "draw.fromDepartment":
        return f"draws from department slot {get('slot')}"
    if kind == "card.play":
        text = f"plays card {get('cardId')}"
        if "placement" in intent:
            text += f" at {_at(get('placement'))}"
            if "variant" in intent:
                text += f" (variant {get('variant')})"
        if "node" in intent:
            text += f" on node {get('node')}"
        return text
    if kind == "card.discard":
        return f"discards card {get('cardId')} to slot {get('toSlot')}"
    if kind == "newTrain.placeCar":
        load = "loaded" if get("loaded") else "empty"
        return f"places a {load} {get('carType')} in {get('trayId')}"
    if kind == "newTrain.passCar":
        return f"passes a car in {get('trayId')}"
    if kind in ("newTrain.secondSection", "newTrain.startExtra"):
        what = "a second section" if kind.endswith("secondSection") else "an extra"
        return f"runs {what} of train {get('trainNumber')}"
    if kind == "switch.move":
        return f"moves {get('trayId')} to {_at(get('to'))}" + (" in reverse" if get("reverse") else "")
    if kind == "switch.dropCars":
        return f"drops {get('count')} cars from {get('trayId')}"
    if kind in ("porter.board", "porter.detrain"):
        return f"porter {kind.split('.')[1]}s at {_at(get('at'))}"
    if kind.startswith(("laborer.", "freightAgent.")) and "at" in intent:
        return f"{kind} at {_at(get('at'))}"
    if kind == "mainline.clearance":
        return "allows clearance" if get("allow") else "refuses clearance"
    if kind == "mainline.yardOffice":
        return "takes the yard office" if get("take") else "declines the yard office"
    if kind == "game.extend":
        return f"player {get('player')} {'agrees' if get('agree') else 'declines'} to extend the game"
    if kind.endswith(".end"):
        return f"ends {kind.split('.')[0]}"
    if "cardId" in intent:
        return f"{kind} with card {get('cardId')}"
    return kind
