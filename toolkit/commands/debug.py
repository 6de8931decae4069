"""Commands for bug-report saves: ``bisect``, ``diff``, ``trim``.

None of them modifies its input file. Exit codes: 0 the command answered (``bisect``
named a move; ``diff`` found the saves identical; ``trim`` wrote its output), 1 there
was nothing to name (``bisect``), the saves differ (``diff``), or the input is bad, 2
usage errors, including a malformed condition.
"""

from __future__ import annotations

import click

from toolkit.commands.params import OUTPUT, GivenPath, given
from toolkit.report import Error, Outcome, errors_of, reporting

CONDITION_HELP = """
\b
CONDITIONS are small expressions over the position after each move
(read from the full-information view: every hand is visible):
  vp("p2") >= 10          codex player p2 has ten points
  vp(2) >= 10             seat 2 has ten points (true score; seats count from 0)
  phase == "gameOver"     the codex game has ended (pioneers: "over")
  robber.hex == "0,0"     the robber is on the codex hex "0,0"
  robber.hex == 9         the pioneers bandit is on hex 9
  hand(2).ore > 4         seat 2 holds more than four ore
  players[2].score >= 8 and turn < 40    (pioneers; codex: victoryPoints)
  roll == 7               this turn's dice total seven
  illegal                 the first move that no longer replays
\b
Values: integers, "strings", true, false, null; fields a.b, indexes a[2];
== != < <= > >=, + - *, and, or, not, parentheses; functions vp(), hand(),
len(), total(). Names: the view's fields (phase, turn, dice, players,
board, ...), robber.hex, roll, move (moves applied so far), illegal.
Ordering with null is false; a missing field is an error.
"""


@click.command(
    "bisect",
    epilog=CONDITION_HELP,
    context_settings={"max_content_width": 100},
)
@click.argument("path", metavar="SAVE")
@click.option("--until", "expr", metavar="EXPR", help="Find the first move after which EXPR holds.")
@click.option("--diverges", "diverges_flag", is_flag=True,
              help="Find the first move whose position differs under this engine.")
@click.option("--scan", is_flag=True, help="Test every position in order (conditions that can turn false).")
@click.option("--frames", "frames_dir", metavar="DIR", type=GivenPath(readable=False),
              help="Write SVG frames around the move found to DIR.")
@click.option("--around", type=click.IntRange(0, 50), default=3, show_default=True,
              help="Frames before and after the move with --frames.")
@reporting
def bisect_command(
    path: str, expr: str | None, diverges_flag: bool, scan: bool, frames_dir: str | None, around: int
) -> Outcome:
    """Find the first move of SAVE after which a condition holds, or where it diverges.

    With --until EXPR the default is a binary search over prefixes, which assumes
    the condition stays true once it is true; --scan tests every position instead.
    With --diverges: the first move whose position no longer matches the save's
    checkpoints (without checkpoints: the first move that no longer replays).

    Prints the move's number, the move in words and the position after it.
    --frames DIR never replaces SAVE: a SAVE in DIR under a frame's name is refused
    before the search.
    Exit 0 when a move is named, 1 when none is (or the save is bad), 2 for
    usage errors and malformed conditions.
    """
    if (expr is None) == (not diverges_flag):
        raise click.UsageError("give exactly one of --until EXPR or --diverges")
    if scan and expr is None:
        raise click.UsageError("--scan goes with --until")
    if frames_dir is None and given("around"):
        raise click.UsageError("--around goes with --frames")
    from toolkit.debug import bisect
    from toolkit.outputs import check_files_into, check_output

    if expr is not None:
        bisect.parse_condition(expr)  # a malformed condition is a usage error before anything is read
    frames_out = None if frames_dir is None else check_output(
        frames_dir, folder=True, inputs=[path], option="--frames", fills=True
    )
    save, game = bisect.open_save(path)
    if frames_out is not None:
        # Which frames are written depends on the move found: none may be SAVE (before the search).
        check_files_into(frames_out, bisect.frame_names(save), inputs=[path], option="--frames")
    if expr is not None:
        answer, pref = bisect.until(save, game, expr, scan=scan)
    else:
        answer, pref = bisect.diverges(save, game)
    errors: list[Error] = []
    code = 0 if answer.found else 1
    if frames_dir is not None and answer.found and answer.move is not None:
        try:
            answer.frames = bisect.write_frames_around(save, game, pref, answer.move, frames_dir, around)
        except bisect.DebugError as exc:
            errors, code = errors_of(exc), exc.exit_code
    return Outcome(answer.as_json(), answer.lines(), code, errors)


@click.command("diff")
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--no-replay", is_flag=True, help="Compare the records only; do not replay through the engine.")
@reporting
def diff_command(a: str, b: str, no_replay: bool) -> Outcome:
    """Compare saves A and B: game and rules, where the configs differ, common prefix,
    first differing moves, and the first move whose recorded digests disagree.

    Also replays both (when an engine exists) and names the first position whose
    digests differ. Works for stationmaster saves, whose intents are compared.
    Exit 0 when the saves hold the same game, moves and recorded digests, 1 when they
    differ or one cannot be read.
    """
    from toolkit.debug.diff import diff
    from toolkit.report import Failed
    from toolkit.saves import MANIFEST, NOT_A_SAVE, Problem, load

    saves = load(a), load(b)
    lists = [Problem(save.path, NOT_A_SAVE, "not_a_save") for save in saves if save.kind == MANIFEST]
    if lists:  # a manifest holds no moves: two of them would compare as the same empty game
        raise Failed(lists)
    result = diff(*saves, engines=not no_replay)
    return Outcome(result.as_json(), result.lines(), 0 if result.identical else 1)


@click.command("trim", epilog=CONDITION_HELP, context_settings={"max_content_width": 100})
@click.argument("path", metavar="SAVE")
@click.option("--to", "to", type=int, metavar="N", help="Keep the first N moves (stationmaster: intents).")
@click.option("--minimize", is_flag=True, help="Keep the fewest moves that replay and reach --until EXPR.")
@click.option("--until", "expr", metavar="EXPR", help="The condition --minimize must still reach.")
@click.option("--max-replays", type=click.IntRange(min=1), default=None,
              help="Bound on the candidate replays --minimize may run (default 3000).")
@click.option("-o", "--out", "out", required=True, metavar="OUT", type=OUTPUT,
              help="The save to write ('-': stdout).")
@click.option("--output", "out", hidden=True, type=OUTPUT, help="Old spelling of --out.")
@reporting
def trim_command(
    path: str, to: int | None, minimize: bool, expr: str | None, max_replays: int | None, out: str
) -> Outcome:
    """Write a shorter copy of SAVE to OUT; SAVE itself is never changed.

    --to N keeps the first N moves and the checkpoints up to N (for stationmaster
    saves, the first N intents; every other key is kept). --minimize --until EXPR
    finds the shortest prefix after which EXPR holds, then drops every move it can
    while the save still replays legally and still reaches EXPR (delta debugging,
    at most --max-replays candidate replays; the report says how many it took).
    """
    if (to is None) == (not minimize):
        raise click.UsageError("give exactly one of --to N or --minimize --until EXPR")
    if minimize and expr is None:
        raise click.UsageError("--minimize needs --until EXPR")
    if expr is not None and not minimize:
        raise click.UsageError("--until goes with --minimize")
    if to is not None and to < 0:
        raise click.UsageError("--to must be 0 or more")
    from toolkit.debug.trim import shorten
    from toolkit.outputs import check_output, write_text
    from toolkit.report import json_requested

    target = check_output(out, stdout_ok=True, inputs=[path])
    if target.to_stdout and json_requested():
        raise click.UsageError("-o - and --json both write to stdout; choose one")
    text, report, line = shorten(path, out, to, expr, max_replays)
    write_text(target, text)
    if target.to_stdout:
        return Outcome(report, notes=[line])
    return Outcome(report, [line])


COMMANDS = (bisect_command, diff_command, trim_command)
