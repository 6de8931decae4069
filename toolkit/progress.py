"""Progress of long runs (site builds, corpus checks): counted by the library, drawn by the CLI.

The library reports through a :class:`Progress` (start with a total, advance per item,
finish); :class:`TerminalBar` draws Click's progress bar — items done of total, elapsed
time and the time still to go — on standard error when it is a terminal. Off a terminal (a CI
log, a pipe) a long run writes a plain line instead, at most every :data:`LOG_EVERY` seconds,
so a log shows the run is alive; a run shorter than that writes nothing.
"""

from __future__ import annotations

import contextlib
import sys
import time
from typing import Any, TextIO

import click


class Progress:
    """Receives the count of finished items; this base class shows nothing."""

    def start(self, total: int) -> None:
        """The run has ``total`` items."""

    def advance(self, count: int = 1) -> None:
        """``count`` more items are done."""

    def clear(self) -> None:
        """Make room for a line on standard output (a bar drawn on the same terminal steps aside)."""

    def finish(self) -> None:
        """The run is over (also after a failure)."""


class TerminalBar(Progress):
    """Click's progress bar on ``stream`` (standard error by default), hidden unless it is a terminal."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.bar: Any = None
        self.started = 0.0
        self.logged = 0.0  # when a plain line was last written (off a terminal)
        self.total = 0
        self.done = 0

    def start(self, total: int) -> None:
        self.started = self.logged = time.monotonic()
        self.total, self.done = total, 0
        if not _is_terminal(self.stream):
            return  # Click would still print the label once; off a terminal, show nothing
        self.bar = click.progressbar(
            length=max(total, 1),
            label=self.label,
            show_pos=True,
            show_eta=False,
            file=self.stream,
            item_show_func=lambda _item: self.times(),
        )
        self.bar.__enter__()

    def times(self) -> str:
        """``elapsed MM:SS, eta MM:SS`` (the ETA once an item is done)."""
        elapsed = time.monotonic() - self.started
        shown = f"elapsed {_clock(elapsed)}"
        if 0 < self.done < self.total:
            shown += f", eta {_clock(elapsed / self.done * (self.total - self.done))}"
        return shown

    def advance(self, count: int = 1) -> None:
        self.done += count
        if self.bar is not None:
            self.bar.update(count)
            return
        now = time.monotonic()
        if now - self.logged >= LOG_EVERY and self.done < self.total:
            self.logged = now
            line = f"{self.label}: {self.done} of {self.total} done, {self.times()}"
            with contextlib.suppress(OSError, ValueError):
                print(line, file=self.stream, flush=True)

    def clear(self) -> None:
        """Take the bar off its line, so a line printed on standard output next starts clean
        (the next advance draws the bar again, under it). Nothing to do unless both streams
        show on a terminal."""
        if self.bar is not None and _is_terminal(sys.stdout):
            with contextlib.suppress(OSError, ValueError):
                self.stream.write("\r\x1b[K")
                self.stream.flush()

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


LOG_EVERY = 30.0
"""Seconds between the plain progress lines of a run off a terminal."""


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes:02d}:{secs:02d}"
