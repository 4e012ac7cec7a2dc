"""A file of a type tkg does not read is told what it is and what to save it as (TKG113),
for the types a designer most often has at hand."""

from __future__ import annotations

import pytest

from generator.core.diagnostics import CODES
from generator.core.model import NOWHERE
from generator.load.files import ART_SUFFIXES, FONT_SUFFIXES, content_file


@pytest.mark.parametrize(("raw", "suffixes", "told"), [
    ("fonts/Noto.ttc", FONT_SUFFIXES, ".ttc is a collection of fonts: save the one face"),
    ("fonts/Times.pfb", FONT_SUFFIXES, ".pfb is a Type 1 font"),
    ("art/ember.webp", ART_SUFFIXES, ".webp is a picture: export it as PNG or JPEG, at 300 "
     "pixels an inch"),
    ("art/ember.TIFF", ART_SUFFIXES, ".tiff is a picture"),
    ("art/ember.ai", ART_SUFFIXES, ".ai is a drawing: export it as SVG"),
    ("symbols/flame.png", (".svg",), ".png is a picture, and this is drawn as a silhouette "
     "of shapes: an SVG (Inkscape traces a picture into shapes: Path > Trace Bitmap)"),
])
def test_a_file_of_another_type_is_told_what_to_save_it_as(tmp_path, raw, suffixes, told):
    found: list = []
    assert content_file(tmp_path, raw, NOWHERE, suffixes, found) is None
    [problem] = found
    assert problem.code == "TKG113" and problem.hint.startswith(told), problem.hint


@pytest.mark.parametrize(("raw", "suffixes"), [
    ("fonts/Cover.pdf", FONT_SUFFIXES),  # a drawing is no font: nothing to add
    ("art/ember.woff", ART_SUFFIXES),
    ("art/notes.txt", ART_SUFFIXES),
])
def test_a_type_with_nothing_to_say_of_it_gets_the_code_s_hint(tmp_path, raw, suffixes):
    found: list = []
    assert content_file(tmp_path, raw, NOWHERE, suffixes, found) is None
    assert found[0].hint == CODES["TKG113"].fix
