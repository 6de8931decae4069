"""``replaykit moves``: our legal moves for a captured codex state, beside the real engine's.

The command reads the file, calls :func:`toolkit.games.codex.candidates.examine` and prints
its report (lines, or one JSON document with ``--json``). Exit codes: 0 listed, 1 the file is
not a codex state we can load, 2 usage (with ``--json`` the usage error is a JSON document too).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from toolkit.games.codex.candidates import WireError, examine
from toolkit.saves import Problem, SaveError, load


def _fail(problem: Problem, as_json: bool, status: int) -> NoReturn:
    if as_json:
        click.echo(json.dumps({"ok": False, "errors": [problem.as_json()]}))
    else:
        click.echo(problem.line(), err=True)
    sys.exit(status)


class _JsonUsage(click.Command):
    """A command whose usage errors, under ``--json``, are a JSON document on stdout (exit 2)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        as_json = "--json" in args  # read first: parsing consumes the list
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            if not as_json:
                raise
            _fail(Problem("", exc.format_message(), "usage"), True, 2)


@click.command("moves", cls=_JsonUsage)
@click.option("--state", "state", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="a captured codex bot request (with validActions) or a bare wire state")
@click.option("--seat", "seat", default=None, metavar="ID",
              help="whose moves: a player id or seat number (default: the request's playerId)")
@click.option("--json", "as_json", is_flag=True, help="report as one JSON document")
def moves_command(state: Path, seat: str | None, as_json: bool) -> None:
    """List our engine's legal moves for the codex state in FILE.

    When FILE is a bot request carrying the real engine's validActions, each of them is tried
    on our engine (accepted, or refused with our code and reason), and our moves the real
    engine did not list are shown too: where the two engines disagree on this position.
    """
    name = str(state)
    try:
        data: Any = load(state).data
        report = examine(data, name, seat)
    except SaveError as exc:
        _fail(exc.problem, as_json, 1)
    except WireError as exc:
        _fail(Problem(name, exc.message, exc.code), as_json, 2 if exc.usage else 1)
    if as_json:
        click.echo(json.dumps({"ok": True, **report.as_json()}))
    else:
        click.echo("\n".join(report.lines()))


COMMANDS = [moves_command]
