"""Whatever a client asks, the preview answers it (414, 404, 403, 400), never a traceback.

Regression test of an adversarial tester's finding: a request for a path of 6,000
characters printed an OSError traceback (File name too long) into the watcher's
terminal and the client got no answer.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from generator.live import server as server_module
from generator.live.server import PreviewServer, safe_file
from generator.live.status import BuildStatus


@pytest.fixture
def server(tmp_path: Path):
    out = tmp_path / "output"
    (out / "svg").mkdir(parents=True)
    (out / "svg" / "a.svg").write_text("<svg/>")
    (out / "manifest.json").write_text(json.dumps({"files": [
        {"path": "svg/a.svg", "kind": "tiles", "pages": 0},
        {"path": "svg/gone.svg", "kind": "tiles", "pages": 0}]}))
    running = PreviewServer(out, BuildStatus())
    running.start()
    yield running
    running.stop()


def status_of(server: PreviewServer, target: str) -> int:
    """The status a raw GET of `target` is answered with (0: no answer at all)."""
    port = server.server_address[1]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        head = s.recv(64)
    return int(head.split()[1]) if head.startswith(b"HTTP/") else 0


@pytest.mark.parametrize(("target", "expected"), [
    ("/files/" + "a" * 6000, 414),  # the finding
    ("/files/" + "/".join(["a" * 300] * 20), 414),
    ("/" + "a" * 6000, 414),
    ("/events?since=" + "9" * 6000, 400),  # a long query is no path: "since" is refused
    ("/files/" + "a" * 1900, 403),  # short enough to be looked up, too long a name for it
    ("/files/svg/" + "a" * 1000 + ".svg", 403),
    ("/files/" + "a/" * 900 + "a.svg", 403),
    ("http://[/files/svg/a.svg", 400),  # an absolute URL urlsplit cannot read
], ids=["6000-name", "20-long-parts", "6000-page", "6000-query", "1900-name", "1000-name",
        "900-parts", "unclosed-ipv6"])
def test_requests_the_file_system_cannot_look_up_are_answered(server, capfd, target, expected):
    assert status_of(server, target) == expected
    assert status_of(server, "/files/svg/a.svg") == 200  # and the server is still there
    assert "Traceback" not in capfd.readouterr().err


def test_a_file_removed_after_the_check_is_not_found(server, capfd, monkeypatch):
    # A build may replace or remove a file between safe_file's check and the read.
    monkeypatch.setattr(server_module, "safe_file",
                        lambda root, requested: root / "svg" / "gone.svg")
    assert status_of(server, "/files/svg/gone.svg") == 404
    assert "Traceback" not in capfd.readouterr().err


def test_safe_file_refuses_a_name_too_long_to_look_up(tmp_path):
    assert safe_file(tmp_path, "a" * 5000) is None
    assert safe_file(tmp_path, "/".join(["b" * 300] * 3)) is None
