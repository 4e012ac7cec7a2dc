"""Fixtures of the rulebook tests: one build of the shipped content per session."""

from __future__ import annotations

import pytest
from rbkit import ROOT, build_aids, build_rulebook, by_path, rendered_markdown, request


@pytest.fixture(scope="session")
def shipped_request():
    """A build request over the shipped content and templates, both papers."""
    return request(ROOT)


@pytest.fixture(scope="session")
def rulebook(shipped_request):
    """The shipped rulebook artefacts, by path."""
    return by_path(build_rulebook(shipped_request))


@pytest.fixture(scope="session")
def aids(shipped_request):
    """The shipped player-aid artefacts, by path."""
    return by_path(build_aids(shipped_request))


@pytest.fixture(scope="session")
def plumbed(rulebook):
    """Each paper's rulebook PDF opened once with pdfplumber: its pages, by paper.

    pdfplumber parses a page the first time its objects are asked for and keeps them, so
    the tests that measure the same pages (read-only) share one parse of each.
    """
    import io

    import pdfplumber

    opened = {paper: pdfplumber.open(io.BytesIO(rulebook[f"rulebook/rulebook-{paper}.pdf"].data))
              for paper in ("a4", "letter")}
    try:
        yield {paper: pdf.pages for paper, pdf in opened.items()}
    finally:
        for pdf in opened.values():
            pdf.close()


@pytest.fixture(scope="session")
def page_texts(rulebook):
    """Each paper's rulebook PDF read once (by PDFium): each page's text, by paper (the
    tests that look up a page's words share one extraction of it)."""
    from tests.pdfprobe import page_texts

    return {paper: page_texts(rulebook[f"rulebook/rulebook-{paper}.pdf"].data)
            for paper in ("a4", "letter")}


@pytest.fixture(scope="session")
def a4_text(page_texts):
    """The A4 rulebook's text as rbkit.pdf_text gives it, from the one extraction."""
    return " ".join(" ".join(page.split()) for page in page_texts["a4"])


@pytest.fixture(scope="session")
def markdown(shipped_request):
    """Each rendered section's Markdown, in reading order."""
    return rendered_markdown(shipped_request)
