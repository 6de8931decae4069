"""Hostile files around a save, not in it: toolkit/saves.py's rules for reading and writing.

* The JSON pre-scan (``_check_shape``) is one linear pass: a string that never closes is
  refused at once with the parser's message, and every text gets the verdict it got from
  the plain string pattern the scan used before.
* Only a regular file is read (symlinks followed): a named pipe, socket or device is
  refused with one line and exit 1, and is never opened in a way that waits.
* ``fmt`` (through ``write_atomic``) writes a symlink through, to the file it ends at, and
  keeps the replaced file's permission bits; a new file gets 0o666 less the umask.
* ``write_files_into`` checks every destination before moving any file in: a folder, pipe
  or socket where a file goes is refused naming that file, and the folder stays as it was.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import random
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from folder_support import contents

from toolkit import saves, signals
from toolkit.cli import cli
from toolkit.saves import MAX_BYTES, SaveError, parse, read_input, read_whole, write_atomic, write_files_into

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = FIXTURES / "pioneers-small.json"
# The string pattern the pre-scan used before it was made linear: the reference for JSON text.
PLAIN_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
PIPE_LINE = "is a named pipe, not a regular file [not_a_regular_file]"


def _run(args: list[str]) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    return result.exit_code, lines


def _refusal(text: str) -> str | None:
    """The code ``parse`` refuses ``text`` with, or None when it is accepted."""
    try:
        parse("t.json", text)
    except SaveError as exc:
        return exc.problem.code
    return None


# ---------------------------------------------------------------- the linear pre-scan


def test_a_megabyte_string_that_never_closes_is_refused_as_malformed(tmp_path: Path) -> None:
    """An opening quote followed by 500,000 escaped quotes (1 MB) is refused with the parser's
    one line: the pre-scan passes over it once instead of retrying from every quote."""
    save = tmp_path / "unclosed.json"
    save.write_text('"' + '\\"' * 500_000, encoding="utf-8")
    status, lines = _run(["validate", str(save)])
    assert status == 1
    assert lines == [f"{save}: malformed JSON at line 1 column 1: Unterminated string starting at [bad_json]"]


@pytest.mark.parametrize(
    "text",
    [
        '"' + "a" * 1_000_000,
        '"\\\n' * 300_000,
        "[" + '"\\"' * 300_000,
        '{"a": "' + "\\\\" * 400_000,
    ],
    ids=["plain", "backslash-newline", "escaped-quotes-in-array", "escaped-backslashes"],
)
def test_other_unclosed_megabyte_strings_are_refused_as_malformed(text: str) -> None:
    """Each shape of string that stops without closing (at the end, at a backslash before a
    newline) is malformed JSON, found in one pass over a megabyte of it."""
    assert _refusal(text) == "bad_json"


def test_the_scan_blanks_what_the_plain_pattern_blanks_in_json() -> None:
    """On texts of JSON strings (escapes included) among brackets, commas and spaces, the
    linear scan leaves exactly the text the plain string pattern left, so the counts of values
    and depth of every well-formed save, and the verdicts built on them, are unchanged."""
    strings = ['"a"', '""', '"\\""', '"\\\\"', '"[{,"', '"\\u00e9\\n"', '"é ]"']
    pieces = [*strings, ",", "[", "]", "{", "}", " ", ":", "1", "\n"]
    rng = random.Random(20240613)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        assert saves._STRING.sub("", text) == PLAIN_STRING.sub("", text), text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('"never closed ' + "[" * 70, "bad_json"),
        ('"stops here \\\n' + "[" * 70 + "]" * 70, "bad_json"),
        ('"\\"' + "[" * 70, "bad_json"),
        ('["closed", "x"' + "[" * 70, "too_deep"),
        ("[" * 70 + '"never closed', "too_deep"),
        ('"' + "[" * 70 + '"', "not_an_object"),
    ],
)
def test_an_unclosed_string_ends_the_count_not_the_checks_before_it(text: str, code: str) -> None:
    """A quote whose string never closes blanks the rest of the text (malformed JSON, refused
    when parsed); brackets before it still count toward the depth limit, and brackets inside
    a closed string never count."""
    assert _refusal(text) == code


# ---------------------------------------------------------------- only regular files are read


@contextlib.contextmanager
def _never_left_waiting(pipe: Path) -> Iterator[list[bool]]:
    """While the block runs, a thread opens ``pipe`` for writing whenever someone has it open
    for reading and closes it at once: a reader that opened it and waits gets end-of-file, so
    a regression fails instead of hanging. The list yielded holds True once that happened."""
    opened: list[bool] = []
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.005):
            try:
                fd = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                if exc.errno != errno.ENXIO:  # ENXIO: nobody is reading; anything else ends the watch
                    return
                continue
            opened.append(True)
            os.close(fd)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield opened
    finally:
        done.set()
        thread.join()


@pytest.fixture
def folder_with_pipe(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A folder holding one good save and a named pipe called ``stray.json``; and an output folder."""
    folder = tmp_path / "saves"
    folder.mkdir()
    good = folder / "good.json"
    good.write_bytes(SMALL.read_bytes())
    pipe = folder / "stray.json"
    os.mkfifo(pipe)
    out = tmp_path / "out"
    out.mkdir()
    return folder, pipe, out


def _pipe_commands(folder: Path, pipe: Path, out: Path) -> dict[str, list[str]]:
    good = str(folder / "good.json")
    p = str(pipe)
    return {
        "validate": ["validate", p],
        "info": ["info", p],
        "replay": ["replay", p],
        "fmt --check": ["fmt", "--check", p],
        "fmt": ["fmt", p],
        "moves --state": ["moves", "--state", p],
        "frames": ["frames", p, "-o", str(out / "frames")],
        "trim": ["trim", p, "--to", "1", "-o", str(out / "trimmed.json")],
        "diff": ["diff", good, p],
        "bisect": ["bisect", "--diverges", p],
        "check": ["check", "--jobs", "1", str(folder)],
        "site": ["site", str(folder), "-o", str(out / "site"), "--jobs", "1", "--no-cache"],
    }


@pytest.mark.parametrize("command", list(_pipe_commands(Path("f"), Path("p"), Path("o"))))
def test_a_named_pipe_is_refused_in_one_line_without_waiting(
    command: str, folder_with_pipe: tuple[Path, Path, Path]
) -> None:
    """Every command that reads a save (or a folder of them) refuses a named pipe with one line
    naming it, exits 1, never opens it to read, and leaves it a named pipe."""
    folder, pipe, out = folder_with_pipe
    with _never_left_waiting(pipe) as opened:
        status, lines = _run(_pipe_commands(folder, pipe, out)[command])
    mine = [line for line in lines if str(pipe) in line]
    assert status == 1
    assert len(mine) == 1 and PIPE_LINE in mine[0], lines
    if command not in ("check", "site"):  # these also report the good save and a summary
        assert lines == mine
    assert not opened
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_frames_state_refuses_a_named_pipe(folder_with_pipe: tuple[Path, Path, Path]) -> None:
    """``frames --state`` refuses a named pipe like every other input (one line, exit 1)."""
    _folder, pipe, out = folder_with_pipe
    with _never_left_waiting(pipe) as opened:
        status, lines = _run(["frames", "--state", str(pipe), "-o", str(out)])
    assert status == 1 and len(lines) == 1 and PIPE_LINE in lines[0]
    assert not opened


def test_a_symlink_to_a_named_pipe_is_refused(tmp_path: Path) -> None:
    """A symlink is followed, and what it ends at must be a regular file."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    link = tmp_path / "link.json"
    link.symlink_to(pipe)
    with _never_left_waiting(pipe) as opened, pytest.raises(SaveError) as caught:
        read_input(link)
    assert caught.value.problem.line() == f"{link}: {PIPE_LINE}"
    assert read_whole(link) is None and not opened


def test_a_device_or_a_socket_is_refused_by_its_kind(tmp_path: Path) -> None:
    """A character device or a socket is not a save file: refused, saying what it is (a device
    is not read to its end, which may be never)."""
    path = tmp_path / "sock.json"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        for given, kind in ((Path(os.devnull), "a character device"), (path, "a socket")):
            with pytest.raises(SaveError) as caught:
                read_input(given)
            problem = caught.value.problem
            assert problem.line() == f"{given}: is {kind}, not a regular file [not_a_regular_file]"


def test_a_pipe_swapped_in_after_the_check_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The opened file is checked again: a named pipe that replaced a regular file between the
    check and the open is opened without waiting and refused."""
    pipe = tmp_path / "swapped.json"
    os.mkfifo(pipe)
    regular = os.stat(SMALL)
    real_stat = os.stat

    def stat_before_swap(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        return regular if str(path) == str(pipe) else real_stat(path, *args, **kwargs)

    monkeypatch.setattr(saves.os, "stat", stat_before_swap)
    with _never_left_waiting(pipe) as opened, pytest.raises(SaveError) as caught:
        read_input(pipe)
    assert caught.value.problem.line() == f"{pipe}: {PIPE_LINE}"
    assert not opened


def test_a_file_that_grew_past_the_limit_after_the_check_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading stops one byte past MAX_BYTES, however small the file said it was: one that grew
    after its size was checked is refused as too large, never read to its end."""
    save = tmp_path / "growing.json"
    with open(save, "wb") as handle:
        handle.truncate(MAX_BYTES + 100)
    small = os.stat(SMALL)
    real_stat, real_fstat = os.stat, os.fstat

    def stat_as_small(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        return small if str(path) == str(save) else real_stat(path, *args, **kwargs)

    def fstat_as_small(fd: int) -> os.stat_result:
        found = real_fstat(fd)
        return small if found.st_ino == real_stat(save).st_ino else found

    monkeypatch.setattr(saves.os, "stat", stat_as_small)
    monkeypatch.setattr(saves.os, "fstat", fstat_as_small)
    with pytest.raises(SaveError) as caught:
        read_input(save)
    assert caught.value.problem.code == "too_large"
    assert caught.value.problem.message.startswith(f"file is {MAX_BYTES + 1} bytes;")


def test_missing_files_and_folders_keep_their_lines(tmp_path: Path) -> None:
    """The lines for a missing file and a folder are as they were; a regular file is read whole."""
    missing = tmp_path / "missing.json"
    for path, line in (
        (missing, f"{missing}: no such file [not_found]"),
        (tmp_path, f"{tmp_path}: is a directory, not a save file [not_a_file]"),
    ):
        with pytest.raises(SaveError) as caught:
            read_input(path)
        assert caught.value.problem.line() == line
    assert read_input(SMALL) == SMALL.read_bytes() == read_whole(SMALL)


# ---------------------------------------------------------------- writing through links, keeping modes


def _uncanonical(path: Path) -> bytes:
    """Write the small save to ``path`` on one line (not canonical form); return those bytes."""
    raw = json.dumps(json.loads(SMALL.read_text(encoding="utf-8"))).encode("utf-8")
    path.write_bytes(raw)
    return raw


def _canonical(path: Path) -> bool:
    status, _lines = _run(["fmt", "--check", str(path)])
    return status == 0


def test_fmt_writes_a_symlink_through_and_the_link_stays(tmp_path: Path) -> None:
    """fmt on a chain of symlinks reformats the file at its end, in that file's folder (no
    temporary file is left in either folder); both links stay links."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "real.json"
    before = _uncanonical(real)
    middle = tmp_path / "middle.json"
    middle.symlink_to(real)
    link = tmp_path / "link.json"
    link.symlink_to("middle.json")
    status, lines = _run(["fmt", str(link)])
    assert (status, lines) == (0, [f"{link}: reformatted"])
    assert link.is_symlink() and os.readlink(link) == "middle.json" and middle.is_symlink()
    assert real.read_bytes() != before and _canonical(real)
    assert sorted(p.name for p in elsewhere.iterdir()) == ["real.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "link.json", "middle.json"]


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o755, 0o200], ids=oct)
def test_fmt_keeps_the_permission_bits(tmp_path: Path, mode: int) -> None:
    """A file fmt rewrites keeps its permission bits."""
    save = tmp_path / "save.json"
    _uncanonical(save)
    save.chmod(mode)
    status, _lines = _run(["fmt", str(save)])
    assert status == 0 and _canonical(save)
    assert stat.S_IMODE(save.stat().st_mode) == mode


@pytest.mark.parametrize("mode", [0o444, 0o400, 0o000], ids=oct)
def test_fmt_leaves_a_read_only_file_as_it_is(tmp_path: Path, mode: int) -> None:
    """A file nobody may write (its permissions say it is not to be changed) is not
    reformatted, though its folder would let a new file take its name: one line, exit 1."""
    save = tmp_path / "save.json"
    before = _uncanonical(save)
    save.chmod(mode)
    try:
        status, lines = _run(["fmt", str(save)])
        assert status == 1 and lines == [f"{save}: is read-only; not reformatted [read_only]"]
        assert stat.S_IMODE(save.stat().st_mode) == mode
        save.chmod(0o600)
        assert save.read_bytes() == before
    finally:
        save.chmod(0o600)


def test_fmt_rewrites_a_hard_linked_file_in_place(tmp_path: Path) -> None:
    """A save with another hard link is rewritten in place: both names read the canonical text
    (a new file taking one name would part it from the other)."""
    save = tmp_path / "save.json"
    _uncanonical(save)
    twin = tmp_path / "twin.json"
    os.link(save, twin)
    inode = save.stat().st_ino
    status, lines = _run(["fmt", str(save)])
    assert (status, lines) == (0, [f"{save}: reformatted"])
    assert save.stat().st_ino == twin.stat().st_ino == inode and save.stat().st_nlink == 2
    assert _canonical(twin)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json", "twin.json"]


def test_the_mode_of_the_file_a_link_ends_at_is_kept(tmp_path: Path) -> None:
    """Through a symlink, the permission bits kept are those of the file it ends at."""
    real = tmp_path / "real.json"
    _uncanonical(real)
    real.chmod(0o604)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "{}\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "{}\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o604


def test_a_new_file_gets_0666_less_the_umask(tmp_path: Path) -> None:
    """A file that did not exist is created with 0o666 less the umask, as before; a dangling
    symlink is written through, creating the file it names."""
    old = os.umask(0o027)
    try:
        new = tmp_path / "new.json"
        write_atomic(new, "{}\n")
        target = tmp_path / "target.json"
        dangling = tmp_path / "dangling.json"
        dangling.symlink_to(target)
        write_atomic(dangling, b"[]\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(new.stat().st_mode) == 0o640
    assert dangling.is_symlink() and target.read_bytes() == b"[]\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_loop_of_symlinks_is_an_error_and_stays(tmp_path: Path) -> None:
    """A symlink loop cannot be written through: an OSError (ELOOP), and the links are left as
    they were, never replaced by a file."""
    a = tmp_path / "a.json"
    b = tmp_path / "b.json"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(OSError) as caught:
        write_atomic(a, "{}\n")
    assert caught.value.errno == errno.ELOOP
    assert a.is_symlink() and b.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


# ---------------------------------------------------------------- write_files_into

FILES = [("a.svg", "new a"), ("b.svg", "new b"), ("c.svg", "new c")]


@pytest.mark.parametrize("kind", ["folder", "named pipe", "socket"])
def test_write_files_into_refuses_a_destination_that_is_not_a_file(tmp_path: Path, kind: str) -> None:
    """A folder, pipe or socket where the last file goes: an OSError naming that file (not a
    staging path), before any file is moved in; the folder and its old files stay as they were."""
    target = tmp_path / "out"
    target.mkdir()
    (target / "a.svg").write_text("old a", encoding="utf-8")
    (target / "keep.txt").write_text("mine", encoding="utf-8")
    blocked = target / "c.svg"
    with contextlib.ExitStack() as stack:
        if kind == "folder":
            blocked.mkdir()
            reason = "is a folder, not a file"
        elif kind == "named pipe":
            os.mkfifo(blocked)
            reason = "is a named pipe, not a regular file"
        else:
            sock = stack.enter_context(socket.socket(socket.AF_UNIX))
            sock.bind(str(blocked))
            reason = "is a socket, not a regular file"
        before = contents(target)
        with pytest.raises(OSError) as caught:
            write_files_into(target, FILES)
        assert caught.value.filename == str(blocked)
        assert caught.value.strerror == reason
        assert contents(target) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # the staging folder is gone


def test_write_files_into_replaces_a_symlink_and_not_what_it_points_to(tmp_path: Path) -> None:
    """A symlink where a file goes is replaced by the file; the file it pointed to is untouched."""
    target = tmp_path / "out"
    target.mkdir()
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("theirs", encoding="utf-8")
    (target / "b.svg").symlink_to(elsewhere)
    written = write_files_into(target, FILES)
    assert written == [target / name for name, _ in FILES]
    assert contents(target) == {name: text.encode() for name, text in FILES}
    assert elsewhere.read_text(encoding="utf-8") == "theirs"


def test_write_files_into_names_the_destination_when_a_move_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename that fails after the checks is reported naming the file in the folder, with
    the system's reason, never the hidden staging file."""
    target = tmp_path / "out"
    real_replace = os.replace

    def failing(src: Any, dst: Any) -> None:
        if Path(dst).name == "b.svg":
            raise OSError(errno.EACCES, os.strerror(errno.EACCES), str(src), None, str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(saves.os, "replace", failing)
    with pytest.raises(OSError) as caught:
        write_files_into(target, FILES)
    assert caught.value.filename == str(target / "b.svg")
    assert caught.value.strerror == os.strerror(errno.EACCES)


def test_write_files_into_an_existing_folder_stages_inside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files bound for an existing folder are staged in a hidden folder inside it, so each move
    stays on one file system (a mount point's parent is another) and the parent is never
    written: `frames -o .` works where the folder above cannot be written."""
    target = tmp_path / "out"
    target.mkdir()
    moved: list[Path] = []
    real_replace = os.replace

    def recording(src: Any, dst: Any) -> None:
        moved.append(Path(src))
        real_replace(src, dst)

    monkeypatch.setattr(saves.os, "replace", recording)
    monkeypatch.chdir(target)
    assert write_files_into(".", FILES) == [Path(name) for name, _ in FILES]
    assert {path.parent.parent for path in moved} == {Path(".")}
    assert all(path.parent.name.startswith(".files-") for path in moved)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert contents(target) == {name: text.encode() for name, text in FILES}


def test_write_files_into_finishes_its_moves_before_an_interruption(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C that arrives while the files are moved in takes effect after the last move:
    the folder holds all the new files or none of them, never some. So it does while another
    thread runs (a process pool's manager), which the system may hand the signal to."""
    target = tmp_path / "out"
    target.mkdir()
    for name, _ in FILES:
        (target / name).write_text("old", encoding="utf-8")
    real_replace = os.replace

    def interrupted(src: Any, dst: Any) -> None:
        real_replace(src, dst)
        if Path(dst).name == "a.svg":
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(saves.os, "replace", interrupted)
    done = threading.Event()
    other = threading.Thread(target=done.wait)
    other.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            write_files_into(target, FILES)
    finally:
        done.set()
        other.join()
    assert contents(target) == {name: text.encode() for name, text in FILES}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_folder_that_cannot_take_the_staging_folder_is_named_never_the_staging_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """write_files_into's errors name a file in the target or the target itself: when the
    staging folder cannot be made inside an existing folder (no write permission), the error
    names that folder, not the hidden staging name that was never created."""
    import tempfile

    target = tmp_path / "out"
    target.mkdir()

    def refused(prefix: str = "", dir: Any = None, **kwargs: Any) -> str:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.path.join(dir, prefix + "abcdefgh"))

    monkeypatch.setattr(tempfile, "mkdtemp", refused)
    with pytest.raises(OSError) as caught:
        write_files_into(target, FILES)
    assert caught.value.filename == str(target)
    assert caught.value.strerror == os.strerror(errno.EACCES)


REMOVE = """
import os, shutil, sys
from pathlib import Path
from toolkit.saves import remove_tree
for name in ("ours", "plain"):
    site = Path(sys.argv[1]) / name
    (site / "replays").mkdir(parents=True)
    (site / "replays" / "a.html").write_text("old page")
    for folder in (site / "replays", site):
        os.chmod(folder, 0o555)
remove_tree(Path(sys.argv[1]) / "ours")
shutil.rmtree(Path(sys.argv[1]) / "plain", ignore_errors=True)
print(sorted(p.name for p in Path(sys.argv[1]).iterdir()))
"""


def _bound_by_permissions() -> None:
    """In a child about to run a program as root: drop the capabilities that let root ignore
    folder permissions (override, read-search, owner), so they bind it as any user."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "cannot drop a capability")


def test_a_read_only_old_site_is_removed_whole(tmp_path: Path) -> None:
    """A site someone made read-only (``chmod -R a-w``) is still removed whole once a build has
    swapped it out, where a plain ``rmtree`` leaves it behind. Run where folder permissions
    bind (root gives up the capabilities that bypass them)."""
    bound = _bound_by_permissions if os.geteuid() == 0 else None
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", REMOVE, str(tmp_path)], env=env, capture_output=True,
                          text=True, timeout=60, preexec_fn=bound, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['plain']"


REMOVE_UNREADABLE = """
import os, sys
from pathlib import Path
from toolkit.saves import remove_tree
base = Path(sys.argv[1])
holder = base / "holder"
site = holder / ".site.old-abcdefgh"
(site / "cards" / "deep").mkdir(parents=True)
(site / "cards" / "deep" / "a.html").write_text("old page")
(site / "cards" / "b.html").write_text("old page")
outside = base / "outside"
outside.mkdir()
(outside / "keep").write_text("theirs")
os.symlink(outside, site / "link")
os.chmod(site / "cards" / "deep", 0o000)
os.chmod(site / "cards", 0o300)
os.chmod(outside, 0o500)
os.chmod(holder, 0o300)
remove_tree(site)
link = holder / ".x.build-abcdefgh"
os.symlink(outside, link)
remove_tree(link)
print(os.path.lexists(site), oct(os.stat(holder).st_mode & 0o777), oct(os.stat(outside).st_mode & 0o777),
      (outside / "keep").read_text(), os.path.islink(link))
"""


def test_an_unreadable_folder_in_an_old_site_is_removed_nothing_outside_changes(tmp_path: Path) -> None:
    """A folder in the site that cannot be read (``chmod 0``) is opened up and removed, not a
    traceback; the folder holding the site keeps its permissions, and neither a link inside
    the site nor a link given in its place has what it leads to touched."""
    bound = _bound_by_permissions if os.geteuid() == 0 else None
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", REMOVE_UNREADABLE, str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=60, preexec_fn=bound, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "0o300", "0o500", "theirs", "True"]


class _Stopped(Exception):
    pass


def _stop(signum: int, frame: object) -> None:
    raise _Stopped(signum)


class _Sender:
    """A thread made before any block, so it holds neither signal: one sent to the process
    from it while the main thread holds them is taken by it, and Python runs the handler in
    the main thread at its next step."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.go, self.sent = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def _run(self) -> None:
        self.go.wait(10)
        if self.asked:
            signal.pthread_kill(threading.get_ident(), self.asked[0])
        self.sent.set()

    def send(self, signum: int) -> None:
        self.asked.append(signum)
        self.go.set()
        self.sent.wait(10)

    def done(self) -> None:
        self.go.set()
        self.thread.join()


@pytest.mark.parametrize("when", ["entering", "leaving"])
def test_a_signal_taken_while_held_swaps_the_handlers_leaves_none_swapped(
    when: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A signal another thread takes between held()'s two handler swaps (entering the block or
    leaving it) stops the command as anywhere else, and leaves both handlers as they were and
    neither signal blocked: no later Ctrl-C or SIGTERM is noted and dropped."""
    real = signal.signal
    before = {stop: real(stop, _stop) for stop in (signal.SIGINT, signal.SIGTERM)}
    sender = _Sender()

    def swap(signum: int, handler: Any) -> Any:
        old = real(signum, handler)
        if signum == signal.SIGINT and (handler is not _stop) == (when == "entering") and not sender.asked:
            sender.send(signal.SIGTERM if when == "entering" else signal.SIGINT)
        return old

    monkeypatch.setattr(signal, "signal", swap)
    try:
        with pytest.raises(_Stopped):
            with signals.held():
                pass
            for _ in range(100):  # a handler owed runs at the next step at the latest
                pass
    finally:
        monkeypatch.setattr(signal, "signal", real)
        sender.done()
        now = {stop: signal.getsignal(stop) for stop in (signal.SIGINT, signal.SIGTERM)}
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, set())
        signals.release()
        for stop, handler in before.items():
            real(stop, handler)
    assert sender.asked
    assert now == {signal.SIGINT: _stop, signal.SIGTERM: _stop}
    assert not blocked & {signal.SIGINT, signal.SIGTERM}
