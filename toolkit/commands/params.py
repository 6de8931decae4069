"""Option types shared by the commands.

A command line's arguments are bytes; Python hands the ones that are not UTF-8 over with
their bytes as lone surrogates, which no save, seed or name may hold (JSON cannot write
them and the engines hash text as UTF-8). An option of type :data:`TEXT` refuses such an
argument as a usage error naming the option, before the command does any work. File paths
are not of this type: a file's name may be any bytes.
"""

from __future__ import annotations

from typing import Any

import click

from toolkit.textsafe import clean, lone_surrogate


class Utf8Text(click.ParamType):
    """A text option whose value must be UTF-8 text."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and lone_surrogate().search(value):
            self.fail(f"{clean(_as_bytes(value))} is not UTF-8 text", param, ctx)
        return value


def _as_bytes(value: str) -> str:
    """The argument's own bytes, those that are not UTF-8 written as ``\\xNN``."""
    try:
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate that stands for no byte: escaped as it is
        return value


TEXT = Utf8Text()


def check_to(to: int | None, moves: int, path: str) -> None:
    """Refuse ``--to N`` past the last of a save's ``moves`` (a usage error naming the save):
    a command asked for a position the save does not reach says so, rather than stop short."""
    if to is not None and to > moves:
        message = f"{to} is beyond the last move of {clean(path, None)} ({moves} moves)"
        raise click.BadParameter(message, param_hint="'--to'")


class GivenPath(click.Path):
    """A path option or argument that names something: an empty one would stand for the
    current folder (``-o ''`` would fill it with frames), so it is a usage error."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value:
            self.fail("an empty path names nothing ('.' is the current folder)", param, ctx)
        return super().convert(value, param, ctx)


OUTPUT = GivenPath(allow_dash=True, readable=False)
"""A file or folder to write (``-``: standard output where a command takes it), never the
empty path; what is there is checked by the command, before its work (:mod:`toolkit.outputs`)."""


def given(*names: str) -> list[str]:
    """The options among ``names`` (parameter names) that the command line gave, as spelled
    there (``--seat``): not those left at their default."""
    ctx = click.get_current_context()
    from click.core import ParameterSource

    spelled = {p.name: p.opts[-1] if p.opts else str(p.name) for p in ctx.command.params}
    return [spelled[name] for name in names if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
