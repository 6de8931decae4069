"""The trade deck's cards: Wharfage, Tribute, Guildmaster, Galleon, Levy, Embargo (rules §14, §12.2)."""

from __future__ import annotations

from typing import Any

import pytest
from codex_helpers import card_moves, give, hand, in_action, play, put, refused, valid_views

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, engine, maritime, victory
from toolkit.games.codex import constants as C
from toolkit.games.codex.state import State


def resolve_moves(state: State, seat: int) -> list[dict[str, Any]]:
    return [m["payload"] for m in engine.legal_moves(state, seat) if m["type"] == "resolveOptionalCardEffect"]


def corner_of(state: State, hex_id: str, k: int = 0) -> int:
    return state.topo.hex_intersections[state.topo.hex_index[hex_id]][k]


def far_corners(state: State, n: int) -> list[int]:
    """``n`` corners pairwise more than one edge apart (room for buildings)."""
    chosen: list[int] = []
    for i in range(len(state.topo.int_ids)):
        if all(i != j and i not in state.topo.int_neighbors[j] for j in chosen):
            chosen.append(i)
        if len(chosen) == n:
            return chosen
    raise AssertionError("board too small")


def lead(state: State, seat: int, extra: int) -> None:
    """Give ``seat`` ``extra`` more points (Defender tokens, which touch nothing else)."""
    state.players[seat].vp_tokens += extra


# ---------------------------------------------------------------------------- Wharfage


def test_wharfage_opens_one_offer_per_opponent_for_the_turn() -> None:
    """rules §14 Wharfage: the play lists every opponent once; the list ends with the turn."""
    state = in_action(current=1)
    inst = hand(state, 1, "tradeCommercialHarbor")
    play(state, 1, "playProgressCard", instanceId=inst)
    assert state.players[1].commercial_harbor_remaining == ["p3", "p1"]
    assert inst not in [c["instanceId"] for c in state.players[1].hand]
    assert state.decks["trade"][-1]["instanceId"] == inst
    view = GAME.view(state, 1)
    assert view["players"]["p2"]["commercialHarborRemainingPlayerIds"] == ["p3", "p1"]
    play(state, 1, "endTurn")
    assert state.players[1].commercial_harbor_remaining == []


def test_wharfage_offer_to_a_commodity_holder_asks_them_to_return_one() -> None:
    """rules §14 Wharfage / §16: a commodity holder picks the one it returns (commercialHarborGive)."""
    state = in_action()
    give(state, 0, ore=2)
    give(state, 1, cloth=1, coin=2)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeCommercialHarbor"))
    offers = resolve_moves(state, 0)
    assert {"targetPlayerId": "p2", "giveResourceType": "ore"} in offers
    assert all(o["giveResourceType"] == "ore" for o in offers)
    play(state, 0, "resolveOptionalCardEffect", targetPlayerId="p2", giveResourceType="ore")
    pending = state.pending
    assert pending is not None and pending["type"] == "commercialHarborGive"
    assert pending["actingPlayerId"] == "p2" and pending["allowedPlayerIds"] == ["p2"]
    assert pending["payload"] == {"targetPlayerId": "p2"}
    valid_views(state)
    assert sorted(p["commodityType"] for p in resolve_moves(state, 1)) == ["cloth", "coin"]
    refused(state, 0, "resolveOptionalCardEffect", "not_your_decision", commodityType="coin")
    refused(state, 1, "resolveOptionalCardEffect", "cannot_afford", commodityType="paper")
    play(state, 1, "resolveOptionalCardEffect", commodityType="coin")
    assert state.pending is None
    assert state.players[0].res["ore"] == 1 and state.players[0].com["coin"] == 1
    assert state.players[1].res["ore"] == 1 and state.players[1].com["coin"] == 1
    assert state.players[0].commercial_harbor_remaining == ["p3"]
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "resolveOptionalCardEffect", targetPlayerId="p2", giveResourceType="ore")
    assert err.value.code == "no_offer_left"


def test_wharfage_offer_to_a_player_without_commodities_uses_the_offer_up() -> None:
    """rules §14 Wharfage: no commodity to return: the resource stays, the offer to that player is spent."""
    state = in_action()
    give(state, 0, wool=1)
    give(state, 2, grain=3)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeCommercialHarbor"))
    play(state, 0, "resolveOptionalCardEffect", targetPlayerId="p3", giveResourceType="wool")
    assert state.pending is None
    assert state.players[0].res["wool"] == 1 and state.players[2].res["wool"] == 0
    assert state.players[0].commercial_harbor_remaining == ["p2"]


def test_wharfage_played_empty_handed_still_allows_later_offers() -> None:
    """rules §14 Wharfage: playable with no resources; resources gained later that turn may be offered."""
    state = in_action()
    give(state, 1, paper=1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeCommercialHarbor"))
    assert resolve_moves(state, 0) == []
    give(state, 0, brick=1)
    assert resolve_moves(state, 0) == [
        {"targetPlayerId": "p2", "giveResourceType": "brick"},
        {"targetPlayerId": "p3", "giveResourceType": "brick"},
    ]
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "resolveOptionalCardEffect", targetPlayerId="p2", giveResourceType="paper")
    assert err.value.code == "bad_material"


def test_wharfage_is_optional_so_skip_is_offered() -> None:
    """rules §14 Playing: Wharfage's effect is optional; a skipped play opens no offers."""
    state = in_action()
    inst = hand(state, 0, "tradeCommercialHarbor")
    assert card_moves(state, 0, inst) == [{"instanceId": inst}, {"instanceId": inst, "skip": True}]
    play(state, 0, "playProgressCard", instanceId=inst, skip=True)
    assert state.players[0].commercial_harbor_remaining == []
    assert state.decks["trade"][-1]["instanceId"] == inst


def test_wharfage_offer_needs_no_open_decision_and_the_turn() -> None:
    """rules §14 Wharfage / §16: offers are ordinary action-phase moves of the current player."""
    state = in_action()
    give(state, 0, ore=1)
    give(state, 1, ore=1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeCommercialHarbor"))
    with pytest.raises(IllegalMove) as err:
        play(state, 1, "resolveOptionalCardEffect", targetPlayerId="p1", giveResourceType="ore")
    assert err.value.code == "not_your_turn"
    assert resolve_moves(state, 1) == []


# ------------------------------------------------------------------------------ Tribute


def test_tribute_takes_two_cards_of_the_actors_choice_from_a_richer_opponent() -> None:
    """rules §14 Tribute: guildDuesChooseCards by the actor, exactly min(2, hand), no skip."""
    state = in_action()
    lead(state, 1, 2)
    give(state, 1, ore=1, cloth=3)
    inst = hand(state, 0, "tradeTribute")
    assert card_moves(state, 0, inst) == [{"instanceId": inst, "targetPlayerId": "p2"}]
    play(state, 0, "playProgressCard", instanceId=inst, targetPlayerId="p2")
    pending = state.pending
    assert pending is not None and pending["type"] == "guildDuesChooseCards"
    assert pending["actingPlayerId"] == "p1"
    assert pending["payload"] == {
        "targetPlayerId": "p2",
        "available": [
            {"type": "ore", "pool": "resource", "available": 1},
            {"type": "cloth", "pool": "commodity", "available": 3},
        ],
        "maxCards": 2,
    }
    valid_views(state)
    answers = resolve_moves(state, 0)
    assert {"skip": True} not in answers
    assert sorted(len(a["cards"]) for a in answers) == [1, 2]
    for bad, code in (
        ([{"type": "cloth", "count": 1}], "wrong_card_count"),
        ([{"type": "ore", "count": 2}], "cannot_afford"),
    ):
        with pytest.raises(IllegalMove) as err:
            play(state, 0, "resolveOptionalCardEffect", cards=bad)
        assert err.value.code == code
    refused(state, 0, "resolveOptionalCardEffect", "bad_payload", skip=True)
    pick = [{"type": "ore", "count": 1}, {"type": "cloth", "count": 1}]
    play(state, 0, "resolveOptionalCardEffect", cards=pick)
    assert state.pending is None
    assert state.players[0].res["ore"] == 1 and state.players[0].com["cloth"] == 1
    assert state.players[1].hand_size() == 2


def test_tribute_from_a_one_card_or_empty_hand() -> None:
    """rules §14 Tribute: a one-card hand gives its card; an empty richer hand is a no-benefit target."""
    state = in_action()
    lead(state, 1, 1)
    lead(state, 2, 1)
    give(state, 1, grain=1)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeTribute"), targetPlayerId="p2")
    assert state.pending is not None and state.pending["payload"]["maxCards"] == 1
    play(state, 0, "resolveOptionalCardEffect", cards=[{"type": "grain", "count": 1}])
    assert state.players[0].res["grain"] == 1
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeTribute"), targetPlayerId="p3")
    assert state.pending is None and state.players[0].hand_size() == 1


def test_tribute_with_no_richer_opponent_is_played_for_nothing() -> None:
    """rules §14 Tribute / Playing: equal points do not qualify; with no target only skip is offered."""
    state = in_action()
    put(state, 1, far_corners(state, 1)[0])
    put(state, 0, far_corners(state, 2)[1])
    give(state, 1, ore=3)
    inst = hand(state, 0, "tradeTribute")
    refused(state, 0, "playProgressCard", "not_ahead", instanceId=inst, targetPlayerId="p2")
    assert card_moves(state, 0, inst) == [{"instanceId": inst, "skip": True}]
    play(state, 0, "playProgressCard", instanceId=inst, skip=True)
    assert state.players[1].res["ore"] == 3 and state.pending is None


# -------------------------------------------------------------------------- Guildmaster


def test_guildmaster_goes_next_to_an_own_building_and_scores_one_point() -> None:
    """rules §14 Guildmaster / §15.1: placed on a hex touching an own building; +1 VP while held."""
    state = in_action()
    i = corner_of(state, "0,0")
    put(state, 0, i)
    inst = hand(state, 0, "tradeMerchant")
    offered = {c["hexId"] for c in card_moves(state, 0, inst)}
    assert offered == {state.topo.hex_ids[h] for h in state.topo.int_hexes[i]}
    far = next(h for h in state.topo.hex_ids if state.topo.hex_index[h] not in state.topo.int_hexes[i])
    refused(state, 0, "playProgressCard", "not_adjacent", instanceId=inst, hexId=far)
    before = victory.victory_points(state, 0)
    play(state, 0, "playProgressCard", instanceId=inst, hexId="0,0")
    assert victory.victory_points(state, 0) == before + 1
    view = GAME.view(state, None)
    assert view["merchantHexId"] == "0,0" and view["merchantOwnerPlayerId"] == "p1"
    assert view["board"]["hexes"]["0,0"]["merchantPresent"]


def test_guildmaster_taken_over_moves_the_point_and_the_rate() -> None:
    """rules §14 Guildmaster / §12.2: a new holder takes the marker, its point and its 2:1 rate."""
    state = in_action()
    harbor_corners = {i for h in state.harbors for i in h.intersections}
    h = next(
        k for k, t in enumerate(state.terrain)
        if t != "desert" and not harbor_corners & set(state.topo.hex_intersections[k])
    )
    hid = state.topo.hex_ids[h]
    resource = C.TERRAIN_RESOURCE[state.terrain[h]]
    put(state, 0, state.topo.hex_intersections[h][0])
    put(state, 1, state.topo.hex_intersections[h][3])
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeMerchant"), hexId=hid)
    assert maritime.rate(state, 0, resource) == 2 and maritime.rate(state, 1, resource) == 4
    state.current = 1
    p1_before = victory.victory_points(state, 0)
    p2_before = victory.victory_points(state, 1)
    play(state, 1, "playProgressCard", instanceId=hand(state, 1, "tradeMerchant"), hexId=hid)
    assert state.merchant_owner == 1
    assert victory.victory_points(state, 0) == p1_before - 1
    assert victory.victory_points(state, 1) == p2_before + 1
    assert maritime.rate(state, 1, resource) == 2 and maritime.rate(state, 0, resource) == 4


def test_guildmaster_rate_is_the_hex_resource_only() -> None:
    """rules §12.2: the marker's 2:1 applies to the resource its hex produces, never to its commodity."""
    state = in_action()
    harbor_corners = {i for h in state.harbors for i in h.intersections}
    h = next(k for k, t in enumerate(state.terrain) if t == "forest")
    i = next(i for i in state.topo.hex_intersections[h] if i not in harbor_corners)
    put(state, 0, i, "city")
    inst = hand(state, 0, "tradeMerchant")
    play(state, 0, "playProgressCard", instanceId=inst, hexId=state.topo.hex_ids[h])
    assert maritime.rate(state, 0, "lumber") == 2
    assert maritime.rate(state, 0, "paper") > 2
    give(state, 0, lumber=2)
    play(state, 0, "maritimeTrade", offer={"type": "lumber", "count": 2}, want={"type": "ore", "count": 1})
    assert state.players[0].res["ore"] == 1


def test_guildmaster_may_go_on_the_desert_and_back_on_the_same_hex() -> None:
    """rules §14 Guildmaster: the desert qualifies; replaying on the marker's own hex is a no-benefit play."""
    state = in_action()
    d = state.terrain.index("desert")
    put(state, 0, state.topo.hex_intersections[d][0])
    hid = state.topo.hex_ids[d]
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeMerchant"), hexId=hid)
    assert state.merchant_hex == d
    vp = victory.victory_points(state, 0)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeMerchant"), hexId=hid)
    assert state.merchant_hex == d and victory.victory_points(state, 0) == vp


def test_guildmaster_with_no_building_is_played_for_nothing() -> None:
    """rules §14 Playing: with no hex next to an own building only skip is offered."""
    state = in_action()
    inst = hand(state, 0, "tradeMerchant")
    assert card_moves(state, 0, inst) == [{"instanceId": inst, "skip": True}]
    play(state, 0, "playProgressCard", instanceId=inst, skip=True)
    assert state.merchant_hex is None and state.merchant_owner is None


# ------------------------------------------------------------------------------ Galleon


def test_galleon_gives_a_two_to_one_rate_for_the_turn_and_stacks() -> None:
    """rules §14 Galleon / §12.2: each play adds one 2:1 type in merchantFleetTypes until the turn ends."""
    state = in_action()
    assert maritime.rate(state, 0, "wool") == 4
    inst = hand(state, 0, "tradeMerchantFleet")
    assert [c.get("chosenType") for c in card_moves(state, 0, inst)] == list(C.MATERIALS)
    play(state, 0, "playProgressCard", instanceId=inst, chosenType="wool")
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeMerchantFleet"), chosenType="coin")
    assert state.players[0].merchant_fleet_types == ["wool", "coin"]
    assert GAME.view(state, 0)["players"]["p1"]["merchantFleetTypes"] == ["wool", "coin"]
    assert maritime.rate(state, 0, "wool") == 2 and maritime.rate(state, 0, "coin") == 2
    assert maritime.rate(state, 0, "ore") == 4
    give(state, 0, wool=2, coin=4)
    play(state, 0, "maritimeTrade", offer={"type": "wool", "count": 2}, want={"type": "grain", "count": 1})
    play(state, 0, "maritimeTrade", offer={"type": "coin", "count": 4}, want={"type": "ore", "count": 1},
         additionalWants=[{"type": "brick", "count": 1}])
    assert state.players[0].res == {"lumber": 0, "brick": 1, "wool": 0, "grain": 1, "ore": 1}
    play(state, 0, "endTurn")
    assert state.players[0].merchant_fleet_types == [] and maritime.rate(state, 0, "wool") == 4


def test_galleon_naming_an_active_type_changes_nothing() -> None:
    """rules §14 Galleon: naming a type already granted (or not held) is a legal no-benefit play."""
    state = in_action()
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeMerchantFleet"), chosenType="ore")
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeMerchantFleet"), chosenType="ore")
    assert state.players[0].merchant_fleet_types == ["ore"]
    with pytest.raises(IllegalMove) as err:
        play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeMerchantFleet"), chosenType="gold")
    assert err.value.code == "bad_material"


# ------------------------------------------------------------------------ Levy, Embargo


def test_levy_takes_up_to_two_of_the_named_resource_from_each_opponent() -> None:
    """rules §14 Levy: each opponent hands over min(2, count); the bank is bypassed."""
    state = in_action(n=3)
    give(state, 1, ore=5)
    give(state, 2, ore=1, grain=4)
    bank = dict(state.bank)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeResourceMonopoly"), resourceType="ore")
    assert [p.res["ore"] for p in state.players] == [3, 3, 0]
    assert state.bank == bank and state.players[2].res["grain"] == 4


def test_levy_offers_every_resource_and_never_skip() -> None:
    """digest §7 ruling 18 / rules §14 Levy: all five types are offered whatever is held; no skip."""
    state = in_action()
    inst = hand(state, 0, "tradeResourceMonopoly")
    moves = card_moves(state, 0, inst)
    assert [m["resourceType"] for m in moves] == list(C.RESOURCES)
    assert not any(m.get("skip") for m in moves)
    refused(state, 0, "playProgressCard", "skip_not_allowed", instanceId=inst, skip=True)
    refused(state, 0, "playProgressCard", "bad_material", instanceId=inst, resourceType="coin")
    play(state, 0, "playProgressCard", instanceId=inst, resourceType="brick")
    assert all(p.hand_size() == 0 for p in state.players)


def test_embargo_takes_one_of_the_named_commodity_from_each_holder() -> None:
    """rules §14 Embargo: each opponent holding the commodity gives exactly 1; others give nothing."""
    state = in_action(n=3)
    give(state, 1, paper=3)
    give(state, 2, coin=2)
    play(state, 0, "playProgressCard", instanceId=hand(state, 0, "tradeTradeMonopoly"), commodityType="paper")
    assert [p.com["paper"] for p in state.players] == [1, 2, 0]
    assert state.players[2].com["coin"] == 2


def test_embargo_offers_every_commodity_and_never_skip() -> None:
    """digest §7 ruling 18 / rules §14 Embargo: all three types offered even with empty pools."""
    state = in_action()
    inst = hand(state, 0, "tradeTradeMonopoly")
    moves = card_moves(state, 0, inst)
    assert [m["commodityType"] for m in moves] == list(C.COMMODITIES)
    refused(state, 0, "playProgressCard", "skip_not_allowed", instanceId=inst, skip=True)
    play(state, 0, "playProgressCard", instanceId=inst, commodityType="cloth")
    assert all(p.hand_size() == 0 for p in state.players)
    assert state.decks["trade"][-1]["instanceId"] == inst


def test_trade_cards_are_action_phase_only() -> None:
    """rules §14 Playing: only Augury is played before the roll."""
    state = in_action()
    state.phase = "roll"
    inst = hand(state, 0, "tradeResourceMonopoly")
    refused(state, 0, "playProgressCard", "wrong_phase", instanceId=inst, resourceType="ore")


def test_catalog_describes_the_trade_and_politics_cards_and_their_pendings() -> None:
    """design §9 / digest §3: every trade and politics card has a name, count, timing and effect text."""
    catalog = GAME.catalog
    cards = {c["id"]: c for c in catalog["decks"] if c["deck"] in ("trade", "politics")}
    assert sum(c["count"] for c in cards.values()) == 36
    for entry in cards.values():
        assert entry["name"] and entry["effect"] and entry["timing"]
    assert cards["tradeMerchant"]["name"] == "Guildmaster" and cards["tradeMerchant"]["count"] == 6
    assert cards["politicsCharter"]["timing"].startswith("never")
    pendings = {p["type"]: p for p in catalog["pendings"]}
    for kind in ("commercialHarborGive", "guildDuesChooseCards", "espionageChooseCard", "treasonChooseKnight",
                 "treasonPlaceKnight", "weddingGiveCards", "discardResources"):
        assert pendings[kind]["handled"] and pendings[kind]["who"] and pendings[kind]["trigger"]
    sources = " ".join(r["source"] for r in catalog["rulings"])
    assert "§7 item 18" in sources and "§7 item 8" in sources and "§7 item 11" in sources
