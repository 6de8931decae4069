"""Robber, building, knights, berserker, longest road, maritime trade and victory."""

from __future__ import annotations

import hashlib

import pytest
from codex_helpers import (
    corners_of,
    fresh,
    give,
    in_action,
    knight,
    path,
    play,
    put,
    refused,
    road,
    roads_along,
)

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, berserker, engine, longest_road, maritime, robber, victory
from toolkit.games.codex import constants as C
from toolkit.games.codex.state import State, digest

CENTRE = 0  # index into hex_intersections of hex 0,0 (its top corner)


def centre(state: State) -> int:
    return state.topo.hex_intersections[state.topo.hex_index["0,0"]][CENTRE]


# ------------------------------------------------------------------------------ robber


def test_seven_opens_one_discard_with_thresholds() -> None:
    """rules §7.1: threshold 7 + 2 per wall; floor(hand/2); one simultaneous discardResources."""
    state = in_action()
    give(state, 0, ore=8)  # 8 > 7: owes 4
    give(state, 1, ore=8, coin=1)  # 9 with one wall (threshold 9): owes nothing
    i = centre(state)
    put(state, 1, i, "city", wall=True)
    give(state, 2, grain=3)
    robber.open_discards(state, [0, 1, 2], "robber")
    assert state.pending is not None
    assert state.pending["actingPlayerId"] is None
    assert state.pending["payload"]["required"] == {"p1": 4}
    assert state.pending["allowedPlayerIds"] == ["p1"]


def test_discard_narrows_allowed_but_keeps_snapshot() -> None:
    """rules §7.1: paying removes the player from allowedPlayerIds; discardId and required never change."""
    state = in_action()
    give(state, 0, ore=8)
    give(state, 1, wool=10)
    robber.open_discards(state, [0, 1, 2], "robber")
    assert state.pending is not None
    snap = dict(state.pending["payload"])
    refused(state, 0, "discardHalf", "wrong_discard_count", cards=["ore"] * 3)
    play(state, 1, "discardHalf", cards=["wool"] * 5)
    assert state.pending is not None and state.pending["allowedPlayerIds"] == ["p1"]
    assert state.pending["payload"] == snap
    play(state, 0, "discardHalf", cards=["ore"] * 4)
    assert state.pending is None and state.players[0].res["ore"] == 4


def test_inactive_robber_seven_is_discards_only() -> None:
    """rules §7.2: before the first attack a 7 opens discards but no robber move."""
    state = in_action()
    state.queue = [{"task": "seven"}]
    from toolkit.games.codex.flow import pump

    pump(state)
    assert state.pending is None and not state.robber_active


def test_active_robber_moves_to_any_other_land_hex() -> None:
    """rules §7.2: the robber moves to any land hex but its own; the desert is allowed."""
    state = in_action()
    state.robber_active = True
    desert = state.terrain.index("desert")
    other = 0 if desert != 0 else 1
    state.robber_hex = other
    state.queue = [{"task": "robber"}]
    from toolkit.games.codex.flow import pump

    pump(state)
    assert state.pending is not None and state.pending["type"] == "chooseRobberHex"
    refused(state, 0, "chooseRobberHex", "same_hex", hexId=state.topo.hex_ids[other])
    play(state, 0, "chooseRobberHex", hexId=state.topo.hex_ids[desert])
    assert state.robber_hex == desert and state.pending is None


def test_steal_key_and_card_order() -> None:
    """rules §7.3: the stolen card is drawn with key '<seed>:steal:<ordinal>:<victimId>' over
    lumber, brick, wool, grain, ore, coin, paper, cloth; the ordinal then advances."""
    state = in_action(seed="steal-seed")
    state.steal_ordinal = 5
    give(state, 1, ore=1, lumber=2, coin=1, cloth=3)
    flat = ["lumber"] * 2 + ["ore"] + ["coin"] + ["cloth"] * 3
    word = int.from_bytes(hashlib.sha256(b"steal-seed:steal:5:p2:0").digest()[:8], "big")
    span = 1 << 64
    assert word < span - span % len(flat)  # no rejection for this key
    expected = flat[word % len(flat)]
    robber.steal(state, 0, 1)
    assert state.players[0].material(expected) == 1
    assert state.steal_ordinal == 6


def test_two_victims_open_choose_steal_target() -> None:
    """rules §7.3: several eligible victims -> chooseStealTarget; empty hands are not eligible."""
    state = in_action()
    h = state.topo.hex_index["0,0"]
    corners = state.topo.hex_intersections[h]
    put(state, 1, corners[0])
    put(state, 2, corners[3])
    give(state, 1, ore=1)
    assert robber.steal_targets(state, h) == [1]
    give(state, 2, wool=1)
    state.robber_active, state.robber_hex = True, state.terrain.index("desert")
    state.queue = [{"task": "robber"}]
    from toolkit.games.codex.flow import pump

    pump(state)
    play(state, 0, "chooseRobberHex", hexId="0,0")
    assert state.pending is not None and state.pending["payload"] == {"eligiblePlayerIds": ["p2", "p3"]}
    play(state, 0, "chooseStealTarget", targetPlayerId="p3")
    assert state.players[0].res["wool"] == 1 and state.pending is None


def test_chase_robber_needs_active_adjacent_knight() -> None:
    """rules §7.4: an active, unused, not-just-activated knight next to the robber chases it."""
    state = in_action()
    state.robber_active = True
    h = state.topo.hex_index["0,0"]
    state.robber_hex = h
    corner = state.topo.hex_intersections[h][0]
    kid = knight(state, 0, corner)
    state.players[0].knights_activated.append(kid)
    refused(state, 0, "chaseRobber", "knight_just_activated", knightId=kid)
    state.players[0].knights_activated.clear()
    play(state, 0, "chaseRobber", knightId=kid)
    assert state.pending is not None and state.pending["type"] == "chooseRobberDestination"
    assert not state.knights[kid].active and kid in state.players[0].knight_actions_used
    play(state, 0, "chaseRobber", hexId=state.topo.hex_ids[state.terrain.index("desert")])
    assert state.pending is None


# ---------------------------------------------------------------------------- building


def test_road_connects_through_own_knight_not_opponent_piece() -> None:
    """rules §9.2: own building/knight connects; an opponent piece severs the chain."""
    state = in_action()
    give(state, 0, brick=5, lumber=5)
    start = centre(state)
    edges = path(state, start, 2)
    a, mid, end = corners_of(state, edges, start)
    road(state, 0, edges[0])
    put(state, 1, mid)
    refused(state, 0, "buildRoad", "not_connected", edgeId=state.topo.edge_ids[edges[1]])
    state.b_type[mid], state.b_owner[mid] = None, -1
    knight(state, 0, mid)
    play(state, 0, "buildRoad", edgeId=state.topo.edge_ids[edges[1]])
    assert state.road[edges[1]] == 0


def test_road_supply_checked_before_cost() -> None:
    """rules §9.2: with no roads in supply the refusal is about supply, not cost."""
    state = in_action()
    start = centre(state)
    put(state, 0, start)
    state.players[0].roads = 0
    e = state.topo.int_edges[start][0]
    refused(state, 0, "buildRoad", "no_pieces_left", edgeId=state.topo.edge_ids[e])


def test_settlement_rules() -> None:
    """rules §9.3: empty corner, distance rule (knights ignored), own road beside it, cost paid."""
    state = in_action()
    start = centre(state)
    edges = path(state, start, 2)
    _, mid, end = corners_of(state, edges, start)
    road(state, 0, edges[0])
    road(state, 0, edges[1])
    give(state, 0, brick=2, lumber=2, wool=2, grain=2)
    put(state, 1, start)
    refused(state, 0, "buildSettlement", "distance_rule", intersectionId=state.topo.int_ids[mid])
    knight(state, 0, end)
    refused(state, 0, "buildSettlement", "occupied", intersectionId=state.topo.int_ids[end])
    state.knight_at[end] = None
    play(state, 0, "buildSettlement", intersectionId=state.topo.int_ids[end])
    assert state.b_type[end] == "settlement" and state.players[0].res["brick"] == 1


def test_city_upgrade_swaps_supply() -> None:
    """rules §9.4: a city replaces your settlement; the settlement returns to supply."""
    state = in_action()
    i = centre(state)
    put(state, 0, i)
    give(state, 0, ore=3, grain=2)
    s0, c0 = state.players[0].settlements, state.players[0].cities
    play(state, 0, "buildCity", intersectionId=state.topo.int_ids[i])
    assert state.b_type[i] == "city"
    assert (state.players[0].settlements, state.players[0].cities) == (s0 + 1, c0 - 1)


def test_sideways_city_must_be_rebuilt_first() -> None:
    """rules §9.4 / §8.5: a sideways city piece is the next settlement upgraded, using no supply."""
    state = in_action()
    a = centre(state)
    b = state.topo.hex_intersections[state.topo.hex_index["0,0"]][3]
    put(state, 0, a, "city")
    put(state, 0, b)
    state.players[0].settlements = 0
    berserker.downgrade(state, a)
    assert state.b_sideways[a] and state.b_type[a] == "settlement"
    give(state, 0, ore=6, grain=4)
    state.players[0].cities = 0
    refused(state, 0, "buildCity", "rebuild_sideways_first", intersectionId=state.topo.int_ids[b])
    play(state, 0, "buildCity", intersectionId=state.topo.int_ids[a])
    assert state.b_type[a] == "city" and not state.b_sideways[a] and state.players[0].cities == 0


def test_wall_limits() -> None:
    """rules §9.5: a wall goes on your own unwalled city; supply and at most 3 on the board."""
    state = in_action()
    i = centre(state)
    put(state, 0, i, "city")
    give(state, 0, brick=4)
    play(state, 0, "buildCityWall", intersectionId=state.topo.int_ids[i])
    refused(state, 0, "buildCityWall", "has_wall", intersectionId=state.topo.int_ids[i])
    assert robber.discard_threshold(state, 0) == 9


def test_a_bought_wall_costs_two_brick_and_checks_supply_and_the_board_cap() -> None:
    """rules §9.5 / digest §7 item 23: a wall bought for 2 brick needs a wall piece in supply and fewer
    than three of the player's walls already standing; the two checks are made one apart from the
    other, and only a city (not a settlement) takes a wall."""
    state = in_action()
    hexes = ("0,0", "0,-2", "0,2", "2,0")
    cities = [state.topo.hex_intersections[state.topo.hex_index[h]][0] for h in hexes]
    ids = state.topo.int_ids
    for i in cities:
        put(state, 0, i, "city")
    give(state, 0, brick=8)
    for i in cities[:3]:
        play(state, 0, "buildCityWall", intersectionId=ids[i])
    assert state.players[0].res["brick"] == 2 and state.players[0].walls == 0
    state.players[0].walls = 1  # a spare piece in supply does not lift the cap of three on the board
    refused(state, 0, "buildCityWall", "wall_limit", intersectionId=ids[cities[3]])
    other = in_action()
    town = other.topo.hex_intersections[other.topo.hex_index["0,0"]][0]
    put(other, 0, town, "city")
    give(other, 0, brick=2)
    other.players[0].walls = 0
    refused(other, 0, "buildCityWall", "no_pieces_left", intersectionId=other.topo.int_ids[town])
    settlement = other.topo.hex_intersections[other.topo.hex_index["0,2"]][0]
    put(other, 0, settlement)
    other.players[0].walls = 1
    refused(other, 0, "buildCityWall", "not_your_city", intersectionId=other.topo.int_ids[settlement])


# ----------------------------------------------------------------------------- knights


def test_recruit_basic_inactive_next_to_road() -> None:
    """rules §10.2: a basic knight, inactive, on an empty corner touching your road."""
    state = in_action()
    start = centre(state)
    e = state.topo.int_edges[start][0]
    road(state, 0, e)
    give(state, 0, ore=2, wool=2)
    refused(state, 0, "recruitKnight", "bad_level", intersectionId=state.topo.int_ids[start], level="strong")
    play(state, 0, "recruitKnight", intersectionId=state.topo.int_ids[start])
    kid = state.knight_at[start]
    assert kid is not None and not state.knights[kid].active and state.knights[kid].level == "basic"


def test_activated_knight_cannot_act_same_turn() -> None:
    """rules §10.3: activation costs 1 grain, once per turn; the knight cannot act this turn."""
    state = in_action()
    start = centre(state)
    edges = path(state, start, 1)
    road(state, 0, edges[0])
    kid = knight(state, 0, start, active=False)
    give(state, 0, grain=2)
    play(state, 0, "activateKnight", knightId=kid)
    dest = state.topo.other_end(edges[0], start)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "moveKnight", knightId=kid, intersectionId=state.topo.int_ids[dest])
    assert err.value.code == "knight_just_activated"


def test_mighty_needs_politics_three() -> None:
    """rules §10.4 / §13.2: strong to mighty needs politics level 3; one promotion per knight per turn."""
    state = in_action()
    kid = knight(state, 0, centre(state), level="strong")
    give(state, 0, ore=3, wool=3)
    refused(state, 0, "promoteKnight", "needs_politics", knightId=kid)
    state.players[0].levels["politics"] = 3
    play(state, 0, "promoteKnight", knightId=kid)
    assert state.knights[kid].level == "mighty"
    assert state.players[0].knights == {"basic": 2, "strong": 2, "mighty": 1}
    other = knight(state, 0, state.topo.hex_intersections[state.topo.hex_index["0,0"]][3])
    play(state, 0, "promoteKnight", knightId=other)
    refused(state, 0, "promoteKnight", "knight_already_promoted", knightId=other)


def test_knight_tiers_weigh_one_two_and_three_in_the_defence() -> None:
    """rules §10.1 / §8.3: a basic knight adds 1 to its owner's defence, a strong one 2 and a mighty
    one 3; a knight that is not active adds nothing, whatever its tier."""
    state = in_action()
    spots = [state.topo.hex_intersections[state.topo.hex_index[h]][0] for h in ("0,0", "0,-2", "0,2", "2,0")]
    knight(state, 0, spots[0], "basic")
    knight(state, 1, spots[1], "strong")
    knight(state, 2, spots[2], "mighty")
    knight(state, 0, spots[3], "mighty", active=False)
    assert berserker.contributions(state) == {0: 1, 1: 2, 2: 3}


def test_equal_tiers_cannot_push_each_other() -> None:
    """rules §10.1 / §10.6: displacing compares the two tiers' strengths; a strong knight cannot push
    another strong one, a mighty knight can."""
    state = in_action()
    start = centre(state)
    _, cs = roads_along(state, 0, start, 2)
    attacker = knight(state, 0, start, "strong")
    target = knight(state, 1, cs[2], "strong")
    there = state.topo.int_ids[cs[2]]
    refused(state, 0, "displaceKnight", "too_weak", knightId=attacker, intersectionId=there)
    state.knights[attacker].level = "mighty"
    play(state, 0, "displaceKnight", knightId=attacker, intersectionId=there)
    assert state.knight_at[cs[2]] == attacker
    assert target not in state.knights  # no road of its owner to retreat along: back to supply


def test_a_knight_may_be_paid_awake_again_after_acting_but_not_act_twice() -> None:
    """rules §10.3: a knight that acted (and so went inactive) may be activated again in the same turn;
    from then on it counts for the defence, but it cannot take a second action that turn."""
    state = in_action()
    start = centre(state)
    _, cs = roads_along(state, 0, start, 2)
    kid = knight(state, 0, start)
    give(state, 0, grain=1)
    ids = state.topo.int_ids
    play(state, 0, "moveKnight", knightId=kid, intersectionId=ids[cs[1]])
    assert not state.knights[kid].active and berserker.contributions(state)[0] == 0
    play(state, 0, "activateKnight", knightId=kid)
    assert state.knights[kid].active and berserker.contributions(state)[0] == 1
    assert state.players[0].res["grain"] == 0
    refused(state, 0, "moveKnight", "knight_just_activated", knightId=kid, intersectionId=ids[cs[2]])


def test_promotion_keeps_the_state_swaps_the_supply_and_stops_at_mighty() -> None:
    """rules §10.4: a promotion costs 1 ore and 1 wool, leaves an inactive knight inactive, puts the old
    tier's piece back in supply and takes one of the new tier; a mighty knight cannot rise further, and
    a tier with no piece left in supply cannot be reached."""
    state = in_action()
    state.players[0].levels["politics"] = 3
    corners = [state.topo.hex_intersections[state.topo.hex_index[h]][0] for h in ("0,0", "0,-2", "0,2")]
    kid = knight(state, 0, corners[0], active=False)
    give(state, 0, ore=2, wool=2)
    play(state, 0, "promoteKnight", knightId=kid)
    assert (state.knights[kid].level, state.knights[kid].active) == ("strong", False)
    assert state.players[0].knights == {"basic": 2, "strong": 1, "mighty": 2}
    assert (state.players[0].res["ore"], state.players[0].res["wool"]) == (1, 1)
    top = knight(state, 0, corners[1], "mighty")
    refused(state, 0, "promoteKnight", "max_level", knightId=top)
    state.players[0].knights["strong"] = 0
    low = knight(state, 0, corners[2], "basic")
    refused(state, 0, "promoteKnight", "no_pieces_left", knightId=low)


def test_move_search_stops_at_opponent_pieces() -> None:
    """rules §10.5: reach follows own roads; opponent-occupied corners are reached but not passed."""
    state = in_action()
    start = centre(state)
    _, cs = roads_along(state, 0, start, 3)
    kid = knight(state, 0, start)
    put(state, 1, cs[1])
    refused(state, 0, "moveKnight", "not_reachable", knightId=kid, intersectionId=state.topo.int_ids[cs[2]])
    state.b_type[cs[1]], state.b_owner[cs[1]] = None, -1
    play(state, 0, "moveKnight", knightId=kid, intersectionId=state.topo.int_ids[cs[3]])
    assert state.knight_at[cs[3]] == kid and not state.knights[kid].active


def test_displace_needs_stronger_and_retreat_choice_goes_to_owner() -> None:
    """rules §10.6: strictly stronger displaces; 2+ retreat spots -> chooseKnightRetreat for the owner;
    the retreating knight keeps its active state."""
    state = in_action()
    start = centre(state)
    _, cs = roads_along(state, 0, start, 2)
    attacker = knight(state, 0, start, level="basic")
    victim = knight(state, 1, cs[2], level="basic")
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "displaceKnight", knightId=attacker, intersectionId=state.topo.int_ids[cs[2]])
    assert err.value.code == "too_weak"
    state.knights[attacker].level = "strong"
    # the victim's owner has two roads leaving cs[2] (not ours)
    theirs = [e for e in state.topo.int_edges[cs[2]] if state.road[e] == -1]
    for e in theirs:
        road(state, 1, e)
    play(state, 0, "displaceKnight", knightId=attacker, intersectionId=state.topo.int_ids[cs[2]])
    assert state.pending is not None and state.pending["type"] == "chooseKnightRetreat"
    assert state.pending["allowedPlayerIds"] == ["p2"]
    spot = state.pending["payload"]["eligibleIntersectionIds"][0]
    play(state, 1, "displaceKnight", intersectionId=spot)
    assert state.knight_at[state.topo.int_index[spot]] == victim and state.knights[victim].active


def test_displaced_knight_without_retreat_returns_to_supply() -> None:
    """rules §10.6: with no retreat spot the displaced knight returns to its owner's supply."""
    state = in_action()
    start = centre(state)
    edges = path(state, start, 1)
    road(state, 0, edges[0])
    attacker = knight(state, 0, start, level="mighty")
    target = state.topo.other_end(edges[0], start)
    victim = knight(state, 1, target)
    play(state, 0, "displaceKnight", knightId=attacker, intersectionId=state.topo.int_ids[target])
    assert victim not in state.knights and state.players[1].knights["basic"] == 2


# --------------------------------------------------------------------------- berserker


def test_sole_defender_gets_token_and_bookkeeping() -> None:
    """rules §8.2-8.4, §8.6: cities vs active knights; sole top defender earns a token; all knights
    deactivate; the track resets; the first attack puts the robber on the desert."""
    state = in_action()
    put(state, 1, centre(state), "city")
    k = knight(state, 2, state.topo.hex_intersections[state.topo.hex_index["0,0"]][3])
    state.berserker_pos = 6
    tasks, _ = berserker.advance(state)
    assert tasks == [] and state.players[2].vp_tokens == 1
    assert state.last_attack is not None and state.last_attack["result"] == "repelled"
    assert state.last_attack["defenderPlayerId"] == "p3"
    assert not state.knights[k].active and state.berserker_pos == 0
    assert state.robber_active and state.robber_hex == state.terrain.index("desert")


def test_every_city_on_the_board_adds_to_the_berserkers_metropolis_included() -> None:
    """rules §8.2: the attack is as strong as the count of cities of all players, a city carrying a
    metropolis counting like any other; a settlement adds nothing."""
    state = in_action()
    a, b, c = (state.topo.hex_intersections[state.topo.hex_index[h]][0] for h in ("0,0", "0,-2", "0,2"))
    put(state, 0, a, "city")
    state.b_metro[a] = "science"
    put(state, 1, b, "city")
    put(state, 2, c)
    assert berserker.attack_strength(state) == 2


def test_zero_defence_is_an_all_player_tie() -> None:
    """rules §8.4 / digest §7 item 5: 0 vs 0 repels with no token; everyone chooses a deck."""
    state = in_action()
    tasks, _ = berserker.attack(state)
    assert [t["seat"] for t in tasks] == [0, 1, 2]
    assert all(t["task"] == "chooseProgressDeck" for t in tasks)
    assert state.last_attack is not None and state.last_attack["defenderPlayerId"] is None


def test_pillage_lowest_contributor_metropolis_immune() -> None:
    """rules §8.5: the lowest contributors with a non-metropolis city lose one; a single candidate is
    downgraded at once and its wall returns; metropolises are immune."""
    state = in_action()
    h = state.topo.hex_intersections
    a = h[state.topo.hex_index["0,0"]][0]
    b = h[state.topo.hex_index["0,-2"]][0]
    c = h[state.topo.hex_index["0,2"]][3]
    put(state, 0, a, "city", wall=True)
    put(state, 1, b, "city")
    state.b_metro[b] = "science"
    put(state, 2, c, "city")
    knight(state, 2, h[state.topo.hex_index["-2,0"]][0])
    tasks, _ = berserker.attack(state)
    assert tasks == []
    assert state.b_type[a] == "settlement" and state.players[0].walls == 3
    assert state.b_type[b] == "city" and state.b_type[c] == "city"
    assert state.last_attack is not None and state.last_attack["autoPillagedPlayerIds"] == ["p1"]


def test_attack_choice_defers_production() -> None:
    """rules §8.1 / digest §7 item 4: production for the same roll waits for the pillage choice."""
    state = in_action()
    hx = state.topo.hex_intersections
    a = hx[state.topo.hex_index["0,0"]][0]
    b = hx[state.topo.hex_index["0,2"]][3]
    put(state, 0, a, "city")
    put(state, 0, b, "city")
    h = state.topo.hex_index["0,0"]
    state.terrain[h], state.tokens[h] = "hills", 99
    state.queue = []
    tasks, _ = berserker.attack(state)
    state.queue = tasks + [{"task": "production", "sum": 99}]
    from toolkit.games.codex.flow import pump

    pump(state)
    assert state.pending is not None and state.pending["type"] == "choosePillageCity"
    assert state.players[0].res["brick"] == 0
    play(state, 0, "choosePillageCity", intersectionId=state.topo.int_ids[b])
    assert state.players[0].res["brick"] == 2  # city on hills still a city at a


# ------------------------------------------------------------------------ longest road


def test_longest_road_minimum_and_ties() -> None:
    """rules §11.1-11.3: at least 5; a strict leader holds; a tie keeps the holder; else unclaimed."""
    state = in_action()
    mine = path(state, centre(state), 5)
    for e in mine[:4]:
        road(state, 0, e)
    longest_road.recompute(state)
    assert state.longest_holder is None
    road(state, 0, mine[4])
    longest_road.recompute(state)
    assert state.longest_holder == 0
    far = state.topo.hex_intersections[state.topo.hex_index["0,-2"]][0]
    theirs = [e for e in path(state, far, 5)]
    assert not set(theirs) & set(mine)
    for e in theirs:
        road(state, 1, e)
    longest_road.recompute(state)
    assert state.longest_holder == 0
    state.longest_holder = None
    longest_road.recompute(state)
    assert state.longest_holder is None


def test_opponent_piece_breaks_road() -> None:
    """rules §11.2: an opponent building or knight on a corner splits the road there."""
    state = in_action()
    start = centre(state)
    edges, _ = roads_along(state, 0, start, 5)
    assert longest_road.road_length(state, 0) == 5
    cs = corners_of(state, edges, start)
    knight(state, 1, cs[2])
    assert longest_road.road_length(state, 0) == 3
    knight(state, 0, cs[3])
    assert longest_road.road_length(state, 0) == 3


def _opponent_holds_six_roads() -> tuple[State, list[int]]:
    """p2 holds longest road with six roads in a line from the centre hex; returns the corners."""
    state = in_action()
    _, cs = roads_along(state, 1, centre(state), 6)
    longest_road.recompute(state)
    assert state.longest_holder == 1
    return state, cs


@pytest.mark.parametrize("piece", ["settlement", "recruited knight", "moved knight"])
def test_a_piece_cutting_an_opponents_road_re_awards_longest_road_at_once(piece: str) -> None:
    """rules §9.3, §10.2, §10.5 / digest §7 item 20: a settlement built, a knight recruited or a knight
    moved onto a corner in the middle of another player's road splits that road, and the longest-road
    holder is worked out again right away (here nobody is left with 5)."""
    state, cs = _opponent_holds_six_roads()
    middle = cs[3]
    spur = next(e for e in state.topo.int_edges[middle] if state.road[e] == -1)
    road(state, 0, spur)
    where = state.topo.int_ids[middle]
    if piece == "settlement":
        give(state, 0, brick=1, lumber=1, wool=1, grain=1)
        play(state, 0, "buildSettlement", intersectionId=where)
    elif piece == "recruited knight":
        give(state, 0, ore=1, wool=1)
        play(state, 0, "recruitKnight", intersectionId=where)
    else:
        kid = knight(state, 0, state.topo.other_end(spur, middle))
        play(state, 0, "moveKnight", knightId=kid, intersectionId=where)
    assert longest_road.road_length(state, 1) == 3
    assert state.longest_holder is None


def test_a_sideways_city_piece_is_worth_a_settlement_and_takes_no_wall() -> None:
    """digest §7 item 22 / rules §8.5: a pillaged city lying sideways (no settlement piece left) scores
    1 point like a settlement, adds nothing to the berserkers' strength and cannot carry a wall."""
    state = in_action()
    a = centre(state)
    put(state, 0, a, "city")
    state.players[0].settlements = 0
    assert victory.victory_points(state, 0) == 2 and berserker.attack_strength(state) == 1
    berserker.downgrade(state, a)
    assert state.b_sideways[a]
    assert victory.victory_points(state, 0) == 1 and berserker.attack_strength(state) == 0
    give(state, 0, brick=2)
    refused(state, 0, "buildCityWall", "not_your_city", intersectionId=state.topo.int_ids[a])


def test_a_lost_attack_against_metropolises_only_pillages_nothing() -> None:
    """rules §8.5: when the defence is too weak but every city on the board carries a metropolis, the
    attack is recorded as a berserker victory and no city is downgraded."""
    state = in_action()
    a = centre(state)
    put(state, 0, a, "city")
    state.b_metro[a] = "science"
    tasks, _ = berserker.attack(state)
    assert tasks == [] and state.b_type[a] == "city"
    assert state.last_attack is not None and state.last_attack["result"] == "victory"
    assert state.last_attack["autoPillagedPlayerIds"] == state.last_attack["choicePillagedPlayerIds"] == []


# ----------------------------------------------------------------------------- maritime


def test_maritime_rates_and_bundles() -> None:
    """rules §12.2: 4:1 base, 3:1 generic harbor, 2:1 resource harbor; bundles pay rate x total."""
    state = in_action()
    give(state, 0, ore=8)
    assert maritime.rate(state, 0, "ore") == 4
    events = play(state, 0, "maritimeTrade", offer={"type": "ore", "count": 8},
                  want={"type": "grain", "count": 1}, additionalWants=[{"type": "coin", "count": 1}])
    assert state.players[0].res["grain"] == 1 and state.players[0].com["coin"] == 1
    # the trade is public: its event says what left and entered the hand, materials in catalog order
    assert events[0]["hands"] == {"0": {"grain": 1, "ore": -8, "coin": 1}}
    generic = next(h for h in state.harbors if h.kind == "3:1")
    put(state, 0, generic.intersections[0])
    assert maritime.rate(state, 0, "ore") == 3
    special = next(h for h in state.harbors if h.kind == "wool")
    put(state, 0, special.intersections[0])
    assert maritime.rate(state, 0, "wool") == 2
    state.players[0].levels["trade"] = 3
    assert maritime.rate(state, 0, "cloth") == 2


def test_a_generic_harbor_also_serves_commodities() -> None:
    """rules §12.2: the 3:1 harbor lowers every card type to 3, commodities included, while a
    resource's 2:1 harbor lowers only that resource."""
    state = in_action()
    generic = next(h for h in state.harbors if h.kind == "3:1")
    put(state, 0, generic.intersections[0])
    give(state, 0, coin=3)
    assert maritime.rate(state, 0, "coin") == 3
    play(state, 0, "maritimeTrade", offer={"type": "coin", "count": 3}, want={"type": "ore", "count": 1})
    assert state.players[0].com["coin"] == 0 and state.players[0].res["ore"] == 1
    other = in_action()
    ore_port = next(h for h in other.harbors if h.kind == "ore")
    put(other, 0, ore_port.intersections[0])
    assert [maritime.rate(other, 0, k) for k in ("ore", "brick", "coin")] == [2, 4, 4]


def test_maritime_rejects_wrong_rate_and_empty_bank() -> None:
    """rules §12.2: the offer must equal rate x wanted cards; each wanted type must be in the bank."""
    state = in_action()
    give(state, 0, ore=8)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "maritimeTrade", offer={"type": "ore", "count": 3}, want={"type": "grain", "count": 1})
    assert err.value.code == "wrong_rate"
    state.bank["grain"] = 0
    with pytest.raises(IllegalMove) as err2:
        play(state, 0, "maritimeTrade", offer={"type": "ore", "count": 4}, want={"type": "grain", "count": 1})
    assert err2.value.code == "bank_empty"


# ------------------------------------------------------------------------------ victory


def test_win_only_for_current_player_after_action() -> None:
    """rules §15.2: reaching the target on your own action wins at once."""
    state = in_action(victoryPointsTarget=3)
    put(state, 0, centre(state), "city")
    give(state, 0, ore=3, grain=2)
    other = state.topo.hex_intersections[state.topo.hex_index["0,2"]][3]
    put(state, 0, other)
    play(state, 0, "buildCity", intersectionId=state.topo.int_ids[other])
    assert state.phase == "gameOver" and state.winner == 0


def test_off_turn_crossing_wins_at_turn_start() -> None:
    """rules §15.2: a player over the target off-turn wins when their turn begins."""
    state = in_action(victoryPointsTarget=2)
    put(state, 1, centre(state), "city")
    assert state.phase == "action"
    play(state, 0, "endTurn")
    assert state.phase == "gameOver" and state.winner == 1


def test_an_off_turn_crossing_lost_before_the_turn_is_no_win() -> None:
    """rules §15.2: reaching the target on someone else's turn reserves nothing; a player who drops
    below it again before their own turn begins does not win then."""
    state = in_action(victoryPointsTarget=4)
    home = centre(state)
    put(state, 1, home, "city")
    roads_along(state, 1, home, 5)
    far = state.topo.hex_intersections[state.topo.hex_index["0,2"]][3]
    mine = path(state, far, 6)
    for e in mine[:5]:
        road(state, 0, e)
    state.longest_holder = 1  # five each: the holder keeps the tie
    assert victory.victory_points(state, 1) == 4
    give(state, 0, brick=1, lumber=1)
    play(state, 0, "buildRoad", edgeId=state.topo.edge_ids[mine[5]])
    assert state.longest_holder == 0 and victory.victory_points(state, 1) == 2
    play(state, 0, "endTurn")
    assert state.phase == "roll" and state.current == 1 and state.winner is None


def _displacement_that_gives_longest_road(target: int) -> tuple[State, str, int]:
    """p1's mighty knight can push p2's knight off the middle of p1's six roads, joining them; p2's
    knight would have two corners to retreat to."""
    state = in_action(victoryPointsTarget=target)
    start = centre(state)
    edges, cs = roads_along(state, 0, start, 6)
    knight(state, 1, cs[3])
    first = next(e for e in state.topo.int_edges[cs[3]] if state.road[e] == -1)
    road(state, 1, first)
    beyond = state.topo.other_end(first, cs[3])
    road(state, 1, next(e for e in state.topo.int_edges[beyond] if state.road[e] == -1))
    attacker = knight(state, 0, cs[0], "mighty")
    longest_road.recompute(state)
    assert state.longest_holder is None and victory.victory_points(state, 0) == 0
    return state, attacker, cs[3]


def test_a_winning_displacement_ends_the_game_with_the_retreat_still_open() -> None:
    """rules §10.6 / digest §7 item 10: a displacement that hands the actor the winning points ends the
    game at once, even though the pushed knight's owner still had a retreat to choose; the open
    decision is cleared with the game."""
    state, attacker, spot = _displacement_that_gives_longest_road(target=10)
    play(state, 0, "displaceKnight", knightId=attacker, intersectionId=state.topo.int_ids[spot])
    assert state.pending is not None and state.pending["type"] == "chooseKnightRetreat"
    assert state.longest_holder == 0
    state, attacker, spot = _displacement_that_gives_longest_road(target=2)
    play(state, 0, "displaceKnight", knightId=attacker, intersectionId=state.topo.int_ids[spot])
    assert state.phase == "gameOver" and state.winner == 0 and state.pending is None


def test_points_bound_covers_every_scoring_corner() -> None:
    """rules §15.1: the win check's quick bound is never below the points counted corner by corner,
    with settlements, cities, a metropolis (on another seat's city too), the longest road and the
    merchant all scoring."""
    state = in_action()
    corners = [state.topo.hex_intersections[state.topo.hex_index[h]][3] for h in ("0,0", "0,2", "2,0")]
    put(state, 0, corners[0], "city")
    put(state, 0, corners[1])
    put(state, 1, corners[2], "city")
    state.b_metro[corners[0]] = "science"
    state.b_metro[corners[2]] = "trade"
    state.longest_holder = 0
    state.merchant_owner = 1
    state.players[1].vp_tokens = 2
    for seat in range(3):
        assert victory.points_at_most(state, seat) >= victory.victory_points(state, seat)
    assert victory.victory_points(state, 0) == 2 + 2 + 1 + 2


def test_win_is_found_above_the_quick_bound() -> None:
    """rules §15.2: a current player whose quick bound reaches the target wins only on the exact
    count: a city and a settlement bound 4 and score 3, so a target of 3 is won and of 4 is not."""
    for target, wins in ((3, True), (4, False)):
        state = in_action(victoryPointsTarget=target)
        put(state, 0, centre(state), "city")
        put(state, 0, state.topo.hex_intersections[state.topo.hex_index["0,2"]][3])
        assert victory.points_at_most(state, 0) == 4
        assert victory.check_current(state) is wins
        assert (state.phase == "gameOver") is wins


def test_resign_strict_maximum_and_cleanup() -> None:
    """rules §15.3: resign ends the game; strict VP leader wins, a tie none; the pending clears."""
    state = in_action()
    put(state, 1, centre(state))
    give(state, 0, ore=10)
    robber.open_discards(state, [0], "robber")
    play(state, 2, "resign")
    assert state.phase == "gameOver" and state.winner == 1 and state.pending is None
    tie = in_action()
    play(tie, 0, "resign")
    assert tie.winner is None
    assert GAME.legal_moves(tie, 1) == []
    refused(tie, 1, "endTurn", "game_over")


def test_resign_is_never_listed_but_works_off_turn_in_setup() -> None:
    """rules §5.4: no seat ever finds resign among its listed moves, yet any seat may send it in any
    phase before the end, even off-turn in the first setup round while a setup road is awaited."""
    state = fresh()
    assert state.phase == "setup1"
    for seat in range(3):
        assert all(m["type"] != "resign" for m in GAME.legal_moves(state, seat))
    placer = state.current
    corner = GAME.legal_moves(state, placer)[0]["payload"]["intersectionId"]
    play(state, placer, "placeSetupBuilding", intersectionId=corner)
    assert state.pending is not None and state.pending["type"] == "placeSetupRoad"
    quitter = (placer + 1) % 3
    play(state, quitter, "resign")
    assert state.phase == "gameOver" and state.pending is None
    assert state.winner == placer  # the only player with a point on the board


def test_resign_in_the_roll_phase_ends_the_game_at_once() -> None:
    """rules §5.4 / §15.3: a resign sent before the current player has rolled ends the game on the
    spot; the points leader among those who stay is the winner."""
    state = in_action()
    state.phase = "roll"
    put(state, 2, centre(state))
    play(state, 1, "resign")
    assert state.phase == "gameOver" and state.winner == 2


def test_the_last_player_left_after_a_resign_wins_even_when_behind() -> None:
    """digest §7 item 25 / rules §15.3: in a two-player game the player who stays is the only one
    counted, so they win although the player who resigned had more points."""
    state = in_action(n=2)
    put(state, 0, centre(state), "city")
    play(state, 0, "resign")
    assert state.phase == "gameOver" and state.winner == 1


def test_after_a_win_no_seat_is_waited_on_and_nothing_is_accepted() -> None:
    """rules §15.4: once a win ends the game, no seat owes a decision, every seat's move list is
    empty and any action sent, resign included, is refused."""
    state = in_action(victoryPointsTarget=3)
    put(state, 0, centre(state), "city")
    other = state.topo.hex_intersections[state.topo.hex_index["0,2"]][3]
    put(state, 0, other)
    give(state, 0, ore=3, grain=2)
    play(state, 0, "buildCity", intersectionId=state.topo.int_ids[other])
    assert state.phase == "gameOver" and state.winner == 0
    assert GAME.to_move(state) == []
    assert all(GAME.legal_moves(state, seat) == [] for seat in range(3))
    refused(state, 1, "resign", "game_over")
    refused(state, 0, "endTurn", "game_over")


# ------------------------------------------------------------------------------- engine


def test_a_type_outside_the_36_is_an_unknown_action() -> None:
    """digest §1: only the 36 wire action types exist; anything else is refused as unknown_action."""
    state = in_action()
    refused(state, 0, "teleportKnight", "unknown_action")


def test_dispatch_covers_thirty_six_types() -> None:
    """digest §1-§2: all 36 action types have a handler; there are 20 pending types."""
    assert len(C.ACTION_TYPES) == 36 == len(set(C.ACTION_TYPES))
    assert len(C.PENDING_TYPES) == 20 == len(set(C.PENDING_TYPES))
    assert set(engine.DISPATCH) == set(C.ACTION_TYPES)


def test_pending_locks_other_actions_and_state_unchanged() -> None:
    """rules §5.5: with a decision open only its answers are accepted; a refusal changes nothing."""
    state = in_action()
    give(state, 0, ore=10, brick=2, lumber=2)
    robber.open_discards(state, [0], "robber")
    before = digest(state)
    refused(state, 0, "endTurn", "pending_open")
    with pytest.raises(IllegalMove):
        play(state, 0, "discardHalf", cards=["coin"] * 6)
    assert digest(state) == before
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"discardHalf"}
