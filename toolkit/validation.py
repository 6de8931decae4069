"""JSON Schema validation of saves, with every error located by its JSON pointer.

Each game has one schema in ``schemas/`` (draft 2020-12); the parts every
replaykit save shares live in ``common.json`` and are reached by ``$ref``. All of
them are loaded from the files into one :class:`referencing.Registry`, so a ``$ref``
is resolved from disk and never from the network (the registry has no retriever:
an unknown URI is an error, not a download).

Clean saves are proven clean by :mod:`toolkit.schema_fast`, which reads the schema
files itself; :mod:`jsonschema` is imported only when something is wrong, to locate and
word each error, so a replay of a clean save never loads it.

A report lists *errors* (the save breaks its schema) and *warnings* (keys the
schema does not declare in an object that does not say what to do with extra keys;
Station Master adds optional intent fields over versions, so those are accepted and
reported rather than rejected).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from toolkit.records import Record
from toolkit.resources import data_path
from toolkit.saves import DAMAGED_CHECKPOINT, MANIFEST, Problem, Save, SaveError, load
from toolkit.schema_fast import Check, Compiler, clean_check
from toolkit.textsafe import EXCERPT_LIMIT, excerpt

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

    from toolkit.canonical import SchemaWalker

SCHEMA_BASE = "https://replaykit.dev/schemas/"
SCHEMA_FILES = {
    "pioneers": "pioneers-save.json",
    "codex": "codex-save.json",
    "stationmaster": "stationmaster-save.json",
    MANIFEST: "replay-manifest.json",
}
REPLAYKIT_GAMES = ("codex", "pioneers")
ITEMS = {"codex": ("moves", "#/$defs/move"), "pioneers": ("moves", "#/$defs/move"),
         "stationmaster": ("history", "#/$defs/intent")}
"""The long list of each kind of save and the schema of one of its items: a replaykit save's
moves, a Station Master save's intents. Its distinct items are checked one by one."""

_CODES = {
    "type": "wrong_type",
    "required": "missing_field",
    "dependentRequired": "missing_field",
    "additionalProperties": "unknown_field",
    "enum": "bad_value",
    "const": "bad_value",
    "minimum": "out_of_range",
    "maximum": "out_of_range",
    "exclusiveMinimum": "out_of_range",
    "exclusiveMaximum": "out_of_range",
    "minItems": "bad_size",
    "maxItems": "bad_size",
    "minLength": "bad_size",
    "maxLength": "bad_size",
    "minProperties": "bad_size",
    "maxProperties": "bad_size",
    "pattern": "bad_format",
}
_LONG_ENUM = 8
MAX_REPORTED = 50  # errors listed per file; the rest are counted in one last line


class SchemaFiles(Mapping[str, Any]):
    """The schema files of a folder as JSON objects, keyed by their ``$id``, each file read
    when first asked for (a codex replay reads its own schema and ``common.json``, not the
    other games'). A file's ``$id`` is :data:`SCHEMA_BASE` followed by its name."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
        self.read: dict[str, Any] = {}

    def __getitem__(self, uri: str) -> Any:
        contents = self.read.get(uri)
        if contents is None:
            name = uri[len(SCHEMA_BASE):] if uri.startswith(SCHEMA_BASE) else ""
            if name not in self.names:
                raise KeyError(uri)
            with open(os.path.join(self.folder, name), encoding="utf-8") as handle:
                contents = json.loads(handle.read())
            if not isinstance(contents, dict) or contents.get("$id") != uri:
                raise ValueError(f"schema file {name} does not have the $id {uri!r}")
            self.read[uri] = contents
        return contents

    def __iter__(self) -> Iterator[str]:
        return (SCHEMA_BASE + name for name in self.names)

    def __len__(self) -> int:
        return len(self.names)


@cache
def documents() -> SchemaFiles:
    """Every schema file in the ``schemas`` folder as a JSON object, keyed by its ``$id``."""
    return SchemaFiles(data_path("schemas"))


@lru_cache(maxsize=1)
def registry() -> Registry[Any]:
    """The schema :func:`documents` as a :mod:`referencing` registry, for :mod:`jsonschema`."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = [
        (uri, Resource.from_contents(contents, default_specification=DRAFT202012))
        for uri, contents in documents().items()
    ]
    return Registry().with_resources(resources).crawl()


def schema_uri(game: str) -> str:
    """The ``$id`` of ``game``'s save schema; ``KeyError`` for an unknown game."""
    return SCHEMA_BASE + SCHEMA_FILES[game]


def schema(game: str) -> Any:
    """The save schema of ``game`` as a JSON object."""
    return documents()[schema_uri(game)]


def _validator(schema: Any) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema, registry=registry())


def _walker(uri: str) -> SchemaWalker:
    from toolkit.canonical import SchemaWalker

    return SchemaWalker(registry(), uri)


@cache
def validator(game: str) -> Draft202012Validator:
    return _validator(schema(game))


@cache
def walker(game: str) -> SchemaWalker:
    return _walker(schema_uri(game))


class Report(Record):
    """The result of checking one file."""

    __slots__ = ("file", "game", "errors", "warnings")

    def __init__(
        self,
        file: str,
        game: str | None = None,
        errors: list[Problem] | None = None,
        warnings: list[Problem] | None = None,
    ) -> None:
        self.file = file
        self.game = game
        self.errors: list[Problem] = [] if errors is None else errors
        self.warnings: list[Problem] = [] if warnings is None else warnings

    @property
    def ok(self) -> bool:
        return not self.errors

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "game": self.game,
            "valid": self.ok,
            "errors": [p.as_json() for p in self.errors],
            "warnings": [p.as_json() for p in self.warnings],
        }


def game_problem(save: Save) -> Problem | None:
    """Why no schema applies to ``save`` (no ``game``, or an unknown one), else ``None``."""
    if save.kind in ("stationmaster", MANIFEST):
        return None
    if "game" not in save.data:
        return Problem(
            save.path,
            "'game' is a required property (and this is not a Station Master save either)",
            "missing_field",
        )
    game = save.data["game"]
    if not isinstance(game, str):
        return Problem(save.path, f"{excerpt(game)} is not of type 'string'", "wrong_type", pointer="/game")
    if game not in REPLAYKIT_GAMES:
        known = ", ".join(REPLAYKIT_GAMES)
        message = f"unknown game id {excerpt(game)} (known: {known})"
        return Problem(save.path, message, "unknown_game", pointer="/game")
    return None


def check(save: Save, limit: int | None = MAX_REPORTED) -> Report:
    """Validate a loaded save against its game's schema; list at most ``limit`` errors and
    warnings (then one line counting the rest; None: list them all)."""
    report = Report(save.path, save.game or None)
    missing = game_problem(save)
    if missing is not None:
        report.errors.append(missing)
        return report
    game = save.game
    list_problems = set(_length_problems(save, game, "moves"))
    too_many_points = set(_length_problems(save, game, "checkpoints"))
    # A move list longer than the schema allows is refused as it is: its moves are not read
    # one by one (millions of them would take minutes to list, for one refusal).
    moves = [] if list_problems else _distinct_moves(save, game)
    envelope_clean = moves is not None and is_clean(schema_uri(game), _envelope(save, game))
    # Dispatch branches may restate a base constraint; report each distinct problem once.
    # A move repeated many times has its problems listed at its first few places only, as no
    # more of them can be among the first ``limit`` listed; the rest are counted.
    repeats = Repeats(None if limit is None else limit + 1)
    twice = set(_listed_twice(save)) if save.kind == MANIFEST else set()
    found = set(_schema_problems(save, game, moves, envelope_clean, repeats))
    errors = sorted(found | list_problems | too_many_points | twice, key=_sort_key)
    # An object that already has an error (say, an unknown intent type) is not also
    # nagged about the fields its unknown shape carries.
    broken = {p.pointer[:i] for p in errors for i, ch in enumerate(p.pointer + "/") if ch == "/"}
    report.errors = _at_most(errors, save.path, limit, repeats.unlisted, repeats.unread)

    def sound(pointer: str) -> bool:
        return repeats.first_place(pointer) not in broken

    noted = Repeats(repeats.most)
    noted.stop = repeats.stop  # the moves whose errors were not read
    warnings = [
        Problem(
            save.path,
            f"unknown field {excerpt(key)} accepted (the schema does not declare it)",
            "unknown_field",
            pointer=f"{pointer}/{_token(key)}",
            move=_move_of(pointer),
        )
        for pointer, key in _undeclared(save, game, moves, envelope_clean, sound, noted)
    ]
    # in the errors' order: by place in the save, however the distinct moves were walked
    warnings.sort(key=_sort_key)
    report.warnings = _at_most(warnings, save.path, limit, noted.unlisted, noted.unread)
    if save.kind == MANIFEST and not report.errors:
        report.errors = _missing_listed_files(save)
    elif save.kind == "replaykit" and not report.errors:
        recorded = _checkpoints_past_the_end(save) + _damaged_checkpoints(save)
        report.errors = _at_most(recorded, save.path, limit)
    return report


def _at_most(
    problems: list[Problem], file: str, limit: int | None, unlisted: int = 0, unread: bool = False
) -> list[Problem]:
    """The first ``limit`` problems and, when there are more (``unlisted`` more besides those
    given), one line counting them (at least so many, when some items were left ``unread``)."""
    if limit is None or len(problems) + unlisted <= limit:
        return problems
    more = len(problems) + unlisted - limit
    counted = f"at least {more} more" if unread else f"{more} more"
    note = Problem(file, f"and {counted} like these, not listed", "more_errors")
    return [*problems[:limit], note]


class Repeats:
    """How many places of one repeated item have its problems made (``most``; None: all), the
    problems counted but not made, and the first place of each item at a place left out."""

    CHECK_EVERY = 256  # distinct items between two looks at whether enough are listed

    def __init__(self, most: int | None) -> None:
        self.most = most
        self.unlisted = 0
        self.unread = False  # items were left unread: ``unlisted`` is a least count
        self.stop = -1  # the first place of the first item left unread (-1: none was)
        self._first: dict[str, str] = {}  # "/moves/9000" -> "/moves/3", for places left out
        self._places: list[int] = []  # the place of each problem made, once per problem

    def made(self, indices: list[int], count: int) -> None:
        """Problems were made, ``count`` at each of ``indices``."""
        if self.most is not None:
            self._places.extend(index for index in indices for _ in range(count))

    def enough(self, start: int, read: int) -> bool:
        """Whether the items from place ``start`` on (each first met at or after it) can be left
        unread: problems enough to list already sit before it. Asked per distinct item, in
        order of first place (``read`` of them read so far), and answered every few items."""
        if self.most is None or read % self.CHECK_EVERY or len(self._places) < self.most:
            return False
        if sum(1 for place in self._places if place < start) < self.most:
            return False
        self.unread, self.stop = True, start
        return True

    def stopped(self, start: int) -> bool:
        """Whether the items from place ``start`` on are left unread as :attr:`stop` says (set
        when the walk of errors stopped: an item whose errors were not read is not walked for
        its unknown fields either)."""
        if 0 <= self.stop <= start:
            self.unread = True
            return True
        return False

    def places(self, field: str, indices: list[int], count: int) -> list[int]:
        """The places of an item with ``count`` problems whose problems are made; the others'
        are counted, and each is recorded as standing for the item's first place."""
        if self.most is None or len(indices) <= self.most:
            return indices
        left = indices[self.most:]
        self.unlisted += count * len(left)
        first = f"/{field}/{indices[0]}"
        self._first.update((f"/{field}/{index}", first) for index in left)
        return indices[:self.most]

    def first_place(self, pointer: str) -> str:
        """``pointer`` moved to its item's first place when its own place was left out (its
        item, the same there, has the same problems there)."""
        if not self._first:
            return pointer
        parts = pointer.split("/", 3)
        if len(parts) < 3:
            return pointer
        first = self._first.get(f"/{parts[1]}/{parts[2]}")
        if first is None:
            return pointer
        return first + (f"/{parts[3]}" if len(parts) > 3 else "")


def _listed_twice(manifest: Save) -> list[Problem]:
    """Every manifest entry naming a save an earlier entry names: one save, one page."""
    entries = manifest.data.get("replays") if isinstance(manifest.data, dict) else None
    first: dict[str, int] = {}
    found = []
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if not (isinstance(entry, dict) and isinstance(entry.get("file"), str)):
            continue  # the schema's errors say what is wrong with it
        name = os.path.normpath(entry["file"])
        if name in first:
            message = f"lists {excerpt(entry['file'])} again (entry {first[name]} lists it first)"
            found.append(Problem(manifest.path, message, "listed_twice", pointer=f"/replays/{i}/file"))
        else:
            first[name] = i
    return found


def _missing_listed_files(manifest: Save) -> list[Problem]:
    """Every manifest entry whose save is not beside the manifest."""
    from pathlib import Path

    folder = Path(manifest.path).parent
    return [
        Problem(manifest.path, f"lists {excerpt(entry['file'])}, which is not in {folder}", "missing_file",
                pointer=f"/replays/{i}/file")
        for i, entry in enumerate(manifest.data["replays"])
        if not (folder / entry["file"]).is_file()
    ]


def _damaged_checkpoints(save: Save) -> list[Problem]:
    """Every checkpoint whose records cannot be right (:meth:`toolkit.recorded.Recorded.damaged`):
    a trail reaching back before the first move, or records of one position that disagree (a
    digest and a trail entry, two checkpoints at one move, two trails over one move). Such a
    save was edited or damaged, and a replay would take it for a difference of the engine's."""
    from toolkit.recorded import Recorded

    return [
        Problem(save.path, f"the checkpoint after move {save.checkpoints[i]['move']} is not what replaykit "
                f"writes: {said} (edited or damaged)", DAMAGED_CHECKPOINT, pointer=f"/checkpoints/{i}")
        for i, _, said in Recorded(save).damaged()
    ]


def _checkpoints_past_the_end(save: Save) -> list[Problem]:
    """Every checkpoint after a move the save does not hold: no replay reaches it, so it could
    never be compared, and a save that names more moves than it holds has lost some (cut by
    hand, or damaged): replayed, it would pass its checkpoints unread."""
    total = len(save.moves)
    return [
        Problem(save.path, f"a checkpoint after move {point['move']}, but the save holds {total} "
                f"move{'' if total == 1 else 's'} (trim --to {total} writes a copy whose checkpoints fit)",
                "checkpoint_past_end", pointer=f"/checkpoints/{i}/move")
        for i, point in enumerate(save.checkpoints)
        if point["move"] > total
    ]


def _schema_problems(
    save: Save, game: str, moves: Distinct | None, envelope_clean: bool, repeats: Repeats
) -> Iterable[Problem]:
    """Schema errors of ``save``, checking each distinct move only once.

    A game's moves repeat a lot (passes, rolls, declined offers), and every move runs the
    dispatch on its kind or type: the envelope is checked with an empty move list, then
    each distinct move against the game's move schema, its errors placed at every index
    where that move occurs (its first few only: see :class:`Repeats`, which also stops the
    walk once the problems to list are certain). A part the quick check proves clean
    (``envelope_clean``: the save without its moves) has no errors to find.
    """
    if moves is None:
        yield from _problems(save.path, validator(game).iter_errors(save.data))
        return
    if not envelope_clean:
        yield from _problems(save.path, validator(game).iter_errors(_envelope(save, game)))
    field = ITEMS[game][0]
    for k, (move, indices) in enumerate(moves):
        if repeats.enough(indices[0], k):
            return
        errors = list(move_validator(game).iter_errors(move))
        if not errors:
            continue
        first = set(_problems(save.path, errors, (field, indices[0])))
        yield from first
        listed = repeats.places(field, indices, len(first))
        for index in listed[1:]:
            yield from _problems(save.path, errors, (field, index))
        repeats.made(listed, len(first))


@cache
def _list_bound(field: str) -> int:
    """How many items a replaykit save's ``moves`` or ``checkpoints`` may hold (the schema's bound)."""
    return int(documents()[SCHEMA_BASE + "common.json"]["$defs"][field]["maxItems"])


def _too_long(save: Save, game: str, field: str) -> bool:
    """Whether a replaykit save's list ``field`` (``moves``, ``checkpoints``) holds more than the
    schema allows: such a list is refused by its length alone, its items not read one by one."""
    items = save.data.get(field) if game in REPLAYKIT_GAMES else None
    return isinstance(items, list) and len(items) > _list_bound(field)


def _length_problems(save: Save, game: str, field: str) -> Iterable[Problem]:
    """The length of a list ``field`` longer than the schema allows, which neither the envelope
    check (run without it) nor the checks of its items can see."""
    if _too_long(save, game, field):
        bound = _validator({"type": "array", "maxItems": _list_bound(field)})
        yield from _problems(save.path, bound.iter_errors(save.data[field]), (field,))


def _undeclared(
    save: Save,
    game: str,
    moves: Distinct | None,
    envelope_clean: bool,
    sound: Callable[[str], bool],
    repeats: Repeats,
) -> Iterable[tuple[str, str]]:
    """Undeclared keys of ``save`` (see :meth:`SchemaWalker.undeclared`) under a ``sound`` object
    (one without an error), each distinct move walked once and listed at its first places
    (:class:`Repeats`)."""
    if moves is None:
        found = walker(game).undeclared(save.data)
        yield from ((pointer, key) for pointer, key in found if sound(pointer))
        return
    if not envelope_clean:
        found = walker(game).undeclared(_envelope(save, game))
        yield from ((pointer, key) for pointer, key in found if sound(pointer))
    field = ITEMS[game][0]
    for k, (move, indices) in enumerate(moves):
        if repeats.stopped(indices[0]) or repeats.enough(indices[0], k):
            return
        first = f"/{field}/{indices[0]}"
        found = [(p, key) for p, key in move_walker(game).undeclared(move) if sound(first + p)]
        if not found:
            continue
        listed = repeats.places(field, indices, len(found))
        for index in listed:
            for pointer, key in found:
                yield f"/{field}/{index}{pointer}", key
        repeats.made(listed, len(found))


def _envelope(save: Save, game: str) -> dict[str, Any]:
    """The save with its long list emptied (the list's items are checked one by one), and its
    checkpoints too when it holds more than it may (:func:`_length_problems` refuses that
    list for its length: a million bad checkpoints are not read one by one)."""
    envelope = {**save.data, ITEMS[game][0]: []}
    if _too_long(save, game, "checkpoints"):
        envelope["checkpoints"] = []
    return envelope


Distinct = list[tuple[Any, list[int]]]


def _distinct_moves(save: Save, game: str) -> Distinct | None:
    """Each distinct item of the save's long list (:data:`ITEMS`: a replaykit save's moves,
    a Station Master save's intents) that the quick check does not prove clean, with the
    indices where it occurs (None: the save has no such list to take apart).

    Moves are told apart by their JSON text with sorted keys, so ``1`` and ``1.0`` or
    ``true`` stay distinct. Identical moves are gathered first by ``repr`` (quick, and a
    JSON value's ``repr`` names it exactly); only the moves left to the full check are
    turned into JSON text. Whether a move is clean is remembered per process (see
    :func:`_clean_move`), so the moves a corpus shares are proven clean once.
    """
    if game not in ITEMS:
        return None
    moves = save.data.get(ITEMS[game][0])
    if not isinstance(moves, list) or not moves:
        return None
    same: dict[str, list[int]] = {}
    for index, move in enumerate(moves):
        indices = same.get(key := repr(move))
        if indices is None:
            indices = same[key] = []
        indices.append(index)
    where: dict[str, tuple[Any, list[int]]] = {}
    for key, indices in same.items():
        move = moves[indices[0]]
        if _clean_move(game, key, move):
            continue
        text = json.dumps(move, sort_keys=True)
        known = where.get(text)
        if known is None:
            where[text] = (move, indices)
        else:  # the same move with its keys in another order
            known[1].extend(indices)
            known[1].sort()
    return list(where.values())


_CLEAN_MOVES: dict[tuple[str, str], bool] = {}
_CLEAN_MOVES_MAX = 1 << 16


def forget_clean_moves() -> None:
    """Forget which moves were proven clean (a benchmark measures the first check of a run)."""
    _CLEAN_MOVES.clear()


def _clean_move(game: str, key: str, move: Any) -> bool:
    """Whether one distinct move (``key`` is its ``repr``) passes its schema with no warning."""
    known = _CLEAN_MOVES.get((game, key))
    if known is None:
        known = is_clean(_move_schema(game), move)
        if len(_CLEAN_MOVES) >= _CLEAN_MOVES_MAX:
            _CLEAN_MOVES.clear()
        _CLEAN_MOVES[(game, key)] = known
    return known


@cache
def _quick_check(uri: str) -> Check | None:
    """The compiled quick check of the schema at ``uri`` (see :mod:`toolkit.schema_fast`)."""
    return clean_check(documents(), uri, _compiler())


@cache
def _compiler() -> Compiler:
    return Compiler(documents())


def is_clean(uri: str, part: Any) -> bool:
    """Whether the quick check proves ``part`` clean under the schema at ``uri``."""
    check_clean = _quick_check(uri)
    return check_clean is not None and check_clean(part)


def _move_schema(game: str) -> str:
    return schema_uri(game) + ITEMS[game][1]


@cache
def move_validator(game: str) -> Draft202012Validator:
    """A validator for one item of ``game``'s long list (a move; a Station Master intent)."""
    return _validator({"$ref": _move_schema(game)})


@cache
def move_walker(game: str) -> SchemaWalker:
    return _walker(_move_schema(game))


def check_file(path: str) -> Report:
    """Load and validate one file; an unreadable file is a one-error report."""
    try:
        save = load(path)
    except SaveError as exc:
        return Report(str(path), None, [exc.problem])
    return check(save)


def canonical_text(save: Save) -> str:
    """The canonical text of a save whose game is known (see :mod:`toolkit.canonical`)."""
    return walker(save.game).text(save.data)


def _token(key: str) -> str:
    """``key`` as one JSON pointer token (the walk's module, and its imports, load only now)."""
    from toolkit.canonical import escape

    return escape(key)


def _pointer(path: Iterable[Any]) -> str:
    return "".join(f"/{_token(str(p))}" for p in path)


def _move_of(pointer: str) -> int | None:
    """The 1-based move number a pointer under ``/moves/N`` or ``/history/N`` falls in."""
    parts = pointer.split("/")
    if len(parts) > 2 and parts[1] in ("moves", "history") and parts[2].isdecimal():
        return int(parts[2]) + 1
    return None


def _problems(
    file: str, errors: Iterable[ValidationError], prefix: tuple[Any, ...] = ()
) -> Iterable[Problem]:
    """One :class:`Problem` per schema error; ``prefix`` is where the validated part sits."""
    for error in errors:
        path = (*prefix, *error.absolute_path)
        pointer = _pointer(path)
        keyword = error.validator
        if keyword == "additionalProperties" and isinstance(error.instance, dict):
            declared = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
            for key in error.instance:
                if key not in declared:
                    where = f"{pointer}/{_token(key)}"
                    message = f"unexpected field {excerpt(key)}"
                    yield Problem(file, message, "unknown_field", where, _move_of(where))
            continue
        if keyword is None or (keyword == "not" and error.validator_value == {}):
            # a `false` or `{"not": {}}` schema: this field may not appear here
            name = str(path[-1]) if path else "this value"
            message = f"field {excerpt(name)} is not allowed here"
            yield Problem(file, message, "unknown_field", pointer, _move_of(pointer))
            continue
        message = _message(error)
        allowed = error.validator_value
        if keyword == "enum" and isinstance(allowed, list) and len(allowed) > _LONG_ENUM:
            message = f"{excerpt(error.instance)} is not one of the {len(allowed)} allowed values"
        code = _CODES.get(str(keyword), "schema")
        yield Problem(file, message, code, pointer, _move_of(pointer))


def _message(error: ValidationError) -> str:
    """The validator's message with the offending value shown as a short excerpt.

    jsonschema starts most messages with the whole instance (``[{...}, ...] is too long``);
    a 10,000-player array must not become a 189,000-character line.
    """
    if error.validator == "pattern" and "\\u0000" in str(error.validator_value):
        return f"{excerpt(error.instance)} holds a control character (player text is one line, or plain text)"
    message = error.message
    if len(message) <= 2 * EXCERPT_LIMIT:
        return message
    whole = repr(error.instance)
    if message.startswith(whole):
        return excerpt(error.instance) + message[len(whole):]
    return message


def _sort_key(problem: Problem) -> tuple[Any, ...]:
    # isdecimal, not isdigit: a key such as "²" is a digit that int() cannot read
    parts = [(0, int(p), "") if p.isdecimal() else (1, 0, p) for p in problem.pointer.split("/")[1:]]
    return (parts, problem.message)
