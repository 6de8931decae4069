"""Metropolises: who gains a track's marker, where it stands, what it is worth (rules §13.3).

Each track has one marker. Reaching level 4 or 5 on a track wins it when nobody holds it, or
when its holder (another player) is on a strictly lower level of that track: 4 takes it from
nobody, 5 takes it from a 4, while 4 against 4 and 5 against 5 leave it where it is (the
first to arrive keeps it). Gaining it asks the gainer which of their cities without a marker
hosts it (``chooseMetropolisCity``), even when only one qualifies; a gain that would find no
such city is refused before anything is paid. Until that choice the old holder keeps the
marker, so no points go missing meanwhile (digest ruling 19); the choice moves it in one
step. A metropolis city is worth 4 VP in all and is never pillaged; losing the marker never
lowers the loser's track level.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import close, event, install, intersection_of, require_pending
from toolkit.games.codex.state import State

TRIGGER_LEVEL = 4


def marker_at(state: State, track: str) -> int | None:
    """The intersection holding ``track``'s marker, if any."""
    for i, m in enumerate(state.b_metro):
        if m == track:
            return i
    return None


def holder(state: State, track: str) -> int | None:
    i = marker_at(state, track)
    return None if i is None else state.b_owner[i]


def host_cities(state: State, seat: int) -> list[int]:
    """``seat``'s cities that carry no marker (a sideways pillaged piece is not a city)."""
    return [
        i for i, kind in enumerate(state.b_type)
        if kind == "city" and state.b_owner[i] == seat and state.b_metro[i] is None
    ]


def gains_marker(state: State, seat: int, track: str, new_level: int) -> bool:
    """Whether reaching ``new_level`` on ``track`` wins the marker for ``seat``."""
    if new_level < TRIGGER_LEVEL:
        return False
    owner = holder(state, track)
    if owner is None:
        return True
    if owner == seat:
        return False
    return state.players[owner].levels[track] < new_level


def require_host(state: State, seat: int, track: str, new_level: int) -> None:
    if gains_marker(state, seat, track, new_level) and not host_cities(state, seat):
        raise IllegalMove("no_host_city", f"the {track} metropolis needs a city of yours with no metropolis")


def open_choice(state: State, seat: int, track: str) -> list[dict[str, Any]]:
    """Ask ``seat`` where the ``track`` marker goes (the slot must be empty)."""
    ids = [state.topo.int_ids[i] for i in host_cities(state, seat)]
    install(state, "chooseMetropolisCity", seat, [seat], {"eligibleIntersectionIds": ids, "track": track})
    return [event("metropolis", f"{state.players[seat].id} wins the {track} metropolis")]


def check_choose(state: State, seat: int, payload: dict[str, Any]) -> tuple[int, str]:
    require_pending(state, seat, "chooseMetropolisCity")
    assert state.pending is not None
    i = intersection_of(state, payload)
    if state.topo.int_ids[i] not in state.pending["payload"]["eligibleIntersectionIds"]:
        raise IllegalMove("not_eligible", "choose one of your cities without a metropolis")
    return i, str(state.pending["payload"]["track"])


def choose_metropolis_city(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    i, track = check_choose(state, seat, payload)
    changed(state, "b_metro")
    old = marker_at(state, track)
    if old is not None:
        state.b_metro[old] = None
    state.b_metro[i] = track
    close(state)
    return [event("chooseMetropolisCity",
                  f"{state.players[seat].id} raises the {track} metropolis at {state.topo.int_ids[i]}")]


def choose_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "chooseMetropolisCity":
        return []
    return [{"intersectionId": x} for x in state.pending["payload"]["eligibleIntersectionIds"]]


def metropolis_count(state: State, seat: int) -> int:
    return sum(1 for i, m in enumerate(state.b_metro) if m in C.TRACKS and state.b_owner[i] == seat)
