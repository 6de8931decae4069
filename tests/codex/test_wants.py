"""Standing wants (rules §12.3; digest §1 items 7-9, §7 item 3)."""

from __future__ import annotations

from typing import Any

import pytest
from codex_helpers import give, in_action, play, refused, side

from toolkit.games.codex import GAME
from toolkit.games.codex.state import State


def table(enabled: bool = True) -> State:
    state = in_action(standingWants=enabled)
    give(state, 0, wool=2, grain=1)
    give(state, 1, brick=2, ore=1)
    give(state, 2, lumber=1)
    return state


def test_disabled_channel_refuses_all_three() -> None:
    """rules §12.3: with standingWantsEnabled false none of the three actions is legal."""
    state = table(enabled=False)
    refused(state, 0, "setStandingWant", "standing_wants_disabled", offer=side(wool=1), want=side(brick=1))
    refused(state, 0, "clearStandingWant", "standing_wants_disabled")
    refused(state, 0, "executeStandingWant", "standing_wants_disabled", targetPlayerId="p2")
    kinds = {m["type"] for m in GAME.legal_moves(state, 0)}
    assert not kinds & {"setStandingWant", "clearStandingWant", "executeStandingWant"}


def test_post_and_replace() -> None:
    """rules §12.3: one want per player; posting again replaces it."""
    state = table()
    play(state, 1, "setStandingWant", offer=side(brick=1), want=side(wool=1))
    assert state.players[1].standing_want == {"offer": side(brick=1), "want": side(wool=1)}
    play(state, 1, "setStandingWant", offer=side(ore=1), want=side(grain=1))
    assert state.players[1].standing_want == {"offer": side(ore=1), "want": side(grain=1)}


def test_repost_and_empty_clear_are_no_ops() -> None:
    """rules §12.3: re-posting the standing terms, or clearing nothing, is rejected."""
    state = table()
    refused(state, 1, "clearStandingWant", "no_op")
    play(state, 1, "setStandingWant", offer=side(brick=1), want=side(wool=1))
    refused(state, 1, "setStandingWant", "no_op", offer=side(brick=1), want=side(wool=1))
    play(state, 1, "clearStandingWant")
    assert state.players[1].standing_want is None


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"offer": side(brick=3), "want": side(wool=1)}, "cannot_cover"),
        ({"offer": side(brick=1), "want": side(brick=1)}, "bad_trade"),
        ({"offer": [], "want": side(wool=1)}, "bad_payload"),
    ],
)
def test_post_shape_and_cover(payload: dict[str, Any], code: str) -> None:
    """rules §12.3: both sides non-empty, no type on both sides, the poster covers the offer."""
    state = table()
    refused(state, 1, "setStandingWant", code, **payload)


def test_set_and_clear_off_turn_and_during_pending() -> None:
    """rules §12.3, digest §7 item 3: any player, off-turn, with a pending open, roll or action phase."""
    state = table()
    play(state, 0, "domesticTradePropose", offer=side(wool=1), want=side(brick=1))
    pending = dict(state.pending or {})
    play(state, 2, "setStandingWant", offer=side(lumber=1), want=side(ore=1))
    assert state.pending == pending
    play(state, 2, "clearStandingWant")
    assert state.pending == pending
    play(state, 0, "domesticTradeCancel")
    state.phase = "roll"
    play(state, 1, "setStandingWant", offer=side(brick=1), want=side(wool=1))


def test_not_in_setup_or_game_over() -> None:
    """rules §12.3: neither set nor clear is legal in setup or once the game is over."""
    state = table()
    state.phase = "setup2"
    refused(state, 1, "setStandingWant", "wrong_phase", offer=side(brick=1), want=side(wool=1))
    state.phase = "gameOver"
    refused(state, 1, "setStandingWant", "game_over", offer=side(brick=1), want=side(wool=1))


def test_enumerator_offers_set_clear_only_to_current_without_pending() -> None:
    """digest §7 item 3: the move list offers set/clear only to the current player, nothing open."""
    state = table()
    kinds = {m["type"] for m in GAME.legal_moves(state, 0)}
    assert "setStandingWant" in kinds
    assert GAME.legal_moves(state, 1) == []
    play(state, 0, "setStandingWant", offer=side(wool=1), want=side(brick=1))
    assert "clearStandingWant" in {m["type"] for m in GAME.legal_moves(state, 0)}
    play(state, 0, "domesticTradePropose", offer=side(wool=1), want=side(ore=1))
    kinds = {m["type"] for m in GAME.legal_moves(state, 0)}
    assert not kinds & {"setStandingWant", "clearStandingWant", "executeStandingWant"}


def test_execute_is_atomic_and_clears_the_want() -> None:
    """rules §12.3: offer to the executor, want to the poster, in one step; the want fires once."""
    state = table()
    play(state, 1, "setStandingWant", offer=side(brick=2), want=side(wool=1))
    assert {"playerId": "p1", "type": "executeStandingWant", "payload": {"targetPlayerId": "p2"}} in (
        GAME.legal_moves(state, 0)
    )
    events = play(state, 0, "executeStandingWant", targetPlayerId="p2")
    a, b = state.players[0], state.players[1]
    assert (a.res["brick"], a.res["wool"]) == (2, 1)
    assert events[0]["hands"] == {"0": {"brick": 2, "wool": -1}, "1": {"brick": -2, "wool": 1}}
    assert (b.res["brick"], b.res["wool"]) == (0, 1)
    assert b.standing_want is None
    refused(state, 0, "executeStandingWant", "no_want", targetPlayerId="p2")


def test_execute_checks() -> None:
    """rules §12.3: current player, action phase, nothing open, another player's coverable want."""
    state = table()
    play(state, 1, "setStandingWant", offer=side(brick=1), want=side(grain=2))
    refused(state, 0, "executeStandingWant", "cannot_cover", targetPlayerId="p2")
    play(state, 0, "setStandingWant", offer=side(wool=1), want=side(lumber=1))
    refused(state, 0, "executeStandingWant", "bad_target", targetPlayerId="p1")
    refused(state, 2, "executeStandingWant", "not_your_turn", targetPlayerId="p1")
    state.phase = "roll"
    refused(state, 0, "executeStandingWant", "wrong_phase", targetPlayerId="p2")


def test_execution_does_not_count_as_a_proposal() -> None:
    """rules §12.3: executions are uncapped and do not use the 5 proposals."""
    state = table()
    play(state, 1, "setStandingWant", offer=side(ore=1), want=side(wool=1))
    play(state, 2, "setStandingWant", offer=side(lumber=1), want=side(wool=1))
    play(state, 0, "executeStandingWant", targetPlayerId="p2")
    play(state, 0, "executeStandingWant", targetPlayerId="p3")
    assert state.players[0].domestic_proposals == 0
    assert state.players[0].res["wool"] == 0


def test_unaffordable_want_is_swept_after_any_action() -> None:
    """rules §12.3 Lifecycle: the sweep after every action withdraws a want whose offer is gone."""
    state = table()
    play(state, 1, "setStandingWant", offer=side(ore=1), want=side(wool=1))
    play(state, 0, "domesticTradePropose", offer=side(grain=1), want=side(ore=1), targetPlayerId="p2")
    play(state, 1, "domesticTradeBid", offer=side(grain=1), want=side(ore=1))  # executes at once
    assert state.players[1].standing_want is None


def test_became_executable_announced_once() -> None:
    """rules §12.3 Lifecycle: a want carries one bit so becoming takeable is announced once."""
    state = table()
    events = play(state, 1, "setStandingWant", offer=side(brick=1), want=side(lumber=1))
    assert [e["type"] for e in events].count("standingWantLive") == 1
    assert state.players[1].standing_want_live
    events = play(state, 0, "setStandingWant", offer=side(wool=1), want=side(ore=1))
    assert "standingWantLive" in [e["type"] for e in events]  # p1's own want
    again = play(state, 0, "clearStandingWant")
    assert "standingWantLive" not in [e["type"] for e in again]


def test_game_over_clears_every_want() -> None:
    """rules §12.3: every want clears on gameOver."""
    state = table()
    play(state, 1, "setStandingWant", offer=side(brick=1), want=side(wool=1))
    play(state, 2, "resign")
    assert state.phase == "gameOver"
    assert all(p.standing_want is None for p in state.players)
