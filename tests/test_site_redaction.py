"""Hidden information on pioneers replay pages (pioneers.md §Hidden information, design §8).

A page holds one precomputed view per seat plus a spectator view. Each seat's frames may
show that seat's own hand and dev cards only; everyone else appears as counts. The
spectator sees no hand until the game is over. The seed never reaches the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.games.pioneers.bots import play_game
from toolkit.saves import Save
from toolkit.site import builder, fragments
from toolkit.site.page import FIRST_ROW, build_page_data, expand_views

SEED = "s3cr3t-seed-7731"
DEV_NAMES = ("victory_point", "victory point", "roadworks", "windfall", "embargo", "knight\"")


@pytest.fixture(scope="module")
def save_data() -> dict[str, Any]:
    config, moves = play_game(SEED, ["greedy", "greedy", "random", "greedy"])
    return {
        "format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1",
        "seed": SEED, "config": config, "moves": moves,
    }


@pytest.fixture(scope="module")
def page(save_data: dict[str, Any]) -> dict[str, Any]:
    data = build_page_data(Save("game.json", save_data), fragments).data
    return {**data, "views": expand_views(data)}


def _row_parts(page: dict[str, Any], frame_row: list[int], seat: int) -> tuple[str, str, str]:
    who, hand, info = (page["parts"][i] for i in page["rows"][frame_row[FIRST_ROW + seat]])
    return who, hand, info


def _shows_cards(hand: str) -> bool:
    return 'class="res ' in hand


def test_each_seat_sees_only_its_own_hand(page: dict[str, Any]) -> None:
    """Opponents' hands are counts in every frame of every seat's view."""
    seats = [key for key in page["views"] if key not in ("spectator", "all")]
    assert seats == ["0", "1", "2", "3"]
    for key in seats:
        me = int(key)
        own_shown = False
        for frame_row in page["views"][key][:-1]:
            for seat in range(len(seats)):
                _, hand, info = _row_parts(page, frame_row, seat)
                if seat == me:
                    own_shown = own_shown or _shows_cards(hand)
                    continue
                assert not _shows_cards(hand), (key, seat, hand)
                assert re.fullmatch(r'<div class="hand">\d+ cards?</div>', hand), hand
                assert not any(name in info for name in DEV_NAMES), info
        assert own_shown, f"seat {key} never saw its own cards"


def test_spectator_sees_no_hand_before_the_end(page: dict[str, Any]) -> None:
    """The spectator view shows every hand as a count until the game is over."""
    frames = page["views"]["spectator"]
    for frame_row in frames[:-1]:
        for seat in range(4):
            _, hand, _ = _row_parts(page, frame_row, seat)
            assert not _shows_cards(hand), hand


def test_the_seed_never_reaches_the_page(save_data: dict[str, Any], tmp_path: Path) -> None:
    """No view carries the seed, so neither does any page built from them."""
    replays = tmp_path / "replays"
    replays.mkdir()
    (replays / "game.json").write_text(json.dumps(save_data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", str(replays), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    pages = list((tmp_path / "site").rglob("*.html"))
    assert pages
    for path in pages:
        assert SEED not in path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- --reveal and the every-hand view


def _packed(save_data: dict[str, Any], reveal: str, moves: int | None = None) -> dict[str, Any]:
    data = dict(save_data)
    if moves is not None:
        data["moves"] = data["moves"][:moves]
    packed = build_page_data(Save("game.json", data), fragments, reveal=reveal).data
    return {**packed, "views": expand_views(packed)}


def _open_hands(page: dict[str, Any], view: str, frame: int) -> list[bool]:
    row = page["views"][view][frame]
    return [_shows_cards(_row_parts(page, row, s)[1]) for s in range(len(page["seats"]))]


@pytest.fixture(scope="module")
def never(save_data: dict[str, Any]) -> dict[str, Any]:
    return _packed(save_data, "never")


def test_reveal_end_opens_every_hand_on_the_last_move_of_a_finished_game(page: dict[str, Any]) -> None:
    """Issue 12 §5, --reveal end: every view shows every hand on the last frame, not before."""
    last = page["frames"] - 1
    for view in page["views"]:
        assert all(_open_hands(page, view, last)), view
    assert _open_hands(page, "spectator", last - 1) == [False] * 4


def test_reveal_end_opens_nothing_in_a_game_that_did_not_finish(save_data: dict[str, Any]) -> None:
    """Issue 12 §5: a trimmed prefix reveals nothing, even on its last frame."""
    cut = _packed(save_data, "end", moves=120)
    assert cut["reveal"] == cut["frames"]
    assert _open_hands(cut, "spectator", cut["frames"] - 1) == [False] * 4
    assert _open_hands(cut, "2", cut["frames"] - 1) == [False, False, True, False]


def test_reveal_never_hides_other_hands_in_every_view_to_the_end(never: dict[str, Any]) -> None:
    """Issue 12 §5, --reveal never: no view shows another seat's hand; no every-hand view."""
    assert "all" not in never["views"]
    for frame in range(never["frames"]):
        assert _open_hands(never, "spectator", frame) == [False] * 4
        for seat in never["seats"]:
            assert _open_hands(never, seat, frame) == [s == int(seat) for s in range(4)]


def test_reveal_never_embeds_only_rows_some_view_shows(never: dict[str, Any]) -> None:
    """Issue 12 §5: the page file holds a player row only when some view shows it in that frame."""
    for frame, row in enumerate(never["f"]):
        shown = {never["views"][view][frame][FIRST_ROW + s] for view in never["views"] for s in range(4)}
        assert set(row[FIRST_ROW:]) <= shown, frame
    used = {r for row in never["f"] for r in row[FIRST_ROW:]}
    assert used == set(range(len(never["rows"])))


def test_reveal_always_and_the_every_hand_view_open_every_hand(
    save_data: dict[str, Any], page: dict[str, Any]
) -> None:
    """Issue 12 §5: the every-hand view shows every hand in every frame; so does every view with always."""
    for frame in range(0, page["frames"], 37):
        assert all(_open_hands(page, "all", frame)), frame
    always = _packed(save_data, "always", moves=60)
    for view in always["views"]:
        assert all(_open_hands(always, view, 59)), view


def test_move_list_and_highlights_carry_no_private_event(save_data: dict[str, Any], tmp_path: Path) -> None:
    """pioneers.md §Hidden information: a steal's card is told only to thief and victim, so the move
    list, turn headings, tooltips and highlights (shared by every view) never name it."""
    from toolkit import replay
    from toolkit.render.frames import with_names
    from toolkit.site.page import read_page_data

    save = Save("game.json", save_data)
    names = {i: p["name"] for i, p in enumerate(save_data["config"]["players"])}
    private = [
        with_names(str(e["text"]), names)
        for step in replay.run(save)
        for e in step.events
        if isinstance(e, dict) and "visibleTo" in e
    ]
    assert private
    replays = tmp_path / "replays"
    replays.mkdir()
    (replays / "game.json").write_text(json.dumps(save_data), encoding="utf-8")
    builder.build(replays, tmp_path / "site")
    html = (tmp_path / "site" / "replays" / "game.html").read_text(encoding="utf-8")
    data = read_page_data(html)
    shared = html + "".join(data["marks"]) + "".join(data["pieces"]) + "".join(data["parts"])
    for text in private:
        assert text not in shared
    assert not re.search(r"took (1|a) (brick|lumber|wool|grain|ore)\b", shared)


def test_site_reveal_never_from_the_command_line(save_data: dict[str, Any], tmp_path: Path) -> None:
    """Issue 12 §5: `site --reveal never` builds no every-hand view and opens no hand at the end."""
    from toolkit.site.page import read_page_data

    replays = tmp_path / "replays"
    replays.mkdir()
    (replays / "game.json").write_text(json.dumps(save_data), encoding="utf-8")
    args = ["site", str(replays), "-o", str(tmp_path / "site"), "--reveal", "never"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    html = (tmp_path / "site" / "replays" / "game.html").read_text(encoding="utf-8")
    data = read_page_data(html)
    assert "all" not in data["views"] and data["reveal"] == data["frames"]
    assert '<option value="all">' not in html
