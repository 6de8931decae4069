"""Our legal moves for a captured codex state, set against the real engine's candidates.

A captured file is a bot request (``{playerId, state, validActions, ...}``) or a bare wire
state; the caller reads it. :func:`examine` loads the state with ``from_wire``, lists our
legal moves for a seat and, when the file carries the real engine's ``validActions`` for that
seat, tries each of them on our engine: accepted, or refused with our code and sentence. Our
moves that the real engine did not list are reported too, so a developer sees both
directions of a disagreement.

A real candidate is a flat object (``{type, id, ...payload}``); it becomes our move
``{playerId, type, payload}`` with the request's ``playerId`` and every other key as the
payload. Two moves match when their type and payload are equal as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit.games.base import IllegalMove, seat_number
from toolkit.games.codex import dice, engine, resume, robber, views
from toolkit.games.codex.state import State

Move = dict[str, Any]
ENVELOPE_KEYS = ("type", "id")


class WireError(Exception):
    """A file that holds no codex state our engine can load (``usage``: a seat it lacks)."""

    def __init__(self, message: str, code: str, usage: bool = False) -> None:
        super().__init__(f"{message} [{code}]")
        self.message = message
        self.code = code
        self.usage = usage


@dataclass
class Verdict:
    """One real candidate on our engine: ``code`` and ``message`` are empty when accepted."""

    id: str | None
    move: Move
    code: str = ""
    message: str = ""

    @property
    def accepted(self) -> bool:
        return not self.code

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "move": self.move, "accepted": self.accepted}
        if not self.accepted:
            out.update(code=self.code, message=self.message)
        return out


@dataclass
class Examination:
    """Our moves for one seat of a captured state, and how the real candidates fared."""

    file: str
    player_id: str
    to_move: bool
    moves: list[Move]
    blocked: IllegalMove | None = None
    verdicts: list[Verdict] | None = None
    ours_only: list[Move] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.file,
            "playerId": self.player_id,
            "toMove": self.to_move,
            "moves": self.moves,
            "blocked": None if self.blocked is None else {"code": self.blocked.code,
                                                          "message": self.blocked.message},
        }
        if self.verdicts is not None:
            out["comparison"] = {
                "candidates": len(self.verdicts),
                "accepted": sum(1 for v in self.verdicts if v.accepted),
                "refused": sum(1 for v in self.verdicts if not v.accepted),
                "verdicts": [v.as_json() for v in self.verdicts],
                "oursOnly": self.ours_only,
            }
        return out

    def lines(self) -> list[str]:
        turn = "to move" if self.to_move else "not to move"
        out = [f"{shown(self.file)}: {shown(self.player_id)} ({turn}): {len(self.moves)} legal move(s) "
               "by our engine"]
        out += [f"  {describe(m)}" for m in self.moves]
        if self.blocked is not None:
            out.append(f"  none can be played: {shown(self.blocked.message, 200)} [{self.blocked.code}]")
        if self.verdicts is not None:
            refused = [v for v in self.verdicts if not v.accepted]
            out.append(f"real engine's candidates: {len(self.verdicts)}, we accept "
                       f"{len(self.verdicts) - len(refused)}, refuse {len(refused)}")
            out += [f"  refused {shown(v.id or '-')}: {describe(v.move)}: {shown(v.message, 200)} [{v.code}]"
                    for v in refused]
            out.append(f"ours the real engine did not list: {len(self.ours_only)}")
            out += [f"  {describe(m)}" for m in self.ours_only]
        return out


SHOWN_CHARS = 80


def shown(text: Any, most: int = SHOWN_CHARS) -> str:
    """``text`` safe for one output line: printable as it is, else JSON-escaped; cut when long."""
    value = text if isinstance(text, str) and text.isprintable() else json.dumps(text)
    return value if len(value) <= most else value[: most - 3] + "..."


def describe(move: Move) -> str:
    """A move on one line: its type, then each payload key with its JSON value."""
    payload = move.get("payload") or {}
    detail = " ".join(f"{shown(k)}={shown(json.dumps(v, separators=(',', ':')))}"
                      for k, v in sorted(payload.items(), key=lambda kv: str(kv[0])))
    return shown(move.get("type")) + (f" {detail}" if detail else "")


def _key(move: Move) -> str:
    return json.dumps([move.get("type"), move.get("payload") or {}], sort_keys=True)


def load_capture(data: Any) -> State:
    """The state in a captured file's JSON (a request's ``state``, or the object itself),
    loaded by ``from_wire``; :class:`WireError` when it is not one our engine can load."""
    wire = data.get("state") if isinstance(data, Mapping) and isinstance(data.get("state"), Mapping) else data
    if not isinstance(wire, Mapping) or not isinstance(wire.get("board"), Mapping) \
            or not isinstance(wire.get("players"), Mapping):
        raise WireError("not a codex wire state: no board and players objects", "not_a_state")
    try:
        return views.from_wire(dict(wire))
    except LOAD_ERRORS as exc:
        raise _unloadable(exc) from None


#: What a malformed field makes loading (or listing moves of) a wire state raise.
LOAD_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def _unloadable(exc: Exception) -> WireError:
    reason = f"missing or malformed field {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
    return WireError(f"not a codex wire state our engine can load: {reason}"[:300], "not_a_state")


def seat_named(state: State, name: str) -> int:
    """The seat of player id ``name``, or of seat number ``name``."""
    seat = state.seat_of_id(name)
    if seat is None:
        seat = seat_number(name, len(state.players))
    if seat is None:
        ids = ", ".join(p.id for p in state.players)
        raise WireError(f"--seat {name!r} is neither a player id ({ids}) nor a seat number", "unknown_seat",
                        usage=True)
    return seat


def blocked(state: State, seat: int) -> IllegalMove | None:
    """Why a seat owing a move has none listed: the loaded decision's gap, the hidden hands of
    every player it could rob, or the refused roll."""
    refusal: IllegalMove | None = None
    try:
        if state.pending is None:
            if state.phase == "roll" and seat == state.current:
                dice.check_roll(state, seat)
        elif state.pending_ctx.get("gap") is not None:
            resume.check_gap(state, "", {})
        elif state.pending["type"] == "chooseStealTarget":
            for target in state.pending["payload"]["eligiblePlayerIds"]:
                robber.check_steal_target(state, seat, {"targetPlayerId": target})
    except IllegalMove as exc:
        refusal = exc
    return refusal


def as_move(player_id: str, action: Mapping[str, Any]) -> tuple[str | None, Move]:
    """A real candidate as our move, with its ``id`` (``None`` when it has none)."""
    ident = action.get("id")
    payload = {k: v for k, v in action.items() if k not in ENVELOPE_KEYS}
    return (ident if isinstance(ident, str) else None), {
        "playerId": player_id, "type": action.get("type"), "payload": payload,
    }


def judge(state: State, move: Move) -> tuple[str, str]:
    """Our verdict on ``move``: ``("", "")`` when our engine applies it, else code and message.
    A move refused before its handler runs is refused on ``state`` itself (those checks change
    nothing); any other is tried on a copy."""
    try:
        engine.admit(state, move)
        engine.apply(state.copy(), move)
    except IllegalMove as exc:
        return exc.code, exc.message
    except Exception as exc:  # a diagnostic tool reports a crash of our engine as a disagreement
        return "engine_error", f"our engine failed on this move: {type(exc).__name__}: {exc}"[:300]
    return "", ""


def examine(data: Any, name: str, seat_name: str | None = None) -> Examination:
    """List our moves for a seat of the captured JSON ``data`` (read from file ``name``) and
    compare the real candidates.

    The seat defaults to the request's ``playerId``, else the first seat to move; the real
    candidates are compared only for the seat they were offered to.
    """
    state = load_capture(data)
    if not isinstance(data, Mapping):
        data = {}
    requester = data.get("playerId") if isinstance(data.get("playerId"), str) else None
    if seat_name is not None:
        seat = seat_named(state, seat_name)
    elif requester is not None and state.seat_of_id(requester) is not None:
        seat = state.seat_of_id(requester) or 0
    else:
        seat = (engine.to_move(state) or [state.current])[0]
    player_id = state.players[seat].id
    try:
        moves = engine.legal_moves(state, seat)
        to_move = seat in engine.to_move(state)
    except LOAD_ERRORS as exc:
        raise _unloadable(exc) from None
    why = blocked(state, seat) if to_move and not moves else None
    out = Examination(name, player_id, to_move, moves, why)
    real = data.get("validActions")
    if isinstance(real, list) and player_id == requester:
        out.verdicts = []
        judged: dict[str, tuple[str, str]] = {}  # a candidate offered twice is tried once
        for action in real:
            if not isinstance(action, Mapping):
                continue
            ident, move = as_move(player_id, action)
            key = _key(move)
            if key not in judged:
                judged[key] = judge(state, move)
            code, message = judged[key]
            out.verdicts.append(Verdict(ident, move, code, message))
        theirs = {_key(v.move) for v in out.verdicts}
        out.ours_only = [m for m in moves if _key(m) not in theirs]
    return out
