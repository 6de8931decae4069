"""Property test over play with every feature on: progress cards, domestic trade auctions,
standing wants, both boards, random and heuristic bots mixed (issue: codex part 2)."""

from __future__ import annotations

import json
from typing import Any

from codex_helpers import assert_valid, check_invariants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.codex import GAME
from toolkit.games.codex.bots import make_bot, next_seat
from toolkit.games.codex.state import State, digest
from toolkit.rng import Stream

MAX_MOVES = 700
VIEW_EVERY = 25


def new_game(seed: int, players: int, size: str) -> State:
    config = {"players": [{"id": f"p{k + 1}"} for k in range(players)], "board": size,
              "standingWants": True, "victoryPointsTarget": 10}
    return GAME.new_game(seed, config)


def check_redacted(state: State, seat: int) -> None:
    """A seat's view carries full entries only for itself; no hidden card of an opponent leaks."""
    view = GAME.view(state, seat)
    me = state.players[seat].id
    for pid, entry in view["players"].items():
        if pid == me:
            assert "resources" in entry and "progressHand" in entry
        else:
            assert "resources" not in entry and "progressHand" not in entry
            assert "materialCount" in entry and "progressHandByDeck" in entry
    pending = state.pending
    deciding = pending is not None and pending["actingPlayerId"] == me
    if not deciding:
        text = json.dumps(view)
        for p in state.players:
            if p.seat != seat:
                assert all(c["instanceId"] not in text for c in p.hand), (p.id, pending)


def play_all_features(seed: int, players: int, size: str, bots: list[str]) -> tuple[list[str], list[Any]]:
    state = new_game(seed, players, size)
    agents = [make_bot(bots[k], seed, k) for k in range(players)]
    driver = Stream(seed, "bot:driver")
    digests: list[str] = []
    moves: list[Any] = []
    for n in range(MAX_MOVES):
        if GAME.is_over(state):
            break
        seat = next_seat(state, driver)
        move = agents[seat].choose(state, seat)
        GAME.apply(state, move)
        moves.append(move)
        check_invariants(state)
        if n % VIEW_EVERY == 0 or state.pending is not None and n % 5 == 0:
            for s in range(players):
                check_redacted(state, s)
            assert_valid(GAME.view(state, seat))
        digests.append(digest(state))
    return digests, moves


def replay_digests(seed: int, players: int, size: str, moves: list[Any]) -> list[str]:
    state = new_game(seed, players, size)
    out = []
    for move in moves:
        GAME.apply(state, move)
        out.append(digest(state))
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(3, 4),
    size=st.sampled_from(["standard", "grand"]),
    bots=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4),
)
def test_all_features_keep_invariants(seed: int, players: int, size: str, bots: list[str]) -> None:
    """rules §6.2, §9.1, §12.1, §12.3, §13, §14, §16 / design §6: with progress cards, auctions and
    standing wants on, cards and commodities stay conserved against the banks, pieces against the
    supplies, the 54 progress cards and every marker stay accounted for, views stay redacted and
    schema-valid, and replaying the same moves gives the same digests."""
    digests, moves = play_all_features(seed, players, size, bots)
    assert replay_digests(seed, players, size, moves) == digests
