"""A position of a save, as a developer opens it: who is to move, what they hold, every move
the engine allows them there, and what the engine says of the save's own next move.

:func:`examine` replays a save to move N (by default to the last position that replays, just
before the move a bug report stops at), asks the engine for each seat to move its legal moves
(``Game.legal_moves``) and its hand (the full-information view the conditions read), and
says of the save's move N + 1 what the replay found: accepted, or refused with the engine's
code and reason, and whether the listing holds it. The position is this engine's: where the
save's recorded digests part from it before move N, the report says so, as ``replay`` would.
A listing may sample what is too large to list (pioneers samples trade offers), so a move it
does not hold is not thereby illegal: the replay is what decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolkit.debug.bisect import DebugError, _start, open_save
from toolkit.debug.context import ADAPTERS
from toolkit.debug.expr import ExprEvalError, equal
from toolkit.debug.prefixes import Position, Prefixes, compact, describe, label_of
from toolkit.games.base import Game
from toolkit.recorded import DAMAGED, SAME, Recorded, damaged_message
from toolkit.replay import differs_message
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
    save that cannot be read or replayed that far, or a seat that does not exist.

    One replay does it all: it compares the positions the save records as it goes, and where
    it stops is where the save's next move is refused (the moves before were accepted)."""
    save, game = open_save(path)
    total = len(save.moves)
    if at is not None and at > total:
        message = f"--at {at} is beyond the end: the save has {total} moves"
        raise DebugError(Problem(path, message, "beyond_end"), usage=True)
    pref = Prefixes(save, game)
    _start(pref)
    record = _RecordWatch(save, game)
    pref.run_through(visit=record.visit)
    failure = pref.failure
    reach = total if failure is None else failure.index - 1
    if at is not None and at > reach:
        assert failure is not None
        message = f"refused, so the save replays only to move {reach}: {failure.message}"
        raise DebugError(Problem(path, message, failure.code, move=failure.index))
    at = reach if at is None else at
    state = pref.position(at).state
    refused = failure if failure is not None and at == reach else None
    summary = dict(game.summary(state))
    players = len(summary.get("scores") or []) or None
    if seat is not None and players is not None and not 0 <= seat < players:
        raise DebugError(Problem(path, f"there is no seat {seat} (seats 0..{players - 1})", "bad_seat"),
                         usage=True)
    movers = game.to_move(state)
    seats = movers if seat is None else [seat]
    stops = f"move {refused.index} is refused: {refused.message} [{refused.code}]" if refused else ""
    result = Examined(path, at, total, summary, stops=stops, record=record.said(at),
                      over=game.is_over(state))
    listed = {s: list(game.legal_moves(state, s)) for s in {*movers, *seats}}
    for s in seats:
        result.seats.append(Seat(s, _hand(game, state, s), [_entry(game, m) for m in listed[s]], s in movers))
    if at < total:
        move = save.moves[at]
        held = any(equal(move, m) for s in movers for m in listed[s])
        result.next_move = {**_entry(game, move), "accepted": refused is None,
                            "code": refused.code if refused else None,
                            "message": refused.message if refused else None, "listed": held}
    return result


class _RecordWatch:
    """Compares, along one replay, each position the save records with this engine's, and
    remembers the first that differs (or whose records disagree), as ``replay`` names it."""

    def __init__(self, save: Save, game: Game) -> None:
        self.save, self.game = save, game
        self.recorded = Recorded(save)
        self.matched = 0  # the last move whose position matched the record
        self.first: tuple[int, str] | None = None  # (move, its line) once one differs

    def visit(self, pos: Position) -> bool:
        """Take in the position after ``pos.k`` moves (never stops the replay)."""
        if self.first is not None or pos.k not in self.recorded.wants:
            return False
        got = self.game.digest(pos.state)
        verdict = self.recorded.verdict(pos.k, got)
        if verdict == SAME:
            self.matched = pos.k
            return False
        if verdict == DAMAGED:
            said, code = damaged_message(pos.k), DAMAGED_CHECKPOINT
        else:
            want = self.recorded.fullest(pos.k)
            assert want is not None
            said, code = differs_message(pos.k, self.matched, want.text, got), "diverged"
        label = label_of(self.game, self.save.moves[pos.k - 1])
        self.first = pos.k, f"move {pos.k} of {len(self.save.moves)} ({label}): {said} [{code}]"
        return False

    def said(self, at: int) -> str:
        """Where the positions up to move ``at`` part from the record ("" where they match)."""
        return self.first[1] if self.first is not None and self.first[0] <= at else ""


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
