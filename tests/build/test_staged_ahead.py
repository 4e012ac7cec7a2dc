"""A first build's workers write its files where they make them, into the staging folder,
and hand back only their hashes and sizes: the process that publishes them never holds
their bytes (its memory peaks when it publishes)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build import journal, parallel
from generator.build.claim import MARKER
from generator.build.journal import put_ahead
from generator.build.pipeline import build
from generator.build.writer import publish, staged_ahead
from generator.cli import cli
from generator.core.artefacts import Artefact, held_in_file
from generator.core.errors import OutputError, RenderError
from tests.conftest import ONE_LANGUAGE

SVG = b"<svg xmlns='http://www.w3.org/2000/svg'/>"


def test_an_artefact_held_in_a_file_reads_its_bytes_there_and_travels_without_them(tmp_path):
    (tmp_path / "a.svg").write_bytes(SVG)
    made = Artefact("svg/a.svg", SVG, "tiles", paper="a4", guides=(3.0, 3.0, 0.0))
    held = held_in_file(made, tmp_path / "a.svg")
    assert held == made and held.data == SVG
    assert (held.size, held.sha256) == (len(SVG), hashlib.sha256(SVG).hexdigest())
    again = pickle.loads(pickle.dumps(held))
    assert SVG not in pickle.dumps(held) and again.data == SVG and again.guides == made.guides
    (tmp_path / "a.svg").unlink()
    assert again.size == len(SVG)  # its size and hash known without its file


def test_publish_takes_the_files_staged_ahead_and_hands_them_back_in_the_output(tmp_path):
    out = tmp_path / "output"
    with staged_ahead(out) as ahead:
        put_ahead(ahead, "svg/a.svg", SVG)
        held = held_in_file(Artefact("svg/a.svg", SVG, "tiles"), ahead / "svg/a.svg")
        files = publish(out, [held, Artefact("b.txt", b"b", "tiles")], ahead=ahead).files
    assert (out / "svg/a.svg").read_bytes() == SVG and (out / "b.txt").read_bytes() == b"b"
    assert [a.held_in for a in files if a.path == "svg/a.svg"] == [out / "svg/a.svg"]
    listed = {f["path"]: f for f in json.loads((out / "manifest.json").read_text())["files"]}
    assert listed["svg/a.svg"]["bytes"] == len(SVG)
    assert not list((out / journal.CACHE_DIR).glob(f"{journal.STAGE_PREFIX}*"))


def test_two_files_of_one_path_with_other_bytes_are_refused_though_neither_is_read(tmp_path):
    out = tmp_path / "output"
    with staged_ahead(out) as ahead:
        one = held_in_file(Artefact("x.svg", SVG, "tiles"), ahead / "x.svg")
        other = held_in_file(Artefact("x.svg", SVG + b" ", "tokens"), ahead / "x.svg")
        with pytest.raises(OutputError, match="different contents"):
            publish(out, [one, other], ahead=ahead)
        publish(out, [one, one], ahead=ahead)  # the same bytes twice: one file
    assert not (out / "x.svg").exists()  # (never written: nothing held its bytes)


@pytest.mark.slow
def test_a_first_build_writes_none_of_its_files_here(project, tmp_path, monkeypatch):
    written: list[str] = []
    real = journal.write_file

    def write_file(path, data):  # what this process writes (a forked worker's own copy
        written.append(Path(path).name)  # of the list is not this one)
        return real(path, data)
    monkeypatch.setattr(journal, "write_file", write_file)
    # The render's workers are forks whatever the machine's cores (the point of the test).
    monkeypatch.setattr(parallel, "_can_fork", lambda: True)
    # The writer's own two halves here, one after the other, so every step it takes is
    # counted (shared with a forked child, some of them would be the child's).
    monkeypatch.setattr(journal, "share_jobs", lambda jobs: [job() for job in jobs])
    out = tmp_path / "out"
    result = build(project / "content", project / "templates", out, ("a4",), ["tiles"],
                   languages=ONE_LANGUAGE)
    tile_files = [a for a in result.artefacts if a.path.startswith("svg/tiles/")]
    assert len(tile_files) == 48
    assert written and not [name for name in written if name.endswith((".svg", ".pdf"))]
    for a in tile_files:  # the files are whole, and what the result says of them is true
        data = (out / a.path).read_bytes()
        assert a.held_in == out / a.path and a.data == data and a.size == len(data)
        assert a.sha256 == hashlib.sha256(data).hexdigest()
    # An edit is made here, as it always was: its files go back to this process.
    tiles_yaml = project / "content" / "tiles.yaml"
    tiles_yaml.write_text(tiles_yaml.read_text().replace("name: Ashen Steppe",
                                                         "name: Ash Steppe"))
    written.clear()
    again = build(project / "content", project / "templates", out, ("a4",), ["tiles"],
                  languages=ONE_LANGUAGE)
    assert "pnp-a4.pdf" in written and all(a.held_in is None for a in again.artefacts)


def test_a_first_build_that_fails_while_it_renders_leaves_no_folder(project, tmp_path,
                                                                  monkeypatch):
    from generator.products import kinds

    def broken(request, kit):
        raise RenderError("the printer caught fire")
    # The bundle fails, on one core, while the tiles are made and written on the other.
    monkeypatch.setattr(kinds, "KINDS", tuple(
        dataclasses.replace(k, make=broken) if k.name == "pnp" else k for k in kinds.KINDS))
    out = tmp_path / "new" / "out"
    with pytest.raises(RenderError, match="caught fire"):
        build(project / "content", project / "templates", out, ("a4",), ["tiles"],
              languages=ONE_LANGUAGE)
    assert not (tmp_path / "new").exists()  # nor the folder made to hold it


@pytest.mark.parametrize("cache", ["link", "file"])
def test_a_first_build_never_stages_through_a_cache_folder_that_is_not_one(project, tmp_path,
                                                                           cache):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / MARKER).write_text("made by tkg\n")
    if cache == "link":
        (out / journal.CACHE_DIR).symlink_to(elsewhere)
    else:
        (out / journal.CACHE_DIR).write_text("not a folder\n")
    result = CliRunner().invoke(cli, ["build", "--only", "tiles", "--paper", "a4", "--lang",
                                      "en", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--out", str(out)])
    assert result.exit_code == 3 and "Traceback" not in result.output
    assert f"{out / journal.CACHE_DIR} is a {cache}, not a folder" in result.output
    assert "rendering" not in result.output  # refused first: no worker wrote through it
    assert list(elsewhere.iterdir()) == [] and sorted(p.name for p in out.iterdir()) == [
        journal.CACHE_DIR, MARKER]


def test_a_full_disk_while_the_workers_write_is_the_writer_s_error(project, tmp_path,
                                                                  monkeypatch):
    real = journal.write_file

    def full(path, data):  # inherited by the forked workers, which write the SVGs
        if ".svg" in Path(path).name:
            raise OSError(28, "No space left on device")
        return real(path, data)
    monkeypatch.setattr(journal, "write_file", full)
    out = tmp_path / "out"
    with pytest.raises(OutputError, match="No space left on device"):
        build(project / "content", project / "templates", out, ("a4",), ["tiles"],
              languages=ONE_LANGUAGE)
    assert not out.exists()
