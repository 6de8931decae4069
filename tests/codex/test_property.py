"""Property tests: random legal play keeps the codex engine's invariants."""

from __future__ import annotations

from codex_helpers import check_invariants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME
from toolkit.games.codex.bots import random_legal_move
from toolkit.games.codex.state import digest
from toolkit.rng import Stream

MAX_MOVES = 500


def play_game(seed: int, players: int, size: str) -> list[str]:
    state = GAME.new_game(seed, {"players": [{"id": f"p{k + 1}"} for k in range(players)], "board": size,
                                 "victoryPointsTarget": 9})
    rng = Stream(seed, "bot:property")
    digests = []
    for n in range(MAX_MOVES):
        if GAME.is_over(state):
            break
        seat, move = random_legal_move(state, rng)
        if n % 17 == 0:
            # A move from a seat not owing a decision must be refused without any change.
            idle = [s for s in range(players) if s not in GAME.to_move(state)]
            if idle:
                before = digest(state)
                try:
                    GAME.apply(state, {**move, "playerId": state.players[idle[0]].id})
                except IllegalMove:
                    pass
                else:
                    raise AssertionError("a seat not owing a decision was allowed to act")
                assert digest(state) == before
        GAME.apply(state, move)
        check_invariants(state)
        digests.append(digest(state))
    return digests


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), size=st.sampled_from(["standard", "grand"]))
def test_random_play_keeps_invariants(seed: int, players: int, size: str) -> None:
    """design §10 / rules §6.4, §9.1, §14: cards and pieces are conserved through random legal play,
    refused moves change nothing, and every listed move is accepted."""
    play_game(seed, players, size)


def test_same_seed_same_digests() -> None:
    """design §6: the same seed and bot stream reproduce the same positions move for move."""
    assert play_game(4242, 3, "standard")[:200] == play_game(4242, 3, "standard")[:200]
