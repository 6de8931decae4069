"""Shared helpers for the pioneers tests: start games and build positions.

Positions are built by playing real moves where that is short, and by setting the
flat state's fields directly where the rule under test does not care how the
position arose (hands, for instance).
"""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.games.base import IllegalMove
from toolkit.games.pioneers import GAME, State
from toolkit.games.pioneers.defaults import default_setup


def config(n: int = 4) -> dict[str, Any]:
    return {"players": [{"name": f"P{i}"} for i in range(n)]}


class Helper:
    game = GAME

    def new(self, seed: str = "rules", n: int = 4) -> State:
        return GAME.new_game(seed, config(n))

    def setup_all(self, s: State, placements: list[tuple[int, int]] | None = None) -> None:
        """Play every setup placement (given ones first, then the default placements)."""
        queue = list(placements or [])
        while s.phase == "setup":
            seat = s.current
            if queue:
                v, e = queue.pop(0)
                action = {"settlement": v, "road": e}
            else:
                action = default_setup(s)
            GAME.apply(s, {"seat": seat, "kind": "setup", "action": action})

    def started(self, seed: str = "rules", n: int = 4) -> State:
        """A game past setup, in seat 0's turn phase with empty hands."""
        s = self.new(seed, n)
        self.setup_all(s)
        self.force_turn(s, 0)
        return s

    def force_turn(self, s: State, seat: int) -> None:
        """Put ``seat`` in its ordinary turn phase (after the roll, nothing pending)."""
        s.current = seat
        s.phase = "turn"
        s.offer = None
        s.discard_need = [0] * s.n
        s.dev_played_this_turn = False
        s.offers_made = 0
        for hand in s.hands:
            hand[:] = [0] * 5

    def give(self, s: State, seat: int, **cards: int) -> None:
        from toolkit.games.pioneers.constants import RESOURCE_INDEX

        for name, count in cards.items():
            s.hands[seat][RESOURCE_INDEX[name]] += count

    def turn(self, s: State, seat: int, **action: Any) -> list[dict[str, Any]]:
        return GAME.apply(s, {"seat": seat, "kind": "turn", "action": action})

    def move(self, s: State, seat: int, kind: str, action: Any) -> list[dict[str, Any]]:
        return GAME.apply(s, {"seat": seat, "kind": kind, "action": action})

    def refused(self, s: State, move: dict[str, Any]) -> str:
        """Apply a move that must be refused; check the state is untouched; return the code."""
        before = GAME.digest(s)
        with pytest.raises(IllegalMove) as info:
            GAME.apply(s, move)
        assert GAME.digest(s) == before
        assert info.value.message
        return info.value.code

    def refused_turn(self, s: State, seat: int, **action: Any) -> str:
        return self.refused(s, {"seat": seat, "kind": "turn", "action": action})

    def road_at(self, s: State, seat: int, edges: list[int]) -> None:
        """Lay roads directly (test scaffolding for road-graph rules)."""
        from toolkit.games.pioneers.building import place_road

        for e in edges:
            place_road(s, seat, e)

    def town_at(self, s: State, seat: int, v: int) -> None:
        from toolkit.games.pioneers.building import place_settlement

        place_settlement(s, seat, v)

    def empty_board(self, s: State) -> None:
        """Remove every piece (keeps the shuffled hexes)."""
        s.road_owner = [-1] * len(s.road_owner)
        s.bld_owner = [-1] * len(s.bld_owner)
        s.bld_kind = [0] * len(s.bld_kind)
        s.seat_roads = [[] for _ in range(s.n)]
        s.seat_buildings = [[] for _ in range(s.n)]
        s.roads_left = [15] * s.n
        s.settlements_left = [5] * s.n
        s.cities_left = [4] * s.n
        s.road_dirty = [True] * s.n
        s.road_holder = -1


@pytest.fixture
def h() -> Helper:
    return Helper()
