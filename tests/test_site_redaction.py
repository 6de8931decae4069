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
from toolkit.site import builder
from toolkit.site.page import FIRST_ROW, build_page_data, expand_views

SEED = "s3cr3t-seed-7731"
DEV_NAMES = ("victory_point", "roadworks", "windfall", "embargo", "knight\"")


@pytest.fixture(scope="module")
def save_data() -> dict[str, Any]:
    config, moves = play_game(SEED, ["greedy", "greedy", "random", "greedy"])
    return {
        "format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1",
        "seed": SEED, "config": config, "moves": moves,
    }


@pytest.fixture(scope="module")
def page(save_data: dict[str, Any]) -> dict[str, Any]:
    macros = builder.environment().get_template("site/_parts.html").module
    data = build_page_data(Save("game.json", save_data), macros).data
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
