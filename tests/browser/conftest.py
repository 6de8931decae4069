"""Browser fixtures: Playwright for Python driving Debian's Chromium (never a downloaded browser).

Without /usr/bin/chromium (or Playwright) the browser tests are skipped, except under
``CI=true``, where a missing browser fails them (design §10).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests need Chromium under CI=true: {reason}", pytrace=False)
    pytest.skip(f"browser test skipped: {reason}")


@pytest.fixture(scope="session")
def replay_chromium() -> Iterator[Any]:
    """A headless Chromium from /usr/bin/chromium, shared by the session."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"{CHROMIUM} is missing")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed")
    driver = sync_playwright().start()
    try:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    except Exception as exc:
        driver.stop()
        _unavailable(f"chromium did not start ({str(exc).splitlines()[0]})")
    yield browser
    browser.close()
    driver.stop()


# Every child of the piece layer as the attributes that place and style it.
PIECE_ATTRS = """
(root) => Array.from(root.querySelector('#pieces').children).map((el) => [
  el.tagName.toLowerCase(),
  el.getAttribute('class'),
  el.getAttributeNS('http://www.w3.org/1999/xlink', 'href') || el.getAttribute('href'),
  el.getAttribute('transform'),
  el.getAttribute('x'), el.getAttribute('y'), el.getAttribute('width'), el.getAttribute('height'),
])
"""


class PageWatch:
    """A page plus what it did: dialogs it opened, errors, console lines and requests."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        self.requests: list[str] = []
        page.on("dialog", self._dialog)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda msg: self.console.append(msg.text))
        page.on("request", lambda req: self.requests.append(req.url))

    def goto(self, url: str) -> None:
        """Open ``url`` and wait until the player has inflated its frames and shows one."""
        self.page.goto(url)
        self.page.wait_for_function("() => document.body.dataset.ready === '1'")

    def frame(self) -> int:
        """The frame the viewer shows now."""
        self.page.wait_for_function("() => document.body.dataset.ready === '1'")
        return int(self.page.evaluate("document.body.dataset.frame"))

    def piece_layers(self, page_url: str, frames: Path, n: int) -> tuple[list[Any], list[Any]]:
        """The piece layer of frame ``n`` in the replay page and in the standalone ``frame-N.svg``."""
        self.goto(page_url)
        self.page.goto(page_url + f"#move={n}")
        assert self.frame() == n
        in_page = self.page.evaluate(PIECE_ATTRS, self.page.query_selector("#board-svg"))
        self.page.goto((frames / f"frame-{n:04d}.svg").as_uri())
        standalone = self.page.evaluate(PIECE_ATTRS, self.page.query_selector("svg"))
        return in_page, standalone

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()


@pytest.fixture()
def replay_page(replay_chromium: Any) -> Iterator[PageWatch]:
    """A fresh browser context and page, watched for dialogs, errors and network use."""
    context = replay_chromium.new_context(viewport={"width": 1400, "height": 950})
    page = context.new_page()
    yield PageWatch(page)
    context.close()


def publish(base: Path, name: str, save: dict[str, Any]) -> tuple[Path, Path]:
    """Write ``save`` as ``base/replays/NAME.json``, build its site and its standalone frames.

    Returns the site folder and the frames folder.
    """
    from toolkit.render.frames import write_frames
    from toolkit.saves import load
    from toolkit.site import build

    (base / "replays").mkdir()
    path = base / "replays" / f"{name}.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    build(base / "replays", base / "site")
    write_frames(load(path), base / "frames")
    return base / "site", base / "frames"


@pytest.fixture(scope="session")
def publish_replay() -> Callable[[Path, str, dict[str, Any]], tuple[Path, Path]]:
    """:func:`publish`, for the module-scoped site fixtures of the browser tests."""
    return publish
