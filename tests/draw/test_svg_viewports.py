"""Symbols (Inkscape's Symbols dialog: a <use> of a <symbol>) and <svg> inside the file
draw their content in a box of their own, their viewBox fitted to it and cut to it, as
a browser shows them; svgelements neither fitted a symbol's viewBox nor cut either."""

from __future__ import annotations

import pytest

from generator.draw.geometry import bounds
from generator.draw.scene import Group
from generator.draw.svgart import ArtError
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

USE = '<use href="#s" x="10" y="5" width="40" height="20"/>'


def _symbol(extra: str = "", key: str = "s") -> str:
    """A disc 10 across with a bar sticking out of its sides, in a 10 x 10 viewBox, in
    <defs>; `extra` its further attributes."""
    return (f'<defs><symbol id="{key}" viewBox="0 0 10 10" {extra}><circle cx="5" cy="5" '
            f'r="5" fill="#C00"/><rect x="-2" y="4" width="14" height="2" fill="#00C"/>'
            f'</symbol></defs>')


def _items(tmp_path, body: str, view_box: str = "0 0 60 40") -> tuple:
    return art_items(tmp_path, body, view_box)


def test_a_symbol_is_fitted_into_its_use_s_box_and_cut_to_it(tmp_path):
    # 40 x 20 holds the 10 x 10 symbol at twice its size, in the middle (xMidYMid meet):
    # the disc from x 20 to 40, the bar 28 long from 16 to 44, inside the box's sides.
    [use] = _items(tmp_path, _symbol() + USE)
    assert bounds([use]) == pytest.approx((16, 5, 44, 25))
    assert any(g.clip_path for g in _groups(use))  # cut to the box, 10 to 50 by 5 to 25
    [narrow] = _items(tmp_path, _symbol() + USE.replace('width="40"', 'width="24"'))
    assert bounds([narrow]) == pytest.approx((10, 5, 34, 25))  # the bar cut at the sides


def test_a_symbol_whose_overflow_shows_is_not_cut(tmp_path):
    items = _items(tmp_path, _symbol('overflow="visible"') +
                   USE.replace('width="40"', 'width="24"'))
    assert bounds(items) == pytest.approx((8, 5, 36, 25))
    assert not any(g.clip_path for item in items for g in _groups(item))


@pytest.mark.parametrize(("ratio", "expected"), [
    ('preserveAspectRatio="none" overflow="visible"', (2, 5, 58, 25)),  # 4 across, 2 down
    ('preserveAspectRatio="xMinYMin slice"', (10, 5, 50, 25)),  # 4 times, cut to the box
    ('preserveAspectRatio="xMaxYMid meet" overflow="visible"', (26, 5, 54, 25)),  # right
])
def test_a_symbol_s_aspect_ratio_is_read(tmp_path, ratio, expected):
    assert bounds(_items(tmp_path, _symbol(ratio) + USE)) == pytest.approx(expected)


def test_a_use_s_clip_moves_with_its_x_and_y(tmp_path):
    # SVG moves a <use> by its x and y after its transform, and its clipping path with
    # it: the clip's right side, at 25 in the use's units, cuts the symbol at 30.
    clip = '<defs><clipPath id="k"><rect width="25" height="40"/></clipPath></defs>'
    items = _items(tmp_path, clip + _symbol() + '<use href="#s" x="5" y="5" width="30" '
                                                'height="30" clip-path="url(#k)"/>')
    assert bounds(items)[2] == pytest.approx(30)


def test_an_svg_inside_is_fitted_and_cut_as_a_symbol_is(tmp_path):
    [inner] = _items(tmp_path, '<svg x="10" y="5" width="40" height="30" viewBox="0 0 10 10">'
                               '<circle cx="5" cy="5" r="6" fill="#C00"/></svg>')
    # Three times (30 / 10), in the middle across: the disc 36 across from x 12, cut to
    # the box's height (5 to 35).
    assert bounds([inner]) == pytest.approx((12, 5, 48, 35))


def test_a_file_without_them_is_read_as_before(tmp_path):
    body = '<g transform="translate(5 5)"><rect width="10" height="10" fill="#C00"/></g>'
    assert bounds(_items(tmp_path, body)) == pytest.approx((5, 5, 15, 15))


@pytest.mark.parametrize(("body", "reason"), [
    (_symbol('preserveAspectRatio="middle"') + USE, "preserveAspectRatio 'middle'"),
    (_symbol() + USE.replace('width="40"', 'width="2in"'), "the width '2in'"),
    ('<svg viewBox="0 0 0 10" width="5" height="5"/>', "has no area"),
], ids=["ratio", "units", "viewbox"])
def test_a_box_tkg_cannot_fit_is_refused(tmp_path, body, reason):
    with pytest.raises(ArtError, match=reason):
        _items(tmp_path, body)


def _groups(item):
    """The item's groups, itself first, and all inside them."""
    if isinstance(item, Group):
        yield item
        for child in item.children:
            yield from _groups(child)


# Chromium's view of every case above beside PDFium's of tkg's print: alike.
ART = (
    _symbol() + _symbol('preserveAspectRatio="xMinYMax slice"', "t") +
    '<defs><symbol id="u" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol></defs>'
    '<use href="#s" x="2" y="2" width="26" height="12"/>'
    '<use href="#t" x="32" y="2" width="26" height="12"/>'
    '<use href="#u" width="6" height="6" transform="translate(8 18) rotate(30) scale(2)" '
    'fill="#0A0" opacity="0.6"/>'
    '<use href="#s" x="24" y="18" width="8" height="8"/>'
    '<svg x="36" y="18" width="22" height="20" viewBox="0 0 10 10" '
    'preserveAspectRatio="xMaxYMid meet"><circle cx="5" cy="5" r="6" fill="#C0C"/></svg>'
    '<svg x="2" y="30" width="20" height="8"><circle cx="10" cy="4" r="6" fill="#08C"/></svg>'
)


@in_browser
def test_symbols_and_svgs_inside_print_as_the_browser_shows_them(own_kit, tmp_path):
    assert_as_in_chromium(own_kit, tmp_path, ART, "0 0 60 40")
