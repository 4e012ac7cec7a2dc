"""Shared helpers of the rulebook tests: build in memory, read PDFs back."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from generator.core.artefacts import Artefact
from generator.draw.kit import Kit
from generator.load.content import load_content
from generator.products import aids
from generator.products.request import BuildRequest
from generator.products.rulebook import book
from tests.pdfprobe import page_texts

ROOT = Path(__file__).resolve().parents[3]


def load_game(content_dir: Path):
    """The game in a content folder (the test fails if it does not load)."""
    loaded = load_content(content_dir)
    assert loaded.game is not None, [d.format() for d in loaded.diagnostics]
    return loaded.game


def request(root: Path, papers=("a4", "letter")) -> BuildRequest:
    """A build request over root/content and root/templates, in the default layout."""
    from tests.conftest import load_layout

    layout = load_layout("default", root / "templates")
    return BuildRequest(load_game(root / "content"), root / "templates", (layout,),
                        tuple(papers))


def build_rulebook(request: BuildRequest) -> list[Artefact]:
    """The rulebook kind's artefacts, made with a kit of their own (nothing remembered)."""
    kit = Kit(request.game)
    return book.produce(book.inputs(request, kit), kit)


def build_aids(request: BuildRequest) -> list[Artefact]:
    """The aids kind's artefacts, made with a kit of their own (nothing remembered)."""
    from generator.products.inputs import piece_files

    kit = Kit(request.game)
    return piece_files(aids.inputs(request, kit), kit)


def by_path(artefacts: list[Artefact]) -> dict[str, Artefact]:
    """Artefacts keyed by their output path."""
    return {a.path: a for a in artefacts}


def reader(data: bytes) -> PdfReader:
    """A pypdf reader over PDF bytes."""
    return PdfReader(io.BytesIO(data))


def pdf_text(data: bytes) -> str:
    """Every page's text, with runs of whitespace folded to one space."""
    return " ".join(" ".join(text.split()) for text in page_texts(data))


def outline(data: bytes) -> list[tuple[int, str, int]]:
    """The PDF's bookmarks as (depth, title, 1-based page), in order."""
    r = reader(data)
    found: list[tuple[int, str, int]] = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, r.get_destination_page_number(item) + 1))

    walk(r.outline, 0)
    return found


def rendered_markdown(req: BuildRequest) -> list[str]:
    """Each rulebook section's Markdown, as the build renders it."""
    from generator.products.rulebook.context import rulebook_context
    from generator.text.sections import rendered_sections

    kit = Kit(req.game)
    return [s.markdown for s in rendered_sections(req.templates_dir, rulebook_context(kit),
                                                   kit.memo)]


def blocks(markdown: str) -> list[str]:
    """The paragraphs, list items and table rows of a Markdown text, as source lines."""
    from generator.products.rulebook.markdown_flow import parse

    lines = markdown.splitlines()
    spans: dict[tuple[int, int], str] = {}  # a table row's cells share the row's lines
    for token in parse(markdown):
        if token.type == "inline" and token.map:
            spans[tuple(token.map)] = " ".join(lines[token.map[0]:token.map[1]])
    return list(spans.values())


def device_point(cm, tm) -> tuple[float, float]:
    """Where a text run starts on the page: the text matrix's origin through the CTM."""
    x, y = tm[4], tm[5]
    return x * cm[0] + y * cm[2] + cm[4], x * cm[1] + y * cm[3] + cm[5]
