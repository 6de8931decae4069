"""The science deck's cards: effects, pendings and plays for no benefit (rules §14 science)."""

from __future__ import annotations

from typing import Any

import pytest
from codex_helpers import give, hand, in_action, knight, play, put, refused, road, roll_with_face

from toolkit.games.base import IllegalMove
from toolkit.games.codex import berserker, engine
from toolkit.games.codex.cards_science import PROTECTED_NUMBER_TOKENS
from toolkit.games.codex.state import State


def card(state: State, seat: int, card_id: str, **payload: Any) -> list[dict[str, Any]]:
    """Hand ``seat`` a copy of ``card_id`` and play it with ``payload``."""
    return play(state, seat, "playProgressCard", instanceId=hand(state, seat, card_id), **payload)


def card_moves(state: State, seat: int) -> list[dict[str, Any]]:
    return [m["payload"] for m in engine.legal_moves(state, seat) if m["type"] == "playProgressCard"]


def consumed(state: State, seat: int, card_id: str) -> bool:
    return state.decks["science"][-1]["cardId"] == card_id and all(
        c["cardId"] != card_id for c in state.players[seat].hand
    )


# ------------------------------------------------------------------------------ Augury


def test_augury_presets_both_production_dice() -> None:
    """rules §14 Augury / §6.1: the chosen dice are the roll (die2 is the red die); the event die
    is still thrown from the roll stream."""
    state = in_action()
    state.phase = "roll"
    roll_with_face(state, "science")
    state.players[0].levels["science"] = 1
    card(state, 0, "scienceAugury", die1=5, die2=2)
    assert state.phase == "roll" and state.dice_preset == (5, 2)
    play(state, 0, "rollDice")
    d = state.dice
    assert (d["die1"], d["die2"], d["sum"], d["redDie"], d["alchemyPreset"]) == (5, 2, 7, 2, True)
    assert d["eventDieResult"] == "science"
    assert len(state.players[0].hand) + len(state.players[0].revealed_vp) == 1  # red 2 <= level 1 + 1


def test_augury_once_per_turn_and_only_before_rolling() -> None:
    """rules §14 Augury / §5.1: pre-roll only, at most one per turn; die values 1-6."""
    state = in_action()
    state.phase = "roll"
    first = hand(state, 0, "scienceAugury")
    second = hand(state, 0, "scienceAugury")
    refused(state, 0, "playProgressCard", "bad_payload", instanceId=first, die1=0, die2=3)
    assert len(card_moves(state, 0)) == 36
    play(state, 0, "playProgressCard", instanceId=first, die1=1, die2=1)
    refused(state, 0, "playProgressCard", "once_per_turn", instanceId=second, die1=6, die2=6)
    assert card_moves(state, 0) == []
    play(state, 0, "rollDice")
    refused(state, 0, "playProgressCard", "wrong_phase", instanceId=second, die1=6, die2=6)


def test_augury_playable_after_a_turn_passes() -> None:
    """rules §14 Augury: the once-per-turn record clears with the turn."""
    state = in_action()
    state.players[0].progress_played = ["scienceAugury"]
    play(state, 0, "endTurn")
    assert state.players[0].progress_played == []


# ------------------------------------------------------------------------------- Mason


def test_mason_improves_one_commodity_cheaper() -> None:
    """rules §14 Mason / §13.1: the play raises the track for one commodity less (min 0)."""
    state = in_action()
    put(state, 0, 0, "city")
    card(state, 0, "scienceMason", track="trade")
    assert state.players[0].levels["trade"] == 1 and state.players[0].com["cloth"] == 0
    state.players[0].levels["trade"] = 2
    give(state, 0, cloth=2)
    card(state, 0, "scienceMason", track="trade")
    assert state.players[0].levels["trade"] == 3 and state.players[0].com["cloth"] == 0
    assert not state.players[0].crane_played and consumed(state, 0, "scienceMason")


def test_mason_can_win_a_metropolis_and_obeys_the_host_rule() -> None:
    """rules §14 Mason / §13.3: reaching 4 opens chooseMetropolisCity; with no free host the
    play is refused and the card stays in hand."""
    state = in_action()
    put(state, 0, 0, "city")
    state.b_metro[0] = "trade"
    state.players[0].levels["science"] = 3
    give(state, 0, paper=3)
    iid = hand(state, 0, "scienceMason")
    refused(state, 0, "playProgressCard", "no_host_city", instanceId=iid, track="science")
    assert state.players[0].hand[0]["instanceId"] == iid and state.players[0].com["paper"] == 3
    far = next(i for i in range(len(state.b_type)) if i not in state.topo.int_neighbors[0] and i != 0)
    put(state, 0, far, "city")
    play(state, 0, "playProgressCard", instanceId=iid, track="science")
    assert state.pending is not None and state.pending["type"] == "chooseMetropolisCity"
    assert state.pending["payload"]["eligibleIntersectionIds"] == [state.topo.int_ids[far]]
    assert state.players[0].com["paper"] == 0


def test_mason_without_a_legal_track_is_played_for_nothing() -> None:
    """rules §14 Playing: with no city, Mason has no legal payload, so only skip is offered."""
    state = in_action()
    iid = hand(state, 0, "scienceMason")
    assert card_moves(state, 0) == [{"instanceId": iid, "skip": True}]
    refused(state, 0, "playProgressCard", "no_city", instanceId=iid, track="science")
    play(state, 0, "playProgressCard", instanceId=iid, skip=True)
    assert state.players[0].levels == {"science": 0, "trade": 0, "politics": 0}
    assert consumed(state, 0, "scienceMason")


# ------------------------------------------------------------------------- Engineering


def test_engineering_builds_a_free_wall() -> None:
    """rules §14 Engineering: a wall on an own unwalled city, from supply, paying nothing."""
    state = in_action()
    put(state, 0, 0, "city")
    put(state, 1, 20, "city")
    iid = hand(state, 0, "scienceEngineering")
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "playProgressCard", instanceId=iid, intersectionId=state.topo.int_ids[20])
    assert err.value.code == "not_your_city"
    play(state, 0, "playProgressCard", instanceId=iid, intersectionId=state.topo.int_ids[0])
    assert state.b_wall[0] and state.players[0].walls == 2 and state.players[0].res["brick"] == 0


def test_engineering_respects_the_wall_limits() -> None:
    """rules §14 Engineering / §9.5: needs a wall in supply and fewer than 3 on the board;
    without any target only skip is offered."""
    state = in_action()
    corners = [0, 20, 40, 50]
    for i in corners[:3]:
        put(state, 0, i, "city", wall=True)
    put(state, 0, corners[3], "city")
    state.players[0].walls = 1  # a custom supply: 3 on the board still blocks
    iid = hand(state, 0, "scienceEngineering")
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "playProgressCard", instanceId=iid, intersectionId=state.topo.int_ids[corners[3]])
    assert err.value.code == "wall_limit"
    assert card_moves(state, 0) == [{"instanceId": iid, "skip": True}]
    play(state, 0, "playProgressCard", instanceId=iid, skip=True)
    assert not state.b_wall[corners[3]] and consumed(state, 0, "scienceEngineering")


# --------------------------------------------------------------------------- Geomancer


def test_geomancer_swaps_two_unprotected_tokens() -> None:
    """rules §14 Geomancer: two tokened non-desert hexes swap tokens; the robber stays."""
    state = in_action()
    free = [h for h, t in enumerate(state.tokens) if t is not None and t not in PROTECTED_NUMBER_TOKENS]
    a, b = next((x, y) for x in free for y in free if state.tokens[x] != state.tokens[y])
    ta, tb = state.tokens[a], state.tokens[b]
    state.robber_hex = a
    ids = state.topo.hex_ids
    card(state, 0, "scienceGeomancer", hexAId=ids[a], hexBId=ids[b])
    assert (state.tokens[a], state.tokens[b]) == (tb, ta) and state.robber_hex == a


@pytest.mark.parametrize("what", ["protected", "desert", "same"])
def test_geomancer_refuses_protected_desert_and_same_hex(what: str) -> None:
    """rules §14 Geomancer: 2, 6, 8 and 12 never move; the desert has no token; two hexes."""
    state = in_action()
    free = [h for h, t in enumerate(state.tokens) if t is not None and t not in PROTECTED_NUMBER_TOKENS]
    other = {
        "protected": next(h for h, t in enumerate(state.tokens) if t in PROTECTED_NUMBER_TOKENS),
        "desert": state.terrain.index("desert"),
        "same": free[0],
    }[what]
    ids = state.topo.hex_ids
    before = list(state.tokens)
    with pytest.raises(IllegalMove) as err:
        card(state, 0, "scienceGeomancer", hexAId=ids[free[0]], hexBId=ids[other])
    assert err.value.code == ("same_hex" if what == "same" else "protected_token")
    assert state.tokens == before


def test_geomancer_candidates_and_no_benefit_play() -> None:
    """rules §14 Geomancer / Playing: candidates never name a protected token; with no movable
    pair only skip is offered."""
    state = in_action()
    iid = hand(state, 0, "scienceGeomancer")
    moves = card_moves(state, 0)
    idx = state.topo.hex_index
    assert moves and all(
        state.tokens[idx[m[k]]] not in PROTECTED_NUMBER_TOKENS for m in moves for k in ("hexAId", "hexBId")
    )
    state.tokens = [t if t in PROTECTED_NUMBER_TOKENS else None for t in state.tokens]
    assert card_moves(state, 0) == [{"instanceId": iid, "skip": True}]
    play(state, 0, "playProgressCard", instanceId=iid, skip=True)
    assert consumed(state, 0, "scienceGeomancer")


# ----------------------------------------------------------------- Aqueducts / Delving


def _corner_on_two(state: State, terrain: str) -> tuple[int, list[int]]:
    """A corner touching at least two hexes of ``terrain`` (made so if needed)."""
    i = state.topo.hex_intersections[state.topo.hex_index["0,0"]][0]
    hexes = list(state.topo.int_hexes[i])[:2]
    for h in hexes:
        state.terrain[h] = terrain
    return i, sorted(set(hexes))


@pytest.mark.parametrize(("card_id", "terrain", "kind"), [
    ("scienceIrrigation", "fields", "grain"),
    ("scienceMining", "mountains", "ore"),
])
def test_harvest_cards_pay_two_per_distinct_hex(card_id: str, terrain: str, kind: str) -> None:
    """rules §14 Aqueducts / Delving: 2 per different matching hex touching any own building;
    a hex touched by two buildings counts once."""
    state = in_action()
    for h, t in enumerate(state.terrain):
        if t == terrain:
            state.terrain[h] = "hills"
    i, hexes = _corner_on_two(state, terrain)
    put(state, 0, i, "settlement")
    h0 = hexes[0]
    j = next(c for c in state.topo.hex_intersections[h0] if c != i and c not in state.topo.int_neighbors[i])
    put(state, 0, j, "city")
    bank = state.bank[kind]
    card(state, 0, card_id)
    assert state.players[0].res[kind] == 2 * len(hexes) == 4
    assert state.bank[kind] == bank - 4


@pytest.mark.parametrize(("card_id", "terrain", "kind"), [
    ("scienceIrrigation", "fields", "grain"),
    ("scienceMining", "mountains", "ore"),
])
def test_harvest_cards_bank_limited_and_playable_for_nothing(card_id: str, terrain: str, kind: str) -> None:
    """rules §14 Aqueducts / Delving: the bank limits the gift; with no matching hex the card is
    still played (no skip: its empty payload is legal)."""
    state = in_action()
    i, _ = _corner_on_two(state, terrain)
    put(state, 0, i)
    state.bank[kind] = 3
    card(state, 0, card_id)
    assert state.players[0].res[kind] == 3 and state.bank[kind] == 0
    other = in_action()
    iid = hand(other, 0, card_id)
    assert card_moves(other, 0) == [{"instanceId": iid}]
    play(other, 0, "playProgressCard", instanceId=iid)
    assert other.players[0].res[kind] == 0 and consumed(other, 0, card_id)
    with pytest.raises(IllegalMove) as err:
        card(other, 0, card_id, extra=1)
    assert err.value.code == "bad_payload"


# --------------------------------------------------------------------------- Apothecary


def test_apothecary_upgrades_for_two_ore_and_a_grain() -> None:
    """rules §14 Apothecary: the play turns the chosen own settlement into a city for 2 ore + 1 grain."""
    state = in_action()
    put(state, 0, 0)
    give(state, 0, ore=2, grain=1)
    card(state, 0, "scienceMedicine", intersectionId=state.topo.int_ids[0])
    p = state.players[0]
    assert state.b_type[0] == "city" and p.res["ore"] == 0 and p.res["grain"] == 0
    assert p.cities == 3 and p.settlements == 5 and not p.medicine_played


def test_apothecary_checks_target_and_cost() -> None:
    """rules §14 Apothecary / §9.4: an own settlement, and the 2 ore + 1 grain must be there."""
    state = in_action()
    put(state, 0, 0)
    put(state, 1, 20)
    give(state, 0, ore=1, grain=1)
    iid = hand(state, 0, "scienceMedicine")
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "playProgressCard", instanceId=iid, intersectionId=state.topo.int_ids[0])
    assert err.value.code == "cannot_afford"
    give(state, 0, ore=1)
    with pytest.raises(IllegalMove) as err2:
        play(state, 0, "playProgressCard", instanceId=iid, intersectionId=state.topo.int_ids[20])
    assert err2.value.code == "not_your_settlement"
    assert card_moves(state, 0) == [{"instanceId": iid, "intersectionId": state.topo.int_ids[0]}]


def test_apothecary_rebuilds_a_sideways_city_without_supply() -> None:
    """rules §14 Apothecary / §8.5: a sideways pillaged piece is rebuilt even with no city in supply."""
    state = in_action()
    put(state, 0, 0, "city")
    state.players[0].settlements = 0
    berserker.downgrade(state, 0)
    state.players[0].cities = 0
    give(state, 0, ore=2, grain=1)
    card(state, 0, "scienceMedicine", intersectionId=state.topo.int_ids[0])
    assert state.b_type[0] == "city" and not state.b_sideways[0] and state.players[0].cities == 0


def test_apothecary_without_a_settlement_is_played_for_nothing() -> None:
    """rules §14 Playing: no affordable settlement to upgrade means only skip is offered."""
    state = in_action()
    iid = hand(state, 0, "scienceMedicine")
    assert card_moves(state, 0) == [{"instanceId": iid, "skip": True}]
    play(state, 0, "playProgressCard", instanceId=iid, skip=True)
    assert consumed(state, 0, "scienceMedicine")


# ---------------------------------------------------------------------------- Tempering


def test_tempering_promotes_two_knights_for_free() -> None:
    """rules §14 Tempering: smithingPromote with promotionsRemaining 2; each step promotes one
    knight at no cost, once per knight per turn."""
    state = in_action()
    a = knight(state, 0, 0)
    b = knight(state, 0, 20)
    card(state, 0, "scienceTempering")
    assert state.pending is not None and state.pending["type"] == "smithingPromote"
    assert state.pending["payload"] == {"promotionsRemaining": 2}
    moves = [m["payload"] for m in engine.legal_moves(state, 0)]
    assert moves == [{"knightId": a}, {"knightId": b}, {"skip": True}]
    play(state, 0, "resolveOptionalCardEffect", knightId=a)
    assert state.pending is not None and state.pending["payload"] == {"promotionsRemaining": 1}
    refused(state, 0, "resolveOptionalCardEffect", "knight_already_promoted", knightId=a)
    play(state, 0, "resolveOptionalCardEffect", knightId=b)
    assert state.pending is None
    assert state.knights[a].level == state.knights[b].level == "strong"
    assert state.players[0].res == {"lumber": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 0}
    assert state.players[0].knights == {"basic": 2, "strong": 0, "mighty": 2}


def test_tempering_mighty_needs_politics_and_skip_stops_early() -> None:
    """rules §14 Tempering / §13.2: strong -> mighty only from politics 3; skip ends the pending;
    when no knight is left to promote the pending closes by itself."""
    state = in_action()
    s = knight(state, 0, 0, "strong")
    b = knight(state, 0, 20)
    card(state, 0, "scienceTempering")
    refused(state, 0, "resolveOptionalCardEffect", "needs_politics", knightId=s)
    refused(state, 1, "resolveOptionalCardEffect", "not_your_decision", skip=True)
    play(state, 0, "resolveOptionalCardEffect", skip=True)
    assert state.pending is None and state.knights[b].level == "basic"
    state.players[0].levels["politics"] = 3
    card(state, 0, "scienceTempering")
    play(state, 0, "resolveOptionalCardEffect", knightId=s)
    play(state, 0, "resolveOptionalCardEffect", knightId=b)
    assert state.knights[s].level == "mighty" and state.pending is None
    state.players[0].knight_promotions_used = []
    card(state, 0, "scienceTempering")
    play(state, 0, "resolveOptionalCardEffect", knightId=b)  # strong -> mighty; none left after
    assert state.pending is None


def test_tempering_with_no_knight_is_played_for_nothing() -> None:
    """rules §14 Tempering: with no promotable knight the card may be played for no benefit."""
    state = in_action()
    iid = hand(state, 0, "scienceTempering")
    assert card_moves(state, 0) == [{"instanceId": iid}, {"instanceId": iid, "skip": True}]
    play(state, 0, "playProgressCard", instanceId=iid)
    assert state.pending is None and consumed(state, 0, "scienceTempering")


# ----------------------------------------------------------------------------- Causeway


def _network(state: State) -> int:
    i = state.topo.hex_intersections[state.topo.hex_index["0,0"]][0]
    put(state, 0, i)
    return i


def test_causeway_places_two_free_roads() -> None:
    """rules §14 Causeway: freeRoadsRemaining = min(2, supply) and roadBuildingPlace; roads are
    placed like bought ones but cost nothing; the pending ends after the last."""
    state = in_action()
    i = _network(state)
    card(state, 0, "scienceRoadBuilding")
    assert state.pending is not None and state.pending["type"] == "roadBuildingPlace"
    assert state.pending["payload"] == {"maySkip": False} and state.players[0].free_roads == 2
    kinds = {m["type"] for m in engine.legal_moves(state, 0)}
    assert kinds == {"buildRoad"}
    e1 = state.topo.int_edges[i][0]
    play(state, 0, "buildRoad", edgeId=state.topo.edge_ids[e1])
    assert state.pending is not None and state.players[0].free_roads == 1
    refused(state, 0, "endTurn", "pending_open")
    refused(state, 0, "skipRoadBuilding", "skip_not_allowed")
    e2 = state.topo.int_edges[i][1]
    play(state, 0, "buildRoad", edgeId=state.topo.edge_ids[e2])
    assert state.pending is None and state.players[0].free_roads == 0
    assert state.players[0].roads == 13 and state.players[0].res["brick"] == 0


def test_causeway_limited_by_supply() -> None:
    """rules §14 Causeway: with one road left only one free road is granted."""
    state = in_action()
    i = _network(state)
    state.players[0].roads = 1
    card(state, 0, "scienceRoadBuilding")
    assert state.players[0].free_roads == 1
    play(state, 0, "buildRoad", edgeId=state.topo.edge_ids[state.topo.int_edges[i][0]])
    assert state.pending is None and state.players[0].roads == 0


def test_causeway_ends_when_no_legal_spot_remains() -> None:
    """rules §14 Causeway: placement is mandatory only while a legal spot exists."""
    state = in_action()
    i = _network(state)
    edges = state.topo.int_edges[i]
    for e in edges[1:]:
        road(state, 1, e)
    end = state.topo.other_end(edges[0], i)
    for n in state.topo.int_neighbors[end]:
        if n != i and state.b_type[n] is None:
            put(state, 1, n)
    for e in state.topo.int_edges[end]:
        if state.road[e] == -1 and e != edges[0]:
            road(state, 1, e)
    card(state, 0, "scienceRoadBuilding")
    assert state.pending is not None and state.players[0].free_roads == 2
    play(state, 0, "buildRoad", edgeId=state.topo.edge_ids[edges[0]])
    assert state.pending is None and state.players[0].free_roads == 0


def test_causeway_with_nowhere_to_build_is_played_for_nothing() -> None:
    """rules §14 Causeway: with no legal placement no pending is installed."""
    state = in_action()
    iid = hand(state, 0, "scienceRoadBuilding")
    assert card_moves(state, 0) == [{"instanceId": iid}]
    play(state, 0, "playProgressCard", instanceId=iid)
    assert state.pending is None and state.players[0].free_roads == 0
    assert consumed(state, 0, "scienceRoadBuilding")


def test_red_die_of_augury_controls_the_draw() -> None:
    """rules §14 Augury / §6.2: the chosen red die decides who draws."""
    state = in_action()
    state.phase = "roll"
    roll_with_face(state, "politics")
    state.players[1].levels["politics"] = 1
    card(state, 0, "scienceAugury", die1=3, die2=3)
    play(state, 0, "rollDice")
    assert state.dice["redDie"] == 3
    assert len(state.players[1].hand) + len(state.players[1].revealed_vp) == 0


def test_mason_and_apothecary_must_name_their_target_in_the_play() -> None:
    """digest §7 item 17: Mason must carry the track it raises and Apothecary the settlement it
    upgrades; a play without it is refused (the card stays in hand), so no discount is ever left
    waiting for a later improveCity or buildCity."""
    state = in_action()
    put(state, 0, 0, "city")
    put(state, 0, 2)
    give(state, 0, paper=1, ore=2, grain=1)
    mason = hand(state, 0, "scienceMason")
    medicine = hand(state, 0, "scienceMedicine")
    refused(state, 0, "playProgressCard", "bad_track", instanceId=mason)
    refused(state, 0, "playProgressCard", "bad_payload", instanceId=medicine)
    p = state.players[0]
    assert {c["instanceId"] for c in p.hand} == {mason, medicine}
    assert not p.crane_played and not p.medicine_played
