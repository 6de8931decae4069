"""Setup, dice, production and turn flow of the codex engine."""

from __future__ import annotations

from collections import Counter

import pytest
from codex_helpers import fresh, give, in_action, knight, play, put, refused

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, dice, production, setup
from toolkit.games.codex import constants as C
from toolkit.games.codex.state import State
from toolkit.rng import Stream


def test_first_player_is_unique_highest_roll() -> None:
    """rules §4.1: highest 2d6 starts; only tied leaders roll again."""
    for seed in range(60):
        first, log = setup.roll_first_player(seed, ["a", "b", "c", "d"])
        last = max(r["round"] for r in log)
        final = {r["playerId"]: sum(r["dice"]) for r in log if r["round"] == last}
        best = max(final.values())
        assert [p for p, v in final.items() if v == best] == [["a", "b", "c", "d"][first]]
        for rnd in range(2, last + 1):
            prev = {r["playerId"]: sum(r["dice"]) for r in log if r["round"] == rnd - 1}
            top = max(prev.values())
            leaders = {p for p, v in prev.items() if v == top}
            assert {r["playerId"] for r in log if r["round"] == rnd} == leaders


def test_fifty_tied_rounds_is_an_invariant_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """rules §4.1: 50 consecutive tied rounds is treated as an invariant failure."""
    monkeypatch.setattr(Stream, "die", lambda self: 4)
    with pytest.raises(setup.InvariantFailure):
        setup.roll_first_player("s", ["a", "b"])


def test_single_player_records_one_roll() -> None:
    """rules §4.1: a single-player game records one roll and uses that player."""
    first, log = setup.roll_first_player("s", ["solo"])
    assert first == 0 and len(log) == 1


def _place_setup(state: State) -> list[tuple[str, int]]:
    """Play setup with the first legal candidates; returns (phase, seat) per placement."""
    seen = []
    while state.phase in ("setup1", "setup2"):
        seat = state.current
        seen.append((state.phase, seat))
        building = GAME.legal_moves(state, seat)[0]
        GAME.apply(state, building)
        assert state.pending is not None and state.pending["type"] == "placeSetupRoad"
        GAME.apply(state, GAME.legal_moves(state, seat)[0])
    return seen


def test_setup_order_snakes_from_first_player() -> None:
    """rules §4.2-4.3: round 1 runs from the first player in seat rotation, round 2 reversed."""
    state = fresh(seed=11)
    first = state.first_player
    order = [(first + k) % 3 for k in range(3)]
    seen = _place_setup(state)
    assert seen == [("setup1", s) for s in order] + [("setup2", s) for s in reversed(order)]
    assert state.phase == "roll" and state.turn_number == 1 and state.current == first


def test_setup2_places_city_and_grants_resources_only() -> None:
    """rules §4.3-4.4: the second building is a city; its road pays one resource per numbered hex."""
    state = fresh(seed=5)
    _place_setup(state)
    for p in state.players:
        cities = [i for i, t in enumerate(state.b_type) if t == "city" and state.b_owner[i] == p.seat]
        assert len(cities) == 1
        expected: Counter[str] = Counter()
        for h in state.topo.int_hexes[cities[0]]:
            if state.tokens[h] is not None:
                expected[C.TERRAIN_RESOURCE[state.terrain[h]]] += 1
        assert {k: v for k, v in p.res.items() if v} == dict(expected)
        assert sum(p.com.values()) == 0


def test_setup_grant_is_clamped_to_bank() -> None:
    """rules §4.4: a grant larger than the bank's stock pays only what the bank holds."""
    state = fresh()
    i = next(i for i in range(len(state.b_type))
             if len([h for h in state.topo.int_hexes[i] if state.tokens[h] is not None]) == 3)
    kinds = [C.TERRAIN_RESOURCE[state.terrain[h]] for h in state.topo.int_hexes[i]]
    for k in kinds:
        state.bank[k] = 0
    state.bank[kinds[0]] = 1
    got = setup.setup_grant(state, 0, i)
    assert sum(got.values()) == 1


def test_distance_rule_ignores_knights() -> None:
    """rules §4.5: a knight on a neighbouring corner does not block; a building does."""
    state = fresh()
    seat = state.current
    target = state.topo.int_ids.index(state.topo.int_ids[20])
    neighbour = state.topo.int_neighbors[target][0]
    knight(state, (seat + 1) % 3, neighbour)
    setup.check_setup_building(state, seat, {"intersectionId": state.topo.int_ids[target]})
    state.knight_at[neighbour] = None
    put(state, (seat + 1) % 3, neighbour)
    with pytest.raises(IllegalMove) as err:
        setup.check_setup_building(state, seat, {"intersectionId": state.topo.int_ids[target]})
    assert err.value.code == "distance_rule"


def test_setup_road_must_touch_new_building() -> None:
    """rules §4.5: the setup road shares an endpoint with the building just placed."""
    state = fresh()
    seat = state.current
    i = 20
    play(state, seat, "placeSetupBuilding", intersectionId=state.topo.int_ids[i])
    far = next(e for e in range(len(state.road)) if i not in state.topo.edge_ends[e])
    refused(state, seat, "placeSetupRoad", "not_connected", edgeId=state.topo.edge_ids[far])


def _roll_with_face(state: State, face: str) -> None:
    """Point the dice counter at the next roll whose event face is ``face``."""
    for n in range(state.dice["rollNumber"], state.dice["rollNumber"] + 200):
        state.dice["rollNumber"] = n
        if dice.throw(state)[2] == face:
            return
    raise AssertionError("no such roll")


def test_dice_are_drawn_from_the_roll_stream() -> None:
    """rules §6.1 / design §6: roll n draws die1, die2, event from stream dice:n (die2 is red)."""
    state = in_action()
    state.phase = "roll"
    stream = Stream(state.seed, "dice:1")
    d1, d2, face = stream.die(), stream.die(), C.EVENT_FACES[stream.below(6)]
    play(state, 0, "rollDice")
    assert (state.dice["die1"], state.dice["die2"], state.dice["eventDieResult"]) == (d1, d2, face)
    assert state.dice["redDie"] == d2 and state.dice["rollNumber"] == 1


def test_event_die_has_three_ship_faces() -> None:
    """rules §6.1: six faces, three ship and one each of science, trade, politics."""
    assert Counter(C.EVENT_FACES) == {"ship": 3, "science": 1, "trade": 1, "politics": 1}


def _hex_with_corner(state: State, terrain: str, token: int) -> tuple[int, int]:
    h = next(h for h, t in enumerate(state.terrain) if t != "desert")
    state.terrain[h] = terrain
    state.tokens[h] = token
    for other, tok in enumerate(state.tokens):
        if other != h and tok == token:
            state.tokens[other] = 99
    return h, state.topo.hex_intersections[h][0]


@pytest.mark.parametrize(
    ("terrain", "kind", "expected"),
    [
        ("hills", "settlement", {"brick": 1}),
        ("hills", "city", {"brick": 2}),
        ("fields", "city", {"grain": 2}),
        ("forest", "city", {"lumber": 1, "paper": 1}),
        ("mountains", "city", {"ore": 1, "coin": 1}),
        ("pasture", "city", {"wool": 1, "cloth": 1}),
    ],
)
def test_production_payouts(terrain: str, kind: str, expected: dict[str, int]) -> None:
    """rules §6.3: settlements take 1 resource; cities 2, or 1 resource + 1 commodity."""
    state = in_action()
    _, i = _hex_with_corner(state, terrain, 5)
    put(state, 1, i, kind)
    granted, _ = production.produce(state, 5)
    assert granted[1] == expected


def test_robber_blocks_production() -> None:
    """rules §7.2: the hex under the robber pays nobody."""
    state = in_action()
    h, i = _hex_with_corner(state, "hills", 5)
    put(state, 1, i)
    state.robber_hex = h
    granted, _ = production.produce(state, 5)
    assert granted[1] == {}


def test_shortage_single_owner_takes_remainder() -> None:
    """rules §6.4: one claimant of a short type takes what is left."""
    state = in_action()
    _, i = _hex_with_corner(state, "hills", 5)
    put(state, 1, i, "city")
    state.bank["brick"] = 1
    granted, _ = production.produce(state, 5)
    assert granted[1] == {"brick": 1} and state.bank["brick"] == 0


def test_shortage_several_owners_get_nothing_of_that_type() -> None:
    """rules §6.4: several claimants of a short type get none of it; other types still pay."""
    state = in_action()
    h, i = _hex_with_corner(state, "forest", 5)
    corners = state.topo.hex_intersections[h]
    put(state, 1, corners[0], "city")
    put(state, 2, corners[2], "city")
    state.bank["lumber"] = 1
    granted, _ = production.produce(state, 5)
    assert granted[1] == {"paper": 1} and granted[2] == {"paper": 1}
    assert state.bank["lumber"] == 1


def test_progress_draw_uses_red_die_and_level() -> None:
    """rules §6.2: level >= 1 and red die <= level + 1 draws from the matching deck."""
    state = in_action()
    state.phase = "roll"
    _roll_with_face(state, "science")
    red = dice.throw(state)[1]
    state.players[1].levels["science"] = 5
    state.players[2].levels["science"] = max(0, red - 2)
    before = len(state.decks["science"])
    play(state, 0, "rollDice")
    drawn = len(state.players[1].hand) + len(state.players[1].revealed_vp)
    assert drawn == 1
    assert len(state.players[2].hand) + len(state.players[2].revealed_vp) == 0
    assert len(state.decks["science"]) == before - 1


def test_end_turn_over_hand_limit_discards_first() -> None:
    """rules §5.3 / §14: endTurn with more than 4 progress cards asks for discardProgress first."""
    state = in_action()
    for _ in range(6):
        state.players[0].hand.append(state.decks["trade"].pop(0))
    play(state, 0, "endTurn")
    assert state.pending is not None and state.pending["type"] == "discardProgress"
    assert state.pending["payload"] == {"requiredCount": 2} and state.current == 0
    ids = [c["instanceId"] for c in state.players[0].hand[:2]]
    play(state, 0, "discardProgress", instanceIds=ids)
    assert state.current == 1 and state.phase == "roll" and len(state.players[0].hand) == 4
    assert state.decks["trade"][-2:][0]["instanceId"] == ids[0]


def test_end_turn_resets_knight_records() -> None:
    """rules §5.3 / §10: per-turn knight records clear when the turn passes."""
    state = in_action()
    state.players[0].knight_actions_used = ["x"]
    state.players[0].knights_activated = ["y"]
    play(state, 0, "endTurn")
    assert state.players[0].knight_actions_used == [] and state.players[0].knights_activated == []
    assert state.turn_number == 2


def test_roll_only_in_roll_phase_by_current_player() -> None:
    """rules §5.1: rollDice is the current player's, in the roll phase only."""
    state = in_action()
    state.phase = "roll"
    refused(state, 1, "rollDice", "not_your_turn")
    give(state, 0, brick=1)
    play(state, 0, "rollDice")
    with pytest.raises(IllegalMove) as err2:
        play(state, 0, "rollDice")
    assert err2.value.code in ("wrong_phase", "pending_open")


def test_one_to_four_seats_and_turns_go_round_from_the_current_seat() -> None:
    """digest §7 items 14-15: a game seats one to four players (none or five is refused as a bad
    config); once play starts the turn passes to the next seat round the table, wrapping from the
    last seat back to the first."""
    for n in (1, 4):
        assert GAME.new_game(1, {"players": [{"id": f"p{k}"} for k in range(n)]}).phase == "setup1"
    for n in (0, 5):
        with pytest.raises(IllegalMove) as err:
            GAME.new_game(1, {"players": [{"id": f"p{k}"} for k in range(n)]})
        assert err.value.code == "bad_config"
    state = in_action(current=1)
    seen = []
    for _ in range(3):
        play(state, state.current, "endTurn")
        seen.append(state.current)
        state.phase = "action"  # skip the roll: only the order is looked at
    assert seen == [2, 0, 1]
