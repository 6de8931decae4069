"""The save commands through the Click runner: validate, info, fmt, replay, record, board."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import replaykit_debug_support as support
from click.testing import CliRunner, Result

from toolkit import __version__
from toolkit.cli import cli
from toolkit.games.base import IllegalMove, get_game
from toolkit.replay import CHECKPOINT_EVERY

FIXTURES = Path(__file__).parent / "fixtures"
SM_EXAMPLE = FIXTURES / "station-master-seed116956197-day2.json"
BOTS = ["greedy", "random", "greedy", "random"]
NAMES = ["Ada", "Bo", "Cy", "Di"]


def run(*args: str) -> Result:
    """Invoke the CLI; whatever happens, bad input never ends in a traceback."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def copy_to(tmp_path: Path, source: Path, name: str | None = None) -> Path:
    target = tmp_path / (name or source.name)
    target.write_bytes(source.read_bytes())
    return target


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole pioneers game recorded by the bots (seed 11, four seats)."""
    path = tmp_path_factory.mktemp("rec") / "game.json"
    result = run(
        "record", "pioneers", "--seed", "11", "--players", "4", "--bots", ",".join(BOTS),
        "--names", ",".join(NAMES), "--title", "Seed eleven", "--note", "bots only", "-o", path,
    )
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def recorded_codex(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A whole codex game recorded by three greedy bots (seed 5) and record's --json report."""
    path = tmp_path_factory.mktemp("rec-codex") / "codex.json"
    result = run("record", "codex", "--seed", "5", "--players", "3", "--json", "-o", path)
    assert result.exit_code == 0, result.output
    return path, json.loads(result.stdout)


def replayed_outcome(data: dict[str, Any], upto: int | None = None) -> tuple[Any, list[str]]:
    """Apply the save's moves directly through the engine; the outcome and per-move digests."""
    game = get_game(data["game"])
    state = game.new_game(data["seed"], data["config"])
    digests = []
    for move in data["moves"][:upto]:
        game.apply(state, move)
        digests.append(game.digest(state))
    return game.outcome(state), digests


# ------------------------------------------------------------------ record


def test_record_writes_a_save_that_replays_to_the_bots_result(recorded: Path) -> None:
    """design §5: a recorded save holds the bots' moves and replays to the same outcome."""
    from toolkit.games.pioneers.bots import play_game

    data = json.loads(recorded.read_text(encoding="utf-8"))
    config, moves = play_game(11, BOTS, names=NAMES)
    assert data["format"] == "replaykit/save@1"
    assert data["game"] == "pioneers"
    assert data["rulesVersion"] == get_game("pioneers").rules_version
    assert data["seed"] == 11
    assert data["config"] == config
    assert data["moves"] == moves
    assert data["meta"] == {
        "title": "Seed eleven", "note": "bots only", "createdBy": f"replaykit {__version__}"
    }
    outcome, _ = replayed_outcome({**data, "moves": moves})
    assert outcome is not None
    result = run("replay", "--json", recorded)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["outcome"] == outcome


@pytest.mark.parametrize("which", ["pioneers", "codex"])
def test_record_checkpoints_every_50_moves_match_the_engine(
    which: str, recorded: Path, recorded_codex: tuple[Path, dict[str, Any]]
) -> None:
    """design §5: checkpoints carry the position digest every 50 moves and after the last move,
    each with the short digests of every move since the previous checkpoint (both engines)."""
    path = recorded if which == "pioneers" else recorded_codex[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == which
    _, digests = replayed_outcome(data)
    total = len(digests)
    assert total > 2 * CHECKPOINT_EVERY
    marks = [*range(CHECKPOINT_EVERY, total + 1, CHECKPOINT_EVERY)]
    if marks[-1] != total:
        marks.append(total)
    starts = [0, *marks[:-1]]
    want = [
        {"move": m, "digest": digests[m - 1], "trail": "".join(d[:8] for d in digests[s:m])}
        for s, m in zip(starts, marks, strict=True)
    ]
    assert data["checkpoints"] == want


def test_record_writes_canonical_form(recorded: Path) -> None:
    """design §5: record writes the canonical form, so fmt --check has nothing to say."""
    result = run("fmt", "--check", recorded)
    assert (result.exit_code, result.output) == (0, "")
    assert recorded.read_bytes().endswith(b"}\n")


def test_record_with_one_bot_for_every_seat_and_a_string_seed(tmp_path: Path) -> None:
    """design §5: the seed is any string or integer; one bot name serves every seat."""
    out = tmp_path / "three.json"
    result = run("record", "pioneers", "--seed", "abc", "--players", "3", "--bots", "greedy", "-o", out)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["seed"] == "abc"
    assert [p["bot"] for p in data["config"]["players"]] == ["greedy"] * 3
    assert "title" not in data["meta"]
    assert run("validate", out).exit_code == 0


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["--bots", "greedy,random"], "2 bots for 4 players"),
        (["--names", "A,B,C"], "3 names for 4 players"),
        (["--players", "9"], "pioneers is played by 3-4 players, not 9"),
    ],
)
def test_record_usage_errors_exit_2_and_write_nothing(tmp_path: Path, args: list[str], hint: str) -> None:
    """design §7: usage errors exit 2."""
    out = tmp_path / "x.json"
    result = run("record", "pioneers", "--seed", "1", *args, "-o", out)
    assert result.exit_code == 2
    assert hint in result.output
    assert not out.exists()


def test_record_requires_seed_and_output() -> None:
    """design §7: a missing required option is a usage error."""
    assert run("record", "pioneers", "-o", "x.json").exit_code == 2
    assert run("record", "pioneers", "--seed", "1").exit_code == 2
    assert run("record", "stationmaster", "--seed", "1", "-o", "x.json").exit_code == 2


def test_record_unknown_bot_is_a_usage_error_and_keeps_the_old_file(tmp_path: Path) -> None:
    """design §7: a bot the game lacks is refused before playing (exit 2); the old output stays."""
    out = tmp_path / "keep.json"
    out.write_bytes(b"previous")
    result = run("record", "pioneers", "--seed", "1", "--players", "3", "--bots", "psychic", "-o", out)
    assert result.exit_code == 2
    assert "no pioneers bot named 'psychic' (bots: greedy, random)" in result.stderr
    assert out.read_bytes() == b"previous"


def test_record_codex_replays_to_the_bots_result(recorded_codex: tuple[Path, dict[str, Any]]) -> None:
    """design §5: a recorded codex save holds the bots' wire actions and replays to the outcome
    record reported, which is the engine's own outcome for those moves."""
    from toolkit.games.codex.bots import play_game

    path, reported = recorded_codex
    data = json.loads(path.read_text(encoding="utf-8"))
    config, moves = play_game(5, ["greedy"] * 3)
    assert (data["game"], data["seed"], data["config"], data["moves"]) == ("codex", 5, config, moves)
    assert all(set(m) == {"playerId", "type", "payload"} for m in data["moves"])
    outcome, _ = replayed_outcome(data)
    assert outcome is not None and outcome["winner"] is not None
    assert reported["outcome"] == outcome
    assert reported["moves"] == len(moves)
    result = run("replay", "--json", path)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["outcome"] == outcome
    assert run("fmt", "--check", path).exit_code == 0


# ------------------------------------------------------------------ validate


def test_validate_valid_saves(tmp_path: Path, recorded: Path) -> None:
    """design §1: validate checks every file; all valid exits 0."""
    result = run("validate", recorded, SM_EXAMPLE, FIXTURES / "codex-small.json")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{recorded}: valid (pioneers, {len(json.loads(recorded.read_text())['moves'])} moves)",
        f"{SM_EXAMPLE}: valid (stationmaster, 68 intents)",
        f"{FIXTURES / 'codex-small.json'}: valid (codex, 7 moves)",
    ]


def test_a_checkpoint_past_the_last_move_is_refused_where_it_stands(
    tmp_path: Path, recorded: Path
) -> None:
    """design §5: a checkpoint records the position after a move of the save. One after a
    move the save does not hold means moves were lost: no replay reaches it, so replaying would
    pass it unread. validate names each such checkpoint, replay and check refuse the save as
    invalid, and trim writes a copy whose checkpoints fit."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:120]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    past = [i for i, point in enumerate(data["checkpoints"]) if point["move"] > 120]
    assert past
    result = CliRunner().invoke(cli, ["validate", str(cut)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{cut}: /checkpoints/{i}/move: a checkpoint after move {data['checkpoints'][i]['move']}, but the "
        "save holds 120 moves (trim --to 120 writes a copy whose checkpoints fit) [checkpoint_past_end]"
        for i in past
    ]
    for command in (["replay", str(cut)], ["check", str(cut)]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 1 and "[checkpoint_past_end]" in result.output, result.output
    fixed = tmp_path / "fixed.json"
    assert CliRunner().invoke(cli, ["trim", str(cut), "--to", "120", "-o", str(fixed)]).exit_code == 0
    assert CliRunner().invoke(cli, ["replay", str(fixed)]).exit_code == 0


def test_validate_reports_every_error_of_every_file(tmp_path: Path) -> None:
    """design §1/§7: every error with its JSON pointer, one line each; exit 1."""
    data = json.loads((FIXTURES / "pioneers-small.json").read_text(encoding="utf-8"))
    data["moves"][3] = {"seat": 2, "kind": "turn", "action": {"type": "build_road", "edge": "x"}}
    data["moves"][4]["seat"] = 9
    bad = write_json(tmp_path / "bad.json", data)
    sm = json.loads(SM_EXAMPLE.read_text(encoding="utf-8"))
    sm["history"][0]["type"] = "teleport"
    bad_sm = write_json(tmp_path / "sm.json", sm)
    result = run("validate", bad, SM_EXAMPLE, bad_sm)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{bad}: move 4: /moves/3/action/edge: 'x' is not of type 'integer' [wrong_type]",
        f"{bad}: move 5: /moves/4/seat: 9 is greater than the maximum of 3 [out_of_range]",
        f"{SM_EXAMPLE}: valid (stationmaster, 68 intents)",
        f"{bad_sm}: intent 1: /history/0/type: 'teleport' is not one of the 32 allowed values [bad_value]",
    ]


@pytest.mark.parametrize(
    ("content", "line"),
    [
        (b'{"format": ', "malformed JSON at line 1 column 12: Expecting value [bad_json]"),
        (b"[1, 2]", "a save is a JSON object, not an array [not_an_object]"),
        (b'"save"', "a save is a JSON object, not a string [not_an_object]"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b'{"format": "replaykit/save@1", "game": "go", "moves": []}',
         "/game: unknown game id 'go' (known: codex, pioneers) [unknown_game]"),
        (b'{"format": "replaykit/save@1", "moves": []}',
         "'game' is a required property (and this is not a Station Master save either) [missing_field]"),
        (b'{"format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1", "seed": 1,'
         b' "config": {"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}}',
         "'moves' is a required property [missing_field]"),
        (b'{"format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1", "seed": 1,'
         b' "config": {"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}, "moves": {}}',
         "/moves: {} is not of type 'array' [wrong_type]"),
    ],
    ids=[
        "malformed", "array", "string", "not-utf8", "unknown-game", "no-game", "missing-field", "wrong-type"
    ],
)
def test_validate_bad_input_is_one_clear_line(tmp_path: Path, content: bytes, line: str) -> None:
    """design §7: bad input gives one line naming the file and the reason, exit 1."""
    path = tmp_path / "in.json"
    path.write_bytes(content)
    result = run("validate", path)
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 1
    assert result.stdout.startswith(f"{path}: ")
    assert line in result.stdout


def test_validate_refuses_a_50_mb_file_by_size(tmp_path: Path) -> None:
    """design §7: a huge file is refused by its size before any parsing (a sparse file of NULs,
    which would be malformed JSON if it were parsed)."""
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    result = run("validate", path)
    assert result.exit_code == 1
    assert result.stdout == (
        f"{path}: file is 52428800 bytes; saves larger than 33554432 bytes are refused [too_large]\n"
    )


def test_validate_missing_file_and_directory(tmp_path: Path) -> None:
    """design §7: unreadable paths are one line each, exit 1."""
    result = run("validate", tmp_path / "nope.json", tmp_path)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{tmp_path / 'nope.json'}: no such file [not_found]",
        f"{tmp_path}: is a directory, not a save file [not_a_file]",
    ]


def test_validate_json_output(tmp_path: Path) -> None:
    """design §1: --json gives the error records {file, move, pointer, code, message}."""
    data = json.loads((FIXTURES / "pioneers-small.json").read_text(encoding="utf-8"))
    data["moves"][1]["action"]["road"] = -1
    bad = write_json(tmp_path / "bad.json", data)
    result = run("validate", "--json", bad, SM_EXAMPLE)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["valid"] is False
    assert [f["valid"] for f in report["files"]] == [False, True]
    assert report["files"][0]["errors"] == [
        {"file": str(bad), "move": 2, "pointer": "/moves/1/action/road", "code": "out_of_range",
         "message": "-1 is less than the minimum of 0"}
    ]


def test_validate_prints_stationmaster_warnings_and_passes() -> None:
    """stationmaster README: unknown optional fields are warnings; the save is still valid."""
    path = FIXTURES / "stationmaster-old-no-rules.json"
    result = run("validate", path)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{path}: /history/3/speed: warning: unknown field 'speed' accepted (the schema does not declare it)"
        " [unknown_field]",
        f"{path}: valid (stationmaster, 9 intents, 1 warning(s))",
    ]


def test_validate_needs_a_file() -> None:
    """design §7: usage errors exit 2."""
    assert run("validate").exit_code == 2
    assert run("validate", "--bogus", "x").exit_code == 2


# ------------------------------------------------------------------ info


def test_info_on_the_stationmaster_example() -> None:
    """stationmaster README: 68 intents, Day 2, Stage 1; counts per type; no replay."""
    result = run("info", SM_EXAMPLE)
    assert result.exit_code == 0
    out = result.stdout
    assert "seed: 116956197" in out
    assert "intents: 68" in out
    assert "progress: Day 2, Stage 1 (13 localOps.choose = 13 Stages begun" in out
    assert re.search(r"^  localOps\.choose +13$", out, re.M)
    assert re.search(r"^  card\.discard +3$", out, re.M)
    assert '"startingHand": "sixRandom"' in out
    assert "not replayable" in out


def test_info_json_on_the_stationmaster_example() -> None:
    """stationmaster README: the inferred progress is part of info's JSON."""
    result = run("info", "--json", SM_EXAMPLE)
    info = json.loads(result.stdout)
    assert info["game"] == "stationmaster"
    assert info["intents"] == 68
    assert info["progress"]["day"] == 2 and info["progress"]["stage"] == 1
    assert info["intentTypes"]["card.play"] == 12
    assert info["replay"]["ok"] is False


def test_info_stationmaster_without_rules(tmp_path: Path) -> None:
    """stationmaster README §Shape: older saves lack `rules`; info says so."""
    data = json.loads(SM_EXAMPLE.read_text(encoding="utf-8"))
    del data["rules"]
    path = write_json(tmp_path / "old.json", data)
    result = run("info", path)
    assert result.exit_code == 0
    assert "rules: absent" in result.stdout


def test_info_on_a_recorded_game(recorded: Path) -> None:
    """design §1: info shows game, rules, seed, players, moves, counts per type and the outcome."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    result = run("info", recorded)
    assert result.exit_code == 0
    out = result.stdout
    assert "game: pioneers\n" in out
    assert f"rules: {data['rulesVersion']}\n" in out
    assert "seed: 11\n" in out
    assert "  seat 0: Ada, bot greedy\n" in out
    assert f"moves: {len(data['moves'])} ({len(data['checkpoints'])} checkpoints)\n" in out
    assert "title: Seed eleven\n" in out
    setups = re.search(r"^  setup +(\d+)$", out, re.M)
    assert setups is not None and setups.group(1) == "8"
    assert "outcome:\n  winner: " in out
    info = json.loads(run("info", "--json", recorded).stdout)
    assert sum(info["moveTypes"].values()) == len(data["moves"])
    assert info["outcome"] == replayed_outcome(data)[0]
    assert info["replay"] == {"ok": True, "error": None}


def illegal_copy(recorded: Path, tmp_path: Path) -> tuple[Path, int, int]:
    """A copy of the recorded game whose first road build goes to an unconnected edge."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    game = get_game("pioneers")
    index = next(
        i for i, m in enumerate(data["moves"])
        if m["kind"] == "turn" and m.get("action", {}).get("type") == "build_road"
    )
    seat = data["moves"][index]["seat"]
    state = game.new_game(data["seed"], data["config"])
    for move in data["moves"][:index]:
        game.apply(state, move)
    for edge in range(72):
        move = {"seat": seat, "kind": "turn", "action": {"type": "build_road", "edge": edge}}
        try:
            game.apply(state, move)
        except IllegalMove as exc:
            if exc.code == "not_connected":
                break
            continue
        state = game.new_game(data["seed"], data["config"])
        for earlier in data["moves"][:index]:
            game.apply(state, earlier)
    else:
        pytest.fail("no unconnected edge found")
    data["moves"][index] = move
    data["checkpoints"] = []
    return write_json(tmp_path / "illegal.json", data), index + 1, seat


def test_info_names_the_replay_error_and_exits_1(recorded: Path, tmp_path: Path) -> None:
    """design §1: info prints what it knows and the replay error when the save does not replay."""
    path, number, seat = illegal_copy(recorded, tmp_path)
    result = run("info", path)
    assert result.exit_code == 1
    assert "game: pioneers" in result.stdout
    assert f"move {number} of " in result.stderr
    assert result.stderr.rstrip().endswith("[not_connected]")


def test_info_on_a_schema_invalid_save_lists_its_errors(tmp_path: Path) -> None:
    """design §7: an invalid save is reported, not replayed; exit 1."""
    data = json.loads((FIXTURES / "pioneers-small.json").read_text(encoding="utf-8"))
    data["moves"][0]["kind"] = "dance"
    path = write_json(tmp_path / "bad.json", data)
    result = run("info", path)
    assert result.exit_code == 1
    assert "moves: 11" in result.stdout
    assert f"{path}: move 1: /moves/0/kind: " in result.stderr


def test_info_bad_input_is_one_line(tmp_path: Path) -> None:
    """design §7: unreadable input is one line, exit 1."""
    path = tmp_path / "x.json"
    path.write_text("{", encoding="utf-8")
    result = run("info", path)
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "[bad_json]" in result.stderr


# ------------------------------------------------------------------ replay


def test_replay_prints_the_outcome(recorded: Path) -> None:
    """design §1: replay prints the outcome (winner, placements, VP)."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    outcome, _ = replayed_outcome(data)
    result = run("replay", recorded)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"{recorded}: {len(data['moves'])} moves replayed; the game is over"
    assert lines[1] == f"  winner: seat {outcome['winner']} ({NAMES[outcome['winner']]})"
    assert lines[2].startswith("  placements: seat 0 (Ada) ")
    assert " VP" in lines[3]


def test_replay_to_n_prints_the_position_summary(recorded: Path) -> None:
    """design §1: --to N shows the position after N moves."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    game = get_game("pioneers")
    state = game.new_game(data["seed"], data["config"])
    for move in data["moves"][:30]:
        game.apply(state, move)
    result = run("replay", "--to", "30", recorded)
    assert result.exit_code == 0
    label = game.label(data["moves"][29])
    assert result.stdout.splitlines()[0] == f"{recorded}: after move 30 of {len(data['moves'])} ({label})"
    as_json = json.loads(run("replay", "--to", "30", "--json", recorded).stdout)
    assert as_json["at"] == 30
    assert as_json["summary"] == json.loads(json.dumps(game.summary(state)))
    assert as_json["outcome"] is None
    start = run("replay", "--to", "0", recorded)
    assert start.exit_code == 0 and "after move 0 of" in start.stdout


@pytest.mark.parametrize("command", ["replay", "frames"])
def test_to_beyond_the_end_is_a_usage_error(recorded: Path, tmp_path: Path, command: str) -> None:
    """design §7: an option the file cannot satisfy is a usage error (exit 2), for a replay and
    its frames alike (frames never stop short of what was asked in silence); nothing is written."""
    out = ["-o", str(tmp_path / "frames")] if command == "frames" else []
    result = run(command, "--to", "100000", recorded, *out)
    assert result.exit_code == 2
    assert "is beyond the last move" in result.output
    assert run(command, "--to", "-1", recorded, *out).exit_code == 2
    assert not (tmp_path / "frames").exists()


def test_replay_to_beyond_the_end_escapes_a_hostile_file_name(recorded: Path, tmp_path: Path) -> None:
    """A newline or an escape in the save's file name is shown escaped in the usage error:
    it can neither split the line nor reach the terminal."""
    hostile = copy_to(tmp_path, recorded, "a\nforged: line\x1b[31m.json")
    result = run("replay", "--to", "100000", str(hostile))
    assert result.exit_code == 2 and "\x1b" not in result.output
    error = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(error) == 1 and "a\\nforged: line\\x1b[31m.json" in error[0]
    assert not any(line.startswith("forged") for line in result.stderr.splitlines())


def test_replay_names_the_illegal_move(recorded: Path, tmp_path: Path) -> None:
    """design §5: the illegal move is named: `file: move N of M (turn build_road, seat S): ... [code]`."""
    path, number, seat = illegal_copy(recorded, tmp_path)
    before = path.read_bytes()
    moves = json.loads(before)["moves"]
    edge = moves[number - 1]["action"]["edge"]
    result = run("replay", path)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"{path}: move {number} of {len(moves)} (turn build_road, seat {seat}): "
        f"edge {edge} does not join seat {seat}'s roads or towns [not_connected]\n"
    )
    assert path.read_bytes() == before


def test_replay_names_the_illegal_codex_move(
    recorded_codex: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    """design §5: a codex move the engine refuses is named by number, wire type and player id."""
    data = json.loads(recorded_codex[0].read_text(encoding="utf-8"))
    index = next(i for i, m in enumerate(data["moves"]) if m["type"] == "buildRoad")
    player = data["moves"][index]["playerId"]
    data["moves"][index]["payload"]["edgeId"] = "no-such-edge"
    data["checkpoints"] = []
    path = write_json(tmp_path / "codex-illegal.json", data)
    before = path.read_bytes()
    result = run("replay", path)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"{path}: move {index + 1} of {len(data['moves'])} (buildRoad, {player}): "
        "no edge 'no-such-edge' on this board [unknown_edge]\n"
    )
    assert path.read_bytes() == before


def test_replay_reports_the_first_move_whose_position_differs(recorded: Path, tmp_path: Path) -> None:
    """design §5: a save recorded by an engine whose positions part from ours after move 123
    is named at move 123, the recorded and the present digests side by side; without trails,
    the span between the checkpoints is named."""
    data = support.recorded_elsewhere(json.loads(recorded.read_text(encoding="utf-8")), 123)
    path = write_json(tmp_path / "diverged.json", data)
    result = run("replay", path)
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith(f"{path}: move 123 of {len(data['moves'])} (")
    assert "the position after this move differs from the recorded game (recorded 00000000, " in line
    assert line.endswith("[diverged]")
    for point in data["checkpoints"]:
        del point["trail"]
    result = run("replay", write_json(tmp_path / "bare.json", data))
    line = result.stderr.strip()
    assert "move 150 of" in line and "recorded 000000000000" in line
    assert "the record skips the moves since it last matched, after move 100, so the first differing " \
        "move is among moves 101-150" in line


def test_replay_of_a_stationmaster_save_says_there_is_no_engine() -> None:
    """design §1: stationmaster saves cannot be replayed; say so plainly."""
    result = run("replay", SM_EXAMPLE)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{SM_EXAMPLE}: stationmaster saves cannot be replayed: no engine exists")
    assert result.stderr.rstrip().endswith("[no_engine]")


def test_replay_of_a_schema_invalid_save(tmp_path: Path) -> None:
    """design §7: a save that breaks its schema is reported by pointer and not replayed."""
    data = json.loads((FIXTURES / "pioneers-small.json").read_text(encoding="utf-8"))
    data["moves"][0]["action"]["settlement"] = "twelve"
    path = write_json(tmp_path / "bad.json", data)
    result = run("replay", path)
    assert result.exit_code == 1
    want = "move 1: /moves/0/action/settlement: 'twelve' is not of type 'integer' [wrong_type]"
    assert result.stderr == f"{path}: {want}\n"


def test_replay_bad_input_is_one_line(tmp_path: Path) -> None:
    """design §7: bad input gives one line, exit 1; a missing argument exits 2."""
    path = tmp_path / "x.json"
    path.write_text("[]", encoding="utf-8")
    result = run("replay", path)
    assert result.exit_code == 1
    assert result.stderr == f"{path}: a save is a JSON object, not an array [not_an_object]\n"
    assert run("replay").exit_code == 2


# ------------------------------------------------------------------ fmt


def test_fmt_rewrites_in_canonical_form(tmp_path: Path) -> None:
    """design §5: UTF-8, keys in schema order, unknown keys after in their order, 1-space indent, newline."""
    data = json.loads((FIXTURES / "pioneers-small.json").read_text(encoding="utf-8"))
    data["meta"] = {"zeta": 1, "createdBy": "hand", "alpha": 2, "title": "T"}
    scrambled = {k: data[k] for k in reversed(list(data))}
    scrambled["moves"] = [{k: m[k] for k in reversed(list(m))} for m in data["moves"]]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scrambled, indent=4), encoding="utf-8")
    result = run("fmt", path)
    assert (result.exit_code, result.stdout) == (0, f"{path}: reformatted\n")
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert "Björn" in text
    out = json.loads(text)
    assert out == data
    assert list(out) == ["format", "game", "rulesVersion", "seed", "config", "moves", "checkpoints", "meta"]
    assert list(out["meta"]) == ["title", "createdBy", "zeta", "alpha"]
    assert [list(m) for m in out["moves"][:3]] == [
        ["seat", "kind", "action"], ["seat", "kind", "action"], ["seat", "kind", "strike"]
    ]
    assert list(out["moves"][3]["action"]) == ["type", "give", "get", "to", "talk"]
    assert text.startswith('{\n "format": "replaykit/save@1",\n "game": "pioneers",\n')
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
    again = run("fmt", path)
    assert (again.exit_code, again.stdout) == (0, "")
    assert path.read_text(encoding="utf-8") == text


def test_fmt_check_lists_files_that_differ_and_writes_nothing(tmp_path: Path) -> None:
    """design §5: --check reports files that differ, exit 1, without rewriting them."""
    canonical = copy_to(tmp_path, FIXTURES / "pioneers-small.json")
    loose = tmp_path / "loose.json"
    loose.write_text(json.dumps(json.loads(canonical.read_text(encoding="utf-8"))), encoding="utf-8")
    before = loose.read_bytes()
    result = run("fmt", "--check", canonical, loose)
    assert result.exit_code == 1
    assert result.stdout == f"{loose}: not in canonical form\n"
    assert result.stderr == ""  # the line is said once
    assert loose.read_bytes() == before
    assert run("fmt", "--check", canonical).exit_code == 0
    doc = json.loads(run("fmt", "--check", canonical, loose, "--json").stdout)
    assert doc["differ"] == [str(loose)]
    assert doc["errors"] == [{"file": str(loose), "move": None, "pointer": "", "code": "not_canonical",
                              "message": "not in canonical form"}]


def test_fmt_keeps_the_stationmaster_writers_own_order() -> None:
    """stationmaster README: files come with a one-space indent and trailing newline; the schema
    declares fields in the order Station Master writes them, so its saves are already canonical."""
    result = run("fmt", "--check", SM_EXAMPLE)
    assert (result.exit_code, result.output) == (0, "")


def test_fmt_puts_unknown_intent_fields_after_known_ones(tmp_path: Path) -> None:
    """design §5: unknown keys follow the declared ones, in their original order."""
    data = {"history": [{"speed": 2, "cardId": "c1", "type": "card.play", "node": 4, "extra": 1}], "seed": 3}
    path = write_json(tmp_path / "sm.json", data)
    assert run("fmt", path).exit_code == 0
    out = json.loads(path.read_text(encoding="utf-8"))
    assert list(out) == ["seed", "history"]
    assert list(out["history"][0]) == ["type", "cardId", "node", "speed", "extra"]


def test_fmt_bad_input_is_one_line_and_untouched(tmp_path: Path) -> None:
    """design §7: an unreadable save is reported and left alone."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{nope")
    unknown = write_json(tmp_path / "unknown.json", {"format": "replaykit/save@1", "game": "go"})
    result = run("fmt", bad, unknown)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{bad}: malformed JSON at line 1 column 2: "
        "Expecting property name enclosed in double quotes [bad_json]",
        f"{unknown}: /game: unknown game id 'go' (known: codex, pioneers) [unknown_game]",
    ]
    assert bad.read_bytes() == b"{nope"


# ------------------------------------------------------------------ board

SPEC_PORTS = {(0, 3), (11, 16), (33, 38), (47, 51), (49, 52), (42, 46), (26, 32), (10, 15), (1, 5)}


def test_board_pioneers_json_matches_the_spec_numbering() -> None:
    """pioneers.md §Numbering and §Ports: 19 hexes, 54 vertices, 72 edges, 30 coastal edges, 9 ports."""
    result = run("board", "pioneers", "--json")
    assert result.exit_code == 0
    board = json.loads(result.stdout)
    assert (len(board["hexes"]), len(board["vertices"]), len(board["edges"])) == (19, 54, 72)
    assert board["hexes"][0]["vertices"] == [0, 4, 8, 12, 7, 3]
    assert board["hexes"][18]["vertices"] == [41, 46, 50, 53, 49, 45]
    assert board["edges"][0]["vertices"] == [0, 3] and board["edges"][1]["vertices"] == [0, 4]
    assert len(board["coastalEdges"]) == 30
    assert sum(e["coastal"] for e in board["edges"]) == 30
    assert {tuple(sorted(p["vertices"])) for p in board["ports"]} == SPEC_PORTS
    assert [p["ratio"] for p in board["ports"]].count(2) == 5


def test_board_text_summary_and_usage() -> None:
    """design §7: without --json a one-line summary; --grand is codex-only (usage error)."""
    result = run("board", "pioneers")
    assert result.exit_code == 0
    assert result.stdout.startswith("pioneers standard board: 19 hexes, 54 vertices, 72 edges")
    assert run("board", "pioneers", "--grand").exit_code == 2
    assert run("board", "chess").exit_code == 2


def test_board_codex_standard_and_grand() -> None:
    """codex-digest §6: the standard board has 19 hexes, the grand one 37; ids are wire strings."""
    standard = json.loads(run("board", "codex", "--json").stdout)
    grand = json.loads(run("board", "codex", "--grand", "--json").stdout)
    assert (standard["board"], len(standard["hexes"]), len(standard["intersections"])) == ("standard", 19, 54)
    assert (grand["board"], len(grand["hexes"])) == ("grand", 37)
    assert "0,0" in {h["id"] for h in standard["hexes"]}
    assert all("|" in i["id"] for i in standard["intersections"])


# ------------------------------------------------------------------ inputs stay untouched


@pytest.mark.parametrize(
    "args",
    [["validate"], ["validate", "--json"], ["info"], ["info", "--json"], ["replay"], ["replay", "--to", "5"],
     ["fmt", "--check"]],
)
def test_no_command_modifies_its_input(recorded: Path, tmp_path: Path, args: list[str]) -> None:
    """design §5: the input file is never touched (bytes and mtime unchanged)."""
    for source in (recorded, SM_EXAMPLE):
        path = copy_to(tmp_path, source)
        os.utime(path, (1_000_000, 1_000_000))
        before = path.read_bytes()
        run(*args, path)
        assert path.read_bytes() == before
        assert path.stat().st_mtime == 1_000_000
