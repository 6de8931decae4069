"""Narration worked out once and remembered reads exactly as narration worked out afresh."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from toolkit import replay
from toolkit.games.pioneers import GAME
from toolkit.render import codex_words
from toolkit.render.frames import Naming, config_names, described, snapshots, views_of, with_names
from toolkit.render.pioneers import ADAPTER, Places, geometry, hex_names
from toolkit.saves import Save, load

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
PIONEERS = REPLAYS / "pioneers-three-player-quick-win.json"
CODEX = REPLAYS / "codex-four-player-joaquim-wins.json"


def _pioneers_view() -> dict[str, Any]:
    state = GAME.new_game("narration", {"players": [{"name": f"P{i}"} for i in range(3)]})
    return dict(GAME.view(state, None))


def _every_place() -> str:
    geo = geometry()
    return "; ".join(
        [f"vertex {v}" for v in range(len(geo.vertices))]
        + [f"edge {e}" for e in range(len(geo.edges))]
        + [f"hex {h}" for h in range(len(geo.centres))]
    )


def test_a_board_says_each_place_again_as_it_said_it_first() -> None:
    """A board's remembered words for a place equal the words a fresh board works out."""
    view = _pioneers_view()
    text = _every_place()
    board = Places(hex_names(view))
    first = board.say(text)
    assert board.say(text) == first == Places(hex_names(view)).say(text)
    assert "vertex 0" not in first and "the " in first


def test_place_words_follow_another_hexes_list() -> None:
    """The adapter's place words are worked out again for a board whose hexes differ, never stale."""
    view = _pioneers_view()
    hexes = copy.deepcopy(view["board"]["hexes"])
    first = next(h for h in hexes if h.get("token"))
    other = next(h for h in hexes if h.get("token") not in (None, first["token"]))
    first["token"], other["token"] = other["token"], first["token"]
    swapped = {**view, "board": {**view["board"], "hexes": hexes}}
    text = _every_place()
    assert ADAPTER.plain_places(text, view) == Places(hex_names(view)).say(text)
    assert ADAPTER.plain_places(text, swapped) == Places(hex_names(swapped)).say(text)
    assert ADAPTER.plain_places(text, swapped) != ADAPTER.plain_places(text, view)


def test_event_words_read_alike_from_lazy_and_plain_events() -> None:
    """Tags, roll lines and event lines of a pioneers move are the same whether its events are the
    engine's own (sentences written when read) or plain copies."""
    save = load(PIONEERS)
    lazy_ones = 0
    for step, twin in zip(replay.run(save, 80), replay.run(save, 80), strict=True):
        if step.move is None:
            continue
        lazy = twin.events  # not read before the hooks read them
        lazy_ones += sum(type(e) is not dict for e in lazy)
        plain = [dict(e) for e in step.events]
        for hook in (ADAPTER.story_tags, ADAPTER.roll_lines, ADAPTER.event_lines):
            assert hook(step.move, lazy) == hook(step.move, plain), (step.index, hook.__name__)
    assert lazy_ones


def test_each_distinct_move_is_described_once_and_as_afresh() -> None:
    """A save's remembered move words equal the words each move gets on its own."""
    save = load(PIONEERS)
    game = replay.game_for(save)
    said: dict[str, str] = {}
    for move in save.moves:
        assert described(game, move, said) == described(game, move)
    assert len(said) == len({repr(m) for m in save.moves}) < len(save.moves)


def test_one_naming_reads_every_text_as_a_fresh_one() -> None:
    """A naming made once for a save's players names every text as one made for that text alone."""
    ids = {"p1": "p2", "p2": "<b>seat 1</b>"}
    names = {0: "Ada", 1: "p1"}
    naming = Naming(names, ids)
    texts = ["seat 0 and seat 1", "p1 trades with p2", "p12 is no player", "nothing to name", "seat 7"]
    for text in texts + texts:  # the second time from what the naming remembers
        assert naming(text) == with_names(text, names, ids)
    assert naming("p1 gives to seat 1") == "p2 gives to p1"
    assert Naming(names)("seat 1 and p1") == "p1 and p1"


def test_views_named_with_a_memo_equal_views_named_afresh() -> None:
    """Every view of a codex replay named through one save's memo equals the view named alone, and a
    player entry the views of one position share is named once."""
    save = load(CODEX)
    ids = config_names(save)
    game = replay.game_for(save)
    seen = views_of(game)
    memo: dict[str, Any] = {}
    for step in replay.run(save, 60):
        made = seen(step.state, [None, 0, 1, 2, 3])
        named = [codex_words.named_players(view, ids, memo) for view in made]
        assert named == [codex_words.named_players(view, ids) for view in made]
        shared = [
            pid
            for pid, entry in made[0]["players"].items()
            if entry is made[1]["players"][pid] and not entry.get("name")
        ]
        assert shared
        for pid in shared:
            assert named[0]["players"][pid] is named[1]["players"][pid]
            assert named[0]["players"][pid]["name"] == ids[pid]


def test_a_players_table_met_again_is_named_once() -> None:
    """A codex players table the engine hands again (none of its entries changed) gets the named
    table made for it before, itself, and that table equals the table named afresh."""
    save = load(CODEX)
    ids = config_names(save)
    game = replay.game_for(save)
    seen = views_of(game)
    memo: dict[str, Any] = {}
    last: dict[int, tuple[Any, Any]] = {}
    met_again = 0
    for step in replay.run(save, 80):
        for seat, view in enumerate(seen(step.state, [None, 0, 1, 2, 3])):
            named = codex_words.named_players(view, ids, memo)
            assert named["players"] == codex_words.named_players(view, ids)["players"]
            before = last.get(seat)
            if before is not None and before[0] is view["players"]:
                assert named["players"] is before[1]
                met_again += 1
            last[seat] = (view["players"], named["players"])
    assert met_again


def test_table_talk_is_quoted_as_typed_while_the_move_words_name_places() -> None:
    """pioneers.md §Table talk: talk is the player's own text, never read by the engine. Place ids
    in the move's words become place names; the talk keeps its own words, even when it reads like
    a place id."""
    save = load(PIONEERS)
    talk = "see you at edge 41 and vertex 36"
    moves = copy.deepcopy(list(save.data["moves"]))
    moves[12]["action"]["talk"] = talk  # seat 0's end_turn
    # the talk is logged in the position, so the recorded digests no longer hold from move 13
    changed = Save(save.path, {**save.data, "moves": moves, "checkpoints": []}, save.kind)
    actions = {snap.index: snap.action for _, snap in snapshots(changed, [None], 29)}
    assert actions[13].endswith(f' - "{talk}"')
    assert "edge 41" not in actions[29] and "road" in actions[29]  # move 29 builds on edge 41


def test_a_name_that_reads_like_a_place_id_stays_as_the_player_wrote_it(tmp_path: Path) -> None:
    """Narration puts place ids in words before it puts names in, so a player called ``edge 5``,
    ``knight-3 p1`` or ``0,1`` reads as written in every line (move, consequences, roll), while
    the places of those lines are still in words. (Player text is hostile: names are data.)"""
    cases = {
        PIONEERS: ["edge 5", "vertex 12", "hex 3"],
        CODEX: ["knight-3 p1", "2,-1|2,0|3,-1", "hex 3", "0,1"],
    }
    for source, names in cases.items():
        data = json.loads(source.read_text(encoding="utf-8"))
        for player, name in zip(data["config"]["players"], names, strict=True):
            player["name"] = name
        del data["checkpoints"]  # names are part of the digest: these saves carry none
        path = tmp_path / source.name
        path.write_text(json.dumps(data), encoding="utf-8")
        frames = [snap for _, snap in snapshots(load(path), [None], to=60)][1:]
        placing = [snap.action.split(". ", 1)[1] for snap in frames if " places " in snap.action]
        assert {line.split(" places ")[0] for line in placing} == set(names), source.name
        told = " ".join(f"{snap.action} {snap.detail} {snap.roll}" for snap in frames)
        assert "the corner of the " in told and "the edge between the " in told
        assert f"{names[0]} collected" in told or f"{names[0]} receives" in told  # a consequence


def test_a_move_told_by_its_type_alone_reads_as_a_sentence() -> None:
    """A codex move whose own event the view lacks (a drawn card's, a hidden choice's) is told
    from its type: in words of its own where it has them, otherwise by its name after a colon,
    never as a bare verb ("p1 choose progress deck"), and never from its payload."""
    from toolkit.games.codex.engine import DISPATCH

    draw = {"type": "chooseProgressDeck", "playerId": "p1", "payload": {"deck": "trade"}}
    assert codex_words.move_phrase(draw) == "p1 chooses a progress deck to draw from"
    assert codex_words.move_phrase({"type": "skipRoadBuilding", "playerId": "p2"}) == "p2: skip road building"
    for kind in DISPATCH:
        said = codex_words.move_phrase({"type": kind, "playerId": "p1", "payload": {"cardId": "secret"}})
        assert "secret" not in said
        verb = said.removeprefix("p1 ").split(" ")[0]
        assert said.startswith("p1: ") or verb.endswith("s"), said


def test_a_card_played_is_told_once_and_an_embargo_by_its_haul() -> None:
    """pioneers.md §Dev cards: a knight, roadworks or windfall played is told by the move
    alone (the engine's event only says it again); an embargo's line says what it brought in,
    or that nobody else held the resource."""
    told = {"knight": 0, "roadworks": 0, "windfall": 0, "embargo": 0}
    for path in sorted(REPLAYS.glob("pioneers-*.json")):
        for step in replay.run(load(path), None):
            move = step.move
            action = (move or {}).get("action") or {}
            if action.get("type") != "play_dev":
                continue
            card = action["card"]
            lines = ADAPTER.event_lines(move, step.events)
            told[card] += 1
            assert not any(" played " in line for line in lines), (path.name, step.index, lines)
            if card == "embargo":
                resource = action["resource"]
                said = lines[0]
                haul = said.startswith(f"seat {move['seat']} collected ") and said.endswith(f" {resource}")
                assert haul or said == f"nobody else held {resource}", lines
    assert all(told.values()), told


def test_counts_in_codex_event_words_read_as_words() -> None:
    """A count in a codex event reads as a number of things, not ``card(s)``, and none as ``no``."""
    said = {
        "p1 may place 2 free road(s)": "p1 may place 2 free roads",
        "p1 activates 0 knight(s) for free": "p1 activates no knights for free",
        "p2 discards 1 progress card(s)": "p2 discards 1 progress card",
        "p1 takes 0 ore": "p1 takes no ore",
        "p1 takes 2 card(s) of their choice from p2": "p1 takes 2 cards of their choice from p2",
        "p1 rolls 10 and takes 10 grain": "p1 rolls 10 and takes 10 grain",
    }
    assert {text: codex_words.plain_event(text) for text in said} == said
