"""Turn catalog values (JSON-ready dicts and lists) into tables and one-line cell text.

The same :class:`Table` feeds the Markdown and the HTML templates, so both formats say
exactly the same thing. Cell text may hold backtick spans; each format's inline filter
turns them into code (Markdown keeps them, HTML makes ``<code>``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_CODE_SPAN = re.compile(r"`([^`]+)`")


def humanize(key: str) -> str:
    """``pieceLimits`` / ``vp_sources`` -> ``piece limits`` / ``vp sources``."""
    return _CAMEL.sub(" ", str(key)).replace("_", " ").strip().lower()


def title(key: str) -> str:
    """``vp_sources`` -> ``Vp sources``: a heading made from a catalog key."""
    text = humanize(key)
    return text[:1].upper() + text[1:]


def is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def is_amounts(value: Any) -> bool:
    """A ``{material: count}`` mapping such as a cost."""
    return (
        isinstance(value, Mapping)
        and bool(value)
        and all(isinstance(n, int) and not isinstance(n, bool) for n in value.values())
    )


def amounts(value: Mapping[str, int] | None) -> str:
    """``{"brick": 1, "lumber": 1}`` -> ``1 brick, 1 lumber``; an empty cost is ``free``."""
    if not value:
        return "free"
    parts = [f"{n} {humanize(name)}" for name, n in value.items() if n]
    return ", ".join(parts) or "free"


def text(value: Any) -> str:
    """Any catalog value as one line of cell text."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, Mapping):
        if not value:
            return "-"
        if is_amounts(value):
            return ", ".join(f"{humanize(k)} {n}" for k, n in value.items())
        return "; ".join(f"`{k}`: {text(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        if not value:
            return "-"
        return ", ".join(text(v) for v in value)
    return str(value)


def payload(value: Any) -> str:
    """An action or card payload: ``{"edge": "edge id"}`` -> ``edge`` (edge id)."""
    if value is None or value == {} or value == []:
        return "-"
    if isinstance(value, Mapping):
        return "; ".join(f"`{k}`: {text(v)}" if v not in (None, "") else f"`{k}`" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(f"`{v}`" if isinstance(v, str) else text(v) for v in value)
    return text(value)


@dataclass
class Table:
    """A rectangular table of cell text; ``code`` lists the columns shown as code."""

    headers: list[str]
    rows: list[list[str]]
    code: set[int] = field(default_factory=set)

    def column(self, name: str) -> list[str]:
        i = self.headers.index(name)
        return [row[i] for row in self.rows]


def _keys(items: Iterable[Mapping[str, Any]]) -> list[str]:
    keys: list[str] = []
    for item in items:
        for key in item:
            if key not in keys:
                keys.append(key)
    return keys


def records(
    items: Sequence[Mapping[str, Any]],
    columns: Sequence[str] | None = None,
    code: Iterable[str] = (),
    labels: Mapping[str, str] | None = None,
    formats: Mapping[str, Any] | None = None,
) -> Table:
    """A list of dicts as a table: ``columns`` (default: every key, first-seen order).

    A column every row leaves out is dropped. ``formats`` maps a column to a function
    making its cell text (default :func:`text`).
    """
    wanted = list(columns) if columns is not None else _keys(items)
    keys = [k for k in wanted if any(k in item for item in items)]
    labels = labels or {}
    formats = formats or {}
    code_set = set(code)
    rows = [[(formats.get(k) or text)(item.get(k)) if k in item else "-" for k in keys] for item in items]
    return Table(
        [labels.get(k, humanize(k)) for k in keys],
        rows,
        {i for i, k in enumerate(keys) if k in code_set},
    )


def tabulate(
    value: Any, key_label: str = "name", value_label: str = "value", code_keys: bool = False
) -> Table:
    """Any catalog value as a table.

    * a list of dicts: one row each, one column per key;
    * a dict of dicts (not costs): one row per key, one column per inner key;
    * a dict of anything else: ``key_label | value_label`` rows;
    * a list of scalars: one row per item.
    """
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Mapping) for v in value):
            return records(value)
        return Table([value_label], [[text(v)] for v in value])
    if isinstance(value, Mapping):
        inner = list(value.values())
        if inner and all(isinstance(v, Mapping) for v in inner):
            keys = _keys(inner)
            if len(value) < len(keys):
                # Few wide records read better turned on their side: one row per inner key.
                outer = list(value)
                rows = [
                    [humanize(c)] + [text(value[o].get(c)) if c in value[o] else "-" for o in outer]
                    for c in keys
                ]
                return Table([key_label] + [humanize(o) for o in outer], rows)
            rows = [[str(k)] + [text(v.get(c)) if c in v else "-" for c in keys] for k, v in value.items()]
            return Table([key_label] + [humanize(c) for c in keys], rows, {0} if code_keys else set())
        rows = [[humanize(str(k)) if not code_keys else str(k), text(v)] for k, v in value.items()]
        return Table([key_label, value_label], rows, {0} if code_keys else set())
    return Table([value_label], [[text(value)]])


def facts(
    mapping: Mapping[str, Any], key_label: str = "fact", value_label: str = "value"
) -> tuple[Table, list[tuple[str, Any]]]:
    """Split a dict into a table of its scalar (and short list) entries and the rest.

    Returns the ``fact | value`` table and the ``(key, value)`` pairs that need a table
    of their own (lists of dicts, nested dicts).
    """
    rows: list[list[str]] = []
    rest: list[tuple[str, Any]] = []
    for key, value in mapping.items():
        simple = is_scalar(value) or is_amounts(value)
        simple = simple or (isinstance(value, (list, tuple)) and all(is_scalar(v) for v in value))
        if simple:
            rows.append([humanize(key), text(value)])
        else:
            rest.append((key, value))
    return Table([key_label, value_label], rows), rest


def group(items: Sequence[Mapping[str, Any]], key: str) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """Items grouped by ``item[key]``, groups and items in first-seen order."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for item in items:
        groups.setdefault(str(item.get(key, "")), []).append(item)
    return list(groups.items())


# ------------------------------------------------------------------ inline filters


def md_inline(value: Any) -> str:
    """Cell or prose text for Markdown: pipes escaped, ``<`` kept literal outside code."""
    source = str(value)
    out: list[str] = []
    last = 0
    for match in _CODE_SPAN.finditer(source):
        out.append(_md_plain(source[last : match.start()]))
        out.append(match.group(0).replace("|", "\\|"))
        last = match.end()
    out.append(_md_plain(source[last:]))
    return "".join(out)


def _md_plain(part: str) -> str:
    return part.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace("*", "\\*")


def md_code(value: Any) -> str:
    """A whole cell as inline code (``-`` stays plain)."""
    source = str(value)
    if source in ("", "-"):
        return source
    fence = "``" if "`" in source else "`"
    return f"{fence}{source}{fence}".replace("|", "\\|")


def html_inline(value: Any) -> Markup:
    """Cell text for HTML: escaped, with backtick spans made ``<code>``."""
    source = str(value)
    out: list[str] = []
    last = 0
    for match in _CODE_SPAN.finditer(source):
        out.append(str(escape(source[last : match.start()])))
        out.append(f"<code>{escape(match.group(1))}</code>")
        last = match.end()
    out.append(str(escape(source[last:])))
    return Markup("".join(out))


def html_prose(value: Any) -> Markup:
    """Template prose for HTML (already escaped where it came from data): backticks to code."""
    source = " ".join(str(value).split())
    return Markup(_CODE_SPAN.sub(lambda m: f"<code>{m.group(1)}</code>", source))


def md_prose(value: Any) -> str:
    """Template prose for Markdown: whitespace folded to single spaces."""
    return " ".join(str(value).split())


def md_table(table: Table) -> str:
    """A :class:`Table` as a GitHub-flavoured Markdown table."""

    def cell(i: int, value: str) -> str:
        return md_code(value) if i in table.code else md_inline(value)

    lines = ["| " + " | ".join(md_inline(h) for h in table.headers) + " |"]
    lines.append("|" + "|".join(" --- " for _ in table.headers) + "|")
    for row in table.rows:
        lines.append("| " + " | ".join(cell(i, v) for i, v in enumerate(row)) + " |")
    return "\n".join(lines)


def numbered(table: Table, label: str = "#") -> Table:
    """``table`` with a leading 1-based row number column."""
    return Table(
        [label, *table.headers],
        [[str(i), *row] for i, row in enumerate(table.rows, 1)],
        {c + 1 for c in table.code},
    )


def distinct(items: Sequence[Mapping[str, Any]], key: str) -> list[Any]:
    """The distinct values of ``item[key]``, first-seen order."""
    seen: list[Any] = []
    for item in items:
        value = item.get(key)
        if value not in seen:
            seen.append(value)
    return seen


def deck_summary(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per deck: how many different cards and how many cards in all."""
    return [
        {"deck": name, "kinds": len(cards), "cards": sum(int(c["count"]) for c in cards)}
        for name, cards in group(items, "deck")
    ]


def bullet_items(value: Any) -> list[str]:
    """Split prose written as ``- one`` / ``- two`` lines into its items."""
    items: list[str] = []
    for line in str(value).splitlines():
        stripped = line.strip()
        if stripped.startswith("- "):
            items.append(stripped[2:])
        elif stripped and items:
            items[-1] += " " + stripped
    return items
