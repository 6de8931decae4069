"""What a save says about its game, as data for ``--json`` and as lines for people.

``info``, ``replay`` and ``record`` report the same things (players, move counts per
type, the outcome or the position reached); this module builds those facts and their
words once, so the commands only choose which to show.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from toolkit.saves import MANIFEST, Problem, Save, SaveError, load

if TYPE_CHECKING:
    from toolkit.validation import Report


def players(save: Save) -> list[dict[str, Any]]:
    """One entry per seat: ``seat`` and whichever of ``id``, ``name``, ``bot`` the save gives."""
    listed = save.config.get("players")
    if not isinstance(listed, list):
        return []
    out = []
    for seat, player in enumerate(listed):
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


def move_counts(game: str, moves: list[Any]) -> dict[str, int]:
    """Moves per :func:`move_type`, most frequent first."""
    counts = Counter(move_type(game, m) for m in moves)
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _player_name(seats: list[dict[str, Any]], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(seats):
        p = seats[seat]
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


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def outcome_lines(outcome: Mapping[str, Any], seats: list[dict[str, Any]]) -> list[str]:
    """Lines for an engine's outcome: winner, placements, scores, then anything else."""
    lines = []
    shown = set()
    if "winner" in outcome:
        shown.add("winner")
        winner = outcome["winner"]
        lines.append(f"winner: {_player_name(seats, winner) if winner is not None else 'none (turn cap)'}")
    for key in ("placements", "finalScores", "scores", "victoryPoints", "vp"):
        value = outcome.get(key)
        if isinstance(value, list):
            shown.add(key)
            unit = _ordinal if key == "placements" else _vp
            cells = (f"{_player_name(seats, i)} {unit(v)}" for i, v in enumerate(value))
            lines.append(f"{key}: " + ", ".join(cells))
        elif isinstance(value, Mapping):
            shown.add(key)
            lines.append(f"{key}: " + ", ".join(f"{k} {v}" for k, v in value.items()))
    for key, value in outcome.items():
        if key not in shown:
            lines.append(f"{key}: {_json(value)}")
    return lines


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    """Lines for an engine's summary of a position, one field each."""
    return [f"{k}: {_json(v)}" for k, v in summary.items()]


def indented(lines: list[str]) -> list[str]:
    return [f"  {line}" for line in lines]


def result_lines(outcome: Mapping[str, Any] | None, summary: Mapping[str, Any] | None,
                 seats: list[dict[str, Any]], unfinished: str | None = None) -> list[str]:
    """Indented lines: the outcome when the game ended, else ``unfinished`` (if any) and the position."""
    if outcome is not None:
        return indented(outcome_lines(outcome, seats))
    return indented([unfinished] if unfinished else []) + indented(summary_lines(summary or {}))


# ---------------------------------------------------------------- validate


def validated(paths: Iterable[str]) -> tuple[list[Report], list[str]]:
    """``validate``'s report per file and its lines: each error, each warning, then
    ``FILE: valid (GAME, N moves)`` for a file without errors."""
    from toolkit import validation
    from toolkit.games import stationmaster

    units = {stationmaster.GAME_ID: "intents", MANIFEST: "replays listed"}
    reports, lines = [], []
    for path in paths:
        try:
            save = load(path)
        except SaveError as exc:
            report, count = validation.Report(path, None, [exc.problem]), 0
        else:
            report = validation.check(save)
            count = len(save.data["replays"]) if save.kind == MANIFEST and report.ok else len(save.moves)
        reports.append(report)
        lines += [p.line() for p in report.errors] + [_warning_line(p) for p in report.warnings]
        if report.ok:
            unit = units.get(report.game or "", "moves")
            note = f", {len(report.warnings)} warning(s)" if report.warnings else ""
            lines.append(f"{report.file}: valid ({report.game}, {count} {unit}{note})")
    return reports, lines


def _warning_line(problem: Problem) -> str:
    where = ": ".join(p for p in (problem.file, problem.pointer) if p)
    return f"{where}: warning: {problem.message} [{problem.code}]"


# ---------------------------------------------------------------- info


def save_facts(save: Save) -> dict[str, Any]:
    """``info``'s facts about a replaykit save before it is replayed."""
    return {
        "file": save.path,
        "game": save.data.get("game"),
        "rulesVersion": save.data.get("rulesVersion"),
        "seed": save.seed,
        "players": players(save),
        "moves": len(save.moves),
        "checkpoints": len(save.checkpoints),
        "meta": save.meta,
        "moveTypes": move_counts(save.game, save.moves),
        "outcome": None,
        "summary": None,
        "replay": None,
    }


def save_lines(save: Save, facts: Mapping[str, Any]) -> list[str]:
    """``info``'s lines for a replaykit save (see :func:`save_facts`)."""
    seats = facts["players"]
    lines = [
        f"file: {save.path}",
        f"game: {facts['game']}",
        f"rules: {facts['rulesVersion']}",
        f"seed: {_json(save.seed)}",
        f"players: {len(seats)}",
    ]
    for p in seats:
        extra = f", bot {p['bot']}" if "bot" in p else ""
        ident = f" [{p['id']}]" if "id" in p else ""
        lines.append(f"  seat {p['seat']}: {p.get('name', '')}{ident}{extra}")
    lines.append(f"moves: {len(save.moves)} ({len(save.checkpoints)} checkpoints)")
    lines += [f"{key}: {save.meta[key]}" for key in ("title", "note", "createdBy") if key in save.meta]
    lines.append("move types:")
    lines += [f"  {name:<28} {count}" for name, count in facts["moveTypes"].items()]
    if facts["outcome"] is not None:
        lines += ["outcome:", *indented(outcome_lines(facts["outcome"], seats))]
    elif facts["summary"] is not None:
        lines.append("outcome: unfinished; position after the last move:")
        lines += indented(summary_lines(facts["summary"]))
    return lines


def manifest_facts(save: Save, valid: bool) -> tuple[dict[str, Any], list[str]]:
    """``info`` on a replay manifest: the saves it lists."""
    entries = save.data["replays"] if valid else []
    lines = [f"{save.path}: a replay manifest listing {len(entries)} saves"]
    lines += [f"  {entry['file']}: {entry['title']}" for entry in entries]
    return {"file": save.path, "kind": MANIFEST, "replays": entries, "valid": valid}, lines


def stationmaster_facts(save: Save, valid: bool) -> tuple[dict[str, Any], list[str]]:
    """``info`` on a foreign stationmaster save: seed, rules, intents and the Day and Stage reached."""
    from toolkit.games import stationmaster

    info = {"file": save.path, **stationmaster.summarise(save.data), "valid": valid}
    reason = "no engine exists for stationmaster saves; they cannot be replayed"
    info["replay"] = {"ok": False, "error": reason}
    lines = [
        f"file: {info['file']}",
        "game: stationmaster (foreign save; no engine, not replayable)",
        f"seed: {info['seed']}",
    ]
    rules = info["rules"]
    if rules is None:
        lines.append("rules: absent (an older save; defaults apply: threeRandom hand, revenue 1/1/0)")
    else:
        lines.append(f"rules: {_json(rules)}")
    lines += [f"{key}: {info[key]}" for key in ("title", "note") if info.get(key) is not None]
    lines.append(f"intents: {info['intents']}")
    progress = info["progress"]
    lines.append(
        f"progress: Day {progress['day']}, Stage {progress['stage']} "
        f"({progress['localOpsChoices']} localOps.choose = {progress['stagesBegun']} Stages begun, "
        f"{progress['players']} player, 12 Stages per Day)"
    )
    lines.append("intent types:")
    lines += [f"  {name:<28} {count}" for name, count in info["intentTypes"].items()]
    return info, lines
