"""Bots and the whole-game driver."""

from __future__ import annotations

import copy
import itertools

import pytest

from toolkit.games.pioneers import GAME
from toolkit.games.pioneers.bots import GreedyBot, RandomBot, play_game
from toolkit.games.pioneers.constants import RESOURCES
from toolkit.games.pioneers.legal import bandit_choices, discard_choices, listing, turn_kinds
from toolkit.games.pioneers.production import victims_on


def replay(seed, config, moves):
    state = GAME.new_game(seed, config)
    for move in moves:
        GAME.apply(state, move)
    return state


def test_play_game_records_a_replayable_save() -> None:
    """design.md §5: play_game returns the save's config and a move list that replays to a finished game."""
    config, moves = play_game(
        "bots-1", ["greedy", "random", "random", "random"], names=["Ada", "B", "C", "D"]
    )
    assert config == {
        "players": [
            {"name": "Ada", "bot": "greedy"},
            {"name": "B", "bot": "random"},
            {"name": "C", "bot": "random"},
            {"name": "D", "bot": "random"},
        ]
    }
    state = replay("bots-1", config, moves)
    assert GAME.is_over(state)
    assert not any("strike" in m for m in moves)  # bots only ever make legal moves


def test_bots_only_make_legal_moves() -> None:
    """pioneers.md §Defaults and strikes: a bot's answers are legal, so it never takes a strike."""
    for seed in range(6):
        _, moves = play_game(f"legal-{seed}", ["greedy", "greedy", "random"])
        assert not any("strike" in m for m in moves)


def test_bot_streams_are_their_own() -> None:
    """design.md §6: bots draw from their own keyed streams, not the engine's."""
    bot = RandomBot("label")
    assert bot.stream(2).purpose == "bot/2/random"
    assert GreedyBot("label").stream(0).purpose == "bot/0/greedy"


def test_unknown_bot_name() -> None:
    """design.md §1: record names a bot per seat; an unknown name is an error."""
    with pytest.raises(ValueError):
        play_game("x", ["random", "random", "clever"])


@pytest.mark.slow
def test_greedy_beats_random() -> None:
    """pioneers.md §Ending: greedy (one seat, rotating) wins at least 70% of 200 four-seat games
    against three random seats."""
    games = 200
    wins = 0
    for i in range(games):
        seat = i % 4
        bots = ["random"] * 4
        bots[seat] = "greedy"
        config, moves = play_game(f"duel-{i}", bots)
        state = replay(f"duel-{i}", config, moves)
        wins += state.winner == seat
    assert wins / games >= 0.7


def test_discard_choices_list_every_discard_in_order() -> None:
    """pioneers.md, discards on a 7: any cards of the seat's choosing; answer i is the i-th in order."""
    for hand in ([3, 0, 2, 5, 1], [1, 1, 1, 1, 4], [0, 0, 0, 9, 0], [2, 2, 2, 2, 2]):
        for need in range(sum(hand) + 1):
            brute = [
                {RESOURCES[r]: c for r, c in enumerate(combo) if c}
                for combo in itertools.product(*(range(k + 1) for k in hand))
                if sum(combo) == need
            ]
            assert listing(discard_choices(hand, need)) == brute


def test_bandit_choices_list_every_hex_and_victim_in_order() -> None:
    """pioneers.md, the bandit: any other hex, with no victim or an opponent with a town there."""
    _, moves = play_game("bandit-order", ["greedy"] * 4)
    state = GAME.new_game("bandit-order", {"players": [{"name": f"P{i}"} for i in range(4)]})
    for move in moves[:200]:
        GAME.apply(state, move)
        for seat in range(4):
            expected = [
                {"hex": h, "victim": victim}
                for h in range(19)
                if h != state.bandit
                for victim in [None, *victims_on(state, seat, h)]
            ]
            assert listing(bandit_choices(state, seat)) == expected


@pytest.mark.parametrize("bots", [["random"] * 4, ["greedy", "random", "greedy"]])
def test_open_turn_kinds_have_answers_and_every_answer_is_legal(bots) -> None:
    """design.md §4: a kind is offered only when it has a legal answer, and each listed answer applies."""
    seed = "kinds-" + bots[1]
    config, moves = play_game(seed, bots)
    state = GAME.new_game(seed, config)
    for move in moves:
        if state.phase == "turn":
            seat = state.current
            for kind, build in turn_kinds(state, seat):
                size, pick = build()
                assert size >= 1, kind
                probe = copy.deepcopy(state)
                GAME.apply(probe, {"seat": seat, "kind": "turn", "action": pick(size - 1)})
        GAME.apply(state, move)
