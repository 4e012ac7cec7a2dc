"""`tkg watch`'s loop: rebuilds after an edit, survives a broken edit, recovers."""

from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generator.build.pipeline import build
from generator.core.diagnostics import diagnostic
from generator.core.model import Location
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_a_tools_temp_file_is_not_named_and_a_deleted_input_is(watching):
    project, status, lines = watching
    generation, outcome = next_outcome(status, 0)
    assert outcome.ok, outcome.message
    # sed -i writes a randomly named file beside tiles.yaml, then renames it over it.
    subprocess.run(["sed", "-i", "s/name: Mossfen$/name: Mossfen Deep/", "content/tiles.yaml"],
                   cwd=project, check=True, timeout=WAIT)
    generation, outcome = next_outcome(status, generation)
    assert outcome.ok and outcome.changed == ("content/tiles.yaml",), outcome.changed
    assert not any("content/sed" in line for line in lines), lines

    # A real deletion of a file the build reads is still built and named (and here breaks
    # the build: the tile's art is gone).
    (project / "content" / "art" / "mossfen.svg").unlink()
    generation, outcome = next_outcome(status, generation)
    assert outcome.changed == ("content/art/mossfen.svg",)
    assert not outcome.ok


def test_a_path_made_and_removed_between_two_batches_is_left_out(tmp_path: Path):
    from generator.live.watch import lasting, present

    tiles, art = tmp_path / "tiles.yaml", tmp_path / "art" / "x.svg"
    art.parent.mkdir()
    tiles.write_text("a")
    art.write_text("<svg/>")
    known = present([tmp_path])
    art.unlink()
    temp = str(tmp_path / "sed6Gokch")  # made and removed: never in `known`, not there now
    assert lasting([temp, str(tiles), str(art)], known) == [str(tiles), str(art)]


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


def test_a_failed_outcome_shows_many_alike_errors_as_three_and_a_count():
    from generator.live.status import BuildOutcome

    def at(line: int, item: str):
        return diagnostic("TKG607", Location("templates/layouts/default.yaml", line, 7),
                          f"the image on item {item!r}: no such file")

    many = [at(46, f"tile-{n}") for n in range(6)]  # one place: three shown, three counted
    few = [at(50, f"token-{n}") for n in range(5)]  # as many as a count would save: all
    lines = outcome_lines(BuildOutcome(False, (*many, *few), ("templates",), 0.3,
                                       "the content has 11 errors"))[1:]
    assert [line.split(": error TKG607: ")[1][:31] for line in lines] == [
        "the image on item 'tile-0': no ", "the image on item 'tile-1': no ",
        "the image on item 'tile-2': no ", "3 more like the 3 above (tkg va",
        *(f"the image on item 'token-{n}': no" for n in range(5))]


def test_the_preview_page_lists_many_alike_errors_as_three_and_a_count():
    from generator.live.page import gallery_page
    from generator.live.status import BuildOutcome

    many = tuple(diagnostic("TKG607", Location("templates/layouts/default.yaml", 46, 7),
                            f"the image on item 'tile-{n}': no such file") for n in range(6))
    page = gallery_page("t", {"files": []}, 1, BuildOutcome(False, many, ("templates",), 0.3,
                                                              "the content has 6 errors"))
    listed = page.split('<ul id="diagnostics">')[1].split("</ul>")[0]
    assert listed.count("<li ") == 4 and "tile-2" in listed and "tile-3" not in listed
    assert "3 more like the 3 above" in listed


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


# -- the pieces first (issue 17) -----------------------------------------------------


class Built:
    """What a build returns, as far as the watcher reads it."""

    def __init__(self, changed: tuple[str, ...] = (), message: str = "wrote",
                 rendered: tuple[str, ...] = ()):
        self.changed = changed
        self.diagnostics = ()
        self.message = message
        self.rendered = rendered

    def summary(self) -> list[str]:
        return [self.message]


def test_a_rebuild_shows_the_pieces_first_then_builds_the_rest():
    from generator.live.watch import rebuild

    calls, early = [], []

    def pieces():
        calls.append("pieces")
        return Built(("manifest.json", "svg/tiles/mossfen.svg"), "pieces")

    def everything():
        calls.append("everything")
        return Built(("manifest.json", "rulebook/rulebook-a4.pdf"), "wrote 9 files")

    outcome = rebuild(everything, pieces, ("content/tiles.yaml",), early.append)
    assert calls == ["pieces", "everything"]
    (first,) = early
    assert first.ok and first.pending and first.changed == ("content/tiles.yaml",)
    assert first.artefacts == ("manifest.json", "svg/tiles/mossfen.svg")
    assert outcome.ok and not outcome.pending
    assert outcome.message == "pieces first: 2 files changed; the rest: 2 files changed"
    assert outcome.artefacts == ("manifest.json", "rulebook/rulebook-a4.pdf")
    assert outcome.preview == first.seconds and outcome.seconds >= first.seconds
    (line,) = outcome_lines(outcome)
    assert "content/tiles.yaml: built in" in line and "pieces shown after" in line


def test_the_line_counts_what_the_pieces_changed_when_the_rest_had_nothing_to_do():
    from generator.live.watch import rebuild

    def pieces():
        return Built(("manifest.json", "svg/tiles/mossfen.svg"), "wrote 40 files",
                     ("tiles",))

    def everything():  # the tiles are written already: the rest finds nothing to redo
        return Built((), "nothing changed: output is up to date")

    outcome = rebuild(everything, pieces, ("content/tiles.yaml",), lambda o: None)
    (line,) = outcome_lines(outcome)
    assert "nothing changed" not in line, line
    assert line.endswith("; pieces first: 2 files changed (rendered: tiles); the rest: up to date")
    assert outcome.rendered == ("tiles",)

    def rulebook():
        return Built(("rulebook/rulebook-a4.pdf",), "wrote 87 files", ("rulebook",))

    (line,) = outcome_lines(rebuild(rulebook, pieces, ("content/tiles.yaml",), lambda o: None))
    assert line.endswith("; pieces first: 2 files changed (rendered: tiles); "
                         "the rest: 1 file changed (rendered: rulebook)"), line


def test_pieces_that_did_not_change_are_not_announced():
    from generator.live.watch import rebuild

    early = []
    outcome = rebuild(lambda: Built(("rulebook/rulebook.html",)), lambda: Built(()),
                      ("templates/rulebook/rules.md.j2",), early.append)
    assert early == [] and outcome.ok and outcome.preview == 0.0
    assert "pieces shown" not in outcome_lines(outcome)[0]


def test_a_broken_edit_stops_at_the_pieces():
    from generator.core.errors import ContentError
    from generator.live.watch import rebuild

    problem = diagnostic("TKG107", Location("content/tiles.yaml", 9, 7), "unknown element")

    def broken():
        raise ContentError([problem])

    def everything():
        raise AssertionError("the rest must not be built from broken content")

    early = []
    outcome = rebuild(everything, broken, ("content/tiles.yaml",), early.append)
    assert early == [] and not outcome.ok and outcome.diagnostics == (problem,)


def test_when_the_rest_fails_the_line_says_the_pieces_were_built():
    from generator.core.errors import RenderError
    from generator.live.watch import rebuild

    def rest():
        raise RenderError("cannot draw the rulebook")

    outcome = rebuild(rest, lambda: Built(("svg/tiles/mossfen.svg",)), ("x",), lambda o: None)
    assert not outcome.ok
    line = outcome_lines(outcome)[0]
    assert "pieces built, the rest NOT built (cannot draw the rulebook)" in line


@pytest.mark.slow
def test_the_watcher_publishes_the_pieces_then_the_whole_build(project, monkeypatch):
    monkeypatch.chdir(project)
    out = project / "output"
    status, stop, lines = BuildStatus(), threading.Event(), []
    run = functools.partial(build, project / "content", project / "templates", out, ("a4",))
    options = WatchOptions(project / "content", project / "templates", out)
    thread = threading.Thread(target=watch_loop, args=(
        options, run, status, lines.append, stop),
        kwargs={"preview": functools.partial(run, ["tiles", "tokens", "aids"])})
    thread.start()
    try:
        generation, outcome = next_outcome(status, 0)
        assert outcome.ok and not outcome.pending
        edit(project, "name: Mossfen\n", "name: Mossfen Deep\n")
        generation, first = next_outcome(status, generation)
        assert first.pending and "svg/tiles/mossfen.svg" in first.artefacts
        assert b"Mossfen Deep" in (out / "svg" / "tiles" / "mossfen.svg").read_bytes()
        generation, whole = next_outcome(status, generation)
        assert whole.ok and not whole.pending
        assert "rulebook/rulebook-a4.pdf" in whole.artefacts  # Mossfen is in the rulebook
        assert "svg/tiles/mossfen.svg" not in whole.artefacts  # already there
        assert sum("content/tiles.yaml: built in" in line for line in lines) == 1, lines
    finally:
        stop.set()
        thread.join(WAIT)


@pytest.mark.slow
def test_warming_up_leaves_an_edit_nothing_to_import(project):
    """After the first build found nothing to do (it imports almost nothing), the watcher
    imports what an edit's build needs, so the designer's first edit is not the slow one.
    If this fails, a build now imports a module lazily: add it to live/warm.py's list."""
    script = """
import sys, threading
from pathlib import Path
from generator.build.pipeline import build
from generator.core.diagnostics import diagnostic
from generator.core.model import Location
from generator.live.warm import warm_up
p = Path(sys.argv[1])
threading.Thread(target=threading.Event().wait, daemon=True).start()  # as the server's
run = lambda kinds=None: build(p / "content", p / "templates", p / "output", ("a4",), kinds)
first = run()  # a start with nothing to do, as `tkg watch` often starts
assert first.rendered == (), f"rendered {first.rendered}: was the generator's code edited?"
warm_up()
before = set(sys.modules)
tiles = p / "content" / "tiles.yaml"
tiles.write_text(tiles.read_text().replace("name: Mossfen\\n", "name: Mossfen Deep\\n"))
art = p / "content" / "art" / "mossfen.svg"
art.write_text(art.read_text().replace('fill="#FFF4D6"', 'fill="#FFE4C6"'))
run(["tiles", "tokens", "aids"])
run()
# Codecs load as the files read need them: a millisecond each.
cheap = ("encodings.",)
print(sorted(m for m in set(sys.modules) - before if not m.startswith(cheap)))
"""
    # The output made by a process of its own, just before: this one's digest of the
    # generator's code is as old as its first build, and the code may have changed since.
    setup = ("import sys; from pathlib import Path; from generator.build.pipeline import build;"
             " p = Path(sys.argv[1]);"
             " build(p / 'content', p / 'templates', p / 'output', ('a4',))")
    made = subprocess.run([sys.executable, "-c", setup, str(project)], capture_output=True,
                          text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    done = subprocess.run([sys.executable, "-c", script, str(project)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout


@pytest.mark.slow
def test_watch_keeps_to_the_languages_asked(project):
    """`tkg watch --lang fr`: the page opens in French, and the rebuilds make French
    alone (a designer at work on one language does not wait for the others)."""
    from tests.live.livekit import start_watcher

    running = start_watcher(project, languages=("fr",))
    try:
        assert running.url.endswith("/")  # the address, then ?lang=fr on the same line
        running.wait_for_line(r"start: built in .*content valid")
    finally:
        running.stop()
    said = "\n".join(running.lines)
    assert re.search(r"preview at http://127\.0\.0\.1:\d+/\?lang=fr ", said), said
    files = json.loads((project / "output" / "manifest.json").read_text())["files"]
    assert files and {f["language"] for f in files} == {"fr"}
    assert all(f["path"].startswith("fr/") for f in files)
