"""Rename a save's players, keeping it replayable.

Display names are part of the position an engine hashes, so a save whose names were
edited by hand no longer matches its own checkpoints (it fails at move 1). The digests
stay as they are — published replays keep theirs — and :func:`rename` instead rewrites
the names and then recomputes the checkpoints by replaying the renamed game. Only two
things change: the renamed seats' ``name`` and the checkpoint digests and trails (at the
same moves as before). Moves, seed, rules, meta and every other field are kept.

A save is renamed only when it replays cleanly first, checkpoints included, so a
rename never hides an existing divergence.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from toolkit import textsafe
from toolkit.debug.bisect import DebugError
from toolkit.games.base import seat_number
from toolkit.replay import ReplayError, checkpoint, final, game_for, run
from toolkit.saves import TRAIL_CHARS, Problem, Save
from toolkit.validation import check


def parse_assignment(text: str) -> tuple[str, str]:
    """``SEAT=NAME`` split in two; ``ValueError`` when there is no ``=`` or no seat."""
    seat, sep, name = text.partition("=")
    if not sep or not seat.strip():
        raise ValueError(f"--player wants SEAT=NAME, not {textsafe.excerpt(text)}")
    return seat.strip(), name


def seat_index(save: Save, seat: str) -> int:
    """The index into ``config.players`` that ``seat`` names: a seat number or a player id."""
    players = save.config.get("players", [])
    for index, player in enumerate(players):
        if isinstance(player, Mapping) and player.get("id") == seat:
            return index
    number = seat_number(seat, len(players))
    if number is not None:
        return number
    known = ", ".join(
        [str(i) for i in range(len(players))]
        + [str(p["id"]) for p in players if isinstance(p, Mapping) and "id" in p]
    )
    message = f"no seat {textsafe.excerpt(seat)} in this game (seats: {known})"
    raise DebugError(Problem(save.path, message, "no_seat"), usage=True)


def rename(save: Save, names: Mapping[str, str]) -> dict[str, Any]:
    """The save's data with the seats in ``names`` (seat number or player id -> name) renamed
    and its checkpoints recomputed; :class:`DebugError` for a save that cannot be renamed."""
    report = check(save)
    if not report.ok:
        raise DebugError(report.errors[0])
    try:
        game = game_for(save)
        final(save)
    except ReplayError as exc:  # a save is renamed only when it replays
        raise DebugError.of(exc) from None
    data = copy.deepcopy(save.data)
    players = data["config"]["players"]
    for seat, name in names.items():
        players[seat_index(save, seat)]["name"] = name
    renamed = Save(save.path, data, save.kind)
    new_report = check(renamed)
    if not new_report.ok:  # e.g. a name too long or holding a control character
        problem = new_report.errors[0]
        message = f"the new name: {problem.message}"
        raise DebugError(Problem(save.path, message, problem.code, problem.pointer), usage=True)
    data["checkpoints"] = refreshed_checkpoints(renamed, game, save.checkpoints)
    return data


def refreshed_checkpoints(save: Save, game: Any, old: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``old`` checkpoints at the same moves, with digests and trails of ``save``'s positions
    (a checkpoint past the last move, which no replay reaches, is dropped)."""
    digests: dict[int, str] = {}
    for step in run(save, check_digests=False):
        if step.index:
            digests[step.index] = game.digest(step.state)
    points = []
    for point in old:
        move = point["move"]
        if move not in digests:
            continue
        fresh = dict(point, digest=digests[move])
        if point.get("trail"):  # an empty trail stays empty
            first = max(move - len(point["trail"]) // TRAIL_CHARS, 0)
            fresh.update(checkpoint(move, [digests[i] for i in range(first + 1, move + 1)]))
        points.append(fresh)
    return points


def player_names(data: Mapping[str, Any]) -> list[str]:
    """The display names of a save's seats, in seat order (an empty string when unnamed)."""
    return [str(p.get("name", "")) for p in data.get("config", {}).get("players", [])]
