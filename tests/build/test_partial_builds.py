"""Partial builds add, never remove: `--only` and `--paper` leave every other kind's and
paper's files as they were, the bundle keeps all its sections, and a stale comparison
goes when no comparison is asked for (issue 13, item 8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build.pipeline import build
from tests.conftest import ONE_LANGUAGE


def entries(out: Path) -> list[dict]:
    """The manifest's entries."""
    return json.loads((out / "manifest.json").read_text())["files"]


def listed(out: Path) -> dict[str, str]:
    """The manifest's files: path -> sha256."""
    return {f["path"]: f["sha256"] for f in entries(out)}


def pages(path: Path) -> int:
    return len(PdfReader(path).pages)


@pytest.mark.slow
def test_one_paper_and_one_kind_keep_every_other_file(project):
    content, templates, out = project / "content", project / "templates", project / "output"
    build(content, templates, out, ("a4", "letter"), ["tiles", "tokens", "aids", "rulebook"],
          languages=ONE_LANGUAGE)
    before = listed(out)
    full_bundle = {paper: pages(out / f"pnp-{paper}.pdf") for paper in ("a4", "letter")}
    assert {"pnp-letter.pdf", "rulebook/rulebook-letter.pdf",
            "pdf/letter/player-aids.pdf"} <= set(before)

    tiles = content / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("lit from below.", "lit from beneath.", 1))
    build(content, templates, out, ("a4",), ["tiles"], languages=ONE_LANGUAGE)
    after = listed(out)
    assert set(after) == set(before)  # nothing forgotten, nothing removed
    for path in before:
        assert (out / path).is_file(), path
    # The Letter files are the earlier build's, untouched; the A4 bundle is remade whole.
    letter = [f["path"] for f in entries(out) if f["paper"] == "letter"]
    assert letter and all(after[p] == before[p] for p in letter)
    assert after["pnp-a4.pdf"] != before["pnp-a4.pdf"]
    assert pages(out / "pnp-a4.pdf") == full_bundle["a4"]
    cover = PdfReader(out / "pnp-a4.pdf").pages[0].extract_text()
    assert "not in this file" not in cover


@pytest.mark.slow
def test_a_comparison_goes_when_none_is_asked_for(project):
    content, templates, out = project / "content", project / "templates", project / "output"
    build(content, templates, out, ("a4",), ["tiles", "compare"], ("default", "cluster"),
          languages=ONE_LANGUAGE)
    assert (out / "compare" / "index.html").is_file()
    assert any(p.startswith("compare/") for p in listed(out))
    (out / "svg" / "mine").mkdir()  # a folder of the designer's own, empty: it stays
    build(content, templates, out, ("a4",), ["tiles", "compare"], languages=ONE_LANGUAGE)
    assert not (out / "compare").exists()  # its empty folders go with its files
    assert not any(p.startswith("compare/") for p in listed(out))
    assert (out / "svg" / "mine").is_dir() and (out / "svg" / "tiles").is_dir()


@pytest.mark.slow
def test_every_file_carries_its_paper_and_language_in_the_manifest(project):
    content, templates, out = project / "content", project / "templates", project / "output"
    build(content, templates, out, ("a4", "letter"), ["tiles", "aids", "rulebook"])
    papers = {f["path"]: f["paper"] for f in entries(out)}
    assert [papers[p] for p in ("pnp-a4.pdf", "rulebook/rulebook-letter.pdf",
                                "pdf/letter/player-aids.pdf", "svg/tiles/ember-hollow.svg",
                                "print-shop/tiles.pdf")] == ["a4", "letter", "letter", None,
                                                             None]
    # Each file's language: the content's own (English) at its path, French under fr/.
    languages = {f["path"]: f["language"] for f in entries(out)}
    assert {languages["pnp-a4.pdf"], languages["fr/pnp-a4.pdf"]} == {"en", "fr"}
    assert all(language == ("fr" if path.startswith("fr/") else "en")
               for path, language in languages.items())


CARD = """cards:
  name: Cards
  items:
    - id: card-a4
      label: A card named like a paper
    - id: card
      label: Another
"""
CARD_LOOK = """extends: default
pieces:
  cards:
    size: 40mm
    front:
      - text: {box: {x: 4, y: 15, w: 32, h: 10}, field: label, font: body, size: 9pt,
               colour: "#000000"}
"""


@pytest.mark.slow
def test_a_removed_item_named_like_a_paper_goes_on_every_paper(project):
    # Its file, svg/pieces/cards/card-a4.svg, is of every paper: nothing may guess from its
    # name that it is an A4 file a Letter build must keep.
    content, templates, out = project / "content", project / "templates", project / "output"
    pieces = content / "pieces.yaml"
    pieces.write_text(pieces.read_text() + "\n" + CARD)
    (templates / "layouts" / "cards.yaml").write_text(CARD_LOOK)
    build(content, templates, out, ("a4", "letter"), layouts=("cards",),
          languages=ONE_LANGUAGE)
    assert "svg/pieces/cards/card-a4.svg" in listed(out)
    pieces.write_text(pieces.read_text().replace(
        "    - id: card-a4\n      label: A card named like a paper\n", ""))
    for paper in ("letter", "a4"):
        build(content, templates, out, (paper,), layouts=("cards",), languages=ONE_LANGUAGE)
        assert "svg/pieces/cards/card-a4.svg" not in listed(out), paper
        assert not (out / "svg" / "pieces" / "cards" / "card-a4.svg").exists(), paper
