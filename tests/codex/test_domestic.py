"""Domestic trade auctions (rules §12.1; digest §1 items 22-26, §2 item 12)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from codex_helpers import give, in_action, play, refused, side

from toolkit.games.codex import GAME, domestic
from toolkit.games.codex import constants as C
from toolkit.games.codex.state import State


def setup_trade() -> State:
    state = in_action()
    give(state, 0, wool=3, ore=1)
    give(state, 1, brick=2, grain=1)
    give(state, 2, brick=1, lumber=1)
    return state


def propose(state: State, target: str | None = None, **extra: Any) -> None:
    payload: dict[str, Any] = {"offer": side(wool=1), "want": side(brick=1)}
    if target is not None:
        payload["targetPlayerId"] = target
    play(state, 0, "domesticTradePropose", **payload, **extra)


def test_propose_opens_response_pending_for_all_opponents() -> None:
    """rules §12.1: a broadcast opens domesticTradeResponse: the proposer acts, responders answer."""
    state = setup_trade()
    propose(state)
    pending = state.pending
    assert pending is not None and pending["type"] == "domesticTradeResponse"
    assert pending["actingPlayerId"] == "p1"
    assert pending["allowedPlayerIds"] == ["p2", "p3"]
    body = pending["payload"]
    assert body["offer"] == side(wool=1) and body["want"] == side(brick=1)
    assert body["bids"] == [] and body["passedPlayerIds"] == [] and "targetPlayerId" not in body
    assert body["auctionId"]
    assert GAME.to_move(state) == [0, 1, 2]
    assert state.players[0].domestic_proposals == 1


def test_targeted_proposal_has_one_responder() -> None:
    """rules §12.1: targetPlayerId sends the proposal to that player only."""
    state = setup_trade()
    propose(state, target="p3")
    assert state.pending is not None
    assert state.pending["allowedPlayerIds"] == ["p3"]
    assert state.pending["payload"]["targetPlayerId"] == "p3"


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"offer": [], "want": side(brick=1)}, "bad_payload"),
        ({"offer": side(wool=1), "want": []}, "bad_payload"),
        ({"offer": side(wool=1) + side(wool=1), "want": side(brick=1)}, "bad_trade"),
        ({"offer": side(wool=1), "want": side(wool=1)}, "bad_trade"),
        ({"offer": side(wool=5), "want": side(brick=1)}, "cannot_cover"),
        ({"offer": side(wool=0), "want": side(brick=1)}, "bad_count"),
        ({"offer": side(gold=1), "want": side(brick=1)}, "bad_material"),
        ({"offer": side(wool=1), "want": side(brick=1), "targetPlayerId": "p1"}, "bad_target"),
        ({"offer": side(wool=1), "want": side(brick=1), "targetPlayerId": "p9"}, "unknown_player"),
    ],
)
def test_proposal_shape_rules(payload: dict[str, Any], code: str) -> None:
    """rules §12.1: non-empty sides, no duplicate or shared types, offer held, target another player."""
    state = setup_trade()
    refused(state, 0, "domesticTradePropose", code, **payload)


def test_only_current_player_proposes_in_action_phase() -> None:
    """rules §12.1: opponents may not initiate; proposals belong to the action phase."""
    state = setup_trade()
    refused(state, 1, "domesticTradePropose", "not_your_turn", offer=side(brick=1), want=side(wool=1))
    state.phase = "roll"
    refused(state, 0, "domesticTradePropose", "wrong_phase", offer=side(wool=1), want=side(brick=1))


def test_five_proposals_per_turn_then_refused_and_not_listed() -> None:
    """rules §12.1, §5.3: at most 5 proposals a turn; the sixth is refused and the family is not listed."""
    state = setup_trade()
    for _ in range(C.MAX_DOMESTIC_PROPOSALS):
        propose(state)
        play(state, 0, "domesticTradeCancel")
    refused(state, 0, "domesticTradePropose", "proposal_limit", offer=side(wool=1), want=side(brick=1))
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "domesticTradePropose"]


def test_count_resets_at_turn_end() -> None:
    """rules §12.1: the cap is per turn."""
    state = setup_trade()
    propose(state)
    play(state, 0, "domesticTradeCancel")
    play(state, 0, "endTurn")
    assert state.players[0].domestic_proposals == 0
    assert state.domestic_outcomes == []


def test_bid_and_pass_replace_each_other() -> None:
    """rules §12.1 item 3: one standing answer per responder; a bid replaces a pass and vice versa."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradePass")
    body = state.pending["payload"]  # type: ignore[index]
    assert body["passedPlayerIds"] == ["p2"]
    play(state, 1, "domesticTradeBid", offer=side(wool=1), want=side(grain=1))
    assert body["passedPlayerIds"] == []
    assert body["bids"] == [{"responderId": "p2", "offer": side(wool=1), "want": side(grain=1)}]
    play(state, 1, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    assert body["bids"] == [{"responderId": "p2", "offer": side(wool=1), "want": side(brick=1)}]
    play(state, 1, "domesticTradePass")
    assert body["bids"] == [] and body["passedPlayerIds"] == ["p2"]


def test_repeating_the_standing_answer_is_a_no_op() -> None:
    """rules §12.1 item 3: the identical standing answer again is rejected."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    refused(state, 1, "domesticTradeBid", "no_op", offer=side(wool=1), want=side(brick=1))
    play(state, 2, "domesticTradePass")
    refused(state, 2, "domesticTradePass", "no_op")


def test_bidder_must_hold_their_side() -> None:
    """rules §12.1 item 2: a bid's want is what the responder gives; they must hold it."""
    state = setup_trade()
    propose(state)
    refused(state, 2, "domesticTradeBid", "cannot_cover", offer=side(wool=1), want=side(brick=2))


def test_modified_bid_is_recorded_as_counter() -> None:
    """rules §12.1 item 2: terms other than the proposal's make a modified bid (a counter)."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=2), want=side(brick=1))
    assert state.domestic_counters == [{"responderId": "p2", "proposerId": "p1"}]


def test_award_moves_the_bid_terms_atomically() -> None:
    """rules §12.1 item 5: the awarded bid's own terms execute; the auction closes with an outcome."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=2), want=side(brick=1))
    play(state, 2, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    events = play(state, 0, "domesticTradeAward", bidResponderId="p2", offer=side(wool=2), want=side(brick=1))
    a, b = state.players[0], state.players[1]
    assert (a.res["wool"], a.res["brick"]) == (1, 1)
    assert events[0]["hands"] == {"0": {"brick": 1, "wool": -2}, "1": {"brick": -1, "wool": 2}}
    assert (b.res["wool"], b.res["brick"]) == (2, 1)
    assert state.pending is None
    [outcome] = state.domestic_outcomes
    assert outcome["ending"] == "taken" and outcome["accepterId"] == "p2"
    assert outcome["proposerGives"] == side(wool=2) and outcome["proposerReceives"] == side(brick=1)
    assert outcome["responders"] == [
        {"playerId": "p2", "status": "countered"}, {"playerId": "p3", "status": "accepted"},
    ]


def test_award_needs_an_exact_echo_of_a_standing_bid() -> None:
    """rules §12.1 item 5: an award whose echo no longer matches the standing bid is rejected."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=2), want=side(brick=1))
    play(state, 1, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    refused(state, 0, "domesticTradeAward", "stale_bid", bidResponderId="p2", offer=side(wool=2),
            want=side(brick=1))
    refused(state, 0, "domesticTradeAward", "no_such_bid", bidResponderId="p3", offer=side(wool=1),
            want=side(brick=1))


def test_award_revalidates_holdings() -> None:
    """rules §12.1 item 5: both parties' holdings are checked again when the award resolves."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=3, ore=1), want=side(brick=1))
    state.players[0].res["ore"] = 0  # the proposer's cards changed since the bid stood
    state.bank["ore"] += 1
    refused(state, 0, "domesticTradeAward", "cannot_cover", bidResponderId="p2", offer=side(wool=3, ore=1),
            want=side(brick=1))
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "domesticTradeAward"]


def test_only_the_proposer_awards_or_cancels() -> None:
    """rules §12.1 item 6, §16: the proposer (actingPlayerId) closes the auction; responders cannot."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    refused(state, 2, "domesticTradeAward", "not_your_decision", bidResponderId="p2", offer=side(wool=1),
            want=side(brick=1))
    refused(state, 1, "domesticTradeCancel", "not_your_decision")
    refused(state, 0, "domesticTradeBid", "not_your_decision", offer=side(wool=1), want=side(brick=1))


def test_cancel_withdraws_and_records_outcome() -> None:
    """rules §12.1 item 6: cancel withdraws the open proposal at any point."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    before = [p.hand_size() for p in state.players]
    play(state, 0, "domesticTradeCancel")
    assert state.pending is None
    assert [p.hand_size() for p in state.players] == before
    assert state.domestic_outcomes[0]["ending"] == "cancelled"
    assert state.domestic_declines == []  # an untaken counter or bid is not a decline


def test_all_pass_cancels_automatically_with_decline_record() -> None:
    """rules §12.1 item 4 and 'Proposal history': every responder passed, no bid -> auto cancel + decline."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradePass")
    assert state.pending is not None
    play(state, 2, "domesticTradePass")
    assert state.pending is None
    assert state.domestic_declines == [{"proposerId": "p1", "offer": side(wool=1), "want": side(brick=1)}]
    assert state.domestic_outcomes[0]["ending"] == "cancelled"
    assert {r["status"] for r in state.domestic_outcomes[0]["responders"]} == {"declined"}


def test_targeted_decline_names_the_target() -> None:
    """rules §12.1: the decline record of a targeted proposal carries targetPlayerId."""
    state = setup_trade()
    propose(state, target="p2")
    play(state, 1, "domesticTradePass")
    assert state.domestic_declines == [
        {"proposerId": "p1", "targetPlayerId": "p2", "offer": side(wool=1), "want": side(brick=1)}
    ]


def test_targeted_at_terms_bid_is_awarded_at_once() -> None:
    """rules §12.1 item 4: a targeted at-terms bid executes immediately."""
    state = setup_trade()
    propose(state, target="p3")
    play(state, 2, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    assert state.pending is None
    assert state.players[2].res["wool"] == 1 and state.players[0].res["brick"] == 1
    assert state.domestic_outcomes[0]["ending"] == "taken"


def test_targeted_modified_bid_waits_for_proposer() -> None:
    """rules §12.1 item 4: only an at-terms targeted bid is automatic; a modified one waits."""
    state = setup_trade()
    propose(state, target="p3")
    play(state, 2, "domesticTradeBid", offer=side(wool=2), want=side(brick=1))
    assert state.pending is not None
    assert [m["type"] for m in GAME.legal_moves(state, 0)] == ["domesticTradeAward", "domesticTradeCancel"]


def test_broadcast_at_terms_bid_is_not_automatic() -> None:
    """rules §12.1 item 4: with several responders the proposer chooses."""
    state = setup_trade()
    propose(state)
    play(state, 1, "domesticTradeBid", offer=side(wool=1), want=side(brick=1))
    assert state.pending is not None


def test_other_actions_refused_while_auction_open() -> None:
    """rules §5.5: while the auction is open only its answers are legal."""
    state = setup_trade()
    propose(state)
    refused(state, 0, "endTurn", "pending_open")
    refused(state, 0, "domesticTradePropose", "pending_open", offer=side(wool=1), want=side(ore=1))


def test_listed_moves_during_auction() -> None:
    """rules §16: responders get bids and pass; the proposer gets award/cancel; every listed move applies."""
    state = setup_trade()
    propose(state)
    responder = GAME.legal_moves(state, 1)
    kinds = {m["type"] for m in responder}
    assert kinds == {"domesticTradeBid", "domesticTradePass"}
    assert {"playerId": "p2", "type": "domesticTradeBid",
            "payload": {"offer": side(wool=1), "want": side(brick=1)}} in responder
    for m in responder:
        GAME.apply(copy.deepcopy(state), m)
    assert [m["type"] for m in GAME.legal_moves(state, 0)] == ["domesticTradeCancel"]


def test_passed_responder_without_cards_is_not_to_move() -> None:
    """rules §12.1, §16: a responder who passed and holds nothing has no answer left to give."""
    state = setup_trade()
    for k in list(state.players[2].res):
        state.bank[k] += state.players[2].res[k]
        state.players[2].res[k] = 0
    propose(state)
    play(state, 2, "domesticTradePass")
    assert GAME.to_move(state) == [0, 1]
    for seat in GAME.to_move(state):
        assert GAME.legal_moves(state, seat)


def test_proposal_candidates_skip_bundles_already_proposed() -> None:
    """rules §12.1 'Proposal history': an exact bundle already proposed this turn is not listed again."""
    state = setup_trade()
    listed = [m["payload"] for m in GAME.legal_moves(state, 0) if m["type"] == "domesticTradePropose"]
    first = {"offer": side(wool=1), "want": side(brick=1)}
    assert first in listed and len(listed) <= C.MAX_PROPOSAL_CANDIDATES + 8 * 2
    propose(state)
    play(state, 0, "domesticTradeCancel")
    listed = [m["payload"] for m in GAME.legal_moves(state, 0) if m["type"] == "domesticTradePropose"]
    assert first not in listed
    assert {**first, "targetPlayerId": "p2"} not in listed


def test_a_bidder_holding_two_types_always_has_another_bid() -> None:
    """rules §12.1: a responder holding two types has two swap counters asking different types, so
    besides the bid that stands some bid is always listed, and the standing one is left out."""
    state = setup_trade()
    propose(state)
    play(state, 2, "domesticTradeBid", offer=side(wool=1), want=side(lumber=1))
    listing = domestic.bid_candidates(state, 2)
    payloads = list(listing)
    assert listing and payloads
    assert {"offer": side(wool=1), "want": side(lumber=1)} not in payloads
    assert {"offer": side(wool=1), "want": side(brick=1)} in payloads
