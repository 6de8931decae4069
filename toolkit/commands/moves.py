"""``replaykit moves``: our legal moves for a captured codex state, beside the real engine's.

The command reads the file, calls :func:`toolkit.games.codex.candidates.examine` and prints
its report through :mod:`toolkit.report` (lines, or one JSON document with ``--json``). Exit
codes: 0 listed, 1 the file is not a codex state we can load, 2 usage.
"""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.commands.params import GivenPath
from toolkit.report import Failed, Outcome, reporting


@click.command("moves")
@click.option("--state", "state", required=True, type=GivenPath(dir_okay=False, path_type=Path),
              help="a captured codex bot request (with validActions) or a bare wire state")
@click.option("--seat", "seat", default=None, metavar="ID",
              help="whose moves: a player id or seat number (default: the request's playerId)")
@reporting
def moves_command(state: Path, seat: str | None) -> Outcome:
    """List our engine's legal moves for the codex state in FILE.

    When FILE is a bot request carrying the real engine's validActions, each of them is tried
    on our engine (accepted, or refused with our code and reason), and our moves the real
    engine did not list are shown too: where the two engines disagree on this position.
    """
    from toolkit.games.codex.candidates import WireError, examine
    from toolkit.saves import Problem, load

    name = str(state)
    data = load(state).data
    try:
        report = examine(data, name, seat)
    except WireError as exc:
        raise Failed([Problem(name, exc.message, exc.code)], 2 if exc.usage else 1) from None
    return Outcome(report.as_json(), report.lines())


COMMANDS = [moves_command]
