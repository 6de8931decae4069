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

# ``signal`` and ``threading`` load when first used: every command imports this module through
# the save reader, and most never write a file.


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM for the ``with`` block (only the main thread receives them;
    elsewhere, or where signals cannot be held, the block just runs)."""
    import signal
    import threading

    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    stops = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stops)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)


def release() -> None:
    """Let the signals through again (a forked worker starts with them held)."""
    import signal

    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
