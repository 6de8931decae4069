"""The per-save work on a Dask distributed cluster gives exactly what one local process gives."""

from __future__ import annotations

import http.server
import json
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from distributed import LocalCluster
from site_support import small_archive, tree

import toolkit
from toolkit import parallel
from toolkit.cli import cli
from toolkit.site import build

ROOT = Path(toolkit.__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A two-worker cluster on the loopback interface; its workers import this checkout."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", str(ROOT))
        with LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
        ) as cluster:
            yield str(cluster.scheduler_address)


def test_check_on_a_cluster_matches_one_process(scheduler: str, tmp_path: Path) -> None:
    """check --scheduler ADDRESS: the same verdicts, in the same order, as --jobs 1."""
    folder = small_archive(tmp_path / "replays", moves=40)
    local = CliRunner().invoke(cli, ["check", str(folder), "--json", "--jobs", "1"])
    remote = CliRunner().invoke(cli, ["check", str(folder), "--json", "--scheduler", scheduler])
    assert (remote.exit_code, local.exit_code) == (0, 0)
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_site_on_a_cluster_matches_one_process(scheduler: str, tmp_path: Path) -> None:
    """site --scheduler ADDRESS builds the pages on the cluster, byte-identical to --jobs 1."""
    folder = small_archive(tmp_path / "replays", moves=40)
    build(folder, tmp_path / "local", jobs=1)
    built = build(folder, tmp_path / "remote", scheduler=scheduler)
    assert built.rebuilt == 3
    assert tree(tmp_path / "remote") == tree(tmp_path / "local")


def test_an_archive_of_many_megabytes_prints_no_dask_advice(
    scheduler: str, tmp_path: Path, recwarn: pytest.WarningsRecorder
) -> None:
    """Each task carries its save, so a large archive is a "large graph" to Dask, whose
    warning (six lines of advice on stderr) is no outcome of the command."""
    import dask

    folder = small_archive(tmp_path / "replays", moves=10)
    with dask.config.set({"distributed.admin.large-graph-warning-threshold": "1B"}):
        result = CliRunner().invoke(cli, ["check", str(folder), "--scheduler", scheduler])
    assert result.exit_code == 0, result.output
    assert not [w for w in recwarn if "large graph" in str(w.message)]
    assert result.stderr == ""


def refused(folder: Path, address: str, command: str = "check") -> str:
    """The one line ``command --scheduler address`` fails with (exit 1, no traceback)."""
    out = folder.parent / "site" if command == "site" else None
    args = [command, str(folder), *(["--out", str(out)] if out else []), "--scheduler", address]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(address + ": "), result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("tcp://127.0.0.1:9", "nothing listens at that address"),
        ("127.0.0.1:9", "nothing listens at that address"),
        ("garbage://host:1", "unknown address scheme 'garbage'"),
        ("tcp://127.0.0.1", "missing port number"),
        ("tcp://127.0.0.1:99999", "port 99999 is out of range"),
        (":::", "not a Dask scheduler address"),
        ("tcp://no-such-host.invalid:8786", "unknown host 'no-such-host.invalid'"),
    ],
)
def test_an_unusable_scheduler_address_is_one_line(tmp_path: Path, address: str, reason: str) -> None:
    """A scheduler address that is malformed, names no host, or where nothing listens: one line
    naming the address and why, exit 1, at once (Dask itself would raise a ``ValueError`` or
    retry a refused connection until its timeout)."""
    folder = small_archive(tmp_path / "replays", moves=10)
    assert reason in refused(folder, address)


@pytest.mark.parametrize(("distribution", "here", "said"), [
    ("replaykit", "9.9.9", f"has replaykit {toolkit.__version__}, not replaykit 9.9.9 (2 of 2 workers)"),
    ("no-such-distribution", "0.1.0", "has no replaykit, not replaykit 0.1.0 (2 of 2 workers)"),
])
@pytest.mark.parametrize("command", ["check", "site"])
def test_workers_without_this_replaykit_are_refused_in_one_line(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, distribution: str, here: str, said: str,
    command: str
) -> None:
    """Workers with another replaykit, or none, could not read the tasks (each would die and be
    restarted for ever): the command says so in one line, exit 1, before handing them any."""
    monkeypatch.setattr(parallel, "DISTRIBUTION", distribution)
    monkeypatch.setattr(parallel, "installed_version", lambda: here)
    folder = small_archive(tmp_path / "replays", moves=10)
    line = refused(folder, scheduler, command)
    assert said in line and line.endswith(": install this version there [no_scheduler]"), line
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("command", ["check", "site"])
def test_workers_that_cannot_import_replaykit_are_refused_from_a_source_tree(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Run from a source tree there is no version to compare, but workers that cannot import
    replaykit would still die on each task for ever: one line, exit 1, before any task."""
    monkeypatch.setattr(parallel, "installed_version", lambda: None)
    monkeypatch.setattr(parallel, "PACKAGE", "no_such_package")
    folder = small_archive(tmp_path / "replays", moves=10)
    line = refused(folder, scheduler, command)
    assert "cannot import replaykit (2 of 2 workers): install it there [no_scheduler]" in line, line
    assert not (tmp_path / "site").exists()


def test_a_scheduler_without_workers_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scheduler no worker joins would leave the command waiting for ever: after
    ``WORKERS_TIMEOUT`` seconds it is one line, exit 1."""
    monkeypatch.setattr(parallel, "WORKERS_TIMEOUT", 1)
    folder = small_archive(tmp_path / "replays", moves=10)
    with LocalCluster(n_workers=0, processes=True, host="127.0.0.1", dashboard_address=":0") as cluster:
        line = refused(folder, str(cluster.scheduler_address))
    assert line.endswith(": the Dask scheduler has no workers (none joined in 1 s) [no_scheduler]"), line


@pytest.mark.parametrize("command", ["check", "site"])
def test_results_of_other_replaykit_code_are_refused_in_one_line(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Workers of this very version can still run other code (an edited checkout, an editable
    install, a worker that joined late): each result comes with the fingerprint of its worker's
    replaykit, and one that differs from this one's stops the command in one line, exit 1,
    with nothing written."""
    monkeypatch.setattr(parallel, "fingerprint", lambda: "0" * 64)
    folder = small_archive(tmp_path / "replays", moves=10)
    line = refused(folder, scheduler, command)
    assert "runs other replaykit code than this one (its source, templates or schemas differ)" in line
    assert line.endswith(": install this replaykit there [no_scheduler]"), line
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(("line", "said"), [
    ("markupsafe 0.0.1", "runs markupsafe {there}, not markupsafe 0.0.1 as here"),
    ("markupsafe -", "runs markupsafe {there}, not no markupsafe as here"),
])
def test_results_from_another_library_version_name_it(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str, said: str
) -> None:
    """A worker whose replaykit files are the same but whose Python or a library that writes the
    pages differs is refused naming that library and both versions: installing replaykit there
    again, as the line for other code says, would not help."""
    from importlib import metadata

    from toolkit.resources import library_versions

    mine = library_versions()
    there = next(row for row in mine.splitlines() if row.startswith("markupsafe ")).split()[1]
    monkeypatch.setattr(parallel, "library_versions", lambda: mine.replace(f"markupsafe {there}", line))
    assert metadata.version("markupsafe") == there
    folder = small_archive(tmp_path / "replays", moves=10)
    found = refused(folder, scheduler)
    assert said.format(there=there) in found, found
    assert found.endswith("(pages and verdicts could differ): install the same version there [no_scheduler]")


class _Records(logging.Handler):
    """Keeps every log record it is handed."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_run_refused_midway_leaves_no_traceback_on_stderr(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused at a result while many tasks still finish, a run cancels them and lets the fetches
    of results under way end before it closes the client: cut short, each was logged (Dask's
    logging prints it on stderr) as an error with its traceback, under the command's one line."""
    monkeypatch.setattr(parallel, "_stamp", lambda: ("0" * 64, ""))
    kept = _Records()
    logger = logging.getLogger("tornado.application")
    logger.addHandler(kept)
    try:
        for _ in range(3):
            with pytest.raises(parallel.SchedulerError, match="runs other replaykit code"):
                list(parallel.run_each(time.sleep, [0.01] * 300, 300, scheduler=scheduler))
            time.sleep(0.5)  # a cut fetch is logged as the client's loop ends it
    finally:
        logger.removeHandler(kept)
    assert [r.getMessage() for r in kept.records if r.exc_info] == []


def test_a_cluster_that_loses_every_worker_is_said_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tasks left on a cluster whose workers have all gone wait for a worker for ever: after
    ``WORKERS_TIMEOUT`` seconds without one, the run stops with one line saying how many
    are left."""
    monkeypatch.setattr(parallel, "WORKERS_TIMEOUT", 1)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        results = parallel.run_each(time.sleep, [0.2] * 20, 20, scheduler=str(cluster.scheduler_address))
        assert next(results) == (0, None)
        cluster.scale(0)
        with pytest.raises(parallel.SchedulerError, match=r"^the Dask cluster lost its workers: none for "
                                                          r"1 s, with \d+ saves left$"):
            list(results)


def test_a_task_that_fails_on_the_cluster_is_said_as_its_failure(scheduler: str) -> None:
    """A task that raises on a worker (or that Dask gives up on, its workers killed) is said as
    that failure: its ``(type, exception, traceback)`` is never read as a worker's stamp (which
    said "the Dask worker at <class 'ValueError'> runs other replaykit code")."""
    with pytest.raises(parallel.SchedulerError) as raised:
        list(parallel.run_each(int, ["1", "x", "3"], 3, scheduler=scheduler))
    assert str(raised.value) == (
        "the Dask cluster could not run a task (ValueError: invalid literal for int() with base 10: 'x')")


class _Finished:
    """A finished future as ``as_completed`` hands it back: its status only."""

    def __init__(self, status: str) -> None:
        self.status = status


class _Done:
    """An ``as_completed`` with results holding one batch of finished tasks."""

    def __init__(self, batch: list[tuple[Any, Any]]) -> None:
        self.batch = batch

    def next_batch(self, block: bool = True) -> list[tuple[Any, Any]]:
        batch, self.batch = self.batch, []
        return batch

    def is_empty(self) -> bool:
        return not self.batch


def test_a_task_the_cluster_cancelled_is_raised_not_unpacked() -> None:
    """A task cancelled under the command (its scheduler lost) comes back from a batch as the
    exception that cancelled it: it is raised as that, to be said in one line, not unpacked as
    a result (a ``TypeError``)."""
    from distributed.client import FutureCancelledError

    lost = FutureCancelledError("_stamped-1", "scheduler-connection-lost", "Client lost the connection.")
    done = _Done([(_Finished("finished"), ("tcp://w", "stamp", 1)), (_Finished("cancelled"), lost)])
    results = parallel._watched(None, done)
    assert next(results)[1] == ("tcp://w", "stamp", 1)
    with pytest.raises(FutureCancelledError):
        next(results)
    assert parallel.cluster_failure(lost) == (
        "the connection to the Dask scheduler was lost before every task was done")


def test_dask_logs_nothing_on_stderr_while_a_run_uses_the_cluster(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a run uses the cluster, Dask's client-side loggers keep their errors to themselves:
    a lost scheduler was logged with a 40-line traceback above the command's one line, which
    says it. Their levels are as they were once the run ends."""
    import logging

    names = ("distributed", "distributed.client", "tornado.application")
    before = [logging.getLogger(name).level for name in names]
    during: list[int] = []

    def run_on(client: Any, func: Any, tasks: Any) -> Iterator[tuple[int, Any]]:
        during.extend(logging.getLogger(name).getEffectiveLevel() for name in names)
        client.close()
        yield 0, None

    monkeypatch.setattr(parallel, "_run_on", run_on)
    assert list(parallel.run_each(str, ["a"], 1, scheduler=scheduler)) == [(0, None)]
    assert during == [logging.CRITICAL] * len(names)
    assert [logging.getLogger(name).level for name in names] == before


def test_a_task_the_cluster_cannot_read_is_said_in_one_line() -> None:
    """A scheduler that cannot read the task graph (replaykit missing there): what the cluster
    needs, then the first sentence of Dask's error; any other failure is named as it is."""
    unread = RuntimeError("Error during deserialization of the task graph. This frequently\noccurs if ...")
    assert parallel.cluster_failure(unread) == (
        "the Dask cluster could not read replaykit's tasks: its scheduler and workers need replaykit "
        "installed, the same version as here (RuntimeError: Error during deserialization of the task graph)")
    assert parallel.cluster_failure(OSError("connection reset")) == (
        "the Dask cluster could not run a task (OSError: connection reset)")


def test_a_stop_on_the_way_to_the_cluster_stays_a_stop(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C that Python 3.11 wraps in a RuntimeError (as a module loads) while the cluster is
    asked is passed on as it came, to be said as a stop (130), not as a cluster's failure."""
    def wrapped(client: Any) -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as stop:
            raise RuntimeError("Error calling __set_name__") from stop

    monkeypatch.setattr(parallel, "_check_workers", wrapped)
    with pytest.raises(RuntimeError) as raised:
        list(parallel.run_each(str, ["a", "b"], 2, scheduler=scheduler))
    assert isinstance(raised.value.__cause__, KeyboardInterrupt)


class _WebServer(http.server.BaseHTTPRequestHandler):
    """Answers every request with a page (how the Dask dashboard's port answers)."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"<html>dashboard</html>")

    def log_message(self, *args: Any) -> None:
        pass


@pytest.mark.parametrize("command", ["check", "site"])
def test_a_web_server_for_a_scheduler_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """An address where a server of another kind answers (a slip to the dashboard's port): one
    line, exit 1, within half the connect timeout again, where the Dask client would read the
    reply as a frame or wait for ever."""
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", 1)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _WebServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        folder = small_archive(tmp_path / "replays", moves=10)
        line = refused(folder, f"tcp://127.0.0.1:{server.server_address[1]}", command)
    finally:
        server.shutdown()
        server.server_close()
    assert "not a Dask scheduler" in line or "no Dask scheduler answered" in line
    assert not (tmp_path / "site").exists()
