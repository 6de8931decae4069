"""Browser fixtures: Playwright for Python driving Debian's Chromium (never a downloaded browser).

Without /usr/bin/chromium (or Playwright) the browser tests are skipped, except under
``CI=true``, where a missing browser fails them (design §10).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
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
