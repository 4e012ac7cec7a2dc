"""Partial builds add, never remove: `--only` and `--paper` leave every other kind's and
paper's files as they were, the bundle keeps all its sections, and a stale comparison
goes when no comparison is asked for (issue 13, item 8)."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from generator.build.pipeline import build
from generator.core.artefacts import paper_of


def listed(out: Path) -> dict[str, str]:
    """The manifest's files: path -> sha256."""
    return {f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())[
        "files"]}


def pages(path: Path) -> int:
    return len(PdfReader(path).pages)


def test_one_paper_and_one_kind_keep_every_other_file(project):
    content, templates, out = project / "content", project / "templates", project / "output"
    build(content, templates, out, ("a4", "letter"), ["tiles", "tokens", "aids", "rulebook"])
    before = listed(out)
    full_bundle = {paper: pages(out / f"pnp-{paper}.pdf") for paper in ("a4", "letter")}
    assert {"pnp-letter.pdf", "rulebook/rulebook-letter.pdf",
            "pdf/letter/player-aids.pdf"} <= set(before)

    tiles = content / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("lit from below.", "lit from beneath.", 1))
    build(content, templates, out, ("a4",), ["tiles"])
    after = listed(out)
    assert set(after) == set(before)  # nothing forgotten, nothing removed
    for path in before:
        assert (out / path).is_file(), path
    # The Letter files are the earlier build's, untouched; the A4 bundle is remade whole.
    letter = [p for p in before if paper_of(p) == "letter"]
    assert letter and all(after[p] == before[p] for p in letter)
    assert after["pnp-a4.pdf"] != before["pnp-a4.pdf"]
    assert pages(out / "pnp-a4.pdf") == full_bundle["a4"]
    cover = PdfReader(out / "pnp-a4.pdf").pages[0].extract_text()
    assert "not in this file" not in cover


def test_a_comparison_goes_when_none_is_asked_for(project):
    content, templates, out = project / "content", project / "templates", project / "output"
    build(content, templates, out, ("a4",), ["tiles", "compare"], ("default", "cluster"))
    assert (out / "compare" / "index.html").is_file()
    assert any(p.startswith("compare/") for p in listed(out))
    (out / "svg" / "mine").mkdir()  # a folder of the designer's own, empty: it stays
    build(content, templates, out, ("a4",), ["tiles", "compare"])
    assert not (out / "compare").exists()  # its empty folders go with its files
    assert not any(p.startswith("compare/") for p in listed(out))
    assert (out / "svg" / "mine").is_dir() and (out / "svg" / "tiles").is_dir()


def test_a_file_of_one_paper_is_known_by_its_name():
    assert [paper_of(p) for p in ("pnp-a4.pdf", "rulebook/rulebook-letter.pdf",
                                  "pdf/letter/player-aids.pdf", "compare/layouts-a4.pdf",
                                  "svg/tiles/ember-hollow.svg", "fonts/Lato-Regular.ttf",
                                  "print-shop/tiles.pdf")] == [
        "a4", "letter", "letter", "a4", "", "", ""]
