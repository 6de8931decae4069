"""What just happened, drawn over the board: rings round the pieces a move placed or moved, and
an outline round each hex a roll made produce.

The marks are a separate layer (``<g id="marks">``) so the piece layer stays exactly the
standalone frame's. Which hexes produce is read from the board and the header's dice only:
a hex whose number the two dice make, unless the robber (``blocked``) stands on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import escape

from toolkit.render.geometry import Point, num
from toolkit.render.scene import Board, Header, Piece, Tile


def produced_tiles(board: Board, header: Header, blocked: str | None) -> tuple[Tile, ...]:
    """The hexes whose number token the first two dice of ``header`` add up to, but ``blocked``."""
    if not header.dice or len(header.dice) < 2:
        return ()
    total = header.dice[0] + header.dice[1]
    return tuple(t for t in board.tiles if t.token == total and t.key != blocked)


def marks_markup(
    hex_size: float, fresh: Sequence[Piece], hot: Sequence[Tile], note: tuple[Point, str] | None = None
) -> str:
    """The marks layer's children: one outline per producing hex, one ring per fresh piece, and
    an adapter's note beside a track (codex: knight strength against berserker strength)."""
    out = []
    if note is not None:
        at, words = note
        out.append(f'<text class="track-note" x="{num(at.x)}" y="{num(at.y)}">{escape(words)}</text>')
    for tile in hot:
        points = " ".join(p.text() for p in tile.corners)
        out.append(f'<polygon class="mark-hot" points="{points}"/>')
    for piece in fresh:
        radius = num(hex_size * (0.42 if piece.kind == "road" else 0.36))
        out.append(f'<circle class="mark-new" cx="{num(piece.at.x)}" cy="{num(piece.at.y)}" r="{radius}"/>')
    return "".join(out)
