"""Commands on a save's players: ``rename``.

The command parses its options, calls :mod:`toolkit.debug.rename` and writes the
result; the input file is never changed. Exit 0 written; 1 the save cannot be renamed
(it does not validate or replay); 2 usage errors (a seat that does not exist, a name
the schema refuses).
"""

from __future__ import annotations

import json

import click

from toolkit import textsafe
from toolkit.debug.bisect import DebugError
from toolkit.debug.rename import parse_assignment, player_names, rename
from toolkit.debug.trim import save_text, write_output
from toolkit.saves import SaveError, load


@click.command("rename")
@click.argument("path", metavar="SAVE")
@click.option("--player", "players", metavar="SEAT=NAME", multiple=True, required=True,
              help="Rename a seat (a seat number, or a codex player id such as p2). Repeatable.")
@click.option("-o", "--out", "out", required=True, metavar="OUT",
              help="The renamed save to write; - writes it to stdout.")
@click.option("--json", "as_json", is_flag=True, help="Report the new names as JSON (not with -o -).")
def rename_command(path: str, players: tuple[str, ...], out: str, as_json: bool) -> None:
    """Rename players of SAVE and write the result to OUT, with its checkpoints recomputed.

    Names are part of every position's digest, so editing them by hand breaks the
    save's checkpoints; this rewrites the names and replays the game to refresh them.
    Moves and every other field are kept.
    """
    try:
        names = dict(parse_assignment(text) for text in players)
        try:
            save = load(path)
        except SaveError as exc:
            raise DebugError(exc.problem.line()) from None
        data = rename(save, names)
        text = save_text(save, data)
        if out == "-":
            click.echo(text, nl=False)
            return
        write_output(out, text, path)
    except DebugError as exc:
        click.echo(exc.args[0], err=True)
        raise SystemExit(2 if exc.usage else 1) from None
    if as_json:
        click.echo(json.dumps({"file": out, "players": player_names(data)}, indent=1, ensure_ascii=False))
    else:
        shown = textsafe.clean(', '.join(player_names(data)))
        click.echo(f"{textsafe.clean(out, None)}: players renamed ({shown}); checkpoints recomputed")


COMMANDS = (rename_command,)
