"""The trade deck's cards (rules §14, trade; §12.2; digest §3).

* Wharfage: for the rest of the turn the player may, between other actions, offer one
  resource to each opponent once (a ``resolveOptionalCardEffect`` naming the opponent and
  the resource, with no decision open). An opponent holding any commodity must hand back
  one of their choosing (``commercialHarborGive``) and takes the resource; one holding none
  gives nothing, the resource stays put, and that opponent's offer is used up all the same.
  Using it is optional; a second Wharfage the same turn renews the offer to every opponent.
* Tribute: pick an opponent with strictly more points; the player takes exactly two of that
  opponent's resource or commodity cards (all of them when fewer than two), choosing them
  from the open hand (``guildDuesChooseCards``, never skipped). An empty-handed richer
  opponent is a legal target that yields nothing.
* Guildmaster: the merchant marker goes on any land hex (the desert too) touching one of
  the player's buildings, even the hex it already stands on. Its holder scores 1 point and
  trades that hex's resource 2:1 with the bank.
* Galleon: the named resource or commodity trades 2:1 with the bank until the turn ends;
  each Galleon adds one type, and naming a type already granted changes nothing.
* Levy: every opponent hands over two of the named resource, or all they have if fewer.
* Embargo: every opponent holding the named commodity hands over one.

Levy and Embargo accept any type of their kind, held by someone or not, so they always have
a legal effect and are never played with ``skip``. Cards change hands directly, never
through the bank.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    Payloads,
    accepted,
    close,
    event,
    hex_of,
    install,
    move_cards,
    require_known_hand,
    require_turn_action,
    seat_from_player_id,
    text,
)
from toolkit.games.codex.handover import bundles, describe, parse_cards
from toolkit.games.codex.progress import candidates, card, free_effect, resolver
from toolkit.games.codex.state import State
from toolkit.games.codex.victory import victory_points

Events = list[dict[str, Any]]

TRIBUTE_CARDS = 2
LEVY_PER_OPPONENT = 2
EMBARGO_PER_OPPONENT = 1


def opponents(state: State, seat: int) -> list[int]:
    """The other players still in the game, in seat order after ``seat``."""
    return [s for s in state.seat_order_from(seat)[1:] if not state.players[s].resigned]


def target_candidates(state: State, seat: int,
                      check: Callable[[State, int, dict[str, Any]], Any]) -> Payloads:
    """``{targetPlayerId}`` payloads naming each opponent that ``check`` accepts as a target."""
    targets = ({"targetPlayerId": state.players[s].id} for s in opponents(state, seat))
    return accepted(lambda payload: check(state, seat, payload), targets)


def require_keys(payload: dict[str, Any], keys: set[str]) -> None:
    extra = sorted(set(payload) - keys)
    if extra:
        raise IllegalMove("bad_payload", f"unexpected payload key(s): {', '.join(extra)}")


def _always(state: State, seat: int) -> list[dict[str, Any]]:
    return [{}]


# ---------------------------------------------------------------------------- Wharfage

OFFER_KEYS = frozenset({"targetPlayerId", "giveResourceType"})


@card("tradeCommercialHarbor", deck="trade", optional=True)
def wharfage(state: State, seat: int, payload: dict[str, Any]) -> Events:
    require_keys(payload, set())
    p = state.players[seat]
    changed(state, seat)
    p.commercial_harbor_remaining = [state.players[s].id for s in opponents(state, seat)]
    return [event("wharfage", f"{p.id} may offer one resource to each opponent this turn")]


candidates("tradeCommercialHarbor")(_always)


def check_offer(state: State, seat: int, payload: dict[str, Any]) -> tuple[int, str]:
    require_turn_action(state, seat)
    require_keys(payload, set(OFFER_KEYS))
    p = state.players[seat]
    target = seat_from_player_id(state, payload)
    if state.players[target].id not in p.commercial_harbor_remaining:
        raise IllegalMove("no_offer_left", f"no Wharfage offer to {state.players[target].id} is open")
    resource = text(payload, "giveResourceType")
    if resource not in C.RESOURCES:
        raise IllegalMove("bad_material", f"{resource!r} is not a resource")
    if p.material(resource) < 1:
        raise IllegalMove("cannot_afford", f"you hold no {resource}")
    require_known_hand(state, target)
    return target, resource


def offer_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is not None or state.phase != "action" or seat != state.current:
        return []
    offers = ({"targetPlayerId": target, "giveResourceType": resource}
              for target in state.players[seat].commercial_harbor_remaining for resource in C.RESOURCES)
    return accepted(lambda payload: check_offer(state, seat, payload), offers)


@free_effect("wharfageOffer", OFFER_KEYS, offer_candidates)
def wharfage_offer(state: State, seat: int, payload: dict[str, Any]) -> Events:
    target, resource = check_offer(state, seat, payload)
    p, t = state.players[seat], state.players[target]
    changed(state, seat)
    p.commercial_harbor_remaining = [x for x in p.commercial_harbor_remaining if x != t.id]
    if not any(t.com[c] > 0 for c in C.COMMODITIES):
        return [event("wharfageOffer", f"{p.id} offers {resource} to {t.id}, who has no commodity to return")]
    install(state, "commercialHarborGive", target, [target], {"targetPlayerId": t.id},
            {"giver": seat, "resource": resource})
    return [event("wharfageOffer", f"{p.id} offers {resource} to {t.id} for a commodity")]


def harbor_give_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "commercialHarborGive":
        return []
    p = state.players[seat]
    if p.hidden_materials:
        return []
    return [{"commodityType": c} for c in C.COMMODITIES if p.com[c] > 0]


@resolver("commercialHarborGive", harbor_give_candidates)
def commercial_harbor_give(state: State, seat: int, payload: dict[str, Any]) -> Events:
    require_keys(payload, {"commodityType"})
    commodity = text(payload, "commodityType")
    if commodity not in C.COMMODITIES:
        raise IllegalMove("bad_material", f"{commodity!r} is not a commodity")
    require_known_hand(state, seat)
    t = state.players[seat]
    if t.com[commodity] < 1:
        raise IllegalMove("cannot_afford", f"you hold no {commodity}")
    giver = int(state.pending_ctx["giver"])
    resource = str(state.pending_ctx["resource"])
    move_cards(state, giver, seat, {resource: 1})
    move_cards(state, seat, giver, {commodity: 1})
    close(state)
    g = state.players[giver].id
    return [event("commercialHarborGive", f"{t.id} takes {resource} from {g} and returns {commodity}")]


# ------------------------------------------------------------------------------ Tribute


def check_tribute(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_keys(payload, {"targetPlayerId"})
    target = seat_from_player_id(state, payload)
    if target == seat or state.players[target].resigned:
        raise IllegalMove("bad_target", "Tribute targets an opponent")
    if victory_points(state, target) <= victory_points(state, seat):
        raise IllegalMove("not_ahead", f"{state.players[target].id} does not have more points than you")
    require_known_hand(state, target)
    return target


@card("tradeTribute", deck="trade", keys=("targetPlayerId",))
def tribute(state: State, seat: int, payload: dict[str, Any]) -> Events:
    target = check_tribute(state, seat, payload)
    t = state.players[target]
    count = min(TRIBUTE_CARDS, t.hand_size())
    who = state.players[seat].id
    if count == 0:
        return [event("tribute", f"{who} demands tribute from {t.id}, who holds no cards")]
    available = [
        {"type": k, "pool": "resource" if k in C.RESOURCES else "commodity", "available": t.material(k)}
        for k in C.MATERIALS if t.material(k) > 0
    ]
    install(state, "guildDuesChooseCards", seat, [seat],
            {"targetPlayerId": t.id, "available": available, "maxCards": count}, {"target": target})
    return [event("tribute", f"{who} takes {count} card(s) of their choice from {t.id}")]


@candidates("tradeTribute")
def tribute_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return target_candidates(state, seat, check_tribute)


def guild_dues_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "guildDuesChooseCards":
        return []
    target = int(state.pending_ctx["target"])
    return [{"cards": b} for b in bundles(state, target, int(state.pending["payload"]["maxCards"]))]


@resolver("guildDuesChooseCards", guild_dues_candidates)
def guild_dues_choose(state: State, seat: int, payload: dict[str, Any]) -> Events:
    assert state.pending is not None
    require_keys(payload, {"cards"})
    target = int(state.pending_ctx["target"])
    bundle = parse_cards(state, target, payload.get("cards"), int(state.pending["payload"]["maxCards"]))
    move_cards(state, target, seat, bundle)
    close(state)
    who, t = state.players[seat].id, state.players[target].id
    return [event("guildDuesChooseCards", f"{who} takes {describe(bundle)} from {t}")]


# -------------------------------------------------------------------------- Guildmaster


def check_merchant(state: State, seat: int, payload: dict[str, Any]) -> int:
    require_keys(payload, {"hexId"})
    h = hex_of(state, payload)
    if not any(state.b_type[i] is not None and state.b_owner[i] == seat
               for i in state.topo.hex_intersections[h]):
        raise IllegalMove("not_adjacent", "the merchant goes next to one of your buildings")
    return h


@card("tradeMerchant", deck="trade", keys=("hexId",))
def guildmaster(state: State, seat: int, payload: dict[str, Any]) -> Events:
    h = check_merchant(state, seat, payload)
    state.merchant_hex = h
    state.merchant_owner = seat
    return [event("guildmaster", f"{state.players[seat].id} places the merchant on {state.topo.hex_ids[h]}")]


@candidates("tradeMerchant")
def guildmaster_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    hexes = ({"hexId": h} for h in state.topo.hex_ids)
    return accepted(lambda payload: check_merchant(state, seat, payload), hexes)


# ------------------------------------------------------------------------------ Galleon


@card("tradeMerchantFleet", deck="trade", keys=("chosenType",))
def galleon(state: State, seat: int, payload: dict[str, Any]) -> Events:
    require_keys(payload, {"chosenType"})
    kind = text(payload, "chosenType")
    if kind not in C.MATERIALS:
        raise IllegalMove("bad_material", f"{kind!r} is not a resource or commodity")
    p = state.players[seat]
    if kind not in p.merchant_fleet_types:
        changed(state, seat)
        p.merchant_fleet_types.append(kind)
    return [event("galleon", f"{p.id} trades {kind} 2:1 with the bank this turn")]


@candidates("tradeMerchantFleet")
def galleon_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"chosenType": k} for k in C.MATERIALS]


# --------------------------------------------------------------------- Levy / Embargo


def collect(state: State, seat: int, kind: str, most: int) -> Events:
    """Every opponent hands ``seat`` up to ``most`` of ``kind`` (seat order after ``seat``)."""
    victims = opponents(state, seat)
    for s in victims:
        require_known_hand(state, s)
    p = state.players[seat]
    events = []
    for s in victims:
        n = min(most, state.players[s].material(kind))
        if n:
            move_cards(state, s, seat, {kind: n})
            events.append(event("collect", f"{state.players[s].id} hands {n} {kind} to {p.id}"))
    return events


def _monopoly(card_id: str, key: str, kinds: tuple[str, ...], what: str, name: str, says: str,
              most: int) -> None:
    """Register a card naming one of ``kinds`` under ``key`` that collects up to ``most`` of it
    from every opponent; every kind is always a candidate (the card never skips)."""

    def play(state: State, seat: int, payload: dict[str, Any]) -> Events:
        require_keys(payload, {key})
        kind = text(payload, key)
        if kind not in kinds:
            raise IllegalMove("bad_material", f"{kind!r} is not a {what}")
        return [event(name, f"{state.players[seat].id} {says} {kind}")] + collect(state, seat, kind, most)

    card(card_id, deck="trade", keys=(key,))(play)
    candidates(card_id)(lambda state, seat: [{key: k} for k in kinds])


# Levy: every opponent hands over up to two of the named resource.
_monopoly("tradeResourceMonopoly", "resourceType", C.RESOURCES, "resource", "levy", "levies",
          LEVY_PER_OPPONENT)
# Embargo: every opponent holding the named commodity hands over one.
_monopoly("tradeTradeMonopoly", "commodityType", C.COMMODITIES, "commodity", "embargo", "claims",
          EMBARGO_PER_OPPONENT)
