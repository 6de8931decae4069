"""Every pending decision, loaded from a wire view, is answered as the full engine answers it
or refused for what the view lacks (design §4, ``from_wire``; rules §16, digest §2).

Positions come from bot games (:mod:`wire_positions`): for each pending type, the deciding
seat's view of a position where it opened is loaded with the same seed, and each answer the
full engine lists is tried on both. An answer the loaded state accepts must leave the same
view for that seat and the same seats to move; one it refuses must carry a ``hidden_*`` code
and say the position came from a player's view.
"""

from __future__ import annotations

from typing import Any

import pytest
from wire_positions import comparable, decider, loaded, openings, outcome

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME
from toolkit.games.codex import constants as C
from toolkit.games.codex.state import State

ANSWERS_TRIED = 6

#: Decisions no player's view can settle, and the code that says why (see resume.GAPS).
REFUSED = {
    "chooseKnightRetreat": "hidden_knight",  # the retreating knight is off the board
    "commercialHarborGive": "hidden_offer",  # Wharfage's offered resource is in no view
    "chooseProgressDeck": "hidden_deck",  # the deck order is in no view
    "chooseStealTarget": "hidden_hand",  # every candidate victim's hand is hidden
}


def tried(state: State) -> tuple[State, int, list[dict[str, Any]]]:
    seat = decider(state)
    return loaded(state, seat), seat, GAME.legal_moves(state, seat)[:ANSWERS_TRIED]


def assert_clean_refusal(exc: IllegalMove) -> None:
    assert exc.code.startswith("hidden_"), exc
    assert str(exc).startswith("this position came from a player's view; ")


def played_on(state: State) -> tuple[int, set[str]]:
    """How many listed answers the loaded state plays exactly as the full state, and the codes
    of the ones it refuses (checking each on the way)."""
    mine, seat, answers = tried(state)
    listed = GAME.legal_moves(mine, seat)
    same, codes = 0, set()
    for move in answers:
        theirs, err = outcome(state, move)
        assert err is None
        ours, exc = outcome(mine, move)
        if exc is not None:
            assert_clean_refusal(exc)
            assert move not in listed
            codes.add(exc.code)
            continue
        assert comparable(GAME.view(ours, seat)) == comparable(GAME.view(theirs, seat)), move
        assert GAME.to_move(ours) == GAME.to_move(theirs), move
        same += 1
    return same, codes


@pytest.mark.parametrize("kind", [k for k in C.PENDING_TYPES if k not in REFUSED])
def test_loaded_decision_is_answered_like_the_full_state(kind: str) -> None:
    """design §4 from_wire: with ``kind`` open, the deciding seat's answers play on from its
    loaded view exactly as from the full position (queued follow-ups included)."""
    states = openings().get(kind, [])
    assert states, f"the bot games never opened {kind}"
    assert sum(played_on(state)[0] for state in states) > 0


@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_loaded_decision_lacking_hidden_data_is_refused(kind: str) -> None:
    """design §4 from_wire: with ``kind`` open, what the answer needs is in no view, so the
    loaded state refuses it with the code naming what is missing and lists no such answer."""
    states = openings().get(kind, [])
    assert states, f"the bot games never opened {kind}"
    codes: set[str] = set()
    for state in states:
        same, found = played_on(state)
        assert same == 0
        codes |= found
    assert codes == {REFUSED[kind]}


def test_listed_answers_are_the_full_states_answers() -> None:
    """rules §16: a loaded state lists no answer the full engine would not list."""
    for states in openings().values():
        for state in states:
            mine, seat, _ = tried(state)
            theirs = GAME.legal_moves(state, seat)
            assert all(move in theirs for move in GAME.legal_moves(mine, seat))


def test_treason_placement_is_refused_but_skip_plays_on() -> None:
    """rules §14 Treason: the new knight takes the removed knight's state, which no view shows;
    placing none (``skip``) needs nothing hidden."""
    state = openings()["treasonPlaceKnight"][0]
    mine, seat, answers = tried(state)
    placements = [m for m in answers if m["payload"] != {"skip": True}]
    assert placements
    for move in placements:
        exc = outcome(mine, move)[1]
        assert exc is not None and exc.code == "hidden_knight_state"
    skips = [m for m in GAME.legal_moves(state, seat) if m["payload"] == {"skip": True}]
    assert GAME.legal_moves(mine, seat) == skips


def test_every_view_lists_moves_that_apply() -> None:
    """design §4: loaded from any seat's view or a spectator's, ``legal_moves`` never raises for
    any seat and every listed move applies; answers it does not list are refused cleanly."""
    for kind, states in openings().items():
        state = states[0]
        for viewer in [None, *range(len(state.players))]:
            mine = loaded(state, viewer)
            for seat in range(len(state.players)):
                for move in GAME.legal_moves(mine, seat)[:ANSWERS_TRIED]:
                    assert outcome(mine, move)[1] is None, (kind, viewer, move)
            for seat in GAME.to_move(state):
                for move in GAME.legal_moves(state, seat)[:ANSWERS_TRIED]:
                    exc = outcome(mine, move)[1]
                    if exc is not None:
                        assert_clean_refusal(exc)


def test_positions_cover_every_pending_type() -> None:
    """digest §2: the bot games open each of the wire's pending types at least once."""
    assert [k for k in C.PENDING_TYPES if not openings().get(k)] == []


def test_causeway_roads_left_are_unknown_to_a_spectator() -> None:
    """rules §14 Causeway: how many free roads remain is in the player's own entry only; loaded
    from a spectator's view, placing one is refused as hidden_free_roads and none is listed."""
    state = openings()["roadBuildingPlace"][0]
    assert state.pending is not None and state.pending["payload"]["maySkip"] is False
    seat = decider(state)
    mine = loaded(state, None)
    assert GAME.legal_moves(mine, seat) == []
    exc = outcome(mine, GAME.legal_moves(state, seat)[0])[1]
    assert exc is not None and exc.code == "hidden_free_roads"
    assert_clean_refusal(exc)
