"""No outcome changes: every pioneers save and recorded bot game replays as it did before.

``data/recorded-digests.json`` was written by this module's ``__main__`` block before the
engine was tuned for speed. For every published pioneers replay, every pioneers save
under ``tests/`` and a set of bot games (3 and 4 seats, greedy, random and mixed bots,
several seeds) it holds the final digest, the first eight characters of the digest after
every move (the ``trail``), and a hash of every event the moves produced, narration text
included. The bot games also keep their full move lists in
``data/recorded-games.jsonl``, so the engine is checked on exactly those moves even if a
bot is later changed on purpose; the games are also re-recorded and must choose the very
same moves.

Regenerate only on purpose (a new rules version): ``python tests/pioneers/test_pioneers_recorded_digests.py``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.base import IllegalMove
from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.bots import play_game
from toolkit.saves import load

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
DIGESTS = DATA / "recorded-digests.json"
GAMES = DATA / "recorded-games.jsonl"
TRAIL_CHARS = 8

BOT_GAMES: list[tuple[str, list[str]]] = [
    (seed, bots)
    for seed in ("trail-1", "trail-2")
    for bots in (["random"] * 3, ["random"] * 4, ["greedy"] * 3, ["greedy"] * 4)
] + [("trail-3", ["greedy", "random", "greedy"]), ("trail-4", ["random", "greedy", "random", "greedy"])]


def _sha(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, separators=(",", ":"), sort_keys=True).encode()).hexdigest()


def replay_record(seed: str | int, config: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """Play ``moves`` from the start; the digests and events they produce."""
    state = GAME.new_game(seed, config)
    trail = []
    events = hashlib.sha256()
    for move in moves:
        produced = GAME.apply(state, move)
        events.update(json.dumps(produced, separators=(",", ":"), sort_keys=True).encode())
        trail.append(GAME.digest(state)[:TRAIL_CHARS])
    return {
        "moves": len(moves),
        "final": GAME.digest(state),
        "trail": "".join(trail),
        "events": events.hexdigest(),
    }


def save_paths() -> list[Path]:
    """The published pioneers replays and every pioneers save under tests/ (some do not replay)."""
    published = sorted((ROOT / "replays").glob("pioneers-*.json"))
    tested = sorted(
        p for p in (ROOT / "tests").rglob("*.json") if '"game": "pioneers"' in p.read_text(encoding="utf-8")
    )
    return published + tested


def _recorded() -> dict[str, Any]:
    if not DIGESTS.exists():  # only while __main__ writes it for the first time
        return {"saves": {}, "games": []}
    return json.loads(DIGESTS.read_text(encoding="utf-8"))


def _games() -> list[dict[str, Any]]:
    return [json.loads(line) for line in GAMES.read_text(encoding="utf-8").splitlines()]


def _first_difference(want: str, got: str) -> int:
    for k in range(0, min(len(want), len(got)), TRAIL_CHARS):
        if want[k : k + TRAIL_CHARS] != got[k : k + TRAIL_CHARS]:
            return k // TRAIL_CHARS + 1
    return min(len(want), len(got)) // TRAIL_CHARS + 1


def _compare(name: str, want: dict[str, Any], got: dict[str, Any]) -> None:
    if want["trail"] != got["trail"]:
        move = _first_difference(want["trail"], got["trail"])
        raise AssertionError(f"{name}: the position first differs after move {move}")
    assert want == got, f"{name}: same positions, but the events (or final digest) differ"


def test_every_published_replay_is_covered() -> None:
    """The data file lists every published pioneers replay (a new one needs its digests recorded)."""
    published = {str(p.relative_to(ROOT)) for p in save_paths() if p.parent.name == "replays"}
    assert published and published <= set(_recorded()["saves"])


@pytest.mark.parametrize("name", sorted(_recorded()["saves"]))
def test_save_replays_to_the_recorded_digests(name: str) -> None:
    """design.md §4: the same moves give the same positions, digests and narration as before."""
    save = load(ROOT / name)
    _compare(name, _recorded()["saves"][name], replay_record(save.seed, save.config, save.moves))


def _game_id(index: int) -> str:
    seed, bots = BOT_GAMES[index]
    return "-".join([seed, *bots])


@pytest.mark.parametrize("index", range(len(BOT_GAMES)), ids=_game_id)
def test_bot_game_replays_to_the_recorded_digests(index: int) -> None:
    """design.md §4: a recorded bot game's moves replay to the digests and events recorded."""
    game = _games()[index]
    want = _recorded()["games"][index]
    assert [game["seed"], game["bots"]] == [want["seed"], want["bots"]] == list(BOT_GAMES[index])
    assert _sha(game["moves"]) == want["movesSha"]
    _compare(f"game {index}", want["replay"], replay_record(game["seed"], game["config"], game["moves"]))


@pytest.mark.parametrize("index", range(len(BOT_GAMES)), ids=_game_id)
def test_bots_choose_the_recorded_moves(index: int) -> None:
    """The bots are deterministic: re-recording a game with its seed gives the same moves."""
    seed, bots = BOT_GAMES[index]
    config, moves = play_game(seed, bots)
    assert config == _games()[index]["config"]
    assert _sha(moves) == _recorded()["games"][index]["movesSha"]


def write() -> None:
    """Record the data files from the engine as it is now."""
    DATA.mkdir(exist_ok=True)
    saves = {}
    for path in save_paths():
        save = load(path)
        try:
            saves[str(path.relative_to(ROOT))] = replay_record(save.seed, save.config, save.moves)
        except IllegalMove:
            continue  # a test save that is broken on purpose
    games, lines = [], []
    for seed, bots in BOT_GAMES:
        config, moves = play_game(seed, bots)
        record = {"seed": seed, "bots": bots, "config": config, "moves": moves}
        lines.append(json.dumps(record, separators=(",", ":")))
        replayed = replay_record(seed, config, moves)
        games.append({"seed": seed, "bots": bots, "movesSha": _sha(moves), "replay": replayed})
    DIGESTS.write_text(json.dumps({"saves": saves, "games": games}, indent=1) + "\n", encoding="utf-8")
    GAMES.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
