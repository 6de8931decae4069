"""One replay page: every frame of every seat's view packed as shared, de-duplicated fragments.

A page carries the board and symbol sheet once. For each frame and each seat's view it
stores a short row of indices: the piece layer (a list of piece elements), the header, the
panel foot (an opening, one fragment per table fact, a closing) and one player row per
seat, each row being three fragments (name and score, hand, cards and stats). Identical
fragments and identical combinations are stored once, so a long game costs little more
than the parts that actually change.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from markupsafe import Markup

from toolkit.render.frames import SPECTATOR, snapshots
from toolkit.render.scene import Board
from toolkit.render.svg import board_svg_inner
from toolkit.render.symbols import piece_markup
from toolkit.saves import Save

K = TypeVar("K", bound=Hashable)


class Interner(Generic[K]):
    """Hands out one stable index per distinct rendered text, in first-seen order.

    ``make`` renders a key once; keys that render to the same text share an index.
    """

    def __init__(self, make: Callable[[K], str]) -> None:
        self.make = make
        self.by_key: dict[K, int] = {}
        self.by_text: dict[str, int] = {}
        self.values: list[str] = []

    def __call__(self, key: K) -> int:
        found = self.by_key.get(key)
        if found is None:
            text = self.make(key)
            found = self.by_text.get(text)
            if found is None:
                found = self.by_text[text] = len(self.values)
                self.values.append(text)
            self.by_key[key] = found
        return found


@dataclass
class PageData:
    """Everything a replay page needs; ``data`` is what the player script reads."""

    board: Board
    board_svg: Markup
    first_pieces: Markup
    first: Any
    actions: list[str]
    details: list[str]
    players: list[tuple[int, str]]
    winner: str | None
    data: dict[str, Any] = field(default_factory=dict)


def build_page_data(
    save: Save, macros: Any, observe: Callable[[int, Mapping[str, Any]], None] | None = None
) -> PageData:
    """Replay ``save`` once and pack every frame of every seat's view.

    ``macros`` is the template module holding ``head``, ``who``, ``hand``, ``info``,
    ``foot_open``, ``fact`` and ``foot_close``. ``observe``, if given, is shown every frame's
    views (by view key) as they are made, e.g. to gather the game's charts in the same replay.
    Raises :class:`~toolkit.replay.ReplayError` when a move does not replay.
    """
    board: Board | None = None
    hex_size = 0.0
    pieces: Interner[Any] = Interner(lambda p: piece_markup(p, hex_size))
    layers_index: dict[tuple[int, ...], int] = {}
    layers: list[list[int]] = []
    parts: Interner[Any] = Interner(lambda key: str(getattr(macros, key[0])(*key[1:])))
    rows_index: dict[tuple[int, ...], int] = {}
    rows: list[list[int]] = []
    foots_index: dict[tuple[int, ...], int] = {}
    foots: list[list[int]] = []
    views: dict[str, list[list[int]]] = {}
    actions: list[str] = []
    details: list[str] = []
    first = None
    players: list[tuple[int, str]] = []
    winner: str | None = None
    for adapter, snap in snapshots(save, None):
        spectator = snap.views[SPECTATOR]
        if board is None:
            board = adapter.board(spectator)
            hex_size = board.hex_size
            players = adapter.players(spectator)
        winner = adapter.winner(spectator)
        actions.append(snap.action)
        details.append(snap.detail)
        if observe is not None:
            observe(snap.index, snap.views)
        for key, view in snap.views.items():
            frame = adapter.frame(view)
            if first is None:
                first = frame
            layer = tuple(pieces(p) for p in frame.pieces)
            layer_id = layers_index.get(layer)
            if layer_id is None:
                layer_id = layers_index[layer] = len(layers)
                layers.append(list(layer))
            panel = frame.panel
            has_facts = bool(panel.facts)
            foot = (
                parts(("foot_open", panel.result, has_facts)),
                *(parts(("fact", fact)) for fact in panel.facts),
                parts(("foot_close", has_facts, panel.talk)),
            )
            foot_id = foots_index.get(foot)
            if foot_id is None:
                foot_id = foots_index[foot] = len(foots)
                foots.append(list(foot))
            row = [layer_id, parts(("head", frame.header)), foot_id]
            for player in frame.panel.rows:
                combo = (parts(("who", player)), parts(("hand", player)), parts(("info", player)))
                combo_id = rows_index.get(combo)
                if combo_id is None:
                    combo_id = rows_index[combo] = len(rows)
                    rows.append(list(combo))
                row.append(combo_id)
            views.setdefault(key, []).append(row)
    assert board is not None and first is not None
    data = {
        "frames": len(actions),
        "pieces": pieces.values,
        "layers": layers,
        "parts": parts.values,
        "rows": rows,
        "foots": foots,
        "views": views,
    }
    first_layer = "".join(pieces.values[i] for i in layers[views[SPECTATOR][0][0]])
    return PageData(
        board=board,
        board_svg=Markup(board_svg_inner(board)),
        first_pieces=Markup(f'<g id="pieces">{first_layer}</g>'),
        first=first,
        actions=actions,
        details=details,
        players=players,
        winner=winner,
        data=data,
    )
