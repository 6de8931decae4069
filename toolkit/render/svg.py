"""Draw frames with svgwrite: the board once, pieces from the symbol sheet, header and panel.

Every coordinate is rounded to 2 decimals and every element is built in a fixed order, so the
same parts always give the same bytes. The piece layer is a ``<g id="pieces">`` whose children
are exactly :func:`toolkit.render.symbols.piece_markup` of each piece; the site page reuses that
markup so a page frame and a standalone frame show the same layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import svgwrite
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
from toolkit.render.symbols import piece_element, symbol_sheet

HEADER_HEIGHT = 64.0
PANEL_WIDTH = 340.0
GAP = 16.0
ROW_HEIGHT = 84.0
TRACK_LINE = 16.0  # a row with improvement tracks gives them a line of their own
ROW_CHARS = 54  # what fits on one line of a player row at the panel's font size
FACT_CHARS = 50
HOT_TOKENS = (6, 8)


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


def pieces_group(pieces: Iterable[Piece], hex_size: float) -> svgwrite.container.Group:
    """``<g id="pieces">`` with one ``<use>`` per piece, in the order given."""
    group = _g(id="pieces")
    for piece in pieces:
        group.add(piece_element(piece, hex_size))
    return group


def board_svg_inner(board: Board) -> str:
    """The symbol sheet and the board group as markup, for embedding in a page's ``<svg>``."""
    return str(symbol_sheet().tostring()) + str(board_group(board).tostring())


# ---------------------------------------------------------------- header and panel


def _dice(
    group: svgwrite.container.Group, dice: tuple[int, ...], x: float, y: float, kinds: tuple[str, ...] = ()
) -> float:
    spots = {
        1: ((0, 0),),
        2: ((-1, -1), (1, 1)),
        3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    }
    for index, value in enumerate(dice):
        kind = f" {css_token(kinds[index])}" if index < len(kinds) else ""
        die = _g(class_=f"die-face d{int(value)}{kind}", transform=f"translate({num(x + 11)},{num(y + 11)})")
        die.add(_rect(-11, -11, 22, 22, "die", rx=4))
        for dx, dy in spots.get(int(value), ()):
            die.add(_circle(dx * 5.5, dy * 5.5, 2.2, "die-pip"))
        group.add(die)
        x += 28
    return x


def _event_face(group: svgwrite.container.Group, event: str, x: float, y: float) -> float:
    """The face of a symbol die: a coloured square with the face's name in small letters."""
    face = _g(class_=f"event-face event-{css_token(event)}", transform=f"translate({num(x)},{num(y)})")
    width = max(22.0, 6.5 * len(event) + 8)
    face.add(_rect(0, 0, width, 22, "die", rx=4))
    face.add(_text(event, width / 2, 15, "event-name"))
    group.add(face)
    return x + width


def header_group(header: Header, action: str, width: float) -> svgwrite.container.Group:
    group = _g(id="header", class_="hdr")
    x = 12.0
    group.add(_text(header.turn, x, 24, "big"))
    x += 9 * len(header.turn) + 14
    if header.dice:
        x = _dice(group, header.dice, x, 8, header.dice_kinds) + 6
        group.add(_text(f"= {sum(header.dice)}", x, 24, "big"))
        x += 44
    if header.event:
        x = _event_face(group, header.event, x, 8) + 8
    group.add(_text(clip(header.acting, 60), x, 24))
    group.add(_text(header.viewer, width - 12, 24, "viewer"))
    group.elements[-1]["text-anchor"] = "end"
    group.add(_text(clip(action, 110), 12, 52, "action"))
    return group


def _row(row: PlayerRow, y: float, width: float) -> svgwrite.container.Group:
    classes = f"prow seat-row-{row.seat}" + (" current" if row.current else "") + (" out" if row.out else "")
    group = _g(class_=classes, transform=f"translate(0,{num(y)})")
    group.add(_rect(0, 0, width, row_height(row) - 6, "now" if row.current else "row", rx=6))
    group.add(_rect(8, 8, 14, 14, f"chip seat-{row.seat}", rx=3))
    group.add(_text(clip(row.name, 34), 28, 20, "name"))
    score = _text(f"{row.score} VP", width - 10, 20, "score")
    score["text-anchor"] = "end"
    group.add(score)
    if row.hand is not None:
        x = 10.0
        for card, count in row.hand:
            group.add(_rect(x, 30, 12, 12, f"chip res-{css_token(card)}", rx=2))
            group.add(_text(str(count), x + 15, 41))
            x += 34
        group.add(_text(f"({row.hand_count})", x, 41, "dim"))
    else:
        group.add(_text(f"{row.hand_count} card{'' if row.hand_count == 1 else 's'}", 10, 41))
    label = row.cards_label
    cards = f"{label} {row.card_count if row.cards is None else len(row.cards)}"
    bits = [cards] + [f"{s.label} {s.value}" for s in row.stats]
    if row.cards:
        bits.append(", ".join(row.cards))
    group.add(_text(clip(" · ".join(bits), ROW_CHARS), 10, 58, "dim"))
    tail = list(row.badges)
    if row.to_move:
        tail.insert(0, f"to move: {row.to_move}")
    if row.out:
        tail.append("resigned")
    y = 74.0
    if row.tracks:
        tracks = [f"{t} {level}" + (" (metropolis)" if metro else "") for t, level, metro in row.tracks]
        group.add(_text(clip(" · ".join(tracks), ROW_CHARS), 10, y, "dim"))
        y += TRACK_LINE
    if tail:
        group.add(_text(clip(" · ".join(tail), ROW_CHARS), 10, y))
    return group


def row_height(row: PlayerRow) -> float:
    return ROW_HEIGHT + (TRACK_LINE if row.tracks else 0.0)


def panel_group(panel: Panel, x: float, y: float, width: float) -> tuple[svgwrite.container.Group, float]:
    """``<g id="panel">`` with one row per seat, table facts and recent talk; returns its height."""
    group = _g(id="panel", class_="pnl", transform=f"translate({num(x)},{num(y)})")
    cy = 0.0
    for row in panel.rows:
        group.add(_row(row, cy, width))
        cy += row_height(row)
    if panel.result:
        cy += 16
        group.add(_text(panel.result, 0, cy, "name"))
    for index, line in enumerate(wrap((f"{s.label} {s.value}" for s in panel.facts), FACT_CHARS)):
        cy += 20 if index == 0 else 17
        group.add(_text(line, 0, cy, "fact"))
    for speaker, message in panel.talk:
        cy += 18
        group.add(_text(clip(f"{speaker}: {message}", 52), 0, cy, "talk"))
    return group, cy + 10


@lru_cache(maxsize=8)
def _static_markup(board: Board) -> tuple[str, str]:
    """The symbol sheet's symbols and the board group, serialised once per board."""
    symbols = "".join(str(symbol.tostring()) for symbol in symbol_sheet().elements)
    return symbols, str(board_group(board).tostring())


_SLOT_SYMBOLS = '<g id="slot-symbols" />'
_SLOT_BOARD = '<g id="slot-board" />'


def frame_svg(board: Board, parts: FrameParts) -> str:
    """A standalone SVG document for one frame: header, board, pieces and panel.

    The board and the symbol sheet never change within a game: they are serialised once
    (:func:`_static_markup`) and spliced into each frame's document.
    """
    panel_x = board.width + GAP
    panel, panel_height = panel_group(parts.panel, panel_x, HEADER_HEIGHT, PANEL_WIDTH)
    width = panel_x + PANEL_WIDTH + GAP
    height = HEADER_HEIGHT + max(board.height, panel_height) + GAP
    drawing = svgwrite.Drawing(size=(num(width), num(height)), debug=False)
    drawing["viewBox"] = f"0 0 {num(width)} {num(height)}"
    drawing["class"] = f"replaykit-frame game-{css_token(board.game)}"
    drawing.defs.add(svgwrite.container.Style(frame_css()))
    drawing.defs.add(_g(id="slot-symbols"))
    drawing.add(_rect(0, 0, width, height, "paper"))
    drawing.elements[-1]["fill"] = "#fbfaf6"
    drawing.add(header_group(parts.header, parts.action, width))
    table = _g(id="table", transform=f"translate(0,{num(HEADER_HEIGHT)})")
    table.add(_g(id="slot-board"))
    table.add(pieces_group(parts.pieces, board.hex_size))
    drawing.add(table)
    drawing.add(panel)
    symbols, board_markup = _static_markup(board)
    text = str(drawing.tostring()).replace(_SLOT_SYMBOLS, symbols, 1).replace(_SLOT_BOARD, board_markup, 1)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n"
