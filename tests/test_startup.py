"""What a short command loads when it starts (issue 13 item 7: ``replay`` starts quickly).

Each test runs the CLI in a fresh interpreter without ``site`` processing (``-S``), so a
``.pth`` file of the machine running the tests cannot load modules on the CLI's behalf;
the installed libraries stay reachable through ``PYTHONPATH``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPLAYS = ROOT / "replays"
CODEX_STANDARD = REPLAYS / "codex-four-player-joaquim-wins.json"
PIONEERS = REPLAYS / "pioneers-three-player-quick-win.json"

RUN_AND_LIST = (
    "import sys\nfrom toolkit.cli import main\nsys.argv = ['replaykit', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
)


def run_then(after: str, *args: str, entry: str = "toolkit.cli") -> subprocess.CompletedProcess[str]:
    """Run the CLI (the ``main`` of the module ``entry``) with ``args`` in a fresh ``-S``
    interpreter, then the code ``after`` (which prints to stderr what the test reads)."""
    libraries = [p for p in sys.path if p.endswith("site-packages")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *libraries]))
    script = RUN_AND_LIST.replace("from toolkit.cli import", f"from {entry} import") + after
    command = [sys.executable, "-S", "-c", script, *args]
    return subprocess.run(command, env=env, capture_output=True, text=True)


def loaded_by(*args: str) -> set[str]:
    """The modules the fresh interpreter holds after the CLI ran with ``args``."""
    done = run_then("print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n", *args)
    return set(done.stderr.split())


def test_a_replay_loads_no_module_only_writing_files_needs() -> None:
    """Reading the schemas and the save goes through ``os``: ``pathlib`` (with the
    ``urllib`` it loads), ``tempfile`` and ``shutil`` serve writing files only."""
    for save in (PIONEERS, CODEX_STANDARD):
        loaded = loaded_by("replay", str(save))
        assert "toolkit.replay" in loaded
        assert loaded & {"pathlib", "urllib", "urllib.parse", "tempfile", "shutil"} == set(), save.name


def test_a_replaykit_save_loads_no_station_master_module() -> None:
    """A save with a replaykit envelope is told apart from a Station Master save without
    loading that game's module."""
    loaded = loaded_by("replay", str(PIONEERS))
    assert "toolkit.saves" in loaded
    assert "toolkit.games.stationmaster" not in loaded


def test_a_pioneers_replay_loads_no_openssl() -> None:
    """Digests and random draws use CPython's bundled SHA-256 (:mod:`toolkit.hashing`), so a
    pioneers replay never loads :mod:`hashlib` and the OpenSSL library behind it."""
    loaded = loaded_by("replay", str(PIONEERS))
    assert "toolkit.games.pioneers.state" in loaded
    assert loaded & {"hashlib", "_hashlib"} == set()


def test_a_pioneers_replay_compiles_no_dataclass() -> None:
    """The classes a replay loads whatever its game (a save, a problem, an outcome, a step)
    are plain records (:mod:`toolkit.records`), and the pioneers engine has no dataclass, so
    a pioneers replay never loads :mod:`dataclasses` nor compiles the methods it writes."""
    loaded = loaded_by("replay", str(PIONEERS))
    assert {"toolkit.replay", "toolkit.report", "toolkit.validation"} <= loaded
    assert "dataclasses" not in loaded


def test_a_codex_replay_loads_no_view_module() -> None:
    """A replay prints the outcome and summary, never a seat's view, so the codex views
    module (the pages' and bots' reading of a position) is loaded with the first view."""
    loaded = loaded_by("replay", str(CODEX_STANDARD))
    assert "toolkit.games.codex.engine" in loaded
    assert "toolkit.games.codex.views" not in loaded


def test_recording_loads_no_schema_validator(tmp_path: Path) -> None:
    """``record`` writes its save in canonical form, and the walk that orders its keys decides
    each game's dispatch tests itself (``const`` tags; pioneers' ``if: not required``), so it
    builds no validator and ``jsonschema`` stays unloaded (issue 14 item 5: faster tools)."""
    for game in ("codex", "pioneers"):
        out = str(tmp_path / f"{game}.json")
        loaded = loaded_by("record", game, "--seed", "1", "--players", "3", "-o", out)
        assert "toolkit.canonical" in loaded, game
        assert "jsonschema" not in loaded, game


def test_a_codex_replay_lays_out_only_its_own_board() -> None:
    """The codex catalog (which lays out every board size) is built on first use, so a
    replay of a standard game computes the standard board alone."""
    boards_laid_out = (
        "from toolkit.games.codex.board import topology\n"
        "print(topology.cache_info().currsize, file=sys.stderr)\n"
    )
    done = run_then(boards_laid_out, "replay", str(CODEX_STANDARD))
    assert done.stdout.startswith(f"{CODEX_STANDARD}: ")
    assert done.stderr.split() == ["1"]


def test_a_codex_replay_reads_its_own_schema_files_alone() -> None:
    """The schema files are read when the quick check first asks for one: a codex replay
    reads the codex schema and the shared ``common.json``, not the other games'."""
    files_read = (
        "from toolkit.validation import documents\n"
        "print(' '.join(uri.rsplit('/', 1)[1] for uri in sorted(documents().read)), file=sys.stderr)\n"
    )
    done = run_then(files_read, "replay", str(CODEX_STANDARD))
    assert done.stdout.startswith(f"{CODEX_STANDARD}: ")
    assert done.stderr.split() == ["codex-save.json", "common.json"]


def test_a_short_codex_replay_compiles_the_schemas_of_its_move_types_alone(tmp_path: Path) -> None:
    """The quick check compiles a move type's schema when a move of that type is first
    checked: a 20-move codex replay compiles those of the types its moves have."""
    data = json.loads(CODEX_STANDARD.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:20]
    data["checkpoints"] = [c for c in data.get("checkpoints", []) if c["move"] <= 20]
    save = tmp_path / "short.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    types_compiled = (
        "from toolkit import validation\n"
        "root = validation._compiler().root(validation._move_schema('codex'))\n"
        "print(' '.join(sorted(root.dispatch[0].table)), file=sys.stderr)\n"
    )
    done = run_then(types_compiled, "replay", str(save))
    assert done.stdout.startswith(f"{save}: 20 moves replayed")
    assert done.stderr.split() == sorted({m["type"] for m in data["moves"]})


def test_the_codex_catalog_is_one_object_however_often_it_is_read() -> None:
    """Built lazily, the catalog is still built once: every read returns the same dict."""
    from toolkit.games.codex import GAME

    first = GAME.catalog
    assert GAME.catalog is first
    assert first["game"] == "codex"


def test_the_script_runs_its_command_with_the_collector_on() -> None:
    """The entry point keeps the cyclic collector off only while the command line loads:
    the command runs, and the process ends, with it on."""
    done = run_then("import gc\nprint(gc.isenabled(), file=sys.stderr)\n", "replay", str(PIONEERS),
                    entry="toolkit.__main__")
    assert done.stdout.startswith(f"{PIONEERS}: ")
    assert done.stderr.split() == ["True"]


def test_the_script_freezes_what_loading_made() -> None:
    """What the command line and the command loaded is frozen out of the collector's scans."""
    done = run_then("import gc\nprint(gc.get_freeze_count(), file=sys.stderr)\n", "--version",
                    entry="toolkit.__main__")
    assert done.stdout == "replaykit, version 0.1.0\n"
    assert int(done.stderr) > 1000


def test_the_replaykit_script_is_the_entry_point_that_manages_the_collector() -> None:
    """The installed ``replaykit`` runs :func:`toolkit.__main__.main`, as ``python -m toolkit`` does."""
    lines = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    scripts = lines[lines.index("[project.scripts]") + 1 :]
    assert scripts[0] == 'replaykit = "toolkit.__main__:main"'
