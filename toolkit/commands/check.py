"""``replaykit check``: validate and replay a whole corpus of saves, for people and for CI."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from toolkit.check import check_all, collect, junit_xml
from toolkit.parallel import SchedulerError, default_jobs
from toolkit.progress import Progress, TerminalBar
from toolkit.saves import Problem, write_atomic

F = TypeVar("F", bound=Callable[..., Any])


def jobs_options(command: F) -> F:
    """The ``--jobs N`` and ``--scheduler ADDRESS`` options of commands that spread per-save work."""
    command = click.option(
        "--scheduler",
        "scheduler",
        default=None,
        metavar="ADDRESS",
        help="run the per-save work on this Dask distributed scheduler (e.g. tcp://host:8786)",
    )(command)
    return click.option(
        "-j",
        "--jobs",
        "jobs",
        default=None,
        type=click.IntRange(min=1),
        help="worker processes  [default: the machine's cores]",
    )(command)


def _error(problem: Problem, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"ok": False, "errors": [problem.as_json()]}))
    else:
        click.echo(problem.line(), err=True)
    sys.exit(1)


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@jobs_options
@click.option(
    "--junit",
    "junit",
    default=None,
    type=click.Path(dir_okay=False, path_type=Path),
    help="also write a JUnit XML report to this file",
)
@click.option("--json", "as_json", is_flag=True, help="report as one JSON document")
def check_command(
    paths: tuple[Path, ...], jobs: int | None, scheduler: str | None, junit: Path | None, as_json: bool
) -> None:
    """Validate and replay every save in PATHS (files, and folders searched recursively).

    Each save is checked against its schema, replayed through its engine and compared with
    its checkpoints, and reported as ok, diverged at move N, illegal at move N (...) or
    invalid (...). Exit 1 when any save is not ok.
    """
    started = time.perf_counter()
    files = collect(paths)
    if not files:
        _error(Problem(", ".join(str(p) for p in paths), "no saves to check here", "no_saves"), as_json)
    try:
        verdicts = check_all(
            files,
            jobs=jobs or default_jobs(),
            scheduler=scheduler,
            progress=Progress() if as_json else TerminalBar("saves"),
        )
    except SchedulerError as exc:
        _error(Problem(str(scheduler), str(exc), "no_scheduler"), as_json)
    if junit is not None:
        try:
            write_atomic(junit, junit_xml(verdicts))
        except OSError as exc:
            message = f"cannot write the report: {exc.strerror or exc}"
            _error(Problem(str(junit), message, "write_failed"), as_json)
    failed = [v for v in verdicts if not v.ok]
    if as_json:
        counts: dict[str, int] = {}
        for verdict in verdicts:
            counts[verdict.status] = counts.get(verdict.status, 0) + 1
        click.echo(json.dumps({"ok": not failed, "counts": counts, "saves": [v.as_json() for v in verdicts]}))
    else:
        for verdict in verdicts:
            click.echo(verdict.line())
        took = time.perf_counter() - started
        click.echo(f"{len(verdicts)} saves checked: {len(verdicts) - len(failed)} ok, {len(failed)} not ok "
                   f"({took:.1f}s)")
    sys.exit(1 if failed else 0)


COMMANDS = (check_command,)
