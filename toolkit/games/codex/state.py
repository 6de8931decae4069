"""The mutable game state of the codex engine.

The state is flat and integer-indexed (see :mod:`toolkit.games.codex.board`): one list per
piece kind indexed by intersection or edge, seats as ints. Wire ids are produced only by
:mod:`toolkit.games.codex.views`. Everything needed to continue a game deterministically
lives here, including what the wire never shows (deck order, the continuation queue behind
the single pending-decision slot, RNG counters).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, ClassVar

from toolkit.games.codex import constants as C
from toolkit.games.codex import digest_text
from toolkit.games.codex.board import Harbor, Topology, topology
from toolkit.games.codex.digest_text import dumps

LISTING_ATTRIBUTE = "_listing_memo"
"""The state attribute holding the memo of a listing of its moves while it is listed
(:func:`toolkit.games.codex.flow.listing_memo`); not a field, so never digested or compared."""


class Fields:
    """Equality and ``repr`` read from the fields a class names in :attr:`FIELDS`, in order (what
    a dataclass would write, without compiling generated methods at import). The values live in
    the instance's ``__dict__``, which :mod:`~toolkit.games.codex.digest_text` reads; copies and
    pickles carry that dict as it is."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = self.FIELDS
        mine, theirs = vars(self), vars(other)
        return [mine[n] for n in names] == [theirs[n] for n in names]

    __hash__ = None  # type: ignore[assignment]  # mutable: compared by value, never hashed

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({shown})"


class Knight(Fields):
    """One knight on the board: its owner, level and whether it is active (rules §10)."""

    FIELDS = ("id", "owner", "level", "active", "at")

    def __init__(self, id: str, owner: int, level: str, active: bool, at: int) -> None:  # noqa: A002
        self.id = id
        self.owner = owner
        self.level = level
        self.active = active
        self.at = at  # intersection index; -1 while it waits for a retreat choice


class Player(Fields):
    """One seat: its hand, its supply of pieces, its track levels and this turn's marks."""

    FIELDS = ("id", "name", "seat", "color", "res", "com", "hidden_materials", "roads", "settlements",
              "cities", "walls", "knights", "levels", "vp_tokens", "revealed_vp", "hand", "standing_want",
              "standing_want_live", "merchant_fleet_types", "commercial_harbor_remaining", "free_roads",
              "crane_played", "medicine_played", "progress_played", "knight_actions_used",
              "knights_activated", "knight_promotions_used", "domestic_proposals", "resigned")

    def __init__(self, id: str, name: str, seat: int, color: str) -> None:  # noqa: A002
        self.id = id
        self.name = name
        self.seat = seat
        self.color = color
        self.res: dict[str, int] = {r: 0 for r in C.RESOURCES}
        self.com: dict[str, int] = {c: 0 for c in C.COMMODITIES}
        # Cards whose type this state does not know (a position loaded from another seat's view).
        self.hidden_materials = 0
        self.roads: int = C.SUPPLY["roads"]
        self.settlements: int = C.SUPPLY["settlements"]
        self.cities: int = C.SUPPLY["cities"]
        self.walls: int = C.SUPPLY["cityWalls"]
        self.knights: dict[str, int] = dict(C.KNIGHT_SUPPLY)
        self.levels: dict[str, int] = {t: 0 for t in C.TRACKS}
        self.vp_tokens = 0
        self.revealed_vp: list[dict[str, str]] = []
        # Progress cards {"instanceId", "cardId"}; a hidden card has cardId "" and only its deck known.
        self.hand: list[dict[str, str]] = []
        self.standing_want: dict[str, Any] | None = None
        # Set once the posted want has become executable by an opponent (announced once, rules §12.3).
        self.standing_want_live = False
        self.merchant_fleet_types: list[str] = []
        self.commercial_harbor_remaining: list[str] = []
        self.free_roads = 0
        self.crane_played = False
        self.medicine_played = False
        self.progress_played: list[str] = []
        self.knight_actions_used: list[str] = []
        self.knights_activated: list[str] = []
        self.knight_promotions_used: list[str] = []
        self.domestic_proposals = 0
        self.resigned = False

    def material(self, kind: str) -> int:
        return self.res[kind] if kind in self.res else self.com.get(kind, 0)

    def add(self, kind: str, n: int) -> None:
        if kind in C.RESOURCES:
            self.res[kind] = self.res.get(kind, 0) + n
        else:
            self.com[kind] = self.com.get(kind, 0) + n

    def hand_size(self) -> int:
        """Resources plus commodities (the count discards and steals use)."""
        return sum(self.res.values()) + sum(self.com.values()) + self.hidden_materials

    def can_pay(self, cost: dict[str, int]) -> bool:
        """Whether the hand holds ``cost`` (materials the hand does not name count as none)."""
        res, com = self.res, self.com
        for kind, n in cost.items():  # noqa: SIM110  (a plain loop: this runs for every listed cost)
            if (res[kind] if kind in res else com.get(kind, 0)) < n:
                return False
        return True


class State(Fields):
    """A whole codex position: the board lists, the seats, the decks and what is pending."""

    FIELDS = ("seed", "game_id", "size", "players", "terrain", "tokens", "harbors", "vp_target",
              "standing_wants_enabled", "version", "phase", "current", "turn_number", "steal_ordinal",
              "b_owner", "b_type", "b_wall", "b_metro", "b_sideways", "knights", "knight_at", "road",
              "robber_hex", "robber_active", "merchant_hex", "merchant_owner", "dice", "dice_preset",
              "berserker_pos", "berserker_max", "first_attack_done", "longest_holder", "pending",
              "pending_ctx", "queue", "winner", "last_attack", "last_vp_awards", "decks", "bank",
              "setup_order", "setup_step", "first_player", "first_rolls", "discard_episodes",
              "domestic_declines", "domestic_counters", "domestic_outcomes", "opponent_types_hint")

    def __init__(self, seed: str | int, game_id: str, size: str, players: list[Player], terrain: list[str],
                 tokens: list[int | None], harbors: list[Harbor]) -> None:
        self.seed = seed
        self.game_id = game_id
        self.size = size
        self.players = players
        self.terrain = terrain
        self.tokens = tokens
        self.harbors = harbors
        self.vp_target: int = C.DEFAULT_VP_TARGET
        self.standing_wants_enabled = False
        self.version = 1
        self.phase = "setup1"
        self.current = 0
        self.turn_number = 0
        self.steal_ordinal = 0
        self.b_owner: list[int] = []
        self.b_type: list[str | None] = []
        self.b_wall: list[bool] = []
        self.b_metro: list[str | None] = []
        self.b_sideways: list[bool] = []
        self.knights: dict[str, Knight] = {}
        self.knight_at: list[str | None] = []
        self.road: list[int] = []
        self.robber_hex: int | None = None
        self.robber_active = False
        self.merchant_hex: int | None = None
        self.merchant_owner: int | None = None
        self.dice: dict[str, Any] = {
            "die1": None, "die2": None, "sum": None, "redDie": None,
            "eventDieResult": None, "alchemyPreset": False, "rollNumber": 0,
        }
        # Production dice fixed in advance for the next roll (the Augury card's hook).
        self.dice_preset: tuple[int, int] | None = None
        self.berserker_pos = 0
        self.berserker_max: int = C.BERSERKER_TRACK_MAX
        self.first_attack_done = False
        self.longest_holder: int | None = None
        self.pending: dict[str, Any] | None = None
        # Internal data of the open pending (never on the wire), and the tasks that follow it.
        self.pending_ctx: dict[str, Any] = {}
        self.queue: list[dict[str, Any]] = []
        self.winner: int | None = None
        self.last_attack: dict[str, Any] | None = None
        self.last_vp_awards: list[dict[str, Any]] = []
        self.decks: dict[str, list[dict[str, str]]] = {}
        self.bank: dict[str, int] = {}
        self.setup_order: list[int] = []
        self.setup_step = 0
        self.first_player = 0
        self.first_rolls: list[dict[str, Any]] = []
        self.discard_episodes = 0
        self.domestic_declines: list[dict[str, Any]] = []
        self.domestic_counters: list[dict[str, Any]] = []
        self.domestic_outcomes: list[dict[str, Any]] = []
        # A loaded view's list of opponent material types (kept while opponents' cards are hidden).
        self.opponent_types_hint: list[str] | None = None

    @property
    def topo(self) -> Topology:
        return topology(self.size)

    def seat_of_id(self, player_id: str) -> int | None:
        for p in self.players:
            if p.id == player_id:
                return p.seat
        return None

    def seat_order_from(self, start: int) -> list[int]:
        """Seats in rotation beginning at ``start``."""
        n = len(self.players)
        return [(start + k) % n for k in range(n)]

    def other_piece_at(self, i: int, seat: int) -> bool:
        """True when intersection ``i`` holds an opponent building or an opponent knight."""
        if self.b_type[i] is not None and self.b_owner[i] != seat:
            return True
        kid = self.knight_at[i]
        return kid is not None and self.knights[kid].owner != seat

    def occupied(self, i: int) -> bool:
        return self.b_type[i] is not None or self.knight_at[i] is not None

    def __getstate__(self) -> dict[str, Any]:
        """The fields alone: a copy (``copy.deepcopy``, ``copy.copy``, pickle) leaves the digest
        cache behind and builds its own on its first digest, and never takes a listing's memo."""
        fields = dict(vars(self))
        fields.pop(digest_text.CACHE_ATTRIBUTE, None)
        fields.pop(LISTING_ATTRIBUTE, None)
        return fields

    def copy(self) -> State:
        """An independent copy of this state, equal to what ``copy.deepcopy`` makes, made by
        pickling it and reading it back: a state holds plain values and records only, and pickle
        copies them about four times faster."""
        import pickle

        twin: State = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        return twin

    def __copy__(self) -> State:
        """A shallow copy, sharing every list and dict with this state: a change made through
        one is never announced to the other's digest cache, so both are digested from their
        full text from now on (see :mod:`~toolkit.games.codex.digest_text`)."""
        twin = object.__new__(State)
        vars(twin).update(self.__getstate__())
        digest_text.shared(self)
        digest_text.shared(twin)
        return twin


def positions(values: list[Any], x: Any) -> list[int]:
    """The indices at which ``values`` holds ``x``, in order (``list.count`` and ``list.index`` do
    the scanning, so finding a seat's few pieces on a board list stays cheap)."""
    out: list[int] = []
    at = -1
    for _ in range(values.count(x)):
        at = values.index(x, at + 1)
        out.append(at)
    return out


def empty_board_state(seed: str | int, game_id: str, size: str, players: list[Player],
                      terrain: list[str], tokens: list[int | None], harbors: list[Harbor]) -> State:
    topo = topology(size)
    n_int = len(topo.int_ids)
    state = State(seed=seed, game_id=game_id, size=size, players=players, terrain=terrain,
                  tokens=tokens, harbors=harbors)
    state.b_owner = [-1] * n_int
    state.b_type = [None] * n_int
    state.b_wall = [False] * n_int
    state.b_metro = [None] * n_int
    state.b_sideways = [False] * n_int
    state.knight_at = [None] * n_int
    state.road = [-1] * len(topo.edge_ids)
    state.bank = {r: C.BANK_RESOURCES for r in C.RESOURCES} | {c: C.BANK_COMMODITIES for c in C.COMMODITIES}
    return state


def snapshot(state: State) -> dict[str, Any]:
    """The whole canonical state as plain JSON data (what the digest hashes)."""
    data: dict[str, Any] = json.loads(full_text(state))
    return data


def full_text(state: State) -> str:
    """:func:`snapshot` as sorted compact JSON, serialised in one go from the live objects
    (same text as ``snapshot``, without its deep copy): what the digest hashes."""
    data = {name: getattr(state, name) for name in State.FIELDS}
    data["harbors"] = [[h.id, h.kind, h.edge, list(h.intersections)] for h in state.harbors]
    data["knights"] = dict(sorted(state.knights.items()))
    return dumps(data)


digest = digest_text.digest
"""SHA-256 of :func:`full_text`, from the pieces and hash states cached by
:mod:`~toolkit.games.codex.digest_text` (the same value, faster)."""


def full_digest(state: State) -> str:
    """SHA-256 of :func:`full_text` written afresh (the reference :func:`digest` must equal)."""
    return hashlib.sha256(full_text(state).encode()).hexdigest()
