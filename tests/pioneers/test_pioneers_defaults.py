"""Timeouts, errors and illegal answers: defaults and strikes."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.bots import RandomBot
from toolkit.games.pioneers.production import victims_on


def strike(s, seat: int, kind: str, why: str = "timeout"):
    return GAME.apply(s, {"seat": seat, "kind": kind, "strike": why})


def test_setup_default(h) -> None:
    """pioneers.md §Defaults and strikes: setup defaults to the lowest legal vertex and its lowest-id
    free edge."""
    s = h.new()
    strike(s, 0, "setup")
    assert s.bld_owner[0] == 0 and s.road_owner[0] == 0  # vertex 0, edge 0 = (0,3)
    assert s.strikes[0] == 1
    strike(s, 1, "setup", "error")
    # vertex 0 and its neighbours 3, 4 are blocked; vertex 1 is next free; its lowest edge is (1,4)
    assert s.bld_owner[1] == 1
    assert s.road_owner[2] == 1  # edges sorted: (0,3)=0, (0,4)=1, (1,4)=2


def test_turn_default_ends_turn(h) -> None:
    """pioneers.md §Defaults and strikes: turn defaults to end_turn."""
    s = h.started()
    events = strike(s, 0, "turn", "illegal")
    assert s.current == 1 and s.turn >= 2
    assert events[0]["type"] == "strike" and s.strikes[0] == 1


def test_discard_default_drops_from_largest_piles(h) -> None:
    """pioneers.md §Defaults and strikes: discard drops from the largest piles, deterministically."""
    s = h.started()
    h.give(s, 1, brick=1, wool=5, ore=4)  # 10 cards -> 5 to drop
    s.phase = "discard"
    s.discard_need[1] = 5
    strike(s, 1, "discard")
    # piles 1/0/5/0/4: wool, wool, then wool/ore alternate at ties (wool first)
    assert s.hands[1] == [1, 0, 2, 0, 2]


def test_bandit_default(h) -> None:
    """pioneers.md §Defaults and strikes: bandit defaults to the lowest hex it isn't on, no victim."""
    s = h.started()
    s.phase = "bandit"
    s.bandit = 0
    h.give(s, 1, ore=3)
    strike(s, 0, "bandit")
    assert s.bandit == 1 and s.hands[1][4] == 3 and s.hands[0] == [0] * 5
    s.phase = "bandit"
    strike(s, 0, "bandit")
    assert s.bandit == 0


def test_trade_default_rejects(h) -> None:
    """pioneers.md §Defaults and strikes: trade defaults to reject."""
    s = h.started()
    h.give(s, 0, wool=1)
    h.give(s, 1, ore=1)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, to=1)
    strike(s, 1, "trade")
    assert s.hands[1] == [0, 0, 0, 0, 1] and s.phase == "turn"


def test_strike_must_match_the_owed_decision(h) -> None:
    """pioneers.md §Defaults and strikes: a strike stands for the decision the seat owed."""
    s = h.started()
    assert h.refused(s, {"seat": 0, "kind": "discard", "strike": "timeout"}) == "wrong_decision"
    assert h.refused(s, {"seat": 1, "kind": "turn", "strike": "timeout"}) == "not_your_turn"
    assert h.refused(s, {"seat": 0, "kind": "turn", "strike": "bored"}) == "bad_field"


def test_three_strikes_resign_and_defaults_finish(h) -> None:
    """pioneers.md §Defaults and strikes: three strikes and your seat resigns; defaults finish its game."""
    s = h.new(n=3)
    strike(s, 0, "setup")
    h.move(s, 1, "setup", GAME.legal_moves(s, 1)[0]["action"])
    h.move(s, 2, "setup", GAME.legal_moves(s, 2)[0]["action"])
    h.move(s, 2, "setup", GAME.legal_moves(s, 2)[0]["action"])
    h.move(s, 1, "setup", GAME.legal_moves(s, 1)[0]["action"])
    strike(s, 0, "setup")
    while GAME.owed(s, 0) != "turn":
        GAME.apply(s, GAME.legal_moves(s, GAME.to_move(s)[0])[0])
    events = strike(s, 0, "turn")
    assert s.resigned[0]
    assert any(e["type"] == "resign" for e in events)
    assert GAME.view(s, 1)["players"][0]["resigned"] is True
    bot = RandomBot("finish")
    moves = 0
    while not GAME.is_over(s):
        seats = GAME.to_move(s)
        assert 0 not in seats  # the resigned seat never owes a decision
        GAME.apply(s, bot.choose(GAME, s, seats[0]))
        moves += 1
        assert moves < 5000
    assert s.placements is not None and len(s.placements) == 3


def test_all_seats_resigned_game_still_ends(h) -> None:
    """pioneers.md §Defaults and strikes: defaults finish a resigned seat's game, even when every seat
    resigned."""
    s = h.new(n=3)
    s.strikes = [2, 2, 2]
    strike(s, 0, "setup")
    while not GAME.is_over(s):
        seat = GAME.to_move(s)[0]
        GAME.apply(s, {"seat": seat, "kind": GAME.owed(s, seat), "strike": "error"})
    assert all(s.resigned)
    assert s.end_reason in ("turn_cap", "win")


def test_victims_helper_lists_opponents_only(h) -> None:
    """pioneers.md §The turn: a bandit victim is an opponent with a town on the hex."""
    s = h.started()
    for hx in range(19):
        assert 0 not in victims_on(s, 0, hx)


def test_setup_default_skips_taken_edges(h) -> None:
    """pioneers.md §Defaults and strikes: the setup default's road is the lowest-id edge still free at the
    chosen vertex."""
    s = h.new()
    h.road_at(s, 3, [0])  # edge 0 = (0,3) is taken; vertex 0 itself stays free
    strike(s, 0, "setup")
    assert s.bld_owner[0] == 0
    assert s.road_owner[1] == 0  # edge 1 = (0,4), the lowest free edge at vertex 0


def test_two_strikes_do_not_resign(h) -> None:
    """pioneers.md §Defaults and strikes: a seat resigns at the third strike, not before."""
    s = h.started()
    strike(s, 0, "turn")
    h.force_turn(s, 0)
    strike(s, 0, "turn")
    assert s.strikes[0] == 2 and not s.resigned[0]
    h.force_turn(s, 0)
    strike(s, 0, "turn")
    assert s.strikes[0] == 3 and s.resigned[0]


def test_resigned_seat_rejects_offers_by_default(h) -> None:
    """pioneers.md §Defaults and strikes: after resigning, the trade default (reject) answers for the
    seat."""
    s = h.started()
    s.resigned[2] = True
    h.give(s, 0, wool=1)
    h.give(s, 2, ore=1)
    events = h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1})
    assert GAME.to_move(s) == [1, 3]
    assert any(e["type"] == "answer" and e["seat"] == 2 and e["accept"] is False for e in events)
    assert s.hands[2] == [0, 0, 0, 0, 1]
