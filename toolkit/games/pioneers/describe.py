"""Moves in words: a short label for error lines and a sentence for narration.

Both accept any object and never raise, so they can name even a malformed move.
"""

from __future__ import annotations

from typing import Any

from .constants import RESOURCE_INDEX
from .fields import bundle_text


def _seat(move: Any) -> str:
    seat = move.get("seat") if isinstance(move, dict) else None
    return f"seat {seat}" if isinstance(seat, int) and not isinstance(seat, bool) else "seat ?"


def label_move(move: Any) -> str:
    """``turn build_road, seat 2``; ``discard, seat 1``; ``bandit (timeout), seat 0``."""
    if not isinstance(move, dict):
        return "not a move"
    kind = move.get("kind")
    kind_text = kind if isinstance(kind, str) else "?"
    if "strike" in move:
        return f"{kind_text} ({move.get('strike')}), {_seat(move)}"
    action = move.get("action")
    if kind == "turn" and isinstance(action, dict) and isinstance(action.get("type"), str):
        return f"turn {action['type']}, {_seat(move)}"
    return f"{kind_text}, {_seat(move)}"


def _bundle(value: Any) -> str:
    if not isinstance(value, dict):
        return "?"
    vec = [0] * 5
    for name, count in value.items():
        if name in RESOURCE_INDEX and isinstance(count, int):
            vec[RESOURCE_INDEX[name]] = count
    return bundle_text(vec)


class _Fields(dict[str, Any]):
    """An action's fields for a sentence template; a missing field reads as None."""

    def __init__(self, action: dict[str, Any], **extra: Any) -> None:
        super().__init__(action, **extra)

    def __missing__(self, key: str) -> Any:
        return None


# Sentences for turn actions, filled from the action's own fields.
TURN_TEXT: dict[str | None, str] = {
    "build_road": "{who} builds a road on edge {edge}",
    "build_settlement": "{who} builds a settlement on vertex {vertex}",
    "build_city": "{who} upgrades vertex {vertex} to a city",
    "buy_dev": "{who} buys a dev card",
    "bank_trade": "{who} trades {give} to the bank for {get}",
    "end_turn": "{who} ends the turn",
}
PLAY_TEXT: dict[str | None, str] = {
    "roadworks": "{who} plays roadworks on {edges}",
    "windfall": "{who} plays windfall for {resources}",
    "embargo": "{who} plays embargo on {resource}",
}


def _edges(value: Any) -> str:
    """Roadworks' edges as words, each ``edge N`` (which narration names by its hexes)."""
    if not isinstance(value, list) or not value:
        return "no edge"
    return " and ".join(f"edge {e}" for e in value)


def _resources(value: Any) -> str:
    """Windfall's resources as a bundle (``2 grain``; ``1 wool, 1 ore``), a name per unknown one."""
    if not isinstance(value, list) or not value:
        return "nothing"
    vec, others = [0] * 5, []
    for r in value:
        if isinstance(r, str) and r in RESOURCE_INDEX:
            vec[RESOURCE_INDEX[r]] += 1
        else:
            others.append(str(r))
    return ", ".join(([bundle_text(vec)] if any(vec) else []) + others)


def describe_move(move: Any) -> str:
    """A move as a sentence, e.g. ``seat 2 builds a road on edge 15``."""
    if not isinstance(move, dict):
        return "a malformed move"
    who = _seat(move)
    kind = move.get("kind")
    if "strike" in move:
        return f"{who} failed a {kind} decision ({move.get('strike')}); the default is played"
    a = move.get("action")
    if not isinstance(a, dict):
        return f"{who} makes a malformed {kind} decision"
    if kind == "setup":
        return f"{who} places a settlement on vertex {a.get('settlement')} and a road on edge {a.get('road')}"
    if kind == "discard":
        return f"{who} discards {_bundle(a.get('cards'))}"
    if kind == "bandit":
        victim = a.get("victim")
        rob = f" and robs seat {victim}" if victim is not None else ""
        return f"{who} moves the bandit to hex {a.get('hex')}{rob}"
    if kind == "trade":
        return f"{who} {'accepts' if a.get('accept') is True else 'declines'} the offer"
    t = a.get("type")
    if t == "play_dev":
        card = a.get("card")
        template = PLAY_TEXT.get(card if isinstance(card, str) else None, "{who} plays a {card}")
        if card == "roadworks":
            return template.format_map(_Fields(a, who=who, edges=_edges(a.get("edges"))))
        if card == "windfall":
            return template.format_map(_Fields(a, who=who, resources=_resources(a.get("resources"))))
    elif t == "offer_trade":
        to = a.get("to")
        whom = "everyone" if to is None else f"seat {to}"
        return f"{who} offers {_bundle(a.get('give'))} for {_bundle(a.get('get'))} to {whom}"
    else:
        template = TURN_TEXT.get(t if isinstance(t, str) else None, "")
    if template:
        return template.format_map(_Fields(a, who=who))
    return f"{who} makes an unknown turn action {t!r}"
