"""The text the position digest hashes, rebuilt from cached pieces.

The digest is the SHA-256 of the whole state as compact JSON with sorted keys
(:func:`toolkit.games.codex.state.full_text` writes it in one go). Most of that text is the
same from one move to the next: the terrain never changes, the decks change when a card is
drawn, a player's record when their cards or pieces do. :func:`canonical_text` writes exactly
the same characters, but keeps the JSON of every top-level field, of every player's field and
of every knight beside a copy of the value it was written from, and writes a piece again
only when its value no longer equals that copy.

Values are compared with ``==``, which is exact for this state: every field holds one JSON
type throughout a game (booleans never stand where integers do, so ``True == 1`` never hides
a change), tuples hold only immutable values, and dict key order is irrelevant to sorted
JSON. The cache lives on the state object outside its dataclass fields, so it is never part
of the digest or of a comparison of states; a deep copy of a state carries it along, which
is harmless because every piece is checked against the value it was written from.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import operator
from collections.abc import Callable
from typing import Any

CACHE_ATTRIBUTE = "_digest_pieces"
"""The state attribute holding the cache (not a dataclass field)."""


def plain(value: Any) -> Any:
    """JSON for what ``json`` cannot write itself: a dataclass as its fields, anything else as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    return str(value)


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=plain)
# The C encoder ``JSONEncoder.encode`` builds on every call, built once (without the
# circular-reference check, which a game state never needs).
_MAKE_ENCODER = getattr(json.encoder, "c_make_encoder", None)
_C_ENCODE = None if _MAKE_ENCODER is None else _MAKE_ENCODER(
    None, plain, json.encoder.encode_basestring_ascii, None, ":", ",", True, False, True)


def dumps(value: Any) -> str:
    """Compact JSON with sorted keys: the digest's serialisation of one value (what
    ``json.dumps(value, sort_keys=True, separators=(",", ":"), default=plain)`` writes)."""
    if _C_ENCODE is None or isinstance(value, str):
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))


_SCALARS = (str, int, type(None), bool, float)
_IMMUTABLE = frozenset((*_SCALARS, tuple))

def _copy(value: Any) -> Any:
    """A copy of ``value`` to compare later values against: lists and dicts are copied all the way
    down, everything immutable is shared (so unchanged leaves compare by identity)."""
    kind = type(value)
    if kind is list:
        return [x if type(x) in _IMMUTABLE else _copy(x) for x in value]
    if kind is dict:
        return {k: x if type(x) in _IMMUTABLE else _copy(x) for k, x in value.items()}
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)


def _fresh(value: Any) -> Any:
    return value if type(value) in _IMMUTABLE else _copy(value)


class _Group:
    """Some fields of a record (by index), read with one getter and compared with their copies
    in one comparison."""

    def __init__(self, at: list[int], names: list[str], copies: list[Any]) -> None:
        self.at = at
        self.get: Callable[[Any], Any] | None = operator.attrgetter(*(names[i] for i in at)) if at else None
        self.single = len(at) == 1
        self.pick = operator.itemgetter(*at) if len(at) > 1 else lambda c: tuple(c[i] for i in at)
        self.snapshot = self.pick(copies)

    def refresh(self, copies: list[Any]) -> None:
        """Take the record's current copies as this group's snapshot."""
        self.snapshot = self.pick(copies)

    def changes(self, obj: Any) -> list[tuple[int, Any]]:
        """``(index, value)`` of every field whose value no longer equals its copy."""
        if self.get is None:
            return []
        values = (self.get(obj),) if self.single else self.get(obj)
        if values == self.snapshot:
            return []
        return [(i, new) for i, new, was in zip(self.at, values, self.snapshot, strict=True)
                if new is not was and (type(new) is not type(was) or new != was)]


class _Record:
    """The digest text of one dataclass instance: ``{"field":json,...}`` in sorted field order.

    Fields named in ``special`` are written by the caller (they need more than ``json``). The
    others start in one *stable* group; a field seen to change moves to the *moving* group, so
    the fields that never change (the terrain, the decks between draws) cost one comparison
    together. With ``whole``, an unchanged record (a player who did not act) is found with
    one comparison of all its fields and returns its last text."""

    def __init__(self, obj: Any, special: tuple[str, ...] = (), whole: bool = False) -> None:
        self.names = sorted(f.name for f in dataclasses.fields(obj))
        self.keys = [json.dumps(n) + ":" for n in self.names]
        self.special = {n: self.names.index(n) for n in special}
        self.plain_at = [i for i, n in enumerate(self.names) if n not in special]
        self.copies: list[Any] = [None] * len(self.names)
        self.parts = [""] * len(self.names)
        for i in self.plain_at:
            value = getattr(obj, self.names[i])
            self.copies[i] = _fresh(value)
            self.parts[i] = self.keys[i] + dumps(value)
        self.stable = _Group(self.plain_at, self.names, self.copies)
        self.moving = _Group([], self.names, self.copies)
        self.whole = _Group(self.plain_at, self.names, self.copies) if whole else None
        self.text = ""

    def render(self, obj: Any, special: dict[str, str] | None = None) -> str:
        if self.whole is not None and self.text and not self.whole.changes(obj):
            return self.text
        moved = self.stable.changes(obj)
        for i, value in self.moving.changes(obj) + moved:
            self.copies[i] = _fresh(value)
            self.parts[i] = self.keys[i] + dumps(value)
        if moved:
            now = {i for i, _ in moved}
            self.stable = _Group([i for i in self.stable.at if i not in now], self.names, self.copies)
            self.moving = _Group(sorted(self.moving.at + list(now)), self.names, self.copies)
        else:
            self.moving.refresh(self.copies)
        if self.whole is not None:
            self.whole.refresh(self.copies)
        for name, text in (special or {}).items():
            self.parts[self.special[name]] = self.keys[self.special[name]] + text
        self.text = "{" + ",".join(self.parts) + "}"
        return self.text


class _Cache:
    """The cached pieces of one state."""

    def __init__(self, state: Any) -> None:
        self.top = _Record(state, ("harbors", "knights", "players"))
        self.players: list[_Record] = []
        self.harbors: tuple[list[Any], str] | None = None
        self.harbor_fields = operator.attrgetter("id", "kind", "edge", "intersections")
        self.knights: dict[str, tuple[tuple[Any, ...], str]] = {}
        self.knight_fields: Callable[[Any], tuple[Any, ...]] | None = None

    def render_players(self, players: list[Any]) -> str:
        while len(self.players) < len(players):
            self.players.append(_Record(players[len(self.players)], whole=True))
        return "[" + ",".join(rec.render(p) for p, rec in zip(players, self.players, strict=False)) + "]"

    def render_harbors(self, harbors: list[Any]) -> str:
        """Harbors as ``[id, kind, edge, [a, b]]`` rows (their fields are immutable values)."""
        rows = list(map(self.harbor_fields, harbors))
        if self.harbors is None or self.harbors[0] != rows:
            self.harbors = (rows, dumps([[h, k, e, list(ends)] for h, k, e, ends in rows]))
        return self.harbors[1]

    def render_knights(self, knights: dict[str, Any]) -> str:
        """Knights by id, each written as ``"id":{...}``; reused while its fields are unchanged
        (a knight's fields are all immutable, so the tuple of them is its own copy)."""
        parts = []
        fresh: dict[str, tuple[tuple[Any, ...], str]] = {}
        for kid in sorted(knights):
            knight = knights[kid]
            if self.knight_fields is None:
                self.knight_fields = operator.attrgetter(*(f.name for f in dataclasses.fields(knight)))
            values = self.knight_fields(knight)
            seen = self.knights.get(kid)
            if seen is not None and seen[0] == values:
                text = seen[1]
            else:
                text = json.dumps(kid) + ":" + dumps(knight)
            fresh[kid] = (values, text)
            parts.append(text)
        self.knights = fresh
        return "{" + ",".join(parts) + "}"


def canonical_text(state: Any) -> str:
    """The digest text of ``state`` (a codex :class:`~toolkit.games.codex.state.State`): the
    same characters as ``state.full_text``, written from cached pieces."""
    cache = getattr(state, CACHE_ATTRIBUTE, None)
    if not isinstance(cache, _Cache):
        cache = _Cache(state)
        setattr(state, CACHE_ATTRIBUTE, cache)
    return cache.top.render(state, {
        "harbors": cache.render_harbors(state.harbors),
        "knights": cache.render_knights(state.knights),
        "players": cache.render_players(state.players),
    })
