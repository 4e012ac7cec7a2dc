"""Tile art as Inkscape saves it builds, and prints as it shows in Inkscape: its
gradients are in the drawing's units, through a transform, their stops borrowed from
another gradient, the glow's edge fading (TKG304 refused it: "a gradient in user space
units"). The print-shop page and the SVG agree on the glow."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from generator.build.pipeline import build
from tests.conftest import ONE_LANGUAGE, tkg_build
from tests.pdfprobe import rasterise

TILE = "ember-hollow"  # the first tile
# A night sky, and a glow in it whose edge fades to nothing, as Inkscape 1.3 saves them.
INKSCAPE_ART = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1" id="svg1"
   inkscape:version="1.3.2 (091e20e, 2023-11-25)" sodipodi:docname="glow.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:document-units="mm"/>
  <defs id="defs1">
    <linearGradient id="glowStops" inkscape:collect="always">
      <stop style="stop-color:#ffffff;stop-opacity:1;" offset="0" id="stop2"/>
      <stop style="stop-color:#ffffff;stop-opacity:0;" offset="1" id="stop3"/>
    </linearGradient>
    <linearGradient id="skyStops" inkscape:collect="always">
      <stop style="stop-color:#000033;stop-opacity:1;" offset="0" id="stop4"/>
      <stop style="stop-color:#000033;stop-opacity:1;" offset="1" id="stop5"/>
    </linearGradient>
    <radialGradient inkscape:collect="always" xlink:href="#glowStops" id="glow"
       cx="50" cy="40" fx="50" fy="40" r="30" gradientUnits="userSpaceOnUse"
       gradientTransform="matrix(1,0,0,0.8,0,8)"/>
    <linearGradient inkscape:collect="always" xlink:href="#skyStops" id="sky"
       x1="50" y1="0" x2="50" y2="100" gradientUnits="userSpaceOnUse"/>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect style="fill:url(#sky);stroke:none" id="rect1" width="110" height="110" x="-5" y="-5"/>
    <ellipse style="fill:url(#glow);stroke:none" id="path1" cx="50" cy="40" rx="30" ry="24"/>
  </g>
</svg>
"""


def _printed(project, art: str):
    """Build the tiles with `art` as the first tile's art: the output folder, and the
    colour at (x, y) of the art (units of its 100 x 100 viewBox) on its print-shop page,
    where the art covers the 63.5 mm tile and its 3 mm bleed: 100 units over 69.5 mm."""
    (project / "content" / "art" / f"{TILE}.svg").write_text(art)
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["tiles"],
          languages=ONE_LANGUAGE)
    page = rasterise(out / "print-shop" / "tiles.pdf", 0, 254)  # ten pixels a millimetre

    def at(x: float, y: float) -> tuple[int, int, int]:
        return page.getpixel((round(x * 6.95), round(y * 6.95)))
    return out, at


def _tile_svg(out) -> str:
    """The first tile's SVG, as the build wrote it."""
    return (out / "svg" / "tiles" / f"{TILE}.svg").read_text()


def _shows(at, expected: dict, tolerance: int) -> None:
    """Each point of the art shows its expected colour, within `tolerance` a channel."""
    for (x, y), colour in expected.items():
        found = at(x, y)
        assert all(abs(a - b) <= tolerance for a, b in zip(found, colour, strict=True)), \
            ((x, y), found, colour)


@pytest.mark.slow
def test_inkscape_art_builds_and_prints_its_fading_glow(project):
    out, art = _printed(project, INKSCAPE_ART)
    svg = _tile_svg(out)
    assert 'gradientUnits="userSpaceOnUse"' in svg and "<radialGradient" in svg
    middle, sky, edge = art(50, 40), art(95, 95), art(50 + 28, 40)
    assert min(middle) > 235, middle  # the glow's white heart (the name's plate is above)
    assert max(sky[:2]) < 12 and sky[2] < 70, sky  # the night sky
    assert max(edge[:2]) < 40, edge  # near its edge the glow has faded into the sky


# Two hills in a layer Inkscape's Objects panel set to 50 % over a night sky: where the
# hills overlap, the yellow one shows through, as Inkscape shows it.
LAYERED_ART = """<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns="http://www.w3.org/2000/svg">
  <g inkscape:label="Sky" inkscape:groupmode="layer" id="layer1">
    <rect style="fill:#1a2a4a" width="110" height="110" x="-5" y="-5"/>
  </g>
  <g inkscape:label="Hills" inkscape:groupmode="layer" id="layer2" style="opacity:0.5">
    <circle style="fill:#ff6600" cx="35" cy="30" r="30"/>
    <circle style="fill:#ffee00" cx="65" cy="30" r="30"/>
  </g>
</svg>
"""


@pytest.mark.slow
def test_a_see_through_layer_prints_as_inkscape_shows_it(project):
    out, art = _printed(project, LAYERED_ART)
    assert '<g opacity="0.5">' in _tile_svg(out)
    # Each hill at half over the sky (26, 42, 74); laid one by one, the overlap would be
    # yellow over orange over the sky, (198, 155, 18).
    _shows(art, {(15, 40): (140, 72, 37), (50, 40): (140, 140, 37)}, 6)


# An orange field clipped to a disc (Object > Clip > Set Clip) on a layer Inkscape moved.
CLIPPED_ART = """<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns="http://www.w3.org/2000/svg">
  <defs id="defs1">
    <clipPath clipPathUnits="userSpaceOnUse" id="clipPath1">
      <circle style="fill:#ffffff;stroke:none" id="circle1" cx="40" cy="50" r="30"/>
    </clipPath>
  </defs>
  <rect style="fill:#1a2a4a" width="110" height="110" x="-5" y="-5"/>
  <g inkscape:label="Field" inkscape:groupmode="layer" id="layer1" transform="translate(10,0)">
    <rect style="fill:#ff6600" x="-10" y="0" width="100" height="100"
       clip-path="url(#clipPath1)"/>
  </g>
</svg>
"""


@pytest.mark.slow
def test_a_clipped_shape_prints_only_inside_its_clip(project):
    out, art = _printed(project, CLIPPED_ART)
    svg = _tile_svg(out)
    assert "<clipPath" in svg and 'clip-path="url(#' in svg
    # The disc lies at (50, 50), 30 across its radius, in the art's units.
    _shows(art, {(50, 35): (255, 102, 0), (77, 50): (255, 102, 0), (84, 50): (26, 42, 74),
                 (10, 40): (26, 42, 74)}, 8)


# An insignia drawn in a see-through group cut by a clip: the silhouette is recoloured
# inside its groups (the build stopped with an internal error on it).
LAYERED_INSIGNIA = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"
  width="100" height="100"><defs><clipPath id="top"><rect width="100" height="70"/>
  </clipPath></defs><g opacity="0.8" clip-path="url(#top)">
  <path d="M50 3C60 20 84 34 82 62C80 84 66 97 50 97C34 97 18 85 18 63C18 47 28 37 33 22Z"/>
  <circle cx="50" cy="70" r="20"/></g></svg>
"""


@pytest.mark.slow
def test_an_insignia_in_a_see_through_clipped_group_is_drawn_in_its_colour(project):
    (project / "content" / "symbols" / "flame.svg").write_text(LAYERED_INSIGNIA)
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["tokens"],
          languages=ONE_LANGUAGE)
    token = (out / "svg" / "tokens" / "fire.svg").read_text()
    assert '<g clip-path="url(#' in token and '<g opacity="0.8">' in token
    assert 'fill="#000000"' not in token  # the silhouette takes the layout's colour


def _embedded(width: int, height: int) -> str:
    """A PNG (yellow on the left half, red on the right) as Inkscape embeds one."""
    picture = Image.new("RGB", (width, height), "#ffcc00")
    picture.paste((204, 34, 0), (width // 2, 0, width, height))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def _imported(url: str) -> str:
    """Art holding a picture imported into a moved layer, stretched over its lower half."""
    return f"""<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg">
  <rect style="fill:#1a2a4a" width="110" height="110" x="-5" y="-5"/>
  <g inkscape:groupmode="layer" id="layer1" transform="translate(0,50)">
    <image width="100" height="50" preserveAspectRatio="none" xlink:href="{url}" x="0"
       y="0" id="image1"/>
  </g>
</svg>"""


@pytest.mark.slow
def test_a_picture_imported_into_the_art_prints_where_inkscape_shows_it(project):
    _, art = _printed(project, _imported(_embedded(1000, 250)))
    _shows(art, {(10, 40): (26, 42, 74), (10, 60): (255, 204, 0), (90, 60): (204, 34, 0)}, 10)


@pytest.mark.slow
def test_a_picture_in_the_art_too_coarse_for_its_size_is_told_at_that_size(project):
    (project / "content" / "art" / f"{TILE}.svg").write_text(_imported(_embedded(200, 50)))
    result = tkg_build(project, "--only", "tiles", "--paper", "a4", "--lang", "en")
    assert result.exit_code == 1, result.output
    # 100 x 50 units of art over the 69.5 mm the art covers: 69.5 x 34.75 mm, stretched:
    # 50 px down 34.75 mm is the coarser way, 37 ppi (73 across).
    assert ("TKG508: a picture in the art, 200 x 50 px over 69.5 x 34.75 mm, prints at 37 ppi"
            in result.output), result.output


def test_an_insignia_holding_a_picture_is_refused_as_a_silhouette(project):
    (project / "content" / "symbols" / "flame.svg").write_text(
        _imported(_embedded(20, 10)).replace('style="fill:#1a2a4a"', ""))
    result = tkg_build(project, "--only", "tokens", "--paper", "a4", "--lang", "en")
    assert result.exit_code == 1, result.output
    assert "TKG304" in result.output and "an insignia is a silhouette" in result.output


# A sunset whose lower half fades into the sky through a mask, as Inkscape saves it.
MASKED_ART = """<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg">
  <defs id="defs1">
    <linearGradient id="fadeStops" inkscape:collect="always">
      <stop style="stop-color:#ffffff;stop-opacity:1" offset="0"/>
      <stop style="stop-color:#000000;stop-opacity:1" offset="1"/>
    </linearGradient>
    <linearGradient inkscape:collect="always" xlink:href="#fadeStops" id="fade" x1="0"
       y1="40" x2="0" y2="90" gradientUnits="userSpaceOnUse"/>
    <mask maskUnits="userSpaceOnUse" id="mask1">
      <rect style="fill:url(#fade)" x="-5" y="-5" width="110" height="110"/>
    </mask>
  </defs>
  <rect style="fill:#1a2a4a" width="110" height="110" x="-5" y="-5"/>
  <g inkscape:groupmode="layer" id="layer1" transform="translate(5,0)" mask="url(#mask1)">
    <rect style="fill:#ff8800" x="-10" y="-5" width="110" height="110"/>
  </g>
</svg>
"""


@pytest.mark.slow
def test_a_masked_layer_fades_in_print_as_in_inkscape(project):
    out, art = _printed(project, MASKED_ART)
    assert "<mask" in _tile_svg(out)
    # Orange above the fade, the sky below it, and halfway between halfway down it.
    _shows(art, {(10, 30): (255, 136, 0), (10, 95): (26, 42, 74), (10, 65): (140, 89, 37)}, 10)


# A sun blurred soft (the blur slider of Fill and Stroke) on a moved layer, and a tower
# with Inkscape's drop shadow (Filters > Shadows and Glows > Drop Shadow), as Inkscape 1
# saves them.
FILTERED_ART = """<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns="http://www.w3.org/2000/svg">
  <defs id="defs1">
    <filter inkscape:collect="always" style="color-interpolation-filters:sRGB" id="filter1"
       x="-0.36" y="-0.36" width="1.72" height="1.72">
      <feGaussianBlur inkscape:collect="always" stdDeviation="3" id="feGaussianBlur1"/>
    </filter>
    <filter style="color-interpolation-filters:sRGB" inkscape:label="Drop Shadow"
       id="filter2" x="-0.3" y="-0.3" width="1.7" height="1.7">
      <feFlood result="flood" in="SourceGraphic" flood-opacity="0.5" flood-color="rgb(0,0,0)"
         id="feFlood2"/>
      <feGaussianBlur result="blur" in="SourceGraphic" stdDeviation="1" id="feGaussianBlur2"/>
      <feOffset result="offset" in="blur" dx="5" dy="5" id="feOffset2"/>
      <feComposite result="comp1" operator="in" in="flood" in2="offset" id="feComposite2"/>
      <feComposite result="comp2" operator="over" in="SourceGraphic" in2="comp1"
         id="feComposite3"/>
    </filter>
  </defs>
  <rect style="fill:#ffffff" width="110" height="110" x="-5" y="-5"/>
  <g inkscape:label="Sun" inkscape:groupmode="layer" id="layer1" transform="translate(10,0)">
    <circle style="fill:#000000;filter:url(#filter1)" cx="20" cy="30" r="10"/>
  </g>
  <rect style="fill:#2060c0;filter:url(#filter2)" x="50" y="40" width="20" height="40"/>
</svg>
"""


@pytest.mark.slow
def test_a_blur_and_a_drop_shadow_print_as_inkscape_shows_them(project):
    out, art = _printed(project, FILTERED_ART)
    svg = _tile_svg(out)
    assert "<filter" not in svg and "data:image/png;base64," in svg  # baked, as printed
    # The sun (r 10 round (30, 30)) black at its middle, about half at its edge, the paper
    # three deviations out; sharp, the edge would be black or white.
    _shows(art, {(30, 30): (0, 0, 0), (40, 30): (128, 128, 128), (49, 30): (255, 255, 255)},
           12)
    # The tower; its shadow at half, 5 right and down; the paper beside both.
    _shows(art, {(60, 60): (0x20, 0x60, 0xC0), (73, 70): (128, 128, 128),
                 (73, 42): (255, 255, 255), (45, 45): (255, 255, 255)}, 12)


def test_an_insignia_with_a_filter_is_refused_as_a_silhouette(project):
    blurred = LAYERED_INSIGNIA.replace(
        "<defs>", '<defs><filter id="soft"><feGaussianBlur stdDeviation="2"/></filter>'
    ).replace('<circle cx="50"', '<circle filter="url(#soft)" cx="50"')
    (project / "content" / "symbols" / "flame.svg").write_text(blurred)
    result = tkg_build(project, "--only", "tokens", "--paper", "a4", "--lang", "en")
    assert result.exit_code == 1, result.output
    assert "TKG304" in result.output and "a filter (a blur, a shadow or a glow): an " \
        "insignia is a silhouette" in result.output
