"""Draw frames with svgwrite: the board once, pieces from the symbol sheet, header and panel.

Every coordinate is rounded to 2 decimals and every element is built in a fixed order, so the
same parts always give the same bytes. The piece layer is a ``<g id="pieces">`` whose children
are exactly :func:`toolkit.render.symbols.piece_markup` of each piece; the site page reuses that
markup so a page frame and a standalone frame show the same layer.

svgwrite builds every element; what it serialises is kept as text. Parts are frozen values, so
the markup of a piece, a player row, a line of text or an empty group is worked out once per
distinct value and reused, and a frame document is spliced together from those fragments: the
bytes are exactly those of the whole document serialised by svgwrite, for a fraction of the work.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import svgwrite
import svgwrite.base
import svgwrite.container
import svgwrite.shapes
import svgwrite.text

from toolkit.render.geometry import Point, num, pips
from toolkit.render.palette import frame_css
from toolkit.render.scene import (
    Board,
    FrameParts,
    Harbor,
    Header,
    Panel,
    Piece,
    PlayerRow,
    Tile,
    Track,
    css_token,
    xml_text,
)
from toolkit.render.symbols import piece_markup, symbol_sheet

HEADER_HEIGHT = 64.0
PANEL_WIDTH = 340.0
GAP = 16.0
ROW_HEIGHT = 84.0
TRACK_LINE = 16.0  # a row with improvement tracks gives them a line of their own
ROW_CHARS = 54  # what fits on one line of a player row at the panel's font size
FACT_CHARS = 50
HOT_TOKENS = (6, 8)
XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n'


def markup(element: svgwrite.base.BaseElement) -> str:
    """An svgwrite element and its children serialised, as the frame document holds them."""
    return str(element.tostring())


def _g(**attrs: str) -> svgwrite.container.Group:
    group = svgwrite.container.Group(debug=False)
    for key, value in attrs.items():
        group[key.rstrip("_").replace("_", "-")] = value
    return group


def _text(content: str, x: float, y: float, cls: str = "") -> svgwrite.text.Text:
    text = svgwrite.text.Text(xml_text(content), debug=False)
    text["x"] = num(x)
    text["y"] = num(y)
    if cls:
        text["class"] = cls
    return text


def _rect(x: float, y: float, w: float, h: float, cls: str, rx: float = 0) -> svgwrite.shapes.Rect:
    rect = svgwrite.shapes.Rect(debug=False)
    rect["x"], rect["y"], rect["width"], rect["height"] = num(x), num(y), num(w), num(h)
    if rx:
        rect["rx"] = num(rx)
    rect["class"] = cls
    return rect


def _circle(cx: float, cy: float, r: float, cls: str = "") -> svgwrite.shapes.Circle:
    circle = svgwrite.shapes.Circle(debug=False)
    circle["cx"], circle["cy"], circle["r"] = num(cx), num(cy), num(r)
    if cls:
        circle["class"] = cls
    return circle


def _line(a: Point, b: Point) -> svgwrite.shapes.Line:
    line = svgwrite.shapes.Line(debug=False)
    line["x1"], line["y1"], line["x2"], line["y2"] = num(a.x), num(a.y), num(b.x), num(b.y)
    return line


# ---------------------------------------------------------------- markup fragments, once per value


def escape_text(text: str) -> str:
    """Character data escaped exactly as svgwrite's serialiser (ElementTree) writes it: ``& < >``."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


@lru_cache(maxsize=4096)
def _text_tags(x: float, y: float, cls: str, anchor: str) -> tuple[str, str]:
    """A ``<text>`` at ``x, y``: its start tag, and the whole element when it holds nothing."""
    text = _text("", x, y, cls)
    if anchor:
        text["text-anchor"] = anchor
    empty = markup(text)
    return empty.removesuffix(" />") + ">", empty


def text_markup(content: str, x: float, y: float, cls: str = "", anchor: str = "") -> str:
    """``<text>`` holding ``content`` at ``x, y``: the element svgwrite draws, from its tags.

    Characters XML cannot hold are dropped (:func:`xml_text`) and the rest escaped as the
    serialiser would, so the bytes equal those of :func:`_text` serialised.
    """
    start, empty = _text_tags(x, y, cls, anchor)
    body = escape_text(xml_text(content))
    return f"{start}{body}</text>" if body else empty


@lru_cache(maxsize=1024)
def rect_markup(x: float, y: float, w: float, h: float, cls: str, rx: float = 0) -> str:
    return markup(_rect(x, y, w, h, cls, rx))


@lru_cache(maxsize=1024)
def _group_tags(attrs: tuple[tuple[str, str], ...]) -> tuple[str, str]:
    """A ``<g>`` with ``attrs``: its start tag, and the whole element when it is empty."""
    empty = markup(_g(**dict(attrs)))
    return empty.removesuffix(" />") + ">", empty


def group_markup(children: Iterable[str], **attrs: str) -> str:
    """A ``<g>`` with ``attrs`` around children already serialised, as svgwrite would write it."""
    start, empty = _group_tags(tuple(attrs.items()))
    inner = "".join(children)
    return f"{start}{inner}</g>" if inner else empty


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def wrap(parts: Iterable[str], limit: int, sep: str = " \u00b7 ") -> list[str]:
    """``parts`` joined by ``sep`` into lines of at most ``limit`` characters.

    A line breaks only between parts, or between words of a part too long for one line.
    """
    lines: list[str] = []
    line = ""
    for part in parts:
        joined = f"{line}{sep}{part}" if line else part
        if len(joined) <= limit:
            line = joined
            continue
        if line:
            lines.append(line)
        line = ""
        for word in part.split(" "):
            joined = f"{line} {word}" if line else word
            if len(joined) <= limit or not line:
                line = joined
            else:
                lines.append(line)
                line = word
    if line:
        lines.append(line)
    return [clip(x, limit) for x in lines]


# ---------------------------------------------------------------- board


def _tile(tile: Tile) -> svgwrite.shapes.Polygon:
    """One hex in its terrain colour, with a tooltip naming its terrain and number."""
    polygon = svgwrite.shapes.Polygon([(num(p.x), num(p.y)) for p in tile.corners], debug=False)
    polygon["class"] = f"hex terrain-{css_token(tile.terrain)}"
    polygon["data-hex"] = xml_text(tile.key)
    polygon.set_desc(title=xml_text(tile.title or tile.terrain))
    return polygon


def _terrain_label(tile: Tile, size: float) -> svgwrite.text.Text:
    """The terrain's name in small letters above the token, so colour is never the only cue."""
    cls = f"terrain-label on-{css_token(tile.terrain)}"
    return _text(tile.terrain, tile.center.x, tile.center.y - size * 0.5, cls)


def token_group(token: int, at: Point, size: float) -> svgwrite.container.Group:
    """A number token: its number, one pip per way two dice make it; 6 and 8 in red."""
    hot = " hot" if token in HOT_TOKENS else ""
    group = _g(class_=f"token{hot}", transform=f"translate({at.text()})")
    radius = size * 0.3
    group.add(_circle(0, 0, radius))
    group.add(_text(str(token), 0, radius * 0.25))
    count = pips(token)
    spacing = radius * 0.22
    start = -spacing * (count - 1) / 2
    for i in range(count):
        group.add(_circle(start + i * spacing, radius * 0.62, radius * 0.08, "pip"))
    return group


def _harbor(harbor: Harbor, size: float) -> svgwrite.container.Group:
    group = _g(class_=f"harbor harbor-{css_token(harbor.kind)}", data_port=xml_text(harbor.key))
    for end in harbor.ends:
        group.add(_line(end, harbor.at))
    group.add(_circle(harbor.at.x, harbor.at.y, size * 0.27, f"res-{css_token(harbor.kind)}"))
    if harbor.kind == "generic":
        group.add(_text(harbor.label, harbor.at.x, harbor.at.y + size * 0.07))
    else:
        group.add(_text(harbor.label, harbor.at.x, harbor.at.y - size * 0.02))
        group.add(_text(harbor.kind[:2].capitalize(), harbor.at.x, harbor.at.y + size * 0.17, "port-kind"))
    what = "any resource" if harbor.kind == "generic" else harbor.kind
    group.set_desc(title=xml_text(f"port: {harbor.label} {what}"))
    return group


def _track(track: Track) -> svgwrite.container.Group:
    """A labelled row of numbered spaces; the ``goal`` space is marked ``goal``."""
    group = _g(class_=f"track track-{css_token(track.key)}")
    half = track.cell_size / 2
    if track.cells:
        first = track.cells[0]
        label = _text(track.label, first.x - half - 8, first.y + 4, "track-label")
        label["text-anchor"] = "end"
        group.add(label)
    for index, (cell, mark) in enumerate(zip(track.cells, track.marks, strict=False)):
        cls = "track-cell goal" if index == track.goal else "track-cell"
        group.add(_rect(cell.x - half, cell.y - half, track.cell_size, track.cell_size, cls, rx=3))
        group.add(_text(mark, cell.x, cell.y + half + 10, "track-mark"))
    return group


def board_group(board: Board) -> svgwrite.container.Group:
    """``<g id="board">``: the sea, every hex in terrain colour, ports, tokens and tracks."""
    group = _g(id="board", class_=f"board game-{css_token(board.game)}")
    group.add(_rect(0, 0, board.width, board.height, "sea", rx=board.hex_size * 0.4))
    tiles = _g(class_="tiles")
    for tile in board.tiles:
        tiles.add(_tile(tile))
    for tile in board.tiles:
        tiles.add(_terrain_label(tile, board.hex_size))
    group.add(tiles)
    harbors = _g(class_="harbors")
    for harbor in board.harbors:
        harbors.add(_harbor(harbor, board.hex_size))
    group.add(harbors)
    tokens = _g(class_="tokens")
    for tile in board.tiles:
        if tile.token is not None:
            tokens.add(token_group(tile.token, tile.center, board.hex_size))
    group.add(tokens)
    if board.tracks:
        tracks = _g(class_="tracks")
        for track in board.tracks:
            tracks.add(_track(track))
        group.add(tracks)
    return group


def tokens_markup(board: Board) -> str:
    """What the board's ``<g class="tokens">`` holds, for a page to draw again when two tokens
    change hexes (the Geomancer). Each token's markup is made once: a swap moves only two."""
    size = board.hex_size
    return "".join(_token_markup(t.token, t.center, size) for t in board.tiles if t.token is not None)


@lru_cache(maxsize=256)
def _token_markup(token: int, at: Point, size: float) -> str:
    return markup(token_group(token, at, size))


def pieces_markup(pieces: Iterable[Piece], hex_size: float) -> str:
    """``<g id="pieces">`` with one ``<use>`` per piece, in the order given."""
    return group_markup((piece_markup(piece, hex_size) for piece in pieces), id="pieces")


@lru_cache(maxsize=16)
def board_markup(board: Board) -> str:
    """The board group serialised, once per board (a board is a frozen value)."""
    return markup(board_group(board))


@lru_cache(maxsize=1)
def symbols_markup() -> str:
    """The symbol sheet's ``<symbol>`` elements, without their ``<defs>``."""
    return "".join(markup(symbol) for symbol in symbol_sheet().elements)


def board_svg_inner(board: Board) -> str:
    """The symbol sheet and the board group as markup, for embedding in a page's ``<svg>``."""
    return markup(symbol_sheet()) + board_markup(board)


# ---------------------------------------------------------------- header and panel

_SPOTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


@lru_cache(maxsize=512)
def _die(value: int, kind: str, x: float, y: float) -> str:
    """One die showing ``value`` with its top left corner at ``x, y``; ``kind`` is its colour class."""
    die = _g(class_=f"die-face d{value}{kind}", transform=f"translate({num(x + 11)},{num(y + 11)})")
    die.add(_rect(-11, -11, 22, 22, "die", rx=4))
    for dx, dy in _SPOTS.get(value, ()):
        die.add(_circle(dx * 5.5, dy * 5.5, 2.2, "die-pip"))
    return markup(die)


def _dice(out: list[str], dice: tuple[int, ...], x: float, y: float, kinds: tuple[str, ...] = ()) -> float:
    for index, value in enumerate(dice):
        kind = f" {css_token(kinds[index])}" if index < len(kinds) else ""
        out.append(_die(int(value), kind, x, y))
        x += 28
    return x


@lru_cache(maxsize=64)
def _event_face(event: str, x: float, y: float) -> tuple[str, float]:
    """The face of a symbol die: a coloured square with the face's name in small letters; and its width."""
    face = _g(class_=f"event-face event-{css_token(event)}", transform=f"translate({num(x)},{num(y)})")
    width = max(22.0, 6.5 * len(event) + 8)
    face.add(_rect(0, 0, width, 22, "die", rx=4))
    face.add(_text(event, width / 2, 15, "event-name"))
    return markup(face), width


@lru_cache(maxsize=256)
def _header_lines(header: Header, width: float) -> tuple[str, ...]:
    """The header's children but the action line: turn, dice, event face, who acts, the viewer."""
    out: list[str] = []
    x = 12.0
    out.append(text_markup(header.turn, x, 24, "big"))
    x += 9 * len(header.turn) + 14
    if header.dice:
        x = _dice(out, header.dice, x, 8, header.dice_kinds) + 6
        out.append(text_markup(f"= {sum(header.dice)}", x, 24, "big"))
        x += 44
    if header.event:
        face, face_width = _event_face(header.event, x, 8)
        out.append(face)
        x += face_width + 8
    out.append(text_markup(clip(header.acting, 60), x, 24))
    out.append(text_markup(header.viewer, width - 12, 24, "viewer", anchor="end"))
    return tuple(out)


def header_markup(header: Header, action: str, width: float) -> str:
    """``<g id="header">``: turn, dice, who acts, whose view, and the move just made."""
    action_line = text_markup(clip(action, 110), 12, 52, "action")
    return group_markup((*_header_lines(header, width), action_line), id="header", class_="hdr")


@lru_cache(maxsize=1024)
def row_markup(row: PlayerRow, y: float, width: float) -> str:
    """One seat's row of the panel at height ``y``: name, score, hand, cards, stats and badges."""
    classes = f"prow seat-row-{row.seat}" + (" current" if row.current else "") + (" out" if row.out else "")
    out = [
        rect_markup(0, 0, width, row_height(row) - 6, "now" if row.current else "row", rx=6),
        rect_markup(8, 8, 14, 14, f"chip seat-{row.seat}", rx=3),
        text_markup(clip(row.name, 34), 28, 20, "name"),
        text_markup(f"{row.score} VP", width - 10, 20, "score", anchor="end"),
    ]
    if row.hand is not None:
        x = 10.0
        for card, count in row.hand:
            out.append(rect_markup(x, 30, 12, 12, f"chip res-{css_token(card)}", rx=2))
            out.append(text_markup(str(count), x + 15, 41))
            x += 34
        out.append(text_markup(f"({row.hand_count})", x, 41, "dim"))
    else:
        out.append(text_markup(f"{row.hand_count} card{'' if row.hand_count == 1 else 's'}", 10, 41))
    label = row.cards_label
    cards = f"{label} {row.card_count if row.cards is None else len(row.cards)}"
    bits = [cards] + [f"{s.label} {s.value}" for s in row.stats]
    if row.cards:
        bits.append(", ".join(row.cards))
    out.append(text_markup(clip(" · ".join(bits), ROW_CHARS), 10, 58, "dim"))
    tail = list(row.badges)
    if row.to_move:
        tail.insert(0, f"to move: {row.to_move}")
    if row.out:
        tail.append("resigned")
    line_y = 74.0
    if row.tracks:
        tracks = [f"{t} {level}" + (" (metropolis)" if metro else "") for t, level, metro in row.tracks]
        out.append(text_markup(clip(" · ".join(tracks), ROW_CHARS), 10, line_y, "dim"))
        line_y += TRACK_LINE
    if tail:
        out.append(text_markup(clip(" · ".join(tail), ROW_CHARS), 10, line_y))
    return group_markup(out, class_=classes, transform=f"translate(0,{num(y)})")


def row_height(row: PlayerRow) -> float:
    return ROW_HEIGHT + (TRACK_LINE if row.tracks else 0.0)


def panel_markup(panel: Panel, x: float, y: float, width: float) -> tuple[str, float]:
    """``<g id="panel">`` with one row per seat, table facts and recent talk; and its height."""
    out = []
    cy = 0.0
    for row in panel.rows:
        out.append(row_markup(row, cy, width))
        cy += row_height(row)
    if panel.result:
        cy += 16
        out.append(text_markup(panel.result, 0, cy, "name"))
    for index, line in enumerate(wrap((f"{s.label} {s.value}" for s in panel.facts), FACT_CHARS)):
        cy += 20 if index == 0 else 17
        out.append(text_markup(line, 0, cy, "fact"))
    for speaker, message in panel.talk:
        cy += 18
        out.append(text_markup(clip(f"{speaker}: {message}", 52), 0, cy, "talk"))
    group = group_markup(out, id="panel", class_="pnl", transform=f"translate({num(x)},{num(y)})")
    return group, cy + 10


# ---------------------------------------------------------------- the document


_SLOT_SYMBOLS = '<g id="slot-symbols" />'
_SLOT_BODY = '<g id="slot-body" />'


FRAME_CLASS = "replaykit-frame"
"""The class every frame's root carries first, before its game's (how a frame is told from
another file of its name: :func:`toolkit.render.frames.is_frame`)."""


@lru_cache(maxsize=64)
def _document(game: str, width: float, height: float) -> tuple[str, str]:
    """A frame document of ``width`` x ``height`` around its body: everything before the header
    (declaration, root, stylesheet, symbol sheet, paper) and everything after the panel."""
    drawing = svgwrite.Drawing(size=(num(width), num(height)), debug=False)
    drawing["viewBox"] = f"0 0 {num(width)} {num(height)}"
    drawing["class"] = f"{FRAME_CLASS} game-{css_token(game)}"
    drawing.defs.add(svgwrite.container.Style(frame_css()))
    drawing.defs.add(_g(id="slot-symbols"))
    paper = _rect(0, 0, width, height, "paper")
    paper["fill"] = "#fbfaf6"
    drawing.add(paper)
    drawing.add(_g(id="slot-body"))
    text = markup(drawing).replace(_SLOT_SYMBOLS, symbols_markup(), 1)
    before, after = text.split(_SLOT_BODY, 1)
    return XML_DECLARATION + before, after + "\n"


class FrameDrawer:
    """Draws standalone frames on one board.

    What never changes within a game (the board, the symbol sheet, the document's width and
    the table around the piece layer) is worked out when the drawer is made, once per board.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.panel_x = board.width + GAP
        self.width = self.panel_x + PANEL_WIDTH + GAP
        start, _ = _group_tags((("id", "table"), ("transform", f"translate(0,{num(HEADER_HEIGHT)})")))
        self.table = start + board_markup(board)

    def svg(self, parts: FrameParts) -> str:
        """A standalone SVG document for one frame: header, board, pieces and panel."""
        panel, panel_height = panel_markup(parts.panel, self.panel_x, HEADER_HEIGHT, PANEL_WIDTH)
        height = HEADER_HEIGHT + max(self.board.height, panel_height) + GAP
        before, after = _document(self.board.game, self.width, height)
        return "".join(
            (
                before,
                header_markup(parts.header, parts.action, self.width),
                self.table,
                pieces_markup(parts.pieces, self.board.hex_size),
                "</g>",
                panel,
                after,
            )
        )


@lru_cache(maxsize=8)
def drawer(board: Board) -> FrameDrawer:
    """The drawer for ``board``, kept for the boards drawn most recently."""
    return FrameDrawer(board)


def frame_svg(board: Board, parts: FrameParts) -> str:
    """A standalone SVG document for one frame: header, board, pieces and panel."""
    return drawer(board).svg(parts)
