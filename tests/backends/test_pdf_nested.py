"""A figure placing whole pieces names each piece's own form: one object per piece in a
document, however many drawings place it, and the same picture as drawn inline."""

from __future__ import annotations

import zlib

import pytest
from PIL import ImageChops
from pypdf import PdfReader

from generator.build.memo import DrawingMemo
from generator.draw.kit import Kit
from generator.draw.scene import Group, Rect, Scene, Style, Text
from tests.backends.test_forms import FONTS, close, pdf_of, pixels
from tests.pdfprobe import rasterise

ORANGE, BLUE, GREEN = "#D55E00", "#0072B2", "#009E73"
BODY = (("body", FONTS / "Lato-Regular.ttf"),)


@pytest.fixture
def kit(shipped_game, empty_memo):
    """Every test starts with nothing remembered."""
    return Kit(shipped_game, empty_memo)


def _tile(fonts=BODY) -> Scene:
    """A 12 mm piece with 1 mm of bleed: orange, a blue square in its top-left corner."""
    return Scene("tile-x", 12, 12, 1.0, (Rect(0, 0, 12, 12, Style(fill=ORANGE)),
                                         Rect(2, 2, 3, 3, Style(fill=BLUE)),
                                         Text(2, 10, "Qz", "body", 2, "#000000")), fonts=fonts)


def _placed(tile: Scene, x: float, y: float, size: float, nested: bool = True) -> Group:
    """The tile's trim `size` mm wide at (x, y), as the rulebook's figures place it."""
    k = size / 10
    return Group(tile.items, (x - k, y - k), k, (x, y, size, size), "tile:x",
                 tile if nested else None)


def _figures(nested: bool = True, fonts=BODY) -> tuple[Scene, Scene]:
    tile = _tile(fonts)
    white = Rect(0, 0, 60, 30, Style(fill="#ffffff"))
    first = Scene("fig-a", 60, 30, 0, (white, _placed(tile, 5, 5, 20, nested),
                                       _placed(tile, 35, 5, 10, nested),
                                       Rect(50, 20, 5, 5, Style(fill=GREEN))), fonts=BODY)
    second = Scene("fig-b", 60, 30, 0, (white, _placed(tile, 20, 8, 15, nested)), fonts=BODY)
    return first, second


def _forms(path) -> list:
    reader = PdfReader(path)
    return [o for o in (reader.get_object(n) for n in range(1, int(reader.trailer["/Size"])))
            if hasattr(o, "get") and o.get("/Subtype") == "/Form"]


def _stream(form) -> bytes:
    return zlib.decompress(form._data) if form.get("/Filter") == "/FlateDecode" else form._data


def test_a_piece_placed_three_times_in_two_figures_is_one_form(kit, tmp_path):
    forms = _forms(pdf_of(kit, tmp_path, *_figures()))
    # Blue is 0 0.447 0.698 in the stream: only the tile's own form paints it.
    painting_blue = [f for f in forms if b"0.447 0.698 rg" in _stream(f)]
    assert len(painting_blue) == 1
    figures = [f for f in forms if b"/P0 Do" in _stream(f)]
    assert len(figures) == 2
    tile_ref = painting_blue[0].indirect_reference
    for figure in figures:
        assert figure["/Resources"]["/XObject"].raw_get("/P0") == tile_ref
    assert _stream(figures[0]).count(b"/P0 Do") == 2  # placed twice, named twice


def test_nested_pieces_draw_the_same_picture_as_inline_ones(kit, shipped_game, tmp_path):
    nested, inline = _figures(True), _figures(False)
    (tmp_path / "n").mkdir()
    (tmp_path / "i").mkdir()
    n_path = pdf_of(kit, tmp_path / "n", *nested)
    # A memo of its own: the inline figures draw what the nested ones do, under one key.
    i_path = pdf_of(Kit(shipped_game, DrawingMemo()), tmp_path / "i", *inline)
    assert len(_forms(i_path)) == 2  # drawn inline: the figures' forms only
    for page in (0, 1):
        a, b = rasterise(n_path, page, 254), rasterise(i_path, page, 254)
        assert a.size == b.size
        red, green, blue = ImageChops.difference(a, b).split()
        most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
        differ = most.point(lambda v: 255 if v > 48 else 0).histogram()[255]
        assert differ <= a.size[0] * a.size[1] // 2000, differ  # edge pixels at most


def test_a_nested_piece_sits_where_its_items_would(kit, tmp_path):
    at = pixels(kit, tmp_path, _figures()[0])
    # The first tile: trim 20 mm at (5, 5), scale 2; its blue square is 2..5 mm of the
    # 12 mm scene, so (2-1)*2+5 = 7 to 13 mm of the figure.
    assert close(at(10, 10), (0, 114, 178))
    assert close(at(20, 20), (213, 94, 0))
    assert close(at(4, 4), (255, 255, 255))  # the bleed is clipped off
    assert close(at(52, 22), (0, 158, 115))


def test_the_text_of_a_nested_piece_extracts_and_its_glyphs_are_embedded(kit, tmp_path):
    reader = PdfReader(pdf_of(kit, tmp_path, *_figures()))
    assert "Qz" in reader.pages[0].extract_text()


def test_a_piece_set_in_other_fonts_is_drawn_inline(kit, tmp_path):
    other = (("body", FONTS / "EBGaramond12-Regular.ttf"),)
    forms = _forms(pdf_of(kit, tmp_path, *_figures(fonts=other)))
    assert len(forms) == 2 and not any(b" Do" in _stream(f) for f in forms)
