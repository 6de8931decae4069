"""How many cards and pieces a loaded wire state may claim: no more than the game has.

A wire state gives some things only as counts (a deck's size, the cards a hidden hand holds
from each deck, a player's pieces in supply, the bank) and loading builds one entry per card
from them. Each count must be a whole number from 0 to what the game holds of that thing, so
no file can make loading build more than the game's own stock; :func:`count_of` refuses any
other with a ``ValueError`` naming the field and the limit.
"""

from __future__ import annotations

import json
from typing import Any

from toolkit.games.codex import constants as C

#: The cards of each progress deck: 18 a deck (digest §3, rules §14).
DECK_CARDS: dict[str, int] = {d: sum(n for _, n in C.DECKS[d]) for d in C.TRACKS}
#: The cards of each deck a hand can hold: all but its VP cards, which are shown when drawn and
#: never held: they go to the revealed VP cards (digest §3, Annals and Charter; rules §14).
HELD_CARDS: dict[str, int] = {
    d: sum(n for card, n in C.DECKS[d] if card not in C.VP_CARDS) for d in C.TRACKS
}
#: The cards of each material: the bank's whole stock, 19 a resource and 12 a commodity
#: (rules §6.4, digest §4). Nobody, bank or player, can hold more than there are.
MATERIAL_CARDS: dict[str, int] = {r: C.BANK_RESOURCES for r in C.RESOURCES} | {
    c: C.BANK_COMMODITIES for c in C.COMMODITIES
}
#: The most resource and commodity cards one hand can hold: every one of them (5 x 19 + 3 x 12).
ALL_MATERIAL_CARDS = sum(MATERIAL_CARDS.values())
#: A player's pieces: the supply each player starts with (digest §5(a)); pieces come back to
#: the supply but never more than there are.
PIECES: dict[str, int] = {
    "roadsInSupply": C.SUPPLY["roads"],
    "settlementsInSupply": C.SUPPLY["settlements"],
    "citiesInSupply": C.SUPPLY["cities"],
    "cityWallsInSupply": C.SUPPLY["cityWalls"],
}
PIECE_NAMES: dict[str, str] = {
    "roadsInSupply": "roads", "settlementsInSupply": "settlements", "citiesInSupply": "cities",
    "cityWallsInSupply": "city walls",
}

_SHOWN_DIGITS = 30


def count_of(value: Any, path: str, most: int, why: str) -> int:
    """``value`` as a count of cards or pieces: a whole number (a JSON integer, not a boolean)
    from 0 to ``most``, the most the game has (``why`` names what that is). Anything else is
    refused with a ValueError that names the field's ``path`` and the limit, as any other wire
    state our engine cannot load; so no count from a file can make loading build more entries
    than the game has cards."""
    if type(value) is not int or not 0 <= value <= most:
        raise ValueError(f"{path} is {_shown(value)}; it must be a whole number from 0 to {most} ({why})")
    return value


def _shown(value: Any) -> str:
    """A short JSON rendering of a refused value for a one-line message."""
    if type(value) is int and abs(value) >= 10**_SHOWN_DIGITS:
        return f"a number of more than {_SHOWN_DIGITS} digits"
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def key_part(key: Any) -> str:
    """A player id as one part of a field path: as it is when printable text, else as JSON."""
    return key if isinstance(key, str) and key.isprintable() else _shown(key)


def material(value: Any, path: str, kind: str) -> int:
    """A held count of one material: no more than the game's cards of it (rules §6.4)."""
    most = MATERIAL_CARDS[kind]
    return count_of(value, path, most, f"all the game's {kind} cards")
