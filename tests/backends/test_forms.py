"""What compiled drawings look like in a PDF: text, opacity, gradients, pictures, SVG art."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.backends.pdf.canvas import place
from generator.backends.pdf.document import render_pdf
from generator.draw.kit import Kit
from generator.draw.scene import Gradient, Group, Image, Rect, Scene, Style, Text
from generator.layout.units import PT
from tests.conftest import CONTENT
from tests.pdfprobe import fonts, rasterise


@pytest.fixture
def kit(shipped_game, empty_memo):
    """Every test starts with nothing remembered."""
    return Kit(shipped_game, empty_memo)


FONTS = CONTENT / "fonts"
DPI = 254  # ten pixels a millimetre
WHITE = Rect(0, 0, 40, 30, Style(fill="#ffffff"))


def pdf_of(kit, tmp_path: Path, *scenes: Scene) -> Path:
    """A PDF with one page per scene, each page exactly the scene's size."""
    def draw(canvas):
        for scene in scenes:
            canvas.setPageSize((scene.width * PT, scene.height * PT))
            place(canvas, scene, 0, 0)
            canvas.showPage()

    data, pages = render_pdf(kit, "test", draw)
    assert pages == len(scenes)
    path = tmp_path / f"{scenes[0].name}.pdf"
    path.write_bytes(data)
    return path


def pixels(kit, tmp_path: Path, scene: Scene):
    """`at(x, y)`: the colour at (x, y) mm of the scene (y down), drawn in a PDF."""
    image = rasterise(pdf_of(kit, tmp_path, scene), 0, DPI)

    def at(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((int(x * DPI / 25.4), int(y * DPI / 25.4)))
    return at


def close(colour, expected, tolerance: int = 8) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def test_text_in_the_shipped_fonts_extracts_and_embeds_one_subset_per_font_file(
        kit, tmp_path):
    roles = (("body", FONTS / "Lato-Regular.ttf"), ("heading", FONTS / "EBGaramond12-Regular.ttf"))
    label = Scene("label", 80, 20, 0, (Text(2, 8, "Oink · 3–4 “tiles” é", "body", 4, "#000000"),
                                       Text(78, 16, "The Seal Bearers", "heading", 4, "#000000",
                                            "end")), fonts=roles)
    other = Scene("other", 80, 20, 0, (Text(2, 8, "Zebra quartz", "body", 4, "#000000"),),
                  fonts=roles[:1])
    reader = PdfReader(pdf_of(kit, tmp_path, label, other))
    first = reader.pages[0].extract_text()
    assert "Oink · 3–4 “tiles” é" in first and "The Seal Bearers" in first
    assert "Zebra quartz" in reader.pages[1].extract_text()

    found = fonts(reader)
    assert all(found.values()), found  # every font embedded
    families = sorted(re.sub(r"^/[A-Z]{6}\+", "", name) for name in found)
    assert families == ["EBGaramond12-Regular", "Lato-Regular"]  # both scenes, one Lato
    type0 = [o for o in (reader.get_object(n) for n in range(1, int(reader.trailer["/Size"])))
             if hasattr(o, "get") and o.get("/Subtype") == "/Type0"]
    assert len(type0) == 2


def test_half_opaque_red_over_white_is_pink_and_opacity_stays_with_its_shape(
        kit, tmp_path):
    scene = Scene("opacity", 40, 30, 0, (
        WHITE,
        Rect(0, 0, 20, 30, Style(fill="#ff0000", opacity=0.5)),
        Rect(20, 0, 20, 30, Style(fill="#0000ff")),  # after it: fully opaque again
    ))
    at = pixels(kit, tmp_path, scene)
    assert close(at(10, 15), (255, 128, 128)), at(10, 15)
    assert at(30, 15) == (0, 0, 255)


def test_gradients_go_from_colour_to_colour_along_their_axis(kit, tmp_path):
    black_white = ((0, "#000000", 1), (1, "#ffffff", 1))
    scene = Scene("gradients", 40, 30, 0, (
        # Left to right across the top band.
        Rect(0, 0, 40, 10, Style(fill=Gradient(0, 0, 1, 0, black_white))),
        # Top to bottom in a band that does not start at the origin (its own box).
        Rect(0, 10, 20, 20, Style(fill=Gradient(0, 0, 0, 1, black_white))),
        # Three stops: black, red in the middle, white.
        Rect(20, 10, 20, 20, Style(fill=Gradient(0, 0, 0, 1, (
            (0, "#000000", 1), (0.5, "#ff0000", 1), (1, "#ffffff", 1))))),
    ))
    at = pixels(kit, tmp_path, scene)
    across = [at(x, 5)[0] for x in (1, 10, 20, 30, 39)]
    assert across == sorted(across) and len(set(across)) == 5, across
    assert across[0] < 30 and across[-1] > 225 and at(20, 5)[0] == pytest.approx(128, abs=12)
    down = [at(10, y)[0] for y in (11, 15, 20, 25, 29)]
    assert down == sorted(down) and len(set(down)) == 5, down
    assert down[0] < 30 and down[-1] > 225
    # A quarter of the way from black to red, the middle, three quarters from red to white.
    three = [at(30, y) for y in (12.5, 20, 27.5)]
    assert all(close(c, e, 12) for c, e in zip(three, [(64, 0, 0), (255, 0, 0), (255, 191, 191)],
                                                strict=True)), three


def test_a_gradient_whose_stops_fade_shows_what_is_under_it_as_the_svg_does(kit, tmp_path):
    # Red, opaque at one end, gone at the other (stop-opacity 0), over blue: the PDF
    # drew it opaque red all the way, where the SVG (and any browser) faded it out.
    fading = ((0, "#ff0000", 1), (1, "#ff0000", 0))
    blue = Style(fill="#0000ff")
    scene = Scene("fading", 40, 30, 0, (
        Rect(0, 0, 40, 30, blue),
        Rect(0, 0, 40, 10, Style(fill=Gradient(0, 0, 1, 0, fading))),  # left to right
        Rect(0, 10, 40, 20, Style(fill=Gradient(0.5, 0.5, 0.5, 0.5, fading, 0.5))),  # out
    ))
    at = pixels(kit, tmp_path, scene)
    assert close(at(0.5, 5), (255, 0, 0), 12) and close(at(39.5, 5), (0, 0, 255), 12)
    assert close(at(20, 5), (128, 0, 128), 16), at(20, 5)
    assert close(at(20, 20), (255, 0, 0), 12) and close(at(1, 11), (0, 0, 255), 12)
    assert close(at(30, 20), (128, 0, 128), 20), at(30, 20)  # halfway out


def test_a_png_with_alpha_shows_what_is_under_its_transparent_part(kit, tmp_path):
    from PIL import Image as Picture

    # Left half opaque: blue above yellow (so a flip would show); right half fully
    # transparent green (so a lost soft mask would show green, not the red under it).
    png = tmp_path / "half.png"
    picture = Picture.new("RGBA", (40, 20), (0, 255, 0, 0))
    picture.paste((0, 0, 255, 255), (0, 0, 20, 10))
    picture.paste((255, 255, 0, 255), (0, 10, 20, 20))
    picture.save(png)
    scene = Scene("picture", 40, 30, 0, (WHITE, Rect(0, 5, 40, 20, Style(fill="#ff0000")),
                                         Image(0, 5, 40, 20, png)))
    at = pixels(kit, tmp_path, scene)
    assert at(10, 9) == (0, 0, 255)
    assert at(10, 21) == (255, 255, 0)
    assert at(30, 9) == at(30, 21) == (255, 0, 0)
    assert at(10, 2) == at(30, 28) == (255, 255, 255)  # nothing drawn outside its box


ARC = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20">
<path d="M 0 0 A 10 10 0 0 1 20 20 Z" fill="#00ff00" fill-opacity="0.5"/>
</svg>
"""
TEXT = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20">
<rect width="20" height="20" fill="#0000ff"/>
<text x="2" y="12" font-size="8" fill="#ffffff">Hi</text>
</svg>
"""


def test_svg_art_with_an_arc_draws_half_opaque_green_where_the_arc_is(kit, tmp_path):
    from generator.draw.svgart import read_art

    svg = tmp_path / "arc.svg"
    svg.write_text(ARC)
    _, shapes = read_art(svg)  # 20 x 20 units, drawn 20 x 20 mm at (10, 5)
    # The arc bulges to the upper right of the diagonal from the top-left corner to
    # the bottom-right one; the closing line runs back along that diagonal.
    scene = Scene("arc", 40, 30, 0, (WHITE, Group(shapes, translate=(10, 5))))
    at = pixels(kit, tmp_path, scene)
    assert close(at(25, 10), (128, 255, 128)), at(25, 10)  # upper right: the arc
    assert close(at(28.5, 6.5), (128, 255, 128)), at(28.5, 6.5)  # near the corner, inside
    assert at(15, 20) == (255, 255, 255)  # lower left of the diagonal: nothing
    assert at(5, 15) == at(35, 15) == (255, 255, 255)  # beside the picture


def test_svg_art_with_text_is_refused_saying_so(tmp_path):
    from generator.draw.svgart import ArtError, read_art

    svg = tmp_path / "lettered.svg"
    svg.write_text(TEXT)
    with pytest.raises(ArtError, match="text"):
        read_art(svg)
