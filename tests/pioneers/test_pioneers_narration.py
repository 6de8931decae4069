"""Events write their sentence only when read, and read the same as if written at once."""

from __future__ import annotations

import copy
import json
import pickle

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.fields import narrated


def _first_turn_events() -> list[dict]:
    state = GAME.new_game("narration", {"players": [{"name": f"P{i}"} for i in range(3)]})
    while state.phase == "setup":
        GAME.apply(state, GAME.legal_moves(state, state.current)[0])
    ended = GAME.apply(state, {"seat": 0, "kind": "turn", "action": {"type": "end_turn"}})
    if state.phase == "turn":  # play on, so the state moves past the events' moment
        GAME.apply(state, {"seat": 1, "kind": "turn", "action": {"type": "end_turn"}})
    return ended


def test_a_late_read_tells_the_moment_of_the_move() -> None:
    """design.md §4: an event narrates its own move, however much later it is read."""
    ended = _first_turn_events()
    assert ended[0]["text"] == "seat 0 ended turn 1"
    assert ended[1]["text"].startswith("turn 2: seat 1 rolled ")


def test_every_way_of_reading_sees_the_sentence() -> None:
    """A lazily written event is equal to, encodes and copies like the plain event object."""
    plain = {"type": "bandit", "text": "seat 1 moved the bandit to hex 4", "seat": 1, "hex": 4}

    def lazy() -> dict:
        fields = {"type": "bandit", "text": None, "seat": 1, "hex": 4}
        return narrated(fields, "seat {} moved the bandit to hex {}".format, (1, 4))

    assert lazy() == plain and plain == lazy()
    assert json.dumps(lazy()) == json.dumps(plain)
    assert list(lazy().items()) == list(plain.items())
    assert dict(lazy().copy()) == plain and copy.deepcopy(lazy()) == plain
    assert pickle.loads(pickle.dumps(lazy())) == plain
    assert repr(lazy()) == repr(plain)
    assert lazy().get("text") == plain["text"]


def test_hand_changes_are_written_with_the_sentence() -> None:
    """An event that moves cards gets its ``hands`` field, last, when it is first read."""
    fields = {"type": "steal", "text": None, "seat": 0, "hands": None}
    changes = {2: [0, -1, 0, 0, 0], 0: [0, 1, 0, 0, 0]}
    lazy = narrated(fields, "seat {} took a card".format, (0,), changes)
    assert "hands" in lazy
    assert list(lazy.items()) == [
        ("type", "steal"),
        ("text", "seat 0 took a card"),
        ("seat", 0),
        ("hands", {"0": {"lumber": 1}, "2": {"lumber": -1}}),
    ]
