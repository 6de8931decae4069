"""Hostile saves get one clean line and exit 1 from every command that reads a save.

The README's Saves section states what is refused at load (duplicate keys, NaN and
Infinity, numbers beyond the 64-bit range, lone surrogates, invalid UTF-8, nesting
deeper than 64) and what is accepted (a leading byte-order mark, which ``fmt`` drops).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.saves import MAX_BYTES, SaveError, parse
from toolkit.textsafe import clean, excerpt

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = json.loads((FIXTURES / "pioneers-small.json").read_text(encoding="utf-8"))
SMALL_CODEX = json.loads((FIXTURES / "codex-small.json").read_text(encoding="utf-8"))


def _text(data: object) -> str:
    return json.dumps(data, indent=1)


def _with(key: str, raw_value: str) -> str:
    """The small pioneers save's text with ``raw_value`` (JSON text) under ``meta.key``."""
    data = dict(SMALL, meta={"title": "x"})
    return _text(data).replace('"title": "x"', f'"title": "x", "{key}": {raw_value}')


HOSTILE = {
    "huge_integer": (_with("n", "1" + "0" * 5000), "bad_number"),
    "integer_beyond_64_bits": (_with("n", str(2**64)), "bad_number"),
    "float_beyond_range": (_with("n", "1e400"), "bad_number"),
    "nan": (_with("n", "NaN"), "bad_json"),
    "infinity": (_with("n", "-Infinity"), "bad_json"),
    "lone_surrogate": (_with("n", '"\\ud800"'), "not_text"),
    "lone_surrogate_key": (_with('\\udfff', "1"), "not_text"),
    "deep_nesting": (_with("n", "[" * 800 + "]" * 800), "too_deep"),
    "very_deep_nesting": (_with("n", "[" * 100000 + "]" * 100000), "too_deep"),
    "duplicate_key": (_with("title", '"y"'), "duplicate_key"),
}


def _commands(path: str, other: str, out: Path) -> dict[str, list[str]]:
    return {
        "validate": ["validate", path],
        "info": ["info", path],
        "fmt --check": ["fmt", "--check", path],
        "replay": ["replay", path],
        "replay --check": ["replay", "--check", path],
        "bisect": ["bisect", "--diverges", path],
        "diff": ["diff", other, path],
        "trim": ["trim", path, "--to", "1", "-o", str(out / "trimmed.json")],
        "frames": ["frames", path, "-o", str(out / "frames")],
    }


COMMAND_NAMES = list(_commands("a", "b", Path(".")))
# `replay --check` answers `git bisect run`: a save this revision cannot read is "skip"
UNREADABLE = {"replay --check": 125}


def _run(args: list[str]) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    return result.exit_code, lines


@pytest.mark.parametrize("kind", list(HOSTILE))
@pytest.mark.parametrize("command", COMMAND_NAMES)
def test_hostile_text_gets_one_line_and_exit_1(kind, command, tmp_path):
    text, code = HOSTILE[kind]
    save = tmp_path / "hostile.json"
    save.write_text(text, encoding="utf-8")
    other = tmp_path / "good.json"
    other.write_text(_text(SMALL), encoding="utf-8")
    status, lines = _run(_commands(str(save), str(other), tmp_path)[command])
    assert status == UNREADABLE.get(command, 1)
    mine = [line for line in lines if str(save) in line]
    assert len(mine) == 1 and f"[{code}]" in mine[0]
    assert len(mine[0]) < 300


@pytest.mark.parametrize("command", COMMAND_NAMES)
def test_invalid_utf8_gets_one_line_and_exit_1(command, tmp_path):
    save = tmp_path / "latin1.json"
    save.write_bytes(_text(dict(SMALL, meta={"title": "x"})).replace('"x"', '"Bj\xf6rn"').encode("latin-1"))
    status, lines = _run(_commands(str(save), str(save), tmp_path)[command])
    assert status == UNREADABLE.get(command, 1)
    assert any(str(save) in line and "[not_utf8]" in line for line in lines)


@pytest.mark.parametrize("command", COMMAND_NAMES)
def test_a_file_over_the_size_limit_is_refused_unread(command, tmp_path):
    save = tmp_path / "huge.json"
    with open(save, "wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    status, lines = _run(_commands(str(save), str(save), tmp_path)[command])
    assert status == UNREADABLE.get(command, 1)
    assert any(str(save) in line and "[too_large]" in line for line in lines)


def test_a_byte_order_mark_is_ignored(tmp_path):
    save = tmp_path / "bom.json"
    save.write_bytes(b"\xef\xbb\xbf" + _text(SMALL).encode())
    status, lines = _run(["validate", str(save)])
    assert status == 0 and lines == [f"{save}: valid (pioneers, {len(SMALL['moves'])} moves)"]


def test_fmt_removes_a_byte_order_mark(tmp_path):
    save = tmp_path / "bom.json"
    save.write_bytes(b"\xef\xbb\xbf" + _text(SMALL).encode())
    _run(["fmt", str(save)])
    assert not save.read_bytes().startswith(b"\xef\xbb\xbf")


def test_a_duplicate_key_is_refused_naming_it():
    with pytest.raises(SaveError) as caught:
        parse("dup.json", '{"seed": 1, "moves": [], "seed": 2}')
    line = caught.value.problem.line()
    assert line == "dup.json: the key 'seed' appears twice in one object [duplicate_key]"


def _codex_first_move_with(field: str, value: str, folder: Path) -> Path:
    data = json.loads(json.dumps(SMALL_CODEX))
    data["moves"][0][field] = value
    save = folder / "hostile.json"
    save.write_text(_text(data), encoding="utf-8")
    return save


def test_a_newline_in_a_player_id_does_not_forge_a_line(tmp_path):
    save = _codex_first_move_with("playerId", "p1\nsave.json: valid (codex, 0 moves)", tmp_path)
    status, lines = _run(["validate", str(save)])
    assert status == 1
    assert all(line.startswith(f"{save}: ") for line in lines)
    assert any("p1\\nsave.json" in line for line in lines)


def test_an_ansi_escape_in_a_move_type_is_escaped(tmp_path):
    save = _codex_first_move_with("type", "\x1b[31mred", tmp_path)
    status, lines = _run(["replay", str(save)])
    assert status == 1
    assert lines and not any("\x1b" in line for line in lines)
    assert any("\\x1b[31mred" in line for line in lines)


def test_ten_thousand_players_give_a_short_line(tmp_path):
    data = dict(SMALL, config={"players": [{"name": f"P{i}"} for i in range(10000)]})
    save = tmp_path / "crowd.json"
    save.write_text(_text(data), encoding="utf-8")
    status, lines = _run(["validate", str(save)])
    assert status == 1
    assert len(lines) == 1 and len(lines[0]) < 300 and "[bad_size]" in lines[0]


def test_many_errors_are_listed_up_to_a_bound(tmp_path):
    data = dict(SMALL, checkpoints=[{"move": 0}] * 500)
    save = tmp_path / "many.json"
    save.write_text(_text(data), encoding="utf-8")
    status, lines = _run(["validate", str(save)])
    assert status == 1
    assert len(lines) == 51 and "[more_errors]" in lines[-1]


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("config", "players", 0, "name"), "N" * 65),
        (("config", "players", 0, "name"), "Ada\x1b[2J"),
        (("config", "players", 1, "bot"), "b" * 65),
        (("meta", "title"), "T" * 121),
        (("meta", "note"), "n" * 2001),
        (("meta", "note"), "bell\x07"),
    ],
)
def test_the_schema_bounds_player_text(where, value, tmp_path):
    data = json.loads(json.dumps(dict(SMALL, meta={"title": "t", "note": "n"})))
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    save = tmp_path / "long.json"
    save.write_text(_text(data), encoding="utf-8")
    status, lines = _run(["validate", str(save)])
    assert status == 1
    assert any("/".join(map(str, where)) in line for line in lines)


def test_a_note_may_hold_newlines(tmp_path):
    save = tmp_path / "note.json"
    save.write_text(_text(dict(SMALL, meta={"note": "line one\nline two\ttabbed"})), encoding="utf-8")
    assert _run(["validate", str(save)])[0] == 0


@pytest.mark.parametrize("seed", ["9" * 5000, str(2**63), "s" * 201])
def test_record_refuses_a_seed_no_save_can_hold_before_playing(seed, tmp_path):
    out = tmp_path / "game.json"
    args = ["record", "pioneers", "--seed", seed, "--players", "3", "-o", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert "'--seed'" in result.stderr and len(result.stderr) < 600
    assert not out.exists()


def test_clean_escapes_controls_and_cuts_long_text():
    assert clean("a\nb\x1b[0m\u202e\ud800") == "a\\nb\\x1b[0m\\u202e\\ud800"
    assert len(clean("x" * 1_000_000)) < 340


def test_excerpt_of_a_huge_array_is_short():
    assert len(excerpt([{"name": "x" * 100}] * 10000)) <= 61


def test_more_moves_than_the_schema_allows_are_refused(tmp_path):
    data = dict(SMALL, moves=[{"seat": 0, "kind": "turn", "action": {"type": "end_turn"}}] * 100_001)
    save = tmp_path / "long.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    status, lines = _run(["validate", str(save)])
    assert status == 1
    assert any("/moves: " in line and "is too long [bad_size]" in line for line in lines)


def test_a_move_list_too_long_is_refused_as_a_whole(tmp_path):
    """README §Saves: a move list longer than a save may hold is refused by its length alone
    (one error), its moves not read one by one: millions of bad moves would take minutes."""
    from toolkit import validation
    from toolkit.saves import load

    data = dict(SMALL, moves=[{}] * 300_000)
    save = tmp_path / "long.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    report = validation.check(load(str(save)))
    assert [(p.pointer, p.code) for p in report.errors] == [("/moves", "bad_size")]
    assert report.warnings == []


def test_a_checkpoint_list_too_long_is_refused_as_a_whole(tmp_path):
    """README §Saves: more checkpoints than a save may hold are refused by their number alone
    (one error), not read one by one: a million bad checkpoints took a minute to list."""
    from toolkit import validation
    from toolkit.saves import load

    data = dict(SMALL, checkpoints=[{"move": "x"}] * 250_000)
    save = tmp_path / "points.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    report = validation.check(load(str(save)))
    assert [(p.pointer, p.code) for p in report.errors] == [("/checkpoints", "bad_size")]


def _every_problem(save):
    """What a full check finds: the report listing every problem, unbounded."""
    from toolkit import validation

    report = validation.check(save, None)
    return report.errors, report.warnings


def test_a_repeated_bad_move_is_listed_at_its_first_places_and_counted(tmp_path):
    """The problems of a move repeated thousands of times are made at its first places only;
    the report lists the same first 50 as a full check and counts the rest exactly."""
    from toolkit import validation
    from toolkit.saves import load

    good = SMALL["moves"]
    bad = {"seat": 0, "kind": "turn", "action": {"type": "end_turn"}, "x": 1}
    data = dict(SMALL, moves=[*good[:3], *[{}] * 2_000, good[3], *[bad] * 300, {"seat": "0"}])
    save_path = tmp_path / "repeated.json"
    save_path.write_text(json.dumps(data), encoding="utf-8")
    save = load(str(save_path))
    every, every_warning = _every_problem(save)
    report = validation.check(save)
    assert report.errors[:50] == every[:50]
    assert report.errors[50].message == f"and {len(every) - 50} more like these, not listed"
    assert report.warnings == every_warning


def test_repeated_intents_with_unknown_fields_are_warned_of_and_counted(tmp_path):
    """A Station Master intent repeated hundreds of times with a field its schema does not
    declare (a warning) and one with an error besides: the warnings and errors listed are a full
    check's first 50 each, the rest counted exactly; an intent with an error is not also warned of."""
    from toolkit import validation
    from toolkit.saves import load

    data = json.loads((FIXTURES / "station-master-seed116956197-day2.json").read_text(encoding="utf-8"))
    history = data["history"]
    data["history"] = [*history, *[dict(history[1], extra=1)] * 400, *[dict(history[2], more=2, type=5)] * 60]
    save_path = tmp_path / "intents.json"
    save_path.write_text(json.dumps(data), encoding="utf-8")
    save = load(str(save_path))
    every, every_warning = _every_problem(save)
    report = validation.check(save)
    assert (len(every), len(every_warning)) == (60, 400)
    assert report.errors[:50] == every[:50] and report.warnings[:50] == every_warning[:50]
    assert report.errors[50].message == "and 10 more like these, not listed"
    assert report.warnings[50].message == "and 350 more like these, not listed"


def test_thousands_of_distinct_bad_moves_list_the_first_and_count_at_least_the_rest(tmp_path):
    """Thousands of distinct bad moves: the report lists the same first 50 problems as a full
    check, and stops reading once those are certain, counting the rest as "at least"."""
    from toolkit import validation
    from toolkit.saves import load

    moves = [{"seat": 0, "kind": "turn", "action": {"type": "end_turn"}, "n": n} for n in range(3_000)]
    save_path = tmp_path / "distinct.json"
    save_path.write_text(json.dumps(dict(SMALL, moves=[*SMALL["moves"][:4], *moves])), encoding="utf-8")
    save = load(str(save_path))
    every, _ = _every_problem(save)
    report = validation.check(save)
    assert report.errors[:50] == every[:50]
    more = re.fullmatch(r"and at least (\d+) more like these, not listed", report.errors[50].message)
    assert more and 0 < int(more.group(1)) < len(every) - 50


def test_a_save_of_millions_of_values_is_refused_before_parsing():
    with pytest.raises(SaveError) as caught:
        parse("many.json", '{"moves": [' + ",".join(["{}"] * 4_000_001) + "]}")
    assert caught.value.problem.code == "too_large"


@pytest.mark.parametrize("kind", ["huge_integer", "deep_nesting", "lone_surrogate", "duplicate_key"])
def test_a_hostile_wire_state_gets_one_line(kind, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(HOSTILE[kind][0], encoding="utf-8")
    status, lines = _run(["frames", "--state", str(state), "-o", str(tmp_path / "out")])
    assert status == 1
    assert lines == [line for line in lines if line.startswith(f"{state}: ")] and len(lines) == 1


def test_a_hostile_manifest_stops_the_site_with_one_line(tmp_path):
    folder = tmp_path / "replays"
    folder.mkdir()
    (folder / "manifest.json").write_text('{"replays": [' + "[" * 900 + "]" * 900 + "]}", encoding="utf-8")
    status, lines = _run(["site", str(folder), "-o", str(tmp_path / "site")])
    assert status == 1
    assert [line for line in lines if "manifest.json" in line and "[too_deep]" in line]


def test_info_prints_hostile_names_on_one_line_each(tmp_path: Path) -> None:
    """design.md §7: a report's text is one line per fact; a newline or an ANSI escape in a
    player name is shown escaped, so it can neither forge a line nor reach the terminal."""
    data = json.loads((Path(__file__).parents[1] / "replays" / "pioneers-two-against-two.json").read_text())
    data["config"]["players"][0]["name"] = "Ada\nfile: forged\x1b[31m" + "x" * 1_000_000
    path = tmp_path / "hostile-name.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["info", str(path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert not any(line.startswith("file: forged") for line in lines)
    assert "\x1b" not in result.output
    seat = next(line for line in lines if line.startswith("  seat 0:"))
    assert "Ada\\nfile: forged\\x1b[31m" in seat and len(seat) < 5000


def test_clean_escapes_exactly_the_unsafe_characters_and_leaves_every_other_one() -> None:
    """Of all Unicode code points, clean() rewrites the C0 and C1 controls, DEL, the line and
    paragraph separators, the bidi embeddings, overrides and isolates, the BOM and the
    surrogates, and passes every other character through as it is."""
    unsafe = {
        *range(0x00, 0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F),
        *range(0x2066, 0x206A), 0xFEFF, *range(0xD800, 0xE000),
    }
    rewritten = {c for c in range(0x110000) if clean(chr(c), None) != chr(c)}
    assert rewritten == unsafe


@pytest.mark.parametrize(
    "command", [["validate"], ["info"], ["replay"], ["replay", "--check"], ["check", "-j", "1"]]
)
def test_a_key_int_cannot_read_is_one_line_in_every_reader(command: list[str], tmp_path: Path) -> None:
    """A top-level key "²" (a digit to str.isdigit, not to int) is an unexpected field: the
    commands that validate say so in a line naming the file, never a traceback."""
    path = tmp_path / "superscript.json"
    path.write_text(json.dumps(dict(SMALL, **{"\u00b2": 1})), encoding="utf-8")
    result = CliRunner().invoke(cli, [*command, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (1, 125)
    assert any(line.startswith(str(path)) and "\u00b2" in line for line in result.output.splitlines())


@pytest.mark.parametrize(
    "command", [["info", "--json"], ["validate", "--json"], ["fmt", "--check", "--json"]]
)
def test_json_output_escapes_what_a_terminal_would_act_on(command: list[str], tmp_path: Path) -> None:
    """--json writes one document to stdout, often a terminal: a C1 control (U+009B is a CSI)
    or a bidi override in a name or a file name is written as a JSON escape, never raw, and
    the document still reads back to the very same text."""
    data = json.loads((Path(__file__).parents[1] / "replays" / "pioneers-two-against-two.json").read_text())
    name = "Ada\u202e\u2066\u009b2J\u0085\u2028\ufeff\u007f"
    data["config"]["players"][0]["name"] = name
    path = tmp_path / "c1\u009b\u202e.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli, [*command, str(path)])
    assert result.exit_code == 1
    for char in "\u202e\u2066\u009b\u0085\u2028\ufeff\u007f":
        assert char not in result.stdout
    document = json.loads(result.stdout)
    assert document["exit"] == 1
    if command[0] == "info":  # a fact, not an error line: the very same text once read back
        assert document["file"] == str(path)
        assert name in json.dumps(document, ensure_ascii=False)
