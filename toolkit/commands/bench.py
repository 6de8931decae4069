"""``replaykit bench``: our random self-play speed against catanatron's."""

from __future__ import annotations

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
@reporting
def bench(games: int) -> Outcome:
    """Play random 4-seat games with pioneers and with catanatron; compare games/s and moves/s."""
    from toolkit.bench import BenchFailed, BenchUnavailable, run_bench
    from toolkit.saves import Problem

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
