"""Why a seat of a loaded position has no move: the report of ``replaykit moves`` names the
missing information (design §4 from_wire; :mod:`toolkit.games.codex.candidates`)."""

from __future__ import annotations

import pytest
from wire_positions import decider, openings

from toolkit.games.codex import GAME
from toolkit.games.codex.candidates import examine


@pytest.mark.parametrize(("kind", "code"), [
    ("chooseStealTarget", "hidden_hand"),
    ("commercialHarborGive", "hidden_offer"),
    ("chooseKnightRetreat", "hidden_knight"),
])
def test_a_decision_that_cannot_be_answered_says_why(kind: str, code: str) -> None:
    """rules §7.3, §14 Wharfage, §10.6: the deciding seat's view of these decisions lacks what
    every answer needs; the report lists no move and gives the refusal's code."""
    state = openings()[kind][0]
    seat = decider(state)
    report = examine(GAME.view(state, seat), "view.json", state.players[seat].id)
    assert report.to_move and report.moves == []
    assert report.blocked is not None and report.blocked.code == code


def test_a_seat_with_moves_has_no_blocking_reason() -> None:
    """A decision the view can settle is listed, with nothing blocking it."""
    state = openings()["choosePillageCity"][0]
    seat = decider(state)
    report = examine(GAME.view(state, seat), "view.json", state.players[seat].id)
    assert report.moves and report.blocked is None
