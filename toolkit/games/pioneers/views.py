"""What one seat (or a spectator) may know about the game, as a JSON-ready dict.

Hidden from a seat: the other seats' hand contents and dev card names (their counts
are public), the seed, the order of the dev deck and every future roll. Public scores
(``scores``, one per seat, and each player's ``score``) leave out victory-point cards,
so they can trail the true totals; a seat's own ``myScore`` includes its cards. Once
the game is over a spectator sees every hand and every card, and ``finalScores`` the
true totals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .awards import public_points, road_length
from .board import PORTS
from .constants import (
    DEV_CARDS,
    KNIGHT,
    LOG_IN_VIEW,
    MAX_PLAYERS,
    PHASE_OVER,
    RESOURCES,
    TERRAIN_NAMES,
    VICTORY_POINT,
)
from .engine import owed, to_move
from .fields import bundle_dict
from .state import State

T = TypeVar("T")


def _cards(counts: list[int]) -> list[str]:
    return [DEV_CARDS[c] for c in range(5) for _ in range(counts[c])]


def board_view(s: State, memo: dict[str, Any] | None = None) -> dict[str, Any]:
    """The board as views show it. With ``memo`` (a dict the caller keeps between calls) it is
    the same object as at the last call while no hex, token or the bandit moved."""
    key = (tuple(s.hex_res), tuple(s.hex_token), s.bandit)
    if memo is not None and memo.get("board key") == key:
        board: dict[str, Any] = memo["board"]
        return board
    hexes = [
        {"id": h, "resource": TERRAIN_NAMES[s.hex_res[h]], "token": s.hex_token[h] or None}
        for h in range(len(s.hex_res))
    ]
    ports = [
        {"id": i, "kind": kind, "ratio": ratio, "vertices": [a, b]}
        for i, (kind, ratio, (a, b)) in enumerate(PORTS)
    ]
    board = {"hexes": hexes, "ports": ports, "bandit": s.bandit}
    if memo is not None:
        memo["board key"], memo["board"] = key, board
    return board


def view(s: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator)."""
    return views(s, [seat])[0]


def views(s: State, seats: Sequence[int | None], memo: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The views of ``seats`` of one state, each exactly as :func:`view` gives it alone.

    What the views share is made once and shared between them: the board, the pieces, each
    player's entry as its owner and as everyone else sees it, the scores and the log. With
    ``memo`` (an empty dict the caller keeps from one position of a game to the next) the
    board, the roads, the buildings, the log and each player's entry (as its owner sees it
    and as the others do, kept apart) are also the same objects as at the previous call while
    what they show did not change. Callers read the views and never change them.
    """
    for seat in seats:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < s.n):
            raise ValueError(f"no seat {seat!r} in this game (seats 0 to {s.n - 1})")
    over = s.phase == PHASE_OVER
    scores = [public_points(s, p) for p in range(s.n)]
    shown = [_shown(s, p, scores[p]) if memo is not None else () for p in range(s.n)]
    public = [_kept_player(s, p, False, scores[p], memo, shown[p]) for p in range(s.n)]
    owned: dict[int, dict[str, Any]] = {}

    def own(p: int) -> dict[str, Any]:
        made = owned.get(p)
        if made is None:
            made = owned[p] = _kept_player(s, p, True, scores[p], memo, shown[p])
        return made

    moving = to_move(s)
    decisions = {}
    for p in moving:
        kind = owed(s, p)
        if kind is not None:
            decisions[str(p)] = kind
    offer = None
    if s.offer is not None:
        o = s.offer
        terms = (o.offerer, o.to, tuple(o.give), tuple(o.get))
        give, get = _kept(memo, "offer terms", terms, lambda: (bundle_dict(o.give), bundle_dict(o.get)))
        offer = {
            "from": o.offerer,
            "to": None if o.to < 0 else o.to,
            "give": give,
            "get": get,
            "answers": {str(k): v for k, v in sorted(o.answers.items())},
        }
    roads = _kept(memo, "roads", tuple(s.road_owner), lambda: _roads(s))
    buildings = _kept(memo, "buildings", (tuple(s.bld_owner), tuple(s.bld_kind)), lambda: _buildings(s))
    log = _kept(memo, "log", tuple(s.log[-LOG_IN_VIEW:]), lambda: _log(s))
    shared = {
        "game": "pioneers",
        "seat": None,
        "turn": s.turn,
        "phase": s.phase,
        "currentSeat": s.current,
        "toMove": moving,
        "decisions": decisions,
        "dice": list(s.dice) if s.dice else None,
        "board": board_view(s, memo),
        "roads": roads,
        "buildings": buildings,
        "players": None,
        "scores": scores,
        "myScore": None,
        "awards": {
            "largestArmy": None if s.army_holder < 0 else s.army_holder,
            "longestRoad": None if s.road_holder < 0 else s.road_holder,
        },
        "offer": offer,
        "devDeckCount": len(s.deck) - s.deck_pos,
        "log": log,
        "winner": None if s.winner < 0 else s.winner,
        "placements": list(s.placements) if s.placements is not None else None,
        "finalScores": list(s.final_scores) if s.final_scores is not None else None,
    }
    out = []
    for seat in seats:
        if seat is None:
            players = [own(p) for p in range(s.n)] if over else public.copy()
        else:
            players = public.copy()
            players[seat] = own(seat)
        out.append(
            {
                **shared,
                "seat": seat,
                "players": players,
                "myScore": _true_points(s, seat, scores[seat]) if seat is not None else None,
            }
        )
    return out


def _kept(memo: dict[str, Any] | None, name: str, key: Any, make: Callable[[], T]) -> T:
    """``make()``, or with ``memo`` the object made at an earlier call while ``key`` (the raw
    state it is made from) is unchanged."""
    if memo is None:
        return make()
    last = memo.get(name)
    if last is not None and last[0] == key:
        found: T = last[1]
        return found
    made = make()
    memo[name] = (key, made)
    return made


def _roads(s: State) -> list[dict[str, Any]]:
    return [{"edge": e, "seat": owner} for e, owner in enumerate(s.road_owner) if owner != -1]


def _buildings(s: State) -> list[dict[str, Any]]:
    return [
        {"vertex": v, "seat": owner, "type": "city" if s.bld_kind[v] == 2 else "settlement"}
        for v, owner in enumerate(s.bld_owner)
        if owner != -1
    ]


def _log(s: State) -> list[dict[str, Any]]:
    return [{"seat": a, "message": m, "turn": t} for a, m, t in s.log[-LOG_IN_VIEW:]]


def _true_points(s: State, seat: int, public: int) -> int:
    """:func:`~.awards.true_points` of ``seat``, from its ``public`` points worked out already."""
    return public + s.dev_hand[seat][VICTORY_POINT] + s.dev_new[seat][VICTORY_POINT]


def _shown(s: State, p: int, score: int) -> tuple[Any, ...]:
    """What player ``p``'s entry shows besides its hand and cards (both entries show it alike)."""
    return (
        s.names[p],
        s.dev_played[p][KNIGHT],
        road_length(s, p),
        s.roads_left[p],
        s.settlements_left[p],
        s.cities_left[p],
        score,
        s.strikes[p],
        s.resigned[p],
    )


def _kept_player(
    s: State, p: int, mine: bool, score: int, memo: dict[str, Any] | None, shown: tuple[Any, ...] = ()
) -> dict[str, Any]:
    """Player ``p``'s entry (see :func:`_player`), kept in ``memo`` while what it shows is unchanged:
    the hand and card names only in the owner's entry, their counts in everyone else's. ``shown``
    is :func:`_shown` of the player (with ``memo``)."""
    if memo is None:
        return _player(s, p, mine, score)
    hand, cards, fresh = s.hands[p], s.dev_hand[p], s.dev_new[p]
    held: Any = (*hand, *cards, *fresh) if mine else (sum(hand), sum(cards) + sum(fresh))
    slot = _SLOTS[p][mine] if p < MAX_PLAYERS else f"player {p} {'own' if mine else 'public'}"
    return _kept(memo, slot, (held, shown), lambda: _player(s, p, mine, score))


_SLOTS = [(f"player {p} public", f"player {p} own") for p in range(MAX_PLAYERS)]  # the entries' memo slots


def _player(s: State, p: int, mine: bool, score: int) -> dict[str, Any]:
    """Player ``p``'s entry: its hand and card names only where ``mine``."""
    hand = s.hands[p]
    return {
        "seat": p,
        "name": s.names[p],
        "handCount": sum(hand),
        "hand": {r: hand[i] for i, r in enumerate(RESOURCES)} if mine else None,
        "devCount": sum(s.dev_hand[p]) + sum(s.dev_new[p]),
        "devCards": _cards(s.dev_hand[p]) if mine else None,
        "devBoughtThisTurn": _cards(s.dev_new[p]) if mine else None,
        "knightsPlayed": s.dev_played[p][KNIGHT],
        "roadLength": road_length(s, p),
        "piecesLeft": {
            "road": s.roads_left[p],
            "settlement": s.settlements_left[p],
            "city": s.cities_left[p],
        },
        "score": score,
        "strikes": s.strikes[p],
        "resigned": s.resigned[p],
    }
