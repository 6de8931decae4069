"""Longest road (rules §11).

A player's road length is the longest trail (no edge used twice) through their own roads.
A trail may end at a corner holding an opponent's building or knight but never passes
through one; the player's own pieces never interrupt it. The +2 VP bonus goes to a strict
leader with at least 5 segments; a tie keeps a holder who is among the tied, otherwise the
bonus is unclaimed until someone leads outright; below 5 it is always unclaimed.
"""

from __future__ import annotations

from toolkit.games.codex import constants as C
from toolkit.games.codex.state import State, positions


def road_length(state: State, seat: int) -> int:
    topo = state.topo
    own = positions(state.road, seat)
    if not own:
        return 0
    starts = sorted({end for e in own for end in topo.edge_ends[e]})
    # A trail only ever visits the ends of the seat's roads, so only they are looked at.
    blocked = {i: state.other_piece_at(i, seat) for i in starts}
    used: set[int] = set()

    def walk(node: int) -> int:
        best = 0
        if blocked[node]:
            return 0
        for e in topo.int_edges[node]:
            if state.road[e] != seat or e in used:
                continue
            used.add(e)
            best = max(best, 1 + walk(topo.other_end(e, node)))
            used.discard(e)
        return best

    best = 0
    for start in starts:
        # A trail may start at a blocked corner only by leaving it along one road.
        if blocked[start]:
            for e in topo.int_edges[start]:
                if state.road[e] == seat:
                    used.add(e)
                    best = max(best, 1 + walk(topo.other_end(e, start)))
                    used.discard(e)
        else:
            best = max(best, walk(start))
    return best


def recompute(state: State) -> None:
    """Re-award the longest-road bonus by the holder rules of §11.3.

    A trail is no longer than the roads it runs on, so a player with fewer roads than the
    minimum, or than the longest trail already found, can neither lead nor tie the leader:
    their length is not worked out. Players are looked at by their road count, most first."""
    road = state.road
    counts = [(road.count(p.seat), p.seat) for p in state.players if not p.resigned]
    counts.sort(key=_most_roads_first)
    lengths: dict[int, int] = {}
    top = 0
    for count, seat in counts:
        if count < C.LONGEST_ROAD_MIN or count < top:
            break
        lengths[seat] = n = road_length(state, seat)
        top = max(top, n)
    if top < C.LONGEST_ROAD_MIN:
        state.longest_holder = None
        return
    leaders = [s for s, n in lengths.items() if n == top]
    if len(leaders) == 1:
        state.longest_holder = leaders[0]
    elif state.longest_holder not in leaders:
        state.longest_holder = None


def _most_roads_first(entry: tuple[int, int]) -> tuple[int, int]:
    return -entry[0], entry[1]


def touches_opponent_road(state: State, i: int, seat: int) -> bool:
    """Whether a piece at corner ``i`` could cut another player's road (§11.4 triggers)."""
    return any(state.road[e] not in (-1, seat) for e in state.topo.int_edges[i])


def recompute_if_cutting(state: State, seat: int, *corners: int) -> None:
    """Recompute longest road when ``seat``'s piece arriving at or leaving one of ``corners``
    can cut or reconnect another player's road (§11.4 triggers)."""
    if any(touches_opponent_road(state, i, seat) for i in corners):
        recompute(state)
