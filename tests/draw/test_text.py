"""Text that does not fit its box is cut visibly (an ellipsis) and reported (TKG305)."""

from __future__ import annotations

import dataclasses

import pytest

from generator.check.pieces import check_pieces
from generator.core.diagnostics import Severity
from generator.draw.fonts import fit_text
from generator.draw.kit import Kit
from generator.draw.piece import tile_face
from generator.draw.scene import Text
from tests.conftest import load_layout

LONG = ("A valley that never cools, lit from below by rivers of slow fire that the old "
        "bearers crossed on bridges of glass, singing so the stone would not wake.")


def test_text_cut_to_its_lines_ends_in_an_ellipsis_and_still_fits(kit):
    fitted = fit_text(kit.fonts, LONG, "italic", 2.6, 2.1, 50, 2)
    lines = fitted.lines
    assert len(lines) == 2 and lines[-1].endswith("\u2026")
    assert all(kit.fonts.width(line, "italic", fitted.size) <= 50 for line in lines)
    assert fitted.overflow


def test_text_that_fits_is_not_cut(kit):
    fitted = fit_text(kit.fonts, "A valley that never cools.", "italic", 2.6, 2.1, 50, 2)
    assert not fitted.overflow and fitted.lines == ("A valley that never cools.",)


def test_a_font_without_the_ellipsis_glyph_gets_three_full_stops(shipped_game, kit):
    from reportlab.pdfbase.pdfmetrics import getFont

    from generator.backends.pdf.fonts import register

    for role, _ in shipped_game.fonts:
        mark = kit.fonts.ellipsis(role)
        face = getFont(register(role, shipped_game.font(role))).face
        assert all(ord(c) in face.charToGlyph for c in mark), role


@pytest.mark.slow
def test_an_overflowing_flavour_is_drawn_cut_and_reported_where_it_is_written(shipped_game):
    tiles = list(shipped_game.tiles)
    tiles[1] = dataclasses.replace(tiles[1], flavour=LONG)
    game = dataclasses.replace(shipped_game, tiles=tuple(tiles))
    layout, kit = load_layout(), Kit(game)
    texts = [i.text for i in tile_face(kit, layout, tiles[1]).items if isinstance(i, Text)]
    assert texts[-2].endswith("\u2026")  # the flavour's second line; the number is last
    [warning] = overflows(kit, layout)
    assert (warning.code, warning.severity) == ("TKG305", Severity.WARNING)
    written = tiles[1].place("flavour")  # the flavour's own line, below the tile's
    assert written.line > tiles[1].where.line
    assert (warning.path, warning.line, warning.column) == (
        written.path, written.line, written.column)
    assert f"the flavour of tile {tiles[1].id!r}" in warning.message
    assert "'default' layout" in warning.message


def overflows(kit, layout) -> list:
    """The TKG305 warnings of the game's pieces in `layout`."""
    return [d for d in check_pieces(kit, (layout,)).problems if d.code == "TKG305"]


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["default", "cluster"])
def test_the_shipped_tiles_fit_their_boxes(kit, layout):
    assert overflows(kit, load_layout(layout)) == []
