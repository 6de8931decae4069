"""``replaykit moves``: our legal moves at a position of a save, or for a captured codex state
beside the real engine's.

With a save the command calls :func:`toolkit.debug.position.examine`; with ``--state``,
:func:`toolkit.games.codex.candidates.examine`. Either report is printed through
:mod:`toolkit.report` (lines, or one JSON document with ``--json``). Exit codes: 0 listed,
1 the file cannot be read, replayed that far or loaded as a codex state, 2 usage.
"""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.commands.params import GivenPath
from toolkit.report import Error, Failed, Outcome, reporting


@click.command("moves")
@click.argument("save", required=False, type=GivenPath(dir_okay=False, path_type=Path))
@click.option("--at", "at", type=click.IntRange(min=0), metavar="N",
              help="with SAVE: the position after move N (default: the last that replays)")
@click.option("--state", "state", type=GivenPath(dir_okay=False, path_type=Path),
              help="a captured codex bot request (with validActions) or a bare wire state")
@click.option("--seat", "seat", default=None, metavar="SEAT",
              help="whose moves: a seat number (with --state also a player id; default: every seat "
              "to move, or the request's playerId)")
@reporting
def moves_command(save: Path | None, at: int | None, state: Path | None, seat: str | None) -> Outcome:
    """List our engine's legal moves at a position of SAVE, or for the codex state in --state.

    With SAVE: the position after move N (--at; by default the last position that replays,
    just before the move a bug report stops at), each seat to move with its hand and every
    legal move, and the save's next move tried there: accepted, or refused with the engine's
    code and reason.

    With --state, when FILE is a bot request carrying the real engine's validActions, each of
    them is tried on our engine (accepted, or refused with our code and reason), and our moves
    the real engine did not list are shown too: where the two engines disagree on this position.
    """
    from toolkit.saves import Problem, load

    if (save is None) == (state is None):
        raise click.UsageError("give either SAVE or --state FILE")
    if save is not None:
        return _at_position(str(save), at, seat)
    if at is not None:
        raise click.UsageError("--at goes with a SAVE, not with --state")
    from toolkit.games.codex.candidates import WireError, examine

    assert state is not None
    name = str(state)
    data = load(state).data
    try:
        report = examine(data, name, seat)
    except WireError as exc:
        raise Failed([Problem(name, exc.message, exc.code)], 2 if exc.usage else 1) from None
    return Outcome(report.as_json(), report.lines())


def _at_position(path: str, at: int | None, seat: str | None) -> Outcome:
    from toolkit.debug.bisect import DebugError
    from toolkit.debug.position import examine

    if seat is not None and not (seat.isascii() and seat.isdigit() and len(seat) < 10):
        raise click.BadParameter(f"{seat!r} is not a seat number", param_hint="'--seat'")
    try:
        found = examine(path, at, None if seat is None else int(seat))
    except DebugError as exc:
        raise Failed([Error(exc.line, exc.problem)], exc.exit_code) from None
    return Outcome(found.as_json(), found.lines())


COMMANDS = [moves_command]
