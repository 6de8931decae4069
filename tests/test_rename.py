"""``replaykit rename``: new player names, checkpoints recomputed, everything else kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.replay import final
from toolkit.saves import load

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
PIONEERS = REPLAYS / "pioneers-three-player-quick-win.json"
CODEX = REPLAYS / "codex-three-player-tobias-pulls-away.json"


def _rename(save: Path, *args: str) -> Any:
    return CliRunner().invoke(cli, ["rename", str(save), *args])


def _without_names_and_digests(data: dict[str, Any]) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    for player in data["config"]["players"]:
        player.pop("name", None)
    for point in data["checkpoints"]:
        point.pop("digest")
        point.pop("trail", None)
    return data


@pytest.fixture(scope="module")
def renamed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rename") / "anon.json"
    result = _rename(PIONEERS, "--player", "0=Anon", "--player", "2=Guest", "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_a_hand_edited_name_breaks_the_checkpoints(tmp_path):
    data = json.loads(PIONEERS.read_text(encoding="utf-8"))
    data["config"]["players"][0]["name"] = "Anon"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(edited)])
    assert result.exit_code == 1 and "[diverged]" in result.stderr


def test_a_renamed_save_replays_with_its_new_checkpoints(renamed):
    save = load(renamed)
    assert final(save).index == len(save.moves)


def test_a_renamed_save_has_the_new_names(renamed):
    names = [p["name"] for p in json.loads(renamed.read_text(encoding="utf-8"))["config"]["players"]]
    original = [p["name"] for p in json.loads(PIONEERS.read_text(encoding="utf-8"))["config"]["players"]]
    assert names == ["Anon", original[1], "Guest"]


def test_a_renamed_save_keeps_everything_but_names_and_digests(renamed):
    before = json.loads(PIONEERS.read_text(encoding="utf-8"))
    after = json.loads(renamed.read_text(encoding="utf-8"))
    assert _without_names_and_digests(after) == _without_names_and_digests(before)


def test_a_renamed_save_keeps_its_checkpoint_moves_and_trail_lengths(renamed):
    before = json.loads(PIONEERS.read_text(encoding="utf-8"))["checkpoints"]
    after = json.loads(renamed.read_text(encoding="utf-8"))["checkpoints"]
    assert [(p["move"], len(p["trail"])) for p in after] == [(p["move"], len(p["trail"])) for p in before]


def test_the_input_is_never_changed(renamed):
    assert json.loads(PIONEERS.read_text(encoding="utf-8"))["config"]["players"][0]["name"] != "Anon"


def test_a_codex_seat_is_named_by_its_player_id(tmp_path):
    result = _rename(CODEX, "--player", "p2=Anon", "-o", "-")
    assert result.exit_code == 0, result.stderr
    players = json.loads(result.stdout)["config"]["players"]
    assert [p["name"] for p in players if p["id"] == "p2"] == ["Anon"]


def test_an_unknown_seat_is_a_usage_error(tmp_path):
    result = _rename(PIONEERS, "--player", "7=Anon", "-o", str(tmp_path / "x.json"))
    assert result.exit_code == 2 and "no seat '7'" in result.stderr
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize("seat", ["\u00b2", "1" * 5000])
def test_a_seat_int_cannot_read_is_a_usage_error(tmp_path, seat):
    """--player "²=Anon" (a digit to str.isdigit, not to int) or a seat of 5,000 digits (past
    int()'s limit) names no seat: exit 2, one line, not a traceback."""
    result = _rename(PIONEERS, "--player", f"{seat}=Anon", "-o", str(tmp_path / "x.json"))
    assert result.exit_code == 2 and "no seat '" in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "x.json").exists()


def test_a_name_the_schema_refuses_is_a_usage_error(tmp_path):
    result = _rename(PIONEERS, "--player", "0=a\x1b[2Jb", "-o", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "control character" in result.stderr and "\x1b" not in result.stderr


def test_a_save_that_does_not_replay_is_not_renamed(tmp_path):
    data = json.loads(PIONEERS.read_text(encoding="utf-8"))
    data["config"]["players"][0]["name"] = "Edited"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    result = _rename(edited, "--player", "0=Anon", "-o", str(tmp_path / "x.json"))
    assert result.exit_code == 1 and "[diverged]" in result.stderr
