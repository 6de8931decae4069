"""Largest army and longest road."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.awards import longest_trail, update_longest_road
from toolkit.games.pioneers.board import EDGE_ID, EDGE_VERTICES, HEX_VERTICES, VERTEX_EDGES
from toolkit.games.pioneers.building import place_road, place_settlement
from toolkit.games.pioneers.constants import DEV_INDEX
from toolkit.rng import Stream

KNIGHT = DEV_INDEX["knight"]


def path(*vertices: int) -> list[int]:
    return [EDGE_ID[(min(a, b), max(a, b))] for a, b in zip(vertices, vertices[1:], strict=False)]


# seat 0's six-road line; vertex 13 on it has a third edge (to 9) for a rival to come in by
LINE = path(3, 0, 4, 8, 13, 18, 24)
FIVE_A = path(39, 44, 48, 51, 47, 43)  # five roads round hex 16
FIVE_B = path(41, 46, 50, 53, 49, 45)  # five roads round hex 18


def play_knight(h, s, seat: int) -> None:
    h.force_turn(s, seat)
    s.dev_hand[seat][KNIGHT] += 1
    h.turn(s, seat, type="play_dev", card="knight")
    target = next(x for x in range(19) if x != s.bandit)
    h.move(s, seat, "bandit", {"hex": target})


def test_largest_army_needs_three_knights(h) -> None:
    """pioneers.md §Awards: largest army goes to the first seat to play 3+ knights, worth 2 VP."""
    s = h.started()
    play_knight(h, s, 0)
    play_knight(h, s, 0)
    assert s.army_holder == -1
    before = GAME.view(s, 1)["players"][0]["score"]
    play_knight(h, s, 0)
    view = GAME.view(s, 1)
    assert view["awards"]["largestArmy"] == 0
    assert view["players"][0]["score"] == before + 2


def test_largest_army_moves_only_when_strictly_exceeded(h) -> None:
    """pioneers.md §Awards: largest army transfers only when strictly exceeded."""
    s = h.started()
    for _ in range(3):
        play_knight(h, s, 0)
    for _ in range(3):
        play_knight(h, s, 1)
    assert s.army_holder == 0
    play_knight(h, s, 1)
    assert s.army_holder == 1


def test_longest_road_needs_five(h) -> None:
    """pioneers.md §Awards: longest road needs a path of 5+ roads, worth 2 VP."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 3)
    h.road_at(s, 0, LINE[:4])
    update_longest_road(s)
    assert s.road_holder == -1
    h.give(s, 0, brick=1, lumber=1)
    events = h.turn(s, 0, type="build_road", edge=LINE[4])
    assert s.road_holder == 0
    assert any(e["type"] == "award" and e["award"] == "longestRoad" for e in events)
    assert GAME.view(s, 2)["players"][0]["roadLength"] == 5


def test_longest_road_is_a_simple_path(h) -> None:
    """pioneers.md §Awards: the longest simple path counts, not the number of roads (branches don't add)."""
    s = h.started()
    h.empty_board(s)
    h.road_at(s, 0, path(3, 0, 4, 1, 5) + path(4, 8, 12))
    assert longest_trail(s, 0) == 4
    h.empty_board(s)
    ring = path(0, 4, 8, 12, 7, 3, 0)  # a closed loop of six uses every edge once
    h.road_at(s, 0, ring + path(12, 17))
    assert longest_trail(s, 0) == 7


def test_rival_town_breaks_the_road(h) -> None:
    """pioneers.md §Awards: an opponent's town breaks continuity — a path may end at it but not pass
    through."""
    s = h.started()
    h.empty_board(s)
    h.road_at(s, 0, LINE)
    assert longest_trail(s, 0) == 6
    h.town_at(s, 1, 13)
    assert longest_trail(s, 0) == 4  # 3-0-4-8-13 ends at the rival town
    h.town_at(s, 0, 3)
    assert longest_trail(s, 0) == 4  # own towns never break a path


def test_a_trail_may_end_twice_at_one_rival_town(h) -> None:
    """pioneers.md §Awards: a trail may start and end at the same rival town, and a road between two
    rival towns is a trail of one."""
    s = h.started()
    h.empty_board(s)
    h.road_at(s, 0, path(0, 4, 8, 12, 7, 3, 0))  # the ring round hex 0, cut at vertex 0
    h.town_at(s, 1, 0)
    assert longest_trail(s, 0) == 6
    h.empty_board(s)
    h.road_at(s, 0, path(0, 4))
    h.town_at(s, 1, 0)
    h.town_at(s, 2, 4)
    assert longest_trail(s, 0) == 1


def test_holder_keeps_on_a_tie(h) -> None:
    """pioneers.md §Awards: a qualified holder keeps longest road unless strictly exceeded."""
    s = h.started()
    h.empty_board(s)
    h.road_at(s, 0, LINE[:5])
    update_longest_road(s)
    assert s.road_holder == 0
    h.road_at(s, 1, FIVE_A)
    update_longest_road(s)
    assert s.road_holder == 0
    h.road_at(s, 1, path(43, 38))
    update_longest_road(s)
    assert s.road_holder == 1


def cut_line_at_13(h, s) -> None:
    """Seat 1 settles vertex 13 through its own road 9-13, splitting seat 0's line."""
    h.road_at(s, 1, path(5, 9, 13))
    h.force_turn(s, 1)
    h.give(s, 1, brick=1, lumber=1, wool=1, grain=1)
    h.turn(s, 1, type="build_settlement", vertex=13)


def test_severed_holder_loses_to_sole_leader(h) -> None:
    """pioneers.md §Awards: a holder severed below 5 loses the award to the sole strict maximum ≥5."""
    s = h.started()
    h.empty_board(s)
    h.road_at(s, 0, LINE)
    h.road_at(s, 2, FIVE_A)
    update_longest_road(s)
    assert s.road_holder == 0
    cut_line_at_13(h, s)
    assert longest_trail(s, 0) == 4
    assert s.road_holder == 2


def test_severed_holder_loses_to_nobody_on_a_tie(h) -> None:
    """pioneers.md §Awards: with no sole strict maximum ≥5, a severed holder's award goes to nobody."""
    s = h.started()
    h.empty_board(s)
    h.road_at(s, 0, LINE)
    h.road_at(s, 2, FIVE_A)
    h.road_at(s, 3, FIVE_B)
    update_longest_road(s)
    assert s.road_holder == 0
    cut_line_at_13(h, s)
    assert s.road_holder == -1
    assert GAME.view(s, None)["awards"]["longestRoad"] is None


def trail_from_every_vertex(s, seat: int) -> int:
    """The plain search: the longest trail walked from every vertex of the network (rival towns end one)."""
    bld = s.bld_owner
    edges = s.seat_roads[seat]

    def cut(v: int) -> bool:
        return bld[v] not in (-1, seat)

    def walk(v: int, used: frozenset[int]) -> int:
        best = 0
        for e in edges:
            if e in used or v not in EDGE_VERTICES[e]:
                continue
            a, b = EDGE_VERTICES[e]
            w = b if a == v else a
            best = max(best, 1 if cut(w) else 1 + walk(w, used | {e}))
        return best

    ends = {v for e in edges for v in EDGE_VERTICES[e]}
    return max((walk(v, frozenset()) for v in ends), default=0)


def grown_network(rng: Stream, s, seat: int, size: int) -> None:
    """Lay ``size`` roads, each touching one already laid (or anywhere, now and then), rival towns between.

    One network in three starts as the ring round a hex, so closed trails come up often.
    """
    if rng.below(3) == 0:
        corners = HEX_VERTICES[rng.below(len(HEX_VERTICES))]
        for e in path(*corners, corners[0])[: min(size, 6)]:
            place_road(s, seat, e)
        size -= min(size, 6)
    for _ in range(size):
        laid = s.seat_roads[seat]
        ends = sorted({v for e in laid for v in EDGE_VERTICES[e]})
        if ends and rng.below(5):
            v = ends[rng.below(len(ends))]
            free = [e for e in VERTEX_EDGES[v] if s.road_owner[e] == -1]
        else:
            free = [e for e in range(len(s.road_owner)) if s.road_owner[e] == -1]
        if free:
            place_road(s, seat, free[rng.below(len(free))])
        if rng.below(6) == 0 and ends:
            v = ends[rng.below(len(ends))]
            if s.bld_owner[v] == -1:
                place_settlement(s, 1 + rng.below(s.n - 1) if rng.below(3) else seat, v)


def test_longest_trail_equals_walking_from_every_vertex(h) -> None:
    """pioneers.md §Awards: the pruned search finds what the plain search finds, on 3,000 networks."""
    rng = Stream("longest-trail", "networks")
    s = h.started()
    for _ in range(3000):
        h.empty_board(s)
        grown_network(rng, s, 0, 1 + rng.below(15))
        assert longest_trail(s, 0) == trail_from_every_vertex(s, 0)
    h.empty_board(s)
    h.road_at(s, 0, path(0, 4, 8, 12, 7, 3, 0))  # a ring alone: the case with no odd vertex
    assert longest_trail(s, 0) == trail_from_every_vertex(s, 0) == 6


def test_holder_passed_by_a_tie_leaves_longest_road_unheld(h) -> None:
    """pioneers.md §Awards (ruling 9 of the as-built rules): a holder cut to a road still of 5 or more,
    but now shorter than two rivals who tie with each other, loses the award and neither rival gets it
    until one of them leads alone."""
    s = h.started()
    h.empty_board(s)
    h.road_at(s, 0, LINE + path(24, 30, 35, 40))  # nine roads; a town at 13 leaves 4 and 5
    h.road_at(s, 2, FIVE_A + path(43, 38))
    h.road_at(s, 3, FIVE_B + path(45, 41))  # the ring round hex 18, six roads
    update_longest_road(s)
    assert s.road_holder == 0
    cut_line_at_13(h, s)
    assert [longest_trail(s, seat) for seat in (0, 2, 3)] == [5, 6, 6]
    assert s.road_holder == -1
