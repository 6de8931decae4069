"""Victory points and the two 2-point awards.

* Largest army goes to the first seat with 3 or more knights played; another seat
  takes it only by playing strictly more knights than the holder.
* Longest road measures, per seat, the longest trail through its own roads that
  never uses an edge twice. A rival town on a vertex ends a trail there: a trail may
  stop at it but not pass through. At 5 or more the award is in play: a holder keeps
  it until someone is strictly longer. When the holder is no longer the longest (or
  falls below 5) the award passes to the single seat with the strictly greatest
  length of 5 or more, or to nobody when there is no such seat.
"""

from __future__ import annotations

from collections.abc import Callable

from toolkit.games.base import Event

from .board import EDGE_VERTICES
from .constants import ARMY_MIN, AWARD_POINTS, KNIGHT, ROAD_MIN, VICTORY_POINT
from .state import State


def public_points(s: State, seat: int) -> int:
    """Points every seat can see: towns and awards (no hidden victory-point cards).

    A settlement scores 1 and a city 2, which are the piece kinds' own numbers (constants).
    """
    kinds = s.bld_kind
    points = 0
    for v in s.seat_buildings[seat]:
        points += kinds[v]
    if s.army_holder == seat:
        points += AWARD_POINTS
    if s.road_holder == seat:
        points += AWARD_POINTS
    return points


def true_points(s: State, seat: int) -> int:
    """Public points plus the victory-point cards in hand (bought ones count at once)."""
    return public_points(s, seat) + s.dev_hand[seat][VICTORY_POINT] + s.dev_new[seat][VICTORY_POINT]


def longest_trail(s: State, seat: int) -> int:
    """Length of the longest edge-simple trail in ``seat``'s roads, cut at rival towns.

    The search walks every trail, but only from the vertices a longest trail can start
    at. Think of a rival town as a separate dead end for each road reaching it. A
    longest trail that starts at a vertex with an unused road there could be made longer
    by that road, so it uses all of them: an odd number if the trail is open (it leaves
    once and passes through in pairs), so it starts at an odd-degree vertex or a rival
    town. A closed longest trail must use every road of every vertex it meets, so it is
    a whole piece of the network in which every vertex has even degree and no rival
    town: its length is that piece's road count. Both cases are taken, so the answer is
    the same as walking from every vertex.

    Most networks hold no cycle once cut at rival towns, and then no search is needed:
    see :func:`_forest_diameter`.
    """
    edges = s.seat_roads[seat]
    if not edges:
        return 0
    bld = s.bld_owner
    # The seat's own network: per vertex, (edge bit, far end, whether a rival town cuts there).
    links: dict[int, list[tuple[int, int, bool]]] = {}
    for e in edges:
        a, b = EDGE_VERTICES[e]
        bit = 1 << e
        links.setdefault(a, []).append((bit, b, bld[b] != -1 and bld[b] != seat))
        links.setdefault(b, []).append((bit, a, bld[a] != -1 and bld[a] != seat))

    diameter = _forest_diameter(links, len(edges), bld, seat)
    if diameter >= 0:
        return diameter

    def walk(v: int, used: int) -> int:
        best = 0
        for bit, w, cut in links[v]:
            if used & bit:
                continue
            length = 1 if cut else 1 + walk(w, used | bit)
            if length > best:
                best = length
        return best

    def is_start(v: int) -> bool:
        return len(links[v]) % 2 == 1 or bld[v] not in (-1, seat)

    best = 0
    total = len(edges)
    for v in sorted(links):
        if is_start(v):
            length = walk(v, 0)
            if length > best:
                best = length
                if best == total:
                    return best
    return max(best, _even_piece_roads(links, is_start))


def _forest_diameter(
    links: dict[int, list[tuple[int, int, bool]]], roads: int, bld: list[int], seat: int
) -> int:
    """The longest trail (pioneers.md §Awards, longest road) when the network holds no cycle, else -1.

    With each road that reaches a rival town given a dead end of its own (a trail may stop
    there but not pass through), a network without a cycle is a forest. In a tree no
    trail can come back to a vertex it left, so a trail is a path and the longest is the
    tree's diameter: at each vertex, the two deepest branches below it, joined. One pass
    from each piece's first free vertex finds every branch depth and meets every road;
    reaching a vertex a second time means a cycle. A road between two rival towns is a
    piece of its own, a trail of 1.
    """
    seen: set[int] = set()
    best = 0
    met = 0  # roads met by the passes

    def depth(v: int, via: int) -> int:  # the longest path down from v, leaving by any road but ``via``
        nonlocal best, met
        first = second = 0
        for bit, w, cut in links[v]:
            if bit == via:
                continue
            met += 1
            if cut:
                down = 1
            elif w in seen:
                raise _Cycle
            else:
                seen.add(w)
                down = 1 + depth(w, bit)
            if down > first:
                first, second = down, first
            elif down > second:
                second = down
        if first + second > best:
            best = first + second
        return first

    try:
        for root in links:
            if root not in seen and (bld[root] == -1 or bld[root] == seat):
                seen.add(root)
                depth(root, 0)
    except _Cycle:
        return -1
    if met < roads:  # the roads never met join two rival towns
        best = max(best, 1)
    return best


class _Cycle(Exception):
    """The network holds a cycle: :func:`_forest_diameter` gives way to the trail search."""


def _even_piece_roads(links: dict[int, list[tuple[int, int, bool]]], is_start: Callable[[int], bool]) -> int:
    """The most roads in one connected piece of the network that reaches no start vertex.

    Such a piece has only even-degree vertices and no rival town, so one closed trail
    uses all of its roads (Euler); a piece that reaches a start is left to the walks.
    """
    seen: set[int] = set()
    best = 0
    for root in links:
        if root in seen or is_start(root):
            continue
        seen.add(root)
        stack, ends, reaches_start = [root], 0, False
        while stack:
            v = stack.pop()
            ends += len(links[v])
            for _bit, w, _cut in links[v]:
                if w in seen:
                    continue
                if is_start(w):
                    reaches_start = True
                    continue
                seen.add(w)
                stack.append(w)
        if not reaches_start:
            best = max(best, ends // 2)
    return best


def road_length(s: State, seat: int) -> int:
    """Cached longest-trail length, recomputed only after a change that can affect it."""
    if s.road_dirty[seat]:
        s.road_len[seat] = longest_trail(s, seat)
        s.road_dirty[seat] = False
    return s.road_len[seat]


def update_longest_road(s: State) -> list[Event]:
    """Re-judge the longest-road award after roads or towns changed.

    Seats are measured most roads first. A trail is never longer than the seat's road
    count, so once that count falls below 5 or below the best length found, no seat
    left can lead, tie or keep the award, and those are not measured (their cached
    lengths stay marked for recomputing).
    """
    if not any(s.road_dirty):
        return []
    counts = [len(roads) for roads in s.seat_roads]
    lengths = [0] * s.n
    top = 0
    for seat in sorted(range(s.n), key=counts.__getitem__, reverse=True):
        if counts[seat] < ROAD_MIN or counts[seat] < top:
            break
        lengths[seat] = length = road_length(s, seat)
        if length > top:
            top = length
    holder = s.road_holder
    if holder != -1 and lengths[holder] >= ROAD_MIN and lengths[holder] >= top:
        return []
    leaders = [seat for seat in range(s.n) if lengths[seat] == top]
    new = leaders[0] if top >= ROAD_MIN and len(leaders) == 1 else -1
    if new == holder:
        return []
    s.road_holder = new
    if new == -1:
        return [_award("longestRoad", f"seat {holder} lost longest road; nobody holds it", None, holder)]
    return [_award("longestRoad", f"seat {new} took longest road ({top})", new, holder)]


def update_largest_army(s: State, seat: int) -> list[Event]:
    """After ``seat`` played a knight: take the award if it now leads strictly."""
    knights = s.dev_played[seat][KNIGHT]
    holder = s.army_holder
    if holder == seat or knights < ARMY_MIN:
        return []
    if holder != -1 and knights <= s.dev_played[holder][KNIGHT]:
        return []
    s.army_holder = seat
    return [_award("largestArmy", f"seat {seat} took largest army ({knights} knights)", seat, holder)]


def _award(award: str, text: str, seat: int | None, previous: int) -> Event:
    """The event of an award changing hands (``previous`` -1: nobody held it)."""
    return {
        "type": "award",
        "text": text,
        "award": award,
        "seat": seat,
        "previous": None if previous == -1 else previous,
    }
