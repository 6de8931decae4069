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


def _skew_after(
    monkeypatch: pytest.MonkeyPatch, changed_at: int, back_at: int | None = None, cards: int = 1
) -> None:
    """Pretend the engine changed: from move ``changed_at`` on (up to ``back_at``, where the
    positions come together again), seat 0 holds ``cards`` more bricks (fewer when negative:
    an engine that takes what the game still needs makes a later move illegal)."""
    real_apply = GAME.apply
    counter = {"n": 0}

    def apply(state: Any, move: Any) -> Any:
        events = real_apply(state, move)
        counter["n"] += 1
        if counter["n"] % 10_000 == changed_at:
            state.hands[0][0] += cards
        if counter["n"] % 10_000 == back_at:
            state.hands[0][0] -= cards
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
    assert sorted(recorded.wants) == list(range(1, total + 1))
    assert recorded.checkpoints == marks


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
    assert "the position after this move differs from the recorded game" in error.message


def test_a_difference_gone_by_the_next_checkpoint_is_still_named(
    save: Save, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §5: every move the trail covers is compared, so positions that part and come
    together again before the next checkpoint (whose digest then matches) are caught, at the
    move they parted, by replay and by bisect --diverges alike."""
    from toolkit.debug.bisect import diverges

    changed_at = CHECKPOINT_EVERY + 13
    _skew_after(monkeypatch, changed_at, back_at=changed_at + 5)
    with pytest.raises(ReplayError) as caught:
        final(save)
    assert (caught.value.code, caught.value.index) == ("diverged", changed_at)
    answer, _ = diverges(save, GAME)
    assert (answer.move, answer.span) == (changed_at, (changed_at, changed_at))


def test_a_move_made_illegal_by_an_earlier_difference_is_named_by_the_difference(
    save: Save, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §5: where an engine change first parts the positions and a later move then no
    longer replays, the first differing move is the answer, from replay and bisect alike."""
    from toolkit.debug.bisect import diverges

    state = start(save)
    bricks = []  # seat 0's bricks after each move
    for move in save.moves:
        GAME.apply(state, move)
        bricks.append(state.hands[0][0])
    # the first move after the first checkpoint that spends seat 0's bricks: taken away one
    # move before, they make it illegal
    spent = next(k for k in range(CHECKPOINT_EVERY + 2, len(bricks)) if bricks[k] < bricks[k - 1])
    changed_at = spent  # 1-based: the move before the spending one
    _skew_after(monkeypatch, changed_at, cards=-bricks[spent - 1])
    bare = Save(save.path, {**save.data, "checkpoints": [
        {"move": p["move"], "digest": p["digest"]} for p in save.checkpoints
    ]})
    with pytest.raises(ReplayError) as caught:
        final(bare)  # without the trail, the illegal move is all there is to see
    assert (caught.value.code, caught.value.index) != ("diverged", changed_at)
    assert caught.value.index == changed_at + 1
    with pytest.raises(ReplayError) as caught:
        final(save)
    assert (caught.value.code, caught.value.index) == ("diverged", changed_at)
    answer, _ = diverges(save, GAME)
    assert answer.move == changed_at and answer.failure is None


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


def test_a_checkpoint_digest_must_be_whole_to_match(save: Save) -> None:
    """design §5: a checkpoint's digest is compared whole; one cut short (the schema lets a
    digest be a single character) matches no position: without trails the replay stops at
    the first checkpoint, with them the record disagrees with itself."""
    cut = Save(save.path, {**save.data, "checkpoints": [
        {"move": p["move"], "digest": p["digest"][:1]} for p in save.checkpoints
    ]})
    with pytest.raises(ReplayError) as caught:
        final(cut)
    assert (caught.value.code, caught.value.index) == ("diverged", CHECKPOINT_EVERY)
    trailed = Save(save.path, {**save.data, "checkpoints": [
        dict(p, digest=p["digest"][:1]) for p in save.checkpoints
    ]})
    with pytest.raises(ReplayError) as caught:
        final(trailed)
    assert (caught.value.code, caught.value.index) == ("damaged_checkpoint", CHECKPOINT_EVERY)
