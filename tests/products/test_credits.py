"""The game's designer (game.yaml `game.designer`) is credited: on the rulebook's cover
("A game by ...", in each language), in the HTML rulebook's author, and as the author of
every PDF (the rulebook, the print-and-play file, the print-shop files and their XMP).
A game that names none is authored by its title, as before."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.load.content import load_content
from tests.conftest import few_book_games, tkg_build

DESIGNER = "Ana Lima"
TITLE_LINE = '  title: "TKG ARENA: The Seal Bearers"\n'
DC = "{http://purl.org/dc/elements/1.1/}creator"


def _credit(project: Path, value: str) -> None:
    game = project / "content" / "game.yaml"
    text = game.read_text()
    assert TITLE_LINE in text
    game.write_text(text.replace(TITLE_LINE, f"{TITLE_LINE}  designer: {value}\n", 1))


def _authors(out: Path) -> dict[str, str]:
    """Each PDF's author, by its path under the output."""
    return {p.relative_to(out).as_posix(): PdfReader(p).metadata["/Author"]
            for p in sorted(out.rglob("*.pdf"))}


def _build(project: Path, monkeypatch) -> Path:
    few_book_games(monkeypatch)
    out = project / "output"
    result = tkg_build(project, "--paper", "a4", "--only", "rulebook,tiles")
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow
def test_the_designer_is_credited_on_the_rulebook_and_as_every_pdf_s_author(
        project, monkeypatch):
    _credit(project, f'"{DESIGNER}"')
    out = _build(project, monkeypatch)
    authors = _authors(out)
    assert {"rulebook/rulebook-a4.pdf", "fr/rulebook/rulebook-a4.pdf", "pnp-a4.pdf",
            "print-shop/tiles.pdf"} <= set(authors), sorted(authors)
    assert set(authors.values()) == {DESIGNER}
    shop = PdfReader(out / "print-shop" / "tiles.pdf")
    xmp = ET.fromstring(shop.trailer["/Root"]["/Metadata"].get_object().get_data())
    assert [li.text for el in xmp.iter(DC) for li in el.iter() if li.text and
            li.text.strip()] == [DESIGNER]  # PDF/X: the XMP says what the Info says
    cover = PdfReader(out / "rulebook" / "rulebook-a4.pdf").pages[0].extract_text()
    assert f"A game by {DESIGNER}" in cover
    french = PdfReader(out / "fr" / "rulebook" / "rulebook-a4.pdf").pages[0].extract_text()
    assert f"Un jeu conçu par {DESIGNER}" in french
    html = (out / "rulebook" / "rulebook.html").read_text()
    assert f'<meta name="author" content="{DESIGNER}">' in html
    assert f"A game by {DESIGNER}" in html
    # The print-and-play file's cover, the first page a playtester sees.
    bundle = PdfReader(out / "pnp-a4.pdf")
    assert f"A game by {DESIGNER}" in bundle.pages[0].extract_text()
    assert f"Un jeu conçu par {DESIGNER}" in \
        PdfReader(out / "fr" / "pnp-a4.pdf").pages[0].extract_text()


@pytest.mark.slow
def test_a_game_without_a_designer_is_authored_by_its_title(project, monkeypatch):
    out = _build(project, monkeypatch)
    french = "TKG ARENA\u00a0: Les Porteurs de Sceaux"  # its title in French
    assert {path: author == (french if path.startswith("fr/") else
                             "TKG ARENA: The Seal Bearers")
            for path, author in _authors(out).items()} == dict.fromkeys(_authors(out), True)
    cover = PdfReader(out / "rulebook" / "rulebook-a4.pdf").pages[0].extract_text()
    assert "A game by" not in cover
    assert "A game by" not in PdfReader(out / "pnp-a4.pdf").pages[0].extract_text()
    assert 'name="author"' not in (out / "rulebook" / "rulebook.html").read_text()


def test_a_designer_that_is_no_text_is_told_at_its_line(project):
    _credit(project, "[Ana, Lima]")
    loaded = load_content(project / "content")
    errors = [d for d in loaded.diagnostics if d.is_error]
    assert [(Path(d.path).name, d.line) for d in errors] == [("game.yaml", 12)], \
        [d.format() for d in errors]
    assert errors[0].code == "TKG103"
    assert errors[0].message.startswith("game.designer must be text, not a list")


CREDITED = """extends: default
pieces:
  cover:
    front:
      credit:
        text:
          box: {x: 20, y: 12, w: "width - 40mm", h: 6}
          text: "A game by {game.designer}"
          when: "{game.designer}"
          differs: ""
          font: italic
          size: 10pt
          colour: "#5A5566"
"""


@pytest.mark.slow
@pytest.mark.parametrize("designer", [DESIGNER, None])
def test_a_layout_credits_the_designer_only_when_there_is_one(project, designer):
    # `{game.designer}` is empty, not "None", for a game without one: a line drawn
    # `when:` it differs from nothing is left out.
    if designer is not None:
        _credit(project, f'"{designer}"')
    (project / "templates" / "layouts" / "credited.yaml").write_text(CREDITED)
    out = project / "output"
    result = tkg_build(project, "--paper", "a4", "--lang", "en", "--only", "tiles",
                       "--layout", "credited")
    assert result.exit_code == 0, result.output
    cover = PdfReader(out / "pnp-a4.pdf").pages[0].extract_text()
    assert ("A game by" in cover) == (designer is not None), cover
    assert designer is None or f"A game by {designer}" in cover
