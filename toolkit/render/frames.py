"""The frame pipeline: a save, replayed, becomes one set of drawable parts per frame.

Frame 0 is the starting position and frame N the position after move N. Each frame is
rendered from views only: the engine is asked for ``view(state, seat)`` and for the move's
words (``describe``); the adapter does the rest. :func:`write_frames` writes standalone SVG
files into a temporary sibling folder first, so a save that stops replaying leaves the
output folder exactly as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from toolkit import replay
from toolkit.games.base import Game
from toolkit.render.adapters import Adapter, NoRenderer, get_adapter
from toolkit.render.svg import FRAME_CLASS, FrameDrawer
from toolkit.saves import Problem, Save, SaveError, read_input, read_json, write_files_into

SPECTATOR = "spectator"


class RenderError(Exception):
    """A save that cannot be drawn, as one line naming the file and the reason."""

    def __init__(self, file: str, message: str, code: str) -> None:
        self.file = file
        self.message = message
        self.code = code
        super().__init__(self.line())

    def line(self) -> str:
        return self.problem().line()

    def problem(self) -> Problem:
        return Problem(self.file, self.message, self.code)


def seat_key(seat: int | None) -> str:
    """The name of a seat's view: ``spectator`` or the seat number."""
    return SPECTATOR if seat is None else str(seat)


@dataclass
class Snapshot:
    """One frame's views (by :func:`seat_key`) and the words for the move that led to it."""

    index: int
    action: str
    actor: int | None
    views: dict[str, Mapping[str, Any]]
    detail: str = ""
    tags: frozenset[str] = frozenset()
    roll: str = ""
    hands: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    """The cards the move handed over in the open, per seat (see :func:`public_hands`)."""


def adapter_for(save: Save) -> Adapter:
    try:
        return get_adapter(save.game)
    except NoRenderer:
        raise RenderError(save.path, f"no renderer draws game {save.game!r}", "no_renderer") from None


def _actor(game: Game, state: Any, move: Mapping[str, Any]) -> int | None:
    seat: Any
    try:
        seat = game.seat_of(state, dict(move))
    except Exception:
        seat = move.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def _talk(move: Mapping[str, Any]) -> str:
    action = move.get("action")
    if isinstance(action, Mapping) and isinstance(action.get("talk"), str):
        return str(action["talk"])
    return ""


_SEAT = r"\bseat (\d+)\b"
_NAMED_TEXTS = 4096  # texts one naming remembers


def config_names(save: Save) -> dict[str, str]:
    """Player names by player id, from the save's config (entries with a string ``id`` and ``name``).

    Games whose views carry only ids (codex) use this to show names; the names are player
    text and are escaped wherever they are drawn.
    """
    players = save.config.get("players") if isinstance(save.config, Mapping) else None
    found: dict[str, str] = {}
    for entry in players if isinstance(players, list) else []:
        if isinstance(entry, Mapping):
            pid, name = entry.get("id"), entry.get("name")
            if isinstance(pid, str) and pid and isinstance(name, str) and name:
                found[pid] = name
    return found


_MARK = "\ue000"
"""Opens and closes a stand-in for a name: the mark, one private-use character telling which name,
the mark. No place pattern of an adapter reads private-use characters."""
_FIRST_SLOT = 0xE100  # the character telling the first name; one per distinct name from there
_SLOTS = 0x1000  # distinct names one naming can stand in for
_STAND_IN = re.compile(f"{_MARK}([{chr(_FIRST_SLOT)}-{chr(_FIRST_SLOT + _SLOTS - 1)}]){_MARK}")


class Naming:
    """Engine wording with ``seat N`` and whole-word player ids replaced by the player's name.

    The pattern is made once for a save's players; one pass over each text, so a name that
    looks like an id or a seat is never replaced again. Where place ids are put in words too
    (:meth:`worded`), the places are worded while stand-ins hold the names' places, so a name
    that reads like a place id (a player called ``edge 5``) is never rewritten either.
    """

    def __init__(self, names: Mapping[int, str], ids: Mapping[str, str] | None = None) -> None:
        self.names = dict(names)
        self.ids = dict(ids or {})
        pattern = _SEAT
        if self.ids:
            alternatives = "|".join(re.escape(pid) for pid in sorted(self.ids, key=lambda p: (-len(p), p)))
            pattern += rf"|(?<![\w-])({alternatives})(?![\w-])"
        self.pattern = re.compile(pattern)
        self._named: dict[str, str] = {}  # texts named before (engine words repeat)
        self._marked: dict[str, str] = {}  # texts with stand-ins before
        self._filled: list[str] = []  # the name each stand-in stands for, by slot
        self._slot: dict[str, str] = {}  # the stand-in of each name

    def __call__(self, text: str) -> str:
        if not self.ids and "seat " not in text:
            return text  # nothing the pattern could match
        return self._replaced(text, self._named, self._name_of)

    def _replaced(self, text: str, memo: dict[str, str], replace: Callable[[re.Match[str]], str]) -> str:
        """``text`` with each seat and id replaced by ``replace``, remembered in ``memo``."""
        done = memo.get(text)
        if done is None:
            done = self.pattern.sub(replace, text)
            if len(memo) < _NAMED_TEXTS:
                memo[text] = done
        return done

    def _name_of(self, match: re.Match[str]) -> str:
        seat = match.group(1)
        if seat is not None:
            return self.names.get(int(seat), match.group(0))
        return self.ids.get(match.group(2), match.group(0))

    def worded(self, text: str, places: Callable[[str], str] | None) -> str:
        """``text`` named, its place ids first put in words by ``places`` (when given): each
        name goes in as a stand-in, the places are worded, then the stand-ins become names."""
        if places is None:
            return self(text)
        if _MARK in text or (not self.ids and "seat " not in text):
            return places(self(text))  # nothing to name, or a mark in the text itself: no stand-ins
        worded = places(self._replaced(text, self._marked, self._stand_in))
        return _STAND_IN.sub(self._fill, worded) if _MARK in worded else worded

    def _stand_in(self, match: re.Match[str]) -> str:
        name = self._name_of(match)
        slot = self._slot.get(name)
        if slot is None:
            if len(self._filled) == _SLOTS:
                return name  # more names than stand-ins: this one goes in as it is
            slot = self._slot[name] = _MARK + chr(_FIRST_SLOT + len(self._filled)) + _MARK
            self._filled.append(name)
        return slot

    def _fill(self, match: re.Match[str]) -> str:
        return self._filled[ord(match.group(1)) - _FIRST_SLOT]


def with_names(text: str, names: Mapping[int, str], ids: Mapping[str, str] | None = None) -> str:
    """``text`` with seats and player ids named (see :class:`Naming`)."""
    return Naming(names, ids)(text)


def view_namer(
    adapter: Adapter, ids: Mapping[str, str], memo: dict[str, Any] | None = None
) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """A function giving a view with the players' names from the save's config (``ids``), for
    adapters that take them, and the view as it is otherwise. The adapter's hook is looked up
    once; ``memo`` (a dict kept for one save's views) lets it name each player entry once.
    """
    hook = getattr(adapter, "with_names", None)
    if not ids or hook is None:
        return _same
    if memo is None:
        return lambda view: hook(view, ids)
    return lambda view: hook(view, ids, memo)


def _same(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """A view as it is (for saves whose views need no names from the config)."""
    return view


def move_words(adapter: Adapter, move: Mapping[str, Any], events: list[Any]) -> str | None:
    """The adapter's own words for a move (from its public events), if it has any."""
    hook = getattr(adapter, "move_words", None)
    if hook is None:
        return None
    words = hook(move, events)
    return words if isinstance(words, str) and words else None


def narrate(
    game: Game,
    index: int,
    move: Mapping[str, Any] | None,
    naming: Naming,
    words: str | None = None,
    said: dict[str, str] | None = None,
    places: Callable[[str], str] | None = None,
) -> str:
    """A move in words with names for seats and any table talk: ``12. Ada builds a road on edge 15``.

    ``words`` overrides the engine's own description (an adapter's plainer wording). ``said``
    (a dict kept for one save) remembers the engine's words for each distinct move.
    ``places`` rewrites the place ids of the move's words, never of a name (see
    :meth:`Naming.worded`) nor of the talk, which is the player's own text and is quoted as typed.
    """
    if move is None or index == 0:
        return "Start of the game"
    told = words if words is not None else described(game, move, said)
    line = naming.worded(f"{index}. {told}", places)
    talk = _talk(move)
    if talk:
        line += f' - "{talk}"'
    return line


def described(game: Game, move: Mapping[str, Any], said: dict[str, str] | None = None) -> str:
    """The engine's words for ``move`` (its label if it cannot describe it).

    With ``said``, each distinct move is described once: a move is known by its ``repr``,
    which differs whenever the JSON data of two moves does, and an engine describes a move
    from the move alone.
    """
    if said is None:
        return _engine_words(game, move)
    key = repr(move)
    found = said.get(key)
    if found is None:
        found = said[key] = _engine_words(game, move)
    return found


def _engine_words(game: Game, move: Mapping[str, Any]) -> str:
    try:
        return game.describe(dict(move))
    except Exception:
        return game.label(dict(move))


def consequences(
    adapter: Adapter,
    move: Mapping[str, Any] | None,
    events: list[Any],
    naming: Naming,
    leave_out: Sequence[str] = (),
    places: Callable[[str], str] | None = None,
) -> str:
    """What a move set off (dice, payouts, awards...), from the public events' words.

    ``leave_out`` names event texts told elsewhere (a roll that opens the next turn); ``places``
    puts place ids in words (see :meth:`Naming.worded`).
    """
    if move is None:
        return ""
    lines = adapter.event_lines(move, events)
    return "; ".join(naming.worded(t, places) for t in lines if t not in leave_out)


def story_tags(adapter: Adapter, move: Mapping[str, Any] | None, events: list[Any]) -> frozenset[str]:
    """The adapter's story tags for a move (``offer``, ``answer``, ``roll``, ``end``), if it has any."""
    hook = getattr(adapter, "story_tags", None)
    if hook is None or move is None:
        return frozenset()
    return frozenset(hook(move, events))


def public_hands(events: list[Any]) -> dict[int, dict[str, int]]:
    """The cards a move's public events say changed hands, per seat: each kind that entered (+)
    or left (-) the hand, summed over the events.

    Both games' events write this as their ``hands`` field (seats as text); an event with a
    ``visibleTo`` list is for some seats only and is never read, nor is a field that is not
    such a table of whole numbers.
    """
    found: dict[int, dict[str, int]] = {}
    for event in events:
        if not isinstance(event, Mapping) or "visibleTo" in event:
            continue
        hands = event.get("hands")
        if not isinstance(hands, Mapping):
            continue
        for seat, cards in hands.items():
            numbered = isinstance(seat, str) and seat.isascii() and seat.isdigit()
            if not numbered or not isinstance(cards, Mapping):
                continue
            hand = found.setdefault(int(seat), {})
            for kind, count in cards.items():
                if isinstance(kind, str) and type(count) is int:
                    hand[kind] = hand.get(kind, 0) + count
    return found


def roll_lines(adapter: Adapter, move: Mapping[str, Any] | None, events: list[Any]) -> list[str]:
    """Event texts of a roll a move sets off in passing (and what it produced), if any."""
    hook = getattr(adapter, "roll_lines", None)
    if hook is None or move is None:
        return []
    return list(hook(move, events))


def views_of(game: Game) -> Callable[[Any, Sequence[int | None]], list[Mapping[str, Any]]]:
    """A function giving the views of several seats of one position at once.

    An engine with a ``views(state, seats, memo)`` entry builds what the views share once
    (and, through the memo it is handed, keeps the board from one position to the next);
    any other engine is asked for ``view(state, seat)`` seat by seat. Views are only read.
    """
    many = getattr(game, "views", None)
    if many is None:
        return lambda state, seats: [game.view(state, s) for s in seats]
    memo: dict[str, Any] = {}
    return lambda state, seats: list(many(state, seats, memo))


def snapshots(
    save: Save, seats: Sequence[int | None] | None = None, to: int | None = None
) -> Iterator[tuple[Adapter, Snapshot]]:
    """Replay ``save`` and yield every frame's views for ``seats``.

    ``seats=None`` asks for the spectator and every seat. Raises
    :class:`~toolkit.replay.ReplayError` at a move that does not replay.
    """
    game = replay.game_for(save)
    adapter = adapter_for(save)
    names: dict[int, str] = {}
    ids = config_names(save)
    naming = Naming(names, ids)
    said: dict[str, str] = {}  # the engine's words by move
    name = view_namer(adapter, ids, {})
    plain = getattr(adapter, "plain_places", None)
    keys: list[str] = []
    wanted: list[int | None] | None = list(seats) if seats is not None else None
    seen = views_of(game)
    found: Mapping[str, Any] | None = None  # the board as the move found it
    for step in replay.run(save, to):
        if wanted is None or not names:
            spectator = name(game.view(step.state, None))
            names = dict(adapter.players(spectator))
            naming = Naming(names, ids)
            if wanted is None:
                wanted = [None, *sorted(names)]
            for seat in wanted:
                if seat is not None and seat not in names:
                    raise RenderError(
                        save.path, f"no seat {seat} in this game (seats {_span(sorted(names))})", "bad_seat"
                    )
            keys = [seat_key(s) for s in wanted]
        made = seen(step.state, wanted)
        views = dict(zip(keys, map(name, made), strict=True))
        actor = _actor(game, step.state, step.move) if step.move is not None else None
        words = move_words(adapter, step.move, step.events) if step.move is not None else None
        board_view = views.get(SPECTATOR) or next(iter(views.values()))
        # A move's words name places by the board as the move found it: a move that swaps two
        # number tokens names each hex by the number it held.
        places = None if plain is None else partial(_plain_text, plain, found or board_view)
        found = board_view
        action = narrate(game, step.index, step.move, naming, words, said, places)
        rolled = roll_lines(adapter, step.move, step.events)
        detail = consequences(adapter, step.move, step.events, naming, rolled, places)
        tags = story_tags(adapter, step.move, step.events)
        roll = "; ".join(naming.worded(t, places) for t in rolled)
        hands = public_hands(step.events) if step.move is not None else {}
        yield adapter, Snapshot(step.index, action, actor, views, detail, tags, roll, hands)


def _plain_text(plain: Callable[[str, Mapping[str, Any]], str], view: Mapping[str, Any], text: str) -> str:
    """``text`` with its place ids in words by the adapter's ``plain_places`` (empty text as it is)."""
    return plain(text, view) if text else text


def chosen(index: int, every: int, last: int) -> bool:
    """Whether frame ``index`` is written with ``--every``: each ``every``-th, plus the last."""
    return index % every == 0 or index == last


def frame_name(index: int, width: int) -> str:
    return f"frame-{index:0{width}d}.svg"


def frame_width(total: int) -> int:
    """The digits of the frame numbers of a save of ``total`` moves: at least four."""
    return max(4, len(str(total)))


def frame_names(save: Save, every: int = 1, to: int | None = None) -> list[str]:
    """The names of the frames :func:`write_frames` writes for ``save`` (all of them when
    every move replays), known before any is drawn: an output folder can be checked first."""
    total = len(save.moves)
    last = _last_frame(total, to)
    width = frame_width(total)
    return [frame_name(index, width) for index in range(last + 1) if chosen(index, every, last)]


def _last_frame(total: int, to: int | None) -> int:
    """The last frame drawn of a save of ``total`` moves, stopping after move ``to``."""
    return total if to is None else max(0, min(to, total))


def draw(adapter: Adapter, drawer: FrameDrawer, view: Mapping[str, Any], action: str) -> str:
    """One standalone SVG of ``view`` on the drawer's board with ``action`` as its narration line.

    Frames of saves and single wire states (``frames --state``) both go through here.
    """
    return drawer.svg(replace(adapter.frame(view), action=action))


def render_frames(
    save: Save, seat: int | None = None, every: int = 1, to: int | None = None
) -> Iterator[tuple[int, str]]:
    """``(index, svg text)`` for every chosen frame of ``save``, seen by ``seat``."""
    last = _last_frame(len(save.moves), to)
    drawer: FrameDrawer | None = None
    for adapter, snap in snapshots(save, [seat], to):
        if not chosen(snap.index, every, last):
            continue
        view = snap.views[seat_key(seat)]
        board = adapter.board(view)  # the same object while no number token changed hexes
        if drawer is None or board is not drawer.board:
            drawer = FrameDrawer(board)
        said = "; ".join(x for x in (snap.detail, snap.roll) if x)
        action = f"{snap.action} ({said})" if said else snap.action
        yield snap.index, draw(adapter, drawer, view, action)


def _span(seats: list[int]) -> str:
    return f"{min(seats)}-{max(seats)}" if seats else "none"


FRAME_MARK = f'class="{FRAME_CLASS} '.encode()
"""What the opening tag of every frame drawn holds (:data:`toolkit.render.svg.FRAME_CLASS`)."""


def is_frame(path: Path) -> bool:
    """Whether the file at ``path`` is a frame replaykit drew (its opening tag says so): a frame
    may replace one, never a file of the same name that is something else."""
    try:
        with open(path, "rb") as handle:
            return FRAME_MARK in handle.read(1024)
    except OSError:
        return False


def write_frames(
    save: Save, out_dir: str | Path, seat: int | None = None, every: int = 1, to: int | None = None
) -> list[Path]:
    """Write the chosen frames as ``frame-NNNN.svg`` into ``out_dir``; return their paths.

    All files are rendered into a temporary sibling first and moved in only when every
    frame rendered and every destination can take it (see
    :func:`~toolkit.saves.write_files_into`), so an error leaves ``out_dir`` untouched.
    Their names are :func:`frame_names`.
    """
    target = Path(out_dir)
    if target.exists() and not target.is_dir():
        raise RenderError(str(target), "output exists and is not a folder", "not_a_folder")
    width = frame_width(len(save.moves))
    frames = ((frame_name(index, width), svg) for index, svg in render_frames(save, seat, every, to))
    return write_files_into(target, frames, tag="frames", ours=is_frame)


# ---------------------------------------------------------------- one wire state

STATE_GAME = "codex"  # the game whose engine speaks the wire format (design §4)


def read_state(path: str | Path) -> Mapping[str, Any]:
    """The wire state in a file: a play request's ``state``, or a bare state object.

    Raises :class:`RenderError` for a missing or unreadable file, text that is not JSON, or
    JSON that is not a codex wire state.
    """
    from toolkit.render.codex import state_problem, wire_state

    name = str(path)
    try:
        data = read_json(name, read_input(path))
    except SaveError as exc:
        code = "not_json" if exc.problem.code == "bad_json" else exc.problem.code
        raise RenderError(name, exc.problem.message, code) from None
    view = wire_state(data)
    problem = state_problem(view)
    if view is None or problem is not None:
        raise RenderError(name, f"not a {STATE_GAME} state: {problem or 'not a JSON object'}", "not_a_state")
    return view


def render_state(path: str | Path) -> str:
    """The SVG of the wire state in ``path``, drawn like any frame of a save."""
    view = read_state(path)
    adapter = get_adapter(STATE_GAME)
    game_id = view.get("id")
    version = view.get("version")
    where = ""
    if isinstance(game_id, str) and isinstance(version, int):
        where = f" (game {game_id}, version {version})"
    return draw(adapter, FrameDrawer(adapter.board(view)), view, f"Position from {Path(path).name}{where}")


def state_name(path: str | Path) -> str:
    """The name of the frame :func:`write_state` writes for the state in ``path``: ``<file stem>.svg``."""
    return f"{Path(path).stem or 'state'}.svg"


def write_state(path: str | Path, out_dir: str | Path) -> Path:
    """Render the wire state in ``path`` into ``out_dir/<file stem>.svg``; return that path.

    Written as a save's frames are (:func:`~toolkit.saves.write_files_into`): a failure
    leaves ``out_dir`` as it was.
    """
    svg = render_state(path)
    target = Path(out_dir)
    if target.exists() and not target.is_dir():
        raise RenderError(str(target), "output exists and is not a folder", "not_a_folder")
    (written,) = write_files_into(target, [(state_name(path), svg)], tag="frames", ours=is_frame)
    return written
