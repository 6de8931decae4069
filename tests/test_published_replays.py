"""The published replays in replays/: each listed, valid, complete, and replaying to its end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit import validation
from toolkit.replay import final, game_for
from toolkit.saves import Save, load

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


def codex_saves() -> list[Save]:
    return [save for save in (load(REPLAYS / e["file"]) for e in MANIFEST) if save.game == "codex"]


def test_codex_replays_cover_three_four_grand_and_standing_wants() -> None:
    """Issue: codex replays for 3 and 4 players on the standard board, one on the grand board and
    one with standing wants on, each recorded by bots."""
    saves = codex_saves()
    assert len(saves) >= 4
    standard = [s for s in saves if s.config.get("board", "standard") == "standard"]
    assert {len(s.config["players"]) for s in standard} >= {3, 4}
    assert any(s.config.get("board") == "grand" for s in saves)
    assert any(s.config.get("standingWants") is True for s in saves)
    for save in saves:
        assert all(isinstance(p.get("bot"), str) for p in save.config["players"])
        assert str(save.meta.get("createdBy", "")).startswith("replaykit")


@pytest.mark.parametrize("name", [s.path for s in codex_saves()], ids=lambda p: Path(p).name)
def test_codex_replay_ends_with_a_winner_at_the_target(name: str) -> None:
    """codex-rules.md §Victory: each published codex game ends when a player reaches the target."""
    save = load(name)
    game = game_for(save)
    state = final(save).state
    outcome = game.outcome(state)
    assert outcome is not None and outcome["winner"] is not None
    target = save.config.get("victoryPointsTarget", game.view(state, None)["victoryPointsTarget"])
    assert outcome["scores"][outcome["winner"]] >= target


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
