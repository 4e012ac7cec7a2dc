"""A clipping path in SVG art (Inkscape: Object > Clip > Set Clip) is drawn as SVG draws
it: what it clips shows only inside its outline, by both backends, the preflight's
raster and its point colours (tkg refused every clip, TKG304). The outline lies in the
clipped element's own units, through its transform, as Inkscape saves it. A clip of
several shapes shows what any of them covers (a mask of them in white). What no outline
can say (text, a clone, the box's units, a group, which a browser leaves out) is
refused by name, with the way to make it one."""

from __future__ import annotations

import pytest

from generator.backends.svg import scene_svg
from generator.core.memo import Memo
from generator.draw.geometry import Place, bounds
from generator.draw.pointpaint import painted
from generator.draw.raster import Canvas
from generator.draw.scene import Group, Path, Rect, Scene, Style
from generator.draw.svgart import ArtError
from tests.backends.test_forms import close, pixels
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

RED = Style(fill="#FF0000")
# A diamond 10 mm across, centred at (15, 5), over a red band 30 mm long.
DIAMOND = (("M", 15.0, 0.0), ("L", 20.0, 5.0), ("L", 15.0, 10.0), ("L", 10.0, 5.0), ("Z",))
CLIPPED = Group((Rect(0, 0, 30, 10, RED),), clip_path=DIAMOND)
WHITE, RED_RGB = (255, 255, 255), (255, 0, 0)


def _art(tmp_path, body: str, clip: str = '<circle cx="15" cy="5" r="5"/>',
         clip_attributes: str = ""):
    return art_items(tmp_path, f'<defs><clipPath id="c"{clip_attributes}>{clip}</clipPath>'
                               f'<rect id="r" width="3" height="3"/></defs>{body}')


BAND = '<rect width="30" height="10" fill="#f00"/>'


@pytest.mark.parametrize("body", [
    f'<g clip-path="url(#c)">{BAND}</g>',
    f'<g style="clip-path:url(#c)">{BAND}</g>',
    '<rect width="30" height="10" fill="#f00" clip-path="url(#c)"/>',
], ids=["a group", "a group's style", "a shape"])
def test_a_clipped_element_is_a_group_clipped_to_the_path_s_outline(tmp_path, body):
    [group] = _art(tmp_path, body)
    assert isinstance(group, Group) and group.clip_path and not group.clip_evenodd
    assert [type(child) for child in group.children] == [Rect]
    assert bounds((Path(group.clip_path, RED),)) == pytest.approx((10, 0, 20, 10), abs=1e-6)


def test_the_outline_lies_in_the_clipped_element_s_units_through_its_transform(tmp_path):
    # As Inkscape saves a clip on a layer moved by a transform.
    [group] = _art(tmp_path, '<g transform="translate(10 0)" clip-path="url(#c)">'
                             '<rect x="-10" width="30" height="10" fill="#f00"/></g>',
                   clip_attributes=' clipPathUnits="userSpaceOnUse" transform="scale(0.5)"')
    # The circle at (15, 5) of radius 5, halved, then moved 10 right: (17.5, 2.5), r 2.5.
    assert bounds((Path(group.clip_path, RED),)) == pytest.approx((15, 0, 20, 5), abs=1e-6)
    assert bounds(group.children) == (0, 0, 30, 10)


def test_the_clip_rule_is_read_from_the_shape_or_its_clipping_path(tmp_path):
    ring = '<path d="M10 0H20V10H10Z M12 2V8H18V2Z"/>'
    [group] = _art(tmp_path, f'<g clip-path="url(#c)">{BAND}</g>', ring.replace(
        "<path", '<path clip-rule="evenodd"'))
    assert group.clip_evenodd
    [group] = _art(tmp_path, f'<g clip-path="url(#c)">{BAND}</g>', ring,
                   ' style="clip-rule:evenodd"')
    assert group.clip_evenodd


def test_a_clipping_path_of_no_shape_hides_what_it_clips(tmp_path):
    assert _art(tmp_path, f'<g clip-path="url(#c)">{BAND}</g>', clip="") == ()


@pytest.mark.parametrize(("clip", "attributes", "reason"), [
    ('<g><circle r="1"/></g>', "",
     r"a group \(<g>\) in a clipping path, which a browser leaves out; .*Object > Ungroup"),
    ('<text>Hi</text>', "", r"text \(<text>\) in a clipping path; .*Path > Object to Path"),
    ('<use xlink:href="#r"/>', "", r"a clone \(<use>\) in a clipping path; .*Unlink Clone"),
    ('<circle r="1"/>', ' clipPathUnits="objectBoundingBox"',
     r"in the units of its shape's box .*Object > Clip > Set Clip"),
    ('<circle r="1" clip-path="url(#c)"/>', "", "a clipping path clipped in turn"),
])
def test_a_clip_no_single_outline_can_say_is_refused_with_the_way_out(tmp_path, clip,
                                                                      attributes, reason):
    with pytest.raises(ArtError, match=reason):
        _art(tmp_path, f'<g clip-path="url(#c)">{BAND}</g>', clip, attributes)


def test_a_clip_of_several_shapes_shows_what_any_of_them_covers(tmp_path):
    [group] = _art(tmp_path, f'<g clip-path="url(#c)">{BAND}</g>',
                   '<circle cx="5" cy="5" r="4"/><path clip-rule="evenodd" '
                   'd="M12 0h10v10h-10z M14 2h6v6h-6z"/>')
    assert not group.clip_path and len(group.mask) == 2
    assert [(m.style.fill, m.style.evenodd) for m in group.mask] == [("#FFFFFF", False),
                                                                      ("#FFFFFF", True)]
    canvas = Canvas(30, 10, ppm=4)
    canvas.paint((group,))
    # Inside the circle and the square's ring: red; in the ring's hole and past both: not.
    assert [canvas.mean((x - 0.25, 4.75, 0.5, 0.5)) for x in (5, 13, 17, 26)] == [
        "#FF0000", "#FF0000", "#FFFFFF", "#FFFFFF"]


def test_a_clip_that_names_nothing_is_refused(tmp_path):
    with pytest.raises(ArtError, match=r"url\(#nothing\), which the file does not define"):
        _art(tmp_path, f'<g clip-path="url(#nothing)">{BAND}</g>')


def test_the_pdf_draws_only_inside_the_outline(own_kit, tmp_path):
    at = pixels(own_kit, tmp_path, Scene("diamond", 30, 10, 0, (CLIPPED,)))
    assert close(at(15, 5), RED_RGB) and close(at(11.5, 5), RED_RGB)
    for x, y in ((5, 5), (25, 5), (11, 1), (19, 9)):  # beside it, and past its edges
        assert close(at(x, y), WHITE), ((x, y), at(x, y))


def test_the_svg_writes_the_clipping_path():
    svg = scene_svg(Scene("diamond", 30, 10, 0, (CLIPPED,)), Memo())
    assert '<clipPath id="c1"><path d="M15 0L20 5L15 10L10 5Z" /></clipPath>' in svg
    assert '<g clip-path="url(#c1)"><rect' in svg


def test_the_preflight_paints_and_reads_only_inside_the_outline():
    canvas = Canvas(30, 10, ppm=4)
    canvas.paint([CLIPPED])
    assert canvas.mean((14, 4, 2, 2)) == "#FF0000"
    assert canvas.mean((1, 1, 4, 8)) == "#FFFFFF" and canvas.mean((10, 0, 1, 1)) == "#FFFFFF"
    covered = canvas.coverage([CLIPPED])
    assert covered.getpixel((60, 20)) == 255 and covered.getpixel((41, 2)) == 0
    white = (255.0, 255.0, 255.0)
    place = Place().inside(CLIPPED)
    assert painted(CLIPPED.children[0], place, 15, 5, white) == (255.0, 0.0, 0.0)
    assert painted(CLIPPED.children[0], place, 11, 1, white) == white  # past its edge


def test_one_large_clip_on_many_elements_counts_towards_the_file_s_points(tmp_path):
    # Each element clipped is as much to draw as a copy of the outline.
    outline = "M0 0" + "L1 1" * 400 + "Z"
    many = '<rect width="3" height="3" fill="#f00" clip-path="url(#c)"/>' * 600
    with pytest.raises(ArtError, match=r"points .* more than the limit of 200,000, through "
                                       r"clipping paths"):
        _art(tmp_path, many, f'<path d="{outline}"/>')


# Beside Chromium: two shapes, one clipping the element's group; two squares drawn the
# opposite ways round (what either covers shows, not the even-odd of both); a square and
# a circle clipping by the even-odd rule and a ring with a hole; the same clip through a
# scaled group.
SEVERAL = (
    '<defs><clipPath id="two"><circle cx="8" cy="8" r="6"/><path d="M10 2 L20 2 L20 8 '
    'L10 8 Z"/></clipPath>'
    '<clipPath id="opp"><path d="M24 2 h10 v10 h-10 z"/><path d="M30 6 v10 h10 v-10 z"/>'
    '</clipPath>'
    '<clipPath id="odd"><rect x="44" y="2" width="6" height="6"/><circle cx="53" cy="11" '
    'r="4" clip-rule="evenodd"/><path clip-rule="evenodd" d="M44 20 h14 v10 h-14 z M47 23 '
    'h8 v4 h-8 z"/></clipPath></defs>'
    '<g clip-path="url(#two)"><rect width="22" height="16" fill="#C33"/><path d="M0 0 '
    'L22 16" stroke="#000"/></g>'
    '<rect x="22" width="20" height="18" fill="#36C" clip-path="url(#opp)"/>'
    '<g clip-path="url(#odd)"><rect x="42" width="18" height="40" fill="#393"/></g>'
    '<g transform="translate(4 20) scale(0.8)" clip-path="url(#two)"><rect width="22" '
    'height="16" fill="#960"/></g>')


@in_browser
def test_clips_of_several_shapes_print_as_the_browser_shows_them(own_kit, tmp_path):
    assert_as_in_chromium(own_kit, tmp_path, SEVERAL, "0 0 60 40")
