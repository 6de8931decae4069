"""Reading the fields of a decision, and the small helpers events are written with.

Every malformed answer becomes an :class:`IllegalMove` with code ``bad_field`` (or
``bad_resource`` / ``talk_too_long``), never a Python exception, so a replay can name
the move and say what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from toolkit.games.base import Event, IllegalMove

from .constants import RESOURCE_INDEX, RESOURCES, TALK_LIMIT


def check_keys(action: Mapping[str, Any], allowed: tuple[str, ...], what: str) -> None:
    """Refuse any field the decision does not take."""
    for key in action:
        if key not in allowed:
            raise IllegalMove("bad_field", f"{what} takes no field {key!r}")


def get_int(action: Mapping[str, Any], key: str, what: str, upper: int) -> int:
    """A required integer field in ``[0, upper)``."""
    if key not in action:
        raise IllegalMove("bad_field", f"{what} needs a {key!r} field")
    value = action[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove("bad_field", f"{what}: {key!r} must be an integer")
    if not 0 <= value < upper:
        raise IllegalMove("bad_field", f"{what}: {key!r} must be between 0 and {upper - 1}, not {value}")
    return value


def as_int(value: Any, label: str, upper: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove("bad_field", f"{label} must be an integer")
    if not 0 <= value < upper:
        raise IllegalMove("bad_field", f"{label} must be between 0 and {upper - 1}, not {value}")
    return value


def as_resource(value: Any, label: str) -> int:
    if not isinstance(value, str):
        raise IllegalMove("bad_field", f"{label} must be a resource name")
    index = RESOURCE_INDEX.get(value)
    if index is None:
        raise IllegalMove("bad_resource", f"{value!r} is not a resource (use one of {', '.join(RESOURCES)})")
    return index


def get_resource(action: Mapping[str, Any], key: str, what: str) -> int:
    if key not in action:
        raise IllegalMove("bad_field", f"{what} needs a {key!r} field")
    return as_resource(action[key], f"{what}: {key!r}")


def get_bundle(action: Mapping[str, Any], key: str, what: str) -> list[int]:
    """A ``{resource: count}`` object as a five-long count vector."""
    if key not in action:
        raise IllegalMove("bad_field", f"{what} needs a {key!r} field")
    value = action[key]
    if type(value) is not dict and not isinstance(value, Mapping):
        raise IllegalMove("bad_field", f"{what}: {key!r} must be an object of resource counts")
    out = [0] * 5
    for name, count in value.items():
        index = as_resource(name, f"{what}: {key!r}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalMove("bad_field", f"{what}: the count of {name} must be a whole number, 0 or more")
        out[index] = count
    return out


def get_talk(action: Mapping[str, Any], what: str) -> str:
    """The optional table-talk string ('' when absent)."""
    talk = action.get("talk")
    if talk is None:
        return ""
    if not isinstance(talk, str):
        raise IllegalMove("bad_field", f"{what}: 'talk' must be a string")
    if len(talk) > TALK_LIMIT:
        raise IllegalMove(
            "talk_too_long", f"table talk is capped at {TALK_LIMIT} characters, this has {len(talk)}"
        )
    return talk


def bundle_dict(vec: list[int]) -> dict[str, int]:
    """A count vector as a JSON object, zero counts left out, resources in fixed order."""
    return {RESOURCES[i]: c for i, c in enumerate(vec) if c}


def bundle_text(vec: list[int]) -> str:
    parts = [f"{c} {RESOURCES[i]}" for i, c in enumerate(vec) if c]
    return ", ".join(parts) if parts else "nothing"


class Narrated(dict[str, Any]):
    """An event whose sentence is written the first time something reads the event.

    It is an ordinary event object — ``{"type", "text", ...fields}`` in that key order —
    except that ``text`` (and ``hands``, when the event moves cards) holds a placeholder
    until the event is read through any of the methods below (item access, ``get``,
    ``items``, ``values``, iteration, comparison, ``repr``, copying, pickling, JSON
    encoding, writing a key); then ``words(*args)`` is called once and its sentence
    stored, and the hand changes are written out. A bot or a replay that never reads its
    events never pays for them.
    """

    __slots__ = ("_words", "_args", "_changes")

    _words: Callable[..., str] | None
    _args: tuple[Any, ...]
    _changes: dict[int, list[int]] | None

    def _write(self) -> None:
        words = self._words
        if words is not None:
            self._words = None
            dict.__setitem__(self, "text", words(*self._args))
            if self._changes is not None:
                dict.__setitem__(self, "hands", hand_change(self._changes))

    def __setitem__(self, key: str, value: Any) -> None:
        self._write()
        dict.__setitem__(self, key, value)

    def __getitem__(self, key: str) -> Any:
        self._write()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        self._write()
        return dict.get(self, key, default)

    def items(self) -> Any:
        self._write()
        return dict.items(self)

    def values(self) -> Any:
        self._write()
        return dict.values(self)

    def __iter__(self) -> Iterator[str]:
        self._write()
        return dict.__iter__(self)

    def __eq__(self, other: object) -> bool:
        self._write()
        if isinstance(other, Narrated):
            other._write()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self._write()
        return dict.__repr__(self)

    def copy(self) -> dict[str, Any]:
        self._write()
        return dict(dict.items(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.copy(),))


def narrated(
    fields: dict[str, Any],
    words: Callable[..., str],
    args: tuple[Any, ...] = (),
    changes: dict[int, list[int]] | None = None,
) -> Event:
    """The event ``fields`` whose sentence is ``words(*args)``, written when the event is first read.

    ``fields`` is the whole event object in key order, ``"type"`` first and then
    ``"text": None`` (the placeholder), and, when ``changes`` is given, ``"hands": None``
    last. Give the sentence as a function (often a template's bound ``str.format``) and
    the values it needs, taken now. ``changes`` (per seat, the cards that entered or left
    the hand; lists nobody changes later) is written out by :func:`hand_change`.
    An event whose sentence is already made is just its dict.
    """
    lazy = Narrated(fields)
    lazy._words = words
    lazy._args = args
    lazy._changes = changes
    return lazy


def hand_change(changes: dict[int, list[int]]) -> dict[str, dict[str, int]]:
    """The ``hands`` field of an event: per seat, what entered (+) or left (-) the hand."""
    out = {}
    for seat in sorted(changes) if len(changes) > 1 else changes:
        vec = changes[seat]
        if any(vec):
            out[str(seat)] = {RESOURCES[i]: c for i, c in enumerate(vec) if c}
    return out
