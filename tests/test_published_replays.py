"""The published replays in replays/: each listed, valid, complete, and replaying to its end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit import validation
from toolkit.replay import final, game_for
from toolkit.saves import load

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
MANIFEST = json.loads((REPLAYS / "manifest.json").read_text(encoding="utf-8"))["replays"]


def test_every_save_is_in_the_manifest() -> None:
    """Every published save has a manifest entry with a title and a note."""
    listed = {entry["file"] for entry in MANIFEST}
    on_disk = {p.name for p in REPLAYS.glob("*.json") if p.name != "manifest.json"}
    assert listed == on_disk
    for entry in MANIFEST:
        assert entry["title"].strip() and entry["note"].strip()


def test_at_least_four_pioneers_replays() -> None:
    """Issue: at least four bot-recorded pioneers replays are published."""
    games = [load(REPLAYS / e["file"]).game for e in MANIFEST]
    assert games.count("pioneers") >= 4


@pytest.mark.parametrize("entry", MANIFEST, ids=lambda e: e["file"])
def test_published_replay_is_valid_and_complete(entry: dict[str, str]) -> None:
    """A published replay validates, replays every move, and ends with a finished game."""
    save = load(REPLAYS / entry["file"])
    assert validation.check(save).ok
    game = game_for(save)
    step = final(save)
    assert step.index == len(save.moves)
    assert game.is_over(step.state)
    assert game.outcome(step.state) is not None
