"""`replaykit trim` (toolkit/debug/trim.py): --to N and --minimize --until EXPR."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import replaykit_debug_support as support
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.debug.bisect import until
from toolkit.debug.trim import minimize
from toolkit.replay import final
from toolkit.saves import load

FIXTURES = Path(__file__).parent / "fixtures"
STATIONMASTER = FIXTURES / "station-master-seed116956197-day2.json"








def trim(*args: str) -> Any:
    return CliRunner().invoke(cli, ["trim", *args])


def alternating(n: int) -> list[dict[str, Any]]:
    return [{"seat": i % 2, "add": 1 + i % 2} for i in range(n)]


# ---------------------------------------------------------------- --to


def test_to_keeps_the_first_moves_and_their_checkpoints(toy: Any, tmp_path: Path) -> None:
    """--to 5 keeps moves 1..5 and checkpoints up to move 5; every other key stays."""
    data = toy.save(alternating(9))
    digests = toy.digests(data)
    data["checkpoints"] = [{"move": m, "digest": digests[m]} for m in (3, 5, 6, 9)]
    src = support.write(tmp_path / "in.json", data)
    before = support.fingerprint(src)
    out = tmp_path / "out.json"
    result = trim(str(src), "--to", "5", "-o", str(out))
    assert result.exit_code == 0, result.output
    got = json.loads(out.read_text(encoding="utf-8"))
    assert got["moves"] == data["moves"][:5]
    assert [p["move"] for p in got["checkpoints"]] == [3, 5]
    assert {k: v for k, v in got.items() if k not in ("moves", "checkpoints")} == {
        k: v for k, v in data.items() if k not in ("moves", "checkpoints")
    }
    assert out.read_text(encoding="utf-8").endswith("}\n")
    assert support.fingerprint(src) == before
    assert final(load(out)).index == 5  # the trimmed save replays, checkpoints included


def test_to_stationmaster_keeps_first_intents_and_other_keys(tmp_path: Path) -> None:
    """stationmaster README: the first N intents are kept, with seed and rules."""
    out = tmp_path / "sm.json"
    before = support.fingerprint(STATIONMASTER)
    result = trim(str(STATIONMASTER), "--to", "12", "-o", str(out))
    assert result.exit_code == 0, result.output
    original = json.loads(STATIONMASTER.read_text(encoding="utf-8"))
    got = json.loads(out.read_text(encoding="utf-8"))
    assert got["history"] == original["history"][:12]
    assert got["seed"] == original["seed"] and got["rules"] == original["rules"]
    assert list(got) == list(original)
    assert support.fingerprint(STATIONMASTER) == before


def test_to_beyond_the_end_fails_and_leaves_out_alone(toy: Any, tmp_path: Path) -> None:
    """design §7: --to past the last move is a usage error (exit 2, as for replay and frames)
    and an existing OUT is untouched."""
    src = support.write(tmp_path / "in.json", toy.save(alternating(4)))
    out = tmp_path / "out.json"
    out.write_text("precious\n", encoding="utf-8")
    result = trim(str(src), "--to", "9", "-o", str(out))
    assert result.exit_code == 2 and "beyond the end" in result.stderr
    assert out.read_text(encoding="utf-8") == "precious\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.json")]  # no temporary left


def test_to_adds_a_checkpoint_after_the_cut_when_the_save_replays_that_far(toy: Any, tmp_path: Path) -> None:
    """design §5: --to 7 of a save checked at moves 3, 5, 6 and 9 would leave move 7 unchecked:
    replayed here (matching the record up to move 7), it gains a checkpoint after move 7 with
    the digest there and the trail since move 6; a save that does not replay that far keeps
    its record as it was, and the report says why."""
    data = toy.save(alternating(9))
    digests = toy.digests(data)
    data["checkpoints"] = [{"move": m, "digest": digests[m]} for m in (3, 5, 6, 9)]
    src = support.write(tmp_path / "in.json", data)
    out = tmp_path / "out.json"
    result = trim(str(src), "--to", "7", "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert (doc["checkpointAdded"], doc["checkpointNote"]) == (True, "a checkpoint added after move 7")
    got = json.loads(out.read_text(encoding="utf-8"))
    assert got["checkpoints"][-1] == {"move": 7, "digest": digests[7], "trail": digests[7][:8]}
    final(load(out))
    data["moves"][3] = {"seat": 0, "add": 1}  # seat 1's turn: refused
    broken = support.write(tmp_path / "broken.json", data)
    result = trim(str(broken), "--to", "7", "-o", str(out))
    assert result.exit_code == 0
    assert "(no checkpoint added after move 7: move 4 of 9" in result.stdout
    assert [p["move"] for p in json.loads(out.read_text(encoding="utf-8"))["checkpoints"]] == [3, 5, 6]
    again = trim(str(broken), "--to", "7", "-o", str(out), "--json")
    assert json.loads(again.stdout)["checkpointAdded"] is False


def test_to_leaves_checkpoints_that_are_not_a_list_and_bounds_a_trail(toy: Any, tmp_path: Path) -> None:
    """design §7: --to never fails on a save's odd checkpoints (not a list: left as they are,
    as the schema's error to tell), and a checkpoint it adds has a trail of at most 1,000
    moves, so the result validates."""
    data = support.recorded_pioneers_game(42, ["greedy", "random", "greedy"])
    out = tmp_path / "out.json"
    for odd in (7, "abc", {"move": 5}):
        src = support.write(tmp_path / "odd.json", dict(data, checkpoints=odd))
        result = trim(str(src), "--to", "20", "-o", str(out))
        assert result.exit_code == 0 and "Traceback" not in result.output
        assert json.loads(out.read_text(encoding="utf-8"))["checkpoints"] == odd
    src = support.write(tmp_path / "long.json", toy.save(alternating(1300), target=10_000))
    assert trim(str(src), "--to", "1200", "-o", str(out)).exit_code == 0
    [point] = load(out).data["checkpoints"]
    assert point["move"] == 1200 and len(point["trail"]) == 8 * 1000
    assert final(load(out)).index == 1200


def test_to_refuses_an_unknown_game_and_writes_nothing(tmp_path: Path) -> None:
    """design §7: a save whose game id no engine or schema knows is one line, exit 1, no output."""
    src = support.write(tmp_path / "in.json", {"format": "replaykit/save@1", "game": "go", "moves": []})
    out = tmp_path / "out.json"
    result = trim(str(src), "--to", "0", "-o", str(out))
    assert result.exit_code == 1
    assert result.stderr == f"{src}: /game: unknown game id 'go' (known: codex, pioneers) [unknown_game]\n"
    assert not out.exists()


def test_refuses_to_overwrite_the_input(toy: Any, tmp_path: Path) -> None:
    """-o naming the input itself is refused (exit 2) and the input is unchanged."""
    src = support.write(tmp_path / "in.json", toy.save(alternating(4)))
    before = support.fingerprint(src)
    result = trim(str(src), "--to", "2", "-o", str(src))
    assert result.exit_code == 2 and "refusing to overwrite" in result.stderr
    assert support.fingerprint(src) == before


def test_usage_errors_exit_2(toy: Any, tmp_path: Path) -> None:
    """Exactly one of --to or --minimize; --minimize needs --until; the condition must parse."""
    src = support.write(tmp_path / "in.json", toy.save(alternating(4)))
    out = str(tmp_path / "o.json")
    assert trim(str(src), "-o", out).exit_code == 2
    assert trim(str(src), "--to", "2", "--minimize", "--until", "illegal", "-o", out).exit_code == 2
    assert trim(str(src), "--minimize", "-o", out).exit_code == 2
    assert trim(str(src), "--to", "-1", "-o", out).exit_code == 2
    result = trim(str(src), "--minimize", "--until", "vp(0) >", "-o", out)
    assert result.exit_code == 2 and "bad expression" in result.stderr
    assert not Path(out).exists()


# ---------------------------------------------------------------- --minimize


def padded_game() -> list[dict[str, Any]]:
    """Seat 1 scores 3 twice among moves that add nothing; the goal needs only those two."""
    adds_1 = [0, 0, 3, 0, 0, 0, 3, 0, 0]
    moves: list[dict[str, Any]] = []
    for a in adds_1:
        moves.append({"seat": 0, "add": 0})
        moves.append({"seat": 1, "add": a})
    return moves


def test_minimize_keeps_only_what_reaches_the_condition(toy: Any, tmp_path: Path) -> None:
    """Delta debugging drops every move not needed to reach the condition, keeping the save legal."""
    data = toy.save(padded_game(), target=99)
    src = support.write(tmp_path / "in.json", data)
    before = support.fingerprint(src)
    out = tmp_path / "min.json"
    result = trim(str(src), "--minimize", "--until", "players[1].score >= 6", "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["prefix"] == 14 and report["complete"] is True and report["replays"] > 0
    got = load(out)
    assert got.moves == [{"seat": 0, "add": 0}, {"seat": 1, "add": 3}] * 2
    assert report["kept"] == 4
    assert final(got).state["scores"] == [0, 6]
    assert support.fingerprint(src) == before


def test_minimized_save_is_one_minimal(toy: Any, tmp_path: Path) -> None:
    """Removing any single move of the result breaks legality or the condition."""
    moves: list[dict[str, Any]] = []
    for i in range(20):  # every third turn adds nothing
        moves.append({"seat": 0, "add": (i * 3) % 4 if i % 3 else 0})
        moves.append({"seat": 1, "add": i % 4 if i % 3 else 0})
    data = toy.save(moves, target=99)
    save = load(support.write(tmp_path / "in.json", data))
    result = minimize(save, toy.GAME, "players[0].score + players[1].score >= 20")
    kept = result.data["moves"]
    assert result.complete and len(kept) < result.prefix
    for i in range(len(kept)):
        candidate = kept[:i] + kept[i + 1:]
        trial = load(support.write(tmp_path / "t.json", dict(result.data, moves=candidate)))
        answer, _ = until(trial, toy.GAME, "players[0].score + players[1].score >= 20 and not illegal")
        assert not (answer.found and answer.move == len(candidate))


def test_minimize_bounded_by_max_replays(toy: Any, tmp_path: Path) -> None:
    """The replay bound stops the search early; the output is still legal and says it is not minimal."""
    src = support.write(tmp_path / "in.json", toy.save(padded_game(), target=99))
    out = tmp_path / "min.json"
    result = trim(str(src), "--minimize", "--until", "players[1].score >= 6", "-o", str(out),
                  "--max-replays", "2", "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"] is False and report["replays"] <= 2
    got = load(out)
    assert final(got).state["scores"][1] >= 6


def test_minimize_condition_never_holds_leaves_out_alone(toy: Any, tmp_path: Path) -> None:
    """Nothing reaches the condition: exit 1, OUT untouched."""
    src = support.write(tmp_path / "in.json", toy.save(alternating(6)))
    out = tmp_path / "out.json"
    out.write_text("keep me\n", encoding="utf-8")
    result = trim(str(src), "--minimize", "--until", "players[0].score > 90", "-o", str(out))
    assert result.exit_code == 1 and "never holds" in result.stderr
    assert out.read_text(encoding="utf-8") == "keep me\n"


def test_minimize_stationmaster_is_refused(tmp_path: Path) -> None:
    """design §7: stationmaster saves have no engine, so --minimize is an option the game cannot
    take: a usage error, exit 2 (trim --to still works)."""
    result = trim(str(STATIONMASTER), "--minimize", "--until", "illegal", "-o", str(tmp_path / "o.json"))
    assert result.exit_code == 2
    assert "--minimize replays the save, and no engine replays stationmaster saves" in result.stderr
    assert not (tmp_path / "o.json").exists()


def test_minimize_real_pioneers_game(tmp_path: Path) -> None:
    """pioneers.md §The turn: a minimized game still replays legally and still reaches the condition."""
    data = support.pioneers_game(5)
    src = support.write(tmp_path / "in.json", data)
    before = support.fingerprint(src)
    out = tmp_path / "min.json"
    cond = "vp(0) + vp(1) + vp(2) >= 9"
    result = trim(str(src), "--minimize", "--until", cond, "-o", str(out), "--json", "--max-replays", "400")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["kept"] <= report["prefix"] <= report["original"]
    got = load(out)
    assert [p["move"] for p in got.data["checkpoints"]][-1] == len(got.moves)  # recorded afresh
    final(got)  # replays without an illegal move, every recorded position matching
    from toolkit.games.pioneers import GAME

    answer, _ = until(got, GAME, cond)
    assert answer.move == len(got.moves)
    assert support.fingerprint(src) == before


def test_minimize_finds_a_condition_that_comes_and_goes(tmp_path: Path) -> None:
    """Issue 8: the shortest prefix is the first position where the condition holds, even when it
    does not hold at the end of the game (a hand that grows and is then spent)."""
    data = support.recorded_pioneers_game("trim-scan-9", ["greedy", "random", "greedy", "random"])
    save = load(support.write(tmp_path / "in.json", data))
    from toolkit.games.pioneers import GAME

    cond = "hand(0).ore > 2"
    scanned, _ = until(save, GAME, cond, scan=True)
    assert scanned.move is not None
    end = final(save).state
    assert GAME.view(end, 0)["players"][0]["hand"]["ore"] <= 2, "pick a condition false at the end"
    out = tmp_path / "min.json"
    result = trim(str(tmp_path / "in.json"), "--minimize", "--until", cond, "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["prefix"] == scanned.move
    got = load(out)
    answer, _ = until(got, GAME, cond, scan=True)
    assert answer.move == len(got.moves)


def test_minimize_a_save_that_stops_at_a_refused_move(tmp_path: Path) -> None:
    """design §5 (a bug report's save): --until illegal on a save whose move N is refused keeps
    that move last and drops every move before it that the refusal does not need: the result
    still stops there, with the same code, and records checkpoints for the moves that replay."""
    from toolkit.games.pioneers import GAME

    data = json.loads((Path(__file__).parent.parent / "replays" / "pioneers-two-against-two.json")
                      .read_text(encoding="utf-8"))
    data["moves"][154] = {"seat": 3, "kind": "turn", "action": {"type": "build_road", "edge": 71}}
    src = support.write(tmp_path / "bug.json", data)
    out = tmp_path / "min.json"
    result = trim(str(src), "--minimize", "--until", "illegal", "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["prefix"], report["refused"], report["complete"]) == (155, "not_connected", True)
    got = load(out)
    assert got.moves[-1] == data["moves"][154] and report["kept"] == len(got.moves) < 155
    answer, _ = until(got, GAME, "illegal", scan=True)
    assert answer.failure is not None
    assert (answer.failure.index, answer.failure.code) == (len(got.moves), "not_connected")
    assert got.data["checkpoints"][-1]["move"] == len(got.moves) - 1
    for i in range(len(got.moves) - 1):  # one-minimal: without any one move, it is no longer so
        fewer = got.moves[:i] + got.moves[i + 1:]
        trial = load(support.write(tmp_path / "t.json", dict(got.data, moves=fewer, checkpoints=[])))
        failed, _ = until(trial, GAME, "illegal", scan=True)
        assert failed.failure is None or failed.failure.code != "not_connected" or \
            failed.failure.index != len(got.moves) - 1
    text = trim(str(src), "--minimize", "--until", "illegal", "-o", str(out))
    total = len(data["moves"])
    assert f"the last refused [not_connected] as move 155 of the input's {total} is" in text.stdout
