"""A stroke reaches past half its width at a mitred corner's point and a square end's
corners on a slanted line: the bounds hold them, and a see-through group's PDF form,
sized by them, prints the point whole."""

from __future__ import annotations

import math

import pytest

from generator.draw.geometry import bounds, rough_bounds
from generator.draw.scene import Group, Path, Rect, Scene, Style
from tests.backends.test_forms import close, pixels

BLACK = "#000000"
# A corner of 33.4 degrees at (10, 0): its miter is 1 / sin(16.7°) = 3.48 half-widths.
SHARP = (("M", 0, -3), ("L", 10, 0), ("L", 0, 3))
TIP = 10 + 1 / math.sin(math.atan2(3, 10))


def _stroked(commands, **style) -> Path:
    return Path(commands, Style(stroke=BLACK, stroke_width=2, **style))


@pytest.mark.parametrize("measure", [bounds, lambda items: rough_bounds(items[0])])
def test_a_sharp_mitred_corner_reaches_its_point(measure):
    assert measure([_stroked(SHARP)]) == pytest.approx((-1, -4, TIP, 4))


@pytest.mark.parametrize("style", [{"miter": 3.0}, {"join": "round"}, {"join": "bevel"}])
def test_a_corner_bevelled_past_the_limit_or_not_mitred_reaches_half_the_width(style):
    assert bounds([_stroked(SHARP, **style)]) == pytest.approx((-1, -4, 11, 4))


def test_a_closed_outline_has_its_corner_where_it_starts_and_ends():
    triangle = (("M", 10, 0), ("L", 0, 3), ("L", 0, -3), ("Z",))
    assert bounds([_stroked(triangle)])[2] == pytest.approx(TIP)


def test_a_corner_is_found_through_its_group_s_scale_and_move():
    group = Group((_stroked(SHARP),), translate=(5, 5), scale=0.5)
    assert bounds([group])[2] == pytest.approx(5 + TIP / 2)


def test_a_square_end_of_a_slanted_line_reaches_its_corners():
    line = (("M", 0, 0), ("L", 10, 10))
    reach = 10 + math.sqrt(2)  # the end's corner: half along the line, half across it
    assert bounds([_stroked(line, cap="square")]) == pytest.approx(
        (-math.sqrt(2), -math.sqrt(2), reach, reach))
    assert bounds([_stroked(line)]) == pytest.approx((-1, -1, 11, 11))  # flat ends


def test_a_curve_s_smooth_bends_are_no_corners():
    # A half circle of cubics: flattened into steps, but mitred only where it has corners
    # (none: the two curves meet going the same way).
    k = 0.5523 * 5
    arc = (("M", 0, 5), ("C", 0, 5 - k, 5 - k, 0, 5, 0), ("C", 5 + k, 0, 10, 5 - k, 10, 5))
    box = bounds([_stroked(arc)])
    assert box[1] == pytest.approx(-1, abs=0.01) and box[0] == pytest.approx(-1)


def test_the_pdf_prints_the_point_of_a_see_through_group_s_corner(own_kit, tmp_path):
    # The group's form was sized by half the stroke's width (and a little more): the
    # point, 1.5 mm past that, was cut off in the PDF.
    spike = _stroked((("M", 40, 17), ("L", 50, 20), ("L", 40, 23)))
    layer = Group((spike, Rect(41, 18, 3, 4, Style(fill="#CC0000"))), opacity=0.6)
    at = pixels(own_kit, tmp_path, Scene("spike", 60, 40, 0, (layer,)))
    assert close(at(52.6, 20), (102, 102, 102), 40), at(52.6, 20)
    assert close(at(55, 20), (255, 255, 255)), at(55, 20)  # past the point: nothing
