"""Typesetting that cannot collide, read back from the real PDF (pdfplumber): margin tags
never overlap and each sits beside the line that ends the sentence it tags; inline
marks keep the text's spacing; no page is under half full but a chapter's last."""

from __future__ import annotations

import re

import pdfplumber
import pytest
from pagemeasure import column_fill, column_words, margin_tags, upright
from rbkit import blocks, outline

# Each test here lays out whole rulebooks: the quick run leaves them out.
pytestmark = pytest.mark.slow

PAPERS = ["a4", "letter"]
MARK = re.compile(r"\s*!\[Playtest (\d+)\]\(playtest:[a-z_]+\)")
SPACE_BEFORE = re.compile(r"\w [.,;:]")
JOINED = re.compile(r"[a-z][.!?][A-Z]")
LEADER = re.compile(r"(?: \.){2,}")  # the contents' dot leaders


def _read(page) -> str:
    """The page's text as a reader reads it: the figures' tiny type (pieces drawn
    small) and the tags' labels left out."""
    return upright(page).filter(lambda o: o.get("object_type") != "char"
                                or o["size"] >= 7).extract_text()


def _faults(text: str) -> list[str]:
    """Each place where a space stands before punctuation or is missing after a full
    stop, with the words round it."""
    text = " ".join(text.split())
    return [text[max(m.start() - 25, 0):m.end() + 10]
            for pattern in (SPACE_BEFORE, JOINED) for m in pattern.finditer(text)]


def _plain(words: str) -> list[str]:
    """Words without Markdown or punctuation, lower case, for matching the PDF's."""
    words = re.sub(r"[*`]|^\s*(?:[-•]|\d+\.)\s+", "", words)
    return [w for w in (re.sub(r"[^\w']", "", w).lower() for w in words.split()) if w]


def _sentence_ends(markdown: list[str]) -> dict[str, list[list[str]]]:
    """For each tag number, the last words before each of its marks in the text
    (table rows are left out: their tags are set inline)."""
    ends: dict[str, list[list[str]]] = {}
    for md in markdown:
        for block in blocks(md):
            if block.lstrip().startswith("|"):
                continue
            for mark in MARK.finditer(block):
                before = MARK.sub("", block[:mark.start()])
                ends.setdefault(mark.group(1), []).append(_plain(before)[-3:])
    return ends


def _lines_ending(words: list[dict], wanted: list[str]) -> list[tuple[float, float]]:
    """The (top, bottom) of each line whose words end the wanted sequence."""
    plain = [_plain(w["text"]) for w in words]
    flat = [(p, w) for ps, w in zip(plain, words, strict=True) for p in ps]
    found = []
    for i in range(len(flat) - len(wanted) + 1):
        if [p for p, _ in flat[i:i + len(wanted)]] == wanted:
            last = flat[i + len(wanted) - 1][1]
            found.append((last["top"], last["bottom"]))
    return found


@pytest.mark.parametrize("paper", PAPERS)
def test_margin_tags_never_overlap(plumbed, paper):
    for number, page in enumerate(plumbed[paper], 1):
        tags = margin_tags(page)
        for i, a in enumerate(tags):
            for b in tags[i + 1:]:
                assert not a.meets(b), (paper, number, a, b)


@pytest.mark.parametrize("paper", PAPERS)
def test_each_margin_tag_sits_beside_its_sentence(plumbed, markdown, paper):
    ends = _sentence_ends(markdown)
    checked = 0
    for number, page in enumerate(plumbed[paper], 1):
        for tag in margin_tags(page):
            assert re.fullmatch(r"PLAYTEST \d+", tag.text), (paper, number, tag)
            words = column_words(page, left=tag.x1 < page.width / 2)
            lines = [line for wanted in ends[tag.number] for line in _lines_ending(words,
                                                                                   wanted)]
            assert lines, (paper, number, tag, "no sentence of its own in this column")
            beside = [(t, b) for t, b in lines if t < tag.bottom and tag.top < b]
            assert beside, (paper, number, tag.text, (tag.top, tag.bottom), lines)
            checked += 1
    assert checked >= 20  # the book's drafts tag many sentences


@pytest.mark.parametrize("paper", PAPERS)
def test_text_keeps_its_spacing_where_marks_meet_it(plumbed, paper):
    for number, page in enumerate(plumbed[paper], 1):
        assert not _faults(LEADER.sub("", _read(page))), (paper, number)


def test_html_keeps_its_spacing_where_marks_meet_it(rulebook):
    html = rulebook["rulebook/rulebook.html"].data.decode("utf-8")
    body = html[html.index("<main>"):]
    body = re.sub(r"<span class=\"playtest\"[^>]*>[^<]*</span>", "", body)
    body = re.sub(r"<svg.*?</svg>", "", body, flags=re.S)
    assert not _faults(re.sub(r"<[^>]+>", "", body))


def _chapter_ends(data: bytes, pages: int) -> set[int]:
    """The pages on which a chapter ends: the page before each chapter's first, the last."""
    starts = {page for depth, _, page in outline(data) if depth == 0}
    return {start - 1 for start in starts} | {pages}


@pytest.mark.parametrize("paper", PAPERS)
def test_no_page_under_half_full_but_a_chapters_last(rulebook, plumbed, paper):
    data = rulebook[f"rulebook/rulebook-{paper}.pdf"].data
    fills = [sum(column_fill(page)) / 2 for page in plumbed[paper]]
    ends = _chapter_ends(data, len(fills))
    for number, fill in enumerate(fills[1:], 2):  # the cover is a page of its own
        assert fill >= 0.5 or number in ends, (paper, number, round(fill, 2))


def test_the_fill_measure_sees_an_empty_column(tmp_path):
    """The measure itself: a page with one column a quarter full is under half full."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from generator.products.rulebook.pdf import MARGIN_TOP, MARGIN_X

    path = tmp_path / "page.pdf"
    canvas = Canvas(str(path), pagesize=A4)
    height = A4[1]
    frame = height - MARGIN_TOP - 20 * 72 / 25.4
    canvas.rect(MARGIN_X, height - MARGIN_TOP - frame / 4, 100, frame / 4, fill=1)
    canvas.save()
    with pdfplumber.open(path) as pdf:
        left, right = column_fill(pdf.pages[0])
    assert left == pytest.approx(0.25, abs=0.01) and right == 0.0
