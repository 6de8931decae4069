"""`replaykit diff` (toolkit/debug/diff.py): common prefix, first differing moves and positions."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import replaykit_debug_support as support
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.debug.diff import describe_intent

FIXTURES = Path(__file__).parent / "fixtures"
STATIONMASTER = FIXTURES / "station-master-seed116956197-day2.json"








def run_diff(a: Path, b: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, ["diff", str(a), str(b), "--json", *extra])
    return result.exit_code, json.loads(result.stdout)


def alternating(n: int) -> list[dict[str, Any]]:
    return [{"seat": i % 2, "add": 1 + i % 2} for i in range(n)]


def test_identical_saves_exit_0(toy: Any, tmp_path: Path) -> None:
    """Same game, rules, seed, config and moves: identical, every position equal."""
    a = support.write(tmp_path / "a.json", toy.save(alternating(6)))
    b = support.write(tmp_path / "b.json", toy.save(alternating(6)))
    code, out = run_diff(a, b)
    assert code == 0 and out["identical"] is True
    assert out["commonPrefix"] == 6 and out["firstDifferent"] is None
    assert out["positions"]["firstDifferent"] is None and out["positions"]["sameThrough"] == 6


def test_first_differing_move_and_position(toy: Any, tmp_path: Path) -> None:
    """Move 5 differs: common prefix 4, both moves in words, positions first differ after move 5."""
    moves = alternating(8)
    other = copy.deepcopy(moves)
    other[4] = {"seat": 0, "add": 3}
    a = support.write(tmp_path / "a.json", toy.save(moves))
    b = support.write(tmp_path / "b.json", toy.save(other))
    code, out = run_diff(a, b)
    assert code == 1 and out["commonPrefix"] == 4 and out["firstDifferent"] == 5
    assert out["a"]["firstDifferent"] == "move 5: seat 0 adds 1"
    assert out["b"]["firstDifferent"] == "move 5: seat 0 adds 3"
    assert out["positions"]["firstDifferent"] == 5
    assert out["a"]["digest"] != out["b"]["digest"]
    text = CliRunner().invoke(cli, ["diff", str(a), str(b)]).stdout
    assert "common prefix: 4 moves" in text and "first differ after move 5" in text


def test_a_move_with_no_effect_on_the_position_is_still_a_difference(toy: Any, tmp_path: Path) -> None:
    """Records differ at move 3 but the positions are the same until later: both facts are reported."""
    moves = alternating(6)
    other = copy.deepcopy(moves)
    other[2] = {"seat": 0, "add": 1, "bandit": 0}  # the same as no bandit key: the bandit starts on 0
    code, out = run_diff(support.write(tmp_path / "a.json", toy.save(moves)),
                         support.write(tmp_path / "b.json", toy.save(other)))
    assert code == 1 and out["commonPrefix"] == 2
    assert out["positions"]["firstDifferent"] is None  # the replays never part


def test_seed_change_shows_at_the_start(toy: Any, tmp_path: Path) -> None:
    """Same moves under another seed: the replays differ from position 0."""
    a = support.write(tmp_path / "a.json", toy.save(alternating(4)))
    b = support.write(tmp_path / "b.json", dict(toy.save(alternating(4)), seed=8))
    code, out = run_diff(a, b)
    assert code == 1 and out["sameSeed"] is False and out["commonPrefix"] == 4
    assert out["positions"]["firstDifferent"] == 0


def test_prefix_and_rules(toy: Any, tmp_path: Path) -> None:
    """A shorter save is a prefix of the longer; a changed rules version is reported."""
    a = support.write(tmp_path / "a.json", toy.save(alternating(7)))
    b = support.write(tmp_path / "b.json", dict(toy.save(alternating(4)), rulesVersion="toy/2"))
    code, out = run_diff(a, b)
    assert code == 1 and out["commonPrefix"] == 4 and out["sameRules"] is False
    assert out["a"]["firstDifferent"] == "move 5: seat 0 adds 1" and out["b"]["firstDifferent"] is None
    assert out["positions"]["sameThrough"] == 4
    assert "ends here" in CliRunner().invoke(cli, ["diff", str(a), str(b)]).stdout


def test_stationmaster_intents_are_compared(tmp_path: Path) -> None:
    """stationmaster README: no engine, so intents are compared and described by type and fields."""
    data = json.loads(STATIONMASTER.read_text(encoding="utf-8"))
    changed = copy.deepcopy(data)
    changed["history"][11] = {"type": "card.play", "cardId": "c197"}
    b = support.write(tmp_path / "b.json", changed)
    code, out = run_diff(STATIONMASTER, b)
    assert code == 1 and out["unit"] == "intent" and out["commonPrefix"] == 11
    assert out["b"]["firstDifferent"] == "intent 12: card.play c197"
    assert out["a"]["firstDifferent"] == "intent 12: draw.end"
    assert out["sameRules"] is True and out["positions"] is None
    text = CliRunner().invoke(cli, ["diff", str(STATIONMASTER), str(b)]).stdout
    assert "intent 12: card.play c197" in text and "cannot be replayed" in text


def test_stationmaster_rules_and_seed_differences(tmp_path: Path) -> None:
    """An older save without rules differs in rules and seed from the day-2 save."""
    code, out = run_diff(STATIONMASTER, FIXTURES / "stationmaster-old-no-rules.json")
    assert code == 1 and out["sameRules"] is False and out["sameSeed"] is False
    assert out["commonPrefix"] == 0
    assert out["b"]["firstDifferent"].startswith("intent 1: localOps.choose switch")


def test_describe_intent_words() -> None:
    """Ids bare, coordinates as row,col, other fields named."""
    assert describe_intent({"type": "card.play", "cardId": "c197", "placement": {"row": 0, "col": -1},
                            "variant": 1}) == "card.play c197 placement 0,-1 variant 1"
    assert describe_intent({"type": "draw.end"}) == "draw.end"
    assert describe_intent({"type": "switch.move", "trayId": "tray1", "to": {"row": 0, "col": 2},
                            "reverse": False}) == "switch.move tray1 to 0,2 reverse false"


def test_replaykit_against_stationmaster(toy: Any, tmp_path: Path) -> None:
    """Different formats: reported as different games, records compared only."""
    a = support.write(tmp_path / "a.json", toy.save(alternating(3)))
    code, out = run_diff(a, STATIONMASTER)
    assert code == 1 and out["sameGame"] is False
    assert any("formats differ" in note for note in out["notes"])


def test_unreadable_input_exits_1(tmp_path: Path) -> None:
    """A file that is not JSON gives one line and exit 1."""
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(cli, ["diff", str(bad), str(STATIONMASTER)])
    assert result.exit_code == 1 and "malformed JSON" in result.stderr


def test_pioneers_games_and_inputs_untouched(tmp_path: Path) -> None:
    """pioneers.md §The board: two seeds differ from the start; a truncated copy shares its prefix."""
    one = support.pioneers_game(3)
    two = support.pioneers_game(4)
    a = support.write(tmp_path / "a.json", one)
    b = support.write(tmp_path / "b.json", two)
    cut = support.write(tmp_path / "cut.json", dict(one, moves=one["moves"][:150], checkpoints=[]))
    before = [support.fingerprint(p) for p in (a, b, cut)]
    code, out = run_diff(a, b)
    assert code == 1 and out["sameSeed"] is False and out["positions"]["firstDifferent"] == 0
    code, out = run_diff(a, cut)
    assert code == 1 and out["commonPrefix"] == 150 and out["positions"]["sameThrough"] == 150
    assert out["a"]["firstDifferent"].startswith("move 151: seat ")
    assert [support.fingerprint(p) for p in (a, b, cut)] == before


def test_configs_that_differ_are_named_where_they_differ(tmp_path: Path) -> None:
    """design §5: two saves whose configs differ say where: the first few paths, each with both
    values (two players' names swapped)."""
    one = support.pioneers_game(3)
    two = copy.deepcopy(one)
    players = two["config"]["players"]
    players[0]["name"], players[1]["name"] = players[1]["name"], players[0]["name"]
    a, b = support.write(tmp_path / "a.json", one), support.write(tmp_path / "b.json", two)
    code, out = run_diff(a, b, "--no-replay")
    names = [p["name"] for p in one["config"]["players"][:2]]
    assert code == 1 and out["sameConfig"] is False
    assert out["configChanges"] == [
        f"players[0].name: {names[0]!r} vs {names[1]!r}", f"players[1].name: {names[1]!r} vs {names[0]!r}",
    ]
    text = CliRunner().invoke(cli, ["diff", str(a), str(b), "--no-replay"]).stdout
    assert f"configs differ (players[0].name: {names[0]!r} vs {names[1]!r}; " in text


def test_recorded_digests_that_disagree_make_saves_differ(tmp_path: Path) -> None:
    """design §5: the same moves with a checkpoint recorded otherwise (damaged, or written by
    another engine) are not the same save: diff names the first move whose recorded digests
    disagree and exits 1, though every position replays the same."""
    one = support.recorded_pioneers_game(42, ["greedy", "random", "greedy"])
    two = copy.deepcopy(one)
    second = two["checkpoints"][1]["move"]
    two["checkpoints"][1]["digest"] = "0" * 64
    a, b = support.write(tmp_path / "a.json", one), support.write(tmp_path / "b.json", two)
    code, out = run_diff(a, b)
    assert code == 1 and out["commonPrefix"] == len(one["moves"]) and out["identical"] is False
    assert out["positions"]["firstDifferent"] is None
    assert out["records"]["firstDifferent"] == second
    code, out = run_diff(a, a)
    assert code == 0 and out["records"]["firstDifferent"] is None
    total = len(one["moves"])
    assert out["records"]["message"] == f"the recorded digests agree on the {total} positions both record"


def test_a_manifest_is_not_a_save_to_compare(tmp_path: Path) -> None:
    """Two manifests hold no moves: diff must not call them the same game (exit 0). It says
    plainly that a manifest is not a save, as replay does, in one line per manifest, exit 1."""
    one, two = tmp_path / "one", tmp_path / "two"
    for folder, title in ((one, "First"), (two, "Second")):
        folder.mkdir()
        entries = [{"file": f"{title}.json", "title": title, "note": ""}]
        (folder / "manifest.json").write_text(json.dumps({"replays": entries}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["diff", str(one / "manifest.json"), str(two / "manifest.json")])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{folder / 'manifest.json'}: this is a replay manifest (a list of saves), not a save [not_a_save]"
        for folder in (one, two)
    ]
