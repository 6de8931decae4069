"""City improvements (rules §13.1-§13.2).

``improveCity`` raises one track (science, trade, politics) by a level, paying the new level
in that track's commodity (paper, cloth, coin): 1 for level 1 up to 5 for level 5, which is
the top. It needs the current player's action phase, no open decision and at least one city
of theirs on the board. The Mason card runs the same improvement one commodity cheaper
(never below 0). Reaching 4 or 5 may win the track's metropolis (see
:mod:`toolkit.games.codex.metropolis`); when it would and no city can host it, the
improvement is refused before paying.

Level-3 perks live where they act: the Aqueduct bonus after a roll that paid nothing
(:mod:`~toolkit.games.codex.production`), 2:1 commodity trades with the bank
(:mod:`~toolkit.games.codex.maritime`) and promotion to mighty knights
(:mod:`~toolkit.games.codex.knights`).
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex import metropolis
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import accepted, event, format_cost, pay, require_turn_action, turn_action_open
from toolkit.games.codex.state import State, positions

MAX_LEVEL = 5


def cost(state: State, seat: int, track: str, discount: int = 0) -> dict[str, int]:
    level = state.players[seat].levels[track]
    return {C.TRACK_COMMODITY[track]: max(0, level + 1 - discount)}


def track_of(payload: dict[str, Any]) -> str:
    track = payload.get("track")
    if track not in C.TRACKS:
        raise IllegalMove("bad_track", f"track must be one of {', '.join(C.TRACKS)}")
    assert isinstance(track, str)
    return track


def has_city(state: State, seat: int) -> bool:
    """Whether ``seat`` has a city on the board (improvements need one, §13.1)."""
    return any(state.b_owner[i] == seat for i in positions(state.b_type, "city"))


def check_improve(state: State, seat: int, payload: dict[str, Any], discount: int = 0) -> str:
    """Everything an improvement needs except the turn checks (shared with Mason)."""
    track = track_of(payload)
    p = state.players[seat]
    if not has_city(state, seat):
        raise IllegalMove("no_city", "city improvements need a city of yours on the board")
    level = p.levels[track]
    if level >= MAX_LEVEL:
        raise IllegalMove("max_level", f"your {track} track is already at level {MAX_LEVEL}")
    metropolis.require_host(state, seat, track, level + 1)
    price = cost(state, seat, track, discount)
    if not p.can_pay(price):
        raise IllegalMove("cannot_afford", f"{track} level {level + 1} costs {format_cost(price)}")
    return track


def improve(state: State, seat: int, track: str, discount: int = 0) -> list[dict[str, Any]]:
    """Apply a checked improvement; opens ``chooseMetropolisCity`` when the marker is won."""
    p = state.players[seat]
    price = cost(state, seat, track, discount)
    pay(state, seat, price)
    changed(state, seat)
    p.levels[track] += 1
    events = [event("improveCity", f"{p.id} raises {track} to level {p.levels[track]}")]
    if metropolis.gains_marker(state, seat, track, p.levels[track]):
        events += metropolis.open_choice(state, seat, track)
    return events


def improve_city(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    require_turn_action(state, seat)
    track = check_improve(state, seat, payload)
    return improve(state, seat, track)


def improve_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """Improvements (§13.1): the tracks below the top level whose next level ``seat`` can pay,
    each then tried through :func:`check_improve` (which adds the city and metropolis rules)."""
    if not turn_action_open(state, seat) or not has_city(state, seat):
        return []
    p = state.players[seat]
    tracks = [t for t in C.TRACKS if p.levels[t] < MAX_LEVEL and p.can_pay(cost(state, seat, t))]
    return accepted(lambda payload: check_improve(state, seat, payload), ({"track": t} for t in tracks))
