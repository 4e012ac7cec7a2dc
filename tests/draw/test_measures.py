"""What the preflight measures with: the parts a scene records, outlines and bounds, the
ink of text, the coarse painting, and colours as other eyes see them."""

from __future__ import annotations

from itertools import pairwise

import pytest

from generator.draw.colour import best_ink
from generator.draw.geometry import Place, bounds, subpaths
from generator.draw.ink import ink_bounds
from generator.draw.piece import oink_face, tile_back, tile_face, token_face
from generator.draw.raster import Canvas
from generator.draw.scene import Ellipse, Gradient, Group, Path, Rect, Style, Text
from generator.draw.vision import DEUTERANOPIA, GREYSCALE, ciede2000, delta_e, seen, to_hex
from tests.conftest import load_layout


@pytest.fixture(scope="module")
def layout():
    return load_layout("default")


def scenes(kit, layout):
    game = kit.game
    return [tile_face(kit, layout, game.tiles[0]), tile_face(kit, layout, game.tiles[-1]),
            tile_back(kit, layout), token_face(kit, layout, "air"),
            oink_face(kit, layout, game.oinks[0])]


def test_every_item_of_a_piece_belongs_to_exactly_one_part_in_order(kit, layout):
    for scene in scenes(kit, layout):
        spans = [p.span for p in scene.parts]
        assert spans[0][0] == 0 and spans[-1][1] == len(scene.items), scene.name
        assert all(a[1] == b[0] for a, b in pairwise(spans)), scene.name


def test_parts_say_what_they_are_and_which_layout_entry_placed_them(kit, layout):
    tile = tile_face(kit, layout, kit.game.tiles[-1])  # a nexus: four insignias
    found = {(p.kind, p.name, p.source) for p in tile.parts}
    badge = "pieces.tile.front.insignias.repeat.draw.insignia.symbol"
    assert {("text", "number", "pieces.tile.front.number.text"),
            ("plate", "number plate", "pieces.tile.front.number.text"),
            ("art", "art", "pieces.tile.front.art.image"),
            ("badge", "insignia", badge)} <= found
    # A badge's place is its repeat's `at:`, the third of four.
    [third] = [p for p in tile.parts if p.kind == "badge"][2:3]
    assert third.placed == "pieces.tile.front.insignias.repeat.at.4.3"
    assert [p.content for p in tile.parts if p.kind == "text"] == [True, True, True]
    assert layout.where(badge).line > 0 and layout.where(third.placed).line > 0


def test_a_stroked_path_is_bounded_with_half_its_stroke_through_its_group():
    path = Path((("M", 0, 0), ("L", 10, 0), ("L", 10, 4)), Style(stroke="#000000",
                                                                 stroke_width=2))
    group = Group((path,), translate=(5, 5), scale=0.5)
    assert bounds([group]) == pytest.approx((4.5, 4.5, 10.5, 7.5))


def test_a_clip_cuts_the_bounds_and_a_curve_is_flattened_through_its_extreme():
    curve = Path((("M", 0, 0), ("C", 0, 10, 10, 10, 10, 0)), Style(fill="#000000"))
    [(points, closed)] = subpaths(curve)
    assert not closed and max(y for _, y in points) == pytest.approx(7.5)
    clipped = Group((curve,), clip=(0, 0, 4, 4))
    assert bounds([clipped]) == pytest.approx((0, 0, 4, 4))
    assert Place().inside(clipped).clip == (0, 0, 4, 4)


def test_digits_ink_down_to_their_baseline_and_end_where_end_anchored(kit):
    digits = Text(50.0, 20.0, "148", "bold", 2.0, "#FFFFFF", "end")
    _, top, right, bottom = ink_bounds(digits, kit.fonts)
    assert bottom == pytest.approx(20.0, abs=0.02) and top < 20.0 - 1.2
    assert right <= 50.0 and right == pytest.approx(50.0, abs=0.3)
    slash = ink_bounds(Text(50.0, 20.0, "1/48", "bold", 2.0, "#FFFFFF", "end"), kit.fonts)
    assert slash[3] > 20.05  # the slash reaches below the baseline: ink, not the line box
    assert ink_bounds(Text(0, 0, "   ", "bold", 2.0, "#FFFFFF"), kit.fonts) is None


def test_a_half_opaque_black_plate_over_white_averages_mid_grey():
    canvas = Canvas(10, 10)
    canvas.paint([Rect(0, 0, 10, 10, Style(fill="#000000", opacity=0.5))])
    assert canvas.mean((2, 2, 4, 4)) in ("#7F7F7F", "#808080")


def test_a_vertical_gradient_is_dark_at_its_top_and_light_at_its_bottom():
    sky = Gradient(0, 0, 0, 1, ((0.0, "#000000", 1.0), (1.0, "#FFFFFF", 1.0)))
    canvas = Canvas(20, 20)
    canvas.paint([Rect(0, 0, 20, 20, Style(fill=sky))])
    top, bottom = canvas.mean((0, 0, 20, 2)), canvas.mean((0, 18, 20, 2))
    assert int(top[1:3], 16) < 30 and int(bottom[1:3], 16) > 225


def test_coverage_follows_the_shape_not_its_box():
    canvas = Canvas(20, 20)
    disc = canvas.coverage([Ellipse(10, 10, 10, 10, Style(fill="#000000"))])
    assert disc.getpixel((20, 20)) == 255 and disc.getpixel((1, 1)) == 0


@pytest.mark.parametrize(("lab1", "lab2", "expected"), [  # Sharma, Wu and Dalal's test data
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 2.5, 0), (50, 0, -2.5), 4.3065),
    ((50, -1, 2), (50, 0, 0), 2.3669),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_delta_e_2000_matches_the_published_test_pairs(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_keep_white_and_greyscale_is_the_luminance():
    assert seen("#FFFFFF", DEUTERANOPIA) == "#FFFFFF"
    assert seen("#00FF00", GREYSCALE) == to_hex((0.7152,) * 3)  # green's luminance, as grey
    assert delta_e(seen("#D55E00", GREYSCALE), seen("#009E73", GREYSCALE)) < 5


def test_the_ink_that_reads_best_is_chosen():
    assert best_ink("#56B4E9", "#FFFFFF", "#15141C") == "#15141C"
    assert best_ink("#0072B2", "#FFFFFF", "#15141C") == "#FFFFFF"
