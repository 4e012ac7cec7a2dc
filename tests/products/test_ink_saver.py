"""The ink-saver layout: light backs and surrounds, framed art, the same cuts
(issue 13, item 2)."""

from __future__ import annotations

import pytest
from PIL import ImageStat
from pypdf import PdfReader

from generator.build.pipeline import build
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES
from tests.pdfprobe import placements, rasterise

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

BACK_PAGES = (3, 5, 7, 9)  # 0-based: the backs of the four tile sheets in pnp-a4.pdf


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    made = {}
    for layout in ("default", "ink-saver"):
        out = tmp_path_factory.mktemp(layout) / "output"
        build(CONTENT, TEMPLATES, out, ("a4",), ["tiles"], (layout,), languages=ONE_LANGUAGE)
        made[layout] = out / "pnp-a4.pdf"
    return made


def ink(pdf, page: int) -> float:
    """How dark a page prints on average: 0 blank paper, 1 solid black."""
    grey = rasterise(pdf, page, 30).convert("L")
    return 1 - ImageStat.Stat(grey).mean[0] / 255


def test_tile_backs_take_at_least_sixty_percent_less_ink(bundles):
    default = sum(ink(bundles["default"], p) for p in BACK_PAGES)
    saver = sum(ink(bundles["ink-saver"], p) for p in BACK_PAGES)
    assert saver <= 0.4 * default, (saver, default)


def test_the_sheets_cut_the_same_in_both_layouts(bundles):
    default, saver = PdfReader(bundles["default"]), PdfReader(bundles["ink-saver"])
    assert len(default.pages) == len(saver.pages)
    for index in range(2, len(default.pages)):
        where = [(x, y) for _, x, y in placements(default, index)]
        assert where == [(x, y) for _, x, y in placements(saver, index)], index


def test_the_ink_saver_layout_passes_the_strict_preflight():
    # Its framed art is a design, not art that falls short of the bleed (no TKG502).
    from generator.check.validate import Templates, validate

    report = validate(CONTENT, Templates(TEMPLATES, ("ink-saver",)))
    assert report.passed(strict=True), [d.format() for d in report.diagnostics]


def test_art_that_stops_just_short_of_the_bleed_is_still_a_tkg502(project):
    from generator.check.validate import Templates, validate

    saver = project / "templates" / "layouts" / "ink-saver.yaml"
    framed = '{x: 3, y: 3, w: "width - 6mm", h: "height - 6mm"}'
    assert framed in saver.read_text()
    saver.write_text(saver.read_text().replace(framed, "{x: -1, y: -1, w: 65.5, h: 65.5}"))
    report = validate(project / "content", Templates(project / "templates", ("ink-saver",)))
    assert [d.code for d in report.diagnostics if d.code == "TKG502"] == ["TKG502"]
