"""Cut a bug-report save down to what matters.

* :func:`trim_to` keeps the first N moves (Station Master: the first N intents). Every
  other key is kept; checkpoints recorded after move N are dropped.
* :func:`minimize` first finds the shortest prefix after which a condition holds
  (binary search, as ``bisect``), then removes moves from that prefix while the result
  still replays legally and still reaches the condition. The removal follows delta
  debugging (ddmin) restricted to complements: the moves are cut into chunks, and a
  chunk is dropped when the save without it still passes; chunks shrink until single
  moves have been tried. Chunks are tried from the end of the game backwards, and each
  candidate replays from a snapshot taken just before its first removed move, so
  late removals are cheap. The work is bounded by a number of replays; when the bound
  is hit the result is smaller but not necessarily minimal, and the report says so.
  Checkpoints are dropped from a minimized save (its positions are new).

The command writes the result through :mod:`toolkit.outputs`, never to the input file.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.debug.bisect import Condition, DebugError, _start, first_holding, parse_condition
from toolkit.debug.prefixes import Prefixes
from toolkit.games.base import Game
from toolkit.saves import Problem, Save

MAX_REPLAYS = 3000


def trim_to(save: Save, n: int) -> dict[str, Any]:
    """The save's data with only its first ``n`` moves (or intents)."""
    total = len(save.moves)
    if n < 0:
        raise DebugError(Problem(save.path, f"--to must be 0 or more, not {n}", "usage"), usage=True)
    if n > total:
        unit = "intents" if save.kind == "stationmaster" else "moves"
        message = f"--to {n} is beyond the end: the save has {total} {unit}"
        raise DebugError(Problem(save.path, message, "beyond_end"), usage=True)  # as replay --to
    data = copy.deepcopy(save.data)
    key = "history" if save.kind == "stationmaster" else "moves"
    data[key] = copy.deepcopy(list(save.moves)[:n])
    if save.kind != "stationmaster" and isinstance(data.get("checkpoints"), list):
        data["checkpoints"] = [
            p for p in data["checkpoints"]
            if not (isinstance(p, dict) and isinstance(p.get("move"), int) and p["move"] > n)
        ]
    return data


@dataclass
class Minimized:
    data: dict[str, Any]
    original: int  # moves in the input
    prefix: int  # moves in the shortest prefix reaching the condition
    kept: int  # moves in the result
    replays: int  # candidate replays run
    applies: int  # moves applied in all
    complete: bool  # False when the replay bound stopped the search

    def as_json(self) -> dict[str, Any]:
        return {
            "original": self.original,
            "prefix": self.prefix,
            "kept": self.kept,
            "replays": self.replays,
            "applies": self.applies,
            "complete": self.complete,
        }


class _Candidates:
    """Replays subsets of a move list from snapshots of the current best subset."""

    def __init__(self, save: Save, game: Game, cond: Condition, moves: Sequence[Any], budget: int) -> None:
        self.save = save
        self.game = game
        self.cond = cond
        self.moves = moves
        self.budget = budget
        self.replays = 0
        self.applies = 0
        self.best: list[int] = []
        self.snaps: dict[int, Any] = {}
        self.every = 1

    def adopt(self, keep: list[int]) -> None:
        """Make ``keep`` the current best and snapshot along its replay."""
        self.best = keep
        self.every = max(1, int(len(keep) ** 0.5))
        pref = self._prefixes(keep)
        self.snaps = {}
        for pos in pref.walk(every=self.every):
            if pos.k % self.every == 0:
                clone = pref.snaps.get(pos.k)
                if clone is not None:
                    self.snaps[pos.k] = clone
        self.applies += pref.applies

    def _prefixes(self, keep: list[int]) -> Prefixes:
        return Prefixes(self.save, self.game, [self.moves[i] for i in keep])

    def passes(self, keep: list[int], shared: int) -> bool:
        """Whether ``keep`` replays legally and the condition holds after its last move.

        ``shared`` is how many leading moves ``keep`` has in common with the current best.
        """
        self.replays += 1
        pref = self._prefixes(keep)
        base = max((j for j in self.snaps if j <= shared), default=None)
        if base is not None:
            pref.snaps[base] = self.snaps[base]  # position() copies it before replaying on
        pos = pref.position(len(keep))
        self.applies += pref.applies
        if pos.illegal:
            return False
        return self.cond.at(pos.state, len(keep), False)


def minimize(save: Save, game: Game, text: str, max_replays: int = MAX_REPLAYS) -> Minimized:
    """The smallest save found that still replays and still reaches condition ``text``.

    The shortest prefix is the first position where the condition holds (a linear scan,
    since conditions such as ``hand(2).ore > 4`` can become true and false again).
    """
    node = parse_condition(text)
    cond = Condition(save, game, node, text)
    pref = Prefixes(save, game)
    _start(pref)
    found = first_holding(pref, cond)  # conditions need not stay true: scan, do not bisect
    if found is None and pref.failure is not None:
        message = (
            f"condition {text!r} holds at no position that replays; the replay stops at "
            f"move {pref.failure.index} ({pref.failure.message}): use trim --to to cut there"
        )
        raise DebugError(Problem(save.path, message, "never_holds", move=pref.failure.index))
    if found is None:
        message = f"condition {text!r} never holds, so there is nothing to minimize"
        raise DebugError(Problem(save.path, message, "never_holds"))
    work = _Candidates(save, game, cond, save.moves, max_replays)
    keep = list(range(found))
    work.adopt(keep)
    complete = _ddmin(work)
    # the removals may let the condition hold earlier: cut at the first position where it does
    final = work.best
    sub = Prefixes(save, game, [save.moves[i] for i in final])
    shortest = first_holding(sub, cond)
    if shortest is not None:
        final = final[:shortest]
    work.applies += sub.applies + pref.applies
    data = copy.deepcopy(save.data)
    data["moves"] = [copy.deepcopy(save.moves[i]) for i in final]
    data.pop("checkpoints", None)
    return Minimized(data, pref.total, found, len(final), work.replays, work.applies, complete)


def _ddmin(work: _Candidates) -> bool:
    """Remove chunks of ``work.best`` while candidates pass; False when the budget ran out."""
    chunks = 2
    while len(work.best) >= 1:
        best = work.best
        size = len(best)
        chunks = min(chunks, size)
        bounds = [size * i // chunks for i in range(chunks + 1)]
        reduced = False
        for c in reversed(range(chunks)):
            start, stop = bounds[c], bounds[c + 1]
            if start == stop:
                continue
            if work.replays >= work.budget:
                return False
            candidate = best[:start] + best[stop:]
            if work.passes(candidate, start):
                work.adopt(candidate)
                chunks = max(chunks - 1, 2)
                reduced = True
                break
        if not reduced:
            if chunks >= size:
                return True
            chunks = min(size, chunks * 2)
    return True


def save_text(save: Save, data: dict[str, Any]) -> str:
    """Canonical text for ``data`` (schema key order when the schema is known)."""
    from toolkit.canonical import dumps

    try:
        from toolkit.validation import canonical_text

        return canonical_text(Save(save.path, data, save.kind))
    except Exception:  # no schema for this game here: keep the file's own key order
        return dumps(data)


def shorten(
    path: str, out: str, to: int | None, expr: str | None, max_replays: int | None = None
) -> tuple[str, dict[str, Any], str]:
    """``trim``'s work: the shorter save's text, the report's fields and its line.

    Keeps the first ``to`` moves, or (``expr``) minimizes the save to reach ``expr``.
    Raises :class:`DebugError` (one line) when the save cannot be read or cut.
    """
    from toolkit.debug.bisect import open_save
    from toolkit.games.base import engine_ids
    from toolkit.saves import SaveError, load

    report: dict[str, Any] = {"file": path, "output": out}
    if to is not None:
        try:
            save = load(path)
        except SaveError as exc:
            raise DebugError(exc.problem) from None
        if save.kind != "stationmaster" and save.game not in engine_ids():
            from toolkit.validation import game_problem

            message = f"unknown game id {save.game!r} (known: {', '.join(engine_ids())})"
            raise DebugError(game_problem(save) or Problem(path, message, "unknown_game"))
        data = trim_to(save, to)
        unit = "intents" if save.kind == "stationmaster" else "moves"
        report |= {"mode": "to", "kept": to, "original": len(save.moves)}
        line = f"{out}: kept the first {to} of {len(save.moves)} {unit} of {path}"
        return save_text(save, data), report, line
    assert expr is not None
    max_replays = max_replays or MAX_REPLAYS
    parse_condition(expr)
    save, game = open_save(path, option="--minimize")
    result = minimize(save, game, expr, max_replays)
    report |= {"mode": "minimize", "expr": expr, **result.as_json()}
    bound = "" if result.complete else f" (stopped at the bound of {max_replays} replays)"
    line = (
        f"{out}: {result.kept} moves reach {expr!r} (shortest prefix {result.prefix}, "
        f"input {result.original}); {result.replays} candidate replays, "
        f"{result.applies} moves applied{bound}"
    )
    return save_text(save, result.data), report, line
