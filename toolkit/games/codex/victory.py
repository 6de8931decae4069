"""Victory points, the win check and resigning (rules §15).

Points: settlement 1 (a sideways city piece standing in for one counts 1), city 2, a
metropolis 2 more, longest road 2, the Guildmaster marker 1, each revealed VP card 1,
each Defender token 1.

Only the current player can win, and only when an action they caused has been applied;
a player who crosses the target on someone else's turn wins when their own next turn
begins, if they still qualify then. Resigning ends the game at once: the strict VP leader
among the players who did not resign wins, a tie leaves no winner.
"""

from __future__ import annotations

from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import event
from toolkit.games.codex.state import State, positions

_SETTLEMENT, _CITY, _METROPOLIS = C.VP["settlement"], C.VP["city"], C.VP["metropolisBonus"]
_CORNER_MOST = max(_SETTLEMENT, _CITY)
_LONGEST, _MERCHANT = C.VP["longestRoad"], C.VP["merchant"]
_VP_CARD, _DEFENDER = C.VP["vpCard"], C.VP["defenderToken"]


def _points_off_the_board(state: State, seat: int) -> int:
    """``seat``'s points that no building carries (§15.1): the longest road, the merchant,
    revealed point cards and defender tokens."""
    p = state.players[seat]
    vp = _VP_CARD * len(p.revealed_vp) + _DEFENDER * p.vp_tokens
    if state.longest_holder == seat:
        vp += _LONGEST
    return vp + _MERCHANT if state.merchant_owner == seat else vp


def victory_points(state: State, seat: int) -> int:
    """``seat``'s points (§15.1), counted in one pass over its buildings."""
    b_type, b_metro = state.b_type, state.b_metro
    vp = _points_off_the_board(state, seat)
    for i in positions(state.b_owner, seat):
        kind = b_type[i]
        if kind == "settlement":
            vp += _SETTLEMENT
        elif kind is not None:
            vp += _CITY if b_metro[i] is None else _CITY + _METROPOLIS
    return vp


def points_at_most(state: State, seat: int) -> int:
    """A bound :func:`victory_points` never exceeds, counted without visiting ``seat``'s corners.

    Every corner ``seat`` owns scores at most a city (§15.1: a settlement less), and no more of
    them carry a metropolis than the board holds in all; the other terms are counted exactly.
    Only the board lists are read, never the supply counts, so the bound holds for a loaded
    position too."""
    b_metro = state.b_metro
    return (_CORNER_MOST * state.b_owner.count(seat) + _METROPOLIS * (len(b_metro) - b_metro.count(None))
            + _points_off_the_board(state, seat))


def finish(state: State, winner: int | None) -> None:
    """End the game: no decision stays open, no task runs, standing wants are withdrawn."""
    state.phase = "gameOver"
    state.winner = winner
    state.pending = None
    state.pending_ctx = {}
    state.queue = []
    changed(state, "players", "pending")
    for p in state.players:
        p.standing_want = None


def check_current(state: State) -> bool:
    """End the game if the current player meets the target; True when that happened."""
    if state.phase == "gameOver":
        return False
    seat = state.current
    if points_at_most(state, seat) < state.vp_target:  # the usual case, told without the count
        return False
    if victory_points(state, seat) >= state.vp_target:
        finish(state, seat)
        return True
    return False


def resign(state: State, seat: int) -> list[dict[str, str]]:
    state.players[seat].resigned = True
    remaining = [p.seat for p in state.players if not p.resigned]
    scores = {s: victory_points(state, s) for s in remaining}
    winner: int | None = None
    if scores:
        best = max(scores.values())
        leaders = [s for s, v in scores.items() if v == best]
        winner = leaders[0] if len(leaders) == 1 else None
    finish(state, winner)
    who = "nobody" if winner is None else state.players[winner].id
    return [event("resign", f"{state.players[seat].id} resigns; winner: {who}")]
