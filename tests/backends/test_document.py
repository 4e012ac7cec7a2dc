"""Every PDF starts in one of the content's fonts; there is no base-14 fallback."""

from __future__ import annotations

import dataclasses

import pytest
from pypdf import PdfReader

from generator.backends.pdf.document import render_pdf
from generator.core.errors import RenderError
from generator.draw.kit import Kit
from tests.pdfprobe import fonts


def test_a_game_without_a_body_font_is_a_render_error_naming_the_fonts_section(shipped_game):
    game = dataclasses.replace(
        shipped_game, fonts=tuple((r, p) for r, p in shipped_game.fonts if r != "body"))
    with pytest.raises(RenderError, match=r"content/game\.yaml .*fonts:"):
        render_pdf(Kit(game), "test sheet", lambda canvas: canvas.showPage())


def test_the_initial_font_is_the_embedded_body_font(shipped_game, tmp_path):
    def draw(canvas):
        canvas.drawString(72, 72, "set in the initial font")
        canvas.showPage()

    data, pages = render_pdf(Kit(shipped_game), "test sheet", draw)
    path = tmp_path / "test.pdf"
    path.write_bytes(data)
    found = fonts(PdfReader(path))
    assert pages == 1 and found and all(found.values()), found
    assert not any("Helvetica" in name for name in found)
