"""Rolling, the event die, and the end of a turn (rules §5-§6).

A roll throws two production dice (the second is the red die) and the event die, whose six
faces are three ``ship``, one ``science``, one ``trade`` and one ``politics``. Roll number
``n`` draws die 1, die 2 and the event face, in that order, from stream ``dice:<n>``.

Resolution order (digest §7 item 4): the event die first (the ship moves and may attack;
a track face lets every player with that track at level >= 1 and the red die at most level
+ 1 draw, in seat order from the current player, after which non-current players above the
hand limit discard), then production or, on a 7, discards and the robber, then the
Aqueduct bonuses.

Ending a turn with more than 4 progress cards first asks for a ``discardProgress``; the
turn then passes to the next seat, per-turn records reset, and the new current player wins
at once if they already meet the target.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import berserker, decks, victory
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import Task, event, hidden, install, push_front, require_turn_action, task
from toolkit.games.codex.state import State
from toolkit.rng import Stream


def throw(state: State) -> tuple[int, int, str]:
    """The dice of the next roll (pure: nothing changes until the roll is applied)."""
    stream = Stream(state.seed, f"dice:{state.dice['rollNumber'] + 1}")
    d1, d2 = stream.die(), stream.die()
    face = C.EVENT_FACES[stream.below(len(C.EVENT_FACES))]
    if state.dice_preset is not None:
        d1, d2 = state.dice_preset
    return d1, d2, face


def drawers(state: State, track: str, red: int) -> list[int]:
    return [
        s for s in state.seat_order_from(state.current)
        if not state.players[s].resigned
        and state.players[s].levels[track] >= 1
        and red <= state.players[s].levels[track] + 1
    ]


def check_roll(state: State, seat: int) -> tuple[int, int, str]:
    if state.pending is not None:
        raise IllegalMove("pending_open", f"the {state.pending['type']} decision must be answered first")
    if state.phase != "roll":
        raise IllegalMove("wrong_phase", "dice are rolled only at the start of a turn")
    if seat != state.current:
        raise IllegalMove("not_your_turn", f"it is {state.players[state.current].id}'s turn")
    d1, d2, face = throw(state)
    if face in C.TRACKS:
        pile = state.decks[face]
        n = len(drawers(state, face, d2))
        if any(not c["cardId"] for c in pile[:n]):
            raise hidden("hidden_deck", f"the {face} deck order")
    return d1, d2, face


def deck_tops_known(state: State) -> bool:
    """Whether every progress card a roll could deal is known, so that :func:`check_roll` can
    refuse only on its turn checks: a track face deals at most one card a seat from the top of
    its deck, so only a hidden card (a loaded view's) among the top cards, one per seat, of a
    track deck can stop a roll."""
    n = len(state.players)
    return all(c["cardId"] for track in C.TRACKS for c in state.decks[track][:n])


def roll_dice(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    d1, d2, face = check_roll(state, seat)
    preset = state.dice_preset is not None
    state.dice_preset = None
    total = d1 + d2
    changed(state, "dice")
    state.dice = {
        "die1": d1, "die2": d2, "sum": total, "redDie": d2, "eventDieResult": face,
        "alchemyPreset": preset, "rollNumber": state.dice["rollNumber"] + 1,
    }
    state.phase = "action"
    events = [event("rollDice", f"{state.players[seat].id} rolls {d1}+{d2}={total}, event: {face}")]
    tasks: list[Task] = []
    if face == "ship":
        more, texts = berserker.advance(state)
        tasks += more
        events += texts
    else:
        who = drawers(state, face, d2)
        for s in who:
            events += decks.draw(state, s, face)
        tasks += decks.over_limit_tasks(state, state.seat_order_from(state.current))
    tasks.append({"task": "seven"} if total == 7 else {"task": "production", "sum": total})
    push_front(state, tasks)
    return events


def end_turn(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    require_turn_action(state, seat)
    excess = len(state.players[seat].hand) - C.MAX_PROGRESS_HAND
    if excess > 0:
        push_front(state, [{"task": "advanceTurn"}])
        install(state, "discardProgress", seat, [seat], {"requiredCount": excess}, {"resumeAfter": "endTurn"})
        who = state.players[seat].id
        return [event("endTurn", f"{who} must discard progress cards before the turn ends")]
    return [event("endTurn", f"{state.players[seat].id} ends the turn")] + advance_turn(state)


def advance_turn(state: State) -> list[dict[str, Any]]:
    p = state.players[state.current]
    changed(state, state.current, "domestic_declines", "domestic_counters", "domestic_outcomes")
    p.knight_actions_used = []
    p.knights_activated = []
    p.knight_promotions_used = []
    p.progress_played = []
    p.merchant_fleet_types = []
    p.commercial_harbor_remaining = []
    p.crane_played = False
    p.medicine_played = False
    p.free_roads = 0
    p.domestic_proposals = 0
    state.domestic_declines = []
    state.domestic_counters = []
    state.domestic_outcomes = []
    nxt = state.current
    for s in state.seat_order_from(state.current)[1:] + [state.current]:
        if not state.players[s].resigned:
            nxt = s
            break
    state.current = nxt
    state.turn_number += 1
    state.phase = "roll"
    victory.check_current(state)
    return [event("turn", f"turn {state.turn_number}: {state.players[nxt].id} to roll")]


@task("advanceTurn")
def _advance_task(state: State, item: Task) -> None:
    advance_turn(state)
