"""The preview server: files from the output folder only, status, and build events."""

from __future__ import annotations

import hashlib
import http.client
import json
import re
import threading
from pathlib import Path

import pytest

from generator.core.diagnostics import diagnostic
from generator.core.model import Location
from generator.live.server import PreviewServer, safe_file
from generator.live.status import BuildOutcome, BuildStatus


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


def fetch(server: PreviewServer, path: str, headers: dict[str, str] | None = None):
    """The response to a GET of `path`, its body read (`.body`)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    response.body = response.read()
    return response


def get(server: PreviewServer, path: str) -> tuple[int, bytes]:
    response = fetch(server, path)
    return response.status, response.body


def stream(server: PreviewServer, path: str):
    """An open event stream, past the `retry:` block that starts every stream."""
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request("GET", path)
    response = conn.getresponse()
    assert response.getheader("Content-Type") == "text/event-stream"
    # Reconnect after 1 s, not the browser's 3 s: a restarted watcher is picked up sooner.
    assert response.fp.readline() == b"retry: 1000\n" and response.fp.readline() == b"\n"
    return conn, response


def test_binds_to_loopback_only(served):
    server, _ = served
    assert server.server_address[0] == "127.0.0.1"


def test_serves_output_files(served):
    server, _ = served
    status, body = get(server, "/files/svg/tiles/ember.svg")
    assert status == 200 and body.startswith(b"<svg")


@pytest.mark.slow
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
    # An image: each SVG carries its fonts as data URLs, which an <img> does draw, and an
    # image costs the browser far less than a document of its own.
    assert code == 200 and re.search(r'<figure class="piece tile" data-path="svg/tiles/ember.svg"'
                                     r'[^>]*>\s*<img class="thumb" '
                                     r'src="/files/svg/tiles/ember.svg\?v=abababababab"', page)
    assert "<object" not in page.split('<dialog')[0]  # the full SVG only when enlarged
    assert "content/tiles.yaml:9:7: error TKG107" in page and 'class="broken"' in page
    assert "after content/tiles.yaml" in page
    assert json.loads(get(server, "/status.json")[1])["generation"] == 1


def test_proof_sheet_shows_each_tile_as_an_object(served):
    server, _ = served
    page = get(server, "/proof")[1].decode()
    assert re.search(r'<object type="image/svg\+xml" data="/files/svg/tiles/ember.svg'
                     r'\?v=abababababab"[^>]* class="tile" data-path="svg/tiles/ember.svg"', page)
    assert "<img" not in page


def _list(server: PreviewServer, *paths: str) -> None:
    """Add files to the served output and its manifest."""
    listed = json.loads((server.root / "manifest.json").read_text())
    for path in paths:
        (server.root / path).parent.mkdir(parents=True, exist_ok=True)
        (server.root / path).write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
        listed["files"].append({"path": path, "kind": "compare", "pages": 0, "sha256": "cd" * 32})
    (server.root / "manifest.json").write_text(json.dumps(listed))


def test_the_comparison_link_shows_only_when_the_manifest_lists_the_comparison(served):
    server, _ = served
    assert "Layout comparison" not in get(server, "/")[1].decode()
    _list(server, "compare/default/ember.svg", "compare/notes.html")  # no comparison page
    assert "Layout comparison" not in get(server, "/")[1].decode()
    _list(server, "compare/index.html")
    page = get(server, "/")[1].decode()
    assert '<a href="/files/compare/index.html?v=cdcdcdcdcdcd">Layout comparison</a>' in page


def test_captions_order_and_elements_come_from_the_tile_index(served):
    server, _ = served
    # Listed alphabetically, as a manifest is; the content's order is another.
    _list(server, "svg/tiles/zephyr.svg", "svg/tokens/air.svg", "svg/tokens/fire.svg")
    index = {"tiles": [
        {"id": "zephyr", "name": "Zephyr & Smoke", "number": 1, "elements": ["fire", "air"],
         "svg": "svg/tiles/zephyr.svg"},
        {"id": "ember", "name": "Ember Hollow", "number": 2, "elements": ["fire"],
         "svg": "svg/tiles/ember.svg"}], "back": "svg/back.svg", "trim": 63.5, "bleed": 3,
        "safe": 3}
    (server.root / "svg" / "tiles.json").write_text(json.dumps(index))
    listed = json.loads((server.root / "manifest.json").read_text())
    listed["files"].append({"path": "svg/tiles.json", "kind": "tiles", "pages": 0,
                            "sha256": "ef" * 32})
    (server.root / "manifest.json").write_text(json.dumps(listed))
    page = get(server, "/")[1].decode()
    figures = re.findall(r'<figure class="piece (\w+)" data-path="([^"]+)"[^>]*'
                         r'data-elements="([^"]*)"', page)
    assert figures == [("tile", "svg/tiles/zephyr.svg", "fire air"),
                       ("tile", "svg/tiles/ember.svg", "fire"),
                       ("token", "svg/tokens/fire.svg", "fire"),
                       ("token", "svg/tokens/air.svg", "air")]
    assert '<span class="number">1</span> <span class="name">Zephyr &amp; Smoke</span>' in page
    assert 'alt="Zephyr &amp; Smoke"' in page
    # Bleed, safe zone and a round piece's face, mm, for the enlarged view (here from the
    # tile index, as an older output without them in its manifest has them).
    assert 'data-path="svg/tiles/zephyr.svg"' in page and 'data-guides="3 3 0"' in page


def test_versioned_files_are_kept_and_others_revalidated(served):
    server, _ = served
    tile = (server.root / "svg" / "tiles" / "ember.svg").read_bytes()
    version = hashlib.sha256(tile).hexdigest()[:12]
    kept = fetch(server, f"/files/svg/tiles/ember.svg?v={version}")
    assert kept.status == 200 and kept.body == tile
    assert kept.getheader("Cache-Control") == "max-age=31536000, immutable"
    # A hash that is not the file's (a build replaced it meanwhile) must not be kept for good.
    stale = fetch(server, "/files/svg/tiles/ember.svg?v=abababababab")
    assert stale.status == 200 and "immutable" not in stale.getheader("Cache-Control")
    # The fonts an SVG loads have no hash: asked again, unchanged, they cost a 304.
    (server.root / "fonts").mkdir()
    (server.root / "fonts" / "Face.ttf").write_bytes(b"\0\1\0\0font")
    listed = json.loads((server.root / "manifest.json").read_text())
    listed["files"].append({"path": "fonts/Face.ttf", "kind": "tiles", "pages": 0})
    (server.root / "manifest.json").write_text(json.dumps(listed))
    font = fetch(server, "/files/fonts/Face.ttf")
    assert font.status == 200 and font.getheader("Content-Type") == "font/ttf"
    assert font.getheader("Cache-Control") == "max-age=1" and font.getheader("ETag")
    again = fetch(server, "/files/fonts/Face.ttf", {"If-None-Match": font.getheader("ETag")})
    assert again.status == 304 and again.body == b""
    (server.root / "fonts" / "Face.ttf").write_bytes(b"\0\1\0\0other font")  # a new font
    changed = fetch(server, "/files/fonts/Face.ttf", {"If-None-Match": font.getheader("ETag")})
    assert changed.status == 200 and changed.body == b"\0\1\0\0other font"


def read_event(response) -> tuple[str, dict]:
    """The next event of an open stream: its id and its data, keep-alives skipped."""
    fields: dict[str, str] = {}
    while True:
        line = response.fp.readline().decode()
        assert line, "the stream ended"
        if line == "\n" and "data" in fields:
            return fields.get("id", ""), json.loads(fields["data"])
        if line.startswith(":") or line == "\n":
            continue
        name, _, value = line.rstrip("\n").partition(": ")
        fields[name] = value


def test_event_stream_announces_each_build_and_the_files_it_changed(served):
    server, status = served
    conn, response = stream(server, "/events?since=0")
    threading.Timer(0.2, status.publish, [BuildOutcome(
        True, seconds=0.3, artefacts=("manifest.json", "svg/tiles/ember.svg"))]).start()
    assert read_event(response) == ("1", {"generation": 1, "changed": [
        "manifest.json", "svg/tiles/ember.svg"]})
    # The stream stays open: the next build comes on it, with only its own files.
    status.publish(BuildOutcome(True, seconds=0.2, artefacts=("pnp-a4.pdf",)))
    assert read_event(response) == ("2", {"generation": 2, "changed": ["pnp-a4.pdf"]})
    conn.close()


def test_a_page_behind_by_several_builds_hears_every_file_they_changed(served):
    server, status = served
    status.publish(BuildOutcome(True, artefacts=("svg/tiles/ember.svg",)))
    status.publish(BuildOutcome(False, message="broken"))  # wrote nothing
    status.publish(BuildOutcome(True, artefacts=("manifest.json", "svg/back.svg")))
    conn, response = stream(server, "/events?since=1")
    assert read_event(response)[1] == {"generation": 3,
                                       "changed": ["manifest.json", "svg/back.svg"]}
    conn.close()
    # A reconnecting EventSource says which event it saw last: that wins over `since`.
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request("GET", "/events?since=0", headers={"Last-Event-ID": "2"})
    response = conn.getresponse()
    assert read_event(response)[1]["changed"] == ["manifest.json", "svg/back.svg"]
    conn.close()


def test_a_page_behind_by_more_builds_than_remembered_is_told_to_reload(served):
    server, status = served
    for _ in range(status.HISTORY + 2):
        status.publish(BuildOutcome(True, artefacts=("svg/tiles/ember.svg",)))
    conn, response = stream(server, "/events?since=1")
    assert read_event(response)[1] == {"generation": status.HISTORY + 2, "changed": None}
    conn.close()


def test_before_the_first_build_the_page_claims_no_failure(served):
    server, _ = served
    page = get(server, "/")[1].decode()
    assert 'class="pending"' in page and "First build running" in page
    assert "Build failed" not in page and 'class="broken"' not in page


def test_stopping_ends_event_streams_without_announcing_a_build(tmp_path: Path):
    server = PreviewServer(tmp_path, BuildStatus())
    server.start()
    conn, response = stream(server, "/events?since=0")
    threading.Timer(0.2, server.stop).start()
    assert response.read() == b""  # a `data:` line here made open pages reload into an error
    conn.close()


def test_a_page_from_an_earlier_server_is_told_to_reload(served):
    server, _ = served
    assert f'data-run="{server.run}"' in get(server, "/")[1].decode()
    conn, response = stream(server, "/events?since=7&run=0123456789ab")  # another run's 7
    assert response.fp.readline() == b"event: restarted\n"
    conn.close()


@pytest.mark.slow
@pytest.mark.parametrize("since", ["abc", "1.5", "%20",
                                   pytest.param("9" * 5000, id="past-int-digit-limit")])
def test_a_malformed_since_is_refused_without_a_traceback(served, capsys, since):
    server, _ = served
    status, body = get(server, f"/events?since={since}")
    assert status == 400 and b"since must be a whole number" in body
    assert "Traceback" not in capsys.readouterr().err  # the watcher's terminal stays clean


def _bilingual(out: Path) -> None:
    """An output in English and French, as a build in both writes it: each file with its
    language, French under fr/, each language's tile index naming its tiles."""
    files = []
    for folder, language, name in (("", "en", "Ember Hollow"), ("fr/", "fr", "Creux des Braises")):
        (out / folder / "svg" / "tiles").mkdir(parents=True, exist_ok=True)
        (out / folder / "svg" / "tiles" / "ember.svg").write_text(
            f"<svg xmlns='http://www.w3.org/2000/svg'><title>{name}</title></svg>")
        index = {"tiles": [{"svg": "svg/tiles/ember.svg", "name": name, "number": 1,
                            "elements": ["fire"]}], "bleed": 3, "safe": 3, "back": ""}
        (out / folder / "svg" / "tiles.json").write_text(json.dumps(index))
        files += [{"path": f"{folder}svg/tiles/ember.svg", "kind": "tiles", "pages": 0,
                   "sha256": hashlib.sha256(name.encode()).hexdigest(), "language": language},
                  {"path": f"{folder}svg/tiles.json", "kind": "tiles", "pages": 0,
                   "sha256": hashlib.sha256(json.dumps(index).encode()).hexdigest(),
                   "language": language}]
    (out / "manifest.json").write_text(json.dumps({"files": files}))


def test_the_gallery_shows_one_language_at_a_time_with_a_switch(served):
    server, _ = served
    _bilingual(server.root)
    english = get(server, "/")[1].decode()
    assert "Ember Hollow" in english and "Creux des Braises" not in english
    assert 'src="/files/svg/tiles/ember.svg' in english
    assert re.search(r'<a href="/\?lang=fr" lang="fr"[^>]*>FR</a>', english)
    french = get(server, "/?lang=fr")[1].decode()
    assert "Creux des Braises" in french and "Ember Hollow" not in french
    assert 'src="/files/fr/svg/tiles/ember.svg' in french
    assert '<strong lang="fr">FR' in french and 'href="/?lang=en"' in french
    # Its links keep the language; the file it shows is served.
    assert 'href="/proof?lang=fr"' in french
    assert get(server, "/files/fr/svg/tiles/ember.svg")[0] == 200
    proof = get(server, "/proof?lang=fr")[1].decode()
    assert 'data="/files/fr/svg/tiles/ember.svg' in proof
    # A language the output does not have shows the source language.
    assert "Ember Hollow" in get(server, "/?lang=de")[1].decode()


def test_stopping_waits_for_the_serving_loop_a_twentieth_of_a_second_at_most(
        tmp_path: Path, monkeypatch):
    intervals = []
    serve = PreviewServer.serve_forever
    monkeypatch.setattr(PreviewServer, "serve_forever",
                        lambda self, poll=0.5: intervals.append(poll) or serve(self, poll))
    server = PreviewServer(tmp_path, BuildStatus())
    server.start()
    server.stop()
    assert intervals == [0.05]  # the library's default, half a second, held every test's stop
