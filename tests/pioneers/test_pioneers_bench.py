"""The benchmark runs and reports; it never asserts a speed."""

from __future__ import annotations

import re

from click.testing import CliRunner

from toolkit.bench import run_bench
from toolkit.commands.bench import bench


def test_run_bench_reports_both_engines() -> None:
    """design.md §11: the bench compares our random self-play with catanatron in one run."""
    result = run_bench(2, rounds=2)
    for key in ("pioneers", "pioneersApply", "pioneersReplay", "catanatron"):
        assert result[key]["games"] == 2 and result[key]["moves"] > 0
        assert result[key]["gamesPerSecond"] > 0 and result[key]["movesPerSecond"] > 0
    assert result["gamesRatio"] > 0 and result["turnsRatio"] > 0


def test_bench_plays_both_engines_under_the_same_cap() -> None:
    """design.md §11: like with like: every game stops at a win or at the same 200-turn cap."""
    result = run_bench(2, rounds=1)
    assert (result["turnCap"], result["winPoints"]) == (200, 10)
    for key in ("pioneers", "catanatron"):
        figures = result[key]
        assert figures["rounds"] == 1 and 0 < figures["turns"] <= 2 * 200
        assert figures["won"] == 2 or figures["turns"] >= 200
        assert figures["decisions"] >= figures["turns"]


def test_bench_command_ends_with_the_two_ratio_lines() -> None:
    """design.md §11: `replaykit bench` ends with the games/s and then the turns/s ratio line."""
    out = CliRunner().invoke(bench, ["--games", "1", "--rounds", "1"])
    assert out.exit_code == 0, out.output
    last = out.output.strip().splitlines()[-2:]
    assert re.fullmatch(r"games/s ratio vs catanatron: \d+\.\d\d", last[0])
    assert re.fullmatch(r"turns/s ratio vs catanatron: \d+\.\d\d", last[1])


def test_bench_without_catanatron(monkeypatch) -> None:
    """design.md §11: without catanatron the command says how to install it and exits 1."""
    import builtins

    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "catanatron" or name.startswith("catanatron."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    out = CliRunner().invoke(bench, ["--games", "1"])
    assert out.exit_code == 1
    assert "pip install '.[bench]'" in out.output


def test_bench_reports_codex_self_play_beside_its_goal() -> None:
    """issue 14: the bench also times codex random self-play (bots choosing, engine applying)."""
    result = run_bench(1, rounds=1)
    codex = result["codexSelfPlay"]
    assert codex["bot"] == "random" and codex["moves"] > 0 and codex["movesPerSecond"] > 0


def test_bench_runs_outside_a_checkout(tmp_path, monkeypatch) -> None:
    """The engine bench needs no replays folder; only --publishing reads one, and names it when missing."""
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(bench, ["--games", "1", "--rounds", "1"])
    assert out.exit_code == 0, out.output
    assert any(line.startswith("codex random self-play: ") for line in out.output.splitlines())
    missing = CliRunner().invoke(bench, ["--publishing"])
    assert missing.exit_code == 1 and "replays: no such folder of replays [not_found]" in missing.output


def test_bench_reports_the_codex_digest_beside_its_goal() -> None:
    """issue 14: the bench times the codex digest after every move of a recorded game, and the
    report gives it next to the codex self-play line."""
    out = CliRunner().invoke(bench, ["--games", "1", "--rounds", "1"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("codex random self-play: "))
    found = re.match(r"codex digest: (\d+\.\d) µs per move \(goal ≤ 20; .*, (\d+) moves\)$", lines[at + 1])
    assert found and float(found[1]) > 0 and int(found[2]) > 0
