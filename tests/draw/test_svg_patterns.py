"""A shape filled with a pattern in SVG art (Inkscape's Fill > Pattern: stripes,
checkers, dots) prints the pattern's tiles across it as a browser shows them: set on the
pattern's grid, turned with it, cut to the shape and each to its tile. It was refused."""

from __future__ import annotations

import pytest

from generator.draw.geometry import bounds, leaves
from generator.draw.scene import Group
from generator.draw.svgart import ArtError
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

VIEW = "0 0 60 40"
SQUARES = ('<pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10">'
           '<rect width="5" height="5" fill="#C00"/></pattern>')
# Inkscape's stripes: a stock pattern in a tile of 2 x 1 whose stripe overhangs the
# tile, and the pattern the shape names, which borrows it and turns it.
STRIPES = ('<pattern id="Strips1_1" patternUnits="userSpaceOnUse" width="2" height="1" '
           'patternTransform="translate(0,0) scale(10,10)">'
           '<rect style="fill:black;stroke:none" x="0" y="-0.5" width="1" height="2"/></pattern>'
           '<pattern id="turned" xlink:href="#Strips1_1" '
           'patternTransform="matrix(2.1,1.2,-1.2,2.1,3,-2)"/>')


def _items(tmp_path, body: str) -> tuple:
    return art_items(tmp_path, body, VIEW)


def _shown(items) -> list:
    """The shapes drawn, each with its place."""
    return [(item, place) for item, place in leaves(items)]


def test_a_pattern_fills_its_shape_with_tiles_cut_to_it(tmp_path):
    items = _items(tmp_path, f'<defs>{SQUARES}</defs>'
                             '<rect x="5" y="5" width="40" height="25" fill="url(#p)"/>')
    squares = _shown(items)
    # Tiles at x 0 to 40 and y 0 to 20 meet the rectangle: 5 columns, 3 rows.
    assert len(squares) == 15
    assert {(item.x, item.y) for item, _ in squares} == {
        (10.0 * c, 10.0 * r) for c in range(5) for r in range(3)}
    assert all(place.clip[0] >= 5 and place.clip[1] >= 5 and place.clip[2] <= 45
               and place.clip[3] <= 30 for _, place in squares)  # cut to the shape
    assert bounds(items) == pytest.approx((5, 5, 45, 25))  # the last row's squares end at 25


def test_a_shape_s_stroke_lies_over_its_pattern_and_under_it_with_paint_order(tmp_path):
    body = (f'<defs>{SQUARES}</defs><rect x="5" y="5" width="40" height="25" '
            'style="fill:url(#p);stroke:#00C;stroke-width:2{}"/>')
    for order, last in (("", "#0000CC"), (";paint-order:stroke", "#CC0000")):
        shapes = [item for item, _ in _shown(_items(tmp_path, body.format(order)))]
        assert (shapes[-1].style.stroke or shapes[-1].style.fill) == last


def test_tiles_in_the_shape_s_box_scale_with_the_box(tmp_path):
    # patternUnits objectBoundingBox (SVG's default): a quarter of the box's width.
    body = ('<defs><pattern id="q" width="0.25" height="0.5"><rect width="4" height="4" '
            'fill="#0A0"/></pattern></defs><rect x="10" y="4" width="40" height="30" '
            'fill="url(#q)"/>')
    squares = [item for item, _ in _shown(_items(tmp_path, body))]
    assert len(squares) == 8  # 4 columns of 10, 2 rows of 15
    assert {(round(s.x, 6), round(s.y, 6)) for s in squares} == {
        (10 + 10 * c, 4 + 15 * r) for c in range(4) for r in range(2)}


def test_a_curved_path_s_tiles_start_at_its_box_s_corner(tmp_path):
    # The tile in the path's box's units (SVG's default), its dot 1 in from its corner:
    # svgelements measures a path's box in numpy numbers, and the rewrite wrote them so
    # ("translate(np.float64(6.5) ...)"), which placed the tile nowhere.
    [dot] = _shown(_items(tmp_path, '<defs><pattern id="q" width="3" height="3"><circle '
                                    'cx="1" cy="1" r="0.8" fill="#0A0"/></pattern></defs>'
                                    '<path d="M6 12 C16 7 11 27 20 20 L8 23 Z" '
                                    'fill="url(#q)"/>'))
    top = min(12 * (1 - t) ** 3 + 21 * t * (1 - t) ** 2 + 81 * t * t * (1 - t) + 20 * t ** 3
              for t in (i / 10_000 for i in range(10_001)))  # the curve's highest point
    assert (dot[0].cx, dot[0].cy) == pytest.approx((7, top + 1), abs=1e-3)


def test_a_tile_without_area_paints_no_fill_and_keeps_the_stroke(tmp_path):
    body = ('<defs><pattern id="z" patternUnits="userSpaceOnUse" width="0" height="10">'
            '<rect width="5" height="5" fill="#C00"/></pattern></defs>'
            '<rect x="5" y="5" width="40" height="25" fill="url(#z)" stroke="#00C"/>')
    [stroke] = [item for item, _ in _shown(_items(tmp_path, body))]
    assert stroke.style.fill is None and stroke.style.stroke == "#0000CC"


def test_the_tiles_take_their_paint_from_the_pattern_s_place_not_the_shape_s(tmp_path):
    # The shape's group strokes red; the pattern's <defs> sit in a group that fills green.
    body = ('<g fill="#0A0"><defs><pattern id="g" patternUnits="userSpaceOnUse" width="10" '
            'height="10"><rect width="5" height="5"/></pattern></defs></g>'
            '<g stroke="#F00" stroke-width="3"><rect x="5" y="5" width="20" height="20" '
            'fill="url(#g)"/></g>')
    shapes = [item for item, _ in _shown(_items(tmp_path, body))]
    tiles, outline = shapes[:-1], shapes[-1]
    assert {(t.style.fill, t.style.stroke) for t in tiles} == {("#00AA00", None)}
    assert outline.style.stroke == "#FF0000" and outline.style.fill is None


OVERHANG = ('<pattern id="ov" patternUnits="userSpaceOnUse" width="6" height="6">'
            '<circle cx="6" cy="6" r="4" fill="#36C"/></pattern>')


@pytest.mark.parametrize(("pattern", "fill", "outlines"), [
    (SQUARES, "p", 1),  # inside its tile: uncut (only the shape's outline cuts it)
    (OVERHANG, "ov", 2),  # a dot reaching past its tile: cut to it too
    (STRIPES, "Strips1_1", 1),  # a bar over the next tile's bar: uncut
    (STRIPES.replace("fill:black", "fill:black;fill-opacity:0.5"), "Strips1_1", 2),
])
def test_a_tile_is_cut_only_where_its_content_reaches_past_it(tmp_path, pattern, fill,
                                                              outlines):
    # Cut tiles meet edge to edge, which shows as a hairline seam on screen.
    shown = _shown(_items(tmp_path, f'<defs>{pattern}</defs><rect width="30" height="20" '
                                    f'fill="url(#{fill})"/>'))
    assert {len(place.outlines) for _, place in shown} == {outlines}


def test_a_hidden_patterned_shape_draws_nothing(tmp_path):
    assert _shown(_items(tmp_path, f'<defs>{SQUARES}</defs><rect width="30" height="20" '
                                   'style="fill:url(#p);display:none"/>')) == []


@pytest.mark.parametrize(("body", "reason"), [
    (f'<defs>{SQUARES}</defs><rect x="5" y="5" width="9" height="9" fill="none" '
     'stroke="url(#p)" stroke-width="2"/>', "Path > Stroke to Path"),
    (f'<defs>{SQUARES}</defs><g fill="url(#p)"><rect x="5" y="5" width="9" height="9"/></g>',
     "Object > Ungroup"),
    ('<defs><pattern id="a" xlink:href="#b"/><pattern id="b" xlink:href="#a"/></defs>'
     '<rect width="9" height="9" fill="url(#a)"/>', "borrows from itself"),
    ('<defs><pattern id="t" patternUnits="userSpaceOnUse" width="0.01" height="0.01">'
     '<rect width="0.005" height="0.005"/></pattern></defs>'
     '<rect width="60" height="40" fill="url(#t)"/>', "make its tiles larger"),
    (f'<style>.c {{ fill: #C00 }}</style><defs>{SQUARES}</defs>'
     '<rect class="c" width="9" height="9" style="fill:url(#p)"/>', "remove its class"),
    ('<defs><pattern id="in" patternUnits="userSpaceOnUse" width="4" height="4">'
     '<rect width="2" height="2"/></pattern><pattern id="out" patternUnits="userSpaceOnUse" '
     'width="8" height="8"><rect width="6" height="6" fill="url(#in)"/></pattern></defs>'
     '<rect width="20" height="20" fill="url(#out)"/>', "in another pattern's tile"),
], ids=["stroke", "group", "loop", "too-many-tiles", "class", "nested"])
def test_a_pattern_tkg_cannot_tile_is_refused_with_the_way_out(tmp_path, body, reason):
    with pytest.raises(ArtError, match=reason):
        _items(tmp_path, body)


def test_a_use_of_a_patterned_shape_draws_its_tiles_again(tmp_path):
    items = _items(tmp_path, f'<defs>{SQUARES}</defs><rect id="field" x="5" y="5" '
                             'width="20" height="20" fill="url(#p)" opacity="0.5"/>'
                             '<use href="#field" x="30"/>')
    assert [round(bounds((item,))[0]) for item in items] == [5, 35]
    assert all(isinstance(item, Group) and item.opacity == 0.5 for item in items)


# Each case beside Chromium's view of the same file: user units, the box's units, the
# box's units for the content too, a viewBox fitted, Inkscape's turned stripes, a tile
# set off by x and y, see-through, a path with a hole (evenodd), a turned shape, and a
# stroke under the fill.
BROWSER_CASES = (
    f'<defs>{SQUARES}{STRIPES}'
    '<pattern id="box" width="0.2" height="0.25"><circle cx="3" cy="3" r="2.5" fill="#06C"/>'
    '</pattern>'
    '<pattern id="content" x="0.1" y="0.2" width="0.5" height="0.5" '
    'patternContentUnits="objectBoundingBox">'
    '<rect width="0.25" height="0.25" fill="#C60"/></pattern>'
    '<pattern id="fitted" patternUnits="userSpaceOnUse" width="8" height="5" '
    'viewBox="0 0 10 10" preserveAspectRatio="xMaxYMid meet">'
    '<path d="M0 0 L10 10 L0 10 Z" fill="#909"/></pattern>'
    '<pattern id="offset" patternUnits="userSpaceOnUse" x="-3" y="2.5" width="7" height="6">'
    '<ellipse cx="3.5" cy="3" rx="3" ry="2" fill="#393" stroke="#000" stroke-width="0.5"/>'
    '</pattern></defs>'
    '<rect x="1" y="1" width="18" height="12" fill="url(#p)" stroke="#00C"/>'
    '<circle cx="30" cy="8" r="7" fill="url(#turned)"/>'
    '<rect x="41" y="1" width="18" height="14" fill="url(#box)"/>'
    '<rect x="2" y="16" width="16" height="10" fill="url(#content)"/>'
    '<ellipse cx="30" cy="21" rx="9" ry="5" fill="url(#fitted)" fill-opacity="0.6"/>'
    '<path d="M41 17 h17 v10 h-17 Z M45 19 h9 v6 h-9 Z" fill="url(#offset)" '
    'fill-rule="evenodd"/>'
    '<rect x="6" y="29" width="14" height="8" fill="url(#p)" '
    'transform="rotate(-12 13 33)" stroke="#0A0" stroke-width="2" '
    'style="paint-order:stroke"/>'
    '<polygon points="26,38 36,28 46,38" fill="url(#turned)" opacity="0.7"/>')


# More: a viewBox sliced, a skewed grid of gradient squares, the box's percentages with
# a stroke over them, a stroked dot reaching past its tile (cut), a shape scaled by its
# group, a tile showing a <use>, and a dashed, see-through shape.
MORE_CASES = (
    '<defs><linearGradient id="lg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" '
    'stop-color="#F80"/><stop offset="1" stop-color="#08F"/></linearGradient>'
    '<pattern id="slice" patternUnits="userSpaceOnUse" width="9" height="6" '
    'viewBox="0 0 10 10" preserveAspectRatio="xMinYMax slice"><circle cx="5" cy="5" r="5" '
    'fill="#C0C"/></pattern>'
    '<pattern id="skew" patternUnits="userSpaceOnUse" width="6" height="6" '
    'patternTransform="skewX(20) rotate(10)"><rect width="3" height="3" fill="url(#lg)"/>'
    '</pattern>'
    '<pattern id="pct" x="10%" y="5%" width="25%" height="50%"><rect width="3" height="3" '
    'fill="#0A0" stroke="#000" stroke-width="1"/></pattern>'
    '<pattern id="ov" patternUnits="userSpaceOnUse" width="6" height="6"><circle cx="6" '
    'cy="6" r="4" fill="#36C" stroke="#000" stroke-width="0.6"/></pattern>'
    '<pattern id="uses" patternUnits="userSpaceOnUse" width="7" height="7">'
    '<use href="#dot"/></pattern><circle id="dot" cx="-10" cy="-10" r="2" fill="#C00"/>'
    '</defs>'
    '<rect x="1" y="1" width="18" height="12" fill="url(#slice)"/>'
    '<rect x="21" y="1" width="18" height="12" fill="url(#skew)"/>'
    '<rect x="41" y="1" width="18" height="12" fill="url(#pct)" stroke="#C00" '
    'stroke-width="0.5"/>'
    '<ellipse cx="10" cy="22" rx="9" ry="6" fill="url(#ov)"/>'
    '<g transform="translate(25 16) scale(1.2)"><rect width="20" height="15" '
    'fill="url(#ov)"/></g>'
    '<g transform="translate(14 -14)"><rect x="10" y="44" width="20" height="9" '
    'fill="url(#uses)"/></g>'
    '<g opacity="0.5"><path d="M42 30 l15 2 l-7 8 z" fill="url(#slice)" stroke="#000" '
    'stroke-dasharray="2 1"/></g>')


@in_browser
@pytest.mark.parametrize("body", [BROWSER_CASES, MORE_CASES], ids=["cases", "more"])
def test_patterns_print_as_the_browser_shows_them(own_kit, tmp_path, body):
    assert_as_in_chromium(own_kit, tmp_path, body, VIEW)
