"""The flat game state: plain lists of integers indexed by seat, hex, vertex or edge.

A :class:`State` is mutated in place by the rules modules. Nothing in it is derived
from Python hashing; :func:`canonical` lists every field in a fixed order so that
:func:`digest` is the same on every machine.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.hashing import sha256
from toolkit.rng import Stream

from . import board
from .constants import (
    CITY_LIMIT,
    DESERT,
    DEV_COUNTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_TOKENS,
    PHASE_SETUP,
    ROAD_LIMIT,
    SETTLEMENT_LIMIT,
    TERRAIN_COUNTS,
)


class Offer:
    """A trade offer waiting for answers. ``give``/``get`` are seen from the offerer."""

    __slots__ = ("offerer", "to", "give", "get", "answers", "waiting")

    def __init__(self, offerer: int, to: int, give: list[int], get: list[int], waiting: list[int]) -> None:
        self.offerer = offerer
        self.to = to  # -1 for an open offer
        self.give = give
        self.get = get
        self.answers: dict[int, bool] = {}
        self.waiting = waiting  # seats that still owe an answer, in seat order from the offerer

    def canonical(self) -> list[Any]:
        return [self.offerer, self.to, self.give, self.get, sorted(self.answers.items()), self.waiting]


class State:
    """Everything about one game of pioneers."""

    __slots__ = (
        "seed",
        "n",
        "names",
        "hex_res",
        "hex_token",
        "token_hexes",
        "bandit",
        "road_owner",
        "bld_owner",
        "bld_kind",
        "seat_roads",
        "seat_buildings",
        "hands",
        "dev_hand",
        "dev_new",
        "dev_played",
        "deck",
        "deck_pos",
        "roads_left",
        "settlements_left",
        "cities_left",
        "turn",
        "current",
        "phase",
        "setup_index",
        "dice",
        "rolls",
        "steals",
        "dev_played_this_turn",
        "offers_made",
        "offer",
        "discard_need",
        "log",
        "strikes",
        "resigned",
        "army_holder",
        "road_holder",
        "road_len",
        "road_dirty",
        "winner",
        "placements",
        "final_scores",
        "end_reason",
    )

    seed: str | int
    n: int
    names: list[str]
    hex_res: list[int]
    hex_token: list[int]
    token_hexes: list[list[int]]
    bandit: int
    road_owner: list[int]
    bld_owner: list[int]
    bld_kind: list[int]
    seat_roads: list[list[int]]
    seat_buildings: list[list[int]]
    hands: list[list[int]]
    dev_hand: list[list[int]]
    dev_new: list[list[int]]
    dev_played: list[list[int]]
    deck: list[int]
    deck_pos: int
    roads_left: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    turn: int
    current: int
    phase: str
    setup_index: int
    dice: tuple[int, int] | None
    rolls: int
    steals: int
    dev_played_this_turn: bool
    offers_made: int
    offer: Offer | None
    discard_need: list[int]
    log: list[tuple[int, str, int]]
    strikes: list[int]
    resigned: list[bool]
    army_holder: int
    road_holder: int
    road_len: list[int]
    road_dirty: list[bool]
    winner: int
    placements: list[int] | None
    final_scores: list[int] | None
    end_reason: str


def _players(config: Mapping[str, Any]) -> list[str]:
    if not isinstance(config, Mapping):
        raise IllegalMove("bad_config", "the game config must be an object")
    for key in config:
        if key != "players":
            raise IllegalMove("bad_config", f"pioneers has no config option {key!r}")
    players = config.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalMove("bad_config", f"pioneers needs a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
    names = []
    for i, player in enumerate(players):
        if not isinstance(player, Mapping) or not isinstance(player.get("name"), str):
            raise IllegalMove("bad_config", f"player {i} needs a name")
        names.append(player["name"])
    return names


def new_state(seed: str | int, config: Mapping[str, Any]) -> State:
    """A fresh game: the board shuffled from the seed, setup about to begin."""
    if isinstance(seed, bool) or not isinstance(seed, (str, int)):
        raise IllegalMove("bad_config", "the seed must be a string or an integer")
    names = _players(config)
    n = len(names)
    s = State()
    s.seed = seed
    s.n = n
    s.names = names
    terrain = [t for t, count in enumerate(TERRAIN_COUNTS) for _ in range(count)]
    Stream(seed, "board/resources").shuffle(terrain)
    tokens = list(NUMBER_TOKENS)
    Stream(seed, "board/tokens").shuffle(tokens)
    s.hex_res = terrain
    s.hex_token = []
    it = iter(tokens)
    for t in terrain:
        s.hex_token.append(0 if t == DESERT else next(it))
    s.token_hexes = [[] for _ in range(13)]
    for h, tok in enumerate(s.hex_token):
        if tok:
            s.token_hexes[tok].append(h)
    s.bandit = terrain.index(DESERT)
    s.road_owner = [-1] * board.NUM_EDGES
    s.bld_owner = [-1] * board.NUM_VERTICES
    s.bld_kind = [0] * board.NUM_VERTICES
    s.seat_roads = [[] for _ in range(n)]
    s.seat_buildings = [[] for _ in range(n)]
    s.hands = [[0] * 5 for _ in range(n)]
    s.dev_hand = [[0] * 5 for _ in range(n)]
    s.dev_new = [[0] * 5 for _ in range(n)]
    s.dev_played = [[0] * 5 for _ in range(n)]
    deck = [card for card, count in enumerate(DEV_COUNTS) for _ in range(count)]
    Stream(seed, "deck/dev").shuffle(deck)
    s.deck = deck
    s.deck_pos = 0
    s.roads_left = [ROAD_LIMIT] * n
    s.settlements_left = [SETTLEMENT_LIMIT] * n
    s.cities_left = [CITY_LIMIT] * n
    s.turn = 0
    s.current = 0
    s.phase = PHASE_SETUP
    s.setup_index = 0
    s.dice = None
    s.rolls = 0
    s.steals = 0
    s.dev_played_this_turn = False
    s.offers_made = 0
    s.offer = None
    s.discard_need = [0] * n
    s.log = []
    s.strikes = [0] * n
    s.resigned = [False] * n
    s.army_holder = -1
    s.road_holder = -1
    s.road_len = [0] * n
    s.road_dirty = [False] * n
    s.winner = -1
    s.placements = None
    s.final_scores = None
    s.end_reason = ""
    return s


def log_talk(s: State, seat: int, talk: str) -> None:
    """Keep a seat's table talk (if any) in the match log, stamped with the turn."""
    if talk:
        s.log.append((seat, talk, s.turn))


def canonical(s: State) -> list[Any]:
    """Every primary field in a fixed order (cached road lengths are derived, so left out)."""
    return [
        s.seed,
        s.n,
        s.names,
        s.hex_res,
        s.hex_token,
        s.bandit,
        s.road_owner,
        s.bld_owner,
        s.bld_kind,
        [sorted(r) for r in s.seat_roads],
        [sorted(b) for b in s.seat_buildings],
        s.hands,
        s.dev_hand,
        s.dev_new,
        s.dev_played,
        s.deck,
        s.deck_pos,
        s.roads_left,
        s.settlements_left,
        s.cities_left,
        s.turn,
        s.current,
        s.phase,
        s.setup_index,
        list(s.dice) if s.dice else None,
        s.rolls,
        s.steals,
        s.dev_played_this_turn,
        s.offers_made,
        s.offer.canonical() if s.offer else None,
        s.discard_need,
        [list(entry) for entry in s.log],
        s.strikes,
        s.resigned,
        s.army_holder,
        s.road_holder,
        s.winner,
        s.placements,
        s.final_scores,
        s.end_reason,
    ]


def digest(s: State) -> str:
    """SHA-256 of the canonical state as compact JSON (seed and RNG counters included)."""
    text = json.dumps(canonical(s), separators=(",", ":"), ensure_ascii=False)
    return sha256(text.encode()).hexdigest()
