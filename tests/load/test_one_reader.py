"""Every file the build reads comes in one way: from inside its folder, a regular file,
within its size limit (issue 27, item 1).

The findings: a `pieces.yaml` or `tiles.yaml` linked to a file outside the project was
read and published; a `pieces.yaml` that is a FIFO blocked for ever; one linked to
/dev/zero was read to ~2.9 GB before a MemoryError.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core.limits import YAML_BYTES


def tkg(project: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """`tkg ARGS` on the project's content and templates, as a user runs it."""
    where = ["--content", str(project / "content")]
    if args[0] == "build":  # (one language: what is read is the same in every one)
        where += ["--templates", str(project / "templates"), "--out", str(project / "out"),
                  "--lang", "en"]
    return subprocess.run([sys.executable, "-m", "generator", *args, *where],
                          capture_output=True, text=True, timeout=timeout, cwd=project,
                          env={**os.environ, "XDG_CACHE_HOME": str(project / "cache")})


def _first(project: Path) -> None:
    assert tkg(project, "build", "--only", "tiles").returncode == 0


def first_build(prebuilt) -> Path:
    """The shipped project after a good `tkg build --only tiles` (its output in out/, its
    cache in cache/), exactly as the test's own first build would leave it: the session's
    one build of it, restored (tests.conftest.Prebuilt)."""
    return prebuilt("tkg-build-only-tiles", _first)


def refused(result: subprocess.CompletedProcess, code: str, name: str) -> None:
    assert result.returncode == 1, result.stderr + result.stdout
    said = result.stdout + result.stderr
    assert f"{name}:1:1: error {code}" in said, said
    assert "Traceback" not in said and "internal error" not in said


def replace_with_link(path: Path, target: Path) -> None:
    path.unlink()
    path.symlink_to(target)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pieces.yaml", "tiles.yaml", "game.yaml"])
def test_a_content_file_linked_outside_the_project_is_refused(project, tmp_path_factory, name):
    outside = tmp_path_factory.mktemp("elsewhere") / name
    outside.write_bytes((project / "content" / name).read_bytes())
    replace_with_link(project / "content" / name, outside)
    for command in ("validate", "build"):
        refused(tkg(project, command), "TKG110", f"content/{name}")
    assert not (project / "out").exists()


@pytest.mark.slow
def test_a_content_file_linked_inside_its_folder_is_read(project):
    content = project / "content"
    (content / "pieces.yaml").rename(content / "my-pieces.yaml")
    (content / "pieces.yaml").symlink_to("my-pieces.yaml")
    result = tkg(project, "validate")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_fifo_is_refused_at_once_not_waited_on(project):
    pieces = project / "content" / "pieces.yaml"
    pieces.unlink()
    os.mkfifo(pieces)
    refused(tkg(project, "validate", timeout=30), "TKG115", "content/pieces.yaml")


def test_a_link_to_a_device_is_refused_before_it_is_read(project):
    replace_with_link(project / "content" / "pieces.yaml", Path("/dev/zero"))
    result = tkg(project, "validate", timeout=30)
    refused(result, "TKG110", "content/pieces.yaml")


def test_a_device_inside_the_folder_is_refused_as_not_a_file(project):
    # A link to /dev/zero from a folder that is itself inside /dev's reach: the folder
    # holds the link, and the reader judges the opened file, not the name.
    from generator.core.reading import Refused, read_file

    with pytest.raises(Refused) as caught:
        read_file(Path("/dev/zero"), Path("/dev"), YAML_BYTES)
    assert caught.value.code == "TKG115" and "a device" in caught.value.reason


def test_a_file_past_its_size_limit_is_refused_without_reading_it(project):
    pieces = project / "content" / "pieces.yaml"
    with pieces.open("r+b") as handle:  # sparse: the size passes the limit, not the disk
        handle.truncate(YAML_BYTES.value + 1)
    result = tkg(project, "validate")
    refused(result, "TKG116", "content/pieces.yaml")
    assert f"{YAML_BYTES.value:,}" in result.stdout + result.stderr


def test_art_that_is_a_fifo_is_refused_where_it_is_named(project):
    art = project / "content" / "art" / "ember-hollow.svg"
    art.unlink()
    os.mkfifo(art)
    result = tkg(project, "validate", timeout=30)
    assert result.returncode == 1
    assert "TKG115" in result.stdout and "ember-hollow.svg" in result.stdout
    assert "content/tiles.yaml:" in result.stdout  # where the tile names its art


def test_a_template_that_is_a_fifo_is_an_error_not_a_hang(project):
    from generator.text.sandbox import InsideLoader

    folder = project / "templates"
    os.mkfifo(folder / "stuck.md.j2")
    import jinja2

    with pytest.raises(jinja2.TemplateNotFound, match="FIFO"):
        InsideLoader(str(folder)).get_source(jinja2.Environment(), "stuck.md.j2")


@pytest.mark.slow
def test_swapping_one_refused_file_for_another_is_never_nothing_changed(project):
    pieces = project / "content" / "pieces.yaml"
    pieces.unlink()
    os.mkfifo(pieces)
    refused(tkg(project, "validate", timeout=30), "TKG115", "content/pieces.yaml")
    pieces.unlink()
    pieces.symlink_to("/dev/zero")  # the verdict kept for the FIFO must not be reused
    refused(tkg(project, "validate", timeout=30), "TKG110", "content/pieces.yaml")


@pytest.mark.slow
def test_a_build_after_a_good_one_reports_a_file_become_unreadable(prebuilt):
    project = first_build(prebuilt)
    pieces = project / "content" / "pieces.yaml"
    pieces.unlink()
    os.mkfifo(pieces)
    result = tkg(project, "build", "--only", "tiles", timeout=30)
    refused(result, "TKG115", "content/pieces.yaml")
    assert "nothing changed" not in result.stdout + result.stderr


# Found by the fuzz harness (tests/fuzz): each was an internal error or a write outside.


@pytest.mark.slow
def test_a_memo_linked_to_a_device_in_the_output_is_set_aside_not_read(prebuilt):
    project = first_build(prebuilt)
    memo = project / "out" / ".tkg-cache" / "drawings.pickle"
    memo.unlink()
    memo.symlink_to("/dev/zero")
    for command in ("validate", "build"):
        result = tkg(project, command, "--only", "tiles") if command == "build" else \
            tkg(project, command)
        assert result.returncode == 0, result.stderr
        assert "internal error" not in result.stderr


def test_an_art_path_too_long_to_look_up_is_a_positioned_error(project):
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("art/ember-hollow.svg",
                                               "art/" + "a" * 300 + ".svg", 1))
    result = tkg(project, "validate")
    assert result.returncode == 1 and "internal error" not in result.stderr
    assert any(line.startswith("content/tiles.yaml:") and "TKG109" in line
               and "cannot be looked up" in line for line in result.stdout.splitlines())


@pytest.mark.slow
def test_the_output_marker_is_never_written_through_a_link(prebuilt, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "nothing-yet"
    project = first_build(prebuilt)
    marker = project / "out" / ".tkg-output"
    marker.unlink()
    marker.symlink_to(outside)  # a previous output, its marker swapped for a link
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Ember Hollow", "name: Ember Hollows", 1))
    result = tkg(project, "build", "--only", "tiles")
    assert result.returncode == 3 and "is a link" in result.stderr
    assert not outside.exists()


def test_a_simulation_report_is_never_written_into_the_templates(project):
    result = subprocess.run([sys.executable, "-m", "generator", "simulate", "--games", "1",
                             "--out", "templates/layouts/x"], capture_output=True, text=True,
                            timeout=120, cwd=project)
    assert result.returncode != 0 and "internal error" not in result.stderr
    assert not (project / "templates" / "layouts" / "x").exists()


@pytest.mark.parametrize("command", [["build", "--only", "tiles"], ["build"], ["validate"],
                                     ["simulate", "--games", "1"]])
def test_a_folder_name_too_long_for_the_file_system_is_a_usage_error(project, command):
    long = "a" * 300  # a name may have 255 bytes
    for option in ("--content", "--templates", "--out"):
        if option == "--templates" and command[0] == "simulate":
            continue
        result = subprocess.run([sys.executable, "-m", "generator", *command, option, long],
                                capture_output=True, text=True, timeout=120, cwd=project)
        assert result.returncode == 2, result.stderr
        assert f"Invalid value for '{option}': a folder name of 300 bytes" in result.stderr
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("kept", ["manifest.json", ".tkg-cache/state.json",
                                  ".tkg-cache/journal.json", "svg/tiles/tile-ember-hollow.svg"])
@pytest.mark.parametrize("what", ["device", "fifo"])
def test_a_file_of_the_previous_output_swapped_for_a_device_is_never_read(prebuilt, kept,
                                                                           what):
    project = first_build(prebuilt)
    path = project / "out" / kept
    path.unlink(missing_ok=True)
    path.symlink_to("/dev/zero") if what == "device" else os.mkfifo(path)
    for command in ("validate", "build"):
        result = tkg(project, command, *(["--only", "tiles"] if command == "build" else []),
                     timeout=120)
        said = result.stdout + result.stderr
        assert "internal error" not in said and "Traceback" not in said, said
        if kept.endswith("journal.json") and command == "build":  # the unfinished build's
            assert result.returncode == 3 and "delete" in result.stderr, said
        else:
            assert result.returncode == 0, said


def test_an_output_marker_that_is_a_fifo_is_refused_not_waited_on(prebuilt):
    project = first_build(prebuilt)
    marker = project / "out" / ".tkg-output"
    marker.unlink()
    os.mkfifo(marker)
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Ember Hollow", "name: Ember Hollows", 1))
    result = tkg(project, "build", "--only", "tiles")
    assert result.returncode == 3 and ".tkg-output: it is not a file" in result.stderr
