"""``replaykit docs``: write (or drift-check) the card reference and as-built rules.

Exit codes (design §7): 0 when written or in sync; 1 when ``--check`` finds a page that
differs from what the engines generate (each shown as a unified diff), when ``--strict``
finds a catalog gap, or when a catalog cannot be read at all.

Page paths follow the rules of every input and output: ``--check`` reads a checked-in page
only if it is a regular file of bounded size (a named pipe, socket or device is refused with
one line, exit 1, never read or waited on); writing checks every page path first and writes
nothing when one is a named pipe, socket, device or folder, and a replaced page keeps its
permission bits.
"""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.commands.params import GivenPath
from toolkit.report import Error, Failed, Outcome, reporting


@click.command("docs")
@click.option(
    "-o",
    "--out",
    "out",
    default="docs",
    show_default=True,
    type=GivenPath(path_type=Path),
    help="folder for the generated Markdown",
)
@click.option("--check", is_flag=True, help="write nothing; exit 1 with a diff if a checked-in page differs")
@click.option("--strict", is_flag=True, help="also exit 1 when a catalog leaves a fact unstated")
@reporting
def docs_command(out: Path, check: bool, strict: bool) -> Outcome:
    """Generate the card reference and as-built rules of every game into OUT (default docs/).

    Pages come from each engine's catalog through the templates in templates/docs/. A game
    whose engine is not importable yet is skipped (and named on stderr).
    """
    from toolkit.docs import generate
    from toolkit.docs.catalogs import CatalogError
    from toolkit.outputs import check_output
    from toolkit.saves import Problem, SaveError

    target = None if check else check_output(out, folder=True, fills=True)
    try:
        pages, loaded = generate.render_markdown()
    except CatalogError as exc:
        message = f"catalog cannot be read: {'; '.join(exc.problems)}"
        raise Failed([Problem(exc.game_id, message, "bad_catalog")]) from None
    gaps = {gid: doc.gaps for gid, doc in loaded.found.items() if doc.gaps}
    notes = [f"{game_id}: skipped: {reason}" for game_id, reason in loaded.skipped.items()]
    notes += [
        f"{game_id}: catalog leaves {len(lines)} things unstated: {'; '.join(lines)}"
        for game_id, lines in gaps.items()
    ]
    failed_gaps = 1 if strict and gaps else 0
    data = {"skipped": loaded.skipped, "gaps": gaps}
    if target is None:
        if out.exists() and not out.is_dir():
            raise Failed([Problem(str(out), "exists and is not a folder", "not_a_folder")])
        if not out.exists():  # every page would be one long diff from nothing
            message = f"no such folder: no pages to check (`replaykit docs -o {out}` writes them)"
            raise Failed([Problem(str(out), message, "not_found")])
        try:
            diffs = generate.check(out, pages)
        except SaveError as exc:
            refused = exc.problem
            message = f"cannot read the docs: {refused.message}"
            raise Failed([Problem(refused.file, message, refused.code)]) from None
        data = {"differ": [rel for rel, _ in diffs], "diffs": [diff for _, diff in diffs], **data}
        if diffs:
            notes.append(f"{len(diffs)} of {len(pages)} pages differ; run `replaykit docs -o {out}`")
            drifted = [Error.of(Problem(str(out / rel), "differs from what the engines generate", "drifted"))
                       for rel, _ in diffs]
            lines = "".join(diff for _, diff in diffs).rstrip("\n").split("\n")
            return Outcome(data, lines, 1, drifted, notes=notes)
        return Outcome(data, [f"{len(pages)} pages in {out} match the engines"], failed_gaps, notes=notes)
    assert target.path is not None
    try:
        written = generate.write(target.path, pages)
    except OSError as exc:
        message = f"cannot write the docs: {exc.strerror or exc}"
        raise Failed([Problem(str(out), message, "write_failed")]) from None
    data = {"written": [str(out / p.relative_to(target.path)) for p in written], **data}
    return Outcome(data, [f"wrote {len(written)} pages to {out}"], failed_gaps, notes=notes)


COMMANDS = (docs_command,)
