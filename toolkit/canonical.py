"""The canonical text of a save, and a walk over a save alongside its schema.

Canonical form (design §5): UTF-8, non-ASCII characters written as themselves, a
one-space indent, a trailing newline, and every object's keys in *schema order*:
first the keys the game's schema declares for that object, in the order its
``properties`` list them, then any key the schema does not declare, in the order
the file had it. The order applies at every depth, so a move's ``action`` follows
the declaration of that move kind's action.

Which declarations apply to an object is decided the way a validator would:
``$ref`` is followed, every ``allOf`` branch applies, an ``if`` picks its ``then``
or ``else`` by testing the object, and ``anyOf``/``oneOf`` contribute the branches
the object satisfies. An ``allOf`` of ``if`` tests on one key's tag (how a save's move
types are told apart) is looked up by the object's value instead of tried branch by
branch, and the simple tests the schemas here use (tags, ``required``, ``not``) are
decided without a validator.

The same walk finds *undeclared* keys: keys that no applicable
schema names, in an object whose schemas do not say what to do with extra keys
(no ``additionalProperties``/``patternProperties``). :mod:`toolkit.validation`
reports those as warnings (Station Master adds optional intent fields over time).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referencing import Registry

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from referencing._core import Resolver

    Node = tuple[Any, Resolver[Any]]


def dumps(data: Any) -> str:
    """The canonical text layout of already-ordered ``data``."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


@dataclass
class SchemaWalker:
    """Walks a JSON value alongside the schema at ``uri`` in ``registry``."""

    registry: Registry[Any]
    uri: str

    def __post_init__(self) -> None:
        resolver = self.registry.resolver()
        resolved = resolver.lookup(self.uri)
        self._root: Node = (resolved.contents, resolved.resolver)
        self._checks: dict[int, Draft202012Validator] = {}
        self._refs: dict[int, Node] = {}
        self._dispatches: dict[int, Dispatch | None] = {}

    # -- public -------------------------------------------------------------

    def order(self, instance: Any) -> Any:
        """A copy of ``instance`` with every object's keys in schema order."""
        return self._order(instance, [self._root])

    def text(self, instance: Any) -> str:
        """The canonical text of ``instance``."""
        return dumps(self.order(instance))

    def undeclared(self, instance: Any) -> list[tuple[str, str]]:
        """``(pointer of the object, key)`` for every key no schema declares or allows."""
        found: list[tuple[str, str]] = []
        self._undeclared(instance, [self._root], "", found)
        return found

    # -- the walk -----------------------------------------------------------

    def _applicable(self, schema: Any, resolver: Resolver[Any], instance: Any, out: list[Node]) -> None:
        """Append ``schema`` and, in the order its keywords are written, every subschema
        that applies to ``instance`` through an applicator."""
        if not isinstance(schema, Mapping):
            return
        out.append((schema, resolver))
        for keyword, value in schema.items():
            if keyword == "$ref" and isinstance(value, str):
                target = self._refs.get(id(schema))
                if target is None:  # a given $ref always resolves the same way: look it up once
                    resolved = resolver.lookup(value)
                    target = self._refs[id(schema)] = (resolved.contents, resolved.resolver)
                self._applicable(target[0], target[1], instance, out)
            elif keyword == "allOf":
                for sub in self._branches(value, instance):
                    self._applicable(sub, resolver, instance, out)
            elif keyword == "if":
                branch = "then" if self._is_valid(value, resolver, instance) else "else"
                if branch in schema:
                    self._applicable(schema[branch], resolver, instance, out)
            elif keyword in ("anyOf", "oneOf"):
                for sub in value:
                    if self._is_valid(sub, resolver, instance):
                        self._applicable(sub, resolver, instance, out)
                        if keyword == "oneOf":
                            break
            elif keyword == "dependentSchemas" and isinstance(instance, Mapping):
                for name, sub in value.items():
                    if name in instance:
                        self._applicable(sub, resolver, instance, out)

    def _branches(self, branches: list[Any], instance: Any) -> list[Any]:
        """The ``allOf`` branches worth visiting for ``instance``: for a dispatch on one key
        (:func:`_dispatch`) and an object, the branches whose tag is that object's value for the
        key (the others' ``if`` fails and they add nothing); otherwise all of them."""
        if not isinstance(instance, dict):
            return branches
        if id(branches) not in self._dispatches:
            self._dispatches[id(branches)] = _dispatch(branches)
        dispatch = self._dispatches[id(branches)]
        if dispatch is None:
            return branches
        key, table = dispatch
        tag = instance.get(key)
        return table.get(tag, []) if type(tag) is str else []

    def _is_valid(self, schema: Any, resolver: Resolver[Any], instance: Any) -> bool:
        decided = _decided(schema, instance)
        if decided is not None:  # the dispatch tests the schemas here use need no validator
            return decided
        check = self._checks.get(id(schema))
        if check is None:  # the validator is imported only when a schema needs one
            from jsonschema import Draft202012Validator

            check = Draft202012Validator(schema, registry=self.registry, _resolver=resolver)
            self._checks[id(schema)] = check
        return bool(check.is_valid(instance))

    def _expand(self, nodes: list[Node], instance: Any) -> list[Node]:
        out: list[Node] = []
        for schema, resolver in nodes:
            self._applicable(schema, resolver, instance, out)
        return out

    def _children(self, applicable: list[Node], key: str) -> list[Node]:
        """The schemas that govern the value under ``key`` of an object."""
        nodes: list[Node] = []
        for schema, resolver in applicable:
            props = schema.get("properties", {})
            matched = False
            if key in props:
                nodes.append((props[key], resolver))
                matched = True
            for pattern, sub in schema.get("patternProperties", {}).items():
                if re.search(pattern, key):
                    nodes.append((sub, resolver))
                    matched = True
            extra = schema.get("additionalProperties")
            if not matched and isinstance(extra, Mapping):
                nodes.append((extra, resolver))
        return nodes

    def _items(self, applicable: list[Node], index: int) -> list[Node]:
        nodes: list[Node] = []
        for schema, resolver in applicable:
            prefix = schema.get("prefixItems", [])
            if index < len(prefix):
                nodes.append((prefix[index], resolver))
            elif isinstance(schema.get("items"), Mapping):
                nodes.append((schema["items"], resolver))
        return nodes

    @staticmethod
    def _declared(applicable: list[Node]) -> list[str]:
        order: dict[str, None] = {}
        for schema, _ in applicable:
            for key in schema.get("properties", {}):
                order.setdefault(key, None)
        return list(order)

    def _order(self, instance: Any, nodes: list[Node]) -> Any:
        if isinstance(instance, dict):
            applicable = self._expand(nodes, instance)
            keys = [k for k in self._declared(applicable) if k in instance]
            keys += [k for k in instance if k not in keys]
            return {k: self._order(instance[k], self._children(applicable, k)) for k in keys}
        if isinstance(instance, list):
            applicable = self._expand(nodes, instance)
            return [self._order(item, self._items(applicable, i)) for i, item in enumerate(instance)]
        return instance

    def _undeclared(
        self, instance: Any, nodes: list[Node], pointer: str, found: list[tuple[str, str]]
    ) -> None:
        if isinstance(instance, dict):
            applicable = self._expand(nodes, instance)
            if not applicable:
                return
            declared = set(self._declared(applicable))
            says_extra = any(
                "additionalProperties" in s or "patternProperties" in s for s, _ in applicable
            )
            for key, value in instance.items():
                if key not in declared and not says_extra:
                    found.append((pointer, key))
                self._undeclared(value, self._children(applicable, key), f"{pointer}/{escape(key)}", found)
        elif isinstance(instance, list):
            applicable = self._expand(nodes, instance)
            for i, item in enumerate(instance):
                self._undeclared(item, self._items(applicable, i), f"{pointer}/{i}", found)


def _const_tag(schema: Any) -> tuple[str, Any] | None:
    """``(key, value)`` when ``schema`` is exactly
    ``{"properties": {key: {"const": value}}, "required": [key]}`` with a string value."""
    if not isinstance(schema, Mapping) or set(schema) != {"properties", "required"}:
        return None
    if schema["required"] != list(schema["properties"]):
        return None
    props = schema["properties"]
    if len(props) != 1:
        return None
    (key, sub), = props.items()
    if not isinstance(sub, Mapping) or set(sub) != {"const"} or not isinstance(sub["const"], str):
        return None
    return key, sub["const"]


Dispatch = tuple[str, dict[str, list[Any]]]
"""An ``allOf`` that picks branches by one key's value: the key, and each value's branches."""


def _dispatch(branches: list[Any]) -> Dispatch | None:
    """``(key, {value: branches})`` when every branch is exactly ``{"if": tag, "then": ...}``
    with a ``const`` tag on the same key (:func:`_const_tag`), as a save's move types are
    told apart: an object then takes only the branches tagged with its value for the key.
    None for any other ``allOf``."""
    key = None
    table: dict[str, list[Any]] = {}
    for branch in branches:
        if not isinstance(branch, Mapping) or set(branch) != {"if", "then"}:
            return None
        tag = _const_tag(branch["if"])
        if tag is None or (key is not None and tag[0] != key):
            return None
        key = tag[0]
        table.setdefault(tag[1], []).append(branch)
    return None if key is None else (key, table)


def _decided(schema: Any, instance: Any) -> bool | None:
    """Whether ``instance`` is valid against ``schema``, for the schemas that need no
    validator: a boolean, a ``const`` tag (:func:`_const_tag`), exactly ``{"required": [...]}``
    and ``{"not": ...}`` of one of these; None for any other schema. The keywords that test
    an object pass any other value."""
    if isinstance(schema, bool):
        return schema
    if not isinstance(schema, Mapping):
        return None
    if set(schema) == {"not"}:
        inner = _decided(schema["not"], instance)
        return None if inner is None else not inner
    names = schema.get("required")
    if set(schema) == {"required"} and isinstance(names, list) and all(type(n) is str for n in names):
        return not isinstance(instance, dict) or all(name in instance for name in names)
    tag = _const_tag(schema)
    if tag is None:
        return None
    key, value = tag
    return not isinstance(instance, dict) or (
        key in instance and type(instance[key]) is type(value) and instance[key] == value
    )


def escape(token: str) -> str:
    """Escape one JSON pointer token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")
