"""The rulebook PDFs: the content's numbers and names, contents, bookmarks, metadata."""

from __future__ import annotations

import re

import pytest
from rbkit import build_rulebook, outline, reader

from generator.products.rulebook.markdown_flow import parse, plain_text
from tests.pdfprobe import fonts

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_page_size_and_metadata(rulebook, shipped_game, paper):
    pdf = reader(rulebook[f"rulebook/rulebook-{paper}.pdf"].data)
    box = pdf.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPERS[paper], abs=0.1)
    assert shipped_game.title in pdf.metadata.title
    assert shipped_game.version in pdf.metadata.subject
    assert len(pdf.pages) == rulebook[f"rulebook/rulebook-{paper}.pdf"].pages


def test_text_has_the_content_numbers_and_names(a4_text, shipped_game):
    text = a4_text
    r = shipped_game.rules
    tokens = shipped_game.tokens.total
    for phrase in [f"{len(shipped_game.tiles)} world tiles", f"{tokens} life tokens",
                   f"at most {r.oink_capacity} life tokens", f"Take {r.draw_count} life tokens",
                   f"Give {r.trade_give} tokens", f"{r.end_tiles} connected tiles",
                   f"{r.grid_rows} rows and {r.grid_columns} columns",
                   f"Deal each player {r.tiles_dealt} tiles", f"any {r.blind_cost} tokens",
                   f"{r.players_min} to {r.players_max} players",
                   f"{shipped_game.tokens.count('fire')} of each element"]:
        assert phrase in text, phrase
    for element in shipped_game.elements:
        assert element.name in text
    for oink in shipped_game.oinks:
        assert oink.name in text
    assert "Playtest edition" in text and shipped_game.version in text


def _headings(markdown_sections) -> list[str]:
    tokens = [t for md in markdown_sections for t in parse(md)]
    return [plain_text(tokens[i + 1]) for i, t in enumerate(tokens)
            if t.type == "heading_open" and t.tag in ("h1", "h2")]


@pytest.fixture(scope="module")
def sections(markdown):
    return markdown


def _chapters(markdown_sections) -> list[str]:
    tokens = [t for md in markdown_sections for t in parse(md)]
    return [plain_text(tokens[i + 1]) for i, t in enumerate(tokens)
            if t.type == "heading_open" and t.tag == "h1"]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_cover_lists_the_chapters_and_their_pages(page_texts, plumbed, sections, paper):
    """The contents is a compact list on the cover (issue 14): no page of its own."""
    texts = page_texts[paper]
    entries = []
    # pdfplumber places the text of forms (each line's leader and number is one) where
    # the page draws them; pypdf's visitor does not.
    lines = plumbed[paper][0].extract_text().splitlines()
    for line in lines:
        found = re.fullmatch(r"(.+?) (?:\.\s*){3,}(\d+)", line)  # a title, dot leaders, a page
        if found:
            entries.append((found.group(1).strip(" ."), int(found.group(2))))
    assert [title for title, _ in entries] == _chapters(sections)
    for title, page in entries:
        on_page = " ".join(texts[page - 1].split())
        assert title in on_page, (title, page)
    assert "Contents" not in " ".join(texts[1].split()[:3])


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_bookmarks_for_every_section(rulebook, page_texts, sections, paper):
    data = rulebook[f"rulebook/rulebook-{paper}.pdf"].data
    marks = outline(data)
    assert [title for _, title, _ in marks] == _headings(sections)
    assert {depth for depth, _, _ in marks} == {0, 1}
    for _, title, page in marks:
        assert title in " ".join(page_texts[paper][page - 1].split())


def test_fonts_are_embedded(rulebook):
    pdf = reader(rulebook["rulebook/rulebook-a4.pdf"].data)
    for page in pdf.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType", font["/BaseFont"]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_embedded_subset_has_a_tag_of_its_own(rulebook, aids, paper):
    # Prepress checks take equal tags for the same subset: reportlab named the first
    # subset of every font AAAAAA+ (issue 25), beside the tags of the figures' fonts.
    for path in (f"rulebook/rulebook-{paper}.pdf", f"pdf/{paper}/player-aids.pdf"):
        names = list(fonts(reader((rulebook | aids)[path].data)))
        tags = [name.lstrip("/").split("+")[0] for name in names]
        assert len(names) > 1 and all(len(t) == 6 and t.isupper() for t in tags), names
        assert len(set(tags)) == len(tags), (path, sorted(names))


def test_two_builds_are_identical(shipped_request, rulebook):

    again = {a.path: a.data for a in build_rulebook(shipped_request)}
    assert again == {p: a.data for p, a in rulebook.items()}
