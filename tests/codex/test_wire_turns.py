"""Turn order in positions loaded from the wire: setup order, the end of the turn and the next
roll (design §4 ``from_wire``; rules §4, §5, §6.2)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from codex_helpers import DATA, fresh, hand, in_action, move, play
from wire_positions import comparable, loaded, outcome

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, views
from toolkit.games.codex import constants as C
from toolkit.games.codex.dice import drawers, throw
from toolkit.games.codex.state import State


def capture_after_end_turn(seed: str) -> State:
    """The shared capture loaded with ``seed``, after p-red ends the turn (p-blue to roll)."""
    req = json.loads((DATA / "play-request-full.json").read_text())
    state = views.from_wire(req["state"], seed=seed)
    play(state, 0, "endTurn")
    return state


def draws_hidden(state: State) -> bool:
    """Whether the next roll's event die makes someone draw a card of unknown identity."""
    _, red, face = throw(state)
    return face in C.TRACKS and any(
        not c["cardId"] for c in state.decks[face][: len(drawers(state, face, red))]
    )


def seed_where(wanted: bool, face_ship: bool = False) -> str:
    for n in range(500):
        seed = f"resume-{n}"
        state = capture_after_end_turn(seed)
        if draws_hidden(state) == wanted and (not face_ship or throw(state)[2] == "ship"):
            return seed
    raise AssertionError("no such seed")


def test_next_roll_needing_the_hidden_deck_is_refused() -> None:
    """rules §6.2 / ruling "rolling in a loaded position": a roll whose event die draws from a
    deck of unknown order is refused as hidden_deck, and no roll is listed for that seat."""
    state = capture_after_end_turn(seed_where(True))
    assert state.players[state.current].id == "p-blue" and state.phase == "roll"
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, move(state, 1, "rollDice"))
    assert err.value.code == "hidden_deck"
    assert str(err.value).startswith("this position came from a player's view; the ")
    assert all(m["type"] != "rollDice" for m in GAME.legal_moves(state, 1))


def test_next_roll_without_a_draw_plays_on() -> None:
    """rules §6.1 / ruling "rolling in a loaded position": a roll whose event die is the ship
    needs no hidden card, so the next player rolls and the turn goes on."""
    state = capture_after_end_turn(seed_where(False, face_ship=True))
    assert {"playerId": "p-blue", "type": "rollDice", "payload": {}} in GAME.legal_moves(state, 1)
    before = state.dice["rollNumber"]
    play(state, 1, "rollDice")
    assert (state.dice["rollNumber"], state.dice["eventDieResult"]) == (before + 1, "ship")
    assert state.phase == "action"


def end_of_turn_discard() -> State:
    """Seat 0 ends the turn holding five progress cards: the end-of-turn discard is open."""
    state = in_action()
    for card in ("scienceIrrigation", "scienceMining", "tradeMerchant", "politicsSabotage",
                 "politicsEncouragement"):
        hand(state, 0, card)
    play(state, 0, "endTurn")
    assert state.pending is not None and state.pending["type"] == "discardProgress"
    return state


def test_end_of_turn_progress_discard_passes_the_turn() -> None:
    """rules §5.3 / §6.2: answering a loaded end-of-turn progress discard ends the turn: the
    next seat is to roll, exactly as in the full position."""
    state = end_of_turn_discard()
    mine = loaded(state, 0)
    answer = GAME.legal_moves(mine, 0)[0]
    theirs, _ = outcome(state, answer)
    ours, err = outcome(mine, answer)
    assert err is None
    assert (ours.current, ours.phase, ours.turn_number) == (1, "roll", state.turn_number + 1)
    assert comparable(GAME.view(ours, 0)) == comparable(GAME.view(theirs, 0))


def setup_moves(seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A game whose first placer is not seat 0, and a whole setup of first-listed placements."""
    state = fresh(seed)
    config = {"players": [{"id": p.id, "name": p.name} for p in state.players]}
    moves = []
    while state.phase in ("setup1", "setup2"):
        seat = GAME.to_move(state)[0]
        moves.append(GAME.legal_moves(state, seat)[0])
        GAME.apply(state, moves[-1])
    return config, moves


def first_seed_not_starting_at_zero() -> int:
    return next(seed for seed in range(100) if fresh(seed).first_player != 0)


def test_loaded_setup_continues_with_the_right_player() -> None:
    """rules §4.2-4.3: at every point of setup, a loaded position names the same player to
    place next as the full game, through both rounds, and hands the first turn to the player
    who placed first."""
    seed = first_seed_not_starting_at_zero()
    config, moves = setup_moves(seed)
    state = GAME.new_game(seed, config)
    for k, step in enumerate(moves):
        mine = loaded(state, GAME.to_move(state)[0])
        rest = copy.deepcopy(state)
        for later in moves[k:]:
            assert GAME.to_move(mine) == GAME.to_move(rest)
            GAME.apply(mine, later)
            GAME.apply(rest, later)
        assert (mine.phase, mine.current) == ("roll", state.first_player)
        GAME.apply(state, step)
