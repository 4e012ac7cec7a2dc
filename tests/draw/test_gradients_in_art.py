"""Gradients in SVG art are drawn as the SVG has them, by both backends, the preflight's
raster and its point colours: radial ones (a sun's glow, a lit pool) as well as linear,
in the shape's box (hand-written art) or, as Inkscape writes them, in the drawing's own
units (userSpaceOnUse), through a gradientTransform and the shape's own transform, with
their stops borrowed from another gradient (href), a focus off the centre, reflected or
repeated beyond their ends. What no PDF draws the same (a focal circle, a focus outside
the circle, a share of the page in user units, a borrowing that loops) is refused by
name."""

from __future__ import annotations

import pytest

from generator.backends.svg import scene_svg
from generator.core.memo import Memo
from generator.draw.geometry import Place
from generator.draw.pointpaint import painted
from generator.draw.raster import Canvas
from generator.draw.scene import Gradient, Rect, Scene, Style
from generator.draw.svgart import ArtError, read_art
from tests.backends.test_forms import pixels

WHITE_TO_BLACK = ((0.0, "#FFFFFF", 1.0), (1.0, "#000000", 1.0))
BLACK_TO_WHITE = ((0.0, "#000000", 1.0), (1.0, "#FFFFFF", 1.0))
GLOW = Gradient(0.5, 0.5, 0.5, 0.5, WHITE_TO_BLACK, 0.5)  # white at the middle
BOX = Rect(0, 0, 40, 20, Style(fill=GLOW))  # not square: its circles are ellipses


def _art(tmp_path, defs: str, shape: str = '<rect width="40" height="20" fill="url(#g)"/>'):
    path = tmp_path / "art.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
                    f"<defs>{defs}</defs>{shape}</svg>")
    return read_art(path)[1]


STOPS = '<stop offset="0" stop-color="#fff"/><stop offset="100%" stop-color="#000"/>'


@pytest.mark.parametrize("shape", [
    '<rect width="40" height="20" fill="url(#g)"/>',  # a plain file
    '<g transform="translate(0 0)"><rect width="40" height="20" fill="url(#g)"/></g>',
], ids=["plain", "svgelements"])
def test_a_radial_gradient_is_read_with_svg_s_defaults(tmp_path, shape):
    [rect] = _art(tmp_path, f'<radialGradient id="g">{STOPS}</radialGradient>', shape)
    assert rect.style.fill == GLOW
    [rect] = _art(tmp_path, f'<radialGradient id="g" cx="30%" cy="0.25" r="40%" fx="30%" '
                            f'fy="25%">{STOPS}</radialGradient>', shape)
    assert rect.style.fill == Gradient(0.3, 0.25, 0.3, 0.25, WHITE_TO_BLACK, 0.4)


def test_a_user_space_gradient_may_leave_out_what_is_nothing_of_the_page(tmp_path):
    # x1, y1 and y2 are 0 % when not given: nothing, whatever the page's size. x2's
    # 100 % is not: it is given here.
    [rect] = _art(tmp_path, f'<linearGradient id="g" gradientUnits="userSpaceOnUse" '
                            f'x2="40">{STOPS}</linearGradient>')
    fill = rect.style.fill
    assert (fill.x1, fill.y1, fill.x2, fill.y2, fill.user) == (0.0, 0.0, 40.0, 0.0, True)


@pytest.mark.parametrize(("defs", "reason"), [
    (f'<radialGradient id="g" fr="0.1">{STOPS}</radialGradient>', "focus is a circle"),
    (f'<radialGradient id="g" fx="1.2">{STOPS}</radialGradient>', "outside its circle"),
    (f'<radialGradient id="g" r="0">{STOPS}</radialGradient>', "no radius"),
    (f'<radialGradient id="g" gradientUnits="userSpaceOnUse">{STOPS}</radialGradient>',
     r"cx is a share of the page \(50%\) in user space units"),
    ('<radialGradient id="g" href="#nothing"/>', "'#nothing', which the file does not"),
    ('<radialGradient id="g" href="#h"/><linearGradient id="h" href="#g"/>', "a loop"),
    (f'<radialGradient id="g" gradientTransform="wobble(2)">{STOPS}</radialGradient>',
     r"the transform 'wobble\(2\)' is not one SVG reads"),
    (f'<radialGradient id="g" spreadMethod="wobble">{STOPS}</radialGradient>',
     "spread by 'wobble'"),
])
def test_a_gradient_drawn_otherwise_is_refused_by_name(tmp_path, defs, reason):
    with pytest.raises(ArtError, match=reason):
        _art(tmp_path, defs)


def test_the_pdf_draws_it_from_the_middle_out_stretched_to_the_box(own_kit, tmp_path):
    at = pixels(own_kit, tmp_path, Scene("glow", 40, 20, 0, (BOX,)))
    middle, corner = at(20, 10), at(1, 1)
    assert min(middle) > 235 and max(corner) < 20, (middle, corner)
    # Halfway out, across and down alike (an ellipse: 10 mm across is 5 mm down).
    across, down = at(30, 10), at(20, 15)
    assert across[0] == pytest.approx(128, abs=16) and down[0] == pytest.approx(128, abs=16)
    assert at(25, 10)[0] > across[0] > at(35, 10)[0]


def test_the_svg_writes_it_as_a_radial_gradient():
    svg = scene_svg(Scene("glow", 40, 20, 0, (BOX,)), Memo())
    assert '<radialGradient cx="0.5" cy="0.5" id="g1" r="0.5">' in svg
    assert "<linearGradient" not in svg


def test_the_preflight_paints_and_reads_it_as_it_is_drawn():
    canvas = Canvas(40, 20)
    canvas.paint([BOX])
    middle, corner = canvas.mean((19, 9, 2, 2)), canvas.mean((0, 0, 2, 2))
    assert int(middle[1:3], 16) > 220 and int(corner[1:3], 16) < 20, (middle, corner)
    black = (0.0, 0.0, 0.0)
    at = [painted(BOX, Place(), x, y, black) for x, y in ((20, 10), (30, 10), (20, 15),
                                                           (39.9, 19.9))]
    assert at[0] == pytest.approx((255.0, 255.0, 255.0), abs=1)
    assert at[1] == at[2]  # halfway out across and down: the same grey
    assert at[3] == painted(Rect(0, 0, 40, 20, Style(fill="#000000")), Place(), 39.9, 19.9,
                            black)


def test_the_preflight_sees_through_a_gradient_where_it_fades():
    # A text over a glow that fades out is read against what lies under the glow there.
    fading = Rect(0, 0, 40, 20, Style(fill=Gradient(0.5, 0.5, 0.5, 0.5, (
        (0.0, "#FFFFFF", 1.0), (1.0, "#FFFFFF", 0.0)), 0.5)))
    black = (0.0, 0.0, 0.0)
    middle, halfway = (painted(fading, Place(), x, y, black) for x, y in ((20, 10), (30, 10)))
    assert middle == pytest.approx((255.0, 255.0, 255.0), abs=1)
    assert halfway == pytest.approx((127.5, 127.5, 127.5), abs=2)


# As Inkscape writes a gradient: the stops in one gradient, named by another that says
# where it lies, in the drawing's units, through a transform; the shape in a layer.
INKSCAPE = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
  xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="40mm" height="20mm"
  viewBox="0 0 40 20">
  <defs>
    <linearGradient id="stops" inkscape:collect="always">
      <stop style="stop-color:#ffffff;stop-opacity:1" offset="0"/>
      <stop style="stop-color:#000000;stop-opacity:1" offset="1"/>
    </linearGradient>
    <linearGradient xlink:href="#stops" id="across" x1="0" y1="0" x2="20" y2="0"
       gradientUnits="userSpaceOnUse" gradientTransform="translate(5 0)"/>
  </defs>
  <g inkscape:groupmode="layer" transform="translate(10 0)">
    <rect style="fill:url(#across)" x="-10" y="0" width="40" height="20"/>
  </g>
</svg>"""


def test_an_inkscape_gradient_is_read_in_the_drawing_s_units_through_its_transforms(
        tmp_path):
    path = tmp_path / "inkscape.svg"
    path.write_text(INKSCAPE)
    [rect] = read_art(path)[1]
    fill = rect.style.fill
    assert (fill.user, fill.x1, fill.x2, fill.stops) == (True, 0.0, 20.0, WHITE_TO_BLACK)
    # The layer's translate(10 0), then the gradient's own translate(5 0): 0 lies at 15.
    assert fill.matrix == pytest.approx((1, 0, 0, 1, 15, 0))
    assert (rect.x, rect.w) == (0.0, 40.0)  # the shape's own points are placed already


def test_the_pdf_and_the_preflight_draw_a_gradient_in_the_drawing_s_units(own_kit, tmp_path):
    # White at x = 15, black from x = 35: in the box's units it would end at x = 40.
    across = Gradient(0, 0, 20, 0, WHITE_TO_BLACK, user=True, matrix=(1, 0, 0, 1, 15, 0))
    band = Rect(0, 0, 40, 20, Style(fill=across))
    at = pixels(own_kit, tmp_path, Scene("user", 40, 20, 0, (band,)))
    assert min(at(10, 10)) > 245 and max(at(37, 10)) < 10, (at(10, 10), at(37, 10))
    assert at(25, 10)[0] == pytest.approx(128, abs=14)
    black = (0.0, 0.0, 0.0)
    assert painted(band, Place(), 25, 10, black) == pytest.approx((127.5,) * 3, abs=1)
    assert painted(band, Place(), 37, 10, black) == (0.0, 0.0, 0.0)
    canvas = Canvas(40, 20)
    canvas.paint([band])
    assert int(canvas.mean((8, 8, 4, 4))[1:3], 16) > 240
    assert int(canvas.mean((36, 8, 3, 4))[1:3], 16) < 15


def test_a_focus_off_the_centre_starts_the_gradient_there(own_kit, tmp_path):
    # Circles from the focus (10, 10) out to the circle round (20, 10) of radius 15.
    lit = Gradient(20, 10, 20, 10, WHITE_TO_BLACK, 15, user=True, focus=(10, 10))
    box = Rect(0, 0, 40, 20, Style(fill=lit))
    at = pixels(own_kit, tmp_path, Scene("focus", 40, 20, 0, (box,)))
    assert min(at(10, 10)) > 240 and max(at(36, 10)) < 12, (at(10, 10), at(36, 10))
    # Halfway from the focus to the circle's edge: 2.5 mm to its left, 12.5 to its right.
    left, right = at(7.5, 10)[0], at(22.5, 10)[0]
    assert left == pytest.approx(128, abs=16) and right == pytest.approx(128, abs=16)
    black = (0.0, 0.0, 0.0)
    assert painted(box, Place(), 7.5, 10, black) == pytest.approx((127.5,) * 3, abs=1)
    assert painted(box, Place(), 22.5, 10, black) == pytest.approx((127.5,) * 3, abs=1)


def test_the_svg_keeps_the_gradient_as_written():
    lit = Gradient(20, 10, 20, 10, WHITE_TO_BLACK, 15, user=True,
                   matrix=(1, 0, 0, 0.5, 0, 5), focus=(10, 10))
    svg = scene_svg(Scene("focus", 40, 20, 0, (Rect(0, 0, 40, 20, Style(fill=lit)),)), Memo())
    assert ('<radialGradient cx="20" cy="10" fx="10" fy="10" gradientTransform="matrix(1 0 0 '
            '0.5 0 5)" gradientUnits="userSpaceOnUse" id="g1" r="15">') in svg


def test_a_diagonal_gradient_in_a_box_that_is_not_square_runs_as_the_svg_s(own_kit, tmp_path):
    # Corner to corner of a 40 x 20 box: SVG draws it in the box's unit square, so the
    # two other corners are halfway, alike; drawn along the 40 x 20 diagonal itself,
    # the PDF made them 0.8 and 0.2 of the way.
    box = Rect(0, 0, 40, 20, Style(fill=Gradient(0, 0, 1, 1, WHITE_TO_BLACK)))
    at = pixels(own_kit, tmp_path, Scene("diagonal", 40, 20, 0, (box,)))
    top_right, bottom_left = at(39.5, 0.5)[0], at(0.5, 19.5)[0]
    assert top_right == pytest.approx(128, abs=14) and bottom_left == pytest.approx(128, abs=14)
    black = (0.0, 0.0, 0.0)
    assert painted(box, Place(), 40, 0, black) == pytest.approx((127.5,) * 3, abs=1)


def test_a_gradient_in_the_box_of_a_turned_shape_turns_with_it(tmp_path):
    # Left to right across a 20 x 10 rectangle, the rectangle turned a quarter about its
    # middle: in SVG the gradient runs top to bottom; drawn in the turned shape's new box
    # it ran left to right still.
    shape = ('<g transform="rotate(90 10 5)"><rect width="20" height="10" '
             'fill="url(#g)"/></g>')
    [turned] = _art(tmp_path, f'<linearGradient id="g">{STOPS}</linearGradient>', shape)
    black = (0.0, 0.0, 0.0)
    top, bottom, left, right = (painted(turned, Place(), x, y, black)[0] for x, y in
                                ((10, -4.5), (10, 14.5), (5.5, 5), (14.5, 5)))
    assert top > 240 and bottom < 15 and left == pytest.approx(right, abs=1), \
        (top, bottom, left, right)


@pytest.mark.parametrize(("spread", "grey"), [
    ("repeat", (64, 64, 64)),  # a quarter of the way, each time again
    ("reflect", (64, 191, 64)),  # a quarter, then back: three quarters, then a quarter
    ("pad", (64, 255, 255)),  # beyond its end, its last colour
])
def test_a_gradient_reflected_or_repeated_goes_on_beyond_its_ends(own_kit, tmp_path, spread,
                                                                  grey):
    # Black to white over the first 10 mm of a 40 mm band, in the drawing's units.
    band = Rect(0, 0, 40, 10, Style(fill=Gradient(0, 0, 10, 0, BLACK_TO_WHITE, user=True,
                                                  spread=spread)))
    at = pixels(own_kit, tmp_path, Scene(spread, 40, 10, 0, (band,)))
    seen = tuple(at(x, 5)[0] for x in (2.5, 12.5, 22.5))
    assert seen == pytest.approx(grey, abs=14), seen
    black = (0.0, 0.0, 0.0)
    read = tuple(painted(band, Place(), x, 5, black)[0] for x in (2.5, 12.5, 22.5))
    assert read == pytest.approx(grey, abs=1), read
    canvas = Canvas(40, 10)
    canvas.paint([band])
    raster = tuple(int(canvas.mean((x - 0.5, 4, 1, 2))[1:3], 16) for x in (2.5, 12.5, 22.5))
    assert raster == pytest.approx(grey, abs=14), raster


def test_a_radial_gradient_reflected_rings_out_and_is_written_so(own_kit, tmp_path):
    rings = Gradient(20, 10, 20, 10, BLACK_TO_WHITE, 4, user=True, spread="reflect")
    box = Rect(0, 0, 40, 20, Style(fill=rings))
    at = pixels(own_kit, tmp_path, Scene("rings", 40, 20, 0, (box,)))
    # 2 mm out: a half; 6 mm: back to a half; 8 mm: black again; 10 mm: a half.
    seen = [at(20 + d, 10)[0] for d in (2, 4, 6, 8, 10)]
    assert seen == pytest.approx([128, 255, 128, 0, 128], abs=16), seen
    svg = scene_svg(Scene("rings", 40, 20, 0, (box,)), Memo())
    assert 'spreadMethod="reflect"' in svg


def test_a_spread_is_read_from_the_file_or_its_borrowed_gradient(tmp_path):
    [rect] = _art(tmp_path, f'<linearGradient id="h" spreadMethod="repeat">{STOPS}'
                            '</linearGradient><linearGradient id="g" href="#h" x2="0.2"/>')
    assert (rect.style.fill.spread, rect.style.fill.x2) == ("repeat", 0.2)


def test_a_hard_edge_keeps_its_colours_in_their_order(own_kit, tmp_path):
    # Two stops at one offset: red up to the middle, blue after it (the PDF's stops were
    # sorted by colour too, and printed blue, then red).
    items = _art(tmp_path, '<linearGradient id="g"><stop offset="0.5" stop-color="#f00"/>'
                           '<stop offset="0.5" stop-color="#00f"/></linearGradient>')
    at = pixels(own_kit, tmp_path, Scene("edge", 40, 20, 0, items))
    assert at(10, 10) == (255, 0, 0) and at(30, 10) == (0, 0, 255), (at(10, 10), at(30, 10))


def test_a_gradient_in_a_curved_shape_s_box_spans_the_curve_not_its_handles(own_kit,
                                                                           tmp_path):
    # A dome whose curve tops out at y = 5, its handles at y = 0: black at its top, white
    # at its foot, as a browser spans the box (the PDF took the handles' box: grey at the
    # top, a quarter of the way down).
    items = _art(tmp_path, '<linearGradient id="g" x2="0" y2="1"><stop offset="0" '
                           'stop-color="#000"/><stop offset="1" stop-color="#fff"/>'
                           '</linearGradient>', '<path d="M0 20 C0 0 40 0 40 20 Z" '
                                                'fill="url(#g)"/>')
    at = pixels(own_kit, tmp_path, Scene("dome", 40, 20, 0, items))
    assert max(at(20, 5.4)) < 20 and min(at(20, 19.6)) > 235, (at(20, 5.4), at(20, 19.6))
