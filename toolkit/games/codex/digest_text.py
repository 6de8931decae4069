"""The position digest, written and hashed from cached pieces.

The digest is the SHA-256 of the whole state as compact JSON with sorted keys
(:func:`toolkit.games.codex.state.full_text` writes it in one go). Most of that text is the
same from one move to the next: the terrain never changes, the decks change when a card is
drawn, a player's record when their cards or pieces do. :class:`DigestCache` writes exactly
the same characters, but keeps the JSON of every top-level field, of every player's field
and of every knight beside a copy of the value it was written from, and writes a piece again
only when its value no longer equals that copy. The fields that change with nearly every
move (:data:`HOT`) are written afresh every time and compared as text, which is cheaper than
copying them.

The hash is incremental too. SHA-256 reads the text front to back, so the cache keeps the
hash state reached just before a few top-level fields (:data:`CHECKPOINTS`, in sorted key
order the board lists come first, then the bank and the decks, and the fields that change
nearly every move last); a digest restarts from the last kept state before the first piece
that changed and hashes only the text from there on. When no piece was written at all the
last digest is the answer.

Values are compared with ``==``, which is exact for this state: every field holds one JSON
type throughout a game (booleans never stand where integers do, so ``True == 1`` never hides
a change), tuples hold only immutable values, and dict key order is irrelevant to sorted
JSON. No piece is trusted without that comparison, so a change made anywhere (a handler, a
loader, a test editing the state in place) reaches the next digest. The cache lives on the
state object outside its dataclass fields, so it is never part of the digest or of a
comparison of states, and copies of a state leave it behind (see ``State.__getstate__``).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import operator
from bisect import bisect_right
from collections.abc import Callable, Mapping
from itertools import compress
from typing import Any

CACHE_ATTRIBUTE = "_digest_pieces"
"""The state attribute holding the cache (not a dataclass field)."""

HOT: frozenset[str] = frozenset({"version", "pending"})
"""State fields written afresh for every digest: the move counter changes with every move, the
open decision with nearly every one (each bid or pass of an auction rewrites it)."""

SPECIAL: frozenset[str] = frozenset({"decks", "harbors", "knights", "players"})
"""State fields written piece by piece by :class:`DigestCache`: those holding dataclass instances,
and the decks (each pile compared card record by card record, see :meth:`DigestCache._decks`)."""

CHECKPOINTS: tuple[str, ...] = ("bank", "dice", "pending")
"""Top-level fields before which the hash state is kept: the board lists before ``bank`` change
only with a build, the bank and the decks before ``dice`` with production, draws and trades,
and from ``pending`` on (the open decision, the players, the move counter) nearly every move
changes something."""


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
    copied anew would have to be compared character by character). A list or dict holding only
    immutable values (most of them: a hand of resources, a list of card ids) is copied in one
    call."""
    kind = type(value)
    if kind in _IMMUTABLE:
        return value
    if kind is list:
        if _IMMUTABLE.issuperset(map(type, value)):
            return value.copy()
        return [_fresh(x) for x in value]
    if kind is dict:
        if _IMMUTABLE.issuperset(map(type, value.values())):
            return value.copy()
        return {k: _fresh(x) for k, x in value.items()}
    return copy.deepcopy(value)


def _getter(names: list[str]) -> Callable[[Mapping[str, Any]], tuple[Any, ...]]:
    """The named entries of an attribute dict as a tuple (for any number of names): a dataclass
    instance's fields read from ``vars(obj)``, cheaper than ``getattr`` for each."""
    if not names:
        return lambda attributes: ()
    if len(names) == 1:
        one = operator.itemgetter(names[0])
        return lambda attributes: (one(attributes),)
    return operator.itemgetter(*names)


class _Unseen:
    """Stands in for the copy of a field not written yet: equal to nothing."""

    def __eq__(self, other: object) -> bool:
        return False

    def __ne__(self, other: object) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]


_UNSEEN = _Unseen()


class _Records:
    """The players' list ``[{"field":json,...},...]``, kept player by player.

    One row per player holds the values of its fields (read from ``vars(player)`` in sorted field
    order) and is compared in one go with the row of copies its text was written from; only a
    changed player has its changed fields written again (most moves change one player's hand or
    nothing of the players at all)."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.get: Callable[[Mapping[str, Any]], tuple[Any, ...]] | None = None
        self.rows: list[tuple[Any, ...]] = []
        self.parts: list[list[str]] = []
        self.texts: list[str] = []
        self.written = False

    def text(self, players: list[Any]) -> str | None:
        """The list's text when a player changed since the last call, else None."""
        if self.get is None and players:
            names = sorted(f.name for f in dataclasses.fields(players[0]))
            self.keys = [json.dumps(n) + ":" for n in names]
            self.get = _getter(names)
        rows = list(map(self.get, map(vars, players))) if self.get is not None else []
        old = self.rows
        if rows == old and self.written:
            return None
        self.written = True
        del old[len(rows):], self.parts[len(rows):], self.texts[len(rows):]
        keys = self.keys
        for k, row in enumerate(rows):
            if k < len(old):
                was = old[k]
                if row == was:
                    continue
                moved = list(compress(range(len(row)), map(operator.ne, row, was)))
                copies, parts = list(was), self.parts[k]
            else:
                moved = list(range(len(row)))
                copies, parts = list(row), list(keys)
                old.append(row)
                self.parts.append(parts)
                self.texts.append("")
            for j in moved:
                value = row[j]
                copies[j] = _fresh(value)
                parts[j] = keys[j] + dumps(value)
            old[k] = tuple(copies)
            self.texts[k] = "{" + ",".join(parts) + "}"
        return "[" + ",".join(self.texts) + "]"


class DigestCache:
    """The cached pieces and hash states of one state's digest text."""

    def __init__(self, state: Any) -> None:
        names = sorted(f.name for f in dataclasses.fields(state))
        self.names = names
        self.keys = [json.dumps(n) + ":" for n in names]
        self.parts = [""] * len(names)
        compared = [i for i, n in enumerate(names) if n not in SPECIAL and n not in HOT]
        self.compared = compared
        self.positions = range(len(compared))
        self.get = _getter([names[i] for i in compared])
        self.copies: list[Any] = [_UNSEEN] * len(compared)
        self.hot = [(i, operator.attrgetter(n)) for i, n in enumerate(names) if n in HOT]
        self.at = {n: names.index(n) for n in SPECIAL}
        self.players = _Records()
        self.harbors: list[Any] | None = None
        self.knight_ids: list[str] | None = None  # None until first written
        self.knight_rows: list[tuple[Any, ...]] = []
        self.knight_texts: list[str] = []
        self.knight_fields: Callable[[Any], tuple[Any, ...]] | None = None
        self.deck_names: list[str] = []
        self.piles: list[list[Any]] | None = None  # None until first written
        self.pile_texts: list[str] = []
        self.starts = [0] + [names.index(n) for n in CHECKPOINTS]
        self.ends = [*self.starts[1:], len(names)]
        self.hashes: list[Any] = [None] * len(self.starts)
        self.stale = 0  # the first piece written since the hash states were last brought up to date
        self.hex = ""  # the digest as last hashed

    def update(self, state: Any) -> None:
        """Bring every piece up to date with ``state``."""
        parts, keys, at = self.parts, self.keys, self.compared
        first = len(parts)
        values = self.get(vars(state))
        copies = self.copies
        moved = list(compress(self.positions, map(operator.ne, values, copies)))
        if moved:
            first = at[moved[0]]
            for k in moved:
                value = values[k]
                copies[k] = _fresh(value)
                i = at[k]
                parts[i] = keys[i] + dumps(value)
        for i, get in self.hot:
            text = keys[i] + dumps(get(state))
            if text != parts[i]:
                parts[i] = text
                first = min(first, i)
        for name, changed in (("decks", self._decks(state.decks)),
                              ("harbors", self._harbors(state.harbors)),
                              ("knights", self._knights(state.knights)),
                              ("players", self.players.text(state.players))):
            if changed is not None:
                i = self.at[name]
                parts[i] = keys[i] + changed
                first = min(first, i)
        self.stale = min(self.stale, first)

    def text(self) -> str:
        """The whole digest text as the pieces stand."""
        return "{" + ",".join(self.parts) + "}"

    def hexdigest(self) -> str:
        """SHA-256 of :meth:`text`, hashing only from the last kept hash state before the first
        piece written since the previous hash (the digest itself kept when none was)."""
        parts, starts, ends, hashes = self.parts, self.starts, self.ends, self.hashes
        if self.stale == len(parts) and self.hex:
            return self.hex
        first = bisect_right(starts, self.stale) - 1
        h = hashlib.sha256(b"{") if first == 0 else hashes[first].copy()
        last = len(starts) - 1
        for k in range(first, last):
            if k > first:
                hashes[k] = h.copy()
            text = ",".join(parts[starts[k]:ends[k]])
            h.update(("," + text if k else text).encode())
        if first < last:
            hashes[last] = h.copy()
        h.update(("," + ",".join(parts[starts[last]:]) + "}").encode())
        self.stale = len(parts)
        self.hex = h.hexdigest()
        return self.hex

    def _decks(self, decks: dict[str, list[Any]]) -> str | None:
        """The decks ``{"deck":[card,...],...}`` when a pile changed, else None.

        A pile is compared with a copy of its list that holds the same card records: a card
        record is made once (when the decks are built or a position is loaded) and only ever
        moves between a pile, a hand and the revealed points, never edited in place, so the
        same record object always means the same card and a pile compares by identity card
        by card (what makes the decks, the largest field, cheap to check)."""
        names, piles = list(decks), list(decks.values())
        if names == self.deck_names and piles == self.piles:
            return None
        texts = dict(zip(self.deck_names, self.pile_texts, strict=True))
        seen = dict(zip(self.deck_names, self.piles or (), strict=True))
        for name, pile in zip(names, piles, strict=True):
            if name not in seen or seen[name] != pile:
                texts[name] = json.dumps(name) + ":" + dumps(pile)
        self.deck_names, self.piles = names, [list(pile) for pile in piles]
        self.pile_texts = [texts[name] for name in names]
        return "{" + ",".join(texts[name] for name in sorted(names)) + "}"

    def _harbors(self, harbors: list[Any]) -> str | None:
        """Harbors as ``[id, kind, edge, [a, b]]`` rows when the list changed, else None (a
        :class:`~toolkit.games.codex.board.Harbor` is frozen, so the same harbor objects in
        the same order are the same harbors)."""
        if self.harbors is not None and self.harbors == harbors:
            return None
        self.harbors = list(harbors)
        return dumps([[h.id, h.kind, h.edge, list(h.intersections)] for h in harbors])

    def _knights(self, knights: dict[str, Any]) -> str | None:
        """Knights by id as ``{"id":{...},...}`` when one changed, else None; an unchanged
        knight's text is reused (a knight's fields are all immutable, so the tuple of them is
        its own copy)."""
        ids = list(knights)
        rows: list[tuple[Any, ...]] = []
        if ids:
            if self.knight_fields is None:
                names = [f.name for f in dataclasses.fields(knights[ids[0]])]
                self.knight_fields = _getter(names)
            rows = list(map(self.knight_fields, map(vars, knights.values())))
        if ids == self.knight_ids and rows == self.knight_rows:
            return None
        seen = dict(zip(self.knight_ids or (), zip(self.knight_rows, self.knight_texts, strict=True),
                        strict=True))
        texts = []
        for kid, row in zip(ids, rows, strict=True):
            old = seen.get(kid)
            if old is not None and old[0] == row:
                texts.append(old[1])
            else:
                texts.append(json.dumps(kid) + ":" + dumps(knights[kid]))
        self.knight_ids, self.knight_rows, self.knight_texts = ids, rows, texts
        return "{" + ",".join(text for _, text in sorted(zip(ids, texts, strict=True))) + "}"


def cache_of(state: Any) -> DigestCache:
    """The digest cache kept on ``state`` (made on first use)."""
    cache = getattr(state, CACHE_ATTRIBUTE, None)
    if not isinstance(cache, DigestCache):
        cache = DigestCache(state)
        setattr(state, CACHE_ATTRIBUTE, cache)
    return cache


def canonical_text(state: Any) -> str:
    """The digest text of ``state`` (a codex :class:`~toolkit.games.codex.state.State`): the
    same characters as ``state.full_text``, written from cached pieces."""
    cache = cache_of(state)
    cache.update(state)
    return cache.text()


def digest(state: Any) -> str:
    """SHA-256 of :func:`canonical_text`, hashed incrementally (see :class:`DigestCache`)."""
    cache = cache_of(state)
    cache.update(state)
    return cache.hexdigest()
