"""Digests recorded before the codex engine was sped up, and the code that records and re-checks them.

For every published codex replay and a set of bot games
(3 and 4 players, both boards, standing wants on and off, random and heuristic bots), the record
keeps a hash of the moves, a hash of the digest after every move, the digest every
:data:`EVERY` moves and at the end, and a hash of every listed move of every seat to move at
every position. A faster engine must reproduce all of it: the same positions, the same listings
in the same order, and so the same bot games.

Run ``python tests/codex/recorded_digests.py`` to write :data:`DATA_FILE` afresh (only when an
outcome change is intended and the rules version moves).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from toolkit.games.codex import GAME  # noqa: E402
from toolkit.games.codex.bots import play  # noqa: E402
from toolkit.saves import load  # noqa: E402

DATA_FILE = Path(__file__).parent / "data" / "recorded-digests.json"
EVERY = 100

# The codex fixture under tests/fixtures is a schema sample that does not replay (its README says
# so); tests that replay record bot games, which BOT_GAMES covers.
SAVES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "replays").glob("codex-*.json"))

# (seed, bots, players, board, standing wants): bot games re-played by the test.
BOT_GAMES: tuple[tuple[int, tuple[str, ...], int, str, bool], ...] = (
    (101, ("random",), 3, "standard", False),
    (102, ("heuristic",), 4, "standard", False),
    (103, ("heuristic",), 4, "grand", True),
    (104, ("random",), 4, "grand", False),
    (105, ("heuristic", "random", "heuristic"), 3, "standard", True),
    (106, ("random",), 3, "grand", True),
    (107, ("heuristic",), 3, "standard", False),
    (108, ("random", "heuristic", "random", "heuristic"), 4, "standard", True),
)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def trace(seed: str | int, config: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """Apply ``moves`` from a new game and summarise every position reached."""
    state = GAME.new_game(seed, config)
    listed = hashlib.sha256()
    digests: list[str] = []

    def list_all() -> None:
        for seat in GAME.to_move(state):
            listed.update(json.dumps([seat, GAME.legal_moves(state, seat)]).encode())

    list_all()
    for move in moves:
        GAME.apply(state, move)
        digests.append(GAME.digest(state))
        list_all()
    return {
        "moves": len(moves),
        "movesHash": _hash(json.dumps(moves)),
        "digestsHash": _hash("\n".join(digests)),
        "every": {str(n): digests[n - 1] for n in range(EVERY, len(digests) + 1, EVERY)},
        "final": digests[-1] if digests else GAME.digest(state),
        "listedHash": listed.hexdigest(),
    }


def bot_game(seed: int, bots: tuple[str, ...], players: int, board: str,
             wants: bool) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game = play(seed, list(bots), board=board, standing_wants=wants, players=players)
    return game.config, game.moves


def bot_key(seed: int, bots: tuple[str, ...], players: int, board: str, wants: bool) -> str:
    return f"seed {seed}, {players} x {'/'.join(bots)}, {board}{', wants' if wants else ''}"


def record() -> dict[str, Any]:
    out: dict[str, Any] = {"saves": {}, "botGames": {}}
    for name in SAVES:
        save = load(ROOT / name)
        out["saves"][name] = trace(save.seed, save.config, save.moves)
    for spec in BOT_GAMES:
        config, moves = bot_game(*spec)
        out["botGames"][bot_key(*spec)] = trace(spec[0], config, moves)
    return out


if __name__ == "__main__":
    DATA_FILE.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {DATA_FILE}")
