"""A first build into a folder, or a first validation of a content folder, starts from
the memo of the user's last build, wherever it built (`generator.build.memo.
last_build_files`): a new --out or a deleted output/ finds what it shares with that
build drawn and checked."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build.memo import MEMO_FILE, last_build_files
from generator.build.state import CACHE_DIR
from generator.cli import cli
from tests.check.test_validate_everything import _count_examined


def _built(project: Path, out: str, content: str = "content",
           only: tuple[str, ...] = ("--only", "tiles,tokens")) -> dict[str, bytes]:
    """`tkg build` of tiles and tokens (or what `only` says) on A4 in English into
    `project/out`: its files."""
    result = CliRunner().invoke(cli, [
        "build", "--content", str(project / content), "--templates",
        str(project / "templates"), "--out", str(project / out), "--paper", "a4",
        "--lang", "en", *only])
    assert result.exit_code == 0, result.output
    return {p.relative_to(project / out).as_posix(): p.read_bytes()
            for p in (project / out).rglob("*") if p.is_file() and CACHE_DIR not in p.parts}


@pytest.fixture
def own_cache(project: Path, monkeypatch) -> Path:
    """A user cache of the test's own, empty."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "cache"))
    return project / "cache"


@pytest.mark.slow
def test_a_build_into_a_new_folder_examines_nothing_the_last_build_examined(
        project, own_cache, monkeypatch):
    first = _built(project, "out")
    kept = last_build_files()[0]
    # Another name of the build's memo file, not a copy of its megabytes.
    assert os.path.samefile(kept, project / "out" / CACHE_DIR / MEMO_FILE)
    seen = _count_examined(monkeypatch)
    shutil.rmtree(project / "out")  # the output deleted: the user's cache keeps its memo
    assert _built(project, "out") == first
    assert _built(project, "elsewhere") == first
    assert seen == [], f"the last build examined these already: {seen}"
    # Without it, the same build examines every piece (the count is not trivially 0).
    shutil.rmtree(kept.parent)
    assert _built(project, "cold") == first
    assert len(seen) > 48


@pytest.mark.slow
def test_after_an_edit_a_first_build_examines_only_what_it_touched(project, own_cache,
                                                                   monkeypatch):
    _built(project, "out")
    shutil.rmtree(project / "out")
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Ashen Steppe", "name: Ash Steppe"))
    seen = _count_examined(monkeypatch)
    edited = _built(project, "out")
    assert seen == ["tile-ashen-steppe"], seen
    # The same bytes as a build of the edited project that starts from nothing.
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "fresh-cache"))
    assert _built(project, "cold") == edited


@pytest.mark.slow
def test_a_first_validation_examines_nothing_the_last_build_examined(project, own_cache,
                                                                     monkeypatch):
    _built(project, "out", only=())  # every kind
    seen = _count_examined(monkeypatch)
    # Validation reads a build's memo in the output folder it is given: here none.
    result = CliRunner().invoke(cli, [
        "validate", "--content", str(project / "content"), "--templates",
        str(project / "templates"), "--lang", "en", "--out", str(project / "none")])
    assert result.exit_code == 0, result.output
    # The build printed A4 alone: the Letter cover is what is left to examine.
    assert seen == ["cover-letter"], f"the build examined these already: {seen}"


@pytest.mark.slow
def test_where_the_cache_cannot_link_the_build_goes_on_without_it(project, own_cache,
                                                                 monkeypatch):
    # An output folder on another file system than the cache: no link, no copy, and
    # nothing left behind in the cache.
    def refused(*_):
        raise OSError(18, "Invalid cross-device link")

    with monkeypatch.context() as patch:
        patch.setattr(os, "link", refused)
        first = _built(project, "out")
    folder = last_build_files()[0].parent
    assert folder.is_dir() and list(folder.iterdir()) == []
    assert _built(project, "again") == first


@pytest.mark.slow
def test_a_last_build_swapped_for_a_fifo_is_not_waited_on(project, own_cache):
    for kept in last_build_files():
        kept.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(kept)
    _built(project, "out")  # a read of a FIFO would wait for a writer for ever
    assert os.path.samefile(last_build_files()[0], project / "out" / CACHE_DIR / MEMO_FILE)


def _count_drawn(monkeypatch) -> list[str]:
    """The names of the items whose sides are drawn from now on."""
    from generator.draw import piece

    seen: list[str] = []
    original = piece._draw

    def counted(kit, kind, look, item, *rest):
        seen.append(f"{kind.name} {item.id if item else 'back'}")
        return original(kit, kind, look, item, *rest)

    monkeypatch.setattr(piece, "_draw", counted)
    return seen


@pytest.mark.slow
def test_a_copy_of_the_project_starts_from_the_originals_drawings(project, own_cache,
                                                                  monkeypatch, tmp_path):
    first = _built(project, "out")
    # A designer copies the project to try a variant, then deletes or edits the
    # original: the copy's first build draws and examines nothing the original's did,
    # and reads none of the original's files.
    copy = tmp_path / "variant"
    for folder in ("content", "templates"):
        shutil.copytree(project / folder, copy / folder)
    drawn, seen = _count_drawn(monkeypatch), _count_examined(monkeypatch)
    art = project / "content" / "art"
    for picture in art.iterdir():
        picture.write_bytes(b"not a picture any more")
    assert _built(copy, "out") == first
    assert (drawn, seen) == ([], []), f"drawn again: {drawn}; examined again: {seen}"
    # Its own edits are its own: a picture of the copy's saved again is drawn again.
    mossfen = next(p for p in (copy / "content" / "art").iterdir() if p.stem == "mossfen")
    mossfen.write_text(mossfen.read_text().replace("#FFF4D6", "#FFE4C6"))
    changed = _built(copy, "out")
    assert sorted(name for name, data in changed.items() if data != first[name])
    assert drawn and all("mossfen" in name for name in drawn), drawn


@pytest.mark.slow
def test_a_copy_shows_its_own_pictures_where_it_starts_from_the_originals_drawings(
        project, own_cache, monkeypatch, tmp_path):
    from PIL import Image

    from tests.products.test_jpeg_art import _use_art, jpeg, wide_picture

    _use_art(project, "ember.jpg", jpeg(wide_picture()))
    first = _built(project, "out")
    copy = tmp_path / "variant"
    for folder in ("content", "templates"):
        shutil.copytree(project / folder, copy / folder)
    # The original's picture painted over: a drawing remembered from it that still
    # named its file would print this one in the copy's files.
    (project / "content" / "art" / "ember.jpg").write_bytes(
        jpeg(Image.new("RGB", (4000, 1000), (0, 0, 0))))
    drawn = _count_drawn(monkeypatch)
    assert _built(copy, "out") == first
    assert drawn == []
