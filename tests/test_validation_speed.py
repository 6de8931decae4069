"""Checking each distinct move once gives exactly the errors of checking the whole save."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from toolkit import validation
from toolkit.saves import Save

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _whole_save_problems(save: Save) -> set[Any]:
    """The reference answer: the game's validator over the entire document at once."""
    errors = validation.validator(save.game).iter_errors(save.data)
    return set(validation._problems(save.path, errors))


def _broken(name: str) -> Save:
    data = json.loads((REPLAYS / name).read_text(encoding="utf-8"))
    moves = data["moves"]
    keys = [json.dumps(m, sort_keys=True) for m in moves]
    repeated = max(set(keys), key=lambda k: (keys.count(k), k))  # the most repeated move
    twins = [i for i, k in enumerate(keys) if k == repeated]
    assert len(twins) >= 2
    for i in twins:  # the same bad move at several places
        moves[i] = copy.deepcopy(moves[i]) | {"oops": 1}
    moves[3] = {"seat": "x"} if data["game"] == "pioneers" else {"playerId": 7, "type": "buildRoad"}
    data["config"] = {}
    return Save(name, data)


@pytest.mark.parametrize("name", ["pioneers-two-against-two.json", "codex-grand-board-oona.json"])
def test_distinct_move_checking_matches_whole_save_checking(name: str) -> None:
    """design §7: every error keeps its pointer and move number, at every index it occurs."""
    save = _broken(name)
    ours = set(validation.check(save, limit=None).errors)
    assert ours == _whole_save_problems(save)
    assert len({p.move for p in ours if p.code == "unknown_field"}) >= 2
    assert any(p.pointer == "/config/players" or p.pointer == "/config" for p in ours)


@pytest.mark.parametrize("name", sorted(p.name for p in REPLAYS.glob("*-*.json")))
def test_published_saves_have_no_errors_either_way(name: str) -> None:
    """The published replays are valid under both ways of checking."""
    save = Save(name, json.loads((REPLAYS / name).read_text(encoding="utf-8")))
    assert validation.check(save).errors == []
    assert _whole_save_problems(save) == set()


def test_a_bad_move_with_its_keys_in_another_order_is_reported_where_it_occurs() -> None:
    """design §7: moves that differ only in key order are one distinct move; its errors are
    reported at each place, exactly as checking the whole save reports them."""
    data = json.loads((REPLAYS / "pioneers-two-against-two.json").read_text(encoding="utf-8"))
    bad = copy.deepcopy(data["moves"][10]) | {"oops": 1}
    data["moves"][10] = bad
    data["moves"][20] = dict(reversed(list(copy.deepcopy(bad).items())))
    save = Save("reordered.json", data)
    ours = validation.check(save, limit=None).errors
    assert set(ours) == _whole_save_problems(save)
    assert {p.move for p in ours} == {11, 21}



def test_warnings_are_listed_in_the_order_of_the_save() -> None:
    """stationmaster README: unknown fields are warnings; like errors, they come in the order of
    their place in the save, though each distinct intent is walked once (the warnings of a
    repeated intent are not grouped together, nor listed after those outside the history)."""
    data = json.loads((FIXTURES / "stationmaster-old-no-rules.json").read_text(encoding="utf-8"))
    history = data["history"]
    choose = dict(history[0]) | {"extra": True}
    history[:] = [choose, history[1], choose, history[2], choose, *history[3:]]
    data["rules"] = {"startingHand": "sixRandom", "house": "quiet"}
    report = validation.check(Save("noted.json", data, kind="stationmaster"), limit=None)
    assert report.errors == []
    assert [p.pointer for p in report.warnings] == [
        "/history/0/extra", "/history/2/extra", "/history/4/extra", "/history/5/speed", "/rules/house",
    ]
