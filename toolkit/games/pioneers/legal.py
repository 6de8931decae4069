"""Enumerating the legal move records of a seat.

Every listed move is legal. The list is complete except for two families whose size
is unbounded or huge, which are sampled: trade offers are listed as one-for-one open
offers only (any bundle, open or targeted, is still legal to play), and table talk is
never attached.

Each family is a :data:`Choices` pair: how many answers there are and a function giving
answer ``i`` of the listing order. :func:`legal_moves` lists them all; a bot that wants
one uniformly draws an index and builds only that answer, never the whole list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import NUM_HEXES, VERTEX_EDGES, VERTEX_HEXES
from .building import (
    affords,
    legal_road_edges,
    legal_settlement_vertices,
    own_settlements,
    road_edges,
    settlement_spots,
    setup_vertices,
)
from .constants import (
    DEV_CARDS,
    EMBARGO,
    KNIGHT,
    MAX_OFFERS_PER_TURN,
    PHASE_BANDIT,
    PHASE_DISCARD,
    PHASE_SETUP,
    PHASE_TRADE,
    PHASE_TURN,
    RESOURCES,
    ROADWORKS,
    SETTLEMENT,
    WINDFALL,
)
from .engine import owed
from .state import State
from .trading import bank_rates

Move = dict[str, Any]
Action = dict[str, Any]


Choices = tuple[int, Callable[[int], Any]]
"""``(size, pick)``: a family of ``size`` answers; ``pick(i)`` builds answer ``i`` (listing order)."""


def listing(choices: Choices) -> list[Any]:
    """Every answer of a family, in order."""
    size, pick = choices
    return [pick(i) for i in range(size)]


def _listed(actions: list[Action]) -> Choices:
    return len(actions), actions.__getitem__


def legal_moves(s: State, seat: int) -> list[Move]:
    kind = owed(s, seat)
    if kind is None:
        return []
    if kind == PHASE_TURN:
        return [{"seat": seat, "kind": "turn", "action": a} for a in turn_actions(s, seat)]
    return [{"seat": seat, "kind": kind, "action": a} for a in listing(decision_choices(s, seat, kind))]


def decision_choices(s: State, seat: int, kind: str) -> Choices:
    """The answers to a setup, discard, bandit or trade decision ``seat`` owes."""
    if kind == PHASE_SETUP:
        return setup_choices(s)
    if kind == PHASE_DISCARD:
        size, cards = discard_choices(s.hands[seat], s.discard_need[seat])
        return size, lambda i: {"cards": cards(i)}
    if kind == PHASE_BANDIT:
        return bandit_choices(s, seat)
    assert kind == PHASE_TRADE
    return _listed(trade_answers(s, seat))


def setup_choices(s: State) -> Choices:
    """Every (settlement, road) pair: open vertices ascending, then their free edges in board order."""
    roads = s.road_owner
    pairs: list[tuple[int, int]] = []
    for v in setup_vertices(s):
        for e in VERTEX_EDGES[v]:
            if roads[e] == -1:
                pairs.append((v, e))

    def pick(i: int) -> Action:
        v, e = pairs[i]
        return {"settlement": v, "road": e}

    return (len(pairs), pick)


def setup_actions(s: State) -> list[dict[str, Any]]:
    return listing(setup_choices(s))


def discard_choices(hand: list[int], need: int) -> Choices:
    """Every way to drop exactly ``need`` cards from ``hand``.

    Listed with the count of the first resource ascending, then the second, and so on
    (the last resource takes the remainder). ``ways[i][k]`` is how many ways resources
    ``i..4`` can make up ``k`` cards, so answer ``i`` is found without listing the others.
    """
    ways = [[0] * (need + 1) for _ in range(6)]
    ways[5][0] = 1
    for r in range(4, -1, -1):
        below, here, cap = ways[r + 1], ways[r], hand[r]
        window = 0  # below[k - cap] + ... + below[k], a running sum
        for k in range(need + 1):
            window += below[k]
            if k > cap:
                window -= below[k - cap - 1]
            here[k] = window

    def pick(i: int) -> dict[str, int]:
        left = need
        out: dict[str, int] = {}
        for r in range(5):
            for c in range(min(left, hand[r]) + 1):
                n = ways[r + 1][left - c]
                if i < n:
                    break
                i -= n
            if c:
                out[RESOURCES[r]] = c
            left -= c
        return out

    return (ways[0][need], pick)


def bandit_choices(s: State, seat: int) -> Choices:
    """Each hex but the bandit's, ascending: no victim first, then each victim there ascending.

    The victims of a hex are those :func:`.production.victims_on` names; they are found here in one pass over
    the towns on the board, owners in ascending order (so each hex's list comes out sorted), rather than by
    asking every hex.
    """
    victims: dict[int, list[int]] = {}
    for owner in range(s.n):
        if owner != seat:
            for v in s.seat_buildings[owner]:
                for h in VERTEX_HEXES[v]:
                    found = victims.get(h)
                    if found is None:
                        victims[h] = [owner]
                    elif found[-1] != owner:
                        found.append(owner)
    bandit = s.bandit
    count = NUM_HEXES - 1 + sum(map(len, victims.values())) - len(victims.get(bandit, ()))

    def pick(i: int) -> Action:
        for h in range(NUM_HEXES):
            if h == bandit:
                continue
            found = victims.get(h, ())
            if i <= len(found):
                return {"hex": h, "victim": None if i == 0 else found[i - 1]}
            i -= 1 + len(found)
        raise IndexError(i)

    return (count, pick)


def bandit_actions(s: State, seat: int) -> list[dict[str, Any]]:
    return listing(bandit_choices(s, seat))


def trade_answers(s: State, seat: int) -> list[dict[str, Any]]:
    offer = s.offer
    out: list[dict[str, Any]] = [{"accept": False}]
    if offer is not None and affords(s.hands[seat], offer.get):
        out.append({"accept": True})
    return out


def road_pairs(s: State, seat: int) -> list[list[int]]:
    """Roadworks placements: single edges and ordered-legal pairs (each pair once)."""
    firsts = legal_road_edges(s, seat)
    out: list[list[int]] = [[e] for e in firsts]
    if s.roads_left[seat] < 2:
        return out
    seen: set[tuple[int, int]] = set()
    for e in firsts:
        for f in legal_road_edges(s, seat, extra=e):
            key = (e, f) if e < f else (f, e)
            if key not in seen:
                seen.add(key)
                out.append([e, f])
    return out


_WINDFALL_PAIRS = [(a, b) for a in range(5) for b in range(a, 5)]


def _bank_choices(hand: list[int], rates: list[int]) -> Choices | None:
    """Bank trades: each resource the hand can give at its rate, for each other resource."""
    gives = []
    for give in range(5):
        if hand[give] >= rates[give]:
            gives.append(give)
    if not gives:
        return None

    def pick(i: int) -> Action:
        give = gives[i // 4]
        get = i % 4
        return {"type": "bank_trade", "give": RESOURCES[give], "get": RESOURCES[get + (get >= give)]}

    return (4 * len(gives), pick)


def _open_bank_choices(s: State, seat: int) -> Choices:
    trades = _bank_choices(s.hands[seat], bank_rates(s, seat))
    assert trades is not None, "a hand of 4 of a kind can always trade with the bank"
    return trades


# Kinds with a single answer; each pick builds a fresh action object.
_END_TURN: Choices = (1, lambda i: {"type": "end_turn"})
_BUY_DEV: Choices = (1, lambda i: {"type": "buy_dev"})
_KNIGHT: Choices = (1, lambda i: {"type": "play_dev", "card": DEV_CARDS[KNIGHT]})


def _sequence(kind: str, key: str, items: list[int]) -> Choices:
    return len(items), lambda i: {"type": kind, key: items[i]}


def _cities(s: State, seat: int) -> Choices:
    return _sequence("build_city", "vertex", own_settlements(s, seat))


def _windfall(i: int) -> Action:
    a, b = _WINDFALL_PAIRS[i]
    return {"type": "play_dev", "card": "windfall", "resources": [RESOURCES[a], RESOURCES[b]]}


_WINDFALL: Choices = (len(_WINDFALL_PAIRS), _windfall)
_EMBARGO: Choices = (5, lambda i: {"type": "play_dev", "card": "embargo", "resource": RESOURCES[i]})


# The kinds whose answers never depend on the position, each with its builder.
_END_TURN_KIND: tuple[str, Callable[[], Choices]] = ("end_turn", lambda: _END_TURN)
_BUY_DEV_KIND: tuple[str, Callable[[], Choices]] = ("buy_dev", lambda: _BUY_DEV)
_KNIGHT_KIND: tuple[str, Callable[[], Choices]] = ("knight", lambda: _KNIGHT)
_WINDFALL_KIND: tuple[str, Callable[[], Choices]] = ("windfall", lambda: _WINDFALL)
_EMBARGO_KIND: tuple[str, Callable[[], Choices]] = ("embargo", lambda: _EMBARGO)


def turn_kinds(s: State, seat: int, offers: bool = True) -> list[tuple[str, Callable[[], Choices]]]:
    """The kinds of turn action open now (``play_dev`` split per card), each with a builder of its answers.

    A kind is listed only when it has at least one legal answer; whether it has one is
    decided here without listing the answers (the first road edge or settlement spot
    found is enough), and the builder lists them when asked.
    """
    hand = s.hands[seat]
    brick, lumber, wool, grain, ore = hand
    kinds: list[tuple[str, Callable[[], Choices]]] = [_END_TURN_KIND]
    # next(..., -1) asks a generator for its first answer only: is there any at all?
    if s.roads_left[seat] and brick and lumber and next(road_edges(s, seat), -1) != -1:
        kinds.append(("build_road", lambda: _sequence("build_road", "edge", legal_road_edges(s, seat))))
    if (
        s.settlements_left[seat]
        and brick
        and lumber
        and wool
        and grain
        and next(settlement_spots(s, seat), -1) != -1
    ):
        kinds.append(
            (
                "build_settlement",
                lambda: _sequence("build_settlement", "vertex", legal_settlement_vertices(s, seat)),
            )
        )
    if s.cities_left[seat] and ore >= 3 and grain >= 2:
        bld_kind = s.bld_kind
        for v in s.seat_buildings[seat]:
            if bld_kind[v] == SETTLEMENT:  # one is enough: the builder lists them all
                kinds.append(("build_city", lambda: _cities(s, seat)))
                break
    if ore and wool and grain and s.deck_pos < len(s.deck):
        kinds.append(_BUY_DEV_KIND)
    if not s.dev_played_this_turn:
        held = s.dev_hand[seat]
        if held[KNIGHT]:
            kinds.append(_KNIGHT_KIND)
        if held[ROADWORKS] and s.roads_left[seat] and next(road_edges(s, seat), -1) != -1:
            kinds.append(
                (
                    "roadworks",
                    lambda: _listed(
                        [{"type": "play_dev", "card": "roadworks", "edges": p} for p in road_pairs(s, seat)]
                    ),
                )
            )
        if held[WINDFALL]:
            kinds.append(_WINDFALL_KIND)
        if held[EMBARGO]:
            kinds.append(_EMBARGO_KIND)
    most = max(hand)
    if most >= 4:  # 4 is the worst bank rate, so some trade is open: rates are read only if asked
        kinds.append(("bank_trade", lambda: _open_bank_choices(s, seat)))
    elif most >= 2:
        trades = _bank_choices(hand, bank_rates(s, seat))
        if trades is not None:
            kinds.append(("bank_trade", lambda: trades))
    if offers and s.offers_made < MAX_OFFERS_PER_TURN and any(hand):
        kinds.append(("offer_trade", lambda: _listed(_offer_sample(hand))))
    return kinds


def _offer_sample(hand: list[int]) -> list[Action]:
    """One-for-one open offers of each held resource for each other one."""
    return [
        {"type": "offer_trade", "give": {RESOURCES[give]: 1}, "get": {RESOURCES[get]: 1}}
        for give in range(5)
        if hand[give]
        for get in range(5)
        if get != give
    ]


def turn_options(s: State, seat: int, offers: bool = True) -> list[tuple[str, Choices]]:
    """The legal turn actions by kind (``play_dev`` split per card), empty kinds left out."""
    return [(kind, build()) for kind, build in turn_kinds(s, seat, offers)]


def turn_groups(s: State, seat: int, offers: bool = True) -> list[tuple[str, list[dict[str, Any]]]]:
    """The legal turn actions grouped by kind, each group listed in full."""
    return [(kind, listing(choices)) for kind, choices in turn_options(s, seat, offers)]


def turn_actions(s: State, seat: int) -> list[dict[str, Any]]:
    return [action for _, group in turn_groups(s, seat) for action in group]
