"""The benchmark: random self-play of our engines against catanatron's, like with like.

What is compared, and how it is made fair:

* **The same games on both sides.** Four seats of random bots: our ``random`` bot on
  pioneers, catanatron's ``RandomPlayer`` on catanatron. Both play to the same victory
  target (10 points) under the same turn cap: 200 regular turns, our rule's cap
  (catanatron's own cap is 1,000; its driver here stops at 200 regular turns).
  Catanatron's turn counter also counts the passes of the initial placement, 2 × (seats − 1)
  of them; those are left out, so a turn is one seat's regular turn on both sides.
* **The same counting.** A *decision* is one choice a seat makes. Ours are the save's moves:
  setup places a settlement with its road as one move, and dice roll automatically.
  Catanatron logs every roll as an action and each initial settlement and road as two, so
  its decisions are its actions minus its rolls minus one per initial road (2 per seat).
* **The same clock and seeds.** CPU time (``time.process_time``) per round; catanatron is
  seeded (game ``i`` uses seed ``i + 1``: it treats seed 0 as "unseeded"), ours use seeds
  ``bench-i``; every round of a run replays the same games (catanatron's games also depend
  on ``PYTHONHASHSEED``, ours never do). Rounds are interleaved — ours, theirs, ours,
  theirs, … — so a busy machine slows both alike; each side reports its best (min) and median round.
* Catanatron is driven by its own ``play_tick`` loop (what ``Game.play`` runs, without its
  two whole-game copies), the way our driver loops over bot decisions.

The headline ratios use the best round of each side. After self-play the bench also
replays our recorded games (engine apply only, then full saves with schema and checkpoints).
More self-play lines (another of our engines) go in :data:`SELF_PLAY`.
Wall-clock numbers belong here, never in tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

TURN_CAP = 200
WIN_POINTS = 10
SEATS = 4

Recorded = list[tuple[str, dict[str, Any], list[dict[str, Any]]]]


class BenchUnavailable(Exception):
    """catanatron (the ``bench`` extra) is not installed."""


class BenchFailed(Exception):
    """A game the benchmark recorded did not validate or replay (an engine bug)."""


def _catanatron() -> Any:
    try:
        import catanatron
    except ImportError:
        raise BenchUnavailable("catanatron is not installed; run: pip install '.[bench]'") from None
    return catanatron


@dataclass
class Played:
    """What one round of self-play did: the work is the same in every round."""

    games: int = 0
    turns: int = 0
    decisions: int = 0
    won: int = 0
    seconds: float = 0.0
    recorded: Recorded | None = None


def pioneers_round(games: int) -> Played:
    """``games`` four-seat games of pioneers, random bots, seeds ``bench-0`` … (our cap: 200 turns)."""
    from toolkit.games.pioneers import GAME
    from toolkit.games.pioneers.bots import play_game
    from toolkit.games.pioneers.constants import MAX_TURNS
    from toolkit.games.pioneers.constants import WIN_POINTS as OUR_TARGET

    assert (MAX_TURNS, OUR_TARGET) == (TURN_CAP, WIN_POINTS), "the bench's caps must be the rules' caps"
    recorded: Recorded = []
    start = time.process_time()
    for i in range(games):
        seed = f"bench-{i}"
        config, moves = play_game(seed, ["random"] * SEATS)
        recorded.append((seed, config, moves))
    out = Played(games=games, seconds=time.process_time() - start, recorded=recorded)
    for seed, config, moves in recorded:  # outside the timing: count turns and winners
        out.decisions += len(moves)
        state = GAME.new_game(seed, config)
        for move in moves:
            GAME.apply(state, move)
        out.turns += state.turn
        out.won += state.winner >= 0
    return out


def catanatron_round(games: int) -> Played:
    """``games`` four-seat catanatron games, ``RandomPlayer`` seats, seeds 1 …, capped at 200 turns."""
    cat = _catanatron()
    from catanatron.models.enums import ActionType

    colors = [cat.Color.RED, cat.Color.BLUE, cat.Color.WHITE, cat.Color.ORANGE][:SEATS]
    setup_passes = 2 * (SEATS - 1)  # catanatron's num_turns counts these initial-placement passes
    finished = []
    start = time.process_time()
    for i in range(games):
        game = cat.Game([cat.RandomPlayer(color) for color in colors], seed=i + 1, vps_to_win=WIN_POINTS)
        while game.winning_color() is None and game.state.num_turns < TURN_CAP + setup_passes:
            game.play_tick()
        finished.append(game)
    out = Played(games=games, seconds=time.process_time() - start)
    for game in finished:
        actions = game.state.actions
        rolls = sum(1 for a in actions if a.action_type == ActionType.ROLL)
        won = game.winning_color() is not None
        # a won game ends inside the winner's turn, which num_turns has not counted yet
        out.turns += game.state.num_turns - setup_passes + (1 if won else 0)
        out.decisions += len(actions) - rolls - SEATS * 2
        out.won += won
    return out


SELF_PLAY: dict[str, Callable[[int], Played]] = {"pioneers": pioneers_round}
"""Our engines' random self-play, one line each in the report; ``pioneers`` is compared with catanatron."""


def bench_apply(recorded: Recorded) -> dict[str, Any]:
    """Apply the recorded moves straight to the engine (its own checks only, no schema, no bots)."""
    from toolkit.games.pioneers import GAME

    moves = 0
    start = time.process_time()
    for seed, config, record in recorded:
        state = GAME.new_game(seed, config)
        for move in record:
            GAME.apply(state, move)
        moves += len(record)
    return _rates(len(recorded), moves, time.process_time() - start)


def recorded_saves(recorded: Recorded) -> list[Any]:
    """The played games as complete saves, checkpoints included (built outside any timing)."""
    from toolkit.games.pioneers import GAME
    from toolkit.replay import checkpoints_for
    from toolkit.saves import FORMAT, Save

    saves = []
    for i, (seed, config, record) in enumerate(recorded):
        state = GAME.new_game(seed, config)
        digests = []
        for move in record:
            GAME.apply(state, move)
            digests.append(GAME.digest(state))
        data = {
            "format": FORMAT,
            "game": GAME.id,
            "rulesVersion": GAME.rules_version,
            "seed": seed,
            "config": config,
            "moves": record,
            "checkpoints": checkpoints_for(digests),
            "meta": {"title": f"bench game {i}"},
        }
        saves.append(Save(path=f"bench-{i}.json", data=data))
    return saves


def bench_replay(recorded: Recorded) -> dict[str, Any]:
    """Schema-check and replay the recorded saves (every move applied, checkpoints compared), no bots."""
    from toolkit import validation
    from toolkit.replay import ReplayError, run

    saves = recorded_saves(recorded)
    moves = 0
    start = time.process_time()
    for save in saves:
        report = validation.check(save)
        if not report.ok:
            raise BenchFailed(f"{save.path}: {report.errors[0].message}")
        try:
            for _step in run(save):
                pass
        except ReplayError as exc:
            raise BenchFailed(f"{save.path}: {exc}") from None
        moves += len(save.moves)
    return _rates(len(saves), moves, time.process_time() - start)


def _rates(games: int, moves: int, seconds: float) -> dict[str, Any]:
    seconds = max(seconds, 1e-9)
    return {
        "games": games,
        "moves": moves,
        "seconds": round(seconds, 3),
        "gamesPerSecond": round(games / seconds, 2),
        "movesPerSecond": round(moves / seconds, 1),
    }


def summarise(rounds: list[Played]) -> dict[str, Any]:
    """Rates of the best and the median round (every round plays the same games)."""
    first = rounds[0]
    times = [max(r.seconds, 1e-9) for r in rounds]
    best, median = min(times), statistics.median(times)
    return {
        "games": first.games,
        "won": first.won,
        "turns": first.turns,
        "decisions": first.decisions,
        "moves": first.decisions,
        "rounds": len(rounds),
        "seconds": round(best, 3),
        "medianSeconds": round(median, 3),
        "gamesPerSecond": round(first.games / best, 2),
        "turnsPerSecond": round(first.turns / best, 1),
        "decisionsPerSecond": round(first.decisions / best, 1),
        "movesPerSecond": round(first.decisions / best, 1),
        "medianGamesPerSecond": round(first.games / median, 2),
        "medianTurnsPerSecond": round(first.turns / median, 1),
        "medianDecisionsPerSecond": round(first.decisions / median, 1),
        "microsecondsPerTurn": round(best / max(first.turns, 1) * 1e6, 1),
        "microsecondsPerDecision": round(best / max(first.decisions, 1) * 1e6, 1),
    }


def _ratio(ours: dict[str, Any], theirs: dict[str, Any], key: str) -> float:
    return round(ours[key] / max(theirs[key], 1e-9), 2)


CODEX_GAMES = 2  # four-seat random games per round; each is some 3,000 moves


def codex_self_play(rounds: int) -> dict[str, Any]:
    """codex random self-play (bots choosing, engine applying, no digests), best of ``rounds``."""
    from toolkit.codex_coverage import selfplay_speed

    runs = [selfplay_speed(games=CODEX_GAMES, bot="random", base=k * CODEX_GAMES) for k in range(rounds)]
    return max(runs, key=lambda run: run["movesPerSecond"])


def codex_digest(rounds: int) -> dict[str, Any]:
    """The codex position digest after every move of a recorded four-seat random game (what
    ``record`` and the checkpoints take): CPU time of the digests alone, best of ``rounds``
    replays (the game is played once, outside the timing)."""
    from toolkit.games.codex import GAME
    from toolkit.games.codex.bots import play

    game = play("bench-digest", ["random"], players=SEATS)
    clock, digest = time.process_time, GAME.digest
    best = float("inf")
    for _ in range(rounds):
        state = GAME.new_game("bench-digest", game.config)
        spent = 0.0
        for move in game.moves:
            GAME.apply(state, move)
            began = clock()
            digest(state)
            spent += clock() - began
        best = min(best, spent)
    moves = max(len(game.moves), 1)
    return {"moves": len(game.moves), "rounds": rounds, "seconds": round(best, 4),
            "microsPerMove": round(best / moves * 1e6, 1)}


def run_bench(games: int, rounds: int = 3) -> dict[str, Any]:
    """Interleave ``rounds`` rounds of ``games`` games per engine; rates, min/median, ratios.

    Raises :class:`BenchUnavailable` when catanatron cannot be imported.
    """
    if games < 1 or rounds < 1:
        raise ValueError("the benchmark needs at least one game and one round")
    _catanatron()
    played: dict[str, list[Played]] = {name: [] for name in [*SELF_PLAY, "catanatron"]}
    for _ in range(rounds):
        for name, play in SELF_PLAY.items():
            played[name].append(play(games))
        played["catanatron"].append(catanatron_round(games))
    result: dict[str, Any] = {
        "games": games,
        "rounds": rounds,
        "turnCap": TURN_CAP,
        "winPoints": WIN_POINTS,
        "selfPlay": list(SELF_PLAY),
    }
    for name, done in played.items():
        result[name] = summarise(done)
    recorded = played["pioneers"][0].recorded or []
    result["pioneersApply"] = bench_apply(recorded)
    result["pioneersReplay"] = bench_replay(recorded)
    result["codexSelfPlay"] = codex_self_play(rounds)
    result["codexDigest"] = codex_digest(rounds)
    ours, theirs = result["pioneers"], result["catanatron"]
    result["gamesRatio"] = _ratio(ours, theirs, "gamesPerSecond")
    result["turnsRatio"] = _ratio(ours, theirs, "turnsPerSecond")
    result["decisionsRatio"] = _ratio(ours, theirs, "decisionsPerSecond")
    result["movesRatio"] = result["decisionsRatio"]
    return result
