"""The quick schema check says "clean" exactly when the full check finds nothing."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from toolkit import validation
from toolkit.saves import Save
from toolkit.schema_fast import Compiler, _join, clean_check, equal, seal

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, 1.0, 1.5, -1, 99, 10**6, "", "x", "brick", [], [1], {}, {"a": 1},
]


def _published_moves(game: str) -> list[Any]:
    seen: dict[str, Any] = {}
    for path in sorted(REPLAYS.glob(f"{game}-*.json")):
        for move in json.loads(path.read_text(encoding="utf-8"))["moves"]:
            seen.setdefault(json.dumps(move, sort_keys=True), move)
    return list(seen.values())


def _paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _paths(sub, (*here, key))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from _paths(sub, (*here, i))


def _mutated(move: Any, rng: random.Random) -> Any:
    """One small structural change somewhere in ``move``: a value swapped, a key added or dropped."""
    move = copy.deepcopy(move)
    path = rng.choice(list(_paths(move)))
    if not path:
        return rng.choice(ODD_VALUES) if rng.random() < 0.1 else {**move, "extra": 1}
    parent = move
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    choice = rng.random()
    if choice < 0.6:
        parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif choice < 0.8 and isinstance(parent, dict):
        del parent[last]
    elif isinstance(parent[last], dict):
        parent[last]["unexpected"] = rng.choice(ODD_VALUES)
    else:
        parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
    return move


def _full_check_finds_nothing(game: str, move: Any) -> bool:
    errors = list(validation.move_validator(game).iter_errors(move))
    return not errors and not validation.move_walker(game).undeclared(move)


@pytest.mark.parametrize("game", ["pioneers", "codex"])
def test_quick_check_agrees_with_the_full_check_on_mutated_moves(game: str) -> None:
    """design §7: the quick path may only shortcut a clean result, never hide or invent one."""
    quick = clean_check(validation.documents(), validation._move_schema(game))
    assert quick is not None
    rng = random.Random(f"quick-{game}")
    moves = _published_moves(game)
    samples = moves[:60] + [_mutated(rng.choice(moves), rng) for _ in range(600)]
    answers = [(quick(m), _full_check_finds_nothing(game, m)) for m in samples]
    assert all(q == full for q, full in answers)
    assert sum(1 for q, _ in answers if not q) > 100  # the mutations do break moves


@pytest.mark.parametrize("name", ["pioneers-two-against-two.json", "codex-grand-board-oona.json"])
def test_reports_are_the_same_with_and_without_the_quick_check(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every error and warning of a save with many broken moves is unchanged by the quick check."""
    data = json.loads((REPLAYS / name).read_text(encoding="utf-8"))
    rng = random.Random(name)
    for i in rng.sample(range(len(data["moves"])), 40):
        data["moves"][i] = _mutated(data["moves"][i], rng)
    data["meta"]["unexpected"] = 1
    data["checkpoints"][0]["extra"] = True
    fast = validation.check(Save(name, copy.deepcopy(data)))
    monkeypatch.setattr(validation, "is_clean", lambda game, part: False)
    monkeypatch.setattr(validation, "_clean_move", lambda game, text, move: False)
    slow = validation.check(Save(name, copy.deepcopy(data)))
    assert fast.errors and fast.errors == slow.errors
    assert fast.warnings == slow.warnings


def test_json_equality_keeps_booleans_apart_from_numbers() -> None:
    """JSON Schema's const and enum: true is not 1, while 1 equals 1.0."""
    assert equal(1, 1.0) and not equal(True, 1) and not equal([True], [1]) and equal({"a": [1]}, {"a": [1.0]})


def test_an_unknown_keyword_falls_back_to_the_full_check() -> None:
    """A schema keyword the quick check does not implement disables it for that schema."""
    uri = "https://replaykit.dev/schemas/test-contains.json"
    schema = {"$id": uri, "type": "array", "contains": {"const": 1}}
    assert clean_check({uri: schema}, uri) is None


@pytest.mark.parametrize(
    "value",
    [[1, 2], [1, 1], [1, 1.0], [True, 1], [{"a": 1}, {"a": 1}], {"ab": 1}, {"abcd": 1}, {}, "x", 3],
)
def test_unique_items_and_property_names_agree_with_jsonschema(value: Any) -> None:
    """uniqueItems uses JSON equality (true is not 1, 1 is 1.0); propertyNames checks every key."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    uri = "https://replaykit.dev/schemas/test-keys.json"
    schema = {
        "$id": uri,
        "anyOf": [
            {"type": "array", "uniqueItems": True},
            {"type": "object", "propertyNames": {"maxLength": 3}, "additionalProperties": True},
        ],
    }
    resource = Resource.from_contents(schema, default_specification=DRAFT202012)
    registry = Registry().with_resource(uri, resource)
    quick = clean_check({uri: schema}, uri)
    assert quick is not None
    assert quick(value) == Draft202012Validator(schema, registry=registry).is_valid(value)


def test_a_reference_into_another_document_is_followed() -> None:
    """A ``$ref`` is resolved against its document's ``$id``, to a JSON pointer in another document."""
    main, defs = "https://replaykit.dev/schemas/test-main.json", "https://replaykit.dev/schemas/test-defs.json"
    documents = {
        main: {"$id": main, "properties": {"n": {"$ref": "test-defs.json#/$defs/small~1int"}}},
        defs: {"$id": defs, "$defs": {"small/int": {"type": "integer", "maximum": 3}}},
    }
    quick = clean_check(documents, main)
    assert quick is not None
    assert [quick({"n": n}) for n in (1, 3, 4, "1")] == [True, True, False, False]


@pytest.mark.parametrize(
    "inner", [{"$ref": "#top"}, {"$id": "other.json", "type": "integer"}, {"$ref": "missing.json"}]
)
def test_a_reference_it_cannot_follow_falls_back_to_the_full_check(inner: Any) -> None:
    """An anchor, an ``$id`` inside a document or an unknown document leaves the check to jsonschema."""
    uri = "https://replaykit.dev/schemas/test-refs.json"
    schema = {"$id": uri, "$anchor": "top", "properties": {"n": inner}}
    assert clean_check({uri: schema}, uri) is None


TREE = "https://replaykit.dev/schemas/test-tree.json"
TREE_SCHEMA: dict[str, Any] = {
    "$id": TREE,
    "$ref": "#/$defs/tree",
    "$defs": {
        "tree": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}},
                "notes": {"type": "object"},
            },
        }
    },
}


@pytest.mark.parametrize(
    "value",
    [
        {"name": "a"},
        {"name": "a", "kids": [{"name": "b", "kids": [{"name": "c"}]}]},
        {"name": "a", "kids": [{"name": "b", "extra": 1}]},
        {"notes": {}},
        {"notes": {"said": "hi"}},
        {"kids": [{"notes": {"said": "hi"}}]},
    ],
)
def test_sealed_schemas_skip_only_walks_that_cannot_find_an_undeclared_key(value: Any) -> None:
    """A closed object whose members are closed too needs no walk; an open member (here
    ``notes``, an object that declares nothing) is still walked, as the full check walks it."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    from toolkit.canonical import SchemaWalker

    resource = Resource.from_contents(TREE_SCHEMA, default_specification=DRAFT202012)
    registry = Registry().with_resource(TREE, resource)
    quick = clean_check({TREE: TREE_SCHEMA}, TREE)
    assert quick is not None
    full = Draft202012Validator(TREE_SCHEMA, registry=registry).is_valid(value) and not SchemaWalker(
        registry, TREE
    ).undeclared(value)
    assert quick(value) == full


def test_a_closed_recursive_schema_is_sealed_and_an_open_member_unseals_it() -> None:
    """A tree of closed objects is sealed (its walk is skipped); with a member that is an
    object declaring nothing, it is not."""
    closed = copy.deepcopy(TREE_SCHEMA)
    del closed["$defs"]["tree"]["properties"]["notes"]
    for schema, sealed in ((closed, True), (TREE_SCHEMA, False)):
        compiler = Compiler({TREE: schema})
        assert clean_check({TREE: schema}, TREE, compiler) is not None
        root = compiler.root(TREE)
        seal([root])
        assert root.sealed is sealed


@pytest.mark.parametrize("game", ["pioneers", "codex"])
def test_seals_decided_as_the_walk_meets_them_are_those_one_seal_of_all_gives(game: str) -> None:
    """A compiler that serves a save's schema, its move list and its move schema in turn
    decides a node's seal when the walk first needs it; every mark it sets is the one a
    seal of all its nodes at once gives."""
    documents = validation.documents()
    compiler = Compiler(documents)
    uris = [validation.schema_uri(game), validation.SCHEMA_BASE + "common.json#/$defs/moves",
            validation.schema_uri(game) + "#/$defs/move"]
    checks = [clean_check(documents, uri, compiler) for uri in uris]
    save = json.loads(sorted(REPLAYS.glob(f"{game}-*.json"))[0].read_text(encoding="utf-8"))
    assert checks[0] is not None and checks[0]({**save, "moves": []})
    assert checks[2] is not None and all(checks[2](move) for move in _published_moves(game))
    decided = {key: node.sealed for key, node in compiler.nodes.items() if node.sealed is not None}
    for node in compiler.nodes.values():
        node.sealed = None
    seal(compiler.nodes.values())
    assert {key: compiler.nodes[key].sealed for key in decided} == decided
    assert any(decided.values()) and not all(decided.values())


def test_a_dispatch_branch_is_compiled_when_a_value_first_takes_it() -> None:
    """A move schema's branches for one move type are compiled when a move of that type
    is checked, and those of other types not at all."""
    documents = validation.documents()
    compiler = Compiler(documents)
    check = clean_check(documents, validation._move_schema("codex"), compiler)
    assert check is not None
    before = len(compiler.nodes)
    assert check({"playerId": "p1", "type": "rollDice", "payload": {}})
    (table,) = compiler.root(validation._move_schema("codex")).dispatch
    assert list(table.table) == ["rollDice"] and len(compiler.nodes) < before + 10
    assert not check({"playerId": "p1", "type": "rollDice", "payload": {"extra": 1}})


def test_a_branch_it_cannot_compile_leaves_the_values_that_take_it_to_the_full_check() -> None:
    """A dispatch branch that uses a keyword the quick check does not implement is found
    when a value takes it; such values are never proven clean, other values still are,
    under schemas the failed branch had begun to compile (here ``$defs/n``)."""
    uri = "https://replaykit.dev/schemas/test-late.json"
    n = {"$ref": "#/$defs/n"}
    schema = {
        "$id": uri,
        "type": "object",
        "properties": {"k": {"type": "string"}, "n": {}, "v": {}},
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"properties": {"k": {"const": "a"}}, "required": ["k"]},
                "then": {"properties": {"n": n}},
            },
            {
                "if": {"properties": {"k": {"const": "b"}}, "required": ["k"]},
                "then": {"properties": {"n": n, "v": {"contains": {}}}},
            },
        ],
        "$defs": {"n": {"type": "integer"}},
    }
    check = clean_check({uri: schema}, uri)
    assert check is not None
    assert not check({"k": "b", "n": 1})
    assert check({"k": "a", "n": 1}) and not check({"k": "a", "n": "1"})
    assert not check({"k": "b", "n": 1})


BASE = "https://replaykit.dev/schemas/codex-save.json"


@pytest.mark.parametrize(
    ("base", "ref"),
    [
        ("", BASE + "#/$defs/move"), (BASE, ""), (BASE, BASE), (BASE, "common.json"),
        (BASE, "common.json#/$defs/moves"), (BASE, "common.json#"), (BASE, "c.json#a\tb"),
        (BASE, "./common.json"), (BASE, "../common.json"), (BASE, ".."), (BASE, "sub/x.json"),
        (BASE, "/x.json"), (BASE, "//host/x.json"), (BASE, "x.json?q"), (BASE, "x;p"), (BASE, "x%41.json"),
        (BASE, "HTTPS://replaykit.dev/schemas/common.json"), ("https://a//b/c.json", "x.json"),
        ("https://a/./c.json", "x.json"), ("https://a:80/c.json", "x.json"), ("https://a", "x.json"),
        ("urn:replaykit:save", "x.json"),
    ],
)
def test_a_reference_resolves_to_the_uri_urljoin_gives(base: str, ref: str) -> None:
    """The compiler joins a reference to its document's URI as RFC 3986 (urljoin) does:
    the plain forms our schemas use are joined without loading urllib, the rest by it."""
    assert _join(base, ref) == urljoin(base, ref)
