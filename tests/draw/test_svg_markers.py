"""Markers on SVG art's lines (Inkscape's Fill and Stroke > Stroke style > Markers:
arrowheads, dots) print as a browser shows them: a copy of the marker at the line's
start, corners and end, turned to the line, scaled by its stroke, cut to the marker's
box unless it shows past it, in the line's colour where Inkscape's markers take it
(context-stroke). They were refused (TKG304)."""

from __future__ import annotations

import pytest

from generator.draw.geometry import bounds, leaves
from generator.draw.scene import Path
from generator.draw.svgart import ArtError
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

VIEW = "0 0 60 40"
# A square dot 2 x 2 centred on its vertex, drawn in the marker's own colour.
DOT = ('<marker id="dot" markerUnits="userSpaceOnUse" markerWidth="2" markerHeight="2" '
       'refX="1" refY="1"><rect width="2" height="2" fill="#06C"/></marker>')
# Inkscape's arrowhead: shown past its box, turned at the start, in the line's colour.
ARROW = ('<marker id="arrow" style="overflow:visible" refX="0" refY="0" '
         'orient="auto-start-reverse"><path d="M -3 -2 L 1 0 L -3 2 Z" '
         'style="fill:context-stroke;stroke:none"/></marker>')


def _items(tmp_path, body: str) -> tuple:
    return art_items(tmp_path, body, VIEW)


def _dots(items) -> list[tuple[float, float]]:
    """The centres of the blue dots drawn."""
    return sorted((round((b[0] + b[2]) / 2, 6), round((b[1] + b[3]) / 2, 6))
                  for item, _ in leaves(items) if getattr(item, "style", None)
                  and item.style.fill == "#0066CC" for b in [bounds((item,))])


def test_a_marker_is_drawn_at_the_start_each_corner_and_the_end(tmp_path):
    items = _items(tmp_path, f'<defs>{DOT}</defs><polyline points="5,5 15,5 15,15 25,15" '
                             'fill="none" stroke="#000" marker-start="url(#dot)" '
                             'marker-mid="url(#dot)" marker-end="url(#dot)"/>')
    assert _dots(items) == [(5, 5), (15, 5), (15, 15), (25, 15)]
    # Only where each is set: the ends alone.
    items = _items(tmp_path, f'<defs>{DOT}</defs><path d="M5 5 H15 V15" fill="none" '
                             'stroke="#000" style="marker-start:url(#dot);'
                             'marker-end:url(#dot)"/>')
    assert _dots(items) == [(5, 5), (15, 15)]


def test_an_arrowhead_turns_with_the_line_and_takes_its_colour(tmp_path):
    items = _items(tmp_path, f'<defs>{ARROW}</defs><path d="M10 10 L10 20" fill="none" '
                             'stroke="#C00" stroke-width="2" marker-start="url(#arrow)" '
                             'marker-end="url(#arrow)"/>')
    heads = [item for item, _ in leaves(items)
             if isinstance(item, Path) and item.style.fill == "#CC0000"]
    assert len(heads) == 2
    # Scaled by the stroke's width (2) and turned to point down the line at its end
    # (the tip 1 x 2 past the vertex) and, reversed, up the line at its start.
    tips = sorted(bounds((head,))[1::2] for head in heads)
    assert tips[0] == pytest.approx((8, 16))  # the start's: its tip at 10 - 2, up
    assert tips[1] == pytest.approx((14, 22))  # the end's: its tip at 20 + 2, down


def test_a_marker_is_cut_to_its_box_unless_its_overflow_shows(tmp_path):
    big = ('<marker id="big" markerUnits="userSpaceOnUse" markerWidth="2" markerHeight="2" '
           'refX="1" refY="1"{}><circle cx="1" cy="1" r="3" fill="#06C"/></marker>')
    for overflow, width in (("", 2), (' style="overflow:visible"', 6)):
        items = _items(tmp_path, f'<defs>{big.format(overflow)}</defs><path d="M10 10 h10" '
                                 'stroke="#000" marker-end="url(#big)"/>')
        line, *marker = items
        assert isinstance(line, Path) and line.style.stroke == "#000000"
        box = bounds(tuple(marker))
        assert box[2] - box[0] == pytest.approx(width, abs=1e-6)


def test_a_group_s_markers_reach_its_lines_and_its_opacity_lies_on_them(tmp_path):
    items = _items(tmp_path, f'<defs>{DOT}</defs><g marker-end="url(#dot)" opacity="0.5">'
                             '<line x1="2" y1="2" x2="8" y2="2" stroke="#000"/>'
                             '<rect x="20" y="20" width="4" height="4"/></g>')
    assert _dots(items) == [(8, 2)]  # (a rectangle takes no markers)
    [group] = items
    assert group.opacity == 0.5


@pytest.mark.parametrize(("body", "reason"), [
    (f'<defs>{DOT}</defs><path d="M0 0 h5 M0 5 h5" stroke="#000" marker-end="url(#dot)"/>',
     "a path of several parts; break it apart"),
    (f'<defs>{DOT}</defs><path d="M0 0 h5" stroke="#000" marker-end="url(#nothing)"/>',
     "which the file does not define"),
    (f'<defs>{DOT}</defs><path d="M0 0 h5" stroke="#000" marker-end="url(#dot)" '
     'style="paint-order:stroke markers fill"/>', "between its fill and its stroke"),
    ('<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient>'
     f'{ARROW}</defs><path d="M0 0 h5" stroke="url(#g)" marker-end="url(#arrow)"/>',
     "a marker painted in its line's url"),
], ids=["several-parts", "undefined", "between", "context-gradient"])
def test_markers_tkg_cannot_draw_alike_are_refused_with_the_way_out(tmp_path, body, reason):
    with pytest.raises(ArtError, match=reason):
        _items(tmp_path, body)


# Beside Chromium: an arrow at a line's end; Inkscape's arrowhead at both ends of a
# curve; dots of a viewBox at every vertex of a polyline; a polygon's own markers set
# by CSS's shorthand (and the `marker` attribute, which a browser reads as nothing); a
# fixed angle in the drawing's units on a group's line; markers on a turned, scaled,
# see-through group's path; a closed path's markers; Inkscape's wide arrow; a marker
# cut to its box; an arc's ends only; one stretched by its viewBox at a corner whose
# segment has no length; a <use> of a marked path.
CASES = (
    '<defs><marker id="a" orient="auto" markerWidth="4" markerHeight="4" refY="2">'
    '<path d="M0 0 L4 2 L0 4 Z" fill="#C00"/></marker>'
    f'{ARROW}'
    '<marker id="v" viewBox="0 0 10 10" markerWidth="3" markerHeight="3" refX="5" refY="5">'
    '<circle cx="5" cy="5" r="4" fill="#06C" stroke="#000"/></marker>'
    '<marker id="f" orient="30" markerUnits="userSpaceOnUse" markerWidth="6" markerHeight="6" '
    'refX="3" refY="3"><rect width="6" height="6" fill="#393"/></marker></defs>'
    '<path d="M3 5 L18 5" stroke="#000" marker-end="url(#a)"/>'
    '<path d="M3 12 C8 4 14 20 20 12" fill="none" stroke="#036" stroke-width="0.8" '
    'style="marker-start:url(#arrow);marker-end:url(#arrow)"/>'
    '<polyline points="25,3 32,10 38,4 45,12" fill="none" stroke="#333" stroke-width="0.6" '
    'marker-start="url(#v)" marker-mid="url(#v)" marker-end="url(#v)"/>'
    '<polygon points="48,3 58,5 54,14" fill="#FE8" stroke="#A50" stroke-width="0.5" '
    'style="marker:url(#v)"/>'
    '<polygon points="48,18 58,20 54,24" fill="#FE8" marker="url(#v)"/>'
    '<g marker-end="url(#f)" stroke="#000"><line x1="5" y1="25" x2="15" y2="32"/></g>'
    '<g transform="translate(30 18) scale(1.5)" opacity="0.6"><path d="M0 8 L10 2 L16 10" '
    'fill="none" stroke="#909" stroke-width="1.2" marker-mid="url(#a)" '
    'marker-end="url(#arrow)"/></g>'
    '<path d="M45 28 h10 v8 h-10 z" fill="none" stroke="#C60" stroke-width="0.7" '
    'marker-start="url(#arrow)" marker-mid="url(#v)" marker-end="url(#a)"/>')
MORE = (
    '<defs><marker style="overflow:visible" id="wide" orient="auto-start-reverse" '
    'markerWidth="1" markerHeight="1" viewBox="0 0 1 1" preserveAspectRatio="xMidYMid">'
    '<path style="fill:none;stroke:context-stroke;stroke-width:1" d="M 3,-3 0,0 3,3" '
    'transform="rotate(180,0.125,0)"/></marker>'
    '<marker id="cut" markerWidth="2" markerHeight="2" refX="1" refY="1"><circle cx="1" '
    'cy="1" r="1.6" fill="#C0C"/></marker>'
    '<marker id="stretch" viewBox="0 0 10 4" preserveAspectRatio="none" markerWidth="3" '
    'markerHeight="3" refX="5" refY="2" orient="auto"><rect width="10" height="4" '
    'fill="#0A6"/></marker>'
    '<path id="reused" d="M0 0 l8 4" stroke="#000" stroke-width="0.8" '
    'marker-end="url(#cut)"/></defs>'
    '<path d="M4 6 L20 6" fill="none" stroke="#036" stroke-width="0.6" '
    'marker-start="url(#wide)" marker-end="url(#wide)"/>'
    '<path d="M25 10 A6 4 0 0 1 37 10" fill="none" stroke="#333" stroke-width="0.5" '
    'marker-start="url(#cut)" marker-mid="url(#cut)" marker-end="url(#stretch)"/>'
    '<path d="M42 4 L50 4 L50 4 L56 10" fill="none" stroke="#900" stroke-width="0.7" '
    'marker-mid="url(#stretch)"/>'
    '<use href="#reused" x="6" y="20"/>'
    '<use href="#reused" x="20" y="20" transform="rotate(15 24 22)"/>'
    '<path d="M40 20 q5 -8 10 0 t10 0" fill="none" stroke="#F80" stroke-width="0.9" '
    'style="marker-mid:url(#cut);marker-end:url(#wide)"/>')


@in_browser
@pytest.mark.parametrize("body", [CASES, MORE], ids=["cases", "more"])
def test_markers_print_as_the_browser_shows_them(own_kit, tmp_path, body):
    assert_as_in_chromium(own_kit, tmp_path, body, VIEW)
