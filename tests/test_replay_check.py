"""`replaykit replay --check [--until EXPR]`: exit codes for `git bisect run` (design §7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.games.pioneers.bots import play_game


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    config, moves = play_game(9, ["greedy", "greedy", "random"])
    path = tmp_path_factory.mktemp("check") / "game.json"
    path.write_text(json.dumps({
        "format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1",
        "seed": 9, "config": config, "moves": moves,
    }), encoding="utf-8")
    return path


def _check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["replay", "--check", *args])
    return result.exit_code, result.output


def test_a_save_that_replays_exits_0(recorded: Path) -> None:
    """design §7: good revision → 0."""
    assert _check(str(recorded))[0] == 0


def test_a_condition_that_holds_exits_1(recorded: Path) -> None:
    """design §7: --until EXPR that becomes true marks the revision bad → 1."""
    code, out = _check("--until", "turn >= 2", str(recorded))
    assert code == 1
    assert "holds after move" in out


def test_an_illegal_move_exits_1(recorded: Path, tmp_path: Path) -> None:
    """design §7: a save that no longer replays → 1, naming the move."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    data["moves"][0]["action"]["road"] = 71
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    code, out = _check(str(broken))
    assert code == 1
    assert "move 1 of" in out


def test_an_untestable_save_exits_125(tmp_path: Path) -> None:
    """design §7: unknown format or game → 125 so `git bisect run` skips the revision."""
    path = tmp_path / "odd.json"
    odd = {"format": "replaykit/save@1", "game": "chess", "seed": 1, "moves": []}
    path.write_text(json.dumps(odd), encoding="utf-8")
    assert _check(str(path))[0] == 125
    assert _check(str(tmp_path / "missing.json"))[0] == 125


def test_a_usage_error_stops_git_bisect(recorded: Path) -> None:
    """design §7 and git-bisect(1): a malformed condition or a mistyped option is the caller's
    mistake, not a bad revision: 128, above 127, so `git bisect run` stops; the same code in
    the one JSON document. Without --check a usage error is 2, as everywhere."""
    assert _check("--until", "vp(0 >=", str(recorded))[0] == 128
    assert _check("--untill", "vp(0) >= 1", str(recorded))[0] == 128
    assert _check("--to", "3", str(recorded))[0] == 128
    result = CliRunner().invoke(cli, ["replay", "--check", "--untill", "x", str(recorded), "--json"])
    doc = json.loads(result.stdout)
    assert (result.exit_code, doc["exit"], doc["errors"][0]["code"]) == (128, 128, "usage")
    assert CliRunner().invoke(cli, ["replay", "--untill", "x", str(recorded)]).exit_code == 2


def test_until_without_check_is_a_usage_error(recorded: Path) -> None:
    """--until only makes sense with --check."""
    result = CliRunner().invoke(cli, ["replay", "--until", "turn > 1", str(recorded)])
    assert result.exit_code == 2


def test_a_condition_at_the_start_has_no_move_in_its_record(recorded: Path) -> None:
    """design §7: an error record's move counts from 1, or is null: a condition that holds (or
    cannot be read) at the start, before any move, names none."""
    for until in ("turn >= 0", "nosuch > 1"):
        result = CliRunner().invoke(cli, ["replay", "--check", "--until", until, str(recorded), "--json"])
        [error] = json.loads(result.stdout)["errors"]
        assert error["move"] is None, (until, error)
