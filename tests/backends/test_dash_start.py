"""A dashed closed outline whose last dash runs on into its first prints as one dash
round the start's corner, as a browser draws it: a PDF reader ends the two square
there, leaving the corner's outer part unpainted, so the PDF holds such an outline as
its dashes (`generator.backends.pdf.dashstart`)."""

from __future__ import annotations

import pytest

from generator.backends.pdf.dashstart import as_dashes
from generator.draw.scene import Rect, Scene, Style
from tests.backends.test_forms import pixels

# A frame 14 x 10 from (4, 9), 1.5 wide, dashed 3 on, 1.5 off: 48 round, so its last
# dash ends right at the start, its top left corner, where its first begins.
FRAME = Rect(4, 9, 14, 10, Style(stroke="#000000", stroke_width=1.5, dashes=(3.0, 1.5)))


def test_the_start_s_corner_is_painted_whole(kit, tmp_path):
    at = pixels(kit, tmp_path, Scene("frame", 30, 30, 0, (FRAME,)))
    assert at(3.4, 8.4) == (0, 0, 0)  # the corner's outer part
    assert at(7.75, 9) == (255, 255, 255) and at(9, 9) == (0, 0, 0)  # a gap, a dash


@pytest.mark.parametrize(("dashes", "offset", "drawn"), [
    ((3.0, 1.5), 0.0, True),  # on at both ends
    ((3.0, 1.5), 1.0, False),  # ends in a gap: the PDF's own dashes are right
    ((3.0, 1.5), 3.5, False),  # starts in a gap
    ((3.0,), 2.0, True),  # 3 on, 3 off, from 2 in: on at 50 too
])
def test_only_an_outline_whose_ends_are_dashed_is_written_as_dashes(dashes, offset, drawn):
    written = as_dashes("4 9 14 10 re", dashes, offset)
    assert (written is not None) == drawn
    if written:  # each dash a subpath of its own, none closed
        assert written.count(" m") == written.count("m\n") and " h" not in written


def test_an_outline_of_very_many_dashes_keeps_the_pdf_s_own():
    # 48 round, a dash and a gap of 0.01: 2,400 of them would each be a subpath.
    assert as_dashes("4 9 14 10 re", (0.01, 0.01), 0.0) is None
