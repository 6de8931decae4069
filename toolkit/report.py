"""How a command's outcome or error reaches the user: text lines, or one JSON document.

This is the one home of the ``--json`` contract (design §1, §7). A command parses its
arguments, calls the library and returns an :class:`Outcome` (or lets an error that
knows its :class:`~toolkit.saves.Problem` escape); :func:`reporting` turns either into

* text: the outcome's lines on stdout, its notes and each error's line on stderr, every
  one a single line with player text's control characters escaped (a newline in a name
  never forges a second line, an escape sequence never reaches the terminal, a huge
  name is cut to an excerpt);
* with ``--json``: exactly one JSON document on stdout and nothing on stderr::

      {"ok": <exit code is 0>, "exit": <exit code>, ...the outcome's fields...,
       "errors": [{"file", "move", "pointer", "code", "message"}, ...]}

and exits with the same code either way: 0 ok, 1 invalid input / illegal move / failed
check, 2 usage, 125 ``replay --check`` cannot test. Usage errors that Click raises before
a command runs are turned into the same document by :func:`usage_document`.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

import click

from toolkit.records import FrozenRecord, Record
from toolkit.saves import Problem
from toolkit.textsafe import ACTIVE_BEYOND_C0, clean, escape_controls, lone_surrogate

JSON_FLAG = "--json"
JSON_HELP = "Print the outcome, or the error, as one JSON document on stdout."
META_KEY = "replaykit.json"  # where the click context remembers that --json was asked for

F = TypeVar("F", bound=Callable[..., Any])
BISECT_STOP = 128
"""The exit code of a usage error of ``replay --check`` (a mistyped option, a malformed
condition): above 127, so ``git bisect run`` stops rather than marking the revision bad."""
# a report line longer than this is cut (our own docs diffs stay well under it; a 1 MB name does not)
OUTPUT_LINE_LIMIT = 4000


class Error(FrozenRecord):
    """One error: the line a person reads and the record a program reads (a line left empty
    when the report's own lines already say it, so it is not said twice)."""

    __slots__ = ("line", "problem")
    line: str
    problem: Problem

    def __init__(self, line: str, problem: Problem) -> None:
        self.set_fields(line=line, problem=problem)

    @staticmethod
    def of(problem: Problem) -> Error:
        return Error(problem.line(), problem)


class Outcome(Record):
    """What a command found: its JSON fields, its text lines and its exit code.

    ``errors`` go to stderr in text mode, but those whose line is left empty because
    ``lines`` already say them (as ``validate`` lists its errors as its report);
    ``notes`` are stderr-only text (warnings, skipped inputs) that ``data`` states for JSON.
    """

    __slots__ = ("data", "lines", "exit", "errors", "notes")

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        lines: Sequence[str] = (),
        exit: int = 0,
        errors: Sequence[Error] = (),
        notes: Sequence[str] = (),
    ) -> None:
        self.data: Mapping[str, Any] = {} if data is None else data
        self.lines = lines
        self.exit = exit
        self.errors = errors
        self.notes = notes

    def document(self) -> dict[str, Any]:
        """The ``--json`` document of this outcome."""
        body = {k: v for k, v in self.data.items() if k not in ("ok", "exit", "errors")}
        return {
            "ok": self.exit == 0,
            "exit": self.exit,
            **body,
            "errors": [e.problem.as_json() for e in self.errors],
        }


class Failed(Exception):
    """A command stops: these errors, this exit code (and any fields known so far)."""

    def __init__(
        self, errors: Iterable[Error | Problem], exit: int = 1, data: Mapping[str, Any] | None = None
    ) -> None:
        self.errors = [e if isinstance(e, Error) else Error.of(e) for e in errors]
        self.exit = exit
        self.data = dict(data or {})
        super().__init__("\n".join(e.line for e in self.errors))

    def outcome(self) -> Outcome:
        return Outcome(self.data, exit=self.exit, errors=self.errors)


def errors_of(source: Any) -> list[Error]:
    """The errors an exception (or record) carries, by the shape the library gives them.

    A :class:`Problem`; anything with ``refusals`` (each a ``line`` and a ``problem``);
    anything with a ``problem`` (attribute or method) and optionally its own ``line``;
    anything with a list of ``problems``. Anything else carries none.
    """
    if isinstance(source, Error):
        return [source]
    if isinstance(source, Problem):
        return [Error.of(source)]
    refusals = getattr(source, "refusals", None)
    if isinstance(refusals, list):
        return [e for r in refusals for e in errors_of(r)]
    problem = getattr(source, "problem", None)
    if callable(problem):
        problem = problem()
    if isinstance(problem, Problem):
        line = getattr(source, "line", None)
        if callable(line):
            line = line()
        return [Error(line if isinstance(line, str) else problem.line(), problem)]
    problems = getattr(source, "problems", None)
    if isinstance(problems, list) and problems and all(isinstance(p, Problem) for p in problems):
        return [Error.of(p) for p in problems]
    return []


def json_requested() -> bool:
    """Whether the running command was given ``--json`` (progress bars stay off then)."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx and ctx.find_root().meta.get(META_KEY))


def say(line: str) -> None:
    """Print one line of a command's text report now, as :func:`emit` prints its lines (for a
    report written as the work goes); nothing when standard output is closed, which
    :func:`emit` says at the end."""
    if stdout_open():
        click.echo(clean(line, OUTPUT_LINE_LIMIT))


def emit(outcome: Outcome, as_json: bool) -> NoReturn:
    """Print ``outcome`` as text or as one JSON document, then exit with its code. With standard
    output closed, what would go there is lost: that is said on standard error, exit 1."""
    if (as_json or outcome.lines) and not stdout_open():
        click.echo(f"-: {STDOUT_CLOSED} [no_stdout]", err=True)
        raise click.exceptions.Exit(outcome.exit or 1)
    if as_json:
        click.echo(dumps(outcome.document()))
    else:
        for line in outcome.lines:
            say(line)
        for note in outcome.notes:
            click.echo(clean(note, OUTPUT_LINE_LIMIT), err=True)
        for error in outcome.errors:
            if error.line:
                click.echo(error.line, err=True)
    raise click.exceptions.Exit(outcome.exit)


# What json.dumps writes raw with ensure_ascii=False (it escapes only the C0 controls) that a
# terminal acts on or that reorders the text after it.
_RAW_IN_JSON = re.compile(f"[{ACTIVE_BEYOND_C0}]")


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


STDOUT_CLOSED = "standard output is closed; the output would be lost"


def stdout_open() -> bool:
    """Whether standard output is open (a process started with it closed has nowhere to write)."""
    try:
        os.fstat(1)
    except OSError:
        return False
    return sys.stdout is not None


def dumps(document: Mapping[str, Any]) -> str:
    """JSON text of a document; values JSON cannot hold (NaN, infinities) become null, and a
    text holding a lone surrogate (a file name's bytes that are not UTF-8) has it written as
    an escape, as in the text lines, so the document is always UTF-8. Characters a terminal
    would act on (see :data:`_RAW_IN_JSON`) are written as JSON escapes: the document means
    the same, and player text in it never reaches the terminal raw."""
    text = json.dumps(_finite(document), indent=1, ensure_ascii=False, allow_nan=False)
    return text if text.isascii() else _RAW_IN_JSON.sub(_json_escape, text)


def _finite(value: Any) -> Any:
    if isinstance(value, str):
        return value if value.isascii() or not lone_surrogate().search(value) else escape_controls(value)
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else None
    if isinstance(value, Mapping):
        return {str(_finite(k)): _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def reporting(func: F) -> F:
    """Give a command ``--json`` and report what it returns or raises (see the module doc).

    The command returns an :class:`Outcome`, or raises :class:`Failed` or any error that
    :func:`errors_of` can read (exit 1, or the error's ``exit_code`` when it has one).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, as_json: bool = False, **kwargs: Any) -> None:
        ctx = click.get_current_context()
        ctx.find_root().meta[META_KEY] = as_json or ctx.find_root().meta.get(META_KEY, False)
        try:
            outcome = func(*args, **kwargs)
        except Failed as exc:
            outcome = exc.outcome()
        except click.exceptions.Exit:
            raise
        except click.ClickException:
            raise
        except FileNotFoundError as exc:
            if exc.filename is not None or _current_folder_exists():
                raise
            outcome = Failed([NO_CURRENT_FOLDER]).outcome()
        except Exception as exc:
            errors = errors_of(exc)
            if not errors:
                raise
            outcome = Outcome(exit=int(getattr(exc, "exit_code", 1)), errors=errors)
        emit(outcome, as_json)

    return click.option(JSON_FLAG, "as_json", is_flag=True, help=JSON_HELP)(wrapper)  # type: ignore[return-value]


NO_CURRENT_FOLDER = Problem(".", "the current folder no longer exists; run from one that does, or give "
                            "absolute paths", "no_current_folder")
"""What a command says when a relative path meets a deleted current folder."""


def _current_folder_exists() -> bool:
    try:
        os.getcwd()
    except FileNotFoundError:
        return False
    return True


def interrupted_document(said: str, code: int) -> str:
    """The one JSON document of a command stopped by a signal before it finished."""
    problem = Problem("", f"{said} before the command finished", said)
    return dumps(Outcome(exit=code, errors=[Error.of(problem)]).document())


def usage_document(exc: click.ClickException, code: int | None = None) -> str:
    """The one JSON document for a usage error Click raised (exit 2, or ``code``)."""
    problem = Problem("", exc.format_message(), "usage")
    return dumps(Outcome(exit=exc.exit_code if code is None else code, errors=[Error.of(problem)]).document())
