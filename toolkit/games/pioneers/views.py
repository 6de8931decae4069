"""What one seat (or a spectator) may know about the game, as a JSON-ready dict.

Hidden from a seat: the other seats' hand contents and dev card names (their counts
are public), the seed, the order of the dev deck and every future roll. Public scores
(``scores``, one per seat, and each player's ``score``) leave out victory-point cards,
so they can trail the true totals; a seat's own ``myScore`` includes its cards. Once
the game is over a spectator sees every hand and every card, and ``finalScores`` the
true totals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .awards import public_points, road_length
from .board import PORTS
from .constants import (
    DEV_CARDS,
    KNIGHT,
    LOG_IN_VIEW,
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
    the same object as at the last call while no hex, token or the bandit moved, and its hexes
    and ports lists are the same objects while no hex or token changed (a bandit move keeps them)."""
    key = (tuple(s.hex_res), tuple(s.hex_token), s.bandit)
    if memo is not None and memo.get("board key") == key:
        board: dict[str, Any] = memo["board"]
        return board
    lands = key[:2]
    if memo is not None and memo.get("lands key") == lands:
        hexes, ports = memo["lands"]
    else:
        hexes = [
            {"id": h, "resource": TERRAIN_NAMES[s.hex_res[h]], "token": s.hex_token[h] or None}
            for h in range(len(s.hex_res))
        ]
        ports = [
            {"id": i, "kind": kind, "ratio": ratio, "vertices": [a, b]}
            for i, (kind, ratio, (a, b)) in enumerate(PORTS)
        ]
        if memo is not None:
            memo["lands key"], memo["lands"] = lands, (hexes, ports)
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
    # The players whose own entries some view shows: the spectator's, once the game is over, shows all.
    wanted: Iterable[int] = range(s.n) if over and None in seats else [p for p in seats if p is not None]
    public, owned = _entries(s, scores, wanted, memo)
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
            players = [owned[p] for p in range(s.n)] if over else public.copy()
        else:
            players = public.copy()
            players[seat] = owned[seat]
        made = shared.copy()  # the shared keys, in their order; the three below take their places
        made["seat"] = seat
        made["players"] = players
        made["myScore"] = _true_points(s, seat, scores[seat]) if seat is not None else None
        out.append(made)
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


def _entries(
    s: State, scores: list[int], wanted: Iterable[int], memo: dict[str, Any] | None
) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """Each player's entry as everyone else sees it, and the entries of the ``wanted`` players as
    their owners see them (see :func:`_player`).

    With ``memo`` an entry is the same object as at the last call while what it shows is
    unchanged: the hand and card names only in the owner's entry, their counts in everyone
    else's, and in both the rest (:func:`_shown`)."""
    if memo is None:
        return (
            [_player(s, p, False, scores[p]) for p in range(s.n)],
            {p: _player(s, p, True, scores[p]) for p in wanted},
        )
    kept: list[_Kept] | None = memo.get("players")
    if kept is None or len(kept) != s.n:
        kept = memo["players"] = [_Kept() for _ in range(s.n)]
    public = []
    for p, held in enumerate(kept):
        score = scores[p]
        hand, cards, fresh = s.hands[p], s.dev_hand[p], s.dev_new[p]
        shown = (
            s.names[p],
            s.dev_played[p][KNIGHT],
            road_length(s, p),
            s.roads_left[p],
            s.settlements_left[p],
            s.cities_left[p],
            score,
            s.strikes[p],
            s.resigned[p],
            sum(hand),
            sum(cards) + sum(fresh),
        )
        if held.shown != shown:
            held.shown, held.public = shown, _player(s, p, False, score)
            held.hands = None  # the owner's entry shows all of it too
        public.append(held.public)
    owned = {}
    for p in wanted:
        held = kept[p]
        hands = (*s.hands[p], *s.dev_hand[p], *s.dev_new[p])
        if held.hands != hands:
            held.hands, held.own = hands, _player(s, p, True, scores[p])
        owned[p] = held.own
    return public, owned


class _Kept:
    """One player's entries kept between calls: what the public entry shows and that entry, and
    the owner's hand and cards with the owner's entry (which shows the public part too)."""

    __slots__ = ("shown", "public", "hands", "own")

    def __init__(self) -> None:
        self.shown: tuple[Any, ...] | None = None
        self.public: dict[str, Any] = {}
        self.hands: tuple[int, ...] | None = None
        self.own: dict[str, Any] = {}


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
