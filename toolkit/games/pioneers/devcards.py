"""Development cards: buying from the finite deck and playing them.

* Buying costs ore, wool and grain and takes the top card of the deck; any number may
  be bought in a turn while the deck lasts. A card bought this turn cannot be played
  until the seat's next turn.
* At most one card is played per turn, on the seat's own turn after the roll.
* knight: the player moves the bandit next (as on a 7, with no discards) and the
  knight counts towards largest army.
* victory_point: never played; it scores for its holder from the moment it is drawn.
* roadworks: one or two free roads, each placed by the normal road rules in order.
* windfall: any two resources from the bank (the same one twice is fine).
* embargo: name a resource; every opponent hands over all of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.games.base import Event, IllegalMove

from .awards import update_largest_army, update_longest_road
from .board import NUM_EDGES
from .building import affords, pay, place_road, road_connected
from .constants import (
    COST_DEV,
    DEV_CARDS,
    DEV_INDEX,
    EMBARGO,
    KNIGHT,
    PHASE_BANDIT,
    RESOURCES,
    ROADWORKS,
    VICTORY_POINT,
    WINDFALL,
)
from .fields import as_int, as_resource, bundle_text, check_keys, get_resource, hand_change, narrated
from .state import State

_BOUGHT = "seat {} bought a dev card".format


def apply_buy(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type",), "buy_dev")
    hand = s.hands[seat]
    if not affords(hand, COST_DEV):
        raise IllegalMove("cannot_afford", f"a dev card costs 1 ore, 1 wool and 1 grain; seat {seat} holds "
                          f"{bundle_text(hand)}")
    if s.deck_pos >= len(s.deck):
        raise IllegalMove("deck_empty", "the dev card deck is empty")
    pay(hand, COST_DEV)
    card = s.deck[s.deck_pos]
    s.deck_pos += 1
    s.dev_new[seat][card] += 1
    fields = {
        "type": "buy_dev",
        "text": None,
        "seat": seat,
        "card": DEV_CARDS[card],
        "visibleTo": [seat],
        "hands": None,
    }
    return [narrated(fields, _BOUGHT, (seat,), {seat: [-c for c in COST_DEV]})]


def _card(s: State, seat: int, action: Mapping[str, Any]) -> int:
    name = action.get("card")
    if not isinstance(name, str):
        raise IllegalMove("bad_field", "play_dev needs a 'card' name")
    card = DEV_INDEX.get(name)
    if card is None:
        raise IllegalMove("no_such_card", f"there is no dev card called {name!r}")
    if card == VICTORY_POINT:
        raise IllegalMove("not_playable", "victory point cards are never played; they score on their own")
    if s.dev_played_this_turn:
        raise IllegalMove("dev_already_played", "only one dev card may be played per turn")
    if s.dev_hand[seat][card] == 0:
        if s.dev_new[seat][card]:
            raise IllegalMove("dev_bought_this_turn", f"the {name} was bought this turn; play it next turn")
        raise IllegalMove("no_such_card", f"seat {seat} holds no playable {name}")
    return card


def apply_play(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    card = _card(s, seat, action)
    if card == KNIGHT:
        check_keys(action, ("type", "card"), "play_dev knight")
        events = _spend(s, seat, card, f"seat {seat} played a knight")
        events.extend(update_largest_army(s, seat))
        s.phase = PHASE_BANDIT
        return events
    if card == ROADWORKS:
        return _roadworks(s, seat, action)
    if card == WINDFALL:
        return _windfall(s, seat, action)
    assert card == EMBARGO
    return _embargo(s, seat, action)


def _spend(s: State, seat: int, card: int, text: str, **fields: Any) -> list[Event]:
    s.dev_hand[seat][card] -= 1
    s.dev_played[seat][card] += 1
    s.dev_played_this_turn = True
    return [{"type": "play_dev", "text": text, "seat": seat, "card": DEV_CARDS[card], **fields}]


def _roadworks(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "card", "edges"), "play_dev roadworks")
    raw = action.get("edges")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2:
        raise IllegalMove("bad_field", "roadworks needs 'edges': a list of 1 or 2 edge ids")
    edges = [as_int(e, "roadworks: each edge", NUM_EDGES) for e in raw]
    if s.roads_left[seat] < len(edges):
        raise IllegalMove("no_pieces_left", f"seat {seat} has only {s.roads_left[seat]} roads left")
    placed = -1
    for e in edges:
        if s.road_owner[e] != -1 or e == placed:
            raise IllegalMove("occupied", f"edge {e} already has a road")
        if not road_connected(s, seat, e, placed):
            raise IllegalMove("not_connected", f"edge {e} does not join seat {seat}'s roads or towns")
        placed = e
    where = " and ".join(f"edge {e}" for e in edges)
    events = _spend(s, seat, ROADWORKS, f"seat {seat} played roadworks: free roads on {where}", edges=edges)
    for e in edges:
        place_road(s, seat, e)
    events.extend(update_longest_road(s))
    return events


def _windfall(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "card", "resources"), "play_dev windfall")
    raw = action.get("resources")
    if not isinstance(raw, list) or len(raw) != 2:
        raise IllegalMove("bad_field", "windfall needs 'resources': a list of exactly 2 resource names")
    gain = [0] * 5
    for name in raw:
        gain[as_resource(name, "windfall: each resource")] += 1
    events = _spend(
        s,
        seat,
        WINDFALL,
        f"seat {seat} played windfall and took {bundle_text(gain)}",
        hands=hand_change({seat: gain}),
    )
    hand = s.hands[seat]
    for i in range(5):
        hand[i] += gain[i]
    return events


def _embargo(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "card", "resource"), "play_dev embargo")
    res = get_resource(action, "resource", "embargo")
    changes: dict[int, list[int]] = {seat: [0] * 5}
    taken = 0
    for other in range(s.n):
        if other == seat:
            continue
        count = s.hands[other][res]
        if count:
            s.hands[other][res] = 0
            taken += count
            delta = [0] * 5
            delta[res] = -count
            changes[other] = delta
    s.hands[seat][res] += taken
    changes[seat][res] = taken
    return _spend(
        s,
        seat,
        EMBARGO,
        f"seat {seat} played embargo on {RESOURCES[res]} and collected {taken}",
        resource=RESOURCES[res],
        hands=hand_change(changes),
    )
