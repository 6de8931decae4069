"""The per-save work on a Dask distributed cluster gives exactly what one local process gives."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from distributed import LocalCluster
from site_support import small_archive, tree

import toolkit
from toolkit.cli import cli
from toolkit.site import build

ROOT = Path(toolkit.__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A two-worker cluster on the loopback interface; its workers import this checkout."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", str(ROOT))
        with LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as cluster:
            yield str(cluster.scheduler_address)


def test_check_on_a_cluster_matches_one_process(scheduler: str, tmp_path: Path) -> None:
    """check --scheduler ADDRESS: the same verdicts, in the same order, as --jobs 1."""
    folder = small_archive(tmp_path / "replays", moves=40)
    local = CliRunner().invoke(cli, ["check", str(folder), "--json", "--jobs", "1"])
    remote = CliRunner().invoke(cli, ["check", str(folder), "--json", "--scheduler", scheduler])
    assert (remote.exit_code, local.exit_code) == (0, 0)
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_site_on_a_cluster_matches_one_process(scheduler: str, tmp_path: Path) -> None:
    """site --scheduler ADDRESS builds the pages on the cluster, byte-identical to --jobs 1."""
    folder = small_archive(tmp_path / "replays", moves=40)
    build(folder, tmp_path / "local", jobs=1)
    built = build(folder, tmp_path / "remote", scheduler=scheduler)
    assert built.rebuilt == 3
    assert tree(tmp_path / "remote") == tree(tmp_path / "local")


def test_an_unreachable_scheduler_is_one_line(tmp_path: Path) -> None:
    """A scheduler that does not answer: one line naming it, exit 1."""
    folder = small_archive(tmp_path / "replays", moves=10)
    result = CliRunner().invoke(cli, ["check", str(folder), "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1 and "tcp://127.0.0.1:9" in result.stderr
    assert "Traceback" not in result.output
