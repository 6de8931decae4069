"""Property tests: random legal play keeps the codex engine's invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME
from toolkit.games.codex import constants as C
from toolkit.games.codex.bots import random_legal_move
from toolkit.games.codex.state import State, digest
from toolkit.rng import Stream

MAX_MOVES = 500


def check_invariants(state: State) -> None:
    for kind in C.RESOURCES:
        assert state.bank[kind] + sum(p.res[kind] for p in state.players) == C.BANK_RESOURCES, kind
    for kind in C.COMMODITIES:
        assert state.bank[kind] + sum(p.com[kind] for p in state.players) == C.BANK_COMMODITIES, kind
    for p in state.players:
        assert all(v >= 0 for v in p.res.values()) and all(v >= 0 for v in p.com.values())
        roads = sum(1 for o in state.road if o == p.seat)
        assert p.roads + roads == C.SUPPLY["roads"]
        settle = sum(1 for i, t in enumerate(state.b_type) if t == "settlement" and state.b_owner[i] == p.seat
                     and not state.b_sideways[i])
        cities = sum(1 for i, t in enumerate(state.b_type) if state.b_owner[i] == p.seat
                     and (t == "city" or state.b_sideways[i]))
        assert p.settlements + settle == C.SUPPLY["settlements"]
        assert p.cities + cities == C.SUPPLY["cities"]
        walls = sum(1 for i, w in enumerate(state.b_wall) if w and state.b_owner[i] == p.seat)
        assert p.walls + walls == C.SUPPLY["cityWalls"] and walls <= C.MAX_WALLS_ON_BOARD
        for level in C.KNIGHT_LEVELS:
            placed = sum(1 for k in state.knights.values() if k.owner == p.seat and k.level == level)
            assert p.knights[level] + placed == C.KNIGHT_SUPPLY[level]
    cards = sum(len(d) for d in state.decks.values())
    cards += sum(len(p.hand) + len(p.revealed_vp) for p in state.players)
    assert cards == 54
    for i, kid in enumerate(state.knight_at):
        if kid is not None:
            assert state.knights[kid].at == i
            assert state.b_type[i] is None
    assert 0 <= state.berserker_pos < state.berserker_max
    if state.phase == "gameOver":
        assert state.pending is None


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
