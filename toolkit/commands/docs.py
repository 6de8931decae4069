"""``replaykit docs``: write (or drift-check) the card reference and as-built rules.

Exit codes (design §7): 0 when written or in sync; 1 when ``--check`` finds a page that
differs from what the engines generate (each shown as a unified diff), when ``--strict``
finds a catalog gap, or when a catalog cannot be read at all.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from toolkit.docs import generate
from toolkit.docs.catalogs import CatalogError


@click.command("docs")
@click.option(
    "-o",
    "--out",
    "out",
    default="docs",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="folder for the generated Markdown",
)
@click.option("--check", is_flag=True, help="write nothing; exit 1 with a diff if a checked-in page differs")
@click.option("--strict", is_flag=True, help="also exit 1 when a catalog leaves a fact unstated")
@click.option("--json", "as_json", is_flag=True, help="report as JSON")
def docs_command(out: Path, check: bool, strict: bool, as_json: bool) -> None:
    """Generate the card reference and as-built rules of every game into OUT (default docs/).

    Pages come from each engine's catalog through the templates in templates/docs/. A game
    whose engine is not importable yet is skipped (and named on stderr).
    """
    try:
        pages, loaded = generate.render_markdown()
    except CatalogError as exc:
        click.echo(
            f"{exc.game_id}: catalog cannot be read: {'; '.join(exc.problems)} [bad_catalog]", err=True
        )
        sys.exit(1)
    gaps = {gid: doc.gaps for gid, doc in loaded.found.items() if doc.gaps}
    if not as_json:
        for game_id, reason in loaded.skipped.items():
            click.echo(f"{game_id}: skipped: {reason}", err=True)
        for game_id, lines in gaps.items():
            click.echo(
                f"{game_id}: catalog leaves {len(lines)} things unstated: {'; '.join(lines)}", err=True
            )
    if check:
        diffs = generate.check(out, pages)
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "ok": not diffs and not (strict and gaps),
                        "differ": [rel for rel, _ in diffs],
                        "diffs": [diff for _, diff in diffs],
                        "skipped": loaded.skipped,
                        "gaps": gaps,
                    }
                )
            )
        else:
            for _, diff in diffs:
                click.echo(diff, nl=False)
            if diffs:
                click.echo(
                    f"{len(diffs)} of {len(pages)} pages differ; run `replaykit docs -o {out}`", err=True
                )
            else:
                click.echo(f"{len(pages)} pages in {out} match the engines")
        sys.exit(1 if diffs or (strict and gaps) else 0)
    try:
        written = generate.write(out, pages)
    except OSError as exc:
        click.echo(f"{out}: cannot write the docs: {exc.strerror or exc} [write_failed]", err=True)
        sys.exit(1)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "ok": not (strict and gaps),
                    "written": [str(p) for p in written],
                    "skipped": loaded.skipped,
                    "gaps": gaps,
                }
            )
        )
    else:
        click.echo(f"wrote {len(written)} pages to {out}")
    sys.exit(1 if strict and gaps else 0)


COMMANDS = (docs_command,)
