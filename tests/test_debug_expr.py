"""The condition language of the debug tools (toolkit/debug/expr.py, toolkit/debug/context.py)."""

from __future__ import annotations

import ast
import inspect
from typing import Any

import pytest

from toolkit.debug import context, expr
from toolkit.debug.expr import DictScope, ExprEvalError, ExprSyntaxError, evaluate, holds, parse

VIEW: dict[str, Any] = {
    "phase": "turn",
    "turn": 7,
    "dice": [3, 4],
    "decisions": {"1": "discard"},
    "board": {"bandit": 9},
    "players": [{"seat": 0, "score": 3}, {"seat": 1, "score": 5}, {"seat": 2, "score": 8}],
    "offer": None,
    "winner": None,
}


def value(text: str, names: dict[str, Any] | None = None) -> Any:
    return evaluate(parse(text), DictScope(VIEW if names is None else names))


def test_literals_and_arithmetic() -> None:
    """design §7 bisect: integers, strings, true/false/null and + - * evaluate as written."""
    assert value("1 + 2 * 3") == 7
    assert value("(1 + 2) * 3") == 9
    assert value("-4 + 10") == 6
    assert value("'ab'") == "ab"
    assert value('"say \\"hi\\""') == 'say "hi"'
    assert value("true") is True
    assert value("null") is None


def test_names_fields_and_indexes_read_the_view() -> None:
    """Names resolve in the view; dotted access and indexing walk into it."""
    assert value("phase") == "turn"
    assert value("players[2].score") == 8
    assert value("board.bandit") == 9
    assert value("dice[0] + dice[1]") == 7
    assert value("decisions[1]") == "discard"  # an integer finds a string key
    assert value("players[1 + 1].score") == 8


def test_comparisons_and_logic() -> None:
    """== != < <= > >= with and/or/not and parentheses."""
    assert holds(parse("turn == 7 and phase == 'turn'"), DictScope(VIEW))
    assert holds(parse("turn > 9 or players[2].score >= 8"), DictScope(VIEW))
    assert not holds(parse("not (turn <= 7)"), DictScope(VIEW))
    assert holds(parse("phase != 'over'"), DictScope(VIEW))
    assert holds(parse("'abc' < 'abd'"), DictScope(VIEW))


def test_json_equality_does_not_mix_types() -> None:
    """A number never equals a string or a boolean: 9 == "9" and 1 == true are false."""
    assert value("board.bandit == '9'") is False
    assert value("1 == true") is False
    assert value("offer == null") is True


def test_null_propagates_and_orders_false() -> None:
    """Before the first roll dice is null: indexing gives null and ordering is false, not an error."""
    names = dict(VIEW, dice=None)
    assert value("dice[0]", names) is None
    assert value("dice[0] + 1", names) is None
    assert value("dice[0] > 3", names) is False
    assert value("dice[0] == null", names) is True


def test_and_or_short_circuit() -> None:
    """The right side is not evaluated when the left decides, so guards work."""
    names = dict(VIEW, dice=None)
    assert value("dice != null and dice[5] > 0", names) is False


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("vp(2) >=", "expected a value"),
        ("phase = 'over'", "use '=='"),
        ("a && b", "use 'and'"),
        ("(turn > 3", "expected ')'"),
        ("players[1.score", "expected ']'"),
        ("turn > 3 4", "after a complete expression"),
        ("'open", "unterminated string"),
        ("1 < 2 < 3", "do not chain"),
        ("launch(2)", "unknown function"),
        ("vp(1, 2)", "takes 1 argument"),
        ("players.0", "use [0]"),
        ("turn # 3", "unexpected character"),
        ("3abc", "cannot run into letters"),
        ("\u00b2", "unexpected character"),
        ("1\u00b2 > 0", "unexpected character"),
        ("turn > \u2460", "unexpected character"),
    ],
)
def test_malformed_expressions_name_the_column(text: str, fragment: str) -> None:
    """A malformed expression is a one-line syntax error with a column, never a Python error."""
    with pytest.raises(ExprSyntaxError) as info:
        parse(text)
    message = str(info.value)
    assert fragment in message
    assert "column" in message and "\n" not in message


def test_decimal_digits_of_any_script_are_numbers() -> None:
    """A number is a run of decimal digits (what int() reads), whatever the script."""
    assert value("\u0661\u0662 + 1") == 13


def test_deep_nesting_is_refused_cleanly() -> None:
    """A pathological expression is refused as a syntax error, not a RecursionError."""
    with pytest.raises(ExprSyntaxError):
        parse("(" * 500 + "1" + ")" * 500)
    with pytest.raises(ExprSyntaxError):
        parse("not " * 500 + "true")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("nosuch > 1", "unknown name 'nosuch'"),
        ("board.robber", "no field 'robber'"),
        ("players[7].score", "out of range"),
        ("phase > 3", "cannot order"),
        ("phase + 1", "needs numbers"),
        ("turn.x", "cannot read field"),
    ],
)
def test_evaluation_errors_are_reported(text: str, fragment: str) -> None:
    """Typos and type mix-ups are errors at evaluation, with the reason."""
    with pytest.raises(ExprEvalError) as info:
        value(text)
    assert fragment in str(info.value)


def test_parser_never_calls_python_eval() -> None:
    """The language is parsed by hand: the module contains no call to eval, exec or compile."""
    tree = ast.parse(inspect.getsource(expr))
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not called & {"eval", "exec", "compile", "__import__"}
    with pytest.raises(ExprEvalError):
        value("__import__")


def test_len_and_total_helpers() -> None:
    """len() counts a list or object; total() sums its numbers."""
    assert value("len(players)") == 3
    assert value("total(dice)") == 7
    assert value("len(decisions)") == 1
    assert value("total(players[0])") == 3


# ---------------------------------------------------------------- game contexts


class FakeGame:
    """Serves canned views per seat, like an engine's ``view``."""

    def __init__(self, game_id: str, views: dict[Any, dict[str, Any]]) -> None:
        self.id = game_id
        self.views = views
        self.calls: list[Any] = []

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        self.calls.append(seat)
        return self.views[seat]


def pioneers_views() -> dict[Any, dict[str, Any]]:
    def player(seat: int, own: bool) -> dict[str, Any]:
        hand = {"brick": 0, "lumber": 1, "wool": 0, "grain": 2, "ore": seat * 3} if own else None
        name = ["Ada", "Bo", "Cy"][seat]
        return {"seat": seat, "name": name, "handCount": 3, "hand": hand, "score": seat + 2}

    def view(seat: int | None) -> dict[str, Any]:
        return {
            "game": "pioneers", "seat": seat, "turn": 12, "phase": "turn", "dice": [6, 1],
            "board": {"hexes": [], "ports": [], "bandit": 4},
            "players": [player(s, s == seat) for s in range(3)],
            "myScore": None if seat is None else seat + 3,
            "finalScores": None,
        }

    return {seat: view(seat) for seat in (None, 0, 1, 2)}


def test_pioneers_context_aliases_and_helpers() -> None:
    """pioneers.md §Hidden information: robber.hex is board.bandit, vp() the true score, hand() own hand."""
    game = FakeGame("pioneers", pioneers_views())
    scope = context.PositionScope(game, state=None, move=40)  # type: ignore[arg-type]
    assert holds(parse("robber.hex == 4"), scope)
    assert holds(parse("roll == 7"), scope)
    assert holds(parse("vp(2) == 5 and players[2].score == 4"), scope)  # hidden points count in vp()
    assert holds(parse("hand(2).ore > 4"), scope)
    assert holds(parse("hand('Bo').ore == 3"), scope)
    assert holds(parse("players[1].hand.grain == 2"), scope)  # the full view shows every hand
    assert holds(parse("move == 40 and not illegal"), scope)
    with pytest.raises(ExprEvalError, match="no seat 5"):
        evaluate(parse("vp(5)"), scope)
    assert game.calls.count(None) == 1  # the full view is built once per position


def test_pioneers_vp_uses_final_scores_once_over() -> None:
    """pioneers.md §Ending and placements: once over, finalScores hold every seat's true points."""
    views = pioneers_views()
    for v in views.values():
        v["finalScores"] = [10, 7, 4]
    scope = context.PositionScope(FakeGame("pioneers", views), None, 99)  # type: ignore[arg-type]
    assert evaluate(parse("vp(0)"), scope) == 10


def codex_views() -> dict[Any, dict[str, Any]]:
    def player(pid: str, seat: int, own: bool) -> dict[str, Any]:
        entry: dict[str, Any] = {"id": pid, "seatIndex": seat, "victoryPoints": 4 + seat}
        if own:
            entry["resources"] = {"lumber": 1, "brick": 0, "wool": 0, "grain": 0, "ore": 5 + seat}
            entry["commodities"] = {"coin": 1, "paper": 0, "cloth": 0}
        else:
            entry["materialCount"] = 3
        return entry

    ids = ["p1", "p2", "p3"]

    def view(seat: int | None) -> dict[str, Any]:
        return {
            "phase": "action", "turnNumber": 10, "currentPlayerId": "p1",
            "players": {pid: player(pid, i, i == seat) for i, pid in enumerate(ids)},
            "board": {"hexes": {"0,0": {"id": "0,0", "robberPresent": False},
                                "1,-1": {"id": "1,-1", "robberPresent": True}}},
            "dice": {"die1": 6, "die2": 2, "sum": 8},
        }

    return {seat: view(seat) for seat in (None, 0, 1, 2)}


def test_codex_context_uses_wire_field_names() -> None:
    """codex wire state: turnNumber, players by id, robberPresent on board hexes, dice.sum."""
    scope = context.PositionScope(FakeGame("codex", codex_views()), None, 5)  # type: ignore[arg-type]
    assert holds(parse('robber.hex == "1,-1"'), scope)
    assert holds(parse("turn == 10 and turnNumber == 10"), scope)
    assert holds(parse('currentPlayerId == "p1" and phase == "action"'), scope)
    assert holds(parse('vp("p2") == 5 and vp(2) == 6'), scope)
    assert holds(parse('hand("p3").ore == 7 and hand(0).coin == 1'), scope)
    assert holds(parse('players["p2"].victoryPoints == 5 and players[0].id == "p1"'), scope)
    assert holds(parse("roll == 8"), scope)
    with pytest.raises(ExprEvalError, match="no player has the id 'p9'"):
        evaluate(parse('vp("p9")'), scope)
    with pytest.raises(ExprEvalError, match=r"there is no seat 9 \(seats 0\.\.\d, whose ids are p1, "):
        evaluate(parse("vp(9)"), scope)


def test_a_missing_field_names_the_fields_spelled_like_it_first() -> None:
    """A typo in a field is an error that puts the fields spelled like it first, then a few of
    the others and how many there are, so the line stays short on a wide object."""
    fields = {f"field{k:02d}": k for k in range(30)} | {"victoryPoints": 3}
    scope = context.PositionScope(FakeGame("codex", codex_views()), None, 5)  # type: ignore[arg-type]
    with pytest.raises(ExprEvalError) as info:
        expr.get_field(fields, "victoryPoint")
    said = str(info.value)
    assert said.startswith("no field 'victoryPoint' here (did you mean victoryPoints? other fields: field00,")
    assert said.endswith(", ... (31 in all))") and said.count(",") < 12 and said.count("victoryPoints") == 1
    with pytest.raises(ExprEvalError) as info:
        expr.get_field(fields, "d")  # too short to look for inside names: no guess
    assert str(info.value).startswith("no field 'd' here (fields: field00,")
    with pytest.raises(ExprEvalError, match=r"^no field 'nothing' here \(fields: field00, "):
        expr.get_field(fields, "nothing")
    assert holds(parse("players[0].victoryPoints >= 0"), scope)


def test_unknown_name_lists_what_is_known() -> None:
    """A typo names the choices available at that position."""
    scope = context.PositionScope(FakeGame("pioneers", pioneers_views()), None, 0)  # type: ignore[arg-type]
    with pytest.raises(ExprEvalError) as info:
        evaluate(parse("phaze == 'turn'"), scope)
    assert "phase" in str(info.value) and "robber" in str(info.value)
