"""Dice, production, discards on a 7 and the bandit."""

from __future__ import annotations

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.board import HEX_VERTICES
from toolkit.games.pioneers.production import produce
from toolkit.rng import Stream


def next_roll(s) -> int:
    stream = Stream(s.seed, f"dice/{s.rolls + 1}")
    return stream.die() + stream.die()


def end_turn_until_roll(h, s, want_seven: bool):
    """End turns (from a forced turn phase) until the upcoming roll is / is not a 7."""
    for _ in range(200):
        if (next_roll(s) == 7) == want_seven:
            return
        s.rolls += 1  # skip a roll number: tests only need some roll of the wanted kind
    raise AssertionError("no suitable roll found")


def robbable_hex(h, s, victim: int) -> int:
    """Empty the board, owe seat 0's bandit decision and give ``victim`` a town on a hex the bandit
    may move to; return that hex."""
    h.empty_board(s)
    s.phase = "bandit"
    target = next(x for x in range(19) if x != s.bandit)
    h.town_at(s, victim, HEX_VERTICES[target][0])
    return target


def test_roll_is_automatic_and_in_view(h) -> None:
    """pioneers.md §The turn: 2d6 are rolled at turn start; the roll is in the view before the first
    decision."""
    s = h.started()
    expected = next_roll(s)
    h.turn(s, 0, type="end_turn")
    view = GAME.view(s, 1)
    assert sum(view["dice"]) == expected
    assert view["turn"] == 2 and view["currentSeat"] == 1


def test_settlement_pays_one_city_two(h) -> None:
    """pioneers.md §The turn: a rolled hex pays 1 per adjacent settlement and 2 per city."""
    s = h.started()
    h.empty_board(s)
    hx = next(x for x in range(19) if s.hex_token[x] and x != s.bandit)
    a, _, c = HEX_VERTICES[hx][0], HEX_VERTICES[hx][1], HEX_VERTICES[hx][2]
    h.town_at(s, 1, a)
    h.town_at(s, 2, c)
    s.bld_kind[c] = 2
    events = produce(s, s.hex_token[hx])
    res = s.hex_res[hx]
    assert s.hands[1][res] >= 1 and s.hands[2][res] >= 2
    assert events[0]["type"] == "produce"
    # exactly: count what this token pays (other hexes with the same token may pay too)
    expected = [[0] * 5 for _ in range(4)]
    for other in range(19):
        if s.hex_token[other] == s.hex_token[hx] and other != s.bandit:
            for v in HEX_VERTICES[other]:
                if s.bld_owner[v] != -1:
                    expected[s.bld_owner[v]][s.hex_res[other]] += s.bld_kind[v]
    assert s.hands == expected


def test_bandit_hex_pays_nothing(h) -> None:
    """pioneers.md §The turn: the bandit's hex pays nothing."""
    s = h.started()
    h.empty_board(s)
    hx = next(x for x in range(19) if s.hex_token[x])
    s.bandit = hx
    for seat, v in enumerate(HEX_VERTICES[hx][::2]):
        h.town_at(s, seat, v)
    events = produce(s, s.hex_token[hx])
    assert s.hands == [[0] * 5 for _ in range(4)]
    assert events[0]["hands"] == {}


def test_production_through_a_real_roll(h) -> None:
    """pioneers.md §The turn: any roll other than 7 pays every hex showing it."""
    s = h.started()
    end_turn_until_roll(h, s, want_seven=False)
    total = next_roll(s)
    hexes = [x for x in range(19) if s.hex_token[x] == total and x != s.bandit]
    payers = {(s.bld_owner[v], s.hex_res[x]) for x in hexes for v in HEX_VERTICES[x] if s.bld_owner[v] != -1}
    events = h.turn(s, 0, type="end_turn")
    produced = [e for e in events if e["type"] == "produce"]
    assert len(produced) == 1
    for seat, res in payers:
        assert s.hands[seat][res] >= 1


def test_seven_discards_half_of_big_hands(h) -> None:
    """pioneers.md §The turn: on a 7 every seat with more than 7 cards discards floor(hand/2),
    simultaneously."""
    s = h.started()
    end_turn_until_roll(h, s, want_seven=True)
    h.give(s, 1, brick=5, ore=4)  # 9 cards -> discard 4
    h.give(s, 2, wool=7)  # 7 cards -> no discard
    h.give(s, 3, grain=8)  # 8 -> discard 4
    h.turn(s, 0, type="end_turn")
    assert s.phase == "discard"
    assert GAME.to_move(s) == [1, 3]
    assert GAME.view(s, None)["decisions"] == {"1": "discard", "3": "discard"}
    assert (
        h.refused(s, {"seat": 1, "kind": "discard", "action": {"cards": {"brick": 3}}})
        == "wrong_discard_count"
    )
    assert h.refused(s, {"seat": 1, "kind": "discard", "action": {"cards": {"wool": 4}}}) == "cannot_afford"
    h.move(s, 3, "discard", {"cards": {"grain": 4}})
    assert s.hands[3][3] == 4
    h.move(s, 1, "discard", {"cards": {"brick": 2, "ore": 2}})
    assert s.hands[1] == [3, 0, 0, 0, 2]
    assert s.phase == "bandit" and GAME.to_move(s) == [1]


def test_a_discard_is_told_to_every_seat_with_its_cards(h) -> None:
    """pioneers.md §The turn and §Hidden information, as-built ruling "discards in the open": a
    discard's event is for every seat (no visibleTo) and names the cards, and says how each
    kind left the hand, as a trade's does."""
    s = h.started()
    end_turn_until_roll(h, s, want_seven=True)
    h.give(s, 1, brick=5, ore=4)
    h.turn(s, 0, type="end_turn")
    events = GAME.apply(s, {"seat": 1, "kind": "discard", "action": {"cards": {"brick": 2, "ore": 2}}})
    assert [e["type"] for e in events] == ["discard"]
    told = events[0]
    assert "visibleTo" not in told
    assert told["hands"] == {"1": {"brick": -2, "ore": -2}}
    assert told["text"] == "seat 1 discarded 2 brick, 2 ore"


def test_seven_without_big_hands_goes_to_bandit(h) -> None:
    """pioneers.md §The turn: after a 7 (and any discards) the roller gets a bandit decision."""
    s = h.started()
    end_turn_until_roll(h, s, want_seven=True)
    h.turn(s, 0, type="end_turn")
    assert s.phase == "bandit"
    assert GAME.view(s, 1)["decisions"] == {"1": "bandit"}


def test_bandit_must_move(h) -> None:
    """pioneers.md §The turn: the bandit moves to a different hex."""
    s = h.started()
    s.phase = "bandit"
    assert h.refused(s, {"seat": 0, "kind": "bandit", "action": {"hex": s.bandit}}) == "same_hex"


def test_bandit_victim_needs_a_town_there(h) -> None:
    """pioneers.md §The turn: the optional victim must have a settlement or city on that hex."""
    s = h.started()
    target = robbable_hex(h, s, 2)
    assert h.refused(s, {"seat": 0, "kind": "bandit", "action": {"hex": target, "victim": 1}}) == "bad_victim"
    assert h.refused(s, {"seat": 0, "kind": "bandit", "action": {"hex": target, "victim": 0}}) == "bad_victim"
    h.move(s, 0, "bandit", {"hex": target, "victim": 2})
    assert s.bandit == target and s.phase == "turn"


def test_victim_hands_over_one_random_card(h) -> None:
    """pioneers.md §The turn: the victim hands over one random card."""
    s = h.started()
    target = robbable_hex(h, s, 2)
    h.give(s, 2, brick=1, ore=2)
    events = h.move(s, 0, "bandit", {"hex": target, "victim": 2})
    assert sum(s.hands[0]) == 1 and sum(s.hands[2]) == 2
    steal = next(e for e in events if e["type"] == "steal")
    assert s.hands[0][("brick", "lumber", "wool", "grain", "ore").index(steal["resource"])] == 1
    assert steal["resource"] not in steal["text"]


def test_bandit_without_victim(h) -> None:
    """pioneers.md §The turn: naming a victim is optional."""
    s = h.started()
    s.phase = "bandit"
    target = next(x for x in range(19) if x != s.bandit)
    h.move(s, 0, "bandit", {"hex": target})
    assert s.bandit == target


def test_bank_never_runs_dry(h) -> None:
    """pioneers.md §The turn: the bank is infinite, so a payout is made in full however many cards of that
    resource the seats already hold."""
    s = h.started()
    h.empty_board(s)
    hx = next(x for x in range(19) if s.hex_token[x] and x != s.bandit)
    res = s.hex_res[hx]
    for seat in range(4):
        s.hands[seat][res] = 30  # far more than a 19-card bank pile could ever hold
    h.town_at(s, 1, HEX_VERTICES[hx][0])
    h.town_at(s, 2, HEX_VERTICES[hx][2])
    s.bld_kind[HEX_VERTICES[hx][2]] = 2  # seat 2's town there is a city
    produce(s, s.hex_token[hx])
    assert s.hands[1][res] == 31 and s.hands[2][res] == 32


def test_robbing_a_victim_with_no_cards_takes_nothing(h) -> None:
    """pioneers.md §The turn (ruling 4 of the as-built rules): the bandit may name a victim whose hand
    is empty; the move is legal, the bandit moves and no card changes hands."""
    s = h.started()
    target = robbable_hex(h, s, 2)
    assert sum(s.hands[2]) == 0
    events = h.move(s, 0, "bandit", {"hex": target, "victim": 2})
    assert s.bandit == target and sum(s.hands[0]) == 0
    steal = next(e for e in events if e["type"] == "steal")
    assert "resource" not in steal
