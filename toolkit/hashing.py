"""SHA-256 from CPython's own copy of it, so computing a digest never loads OpenSSL.

Importing :mod:`hashlib` loads OpenSSL's library, a noticeable share of a short command's
start (issue 13 item 7). CPython also bundles its own SHA-256 (the module ``_sha2`` from
3.12, ``_sha256`` before); both compute the same standard function, so the same bytes give
the same digest. :data:`sha256` is that constructor when the interpreter has it, else
:func:`hashlib.sha256`; its objects offer ``update``, ``copy``, ``digest`` and ``hexdigest``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def _bundled_sha256() -> Callable[..., Any]:
    """CPython's bundled SHA-256 constructor, else hashlib's."""
    for name in ("_sha2", "_sha256"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        constructor: Callable[..., Any] = module.sha256
        return constructor
    import hashlib

    return hashlib.sha256


sha256 = _bundled_sha256()
