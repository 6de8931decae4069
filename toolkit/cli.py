"""The ``replaykit`` command line: a thin Click group.

Each command lives in a module of :mod:`toolkit.commands` named for what it serves;
commands parse, call the library, print, and choose the exit code (design §7):
0 ok, 1 invalid input / illegal move / failed check, 2 usage, 125 untestable.
"""

from __future__ import annotations

import importlib
import sys

import click

from toolkit import __version__

COMMAND_MODULES = (
    "toolkit.commands.saves",
    "toolkit.commands.render",
    "toolkit.commands.debug",
    "toolkit.commands.docs",
    "toolkit.commands.bench",
    "toolkit.commands.moves",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="replaykit")
def cli() -> None:
    """Validate, replay, render and publish saves of hex-island resource games."""


def _register() -> None:
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        for command in getattr(module, "COMMANDS", ()):
            cli.add_command(command)


_register()


def main() -> None:
    """Console-script entry point."""
    try:
        cli.main(prog_name="replaykit")
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
