"""Hex geometry shared by every game's renderer.

Pointy-top hexes live on a *doubled lattice*: a hex centre sits at integer lattice
coordinates ``(x, y)`` and its six corners at ``(0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1)``
from it, clockwise from the top. One lattice step across is half a hex's width and one step
down is half its circumradius, so a regular hex of circumradius ``R`` maps a lattice point
to pixels by ``(x * R * sqrt(3) / 2, y * R / 2)``.

Axial coordinates ``(q, r)`` (the codex wire format ``"q,r"``) land on the same lattice at
``(2q + r, 3r)``, so both games share one projection and one set of corner offsets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

SQRT3 = math.sqrt(3.0)

# Corner offsets on the lattice, clockwise from the top corner.
CORNERS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def num(value: float) -> str:
    """A coordinate as text: rounded to 2 decimals, no trailing zeros, never ``-0``."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True, order=True)
class Point:
    """A point in pixels, already rounded to 2 decimals."""

    x: float
    y: float

    @staticmethod
    def at(x: float, y: float) -> Point:
        return Point(round(x, 2) + 0.0, round(y, 2) + 0.0)

    def __add__(self, other: Point) -> Point:
        return Point.at(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point.at(self.x - other.x, self.y - other.y)

    def scaled(self, factor: float) -> Point:
        return Point.at(self.x * factor, self.y * factor)

    def length(self) -> float:
        return math.hypot(self.x, self.y)

    def text(self) -> str:
        return f"{num(self.x)},{num(self.y)}"


def midpoint(a: Point, b: Point) -> Point:
    return Point.at((a.x + b.x) / 2, (a.y + b.y) / 2)


def angle_deg(a: Point, b: Point) -> float:
    """Direction from ``a`` to ``b`` in degrees, folded into ``(-90, 90]`` (a road has no head)."""
    angle = math.degrees(math.atan2(b.y - a.y, b.x - a.x))
    while angle <= -90:
        angle += 180
    while angle > 90:
        angle -= 180
    return round(angle, 2) + 0.0


def axial_to_lattice(q: int, r: int) -> tuple[int, int]:
    """Axial hex coordinates to the doubled lattice."""
    return (2 * q + r, 3 * r)


def parse_axial(key: str) -> tuple[int, int]:
    """``"q,r"`` to ``(q, r)``; raises ``ValueError`` for anything else."""
    q_text, r_text = key.split(",")
    return int(q_text), int(r_text)


@lru_cache(maxsize=4096)
def axial_or_none(key: str) -> tuple[int, int] | None:
    """``"q,r"`` to ``(q, r)``, or None for anything else."""
    try:
        return parse_axial(key)
    except ValueError:
        return None


@dataclass(frozen=True)
class Layout:
    """Projects lattice coordinates to pixels for hexes of circumradius ``size``.

    ``origin`` is the pixel position of lattice point ``(0, 0)``.
    """

    size: float
    origin: Point = Point(0.0, 0.0)

    @property
    def step_x(self) -> float:
        return self.size * SQRT3 / 2

    @property
    def step_y(self) -> float:
        return self.size / 2

    def point(self, lx: float, ly: float) -> Point:
        return Point.at(self.origin.x + lx * self.step_x, self.origin.y + ly * self.step_y)

    def corners(self, lx: int, ly: int) -> list[Point]:
        """The six pixel corners of the hex centred at lattice ``(lx, ly)``, clockwise from the top."""
        return [self.point(lx + dx, ly + dy) for dx, dy in CORNERS]

    def axial(self, q: int, r: int) -> Point:
        return self.point(*axial_to_lattice(q, r))


def lattice_bounds(centres: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """Lattice bounding box ``(min_x, min_y, max_x, max_y)`` of the hexes at ``centres``, corners included."""
    xs = [x + dx for x, _ in centres for dx, _ in CORNERS]
    ys = [y + dy for _, y in centres for _, dy in CORNERS]
    return min(xs), min(ys), max(xs), max(ys)


def fit_layout(centres: list[tuple[int, int]], size: float, margin: float) -> tuple[Layout, float, float]:
    """A layout placing the hexes at ``centres`` inside a box with ``margin`` on every side.

    Returns the layout and the box's width and height in pixels.
    """
    min_x, min_y, max_x, max_y = lattice_bounds(centres)
    probe = Layout(size)
    width = (max_x - min_x) * probe.step_x + 2 * margin
    height = (max_y - min_y) * probe.step_y + 2 * margin
    origin = Point.at(margin - min_x * probe.step_x, margin - min_y * probe.step_y)
    return Layout(size, origin), round(width, 2), round(height, 2)


def pips(token: int) -> int:
    """How many dot marks a number token carries: the ways two dice make it (2 and 12 make one)."""
    return max(0, 6 - abs(7 - token))
