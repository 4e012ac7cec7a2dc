"""The playtest tags: in the PDF's margin, in the HTML's margin, in the quick reference
and on the player aids, one for every mark in the rendered text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from rbkit import blocks, device_point, reader

from generator.products.rulebook.pdf import MARGIN_X

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

TAG = re.compile(r"!\[Playtest (\d+)\]\(playtest:([a-z_]+)\)")
PT = 25.4 / 72


def _tags_on(page) -> list[tuple[str, float, float]]:
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip().startswith("PLAYTEST"):
            found.append((" ".join(text.split()), *device_point(cm, tm)))

    page.extract_text(visitor_text=visit)
    return found


def _marks(markdown: list[str]) -> list[tuple[str, bool]]:
    """Each tag mark, and whether it sits in a table row (drawn inline there)."""
    found = []
    for md in markdown:
        for block in blocks(md):
            for number, _ in TAG.findall(block):
                found.append((number, block.lstrip().startswith("|")))
    return found


@pytest.fixture(scope="module")
def pages_tags(rulebook):
    """Each paper's rulebook pages read once: each page's width and the tags on it."""
    return {paper: [(float(page.mediabox.width), _tags_on(page))
                    for page in reader(rulebook[f"rulebook/rulebook-{paper}.pdf"].data).pages]
            for paper in ("a4", "letter")}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mark_is_a_tag_in_the_pdf_margin(pages_tags, markdown, paper):
    marks = _marks(markdown)
    tags = []
    for width, on_page in pages_tags[paper]:
        for text, x, _y in on_page:
            tags.append(text)
            in_margin = x < MARGIN_X or x > width - MARGIN_X
            assert in_margin or text.split()[-1] in {n for n, cell in marks if cell}, (text, x)
    assert sorted(tags) == sorted(f"PLAYTEST {n}" for n, _ in marks)


def test_margin_tags_are_inside_the_printable_area(pages_tags):
    printable = 6.35 / PT
    for width, on_page in pages_tags["a4"]:
        for _, x, _ in on_page:
            assert printable < x < width - printable


def test_quick_reference_carries_tags(page_texts, pages_tags):
    pages = [tags for text, (_, tags) in zip(page_texts["a4"], pages_tags["a4"], strict=True)
             if "Quick reference" in text and "Goal" in text]
    assert pages and any(pages)


def test_every_mark_is_a_margin_tag_in_the_html(rulebook, markdown):
    html = rulebook["rulebook/rulebook.html"].data.decode("utf-8")
    spans = re.findall(r'<span class="playtest"[^>]*>Playtest (\d+)</span>', html)
    assert sorted(spans) == sorted(n for n, _ in _marks(markdown))
    assert re.search(r"\.playtest\{[^}]*position:absolute", html)


def test_aids_carry_their_tags(aids, shipped_request):
    from generator.draw.kit import Kit
    from generator.products.rulebook.context import rulebook_context
    from generator.text.sections import rendered_aids

    kit = Kit(shipped_request.game)
    rendered = rendered_aids(shipped_request.templates_dir, shipped_request.game,
                             rulebook_context(kit), kit.memo)
    for oink, aid in zip(shipped_request.game.oinks, rendered, strict=True):
        marks = TAG.findall(aid.markdown)
        assert marks
        root = ET.fromstring(aids[f"svg/aids/{oink.element}.svg"].data)
        texts = [n for n in root.iter() if n.tag.endswith("text")
                 and (n.text or "").startswith("PLAYTEST")]
        assert sorted(t.text for t in texts) == sorted(f"PLAYTEST {n}" for n, _ in marks)
        for t in texts:  # never below the 6 pt a player reads
            size = float(re.search(r"font-size:\s*([\d.]+)", t.get("style") or "")
                         .group(1) if t.get("style") else t.get("font-size"))
            assert size >= 6 * PT - 1e-6
