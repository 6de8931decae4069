"""The bundled SHA-256 of :mod:`toolkit.hashing` is the standard function ``hashlib`` computes."""

from __future__ import annotations

import hashlib

import pytest

from toolkit.hashing import sha256

TEXTS = [b"", b"abc", "ünïcode:dice/1:7".encode(), b"x" * 55, b"y" * 64, b"z" * 1000]


@pytest.mark.parametrize("data", TEXTS, ids=len)
def test_a_digest_equals_hashlibs(data: bytes) -> None:
    """Digest and hex digest of one input are hashlib's, byte for byte."""
    assert sha256(data).digest() == hashlib.sha256(data).digest()
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()


def test_a_copied_digest_goes_on_from_where_it_was_copied() -> None:
    """``copy`` and ``update`` hash a text in parts as hashlib hashes it whole."""
    head = sha256(b"{")
    first, second = head.copy(), head.copy()
    first.update(b"a}")
    second.update(b"b}")
    assert (first.hexdigest(), second.hexdigest()) == (
        hashlib.sha256(b"{a}").hexdigest(),
        hashlib.sha256(b"{b}").hexdigest(),
    )
