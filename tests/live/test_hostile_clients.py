"""The preview answers only its own page and the build's files, and no client can wedge it.

Regression tests of issue 16's finding 8: no Host check (DNS rebinding), the build
cache served, slow clients and hundreds of event streams holding threads for ever, a
traceback in the watch terminal for each closed tab, 403 after `output/` was deleted,
and a watcher rebuilding on its own writes.
"""

from __future__ import annotations

import functools
import http.client
import json
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.build.pipeline import build
from generator.live import server as server_module
from generator.live.server import PreviewServer
from generator.live.status import BuildOutcome, BuildStatus
from generator.live.watch import WatchOptions, relevant, watch_loop

WAIT = 60.0  # seconds: an upper bound, never a sleep


@pytest.fixture
def output(tmp_path: Path) -> Path:
    out = tmp_path / "output"
    (out / "svg").mkdir(parents=True)
    (out / "svg" / "big.svg").write_bytes(b"<svg/>" + b" " * 8_000_000)
    (out / ".tkg-cache").mkdir()
    (out / ".tkg-cache" / "state.json").write_text('{"private": true}')
    (out / "dropped.txt").write_text("someone else's file")
    (out / "manifest.json").write_text(json.dumps({"files": [
        {"path": "svg/big.svg", "kind": "tiles", "pages": 0}]}))
    return out


@pytest.fixture
def serving(output: Path):
    running = []

    def start(**limits) -> PreviewServer:
        for name, value in limits.items():
            setattr(server_module, name, value)
        server = PreviewServer(output, BuildStatus())
        server.start()
        running.append(server)
        return server

    saved = {n: getattr(server_module, n) for n in ("MAX_STREAMS",)}
    yield start
    for server in running:
        server.stop()
    for name, value in saved.items():
        setattr(server_module, name, value)


def ask(server: PreviewServer, path: str, host: str | None = None) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    conn.putrequest("GET", path, skip_host=host is not None)
    if host is not None:
        conn.putheader("Host", host)
    conn.endheaders()
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status


def test_only_requests_addressed_to_the_preview_are_answered(serving):
    server = serving()
    port = server.server_address[1]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        assert ask(server, "/", host) == 200, host
    for host in ("attacker.example", f"attacker.example:{port}", "127.0.0.1", "",
                 f"127.0.0.1:{port + 1}"):
        assert ask(server, "/", host) == 421, host
        assert ask(server, "/files/svg/big.svg", host) == 421, host


def test_only_the_files_the_manifest_lists_are_served(serving):
    server = serving()
    assert ask(server, "/files/svg/big.svg") == 200
    assert ask(server, "/files/.tkg-cache/state.json") == 404
    assert ask(server, "/files/dropped.txt") == 404
    assert ask(server, "/files/manifest.json") == 404


def test_event_streams_are_capped_and_a_closed_one_frees_its_place(serving):
    server = serving(MAX_STREAMS=2)
    port = server.server_address[1]
    open_streams = []
    for _ in range(2):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/events")
        assert conn.getresponse().status == 200
        open_streams.append(conn)
    assert ask(server, "/events") == 503
    open_streams.pop().close()
    server.status.publish(BuildOutcome(True, (), (), 0.1, "built"))  # the closed one notices
    deadline = time.monotonic() + WAIT
    while ask(server, "/events?run=old") == 503:  # a run from elsewhere: answered, then closed
        assert time.monotonic() < deadline, "the closed stream never gave its place back"
        server.status.publish(BuildOutcome(True, (), (), 0.1, "built"))
        time.sleep(0.05)
    open_streams[0].close()


def test_a_client_that_sends_nothing_is_dropped_after_the_time_limit(serving, monkeypatch):
    monkeypatch.setattr(server_module.PreviewHandler, "timeout", 0.3)
    server = serving()
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=WAIT) as s:
        s.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
        started = time.monotonic()
        assert s.recv(1024) == b""  # the server hung up
        assert time.monotonic() - started < WAIT


def test_a_client_closing_mid_reply_prints_nothing(serving, monkeypatch, capfd):
    seen = []
    original = PreviewServer.handle_error

    def recording(self, request, client_address):
        seen.append(sys.exc_info()[0])
        original(self, request, client_address)

    monkeypatch.setattr(PreviewServer, "handle_error", recording)
    server = serving()
    deadline = time.monotonic() + WAIT
    while not seen and time.monotonic() < deadline:
        with socket.create_connection(("127.0.0.1", server.server_address[1])) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")  # reset
            s.sendall(f"GET /files/svg/big.svg HTTP/1.1\r\nHost: 127.0.0.1:"
                      f"{server.server_address[1]}\r\n\r\n".encode())
            s.recv(100)
        time.sleep(0.1)
    assert seen and issubclass(seen[0], ConnectionError | TimeoutError)
    printed = capfd.readouterr()
    assert "Traceback" not in printed.err and printed.err == ""


def test_watcher_ignores_its_output_folder_and_editor_files(tmp_path):
    out = tmp_path / "content" / "build"
    changed = [str(tmp_path / "content" / "tiles.yaml"), str(out / "svg" / "a.svg"),
               str(out / ".tkg-cache" / "stage-1" / "x"), str(out),
               *(str(tmp_path / "content" / name) for name in (
                   "tiles.yaml.swo", "4913", "~$tiles.yaml", "tiles.yaml.crswap",
                   "tiles.yaml___jb_tmp___", ".#tiles.yaml", "tiles.yaml.kate-swp"))]
    assert relevant(changed, out) == [str(tmp_path / "content" / "tiles.yaml")]


@pytest.mark.slow
def test_watcher_rebuilds_when_the_output_folder_is_deleted(project, monkeypatch):
    monkeypatch.chdir(project)
    out = project / "output"
    status, stop, lines = BuildStatus(), threading.Event(), []
    run = functools.partial(build, project / "content", project / "templates", out, ("a4",),
                            ["tiles"])
    options = WatchOptions(project / "content", project / "templates", out)
    thread = threading.Thread(target=watch_loop, args=(options, run, status, lines.append, stop))
    thread.start()
    try:
        assert status.wait_newer(0, WAIT) == 1 and status.outcome.ok
        shutil.rmtree(out)
        assert status.wait_newer(1, WAIT) == 2, "no rebuild after output/ was deleted"
        assert status.outcome.ok and status.outcome.changed == ("output deleted",)
        assert (out / "manifest.json").is_file() and (out / "svg" / "tiles").is_dir()
    finally:
        stop.set()
        thread.join(WAIT)
