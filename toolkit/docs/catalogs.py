"""Read each engine's ``catalog`` into the one shape the doc templates read.

A game whose engine cannot be imported yet (or has no catalog yet) is skipped with a
reason, so the other games' docs still build and ``--check`` stays quiet about it.

The agreed keys (values JSON-ready):

* ``game``, ``rulesVersion``;
* ``costs``: ``{item: {material: count}}``;
* ``pieces``: per-player supply, ``{piece: count}`` (a value may be a ``{tier: count}`` dict);
* ``limits``: ``[{name, value, note?}]`` or ``{name: value}``;
* ``vp_sources``: ``[{source, points, note?}]`` or ``{source: points}``;
* ``board``: a dict of board facts (counts, hex mix, tokens, harbors/ports);
* ``decks``: ``[{id, name, deck, count, timing, effect, payload?}]``;
* ``actions``: ``[{type, payload, answers_pending?}]``;
* ``pendings``: ``[{type, who, answered_by, trigger?}]``;
* ``rulings``: ``[{topic, ruling, ref}]``;
* ``randomness``: ``[{stream, use}]``;
* codex also: ``knights``, ``improvements``, ``maritime_rates`` (the tables its rules text
  lost; lists of dicts or dicts, shown with their own keys as columns).

Known other spellings are read too (``supply``, ``victoryPoints``, ``maritimeRates``,
``knightTiers``, ``boards``, decks as ``{deck: [{cardId, count}]}``, ``answeredBy``,
``source`` for a ruling's reference, ``rng.streams``). Anything the templates need but the
catalog does not say is shown as :data:`MISSING` and listed in :attr:`Doc.gaps`; nothing
is made up here. Catalog keys the templates do not know are kept in :attr:`Doc.extras`
and shown as tables of their own, so no fact the engine states is dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit.games.base import get_game

#: The games documented, in page order.
GAMES: tuple[str, ...] = ("pioneers", "codex")

TITLES: dict[str, str] = {"pioneers": "Pioneers", "codex": "Codex"}

#: Shown wherever the engine's catalog does not say something the page needs.
MISSING = "(not stated yet)"

REQUIRED: tuple[str, ...] = (
    "costs",
    "pieces",
    "limits",
    "vp_sources",
    "board",
    "decks",
    "actions",
    "pendings",
    "rulings",
    "randomness",
)

#: Extra top-level keys per game (tables its spec lost that the rules page must show).
REQUIRED_BY_GAME: dict[str, tuple[str, ...]] = {
    "codex": ("knights", "improvements", "maritime_rates"),
}

#: Other spellings of the agreed keys, tried in order when the agreed key is absent.
ALIASES: dict[str, tuple[str, ...]] = {
    "pieces": ("supply", "pieceLimits"),
    "vp_sources": ("victoryPoints", "vpSources"),
    "maritime_rates": ("maritimeRates",),
    "knights": ("knightTiers",),
    "improvements": ("improvementCosts",),
    "board": ("boards",),
    "randomness": ("rng",),
}

#: Keys every item of a list-valued section carries, with other spellings of each.
ITEM_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    "decks": {
        "id": ("cardId",),
        "name": (),
        "deck": (),
        "count": (),
        "timing": (),
        "effect": (),
    },
    "actions": {"type": (), "payload": ()},
    "pendings": {"type": (), "who": (), "answered_by": ("answeredBy",)},
    "rulings": {"topic": (), "ruling": (), "ref": ("source",)},
    "randomness": {"stream": (), "use": ()},
}

#: Optional item keys renamed to the agreed spelling when present.
ITEM_RENAMES: dict[str, dict[str, str]] = {
    "actions": {"answersPending": "answers_pending"},
}


class CatalogError(Exception):
    """A catalog is shaped so that the templates cannot read it at all."""

    def __init__(self, game_id: str, problems: list[str]) -> None:
        self.game_id = game_id
        self.problems = problems
        super().__init__(f"{game_id} catalog: " + "; ".join(problems))


@dataclass
class Doc:
    """One game's catalog in the agreed shape.

    ``data`` holds the raw catalog with every agreed key filled in; ``extras`` the raw keys
    no template section covers; ``gaps`` one line per thing the catalog does not say.
    """

    game_id: str
    title: str
    data: dict[str, Any]
    extras: dict[str, Any] = field(default_factory=dict)
    gaps: list[str] = field(default_factory=list)


@dataclass
class Catalogs:
    """The catalogs found, in :data:`GAMES` order, and why any game was skipped."""

    found: dict[str, Doc] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)


def _flatten_decks(value: Any, errors: list[str]) -> list[dict[str, Any]]:
    """Decks as one list of cards, each naming its deck."""
    if isinstance(value, Mapping):
        cards: list[dict[str, Any]] = []
        for deck, items in value.items():
            if not isinstance(items, list):
                errors.append(f"decks[{deck!r}] must be a list of cards")
                continue
            for item in items:
                cards.append(
                    {"deck": deck, **item} if isinstance(item, Mapping) else {"deck": deck, "id": item}
                )
        return cards
    if isinstance(value, list):
        return [dict(item) if isinstance(item, Mapping) else {"id": item} for item in value]
    errors.append("decks must be a list of cards or a {deck: [cards]} object")
    return []


def _streams(value: Any) -> Any:
    """``rng: {"streams": [...]}`` or a list of stream names as ``[{stream, use?}]``."""
    if isinstance(value, Mapping) and "streams" in value:
        value = value["streams"]
    if isinstance(value, list):
        return [item if isinstance(item, Mapping) else {"stream": item} for item in value]
    return value


def _items(section: str, value: Any, gaps: list[str], errors: list[str]) -> list[dict[str, Any]]:
    """Normalise one list-valued section: agreed key names, gaps filled with MISSING."""
    if not isinstance(value, list):
        errors.append(f"{section} must be a list")
        return []
    wanted = ITEM_KEYS[section]
    renames = ITEM_RENAMES.get(section, {})
    out: list[dict[str, Any]] = []
    lacking: dict[str, int] = {}
    for i, raw in enumerate(value):
        if not isinstance(raw, Mapping):
            errors.append(f"{section}[{i}] must be an object")
            continue
        item: dict[str, Any] = {}
        used: set[str] = set()
        for key, others in wanted.items():
            for name in (key, *others):
                if name in raw:
                    value_of = raw[name]
                    if isinstance(value_of, list) and key != "payload":
                        value_of = ", ".join(str(v) for v in value_of)
                    item[key] = value_of
                    used.add(name)
                    break
            else:
                item[key] = MISSING
                lacking[key] = lacking.get(key, 0) + 1
        for name, v in raw.items():
            if name not in used:
                item[renames.get(str(name), str(name))] = v
        out.append(item)
    for key, n in lacking.items():
        gaps.append(f"{section}: {n} of {len(value)} lack {key!r}")
    return out


def normalize(game_id: str, raw: Mapping[str, Any]) -> Doc:
    """``raw`` read into the agreed shape; raises :class:`CatalogError` only when unreadable."""
    data: dict[str, Any] = dict(raw)
    gaps: list[str] = []
    errors: list[str] = []
    consumed: set[str] = set()
    for key in REQUIRED + REQUIRED_BY_GAME.get(game_id, ()):
        if key in raw:
            consumed.add(key)
            continue
        for alias in ALIASES.get(key, ()):
            if alias in raw:
                data[key] = raw[alias]
                consumed.add(alias)
                break
        else:
            data[key] = None
            gaps.append(f"no {key!r} table")
    if data["randomness"] is not None:
        data["randomness"] = _streams(data["randomness"])
    if data["decks"] is not None:
        data["decks"] = _flatten_decks(data["decks"], errors)
    for section in ITEM_KEYS:
        if data.get(section) is not None:
            data[section] = _items(section, data[section], gaps, errors)
    for card in data["decks"] or []:
        count = card.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count <= 0:
            errors.append(f"card {card.get('id')!r}: count must be a positive integer")
    for key in ("costs", "board"):
        if data[key] is not None and not isinstance(data[key], Mapping):
            errors.append(f"{key!r} must be an object")
    if errors:
        raise CatalogError(game_id, errors)
    known = (
        set(REQUIRED) | set(REQUIRED_BY_GAME.get(game_id, ())) | consumed | {"game", "rulesVersion", "title"}
    )
    known |= {"deck_notes"}
    extras = {k: v for k, v in raw.items() if k not in known}
    name = raw.get("title")
    title = name if isinstance(name, str) and name else TITLES.get(game_id, game_id)
    data.setdefault("rulesVersion", MISSING)
    data.setdefault("deck_notes", {})
    return Doc(game_id, title, data, extras, gaps)


def engine_catalog(game_id: str) -> tuple[Mapping[str, Any] | None, str]:
    """``(catalog, "")`` from the engine, or ``(None, reason)`` when it is not there yet."""
    try:
        game = get_game(game_id)
    except ImportError as exc:
        return None, f"engine not importable ({exc})"
    catalog = getattr(game, "catalog", None)
    if not catalog:
        return None, "engine has no catalog yet"
    return catalog, ""


def load(overrides: Mapping[str, Mapping[str, Any] | None] | None = None) -> Catalogs:
    """Every documented game's catalog, normalised.

    ``overrides`` replaces an engine's catalog (tests); a ``None`` value marks that game
    as not available.
    """
    result = Catalogs()
    overrides = overrides or {}
    for game_id in GAMES:
        if game_id in overrides:
            catalog, reason = overrides[game_id], "not available"
        else:
            catalog, reason = engine_catalog(game_id)
        if catalog is None:
            result.skipped[game_id] = reason
            continue
        result.found[game_id] = normalize(game_id, catalog)
    return result
