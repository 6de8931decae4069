"""A position of a save, as a developer opens it: who is to move, what they hold, every move
the engine allows them there, and what the engine says of the save's own next move.

:func:`examine` replays a save to move N (by default to the last position that replays, just
before the move a bug report stops at), asks the engine for each seat to move its legal moves
(``Game.legal_moves``) and its hand (the full-information view the conditions read), and
tries the save's move N + 1 on a copy of the position: accepted, or refused with the engine's
code and reason, and whether the listing holds it. The position is this engine's: where the
save's recorded digests part from it before move N, the report says so, as ``replay`` would.
A listing may sample what is too large to list (pioneers samples trade offers), so a move it
does not hold is not thereby illegal: the trial is what decides.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from toolkit.debug.bisect import DebugError, open_save
from toolkit.debug.context import ADAPTERS
from toolkit.debug.expr import ExprEvalError, equal
from toolkit.debug.prefixes import Prefixes, compact, describe, label_of
from toolkit.games.base import Game, IllegalMove
from toolkit.saves import DAMAGED_CHECKPOINT, Problem, Save

LISTED = 40
"""The legal moves a text report lists per seat (JSON lists them all)."""


@dataclass
class Seat:
    """One seat to move: what it holds and the moves the engine lists for it."""

    seat: int
    hand: Any
    moves: list[dict[str, Any]]
    to_move: bool = True

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "toMove": self.to_move, "hand": self.hand, "legalMoves": self.moves}


@dataclass
class Examined:
    """What :func:`examine` found at one position of a save."""

    file: str
    at: int
    total: int
    summary: dict[str, Any]
    seats: list[Seat] = field(default_factory=list)
    next_move: dict[str, Any] | None = None  # the save's move after the position, tried
    stops: str = ""  # why the replay could go no further, when it stopped short of the end
    record: str = ""  # where the save's recorded digests part from this engine's, up to here
    over: bool = False  # the game is over at this position

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "at": self.at,
            "moves": self.total,
            "position": self.summary,
            "toMove": [s.as_json() for s in self.seats],
            "nextMove": self.next_move,
            "replayStops": self.stops or None,
            "recordDiffers": self.record or None,
            "over": self.over,
        }

    def lines(self) -> list[str]:
        where = f"after move {self.at}" if self.at else "at the start"
        where += f" of {self.total}" if self.at else f" (of {self.total} moves)"
        out = [f"{self.file}: the position {where}" + (f" ({self.stops})" if self.stops else "")]
        if self.record:
            out.append(f"  record: {self.record}")
        out.append("  position: " + ", ".join(f"{k} {_compact(v)}" for k, v in self.summary.items()))
        nxt = self.next_move
        if nxt is not None:
            said = "accepted" if nxt["accepted"] else f"refused: {nxt['message']} [{nxt['code']}]"
            listed = "among the legal moves listed" if nxt["listed"] else "not among the legal moves listed"
            out.append(f"  move {self.at + 1} ({nxt['label']}): {nxt['words']}: {said}; {listed}")
        for seat in self.seats:
            held = seat.hand.items() if isinstance(seat.hand, dict) else ()
            hand = ", ".join(f"{k} {v}" for k, v in held) or "unknown"
            turn = "to move" if seat.to_move else "(not to move)"
            out.append(f"  seat {seat.seat} {turn}, holding {hand}; {len(seat.moves)} legal moves:")
            for move in seat.moves[:LISTED]:
                out.append(f"    {move['words']}")
            if len(seat.moves) > LISTED:
                out.append(f"    ... and {len(seat.moves) - LISTED} more (--json lists them all)")
            if not seat.moves:
                out.append("    (none)")
        if not self.seats:
            out.append("  no seat is to move" + (": the game is over" if self.over else ""))
        return out


def _compact(value: Any) -> str:
    return value if isinstance(value, str) else compact(value)


def examine(path: str, at: int | None = None, seat: int | None = None) -> Examined:
    """The position after move ``at`` of the save at ``path`` (default: the last position that
    replays), for ``seat`` or every seat to move. Raises :class:`DebugError` (one line) for a
    save that cannot be read or replayed that far, or a seat that does not exist."""
    save, game = open_save(path)
    total = len(save.moves)
    if at is not None and at > total:
        message = f"--at {at} is beyond the end: the save has {total} moves"
        raise DebugError(Problem(path, message, "beyond_end"), usage=True)
    pref = Prefixes(save, game)
    try:
        pref.fresh()
    except Exception as exc:  # the engine refuses the config: one line
        raise DebugError(Problem(path, f"the engine cannot start this game: {exc}", "bad_config")) from None
    pref.run_through()
    failure = pref.failure
    reach = total if failure is None else failure.index - 1
    if at is not None and at > reach:
        assert failure is not None
        message = f"refused, so the save replays only to move {reach}: {failure.message}"
        raise DebugError(Problem(path, message, failure.code, move=failure.index))
    at = reach if at is None else at
    state = pref.position(at).state
    stops = ""
    if failure is not None and at == reach:
        stops = f"move {failure.index} is refused: {failure.message} [{failure.code}]"
    seats = game.to_move(state) if seat is None else [seat]
    players = len(game.summary(state).get("scores") or []) or None
    if seat is not None and players is not None and not 0 <= seat < players:
        raise DebugError(Problem(path, f"there is no seat {seat} (seats 0..{players - 1})", "bad_seat"),
                         usage=True)
    result = Examined(path, at, total, dict(game.summary(state)), stops=stops, record=_record(save, at),
                      over=game.is_over(state))
    movers = game.to_move(state)
    listed = {s: list(game.legal_moves(state, s)) for s in {*movers, *seats}}
    for s in seats:
        result.seats.append(Seat(s, _hand(game, state, s), [_entry(game, m) for m in listed[s]], s in movers))
    if at < total:
        result.next_move = _try(game, state, save, at, [listed[s] for s in movers])
    return result


def _record(save: Save, at: int) -> str:
    """Where the positions up to move ``at`` part from what the save records, as a replay says
    ("" when they match): the position shown is this engine's either way."""
    from toolkit.replay import ReplayError, run

    try:
        for _ in run(save, at):
            pass
    except ReplayError as exc:
        if exc.code in ("diverged", DAMAGED_CHECKPOINT):
            return f"{exc.where()}: {exc.message} [{exc.code}]"
    return ""


def _entry(game: Game, move: Any) -> dict[str, Any]:
    return {"move": move, "label": label_of(game, move), "words": describe(game, move)}


def _hand(game: Game, state: Any, seat: int) -> Any:
    """What ``seat`` holds, as the conditions' ``hand(seat)`` reads it (None when unknown)."""
    adapter = ADAPTERS.get(getattr(game, "id", ""))
    if adapter is None:
        return None
    try:
        return adapter.hand(adapter.full_view(game, state), seat)
    except (ExprEvalError, KeyError, TypeError, ValueError, IndexError):
        return None


def _try(game: Game, state: Any, save: Save, at: int, listed: list[list[Any]]) -> dict[str, Any]:
    """The save's move ``at + 1`` tried on a copy of ``state``: accepted or refused (code and
    reason), and whether the legal moves listed for the seats to move hold it."""
    move = save.moves[at]
    trial = copy.deepcopy(state)
    accepted, code, message = True, "", ""
    try:
        if game.is_over(trial):
            raise IllegalMove("game_over", "the game is already over")
        game.apply(trial, move)
    except IllegalMove as exc:
        accepted, code, message = False, exc.code, exc.message
    except Exception as exc:  # an engine crash is a finding too
        accepted, code, message = False, "engine_error", f"the engine crashed: {type(exc).__name__}: {exc}"
    held = any(equal(move, m) for moves in listed for m in moves)
    return {"move": move, "label": label_of(game, move), "words": describe(game, move),
            "accepted": accepted, "code": code or None, "message": message or None, "listed": held}
