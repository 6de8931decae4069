"""Property tests: random legal games keep every invariant after every move."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.base import IllegalMove
from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.awards import public_points, true_points
from toolkit.games.pioneers.bots import make_bot
from toolkit.games.pioneers.constants import CITY, DEV_COUNTS, RESOURCE_INDEX, SETTLEMENT, VICTORY_POINT
from toolkit.rng import Stream

MAX_MOVES = 600


# What a card movement may look like, by event: the bank's prices are fixed, seats swap cards
# without creating any, and only production and windfall hand out cards from the bank.
PRICES = {
    "build_road": {"brick": -1, "lumber": -1},
    "build_settlement": {"brick": -1, "lumber": -1, "wool": -1, "grain": -1},
    "build_city": {"grain": -2, "ore": -3},
    "buy_dev": {"wool": -1, "grain": -1, "ore": -1},
}
BETWEEN_SEATS = ("trade", "steal", "embargo")


def check_flow(ev) -> None:
    """One event's card movement obeys its rule (see PRICES / BETWEEN_SEATS)."""
    hands = ev.get("hands", {})
    kind = ev.get("card") if ev["type"] == "play_dev" else ev["type"]
    seat_changes = list(hands.values())
    if kind in PRICES:
        assert hands == {str(ev["seat"]): PRICES[kind]}, ev
    elif kind in BETWEEN_SEATS:
        for res in RESOURCE_INDEX:
            assert sum(delta.get(res, 0) for delta in seat_changes) == 0, ev
    elif kind == "bank_trade":
        (delta,) = seat_changes
        assert sorted(delta.values())[1] == 1 and sorted(delta.values())[0] in (-2, -3, -4), ev
    elif kind == "windfall":
        assert sum(hands[str(ev["seat"])].values()) == 2, ev
    elif kind == "discard":
        assert all(c < 0 for delta in seat_changes for c in delta.values()), ev
    else:
        assert kind in ("produce", "setup_payout") or not hands, ev
        assert all(c > 0 for delta in seat_changes for c in delta.values()), ev


def book(events, ledger) -> None:
    """Check each event's card flow and add its hand changes to the ledger."""
    for ev in events:
        assert isinstance(ev["type"], str) and isinstance(ev["text"], str)
        check_flow(ev)
        for who, delta in ev.get("hands", {}).items():
            for res, count in delta.items():
                ledger[int(who)][RESOURCE_INDEX[res]] += count


def check_conservation(s, ledger) -> None:
    # resources: the bank is infinite, so each hand must equal the sum of what events moved in and out
    for seat in range(s.n):
        assert s.hands[seat] == ledger[seat], (seat, s.hands[seat], ledger[seat])
        assert min(s.hands[seat]) >= 0
    # dev cards: deck + held + played is always the full deck, card by card
    remaining = s.deck[s.deck_pos :]
    for card, count in enumerate(DEV_COUNTS):
        held = sum(s.dev_hand[p][card] + s.dev_new[p][card] + s.dev_played[p][card] for p in range(s.n))
        assert remaining.count(card) + held == count
    # pieces: on the board plus in supply is the fixed allowance
    for seat in range(s.n):
        assert s.road_owner.count(seat) + s.roads_left[seat] == 15
        towns = [v for v in range(54) if s.bld_owner[v] == seat]
        assert sum(1 for v in towns if s.bld_kind[v] == SETTLEMENT) + s.settlements_left[seat] == 5
        assert sum(1 for v in towns if s.bld_kind[v] == CITY) + s.cities_left[seat] == 4


def check_views(s, seed: str) -> None:
    for seat in [*range(s.n), None]:
        view = GAME.view(s, seat)
        text = json.dumps(view)
        assert seed not in text
        for p in view["players"]:
            hidden = p["seat"] != seat and not (seat is None and view["phase"] == "over")
            if hidden:
                assert p["hand"] is None and p["devCards"] is None and p["devBoughtThisTurn"] is None
            assert p["score"] == public_points(s, p["seat"])
            vp_cards = s.dev_hand[p["seat"]][VICTORY_POINT] + s.dev_new[p["seat"]][VICTORY_POINT]
            assert p["score"] == true_points(s, p["seat"]) - vp_cards
        if seat is not None:
            assert view["myScore"] == true_points(s, seat)


def try_mutant(s, move, rng):
    """Sometimes replace one number in a legal move; a refused mutant must leave the state as it was."""
    action = move["action"]
    numbers = [k for k, v in action.items() if isinstance(v, int) and not isinstance(v, bool)]
    if not numbers or rng.below(4) != 0:
        return None
    key = numbers[rng.below(len(numbers))]
    mutant = {**move, "action": {**action, key: rng.below(82) - 1}}
    before = GAME.digest(s)
    try:
        return mutant, GAME.apply(s, mutant)
    except IllegalMove as exc:
        assert exc.code and exc.message
        assert GAME.digest(s) == before
        return None


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    number=st.integers(0, 10**6),
    players=st.sampled_from([3, 4]),
    strike_rate=st.sampled_from([0, 300, 100]),
)
def test_random_games_keep_invariants(number: int, players: int, strike_rate: int) -> None:
    """pioneers.md §Trading/§Dev cards/§Costs and limits/§Hidden information: resources, dev cards and
    pieces are conserved, views hide what they must, and replaying the moves gives the same digests."""
    seed = f"HYPSEED{number:07d}Q"
    config = {"players": [{"name": f"P{i}"} for i in range(players)]}
    s = GAME.new_game(seed, config)
    rng = Stream(seed, "test/choices")
    ledger = [[0] * 5 for _ in range(players)]
    moves, digests = [], []
    for _ in range(MAX_MOVES):
        if GAME.is_over(s):
            break
        seats = GAME.to_move(s)
        seat = seats[rng.below(len(seats))]
        if strike_rate and rng.below(strike_rate) == 0:
            move = {"seat": seat, "kind": GAME.owed(s, seat), "strike": "timeout"}
        else:
            legal = GAME.legal_moves(s, seat)
            move = legal[rng.below(len(legal))]
        tried = try_mutant(s, move, rng) if "action" in move else None
        if tried is None:
            events = GAME.apply(s, move)
        else:
            move, events = tried
        book(events, ledger)
        moves.append(move)
        digests.append(GAME.digest(s))
        check_conservation(s, ledger)
        check_views(s, seed)
    replay = GAME.new_game(seed, config)
    for move, digest in zip(moves, digests, strict=True):
        GAME.apply(replay, move)
        assert GAME.digest(replay) == digest


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 10**6), lineup=st.sampled_from(["ggr", "grrr", "gggg", "rrr", "grgr"]))
def test_whole_bot_games_keep_invariants(number: int, lineup: str) -> None:
    """pioneers.md §Ending/§Awards/§Dev cards: whole games to the end (win or turn cap) conserve cards and
    pieces after every move, hide what they must, and replay to the same digests."""
    seed = f"BOTSEED{number:07d}Q"
    names = {"g": "greedy", "r": "random"}
    config = {"players": [{"name": f"P{i}"} for i in range(len(lineup))]}
    bots = [make_bot(names[c], seed) for c in lineup]
    s = GAME.new_game(seed, config)
    ledger = [[0] * 5 for _ in lineup]
    moves, digests = [], []
    while not GAME.is_over(s):
        seat = GAME.to_move(s)[0]
        move = bots[seat].choose(GAME, s, seat)
        book(GAME.apply(s, move), ledger)
        moves.append(move)
        digests.append(GAME.digest(s))
        check_conservation(s, ledger)
        if len(moves) % 7 == 0:
            check_views(s, seed)
    check_views(s, seed)
    assert s.placements is not None and sorted(s.placements)[0] == 1
    replay = GAME.new_game(seed, config)
    for move, digest in zip(moves, digests, strict=True):
        GAME.apply(replay, move)
        assert GAME.digest(replay) == digest
