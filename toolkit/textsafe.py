"""Player text made safe to print: one line, no terminal control, a bounded length.

A save is hostile until proven otherwise: a player name may hold a newline (which
would forge a second output line), an ANSI escape (which would recolour or rewrite
the terminal), a lone surrogate (which cannot be encoded at all) or a megabyte of
text. Every error line quotes such text only through this module:

- :func:`clean` escapes every character that is not printable text in a line
  (C0 and C1 controls, DEL, line and paragraph separators, bidirectional overrides,
  lone surrogates) as a Python-style ``\\xNN`` / ``\\uNNNN`` escape, and cuts the
  result to a limit, saying how much was left out;
- :func:`excerpt` renders any JSON-like value (string, number, list, object) as a
  short Python-literal-looking excerpt without ever walking more of it than it prints,
  so a 10,000-element array costs as much as a three-element one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

LINE_LIMIT = 500  # a hard cap on a whole line; its parts are bounded well below it
MESSAGE_LIMIT = 320  # the message part of a line
POINTER_LIMIT = 80  # a JSON pointer inside a line
EXCERPT_LIMIT = 60  # one quoted value inside a message

# C0 controls, DEL, C1 controls, line/paragraph separators, bidi embeddings,
# overrides and isolates, the BOM / zero-width no-break space, and surrogates. None of
# them is printable (``str.isprintable``), so printable text needs no look for them.
BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"
"""Bidirectional embeddings, overrides and isolates, as a regular expression's class range: one
left open reorders the text shown after it."""
ACTIVE_BEYOND_C0 = f"\x7f-\x9f\u2028\u2029{BIDI_CONTROLS}\ufeff"
"""DEL, the C1 controls (U+009B starts a terminal command), the line and paragraph separators,
the bidi controls and the BOM, as a class range: what a terminal acts on, or what reorders or
breaks the text shown after it, besides the C0 controls (which JSON escapes by itself)."""
_UNSAFE = f"[\x00-\x1f{ACTIVE_BEYOND_C0}\ud800-\udfff]"


@cache
def _unsafe() -> re.Pattern[str]:
    """:data:`_UNSAFE` compiled, the first time a text holds an unprintable character."""
    return re.compile(_UNSAFE)


@cache
def lone_surrogate() -> re.Pattern[str]:
    """A pattern finding a lone surrogate: what Python makes of bytes that are not UTF-8 (in a
    file name or an argument) or of a ``\\ud800`` escape in JSON; no UTF-8 text holds one.
    Compiled the first time it is asked for."""
    return re.compile("[\ud800-\udfff]")


def _escape_one(match: re.Match[str]) -> str:
    code = ord(match.group())
    if match.group() == "\n":
        return "\\n"
    if match.group() == "\t":
        return "\\t"
    if match.group() == "\r":
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with every unsafe character (see module doc) written as an escape."""
    if text.isprintable():
        return text
    return _unsafe().sub(_escape_one, text)


def clean(text: Any, limit: int | None = MESSAGE_LIMIT) -> str:
    """``text`` as one safe printable line of at most about ``limit`` characters (None: no cut).

    Only a bounded prefix is escaped, so a huge string costs no more than a short one.
    """
    text = text if isinstance(text, str) else str(text)
    if limit is None:
        return escape_controls(text)
    head = escape_controls(text[:limit])
    if len(text) <= limit and len(head) <= limit:
        return head
    keep = max(limit - 24, 8)
    return f"{head[:keep]}… ({len(text)} characters)"


def excerpt(value: Any, limit: int = EXCERPT_LIMIT) -> str:
    """A short, safe, Python-literal-like rendering of a JSON value (``'Ada'``, ``[1, 2, …]``)."""
    out: list[str] = []
    whole = _render(value, out, [limit], depth=0)
    text = "".join(out)
    return text if whole and len(text) <= limit else text[:limit] + "…"


def _emit(out: list[str], budget: list[int], piece: str) -> bool:
    out.append(piece)
    budget[0] -= len(piece)
    return budget[0] >= 0


def _render(value: Any, out: list[str], budget: list[int], depth: int) -> bool:
    """Append a rendering of ``value``; False once the budget is spent (stop rendering)."""
    if isinstance(value, str):
        room = max(budget[0], 8)
        return _emit(out, budget, "'" + clean(value, room).replace("'", "\\'") + "'")
    if isinstance(value, bool) or value is None:
        return _emit(out, budget, {True: "True", False: "False", None: "None"}[value])
    if isinstance(value, int):
        return _emit(out, budget, _int_text(value))
    if isinstance(value, float):
        return _emit(out, budget, repr(value))
    if isinstance(value, Mapping):
        items: Any = value.items()
        open_, close = "{", "}"
    elif isinstance(value, (list, tuple)):
        items = value
        open_, close = "[", "]"
    else:
        return _emit(out, budget, clean(type(value).__name__, 40))
    if depth > 8:
        return _emit(out, budget, open_ + "…" + close)
    if not _emit(out, budget, open_):
        return False
    for i, item in enumerate(items):
        if i and not _emit(out, budget, ", "):
            return False
        if isinstance(value, Mapping):
            key, item = item
            if not _render(key, out, budget, depth + 1) or not _emit(out, budget, ": "):
                return False
        if not _render(item, out, budget, depth + 1):
            return False
    return _emit(out, budget, close)


def _int_text(value: int) -> str:
    """Decimal text of ``value``, or its size when it is too long to print whole."""
    if abs(value) < 10**30:
        return str(value)
    return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"


def line(text: str) -> str:
    """A whole output line made safe: controls escaped, cut to :data:`LINE_LIMIT`."""
    return clean(text, LINE_LIMIT)
