"""One replay page: every frame packed as shared, de-duplicated fragments, and who may see which.

The game is replayed once. What every view shares is computed once per frame from the
spectator's view: the piece layer, the header, the panel foot and the highlight layer (the
pieces the move placed, the hexes a roll made produce). What differs between views is only
each player's row, kept in two variants: the row as that player's own view shows it
(*private*) and as any other seat's view shows it (*public*). A frame is then one short row
of indices::

    [layer, head, foot, marks, public row 0, private row 0, public row 1, private row 1, ...]

and a view picks, for each player, one of the two by one rule (:func:`shows_private`):
a seat sees its own private row; the omniscient view sees every private row; from frame
``reveal`` on (the publisher's ``--reveal`` choice) every view sees every private row.
The page therefore holds a private row only because some view shows it, and the script that
plays it applies that one rule and knows nothing of the game.

The packed data is deflated (zlib, fixed level) and base64-encoded into the page, so a long
game costs little more than the parts that actually change, and two builds are byte-identical.
"""

from __future__ import annotations

import base64
import gc
import json
import re
import zlib
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from markupsafe import Markup

from toolkit.render.frames import SPECTATOR, Snapshot, snapshots
from toolkit.render.highlight import marks_markup, produced_tiles
from toolkit.render.scene import Board, FrameParts, Header, Piece, PlayerRow, Tile
from toolkit.render.svg import board_svg_inner, tokens_markup
from toolkit.render.symbols import piece_markup
from toolkit.saves import Save
from toolkit.site.story import Story, tell

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")

OMNISCIENT = "all"
Reveal = Literal["end", "never", "always"]
REVEALS: tuple[str, ...] = ("end", "never", "always")
FIRST_ROW = 4  # a frame row is [layer, head, foot, marks, then two row ids per player]
# The kinds of piece the board in words counts on each owner's line, in the order it lists
# them, as (kind, one, many); a piece of another kind is listed after them, uncounted.
COUNTED: tuple[tuple[str, str, str], ...] = (
    ("settlement", "settlement", "settlements"),
    ("city", "city", "cities"),
    ("metropolis", "metropolis", "metropolises"),
    ("wall", "city wall", "city walls"),
    ("knight", "knight", "knights"),
    ("road", "road", "roads"),
)
LEVEL = 9  # zlib level: fixed, so the same data always deflates to the same bytes


class Interner(Generic[K]):
    """Hands out one stable index per distinct rendered text, in first-seen order.

    ``make`` renders a key once; keys that render to the same text share an index.
    """

    def __init__(self, make: Callable[[K], str]) -> None:
        self.make = make
        self.by_key: dict[K, int] = {}
        self.by_text: dict[str, int] = {}
        self.values: list[str] = []

    def __call__(self, key: K, render: Callable[[], str] | None = None) -> int:
        """The index of ``key``'s text; ``render`` (if given) renders it instead of ``make``."""
        found = self.by_key.get(key)
        if found is None:
            text = self.make(key) if render is None else render()
            found = self.by_text.get(text)
            if found is None:
                found = self.by_text[text] = len(self.values)
                self.values.append(text)
            self.by_key[key] = found
        return found


class ByIdentity(Generic[T]):
    """Indices of immutable parts an adapter gives again unchanged, found by identity.

    Each part is held beside its index, so its ``id`` cannot pass to another object; ``index``
    makes the index of a part not seen before.
    """

    def __init__(self, index: Callable[[T], int]) -> None:
        self.index = index
        self.held: dict[int, tuple[T, int]] = {}

    def __call__(self, part: T) -> int:
        found = self.held.get(id(part))
        if found is None or found[0] is not part:
            found = self.held[id(part)] = (part, self.index(part))
        return found[1]


class Combos:
    """One stable index per distinct tuple of indices (a layer, a player row, a foot)."""

    def __init__(self) -> None:
        self.index: dict[tuple[int, ...], int] = {}
        self.values: list[list[int]] = []

    def __call__(self, combo: tuple[int, ...]) -> int:
        found = self.index.get(combo)
        if found is None:
            found = self.index[combo] = len(self.values)
            self.values.append(list(combo))
        return found


@dataclass
class PageData:
    """Everything a replay page needs; ``data`` is what the player script reads."""

    board: Board
    board_svg: Markup
    first_pieces: Markup
    first: FrameParts
    first_rows: list[PlayerRow]
    actions: list[str]
    details: list[str]
    story: Story
    players: list[tuple[int, str]]
    winner: str | None
    finished: bool
    views: list[str]
    data: dict[str, Any] = field(default_factory=dict)


def reveal_frame(reveal: str, frames: int, finished: bool) -> int:
    """The first frame at which every view shows every hand (``frames`` when none does).

    ``end``: the last frame of a finished game; a game that did not finish (a turn cap, a
    trimmed prefix) reveals nothing. ``always``: from the first frame. ``never``: no frame.
    """
    if reveal == "always":
        return 0
    if reveal == "end" and finished:
        return frames - 1
    return frames


def shows_private(view: str, player: int, frame: int, reveal: int) -> bool:
    """Whether ``view`` shows ``player``'s own row (hand, cards, true score) at ``frame``.

    The player script applies exactly this rule.
    """
    return view == OMNISCIENT or view == str(player) or frame >= reveal


def view_names(seats: Sequence[int], reveal: str) -> list[str]:
    """The views a page offers: the spectator, each seat, and the omniscient view unless ``never``."""
    names = [SPECTATOR, *(str(s) for s in seats)]
    return names + ([OMNISCIENT] if reveal != "never" else [])


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cycle collector held off while a page is built, then set as it was, even when the build
    stops on an error. A build makes many small objects and keeps most of them to its end, which
    the collector would walk again and again; what it leaves in cycles is freed afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build_page_data(
    save: Save,
    macros: Any,
    observe: Callable[[int, Mapping[str, Any], Mapping[int, Mapping[str, int]]], None] | None = None,
    reveal: str = "end",
) -> PageData:
    """Replay ``save`` once and pack every frame, sharing what all views share.

    ``macros`` holds the fragment makers ``head``, ``who``, ``hand``, ``info``, ``foot_open``,
    ``fact`` and ``foot_close`` (:mod:`toolkit.site.fragments`). ``observe``, if given, is shown every frame's
    views (by view key) as they are made, and the cards its move handed over in the open
    (:attr:`Snapshot.hands`), e.g. to gather the game's charts in the same replay.
    ``reveal`` is one of :data:`REVEALS`.
    Raises :class:`~toolkit.replay.ReplayError` when a move does not replay.
    """
    if reveal not in REVEALS:
        raise ValueError(f"reveal is one of {', '.join(REVEALS)}, not {reveal!r}")
    board: Board | None = None
    board_now: Board | None = None  # the board as this frame has it: two tokens may swap hexes
    tokens: list[str] = []  # each arrangement of the number tokens, once the board changes
    hex_titles: list[list[str]] = []  # the hexes' tooltips with each arrangement, in board order
    tokens_from: list[int] = []  # the frames where the board drawn changes (the first too)
    tokens_shown: list[int] = []  # the arrangement from each of those frames on
    hex_size = 0.0
    pieces: Interner[Any] = Interner(lambda p: piece_markup(p, hex_size))
    said: list[list[Any]] = []  # each piece's line in the board in words, by piece index

    def piece_index(piece: Piece) -> int:
        found = pieces(piece)
        if found == len(said):
            said.append(piece_said(piece))
        return found

    # An adapter hands an unchanged piece again as the same object: known by identity, it is
    # looked up by value (hashing every field) only the first time.
    piece_id: ByIdentity[Any] = ByIdentity(piece_index)
    layers = Combos()
    parts: Interner[Any] = Interner(lambda key: str(getattr(macros, key[0])(*key[1:])))
    rows = Combos()
    foots = Combos()
    tiles: dict[str, Tile] = {}
    # Marks are known by the fresh pieces, the producing hexes' keys and the note.
    marks: Interner[Any] = Interner(
        lambda key: marks_markup(hex_size, key[0], [tiles[k] for k in key[1]], key[2])
    )
    frames: list[list[int]] = []
    actions: list[str] = []
    details: list[str] = []
    headers: list[Any] = []
    first: FrameParts | None = None
    first_rows: list[PlayerRow] = []
    players: list[tuple[int, str]] = []
    winner: str | None = None
    finished = False
    previous: tuple[Any, ...] = ()
    last_layer: tuple[tuple[Any, ...], int] | None = None
    last_foot: tuple[Any, int] | None = None
    row_id: ByIdentity[PlayerRow] = ByIdentity(lambda shown: rows(_row_parts(parts, shown)))
    head_id: ByIdentity[Any] = ByIdentity(lambda header: _head_part(parts, header))
    snaps = []
    keys: tuple[str, ...] = ()
    asked: list[tuple[int, str, set[int]]] = []  # (seat, its view's key, the seats its view gives rows of)
    seats: list[int] = []
    note_hook: Callable[[Mapping[str, Any]], Any] | None = None
    for adapter, snap in snapshots(save, None):
        seen = snap.views
        spectator = seen[SPECTATOR]
        if board is None:
            board = adapter.board(spectator)
            hex_size = board.hex_size
            players = adapter.players(spectator)
            note_hook = getattr(adapter, "track_note", None)
            tiles = {tile.key: tile for tile in board.tiles}
            board_now = board
        now = adapter.board(spectator)
        if now is not board_now and now != board_now:
            if not tokens:
                tokens.append(tokens_markup(board))
                hex_titles.append([tile.title for tile in board.tiles])
                tokens_from.append(0)
                tokens_shown.append(0)
            laid = tokens_markup(now)
            if laid not in tokens:
                tokens.append(laid)
                hex_titles.append([tile.title for tile in now.tiles])
            tokens_from.append(snap.index)
            tokens_shown.append(tokens.index(laid))
        board_now = now
        if keys != tuple(seen):
            keys = tuple(seen)
            seats = sorted(int(k) for k in keys if k != SPECTATOR)
            # A seat's view gives its own row, and the public row of the seat before it.
            asked = [(seat, str(seat), {seat, seats[position - 1]}) for position, seat in enumerate(seats)]
        winner = adapter.winner(spectator)
        finished = winner is not None
        actions.append(snap.action)
        details.append(snap.detail)
        # The story reads the words alone: the views need not outlive the frame.
        snaps.append(Snapshot(snap.index, snap.action, snap.actor, {}, snap.detail, snap.tags, snap.roll))
        if observe is not None:
            observe(snap.index, seen, snap.hands)
        shown = adapter.pieces(spectator)
        header = adapter.header(spectator)
        headers.append(header)
        if last_layer is None or last_layer[0] is not shown:
            last_layer = (shown, layers(tuple(map(piece_id, shown))))
        panel = adapter.foot(spectator)
        if last_foot is None or last_foot[0] is not panel:
            has_facts = bool(panel.facts)
            foot = (
                parts(("foot_open", panel.result, has_facts)),
                *(parts(("fact", fact)) for fact in panel.facts),
                parts(("foot_close", has_facts, panel.talk)),
            )
            last_foot = (panel, foots(foot))
        fresh = () if not snap.index or shown is previous else _fresh(previous, shown)
        rolled = bool(snap.roll) or "roll" in snap.tags
        hot = produced_tiles(board_now, header, _blocked(adapter, spectator)) if rolled else ()
        note = note_hook(spectator) if note_hook else None
        mark = marks((fresh, tuple([tile.key for tile in hot]), note))
        previous = shown
        row = [last_layer[1], head_id(header), last_foot[1], mark]
        own_rows: dict[int, PlayerRow] = {}
        public_rows: dict[int, PlayerRow] = {}
        for seat, key, wanted in asked:
            for made in adapter.rows(seen[key], wanted):
                (own_rows if made.seat == seat else public_rows)[made.seat] = made
        for seat in seats:
            own = own_rows.get(seat)
            other = public_rows.get(seat, own) if len(seats) > 1 else own
            if own is None or other is None:
                continue
            row.append(row_id(other))
            row.append(row_id(own))
            if first is None:
                first_rows.append(other)
        if first is None:
            first = FrameParts(pieces=shown, header=header, panel=panel)
        frames.append(row)
    assert board is not None and first is not None
    count = len(frames)
    seats = [seat for seat, _ in players]
    views = view_names(seats, reveal)
    reveal_at = reveal_frame(reveal, count, finished)
    story = tell(snaps, headers)
    data = {
        "frames": count,
        "seats": [str(s) for s in seats],
        "views": views,
        "reveal": reveal_at,
        "pieces": pieces.values,
        "said": said,
        "counted": [list(kind) for kind in COUNTED],
        "names": {str(seat): name for seat, name in players},
        "layers": layers.values,
        "parts": parts.values,
        "rows": rows.values,
        "foots": foots.values,
        "marks": marks.values,
        "f": frames,
        "turns": story.turn_starts,
    }
    if tokens:  # the tokens changed hexes: the page draws each frame's arrangement
        data["tokens"] = tokens
        data["hexTitles"] = hex_titles  # a hex is named by its number, so its tooltip changes too
        data["tokensFrom"] = tokens_from
        data["tokensShown"] = tokens_shown
    first_layer = "".join(pieces.values[i] for i in layers.values[frames[0][0]])
    return PageData(
        board=board,
        board_svg=Markup(board_svg_inner(board)),
        first_pieces=Markup(f'<g id="pieces">{first_layer}</g>'),
        first=first,
        first_rows=first_rows,
        actions=actions,
        details=details,
        story=story,
        players=players,
        winner=winner,
        finished=finished,
        views=views,
        data=data,
    )


def piece_said(piece: Piece) -> list[Any]:
    """A piece's entry in the board in words: ``[owner's seat or None, kind, words]``, the kind
    being the one it counts as (a pillaged city is a settlement's).

    The page lists the pieces of each layer by owner (the unowned first), counting the kinds
    of :data:`COUNTED`; the words leave the owner out, as the owner heads the list.
    """
    return [piece.seat, piece.counts_as or piece.kind, piece.said or piece.title]


def _fresh(previous: Sequence[Any], shown: Sequence[Any]) -> tuple[Any, ...]:
    """The pieces of ``shown`` not among ``previous``, in their order. An adapter hands an
    unchanged piece again as the same object, so most are passed over by identity; only the
    others are compared by value."""
    held = {id(p) for p in previous}  # ``previous`` is alive, so its ids are not reused meanwhile
    others = [p for p in shown if id(p) not in held]
    if not others:
        return ()
    placed = set(previous)
    return tuple(p for p in others if p not in placed)


def _blocked(adapter: Any, view: Mapping[str, Any]) -> str | None:
    """The hex the robber blocks, by the adapter's ``blocked`` hook (None without one)."""
    hook = getattr(adapter, "blocked", None)
    found = hook(view) if hook is not None else None
    return found if isinstance(found, str) else None


def _row_of(rows: Sequence[PlayerRow], seat: int) -> PlayerRow | None:
    return next((r for r in rows if r.seat == seat), None)


def _head_part(parts: Interner[Any], header: Header) -> int:
    """The header's part, looked up by the fields its fragment shows."""
    shown = ("head", header.turn, header.dice, header.dice_kinds, header.event, header.acting)
    return parts(shown, lambda: str(parts.make(("head", header))))


def _row_parts(parts: Interner[Any], row: PlayerRow) -> tuple[int, int, int]:
    """The three parts of a row, each looked up by the fields its fragment shows."""
    who = ("who", row.seat, row.name, row.score, row.current, row.out)
    hand = ("hand", row.hand, row.hand_count)
    info: tuple[Any, ...] = ("info", row.cards_label, row.cards, row.card_count, row.stats, row.tracks)
    info += (row.badges, row.out, row.to_move)
    return (
        parts(who, lambda: str(parts.make(("who", row)))),
        parts(hand, lambda: str(parts.make(("hand", row)))),
        parts(info, lambda: str(parts.make(("info", row)))),
    )


# ---------------------------------------------------------------- the packed block


def pack(data: Mapping[str, Any]) -> str:
    """``data`` as compact JSON, deflated at a fixed level and base64-encoded: the page's data block."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return base64.b64encode(zlib.compress(text.encode("utf-8"), LEVEL)).decode("ascii")


def unpack(block: str) -> dict[str, Any]:
    """The data of a page's data block (the inverse of :func:`pack`)."""
    loaded: dict[str, Any] = json.loads(zlib.decompress(base64.b64decode(block.strip())).decode("utf-8"))
    return loaded


_BLOCK = re.compile(r'<script type="application/octet-stream" id="replay-data">([^<]*)</script>')


def read_page_data(html: str) -> dict[str, Any]:
    """The data block of a built replay page, unpacked."""
    found = _BLOCK.search(html)
    if found is None:
        raise ValueError("no replay data block in this page")
    return unpack(found.group(1))


def expand_views(data: Mapping[str, Any]) -> dict[str, list[list[int]]]:
    """Each view's frames as ``[layer, head, foot, marks, row id per player...]``, as the script shows them.

    The one place in Python that applies :func:`shows_private` to packed data (tests and tools
    read pages through it).
    """
    seats = [int(s) for s in data["seats"]]
    out: dict[str, list[list[int]]] = {}
    for view in data["views"]:
        frames = []
        for n, row in enumerate(data["f"]):
            chosen = row[:FIRST_ROW]
            for i, seat in enumerate(seats):
                private = shows_private(view, seat, n, data["reveal"])
                chosen.append(row[FIRST_ROW + 2 * i + (1 if private else 0)])
            frames.append(chosen)
        out[view] = frames
    return out
