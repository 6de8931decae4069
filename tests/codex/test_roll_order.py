"""Roll resolution order, tied defenders and robber targets (rules §6, §7.2-7.3, §8.4; digest §7)."""

from __future__ import annotations

import pytest
from codex_helpers import fresh, give, in_action, knight, play, put, roll_with_face

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, berserker
from toolkit.games.codex.flow import pump
from toolkit.games.codex.state import State


def corner(state: State, hex_id: str, k: int) -> int:
    return state.topo.hex_intersections[state.topo.hex_index[hex_id]][k]


def rolling(seed: str = "order") -> State:
    """p1 to roll; p2 has a city and p3 an active knight, so an attack is repelled by p3 alone."""
    state = in_action(seed)
    state.phase = "roll"
    put(state, 1, corner(state, "0,-2", 0), "city")
    knight(state, 2, corner(state, "0,2", 3))
    return state


def test_first_attack_on_a_seven_activates_the_robber_for_that_seven() -> None:
    """digest §7 item 4 / rules §7.2, §8.6: the event die resolves first, so when the first attack
    comes on a 7 the robber is already active and the same 7 asks for a robber hex."""
    state = rolling()
    state.berserker_pos = state.berserker_max - 1
    roll_with_face(state, "ship")
    state.dice_preset = (3, 4)
    play(state, 0, "rollDice")
    assert state.first_attack_done and state.robber_active
    assert state.berserker_pos == 0 and state.players[2].vp_tokens == 1
    assert state.pending is not None and state.pending["type"] == "chooseRobberHex"


def test_production_follows_an_attack_on_the_same_roll() -> None:
    """rules §8.1: production is not skipped by an attack; the same sum pays out afterwards."""
    state = rolling()
    h = state.topo.hex_index["0,0"]
    state.terrain[h], state.tokens[h] = "hills", 5
    put(state, 0, corner(state, "0,0", 0))
    state.berserker_pos = state.berserker_max - 1
    roll_with_face(state, "ship")
    state.dice_preset = (2, 3)
    play(state, 0, "rollDice")
    assert state.last_attack is not None and state.berserker_pos == 0
    assert state.players[0].res["brick"] == 1 and state.pending is None


def test_tied_top_defenders_each_choose_a_deck_and_draw_from_it() -> None:
    """rules §8.4: several players sharing the top defence get no token; each, in seat order from
    the current player, picks a deck (chooseProgressDeck) and draws its top card."""
    state = in_action()
    put(state, 1, corner(state, "0,-2", 0), "city")
    knight(state, 0, corner(state, "0,0", 0))
    knight(state, 2, corner(state, "0,2", 3))
    tasks, _ = berserker.attack(state)
    assert [(t["task"], t["seat"]) for t in tasks] == [("chooseProgressDeck", 0), ("chooseProgressDeck", 2)]
    assert all(p.vp_tokens == 0 for p in state.players)
    state.queue = tasks
    pump(state)
    assert state.pending is not None and state.pending["allowedPlayerIds"] == ["p1"]
    top = state.decks["trade"][0]
    play(state, 0, "chooseProgressDeck", deck="trade")
    assert top in state.players[0].hand + state.players[0].revealed_vp
    assert state.pending is not None and state.pending["allowedPlayerIds"] == ["p3"]
    play(state, 2, "chooseProgressDeck", deck="science")
    assert state.pending is None


def robber_to(state: State, hex_id: str) -> None:
    state.robber_active, state.robber_hex = True, state.terrain.index("desert")
    state.queue = [{"task": "robber"}]
    pump(state)
    play(state, 0, "chooseRobberHex", hexId=hex_id)


def test_a_single_victim_is_robbed_without_a_choice() -> None:
    """rules §7.3: with exactly one eligible opponent the steal happens at once (no chooseStealTarget)."""
    state = in_action()
    put(state, 1, corner(state, "0,0", 0))
    give(state, 1, ore=1)
    robber_to(state, "0,0")
    assert state.pending is None
    assert state.players[0].res["ore"] == 1 and state.players[1].res["ore"] == 0
    assert state.steal_ordinal == 1


def test_no_victim_means_no_steal() -> None:
    """rules §7.3: with no opponent holding cards next to the hex, nothing is stolen and the steal
    ordinal does not move; an own building or an empty-handed opponent does not count."""
    state = in_action()
    put(state, 0, corner(state, "0,0", 0))
    put(state, 1, corner(state, "0,0", 3))
    give(state, 0, wool=1)
    robber_to(state, "0,0")
    assert state.pending is None and state.steal_ordinal == 0
    assert state.players[0].hand_size() == 1


def test_victory_target_defaults_to_thirteen_and_may_be_lowered() -> None:
    """rules §1 / §15: the target is 13 unless the game sets its own (e.g. 8); it is on the wire."""
    assert fresh().vp_target == 13
    short = fresh(victoryPointsTarget=8)
    assert short.vp_target == 8 and GAME.view(short, 0)["victoryPointsTarget"] == 8


@pytest.mark.parametrize("bad", [0, -3, True, "8", 7.5])
def test_victory_target_must_be_a_positive_integer(bad: object) -> None:
    """rules §15 / design §4: a config with a target that is not a positive integer is refused."""
    with pytest.raises(IllegalMove) as err:
        fresh(victoryPointsTarget=bad)
    assert err.value.code == "bad_config"


def test_tied_defenders_choose_only_among_decks_with_cards() -> None:
    """digest §7 item 6 / rules §8.4: a tied repel offers only the decks that still hold cards; when
    all three are empty no chooseProgressDeck opens at all."""
    state = in_action()
    state.decks["science"] = []
    state.decks["trade"] = []
    state.queue, _ = berserker.attack(state)  # nobody defends: every player ties at 0
    pump(state)
    assert state.pending is not None and state.pending["payload"]["eligibleDecks"] == ["politics"]
    state = in_action()
    for deck in state.decks:
        state.decks[deck] = []
    state.queue, _ = berserker.attack(state)
    pump(state)
    assert state.pending is None and state.queue == []


def test_a_point_card_drawn_off_turn_wins_only_at_that_players_turn() -> None:
    """digest §7 item 9 / rules §13.4, §15.2: a player who reaches the target by revealing a point
    card during another player's roll does not end the game then; they win as their own turn begins."""
    state = in_action(victoryPointsTarget=2)
    state.phase = "roll"
    put(state, 1, corner(state, "0,0", 0))
    state.players[1].levels["science"] = 5  # draws whatever the red die shows
    pile = state.decks["science"]
    pile.insert(0, pile.pop(next(k for k, c in enumerate(pile) if c["cardId"] == "scienceAnnals")))
    roll_with_face(state, "science")
    play(state, 0, "rollDice")
    assert [c["cardId"] for c in state.players[1].revealed_vp] == ["scienceAnnals"]
    assert state.phase == "action" and state.winner is None
    while state.pending is not None:  # a 7's robber or discards, should the dice show one
        seat = GAME.to_move(state)[0]
        GAME.apply(state, GAME.legal_moves(state, seat)[0])
    play(state, 0, "endTurn")
    assert state.phase == "gameOver" and state.winner == 1
