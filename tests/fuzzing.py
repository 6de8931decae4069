"""A seeded mutator of saves, and the harness that runs commands on what it makes.

Every mutated save is generated at test time from short prefixes of the published
replays: nothing here is committed but the recipe. Two families of mutation:

- *structural*, guided by the schemas: a random place in the save's JSON tree gets a
  value the schemas name (an enum member, a property name, a bound plus or minus one)
  or a hostile one (a huge integer, a lone surrogate, control characters, a long text,
  deep nesting, a 10,000-element array), or is deleted, duplicated or swapped;
- *byte-level*, on the file's bytes: flips, cuts, insertions, a BOM, ``NaN``, a
  duplicated key, invalid UTF-8, a number of thousands of digits.

:func:`run_case` runs one command in process through Click's runner and returns what
is wrong with the outcome (an empty list when nothing is).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import traceback
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.resources import data_dir

REPO = Path(__file__).resolve().parent.parent
REPLAYS = REPO / "replays"
BASES = {
    "pioneers": ("pioneers-three-player-quick-win.json", "pioneers-two-against-two.json"),
    "codex": ("codex-three-player-tobias-pulls-away.json", "codex-grand-board-oona.json"),
}
PREFIXES = (3, 10)  # moves kept from each published replay: short games replay fast
COMMANDS = ("validate", "info", "replay", "frames", "diff", "trim")
MAX_ERROR_LINE = 500
_BOUND_KEYWORDS = ("minimum", "maximum", "minItems", "maxItems", "maxLength")


def _schema_tokens() -> tuple[list[Any], list[str], list[int]]:
    """Enum members and consts, property names, and numeric bounds (each ±1) of every schema."""
    values: list[Any] = []
    names: list[str] = []
    bounds: list[int] = []
    files = sorted(data_dir("schemas").glob("*.json"))
    stack: list[Any] = [json.loads(p.read_text(encoding="utf-8")) for p in files]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "enum" and isinstance(value, list):
                    values.extend(value)
                elif key == "const":
                    values.append(value)
                elif key == "properties" and isinstance(value, dict):
                    names.extend(value)
                elif key in _BOUND_KEYWORDS and isinstance(value, int):
                    bounds.extend((value - 1, value, value + 1))
                stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return sorted(set(map(json.dumps, values))), sorted(set(names)), sorted(set(bounds))


_VALUES, _NAMES, _BOUNDS = _schema_tokens()


def _hostile(rng: random.Random) -> Any:
    """A value no honest save holds but a hostile one may."""
    choice = rng.randrange(14)
    if choice == 0:
        return "a\nforged line: \x1b[31mred\x1b[0m"
    if choice == 1:
        return "x" * rng.choice((65, 121, 501, 2001, 20000))
    if choice == 2:
        return [{"name": f"P{i}"} for i in range(rng.choice((5, 9, 9, 9, 10000)))]
    if choice == 3:
        value: Any = []
        for _ in range(rng.choice((63, 70, 200))):
            value = [value]
        return value
    if choice == 4:
        return 2**63 + rng.randrange(10)
    if choice == 5:
        return -(2**63) - 1
    if choice == 6:
        return 10**40
    if choice == 7:
        return 1.5
    if choice == 8:
        return None
    if choice == 9:
        return rng.choice((True, False))
    if choice == 10:
        return rng.choice(([], {}, ""))
    if choice == 11:
        return "\u202eevil\u2028\x85\x9b"
    if choice == 12:
        return rng.randrange(-3, 120)
    return "p" + str(rng.randrange(9))


def _places(data: Any) -> list[tuple[Any, Any]]:
    """Every ``(container, key)`` in ``data``; moves are sampled so each save costs little."""
    out: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                out.append((node, key))
                stack.append(value)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                out.append((node, i))
                stack.append(value)
    return out


def mutate_structure(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three schema-guided or hostile changes at random places of a copy of ``data``."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        places = _places(data)
        if not places:
            break
        parent, key = rng.choice(places)
        op = rng.randrange(10)
        if op >= 8:  # a value borrowed from elsewhere in the save: often still schema-valid
            value = parent[key]
            alike = [(p, k) for p, k in places if type(p[k]) is type(value) and p[k] != value]
            if alike:
                other, at = rng.choice(alike)
                parent[key] = copy.deepcopy(other[at])
        elif op == 0:
            parent[key] = json.loads(rng.choice(_VALUES))
        elif op == 1:
            parent[key] = rng.choice(_BOUNDS)
        elif op == 2:
            parent[key] = _hostile(rng)
        elif op == 3:
            del parent[key]
        elif op == 4 and isinstance(parent, dict):
            parent[rng.choice(_NAMES + ["\ud800", "k\x1b[2J"])] = _hostile(rng)
        elif op == 5 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[key]))
        elif op == 6 and isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        else:
            value = parent[key]
            if isinstance(value, int) and not isinstance(value, bool):
                parent[key] = value + rng.choice((-1, 1, 7, -100))
            elif isinstance(value, str):
                parent[key] = value + rng.choice(("", "x", "\n", "\ud800", "\x00"))
            else:
                parent[key] = _hostile(rng)
    return data


def mutate_bytes(raw: bytes, rng: random.Random) -> bytes:
    """One byte-level change of ``raw``: what a truncated upload or a hostile editor produces."""
    data = bytearray(raw)
    op = rng.randrange(10)
    at = rng.randrange(len(data) + 1)
    if op == 0:  # flip one byte
        if data:
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
    elif op == 1:  # cut the file short
        del data[at:]
    elif op == 2:  # random bytes, including invalid UTF-8
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    elif op == 3:
        data[0:0] = b"\xef\xbb\xbf"
    elif op == 4:  # a number of thousands of digits where a number was
        text = bytes(data)
        digit = text.find(b": 1", at)
        if digit < 0:
            digit = text.find(b": 1")
        if digit >= 0:
            data[digit + 2 : digit + 2] = b"9" * rng.choice((19, 400, 5000))
    elif op == 5:  # a constant JSON does not have
        colon = bytes(data).find(b": ", at)
        if colon >= 0:
            data[colon + 2 : colon + 2] = rng.choice((b"NaN, ", b"Infinity, ", b"-Infinity"))
    elif op == 6:  # the first key given twice
        brace = bytes(data).find(b"{")
        data[brace + 1 : brace + 1] = b'"seed": 1, '
    elif op == 7:  # a lone surrogate escape in a string
        quote = bytes(data).find(b'"', at)
        if quote >= 0:
            data[quote + 1 : quote + 1] = rng.choice((b"\\ud800", b"\\udfff", b"\\u001b[31m", b"\\n"))
    elif op == 8:  # duplicate a chunk
        end = min(len(data), at + rng.randint(1, 200))
        data[at:at] = data[at:end]
    else:  # delete a chunk
        del data[at : at + rng.randint(1, 50)]
    return bytes(data)


def base_saves() -> list[tuple[str, dict[str, Any]]]:
    """``(name, data)`` of a short prefix of each base replay, checkpoints kept to the prefix."""
    bases = []
    for game, files in BASES.items():
        for file in files:
            whole = json.loads((REPLAYS / file).read_text(encoding="utf-8"))
            for keep in PREFIXES:
                data = dict(whole)
                data["moves"] = whole["moves"][:keep]
                data["checkpoints"] = [c for c in whole.get("checkpoints", []) if c["move"] <= keep]
                bases.append((f"{game}-{Path(file).stem}-{keep}", data))
    return bases


def encode(data: Any) -> bytes:
    """``data`` as save text; a lone surrogate is written as its JSON escape."""
    return json.dumps(data, indent=1).encode("utf-8")


@dataclass
class Case:
    """One mutated save: where it came from and its bytes."""

    name: str
    base: bytes
    raw: bytes


def cases(count: int, seed: int) -> Iterator[Case]:
    """``count`` mutated saves, the same ones for the same ``seed``; half structural, half bytes."""
    rng = random.Random(seed)
    bases = base_saves()
    encoded = [(name, data, encode(data)) for name, data in bases]
    for i in range(count):
        name, data, base = encoded[i % len(encoded)]
        raw = mutate_bytes(base, rng) if i % 2 else encode(mutate_structure(data, rng))
        yield Case(f"{name}-{i}", base, raw)


def command_args(command: str, save: Path, base: Path, work: Path) -> list[str]:
    """The arguments that run ``command`` on ``save`` (``base``: the unmutated save, for diff)."""
    if command == "frames":
        return ["frames", str(save), "-o", str(work / "frames"), "--to", "1"]
    if command == "diff":
        return ["diff", str(base), str(save)]
    if command == "trim":
        return ["trim", str(save), "--to", "3", "-o", str(work / "trimmed.json")]
    return [command, str(save)]


def run_case(runner: CliRunner, args: list[str], files: list[Path]) -> list[str]:
    """Run one command in process; what is wrong with its outcome ([] when nothing is)."""
    before = [hashlib.sha256(p.read_bytes()).hexdigest() for p in files]
    result = runner.invoke(cli, args, catch_exceptions=True)
    wrong = []
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exc = result.exception
        trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-3:])
        wrong.append(f"traceback: {type(exc).__name__}: {trace[-600:]}")
    if result.exit_code not in (0, 1, 2):
        wrong.append(f"exit code {result.exit_code}")
    names = [str(p) for p in files]
    for line in result.stderr.splitlines():
        if result.exit_code == 2:
            break  # a usage message names the option, not the file
        if not any(name in line for name in names):
            wrong.append(f"error line does not name the file: {line[:200]!r}")
        if len(line) > MAX_ERROR_LINE:
            wrong.append(f"error line of {len(line)} characters: {line[:120]!r}")
        if any(ch < " " or "\x7f" <= ch <= "\x9f" or ch == "\x1b" for ch in line):
            wrong.append(f"raw control character in an error line: {line[:200]!r}")
    after = [hashlib.sha256(p.read_bytes()).hexdigest() for p in files]
    if before != after:
        wrong.append("an input file changed")
    return wrong


def fuzz(corpus: Iterable[Case], work: Path, commands: tuple[str, ...] = COMMANDS) -> list[str]:
    """Feed every save of ``corpus`` through ``commands``; every failure, as a line."""
    runner = CliRunner()
    failures: list[str] = []
    base_path = work / "base.json"
    for case in corpus:
        save = work / "save.json"
        save.write_bytes(case.raw)
        base_path.write_bytes(case.base)
        for command in commands:
            args = command_args(command, save, base_path, work)
            for problem in run_case(runner, args, [save, base_path]):
                failures.append(f"{case.name} {command}: {problem}")
    return failures
