"""Compare two saves: same game and rules, how long they agree, where they part.

For two replaykit saves: whether game, rules version, seed and config match (and where
the configs differ); the length of the common prefix of moves; the first move where each
side differs, in words; the first move whose recorded digests (checkpoints and trails)
disagree; and, when an engine replays the game, the first position where the two replays
differ, by digest (a changed seed shows at position 0 even when every move is the same).

Station Master saves have no engine: their intents are compared one by one and
described as ``intent 12: card.play c197``; ``seed`` and ``rules`` are compared as
the "game and rules". Comparing a Station Master save with a replaykit save reports
that the formats differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolkit.debug.expr import equal
from toolkit.debug.prefixes import NoEngine, Prefixes, compact, describe, engine_for, load_engine
from toolkit.recorded import Recorded, same_position
from toolkit.replay import ReplayError
from toolkit.saves import Save
from toolkit.textsafe import excerpt


def describe_intent(intent: Any) -> str:
    """A Station Master intent in a few words: its type and its fields' values.

    Ids (``cardId``, ``trayId``, ``option``) are written bare, coordinates as
    ``row,col``, other fields as ``name value``: ``card.play c197 placement 0,-1 variant 1``.
    """
    if not isinstance(intent, dict):
        return compact(intent)
    words = [str(intent.get("type", "?"))]
    for key, value in intent.items():
        if key == "type":
            continue
        text = _value_words(value)
        if key in ("cardId", "trayId", "option"):
            words.append(text)
        else:
            words.append(f"{key} {text}")
    return " ".join(words)


def _value_words(value: Any) -> str:
    if isinstance(value, dict) and set(value) == {"row", "col"}:
        return f"{value['row']},{value['col']}"
    if isinstance(value, str):
        return value
    return compact(value)


@dataclass
class Side:
    """One save's part of a comparison."""

    file: str
    kind: str
    game: str
    rules: Any
    moves: int
    first: str | None = None  # the first differing move in words
    digest: str | None = None  # its digest at the first differing position
    stops: str | None = None  # why its replay stopped early

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "kind": self.kind,
            "game": self.game,
            "rules": self.rules,
            "moves": self.moves,
            "firstDifferent": self.first,
            "digest": self.digest,
            "replayStops": self.stops,
        }


@dataclass
class Diff:
    a: Side
    b: Side
    same_game: bool
    same_rules: bool
    same_seed: bool
    same_config: bool
    common: int
    unit: str  # "move" | "intent"
    seeds: tuple[Any, Any] = (None, None)
    positions: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    config_changes: list[str] = field(default_factory=list)  # where the configs differ, a few
    records: dict[str, Any] = field(default_factory=dict)  # how the recorded digests compare

    @property
    def identical(self) -> bool:
        return (
            self.same_game and self.same_rules and self.same_seed and self.same_config
            and self.common == self.a.moves == self.b.moves
            and self.records.get("firstDifferent") is None
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "a": self.a.as_json(),
            "b": self.b.as_json(),
            "sameGame": self.same_game,
            "sameRules": self.same_rules,
            "sameSeed": self.same_seed,
            "sameConfig": self.same_config,
            "commonPrefix": self.common,
            "unit": self.unit,
            "firstDifferent": None if self.common == self.a.moves == self.b.moves else self.common + 1,
            "identical": self.identical,
            "positions": self.positions or None,
            "configChanges": self.config_changes,
            "records": self.records or None,
            "notes": self.notes,
        }

    def lines(self) -> list[str]:
        a, b = self.a, self.b
        out = [f"{name}: {s.file} ({s.game}, {s.moves} {_unit(s)}s)" for name, s in (("a", a), ("b", b))]
        if not self.same_game:
            out.append(f"games differ: {a.game} vs {b.game}")
        rules = "same rules" if self.same_rules else f"rules differ: {compact(a.rules)} vs {compact(b.rules)}"
        seed = "same seed"
        if not self.same_seed:
            seed = f"seeds differ: {compact(self.seeds[0])} vs {compact(self.seeds[1])}"
        parts = [rules, seed]
        if "replaykit" in (a.kind, b.kind):
            changes = f" ({'; '.join(self.config_changes)})" if self.config_changes else ""
            parts.append("same config" if self.same_config else f"configs differ{changes}")
        out.append("; ".join(parts))
        if self.common == a.moves == b.moves:
            out.append(f"all {self.common} {self.unit}s are the same")
        else:
            out.append(f"common prefix: {self.common} {self.unit}s")
            n = self.common + 1
            for name, side in (("a", a), ("b", b)):
                words = side.first if side.first is not None else f"(no {self.unit} {n}: the save ends here)"
                out.append(f"  {name}: {words}")
        if self.positions:
            out.append(f"positions: {self.positions['message']}")
        if self.records:
            out.append(f"records: {self.records['message']}")
        out.extend(self.notes)
        return out


def _unit(side: Side) -> str:
    return "intent" if side.kind == "stationmaster" else "move"


def _first_words(save: Save, move: Any, index: int) -> str:
    """``intent 12: card.play c197`` or ``move 12: seat 2 builds a road on edge 15``."""
    if save.kind == "stationmaster":
        return f"intent {index}: {describe_intent(move)}"
    game = load_engine(save.game)
    words = describe(game, move) if game is not None else compact(move)
    return f"move {index}: {words}"


def _rules(save: Save) -> Any:
    if save.kind == "stationmaster":
        return save.data.get("rules")
    return save.data.get("rulesVersion")


def diff(a: Save, b: Save, engines: bool = True) -> Diff:
    """Compare ``a`` with ``b``; replay both when they are the same game and an engine exists."""
    unit = "intent" if a.kind == b.kind == "stationmaster" else "move"
    moves_a, moves_b = a.moves, b.moves
    common = 0
    for x, y in zip(moves_a, moves_b, strict=False):
        if not equal(x, y):
            break
        common += 1
    side_a = Side(a.path, a.kind, a.game, _rules(a), len(moves_a))
    side_b = Side(b.path, b.kind, b.game, _rules(b), len(moves_b))
    result = Diff(
        side_a, side_b,
        same_game=a.game == b.game and a.kind == b.kind,
        same_rules=equal(_rules(a), _rules(b)),
        same_seed=equal(a.seed, b.seed),
        same_config=equal(a.config, b.config),
        common=common,
        unit=unit,
        seeds=(a.seed, b.seed),
    )
    if not result.same_config:
        result.config_changes = _changes(a.config, b.config)
    if a.kind == b.kind == "replaykit":
        result.records = _records(a, b)
    if a.kind != b.kind:
        result.notes.append(f"formats differ: {a.kind} vs {b.kind}; only the records are compared")
    game = None
    if engines and result.same_game and a.kind == "replaykit":
        try:
            game = engine_for(a)
            engine_for(b)
        except NoEngine as exc:
            result.notes.append(f"positions not compared: {exc.message}")
            game = None
    for side, save, moves in ((side_a, a, moves_a), (side_b, b, moves_b)):
        if common < len(moves):
            side.first = _first_words(save, moves[common], common + 1)
    if game is not None:
        result.positions = _positions(a, b, game, side_a, side_b)
    elif a.kind == b.kind == "stationmaster":
        result.notes.append("positions not compared: stationmaster saves cannot be replayed (no engine)")
    return result


CHANGES_SHOWN = 3  # the config differences a comparison names


def _changes(a: Any, b: Any, where: str = "") -> list[str]:
    """Where two JSON values differ, as ``path: a vs b``, the first :data:`CHANGES_SHOWN` in
    document order (``players[1].name: "Ines" vs "Jonas"``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        found: list[str] = []
        for key in [*a, *(k for k in b if k not in a)]:
            path = f"{where}.{key}" if where else str(key)
            if key not in a or key not in b:
                side = "b" if key not in a else "a"
                found.append(f"{path} only in {side}")
            else:
                found += _changes(a[key], b[key], path)
            if len(found) >= CHANGES_SHOWN:
                break
        return found[:CHANGES_SHOWN]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        found = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found += _changes(x, y, f"{where}[{i}]")
            if len(found) >= CHANGES_SHOWN:
                break
        return found[:CHANGES_SHOWN]
    if equal(a, b):
        return []
    return [f"{where or 'config'}: {excerpt(a)} vs {excerpt(b)}"]


def _records(a: Save, b: Save) -> dict[str, Any]:
    """How the digests the two saves record (checkpoints and trails) compare on the moves both
    record: the first move where they disagree, or how many they agree on."""
    recorded_a, recorded_b = Recorded(a), Recorded(b)
    both = sorted(set(recorded_a.wants) & set(recorded_b.wants))
    for move in both:
        x, y = recorded_a.fullest(move), recorded_b.fullest(move)
        assert x is not None and y is not None
        if not same_position(x, y):
            said = f"a {x.text[:12]}, b {y.text[:12]}"
            message = f"the recorded digests first differ after move {move} ({said})"
            return {"firstDifferent": move, "message": message}
    if not both:
        return {"firstDifferent": None, "message": "no move whose position both saves record"}
    count = f"the {len(both)} positions" if len(both) > 1 else "the 1 position"
    return {"firstDifferent": None, "message": f"the recorded digests agree on {count} both record"}


def _positions(a: Save, b: Save, game: Any, side_a: Side, side_b: Side) -> dict[str, Any]:
    """Replay both saves in step and name the first position whose digests differ."""
    try:
        return _lockstep(a, b, game, side_a, side_b)
    except Exception as exc:  # a digest that crashes is an engine bug: say so, keep the record comparison
        message = f"the engine failed: {type(exc).__name__}: {exc}"
        return {"compared": False, "firstDifferent": None, "message": message}


def _lockstep(a: Save, b: Save, game: Any, side_a: Side, side_b: Side) -> dict[str, Any]:
    pa, pb = Prefixes(a, game), Prefixes(b, game)
    try:
        state_a = pa.fresh()
    except ReplayError as exc:
        side_a.stops = exc.line()
        return {"compared": False, "firstDifferent": None, "message": f"a does not start: {exc.message}"}
    try:
        state_b = pb.fresh()
    except ReplayError as exc:
        side_b.stops = exc.line()
        return {"compared": False, "firstDifferent": None, "message": f"b does not start: {exc.message}"}
    k = 0
    limit = min(pa.total, pb.total)
    while True:
        da, db = game.digest(state_a), game.digest(state_b)
        if da != db:
            side_a.digest, side_b.digest = da, db
            where = "at the start" if k == 0 else f"after move {k}"
            return {
                "compared": True,
                "firstDifferent": k,
                "digests": {"a": da, "b": db},
                "message": f"first differ {where} (digest {da[:12]} vs {db[:12]})",
            }
        if k >= limit:
            break
        ok_a = pa.apply_one(state_a, k)
        ok_b = pb.apply_one(state_b, k)
        if not (ok_a and ok_b):
            for side, pref, ok in ((side_a, pa, ok_a), (side_b, pb, ok_b)):
                if not ok and pref.failure is not None:
                    side.stops = pref.failure.line(side.file)
            stopped = ", ".join(s.stops or "" for s in (side_a, side_b) if s.stops)
            return {
                "compared": True,
                "firstDifferent": None,
                "sameThrough": k,
                "message": f"identical through move {k}; the replay stops at move {k + 1}: {stopped}",
            }
        k += 1
    if pa.total == pb.total:
        message = f"identical at every position ({k + 1} positions, final digest {game.digest(state_a)[:12]})"
    else:
        longer = "a" if pa.total > pb.total else "b"
        message = f"identical through move {k}, where the shorter save ends; {longer} continues"
    return {"compared": True, "firstDifferent": None, "sameThrough": k, "message": message}
