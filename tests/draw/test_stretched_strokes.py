"""A stroke its transform stretches more one way than another, or skews (Inkscape makes
one when a group is scaled one way only), prints as a browser shows it: the area its
pen covers in the shape's own units, mapped through the transform, drawn as a filled
shape in the stroke's paint. It was refused (TKG304)."""

from __future__ import annotations

import pytest

from generator.draw.geometry import bounds, subpaths
from generator.draw.scene import Ellipse, Path
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

VIEW = "0 0 60 40"


def _items(tmp_path, body: str) -> tuple:
    return art_items(tmp_path, body, VIEW)


def _inside(path: Path, x: float, y: float) -> bool:
    """Whether (x, y) lies inside the path's area (even-odd, as it is filled)."""
    crossings = 0
    for points, _ in subpaths(path):
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                crossings += 1
    return crossings % 2 == 1


def test_a_ring_stretched_four_times_across_is_four_times_as_thick_at_its_sides(tmp_path):
    fill, ring = _items(tmp_path, '<g transform="scale(4 1)"><circle cx="5" cy="5" r="4" '
                                  'fill="#9CF" stroke="#036" stroke-width="1"/></g>')
    assert isinstance(fill, Ellipse) and fill.style.stroke is None  # the fill, first
    assert isinstance(ring, Path) and ring.style.fill == "#003366" and ring.style.evenodd
    assert bounds((ring,)) == pytest.approx((2, 0.5, 38, 9.5), abs=0.01)
    # Across its left side, 4 units thick (x 2 to 6); across its top, 1 (y 0.5 to 1.5).
    assert [_inside(ring, x, 5) for x in (1.9, 2.1, 5.9, 6.1)] == [False, True, True, False]
    assert [_inside(ring, 20, y) for y in (0.4, 0.6, 1.4, 1.6)] == [False, True, True, False]


@pytest.mark.parametrize(("limit", "reach"), [(10, 12.031), (2, 8.062)])
def test_a_mitred_corner_past_its_limit_is_bevelled_as_svg_says(tmp_path, limit, reach):
    # A corner of twice atan(1/8), whose miter is 8.06 widths long, stretched twice
    # across. Within a limit of 10, its point reaches 0.5 / sin(7.1 degrees) = 4.03
    # units past the corner at x 8; past a limit of 2 it is bevelled, reaching half a
    # width along each line's normal (0.062 across).
    [stroke] = _items(tmp_path, '<g transform="scale(2 1)"><path d="M0 2 L8 3 L0 4" '
                                f'fill="none" stroke="#000" stroke-miterlimit="{limit}"/></g>')
    assert bounds((stroke,))[2] / 2 == pytest.approx(reach, abs=0.002)


def test_dashes_are_laid_along_the_shape_s_own_units(tmp_path):
    # 10 units of line stretched three times: dashes of 2 with gaps of 1 in its own units
    # are 4 dashes (0-2, 3-5, 6-8, 9-10), each 6 long on the page.
    [dashes] = _items(tmp_path, '<g transform="scale(3 1)"><path d="M0 5 h10" fill="none" '
                                'stroke="#000" stroke-dasharray="2 1"/></g>')
    pieces = subpaths(dashes)
    assert len(pieces) == 4
    spans = sorted((min(x for x, _ in p), max(x for x, _ in p)) for p, _ in pieces)
    assert spans == pytest.approx([(0, 6), (9, 15), (18, 24), (27, 30)], abs=0.01)


def test_the_stroke_keeps_its_opacity_and_comes_first_with_paint_order(tmp_path):
    body = ('<g transform="skewX(30)"><rect x="2" y="2" width="8" height="6" fill="#FE8" '
            'stroke="#A50" stroke-width="1" stroke-opacity="0.6"{}/></g>')
    fill, stroke = _items(tmp_path, body.format(""))
    assert fill.style.fill == "#FFEE88" and stroke.style.fill == "#AA5500"
    assert stroke.style.opacity == pytest.approx(0.6)
    under, over = _items(tmp_path, body.format(' style="paint-order:stroke"'))
    assert (under.style.fill, over.style.fill) == ("#AA5500", "#FFEE88")


# Beside Chromium: a stretched ring, a skewed mitred square, square ends and a long
# miter within its limit, one past it (bevelled), a stretched curve with round ends,
# dashes round a corner from an offset, a turned and stretched see-through stroke under
# its fill, round and square dots, a shape with a hole in a see-through group.
BROWSER_CASES = (
    '<g transform="scale(3 1)"><circle cx="3.5" cy="7" r="2.5" fill="#9CF" stroke="#036" '
    'stroke-width="1"/></g>'
    '<g transform="matrix(1 0 0.6 1 0 0)"><rect x="12" y="2" width="6" height="9" '
    'fill="none" stroke="#C00" stroke-width="1.5"/></g>'
    '<g transform="scale(1 2.5)"><path d="M24 1 L32 4 L24 5" fill="none" stroke="#060" '
    'stroke-width="1.2" stroke-miterlimit="10" stroke-linecap="square"/></g>'
    '<g transform="scale(1 2.5)"><path d="M36 1 L44 2 L36 3" fill="none" stroke="#606" '
    'stroke-width="1" stroke-miterlimit="2"/></g>'
    '<g transform="scale(2 0.8)"><path d="M24 3 C26 -2 30 10 32 4" fill="none" '
    'stroke="#F80" stroke-width="1.5" stroke-linecap="round"/></g>'
    '<g transform="scale(2.5 1)"><path d="M1 16 L9 16 L9 22" fill="none" stroke="#000" '
    'stroke-width="0.8" stroke-dasharray="2 1" stroke-dashoffset="0.5" '
    'stroke-linejoin="round"/></g>'
    '<g transform="rotate(20) scale(2 1)"><rect x="17" y="8" width="6" height="4" '
    'fill="#FE8" stroke="#A50" stroke-width="1" stroke-opacity="0.6" '
    'style="paint-order:stroke"/></g>'
    '<g transform="scale(1 3)"><path d="M45 6 l0 0" stroke="#00F" stroke-width="2" '
    'stroke-linecap="round"/><path d="M50 6 l0 0" stroke="#00F" stroke-width="2" '
    'stroke-linecap="square"/></g>'
    '<g transform="scale(2 1)" opacity="0.7"><path d="M2 30 h8 v6 h-8 z M4 32 h4 v2 h-4 z" '
    'fill="#8C8" fill-rule="evenodd" stroke="#333" stroke-width="0.7" '
    'stroke-linejoin="bevel"/></g>')
# More: a zigzag whose corners are some within the limit and some past it, a closed
# mitred triangle (its corner at the start too), a curve with a cusp, dashes along a
# stretched circle, a gradient on a stretched stroke, dashes round a rectangle's start.
MORE_CASES = (
    '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#F00"/>'
    '<stop offset="1" stop-color="#00F"/></linearGradient></defs>'
    '<g transform="scale(1.5 1)"><path d="M2 12 L5 2 L7 12 L8 2 L9.5 12 L10 2" fill="none" '
    'stroke="#000" stroke-width="0.8" stroke-miterlimit="6"/></g>'
    '<g transform="scale(1 2)"><path d="M20 1 L30 5 L20 5 Z" fill="#FC0" stroke="#930" '
    'stroke-width="0.8"/></g>'
    '<g transform="scale(2 1)"><path d="M18 4 C24 14 18 14 24 4" fill="none" stroke="#090" '
    'stroke-width="1"/></g>'
    '<g transform="scale(2.5 1)"><circle cx="6" cy="28" r="5" fill="none" stroke="#00C" '
    'stroke-width="1" stroke-dasharray="3 1.5"/></g>'
    '<g transform="scale(1 2.2)"><rect x="36" y="10" width="18" height="6" fill="none" '
    'stroke="url(#g)" stroke-width="1.2"/></g>'
    # A closed shape's dash running on past its start: one dash round the corner there.
    '<g transform="translate(48 4) rotate(-26.5) scale(2.68 1.31)"><rect x="-2" y="-1.5" '
    'width="4" height="3" fill="#DCC5EB" stroke="#019FAB" stroke-width="0.65" '
    'stroke-linejoin="round" stroke-dasharray="1.49 0.72"/></g>')


@in_browser
@pytest.mark.parametrize("body", [BROWSER_CASES, MORE_CASES], ids=["cases", "more"])
def test_stretched_strokes_print_as_the_browser_shows_them(own_kit, tmp_path, body):
    assert_as_in_chromium(own_kit, tmp_path, body, VIEW)
