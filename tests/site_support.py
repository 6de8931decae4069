"""Small archives for the build, cache, swap and check tests: published games cut short."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
SOURCES = (
    "pioneers-three-player-quick-win.json",
    "pioneers-two-against-two.json",
    "codex-grand-board-oona.json",
)


def cut(name: str, moves: int) -> dict[str, Any]:
    """The published save ``name`` with only its first ``moves`` moves (and their checkpoints)."""
    data = json.loads((REPLAYS / name).read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:moves]
    data["checkpoints"] = [c for c in data.get("checkpoints", []) if c["move"] <= moves]
    return data


def small_archive(folder: Path, moves: int = 40) -> Path:
    """A replays folder of three short games, one of them codex, and a manifest titling one."""
    folder.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(SOURCES):
        (folder / f"game-{i}.json").write_text(json.dumps(cut(name, moves)), encoding="utf-8")
    manifest = {"replays": [{"file": "game-1.json", "title": "The second game"}]}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def tree(folder: Path) -> dict[str, str]:
    """Every file of a folder with the hash of its bytes."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file of a folder with its inode and modification time: what a rewrite changes."""
    return {
        p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }
