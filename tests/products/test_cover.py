"""The bundle's cover grows with the kinds: its instructions and checklist flow, onto a
second page when they need one, and no two of its texts ever print over each other
(issue 21: two declared kinds made the A4 checklist's lines collide; on Letter, all).

The texts' places are measured in the PDF itself (pdfplumber: each line of characters
with its box), not taken from the drawing.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.build.pipeline import build
from tests.pdfprobe import cover_rows, cover_text

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

# Four kinds more than the shipped two (the world mats and the table mat): six declared.
KINDS = {"marker": "First-player marker", "scores": "Score cards", "seals": "Seal stickers",
         "vault": "Vault boards"}
LOOK = """  {name}:
    size: 30mm
    bleed: 2mm
    backs: {backs}
    background: "#E9D9A6"
    front:
      - text: {{box: {{x: 3, y: 10, w: 24, h: 10}}, field: label, font: bold, size: 9pt,
               colour: "#1B1A24"}}
{back}"""
BACK = """    back:
      - text: {box: {x: 3, y: 10, w: 24, h: 10}, text: "{game.title}", font: italic,
               size: 6pt, lines: 2, colour: "#1B1A24"}
"""


def _declare(project: Path) -> None:
    pieces = project / "content" / "pieces.yaml"
    text = pieces.read_text()
    looks = ["extends: default", "pieces:"]
    for i, (name, title) in enumerate(KINDS.items()):
        count = 2 + i
        items = "".join(f"    - id: {name}-{n}\n      label: {title} {n}\n"
                        for n in range(1, count + 1))
        text += (f"\n{name}:\n  name: {title}\n  about: \"{{count}} pieces of the game's "
                 f"{title.lower()}, each a design of its own, printed on both sides where "
                 f"they have a back\"\n  items:\n{items}")
        shared = i % 2 == 0
        looks.append(LOOK.format(name=name, backs="shared" if shared else "none",
                                 back=BACK if shared else "").rstrip("\n"))
    pieces.write_text(text)
    (project / "templates" / "layouts" / "six.yaml").write_text("\n".join(looks) + "\n")


@pytest.fixture(scope="module")
def six(tmp_path_factory):
    import shutil

    from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES

    project = tmp_path_factory.mktemp("six")
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(TEMPLATES, project / "templates")
    _declare(project)
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4", "letter"),
          layouts=("six",), languages=ONE_LANGUAGE)
    return out


def _cover_pages(pdf: Path) -> int:
    """How many pages the cover takes: those before the first sheet."""
    pages = PdfReader(pdf).pages
    return next(i for i, page in enumerate(pages) if " · sheet " in page.extract_text())


def _lines(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each line of text on a page with its box (x0, top, x1, bottom), points: the
    characters of one size on one baseline (a picture's own texts are lines too)."""
    found = {}
    for char in page.chars:
        if not char["text"].strip():
            continue
        key = (round(char["top"], 1), round(char["size"], 2))
        x0, top, x1, bottom = found.get(key, (char["x0"], char["top"], char["x1"],
                                               char["bottom"]))
        found[key] = (min(x0, char["x0"]), min(top, char["top"]), max(x1, char["x1"]),
                      max(bottom, char["bottom"]))
    return [(f"{k}", box) for k, box in found.items()]


def _overlap(a, b, slack: float = 0.3) -> bool:
    return (a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack
            and b[1] < a[3] - slack)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_cover_of_six_declared_kinds_sets_no_text_over_another(six, paper):
    pdf = six / f"pnp-{paper}.pdf"
    rows = cover_rows(PdfReader(pdf), set(KINDS.values()) | {"World mats", "Table mat"})
    assert len(rows) == 6  # every kind listed, each with its pages
    assert all(where is not None for _, where in rows.values())
    text = cover_text(PdfReader(pdf))
    assert "Rulebook" in text and "Not printed" in text  # the checklist's last lines
    covered = _cover_pages(pdf)
    assert covered % 2 == 0  # every sheet still starts on an odd page
    with pdfplumber.open(pdf) as document:
        for page in document.pages[:covered]:
            # The cover's own words: set larger than the pictures' tiny copies of the
            # pieces' texts, which lie inside their pictures.
            lines = [(k, box) for k, box in _lines(page) if box[3] - box[1] > 6.5]
            assert lines
            for (ka, a), (kb, b) in combinations(lines, 2):
                assert not _overlap(a, b), (paper, ka, kb)


def test_with_six_kinds_the_checklist_goes_on_to_a_second_page(six):
    # A4 and Letter both: the first page holds what fits, the rest follows on the back
    # of the cover, which was left blank before.
    for paper in ("a4", "letter"):
        pdf = six / f"pnp-{paper}.pdf"
        assert _cover_pages(pdf) == 2
        second = PdfReader(pdf).pages[1].extract_text()
        assert "left blank" not in second and "Not printed" in second


def test_the_cover_is_preflighted_like_any_piece(project):
    # The scale bar's words moved onto the checklist: TKG503 at the cover's look.
    from generator.build.pipeline import product_checks
    from generator.check.validate import Templates, validate

    (project / "templates" / "layouts" / "crowded.yaml").write_text(
        "extends: default\npieces:\n  cover:\n    front:\n      title:\n        text:\n"
        "          box: {x: 20, y: 48, w: 150, h: 13}\n")
    templates = project / "templates"
    report = validate(project / "content", Templates(templates, ("crowded",),
                                                     product_checks(templates)))
    [found] = [d for d in report.diagnostics if d.code == "TKG503"]
    # Told at the one of the two that is drawn over the other: the words' first block.
    assert found.path.endswith("default.yaml") and "overlaps the title" in found.message
    assert "on cover 'a4'" in found.message and "cover-a4 in crowded" in found.message


def _covers_drawn(monkeypatch) -> list[str]:
    """The papers of every cover drawn from now on, in this process (the build's work
    kept here: no worker draws one out of sight)."""
    from generator.products import bundle

    monkeypatch.setattr("generator.build.parallel._can_fork", lambda: False)
    drawn: list[str] = []
    draw = bundle.draw_cover_piece

    def counted(request, kit, paper, *args):
        drawn.append(paper)
        return draw(request, kit, paper, *args)

    monkeypatch.setattr(bundle, "draw_cover_piece", counted)
    return drawn


def test_a_build_on_one_paper_draws_no_cover_of_another(tmp_path, monkeypatch):
    # The build validates the cover it prints; a Letter cover in an A4 build is work
    # no file needs (it was drawn and preflighted in each language).
    from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES

    drawn = _covers_drawn(monkeypatch)
    build(CONTENT, TEMPLATES, tmp_path / "out", ("a4",), ["tiles"], languages=ONE_LANGUAGE)
    assert drawn and set(drawn) == {"a4"}


def test_validate_still_draws_the_cover_of_every_paper(monkeypatch):
    from generator.build.pipeline import product_checks
    from generator.check.validate import Templates, validate
    from tests.conftest import CONTENT, TEMPLATES

    drawn = _covers_drawn(monkeypatch)
    report = validate(CONTENT, Templates(TEMPLATES, ("default",), product_checks(TEMPLATES)))
    assert report.passed() and set(drawn) == {"a4", "letter"}
