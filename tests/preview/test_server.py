"""The preview server: files from the output folder only, status, and build events."""

from __future__ import annotations

import http.client
import json
import threading
from pathlib import Path

import pytest

from generator.diagnostics import diagnostic
from generator.model import Location
from generator.preview.server import PreviewServer, safe_file
from generator.preview.status import BuildOutcome, BuildStatus


@pytest.fixture
def served(tmp_path: Path):
    out = tmp_path / "output"
    (out / "svg" / "tiles").mkdir(parents=True)
    (out / "svg" / "tiles" / "ember.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (out / "manifest.json").write_text(json.dumps({"files": [
        {"path": "svg/tiles/ember.svg", "kind": "tiles", "pages": 0, "sha256": "ab" * 32}]}))
    (tmp_path / "secret.txt").write_text("not for the browser")
    status = BuildStatus()
    server = PreviewServer(out, status)
    server.start()
    yield server, status
    server.stop()


def get(server: PreviewServer, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request("GET", path)
    response = conn.getresponse()
    return response.status, response.read()


def test_binds_to_loopback_only(served):
    server, _ = served
    assert server.server_address[0] == "127.0.0.1"


def test_serves_output_files(served):
    server, _ = served
    status, body = get(server, "/files/svg/tiles/ember.svg")
    assert status == 200 and body.startswith(b"<svg")


@pytest.mark.parametrize("path", [
    "/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files/svg/../../secret.txt",
    "/files//etc/passwd", "/files/%2Fetc%2Fpasswd", "/files/svg\\..\\..\\secret.txt",
    "/files/svg/tiles/missing.svg", "/files/svg",
])
def test_refuses_anything_outside_the_output_folder(served, path):
    server, _ = served
    status, body = get(server, path)
    assert status == 403 and b"not for the browser" not in body


def test_safe_file_refuses_links_that_leave_the_folder(tmp_path: Path):
    (tmp_path / "out").mkdir()
    (tmp_path / "outside.txt").write_text("x")
    (tmp_path / "out" / "link.txt").symlink_to(tmp_path / "outside.txt")
    assert safe_file(tmp_path / "out", "link.txt") is None


def test_gallery_lists_manifest_svgs_and_status(served):
    server, status = served
    problem = diagnostic("TKG107", Location("content/tiles.yaml", 9, 7), "unknown element 'x'")
    status.publish(BuildOutcome(False, (problem,), ("content/tiles.yaml",), 0.1, "1 error"))
    code, body = get(server, "/")
    page = body.decode()
    assert code == 200 and 'src="/files/svg/tiles/ember.svg?v=abababababab"' in page
    assert "content/tiles.yaml:9:7: error TKG107" in page and 'class="broken"' in page
    assert json.loads(get(server, "/status.json")[1])["generation"] == 1


def test_event_stream_announces_each_build(served):
    server, status = served
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request("GET", "/events?since=0")
    response = conn.getresponse()
    assert response.getheader("Content-Type") == "text/event-stream"
    threading.Timer(0.2, status.publish, [BuildOutcome(True, seconds=0.3)]).start()
    line = response.fp.readline()
    assert line == b"data: 1\n"
    conn.close()


def test_before_the_first_build_the_page_claims_no_failure(served):
    server, _ = served
    page = get(server, "/")[1].decode()
    assert 'class="pending"' in page and "First build running" in page
    assert "Build failed" not in page and 'class="broken"' not in page


def test_stopping_ends_event_streams_without_announcing_a_build(tmp_path: Path):
    server = PreviewServer(tmp_path, BuildStatus())
    server.start()
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request("GET", "/events?since=0")
    response = conn.getresponse()
    threading.Timer(0.2, server.stop).start()
    assert response.read() == b""  # a `data:` line here made open pages reload into an error
    conn.close()


def test_a_page_from_an_earlier_server_is_told_to_reload(served):
    server, _ = served
    assert f'data-run="{server.run}"' in get(server, "/")[1].decode()
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request("GET", "/events?since=7&run=0123456789ab")  # generation 7 of another run
    response = conn.getresponse()
    assert response.fp.readline() == b"event: restarted\n"
    conn.close()
