"""Bots for the codex engine, and :func:`play_game` for ``replaykit record codex``.

Both bots only ever choose among the engine's listed moves (:func:`engine.legal_moves`, which
walks every registered action type), so an action type or card added to the engine later is
picked up without touching this module, and a bot can never send an illegal move.

* ``random``: picks an action type uniformly among the listed ones, then one of its payloads;
  it ends its turn one time in four (or after many actions) so games move on.
* ``heuristic`` (alias ``greedy``): scores the listed moves: cities, city improvements and
  settlements first, knights activated while the berserker ship is close, one progress card
  a turn (more when over the hand limit), roads towards open corners, trades (bank, auction,
  standing wants) that complete a build; pending decisions get simple rules (rob the leader,
  discard from big piles, bid on trades that help, decline an optional free road that
  reaches nothing). Unknown action or decision types get a small default score.

Every bot draws from its own stream ``bot:<name>:<seat>`` (never the engine's). The seat
that acts next when several may (a discard, an auction) is chosen by a fixed rule in
:func:`next_seat`, with the auction's optional revisions drawn from ``bot:driver``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from toolkit.games.codex import GAME
from toolkit.games.codex import constants as C
from toolkit.games.codex.engine import apply, legal_moves, listed, move_record, open_kinds, to_move
from toolkit.games.codex.flow import Listing
from toolkit.games.codex.setup import distance_ok
from toolkit.games.codex.state import State
from toolkit.games.codex.victory import victory_points
from toolkit.rng import Stream

Move = dict[str, Any]

TURN_CAP = 250
"""A game the bots have not finished by this turn stops there, unfinished."""

ACTIONS_PER_TURN = 40
"""After this many actions in one turn a bot ends it when it may."""


class StuckGame(RuntimeError):
    """A seat owes a decision but the engine lists no move for it (an engine bug)."""


def random_legal_move(state: State, rng: Stream) -> tuple[int, Move]:
    """A seat owing a decision and one of its legal moves (type first, then payload)."""
    seats = to_move(state)
    if not seats:
        raise ValueError("nobody is to move: the game is over")
    seat = seats[rng.below(len(seats))]
    return seat, _pick_random(state, seat, rng, listed(state, seat, "endTurn"))


def _pick_random(state: State, seat: int, rng: Stream, end: list[dict[str, Any]]) -> Move:
    """A listed move: ``endTurn`` (its listing ``end``, empty when closed) one time in four or when
    it is all there is, otherwise an action type drawn uniformly among the others, then one of
    its payloads.

    The draws are those of drawing from the whole listing, but the other types are listed only
    when the one-in-four draw has not already ended the turn, and only the drawn type's
    payloads are listed in full."""
    if end and rng.below(4) == 0:
        return move_record(state, seat, "endTurn", end[0])
    groups = dict(open_kinds(state, seat))
    if not groups:
        raise StuckGame(f"seat {seat} owes a decision but has no listed move")
    if end and len(groups) == 1:
        return move_record(state, seat, "endTurn", end[0])
    kinds = [k for k in groups if k != "endTurn"]
    kind = kinds[rng.below(len(kinds))]
    options = _listed(groups[kind])
    return move_record(state, seat, kind, options[rng.below(len(options))])


def _listed(payloads: Iterable[dict[str, Any]]) -> Sequence[dict[str, Any]]:
    """An open type's payloads as a sequence (a list or listing from the engine is used as is)."""
    return payloads if isinstance(payloads, (list, Listing)) else list(payloads)


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int) -> Move: ...


class _TurnCounter:
    def __init__(self) -> None:
        self.turn = -1
        self.counts: Counter[str] = Counter()

    def seen(self, state: State) -> Counter[str]:
        if state.turn_number != self.turn:
            self.turn = state.turn_number
            self.counts = Counter()
        return self.counts


class RandomBot:
    name = "random"

    def __init__(self, seed: str | int, seat: int = 0) -> None:
        self.rng = Stream(seed, f"bot:random:{seat}")
        self.turn = _TurnCounter()

    def choose(self, state: State, seat: int) -> Move:
        end = listed(state, seat, "endTurn")
        counts = self.turn.seen(state)
        if end and sum(counts.values()) >= ACTIONS_PER_TURN:
            return move_record(state, seat, "endTurn", end[0])
        move = _pick_random(state, seat, self.rng, end)
        if seat == state.current:
            counts[move["type"]] += 1
        return move


# ------------------------------------------------------------------------ heuristic helpers


def dots(token: int | None) -> int:
    """How often a number token pays, in 36ths of a roll (0 for none)."""
    return 0 if token is None else 6 - abs(7 - token)


def corner_value(state: State, i: int) -> int:
    topo = state.topo
    value = 0
    kinds = set()
    for h in topo.int_hexes[i]:
        if state.terrain[h] != "desert":
            value += dots(state.tokens[h])
            kinds.add(state.terrain[h])
    return value * 2 + len(kinds)


GOALS: tuple[tuple[str, dict[str, int]], ...] = (
    ("city", C.COSTS["city"]),
    ("settlement", C.COSTS["settlement"]),
    ("road", C.COSTS["road"]),
    ("recruitKnight", C.COSTS["recruitKnight"]),
)


def missing(state: State, seat: int, cost: dict[str, int]) -> dict[str, int]:
    p = state.players[seat]
    return {k: n - p.material(k) for k, n in cost.items() if p.material(k) < n}


def goal_cost(state: State, seat: int) -> dict[str, int]:
    """What the heuristic bot is saving for: a city while it has settlements, else a settlement."""
    p = state.players[seat]
    has_settlement = any(t == "settlement" and state.b_owner[i] == seat for i, t in enumerate(state.b_type))
    if has_settlement and p.cities > 0:
        return dict(C.COSTS["city"])
    if p.settlements > 0:
        return dict(C.COSTS["settlement"])
    low = min(C.TRACKS, key=lambda t: p.levels[t])
    if p.levels[low] < 5:
        return {C.TRACK_COMMODITY[low]: p.levels[low] + 1}
    return dict(C.COSTS["recruitKnight"])


def surplus(state: State, seat: int, cost: dict[str, int]) -> dict[str, int]:
    p = state.players[seat]
    return {k: p.material(k) - cost.get(k, 0) for k in C.MATERIALS if p.material(k) > cost.get(k, 0)}


def bundle(items: Any) -> dict[str, int]:
    if isinstance(items, dict):
        return {str(items["type"]): int(items["count"])}
    return {str(x["type"]): int(x["count"]) for x in items or []}


def leader(state: State, seat: int) -> int | None:
    others = [p.seat for p in state.players if p.seat != seat and not p.resigned]
    if not others:
        return None
    return max(others, key=lambda s: (victory_points(state, s), state.players[s].hand_size(), -s))


# ------------------------------------------------------------------------ heuristic bot


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: str | int, seat: int = 0) -> None:
        self.rng = Stream(seed, f"bot:heuristic:{seat}")
        self.turn = _TurnCounter()
        self._plan: tuple[dict[str, int], dict[str, int], dict[str, int]] | None = None

    def choose(self, state: State, seat: int) -> Move:
        moves = legal_moves(state, seat)
        if not moves:
            raise StuckGame(f"seat {seat} owes a decision but has no listed move")
        self._plan = None
        scored = [(self.score(state, seat, m), k) for k, m in enumerate(moves)]
        best = max(s for s, _ in scored)
        top = [k for s, k in scored if s == best]
        move = moves[top[self.rng.below(len(top))]]
        if state.pending is None and seat == state.current:
            counts = self.turn.seen(state)
            if sum(counts.values()) >= ACTIONS_PER_TURN and any(m["type"] == "endTurn" for m in moves):
                return {"playerId": state.players[seat].id, "type": "endTurn", "payload": {}}
            counts[move["type"]] += 1
        return move

    # Scores: higher is better; endTurn is 0, so a move scoring 0 or less is never preferred to it.
    def score(self, state: State, seat: int, move: Move) -> float:
        kind, payload = move["type"], move["payload"]
        method = getattr(self, f"s_{kind}", None)
        if method is None:
            return 5
        return float(method(state, seat, payload))

    def plan(self, state: State, seat: int) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
        """The current goal's cost, what it still lacks and the cards spare beyond it (cached per choice)."""
        if self._plan is None:
            cost = goal_cost(state, seat)
            self._plan = (cost, missing(state, seat, cost), surplus(state, seat, cost))
        return self._plan

    def done(self, state: State, kind: str) -> int:
        return self.turn.seen(state)[kind]

    # ---- setup
    def s_placeSetupBuilding(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return corner_value(state, state.topo.int_index[payload["intersectionId"]])

    def s_placeSetupRoad(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return self._road_value(state, seat, payload["edgeId"])

    # ---- turn flow
    def s_rollDice(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 50

    def s_endTurn(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 0

    # ---- building
    def s_buildCity(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 100 + corner_value(state, state.topo.int_index[payload["intersectionId"]]) / 100

    def s_buildSettlement(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 85 + corner_value(state, state.topo.int_index[payload["intersectionId"]]) / 100

    def s_improveCity(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        p = state.players[seat]
        return 90 - p.levels[payload["track"]]

    def _road_value(self, state: State, seat: int, edge_id: str) -> float:
        topo = state.topo
        e = topo.edge_index[edge_id]
        best = 0.0
        for i in topo.edge_ends[e]:
            if state.b_type[i] is None and state.knight_at[i] is None and distance_ok(state, i):
                best = max(best, corner_value(state, i))
        return best

    def s_buildRoad(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        if state.pending is not None:
            value = self._road_value(state, seat, payload["edgeId"])
            if state.pending["payload"].get("maySkip") and value == 0:
                return 3  # an optional free road that reaches no open corner is declined
            return 10 + value / 100
        if state.players[seat].settlements == 0 or self.done(state, "buildRoad") >= 2:
            return -1
        value = self._road_value(state, seat, payload["edgeId"])
        return (30 if value > 0 else 12) + value / 100

    def s_buildCityWall(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 20

    # ---- knights
    def _strength_gap(self, state: State, seat: int) -> bool:
        return state.berserker_pos >= state.berserker_max - 3

    def s_recruitKnight(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        own = sum(1 for k in state.knights.values() if k.owner == seat)
        cities = sum(1 for i, t in enumerate(state.b_type) if t == "city" and state.b_owner[i] == seat)
        return 45 if own < 1 + cities else 8

    def s_activateKnight(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 75 if self._strength_gap(state, seat) else 6

    def s_promoteKnight(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 35

    def s_moveKnight(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 1 if self.done(state, "moveKnight") < 1 else -1

    def s_displaceKnight(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        if state.pending is not None:
            return 10
        return 15

    def s_chaseRobber(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        if "hexId" in payload:
            return self._robber_value(state, seat, payload["hexId"])
        h = state.robber_hex
        if h is None:
            return -1
        hurt = any(state.b_owner[i] == seat for i in state.topo.hex_intersections[h] if state.b_type[i])
        return 40 if hurt else -1

    # ---- robber and other decisions
    def _robber_value(self, state: State, seat: int, hex_id: str) -> float:
        topo = state.topo
        h = topo.hex_index[hex_id]
        value = 0.0
        for i in topo.hex_intersections[h]:
            if state.b_type[i] is None:
                continue
            weight = 2 if state.b_type[i] == "city" else 1
            owner = state.b_owner[i]
            if owner == seat:
                value -= 10 * weight
            else:
                value += weight * (1 + victory_points(state, owner) / 4)
        return value * (1 + dots(state.tokens[h]))

    def s_chooseRobberHex(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return self._robber_value(state, seat, payload["hexId"])

    def s_chooseStealTarget(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        s = state.seat_of_id(payload["targetPlayerId"])
        assert s is not None
        return victory_points(state, s) * 10 + state.players[s].hand_size()

    def s_discardHalf(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        p = state.players[seat]
        left = {k: p.material(k) for k in C.MATERIALS}
        for k in payload["cards"]:
            left[k] -= 1
        cost = self.plan(state, seat)[0]
        return -sum(n * n for n in left.values()) + sum(min(left[k], n) for k, n in cost.items()) * 3

    def s_chooseScienceBonusResource(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 10 if payload["resource"] in self.plan(state, seat)[1] else 1

    def s_discardProgress(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 1

    # ---- progress cards
    def s_playProgressCard(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        hand = len(state.players[seat].hand)
        if payload.get("skip"):
            return 3 if hand > C.MAX_PROGRESS_HAND else -1
        if self.done(state, "playProgressCard") >= 1 and hand <= C.MAX_PROGRESS_HAND:
            return -1  # one card a turn keeps a few in hand for later
        target = payload.get("targetPlayerId")
        bonus = 0.0
        if isinstance(target, str):
            bonus = 5 if state.seat_of_id(target) == leader(state, seat) else 0
        if state.phase == "roll":
            return 60 + bonus
        return 70 + bonus

    def s_resolveOptionalCardEffect(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        if payload.get("skip"):
            return 2
        if state.pending is None:
            return 30  # a free Wharfage offer
        cards = payload.get("cards")
        if isinstance(cards, list):
            p = state.players[seat]
            return -sum(x["count"] * (10 - min(p.material(x["type"]), 9)) for x in cards) + 50
        return 10

    def s_skipRoadBuilding(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 5

    # ---- trade
    def _fits_plan(self, state: State, seat: int, kind: str, limit: int,
                   payload: dict[str, Any]) -> dict[str, int] | None:
        """The give side of an own trade ``payload`` of action ``kind`` if it asks only for
        needed types, gives only surplus and the turn has had fewer than ``limit`` of them."""
        if self.done(state, kind) >= limit:
            return None
        _, need, extra = self.plan(state, seat)
        give, want = bundle(payload["offer"]), bundle(payload["want"])
        if all(k in need for k in want) and all(extra.get(k, 0) >= n for k, n in give.items()):
            return give
        return None

    def s_maritimeTrade(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return -1 if self._fits_plan(state, seat, "maritimeTrade", 3, payload) is None else 55

    def s_domesticTradePropose(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        give = self._fits_plan(state, seat, "domesticTradePropose", 2, payload)
        if give is None:
            return -1
        return 50 - sum(give.values()) - (2 if "targetPlayerId" in payload else 0)

    def _trade_value(self, state: State, seat: int, gets: dict[str, int], gives: dict[str, int]) -> float:
        _, need, extra = self.plan(state, seat)
        if not all(extra.get(k, 0) >= n for k, n in gives.items()):
            return -1
        useful = sum(min(n, need.get(k, 0)) for k, n in gets.items())
        return useful - sum(gives.values()) / 2

    def s_domesticTradeBid(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        assert state.pending is not None
        proposer = state.seat_of_id(state.pending["actingPlayerId"])
        if proposer is not None and victory_points(state, proposer) >= state.vp_target - 2:
            return -1
        value = self._trade_value(state, seat, bundle(payload["offer"]), bundle(payload["want"]))
        return value * 10 if value > 0 else -1

    def s_domesticTradePass(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 0

    def s_domesticTradeAward(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        value = self._trade_value(state, seat, bundle(payload["want"]), bundle(payload["offer"]))
        return 10 + value if value >= 0 else -1

    def s_domesticTradeCancel(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return 0

    def s_setStandingWant(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        if self.done(state, "setStandingWant") >= 1 or state.players[seat].standing_want is not None:
            return -1
        value = self._trade_value(state, seat, bundle(payload["want"]), bundle(payload["offer"]))
        return 15 + value if value > 0 else -1

    def s_clearStandingWant(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        return -1

    def s_executeStandingWant(self, state: State, seat: int, payload: dict[str, Any]) -> float:
        poster = state.seat_of_id(payload["targetPlayerId"])
        assert poster is not None
        w = state.players[poster].standing_want
        assert w is not None
        value = self._trade_value(state, seat, bundle(w["offer"]), bundle(w["want"]))
        return 45 + value if value > 0 else -1


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "greedy": HeuristicBot,
}


def make_bot(name: str, seed: str | int, seat: int) -> Bot:
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown codex bot {name!r} (known: {', '.join(sorted(BOTS))})")
    return cls(seed, seat)


def next_seat(state: State, driver: Stream) -> int:
    """Which of the seats that may act goes next.

    During an auction every responder without an answer goes first (seat order from the
    proposer); then, one time in four, a responder may revise; then the proposer closes it.
    Otherwise the first listed seat acts.
    """
    pending = state.pending
    if pending is None and state.phase != "gameOver":
        return state.current  # the one seat to_move lists
    if pending is not None and pending["type"] == "domesticTradeResponse" and state.phase != "gameOver":
        return _auction_seat(state, pending, driver)
    seats = to_move(state)
    if not seats:
        raise ValueError("nobody is to move: the game is over")
    return seats[0]


def _auction_seat(state: State, pending: dict[str, Any], driver: Stream) -> int:
    """:func:`next_seat` in an open auction. A responder without an answer can always act, so the
    first of them is found without listing the seats (:func:`~toolkit.games.codex.engine.to_move`):
    a seat is its place in ``state.players`` and player ids are unique, so a seat is among the
    responders when its id is."""
    body = pending["payload"]
    proposer = state.seat_of_id(pending["actingPlayerId"])
    assert proposer is not None
    players = state.players
    allowed, passed = pending["allowedPlayerIds"], body["passedPlayerIds"]
    bidders = [b["responderId"] for b in body["bids"]]
    n = len(players)
    for k in range(1, n):
        s = (proposer + k) % n
        player_id = players[s].id
        if player_id in allowed and player_id not in passed and player_id not in bidders:
            return s
    others = [s for s in to_move(state) if s != proposer]
    if others and driver.below(4) == 0:
        return others[driver.below(len(others))]
    return proposer


@dataclass
class Played:
    """A finished (or turn-capped) bot game: its config, moves and final state."""

    config: dict[str, Any]
    moves: list[Move]
    state: State
    turn_cap: int

    @property
    def finished(self) -> bool:
        return self.state.phase == "gameOver"

    def result(self) -> dict[str, Any]:
        """The outcome at the target, or where the turn cap stopped the game."""
        scores = [victory_points(self.state, p.seat) for p in self.state.players]
        out: dict[str, Any] = {"finished": self.finished, "turns": self.state.turn_number, "scores": scores}
        if self.finished:
            out["winner"] = self.state.winner
        else:
            out["stoppedAtTurnCap"] = self.turn_cap
        return out


def play(
    seed: str | int,
    bots: list[str],
    names: list[str] | None = None,
    board: str = "standard",
    standing_wants: bool = False,
    players: int | None = None,
    turn_cap: int = TURN_CAP,
) -> Played:
    """Let ``bots`` play a whole game (see :func:`play_game`)."""
    n = players if players is not None else len(bots)
    if len(bots) == 1:
        bots = bots * n
    if len(bots) != n:
        raise ValueError(f"{len(bots)} bots for {n} players")
    if names is None:
        names = [f"Bot {k + 1} ({b})" for k, b in enumerate(bots)]
    if len(names) != n:
        raise ValueError(f"{len(names)} names for {n} players")
    config: dict[str, Any] = {
        "players": [{"id": f"p{k + 1}", "name": names[k], "bot": bots[k]} for k in range(n)],
        "board": board,
        "standingWants": standing_wants,
    }
    state = GAME.new_game(seed, config)
    agents = [make_bot(b, seed, k) for k, b in enumerate(bots)]
    driver = Stream(seed, "bot:driver")
    moves: list[Move] = []
    limit = turn_cap * (ACTIONS_PER_TURN + 10) * max(n, 1) + 1000
    while state.phase != "gameOver" and state.turn_number <= turn_cap:  # GAME.is_over, written out
        if len(moves) > limit:
            raise StuckGame(f"no progress after {len(moves)} moves (turn {state.turn_number})")
        seat = next_seat(state, driver)
        move = agents[seat].choose(state, seat)
        apply(state, move)  # what GAME.apply calls
        moves.append(move)
    return Played(config, moves, state, turn_cap)


def play_game(seed: str | int, bots: list[str], names: list[str] | None = None,
              **options: Any) -> tuple[dict[str, Any], list[Move]]:
    """Let ``bots`` play a whole game; return the save's ``config`` and ``moves``.

    ``bots`` names one bot per seat, or one for every seat (``players`` seats, default the
    number of names); ``options`` are :func:`play`'s (``board``, ``standing_wants``,
    ``players``, ``turn_cap``). The game ends at the victory-point target or stops unfinished after
    :data:`TURN_CAP` turns. Raises :class:`StuckGame` if a seat owes a decision the engine
    lists no move for.
    """
    game = play(seed, bots, names, **options)
    return game.config, game.moves
