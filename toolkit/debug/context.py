"""What a condition expression can see at one position of a replay, per game.

The bug-report tools run on the developer's machine, not at the table, so they may see
everything: names are read from a *full-information view*. It is the spectator view
(``game.view(state, None)``) in which every player's entry is replaced by the entry
that player sees about themselves (``game.view(state, seat)``), so hands, development
or progress cards and hidden points are all visible. Only the engine's public ``view``
is used, never its internals.

Names every game offers:

* ``move`` — how many moves have been applied (0 at the start);
* ``illegal`` — true once the prefix no longer replays (the position is then the one
  before the failing move);
* ``robber.hex`` — the hex the robber (pioneers: the bandit) stands on;
* ``roll`` — the total of this turn's dice, or ``null`` before the roll;
* every top-level field of the full view.

``pioneers`` (view fields: ``turn``, ``phase``, ``currentSeat``, ``dice``, ``board``,
``players`` — a list by seat, ``awards``, ``offer``, ``winner`` ...): ``robber.hex`` is
``board.bandit`` (an integer hex id); ``vp(seat)`` is the seat's true score including
hidden victory-point cards; ``hand(seat)`` its resource counts. A seat may also be
named by its player name: ``vp("Ada")``.

``codex`` (the wire field names: ``phase``, ``turnNumber``, ``currentPlayerId``,
``players`` — an object by player id, ``board.hexes``, ``dice`` ...): ``turn`` is
``turnNumber``, ``robber.hex`` is the id (``"q,r"``) of the hex whose
``robberPresent`` is true, ``roll`` is ``dice.sum``; ``players[0]`` finds a player by
seat index as well as ``players["p-red"]`` by id; ``vp(id_or_seat)`` reads
``victoryPoints``; ``hand(id_or_seat)`` is the player's resources and commodities.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toolkit.debug.expr import ExprEvalError, unknown_name
from toolkit.games.base import Game


class ViewFailed(Exception):
    """The engine's ``view`` raised: an engine bug, not a problem with the expression."""


class SeatKeyed(dict[Any, Any]):
    """An object of players by id that also answers to an integer seat index."""

    def __missing__(self, key: Any) -> Any:
        if isinstance(key, int) and not isinstance(key, bool):
            for entry in self.values():
                if isinstance(entry, dict) and entry.get("seatIndex") == key:
                    return entry
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        if dict.__contains__(self, key):
            return True
        if isinstance(key, int) and not isinstance(key, bool):
            return any(isinstance(e, dict) and e.get("seatIndex") == key for e in self.values())
        return False


def _view(game: Game, state: Any, seat: int | None) -> dict[str, Any]:
    try:
        view = game.view(state, seat)
    except Exception as exc:  # an engine bug must be reported, not mistaken for a bad expression
        raise ViewFailed(f"the engine's view for seat {seat} failed: {type(exc).__name__}: {exc}") from exc
    return dict(view)


class Adapter:
    """Game-specific parts of a position scope; the base class serves any game."""

    def full_view(self, game: Game, state: Any) -> dict[str, Any]:
        return _view(game, state, None)

    def aliases(self, view: dict[str, Any]) -> dict[str, Any]:
        return {}

    def vp(self, view: dict[str, Any], who: Any) -> Any:
        raise ExprEvalError("vp() is not available for this game")

    def hand(self, view: dict[str, Any], who: Any) -> Any:
        raise ExprEvalError("hand() is not available for this game")


class PioneersAdapter(Adapter):
    def full_view(self, game: Game, state: Any) -> dict[str, Any]:
        view = _view(game, state, None)
        players = [dict(p) for p in view.get("players") or []]
        scores: dict[int, Any] = {}
        for i, entry in enumerate(players):
            seat = entry.get("seat", i)
            own = _view(game, state, seat)
            own_players = own.get("players") or []
            if isinstance(seat, int) and 0 <= seat < len(own_players):
                players[i] = dict(own_players[seat])
            scores[seat] = own.get("myScore")
        view["players"] = players
        final = view.get("finalScores")
        for seat in scores:
            if isinstance(final, list) and 0 <= seat < len(final) and final[seat] is not None:
                scores[seat] = final[seat]
        view["_scores"] = scores
        return view

    def aliases(self, view: dict[str, Any]) -> dict[str, Any]:
        board = view.get("board") or {}
        dice = view.get("dice")
        roll = sum(dice) if isinstance(dice, list) and all(isinstance(d, int) for d in dice) else None
        return {"robber": {"hex": board.get("bandit")}, "roll": roll}

    def _seat(self, view: dict[str, Any], who: Any) -> int:
        players = view.get("players") or []
        if isinstance(who, int) and not isinstance(who, bool):
            if 0 <= who < len(players):
                return who
            raise ExprEvalError(f"there is no seat {who} (seats 0..{len(players) - 1})")
        if isinstance(who, str):
            for entry in players:
                if entry.get("name") == who:
                    return int(entry["seat"])
            names = ", ".join(repr(p.get("name")) for p in players)
            raise ExprEvalError(f"no player is named {who!r} (players: {names})")
        raise ExprEvalError("a seat is a number or a player name")

    def vp(self, view: dict[str, Any], who: Any) -> Any:
        seat = self._seat(view, who)
        score = view["_scores"].get(seat)
        if score is None:
            score = view["players"][seat].get("score")
        return score

    def hand(self, view: dict[str, Any], who: Any) -> Any:
        return view["players"][self._seat(view, who)].get("hand")


class CodexAdapter(Adapter):
    def full_view(self, game: Game, state: Any) -> dict[str, Any]:
        view = _view(game, state, None)
        players = view.get("players")
        merged = SeatKeyed()
        if isinstance(players, dict):
            order = sorted(players.items(), key=lambda item: _seat_index(item[1]))
            for pid, entry in order:
                seat = _seat_index(entry)
                if seat is not None:
                    own = _view(game, state, seat).get("players") or {}
                    if isinstance(own, dict) and isinstance(own.get(pid), dict):
                        entry = own[pid]
                merged[pid] = entry
        view["players"] = merged
        return view

    def aliases(self, view: dict[str, Any]) -> dict[str, Any]:
        hexes = (view.get("board") or {}).get("hexes") or {}
        items = hexes.values() if isinstance(hexes, dict) else hexes
        robber = None
        for item in items:
            if isinstance(item, dict) and item.get("robberPresent"):
                robber = item.get("id")
                break
        dice = view.get("dice")
        roll = dice.get("sum") if isinstance(dice, dict) else None
        out: dict[str, Any] = {"robber": {"hex": robber}, "roll": roll}
        if "turnNumber" in view:
            out["turn"] = view["turnNumber"]
        return out

    def _player(self, view: dict[str, Any], who: Any) -> dict[str, Any]:
        players = view.get("players") or SeatKeyed()
        if isinstance(who, bool) or not isinstance(who, (int, str)):
            raise ExprEvalError("a player is an id string or a seat index")
        if who in players:
            entry = players[who]
            if isinstance(entry, dict):
                return entry
        ids = ", ".join(sorted(str(k) for k in players))
        seats = f"seats 0..{len(players) - 1}" if players else "no seats"
        if isinstance(who, int):
            raise ExprEvalError(f"there is no seat {who} ({seats}, whose ids are {ids})")
        raise ExprEvalError(f"no player has the id {who!r} (ids: {ids}; or a seat, {seats}; the codex "
                            f"view holds no player names)")

    def vp(self, view: dict[str, Any], who: Any) -> Any:
        return self._player(view, who).get("victoryPoints")

    def hand(self, view: dict[str, Any], who: Any) -> Any:
        entry = self._player(view, who)
        resources = entry.get("resources")
        if not isinstance(resources, dict):
            return None
        counts = dict(resources)
        commodities = entry.get("commodities")
        if isinstance(commodities, dict):
            counts.update(commodities)
        return counts


def _seat_index(entry: Any) -> Any:
    return entry.get("seatIndex") if isinstance(entry, dict) else None


ADAPTERS: dict[str, Adapter] = {"pioneers": PioneersAdapter(), "codex": CodexAdapter()}


class PositionScope:
    """The names and helpers of one position; the full view is built on first use."""

    def __init__(self, game: Game, state: Any, move: int, illegal: bool = False) -> None:
        self.game = game
        self.state = state
        self.move = move
        self.illegal = illegal
        self.adapter = ADAPTERS.get(getattr(game, "id", ""), Adapter())
        self._view: dict[str, Any] | None = None
        self._aliases: dict[str, Any] | None = None
        self.views_built = 0

    def view(self) -> dict[str, Any]:
        if self._view is None:
            try:
                view = self.adapter.full_view(self.game, self.state)
                self._aliases = self.adapter.aliases(view)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
                shape = f"{type(exc).__name__}: {exc}"
                raise ExprEvalError(f"the view does not have the expected shape: {shape}") from None
            self._view = view
            self.views_built += 1
        return self._view

    def lookup(self, name: str) -> Any:
        if name == "move":
            return self.move
        if name == "illegal":
            return self.illegal
        view = self.view()
        assert self._aliases is not None
        if name in self._aliases:
            return self._aliases[name]
        if name in view and not name.startswith("_"):
            return view[name]
        known = ["move", "illegal", *self._aliases, *(k for k in view if not k.startswith("_"))]
        raise ExprEvalError(unknown_name(name, known))

    def call(self, name: str, args: Sequence[Any]) -> Any:
        helpers: dict[str, Callable[[dict[str, Any], Any], Any]] = {
            "vp": self.adapter.vp,
            "hand": self.adapter.hand,
        }
        helper = helpers.get(name)
        if helper is None:
            raise ExprEvalError(f"{name}() is not available")
        view = self.view()
        try:
            return helper(view, args[0])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ExprEvalError(f"{name}() cannot read the view: {type(exc).__name__}: {exc}") from None
