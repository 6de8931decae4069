"""Worked examples of :mod:`toolkit.rng`, computed when the docs are generated.

Every number here comes from calling :mod:`toolkit.rng` itself, so the randomness page
always shows what the code does; a reimplementation can check itself against them.
The pioneers example is also checked against a real game built by the engine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from toolkit import rng

SPAN = 1 << 64
SEED = "example"

#: A bound large enough that rejection is common (a quarter of all words are refused).
REJECT_BOUND = 3 << 62


def word_example(seed: str | int, purpose: str, counter: int) -> dict[str, Any]:
    """One word drawn step by step: the hashed text, its digest, the first 8 bytes, the integer."""
    message = f"{seed}:{purpose}:{counter}"
    digest = hashlib.sha256(message.encode("utf-8")).hexdigest()
    value = rng.word(seed, purpose, counter)
    if int(digest[:16], 16) != value:
        raise AssertionError("toolkit.rng.word no longer reads the first 8 digest bytes big-endian")
    return {
        "seed": seed,
        "purpose": purpose,
        "counter": counter,
        "message": message,
        "digest": digest,
        "first8": digest[:16],
        "value": value,
    }


def below_example(seed: str | int, purpose: str, bound: int) -> dict[str, Any]:
    """``below(bound)`` on a fresh stream, listing every word it read and whether it kept it."""
    limit = SPAN - SPAN % bound
    stream = rng.Stream(seed, purpose)
    result = stream.below(bound)
    words = []
    for counter in range(stream.counter):
        value = rng.word(seed, purpose, counter)
        words.append({"counter": counter, "value": value, "kept": value < limit})
    return {
        "seed": seed,
        "purpose": purpose,
        "bound": bound,
        "limit": limit,
        "words": words,
        "result": result,
    }


def rejection_example(seed: str | int = SEED, bound: int = REJECT_BOUND) -> dict[str, Any]:
    """The first purpose ``reject/<i>`` whose word 0 is refused by ``below(bound)``."""
    limit = SPAN - SPAN % bound
    i = 0
    while rng.word(seed, f"reject/{i}", 0) < limit:
        i += 1
    return below_example(seed, f"reject/{i}", bound)


def dice_example(seed: str | int, purpose: str, count: int) -> dict[str, Any]:
    """``count`` dice from one stream: each die's word, remainder and face."""
    stream = rng.Stream(seed, purpose)
    dice = []
    for _ in range(count):
        start = stream.counter
        face = stream.die()
        dice.append({"counter": start, "value": rng.word(seed, purpose, start), "face": face})
    return {"seed": seed, "purpose": purpose, "dice": dice}


def shuffle_example(seed: str | int, purpose: str, items: list[str]) -> dict[str, Any]:
    """Fisher-Yates from the back, one row per swap, checked against :func:`toolkit.rng.shuffled`."""
    stream = rng.Stream(seed, purpose)
    work = list(items)
    steps = []
    for i in range(len(work) - 1, 0, -1):
        j = stream.below(i + 1)
        work[i], work[j] = work[j], work[i]
        steps.append({"i": i, "bound": i + 1, "j": j, "after": list(work)})
    if work != rng.shuffled(seed, purpose, list(items)):
        raise AssertionError("the documented shuffle no longer matches toolkit.rng.shuffled")
    return {"seed": seed, "purpose": purpose, "start": list(items), "steps": steps, "result": work}


def pioneers_example(catalog: Mapping[str, Any], seed: str = SEED) -> dict[str, Any]:
    """The opening board of a pioneers game, derived from the streams and checked with the engine.

    Terrain starts in the catalog's terrain order (each kind repeated by its count), tokens in
    the catalog's token order; both are shuffled by their streams; tokens go, in hex order, to
    the non-desert hexes.
    """
    from toolkit.games.base import get_game

    terrain_mix: Mapping[str, int] = catalog["board"]["terrain"]
    terrain = [kind for kind, count in terrain_mix.items() for _ in range(count)]
    tokens = list(catalog["board"]["tokens"])
    terrain_after = rng.shuffled(seed, "board/resources", terrain)
    tokens_after = rng.shuffled(seed, "board/tokens", tokens)
    token_iter = iter(tokens_after)
    hexes = [
        {"id": h, "resource": t, "token": None if t == "desert" else next(token_iter)}
        for h, t in enumerate(terrain_after)
    ]
    deck = [card["id"] for card in catalog["decks"] for _ in range(card["count"])]
    deck_after = rng.shuffled(seed, "deck/dev", deck)
    game = get_game("pioneers")
    state = game.new_game(seed, {"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]})
    view = game.view(state, None)
    engine_hexes = [
        {"id": h["id"], "resource": h["resource"], "token": h["token"]} for h in view["board"]["hexes"]
    ]
    if engine_hexes != hexes:
        raise AssertionError("the documented pioneers board derivation no longer matches the engine")
    return {
        "seed": seed,
        "terrain_before": terrain,
        "hexes": hexes,
        "tokens_before": tokens,
        "tokens_after": tokens_after,
        "deck_top": deck_after[:5],
        "first_roll": [d["face"] for d in dice_example(seed, "dice/1", 2)["dice"]],
    }


def facts(catalogs: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Everything the randomness page shows."""
    examples: dict[str, Any] = {
        "word": word_example(SEED, "dice/1", 0),
        "below": below_example(SEED, "dice/1", 6),
        "rejection": rejection_example(),
        "dice": dice_example(SEED, "dice/1", 2),
        "shuffle": shuffle_example(SEED, "deck/example", list("abcdefgh")),
        "int_seed": word_example(42, "dice/1", 0),
    }
    if "pioneers" in catalogs:
        examples["pioneers"] = pioneers_example(catalogs["pioneers"])
    return {"span": SPAN, "seed": SEED, **examples}
