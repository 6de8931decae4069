"""``replaykit bench``: our random self-play speed against catanatron's."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.report import Failed, Outcome, reporting


@click.command("bench")
@click.option(
    "--games",
    "games",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Games to play with each engine.",
)
@click.option("--publishing", is_flag=True, help="Measure publishing (pages, frames, builds) instead.")
@click.option(
    "--replays",
    "replays",
    default="replays",
    show_default=True,
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    help="Saves the publishing figures are measured on.",
)
@reporting
def bench(games: int, publishing: bool, replays: Path) -> Outcome:
    """Play random 4-seat games with pioneers and with catanatron; compare games/s and moves/s.

    With --publishing, measure publishing instead, on the saves in --replays: page bytes
    and build time per move, frames, the replay path against the engine alone, an unchanged
    rebuild against a full one and --jobs scaling, one `NAME: VALUE (goal G)` line each.
    """
    from toolkit.bench import BenchFailed, BenchUnavailable, run_bench
    from toolkit.saves import Problem

    if publishing:
        from toolkit.bench_publish import publishing_figures

        figures = publishing_figures(replays)
        rows = [{"name": f.name, "value": f.value, "goal": f.goal} for f in figures]
        return Outcome({"publishing": rows}, [f.line() for f in figures])

    try:
        result = run_bench(games)
    except BenchUnavailable:
        message = "catanatron is not importable; install it with: pip install '.[bench]'"
        raise Failed([Problem("bench", message, "no_catanatron")]) from None
    except BenchFailed as exc:
        raise Failed([Problem("bench", f"a recorded game did not replay: {exc}", "bench_failed")]) from None
    ours, replay, theirs = result["pioneers"], result["pioneersReplay"], result["catanatron"]
    lines = [
        f"games per engine: {games}",
        f"pioneers random self-play: {ours['gamesPerSecond']:.2f} games/s, "
        f"{ours['movesPerSecond']:.1f} moves/s ({ours['moves']} moves)",
        f"pioneers replay, engine apply only: {result['pioneersApply']['movesPerSecond']:.1f} moves/s",
        "pioneers replay of the saves (schema + apply + checkpoints): "
        f"{replay['movesPerSecond']:.1f} moves/s",
        f"catanatron random self-play: {theirs['gamesPerSecond']:.2f} games/s, "
        f"{theirs['movesPerSecond']:.1f} moves/s ({theirs['moves']} actions)",
        f"moves/s ratio vs catanatron: {result['movesRatio']:.2f}",
        f"games/s ratio vs catanatron: {result['gamesRatio']:.2f}",
    ]
    return Outcome(result, lines)


COMMANDS = (bench,)
