"""The mutable game state of the codex engine.

The state is flat and integer-indexed (see :mod:`toolkit.games.codex.board`): one list per
piece kind indexed by intersection or edge, seats as ints. Wire ids are produced only by
:mod:`toolkit.games.codex.views`. Everything needed to continue a game deterministically
lives here, including what the wire never shows (deck order, the continuation queue behind
the single pending-decision slot, RNG counters).
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass, field
from typing import Any

from toolkit.games.codex import constants as C
from toolkit.games.codex import digest_text
from toolkit.games.codex.board import Harbor, Topology, topology
from toolkit.games.codex.digest_text import dumps

LISTING_ATTRIBUTE = "_listing_memo"
"""The state attribute holding the memo of a listing of its moves while it is listed
(:func:`toolkit.games.codex.flow.listing_memo`); not a field, so never digested or compared."""


@dataclass
class Knight:
    """One knight on the board: its owner, level and whether it is active (rules §10)."""

    id: str
    owner: int
    level: str
    active: bool
    at: int  # intersection index; -1 while it waits for a retreat choice


@dataclass
class Player:
    """One seat: its hand, its supply of pieces, its track levels and this turn's marks."""

    id: str
    name: str
    seat: int
    color: str
    res: dict[str, int] = field(default_factory=lambda: {r: 0 for r in C.RESOURCES})
    com: dict[str, int] = field(default_factory=lambda: {c: 0 for c in C.COMMODITIES})
    # Cards whose type this state does not know (a position loaded from another seat's view).
    hidden_materials: int = 0
    roads: int = C.SUPPLY["roads"]
    settlements: int = C.SUPPLY["settlements"]
    cities: int = C.SUPPLY["cities"]
    walls: int = C.SUPPLY["cityWalls"]
    knights: dict[str, int] = field(default_factory=lambda: dict(C.KNIGHT_SUPPLY))
    levels: dict[str, int] = field(default_factory=lambda: {t: 0 for t in C.TRACKS})
    vp_tokens: int = 0
    revealed_vp: list[dict[str, str]] = field(default_factory=list)
    # Progress cards {"instanceId", "cardId"}; a hidden card has cardId "" and only its deck known.
    hand: list[dict[str, str]] = field(default_factory=list)
    standing_want: dict[str, Any] | None = None
    # Set once the posted want has become executable by an opponent (announced once, rules §12.3).
    standing_want_live: bool = False
    merchant_fleet_types: list[str] = field(default_factory=list)
    commercial_harbor_remaining: list[str] = field(default_factory=list)
    free_roads: int = 0
    crane_played: bool = False
    medicine_played: bool = False
    progress_played: list[str] = field(default_factory=list)
    knight_actions_used: list[str] = field(default_factory=list)
    knights_activated: list[str] = field(default_factory=list)
    knight_promotions_used: list[str] = field(default_factory=list)
    domestic_proposals: int = 0
    resigned: bool = False

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


@dataclass
class State:
    """A whole codex position: the board lists, the seats, the decks and what is pending."""

    seed: str | int
    game_id: str
    size: str
    players: list[Player]
    terrain: list[str]
    tokens: list[int | None]
    harbors: list[Harbor]
    vp_target: int = C.DEFAULT_VP_TARGET
    standing_wants_enabled: bool = False
    version: int = 1
    phase: str = "setup1"
    current: int = 0
    turn_number: int = 0
    steal_ordinal: int = 0
    b_owner: list[int] = field(default_factory=list)
    b_type: list[str | None] = field(default_factory=list)
    b_wall: list[bool] = field(default_factory=list)
    b_metro: list[str | None] = field(default_factory=list)
    b_sideways: list[bool] = field(default_factory=list)
    knights: dict[str, Knight] = field(default_factory=dict)
    knight_at: list[str | None] = field(default_factory=list)
    road: list[int] = field(default_factory=list)
    robber_hex: int | None = None
    robber_active: bool = False
    merchant_hex: int | None = None
    merchant_owner: int | None = None
    dice: dict[str, Any] = field(
        default_factory=lambda: {
            "die1": None, "die2": None, "sum": None, "redDie": None,
            "eventDieResult": None, "alchemyPreset": False, "rollNumber": 0,
        }
    )
    # Production dice fixed in advance for the next roll (the Augury card's hook).
    dice_preset: tuple[int, int] | None = None
    berserker_pos: int = 0
    berserker_max: int = C.BERSERKER_TRACK_MAX
    first_attack_done: bool = False
    longest_holder: int | None = None
    pending: dict[str, Any] | None = None
    # Internal data of the open pending (never on the wire), and the tasks that follow it.
    pending_ctx: dict[str, Any] = field(default_factory=dict)
    queue: list[dict[str, Any]] = field(default_factory=list)
    winner: int | None = None
    last_attack: dict[str, Any] | None = None
    last_vp_awards: list[dict[str, Any]] = field(default_factory=list)
    decks: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    bank: dict[str, int] = field(default_factory=dict)
    setup_order: list[int] = field(default_factory=list)
    setup_step: int = 0
    first_player: int = 0
    first_rolls: list[dict[str, Any]] = field(default_factory=list)
    discard_episodes: int = 0
    domestic_declines: list[dict[str, Any]] = field(default_factory=list)
    domestic_counters: list[dict[str, Any]] = field(default_factory=list)
    domestic_outcomes: list[dict[str, Any]] = field(default_factory=list)
    # A loaded view's list of opponent material types (kept while opponents' cards are hidden).
    opponent_types_hint: list[str] | None = None

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
    data = dataclasses.asdict(state)
    data["harbors"] = [[h.id, h.kind, h.edge, list(h.intersections)] for h in state.harbors]
    data["knights"] = {k: dataclasses.asdict(v) for k, v in sorted(state.knights.items())}
    return data


def full_text(state: State) -> str:
    """:func:`snapshot` as sorted compact JSON, serialised in one go from the live objects
    (same text as ``snapshot``, without its deep copy): what the digest hashes."""
    data = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}
    data["harbors"] = [[h.id, h.kind, h.edge, list(h.intersections)] for h in state.harbors]
    data["knights"] = dict(sorted(state.knights.items()))
    return dumps(data)


def digest(state: State) -> str:
    """SHA-256 of :func:`full_text`, from the pieces and hash states cached by
    :mod:`~toolkit.games.codex.digest_text` (the same value, faster)."""
    return digest_text.digest(state)


def full_digest(state: State) -> str:
    """SHA-256 of :func:`full_text` written afresh (the reference :func:`digest` must equal)."""
    return hashlib.sha256(full_text(state).encode()).hexdigest()
