"""The output folder is tkg's or nothing, and a build publishes all of it or none of it.

Regression tests of issue 16's findings 1-2: a build into the content folder deleted a
font; a folder in the way left the output torn; a stopped build left the manifest wrong
for good; two writers interleaved; killed builds left staging folders behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build import journal
from generator.build.claim import MARKER, claim
from generator.build.pipeline import build
from generator.cli import cli
from generator.core.errors import OutputError
from tests.conftest import ONE_LANGUAGE


def tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` but the build cache, by path."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and ".tkg-cache" not in p.relative_to(root).parts}


def assert_whole(out: Path) -> None:
    """The manifest lists every file there is, each with its bytes' hash."""
    listed = {f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())[
        "files"]}
    files = tree(out)
    assert set(files) == {*listed, "manifest.json", MARKER}
    assert all(hashlib.sha256(files[p]).hexdigest() == h for p, h in listed.items())


def run_build(project: Path, out: Path):
    return build(project / "content", project / "templates", out, ("a4",), ["tiles"],
                 languages=ONE_LANGUAGE)


def built(prebuilt, out: str = "output") -> Path:
    """The shipped project after `run_build` into project/`out`, exactly as the test's own
    first build would leave it: the session's one build of it, restored
    (tests.conftest.Prebuilt)."""
    return prebuilt(f"run-build-{out}", lambda project: run_build(project, project / out))


def test_building_into_the_content_folder_is_refused_and_deletes_nothing(project):
    before = tree(project / "content")
    for target in ("content", "content/build", "templates", "."):
        result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                          "--templates", str(project / "templates"),
                                          "--out", str(project / target)])
        assert result.exit_code == 3, (target, result.output)
        assert "refusing to build into" in result.output and "Traceback" not in result.output
    assert tree(project / "content") == before


def test_a_folder_with_files_tkg_did_not_write_is_refused(project, tmp_path):
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "holiday.jpg").write_bytes(b"\xff\xd8 a picture")
    with pytest.raises(OutputError, match="holds files tkg did not write"):
        run_build(project, foreign)
    assert tree(foreign) == {"holiday.jpg": b"\xff\xd8 a picture"}


@pytest.mark.slow
def test_only_files_the_manifest_lists_are_ever_removed(prebuilt):
    project = built(prebuilt)
    out = project / "output"
    (out / "svg" / "notes.txt").write_text("mine")
    game = project / "content" / "game.yaml"
    game.write_text(game.read_text().replace("Lato-Black.ttf", "Lato-Bold.ttf"))
    run_build(project, out)
    assert (out / "svg" / "notes.txt").read_text() == "mine"
    assert not (out / "fonts" / "Lato-Black.ttf").exists()  # tkg's own file, retired
    assert (project / "content" / "fonts" / "Lato-Black.ttf").is_file()


@pytest.mark.slow
def test_a_folder_in_the_way_names_it_and_leaves_the_output_as_it_was(prebuilt):
    project = built(prebuilt)
    out = project / "output"
    before = tree(out)
    (out / "pnp-a4.pdf").unlink()
    (out / "pnp-a4.pdf").mkdir()
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Mossfen", "name: Moss Fen"))
    with pytest.raises(OutputError, match=r"pnp-a4\.pdf: a folder is in the way"):
        run_build(project, out)
    assert tree(out) == {p: b for p, b in before.items() if p != "pnp-a4.pdf"}


@pytest.mark.slow
def test_a_linked_folder_is_never_written_through(prebuilt, tmp_path):
    project = built(prebuilt)
    out = project / "output"
    elsewhere = tmp_path / "elsewhere"
    shutil.move(out / "svg" / "tiles", elsewhere)
    (out / "svg" / "tiles").symlink_to(elsewhere)
    before = tree(elsewhere)
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Mossfen", "name: Moss Fen"))
    with pytest.raises(OutputError, match="is a link, not a folder"):
        run_build(project, out)
    assert tree(elsewhere) == before


@pytest.mark.slow
def test_a_second_writer_waits_then_names_the_process_holding_the_folder(project, monkeypatch):
    out = project / "output"
    monkeypatch.setenv("TKG_LOCK_WAIT", "0.3")
    holding, release = threading.Event(), threading.Event()

    def hold():
        with claim(out):
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        holding.wait(5)
        with pytest.raises(OutputError, match=rf"another tkg \(process {os.getpid()}\)"):
            run_build(project, out)
    finally:
        release.set()
        holder.join()
    run_build(project, out)  # once free, the folder builds
    assert_whole(out)


@pytest.mark.slow
def test_staging_folders_of_killed_builds_are_removed(prebuilt):
    project = built(prebuilt)
    out = project / "output"
    killed = out / ".tkg-cache" / "stage-killed"
    (killed / "svg").mkdir(parents=True)
    (killed / "svg" / "half.svg").write_bytes(b"<svg")
    legacy = project / ".output-staging-abc123"  # where earlier versions staged
    legacy.mkdir()
    (legacy / "x.pdf").write_bytes(b"%PDF")
    run_build(project, out)
    assert not killed.exists() and not legacy.exists()


@pytest.mark.slow
def test_a_damaged_cache_state_only_costs_a_full_build(prebuilt):
    project = built(prebuilt)
    out = project / "output"
    state = out / ".tkg-cache" / "state.json"
    state.write_text(state.read_text().replace('"sha256"', '"sha"'))
    result = run_build(project, out)
    assert "tiles" in result.rendered  # drawn again, no KeyError
    assert_whole(out)


# Fault injection: every write step of the writer, failing or interrupted, in turn.


class Stop(Exception):
    """Stands for the step that fails."""


def _steps(monkeypatch, fail_at: int | None, error: type[BaseException]) -> list[str]:
    """Count the writer's steps; stop the one numbered `fail_at` (once: what the writer
    does to clean up after it runs as it would).

    The staging is written here, in order: shared with a forked child, the steps that
    child took would be counted in its copy of `done` and which ones it took would vary
    from build to build, so a step counted in one build could be missing in the next."""
    done: list[str] = []
    monkeypatch.setattr(journal, "share_jobs", lambda jobs: [job() for job in jobs])
    for name in ("write_file", "rename", "remove"):
        real = getattr(journal, name)

        def step(*args, _real=real, _name=name):
            if fail_at is not None and len(done) == fail_at:
                done.append(f"{_name} stopped")
                raise error(f"stopped at {_name}")
            done.append(_name)
            return _real(*args)
        monkeypatch.setattr(journal, name, step)
    return done


def _edit(project: Path) -> None:
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text().replace("id: mossfen", "id: moss-fen")  # a file retired, one new
    tiles.write_text(text.replace("name: Ashen Steppe", "name: Ash Steppe"))


@pytest.mark.slow
@pytest.mark.parametrize("error", [OSError, KeyboardInterrupt], ids=["fails", "interrupted"])
def test_after_a_stop_at_any_write_step_the_next_build_equals_a_clean_one(prebuilt, tmp_path,
                                                                          monkeypatch, error):
    project = built(prebuilt, "first")
    first = project / "first"
    _edit(project)
    clean = tmp_path / "clean"
    run_build(project, clean)
    with monkeypatch.context() as patch:  # how many steps an incremental build takes
        counted = tmp_path / "counted"
        shutil.copytree(first, counted, symlinks=True)
        done = _steps(patch, None, error)
        run_build(project, counted)
        steps = len(done)
    assert steps > 5
    for at in range(steps):
        out = tmp_path / f"out-{at}"
        shutil.copytree(first, out, symlinks=True)
        with monkeypatch.context() as patch:
            _steps(patch, at, error)
            with pytest.raises((OutputError, KeyboardInterrupt)):
                run_build(project, out)
        run_build(project, out)
        assert tree(out) == tree(clean), f"stopped at step {at}"
        assert_whole(out)
