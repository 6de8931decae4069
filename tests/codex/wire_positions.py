"""Positions for the wire-loading tests: every pending decision as bot games open it.

Six bot games (the coverage mix of :mod:`toolkit.codex_coverage`) are replayed move by move;
the first few positions at which each pending type opens are kept as full engine states, so
a test can take the deciding seat's wire view of one, load it with ``from_wire`` and compare
what the loaded state does with what the full state does.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from toolkit.codex_coverage import plan
from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, views
from toolkit.games.codex.bots import play
from toolkit.games.codex.state import State

GAMES = 6
PER_KIND = 3
END_OF_TURN = "discardProgress at the end of the turn"


def label(state: State) -> str:
    """The pending type, the end-of-turn progress discard told apart from the others."""
    assert state.pending is not None
    kind = str(state.pending["type"])
    if kind == "discardProgress" and state.pending["actingPlayerId"] == state.players[state.current].id:
        return END_OF_TURN
    return kind


@lru_cache(maxsize=1)
def openings() -> dict[str, list[State]]:
    """Up to :data:`PER_KIND` copies of the positions where each pending type opened."""
    found: dict[str, list[State]] = {}
    for k in range(GAMES):
        options = plan(k)
        game = play(k, options["bots"], board=options["board"], standing_wants=options["standing_wants"],
                    players=4)
        state = GAME.new_game(k, game.config)
        last: object = None
        for move in game.moves:
            GAME.apply(state, move)
            if state.pending is not None and state.pending is not last:
                kept = found.setdefault(label(state), [])
                if len(kept) < PER_KIND:
                    kept.append(copy.deepcopy(state))
            last = state.pending
    return found


def decider(state: State) -> int:
    """The first seat that owes the open decision."""
    return GAME.to_move(state)[0]


def loaded(state: State, seat: int | None) -> State:
    """``state`` as ``seat`` sees it, loaded back with the same seed (same dice from here on)."""
    return views.from_wire(views.view(state, seat), seed=state.seed)


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the one field a loaded state can only approximate: which material types
    hidden hands hold (``opponentMaterialTypes`` keeps the captured list while cards are hidden)."""
    out = dict(view)
    out.pop("opponentMaterialTypes", None)
    return out


def outcome(state: State, move: dict[str, Any]) -> tuple[State, IllegalMove | None]:
    """A copy of ``state`` after ``move``, or the untouched copy and the refusal."""
    after = copy.deepcopy(state)
    try:
        GAME.apply(after, move)
    except IllegalMove as exc:
        return after, exc
    return after, None
