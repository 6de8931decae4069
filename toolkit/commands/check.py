"""``replaykit check``: validate and replay a whole corpus of saves, for people and for CI."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from toolkit.commands.params import GivenPath
from toolkit.report import Error, Outcome, reporting

F = TypeVar("F", bound=Callable[..., Any])


def _address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A scheduler address is never empty: an empty one would run the work here, unasked."""
    if value is not None and not value.strip():
        raise click.BadParameter("name the scheduler's address (e.g. tcp://host:8786)")
    return value


def jobs_options(command: F) -> F:
    """The ``--jobs N`` and ``--scheduler ADDRESS`` options of commands that spread per-save work."""
    command = click.option(
        "--scheduler",
        "scheduler",
        default=None,
        callback=_address,
        metavar="ADDRESS",
        help="run the per-save work on this Dask distributed scheduler (e.g. tcp://host:8786); its "
        "workers need this very replaykit installed",
    )(command)
    return click.option(
        "-j",
        "--jobs",
        "jobs",
        default=None,
        type=click.IntRange(min=1),
        help="worker processes  [default: the machine's cores]",
    )(command)


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=GivenPath(path_type=Path))
@jobs_options
@click.option(
    "--junit",
    "junit",
    default=None,
    type=GivenPath(dir_okay=False, path_type=Path),
    help="also write a JUnit XML report to this file (never over a save being checked, or a checked "
    "folder's manifest)",
)
@click.option("-q", "--quiet", is_flag=True, help="list only the saves that are not ok, then the count")
@reporting
def check_command(
    paths: tuple[Path, ...], jobs: int | None, scheduler: str | None, junit: Path | None, quiet: bool
) -> Outcome:
    """Validate and replay every save in PATHS (files, and folders searched recursively).

    Each save is checked against its schema, replayed through its engine and compared with
    its checkpoints, and reported as ok, diverged at move N, illegal at move N (...) or
    invalid (...). Exit 1 when any save is not ok.
    """
    from toolkit.check import Verdict, check_all, collect, junit_xml, read_alongside
    from toolkit.outputs import check_output, write_text
    from toolkit.parallel import SchedulerError, default_jobs
    from toolkit.progress import Progress, TerminalBar
    from toolkit.report import Failed, json_requested, say
    from toolkit.saves import Problem

    started = time.perf_counter()
    files = collect(paths)
    if not files:
        raise Failed([Problem(", ".join(str(p) for p in paths), "no saves to check here", "no_saves")])
    report = None if junit is None else \
        check_output(junit, inputs=[*files, *read_alongside(paths)], option="--junit")
    shown = Progress() if json_requested() else TerminalBar("saves")

    def tell(verdict: Verdict) -> None:
        """Each verdict's line as soon as it is known (in text mode; --json waits for the end)."""
        if not (quiet and verdict.ok):
            shown.clear()
            say(verdict.line())

    try:
        verdicts = check_all(
            files,
            jobs=jobs or default_jobs(),
            scheduler=scheduler,
            progress=shown,
            on_verdict=None if json_requested() else tell,
        )
    except SchedulerError as exc:
        raise Failed([Problem(str(scheduler), str(exc), "no_scheduler")]) from None
    if report is not None:
        write_text(report, junit_xml(verdicts))
    failed = [v for v in verdicts if not v.ok]
    counts: dict[str, int] = {}
    for verdict in verdicts:
        counts[verdict.status] = counts.get(verdict.status, 0) + 1
    took = time.perf_counter() - started
    kinds = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()) if status != "ok")
    checked = f"{len(verdicts)} save{'s' if len(verdicts) != 1 else ''} checked"
    # each verdict's line was said as it came: the report ends with the count
    lines = [f"{checked}: {len(verdicts) - len(failed)} ok, {len(failed)} not ok"
             + (f" ({kinds})" if kinds else "") + f" in {took:.1f}s"]
    data = {"counts": counts, "saves": [v.as_json() for v in verdicts]}
    # each save's first error, which the verdicts' lines said
    errors = [Error("", v.cause) for v in failed if v.cause is not None]
    return Outcome(data, lines, exit=1 if failed else 0, errors=errors)


COMMANDS = (check_command,)
