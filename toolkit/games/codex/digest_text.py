"""The text the position digest hashes, rebuilt from cached pieces.

The digest is the SHA-256 of the whole state as compact JSON with sorted keys
(:func:`toolkit.games.codex.state.full_text` writes it in one go). Most of that text is the
same from one move to the next: the terrain never changes, the decks change when a card is
drawn, a player's record when their cards or pieces do. :func:`canonical_text` writes exactly
the same characters, but keeps the JSON of every top-level field, of every player's field and
of every knight beside a copy of the value it was written from, and writes a piece again
only when its value no longer equals that copy. The fields that change with nearly every move
(:data:`HOT`) are written afresh every time instead, which is cheaper than copying them.

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
from collections.abc import Callable, Iterable
from itertools import compress
from typing import Any

CACHE_ATTRIBUTE = "_digest_pieces"
"""The state attribute holding the cache (not a dataclass field)."""

HOT: frozenset[str] = frozenset({"version", "pending"})
"""State fields written afresh for every digest: the move counter changes with every move, the
open decision with nearly every one (each bid or pass of an auction rewrites it)."""


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
_SCALAR_TEXT: dict[Any, str] = {None: "null", True: "true", False: "false"}


def dumps(value: Any) -> str:
    """Compact JSON with sorted keys: the digest's serialisation of one value (what
    ``json.dumps(value, sort_keys=True, separators=(",", ":"), default=plain)`` writes)."""
    kind = type(value)
    if kind is int:
        return int.__repr__(value)  # how json writes an integer
    if kind is str or _C_ENCODE is None:
        return _ENCODER.encode(value)
    if value is None or kind is bool:
        return _SCALAR_TEXT[value]
    return "".join(_C_ENCODE(value, 0))


_IMMUTABLE = frozenset((str, int, type(None), bool, float, tuple))


def _fresh(value: Any) -> Any:
    """A copy of ``value`` to compare later values against: lists and dicts are copied all the way
    down, everything immutable is shared, so an unchanged leaf compares by identity (a string
    copied anew would have to be compared character by character)."""
    kind = type(value)
    if kind in _IMMUTABLE:
        return value
    if kind is list:
        return [x if type(x) in _IMMUTABLE else _fresh(x) for x in value]
    if kind is dict:
        return {k: x if type(x) in _IMMUTABLE else _fresh(x) for k, x in value.items()}
    return copy.deepcopy(value)


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The named attributes of an object as a tuple (for any number of names)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    return operator.attrgetter(*names)


class _Unseen:
    """Stands in for the copy of a field not written yet: equal to nothing."""

    def __eq__(self, other: object) -> bool:
        return False

    def __ne__(self, other: object) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]


class _Group:
    """Some fields of a record (by index), read with one getter and compared with the copies of
    their last written values in one tuple comparison."""

    def __init__(self, at: list[int], names: list[str]) -> None:
        self.at = at
        self.get = _getter([names[i] for i in at])
        self.copies: tuple[Any, ...] = (_Unseen(),) * len(at)

    def changes(self, obj: Any) -> list[tuple[int, Any]]:
        """``(index, value)`` of every field whose value no longer equals its copy; the copies
        are brought up to date."""
        values = self.get(obj)
        if values == self.copies:
            return []
        moved = list(compress(range(len(values)), map(operator.ne, values, self.copies)))
        if moved:
            copies = list(self.copies)
            for k in moved:
                copies[k] = _fresh(values[k])
            self.copies = tuple(copies)
        return [(self.at[k], values[k]) for k in moved]


class _Record:
    """The digest text of one dataclass instance: ``{"field":json,...}`` in sorted field order.

    Fields named in ``special`` are written by the caller (they need more than ``json``), those
    in ``hot`` afresh every time. Every other field starts in the *stable* group; a field seen to
    change moves to the *moving* group, so the fields that never change (the terrain, the decks
    between draws) cost one comparison together, and an unchanged record its last text."""

    def __init__(self, obj: Any, special: Iterable[str] = (), hot: Iterable[str] = (),
                 whole: bool = False) -> None:
        self.names = sorted(f.name for f in dataclasses.fields(obj))
        # With ``whole``, the copies of all fields by name, so that an unchanged record (a player
        # who did not act) is found with one comparison of its attribute dict.
        self.whole: dict[str, Any] | None = {} if whole else None
        self.keys = [json.dumps(n) + ":" for n in self.names]
        self.special = {n: self.names.index(n) for n in special}
        hot_names = set(hot) - set(self.special)
        self.hot_at = [i for i, n in enumerate(self.names) if n in hot_names]
        self.get_hot = _getter([self.names[i] for i in self.hot_at])
        cold = [i for i, n in enumerate(self.names) if n not in hot_names and n not in self.special]
        self.stable = _Group(cold, self.names)
        self.moving = _Group([], self.names)
        self.parts = [""] * len(self.names)
        self.text = ""

    def render(self, obj: Any, special: dict[str, str] | None = None) -> str:
        if self.whole is not None and self.text and vars(obj) == self.whole:
            return self.text
        changed = self.moving.changes(obj)
        moved = self.stable.changes(obj)
        if self.whole is not None:
            self.whole = {self.names[i]: c for group in (self.stable, self.moving)
                          for i, c in zip(group.at, group.copies, strict=True)}
        if not changed and not moved and not self.hot_at and not special and self.text:
            return self.text
        parts, keys = self.parts, self.keys
        for i, value in changed + moved:
            parts[i] = keys[i] + dumps(value)
        if moved and self.text:  # fields that changed for the first time join the moving group
            now = {i for i, _ in moved}
            kept = [k for k, i in enumerate(self.stable.at) if i not in now]
            stable = _Group([self.stable.at[k] for k in kept], self.names)
            stable.copies = tuple(self.stable.copies[k] for k in kept)
            joining = [(i, c) for i, c in zip(self.stable.at, self.stable.copies, strict=True) if i in now]
            pairs = sorted([*zip(self.moving.at, self.moving.copies, strict=True), *joining])
            moving = _Group([i for i, _ in pairs], self.names)
            moving.copies = tuple(c for _, c in pairs)
            self.stable, self.moving = stable, moving
        for i, value in zip(self.hot_at, self.get_hot(obj), strict=True):
            parts[i] = keys[i] + dumps(value)
        for name, text in (special or {}).items():
            i = self.special[name]
            parts[i] = keys[i] + text
        self.text = "{" + ",".join(parts) + "}"
        return self.text


class _Cache:
    """The cached pieces of one state."""

    def __init__(self, state: Any) -> None:
        self.top = _Record(state, ("harbors", "knights", "players"), HOT)
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
