"""Winning, the turn cap and placements."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.constants import DEV_INDEX
from toolkit.games.pioneers.ending import placements

VP = DEV_INDEX["victory_point"]


def test_win_after_own_action(h) -> None:
    """pioneers.md §The turn / §Ending: 10+ VP is checked after each of your actions; the game ends at
    once."""
    s = h.started()
    s.dev_hand[0][VP] = 7  # 2 settlements + 7 hidden = 9
    h.give(s, 0, ore=3, grain=2)
    v = s.seat_buildings[0][0]
    events = h.turn(s, 0, type="build_city", vertex=v)
    assert GAME.is_over(s)
    assert events[-1]["type"] == "game_over"
    out = GAME.outcome(s)
    assert out is not None and out["winner"] == 0 and out["reason"] == "win"
    assert out["placements"][0] == 1


def test_buying_the_tenth_point_wins(h) -> None:
    """pioneers.md §Dev cards: a victory_point counts at once, so drawing the tenth point wins (our
    ruling)."""
    s = h.started()
    s.dev_hand[0][VP] = 7
    s.deck[s.deck_pos] = VP
    h.give(s, 0, ore=1, wool=1, grain=1)
    h.turn(s, 0, type="buy_dev")
    assert GAME.is_over(s) and s.winner == 0


def test_no_win_on_another_seats_turn(h) -> None:
    """pioneers.md §The turn: you can only win during your own turn — checked at your roll."""
    s = h.started()
    s.dev_hand[1][VP] = 8  # seat 1 now has 10 true points
    h.give(s, 0, wool=4)
    h.turn(s, 0, type="bank_trade", give="wool", get="ore")
    assert not GAME.is_over(s)
    h.turn(s, 0, type="end_turn")
    assert GAME.is_over(s) and s.winner == 1 and s.turn == 2


def test_turn_cap(h) -> None:
    """pioneers.md §Ending: if turn 201 would begin, the game ends and everyone is ranked by true VP."""
    s = h.started()
    s.turn = 200
    s.dev_hand[2][VP] = 3
    events = h.turn(s, 0, type="end_turn")
    assert GAME.is_over(s)
    assert s.turn == 200
    out = GAME.outcome(s)
    assert out is not None and out["winner"] is None and out["reason"] == "turn_cap"
    assert out["placements"] == [2, 2, 1, 2]
    assert out["scores"] == [2, 2, 5, 2]
    assert events[-1]["type"] == "game_over"


def test_turn_200_is_played(h) -> None:
    """pioneers.md §Ending: the cap stops turn 201, so turn 200 itself still begins and is played."""
    s = h.started()
    s.turn = 199
    h.turn(s, 0, type="end_turn")
    assert not GAME.is_over(s) and s.turn == 200 and s.current == 1 and s.dice is not None


def test_placements_rank_by_true_points_with_ties() -> None:
    """pioneers.md §Ending: the winner places 1st; others by true VP, ties sharing a placement."""
    assert placements([10, 7, 7, 3], 0) == [1, 2, 2, 4]
    assert placements([7, 11, 7, 9], 1) == [3, 1, 3, 2]
    assert placements([5, 5, 3], -1) == [1, 1, 3]
    assert placements([4, 4, 4, 4], -1) == [1, 1, 1, 1]


def test_winner_first_even_if_not_highest(h) -> None:
    """pioneers.md §Ending: the winner places 1st; everyone else is ranked by true VP (hidden VP included)."""
    s = h.started()
    s.dev_hand[0][VP] = 8
    s.dev_hand[1][VP] = 9  # seat 1 has more points but it is seat 0's turn
    h.give(s, 0, wool=4)
    h.turn(s, 0, type="bank_trade", give="wool", get="ore")
    assert GAME.is_over(s) and s.winner == 0
    assert s.placements == [1, 2, 3, 3]
    assert s.final_scores == [10, 11, 2, 2]


def test_no_moves_after_the_end(h) -> None:
    """pioneers.md §Ending: once won, the game takes no more decisions."""
    s = h.started()
    s.dev_hand[0][VP] = 8
    h.give(s, 0, wool=4)
    h.turn(s, 0, type="bank_trade", give="wool", get="ore")
    assert GAME.to_move(s) == []
    assert GAME.legal_moves(s, 0) == []
    assert h.refused_turn(s, 0, type="end_turn") == "game_over"


def test_a_resigned_seat_still_scores_and_can_win_at_its_roll(h) -> None:
    """pioneers.md §Defaults and strikes (ruling 11 of the as-built rules): a seat that resigned keeps
    its pieces and cards and keeps scoring, so with 10 points when its own turn begins it wins."""
    s = h.started()
    s.resigned[1] = True
    s.dev_hand[1][VP] = 8  # two setup settlements + 8 hidden = 10
    h.turn(s, 0, type="end_turn")
    assert GAME.is_over(s) and s.winner == 1 and s.placements[1] == 1
