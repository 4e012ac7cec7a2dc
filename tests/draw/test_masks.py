"""A mask in SVG art (Inkscape: Object > Mask > Set Mask; a white-to-black gradient over
a picture's edge, to fade it out) is drawn as SVG draws it: what it masks shows as
much as the mask is light, by both backends, the preflight's raster and its point
colours (tkg refused every mask, TKG304). The mask's shapes lie in the masked
element's own units, through its transform, as Inkscape saves them. What it cannot
read the same (shapes in the box's units, text, a mask inside a mask) is refused with
the way out."""

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

RED = Style(fill="#FF0000")
# A red band 30 x 10 mm, shown whole on the left third, at half in the middle, hidden
# on the right (the mask: white, grey, black).
MASK = (Rect(0, 0, 10, 10, Style(fill="#FFFFFF")), Rect(10, 0, 10, 10, Style(fill="#808080")),
        Rect(20, 0, 10, 10, Style(fill="#000000")))
MASKED = Group((Rect(0, 0, 30, 10, RED),), mask=MASK)
SHOWN = {5: (255, 0, 0), 15: (255, 127, 127), 25: (255, 255, 255)}  # x -> over white


FADE = ('<linearGradient id="fade" x1="0" y1="0" x2="30" y2="0" gradientUnits="userSpaceOnUse">'
        '<stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/>'
        '</linearGradient>')
BAND = '<rect width="30" height="10" fill="#f00"/>'


def _art(tmp_path, body: str, mask: str = '<rect width="30" height="10" fill="url(#fade)"/>',
         attributes: str = ' maskUnits="userSpaceOnUse"'):
    return art_items(tmp_path, f'<defs>{FADE}<mask id="m"{attributes}>{mask}</mask></defs>'
                               f"{body}")


@pytest.mark.parametrize("body", [f'<g mask="url(#m)">{BAND}</g>',
                                  f'<g style="mask:url(#m)">{BAND}</g>',
                                  '<rect width="30" height="10" fill="#f00" mask="url(#m)"/>'])
def test_a_masked_element_is_a_group_with_the_mask_s_shapes(tmp_path, body):
    [group] = _art(tmp_path, body)
    assert isinstance(group, Group) and [type(c) for c in group.children] == [Rect]
    [fade] = group.mask
    assert fade.style.fill.user and fade.style.fill.stops[0][1] == "#FFFFFF"


def test_the_mask_lies_in_the_masked_element_s_units_through_its_transform(tmp_path):
    [group] = _art(tmp_path, '<g transform="translate(10 0) scale(0.5)" mask="url(#m)">'
                             f'{BAND}</g>')
    assert bounds(group.mask) == pytest.approx((10, 0, 25, 5))


def test_a_region_in_the_drawing_s_units_clips_what_the_mask_shows(tmp_path):
    [clipped] = _art(tmp_path, f'<g mask="url(#m)">{BAND}</g>',
                     attributes=' maskUnits="userSpaceOnUse" x="0" y="0" width="12" height="10"')
    [masked] = clipped.children
    assert masked.mask and bounds((Path(clipped.clip_path, RED),)) == (0, 0, 12, 10)


def test_a_mask_of_nothing_hides_what_it_masks(tmp_path):
    assert _art(tmp_path, f'<g mask="url(#m)">{BAND}</g>', mask="") == ()


@pytest.mark.parametrize(("mask", "attributes", "reason"), [
    ('<rect width="1" height="1" fill="#fff"/>', ' maskContentUnits="objectBoundingBox"',
     r"in the units of the masked shape's box .*Object > Mask > Release Mask"),
    ('<rect width="30" height="10" fill="#fff"/>', ' x="0" y="0" width="0.5" height="1"',
     r"region is in the units of the masked shape's box"),
    ("<text>Hi</text>", "", r"text \(<text>\) in a mask; .*Path > Object to Path"),
    ('<rect width="3" height="3" fill="#fff" mask="url(#m)"/>', "", "a mask masked in turn"),
])
def test_a_mask_read_otherwise_is_refused_with_the_way_out(tmp_path, mask, attributes,
                                                          reason):
    with pytest.raises(ArtError, match=reason):
        _art(tmp_path, f'<g mask="url(#m)">{BAND}</g>', mask, attributes)


def test_a_mask_that_names_nothing_is_refused(tmp_path):
    with pytest.raises(ArtError, match=r"the mask url\(#nothing\), which the file does not"):
        _art(tmp_path, f'<g mask="url(#nothing)">{BAND}</g>')


@pytest.mark.slow
def test_one_mask_on_many_elements_counts_towards_the_file_s_elements(tmp_path):
    many = '<rect width="3" height="3" fill="#f00" mask="url(#m)"/>' * 150
    with pytest.raises(ArtError, match=r"elements .* more than the limit of 20,000, through "
                                       r"masks"):
        _art(tmp_path, many, '<rect width="3" height="3" fill="#fff"/>' * 150)


def test_the_pdf_shows_it_as_much_as_the_mask_is_light(own_kit, tmp_path):
    at = pixels(own_kit, tmp_path, Scene("masked", 30, 10, 0, (MASKED,)))
    for x, colour in SHOWN.items():
        assert close(at(x, 5), colour), (x, at(x, 5))


def test_the_svg_writes_the_mask():
    svg = scene_svg(Scene("masked", 30, 10, 0, (MASKED,)), Memo())
    assert '<mask id="m1"><rect fill="#FFFFFF"' in svg and '<g mask="url(#m1)"><rect' in svg


def test_the_preflight_paints_and_reads_it_through_the_mask():
    canvas = Canvas(30, 10, ppm=4)
    canvas.paint([MASKED])
    white = (255.0, 255.0, 255.0)
    place = Place().inside(MASKED)
    for x, colour in SHOWN.items():
        seen = canvas.mean((x - 1, 4, 2, 2))
        assert close(tuple(int(seen[i:i + 2], 16) for i in (1, 3, 5)), colour, 2), (x, seen)
        assert close(painted(MASKED.children[0], place, x, 5, white), colour, 2), x
    covered = canvas.coverage([MASKED])
    assert covered.getpixel((20, 20)) == 255 and covered.getpixel((100, 20)) == 0


# A black band under a mask of red, green and blue thirds, over white paper: SVG lets
# through the sRGB values weighted 0.2125, 0.7154 and 0.0721 (Chrome and Inkscape show
# 201, 73 and 237 here); a PDF's soft mask of the colours themselves would weigh them
# 0.30, 0.59 and 0.11 (178, 105 and 227).
COLOURED = ('<defs><mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="30" '
            'height="10"><rect width="10" height="10" fill="#f00"/>'
            '<rect x="10" width="10" height="10" fill="#0f0"/>'
            '<rect x="20" width="10" height="10" fill="url(#blue)"/></mask>'
            '<linearGradient id="blue"><stop offset="0" stop-color="#00f"/>'
            '<stop offset="1" stop-color="#00f"/></linearGradient></defs>'
            '<rect width="30" height="10" fill="#000" mask="url(#m)"/>')
AS_SVG_SHOWS = {5: 201, 15: 73, 25: 237}  # x -> the grey over white


def test_a_coloured_mask_lets_through_what_svg_does_in_every_backend(own_kit, tmp_path):
    items = art_items(tmp_path, COLOURED)
    at = pixels(own_kit, tmp_path, Scene("coloured", 30, 10, 0, items))
    canvas = Canvas(30, 10, ppm=4)
    canvas.paint(items)
    white = (255.0, 255.0, 255.0)
    band, place = _band(items)
    for x, grey in AS_SVG_SHOWS.items():
        assert close(at(x, 5), (grey,) * 3, 3), (x, at(x, 5))
        seen = canvas.mean((x - 1, 4, 2, 2))
        assert close(tuple(int(seen[i:i + 2], 16) for i in (1, 3, 5)), (grey,) * 3, 2), x
        assert close(painted(band, place, x, 5, white), (grey,) * 3, 2), x
    # The SVG the build writes has the greys SVG sees (a browser shows them alike).
    svg = scene_svg(Scene("coloured", 30, 10, 0, items), Memo())
    assert all(grey in svg for grey in ("#363636", "#B6B6B6", "#121212"))


def _band(items) -> tuple:
    """The masked band and its place (inside the groups that hold it)."""
    place, found = Place(), items
    while isinstance(found[0], Group):
        place, found = place.inside(found[0]), found[0].children
    return found[0], place
