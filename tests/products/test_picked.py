"""`tkg build --pick`: a test print of a few pieces, each once, front and back, on the
print-and-play file's sheets; a name that is no piece's is a usage error."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import tkg_build
from tests.pdfprobe import placements

pytestmark = pytest.mark.slow  # each builds


def _build(project: Path, *extra: str):
    result = tkg_build(project, "--paper", "a4", *extra)
    assert "Traceback" not in result.output, result.output
    return result


def _pages(pdf: Path) -> list[list[str]]:
    reader = PdfReader(pdf)
    return [[name for name, _, _ in placements(reader, page)]
            for page in range(len(reader.pages))]


def test_a_test_print_holds_each_piece_picked_once_front_and_back(project):
    # A tile by its id, a tile by its drawing's name, and an element's every piece
    # (its token, printed 30 times in the game, once here; its Oink; its aid; its mat).
    result = _build(project, "--lang", "en", "--pick", "ember-hollow,tile-mossfen,fire")
    assert result.exit_code == 0, result.output
    out = project / "output"
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "manifest.json", "picked-a4.pdf"]  # nothing else is made
    assert _pages(out / "picked-a4.pdf") == [
        ["tile-ember-hollow", "tile-mossfen", "token-fire", "oink-fire"],
        ["tile-back", "tile-back", "token-fire", "oink-fire"],  # the backs, mirrored
        ["aid-fire"],  # one-sided: no back page
        ["piece-world-mats-fire"],  # a page of its own, as in the bundle
    ]
    # The bundle's grid (its columns narrowed to the two tiles, centred), so they cut
    # as the game's pieces do: the same row, the same step from one tile to the next.
    (_, x0, y0), (_, x1, _) = placements(PdfReader(out / "picked-a4.pdf"), 0)[:2]
    assert _build(project, "--lang", "en", "--only", "tiles").exit_code == 0
    bundle = PdfReader(out / "pnp-a4.pdf")
    sheet = next(placements(bundle, page) for page in range(len(bundle.pages))
                 if placements(bundle, page) and placements(bundle, page)[0][0] ==
                 "tile-ember-hollow")
    (_, bx0, by0), (_, bx1, _) = sheet[:2]
    assert (y0, x1 - x0) == pytest.approx((by0, bx1 - bx0))
    assert (out / "picked-a4.pdf").is_file()  # a build of other kinds keeps it


def test_a_piece_over_several_pages_has_them_all(project):
    # The table mat is cut from pages glued together: the test print has every one.
    result = _build(project, "--lang", "en", "--pick", "table")
    assert result.exit_code == 0, result.output
    out = project / "output"
    picked = _pages(out / "picked-a4.pdf")
    assert _build(project, "--lang", "en", "--only", "table-mat").exit_code == 0
    bundle = [page for page in _pages(out / "pnp-a4.pdf") if page == ["piece-table-mat-table"]]
    assert picked == bundle and len(picked) == 3  # its three panels on A4


def test_each_language_has_its_test_print_in_its_words(project):
    result = _build(project, "--pick", "ember-hollow")
    assert result.exit_code == 0, result.output
    french = PdfReader(project / "output" / "fr" / "picked-a4.pdf")
    assert "pièces choisies" in french.metadata.title
    assert _pages(project / "output" / "fr" / "picked-a4.pdf") == [
        ["tile-ember-hollow"], ["tile-back"]]


def test_a_pick_beside_only_makes_both(project):
    result = _build(project, "--lang", "en", "--only", "tokens", "--pick", "oink-water")
    assert result.exit_code == 0, result.output
    out = project / "output"
    assert (out / "print-shop" / "tokens.pdf").is_file()
    assert _pages(out / "picked-a4.pdf") == [["oink-water"], ["oink-water"]]


def test_a_name_that_is_no_piece_s_is_a_usage_error_naming_the_nearest(project):
    result = _build(project, "--lang", "en", "--pick", "ember-hollow,embr-holow,world")
    assert result.exit_code == 2, result.output
    assert "no piece of the print-and-play file is named 'embr-holow' (did you mean " \
           "'ember-hollow'?), 'world'" in result.output, result.output
    assert not (project / "output").exists()


def test_the_picked_kind_without_a_pick_is_refused(project):
    result = _build(project, "--only", "picked")
    assert result.exit_code == 2
    assert "the picked kind needs --pick NAME" in result.output, result.output
