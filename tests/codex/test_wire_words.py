"""The open Espionage decision in words, in every view (rules §14 Espionage; design §8)."""

from __future__ import annotations

from wire_positions import decider, openings

from toolkit.games.codex import GAME
from toolkit.render.codex_words import pending_phrase, seating


def test_espionage_reads_sensibly_where_the_cards_are_hidden() -> None:
    """Only the spy's view lists the target's cards; the other views and a spectator's say
    the spy may take one of the cards shown, never that there are none to choose from."""
    state = openings()["espionageChooseCard"][0]
    spy = decider(state)
    for seat in [None, *range(len(state.players))]:
        view = GAME.view(state, seat)
        phrase = pending_phrase(view["pendingDecision"], seating(view))
        shown = len(view["pendingDecision"]["payload"]["eligibleCards"])
        if seat == spy:
            assert f"({shown} to choose from)" in phrase and shown > 0
        else:
            assert shown == 0
            assert phrase.endswith("may take one of the progress cards they were shown, or skip")
