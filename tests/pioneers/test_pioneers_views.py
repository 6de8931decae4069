"""What each seat's view shows and hides."""

from __future__ import annotations

import json

import pytest

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.bots import play_game
from toolkit.games.pioneers.constants import DEV_INDEX

VIEW_KEYS = [
    "game",
    "seat",
    "turn",
    "phase",
    "currentSeat",
    "toMove",
    "decisions",
    "dice",
    "board",
    "roads",
    "buildings",
    "players",
    "scores",
    "myScore",
    "awards",
    "offer",
    "devDeckCount",
    "log",
    "winner",
    "placements",
    "finalScores",
]
PLAYER_KEYS = [
    "seat",
    "name",
    "handCount",
    "hand",
    "devCount",
    "devCards",
    "devBoughtThisTurn",
    "knightsPlayed",
    "roadLength",
    "piecesLeft",
    "score",
    "strikes",
    "resigned",
]
SEED = "secret-seed-4417"


def test_view_shape(h) -> None:
    """pioneers.md §Hidden information: the view has the agreed fields, in order, and is JSON-ready."""
    s = h.new(SEED)
    h.setup_all(s)
    for seat in (0, 1, None):
        view = GAME.view(s, seat)
        assert list(view) == VIEW_KEYS
        assert [list(p) for p in view["players"]] == [PLAYER_KEYS] * 4
        json.dumps(view)
        assert len(view["board"]["hexes"]) == 19 and len(view["board"]["ports"]) == 9
        assert view["roads"] == sorted(view["roads"], key=lambda r: r["edge"])
        assert view["buildings"] == sorted(view["buildings"], key=lambda b: b["vertex"])
        assert len(view["roads"]) == 8 and len(view["buildings"]) == 8


def test_opponents_are_counts_only(h) -> None:
    """pioneers.md §Hidden information: opponents' hands and dev cards are counts only."""
    s = h.started(SEED)
    h.give(s, 1, ore=2, wool=1)
    s.dev_hand[1][DEV_INDEX["knight"]] = 1
    s.dev_new[1][DEV_INDEX["windfall"]] = 1
    view = GAME.view(s, 0)
    p1 = view["players"][1]
    assert p1["hand"] is None and p1["handCount"] == 3
    assert p1["devCards"] is None and p1["devBoughtThisTurn"] is None and p1["devCount"] == 2
    own = GAME.view(s, 1)["players"][1]
    assert own["hand"] == {"brick": 0, "lumber": 0, "wool": 1, "grain": 0, "ore": 2}
    assert own["devCards"] == ["knight"] and own["devBoughtThisTurn"] == ["windfall"]
    spectator = GAME.view(s, None)
    assert all(p["hand"] is None for p in spectator["players"]) and spectator["myScore"] is None


def test_no_seed_or_deck_order(h) -> None:
    """pioneers.md §Hidden information: no view contains the seed, deck order or future dice."""
    s = h.started(SEED)
    for seat in (0, 1, 2, 3, None):
        text = json.dumps(GAME.view(s, seat))
        assert SEED not in text
        assert "deck" not in json.dumps(list(GAME.view(s, seat))).replace("devDeckCount", "")


def test_finished_spectator_view_reveals_all() -> None:
    """pioneers.md §Hidden information (contract): a finished game's spectator view reveals every hand
    and card."""
    config, moves = play_game("reveal", ["greedy", "random", "random"])
    s = GAME.new_game("reveal", config)
    for move in moves:
        GAME.apply(s, move)
    assert GAME.is_over(s)
    view = GAME.view(s, None)
    assert all(p["hand"] is not None and p["devCards"] is not None for p in view["players"])
    assert view["placements"] is not None and view["finalScores"] is not None
    assert view["phase"] == "over" and view["toMove"] == [] and view["decisions"] == {}
    seat_view = GAME.view(s, 1)
    assert seat_view["players"][0]["hand"] is None


def test_offer_and_decisions_in_view(h) -> None:
    """pioneers.md §Trading: an open offer shows in the view with the answers given so far."""
    s = h.started(SEED)
    h.give(s, 0, wool=1)
    h.give(s, 2, ore=1)
    h.turn(s, 0, type="offer_trade", give={"wool": 1}, get={"ore": 1})
    h.move(s, 2, "trade", {"accept": True})
    view = GAME.view(s, 3)
    assert view["phase"] == "trade"
    assert view["offer"]["answers"] == {"2": True}
    assert view["decisions"] == {"1": "trade", "3": "trade"}


def test_victory_cards_revealed_only_at_the_end(h) -> None:
    """pioneers.md §Dev cards: victory_point cards stay hidden from opponents until the end; then the
    final scores count them."""
    s = h.started(SEED)
    s.dev_hand[1][DEV_INDEX["victory_point"]] = 2
    before = GAME.view(s, 0)
    assert before["players"][1]["score"] == 2 and before["players"][1]["devCards"] is None
    assert before["finalScores"] is None
    s.turn = 200
    h.turn(s, 0, type="end_turn")  # turn 201 would begin: the game ends
    after = GAME.view(s, 0)
    assert after["finalScores"][1] == 4 and after["placements"][1] == 1
    assert GAME.view(s, None)["players"][1]["devCards"] == ["victory_point", "victory_point"]


def test_every_view_has_public_scores_without_hidden_cards(h) -> None:
    """pioneers.md §Hidden information: ``scores`` leaves out hidden VP cards, ``myScore`` has them."""
    s = h.started(SEED)
    s.dev_hand[2][DEV_INDEX["victory_point"]] = 1
    s.dev_new[2][DEV_INDEX["victory_point"]] = 1
    public = [2, 2, 2, 2]  # two setup settlements each, no awards
    for seat in (0, 1, 2, 3, None):
        view = GAME.view(s, seat)
        assert view["scores"] == public
        assert view["scores"] == [p["score"] for p in view["players"]]
    assert GAME.view(s, 2)["myScore"] == 4 and GAME.view(s, 1)["myScore"] == 2


def test_public_scores_count_towns_and_awards(h) -> None:
    """pioneers.md §Hidden information: the public score is towns (city 2) plus the 2-point awards."""
    s = h.started(SEED)
    city = s.seat_buildings[1][0]
    s.bld_kind[city] = 2
    s.road_holder = 1
    s.army_holder = 3
    assert GAME.view(s, None)["scores"] == [2, 2 + 1 + 2, 2, 2 + 2]


@pytest.mark.parametrize(
    ("seed", "bots"),
    [
        ("at once", ["greedy", "random", "random"]),
        ("memo 1", ["random", "random", "greedy", "random"]),
        ("memo 2", ["random", "greedy", "random", "random"]),
        ("memo 3", ["greedy", "random", "random"]),
    ],
)
def test_views_at_once_equal_each_view_alone_through_a_game(seed: str, bots: list[str]) -> None:
    """The views of every seat made at once, with a memo keeping the board, roads, buildings,
    log and entries from earlier positions, are exactly the views each seat gets alone, at
    every position of a bot game."""
    config, moves = play_game(seed, bots)
    state = GAME.new_game(seed, config)
    memo: dict[str, object] = {}
    seats: list[int | None] = [None, *range(len(bots))]
    for move in [None, *moves]:
        if move is not None:
            GAME.apply(state, move)
        together = GAME.views(state, seats, memo)
        assert [json.dumps(v) for v in together] == [json.dumps(GAME.view(state, s)) for s in seats]


def test_an_unchanged_entry_is_kept_from_the_last_position() -> None:
    """A player whose public entry shows the same counts and pieces after a move is given the
    same entry object as before, so what is made from it need not be made again."""
    config, moves = play_game("kept", ["greedy", "greedy", "greedy"])
    state = GAME.new_game("kept", config)
    memo: dict[str, object] = {}
    before = GAME.views(state, [None], memo)[0]["players"]
    kept = 0
    for move in moves[:60]:
        GAME.apply(state, move)
        after = GAME.views(state, [None], memo)[0]["players"]
        kept += sum(1 for old, new in zip(before, after, strict=True) if old is new and old == new)
        before = after
    assert kept > 0


def test_a_bandit_move_keeps_the_hexes_and_ports_lists() -> None:
    """When only the bandit moves, the board is a new object (it says where the bandit is) but
    its hexes and ports lists are the ones given before, so what is read from them (place
    words, paying hexes) is known unchanged."""
    config, moves = play_game("bandit lands", ["greedy", "greedy", "greedy"])
    state = GAME.new_game("bandit lands", config)
    memo: dict[str, object] = {}
    before = GAME.views(state, [None], memo)[0]["board"]
    moved = 0
    for move in moves:
        GAME.apply(state, move)
        board = GAME.views(state, [None], memo)[0]["board"]
        if board["bandit"] != before["bandit"]:
            moved += 1
            assert board is not before
            assert board["hexes"] is before["hexes"] and board["ports"] is before["ports"]
        before = board
    assert moved > 0
