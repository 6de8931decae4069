"""Opening placements."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.board import VERTEX_EDGES, VERTEX_HEXES, VERTEX_NEIGHBOURS
from toolkit.games.pioneers.constants import DESERT
from toolkit.games.pioneers.defaults import default_setup


def test_snake_order(h) -> None:
    """pioneers.md §Setup: placements run 0…n−1 then n−1…0, two each."""
    s = h.new(n=4)
    order = []
    while s.phase == "setup":
        order.append(GAME.to_move(s)[0])
        h.move(s, s.current, "setup", default_setup(s))
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]


def test_second_settlement_pays_each_non_desert_hex(h) -> None:
    """pioneers.md §Setup: the second settlement pays one resource per adjacent non-desert hex; the
    first pays none."""
    s = h.new(n=3)
    for _ in range(3):  # first round: seats 0, 1, 2
        h.move(s, s.current, "setup", default_setup(s))
    assert all(sum(hand) == 0 for hand in s.hands)
    assert s.current == 2
    # seat 2's second placement, on the open vertex touching the most hexes
    w = max(
        (
            x
            for x in range(54)
            if s.bld_owner[x] == -1 and all(s.bld_owner[y] == -1 for y in VERTEX_NEIGHBOURS[x])
        ),
        key=lambda x: (len(VERTEX_HEXES[x]), -x),
    )
    expected = [0] * 5
    for hx in VERTEX_HEXES[w]:
        if s.hex_res[hx] != DESERT:
            expected[s.hex_res[hx]] += 1
    free_edge = next(e for e in VERTEX_EDGES[w] if s.road_owner[e] == -1)
    h.move(s, 2, "setup", {"settlement": w, "road": free_edge})
    assert s.hands[2] == expected
    assert sum(expected) == sum(1 for hx in VERTEX_HEXES[w] if s.hex_res[hx] != DESERT)


def test_setup_payout_event_matches(h) -> None:
    """pioneers.md §Setup: the payout of the second settlement is exactly its non-desert neighbours."""
    s = h.new(n=3)
    events = []
    while s.phase == "setup":
        action = default_setup(s)
        events.append((s.setup_index, action, h.move(s, s.current, "setup", action)))
    for index, action, evs in events:
        payouts = [e for e in evs if e["type"] == "setup_payout"]
        if index < 3:
            assert payouts == []
            continue
        vec = {}
        for hx in VERTEX_HEXES[action["settlement"]]:
            if s.hex_res[hx] != DESERT:
                name = ("brick", "lumber", "wool", "grain", "ore")[s.hex_res[hx]]
                vec[name] = vec.get(name, 0) + 1
        seat = evs[0]["seat"]
        assert payouts[0]["hands"] == ({str(seat): vec} if vec else {})


def test_setup_distance_rule(h) -> None:
    """pioneers.md §Setup: the settlement must respect the distance rule."""
    s = h.new()
    h.move(s, 0, "setup", {"settlement": 12, "road": VERTEX_EDGES[12][0]})
    neighbour = VERTEX_NEIGHBOURS[12][0]
    free = next(e for e in VERTEX_EDGES[neighbour] if s.road_owner[e] == -1)
    assert (
        h.refused(s, {"seat": 1, "kind": "setup", "action": {"settlement": neighbour, "road": free}})
        == "distance_rule"
    )
    assert h.refused(s, {"seat": 1, "kind": "setup", "action": {"settlement": 12, "road": 20}}) == "occupied"


def test_setup_road_touches_settlement(h) -> None:
    """pioneers.md §Setup: the road must be on an edge touching that settlement."""
    s = h.new()
    assert (
        h.refused(s, {"seat": 0, "kind": "setup", "action": {"settlement": 0, "road": 5}}) == "not_connected"
    )


def test_seat_zero_starts_with_a_roll(h) -> None:
    """pioneers.md §Setup / §The turn: after the last placement seat 0 takes turn 1, dice already rolled."""
    s = h.new()
    h.setup_all(s)
    view = GAME.view(s, 0)
    assert view["turn"] == 1
    assert view["currentSeat"] == 0
    assert view["dice"] is not None and all(1 <= d <= 6 for d in view["dice"])


def test_setup_needs_no_road_network(h) -> None:
    """pioneers.md §Setup: no road requirement during setup — any distance-legal vertex may be chosen."""
    s = h.new()
    h.move(s, 0, "setup", {"settlement": 53, "road": VERTEX_EDGES[53][0]})
    assert s.bld_owner[53] == 0
