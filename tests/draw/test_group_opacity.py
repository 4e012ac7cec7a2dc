"""A see-through group in SVG art (an Inkscape layer or group at 50 % opacity) is drawn
as SVG draws it: its shapes are laid together first, then the whole is laid at the
group's opacity, so where they overlap only the top one shows through. Laying each
shape at the group's opacity instead (as tkg did) darkens every overlap in the print
against what Inkscape shows. A shape with both a fill and a stroke at an opacity is
such a group of one: its stroke hides the fill under it."""

from __future__ import annotations

import pytest

from generator.backends.svg import scene_svg
from generator.core.memo import Memo
from generator.draw.raster import Canvas
from generator.draw.scene import Group, Rect, Scene, Style
from tests.backends.test_forms import close, pixels
from tests.draw.art_files import art_items

RED, BLUE = Style(fill="#FF0000"), Style(fill="#0000FF")
# Red on the left, blue on the right, overlapping in the middle (10-20 mm), at half.
HALF = Group((Rect(0, 0, 20, 10, RED), Rect(10, 0, 20, 10, BLUE)), opacity=0.5)
# Red and blue at half over white; laid one by one, the overlap would be (128, 64, 191).
PINK, LIGHT_BLUE = (255, 128, 128), (128, 128, 255)


def _art(tmp_path, body: str):
    return art_items(tmp_path, body)


TWO = '<rect width="20" height="10" fill="#f00"/><rect x="10" width="20" height="10" fill="#00f"/>'


@pytest.mark.parametrize("group", ['<g opacity="0.5">', '<g style="opacity:0.5">',
                                   '<g id="layer1" style="opacity:0.5" '
                                   'transform="translate(0 0)">'])
def test_a_see_through_group_is_read_as_one(tmp_path, group):
    [item] = _art(tmp_path, f"{group}{TWO}</g>")
    assert isinstance(item, Group) and item.opacity == 0.5
    assert [shape.style.opacity for shape in item.children] == [1.0, 1.0]


def test_groups_inside_see_through_groups_each_keep_their_own(tmp_path):
    [outer] = _art(tmp_path, f'<g opacity="0.5"><g opacity="0.8">{TWO}</g>'
                             '<rect width="5" height="5" fill="#0f0"/></g>')
    inner, green = outer.children
    assert (outer.opacity, inner.opacity, green.style.opacity) == (0.5, 0.8, 1.0)


@pytest.mark.parametrize("body", [
    '<g opacity="0.5"><rect width="20" height="10" fill="#f00"/></g>',  # one shape
    '<rect width="20" height="10" fill="#f00" opacity="0.5"/>',  # a plain file
    '<g opacity="0.5"><g><rect width="20" height="10" fill="#f00"/></g></g>',
])
def test_a_see_through_group_of_one_filled_shape_is_that_shape_at_its_opacity(tmp_path, body):
    [rect] = _art(tmp_path, body)
    assert isinstance(rect, Rect) and rect.style.opacity == 0.5


@pytest.mark.parametrize("body", [
    '<rect width="20" height="10" fill="#f00" stroke="#00f" stroke-width="2" opacity="0.5"/>',
    '<g transform="translate(0 0)"><rect width="20" height="10" fill="#f00" stroke="#00f" '
    'stroke-width="2" style="opacity:0.5"/></g>',
    '<g opacity="0.5"><rect width="20" height="10" fill="#f00" stroke="#00f" '
    'stroke-width="2"/></g>',
], ids=["plain", "svgelements", "its-group"])
def test_a_filled_and_stroked_shape_at_an_opacity_is_a_group_of_one(tmp_path, body):
    [item] = _art(tmp_path, body)
    assert isinstance(item, Group) and item.opacity == 0.5
    [rect] = item.children
    assert (rect.style.opacity, rect.style.stroke) == (1.0, "#0000FF")


def test_fill_opacity_stays_each_shape_s_own(tmp_path):
    # fill-opacity is not a group's: each shape's fill is laid at it.
    shapes = _art(tmp_path, f'<g fill-opacity="0.5">{TWO}</g>')
    assert [s.style.opacity for s in shapes] == [0.5, 0.5]


def test_the_pdf_lays_the_group_as_a_whole(own_kit, tmp_path):
    at = pixels(own_kit, tmp_path, Scene("layer", 30, 10, 0, (HALF,)))
    left, middle, right = at(5, 5), at(15, 5), at(25, 5)
    assert close(left, PINK), left
    assert close(middle, LIGHT_BLUE), middle  # blue over white, not blue over pink
    assert close(right, LIGHT_BLUE), right


def test_the_pdf_lays_a_group_inside_a_group_each_at_its_own(own_kit, tmp_path):
    inner = Group((Rect(0, 0, 20, 10, RED), Rect(10, 0, 20, 10, BLUE)), opacity=0.5)
    outer = Group((Rect(0, 0, 30, 10, Style(fill="#000000")), inner), opacity=0.5)
    at = pixels(own_kit, tmp_path, Scene("layers", 30, 10, 0, (outer,)))
    # Inside: blue at half over black (0, 0, 128); then that at half over white.
    assert close(at(15, 5), (128, 128, 191)), at(15, 5)
    assert close(at(5, 5), (191, 128, 128)), at(5, 5)


def test_the_svg_writes_the_group_s_opacity():
    svg = scene_svg(Scene("layer", 30, 10, 0, (HALF,)), Memo())
    assert '<g opacity="0.5"><rect' in svg
    assert svg.count('opacity="') == 1  # the shapes inside are opaque


def test_the_preflight_paints_the_group_as_a_whole():
    canvas = Canvas(30, 10)
    canvas.paint([HALF])
    for box, expected in (((4, 4, 2, 2), PINK), ((14, 4, 2, 2), LIGHT_BLUE),
                          ((24, 4, 2, 2), LIGHT_BLUE)):
        found = canvas.mean(box)
        colour = tuple(int(found[i:i + 2], 16) for i in (1, 3, 5))
        assert close(colour, expected, 2), (box, found)


@pytest.mark.parametrize(("opacity", "expected"), [("1.5", 1.0), ("-1", 0.0), ("50%", 0.5)])
def test_a_group_s_opacity_is_held_between_nothing_and_whole(tmp_path, opacity, expected):
    items = _art(tmp_path, f'<g opacity="{opacity}">{TWO}</g>')
    seen = items[0].opacity if isinstance(items[0], Group) else 1.0
    assert seen == expected and len(items) == (2 if expected == 1 else 1)
