"""What a save may carry into a published page, checked before anything is rendered.

Player text is copied into a page (names into every frame's panels, talk into the
narration), so one save with a megabyte name would make a page of hundreds of
megabytes, or exhaust memory and stop the whole build. The schemas bound every field
a player writes; this check enforces the same ceiling on any save the site is given,
validated or not, without replaying it: a string longer than :data:`MAX_TEXT`, all
strings together longer than :data:`MAX_TOTAL_TEXT`, or more than :data:`MAX_PLAYERS`
seats, or a player name (or id, or bot) longer than :data:`MAX_NAME`, and the
save is refused with one line (skipped under ``--skip-broken``). So is a string holding a
bidirectional embedding, override or isolate, which would reorder the text shown after it.
"""

from __future__ import annotations

import re
from typing import Any

from toolkit import textsafe
from toolkit.canonical import escape
from toolkit.saves import Problem, Save, SaveError

MAX_TEXT = 2000  # the longest text a schema allows (a note)
MAX_TOTAL_TEXT = 4 * 1024 * 1024  # every string of the save together
MAX_PLAYERS = 8
MAX_NAME = 64  # a player's name, id or bot: shown in every frame's panels
MAX_FILE_NAME = 200  # a manifest entry's file name (the manifest schema's maxLength)
_FILE_NAME = re.compile(r"[^/\\\0]+\.json")  # the schema's pattern, and no NUL a system would refuse

# One bidirectional control left open in a name reorders the page's text after it (its score, the
# winner line, the next names), as a terminal would; textsafe escapes them in every error line.
_BIDI = re.compile(f"[{textsafe.BIDI_CONTROLS}]")

# The control characters the manifest schema's title and note patterns refuse (a note may hold
# newlines and tabs): a manifest's text goes into every page's title, heading and index card.
_LISTED_CONTROLS = {
    "title": re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]"),
    "note": re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]"),
}

Place = tuple[Any, str | int] | None  # (the parent's place, a key or an index); None: the save itself


def check_page_size(save: Save) -> None:
    """Raise :class:`SaveError` when ``save`` would make an unreasonably large page."""
    players = save.config.get("players")
    if isinstance(players, list) and len(players) > MAX_PLAYERS:
        message = f"{len(players)} players; a page shows at most {MAX_PLAYERS}"
        raise SaveError(Problem(save.path, message, "too_large", pointer="/config/players"))
    for seat, player in enumerate(players if isinstance(players, list) else []):
        for key, value in player.items() if isinstance(player, dict) else ():
            if isinstance(value, str) and len(value) > MAX_NAME:
                message = f"a player {key} of {len(value)} characters; a page takes at most {MAX_NAME}"
                where = f"/config/players/{seat}/{escape(key)}"
                raise SaveError(Problem(save.path, message, "too_large", pointer=where))
    total = 0
    # Each value is held beside the place it was found (its parent's place and its own key or
    # index), so a pointer is only spelled out for the text a refusal names.
    stack: list[tuple[Any, Place]] = [(save.data, None)]
    pop, push = stack.pop, stack.append
    while stack:
        value, place = pop()
        if isinstance(value, dict):
            for key, item in value.items():
                total += len(key)
                push((item, (place, key)))
        elif isinstance(value, list):
            stack.extend([(item, (place, i)) for i, item in enumerate(value)])
        elif isinstance(value, str):
            total += len(value)
            if len(value) > MAX_TEXT:
                message = (
                    f"a text of {len(value)} characters ({textsafe.excerpt(value, 24)}); "
                    f"a page takes at most {MAX_TEXT}"
                )
                raise SaveError(Problem(save.path, message, "too_large", pointer=_pointer(place)))
            _check_bidi(save.path, value, place)
        if total > MAX_TOTAL_TEXT:
            message = f"more than {MAX_TOTAL_TEXT} characters of text; too much for one page"
            raise SaveError(Problem(save.path, message, "too_large"))


def _pointer(place: Place) -> str:
    """The JSON pointer of ``place`` (keys escaped, indices as numbers)."""
    parts: list[str] = []
    while place is not None:
        place, step = place
        parts.append(escape(step) if isinstance(step, str) else str(step))
    return "".join(f"/{part}" for part in reversed(parts))


def check_listed_text(path: str, index: int, key: str, value: str) -> None:
    """Raise :class:`SaveError` when a manifest entry's title or note is longer than a page takes.

    The manifest's title and note of a replay are shown on its page and its index card,
    so they are held to the same ceiling as a save's own text.
    """
    if len(value) > MAX_TEXT:
        shown = textsafe.excerpt(value, 24)
        message = f"a {key} of {len(value)} characters ({shown}); a page takes at most {MAX_TEXT}"
        raise SaveError(Problem(path, message, "too_large", pointer=f"/replays/{index}/{key}"))
    controls = _LISTED_CONTROLS.get(key)  # what the manifest schema's patterns refuse
    if controls is not None and not value.isprintable() and controls.search(value):
        allowed = "one line with no control character" if key == "title" else \
            "text whose only control characters are newlines and tabs"
        message = f"a {key} holding a control character ({textsafe.excerpt(value, 24)}); a {key} is {allowed}"
        raise SaveError(Problem(path, message, "bad_format", pointer=f"/replays/{index}/{key}"))
    _check_bidi(path, value, (((None, "replays"), index), key))


def _check_bidi(path: str, value: str, place: Place) -> None:
    """Refuse a text holding a bidirectional control (printable text holds none)."""
    if not value.isprintable() and _BIDI.search(value):
        message = (f"a text holding a bidirectional control character ({textsafe.excerpt(value, 24)}), "
                   "which would reorder the page's text around it")
        raise SaveError(Problem(path, message, "bidi_control", pointer=_pointer(place)))


def check_listed_file(path: str, index: int, file: str) -> None:
    """Raise :class:`SaveError` when a manifest entry's file is not a save's file name in the
    manifest's own folder: a path reaching out of it would publish a file from elsewhere."""
    if len(file) > MAX_FILE_NAME or not _FILE_NAME.fullmatch(file):
        message = f"{textsafe.excerpt(file)} is not a save's file name in this folder (NAME.json, no folders)"
        raise SaveError(Problem(path, message, "bad_manifest", pointer=f"/replays/{index}/file"))
