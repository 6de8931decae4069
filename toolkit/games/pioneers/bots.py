"""Bots that play pioneers, and a driver that plays a whole game with them.

* :class:`RandomBot` picks an action kind uniformly among the kinds it may take, then
  a move of that kind uniformly (it draws an index and builds only that move).
* :class:`GreedyBot` builds towards points: cities before settlements before dev
  cards, roads only to reach a good settlement spot; it trades surplus to the bank or
  other seats for what its next build lacks, discards what its next build does not
  need, puts the bandit on the leader's best hex and accepts offers that help it.

Each bot draws from its own keyed stream ``bot/<seat>/<name>``, never from the engine's.
Bots read the engine state but use only what the seat may know (their own hand, the
board and public counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolkit.games.base import IllegalMove, Move
from toolkit.rng import Stream

from . import GAME, PioneersGame, engine
from .awards import public_points
from .board import EDGE_VERTICES, HEX_VERTICES, NUM_HEXES, PIPS, VERTEX_EDGES, VERTEX_HEXES, VERTEX_PORT
from .building import (
    affords,
    distance_ok,
    legal_road_edges,
    legal_settlement_vertices,
    own_settlements,
    setup_vertices,
)
from .constants import (
    COST_CITY,
    COST_DEV,
    COST_ROAD,
    COST_SETTLEMENT,
    DESERT,
    KNIGHT,
    MAX_OFFERS_PER_TURN,
    PHASE_OVER,
    RESOURCES,
    ROADWORKS,
    WINDFALL,
)
from .legal import decision_choices, turn_kinds
from .production import victims_on
from .state import State
from .trading import bank_rate


class Bot:
    """A seat-agnostic bot: one keyed stream per seat it plays."""

    name = "bot"

    def __init__(self, seed_label: str | int = "bots") -> None:
        self.seed_label = seed_label
        self._streams: dict[int, Stream] = {}

    def stream(self, seat: int) -> Stream:
        stream = self._streams.get(seat)
        if stream is None:
            stream = self._streams[seat] = Stream(self.seed_label, f"bot/{seat}/{self.name}")
        return stream


class RandomBot(Bot):
    """Uniform over the kinds of action open to it, then uniform within the kind.

    Like catanatron's random player it never proposes trades to other seats; it
    answers offers, discards, moves the bandit and places in setup at random.
    """

    name = "random"

    def choose(self, game: PioneersGame, state: State, seat: int) -> Move:
        rng = self._streams.get(seat) or self.stream(seat)
        kind = engine.owed(state, seat)
        if kind is None:
            raise ValueError(f"seat {seat} owes no decision")
        if kind == "turn":
            kinds = turn_kinds(state, seat, False)
            count = len(kinds)
            choices = kinds[rng.below(count) if count > 1 else 0][1]()
        else:
            choices = decision_choices(state, seat, kind)
        size, pick = choices
        action = pick(rng.below(size) if size > 1 else 0)
        return {"seat": seat, "kind": kind, "action": action}


# --- greedy -------------------------------------------------------------------------------


def _vertex_value(s: State, v: int, produced: Sequence[int] | None = None) -> float:
    """Expected production weight of a vertex, with a bonus for resources not yet produced."""
    value = 0.0
    for h in VERTEX_HEXES[v]:
        res = s.hex_res[h]
        if res == DESERT:
            continue
        pips = PIPS[s.hex_token[h]]
        value += pips
        if produced is not None and produced[res] == 0:
            value += 1.5
    if VERTEX_PORT[v] >= 0:
        value += 0.5
    return value


def _production(s: State, seat: int) -> list[int]:
    out = [0] * 5
    for v in s.seat_buildings[seat]:
        for h in VERTEX_HEXES[v]:
            res = s.hex_res[h]
            if res != DESERT:
                out[res] += PIPS[s.hex_token[h]] * s.bld_kind[v]
    return out


def _missing(hand: Sequence[int], cost: Sequence[int]) -> list[int]:
    return [max(0, cost[i] - hand[i]) for i in range(5)]


class GreedyBot(Bot):
    """Builds for points, trades for its next build, and harasses the leader."""

    name = "greedy"

    def choose(self, game: PioneersGame, state: State, seat: int) -> Move:
        kind = game.owed(state, seat)
        if kind == "setup":
            action = self._setup(state, seat)
        elif kind == "discard":
            action = {"cards": self._discard(state, seat)}
        elif kind == "bandit":
            action = self._bandit(state, seat)
        elif kind == "trade":
            action = {"accept": self._answer(state, seat)}
        elif kind == "turn":
            action = self._turn(state, seat)
        else:
            raise ValueError(f"seat {seat} owes no decision")
        return {"seat": seat, "kind": kind, "action": action}

    # setup
    def _setup(self, s: State, seat: int) -> dict[str, Any]:
        produced = _production(s, seat)
        best = max(setup_vertices(s), key=lambda v: (_vertex_value(s, v, produced), -v))
        edges = [e for e in VERTEX_EDGES[best] if s.road_owner[e] == -1]

        def reach(e: int) -> float:
            a, b = EDGE_VERTICES[e]
            w = b if a == best else a
            spots = [x for f in VERTEX_EDGES[w] for x in EDGE_VERTICES[f] if x not in (w, best)]
            values = [_vertex_value(s, x) for x in spots if distance_ok(s, x)]
            return max(values, default=0.0)

        road = max(edges, key=lambda e: (reach(e), -e))
        return {"settlement": best, "road": road}

    # the plan: what to build next
    def _target(self, s: State, seat: int) -> tuple[str, tuple[int, ...]]:
        if s.cities_left[seat] and own_settlements(s, seat):
            hand = s.hands[seat]
            if hand[4] + hand[3] >= 3 or not s.settlements_left[seat]:
                return "city", COST_CITY
        if s.settlements_left[seat]:
            if legal_settlement_vertices(s, seat):
                return "settlement", COST_SETTLEMENT
            if s.roads_left[seat] and self._road_goal(s, seat) is not None:
                return "road", COST_ROAD
        if s.cities_left[seat] and own_settlements(s, seat):
            return "city", COST_CITY
        if s.deck_pos < len(s.deck):
            return "dev", COST_DEV
        return "none", (0, 0, 0, 0, 0)

    def _need(self, s: State, seat: int) -> list[int]:
        """Cards worth keeping: the next build's cost."""
        return list(self._target(s, seat)[1])

    # discard: drop the cards the next build needs least
    def _discard(self, s: State, seat: int) -> dict[str, int]:
        left = list(s.hands[seat])
        keep = self._need(s, seat)
        drop = [0] * 5
        for _ in range(s.discard_need[seat]):
            i = max(range(5), key=lambda r: (left[r] - keep[r], left[r], -r) if left[r] else (-99, 0, 0))
            left[i] -= 1
            drop[i] += 1
        return {RESOURCES[i]: c for i, c in enumerate(drop) if c}

    # bandit: the leader's best hex that does not hurt us
    def _bandit(self, s: State, seat: int) -> dict[str, Any]:
        scores = [public_points(s, p) for p in range(s.n)]
        best_h, best_val = -1, -1e9
        for h in range(NUM_HEXES):
            if h == s.bandit:
                continue
            pips = PIPS.get(s.hex_token[h], 0)
            value = 0.0
            for v in HEX_VERTICES[h]:
                owner = s.bld_owner[v]
                if owner == -1:
                    continue
                weight = s.bld_kind[v] * pips
                if owner == seat:
                    value -= 3 * weight
                else:
                    value += weight * (1 + scores[owner])
            if value > best_val:
                best_h, best_val = h, value
        victims = [p for p in victims_on(s, seat, best_h) if sum(s.hands[p]) > 0]
        victim = max(victims, key=lambda p: (scores[p], -p)) if victims else None
        return {"hex": best_h, "victim": victim}

    # trade answers: accept when the trade brings a card we need for cards we can spare
    def _answer(self, s: State, seat: int) -> bool:
        offer = s.offer
        if offer is None:
            return False
        hand = s.hands[seat]
        if any(hand[i] < offer.get[i] for i in range(5)):
            return False
        if public_points(s, offer.offerer) >= 8:
            return False
        need = self._need(s, seat)
        missing = _missing(hand, need)
        helps = sum(min(offer.give[i], missing[i]) for i in range(5))
        after = [hand[i] - offer.get[i] + offer.give[i] for i in range(5)]
        hurts = sum(_missing(after, need)) - sum(missing) + helps
        return helps > 0 and hurts <= 0 and sum(offer.get) <= sum(offer.give) + 1

    # roads: the first edge of a short path to the best open spot
    def _road_goal(self, s: State, seat: int) -> int | None:
        frontier = legal_road_edges(s, seat)
        if not frontier:
            return None
        best_edge, best_val = None, 0.0
        for e in frontier:
            for v in EDGE_VERTICES[e]:
                owner = s.bld_owner[v]
                if owner != -1:
                    continue
                if distance_ok(s, v) and not any(s.road_owner[f] == seat for f in VERTEX_EDGES[v]):
                    val = _vertex_value(s, v)
                    if val > best_val:
                        best_edge, best_val = e, val
                for f in VERTEX_EDGES[v]:
                    if f == e or s.road_owner[f] != -1:
                        continue
                    a, b = EDGE_VERTICES[f]
                    w = b if a == v else a
                    if distance_ok(s, w):
                        val = _vertex_value(s, w) * 0.7
                        if val > best_val:
                            best_edge, best_val = e, val
        return best_edge

    def _turn(self, s: State, seat: int) -> dict[str, Any]:
        hand = s.hands[seat]
        if not s.dev_played_this_turn:
            action = self._dev(s, seat)
            if action is not None:
                return action
        if s.cities_left[seat] and affords(hand, COST_CITY):
            spots = own_settlements(s, seat)
            if spots:
                v = max(spots, key=lambda x: (_vertex_value(s, x), -x))
                return {"type": "build_city", "vertex": v}
        if s.settlements_left[seat] and affords(hand, COST_SETTLEMENT):
            spots = legal_settlement_vertices(s, seat)
            if spots:
                v = max(spots, key=lambda x: (_vertex_value(s, x, _production(s, seat)), -x))
                return {"type": "build_settlement", "vertex": v}
        target, cost = self._target(s, seat)
        if target == "road" and affords(hand, COST_ROAD):
            goal = self._road_goal(s, seat)
            if goal is not None:
                return {"type": "build_road", "edge": goal}
        if s.deck_pos < len(s.deck) and affords(hand, COST_DEV):
            spare = [hand[i] - COST_DEV[i] for i in range(5)]
            if target in ("dev", "none") or not any(_missing(spare, cost)) or sum(hand) > 7:
                return {"type": "buy_dev"}
        trade = self._bank(s, seat, cost)
        if trade is not None:
            return trade
        if s.offers_made < min(2, MAX_OFFERS_PER_TURN):
            offer = self._offer(s, seat, cost)
            if offer is not None:
                return offer
        return {"type": "end_turn"}

    def _dev(self, s: State, seat: int) -> dict[str, Any] | None:
        held = s.dev_hand[seat]
        if held[KNIGHT]:
            on_me = any(s.bld_owner[v] == seat for v in HEX_VERTICES[s.bandit])
            army_race = s.army_holder != seat and s.dev_played[seat][KNIGHT] >= 2
            if on_me or army_race:
                return {"type": "play_dev", "card": "knight"}
        if held[WINDFALL]:
            _, cost = self._target(s, seat)
            missing = _missing(s.hands[seat], cost)
            picks: list[str] = []
            for i in range(5):
                picks.extend([RESOURCES[i]] * missing[i])
            picks = (picks + ["ore", "grain"])[:2]
            return {"type": "play_dev", "card": "windfall", "resources": picks}
        if held[ROADWORKS] and s.roads_left[seat] >= 1:
            goal = self._road_goal(s, seat)
            if goal is not None:
                return {"type": "play_dev", "card": "roadworks", "edges": [goal]}
        if held[4]:
            _, cost = self._target(s, seat)
            missing = _missing(s.hands[seat], cost)
            res = max(range(5), key=lambda i: (missing[i], i == 4, -i))
            return {"type": "play_dev", "card": "embargo", "resource": RESOURCES[res]}
        return None

    def _bank(self, s: State, seat: int, cost: Sequence[int]) -> dict[str, Any] | None:
        hand = s.hands[seat]
        missing = _missing(hand, cost)
        if not any(missing):
            return None
        want = max(range(5), key=lambda i: (missing[i], -i))
        for give in sorted(range(5), key=lambda i: -(hand[i] - cost[i])):
            if missing[give]:
                continue
            rate = bank_rate(s, seat, give)
            if hand[give] - cost[give] >= rate:
                return {"type": "bank_trade", "give": RESOURCES[give], "get": RESOURCES[want]}
        return None

    def _offer(self, s: State, seat: int, cost: Sequence[int]) -> dict[str, Any] | None:
        hand = s.hands[seat]
        missing = _missing(hand, cost)
        if not any(missing) or sum(missing) > 2:
            return None
        want = max(range(5), key=lambda i: (missing[i], -i))
        spare = [hand[i] - cost[i] for i in range(5)]
        give = max(range(5), key=lambda i: (spare[i], -i))
        if spare[give] < 1:
            return None
        return {"type": "offer_trade", "give": {RESOURCES[give]: 1}, "get": {RESOURCES[want]: 1}}


AnyBot = RandomBot | GreedyBot
BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed_label: str | int) -> AnyBot:
    try:
        return BOTS[name](seed_label)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (use one of {', '.join(sorted(BOTS))})") from None


def play_game(
    seed: str | int, bots: list[str], names: list[str] | None = None
) -> tuple[dict[str, Any], list[Move]]:
    """Let ``bots`` (one name per seat) play a whole game; return the save's config and moves.

    A move a bot gets wrong is recorded as an ``illegal`` strike, as the play protocol
    would; the engine then plays the default for that seat.
    """
    if names is None:
        names = [f"Bot {i} ({b})" for i, b in enumerate(bots)]
    config: dict[str, Any] = {
        "players": [{"name": name, "bot": b} for name, b in zip(names, bots, strict=True)]
    }
    state = GAME.new_game(seed, config)
    players = [make_bot(b, seed) for b in bots]
    moves: list[Move] = []
    while state.phase != PHASE_OVER:  # the engine's own functions, which GAME's methods call
        seat = engine.to_move(state)[0]
        move = players[seat].choose(GAME, state, seat)
        try:
            engine.apply(state, move)
        except IllegalMove:
            kind = engine.owed(state, seat)
            move = {"seat": seat, "kind": kind, "strike": "illegal"}
            engine.apply(state, move)
        moves.append(move)
    return config, moves
