"""The move list as the story of the game: turns, their rolls, and trades folded into one line.

Frames are grouped by the turn their header names. A move that ends a turn stays with the
turn it ends; a roll that comes with it (pioneers rolls as part of ending the turn) opens
the next turn as a line of its own. Each turn is headed by its label and its roll (who, the
dice, what it produced). A trade offer and every answer to it fold into one line whose
summary says the offer and how it ended; the answers stay inside, one per frame.

Only the words of the frames and the tags their adapter gave them are read; nothing here
knows a rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

_NUMBER = re.compile(r"^\d+\.\s+")
_TURN = re.compile(r"^turn \d+:\s*", re.I)


@dataclass
class Line:
    """One move of the list: its frame, its words, and what it set off."""

    frame: int
    text: str
    detail: str = ""
    roll: bool = False


@dataclass
class Fold:
    """An offer and its answers: ``summary`` is the offer and its outcome."""

    summary: str
    outcome: str
    lines: list[Line]

    @property
    def frame(self) -> int:
        return self.lines[0].frame


@dataclass
class Turn:
    """One turn: its label (``Turn 12``), its roll in words, and its lines in order. The page
    heads the turn with its label and roll; the roll is its first line too, so a screen reader
    hears the heading's label only."""

    label: str
    items: list[Line | Fold] = field(default_factory=list)
    roll: str = ""

    @property
    def start(self) -> int:
        return self.items[0].frame if self.items else 0


@dataclass
class Story:
    turns: list[Turn]

    @property
    def turn_starts(self) -> list[int]:
        return [t.start for t in self.turns if t.items]


def bare(text: str) -> str:
    """Move words without their ``12.`` number."""
    return _NUMBER.sub("", text)


def _add(turn: Turn, line: Line, tags: frozenset[str]) -> None:
    """Add ``line`` to ``turn``, folding an offer's answers into the offer's line."""
    last = turn.items[-1] if turn.items else None
    if "answer" in tags and isinstance(last, Fold):
        last.lines.append(line)
        last.outcome = line.detail or bare(line.text)
        last.summary = f"{last.lines[0].text} \u2014 {last.outcome}"
        return
    if "offer" in tags:
        turn.items.append(Fold(line.text, "", [line]))
        return
    turn.items.append(line)


def tell(snaps: Sequence[Any], headers: Sequence[Any]) -> Story:
    """The story of a replay from its snapshots (words, detail, tags, roll) and spectator headers."""
    turns: list[Turn] = []
    for snap, header in zip(snaps, headers, strict=True):
        tags: frozenset[str] = getattr(snap, "tags", frozenset())
        roll: str = getattr(snap, "roll", "")
        label = str(header.turn)
        line = Line(snap.index, snap.action, snap.detail)
        if not turns or turns[-1].label != label:
            if turns and ("end" in tags or roll):
                _add(turns[-1], line, tags)
                line = Line(snap.index, _TURN.sub("", roll), "", roll=True) if roll else Line(-1, "")
            turns.append(Turn(label))
            if roll:
                turns[-1].roll = _TURN.sub("", roll)
        if line.frame >= 0:
            if "roll" in tags and not turns[-1].roll:
                turns[-1].roll = bare(line.text) + (f"; {line.detail}" if line.detail else "")
                line.roll = True
            _add(turns[-1], line, tags)
    return Story(turns)
