"""The move record: malformed and illegal moves, labels, descriptions, catalog."""

from __future__ import annotations

import json

import pytest

from toolkit.games.base import IllegalMove, get_game
from toolkit.games.pioneers import GAME


def test_registered() -> None:
    """design.md §4: the engine is reachable by its game id."""
    game = get_game("pioneers")
    assert game.id == "pioneers" and game.rules_version == "pioneers/1"


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ("nonsense", "bad_field"),
        ({"kind": "turn", "action": {"type": "end_turn"}}, "bad_field"),
        ({"seat": True, "kind": "turn", "action": {"type": "end_turn"}}, "bad_field"),
        ({"seat": 9, "kind": "turn", "action": {"type": "end_turn"}}, "bad_field"),
        ({"seat": 0, "kind": "dance", "action": {}}, "bad_field"),
        ({"seat": 0, "kind": "turn"}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {"type": "end_turn"}, "strike": "timeout"}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {"type": "end_turn"}, "extra": 1}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": ["end_turn"]}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {}}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {"type": "fly"}}, "unknown_type"),
        ({"seat": 0, "kind": "turn", "action": {"type": "build_road"}}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {"type": "build_road", "edge": "5"}}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {"type": "build_road", "edge": 72}}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {"type": "build_road", "edge": 5, "talk": "hi"}}, "bad_field"),
        (
            {"seat": 0, "kind": "turn", "action": {"type": "bank_trade", "give": "gold", "get": "ore"}},
            "bad_resource",
        ),
        (
            {
                "seat": 0,
                "kind": "turn",
                "action": {"type": "offer_trade", "give": {"wool": -1}, "get": {"ore": 1}},
            },
            "bad_field",
        ),
        (
            {
                "seat": 0,
                "kind": "turn",
                "action": {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}, "to": 0},
            },
            "bad_target",
        ),
        ({"seat": 0, "kind": "turn", "action": {"type": "end_turn", "talk": 5}}, "bad_field"),
        ({"seat": 0, "kind": "turn", "action": {"type": "play_dev"}}, "bad_field"),
        ({"seat": 0, "kind": "bandit", "action": {"hex": 3}}, "wrong_decision"),
        ({"seat": 2, "kind": "turn", "action": {"type": "end_turn"}}, "not_your_turn"),
    ],
)
def test_malformed_and_illegal_moves_leave_state_unchanged(h, move, code) -> None:
    """design.md §4 / pioneers.md §Defaults and strikes: every refused move is an IllegalMove with a
    stable code."""
    s = h.started()
    h.give(s, 0, wool=2)
    assert h.refused(s, move) == code


def test_setup_malformed(h) -> None:
    """pioneers.md §Setup: a setup answer is one settlement vertex plus one road edge."""
    s = h.new()
    for action, code in [
        ({"settlement": 0}, "bad_field"),
        ({"settlement": 0, "road": 0, "city": 1}, "bad_field"),
        ({"settlement": -1, "road": 0}, "bad_field"),
        ({"settlement": 1.5, "road": 0}, "bad_field"),
    ]:
        assert h.refused(s, {"seat": 0, "kind": "setup", "action": action}) == code


def test_random_illegal_moves_never_crash(h) -> None:
    """design.md §4: validation is complete — any legal move of another seat or kind is refused cleanly."""
    s = h.new("fuzz")
    h.setup_all(s)
    probes = (
        [{"type": "build_settlement", "vertex": v} for v in range(0, 54, 5)]
        + [{"type": "build_city", "vertex": v} for v in range(0, 54, 7)]
        + [{"type": "play_dev", "card": c} for c in ("knight", "roadworks", "windfall", "embargo", 3)]
    )
    for action in probes:
        before = GAME.digest(s)
        try:
            GAME.apply(
                s, {"seat": GAME.to_move(s)[0], "kind": GAME.owed(s, GAME.to_move(s)[0]), "action": action}
            )
        except IllegalMove as exc:
            assert exc.code and exc.message
            assert GAME.digest(s) == before


def test_label_and_describe() -> None:
    """design.md §5: moves have a short label and a sentence."""
    move = {"seat": 2, "kind": "turn", "action": {"type": "build_road", "edge": 15}}
    assert GAME.label(move) == "turn build_road, seat 2"
    assert GAME.describe(move) == "seat 2 builds a road on edge 15"
    assert GAME.label({"seat": 1, "kind": "discard", "strike": "timeout"}) == "discard (timeout), seat 1"
    assert GAME.label({"seat": 0, "kind": "setup", "action": {"settlement": 1, "road": 2}}) == "setup, seat 0"
    assert "vertex 1" in GAME.describe({"seat": 0, "kind": "setup", "action": {"settlement": 1, "road": 2}})
    assert GAME.label("junk") == "not a move"
    assert GAME.describe({"seat": "x"}) == "seat ? makes a malformed None decision"


def test_dev_card_plays_are_described_in_words_not_lists() -> None:
    """A roadworks or windfall play reads as words (``edge N``, a bundle), never a Python list, so
    the replay page can name the edges by their hexes."""
    def play(card: str, **fields: object) -> str:
        action = {"type": "play_dev", "card": card, **fields}
        return GAME.describe({"seat": 1, "kind": "turn", "action": action})

    assert play("roadworks", edges=[16]) == "seat 1 plays roadworks on edge 16"
    assert play("roadworks", edges=[16, 17]) == "seat 1 plays roadworks on edge 16 and edge 17"
    assert play("windfall", resources=["grain", "grain"]) == "seat 1 plays windfall for 2 grain"
    assert play("windfall", resources=["ore", "wool"]) == "seat 1 plays windfall for 1 wool, 1 ore"
    for malformed in (play("roadworks", edges="x"), play("windfall"), play("windfall", resources=[3])):
        assert "[" not in malformed and "None" not in malformed


def test_events_narrate(h) -> None:
    """design.md §4: events narrate what a move did, e.g. 'seat 0 built a road on edge N'."""
    s = h.started()
    h.give(s, 0, brick=1, lumber=1)
    e = next(e for e in GAME.legal_moves(s, 0) if e["action"]["type"] == "build_road")
    events = GAME.apply(s, e)
    assert events[0] == {
        "type": "build_road",
        "text": f"seat 0 built a road on edge {e['action']['edge']}",
        "seat": 0,
        "edge": e["action"]["edge"],
        "hands": {"0": {"brick": -1, "lumber": -1}},
    }


def test_config_checks() -> None:
    """pioneers.md: 3–4 players; the turn cap is fixed, so maxTurns is refused."""
    with pytest.raises(IllegalMove) as info:
        GAME.new_game("x", {"players": [{"name": "a"}, {"name": "b"}]})
    assert info.value.code == "bad_config"
    with pytest.raises(IllegalMove):
        GAME.new_game("x", {"players": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "maxTurns": 10})
    with pytest.raises(IllegalMove):
        GAME.new_game("x", {"players": [{"name": "a"}, {"name": "b"}, {}]})
    with pytest.raises(IllegalMove):
        GAME.new_game(None, {"players": [{"name": "a"}, {"name": "b"}, {"name": "c"}]})  # type: ignore[arg-type]


def test_catalog_is_complete_json() -> None:
    """design.md §9: the catalog carries costs, limits, board facts, the deck, moves, rulings and RNG
    streams."""
    cat = GAME.catalog
    json.dumps(cat)
    assert cat["costs"]["city"] == {"grain": 2, "ore": 3}
    assert cat["pieceLimits"] == {"road": 15, "settlement": 5, "city": 4}
    assert sum(card["count"] for card in cat["devCards"]) == 25 == cat["devDeckSize"]
    assert [card["name"] for card in cat["devCards"]] == [
        "knight",
        "victory_point",
        "roadworks",
        "windfall",
        "embargo",
    ]
    assert cat["board"]["hexes"] == 19 and cat["board"]["edges"] == 72 and len(cat["board"]["ports"]) == 9
    assert {m.get("type") for m in cat["moves"] if m["kind"] == "turn"} == {
        "build_road",
        "build_settlement",
        "build_city",
        "buy_dev",
        "play_dev",
        "bank_trade",
        "offer_trade",
        "end_turn",
    }
    assert {r["stream"] for r in cat["randomness"]} >= {
        "board/resources",
        "board/tokens",
        "deck/dev",
        "dice/<k>",
    }
    assert cat["rulings"] and set(cat["defaults"]) == {"setup", "turn", "discard", "bandit", "trade"}
