"""Keyed deterministic randomness.

Every random outcome in an engine comes from a *stream* named by ``(seed, purpose)``.
Draw number ``k`` of a stream is the SHA-256 digest of the UTF-8 text
``f"{seed}:{purpose}:{k}"``; its first eight bytes, read big-endian, are a 64-bit
unsigned integer ``u``.

* ``below(n)`` draws an integer in ``[0, n)``: it takes the next ``u`` and returns
  ``u % n`` unless ``u`` falls in the final partial block (``u >= 2**64 - 2**64 % n``),
  in which case that draw is discarded and the next one is taken (rejection sampling,
  so every value is exactly equally likely).
* ``shuffle(items)`` is Fisher–Yates from the back: for ``i`` from ``len-1`` down to
  ``1`` it swaps ``items[i]`` with ``items[below(i + 1)]``.
* ``die()`` is ``below(6) + 1``.

The code encodes the shared prefix ``f"{seed}:{purpose}:"`` once per stream and hashes
prefix and counter digits in one call per draw (the digits of small counters are
encoded once, in a table); the bytes hashed, and so every value, are the same. It hashes
with :data:`toolkit.hashing.sha256`, Python's own built-in SHA-256 when the interpreter has
it (about twice as quick as OpenSSL's on inputs this short, through less call overhead):
the same standard function as ``hashlib``'s.

Because each purpose has its own stream, changing how often one rule draws never
shifts the draws of another. Nothing here touches Python's ``random`` module or
``hash()``, so results are identical on every machine and every ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import struct
from collections.abc import MutableSequence
from typing import TypeVar

from toolkit.hashing import sha256 as _sha256

T = TypeVar("T")

_SPAN = 1 << 64
_SMALL = 1 << 32  # bounds up to this have a rejection block shorter than 2**32
_SURE = _SPAN - _SMALL  # so any word below this is accepted for them
_FIRST_WORD = struct.Struct(">Q").unpack_from  # the first eight bytes, big-endian

_DIGITS: list[bytes] = [str(k).encode() for k in range(1024)]
"""The decimal digits of the counters most draws use, encoded once."""


def word(seed: str | int, purpose: str, counter: int) -> int:
    """The 64-bit word number ``counter`` of stream ``(seed, purpose)``."""
    digest = _sha256(f"{seed}:{purpose}:{counter}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Stream:
    """One keyed stream of draws; ``counter`` is how many words it has consumed.

    Draw ``k`` is :func:`word` ``(seed, purpose, k)``: the SHA-256 of the stream's
    encoded prefix followed by the digits of ``k``.
    """

    __slots__ = ("seed", "purpose", "counter", "_prefix")

    def __init__(self, seed: str | int, purpose: str, counter: int = 0) -> None:
        self.seed = seed
        self.purpose = purpose
        self.counter = counter
        self._prefix = f"{seed}:{purpose}:".encode()  # ready to take a counter's digits

    def next_word(self) -> int:
        counter = self.counter
        self.counter = counter + 1
        digits = _DIGITS[counter] if counter < 1024 else str(counter).encode()
        value: int = _FIRST_WORD(_sha256(self._prefix + digits).digest())[0]
        return value

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, see the module docstring).

        A word below ``2**64 - 2**32`` is always below the rejection limit when ``n`` is
        at most ``2**32`` (the final partial block is shorter than ``n``), so the exact
        limit is worked out only above it.
        """
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        prefix = self._prefix
        counter = self.counter
        while True:  # next_word(), written out: this is the hot path of every draw
            digits = _DIGITS[counter] if counter < 1024 else str(counter).encode()
            value: int = _FIRST_WORD(_sha256(prefix + digits).digest())[0]
            counter += 1
            if value < _SURE and n <= _SMALL or value < _SPAN - _SPAN % n:
                self.counter = counter
                return value % n

    def die(self) -> int:
        """One six-sided die, 1 to 6: ``below(6) + 1``."""
        return self.below(6) + 1

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates from the back)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def first_below(seed: str | int, purpose: str, n: int, count: int) -> list[int]:
    """The first ``count`` draws ``below(n)`` of a fresh stream ``(seed, purpose)``.

    The same numbers as ``[stream.below(n) for _ in range(count)]`` on a new
    :class:`Stream`, drawn in one loop without making the stream (the dice of a roll).
    """
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    prefix = f"{seed}:{purpose}:".encode()
    out: list[int] = []
    counter = 0
    while len(out) < count:
        digits = _DIGITS[counter] if counter < 1024 else str(counter).encode()
        value: int = _FIRST_WORD(_sha256(prefix + digits).digest())[0]
        counter += 1
        if value < _SURE and n <= _SMALL or value < _SPAN - _SPAN % n:  # as in Stream.below
            out.append(value % n)
    return out


def shuffled(seed: str | int, purpose: str, items: list[T]) -> list[T]:
    """A shuffled copy of ``items`` drawn from a fresh stream ``(seed, purpose)``."""
    out = list(items)
    Stream(seed, purpose).shuffle(out)
    return out
