"""``replaykit frames`` and ``replaykit site``: draw a save as SVG frames, publish replays as a site."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

import click

from toolkit.commands.check import jobs_options
from toolkit.commands.params import GivenPath, check_to, given
from toolkit.report import Error, Outcome, reporting
from toolkit.textsafe import clean


def _seat(value: str) -> int | None:
    if value.lower() in ("spectator", "none", ""):
        return None
    try:
        seat = int(value)
    except ValueError:
        raise click.UsageError(f"--seat: {value!r} is not a seat number or 'spectator'") from None
    if seat < 0:
        raise click.UsageError("--seat: a seat is 0 or more")
    return seat


@click.command("frames")
@click.argument("save", required=False, type=GivenPath(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--out",
    "out",
    required=True,
    type=GivenPath(path_type=Path),
    help="folder for the frame-NNNN.svg files",
)
@click.option(
    "--seat", default="spectator", show_default=True, help="whose view to draw: a seat number or spectator"
)
@click.option(
    "--every",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="write every K-th frame (and always the last)",
)
@click.option("--to", "to", default=None, type=click.IntRange(min=0), help="stop after move N")
@click.option(
    "--state",
    "state",
    default=None,
    type=GivenPath(path_type=Path),
    help="instead of a save, draw one codex wire state (a play request or a bare state) as OUT/<name>.svg",
)
@reporting
def frames_command(
    save: Path | None, out: Path, seat: str, every: int, to: int | None, state: Path | None
) -> Outcome:
    """Write one standalone SVG per frame of SAVE (frame 0 = start, frame N = after move N).

    Files are written only when every frame rendered and every file in OUT they replace
    is a regular file: a failure leaves OUT as it was. A frame never replaces the file it
    is drawn from (refused before drawing, exit 2). With --state FILE, draw that one
    position instead (--seat, --every and --to go with saves only).
    """
    from toolkit.outputs import check_files_into, check_output
    from toolkit.render.frames import frame_names, state_name, write_frames, write_state
    from toolkit.replayable import schema_errors
    from toolkit.report import Failed
    from toolkit.saves import load

    ignored = given("seat", "every", "to") if state is not None else []
    if ignored:
        raise click.UsageError(f"{', '.join(ignored)} go{'es' if len(ignored) == 1 else ''} with a SAVE, "
                               "not with --state (a wire state is one position, drawn as its seat saw it)")

    if state is not None and save is not None:
        raise click.UsageError("give either SAVE or --state FILE, not both")
    if state is None and save is None:
        raise click.UsageError("missing SAVE (or --state FILE)")
    which = _seat(seat)
    source = state if state is not None else save
    assert source is not None
    target = check_output(out, folder=True, inputs=[source], fills=True)
    assert target.path is not None
    try:
        if state is not None:
            check_files_into(target, [state_name(state)], inputs=[state])
            written = [write_state(state, target.path)]
        else:
            loaded = load(source)
            refused = schema_errors(loaded)  # replayed only when it matches its schema, as by replay
            if refused:
                raise Failed(refused)
            check_to(to, len(loaded.moves), str(source))
            check_files_into(target, frame_names(loaded, every, to), inputs=[source])
            written = write_frames(loaded, target.path, which, every, to)
    except OSError as exc:
        raise _write_failed(out, "frames", exc, exc.filename) from None
    names = [p.name for p in written]
    line = f"wrote {Path(out) / names[0]}" if state is not None else f"wrote {len(written)} frames to {out}"
    return Outcome({"out": str(out), "frames": names}, [line])


def _write_failed(out: Path, what: str, exc: OSError, file: str | None = None) -> Exception:
    """The one-line failure of writing into ``out``, naming ``file`` (the file that could not
    be written) when it is known, else ``out``."""
    from toolkit.report import Failed
    from toolkit.saves import Problem

    where = str(file) if file else str(out)
    return Failed([Problem(where, f"cannot write the {what}: {exc.strerror or exc}", "write_failed")])


@click.command("site")
@click.argument(
    "replays", required=False, default="replays", type=GivenPath(file_okay=False, path_type=Path)
)
@click.option(
    "-o",
    "--out",
    "out",
    default="site",
    show_default=True,
    type=GivenPath(path_type=Path),
    help="output folder (replaced as a whole)",
)
@click.option(
    "--skip-broken", is_flag=True, help="leave out saves that do not validate or replay instead of failing"
)
@jobs_options
@click.option(
    "--cache",
    "cache",
    default=None,
    type=GivenPath(file_okay=False, path_type=Path),
    help="build cache folder  [default: one for OUT under ~/.cache/replaykit/sites]",
)
@click.option("--no-cache", is_flag=True, help="build every page, neither reading nor writing the cache")
@click.option(
    "--reveal",
    type=click.Choice(["end", "never", "always"]),
    default="end",
    show_default=True,
    help="when every view shows every hand: on a finished game's last move, never, or always; "
    "the every-hand view is offered from the first move unless never",
)
@reporting
def site_command(
    replays: Path,
    out: Path,
    skip_broken: bool,
    jobs: int | None,
    scheduler: str | None,
    cache: Path | None,
    no_cache: bool,
    reveal: str,
) -> Outcome:
    """Build the static replay site from the saves in REPLAYS (default replays/) into OUT.

    Besides one page per replay, the site carries each game's Cards and Rules pages and the
    Randomness page, rendered from the engines' catalogs (the same data as `replaykit docs`).

    REPLAYS/manifest.json ({"replays": [{"file", "title", "note"}]}) orders and titles the
    replays; saves it does not list follow, titled from their own meta.

    Pages are built in --jobs worker processes (or on a Dask --scheduler) and kept in a
    build cache: only pages whose save, manifest entry or toolkit changed are built again,
    and a site that would come out the same is not rewritten.
    """
    from toolkit.docs.catalogs import CatalogError
    from toolkit.outputs import check_output
    from toolkit.parallel import SchedulerError, default_jobs
    from toolkit.progress import Progress, TerminalBar
    from toolkit.report import Failed, json_requested
    from toolkit.saves import Problem
    from toolkit.site.builder import build, check_target, default_cache
    from toolkit.site.cache import reference_pages

    started = time.perf_counter()
    if no_cache and cache is not None:
        raise click.UsageError("give either --cache DIR or --no-cache, not both")
    target = check_output(out, folder=True)
    assert target.path is not None
    if cache is not None and str(cache) in ("", "."):
        raise click.BadParameter("name a folder for the cache (the current folder is never one)",
                                 param_hint="'--cache'")
    if cache is not None and os.path.exists(cache) and not os.path.isdir(cache):
        raise click.BadParameter(f"{clean(str(cache), None)} exists and is not a folder",
                                 param_hint="'--cache'")
    if cache is not None and Path(os.path.realpath(cache)).is_relative_to(os.path.realpath(target.path)):
        raise click.BadParameter("the cache cannot live inside the site it builds (a build replaces OUT)",
                                 param_hint="'--cache'")
    if cache is not None and Path(os.path.realpath(cache)).is_relative_to(os.path.realpath(replays)):
        raise click.BadParameter("the cache cannot live among the replays the site is built from",
                                 param_hint="'--cache'")
    check_target(target.path, str(out), replays)  # before the reference pages reach the cache
    cache_dir = None if no_cache else (cache or default_cache(target.path))
    try:
        links, reference = reference_pages(cache_dir)
    except CatalogError as exc:
        problem = Problem(exc.game_id, f"catalog cannot be read: {'; '.join(exc.problems)}", "bad_catalog")
        raise Failed([problem]) from None
    try:
        built = build(
            replays,
            target.path,
            skip_broken=skip_broken,
            links=links,
            extra_files=reference,
            jobs=jobs or default_jobs(),
            cache=cache_dir,
            scheduler=scheduler,
            reveal=reveal,
            progress=Progress() if json_requested() else TerminalBar("pages"),
        )
    except SchedulerError as exc:
        raise Failed([Problem(str(scheduler), str(exc), "no_scheduler")]) from None
    except OSError as exc:
        raise _write_failed(out, "site", exc) from None
    took = time.perf_counter() - started
    data = {
        "out": str(out),
        "pages": [r["href"] for r in built.replays],
        "skipped": [r.problem.as_json() for r in built.skipped],
        "rebuilt": built.rebuilt,
        "unchanged": built.unchanged,
    }
    notes = [f"skipped: {refusal.line}" for refusal in built.skipped]
    reused = len(built.replays) + len(built.skipped) - built.rebuilt
    line = (
        f"built {len(built.replays)} replay pages into {out} in {took:.1f}s "
        f"({built.rebuilt} rendered, {reused} from the cache"
        f"{'; the site was already up to date' if built.unchanged else ''})"
    )
    if built.skipped:  # said in the last line too: a scripted build must not lose saves unseen
        line += f"; left out {len(built.skipped)} of {len(built.replays) + len(built.skipped)} saves " \
                f"({_counted(built.skipped)})"
    return Outcome(data, [line], notes=notes)


def _counted(errors: Sequence[Error]) -> str:
    """How many errors of each code, most first (``385 diverged, 2 not_connected``)."""
    from collections import Counter

    counts = Counter(error.problem.code for error in errors)
    return ", ".join(f"{n} {code}" for code, n in counts.most_common())


COMMANDS = (frames_command, site_command)
