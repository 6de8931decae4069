"""A codex replay page in a real browser: stepping, the board changing, seats hiding hands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.games.codex import GAME
from toolkit.games.codex.bots import play_game

pytestmark = pytest.mark.browser

EVIL = "<b onmouseover=alert(1)>Zed</b>"
MOVES = 260

ROWS_WITH_HAND = "Array.from(document.querySelectorAll('#panel .prow')).map(r => !!r.querySelector('.res'))"


class Site:
    def __init__(self, root: Path, frames: Path, last: int) -> None:
        self.root = root
        self.frames = frames
        self.last = last

    @property
    def page_url(self) -> str:
        return (self.root / "replays" / "codex-table.html").as_uri()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, publish_replay: Any) -> Site:
    """Three greedy bots on the standard board, cut after the opening turns; one hostile name."""
    seed = "browser-codex-amber-ferry"
    config, moves = play_game(seed, ["greedy"] * 3, ["Ada", EVIL, "Cas"])
    save = {
        "format": "replaykit/save@1",
        "game": "codex",
        "rulesVersion": GAME.rules_version,
        "seed": seed,
        "config": config,
        "moves": moves[:MOVES],
    }
    base = tmp_path_factory.mktemp("codex-browser")
    root, frames = publish_replay(base, "codex-table", save)
    return Site(root, frames, len(save["moves"]))


def test_arrows_and_end_step_through_a_codex_replay(replay_page: Any, site: Site) -> None:
    """design §8: ←/→ step and End jumps to the last frame; the board's pieces change as moves land."""
    page = replay_page.page
    replay_page.goto(site.page_url)
    assert replay_page.frame() == 0
    start = page.inner_html("#pieces")
    page.keyboard.press("ArrowRight")
    assert replay_page.frame() == 1
    after_first = page.inner_html("#pieces")
    assert after_first != start  # the first settlement appears
    assert "settlement seat-" in after_first
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert replay_page.frame() == 1
    assert page.inner_html("#pieces") == after_first
    page.keyboard.press("End")
    assert replay_page.frame() == site.last
    assert page.locator("#counter").inner_text() == f"{site.last} / {site.last}"
    end = page.inner_html("#pieces")
    assert end != start and end.count("road seat-") > after_first.count("road seat-")
    assert page.inner_text("#narration").startswith(f"{site.last}. ")
    page.keyboard.press("ArrowLeft")
    assert replay_page.frame() == site.last - 1
    page.keyboard.press("Home")
    assert page.inner_html("#pieces") == start
    assert not replay_page.errors


def test_seat_selector_hides_the_other_hands(replay_page: Any, site: Site) -> None:
    """codex-rules.md §Resource cards: a seat sees its own cards; others only as counts."""
    page = replay_page.page
    replay_page.goto(site.page_url + f"#move={site.last}")
    assert replay_page.frame() == site.last
    assert page.evaluate(ROWS_WITH_HAND) == [False, False, False]
    spectator = page.inner_text("#panel")
    for seat in ("0", "1", "2"):
        page.select_option("#seat", seat)
        assert replay_page.frame() == site.last
        assert page.evaluate(ROWS_WITH_HAND) == [seat == s for s in ("0", "1", "2")]
    page.select_option("#seat", "spectator")
    assert page.evaluate(ROWS_WITH_HAND) == [False, False, False]
    assert page.inner_text("#panel") == spectator
    page.goto(site.page_url + "#move=40&seat=2")
    assert replay_page.frame() == 40
    assert page.evaluate(ROWS_WITH_HAND) == [False, False, True]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ROWS_WITH_HAND) == [False, False, True]


def test_names_dice_and_event_face_show_as_text(replay_page: Any, site: Site) -> None:
    """design §8: config names (escaped) stand for ids; the header shows both dice and the event die."""
    page = replay_page.page
    page.goto(site.page_url + f"#move={site.last}")
    panel = page.inner_text("#panel")
    assert "Ada" in panel and EVIL in panel and "Cas" in panel
    assert EVIL in page.inner_text("header.top")
    injected = "document.querySelectorAll('#panel b[onmouseover], header b[onmouseover]').length"
    assert page.evaluate(injected) == 0
    for n in range(site.last, 0, -1):
        page.goto(site.page_url + f"#move={n}")
        if page.query_selector("#hdr .dice"):
            break
    assert page.query_selector("#hdr .die-yellow") and page.query_selector("#hdr .die-red")
    assert page.inner_text("#hdr .event") in ("ship", "science", "trade", "politics")
    assert replay_page.dialogs == [] and replay_page.errors == []
    assert all(url.startswith(("file:", "data:")) for url in replay_page.requests)


@pytest.mark.parametrize("which", ["first", "middle", "last"])
def test_codex_page_frame_matches_the_standalone_svg(replay_page: Any, site: Site, which: str) -> None:
    """design §8: frame N's piece layer in the page equals that of frame-N.svg."""
    n = {"first": 1, "middle": site.last // 2, "last": site.last}[which]
    in_page, standalone = replay_page.piece_layers(site.page_url, site.frames, n)
    assert in_page == standalone and len(in_page) > 0


TOKENS = """() => Array.from(document.querySelectorAll('#board-svg .tokens .token'))
  .map(g => [g.getAttribute('transform'), g.querySelector('text').textContent])"""
HEX_TITLES = """() => Array.from(document.querySelectorAll('#board-svg .tiles .hex'))
  .map(h => [h.dataset.hex, h.querySelector('title').textContent])"""
SAVED = Path(__file__).resolve().parents[2] / "replays" / "codex-four-player-joaquim-wins.json"


def test_the_board_shows_the_tokens_a_geomancer_swapped(
    replay_page: Any, tmp_path_factory: pytest.TempPathFactory, publish_replay: Any
) -> None:
    """rules §14 Geomancer: from the move that swaps two number tokens the page draws them
    where they now lie, as the standalone frame does, and the hexes' tooltips name them by
    those numbers; stepping back draws them as they were."""
    import json
    import re

    data = json.loads(SAVED.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:160]  # the first swap is move 154
    data["checkpoints"] = [c for c in data.get("checkpoints", []) if c["move"] <= 160]
    root, frames = publish_replay(tmp_path_factory.mktemp("geomancer"), "swap", data)
    token = re.compile(r'<g class="token(?: hot)?" transform="([^"]+)"><circle [^>]*/><text [^>]*>(\d+)<')

    hexes = re.compile(r'<polygon class="hex [^"]*" data-hex="([^"]+)" [^>]*><title>([^<]*)</title>')

    def standalone(n: int) -> list[list[str]]:
        svg = (frames / f"frame-{n:04d}.svg").read_text(encoding="utf-8")
        return [list(found) for found in token.findall(svg)]

    def titled(n: int) -> list[list[str]]:
        svg = (frames / f"frame-{n:04d}.svg").read_text(encoding="utf-8")
        return [list(found) for found in hexes.findall(svg)]

    page = replay_page.page
    replay_page.goto((root / "replays" / "swap.html").as_uri() + "#move=153")
    assert page.evaluate(TOKENS) == standalone(153) == standalone(0)
    page.keyboard.press("ArrowRight")
    assert replay_page.frame() == 154
    assert page.evaluate(TOKENS) == standalone(154) != standalone(153)
    assert page.evaluate(HEX_TITLES) == titled(154) != titled(153)
    page.keyboard.press("End")
    assert page.evaluate(TOKENS) == standalone(160)
    page.keyboard.press("Home")
    assert page.evaluate(TOKENS) == standalone(0)
    assert page.evaluate(HEX_TITLES) == titled(0)
    assert replay_page.errors == []
