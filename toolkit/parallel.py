"""Run one per-save function over many saves: in this process, in worker processes, or on Dask.

``site`` and ``check`` hand each save to a plain top-level function (its inputs and result
pickle), so the same function runs inline (``jobs=1``), in a local process pool
(``jobs=N``) or on an existing Dask distributed cluster (``scheduler=ADDRESS``). Results
come back as they finish, tagged with the task's position; callers put them back in
input order, so the output never depends on where or in which order the work ran.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class SchedulerError(Exception):
    """The Dask scheduler cannot be used (``distributed`` missing, or the address unreachable)."""


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
) -> Iterator[tuple[int, R]]:
    """Yield ``(index, func(task))`` for each of the ``count`` tasks, in the order they finish.

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


def _in_pool(func: Callable[[T], R], tasks: Iterable[T], workers: int) -> Iterator[tuple[int, R]]:
    """A local process pool that keeps at most two tasks per worker in flight."""
    method = _start_method()
    context = multiprocessing.get_context(method) if method else None
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: dict[Future[R], int] = {}
        queue = iter(enumerate(tasks))

        def top_up() -> None:
            for i, task in queue:
                pending[pool.submit(func, task)] = i
                if len(pending) >= 2 * workers:
                    return

        top_up()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()
            top_up()


def _on_dask(func: Callable[[T], R], tasks: Iterable[T], address: str) -> Iterator[tuple[int, R]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise SchedulerError(
            "--scheduler needs Dask distributed; install it with: pip install 'replaykit[distributed]'"
        ) from None
    try:
        client = Client(address, timeout=10, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        futures = client.map(func, list(tasks), pure=False)
        where: dict[Any, int] = {f.key: i for i, f in enumerate(futures)}
        for future, result in as_completed(futures, loop=client.loop, with_results=True):
            yield where[future.key], result
    finally:
        client.close()
