"""Run one per-save function over many saves: in this process, in worker processes, or on Dask.

``site`` and ``check`` hand each save to a plain top-level function (its inputs and result
pickle), so the same function runs inline (``jobs=1``), in a local process pool
(``jobs=N``) or on an existing Dask distributed cluster (``scheduler=ADDRESS``). Results
come back as they finish, tagged with the task's position; callers put them back in
input order, so the output never depends on where or in which order the work ran.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from toolkit import signals
from toolkit.resources import fingerprint, library_versions

T = TypeVar("T")
R = TypeVar("R")


class SchedulerError(Exception):
    """The Dask scheduler cannot be used: ``distributed`` missing, the address malformed, or no
    scheduler answering there."""


def default_jobs() -> int:
    """The machine's cores (the cores this process may run on, where the system says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every system can say
        return max(1, os.cpu_count() or 1)


def run_each(
    func: Callable[[T], R],
    tasks: Iterable[T],
    count: int,
    jobs: int = 1,
    scheduler: str | None = None,
) -> Generator[tuple[int, R], None, None]:
    """Yield ``(index, func(task))`` for each of the ``count`` tasks, in the order they finish
    (closed before the end, it stops the work: the workers are ended).

    ``tasks`` is consumed lazily where the work stays on this machine (a task is made only
    when a worker is about to need it), so a large corpus is never all in memory at once.
    """
    if count <= 0:
        return
    if scheduler:
        yield from _on_dask(func, tasks, scheduler)
    elif jobs <= 1 or count == 1:
        for i, task in enumerate(tasks):
            yield i, func(task)
    else:
        yield from _in_pool(func, tasks, min(jobs, count))


def _start_method() -> str | None:
    """Fork (the quickest start) when this process runs no other thread; a fork taken while
    another thread holds a lock can hang the child, so then start workers from a fork server."""
    methods = multiprocessing.get_all_start_methods()
    if threading.active_count() > 1 and "forkserver" in methods:
        return "forkserver"
    return "fork" if "fork" in methods else None


def _leave_signals_to_the_parent() -> None:
    """A worker ignores Ctrl-C and SIGTERM sent to the whole process group: the command stops
    its pool itself (see :func:`_in_pool`), so workers never print their own interruption.
    (A worker starts with both held, see :func:`toolkit.signals.held`; one sent meanwhile is
    dropped.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signals.release()


MANAGER_EXIT_TIMEOUT = 10
"""Seconds a stopped pool's manager thread gets to end once its workers are killed."""


def _in_pool(func: Callable[[T], R], tasks: Iterable[T], workers: int) -> Iterator[tuple[int, R]]:
    """A local process pool that keeps at most two tasks per worker in flight."""
    method = _start_method()
    context = multiprocessing.get_context(method) if method else None
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_leave_signals_to_the_parent)
    try:
        pending: dict[Future[R], int] = {}
        queue = iter(enumerate(tasks))

        def top_up() -> None:
            for i, task in queue:
                with signals.held():  # a submit may start a worker: not cut while it forks
                    pending[pool.submit(func, task)] = i
                if len(pending) >= 2 * workers:
                    return

        top_up()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()
            top_up()
    except BaseException:
        # Stopped midway (an error, Ctrl-C, a SIGTERM, the caller letting go): what is queued
        # is dropped and the workers, which leave signals to the command, are ended here, so
        # the process never waits at exit on a worker nobody tells to stop. A pool stopped
        # while it was starting may not shut down cleanly; that must not hide why it stopped.
        started = list((getattr(pool, "_processes", None) or {}).values())  # no public list before 3.14
        manager = getattr(pool, "_executor_manager_thread", None)
        results = getattr(pool, "_result_queue", None)
        with contextlib.suppress(RuntimeError):
            pool.shutdown(wait=False, cancel_futures=True)
        for process in started:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                process.kill()
        # A worker killed while it sent a result leaves the manager thread reading the rest of it,
        # and this process holds the pipe's other end: closed, the read ends with the workers.
        with contextlib.suppress(OSError, AttributeError):
            results._writer.close()  # type: ignore[union-attr]
        # The pool's manager thread closes its wake-up pipe as it ends; still running at exit,
        # it races the interpreter's exit hook that writes to that pipe (a stray traceback).
        if isinstance(manager, threading.Thread) and manager.is_alive():
            manager.join(MANAGER_EXIT_TIMEOUT)
        raise
    pool.shutdown(wait=True)


CONNECT_TIMEOUT = 10
"""Seconds to wait for a scheduler that does not answer."""


def _check_address(address: str) -> None:
    """Refuse at once an address Dask cannot use, or a TCP one where no scheduler can be.

    Dask reads an address as ``scheme://location`` (``tcp://`` when the scheme is left out),
    rejects a malformed one with a ``ValueError`` and retries a refused connection until its
    timeout, as if the scheduler were still starting. A command run by hand wants the answer
    now: an unknown scheme, a missing or impossible port, a host name that does not resolve and
    a port where nothing listens are each reported without waiting. A TCP address is tried with
    one plain connection, closed at once (the scheduler logs it as closed before its
    handshake); the other schemes are left to Dask.
    """
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
        if scheme != "tcp":
            return
        host, port = parse_host_port(location)
    except ValueError as exc:
        raise SchedulerError(f"not a Dask scheduler address: {exc}") from None
    if not 0 < port < 65536:
        raise SchedulerError(f"not a Dask scheduler address: port {port} is out of range")
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            pass
    except socket.gaierror as exc:
        reason = f"unknown host {host!r} ({exc.strerror})"
        raise SchedulerError(f"cannot reach the Dask scheduler: {reason}") from None
    except ConnectionRefusedError:
        raise SchedulerError("cannot reach the Dask scheduler: nothing listens at that address") from None
    except OSError:
        return  # unanswered or unreachable for now: Dask tries again until its timeout


def _connect(address: str) -> Any:
    """A Dask client of the scheduler at ``address``, or :class:`SchedulerError` within about
    :data:`CONNECT_TIMEOUT` seconds.

    The client's own timeout covers a scheduler that does not answer, but not a server of
    another kind that does: against a web server (the Dask dashboard's port, one off the
    scheduler's, is an easy slip) the client can wait forever or fail on the bytes it reads.
    So the client is made in a daemon thread given half its timeout again, and is abandoned,
    not waited on, after that.
    """
    import warnings

    from distributed import Client
    from distributed.versions import VersionMismatchWarning

    # Other packages' versions differing between here and the cluster matter to replaykit
    # only if a task then fails, which is said in one line (see cluster_failure).
    warnings.filterwarnings("ignore", category=VersionMismatchWarning)
    # Each task carries its save's bytes, so an archive of more than 10 MB makes a "large
    # graph": Dask's six lines of advice on it are no outcome of the command.
    warnings.filterwarnings("ignore", message="Sending large graph", category=UserWarning)
    box: dict[str, Any] = {}

    def attempt() -> None:
        try:
            box["client"] = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except BaseException as exc:  # reported below, whatever it is
            box["error"] = exc

    thread = threading.Thread(target=attempt, name="dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_TIMEOUT * 1.5)
    if "client" in box:
        return box["client"]
    error = box.get("error")
    if error is None:
        raise SchedulerError(f"no Dask scheduler answered within {CONNECT_TIMEOUT * 1.5:g} s")
    if isinstance(error, (OSError, TimeoutError)):
        raise SchedulerError(f"cannot reach the Dask scheduler: {error}")
    if isinstance(error, MemoryError):  # the first bytes read, taken for a frame's length
        raise SchedulerError("what answers there is not a Dask scheduler")
    reason = str(error).strip().splitlines()[0][:200] if str(error).strip() else type(error).__name__
    raise SchedulerError(f"cannot use the Dask scheduler: {reason}")


def _on_dask(func: Callable[[T], R], tasks: Iterable[T], address: str) -> Iterator[tuple[int, R]]:
    try:
        import distributed  # noqa: F401  (its loggers exist from here on)
    except ImportError:
        raise SchedulerError(
            "--scheduler needs Dask distributed; install it with: pip install 'replaykit[distributed]'"
        ) from None
    _check_address(address)
    with _dask_logs_quiet():
        yield from _run_on(_connect(address), func, tasks)


def _run_on(client: Any, func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[tuple[int, R]]:
    """:func:`run_each` on the cluster of ``client``, which it closes."""
    from distributed import as_completed

    done: Any = None
    try:
        _check_workers(client)
        ours = _stamp()
        futures = client.map(functools.partial(_stamped, func), list(tasks), pure=False)
        where: dict[Any, int] = {f.key: i for i, f in enumerate(futures)}
        done = as_completed(futures, loop=client.loop, with_results=True)
        for future, (worker, stamp, result) in _watched(client, done):
            if stamp != ours:
                raise SchedulerError(_other_code(worker, stamp, ours))
            yield where[future.key], result
    except SchedulerError:
        raise
    except Exception as exc:
        if signals.stop_behind(exc) is not None:  # a Ctrl-C Python wrapped as Dask loaded a module
            raise
        raise SchedulerError(cluster_failure(exc)) from None
    finally:
        if done is not None and not done.is_empty():  # stopped early
            _let_go(client, futures, done)
        client.close()


DASK_LOGGERS = ("distributed", "tornado")
"""The loggers (with those under them) of Dask's client side: a failure they would log, with its
traceback, on stderr (a lost scheduler, a cut fetch) reaches the command as an exception, and
is said in its one line."""


@contextlib.contextmanager
def _dask_logs_quiet() -> Iterator[None]:
    """Dask's client-side loggers silenced but for critical records, while a run uses the
    cluster; their levels as they were afterwards."""
    import logging

    names = [n for n in list(logging.root.manager.loggerDict)
             if any(n == top or n.startswith(top + ".") for top in DASK_LOGGERS)]
    loggers = [logging.getLogger(n) for n in {*names, *DASK_LOGGERS}]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _let_go(client: Any, futures: list[Any], done: Any) -> None:
    """Cancel the tasks of a run stopped early, and give the fetches of results under way
    (``done``, an ``as_completed`` with results, fetches each as its task finishes) up to
    :data:`LET_GO_TIMEOUT` seconds to end: a fetch cut short by the client's closing is logged
    by Dask as a traceback on stderr, after the run's own one line."""
    deadline = time.monotonic() + LET_GO_TIMEOUT
    with contextlib.suppress(Exception):
        client.cancel(futures)
        while not done.is_empty() and time.monotonic() < deadline:
            done.next_batch(block=False)  # results no one will read
            time.sleep(POLL)


LET_GO_TIMEOUT = 2
"""Seconds a stopped run's fetches of finished results get to end before the client closes."""


def _stamp() -> tuple[str, str]:
    """What a result on Dask is stamped with: the fingerprint of this replaykit (its files and
    the versions below) and, to say which when they differ, the versions of the Python and
    libraries it works with."""
    return fingerprint(), library_versions()


def _stamped(func: Callable[[T], R], task: T) -> tuple[str, tuple[str, str], R]:
    """``func(task)`` on a Dask worker, with the worker's address and the stamp of its
    replaykit: a result is taken only from the same code as here, whenever its worker joined."""
    from distributed import get_worker

    return get_worker().address, _stamp(), func(task)


def _other_code(worker: str, theirs: Any, ours: tuple[str, str]) -> str:
    """Why a worker's result is refused: the first Python or library whose version differs from
    this one's (installing replaykit there again would not help), else replaykit's own files."""
    if isinstance(theirs, tuple) and len(theirs) == 2 and isinstance(theirs[1], str):
        for there, here in zip(theirs[1].splitlines(), ours[1].splitlines(), strict=False):
            if there != here:
                return (f"the Dask worker at {worker} runs {_version_said(there)}, not "
                        f"{_version_said(here)} as here (pages and verdicts could differ): install the "
                        "same version there")
    return (f"the Dask worker at {worker} runs other replaykit code than this one (its source, "
            "templates or schemas differ): install this replaykit there")


def _version_said(line: str) -> str:
    """A line of :func:`~toolkit.resources.library_versions` in words: ``jinja2 3.1.6``, or
    ``no jinja2`` for one not installed."""
    name, _, version = line.rpartition(" ")
    return f"no {name}" if version == "-" else line


POLL = 0.05
"""Seconds between looks for finished tasks on Dask when none is ready."""


def _watched(client: Any, done: Any) -> Iterator[tuple[Any, Any]]:
    """The ``(future, result)`` pairs of ``done`` (an ``as_completed`` with results) as they
    finish; :class:`SchedulerError` once the cluster has had no worker for
    :data:`WORKERS_TIMEOUT` seconds with tasks left (Dask would hold them for ever, waiting
    for a worker to join)."""
    seen = looked = time.monotonic()  # when a worker was last known to be there, and looked for
    while True:
        batch = done.next_batch(block=False)
        if batch:
            for future, result in batch:
                yield future, _taken(future, result)
            seen = looked = time.monotonic()
            continue
        if done.is_empty():
            return
        time.sleep(POLL)
        now = time.monotonic()
        if now - looked < 1:
            continue
        looked = now
        if client.nthreads():
            seen = now
        elif now - seen >= WORKERS_TIMEOUT:
            raise SchedulerError(f"the Dask cluster lost its workers: none for {WORKERS_TIMEOUT} s, "
                                 f"with {done.count()} saves left")


def _taken(future: Any, result: Any) -> Any:
    """A finished task's result, or its failure raised. ``next_batch(block=False)`` hands a
    failed task back as a value (its exception's ``(type, exception, traceback)``, or the
    exception that cancelled it), where iterating ``as_completed`` would raise it: read as a
    result, a failure would pass for a worker's stamp."""
    if future.status == "error":
        _, exc, traceback = result
        raise exc.with_traceback(traceback)
    if isinstance(result, BaseException):  # cancelled: the scheduler lost, or the task released
        raise result
    return result


DISTRIBUTION = "replaykit"
"""The installed distribution whose version the cluster's workers must have."""


def installed_version() -> str | None:
    """This process's replaykit version (None when run from a source tree, not installed)."""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


PACKAGE = "toolkit"
"""The package a cluster's workers must import when this replaykit runs from a source tree."""

WORKERS_TIMEOUT = 10
"""Seconds to wait for a first worker to join a scheduler that has none, and for a worker to
come back to a cluster that lost them all with tasks left."""


def _check_workers(client: Any) -> None:
    """Refuse a cluster whose workers have another replaykit than this one, or none, or that has
    no worker at all within :data:`WORKERS_TIMEOUT`. Such a worker cannot read a task: it dies
    and is restarted, the task is handed to it again, and the command would wait for ever; with
    no worker, it would wait for ever too. (Run from a source tree, there is no version to
    compare: the workers need only import replaykit.)"""
    import importlib.util
    from importlib import metadata
    from importlib.machinery import ModuleSpec

    try:
        client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
    except TimeoutError:
        raise SchedulerError(f"the Dask scheduler has no workers (none joined in {WORKERS_TIMEOUT} s)") \
            from None
    here = installed_version()
    if here is None:
        found = client.run(importlib.util.find_spec, PACKAGE, on_error="return")
        lacking = sorted(worker for worker, spec in found.items() if not isinstance(spec, ModuleSpec))
        if lacking:
            raise SchedulerError(f"the Dask worker at {lacking[0]} cannot import replaykit "
                                 f"({len(lacking)} of {len(found)} workers): install it there")
        return
    there = client.run(metadata.version, DISTRIBUTION, on_error="return")
    wrong = sorted(worker for worker, version in there.items() if version != here)
    if wrong:
        found = there[wrong[0]]
        has = f"replaykit {found}" if isinstance(found, str) else "no replaykit"
        raise SchedulerError(f"the Dask worker at {wrong[0]} has {has}, not replaykit {here} "
                             f"({len(wrong)} of {len(there)} workers): install this version there")


def cluster_failure(exc: Exception) -> str:
    """One line for a task the cluster could not run: when its scheduler or a worker could not
    read the task (replaykit missing there, or another version), what the cluster needs; in
    any case what went wrong, in its first sentence."""
    text = " ".join(str(exc).split())
    first = text.split(". ")[0][:200]
    said = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
    if isinstance(exc, ImportError) or "deserializ" in text:
        return ("the Dask cluster could not read replaykit's tasks: its scheduler and workers need "
                f"replaykit installed, the same version as here ({said})")
    if "scheduler-connection-lost" in text:
        return "the connection to the Dask scheduler was lost before every task was done"
    return f"the Dask cluster could not run a task ({said})"
