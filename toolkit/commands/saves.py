"""Commands on save files: ``validate``, ``info``, ``fmt``, ``replay``, ``record``, ``board``.

Each command parses its arguments, calls the library, prints, and picks the exit
code (design §7): 0 ok; 1 when the input is invalid, a move is illegal or a check
fails; 2 for usage errors (Click). Bad input ends in one line per problem naming
the file (and the move or JSON pointer when there is one), never in a traceback.
No command here changes its input file; ``fmt`` rewrites it only through
:func:`toolkit.saves.write_atomic`, and ``record`` writes only its ``-o`` file.
"""

from __future__ import annotations

import importlib
import json
import re
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import click

from toolkit import __version__, validation
from toolkit.games import stationmaster
from toolkit.games.base import Game, IllegalMove, engine_ids, get_game
from toolkit.replay import ReplayError, checkpoints_for, final, game_for
from toolkit.saves import FORMAT, MANIFEST, Problem, Save, SaveError, load, parse, write_atomic


def _echo_json(value: Any) -> None:
    click.echo(json.dumps(value, indent=1, ensure_ascii=False))


def _warning_line(problem: Problem) -> str:
    where = ": ".join(p for p in (problem.file, problem.pointer) if p)
    return f"{where}: warning: {problem.message} [{problem.code}]"


def _load_or_exit(ctx: click.Context, path: str) -> Save:
    try:
        return load(path)
    except SaveError as exc:
        click.echo(exc.problem.line(), err=True)
        ctx.exit(1)


# ---------------------------------------------------------------- validate


@click.command("validate")
@click.argument("paths", metavar="SAVE...", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the reports as JSON.")
@click.pass_context
def validate_command(ctx: click.Context, paths: tuple[str, ...], as_json: bool) -> None:
    """Check each SAVE against its game's JSON Schema; list every error with its JSON pointer."""
    reports: list[validation.Report] = []
    counts: dict[str, int] = {}
    for path in paths:
        try:
            save = load(path)
        except SaveError as exc:
            reports.append(validation.Report(path, None, [exc.problem]))
            continue
        reports.append(validation.check(save))
        counts[path] = len(save.data["replays"]) if save.kind == MANIFEST else len(save.moves)
    if as_json:
        _echo_json({"valid": all(r.ok for r in reports), "files": [r.as_json() for r in reports]})
    else:
        for report in reports:
            for problem in report.errors:
                click.echo(problem.line())
            for problem in report.warnings:
                click.echo(_warning_line(problem))
            if report.ok:
                units = {stationmaster.GAME_ID: "intents", MANIFEST: "replays listed"}
                unit = units.get(report.game or "", "moves")
                note = f", {len(report.warnings)} warning(s)" if report.warnings else ""
                click.echo(f"{report.file}: valid ({report.game}, {counts[report.file]} {unit}{note})")
    ctx.exit(0 if all(r.ok for r in reports) else 1)


# ---------------------------------------------------------------- info


def _players(save: Save) -> list[dict[str, Any]]:
    players = save.config.get("players")
    if not isinstance(players, list):
        return []
    out = []
    for seat, player in enumerate(players):
        entry: dict[str, Any] = {"seat": seat}
        if isinstance(player, Mapping):
            for key in ("id", "name", "bot"):
                if key in player:
                    entry[key] = player[key]
        out.append(entry)
    return out


def move_type(game: str, move: Any) -> str:
    """The bucket ``info`` counts a move in: pioneers ``turn build_road``, codex ``buildRoad``."""
    if not isinstance(move, Mapping):
        return "(not an object)"
    if game == "pioneers":
        kind = str(move.get("kind", "?"))
        if "strike" in move:
            return f"{kind} strike"
        action = move.get("action")
        if kind == "turn" and isinstance(action, Mapping):
            return f"turn {action.get('type', '?')}"
        return kind
    return str(move.get("type", "?"))


def _counts(game: str, moves: list[Any]) -> dict[str, int]:
    counts = Counter(move_type(game, m) for m in moves)
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _player_name(players: list[dict[str, Any]], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        p = players[seat]
        label = p.get("name") or p.get("id")
        return f"seat {seat} ({label})" if label else f"seat {seat}"
    return str(seat)


def _ordinal(value: Any) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


def _vp(value: Any) -> str:
    return f"{value} VP"


def _outcome_lines(outcome: Mapping[str, Any], players: list[dict[str, Any]]) -> list[str]:
    """Human lines for an engine's outcome: winner, placements, scores, then anything else."""
    lines = []
    shown = set()
    if "winner" in outcome:
        shown.add("winner")
        winner = outcome["winner"]
        lines.append(f"winner: {_player_name(players, winner) if winner is not None else 'none (turn cap)'}")
    for key in ("placements", "finalScores", "scores", "victoryPoints", "vp"):
        value = outcome.get(key)
        if isinstance(value, list):
            shown.add(key)
            unit = _ordinal if key == "placements" else _vp
            cells = (f"{_player_name(players, i)} {unit(v)}" for i, v in enumerate(value))
            lines.append(f"{key}: " + ", ".join(cells))
        elif isinstance(value, Mapping):
            shown.add(key)
            lines.append(f"{key}: " + ", ".join(f"{k} {v}" for k, v in value.items()))
    for key, value in outcome.items():
        if key not in shown:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return lines


def _summary_lines(summary: Mapping[str, Any]) -> list[str]:
    return [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in summary.items()]


def _stationmaster_info(save: Save, report: validation.Report) -> dict[str, Any]:
    info = {"file": save.path, **stationmaster.summarise(save.data)}
    info["valid"] = report.ok
    info["errors"] = [p.as_json() for p in report.errors]
    info["replay"] = {
        "ok": False,
        "error": "no engine exists for stationmaster saves; they cannot be replayed",
    }
    return info


def _print_stationmaster_info(info: Mapping[str, Any]) -> None:
    click.echo(f"file: {info['file']}")
    click.echo("game: stationmaster (foreign save; no engine, not replayable)")
    click.echo(f"seed: {info['seed']}")
    rules = info["rules"]
    if rules is None:
        click.echo("rules: absent (an older save; defaults apply: threeRandom hand, revenue 1/1/0)")
    else:
        click.echo(f"rules: {json.dumps(rules, ensure_ascii=False)}")
    for key in ("title", "note"):
        if info.get(key) is not None:
            click.echo(f"{key}: {info[key]}")
    click.echo(f"intents: {info['intents']}")
    progress = info["progress"]
    click.echo(
        f"progress: Day {progress['day']}, Stage {progress['stage']} "
        f"({progress['localOpsChoices']} localOps.choose = {progress['stagesBegun']} Stages begun, "
        f"{progress['players']} player, 12 Stages per Day)"
    )
    click.echo("intent types:")
    for name, count in info["intentTypes"].items():
        click.echo(f"  {name:<28} {count}")


@click.command("info")
@click.argument("path", metavar="SAVE")
@click.option("--json", "as_json", is_flag=True, help="Print the facts as JSON.")
@click.pass_context
def info_command(ctx: click.Context, path: str, as_json: bool) -> None:
    """Show a SAVE's game, rules, seed, players, move counts per type and outcome."""
    save = _load_or_exit(ctx, path)
    report = validation.check(save)
    if save.kind == "stationmaster":
        facts = _stationmaster_info(save, report)
        if as_json:
            _echo_json(facts)
        else:
            _print_stationmaster_info(facts)
            for problem in report.errors:
                click.echo(problem.line(), err=True)
        ctx.exit(0 if report.ok else 1)

    if save.kind == MANIFEST:
        entries = save.data["replays"] if report.ok else []
        if as_json:
            _echo_json({"file": save.path, "kind": MANIFEST, "replays": entries, "valid": report.ok,
                        "errors": [p.as_json() for p in report.errors]})
        else:
            click.echo(f"{save.path}: a replay manifest listing {len(entries)} saves")
            for entry in entries:
                click.echo(f"  {entry['file']}: {entry['title']}")
            for problem in report.errors:
                click.echo(problem.line(), err=True)
        ctx.exit(0 if report.ok else 1)

    players = _players(save)
    info: dict[str, Any] = {
        "file": save.path,
        "game": save.data.get("game"),
        "rulesVersion": save.data.get("rulesVersion"),
        "seed": save.seed,
        "players": players,
        "moves": len(save.moves),
        "checkpoints": len(save.checkpoints),
        "meta": save.meta,
        "moveTypes": _counts(save.game, save.moves),
        "valid": report.ok,
        "errors": [p.as_json() for p in report.errors],
        "outcome": None,
        "summary": None,
        "replay": None,
    }
    failure: str | None = None
    if not report.ok:
        failure = "not replayed: the save does not match its schema"
        info["replay"] = {"ok": False, "error": failure}
    else:
        try:
            step = final(save)
            game = get_game(save.game)
            info["outcome"] = game.outcome(step.state)
            info["summary"] = game.summary(step.state)
            info["replay"] = {"ok": True, "error": None}
        except ReplayError as exc:
            failure = exc.line()
            info["replay"] = {"ok": False, "error": exc.problem().as_json() | {"line": exc.line()}}
    if as_json:
        _echo_json(info)
    else:
        click.echo(f"file: {save.path}")
        click.echo(f"game: {info['game']}")
        click.echo(f"rules: {info['rulesVersion']}")
        click.echo(f"seed: {json.dumps(save.seed, ensure_ascii=False)}")
        click.echo(f"players: {len(players)}")
        for p in players:
            extra = f", bot {p['bot']}" if "bot" in p else ""
            ident = f" [{p['id']}]" if "id" in p else ""
            click.echo(f"  seat {p['seat']}: {p.get('name', '')}{ident}{extra}")
        click.echo(f"moves: {len(save.moves)} ({len(save.checkpoints)} checkpoints)")
        for key in ("title", "note", "createdBy"):
            if key in save.meta:
                click.echo(f"{key}: {save.meta[key]}")
        click.echo("move types:")
        for name, count in info["moveTypes"].items():
            click.echo(f"  {name:<28} {count}")
        if info["outcome"] is not None:
            click.echo("outcome:")
            for line in _outcome_lines(info["outcome"], players):
                click.echo(f"  {line}")
        elif info["summary"] is not None:
            click.echo("outcome: unfinished; position after the last move:")
            for line in _summary_lines(info["summary"]):
                click.echo(f"  {line}")
        for problem in report.errors:
            click.echo(problem.line(), err=True)
        if failure is not None and report.ok:
            click.echo(failure, err=True)
    ctx.exit(0 if failure is None else 1)


# ---------------------------------------------------------------- fmt


@click.command("fmt")
@click.argument("paths", metavar="SAVE...", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="List files not in canonical form; write nothing.")
@click.pass_context
def fmt_command(ctx: click.Context, paths: tuple[str, ...], check: bool) -> None:
    """Rewrite each SAVE in canonical form (UTF-8, keys in schema order, 1-space indent)."""
    failed = False
    differ = False
    for path in paths:
        try:
            save = load(path)
            raw = Path(path).read_bytes()
        except SaveError as exc:
            click.echo(exc.problem.line(), err=True)
            failed = True
            continue
        except OSError as exc:
            click.echo(Problem(path, f"cannot read: {exc.strerror}", "unreadable").line(), err=True)
            failed = True
            continue
        missing = validation.game_problem(save)
        if missing is not None:
            click.echo(missing.line(), err=True)
            failed = True
            continue
        text = validation.canonical_text(save).encode("utf-8")
        if text == raw:
            continue
        if check:
            click.echo(f"{path}: not in canonical form")
            differ = True
            continue
        try:
            write_atomic(path, text)
        except OSError as exc:
            click.echo(Problem(path, f"cannot write: {exc.strerror}", "unwritable").line(), err=True)
            failed = True
            continue
        click.echo(f"{path}: reformatted")
    ctx.exit(1 if failed or differ else 0)


# ---------------------------------------------------------------- replay


@click.command("replay")
@click.argument("path", metavar="SAVE")
@click.option("--to", "to", type=click.IntRange(min=0), help="Stop after move N and show the position.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option(
    "--check", is_flag=True,
    help="For `git bisect run`: exit 0 if SAVE replays (and --until never holds), 1 if not, "
    "125 if this revision cannot test it.",
)
@click.option("--until", "until", metavar="EXPR",
              help="With --check: also fail once EXPR holds (see `replaykit bisect --help`).")
@click.pass_context
def replay_command(
    ctx: click.Context, path: str, to: int | None, as_json: bool, check: bool, until: str | None
) -> None:
    """Replay SAVE through its engine; print the outcome, or the position after move N.

    With --check the exit code answers `git bisect run`: 0 good, 1 bad, 125 skip.
    """
    if until is not None and not check:
        raise click.UsageError("--until goes with --check")
    if check:
        from toolkit.debug.bisect import check_exit_code

        code, line = check_exit_code(path, until)
        click.echo(line, err=code != 0)
        ctx.exit(code)
    save = _load_or_exit(ctx, path)
    try:
        game = game_for(save)
    except ReplayError as exc:
        click.echo(exc.line(), err=True)
        ctx.exit(1)
    report = validation.check(save)
    if not report.ok:
        for problem in report.errors:
            click.echo(problem.line(), err=True)
        ctx.exit(1)
    total = len(save.moves)
    if to is not None and to > total:
        raise click.BadParameter(
            f"{to} is beyond the last move of {path} ({total} moves)", param_hint="'--to'"
        )
    try:
        step = final(save, to)
    except ReplayError as exc:
        click.echo(exc.line(), err=True)
        ctx.exit(1)
    players = _players(save)
    outcome = game.outcome(step.state) if to is None or to == total else None
    summary = game.summary(step.state)
    label = game.label(save.moves[step.index - 1]) if step.index else "the start"
    if as_json:
        _echo_json(
            {
                "file": path,
                "game": save.game,
                "moves": total,
                "at": step.index,
                "outcome": outcome,
                "summary": summary,
            }
        )
        ctx.exit(0)
    if to is not None:
        click.echo(f"{path}: after move {step.index} of {total} ({label})")
        for line in _summary_lines(summary):
            click.echo(f"  {line}")
    elif outcome is not None:
        click.echo(f"{path}: {total} moves replayed; the game is over")
        for line in _outcome_lines(outcome, players):
            click.echo(f"  {line}")
    else:
        click.echo(f"{path}: {total} moves replayed; the game is unfinished")
        for line in _summary_lines(summary):
            click.echo(f"  {line}")
    ctx.exit(0)


# ---------------------------------------------------------------- record


def _seed_value(text: str) -> str | int:
    """A seed given on the command line: an integer when it is one, else the string."""
    return int(text) if re.fullmatch(r"-?(0|[1-9][0-9]*)", text) else text


def _split(value: str | None) -> list[str]:
    return [part.strip() for part in value.split(",")] if value else []


def _bot_player(game_id: str) -> Callable[..., Any] | None:
    try:
        module = importlib.import_module(f"toolkit.games.{game_id}.bots")
    except ModuleNotFoundError as exc:
        if exc.name in (f"toolkit.games.{game_id}.bots", f"toolkit.games.{game_id}"):
            return None
        raise
    play = getattr(module, "play_game", None)
    return play if callable(play) else None


def record_save(
    game: Game, seed: str | int, config: Mapping[str, Any], moves: list[Any], meta: Mapping[str, Any]
) -> dict[str, Any]:
    """A complete save for a played game, with checkpoints; raises IllegalMove if it does not replay."""
    state = game.new_game(seed, config)
    digests = []
    for move in moves:
        game.apply(state, move)
        digests.append(game.digest(state))
    return {
        "format": FORMAT,
        "game": game.id,
        "rulesVersion": game.rules_version,
        "seed": seed,
        "config": dict(config),
        "moves": list(moves),
        "checkpoints": checkpoints_for(digests),
        "meta": dict(meta),
    }


@click.command("record")
@click.argument("game_id", metavar="GAME", type=click.Choice(engine_ids()))
@click.option("--seed", required=True, help="The game's seed (an integer or any string).")
@click.option("--players", type=click.IntRange(1, 4), default=4, show_default=True, help="Number of players.")
@click.option("--bots", help="Comma-separated bot names, one per seat (or one for all). Default: greedy.")
@click.option("--names", help="Comma-separated player names, one per seat.")
@click.option("--grand", is_flag=True, help="Play on the grand board (codex only).")
@click.option("--standing-wants", is_flag=True, help="Enable the standing-wants channel (codex only).")
@click.option("--title", help="meta.title of the save.")
@click.option("--note", help="meta.note of the save.")
@click.option(
    "-o", "--output", required=True, type=click.Path(dir_okay=False), help="The save file to write."
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def record_command(
    ctx: click.Context,
    game_id: str,
    seed: str,
    players: int,
    bots: str | None,
    names: str | None,
    grand: bool,
    standing_wants: bool,
    title: str | None,
    note: str | None,
    output: str,
    as_json: bool,
) -> None:
    """Let bots play a whole GAME and write it as a save (canonical form, with checkpoints)."""
    options: dict[str, Any] = {}
    if grand:
        options["board"] = "grand"
    if standing_wants:
        options["standing_wants"] = True
    if options and game_id != "codex":
        raise click.BadParameter(f"{game_id} has no such option", param_hint="'--grand'/'--standing-wants'")
    bot_list = _split(bots) or ["greedy"]
    if len(bot_list) == 1:
        bot_list *= players
    if len(bot_list) != players:
        raise click.BadParameter(f"{len(bot_list)} bots for {players} players", param_hint="'--bots'")
    name_list = _split(names) or None
    if name_list is not None and len(name_list) != players:
        raise click.BadParameter(f"{len(name_list)} names for {players} players", param_hint="'--names'")
    play = _bot_player(game_id)
    if play is None:
        where = f"toolkit.games.{game_id}.bots.play_game"
        click.echo(f"{output}: {game_id} has no bots yet ({where}) [no_bots]", err=True)
        ctx.exit(1)
    assert play is not None
    try:
        game = get_game(game_id)
    except (ImportError, AttributeError) as exc:
        click.echo(f"{output}: the {game_id} engine cannot be loaded: {exc} [no_engine]", err=True)
        ctx.exit(1)
    seed_value = _seed_value(seed)
    meta = {k: v for k, v in (("title", title), ("note", note)) if v is not None}
    meta["createdBy"] = f"replaykit {__version__}"
    try:
        config, moves = play(seed_value, bot_list, names=name_list, **options)
        data = record_save(game, seed_value, config, moves, meta)
    except IllegalMove as exc:
        click.echo(f"{output}: the bots' game does not replay: {exc.message} [{exc.code}]", err=True)
        ctx.exit(1)
    except (ValueError, KeyError) as exc:
        click.echo(f"{output}: cannot record this game: {exc} [bad_config]", err=True)
        ctx.exit(1)
    except Exception as exc:  # a bot or engine fault still ends in one line; nothing is written
        reason = f"{type(exc).__name__}: {exc}"
        click.echo(f"{output}: the game failed while playing: {reason} [engine_error]", err=True)
        ctx.exit(1)
    save = parse(output, json.dumps(data))
    report = validation.check(save)
    if not report.ok:
        for problem in report.errors:
            click.echo(problem.line(), err=True)
        ctx.exit(1)
    try:
        step = final(save)
    except ReplayError as exc:
        click.echo(exc.line(), err=True)
        ctx.exit(1)
    outcome = game.outcome(step.state)
    turn_cap = getattr(importlib.import_module(play.__module__), "TURN_CAP", None)
    try:
        write_atomic(output, validation.canonical_text(save).encode("utf-8"))
    except OSError as exc:
        click.echo(Problem(output, f"cannot write: {exc.strerror}", "unwritable").line(), err=True)
        ctx.exit(1)
    if as_json:
        result: dict[str, Any] = {"file": output, "game": game_id, "seed": seed_value, "moves": len(moves)}
        result["outcome"] = outcome
        if outcome is None:
            result |= {"stoppedAtTurnCap": turn_cap, "summary": game.summary(step.state)}
        _echo_json(result)
    else:
        click.echo(f"{output}: {game_id}, seed {seed_value}, {len(moves)} moves, bots {','.join(bot_list)}")
        if outcome is not None:
            for line in _outcome_lines(outcome, _players(save)):
                click.echo(f"  {line}")
        else:
            click.echo(f"  unfinished: the bots stopped at the turn cap ({turn_cap} turns)")
            for line in _summary_lines(game.summary(step.state)):
                click.echo(f"  {line}")
    ctx.exit(0)


# ---------------------------------------------------------------- board


def pioneers_topology() -> dict[str, Any]:
    """The pioneers board as the engine numbers it: hexes, vertices, edges, coast and ports.

    Uses the engine's own ``topology()`` when :mod:`toolkit.games.pioneers.board`
    has one; otherwise reads the engine's board tables (a thin adapter, no geometry
    of its own).
    """
    board = importlib.import_module("toolkit.games.pioneers.board")
    own = getattr(board, "topology", None)
    if callable(own):
        return dict(own())
    coastal = list(board.COASTAL_EDGES)
    edge_id = {tuple(pair): e for e, pair in enumerate(board.EDGE_VERTICES)}
    return {
        "game": "pioneers",
        "board": "standard",
        "hexes": [
            {
                "id": h,
                "row": row,
                "center": list(board.HEX_CENTRES[h]),
                "vertices": list(verts),
                "edges": list(board.HEX_EDGES[h]),
            }
            for h, (verts, row) in enumerate(zip(board.HEX_VERTICES, _pioneers_rows(board), strict=True))
        ],
        "vertices": [
            {
                "id": v,
                "point": list(board.VERTEX_POINTS[v]),
                "hexes": list(board.VERTEX_HEXES[v]),
                "edges": list(board.VERTEX_EDGES[v]),
                "neighbours": list(board.VERTEX_NEIGHBOURS[v]),
            }
            for v in range(board.NUM_VERTICES)
        ],
        "edges": [
            {"id": e, "vertices": list(pair), "hexes": list(board.EDGE_HEXES[e]), "coastal": e in coastal}
            for e, pair in enumerate(board.EDGE_VERTICES)
        ],
        "coastalEdges": list(board.COAST_RING),
        "ports": [
            {
                "id": i,
                "kind": kind,
                "ratio": ratio,
                "vertices": list(pair),
                "edge": edge_id[(min(pair), max(pair))],
            }
            for i, (kind, ratio, pair) in enumerate(board.PORTS)
        ],
    }


def _pioneers_rows(board: Any) -> list[int]:
    return [row for row, length in enumerate(board.ROW_LENGTHS) for _ in range(length)]


def codex_topology(size: str, seed: str | None = None) -> dict[str, Any]:
    """The codex board of ``size`` from :func:`toolkit.games.codex.board.topology`, in wire ids.

    The nine harbor slots are fixed coastal edges and always listed; which kind sits on
    which slot is drawn from the game's seed, as are terrain and number tokens, so those
    are filled in only when ``seed`` is given (``harborTypes`` lists the kinds to place).
    """
    board = importlib.import_module("toolkit.games.codex.board")
    topo = board.topology(size)
    ints, edges, hexes = topo.int_ids, topo.edge_ids, topo.hex_ids
    layout = board.generate_layout(size, seed if seed is not None else "0")
    out: dict[str, Any] = {
        "game": "codex",
        "board": size,
        "hexes": [
            {"id": hexes[h], "intersections": [ints[i] for i in topo.hex_intersections[h]]}
            for h in range(len(hexes))
        ],
        "intersections": [
            {
                "id": ints[i],
                "xy": [round(c, 4) for c in topo.int_xy[i]],
                "hexes": [hexes[h] for h in topo.int_hexes[i]],
                "edges": [edges[e] for e in topo.int_edges[i]],
            }
            for i in range(len(ints))
        ],
        "edges": [
            {"id": edges[e], "intersections": [ints[a], ints[b]]} for e, (a, b) in enumerate(topo.edge_ends)
        ],
        "coastalEdges": [edges[e] for e in topo.coastal_cycle],
        "harbors": [
            {"id": h.id, "edgeId": edges[h.edge], "intersectionIds": [ints[i] for i in h.intersections]}
            | ({"type": h.kind} if seed is not None else {})
            for h in layout.harbors
        ],
        "harborTypes": sorted(h.kind for h in layout.harbors),
    }
    if seed is not None:
        out["seed"] = seed
        for h, entry in enumerate(out["hexes"]):
            entry["type"] = layout.terrain[h]
            entry["numberToken"] = layout.tokens[h]
    return out


@click.command("board")
@click.argument("game_id", metavar="GAME", type=click.Choice(engine_ids()))
@click.option("--grand", is_flag=True, help="The grand board (codex only).")
@click.option(
    "--seed", default=None, help="codex: also show the terrain, tokens and harbor kinds SEED draws."
)
@click.option("--json", "as_json", is_flag=True, help="Print the whole topology as JSON.")
@click.pass_context
def board_command(ctx: click.Context, game_id: str, grand: bool, seed: str | None, as_json: bool) -> None:
    """Print the board topology GAME's engine uses (hexes, vertices, edges, coast, ports)."""
    if game_id == "pioneers":
        if grand:
            raise click.BadParameter("pioneers has a single board", param_hint="'--grand'")
        if seed is not None:
            raise click.BadParameter("the pioneers board does not depend on a seed", param_hint="'--seed'")
        try:
            topo = pioneers_topology()
        except (ImportError, AttributeError) as exc:
            click.echo(f"pioneers: the engine's board tables cannot be read ({exc}) [no_topology]", err=True)
            ctx.exit(1)
    else:
        try:
            topo = codex_topology("grand" if grand else "standard", seed)
        except (ImportError, AttributeError) as exc:
            click.echo(f"codex: the engine exposes no board topology ({exc}) [no_topology]", err=True)
            ctx.exit(1)
    if as_json:
        _echo_json(topo)
    else:
        parts = [f"{len(v)} {k}" for k, v in topo.items() if isinstance(v, list)]
        click.echo(f"{game_id} {topo.get('board', '')} board: " + ", ".join(parts))
    ctx.exit(0)


COMMANDS = (validate_command, info_command, fmt_command, replay_command, record_command, board_command)
