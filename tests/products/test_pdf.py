"""The PDFs are checked by what they are: sizes, boxes, fonts, text, mirrored backs."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.conftest import CONTENT
from tests.pdfprobe import MM, fonts, placements

PAPERS = {"a4": (210, 297), "letter": (215.9, 279.4)}


def _size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return float(box.width) * MM, float(box.height) * MM


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_are_the_paper_size(built, paper):
    reader = PdfReader(built / f"pnp-{paper}.pdf")
    for page in reader.pages:
        assert _size_mm(page) == pytest.approx(PAPERS[paper], abs=0.05)


def test_print_shop_pages_are_trim_plus_bleed_with_boxes(built):
    reader = PdfReader(built / "print-shop" / "tiles.pdf")
    assert len(reader.pages) == 49  # 48 faces and the shared back
    for page in reader.pages:
        assert _size_mm(page) == pytest.approx((69.5, 69.5), abs=0.05)
        trim = [float(v) * MM for v in page.trimbox]
        assert trim == pytest.approx([3, 3, 66.5, 66.5], abs=0.05)
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_back_mirrors_its_front_across_the_vertical_axis(built, paper):
    reader = PdfReader(built / f"pnp-{paper}.pdf")
    width = PAPERS[paper][0]
    sizes = {"tile": 69.5, "token": 26, "oink": 44}  # trim + bleed, mm
    tile_pages = 0
    for front_index in range(2, len(reader.pages), 2):  # the cover and its blank back
        fronts = placements(reader, front_index)
        backs = placements(reader, front_index + 1)
        if fronts and fronts[0][0].startswith(("aid-", "piece-world-mats-", "piece-table-mat-")):
            assert backs == []  # one-sided cards and mats: their sheet's back is left blank
            continue
        assert len(fronts) == len(backs) > 0
        # Each drawing is shown clipped to its trim and the bleed its grid shows: the
        # placement is the whole drawing, so the mirror is exact whatever is shown.
        for (front, fx, fy), (back, bx, by) in zip(fronts, backs, strict=True):
            size = sizes[front.split("-")[0]]
            assert bx == pytest.approx(width - fx - size, abs=0.1)
            assert by == pytest.approx(fy, abs=0.1)
            assert back == ("tile-back" if front.startswith("tile-") else front)
        tile_pages += fronts[0][0].startswith("tile-")
    assert tile_pages == 48 // 12  # twelve a page on either paper (the densest grid)


@pytest.mark.parametrize("path", ["pnp-a4.pdf", "pnp-letter.pdf", "print-shop/tiles.pdf"])
def test_each_font_file_is_embedded_once(built, path):
    # The cover's text and the sheets' labels are set like the pieces' text, so the
    # sheets carry one subset of each font, not a second one of reportlab's.
    names = [name.lstrip("/").split("+", 1)[-1] for name in fonts(PdfReader(built / path))]
    assert names and len(names) == len(set(names)), names


@pytest.mark.slow
@pytest.mark.parametrize("path", ["pnp-a4.pdf", "pnp-letter.pdf", "print-shop/tiles.pdf"])
def test_every_font_is_embedded_and_none_is_base14(built, path):
    found = fonts(PdfReader(built / path))
    assert found, "no fonts found"
    assert all(found.values()), found
    assert not any("Helvetica" in name or "Times" in name for name in found)


def test_tile_names_can_be_read_back_from_the_pdf(built, shipped_game):
    reader = PdfReader(built / "print-shop" / "tiles.pdf")
    text = " ".join(page.extract_text() for page in reader.pages[:48])
    for tile in shipped_game.tiles:
        assert tile.name in text


def test_metadata_names_the_game_and_version(built, shipped_game):
    for path in ("pnp-a4.pdf", "pnp-letter.pdf", "print-shop/tiles.pdf"):
        meta = PdfReader(built / path).metadata
        assert shipped_game.title in meta.title and shipped_game.version in meta.title
        assert shipped_game.version in meta.subject


@pytest.mark.slow
def test_bundle_starts_with_instructions_and_a_checklist(built):
    reader = PdfReader(built / "pnp-a4.pdf")
    first = reader.pages[0].extract_text()
    for phrase in ("100 %", "long edge", "test sheet", "World tiles", "Life tokens", "Oinks"):
        assert phrase in first
    # The cover and its blank back; 4 tile sheets (12 a page), 2 token sheets (70 a page,
    # the Oinks under the last tokens), 1 aid sheet, 4 world mats (one a page) and the
    # table mat's 3 pages, each with a back: the bundle holds every section whatever the
    # build was asked to make.
    assert len(reader.pages) == 2 + 2 * (4 + 2 + 1 + 4 + 3)
    assert "pages 3–10" in first and "pages 11–14" in first and "pages 13–14" in first
    assert "left blank" in reader.pages[1].extract_text()


def test_content_fonts_ship_with_their_licences(built):
    names = {p.name for p in (built / "fonts").iterdir()}
    assert {"LICENSE-EBGaramond.txt", "LICENSE-Lato.txt"} <= names
    assert all((CONTENT / "fonts" / n).read_bytes() == (built / "fonts" / n).read_bytes()
               for n in names)
