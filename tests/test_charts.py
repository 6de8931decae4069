"""The pictures of a game (issue 12 item 4): values, determinism, valid SVG and seat-correctness."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from toolkit.render.chart_readers import CodexReader, PioneersReader
from toolkit.render.chart_readers import Seen as SeenAt
from toolkit.render.charts import (
    OMNISCIENT,
    UNSEEN,
    Node,
    Series,
    Tracker,
    dice_chart,
    expected_rolls,
    gained_chart,
    page_charts,
    summary_chart,
    tracker_for,
    vp_chart,
)
from toolkit.render.frames import SPECTATOR, snapshots
from toolkit.render.pioneers import geometry
from toolkit.saves import Save, load

ROOT = Path(__file__).resolve().parent.parent
PIONEERS = ROOT / "replays" / "pioneers-three-player-quick-win.json"
CODEX = ROOT / "replays" / "codex-three-player-tobias-pulls-away.json"
SVG = "{http://www.w3.org/2000/svg}"


def trimmed(path: Path, moves: int, tmp_path: Path) -> Save:
    """The first ``moves`` moves of a published save (checkpoints past the cut dropped)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:moves]
    data["checkpoints"] = [c for c in data.get("checkpoints", []) if c["move"] <= moves]
    out = tmp_path / path.name
    out.write_text(json.dumps(data), encoding="utf-8")
    return load(out)


@pytest.fixture(scope="module")
def pioneers() -> Tracker:
    return tracker_for(load(PIONEERS))


@pytest.fixture(scope="module")
def pioneers_steals() -> Tracker:
    """A pioneers game with steals in it (the quick win has none)."""
    return tracker_for(load(ROOT / "replays" / "pioneers-two-against-two.json"))


@pytest.fixture(scope="module")
def codex(tmp_path_factory: pytest.TempPathFactory) -> Tracker:
    return tracker_for(trimmed(CODEX, 260, tmp_path_factory.mktemp("codex")))


def pioneers_view(
    turn: int, dice: list[int] | None, buildings: list[dict[str, Any]], bandit: int | None, hand: int = 3
) -> Any:
    """A minimal pioneers spectator view: one player, one ore hex numbered 8 (hex 0)."""
    return {
        "seat": None,
        "turn": turn,
        "dice": dice,
        "players": [{"seat": 0, "name": "Ada", "score": 2, "handCount": hand}],
        "buildings": buildings,
        "board": {"hexes": [{"id": 0, "resource": "ore", "token": 8}], "bandit": bandit},
    }


# ---------------------------------------------------------------- values


def test_expected_rolls_are_the_ways_of_two_dice() -> None:
    """Fair 2d6 over 36 rolls make each total as many times as there are ways to throw it."""
    assert expected_rolls(36) == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def test_dice_chart_counts_each_total() -> None:
    """Each bar's tooltip gives the rolls of its total and the fair expectation for as many rolls."""
    svg = dice_chart([7, 7, 2, 12]).svg
    assert "<title>7: rolled 2 times, fair dice 0.7</title>" in svg
    assert "<title>2: rolled 1 times, fair dice 0.1</title>" in svg
    assert "<title>8: rolled 0 times, fair dice 0.6</title>" in svg
    assert "Dice: 4 rolls against fair 2d6" in svg


def test_gains_count_kinds_where_the_hand_shows_and_unseen_cards_where_it_does_not() -> None:
    """A hand's growth counts by kind when its contents show, and as unseen cards otherwise."""
    series = Series()
    for hand in ({"wool": 1, "ore": 0}, {"wool": 3, "ore": 0}, {"wool": 2, "ore": 1}):
        Tracker._take(series, 0, SeenAt(0, sum(hand.values()), hand))
    for count in (3, 5, 4, 6):
        Tracker._take(series, 1, SeenAt(0, count))
    assert series.gained == {0: {"wool": 2, "ore": 1}, 1: {UNSEEN: 4}}


def test_a_hidden_hand_growing_by_the_public_payout_counts_by_kind() -> None:
    """A roll's payout is public: a hidden hand growing by exactly that much counts by kind."""
    series = Series()
    Tracker._take(series, 0, SeenAt(0, 2))
    Tracker._take(series, 0, SeenAt(0, 5), {"ore": 2, "wool": 1})  # exactly the payout
    Tracker._take(series, 0, SeenAt(0, 9), {"ore": 2})  # more than the payout: kinds unknown
    assert series.gained == {0: {"ore": 2, "wool": 1, UNSEEN: 4}}


def test_cards_handed_over_in_the_open_count_by_kind_in_a_hidden_hand() -> None:
    """A trade is public (the move says what changed hands): a hidden hand that changed by
    exactly what was handed over counts the cards it took in by kind, even when its size stayed
    the same; a change the trade does not explain counts as unseen growth."""
    series = Series()
    Tracker._take(series, 0, SeenAt(0, 6))
    Tracker._take(series, 0, SeenAt(0, 3), None, {"ore": -4, "wool": 1})  # 4:1 with the bank
    Tracker._take(series, 0, SeenAt(0, 3), None, {"wool": -1, "grain": 1})  # one for one: same size
    Tracker._take(series, 0, SeenAt(0, 5), None, {"wool": -1, "brick": 1})  # and a secret card more
    assert series.gained == {0: {"wool": 1, "grain": 1, UNSEEN: 2}}


def test_a_hex_yields_per_building_on_its_number_unless_the_robber_sits_on_it() -> None:
    """A settlement takes one card and a city two when the hex's number comes up, never under the robber."""
    corners = geometry().hex_vertices[0]
    town = [
        {"vertex": corners[0], "seat": 0, "type": "city"},
        {"vertex": corners[3], "seat": 0, "type": "settlement"},
    ]
    tracker = Tracker("pioneers")
    frames = [
        pioneers_view(0, None, town, None, hand=0),
        pioneers_view(1, [4, 4], town, None),  # 8: the city and the settlement pay 3
        pioneers_view(1, [4, 4], town, 0),  # the same roll seen again is not a new roll
        pioneers_view(2, [3, 5], town, 0),  # 8 again, but the robber sits on the hex
        pioneers_view(3, [6, 1], town, None),
    ]
    for index, view in enumerate(frames):
        tracker.observe(index, {SPECTATOR: view, "0": view})
    assert tracker.rolls == [(1, 8), (3, 8), (4, 7)]
    assert tracker.yields == {"0": 3}
    assert tracker.series[SPECTATOR].gained[0] == {"ore": 3}  # the hand count rose by the payout
    assert "the 8-ore hex: 3 cards" in tracker.summary_data(SPECTATOR).facts[-1]  # as the narration says it


def test_pioneers_points_by_source_add_the_hidden_cards_the_final_scores_reveal() -> None:
    """Towns, awards and VP cards: a hidden card shows only as final score beyond public points."""
    view = {
        "seat": None,
        "buildings": [
            {"vertex": 1, "seat": 0, "type": "settlement"},
            {"vertex": 5, "seat": 0, "type": "city"},
            {"vertex": 9, "seat": 1, "type": "city"},
        ],
        "awards": {"longestRoad": 0, "largestArmy": None},
        "players": [{"seat": 0, "score": 5, "devCards": None}, {"seat": 1, "score": 2, "devCards": None}],
        "finalScores": [7, 2],
    }
    reader = PioneersReader()
    assert reader.sources(view, 0) == {"settlements": 1, "cities": 2, "longest road": 2, "VP cards": 2}
    public = {"settlements": 1, "cities": 2, "longest road": 2}
    assert reader.sources({**view, "finalScores": None}, 0) == public


def test_codex_points_by_source_match_the_view_points(codex: Tracker) -> None:
    """rules §15: the codex sources add up to each player's victoryPoints."""
    view = codex.final[SPECTATOR]
    for seat in codex.seats:
        total = sum(CodexReader().sources(view, seat).values())
        assert total == CodexReader().seen(view, seat).score


def test_codex_readings_remembered_equal_readings_made_afresh(tmp_path: Path) -> None:
    """A codex reader that remembers readings by players table and by entry reads, at every frame
    and from every view, what a new reader reads from that view alone."""
    remembering = CodexReader()
    for _, snap in snapshots(trimmed(CODEX, 200, tmp_path), None):
        for key, view in snap.views.items():
            for seat in (0, 1, 2):
                assert remembering.seen(view, seat) == CodexReader().seen(view, seat), (snap.index, key)


def test_vp_series_follow_the_views(pioneers: Tracker) -> None:
    """The spectator's VP line is the public score of every frame; it ends on the final scores."""
    series = pioneers.series[SPECTATOR].scores
    frames = len(load(PIONEERS).moves) + 1
    assert all(len(v) == frames for v in series.values())
    final = pioneers.final[SPECTATOR]["finalScores"]
    assert [series[s][-1] for s in pioneers.seats] == final


# ---------------------------------------------------------------- drawing


def test_charts_are_deterministic(tmp_path: Path) -> None:
    """design §8: the same save gives the same bytes."""
    save = trimmed(PIONEERS, 120, tmp_path)
    first = tracker_for(save)
    second = tracker_for(save)
    for key in (SPECTATOR, "0", OMNISCIENT):
        assert first.charts(key) == second.charts(key)
        assert first.summary(key) == second.summary(key)


@pytest.mark.parametrize("game", ["pioneers", "codex"])
def test_every_chart_is_well_formed_svg_with_links_to_real_moves(game: str, request: Any) -> None:
    """Each chart parses as SVG; each dot links to a move of the game and names it in data-move."""
    tracker: Tracker = request.getfixturevalue(game)
    frames = len(tracker.series[SPECTATOR].scores[0])
    for key in [*tracker.series]:
        for chart in [*tracker.charts(key), tracker.summary(key)]:
            root = ET.fromstring(chart.svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
            assert root.tag == f"{SVG}svg" and root.get("viewBox", "").startswith("0 0 440 ")
            numbers = re.findall(r'="(-?\d+\.\d+)"', chart.svg)
            assert all(len(n.split(".")[1]) <= 2 for n in numbers)
            for link in root.iter(f"{SVG}a"):
                move = int(link.get("data-move", "-1"))
                assert 0 < move < frames
                assert link.get("href") == f"#move={move}"


def test_a_charts_points_are_one_tab_stop_at_its_earliest_move() -> None:
    """A chart's linked points take one Tab between them (WCAG 2.4.3, a focus order that does
    not walk every point to reach the moves): the point of the earliest move, the first seat's
    among equals, keeps the Tab and every other point is out of it."""
    chart = vp_chart({0: [0, 0, 1, 1, 2], 1: [0, 1, 1, 2, 2]}, {0: "Ann", 1: "Bo"})
    root = ET.fromstring(chart.svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
    points = [(link.get("data-move"), link.get("tabindex")) for link in root.iter(f"{SVG}a")]
    assert sorted(points) == [("1", None), ("2", "-1"), ("3", "-1"), ("4", "-1")]
    tied = vp_chart({0: [0, 1], 1: [0, 1]}, {0: "Ann", 1: "Bo"})
    assert re.findall(r"<a [^>]*>", tied.svg) == [
        '<a class="chart-move" data-move="1" href="#move=1">',
        '<a class="chart-move" data-move="1" href="#move=1" tabindex="-1">',
    ]


def test_player_text_in_charts_is_escaped() -> None:
    """Player names are text in the SVG, never markup."""
    evil = "<img src=x onerror=alert(1)>"
    svg = gained_chart({0: {"ore": 2}}, {0: evil}, ("ore",)).svg + vp_chart({0: [0, 1]}, {0: evil}).svg
    assert evil not in svg and "&lt;img src=x onerror=alert(1)&gt;" in svg


def test_page_charts_store_a_picture_shared_by_views_once(pioneers: Tracker) -> None:
    """The dice are the same in every view: stored once, listed for every view."""
    keys = [SPECTATOR, "0", "1", "2"]
    shown = page_charts(pioneers, keys)
    dice = [s for s in shown if s.chart.kind == "dice"]
    assert len(dice) == 1 and dice[0].views.split() == keys
    for key in keys:
        kinds = [s.chart.kind for s in shown if key in s.views.split()]
        assert kinds == ["vp", "dice", "gained", "summary"]


# ---------------------------------------------------------------- seat-correctness


def test_a_seat_never_sees_another_seats_hidden_victory_cards_before_the_end(pioneers: Tracker) -> None:
    """Hidden VP cards count in their owner's line only; other seats see public points until the end."""
    own = pioneers.series["0"].scores[0]
    public = pioneers.series[SPECTATOR].scores[0]
    assert any(a > b for a, b in zip(own[:-1], public[:-1], strict=True))  # seat 0 held a VP card
    for key in ("1", "2"):
        assert pioneers.series[key].scores[0][:-1] == public[:-1]
        svg = pioneers.charts(key)[0].svg
        for move in range(1, len(own) - 1):
            if own[move] != public[move]:
                assert f"Elena: {own[move]} VP after move {move}<" not in svg
    assert pioneers.series[OMNISCIENT].scores[0] == own


@pytest.mark.parametrize("game", ["pioneers_steals", "codex"])
def test_a_seat_knows_no_more_of_anothers_gains_than_a_spectator(game: str, request: Any) -> None:
    """Another seat's gains in a seat's view are the public ones (payouts and trades by kind, the
    rest unseen)."""
    tracker: Tracker = request.getfixturevalue(game)
    public = tracker.series[SPECTATOR].gained
    assert any(UNSEEN in kinds for kinds in public.values())  # steals: kinds out of sight
    for seat in tracker.seats:
        gained = tracker.series[str(seat)].gained
        for other, kinds in gained.items():
            if other == seat:
                assert UNSEEN not in kinds and kinds
            else:
                assert kinds == public[other]
    assert all(UNSEEN not in kinds for kinds in tracker.series[OMNISCIENT].gained.values())
    assert tracker.series[OMNISCIENT].gained != public


@pytest.mark.parametrize("game", ["pioneers", "pioneers_steals", "codex"])
def test_every_view_counts_as_many_cards_gained_as_the_seat_itself(game: str, request: Any) -> None:
    """Every card that enters a hand is seen to enter it in every view, by kind or as unseen:
    payouts and trades are public, a steal shows as one card more. So each seat's total gained
    is the same in every view; only the kinds of secret cards differ. (A codex exchange that
    keeps a hand's size and hides its kinds, such as the Commercial Harbor's, is the one
    exception; these games have none.)"""
    tracker: Tracker = request.getfixturevalue(game)
    for seat in tracker.seats:
        own = sum(tracker.series[str(seat)].gained[seat].values())
        assert own > 0
        for key in tracker.keys:
            assert sum(tracker.series[key].gained[seat].values()) == own, (key, seat)


def test_pictures_shared_between_views_equal_pictures_drawn_afresh(pioneers: Tracker) -> None:
    """A picture a tracker draws once and hands to every view with the same story is, for each
    view, the picture drawn afresh from that view's own series."""
    for key in pioneers.keys:
        series = pioneers.series[key]
        fresh = [
            vp_chart(series.scores, pioneers.names),
            dice_chart([total for _, total in pioneers.rolls]),
            gained_chart(series.gained, pioneers.names, pioneers.reader.kinds),
            summary_chart(pioneers.summary_data(key)),
        ]
        assert [*pioneers.charts(key), pioneers.summary(key)] == fresh, key


def test_a_picture_element_is_written_as_element_tree_writes_it() -> None:
    """Attributes in name order, empty ones left out, hostile text escaped, empty elements closed
    with `` />``: the same bytes as ElementTree gives for the same element."""
    hostile = 'a "b" <c> & d\n\te\r'
    group = Node("g")
    group["role"], group["aria-label"], group["class"] = "group", hostile, ""
    group.add(Node("title", hostile))
    group.add(Node("circle"))["r"] = "4.5"
    out: list[str] = []
    group.write(out)
    tree = ET.Element("g", {"aria-label": hostile, "role": "group"})
    ET.SubElement(tree, "title").text = hostile
    ET.SubElement(tree, "circle", {"r": "4.5"})
    assert "".join(out) == ET.tostring(tree, encoding="unicode")


def test_remembered_readings_equal_readings_made_afresh_through_a_game() -> None:
    """Every reading the pioneers reader gives from its memory, at every frame and from every
    view, equals what a fresh reader reads from that view alone."""
    save = load(ROOT / "replays" / "pioneers-three-greedy-close-race.json")
    remembering = PioneersReader()
    for _, snap in snapshots(save, None):
        for key, view in snap.views.items():
            for seat in range(len(view["players"])):
                assert remembering.seen(view, seat) == PioneersReader().seen(view, seat), (snap.index, key)


def test_remembered_paying_hexes_equal_hexes_read_afresh_through_a_game() -> None:
    """The paying hexes the pioneers reader gives from its memory, at every frame, equal what a
    fresh reader reads from that frame's spectator view alone."""
    save = load(ROOT / "replays" / "pioneers-three-greedy-close-race.json")
    remembering = PioneersReader()
    for _, snap in snapshots(save, None):
        view = snap.views[SPECTATOR]
        assert remembering.producers(view) == PioneersReader().producers(view), snap.index


def test_frames_whose_players_did_not_change_give_the_same_stories() -> None:
    """A frame whose views show every player as the frame before did is not read again; the
    stories (points and cards gained, of every view) equal those of a tracker that reads every
    player in every frame."""
    save = load(PIONEERS)
    skipping, reading = Tracker(save.game), Tracker(save.game)
    reading._unchanged = None
    for _, snap in snapshots(save, None):
        skipping.observe(snap.index, snap.views, snap.hands)
        reading.observe(snap.index, snap.views, snap.hands)
    assert skipping.series == reading.series
    assert [c.svg for c in skipping.charts(SPECTATOR)] == [c.svg for c in reading.charts(SPECTATOR)]


def test_a_view_with_a_changed_entry_is_not_unchanged() -> None:
    """The pioneers reader tells a view whose players, own score or final scores differ from
    the view before it as changed, and a view equal to it as unchanged."""
    reader = PioneersReader()
    save = load(PIONEERS)
    views = [snap.views["0"] for _, snap in snapshots(save, [0])][:40]
    assert reader.unchanged(views[5], dict(views[5]))
    changed = [n for n in range(1, len(views)) if views[n]["players"] != views[n - 1]["players"]]
    assert changed and all(not reader.unchanged(views[n], views[n - 1]) for n in changed)
    assert not reader.unchanged(views[5], {**views[5], "myScore": -1})
