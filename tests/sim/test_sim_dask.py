"""`--scheduler`: the same work on a Dask cluster gives the same report as local runs."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from simkit import CONTENT

from generator.cli import cli

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")


@pytest.fixture(scope="module")
def scheduler():
    """A small local cluster: two worker processes of one thread each."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster:
        yield cluster.scheduler_address


def run(*args):
    return CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), "--games", "40",
                                    "--players", "3", "--seed", "9", "--format", "json",
                                    *args])


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_report_as_one_or_two_jobs(scheduler):
    here, two, cluster = run(), run("--jobs", "2"), run("--scheduler", scheduler)
    assert here.exit_code == two.exit_code == cluster.exit_code == 0, cluster.output
    assert here.stdout == two.stdout == cluster.stdout
    assert '"games": 40' in cluster.stdout


@pytest.mark.slow
def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch):
    monkeypatch.setattr("generator.sim.cluster.CONNECT_SECONDS", 1)  # nobody will answer
    result = run("--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 3
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_a_sweep_of_the_strong_player_is_the_same_on_a_cluster_and_logs_its_progress(
        scheduler, monkeypatch):
    """Issue 28, item 8: a sweep with the default (strong) player on a cluster gives the
    same report as here, and a run nobody watches says how far it is."""
    monkeypatch.setattr("generator.cli.simulate.LOGGED_FROM", 10)
    sweep = ("--set", "oink.capacity=5,6", "--players", "2")
    here, cluster = run(*sweep), run(*sweep, "--scheduler", scheduler)
    assert here.exit_code == cluster.exit_code == 0, cluster.output
    assert here.stdout == cluster.stdout
    assert '"player": "sealer"' in cluster.stdout
    lines = [line for line in cluster.stderr.splitlines() if line.startswith("simulated ")]
    assert lines[-1].startswith("simulated 80 of 80 games (100%) in ")
    assert len(lines) >= 3 and all("to go" in line for line in lines)
