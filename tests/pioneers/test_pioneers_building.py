"""Roads, settlements and cities: costs, limits and placement rules."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.board import EDGE_ID, VERTEX_EDGES, VERTEX_NEIGHBOURS


def edge(a: int, b: int) -> int:
    return EDGE_ID[(min(a, b), max(a, b))]


def test_road_costs_brick_and_lumber(h) -> None:
    """pioneers.md §Costs and limits: a road costs 1 brick, 1 lumber."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    e = VERTEX_EDGES[12][0]
    assert h.refused_turn(s, 0, type="build_road", edge=e) == "cannot_afford"
    h.give(s, 0, brick=1, lumber=1, ore=1)
    h.turn(s, 0, type="build_road", edge=e)
    assert s.road_owner[e] == 0
    assert s.hands[0] == [0, 0, 0, 0, 1]
    assert s.roads_left[0] == 14


def test_a_refusal_for_want_of_cards_says_what_the_seat_holds(h) -> None:
    """pioneers.md §Costs and limits: a build or a dev card the hand cannot pay for is refused
    with the price and what the seat holds, so a bug report's refusal reads at a glance."""
    import pytest

    from toolkit.games.base import IllegalMove

    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.give(s, 0, brick=1, ore=2)
    for action in ({"type": "build_road", "edge": VERTEX_EDGES[12][0]}, {"type": "buy_dev"}):
        with pytest.raises(IllegalMove) as info:
            GAME.apply(s, {"seat": 0, "kind": "turn", "action": action})
        assert info.value.code == "cannot_afford"
        assert info.value.message.endswith("; seat 0 holds 1 brick, 2 ore")


def test_road_must_connect(h) -> None:
    """pioneers.md §Costs and limits: a road goes on an empty edge connected to your network."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.give(s, 0, brick=5, lumber=5)
    assert h.refused_turn(s, 0, type="build_road", edge=edge(40, 44)) == "not_connected"
    first = edge(12, 8)
    h.turn(s, 0, type="build_road", edge=first)
    assert h.refused_turn(s, 0, type="build_road", edge=first) == "occupied"
    h.turn(s, 0, type="build_road", edge=edge(8, 4))  # extends from the road's far end


def test_rival_town_blocks_building_through(h) -> None:
    """pioneers.md §Costs and limits: an opponent's town blocks building through its vertex."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.road_at(s, 0, [edge(12, 8)])
    h.town_at(s, 1, 8)
    h.give(s, 0, brick=2, lumber=2)
    assert h.refused_turn(s, 0, type="build_road", edge=edge(8, 4)) == "not_connected"
    assert h.refused_turn(s, 0, type="build_road", edge=edge(8, 13)) == "not_connected"
    h.turn(s, 0, type="build_road", edge=edge(12, 17))


def test_road_limit(h) -> None:
    """pioneers.md §Costs and limits: 15 roads per seat."""
    s = h.started()
    s.roads_left[0] = 0
    h.give(s, 0, brick=1, lumber=1)
    e = next(e for v in s.seat_buildings[0] for e in VERTEX_EDGES[v] if s.road_owner[e] == -1)
    assert h.refused_turn(s, 0, type="build_road", edge=e) == "no_pieces_left"


def test_settlement_cost_and_road_requirement(h) -> None:
    """pioneers.md §Costs and limits: a settlement costs brick, lumber, wool, grain and must touch
    your road."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.road_at(s, 0, [edge(12, 8), edge(8, 4)])
    assert h.refused_turn(s, 0, type="build_settlement", vertex=4) == "cannot_afford"
    h.give(s, 0, brick=2, lumber=2, wool=2, grain=2)
    assert h.refused_turn(s, 0, type="build_settlement", vertex=30) == "not_connected"
    h.turn(s, 0, type="build_settlement", vertex=4)
    assert s.bld_owner[4] == 0 and s.hands[0] == [1, 1, 1, 1, 0]
    assert s.settlements_left[0] == 3


def test_settlement_distance_rule(h) -> None:
    """pioneers.md §Costs and limits: the vertex and all adjacent vertices must be town-free."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.road_at(s, 0, [edge(12, 8)])
    h.give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    assert 8 in VERTEX_NEIGHBOURS[12]
    assert h.refused_turn(s, 0, type="build_settlement", vertex=8) == "distance_rule"
    assert h.refused_turn(s, 0, type="build_settlement", vertex=12) == "occupied"


def test_settlement_limit(h) -> None:
    """pioneers.md §Costs and limits: 5 settlements per seat."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.road_at(s, 0, [edge(12, 8), edge(8, 4)])
    s.settlements_left[0] = 0
    h.give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    assert h.refused_turn(s, 0, type="build_settlement", vertex=4) == "no_pieces_left"


def test_city_upgrades_own_settlement(h) -> None:
    """pioneers.md §Costs and limits: a city costs 3 ore, 2 grain, upgrades your own settlement,
    counts 2 VP."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.town_at(s, 1, 30)
    assert h.refused_turn(s, 0, type="build_city", vertex=12) == "cannot_afford"
    h.give(s, 0, ore=6, grain=4)
    assert h.refused_turn(s, 0, type="build_city", vertex=30) == "not_your_settlement"
    assert h.refused_turn(s, 0, type="build_city", vertex=0) == "not_your_settlement"
    before = GAME.view(s, 0)["players"][0]["score"]
    h.turn(s, 0, type="build_city", vertex=12)
    assert s.bld_kind[12] == 2
    assert GAME.view(s, 0)["players"][0]["score"] == before + 1
    assert s.hands[0] == [0, 0, 0, 2, 3]
    assert h.refused_turn(s, 0, type="build_city", vertex=12) == "not_your_settlement"


def test_city_returns_settlement_piece(h) -> None:
    """pioneers.md §Costs and limits: cities are limited to 4; an upgrade frees its settlement piece
    (our ruling)."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    h.give(s, 0, ore=3, grain=2)
    h.turn(s, 0, type="build_city", vertex=12)
    assert s.settlements_left[0] == 5 and s.cities_left[0] == 3
    h.town_at(s, 0, 30)
    s.cities_left[0] = 0
    h.give(s, 0, ore=3, grain=2)
    assert h.refused_turn(s, 0, type="build_city", vertex=30) == "no_pieces_left"
