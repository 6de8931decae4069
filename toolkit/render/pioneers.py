"""The pioneers adapter: a pioneers view (see the view contract) to drawable parts.

Only the published numbering is used here, never the engine: hexes sit in rows of
3-4-5-4-3 on the doubled lattice, a hex in row ``r``, column ``c`` centred at
``(2c + [2,1,0,1,2][r], 3r)``; vertices are the distinct corners sorted top-to-bottom then
left-to-right; edges are the distinct hex sides as (low, high) vertex pairs in sorted order.
That is enough to place every road, building, token and port the view names by id.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

from toolkit.games.pioneers.catalog import CARD_NAMES
from toolkit.render.adapters import Recall
from toolkit.render.compass import Land, hex_place, spot_words, whereabouts
from toolkit.render.geometry import CORNERS, Layout, Point, angle_deg, fit_layout, midpoint
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
    owned,
)

GAME = "pioneers"
RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
ROW_LENGTHS = (3, 4, 5, 4, 3)
ROW_SHIFT = (2, 1, 0, 1, 2)
HEX_SIZE = 48.0
MARGIN = 52.0

View = Mapping[str, Any]

# The view fields the header and the panel foot are made from (the foot reads the phase only to
# tell a finished game, and an open offer without its answers).
HEADER_KEYS = ("turn", "phase", "dice", "decisions", "toMove", "winner", "seat")
FOOT_KEYS = ("devDeckCount", "log", "winner", "placements")
OFFER_KEYS = ("from", "to", "give", "get")

# Event types whose words only repeat what the move's own description says.
ECHO_EVENTS = frozenset(
    {
        "setup",
        "build_road",
        "build_settlement",
        "build_city",
        "buy_dev",
        "bank_trade",
        "offer",
        "answer",
        "discard",
        "bandit",
        "end_turn",
    }
)
OWED_WORDS = {
    "setup": "place",
    "turn": "play the turn",
    "bandit": "move the bandit",
    "discard": "discard",
    "trade": "answer the offer",
}
"""What a seat owes (the engine's decision kinds) in a player's words."""


def owed_words(kind: Any) -> str:
    """The decision ``kind`` a seat owes in words (an unknown kind as written; none as '')."""
    text = kind if type(kind) is str else "" if kind is None else str(kind)
    return OWED_WORDS.get(text, text)


ECHO_PLAYS = frozenset({"knight", "roadworks", "windfall"})
"""Development cards whose play the move's own words tell whole (an embargo's haul is news)."""


class Geometry:
    """Pixel positions of every hex centre, vertex and edge of the pioneers board."""

    def __init__(self) -> None:
        centres: list[tuple[int, int]] = []
        for row, length in enumerate(ROW_LENGTHS):
            for col in range(length):
                centres.append((2 * col + ROW_SHIFT[row], 3 * row))
        corner_sets = [[(x + dx, y + dy) for dx, dy in CORNERS] for x, y in centres]
        lattice_vertices = sorted({c for corners in corner_sets for c in corners}, key=lambda p: (p[1], p[0]))
        vertex_id = {p: i for i, p in enumerate(lattice_vertices)}
        self.hex_vertices: list[tuple[int, ...]] = [tuple(vertex_id[c] for c in cs) for cs in corner_sets]
        sides: dict[tuple[int, int], list[int]] = {}
        for hex_id, vs in enumerate(self.hex_vertices):
            for i in range(6):
                a, b = vs[i], vs[(i + 1) % 6]
                sides.setdefault((min(a, b), max(a, b)), []).append(hex_id)
        self.edges: list[tuple[int, int]] = sorted(sides)
        self.edge_hexes: dict[tuple[int, int], list[int]] = sides
        layout, self.width, self.height = fit_layout(centres, HEX_SIZE, MARGIN)
        self.layout: Layout = layout
        self.centres: list[Point] = [layout.point(x, y) for x, y in centres]
        self.corners: list[tuple[Point, ...]] = [
            tuple(layout.point(x, y) for x, y in cs) for cs in corner_sets
        ]
        self.vertices: list[Point] = [layout.point(x, y) for x, y in lattice_vertices]
        self.vertex_hexes: list[list[int]] = [[] for _ in lattice_vertices]
        for hex_id, vs in enumerate(self.hex_vertices):
            for v in vs:
                self.vertex_hexes[v].append(hex_id)

    def edge_ends(self, edge: int) -> tuple[Point, Point]:
        a, b = self.edges[edge]
        return self.vertices[a], self.vertices[b]

    def port_spot(self, a: int, b: int) -> Point:
        """Where a port between vertices ``a`` and ``b`` is drawn: off shore, facing its coastal hex."""
        key = (min(a, b), max(a, b))
        mid = midpoint(self.vertices[a], self.vertices[b])
        hexes = self.edge_hexes.get(key)
        inland = self.centres[hexes[0]] if hexes else Point.at(self.width / 2, self.height / 2)
        out = mid - inland
        length = out.length() or 1.0
        return mid + out.scaled(HEX_SIZE * 0.62 / length)


@lru_cache(maxsize=1)
def geometry() -> Geometry:
    return Geometry()


def _int(value: Any, default: int = 0) -> int:
    if type(value) is int:
        return value
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _names_key(view: View) -> Any:
    """What :func:`_names` reads: each player's seat and name."""
    return tuple([(p.get("seat"), p.get("name")) for p in view.get("players") or []])


def _names(view: View) -> dict[int, str]:
    names: dict[int, str] = {}
    for player in view.get("players") or []:
        seat = _int(player.get("seat"), -1)
        names[seat] = str(player.get("name") or f"seat {seat}")
    return names


class PioneersAdapter:
    """Turns pioneers views into :mod:`toolkit.render.scene` parts.

    Pieces, header, rows and table facts are remembered with the view data they are read from
    (:class:`~toolkit.render.adapters.Recall`), so a replay's next frame remakes only what changed.
    """

    game = GAME

    def __init__(self) -> None:
        self.recall = Recall()
        self._places: tuple[Any, Places] | None = None
        self._named: tuple[View, Any] | None = None
        self._names_read: tuple[Any, dict[int, str]] | None = None
        self._events: tuple[list[Any], list[tuple[Any, Mapping[str, Any]]]] | None = None
        # Rows by (seat, whether it is the viewer's own, whether its hand shows): see :class:`_Kept`.
        self._rows: dict[tuple[int, bool, bool], _Kept] = {}
        self._table = _Table()

    def _names_key(self, view: View) -> Any:
        """:func:`_names_key` of ``view``, read once for the pieces, the header and the foot of one
        view: the last view is held beside its key, so its id is not reused meanwhile."""
        last = self._named
        if last is None or last[0] is not view:
            last = self._named = (view, _names_key(view))
        return last[1]

    def _names_of(self, view: View) -> dict[int, str]:
        """:func:`_names` of ``view``, worked out again only when :meth:`_names_key` changes (the
        names are only read)."""
        key = self._names_key(view)
        last = self._names_read
        if last is None or last[0] != key:
            last = self._names_read = (key, _names(view))
        return last[1]

    def board(self, view: View) -> Board:
        """The hexes and ports, made again only when the view's hexes or ports changed."""
        board = view.get("board") or {}
        return self.recall("board", (board.get("hexes"), board.get("ports")), lambda: self._board_of(view))

    def _board_of(self, view: View) -> Board:
        geo = geometry()
        board = view.get("board") or {}
        named = places(hex_names(view))
        tiles = []
        for item in sorted(board.get("hexes") or [], key=lambda h: _int(h.get("id"))):
            hex_id = _int(item.get("id"))
            if not 0 <= hex_id < len(geo.centres):
                continue
            token = item.get("token")
            resource = str(item.get("resource") or "desert")
            tiles.append(
                Tile(
                    key=str(hex_id),
                    center=geo.centres[hex_id],
                    corners=geo.corners[hex_id],
                    terrain=resource,
                    token=token if isinstance(token, int) and not isinstance(token, bool) else None,
                    title=f"{named.hex(hex_id)} (hex {hex_id})",
                )
            )
        harbors = []
        for port in sorted(board.get("ports") or [], key=lambda p: _int(p.get("id"))):
            ends = port.get("vertices") or []
            if len(ends) != 2 or not all(0 <= _int(v, -1) < len(geo.vertices) for v in ends):
                continue
            a, b = _int(ends[0]), _int(ends[1])
            kind = str(port.get("kind") or "generic")
            harbors.append(
                Harbor(
                    key=str(_int(port.get("id"))),
                    ends=(geo.vertices[a], geo.vertices[b]),
                    at=geo.port_spot(a, b),
                    kind=kind,
                    label=f"{_int(port.get('ratio'), 3)}:1",
                )
            )
        return Board(GAME, geo.width, geo.height, HEX_SIZE, tuple(tiles), tuple(harbors))

    def pieces(self, view: View) -> tuple[Piece, ...]:
        """Roads, buildings and the bandit, remade only when one of them (or a name) changed."""
        inputs = (view.get("roads"), view.get("buildings"), view.get("board"), self._names_key(view))
        return self.recall("pieces", inputs, lambda: self._pieces(view))

    def _pieces(self, view: View) -> tuple[Piece, ...]:
        """Roads, buildings and the bandit; each piece is worked out once per place, owner and board."""
        geo = geometry()
        names = _names(view)
        hexes = self.places_of(view)  # known by identity: the pieces' memory need not read the hexes
        pieces: list[Piece] = []
        for road in view.get("roads") or []:
            edge = _int(road.get("edge"), -1)
            if 0 <= edge < len(geo.edges):
                seat = _int(road.get("seat"))
                pieces.append(_road(edge, seat, names.get(seat, f"seat {seat}"), hexes))
        for building in view.get("buildings") or []:
            vertex = _int(building.get("vertex"), -1)
            if 0 <= vertex < len(geo.vertices):
                kind = "city" if building.get("type") == "city" else "settlement"
                seat = _int(building.get("seat"))
                pieces.append(_building(kind, vertex, seat, names.get(seat, f"seat {seat}"), hexes))
        bandit = (view.get("board") or {}).get("bandit")
        if isinstance(bandit, int) and 0 <= bandit < len(geo.centres):
            pieces.append(_bandit(bandit, hexes))
        return tuple(pieces)

    def blocked(self, view: View) -> str | None:
        """The hex the bandit stands on (it produces nothing)."""
        bandit = (view.get("board") or {}).get("bandit")
        return str(bandit) if isinstance(bandit, int) and not isinstance(bandit, bool) else None

    def story_tags(self, move: Mapping[str, Any], events: list[Any]) -> set[str]:
        """``offer``, ``answer`` and ``end`` from the move's public event types."""
        types = {kind for kind, _ in self._public(events)}
        return {tag for tag, kinds in STORY_EVENTS.items() if types & kinds}

    def roll_lines(self, move: Mapping[str, Any], events: list[Any]) -> list[str]:
        """The roll that ending a turn (or the last setup move) sets off, and what it produced."""
        return [
            str(e["text"])
            for kind, e in self._public(events)
            if kind in _ROLLED and isinstance(e.get("text"), str)
        ]

    def _public(self, events: list[Any]) -> list[tuple[Any, Mapping[str, Any]]]:
        """:func:`_public` of a move's events, read once for the story tags, the roll and the other
        event lines of one move: the last list is held beside its reading (events are only read)."""
        last = self._events
        if last is None or last[0] is not events:
            last = self._events = (events, _public(events))
        return last[1]

    def plain_places(self, text: str, view: View) -> str:
        """Engine words with hexes, corners and edges named by what a player sees on the board."""
        return self.places_of(view).say(text)

    def places_of(self, view: View) -> Places:
        """The place words of the view's board, worked out again only for another hexes list.

        The engine hands every view of one board the same hexes list (views are only read), so
        the list is known by identity; the last one is held, so its id is not reused meanwhile.
        """
        board = view.get("board")
        hexes = board.get("hexes") if isinstance(board, Mapping) else None
        last = self._places
        if last is None or last[0] is not hexes or hexes is None:
            last = self._places = (hexes, places(hex_names(view)))
        return last[1]

    def players(self, view: View) -> list[tuple[int, str]]:
        return sorted(_names(view).items())

    def winner(self, view: View) -> str | None:
        winner = view.get("winner")
        if isinstance(winner, int) and not isinstance(winner, bool):
            return _names(view).get(winner, f"seat {winner}")
        return None

    def event_lines(self, move: Mapping[str, Any], events: list[Any]) -> list[str]:
        """Public event texts, leaving out those that only restate the move."""
        lines = []
        for kind, e in self._public(events):
            if kind in ECHO_EVENTS or not isinstance(e.get("text"), str):
                continue
            card = e.get("card") if kind == "play_dev" else None
            if card in ECHO_PLAYS:
                continue
            lines.append(_embargo_words(e) if card == "embargo" else str(e["text"]))
        return lines

    def header(self, view: View) -> Header:
        inputs = tuple(map(view.get, HEADER_KEYS))
        return self.recall("header", (inputs, self._names_key(view)), lambda: self._header(view))

    def _header(self, view: View) -> Header:
        names = self._names_of(view)
        turn = _int(view.get("turn"))
        phase = str(view.get("phase") or "")
        dice_raw = view.get("dice")
        dice = tuple(_int(d) for d in dice_raw) if isinstance(dice_raw, list) and dice_raw else None
        decisions = view.get("decisions") or {}
        waiting = []
        for seat in view.get("toMove") or []:
            kind = decisions.get(str(seat), phase)
            waiting.append(f"{names.get(_int(seat), f'seat {seat}')} ({owed_words(kind)})")
        if phase == "over":
            winner = self.winner(view)
            acting = f"game over: {winner} wins" if winner else "game over"
        elif waiting:
            acting = "to move: " + ", ".join(waiting)
        else:
            acting = ""
        seat = view.get("seat")
        viewer = "spectator" if seat is None else f"view of {names.get(_int(seat), f'seat {seat}')}"
        return Header(
            turn="Setup" if turn == 0 else f"Turn {turn}",
            phase=phase,
            dice=dice if turn > 0 else None,
            acting=acting,
            viewer=viewer,
        )

    def rows(self, view: View, seats: Collection[int]) -> tuple[PlayerRow, ...]:
        """The rows of ``seats``. A row is made from its player's entry and the awards and scores
        beside it, and kept with them; who is to move and whose turn it is are then set on it,
        each look kept beside that row, so a row that only waits for an answer and then does not
        comes back as the same object. A row made from other data forgets the old one's looks.

        The engine keeps an unchanged entry as the same object, and what the rows share (awards,
        decisions, final scores, whose turn) is read once per frame into a :class:`_Table` that
        stays the same object while none of it changes; so a row whose entry, table and score
        are the same objects as last time is given again without reading anything else."""
        table = self._table
        if not table.holds(view):
            table = self._table = table.after(view)
        own = view.get("seat")
        score = view.get("myScore")
        players = view.get("players") or []
        kept, found = self._rows, []
        for position, player in enumerate(players):
            seat = player.get("seat")
            if seat != position or type(seat) is not int:
                # Not one entry per seat in seat order: a row shows the name its seat's last
                # entry gives, which the entry alone does not say.
                return self._rows_by_name(view, seats, table)
            if seat not in seats:
                continue
            mine = own == seat
            hand = player.get("hand")
            slot = (seat, mine, type(hand) is dict or (hand is not None and isinstance(hand, Mapping)))
            held = kept.get(slot)
            reads = table.seats.get(seat) or table.seat(seat)
            if (
                held is None
                or held.entry is not player
                or held.reads is not reads
                or (mine and held.score != score)
            ):
                held = self._kept_row(view, player, slot, None, reads, score if mine else None)
            found.append(held.row)
        return tuple(found)

    def _rows_by_name(self, view: View, seats: Collection[int], table: _Table) -> tuple[PlayerRow, ...]:
        """:meth:`rows` of a view whose players are not one entry per seat in seat order."""
        own = view.get("seat")
        players = view.get("players") or []
        named = _named(players)
        found = []
        for player in players:
            seat = _int(player.get("seat"))
            if seat in seats:
                hand = player.get("hand")
                shows = type(hand) is dict or (hand is not None and isinstance(hand, Mapping))
                mine = own == seat
                score = view.get("myScore") if mine else None
                slot = (seat, mine, shows)
                found.append(self._kept_row(view, player, slot, named[seat], table.seat(seat), score).row)
        return tuple(found)

    def _kept_row(
        self,
        view: View,
        player: Mapping[str, Any],
        slot: tuple[int, bool, bool],
        name: Any,
        reads: tuple[tuple[Any, ...], tuple[str, bool]],
        score: Any,
    ) -> _Kept:
        """The row of ``slot`` for ``player``'s entry in ``view``, made again only when what it is
        made from changed, with its looks (who is to move, whose turn) as ``reads`` gives them."""
        inputs = (player, name, score, reads[0])
        held = self._rows.get(slot)
        if held is None or held.inputs != inputs:
            held = self._rows[slot] = _Kept(inputs, self._row(view, player))
        looks = reads[1]
        row = held.looks.get(looks)
        if row is None:
            row = held.looks[looks] = _looking(held.made, *looks)
        held.entry, held.reads, held.score, held.row = player, reads, score, row
        return held

    def _row(self, view: View, player: Mapping[str, Any]) -> PlayerRow:
        names = _names(view)
        awards = view.get("awards") or {}
        decisions = view.get("decisions") or {}
        own = view.get("seat")
        final = view.get("finalScores")
        seat = _int(player.get("seat"))
        hand_raw = player.get("hand")
        hand = tuple((r, _int(hand_raw.get(r))) for r in RESOURCES) if isinstance(hand_raw, Mapping) else None
        dev_raw = player.get("devCards")
        cards = None
        if isinstance(dev_raw, list):
            fresh = player.get("devBoughtThisTurn") or []
            # in words: a VP card reads "victory point", not its id "victory_point"
            cards = tuple(_card_words(c) for c in dev_raw) + tuple(f"{_card_words(c)} (new)" for c in fresh)
        score = str(_int(player.get("score")))
        score_spoken = ""
        if isinstance(final, list) and seat < len(final):
            score = str(_int(final[seat]))
        elif own == seat and isinstance(view.get("myScore"), int):
            score_spoken = f"{score} VP shown, {view['myScore']} counting hidden cards"
            score = f"{score} ({view['myScore']})"
        badges = []
        if awards.get("largestArmy") == seat:
            badges.append("Largest army")
        if awards.get("longestRoad") == seat:
            badges.append("Longest road")
        left = player.get("piecesLeft") or {}
        stats = [
            Stat("knights", str(_int(player.get("knightsPlayed"))), "knights"),
            Stat("road", str(_int(player.get("roadLength"))), "road"),
            Stat(
                "left",
                "/".join(str(_int(left.get(k))) for k in PIECES_LEFT),
                "left",
                ", ".join(_count(_int(left.get(k)), k) for k in PIECES_LEFT) + " left",
            ),
        ]
        strikes = _int(player.get("strikes"))
        if strikes:
            stats.append(Stat("strikes", str(strikes), "strikes"))
        return PlayerRow(
            seat=seat,
            name=names.get(seat, f"seat {seat}"),
            score=score,
            hand_count=_int(player.get("handCount")),
            hand=hand,
            card_count=_int(player.get("devCount")),
            cards=cards,
            badges=tuple(badges),
            stats=tuple(stats),
            to_move=owed_words(decisions.get(str(seat), "")),
            current=view.get("currentSeat") == seat and view.get("phase") != "over",
            out=bool(player.get("resigned")),
            score_spoken=score_spoken,
        )

    def panel(self, view: View) -> Panel:
        seats = [_int(player.get("seat")) for player in view.get("players") or []]
        foot = self.foot(view)
        return Panel(rows=self.rows(view, seats), facts=foot.facts, talk=foot.talk, result=foot.result)

    def foot(self, view: View) -> Panel:
        offer: Any = view.get("offer")
        open_offer = offer is not None and (type(offer) is dict or isinstance(offer, Mapping))
        offered = tuple(map(offer.get, OFFER_KEYS)) if open_offer else None
        inputs = (*map(view.get, FOOT_KEYS), view.get("phase") == "over", offered)
        return self.recall("foot", (inputs, self._names_key(view)), lambda: self._foot(view))

    def _foot(self, view: View) -> Panel:
        names = self._names_of(view)
        facts = [Stat("dev deck", str(_int(view.get("devDeckCount"))), "deck")]
        offer = view.get("offer")
        if isinstance(offer, Mapping):
            facts.append(Stat("offer", _offer_text(offer, names), "offer"))
        talk = tuple(
            (names.get(_int(entry.get("seat")), f"seat {entry.get('seat')}"), str(entry.get("message", "")))
            for entry in (view.get("log") or [])[-3:]
            if isinstance(entry, Mapping)
        )
        result = ""
        winner = self.winner(view)
        if winner is not None:
            result = f"Winner: {winner}"
        elif view.get("phase") == "over":
            result = "Game over: turn limit"
        placements = view.get("placements")
        if isinstance(placements, list) and placements:
            ranked = sorted(range(len(placements)), key=lambda s: (_int(placements[s]), s))
            result += " · " + ", ".join(f"{_int(placements[s])}. {names.get(s, f'seat {s}')}" for s in ranked)
        return Panel(rows=(), facts=tuple(facts), talk=talk, result=result.strip(" ·"))

    def frame(self, view: View) -> FrameParts:
        return FrameParts(pieces=self.pieces(view), header=self.header(view), panel=self.panel(view))


PIECES_LEFT = ("road", "settlement", "city")
"""The pieces a row counts as left in supply, in the order its ``left R/S/C`` shows them."""


def _count(n: int, piece: str) -> str:
    """``n`` pieces in words: ``1 road``, ``3 settlements``, ``2 cities``."""
    if n == 1:
        return f"1 {piece}"
    return f"{n} {piece[:-1]}ies" if piece.endswith("y") else f"{n} {piece}s"


def _looking(row: PlayerRow, to_move: str, current: bool) -> PlayerRow:
    """``row`` with who is to move and whose turn it is set."""
    if row.to_move == to_move and row.current == current:
        return row
    return PlayerRow(
        row.seat,
        row.name,
        row.score,
        row.hand_count,
        row.hand,
        row.card_count,
        row.cards,
        row.badges,
        row.stats,
        to_move,
        current,
        row.out,
        row.cards_label,
        row.tracks,
        row.score_spoken,
    )


class _Kept:
    """A row kept for one slot: the data it was made from (``inputs``), the row made, its looks by
    (who is to move, whose turn it is), and the entry, table readings and score it was last given for,
    with the row it was given as then."""

    __slots__ = ("inputs", "made", "looks", "entry", "reads", "score", "row")

    def __init__(self, inputs: tuple[Any, ...], made: PlayerRow) -> None:
        self.inputs = inputs
        self.made = made
        self.looks: dict[tuple[str, bool], PlayerRow] = {}
        self.entry: Any = None
        self.reads: Any = None
        self.score: Any = None
        self.row = made


_TABLE_KEYS = ("awards", "decisions", "finalScores", "phase", "currentSeat")


class _Table:
    """What the rows of a frame's views share: the award holders, the final scores, who owes a
    decision and whose turn it is. The views of one frame hold the same awards, decisions and
    final-scores objects (views are only read), so a view of the frame the table was read from
    is known by identity (the objects are held, so their ids are not reused meanwhile).

    What a seat's row reads from it (:meth:`seat`) is handed again as the same object as the
    table before gave it while it says the same, so a row is known unchanged by identity."""

    __slots__ = ("parts", "army", "road", "final", "decisions", "current", "seats", "_before")

    def __init__(
        self, parts: tuple[Any, ...] = (None, None, None, None, None), before: _Table | None = None
    ) -> None:
        self.parts = parts
        awards, decisions, final, phase, current = parts
        awards = awards or {}
        self.army, self.road = awards.get("largestArmy"), awards.get("longestRoad")
        self.final = final if isinstance(final, list) else []
        self.decisions = decisions or {}
        self.current = None if phase == "over" else current
        self.seats: dict[int, tuple[tuple[Any, ...], tuple[str, bool]]] = {}
        self._before = before.seats if before is not None else {}

    def holds(self, view: View) -> bool:
        """Whether ``view`` is of the frame this table was read from."""
        parts = self.parts
        return (
            view.get("awards") is parts[0]
            and view.get("decisions") is parts[1]
            and view.get("finalScores") is parts[2]
            and view.get("phase") == parts[3]
            and view.get("currentSeat") == parts[4]
        )

    def after(self, view: View) -> _Table:
        """The table of ``view``'s frame, read after this one."""
        return _Table(tuple(map(view.get, _TABLE_KEYS)), self)

    def seat(self, seat: int) -> tuple[tuple[Any, ...], tuple[str, bool]]:
        """What a row of ``seat`` reads from the table: its awards and its final score (the data
        it is made from), and the decision it owes (as text) and whether it is its turn (its looks)."""
        found = self.seats.get(seat)
        if found is None:
            final = self.final
            to_move = self.decisions.get(str(seat), "")
            found = (
                (self.army == seat, self.road == seat, (final[seat],) if seat < len(final) else None),
                (owed_words(to_move), self.current == seat),
            )
            before = self._before.get(seat)
            if before == found:
                found = before
            self.seats[seat] = found
        return found


def _named(players: list[Any]) -> dict[int, Any]:
    """The name each seat's entry gives (the last entry of a seat, were there two)."""
    return {(seat if type(seat := p.get("seat")) is int else _int(seat)): p.get("name") for p in players}


STORY_EVENTS: dict[str, set[Any]] = {"offer": {"offer"}, "answer": {"answer"}, "end": {"end_turn"}}
_ROLLED = ("roll", "produce")  # event types of a roll and what it produced


def _embargo_words(event: Mapping[str, Any]) -> str:
    """What an embargo brought in (the move already says it was played): ``seat 2 collected
    3 grain``, or ``nobody else held grain``; the engine's own words if its fields are amiss."""
    seat, resource, hands = event.get("seat"), event.get("resource"), event.get("hands")
    if not (type(seat) is int and type(resource) is str and isinstance(hands, Mapping)):
        return str(event["text"])
    gained = hands.get(str(seat))
    count = gained.get(resource, 0) if isinstance(gained, Mapping) else 0
    return f"seat {seat} collected {count} {resource}" if count else f"nobody else held {resource}"


def _public(events: list[Any]) -> list[tuple[Any, Mapping[str, Any]]]:
    """The events every seat may read (mappings without a ``visibleTo`` list), with their types.

    The type is read past the engine's lazy event (a dict whose sentence is written when the
    event is first read, its type set from the start), so an event whose words are not
    wanted here, such as one that only restates the move, never has its sentence written.
    """
    found: list[tuple[Any, Mapping[str, Any]]] = []
    for e in events:
        if isinstance(e, dict):
            if "visibleTo" not in e:
                found.append((dict.get(e, "type"), e))
        elif isinstance(e, Mapping) and "visibleTo" not in e:
            found.append((e.get("type"), e))
    return found


def _hex_words(resource: str, token: Any) -> str:
    """``6-lumber``, or ``desert`` for a hex without a number."""
    return f"{token}-{resource}" if isinstance(token, int) and not isinstance(token, bool) else resource


_PLACE = re.compile(r"\b(vertex|edge|hex) (\d+)\b")
_SAID_SIZE = 1024  # place ids whose words one board remembers


HexNames = tuple[tuple[int, str], ...]


def hex_names(view: View) -> HexNames:
    """Each hex of the view's board with the words a player calls it by (``6-lumber``), in view order."""
    return tuple(
        (_int(item.get("id"), -1), _hex_words(str(item.get("resource") or "desert"), item.get("token")))
        for item in (view.get("board") or {}).get("hexes") or []
        if isinstance(item, Mapping)
    )


class Places:
    """Hexes, corners and edges of one board in the words a player uses
    (:func:`toolkit.render.compass.spot_words`): ``the 6-lumber hex``, ``the corner of the
    6-lumber, 8-ore and 3-grain hexes``, ``the north coast of the 5-wool hex``; a hex whose
    name another shares says where it lies: ``the 6-lumber hex in the north-west``."""

    def __init__(self, hexes: HexNames) -> None:
        centres = geometry().centres
        on_board = [(h, name, centres[h]) for h, name in hexes if 0 <= h < len(centres)]
        where = whereabouts(on_board)
        self.lands: dict[int, Land] = {h: Land(name, where.get(h, ""), at) for h, name, at in on_board}
        self._said: dict[str, str] = {}  # words by place id as written (``edge 15``)

    def _land(self, ids: list[int]) -> list[Land]:
        """The land hexes ``ids``; an id the board has not is named by it and placed anywhere."""
        return [self.lands.get(h) or Land(f"hex {h}", "", Point(0.0, 0.0)) for h in sorted(ids)]

    def hex(self, hex_id: int) -> str:
        return hex_place(self._land([hex_id])[0])

    def vertex(self, vertex: int) -> str:
        geo = geometry()
        if not 0 <= vertex < len(geo.vertex_hexes):
            return f"vertex {vertex}"
        return spot_words(True, self._land(geo.vertex_hexes[vertex]), geo.vertices[vertex])

    def edge(self, edge: int) -> str:
        geo = geometry()
        if not 0 <= edge < len(geo.edges):
            return f"edge {edge}"
        ids = geo.edge_hexes.get(geo.edges[edge], [])
        return spot_words(False, self._land(ids), midpoint(*geo.edge_ends(edge)))

    def say(self, text: str) -> str:
        """``text`` with each ``vertex N``, ``edge N`` and ``hex N`` in a player's words."""
        return _PLACE.sub(self._place, text)

    def _place(self, match: re.Match[str]) -> str:
        written = match.group(0)
        words = self._said.get(written)
        if words is None:
            kind, number = match.group(1), int(match.group(2))
            say = self.vertex if kind == "vertex" else self.edge if kind == "edge" else self.hex
            words = say(number)
            if len(self._said) < _SAID_SIZE:
                self._said[written] = words
        return words


@lru_cache(maxsize=16)
def places(hexes: HexNames) -> Places:
    """The words for the places of a board whose hexes are called ``hexes``, once per board."""
    return Places(hexes)


# The pieces are remembered by the place words of their board (a :class:`Places`, one object per
# board's hexes, compared by identity), so finding a piece again does not read the hexes.


@lru_cache(maxsize=4096)
def _road(edge: int, seat: int, owner: str, hexes: Places) -> Piece:
    a, b = geometry().edge_ends(edge)
    return Piece("road", seat, midpoint(a, b), angle_deg(a, b), **owned("road", owner, hexes.edge(edge)))


@lru_cache(maxsize=4096)
def _building(kind: str, vertex: int, seat: int, owner: str, hexes: Places) -> Piece:
    return Piece(kind, seat, geometry().vertices[vertex], **owned(kind, owner, hexes.vertex(vertex)))


@lru_cache(maxsize=256)
def _bandit(hex_id: int, hexes: Places) -> Piece:
    spot = geometry().centres[hex_id] + Point.at(-HEX_SIZE * 0.48, 0)
    return Piece("bandit", None, spot, title=f"the bandit on {hexes.hex(hex_id)}")


def _card_words(card: Any) -> str:
    """A dev card as a player says it in a sentence, by the catalog's name: ``victory_point`` ->
    ``victory point`` (an unknown id as it is)."""
    name = CARD_NAMES.get(card) if isinstance(card, str) else None
    return name.lower() if name else str(card)


def _cards_text(cards: Any) -> str:
    if not isinstance(cards, Mapping):
        return "?"
    return ", ".join(f"{_int(cards.get(r))} {r}" for r in RESOURCES if _int(cards.get(r)))


def _offer_text(offer: Mapping[str, Any], names: dict[int, str]) -> str:
    who = names.get(_int(offer.get("from")), "?")
    to = offer.get("to")
    target = "everyone" if to is None else names.get(_int(to), f"seat {to}")
    return f"{who} gives {_cards_text(offer.get('give'))} for {_cards_text(offer.get('get'))} to {target}"


ADAPTER = PioneersAdapter()
