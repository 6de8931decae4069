"""Trading with the bank and between seats, only on one's own turn after the roll.

* Bank: give one resource type at the seat's best rate for it and get one card of
  another type: 4 to 1, 3 to 1 with any generic port, 2 to 1 with that resource's
  port. A port belongs to a seat with a town on either of its vertices.
* Offers: both sides must move at least one card and no resource may sit on both
  sides; the offerer must hold what it gives. An open offer asks every opponent, a
  targeted one asks one seat. Everyone asked answers before the offerer acts again;
  an accepter must hold what the offerer asks for. The first accepter counting
  round the table from the offerer gets the trade. At most 5 offers per turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.games.base import Event, IllegalMove

from .board import PORTS, VERTEX_PORT
from .building import affords
from .constants import MAX_OFFERS_PER_TURN, PHASE_TRADE, PHASE_TURN, RESOURCE_INDEX, RESOURCES
from .fields import (
    as_int,
    bundle_dict,
    bundle_text,
    check_keys,
    get_bundle,
    get_resource,
    get_talk,
    narrated,
)
from .state import Offer, State, log_talk


def bank_rate(s: State, seat: int, res: int) -> int:
    """The seat's best bank rate for giving ``res``."""
    return bank_rates(s, seat)[res]


def bank_rates(s: State, seat: int) -> list[int]:
    """The seat's bank rate for giving each resource."""
    rates = [4] * 5
    for v in s.seat_buildings[seat]:
        p = VERTEX_PORT[v]
        if p < 0:
            continue
        kind = PORTS[p][0]
        if kind == "generic":
            for i in range(5):
                if rates[i] > 3:
                    rates[i] = 3
        else:
            rates[RESOURCE_INDEX[kind]] = 2
    return rates


_BANK_TRADED = "seat {} traded {} {} to the bank for 1 {}".format


def apply_bank_trade(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "give", "get"), "bank_trade")
    give = get_resource(action, "give", "bank_trade")
    get = get_resource(action, "get", "bank_trade")
    if give == get:
        raise IllegalMove("same_resource", "a bank trade must get a different resource than it gives")
    rate = bank_rate(s, seat, give)
    hand = s.hands[seat]
    if hand[give] < rate:
        raise IllegalMove(
            "cannot_afford",
            f"trading {RESOURCES[give]} with the bank takes {rate}; seat {seat} has {hand[give]}",
        )
    hand[give] -= rate
    hand[get] += 1
    delta = [0] * 5
    delta[give] = -rate
    delta[get] = 1
    return [
        narrated(
            {"type": "bank_trade", "text": None, "seat": seat, "hands": None},
            _BANK_TRADED,
            (seat, rate, RESOURCES[give], RESOURCES[get]),
            {seat: delta},
        )
    ]


def apply_offer(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "give", "get", "to", "talk"), "offer_trade")
    give = get_bundle(action, "give", "offer_trade")
    get = get_bundle(action, "get", "offer_trade")
    to_raw = action.get("to")
    to = -1 if to_raw is None else as_int(to_raw, "offer_trade: 'to'", s.n)
    talk = get_talk(action, "offer_trade")
    if to == seat:
        raise IllegalMove("bad_target", "an offer cannot be made to yourself")
    if sum(give) == 0 or sum(get) == 0:
        raise IllegalMove("no_gift", "both sides of a trade must move at least one card")
    if any(give[i] and get[i] for i in range(5)):
        raise IllegalMove("same_resource", "a resource cannot be on both sides of an offer")
    hand = s.hands[seat]
    if any(give[i] > hand[i] for i in range(5)):
        raise IllegalMove("cannot_afford", f"seat {seat} does not hold {bundle_text(give)} (it holds "
                          f"{bundle_text(hand)})")
    if s.offers_made >= MAX_OFFERS_PER_TURN:
        raise IllegalMove(
            "too_many_offers", f"at most {MAX_OFFERS_PER_TURN} trade offers may be made per turn"
        )
    waiting = [to] if to != -1 else [(seat + k) % s.n for k in range(1, s.n)]
    s.offers_made += 1
    s.offer = Offer(seat, to, give, get, waiting)
    s.phase = PHASE_TRADE
    log_talk(s, seat, talk)
    whom = "everyone" if to == -1 else f"seat {to}"
    fields = {
        "type": "offer",
        "text": None,
        "seat": seat,
        "to": None if to == -1 else to,
        "give": bundle_dict(give),
        "get": bundle_dict(get),
    }
    return [narrated(fields, _offer_text, (seat, give, get, whom))]


def _offer_text(seat: int, give: list[int], get: list[int], whom: str) -> str:
    return f"seat {seat} offered {bundle_text(give)} for {bundle_text(get)} to {whom}"


def apply_answer(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("accept", "talk"), "trade")
    accept = action.get("accept")
    if not isinstance(accept, bool):
        raise IllegalMove("bad_field", "a trade answer needs 'accept': true or false")
    talk = get_talk(action, "trade")
    offer = s.offer
    assert offer is not None
    if accept and not affords(s.hands[seat], offer.get):
        raise IllegalMove(
            "cannot_afford", f"seat {seat} cannot accept: it does not hold {bundle_text(offer.get)} (it "
            f"holds {bundle_text(s.hands[seat])})"
        )
    offer.answers[seat] = accept
    offer.waiting.remove(seat)
    log_talk(s, seat, talk)
    events = [
        narrated(
            {"type": "answer", "text": None, "seat": seat, "accept": accept},
            _ANSWERED,
            (seat, "accepted" if accept else "declined"),
        )
    ]
    if not offer.waiting:
        events.append(_resolve(s, offer))
    return events


_ANSWERED = "seat {} {} the offer".format
_NO_TAKER = "nobody took seat {}'s offer".format


def _resolve(s: State, offer: Offer) -> Event:
    s.offer = None
    s.phase = PHASE_TURN
    frm = offer.offerer
    for k in range(1, s.n):
        seat = (frm + k) % s.n
        if (
            offer.answers.get(seat)
            and affords(s.hands[seat], offer.get)
            and affords(s.hands[frm], offer.give)
        ):
            mine = s.hands[frm]
            theirs = s.hands[seat]
            for i in range(5):
                mine[i] += offer.get[i] - offer.give[i]
                theirs[i] += offer.give[i] - offer.get[i]
            delta = [offer.get[i] - offer.give[i] for i in range(5)]
            return narrated(
                {"type": "trade", "text": None, "seat": frm, "partner": seat, "hands": None},
                _trade_text,
                (frm, seat, offer),
                {frm: delta, seat: [-d for d in delta]},
            )
    return narrated({"type": "no_trade", "text": None, "seat": frm}, _NO_TAKER, (frm,))


def _trade_text(frm: int, seat: int, offer: Offer) -> str:
    return f"seat {frm} traded {bundle_text(offer.give)} to seat {seat} for {bundle_text(offer.get)}"
