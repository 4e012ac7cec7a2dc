"""The writer stages everything first, so a failure leaves the old output whole."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from generator.build.claim import claim
from generator.build.writer import publish, write_artefacts
from generator.core.artefacts import Artefact
from generator.core.errors import OutputError


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file()}


def test_writes_files_and_a_manifest_with_hashes(tmp_path):
    out = tmp_path / "output"
    arts = [Artefact("svg/a.svg", b"<svg/>", "tiles", guides=(3.0, 3.0, 0.0)),
            Artefact("pdf/b.pdf", b"%PDF", "tiles", 3, paper="a4")]
    write_artefacts(out, arts)
    manifest = json.loads((out / "manifest.json").read_text())
    entries = {f["path"]: f for f in manifest["files"]}
    assert entries["pdf/b.pdf"] == {"path": "pdf/b.pdf", "kind": "tiles", "paper": "a4",
                                    "language": None, "pages": 3, "bytes": 4,
                                    "sha256": hashlib.sha256(b"%PDF").hexdigest()}
    assert entries["svg/a.svg"]["guides"] == [3.0, 3.0, 0.0] and \
        entries["svg/a.svg"]["paper"] is None
    assert (out / "svg/a.svg").read_bytes() == b"<svg/>"
    assert not list(tmp_path.glob(".output-staging-*"))  # the staging folder is gone


def test_a_failure_while_staging_leaves_the_old_output_untouched(tmp_path, monkeypatch):
    out = tmp_path / "output"
    write_artefacts(out, [Artefact("a.txt", b"old a", "tiles"), Artefact("b.txt", b"old b",
                                                                         "tiles")])
    before = _tree(out)
    calls = {"n": 0}
    real = Path.write_bytes

    def flaky(self, data):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", flaky)
    with pytest.raises(OutputError):
        write_artefacts(out, [Artefact("a.txt", b"new a", "tiles"),
                              Artefact("b.txt", b"new b", "tiles")])
    assert _tree(out) == before
    assert not list(tmp_path.glob(".output-staging-*"))


def test_paths_outside_the_output_and_clashes_are_refused(tmp_path):
    for bad in ("../x", "/abs", "manifest.json"):
        with pytest.raises(OutputError):
            write_artefacts(tmp_path / "o", [Artefact(bad, b"", "tiles")])
    with pytest.raises(OutputError):
        write_artefacts(tmp_path / "o", [Artefact("x", b"1", "tiles"), Artefact("x", b"2", "t")])


def test_manifest_keeps_other_kinds_from_an_earlier_build(tmp_path):
    out = tmp_path / "output"
    write_artefacts(out, [Artefact("rulebook.pdf", b"r", "rulebook")])
    write_artefacts(out, [Artefact("tiles.pdf", b"t", "tiles")], kinds=["tiles"])
    paths = [f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]]
    assert paths == ["rulebook.pdf", "tiles.pdf"]


def test_a_streamed_file_is_written_as_it_is_made_with_the_rest_and_unlisted(tmp_path):
    # The build cache's memo file (megabytes of pickles) is written by a call into the
    # staged file, never held whole; it is published with the other files or not at all.
    out = tmp_path / "output"
    chunks = [b"one ", b"two ", b"three"]

    def memo(handle) -> None:
        for chunk in chunks:
            handle.write(chunk)

    with claim(out):
        publish(out, [Artefact("a.txt", b"a", "tiles")], streamed=[(".tkg-cache/m", memo)])
    assert (out / ".tkg-cache/m").read_bytes() == b"one two three"
    listed = [f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]]
    assert listed == ["a.txt"]
    for clash in ([Artefact(".tkg-cache/m", b"x", "cache")], []):
        with claim(out), pytest.raises(OutputError):
            publish(out, clash, streamed=[(".tkg-cache/m", memo)] * (2 - len(clash)))

    def broken(handle) -> None:
        handle.write(b"half")
        raise OSError(28, "No space left on device")

    before = _tree(out)
    with claim(out), pytest.raises(OutputError):
        publish(out, [Artefact("a.txt", b"new a", "tiles")],
                streamed=[(".tkg-cache/m", broken)])
    assert _tree(out) == before
