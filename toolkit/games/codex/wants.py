"""Standing wants: public offers left on the table (rules §12.3).

The channel exists only in games created with it (``state.standingWantsEnabled``, fixed for
the game). Each player has at most one want: ``offer`` is what the poster gives, ``want`` what
they ask for, with the same shape rules as a domestic proposal, and the poster must hold the
offer when posting. Posting replaces the previous want; re-posting the same terms, or clearing
when nothing is posted, is refused as a no-op.

Posting and clearing sit outside the turn: any player may do either in the roll or action
phase, on anyone's turn and while a decision is open, and neither touches that decision. The
move lists offer them only to the current player when nothing is open (digest §7 item 3).

Taking a want is an ordinary action of the current player (action phase, nothing open): the
poster's offer and the taker's payment change hands in one step, both checked first, and the
want is gone. Any number of wants may be taken in a turn; they are not proposals.

After every applied action the engine sweeps the table: a want whose poster can no longer
cover its offer is withdrawn, and a want that has just become takeable by some opponent is
announced, once per posting. Every want is withdrawn when the game ends.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.domestic import (
    as_bundle,
    as_list,
    changed_terms,
    describe,
    holds,
    require_exchange,
    require_holds,
)
from toolkit.games.codex.flow import (
    event,
    exchange_event,
    move_cards,
    require_turn_action,
    seat_from_player_id,
)
from toolkit.games.codex.state import State


def _require_channel(state: State) -> None:
    if not state.standing_wants_enabled:
        raise IllegalMove("standing_wants_disabled", "this game was created without standing wants")


def _require_table_phase(state: State, seat: int) -> None:
    _require_channel(state)
    if state.phase not in ("roll", "action"):
        raise IllegalMove("wrong_phase", f"standing wants cannot change in the {state.phase} phase")
    if state.players[seat].resigned:
        raise IllegalMove("resigned", f"{state.players[seat].id} has left the game")


def check_set(state: State, seat: int, payload: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    _require_table_phase(state, seat)
    mine = state.players[seat].standing_want
    offer, want = changed_terms(state, seat, payload, mine, "already has exactly this want posted")
    require_holds(state, seat, offer)
    return offer, want


def set_want(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    offer, want = check_set(state, seat, payload)
    p = state.players[seat]
    changed(state, seat)
    p.standing_want = {"offer": as_list(offer), "want": as_list(want)}
    p.standing_want_live = False
    return [event("setStandingWant", f"{p.id} posts: gives {describe(offer)} for {describe(want)}")]


def check_clear(state: State, seat: int) -> None:
    _require_table_phase(state, seat)
    if state.players[seat].standing_want is None:
        raise IllegalMove("no_op", f"{state.players[seat].id} has no want posted")


def clear_want(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    check_clear(state, seat)
    p = state.players[seat]
    changed(state, seat)
    p.standing_want = None
    p.standing_want_live = False
    return [event("clearStandingWant", f"{p.id} withdraws their want")]


def check_execute(state: State, seat: int,
                  payload: dict[str, Any]) -> tuple[int, dict[str, int], dict[str, int]]:
    _require_channel(state)
    require_turn_action(state, seat)
    poster = seat_from_player_id(state, payload)
    if poster == seat:
        raise IllegalMove("bad_target", "a player cannot take their own want")
    w = state.players[poster].standing_want
    if w is None:
        raise IllegalMove("no_want", f"{state.players[poster].id} has no want posted")
    offer, want = as_bundle(w["offer"]), as_bundle(w["want"])
    require_exchange(state, poster, offer, seat, want, "does not hold")
    return poster, offer, want


def execute_want(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    poster, offer, want = check_execute(state, seat, payload)
    move_cards(state, poster, seat, offer)
    move_cards(state, seat, poster, want)
    changed(state, poster)
    state.players[poster].standing_want = None
    state.players[poster].standing_want_live = False
    text = (f"{state.players[seat].id} takes {state.players[poster].id}'s want: gets {describe(offer)}, "
            f"pays {describe(want)}")
    return [exchange_event("executeStandingWant", text, [(poster, seat, offer), (seat, poster, want)])]


def sweep(state: State) -> list[dict[str, Any]]:
    """Withdraw wants whose poster cannot cover them; announce newly takeable ones once."""
    events: list[dict[str, Any]] = []
    for p in state.players:
        w = p.standing_want
        if w is None or p.hidden_materials:
            continue
        offer, want = as_bundle(w["offer"]), as_bundle(w["want"])
        if not holds(state, p.seat, offer):
            changed(state, p.seat)
            p.standing_want = None
            p.standing_want_live = False
            text = f"{p.id}'s want is withdrawn: its offer is no longer held"
            events.append(event("standingWantCleared", text))
            continue
        if not p.standing_want_live and any(
            o.seat != p.seat and not o.resigned and holds(state, o.seat, want) for o in state.players
        ):
            changed(state, p.seat)
            p.standing_want_live = True
            events.append(event("standingWantLive", f"{p.id}'s want can now be taken"))
    return events


# ------------------------------------------------------------------------- candidates


def _offered_to(state: State, seat: int) -> bool:
    """The move lists offer set/clear only to the current player with nothing open."""
    return (
        state.standing_wants_enabled
        and state.pending is None
        and seat == state.current
        and state.phase in ("roll", "action")
    )


def set_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Wants giving one held card for one card of another type."""
    if not _offered_to(state, seat):
        return []
    p = state.players[seat]
    if p.hidden_materials:
        return []
    mine = p.standing_want
    out = []
    for g in C.MATERIALS:
        if p.material(g) < 1:
            continue
        for w in C.MATERIALS:
            if w == g:
                continue
            if mine is not None and as_bundle(mine["offer"]) == {g: 1} and as_bundle(mine["want"]) == {w: 1}:
                continue
            out.append({"offer": [{"type": g, "count": 1}], "want": [{"type": w, "count": 1}]})
    return out


def clear_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if not _offered_to(state, seat) or state.players[seat].standing_want is None:
        return []
    return [{}]


def execute_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if not state.standing_wants_enabled:
        return []
    out = []
    for poster in state.seat_order_from(seat)[1:]:
        if state.players[poster].standing_want is None:
            continue
        payload = {"targetPlayerId": state.players[poster].id}
        try:
            check_execute(state, seat, payload)
        except IllegalMove:
            continue
        out.append(payload)
    return out
