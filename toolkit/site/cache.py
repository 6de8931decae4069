"""The build cache: each replay page kept under a key of everything that shapes it.

A key is the SHA-256 of the save's bytes, its file name, the manifest's title and note,
the site's links and the *fingerprint* of the toolkit that builds it: its version and
every source, template and asset file. An unchanged save under an unchanged toolkit
finds its page here; any change to one of them misses.

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
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from toolkit import __version__
from toolkit.resources import data_dir
from toolkit.saves import Problem, write_atomic

SUFFIX = ".page"


@dataclass(frozen=True)
class Outcome:
    """What the per-save work produced: a page and its index record, or the one line refusing it."""

    html: str | None = None
    record: dict[str, Any] | None = None
    refusal_line: str | None = None
    refusal: Problem | None = None


@cache
def fingerprint() -> str:
    """The hash of the toolkit version and every source, template and asset file that builds a page."""
    digest = hashlib.sha256(f"replaykit {__version__}\n".encode())
    package = Path(__file__).resolve().parent.parent
    roots = [package, data_dir("templates")]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(f"{path.relative_to(root)}\0".encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def page_key(parts: list[str], data: bytes) -> str:
    """The cache key of one page: the fingerprint, the text ``parts`` and the save's bytes."""
    digest = hashlib.sha256(fingerprint().encode())
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
        """Remove every entry this build did not use: the cache holds the last build's pages."""
        if self.folder is None or not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.suffix == SUFFIX and path.stem not in self.used:
                with contextlib.suppress(OSError):
                    os.unlink(path)


def read_entry(path: Path, key: str) -> tuple[dict[str, Any], bytes] | None:
    """An entry's header and body, when its key is ``key`` and its body hashes to its header's."""
    try:
        with open(path, "rb") as handle:
            header = json.loads(handle.readline())
            body = handle.read()
    except (OSError, ValueError):
        return None
    if not isinstance(header, dict) or header.get("key") != key:
        return None
    if hashlib.sha256(body).hexdigest() != header.get("sha256"):
        return None
    return header, body


def write_entry(path: Path, key: str, fields: dict[str, Any], body: bytes) -> None:
    """Store an entry atomically; a cache that cannot be written only costs speed."""
    header = {**fields, "key": key, "sha256": hashlib.sha256(body).hexdigest()}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(header, sort_keys=True).encode() + b"\n" + body)
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
            links = [Link(str(h), str(label), g if g is None else str(g)) for h, label, g in data["links"]]
            return links, {str(k): str(v) for k, v in data["files"].items()}
        except (ValueError, TypeError, KeyError):
            pass
    links, files = site_pages()
    if path is not None:
        body = {"links": [[link.href, link.label, link.game] for link in links], "files": files}
        write_entry(path, key, {}, json.dumps(body, sort_keys=True).encode())
    return links, files


def _outcome(header: dict[str, Any], body: bytes) -> Outcome:
    refused = header["refusal"]
    if refused is not None:
        problem = refused["problem"]
        return Outcome(
            refusal_line=str(refused["line"]),
            refusal=Problem(
                str(problem["file"]), str(problem["message"]), str(problem["code"]),
                str(problem.get("pointer") or ""), problem.get("move"),
            ),
        )
    record = header["record"]
    if not isinstance(record, dict):
        raise ValueError("an entry holds a page and its record, or a refusal")
    return Outcome(html=body.decode("utf-8"), record=record)
