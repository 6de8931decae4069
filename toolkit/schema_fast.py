"""A quick proof that a JSON value is clean under a schema: valid, and every key declared.

Validating a save with :mod:`jsonschema` costs milliseconds per distinct move, far more
than the engine spends applying it. Almost every value a replay meets is clean, so this
module compiles a schema once into plain Python predicates that answer one question:
*would the full check find nothing here?* — no schema error, and no key that
:meth:`toolkit.canonical.SchemaWalker.undeclared` would report. When the answer is yes
the full check is skipped; when it is no (or the schema uses a keyword this module does
not know), the full check runs and reports exactly what it always did. The predicates
only ever shortcut a clean result, so they can never change an error.

The keywords follow draft 2020-12 as :class:`jsonschema.Draft202012Validator` applies them
without a format checker (``format`` is an annotation). Annotations are ignored; any other
keyword makes the whole schema fall back to the full check.
"""

from __future__ import annotations

import re
from _thread import allocate_lock
from collections.abc import Callable, Iterable, Mapping, Sized
from typing import Any

Check = Callable[[Any], bool]
Documents = Mapping[str, Any]  # schema documents by their ``$id``

ANNOTATIONS = frozenset(
    {
        "$schema", "$id", "$defs", "definitions", "$comment", "$anchor", "title", "description",
        "default", "examples", "format", "deprecated", "readOnly", "writeOnly",
        "contentMediaType", "contentEncoding",
    }
)
APPLIED = frozenset(
    {
        "type", "const", "enum", "properties", "required", "additionalProperties", "patternProperties",
        "dependentSchemas", "dependentRequired", "items", "prefixItems", "minItems", "maxItems",
        "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
        "$ref", "propertyNames", "uniqueItems",
    }
)


_SEGMENT = r"[A-Za-z0-9_-][A-Za-z0-9_.-]*"  # a path segment that is no dot segment
_PLAIN_BASE = re.compile(rf"https?://[A-Za-z0-9.-]+(?:/{_SEGMENT})*/(?:{_SEGMENT})?")
_SIBLING = re.compile(rf"({_SEGMENT})(?:#([^\t\r\n]*))?")  # a file beside the base, maybe a fragment


def _join(base: str, ref: str) -> str:
    """``urllib.parse.urljoin(base, ref)``, worked out here for the forms our schemas use (no
    base, the base itself, a sibling file with or without a fragment), so compiling them
    never loads that module; any other form is left to it."""
    if not base or not ref:
        return ref or base
    if _PLAIN_BASE.fullmatch(base):
        if ref == base:
            return base
        sibling = _SIBLING.fullmatch(ref)
        if sibling is not None:
            name, fragment = sibling.groups()
            return base[: base.rindex("/") + 1] + name + (f"#{fragment}" if fragment else "")
    from urllib.parse import urljoin

    return urljoin(base, ref)


def _unquote(part: str) -> str:
    """``urllib.parse.unquote``, which leaves a string without ``%`` as it is."""
    if "%" not in part:
        return part
    from urllib.parse import unquote

    return unquote(part)


class Unsupported(Exception):
    """The schema uses a keyword the quick check does not implement."""


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _is_integer(x: Any) -> bool:
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and x.is_integer())


TYPES: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
}


def equal(a: Any, b: Any) -> bool:
    """JSON equality as the validator sees it: ``true`` is not ``1``, ``1`` is ``1.0``."""
    if isinstance(a, str) or isinstance(b, str):
        return type(a) is type(b) and a == b
    if isinstance(a, list) or isinstance(b, list):
        return (
            isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
            and all(equal(x, y) for x, y in zip(a, b, strict=True))
        )
    if isinstance(a, dict) or isinstance(b, dict):
        return (
            isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
            and all(equal(a[k], b[k]) for k in a)
        )
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    return bool(a == b)


class Node:
    """One compiled schema: its validity test and what the undeclared-key walk reads.

    A plain class (not a dataclass, whose generated methods cost more at start-up than a
    replay spends here): every node starts empty and :class:`Compiler` fills it in.
    """

    __slots__ = (
        "is_mapping", "checks", "properties", "patterns", "additional", "says_extra", "prefix",
        "items", "ref", "all_of", "any_of", "one_of", "if_", "then", "else_", "dependent",
        "dispatch", "no_object", "no_array", "sealed",
    )

    def __init__(
        self, is_mapping: bool, checks: list[Check] | None = None, sealed: bool | None = None
    ) -> None:
        self.is_mapping = is_mapping
        self.checks: list[Check] = [] if checks is None else checks
        self.properties: dict[str, Node] = {}
        self.patterns: list[tuple[re.Pattern[str], Node]] = []
        self.additional: Node | None = None  # a schema-valued additionalProperties
        self.says_extra = False  # additionalProperties or patternProperties is present
        self.prefix: list[Node] = []
        self.items: Node | None = None  # a schema-valued items
        self.ref: Node | None = None
        self.all_of: list[Node] = []
        self.any_of: list[Node] = []
        self.one_of: list[Node] = []
        self.if_: Node | None = None
        self.then: Node | None = None
        self.else_: Node | None = None
        self.dependent: dict[str, Node] = {}
        self.dispatch: list[Dispatch] = []  # allOf branches picked by a key's value
        self.no_object = False  # its type, enum or const admits no object
        self.no_array = False  # ... and no array
        # no value valid here holds an undeclared key (None: not decided yet; see :func:`seal`)
        self.sealed = sealed

    def valid(self, x: Any) -> bool:
        for check in self.checks:  # noqa: SIM110 (a plain loop: this is the hot path)
            if not check(x):
                return False
        return True

    # -- the undeclared-key walk, as SchemaWalker does it ---------------------

    def applicable(self, x: Any, out: list[Node]) -> None:
        if not self.is_mapping:
            return
        out.append(self)
        if self.ref is not None:
            self.ref.applicable(x, out)
        for sub in self.all_of:
            sub.applicable(x, out)
        for table in self.dispatch:
            for sub in table.branches(x):
                sub.applicable(x, out)
        if self.if_ is not None:
            branch = self.then if self.if_.valid(x) else self.else_
            if branch is not None:
                branch.applicable(x, out)
        for sub in self.any_of:
            if sub.valid(x):
                sub.applicable(x, out)
        for sub in self.one_of:
            if sub.valid(x):
                sub.applicable(x, out)
                break
        if self.dependent and isinstance(x, dict):
            for name, sub in self.dependent.items():
                if name in x:
                    sub.applicable(x, out)


class Dispatch:
    """``allOf`` branches of the form ``if {K: const V} then T``, grouped by the key ``K``.

    Such an ``if`` holds for every value that is not an object (``properties`` and
    ``required`` pass those), and for an object exactly when it has ``K`` and ``x[K]``
    is the string ``V``. So an object takes the branches listed under its ``x[K]`` only:
    one dictionary look-up instead of testing every ``if`` of a long list.

    A value's branches are compiled the first time an object with that value is met: a
    short save uses a few of a game's move types, and compiling all of them would cost
    more than checking its moves.
    """

    __slots__ = ("key", "schemas", "table", "compile", "all")

    def __init__(self, key: str, compile: Callable[[Any], Node]) -> None:
        self.key = key
        self.schemas: list[tuple[str, Any]] = []  # each ``(V, T)``, in ``allOf`` order
        self.table: dict[str, list[Node]] = {}  # the compiled ``T`` of each ``V`` met so far
        self.compile = compile
        self.all: list[Node] | None = None

    def branches(self, x: Any) -> list[Node]:
        if not isinstance(x, dict):
            return self.every()
        value = x.get(self.key, _ABSENT)
        if not isinstance(value, str):
            return _NONE
        found = self.table.get(value)
        if found is None:
            found = [self.compile(then) for v, then in self.schemas if v == value]
            if not found:
                return _NONE  # no branch names this value (kept out of the table)
            self.table[value] = found
        return found

    def every(self) -> list[Node]:
        """Every ``then``, in order (all compiled now)."""
        if self.all is None:
            self.all = [self.compile(then) for _, then in self.schemas]
        return self.all

    def valid(self, x: Any) -> bool:
        for node in self.branches(x):  # noqa: SIM110 (a plain loop: this is the hot path)
            if not node.valid(x):
                return False
        return True


_ABSENT = object()
_NONE: list[Node] = []


def _dispatch_key(schema: Any) -> tuple[str, str] | None:
    """``(K, V)`` when ``schema`` is exactly ``{"if": {"properties": {K: {"const": V}},
    "required": [K]}, "then": ...}`` with a string ``V``; else ``None``."""
    if not isinstance(schema, dict) or set(schema) != {"if", "then"}:
        return None
    test = schema["if"]
    if not isinstance(test, dict) or set(test) != {"properties", "required"}:
        return None
    properties, required = test["properties"], test["required"]
    if not isinstance(properties, dict) or len(properties) != 1 or not isinstance(required, list):
        return None
    ((key, condition),) = properties.items()
    if required != [key] or not isinstance(condition, dict) or set(condition) != {"const"}:
        return None
    value = condition["const"]
    return (key, value) if isinstance(value, str) else None


def declared_everywhere(nodes: list[Node], x: Any) -> bool:
    """True when no object inside ``x`` has a key that none of its schemas declares or allows.

    ``x`` must be valid under ``nodes``: the walk trusts a sealed schema (see :func:`seal`).
    """
    if isinstance(x, dict):
        applicable: list[Node] = []
        for node in nodes:
            node.applicable(x, applicable)
        if not applicable:
            return True
        says_extra = any(n.says_extra for n in applicable)
        for key, value in x.items():
            if says_extra and not isinstance(value, (dict, list)):
                continue  # any key may appear here, and a plain value holds no keys
            children: list[Node] = []
            declared = False
            for node in applicable:
                matched = False
                sub = node.properties.get(key)
                if sub is not None:
                    children.append(sub)
                    matched = declared = True
                for pattern, psub in node.patterns:
                    if pattern.search(key):
                        children.append(psub)
                        matched = True
                if not matched and node.additional is not None:
                    children.append(node.additional)
            if not declared and not says_extra:
                return False
            # an empty value holds no key: its schemas' seals need not be decided
            if value and not _any_sealed(children) and not declared_everywhere(children, value):
                return False
        return True
    if isinstance(x, list):
        applicable = []
        for node in nodes:
            node.applicable(x, applicable)
        for i, item in enumerate(x):
            children = []
            for node in applicable:
                if i < len(node.prefix):
                    children.append(node.prefix[i])
                elif node.items is not None:
                    children.append(node.items)
            if children and item and not _any_sealed(children) and not declared_everywhere(children, item):
                return False
    return True


def _any_sealed(nodes: list[Node]) -> bool:
    for node in nodes:
        if node.sealed:
            return True
        if node.sealed is None:  # met for the first time: decide it now
            seal([node])
            if node.sealed:
                return True
    return False


def seal(nodes: Iterable[Node], compile: bool = True) -> None:
    """Decide, for each of ``nodes`` not yet decided, whether its valid values can hold no
    undeclared key (it is *sealed*), so the walk skips them.

    :func:`declared_everywhere` runs on a value already found valid, so every schema that
    applies to a part of it is one that part is valid under. A node is *sealed* when its
    type (or enum, const, or those of the schemas it always applies: ``$ref``, ``allOf``)
    admits neither objects nor arrays; or when, for an object, one of those says what
    extra keys may do (``additionalProperties``/``patternProperties``), and, for objects
    and arrays, every schema that may apply to a member, through any of its branches, is
    sealed. Adding schemas to the walk never makes it fail, so one sealed schema among a
    member's schemas proves that member. Computed as the largest set that satisfies these
    conditions (a recursive schema stays sealed; the proof is by the value's depth).

    A node's mark depends only on the nodes it reaches, so the undecided nodes among those
    are decided with it (compiling the branches they may take), and marks decided earlier
    stand. The walk asks this of a node the first time it meets it. Marks are worked out
    aside and set when final, so a mark once set is never taken back. Without ``compile``,
    nodes whose marks need a dispatch branch not compiled yet are left undecided.
    """
    members_of: dict[int, list[Node] | None] = {}  # each undecided node met -> its members
    undecided: list[Node] = []
    stack = [n for n in nodes if n.sealed is None]
    while stack:
        node = stack.pop()
        if id(node) in members_of:
            continue
        try:
            members = members_of[id(node)] = _seal_members(node, compile)
        except _Uncompiled:
            return
        undecided.append(node)
        stack.extend(m for m in members or () if m.sealed is None and id(m) not in members_of)
    marks: dict[int, bool] = {}
    needed_by: dict[int, list[Node]] = {}  # an undecided node -> the undecided nodes whose seal needs it
    unsealed: list[Node] = []  # nodes found unsealed whose dependents are still to be told
    for node in undecided:
        members = members_of[id(node)]
        sealed = members is not None
        for member in members or ():
            if id(member) in members_of:
                needed_by.setdefault(id(member), []).append(node)
            elif not member.sealed:  # a node decided earlier keeps its mark
                sealed = False
        marks[id(node)] = sealed
        if not sealed:
            unsealed.append(node)
    while unsealed:  # an unsealed member unseals every node that needs it, and so on
        member = unsealed.pop()
        for node in needed_by.get(id(member), ()):
            if marks[id(node)]:
                marks[id(node)] = False
                unsealed.append(node)
    for node in undecided:
        node.sealed = marks[id(node)]


class _Uncompiled(Exception):
    """A seal asked not to compile met a dispatch whose branches are not all compiled."""


def _reach(node: Node, conditional: bool, compile: bool = True) -> list[Node]:
    """``node`` and the schemas it applies: always (``$ref``, ``allOf``), or with
    ``conditional`` also those it may apply (dispatch, ``anyOf``, ``oneOf``, ``then``,
    ``else``, ``dependentSchemas``). Without ``compile``, a dispatch branch not compiled
    yet raises :class:`_Uncompiled`."""
    found: dict[int, Node] = {}
    stack = [node]
    while stack:
        current = stack.pop()
        if not current.is_mapping or id(current) in found:
            continue
        found[id(current)] = current
        stack.extend(current.all_of)
        if current.ref is not None:
            stack.append(current.ref)
        if conditional:
            for table in current.dispatch:
                if table.all is None and not compile:
                    raise _Uncompiled
                stack.extend(table.every())
            stack.extend(current.any_of)
            stack.extend(current.one_of)
            stack.extend(n for n in (current.then, current.else_) if n is not None)
            stack.extend(current.dependent.values())
    return list(found.values())


def _seal_members(node: Node, compile: bool = True) -> list[Node] | None:
    """The member schemas that must all be sealed for ``node`` to be, or None if it never is.

    An empty list: ``node`` admits neither objects nor arrays, so it is sealed outright.
    """
    always = _reach(node, conditional=False)
    no_object = any(n.no_object for n in always)
    no_array = any(n.no_array for n in always)
    if no_object and no_array:
        return []
    maybe = _reach(node, conditional=True, compile=compile)
    members: list[Node] = []
    if not no_object:
        if not any(n.says_extra for n in always):
            return None
        for n in maybe:
            members.extend(n.properties.values())
            members.extend(sub for _, sub in n.patterns)
            if n.additional is not None:
                members.append(n.additional)
    if not no_array:
        for n in maybe:
            members.extend(n.prefix)
            if n.items is not None:
                members.append(n.items)
    return members


class Compiler:
    """Compiles the schemas of a set of documents, each schema object once.

    A ``$ref`` is resolved against the ``$id`` of the document it sits in: to another
    document, or to a JSON pointer inside one. Anything else (an ``$id`` inside a
    document, an ``$anchor`` fragment, a document not in the set) is left to the full
    check, which the registry of :mod:`toolkit.validation` serves.
    """

    def __init__(self, documents: Documents) -> None:
        self.documents = documents
        self.nodes: dict[int, Node] = {}
        self.keep: list[Any] = []  # the schema objects whose ids key ``nodes``
        self.lock = allocate_lock()  # a node is filled by one thread, and seen only when full

    def forget(self) -> None:
        """Drop every compiled node (half-compiled nodes must not serve a later schema)."""
        self.nodes.clear()
        self.keep.clear()

    def later(self, base: str) -> Callable[[Any], Node]:
        """How a dispatch branch of the document ``base`` is compiled when first needed.

        A branch that turns out to use a keyword or reference this module does not know
        becomes a schema no value passes: every value that takes it is left to the full
        check. The nodes its attempt made are dropped, half-filled as some may be.
        """

        def compile_branch(schema: Any) -> Node:
            with self.lock:
                known = len(self.nodes)
                try:
                    return self.node(schema, base)
                except Unsupported:
                    for key in list(self.nodes)[known:]:
                        del self.nodes[key]
                    del self.keep[known:]
                    return Node(False, [lambda x: False], sealed=True)

        return compile_branch

    def root(self, uri: str) -> Node:
        return self.node(*self.lookup("", uri))

    def lookup(self, base: str, ref: str) -> tuple[Any, str]:
        """The schema ``ref`` names, seen from the document ``base``, and its document's URI."""
        uri, _, fragment = (base + ref if ref.startswith("#") else _join(base, ref)).partition("#")
        if uri not in self.documents:
            raise Unsupported(f"no schema document {uri!r}")
        schema = self.documents[uri]
        if fragment and not fragment.startswith("/"):
            raise Unsupported(f"the anchor {fragment!r}")
        for part in fragment.split("/")[1:]:
            step = _unquote(part).replace("~1", "/").replace("~0", "~")
            if isinstance(schema, dict) and step in schema:
                schema = schema[step]
            elif isinstance(schema, list) and step.isdigit() and int(step) < len(schema):
                schema = schema[int(step)]
            else:
                raise Unsupported(f"{ref!r} names no schema")
        return schema, uri

    def node(self, schema: Any, base: str) -> Node:
        if isinstance(schema, bool):
            return Node(False, [] if schema else [lambda x: False], sealed=True)
        if not isinstance(schema, dict):
            raise Unsupported(f"a schema is an object or a boolean, not {schema!r}")
        found = self.nodes.get(id(schema))
        if found is not None:
            return found
        if "$id" in schema and _join(base, schema["$id"]) != base:
            raise Unsupported("a schema with its own $id inside a document")
        node = Node(True)
        self.nodes[id(schema)] = node  # before filling: a $ref may come back here
        self.keep.append(schema)
        self._fill(node, schema, base)
        return node

    def _fill(self, node: Node, schema: Mapping[str, Any], base: str) -> None:
        unknown = set(schema) - APPLIED - ANNOTATIONS
        if unknown:
            raise Unsupported(f"keywords {sorted(unknown)}")
        sub = lambda s: self.node(s, base)  # noqa: E731
        checks = node.checks
        if "type" in schema:
            names = [schema["type"]] if isinstance(schema["type"], str) else list(schema["type"])
            if any(name not in TYPES for name in names):
                raise Unsupported(f"type {names!r}")
            node.no_object, node.no_array = "object" not in names, "array" not in names
            tests = [TYPES[name] for name in names]
            checks.append(tests[0] if len(tests) == 1 else lambda x: any(t(x) for t in tests))
        if "const" in schema:
            checks.append(_one_of_values([schema["const"]]))
            _admits(node, [schema["const"]])
        if "enum" in schema:
            checks.append(_one_of_values(list(schema["enum"])))
            _admits(node, list(schema["enum"]))
        self._objects(node, schema, sub)
        self._arrays(node, schema, sub)
        self._scalars(checks, schema)
        if "$ref" in schema:
            node.ref = self.node(*self.lookup(base, schema["$ref"]))
            checks.append(node.ref.valid)
        node.all_of = self._all_of(node, schema.get("allOf", []), sub, self.later(base))
        node.any_of = [sub(s) for s in schema.get("anyOf", [])]
        node.one_of = [sub(s) for s in schema.get("oneOf", [])]
        if node.all_of:
            checks.append(lambda x: all(n.valid(x) for n in node.all_of))
        for table in node.dispatch:
            checks.append(table.valid)
        if node.any_of:
            checks.append(lambda x: any(n.valid(x) for n in node.any_of))
        if node.one_of:
            checks.append(lambda x: sum(1 for n in node.one_of if n.valid(x)) == 1)
        if "not" in schema:
            negated = sub(schema["not"])
            checks.append(lambda x: not negated.valid(x))
        if "if" in schema:
            node.if_ = sub(schema["if"])
            node.then = sub(schema["then"]) if "then" in schema else None
            node.else_ = sub(schema["else"]) if "else" in schema else None
            checks.append(lambda x: _branch_valid(node, x))

    @staticmethod
    def _all_of(
        node: Node, branches: list[Any], sub: Callable[[Any], Node], later: Callable[[Any], Node]
    ) -> list[Node]:
        """The ``allOf`` branches kept as a list; those that dispatch on a key's value go to
        ``node.dispatch`` (see :class:`Dispatch`), to be compiled by ``later``."""
        kept: list[Node] = []
        tables: dict[str, Dispatch] = {}
        for branch in branches:
            found = _dispatch_key(branch)
            if found is None:
                kept.append(sub(branch))
                continue
            key, value = found
            table = tables.get(key)
            if table is None:
                table = tables[key] = Dispatch(key, later)
            table.schemas.append((value, branch["then"]))
        node.dispatch = list(tables.values())
        return kept

    @staticmethod
    def _objects(node: Node, schema: Mapping[str, Any], sub: Callable[[Any], Node]) -> None:
        checks = node.checks
        node.properties = {k: sub(s) for k, s in schema.get("properties", {}).items()}
        node.patterns = [(re.compile(p), sub(s)) for p, s in schema.get("patternProperties", {}).items()]
        node.says_extra = "additionalProperties" in schema or "patternProperties" in schema
        required = frozenset(schema.get("required", []))
        if required:
            checks.append(lambda x: not isinstance(x, dict) or x.keys() >= required)
        if node.properties:
            checks.append(_each_property(node.properties))
        if node.patterns:
            patterns = node.patterns
            checks.append(
                lambda x: not isinstance(x, dict)
                or all(n.valid(v) for k, v in x.items() for p, n in patterns if p.search(k))
            )
        if "additionalProperties" in schema:
            extra = sub(schema["additionalProperties"])
            if isinstance(schema["additionalProperties"], dict):
                node.additional = extra
            props, patterns = node.properties, node.patterns
            if schema["additionalProperties"] is False and not patterns:
                declared = props.keys()  # no other key may appear
                checks.append(lambda x: not isinstance(x, dict) or x.keys() <= declared)
            else:
                checks.append(
                    lambda x: not isinstance(x, dict)
                    or all(
                        extra.valid(v) for k, v in x.items()
                        if k not in props and not any(p.search(k) for p, _ in patterns)
                    )
                )
        dependent = {k: sub(s) for k, s in schema.get("dependentSchemas", {}).items()}
        node.dependent = dependent
        if dependent:
            checks.append(
                lambda x: not isinstance(x, dict) or all(n.valid(x) for k, n in dependent.items() if k in x)
            )
        if "dependentRequired" in schema:
            needs = {k: list(v) for k, v in schema["dependentRequired"].items()}
            checks.append(
                lambda x: not isinstance(x, dict)
                or all(all(d in x for d in deps) for k, deps in needs.items() if k in x)
            )
        _sizes(checks, schema, dict, "minProperties", "maxProperties")
        if "propertyNames" in schema:
            names = sub(schema["propertyNames"])
            checks.append(lambda x: not isinstance(x, dict) or all(names.valid(k) for k in x))

    @staticmethod
    def _arrays(node: Node, schema: Mapping[str, Any], sub: Callable[[Any], Node]) -> None:
        checks = node.checks
        node.prefix = [sub(s) for s in schema.get("prefixItems", [])]
        if node.prefix:
            prefix = node.prefix
            checks.append(
                lambda x: not isinstance(x, list) or all(n.valid(v) for n, v in zip(prefix, x, strict=False))
            )
        if "items" in schema:
            items = sub(schema["items"])
            if isinstance(schema["items"], dict):
                node.items = items
            start = len(node.prefix)
            checks.append(lambda x: not isinstance(x, list) or all(items.valid(v) for v in x[start:]))
        _sizes(checks, schema, list, "minItems", "maxItems")
        if schema.get("uniqueItems") is True:
            checks.append(lambda x: not isinstance(x, list) or _all_different(x))

    @staticmethod
    def _scalars(checks: list[Check], schema: Mapping[str, Any]) -> None:
        _sizes(checks, schema, str, "minLength", "maxLength")
        if "pattern" in schema:
            checks.append(_matches(schema["pattern"]))
        bounds: list[tuple[str, Callable[[Any, Any], bool]]] = [
            ("minimum", lambda x, b: x >= b),
            ("maximum", lambda x, b: x <= b),
            ("exclusiveMinimum", lambda x, b: x > b),
            ("exclusiveMaximum", lambda x, b: x < b),
        ]
        for keyword, holds in bounds:
            if keyword in schema:
                bound = schema[keyword]
                checks.append(_bounded(bound, holds))


def _admits(node: Node, values: list[Any]) -> None:
    """Note what an ``enum`` or ``const`` rules out: objects, arrays, or both."""
    node.no_object = node.no_object or not any(isinstance(v, dict) for v in values)
    node.no_array = node.no_array or not any(isinstance(v, list) for v in values)


def _one_of_values(values: list[Any]) -> Check:
    """The ``enum`` (or ``const``) test; JSON equality, by a set look-up when every value is a string."""
    if values and all(type(v) is str for v in values):
        strings = frozenset(values)
        return lambda x: type(x) is str and x in strings
    return lambda x: any(equal(x, v) for v in values)


def _each_property(properties: dict[str, Node]) -> Check:
    """The ``properties`` test: each key the schema names holds a value valid under its schema."""
    named = properties.get

    def check(x: Any) -> bool:
        if isinstance(x, dict):
            for key, value in x.items():
                node = named(key)
                if node is not None and not node.valid(value):
                    return False
        return True

    return check


def _matches(source: str) -> Check:
    """The ``pattern`` test; the expression is compiled when a string first meets it (a
    schema names patterns for fields that a short save may never hold)."""
    compiled: re.Pattern[str] | None = None

    def check(x: Any) -> bool:
        nonlocal compiled
        if not isinstance(x, str):
            return True
        if compiled is None:
            compiled = re.compile(source)
        return compiled.search(x) is not None

    return check


def _all_different(items: list[Any]) -> bool:
    return all(not equal(a, b) for i, a in enumerate(items) for b in items[i + 1 :])


def _sizes(checks: list[Check], schema: Mapping[str, Any], kind: type[Sized], low: str, high: str) -> None:
    """Length bounds that apply only to values of ``kind`` (objects, arrays or strings)."""
    if low in schema:
        least = schema[low]
        checks.append(lambda x: not isinstance(x, kind) or len(x) >= least)
    if high in schema:
        most = schema[high]
        checks.append(lambda x: not isinstance(x, kind) or len(x) <= most)


def _bounded(bound: Any, holds: Callable[[Any, Any], bool]) -> Check:
    return lambda x: not _is_number(x) or holds(x, bound)


def _branch_valid(node: Node, x: Any) -> bool:
    assert node.if_ is not None
    branch = node.then if node.if_.valid(x) else node.else_
    return branch is None or branch.valid(x)


# A check decides its root's seal (compiling every branch it may take) once it has been
# asked about more values than this; until then each value is walked from the root, which
# costs a short save less than compiling the branches its moves never take.
DECIDE_ROOT_AFTER = 64


def clean_check(documents: Documents, uri: str, compiler: Compiler | None = None) -> Check | None:
    """A predicate: does ``x`` pass the schema at ``uri`` with every key declared?

    ``documents`` holds the schema documents by their ``$id``. ``None`` when the schema
    uses a keyword or a reference this module does not implement (then every value takes
    the full check). A ``compiler`` of the same documents shares what it compiled before
    (a save's schema holds its move schema). Dispatch branches are compiled when a value
    first takes them; the values that take one this module cannot compile are left to the
    full check.
    """
    compiler = compiler or Compiler(documents)
    with compiler.lock:
        try:
            root = compiler.root(uri)
        except Unsupported:
            compiler.forget()
            return None
    seal([root], compile=False)  # decided now if that compiles no branch; else see below
    asked = 0

    def check(x: Any) -> bool:
        nonlocal asked
        if root.sealed is None:
            asked += 1
            if asked > DECIDE_ROOT_AFTER:
                seal([root])
        return root.valid(x) and (root.sealed or declared_everywhere([root], x))

    return check
