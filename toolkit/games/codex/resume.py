"""Continuing a state loaded from the wire: what the view leaves out, restored or marked.

A wire state (``BotRequest.state``) shows the one open decision but not what the engine keeps
behind it: the decision's private data (``state.pending_ctx``), the tasks queued after it
(``state.queue``) and who placed first. :func:`restore` rebuilds them from what the wire does
show, by the same rules that created them:

* setup: the roads on the board count the placements done, so the current placer and the
  phase give the first player and the snake order;
* a decision opened while a roll resolves is followed by the rest of that roll: the later
  tied defenders' deck choices or pillage choices (from ``lastBerserkerAttack``), the later
  players over the progress-hand limit, then the 7 or production of ``dice.sum``; Aqueduct
  bonuses go on to the later players at science 3 or more with no claim on that roll;
* a ``discardProgress`` owed by the current player is the end of the turn: the turn passes
  once it is answered; a robber ``discardResources`` is followed by the robber move;
* card decisions get their target or giver back from the payload (Tribute's target, the
  Betrothal recipient and the givers still to come, Treason's player), and what a payload
  reveals of a hidden hand is written into it (Tribute's ``available``, Espionage's cards);
* Wharfage's offered resource, the retreating knight (off the board, so out of the view) and
  the state of the knight Treason removed are in no view.

What no view holds leaves a *gap* on the decision: the answers that would need it are refused
with the gap's code and sentence (see :func:`check_gap`), skips stay open. The roll that would
draw an unknown card is refused in :mod:`~toolkit.games.codex.dice` as ``hidden_deck``.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.codex import constants as C
from toolkit.games.codex.decks import deck_of
from toolkit.games.codex.flow import Task, allowed, hidden
from toolkit.games.codex.production import SCIENCE_BONUS_LEVEL, claims
from toolkit.games.codex.state import State
from toolkit.games.codex.victory import victory_points

#: The refusals a loaded decision can carry: code -> what the view lacks.
GAPS: dict[str, str] = {
    "hidden_offer": "the resource the Wharfage player offered",
    "hidden_knight": "the knight waiting to retreat (it is off the board)",
    "hidden_knight_state": "whether the knight Treason removed was active",
    "hidden_free_roads": "how many free roads remain",
    "hidden_hand": "the list of the Espionage target's progress cards",
}


def restore(state: State) -> None:
    """Fill in what ``state`` (just loaded by ``from_wire``) needs to play on."""
    _setup_order(state)
    if state.pending is None:
        return
    restorer = RESTORERS.get(state.pending["type"])
    if restorer is not None:
        restorer(state, _acting(state))


def check_gap(state: State, kind: str, payload: dict[str, Any]) -> None:
    """Refuse an answer to the open decision that needs what the loaded view lacked."""
    gap = state.pending_ctx.get("gap")
    if gap is None or _is_skip(kind, payload) and gap["skipOk"]:
        return
    raise hidden(str(gap["code"]), GAPS[str(gap["code"])])


def answerable(state: State, kind: str, payload: dict[str, Any]) -> bool:
    """Whether :func:`check_gap` lets this answer through (used to trim listed moves)."""
    return allowed(check_gap, state, kind, payload)


def _is_skip(kind: str, payload: dict[str, Any]) -> bool:
    return kind == "skipRoadBuilding" or payload == {"skip": True}


def _gap(state: State, code: str, skip_ok: bool) -> None:
    state.pending_ctx["gap"] = {"code": code, "skipOk": skip_ok}


def _acting(state: State) -> int | None:
    assert state.pending is not None
    pid = state.pending["actingPlayerId"]
    return None if pid is None else state.seat_of_id(pid)


def _seat(state: State, player_id: Any) -> int | None:
    return state.seat_of_id(player_id) if isinstance(player_id, str) else None


# ------------------------------------------------------------------------------- setup


def _setup_order(state: State) -> None:
    """Rules §4.2-4.3: round 1 runs from the first player, round 2 back; one road each."""
    n = len(state.players)
    if state.phase not in ("setup1", "setup2"):
        return
    step = sum(1 for owner in state.road if owner >= 0)
    if state.phase == "setup1" and not 0 <= step < n or state.phase == "setup2" and not n <= step < 2 * n:
        raise ValueError(f"a {state.phase} position cannot have {step} roads on the board")
    back = step if state.phase == "setup1" else 2 * n - 1 - step
    first = (state.current - back) % n
    order = state.seat_order_from(first)
    state.first_player = first
    state.setup_order = order + order[::-1]
    state.setup_step = step


# ------------------------------------------------------------------ the rest of a roll


def _roll_end(state: State) -> list[Task]:
    """What a roll does after its event die: the 7, or production of its sum."""
    total = state.dice.get("sum")
    if not isinstance(total, int):
        return []
    return [{"task": "seven"}] if total == 7 else [{"task": "production", "sum": total}]


def _after(state: State, order: list[int], seat: int | None) -> list[int]:
    return order[order.index(seat) + 1:] if seat in order else []


def _attack_seats(state: State, key: str) -> list[int]:
    ids = (state.last_attack or {}).get(key) or []
    seats = [_seat(state, x) for x in ids]
    return [s for s in seats if s is not None]


def _deck_choice(state: State, seat: int | None) -> None:
    later = _after(state, _attack_seats(state, "tiedDefenderIds"), seat)
    state.queue = [{"task": "chooseProgressDeck", "seat": s} for s in later] + _roll_end(state)


def _pillage(state: State, seat: int | None) -> None:
    later = _after(state, _attack_seats(state, "choicePillagedPlayerIds"), seat)
    state.queue = [{"task": "choosePillageCity", "seat": s} for s in later] + _roll_end(state)


def _discard_progress(state: State, seat: int | None) -> None:
    if seat == state.current:  # rules §5.3: only the end of the turn asks the current player
        state.pending_ctx = {"resumeAfter": "endTurn"}
        state.queue = [{"task": "advanceTurn"}]
        return
    if state.dice.get("eventDieResult") == "ship":  # a tied defender's draw
        _deck_choice(state, seat)
        return
    later = [
        s for s in _after(state, state.seat_order_from(state.current), seat)
        if len(state.players[s].hand) > C.MAX_PROGRESS_HAND
    ]
    state.queue = [{"task": "discardProgress", "seat": s} for s in later] + _roll_end(state)


def _science_bonus(state: State, seat: int | None) -> None:
    total = state.dice.get("sum")
    owed = claims(state, total) if isinstance(total, int) else {}
    claimed = {s for by_seat in owed.values() for s in by_seat}
    state.queue = [
        {"task": "scienceBonus", "seat": s}
        for s in _after(state, state.seat_order_from(state.current), seat)
        if not state.players[s].resigned
        and state.players[s].levels["science"] >= SCIENCE_BONUS_LEVEL
        and s not in claimed
    ]


def _discard_resources(state: State, seat: int | None) -> None:
    assert state.pending is not None
    payload = state.pending["payload"]
    tail = str(payload.get("discardId", "")).rpartition("-")[2]
    if tail.isdigit():
        state.discard_episodes = int(tail)
    if payload.get("source", "robber") == "robber":
        state.queue = [{"task": "robber"}]


# ----------------------------------------------------------------------- card decisions


def _harbor_give(state: State, seat: int | None) -> None:
    state.pending_ctx = {"giver": state.current}
    _gap(state, "hidden_offer", False)


def _tribute(state: State, seat: int | None) -> None:
    assert state.pending is not None
    payload = state.pending["payload"]
    target = _seat(state, payload.get("targetPlayerId"))
    if target is None:
        return
    state.pending_ctx = {"target": target}
    t = state.players[target]
    shown = {str(x["type"]): int(x["available"]) for x in payload.get("available") or []}
    if t.hidden_materials and shown and sum(shown.values()) <= t.hidden_materials:
        for kind, n in shown.items():
            t.add(kind, n)
        t.hidden_materials -= sum(shown.values())


def _by_deck(cards: list[dict[str, Any]]) -> dict[str, int]:
    out = {d: 0 for d in C.TRACKS}
    for c in cards:
        out[deck_of(c)] += 1
    return out


def _espionage(state: State, seat: int | None) -> None:
    assert state.pending is not None
    cards = [dict(c) for c in state.pending["payload"].get("eligibleCards") or []]
    counts = _by_deck(cards) if cards else None
    matches = [
        s for s in state.seat_order_from(state.current)[1:]
        if counts is not None and _by_deck(state.players[s].hand) == counts
    ]
    if len(matches) != 1:
        _gap(state, "hidden_hand", True)
        return
    target = matches[0]
    state.pending_ctx = {"target": target}
    state.players[target].hand = cards


def _treason_choose(state: State, seat: int | None) -> None:
    state.pending_ctx = {"actor": state.current}


def _treason_place(state: State, seat: int | None) -> None:
    _gap(state, "hidden_knight_state", True)


def _wedding(state: State, seat: int | None) -> None:
    assert state.pending is not None
    recipient = _seat(state, state.pending["payload"].get("recipient"))
    if recipient is None:
        return
    state.pending_ctx = {"recipient": recipient}
    mine = victory_points(state, recipient)
    later = [
        s for s in _after(state, state.seat_order_from(recipient), seat)
        if not state.players[s].resigned and victory_points(state, s) > mine
    ]
    state.queue = [{"task": "weddingGiveCards", "giver": s, "recipient": recipient} for s in later]


def _road_building(state: State, seat: int | None) -> None:
    assert state.pending is not None
    diplomacy = bool(state.pending["payload"].get("maySkip"))
    state.pending_ctx = {"source": "diplomacy" if diplomacy else "causeway"}
    if seat is None or state.players[seat].free_roads > 0:
        return
    if diplomacy:  # the Diplomacy rebuild is always a single road
        state.players[seat].free_roads = 1
    else:
        _gap(state, "hidden_free_roads", False)


def _retreat(state: State, seat: int | None) -> None:
    """Rules §10.6: the displaced knight is off the board, and so out of the view, until its
    owner picks a corner; it keeps its activation state, which no view shows."""
    _gap(state, "hidden_knight", False)


RESTORERS = {
    "discardResources": _discard_resources,
    "scienceLevel3Bonus": _science_bonus,
    "choosePillageCity": _pillage,
    "chooseProgressDeck": _deck_choice,
    "discardProgress": _discard_progress,
    "chooseKnightRetreat": _retreat,
    "roadBuildingPlace": _road_building,
    "commercialHarborGive": _harbor_give,
    "guildDuesChooseCards": _tribute,
    "espionageChooseCard": _espionage,
    "treasonChooseKnight": _treason_choose,
    "treasonPlaceKnight": _treason_place,
    "weddingGiveCards": _wedding,
}
