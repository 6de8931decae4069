"""What a save records of the positions it passed through, and how a position compares.

Each checkpoint holds the full digest of the position after its move and, in ``trail``, the
first :data:`~toolkit.saves.TRAIL_CHARS` hex characters of the digest after every move since
the previous checkpoint (or fewer moves: a trail covers the moves just before its checkpoint).
:class:`Recorded` gathers, per move, every record made of its position. A replay compares the
position after every move recorded: a full digest must be equal, a trail entry must be the
start of the digest.

The records of one move must agree among themselves (the same full digests, the same trail
entries, each entry the start of each digest), and a trail cannot reach back before the
first move: otherwise the save was edited or damaged, which is neither a difference of the
engine's nor a position to compare (:meth:`Recorded.damaged`, which ``validate`` reports).
"""

from __future__ import annotations

from typing import NamedTuple

from toolkit.saves import TRAIL_CHARS, Save

SAME, DIFFERS, DAMAGED = "same", "differs", "damaged"


class Entry(NamedTuple):
    """One entry a save records of a position: a full digest (``whole``) or a trail entry, and
    the index of the checkpoint that holds it."""

    text: str
    whole: bool
    checkpoint: int

    def matches(self, digest: str) -> bool:
        return digest == self.text if self.whole else digest[:TRAIL_CHARS] == self.text


class Recorded:
    """Every record a save's checkpoints make of its positions, by move."""

    def __init__(self, save: Save) -> None:
        self.wants: dict[int, list[Entry]] = {}  # per move (1-based), the records of its position
        self.before_start: list[int] = []  # checkpoints whose trail reaches back before move 1
        moves: set[int] = set()
        for i, point in enumerate(save.checkpoints):
            move, digest, trail = point.get("move"), point.get("digest"), point.get("trail")
            if not isinstance(move, int) or isinstance(move, bool) or not isinstance(digest, str):
                continue
            if isinstance(trail, str) and len(trail) % TRAIL_CHARS == 0:
                count = len(trail) // TRAIL_CHARS
                if count > move:
                    self.before_start.append(i)
                for k in range(count):
                    entry = trail[k * TRAIL_CHARS : (k + 1) * TRAIL_CHARS]
                    self.wants.setdefault(move - count + 1 + k, []).append(Entry(entry, False, i))
            self.wants.setdefault(move, []).append(Entry(digest, True, i))
            moves.add(move)
        self.checkpoints = sorted(moves)  # the moves checkpoints are recorded after, each once

    def agree(self, move: int) -> bool:
        """Whether the records of the position after ``move`` agree among themselves."""
        records = self.wants.get(move, [])
        wholes = {r.text for r in records if r.whole}
        entries = {r.text for r in records if not r.whole}
        if len(wholes) > 1 or len(entries) > 1:
            return False
        return not (wholes and entries) or next(iter(wholes))[:TRAIL_CHARS] == next(iter(entries))

    def verdict(self, move: int, digest: str) -> str:
        """How ``digest``, the position after ``move``, compares with the records: ``same``
        (or nothing recorded), ``differs``, or ``damaged`` when the records disagree."""
        if not self.agree(move):
            return DAMAGED
        return SAME if all(r.matches(digest) for r in self.wants.get(move, [])) else DIFFERS

    def damaged(self) -> list[tuple[int, int, str]]:
        """``(checkpoint index, move, what is wrong)`` for every checkpoint whose records cannot
        be right: a trail reaching back before move 1, or records of one move that disagree
        (named once, at the last checkpoint taking part)."""
        found = [(i, 0, "its trail reaches back before the first move") for i in self.before_start]
        named = set(self.before_start)
        for move in sorted(self.wants):
            last = max(r.checkpoint for r in self.wants[move])
            if last not in named and not self.agree(move):
                named.add(last)
                found.append((last, move, f"the records of the position after move {move} disagree"))
        return sorted(found)

    def fullest(self, move: int) -> Entry | None:
        """The fullest record of the position after ``move``: a digest, else a trail entry."""
        records = self.wants.get(move, [])
        return max(records, key=lambda r: (r.whole, len(r.text))) if records else None


def same_position(x: Entry, y: Entry) -> bool:
    """Whether two records (of two saves) name the same position: two digests are equal, a
    trail entry is the start of the other record."""
    if x.whole and y.whole:
        return x.text == y.text
    return x.text[:TRAIL_CHARS] == y.text[:TRAIL_CHARS]


def damaged_message(move: int) -> str:
    """Why a replay stops at a damaged record (see :meth:`Recorded.verdict`)."""
    return (f"the save's records of the position after move {move} disagree (its checkpoints' digests "
            f"and trails name different positions): the save was edited or damaged")
