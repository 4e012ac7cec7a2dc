"""Blend modes in SVG art (mix-blend-mode; Inkscape's Layers and Objects > Blend mode)
print as a browser shows them: all sixteen, in the PDF (a transparency group painted
with /BM), the SVG and the preflight's colours, each blending with the art under it
alone. They were refused."""

from __future__ import annotations

import pytest

from generator.backends.svg import scene_svg
from generator.core.memo import Memo
from generator.draw.beneath import Beneath, hexed
from generator.draw.blend import PDF_NAMES, WHOLE_COLOUR, mix, mix_arrays, mix_colour
from generator.draw.raster import Canvas
from generator.draw.scene import Group, Part, Rect, Scene, Style, Text
from generator.draw.svgart import ArtError
from tests.backends.test_forms import close, pixels
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

YELLOW, BLUE = "#FFCC00", "#3366FF"
MULTIPLIED = (51, 82, 0)  # #FFCC00 times #3366FF, channel by channel


def _rect(x: float, w: float, colour: str) -> Rect:
    return Rect(x, 0, w, 10, Style(fill=colour))


# Yellow, and a blue group multiplied over its right two thirds, as art is placed.
ART = Group((_rect(0, 30, YELLOW), Group((_rect(10, 20, BLUE),), blend="multiply")),
            clip=(0, 0, 30, 10))


def test_the_formulas_are_the_w3c_s():
    assert mix("multiply", 0.5, 0.5) == 0.25 and mix("screen", 0.5, 0.5) == 0.75
    assert mix("overlay", 0.25, 1.0) == 0.5 and mix("hard-light", 1.0, 0.25) == 0.5
    assert mix("color-dodge", 0.25, 0.5) == 0.5 and mix("color-burn", 0.75, 0.5) == 0.5
    assert mix("difference", 0.25, 0.75) == 0.5 and mix("exclusion", 0.5, 0.5) == 0.5
    assert mix("soft-light", 0.25, 1.0) == pytest.approx(0.5)  # (16b-12)b+4)b at 0.25
    for mode in set(PDF_NAMES) - WHOLE_COLOUR:
        assert mix_arrays(mode, [0.2, 0.7], [0.9, 0.3]).tolist() == pytest.approx(
            [mix(mode, 0.2, 0.9), mix(mode, 0.7, 0.3)])


def test_the_whole_colour_modes_keep_what_the_w3c_says():
    # Red's hue and saturation at a mid grey's luminosity (0.5), brought within 0-1
    # along the line to its grey.
    red, grey = (1.0, 0.0, 0.0), (0.5, 0.5, 0.5)
    assert mix_colour("luminosity", red, grey) == pytest.approx((1.0, 2 / 7, 2 / 7))
    assert mix_colour("color", grey, red) == pytest.approx((1.0, 2 / 7, 2 / 7))
    assert mix_colour("saturation", grey, red) == pytest.approx(grey)  # no hue to keep
    assert mix_colour("hue", (0.2, 0.4, 0.8), red) == pytest.approx((0.804, 0.204, 0.204))


def test_a_group_s_and_a_shape_s_own_blend_mode_are_read_not_inherited(tmp_path):
    items = art_items(tmp_path, '<g style="mix-blend-mode:multiply"><rect width="3" '
                                'height="4"/><rect x="4" width="3" height="4"/></g>'
                                '<rect y="5" width="3" height="4" mix-blend-mode="screen"/>')
    layer, shape = items
    assert layer.blend == "multiply" and len(layer.children) == 2
    assert all(not isinstance(child, Group) for child in layer.children)
    assert shape.blend == "screen" and isinstance(shape.children[0], Rect)


@pytest.mark.parametrize(("body", "reason"), [
    ('<rect width="3" height="4" style="mix-blend-mode:plus-lighter"/>',
     "a blend mode a PDF does not draw"),
    ('<defs><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><g '
     'filter="url(#f)"><rect width="3" height="4" style="mix-blend-mode:screen"/></g>',
     "a blend mode in a blur"),
], ids=["not-in-pdf", "in-a-blur"])
def test_what_tkg_cannot_blend_alike_is_refused_with_the_way_out(tmp_path, body, reason):
    with pytest.raises(ArtError, match=reason):
        art_items(tmp_path, body)


def test_a_group_set_apart_keeps_its_blends_to_itself(tmp_path):
    # Inkscape's Isolate: the screened rectangle mixes with the group's first one alone.
    [group] = art_items(tmp_path, '<g style="isolation:isolate"><rect width="3" height="4"/>'
                                  '<rect width="2" height="2" style="mix-blend-mode:screen"/>'
                                  '</g>')
    assert group.isolate and group.children[1].blend == "screen"
    [plain] = art_items(tmp_path, '<g style="isolation:isolate"><rect width="3" height="4"/>'
                                  '</g>')  # nothing to keep apart: no group
    assert not isinstance(plain, Group)


def test_the_pdf_multiplies_and_sets_the_art_apart(own_kit, tmp_path):
    page = Scene("blend", 40, 10, 0, (_rect(0, 40, "#FF0000"), ART))
    at = pixels(own_kit, tmp_path, page)
    assert close(at(5, 5), (255, 204, 0)) and close(at(20, 5), MULTIPLIED), at(20, 5)
    data = (tmp_path / "blend.pdf").read_bytes()
    assert b"/BM /Multiply" in data and b"/I true" in data


def test_a_blend_mixes_with_the_art_under_it_alone(own_kit, tmp_path):
    # The art has nothing under its blue; the page's red under the art is no part of it.
    art = Group((Group((_rect(10, 20, BLUE),), blend="multiply"),), clip=(0, 0, 30, 10))
    at = pixels(own_kit, tmp_path, Scene("apart", 30, 10, 0, (_rect(0, 30, "#FF0000"), art)))
    assert close(at(20, 5), (0x33, 0x66, 0xFF)), at(20, 5)


def test_the_svg_writes_the_mode_and_sets_the_art_apart():
    svg = scene_svg(Scene("blend", 30, 10, 0, (ART,)), Memo())
    assert 'style="mix-blend-mode:multiply;isolation:isolate"' in svg
    assert svg.count("isolation:isolate") == 2  # the art's group and the blended one


def test_the_preflight_sees_the_blended_colour():
    scene = Scene("blend", 30, 10, 0, (ART,))
    beneath = Beneath(scene)
    [(colour, _)] = beneath.colours((15, 2, 25, 8), 99).most_common(1)
    assert hexed(colour) == "#335200"
    seen = beneath.colour_range((15, 2, 25, 8), 99)
    assert hexed(seen.low) == hexed(seen.high) == "#335200"
    canvas = Canvas(30, 10, 4)
    canvas.paint([ART])
    assert close(canvas.image.getpixel((80, 20)), MULTIPLIED), canvas.image.getpixel((80, 20))


def test_the_preflight_sees_a_colour_mixed_whole():
    # Blue's luminosity laid on yellow: yellow's hue, darker.
    art = Group((_rect(0, 30, YELLOW), Group((_rect(10, 20, BLUE),), blend="luminosity")),
                clip=(0, 0, 30, 10))
    expected = tuple(round(255 * c) for c in mix_colour(
        "luminosity", (1.0, 0.8, 0.0), (0x33 / 255, 0x66 / 255, 1.0)))
    beneath = Beneath(Scene("lum", 30, 10, 0, (art,)))
    [(colour, _)] = beneath.colours((15, 2, 25, 8), 99).most_common(1)
    assert colour == pytest.approx(expected, abs=1)
    canvas = Canvas(30, 10, 4)
    canvas.paint([art])
    assert close(canvas.image.getpixel((80, 20)), expected), canvas.image.getpixel((80, 20))


def test_text_over_a_screen_that_lightens_its_ground_is_found_unreadable(kit):
    # White text over dark grey reads well, but the grey is screened over white: what
    # prints under the text is white.
    from generator.check.preflight_contrast import contrasts

    art = Group((_rect(0, 30, "#FFFFFF"), Group((_rect(0, 30, "#202020"),), blend="screen")),
                clip=(0, 0, 30, 10))
    words = Text(5, 7, "Mossfen", "title", 4, "#FFFFFF")
    parts = (Part("art", "art", "pieces.tile.front.art", (0, 0, 30, 10), (0, 1)),
             Part("text", "name", "pieces.tile.front.name", (0, 0, 30, 10), (1, 2)))
    scene = Scene("screen", 30, 10, 0, (art, words), parts=parts)
    [finding] = contrasts(kit.fonts, scene)
    assert finding.code == "TKG505" and "#FFFFFF on #FFFFFF" in finding.message


# Every mode over a gradient and a band of blue, in a group, in a see-through group,
# clipped and set apart, a blend inside a blend, and a shape's own: Chromium's view
# beside the print.
MODES = [mode for mode in PDF_NAMES if mode != "normal"]
BACKGROUND = ('<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop '
              'offset="0.5" stop-color="#E0A020"/><stop offset="1" stop-color="#fff"/>'
              '</linearGradient><clipPath id="k"><rect x="40" y="30" width="16" height="8"/>'
              '</clipPath></defs><rect width="60" height="28" fill="url(#g)"/>'
              '<rect y="28" width="60" height="12" fill="#3366CC"/>')
BROWSER_ART = BACKGROUND + "".join(
    f'<g style="mix-blend-mode:{mode}"><rect x="{2 + 3.8 * i:g}" y="2" width="3" height="24" '
    f'fill="#20A060"/><rect x="{2 + 3.8 * i:g}" y="14" width="3" height="6" fill="#C04080" '
    f'opacity="0.7"/></g>' for i, mode in enumerate(MODES)) + (
    '<g style="mix-blend-mode:multiply"><rect x="2" y="30" width="16" height="8" '
    'fill="#20A0E0"/><g style="mix-blend-mode:screen"><rect x="8" y="32" width="16" '
    'height="8" fill="#C04080"/></g></g>'
    '<g opacity="0.8"><rect x="26" y="30" width="6" height="8" fill="#FFFFFF"/>'
    '<rect x="28" y="32" width="8" height="6" fill="#C04080" style="mix-blend-mode:multiply"/>'
    '</g><g clip-path="url(#k)"><rect x="36" y="29" width="16" height="10" fill="#C04080" '
    'style="mix-blend-mode:difference"/></g>'
    '<g style="isolation:isolate"><rect x="20" y="34" width="5" height="5" fill="#FFFFFF"/>'
    '<rect x="22" y="36" width="6" height="4" fill="#2080C0" style="mix-blend-mode:multiply"/>'
    '</g>')


@in_browser
def test_blend_modes_print_as_the_browser_shows_them(own_kit, tmp_path):
    assert_as_in_chromium(own_kit, tmp_path, BROWSER_ART, "0 0 60 40")
