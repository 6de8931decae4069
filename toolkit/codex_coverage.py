"""How much of the codex engine bot games reach: action and pending-decision counts.

:func:`coverage` plays ``n`` bot games (4 players by default), turns each into a save exactly
as ``replaykit record`` does (config, moves, digest checkpoints), checks that the save matches
the codex save schema and replays to the same digests and final position, and counts every
action type sent and every pending decision opened. Run it as a script for the table::

    python -m toolkit.codex_coverage 100

Game ``k`` uses seed ``base + k``; its table mixes heuristic and random bots, odd games enable
standing wants and every fifth game is played on the grand board (see :func:`plan`).

:func:`selfplay_speed` times bot self-play alone (moves per CPU second), for ``replaykit bench``.

It lives outside the engine package because it times itself and prints: the engine stays pure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from toolkit import validation
from toolkit.games.codex import GAME
from toolkit.games.codex import constants as C
from toolkit.games.codex.bots import Played, play
from toolkit.replay import ReplayError, checkpoints_for, final
from toolkit.saves import FORMAT, parse


@dataclass
class Coverage:
    games: int = 0
    finished: int = 0
    capped: int = 0
    moves: int = 0
    actions: Counter[str] = field(default_factory=Counter)
    pendings: Counter[str] = field(default_factory=Counter)
    cards: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def missing_actions(self) -> list[str]:
        """Action types never sent (``resign`` is never offered to bots, so it is left out)."""
        return [t for t in C.ACTION_TYPES if t != "resign" and not self.actions[t]]

    def missing_pendings(self) -> list[str]:
        return [t for t in C.PENDING_TYPES if not self.pendings[t]]

    def table(self) -> str:
        lines = [
            f"games {self.games}: {self.finished} reached the target, {self.capped} stopped at the turn cap, "
            f"{self.moves} moves, {len(self.problems)} problems",
            "",
            f"{'action type':<28} {'count':>8}",
        ]
        lines += [f"{t:<28} {self.actions[t]:>8}" for t in C.ACTION_TYPES]
        lines += ["", f"{'pending type':<28} {'opened':>8}"]
        lines += [f"{t:<28} {self.pendings[t]:>8}" for t in C.PENDING_TYPES]
        lines += ["", f"{'progress card played':<28} {'count':>8}"]
        played = [c for d in C.TRACKS for c, _ in C.DECKS[d] if c not in C.VP_CARDS]
        lines += [f"{c:<28} {self.cards[c]:>8}" for c in played]
        lines += ["", f"never sent: {', '.join(self.missing_actions()) or '-'}"]
        lines += [f"never opened: {', '.join(self.missing_pendings()) or '-'}"]
        lines += [f"problem: {p}" for p in self.problems]
        return "\n".join(lines)


def plan(k: int, players: int = 4) -> dict[str, Any]:
    """The bots and options of coverage game ``k``."""
    mixes = (
        ["heuristic", "random", "heuristic", "random"],
        ["random", "heuristic", "heuristic", "heuristic"],
        ["heuristic", "heuristic", "random", "random"],
        ["heuristic", "heuristic", "heuristic", "heuristic"],
    )
    bots = mixes[k % len(mixes)][:players]
    return {"bots": bots, "standing_wants": k % 2 == 1, "board": "grand" if k % 5 == 4 else "standard"}


def save_of(seed: str | int, game: Played) -> dict[str, Any]:
    """The save ``replaykit record`` would write for ``game`` (digests from a fresh replay)."""
    state = GAME.new_game(seed, game.config)
    digests = []
    for move in game.moves:
        GAME.apply(state, move)
        digests.append(GAME.digest(state))
    return {
        "format": FORMAT, "game": "codex", "rulesVersion": GAME.rules_version, "seed": seed,
        "config": game.config, "moves": game.moves, "checkpoints": checkpoints_for(digests),
        "meta": {"createdBy": "toolkit.codex_coverage"},
    }


def count_pendings(seed: str | int, game: Played, into: Counter[str], cards: Counter[str]) -> list[str]:
    """Count each pending decision opened (and each card played) while the game's moves are applied.

    Returns the moves after which a seat owing an open decision had no listed move.
    """
    state = GAME.new_game(seed, game.config)
    last: object = None
    stuck = []
    for n, move in enumerate(game.moves, 1):
        if move["type"] == "playProgressCard":
            hand = state.players[GAME.seat_of(state, move)].hand
            cards.update(c["cardId"] for c in hand if c["instanceId"] == move["payload"].get("instanceId"))
        GAME.apply(state, move)
        if state.pending is not None:
            if state.pending is not last:
                into[state.pending["type"]] += 1
            for seat in GAME.to_move(state):
                if not GAME.legal_moves(state, seat):
                    stuck.append(f"seed {seed} move {n}: seat {seat} owes {state.pending['type']} "
                                 "but has no listed move")
        last = state.pending
    return stuck


def check_save(seed: str | int, game: Played) -> list[str]:
    """Schema and replay problems of the save of ``game`` (empty when it is sound)."""
    data = save_of(seed, game)
    save = parse(f"seed-{seed}.json", json.dumps(data))
    report = validation.check(save)
    problems = [p.line() for p in report.errors]
    if not problems:
        try:
            step = final(save)
        except ReplayError as exc:
            problems.append(exc.line())
        else:
            if GAME.digest(step.state) != GAME.digest(game.state):
                problems.append(f"seed {seed}: replay ends in another position")
    return problems


def coverage(n: int, base: int = 0, players: int = 4, check: bool = True) -> Coverage:
    """Play ``n`` games (seeds ``base`` .. ``base + n - 1``) and count what they reached."""
    out = Coverage()
    for k in range(n):
        seed = base + k
        options = plan(k, players)
        game = play(seed, options["bots"], board=options["board"], standing_wants=options["standing_wants"],
                    players=players)
        out.games += 1
        out.moves += len(game.moves)
        if game.finished:
            out.finished += 1
        else:
            out.capped += 1
        out.actions.update(m["type"] for m in game.moves)
        out.problems += count_pendings(seed, game, out.pendings, out.cards)
        if check:
            out.problems += check_save(seed, game)
    return out


def selfplay_speed(games: int = 3, bot: str = "random", players: int = 4, base: int = 0,
                   board: str = "standard") -> dict[str, Any]:
    """Time ``games`` self-play games of ``bot`` on every seat (seeds ``base`` ..): CPU seconds,
    moves, moves per second and microseconds per move (choosing plus applying, no digests)."""
    moves = 0
    began = time.process_time()
    for k in range(games):
        moves += len(play(base + k, [bot], board=board, players=players).moves)
    spent = time.process_time() - began
    return {"games": games, "bot": bot, "players": players, "moves": moves, "seconds": spent,
            "movesPerSecond": moves / spent if spent else 0.0,
            "microsPerMove": spent / moves * 1e6 if moves else 0.0}


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m toolkit.codex_coverage",
        description="Play codex bot games, save, validate and replay each, and count what they reach.",
    )
    parser.add_argument("games", nargs="?", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("base", nargs="?", type=int, default=0, help="seed of the first game (default 0)")
    found = parser.parse_args(argv)
    if found.games < 1:
        parser.error("games must be at least 1")
    return found


def main(argv: list[str]) -> int:
    """Print the coverage table; exit 1 when a game's save does not check, 2 on a bad argument."""
    arguments = _arguments(argv)
    n, base = arguments.games, arguments.base
    began = time.perf_counter()
    result = coverage(n, base)
    spent = time.perf_counter() - began
    print(result.table())
    print(f"\n{n} games (played, saved, validated and replayed) in {spent:.1f}s: {n / spent:.2f} games/s")
    return 0 if not result.problems else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
