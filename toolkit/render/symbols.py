"""The sheet of ``<symbol>`` elements every piece is drawn from.

Each symbol is drawn around its own origin in a base box; a piece is a ``<use>`` of it,
scaled to the board's hex size, translated to the piece's centre and rotated. Symbols carry
no fill, so the ``<use>`` element's seat class colours them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import svgwrite.container
import svgwrite.shapes

from toolkit.render.geometry import num
from toolkit.render.scene import Piece, css_token, xml_text

BASE_HEX = 48.0


@dataclass(frozen=True)
class Glyph:
    """A symbol's shapes (polygons as point lists) and its box ``(x, y, w, h)`` at the base hex size."""

    box: tuple[float, float, float, float]
    polygons: tuple[tuple[tuple[float, float], ...], ...]


Shape = tuple[tuple[float, float], ...]

_SHIELD: Shape = ((-8, -8), (8, -8), (8, 1), (0, 9), (-8, 1))
_FIGURE: Shape = (
    (-4, -13), (4, -13), (5, -8), (3, -4), (7, 6), (7, 13), (-7, 13), (-7, 6), (-3, -4), (-5, -8),
)


def _bar(top: float) -> Shape:
    """A band across a shield: one band per rank above the lowest."""
    return ((-5, top), (5, top), (5, top + 2.5), (-5, top + 2.5))


GLYPHS: dict[str, Glyph] = {
    "road": Glyph((-17, -3.5, 34, 7), (((-17, -3.5), (17, -3.5), (17, 3.5), (-17, 3.5)),)),
    "settlement": Glyph((-8, -9, 16, 17), (((-7, -1), (0, -8), (7, -1), (7, 7), (-7, 7)),)),
    "city": Glyph(
        (-12, -12, 24, 21),
        (((-11, 8), (-11, -1), (-4, -1), (-4, -6), (1.5, -11), (7, -6), (7, -1), (11, -1), (11, 8)),),
    ),
    "metropolis": Glyph(
        (-12, -16, 24, 25),
        (
            ((-11, 8), (-11, -1), (-5, -1), (-5, -9), (0, -15), (5, -9), (5, -1), (11, -1), (11, 8)),
            ((-2, 3), (2, 3), (2, 8), (-2, 8)),
        ),
    ),
    "metropolis-tower": Glyph(
        (-6, -8, 12, 17),
        (
            (
                (-4, 8), (-4, -3), (-5, -3), (-5, -7), (-2.5, -7), (-2.5, -5), (-1, -5), (-1, -7), (1, -7),
                (1, -5), (2.5, -5), (2.5, -7), (5, -7), (5, -3), (4, -3), (4, 8),
            ),
        ),
    ),
    "wall": Glyph(
        (-18, 4, 36, 11), (((-18, 15), (-18, 4), (-15, 4), (-15, 8), (15, 8), (15, 4), (18, 4), (18, 15)),)
    ),
    "knight": Glyph((-9, -10, 18, 20), (_SHIELD,)),
    "knight-strong": Glyph((-9, -10, 18, 20), (_SHIELD, _bar(-4.5))),
    "knight-mighty": Glyph((-9, -10, 18, 20), (_SHIELD, _bar(-5.5), _bar(-1.5))),
    "bandit": Glyph((-8, -15, 16, 30), (_FIGURE,)),
    "robber": Glyph((-8, -15, 16, 30), (_FIGURE,)),
    "berserker": Glyph(
        (-13, -14, 26, 23),
        (((-1, -13), (-1, 0), (-11, 0)), ((1, -11), (1, 0), (9, 0)), ((-12, 2), (12, 2), (8, 8), (-8, 8))),
    ),
    "merchant": Glyph((-8, -10, 16, 20), (((0, -9), (7, 0), (0, 9), (-7, 0)),)),
}


# How much larger than its base box each glyph is drawn.
SCALE: dict[str, float] = {
    "settlement": 1.35,
    "city": 1.35,
    "metropolis": 1.35,
    "metropolis-tower": 1.2,
    "knight": 1.2,
    "knight-strong": 1.2,
    "knight-mighty": 1.2,
    "merchant": 1.2,
}


def symbol_id(kind: str) -> str:
    return f"sym-{css_token(kind)}"


def symbol_sheet() -> svgwrite.container.Defs:
    """``<defs>`` holding one ``<symbol>`` per glyph, in a fixed order."""
    defs = svgwrite.container.Defs(debug=False)
    for kind in sorted(GLYPHS):
        glyph = GLYPHS[kind]
        symbol = svgwrite.container.Symbol(id=symbol_id(kind), debug=False)
        symbol["viewBox"] = " ".join(num(v) for v in glyph.box)
        symbol["overflow"] = "visible"
        for points in glyph.polygons:
            symbol.add(svgwrite.shapes.Polygon([(num(x), num(y)) for x, y in points], debug=False))
        defs.add(symbol)
    return defs


def piece_element(piece: Piece, hex_size: float) -> svgwrite.container.Use:
    """The ``<use>`` drawing one piece; its classes name the kind and the owner.

    The glyph is the piece's ``symbol`` when the sheet has it, else its kind's own.
    """
    kind = next((k for k in (piece.symbol, piece.kind) if k in GLYPHS), "merchant")
    glyph = GLYPHS[kind]
    scale = hex_size / BASE_HEX * SCALE.get(kind, 1.0)
    x, y, w, h = (v * scale for v in glyph.box)
    use = svgwrite.container.Use(f"#{symbol_id(kind)}", debug=False)
    use["class"] = piece.classes()
    use["x"] = num(x)
    use["y"] = num(y)
    use["width"] = num(w)
    use["height"] = num(h)
    transform = f"translate({piece.at.text()})"
    if piece.angle:
        transform += f" rotate({num(piece.angle)})"
    use["transform"] = transform
    if piece.owner:
        use["data-owner"] = xml_text(piece.owner)
    if piece.title:
        use["data-title"] = xml_text(piece.title)
        use.set_desc(title=xml_text(piece.title))
    return use


@lru_cache(maxsize=4096)
def piece_markup(piece: Piece, hex_size: float) -> str:
    """:func:`piece_element` serialised, once per distinct piece (pieces are frozen values)."""
    return str(piece_element(piece, hex_size).tostring())
