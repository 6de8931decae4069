"""The replay driver: checkpoints name the exact first move whose position differs."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.bots import play_game
from toolkit.replay import CHECKPOINT_EVERY, Recorded, ReplayError, checkpoints_for, final, start
from toolkit.saves import Save


def _save(seed: int = 5) -> Save:
    config, moves = play_game(seed, ["greedy", "random", "random", "greedy"])
    data: dict[str, Any] = {
        "format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1",
        "seed": seed, "config": config, "moves": moves,
    }
    save = Save("game.json", data)
    state = start(save)
    digests = []
    for move in moves:
        GAME.apply(state, move)
        digests.append(GAME.digest(state))
    data["checkpoints"] = checkpoints_for(digests)
    return save


@pytest.fixture(scope="module")
def save() -> Save:
    return _save()


def _skew_after(monkeypatch: pytest.MonkeyPatch, changed_at: int) -> None:
    """Pretend the engine changed: from move ``changed_at`` on, seat 0 gains one extra brick."""
    real_apply = GAME.apply
    counter = {"n": 0}

    def apply(state: Any, move: Any) -> Any:
        events = real_apply(state, move)
        counter["n"] += 1
        if counter["n"] % 10_000 == changed_at:
            state.hands[0][0] += 1
        return events

    def reset_on_start(real_new: Any) -> Any:
        def new_game(seed: Any, config: Any) -> Any:
            counter["n"] = 0
            return real_new(seed, config)
        return new_game

    monkeypatch.setattr(GAME, "apply", apply)
    monkeypatch.setattr(GAME, "new_game", reset_on_start(GAME.new_game))


def test_checkpoints_every_fifty_moves_and_at_the_end(save: Save) -> None:
    """design §5: checkpoints every 50 moves, plus one after the last move, with a full trail."""
    marks = [p["move"] for p in save.checkpoints]
    total = len(save.moves)
    assert marks[:-1] == list(range(CHECKPOINT_EVERY, total, CHECKPOINT_EVERY))[: len(marks) - 1]
    assert marks[-1] == total
    recorded = Recorded(save)
    assert recorded.covers(1, total)


def test_a_save_that_still_matches_replays(save: Save) -> None:
    """design §5: a save replays under the engine that wrote it, every checkpoint matching."""
    assert final(save).index == len(save.moves)


def test_a_differing_checkpoint_names_the_exact_first_differing_move(
    save: Save, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §5: the first move whose position differs is named, not just the checkpoint."""
    changed_at = CHECKPOINT_EVERY + 13
    _skew_after(monkeypatch, changed_at)
    with pytest.raises(ReplayError) as caught:
        final(save)
    error = caught.value
    assert error.code == "diverged"
    assert error.index == changed_at
    assert f"move {changed_at} of {len(save.moves)}" in error.line()
    assert f"checkpoint at move {2 * CHECKPOINT_EVERY}" in error.message


def test_without_a_trail_the_divergence_is_bounded_by_checkpoints(
    save: Save, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §5: older checkpoints without a trail still bound where the positions part."""
    bare = Save(save.path, {**save.data, "checkpoints": [
        {"move": p["move"], "digest": p["digest"]} for p in save.checkpoints
    ]})
    _skew_after(monkeypatch, CHECKPOINT_EVERY + 13)
    with pytest.raises(ReplayError) as caught:
        final(bare)
    assert caught.value.code == "diverged"
    assert caught.value.index == 2 * CHECKPOINT_EVERY
    assert f"moves {CHECKPOINT_EVERY + 1}-{2 * CHECKPOINT_EVERY}" in caught.value.message


def test_bisect_diverges_uses_the_trail_for_the_exact_move(
    save: Save, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §5: `bisect --diverges` names the same exact move as replay, from the trail."""
    from toolkit.debug.bisect import diverges

    changed_at = 2 * CHECKPOINT_EVERY + 7
    _skew_after(monkeypatch, changed_at)
    answer, _ = diverges(save, GAME)
    assert answer.move == changed_at
    assert answer.span == (changed_at, changed_at)
