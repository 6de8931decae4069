"""The build cache: each replay page kept under a key of everything that shapes it.

A key is the SHA-256 of the save's bytes, its file name, the manifest's title and note,
the site's links and the *fingerprint* of the toolkit that builds it
(:func:`toolkit.resources.fingerprint`: its version, every source, template, asset and
schema file but the other games' engines and renderers, and the versions of the Python and
the libraries that write a page or refuse its save). An unchanged save under an unchanged
toolkit finds its page here; any change to one of them misses (a change to one game's
engine only misses that game's pages).

An entry is one file, ``pages/KEY.page``: a JSON header line (the key, the body's size
and SHA-256, the index record or the refusal) and then the page itself. An entry whose
header cannot be read, whose key differs or whose body does not hash to the header's
is a miss: the page is built again and the entry rewritten, never trusted.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from toolkit.resources import fingerprint
from toolkit.saves import Problem, write_atomic
from toolkit.site.swap import inside_site

SUFFIX = ".page"
KEPT_BUILDS = 3
"""How many builds' pages the cache keeps (the last one and the two before it)."""
BUILDS = "builds.json"
"""The file beside the entries' folder listing the keys each kept build used (newest first)."""


@dataclass(frozen=True)
class Outcome:
    """What the per-save work produced: a page and its index record, or the one line refusing it."""

    html: str | None = None
    record: dict[str, Any] | None = None
    refusal_line: str | None = None
    refusal: Problem | None = None


_CANONICAL_HEAD = re.compile(rb'\A\{\s*"format"\s*:\s*"[^"\\]*"\s*,\s*"game"\s*:\s*"([a-z]+)"')
"""The head of a save in canonical form (``replaykit fmt``, ``record``): ``format`` first and
``game`` second, so the ``game`` it names is the top-level one."""


def game_of(data: bytes) -> str | None:
    """The game a save's bytes name, read from the head of its canonical form without parsing
    the rest (``None`` when the save does not open that way: the key is then the whole
    toolkit's)."""
    found = _CANONICAL_HEAD.match(data)
    return found.group(1).decode() if found else None


def page_key(parts: list[str], data: bytes) -> str:
    """The cache key of one page: the fingerprint of what a page of its game is made of
    (:func:`toolkit.resources.fingerprint`), the text ``parts`` and the save's bytes."""
    digest = hashlib.sha256(fingerprint(game_of(data)).encode())
    for part in parts:
        digest.update(hashlib.sha256(part.encode("utf-8", "surrogatepass")).digest())
    digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()


class PageCache:
    """The cache folder (``None``: no cache; every page is built)."""

    def __init__(self, folder: str | Path | None) -> None:
        self.folder = Path(folder) / "pages" if folder is not None else None
        self.used: set[str] = set()

    def _path(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / f"{key}{SUFFIX}"

    def get(self, key: str) -> Outcome | None:
        """The stored outcome for ``key``, or ``None`` when there is none that can be trusted."""
        if self.folder is None:
            return None
        found = read_entry(self._path(key), key)
        if found is None:
            return None
        try:
            outcome = _outcome(*found)
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
        self.used.add(key)
        return outcome

    def put(self, key: str, outcome: Outcome) -> None:
        """Store ``outcome`` under ``key``; a cache that cannot be written only costs speed."""
        if self.folder is None:
            return
        refusal = (
            {"line": outcome.refusal_line, "problem": outcome.refusal.as_json()}
            if outcome.refusal is not None
            else None
        )
        self.used.add(key)
        write_entry(self._path(key), key, {"record": outcome.record, "refusal": refusal},
                    (outcome.html or "").encode("utf-8"))

    def prune(self) -> None:
        """Remove every entry none of the last :data:`KEPT_BUILDS` builds used (this one among
        them): a change undone (an engine edit reverted, a branch left) finds its pages still
        here, while the cache stays a few builds large. Which keys each build used is kept in
        :data:`BUILDS`; a list that cannot be read counts as none."""
        if self.folder is None or not self.folder.is_dir():
            return
        record = self.folder.parent / BUILDS
        try:
            earlier = json.loads(record.read_text(encoding="utf-8"))
            builds = [set(keys) for keys in earlier if isinstance(keys, list)][: KEPT_BUILDS - 1]
        except (OSError, ValueError, TypeError):
            builds = []
        builds.insert(0, set(self.used))
        kept = set().union(*builds)
        for path in self.folder.iterdir():
            if path.suffix == SUFFIX and path.stem not in kept:
                with contextlib.suppress(OSError):
                    os.unlink(path)
        with contextlib.suppress(OSError):
            write_atomic(record, json.dumps([sorted(keys) for keys in builds]).encode("utf-8"), durable=False)


def _entry_hash(fields: dict[str, Any], body: bytes) -> str:
    """The hash an entry's header carries: of its other header fields (as sorted JSON) and its
    body, so a change to either makes the entry a miss."""
    digest = hashlib.sha256(json.dumps(fields, sort_keys=True).encode())
    digest.update(b"\n")
    digest.update(body)
    return digest.hexdigest()


def read_entry(path: Path, key: str) -> tuple[dict[str, Any], bytes] | None:
    """An entry's header and body, when its key is ``key`` and header and body hash to the
    header's ``sha256``; an entry that is not a regular file (a link, a pipe) is never read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        with open(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            header = json.loads(handle.readline())
            body = handle.read()
    except (OSError, ValueError):
        return None
    if not isinstance(header, dict) or header.get("key") != key:
        return None
    fields = {name: value for name, value in header.items() if name != "sha256"}
    if _entry_hash(fields, body) != header.get("sha256"):
        return None
    return header, body


def write_entry(path: Path, key: str, fields: dict[str, Any], body: bytes) -> None:
    """Store an entry atomically, replacing whatever stood at its name (a link is replaced,
    never written through); a cache that cannot be written only costs speed."""
    header = {**fields, "key": key}
    header["sha256"] = _entry_hash(header, body)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            os.unlink(path)
        write_atomic(path, json.dumps(header, sort_keys=True).encode() + b"\n" + body, durable=False)
    except OSError:
        pass


def reference_pages(folder: str | Path | None) -> tuple[list[Any], dict[str, str]]:
    """The site's reference pages and their links (:func:`toolkit.docs.site.site_pages`), from
    the cache when the toolkit is unchanged: they depend on nothing but the toolkit."""
    from toolkit.docs.site import site_pages
    from toolkit.site.builder import Link

    path = Path(folder) / "reference.page" if folder is not None else None
    key = fingerprint()
    found = read_entry(path, key) if path is not None else None
    if found is not None:
        try:
            data = json.loads(found[1])
            links = [Link(_text(h), _text(t), g if g is None else _text(g)) for h, t, g in data["links"]]
            files = data["files"]
            if type(files) is dict and all(inside_site(n) and type(page) is str for n, page in files.items()):
                return links, files
        except (ValueError, TypeError, KeyError):
            pass
    links, files = site_pages()
    if path is not None:
        body = {"links": [[link.href, link.label, link.game] for link in links], "files": files}
        write_entry(path, key, {}, json.dumps(body, sort_keys=True).encode())
    return links, files


def _outcome(header: dict[str, Any], body: bytes) -> Outcome:
    """The outcome an entry holds, every field checked: anything else is a damaged entry
    (``ValueError``, a miss), never a build that fails on it."""
    refused = header["refusal"]
    if refused is not None:
        problem = refused["problem"]
        move = problem["move"]
        if move is not None and not _whole(move):
            raise ValueError("a refusal's move is a whole number")
        found = Problem(_text(problem["file"]), _text(problem["message"]), _text(problem["code"]),
                        _text(problem["pointer"]), move)
        line = _text(refused["line"])
        if not line.startswith(found.file + ": ") or "\n" in line:
            raise ValueError("a refusal's line names its file")
        return Outcome(refusal_line=line, refusal=found)
    return Outcome(html=body.decode("utf-8"), record=_record(header["record"]))


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ValueError("text expected")
    return value


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


def _record(data: Any) -> dict[str, Any]:
    """An index record as :class:`~toolkit.site.index.Record` holds it (seats as dicts), with
    exactly its fields and their types."""
    from toolkit.site.index import Record, Seat

    names = {f.name for f in fields(Record)}
    if type(data) is not dict or set(data) != names:
        raise ValueError("an entry holds a page and its record, or a refusal")
    for name in names - {"seats", "winner", "turns", "moves"}:
        _text(data[name])
    if not (_whole(data["turns"]) and _whole(data["moves"])):
        raise ValueError("counts are whole numbers")
    seats = data["seats"]
    if type(seats) is not list or not all(
        type(seat) is dict and set(seat) == {f.name for f in fields(Seat)}
        and type(seat["seat"]) is int and type(seat["vp"]) is int and type(seat["name"]) is str
        for seat in seats
    ):
        raise ValueError("seats are records of seat, name and points")
    winner = data["winner"]
    if winner is not None and not (type(winner) is int and any(seat["seat"] == winner for seat in seats)):
        raise ValueError("the winner is one of the seats")
    return data
