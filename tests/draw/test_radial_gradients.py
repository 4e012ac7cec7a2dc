"""Radial gradients in SVG art (a sun's glow, a lit pool) are drawn, not refused: read
from the file (centre, radius, stops, in the shape's bounding box), drawn by both
backends, painted by the preflight's raster and judged by its point colours. A focus
off the centre is still refused, by name."""

from __future__ import annotations

import pytest

from generator.backends.svg import scene_svg
from generator.core.memo import Memo
from generator.draw.geometry import Place
from generator.draw.kit import Kit
from generator.draw.pointpaint import painted
from generator.draw.raster import Canvas
from generator.draw.scene import Gradient, Rect, Scene, Style
from generator.draw.svgart import ArtError, read_art
from tests.backends.test_forms import pixels

WHITE_TO_BLACK = ((0.0, "#FFFFFF", 1.0), (1.0, "#000000", 1.0))
GLOW = Gradient(0.5, 0.5, 0.5, 0.5, WHITE_TO_BLACK, 0.5)  # white at the middle
BOX = Rect(0, 0, 40, 20, Style(fill=GLOW))  # not square: its circles are ellipses


@pytest.fixture
def kit(shipped_game, empty_memo):
    return Kit(shipped_game, empty_memo)


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


@pytest.mark.parametrize(("attributes", "reason"), [
    ('fx="0.2"', "focus is off its centre"), ('fr="0.1"', "focus is off its centre"),
    ('r="0"', "no radius"), ('gradientUnits="userSpaceOnUse"', "user space"),
])
def test_a_radial_gradient_drawn_otherwise_is_refused_by_name(tmp_path, attributes, reason):
    with pytest.raises(ArtError, match=reason):
        _art(tmp_path, f'<radialGradient id="g" {attributes}>{STOPS}</radialGradient>')


def test_the_pdf_draws_it_from_the_middle_out_stretched_to_the_box(kit, tmp_path):
    at = pixels(kit, tmp_path, Scene("glow", 40, 20, 0, (BOX,)))
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
