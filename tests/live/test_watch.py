"""`tkg watch`'s loop: rebuilds after an edit, survives a broken edit, recovers."""

from __future__ import annotations

import functools
import threading
from pathlib import Path

import pytest

from generator.build.pipeline import build
from generator.live.status import BuildStatus
from generator.live.watch import WatchOptions, outcome_lines, relevant, watch_loop

WAIT = 60.0  # seconds: an upper bound, never a sleep


@pytest.fixture
def watching(project: Path, monkeypatch):
    """The watch loop running on a temp project, stopped at the end of the test.

    It runs in the project, as `tkg watch` does, so changed paths are shown relative to it.
    """
    monkeypatch.chdir(project)
    out = project / "output"
    status = BuildStatus()
    lines: list[str] = []
    stop = threading.Event()
    run = functools.partial(build, project / "content", project / "templates", out, ("a4",),
                            ["tiles"])
    options = WatchOptions(project / "content", project / "templates", out)
    thread = threading.Thread(target=watch_loop, args=(options, run, status, lines.append, stop))
    thread.start()
    try:
        yield project, status, lines
    finally:
        stop.set()
        thread.join(WAIT)
    assert not thread.is_alive()


def next_outcome(status: BuildStatus, seen: int):
    generation = status.wait_newer(seen, WAIT)
    assert generation > seen, "no rebuild within the time limit"
    return generation, status.snapshot()[1]


def edit(project: Path, old: str, new: str) -> None:
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    assert old in text
    tiles.write_text(text.replace(old, new, 1))


def test_edit_rebuilds_then_broken_edit_keeps_watching(watching):
    project, status, lines = watching
    generation, outcome = next_outcome(status, 0)  # the first build
    assert outcome.ok, outcome.message
    svg = project / "output" / "svg" / "tiles" / "mossfen.svg"
    assert b"Mossfen" in svg.read_bytes()

    edit(project, "name: Mossfen", "name: Mossfen Deep")
    generation, outcome = next_outcome(status, generation)
    # Short, as the terminal line prints it, so the preview's banner says the same.
    assert outcome.ok and outcome.changed == ("content/tiles.yaml",)
    assert any("] content/tiles.yaml: built in" in line for line in lines), lines
    assert b"Mossfen Deep" in svg.read_bytes()

    edit(project, "insignias: [fire]", "insignias: [fyre]")
    generation, outcome = next_outcome(status, generation)
    assert not outcome.ok and [d.code for d in outcome.diagnostics if d.is_error] == ["TKG107"]
    assert b"Mossfen Deep" in svg.read_bytes()  # the last good output stays
    assert any("NOT built" in line for line in lines)
    assert any(": error TKG107:" in line for line in lines)

    edit(project, "insignias: [fyre]", "insignias: [fire]")
    generation, outcome = next_outcome(status, generation)
    assert outcome.ok


def test_editor_droppings_do_not_trigger_builds():
    kept = relevant(["/p/content/tiles.yaml", "/p/content/.tiles.yaml.swp",
                     "/p/content/tiles.yaml~", "/p/content/#tiles.yaml#", "/p/x/a.tmp"])
    assert kept == ["/p/content/tiles.yaml"]


def test_outcome_line_names_what_changed():
    from generator.live.status import BuildOutcome

    line = outcome_lines(BuildOutcome(True, (), ("content/tiles.yaml",), 0.42,
                                      "wrote 3 files"))[0]
    assert "content/tiles.yaml: built in 0.42 s, content valid" in line
    assert "] start: " in outcome_lines(BuildOutcome(True, (), (), 0.42, "wrote 3 files"))[0]


def test_changed_paths_are_relative_to_the_working_folder_when_inside_it(tmp_path: Path):
    from generator.live.watch import _short

    inside = tmp_path / "content" / "tiles.yaml"
    assert _short(str(inside), tmp_path) == "content/tiles.yaml"
    assert _short("/elsewhere/tiles.yaml", tmp_path) == "/elsewhere/tiles.yaml"


def test_an_edit_saved_during_the_first_build_is_built_next(tmp_path: Path):
    content = tmp_path / "content"
    content.mkdir()
    tiles = content / "tiles.yaml"
    tiles.write_text("before")
    seen: list[str] = []

    def build():
        seen.append(tiles.read_text())
        if len(seen) == 1:
            tiles.write_text("after")  # saved while the first build runs

    status, stop = BuildStatus(), threading.Event()
    options = WatchOptions(content, tmp_path / "templates", tmp_path / "output")
    thread = threading.Thread(target=watch_loop,
                              args=(options, build, status, lambda line: None, stop))
    thread.start()
    try:
        next_outcome(status, 1)  # a second build, without another save
        assert seen == ["before", "after"]
    finally:
        stop.set()
        thread.join(WAIT)


def test_an_unexpected_error_is_reported_and_the_watcher_goes_on():
    from generator.live.watch import run_build

    def broken_build():
        raise ZeroDivisionError("division by zero")

    outcome = run_build(broken_build, ("templates/layouts/default.yaml",))
    assert not outcome.ok and "internal error: ZeroDivisionError" in outcome.message
