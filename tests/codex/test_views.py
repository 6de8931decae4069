"""Wire views against the real engine's schema, and loading the captured real state."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from codex_helpers import DATA, assert_valid, fresh, in_action, play

from toolkit.games.codex import GAME, engine, views
from toolkit.games.codex.bots import random_legal_move
from toolkit.rng import Stream


def capture() -> dict[str, Any]:
    return json.loads((DATA / "play-request-full.json").read_text())


def test_capture_itself_validates() -> None:
    """bot-protocol schema: the validator accepts the real captured state (sanity of the harness)."""
    assert_valid(capture()["state"])


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_new_game_view_matches_schema(seat: int | None) -> None:
    """design §4 (view): a fresh game's view is a valid BotRequest.state for every seat."""
    assert_valid(GAME.view(fresh(), seat))


def test_views_during_play_match_schema() -> None:
    """design §4 (view): views stay schema-valid through random legal play, decisions included."""
    state = fresh(seed=3, victoryPointsTarget=8)
    rng = Stream("views", "bot")
    seen_pending = set()
    for step in range(400):
        if GAME.is_over(state):
            break
        seat, mv = random_legal_move(state, rng)
        GAME.apply(state, mv)
        if state.pending is not None:
            seen_pending.add(state.pending["type"])
        if step % 7 == 0 or state.pending is not None:
            assert_valid(GAME.view(state, seat))
            assert_valid(GAME.view(state, None))
    assert "placeSetupRoad" in seen_pending


def test_opponents_are_redacted() -> None:
    """rules §16 / protocol v3: own entry full; opponents show only materialCount and progressHandByDeck."""
    state = in_action()
    state.players[1].res["ore"] = 3
    state.players[1].hand.append({"instanceId": "pol_politicsSabotage_1", "cardId": "politicsSabotage"})
    v = GAME.view(state, 0)
    mine, theirs = v["players"]["p1"], v["players"]["p2"]
    assert "resources" in mine and "progressHand" in mine
    assert "resources" not in theirs and "progressHand" not in theirs
    assert theirs["materialCount"] == 3
    assert theirs["progressHandByDeck"] == {"science": 0, "trade": 0, "politics": 1}
    assert "seed" not in json.dumps(v)


def test_spectator_sees_everything_only_after_game_over() -> None:
    """design §4 (view): a spectator sees all hands once the game is over, none before."""
    state = in_action()
    assert all("resources" not in p for p in GAME.view(state, None)["players"].values())
    play(state, 1, "resign")
    assert all("resources" in p for p in GAME.view(state, None)["players"].values())


def _without_edge_order(board: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(board))
    for e in out["edges"].values():
        pair = sorted((e.pop("intersectionA"), e.pop("intersectionB")))
        e["ends"] = pair
    return out


def test_capture_loads_and_views_back() -> None:
    """design §4 / vorryn README: the captured state loads and p-red's view reproduces it.

    Edge ends are compared as unordered pairs (the capture does not sort them) and our own
    entry lists every commodity, including the zero ones the capture omits.
    """
    wire = capture()["state"]
    state = views.from_wire(wire)
    ours = views.view(state, 0)
    assert_valid(ours)
    assert _without_edge_order(ours.pop("board")) == _without_edge_order(wire["board"])
    theirs = dict(wire)
    theirs.pop("board")
    mine = ours["players"]["p-red"]
    assert mine["commodities"] == {"coin": 0, "paper": 0, "cloth": 0}
    mine["commodities"] = wire["players"]["p-red"]["commodities"]
    assert ours == theirs


def test_capture_candidate_types_are_listed() -> None:
    """rules §5.3: every candidate type the real engine offered p-red in the capture (end turn,
    domestic trade proposals and a progress-card play) is among the types our engine lists."""
    req = capture()
    state = views.from_wire(req["state"])
    ours = {m["type"] for m in engine.legal_moves(state, state.seat_of_id(req["playerId"]) or 0)}
    theirs = {a["type"] for a in req["validActions"]}
    assert engine.NOT_YET_HANDLED == ()
    assert theirs <= ours


def test_capture_effect_candidates_are_listed() -> None:
    """rules §14 / digest §3: each Galleon play the capture offers p-red with a named type
    (every resource and commodity) is among our candidates, payload for payload."""
    req = capture()
    state = views.from_wire(req["state"])
    ours = [m["payload"] for m in engine.legal_moves(state, state.seat_of_id(req["playerId"]) or 0)
            if m["type"] == "playProgressCard"]
    theirs = [{k: v for k, v in a.items() if k not in ("type", "id")} for a in req["validActions"]
              if a["type"] == "playProgressCard" and not a.get("skip")]
    assert len(theirs) == 8
    assert all(t in ours for t in theirs)


def test_capture_plays_on_after_loading() -> None:
    """design §4: a loaded state continues — p-red ends the turn and p-blue is to roll."""
    state = views.from_wire(capture()["state"])
    play(state, 0, "endTurn")
    assert state.players[state.current].id == "p-blue" and state.phase == "roll"
    assert_valid(views.view(state, 1))


def test_views_at_once_equal_each_view_alone_through_play() -> None:
    """design §4 (view): the views of several seats made at once, the board kept between positions
    by a memo, are exactly the views each seat gets alone, at every position of a played game."""
    state = fresh(seed=5, victoryPointsTarget=8)
    rng = Stream("views at once", "bot")
    memo: dict[str, Any] = {}
    seats: list[int | None] = [None, 0, 1, 2]
    for _ in range(250):
        if GAME.is_over(state):
            break
        together = GAME.views(state, seats, memo)
        assert [json.dumps(v) for v in together] == [json.dumps(GAME.view(state, s)) for s in seats]
        GAME.apply(state, random_legal_move(state, rng)[1])


def test_views_at_once_share_the_board() -> None:
    """design §4 (view): the views of one position share one board, and keep it while no piece moves."""
    state = fresh(seed=5)
    memo: dict[str, Any] = {}
    first = GAME.views(state, [None, 0, 1], memo)
    again = GAME.views(state, [2], memo)
    assert first[0]["board"] is first[1]["board"] is first[2]["board"] is again[0]["board"]


@pytest.mark.parametrize("seed", [11, 23, 37])
def test_views_with_a_memo_equal_fresh_views_on_random_games(seed: int) -> None:
    """design §4 (view): views made with one memo carried through a whole random game equal the
    views made afresh at every position, seat by seat (so no seat's view ever shows what another
    seat's fresh view hides)."""
    state = fresh(seed=seed, victoryPointsTarget=9)
    rng = Stream(f"memo {seed}", "bot")
    memo: dict[str, Any] = {}
    seats: list[int | None] = [None, *range(len(state.players))]
    for _ in range(400):
        kept = GAME.views(state, seats, memo)
        assert [json.dumps(v) for v in kept] == [json.dumps(v) for v in GAME.views(state, seats)]
        if GAME.is_over(state):
            break
        GAME.apply(state, random_legal_move(state, rng)[1])


def test_an_unchanged_player_entry_is_the_same_object_at_the_next_position() -> None:
    """design §4 (view): with a memo, a player's entry that shows nothing new is the entry of the
    last position again; the entries of a player whose cards changed are made anew."""
    shared = fresh_made = 0
    for old, new in _views_around_moves(5, "same entries", 120):
        for pid, entry in new["players"].items():
            if entry == old["players"][pid]:
                assert entry is old["players"][pid]
                shared += 1
            else:
                fresh_made += 1
    assert shared and fresh_made


def test_a_seats_players_table_is_the_same_object_while_its_entries_are() -> None:
    """design §4 (view): with a memo, a seat's players table whose entries are all the entries of
    the last position is that position's table again; one with a changed entry is a new table."""
    kept = remade = 0
    for old, new in _views_around_moves(7, "same tables", 150):
        same = all(new["players"][pid] is entry for pid, entry in old["players"].items())
        assert (new["players"] is old["players"]) == same
        kept, remade = kept + same, remade + (not same)
    assert kept and remade


def test_views_of_changing_seat_sets_with_a_memo_equal_fresh_views() -> None:
    """design §4 (view): a memo kept while the seats asked for change from call to call (one
    seat's view, then the spectator's, then all) gives the views made afresh, seat by seat: an
    entry kept for one seat set is never handed to a view it no longer fits."""
    state = fresh(seed=19, victoryPointsTarget=8)
    rng = Stream("changing seats", "bot")
    memo: dict[str, Any] = {}
    asks: list[list[int | None]] = [[0], [None], [1, None], [None, 0, 1, 2], [2]]
    for step in range(300):
        seats = asks[step % len(asks)]
        kept = GAME.views(state, seats, memo)
        assert [json.dumps(v) for v in kept] == [json.dumps(GAME.view(state, s)) for s in seats], step
        if GAME.is_over(state):
            break
        GAME.apply(state, random_legal_move(state, rng)[1])


def test_unchanged_bank_dice_and_opponent_types_are_the_same_objects_at_the_next_position() -> None:
    """design §4 (view): with a memo, the bank, the dice and the opponents' material types that
    show nothing new are those of the last position again; changed ones are new objects."""
    kept = remade = 0
    for old, new in _views_around_moves(13, "same bank", 150):
        for key in ("bankResources", "bankCommodities", "dice", "opponentMaterialTypes"):
            same = new[key] == old[key]
            assert (new[key] is old[key]) == same, key
            kept, remade = kept + same, remade + (not same)
    assert kept and remade


def _views_around_moves(seed: int, stream: str, moves: int) -> Iterator[tuple[Any, Any]]:
    """Each seat's view (spectator first) just before and just after each of ``moves`` random
    moves, all through one memo, as a page asks for them."""
    state = fresh(seed=seed)
    memo: dict[str, Any] = {}
    rng = Stream(stream, "bot")
    seats: list[int | None] = [None, *range(len(state.players))]
    for _ in range(moves):
        before = GAME.views(state, seats, memo)
        GAME.apply(state, random_legal_move(state, rng)[1])
        yield from zip(before, GAME.views(state, seats, memo), strict=True)


def test_views_with_a_memo_show_a_full_entry_only_to_its_own_seat() -> None:
    """design §4 (view), §8 (hidden information): through a whole random game played with one
    memo, and seats asked in changing sets and orders, a seat's view holds its own entry in full
    and every other player's redacted, and the spectator's holds none in full until the game is
    over: no kept table or entry ever reaches a view it does not fit."""
    state = fresh(seed=23, victoryPointsTarget=8)
    rng = Stream("full entries", "bot")
    memo: dict[str, Any] = {}
    asks: list[list[int | None]] = [[None, 0, 1, 2], [2, 1, None, 0], [1], [None], [0, 2]]
    for step in range(400):
        seats = asks[step % len(asks)]
        for seat, view in zip(seats, GAME.views(state, seats, memo), strict=True):
            over = view["phase"] == "gameOver" and seat is None
            for entry in view["players"].values():
                full = "resources" in entry
                assert full == (over or entry["seatIndex"] == seat), (step, seat, entry["id"])
                assert ("materialCount" in entry) == (not full), (step, seat, entry["id"])
        if GAME.is_over(state):
            break
        GAME.apply(state, random_legal_move(state, rng)[1])
