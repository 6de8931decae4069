"""The adapters' memory of parts: a part is made again exactly when the view data it reads changed."""

from __future__ import annotations

from typing import Any

from toolkit.render.adapters import Recall


def test_equal_data_gives_the_part_made_before() -> None:
    """Data equal to what a part was made from gives that same part, without making it again."""
    recall = Recall()
    made: list[tuple[str]] = []

    def make(name: str) -> tuple[str]:
        made.append((name,))
        return made[-1]

    first = recall("slot", {"roads": [1, 2]}, lambda: make("first"))
    again = recall("slot", {"roads": [1, 2]}, lambda: make("second"))
    assert again is first and made == [("first",)]


def test_data_changed_in_place_makes_the_part_again() -> None:
    """A part is never given for data changed in place since it was made (the memory keeps a copy)."""
    recall = Recall()
    data: dict[str, Any] = {"roads": [1, 2]}
    recall("slot", data, lambda: "two roads")
    data["roads"].append(3)
    assert recall("slot", data, lambda: "three roads") == "three roads"


def test_slots_remember_apart() -> None:
    """Each slot keeps its own part: the same data in another slot is made there on its own."""
    recall = Recall()
    recall("a", 1, lambda: "made in a")
    assert recall("b", 1, lambda: "made in b") == "made in b"
    assert recall("a", 1, lambda: "again") == "made in a"
