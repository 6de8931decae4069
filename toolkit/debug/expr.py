"""A small condition language for the bug-report tools (``bisect``, ``trim --minimize``, ``replay --check``).

An expression is read by a hand-written tokenizer and a recursive-descent parser into
a tree of nodes; nothing is ever handed to Python's ``eval``. The tree is evaluated
against a *scope*: the position after some number of moves of a replay.

Values are JSON values: integers, strings, ``true``/``false``/``null``, lists and objects.

Grammar, loosest binding first::

    expr     := or
    or       := and ("or" and)*
    and      := not ("and" not)*
    not      := "not" not | compare
    compare  := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
    sum      := product (("+" | "-") product)*
    product  := unary ("*" unary)*
    unary    := "-" unary | postfix
    postfix  := primary ("." NAME | "[" expr "]")*
    primary  := INT | STRING | "true" | "false" | "null"
              | NAME | NAME "(" expr ("," expr)* ")" | "(" expr ")"

Names are looked up in the position (see :mod:`toolkit.debug.context` for what each
game offers): ``phase``, ``turn``, ``dice``, ``players``, ``board`` ... are fields of the
game's view; ``robber.hex`` and ``roll`` are aliases every game provides; ``move`` is
how many moves have been applied (0 at the start) and ``illegal`` is true once the
prefix of the save no longer replays (an illegal move, or a move after the game ended).

Functions: ``vp(seat_or_id)`` a player's true victory points, ``hand(seat_or_id)`` the
player's hand as resource counts, ``len(x)`` the length of a list, object or string,
``total(x)`` the sum of a list's or object's numbers.

Examples::

    vp(2) >= 10                     seat 2 has ten points (pioneers)
    vp("p2") >= 10                  player p2 has ten points (codex player id)
    phase == "gameOver"             the codex game has ended
    robber.hex == "0,0"             the robber sits on the centre hex (codex hex id)
    robber.hex == 9                 the bandit sits on hex 9 (pioneers hex id)
    hand(2).ore > 4                 seat 2 holds more than four ore
    players[2].score >= 8 and turn < 40     (pioneers; a codex player has victoryPoints)
    dice[0] + dice[1] == 7          (or simply: roll == 7)
    illegal                         the first move that no longer replays

Semantics, chosen so that a condition can be tested at every position of a game:

* ``==`` and ``!=`` compare JSON values: ``1 == true`` is false, ``"9" == 9`` is false.
* ``<``, ``<=``, ``>``, ``>=`` compare two numbers or two strings; when either side is
  ``null`` the comparison is false (``dice[0] > 3`` before the first roll). Any other
  mix of types is an error.
* Field access and indexing on ``null`` give ``null``; ``+ - *`` with ``null`` give
  ``null``. A missing field or an index out of range is an error, so typos are caught.
* An object indexed by an integer also finds a string key (``decisions[1]``).
* ``and``/``or`` short-circuit; the condition holds when its value is truthy.

A malformed expression raises :class:`ExprSyntaxError` with the column of the problem;
an expression that cannot be evaluated at some position raises :class:`ExprEvalError`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

MAX_LENGTH = 2000
MAX_DEPTH = 64

KEYWORDS = {"and", "or", "not", "true", "false", "null"}
COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
FUNCTIONS: dict[str, int] = {"vp": 1, "hand": 1, "len": 1, "total": 1}


class ExprError(Exception):
    """Any problem with a condition expression."""


class ExprSyntaxError(ExprError):
    """The expression text is malformed. ``column`` is 1-based."""

    def __init__(self, message: str, column: int) -> None:
        self.message = message
        self.column = column
        super().__init__(f"bad expression at column {column}: {message}")


class ExprEvalError(ExprError):
    """The expression is well formed but cannot be evaluated at some position."""


# ---------------------------------------------------------------- tokens


@dataclass(frozen=True)
class Token:
    kind: str  # "int", "str", "name", "op", "end"
    text: str
    value: Any
    column: int


_SINGLE = set("()[].,+-*<>")
_ESCAPES = {'"': '"', "'": "'", "\\": "\\", "n": "\n", "t": "\t"}


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens; raise :class:`ExprSyntaxError` on a stray character."""
    tokens: list[Token] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        col = i + 1
        if ch.isspace():
            i += 1
        elif ch.isdecimal():  # not isdigit: "²" is a digit that int() cannot read
            j = i
            while j < n and text[j].isdecimal():
                j += 1
            if j < n and (text[j].isalpha() or text[j] == "_"):
                raise ExprSyntaxError(f"a number cannot run into letters ({text[i:j + 1]!r})", col)
            tokens.append(Token("int", text[i:j], int(text[i:j]), col))
            i = j
        elif ch.isalpha() or ch == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            tokens.append(Token("name", text[i:j], text[i:j], col))
            i = j
        elif ch in "\"'":
            value, i = _read_string(text, i)
            tokens.append(Token("str", text[col - 1:i], value, col))
        elif text.startswith(("==", "!=", "<=", ">="), i):
            tokens.append(Token("op", text[i:i + 2], None, col))
            i += 2
        elif ch in _SINGLE:
            tokens.append(Token("op", ch, None, col))
            i += 1
        elif ch == "=":
            raise ExprSyntaxError("'=' is not a comparison; use '=='", col)
        elif ch == "!":
            raise ExprSyntaxError("'!' is not an operator; use 'not' or '!='", col)
        elif ch in "&|":
            raise ExprSyntaxError(f"{ch!r} is not an operator; use 'and' / 'or'", col)
        else:
            raise ExprSyntaxError(f"unexpected character {ch!r}", col)
    tokens.append(Token("end", "", None, n + 1))
    return tokens


def _read_string(text: str, start: int) -> tuple[str, int]:
    quote = text[start]
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == quote:
            return "".join(out), i + 1
        if ch == "\\":
            if i + 1 >= len(text) or text[i + 1] not in _ESCAPES:
                raise ExprSyntaxError("unknown escape in string", i + 1)
            out.append(_ESCAPES[text[i + 1]])
            i += 2
            continue
        out.append(ch)
        i += 1
    raise ExprSyntaxError("unterminated string", start + 1)


# ---------------------------------------------------------------- tree


@dataclass(frozen=True)
class Node:
    column: int


@dataclass(frozen=True)
class Literal(Node):
    value: Any


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class Field(Node):
    target: Node
    name: str


@dataclass(frozen=True)
class Index(Node):
    target: Node
    index: Node


@dataclass(frozen=True)
class Call(Node):
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Negate(Node):
    operand: Node


@dataclass(frozen=True)
class Not(Node):
    operand: Node


@dataclass(frozen=True)
class Arith(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Logic(Node):
    op: str  # "and" | "or"
    left: Node
    right: Node


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.pos = 0
        self.depth = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def at(self, kind: str, text: str | None = None) -> bool:
        tok = self.tok
        return tok.kind == kind and (text is None or tok.text == text)

    def at_keyword(self, word: str) -> bool:
        return self.at("name", word)

    def take(self) -> Token:
        tok = self.tok
        self.pos += 1
        return tok

    def expect(self, text: str, what: str) -> Token:
        if not self.at("op", text):
            raise ExprSyntaxError(f"expected {what}, found {self._found()}", self.tok.column)
        return self.take()

    def _found(self) -> str:
        tok = self.tok
        return "the end of the expression" if tok.kind == "end" else repr(tok.text)

    def parse(self) -> Node:
        if self.at("end"):
            raise ExprSyntaxError("the expression is empty", 1)
        node = self.or_()
        if not self.at("end"):
            raise ExprSyntaxError(f"unexpected {self._found()} after a complete expression", self.tok.column)
        return node

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprSyntaxError(f"nested more than {MAX_DEPTH} deep", self.tok.column)

    def or_(self) -> Node:
        node = self.and_()
        while self.at_keyword("or"):
            col = self.take().column
            node = Logic(col, "or", node, self.and_())
        return node

    def and_(self) -> Node:
        node = self.not_()
        while self.at_keyword("and"):
            col = self.take().column
            node = Logic(col, "and", node, self.not_())
        return node

    def not_(self) -> Node:
        if self.at_keyword("not"):
            col = self.take().column
            self._enter()
            node = Not(col, self.not_())
            self.depth -= 1
            return node
        return self.compare()

    def compare(self) -> Node:
        node = self.sum_()
        if self.tok.kind == "op" and self.tok.text in COMPARISONS:
            tok = self.take()
            node = Compare(tok.column, tok.text, node, self.sum_())
            if self.tok.kind == "op" and self.tok.text in COMPARISONS:
                raise ExprSyntaxError("comparisons do not chain; join them with 'and'", self.tok.column)
        return node

    def sum_(self) -> Node:
        node = self.product()
        while self.at("op", "+") or self.at("op", "-"):
            tok = self.take()
            node = Arith(tok.column, tok.text, node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.at("op", "*"):
            tok = self.take()
            node = Arith(tok.column, "*", node, self.unary())
        return node

    def unary(self) -> Node:
        if self.at("op", "-"):
            col = self.take().column
            self._enter()
            node = Negate(col, self.unary())
            self.depth -= 1
            return node
        return self.postfix()

    def postfix(self) -> Node:
        node = self.primary()
        while True:
            if self.at("op", "."):
                self.take()
                tok = self.tok
                if tok.kind == "int" and isinstance(node, Literal) and type(node.value) is int:
                    raise ExprSyntaxError(f"numbers are whole: {node.value}.{tok.text} has a decimal point",
                                          node.column)
                if tok.kind == "int":
                    raise ExprSyntaxError(f"use [{tok.text}] to index a list, not .{tok.text}", tok.column)
                if tok.kind != "name":
                    found = self._found()
                    raise ExprSyntaxError(f"expected a field name after '.', found {found}", tok.column)
                self.take()
                node = Field(tok.column, node, tok.text)
            elif self.at("op", "["):
                col = self.take().column
                self._enter()
                index = self.or_()
                self.depth -= 1
                self.expect("]", "']'")
                node = Index(col, node, index)
            else:
                return node

    def primary(self) -> Node:
        tok = self.tok
        if tok.kind in ("int", "str"):
            self.take()
            return Literal(tok.column, tok.value)
        if tok.kind == "name":
            self.take()
            word = tok.text
            if word in ("true", "false", "null"):
                return Literal(tok.column, {"true": True, "false": False, "null": None}[word])
            if word in ("and", "or", "not"):
                raise ExprSyntaxError(f"expected a value, found {word!r}", tok.column)
            if self.at("op", "("):
                return self.call(tok)
            return Name(tok.column, word)
        if tok.kind == "op" and tok.text == "(":
            self.take()
            self._enter()
            node = self.or_()
            self.depth -= 1
            self.expect(")", "')'")
            return node
        raise ExprSyntaxError(f"expected a value, found {self._found()}", tok.column)

    def call(self, name_tok: Token) -> Node:
        name = name_tok.text
        if name not in FUNCTIONS:
            known = ", ".join(sorted(FUNCTIONS))
            raise ExprSyntaxError(f"unknown function {name!r} (known: {known})", name_tok.column)
        self.take()  # "("
        args: list[Node] = []
        self._enter()
        if not self.at("op", ")"):
            args.append(self.or_())
            while self.at("op", ","):
                self.take()
                args.append(self.or_())
        self.depth -= 1
        self.expect(")", "')' or ','")
        want = FUNCTIONS[name]
        if len(args) != want:
            raise ExprSyntaxError(f"{name}() takes {want} argument, got {len(args)}", name_tok.column)
        return Call(name_tok.column, name, tuple(args))


def parse(text: str) -> Node:
    """Parse ``text`` into an expression tree (raises :class:`ExprSyntaxError`)."""
    if len(text) > MAX_LENGTH:
        raise ExprSyntaxError(f"longer than {MAX_LENGTH} characters", MAX_LENGTH + 1)
    return _Parser(text).parse()


def names_used(node: Node) -> set[str]:
    """Top-level names and function names an expression refers to."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Name):
            found.add(item.name)
        elif isinstance(item, Call):
            found.add(item.name + "()")
            stack.extend(item.args)
        elif isinstance(item, (Field, Negate, Not)):
            stack.append(item.target if isinstance(item, Field) else item.operand)
        elif isinstance(item, Index):
            stack.extend((item.target, item.index))
        elif isinstance(item, (Arith, Compare, Logic)):
            stack.extend((item.left, item.right))
    return found


# ---------------------------------------------------------------- evaluation


class Scope(Protocol):
    """The position an expression is evaluated in."""

    def lookup(self, name: str) -> Any:
        """The value of a top-level name; raise :class:`ExprEvalError` if there is none."""

    def call(self, name: str, args: Sequence[Any]) -> Any:
        """The value of a helper function (``vp``, ``hand``); ``len``/``total`` are built in."""


class DictScope:
    """A scope over a plain mapping of names and a mapping of helper functions."""

    def __init__(self, names: Mapping[str, Any], helpers: Mapping[str, Callable[..., Any]] | None = None):
        self.names = names
        self.helpers = dict(helpers or {})

    def lookup(self, name: str) -> Any:
        if name in self.names:
            return self.names[name]
        raise ExprEvalError(unknown_name(name, self.names))

    def call(self, name: str, args: Sequence[Any]) -> Any:
        helper = self.helpers.get(name)
        if helper is None:
            raise ExprEvalError(f"{name}() is not available for this game")
        return helper(*args)


def unknown_name(name: str, known: Mapping[str, Any] | Sequence[str]) -> str:
    choices = ", ".join(sorted(str(k) for k in known))
    return f"unknown name {name!r} (known here: {choices})"


def evaluate(node: Node, scope: Scope) -> Any:
    """The value of ``node`` in ``scope``."""
    if isinstance(node, Literal):
        return node.value
    if isinstance(node, Name):
        return scope.lookup(node.name)
    if isinstance(node, Field):
        return get_field(evaluate(node.target, scope), node.name)
    if isinstance(node, Index):
        return get_index(evaluate(node.target, scope), evaluate(node.index, scope))
    if isinstance(node, Call):
        args = [evaluate(arg, scope) for arg in node.args]
        if node.name == "len":
            return _len(args[0])
        if node.name == "total":
            return _total(args[0])
        return scope.call(node.name, args)
    if isinstance(node, Negate):
        value = evaluate(node.operand, scope)
        if value is None:
            return None
        return -_number(value, "-")
    if isinstance(node, Not):
        return not truthy(evaluate(node.operand, scope))
    if isinstance(node, Logic):
        left = evaluate(node.left, scope)
        if node.op == "and":
            return evaluate(node.right, scope) if truthy(left) else left
        return left if truthy(left) else evaluate(node.right, scope)
    if isinstance(node, Arith):
        return _arith(node.op, evaluate(node.left, scope), evaluate(node.right, scope))
    if isinstance(node, Compare):
        return compare(node.op, evaluate(node.left, scope), evaluate(node.right, scope))
    raise ExprEvalError(f"cannot evaluate {type(node).__name__}")


def holds(node: Node, scope: Scope) -> bool:
    """Whether the condition ``node`` is true in ``scope``."""
    return truthy(evaluate(node, scope))


def truthy(value: Any) -> bool:
    return bool(value)


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def get_field(value: Any, name: str) -> Any:
    if value is None:
        return None
    if isinstance(value, Mapping):
        if name in value:
            return value[name]
        raise ExprEvalError(f"no field {name!r} here ({_fields_like(name, value)})")
    raise ExprEvalError(f"cannot read field {name!r} of {type_name(value)}")


FIELDS_SHOWN = 8  # the fields an error lists, so that it stays one readable line


def _fields_like(name: str, value: Mapping[Any, Any]) -> str:
    """The fields an object has, for an error about one it lacks: those spelled like ``name``
    first, then the others in order, at most :data:`FIELDS_SHOWN` and how many in all."""
    keys = sorted(str(k) for k in value if isinstance(k, str))
    close = difflib.get_close_matches(name, keys, n=3, cutoff=0.7)
    if len(name) > 2:  # a longer name also finds the fields that hold it ("point": victoryPoints)
        close += [k for k in keys if name.lower() in k.lower() and k not in close][: 3 - len(close)]
    rest = [k for k in keys if k not in close]
    said = f"did you mean {', '.join(close)}? other " if close else ""
    more = f", ... ({len(keys)} in all)" if len(rest) > FIELDS_SHOWN else ""
    return f"{said}fields: {', '.join(rest[:FIELDS_SHOWN])}{more}"


def get_index(value: Any, key: Any) -> Any:
    if value is None or key is None:
        return None
    if isinstance(value, Mapping):
        if isinstance(key, bool) or not isinstance(key, (str, int)):
            raise ExprEvalError(f"an object is indexed by a string or a number, not {type_name(key)}")
        if key in value:
            return value[key]
        if isinstance(key, int) and str(key) in value:
            return value[str(key)]
        raise ExprEvalError(f"no entry {key!r} here")
    if isinstance(value, (list, tuple, str)):
        if not isinstance(key, int) or isinstance(key, bool):
            raise ExprEvalError(f"a list index must be a number, not {type_name(key)}")
        if not 0 <= key < len(value):
            raise ExprEvalError(f"index {key} is out of range (length {len(value)})")
        return value[key]
    raise ExprEvalError(f"cannot index {type_name(value)}")


def _number(value: Any, op: str) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExprEvalError(f"'{op}' needs numbers, got {type_name(value)}")
    return value


def _arith(op: str, left: Any, right: Any) -> Any:
    if left is None or right is None:
        return None
    a = _number(left, op)
    b = _number(right, op)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    return a * b


def equal(left: Any, right: Any) -> bool:
    """JSON equality: booleans are not numbers, lists and objects compare deeply."""
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left == right
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return left == right
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        return set(left) == set(right) and all(equal(left[k], right[k]) for k in left)
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        return len(left) == len(right) and all(equal(a, b) for a, b in zip(left, right, strict=True))
    if type(left) is not type(right):
        return False
    return bool(left == right)


def compare(op: str, left: Any, right: Any) -> bool:
    if op == "==":
        return equal(left, right)
    if op == "!=":
        return not equal(left, right)
    if left is None or right is None:
        return False
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (left, right))
    strings = isinstance(left, str) and isinstance(right, str)
    if not (numbers or strings):
        raise ExprEvalError(f"cannot order {type_name(left)} and {type_name(right)} with '{op}'")
    if op == "<":
        return bool(left < right)
    if op == "<=":
        return bool(left <= right)
    if op == ">":
        return bool(left > right)
    return bool(left >= right)


def _len(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, (Mapping, list, tuple, str)):
        return len(value)
    raise ExprEvalError(f"len() needs a list, object or string, got {type_name(value)}")


def _total(value: Any) -> Any:
    if value is None:
        return None
    items = list(value.values()) if isinstance(value, Mapping) else value
    if not isinstance(items, (list, tuple)):
        raise ExprEvalError(f"total() needs a list or object of numbers, got {type_name(value)}")
    return sum(_number(v, "total") for v in items if v is not None)
