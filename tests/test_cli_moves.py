"""``replaykit moves``: our legal moves for a captured codex state, compared with the real
engine's candidates (issue 11 item 11; design §1, §7), and at any position of a save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from toolkit.cli import cli
from toolkit.games.codex import GAME, views

CAPTURE = Path(__file__).parent / "codex" / "data" / "play-request-full.json"
REPLAYS = Path(__file__).parent.parent / "replays"
RECORD_KEYS = {"file", "move", "pointer", "code", "message"}


def run(*args: Any) -> Result:
    """Invoke the CLI; whatever happens, nothing ends in a traceback."""
    result = CliRunner().invoke(cli, ["moves", *(str(a) for a in args)])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def report(*args: Any) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def capture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(CAPTURE.read_text())
    return data


def test_capture_candidates_are_accepted_but_the_galleon_skip() -> None:
    """rules §14 / ruling: of the real engine's 16 candidates for p-red we accept 15; the
    Galleon played with ``skip`` is refused, since a Galleon always has a legal effect."""
    comparison = report("--state", CAPTURE)["comparison"]
    assert (comparison["candidates"], comparison["accepted"], comparison["refused"]) == (16, 15, 1)
    (refused,) = [v for v in comparison["verdicts"] if not v["accepted"]]
    assert refused["id"] == "action-16" and refused["code"] == "skip_not_allowed"
    assert refused["move"] == {"playerId": "p-red", "type": "playProgressCard",
                               "payload": {"instanceId": "trd_tradeMerchantFleet_1", "skip": True}}


def test_capture_lists_our_moves_and_the_ones_the_real_engine_did_not() -> None:
    """design §4: the listed moves are our engine's for the requesting player; "ours only"
    holds exactly those no real candidate matches (type and payload)."""
    out = report("--state", CAPTURE)
    state = views.from_wire(capture()["state"])
    assert out["playerId"] == "p-red" and out["toMove"] is True
    assert out["moves"] == GAME.legal_moves(state, 0)
    real = [v["move"] for v in out["comparison"]["verdicts"]]
    assert out["comparison"]["oursOnly"] == [m for m in out["moves"] if m not in real]
    assert out["comparison"]["oursOnly"]


def test_text_report_names_the_refused_candidate() -> None:
    """design §7: without --json the report is lines: our moves, the tally, each refusal."""
    result = run("--state", CAPTURE)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{CAPTURE}: p-red (to move): ")
    assert "real engine's candidates: 16, we accept 15, refuse 1" in lines
    assert any(line.startswith("  refused action-16: playProgressCard") and "[skip_not_allowed]" in line
               for line in lines)


def test_another_seat_is_listed_without_a_comparison() -> None:
    """The real candidates belong to the requesting player; --seat p-blue lists p-blue's moves
    (none: it is not p-blue's turn) and compares nothing."""
    out = report("--state", CAPTURE, "--seat", "p-blue")
    assert (out["playerId"], out["toMove"], out["moves"]) == ("p-blue", False, [])
    assert "comparison" not in out


def test_bare_state_is_listed(tmp_path: Path) -> None:
    """A file holding only the wire state lists the moves of the seat to move."""
    bare = tmp_path / "state.json"
    bare.write_text(json.dumps(capture()["state"]))
    out = report("--state", bare)
    assert out["playerId"] == "p-red" and out["moves"] and "comparison" not in out


def blocked_state(tmp_path: Path) -> Path:
    """The capture after p-red ends the turn, under a game id whose next roll would draw from
    a deck the view does not order."""
    for n in range(500):
        wire = dict(capture()["state"], id=f"capture-{n}")
        state = views.from_wire(wire)
        GAME.apply(state, {"playerId": "p-red", "type": "endTurn", "payload": {}})
        if not GAME.legal_moves(state, 1):
            path = tmp_path / "blocked.json"
            path.write_text(json.dumps(views.view(state, 1)))
            return path
    raise AssertionError("no such game id")


def test_a_seat_with_no_move_is_told_why(tmp_path: Path) -> None:
    """ruling "rolling in a loaded position": when the roll needs the hidden deck order the
    report says so with its code instead of an empty list alone."""
    out = report("--state", blocked_state(tmp_path))
    assert out["moves"] == [] and out["toMove"] is True
    assert out["blocked"]["code"] == "hidden_deck"
    assert run("--state", blocked_state(tmp_path)).stdout.rstrip().endswith("[hidden_deck]")


def test_bad_files_get_one_line_and_exit_1(tmp_path: Path) -> None:
    """design §7: a file that is not JSON, or JSON that is no codex state, is one line naming
    the file, exit 1."""
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "replaykit/save@1"}))
    for path in (text, other, tmp_path / "missing.json"):
        result = run("--state", path)
        assert result.exit_code == 1
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1 and result.stderr.startswith(str(path))


def test_bad_files_with_json_are_one_error_document(tmp_path: Path) -> None:
    """design §7: with --json, an error is exactly one JSON document on stdout with the error
    record, and the same exit code."""
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"state": {"board": {"hexes": {}}, "players": {}}}))
    result = run("--state", broken, "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and [set(e) for e in doc["errors"]] == [RECORD_KEYS]
    assert doc["errors"][0]["file"] == str(broken)


def test_usage_errors_exit_2_and_are_json_under_json() -> None:
    """design §7: a missing --state or an unknown seat is a usage error (exit 2); with --json
    it is one JSON document too."""
    assert run().exit_code == 2
    for args in (["--json"], ["--state", CAPTURE, "--seat", "p-green", "--json"]):
        result = run(*args)
        assert result.exit_code == 2
        doc = json.loads(result.stdout)
        assert doc["ok"] is False and [set(e) for e in doc["errors"]] == [RECORD_KEYS]


def test_a_seat_int_cannot_read_is_a_usage_error() -> None:
    """--seat "²" (a digit to str.isdigit, not to int) or a seat of 5,000 digits (past int()'s
    limit) is no seat: exit 2, one line, never a traceback."""
    for seat in ("\u00b2", "1" * 5000):
        result = run("--state", CAPTURE, "--seat", seat)
        assert result.exit_code == 2
        assert result.stderr.count("\n") == 1 and "[unknown_seat]" in result.stderr


def test_a_candidate_refused_before_its_handler_is_judged_without_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Candidates refused by the checks every move passes first (an unknown action, a malformed
    one) are judged on the loaded state itself, which those checks never change; the others,
    refused by their handler (a decision nobody asked for) or applied, are tried on a copy."""
    from toolkit.games.codex.state import State

    data = capture()
    real = data["validActions"]
    junk = [{"id": f"junk-{k}", "type": kind, "x": k}
            for k, kind in enumerate(["noSuchAction", 7, "chooseStealTarget"] * 50)]
    data["validActions"] = real + junk
    path = tmp_path / "junk.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    copies = []
    copy_state = State.copy
    monkeypatch.setattr(State, "copy", lambda state: copies.append(1) or copy_state(state))
    comparison = report("--state", path)["comparison"]
    assert (comparison["candidates"], comparison["refused"]) == (len(real) + 150, 1 + 150)
    codes = {verdict["code"] for verdict in comparison["verdicts"][len(real):]}
    assert codes == {"unknown_action", "bad_move", "wrong_decision"}
    assert len(copies) == len(real) + 50


def test_a_candidate_offered_many_times_is_tried_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A capture repeating its candidates (2,000 times each) is judged per distinct candidate:
    each copy keeps its own id and the verdict of its first, and the state is copied and
    tried once per distinct candidate, not once per copy."""
    from toolkit.games.codex import candidates

    data = capture()
    real = data["validActions"]
    data["validActions"] = [dict(action, id=f"{action['id']}-{k}") for k in range(2000) for action in real]
    path = tmp_path / "repeated.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    tried = []
    judge = candidates.judge
    monkeypatch.setattr(candidates, "judge", lambda state, move: tried.append(move) or judge(state, move))
    comparison = report("--state", path)["comparison"]
    assert (comparison["candidates"], comparison["accepted"], comparison["refused"]) == (32000, 30000, 2000)
    assert len(tried) == len(real)
    assert comparison["verdicts"][-1]["id"] == "action-16-1999"


def _bug_report(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A published pioneers game whose move 155 is made illegal, as a bug report's save."""
    data = json.loads((REPLAYS / "pioneers-two-against-two.json").read_text(encoding="utf-8"))
    data["moves"][154] = {"seat": 3, "kind": "turn", "action": {"type": "build_road", "edge": 71}}
    path = tmp_path / "bug.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data


def test_a_save_opens_at_the_move_it_stops_at(tmp_path: Path) -> None:
    """design §1 (developers open a save from a bug report): by default the position is the
    last that replays; the seat to move, its hand and every legal move are listed, and the
    refused move is tried there, with the engine's code and reason."""
    from toolkit.debug.prefixes import Prefixes
    from toolkit.games.pioneers import GAME as PIONEERS
    from toolkit.saves import load

    path, data = _bug_report(tmp_path)
    doc = report(path)
    assert (doc["at"], doc["moves"]) == (154, len(data["moves"]))
    assert doc["replayStops"].startswith("move 155 is refused: edge 71 does not join seat 3's roads")
    state = Prefixes(load(path), PIONEERS).position(154).state
    [seat] = doc["toMove"]
    assert seat["seat"] == 3 and seat["toMove"] is True
    assert [m["move"] for m in seat["legalMoves"]] == PIONEERS.legal_moves(state, 3)
    assert seat["hand"] == dict(zip(["brick", "lumber", "wool", "grain", "ore"], state.hands[3], strict=True))
    tried = doc["nextMove"]
    assert (tried["accepted"], tried["code"], tried["listed"]) == (False, "not_connected", False)
    text = run(path).stdout.splitlines()
    assert text[0] == (f"{path}: the position after move 154 of {len(data['moves'])} (move 155 is refused: "
                       "edge 71 does not join seat 3's roads or towns [not_connected])")
    assert "  move 155 (turn build_road, seat 3): seat 3 builds a road on edge 71: refused: " in text[2]


def test_a_save_at_a_chosen_move_tries_its_next_move(tmp_path: Path) -> None:
    """--at N opens the position after move N of a codex save: the next move is accepted and
    among the legal moves listed; --seat picks a seat that is not to move."""
    path = REPLAYS / "codex-four-player-joaquim-wins.json"
    doc = report(path, "--at", 300)
    assert doc["at"] == 300 and doc["replayStops"] is None
    assert (doc["nextMove"]["accepted"], doc["nextMove"]["listed"]) == (True, True)
    other = report(path, "--at", 300, "--seat", 2)
    assert [(s["seat"], s["toMove"]) for s in other["toMove"]] == [(2, False)]


def test_a_save_position_out_of_reach_is_one_line(tmp_path: Path) -> None:
    """design §7: --at past the end or a seat that does not exist is a usage error (exit 2);
    --at past the move a save stops at is exit 1 naming that move; --at with --state and a
    SAVE with --state are usage errors."""
    path, _ = _bug_report(tmp_path)
    for args, code, said in (
        (["--at", 999], 2, "--at 999 is beyond the end: the save has 322 moves [beyond_end]"),
        (["--at", 200], 1, "move 155: refused, so the save replays only to move 154: edge 71 does not join"),
        (["--seat", 9], 2, "there is no seat 9 (seats 0..3) [bad_seat]"),
        (["--seat", "1" * 5000], 2, "is not a seat number"),
    ):
        result = run(path, *args)
        assert result.exit_code == code and said in result.output, (args, result.output)
    assert run("--state", CAPTURE, "--at", 3).exit_code == 2
    assert run(path, "--state", CAPTURE).exit_code == 2


def test_a_save_position_says_the_start_the_end_and_a_record_that_differs(tmp_path: Path) -> None:
    """design §5: --at 0 is the start; at the end of a finished game no seat is to move and the
    report says the game is over; a seat with no legal move says so; where the save's recorded
    digests part from this engine's before the position, the report names that move as
    replay would (the position shown is this engine's)."""
    import replaykit_debug_support as support

    game = REPLAYS / "pioneers-two-against-two.json"
    assert run(game, "--at", 0).stdout.startswith(f"{game}: the position at the start (of 322 moves)\n")
    end = report(game)
    assert (end["at"], end["over"], end["toMove"], end["nextMove"]) == (322, True, [], None)
    assert run(game).stdout.rstrip().endswith("no seat is to move: the game is over")
    assert "(not to move), holding" in run(game, "--at", 10, "--seat", 1).stdout
    assert run(game, "--at", 10, "--seat", 1).stdout.rstrip().endswith("    (none)")
    data = support.recorded_elsewhere(json.loads(game.read_text(encoding="utf-8")), 123)
    path = tmp_path / "elsewhere.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    doc = report(path, "--at", 130)
    assert doc["at"] == 130 and doc["recordDiffers"].startswith("move 123 of 322 (")
    assert doc["recordDiffers"].endswith("[diverged]")
    assert report(path, "--at", 100)["recordDiffers"] is None
