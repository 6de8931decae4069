"""``replaykit check``: a verdict per save, one JSON document, a JUnit report, the exit code."""

from __future__ import annotations

import json
import os
import re
import stat
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import replaykit_debug_support as support
from click.testing import CliRunner
from site_support import cut

from toolkit.check import check_all, collect
from toolkit.cli import cli


def _write(folder: Path, name: str, data: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A folder with a good save, a diverging one, an illegal one and an invalid one."""
    folder = tmp_path / "corpus"
    _write(folder, "a-good.json", cut("pioneers-two-against-two.json", 60))
    diverged = support.recorded_elsewhere(cut("pioneers-two-against-two.json", 120), 88)
    _write(folder, "b-diverged.json", diverged)
    illegal = cut("pioneers-two-against-two.json", 60)
    illegal["moves"][9]["seat"] = (illegal["moves"][9]["seat"] + 1) % 4
    _write(folder, "c-illegal.json", illegal)
    invalid = cut("codex-grand-board-oona.json", 20)
    invalid["moves"][2] = {"playerId": 7, "type": "buildRoad"}
    _write(folder / "deeper", "d-invalid.json", invalid)
    _write(folder, "manifest.json", {"replays": [{"file": "a-good.json"}]})
    return folder


def test_each_save_gets_its_verdict(corpus: Path) -> None:
    """Every save is validated, replayed and compared with its checkpoints."""
    verdicts = check_all(collect([corpus]))
    summaries = {Path(v.file).name: v.summary() for v in verdicts}
    assert summaries["a-good.json"] == "ok"
    assert summaries["b-diverged.json"] == "diverged at move 88 (turn build_road, seat 0)"
    assert summaries["c-illegal.json"].startswith("illegal at move 10 (")
    assert summaries["d-invalid.json"] == (
        "invalid (move 3: /moves/2: 'payload' is a required property [missing_field]; 1 more error)"
    )
    assert len(summaries) == 4  # the manifest is not a save


def test_worker_processes_give_the_same_verdicts(corpus: Path) -> None:
    """--jobs spreads the saves over processes; the verdicts and their order stay the same."""
    files = collect([corpus])
    assert check_all(files, jobs=2) == check_all(files, jobs=1)


def test_json_is_one_document_and_any_failure_exits_1(corpus: Path) -> None:
    """design §7: --json prints exactly one JSON document; exit 1 when a save is not ok."""
    result = CliRunner().invoke(cli, ["check", str(corpus), "--json", "--jobs", "1"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and result.stderr == ""
    assert report["counts"] == {"ok": 1, "diverged": 1, "illegal": 1, "invalid": 1}
    assert [s["status"] for s in report["saves"]] == ["ok", "diverged", "illegal", "invalid"]
    # each save not ok is also one error of the document, located as validate and replay locate it
    errors = {Path(e["file"]).name: e for e in report["errors"]}
    assert sorted(errors) == [Path(s["file"]).name for s in report["saves"][1:]]
    for save in report["saves"][1:]:
        error = errors[Path(save["file"]).name]
        assert error["move"] == save["move"] and error["code"] == save["code"] and error["message"]
        assert "[" not in error["message"] and error["message"] in save["reason"]
    assert errors["b-diverged.json"]["code"] == "diverged"


def test_the_count_names_each_way_a_save_was_not_ok(corpus: Path) -> None:
    """Among thousands of lines the last says how many saves were not ok, and how: so many
    diverged, illegal, invalid."""
    result = CliRunner().invoke(cli, ["check", str(corpus), "--jobs", "1"])
    assert result.exit_code == 1
    last = result.stdout.splitlines()[-1]
    counted = r"4 saves checked: 1 ok, 3 not ok \(1 diverged, 1 illegal, 1 invalid\) in \d+\.\ds"
    assert re.fullmatch(counted, last), last


def test_quiet_lists_only_the_saves_not_ok_then_the_count(corpus: Path) -> None:
    """-q: over thousands of saves the lines worth reading are those not ok; the ok ones are
    left out, the count still says how many there were, and --json is the same document."""
    loud = CliRunner().invoke(cli, ["check", str(corpus), "--jobs", "1"])
    quiet = CliRunner().invoke(cli, ["check", str(corpus), "--jobs", "1", "-q"])
    assert quiet.exit_code == loud.exit_code == 1
    kept = [line for line in loud.stdout.splitlines()[:-1] if not line.endswith(": ok")]
    assert quiet.stdout.splitlines()[:-1] == kept and len(kept) == 3
    assert quiet.stdout.splitlines()[-1].startswith("4 saves checked: 1 ok, 3 not ok")
    as_json = [json.loads(CliRunner().invoke(cli, ["check", str(corpus), "--jobs", "1", "--json", *q]).stdout)
               for q in ([], ["-q"])]
    assert as_json[0]["saves"] == as_json[1]["saves"] and as_json[0]["counts"] == as_json[1]["counts"]
    good = corpus / "a-good.json"
    clean = CliRunner().invoke(cli, ["check", str(good), "--jobs", "1", "--quiet"])
    assert clean.exit_code == 0 and len(clean.stdout.splitlines()) == 1


def test_each_verdict_is_said_as_soon_as_it_and_those_before_it_are_known(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over thousands of saves a verdict is not kept to the end: each save's line is printed
    once its check and those of the saves before it are done, in the order given, and the count
    follows them. A mark printed as each check begins shows the lines coming between them."""
    from toolkit import check

    checked = check.check_save

    def marked(task: check.CheckTask) -> check.Verdict:
        print(f"<checking {Path(task.path).name}>")
        return checked(task)

    monkeypatch.setattr(check, "check_save", marked)
    result = CliRunner().invoke(cli, ["check", str(corpus), "--jobs", "1"])
    lines = result.stdout.splitlines()
    names = ["a-good.json", "b-diverged.json", "c-illegal.json", "d-invalid.json"]
    assert [line.split(":")[0].rsplit("/", 1)[-1] for line in lines[1:-1:2]] == names, lines
    assert lines[0:-1:2] == [f"<checking {name}>" for name in names], lines
    assert lines[-1].startswith("4 saves checked: 1 ok, 3 not ok") and result.exit_code == 1
    monkeypatch.undo()
    told: list[str] = []
    check_all(collect([corpus]), jobs=2, on_verdict=lambda v: told.append(Path(v.file).name))
    assert told == names  # spread over processes, still in the order given


def test_a_verdict_said_on_a_terminal_clears_the_progress_bar_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the bar drawn on the terminal that shows the verdicts too, the bar steps off its
    line before a verdict is printed there, and is drawn again below it at the next advance."""
    import io
    import sys

    from toolkit.progress import TerminalBar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream, out = Terminal(), Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    bar = TerminalBar("saves", stream)
    bar.start(2)
    bar.advance()
    drawn = stream.getvalue()
    bar.clear()
    assert stream.getvalue() == drawn + "\r\x1b[K"
    bar.advance()
    assert "2/2" in stream.getvalue()[len(drawn):]
    bar.finish()
    monkeypatch.setattr(sys, "stdout", io.StringIO())  # verdicts piped elsewhere: the bar stays
    bar = TerminalBar("saves", stream)
    bar.start(2)
    bar.advance()
    drawn = stream.getvalue()
    bar.clear()
    assert stream.getvalue() == drawn
    bar.finish()


def test_a_clean_corpus_exits_0_with_a_line_per_save(corpus: Path) -> None:
    """Every save ok: exit 0, one line per save and a count."""
    good = corpus / "a-good.json"
    result = CliRunner().invoke(cli, ["check", str(good), str(good), "--jobs", "1"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == [f"{good}: ok", f"{good}: ok"]
    assert "2 saves checked: 2 ok, 0 not ok" in result.stdout
    one = CliRunner().invoke(cli, ["check", str(good), "--jobs", "1"])
    assert re.fullmatch(r"1 save checked: 1 ok, 0 not ok in \d+\.\ds", one.stdout.splitlines()[-1])


def test_junit_report_lists_every_save_and_its_failure(corpus: Path, tmp_path: Path) -> None:
    """--junit FILE writes a JUnit XML report, a failure element for each save that is not ok."""
    report = tmp_path / "out" / "check.xml"
    report.parent.mkdir()
    result = CliRunner().invoke(cli, ["check", str(corpus), "--junit", str(report), "--jobs", "1"])
    assert result.exit_code == 1
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "4" and suite.get("failures") == "3"
    failures = {Path(c.get("name", "")).name: c.find("failure") for c in suite.iter("testcase")}
    assert failures["a-good.json"] is None
    diverged = failures["b-diverged.json"]
    assert diverged is not None and diverged.get("type") == "diverged"
    assert sorted(p.name for p in report.parent.iterdir()) == ["check.xml"]


def test_the_report_never_replaces_a_save_being_checked(corpus: Path, tmp_path: Path) -> None:
    """--junit goes through the rules of every output, before any save is checked: a save of the
    run (given, or found in a folder given), or the replay manifest of a folder given, is
    refused with exit 2 and left as it was; a named pipe or device is refused, never replaced;
    a missing folder is named, never created."""
    save = next(iter(sorted(corpus.glob("*.json"))))
    manifest = corpus / "manifest.json"
    for given, target in (([str(save)], save), ([str(corpus)], save), ([str(corpus)], manifest)):
        before = target.read_bytes()
        result = CliRunner().invoke(cli, ["check", *given, "--junit", str(target), "--jobs", "1"])
        assert result.exit_code == 2, result.output
        refused = "refusing to overwrite the input file; choose another --junit [output_is_input]"
        assert result.stderr.strip() == f"{target}: {refused}"
        assert target.read_bytes() == before
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    missing = tmp_path / "no" / "such" / "check.xml"
    refusals = [
        (pipe, "is a named pipe"), (Path(os.devnull), "is a character device"), (missing, "does not exist")
    ]
    for target, reason in refusals:
        result = CliRunner().invoke(cli, ["check", str(save), "--junit", str(target), "--jobs", "1"])
        assert result.exit_code == 1 and reason in result.stderr and len(result.stderr.splitlines()) == 1
    assert stat.S_ISFIFO(pipe.stat().st_mode) and stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert not missing.parent.exists()


def test_control_characters_in_a_message_keep_the_report_well_formed(tmp_path: Path) -> None:
    """A file name or message with a control character still gives XML a CI can parse."""
    bad = _write(tmp_path, "odd\x1bname.json", {"format": 1})
    report = tmp_path / "check.xml"
    result = CliRunner().invoke(cli, ["check", str(bad), "--junit", str(report), "--jobs", "1"])
    assert result.exit_code == 1
    case = ET.parse(report).getroot().find("testsuite/testcase")
    name = case.get("name", "") if case is not None else ""
    assert "\x1b" not in name and ("\\u001b" in name or "\\x1b" in name)


def test_nothing_to_check_is_an_error(tmp_path: Path) -> None:
    """A folder with no saves is one line and exit 1, not a silent success."""
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "empty")])
    assert result.exit_code == 1 and "no saves to check" in result.stderr


def test_the_published_replays_all_check_ok() -> None:
    """CI runs replaykit check replays/: every published save replays to its checkpoints."""
    verdicts = check_all(collect([Path(__file__).resolve().parent.parent / "replays"]))
    assert verdicts and [v.summary() for v in verdicts] == ["ok"] * len(verdicts)


def test_workers_started_beside_other_threads_give_the_same_verdicts(corpus: Path) -> None:
    """With another thread alive the pool starts workers from a fork server: same verdicts."""
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        files = collect([corpus])[:2]
        assert check_all(files, jobs=2) == check_all(files, jobs=1)
    finally:
        stop.set()
        other.join()


def test_a_stationmaster_save_is_checked_against_its_schema(tmp_path: Path) -> None:
    """design §1: no engine replays a stationmaster save, so check validates it: ok (saying it
    was not replayed) when it matches its schema, else invalid with the schema's own error."""
    real = Path(__file__).parent / "fixtures" / "station-master-seed116956197-day2.json"
    result = CliRunner().invoke(cli, ["check", str(real)])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{real}: ok (valid; no engine replays stationmaster saves)\n")
    data = json.loads(real.read_text(encoding="utf-8"))
    data["history"][10]["type"] = "card.plya"
    bad = _write(tmp_path, "bad.json", data)
    result = CliRunner().invoke(cli, ["check", str(bad), "--json"])
    verdict = json.loads(result.stdout)["saves"][0]
    assert (result.exit_code, verdict["status"], verdict["code"]) == (1, "invalid", "bad_value")
    assert verdict["reason"].startswith("intent 11: /history/10/type: 'card.plya' is not one of")
