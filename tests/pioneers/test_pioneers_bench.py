"""The benchmark runs and reports; it never asserts a speed."""

from __future__ import annotations

import re

from click.testing import CliRunner

from toolkit.bench import run_bench
from toolkit.commands.bench import bench


def test_run_bench_reports_both_engines() -> None:
    """design.md §11: the bench compares our random self-play with catanatron in one run."""
    result = run_bench(2)
    for key in ("pioneers", "pioneersApply", "pioneersReplay", "catanatron"):
        assert result[key]["games"] == 2 and result[key]["moves"] > 0
        assert result[key]["gamesPerSecond"] > 0 and result[key]["movesPerSecond"] > 0
    assert result["gamesRatio"] > 0


def test_bench_command_last_line() -> None:
    """design.md §11: `replaykit bench` ends with the games/s ratio line."""
    out = CliRunner().invoke(bench, ["--games", "1"])
    assert out.exit_code == 0, out.output
    assert re.fullmatch(r"games/s ratio vs catanatron: \d+\.\d\d", out.output.strip().splitlines()[-1])


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
