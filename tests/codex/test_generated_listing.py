"""The generated move listing equals the listing found by trial, and the cached digest equals the
digest written afresh (design §4 and §11: legal moves generated rather than tried, the same
outcomes; rules §4, §9, §10, §12, §14, §16 for the actions compared)."""

from __future__ import annotations

import copy
from collections import Counter

from codex_helpers import positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trial_listing import legal_moves_by_trial
from wire_positions import loaded, openings

from toolkit.games.codex import GAME
from toolkit.games.codex.engine import TURN_LISTERS, TURN_WINDOWS, legal_groups, open_kinds, owes
from toolkit.games.codex.flow import Listing
from toolkit.games.codex.state import State, full_digest


def check_windows(state: State) -> None:
    """Who owes a move is told alike with and without listing the seats, and a type that the
    phase's window leaves out lists nothing for any seat there (rules §4, §5.1-§5.2)."""
    seats = GAME.to_move(state)
    assert [s for s in range(len(state.players)) if owes(state, s)] == sorted(set(seats))
    if state.pending is not None or state.phase not in TURN_WINDOWS:
        return
    window = set(TURN_WINDOWS[state.phase])
    for kind, candidates in TURN_LISTERS:
        if kind not in window:
            assert all(not list(candidates(state, s)) for s in range(len(state.players))), kind


def compare_listings(state: State, seen: Counter[str]) -> None:
    """The listing equals the trial listing, and the lazily drawn types (``open_kinds``, what the
    random bot picks from) give the same types and payloads in the same order, read in turn or
    by position."""
    check_windows(state)
    for seat in GAME.to_move(state):
        fast = GAME.legal_moves(state, seat)
        assert fast == legal_moves_by_trial(state, seat)
        drawn = [(kind, list(payloads)) for kind, payloads in open_kinds(state, seat)]
        assert drawn == legal_groups(state, seat)
        for _, payloads in open_kinds(state, seat):  # what a bot reads by position
            if isinstance(payloads, Listing):
                assert [payloads[k] for k in range(len(payloads))] == list(payloads)
        seen.update(m["type"] for m in fast)
        if state.pending is not None:
            seen["pending:" + state.pending["type"]] += 1


GAMES = (
    (21, ["random", "random", "random", "random"], "standard", True),
    (22, ["heuristic", "random", "heuristic"], "grand", True),
    (23, ["heuristic", "heuristic", "heuristic", "heuristic"], "grand", False),
    (24, ["random", "heuristic", "random"], "standard", False),
)


def test_generated_listing_equals_trial_listing_on_seeded_games() -> None:
    """Order and content of every listing agree at every position of seeded bot games that reach
    setup, building, knights, progress cards, auctions and pending decisions, on both boards
    and with standing wants."""
    seen: Counter[str] = Counter()
    for seed, bots, board, wants in GAMES:
        for state in positions(seed, bots, board, wants, 3000):
            compare_listings(state, seen)
    reached = {"placeSetupBuilding", "buildRoad", "buildSettlement", "buildCity", "recruitKnight",
               "activateKnight", "promoteKnight", "playProgressCard", "domesticTradeBid", "setStandingWant",
               "pending:domesticTradeResponse", "pending:discardResources", "pending:placeSetupRoad"}
    assert reached <= set(seen)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), board=st.sampled_from(["standard", "grand"]),
       wants=st.booleans(), heuristic=st.booleans())
def test_generated_listing_equals_trial_listing(seed: int, players: int, board: str, wants: bool,
                                                heuristic: bool) -> None:
    """Random games: the generated listing equals the trial listing at every position."""
    bots = ["heuristic" if heuristic and k % 2 == 0 else "random" for k in range(players)]
    seen: Counter[str] = Counter()
    for state in positions(seed, bots, board, wants, 1500):
        compare_listings(state, seen)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), board=st.sampled_from(["standard", "grand"]), wants=st.booleans())
def test_cached_digest_equals_the_digest_written_afresh(seed: int, board: str, wants: bool) -> None:
    """design §4: the digest built from cached pieces is the SHA-256 of the same full text, after
    every move, and for a deep copy of the position (which builds its own cache)."""
    bots = ["random", "heuristic", "random", "heuristic"]
    for n, state in enumerate(positions(seed, bots, board, wants, 1500)):
        assert GAME.digest(state) == full_digest(state)
        if n % 100 == 50:
            twin = copy.deepcopy(state)
            assert GAME.digest(twin) == full_digest(twin) == full_digest(state)


def test_generated_listing_equals_trial_listing_on_loaded_positions() -> None:
    """Positions loaded from a seat's wire view (hidden cards, every pending type bot games open):
    the generated listing equals the trial listing for every seat owing a decision."""
    seen: Counter[str] = Counter()
    for states in openings().values():
        for state in states:
            for seat in [None, *range(len(state.players))]:
                compare_listings(loaded(state, seat), seen)
    assert any(key.startswith("pending:") for key in seen)


def test_a_listing_memo_belongs_to_its_own_position() -> None:
    """design §4 (engines are pure): a listing's shared memo lives on the listed position only,
    exists only while it is listed, and no copy of the position takes it along."""
    from toolkit.games.codex.flow import begin_listing, end_listing, listing_memo

    first, second = (next(iter(positions(seed, ["random"] * 3, "standard", False, 40))) for seed in (5, 6))
    assert listing_memo(first) is None
    previous = begin_listing(first)
    try:
        memo = listing_memo(first)
        assert memo == {} and listing_memo(second) is None
        memo["seen"] = True
        twin = copy.deepcopy(first)
        assert listing_memo(twin) is None and twin == first
        assert GAME.legal_moves(second, GAME.to_move(second)[0])  # another position listed meanwhile
        assert listing_memo(first) is memo and listing_memo(second) is None
    finally:
        end_listing(first, previous)
    assert listing_memo(first) is None
