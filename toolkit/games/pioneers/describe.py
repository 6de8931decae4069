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
    if t == "build_road":
        return f"{who} builds a road on edge {a.get('edge')}"
    if t == "build_settlement":
        return f"{who} builds a settlement on vertex {a.get('vertex')}"
    if t == "build_city":
        return f"{who} upgrades vertex {a.get('vertex')} to a city"
    if t == "buy_dev":
        return f"{who} buys a dev card"
    if t == "play_dev":
        card = a.get("card")
        if card == "roadworks":
            return f"{who} plays roadworks on edges {a.get('edges')}"
        if card == "windfall":
            return f"{who} plays windfall for {a.get('resources')}"
        if card == "embargo":
            return f"{who} plays embargo on {a.get('resource')}"
        return f"{who} plays a {card}"
    if t == "bank_trade":
        return f"{who} trades {a.get('give')} to the bank for {a.get('get')}"
    if t == "offer_trade":
        to = a.get("to")
        whom = "everyone" if to is None else f"seat {to}"
        return f"{who} offers {_bundle(a.get('give'))} for {_bundle(a.get('get'))} to {whom}"
    if t == "end_turn":
        return f"{who} ends the turn"
    return f"{who} makes an unknown turn action {t!r}"
