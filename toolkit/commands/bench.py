"""``replaykit bench``: our random self-play against catanatron's, at equal caps (see toolkit.bench)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from toolkit.commands.params import GivenPath
from toolkit.report import Failed, Outcome, reporting


def _line(label: str, f: dict[str, Any]) -> str:
    return (
        f"{label}: {f['gamesPerSecond']:.2f} games/s, {f['turnsPerSecond']:.1f} turns/s, "
        f"{f['decisionsPerSecond']:.1f} decisions/s (median round {f['medianGamesPerSecond']:.2f} games/s, "
        f"{f['medianTurnsPerSecond']:.1f} turns/s; {f['microsecondsPerTurn']:.1f} µs/turn, "
        f"{f['microsecondsPerDecision']:.1f} µs/decision; "
        f"{f['won']} of {f['games']} won, {f['turns']} turns, {f['decisions']} decisions)"
    )


def report_lines(result: dict[str, Any]) -> list[str]:
    """The text report; it ends with the games/s and then the turns/s ratio line."""
    lines = [
        f"games per engine per round: {result['games']}, rounds: {result['rounds']} (interleaved), "
        f"CPU time, best round shown",
        f"both engines: 4 random seats, {result['winPoints']} points to win, "
        f"capped at {result['turnCap']} turns; a decision is a seat's choice "
        "(rolls not counted, a setup settlement with its road counted once)",
    ]
    for name in result["selfPlay"]:
        lines.append(_line(f"{name} random self-play", result[name]))
    lines.append(
        f"pioneers replay, engine apply only: {result['pioneersApply']['movesPerSecond']:.1f} moves/s"
    )
    lines.append(
        "pioneers replay of the saves (schema + apply + checkpoints): "
        f"{result['pioneersReplay']['movesPerSecond']:.1f} moves/s"
    )
    codex = result["codexSelfPlay"]
    lines.append(
        f"codex random self-play: {codex['movesPerSecond']:.0f} moves/s, "
        f"{codex['microsPerMove']:.0f} µs/move (best of {result['rounds']} rounds of "
        f"{codex['games']} games, {codex['moves']} moves; goal 10000 moves/s)"
    )
    digest = result["codexDigest"]
    lines.append(
        f"codex digest: {digest['microsPerMove']:.1f} µs per move (goal ≤ 20; CPU time, best of "
        f"{digest['rounds']} replays of a recorded random game, {digest['moves']} moves)"
    )
    lines.append(_line("catanatron random self-play", result["catanatron"]))
    lines.append(f"decisions/s ratio vs catanatron: {result['decisionsRatio']:.2f}")
    lines.append(f"games/s ratio vs catanatron: {result['gamesRatio']:.2f}")
    lines.append(f"turns/s ratio vs catanatron: {result['turnsRatio']:.2f}")
    return lines


@click.command("bench")
@click.option(
    "--games",
    "games",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Games each engine plays per round.",
)
@click.option(
    "--rounds",
    "rounds",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="Rounds, interleaved between the engines; the best and the median round are reported.",
)
@click.option("--publishing", is_flag=True, help="Measure publishing (pages, frames, builds) instead.")
@click.option(
    "--replays",
    "replays",
    default="replays",
    show_default=True,
    type=GivenPath(file_okay=False, path_type=Path),
    help="Saves the publishing figures are measured on (with --publishing).",
)
@reporting
def bench(games: int, rounds: int, publishing: bool, replays: Path) -> Outcome:
    """Random 4-seat self-play, pioneers against catanatron at the same turn cap and victory target.

    Compares games/s, turns/s and decisions/s (rolls left out on both sides; a setup
    settlement and its road count as one decision on both sides).
    """
    from toolkit.bench import BenchFailed, BenchUnavailable, run_bench
    from toolkit.saves import Problem

    if publishing:  # pages, frames, the replay path and builds, one `NAME: VALUE (goal G)` line each
        from toolkit.bench_publish import publishing_figures

        if not replays.is_dir():
            raise Failed([Problem(str(replays), "no such folder of replays", "not_found")])
        figures = publishing_figures(replays)
        rows = [{"name": f.name, "value": f.value, "goal": f.goal} for f in figures]
        return Outcome({"publishing": rows}, [f.line() for f in figures])

    try:
        result = run_bench(games, rounds)
    except BenchUnavailable:
        message = "catanatron is not importable; install it with: pip install '.[bench]'"
        raise Failed([Problem("bench", message, "no_catanatron")]) from None
    except BenchFailed as exc:
        raise Failed([Problem("bench", f"a recorded game did not replay: {exc}", "bench_failed")]) from None
    return Outcome(result, report_lines(result))


COMMANDS = (bench,)
