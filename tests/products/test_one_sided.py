"""Home printing without a duplex printer, and the cover's checks before printing
(issue 25, item 4): `tkg build --one-sided` makes pnp-<paper>-one-sided.pdf with no blank
page and a cover that says how to print the backs; every cover has a scale square beside
its bar and a paper-weight recommendation."""

from __future__ import annotations

import functools

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.build.pipeline import build
from generator.cli import cli
from generator.products.request import Export
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES
from tests.pdfprobe import rasterise
from tests.products.test_bundle import (
    ROWS,
    SHEET_LABELS,
    checklist,
    flat,
    flat_pages,
    sheet_holds,
)

# Each test here builds whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def both(built, tmp_path_factory):
    """The bundles of the same build (the session's tiles and tokens), double-sided and
    one-sided."""
    one = tmp_path_factory.mktemp("sides") / "one"
    build(CONTENT, TEMPLATES, one, PAPERS, ["tiles", "tokens"], export=Export(one_sided=True),
          languages=ONE_LANGUAGE)
    return built, one


@functools.cache  # reading every page's text takes seconds: once a file
def _pages(folder, paper: str, one_sided: bool) -> list[str]:
    name = f"pnp-{paper}-one-sided.pdf" if one_sided else f"pnp-{paper}.pdf"
    return flat_pages(folder / name)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_one_sided_file_is_the_double_sided_one_without_its_blank_pages(both, paper):
    two, one = both
    assert not (one / f"pnp-{paper}.pdf").exists()
    double, single = _pages(two, paper, False), _pages(one, paper, True)
    blank = [p for p in double if "left blank" in p]
    assert blank  # the double-sided file has blank backs to leave out
    assert not any("left blank" in p for p in single)
    assert len(single) == len(double) - len(blank)
    # Every printed sheet is still there, backs included, in the same order.
    printed = [p for p in double[1:] if "left blank" not in p and " · sheet " in p]
    assert [p for p in single if " · sheet " in p] == printed


@pytest.mark.parametrize("paper", PAPERS)
def test_the_one_sided_cover_names_the_pages_each_row_is_on(both, paper):
    # Measured from the sheets' own labels, as for the double-sided file.
    reader = PdfReader(both[1] / f"pnp-{paper}-one-sided.pdf")
    labels = _pages(both[1], paper, True)
    rows = checklist(reader)
    assert set(rows) == set(ROWS)
    for name, (_, (first, last)) in rows.items():
        holding = [n for n, text in enumerate(labels, start=1)
                   if SHEET_LABELS[name] in sheet_holds(text)]
        assert holding == list(range(first, last + 1)), name
    # The cover fits its one page on either paper, and no blank back follows it.
    assert rows["World tiles"][1][0] == 2


@pytest.mark.parametrize("paper", PAPERS)
def test_the_one_sided_file_asks_for_one_side_and_says_how_to_print_the_backs(both, paper):
    reader = PdfReader(both[1] / f"pnp-{paper}-one-sided.pdf")
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/Simplex"
    assert preferences["/PrintScaling"] == "/None"
    cover = flat(reader.pages[0])
    assert "Print on one side." in cover and "glue them back to back" in cover
    assert "Print double-sided" not in cover
    first = checklist(reader)["World tiles"][1][0]
    assert f"Print pages {first}–{first + 1} only" in cover


@pytest.mark.parametrize("paper", PAPERS)
def test_the_double_sided_cover_says_how_to_print_without_duplex(both, paper):
    cover = flat(PdfReader(both[0] / f"pnp-{paper}.pdf").pages[0])
    assert "print the odd pages, put the stack back in the tray, then the even pages" \
        in cover


@pytest.mark.parametrize("one_sided", [False, True])
def test_every_cover_recommends_a_paper_weight(both, one_sided):
    cover = _pages(both[one_sided], "a4", one_sided)[0]
    assert "160–220 g/m²" in cover and "60–80 lb cover" in cover


@pytest.mark.parametrize("paper", PAPERS)
def test_the_scale_square_measures_ten_millimetres_each_way(both, paper):
    dpi = 600
    image = rasterise(both[0] / f"pnp-{paper}.pdf", 0, dpi).convert("L")
    height = image.height * 25.4 / dpi

    def px(mm: float) -> int:
        return round(mm / 25.4 * dpi)

    # The square's middle row and column, found from their dark runs near where the
    # layout puts it (right of the 50 mm bar).
    row = [image.getpixel((x, px(height - 19.5))) < 128 for x in range(px(72), px(89))]
    column = [image.getpixel((px(81), y)) < 128
              for y in range(px(height - 32), px(height - 8))]
    assert sum(row) / dpi * 25.4 == pytest.approx(10, abs=0.1)
    assert sum(column) / dpi * 25.4 == pytest.approx(10, abs=0.1)
    assert "square 10 mm each way" in flat(PdfReader(both[0] / f"pnp-{paper}.pdf").pages[0])


def test_one_sided_is_refused_by_a_build_that_makes_no_bundle(tmp_path):
    result = CliRunner().invoke(cli, ["build", "--only", "rulebook", "--one-sided",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "--one-sided" in result.output and "print-and-play" in result.output
    assert not (tmp_path / "out").exists()


def test_a_one_sided_build_replaces_the_double_sided_file(tmp_path):
    out = tmp_path / "out"
    build(CONTENT, TEMPLATES, out, ("a4",), ["tiles"], languages=ONE_LANGUAGE)
    assert (out / "pnp-a4.pdf").exists()
    build(CONTENT, TEMPLATES, out, ("a4",), ["tiles"], export=Export(one_sided=True),
          languages=ONE_LANGUAGE)
    assert (out / "pnp-a4-one-sided.pdf").exists()
    assert not (out / "pnp-a4.pdf").exists()
    build(CONTENT, TEMPLATES, out, ("a4",), ["tiles"], languages=ONE_LANGUAGE)  # and back again
    assert (out / "pnp-a4.pdf").exists() and not (out / "pnp-a4-one-sided.pdf").exists()
