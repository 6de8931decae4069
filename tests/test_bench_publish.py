"""The publishing benchmark prints one `NAME: VALUE (goal G)` line per figure (no time is asserted)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from site_support import small_archive

from toolkit.cli import cli

LINE = re.compile(r"^[^:]+: \S.* \(goal \S.*\)$")
NAMES = (
    "page bytes per move, pioneers",
    "page bytes per move, codex",
    "build ms per move, pioneers",
    "build ms per move, codex",
    "frames ms per frame, pioneers",
    "frames ms per frame, codex",
    "replay-as-save moves/s",
    "engine-only moves/s",
    "replay path vs apply",
    "full build, --jobs 1",
    "unchanged rebuild vs full build",
    "start-up, replaykit --version",
    "start-up, replaykit replay, a 20-move pioneers save",
    "start-up, replaykit replay, a 20-move codex save",
)


def test_every_publishing_figure_is_one_line_beside_its_goal(tmp_path: Path) -> None:
    """bench --publishing: page weight and build cost (also on a fresh 1,000+ move game of each), frame
    cost, replay path, rebuild, --jobs scaling and start-up."""
    folder = small_archive(tmp_path / "replays", moves=20)
    result = CliRunner().invoke(cli, ["bench", "--publishing", "--replays", str(folder)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines and all(LINE.match(line) for line in lines)
    names = [line.split(": ", 1)[0] for line in lines]
    assert set(NAMES) <= set(names)
    assert any(re.fullmatch(r"full build, --jobs [2-9]\d*", name) for name in names)
    for game in ("pioneers", "codex"):
        for figure in ("page bytes per move", "build ms per move"):
            pattern = rf"{figure}, {game}, a (\d+)-move four-player game"
            long = [re.fullmatch(pattern, n) for n in names]
            assert any(m and int(m.group(1)) >= 1000 for m in long), names
