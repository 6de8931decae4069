"""The README runs as written (issue 11 item 6).

Every ```sh block of README.md is run, line by line and in order, in a temporary folder
holding a copy of ``replays/``; a relative path a command names that is a file (or folder)
of the checkout is copied in first, so an example may use ``tests/codex/data/...``. A block
that drives ``git bisect`` runs in a throwaway git repository of the checkout with two
commits: a good one dated two months back and one that breaks the recorded game.

``replaykit`` resolves to this checkout (a shim on PATH). A command is expected to exit 0
unless its comment starts ``exits N``. A ```text block introduced by a line ending in
``prints:`` shows real output: each of its lines must appear in the output of the sh block
before it. New examples are covered without touching this file.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

# Lines the test does not run (by how they start), each with the reason.
EXCLUDED = {
    "pip install": "installs packages into the running environment",
    "python -m pytest": "runs the test suite, which is what is running this test",
}
EXIT_NOTE = re.compile(r"#\s*exits (\d+)\b")
MARK = "@@readme@@"


@dataclass
class Block:
    """One fenced block of the README: its language, first line number and lines."""

    lang: str
    line: int
    lines: list[str]
    intro: str = ""


@dataclass
class Ran:
    """One command of a block as run: its exit code and its output (stdout and stderr)."""

    block: Block
    command: str
    expected: int
    code: int = -1
    output: str = ""


@dataclass
class Run:
    """Everything the README's blocks did."""

    ran: list[Ran] = field(default_factory=list)
    outputs: dict[int, str] = field(default_factory=dict)  # sh block line -> its whole output
    excluded: list[tuple[str, str]] = field(default_factory=list)
    clone: Path | None = None


def readme_blocks() -> list[Block]:
    blocks: list[Block] = []
    current: Block | None = None
    previous = ""
    for number, text in enumerate(README.read_text(encoding="utf-8").splitlines(), start=1):
        if current is None:
            fence = re.match(r"^```(\w*)\s*$", text)
            if fence:
                current = Block(fence.group(1), number, [], previous)
            elif text.strip():
                previous = text.strip()
        elif text.startswith("```"):
            blocks.append(current)
            current, previous = None, ""
        else:
            current.lines.append(text)
    return blocks


def commands(block: Block) -> list[str]:
    """The block's command lines (continuations joined; blank and comment-only lines dropped)."""
    out: list[str] = []
    pending = ""
    for text in block.lines:
        if text.rstrip().endswith("\\"):
            pending += text.rstrip()[:-1] + " "
            continue
        text = pending + text
        pending = ""
        if text.strip() and not text.lstrip().startswith("#"):
            out.append(text.strip())
    return out


def exclusion(command: str) -> str | None:
    return next((reason for prefix, reason in EXCLUDED.items() if command.startswith(prefix)), None)


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [name for name in listed.split("\0") if name]


def copy_mentioned(command: str, tracked: list[str], into: Path) -> None:
    """Copy the checkout's files that ``command`` names (a file, or every file under a folder)."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return
    for word in words:
        name = word.rstrip("/")
        if not name or name.startswith(("-", "/")) or (into / name).exists():
            continue
        for rel in tracked:
            if rel == name or rel.startswith(name + "/"):
                (into / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / rel, into / rel)


def shim(folder: Path, source: Path) -> dict[str, str]:
    """An environment whose ``replaykit`` runs the package in ``source``."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    script = bin_dir / "replaykit"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m toolkit "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    env = dict(os.environ, PYTHONPATH=str(source), PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    env.update(PYTHONDONTWRITEBYTECODE="1", GIT_PAGER="cat", GIT_AUTHOR_NAME="readme test",
               GIT_AUTHOR_EMAIL="readme@example.invalid", GIT_COMMITTER_NAME="readme test",
               GIT_COMMITTER_EMAIL="readme@example.invalid")
    return env


def git(repo: Path, env: dict[str, str], *args: str, date: str | None = None) -> str:
    extra = {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date} if date else {}
    return subprocess.run(
        ["git", *args], cwd=repo, env={**env, **extra}, capture_output=True, text=True, check=True
    ).stdout.strip()


# The bad commit of the throwaway repository: pioneers is won at 9 points instead of 10, so
# the recorded game.json ends early and its later moves no longer replay.
BREAK_FILE = "toolkit/games/pioneers/constants.py"
BREAK = ("WIN_POINTS = 10", "WIN_POINTS = 9")


def history_clone(base: Path, tracked: list[str], game: Path) -> tuple[Path, dict[str, str]]:
    """A git repository of the checkout: a good commit two months old, then a breaking one."""
    repo = base / "history"
    for rel in tracked:
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, repo / rel)
    env = shim(base / "history-bin", repo)
    git(repo, env, "init", "-q")
    git(repo, env, "add", "-A")
    two_months_ago = f"@{int(time.time()) - 60 * 86400} +0000"
    git(repo, env, "commit", "-qm", "good", date=two_months_ago)
    rules = repo / BREAK_FILE
    text = rules.read_text(encoding="utf-8")
    assert BREAK[0] in text, f"{BREAK_FILE} no longer says {BREAK[0]!r}; pick another breaking change"
    rules.write_text(text.replace(BREAK[0], BREAK[1]), encoding="utf-8")
    git(repo, env, "commit", "-qam", "bad: win at 9 points")
    shutil.copy2(game, repo / game.name)
    return repo, env


def run_block(block: Block, cwd: Path, env: dict[str, str], expected: list[int]) -> list[tuple[int, str]]:
    """Run the block's commands in one bash process; each command's exit code and output."""
    script = ["set +e"]
    for command in commands(block):
        script += [f"printf '\\n{MARK}\\n'", f"{{ {command}", "}",
                   f"printf '\\n{MARK} %d\\n' $?"]
    done = subprocess.run(
        ["bash", "-c", "\n".join(script)], cwd=cwd, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=1800,
    )
    results = []
    for chunk in done.stdout.split(f"\n{MARK}\n")[1:]:
        body, _, code = chunk.rpartition(f"\n{MARK} ")
        results.append((int(code.split()[0]), body))
    assert len(results) == len(expected), done.stdout[-2000:]
    return results


@pytest.fixture(scope="module")
def readme_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    base = tmp_path_factory.mktemp("readme")
    work = base / "work"
    shutil.copytree(ROOT / "replays", work / "replays")
    env = shim(base, ROOT)
    tracked = tracked_files()
    run = Run()
    for block in readme_blocks():
        if block.lang != "sh":
            continue
        todo = []
        for command in commands(block):
            reason = exclusion(command)
            if reason is not None:
                run.excluded.append((command, reason))
                continue
            note = EXIT_NOTE.search(command)
            todo.append(Ran(block, command, int(note.group(1)) if note else 0))
            copy_mentioned(command, tracked, work)
        if not todo:
            continue
        cwd, block_env = work, env
        if any(r.command.startswith("git bisect") for r in todo):
            run.clone, block_env = history_clone(base, tracked, work / "game.json")
            cwd = run.clone
        runnable = Block(block.lang, block.line, [r.command for r in todo])
        for ran, (code, output) in zip(todo, run_block(runnable, cwd, block_env, [r.expected for r in todo]),
                                       strict=True):
            ran.code, ran.output = code, output
        run.ran += todo
        run.outputs[block.line] = "\n".join(r.output for r in todo)
    return run


def test_every_sh_block_is_valid_bash() -> None:
    """A block pasted into a shell parses (no placeholders such as <last-good-commit>)."""
    for block in readme_blocks():
        if block.lang == "sh":
            text = "\n".join(block.lines)
            checked = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True)
            assert checked.returncode == 0, f"README.md:{block.line}: {checked.stderr}"


def test_every_command_exits_as_the_readme_says(readme_run: Run) -> None:
    """Each command exits 0, or the code its comment states ("exits N")."""
    wrong = [
        f"README.md:{r.block.line}: {r.command!r} exited {r.code}, expected {r.expected}\n{r.output[-1500:]}"
        for r in readme_run.ran
        if r.code != r.expected
    ]
    assert not wrong, "\n".join(wrong)
    assert len(readme_run.ran) >= 20


def test_no_command_prints_a_traceback(readme_run: Run) -> None:
    """design §7: even the README's failing examples end in one line, never a traceback."""
    assert [r.command for r in readme_run.ran if "Traceback (most recent call last)" in r.output] == []


def test_shown_output_is_real(readme_run: Run) -> None:
    """Every line of a text block introduced by "prints:" appears in the previous block's output."""
    blocks = readme_blocks()
    checked = 0
    for i, block in enumerate(blocks):
        if block.lang != "text" or not block.intro.endswith("prints:"):
            continue
        before = next(b for b in reversed(blocks[:i]) if b.lang == "sh")
        output = {line.rstrip() for line in readme_run.outputs[before.line].splitlines()}
        for line in block.lines:
            assert line.rstrip() in output, f"README.md:{block.line}: {line!r} is not what was printed"
            checked += 1
    assert checked > 0


def test_git_bisect_names_the_breaking_commit(readme_run: Run) -> None:
    """The `git bisect run replaykit replay --check` example finds the commit that broke game.json."""
    assert readme_run.clone is not None, "the README has no git bisect example"
    bisect = next(r for r in readme_run.ran if r.command.startswith("git bisect run"))
    bad = subprocess.run(["git", "rev-parse", "HEAD"], cwd=readme_run.clone, capture_output=True, text=True)
    assert f"{bad.stdout.strip()} is the first bad commit" in bisect.output


def test_only_listed_lines_are_left_unrun(readme_run: Run) -> None:
    """Only install and test-suite lines are skipped, each for its stated reason; the
    Quickstart's two lines are among them, and every other sh line ran."""
    skipped = [command for command, _ in readme_run.excluded]
    assert all(exclusion(command) for command in skipped)
    assert "pip install . && replaykit site" in skipped
    assert "pip install -e '.[test]' && python -m pytest" in skipped
    every = [c for b in readme_blocks() if b.lang == "sh" for c in commands(b)]
    assert len(every) == len(skipped) + len(readme_run.ran)
