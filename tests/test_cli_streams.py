"""Standard output as the command's output: UTF-8 whatever the terminal, and one line when it
cannot be written (a full disk, a closed stream, a terminal that cannot show a name)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAVE = ROOT / "tests" / "fixtures" / "pioneers-small.json"


def run(*args: str, encoding: str | None = None, shell_tail: str = "") -> subprocess.CompletedProcess[bytes]:
    """``python -m toolkit ARGS`` in a real process (its own stdout and stderr streams)."""
    env = {**os.environ, "PYTHONIOENCODING": encoding} if encoding else dict(os.environ)
    if shell_tail:
        line = " ".join([sys.executable, "-m", "toolkit", *map(_quoted, args)]) + " " + shell_tail
        return subprocess.run(["sh", "-c", line], cwd=ROOT, env=env, capture_output=True, timeout=120)
    return subprocess.run([sys.executable, "-m", "toolkit", *args], cwd=ROOT, env=env, capture_output=True,
                          timeout=120)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short save whose players have names beyond Latin-1 and beyond the BMP."""
    path = tmp_path_factory.mktemp("streams") / "named.json"
    done = run("record", "pioneers", "--seed", "3", "--players", "3", "--names", "Jo\u00eb,Zo\U0001f600,Ann",
               "-o", str(path))
    assert done.returncode == 0, done.stderr
    return path


@pytest.mark.parametrize("encoding", ["latin-1", "ascii", "utf-8"])
def test_a_save_on_stdout_is_utf8_whatever_the_terminal_encoding(
    named: Path, tmp_path: Path, encoding: str
) -> None:
    """``-o -`` writes the very bytes ``-o FILE`` writes, UTF-8, on a Latin-1 or ASCII terminal too."""
    to_file = tmp_path / "trimmed.json"
    assert run("trim", str(named), "--to", "5", "-o", str(to_file)).returncode == 0
    done = run("trim", str(named), "--to", "5", "-o", "-", encoding=encoding)
    assert done.returncode == 0, done.stderr
    assert done.stdout == to_file.read_bytes()
    assert "Zo\U0001f600" in done.stdout.decode("utf-8")


@pytest.mark.parametrize("command", [["replay"], ["info", "--json"], ["info"]])
def test_a_name_the_terminal_cannot_show_is_escaped_not_a_crash(named: Path, command: list[str]) -> None:
    """A report line holding a character the terminal's encoding lacks is written with an escape."""
    done = run(*command[:1], str(named), *command[1:], encoding="latin-1")
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"\\U0001f600" in done.stdout or b"\\ud83d" in done.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["validate", str(SAVE)], ["info", str(SAVE), "--json"],
                                     ["trim", str(SAVE), "--to", "3", "-o", "-"]])
def test_a_full_disk_on_stdout_is_one_line_and_exit_1(command: list[str]) -> None:
    """Writing to a full disk (``> /dev/full``) fails in one line on stderr, exit code 1."""
    done = run(*command, shell_tail="> /dev/full")
    assert done.returncode == 1
    lines = done.stderr.decode().strip().splitlines()
    assert lines[-1] == "replaykit: cannot write to standard output: No space left on device", lines
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr


def test_a_save_asked_for_on_a_closed_stdout_is_refused_before_any_work() -> None:
    """``-o -`` with standard output closed would lose the save: refused at once, in one line."""
    done = run("record", "pioneers", "--seed", "1", "--players", "3", "-o", "-", shell_tail=">&-")
    assert done.returncode == 1
    lost = "-: standard output is closed; the output would be lost [no_stdout]"
    assert done.stderr.decode().strip() == lost
