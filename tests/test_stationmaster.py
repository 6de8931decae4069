"""Station Master saves: recognised by shape, described, and their Day and Stage inferred."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.games import stationmaster
from toolkit.saves import load, parse

EXAMPLE = Path(__file__).parent / "fixtures" / "station-master-seed116956197-day2.json"


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def chooses(n: int) -> list[dict[str, Any]]:
    history: list[dict[str, Any]] = []
    for _ in range(n):
        history.append({"type": "localOps.choose", "option": "draw"})
        history += [{"type": "draw.end"}, {"type": "loadUnload.end"}]
    return history


def test_example_is_recognised_as_a_stationmaster_save() -> None:
    """stationmaster README §Shape: a seed and a history of intents, no replaykit envelope."""
    save = load(EXAMPLE)
    assert save.kind == "stationmaster"
    assert save.game == "stationmaster"
    assert len(save.moves) == 68


def test_replaykit_saves_are_not_mistaken_for_stationmaster() -> None:
    """design §5: a replaykit save carries `format` and `game`; those are never Station Master."""
    assert not stationmaster.recognise({"format": "replaykit/save@1", "seed": 1, "history": []})
    assert not stationmaster.recognise({"game": "pioneers", "seed": 1, "history": []})
    assert not stationmaster.recognise({"seed": 1, "history": {}})


def test_a_damaged_history_is_still_recognised() -> None:
    """stationmaster README §Shape: recognition is by shape, so a bad intent is reported in /history."""
    save = parse("x.json", json.dumps({"seed": 1, "history": [{"option": "draw"}, 5]}))
    assert save.kind == "stationmaster"


def test_example_reaches_day_2_stage_1() -> None:
    """stationmaster README: 68 intents, Day 2, Stage 1 — 13 localOps.choose, 12 Stages per Day."""
    progress = stationmaster.progress(example()["history"])
    assert (progress.chooses, progress.stages, progress.day, progress.stage) == (13, 13, 2, 1)


@pytest.mark.parametrize(
    ("n", "day", "stage"),
    [(0, 1, 1), (1, 1, 1), (2, 1, 2), (12, 1, 12), (13, 2, 1), (24, 2, 12), (25, 3, 1), (37, 4, 1)],
)
def test_stages_roll_over_into_days_every_twelve(n: int, day: int, stage: int) -> None:
    """stationmaster README §Intent vocabulary: one choose per player per Stage, 12 Stages per Day."""
    progress = stationmaster.progress(chooses(n))
    assert (progress.stages, progress.day, progress.stage) == (n, day, stage)


def test_several_players_share_a_stage() -> None:
    """stationmaster README: each player chooses once per Stage, so P choices make one Stage."""
    assert stationmaster.progress(chooses(3), players=2).stages == 2
    assert stationmaster.progress(chooses(4), players=2).stages == 2
    two = stationmaster.progress(chooses(26), players=2)
    assert (two.stages, two.day, two.stage) == (13, 2, 1)
    with pytest.raises(ValueError):
        stationmaster.progress([], players=0)


def test_summary_counts_intents_per_type() -> None:
    """stationmaster README: the intents are the whole record; info counts them per type."""
    summary = stationmaster.summarise(example())
    assert summary["seed"] == 116956197
    assert summary["intents"] == 68
    assert summary["intentTypes"] == {
        "localOps.choose": 13,
        "draw.end": 12,
        "card.play": 12,
        "loadUnload.end": 12,
        "draw.fromHomeOffice": 6,
        "draw.fromDepartment": 6,
        "newTrain.placeCar": 4,
        "card.discard": 3,
    }
    assert sum(summary["intentTypes"].values()) == 68
    assert summary["rules"]["startingHand"] == "sixRandom"
    assert summary["progress"] == {
        "players": 1, "localOpsChoices": 13, "stagesBegun": 13, "day": 2, "stage": 1
    }


def test_summary_of_a_save_without_rules() -> None:
    """stationmaster README §Shape: `rules` is optional; older saves lack it."""
    data = example()
    del data["rules"]
    assert stationmaster.summarise(data)["rules"] is None


def test_vocabulary_has_32_distinct_types() -> None:
    """stationmaster README §Intent vocabulary: 32 types."""
    assert len(stationmaster.INTENT_TYPES) == 32 == len(set(stationmaster.INTENT_TYPES))


@pytest.mark.parametrize(
    ("intent", "words"),
    [
        ({"type": "localOps.choose", "option": "switch"}, "chooses local operation switch"),
        ({"type": "card.play", "cardId": "c197", "placement": {"row": 0, "col": -1}, "variant": 1},
         "plays card c197 at row 0, col -1 (variant 1)"),
        ({"type": "card.discard", "cardId": "c77", "toSlot": 1}, "discards card c77 to slot 1"),
        ({"type": "newTrain.placeCar", "trayId": "tray3", "carType": "boxcar", "loaded": True},
         "places a loaded boxcar in tray3"),
        ({"type": "draw.fromDepartment", "slot": 2}, "draws from department slot 2"),
        ({"type": "game.extend", "player": 1, "agree": False}, "player 1 declines to extend the game"),
        ({"type": "loadUnload.end"}, "ends loadUnload"),
    ],
)
def test_describe_puts_an_intent_in_words(intent: dict[str, Any], words: str) -> None:
    """stationmaster README §Intent vocabulary: each intent's fields, read back in words."""
    assert stationmaster.describe(intent) == words


def _mutants(count: int) -> list[dict[str, Any]]:
    """Copies of the example with a few intents (or top-level fields) changed at random."""
    import random

    rng = random.Random(11)
    base = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    values: list[Any] = [None, 1, -1, 2.5, "x", "draw", True, [], {}, {"type": "localOps.choose"}]
    found = []
    for _ in range(count):
        data = json.loads(json.dumps(base))
        history = data["history"]
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(history))
            item, value, roll = history[i], json.loads(json.dumps(rng.choice(values))), rng.random()
            if roll < 0.3 and isinstance(item, dict) and item:
                item[rng.choice(sorted(item))] = value
            elif roll < 0.5 and isinstance(item, dict):
                item[f"extra{rng.randint(0, 3)}"] = value
            elif roll < 0.6:
                history[i] = value
            elif roll < 0.7 and isinstance(item, dict) and item:
                del item[rng.choice(sorted(item))]
            elif roll < 0.85:
                history.insert(i, json.loads(json.dumps(history[rng.randrange(len(history))])))
            else:
                data[rng.choice(["seed", "title", "note", "rules", "zzz"])] = value
        found.append(data)
    return found


def test_intents_checked_one_by_one_report_what_the_whole_check_reports(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Station Master history is checked intent by intent, each distinct intent once (a long
    valid history takes well under a second rather than minutes); the errors and warnings are
    exactly those the check of the whole document finds, at the same pointers and moves."""
    from toolkit import validation

    saves = [parse("sm.json", json.dumps(data)) for data in _mutants(60)]
    by_intent = [validation.check(save, limit=None) for save in saves]
    monkeypatch.setattr(validation, "_distinct_moves", lambda save, game: None)  # the whole document
    for save, report in zip(saves, by_intent, strict=True):
        whole = validation.check(save, limit=None)
        assert set(report.errors) == set(whole.errors) and set(report.warnings) == set(whole.warnings)
    assert any(not report.ok for report in by_intent) and any(report.warnings for report in by_intent)


def test_a_long_history_of_one_intent_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Repeated intents are one check: 20,000 copies of a bad intent give its error at every
    copy, from one run of the schema."""
    from toolkit import validation

    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["history"] = [{"type": "localOps.choose", "option": 5}] * 20_000
    calls: list[Any] = []
    real = validation.move_validator("stationmaster")

    class Counted:
        def iter_errors(self, instance: Any) -> Any:
            calls.append(instance)
            return real.iter_errors(instance)

    monkeypatch.setattr(validation, "move_validator", lambda game: Counted())
    report = validation.check(parse("sm.json", json.dumps(data)), limit=None)
    assert len(calls) == 1
    assert len(report.errors) == 20_000 and report.errors[-1].move == 20_000
