"""The progress-card framework and the decks (rules §6.2, §13.4, §14, §16)."""

from __future__ import annotations

import itertools

from codex_helpers import fresh, hand, in_action, play, put, refused, roll_with_face

from toolkit.games.codex import constants as C
from toolkit.games.codex import dice, engine, progress, victory
from toolkit.games.codex.decks import build_decks
from toolkit.games.codex.flow import install
from toolkit.games.codex.state import State


def filler(state: State, seat: int, deck: str, n: int) -> None:
    """Give ``seat`` ``n`` non-VP cards from the bottom of ``deck``."""
    pile = state.decks[deck]
    for _ in range(n):
        k = max(k for k, c in enumerate(pile) if c["cardId"] not in C.VP_CARDS)
        state.players[seat].hand.append(pile.pop(k))



# ------------------------------------------------------------------------------- decks


def test_three_seeded_decks_of_eighteen() -> None:
    """rules §13.4 / digest §3: three decks of 18 with the listed counts, order fixed by the seed."""
    decks = build_decks(11)
    for deck, cards in C.DECKS.items():
        assert len(decks[deck]) == 18 == sum(n for _, n in cards)
        for card_id, n in cards:
            assert sum(1 for c in decks[deck] if c["cardId"] == card_id) == n
    assert build_decks(11) == decks
    assert build_decks(12) != decks


def test_every_playable_card_is_registered_with_its_deck() -> None:
    """rules §14: each card the framework knows sits in the deck it is registered for."""
    for card_id, spec in progress.CARDS.items():
        assert card_id in dict(C.DECKS[spec.deck])
        assert card_id not in C.VP_CARDS
    science = {cid for cid, _ in C.DECKS["science"]} - C.VP_CARDS
    assert science <= set(progress.CARDS)


def test_draws_go_in_seat_order_from_the_current_player() -> None:
    """rules §6.2: every qualifying player draws one card, starting with the current player."""
    state = in_action(current=1)
    state.phase = "roll"
    roll_with_face(state, "trade")
    for p in state.players:
        p.levels["trade"] = 5  # red <= 6 always draws
    top = [c["instanceId"] for c in state.decks["trade"][:3]]
    play(state, 1, "rollDice")
    got = [state.players[s].hand[0]["instanceId"] for s in (1, 2, 0)]
    assert got == top


def test_draw_needs_level_one_and_red_die_at_most_level_plus_one() -> None:
    """rules §6.2 / §13.4: level 0 never draws; otherwise red <= level + 1 draws (no city needed)."""
    state = in_action()
    state.phase = "roll"
    roll_with_face(state, "politics")
    red = dice.throw(state)[1]
    state.players[0].levels["politics"] = 0
    state.players[1].levels["politics"] = red - 1 if red >= 2 else 0  # red <= level + 1 exactly
    state.players[2].levels["politics"] = red - 2 if red >= 3 else 0  # one short (or level 0)
    play(state, 0, "rollDice")
    held = [len(p.hand) + len(p.revealed_vp) for p in state.players]
    assert held[0] == 0 and held[2] == 0
    assert held[1] == (1 if red >= 2 else 0)


def test_vp_card_is_revealed_on_draw_and_outside_the_hand() -> None:
    """rules §13.4 / §14 Annals: a VP card is revealed at once (+1 VP), never enters the hand,
    does not count against the limit and cannot be played."""
    state = in_action(current=0)
    state.phase = "roll"
    roll_with_face(state, "science")
    annals = next(c for c in state.decks["science"] if c["cardId"] == "scienceAnnals")
    state.decks["science"].remove(annals)
    state.decks["science"].insert(0, annals)
    state.players[1].levels["science"] = 5
    filler(state, 1, "trade", 4)
    before = victory.victory_points(state, 1)
    play(state, 0, "rollDice")
    p = state.players[1]
    assert annals in p.revealed_vp and annals not in p.hand and len(p.hand) == 4
    assert victory.victory_points(state, 1) == before + 1
    assert state.last_vp_awards[-1]["cardId"] == "scienceAnnals"
    assert state.pending is None or state.pending["type"] != "discardProgress"


def test_non_current_player_over_the_limit_discards_at_once() -> None:
    """rules §6.2 / §14: a non-current player above 4 after a draw discards before anything else;
    the current player is exempt until endTurn."""
    state = in_action(current=0)
    state.phase = "roll"
    roll_with_face(state, "trade")
    for s in (0, 1):
        state.players[s].levels["trade"] = 5
        filler(state, s, "trade", 4)
    play(state, 0, "rollDice")
    assert state.pending is not None and state.pending["type"] == "discardProgress"
    assert state.pending["allowedPlayerIds"] == ["p2"] and state.pending["payload"] == {"requiredCount": 1}
    assert len(state.players[0].hand) == 5
    card = state.players[1].hand[0]
    play(state, 1, "discardProgress", instanceIds=[card["instanceId"]])
    assert state.decks["trade"][-1] == card and len(state.players[1].hand) == 4


def test_current_player_discards_at_end_of_turn_then_the_turn_passes() -> None:
    """rules §14 Hand limit: endTurn above 4 installs discardProgress (resumeAfter endTurn)."""
    state = in_action()
    filler(state, 0, "trade", 5)
    play(state, 0, "endTurn")
    assert state.pending is not None and state.pending["type"] == "discardProgress"
    assert state.pending_ctx == {"resumeAfter": "endTurn"} and state.current == 0
    play(state, 0, "discardProgress", instanceIds=[state.players[0].hand[-1]["instanceId"]])
    assert state.current == 1 and state.phase == "roll"


def test_discard_choices_are_listed_without_walking_every_subset() -> None:
    """rules §14 Hand limit: the listed discards are the first 64 choices of exactly the
    required number of cards, in hand order; a demand the hand cannot meet (more cards than it
    holds, or fewer than none, as a loaded state may claim) lists none, at once."""
    from toolkit.games.codex.decks import discard_progress_candidates

    state = in_action()
    for deck in C.TRACKS:
        filler(state, 0, deck, 10)
    ids = [c["instanceId"] for c in state.players[0].hand]
    state.pending = {"type": "discardProgress", "actingPlayerId": "p1", "allowedPlayerIds": ["p1"],
                     "payload": {"requiredCount": 2}}
    first = [{"instanceIds": list(pair)} for pair in itertools.islice(itertools.combinations(ids, 2), 64)]
    assert discard_progress_candidates(state, 0) == first
    state.pending["payload"]["requiredCount"] = len(ids)
    assert discard_progress_candidates(state, 0) == [{"instanceIds": ids}]
    for need in (len(ids) + 1, -1):  # 2**30 subsets, none of them the size asked for
        state.pending["payload"]["requiredCount"] = need
        assert discard_progress_candidates(state, 0) == []


# --------------------------------------------------------------------------- framework


def test_play_requires_the_card_in_hand_and_known() -> None:
    """rules §14 Playing: the instance must be in the player's own progress hand."""
    state = in_action()
    other = hand(state, 1, "scienceIrrigation")
    refused(state, 0, "playProgressCard", "no_such_card", instanceId=other)
    state.players[0].hand.append({"instanceId": "sci_hidden_1", "cardId": ""})
    refused(state, 0, "playProgressCard", "hidden_card", instanceId="sci_hidden_1")
    refused(state, 0, "playProgressCard", "bad_payload")


def test_action_cards_only_on_own_action_phase() -> None:
    """rules §14 / §5.1: non-Augury cards are played by the current player in the action phase."""
    state = in_action()
    mine = hand(state, 1, "scienceIrrigation")
    refused(state, 1, "playProgressCard", "not_your_turn", instanceId=mine)
    state.current = 1
    state.phase = "roll"
    refused(state, 1, "playProgressCard", "wrong_phase", instanceId=mine)
    assert not [m for m in engine.legal_moves(state, 1) if m["type"] == "playProgressCard"]


def test_played_card_goes_beneath_its_deck_and_is_recorded() -> None:
    """rules §14 Playing / §13.4: a played card leaves the hand for the bottom of its own deck;
    a card may be played the turn it was drawn and two copies may be played in one turn."""
    state = in_action()
    a = hand(state, 0, "scienceIrrigation")
    b = hand(state, 0, "scienceIrrigation")
    size = len(state.decks["science"])
    play(state, 0, "playProgressCard", instanceId=a)
    play(state, 0, "playProgressCard", instanceId=b)
    assert state.players[0].hand == []
    assert [c["instanceId"] for c in state.decks["science"][-2:]] == [a, b]
    assert len(state.decks["science"]) == size + 2
    assert state.players[0].progress_played == ["scienceIrrigation", "scienceIrrigation"]


def test_skip_only_without_a_legal_effect_or_for_optional_cards() -> None:
    """rules §14 Playing: skip is refused while a legal effect payload exists, allowed when none
    does, and always allowed for an optional card (Tempering)."""
    state = in_action()
    aq = hand(state, 0, "scienceIrrigation")
    refused(state, 0, "playProgressCard", "skip_not_allowed", instanceId=aq, skip=True)
    mason = hand(state, 0, "scienceMason")  # no city: no legal track
    play(state, 0, "playProgressCard", instanceId=mason, skip=True)
    assert state.decks["science"][-1]["instanceId"] == mason
    temp = hand(state, 0, "scienceTempering")
    refused(state, 0, "playProgressCard", "bad_payload", instanceId=temp, skip=True, track="science")
    play(state, 0, "playProgressCard", instanceId=temp, skip=True)
    assert state.pending is None and state.players[0].progress_played == ["scienceMason", "scienceTempering"]


def test_candidates_carry_full_payloads_and_skip_where_allowed() -> None:
    """rules §14 Playing: candidates carry complete payloads, one set per card kind in hand;
    skip appears for optional cards and cards without a legal effect."""
    state = in_action()
    a1 = hand(state, 0, "scienceIrrigation")
    hand(state, 0, "scienceIrrigation")
    mason = hand(state, 0, "scienceMason")
    temp = hand(state, 0, "scienceTempering")
    got = [m["payload"] for m in engine.legal_moves(state, 0) if m["type"] == "playProgressCard"]
    assert got == [
        {"instanceId": a1},
        {"instanceId": mason, "skip": True},
        {"instanceId": temp},
        {"instanceId": temp, "skip": True},
    ]
    for payload in got:  # every candidate is accepted
        copy = in_action()
        copy.players[0].hand = [dict(c) for c in state.players[0].hand]
        play(copy, 0, "playProgressCard", **payload)


def test_resolve_optional_without_a_card_pending_is_refused() -> None:
    """rules §16: resolveOptionalCardEffect answers card pendings; with nothing open and no
    matching free offer it is refused."""
    state = in_action()
    refused(state, 0, "resolveOptionalCardEffect", "wrong_decision", knightId="x")


def test_skip_road_building_only_when_the_placement_may_be_skipped() -> None:
    """rules §14 Causeway / Diplomacy, digest ruling 24: skipRoadBuilding is legal only on an
    optional placement; it ends the free roads."""
    state = in_action()
    put(state, 0, state.topo.hex_intersections[0][0])
    state.players[0].free_roads = 1
    install(state, "roadBuildingPlace", 0, [0], {"maySkip": False}, {"source": "causeway"})
    assert not [m for m in engine.legal_moves(state, 0) if m["type"] == "skipRoadBuilding"]
    refused(state, 0, "skipRoadBuilding", "skip_not_allowed")
    state.pending = None
    install(state, "roadBuildingPlace", 0, [0], {"maySkip": True}, {"source": "other"})
    assert [m["type"] for m in engine.legal_moves(state, 0)].count("skipRoadBuilding") == 1
    refused(state, 1, "skipRoadBuilding", "not_your_decision")
    play(state, 0, "skipRoadBuilding")
    assert state.pending is None and state.players[0].free_roads == 0


def test_new_game_decks_match_the_constants() -> None:
    """rules §13.4: a new game starts with the three full decks and empty hands."""
    state = fresh(5)
    assert {d: len(p) for d, p in state.decks.items()} == {"science": 18, "trade": 18, "politics": 18}
    assert all(p.hand == [] and p.revealed_vp == [] for p in state.players)
