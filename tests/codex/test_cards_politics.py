"""The politics deck's cards (rules §14 politics, §10.6, §11.4; digest §3, §7)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from codex_helpers import (
    PLAYERS,
    card_moves,
    give,
    hand,
    in_action,
    knight,
    play,
    put,
    refused,
    road,
    roads_along,
    valid_views,
)

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, decks, engine, longest_road, progress, robber, victory
from toolkit.games.codex import constants as C
from toolkit.games.codex.state import State


def answers(state: State, seat: int, kind: str = "resolveOptionalCardEffect") -> list[dict[str, Any]]:
    return [m["payload"] for m in engine.legal_moves(state, seat) if m["type"] == kind]


def lead(state: State, seat: int, extra: int) -> None:
    """Give ``seat`` ``extra`` more points (Defender tokens, which touch nothing else)."""
    state.players[seat].vp_tokens += extra


def centre_corner(state: State, k: int = 0) -> int:
    return state.topo.hex_intersections[state.topo.hex_index["0,0"]][k]


def only_skip(state: State, seat: int, card_id: str) -> None:
    """The card has no legal effect: only ``skip`` is offered, and the skipped play is accepted."""
    inst = hand(state, seat, card_id)
    assert card_moves(state, seat, inst) == [{"instanceId": inst, "skip": True}]
    before = copy.deepcopy(state.players)
    play(state, seat, "playProgressCard", instanceId=inst, skip=True)
    assert state.pending is None
    assert [p.res for p in state.players] == [p.res for p in before]
    assert state.decks[progress.CARDS[card_id].deck][-1]["instanceId"] == inst


# ---------------------------------------------------------------------------- Diplomacy


def road_line(state: State, seat: int, start: int, n: int) -> tuple[list[int], list[int]]:
    """A settlement at ``start`` and ``n`` roads leading away from it."""
    put(state, seat, start)
    return roads_along(state, seat, start, n)


def test_diplomacy_removes_an_open_opponent_road_and_recomputes_at_once() -> None:
    """rules §14 Diplomacy / §11.4: an open road returns to its owner; longest road is re-awarded now."""
    state = in_action()
    edges, _ = road_line(state, 1, centre_corner(state), 5)
    longest_road.recompute(state)
    assert state.longest_holder == 1
    inst = hand(state, 0, "politicsDiplomacy")
    offered = [m["edgeId"] for m in card_moves(state, 0, inst)]
    assert offered == [state.topo.edge_ids[edges[-1]]]
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "playProgressCard", instanceId=inst, edgeId=state.topo.edge_ids[edges[1]])
    assert err.value.code == "road_not_open"
    roads = state.players[1].roads
    play(state, 0, "playProgressCard", instanceId=inst, edgeId=state.topo.edge_ids[edges[-1]])
    assert state.road[edges[-1]] == -1 and state.players[1].roads == roads + 1
    assert state.pending is None and state.longest_holder is None


def test_diplomacy_on_an_own_road_offers_an_optional_rebuild_and_defers_longest_road() -> None:
    """rules §14 Diplomacy / §11.4: own road removed: roadBuildingPlace with maySkip; the award waits."""
    state = in_action()
    edges, _ = road_line(state, 0, centre_corner(state), 5)
    longest_road.recompute(state)
    give(state, 0, brick=1, lumber=1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsDiplomacy"),
         edgeId=state.topo.edge_ids[edges[-1]])
    pending = state.pending
    assert pending is not None and pending["type"] == "roadBuildingPlace"
    assert pending["payload"] == {"maySkip": True} and pending["actingPlayerId"] == "p1"
    valid_views(state)
    assert state.players[0].free_roads == 1
    assert state.longest_holder == 0  # deferred: 4 roads would lose it
    assert answers(state, 0, "skipRoadBuilding") == [{}]
    assert {"edgeId": state.topo.edge_ids[edges[-1]]} in answers(state, 0, "buildRoad")
    refused(state, 0, "endTurn", "pending_open")
    play(state, 0, "skipRoadBuilding")
    assert state.pending is None and state.players[0].free_roads == 0
    assert state.longest_holder is None
    assert state.players[0].res["brick"] == 1  # nothing was charged


def test_diplomacy_rebuild_is_free_and_settles_longest_road() -> None:
    """rules §14 Diplomacy: the free road is placed like a bought one, for nothing; then the award runs."""
    state = in_action()
    edges, _ = road_line(state, 0, centre_corner(state), 5)
    longest_road.recompute(state)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsDiplomacy"),
         edgeId=state.topo.edge_ids[edges[-1]])
    play(state, 0, "buildRoad", edgeId=state.topo.edge_ids[edges[-1]])
    assert state.pending is None and state.road[edges[-1]] == 0
    assert state.longest_holder == 0 and state.players[0].free_roads == 0


def test_diplomacy_own_road_without_a_legal_spot_opens_nothing() -> None:
    """rules §14 Diplomacy: with no legal placement left no roadBuildingPlace is installed."""
    state = in_action()
    e = state.topo.int_edges[centre_corner(state)][0]
    road(state, 0, e)  # a lone road: removing it leaves no network to build from
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsDiplomacy"),
         edgeId=state.topo.edge_ids[e])
    assert state.pending is None and state.road[e] == -1 and state.players[0].free_roads == 0


def test_diplomacy_with_no_open_road_is_played_for_nothing() -> None:
    """rules §14 Diplomacy: no open road: the card may still be played (skip)."""
    state = in_action()
    only_skip(state, 0, "politicsDiplomacy")


# ------------------------------------------------------------------------ Encouragement


def test_encouragement_activates_every_inactive_knight_who_then_cannot_act() -> None:
    """rules §14 Encouragement / §10.7: free activation; the knights join knightsActivatedThisTurn."""
    state = in_action()
    a, b = centre_corner(state, 0), centre_corner(state, 3)
    ka = knight(state, 0, a, active=False)
    kb = knight(state, 0, b, "strong", active=False)
    kc = knight(state, 1, state.topo.int_neighbors[a][0], active=False)
    road(state, 0, state.topo.int_edges[a][0])
    inst = hand(state, 0, "politicsEncouragement")
    assert card_moves(state, 0, inst) == [{"instanceId": inst}]
    play(state, 0, "playProgressCard", instanceId=inst)
    assert state.knights[ka].active and state.knights[kb].active and not state.knights[kc].active
    assert state.players[0].knights_activated == sorted([ka, kb])
    assert state.players[0].res["grain"] == 0
    dest = state.topo.other_end(state.topo.int_edges[a][0], a)
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "moveKnight", knightId=ka, intersectionId=state.topo.int_ids[dest])
    assert err.value.code == "knight_just_activated"


def test_encouragement_without_inactive_knights_changes_nothing() -> None:
    """rules §14 Encouragement: with no inactive knight the play has no benefit but is legal."""
    state = in_action()
    k = knight(state, 0, centre_corner(state), active=True)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsEncouragement"))
    assert state.players[0].knights_activated == [] and state.knights[k].active


# ---------------------------------------------------------------------------- Espionage


def test_espionage_looks_at_a_hand_and_takes_one_card() -> None:
    """rules §14 Espionage: espionageChooseCard lists the target's cards; the chosen one changes hands."""
    state = in_action()
    taken = hand(state, 1, "scienceMason")
    kept = hand(state, 1, "tradeTribute")
    inst = hand(state, 0, "politicsEspionage")
    assert card_moves(state, 0, inst) == [{"instanceId": inst, "targetPlayerId": "p2"}]
    refused(state, 0, "playProgressCard", "no_cards", instanceId=inst, targetPlayerId="p3")
    play(state, 0, "playProgressCard", instanceId=inst, targetPlayerId="p2")
    pending = state.pending
    assert pending is not None and pending["type"] == "espionageChooseCard"
    assert pending["actingPlayerId"] == "p1"
    assert [c["instanceId"] for c in pending["payload"]["eligibleCards"]] == [taken, kept]
    valid_views(state)
    assert answers(state, 0) == [{"targetInstanceId": taken}, {"targetInstanceId": kept}, {"skip": True}]
    refused(state, 0, "resolveOptionalCardEffect", "no_such_card", targetInstanceId=inst)
    play(state, 0, "resolveOptionalCardEffect", targetInstanceId=taken)
    assert state.pending is None
    assert [c["instanceId"] for c in state.players[0].hand] == [taken]
    assert [c["instanceId"] for c in state.players[1].hand] == [kept]


def test_espionage_may_take_nothing() -> None:
    """rules §14 Espionage: the actor may decline the steal with skip."""
    state = in_action()
    kept = hand(state, 2, "politicsSabotage")
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsEspionage"), targetPlayerId="p3")
    play(state, 0, "resolveOptionalCardEffect", skip=True)
    assert state.pending is None and [c["instanceId"] for c in state.players[2].hand] == [kept]
    assert state.players[0].hand == []


def test_espionage_with_no_progress_cards_around_is_played_for_nothing() -> None:
    """rules §14 Espionage: no opponent holds a progress card: skip only."""
    state = in_action()
    only_skip(state, 0, "politicsEspionage")


# --------------------------------------------------------------------------- Conspiracy


def conspiracy_board(state: State, retreat_roads: int) -> tuple[str, list[int]]:
    """p1's road touches corner b where p2's knight stands; p2 has ``retreat_roads`` roads from b."""
    a = centre_corner(state)
    e = state.topo.int_edges[a][0]
    road(state, 0, e)
    b = state.topo.other_end(e, a)
    kid = knight(state, 1, b, "mighty", active=True)
    spots: list[int] = []
    here, used = b, {a, b}
    for _ in range(retreat_roads):
        x = next(x for x in state.topo.int_edges[here] if state.topo.other_end(x, here) not in used)
        road(state, 1, x)
        here = state.topo.other_end(x, here)
        used.add(here)
        spots.append(here)
    return kid, spots


def test_conspiracy_with_no_retreat_sends_the_knight_to_supply() -> None:
    """rules §14 Conspiracy: 0 retreat spots: the knight goes back to its owner's supply."""
    state = in_action()
    kid, _ = conspiracy_board(state, 0)
    inst = hand(state, 0, "politicsIntrigue")
    assert card_moves(state, 0, inst) == [{"instanceId": inst, "targetKnightId": kid}]
    play(state, 0, "playProgressCard", instanceId=inst, targetKnightId=kid)
    assert kid not in state.knights and state.players[1].knights["mighty"] == C.KNIGHT_SUPPLY["mighty"]
    assert state.pending is None and state.players[0].knight_actions_used == []


def test_conspiracy_with_one_retreat_moves_the_knight_there() -> None:
    """rules §14 Conspiracy: exactly one spot: automatic retreat keeping its active state."""
    state = in_action()
    kid, spots = conspiracy_board(state, 1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsIntrigue"), targetKnightId=kid)
    assert state.pending is None
    assert state.knights[kid].at == spots[0] and state.knights[kid].active
    assert state.knight_at[spots[0]] == kid


def test_conspiracy_with_several_retreats_lets_the_owner_choose() -> None:
    """rules §14 Conspiracy / §10.6: two or more spots: chooseKnightRetreat for the knight's owner."""
    state = in_action()
    kid, spots = conspiracy_board(state, 2)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsIntrigue"), targetKnightId=kid)
    pending = state.pending
    assert pending is not None and pending["type"] == "chooseKnightRetreat"
    assert pending["allowedPlayerIds"] == ["p2"]
    offered = sorted(pending["payload"]["eligibleIntersectionIds"])
    assert offered == sorted(state.topo.int_ids[i] for i in spots)
    play(state, 1, "displaceKnight", intersectionId=state.topo.int_ids[spots[1]])
    assert state.pending is None and state.knights[kid].at == spots[1]


def test_conspiracy_needs_a_knight_next_to_an_own_road() -> None:
    """rules §14 Conspiracy: the target stands beside one of the actor's roads; else skip only."""
    state = in_action()
    far = centre_corner(state, 3)
    kid = knight(state, 1, far)
    inst = hand(state, 0, "politicsIntrigue")
    refused(state, 0, "playProgressCard", "not_adjacent", instanceId=inst, targetKnightId=kid)
    state.players[0].hand.remove(next(c for c in state.players[0].hand if c["instanceId"] == inst))
    only_skip(state, 0, "politicsIntrigue")


# ----------------------------------------------------------------------------- Sabotage


def test_sabotage_opens_one_shared_discard_tagged_sabotage() -> None:
    """rules §14 Sabotage: opponents with VP >= the actor's discard half; source 'sabotage'."""
    state = in_action()
    lead(state, 0, 1)
    lead(state, 1, 2)  # ahead: owes
    lead(state, 2, 0)  # behind: spared
    give(state, 1, ore=5)
    give(state, 2, wool=9)
    give(state, 0, grain=9)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsSabotage"))
    pending = state.pending
    assert pending is not None and pending["type"] == "discardResources"
    assert pending["payload"]["source"] == "sabotage"
    valid_views(state)
    assert pending["payload"]["required"] == {"p2": 2}
    assert pending["actingPlayerId"] is None and pending["allowedPlayerIds"] == ["p2"]
    play(state, 1, "discardHalf", cards=["ore", "ore"])
    assert state.pending is None and state.players[1].res["ore"] == 3


def test_sabotage_counts_ties_and_spares_one_card_hands() -> None:
    """rules §14 Sabotage: equal points count; a one-card hand owes 0 and is left out."""
    state = in_action()
    give(state, 1, wool=3, coin=1)
    give(state, 2, wool=1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsSabotage"))
    assert state.pending is not None
    assert state.pending["payload"]["required"] == {"p2": 2}
    assert state.pending["allowedPlayerIds"] == ["p2"]


def test_sabotage_with_nobody_owing_is_played_for_nothing() -> None:
    """rules §14 Sabotage: when no opponent must discard, the play has no effect and opens nothing."""
    state = in_action()
    give(state, 1, wool=1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsSabotage"))
    assert state.pending is None and state.players[1].res["wool"] == 1


# ----------------------------------------------------------------------------- Taxation


def taxation_board(state: State) -> tuple[int, str]:
    """A non-desert hex with buildings of every player around it; robber active on the desert."""
    h = next(k for k, t in enumerate(state.terrain) if t != "desert")
    corners = state.topo.hex_intersections[h]
    put(state, 0, corners[0])
    put(state, 1, corners[2])
    put(state, 2, corners[4])
    state.robber_active = True
    state.robber_hex = state.terrain.index("desert")
    return h, state.topo.hex_ids[h]


def test_taxation_steals_once_from_each_neighbour_in_seat_order_from_the_current_player() -> None:
    """rules §14 Taxation / digest §6 item 6: one keyed steal per victim, seat order after the actor."""
    state = in_action(current=1)
    h, hid = taxation_board(state)
    give(state, 0, ore=2, coin=1)
    give(state, 2, wool=1, grain=3)
    expected = copy.deepcopy(state)
    expected.robber_hex = h
    robber.steal(expected, 1, 2)  # p3 first (seat after p2), then p1
    robber.steal(expected, 1, 0)
    ordinal = state.steal_ordinal
    play(state, 1, "playProgressCard", instanceId=hand(state, 1, "politicsTaxation"), hexId=hid)
    assert state.robber_hex == h and state.pending is None
    assert state.steal_ordinal == ordinal + 2
    assert [p.res for p in state.players] == [p.res for p in expected.players]
    assert [p.com for p in state.players] == [p.com for p in expected.players]
    assert state.players[1].hand_size() == 2


def test_taxation_skips_empty_hands_without_using_an_ordinal() -> None:
    """digest §7 ruling 11: an empty-handed neighbour is skipped and consumes no steal ordinal."""
    state = in_action()
    _, hid = taxation_board(state)
    give(state, 2, brick=1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsTaxation"), hexId=hid)
    assert state.steal_ordinal == 1 and state.players[0].res["brick"] == 1


def test_taxation_needs_an_active_robber_and_a_new_hex() -> None:
    """rules §14 Taxation: refused before the first attack or on the robber's own hex."""
    state = in_action()
    _, hid = taxation_board(state)
    desert = state.topo.hex_ids[state.terrain.index("desert")]
    inst = hand(state, 0, "politicsTaxation")
    refused(state, 0, "playProgressCard", "same_hex", instanceId=inst, hexId=desert)
    assert len(card_moves(state, 0, inst)) == len(state.topo.hex_ids) - 1
    state.robber_active = False
    refused(state, 0, "playProgressCard", "robber_inactive", instanceId=inst, hexId=hid)
    state.players[0].hand.clear()
    only_skip(state, 0, "politicsTaxation")


# ------------------------------------------------------------------------------ Treason


def treason_board(state: State, target_levels: list[str], active: bool = True) -> tuple[list[str], list[int]]:
    """p2 knights on far corners; p1 has one road with two empty corners beside it."""
    a = centre_corner(state)
    e = state.topo.int_edges[a][0]
    road(state, 0, e)
    spots = list(state.topo.edge_ends[e])
    far = [i for i in range(len(state.topo.int_ids))
           if i not in spots and all(i not in state.topo.int_neighbors[s] for s in spots)]
    kids = [knight(state, 1, far[k * 3], lv, active) for k, lv in enumerate(target_levels)]
    return kids, spots


def test_treason_removes_a_lone_knight_at_once_then_offers_a_placement() -> None:
    """rules §14 Treason: one knight goes straight back to supply; treasonPlaceKnight for the actor."""
    state = in_action()
    (kid,), spots = treason_board(state, ["strong"], active=True)
    inst = hand(state, 0, "politicsTreason")
    assert card_moves(state, 0, inst) == [{"instanceId": inst, "targetPlayerId": "p2"}]
    play(state, 0, "playProgressCard", instanceId=inst, targetPlayerId="p2")
    assert kid not in state.knights and state.players[1].knights["strong"] == C.KNIGHT_SUPPLY["strong"]
    pending = state.pending
    assert pending is not None and pending["type"] == "treasonPlaceKnight"
    assert pending["actingPlayerId"] == "p1" and pending["payload"] == {"maxLevel": 2}
    valid_views(state)
    offered = answers(state, 0)
    assert {"skip": True} in offered
    assert {o["level"] for o in offered if "level" in o} == {"basic", "strong"}
    assert {o["intersectionId"] for o in offered if "level" in o} == {state.topo.int_ids[i] for i in spots}
    spot = state.topo.int_ids[spots[0]]
    refused(state, 0, "resolveOptionalCardEffect", "too_strong", intersectionId=spot, level="mighty")
    play(state, 0, "resolveOptionalCardEffect", intersectionId=spot, level="strong")
    new = state.knight_at[spots[0]]
    assert new is not None and state.knights[new].owner == 0
    assert state.knights[new].level == "strong" and state.knights[new].active
    assert state.players[0].knights["strong"] == C.KNIGHT_SUPPLY["strong"] - 1
    assert state.pending is None


def test_treason_allows_a_mighty_knight_without_politics_three() -> None:
    """rules §14 Treason: the removed knight's level is the only ceiling; inactive state is inherited."""
    state = in_action()
    assert state.players[0].levels["politics"] == 0
    _, spots = treason_board(state, ["mighty"], active=False)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsTreason"), targetPlayerId="p2")
    assert state.pending is not None and state.pending["payload"]["maxLevel"] == 3
    play(state, 0, "resolveOptionalCardEffect", intersectionId=state.topo.int_ids[spots[1]], level="mighty")
    new = state.knight_at[spots[1]]
    assert new is not None and state.knights[new].level == "mighty" and not state.knights[new].active


def test_treason_target_with_several_knights_chooses_which_one() -> None:
    """rules §14 Treason / §16: treasonChooseKnight is answered by the target player."""
    state = in_action()
    kids, _ = treason_board(state, ["basic", "strong"])
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsTreason"), targetPlayerId="p2")
    pending = state.pending
    assert pending is not None and pending["type"] == "treasonChooseKnight"
    assert pending["allowedPlayerIds"] == ["p2"]
    assert pending["payload"] == {"eligibleKnightIds": sorted(kids)}
    valid_views(state)
    assert answers(state, 1) == [{"targetKnightId": k} for k in sorted(kids)]
    refused(state, 0, "resolveOptionalCardEffect", "not_your_decision", targetKnightId=kids[0])
    play(state, 1, "resolveOptionalCardEffect", targetKnightId=kids[0])
    assert kids[0] not in state.knights and kids[1] in state.knights
    pending = state.pending
    assert pending is not None and pending["type"] == "treasonPlaceKnight"
    assert pending["payload"]["maxLevel"] == 1
    play(state, 0, "resolveOptionalCardEffect", skip=True)
    assert state.pending is None and sum(1 for k in state.knights.values() if k.owner == 0) == 0


def test_treason_skips_the_placement_without_an_eligible_knight_in_supply() -> None:
    """rules §14 Treason: with no knight of equal or lesser strength in supply nothing is offered."""
    state = in_action()
    treason_board(state, ["basic"])
    state.players[0].knights["basic"] = 0
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsTreason"), targetPlayerId="p2")
    assert state.pending is None


def test_treason_with_no_knight_on_the_board_is_played_for_nothing() -> None:
    """rules §14 Treason: no opponent has a knight: skip only."""
    state = in_action()
    only_skip(state, 0, "politicsTreason")


# ---------------------------------------------------------------------------- Betrothal


def test_betrothal_givers_answer_one_at_a_time_in_seat_order_from_the_current_player() -> None:
    """rules §14 Betrothal / digest §7 ruling 8: richer opponents with cards give min(2, hand) each."""
    state = GAME.new_game(7, {"players": PLAYERS + [{"id": "p4", "name": "Di"}]})
    state.phase, state.current, state.turn_number, state.setup_step = "action", 2, 1, 8
    for s in (0, 1, 3):
        lead(state, s, 1)
    give(state, 3, ore=1)          # p4: one card
    # p1: richer but empty-handed: skipped
    give(state, 1, wool=2, coin=2)  # p2
    play(state, 2, "playProgressCard", instanceId=hand(state, 2, "politicsBetrothal"))
    pending = state.pending
    assert pending is not None and pending["type"] == "weddingGiveCards"
    assert pending["allowedPlayerIds"] == ["p4"]
    assert pending["payload"] == {"requiredCount": 1, "recipient": "p3"}
    valid_views(state)
    assert answers(state, 3) == [{"cards": [{"type": "ore", "count": 1}]}]
    play(state, 3, "resolveOptionalCardEffect", cards=[{"type": "ore", "count": 1}])
    pending = state.pending
    assert pending is not None and pending["allowedPlayerIds"] == ["p2"]
    assert pending["payload"]["requiredCount"] == 2
    refused(state, 1, "resolveOptionalCardEffect", "wrong_card_count", cards=[{"type": "wool", "count": 1}])
    refused(state, 1, "resolveOptionalCardEffect", "bad_payload", skip=True)
    gift = [{"type": "wool", "count": 1}, {"type": "coin", "count": 1}]
    play(state, 1, "resolveOptionalCardEffect", cards=gift)
    assert state.pending is None
    p3 = state.players[2]
    assert (p3.res["ore"], p3.res["wool"], p3.com["coin"]) == (1, 1, 1)


def test_betrothal_ignores_equal_or_poorer_opponents() -> None:
    """rules §14 Betrothal: only strictly richer opponents give; with none the play changes nothing."""
    state = in_action()
    give(state, 1, ore=3)
    give(state, 2, ore=3)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsBetrothal"))
    assert state.pending is None and state.players[0].hand_size() == 0


# ------------------------------------------------------------------------------ Charter


def test_charter_is_revealed_on_draw_and_never_played() -> None:
    """rules §14 Charter: a VP card goes to revealedVpCards (+1 VP), never into the hand."""
    state = in_action()
    pile = state.decks["politics"]
    k = next(k for k, c in enumerate(pile) if c["cardId"] == "politicsCharter")
    pile.insert(0, pile.pop(k))
    vp = victory.victory_points(state, 1)
    decks.draw(state, 1, "politics")
    assert state.players[1].hand == [] and state.players[1].revealed_vp[0]["cardId"] == "politicsCharter"
    assert victory.victory_points(state, 1) == vp + 1
    assert "politicsCharter" not in progress.CARDS


def test_politics_cards_are_action_phase_only() -> None:
    """rules §14 Playing: only Augury is played before the roll."""
    state = in_action()
    state.phase = "roll"
    inst = hand(state, 0, "politicsSabotage")
    refused(state, 0, "playProgressCard", "wrong_phase", instanceId=inst)


def test_card_lists_in_a_pending_are_seen_only_by_the_deciding_player() -> None:
    """rules §5.5 hidden information, §14 Espionage and Tribute: the target's cards listed in the
    pending are the decider's to see; every other seat and the spectator get the list empty."""
    state = in_action()
    hand(state, 1, "scienceMason")
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "politicsEspionage"), targetPlayerId="p2")
    assert GAME.view(state, 0)["pendingDecision"]["payload"]["eligibleCards"]
    for seat in (None, 1, 2):
        assert GAME.view(state, seat)["pendingDecision"]["payload"]["eligibleCards"] == []
    valid_views(state)
