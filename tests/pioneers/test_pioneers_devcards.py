"""Development cards."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.board import EDGE_ID
from toolkit.games.pioneers.constants import DEV_INDEX


def edge(a: int, b: int) -> int:
    return EDGE_ID[(min(a, b), max(a, b))]


def hold(s, seat: int, card: str, count: int = 1) -> None:
    s.dev_hand[seat][DEV_INDEX[card]] += count


def test_deck_is_25_cards_of_the_fixed_mix(h) -> None:
    """pioneers.md §Dev cards: 14 knight, 5 victory_point, 2 roadworks, 2 windfall, 2 embargo,
    shuffled by seed."""
    s = h.new()
    assert len(s.deck) == 25
    assert [s.deck.count(c) for c in range(5)] == [14, 5, 2, 2, 2]
    assert h.new("other").deck != s.deck


def test_buy_draws_top_card(h) -> None:
    """pioneers.md §Costs and limits: a dev card costs 1 ore, 1 wool, 1 grain and draws the top card."""
    s = h.started()
    assert h.refused_turn(s, 0, type="buy_dev") == "cannot_afford"
    h.give(s, 0, ore=2, wool=2, grain=2)
    top = s.deck[s.deck_pos]
    h.turn(s, 0, type="buy_dev")
    assert s.dev_new[0][top] == 1
    assert s.hands[0] == [0, 0, 1, 1, 1]
    h.turn(s, 0, type="buy_dev")  # buying is unlimited while affordable
    assert sum(s.dev_new[0]) == 2


def test_deck_runs_out(h) -> None:
    """pioneers.md §Dev cards: the deck is finite."""
    s = h.started()
    s.deck_pos = 25
    h.give(s, 0, ore=1, wool=1, grain=1)
    assert h.refused_turn(s, 0, type="buy_dev") == "deck_empty"


def test_bought_this_turn_is_unplayable(h) -> None:
    """pioneers.md §Dev cards: cards bought this turn are unplayable until your next turn."""
    s = h.started()
    s.deck[s.deck_pos] = DEV_INDEX["knight"]
    h.give(s, 0, ore=1, wool=1, grain=1)
    h.turn(s, 0, type="buy_dev")
    view = GAME.view(s, 0)["players"][0]
    assert view["devBoughtThisTurn"] == ["knight"] and view["devCards"] == []
    assert h.refused_turn(s, 0, type="play_dev", card="knight") == "dev_bought_this_turn"
    h.turn(s, 0, type="end_turn")
    assert s.dev_hand[0][DEV_INDEX["knight"]] == 1
    h.force_turn(s, 0)
    h.turn(s, 0, type="play_dev", card="knight")
    assert s.phase == "bandit"


def test_one_dev_card_per_turn(h) -> None:
    """pioneers.md §Dev cards: one dev card played per turn."""
    s = h.started()
    hold(s, 0, "windfall", 2)
    h.turn(s, 0, type="play_dev", card="windfall", resources=["ore", "ore"])
    assert (
        h.refused_turn(s, 0, type="play_dev", card="windfall", resources=["ore", "ore"])
        == "dev_already_played"
    )


def test_card_must_be_held(h) -> None:
    """pioneers.md §Dev cards: you can only play a card you hold."""
    s = h.started()
    assert h.refused_turn(s, 0, type="play_dev", card="embargo", resource="ore") == "no_such_card"
    assert h.refused_turn(s, 0, type="play_dev", card="dragon") == "no_such_card"


def test_victory_point_is_never_played(h) -> None:
    """pioneers.md §Dev cards: victory_point is never played."""
    s = h.started()
    hold(s, 0, "victory_point")
    assert h.refused_turn(s, 0, type="play_dev", card="victory_point") == "not_playable"


def test_victory_point_hidden_from_public_score(h) -> None:
    """pioneers.md §Dev cards / §Hidden information: VP cards count in myScore but not in public scores."""
    s = h.started()
    hold(s, 0, "victory_point", 2)
    mine = GAME.view(s, 0)
    theirs = GAME.view(s, 1)
    assert mine["myScore"] == mine["players"][0]["score"] + 2
    assert theirs["players"][0]["score"] == mine["players"][0]["score"]
    assert theirs["players"][0]["devCards"] is None and theirs["players"][0]["devCount"] == 2


def test_knight_moves_bandit_without_discards(h) -> None:
    """pioneers.md §Dev cards: a knight moves the bandit like a 7, but nobody discards."""
    s = h.started()
    hold(s, 0, "knight")
    h.give(s, 1, ore=12)
    h.turn(s, 0, type="play_dev", card="knight")
    assert s.phase == "bandit" and GAME.to_move(s) == [0]
    target = next(x for x in range(19) if x != s.bandit)
    h.move(s, 0, "bandit", {"hex": target})
    assert s.hands[1][4] == 12 and s.phase == "turn"
    assert s.dev_played[0][DEV_INDEX["knight"]] == 1


def test_roadworks_places_two_free_roads(h) -> None:
    """pioneers.md §Dev cards: roadworks places up to 2 free roads, each legal in order."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    hold(s, 0, "roadworks", 2)
    bad = h.refused_turn(s, 0, type="play_dev", card="roadworks", edges=[edge(8, 4), edge(12, 8)])
    assert bad == "not_connected"
    h.turn(s, 0, type="play_dev", card="roadworks", edges=[edge(12, 8), edge(8, 4)])
    assert s.road_owner[edge(12, 8)] == 0 and s.road_owner[edge(8, 4)] == 0
    assert s.hands[0] == [0] * 5 and s.roads_left[0] == 13


def test_roadworks_single_road_and_piece_limit(h) -> None:
    """pioneers.md §Dev cards: roadworks places up to 2 roads (one is allowed); road limits still apply."""
    s = h.started()
    h.empty_board(s)
    h.town_at(s, 0, 12)
    hold(s, 0, "roadworks")
    s.roads_left[0] = 1
    assert (
        h.refused_turn(s, 0, type="play_dev", card="roadworks", edges=[edge(12, 8), edge(8, 4)])
        == "no_pieces_left"
    )
    assert h.refused_turn(s, 0, type="play_dev", card="roadworks", edges=[]) == "bad_field"
    h.turn(s, 0, type="play_dev", card="roadworks", edges=[edge(12, 8)])
    assert s.roads_left[0] == 0


def test_windfall_takes_two(h) -> None:
    """pioneers.md §Dev cards: windfall takes any 2 resources from the bank."""
    s = h.started()
    hold(s, 0, "windfall")
    assert h.refused_turn(s, 0, type="play_dev", card="windfall", resources=["ore"]) == "bad_field"
    assert h.refused_turn(s, 0, type="play_dev", card="windfall", resources=["ore", "gold"]) == "bad_resource"
    h.turn(s, 0, type="play_dev", card="windfall", resources=["wool", "ore"])
    assert s.hands[0] == [0, 0, 1, 0, 1]


def test_embargo_takes_all_of_a_resource(h) -> None:
    """pioneers.md §Dev cards: embargo — every opponent hands you all of the named resource."""
    s = h.started()
    hold(s, 0, "embargo")
    h.give(s, 1, ore=3, wool=1)
    h.give(s, 2, ore=1)
    h.give(s, 0, ore=1)
    h.turn(s, 0, type="play_dev", card="embargo", resource="ore")
    assert s.hands[0][4] == 5
    assert s.hands[1] == [0, 0, 1, 0, 0] and s.hands[2] == [0] * 5


def test_dev_cards_only_on_own_turn(h) -> None:
    """pioneers.md §Dev cards: dev cards play only during your own turn."""
    s = h.started()
    hold(s, 1, "knight")
    assert h.refused_turn(s, 1, type="play_dev", card="knight") == "not_your_turn"
