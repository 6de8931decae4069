"""Commands for bug-report saves: ``bisect``, ``diff``, ``trim``.

None of them modifies its input file. Exit codes: 0 the command answered (``bisect``
named a move; ``diff`` found the saves identical; ``trim`` wrote its output), 1 there
was nothing to name (``bisect``), the saves differ (``diff``), or the input is bad, 2
usage errors, including a malformed condition.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import click

from toolkit.debug.bisect import (
    DebugError,
    diverges,
    open_save,
    parse_condition,
    until,
    write_frames_around,
)
from toolkit.debug.diff import diff
from toolkit.debug.trim import MAX_REPLAYS, minimize, save_text, trim_to, write_output
from toolkit.games.base import engine_ids
from toolkit.saves import SaveError, load

CONDITION_HELP = """
\b
CONDITIONS are small expressions over the position after each move
(read from the full-information view: every hand is visible):
  vp("p2") >= 10          codex player p2 has ten points
  vp(2) >= 10             pioneers seat 2 has ten points (true score)
  phase == "gameOver"     the codex game has ended (pioneers: "over")
  robber.hex == "0,0"     the robber is on the codex hex "0,0"
  robber.hex == 9         the pioneers bandit is on hex 9
  hand(2).ore > 4         seat 2 holds more than four ore
  players[2].score >= 8 and turn < 40
  roll == 7               this turn's dice total seven
  illegal                 the first move that no longer replays
\b
Values: integers, "strings", true, false, null; fields a.b, indexes a[2];
== != < <= > >=, + - *, and, or, not, parentheses; functions vp(), hand(),
len(), total(). Names: the view's fields (phase, turn, dice, players,
board, ...), robber.hex, roll, move (moves applied so far), illegal.
Ordering with null is false; a missing field is an error.
"""


def _fail(error: DebugError) -> NoReturn:
    click.echo(error.args[0], err=True)
    raise SystemExit(2 if error.usage else 1)


def _echo_json(value: Any) -> None:
    click.echo(json.dumps(value, indent=1, ensure_ascii=False))


@click.command(
    "bisect",
    epilog=CONDITION_HELP,
    context_settings={"max_content_width": 100},
)
@click.argument("path", metavar="SAVE")
@click.option("--until", "expr", metavar="EXPR", help="Find the first move after which EXPR holds.")
@click.option("--diverges", "diverges_flag", is_flag=True,
              help="Find the first move whose position differs under this engine.")
@click.option("--scan", is_flag=True, help="Test every position in order (conditions that can turn false).")
@click.option("--frames", "frames_dir", metavar="DIR", help="Write SVG frames around the move found to DIR.")
@click.option("--around", type=click.IntRange(0, 50), default=3, show_default=True,
              help="Frames before and after the move with --frames.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def bisect_command(
    path: str, expr: str | None, diverges_flag: bool, scan: bool, frames_dir: str | None, around: int,
    as_json: bool,
) -> None:
    """Find the first move of SAVE after which a condition holds, or where it diverges.

    With --until EXPR the default is a binary search over prefixes, which assumes
    the condition stays true once it is true; --scan tests every position instead.
    With --diverges: the first move whose position no longer matches the save's
    checkpoints (without checkpoints: the first move that no longer replays).

    Prints the move's number, the move in words and the position after it.
    Exit 0 when a move is named, 1 when none is (or the save is bad), 2 for
    usage errors and malformed conditions.
    """
    _bisect(path, expr, diverges_flag, scan, frames_dir, around, as_json)


def _bisect(
    path: str, expr: str | None, diverges_flag: bool, scan: bool, frames_dir: str | None, around: int,
    as_json: bool,
) -> None:
    if (expr is None) == (not diverges_flag):
        raise click.UsageError("give exactly one of --until EXPR or --diverges")
    if scan and expr is None:
        raise click.UsageError("--scan goes with --until")
    try:
        if expr is not None:
            parse_condition(expr)  # a malformed condition is a usage error before anything is read
        save, game = open_save(path)
        if expr is not None:
            answer, pref = until(save, game, expr, scan=scan)
        else:
            answer, pref = diverges(save, game)
    except DebugError as exc:
        _fail(exc)
    frames_error: DebugError | None = None
    if frames_dir is not None and answer.found and answer.move is not None:
        try:
            answer.frames = write_frames_around(save, game, pref, answer.move, frames_dir, around)
        except DebugError as exc:
            frames_error = exc
    if as_json:
        _echo_json(answer.as_json())
    else:
        for line in answer.lines():
            click.echo(line)
    if frames_error is not None:
        _fail(frames_error)
    raise SystemExit(0 if answer.found else 1)


@click.command("diff")
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--no-replay", is_flag=True, help="Compare the records only; do not replay through the engine.")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
def diff_command(a: str, b: str, no_replay: bool, as_json: bool) -> None:
    """Compare saves A and B: game and rules, common prefix, first differing moves.

    Also replays both (when an engine exists) and names the first position whose
    digests differ. Works for stationmaster saves, whose intents are compared.
    Exit 0 when the saves hold the same game and records, 1 when they differ or
    one cannot be read.
    """
    saves = []
    for path in (a, b):
        try:
            saves.append(load(path))
        except SaveError as exc:
            click.echo(exc.problem.line(), err=True)
            raise SystemExit(1) from None
    result = diff(saves[0], saves[1], engines=not no_replay)
    if as_json:
        _echo_json(result.as_json())
    else:
        for line in result.lines():
            click.echo(line)
    raise SystemExit(0 if result.identical else 1)


@click.command("trim", epilog=CONDITION_HELP, context_settings={"max_content_width": 100})
@click.argument("path", metavar="SAVE")
@click.option("--to", "to", type=int, metavar="N", help="Keep the first N moves (stationmaster: intents).")
@click.option("--minimize", is_flag=True, help="Keep the fewest moves that replay and reach --until EXPR.")
@click.option("--until", "expr", metavar="EXPR", help="The condition --minimize must still reach.")
@click.option("--max-replays", type=click.IntRange(min=1), default=MAX_REPLAYS, show_default=True,
              help="Bound on the candidate replays --minimize may run.")
@click.option("-o", "--output", required=True, metavar="OUT", help="The save file to write.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def trim_command(
    path: str, to: int | None, minimize: bool, expr: str | None, max_replays: int, output: str, as_json: bool
) -> None:
    """Write a shorter copy of SAVE to OUT; SAVE itself is never changed.

    --to N keeps the first N moves and the checkpoints up to N (for stationmaster
    saves, the first N intents; every other key is kept). --minimize --until EXPR
    finds the shortest prefix after which EXPR holds, then drops every move it can
    while the save still replays legally and still reaches EXPR (delta debugging,
    at most --max-replays candidate replays; the report says how many it took).
    """
    _trim(path, to, minimize, expr, max_replays, output, as_json)


def _trim(
    path: str, to: int | None, minimize_flag: bool, expr: str | None, max_replays: int, output: str,
    as_json: bool,
) -> None:
    if (to is None) == (not minimize_flag):
        raise click.UsageError("give exactly one of --to N or --minimize --until EXPR")
    if minimize_flag and expr is None:
        raise click.UsageError("--minimize needs --until EXPR")
    if expr is not None and not minimize_flag:
        raise click.UsageError("--until goes with --minimize")
    report: dict[str, Any] = {"file": path, "output": output}
    try:
        if to is not None:
            if to < 0:
                raise click.UsageError("--to must be 0 or more")
            try:
                save = load(path)
            except SaveError as exc:
                raise DebugError(exc.problem.line()) from None
            if save.kind != "stationmaster" and save.game not in engine_ids():
                known = ", ".join(engine_ids())
                raise DebugError(f"{path}: unknown game id {save.game!r} (known: {known}) [unknown_game]")
            data = trim_to(save, to)
            unit = "intents" if save.kind == "stationmaster" else "moves"
            report |= {"mode": "to", "kept": to, "original": len(save.moves)}
            line = f"{output}: kept the first {to} of {len(save.moves)} {unit} of {path}"
        else:
            assert expr is not None
            parse_condition(expr)
            save, game = open_save(path)
            result = minimize(save, game, expr, max_replays)
            data = result.data
            report |= {"mode": "minimize", "expr": expr, **result.as_json()}
            bound = "" if result.complete else f" (stopped at the bound of {max_replays} replays)"
            line = (
                f"{output}: {result.kept} moves reach {expr!r} (shortest prefix {result.prefix}, "
                f"input {result.original}); {result.replays} candidate replays, "
                f"{result.applies} moves applied{bound}"
            )
        write_output(output, save_text(save, data), path)
    except DebugError as exc:
        _fail(exc)
    if as_json:
        _echo_json(report)
    else:
        click.echo(line)
    raise SystemExit(0)


COMMANDS = (bisect_command, diff_command, trim_command)
