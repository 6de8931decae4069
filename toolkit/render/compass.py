"""Places on a hex board in words: hexes, corners and sides, each told from every other.

A hex is named by its number and terrain (``the 6-forest hex``), and most boards have two
hexes of the same name. Each of those is then told by the compass point it lies at from the
board's middle, up being north as drawn: ``in the north-west``, or ``in the middle`` for the
hex there. Two of one name at the same point of eight are told by sixteen points
(``in the north-north-west``); two at the same point of sixteen by how many hexes out each
lies (``in the north-west, 2 hexes out``); two at the same distance too, by the hex's id.
Corners and sides are named by their land hexes (:func:`spot_words`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple, TypeVar

from toolkit.render.geometry import Point, midpoint
from toolkit.render.scene import listed

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
    step = min((a - b).length() for i, (_, _, a) in enumerate(hexes) for _, _, b in hexes[i + 1 :])
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


def bearing(origin: Point, to: Point, points: tuple[str, ...] = EIGHT) -> str:
    """The compass point (of ``points``) ``to`` lies at from ``origin``, up being north."""
    sector = 360 / len(points)
    angle = math.degrees(math.atan2(origin.y - to.y, to.x - origin.x)) % 360
    return points[int((angle + sector / 2) % 360 // sector)]


class Land(NamedTuple):
    """A land hex beside a spot: its name (``6-lumber``), where it lies when another hex shares
    its name (:func:`whereabouts`, else empty), and its centre as drawn."""

    name: str
    where: str
    centre: Point


def hex_place(land: Land) -> str:
    """``the 6-lumber hex``, or ``the 6-lumber hex in the north`` for a name two hexes share."""
    return f"the {land.name} hex {land.where}" if land.where else f"the {land.name} hex"


def spot_words(corner: bool, land: Sequence[Land], at: Point) -> str:
    """A corner (``corner``) or a side of the board at ``at`` in words, from its land hexes.

    Three hexes name a corner: ``the corner of the 6-lumber, 8-ore and 3-grain hexes``. Two
    name a side, ``the edge between ...``, or a corner on the coast, which also says which end
    of their shared side it is: ``the north corner of ...``. One hex names a side of it as a
    coast, ``the north-west coast of the 5-wool hex``, and a corner as its corner, ``the north
    corner of the 5-wool hex``: a hex's six corners lie at six points of eight, and so do its
    six sides, but not the same six (north-east is both). A hex whose name another shares is
    told by where it lies: ``the 6-lumber (in the north) and 8-ore hexes``.
    """
    if not land:
        return "a corner at sea" if corner else "the open sea"
    if len(land) == 1:  # a corner and a side of one hex may share a bearing (north-east)
        part = "corner" if corner else "coast"
        return f"the {bearing(land[0].centre, at)} {part} of {hex_place(land[0])}"
    names = listed([f"{h.name} ({h.where})" if h.where else h.name for h in land])
    if not corner:
        return f"the edge between the {names} hexes"
    if len(land) == 2:
        return f"the {bearing(midpoint(land[0].centre, land[1].centre), at)} corner of the {names} hexes"
    return f"the corner of the {names} hexes"


def _point(centre: Point, mid: Point, step: float, points: tuple[str, ...]) -> str:
    """Where ``centre`` lies from ``mid`` in words, or the middle itself."""
    if (centre - mid).length() < step / 2:
        return MIDDLE
    return f"in the {bearing(mid, centre, points)}"


def _out(centre: Point, mid: Point, step: float) -> str:
    hexes = round((centre - mid).length() / step)
    return f"{hexes} hex{'' if hexes == 1 else 'es'} out"
