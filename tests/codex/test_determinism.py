"""codex games are the same on every machine and every PYTHONHASHSEED (design §6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import hashlib, json
from toolkit.games.codex import GAME
from toolkit.games.codex.bots import play_game
out = []
for seed, board, wants in (("hash-a", "standard", True), ("hash-b", "grand", False)):
    config, moves = play_game(seed, ["greedy", "random", "greedy"], board=board, standing_wants=wants)
    state = GAME.new_game(seed, config)
    digests = []
    for move in moves:
        GAME.apply(state, move)
        digests.append(GAME.digest(state))
    views = [json.dumps(GAME.view(state, seat), sort_keys=True) for seat in (None, 0, 1, 2)]
    out.append({
        "moves": hashlib.sha256(json.dumps(moves, sort_keys=True).encode()).hexdigest(),
        "count": len(moves),
        "digests": hashlib.sha256("".join(digests).encode()).hexdigest(),
        "views": hashlib.sha256("".join(views).encode()).hexdigest(),
    })
print(json.dumps(out))
"""


def _run(hash_seed: str) -> list[dict[str, object]]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True, cwd=ROOT
    )
    return list(json.loads(result.stdout))


def test_same_seed_same_game_views_and_digests_across_hash_seeds() -> None:
    """design §6: bots, moves, every digest and every view agree under two PYTHONHASHSEEDs."""
    first = _run("0")
    second = _run("4242")
    assert first == second
    assert all(int(str(game["count"])) > 100 for game in first)
