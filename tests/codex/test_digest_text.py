"""The digest text's own serialisation and cache (design §4: the digest is the SHA-256 of the
state as compact sorted JSON; the cached text must be those characters exactly)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.games.codex import GAME
from toolkit.games.codex.digest_text import UnannouncedChange, _Strings, changed, dumps, materials_of, plain
from toolkit.games.codex.state import full_digest

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@given(JSON)
def test_dumps_writes_what_json_writes(value: object) -> None:
    """Every JSON value, scalars included, is written as sorted compact JSON would write it."""
    assert dumps(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), default=plain)


def test_an_announced_change_to_a_long_unchanged_field_reaches_the_digest() -> None:
    """design §4: a field untouched for many digests and then changed in place (a deck drawn from,
    a player's nested record, a board list) and announced is written afresh in the next digest."""
    state = GAME.new_game(5, {"players": [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}]})
    for _ in range(5):
        GAME.digest(state)
    state.decks["science"].pop()
    changed(state, "decks")
    assert GAME.digest(state) == full_digest(state)
    state.players[1].knights["basic"] -= 1
    changed(state, 1)
    assert GAME.digest(state) == full_digest(state)
    state.b_wall[3] = True
    changed(state, "b_wall")
    assert GAME.digest(state) == full_digest(state)
    state.players[1].knights["basic"] += 1
    state.b_wall[3] = False
    changed(state, "b_wall", 1)
    assert GAME.digest(state) == full_digest(state)


def test_strings_are_written_alike_before_and_after_the_memo_fills() -> None:
    """design §4: the remembered JSON of strings is the JSON json writes, for short and long
    strings, quotes, escapes and non-ASCII text alike, including after the memo has been emptied
    for being full."""
    hostile = ['"', "\\", "\n", "é", "名前", "\u2028", "a" * 65, "</script>", ""]
    for n in range(2 * _Strings.LIMIT + 10):
        text = f"{hostile[n % len(hostile)]}{n}"
        assert dumps(text) == json.dumps(text)
        assert dumps({text: [text]}) == json.dumps({text: [text]}, separators=(",", ":"))
    for text in hostile:
        assert dumps(text) == json.dumps(text)


def test_a_change_to_named_player_fields_reaches_the_digest() -> None:
    """design §4: a seat announced with some of its player's fields (its cards, as a trade or a
    production announces them) has those fields written afresh; any other field of that player
    changed under such an announcement is caught in checked mode."""
    state = GAME.new_game(6, {"players": [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}]})
    GAME.digest(state)
    state.players[2].res["ore"] += 2
    state.players[2].com["coin"] += 1
    changed(state, materials_of(2))
    assert GAME.digest(state) == full_digest(state)
    state.players[0].res["wool"] += 1
    state.players[0].roads -= 1
    changed(state, materials_of(0))
    with pytest.raises(UnannouncedChange, match="players"):
        GAME.digest(state)
    changed(state, (0, "roads"))
    assert GAME.digest(state) == full_digest(state)
