"""The command line's contracts (issue 11 items 3-5, issue 13 item 7).

* ``--json``: every reporting command takes it; with it every outcome, success, failure or
  usage error, is exactly one JSON document on stdout with ``ok``, ``exit`` and ``errors``
  (records ``{file, move, pointer, code, message}``), and the exit code is unchanged.
* Outputs: ``-o/--out`` goes through one check (toolkit/outputs.py) before any work.
* ``record`` refuses what the game cannot take before playing; ``replay`` and
  ``replay --check`` agree on every save.
* The CLI imports a command's module only when it runs.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from toolkit.cli import COMMAND_MODULES, cli

ROOT = Path(__file__).resolve().parent.parent
REPLAYS = ROOT / "replays"
PIONEERS = REPLAYS / "pioneers-three-player-quick-win.json"
RECORD_FIELDS = {"file", "move", "pointer", "code", "message"}


def run(*args: Any) -> Result:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def document(result: Result) -> dict[str, Any]:
    """The one JSON document a --json run printed (and nothing on stderr)."""
    doc = json.loads(result.stdout)
    assert isinstance(doc, dict)
    assert result.stderr == ""
    assert doc["ok"] is (result.exit_code == 0) and doc["exit"] == result.exit_code
    assert all(set(error) == RECORD_FIELDS for error in doc["errors"])
    return doc


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("contract") / "game.json"
    path.write_bytes(PIONEERS.read_bytes())
    return path


@pytest.fixture(scope="module")
def unknown_field(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A published save with one key its schema does not allow: the engine would replay it."""
    data = json.loads(PIONEERS.read_text(encoding="utf-8"))
    data["extra"] = True
    path = tmp_path_factory.mktemp("contract") / "extra.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_every_command_takes_json() -> None:
    """issue 11 item 3: every command that reports takes --json."""
    for name in cli.list_commands(None):  # type: ignore[arg-type]
        assert "--json" in run(name, "--help").output, name


# Failing runs of every command: (arguments, exit code). MISSING does not exist.
FAILURES = [
    (["validate", "MISSING"], 1),
    (["info", "MISSING"], 1),
    (["fmt", "MISSING"], 1),
    (["replay", "MISSING"], 1),
    (["replay", "--check", "MISSING"], 125),
    (["record", "pioneers", "--seed", "1", "--players", "2", "-o", "OUT"], 2),
    (["board", "pioneers", "--grand"], 2),
    (["frames", "MISSING", "-o", "OUT"], 1),
    (["site", "MISSING", "-o", "OUT"], 1),
    (["bisect", "MISSING", "--diverges"], 1),
    (["bisect", "MISSING", "--until", "vp(0) >="], 2),
    (["diff", "MISSING", "MISSING"], 1),
    (["trim", "MISSING", "--to", "3", "-o", "OUT"], 1),
    (["docs", "--bogus"], 2),
    (["bench", "--games", "0"], 2),
    (["moves", "--state", "MISSING"], 1),
    (["no-such-command"], 2),
]


@pytest.mark.parametrize(("args", "code"), FAILURES, ids=[" ".join(a) for a, _ in FAILURES])
def test_a_failure_is_one_json_document_with_the_same_exit_code(
    tmp_path: Path, args: list[str], code: int
) -> None:
    """issue 11 item 3: errors as records on stdout, exit code as without --json."""
    args = [str(tmp_path / a) if a in ("MISSING", "OUT") else a for a in args]
    plain = run(*args)
    as_json = run(*args, "--json")
    assert (plain.exit_code, as_json.exit_code) == (code, code)
    doc = document(as_json)
    assert doc["ok"] is False and doc["errors"], doc
    assert doc["errors"][0]["message"]


@pytest.mark.parametrize(
    "args",
    [
        ["validate", PIONEERS],
        ["info", PIONEERS],
        ["fmt", "--check", PIONEERS],
        ["replay", PIONEERS],
        ["replay", "--check", PIONEERS],
        ["board", "pioneers"],
    ],
    ids=lambda a: a if isinstance(a, str) else " ".join(map(str, a))[:30],
)
def test_a_success_is_one_json_document(args: list[Any]) -> None:
    """issue 11 item 3: success is one document too, with ok true and no errors."""
    doc = document(run(*args, "--json"))
    assert doc["ok"] is True and doc["errors"] == []


def test_fmt_json_lists_what_it_did(tmp_path: Path) -> None:
    """fmt --json reports each file's status (fmt had no --json before)."""
    messy = tmp_path / "messy.json"
    messy.write_text(json.dumps(json.loads(PIONEERS.read_text(encoding="utf-8"))), encoding="utf-8")
    doc = document(run("fmt", messy, PIONEERS, "--json"))
    assert doc["reformatted"] == [str(messy)]
    assert [f["status"] for f in doc["files"]] == ["reformatted", "canonical"]


def test_a_file_name_that_is_not_utf8_keeps_the_json_document_utf8(tmp_path: Path) -> None:
    """A --json document is UTF-8 whatever the names it reports: a file name's bytes that are
    not UTF-8 are written as the same escape in the file list as in the errors."""
    odd = tmp_path / os.fsdecode(b"\xfe.json")
    odd.write_text("{}", encoding="utf-8")
    command = [sys.executable, "-m", "toolkit", "validate", os.fsencode(odd), "--json"]
    result = subprocess.run(command, capture_output=True, check=False)
    doc = json.loads(result.stdout.decode("utf-8"))
    assert result.returncode == 1
    assert doc["files"][0]["file"] == doc["files"][0]["errors"][0]["file"] == str(tmp_path / "\\udcfe.json")


def test_a_usage_error_under_json_is_a_usage_record() -> None:
    """A Click usage error with --json: one document, code "usage", exit 2."""
    result = run("replay", "--json", "--no-such-option")
    assert result.exit_code == 2
    assert document(result)["errors"][0]["code"] == "usage"


def test_replay_check_json_says_the_verdict(game: Path, tmp_path: Path) -> None:
    """replay --check --json: 0 good, 1 bad, 125 skip, stated as a verdict."""
    assert document(run("replay", "--check", game, "--json"))["verdict"] == "good"
    missing = run("replay", "--check", tmp_path / "none.json", "--json")
    assert (missing.exit_code, document(missing)["verdict"]) == (125, "skip")


# ---------------------------------------------------------------- outputs


def record_to(out: Any, *extra: str) -> Result:
    return run("record", "pioneers", "--seed", "3", "--players", "3", "-o", out, *extra)


def test_record_refuses_a_device_and_leaves_it(tmp_path: Path) -> None:
    """issue 11 item 4: `record -o /dev/null` must not replace the device node."""
    result = record_to("/dev/null")
    assert result.exit_code == 1
    assert "/dev/null: is a character device" in result.stderr
    assert Path("/dev/null").is_char_device()


def test_record_refuses_a_named_pipe(tmp_path: Path) -> None:
    """A named pipe is refused at once (not opened, not replaced)."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    result = record_to(pipe)
    assert result.exit_code == 1 and "is a named pipe" in result.stderr
    assert pipe.is_fifo()


def test_trim_refuses_a_socket(tmp_path: Path, game: Path) -> None:
    """A socket is refused too."""
    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        result = run("trim", game, "--to", "3", "-o", path)
    assert result.exit_code == 1 and "is a socket" in result.stderr


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    """The file a symlink points to is replaced; the link stays a link."""
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert record_to(link).exit_code == 0
    assert link.is_symlink() and json.loads(real.read_text(encoding="utf-8"))["game"] == "pioneers"


def test_a_missing_parent_is_named_and_not_created(tmp_path: Path) -> None:
    """`record -o /nonexistent-dir/x.json` names the folder and creates nothing."""
    result = record_to(tmp_path / "nowhere" / "x.json")
    assert result.exit_code == 1
    assert f"the folder {tmp_path / 'nowhere'} does not exist" in result.stderr
    assert not (tmp_path / "nowhere").exists()


def test_dash_writes_the_save_to_stdout(tmp_path: Path, game: Path) -> None:
    """`-o -` is stdout for record and trim; no file named '-' appears."""
    recorded = record_to("-")
    assert recorded.exit_code == 0 and json.loads(recorded.stdout)["game"] == "pioneers"
    trimmed = run("trim", game, "--to", "5", "-o", "-")
    assert trimmed.exit_code == 0 and len(json.loads(trimmed.stdout)["moves"]) == 5
    assert not Path("-").exists()


def test_output_is_the_old_hidden_spelling(tmp_path: Path, game: Path) -> None:
    """--output still works for record and trim, but --help shows only -o/--out."""
    assert run("trim", game, "--to", "2", "--output", tmp_path / "t.json").exit_code == 0
    assert "--output" not in run("record", "--help").output
    assert "-o, --out" in run("trim", "--help").output


def test_trim_never_overwrites_its_input(game: Path) -> None:
    """Writing over the input is a usage error."""
    before = game.read_bytes()
    result = run("trim", game, "--to", "2", "-o", game)
    assert result.exit_code == 2 and game.read_bytes() == before


def test_a_folder_output_must_be_a_folder(tmp_path: Path, game: Path) -> None:
    """frames -o FILE is refused: the output is a folder."""
    taken = tmp_path / "taken"
    taken.write_text("x", encoding="utf-8")
    result = run("frames", game, "-o", taken)
    assert result.exit_code == 1 and "exists and is not a folder" in result.stderr


def test_site_checks_its_output_before_building(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`site -o /proc/site` fails at once: the pages are never built."""
    import toolkit.site.builder

    def build(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("site built pages for an output it cannot write")

    monkeypatch.setattr(toolkit.site.builder, "build", build)
    result = run("site", REPLAYS, "-o", "/proc/site")
    assert result.exit_code == 1 and result.stderr.startswith("/proc/site: ")


# ---------------------------------------------------------------- record options


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["pioneers", "--players", "2"], "pioneers is played by 3-4 players, not 2"),
        (["codex", "--players", "5"], "codex is played by 1-4 players, not 5"),
        (["codex", "--bots", "oracle"], "no codex bot named 'oracle'"),
        (["pioneers", "--names", "a,b,c," + "n" * 70], "is not one a save can hold (maxLength 64)"),
        (["pioneers", "--names", "a,b,c,d\ne"], "is not one a save can hold (pattern"),
        (["codex", "--title", "t" * 200], "is not one a save can hold (maxLength 120)"),
        (["codex", "--note", "n" * 2001], "is not one a save can hold (maxLength 2000)"),
    ],
)
def test_record_refuses_before_playing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], hint: str
) -> None:
    """issue 11 item 5: a player count, bot, name, title or note the game or its save cannot
    take is a usage error (exit 2), found before any move is played."""
    import toolkit.recording

    def play(*a: Any, **k: Any) -> Any:
        raise AssertionError("the bots played")

    monkeypatch.setattr(toolkit.recording, "play", play)
    result = run("record", *args[:1], "--seed", "1", *args[1:], "-o", tmp_path / "x.json")
    assert result.exit_code == 2 and hint in result.stderr
    assert not (tmp_path / "x.json").exists()


def test_record_refuses_a_seed_its_schema_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed is checked against the save schema's `seed` before playing."""
    from toolkit import recording

    monkeypatch.setattr(recording, "seed_problem", lambda game, seed: f"seed {seed!r} refused")
    with pytest.raises(recording.BadRequest, match="refused") as caught:
        recording.check_request("pioneers", "7", 3, None, None, {})
    assert caught.value.param == "--seed"


def test_record_refuses_an_integer_seed_too_long_to_read_back(tmp_path: Path) -> None:
    """A seed of 5,000 digits would make a save no JSON reader here can load: exit 2."""
    result = record_to(tmp_path / "x.json", "--seed", "9" * 5000)
    assert result.exit_code == 2 and "an integer seed of 5000 digits" in result.stderr
    assert not (tmp_path / "x.json").exists()


def test_record_help_lists_games_bots_and_player_ranges() -> None:
    """issue 11 item 5: --help names the game ids, their bots and player ranges."""
    from toolkit.recording import seats

    text = run("record", "--help").output
    for game_id in ("pioneers", "codex"):
        table = seats(game_id)
        assert f"{table.fewest}-{table.most} players; bots {', '.join(table.bots)}" in text


# ---------------------------------------------------------------- replay and replay --check


def test_replay_and_check_agree_on_a_save_that_fails_its_schema(unknown_field: Path) -> None:
    """issue 11 item 5: a save refused by its schema is refused by both."""
    assert run("replay", unknown_field).exit_code == 1
    result = run("replay", "--check", unknown_field)
    assert result.exit_code == 1 and "[unknown_field]" in result.stderr


@pytest.mark.parametrize("save", sorted(REPLAYS.glob("*.json")), ids=lambda p: p.name)
def test_replay_and_check_agree_on_every_published_file(save: Path) -> None:
    """Whatever `replay` accepts, `replay --check` calls good, and the reverse."""
    assert (run("replay", save).exit_code == 0) == (run("replay", "--check", save).exit_code == 0)


# ---------------------------------------------------------------- lazy imports

HEAVY = ("jsonschema", "jinja2", "svgwrite", "toolkit.games.pioneers.engine", "toolkit.games.codex.engine")


def imported_by(*args: str) -> set[str]:
    """The modules a fresh interpreter holds after running the CLI with ``args``."""
    script = (
        "import sys\nfrom toolkit.cli import main\nsys.argv = ['replaykit', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True)
    return set(done.stderr.split())


def test_version_imports_no_command_module() -> None:
    """issue 13 item 7: `replaykit --version` loads no command and no heavy library."""
    loaded = imported_by("--version")
    assert not {m for m in loaded if m.startswith("toolkit.commands.")}
    assert not loaded & set(HEAVY)


def test_help_lists_every_command_without_heavy_imports() -> None:
    """`replaykit --help` lists each command's short help; command modules import the
    library only inside their callbacks."""
    loaded = imported_by("--help")
    assert set(COMMAND_MODULES) <= loaded
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
    listing = run("--help").output
    for name in cli.list_commands(None):  # type: ignore[arg-type]
        assert f"  {name} " in listing


@pytest.mark.parametrize(
    ("save", "other"),
    [(PIONEERS, "toolkit.games.codex"), (REPLAYS / "codex-grand-board-oona.json", "toolkit.games.pioneers")],
    ids=["pioneers", "codex"],
)
def test_a_clean_replay_loads_no_schema_validator_nor_what_it_does_not_use(save: Path, other: str) -> None:
    """issue 13 item 7: the quick check proves a clean save clean, so `replay` never loads
    jsonschema (only an error needs it); nor the page and frame libraries, nor the engine
    of a game it does not replay."""
    assert run("replay", save).exit_code == 0
    loaded = imported_by("replay", str(save))
    assert {m.split(".")[0] for m in loaded} & {"jsonschema", "referencing", "jinja2", "svgwrite"} == set()
    assert other not in loaded


def test_a_save_command_loads_only_its_own_module() -> None:
    """`replaykit validate` imports the save commands' module and none listed after it."""
    loaded = imported_by("validate", str(PIONEERS))
    assert COMMAND_MODULES[0] in loaded
    assert not set(COMMAND_MODULES[1:]) & loaded


@pytest.mark.parametrize(
    "args",
    [
        ["board", "codex", "--seed", "caf\udce9"],
        ["record", "pioneers", "--seed", "\udcff", "--players", "3", "-o", "x.json"],
        ["record", "pioneers", "--seed", "1", "--players", "3", "--names", "a,\udcff,c", "-o", "x.json"],
        ["record", "pioneers", "--seed", "1", "--players", "3", "--title", "\udcff", "-o", "x.json"],
        ["rename", str(PIONEERS), "--player", "0=\udcff", "-o", "x.json"],
    ],
    ids=["board-seed", "record-seed", "record-names", "record-title", "rename"],
)
def test_a_text_argument_that_is_not_utf8_is_a_usage_error(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command-line argument holding bytes that are not UTF-8 reaches Python as lone
    surrogates; a seed, a name or a title may not hold them: a usage error naming the option
    and showing the bytes, exit 2, before any work, never a traceback."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "is not UTF-8 text" in result.output and "\\x" in result.output
    assert not (tmp_path / "x.json").exists()


def test_rename_refuses_two_names_for_one_seat(tmp_path: Path) -> None:
    """``--player 0=X --player 0=Y`` is a usage error, not a silent choice of the last."""
    result = CliRunner().invoke(cli, ["rename", str(PIONEERS), "--player", "0=X", "--player", "0=Y",
                                      "-o", str(tmp_path / "x.json")])
    assert result.exit_code == 2 and "seat 0 is given two names" in result.output


def test_an_output_name_too_long_for_its_temporary_sibling_is_refused_before_the_work(tmp_path: Path) -> None:
    """A 250-byte file name is allowed, but the temporary sibling the write goes through
    (``.NAME.`` and random characters) is not: refused at once, not after a whole game."""
    out = tmp_path / ("a" * 245 + ".json")
    result = CliRunner().invoke(cli, ["record", "pioneers", "--seed", "1", "--players", "3", "-o", str(out)])
    assert result.exit_code == 1 and "File name too long" in result.output
    assert list(tmp_path.iterdir()) == []



def _refuse_temporary_files_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The output check's temporary files cannot be made in ``folder`` (as if it were read-only)."""
    import tempfile

    from toolkit import outputs

    real_mkstemp = tempfile.mkstemp

    def refused(*a: Any, dir: Any = None, **kw: Any) -> Any:
        if dir is not None and Path(dir) == folder:
            raise PermissionError(13, "Permission denied", os.path.join(dir, ".x"))
        return real_mkstemp(*a, dir=dir, **kw)

    monkeypatch.setattr(outputs.tempfile, "mkstemp", refused)

@pytest.mark.parametrize(
    "args",
    [
        ["frames", str(PIONEERS), "--to", "2", "-o", "{out}"],
        ["frames", "--state", str(ROOT / "tests" / "codex" / "data" / "play-request-full.json"),
         "-o", "{out}"],
        ["bisect", str(PIONEERS), "--until", "move >= 3", "--frames", "{out}"],
        ["docs", "-o", "{out}"],
    ],
    ids=["frames", "frames-state", "bisect-frames", "docs"],
)
def test_an_existing_output_folder_that_takes_no_new_entry_is_refused_before_the_work(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files bound for an existing folder are staged inside it, so the folder itself must take
    new entries (say it is read-only): checked with the location, before anything is drawn or
    searched, in one line naming the folder, never a hidden staging name."""
    out = tmp_path / "out"
    out.mkdir()
    _refuse_temporary_files_in(out, monkeypatch)
    result = run(*[a.replace("{out}", str(out)) for a in args])
    assert result.exit_code == 1
    assert result.stderr == f"{out}: cannot write in {out}: Permission denied [unwritable]\n"
    assert result.stdout == "" and list(out.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [
        ["frames", str(PIONEERS), "--to", "2", "-o", "{out}"],
        ["bisect", str(PIONEERS), "--until", "move >= 3", "--frames", "{out}"],
        ["docs", "-o", "{out}"],
    ],
    ids=["frames", "bisect-frames", "docs"],
)
def test_an_existing_output_folder_is_filled_where_its_parent_takes_no_new_entry(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files bound for an existing folder are staged inside it, so a folder above that takes
    no new entry (``-o .`` in a home folder, a mount point) does not stop the write."""
    out = tmp_path / "out"
    out.mkdir()
    _refuse_temporary_files_in(tmp_path, monkeypatch)
    result = run(*[a.replace("{out}", str(out)) for a in args])
    assert result.exit_code == 0, result.stderr
    assert any(out.iterdir()) and sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("as_json", [False, True])
def test_a_signal_while_click_reads_the_command_line_is_one_line(
    as_json: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while Click reads the command line (``--help`` loads every command there): one
    line, or one JSON document and nothing on stderr, not Click's blank line before it."""
    from toolkit import cli as cli_module

    def stopped(*_: Any) -> None:
        raise KeyboardInterrupt()

    monkeypatch.setattr(cli_module.LazyGroup, "parse_args", stopped)
    result = CliRunner().invoke(cli, ["info", "x.json", *(["--json"] if as_json else [])])
    assert result.exit_code == 130
    if as_json:
        assert (document(result)["errors"][0]["code"], result.stderr) == ("interrupted", "")
    else:
        assert (result.stdout, result.stderr) == ("", "interrupted\n")


@pytest.mark.parametrize(("raised", "code", "said"), [("Terminated", 143, "terminated"),
                                                       ("KeyboardInterrupt", 130, "interrupted")])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_signal_before_click_takes_over_is_said_as_any_other(
    raised: str, code: int, said: str, as_json: bool, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """A SIGTERM or Ctrl-C that lands before Click handles it (while the command's modules load)
    is said as one landing later is: "terminated" 143 or "interrupted" 130, one JSON document
    under --json."""
    import signal

    from toolkit import cli as cli_module

    def stopped(**_: Any) -> None:
        raise cli_module.Terminated() if raised == "Terminated" else KeyboardInterrupt()

    monkeypatch.setattr(cli_module.cli, "main", stopped)
    monkeypatch.setattr(sys, "argv", ["replaykit", "info", "x.json", *(["--json"] if as_json else [])])
    before = signal.getsignal(signal.SIGTERM)
    try:
        with pytest.raises(SystemExit) as ended:
            cli_module.main()
    finally:
        signal.signal(signal.SIGTERM, before)
    assert ended.value.code == code
    out, err = capsys.readouterr()
    if as_json:
        document = json.loads(out)
        assert (document["exit"], document["errors"][0]["code"], err) == (code, said, "")
    else:
        assert (out, err) == ("", said + "\n")


SAVE_FOR_EMPTY = str(REPLAYS / "pioneers-three-player-quick-win.json")


@pytest.mark.parametrize(
    "args",
    [
        ["frames", SAVE_FOR_EMPTY, "-o", ""],
        ["frames", "--state", "", "-o", "out"],
        ["site", str(REPLAYS), "-o", ""],
        ["docs", "-o", ""],
        ["check", ""],
        ["record", "pioneers", "--seed", "1", "-o", ""],
        ["trim", SAVE_FOR_EMPTY, "--to", "3", "-o", ""],
        ["rename", SAVE_FOR_EMPTY, "--player", "0=Ann", "-o", ""],
        ["bisect", SAVE_FOR_EMPTY, "--until", "turn >= 3", "--frames", ""],
    ],
    ids=["frames -o", "frames --state", "site -o", "docs -o", "check PATH", "record -o", "trim -o",
         "rename -o", "bisect --frames"],
)
def test_an_empty_path_is_a_usage_error(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """design §7: an empty path names nothing; read as the current folder it would fill it with
    frames, a site or pages. It is a usage error (exit 2), and nothing is written."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "an empty path names nothing" in result.output
    assert list(tmp_path.iterdir()) == []
