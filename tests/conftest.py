"""Fixtures shared across the suite's top-level test modules."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.codex import digest_text

# Every codex digest the suite asks for is also computed from the full text: the suite proves
# that the engine announces every change the digest cache relies on (digest_text's rule).
digest_text.CHECKED = True

FIXTURES = Path(__file__).parent / "fixtures"


def load_debug_support() -> Any:
    """The bug-report tools' test helpers (tests/fixtures/debug/support.py), loaded once.

    Registered as the module ``replaykit_debug_support`` so test modules import it by name.
    """
    name = "replaykit_debug_support"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, FIXTURES / "debug" / "support.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The tiny ``toy`` game, registered for the duration of one test."""
    return load_debug_support().register_toy(monkeypatch)


load_debug_support()


@pytest.fixture(autouse=True, scope="session")
def _user_cache_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The site's default build cache (under $XDG_CACHE_HOME) goes to a temporary folder in tests."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    yield
    patch.undo()
