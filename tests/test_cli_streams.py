"""Standard output as the command's output: UTF-8 whatever the terminal, and one line when it
cannot be written (a full disk, a closed stream, a terminal that cannot show a name)."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
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


@pytest.mark.parametrize("command", [["validate", str(SAVE)], ["info", str(SAVE), "--json"],
                                     ["trim", str(SAVE), "--to", "3", "-o", "-"]])
def test_a_stdout_that_cannot_grow_is_one_line_and_exit_1(command: list[str], tmp_path: Path) -> None:
    """Standard output on a file that cannot grow (as on a full disk; here a file-size limit of
    0 bytes, so the write fails with EFBIG) fails in one line on stderr, exit code 1."""
    import errno
    import resource

    def no_growth() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))

    with open(tmp_path / "out", "wb") as out:
        done = subprocess.run([sys.executable, "-m", "toolkit", *command], cwd=ROOT, stdout=out,
                              stderr=subprocess.PIPE, preexec_fn=no_growth, timeout=120)
    assert done.returncode == 1
    lines = done.stderr.decode().strip().splitlines()
    assert lines == [f"replaykit: cannot write to standard output: {os.strerror(errno.EFBIG)}"], lines
    assert (tmp_path / "out").read_bytes() == b""


def test_a_save_asked_for_on_a_closed_stdout_is_refused_before_any_work() -> None:
    """``-o -`` with standard output closed would lose the save: refused at once, in one line."""
    done = run("record", "pioneers", "--seed", "1", "--players", "3", "-o", "-", shell_tail=">&-")
    assert done.returncode == 1
    lost = "-: standard output is closed; the output would be lost [no_stdout]"
    assert done.stderr.decode().strip() == lost


REPORTS = [["info", str(SAVE)], ["validate", str(SAVE), "--json"], ["validate", str(SAVE)]]


@pytest.mark.parametrize("args", REPORTS, ids=["info", "validate --json", "validate"])
def test_a_report_on_a_closed_stdout_is_said_lost(args: list[str]) -> None:
    """A command whose report goes to a closed standard output does not pass for a success:
    one line on standard error says the output is lost, exit 1."""
    done = run(*args, shell_tail=">&-")
    assert done.returncode == 1
    assert done.stderr.decode() == "-: standard output is closed; the output would be lost [no_stdout]\n"


@pytest.mark.parametrize("path", ["/dev/stdout", "/proc/self/fd/1", "/dev/stderr"])
def test_an_output_that_is_the_commands_own_stream_is_refused(path: str, tmp_path: Path) -> None:
    """design §8: ``-o /dev/stdout`` with standard output sent to a file names that very file;
    replaced, the file would lose what the command prints to it (a ``--json`` report). It is
    refused before any work (exit 2), and the file keeps what was printed."""
    report = tmp_path / "report.json"
    done = run("trim", str(SAVE), "--to", "5", "-o", path, "--json",
               shell_tail=f"> {_quoted(str(report))} 2>> {_quoted(str(report))}")
    assert done.returncode == 2
    printed = report.read_text(encoding="utf-8")
    document = json.loads(printed[: printed.rindex("}") + 1]) if printed.startswith("{") else None
    assert document is not None and document["errors"][0]["code"] == "output_is_stream", printed


LONG = ROOT / "replays" / "codex-grand-board-oona.json"


def _stopped_midway(
    args: list[str], staging: str, sig: int, parent: Path
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m toolkit ARGS`` in a process group of its own, send ``sig`` to the group
    once a staging folder named ``staging*`` appears in ``parent`` (the work is under way),
    and collect the process."""
    process = subprocess.Popen([sys.executable, "-m", "toolkit", *args], cwd=ROOT, start_new_session=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(staging) for p in parent.iterdir()):
        assert process.poll() is None and time.monotonic() < deadline, "the work never started"
        time.sleep(0.02)
    os.killpg(process.pid, sig)  # to the command and its workers, as a terminal's Ctrl-C is
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(args, process.returncode, out, err)


@pytest.mark.parametrize(("sig", "code", "said"), [(signal.SIGTERM, 143, "terminated"),
                                                   (signal.SIGINT, 130, "interrupted")])
def test_a_signal_midway_leaves_the_output_as_it_was_and_no_staging_folder(
    tmp_path: Path, sig: int, code: int, said: str
) -> None:
    """``kill`` (SIGTERM) or Ctrl-C (SIGINT) while frames are being written: one line, exit
    143 or 130, the output folder as it was and the staging folder removed."""
    out = tmp_path / "frames"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    done = _stopped_midway(["frames", str(LONG), "-o", str(out)], ".frames-", sig, out)
    assert done.returncode == code, done.stderr
    assert done.stderr.decode() == said + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["frames"]
    assert sorted(p.name for p in out.iterdir()) == ["keep.txt"]


def test_an_interrupted_site_build_with_json_prints_one_document(tmp_path: Path) -> None:
    """With ``--json``, an interruption is still exactly one JSON document on stdout (exit 130)."""
    args = ["site", str(ROOT / "replays"), "-o", str(tmp_path / "site"), "--no-cache", "--json", "-j", "2"]
    done = _stopped_midway(args, ".site.", signal.SIGINT, tmp_path)
    assert done.returncode == 130
    document = json.loads(done.stdout)
    assert document["exit"] == 130 and document["errors"][0]["code"] == "interrupted"
    assert done.stderr == b""  # with --json, nothing on stderr
    assert not (tmp_path / "site").exists() and list(tmp_path.iterdir()) == []


_LANDING = """
import builtins, os, signal, sys, weakref
real, landed, where = builtins.__import__, getattr(signal, sys.argv[1]), sys.argv[2]
class Landing:
    def __set_name__(self, owner, name):
        os.kill(os.getpid(), landed)
class Lock:
    pass
def landing(name, *args, **kwargs):
    if name == where:
        HOOK
    return real(name, *args, **kwargs)
builtins.__import__ = landing
sys.argv = ["replaykit", "info", "x.json", *sys.argv[3:]]
from toolkit.__main__ import main
main()
"""
SENT = "os.kill(os.getpid(), landed)"
IN_A_CALLBACK = "ref = weakref.ref(Lock(), lambda ref: os.kill(os.getpid(), landed))"
AS_A_CLASS_IS_MADE = 'type("Made", (), {"field": Landing()})'


def _landed(hook: str, sig: str, where: str, as_json: bool = False) -> subprocess.CompletedProcess[bytes]:
    """``replaykit info x.json`` (``--json``), run with ``hook`` sending ``sig`` to itself as
    module ``where`` is imported: plainly (:data:`SENT`), from a weakref callback (Python drops
    what one raises) or as a class is made (Python 3.11 wraps what ``__set_name__`` raises)."""
    script = _LANDING.replace("HOOK", hook)
    args = [sys.executable, "-c", script, sig, where, *(["--json"] if as_json else [])]
    return subprocess.run(args, cwd=ROOT, capture_output=True, timeout=120)


def _said_as_a_stop(done: subprocess.CompletedProcess[bytes], code: int, said: str, as_json: bool) -> None:
    """The command stopped as any stop is said: its exit code, and one line on stderr (or one
    JSON document on stdout and nothing on stderr)."""
    assert done.returncode == code, done.stderr
    if as_json:
        document = json.loads(done.stdout)
        assert (document["exit"], document["errors"][0]["code"], done.stderr) == (code, said, b"")
    else:
        assert (done.stdout, done.stderr.decode()) == (b"", said + "\n")


STOPS = [("SIGTERM", 143, "terminated"), ("SIGINT", 130, "interrupted")]


@pytest.mark.parametrize(("sig", "code", "said"), STOPS)
@pytest.mark.parametrize("as_json", [False, True])
def test_a_signal_while_the_command_line_loads_is_said_in_one_line(
    sig: str, code: int, said: str, as_json: bool
) -> None:
    """Ctrl-C or SIGTERM while the command's modules still load: the same one line (or one
    JSON document) and exit code as later, no traceback."""
    _said_as_a_stop(_landed(SENT, sig, "click", as_json), code, said, as_json)


@pytest.mark.parametrize(("sig", "code", "said"), STOPS)
def test_a_signal_in_a_weakref_callback_still_stops_the_command(sig: str, code: int, said: str) -> None:
    """A signal whose handler runs in a weakref callback or a finaliser (Python drops what they
    raise; the import machinery runs one at the end of every import): the command still stops,
    in one line, no traceback (the stop was dropped, and the command ran on deaf to signals)."""
    _said_as_a_stop(_landed(IN_A_CALLBACK, sig, "click"), code, said, False)


@pytest.mark.parametrize(("sig", "code", "said"), STOPS)
@pytest.mark.parametrize("where", ["click", "toolkit.commands.params"], ids=["command line", "command"])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_signal_as_a_class_is_made_is_said_in_one_line(
    sig: str, code: int, said: str, where: str, as_json: bool
) -> None:
    """Python 3.11 hands on a stop raised in a descriptor's ``__set_name__`` (as a class is made,
    in many a module as it loads) as the cause of a RuntimeError: still one line (or one JSON
    document) and the signal's exit code, not a traceback and exit 1."""
    _said_as_a_stop(_landed(AS_A_CLASS_IS_MADE, sig, where, as_json), code, said, as_json)


def test_a_command_stops_once_and_a_second_signal_does_not_cut_its_way_out() -> None:
    """The first Ctrl-C or SIGTERM is raised where the command is; any signal after it, while
    the command removes what it staged or the interpreter ends, is ignored (it would cut the
    way out in two, or kill the process after it said why it stopped)."""
    from toolkit import signals

    stops = {signal.SIGINT, signal.SIGTERM}
    before = {stop: signal.getsignal(stop) for stop in stops}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    hook = sys.unraisablehook
    try:
        signals.stop_on_signals()
        with pytest.raises(signals.Terminated):
            signal.raise_signal(signal.SIGTERM)
        assert stops <= signal.pthread_sigmask(signal.SIG_BLOCK, [])  # held until the process ends
        for stop in stops:  # one another thread takes still reaches the handler: it does nothing
            handler = signal.getsignal(stop)
            assert callable(handler) and handler(stop, None) is None
    finally:
        for stop in stops:
            signal.signal(stop, signal.SIG_IGN)  # anything pending goes as the mask comes back
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for stop, handler in before.items():
            signal.signal(stop, handler)
        sys.unraisablehook = hook


_CUT_SHORT = """
import os, signal, struct, time
from concurrent.futures import ProcessPoolExecutor
from toolkit import parallel, signals
pools = []
class Recorded(ProcessPoolExecutor):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        pools.append(self)
parallel.ProcessPoolExecutor = Recorded
def work(task):
    if task == 0:  # a result cut short: its length and one byte sent, then the command stopped
        pools[0]._result_queue._writer._send(struct.pack("!i", 1 << 20) + b"x")
        os.kill(os.getppid(), signal.SIGINT)
    time.sleep(60)
signals.stop_on_signals()
start = time.monotonic()
try:
    for _ in parallel.run_each(work, range(2), 2, jobs=2):
        pass
except KeyboardInterrupt:
    print(time.monotonic() - start)
"""


def test_a_pool_stopped_while_a_worker_sends_a_result_ends_at_once() -> None:
    """A worker killed while it sends a result leaves the pool's manager thread waiting for the
    rest: the stop ends that wait at once (it took MANAGER_EXIT_TIMEOUT with every signal ignored,
    then the process hung at exit, deaf to Ctrl-C and SIGTERM)."""
    from toolkit.parallel import MANAGER_EXIT_TIMEOUT

    done = subprocess.run([sys.executable, "-c", _CUT_SHORT], cwd=ROOT, capture_output=True, timeout=30)
    assert (done.returncode, done.stderr) == (0, b"")
    assert float(done.stdout) < MANAGER_EXIT_TIMEOUT / 2


def _from_a_deleted_folder(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m toolkit ARGS`` in a current folder removed before it starts."""
    gone = tmp_path / "gone"
    gone.mkdir()
    run = shlex.join([sys.executable, "-m", "toolkit", *args])
    command = f"cd {shlex.quote(str(gone))} && rmdir {shlex.quote(str(gone))} && exec {run}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(["sh", "-c", command], env=env, capture_output=True, timeout=120)


def test_a_deleted_current_folder_is_named_and_absolute_paths_still_work(tmp_path: Path) -> None:
    """design §7: a relative path in a current folder that was deleted meanwhile is one line,
    exit 1 (no traceback); with absolute paths the command works as anywhere else."""
    lost = _from_a_deleted_folder(tmp_path, "frames", str(SAVE), "--to", "2", "-o", "frames")
    assert lost.returncode == 1
    assert lost.stderr.decode() == (".: the current folder no longer exists; run from one that does, "
                                    "or give absolute paths [no_current_folder]\n")
    out = tmp_path / "site"
    small = tmp_path / "replays"
    small.mkdir()
    (small / "game.json").write_bytes((ROOT / "replays" / "pioneers-two-against-two.json").read_bytes())
    done = _from_a_deleted_folder(tmp_path, "site", str(small), "-o", str(out), "--no-cache", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert (out / "index.html").is_file()
