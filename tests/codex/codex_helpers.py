"""Position builders for codex rule tests (tests only; the engine never imports this)."""

from __future__ import annotations

from typing import Any

from toolkit.games.codex import GAME
from toolkit.games.codex.state import Knight, State

PLAYERS = [{"id": "p1", "name": "Ada"}, {"id": "p2", "name": "Bo"}, {"id": "p3", "name": "Cy"}]


def fresh(seed: str | int = 7, n: int = 3, **config: Any) -> State:
    return GAME.new_game(seed, {"players": PLAYERS[:n], **config})


def in_action(seed: str | int = 7, n: int = 3, current: int = 0, **config: Any) -> State:
    """A game past setup with an empty board, ``current`` to act in the action phase."""
    state = fresh(seed, n, **config)
    state.phase = "action"
    state.current = current
    state.turn_number = 1
    state.setup_step = 2 * n
    return state


def iid(state: State, text: str) -> int:
    return state.topo.int_index[text]


def eid(state: State, text: str) -> int:
    return state.topo.edge_index[text]


def put(state: State, seat: int, i: int, kind: str = "settlement", wall: bool = False) -> None:
    state.b_owner[i] = seat
    state.b_type[i] = kind
    state.b_wall[i] = wall
    p = state.players[seat]
    if kind == "settlement":
        p.settlements -= 1
    else:
        p.cities -= 1
    if wall:
        p.walls -= 1


def road(state: State, seat: int, e: int) -> None:
    state.road[e] = seat
    state.players[seat].roads -= 1


def knight(state: State, seat: int, i: int, level: str = "basic", active: bool = True) -> str:
    kid = f"k-{seat}-{i}"
    state.knights[kid] = Knight(kid, seat, level, active, i)
    state.knight_at[i] = kid
    state.players[seat].knights[level] -= 1
    return kid


def give(state: State, seat: int, **cards: int) -> None:
    for kind, n in cards.items():
        state.players[seat].add(kind, n)
        state.bank[kind] -= n


def move(state: State, seat: int, kind: str, **payload: Any) -> dict[str, Any]:
    return {"playerId": state.players[seat].id, "type": kind, "payload": payload}


def play(state: State, seat: int, kind: str, **payload: Any) -> list[dict[str, Any]]:
    return GAME.apply(state, move(state, seat, kind, **payload))


def path(state: State, start: int, length: int) -> list[int]:
    """``length`` edges of a simple walk from corner ``start`` (deterministic)."""
    topo = state.topo
    edges: list[int] = []
    seen = {start}
    here = start
    for _ in range(length):
        for e in topo.int_edges[here]:
            nxt = topo.other_end(e, here)
            if nxt not in seen and e not in edges:
                edges.append(e)
                seen.add(nxt)
                here = nxt
                break
        else:
            raise AssertionError("walk got stuck")
    return edges


def corners_of(state: State, edges: list[int], start: int) -> list[int]:
    out = [start]
    for e in edges:
        out.append(state.topo.other_end(e, out[-1]))
    return out
