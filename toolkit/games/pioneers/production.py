"""Dice, production, discards on a 7, and the bandit.

* Two dice are rolled for the turn's seat as its turn begins. Roll number ``k`` of a
  game draws both dice, in order, from the stream ``dice/k``.
* A roll other than 7 pays every hex showing that number, except the bandit's hex:
  1 of its resource to each adjacent settlement's owner, 2 per city. The bank never
  runs out.
* On a 7 every seat holding more than 7 cards discards half its hand, rounded down,
  cards of its own choosing, all at once; then the roller moves the bandit.
* Moving the bandit means choosing a different hex, and optionally a victim owning a
  town on it. The victim gives up one card chosen uniformly from its hand by steal
  number ``k``'s stream ``steal/k``; a victim with an empty hand gives nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.games.base import Event, IllegalMove
from toolkit.rng import first_below

from .board import HEX_VERTICES, NUM_HEXES
from .constants import DISCARD_ABOVE, PHASE_BANDIT, PHASE_DISCARD, PHASE_TURN, RESOURCES
from .fields import as_int, bundle_text, check_keys, get_bundle, get_int, get_talk, narrated
from .state import State, log_talk


def roll(s: State) -> tuple[int, int]:
    s.rolls += 1
    first, second = first_below(s.seed, f"dice/{s.rolls}", 6, 2)  # Stream.die(), twice
    s.dice = (first + 1, second + 1)
    return first + 1, second + 1


def produce(s: State, total: int) -> list[Event]:
    """Pay out every hex showing ``total`` (the bandit's hex excepted)."""
    gains: dict[int, list[int]] = {}
    owner = s.bld_owner
    kinds = s.bld_kind
    hands = s.hands
    for h in s.token_hexes[total]:
        if h == s.bandit:
            continue
        res = s.hex_res[h]
        for v in HEX_VERTICES[h]:
            k = kinds[v]
            if k:
                seat = owner[v]
                hands[seat][res] += k
                got = gains.get(seat)
                if got is None:
                    got = gains[seat] = [0] * 5
                got[res] += k
    if not gains:
        return [narrated({"type": "produce", "text": None, "hands": {}}, _NOTHING, (total,))]
    return [narrated({"type": "produce", "text": None, "hands": None}, _gains_text, (gains,), gains)]


_NOTHING = "a {} produced nothing".format


def _gains_text(gains: dict[int, list[int]]) -> str:
    return "; ".join(f"seat {seat} got {bundle_text(vec)}" for seat, vec in sorted(gains.items()))


_MUST_DISCARD = "seat {} must discard {} of {} cards".format


def start_seven(s: State) -> list[Event]:
    """After a 7: seats over the limit owe discards; otherwise the roller moves the bandit."""
    events: list[Event] = []
    any_discard = False
    for seat in range(s.n):
        held = sum(s.hands[seat])
        need = held // 2 if held > DISCARD_ABOVE else 0
        s.discard_need[seat] = need
        if need:
            any_discard = True
            events.append(
                narrated(
                    {"type": "discard_due", "text": None, "seat": seat, "count": need},
                    _MUST_DISCARD,
                    (seat, need, held),
                )
            )
    s.phase = PHASE_DISCARD if any_discard else PHASE_BANDIT
    return events


def apply_discard(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    """Discard exactly the owed number of cards, of the seat's choosing."""
    check_keys(action, ("cards",), "discard")
    cards = get_bundle(action, "cards", "discard")
    need = s.discard_need[seat]
    total = sum(cards)
    if total != need:
        raise IllegalMove(
            "wrong_discard_count", f"seat {seat} must discard exactly {need} cards, not {total}"
        )
    hand = s.hands[seat]
    for i in range(5):
        if cards[i] > hand[i]:
            raise IllegalMove("cannot_afford", f"seat {seat} holds only {hand[i]} {RESOURCES[i]}")
    for i in range(5):
        hand[i] -= cards[i]
    s.discard_need[seat] = 0
    if not any(s.discard_need):
        s.phase = PHASE_BANDIT
    return [
        narrated(
            {"type": "discard", "text": None, "seat": seat, "hands": None},
            _discard_text,
            (seat, cards),
            {seat: [-c for c in cards]},
        )
    ]


def _discard_text(seat: int, cards: list[int]) -> str:
    return f"seat {seat} discarded {bundle_text(cards)}"


def victims_on(s: State, seat: int, h: int) -> list[int]:
    """Opponents owning a town on hex ``h``, ascending."""
    owner = s.bld_owner
    found = [o for o in {owner[v] for v in HEX_VERTICES[h]} if o != -1 and o != seat]
    if len(found) > 1:
        found.sort()
    return found


_MOVED_BANDIT = "seat {} moved the bandit to hex {}".format


def apply_bandit(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    """Move the bandit and maybe rob one card; the turn then goes on."""
    check_keys(action, ("hex", "victim", "talk"), "bandit")
    h = get_int(action, "hex", "bandit", NUM_HEXES)
    victim_raw = action.get("victim")
    victim = -1 if victim_raw is None else as_int(victim_raw, "bandit: 'victim'", s.n)
    talk = get_talk(action, "bandit")
    if h == s.bandit:
        raise IllegalMove("same_hex", f"the bandit is already on hex {h}; move it to a different hex")
    if victim != -1 and victim not in victims_on(s, seat, h):
        raise IllegalMove("bad_victim", f"seat {victim} has no settlement or city on hex {h} to rob")
    s.bandit = h
    events = [narrated({"type": "bandit", "text": None, "seat": seat, "hex": h}, _MOVED_BANDIT, (seat, h))]
    log_talk(s, seat, talk)
    if victim != -1:
        events.append(steal(s, seat, victim))
    s.phase = PHASE_TURN
    return events


_ROBBED_NOTHING = "seat {} robbed seat {}, who had no cards".format
_ROBBED = "seat {} took a card from seat {}".format


def steal(s: State, thief: int, victim: int) -> Event:
    hand = s.hands[victim]
    held = sum(hand)
    if held == 0:
        return narrated(
            {"type": "steal", "text": None, "seat": thief, "victim": victim, "hands": {}},
            _ROBBED_NOTHING,
            (thief, victim),
        )
    s.steals += 1
    pick = first_below(s.seed, f"steal/{s.steals}", held, 1)[0]
    res = 0
    while pick >= hand[res]:
        pick -= hand[res]
        res += 1
    hand[res] -= 1
    s.hands[thief][res] += 1
    delta = [0] * 5
    delta[res] = 1
    fields = {
        "type": "steal",
        "text": None,
        "seat": thief,
        "victim": victim,
        "resource": RESOURCES[res],
        "visibleTo": [thief, victim],
        "hands": None,
    }
    return narrated(fields, _ROBBED, (thief, victim), {thief: delta, victim: [-d for d in delta]})
