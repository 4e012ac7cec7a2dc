"""Art as a browser shows it beside tkg's print of it: Chromium draws the art file,
PDFium the PDF tkg makes of its shapes, both at ten pixels a millimetre."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter

from generator.draw.scene import Group, Scene
from tests.backends.test_forms import pdf_of
from tests.draw.art_files import art_items
from tests.live.livekit import HAVE_BROWSER, WHY_NO_BROWSER
from tests.pdfprobe import rasterise

PX_PER_MM = 10  # both pictures at ten pixels a millimetre of the drawing


def in_browser(test):
    """Mark a test that needs Chromium: a browser test, skipped where none is installed."""
    return pytest.mark.browser(pytest.mark.skipif(not HAVE_BROWSER, reason=WHY_NO_BROWSER)(test))


def assert_as_in_chromium(kit, folder: Path, body: str, view_box: str) -> None:
    """Fail, saying where and how much, unless the print of art made of `body` is what
    Chromium shows of the file (`apart_from_chromium`)."""
    far = apart_from_chromium(kit, folder, body, view_box)
    assert far.getbbox() is None, (far.getbbox(), far.histogram()[255])


def apart_from_chromium(kit, folder: Path, body: str, view_box: str) -> Image.Image:
    """Where the print of art made of `body` (in a `view_box` starting at 0 0) differs
    from Chromium's view of the file: white where they differ by more than a third of
    black on white after both are softened a little, so that edges a pixel apart
    (anti-aliasing) do not count, and a shape, a dash or a corner out of place does."""
    items = art_items(folder, body, view_box)
    width, height = (float(v) for v in view_box.split()[2:])
    size = (round(width * PX_PER_MM), round(height * PX_PER_MM))
    shown = _chromium(folder / "art.svg", size)  # (the file art_items wrote)
    # Placed as a build places art (`generator.draw.art.covering`): in a group cut to
    # its box, which sets it apart from the page as a browser sets the file apart.
    placed = (Group(items, clip=(0.0, 0.0, width, height)),)
    printed = rasterise(pdf_of(kit, folder, Scene("art", width, height, 0, placed)), 0,
                        25.4 * PX_PER_MM).resize(size, Image.LANCZOS)
    apart = ImageChops.difference(shown.filter(ImageFilter.GaussianBlur(1.5)),
                                  printed.filter(ImageFilter.GaussianBlur(1.5))).convert("L")
    return apart.point(lambda v: 255 if v > 80 else 0)


def _chromium(svg_file: Path, size: tuple[int, int]) -> Image.Image:
    from playwright.sync_api import sync_playwright

    from tests.live.livekit import launch

    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = browser.new_page(viewport={"width": size[0], "height": size[1]})
            html = svg_file.with_suffix(".html")  # (a file:// page may show a file)
            html.write_text(f'<html><body style="margin:0;background:#fff">'
                            f'<img src="{svg_file.name}" style="display:block;'
                            f'width:{size[0]}px;height:{size[1]}px"></body></html>')
            page.goto(html.as_uri())
            page.wait_for_function("document.images[0].complete")
            shot = svg_file.with_suffix(".png")
            page.screenshot(path=str(shot), clip={"x": 0, "y": 0, "width": size[0],
                                                  "height": size[1]})
        finally:
            browser.close()
    return Image.open(shot).convert("RGB")
