"""The adapters' memory of parts: a part is made again exactly when the view data it reads changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.render.adapters import Recall, Remembered
from toolkit.render.frames import snapshots
from toolkit.render.pioneers import PioneersAdapter
from toolkit.saves import load

PIONEERS = Path(__file__).resolve().parent.parent / "replays" / "pioneers-three-greedy-close-race.json"


def test_equal_data_gives_the_part_made_before() -> None:
    """Data equal to what a part was made from gives that same part, without making it again."""
    recall = Recall()
    made: list[tuple[str]] = []

    def make(name: str) -> tuple[str]:
        made.append((name,))
        return made[-1]

    first = recall("slot", {"roads": [1, 2]}, lambda: make("first"))
    again = recall("slot", {"roads": [1, 2]}, lambda: make("second"))
    assert again is first and made == [("first",)]


def test_changed_data_makes_the_part_again() -> None:
    """A view part that changed (a new object holding other data) makes the part again."""
    recall = Recall()
    recall("slot", {"roads": [1, 2]}, lambda: "two roads")
    assert recall("slot", {"roads": [1, 2, 3]}, lambda: "three roads") == "three roads"


def test_the_same_object_gives_the_part_without_reading_it() -> None:
    """The very object a part was made from gives that part again: the comparison stops at its
    identity (an engine keeps an unchanged view part as the same object)."""

    class Unreadable(dict[str, Any]):
        def __eq__(self, other: object) -> bool:
            raise AssertionError("compared by value")

        __hash__ = None  # type: ignore[assignment]

    recall = Recall()
    part = Unreadable(roads=[1, 2])
    first = recall("slot", (part,), lambda: ("made",))
    assert recall("slot", (part,), lambda: ("again",)) is first


def test_slots_remember_apart() -> None:
    """Each slot keeps its own part: the same data in another slot is made there on its own."""
    recall = Recall()
    recall("a", 1, lambda: "made in a")
    assert recall("b", 1, lambda: "made in b") == "made in b"
    assert recall("a", 1, lambda: "again") == "made in a"


def _a_view_with_an_offer() -> dict[str, Any]:
    """Seat 0's view at the first frame of the close race where a seat owes an answer to an offer."""
    for _, snap in snapshots(load(PIONEERS), None):
        view = snap.views["0"]
        if "trade" in (view.get("decisions") or {}).values():
            return dict(view)
    raise AssertionError("no offer in the close race")


def test_a_row_that_flips_between_looks_comes_back_as_the_same_object() -> None:
    """A row waiting for an answer, then not, then waiting again is the same row object each time
    it shows the same look: nothing made from it needs making again."""
    adapter = PioneersAdapter()
    waiting = _a_view_with_an_offer()
    seats = {int(s) for s in waiting["decisions"]}
    answered = {**waiting, "decisions": {}}
    first = adapter.rows(waiting, seats)
    between = adapter.rows(answered, seats)
    again = adapter.rows(waiting, seats)
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert all(a is not b and a.to_move and not b.to_move for a, b in zip(first, between, strict=True))


def test_a_row_made_from_other_data_forgets_the_old_looks() -> None:
    """Once a seat's entry changes, its row is made again, also in a look it had before."""
    adapter = PioneersAdapter()
    view = _a_view_with_an_offer()
    seat = next(int(s) for s in view["decisions"])
    (before,) = adapter.rows(view, {seat})
    players = list(view["players"])
    players[seat] = {**players[seat], "knightsPlayed": players[seat]["knightsPlayed"] + 1}
    adapter.rows({**view, "players": players}, {seat})
    (after,) = adapter.rows(view, {seat})
    assert after is not before and after == before


def test_remembered_values_are_found_by_identity_not_by_equality() -> None:
    """A value is kept for one object: an equal but distinct object finds nothing."""
    kept = Remembered()
    table = {"a": 1}
    kept.put(table, "named")
    assert kept.get(table) == "named"
    assert kept.get({"a": 1}) is None


def test_remembered_keeps_the_last_generation_and_lets_the_one_before_go() -> None:
    """Once ``size`` objects are kept a new generation starts; the previous one is still found,
    the one before it is not."""
    kept = Remembered(size=2)
    keys = [[n] for n in range(5)]
    for n, key in enumerate(keys):
        kept.put(key, n)
    assert [kept.get(key) for key in keys] == [None, None, 2, 3, 4]


def test_remembered_rows_equal_rows_made_afresh_through_a_game() -> None:
    """Every row the pioneers adapter gives from its memory, at every frame of a replay and for
    every seat's view, equals the row a fresh adapter makes from that view alone."""
    save = load(PIONEERS)
    remembering = PioneersAdapter()
    for _, snap in snapshots(save, None):
        for key, view in snap.views.items():
            seats = {s for s, _ in remembering.players(view)}
            assert remembering.rows(view, seats) == PioneersAdapter().rows(view, seats), (snap.index, key)


def test_remembered_rows_of_other_seats_never_show_a_hand() -> None:
    """Through a replay, one adapter asked for every seat's view in turn (as a page asks) gives,
    in each seat's view, the other seats' rows without hand contents or card names, though it
    made and remembers their own rows from their own views (pioneers.md §Hidden information)."""
    save = load(PIONEERS)
    adapter = PioneersAdapter()
    for _, snap in snapshots(save, None):
        seats = sorted(int(k) for k in snap.views if k != "spectator")
        for position, seat in enumerate(seats):
            view = snap.views[str(seat)]
            for row in adapter.rows(view, {seat, seats[position - 1]}):
                if row.seat == seat:
                    assert row.hand is not None and row.cards is not None, (snap.index, seat)
                else:
                    assert row.hand is None and row.cards is None, (snap.index, seat, row.seat)


def test_a_row_is_given_again_when_another_frame_says_the_same() -> None:
    """A view of another frame whose awards, decisions and scores are equal (not the same
    objects) gives the same row objects: what the rows share is compared, not only known by identity."""
    adapter = PioneersAdapter()
    view = _a_view_with_an_offer()
    seats = {s for s, _ in adapter.players(view)}
    first = adapter.rows(view, seats)
    copied = {key: dict(value) if isinstance(value, dict) else value for key, value in view.items()}
    again = adapter.rows(copied, seats)
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_rows_of_players_out_of_seat_order_are_named_by_each_seats_last_entry() -> None:
    """A view that lists its players out of seat order, one seat twice, still gives each row the
    name its seat's last entry gives, as a fresh adapter does."""
    adapter = PioneersAdapter()
    view = _a_view_with_an_offer()
    seats = {s for s, _ in adapter.players(view)}
    adapter.rows(view, seats)
    players = list(reversed(view["players"]))
    players.append({**players[0], "name": "Renamed"})
    odd = {**view, "players": players}
    rows = adapter.rows(odd, seats)
    assert rows == PioneersAdapter().rows(odd, seats)
    assert [row.name for row in rows if row.seat == players[0]["seat"]] == ["Renamed", "Renamed"]
