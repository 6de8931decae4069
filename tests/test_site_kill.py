"""A build killed at any point leaves the previous site whole, and the next build tidies up."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from site_support import small_archive, tree

import toolkit
from toolkit.site import build

ROOT = Path(toolkit.__file__).resolve().parent.parent
BUILD = "import sys; from toolkit.site import build; build(sys.argv[1], sys.argv[2], jobs=1)"


def _staged(parent: Path, pattern: str) -> bool:
    return any(parent.glob(f".site.build-*/{pattern}"))


POINTS: dict[str, Callable[[Path], bool]] = {
    "while starting": lambda parent: True,
    "staging created": lambda parent: _staged(parent, ""),
    "first page staged": lambda parent: _staged(parent, "replays/*.html"),
    "index staged": lambda parent: _staged(parent, "index.html"),
}


def _kill_when(point: Callable[[Path], bool], replays: Path, out: Path) -> int | None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", BUILD, str(replays), str(out)], env=env)
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        if point(out.parent):
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.001)
    return proc.wait(timeout=300)


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str], dict[str, str]]:
    """Two archives (the second retitles a game) and the site each gives."""
    root = tmp_path_factory.mktemp("kill")
    old = small_archive(root / "old", moves=30)
    new = small_archive(root / "new", moves=30)
    manifest = {"replays": [{"file": "game-1.json", "title": "Retitled"}]}
    (new / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    build(old, root / "old-site")
    build(new, root / "new-site")
    return old, new, tree(root / "old-site"), tree(root / "new-site")


@pytest.mark.parametrize("name", sorted(POINTS))
def test_a_killed_build_leaves_the_old_or_the_new_site_whole(
    name: str, sites: tuple[Path, Path, dict[str, str], dict[str, str]], tmp_path: Path
) -> None:
    """design §7: SIGKILL at any point of a build: the output path holds one whole site, never
    a mix and never nothing; the next build removes what the killed one left behind."""
    old, new, old_tree, new_tree = sites
    out = tmp_path / "site"
    build(old, out)
    code = _kill_when(POINTS[name], new, out)
    assert tree(out) in (old_tree, new_tree)
    if name in ("staging created", "first page staged"):  # killed mid-build, its staging left behind
        assert code == -signal.SIGKILL and any(tmp_path.glob(".site.build-*"))
    build(new, out)
    assert tree(out) == new_tree
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
