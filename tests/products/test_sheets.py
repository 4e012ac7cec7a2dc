"""Sheets that pack: pieces of two kinds on one sheet, every crop mark in the clear
(issue 13, item 1)."""

from __future__ import annotations

import pytest

from generator.draw.kit import Kit
from generator.products import tokens
from generator.products.sheets import mark_lines, paginate
from tests.products.rulebook.rbkit import request


@pytest.fixture(scope="module")
def token_runs(shipped_game):
    from tests.conftest import ROOT

    req = request(ROOT, ("a4", "letter"))
    kit = Kit(req.game)
    return {paper: tokens._runs(req, kit, paper) for paper in ("a4", "letter")}, req


def _pieces_of(block):
    """Each piece's printed area on the page: its trim and the bleed its grid shows."""
    return [block.grid.printed(i) for i in range(len(block.pieces))]


def _crosses(line, box) -> bool:
    ax, ay, bx, by = line
    x0, y0, x1, y1 = box
    return min(ax, bx) < x1 and max(ax, bx) > x0 and min(ay, by) < y1 and max(ay, by) > y0


def test_the_oinks_share_the_last_token_sheet_on_a4(token_runs):
    runs, req = token_runs
    sheets = paginate(runs["a4"], req.layout.sheets)
    assert len(sheets) == 2
    assert [b.run for b in sheets[-1].blocks] == [0, 1]  # tokens, then the Oinks below
    assert sum(len(b.pieces) for s in sheets for b in s.blocks if b.run == 1) == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mark_is_in_the_clear_and_inside_the_printable_area(token_runs, paper):
    runs, req = token_runs
    layout = req.layout.sheets
    width, height = layout.paper(paper)
    m = layout.margin
    for sheet in paginate(runs[paper], layout):
        pieces = [box for block in sheet.blocks for box in _pieces_of(block)]
        for block in sheet.blocks:
            for line in mark_lines(block.grid, layout):
                assert not any(_crosses(line, box) for box in pieces), line
                ax, ay, bx, by = line
                assert m - 1e-6 <= min(ax, bx) and max(ax, bx) <= width - m + 1e-6
                assert m - 1e-6 <= min(ay, by) and max(ay, by) <= height - m + 1e-6
