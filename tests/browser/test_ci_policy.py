"""The browser fixtures' policy: skip on a machine without Chromium, fail under ``CI=true``."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")


def browser_conftest() -> Any:
    spec = importlib.util.spec_from_file_location("replaykit_browser_conftest", CONFTEST)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_missing_browser_is_a_skip_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """design §10: without CI a missing browser skips the browser tests, naming why."""
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="browser test skipped: no chromium"):
        browser_conftest()._unavailable("no chromium")


def test_missing_browser_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """design §10: under CI=true a missing browser is a failure, not a skip."""
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="need Chromium under CI=true: no chromium"):
        browser_conftest()._unavailable("no chromium")


def test_ci_script_sets_ci_and_rejects_skipped_browser_tests() -> None:
    """Issue 2: `.ci/run` runs under CI=true and fails when a browser test was skipped."""
    script = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    assert "export CI=true" in script
    assert "grep -E '^SKIPPED'" in script and "exit 1" in script
