"""Strokes in SVG art print as a browser shows the art file itself: dashes (along lines,
round a rectangle, a rounded one and a circle, from where SVG starts each, through a
transform), sharp corners bevelled past the miter limit, a stroke painted before its
fill, and a fill and a stroke each at its own opacity. Chromium draws the file;
the PDF tkg makes of it is rasterised by PDFium; the two must agree but for the
anti-aliasing of edges."""

from __future__ import annotations

import pytest

from tests.draw.in_chromium import assert_as_in_chromium
from tests.live.livekit import HAVE_BROWSER, WHY_NO_BROWSER

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not HAVE_BROWSER, reason=WHY_NO_BROWSER)]

VIEW = "0 0 60 40"
ART = (
    # A line with its dashes starting part-way into the pattern.
    '<path d="M3 4H57" stroke="#000" stroke-width="1.2" stroke-dasharray="5 2 1 2" '
    'stroke-dashoffset="3"/>'
    # A rectangle, a rounded one and a circle: each dashed from where SVG starts it.
    '<rect x="4" y="9" width="14" height="10" fill="none" stroke="#C03020" '
    'stroke-width="1" stroke-dasharray="3 1.5"/>'
    '<rect x="22" y="9" width="14" height="10" rx="3" fill="none" stroke="#2050C0" '
    'stroke-width="1" stroke-dasharray="3 1.5"/>'
    '<circle cx="48" cy="14" r="6" fill="none" stroke="#208040" stroke-width="1" '
    'stroke-dasharray="2.5 1.5"/>'
    # Dashes through a transform that doubles them, with Inkscape's style attribute.
    '<g transform="translate(2 24) scale(2)"><path d="M1 2H12" stroke="#000" '
    'style="stroke-width:0.6;stroke-dasharray:2,1"/></g>'
    # Sharp corners: bevelled at SVG's default limit, mitred where the file allows it.
    '<path d="M34 38L37 24L40 38" fill="none" stroke="#000" stroke-width="1"/>'
    '<path d="M46 38L49 24L52 38" fill="none" stroke="#000" stroke-width="1" '
    'stroke-miterlimit="10"/>'
    # A thick stroke painted first: the fill covers its inner half.
    '<rect x="5" y="31" width="14" height="6" fill="#E0A020" stroke="#000" '
    'stroke-width="2" style="paint-order:stroke"/>'
    # A group's fill-opacity, which a stroke does not take, and a fill and a stroke at
    # opacities of their own.
    '<g fill-opacity="0.3"><path d="M23 32H31" fill="none" stroke="#000" '
    'stroke-width="1.5"/><rect x="23" y="34.5" width="8" height="3.5" fill="#2050C0" '
    'stroke="#C03020" stroke-width="1" stroke-opacity="0.6"/></g>'
)


def test_strokes_print_as_the_browser_shows_the_art(own_kit, tmp_path):
    # Where the rectangle's outline closes (its top left corner, where SVG starts it), a
    # dash ending there meets the first dash: Chromium joins the two with the corner's
    # miter, and so does the print (a PDF joins only a solid outline's ends, so tkg
    # writes such an outline as its dashes: `generator.backends.pdf.dashstart`).
    assert_as_in_chromium(own_kit, tmp_path, ART, VIEW)
