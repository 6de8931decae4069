"""Plain value classes (:mod:`toolkit.records`) behave as the dataclasses they replace."""

from __future__ import annotations

import copy
import pickle

import pytest

from toolkit.replay import Step
from toolkit.saves import Problem, Save


def test_records_with_equal_fields_are_equal() -> None:
    """Equality compares every field, in order, and only between records of one class."""
    assert Problem("a.json", "bad", "schema", "/x", 3) == Problem("a.json", "bad", "schema", "/x", 3)
    assert Problem("a.json", "bad", "schema", "/x", 3) != Problem("a.json", "bad", "schema", "/x", 4)
    assert Save("a.json", {}) != Step(0, {})


def test_a_frozen_record_hashes_by_value() -> None:
    """Equal problems fall together in a set, as a frozen dataclass's would."""
    same = Problem("a.json", "bad", "schema")
    problems = {same, Problem("a.json", "bad", "schema"), Problem("b.json", "bad", "schema")}
    assert len(problems) == 2


def test_a_plain_record_is_unhashable() -> None:
    """A record that may change has no hash (as a dataclass with ``eq`` and no ``frozen``)."""
    with pytest.raises(TypeError):
        hash(Save("a.json", {}))


def test_a_frozen_record_refuses_assignment() -> None:
    """Fields of a frozen record are set in ``__init__`` only: no later assignment or deletion."""
    problem = Problem("a.json", "bad", "schema")
    with pytest.raises(AttributeError):
        problem.message = "changed"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del problem.code


def test_a_record_shows_its_fields() -> None:
    """The repr names the class and each field with its value."""
    assert repr(Step(2, "s")) == "Step(index=2, state='s', move=None, events=[])"


def test_a_record_survives_pickling_and_copying_unchanged() -> None:
    """Pickled and copied records keep their fields as they are, not passed through ``__init__`` again."""
    problem = Problem("a.json", "x" * 1000, "schema", "/moves/1", 2)
    save = Save("a.json", {"game": "codex"}, extra={"k": 1})
    for record in (problem, save):
        assert pickle.loads(pickle.dumps(record)) == record
        assert copy.copy(record) == record
        assert copy.deepcopy(record) == record
