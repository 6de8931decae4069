"""The suite fuzzes itself: mutated saves of both games never crash a command.

Every run generates :data:`COUNT` saves from short prefixes of the published
replays (see :mod:`fuzzing`: schema-guided structural mutations and byte-level ones,
seeded, never committed) and runs each through validate, info, replay, frames, diff
and trim. Any traceback, exit code other than 0/1/2, error line that does not name the
file (or holds raw control characters, or runs past 500 characters) or changed input
file fails. ``pytest -m fuzz`` runs the long version, :data:`LONG_COUNT` saves on
another seed.
"""

from __future__ import annotations

import fuzzing
import pytest

COUNT = 2000
SEED = 20261201
LONG_COUNT = 20000
LONG_SEED = 11


@pytest.fixture(scope="module")
def corpus() -> list[fuzzing.Case]:
    return list(fuzzing.cases(COUNT, SEED))


def test_the_corpus_mutates_both_games_in_both_ways(corpus):
    games = {case.name.split("-")[0] for case in corpus}
    changed = [case for case in corpus if case.raw != case.base]
    assert len(corpus) >= 2000
    assert games == {"pioneers", "codex"}
    assert len(changed) > 0.9 * len(corpus)


def test_the_corpus_is_the_same_for_the_same_seed(corpus):
    again = list(fuzzing.cases(50, SEED))
    assert [c.raw for c in again] == [c.raw for c in corpus[:50]]


@pytest.mark.parametrize("command", fuzzing.COMMANDS)
def test_mutated_saves_end_in_clean_lines(command, corpus, tmp_path):
    failures = fuzzing.fuzz(corpus, tmp_path, (command,))
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:15])


@pytest.mark.fuzz
@pytest.mark.parametrize("command", fuzzing.COMMANDS)
def test_many_more_mutated_saves_end_in_clean_lines(command, tmp_path):
    failures = fuzzing.fuzz(fuzzing.cases(LONG_COUNT, LONG_SEED), tmp_path, (command,))
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:15])
