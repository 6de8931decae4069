"""Who owes which decision, and applying one move record to the state.

A move record is ``{"seat", "kind", "action"}`` or ``{"seat", "kind", "strike"}``.
Everything about a move is checked before the state changes, so a refused move
leaves the game exactly as it was. After each move, decisions owed by resigned seats
are played for them by their defaults, so the game always moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from toolkit.games.base import Event, IllegalMove, Move

from .awards import update_longest_road
from .board import NUM_EDGES, NUM_VERTICES
from .building import (
    affords,
    distance_ok,
    pay,
    place_city,
    place_road,
    place_settlement,
    road_connected,
    touches_own_road,
)
from .constants import (
    CITY,
    COST_CITY,
    COST_ROAD,
    COST_SETTLEMENT,
    KINDS,
    MAX_STRIKES,
    PHASE_BANDIT,
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_SETUP,
    PHASE_TRADE,
    PHASE_TURN,
    SETTLEMENT,
    STRIKES,
)
from .defaults import default_action
from .devcards import apply_buy, apply_play
from .ending import begin_turn, check_win, end_turn
from .fields import bundle_text, check_keys, get_int, get_talk, narrated
from .production import apply_bandit, apply_discard
from .setup import apply_setup
from .state import State, log_talk
from .trading import apply_answer, apply_bank_trade, apply_offer


def owed(s: State, seat: int) -> str | None:
    """The decision kind ``seat`` owes now, or None."""
    phase = s.phase
    if phase in (PHASE_TURN, PHASE_BANDIT, PHASE_SETUP):
        return phase if seat == s.current else None
    if phase == PHASE_DISCARD:
        return PHASE_DISCARD if s.discard_need[seat] else None
    if phase == PHASE_TRADE:
        offer = s.offer
        return PHASE_TRADE if offer is not None and seat in offer.waiting else None
    return None


def to_move(s: State) -> list[int]:
    phase = s.phase
    if phase in (PHASE_TURN, PHASE_BANDIT, PHASE_SETUP):
        return [s.current]
    if phase == PHASE_DISCARD:
        return [seat for seat in range(s.n) if s.discard_need[seat]]
    if phase == PHASE_TRADE and s.offer is not None:
        return sorted(s.offer.waiting)
    return []


# --- turn actions -------------------------------------------------------------------------


_BUILT_ROAD = ("build_road", "edge", "seat {} built a road on edge {}".format)
_BUILT_SETTLEMENT = ("build_settlement", "vertex", "seat {} built a settlement on vertex {}".format)
_BUILT_CITY = ("build_city", "vertex", "seat {} upgraded vertex {} to a city".format)
_ENDED = "seat {} ended turn {}".format


def _pay_and_place(
    s: State,
    seat: int,
    cost: tuple[int, ...],
    price: str,
    place: Callable[[State, int, int], None],
    where: int,
    built: tuple[str, str, Callable[..., str]],
) -> list[Event]:
    """The shared tail of every build: refuse if unaffordable, pay, place, narrate, re-judge roads.

    ``built`` is the narrating event's type, the field naming ``where`` and its sentence.
    """
    hand = s.hands[seat]
    if not affords(hand, cost):
        raise IllegalMove("cannot_afford", f"{price}; seat {seat} holds {bundle_text(hand)}")
    pay(hand, cost)
    place(s, seat, where)
    kind, key, words = built
    fields = {"type": kind, "text": None, "seat": seat, key: where, "hands": None}
    events = [narrated(fields, words, (seat, where), {seat: [-c for c in cost]})]
    events.extend(update_longest_road(s))
    return events


def _build_road(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "edge"), "build_road")
    e = get_int(action, "edge", "build_road", NUM_EDGES)
    if s.roads_left[seat] == 0:
        raise IllegalMove("no_pieces_left", f"seat {seat} has built all 15 roads")
    if s.road_owner[e] != -1:
        raise IllegalMove("occupied", f"edge {e} already has a road")
    if not road_connected(s, seat, e):
        raise IllegalMove("not_connected", f"edge {e} does not join seat {seat}'s roads or towns")
    return _pay_and_place(s, seat, COST_ROAD, "a road costs 1 brick and 1 lumber", place_road, e, _BUILT_ROAD)


def _build_settlement(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "vertex"), "build_settlement")
    v = get_int(action, "vertex", "build_settlement", NUM_VERTICES)
    if s.settlements_left[seat] == 0:
        raise IllegalMove("no_pieces_left", f"seat {seat} has no settlements left to build")
    if s.bld_owner[v] != -1:
        raise IllegalMove("occupied", f"vertex {v} already has a town")
    if not distance_ok(s, v):
        raise IllegalMove(
            "distance_rule", f"vertex {v} is next to a town; settlements need a free vertex between"
        )
    if not touches_own_road(s, seat, v):
        raise IllegalMove("not_connected", f"vertex {v} does not touch any of seat {seat}'s roads")
    price = "a settlement costs 1 brick, 1 lumber, 1 wool and 1 grain"
    return _pay_and_place(s, seat, COST_SETTLEMENT, price, place_settlement, v, _BUILT_SETTLEMENT)


def _build_city(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    check_keys(action, ("type", "vertex"), "build_city")
    v = get_int(action, "vertex", "build_city", NUM_VERTICES)
    if s.bld_owner[v] != seat or s.bld_kind[v] != SETTLEMENT:
        what = (
            "a city already" if s.bld_owner[v] == seat and s.bld_kind[v] == CITY else "not their settlement"
        )
        raise IllegalMove(
            "not_your_settlement", f"vertex {v} is {what}; a city upgrades one of seat {seat}'s settlements"
        )
    if s.cities_left[seat] == 0:
        raise IllegalMove("no_pieces_left", f"seat {seat} has built all 4 cities")
    return _pay_and_place(s, seat, COST_CITY, "a city costs 3 ore and 2 grain", place_city, v, _BUILT_CITY)


def _end_turn(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    if len(action) > 1:  # an action of "type" alone has nothing more to check or keep
        check_keys(action, ("type", "talk"), "end_turn")
        log_talk(s, seat, get_talk(action, "end_turn"))
    events = [narrated({"type": "end_turn", "text": None, "seat": seat}, _ENDED, (seat, s.turn))]
    events.extend(end_turn(s, seat))
    return events


TURN_ACTIONS: dict[str, Callable[[State, int, Mapping[str, Any]], list[Event]]] = {
    "build_road": _build_road,
    "build_settlement": _build_settlement,
    "build_city": _build_city,
    "buy_dev": apply_buy,
    "play_dev": apply_play,
    "bank_trade": apply_bank_trade,
    "offer_trade": apply_offer,
    "end_turn": _end_turn,
}


def _turn(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    kind = action.get("type")
    if not isinstance(kind, str):
        raise IllegalMove("bad_field", "a turn action needs a 'type'")
    handler = TURN_ACTIONS.get(kind)
    if handler is None:
        raise IllegalMove(
            "unknown_type", f"{kind!r} is not a turn action (use one of {', '.join(TURN_ACTIONS)})"
        )
    events = handler(s, seat, action)
    if kind != "end_turn":
        events.extend(check_win(s))
    return events


def _bandit(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    events = apply_bandit(s, seat, action)
    events.extend(check_win(s))
    return events


def _setup(s: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    events = apply_setup(s, seat, action)
    if s.setup_index == 2 * s.n:
        events.extend(begin_turn(s, 0))
    return events


HANDLERS: dict[str, Callable[[State, int, Mapping[str, Any]], list[Event]]] = {
    "setup": _setup,
    "turn": _turn,
    "discard": apply_discard,
    "bandit": _bandit,
    "trade": apply_answer,
}


# --- the move record ----------------------------------------------------------------------


def seat_of(s: State, move: Any) -> int:
    if type(move) is not dict and not isinstance(move, Mapping):  # the exact-type test is the quick path
        raise IllegalMove("bad_field", "a move must be an object with 'seat' and 'kind'")
    seat = move.get("seat")
    if type(seat) is not int and (isinstance(seat, bool) or not isinstance(seat, int)) or not 0 <= seat < s.n:
        raise IllegalMove("bad_field", f"'seat' must be a seat number from 0 to {s.n - 1}")
    return seat


def apply(s: State, move: Move) -> list[Event]:
    """Apply one move record; resigned seats' decisions that follow are auto-played."""
    seat = seat_of(s, move)
    kind = move.get("kind")
    if kind not in KINDS:
        raise IllegalMove("bad_field", f"'kind' must be one of {', '.join(KINDS)}")
    has_action = "action" in move
    has_strike = "strike" in move
    if has_action == has_strike:
        raise IllegalMove("bad_field", "a move needs exactly one of 'action' or 'strike'")
    if len(move) != 3:  # seat, kind and one of action/strike are there: anything more is extra
        for key in move:
            if key not in ("seat", "kind", "action", "strike"):
                raise IllegalMove("bad_field", f"a move takes no field {key!r}")
    if s.phase == PHASE_OVER:
        raise IllegalMove("game_over", "the game is already over")
    due = owed(s, seat)
    if due is None:
        if kind == PHASE_TURN and s.phase == PHASE_TRADE and seat == s.current:
            raise IllegalMove("offer_open", "your trade offer is still waiting for answers")
        waiting = ", ".join(str(x) for x in to_move(s))
        raise IllegalMove("not_your_turn", f"seat {seat} owes no decision now (waiting on seat {waiting})")
    if due != kind:
        raise IllegalMove("wrong_decision", f"seat {seat} owes a {due} decision, not {kind}")
    if has_strike:
        strike = move["strike"]
        if strike not in STRIKES:
            raise IllegalMove("bad_field", f"'strike' must be one of {', '.join(STRIKES)}")
        events = strike_move(s, seat, kind, str(strike))
    else:
        action = move["action"]
        if type(action) is not dict and not isinstance(action, Mapping):
            raise IllegalMove("bad_field", "'action' must be an object")
        events = HANDLERS[kind](s, seat, action)
    if True in s.resigned:
        autoplay(s, events)
    return events


def strike_move(s: State, seat: int, kind: str, strike: str) -> list[Event]:
    """A failed decision: play the default for it and count a strike (three resign)."""
    s.strikes[seat] += 1
    count = s.strikes[seat]
    events = [
        {
            "type": "strike",
            "text": f"seat {seat} took strike {count} ({strike}) on a {kind} decision",
            "seat": seat,
            "strike": strike,
            "strikes": count,
        }
    ]
    if count >= MAX_STRIKES and not s.resigned[seat]:
        s.resigned[seat] = True
        text = f"seat {seat} resigned after {count} strikes; defaults play for it"
        events.append({"type": "resign", "text": text, "seat": seat})
    events.extend(play_default(s, seat, kind))
    return events


def play_default(s: State, seat: int, kind: str) -> list[Event]:
    action = default_action(s, seat, kind)
    text = f"the default {kind} decision was played for seat {seat}"
    events: list[Event] = [{"type": "default", "text": text, "seat": seat, "action": action}]
    events.extend(HANDLERS[kind](s, seat, action))
    return events


def autoplay(s: State, events: list[Event]) -> None:
    """Play the decisions owed by resigned seats until a live seat must decide."""
    resigned = s.resigned
    while s.phase != PHASE_OVER:
        seats = [seat for seat in to_move(s) if resigned[seat]]
        if not seats:
            return
        seat = seats[0]
        kind = owed(s, seat)
        assert kind is not None
        events.extend(play_default(s, seat, kind))
