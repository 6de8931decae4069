"""The site's index: one record per replay, a small picture of its final board, and the index page.

The page must stay quick with thousands of replays and open from ``file://`` under a policy
that runs nothing but its own hashed script. So the records travel inside the page as
``<script type="application/json">`` chunks (data, never run; Chromium will not let a
``file://`` page fetch a JSON file) of :data:`CHUNK` records each, and the page's script
draws one page of cards at a time: the first chunk is enough for the first page, the rest
are read when a search, filter or later page needs them. The same records are written to
``replays.json`` for other tools.

A record is compact: players' names are stored once in a shared table and each record is a
list (:data:`FIELDS`). Every name and title is player text: the script only ever sets it as
text, never as markup. Thumbnails are separate SVG files next to each page (loaded lazily
as images, allowed by ``img-src 'self'``): the final board, and the bare island shown while
winners and scores are hidden; the save file is copied beside them so every card
can offer it for download.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import jinja2
from markupsafe import Markup

from toolkit.render.adapters import Adapter
from toolkit.render.charts import Tracker
from toolkit.render.frames import SPECTATOR
from toolkit.render.geometry import num
from toolkit.render.palette import INK, SEAT_COLOURS, TERRAIN_COLOURS, seat_css
from toolkit.render.scene import Board, Piece, listed
from toolkit.saves import Save

CHUNK = 500
NOTE_CHARS = 160
THUMB_WIDTH = 160
#: What each position of an embedded record holds.
FIELDS = ("title", "note", "game", "board", "players", "winner", "turns", "moves", "slug")
SEA = "#4f8fc9"
LIST_ROWS = 100
"""Replays to a page of the plain list a reader without JavaScript sees (the index's first page,
then :func:`list_pages`)."""


@dataclass
class Seat:
    """One player of a replay as the index shows it: seat, name and final (public) points."""

    seat: int
    name: str
    vp: int


@dataclass
class Record:
    """What the index knows of one replay."""

    title: str
    note: str
    game: str
    board: str
    seats: list[Seat]
    winner: int | None
    turns: int
    moves: int
    slug: str = ""
    thumb: str = field(default="", repr=False)
    island: str = field(default="", repr=False)

    @property
    def href(self) -> str:
        return f"replays/{self.slug}.html"

    def legacy(self) -> dict[str, Any]:
        """The record as the builder reports it (:attr:`toolkit.site.builder.Built.replays`)."""
        names = {s.seat: s.name for s in self.seats}
        return {
            "title": self.title,
            "note": self.note,
            "game": self.game,
            "board": self.board,
            "players": [s.name for s in self.seats],
            "scores": [s.vp for s in self.seats],
            "winner": names.get(self.winner) if self.winner is not None else None,
            "turns": self.turns,
            "moves": self.moves,
            "href": self.href,
            "save": f"replays/{self.slug}.json",
            "thumb": f"replays/{self.slug}.svg",
            "island": f"replays/{self.slug}.island.svg",
        }


def plain_title(game: str, names: Sequence[str]) -> str:
    """A replay's title that gives nothing away, shown in its place while winners and scores
    are hidden (a publisher's title may name the winner): the game and who played it,
    ``Codex with Ada, Bob and Cy``. The index's script writes the same words from a record."""
    return f"{game[:1].upper()}{game[1:]} with {listed(names) or 'nobody'}"


def _turns(view: Mapping[str, Any]) -> int:
    for key in ("turn", "turnNumber"):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def board_name(save: Save, board: Board) -> str:
    """The board a game was played on: the save's ``board`` option, else ``standard``, and its size."""
    chosen = save.config.get("board") if isinstance(save.config, Mapping) else None
    name = chosen if isinstance(chosen, str) and chosen else "standard"
    return f"{name} board, {len(board.tiles)} hexes"


def record_for(save: Save, tracker: Tracker, title: str, note: str) -> Record:
    """The index record of a replay whose every frame ``tracker`` has seen."""
    final = tracker.final[SPECTATOR]
    adapter = tracker.adapter
    board = adapter.board(final)
    scores = tracker.series[SPECTATOR].scores
    seats = [Seat(s, tracker.names[s], scores[s][-1] if scores.get(s) else 0) for s in tracker.seats]
    winner_name = adapter.winner(final)
    winner = next((s.seat for s in seats if winner_name is not None and s.name == winner_name), None)
    return Record(
        title=title,
        note=note,
        game=save.game,
        board=board_name(save, board),
        seats=seats,
        winner=winner,
        turns=_turns(final),
        moves=len(save.moves),
        thumb=thumbnail(adapter, final),
        island=thumbnail(adapter, final, pieces=False),
    )


# ---------------------------------------------------------------- thumbnails


def _r(value: float) -> str:
    """A thumbnail coordinate: whole pixels of the full-size board are plenty at this scale."""
    return num(round(value))


def _piece_path(piece: Piece, size: float) -> tuple[str, str]:
    """``(kind of mark, path data)`` for one piece: roads as strokes, the rest as small shapes."""
    x, y = piece.at.x, piece.at.y
    if piece.kind == "road":
        half = size * 0.36
        dx, dy = math.cos(math.radians(piece.angle)) * half, math.sin(math.radians(piece.angle)) * half
        return "road", f"M{_r(x - dx)},{_r(y - dy)}L{_r(x + dx)},{_r(y + dy)}"
    side = {"settlement": 0.3, "city": 0.42, "metropolis": 0.5}.get(piece.kind)
    if side is None:
        side = 0.22
    half = size * side / 2
    return "town", f"M{_r(x - half)},{_r(y - half)}h{_r(2 * half)}v{_r(2 * half)}h{_r(-2 * half)}z"


def thumbnail(adapter: Adapter, view: Mapping[str, Any], pieces: bool = True) -> str:
    """A small SVG of the board in ``view``: terrain, roads and buildings in seat colours.

    Hexes of one terrain share one path and each seat's roads and buildings one path each,
    so a thumbnail is a couple of kilobytes; pieces off the island (tracks) are left out.
    Without ``pieces`` it is the bare island, which tells nothing of how the game went: the
    index shows that one while winners and scores are hidden.
    """
    board = adapter.board(view)
    xs = [p.x for t in board.tiles for p in t.corners] or [0.0, board.width]
    ys = [p.y for t in board.tiles for p in t.corners] or [0.0, board.height]
    pad = board.hex_size * 0.3
    left, top, right, bottom = min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    width, height = right - left, bottom - top
    terrain: dict[str, list[str]] = {}
    for tile in board.tiles:
        points = "L".join(f"{_r(p.x)},{_r(p.y)}" for p in tile.corners)
        terrain.setdefault(tile.terrain, []).append(f"M{points}z")
    marks: dict[tuple[str, int | None], list[str]] = {}
    for piece in adapter.frame(view).pieces if pieces else ():
        if not (left <= piece.at.x <= right and top <= piece.at.y <= bottom):
            continue
        if piece.kind not in ("road", "settlement", "city", "metropolis", "robber", "bandit"):
            continue
        kind, path = _piece_path(piece, board.hex_size)
        marks.setdefault((kind, piece.seat), []).append(path)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_r(left)} {_r(top)} {_r(width)} {_r(height)}" '
        f'width="{THUMB_WIDTH}" height="{num(THUMB_WIDTH * height / width)}">',
        f'<rect x="{_r(left)}" y="{_r(top)}" width="{_r(width)}" height="{_r(height)}" fill="{SEA}"/>',
    ]
    for name in sorted(terrain):
        colour = TERRAIN_COLOURS.get(name, "#cccccc")
        out.append(f'<path fill="{colour}" stroke="#5b4a2e" stroke-width="2" d="{"".join(terrain[name])}"/>')
    for (kind, seat), paths in sorted(marks.items(), key=lambda kv: (kv[0][0] != "road", str(kv[0]))):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat is not None else "#2b2b2b"
        data = "".join(paths)
        if kind == "road":
            out.append(f'<path stroke="{INK}" stroke-width="11" stroke-linecap="round" d="{data}"/>')
            out.append(f'<path stroke="{colour}" stroke-width="7" stroke-linecap="round" d="{data}"/>')
        else:
            out.append(f'<path fill="{colour}" stroke="{INK}" stroke-width="2.5" d="{data}"/>')
    out.append("</svg>\n")
    return "".join(out)


# ---------------------------------------------------------------- the page


def packed(records: Sequence[Record]) -> dict[str, Any]:
    """The records as the page embeds them: a table of names, then one list per record."""
    names: dict[str, int] = {}
    games: dict[str, int] = {}
    boards: dict[str, int] = {}
    rows = []
    for r in records:
        players = [[names.setdefault(s.name, len(names)), s.vp] for s in r.seats]
        rows.append(
            [
                r.title,
                r.note if len(r.note) <= NOTE_CHARS else r.note[: NOTE_CHARS - 1] + "\u2026",
                games.setdefault(r.game, len(games)),
                boards.setdefault(r.board, len(boards)),
                players,
                -1 if r.winner is None else r.winner,
                r.turns,
                r.moves,
                r.slug,
            ]
        )
    tables = {"fields": list(FIELDS), "names": list(names), "games": list(games), "boards": list(boards)}
    return {**tables, "rows": rows}


def _json(value: Any) -> str:
    """JSON safe inside a ``<script>`` data block: no ``<``, ``>`` or ``&`` appears literally."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def chunks(records: Sequence[Record]) -> tuple[str, list[str]]:
    """The page's data blocks: the shared tables, then the records in chunks of :data:`CHUNK`."""
    data = packed(records)
    rows = data.pop("rows")
    data["count"] = len(rows)
    parts = [_json(rows[i : i + CHUNK]) for i in range(0, len(rows), CHUNK)]
    return _json(data), parts


def list_pages(count: int) -> list[str]:
    """The file names of the plain list of ``count`` replays, :data:`LIST_ROWS` to a page: the
    index holds the first page (inside ``<noscript>``), ``index-2.html`` and on the rest."""
    pages = max(1, math.ceil(count / LIST_ROWS))
    return ["index.html", *(f"index-{n}.html" for n in range(2, pages + 1))]


def index_files(
    env: jinja2.Environment,
    records: Sequence[Record],
    links: Sequence[Any],
    version: str,
    site_title: str = "Replays",
) -> dict[str, str]:
    """``index.html`` and ``replays.json`` for ``records``, the list's later pages for a reader
    without JavaScript, and each replay's thumbnail."""
    from toolkit.site.builder import _asset, content_policy

    css = _asset("site.css") + "\n" + seat_css() + "\n" + _asset("index.css")
    js = _asset("index.js")
    head, parts = chunks(records)
    policy = content_policy([css], [js]).replace("img-src 'none'", "img-src 'self'")
    pages = list_pages(len(records))
    html = env.get_template("site/index.html").render(
        csp=policy,
        css=Markup(css),
        js=Markup(js),
        site_title=site_title,
        links=links,
        replays=records,
        preview=records[:LIST_ROWS],
        per_page=LIST_ROWS,
        pages=pages,
        head=Markup(head),
        chunks=[Markup(p) for p in parts],
        version=version,
    )
    lines = ",\n".join(json.dumps(r.legacy(), ensure_ascii=False, separators=(",", ":")) for r in records)
    files = {"index.html": html, "replays.json": f"[\n{lines}\n]\n" if records else "[]\n"}
    later, plain = env.get_template("site/list.html"), content_policy([css], [])  # no script there
    for number, name in enumerate(pages[1:], start=2):
        first = (number - 1) * LIST_ROWS
        rows = records[first : first + LIST_ROWS]
        files[name] = later.render(
            csp=plain,
            css=Markup(css),
            title=f"{site_title}: page {number} of {len(pages)}",
            links=links,
            rows=rows,
            first=first + 1,
            last=first + len(rows),
            total=len(records),
            pages=pages,
            current=number,
            version=version,
        )
    for r in records:
        if r.thumb:
            files[f"replays/{r.slug}.svg"] = r.thumb
        if r.island:
            files[f"replays/{r.slug}.island.svg"] = r.island
    return files


SAMPLE_NAMES = (
    "Ada", "Bruno", "Chen", "Dara", "Emeka", "Freya", "Goran", "Hana", "Ines", "Jonas", "Kaito", "Lena"
)


def synthetic_records(count: int) -> list[Record]:
    """``count`` made-up records (no pages behind them), for measuring the index at archive scale.

    Deterministic: record ``i`` always has the same game, players, points and length.
    """
    records = []
    for i in range(count):
        game = "codex" if i % 3 == 0 else "pioneers"
        players = 3 + i % 2
        seats = [
            Seat(s, f"{SAMPLE_NAMES[(i * 7 + s * 5) % len(SAMPLE_NAMES)]} {(i + s) % 97}", (i + s * 7) % 11)
            for s in range(players)
        ]
        winner = i % players
        seats[winner].vp = 13 if game == "codex" else 10
        turns = 30 + (i * 37) % 120
        records.append(
            Record(
                title=f"Archive game {i + 1}: {seats[winner].name} wins",
                note=f"Synthetic record {i + 1} of {count}.",
                game=game,
                board=("grand board, 37 hexes" if i % 10 == 0 else "standard board, 19 hexes"),
                seats=seats,
                winner=winner,
                turns=turns,
                moves=turns * (9 + i % 5),
                slug=f"archive-{i + 1:05d}",
            )
        )
    return records
