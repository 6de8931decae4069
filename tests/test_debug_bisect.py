"""`replaykit bisect` and the `replay --check` verdict (toolkit/debug/bisect.py).

Crafted saves of a toy engine (tests/fixtures/debug/toy_game.py) give known answers;
real pioneers games played by random legal moves check the same answers at scale.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import replaykit_debug_support as support
from click.testing import CliRunner

from toolkit import validation
from toolkit.cli import cli
from toolkit.debug.bisect import check_exit_code, diverges, until
from toolkit.replay import ReplayError
from toolkit.saves import load

OLD_FRAME = '<svg class="replaykit-frame game-pioneers">an old frame</svg>'  # one a frame may replace


def bisect(*args: str) -> Any:
    return CliRunner().invoke(cli, ["bisect", *args])


def alternating(n: int, adds: tuple[int, int] = (1, 2)) -> list[dict[str, Any]]:
    return [{"seat": i % 2, "add": adds[i % 2]} for i in range(n)]


def first_true(toy: Any, data: dict[str, Any], test: Any) -> int | None:
    """Brute force: the first number of moves after which ``test(state)`` holds."""
    game = toy.GAME
    state = game.new_game(data["seed"], data["config"])
    if test(state):
        return 0
    for i, move in enumerate(data["moves"], start=1):
        game.apply(state, move)
        if test(state):
            return i
    return None


# ---------------------------------------------------------------- --until


@pytest.mark.parametrize("scan", [False, True])
def test_until_finds_the_first_move_where_the_condition_holds(toy: Any, tmp_path: Path, scan: bool) -> None:
    """Seat 1 adds 2 per turn: its score reaches 7 after its 4th move, move 8."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(9)))
    args = [str(path), "--until", "players[1].score >= 7", "--json"] + (["--scan"] if scan else [])
    result = bisect(*args)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["found"] is True and answer["move"] == 8
    assert answer["description"] == "seat 1 adds 2"
    assert answer["summary"] == {"turn": 5, "next": 0, "scores": [4, 8]}


def test_binary_and_scan_agree_with_brute_force(toy: Any, tmp_path: Path) -> None:
    """For every threshold the binary search, the scan and a brute-force replay name the same move."""
    data = toy.save([{"seat": i % 3, "add": (i * 7) % 4} for i in range(40)], players=3, target=99)
    save = load(support.write(tmp_path / "s.json", data))
    for threshold in range(0, 30, 3):
        text = f"players[2].score >= {threshold}"
        want = first_true(toy, data, lambda s, t=threshold: s["scores"][2] >= t)  # noqa: B023
        fast, _ = until(save, toy.GAME, text)
        slow, _ = until(save, toy.GAME, text, scan=True)
        assert fast.move == slow.move == want, text
        assert fast.found == (want is not None)


def test_binary_search_replays_each_move_about_once(toy: Any, tmp_path: Path) -> None:
    """With snapshots the binary search applies O(n) moves, not one full replay per probe."""
    data = toy.save(alternating(400, (0, 0)) + [{"seat": 0, "add": 1}], target=5)
    save = load(support.write(tmp_path / "s.json", data))
    answer, _ = until(save, toy.GAME, "players[0].score >= 1")
    assert answer.move == 401
    assert answer.stats.applies <= 2 * 401
    assert answer.stats.positions <= 12  # ~log2(401) + 2 probes


def test_uncopyable_state_falls_back_to_replaying_from_the_start(toy: Any, tmp_path: Path) -> None:
    """A state that cannot be deep-copied still gives the right answer (replaying each prefix)."""
    data = toy.save(alternating(9), uncopyable=True)
    save = load(support.write(tmp_path / "s.json", data))
    answer, _ = until(save, toy.GAME, "players[1].score >= 7")
    assert answer.move == 8
    assert answer.stats.snapshots == 0


def test_condition_true_at_the_start_names_move_zero(toy: Any, tmp_path: Path) -> None:
    """A condition already true before any move is reported at move 0."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(4)))
    result = bisect(str(path), "--until", "turn == 1 or turn > 1")
    assert result.exit_code == 0
    assert "already holds at the start" in result.stdout


def test_condition_that_never_holds_exits_1(toy: Any, tmp_path: Path) -> None:
    """Nothing to name: exit 1 with one line saying so. The binary search asks the start and
    the end only, so it says that much, and points to --scan; a scan says it never holds."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(6)))
    result = bisect(str(path), "--until", "players[0].score > 50")
    assert result.exit_code == 1
    assert "holds neither at the start nor at the end" in result.stdout and "--scan" in result.stdout
    scanned = bisect(str(path), "--until", "players[0].score > 50", "--scan")
    assert scanned.exit_code == 1 and "never holds at any position" in scanned.stdout


def test_a_number_with_a_decimal_point_is_named_as_such(toy: Any, tmp_path: Path) -> None:
    """Condition numbers are whole: ``1.5`` is refused as a number with a decimal point, not
    read as an index (exit 2, one line)."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(4)))
    result = bisect(str(path), "--until", "turn > 1.5")
    assert result.exit_code == 2
    assert "numbers are whole: 1.5 has a decimal point" in result.output


def test_illegal_names_the_first_move_that_does_not_replay(toy: Any, tmp_path: Path) -> None:
    """`illegal` becomes true at the first refused move (here move 5 is played out of turn)."""
    moves = alternating(8)
    moves[4] = {"seat": 1, "add": 1}
    path = support.write(tmp_path / "s.json", toy.save(moves))
    for extra in ([], ["--scan"]):
        result = bisect(str(path), "--until", "illegal", "--json", *extra)
        assert result.exit_code == 0
        answer = json.loads(result.stdout)
        assert answer["move"] == 5
        assert answer["illegal"]["code"] == "not_your_turn"
        assert answer["summary"]["scores"] == [2, 4]  # the position before the refused move


def test_engine_crash_counts_as_illegal(toy: Any, tmp_path: Path) -> None:
    """An engine exception on a move is a finding at that move, not a traceback."""
    moves = alternating(6)
    moves[3] = {"seat": 1, "crash": True}
    path = support.write(tmp_path / "s.json", toy.save(moves))
    result = bisect(str(path), "--until", "illegal", "--json")
    assert result.exit_code == 0
    answer = json.loads(result.stdout)
    assert answer["move"] == 4 and answer["illegal"]["code"] == "engine_error"


def test_moves_after_the_game_ended_are_illegal(toy: Any, tmp_path: Path) -> None:
    """A move recorded after the game is over does not replay."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(12)))  # seat 1 reaches 10 at move 10
    answer, _ = until(load(path), toy.GAME, "illegal")
    assert answer.move == 11 and answer.failure is not None and answer.failure.code == "game_over"


# ---------------------------------------------------------------- --diverges


def test_diverges_without_checkpoints_names_the_first_illegal_move(toy: Any, tmp_path: Path) -> None:
    """Without checkpoints the first move that no longer replays is the divergence."""
    moves = alternating(8)
    moves[6] = {"seat": 0, "add": 9}
    path = support.write(tmp_path / "s.json", toy.save(moves))
    result = bisect(str(path), "--diverges", "--json")
    assert result.exit_code == 0
    answer = json.loads(result.stdout)
    assert answer["move"] == 7 and answer["illegal"]["code"] == "bad_field"


def test_diverges_bounds_the_move_between_checkpoints(toy: Any, tmp_path: Path) -> None:
    """A checkpoint that no longer matches: the divergence lies after the last matching one."""
    data = toy.save(alternating(9))
    digests = toy.digests(data)
    data["checkpoints"] = [{"move": m, "digest": digests[m]} for m in (3, 6, 9)]
    data["checkpoints"][2]["digest"] = "0" * 64  # the recording engine saw something else at move 9
    answer, _ = diverges(load(support.write(tmp_path / "s.json", data)), toy.GAME)
    assert answer.found and answer.span == (7, 9) and answer.move == 7


def test_diverges_is_exact_with_a_checkpoint_per_move(toy: Any, tmp_path: Path) -> None:
    """With a digest for every move the first differing move is named exactly."""
    data = toy.save(alternating(9))
    digests = toy.digests(data)
    data["checkpoints"] = [{"move": m, "digest": digests[m] if m < 5 else "f" * 64} for m in range(1, 10)]
    path = support.write(tmp_path / "s.json", data)
    result = bisect(str(path), "--diverges")
    assert result.exit_code == 0
    assert "first differs after move 5 of 9" in result.stdout
    assert "seat 0 adds 1" in result.stdout


def test_no_divergence_exits_1(toy: Any, tmp_path: Path) -> None:
    """All checkpoints match and every move replays: nothing to name."""
    data = toy.save(alternating(6))
    digests = toy.digests(data)
    data["checkpoints"] = [{"move": 3, "digest": digests[3]}, {"move": 6, "digest": digests[6]}]
    result = bisect(str(support.write(tmp_path / "s.json", data)), "--diverges")
    assert result.exit_code == 1
    assert "no divergence" in result.stdout and "2 checkpoints match" in result.stdout


# ---------------------------------------------------------------- usage and bad input


@pytest.mark.parametrize("text", ["vp(2) >=", "phase = 'over'", "(turn", "nope(1)", "move > \u00b2"])
def test_malformed_condition_exits_2_with_one_line(toy: Any, tmp_path: Path, text: str) -> None:
    """A malformed condition is a usage error: exit 2 and a single line on stderr."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(4)))
    before = support.fingerprint(path)
    result = bisect(str(path), "--until", text)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "bad expression" in result.stderr
    assert support.fingerprint(path) == before


def test_condition_naming_nothing_in_the_view_exits_2(toy: Any, tmp_path: Path) -> None:
    """A name the game's view lacks is the expression's fault: exit 2, one line naming it."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(4)))
    result = bisect(str(path), "--until", "robbber.hex == 3")
    assert result.exit_code == 2
    assert "unknown name 'robbber'" in result.stderr


def test_usage_needs_exactly_one_mode(toy: Any, tmp_path: Path) -> None:
    """--until and --diverges exclude each other; one is required."""
    path = support.write(tmp_path / "s.json", toy.save(alternating(4)))
    assert bisect(str(path)).exit_code == 2
    assert bisect(str(path), "--diverges", "--until", "illegal").exit_code == 2


def test_unreadable_and_engineless_saves_exit_1(tmp_path: Path) -> None:
    """Bad JSON, a missing file and a stationmaster save each give one line and exit 1."""
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    sm = Path(__file__).parent / "fixtures" / "station-master-seed116956197-day2.json"
    for path, fragment in ((bad, "malformed JSON"), (tmp_path / "missing.json", "no such file"),
                           (sm, "cannot be replayed")):
        result = bisect(str(path), "--until", "illegal")
        assert result.exit_code == 1
        assert fragment in result.stderr and "Traceback" not in result.output


def test_help_documents_the_language() -> None:
    """`replaykit bisect --help` shows the condition examples."""
    result = CliRunner().invoke(cli, ["bisect", "--help"])
    assert result.exit_code == 0
    examples = ('vp("p2") >= 10', 'phase == "gameOver"', 'robber.hex == "0,0"', "hand(2).ore > 4", "illegal")
    for example in examples:
        assert example in result.stdout


# ---------------------------------------------------------------- check_exit_code


def test_check_exit_code_verdicts(toy: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """design §7: 0 replays, 1 fails or the condition holds, 125 cannot test, 2 malformed condition."""
    good = support.write(tmp_path / "good.json", toy.save(alternating(6)))
    assert check_exit_code(str(good), None)[0] == 0
    assert check_exit_code(str(good), "players[0].score > 50")[0] == 0
    code, line = check_exit_code(str(good), "players[1].score >= 4")
    assert code == 1 and "after move 4 of 6" in line

    moves = alternating(6)
    moves[2] = {"seat": 1, "add": 1}
    illegal = support.write(tmp_path / "illegal.json", toy.save(moves))
    code, line = check_exit_code(str(illegal), None)
    assert code == 1 and "move 3 of 6" in line and "not_your_turn" in line

    data = toy.save(alternating(6), checkpoints=[{"move": 4, "digest": "0" * 64}])
    code, line = check_exit_code(str(support.write(tmp_path / "div.json", data)), None)
    assert code == 1 and "diverged" in line

    crash = alternating(4)
    crash[1] = {"seat": 1, "crash": True}
    assert check_exit_code(str(support.write(tmp_path / "crash.json", toy.save(crash))), None)[0] == 1

    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    unknown = support.write(tmp_path / "unknown.json", dict(toy.save([]), game="chess"))
    future = support.write(tmp_path / "future.json", dict(toy.save([]), format="replaykit/save@9"))
    sm = Path(__file__).parent / "fixtures" / "station-master-seed116956197-day2.json"
    for path in (bad, tmp_path / "missing.json", unknown, future, sm):
        assert check_exit_code(str(path), None)[0] == 125, path

    monkeypatch.setitem(support.GAME_MODULES, "toy", "replaykit_no_such_engine_module")
    assert check_exit_code(str(good), None)[0] == 125  # the engine is missing at this revision

    assert check_exit_code(str(good), "vp(2) >=")[0] == 128  # git bisect run stops


def test_check_exit_code_untestable_condition_is_125(toy: Any, tmp_path: Path) -> None:
    """A condition naming a field this revision's view lacks cannot be tested here."""
    good = support.write(tmp_path / "good.json", toy.save(alternating(4)))
    code, line = check_exit_code(str(good), "nosuchfield > 1")
    assert code == 125 and "cannot test" in line


# ---------------------------------------------------------------- real pioneers games


@pytest.fixture(scope="module")
def pioneers_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = support.pioneers_game(11)
    return support.write(tmp_path_factory.mktemp("pioneers") / "game.json", data)


def test_pioneers_until_matches_a_linear_replay(pioneers_save: Path) -> None:
    """pioneers.md §Ending and placements: when a seat's public score first reaches N, two ways."""
    from toolkit.games.pioneers import GAME

    save = load(pioneers_save)
    for seat in range(3):
        target = 4
        state = GAME.new_game(save.seed, save.config)
        want = None
        for i, move in enumerate(save.moves, start=1):
            GAME.apply(state, move)
            if GAME.view(state, None)["players"][seat]["score"] >= target:
                want = i
                break
        text = f"players[{seat}].score >= {target}"
        fast, _ = until(save, GAME, text)
        slow, _ = until(save, GAME, text, scan=True)
        assert fast.move == slow.move == want


def test_pioneers_bandit_alias_and_hands(pioneers_save: Path) -> None:
    """pioneers.md §The turn, §Hidden information: robber.hex is the bandit; hand() is the own hand."""
    from toolkit.games.pioneers import GAME

    save = load(pioneers_save)
    state = GAME.new_game(save.seed, save.config)
    desert = GAME.view(state, None)["board"]["bandit"]
    moved = ore = None
    for i, move in enumerate(save.moves, start=1):
        GAME.apply(state, move)
        if moved is None and GAME.view(state, None)["board"]["bandit"] != desert:
            moved = i
        if ore is None and GAME.view(state, 0)["players"][0]["hand"]["ore"] >= 2:
            ore = i
    assert moved is not None and ore is not None
    assert until(save, GAME, f"robber.hex != {desert}", scan=True)[0].move == moved
    assert until(save, GAME, "hand(0).ore >= 2", scan=True)[0].move == ore
    assert until(save, GAME, "players[0].hand.ore >= 2", scan=True)[0].move == ore


def test_pioneers_frames_around_the_move(pioneers_save: Path, tmp_path: Path) -> None:
    """--frames writes the SVG frames before and after the move found."""
    out = tmp_path / "frames"
    result = bisect(str(pioneers_save), "--until", "turn >= 3", "--frames", str(out), "--around", "2")
    assert result.exit_code == 0, result.output
    answer_move = int(result.stdout.split(" holds after move ")[1].split()[0])
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"frame-{i:04d}.svg" for i in range(answer_move - 2, answer_move + 3)]
    assert all((out / n).read_text(encoding="utf-8").startswith("<?xml") for n in names)


@pytest.mark.parametrize("frame", ["answer", "far from it", "a hard link"])
def test_frames_never_replace_the_save(pioneers_save: Path, tmp_path: Path, frame: str) -> None:
    """A save in --frames DIR under a frame's name is refused before the search (which frames
    are written depends on the move found), exit 2, in one line naming it; the save and DIR stay."""
    from toolkit.games.pioneers import GAME

    found = until(load(pioneers_save), GAME, "turn >= 3")[0].move
    assert found is not None and found > 2
    out = tmp_path / "frames"
    out.mkdir()
    target = out / f"frame-{0 if frame == 'far from it' else found:04d}.svg"
    if frame == "a hard link":
        save = tmp_path / "game.json"
        save.write_bytes(pioneers_save.read_bytes())
        os.link(save, target)
    else:
        save = target
        save.write_bytes(pioneers_save.read_bytes())
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    result = bisect(str(save), "--until", "turn >= 3", "--frames", str(out), "--around", "1")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"{target}: refusing to overwrite the input file; choose another --frames [output_is_input]\n"
    )
    assert save.read_bytes() == pioneers_save.read_bytes()
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_frames_check_every_destination_first(pioneers_save: Path, tmp_path: Path) -> None:
    """A folder where a frame goes fails --frames in one line naming that file, exit 1, and no
    frame is moved in: DIR is as it was (the answer is still printed)."""
    out = tmp_path / "frames"
    out.mkdir()
    result = bisect(str(pioneers_save), "--until", "turn >= 3", "--json")
    found = json.loads(result.stdout)["move"]
    blocked = out / f"frame-{found + 1:04d}.svg"
    blocked.mkdir()
    (out / f"frame-{found - 1:04d}.svg").write_text(OLD_FRAME, encoding="utf-8")
    result = bisect(str(pioneers_save), "--until", "turn >= 3", "--frames", str(out), "--around", "1")
    assert result.exit_code == 1
    assert f"holds after move {found} of" in result.stdout
    assert result.stderr == f"{blocked}: cannot write frames: is a folder, not a file [write_failed]\n"
    assert sorted(p.name for p in out.iterdir()) == sorted([blocked.name, f"frame-{found - 1:04d}.svg"])
    assert (out / f"frame-{found - 1:04d}.svg").read_text(encoding="utf-8") == OLD_FRAME
    assert list(blocked.iterdir()) == []


def test_pioneers_diverges_names_a_tampered_move(pioneers_save: Path, tmp_path: Path) -> None:
    """A move changed into an illegal one is named by --diverges and by check_exit_code; one
    its schema refuses is refused by both before any replay, as by `replay`."""
    data = json.loads(pioneers_save.read_text(encoding="utf-8"))
    index = next(i for i, m in enumerate(data["moves"]) if m["kind"] == "turn" and i > 100)
    seat = data["moves"][index]["seat"]
    data["moves"][index] = {"seat": seat, "kind": "turn", "action": {"type": "build_city", "vertex": 0}}
    path = support.write(tmp_path / "bad.json", data)
    result = bisect(str(path), "--diverges", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["move"] == index + 1
    code, line = check_exit_code(str(path), None)
    assert code == 1 and f"move {index + 1} of" in line
    data["moves"][index]["action"]["vertex"] = 999
    path = support.write(tmp_path / "invalid.json", data)
    for args in (["--diverges"], ["--until", "turn >= 3"]):
        result = bisect(str(path), *args)
        assert result.exit_code == 1
        assert result.stderr.startswith(f"{path}: move {index + 1}: /moves/{index}/action/vertex: ")
    code, line = check_exit_code(str(path), None)
    assert code == 1 and f"/moves/{index}/action/vertex" in line


def test_around_without_frames_is_a_usage_error(pioneers_save: Path) -> None:
    """design §7: --around only sets how many frames --frames writes; alone it is a usage error."""
    result = bisect(str(pioneers_save), "--until", "turn >= 3", "--around", "5")
    assert result.exit_code == 2 and "--around goes with --frames" in result.output


def test_no_command_modifies_its_input(pioneers_save: Path, tmp_path: Path) -> None:
    """bisect in every mode leaves the save byte-identical."""
    before = support.fingerprint(pioneers_save)
    for args in (["--until", "vp(0) >= 3"], ["--until", "illegal", "--scan"], ["--diverges"],
                 ["--until", "vp(0) >="]):
        bisect(str(pioneers_save), *args)
    check_exit_code(str(pioneers_save), "turn > 5")
    assert support.fingerprint(pioneers_save) == before


def test_recorded_bot_game_end_and_winner(tmp_path: Path) -> None:
    """pioneers.md §Ending and placements: a bots' game ends, with a winner, at its last move."""
    from toolkit.games.pioneers import GAME

    data = support.recorded_pioneers_game(42, ["greedy", "random", "greedy"])
    path = support.write(tmp_path / "bots.json", data)
    save = load(path)
    total = len(save.moves)
    assert until(save, GAME, 'phase == "over"')[0].move == total
    assert until(save, GAME, "winner != null or turn >= 200")[0].move == total
    answer, _ = diverges(save, GAME)
    assert not answer.found and "checkpoints match" in answer.headline
    assert check_exit_code(str(path), None)[0] == 0
    code, line = check_exit_code(str(path), 'phase == "over"')
    assert code == 1 and f"after move {total} of {total}" in line
    # a recording engine that saw another position at the 2nd checkpoint (which has no trail)
    first, second = data["checkpoints"][0]["move"], data["checkpoints"][1]["move"]
    data["checkpoints"][1] = {"move": second, "digest": "0" * 64}
    tampered = support.write(tmp_path / "tampered.json", data)
    answer, _ = diverges(load(tampered), GAME)
    assert answer.span == (first + 1, second)
    assert "the record skips the moves between" in answer.headline
    assert check_exit_code(str(tampered), None)[0] == 1


def test_a_checkpoint_at_odds_with_its_own_trail_is_damage_not_a_difference(tmp_path: Path) -> None:
    """design §5: a checkpoint's digest and the last entry of its trail both record the position
    after its move; where they disagree (or two checkpoints record one move otherwise, or a
    trail reaches back before move 1) the save was edited or damaged, and every command says
    so rather than blaming the engine (validate names the checkpoint; bisect --diverges and a
    replay that skips validation name its move)."""
    from toolkit.games.pioneers import GAME
    from toolkit.replay import final

    data = support.recorded_pioneers_game(42, ["greedy", "random", "greedy"])
    second = data["checkpoints"][1]["move"]
    data["checkpoints"][1]["digest"] = "0" * 64
    path = support.write(tmp_path / "damaged.json", data)
    report = validation.check(load(path))
    assert [(p.code, p.pointer) for p in report.errors] == [("damaged_checkpoint", "/checkpoints/1")]
    assert f"the records of the position after move {second} disagree" in report.errors[0].message
    answer, _ = diverges(load(path), GAME)
    assert answer.found and answer.span == (second, second)
    assert answer.headline.startswith(f"the save's records of the position after move {second} disagree")
    with pytest.raises(ReplayError) as caught:
        final(load(path))
    assert (caught.value.code, caught.value.index) == ("damaged_checkpoint", second)
    code, line = check_exit_code(str(path), None)
    assert code == 1 and "[damaged_checkpoint]" in line
    clean = support.recorded_pioneers_game(42, ["greedy", "random", "greedy"])
    twice = dict(clean, checkpoints=[*clean["checkpoints"], {"move": second, "digest": "0" * 64}])
    report = validation.check(load(support.write(tmp_path / "twice.json", twice)))
    assert [p.code for p in report.errors] == ["damaged_checkpoint"]
    same_twice = dict(clean, checkpoints=[*clean["checkpoints"], dict(clean["checkpoints"][1])])
    assert validation.check(load(support.write(tmp_path / "same.json", same_twice))).ok
    answer, _ = diverges(load(tmp_path / "same.json"), GAME)
    assert not answer.found and "all" in answer.headline and "past its last move" not in answer.headline
    clean["checkpoints"][0]["trail"] += clean["checkpoints"][0]["trail"][:8]  # one entry more than moves
    report = validation.check(load(support.write(tmp_path / "long.json", clean)))
    assert ("damaged_checkpoint", "/checkpoints/0") in [(p.code, p.pointer) for p in report.errors]
    assert "its trail reaches back before the first move" in report.errors[0].message


def test_diverges_shows_the_position_after_the_exact_move_it_names(tmp_path: Path) -> None:
    """A name edited by hand changes every digest: the trail names move 1 exactly, and the
    position shown is the one after move 1, not the one at the checkpoint that differed."""
    from toolkit.debug.bisect import _summary
    from toolkit.games.pioneers import GAME

    replays = Path(__file__).resolve().parent.parent / "replays"
    data = json.loads((replays / "pioneers-three-player-quick-win.json").read_text(encoding="utf-8"))
    data["config"]["players"][0]["name"] = "Elena2"
    save = load(support.write(tmp_path / "renamed.json", data))
    answer, _ = diverges(save, GAME)
    assert answer.found and answer.move == 1 and answer.span == (1, 1)
    state = GAME.new_game(save.seed, save.config)
    GAME.apply(state, save.moves[0])
    assert answer.summary == _summary(GAME, state)


def test_a_checkpoint_past_the_last_move_is_not_said_to_match(toy: Any, tmp_path: Path) -> None:
    """A checkpoint the replay never reaches was never compared: the answer says so instead of
    counting it among the checkpoints that match."""
    data = toy.save(alternating(6))
    digests = toy.digests(data)
    data["checkpoints"] = [{"move": 3, "digest": digests[3]}, {"move": 60, "digest": "0" * 64}]
    answer, _ = diverges(load(support.write(tmp_path / "s.json", data)), toy.GAME)
    assert not answer.found
    assert "all 2 checkpoints match" not in answer.headline
    assert answer.headline.endswith("and the 1 checkpoint they reach matches; 1 of the save's 2 "
                                    "checkpoints lies past its last move, never compared")
