"""The replay page in a real browser: stepping, deep links, seats, escaping, and frame parity."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.games.pioneers.bots import play_game

pytestmark = pytest.mark.browser

EVIL = "</script><img src=x onerror=alert(1)>"
MOVES = 160



class Site:
    def __init__(self, root: Path, frames: Path, save: dict[str, Any], talk_move: int) -> None:
        self.root = root
        self.frames = frames
        self.save = save
        self.talk_move = talk_move

    @property
    def page_url(self) -> str:
        return (self.root / "replays" / "table.html").as_uri()

    @property
    def last(self) -> int:
        return len(self.save["moves"])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, publish_replay: Any) -> Site:
    """A 4-seat game whose third player has a hostile name and says the same text."""
    config, moves = play_game("browser-4", ["greedy"] * 4, ["Ada", "Bob", EVIL, "Dee"])
    moves = moves[:MOVES]
    talk_move = next(
        i
        for i, m in enumerate(moves, start=1)
        if m["seat"] == 2 and isinstance(m.get("action"), dict) and m["action"].get("type") == "end_turn"
    )
    moves[talk_move - 1]["action"]["talk"] = EVIL
    save = {
        "format": "replaykit/save@1",
        "game": "pioneers",
        "rulesVersion": "pioneers/1",
        "seed": "browser-4",
        "config": config,
        "moves": moves,
    }
    base = tmp_path_factory.mktemp("browser-site")
    root, frames = publish_replay(base, "table", save)
    return Site(root, frames, save, talk_move)


def test_keys_step_through_the_game(replay_page: Any, site: Site) -> None:
    """design §8: ←/→, j/k, Home/End and PageUp/PageDown move through the frames."""
    page = replay_page.page
    replay_page.goto(site.page_url)
    assert replay_page.frame() == 0
    start = page.inner_html("#pieces")
    for key, want in (
        ("ArrowRight", 1),
        ("ArrowRight", 2),
        ("ArrowLeft", 1),
        ("j", 2),
        ("k", 1),
        ("PageDown", 11),
        ("PageUp", 1),
        ("End", site.last),
        ("ArrowRight", site.last),
        ("PageUp", site.last - 10),
        ("Home", 0),
        ("ArrowLeft", 0),
    ):
        page.keyboard.press(key)
        assert replay_page.frame() == want, key
    page.keyboard.press("End")
    assert page.inner_html("#pieces") != start
    assert page.locator("#counter").inner_text() == f"{site.last} / {site.last}"
    assert not replay_page.errors


def test_deep_link_opens_at_its_move(replay_page: Any, site: Site) -> None:
    """design §8: #move=N opens the page at move N, naming that move."""
    page = replay_page.page
    replay_page.goto(site.page_url + "#move=37")
    assert replay_page.frame() == 37
    assert page.inner_text("#narration").startswith("37. ")
    current = page.locator("#moves [aria-current]")
    assert current.count() == 1
    link = page.locator('#moves a[data-frame="37"]').last
    folded = link.evaluate("a => { const d = a.closest('details'); return d ? !d.open : false; }")
    if folded:  # a folded answer marks its offer's line
        assert current.evaluate("a => a.parentElement.classList.contains('fold')")
    else:
        assert current.get_attribute("data-frame") == "37"
    page.goto(site.page_url + "#move=12&seat=1")
    assert replay_page.frame() == 12
    assert page.eval_on_selector("#seat", "el => el.value") == "1"


def test_move_list_and_buttons_navigate(replay_page: Any, site: Site) -> None:
    """design §8: a move list you can click; buttons step like the keys."""
    page = replay_page.page
    replay_page.goto(site.page_url)
    shown = "#moves li.turn > ol > li > a[data-frame]"
    n = int(page.eval_on_selector_all(shown, "links => links.map(a => a.dataset.frame).find(f => +f >= 20)"))
    page.click(f'{shown}[data-frame="{n}"]')
    assert replay_page.frame() == n
    page.click("#btn-next")
    assert replay_page.frame() == n + 1
    page.click("#btn-prev")
    page.click("#btn-prev")
    assert replay_page.frame() == n - 1
    summary = page.locator("#moves li.fold > a").first
    offer = int(summary.get_attribute("data-frame"))
    summary.click()
    assert replay_page.frame() == offer
    page.click("#btn-last")
    assert replay_page.frame() == site.last
    page.click("#btn-first")
    assert replay_page.frame() == 0


def test_space_plays_and_pauses_and_speed_changes(replay_page: Any, site: Site) -> None:
    """design §8: space plays and pauses; +/- change the speed."""
    page = replay_page.page
    replay_page.goto(site.page_url)
    page.keyboard.press("+")
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert page.inner_text("#speed") == "speed 6"
    page.keyboard.press("-")
    assert page.inner_text("#speed") == "speed 5"
    page.keyboard.press(" ")
    page.wait_for_function("() => Number(document.body.dataset.frame) >= 3")
    page.keyboard.press(" ")
    paused = replay_page.frame()
    page.wait_for_timeout(700)
    assert replay_page.frame() == paused
    page.click("#btn-play")
    page.wait_for_function(f"() => Number(document.body.dataset.frame) >= {paused + 2}")
    page.keyboard.press(" ")  # Space after a click pauses once, it does not also press the button
    paused = replay_page.frame()
    page.wait_for_timeout(700)
    assert replay_page.frame() == paused
    page.select_option("#seat", "2")
    page.keyboard.press("ArrowRight")
    assert replay_page.frame() == paused + 1


def test_seat_selector_shows_only_that_seats_hand(replay_page: Any, site: Site) -> None:
    """pioneers contract §View: hands by resource only in the owning seat's view."""
    page = replay_page.page
    replay_page.goto(site.page_url + "#move=30")
    rows_with_hand = (
        "Array.from(document.querySelectorAll('#panel .prow')).map(r => !!r.querySelector('.res'))"
    )
    assert page.evaluate(rows_with_hand) == [False, False, False, False]
    page.select_option("#seat", "1")
    assert replay_page.frame() == 30
    assert page.evaluate(rows_with_hand) == [False, True, False, False]
    page.select_option("#seat", "spectator")
    assert page.evaluate(rows_with_hand) == [False, False, False, False]


def test_hostile_name_and_talk_are_shown_as_text(replay_page: Any, site: Site) -> None:
    """design §8: player names and table talk are escaped: shown as text, never run (the board
    in words heads the third player's pieces with the name as it is)."""
    page = replay_page.page
    replay_page.goto(site.page_url)
    assert EVIL in page.inner_text("header.top")
    assert EVIL in page.inner_text("#panel")
    assert page.get_attribute("#panel .prow:nth-child(3)", "aria-label") == f"{EVIL} (seat 2)"
    page.click("#words summary")
    assert f"\n{EVIL}: " in page.inner_text("#words-list")
    page.goto(site.page_url + f"#move={site.talk_move}")
    assert replay_page.frame() == site.talk_move
    assert EVIL in page.inner_text("#narration")
    assert EVIL in page.inner_text("#panel .talk")
    page.keyboard.press("End")
    page.select_option("#seat", "2")
    page.wait_for_timeout(200)
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert replay_page.dialogs == []
    assert replay_page.errors == []


def test_page_uses_no_network_and_breaks_no_policy(replay_page: Any, site: Site) -> None:
    """design §8: the page opens from file:// with no network; its CSP allows its own script."""
    page = replay_page.page
    replay_page.goto(site.page_url)
    page.keyboard.press("End")
    assert all(url.startswith(("file:", "data:")) for url in replay_page.requests)
    assert not [line for line in replay_page.console if "Content Security Policy" in line]
    assert page.evaluate("typeof document.getElementById('replay-data').textContent") == "string"


@pytest.mark.parametrize("which", ["first", "middle", "talk", "last"])
def test_page_frame_matches_the_standalone_svg(replay_page: Any, site: Site, which: str) -> None:
    """design §8: frame N's piece layer in the page equals the piece layer of frame-N.svg."""
    n = {"first": 0, "middle": MOVES // 2, "talk": site.talk_move, "last": site.last}[which]
    in_page, standalone = replay_page.piece_layers(site.page_url, site.frames, n)
    assert in_page == standalone
    assert len(in_page) > 0
