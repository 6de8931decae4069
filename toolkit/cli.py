"""The ``replaykit`` command line: a thin Click group that loads its commands lazily.

Each command lives in a module of :mod:`toolkit.commands` named for what it serves and
listed in :data:`COMMAND_MODULES`; a module exposes ``COMMANDS = (...)``. Command modules
import only Click and :mod:`toolkit.report` at the top and the library inside their
callbacks, so listing the commands (``--help``) stays cheap, and a module is imported only
when one of its commands runs (``--version`` imports none). Commands parse, call the
library and hand the outcome to :mod:`toolkit.report`, which prints it as text or JSON and
picks the exit code (design §7): 0 ok, 1 invalid input / illegal move / failed check,
2 usage, 125 untestable.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import io
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

import click

from toolkit import __version__
from toolkit.signals import Terminated, stop_behind

COMMAND_MODULES = (
    "toolkit.commands.saves",
    "toolkit.commands.render",
    "toolkit.commands.debug",
    "toolkit.commands.docs",
    "toolkit.commands.bench",
    "toolkit.commands.moves",
    "toolkit.commands.players",
    "toolkit.commands.check",
)


class LazyGroup(click.Group):
    """A group whose commands are read from their modules on first use, in listed order."""

    def __init__(self, *args: Any, modules: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.modules = list(modules)
        self.loaded: set[str] = set()

    def _load(self, name: str) -> None:
        self.loaded.add(name)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                return
            raise
        for command in getattr(module, "COMMANDS", ()):
            self.add_command(command)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        for name in self.modules:
            if cmd_name in self.commands:
                break
            if name not in self.loaded:
                self._load(name)
        return self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for name in self.modules:
            if name not in self.loaded:
                self._load(name)
        return sorted(self.commands)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Click's ``main``; with ``--json`` a usage error is one JSON document too (exit 2), and
        so is an interruption (Ctrl-C, exit 130; a SIGTERM, exit 143), which is one line on
        stderr without it. Interrupted work is undone on the way out (staging folders go)."""
        argv = list(sys.argv[1:] if args is None else args)
        as_json = json_asked(argv)
        from toolkit.report import usage_document

        try:
            code = super().main(argv, prog_name, complete_var, False, **extra)
        except click.ClickException as exc:
            from toolkit.report import BISECT_STOP

            code = BISECT_STOP if exc.exit_code == 2 and bisect_check(argv) else exc.exit_code
            if as_json:
                click.echo(usage_document(exc, code))
            else:
                exc.show()
        except (click.Abort, Stopped) as exc:
            code = say_stopped(isinstance(exc.__cause__, Terminated), as_json)
        if standalone_mode:
            sys.exit(code if isinstance(code, int) else 0)
        return code


    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        """Click's; a Ctrl-C or SIGTERM while it reads the command line (``--help`` loads every
        command there) comes out as :class:`Stopped`, as from :meth:`invoke`."""
        with _stops_as_stopped():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a Ctrl-C or SIGTERM while it runs comes out as :class:`Stopped`."""
        with _stops_as_stopped():
            return super().invoke(ctx)


@contextlib.contextmanager
def _stops_as_stopped() -> Iterator[None]:
    """A Ctrl-C or SIGTERM in the block (or an error Python made of one, see
    :func:`toolkit.signals.stop_behind`) comes out as :class:`Stopped`, which Click passes on
    untouched (it would print a blank line for an interruption)."""
    try:
        yield
    except BaseException as exc:
        stop = stop_behind(exc)
        if stop is None:
            raise
        raise Stopped() from stop


def bisect_check(argv: Sequence[str]) -> bool:
    """Whether the command line is ``replay --check`` (options before ``--`` only)."""
    argv = list(argv)
    words = argv[: argv.index("--") if "--" in argv else len(argv)]
    command = next((w for w in words if not w.startswith("-")), None)
    return command == "replay" and "--check" in words


def json_asked(argv: Sequence[str]) -> bool:
    """Whether the command line asks for ``--json`` (before any ``--``)."""
    from toolkit.report import JSON_FLAG

    argv = list(argv)
    return JSON_FLAG in argv[: argv.index("--") if "--" in argv else len(argv)]


def say_stopped(terminated: bool, as_json: bool) -> int:
    """Say that a signal stopped the command, in one line or one JSON document, and return
    its exit code: 143 for a SIGTERM, 130 for Ctrl-C."""
    from toolkit.report import interrupted_document

    code, said = (143, "terminated") if terminated else (130, "interrupted")
    with contextlib.suppress(OSError):
        click.echo(interrupted_document(said, code) if as_json else said, err=not as_json)
    return code


class Stopped(Exception):
    """A command stopped by Ctrl-C or SIGTERM (its cause says which)."""


@click.group(
    cls=LazyGroup,
    modules=COMMAND_MODULES,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="replaykit")
def cli() -> None:
    """Validate, replay, render and publish saves of hex-island resource games."""


def main() -> None:
    """Console-script entry point.

    Text a terminal's encoding cannot show is written as escapes rather than failing; when
    standard output itself cannot be written (a full disk, a closed stream) the command says
    so in one line and exits 1. Ctrl-C and SIGTERM stop the command once
    (:func:`toolkit.signals.stop_on_signals`, which :mod:`toolkit.__main__` calls before the
    command line loads).
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        cli.main(prog_name="replaykit")
    except KeyboardInterrupt as exc:  # before Click's own handling, or between it and the exit
        sys.exit(say_stopped(isinstance(exc, Terminated), json_asked(sys.argv[1:])))
    except OSError as exc:
        if exc.filename is not None or exc.errno not in _STREAM_ERRORS:
            raise
        _output_lost(exc)


_STREAM_ERRORS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT, errno.EPIPE}
"""Errors of writing to a stream (no file name of their own): the output could not be written."""


def _output_lost(exc: OSError) -> NoReturn:
    """Say in one line that standard output could not be written, and exit 1; what is left
    in its buffer goes nowhere, so the interpreter's last flush fails no more."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    with contextlib.suppress(OSError, ValueError):
        click.echo(f"replaykit: cannot write to standard output: {exc.strerror or exc}", err=True)
    sys.exit(1)
