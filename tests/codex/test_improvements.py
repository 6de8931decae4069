"""City improvements, level-3 perks and metropolises (rules §13, §6.5, §12.2, §8.5)."""

from __future__ import annotations

from codex_helpers import give, in_action, knight, play, put, refused

from toolkit.games.codex import berserker, engine, maritime, metropolis, victory
from toolkit.games.codex.flow import pump
from toolkit.games.codex.state import State


def cities(state: State, seat: int, n: int) -> list[int]:
    """Put ``n`` cities of ``seat`` on free corners far from each other."""
    out: list[int] = []
    for i in range(len(state.b_type)):
        if len(out) == n:
            break
        if state.b_type[i] is None and all(
            state.b_type[j] is None for j in state.topo.int_neighbors[i]
        ):
            put(state, seat, i, "city")
            out.append(i)
    return out


def test_improve_costs_next_level_in_the_track_commodity() -> None:
    """rules §13.1: level L -> L+1 costs L+1 of the track's commodity (science: paper)."""
    state = in_action()
    cities(state, 0, 1)
    give(state, 0, paper=3, cloth=5, coin=5)
    bank = state.bank["paper"]
    play(state, 0, "improveCity", track="science")
    play(state, 0, "improveCity", track="science")
    p = state.players[0]
    assert p.levels["science"] == 2 and p.com["paper"] == 0 and state.bank["paper"] == bank + 3
    refused(state, 0, "improveCity", "cannot_afford", track="science")
    play(state, 0, "improveCity", track="trade")
    play(state, 0, "improveCity", track="politics")
    assert p.com == {"coin": 4, "paper": 0, "cloth": 4}


def test_improve_needs_a_city() -> None:
    """rules §13.1: without a city of your own no track can be raised (a settlement is not enough)."""
    state = in_action()
    put(state, 0, 0, "settlement")
    give(state, 0, paper=1)
    refused(state, 0, "improveCity", "no_city", track="science")
    assert engine.legal_moves(state, 0) and not [
        m for m in engine.legal_moves(state, 0) if m["type"] == "improveCity"
    ]


def test_improve_stops_at_level_five_and_checks_the_track() -> None:
    """rules §13.1: the cap is level 5; the track must be science, trade or politics."""
    state = in_action()
    cities(state, 0, 1)
    state.players[0].levels["trade"] = 5
    give(state, 0, cloth=6)
    refused(state, 0, "improveCity", "max_level", track="trade")
    refused(state, 0, "improveCity", "bad_track", track="ships")


def test_improve_is_an_own_turn_action_without_pending() -> None:
    """rules §13.1 / §5.3: only the current player, in the action phase, with no open decision."""
    state = in_action()
    cities(state, 1, 1)
    give(state, 1, paper=1)
    refused(state, 1, "improveCity", "not_your_turn", track="science")
    state.current = 1
    state.phase = "roll"
    refused(state, 1, "improveCity", "wrong_phase", track="science")


def test_candidates_list_affordable_tracks() -> None:
    """rules §13.1: improveCity candidates are exactly the affordable, legal tracks."""
    state = in_action()
    cities(state, 0, 1)
    give(state, 0, coin=1)
    got = [m["payload"] for m in engine.legal_moves(state, 0) if m["type"] == "improveCity"]
    assert got == [{"track": "politics"}]


def test_level_four_with_no_holder_asks_for_a_host_even_with_one_city() -> None:
    """rules §13.3: reaching 4 first wins the marker; chooseMetropolisCity opens with one city too;
    the metropolis city is worth 4 VP."""
    state = in_action()
    (c,) = cities(state, 0, 1)
    state.players[0].levels["politics"] = 3
    give(state, 0, coin=4)
    vp = victory.victory_points(state, 0)
    play(state, 0, "improveCity", track="politics")
    assert state.pending is not None and state.pending["type"] == "chooseMetropolisCity"
    where = state.topo.int_ids[c]
    assert state.pending["payload"] == {"eligibleIntersectionIds": [where], "track": "politics"}
    assert engine.legal_moves(state, 0) == [
        {"playerId": "p1", "type": "chooseMetropolisCity", "payload": {"intersectionId": where}}
    ]
    play(state, 0, "chooseMetropolisCity", intersectionId=state.topo.int_ids[c])
    assert state.pending is None and state.b_metro[c] == "politics"
    assert victory.victory_points(state, 0) == vp + 2
    assert metropolis.metropolis_count(state, 0) == 1


def test_choose_metropolis_rejects_other_corners() -> None:
    """rules §13.3: the host must be one of the offered cities without a metropolis."""
    state = in_action()
    a, b = cities(state, 0, 2)
    state.b_metro[b] = "trade"
    state.players[0].levels["science"] = 3
    give(state, 0, paper=4)
    play(state, 0, "improveCity", track="science")
    assert state.pending is not None
    assert state.pending["payload"]["eligibleIntersectionIds"] == [state.topo.int_ids[a]]
    refused(state, 0, "chooseMetropolisCity", "not_eligible", intersectionId=state.topo.int_ids[b])
    refused(state, 1, "chooseMetropolisCity", "not_your_decision", intersectionId=state.topo.int_ids[a])


def _holder_setup(holder_level: int, my_level: int) -> tuple[State, int, int]:
    """p2 holds the science metropolis at ``holder_level``; p1 is at ``my_level`` with the paper
    for one more step."""
    state = in_action()
    (old,) = cities(state, 1, 1)
    (new,) = cities(state, 0, 1)
    state.b_metro[old] = "science"
    state.players[1].levels["science"] = holder_level
    state.players[0].levels["science"] = my_level
    give(state, 0, paper=my_level + 1)
    return state, old, new


def test_four_against_four_keeps_the_holder() -> None:
    """rules §13.3: a tie at level 4 does not move the marker."""
    state, old, _ = _holder_setup(4, 3)
    play(state, 0, "improveCity", track="science")
    assert state.pending is None and state.b_metro[old] == "science"
    assert state.players[0].levels["science"] == 4


def test_five_against_four_moves_the_marker_at_placement() -> None:
    """rules §13.3 / digest ruling 19: 5 beats 4; the old holder keeps the marker until the new
    host is chosen, then it moves in one step; the loser's level stays."""
    state, old, new = _holder_setup(4, 4)
    vp_old = victory.victory_points(state, 1)
    play(state, 0, "improveCity", track="science")
    assert state.pending is not None and state.pending["type"] == "chooseMetropolisCity"
    assert state.b_metro[old] == "science" and victory.victory_points(state, 1) == vp_old
    play(state, 0, "chooseMetropolisCity", intersectionId=state.topo.int_ids[new])
    assert state.b_metro[old] is None and state.b_metro[new] == "science"
    assert victory.victory_points(state, 1) == vp_old - 2
    assert state.players[1].levels["science"] == 4
    assert [i for i, m in enumerate(state.b_metro) if m == "science"] == [new]


def test_five_against_five_keeps_the_first() -> None:
    """rules §13.3: two level-5 players tie; the first to reach 5 keeps it."""
    state, old, _ = _holder_setup(5, 4)
    play(state, 0, "improveCity", track="science")
    assert state.pending is None and state.b_metro[old] == "science"


def test_holder_raising_own_track_opens_nothing() -> None:
    """rules §13.3: the holder reaching 5 keeps its marker without a new choice."""
    state = in_action()
    (c,) = cities(state, 0, 1)
    state.b_metro[c] = "trade"
    state.players[0].levels["trade"] = 4
    give(state, 0, cloth=5)
    play(state, 0, "improveCity", track="trade")
    assert state.pending is None and state.players[0].levels["trade"] == 5


def test_host_requirement_refuses_before_paying() -> None:
    """rules §13.1 / §13.3: winning a marker with no city free to host it is refused, nothing paid."""
    state = in_action()
    (c,) = cities(state, 0, 1)
    state.b_metro[c] = "trade"
    state.players[0].levels["science"] = 3
    give(state, 0, paper=4)
    refused(state, 0, "improveCity", "no_host_city", track="science")
    assert state.players[0].com["paper"] == 4 and state.players[0].levels["science"] == 3
    # Without a marker at stake (4 against a level-4 holder) the same player may improve.
    (other,) = cities(state, 1, 1)
    state.b_metro[other] = "science"
    state.players[1].levels["science"] = 4
    play(state, 0, "improveCity", track="science")
    assert state.players[0].levels["science"] == 4 and state.pending is None


def test_metropolis_is_immune_to_pillage() -> None:
    """rules §13.3 / §8.5: a metropolis city is never among the cities a pillage may take."""
    state = in_action()
    a, b = cities(state, 0, 2)
    state.b_metro[a] = "politics"
    assert berserker.pillage_candidates_of(state, 0) == [b]
    state.b_metro[b] = "science"
    assert berserker.pillage_candidates_of(state, 0) == []


def test_science_three_bonus_after_a_roll_that_paid_nothing() -> None:
    """rules §6.5 / §13.2: science >= 3 and nothing received on a non-7 roll opens
    scienceLevel3Bonus offering only resources the bank still has."""
    state = in_action()
    state.players[1].levels["science"] = 3
    state.players[2].levels["science"] = 2
    state.bank["ore"] = 0
    state.queue = [{"task": "production", "sum": 5}]  # nobody has a building: nothing is paid
    pump(state)
    assert state.pending is not None and state.pending["type"] == "scienceLevel3Bonus"
    assert state.pending["allowedPlayerIds"] == ["p2"]
    assert state.pending["payload"]["eligibleResources"] == ["lumber", "brick", "wool", "grain"]
    play(state, 1, "chooseScienceBonusResource", resource="wool")
    assert state.players[1].res["wool"] == 1 and state.pending is None


def test_trade_three_makes_commodities_two_to_one() -> None:
    """rules §13.2 / §12.2: trade level 3 gives 2:1 on commodities only."""
    state = in_action()
    assert maritime.rate(state, 0, "cloth") == 4
    state.players[0].levels["trade"] = 3
    assert maritime.rate(state, 0, "cloth") == 2 and maritime.rate(state, 0, "coin") == 2
    assert maritime.rate(state, 0, "ore") == 4
    give(state, 0, coin=2)
    play(state, 0, "maritimeTrade", offer={"type": "coin", "count": 2}, want={"type": "ore", "count": 1})
    assert state.players[0].res["ore"] == 1


def test_politics_three_allows_mighty_knights() -> None:
    """rules §13.2 / §10.4: strong -> mighty needs politics level 3."""
    state = in_action()
    kid = knight(state, 0, 0, "strong")
    give(state, 0, ore=2, wool=2)
    refused(state, 0, "promoteKnight", "needs_politics", knightId=kid)
    state.players[0].levels["politics"] = 3
    play(state, 0, "promoteKnight", knightId=kid)
    assert state.knights[kid].level == "mighty"


def test_aqueduct_choices_shrink_as_earlier_players_empty_the_bank() -> None:
    """rules §6.5: the bonus list is worked out again for each queued player, so a resource taken by
    an earlier player is not offered to a later one once its stack is empty; with every resource
    stack empty the bonuses still queued are dropped without a decision."""
    state = in_action()
    for p in state.players:
        p.levels["science"] = 3
    for kind in state.bank:
        if kind in ("lumber", "brick", "wool", "grain", "ore"):
            state.bank[kind] = 0
    state.bank["grain"] = state.bank["ore"] = 1
    state.queue = [{"task": "production", "sum": 5}]  # nobody has a building: nothing is paid
    pump(state)
    assert state.pending is not None and state.pending["allowedPlayerIds"] == ["p1"]
    assert state.pending["payload"]["eligibleResources"] == ["grain", "ore"]
    play(state, 0, "chooseScienceBonusResource", resource="grain")
    assert state.pending is not None and state.pending["allowedPlayerIds"] == ["p2"]
    assert state.pending["payload"]["eligibleResources"] == ["ore"]
    play(state, 1, "chooseScienceBonusResource", resource="ore")
    assert state.pending is None and state.queue == []
    assert state.players[2].res == {k: 0 for k in state.players[2].res}


def test_a_seven_gives_no_aqueduct_bonus() -> None:
    """digest §7 item 21 / rules §6.5: the science level-3 bonus follows only a roll other than 7; a
    7 pays nobody, yet opens no scienceLevel3Bonus."""
    state = in_action()
    state.players[0].levels["science"] = 3
    state.queue = [{"task": "seven"}]
    pump(state)
    assert state.pending is None and state.queue == []
