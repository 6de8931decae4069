"""The keyed streams draw exactly the words their documented algorithm defines."""

from __future__ import annotations

import hashlib

import pytest

from toolkit.rng import Stream, word


def reference_word(seed: str | int, purpose: str, counter: int) -> int:
    """docs/rules/randomness.md: the first 8 bytes, big-endian, of SHA-256 of ``seed:purpose:counter``."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{purpose}:{counter}".encode()).digest()[:8], "big")


@pytest.mark.parametrize("seed", ["a", 7, -3, "ünïcode", "x" * 100])
@pytest.mark.parametrize("purpose", ["dice/1", "steal/12", "bot/0/random", "p" * 70])
def test_stream_words_follow_the_algorithm(seed: str | int, purpose: str) -> None:
    """design.md §6: draw k of stream (seed, purpose) is the word of ``seed:purpose:k``."""
    stream = Stream(seed, purpose)
    assert [stream.next_word() for _ in range(40)] == [reference_word(seed, purpose, k) for k in range(40)]
    assert word(seed, purpose, 5) == reference_word(seed, purpose, 5)


def test_below_is_rejection_sampling_over_the_words() -> None:
    """design.md §6: below(n) takes words until one falls under the last full block, then u % n."""
    stream = Stream("s", "t")
    counter = 0
    for n in [1, 2, 6, 7, 19, 2**63 + 5, 2**64 - 1]:
        limit = 2**64 - 2**64 % n
        while (u := reference_word("s", "t", counter)) >= limit:
            counter += 1
        counter += 1
        assert stream.below(n) == u % n
        assert stream.counter == counter



def test_words_run_on_past_the_counters_encoded_in_advance() -> None:
    """design.md §6: a stream taken up at a late counter draws the words of its later counters."""
    stream = Stream("late", "bot/1/random", counter=1000)
    expected = [reference_word("late", "bot/1/random", k) for k in range(1000, 1050)]
    assert [stream.next_word() for _ in range(50)] == expected
    bounded = Stream("late", "x", counter=1020)
    assert [bounded.below(2**32 + 1) for _ in range(8)] == [
        reference_word("late", "x", k) % (2**32 + 1) for k in range(1020, 1028)
    ]
