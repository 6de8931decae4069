"""Bank trades, player offers and table talk."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.board import PORTS


def test_bank_four_to_one(h) -> None:
    """pioneers.md §Trading: bank trades at 4:1 base."""
    s = h.started()
    h.empty_board(s)
    h.give(s, 0, wool=4)
    h.turn(s, 0, type="bank_trade", give="wool", get="ore")
    assert s.hands[0] == [0, 0, 0, 0, 1]
    h.give(s, 0, wool=3)
    assert h.refused_turn(s, 0, type="bank_trade", give="wool", get="ore") == "cannot_afford"
    assert h.refused_turn(s, 0, type="bank_trade", give="wool", get="wool") == "same_resource"


def test_bank_generic_port_three_to_one(h) -> None:
    """pioneers.md §Trading: 3:1 with any generic port (a town on either port vertex)."""
    s = h.started()
    h.empty_board(s)
    kind, ratio, (a, b) = PORTS[0]
    assert kind == "generic" and ratio == 3
    h.town_at(s, 0, b)
    h.give(s, 0, grain=3)
    h.turn(s, 0, type="bank_trade", give="grain", get="brick")
    assert s.hands[0] == [1, 0, 0, 0, 0]


def test_bank_resource_port_two_to_one(h) -> None:
    """pioneers.md §Trading: 2:1 with the matching resource port only."""
    s = h.started()
    h.empty_board(s)
    kind, ratio, (a, _) = next(p for p in PORTS if p[0] == "ore")
    h.town_at(s, 0, a)
    h.give(s, 0, ore=2, wool=2)
    h.turn(s, 0, type="bank_trade", give="ore", get="brick")
    assert s.hands[0] == [1, 0, 2, 0, 0]
    assert h.refused_turn(s, 0, type="bank_trade", give="wool", get="brick") == "cannot_afford"


def test_open_offer_asks_everyone_at_once(h) -> None:
    """pioneers.md §Trading: an open offer gives every opponent a trade decision simultaneously."""
    s = h.started()
    h.give(s, 0, wool=2)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1})
    assert GAME.to_move(s) == [1, 2, 3]
    assert GAME.view(s, None)["decisions"] == {"1": "trade", "2": "trade", "3": "trade"}
    assert GAME.view(s, 2)["offer"] == {
        "from": 0,
        "to": None,
        "give": {"wool": 1},
        "get": {"ore": 1},
        "answers": {},
    }


def test_first_accepter_from_offerer_executes(h) -> None:
    """pioneers.md §Trading: once all respond, the first accepter in seat order from the offerer executes."""
    s = h.started()
    h.force_turn(s, 2)
    h.give(s, 2, wool=1)
    for seat in (0, 1, 3):
        h.give(s, seat, ore=1)
    h.turn(s, 2, type="offer_trade", give={"wool": 1}, get={"ore": 1})
    h.move(s, 0, "trade", {"accept": True})
    h.move(s, 1, "trade", {"accept": True})
    assert s.phase == "trade"
    h.move(s, 3, "trade", {"accept": False})
    # order from seat 2: 3, 0, 1 -> seat 3 declined, so seat 0 trades
    assert s.hands[2] == [0, 0, 0, 0, 1]
    assert s.hands[0] == [0, 0, 1, 0, 0]
    assert s.hands[1] == [0, 0, 0, 0, 1]
    assert s.phase == "turn" and GAME.to_move(s) == [2]


def test_nobody_accepts(h) -> None:
    """pioneers.md §Trading: with no accepter nothing moves and the offerer acts again."""
    s = h.started()
    h.give(s, 0, wool=1)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1})
    for seat in (1, 2, 3):
        h.move(s, seat, "trade", {"accept": False})
    assert s.hands[0] == [0, 0, 1, 0, 0] and s.phase == "turn"


def test_targeted_offer_asks_one_seat(h) -> None:
    """pioneers.md §Trading: a targeted offer asks only that seat."""
    s = h.started()
    h.give(s, 0, wool=1)
    h.give(s, 3, ore=2)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 2}, to=3)
    assert GAME.to_move(s) == [3]
    assert h.refused(s, {"seat": 1, "kind": "trade", "action": {"accept": True}}) == "not_your_turn"
    h.move(s, 3, "trade", {"accept": True})
    assert s.hands[0] == [0, 0, 0, 0, 2] and s.hands[3] == [0, 0, 1, 0, 0]


def test_no_gifts(h) -> None:
    """pioneers.md §Trading: both sides must move at least 1 card."""
    s = h.started()
    h.give(s, 0, wool=1)
    assert h.refused_turn(s, 0, type="offer_trade", give={"wool": 1}, get={}) == "no_gift"
    assert h.refused_turn(s, 0, type="offer_trade", give={}, get={"ore": 1}) == "no_gift"


def test_offerer_must_hold_give(h) -> None:
    """pioneers.md §Trading: you must hold the give side."""
    s = h.started()
    assert h.refused_turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}) == "cannot_afford"


def test_accepter_must_hold_get(h) -> None:
    """pioneers.md §Trading: an accepter must hold the get side."""
    s = h.started()
    h.give(s, 0, wool=1)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, to=1)
    assert h.refused(s, {"seat": 1, "kind": "trade", "action": {"accept": True}}) == "cannot_afford"


def make_five_declined_offers(h, s) -> None:
    """Seat 0 offers seat 1 a wool for an ore five times; seat 1 declines each."""
    h.give(s, 0, wool=1)
    for _ in range(5):
        h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, to=1)
        h.move(s, 1, "trade", {"accept": False})


def test_five_offers_per_turn(h) -> None:
    """pioneers.md §Trading: at most 5 offers per turn; a sixth is illegal."""
    s = h.started()
    make_five_declined_offers(h, s)
    assert (
        h.refused_turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, to=1) == "too_many_offers"
    )


def test_one_open_offer_at_a_time(h) -> None:
    """pioneers.md §Trading: an open offer resolves before the offerer's next turn decision."""
    s = h.started()
    h.give(s, 0, wool=1)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1})
    assert h.refused_turn(s, 0, type="end_turn") == "offer_open"


def test_trading_only_on_own_turn(h) -> None:
    """pioneers.md §Trading: all trading happens on your own turn."""
    s = h.started()
    h.give(s, 1, wool=4)
    assert h.refused_turn(s, 1, type="bank_trade", give="wool", get="ore") == "not_your_turn"


def test_talk_goes_to_log_and_is_capped(h) -> None:
    """pioneers.md §Table talk: talk up to 240 chars goes to the log; views carry the last 20 entries."""
    s = h.started()
    h.give(s, 0, wool=1)
    assert (
        h.refused_turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, talk="x" * 241)
        == "talk_too_long"
    )
    for i in range(12):
        h.turn(s, 0, type="end_turn", talk=f"bye {i}")
        h.force_turn(s, 0)
    h.give(s, 0, wool=1)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, talk="y" * 240)
    for seat in (1, 2, 3):
        h.move(s, seat, "trade", {"accept": False, "talk": f"no from {seat}"})
    log = GAME.view(s, 2)["log"]
    assert len(log) == 16 and log[-1] == {"seat": 3, "message": "no from 3", "turn": s.turn}
    for i in range(10):
        h.turn(s, 0, type="end_turn", talk=f"later {i}")
        h.force_turn(s, 0)
    log = GAME.view(s, 2)["log"]
    everything = [f"bye {i}" for i in range(12)] + ["y" * 240] + [f"no from {x}" for x in (1, 2, 3)]
    everything += [f"later {i}" for i in range(10)]
    assert [entry["message"] for entry in log] == everything[-20:]


def test_bandit_talk_goes_to_log(h) -> None:
    """pioneers.md §Table talk: a bandit decision may carry talk, and it lands in the match log."""
    s = h.started()
    s.phase = "bandit"
    target = next(x for x in range(19) if x != s.bandit)
    h.move(s, 0, "bandit", {"hex": target, "talk": "sorry, nothing personal"})
    assert GAME.view(s, 3)["log"] == [{"seat": 0, "message": "sorry, nothing personal", "turn": s.turn}]


def test_talk_cap_holds_for_every_social_action(h) -> None:
    """pioneers.md §Table talk: the 240-character cap applies to trade answers, bandit and end_turn too."""
    s = h.started()
    long_talk = "z" * 241
    h.give(s, 0, wool=1)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, to=1)
    assert h.refused(s, {"seat": 1, "kind": "trade", "action": {"accept": False, "talk": long_talk}}) == (
        "talk_too_long"
    )
    h.move(s, 1, "trade", {"accept": False})
    assert h.refused_turn(s, 0, type="end_turn", talk=long_talk) == "talk_too_long"
    s.phase = "bandit"
    target = next(x for x in range(19) if x != s.bandit)
    assert h.refused(s, {"seat": 0, "kind": "bandit", "action": {"hex": target, "talk": long_talk}}) == (
        "talk_too_long"
    )
    assert s.log == []


def test_talk_only_on_social_actions(h) -> None:
    """pioneers.md §Table talk: only offers, trade answers, bandit and end_turn carry talk; a build does
    not."""
    s = h.started()
    h.give(s, 0, brick=1, lumber=1)
    edge = next(m["action"]["edge"] for m in GAME.legal_moves(s, 0) if m["action"]["type"] == "build_road")
    assert h.refused_turn(s, 0, type="build_road", edge=edge, talk="hi") == "bad_field"


def test_offer_count_starts_again_each_turn(h) -> None:
    """pioneers.md §Trading: the cap is 5 offers per turn, so a new turn may offer again."""
    s = h.started()
    make_five_declined_offers(h, s)
    while not (s.current == 0 and s.phase == "turn" and s.turn > 1):
        seat = GAME.to_move(s)[0]
        GAME.apply(s, {"seat": seat, "kind": GAME.owed(s, seat), "strike": "timeout"})
        s.strikes = [0] * s.n  # keep every seat in the game
    s.hands[0] = [0, 0, 1, 0, 0]
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1}, to=1)
    assert s.phase == "trade" and s.offers_made == 1


def test_second_offer_waits_for_the_first(h) -> None:
    """pioneers.md §Trading: one open offer at a time — a second offer is refused until the first resolves."""
    s = h.started()
    h.give(s, 0, wool=2)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1})
    assert h.refused_turn(s, 0, type="offer_trade", give={"wool": 1}, get={"grain": 1}) == "offer_open"
    for seat in (1, 2, 3):
        h.move(s, seat, "trade", {"accept": False})
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"grain": 1})
    assert s.offers_made == 2


def test_an_offer_may_not_name_one_resource_on_both_sides(h) -> None:
    """pioneers.md §Trading (ruling 6 of the as-built rules): an offer that gives and asks for the same
    resource is refused, even when the other side also names a different one."""
    s = h.started()
    h.give(s, 0, wool=2, ore=1)
    both = [({"wool": 1}, {"wool": 1, "ore": 1}), ({"wool": 1, "ore": 1}, {"ore": 2})]
    for give, get in both:
        assert h.refused_turn(s, 0, type="offer_trade", give=give, get=get) == "same_resource"


def test_empty_talk_leaves_no_log_entry(h) -> None:
    """pioneers.md §Table talk (ruling 12 of the as-built rules): a social action whose talk is the
    empty string adds nothing to the match log; non-empty talk still does."""
    s = h.started()
    h.turn(s, 0, type="end_turn", talk="")
    assert GAME.view(s, 1)["log"] == []
    h.force_turn(s, 0)
    h.turn(s, 0, type="end_turn", talk="gg")
    assert [entry["message"] for entry in GAME.view(s, 1)["log"]] == ["gg"]
