"""A replays folder's manifest.json: recognised, validated, formatted, and never replayed."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from toolkit.cli import cli

REPLAYS = Path(__file__).resolve().parent.parent / "replays"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def _manifest(folder: Path, entries: list[dict[str, str]]) -> Path:
    path = folder / "manifest.json"
    path.write_text(json.dumps({"replays": entries}), encoding="utf-8")
    return path


def test_the_published_manifest_validates_and_is_canonical() -> None:
    """validate and fmt accept the whole replays folder, manifest included."""
    files = sorted(str(p) for p in REPLAYS.glob("*.json"))
    code, out = run("validate", *files)
    assert code == 0, out
    assert "manifest.json: valid (manifest, " in out
    assert run("fmt", "--check", *files)[0] == 0


def test_a_listed_file_that_is_missing_is_an_error(tmp_path: Path) -> None:
    """Every entry must name a save beside the manifest."""
    path = _manifest(tmp_path, [{"file": "gone.json", "title": "Gone", "note": ""}])
    code, out = run("validate", str(path))
    assert code == 1
    assert "/replays/0/file: lists 'gone.json'" in out
    assert "[missing_file]" in out


def test_an_entry_without_a_title_points_at_the_entry(tmp_path: Path) -> None:
    """Schema errors in a manifest carry their JSON pointer like any save's."""
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    path = _manifest(tmp_path, [{"file": "a.json", "note": "x"}])
    code, out = run("validate", str(path))
    assert code == 1
    assert "/replays/0: 'title' is a required property" in out


def test_a_manifest_is_not_replayed(tmp_path: Path) -> None:
    """replay says plainly that a manifest is not a save."""
    path = _manifest(tmp_path, [])
    code, out = run("replay", str(path))
    assert code == 1
    assert "not a save [not_a_save]" in out


def test_info_lists_the_entries() -> None:
    """info on a manifest lists each save with its title."""
    code, out = run("info", str(REPLAYS / "manifest.json"))
    assert code == 0
    assert "a replay manifest listing" in out
    assert "pioneers-two-against-two.json: Hugo holds off Kaito" in out
