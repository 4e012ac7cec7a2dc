"""The print-and-play bundle with the player aids: the cover's checklist and page ranges,
the aid sheets where the cover says, and the cards inside the printable margin."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.build.pipeline import build
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES
from tests.pdfprobe import MM, cover_rows, fonts, page_texts, placements
from tests.products.test_golden import rasterise

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

PAPERS = {"a4": (210, 297), "letter": (215.9, 279.4)}
MARGIN = 6.35  # mm: DESIGN.md's printable margin
# The built-in pieces, then the mats the shipped content declares (content/pieces.yaml).
ROWS = ("World tiles", "Life tokens", "Oinks", "Player aids", "World mats", "Table mat")
AID_TRIM, AID_BLEED = (88.9, 127.0), 3.0


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    """The output of a build whose bundle holds tiles, tokens and player aids."""
    out = tmp_path_factory.mktemp("bundled") / "output"
    build(CONTENT, TEMPLATES, out, tuple(PAPERS), ["tiles", "tokens", "aids"],
          languages=ONE_LANGUAGE)
    return out


def checklist(reader: PdfReader) -> dict[str, tuple[str, tuple[int, int] | None]]:
    """The cover's rows: name -> (detail line, (first page, last page) or None)."""
    return cover_rows(reader, ROWS)


def flat(page) -> str:
    """A page's text with runs of whitespace folded to one space (aids set word by word)."""
    return " ".join(page.extract_text().split())


def flat_pages(pdf: Path) -> list[str]:
    """Each page's text, its runs of whitespace folded to one space (read by PDFium:
    quicker than `flat` on each page)."""
    return [" ".join(text.split()) for text in page_texts(pdf)]


def aid_pages(reader: PdfReader) -> range:
    """0-based indexes of the pages the cover gives to the player aids."""
    first, last = checklist(reader)["Player aids"][1]
    return range(first - 1, last)


@pytest.mark.parametrize("paper", PAPERS)
def test_cover_lists_the_player_aids_with_their_count(bundled, shipped_game, paper):
    rows = checklist(PdfReader(bundled / f"pnp-{paper}.pdf"))
    assert set(rows) == set(ROWS)
    detail, _ = rows["Player aids"]
    assert detail.startswith(f"{len(shipped_game.oinks)} cards, one per player")


@pytest.mark.parametrize("paper", PAPERS)
def test_cover_ranges_follow_each_other_to_the_last_page(bundled, paper):
    reader = PdfReader(bundled / f"pnp-{paper}.pdf")
    rows = {name: pages for name, (_, pages) in checklist(reader).items()}
    ranges = [rows[name] for name in ROWS]
    assert ranges[0][0] == 3 and ranges[-1][1] == len(reader.pages)
    # Each range starts after the one before, or on its last sheet (the Oinks may sit
    # under the last life tokens), and no page is left out.
    assert all(before[1] - 1 <= after[0] <= before[1] + 1 for before, after in
               pairwise(ranges))
    # Every run after the cover is whole sheets (front and back), so a double-sided
    # print of the whole file keeps each back behind its front.
    assert all((last - first) % 2 == 1 for first, last in ranges)


SHEET_LABELS = {"World tiles": "world tiles", "Life tokens": "life tokens", "Oinks": "Oinks",
                "Player aids": "player aids", "World mats": "World mats",
                "Table mat": "Table mat"}


def sheet_holds(label: str) -> list[str]:
    """What a sheet's label says it holds: "v0.1.0 · life tokens, Oinks · sheet 2/2"."""
    found = re.search(r"v[\d.]+ · (.+?) · sheet \d+/\d+", label)
    return found[1].split(", ") if found else []


@pytest.mark.parametrize("paper", PAPERS)
def test_each_row_names_exactly_the_pages_its_sheets_are_on(bundled, paper):
    # Measured from the sheets' own labels ("... · life tokens · sheet 1/2 · front"),
    # not from the cover's arithmetic.
    reader = PdfReader(bundled / f"pnp-{paper}.pdf")
    labels = flat_pages(bundled / f"pnp-{paper}.pdf")
    for name, (_, (first, last)) in checklist(reader).items():
        holding = [n for n, text in enumerate(labels, start=1)
                   if SHEET_LABELS[name] in sheet_holds(text)]
        assert holding == list(range(first, last + 1)), name


@pytest.mark.parametrize("paper", PAPERS)
def test_the_print_dialog_is_asked_for_actual_size_and_a_long_edge_flip(bundled, paper):
    preferences = PdfReader(bundled / f"pnp-{paper}.pdf").trailer["/Root"][
        "/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == "/DuplexFlipLongEdge"


@pytest.mark.parametrize("paper", PAPERS)
def test_the_cover_points_to_the_rulebook(bundled, paper):
    cover = flat(PdfReader(bundled / f"pnp-{paper}.pdf").pages[0])
    assert f"rulebook/rulebook-{paper}.pdf" in cover


@pytest.mark.parametrize("paper", PAPERS)
def test_each_oinks_aid_is_on_the_pages_the_cover_names(bundled, shipped_game, paper):
    reader = PdfReader(bundled / f"pnp-{paper}.pdf")
    pages = aid_pages(reader)
    texts = flat_pages(bundled / f"pnp-{paper}.pdf")
    aid_text = " ".join(texts[i] for i in pages)
    for oink in shipped_game.oinks:
        title = f"{shipped_game.element(oink.element).name} · player aid"
        assert oink.name in aid_text and title in aid_text
        # The cover pictures the cards; no other sheet carries them.
        assert [i for i, t in enumerate(texts) if title in t] == [0, pages[0]]
    assert f"holds {shipped_game.rules.oink_capacity}" in aid_text
    front, back = pages  # four Oinks: one sheet, then its blank back
    assert sorted(name for name, _, _ in placements(reader, front)) == sorted(
        f"aid-{o.element}" for o in shipped_game.oinks)
    assert placements(reader, back) == [] and "left blank" in texts[back]


def _marks(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """Every line drawn on the page itself (the crop marks): (x0, y0, x1, y1) in mm."""
    ops = ContentStream(reader.pages[index].get_contents(), reader).operations
    ends = [(float(a[0]) * MM, float(a[1]) * MM) for a, op in ops if op in (b"m", b"l")]
    return [(*ends[i], *ends[i + 1]) for i in range(0, len(ends), 2)]


def _aid_trims(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) in mm from the bottom-left of each aid card's trim on a page."""
    w, h = AID_TRIM
    return [(x + AID_BLEED, y + AID_BLEED, x + AID_BLEED + w, y + AID_BLEED + h)
            for name, x, y in placements(reader, index) if name.startswith("aid-")]


@pytest.mark.parametrize("paper", PAPERS)
def test_aid_cards_have_a_gutter_and_marks_outside_them(bundled, paper):
    reader = PdfReader(bundled / f"pnp-{paper}.pdf")
    width, height = PAPERS[paper]
    front = aid_pages(reader)[0]
    trims = _aid_trims(reader, front)
    assert len(trims) == 4
    xs = sorted({t[0] for t in trims} | {t[2] for t in trims})
    ys = sorted({t[1] for t in trims} | {t[3] for t in trims})
    assert len(xs) == len(ys) == 4  # 2 x 2, and no two cards share a cut
    assert xs[2] - xs[1] == pytest.approx(2.0, abs=0.05)  # the layout's card gutter
    assert ys[2] - ys[1] == pytest.approx(2.0, abs=0.05)
    assert min(xs) > MARGIN + 4 and max(xs) < width - MARGIN - 4
    assert min(ys) > MARGIN + 4 and max(ys) < height - MARGIN - 4
    marks = _marks(reader, front)
    assert marks
    for x, y in [end for line in marks for end in (line[:2], line[2:])]:
        assert MARGIN <= x <= width - MARGIN and MARGIN <= y <= height - MARGIN
        assert not any(x0 < x < x1 and y0 < y < y1 for x0, y0, x1, y1 in trims)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_aid_sheet_label_clears_the_crop_marks(bundled, shipped_game, paper):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from generator.backends.pdf.fonts import register

    reader = PdfReader(bundled / f"pnp-{paper}.pdf")
    front = aid_pages(reader)[0]
    found = []

    def visit(text, cm, tm, font, size):
        if "player aids · sheet" in text:
            found.append((text.strip(), (tm[4] * cm[0] + cm[4]) * MM, (tm[5] * cm[3] + cm[5]) * MM))

    reader.pages[front].extract_text(visitor_text=visit)
    [(text, left, baseline)] = found
    right = left + stringWidth(text, register("body", shipped_game.font("body")), 2 / MM) * MM
    assert baseline - 0.5 >= MARGIN  # descenders included
    for x0, y0, x1, y1 in _marks(reader, front):
        crosses = left - 0.5 <= max(x0, x1) and min(x0, x1) <= right + 0.5
        assert not (crosses and min(y0, y1) <= baseline + 2 and max(y0, y1) >= baseline - 0.5)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("file", ["pnp-{paper}.pdf", "pdf/{paper}/player-aids.pdf"])
def test_nothing_is_printed_in_the_unprintable_margin(bundled, paper, file):
    path = bundled / file.format(paper=paper)
    reader = PdfReader(path)
    index = aid_pages(reader)[0] if file.startswith("pnp") else 0
    dpi = 100
    image = rasterise(path, index, dpi).convert("L")
    band = int(MARGIN / 25.4 * dpi)  # whole pixels inside the margin
    w, h = image.size
    for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
        assert image.crop(box).getextrema()[0] >= 250, f"ink in the margin at {box}"
    # ...and the cards do reach close to it: the sheet is really drawn.
    assert image.crop((band, band, w - band, h - band)).getextrema()[0] < 100


def test_every_font_of_the_aid_pages_is_embedded(bundled):
    found = fonts(PdfReader(bundled / "pnp-a4.pdf"))
    assert found and all(found.values()), found


def test_the_bundle_follows_an_aid_edit_whatever_the_build_makes(project):
    content, templates = project / "content", project / "templates"
    out, other = project / "output", project / "other"
    build(content, templates, out, ("a4",), ["tiles", "aids"], languages=ONE_LANGUAGE)
    build(content, templates, other, ("a4",), ["tiles"], languages=ONE_LANGUAGE)
    aid = templates / "rulebook" / "aid.md.j2"
    aid.write_text(aid.read_text().replace("## Limits", "## Your limits"))

    result = build(content, templates, out, ("a4",), ["tiles", "aids"], languages=ONE_LANGUAGE)
    assert {"aids", "pnp"} <= set(result.rendered) and "tiles" not in result.rendered
    reader = PdfReader(out / "pnp-a4.pdf")
    assert "Your limits" in flat(reader.pages[aid_pages(reader)[0]])

    # The bundle always holds every section, so a tiles-only build remakes it too, and
    # both folders' bundles are the same file.
    result = build(content, templates, other, ("a4",), ["tiles"], languages=ONE_LANGUAGE)
    assert "pnp" in result.rendered
    assert (other / "pnp-a4.pdf").read_bytes() == (out / "pnp-a4.pdf").read_bytes()


def test_the_bundle_with_aids_is_reproducible(shipped_game):
    from generator.draw.kit import Kit
    from generator.products.kinds import kinds_table
    from generator.products.request import BuildRequest
    from tests.conftest import load_layout

    def once() -> bytes:  # each time with a kit of its own: nothing remembered
        request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),), ("letter",),
                               ("tokens", "aids"))
        [pdf] = {k.name: k for k in kinds_table()}["pnp"].artefacts(request, Kit(shipped_game))
        return pdf.data

    assert once() == once()
