"""Recorded games replay to the positions and listings recorded before the engine was sped up
(design §5 and §11: a speed-up never changes an outcome; the rules version stays)."""

from __future__ import annotations

import json

import pytest
from recorded_digests import BOT_GAMES, DATA_FILE, ROOT, SAVES, bot_game, bot_key, trace

from toolkit.saves import load

BotGame = tuple[int, tuple[str, ...], int, str, bool]
RECORDED = json.loads(DATA_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", SAVES)
def test_published_replay_keeps_its_digests_and_listings(name: str) -> None:
    """design §5: a published replay reaches the same digest after every move and lists the same
    moves at every position as when it was recorded."""
    save = load(ROOT / name)
    assert trace(save.seed, save.config, save.moves) == RECORDED["saves"][name]


@pytest.mark.parametrize("spec", BOT_GAMES, ids=lambda spec: bot_key(*spec))
def test_bot_game_plays_the_same_moves_to_the_same_digests(spec: BotGame) -> None:
    """design §6: the same seed and bots choose the same moves, reaching the same positions."""
    config, moves = bot_game(*spec)
    assert trace(spec[0], config, moves) == RECORDED["botGames"][bot_key(*spec)]


def test_every_published_codex_replay_is_recorded() -> None:
    """The record covers every published codex replay."""
    assert sorted(RECORDED["saves"]) == SAVES
