"""The replay page as a viewer on any screen: layout, keys, hash and seat, reveal, accessibility.

Issue 12: at 1400x900 and 390x844 the board and controls stay in view and stepping never
scrolls the window; every key works; the hash drives move and seat; a finished game's last
move opens every hand; axe-core finds no serious or critical violation.
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.codex import GAME as CODEX
from toolkit.games.codex.bots import play_game as play_codex
from toolkit.games.pioneers.bots import play_game as play_pioneers

pytestmark = pytest.mark.browser

SIZES = [(1400, 900), (390, 844)]
IN_VIEW = """
(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5
    && r.height > 40; }
"""
RECT = "el => JSON.stringify(el.getBoundingClientRect())"
OPEN_HANDS = "Array.from(document.querySelectorAll('#panel .prow')).map(r => !!r.querySelector('.res'))"


class Site:
    def __init__(self, root: Path, last: int) -> None:
        self.root = root
        self.last = last

    def url(self, name: str) -> str:
        return (self.root / "replays" / f"{name}.html").as_uri()

    def reference(self) -> str:
        return next(p for p in sorted(self.root.rglob("*.html")) if "replays" not in p.parts).as_uri()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """A finished four-player pioneers game, a short codex game and the reference pages."""
    from toolkit.docs.site import site_pages
    from toolkit.site import build

    base = tmp_path_factory.mktemp("viewer")
    folder = base / "replays"
    folder.mkdir()
    config, moves = play_pioneers("viewer-4", ["greedy"] * 4, ["Ada", "Bob", "Cy", "Dee"])
    save = {"format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1",
            "seed": "viewer-4", "config": config, "moves": moves}
    (folder / "table.json").write_text(json.dumps(save), encoding="utf-8")
    seed = "viewer-codex"
    config, moves = play_codex(seed, ["greedy"] * 3, ["Ada", "Bob", "Cy"])
    codex = {"format": "replaykit/save@1", "game": "codex", "rulesVersion": CODEX.rules_version,
             "seed": seed, "config": config, "moves": moves[:240]}
    (folder / "codex.json").write_text(json.dumps(codex), encoding="utf-8")
    links, reference = site_pages()
    build(folder, base / "site", links=links, extra_files=reference)
    return Site(base / "site", len(save["moves"]))


def _open(chromium: Any, url: str, size: tuple[int, int], player: bool = True, **options: Any) -> Any:
    """A fresh page at ``url``; with ``player``, once the replay player shows a frame."""
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]}, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    if player:
        page.wait_for_function("() => document.body.dataset.ready === '1'")
    page.errors = errors
    return page


def _frame(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.frame"))


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_board_and_controls_stay_in_view_and_stepping_never_scrolls_the_window(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """Issue 12 §1: after load and after 100 steps, board and controls are in the viewport, unscrolled."""
    page = _open(replay_chromium, site.url("table"), size)
    assert page.evaluate(IN_VIEW, "#board-svg") and page.evaluate(IN_VIEW, "#controls")
    board = page.eval_on_selector("#board-svg", RECT)
    for _ in range(100):
        page.keyboard.press("ArrowRight")
        assert page.eval_on_selector("#board-svg", RECT) == board
    assert _frame(page) == 100
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    assert page.evaluate(IN_VIEW, "#board-svg") and page.evaluate(IN_VIEW, "#controls")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    current = page.locator("#moves [aria-current]")
    assert current.count() == 1
    page.click("#btn-last")
    assert page.evaluate("[scrollX, scrollY]") == [0, 0] and page.evaluate(IN_VIEW, "#controls")
    page.screenshot(path=f"/tmp/viewer-{size[0]}.png")
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_the_page_offers_its_save_and_a_link_to_the_move_on_screen(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """Issue 12 §8: every replay page links its save (copied beside it) and copies a deep link
    to the move and view on screen, announcing it, on a phone as on a laptop."""
    page = _open(replay_chromium, site.url("table") + "#move=42&seat=1", size)
    download = page.locator("nav.extra a[download]")
    assert download.is_visible()
    href = download.get_attribute("href")
    assert href == "table.json" and (site.root / "replays" / href).is_file()
    copy = page.get_by_role("button", name="Copy link to this move", exact=True)
    assert copy.is_visible() and copy.get_attribute("aria-label") is None  # named by the words it shows
    rest = copy.locator(".more").evaluate("e => e.getBoundingClientRect().width")
    assert (rest <= 1) == (size[0] < 420)  # a phone shows "Copy link", its name still whole
    copy.click()
    page.wait_for_function("() => /move 42|move=42/.test(document.getElementById('announce').textContent)")
    said = page.evaluate("document.getElementById('announce').textContent")
    assert said == "Link to move 42 copied" or said.endswith("table.html#move=42&seat=1")
    assert page.evaluate(IN_VIEW, "#board-svg") and page.evaluate(IN_VIEW, "#controls")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_controls_are_labelled_and_large_enough_to_tap(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """Issue 12 §1, §7: every button has a name in words and a target of at least 44 px."""
    page = _open(replay_chromium, site.url("table"), size)
    buttons = page.eval_on_selector_all(
        "#controls button",
        "bs => bs.map(b => [b.getAttribute('aria-label'), b.getBoundingClientRect().width, "
        "b.getBoundingClientRect().height])",
    )
    assert len(buttons) >= 10
    for label, width, height in buttons:
        assert label and label.isascii() and any(c.isalpha() for c in label)
        assert width >= 44 and height >= 44, label
    page.context.close()


def test_turn_keys_help_and_speed(replay_chromium: Any, site: Site) -> None:
    """Issue 12 §2: ]/[ and n/p jump between turn starts; ? opens the key help; +/- and buttons set speed."""
    page = _open(replay_chromium, site.url("table"), SIZES[0])
    starts = [int(h.get_attribute("data-frame")) for h in page.query_selector_all("#moves .turn-head")]
    assert starts == sorted(starts) and len(starts) > 10
    page.keyboard.press("]")
    assert _frame(page) == starts[1]
    page.keyboard.press("n")
    assert _frame(page) == starts[2]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("[")
    assert _frame(page) == starts[2]
    page.keyboard.press("p")
    assert _frame(page) == starts[1]
    page.click("#btn-turn-next")
    assert _frame(page) == starts[2]
    assert page.is_hidden("#help")
    page.keyboard.press("?")
    assert page.is_visible("#help") and "next turn" in page.inner_text("#help")
    page.keyboard.press("ArrowRight")
    assert _frame(page) == starts[2]  # keys wait while the help is open
    page.keyboard.press("Escape")
    assert page.is_hidden("#help")
    page.click("#btn-faster")
    page.keyboard.press("+")
    assert page.inner_text("#speed") == "speed 5"
    page.click("#btn-slower")
    assert page.inner_text("#speed") == "speed 4"
    assert page.inner_text("#announce") == "speed 4 of 7"  # a screen reader hears the change
    assert not page.errors
    page.context.close()


def test_the_seat_follows_the_hash_on_every_change(replay_chromium: Any, site: Site) -> None:
    """Issue 12 §5: #move=80&seat=0 then #move=81 shows move 81 to the spectator."""
    page = _open(replay_chromium, site.url("table") + "#move=80&seat=0", SIZES[0])
    assert _frame(page) == 80 and page.eval_on_selector("#seat", "el => el.value") == "0"
    assert page.evaluate(OPEN_HANDS) == [True, False, False, False]
    page.evaluate("location.hash = '#move=81'")
    page.wait_for_function("() => document.body.dataset.frame === '81'")
    assert page.eval_on_selector("#seat", "el => el.value") == "spectator"
    assert page.evaluate(OPEN_HANDS) == [False] * 4
    page.evaluate("location.hash = '#move=82&seat=all'")
    page.wait_for_function("() => document.body.dataset.frame === '82'")
    assert page.evaluate(OPEN_HANDS) == [True] * 4
    page.context.close()


def test_a_finished_game_opens_every_hand_in_every_view_on_its_last_move(
    replay_chromium: Any, site: Site
) -> None:
    """Issue 12 §5, --reveal end: the last move of a finished game shows every hand in every view."""
    page = _open(replay_chromium, site.url("table") + f"#move={site.last - 1}&seat=1", SIZES[0])
    assert page.evaluate(OPEN_HANDS) == [False, True, False, False]
    page.keyboard.press("End")
    assert page.evaluate(OPEN_HANDS) == [True] * 4
    page.select_option("#seat", "spectator")
    assert page.evaluate(OPEN_HANDS) == [True] * 4
    page.context.close()


def test_autoplay_announces_once_per_turn(replay_chromium: Any, site: Site) -> None:
    """Issue 12 §7: during autoplay the live region speaks once per turn, not once per move, and
    says when play reaches the end of the game."""
    page = _open(replay_chromium, site.url("table"), SIZES[0])
    for _ in range(6):
        page.keyboard.press("+")  # each change of speed is said: count from here
    page.evaluate(
        "window.said = 0; new MutationObserver(() => window.said++)"
        ".observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true})"
    )
    page.keyboard.press(" ")
    page.wait_for_function("() => Number(document.body.dataset.frame) >= 120", timeout=20000)
    page.keyboard.press(" ")
    frame = _frame(page)
    starts = [int(h.get_attribute("data-frame")) for h in page.query_selector_all("#moves .turn-head")]
    turns = sum(1 for s in starts if 0 < s <= frame)
    said = page.evaluate("window.said")
    assert 0 < said <= turns + 1 < frame
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")  # play the last move: reaching the end is said
    ended = "() => document.getElementById('announce').textContent.startsWith('End of the game: ')"
    page.wait_for_function(ended)
    assert page.get_attribute("#btn-play", "aria-label") == "play"
    page.context.close()


def test_fast_autoplay_speaks_at_most_every_two_and_a_half_seconds(replay_chromium: Any, site: Site) -> None:
    """At the fastest speed the turns go by faster than speech: a turn is said at most every
    2.5 s (the latest one), and once paused only the pause is said, nothing owed after it."""
    page = _open(replay_chromium, site.url("table"), SIZES[0])
    for _ in range(6):
        page.keyboard.press("+")
    page.evaluate(
        "window.said = []; new MutationObserver(() => window.said.push([performance.now(),"
        " document.getElementById('announce').textContent]))"
        ".observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true})"
    )
    page.keyboard.press(" ")
    page.wait_for_timeout(6000)
    page.keyboard.press(" ")
    page.wait_for_timeout(3000)
    said = page.evaluate("window.said")
    turns = [at for at, words in said if not words.startswith(("Paused: ", "End of the game: "))]
    assert 2 <= len(turns) <= 4, said
    assert all(b - a >= 2400 for a, b in itertools.pairwise(turns)), said
    assert said[-1][1].startswith("Paused: ") and said[-1][1] == "Paused: " + page.inner_text("#narration")
    page.context.close()


def test_a_header_cut_short_keeps_its_whole_text_as_a_tooltip(replay_chromium: Any, site: Site) -> None:
    """On a phone the line above the board is cut to its width: a cut one keeps its whole text
    as its tooltip, a whole one has none."""
    page = _open(replay_chromium, site.url("codex"), SIZES[1])
    seen = page.evaluate("""async () => {
      const found = {cut: 0, whole: 0, bad: []};
      for (let n = 0; n <= 240; n += 3) {
        location.hash = 'move=' + n;
        await new Promise(r => setTimeout(r, 0));
        const a = document.querySelector('#hdr .acting');
        if (!a) continue;
        const cut = a.scrollWidth > a.clientWidth;
        found[cut ? 'cut' : 'whole']++;
        if ((a.getAttribute('title') || null) !== (cut ? a.textContent : null)) found.bad.push(n);
      }
      return found;
    }""")
    assert seen["cut"] > 0 and seen["whole"] > 0 and seen["bad"] == [], seen
    page.context.close()


def test_a_header_cut_by_a_new_width_gets_its_tooltip(replay_chromium: Any, site: Site) -> None:
    """A phone turned (or a window narrowed) cuts the line above the board without a new move:
    the cut line gets its whole text as its tooltip then, and loses it once whole again."""
    page = _open(replay_chromium, site.url("codex"), SIZES[1])
    cut = page.evaluate("""async () => {
      for (let n = 0; n <= 240; n += 1) {
        location.hash = 'move=' + n;
        await new Promise(r => setTimeout(r, 0));
        const a = document.querySelector('#hdr .acting');
        if (a && a.scrollWidth > a.clientWidth) { return n; }
      }
      return -1;
    }""")
    assert cut >= 0
    page.context.close()
    state = ("(() => { const a = document.querySelector('#hdr .acting');"
             " return [a.scrollWidth > a.clientWidth, a.getAttribute('title')]; })()")
    page = _open(replay_chromium, site.url("codex") + f"#move={cut}", SIZES[0])
    whole = page.evaluate(state)
    page.set_viewport_size({"width": SIZES[1][0], "height": SIZES[1][1]})
    page.wait_for_timeout(200)
    narrowed = page.evaluate(state)
    words = page.inner_text("#hdr .acting")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.wait_for_timeout(200)
    widened = page.evaluate(state)
    assert whole == [False, None] and widened == [False, None], (whole, widened)
    assert narrowed == [True, words], narrowed
    page.context.close()


def test_without_javascript_the_page_says_so_and_the_moves_stay_readable(
    replay_chromium: Any, site: Site
) -> None:
    """Issue 12 §7: a no-JavaScript message, and the move list readable as plain HTML."""
    page = _open(replay_chromium, site.url("table"), SIZES[1], player=False, java_script_enabled=False)
    assert "needs JavaScript" in page.inner_text("body")
    assert page.locator("#moves a[data-frame]").count() > site.last // 2
    assert "Turn 1" in page.inner_text("#moves")
    page.context.close()


def test_board_says_what_happened(replay_chromium: Any, site: Site) -> None:
    """Issue 12 §3: the move's piece is ringed, a roll outlines its producing hexes, every piece and hex
    has a tooltip, and the narration names places by their hexes."""
    page = _open(replay_chromium, site.url("table") + "#move=1", SIZES[0])
    assert page.locator("#marks .mark-new").count() == 2  # the settlement and the road
    described = page.get_attribute("#board-svg", "aria-describedby")  # the turn and the move, read out
    assert described is not None and all(page.locator(f"#{part}").count() == 1 for part in described.split())
    assert "corner of the" in page.inner_text("#narration")
    assert not page.evaluate("/vertex \\d|edge \\d/.test(document.getElementById('moves').textContent)")
    titles = page.eval_on_selector_all(
        "#pieces > use", "us => us.map(u => u.querySelector('title')?.textContent)"
    )
    assert titles and all(titles)
    hexes = page.eval_on_selector_all(
        "#board .hex", "hs => hs.map(h => h.querySelector('title').textContent)"
    )
    assert len(hexes) == 19 and all(hexes)
    rolls = page.eval_on_selector_all("#moves a.roll", "as => as.map(a => +a.dataset.frame)")
    for n in rolls:
        page.evaluate(f"location.hash = '#move={n}'")
        page.wait_for_function(f"() => document.body.dataset.frame === '{n}'")
        if page.query_selector("#hdr .dice") and page.locator("#marks .mark-hot").count():
            break
    else:
        pytest.fail("no roll outlined a producing hex")
    page.context.close()


@pytest.mark.parametrize("which", ["pioneers", "codex", "reference", "pioneers-open", "codex-open"])
@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_axe_finds_no_serious_or_critical_violation(
    replay_chromium: Any, site: Site, which: str, size: tuple[int, int]
) -> None:
    """Issue 12 §7: axe-core reports no serious or critical violation: as the page opens, and
    ("-open") with every hand shown and every fold (the legend, a trade's answers) opened, where
    the hands' resource chips and the folds' toggles are on screen."""
    from axe_playwright_python.sync_playwright import Axe

    game = which.removesuffix("-open")
    url = {"pioneers": site.url("table"), "codex": site.url("codex"), "reference": site.reference()}[game]
    if which.endswith("-open"):
        url += "#move=60&seat=all"
    page = _open(replay_chromium, url, size, player=which != "reference")
    if which.endswith("-open"):
        assert page.evaluate(OPEN_HANDS) == [True] * len(page.evaluate(OPEN_HANDS))
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    results = Axe().run(page)
    bad = [
        (v["id"], v["impact"], v["nodes"][0]["target"])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []
    page.context.close()


def _focus(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id || document.activeElement.tagName"))


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_keys_keep_the_focus_where_the_keyboard_put_it(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """Keyboard only: Enter on Play plays and, pressed again, pauses, the focus staying on the
    button; the arrows step from a focused button; the view list keeps the focus while its
    arrows walk the views, and the live region names the view shown."""
    page = _open(replay_chromium, site.url("table") + "#move=5", size)
    page.focus("#btn-play")
    page.keyboard.press("Enter")
    assert _focus(page) == "btn-play" and page.get_attribute("#btn-play", "aria-label") == "pause"
    page.keyboard.press("Enter")
    assert _focus(page) == "btn-play" and page.get_attribute("#btn-play", "aria-label") == "play"
    page.focus("#btn-next")
    frame = _frame(page)
    page.keyboard.press("ArrowRight")
    assert _frame(page) == frame + 1 and _focus(page) == "btn-next"
    page.focus("#seat")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.body.dataset.seat") == "0" and _focus(page) == "seat"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.body.dataset.seat") == "1" and _focus(page) == "seat"
    assert page.inner_text("#announce").startswith("Showing Bob (seat 1): ")
    assert _frame(page) == frame + 1
    page.context.close()


def test_each_players_row_is_a_group_named_for_its_seat(replay_chromium: Any, site: Site) -> None:
    """For a screen reader the players panel is one named group per player (as the view list
    names the seat), not one block of text; the names stay as the players gave them."""
    page = _open(replay_chromium, site.url("table"), SIZES[0])
    groups = page.eval_on_selector_all(
        "#panel .prow", "rs => rs.map(r => [r.getAttribute('role'), r.getAttribute('aria-label')])"
    )
    names = ["Ada", "Bob", "Cy", "Dee"]
    assert groups == [["group", f"{name} (seat {seat})"] for seat, name in enumerate(names)]
    page.context.close()


def test_hiding_winners_on_the_index_holds_on_a_replay_until_its_last_move(
    replay_chromium: Any, site: Site
) -> None:
    """With "Hide winners and scores" chosen on the index, a replay page keeps back the winner,
    the publisher's title (in the heading and the window's title: the game and its players
    stand for it) and note, the charts of the whole game and the last move's tooltip (who won)
    until its last move is shown, and the moves of its last turn until that turn is reached;
    without it they show from the first move. All of it is hidden from the first moment the
    page draws, before its player has run."""
    told, plain = "table - replay", "Pioneers with Ada, Bob, Cy and Dee - replay"
    heading = "() => document.querySelector('header.top h1').innerText"
    page = _open(replay_chromium, (site.root / "index.html").as_uri(), SIZES[0], player=False)
    shown = "sel => { const e = document.querySelector(sel); return !!e && e.offsetParent !== null; }"
    tip = "() => { const a = document.querySelectorAll('#moves a[data-frame]'); " \
        "return a[a.length - 1].title; }"
    page.check("#spoilers")
    page.goto(site.url("table") + "#move=10")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    assert not page.evaluate(shown, "header.top .winner") and not page.evaluate(shown, "#charts")
    assert page.evaluate(tip) == "" and not page.evaluate(shown, "li.turn.last-turn")
    assert page.title() == plain and page.evaluate(heading) + " - replay" == plain
    page.keyboard.press("End")
    assert page.title() == told and page.evaluate(heading) + " - replay" == told
    assert page.evaluate(shown, "header.top .winner") and page.evaluate(shown, "#charts")
    assert " wins with " in page.evaluate(tip)
    # the last move's words (shown, and said to a screen reader) tell who won, as they do
    # without hiding: its tooltip is back before they are read from it
    assert " wins with " in page.inner_text("#narration")
    assert " wins with " in page.inner_text("#announce")
    page.keyboard.press("ArrowLeft")
    assert not page.evaluate(shown, "header.top .winner")
    assert page.evaluate(tip) == ""
    assert page.title() == plain
    # the moves of the last turn (its heading names who won) show once it is reached
    last_turn = "li.turn.last-turn"
    start = int(page.evaluate("() => document.querySelector('li.turn.last-turn .turn-head').dataset.frame"))
    assert 0 < start < site.last
    page.evaluate(f"() => {{ location.hash = '#move={start}'; }}")
    page.wait_for_function(f"() => document.body.dataset.frame === '{start}'")
    assert page.evaluate(shown, last_turn) and page.title() == plain
    page.keyboard.press("ArrowLeft")
    assert _frame(page) == start - 1 and not page.evaluate(shown, last_turn)
    # before the player's script has run (a page still loading), all of it is already hidden
    html = (site.root / "replays" / "table.html").read_text(encoding="utf-8")
    loading = site.root / "replays" / "table-loading.html"
    loading.write_text(html[: html.rindex("<script>")] + "</body></html>", encoding="utf-8")
    page.goto(loading.as_uri())
    assert page.title() == plain and page.evaluate(heading) + " - replay" == plain
    assert not page.evaluate(shown, "header.top .winner") and not page.evaluate(shown, last_turn)
    loading.unlink()
    page.goto((site.root / "index.html").as_uri())
    page.uncheck("#spoilers")
    page.goto(site.url("table") + "#move=10")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    assert page.evaluate(shown, "header.top .winner") and page.evaluate(shown, "#charts")
    assert " wins with " in page.evaluate(tip)
    assert page.title() == told and page.evaluate(heading) + " - replay" == told
    assert page.evaluate(shown, "li.turn.last-turn")
    page.context.close()


def test_an_offer_is_narrated_before_its_answers_are_known(replay_chromium: Any, site: Site) -> None:
    """A trade offer folds its answers into one line of the list that tells how it ended; on the
    offer's own move the narration and the live region say the offer alone, not its outcome."""
    page = _open(replay_chromium, site.url("table"), SIZES[0])
    folds = page.eval_on_selector_all(
        "#moves li.fold > a", "as => as.map(a => [+a.dataset.frame, a.textContent, a.dataset.said])"
    )
    assert folds
    frame, summary, said = folds[0]
    assert summary.startswith(said) and len(summary) > len(said)
    page.evaluate(f"location.hash = '#move={frame}'")
    page.wait_for_function(f"() => document.body.dataset.frame === '{frame}'")
    assert page.inner_text("#narration") == said
    assert page.evaluate("document.getElementById('announce').textContent") == said
    page.context.close()


def test_the_help_keeps_the_focus_and_a_skip_link_keeps_the_move_and_view(
    replay_chromium: Any, site: Site
) -> None:
    """The key help holds the focus while open (Tab goes between its switch of the letter keys
    and its Close button) and gives it back where it found it; a skip link moves the focus
    without resetting the move or the view."""
    page = _open(replay_chromium, site.url("table") + "#move=30&seat=1", SIZES[0])
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the board controls"
    page.keyboard.press("Enter")
    assert _focus(page) == "controls"
    assert (_frame(page), page.evaluate("document.body.dataset.seat")) == (30, "1")
    page.keyboard.press("?")
    assert _focus(page) == "btn-help-close"
    for key, focused in (("Tab", "letter-keys"), ("Tab", "btn-help-close"), ("Shift+Tab", "letter-keys")):
        page.keyboard.press(key)
        assert _focus(page) == focused, key
    page.keyboard.press("Escape")
    assert page.is_hidden("#help") and _focus(page) == "controls"
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_a_skip_link_keeps_the_link_to_the_move_in_the_address(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """A skip link moves the focus and leaves the address as it was: reloaded (or bookmarked),
    the page opens at the same move and view. A page opened at a skip link's target shows its
    first move as any page does: the move marked in the list, the players in their groups."""
    touch = size[0] < 900
    page = _open(replay_chromium, site.url("table") + "#move=30&seat=1", size,
                 has_touch=touch, is_mobile=touch)
    steps = page.evaluate("history.length")
    for target in ("controls", "panel"):
        page.focus(f"a.skip[href='#{target}']")
        page.keyboard.press("Enter")
        assert _focus(page) == target
        assert page.evaluate("[location.hash, history.length]") == ["#move=30&seat=1", steps]
    page.reload()
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    assert (_frame(page), page.evaluate("document.body.dataset.seat")) == (30, "1")
    page.goto("about:blank")
    page.goto(site.url("table") + "#panel")  # a fresh load, not a hash change
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    assert (_frame(page), page.evaluate("document.body.dataset.seat")) == (0, "spectator")
    assert page.eval_on_selector("#moves [aria-current]", "a => a.dataset.frame") == "0"
    assert page.eval_on_selector_all("#panel .prow[role=group]", "rs => rs.length") == 4
    page.context.close()


@pytest.mark.parametrize("fragment", ["#move=4294967296", "#move=2147483648", "#move=99999999999999999999"])
def test_a_move_past_the_end_opens_the_last_move_however_long_its_number(
    replay_chromium: Any, site: Site, fragment: str
) -> None:
    """A link to a move past the end opens the last move, even with more digits than a 32-bit
    integer holds (such a number never wraps round to the first move)."""
    page = _open(replay_chromium, site.url("table") + fragment, SIZES[0])
    assert _frame(page) == site.last and page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    ("size", "count"),
    [((1280, 720), 1), ((1366, 768), 2), ((390, 844), 3), ((360, 640), 3), ((568, 320), 3), ((320, 568), 3)],
    ids=["small-laptop", "laptop", "phone", "small-phone", "small-phone-on-its-side", "smallest-phone"],
)
def test_the_controls_keep_their_rows_from_the_first_move_to_the_last(
    replay_chromium: Any, site: Site, size: tuple[int, int], count: int
) -> None:
    """The move counter keeps one width, so the controls never reflow (and the board never
    resizes) as the move number grows. Under the whole width of a two-column page they fit in
    one row; in the three columns of a laptop, in two; on a phone, in three, the seven move
    buttons sharing the first from 360 px wide (or 320 px high; below, the last one starts the
    slider's row). They are drawn in the order Tab visits them (row by row, each row left to
    right)."""
    page = _open(replay_chromium, site.url("table"), size)
    height = page.eval_on_selector("#controls", "e => e.getBoundingClientRect().height")
    for key in ["ArrowRight"] * 12 + ["End"]:
        page.keyboard.press(key)
        assert page.eval_on_selector("#controls", "e => e.getBoundingClientRect().height") == height
    boxes = page.eval_on_selector_all(
        "#controls > *", "es => es.map(e => [e.getBoundingClientRect().top, e.getBoundingClientRect().left])"
    )
    rows = [[boxes[0]]]
    for box in boxes[1:]:
        if box[0] >= rows[-1][-1][0] + 20 or box[1] < rows[-1][-1][1]:
            assert box[0] > rows[-1][-1][0], boxes  # a new row only ever starts lower down
            rows.append([box])
        else:
            rows[-1].append(box)
    assert len(rows) == count, boxes
    if count == 3:  # first, turn back, back, play, forward, turn on, last
        assert len(rows[0]) == (7 if size[0] >= 360 else 6), boxes
    page.context.close()


@pytest.mark.parametrize("size", [(1366, 768), (1400, 900)], ids=["laptop", "desktop"])
def test_from_a_laptop_up_every_player_and_the_moves_show_beside_the_board(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """From 1,360 px wide the page has three columns: the board, the players above the
    pictures, and the move list down the whole height. Every player's row of a four-player game
    shows whole without scrolling the panel, and the pictures keep room to be seen."""
    page = _open(replay_chromium, site.url("table") + "#move=60", size)
    panel = page.eval_on_selector("#panel", "e => e.getBoundingClientRect().toJSON()")
    rows = page.eval_on_selector_all("#panel .prow", "es => es.map(e => e.getBoundingClientRect().toJSON())")
    assert len(rows) == 4 and all(r["bottom"] <= panel["bottom"] + 0.5 for r in rows), (panel, rows)
    assert page.eval_on_selector("#panel", "e => e.scrollTop") == 0
    board = page.eval_on_selector("#board-svg", "e => e.getBoundingClientRect().toJSON()")
    moves = page.eval_on_selector("#story", "e => e.getBoundingClientRect().toJSON()")
    charts = page.eval_on_selector("#charts", "e => e.getBoundingClientRect().toJSON()")
    assert board["right"] < panel["left"] < panel["right"] < moves["left"]
    assert moves["height"] > 0.8 * size[1] and charts["height"] >= 140 and charts["bottom"] <= size[1]
    page.context.close()


def test_on_a_phone_stepping_leaves_the_players_in_view(replay_chromium: Any, site: Site) -> None:
    """On a phone, stepping while the players are in view keeps them there; once the move list is
    in view it follows the move; and a move link that takes the focus is scrolled to below the
    pinned board, not under it."""
    page = _open(replay_chromium, site.url("table") + "#move=60", SIZES[1], has_touch=True, is_mobile=True)
    scrolled = "document.querySelector('main.viewer').scrollTop"
    assert page.evaluate(scrolled) == 0
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(scrolled) == 0 and page.evaluate(IN_VIEW, "#panel .prow")
    page.evaluate("document.getElementById('story').scrollIntoView()")
    for _ in range(30):
        page.keyboard.press("ArrowRight")
    stage = "document.querySelector('.stage').getBoundingClientRect().bottom"
    below = f"e => e.getBoundingClientRect().top >= {stage}"
    assert page.eval_on_selector("#moves [aria-current]", below)
    page.evaluate(f"{scrolled} = 0")
    page.focus("#moves a[data-frame='3']")
    assert page.eval_on_selector("#moves a[data-frame='3']", below)
    page.context.close()


@pytest.mark.parametrize("size", [(844, 390), (667, 375), (932, 430), (320, 568), (568, 320), (1600, 350)])
def test_short_and_small_screens_keep_the_controls_in_view_and_the_moves_in_reach(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """A phone on its side, a laptop zoomed to 200 % (683x384 and the like), a small phone and
    a short wide window: the board (at least 150 px high) and every control stay in view, the
    pinned board leaves room beneath it, and a move link that takes the focus is scrolled into
    that room, in view."""
    touch = size[0] < 900
    page = _open(replay_chromium, site.url("table") + "#move=60", size, has_touch=touch, is_mobile=touch)
    for part in ("#board-svg", "#controls", "#btn-help", "#seat"):
        assert page.evaluate(IN_VIEW.replace("r.height > 40", "r.height > 20"), part), part
    assert page.eval_on_selector("#board-svg", "e => e.getBoundingClientRect().height") >= 150
    stage = page.eval_on_selector(".stage", "e => e.getBoundingClientRect().bottom")
    main = page.eval_on_selector("main.viewer", "e => e.getBoundingClientRect().bottom")
    assert main - stage >= 40
    focused = "es => (es[30].focus(), es[30].getBoundingClientRect().toJSON())"
    link = page.eval_on_selector_all("#moves li.turn > ol > li > a", focused)  # not in a folded answer
    assert stage <= link["top"] and link["bottom"] <= main + 0.5, (stage, link, main)
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    page.context.close()


@pytest.mark.parametrize("size", [(480, 320), (320, 256)], ids=["small-phone-on-its-side", "zoomed-400"])
def test_a_stage_taller_than_the_screen_is_not_pinned_and_every_control_is_in_reach(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """Where the board and its controls leave less than a move's line beneath them (a small
    phone on its side, a 1280x1024 window zoomed to 400 %), the stage scrolls with the page
    instead of being pinned over it: every control can be scrolled into view, then the moves;
    and at 568x320 the stage stays pinned."""
    touch = {"has_touch": True, "is_mobile": True}
    page = _open(replay_chromium, site.url("table") + "#move=60", size, **touch)
    assert page.eval_on_selector(".stage", "e => getComputedStyle(e).position") == "static"
    for part in ("#btn-help", "#seat", "#scrub", "#moves [aria-current]"):
        page.eval_on_selector(part, "e => e.scrollIntoView({block: 'nearest'})")
        assert page.evaluate(IN_VIEW.replace("r.height > 40", "r.height > 10"), part), part
    assert page.evaluate("[scrollX, scrollY]") == [0, 0] and page.errors == []
    page.context.close()
    page = _open(replay_chromium, site.url("table") + "#move=60", (568, 320), **touch)
    assert page.eval_on_selector(".stage", "e => getComputedStyle(e).position") == "sticky"
    page.context.close()


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (390, 844)])
def test_a_title_of_one_long_word_never_widens_the_page(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """A publisher's title may be one word of 120 letters: it wraps (or, on a phone, is cut
    short) inside the header instead of pushing the page wider than the window."""
    page = _open(replay_chromium, site.url("table"), size)
    page.eval_on_selector("header.top h1", "h => { h.textContent = 'W'.repeat(120); }")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.eval_on_selector("header.top h1", "h => h.getBoundingClientRect().right <= innerWidth + 0.5")
    page.context.close()


@pytest.mark.parametrize("size", [(390, 844), (932, 430), (1024, 768)])
def test_focus_in_the_players_never_scrolls_the_window(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """The codex players' rows hold words for screen readers only, drawn nowhere; they never
    make the page taller than the window, so a skip link or Tab into the players never scrolls
    the window (which the page cannot scroll back)."""
    page = _open(replay_chromium, site.url("codex") + "#move=100", size)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the players"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    page.context.close()


def test_the_current_move_and_a_focused_link_show_clear_of_their_turn_heading(
    replay_chromium: Any, site: Site
) -> None:
    """In the three-column layout the move list is narrow and a turn's sticky heading often
    wraps to two lines: the current move, and a move link taking the focus, are scrolled clear
    of it."""
    page = _open(replay_chromium, site.url("table"), (1366, 768))
    clear = """e => { const head = e.closest('li.turn').querySelector('.turn-head').getBoundingClientRect();
      return e.getBoundingClientRect().top >= head.bottom - 0.5; }"""
    tall = "es => es.some(e => e.getBoundingClientRect().height > 40)"
    assert page.eval_on_selector_all("#moves .turn-head", tall)  # headings of two lines or more
    page.keyboard.press("End")
    for _ in range(80):
        page.keyboard.press("ArrowLeft")
        assert page.eval_on_selector("#moves [aria-current]", clear), _frame(page)
    page.focus("#moves [aria-current]")
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(f"({clear})(document.activeElement)"), page.evaluate("activeElement.text")
    page.context.close()


def test_every_point_of_the_victory_chart_can_be_clicked_where_it_shows(
    replay_chromium: Any, site: Site
) -> None:
    """Lines are drawn under every dot and take no pointer: at each dot's centre the pointer
    finds a dot (another seat's dot at the same spot links the same move)."""
    page = _open(replay_chromium, site.url("table") + "#move=5&seat=all", (1366, 768))
    found = page.evaluate("""() => {
      const dots = [...document.querySelectorAll('#charts figure:not([hidden]) a.chart-move circle')]
        .filter(c => c.getClientRects().length);
      return dots.map(c => { c.scrollIntoView({block: 'center'}); const r = c.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit ? hit.tagName : null; });
    }""")
    assert len(found) > 10 and set(found) == {"circle"}, found
    page.context.close()


CHART_DOTS = """() => {
  const figure = [...document.querySelectorAll('#charts figure')]
    .find(f => f.getClientRects().length && f.querySelector('a.chart-move'));
  figure.scrollIntoView({block: 'end'});  // below the board pinned at the top
  return [...figure.querySelectorAll('a.chart-move circle')].filter(c => c.getClientRects().length).map(c => {
    const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const covered = document.elementFromPoint(x, y) !== c;
    return {move: +c.closest('a').dataset.move, x: x, y: y, covered: covered}; });
}"""


@pytest.mark.parametrize("which", ["table", "codex"])
def test_on_a_phone_a_click_at_a_chart_point_takes_that_point(
    replay_chromium: Any, site: Site, which: str
) -> None:
    """At 390 px the victory chart's dots crowd and overlap; a click takes the dot whose centre
    is nearest, so a click at a dot's centre jumps to that dot's move even where another dot is
    drawn over it (dots less than a pixel and a half apart are one spot to any pointer: a click
    there takes one of them), and a click far from every dot jumps nowhere."""
    page = _open(replay_chromium, site.url(which) + "#move=5&seat=all", SIZES[1])
    dots = page.evaluate(CHART_DOTS)
    assert len(dots) > 5 and any(d["covered"] for d in dots)
    for dot in dots:
        page.mouse.click(dot["x"], dot["y"])
        spot = {d["move"] for d in dots if math.hypot(d["x"] - dot["x"], d["y"] - dot["y"]) < 1.5}
        assert _frame(page) in spot, (dot, _frame(page))
    page.keyboard.press("Home")
    box = page.evaluate("""() => [...document.querySelectorAll('#charts figure svg')]
      .find(f => f.getClientRects().length && f.querySelector('a.chart-move'))
      .getBoundingClientRect().toJSON()""")
    assert page.evaluate(CHART_DOTS) == dots  # stepping scrolled nothing: the dots are where they were
    page.mouse.click(box["left"] + 3, box["top"] + 3)  # the title's corner: no point near
    assert _frame(page) == 0 and page.errors == []
    page.context.close()


def test_a_chart_point_taken_by_a_click_takes_the_focus(replay_chromium: Any, site: Site) -> None:
    """A click at a dot drawn under another shows the dot beneath; the focus goes to that dot too
    (its highlight, and what Enter takes next), not to the dot drawn over it."""
    page = _open(replay_chromium, site.url("codex") + "#move=5&seat=all", SIZES[1])
    dots = [d for d in page.evaluate(CHART_DOTS) if d["covered"]]
    assert dots
    for dot in dots:
        page.mouse.click(dot["x"], dot["y"])
        shown = _frame(page)
        assert page.evaluate("document.activeElement.dataset.move") == str(shown), (dot, shown)
        page.keyboard.press("Home")
        page.keyboard.press("Enter")
        assert _frame(page) == shown
    assert page.errors == []
    page.context.close()


POINTS_SHOWN = """() => [...document.querySelectorAll('#charts a.chart-move')]
  .filter(a => a.getClientRects().length)
  .map((a, i) => [+a.dataset.move, i, a.getAttribute('tabindex')])"""
FOCUSED_POINT = """() => (a => a.matches('#charts a.chart-move') ? +a.dataset.move : null)(
  document.activeElement)"""


def test_a_chart_is_one_tab_stop_and_the_arrows_go_between_its_points(
    replay_chromium: Any, site: Site
) -> None:
    """WCAG 2.4.3 and 2.1.1: the victory chart's points are one Tab stop, so the move list is one
    Tab past the chart; on a point, Left and Right go to the point before or after it in the
    game and show its move (a word when there is none); the point last focused keeps the Tab."""
    page = _open(replay_chromium, site.url("table") + "#move=30", SIZES[0])
    points = page.evaluate(POINTS_SHOWN)
    moves = sorted(m for m, _, _ in points)
    assert len(moves) > 3 and [t for _, _, t in points].count(None) == 1
    page.locator("#charts").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_POINT) == moves[0]
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('#moves')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_POINT) == moves[0]
    for expected in moves[1:4]:
        page.keyboard.press("ArrowRight")
        assert (page.evaluate(FOCUSED_POINT), _frame(page)) == (expected, expected)
    page.keyboard.press("ArrowLeft")
    assert (page.evaluate(FOCUSED_POINT), _frame(page)) == (moves[2], moves[2])
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_POINT) == moves[2]  # the point left keeps the Tab
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    assert (page.evaluate(FOCUSED_POINT), _frame(page)) == (moves[0], moves[0])
    assert page.text_content("#announce") == "No earlier point in this chart"
    assert page.errors == []
    page.context.close()


HIDDEN_DOT = """() => {
  const box = document.getElementById('charts'), top = () => box.getBoundingClientRect().top;
  const centre = c => (r => [r.x + r.width / 2, r.y + r.height / 2])(c.getBoundingClientRect());
  const dots = [...box.querySelectorAll('a.chart-move circle')].filter(c => c.getClientRects().length);
  const near = (o, x, y) => Math.hypot(centre(o)[0] - x, centre(o)[1] - y) < 22;
  for (const dot of dots) {  // scrolled out of the box, 12 px above it; a click 4 px inside
    box.scrollTop += centre(dot)[1] - (top() - 12);
    const [x, y] = [centre(dot)[0], top() + 4], under = document.elementFromPoint(x, y);
    const inView = dots.filter(o => centre(o)[1] > top() && near(o, x, y));
    if (centre(dot)[1] < top() - 6 && !inView.length && under.closest('svg') && !under.closest('a')) {
      return {x: x, y: y, move: +dot.parentNode.dataset.move};
    }
  }
}"""


def test_a_click_in_a_chart_never_takes_a_point_scrolled_out_of_view(
    replay_chromium: Any, site: Site
) -> None:
    """The pictures scroll in a box of their own beside the board: a click in a chart, within
    reach of a point scrolled out of that box and of no point in view, jumps nowhere."""
    page = _open(replay_chromium, site.url("table") + "#move=5&seat=all", SIZES[0])
    spot = page.evaluate(HIDDEN_DOT)
    assert spot is not None
    page.mouse.click(spot["x"], spot["y"])
    assert _frame(page) == 5 and page.errors == []
    page.context.close()


SWIPE = """
([from, to]) => {
  const board = document.getElementById('board-svg');
  const r = board.getBoundingClientRect(), y = r.top + r.height / 2;
  const touch = (x) => new Touch({identifier: 1, target: board, clientX: x, clientY: y});
  const fire = (type, now, changed) =>
    board.dispatchEvent(new TouchEvent(type, {touches: now, changedTouches: [changed], bubbles: true}));
  fire('touchstart', [touch(from)], touch(from));
  fire('touchend', [], touch(to));
}
"""


def test_swipe_left_and_right_steps_on_a_touch_screen(replay_chromium: Any, site: Site) -> None:
    """Issue 12 §1: on a phone, a swipe left on the board steps forward and a swipe right back;
    a short drag does nothing."""
    url = site.url("table") + "#move=10"
    page = _open(replay_chromium, url, (390, 844), has_touch=True, is_mobile=True)
    assert _frame(page) == 10
    page.evaluate(SWIPE, [300, 100])
    assert _frame(page) == 11
    page.evaluate(SWIPE, [100, 300])
    page.evaluate(SWIPE, [100, 300])
    assert _frame(page) == 9
    page.evaluate(SWIPE, [200, 180])
    assert _frame(page) == 9
    assert page.evaluate("[scrollX, scrollY]") == [0, 0] and page.errors == []
    page.context.close()


@pytest.mark.parametrize("which", ["table", "codex"])
def test_a_screen_reader_reads_each_kind_in_a_shown_hand(
    replay_chromium: Any, site: Site, which: str
) -> None:
    """A hand the view shows is read as counts with their kinds ("2 brick"), not as bare numbers:
    the chips' letters are hidden from screen readers and their title is only a tooltip."""
    url = site.url(which) + "#move=60&seat=1"
    page = _open(replay_chromium, url, SIZES[1], has_touch=True, is_mobile=True)
    row = page.locator("#panel .prow").nth(1)
    said = row.aria_snapshot()
    chips = row.locator(".res").evaluate_all("cs => cs.map(c => [c.title, c.textContent])")
    assert chips
    for kind, text in chips:
        count = text.removeprefix(kind[:2].capitalize()).split()[0]
        assert f"{count} {kind}" in said, (kind, said)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    page.context.close()


def test_a_chart_point_hidden_by_a_step_hands_the_focus_to_the_move_shown(
    replay_chromium: Any, site: Site
) -> None:
    """With winners hidden, the whole game's pictures show on the last move only: a point of
    them that has the focus, used with Enter or left with an arrow, gives the focus to the move
    it shows in the list, not to the page."""
    page = _open(replay_chromium, (site.root / "index.html").as_uri(), SIZES[0], player=False)
    page.check("#spoilers")
    page.goto(site.url("table") + "#move=10")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    page.keyboard.press("End")
    point = page.locator("#charts a.chart-move").first
    point.focus()
    move = int(point.get_attribute("data-move"))
    page.keyboard.press("Enter")
    assert _frame(page) == move
    assert page.evaluate("document.activeElement.matches('#moves a[aria-current]')")
    page.keyboard.press("End")
    page.locator("#charts").focus()
    page.keyboard.press("ArrowLeft")
    assert _frame(page) == site.last - 1
    assert page.evaluate("document.activeElement.matches('#moves a[aria-current]')")
    page.context.close()


@pytest.mark.parametrize(
    "size", [(1366, 768), (390, 844), (568, 320)], ids=["laptop", "phone", "phone-on-its-side"]
)
def test_a_skip_link_leads_to_the_move_shown_in_the_list(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """The move list sits behind every point of the pictures: a third skip link puts the focus
    on the move shown, in view and clear of the pinned board, keeping the move and the view."""
    touch = size[0] < 900
    url = site.url("table") + "#move=60&seat=1"
    page = _open(replay_chromium, url, size, has_touch=touch, is_mobile=touch)
    for _ in range(3):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the moves"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('#moves a[aria-current]')")
    assert (_frame(page), page.evaluate("document.body.dataset.seat")) == (60, "1")
    box = page.evaluate(f"({RECT})(document.activeElement)")
    link = json.loads(box)
    stage = page.eval_on_selector(".stage", "e => e.getBoundingClientRect().bottom")
    if touch:
        assert link["top"] >= stage - 0.5, (link, stage)
    assert link["top"] >= 0 and link["top"] + 20 <= size[1], link
    page.keyboard.press("Tab")  # on to the next line of the list
    shown = "document.querySelector('#moves [aria-current]')"
    follows = f"{shown}.compareDocumentPosition(document.activeElement)"
    assert page.evaluate(f"!!document.activeElement.closest('#moves') && ({follows} & 4) === 4")
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_the_help_gives_the_focus_back_where_it_found_it(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """"?" pressed on a line of the move list opens the key help; Esc, "?" or its Close button
    gives the focus back to that line, not to the help's button at the controls. Opened from
    its button, or from nowhere, the help gives the focus to its button."""
    page = _open(replay_chromium, site.url("table") + "#move=80", size)
    frame = page.eval_on_selector_all("#moves li.turn > ol > li > a", "as => +as[40].dataset.frame")
    line = f"#moves li.turn > ol > li > a[data-frame='{frame}']"  # a line not folded away
    for close in ("Escape", "?", "Enter"):
        page.focus(line)
        page.keyboard.press("?")
        assert _focus(page) == "btn-help-close"
        page.keyboard.press(close)
        assert page.is_hidden("#help"), close
        assert page.evaluate(f"document.activeElement === document.querySelector(\"{line}\")"), close
    page.focus("#btn-help")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    assert _focus(page) == "btn-help"
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("?")
    page.keyboard.press("Escape")
    assert _focus(page) == "btn-help"
    assert _frame(page) == 80
    page.context.close()


@pytest.mark.parametrize("clipboard", ["refused", "missing"])
def test_copy_link_from_the_keyboard_keeps_the_focus_on_its_button(
    replay_chromium: Any, site: Site, clipboard: str
) -> None:
    """Where the clipboard API refuses (no permission) or is missing (a page served over plain
    http), Copy link copies through a scratch field; the focus comes back to the button, not
    to the page, so Enter copies again and Tab goes on from there."""
    context = replay_chromium.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    script = {
        "missing": "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})",
        "refused": "navigator.clipboard.writeText = () => Promise.reject(new Error('NotAllowedError'))",
    }
    context.add_init_script(script[clipboard])
    page = context.new_page()
    page.goto(site.url("table") + "#move=42&seat=1")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    page.focus("#btn-copy-link")
    page.keyboard.press("Enter")
    page.wait_for_function("() => /42/.test(document.getElementById('announce').textContent)")
    assert _focus(page) == "btn-copy-link"
    page.keyboard.press("Tab")
    assert _focus(page) == "btn-first"
    context.close()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_copy_link_shows_what_it_did(replay_chromium: Any, site: Site, size: tuple[int, int]) -> None:
    """Copy link says what it did on screen too, for a moment, without moving the page (the
    live region says it to a screen reader); a copy that fails says to take the link from the
    address bar, which holds it."""
    context = replay_chromium.new_context(
        viewport={"width": size[0], "height": size[1]}, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    page.goto(site.url("table") + "#move=42&seat=1")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    note = page.locator("#copy-note")
    assert not note.is_visible()
    board = page.eval_on_selector("#board-svg", RECT)
    page.click("#btn-copy-link")
    page.wait_for_function("() => document.getElementById('copy-note').textContent === 'Link copied'")
    assert note.is_visible() and note.get_attribute("aria-hidden") == "true"
    assert page.evaluate(IN_VIEW.replace("r.height > 40", "r.height > 10"), "#copy-note")
    assert page.eval_on_selector("#board-svg", RECT) == board
    page.wait_for_function("() => document.getElementById('copy-note').textContent === ''", timeout=5000)
    assert not note.is_visible()
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no')); }")
    page.evaluate("() => { document.execCommand = () => false; }")
    page.keyboard.press("ArrowRight")
    page.click("#btn-copy-link")
    page.wait_for_function("() => document.getElementById('copy-note').textContent.startsWith('Not copied')")
    assert "address bar" in note.inner_text()
    assert page.evaluate("location.hash") == "#move=43&seat=1"
    context.close()


@pytest.mark.parametrize(
    "size", [(390, 844), (360, 640), (844, 390)], ids=["phone", "small-phone", "on-its-side"]
)
def test_on_a_touch_screen_the_folds_open_from_a_whole_finger(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """On a touch screen the toggles of the legend, the board in words and a trade's answers are as tall as a
    move's line (44 px), not a 24 px strip between two lines that open moves."""
    page = _open(replay_chromium, site.url("table") + "#move=60", size, has_touch=True, is_mobile=True)
    heights = page.eval_on_selector_all(
        ".legend summary, .words summary, #moves details summary",
        "ss => ss.map(s => s.getBoundingClientRect().height)",
    )
    assert len(heights) > 10 and min(heights) >= 44, heights
    page.context.close()


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=["phone", "small-phone"])
def test_on_a_touch_screen_the_header_links_and_the_slider_take_a_whole_finger(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """On a touch screen the header's links and Copy link take a tap from the screen's top edge
    down to the board, though they draw 24 px tall (the board keeps its height), and on a tall
    phone the slider is 44 px."""
    page = _open(replay_chromium, site.url("table") + "#move=60", size, has_touch=True, is_mobile=True)
    reach = """e => { const r = e.getBoundingClientRect(), x = r.left + r.width / 2;
      const taken = y => { const h = document.elementFromPoint(x, y); return h === e || e.contains(h); };
      return [r.height, taken(1), taken(r.bottom + 4)]; }"""
    links = page.eval_on_selector_all("nav.extra a, nav.extra .copy-link",
                                      f"es => es.filter(e => e.getClientRects().length).map({reach})")
    assert len(links) >= 3 and all(link == [24, True, True] for link in links), links
    slider = page.eval_on_selector("#scrub", "e => e.getBoundingClientRect().height")
    assert slider >= (44 if size[1] >= 700 else 32), slider
    page.context.close()


def test_pausing_autoplay_says_the_move_it_stopped_on(replay_chromium: Any, site: Site) -> None:
    """Autoplay speaks once per turn, so the move it stops on was never said: pausing it (Space,
    or Enter on the button) says that move; stepping afterwards says each move as before."""
    page = _open(replay_chromium, site.url("table") + "#move=20", SIZES[0])
    said = "() => document.getElementById('announce').textContent"
    for pause in ("Space", "Enter"):
        if pause == "Enter":
            page.focus("#btn-play")
        page.keyboard.press(pause)
        page.wait_for_function("() => Number(document.body.dataset.frame) > 21", timeout=10000)
        page.keyboard.press(pause)
        assert page.get_attribute("#btn-play", "aria-label") == "play"
        assert page.evaluate(said) == "Paused: " + page.inner_text("#narration"), pause
    page.keyboard.press("ArrowRight")
    assert page.evaluate(said) == page.inner_text("#narration")
    page.context.close()


NOTE = ("Ada opens on the ore and wheat, Bob takes the long road early, and the middle game turns "
        "on one robber move.\n" + "A second paragraph with the whole story of the game. " * 24).strip()


@pytest.fixture(scope="module")
def noted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short replay published with a long note of two paragraphs in its manifest."""
    from toolkit.site import build

    base = tmp_path_factory.mktemp("noted")
    folder = base / "replays"
    folder.mkdir()
    config, moves = play_pioneers("viewer-note", ["greedy"] * 3, ["Ada", "Bob", "Cy"])
    save = {"format": "replaykit/save@1", "game": "pioneers", "rulesVersion": "pioneers/1",
            "seed": "viewer-note", "config": config, "moves": moves[:40]}
    (folder / "noted.json").write_text(json.dumps(save), encoding="utf-8")
    entry = {"file": "noted.json", "title": "A noted game", "note": NOTE}
    (folder / "manifest.json").write_text(json.dumps({"replays": [entry]}), encoding="utf-8")
    build(folder, base / "site")
    return base / "site" / "replays" / "noted.html"


@pytest.mark.parametrize("size", [(1366, 768), (390, 844), (360, 640)])
def test_the_publishers_note_is_read_whole_once_on_any_screen(
    replay_chromium: Any, noted: Path, size: tuple[int, int]
) -> None:
    """The note a publisher wrote for a replay is on the page once, whole, with its paragraphs,
    at every size: scrolled into view it is shown uncut, and a screen reader finds it in the
    named section of the note and pictures."""
    touch = size[0] < 900
    page = _open(replay_chromium, noted.as_uri(), size, has_touch=touch, is_mobile=touch)
    about = page.locator("p.about")
    assert about.count() == 1
    about.scroll_into_view_if_needed()
    assert about.is_visible()
    assert page.evaluate("() => document.querySelector('p.about').innerText") == NOTE
    assert page.evaluate("e => e.scrollHeight <= e.clientHeight + 1", about.element_handle())
    assert page.evaluate(f"() => document.body.innerText.split({json.dumps(NOTE[:60])}).length") == 2
    assert page.get_attribute("#charts", "aria-label") == "The note and pictures of the game"
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_a_screen_reader_finds_each_part_of_the_page_by_its_heading(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """Read by headings, a replay page is its title, then the players, the legend, the board
    in words, the pictures and the moves, and each turn of the moves under them; the headings of the parts
    are for a screen reader only, the page looks as before. (A closed fold's headings, the
    owners in the board in words, are not read until it opens.)"""
    page = _open(replay_chromium, site.url("table"), size)
    outline = page.evaluate("""() => Array.from(document.querySelectorAll('h1, h2, h3'))
        .filter(h => !h.closest('[hidden], details:not([open])') && getComputedStyle(h).display !== 'none')
        .map(h => [h.tagName, h.textContent])""")
    assert [level for level, _ in outline[:7]] == ["H1", "H2", "H2", "H2", "H2", "H2", "H3"]
    parts = ["Players", "Legend", "The board in words", "Pictures", "Moves"]
    assert [text for _, text in outline[1:6]] == parts
    assert all(level == "H3" for level, _ in outline[6:]) and len(outline) > 10
    hidden = "h => { const r = h.getBoundingClientRect(); return r.width <= 1 && r.height <= 1; }"
    assert page.eval_on_selector_all("main h2", f"hs => hs.length === 5 && hs.every({hidden})")
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
@pytest.mark.parametrize("name", ["table", "codex"])
def test_a_part_is_a_tab_stop_exactly_when_it_scrolls(
    replay_chromium: Any, site: Site, size: tuple[int, int], name: str
) -> None:
    """The players, the pictures and the board in words are Tab stops only while they scroll
    (the keyboard then scrolls them); showing all they hold, they are no stop with nothing to
    do. This holds as the moves change and as folds beside them open, and the skip link still
    reaches the players."""
    touch = size[0] < 900
    page = _open(replay_chromium, site.url(name) + "#move=60", size, has_touch=touch, is_mobile=touch)
    agree = """() => ['panel', 'charts', 'words-list'].every(id => { const e = document.getElementById(id);
        return e.tabIndex === (e.scrollHeight > e.clientHeight + 1 ? 0 : -1); })"""
    assert page.evaluate(agree)
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    page.wait_for_timeout(50)
    assert page.evaluate(agree)
    page.keyboard.press("End")
    assert page.evaluate(agree)
    page.focus("a.skip[href='#panel']")
    page.keyboard.press("Enter")
    assert _focus(page) == "panel"
    page.context.close()


def test_a_narration_cut_short_is_read_whole_with_a_tap(replay_chromium: Any, site: Site) -> None:
    """The narration above the board keeps two lines, so the board never jumps. On a small phone
    a long one is cut short: it keeps its whole text as the pointer's tooltip, and a tap shows
    it whole (the area beneath the pinned board fitted to it) until the next move. One not cut
    is left as it is by a tap."""
    page = _open(replay_chromium, site.url("codex") + "#move=1", (360, 640), has_touch=True, is_mobile=True)
    state = """() => { const e = document.getElementById('narration');
        return {cut: e.classList.contains('cut'), whole: e.classList.contains('whole'), title: e.title,
                text: e.textContent, fits: e.scrollHeight <= e.clientHeight + 1, height: e.offsetHeight}; }"""
    for _ in range(240):
        if page.evaluate(state)["cut"]:
            break
        page.keyboard.press("ArrowRight")
    cut = page.evaluate(state)
    assert cut["cut"] and not cut["fits"] and cut["title"] == cut["text"]
    page.tap("#narration")
    whole = page.evaluate(state)
    assert whole["whole"] and whole["fits"] and whole["height"] > cut["height"]
    page.keyboard.press("ArrowRight")
    after = page.evaluate(state)
    assert not after["whole"] and after["height"] == cut["height"]
    if not after["cut"]:
        page.tap("#narration")
        assert not page.evaluate(state)["whole"]
    page.context.close()


def test_a_narration_cut_short_opens_from_the_keyboard(replay_chromium: Any, site: Site) -> None:
    """Keyboard only: a narration cut short is a button and a Tab stop; Enter shows it whole and
    Space cuts it again (Space there never plays); one not cut is neither."""
    page = _open(replay_chromium, site.url("codex") + "#move=1", (360, 640))
    looks = """() => { const e = document.getElementById('narration');
        return [e.classList.contains('cut'), e.classList.contains('whole'), e.getAttribute('role'),
                e.tabIndex, e.getAttribute('aria-expanded')]; }"""
    page.focus("#controls")
    for _ in range(240):
        if page.evaluate(looks)[0]:
            break
        assert page.evaluate(looks)[2:4] == [None, -1]
        page.keyboard.press("ArrowRight")
    assert page.evaluate(looks) == [True, False, "button", 0, "false"]
    frame = _frame(page)
    page.focus("#narration")
    page.keyboard.press("Enter")
    assert page.evaluate(looks)[1:] == [True, "button", 0, "true"]
    page.keyboard.press("Space")
    assert page.evaluate(looks)[1:] == [False, "button", 0, "false"]
    assert _frame(page) == frame and page.get_attribute("#btn-play", "aria-label") == "play"
    page.context.close()


# Each owner's heading in the board in words, the pieces listed under it, and the pieces of
# that owner drawn on the board (the unowned under "Neutral pieces").
WORDS_AND_BOARD = """() => {
  const list = document.getElementById('words-list'), found = [];
  for (const head of list.querySelectorAll('h3')) {
    const next = head.nextElementSibling, ul = next && next.tagName === 'UL' ? next : null;
    found.push([head.textContent, ul ? Array.from(ul.children).map(li => li.textContent) : []]);
  }
  const drawn = {};
  for (const use of document.querySelectorAll('#pieces .piece')) {
    const seat = (use.getAttribute('class').match(/seat-(\\d+)/) || [null, ''])[1];
    const kind = use.getAttribute('class').split(' ')[1];
    (drawn[seat] = drawn[seat] || []).push([kind, use.getAttribute('data-title')]);
  }
  return [found, drawn, document.body.dataset.frame];
}"""


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
@pytest.mark.parametrize("name", ["table", "codex"])
def test_the_board_in_words_lists_every_piece_shown_under_its_owner(
    replay_chromium: Any, site: Site, size: tuple[int, int], name: str
) -> None:
    """A screen reader reads the position as well as the move: opened from the keyboard, the
    board in words gives every piece drawn, once, under its owner's name (a player with none
    too), with its place; each owner's heading counts its settlements, cities and roads; the
    unowned pieces come first. Stepping on rewrites it for the position shown; while it
    scrolls, the keys that page through it page through it and leave the move alone."""
    page = _open(replay_chromium, site.url(name) + "#move=60", size)
    views = page.evaluate("Array.from(document.querySelectorAll('#seat option')).map(o => [o.value, o.text])")
    names = {seat: label.rsplit(" (seat ", 1)[0] for seat, label in views if seat.isdigit()}
    page.focus("#words summary")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('words').open")
    for _ in range(2):
        found, drawn, frame = page.evaluate(WORDS_AND_BOARD)
        heads = [head for head, _ in found]
        owners = ["Neutral pieces"] if "" in drawn else []
        seats = list(names)
        assert len(heads) == len(owners) + len(seats), heads
        for (head, items), seat in zip(found, [""] * len(owners) + seats, strict=True):
            pieces = drawn.get(seat, [])
            assert len(items) == len(pieces), (frame, head)
            if seat == "":
                assert head == "Neutral pieces" and sorted(items) == sorted(title for _, title in pieces)
                continue
            assert head.startswith(names[seat] + ": "), head
            for kind, one, many in (("settlement", "settlement", "settlements"), ("road", "road", "roads")):
                count = sum(1 for k, _ in pieces if k == kind)
                if count:
                    assert f"{count} {one if count == 1 else many}" in head, (frame, head)
            for item in items:
                assert any(title.endswith(item.split(" on ", 1)[1]) for _, title in pieces), item
        page.keyboard.press("End")
    assert int(frame) == _frame(page)
    # each owner's name is isolated, so a right-to-left name keeps its count beside it
    assert page.evaluate("Array.from(document.querySelectorAll('#words-list h3 bdi')).length") == len(names)
    if page.evaluate("document.getElementById('words-list').tabIndex") == 0:  # it scrolls: it pages
        page.focus("#words-list")
        page.keyboard.press("PageDown")
        page.wait_for_function("() => document.getElementById('words-list').scrollTop > 0")  # smooth scroll
        assert _frame(page) == int(frame)
        page.keyboard.press("Home")
        assert _frame(page) == int(frame)
    assert not page.errors
    page.context.close()


def test_stepping_from_the_move_list_takes_the_focus_along(replay_chromium: Any, site: Site) -> None:
    """Keyboard only: with the focus on a line of the move list, stepping the game moves the
    focus to the line of the move shown, so Enter and Tab go on from the move on screen (the
    line is read out as it takes the focus, so the live region does not say it again)."""
    page = _open(replay_chromium, site.url("table") + "#move=0", SIZES[0])
    page.focus("#skip-moves")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.frame") == "0"
    for _ in range(3):
        page.keyboard.press("PageDown")
    frame = _frame(page)
    assert frame == 30
    # the line of the move shown (a folded trade's answer: the trade's line)
    assert page.evaluate("document.activeElement === document.querySelector('#moves [aria-current=step]')")
    line = page.evaluate("+document.activeElement.dataset.frame")
    page.keyboard.press("Enter")  # Enter shows the focused line's move, the one on screen or its fold's
    assert _frame(page) == line and frame - line < 10
    frame = line
    page.focus("#btn-next")  # from a control, the focus stays where it is
    page.keyboard.press("ArrowRight")
    assert _frame(page) == frame + 1 and _focus(page) == "btn-next"
    page.context.close()


def test_a_step_past_either_end_is_said(replay_chromium: Any, site: Site) -> None:
    """A step past the last move, or before the first, changes nothing on screen; the live
    region says so rather than repeating words a screen reader would not read again."""
    page = _open(replay_chromium, site.url("table") + "#move=0", SIZES[0])
    page.focus("#controls")
    page.keyboard.press("ArrowLeft")
    assert _frame(page) == 0
    assert page.inner_text("#announce").startswith("Already at the first move: ")
    page.keyboard.press("End")
    end = _frame(page)
    assert not page.inner_text("#announce").startswith("Already")
    for key in ("ArrowRight", "PageDown", "]"):
        page.evaluate("document.getElementById('announce').textContent = ''")
        page.keyboard.press(key)
        assert _frame(page) == end, key
        assert page.inner_text("#announce").startswith("Already at the last move: "), key
    page.context.close()


def test_the_letter_keys_can_be_turned_off_and_stay_off(replay_chromium: Any, site: Site) -> None:
    """WCAG 2.1.4: the keys of one character (j, k, n, p, brackets, + - ?) can be turned off in
    the key help, for speech input and a screen reader's own keys; the arrows, Page keys,
    Home, End and the buttons still work, and the choice holds when the page is opened again."""
    page = _open(replay_chromium, site.url("table") + "#move=5", SIZES[0])
    page.focus("#controls")
    page.keyboard.press("j")
    assert _frame(page) == 6
    page.click("#btn-help")
    page.keyboard.press("Tab")
    assert _focus(page) == "letter-keys"
    page.keyboard.press("Space")
    assert not page.is_checked("#letter-keys")
    assert page.inner_text("#announce") == "Letter and symbol keys off"
    page.keyboard.press("Escape")
    for key in ("j", "k", "n", "p", "]", "[", "+", "-", "?"):
        page.keyboard.press(key)
        assert _frame(page) == 6 and page.is_hidden("#help"), key
    page.keyboard.press("ArrowRight")
    assert _frame(page) == 7
    page.reload()
    page.wait_for_function("() => document.body.dataset.frame === '7'")
    assert not page.is_checked("#letter-keys")
    page.keyboard.press("j")
    assert _frame(page) == 7
    page.context.close()


def test_the_board_is_one_image_to_a_screen_reader(replay_chromium: Any, site: Site) -> None:
    """The board is one image, named and described by the turn and the move; its hundreds of
    shapes and labels stay out of the reading order ("The board in words" tells the position),
    while their tooltips still show to a pointer."""
    page = _open(replay_chromium, site.url("table") + "#move=12", SIZES[0])
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {n["nodeId"]: n for n in nodes}
    board = [n for n in nodes if n.get("name", {}).get("value") == "the board"]
    assert len(board) == 1 and board[0]["role"]["value"] == "image"

    def exposed(node: dict[str, Any]) -> int:
        kids = [by_id[k] for k in node.get("childIds", []) if k in by_id]
        return sum((not kid.get("ignored")) + exposed(kid) for kid in kids)

    assert exposed(board[0]) == 0
    assert page.eval_on_selector_all("#board .hex > title", "ts => ts.length") == 19
    page.context.close()


def test_a_moves_link_names_the_view_on_screen(replay_chromium: Any, site: Site) -> None:
    """A line of the move list or a point of a picture, opened in a new tab or copied, shows its
    move in the view on screen: its address names the seat once a pointer or the focus comes
    to it (a spectator's names none)."""
    page = _open(replay_chromium, site.url("table") + "#move=20&seat=2", SIZES[0])
    line = page.locator("#moves li.turn > ol > li > a[data-frame]").nth(5)
    line.focus()
    assert line.get_attribute("href") == f"#move={line.get_attribute('data-frame')}&seat=2"
    point = page.locator("figure:not([hidden]) a.chart-move:visible").first
    point.dispatch_event("mouseover")  # as a pointer coming to it (dots may overlap)
    assert point.get_attribute("href") == f"#move={point.get_attribute('data-move')}&seat=2"
    page.evaluate("location.hash = '#move=20'")
    page.wait_for_function("() => document.body.dataset.seat === 'spectator'")
    line.focus()
    assert line.get_attribute("href") == f"#move={line.get_attribute('data-frame')}"
    page.context.close()


LABEL_SIZES = """() => {
  const svg = document.getElementById('board-svg'), scale = svg.getBoundingClientRect().width
    / svg.viewBox.baseVal.width;
  const hex = svg.querySelector('polygon.hex').getBBox().width;
  const sized = sel => [...svg.querySelectorAll(sel)].map(e => ({
    px: parseFloat(getComputedStyle(e).fontSize) * scale, width: e.getComputedTextLength()}));
  return {terrain: sized('.terrain-label'), tokens: sized('.token text'), ports: sized('.harbor text'),
          hex: hex, scale: scale};
}"""


@pytest.mark.parametrize("size", [(360, 640), (1366, 768)], ids=["small-phone", "laptop"])
def test_the_boards_words_keep_a_readable_size_and_fit_their_hexes(
    replay_chromium: Any, site: Site, size: tuple[int, int]
) -> None:
    """A board drawn small writes its words and numbers larger in its own units: on a phone the
    terrain names read at 6 px or more and the numbers at 9 px or more on screen, and every
    terrain name still fits inside its hex. A board drawn large keeps its sizes."""
    for name in ("table", "codex"):
        page = _open(replay_chromium, site.url(name), size)
        seen = page.evaluate(LABEL_SIZES)
        terrain, tokens = seen["terrain"], seen["tokens"]
        assert terrain and tokens and seen["ports"], seen
        assert all(label["width"] < seen["hex"] for label in terrain), seen
        if size[0] < 500:
            assert seen["scale"] < 0.7, seen  # the phone really draws the board small
            assert min(label["px"] for label in terrain) >= 6, seen
            assert min(token["px"] for token in tokens) >= 9, seen
        else:
            assert {round(label["px"] / seen["scale"]) for label in terrain} == {9}, seen
        page.context.close()
