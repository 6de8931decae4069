"""The publishing benchmark: what a replay archive costs to check and publish, beside each goal.

:func:`publishing_figures` measures, in one run over a folder of saves: page bytes per
move and build milliseconds per move for each game (page bytes also on a long four-player
bot game of each, recorded afresh, as the page-weight goal is set on games of 1,000+ moves),
milliseconds per SVG frame, the replay path (schema check, every move applied, checkpoints
compared) against applying the moves alone, an unchanged rebuild against a full build, and
how a build scales with ``--jobs``, and the CPU seconds a fresh ``replaykit --version`` and a
``replay`` of a short save take to run start to end. Each figure is one line, ``NAME: VALUE (goal G)``.
Wall-clock numbers belong here, never in tests.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
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
STARTUP_GOAL = 0.15
STARTUP_RUNS = 9
SHORT_MOVES = 20
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
    """Page bytes per move and build milliseconds per move (least CPU time of three builds), per game."""
    totals: dict[str, list[float]] = {}
    for entry in entries:
        task = PageTask(entry, entry.path.read_bytes())
        outcome = None

        def one(task: PageTask = task) -> None:
            nonlocal outcome
            outcome = build_page(task)

        seconds = _best_cpu(one)
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
        figures += _per_move(game, game, size, seconds, moves)
    return figures


def _per_move(game: str, label: str, size: float, seconds: float, moves: float) -> list[Figure]:
    """The page-weight and build-cost figures of ``moves`` moves of ``game``, named by ``label``."""
    goal = BUILD_MS_GOAL.get(game, 0.6)
    return [
        Figure(f"page bytes per move, {label}", f"{size / moves:.0f}", f"≤ {PAGE_BYTES_GOAL}"),
        Figure(f"build ms per move, {label}", f"{1000 * seconds / moves:.2f}", f"≤ {goal}"),
    ]


def long_game_figures(folder: Path) -> list[Figure]:
    """Page bytes and build milliseconds per move on a long four-player game of each game.

    The games are recorded by the bots into ``folder``; a 20-move trim of each is written
    beside them for :func:`startup_figures`.
    """
    from toolkit.debug.trim import trim_to
    from toolkit.games.base import get_game
    from toolkit.recording import player, record_save

    figures = []
    for game_id, (seed, bot) in LONG_GAMES.items():
        play_game = player(game_id)
        if play_game is None:
            continue
        config, moves = play_game(seed, [bot] * 4)
        data = record_save(get_game(game_id), seed, config, moves, {})
        path = folder / f"{game_id}-long.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        short = trim_to(load(path), SHORT_MOVES)
        (folder / f"{game_id}-short.json").write_text(json.dumps(short), encoding="utf-8")
        task = PageTask(Entry(path), path.read_bytes())
        outcome = build_page(task)
        if outcome.html is None:
            continue
        seconds = _best_cpu(partial(build_page, task))
        size = len(outcome.html.encode("utf-8"))
        label = f"{game_id}, a {len(moves)}-move four-player game"
        figures += _per_move(game_id, label, size, seconds, len(moves))
    return figures


def _child_cpu(command: list[str]) -> float:
    """CPU seconds (user + system) one run of ``command`` takes, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startup_figures(folder: Path) -> list[Figure]:
    """CPU seconds of a fresh process for ``--version`` and for ``replay`` of each short save in ``folder``.

    Each is the median of :data:`STARTUP_RUNS` runs of ``python -m toolkit`` (the interpreter's
    own start included, as a user pays it).
    """
    commands = {"replaykit --version": ["--version"]}
    for short in sorted(folder.glob("*-short.json")):
        game = short.name.removesuffix("-short.json")
        commands[f"replaykit replay, a {SHORT_MOVES}-move {game} save"] = ["replay", str(short)]
    figures = []
    for name, args in commands.items():
        runs = sorted(_child_cpu([sys.executable, "-m", "toolkit", *args]) for _ in range(STARTUP_RUNS))
        value = f"{runs[len(runs) // 2]:.3f} s CPU"
        figures.append(Figure(f"start-up, {name}", value, f"≤ {STARTUP_GOAL:g} s"))
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
        startup = startup_figures(Path(tmp))
    return [
        *page_figures(entries),
        *long_games,
        *startup,
        *frame_figures(saves),
        *replay_figures(saves),
        *build_figures(folder, jobs or max(2, default_jobs())),
    ]
