"""The benchmark: our random self-play against catanatron's, in one run.

:func:`run_bench` plays ``games`` four-seat games of pioneers with random bots, the
same number of catanatron games with four ``RandomPlayer`` seats, and then replays our
recorded games as saves (schema check, every move applied and validated, checkpoint
digests compared; no bots) to measure replay speed.
Wall-clock numbers belong here, never in tests.
"""

from __future__ import annotations

import time
from typing import Any


class BenchUnavailable(Exception):
    """catanatron (the ``bench`` extra) is not installed."""


class BenchFailed(Exception):
    """A game the benchmark recorded did not validate or replay (an engine bug)."""


def _catanatron() -> Any:
    try:
        import catanatron
    except ImportError:
        raise BenchUnavailable("catanatron is not installed; run: pip install '.[bench]'") from None
    return catanatron


def bench_ours(games: int) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any], list[dict[str, Any]]]]]:
    from toolkit.games.pioneers.bots import play_game

    recorded = []
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        seed = f"bench-{i}"
        config, record = play_game(seed, ["random"] * 4)
        moves += len(record)
        recorded.append((seed, config, record))
    seconds = time.perf_counter() - start
    return _rates(games, moves, seconds), recorded


def bench_apply(recorded: list[tuple[str, dict[str, Any], list[dict[str, Any]]]]) -> dict[str, Any]:
    """Apply the recorded moves straight to the engine (its own checks only, no schema, no bots)."""
    from toolkit.games.pioneers import GAME

    moves = 0
    start = time.perf_counter()
    for seed, config, record in recorded:
        state = GAME.new_game(seed, config)
        for move in record:
            GAME.apply(state, move)
        moves += len(record)
    seconds = time.perf_counter() - start
    return _rates(len(recorded), moves, seconds)


def recorded_saves(recorded: list[tuple[str, dict[str, Any], list[dict[str, Any]]]]) -> list[Any]:
    """The played games as complete saves, checkpoints included (built outside any timing)."""
    from toolkit.games.pioneers import GAME
    from toolkit.replay import checkpoints_for
    from toolkit.saves import FORMAT, Save

    saves = []
    for i, (seed, config, record) in enumerate(recorded):
        state = GAME.new_game(seed, config)
        digests = []
        for move in record:
            GAME.apply(state, move)
            digests.append(GAME.digest(state))
        data = {
            "format": FORMAT,
            "game": GAME.id,
            "rulesVersion": GAME.rules_version,
            "seed": seed,
            "config": config,
            "moves": record,
            "checkpoints": checkpoints_for(digests),
            "meta": {"title": f"bench game {i}"},
        }
        saves.append(Save(path=f"bench-{i}.json", data=data))
    return saves


def bench_replay(recorded: list[tuple[str, dict[str, Any], list[dict[str, Any]]]]) -> dict[str, Any]:
    """Schema-check and replay the recorded saves (every move applied, checkpoints compared), no bots."""
    from toolkit import validation
    from toolkit.replay import ReplayError, run

    saves = recorded_saves(recorded)
    moves = 0
    start = time.perf_counter()
    for save in saves:
        report = validation.check(save)
        if not report.ok:
            raise BenchFailed(f"{save.path}: {report.errors[0].message}")
        try:
            for _step in run(save):
                pass
        except ReplayError as exc:
            raise BenchFailed(f"{save.path}: {exc}") from None
        moves += len(save.moves)
    seconds = time.perf_counter() - start
    return _rates(len(saves), moves, seconds)


def bench_catanatron(games: int) -> dict[str, Any]:
    cat = _catanatron()
    colors = [cat.Color.RED, cat.Color.BLUE, cat.Color.WHITE, cat.Color.ORANGE]
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        game = cat.Game([cat.RandomPlayer(color) for color in colors])
        game.play()
        moves += len(game.state.actions)
    seconds = time.perf_counter() - start
    return _rates(games, moves, seconds)


def _rates(games: int, moves: int, seconds: float) -> dict[str, Any]:
    seconds = max(seconds, 1e-9)
    return {
        "games": games,
        "moves": moves,
        "seconds": round(seconds, 3),
        "gamesPerSecond": round(games / seconds, 2),
        "movesPerSecond": round(moves / seconds, 1),
    }


def run_bench(games: int) -> dict[str, Any]:
    """Play ``games`` random games with each engine; return rates and our/their ratios.

    Raises :class:`BenchUnavailable` when catanatron cannot be imported.
    """
    if games < 1:
        raise ValueError("the benchmark needs at least one game")
    _catanatron()
    ours, recorded = bench_ours(games)
    theirs = bench_catanatron(games)
    applied = bench_apply(recorded)
    replay = bench_replay(recorded)
    return {
        "games": games,
        "pioneers": ours,
        "pioneersApply": applied,
        "pioneersReplay": replay,
        "catanatron": theirs,
        "gamesRatio": round(ours["gamesPerSecond"] / max(theirs["gamesPerSecond"], 1e-9), 2),
        "movesRatio": round(ours["movesPerSecond"] / max(theirs["movesPerSecond"], 1e-9), 2),
    }
