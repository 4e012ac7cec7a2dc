"""`--scheduler` that cannot be used: a usage error, or one line and exit 3, never a hang.

Regression tests of an adversarial tester's findings: a port that accepts and never
answers waited past 90 s; a scheduler with no workers, or whose worker died, waited for
ever (so did a stopped scheduler); tls://, ucx://, a web server answering, and a
scheduler killed mid-run were "internal error"s or tracebacks; garbage addresses printed
a Client.__del__ traceback 20 s after the error; `--scheduler ''` silently ran here. The
commands run in a subprocess, as a user runs them, because what happens at exit matters.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from contextlib import suppress
from pathlib import Path

import pytest
from click.testing import CliRunner
from simkit import CONTENT

from generator.cli import cli
from generator.sim.cluster import SchedulerError, scheduler_address
from generator.sim.runner import Work, play_many

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")

BOUND = "1"  # TKG_SCHEDULER_TIMEOUT of the tests: seconds
DONE_WITHIN = 30.0  # seconds: proves "does not hang" (the bound is 1 s), never a timing


def tkg(*args: str, cwd: Path) -> subprocess.Popen:
    env = {**os.environ, "TKG_SCHEDULER_TIMEOUT": BOUND}
    # The Python engine: these tests are about the cluster, and with an empty cache the
    # compiled one would first compile for twenty seconds.
    return subprocess.Popen([sys.executable, "-m", "generator", "simulate", "--content",
                             str(CONTENT), "--players", "2", "--format", "json",
                             "--engine", "python", *args],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finished(process: subprocess.Popen) -> tuple[int, str]:
    try:
        _, err = process.communicate(timeout=DONE_WITHIN)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"still waiting after {DONE_WITHIN} s")
    return process.returncode, err


def assert_one_line(err: str, *wanted: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ") and "Traceback" not in err and "internal error" not in err
    for text in wanted:
        assert text in lines[0], lines[0]


@pytest.mark.parametrize("address", [
    "", "   ", "::::", "inproc://", "garbage", "tls://127.0.0.1:8786", "ucx://127.0.0.1:8786",
    "tcp://", "tcp://:8786", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", "host:port",
    "::1:8786", "999.1.1.1:8786", "tcp://127.0.0.1:8786/path", "bad host:8786",
])
def test_a_bad_address_is_a_usage_error_naming_the_option(address):
    started = time.monotonic()
    result = CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), "--games", "5",
                                      "--scheduler", address])
    assert result.exit_code == 2, result.output
    assert "--scheduler" in result.output and "tcp://" in result.output
    assert "Traceback" not in result.output
    assert time.monotonic() - started < DONE_WITHIN  # refused before any connect


@pytest.mark.parametrize(("given", "meant"), [
    ("tcp://127.0.0.1:8786", "tcp://127.0.0.1:8786"), ("127.0.0.1:8786", "tcp://127.0.0.1:8786"),
    ("localhost:8786", "tcp://localhost:8786"), ("[::1]:8786", "tcp://[::1]:8786"),
    ("tcp://sched-1.example.org:1", "tcp://sched-1.example.org:1"),
])
def test_tcp_addresses_and_bare_host_ports_are_accepted(given, meant):
    assert scheduler_address(given) == meant


def test_a_bad_timeout_variable_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("TKG_SCHEDULER_TIMEOUT", "soon")
    result = CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), "--games", "5",
                                      "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 3
    assert "TKG_SCHEDULER_TIMEOUT='soon' is not a number of seconds" in result.output


class Nowhere:
    """An executor whose batches never run (a cluster with no workers)."""

    def submit(self, fn, *args):
        return Future()  # never finished


def test_the_runner_asks_the_pool_while_it_waits(table, monkeypatch):
    monkeypatch.setattr("generator.sim.runner.CHECK_SECONDS", 0.01)
    calls = []

    def check():
        calls.append(1)
        if len(calls) == 3:
            raise SchedulerError("the cluster has had no workers")

    with pytest.raises(SchedulerError, match="no workers"):
        play_many(Work(table, 2, ("random",), 0), 50, Nowhere(), 2, check=check)
    assert len(calls) == 3


@pytest.fixture
def listener():
    """Start a socket on a free port that accepts every connection, says `answer` (or
    nothing) and keeps it open; returns its address. Closed after the test."""
    servers = []

    def start(answer: bytes | None) -> str:
        server = socket.create_server(("127.0.0.1", 0))
        servers.append(server)
        threading.Thread(target=serve, args=(server, answer), daemon=True).start()
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    def serve(server: socket.socket, answer: bytes | None) -> None:
        held = []  # kept open: the client waits on them
        with suppress(OSError):  # the test closed the socket
            while True:
                conn, _ = server.accept()
                held.append(conn)
                if answer:
                    conn.sendall(answer)

    yield start
    for server in servers:
        server.close()


WEB_SERVER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"


@pytest.mark.slow
@pytest.mark.parametrize("answer", [None, WEB_SERVER], ids=["silent", "http"])
def test_a_port_that_is_not_a_scheduler_is_one_line(tmp_path, listener, answer):
    address = listener(answer)
    code, err = finished(tkg("--games", "20", "--scheduler", address, cwd=tmp_path))
    assert code == 3
    assert_one_line(err, f"cannot reach the Dask scheduler at {address}", "dask scheduler")


@pytest.mark.slow
def test_nobody_listening_is_one_line_and_nothing_at_exit(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as taken:  # a port surely closed after
        address = f"tcp://127.0.0.1:{taken.getsockname()[1]}"
    code, err = finished(tkg("--games", "20", "--scheduler", address, cwd=tmp_path))
    assert code == 3
    assert_one_line(err, f"cannot reach the Dask scheduler at {address}")


@pytest.mark.slow
def test_a_scheduler_without_workers_is_one_line(tmp_path):
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=50) as cluster:
        address = cluster.scheduler_address
        code, err = finished(tkg("--games", "20", "--scheduler", address, cwd=tmp_path))
    assert code == 3
    assert_one_line(err, f"the Dask scheduler at {address} has no workers", "dask worker")


def dask_process(kind: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", f"distributed.cli.dask_{kind}", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def scheduler_file(path: Path) -> str:
    deadline = time.monotonic() + DONE_WITHIN
    while time.monotonic() < deadline:
        if path.exists():
            try:
                return json.loads(path.read_text())["address"]
            except (ValueError, KeyError):
                pass  # not written whole yet
        time.sleep(0.1)
    pytest.fail("the scheduler did not start")


def wait_until_busy(address: str) -> None:
    """Until a worker of the scheduler at `address` is playing one of the run's batches."""
    with distributed.Client(address, timeout=DONE_WITHIN, set_as_default=False) as client:
        deadline = time.monotonic() + DONE_WITHIN
        while time.monotonic() < deadline:
            if any(client.processing().values()):
                return
            time.sleep(0.1)
    pytest.fail("the run never reached the cluster")


@pytest.fixture
def cluster(tmp_path):
    """A scheduler and one worker, each a process of its own that a test may kill."""
    where = tmp_path / "scheduler.json"
    scheduler = dask_process("scheduler", "--host", "127.0.0.1", "--port", "0",
                             "--no-dashboard", "--scheduler-file", str(where))
    address = scheduler_file(where)
    worker = dask_process("worker", address, "--nthreads", "1", "--no-nanny",
                          "--no-dashboard")
    yield address, scheduler, worker
    for process in (worker, scheduler):
        process.kill()
        process.wait()


LOSSES = {  # how the cluster is lost, and what the one line then says
    "worker": (lambda scheduler, worker: worker.kill(), "has had no workers"),
    "scheduler": (lambda scheduler, worker: scheduler.kill(), "lost the Dask scheduler"),
    "frozen-scheduler": (lambda scheduler, worker: scheduler.send_signal(signal.SIGSTOP),
                         "stopped answering"),
}


def test_tornados_tracebacks_are_silenced_with_dasks():
    # Found by the suite once the compiled engine made batches fast: a scheduler lost
    # with many sends queued printed 130 lines of tornado tracebacks before the one line.
    import logging

    from generator.sim.cluster import _quiet_logs

    _quiet_logs()
    for name in ("distributed.client", "tornado.application", "tornado.general"):
        assert not logging.getLogger(name).isEnabledFor(logging.ERROR), name


@pytest.mark.slow
@pytest.mark.parametrize("lost", sorted(LOSSES))
def test_a_cluster_lost_mid_run_is_one_line(tmp_path, cluster, lost):
    address, scheduler, worker = cluster
    run = tkg("--games", "2000000", "--scheduler", address, cwd=tmp_path)
    wait_until_busy(address)
    lose, said = LOSSES[lost]
    lose(scheduler, worker)
    code, err = finished(run)
    assert code == 3
    assert_one_line(err, address, said)


HALF_MADE = """
import sys
from generator.sim import cluster
cluster._probe = lambda address, seconds: None  # as if it had answered a moment ago
try:
    with cluster.dask(sys.argv[1]):
        pass
except cluster.SchedulerError as exc:
    print(exc, file=sys.stderr)
"""


@pytest.mark.slow
def test_a_client_that_fails_half_made_is_closed_before_exit(tmp_path, listener):
    # The client's constructor raises (a web server's reply) after starting its thread;
    # left for Client.__del__, it printed a TimeoutError traceback 20 s after exit.
    address = listener(WEB_SERVER)
    run = subprocess.Popen([sys.executable, "-c", HALF_MADE, address], cwd=tmp_path,
                           env={**os.environ, "TKG_SCHEDULER_TIMEOUT": BOUND},
                           stderr=subprocess.PIPE, text=True)
    code, err = finished(run)
    assert code == 0 and "Traceback" not in err, err
    assert f"cannot reach the Dask scheduler at {address}" in err
