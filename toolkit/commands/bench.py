"""``replaykit bench``: our random self-play speed against catanatron's."""

from __future__ import annotations

import json

import click

from toolkit.bench import BenchFailed, BenchUnavailable, run_bench


@click.command("bench")
@click.option(
    "--games",
    "games",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Games to play with each engine.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def bench(games: int, as_json: bool) -> None:
    """Play random 4-seat games with pioneers and with catanatron; compare games/s and moves/s."""
    try:
        result = run_bench(games)
    except BenchUnavailable:
        click.echo("bench: catanatron is not importable; install it with: pip install '.[bench]'", err=True)
        raise SystemExit(1) from None
    except BenchFailed as exc:
        click.echo(f"bench: a recorded game did not replay: {exc}", err=True)
        raise SystemExit(1) from None
    if as_json:
        click.echo(json.dumps(result, indent=1))
        return
    ours, replay, theirs = result["pioneers"], result["pioneersReplay"], result["catanatron"]
    click.echo(f"games per engine: {games}")
    click.echo(
        f"pioneers random self-play: {ours['gamesPerSecond']:.2f} games/s, "
        f"{ours['movesPerSecond']:.1f} moves/s ({ours['moves']} moves)"
    )
    click.echo(f"pioneers replay, engine apply only: {result['pioneersApply']['movesPerSecond']:.1f} moves/s")
    click.echo(
        f"pioneers replay of the saves (schema + apply + checkpoints): {replay['movesPerSecond']:.1f} moves/s"
    )
    click.echo(
        f"catanatron random self-play: {theirs['gamesPerSecond']:.2f} games/s, "
        f"{theirs['movesPerSecond']:.1f} moves/s ({theirs['moves']} actions)"
    )
    click.echo(f"moves/s ratio vs catanatron: {result['movesRatio']:.2f}")
    click.echo(f"games/s ratio vs catanatron: {result['gamesRatio']:.2f}")


COMMANDS = (bench,)
