"""Codex bots, play_game and ``replaykit record codex`` (design §1, §6, §10; rules §5, §12, §15.2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from codex_helpers import give, in_action, play

from toolkit.cli import cli
from toolkit.codex_coverage import coverage
from toolkit.games.codex import GAME
from toolkit.games.codex import constants as C
from toolkit.games.codex.bots import (
    BOTS,
    HeuristicBot,
    RandomBot,
    StuckGame,
    make_bot,
    next_seat,
    play_game,
)
from toolkit.games.codex.bots import play as play_bots
from toolkit.rng import Stream


def run(*args: object) -> object:
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_every_bot_move_is_listed_and_legal() -> None:
    """design §4: bots choose only among listed moves, which the engine then accepts."""
    for name in ("random", "heuristic"):
        players = [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}]
        state = GAME.new_game(3, {"players": players, "standingWants": True})
        bots = [make_bot(name, 3, s) for s in range(3)]
        driver = Stream(3, "bot:driver")
        for _ in range(400):
            if GAME.is_over(state):
                break
            seat = next_seat(state, driver)
            move = bots[seat].choose(state, seat)
            assert move in GAME.legal_moves(state, seat)
            GAME.apply(state, move)


def test_play_game_is_deterministic_and_ends_at_target() -> None:
    """design §6, rules §15.2: the same seed gives the same game; heuristic bots reach the VP target."""
    a = play_game(11, ["heuristic"], players=3)
    b = play_game(11, ["heuristic"], players=3)
    assert a == b
    config, moves = a
    assert [p["bot"] for p in config["players"]] == ["heuristic"] * 3
    state = GAME.new_game(11, config)
    for m in moves:
        GAME.apply(state, m)
    assert state.phase == "gameOver"
    assert state.winner is not None
    assert sum(1 for m in moves if m["type"] == "endTurn") > 10


def test_turn_cap_stops_an_unfinished_game_and_result_reports_it() -> None:
    """design §1: a game the bots cannot finish stops at the turn cap, and the result says so."""
    game = play_bots(2, ["random"], players=2, turn_cap=6)
    assert not game.finished
    result = game.result()
    assert result["finished"] is False and result["stoppedAtTurnCap"] == 6
    assert game.state.turn_number == 7


def test_options_reach_the_config() -> None:
    """rules §3 and §12.3: the grand board and standing wants are game-creation options."""
    game = play_bots(4, ["random", "heuristic"], board="grand", standing_wants=True, turn_cap=3)
    assert game.config["board"] == "grand" and game.config["standingWants"] is True
    assert game.state.size == "grand" and game.state.standing_wants_enabled


def test_bots_own_their_streams() -> None:
    """design §6: each bot draws from its own keyed stream, never the engine's."""
    assert make_bot("random", 1, 2).rng.purpose == "bot:random:2"  # type: ignore[attr-defined]
    assert make_bot("heuristic", 1, 0).rng.purpose == "bot:heuristic:0"  # type: ignore[attr-defined]
    assert BOTS["greedy"] is HeuristicBot
    with pytest.raises(ValueError):
        make_bot("psychic", 1, 0)


def test_bot_without_listed_move_reports_stuck() -> None:
    """design §4: a seat owing a decision with no listed move is an engine bug, reported as StuckGame."""
    state = in_action()
    state.phase = "gameOver"
    with pytest.raises(StuckGame):
        RandomBot(1).choose(state, 0)


def test_heuristic_builds_a_city_when_it_can() -> None:
    """rules §9.4: the heuristic bot prefers a city over ending its turn."""
    state = in_action()
    i = state.topo.int_index[state.topo.int_ids[20]]
    state.b_owner[i], state.b_type[i] = 0, "settlement"
    state.players[0].settlements -= 1
    give(state, 0, ore=3, grain=2)
    move = HeuristicBot(1).choose(state, 0)
    assert move["type"] == "buildCity"


def test_heuristic_activates_knights_before_an_attack() -> None:
    """rules §8.3: with the ship one step away the heuristic bot activates an idle knight."""
    state = in_action()
    i = 20
    state.b_owner[i], state.b_type[i] = 0, "settlement"
    from codex_helpers import knight

    j = state.topo.int_neighbors[i][0]
    knight(state, 0, j, active=False)
    give(state, 0, grain=1)
    state.berserker_pos = C.BERSERKER_TRACK_MAX - 1
    move = HeuristicBot(1).choose(state, 0)
    assert move["type"] == "activateKnight"


def test_heuristic_responder_passes_on_useless_trade() -> None:
    """rules §12.1: a responder's answer is a listed bid or pass; a trade it cannot use is passed."""
    state = in_action()
    give(state, 0, wool=2)
    give(state, 1, brick=1)
    play(state, 0, "domesticTradePropose", offer=[{"type": "wool", "count": 1}],
         want=[{"type": "brick", "count": 1}])
    move = HeuristicBot(1, 1).choose(state, 1)
    assert move["type"] in ("domesticTradeBid", "domesticTradePass")
    assert move in GAME.legal_moves(state, 1)


def test_auction_driver_lets_unanswered_responders_go_first() -> None:
    """rules §12.1: the auction waits for responders before the proposer closes it (driver rule)."""
    state = in_action()
    give(state, 0, wool=2)
    play(state, 0, "domesticTradePropose", offer=[{"type": "wool", "count": 1}],
         want=[{"type": "brick", "count": 1}])
    driver = Stream(1, "bot:driver")
    assert next_seat(state, driver) == 1
    play(state, 1, "domesticTradePass")
    assert next_seat(state, driver) == 2
    play(state, 2, "domesticTradePass")
    assert state.pending is None


def test_record_codex_options_write_a_valid_replaying_save(tmp_path: Path) -> None:
    """design §1: record codex --grand --standing-wants writes a save that validates and replays."""
    out = tmp_path / "g.json"
    result = run("record", "codex", "--seed", "3", "--players", "3", "--grand", "--standing-wants",
                 "--bots", "heuristic", "-o", out)
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    data = json.loads(out.read_text())
    assert data["config"]["board"] == "grand" and data["config"]["standingWants"] is True
    assert run("validate", out).exit_code == 0  # type: ignore[attr-defined]
    replayed = run("replay", out)
    assert replayed.exit_code == 0  # type: ignore[attr-defined]
    assert "the game is over" in replayed.output  # type: ignore[attr-defined]


def test_record_options_are_codex_only(tmp_path: Path) -> None:
    """design §7: an option the game does not have is a usage error."""
    result = run("record", "pioneers", "--seed", "1", "--grand", "-o", tmp_path / "p.json")
    assert result.exit_code == 2  # type: ignore[attr-defined]


def test_coverage_counts_actions_and_pendings() -> None:
    """design §10: recorded bot games validate, replay to the same digests, and reach many rule areas."""
    result = coverage(2, base=40)
    assert result.games == 2 and not result.problems
    assert result.finished + result.capped == 2
    assert result.moves == sum(result.actions.values())
    for kind in ("placeSetupBuilding", "rollDice", "endTurn", "domesticTradePropose", "buildRoad"):
        assert result.actions[kind] > 0
    assert result.pendings["placeSetupRoad"] == 2 * 8
    assert "resign" not in result.missing_actions()
    assert "domesticTradeResponse" in result.table()


@pytest.mark.parametrize("argv", [["x"], ["0"], ["3", "y"]])
def test_coverage_script_refuses_a_bad_argument_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m toolkit.codex_coverage` names a bad count or seed on one line and exits 2, no traceback."""
    from toolkit.codex_coverage import main

    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert len(errors) == 1 and "Traceback" not in errors[0]
