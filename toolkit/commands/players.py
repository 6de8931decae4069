"""Commands on a save's players: ``rename``.

The command parses its options, calls :mod:`toolkit.debug.rename` and writes the
result; the input file is never changed. Exit 0 written; 1 the save cannot be renamed
(it does not load, validate or replay); 2 usage errors (a seat that does not exist, a
name the schema refuses).
"""

from __future__ import annotations

import click

from toolkit.commands.params import OUTPUT, TEXT
from toolkit.report import Outcome, reporting
from toolkit.textsafe import clean


def _assignments(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
    from toolkit.debug.rename import parse_assignment

    try:
        pairs = [parse_assignment(text) for text in values]
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    named = dict(pairs)
    if len(named) != len(pairs):
        twice = next(seat for seat in named if sum(s == seat for s, _ in pairs) > 1)
        raise click.BadParameter(f"seat {clean(twice)} is given two names")
    return named


@click.command("rename")
@click.argument("path", metavar="SAVE")
@click.option("--player", "names", metavar="SEAT=NAME", multiple=True, required=True, type=TEXT,
              callback=_assignments,
              help="Rename a seat (a seat number, or a codex player id such as p2). Repeatable.")
@click.option("-o", "--out", "out", required=True, metavar="OUT", type=OUTPUT,
              help="The renamed save to write ('-': stdout).")
@reporting
def rename_command(path: str, names: dict[str, str], out: str) -> Outcome:
    """Rename players of SAVE and write the result to OUT, with its checkpoints recomputed.

    Names are part of every position's digest, so editing them by hand breaks the
    save's checkpoints; this rewrites the names and replays the game to refresh them.
    Moves and every other field are kept.
    """
    from toolkit.debug.rename import player_names, rename
    from toolkit.debug.trim import save_text
    from toolkit.outputs import check_output, write_text
    from toolkit.report import json_requested
    from toolkit.saves import load
    from toolkit.textsafe import clean

    target = check_output(out, stdout_ok=True, inputs=[path])
    if target.to_stdout and json_requested():
        raise click.UsageError("-o - and --json both write to stdout; choose one")
    save = load(path)
    data = rename(save, names)
    write_text(target, save_text(save, data))
    players = player_names(data)
    line = f"{clean(out, None)}: players renamed ({clean(', '.join(players))}); checkpoints recomputed"
    report = {"file": out, "players": players}
    if target.to_stdout:
        return Outcome(report, notes=[line])
    return Outcome(report, [line])


COMMANDS = (rename_command,)
