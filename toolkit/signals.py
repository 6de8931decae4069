"""Holding Ctrl-C and SIGTERM for the few steps that must not be cut in two.

The command line turns both signals into an exception raised wherever the process is
(:mod:`toolkit.cli`), so that staging folders are removed on the way out. A few steps
would leave something behind if the exception came between two of their lines: a
temporary file made but not yet known to the code that removes it, a worker process
forked but not yet told to leave the signals to the command. :func:`held` keeps the
signals waiting for such a step; one that came meanwhile is raised as the step ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

# ``signal`` and ``threading`` load when first used: every command imports this module through
# the save reader, and most never write a file.


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM for the ``with`` block; one that came meanwhile is delivered as
    it ends (only the main thread can hold them; elsewhere the block just runs).

    Two locks, because the system hands a signal sent to the process to any thread that does
    not block it: the main thread blocks both (so a worker forked inside the block starts
    with them blocked, see :func:`release`), and the Python handlers are swapped for ones
    that only note the signal, since another thread (a process pool's manager) may take it
    and Python would then run the handler in the main thread, inside the block.
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    stops = (signal.SIGINT, signal.SIGTERM)
    noted: list[int] = []
    before: dict[int, Any] = {}
    masks = hasattr(signal, "pthread_sigmask")
    try:
        # Blocked first, so this thread takes neither while the handlers are swapped. Another
        # thread may still take one, and its handler then runs here, between two steps, and
        # raises: whatever was blocked or swapped so far is put back all the same.
        if masks:
            signal.pthread_sigmask(signal.SIG_BLOCK, stops)
        for stop in stops:
            before[stop] = signal.getsignal(stop)
            signal.signal(stop, lambda signum, frame: noted.append(signum))
        yield
    finally:
        # A handler put back may run at once (for a signal another thread took) and raise, at any
        # step: the steps are retried until every handler is back, then the signal is raised.
        stopped: BaseException | None = None
        pending = list(before.items())
        try:
            while pending:
                try:
                    while pending:
                        signum, handler = pending[0]  # handler None: not set from Python
                        signal.signal(signum, signal.SIG_DFL if handler is None else handler)
                        del pending[0]
                except BaseException as exc:
                    stopped = stopped or exc
        finally:
            if masks:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)
        if stopped is not None:
            raise stopped
        if noted:
            signal.raise_signal(noted[0])


def release() -> None:
    """Let the signals through again (a forked worker starts with them held)."""
    import signal

    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
