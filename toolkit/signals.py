"""How Ctrl-C and SIGTERM stop a command, and holding them for the few steps that must not be
cut in two.

The command line turns both signals into an exception raised wherever the process is
(:func:`stop_on_signals`), so that staging folders are removed on the way out. It does so
once: a signal that comes while the command is already stopping is ignored, so the way out
is never cut in two by a second Ctrl-C (it takes no longer than removing what was staged and
ending the workers). A few steps would leave something behind if the exception came between
two of their lines: a temporary file made but not yet known to the code that removes it, a
worker process forked but not yet told to leave the signals to the command. :func:`held`
keeps the signals waiting for such a step; one that came meanwhile is raised as the step ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

# ``signal`` and ``threading`` load when first used: every command imports this module through
# the save reader, and most never write a file.


class Terminated(KeyboardInterrupt):
    """A SIGTERM (``kill``, a CI timeout), raised where the process is so that it unwinds as
    from Ctrl-C: every staging folder is removed and the output left as it was."""


_stopping: list[bool] = [False]
"""Whether a signal has already been raised as the command's stop (a list: set in a handler)."""

_raised: list[Any] = [None, None]
"""The stop last raised and the signal mask before it, until the stop is known lost."""


def stop_on_signals() -> None:
    """From now on, the first Ctrl-C raises :class:`KeyboardInterrupt` and the first SIGTERM
    :class:`Terminated` wherever the main thread is; any signal after that is ignored."""
    import signal
    import sys

    _stopping[0] = False
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    if sys.unraisablehook is not _dropped:
        _dropped.before = sys.unraisablehook  # type: ignore[attr-defined]
        sys.unraisablehook = _dropped


def _stop(signum: int, frame: Any) -> None:
    """The handler :func:`stop_on_signals` installs. Once it has raised, the main thread also
    blocks both signals: as the interpreter ends it puts the default actions back, and a late
    signal would otherwise kill the process after it said why it stopped."""
    import signal

    if _stopping[0]:
        return
    _stopping[0] = True
    stop = Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()
    _raised[:] = [stop, None]
    if hasattr(signal, "pthread_sigmask"):
        _raised[1] = signal.pthread_sigmask(signal.SIG_BLOCK, (signal.SIGINT, signal.SIGTERM))
    raise stop


def stop_behind(exc: BaseException | None) -> KeyboardInterrupt | None:
    """The stop ``exc`` is, or the one it was raised from: Python 3.11 hands on a stop raised in
    a descriptor's ``__set_name__`` (as a class is made, as many a module loads) as the cause of a
    RuntimeError. None when no signal stopped the command."""
    for _ in range(8):  # a cause's chain is short; a loop of causes is not followed forever
        if exc is None or isinstance(exc, KeyboardInterrupt):
            return exc
        exc = exc.__cause__
    return None


def _dropped(unraisable: Any) -> None:
    """``sys.unraisablehook`` while :func:`stop_on_signals` holds: a stop raised where Python
    drops what is raised (a weakref callback or a finaliser; the import machinery runs one at the
    end of every import) would leave the command running, deaf to every later signal. It is
    raised again instead, a moment later, where the main thread then is; anything else is said
    as before."""
    if unraisable.exc_value is None or unraisable.exc_value is not _raised[0]:
        _dropped.before(unraisable)  # type: ignore[attr-defined]
        return
    import _thread
    import signal

    signum = signal.SIGTERM if isinstance(unraisable.exc_value, Terminated) else signal.SIGINT
    mask = _raised[1]
    _raised[:] = [None, None]
    if mask is not None:  # a signal pending meanwhile is ignored here, the stop still on
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    _stopping[0] = False
    # From another thread, which runs once this one lets go: raised from here, it would be
    # dropped again.
    _thread.start_new_thread(_thread.interrupt_main, (signum,))


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
    mask: set[int] | None = None  # the signals blocked before, put back as they were
    try:
        # Blocked first, so this thread takes neither while the handlers are swapped. Another
        # thread may still take one, and its handler then runs here, between two steps, and
        # raises: whatever was blocked or swapped so far is put back all the same.
        if hasattr(signal, "pthread_sigmask"):
            mask = signal.pthread_sigmask(signal.SIG_BLOCK, stops)
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
            if mask is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if stopped is not None:
            raise stopped
        if noted:
            signal.raise_signal(noted[0])


def release() -> None:
    """Let the signals through again (a forked worker starts with them held)."""
    import signal

    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
