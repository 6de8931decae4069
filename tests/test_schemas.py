"""The save schemas (design §5): one per game, shared parts by $ref, errors at exact pointers."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from toolkit import validation
from toolkit.games import stationmaster
from toolkit.resources import data_dir
from toolkit.saves import parse

FIXTURES = Path(__file__).parent / "fixtures"
SM_EXAMPLE = FIXTURES / "station-master-seed116956197-day2.json"


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def check(data: Any, name: str = "save.json") -> validation.Report:
    return validation.check(parse(name, json.dumps(data)))


def lines(report: validation.Report) -> list[str]:
    return [p.line() for p in report.errors]


# ------------------------------------------------------------------ the schema files


def test_every_schema_is_valid_draft_2020_12_with_a_replaykit_id() -> None:
    """design §2: schemas/ holds draft 2020-12 schemas, one $id each."""
    files = sorted(data_dir("schemas").glob("*.json"))
    assert [f.name for f in files] == [
        "codex-save.json",
        "common.json",
        "pioneers-save.json",
        "replay-manifest.json",
        "stationmaster-save.json",
    ]
    for path in files:
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == f"https://replaykit.dev/schemas/{path.name}"


def test_registry_resolves_refs_offline_and_refuses_unknown_uris() -> None:
    """design §5: the shared parts are reached by $ref through a local registry, never the network."""
    registry = validation.registry()
    fmt = registry.resolver().lookup("https://replaykit.dev/schemas/common.json#/$defs/format")
    assert fmt.contents == {
        "description": "The save format tag; version 1 of the replaykit save.",
        "const": "replaykit/save@1",
    }
    with pytest.raises(Exception, match="example.org"):
        registry.resolver().lookup("https://example.org/not-here.json")


def test_game_schemas_share_the_common_envelope_by_ref() -> None:
    """design §5: format, seed, checkpoints and meta are one definition shared by every game."""
    for game in ("pioneers", "codex"):
        props = validation.schema(game)["properties"]
        assert list(props) == [
            "format", "game", "rulesVersion", "seed", "config", "moves", "checkpoints", "meta"
        ]
        for key in ("format", "seed", "checkpoints", "meta"):
            assert props[key] == {"$ref": f"common.json#/$defs/{key}"}


# ------------------------------------------------------------------ valid saves


@pytest.mark.parametrize(
    "name", ["pioneers-small.json", "codex-small.json", "station-master-seed116956197-day2.json"]
)
def test_fixture_saves_are_valid_without_warnings(name: str) -> None:
    """design §5 / stationmaster README: well-formed saves of each game validate cleanly."""
    report = check(fixture(name), name)
    assert report.errors == []
    assert report.warnings == []


def test_stationmaster_example_save_validates_as_stationmaster() -> None:
    """stationmaster README §Shape: the published example is a valid Station Master save."""
    report = validation.check_file(str(SM_EXAMPLE))
    assert report.game == "stationmaster"
    assert report.ok


def test_stationmaster_unknown_optional_field_is_a_warning_not_an_error() -> None:
    """stationmaster README: unknown optional intent fields are accepted and reported as warnings."""
    report = check(fixture("stationmaster-old-no-rules.json"), "old.json")
    assert report.errors == []
    found = [(w.pointer, w.code, w.move) for w in report.warnings]
    assert found == [("/history/3/speed", "unknown_field", 4)]


def test_stationmaster_unpublished_shapes_are_accepted_silently() -> None:
    """stationmaster README: switch.sortConsist and redFlag.play carry unpublished fields; accept them."""
    data = {
        "seed": 1,
        "history": [
            {"type": "switch.sortConsist", "trayId": "tray1", "order": [1, 0]},
            {"type": "redFlag.play", "cardId": "c3", "target": {"row": 1, "col": 1}},
            {"type": "freightAgent.unjam", "at": {"row": 0, "col": 0}, "load": 2},
        ],
    }
    report = check(data)
    assert report.errors == [] and report.warnings == []


def test_stationmaster_schema_covers_exactly_the_32_intent_types() -> None:
    """stationmaster README §Intent vocabulary: 32 types, the schema's enum is that list."""
    enum = validation.schema("stationmaster")["$defs"]["intent"]["properties"]["type"]["enum"]
    assert len(enum) == 32
    assert enum == list(stationmaster.INTENT_TYPES)


def test_codex_schema_restricts_type_to_the_36_actions() -> None:
    """codex-digest §1: the wire vocabulary has exactly 36 action types."""
    enum = validation.schema("codex")["$defs"]["move"]["properties"]["type"]["enum"]
    assert len(enum) == 36 == len(set(enum))
    assert {"placeSetupBuilding", "discardProgress", "executeStandingWant", "resign"} <= set(enum)


# ------------------------------------------------------------------ invalid saves

Mutation = Callable[[dict[str, Any]], None]


def _set(pointer: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = pointer.strip("/").split("/")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _delete(pointer: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = pointer.strip("/").split("/")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[last]

    return mutate


PIONEERS_INVALID = [
    ("turn action field of the wrong type",
     _set("/moves/3", {"seat": 2, "kind": "turn", "action": {"type": "build_road", "edge": "x"}}),
     "/moves/3/action/edge", "'x' is not of type 'integer'", "wrong_type"),
    ("unknown turn action type", _set("/moves/3/action/type", "fly"),
     "/moves/3/action/type",
     "'fly' is not one of ['build_road', 'build_settlement', 'build_city', 'buy_dev', 'play_dev', "
     "'bank_trade', 'offer_trade', 'end_turn']", "bad_value"),
    ("neither action nor strike", _delete("/moves/4/action"),
     "/moves/4", "'action' is a required property", "missing_field"),
    ("strike with an action", _set("/moves/2/action", {"settlement": 3, "road": 3}),
     "/moves/2/action", "field 'action' is not allowed here", "unknown_field"),
    ("unknown strike", _set("/moves/2/strike", "sulk"),
     "/moves/2/strike", "'sulk' is not one of ['timeout', 'error', 'illegal']", "bad_value"),
    ("unknown kind", _set("/moves/0/kind", "build"),
     "/moves/0/kind", "'build' is not one of ['setup', 'turn', 'discard', 'bandit', 'trade']", "bad_value"),
    ("seat out of range", _set("/moves/0/seat", 7), "/moves/0/seat", "7 is greater than the maximum of 3",
     "out_of_range"),
    ("edge id out of range", _set("/moves/0/action/road", 72), "/moves/0/action/road",
     "72 is greater than the maximum of 71", "out_of_range"),
    ("setup without a road", _delete("/moves/0/action/road"), "/moves/0/action",
     "'road' is a required property", "missing_field"),
    ("roadworks with three edges", _set("/moves/6/action/edges", [1, 2, 3]), "/moves/6/action/edges",
     "[1, 2, 3] is too long", "bad_size"),
    ("windfall names a non-resource", _set("/moves/5/action/resources/1", "gold"),
     "/moves/5/action/resources/1", "'gold' is not one of ['brick', 'lumber', 'wool', 'grain', 'ore']",
     "bad_value"),
    ("embargo without its resource", _set("/moves/7/action", {"type": "play_dev", "card": "embargo"}),
     "/moves/7/action", "'resource' is a required property", "missing_field"),
    ("victory point cards are never played", _set("/moves/7/action/card", "victory_point"),
     "/moves/7/action/card", "'victory_point' is not one of ['knight', 'roadworks', 'windfall', 'embargo']",
     "bad_value"),
    ("extra field on an action", _set("/moves/10/action/edge", 3), "/moves/10/action/edge",
     "unexpected field 'edge'", "unknown_field"),
    ("bandit victim of the wrong type", _set("/moves/8/action/victim", "Ada"), "/moves/8/action/victim",
     "'Ada' is not of type 'integer', 'null'", "wrong_type"),
    ("discard names a non-resource", _set("/moves/9/action/cards/gold", 1), "/moves/9/action/cards/gold",
     "unexpected field 'gold'", "unknown_field"),
    ("trade answer of the wrong type", _set("/moves/4/action/accept", "yes"), "/moves/4/action/accept",
     "'yes' is not of type 'boolean'", "wrong_type"),
    ("maxTurns is not a config option", _set("/config/maxTurns", 50), "/config/maxTurns",
     "unexpected field 'maxTurns'", "unknown_field"),
    ("two players", _set("/config/players", [{"name": "A"}, {"name": "B"}]), "/config/players",
     "[{'name': 'A'}, {'name': 'B'}] is too short", "bad_size"),
    ("player without a name", _set("/config/players/1", {"bot": "greedy"}), "/config/players/1",
     "'name' is a required property", "missing_field"),
    ("wrong format tag", _set("/format", "replaykit/save@2"), "/format", "'replaykit/save@1' was expected",
     "bad_value"),
    ("seed of the wrong type", _set("/seed", 1.5), "/seed", "1.5 is not of type 'string', 'integer'",
     "wrong_type"),
    ("missing seed", _delete("/seed"), "", "'seed' is a required property", "missing_field"),
    ("checkpoint at move 0", _set("/checkpoints/0/move", 0), "/checkpoints/0/move",
     "0 is less than the minimum of 1", "out_of_range"),
    ("unknown top-level key", _set("/extra", True), "/extra", "unexpected field 'extra'", "unknown_field"),
    ("rules version of another game", _set("/rulesVersion", "codex/1"), "/rulesVersion",
     "'codex/1' does not match '^pioneers/'", "bad_format"),
]


@pytest.mark.parametrize(
    ("mutate", "pointer", "message", "code"),
    [case[1:] for case in PIONEERS_INVALID],
    ids=[case[0] for case in PIONEERS_INVALID],
)
def test_pioneers_invalid_save_reports_the_exact_pointer(
    mutate: Mutation, pointer: str, message: str, code: str
) -> None:
    """design §5 + pioneers contract: each broken field is reported once, at its own pointer."""
    data = fixture("pioneers-small.json")
    mutate(data)
    report = check(data)
    assert [(p.pointer, p.message, p.code) for p in report.errors] == [(pointer, message, code)]


def test_pioneers_error_line_names_file_pointer_and_message() -> None:
    """design §7: one line per error, `file: move N: /json/pointer: message [code]` (the move
    counted from 1, as every replay error counts it, where the error lies in one)."""
    data = fixture("pioneers-small.json")
    data["moves"][3] = {"seat": 2, "kind": "turn", "action": {"type": "build_road", "edge": "x"}}
    report = check(data, "game.json")
    assert lines(report) == [
        "game.json: move 4: /moves/3/action/edge: 'x' is not of type 'integer' [wrong_type]"
    ]
    assert report.errors[0].move == 4


def test_every_error_is_reported_in_document_order() -> None:
    """design §1: validate lists every error, not only the first."""
    data = fixture("pioneers-small.json")
    data["moves"][10]["action"]["talk"] = 5
    data["moves"][0]["seat"] = "zero"
    data["config"]["players"][0]["name"] = ""
    report = check(data)
    assert [p.pointer for p in report.errors] == [
        "/config/players/0/name",
        "/moves/0/seat",
        "/moves/10/action/talk",
    ]


@pytest.mark.parametrize("key", ["\u00b2", "\u2460", "1\u00b2"])
def test_a_key_of_digits_int_cannot_read_is_an_error_not_a_crash(key: str) -> None:
    """A key such as "²" (a digit to str.isdigit, not to int) where the schema allows none is
    one error naming it; putting the errors in document order never fails on it."""
    data = fixture("pioneers-small.json")
    data[key] = {key: 1}
    data["moves"][0]["seat"] = "zero"
    data["moves"][1]["action"][key] = 1
    report = check(data)
    expected = ["/moves/0/seat", f"/moves/1/action/{key}", f"/{key}"]
    assert sorted(p.pointer for p in report.errors) == sorted(expected)
    assert [p.code for p in report.errors if p.pointer != "/moves/0/seat"] == ["unknown_field"] * 2


CODEX_INVALID = [
    ("unknown action type", _set("/moves/2/type", "fly"), "/moves/2/type",
     "'fly' is not one of the 36 allowed values", "bad_value"),
    ("payload missing its key", _set("/moves/0/payload", {}), "/moves/0/payload",
     "'intersectionId' is a required property", "missing_field"),
    ("payload key of the wrong type", _set("/moves/1/payload/edgeId", 5), "/moves/1/payload/edgeId",
     "5 is not of type 'string'", "wrong_type"),
    ("die out of range", _set("/moves/4/payload/die1", 7), "/moves/4/payload/die1",
     "7 is greater than the maximum of 6", "out_of_range"),
    ("payload not an object", _set("/moves/2/payload", []), "/moves/2/payload",
     "[] is not of type 'object'", "wrong_type"),
    ("maritime count zero", _set("/moves/3/payload/offer/count", 0), "/moves/3/payload/offer/count",
     "0 is less than the minimum of 1", "out_of_range"),
    ("discard of a non-material", _set("/moves/5/payload/cards/1", "gold"), "/moves/5/payload/cards/1",
     "'gold' is not one of ['lumber', 'brick', 'wool', 'grain', 'ore', 'coin', 'paper', 'cloth']",
     "bad_value"),
    ("unknown board", _set("/config/board", "huge"), "/config/board",
     "'huge' is not one of ['standard', 'grand']", "bad_value"),
    ("five players", _set("/config/players", [{"id": f"p{i}"} for i in range(5)]), "/config/players",
     "[{'id': 'p0'}, {'id': 'p1'}, {'id': 'p2'}, {'id': 'p3'}, {'id': 'p4'}] is too long", "bad_size"),
    ("player without an id", _set("/config/players/0", {"name": "Ada"}), "/config/players/0",
     "'id' is a required property", "missing_field"),
    ("move without a player", _delete("/moves/6/playerId"), "/moves/6",
     "'playerId' is a required property", "missing_field"),
    ("victory target of the wrong type", _set("/config/victoryPointsTarget", "13"),
     "/config/victoryPointsTarget", "'13' is not of type 'integer'", "wrong_type"),
]


@pytest.mark.parametrize(
    ("mutate", "pointer", "message", "code"),
    [case[1:] for case in CODEX_INVALID],
    ids=[case[0] for case in CODEX_INVALID],
)
def test_codex_invalid_save_reports_the_exact_pointer(
    mutate: Mutation, pointer: str, message: str, code: str
) -> None:
    """design §5 + codex-digest §1: the envelope, config and per-type payloads are checked."""
    data = fixture("codex-small.json")
    mutate(data)
    report = check(data)
    assert [(p.pointer, p.message, p.code) for p in report.errors] == [(pointer, message, code)]


def _sm_index(data: dict[str, Any], intent_type: str) -> int:
    return next(i for i, item in enumerate(data["history"]) if item["type"] == intent_type)


SM_INVALID = [
    ("unknown intent type", lambda d: d["history"][0].update(type="localOps.pick"), "/history/0/type",
     "'localOps.pick' is not one of the 32 allowed values", "bad_value"),
    ("missing required field", lambda d: d["history"][2].pop("cardId"), "/history/2",
     "'cardId' is a required property", "missing_field"),
    ("wrong field type", lambda d: d["history"][1].update(slot="0"), "/history/1/slot",
     "'0' is not of type 'integer'", "wrong_type"),
    ("slot out of range", lambda d: d["history"][1].update(slot=3), "/history/1/slot",
     "3 is greater than the maximum of 2", "out_of_range"),
    ("placement coordinate of the wrong type", lambda d: d["history"][10]["placement"].update(row="a"),
     "/history/10/placement/row", "'a' is not of type 'integer'", "wrong_type"),
    ("variant outside 0/1", lambda d: d["history"][10].update(variant=2), "/history/10/variant",
     "2 is not one of [0, 1]", "bad_value"),
    ("loaded of the wrong type",
     lambda d: d["history"][_sm_index(d, "newTrain.placeCar")].update(loaded="yes"),
     "/history/52/loaded", "'yes' is not of type 'boolean'", "wrong_type"),
    ("unknown car type",
     lambda d: d["history"][_sm_index(d, "newTrain.placeCar")].update(carType="gondola"),
     "/history/52/carType",
     "'gondola' is not one of ['coach', 'boxcar', 'hopper', 'reefer', 'tank', 'caboose']",
     "bad_value"),
    ("intent without a type", lambda d: d["history"][7].pop("type"), "/history/7",
     "'type' is a required property", "missing_field"),
    ("unknown starting hand", lambda d: d["rules"].update(startingHand="all"), "/rules/startingHand",
     "'all' is not one of ['threeRandom', 'sixRandom', 'threeTrackThreeOther']", "bad_value"),
    ("revenue out of range", lambda d: d["rules"]["revenue"].update(freightPerLoad=6),
     "/rules/revenue/freightPerLoad", "6 is greater than the maximum of 5", "out_of_range"),
    ("seed as a string", lambda d: d.update(seed="116956197"), "/seed",
     "'116956197' is not of type 'integer'", "wrong_type"),
    ("unknown top-level key", lambda d: d.update(day=2), "/day", "unexpected field 'day'", "unknown_field"),
    ("history not a list of objects", lambda d: d["history"].append("draw.end"), "/history/68",
     "'draw.end' is not of type 'object'", "wrong_type"),
]


@pytest.mark.parametrize(
    ("mutate", "pointer", "message", "code"),
    [case[1:] for case in SM_INVALID],
    ids=[case[0] for case in SM_INVALID],
)
def test_stationmaster_invalid_save_reports_the_exact_pointer(
    mutate: Mutation, pointer: str, message: str, code: str
) -> None:
    """stationmaster README: reject an unknown type, a missing required field or a wrong field type."""
    data = json.loads(SM_EXAMPLE.read_text(encoding="utf-8"))
    mutate(data)
    report = check(data, "sm.json")
    assert report.game == "stationmaster"
    assert [(p.pointer, p.message, p.code) for p in report.errors] == [(pointer, message, code)]


def test_stationmaster_start_of_an_extra_train_is_dispatched_on_kind() -> None:
    """stationmaster README: `start` is {kind: divisionPoint, side} | {kind: mainline, node} |
    {kind: office, seat}; each kind requires its own field."""
    data = fixture("stationmaster-old-no-rules.json")
    data["history"][7]["start"] = {"kind": "mainline", "side": "east"}
    report = check(data)
    found = [(p.pointer, p.message) for p in report.errors]
    assert found == [("/history/7/start", "'node' is a required property")]


# ------------------------------------------------------------------ games and shapes


def test_unknown_game_id_is_named() -> None:
    """design §1: the game ids are pioneers and codex (plus foreign stationmaster saves)."""
    data = fixture("pioneers-small.json")
    data["game"] = "chess"
    assert lines(check(data, "g.json")) == [
        "g.json: /game: unknown game id 'chess' (known: codex, pioneers) [unknown_game]"
    ]


def test_missing_game_id_is_one_error() -> None:
    """design §5: `game` decides the schema; without it there is one error at the root."""
    data = fixture("pioneers-small.json")
    del data["game"]
    report = check(data, "g.json")
    assert [(p.pointer, p.code) for p in report.errors] == [("", "missing_field")]


def test_game_id_of_the_wrong_type() -> None:
    """design §5: `game` is a string."""
    data = fixture("pioneers-small.json")
    data["game"] = 3
    assert lines(check(data, "g.json")) == ["g.json: /game: 3 is not of type 'string' [wrong_type]"]


def test_a_copy_of_a_valid_save_is_untouched_by_validation() -> None:
    """design §5: validation only reads."""
    data = fixture("pioneers-small.json")
    before = copy.deepcopy(data)
    check(data)
    assert data == before


# ------------------------------------------------------------------ canonical key order


def test_schema_order_follows_every_applicator() -> None:
    """design §5: keys in the order the applicable schema declares them, unknown keys after."""
    from referencing import Registry, Resource

    from toolkit.canonical import SchemaWalker

    uri = "https://replaykit.dev/schemas/test-order.json"
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": uri,
        "type": "object",
        "properties": {
            "b": {"$ref": "#/$defs/pair"},
            "a": {
                "type": "array",
                "prefixItems": [{"$ref": "#/$defs/pair"}],
                "items": {"$ref": "#/$defs/tagged"},
            },
        },
        "patternProperties": {"^x-": {"properties": {"z": True, "y": True}}},
        "additionalProperties": {"properties": {"q": True, "p": True}},
        "$defs": {
            "pair": {"properties": {"second": True, "first": True}},
            "tagged": {
                "if": {"properties": {"kind": {"const": "one"}}, "required": ["kind"]},
                "then": {"properties": {"kind": True, "one": True}},
                "else": {"oneOf": [
                    {"required": ["n"], "properties": {"kind": True, "n": {"type": "integer"}, "m": True}},
                    {"required": ["s"], "properties": {"kind": True, "s": {"type": "string"}}},
                ], "anyOf": [{"properties": {"late": True}}]},
            },
        },
    }
    registry: Registry[Any] = Registry().with_resource(uri, Resource.from_contents(schema))
    walker = SchemaWalker(registry, uri)
    data = {
        "extra": {"p": 1, "q": 2, "r": 3},
        "a": [
            {"first": 1, "second": 2},
            {"one": 1, "kind": "one"},
            {"m": 0, "late": 1, "n": 3, "kind": "two"},
            {"s": "x", "kind": "three", "w": 0},
        ],
        "x-1": {"y": 1, "z": 2},
        "b": {"first": 1, "other": 0, "second": 2},
    }
    ordered = walker.order(data)
    assert ordered == data
    assert list(ordered) == ["b", "a", "extra", "x-1"]
    assert list(ordered["b"]) == ["second", "first", "other"]
    assert [list(item) for item in ordered["a"]] == [
        ["second", "first"], ["kind", "one"], ["kind", "n", "m", "late"], ["kind", "s", "w"]
    ]
    assert list(ordered["x-1"]) == ["z", "y"]
    assert list(ordered["extra"]) == ["q", "p", "r"]
    assert walker.text({"b": {"first": "é"}}) == '{\n "b": {\n  "first": "é"\n }\n}\n'
    assert walker.undeclared(data) == [("/extra", "r"), ("/a/3", "w"), ("/b", "other")]



def _tagged_walker(*extra_branches: Any) -> Any:
    """A walker over objects told apart by ``kind``, as a save's moves are; ``extra_branches``
    are added to the ``allOf`` after the tagged ones."""
    from referencing import Registry, Resource

    from toolkit.canonical import SchemaWalker

    def tagged(kind: str, *keys: str) -> dict[str, Any]:
        then = {"properties": {"body": {"properties": {key: True for key in keys}}}}
        return {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]}, "then": then}

    uri = "https://replaykit.dev/schemas/test-tagged.json"
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "array",
        "items": {
            "properties": {"kind": True, "body": {"type": "object"}},
            "allOf": [tagged("a", "y", "x"), tagged("b", "w", "v"), tagged("a", "u"), *extra_branches],
        },
    }
    return SchemaWalker(Registry().with_resource(uri, Resource.from_contents(schema)), uri)


def test_a_tagged_all_of_takes_only_the_branches_of_the_object_s_tag() -> None:
    """design §5: an ``allOf`` of ``if`` tests on one key's value applies, to an object, the
    branches of its value only (all of them when several share it), in their written order;
    to any other value, every branch. The walk looks the branches up by the value, and orders
    keys exactly as visiting every branch does (an empty branch turns the look-up off)."""
    instances = [[
        {"body": {"u": 1, "x": 2, "y": 3, "w": 4}, "kind": "a"},
        {"body": {"u": 1, "v": 2, "w": 3}, "kind": "b"},
        {"body": {"v": 1, "w": 2}, "kind": "c"},
        {"body": {"b": 1, "a": 2}},
        {"body": {"b": 1, "a": 2}, "kind": ["a"]},
        {"body": {"b": 1, "a": 2}, "kind": 1},
        "a",
        [{"kind": "a"}],
    ]]
    looked_up, visited = _tagged_walker(), _tagged_walker({})
    for data in instances:
        assert looked_up.order(data) == visited.order(data)
        assert [list(item["body"]) for item in looked_up.order(data)[:6]] == [
            ["y", "x", "u", "w"], ["w", "v", "u"], ["v", "w"], ["b", "a"], ["b", "a"], ["b", "a"]
        ]
        assert looked_up.undeclared(data) == visited.undeclared(data) == [
            ("/0/body", "w"), ("/1/body", "u"), ("/2/body", "v"), ("/2/body", "w"),
            ("/3/body", "b"), ("/3/body", "a"), ("/4/body", "b"), ("/4/body", "a"),
            ("/5/body", "b"), ("/5/body", "a"),
        ]
    assert [d is None for d in looked_up._dispatches.values()] == [False]
    assert [d is None for d in visited._dispatches.values()] == [True]

DECIDED_SCHEMAS: list[Any] = [
    True,
    False,
    {"properties": {"type": {"const": "bank"}}, "required": ["type"]},
    {"required": ["strike"]},
    {"required": ["a", "b"]},
    {"not": {"required": ["strike"]}},
    {"not": {"not": {"required": ["a", "b"]}}},
    {"not": {"properties": {"type": {"const": "bank"}}, "required": ["type"]}},
    {"not": False},
]
DECIDED_INSTANCES: list[Any] = [
    {}, {"strike": "timeout"}, {"a": 1}, {"a": 1, "b": None}, {"type": "bank"}, {"type": "bandit"},
    {"type": 1}, [], "strike", 3, None,
]


@pytest.mark.parametrize("schema", DECIDED_SCHEMAS)
def test_the_walk_decides_its_dispatch_tests_as_the_validator_does(schema: Any) -> None:
    """design §5: a branch applies when the object satisfies it. The walk decides booleans,
    ``const`` tags, ``required`` lists and their negations itself (the pioneers move's
    ``if: not required strike`` among them), and agrees with the validator on objects and
    on every other kind of value."""
    from toolkit.canonical import _decided

    for instance in DECIDED_INSTANCES:
        assert _decided(schema, instance) == Draft202012Validator(schema).is_valid(instance), instance


def test_the_walk_leaves_other_tests_to_the_validator() -> None:
    """design §5: a test the walk cannot decide by itself (here a type and a minimum) goes to
    the validator."""
    from toolkit.canonical import _decided

    for schema in ({"required": ["a"], "type": "object"}, {"not": {"minimum": 3}}, {"anyOf": [True]}):
        assert _decided(schema, {"a": 1}) is None
