"""The publishing benchmark: what a replay archive costs to check and publish, beside each goal.

:func:`publishing_figures` measures, in one run over a folder of saves: page bytes per
move and build milliseconds per move for each game (page bytes also on a long four-player
bot game of each, recorded afresh, as the page-weight goal is set on games of 1,000+ moves),
milliseconds per SVG frame, the replay path (schema check, every move applied, checkpoints
compared) against applying the moves alone, an unchanged rebuild against a full build, and
how a build scales with ``--jobs``. Each figure is one line, ``NAME: VALUE (goal G)``.
Wall-clock numbers belong here, never in tests.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit import validation
from toolkit.parallel import default_jobs
from toolkit.render.frames import render_frames
from toolkit.replay import game_for, run
from toolkit.saves import Save, load
from toolkit.site.builder import Entry, PageTask, build, build_page, read_manifest

PAGE_BYTES_GOAL = 400
BUILD_MS_GOAL = {"pioneers": 0.3, "codex": 0.6}
FRAME_MS_GOAL = 2.0
REPLAY_RATIO_GOAL = 2.0
UNCHANGED_GOAL = 0.02
FRAMES_PER_GAME = 120
#: A long four-player bot game of each game, recorded afresh for the page-weight figure
#: (the goal is set on games of 1,000+ moves): game id -> (seed, bot for every seat).
LONG_GAMES = {"pioneers": (5, "greedy"), "codex": (2, "greedy")}


@dataclass(frozen=True)
class Figure:
    """One measured figure and the goal it is held against."""

    name: str
    value: str
    goal: str

    def line(self) -> str:
        return f"{self.name}: {self.value} (goal {self.goal})"


def _timed(work: Callable[[], Any]) -> float:
    started = time.perf_counter()
    work()
    return max(time.perf_counter() - started, 1e-9)


def _best_cpu(work: Callable[[], Any], rounds: int = 3) -> float:
    """The least CPU time ``work`` takes over ``rounds`` runs (steadier than one wall-clock run)."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return max(best, 1e-9)


def _saves(entries: list[Entry]) -> list[Save]:
    found = []
    for entry in entries:
        save = load(entry.path)
        if save.game in BUILD_MS_GOAL:
            found.append(save)
    return found


def page_figures(entries: list[Entry]) -> list[Figure]:
    """Page bytes per move and build milliseconds per move, per game, one page at a time."""
    totals: dict[str, list[float]] = {}
    for entry in entries:
        task = PageTask(entry, entry.path.read_bytes())
        outcome = None

        def one(task: PageTask = task) -> None:
            nonlocal outcome
            outcome = build_page(task)

        seconds = _timed(one)
        if outcome is None or outcome.html is None or outcome.record is None:
            continue
        game, moves = outcome.record["game"], float(max(1, int(outcome.record["moves"])))
        sums = totals.setdefault(game, [0.0, 0.0, 0.0])
        sums[0] += len(outcome.html.encode("utf-8"))
        sums[1] += seconds
        sums[2] += moves
    figures = []
    for game in sorted(totals):
        size, seconds, moves = totals[game]
        figures.append(Figure(f"page bytes per move, {game}", f"{size / moves:.0f}", f"≤ {PAGE_BYTES_GOAL}"))
        goal = BUILD_MS_GOAL.get(game, 0.6)
        figures.append(Figure(f"build ms per move, {game}", f"{1000 * seconds / moves:.2f}", f"≤ {goal}"))
    return figures


def long_game_figures(folder: Path) -> list[Figure]:
    """Page bytes per move on a long four-player game of each game, recorded by the bots into ``folder``."""
    from toolkit.games.base import get_game
    from toolkit.recording import player, record_save

    figures = []
    for game_id, (seed, bot) in LONG_GAMES.items():
        play_game = player(game_id)
        assert play_game is not None
        config, moves = play_game(seed, [bot] * 4)
        data = record_save(get_game(game_id), seed, config, moves, {})
        path = folder / f"{game_id}-long.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        outcome = build_page(PageTask(Entry(path), path.read_bytes()))
        if outcome.html is None:
            continue
        size = len(outcome.html.encode("utf-8"))
        name = f"page bytes per move, {game_id}, a {len(moves)}-move four-player game"
        figures.append(Figure(name, f"{size / len(moves):.0f}", f"≤ {PAGE_BYTES_GOAL}"))
    return figures


def frame_figures(saves: list[Save]) -> list[Figure]:
    """Milliseconds per standalone SVG frame, over the first frames of one save of each game."""
    figures = []
    for game in sorted({s.game for s in saves}):
        save = next(s for s in saves if s.game == game)
        count = 0

        def draw(save: Save = save) -> None:
            nonlocal count
            for _ in render_frames(save, None, 1, FRAMES_PER_GAME):
                count += 1

        seconds = _timed(draw)
        value = f"{1000 * seconds / max(count, 1):.2f}"
        figures.append(Figure(f"frames ms per frame, {game}", value, f"≤ {FRAME_MS_GOAL:g}"))
    return figures


def replay_figures(saves: list[Save]) -> list[Figure]:
    """Moves per second replaying saves as ``replay`` does, against applying the moves alone.

    Each side is timed as its least CPU time over three runs, the clean-move memory of the
    schema check forgotten before each replay run.
    """
    moves = sum(len(s.moves) for s in saves)

    def apply_only() -> None:
        for save in saves:
            game = game_for(save)
            state = game.new_game(save.seed, save.config)
            for move in save.moves:
                game.apply(state, move)

    def as_saves() -> None:
        validation.forget_clean_moves()
        for save in saves:
            if not validation.check(Save(save.path, save.data, save.kind)).ok:
                raise ValueError(f"{save.path} does not validate")
            for _step in run(save):
                pass

    applied, replayed = _best_cpu(apply_only), _best_cpu(as_saves)
    least = moves / applied / REPLAY_RATIO_GOAL
    return [
        Figure("engine-only moves/s", f"{moves / applied:.0f}", "none, the yardstick"),
        Figure("replay-as-save moves/s", f"{moves / replayed:.0f}", f"≥ {least:.0f}"),
        Figure("replay path vs apply", f"{replayed / applied:.2f}×", f"≤ {REPLAY_RATIO_GOAL:g}×"),
    ]


def build_figures(replays: Path, jobs: int) -> list[Figure]:
    """A full build on one process and on ``jobs``, then an unchanged rebuild from the cache."""
    with tempfile.TemporaryDirectory(prefix="replaykit-bench-") as tmp:
        root = Path(tmp)
        one = _timed(lambda: build(replays, root / "one", jobs=1))
        many = _timed(lambda: build(replays, root / "many", jobs=jobs, cache=root / "cache"))
        unchanged = _timed(lambda: build(replays, root / "many", jobs=jobs, cache=root / "cache"))
    return [
        Figure("full build, --jobs 1", f"{one:.2f} s", "none, the yardstick"),
        Figure(f"full build, --jobs {jobs}", f"{many:.2f} s, {one / many:.2f}× faster", f"≈ {jobs}× faster"),
        Figure(
            "unchanged rebuild vs full build",
            f"{unchanged:.3f} s, {100 * unchanged / many:.1f} %",
            f"≤ {100 * UNCHANGED_GOAL:g} %",
        ),
    ]


def publishing_figures(replays: str | Path = "replays", jobs: int | None = None) -> list[Figure]:
    """Every publishing figure for the saves in ``replays``, measured in this one run."""
    folder = Path(replays)
    entries = [e for e in read_manifest(folder) if e.path.is_file()]
    saves = _saves(entries)
    with tempfile.TemporaryDirectory(prefix="replaykit-bench-long-") as tmp:
        long_games = long_game_figures(Path(tmp))
    return [
        *page_figures(entries),
        *long_games,
        *frame_figures(saves),
        *replay_figures(saves),
        *build_figures(folder, jobs or max(2, default_jobs())),
    ]
