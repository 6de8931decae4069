"""Cards handed from one player to another by a progress card's effect (rules §14).

Tribute and Betrothal answers name the cards as a material list ``[{type, count}]``: each
type a resource or commodity, listed once, each count a positive integer, and the counts
adding up to exactly the number the pending asks for, all of which the giving player must
hold. These helpers read such a list and list the legal ones; :func:`~toolkit.games.codex.flow.move_cards`
moves the cards.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.flow import require_known_hand
from toolkit.games.codex.state import State

Bundle = dict[str, int]


def parse_cards(state: State, giver: int, value: Any, total: int) -> Bundle:
    """The bundle named by ``value``; refused unless it totals ``total`` and ``giver`` holds it."""
    if not isinstance(value, list):
        raise IllegalMove("bad_payload", "cards must be a list of {type, count}")
    bundle: Bundle = {}
    for item in value:
        if not isinstance(item, dict) or set(item) != {"type", "count"}:
            raise IllegalMove("bad_payload", "each entry of cards must be {type, count}")
        kind, count = item["type"], item["count"]
        if kind not in C.MATERIALS:
            raise IllegalMove("bad_material", f"{kind!r} is not a resource or commodity")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise IllegalMove("bad_count", "each count must be a positive integer")
        if kind in bundle:
            raise IllegalMove("bad_payload", f"{kind} is listed twice")
        bundle[kind] = count
    if sum(bundle.values()) != total:
        raise IllegalMove("wrong_card_count", f"name exactly {total} card(s)")
    require_known_hand(state, giver)
    p = state.players[giver]
    for kind, count in bundle.items():
        if p.material(kind) < count:
            raise IllegalMove("cannot_afford", f"{p.id} holds only {p.material(kind)} {kind}")
    return bundle


def bundles(state: State, giver: int, total: int) -> list[list[dict[str, Any]]]:
    """Every material list of ``total`` cards that ``giver`` holds (types in material order)."""
    p = state.players[giver]
    if p.hidden_materials:
        return []
    held = [(k, p.material(k)) for k in C.MATERIALS if p.material(k) > 0]
    out: list[list[dict[str, Any]]] = []

    def fill(k: int, left: int, chosen: list[dict[str, Any]]) -> None:
        if left == 0:
            out.append(list(chosen))
            return
        if k == len(held):
            return
        kind, have = held[k]
        for n in range(min(left, have), -1, -1):
            fill(k + 1, left - n, chosen + ([{"type": kind, "count": n}] if n else []))

    fill(0, total, [])
    return out


def describe(bundle: Bundle) -> str:
    return ", ".join(f"{n} {k}" for k, n in bundle.items()) or "nothing"
