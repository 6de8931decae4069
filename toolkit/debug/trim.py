"""Cut a bug-report save down to what matters.

* :func:`trim_to` keeps the first N moves (Station Master: the first N intents). Every
  other key is kept; checkpoints recorded after move N are dropped, and one after move N is
  added when the save replays that far matching its record (:func:`_close_record`).
* :func:`minimize` first finds the shortest prefix after which a condition holds
  (binary search, as ``bisect``), then removes moves from that prefix while the result
  still replays legally and still reaches the condition. The removal follows delta
  debugging (ddmin) restricted to complements: the moves are cut into chunks, and a
  chunk is dropped when the save without it still passes; chunks shrink until single
  moves have been tried. Chunks are tried from the end of the game backwards, and each
  candidate replays from a snapshot taken just before its first removed move, so
  late removals are cheap. The work is bounded by a number of replays; when the bound
  is hit the result is smaller but not necessarily minimal, and the report says so.
  A save that stops at a refused move (a bug report's illegal move) is minimized to the
  fewest moves before it after which it is still refused, with the same code, when the
  condition holds there (``--until illegal``). A minimized save's positions are new: its
  checkpoints are recorded afresh from a replay of the moves that replay.

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


def _close_record(save: Save, data: dict[str, Any], n: int) -> tuple[bool, str] | None:
    """Give ``data`` (``save`` cut after move ``n``) a checkpoint after its last move, so the
    moves past its last checkpoint stay checked: replayed here, the save matches everything it
    records up to move ``n``, and the digests since that checkpoint are written (a trail of at
    most :data:`TRAIL_MOVES` moves, as the schema bounds it). ``None`` when nothing is to be
    added (or the checkpoints are not a list to add to); else whether one was added, and what
    was done or why nothing could be."""
    from toolkit.replay import ReplayError, checkpoint, game_for, run

    points = data.get("checkpoints", [])
    if not isinstance(points, list):
        return None
    last = max((p["move"] for p in points if isinstance(p, dict) and type(p.get("move")) is int), default=0)
    if n == 0 or last >= n:
        return None
    try:
        game = game_for(save)
        digests = [game.digest(step.state) for step in run(save, n) if step.index > last]
    except ReplayError as exc:
        where = exc.where() or "the save"
        return False, f"no checkpoint added after move {n}: {where} does not replay: {exc.message}"
    data["checkpoints"] = [*points, checkpoint(n, digests[-TRAIL_MOVES:])]
    return True, f"a checkpoint added after move {n}"


TRAIL_MOVES = 1000
"""The most moves one checkpoint's trail may cover (the schema's bound on its length)."""


@dataclass
class Minimized:
    data: dict[str, Any]
    original: int  # moves in the input
    prefix: int  # moves in the shortest prefix reaching the condition
    kept: int  # moves in the result
    replays: int  # candidate replays run
    applies: int  # moves applied in all
    complete: bool  # False when the replay bound stopped the search
    refused: str = ""  # the code of the refused move kept last ("" when every move replays)

    def as_json(self) -> dict[str, Any]:
        return {
            "original": self.original,
            "prefix": self.prefix,
            "kept": self.kept,
            "replays": self.replays,
            "applies": self.applies,
            "complete": self.complete,
            "refused": self.refused or None,
        }


class _Candidates:
    """Replays subsets of a move list from snapshots of the current best subset.

    With a ``refused`` move (the move a bug report's save stops at) every candidate ends with
    it, and passes when the engine refuses it there with the same ``code``.
    """

    def __init__(
        self, save: Save, game: Game, cond: Condition, moves: Sequence[Any], budget: int,
        refused: Any = None, code: str = "",
    ) -> None:
        self.save = save
        self.game = game
        self.cond = cond
        self.moves = moves
        self.budget = budget
        self.refused = refused
        self.code = code
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
        moves = [self.moves[i] for i in keep]
        return Prefixes(self.save, self.game, moves if self.refused is None else [*moves, self.refused])

    def passes(self, keep: list[int], shared: int) -> bool:
        """Whether ``keep`` replays legally and the condition holds after its last move (with
        a refused move: ``keep`` replays legally, the refused move after it is refused with
        the same code, and the condition holds there).

        ``shared`` is how many leading moves ``keep`` has in common with the current best.
        """
        self.replays += 1
        pref = self._prefixes(keep)
        base = max((j for j in self.snaps if j <= shared), default=None)
        if base is not None:
            pref.snaps[base] = self.snaps[base]  # position() copies it before replaying on
        k = len(keep) + (self.refused is not None)
        pos = pref.position(k)
        self.applies += pref.applies
        if self.refused is None:
            return not pos.illegal and self.cond.at(pos.state, k, False)
        failure = pref.failure
        if failure is None or failure.index != k or failure.code != self.code:
            return False
        return self.cond.at(pos.state, k, True)


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
    failure = pref.failure
    if found is None and failure is not None:
        if cond.at(pref.position(failure.index - 1).state, failure.index, True):
            return _minimize_refusal(save, game, cond, pref, max_replays)
        message = (
            f"condition {text!r} holds at no position that replays, and the replay stops at this "
            f"move ({failure.message}): trim --to {failure.index - 1} cuts before it"
        )
        raise DebugError(Problem(save.path, message, "never_holds", move=failure.index))
    if found is None:
        message = f"condition {text!r} never holds, so there is nothing to minimize"
        raise DebugError(Problem(save.path, message, "never_holds"))
    work = _Candidates(save, game, cond, save.moves, max_replays)
    work.adopt(list(range(found)))
    complete = _ddmin(work)
    # the removals may let the condition hold earlier: cut at the first position where it does
    final = work.best
    sub = Prefixes(save, game, [save.moves[i] for i in final])
    shortest = first_holding(sub, cond)
    if shortest is not None:
        final = final[:shortest]
    work.applies += sub.applies + pref.applies
    moves = [copy.deepcopy(save.moves[i]) for i in final]
    return Minimized(_with_moves(save, game, moves, len(moves)), pref.total, found, len(final), work.replays,
                     work.applies, complete)


def _minimize_refusal(save: Save, game: Game, cond: Condition, pref: Prefixes, budget: int) -> Minimized:
    """The smallest save found that still stops at the move the input stops at, refused with
    the same code (a bug report's illegal move): the moves before it are cut down as
    :func:`minimize` cuts a prefix, the refused move stays last."""
    failure = pref.failure
    assert failure is not None
    refused = save.moves[failure.index - 1]
    work = _Candidates(save, game, cond, save.moves, budget, refused=refused, code=failure.code)
    work.adopt(list(range(failure.index - 1)))
    complete = _ddmin(work)
    work.applies += pref.applies
    moves = [copy.deepcopy(save.moves[i]) for i in work.best] + [copy.deepcopy(refused)]
    return Minimized(_with_moves(save, game, moves, len(moves) - 1), pref.total, failure.index, len(moves),
                     work.replays, work.applies, complete, failure.code)


def _with_moves(save: Save, game: Game, moves: list[Any], legal: int) -> dict[str, Any]:
    """The save's data with ``moves`` in place of its own, and checkpoints recorded afresh
    (the positions are new) for the first ``legal`` of them, which replay."""
    from toolkit.replay import checkpoints_for, start

    data = copy.deepcopy({k: v for k, v in save.data.items() if k not in ("moves", "checkpoints")})
    data["moves"] = moves
    state = start(save, game)
    digests = []
    for move in moves[:legal]:
        game.apply(state, move)
        digests.append(game.digest(state))
    if digests:
        data["checkpoints"] = checkpoints_for(digests)
    return data


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
        closed = _close_record(save, data, to) if save.kind != "stationmaster" else None
        added, said = closed if closed is not None else (False, None)
        report |= {"mode": "to", "kept": to, "original": len(save.moves), "checkpointAdded": added,
                   "checkpointNote": said}
        line = f"{out}: kept the first {to} of {len(save.moves)} {unit} of {path}"
        if said is not None:
            line += f" ({said})"
        return save_text(save, data), report, line
    assert expr is not None
    max_replays = max_replays or MAX_REPLAYS
    parse_condition(expr)
    save, game = open_save(path, option="--minimize")
    result = minimize(save, game, expr, max_replays)
    report |= {"mode": "minimize", "expr": expr, **result.as_json()}
    bound = "" if result.complete else f" (stopped at the bound of {max_replays} replays)"
    if result.refused:
        reach = (f"{result.kept} moves, the last refused [{result.refused}] as move {result.prefix} of the "
                 f"input's {result.original} is, with {expr!r} holding")
    else:
        reach = (f"{result.kept} moves reach {expr!r} (shortest prefix {result.prefix}, "
                 f"input {result.original})")
    line = f"{out}: {reach}; {result.replays} candidate replays, {result.applies} moves applied{bound}"
    return save_text(save, result.data), report, line
