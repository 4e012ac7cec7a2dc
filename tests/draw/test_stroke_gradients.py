"""A gradient on a stroke in SVG art (Inkscape: Fill and Stroke > Stroke paint > Linear
gradient) is drawn as SVG draws it: the gradient over everything the stroke reaches,
shown through the stroke painted white (a mask), by both backends and the preflight
(tkg refused it, TKG304: a PDF strokes in one colour)."""

from __future__ import annotations

from generator.backends.svg import scene_svg
from generator.core.memo import Memo
from generator.draw.raster import Canvas
from generator.draw.scene import Group, Rect, Scene
from tests.backends.test_forms import close, pixels
from tests.draw.art_files import art_items

ACROSS = ('<linearGradient id="g"><stop offset="0" stop-color="#f00"/>'
          '<stop offset="1" stop-color="#00f"/></linearGradient>')
# A frame 20 x 6 from (5, 2), its stroke 2 wide: red on the left, blue on the right.
FRAME = ('<rect x="5" y="2" width="20" height="6" fill="none" stroke="url(#g)" '
         'stroke-width="2"/>')


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def test_a_gradient_stroke_is_the_gradient_shown_through_the_stroke(tmp_path):
    items = art_items(tmp_path, f"<defs>{ACROSS}</defs>{FRAME}")
    assert len(items) == 1 and isinstance(items[0], Group)
    (band,), (outline,) = items[0].children, items[0].mask
    assert outline.style.stroke == "#FFFFFF" and outline.style.fill is None
    assert outline.style.stroke_width == 2
    # The gradient lies in the drawing's units, over the frame's own box (5..25).
    assert isinstance(band, Rect) and band.style.fill.user
    assert band.x <= 4 and band.x + band.w >= 26


def test_the_pdf_and_the_preflight_paint_the_stroke_in_its_gradient(own_kit, tmp_path):
    items = art_items(tmp_path, f"<defs>{ACROSS}</defs>{FRAME}")
    at = pixels(own_kit, tmp_path, Scene("frame", 30, 10, 0, items))
    canvas = Canvas(30, 10, ppm=4)
    canvas.paint(items)
    # Left side red, right side blue, the middle of the top edge half-way; inside the
    # frame and beyond it, the paper. (Where the raster's strokes, drawn inside a
    # rectangle's edge, meet the print's, drawn on it.)
    expected = {(5.5, 5): (255, 0, 0), (24.5, 5): (0, 0, 255), (15, 2.5): (128, 0, 128),
                (15, 5): (255, 255, 255), (2, 5): (255, 255, 255)}
    for (x, y), colour in expected.items():
        assert close(at(x, y), colour, 16), ((x, y), at(x, y))
        seen = _rgb(canvas.mean((x - 0.25, y - 0.25, 0.5, 0.5)))
        assert close(seen, colour, 24), ((x, y), seen)
    svg = scene_svg(Scene("frame", 30, 10, 0, items), Memo())
    assert "<mask" in svg and "<linearGradient" in svg


def test_a_filled_shape_keeps_its_fill_and_its_stroke_fades_as_it_says(own_kit, tmp_path):
    circle = ('<g transform="translate(10 0)"><circle cx="5" cy="5" r="3" fill="#0f0" '
              'stroke="url(#g)" stroke-width="2" stroke-opacity="0.5"/></g>')
    items = art_items(tmp_path, f"<defs>{ACROSS}</defs>{circle}")
    at = pixels(own_kit, tmp_path, Scene("ring", 30, 10, 0, items))
    assert close(at(15, 5), (0, 255, 0), 8)  # the fill
    # The ring at half over the paper: pinkish on its left, light blue on its right.
    assert close(at(11.2, 5), (255, 128, 128), 24), at(11.2, 5)
    assert close(at(18.8, 5), (128, 128, 255), 24), at(18.8, 5)


def test_a_fading_gradient_on_a_stroke_keeps_to_the_stroke(own_kit, tmp_path):
    # A stop half see-through: the gradient's own soft mask took the place of the
    # stroke's mask, and the PDF painted the gradient over the whole box, frame and all.
    fading = ('<linearGradient id="g"><stop offset="0" stop-color="#f00"/>'
              '<stop offset="1" stop-color="#00f" stop-opacity="0.5"/></linearGradient>')
    items = art_items(tmp_path, f"<defs>{fading}</defs>{FRAME}")
    at = pixels(own_kit, tmp_path, Scene("frame", 30, 10, 0, items))
    assert at(15, 5) == (255, 255, 255) and at(2, 5) == (255, 255, 255)  # in and out
    assert close(at(5.5, 5), (255, 0, 0), 16), at(5.5, 5)  # the stroke, red on the left
