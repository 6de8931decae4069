"""Commands on save files: ``validate``, ``info``, ``fmt``, ``replay``, ``record``, ``board``.

Each command parses its arguments, calls the library and returns an outcome that
:mod:`toolkit.report` prints as text or as one JSON document (``--json``) with the
exit code of design §7. No command here changes its input file; ``fmt`` rewrites it
only through :func:`toolkit.saves.write_atomic`, and ``record`` writes only its ``-o``
output, checked by :mod:`toolkit.outputs` before the bots play.
"""

from __future__ import annotations

from typing import Any

import click

from toolkit.commands.params import OUTPUT, TEXT, check_to
from toolkit.games.base import engine_ids
from toolkit.report import Error, Failed, Outcome, reporting

# ---------------------------------------------------------------- validate


@click.command("validate")
@click.argument("paths", metavar="SAVE...", nargs=-1, required=True)
@reporting
def validate_command(paths: tuple[str, ...]) -> Outcome:
    """Check each SAVE against its game's JSON Schema; list every error with its JSON pointer."""
    from toolkit.facts import validated

    reports, lines = validated(paths)
    errors = [Error("", p) for r in reports for p in r.errors]  # the report's lines say them
    valid = not errors
    data = {"valid": valid, "files": [r.as_json() for r in reports]}
    return Outcome(data, lines, 0 if valid else 1, errors)


# ---------------------------------------------------------------- info


@click.command("info")
@click.argument("path", metavar="SAVE")
@reporting
def info_command(path: str) -> Outcome:
    """Show a SAVE's game, rules, seed, players, move counts per type and outcome."""
    from toolkit import facts, validation
    from toolkit.games.base import get_game
    from toolkit.replay import ReplayError, final
    from toolkit.saves import MANIFEST, load

    save = load(path)
    report = validation.check(save)
    errors = [Error.of(p) for p in report.errors]
    exit_code = 0 if report.ok else 1
    if save.kind in ("stationmaster", MANIFEST):
        describe = facts.stationmaster_facts if save.kind == "stationmaster" else facts.manifest_facts
        data, lines = describe(save, report.ok)
        return Outcome(data, lines, exit_code, errors)
    info = facts.save_facts(save) | {"valid": report.ok}
    if not report.ok:
        info["replay"] = {"ok": False, "error": "not replayed: the save does not match its schema"}
    else:
        try:
            step = final(save)
            game = get_game(save.game)
            info |= {"outcome": game.outcome(step.state), "summary": game.summary(step.state)}
            info["replay"] = {"ok": True, "error": None}
        except ReplayError as exc:
            info["replay"] = {"ok": False, "error": exc.problem().as_json() | {"line": exc.line()}}
            errors.append(Error(exc.line(), exc.problem()))
            exit_code = 1
    return Outcome(info, facts.save_lines(save, info), exit_code, errors)


# ---------------------------------------------------------------- fmt


@click.command("fmt")
@click.argument("paths", metavar="SAVE...", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="List files not in canonical form; write nothing.")
@reporting
def fmt_command(paths: tuple[str, ...], check: bool) -> Outcome:
    """Rewrite each SAVE in canonical form (UTF-8, keys in schema order, 1-space indent)."""
    from toolkit.formatting import format_file

    results = [format_file(path, write=not check) for path in paths]
    data = {
        "files": [r.as_json() for r in results],
        "reformatted": [r.path for r in results if r.status == "reformatted"],
        "differ": [r.path for r in results if r.status == "differs"],
    }
    lines = [f"{r.path}: {r.words}" for r in results if r.words]
    # a file not in canonical form is an error too, whose line the report already holds
    errors = [Error("" if r.status == "differs" else r.problem.line(), r.problem)
              for r in results if r.problem is not None]
    return Outcome(data, lines, 1 if errors else 0, errors)


# ---------------------------------------------------------------- replay


@click.command("replay")
@click.argument("path", metavar="SAVE")
@click.option("--to", "to", type=click.IntRange(min=0), help="Stop after move N and show the position.")
@click.option(
    "--check", is_flag=True,
    help="For `git bisect run`: exit 0 if SAVE replays (and --until never holds), 1 if not, "
    "125 if this revision cannot test it, 128 on a usage error (the bisect stops).",
)
@click.option("--until", "until", metavar="EXPR",
              help="With --check: also fail once EXPR holds (see `replaykit bisect --help`).")
@reporting
def replay_command(path: str, to: int | None, check: bool, until: str | None) -> Outcome:
    """Replay SAVE through its engine; print the outcome, or the position after move N.

    With --check the exit code answers `git bisect run`: 0 good, 1 bad, 125 skip, 128 stop.
    A save passes --check exactly when plain `replay` replays it.
    """
    if until is not None and not check:
        raise click.UsageError("--until goes with --check")
    if check:
        if to is not None:
            raise click.UsageError("--to does not go with --check")
        return _check(path, until)
    from toolkit import facts
    from toolkit.replay import final, game_for
    from toolkit.replayable import schema_errors
    from toolkit.saves import load

    save = load(path)
    game = game_for(save)
    errors = schema_errors(save)
    if errors:
        raise Failed(errors)
    total = len(save.moves)
    check_to(to, total, path)
    step = final(save, to)
    outcome = game.outcome(step.state) if to is None or to == total else None
    summary = game.summary(step.state)
    data = {"file": path, "game": save.game, "moves": total, "at": step.index, "outcome": outcome,
            "summary": summary}
    seats = facts.players(save)
    if to is not None:
        label = game.label(save.moves[step.index - 1]) if step.index else "the start"
        head = f"{path}: after move {step.index} of {total} ({label})"
        lines = [head, *facts.result_lines(None, summary, seats)]
    else:
        state = "over" if outcome is not None else "unfinished"
        head = f"{path}: {total} moves replayed; the game is {state}"
        lines = [head, *facts.result_lines(outcome, summary, seats)]
    return Outcome(data, lines)


def _check(path: str, until: str | None) -> Outcome:
    from toolkit.debug.bisect import check_verdict

    verdict = check_verdict(path, until)
    verdicts = {0: "good", 1: "bad", 125: "skip"}
    data = {"file": path, "until": until, "verdict": verdicts.get(verdict.code, "usage")}
    if verdict.problem is None:
        return Outcome(data, [verdict.line], verdict.code)
    return Outcome(data, exit=verdict.code, errors=[Error(verdict.line, verdict.problem)])


# ---------------------------------------------------------------- record


class RecordCommand(click.Command):
    """``record``, whose help lists each game's player range and bots (read when shown)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from toolkit.recording import seats

        with formatter.section("Games"):
            formatter.write_dl([(g, seats(g).table()) for g in engine_ids()])
        super().format_epilog(ctx, formatter)


@click.command("record", cls=RecordCommand)
@click.argument("game_id", metavar="GAME", type=click.Choice(engine_ids()))
@click.option("--seed", required=True, type=TEXT, help="The game's seed (an integer or any string).")
@click.option("--players", type=int, default=4, show_default=True,
              help="Number of players (each game's range is listed below).")
@click.option("--bots", type=TEXT,
              help="Comma-separated bot names, one per seat (or one for all). Default: greedy.")
@click.option("--names", type=TEXT, help="Comma-separated player names, one per seat.")
@click.option("--grand", is_flag=True, help="Play on the grand board (codex only).")
@click.option("--standing-wants", is_flag=True, help="Enable the standing-wants channel (codex only).")
@click.option("--title", type=TEXT, help="meta.title of the save.")
@click.option("--note", type=TEXT, help="meta.note of the save.")
@click.option("-o", "--out", "out", required=True, metavar="SAVE", type=OUTPUT,
              help="The save to write ('-': stdout).")
@click.option("--output", "out", hidden=True, type=OUTPUT, help="Old spelling of --out.")
@reporting
def record_command(
    game_id: str, seed: str, players: int, bots: str | None, names: str | None, grand: bool,
    standing_wants: bool, title: str | None, note: str | None, out: str,
) -> Outcome:
    """Let bots play a whole GAME and write it as a save (canonical form, with checkpoints).

    The player count, bots and seed are checked before any move is played.
    """
    from toolkit.outputs import check_output
    from toolkit.recording import BadRequest, check_request, text_problem
    from toolkit.report import json_requested

    options: dict[str, Any] = {}
    if grand:
        options["board"] = "grand"
    if standing_wants:
        options["standing_wants"] = True
    try:
        request = check_request(game_id, seed, players, bots, names, options)
        for flag, kind, text in (("--title", "title", title), ("--note", "note", note)):
            problem = text_problem(kind, text) if text is not None else None
            if problem is not None:
                raise BadRequest(problem, flag)
    except BadRequest as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{exc.param}'") from None
    target = check_output(out, stdout_ok=True)
    if target.to_stdout and json_requested():
        raise click.UsageError("-o - and --json both write to stdout; choose one")
    from toolkit import facts
    from toolkit.outputs import write_text
    from toolkit.recording import play

    meta = {k: v for k, v in (("title", title), ("note", note)) if v is not None}
    game = play(request, target.shown, meta)
    write_text(target, game.text)
    data: dict[str, Any] = {"file": out, "game": game_id, "seed": request.seed, "moves": game.moves,
                            "outcome": game.outcome}
    if game.outcome is None:
        data |= {"stoppedAtTurnCap": game.turn_cap, "summary": game.summary}
    head = f"{out}: {game_id}, seed {request.seed}, {game.moves} moves, bots {','.join(request.bots)}"
    unfinished = f"unfinished: the bots stopped at the turn cap ({game.turn_cap} turns)"
    lines = [head, *facts.result_lines(game.outcome, game.summary, game.seats, unfinished)]
    if target.to_stdout:  # the save is the output; the report goes beside it
        return Outcome(data, notes=lines)
    return Outcome(data, lines)


# ---------------------------------------------------------------- board


@click.command("board")
@click.argument("game_id", metavar="GAME", type=click.Choice(engine_ids()))
@click.option("--grand", is_flag=True, help="The grand board (codex only).")
@click.option(
    "--seed", default=None, type=TEXT,
    help="codex: also show the terrain, tokens and harbor kinds SEED draws.",
)
@reporting
def board_command(game_id: str, grand: bool, seed: str | None) -> Outcome:
    """Print the board topology GAME's engine uses (hexes, vertices, edges, coast, ports)."""
    from toolkit import topology
    from toolkit.saves import Problem

    if game_id == "pioneers" and grand:
        raise click.BadParameter("pioneers has a single board", param_hint="'--grand'")
    if game_id == "pioneers" and seed is not None:
        raise click.BadParameter("the pioneers board does not depend on a seed", param_hint="'--seed'")
    try:
        if game_id == "pioneers":
            topo = topology.pioneers_topology()
        else:
            topo = topology.codex_topology("grand" if grand else "standard", seed)
    except (ImportError, AttributeError) as exc:
        problem = Problem(game_id, f"the engine exposes no board topology ({exc})", "no_topology")
        raise Failed([problem]) from None
    parts = [f"{len(v)} {k}" for k, v in topo.items() if isinstance(v, list)]
    return Outcome(topo, [f"{game_id} {topo.get('board', '')} board: " + ", ".join(parts)])


COMMANDS = (validate_command, info_command, fmt_command, replay_command, record_command, board_command)
