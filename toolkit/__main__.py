"""``python -m toolkit`` and the ``replaykit`` script: start the replaykit command line.

A short command spends most of its time loading code (issue 13 item 7). What loading
makes (Click's objects, the command modules, an engine's functions and tables) lives
until the process ends, so the cyclic collector has nothing to find in it: it is kept
off while the command line loads, and what was loaded is then frozen out of its scans
(:func:`gc.freeze`) before the command runs with the collector on. At exit everything
is frozen once more, so the interpreter's last collections do not walk the heap of a
process that is ending anyway.
"""

import gc


def main() -> None:
    """Console-script entry point: load the command line, then run it."""
    gc.disable()
    try:
        from toolkit.cli import main as run
    finally:
        gc.freeze()
        gc.enable()
    try:
        run()
    finally:
        gc.freeze()


if __name__ == "__main__":
    main()
