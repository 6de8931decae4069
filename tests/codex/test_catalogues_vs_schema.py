"""The 36 action types and 20 pending types against the real engine's wire schema (digest §1, §2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolkit.games.codex import GAME, engine
from toolkit.games.codex import constants as C

SCHEMA = json.loads((Path(__file__).parent / "data" / "bot-protocol.schema.json").read_text(encoding="utf-8"))
REQUEST = SCHEMA["definitions"]["BotRequest"]["properties"]


def _consts(variants: list[dict[str, Any]]) -> set[str]:
    return {v["properties"]["type"]["const"] for v in variants}


def test_action_types_match_the_schema_enum() -> None:
    """digest §1: our 36 action types are exactly the wire schema's action enum."""
    event = REQUEST["recentEvents"]["items"]["oneOf"][0]
    enum = event["properties"]["payload"]["properties"]["action"]["properties"]["type"]["enum"]
    assert sorted(C.ACTION_TYPES) == sorted(enum)
    assert len(enum) == 36


def test_action_types_match_the_valid_action_shapes() -> None:
    """digest §1: every wire candidate shape is one of our action types, and all 36 have one."""
    assert _consts(REQUEST["validActions"]["items"]["oneOf"]) == set(C.ACTION_TYPES)


def test_pending_types_match_the_schema() -> None:
    """digest §2: our 20 pending types are exactly the wire schema's pendingDecision variants."""
    variants = REQUEST["state"]["properties"]["pendingDecision"]["anyOf"][0]["oneOf"]
    assert _consts(variants) == set(C.PENDING_TYPES)
    assert len(C.PENDING_TYPES) == 20


def test_every_action_has_a_handler_and_the_catalog_lists_them_all() -> None:
    """digest §1-§2: the dispatch and the catalog both cover the 36 actions and 20 pendings."""
    assert set(engine.DISPATCH) == set(C.ACTION_TYPES)
    catalog = GAME.catalog
    assert {a["type"] for a in catalog["actions"]} == set(C.ACTION_TYPES)
    assert {p["type"] for p in catalog["pendings"]} == set(C.PENDING_TYPES)
