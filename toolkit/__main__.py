"""``python -m toolkit`` and the ``replaykit`` script: start the replaykit command line.

A short command spends most of its time loading code (issue 13 item 7). What loading
makes (Click's objects, the command modules, an engine's functions and tables) lives
until the process ends, so the cyclic collector has nothing to find in it: it is kept
off while the command line loads, and what was loaded is then frozen out of its scans
(:func:`gc.freeze`) before the command runs with the collector on. At exit everything
is frozen once more, so the interpreter's last collections do not walk the heap of a
process that is ending anyway.

Ctrl-C and SIGTERM stop the command from the start, the loading included: one that comes
while the command line loads is said as one that comes later ("interrupted", exit 130;
"terminated", 143).
"""

import gc
import sys
from typing import NoReturn

from toolkit import signals


def main() -> None:
    """Console-script entry point: load the command line, then run it."""
    signals.stop_on_signals()
    gc.disable()
    try:
        from toolkit.cli import main as run
    except BaseException as exc:
        stop = signals.stop_behind(exc)
        if stop is None:
            raise
        _stopped_while_loading(stop)
    finally:
        gc.freeze()
        gc.enable()
    try:
        run()
    finally:
        gc.freeze()


def _stopped_while_loading(exc: KeyboardInterrupt) -> NoReturn:
    """Say that a signal stopped the command while it loaded, and exit (a later signal is
    ignored by then, so the modules that say it load undisturbed)."""
    from toolkit.cli import json_asked, say_stopped

    sys.exit(say_stopped(isinstance(exc, signals.Terminated), json_asked(sys.argv[1:])))


if __name__ == "__main__":
    main()
