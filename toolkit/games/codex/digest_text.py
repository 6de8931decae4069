"""The position digest, written and hashed from cached pieces.

The digest is the SHA-256 of the whole state as compact JSON with sorted keys
(:func:`toolkit.games.codex.state.full_text` writes it in one go). Most of that text is the
same from one move to the next: the terrain never changes, the decks change when a card is
drawn, a player's record when their cards or pieces do. :class:`DigestCache` writes exactly
the same characters from a piece per top-level field (and per player), and writes a piece
again only when its field has changed.

How the cache learns what changed (the rule every code that edits a state follows):

* The fields in :data:`MARKED` (the board lists, the knights, the bank, the dice, the decks,
  the players, the open decision, the records of rolls, attacks, points and trades, and the
  settings fixed when the game starts) are written again only when a change to them is
  announced with :func:`changed`: ``changed(state, "road", seat)`` names the fields changed
  and, as integers, the seats whose player record changed; a tuple ``(seat, field, ...)``
  (:func:`materials_of` makes the commonest) says that only the named fields of that player
  changed. Every edit of such a field, in place or by assignment, anywhere (an engine handler,
  a test setting up a position), is followed by that call before the state is next digested.
* The records in the lists of :data:`ROWS` and in the decks' piles are never edited once
  listed: a change replaces the record (or the list), so the same record object always stands
  for the same text.
* The other fields (the counters, the phase, the turn's seat, the task queue, ...: scalars
  and small values that many handlers set) are compared with a copy of the value their piece
  was written from on every digest: they need no announcement.
* A state without a cache needs no announcements: a state built, loaded or copied
  (``copy.deepcopy``, pickle) starts without one, and its first digest writes every piece.
  A shallow copy (``copy.copy``) shares its lists with the original, so neither could hear
  of the other's changes: both are digested from their full text from then on.
* So the digest sees only announced changes to marked fields: whether a refused move left the
  state as it was is checked with ``state.full_digest`` (the text written afresh), not with it.

:data:`CHECKED` proves the announcements complete: when set (the test suite sets it), every
digest is also computed from the full text, and a difference raises :class:`UnannouncedChange`
naming the fields changed without an announcement. Every test, property test and replay of
the suite thus checks the rule.

The hash is incremental too. The text is cut into *segments* of consecutive top-level fields
in sorted key order (:data:`SEGMENTS`); each keeps its text and the SHA-256 state reached just
before it. SHA-256 reads the text front to back, so a digest restarts from the kept state
before the first segment that changed and hashes only the text from there on (from the open
decision on, nearly every move changes something; the fields before it change far less
often). When nothing changed the last digest is the answer.

Compared values are compared with ``==``, which is exact for this state: every field holds
one JSON type throughout a game (booleans never stand where integers do, so ``True == 1``
never hides a change) and dict key order is irrelevant to sorted JSON. The cache lives on the
state object outside its fields (``State.FIELDS``), so it is never part of the digest or of a
comparison of states, and copies of a state leave it behind (see ``State.__getstate__``).
"""

from __future__ import annotations

import copy
import hashlib
import json
import operator
from collections.abc import Callable, Mapping
from itertools import compress
from typing import Any

CACHE_ATTRIBUTE = "_digest_pieces"
"""The state attribute holding the cache (not a field)."""

Mark = str | int | tuple[Any, ...]
"""What :func:`changed` is told: a field's name, a seat, or a seat and some of its player's fields."""

MARKED: frozenset[str] = frozenset({
    "b_metro", "b_owner", "b_sideways", "b_type", "b_wall", "road", "bank", "dice", "knight_at", "knights",
    "terrain", "tokens", "harbors", "decks", "players", "pending", "first_rolls", "last_attack",
    "last_vp_awards", "domestic_counters", "domestic_declines", "domestic_outcomes",
    "berserker_max", "first_player", "game_id", "opponent_types_hint", "seed", "setup_order", "size",
    "standing_wants_enabled", "vp_target",
})
"""Fields whose changes are announced with :func:`changed` (the others are compared)."""

ROWS: frozenset[str] = frozenset({
    "domestic_counters", "domestic_declines", "domestic_outcomes", "first_rolls", "last_vp_awards",
})
"""Marked lists of records that are never edited once listed, kept as :class:`_Rows`."""

SEGMENTS: tuple[str, ...] = ("bank", "decks", "dice", "knight_at", "pending")
"""The top-level fields that open a new segment of the text (the first opens with the first
field): the board lists change with a build, the bank and the berserker with production and
attacks, the decks with a draw, the dice and the turn's trade records with each roll and
trade, the knights with a knight's move. From the open decision to the end is one segment:
the move counter (``version``) near the end changes with every move and the open decision at
its start with nearly every move, so a cut inside it would only add a restart point that is
never used (the fixed lists in it, terrain and tokens, are short enough to hash every time)."""

COUNTER = "version"
"""The move counter: compared like the other unmarked fields, but on its own and first, since it
changes with every move while the rest mostly stay as they were."""

CHECKED = False
"""When true, every digest is also computed from the full text and must agree (see the module
docstring); the test suite sets it."""


class UnannouncedChange(AssertionError):
    """A field changed without the announcement the cache relies on (raised in checked mode)."""


def plain(value: Any) -> Any:
    """JSON for what ``json`` cannot write itself: a record of the state (a class naming its
    ``FIELDS``: a player, a knight) as its fields, anything else as text."""
    names = getattr(type(value), "FIELDS", None)
    if names is not None:
        return {name: getattr(value, name) for name in names}
    return str(value)


class _Strings(dict[str, str]):
    """The JSON of strings as written before (the same keys, ids and names recur in every
    piece): a memo of :func:`json.encoder.encode_basestring_ascii`, looked up from C, of short
    strings only and emptied when full."""

    LIMIT = 4096
    LONGEST = 64

    def __missing__(self, text: str) -> str:
        json_text: str = json.encoder.encode_basestring_ascii(text)
        if len(text) <= self.LONGEST:
            if len(self) >= self.LIMIT:
                self.clear()
            self[text] = json_text
        return json_text


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=plain)
# The C encoder ``JSONEncoder.encode`` builds on every call, built once (without the
# circular-reference check, which a game state never needs).
_MAKE_ENCODER = getattr(json.encoder, "c_make_encoder", None)
_ENCODE_STRING = _Strings().__getitem__
_C_ENCODE = None if _MAKE_ENCODER is None else _MAKE_ENCODER(
    None, plain, _ENCODE_STRING, None, ":", ",", True, False, True)
_SCALAR_TEXT: dict[Any, str] = {None: "null", True: "true", False: "false"}


def dumps(value: Any) -> str:
    """Compact JSON with sorted keys: the digest's serialisation of one value (what
    ``json.dumps(value, sort_keys=True, separators=(",", ":"), default=plain)`` writes).

    Dicts and lists, the commonest values here, go to the encoder before any other test."""
    kind = type(value)
    if kind is not dict and kind is not list:
        if kind is int:
            return int.__repr__(value)  # how json writes an integer
        if kind is str:
            return _ENCODE_STRING(value)  # what the encoder writes for a string
        if value is None or kind is bool:
            return _SCALAR_TEXT[value]
    if _C_ENCODE is None:
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))


def field_json(state: Any, name: str) -> str:
    """The JSON of one top-level field as the digest text holds it (harbors as
    ``[id, kind, edge, [a, b]]`` rows, everything else as itself)."""
    if name == "harbors":
        return dumps([[h.id, h.kind, h.edge, list(h.intersections)] for h in state.harbors])
    return dumps(getattr(state, name))


_IMMUTABLE = frozenset((str, int, type(None), bool, float, tuple))


def _fresh(value: Any) -> Any:
    """A copy of ``value`` to compare later values against: lists and dicts are copied all the way
    down, everything immutable is shared."""
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
    """The named entries of an attribute dict as a tuple (for any number of names)."""
    if not names:
        return lambda attributes: ()
    if len(names) == 1:
        one = operator.itemgetter(names[0])
        return lambda attributes: (one(attributes),)
    return operator.itemgetter(*names)


class _Unseen:
    """Stands in for the copy of a value not written yet: equal to nothing."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


_UNSEEN = _Unseen()


class _Player:
    """One player's JSON ``{"field":json,...}``, kept field by field beside copies of the values
    each part was written from: an announced player has only the fields that differ from their
    copies written again (a move changes a hand or a counter, rarely more). A player announced
    with named fields has only those compared. The parts are UTF-8, each with the separator
    before it and the closing brace as a last part, so the text (bytes) is one join of them."""

    __slots__ = ("get", "at", "keys", "copies", "parts", "text")

    def __init__(self, names: list[str]) -> None:
        self.get = _getter(names)
        # each part carries the separator before it: ``{"cities":...``, ``,"color":...``
        self.keys = [(("{" if k == 0 else ",") + json.dumps(n) + ":").encode() for k, n in enumerate(names)]
        self.at = {n: k for k, n in enumerate(names)}
        self.copies: list[Any] = [_UNSEEN] * len(names)  # the values each part was written from
        self.parts = [*self.keys, b"}"]  # each part in UTF-8, the closing brace last
        self.text = b""

    def write(self, player: Any) -> None:
        """Bring the text up to date with ``player``."""
        values = self.get(player.__dict__)
        copies, parts, keys = self.copies, self.parts, self.keys
        written = False
        for k in compress(range(len(values)), map(operator.ne, values, copies)):
            copies[k] = _fresh(values[k])
            parts[k] = keys[k] + dumps(values[k]).encode()
            written = True
        if written:
            self.text = b"".join(parts)

    def write_fields(self, player: Any, names: tuple[str, ...]) -> None:
        """Bring the text up to date with ``player``, whose fields other than ``names`` are as
        when last written (the commonest write, a hand or a counter: each named field compared
        and written in place, as :meth:`write` writes every field that differs; the two loops
        stay inline, since a helper shared by both measured 0.4 µs a move slower)."""
        fields, at, copies, parts, keys = player.__dict__, self.at, self.copies, self.parts, self.keys
        written = False
        for name in names:
            value = fields[name]
            k = at[name]
            if value != copies[k]:
                copies[k] = _fresh(value)
                parts[k] = keys[k] + dumps(value).encode()
                written = True
        if written:
            self.text = b"".join(parts)


class _Rows:
    """A list of records' JSON ``[record,...]`` kept beside the records it was written from: a
    list holding the same record objects is not written again, and a list that grew at its end
    has only its new records written. For lists whose records are never edited once listed (a
    change replaces the record), so the same record object always means the same text: the
    decks' piles and the lists of :data:`ROWS`."""

    __slots__ = ("items", "text")

    def __init__(self) -> None:
        self.items: list[Any] = []
        self.text = "[]"

    def write(self, rows: list[Any]) -> str:
        """The JSON of ``rows``, brought up to date: the very same string object as before when
        the list holds the records it held (:meth:`DigestCache.update` relies on that)."""
        items = self.items
        n = len(items)
        if len(rows) < n or not all(map(operator.is_, rows, items)):
            self.items = list(rows)
            self.text = dumps(rows)
        elif len(rows) > n:
            new = rows[n:]
            # mostly one record added: its JSON alone, the new text built in one go
            added = dumps(new[0]) if len(new) == 1 else ",".join(map(dumps, new))
            self.text = f"{self.text[:-1]},{added}]" if n else f"[{added}]"
            items += new
        return self.text


_TEXT = operator.attrgetter("text")


class DigestCache:
    """The cached pieces, segment texts and hash states of one state's digest text."""

    def __init__(self, state: Any) -> None:
        names = sorted(type(state).FIELDS)
        self.names = names
        # each piece carries the separator before it: ``{"b_metro":...``, ``,"bank":...``
        self.keys = [("{" if i == 0 else ",") + json.dumps(n) + ":" for i, n in enumerate(names)]
        self.at = {n: i for i, n in enumerate(names)}
        starts = [0] + [names.index(n) for n in SEGMENTS]
        # the last segment ends with the closing brace, a piece of its own after the fields
        ends = [*starts[1:], len(names) + 1]
        self.bounds = [slice(a, b) for a, b in zip(starts, ends, strict=True)]
        self.segment_of = [next(j for j, (a, b) in enumerate(zip(starts, ends, strict=True)) if a <= i < b)
                           for i in range(len(names))]
        self.compared = [i for i, n in enumerate(names) if n not in MARKED and n != COUNTER]
        self.counter_at = names.index(COUNTER)
        self.counter = _UNSEEN  # the move counter as last written
        self.counter_key = self.keys[self.counter_at].encode()
        self.counter_segment = self.segment_of[self.counter_at]
        self.players_at = names.index("players")
        self.players_key = (self.keys[self.players_at] + "[").encode()
        self.get = _getter([names[i] for i in self.compared])
        self.copies: tuple[Any, ...] = (_UNSEEN,) * len(self.compared)
        self.parts = [b""] * len(names) + [b"}"]  # each piece in UTF-8, its separator first
        self.marks: set[Mark] = set(MARKED)  # every marked field is written first
        self.players: list[_Player] = []
        self.rows = {name: _Rows() for name in ROWS}
        self.piles: dict[str, _Rows] = {}  # each pile's cards as written
        count = len(self.bounds)
        self.encoded = [b""] * count
        self.hashes: list[Any] = [None] * count
        self.stale = [True] * count  # segments written since the last hash (to join and hash again)
        self.hex = ""  # the digest as last hashed

    def update(self, state: Any) -> None:
        """Bring every piece up to date with ``state``: compare the compared fields, write the
        marked ones announced since the last update; a piece written again makes its segment
        stale (:meth:`hexdigest` restarts before the first stale one).

        The commonest pieces take short cuts: the move counter (an integer) is formatted straight
        into bytes; a list of :data:`ROWS` announced but holding the same records as when its
        piece was written leaves the piece, and its segment, as they were; the players' piece is
        joined in bytes from the players' texts; the marks are read in one pass."""
        fields = vars(state)
        parts, keys, stale, segment_of = self.parts, self.keys, self.stale, self.segment_of
        counter = fields[COUNTER]
        if counter != self.counter:
            self.counter = counter
            # an integer formatted straight into bytes (``%d`` writes what json writes)
            parts[self.counter_at] = (b"%b%d" % (self.counter_key, counter) if type(counter) is int
                                      else self.counter_key + dumps(counter).encode())
            stale[self.counter_segment] = True
        values = self.get(fields)
        was = self.copies
        if values != was:
            fresh = list(was)
            compared = self.compared
            for k in compress(range(len(values)), map(operator.ne, values, was)):
                fresh[k] = _fresh(values[k])
                i = compared[k]
                parts[i] = (keys[i] + dumps(values[k])).encode()
                stale[segment_of[i]] = True
            self.copies = tuple(fresh)
        marks = self.marks
        if not marks:
            return
        # the announced fields and players, in one pass over the marks (a seat's player is
        # written whole or by its named fields, in any order: each write compares with the
        # copies the other left), the players' piece last
        players, records = self.players, state.players
        if len(players) != len(records):
            names = sorted(type(records[0]).FIELDS) if records else []
            players[:] = [_Player(names) for _ in records]
            marks.add("players")
        every = "players" in marks
        if every:
            for player, record in zip(players, records, strict=True):
                player.write(record)
        at, rows = self.at, self.rows
        seated = every
        for mark in marks:
            if type(mark) is str:
                if mark == "players":
                    continue
                if mark in rows:
                    row = rows[mark]
                    before = row.text
                    text = row.write(fields[mark])
                    if text is before and parts[at[mark]]:
                        continue  # the same records as when its piece was written: it stands
                elif mark == "decks":
                    text = self._decks(fields[mark])
                elif mark == "harbors":
                    text = field_json(state, mark)
                else:
                    text = dumps(fields[mark])
                i = at[mark]
                parts[i] = (keys[i] + text).encode()
                stale[segment_of[i]] = True
            elif every:
                continue  # every player is written already
            elif type(mark) is int:
                players[mark].write(records[mark])
                seated = True
            elif type(mark) is tuple:
                players[mark[0]].write_fields(records[mark[0]], mark[1:])
                seated = True
        if seated:
            i = self.players_at
            parts[i] = b"".join((self.players_key, b",".join(map(_TEXT, players)), b"]"))
            stale[segment_of[i]] = True
        marks.clear()

    def _decks(self, decks: dict[str, list[Any]]) -> str:
        """The decks ``{"deck":[card,...],...}``, each pile kept as :class:`_Rows` (a card record
        only ever moves between a pile, a hand and the revealed points, never edited in place)."""
        piles = self.piles
        for name in [n for n in piles if n not in decks]:
            del piles[name]
        texts = []
        for name in sorted(decks):
            pile = piles.get(name)
            if pile is None:
                pile = piles[name] = _Rows()
            texts.append(_ENCODE_STRING(name) + ":" + pile.write(decks[name]))
        return "{" + ",".join(texts) + "}"

    def text(self) -> str:
        """The whole digest text as the pieces stand."""
        return b"".join(self.parts).decode()

    def hexdigest(self) -> str:
        """SHA-256 of :meth:`text`, hashing only from the kept hash state before the first stale
        segment (the digest itself kept when none is)."""
        stale = self.stale
        try:
            first = stale.index(True)
        except ValueError:  # no segment written since
            return self.hex
        hashes, encoded, parts, bounds = self.hashes, self.encoded, self.parts, self.bounds
        h = hashes[first].copy() if first else hashlib.sha256()
        for j in range(first, len(bounds)):
            if j > first:
                hashes[j] = h.copy()
            if stale[j]:
                encoded[j] = b"".join(parts[bounds[j]])
                stale[j] = False
            h.update(encoded[j])
        self.hex = h.hexdigest()
        return self.hex

    def unannounced(self, state: Any) -> list[str]:
        """The fields whose piece differs from their JSON written afresh (after :meth:`update`)."""
        return [name for i, name in enumerate(self.names)
                if self.parts[i] != (self.keys[i] + field_json(state, name)).encode()]


class _Shared:
    """Stands in for the cache of a state that shares its lists with a shallow copy."""


_SHARED = _Shared()


def changed(state: Any, *marks: Mark) -> None:
    """Announce changes to ``state``: the fields named (of :data:`MARKED`), the players of the
    seats given, and the named fields of a seat's player (the rule in the module docstring).
    Nothing to do for a state without a cache."""
    cache = vars(state).get(CACHE_ATTRIBUTE)
    if cache is not None and cache is not _SHARED:
        cache.marks.update(marks)


def materials_of(seat: int) -> tuple[int, str, str]:
    """The mark announcing a change to ``seat``'s resource and commodity cards only."""
    return (seat, "res", "com")


def shared(state: Any) -> None:
    """``state`` shares its lists and dicts with another state (a shallow copy): changes made
    through the other are never announced to it, so it is digested from its full text."""
    setattr(state, CACHE_ATTRIBUTE, _SHARED)


def cache_of(state: Any) -> DigestCache | None:
    """The digest cache kept on ``state`` (made on first use; None for a shared state)."""
    cache = vars(state).get(CACHE_ATTRIBUTE)
    if cache is None:
        cache = DigestCache(state)
        setattr(state, CACHE_ATTRIBUTE, cache)
    return None if cache is _SHARED else cache


def _full_text(state: Any) -> str:
    from toolkit.games.codex.state import full_text

    return full_text(state)


def canonical_text(state: Any) -> str:
    """The digest text of ``state`` (a codex :class:`~toolkit.games.codex.state.State`): the
    same characters as ``state.full_text``, written from cached pieces."""
    cache = cache_of(state)
    if cache is None:
        return _full_text(state)
    cache.update(state)
    return cache.text()


def digest(state: Any) -> str:
    """SHA-256 of :func:`canonical_text`, hashed incrementally (see :class:`DigestCache`)."""
    cache = cache_of(state)
    if cache is None:
        return hashlib.sha256(_full_text(state).encode()).hexdigest()
    cache.update(state)
    hexdigest = cache.hexdigest()
    if CHECKED and hashlib.sha256(_full_text(state).encode()).hexdigest() != hexdigest:
        stale = cache.unannounced(state)
        raise UnannouncedChange(f"the digest cache missed a change to {', '.join(stale)} "
                                f"(announce it with digest_text.changed)")
    return hexdigest
