"""Where a hex lies on the board, in words, for telling apart hexes that share a name.

A hex is named by its number and terrain (``the 6-forest hex``), and most boards have two
hexes of the same name. Each of those is then told by the compass point it lies at from the
board's middle, up being north as drawn: ``in the north-west``, or ``in the middle`` for the
hex there. Two of one name at the same point of eight are told by sixteen points
(``in the north-north-west``); two at the same point of sixteen by how many hexes out each
lies (``in the north-west, 2 hexes out``); two at the same distance too, by the hex's id.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from toolkit.render.geometry import Point

K = TypeVar("K", bound=Hashable)

EIGHT = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
SIXTEEN = (
    "east", "east-north-east", "north-east", "north-north-east",
    "north", "north-north-west", "north-west", "west-north-west",
    "west", "west-south-west", "south-west", "south-south-west",
    "south", "south-south-east", "south-east", "east-south-east",
)  # fmt: skip
MIDDLE = "in the middle"


def whereabouts(hexes: Sequence[tuple[K, str, Point]]) -> dict[K, str]:
    """For each hex ``(key, name, centre)`` whose name another hex shares, where it lies in
    words; a hex with a name of its own has no entry.

    Centres are as drawn (y grows downwards); the board's middle is the mean of all centres,
    and a hex is one step across, the shortest distance between two centres.
    """
    if len(hexes) < 2:
        return {}
    mid = Point.at(sum(c.x for _, _, c in hexes) / len(hexes), sum(c.y for _, _, c in hexes) / len(hexes))
    step = min(
        math.hypot(a.x - b.x, a.y - b.y) for i, (_, _, a) in enumerate(hexes) for _, _, b in hexes[i + 1 :]
    )
    by_name: dict[str, list[tuple[K, Point]]] = defaultdict(list)
    for key, name, centre in hexes:
        by_name[name].append((key, centre))
    found: dict[K, str] = {}
    for same in by_name.values():
        if len(same) < 2:
            continue
        words = {key: _point(centre, mid, step, EIGHT) for key, centre in same}
        words = _apart(words, same, lambda key, centre, said: _point(centre, mid, step, SIXTEEN))
        words = _apart(words, same, lambda key, centre, said: f"{said}, {_out(centre, mid, step)}")
        words = _apart(words, same, lambda key, centre, said: f"{said} (hex {key})")
        found.update(words)
    return found


def _apart(
    words: dict[K, str], same: list[tuple[K, Point]], finer: Callable[[K, Point, str], str]
) -> dict[K, str]:
    """``words``, with ``finer`` words (from a hex's key, centre and present words) for the
    hexes whose words another of ``same`` shares."""
    count: dict[str, int] = defaultdict(int)
    for said in words.values():
        count[said] += 1
    if all(n == 1 for n in count.values()):
        return words
    return {
        key: finer(key, centre, words[key]) if count[words[key]] > 1 else words[key] for key, centre in same
    }


def _point(centre: Point, mid: Point, step: float, points: tuple[str, ...]) -> str:
    """The compass point (of ``points``) ``centre`` lies at from ``mid``, or the middle itself."""
    dx, dy = centre.x - mid.x, mid.y - centre.y
    if math.hypot(dx, dy) < step / 2:
        return MIDDLE
    sector = 360 / len(points)
    angle = math.degrees(math.atan2(dy, dx)) % 360
    return f"in the {points[int((angle + sector / 2) % 360 // sector)]}"


def _out(centre: Point, mid: Point, step: float) -> str:
    hexes = round(math.hypot(centre.x - mid.x, centre.y - mid.y) / step)
    return f"{hexes} hex{'' if hexes == 1 else 'es'} out"
