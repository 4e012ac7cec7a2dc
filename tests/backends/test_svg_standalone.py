"""A piece's SVG file carries its fonts: copied alone into an empty folder, it renders in
Chromium with the game's own fonts, like the PDF (issue 13, item 7)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from generator.build.pipeline import build
from generator.draw.kit import Kit
from generator.load.content import load_content
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES
from tests.pdfprobe import rasterise

CHROMIUM = Path("/usr/bin/chromium")
HAVE_PLAYWRIGHT = importlib.util.find_spec("playwright") is not None
SCALE = 3  # device pixels per CSS pixel: 69.5 mm is 788 px
TILE = "ember-hollow"  # the first tile: page 1 of print-shop/tiles.pdf

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM}"),
    pytest.mark.skipif(not HAVE_PLAYWRIGHT, reason="the playwright package is not installed"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("standalone") / "output"
    build(CONTENT, TEMPLATES, out, ("a4",), ["tiles"], languages=ONE_LANGUAGE)
    return out


@pytest.fixture(scope="module")
def shown(built, tmp_path_factory):
    """The tile's SVG, alone in a fresh folder, as Chromium shows it: a screenshot, the
    status of each font face, and the drawn width of the tile's name."""
    from playwright.sync_api import sync_playwright

    lone = tmp_path_factory.mktemp("lone") / f"{TILE}.svg"
    shutil.copyfile(built / "svg" / "tiles" / f"{TILE}.svg", lone)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=["--headless", "--no-sandbox",
                                                   "--disable-gpu"])
        try:
            page = browser.new_page(device_scale_factor=SCALE,
                                    viewport={"width": 400, "height": 400})
            page.goto(lone.as_uri())
            page.wait_for_function("document.fonts.status === 'loaded'")
            faces = page.evaluate("Array.from(document.fonts, f => [f.family, f.status])")
            name = page.evaluate("""() => {
                const t = Array.from(document.querySelectorAll('text'))
                    .find(e => e.textContent === 'Ember Hollow');
                return [t.getComputedTextLength(), getComputedStyle(t).fontSize];
            }""")
            shot = lone.with_suffix(".png")
            page.locator("svg").screenshot(path=str(shot))
        finally:
            browser.close()
    return Image.open(shot).convert("RGB"), faces, name


def test_every_font_face_of_a_lone_svg_loads(shown):
    _, faces, _ = shown
    assert faces and all(status == "loaded" for _, status in faces), faces


def test_the_name_is_as_wide_as_the_game_font_makes_it(shown):
    # Measured with the title font's own metrics, as the PDF sets it; a fallback serif
    # would differ by several per cent.
    _, _, (drawn, size) = shown
    game = load_content(CONTENT).game
    kit = Kit(game)
    size_mm = float(size.removesuffix("px"))
    expected = kit.fonts.width("Ember Hollow", "title", size_mm)
    assert drawn == pytest.approx(expected, rel=0.01)


def test_a_lone_svg_looks_like_the_pdf(shown, built):
    screenshot, _, _ = shown
    pdf = rasterise(built / "print-shop" / "tiles.pdf", 0, 96 * SCALE)
    pdf = pdf.resize(screenshot.size, Image.LANCZOS)
    difference = ImageStat.Stat(ImageChops.difference(screenshot, pdf)).mean
    assert max(difference) < 6, difference  # mean per channel, of 255
