"""The drawable parts of a frame, independent of any game.

A per-game adapter turns a view into these parts; :mod:`toolkit.render.svg` draws them and
the site turns the same parts into page fragments. Nothing here knows a rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypedDict

from toolkit.render.geometry import Point
from toolkit.textsafe import BIDI_CONTROLS

_CLASS_SAFE = re.compile(r"[^a-z0-9-]+")


_NOT_DRAWN = re.compile(f"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[{BIDI_CONTROLS}]")


def xml_text(text: object) -> str:
    """Any value as text XML 1.0 can hold, drawn as it reads: the characters XML forbids (most
    control characters) removed, and the bidi embeddings, overrides and isolates too (one left
    open in a name would draw the rest of its line reversed).

    Escaping is svgwrite's job; this only drops what no escaping can express.
    """
    return _NOT_DRAWN.sub("", str(text))


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words read as a list is read: ``Ada``, ``Ada and Bob``, ``Ada, Bob and Cy``."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


class Named(TypedDict):
    """The words a piece is named by (see :class:`Piece`)."""

    title: str
    said: str


def owned(what: str, owner: str, place: str, then: str = "") -> Named:
    """A player's piece named whole (its ``title``) and in a list of that player's pieces (its
    ``said``, owner left out): ``city of Ada on the corner of ...`` and ``city on the corner of
    ...``; ``then`` follows the place in both. Given to :class:`Piece` as keywords."""
    return Named(title=f"{what} of {owner} on {place}{then}", said=f"{what} on {place}{then}")


def css_token(text: object) -> str:
    """Any value as a CSS class fragment: lower case letters, digits and dashes only."""
    token = _CLASS_SAFE.sub("-", str(text).lower()).strip("-")
    return token or "none"


@dataclass(frozen=True)
class Tile:
    """One hex of the board: where it is, its terrain and its number token."""

    key: str
    center: Point
    corners: tuple[Point, ...]
    terrain: str
    token: int | None = None
    title: str = ""


@dataclass(frozen=True)
class Harbor:
    """A port on the coast between two vertices, drawn ``at`` a point off shore."""

    key: str
    ends: tuple[Point, Point]
    at: Point
    kind: str
    label: str


@dataclass(frozen=True)
class Track:
    """A row of numbered spaces drawn beside the board (e.g. a countdown to an attack).

    ``cells`` are the spaces' centres, ``marks`` their labels, ``goal`` the index of the space
    that triggers something (drawn highlighted). A piece standing on it is an ordinary
    :class:`Piece` placed at one of ``cells``, so only the piece layer changes between frames.
    """

    key: str
    label: str
    cells: tuple[Point, ...]
    marks: tuple[str, ...]
    cell_size: float
    goal: int | None = None


@dataclass(frozen=True)
class Board:
    """The parts drawn once: tiles, harbors and tracks, in a box of ``width`` x ``height`` pixels."""

    game: str
    width: float
    height: float
    hex_size: float
    tiles: tuple[Tile, ...]
    harbors: tuple[Harbor, ...] = ()
    tracks: tuple[Track, ...] = ()


@dataclass(frozen=True)
class Piece:
    """One piece on the board.

    ``kind`` names its symbol (road, settlement, city, bandit, knight, wall, metropolis...),
    ``seat`` its owner (None for neutral pieces such as the bandit), ``at`` its centre and
    ``angle`` its rotation in degrees. ``extra`` adds CSS classes (e.g. ``active``, ``level-2``).
    ``owner`` names the owning player as the game spells it (drawn as a ``data-owner``
    attribute, escaped, never as a class); ``symbol`` picks a glyph other than the kind's own
    (e.g. a knight's tier), while the kind class stays the same.

    ``title`` names the piece whole (``settlement of Ada on the corner of the 6-lumber, 8-ore
    and 3-grain hexes``); ``said`` is how a list of its owner's pieces names it, owner left out
    (``settlement on the corner of ...``). A piece without ``said`` is listed by its title.
    ``counts_as`` is the kind a count of pieces takes it for when that is not its own (a
    pillaged city, turned sideways, counts as a settlement).
    """

    kind: str
    seat: int | None
    at: Point
    angle: float = 0.0
    extra: tuple[str, ...] = ()
    title: str = ""
    owner: str = ""
    symbol: str = ""
    said: str = ""
    counts_as: str = ""

    def classes(self) -> str:
        parts = ["piece", css_token(self.kind)]
        if self.seat is not None:
            parts.append(f"seat-{int(self.seat)}")
        parts.extend(css_token(x) for x in self.extra)
        return " ".join(parts)


# Stat, PlayerRow and Header are made anew many times a frame while a page is built: as named
# tuples they are made, hashed and compared by the interpreter's own tuple code (immutable and
# compared by value, as frozen dataclasses are, without a Python call per field).


class Stat(NamedTuple):
    """A labelled number or short text in a player's row (``VP 7``, ``Knights 2``); ``spoken``,
    when set, is what a screen reader says in place of a shorthand (``left 13/3/4``)."""

    label: str
    value: str
    key: str = ""
    spoken: str = ""


class PlayerRow(NamedTuple):
    """One seat's line in the panel.

    ``hand`` lists ``(card, count)`` when the view shows contents; otherwise only
    ``hand_count`` is known. ``cards`` likewise lists held development/progress cards
    when visible, else ``card_count`` counts them; ``cards_label`` is what the game calls them.
    ``tracks`` lists ``(track, level, holds its metropolis)`` for games with improvement tracks.
    ``score_spoken``, when set, is what a screen reader says in place of a shorthand score.
    """

    seat: int
    name: str
    score: str
    hand_count: int
    hand: tuple[tuple[str, int], ...] | None = None
    card_count: int = 0
    cards: tuple[str, ...] | None = None
    badges: tuple[str, ...] = ()
    stats: tuple[Stat, ...] = ()
    to_move: str = ""
    current: bool = False
    out: bool = False
    cards_label: str = "dev"
    tracks: tuple[tuple[str, int, bool], ...] = ()
    score_spoken: str = ""


class Header(NamedTuple):
    """The line above the board: turn, phase, dice and who acts.

    ``dice_kinds`` gives each die a CSS class (e.g. ``red``) when the dice differ; ``event``
    names the face of an extra symbol die, drawn after the numbered dice.
    """

    turn: str
    phase: str
    dice: tuple[int, ...] | None
    acting: str
    viewer: str
    dice_kinds: tuple[str, ...] = ()
    event: str = ""


@dataclass(frozen=True)
class Panel:
    """Everything beside the board: player rows, table-wide facts and recent talk."""

    rows: tuple[PlayerRow, ...]
    facts: tuple[Stat, ...] = ()
    talk: tuple[tuple[str, str], ...] = ()
    result: str = ""


@dataclass(frozen=True)
class FrameParts:
    """What changes from frame to frame: the piece layer, the header, the panel."""

    pieces: tuple[Piece, ...]
    header: Header
    panel: Panel
    action: str = ""
    extra_lines: tuple[str, ...] = field(default_factory=tuple)
