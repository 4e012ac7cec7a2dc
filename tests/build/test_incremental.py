"""Incremental builds: nothing rendered without a change, only what a change touches
otherwise, and always the same bytes as a clean build."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build.pipeline import build
from generator.build.state import CACHE_DIR
from tests.pdfprobe import page_texts

pytestmark = pytest.mark.slow
PAPERS = ("a4",)


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and CACHE_DIR not in p.parts}


def stamps(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*")
            if p.is_file()}


def run(project: Path, out: str = "output"):
    return build(project / "content", project / "templates", project / out, PAPERS)


def built(prebuilt) -> Path:
    """The shipped project after `run(project)`, exactly as the test's own first build would
    leave it: the session's one build of it, restored (tests.conftest.Prebuilt)."""
    return prebuilt("run-a4-output", run)


def edit(project: Path, name: str, old: str, new: str) -> None:
    path = project / "content" / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def refused(why: str):
    """A stand-in for a function the test says must not be called: it fails saying `why`
    (a forked worker's failure reaches the build as well)."""
    def call(*args):
        raise AssertionError(why)

    return call


def test_a_build_without_change_renders_and_writes_nothing(project):
    first = run(project)
    kinds = {"tiles", "tokens", "rulebook", "aids", "pnp", "world-mats", "table-mat"}
    # The declared mats too, in each of the game's languages.
    assert set(first.rendered) == kinds | {f"{kind}@fr" for kind in kinds}
    before = stamps(project / "output")
    again = run(project)
    assert again.rendered == () and again.summary()[0].startswith("nothing changed")
    assert stamps(project / "output") == before


@pytest.mark.parametrize("languages", [("en",), None], ids=["one-language", "every-language"])
def test_a_first_build_s_fingerprints_are_those_the_next_works_out(project, languages):
    # A first build works each kind's fingerprint out in the job that makes it (from the
    # whole request in the first paper's, when a kind is shared out a paper a core); the
    # next, its inputs changed, works them out before rendering, to find what it reuses.
    def again():
        return build(project / "content", project / "templates", project / "output",
                     ("a4", "letter"), languages=languages)

    first = again()
    game = project / "content" / "game.yaml"
    game.write_text(game.read_text() + "\n# A note the designer left: no value changed.\n")
    second = again()
    assert second.rendered == () and set(second.reused) == set(first.rendered)


def test_one_tile_edit_renders_the_tiles_and_their_sheets_only(prebuilt):
    project = built(prebuilt)
    before = stamps(project / "output")
    edit(project, "tiles.yaml", "flavour: Speak softly", "flavour: Whisper softly")
    result = run(project)
    assert {"tiles", "pnp"} <= set(result.rendered)
    assert not {"tokens", "aids"} & set(result.rendered)
    after = stamps(project / "output")
    changed = {p for p in after if after[p] != before.get(p)}
    assert "svg/tiles/whispering-heights.svg" in changed
    assert "svg/tiles/ember-hollow.svg" not in changed  # unchanged files are not rewritten
    assert "pdf/a4/player-aids.pdf" not in changed
    assert b"Whisper softly" in (project / "output/svg/tiles/whispering-heights.svg").read_bytes()


def test_incremental_output_equals_a_clean_build(prebuilt):
    project = built(prebuilt)
    edit(project, "tiles.yaml", "name: Mossfen", "name: Moss Fen")
    run(project)
    edit(project, "game.yaml", "capacity: 6 ", "capacity: 7 ")
    result = run(project)
    assert {"tokens", "rulebook", "aids"} <= set(result.rendered)
    run(project, "clean")  # a fresh folder: everything rendered from scratch
    assert tree(project / "output") == tree(project / "clean")


def test_editing_a_pictured_tile_links_new_figures_into_the_kept_rulebook_layout(
        prebuilt, monkeypatch):
    import generator.products.rulebook.pages as pages

    project = built(prebuilt)
    # A tile the rulebook does not picture: the rulebook is reused as it is, and its
    # remembered layout must survive this build for the next edit.
    edit(project, "tiles.yaml", "Time is counted here", "Time is measured here")
    assert "rulebook" not in run(project).rendered

    monkeypatch.setattr(pages, "lay_out",
                        refused("the rulebook was laid out again for a figure-only change"))
    edit(project, "tiles.yaml", "remembers every footstep", "keeps every footstep")
    result = run(project)
    assert "rulebook" in result.rendered
    text = " ".join(page_texts(project / "output" / "rulebook" / "rulebook-a4.pdf"))
    assert "keeps every footstep" in text and "remembers every footstep" not in text
    monkeypatch.undo()
    run(project, "clean")
    assert tree(project / "output") == tree(project / "clean")


def test_a_figure_only_edit_on_both_papers_readies_nothing_for_a_layout(project,
                                                                          monkeypatch):
    # Both papers in one language: the rulebook's two shares are forked, and what they
    # would share (reportlab's page layout imported, the fonts registered) is done
    # before the fork only when a share will lay its pages out.
    import generator.products.rulebook.pages as pages
    import generator.products.rulebook.styles as styles

    def both(out: str = "output"):
        return build(project / "content", project / "templates", project / out,
                     ("a4", "letter"), ["rulebook"], languages=("en",))

    both()

    not_needed = refused("work for a layout done for a figure-only change")
    monkeypatch.setattr(pages, "lay_out", not_needed)
    monkeypatch.setattr(styles, "font_names", not_needed)
    edit(project, "tiles.yaml", "remembers every footstep", "keeps every footstep")
    assert "rulebook" in both().rendered
    monkeypatch.undo()
    for paper in ("a4", "letter"):
        book = project / "output" / "rulebook" / f"rulebook-{paper}.pdf"
        assert "keeps every footstep" in " ".join(page_texts(book))
    both("clean")
    assert tree(project / "output") == tree(project / "clean")


def test_a_name_tried_back_and_forth_is_laid_out_once_a_value(prebuilt, monkeypatch):
    # A designer comparing two names: the rulebook shows the tile's name, so each new
    # value lays the book out; a value tried before finds its pages remembered.
    import generator.products.rulebook.pages as pages

    project = built(prebuilt)
    edit(project, "tiles.yaml", "name: Tidewell", "name: Tidewall")
    assert "rulebook" in run(project).rendered

    monkeypatch.setattr(pages, "lay_out",
                        refused("the rulebook was laid out again for a value tried before"))
    for old, new in [("Tidewall", "Tidewell"), ("Tidewell", "Tidewall"),
                     ("Tidewall", "Tidewell"), ("Tidewell", "Tidewall")]:
        edit(project, "tiles.yaml", f"name: {old}", f"name: {new}")
        assert "rulebook" in run(project).rendered
    monkeypatch.undo()
    run(project, "clean")
    assert tree(project / "output") == tree(project / "clean")


def test_a_layout_value_tried_back_and_forth_draws_its_tiles_once_a_value(prebuilt,
                                                                          monkeypatch):
    # The insignia badge's size redraws every tile: more than a quarter of the memo file
    # goes stale and it is written anew; what it held goes beside it for one build, so
    # going back to the size tried before draws no tile.
    project = built(prebuilt)
    layout = project / "templates" / "layouts" / "default.yaml"
    sizes = ("badge: 11.5mm ", "badge: 11.0mm ")

    def size(old: str, new: str):
        text = layout.read_text()
        assert old in text
        layout.write_text(text.replace(old, new))
        return run(project)

    assert "tiles" in size(*sizes).rendered
    drawn = _kinds_drawn(monkeypatch)
    for old, new in [sizes[::-1], sizes, sizes[::-1]]:
        assert "tiles" in size(old, new).rendered
        assert "tile" not in drawn, f"tiles drawn again going to {new!r}"
    monkeypatch.undo()
    run(project, "clean")
    assert tree(project / "output") == tree(project / "clean")


def test_asset_edits_and_renames_match_a_clean_build(prebuilt):
    project = built(prebuilt)
    content = project / "content"
    flame = content / "symbols" / "flame.svg"
    flame.write_text(flame.read_text().replace("<svg", "<svg data-edited='yes'", 1)
                     .replace("</svg>", "<circle cx='1' cy='1' r='0.5'/></svg>"))
    licence = content / "fonts" / "LICENSE-Lato.txt"
    licence.write_text(licence.read_text() + "\nA note added by the designer.\n")
    edit(project, "tiles.yaml", "id: tidewell", "id: tide-well")
    result = run(project)
    assert {"tokens", "aids", "tiles"} <= set(result.rendered)
    assert not (project / "output" / "svg" / "tiles" / "tidewell.svg").exists()
    assert (project / "output" / "svg" / "tiles" / "tide-well.svg").is_file()
    run(project, "clean")
    assert tree(project / "output") == tree(project / "clean")


def test_a_file_changed_by_hand_is_rendered_again(prebuilt):
    project = built(prebuilt)
    aid = project / "output" / "pdf" / "a4" / "player-aids.pdf"
    original = aid.read_bytes()
    aid.write_bytes(b"scribbled over")
    result = run(project)
    assert "aids" in result.rendered and aid.read_bytes() == original


def test_the_code_digest_follows_source_files_not_bytecode(tmp_path):
    from generator.load.digests import source_digest

    package = tmp_path / "package"
    (package / "__pycache__").mkdir(parents=True)
    (package / "module.py").write_text("VALUE = 1\n")
    before = source_digest(package)
    # Python writes bytecode as modules are first imported, between two builds.
    (package / "__pycache__" / "module.cpython-311.pyc").write_bytes(b"\x00compiled")
    assert source_digest(package) == before
    (package / "module.py").write_text("VALUE = 2\n")
    assert source_digest(package) != before


def test_a_build_of_some_kinds_keeps_the_drawings_of_the_others(prebuilt, monkeypatch):
    # A build checks every piece; a piece whose verdict it remembers it neither draws nor
    # reads back, and what the check used last time (the drawing, what was made ahead of
    # it) stays in the memo all the same: the next build that prints the other kinds (on
    # the other paper) finds their pieces drawn.
    project = built(prebuilt)
    edit(project, "tiles.yaml", "name: Tidewell\n", "name: Tidewall\n")
    build(project / "content", project / "templates", project / "output", PAPERS,
          ["tiles"], bundle=False)  # no bundle: no kind made here shows the other pieces
    drawn = _kinds_drawn(monkeypatch)
    again = build(project / "content", project / "templates", project / "output",
                  ("letter",))
    assert "pnp" in again.rendered  # the bundle places every piece on its sheets, anew
    assert [name for name in drawn if name not in ("tile", "cover")] == []


def test_an_edit_leaves_the_memo_file_and_writes_what_it_adds_beside_it(prebuilt,
                                                                       monkeypatch):
    # The memo file (12 MB after a full build) stays as it was; what the edit drew goes
    # beside it, and the next build finds it there.
    from generator.build.memo import MEMO_FILE, RECENT_FILE

    project = built(prebuilt)
    cache = project / "output" / CACHE_DIR
    filed = (cache / MEMO_FILE).read_bytes()
    edit(project, "tiles.yaml", "name: Tidewell\n", "name: Tidewall\n")
    assert "tiles" in run(project).rendered
    assert (cache / MEMO_FILE).read_bytes() == filed
    assert len((cache / RECENT_FILE).read_bytes()) > 1000
    drawn = _kinds_drawn(monkeypatch)
    again = build(project / "content", project / "templates", project / "output",
                  ("letter",))
    assert "tiles" in again.rendered or "pnp" in again.rendered
    assert "tile" not in drawn  # the renamed tile's drawings were beside the memo file


def test_an_edit_that_redraws_many_pieces_checks_them_on_both_cores(prebuilt, monkeypatch):
    # With the last build remembered the checks ran in this process one after another,
    # a layout edit that redraws every tile too; now the drawings to make go to both
    # cores when there are many of them, and only those (the others are told from their
    # verdicts here).
    from generator.build import pipeline

    project = built(prebuilt)
    shared: list[int] = []
    original = pipeline.share_jobs

    def counted(jobs, *args, **kwargs):
        if not _fingerprints(jobs):  # (worked out on both cores by every edit's build)
            shared.append(len(jobs))
        return original(jobs, *args, **kwargs)

    monkeypatch.setattr(pipeline, "share_jobs", counted)
    edit(project, "tiles.yaml", "name: Tidewell\n", "name: Tidewall\n")
    run(project)
    one_tile = list(shared)
    layout = project / "templates" / "layouts" / "default.yaml"
    layout.write_text(layout.read_text().replace("badge: 11.5mm ", "badge: 11.0mm ", 1))
    shared.clear()
    run(project)
    checks = shared[:-1]  # the last share is the rendering's
    assert len(one_tile) == 1  # the rendering alone: one tile's face checked here
    assert checks and max(checks) >= pipeline.MANY_CHECKS and max(checks) <= 49 * 2


def _fingerprints(jobs) -> bool:
    """Whether shared jobs work out kinds' fingerprints (`Kind.key`)."""
    return bool(jobs) and all(getattr(getattr(job, "func", None), "__name__", "") == "key"
                              for job in jobs)


def test_an_edit_works_out_its_kinds_fingerprints_on_both_cores_as_one_core_does(
        prebuilt, monkeypatch, tmp_path):
    import json
    import shutil

    from generator.build import pipeline

    project = built(prebuilt)
    edit(project, "tiles.yaml", "name: Tidewell\n", "name: Tidewall\n")
    before = tmp_path / "before"
    shutil.copytree(project, before, symlinks=True)
    shares: list[int] = []
    original = pipeline.share_jobs

    def counted(jobs, *args, **kwargs):
        if _fingerprints(jobs):
            shares.append(len(jobs))
        return original(jobs, *args, **kwargs)

    monkeypatch.setattr(pipeline, "share_jobs", counted)
    both = run(project)
    state = project / "output" / CACHE_DIR / "state.json"
    found = json.loads(state.read_text())["fingerprints"], tree(project / "output")
    # The same edit again, from the same folder as it was, worked out on one core.
    shutil.rmtree(project)
    shutil.copytree(before, project, symlinks=True)
    monkeypatch.setattr("generator.build.parallel._can_fork", lambda: False)
    one = run(project)
    assert shares and shares[0] > 10  # every kind of both languages, shared out
    assert both.rendered == one.rendered and both.reused == one.reused
    assert "tiles" in both.rendered and "rulebook" in both.rendered and "tokens" in both.reused
    assert (json.loads(state.read_text())["fingerprints"], tree(project / "output")) == found


def _kinds_drawn(monkeypatch) -> list[str]:
    """The kind of each piece drawn from now on (in this process: no fork)."""
    from generator.draw import piece

    drawn: list[str] = []
    original = piece._draw

    def counted(kit, kind, *args):
        drawn.append(kind.name)
        return original(kit, kind, *args)

    monkeypatch.setattr(piece, "_draw", counted)
    monkeypatch.setattr("generator.build.parallel._can_fork", lambda: False)
    return drawn
