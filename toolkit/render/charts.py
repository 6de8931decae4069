"""Pictures of a game, drawn as SVG from views and public events alone: the story a replay page
shows beside the board.

Four pictures per view of a game:

- **VP over time** - each seat's victory points after every move, one step line per seat; a
  dot wherever a seat's points change, each dot a link to that move (``#move=N``, with
  ``data-move=N`` for the player script).
- **Dice** - how often each total of two dice came up, beside what fair 2d6 gives over as
  many rolls (total ``t`` is made ``6 - |7 - t|`` ways out of 36).
- **Resources gained** - the cards each seat gained, by kind. A gain counts what a hand held
  after a move beyond what it held before. Where the view shows a hand's contents each kind
  counts on its own; where it shows only how many cards a hand holds, the cards a move's public
  events say entered and left the hand (a trade, a payout) count by kind when the hand changed
  by exactly that, as does a roll's payout (public: the board and the dice say it) when the hand
  grew by exactly that much; every other gain is counted as *unseen*, never given a kind. So
  every view counts as many cards gained for a seat as the seat's own view does, except where
  cards pass in secret without changing a hand's size (a codex Commercial Harbor exchange).
- **Summary** (end of game) - placements, victory points by source, the road and army
  holders and the most productive hex.

Seat-correctness comes from reading views and the events every seat may read only: the chart
of view ``K`` reads, for every player, what view ``K`` showed at each move - so a hidden
victory-point card never counts for another seat before the view reveals it, and a card taken
in a hidden steal is only ever an unseen card. The omniscient view (``all``) reads each player
from that player's own view.

The most productive hex counts, for every roll, one card per settlement and two per city
standing on a corner of each hex whose number was rolled while the robber was elsewhere, from
the public board before the roll. Every picture is a small element tree (:class:`Node`), written
as ElementTree writes one (svgwrite's way), coordinates rounded to 2
decimals, in a fixed order: the same game always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from toolkit.render.adapters import Recall, get_adapter
from toolkit.render.chart_readers import READERS, Seen, View
from toolkit.render.frames import SPECTATOR, snapshots
from toolkit.render.geometry import num, pips
from toolkit.render.palette import INK, SEAT_COLOURS, TERRAIN_COLOURS
from toolkit.render.scene import css_token, xml_text
from toolkit.render.svg import escape_text
from toolkit.saves import Save

OMNISCIENT = "all"
UNSEEN = "unseen"

WIDTH = 440.0
GRID = "#dddddd"
MUTED = "#555555"
UNSEEN_COLOUR = "#e4e4e4"
ROLLED = "#5b8cc4"
# Colours of the VP sources in the summary, none of them a seat colour.
SOURCE_COLOURS: dict[str, str] = {
    "settlements": "#c9a66b",
    "cities": "#7a5c3a",
    "metropolises": "#5b3f8c",
    "longest road": "#3d8c8c",
    "largest army": "#9c3d54",
    "merchant": "#d98c5f",
    "VP cards": "#e0c341",
    "defender tokens": "#6b7f99",
}


# ---------------------------------------------------------------- gathering the series


@dataclass
class Series:
    """One view's story: points per move, cards gained by kind, per seat."""

    scores: dict[int, list[int]] = field(default_factory=dict)
    gained: dict[int, dict[str, int]] = field(default_factory=dict)
    last: dict[int, Seen] = field(default_factory=dict)


@dataclass(frozen=True)
class Chart:
    """One picture: its ``kind`` (vp, dice, gained, summary), a title and the SVG markup."""

    kind: str
    title: str
    svg: str


OWN, PUBLIC, AS_SPECTATOR = "own", "public", "spectator"


def shown_as(key: str, seat: int) -> str:
    """How view ``key`` shows ``seat``: as its own view does (its own and the omniscient view),
    as the spectator's does, or as every other seat's view does (all alike)."""
    if key == SPECTATOR:
        return AS_SPECTATOR
    return OWN if key in (str(seat), OMNISCIENT) else PUBLIC


class Tracker:
    """Watches every frame's views of one game and draws its pictures afterwards.

    Feed it :meth:`observe` with each frame's views keyed like the page (``spectator``,
    ``"0"``, ``"1"``...): the spectator view and every seat's own view are needed. Each
    player is read three times a frame, not once per view: from its own view, from the
    spectator's, and from one other seat's view, which shows it as every other seat's does.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.reader = READERS[game]
        self.adapter = get_adapter(game)
        self.names: dict[int, str] = {}
        self.seats: list[int] = []
        self.keys: list[str] = []
        self.lines: dict[tuple[int, str], Series] = {}  # (seat, how it is shown) -> that seat's story
        self.rolls: list[tuple[int, int]] = []  # (move, total)
        self.yields: dict[str, int] = {}
        self.labels: dict[str, str] = {}
        self.final: dict[str, View] = {}
        self._roll_key: int | None = None
        self._previous: View | None = None
        self._hexes: Recall = Recall()
        self._sources: tuple[list[str], list[tuple[Series, int, str]], list[str]] | None = None
        # The views of the frame before, and the reader's test that a view shows every player as
        # the one before did (None: every player is read again each frame).
        self._before: Mapping[str, View] | None = None
        self._unchanged: Callable[[View, View], bool] | None = getattr(self.reader, "unchanged", None)
        self._drawings: dict[Hashable, Chart] = {}

    @property
    def series(self) -> dict[str, Series]:
        """Each view's story (by view key), put together from the players' stories."""
        return {key: self.series_of(key) for key in self.keys}

    def series_of(self, key: str) -> Series:
        """View ``key``'s story, put together from the players' stories."""
        series = Series()
        for seat in self.seats:
            line = self.lines.get((seat, shown_as(key, seat)))
            if line is not None:
                series.scores[seat], series.gained[seat] = line.scores[seat], line.gained[seat]
                series.last[seat] = line.last[seat]
        return series

    def observe(
        self, index: int, views: Mapping[str, View], hands: Mapping[int, Mapping[str, int]] | None = None
    ) -> None:
        """Take in frame ``index``: the views of the spectator and of every seat, and ``hands``,
        the cards its move's public events say entered (+) or left (-) each hand (a trade, a
        payout), per seat and kind."""
        spectator = views[SPECTATOR]
        if not self.seats:
            self.names = dict(self.adapter.players(spectator))
            self.seats = sorted(self.names)
        if self._sources is None or self._sources[0] != list(views):
            for key in [*views, OMNISCIENT]:
                if key not in self.keys:
                    self.keys.append(key)
            read_from = self._read_from(views)
            self._sources = (list(views), read_from, sorted({key for _, _, key in read_from}))
            self._before = None
        produced: dict[int, dict[str, int]] = {}
        roll = self.reader.roll(spectator)
        if roll is not None and roll.key != self._roll_key:
            self._roll_key = roll.key
            self.rolls.append((index, roll.total))
            before = self.reader.producers(self._previous) if self._previous is not None else []
            for hexagon in before:
                if hexagon.token == roll.total and not hexagon.blocked:
                    self.yields[hexagon.key] = self.yields.get(hexagon.key, 0) + hexagon.cards
                    for seat, kind, count in hexagon.pays:
                        paid = produced.setdefault(seat, {})
                        paid[kind] = paid.get(kind, 0) + count
        last = self._before
        if not hands and last is not None and self._unchanged is not None and all(
            self._unchanged(views[key], last[key]) for key in self._sources[2]
        ):
            # Every reading is the one of the frame before: nothing gained, the points stay.
            for line, seat, _ in self._sources[1]:
                points = line.scores[seat]
                points.append(points[-1])
        else:
            seen, take = self.reader.seen, self._take
            for line, seat, key in self._sources[1]:
                now = seen(views[key], seat)
                handed = hands.get(seat) if hands else None
                if line.last.get(seat) is now and not handed:  # the same reading again (see :meth:`_take`)
                    line.scores[seat].append(now.score)
                else:
                    take(line, seat, now, produced.get(seat), handed)
        self._previous = spectator
        self._hexes("labels", self.reader.hexes(spectator), lambda: self._label(spectator))
        self.final = self._before = dict(views)

    def _read_from(self, views: Mapping[str, View]) -> list[tuple[Series, int, str]]:
        """``(that story, seat, the key of the view it is read from)`` for each player's story:
        as its own view shows it, as the first other seat's view does, and as the spectator's."""
        found = []
        for seat in self.seats:
            other = next((k for k in views if shown_as(k, seat) == PUBLIC), None)
            for shown, key in ((OWN, str(seat)), (PUBLIC, other), (AS_SPECTATOR, SPECTATOR)):
                if key is not None and key in views:
                    line = self.lines.get((seat, shown))
                    if line is None:
                        line = self.lines[(seat, shown)] = Series()
                    found.append((line, seat, key))
        return found

    def _label(self, view: View) -> None:
        """Name every paying hex as ``view`` shows it (the latest names are the ones kept)."""
        for hexagon in self.reader.producers(view):
            self.labels[hexagon.key] = hexagon.label

    @staticmethod
    def _take(
        series: Series,
        seat: int,
        now: Seen,
        produced: Mapping[str, int] | None = None,
        handed: Mapping[str, int] | None = None,
    ) -> None:
        """Record one frame of one seat; ``produced`` is the public payout of a roll in this frame
        and ``handed`` the cards the move's public events say entered (+) or left (-) the hand.

        Where the hand's contents do not show, a change of exactly what was handed over in the
        open counts its cards in by kind, as does a growth of exactly the public payout; any
        other growth counts as unseen cards.
        """
        before = series.last.get(seat)
        if before is now and not handed:  # the same reading again: nothing gained
            series.scores[seat].append(now.score)
            return
        series.scores.setdefault(seat, []).append(now.score)
        gained = series.gained.setdefault(seat, {})
        series.last[seat] = now
        if before is None or (before == now and not handed):  # a hand shown the same gained nothing
            return
        if before.hand is not None and now.hand is not None:
            _add(gained, {kind: count - before.hand.get(kind, 0) for kind, count in now.hand.items()})
        elif handed and now.count - before.count == sum(handed.values()):
            _add(gained, handed)
        elif produced and now.count - before.count == sum(produced.values()):
            _add(gained, produced)
        elif now.count > before.count:
            gained[UNSEEN] = gained.get(UNSEEN, 0) + now.count - before.count

    # ------------------------------------------------------------ pictures

    def charts(self, key: str) -> list[Chart]:
        """The three pictures of view ``key`` (``spectator``, a seat number or ``all``)."""
        series = self.series_of(key)
        scores = tuple((seat, tuple(points)) for seat, points in series.scores.items())
        gained = tuple((seat, tuple(counts.items())) for seat, counts in series.gained.items())
        names = tuple(self.names.items())
        totals = [total for _, total in self.rolls]
        return [
            self._drawn(("vp", scores, names), lambda: vp_chart(series.scores, self.names)),
            self._drawn(("dice", tuple(totals)), lambda: dice_chart(totals)),
            self._drawn(
                ("gained", gained, names), lambda: gained_chart(series.gained, self.names, self.reader.kinds)
            ),
        ]

    def _drawn(self, key: Hashable, draw: Callable[[], Chart]) -> Chart:
        """A picture drawn once per tracker for the data ``key`` holds: views that show the same
        story (every view has the same dice) share one drawing."""
        found = self._drawings.get(key)
        if found is None:
            found = self._drawings[key] = draw()
        return found

    def summary(self, key: str) -> Chart:
        """The end-of-game summary as view ``key`` sees the last move."""
        data = self.summary_data(key)
        return self._drawn(("summary", repr(data)), lambda: summary_chart(data))

    def summary_data(self, key: str) -> Summary:
        reader = self.reader
        view = self._final_view(key, None)
        series = self.series_of(key)
        scores = {s: series.scores[s][-1] for s in self.seats}
        order = reader.placements(view, self.seats)
        if order is None:
            winner = _winner_seat(self.adapter.winner(view), self.names)
            order = sorted(self.seats, key=lambda s: (s != winner, -scores[s], s))
        sources = {s: reader.sources(self._final_view(key, s), s) for s in self.seats}
        best = sorted(self.yields.items(), key=lambda kv: (-kv[1], kv[0]))
        hexagon = f"{self.labels[best[0][0]]}: {best[0][1]} cards" if best and best[0][1] else "none"
        facts = [*reader.holders(view, self.names), f"Most productive hex: {hexagon}"]
        over = self.adapter.winner(view) is not None or view.get("phase") in ("over", "gameOver")
        return Summary(order, scores, sources, self.names, facts, over)

    def _final_view(self, key: str, seat: int | None) -> View:
        if key == OMNISCIENT:
            return self.final[SPECTATOR if seat is None else str(seat)]
        return self.final[key]


def _add(gained: dict[str, int], change: Mapping[str, int]) -> None:
    """Count the kinds that entered a hand (the positive counts of ``change``) as gained."""
    for kind, count in change.items():
        if count > 0:
            gained[kind] = gained.get(kind, 0) + count


def _winner_seat(name: str | None, names: Mapping[int, str]) -> int | None:
    return next((s for s, n in names.items() if name is not None and n == name), None)


def tracker_for(save: Save) -> Tracker:
    """Replay ``save`` once, watching the spectator's and every seat's view of each move."""
    tracker = Tracker(save.game)
    for _, snap in snapshots(save, None):
        tracker.observe(snap.index, snap.views, snap.hands)
    return tracker


def view_key(seat: int | str | None) -> str:
    """The key of a view: ``None`` is the spectator, ``"all"`` the omniscient view, else a seat."""
    return SPECTATOR if seat is None else str(seat)


def charts_for(save: Save, seat: int | str | None = None) -> list[Chart]:
    """The VP, dice and resources pictures of ``save`` as ``seat`` saw it."""
    return tracker_for(save).charts(view_key(seat))


def summary_for(save: Save, seat: int | str | None = None) -> Chart:
    """The end-of-game summary of ``save`` as ``seat`` saw its last move."""
    return tracker_for(save).summary(view_key(seat))


# ---------------------------------------------------------------- drawing


class Node:
    """One SVG element of a picture: its tag, attributes, text and children.

    It is written as ElementTree writes an element: attributes in name order, those without
    text left out, ``&<>"`` and line breaks escaped in attributes and ``&<>`` in text, and
    ``<tag />`` for an element with neither text nor children.
    """

    __slots__ = ("tag", "attribs", "text", "children")

    def __init__(self, tag: str, text: str = "") -> None:
        self.tag = tag
        self.attribs: dict[str, str] = {}
        self.text = text
        self.children: list[Node] = []

    def __setitem__(self, name: str, value: str) -> None:
        self.attribs[name] = value

    def add(self, child: Node) -> Node:
        self.children.append(child)
        return child

    def write(self, out: list[str]) -> None:
        """Append the element's markup to ``out``."""
        out.append("<" + self.tag)
        for name, value in sorted(self.attribs.items()):
            if value:
                out.append(f' {name}="{_attribute(value)}"')
        if self.text or self.children:
            out.append(">")
            if self.text:
                out.append(escape_text(self.text))
            for child in self.children:
                child.write(out)
            out.append(f"</{self.tag}>")
        else:
            out.append(" />")


def _attribute(text: str) -> str:
    """An attribute's value escaped as ElementTree writes it: as text, then quotes and line breaks."""
    text = escape_text(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#09;")
    return text


def _svg(height: float, title: str, kind: str) -> Node:
    drawing = Node("svg")
    drawing["viewBox"] = f"0 0 {num(WIDTH)} {num(height)}"
    drawing["class"] = f"chart chart-{css_token(kind)}"
    drawing["role"] = "group"
    drawing["aria-label"] = xml_text(title)
    drawing["font-family"] = "sans-serif"
    drawing.add(_text(title, 8, 18, size=14, weight="bold"))
    return drawing


def _markup(drawing: Node) -> str:
    """The chart as one ``<svg>`` element for a page."""
    out: list[str] = []
    drawing.write(out)
    return "".join(out)


def _text(
    content: str, x: float, y: float, size: float = 11, anchor: str = "", weight: str = "", fill: str = INK
) -> Node:
    text = Node("text", xml_text(content))
    text["x"], text["y"] = num(x), num(y)
    text["font-size"] = num(size)
    if anchor:
        text["text-anchor"] = anchor
    if weight:
        text["font-weight"] = weight
    if fill != INK:
        text["fill"] = fill
    return text


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "") -> Node:
    rect = Node("rect")
    rect["x"], rect["y"], rect["width"], rect["height"] = num(x), num(y), num(w), num(h)
    rect["fill"] = fill
    if stroke:
        rect["stroke"] = stroke
        rect["stroke-width"] = "0.8"
    return rect


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 1) -> Node:
    line = Node("line")
    line["x1"], line["y1"], line["x2"], line["y2"] = num(x1), num(y1), num(x2), num(y2)
    line["stroke"] = stroke
    line["stroke-width"] = num(width)
    return line


def _title(element: Node, text: str) -> None:
    element.add(Node("title", xml_text(text)))


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50...) giving about ``ticks`` divisions of ``span``."""
    raw = max(1.0, span / max(1, ticks))
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= raw:
                return step * factor
        step *= 10


def _legend(
    group: Node, items: Sequence[tuple[str, str]], x: float, y: float, right: float = WIDTH - 8
) -> float:
    """Colour swatches and labels, wrapped to the width; returns the y below the last row."""
    start = x
    for label, colour in items:
        width = 18 + 6.2 * len(label)
        if x + width > right and x > start:
            x, y = start, y + 16
        group.add(_rect(x, y - 9, 10, 10, colour, INK))
        group.add(_text(label, x + 14, y, size=11))
        x += width + 10
    return y + 16


def _link(move: int, text: str) -> Node:
    """A link to move ``move`` named by ``text``: ``data-move=N`` for the player, ``#move=N`` without it."""
    link = Node("a")
    link["href"] = f"#move={move}"
    link["data-move"] = str(move)
    link["class"] = "chart-move"
    _title(link, text)
    return link


def _one_tab_stop(links: Sequence[Node]) -> None:
    """Make a chart's links one Tab stop: the link of the earliest move (the first drawn among
    equals) takes the Tab, the others are left out of it; the page's player moves between them
    with the arrow keys. Without the player every link still works by pointer."""
    first = min(range(len(links)), key=lambda i: (int(links[i].attribs["data-move"]), i), default=None)
    for i, link in enumerate(links):
        if i != first:
            link["tabindex"] = "-1"


def vp_chart(scores: Mapping[int, Sequence[int]], names: Mapping[int, str]) -> Chart:
    """Victory points after every move, one step line per seat; a linked dot at each change."""
    title = "Victory points over the game"
    left, top, plot_w, plot_h = 34.0, 32.0, WIDTH - 50, 170.0
    drawing = _svg(top + plot_h + 52, title, "vp")
    moves = max((len(v) for v in scores.values()), default=1) - 1
    high = max([max(v) for v in scores.values() if v] + [1])
    x_of = (lambda m: left + plot_w * m / moves) if moves else (lambda m: left)

    def y_of(vp: float) -> float:
        return top + plot_h - plot_h * vp / high

    axes = Node("g")
    for vp in range(0, high + 1, _nice_step(high, 5)):
        axes.add(_line(left, y_of(vp), left + plot_w, y_of(vp), GRID))
        axes.add(_text(str(vp), left - 5, y_of(vp) + 4, size=10, anchor="end", fill=MUTED))
    for m in range(0, moves + 1, _nice_step(moves, 6)):
        axes.add(_text(str(m), x_of(m), top + plot_h + 14, size=10, anchor="middle", fill=MUTED))
    axes.add(_text("move", left + plot_w, top + plot_h + 28, size=10, anchor="end", fill=MUTED))
    drawing.add(axes)
    # Every seat's line first, then every seat's dots: no line is drawn over a dot, and lines
    # never take a pointer, so each dot can be clicked wherever it shows.
    all_dots = []
    for seat in sorted(scores):
        series = scores[seat]
        if not series:
            continue
        points = [(x_of(0), y_of(series[0]))]
        changes: list[int] = []
        for m in range(1, len(series)):
            if series[m] != series[m - 1]:
                points.append((x_of(m), y_of(series[m - 1])))
                points.append((x_of(m), y_of(series[m])))
                changes.append(m)
        points.append((x_of(len(series) - 1), y_of(series[-1])))
        text = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        for colour, width in ((INK, 4.0), (_colour(seat), 2.4)):
            line = Node("path")
            line["d"] = "M" + text
            line["fill"] = "none"
            line["stroke"] = colour
            line["stroke-width"] = num(width)
            line["stroke-linejoin"] = "round"
            line["pointer-events"] = "none"
            drawing.add(line)
        name = names.get(seat, f"seat {seat}")
        dots = Node("g")
        dots["fill"], dots["stroke"], dots["stroke-width"] = _colour(seat), INK, "1.2"
        for m in changes:
            link = _link(m, f"{name}: {series[m]} VP after move {m}")
            dot = Node("circle")
            dot["cx"], dot["cy"], dot["r"] = num(x_of(m)), num(y_of(series[m])), "4.5"
            link.add(dot)
            dots.add(link)
        all_dots.append(dots)
    for dots in all_dots:
        drawing.add(dots)
    _one_tab_stop([link for dots in all_dots for link in dots.children])
    items = [(f"{names.get(s, f'seat {s}')} {(scores[s] or [0])[-1]}", _colour(s)) for s in sorted(scores)]
    _legend(drawing, items, left, top + plot_h + 44)
    return Chart("vp", title, _markup(drawing))


def expected_rolls(rolls: int) -> dict[int, float]:
    """How often fair 2d6 make each total over ``rolls`` rolls: ``rolls * ways / 36``."""
    return {total: rolls * pips(total) / 36 for total in range(2, 13)}


def dice_chart(totals: Sequence[int]) -> Chart:
    """A bar per dice total (2-12) beside the 2d6 expectation for as many rolls."""
    title = f"Dice: {len(totals)} rolls against fair 2d6"
    left, top, plot_w, plot_h = 34.0, 44.0, WIDTH - 50, 140.0
    drawing = _svg(top + plot_h + 48, title, "dice")
    counts = {t: 0 for t in range(2, 13)}
    for total in totals:
        if total in counts:
            counts[total] += 1
    expected = expected_rolls(len(totals))
    high = max([*counts.values(), *expected.values(), 1.0])
    slot = plot_w / 11

    def y_of(value: float) -> float:
        return top + plot_h - plot_h * value / high

    for value in range(0, int(high) + 1, _nice_step(high, 4)):
        drawing.add(_line(left, y_of(value), left + plot_w, y_of(value), GRID))
        drawing.add(_text(str(value), left - 5, y_of(value) + 4, size=10, anchor="end", fill=MUTED))
    for i, total in enumerate(range(2, 13)):
        x = left + i * slot
        count, fair = counts[total], expected[total]
        bar = _rect(x + slot * 0.15, y_of(count), slot * 0.7, plot_h * count / high, ROLLED)
        _title(bar, f"{total}: rolled {count} times, fair dice {fair:.1f}")
        drawing.add(bar)
        drawing.add(_line(x + slot * 0.05, y_of(fair), x + slot * 0.95, y_of(fair), INK, 2.5))
        drawing.add(_text(str(total), x + slot / 2, top + plot_h + 14, size=11, anchor="middle"))
        if count:
            drawing.add(_text(str(count), x + slot / 2, y_of(count) - 3, size=10, anchor="middle"))
    _legend(drawing, [("rolled", ROLLED), ("fair 2d6", INK)], left, top + plot_h + 36)
    return Chart("dice", title, _markup(drawing))


def _kind_colour(kind: str) -> str:
    return UNSEEN_COLOUR if kind == UNSEEN else TERRAIN_COLOURS.get(kind, "#999999")


def gained_chart(
    gained: Mapping[int, Mapping[str, int]], names: Mapping[int, str], kinds: Sequence[str]
) -> Chart:
    """One bar per seat of the cards gained, a segment per kind; unseen cards in grey."""
    title = "Resources gained"
    order = [*kinds, UNSEEN]
    label_w, top, row = 120.0, 30.0, 26.0
    seats = sorted(gained)
    used = [k for k in order if any(gained[s].get(k) for s in seats)]
    drawing = _svg(top + row * len(seats) + 26 + 16 * (len(used) > 5), title, "gained")
    high = max([sum(gained[s].values()) for s in seats] + [1])
    plot_w = WIDTH - label_w - 50
    for i, seat in enumerate(seats):
        y = top + i * row
        name = names.get(seat, f"seat {seat}")
        drawing.add(_rect(8, y + 6, 10, 10, _colour(seat), INK))
        drawing.add(_text(name[:16], 22, y + 15, size=11))
        x = label_w
        for kind in order:
            count = gained[seat].get(kind, 0)
            if not count:
                continue
            width = plot_w * count / high
            segment = _rect(x, y + 3, width, row - 8, _kind_colour(kind), INK)
            _title(segment, f"{name}: {count} {kind}")
            drawing.add(segment)
            x += width
        drawing.add(_text(str(sum(gained[seat].values())), x + 5, y + 15, size=11))
    _legend(drawing, [(k, _kind_colour(k)) for k in used], 8, top + row * len(seats) + 14)
    return Chart("gained", title, _markup(drawing))


@dataclass(frozen=True)
class Summary:
    """The end of a game as one view saw it: seats in finishing order, points by source, facts."""

    order: list[int]
    scores: dict[int, int]
    sources: dict[int, dict[str, int]]
    names: dict[int, str]
    facts: list[str]
    over: bool


def summary_chart(summary: Summary) -> Chart:
    """Placements with a bar of victory points by source per seat, then the awards and best hex."""
    title = "End of the game" if summary.over else "Standings at the last move"
    label_w, top, row = 150.0, 30.0, 26.0
    used = [k for k in SOURCE_COLOURS if any(summary.sources[s].get(k) for s in summary.order)]
    legend_rows = 1 + (len(used) > 4)
    height = top + row * len(summary.order) + 16 * legend_rows + 18 * len(summary.facts) + 16
    drawing = _svg(height, title, "summary")
    high = max([summary.scores[s] for s in summary.order] + [1])
    plot_w = WIDTH - label_w - 60
    for place, seat in enumerate(summary.order, start=1):
        y = top + (place - 1) * row
        name = summary.names.get(seat, f"seat {seat}")
        drawing.add(_rect(8, y + 6, 10, 10, _colour(seat), INK))
        drawing.add(_text(f"{place}. {name[:18]}", 22, y + 15, size=11, weight="bold" if place == 1 else ""))
        x = label_w
        for kind in used:
            points = summary.sources[seat].get(kind, 0)
            if not points:
                continue
            width = plot_w * points / high
            segment = _rect(x, y + 3, width, row - 8, SOURCE_COLOURS[kind], INK)
            _title(segment, f"{name}: {points} VP from {kind}")
            drawing.add(segment)
            x += width
        drawing.add(_text(f"{summary.scores[seat]} VP", x + 5, y + 15, size=11))
    y = _legend(drawing, [(k, SOURCE_COLOURS[k]) for k in used], 8, top + row * len(summary.order) + 12)
    for fact in summary.facts:
        y += 2
        drawing.add(_text(fact, 8, y, size=12))
        y += 16
    return Chart("summary", title, _markup(drawing))


@dataclass(frozen=True)
class Shown:
    """One distinct picture on a page and the views (space-separated keys) that show it."""

    views: str
    chart: Chart


def page_charts(tracker: Tracker, keys: Sequence[str]) -> list[Shown]:
    """Every picture of the views ``keys``, each distinct picture once, in reading order.

    Pictures come kind by kind (VP, dice, resources, summary), so whichever view is shown
    reads them in that order; a picture the same in several views (the dice, usually the
    summary) is stored once with all their keys.
    """
    by_kind: dict[str, dict[str, list[str]]] = {}
    charts: dict[str, Chart] = {}
    for key in keys:
        for chart in [*tracker.charts(key), tracker.summary(key)]:
            charts.setdefault(chart.svg, chart)
            by_kind.setdefault(chart.kind, {}).setdefault(chart.svg, []).append(key)
    return [
        Shown(" ".join(views), charts[svg]) for kind in by_kind.values() for svg, views in kind.items()
    ]
