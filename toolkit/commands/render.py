"""``replaykit frames`` and ``replaykit site``: draw a save as SVG frames, publish replays as a site."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from toolkit.docs.catalogs import CatalogError
from toolkit.docs.site import site_pages
from toolkit.render.frames import RenderError, write_frames, write_state
from toolkit.replay import ReplayError
from toolkit.saves import Problem, SaveError, load
from toolkit.site.builder import Refusal, SiteError, build


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


def _fail(refusals: Sequence[Refusal | Problem], as_json: bool) -> NoReturn:
    """Report why (one line each, or one JSON object) and exit 1."""
    found = [r if isinstance(r, Refusal) else Refusal.of(r) for r in refusals]
    if as_json:
        click.echo(json.dumps({"ok": False, "errors": [r.problem.as_json() for r in found]}))
    else:
        for refusal in found:
            click.echo(refusal.line, err=True)
    sys.exit(1)


def _report(payload: dict[str, Any], text: str, as_json: bool) -> None:
    click.echo(json.dumps({"ok": True, **payload}) if as_json else text)


@click.command("frames")
@click.argument("save", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
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
    type=click.Path(path_type=Path),
    help="instead of a save, draw one codex wire state (a play request or a bare state) as OUT/<name>.svg",
)
@click.option("--json", "as_json", is_flag=True, help="report as JSON")
def frames_command(
    save: Path | None, out: Path, seat: str, every: int, to: int | None, state: Path | None, as_json: bool
) -> None:
    """Write one standalone SVG per frame of SAVE (frame 0 = start, frame N = after move N).

    Files are written only when every frame rendered: a save that stops replaying
    leaves OUT as it was. With --state FILE, draw that one position instead (--seat,
    --every and --to apply to saves only).
    """
    if state is not None:
        if save is not None:
            raise click.UsageError("give either SAVE or --state FILE, not both")
        _frames_of_state(state, out, as_json)
        return
    if save is None:
        raise click.UsageError("missing SAVE (or --state FILE)")
    which = _seat(seat)
    try:
        written = write_frames(load(save), out, which, every, to)
    except SaveError as exc:
        _fail([exc.problem], as_json)
    except (ReplayError, RenderError) as exc:
        _fail([Refusal(exc.line(), exc.problem())], as_json)
    except OSError as exc:
        _fail([Problem(str(out), f"cannot write frames: {exc.strerror or exc}", "write_failed")], as_json)
    _report(
        {"out": str(out), "frames": [p.name for p in written]},
        f"wrote {len(written)} frames to {out}",
        as_json,
    )


def _frames_of_state(state: Path, out: Path, as_json: bool) -> None:
    try:
        written = write_state(state, out)
    except RenderError as exc:
        _fail([Refusal(exc.line(), exc.problem())], as_json)
    except OSError as exc:
        _fail([Problem(str(out), f"cannot write the frame: {exc.strerror or exc}", "write_failed")], as_json)
    _report({"out": str(out), "frames": [written.name]}, f"wrote {written}", as_json)


@click.command("site")
@click.argument(
    "replays", required=False, default="replays", type=click.Path(file_okay=False, path_type=Path)
)
@click.option(
    "-o",
    "--out",
    "out",
    default="site",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="output folder (replaced as a whole)",
)
@click.option("--skip-broken", is_flag=True, help="leave out saves that do not replay instead of failing")
@click.option("--json", "as_json", is_flag=True, help="report as JSON")
def site_command(replays: Path, out: Path, skip_broken: bool, as_json: bool) -> None:
    """Build the static replay site from the saves in REPLAYS (default replays/) into OUT.

    Besides one page per replay, the site carries each game's Cards and Rules pages and the
    Randomness page, rendered from the engines' catalogs (the same data as `replaykit docs`).

    REPLAYS/manifest.json ({"replays": [{"file", "title", "note"}]}) orders and titles the
    replays; saves it does not list follow, titled from their own meta.
    """
    started = time.perf_counter()
    try:
        links, reference = site_pages()
    except CatalogError as exc:
        problem = Problem(exc.game_id, f"catalog cannot be read: {'; '.join(exc.problems)}", "bad_catalog")
        _fail([problem], as_json)
    try:
        built = build(replays, out, skip_broken=skip_broken, links=links, extra_files=reference)
    except SiteError as exc:
        _fail(exc.refusals, as_json)
    except OSError as exc:
        _fail([Problem(str(out), f"cannot write the site: {exc.strerror or exc}", "write_failed")], as_json)
    took = time.perf_counter() - started
    if not as_json:
        for refusal in built.skipped:
            click.echo(f"skipped: {refusal.line}", err=True)
    _report(
        {
            "out": str(out),
            "pages": [r["href"] for r in built.replays],
            "skipped": [r.problem.as_json() for r in built.skipped],
        },
        f"built {len(built.replays)} replay pages into {out} in {took:.1f}s",
        as_json,
    )


COMMANDS = (frames_command, site_command)
