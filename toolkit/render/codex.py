"""The codex adapter: a codex wire view (the bot protocol's ``state``) to drawable parts.

Everything is placed from the ids alone, so a captured real state and our own engine's views
render through the same code: a hex ``"q,r"`` is an axial coordinate; an intersection id joins
the three axial coordinates of the hexes meeting there (sea ones included), so its position is
the centroid of those three centres; an edge joins two intersections. Hexes, harbors and the
berserker track are drawn once; roads, buildings, walls, metropolis markers, knights, the
robber, the Guildmaster and the berserker ship are pieces whose classes name kind and owner.

The words (the open decision, trades, cards) live in :mod:`toolkit.render.codex_words`.
Player ids and names are data, never markup: they reach the SVG only as escaped text or
attribute values, and classes carry the seat number, never the id.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple, TypeGuard

from toolkit.render.adapters import Remembered
from toolkit.render.codex_words import (
    COMMODITIES,
    RESOURCES,
    TIERS,
    TRACKS,
    Seating,
    SpotNames,
    answerers,
    as_int,
    auction_facts,
    fact,
    humanise,
    move_phrase,
    named_players,
    pending_phrase,
    plain_event,
    progress_count,
    progress_names,
    progress_words,
    seating,
    spot_names,
    told_to_all,
    viewer_of,
    want_facts,
)
from toolkit.render.geometry import (
    Layout,
    Point,
    angle_deg,
    axial_or_none,
    axial_to_lattice,
    fit_layout,
    midpoint,
    parse_axial,
)
from toolkit.render.scene import (
    Board,
    FrameParts,
    Harbor,
    Header,
    Panel,
    Piece,
    PlayerRow,
    Stat,
    Tile,
    Track,
    owned,
)

GAME = "codex"
HEX_SIZE = 48.0
GRAND_HEX_SIZE = 40.0
MARGIN = 52.0
TRACK_STRIP = 46.0
TRACK_CELL = 26.0
TRACK_GAP = 6.0
MAX_TRACK = 20  # a longer track in the data is drawn only this far
STORY_MOVES: dict[str, set[str]] = {
    "offer": {"domesticTradePropose"},
    "answer": {"domesticTradePass", "domesticTradeBid", "domesticTradeAward", "domesticTradeCancel"},
    "roll": {"rollDice"},
    "end": {"endTurn"},
}
_TAGS_OF: dict[str, frozenset[str]] = {
    kind: frozenset(tag for tag, kinds in STORY_MOVES.items() if kind in kinds)
    for kind in set().union(*STORY_MOVES.values())
}  # the story tags of each move type that has any

View = Mapping[str, Any]


# ---------------------------------------------------------------- ids to positions


def _axial(text: Any) -> tuple[int, int] | None:
    if not isinstance(text, str):
        return None
    return axial_or_none(text)


def vertex_lattice(intersection_id: Any) -> tuple[float, float] | None:
    """Where an intersection sits on the doubled lattice: the centroid of its three hexes."""
    if not isinstance(intersection_id, str):
        return None
    return _vertex_lattice(intersection_id)


@lru_cache(maxsize=8192)
def _vertex_lattice(intersection_id: str) -> tuple[float, float] | None:
    parts = intersection_id.split("|")
    if len(parts) != 3:
        return None
    coords = [_axial(part) for part in parts]
    points = [axial_to_lattice(*c) for c in coords if c is not None]
    if len(points) != 3:
        return None
    return (sum(x for x, _ in points) / 3, sum(y for _, y in points) / 3)


def edge_ends(edge_id: str, edge: Mapping[str, Any]) -> tuple[str, str] | None:
    """The two intersection ids an edge joins: its own fields, else read from its id.

    An id joins two intersection ids with ``--``; as an intersection id may start with ``-``,
    the split is the ``--`` that leaves two readable intersection ids.
    """
    a, b = edge.get("intersectionA"), edge.get("intersectionB")
    if vertex_lattice(a) is not None and vertex_lattice(b) is not None:
        return str(a), str(b)
    start = edge_id.find("--")
    while start >= 0:
        left, right = edge_id[:start], edge_id[start + 2 :]
        if vertex_lattice(left) is not None and vertex_lattice(right) is not None:
            return left, right
        start = edge_id.find("--", start + 1)
    return None


@dataclass(frozen=True)
class Geometry:
    """Pixel positions for one board: hex centres, intersections, the berserker track's cells."""

    layout: Layout
    width: float
    height: float
    size: float
    hexes: tuple[str, ...]
    strip_y: float
    spots: dict[str, Point | None] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def hex_centre(self, hex_id: Any) -> Point | None:
        coords = _axial(hex_id)
        return None if coords is None else self.layout.axial(*coords)

    def vertex(self, intersection_id: Any) -> Point | None:
        """An intersection's pixel position (remembered per board: every frame asks again)."""
        if not isinstance(intersection_id, str):
            return None
        try:
            return self.spots[intersection_id]
        except KeyError:
            pass
        spot = vertex_lattice(intersection_id)
        at = None if spot is None else self.layout.point(*spot)
        if len(self.spots) < 8192:
            self.spots[intersection_id] = at
        return at

    def track_cells(self, count: int) -> tuple[Point, ...]:
        span = count * TRACK_CELL + (count - 1) * TRACK_GAP
        left = (self.width - span) / 2 + TRACK_CELL / 2 + 40
        return tuple(Point.at(left + i * (TRACK_CELL + TRACK_GAP), self.strip_y) for i in range(count))


def _radius(coords: Iterable[tuple[int, int]]) -> int:
    return max((max(abs(q), abs(r), abs(q + r)) for q, r in coords), default=0)


@lru_cache(maxsize=8)
def _geometry(hex_ids: tuple[str, ...]) -> Geometry:
    coords = [c for c in (_axial(h) for h in hex_ids) if c is not None] or [(0, 0)]
    size = HEX_SIZE if _radius(coords) <= 2 else GRAND_HEX_SIZE
    layout, width, height = fit_layout([axial_to_lattice(q, r) for q, r in coords], size, MARGIN)
    strip_y = round(height + TRACK_STRIP / 2 - 14, 2)
    return Geometry(layout, width, round(height + TRACK_STRIP - 10, 2), size, hex_ids, strip_y)


def _board(view: View) -> Mapping[str, Any]:
    board = view.get("board")
    return board if type(board) is dict or isinstance(board, Mapping) else {}


def _table(board: Mapping[str, Any], key: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The entries of one id-keyed table of the board, in id order, leaving out malformed ones."""
    table = board.get(key)
    if not isinstance(table, Mapping):
        return []
    found = [(str(k), v) for k, v in table.items() if type(v) is dict or isinstance(v, Mapping)]
    found.sort(key=_FIRST)
    return found


def _is_mapping(value: Any) -> TypeGuard[Mapping[str, Any]]:
    """``isinstance(value, Mapping)``, answered at once for a plain dict (nearly every value)."""
    return type(value) is dict or isinstance(value, Mapping)


def _counts(table: Mapping[str, Any], kinds: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """``(kind, count)`` for each of ``kinds``, a count that is no int read as 0."""
    return tuple([(k, n if type(n) is int else as_int(n)) for k in kinds for n in (table.get(k),)])


_FIRST = operator.itemgetter(0)  # an entry's id, the key tables are sorted by


def metropolis_tracks(view: View) -> dict[str, list[str]]:
    """The tracks of each player's metropolises, by owner id, in intersection order."""
    table = _board(view).get("intersections")
    if not isinstance(table, Mapping):
        return {}
    held = []
    for key, spot in table.items():
        building = spot.get("building") if type(spot) is dict or isinstance(spot, Mapping) else None
        if building and _is_mapping(building) and building.get("metropolisType") in TRACKS:
            owner = building.get("ownerPlayerId")
            if isinstance(owner, str):
                held.append((str(key), owner, str(building["metropolisType"])))
    found: dict[str, list[str]] = {}
    for _, owner, track in sorted(held):
        found.setdefault(owner, []).append(track)
    return found


class _Facts(NamedTuple):
    """What every row of one view reads beside its player's entry."""

    raw_phase: Any
    phase: str
    playing: bool
    current: Any
    longest: Any
    merchant: Any
    open_decision: bool
    kind: str
    acting: Any
    answering: tuple[str, ...]  # who answers the open decision (none while none is open)


#: The view fields the panel foot's facts of the table read (:func:`_table_facts`).
_TABLE_FIELDS = (
    "berserkerTrackMax",
    "berserkerTrackPosition",
    "lastBerserkerAttack",
    "robberActive",
    "dice",
    *(f"{t}DeckCount" for t in TRACKS),
    "bankResources",
    "bankCommodities",
)
_FACT_FIELDS = ("phase", "currentPlayerId", "longestRoadHolderPlayerId", "merchantOwnerPlayerId")
_LEVELS = tuple((t, f"{t}Level") for t in TRACKS)  # each track and the entry's key for its level


def _facts(view: View) -> _Facts:
    get = view.get
    raw_phase, pending = get("phase"), get("pendingDecision")
    phase = str(raw_phase or "")
    kind, acting, answering = "", None, tuple[str, ...]()
    opened = _is_mapping(pending)
    if _is_mapping(pending):
        kind, acting = str(pending.get("type") or ""), pending.get("actingPlayerId")
        answering = tuple(answerers(pending))
    current, longest = get("currentPlayerId"), get("longestRoadHolderPlayerId")
    merchant = get("merchantOwnerPlayerId")
    playing = phase != "gameOver"
    return _Facts(raw_phase, phase, playing, current, longest, merchant, opened, kind, acting, answering)


_SPOTS = 4096  # edges and intersections whose pieces are remembered, before starting afresh


def geometry(view: View) -> Geometry:
    hexes = tuple(k for k, _ in _table(_board(view), "hexes") if _axial(k) is not None)
    return _geometry(hexes)


# ---------------------------------------------------------------- the adapter


class CodexAdapter:
    """Turns codex wire views into :mod:`toolkit.render.scene` parts.

    Every part is remembered with the view data it was read from, so a replay's next frame
    remakes only what changed. A view is read and never changed in place (the engines' views
    promise it), so that data is held as it is, not copied: the header and each row beside the
    view fields they read, compared by value; pieces and metropolises beside the board's
    tables, known again by identity (the engine hands the same table again while nothing on it
    changed). A part made again equal to the last one is that same object, which the page
    pipeline finds by identity.
    """

    game = GAME

    def __init__(self) -> None:
        self._note: tuple[Any, tuple[Point, str] | None] | None = None
        self._drawn: tuple[Any, tuple[Any, ...], tuple[Piece, ...]] | None = None
        self._named: tuple[Any, SpotNames] | None = None
        self._drawn_board: tuple[Any, Any, Any, SpotNames, Board] | None = None
        self._metropolises: tuple[Any, dict[str, list[str]]] | None = None
        self._foot: Panel | None = None
        self._foot_key: tuple[Any, ...] | None = None
        self._table: tuple[tuple[Any, ...], tuple[Stat, ...]] | None = None
        self._facts = Remembered(8)  # by open decision, then the other fields facts read
        self._phrases = Remembered(8)  # the words of an open decision, by decision
        self._head: tuple[Any, Header] | None = None
        self._seated: tuple[tuple[Any, ...], Seating] | None = None
        self._seatings = Remembered()  # by players table
        self._parts: dict[str, tuple[Any, Geometry, tuple[Any, Any], SpotNames, list[Piece]]] = {}
        self._spots: dict[str, tuple[Any, Geometry, tuple[Any, Any], SpotNames, list[Piece]]] = {}
        self._rows: dict[Hashable, tuple[tuple[Any, ...], PlayerRow]] = {}
        self._variants = Remembered(64)  # rows by entry, then by the other inputs

    def board(self, view: View) -> Board:
        """The hexes, harbors and berserker track. The same object again while the hexes and
        harbors tables (known by identity) and the track's length are, or while a board made
        again from new tables equals it: another board means two number tokens changed hexes."""
        table = _board(view)
        hexes, harbors, length = table.get("hexes"), table.get("harbors"), view.get("berserkerTrackMax")
        last = self._drawn_board
        if last is not None and last[0] is hexes and last[1] is harbors and last[2] == length:
            return last[4]
        # a new hexes table is most often the robber or the merchant moving, which changes
        # nothing drawn here: the spot namer, one per set of terrains and numbers, tells
        places = self._places(view)
        if last is not None and last[1] is harbors and last[2] == length and last[3] is places:
            made = last[4]
        else:
            made = self._board_of(view, places)
            if last is not None and last[4] == made:
                made = last[4]
        self._drawn_board = (hexes, harbors, length, places, made)
        return made

    def _board_of(self, view: View, places: SpotNames) -> Board:
        geo = geometry(view)
        board = _board(view)
        tiles = []
        for key, item in _table(board, "hexes"):
            centre = geo.hex_centre(key)
            if centre is None:
                continue
            terrain = str(item.get("type") or "desert")
            token = item.get("numberToken")
            tiles.append(
                Tile(
                    key=key,
                    center=centre,
                    corners=tuple(geo.layout.corners(*axial_to_lattice(*parse_axial(key)))),
                    terrain=terrain,
                    token=token if isinstance(token, int) and not isinstance(token, bool) else None,
                    title=f"{places(key)} (hex {key})",
                )
            )
        harbors = []
        raw = board.get("harbors")
        land = {k for k, _ in _table(board, "hexes")}
        for index, harbor in enumerate(raw if isinstance(raw, list) else []):
            made = self._harbor(geo, harbor, index, land)
            if made is not None:
                harbors.append(made)
        length = max(1, min(MAX_TRACK, as_int(view.get("berserkerTrackMax"), 7)))
        track = Track(
            key="berserker",
            label="Berserkers",
            cells=geo.track_cells(length + 1),
            marks=tuple(str(i) for i in range(length + 1)),
            cell_size=TRACK_CELL,
            goal=length,
        )
        return Board(GAME, geo.width, geo.height, geo.size, tuple(tiles), tuple(harbors), (track,))

    @staticmethod
    def _harbor(geo: Geometry, harbor: Any, index: int, land: set[str]) -> Harbor | None:
        if not isinstance(harbor, Mapping):
            return None
        ends = harbor.get("intersectionIds")
        if not isinstance(ends, list) or len(ends) != 2:
            return None
        a, b = geo.vertex(ends[0]), geo.vertex(ends[1])
        if a is None or b is None:
            return None
        shared = sorted(set(str(ends[0]).split("|")) & set(str(ends[1]).split("|")) & land)
        mid = midpoint(a, b)
        inland = geo.hex_centre(shared[0]) if shared else None
        if inland is None:
            inland = Point.at(geo.width / 2, (geo.height - TRACK_STRIP) / 2)
        out = mid - inland
        spot = mid + out.scaled(geo.size * 0.62 / (out.length() or 1.0))
        rate = str(harbor.get("type") or "3:1")
        generic = rate == "3:1" or rate not in RESOURCES
        return Harbor(
            key=str(harbor.get("id") or index),
            ends=(a, b),
            at=spot,
            kind="generic" if generic else rate,
            label="3:1" if generic else "2:1",
        )

    def pieces(self, view: View) -> tuple[Piece, ...]:
        """The pieces, made again only when the board (known by identity: the engine hands the
        same board while no piece moved) or a marker or name drawn beside it changed."""
        board = view.get("board")
        inputs: tuple[Any, ...] = (
            view.get("robberActive"),
            view.get("merchantHexId"),
            view.get("merchantOwnerPlayerId"),
            view.get("berserkerTrackMax"),
            view.get("berserkerTrackPosition"),
        )
        seats = self._seating(view)
        inputs += (seats.seat_of, seats.names)
        last = self._drawn
        if last is not None and last[0] is board and last[1] == inputs:
            return last[2]
        made = self._pieces(view)
        if last is not None and last[2] == made:
            made = last[2]
        self._drawn = (board, inputs, made)
        return made

    def _pieces(self, view: View) -> tuple[Piece, ...]:
        geo = geometry(view)
        seats = self._seating(view)
        board = _board(view)
        hexes = _table(board, "hexes")
        places = self._places(view)
        pieces = [
            *self._pieces_of(board, "edges", geo, seats, places, self._roads),
            *self._pieces_of(board, "intersections", geo, seats, places, self._buildings_and_knights),
        ]
        if view.get("robberActive") is True:
            robber = next((k for k, h in hexes if h.get("robberPresent") is True), None)
            centre = geo.hex_centre(robber)
            if robber is not None and centre is not None:
                at = centre + Point.at(-geo.size * 0.48, 0)
                pieces.append(Piece("robber", None, at, title=f"the robber on {places(robber)}"))
        merchant = view.get("merchantHexId")
        if not isinstance(merchant, str):
            merchant = next((k for k, h in hexes if h.get("merchantPresent") is True), None)
        centre = geo.hex_centre(merchant)
        if merchant is not None and centre is not None:
            owner = view.get("merchantOwnerPlayerId")
            held = f" held by {seats.name(owner)}" if isinstance(owner, str) else ""
            place = places(merchant)
            pieces.append(
                Piece(
                    "merchant",
                    seats.seat(owner),
                    centre + Point.at(geo.size * 0.48, 0),
                    owner=owner if isinstance(owner, str) else "",
                    title=f"the Guildmaster on {place}{held}",
                    said=f"the Guildmaster on {place}",
                )
            )
        length = max(1, min(MAX_TRACK, as_int(view.get("berserkerTrackMax"), 7)))
        position = max(0, min(length, as_int(view.get("berserkerTrackPosition"))))
        cells = geo.track_cells(length + 1)
        title = f"berserkers at {position} of {length}"
        pieces.append(Piece("berserker", None, cells[position], title=title))
        return tuple(pieces)

    def _pieces_of(
        self,
        board: Mapping[str, Any],
        part: str,
        geo: Geometry,
        seats: Seating,
        places: SpotNames,
        make: Callable[[Mapping[str, Any], Geometry, Seating, SpotNames], list[Piece]],
    ) -> list[Piece]:
        """The pieces drawn from one table of the board, made again only when the table is
        another object or the board's geometry, the players' seats or names, or the hexes'
        numbers changed."""
        table, shown = board.get(part), (seats.seat_of, seats.names)
        last = self._parts.get(part)
        if (
            last is not None
            and last[0] is table
            and last[1] is geo
            and last[2] == shown
            and last[3] is places
        ):
            return last[4]
        made = make(board, geo, seats, places)
        self._parts[part] = (table, geo, shown, places, made)
        return made

    def _roads(
        self, board: Mapping[str, Any], geo: Geometry, seats: Seating, places: SpotNames
    ) -> list[Piece]:
        pieces = []
        for key, edge in _table(board, "edges"):
            pieces.extend(self._spot(key, edge, geo, seats, places, self._road))
        return pieces

    @staticmethod
    def _road(
        key: str, edge: Mapping[str, Any], geo: Geometry, seats: Seating, places: SpotNames
    ) -> list[Piece]:
        owner = edge.get("roadOwnerPlayerId")
        ends = edge_ends(key, edge) if isinstance(owner, str) else None
        if ends is None:
            return []
        a, b = geo.vertex(ends[0]), geo.vertex(ends[1])
        if a is None or b is None:
            return []
        named = owned("road", seats.name(owner), places(key))
        return [Piece("road", seats.seat(owner), midpoint(a, b), angle_deg(a, b), owner=str(owner), **named)]

    def _buildings_and_knights(
        self, board: Mapping[str, Any], geo: Geometry, seats: Seating, places: SpotNames
    ) -> list[Piece]:
        pieces: list[Piece] = []
        for key, spot in _table(board, "intersections"):
            pieces.extend(self._spot(key, spot, geo, seats, places, self._corner))
        return pieces

    @classmethod
    def _corner(
        cls, key: str, spot: Mapping[str, Any], geo: Geometry, seats: Seating, places: SpotNames
    ) -> list[Piece]:
        at = geo.vertex(key)
        if at is None:
            return []
        place = places(key)
        building = cls._building(spot.get("building"), at, seats, geo.size, place)
        return [*building, *cls._knight(spot.get("knight"), at, seats, place)]

    def _spot(
        self,
        key: str,
        entry: Mapping[str, Any],
        geo: Geometry,
        seats: Seating,
        places: SpotNames,
        make: Callable[[str, Mapping[str, Any], Geometry, Seating, SpotNames], list[Piece]],
    ) -> list[Piece]:
        """The pieces of one edge or intersection of the board: made again only when its entry
        (compared by value: the engine remakes a whole table when one spot in it changed), the
        board's geometry, the players' seats or names, or the hexes' numbers changed."""
        shown = (seats.seat_of, seats.names)
        last = self._spots.get(key)
        if (
            last is not None
            and last[1] is geo
            and last[0] == entry
            and last[2] == shown
            and last[3] is places
        ):
            return last[4]
        made = make(key, entry, geo, seats, places)
        if len(self._spots) >= _SPOTS:
            self._spots.clear()
        self._spots[key] = (entry, geo, shown, places, made)
        return made

    @staticmethod
    def _building(building: Any, at: Point, seats: Seating, size: float, place: str) -> list[Piece]:
        """The building on a corner, its city wall and its metropolis, each named with its place."""
        if building is None or not _is_mapping(building):
            return []
        owner = building.get("ownerPlayerId")
        owner_id = owner if isinstance(owner, str) else ""
        seat = seats.seat(owner)
        name = seats.name(owner)

        def piece(kind: str, what: str, at: Point = at, then: str = "", **drawn: Any) -> Piece:
            return Piece(kind, seat, at, owner=owner_id, **owned(what, name, place, then), **drawn)

        found: list[Piece] = []
        if building.get("cityWallPresent") is True:
            found.append(piece("wall", "city wall"))
        if building.get("cityPieceAsSettlement") is True:
            found.append(
                piece(
                    "city",
                    "pillaged city",
                    then=", turned sideways: it counts as a settlement",
                    counts_as="settlement",
                    angle=90.0,
                    extra=("sideways",),
                )
            )
        elif building.get("type") == "city":
            found.append(piece("city", "city"))
        else:
            found.append(piece("settlement", "settlement"))
        track = building.get("metropolisType")
        if track in TRACKS:
            tower = at + Point.at(size * 0.3, -size * 0.34)
            found.append(
                piece(
                    "metropolis",
                    f"{track} metropolis",
                    tower,
                    extra=(f"track-{track}",),
                    symbol="metropolis-tower",
                )
            )
        return found

    @staticmethod
    def _knight(knight: Any, at: Point, seats: Seating, place: str) -> list[Piece]:
        if knight is None or not _is_mapping(knight):
            return []
        owner = knight.get("ownerPlayerId")
        level = knight.get("level") if knight.get("level") in TIERS else "basic"
        state = "active" if knight.get("state") == "active" else "inactive"
        symbol = "knight" if level == "basic" else f"knight-{level}"
        return [
            Piece(
                "knight",
                seats.seat(owner),
                at,
                extra=(str(level), state),
                owner=owner if isinstance(owner, str) else "",
                symbol=symbol,
                **owned(f"{state} {level} knight", seats.name(owner), place),
            )
        ]

    def _seating(self, view: View) -> Seating:
        """:func:`seating`, worked out once per players table (known by identity: the engine and
        the naming hand the same table again while none of its entries changed), and from a
        new table only again when a player's id, seat index or name is another than before."""
        players = view.get("players")
        found: Seating | None = self._seatings.get(players)
        if found is None:
            found = self._seating_of(view)
            self._seatings.put(players, found)
        return found

    def _seating_of(self, view: View) -> Seating:
        players = view.get("players")
        if type(players) is not dict:
            return seating(view)
        key = []
        for pid, entry in players.items():
            if type(pid) is not str or type(entry) is not dict:
                return seating(view)
            key.append((pid, entry.get("seatIndex"), entry.get("name")))
        shape = tuple(key)
        last = self._seated
        if last is None or last[0] != shape:
            made = seating(view)
            self._seated = (shape, made)
            return made
        known = last[1]
        return Seating(known.seat_of, known.names, tuple([(pid, players[pid]) for pid, _ in known.entries]))

    def players(self, view: View) -> list[tuple[int, str]]:
        seats = self._seating(view)
        return [(seats.seat_of[pid], seats.names[pid]) for pid, _ in seats.entries]

    def winner(self, view: View) -> str | None:
        winner = view.get("winnerPlayerId")
        return self._seating(view).name(winner) if isinstance(winner, str) else None

    def event_lines(self, move: Mapping[str, Any], events: list[Any]) -> list[str]:
        """Public event texts, leaving out the one that only restates the move itself."""
        lines = []
        own = move.get("type")
        for item in events:
            if not (type(item) is dict or isinstance(item, Mapping)) or not isinstance(item.get("text"), str):
                continue
            if "visibleTo" in item or item.get("type") == own:
                continue
            lines.append(told_to_all(item.get("type"), str(item["text"])))
        return lines

    def move_words(self, move: Mapping[str, Any], events: list[Any]) -> str | None:
        """The move in words: its own public event's text (``p2 builds a road``), else a phrase
        from its type alone. Never the payload: a payload may name a hidden card.
        """
        own = move.get("type")
        for item in events:
            if (
                (type(item) is dict or isinstance(item, Mapping))
                and "visibleTo" not in item
                and item.get("type") == own
                and isinstance(item.get("text"), str)
            ):
                return told_to_all(item.get("type"), str(item["text"]))
        return move_phrase(move)

    def plain_places(self, text: str, view: View) -> str:
        """Event words with spots named by their hexes, knight ids dropped, cards named."""
        return plain_event(text, self._places(view))

    def _places(self, view: View) -> SpotNames:
        """The namer of the view's spots (:func:`spot_names`), looked up again only for another
        hexes table (the engine hands the same one while no hex changed)."""
        board = _board(view)
        table = board.get("hexes")
        last = self._named
        if last is None or last[0] is not table:
            last = self._named = (table, spot_names(_table(board, "hexes")))
        return last[1]

    def track_note(self, view: View) -> tuple[Point, str] | None:
        """Knight strength against berserker strength, written beside the berserker track.

        The berserkers are as strong as the cities on the board (metropolises included, a
        pillaged city turned sideways not); the defence is the active knights' levels summed.
        """
        board = view.get("board")  # the same object again while nothing on it changed
        if self._note is None or self._note[0] is not board:
            self._note = (board, self._track_note(view))
        return self._note[1]

    def _track_note(self, view: View) -> tuple[Point, str] | None:
        geo = geometry(view)
        cities = knights = 0
        for _, spot in _table(_board(view), "intersections"):
            building = spot.get("building")
            if building is not None and _is_mapping(building) and building.get("type") == "city":
                cities += 0 if building.get("cityPieceAsSettlement") is True else 1
            knight = spot.get("knight")
            if knight is not None and _is_mapping(knight) and knight.get("state") == "active":
                knights += 1 + (TIERS.index(knight["level"]) if knight.get("level") in TIERS else 0)
        return Point.at(geo.width - 10, geo.strip_y - 22), f"knights {knights} vs berserkers {cities}"

    def blocked(self, view: View) -> str | None:
        """The hex the robber stands on, once it is in play."""
        if view.get("robberActive") is not True:
            return None
        return next((k for k, h in _table(_board(view), "hexes") if h.get("robberPresent") is True), None)

    def story_tags(self, move: Mapping[str, Any], events: list[Any]) -> set[str]:
        """``offer``, ``answer``, ``roll`` and ``end`` from the move's type."""
        kind = move.get("type")
        return set(_TAGS_OF.get(kind, ())) if isinstance(kind, str) else set()

    def with_names(self, view: View, names: Mapping[str, str], memo: dict[str, Any] | None = None) -> View:
        """The view with players' names (id -> name, from the save's config) where it has none.

        ``memo`` (kept for one save's views) names each player entry once; see :func:`named_players`.
        """
        return named_players(view, names, memo)

    def header(self, view: View) -> Header:
        get = view.get
        seats = self._seating(view)
        # The open decision shows only as its phrase: a decision that changed in what it
        # does not say (a new bid) leaves the header as it was.
        phrase = self._phrase(get("pendingDecision"), seats)
        inputs = (get("phase"), get("currentPlayerId"), get("dice"), phrase)
        key = (inputs, get("turnNumber"), get("winnerPlayerId"), seats.seat_of, seats.names, viewer_of(seats))
        last = self._head
        if last is not None and last[0] == key:
            return last[1]
        made = self._header(view, phrase)
        if last is not None and last[1] == made:
            made = last[1]
        self._head = (key, made)
        return made

    def _phrase(self, pending: Any, seats: Seating) -> str:
        """:func:`pending_phrase`, worked out once per open decision (known by identity) and
        players' names."""
        last = self._phrases.get(pending)
        if last is None or last[0] != seats.names:
            last = (seats.names, pending_phrase(pending, seats))
            self._phrases.put(pending, last)
        found: str = last[1]
        return found

    def _header(self, view: View, phrase: str) -> Header:
        seats = self._seating(view)
        phase = str(view.get("phase") or "")
        current = seats.name(view.get("currentPlayerId"))
        dice_raw = view.get("dice")
        dice_map: Mapping[str, Any] = dice_raw if isinstance(dice_raw, Mapping) else {}
        pair = (dice_map.get("die1"), dice_map.get("die2"))
        shown = all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in pair)
        dice = (as_int(pair[0]), as_int(pair[1])) if shown else None
        event = dice_map.get("eventDieResult")
        if phase == "gameOver":
            winner = self.winner(view)
            acting = f"game over: {winner} wins" if winner else "game over"
        elif phrase:
            acting = phrase
        elif phase == "roll":
            acting = f"{current} to roll"
        elif phase in ("setup1", "setup2"):
            acting = f"{current} to place a settlement"
        else:
            acting = f"{current} to build, trade or end the turn"
        viewer = viewer_of(seats)
        setup = phase in ("setup1", "setup2")
        return Header(
            turn=f"Setup {phase[-1]}" if setup else f"Turn {as_int(view.get('turnNumber'))}",
            phase=phase,
            dice=dice,
            acting=acting,
            viewer="spectator" if viewer is None else f"view of {seats.name(viewer)}",
            dice_kinds=("yellow", "red") if dice else (),
            event=str(event) if dice and isinstance(event, str) else "",
        )

    @staticmethod
    def _row(
        seats: Seating, pid: str, player: Mapping[str, Any], held: Sequence[str], facts: _Facts
    ) -> PlayerRow:
        """Player ``pid``'s row from its entry, the tracks of its metropolises and the view's facts."""
        resources = player.get("resources")
        hand = None
        if _is_mapping(resources):
            commodities = player.get("commodities")
            extra = commodities if _is_mapping(commodities) else {}
            hand = (*_counts(resources, RESOURCES), *_counts(extra, COMMODITIES))
            count = sum(n for _, n in hand)
        else:
            count = as_int(player.get("materialCount"))
        cards = progress_names(player)
        words = progress_words(player) if cards is None else ""
        badges = []
        if facts.longest == pid:
            badges.append("Longest road")
        if facts.merchant == pid:
            badges.append("Guildmaster")
        badges.extend(f"{track.capitalize()} metropolis" for track in held)
        tokens = as_int(player.get("vpTokens"))
        if tokens:
            badges.append(f"defender {tokens}")
        current = facts.current == pid and facts.playing
        to_move = ""
        if facts.open_decision and facts.playing:
            if pid in facts.answering:
                if facts.kind == "domesticTradeResponse":
                    to_move = "award or cancel the trade" if facts.acting == pid else "bid or pass"
                else:
                    to_move = humanise(facts.kind)
        elif current:
            to_move = {"roll": "roll", "setup1": "place", "setup2": "place"}.get(facts.phase, "play the turn")
        return PlayerRow(
            seat=seats.seat_of[pid],
            name=seats.names[pid],
            score=str(as_int(player.get("victoryPoints"))),
            hand_count=count,
            hand=hand,
            card_count=progress_count(player),
            cards=cards,
            badges=tuple(badges),
            stats=(fact("from", words, "decks"),) if words else (),
            to_move=to_move,
            current=current,
            cards_label="progress",
            tracks=tuple([(t, as_int(player[key]), t in held) for t, key in _LEVELS if key in player]),
        )

    def rows(self, view: View, seats: Collection[int]) -> tuple[PlayerRow, ...]:
        """The rows of ``seats``, in seat order: each the row made before for its seat while its
        player's entry (the same object, or an equal one) and the view's facts it reads are as
        then; :meth:`_row` makes it only otherwise."""
        players = self._seating(view)
        facts = self._facts_of(view)
        open_decision, phase = facts.open_decision, facts.raw_phase
        metropolises = self._metropolis_tracks(view)
        over = phase == "gameOver"
        current, longest, merchant, answering = facts.current, facts.longest, facts.merchant, facts.answering
        seat_of, names, kept = players.seat_of, players.names, self._rows
        found = []
        for pid, player in players.entries:
            seat = seat_of[pid]
            if seat not in seats:
                continue
            held = (current == pid, longest == pid, merchant == pid)
            # The phase shows only in a finished game's rows and as the current player's next step.
            shown = ("step", phase) if held[0] and not open_decision else None
            asked = (facts.kind, facts.acting == pid) if pid in answering else None
            inputs = (pid, seat, names[pid], player, metropolises.get(pid), over, shown, held, asked)
            # A seat's own row and its row for the others are kept apart (any split would do).
            slot = (seat, "resources" in player)
            last = kept.get(slot)
            if last is None or last[0] != inputs:
                last = kept[slot] = (inputs, self._made_row(inputs, players, facts))
            found.append(last[1])
        return tuple(found)

    def _facts_of(self, view: View) -> _Facts:
        """:func:`_facts`, read again only when the open decision (known by identity) or another
        field they are read from is another than at the last call with that decision."""
        get = view.get
        pending = get("pendingDecision")
        shown = tuple(map(get, _FACT_FIELDS))
        last = self._facts.get(pending)
        if last is None or last[0] != shown:
            last = (shown, _facts(view))
            self._facts.put(pending, last)
        found: _Facts = last[1]
        return found

    def _made_row(self, inputs: tuple[Any, ...], players: Seating, facts: _Facts) -> PlayerRow:
        """The row for ``inputs`` (see :meth:`rows`): one made before for the same entry (known by
        identity) and equal other inputs, else one made by :meth:`_row`."""
        pid, _, _, player, tracks = inputs[:5]
        rest = (*inputs[:3], None if tracks is None else tuple(tracks), *inputs[5:])
        variants: dict[Any, PlayerRow] | None = self._variants.get(player)
        if variants is None:
            variants = {}
            self._variants.put(player, variants)
        try:
            made = variants.get(rest)
        except TypeError:  # odd data in a view (a list where text belongs) is no key: made afresh
            return self._row(players, pid, player, tracks or (), facts)
        if made is not None:
            return made
        made = variants[rest] = self._row(players, pid, player, tracks or (), facts)
        return made

    def _metropolis_tracks(self, view: View) -> dict[str, list[str]]:
        """:func:`metropolis_tracks`, read again only when the intersections table is another one."""
        table = _board(view).get("intersections")
        last = self._metropolises
        if last is None or last[0] is not table:
            last = self._metropolises = (table, metropolis_tracks(view))
        return last[1]

    def panel(self, view: View) -> Panel:
        rows = self.rows(view, self._seating(view).seat_of.values())
        foot = self.foot(view)
        return Panel(rows=rows, facts=foot.facts, result=foot.result)

    def foot(self, view: View) -> Panel:
        """The table facts. Each group of them is made again only when the view fields it reads
        changed (compared by value; the engine hands an unchanged part again as the same
        object), and the last foot is given again while every group and the result are as then."""
        seats = self._seating(view)
        get = view.get
        table = tuple(map(get, _TABLE_FIELDS))
        last = self._table
        if last is None or last[0] != table:
            last = self._table = (table, _table_facts(view))
        pending = get("pendingDecision")  # read only while it is a trade open to bids
        if not (_is_mapping(pending) and pending.get("type") == "domesticTradeResponse"):
            pending = None
        wants = tuple([(pid, p.get("standingWant")) for pid, p in seats.entries])
        ending = (get("standingWantsEnabled"), get("victoryPointsTarget"), get("winnerPlayerId"))
        key = (last[1], pending, seats.names, wants, ending)
        if self._foot is not None and self._foot_key == key:
            return self._foot
        self._foot_key = key
        facts = [*last[1], *auction_facts(pending, seats), *want_facts(view, seats)]
        facts.append(fact("to win", f"{as_int(view.get('victoryPointsTarget'))} VP", "target"))
        winner = self.winner(view)
        made = Panel(rows=(), facts=tuple(facts), result=f"Winner: {winner}" if winner else "")
        if self._foot is not None and self._foot == made:
            return self._foot
        self._foot = made
        return made

    def frame(self, view: View) -> FrameParts:
        return FrameParts(pieces=self.pieces(view), header=self.header(view), panel=self.panel(view))


def _table_facts(view: View) -> tuple[Stat, ...]:
    """The foot's facts of the table itself: berserkers, the last attack, the robber, the red
    and event dice, the progress decks and the bank (the fields of :data:`_TABLE_FIELDS`)."""
    length = as_int(view.get("berserkerTrackMax"), 7)
    facts = [fact("berserkers", f"{as_int(view.get('berserkerTrackPosition'))}/{length}", "berserkers")]
    attack = view.get("lastBerserkerAttack")
    if _is_mapping(attack):
        words = f"{attack.get('result')} {as_int(attack.get('berserkerStrength'))} vs"
        facts.append(fact("last attack", f"{words} {as_int(attack.get('defenderStrength'))}", "attack"))
    if view.get("robberActive") is not True:
        facts.append(fact("robber", "not yet in play", "robber"))
    dice = view.get("dice")
    if _is_mapping(dice) and isinstance(dice.get("redDie"), int):
        words = f"red {as_int(dice.get('redDie'))}"
        if isinstance(dice.get("eventDieResult"), str):
            words += f", event {dice['eventDieResult']}"
        facts.append(fact("dice", words, "dice"))
    decks = ", ".join(f"{t} {as_int(view.get(f'{t}DeckCount'))}" for t in TRACKS)
    facts.append(fact("progress decks", decks, "decks"))
    bank = [view.get("bankResources"), view.get("bankCommodities")]
    kinds = (*RESOURCES, *COMMODITIES)
    stock = [f"{as_int(b.get(k))} {k}" for b in bank if _is_mapping(b) for k in kinds if k in b]
    if stock:
        facts.append(fact("bank", ", ".join(stock), "bank"))
    return tuple(facts)


def state_problem(data: Any) -> str | None:
    """Why ``data`` is not a codex wire state (the bot protocol's ``state``), or None if it is."""
    if not isinstance(data, Mapping):
        return "not a JSON object"
    board = data.get("board")
    if not isinstance(board, Mapping):
        return "no board"
    hexes = board.get("hexes")
    if not isinstance(hexes, Mapping) or not hexes:
        return "no board.hexes"
    if not any(_axial(k) is not None for k in hexes):
        return 'board.hexes has no "q,r" hex ids'
    for key in ("intersections", "edges"):
        if not isinstance(board.get(key), Mapping):
            return f"no board.{key}"
    if not isinstance(data.get("players"), Mapping):
        return "no players"
    return None


def wire_state(data: Any) -> Mapping[str, Any] | None:
    """The wire state inside ``data``: a play request's ``state``, or ``data`` itself."""
    if isinstance(data, Mapping) and isinstance(data.get("state"), Mapping):
        return data["state"]
    return data if isinstance(data, Mapping) else None


ADAPTER = CodexAdapter()
