"""The index and the reference pages in a real browser, on a desktop and on a phone.

Issue 12 items 7-9 and issue 13 item 6: cards with thumbnails, the spoiler switch, sorting and
filtering, no horizontal overflow at 390 px, an axe check, chart clicks on a replay page, and an
index of 10,000 synthetic records (timings are printed, never asserted).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from toolkit.docs.site import site_pages
from toolkit.games.pioneers.bots import play_game
from toolkit.site import build
from toolkit.site.builder import environment
from toolkit.site.index import index_files, plain_title, synthetic_records

pytestmark = pytest.mark.browser

EVIL = "<img src=x onerror=alert(1)>"
ROOT = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def pioneers_save(seed: str, names: list[str], moves: int) -> dict[str, Any]:
    config, played = play_game(seed, ["greedy"] * len(names), names)
    return {
        "format": "replaykit/save@1",
        "game": "pioneers",
        "rulesVersion": "pioneers/1",
        "seed": seed,
        "config": config,
        "moves": played[:moves],
        "meta": {"title": f"{names[0]} and friends", "note": f"{len(names)} greedy bots"},
    }


def codex_save(moves: int) -> dict[str, Any]:
    data = json.loads((ROOT / "replays" / "codex-three-player-tobias-pulls-away.json").read_text("utf-8"))
    data["moves"] = data["moves"][:moves]
    data["checkpoints"] = [c for c in data.get("checkpoints", []) if c["move"] <= moves]
    data["meta"] = {"title": "Codex opening", "note": "the first turns of a codex game"}
    return data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three replays (a hostile player name among them) with the reference pages beside them."""
    base = tmp_path_factory.mktemp("index-browser")
    folder = base / "replays"
    folder.mkdir()
    saves = {
        "alpha": pioneers_save("idx-a", ["Ada", EVIL, "Cy"], 150),
        "beta": pioneers_save("idx-b", ["Bea", "Dov", "Eli", "Fay"], 60),
        "gamma": codex_save(120),
    }
    for name, save in saves.items():
        (folder / f"{name}.json").write_text(json.dumps(save), encoding="utf-8")
    links, reference = site_pages()
    build(folder, base / "site", links=links, extra_files=reference)
    return base / "site"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index alone for 10,000 synthetic records (no pages behind the cards)."""
    out = tmp_path_factory.mktemp("archive")
    for name, text in index_files(environment(), synthetic_records(10_000), [], "0").items():
        if name.endswith(".html"):
            (out / name).write_text(text, encoding="utf-8")
    return out


def open_page(browser: Any, url: str, viewport: dict[str, int]) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("dialog", lambda dialog: (problems.append("dialog " + dialog.message), dialog.dismiss()))
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.goto(url)
    return context, page, problems


def cards(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('#cards .card')).map((c) => ({
          title: c.querySelector('h2').textContent,
          meta: c.querySelector('.meta').textContent,
          players: Array.from(c.querySelectorAll('.seats li')).map((li) => li.textContent),
          vpShown: Array.from(c.querySelectorAll('.vp, .win')).some((e) => e.offsetParent !== null),
          noteShown: Array.from(c.querySelectorAll('.note')).some((e) => e.offsetParent !== null),
          picture: c.querySelector('img').getAttribute('src'),
          alt: c.querySelector('img').alt,
        }))"""
    )


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_index_shows_a_card_per_replay_without_overflow(
    replay_chromium: Any, site: Path, viewport: dict[str, int]
) -> None:
    """issue 12 item 8: one card each, with thumbnail, game, players and points; no sideways scroll."""
    context, page, problems = open_page(replay_chromium, (site / "index.html").as_uri(), viewport)
    try:
        shown = cards(page)
        assert [c["title"] for c in shown] == ["Ada and friends", "Bea and friends", "Codex opening"]
        assert shown[0]["players"][1].startswith(EVIL)  # the hostile name is text, shown as typed
        assert "pioneers" in shown[0]["meta"] and "turns" in shown[0]["meta"]
        loaded = page.evaluate(
            "Promise.all(Array.from(document.images).map((i) => i.decode().then(() => i.naturalWidth)))"
        )
        assert loaded and all(width > 0 for width in loaded)
        assert page.evaluate(OVERFLOW) == 0
        page.screenshot(path=f"/tmp/index-{viewport['width']}.png", full_page=True)
        assert problems == []
    finally:
        context.close()


def test_spoiler_switch_hides_scores_and_is_remembered(replay_chromium: Any, site: Path) -> None:
    """issue 12 item 8: the switch hides winners and points, and what tells them again: the final
    board (a card then shows the bare island), the publisher's note, and the publisher's title
    (which may name the winner: the game and its players stand for it, in the picture's text
    too, and the search and the sort read only what is shown); a reload keeps it."""
    plain = [
        plain_title("pioneers", ["Ada", EVIL, "Cy"]),
        plain_title("pioneers", ["Bea", "Dov", "Eli", "Fay"]),
        plain_title("codex", ["Maren", "Tobias", "Ines"]),
    ]
    assert plain[0] == f"Pioneers with Ada, {EVIL} and Cy"

    def spoiler_free(shown: list[dict[str, Any]]) -> bool:
        return [c["title"] for c in shown] == plain and all(
            not (c["vpShown"] or c["noteShown"])
            and c["picture"].endswith(".island.svg")
            and c["alt"] == "island of " + c["title"]
            for c in shown
        )

    context, page, problems = open_page(replay_chromium, (site / "index.html").as_uri(), PHONE)
    try:
        shown = cards(page)
        assert all(c["noteShown"] for c in shown)
        assert all(c["vpShown"] and not c["picture"].endswith(".island.svg") for c in shown), shown
        page.check("#spoilers")
        assert spoiler_free(cards(page))
        page.fill("#q", "greedy")  # every note says so, and no card shows a note now
        assert cards(page) == [] and page.inner_text("#count") == "No replay matches."
        page.fill("#q", "")
        page.select_option("#sort", "title")  # by the titles shown
        assert [c["title"] for c in cards(page)] == sorted(plain)
        page.select_option("#sort", "list")
        page.reload()
        assert page.is_checked("#spoilers") and spoiler_free(cards(page))
        loaded = page.evaluate(
            "Promise.all(Array.from(document.images).map((i) => i.decode().then(() => i.naturalWidth)))"
        )
        assert loaded and all(width > 0 for width in loaded)
        page.uncheck("#spoilers")
        assert all(c["vpShown"] and c["alt"].startswith("final board of ") for c in cards(page))
        assert [c["title"] for c in cards(page)] == ["Ada and friends", "Bea and friends", "Codex opening"]
        page.reload()
        assert all(c["vpShown"] for c in cards(page))
        assert problems == []
    finally:
        context.close()


def test_filters_and_sorting_work_in_the_page(replay_chromium: Any, site: Path) -> None:
    """issue 12 item 8: filter by game, player and length; sort by length."""
    context, page, problems = open_page(replay_chromium, (site / "index.html").as_uri(), DESKTOP)
    try:
        codex = page.evaluate(
            "Array.from(document.querySelectorAll('#game option')).find((o) => o.text === 'codex').value"
        )
        page.select_option("#game", codex)
        assert [c["title"] for c in cards(page)] == ["Codex opening"]
        page.select_option("#game", "")
        page.fill("#player", "dov")
        assert [c["title"] for c in cards(page)] == ["Bea and friends"]
        page.fill("#player", "")
        page.select_option("#sort", "moves-")
        moves = [int(c["meta"].split(" moves")[0].rsplit(" ", 1)[1]) for c in cards(page)]
        assert moves == sorted(moves, reverse=True) and len(moves) == 3
        page.select_option("#sort", "moves+")
        assert [int(c["meta"].split(" moves")[0].rsplit(" ", 1)[1]) for c in cards(page)] == sorted(moves)
        page.select_option("#length", "long")
        assert cards(page) == [] and page.text_content("#count") == "No replay matches."
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_reference_pages_fit_a_phone(replay_chromium: Any, site: Path, viewport: dict[str, int]) -> None:
    """issue 12 item 7: card and rules pages do not scroll sideways and ids keep to one line."""
    for name in ("cards/codex.html", "cards/pioneers.html", "rules/codex.html"):
        context, page, problems = open_page(replay_chromium, (site / name).as_uri(), viewport)
        try:
            assert page.evaluate(OVERFLOW) == 0, name
            heights = page.evaluate(
                "Array.from(document.querySelectorAll('table.ref td code'))"
                ".map((c) => c.getClientRects().length)"
            )
            assert heights and max(heights) == 1, name  # every id on one line
            if name == "cards/codex.html":
                page.screenshot(path=f"/tmp/cards-{viewport['width']}.png")
            assert problems == []
        finally:
            context.close()


@pytest.mark.parametrize("name", ["index.html", "cards/codex.html", "rules/randomness.html"])
def test_every_reference_page_is_linked_on_a_phone(replay_chromium: Any, site: Path, name: str) -> None:
    """On a phone as on a laptop, the index and each reference page show a link to every
    reference page (only a replay page, short of room above its board, leaves them to the index)."""
    context, page, _ = open_page(replay_chromium, (site / name).as_uri(), PHONE)
    try:
        links = page.eval_on_selector_all(
            "nav.extra a:not(.back)", "as => as.map(a => [a.textContent, a.offsetParent !== null])"
        )
        assert len(links) >= 5 and all(shown for _, shown in links), links
    finally:
        context.close()


def test_a_card_reads_its_players_as_words(replay_chromium: Any, site: Path) -> None:
    """A card's players read as separate words, name, points and result ("Ada 9 VP winner"), not
    run together for a screen reader."""
    context, page, _ = open_page(replay_chromium, (site / "index.html").as_uri(), DESKTOP)
    try:
        page.wait_for_selector("#cards .card")
        players = [p for card in cards(page) for p in card["players"]]
        assert players and all(re.fullmatch(r".+ \d+ VP( winner)?", p) for p in players), players
    finally:
        context.close()


@pytest.mark.parametrize("name", ["index.html", "cards/codex.html"])
def test_axe_finds_no_serious_violation(replay_chromium: Any, site: Path, name: str) -> None:
    """issue 12 item 7: axe-core reports nothing serious or critical on the index and a reference page."""
    from axe_playwright_python.sync_playwright import Axe

    for viewport in (DESKTOP, PHONE):
        context, page, _ = open_page(replay_chromium, (site / name).as_uri(), viewport)
        try:
            results = Axe().run(page)
            bad = [
                (v["id"], v["impact"], len(v["nodes"]))
                for v in results.response["violations"]
                if v["impact"] in ("serious", "critical")
            ]
            assert bad == [], (name, viewport, bad)
        finally:
            context.close()


def test_clicking_a_chart_point_jumps_to_its_move(replay_chromium: Any, site: Path) -> None:
    """issue 12 item 4: each VP point links to its move; the player shows that frame."""
    url = (site / "replays" / "alpha.html").as_uri()
    context, page, problems = open_page(replay_chromium, url, DESKTOP)
    try:
        point = page.locator('figure.chart-for[data-views~="spectator"] a.chart-move').last
        move = int(point.get_attribute("data-move") or "-1")
        point.scroll_into_view_if_needed()
        point.click()
        page.wait_for_function(f"document.body.dataset.frame === '{move}'")
        page.select_option("#seat", "1")
        visible = page.evaluate(
            "Array.from(document.querySelectorAll('figure.chart-for')).filter((f) => f.offsetParent !== null)"
            ".map((f) => f.dataset.views.split(' ').includes('1'))"
        )
        assert visible and all(visible)  # only seat 1's pictures show in seat 1's view
        seat_point = page.locator('figure.chart-for[data-views~="1"] a.chart-move').last
        seat_move = int(seat_point.get_attribute("data-move") or "-1")
        seat_point.click()
        page.wait_for_function(f"document.body.dataset.frame === '{seat_move}'")
        assert page.input_value("#seat") == "1"
        assert problems == []
    finally:
        context.close()


def test_ten_thousand_records_render_and_filter(replay_chromium: Any, archive: Path) -> None:
    """issue 13 item 6: the first page of a 10,000-record index, a search and a filter (timed, printed)."""
    url = (archive / "index.html").as_uri()
    size = (archive / "index.html").stat().st_size
    context = replay_chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("#cards .card")
        loaded = time.perf_counter() - started
        assert len(cards(page)) == 24
        assert page.text_content("#count") == "Replays 1\u201324 of 10000"
        page.click("#next")
        assert page.text_content("#count") == "Replays 25\u201348 of 10000"
        assert cards(page)[0]["title"].startswith("Archive game 25:")
        timing = page.evaluate(
            """() => {
              const t0 = performance.now();
              const box = document.getElementById('player');
              box.value = 'hana 4';
              box.dispatchEvent(new Event('input'));
              const t1 = performance.now();
              const game = document.getElementById('game');
              game.value = '0';
              game.dispatchEvent(new Event('change'));
              const t2 = performance.now();
              return {search: t1 - t0, filter: t2 - t1,
                      shown: document.querySelectorAll('#cards .card').length,
                      count: document.getElementById('count').textContent};
            }"""
        )
        assert "matching (10000 in all)" in timing["count"] and timing["shown"] > 0
        assert page.evaluate(OVERFLOW) == 0
        print(
            f"\n10,000 records: index {size} bytes; first cards after {loaded * 1000:.0f} ms; "
            f"first search {timing['search']:.1f} ms (parses every chunk); filter {timing['filter']:.1f} ms"
        )
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 320, "height": 640}], ids=["desktop", "small-phone"])
def test_without_javascript_the_list_pages_reach_every_replay(
    replay_chromium: Any, archive: Path, viewport: dict[str, int]
) -> None:
    """With JavaScript off, the index of 10,000 replays lists the first 100 and links the 99
    pages after it; following Next, then the last page's number, reaches the last replay. No
    page is wider than the screen (a table too wide scrolls alone), and axe finds nothing
    serious on a page of the list."""
    from axe_playwright_python.sync_playwright import Axe

    context = replay_chromium.new_context(viewport=viewport, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto((archive / "index.html").as_uri())
        rows = "() => document.querySelectorAll('table.replays tbody tr').length"
        assert page.evaluate(rows) == 100 and page.evaluate(OVERFLOW) == 0
        page.click("nav.list-pages a[rel=next]")
        assert page.url.endswith("index-2.html") and page.evaluate(rows) == 100
        assert page.text_content("table.replays tbody tr a").startswith("Archive game 101:")
        assert page.text_content("nav.list-pages [aria-current=page]") == "2"
        page.click("nav.list-pages a[href='index-100.html']")
        titles = "es => es.map(e => e.textContent)"
        last = page.eval_on_selector_all("table.replays tbody tr a:not([download])", titles)
        assert len(last) == 100 and last[-1].startswith("Archive game 10000:")
        assert page.evaluate(OVERFLOW) == 0
    finally:
        context.close()
    context, page, _ = open_page(replay_chromium, (archive / "index-7.html").as_uri(), viewport)
    try:
        results = Axe().run(page)
        found = results.response["violations"]
        assert [(v["id"], v["impact"]) for v in found if v["impact"] in ("serious", "critical")] == []
    finally:
        context.close()
