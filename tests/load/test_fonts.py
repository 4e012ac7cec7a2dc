"""Font metrics read with fontTools: the numbers reportlab's reader gives, clear errors else."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from generator.core.errors import RenderError
from generator.load.fonts import read_metrics
from tests.conftest import CONTENT

FONTS = sorted((CONTENT / "fonts").glob("*.ttf"))


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.stem)
def test_the_descriptor_numbers_equal_reportlabs(path: Path):
    # The rulebook's prose is measured by reportlab's own reader; our drawings' text by
    # ours. Equal numbers: the two kinds of text agree, and the PDF descriptors too.
    from reportlab.pdfbase.ttfonts import TTFontFile

    with path.open("rb") as handle:
        theirs = TTFontFile(handle, charInfo=1, validate=0)
    ours = read_metrics(path)
    assert ours.ps_name == theirs.name.decode("latin-1")
    assert (ours.ascent, ours.descent, ours.cap_height) == (
        theirs.ascent, theirs.descent, theirs.capHeight)
    assert ours.bbox == tuple(float(v) for v in theirs.bbox)
    assert (ours.italic_angle, ours.stem_v) == (theirs.italicAngle, theirs.stemV)
    assert ours.default_advance == theirs.defaultWidth
    mapped = {chr(code): gid for code, gid in theirs.charToGlyph.items()
              if 0 < gid < theirs.numGlyphs}
    assert ours.glyph_of == mapped
    assert all(ours.width_of[ch] == theirs.charWidths[ord(ch)] for ch in mapped)


def _with_fs_type(tmp_path: Path, value: int) -> Path:
    data = bytearray(FONTS[0].read_bytes())
    tables = struct.unpack_from(">H", data, 4)[0]
    for index in range(tables):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * index)
        if tag == b"OS/2":
            data[offset + 8:offset + 10] = struct.pack(">H", value)
    path = tmp_path / "restricted.ttf"
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("fs_type", [0x0002, 0x0100, 0x0200])
def test_a_licence_forbidding_subsets_is_a_render_error(tmp_path, fs_type):
    with pytest.raises(RenderError, match=f"licence forbids .* {fs_type:04X}"):
        read_metrics(_with_fs_type(tmp_path, fs_type))


def test_a_licence_that_also_allows_printing_is_read(tmp_path):
    assert read_metrics(_with_fs_type(tmp_path, 0x0006)).ps_name


@pytest.mark.parametrize("damage", ["truncated", "text", "empty", "missing"])
def test_an_unreadable_font_is_a_render_error_naming_it(tmp_path, damage):
    path = tmp_path / "broken.ttf"
    if damage == "truncated":
        path.write_bytes(FONTS[0].read_bytes()[:3000])
    elif damage == "text":
        path.write_text("this is not a font\n")
    elif damage == "empty":
        path.write_bytes(b"")
    with pytest.raises(RenderError, match=r"cannot read the font .*broken\.ttf: \S"):
        read_metrics(path)


def test_each_font_takes_its_own_licence_and_those_that_name_no_font(tmp_path):
    """LICENSE-Lato.txt goes with Lato only; LICENSE.txt and LICENSE-OFL.txt (which name
    no font of the folder) go with every font of it."""
    from generator.load.fonts import font_licences

    for name in ("Lato-Bold.ttf", "Gentium-Bold.ttf", "LICENSE-Lato.txt",
                 "LICENSE-Gentium.txt", "LICENSE-OFL.txt", "LICENSE.txt"):
        (tmp_path / name).write_bytes(b"")
    names = [p.name for p in font_licences([tmp_path / "Gentium-Bold.ttf"])]
    assert names == ["LICENSE-Gentium.txt", "LICENSE-OFL.txt", "LICENSE.txt"]
    both = [p.name for p in font_licences([tmp_path / "Gentium-Bold.ttf",
                                           tmp_path / "Lato-Bold.ttf"])]
    assert both == ["LICENSE-Gentium.txt", "LICENSE-Lato.txt", "LICENSE-OFL.txt",
                    "LICENSE.txt"]



@pytest.mark.parametrize("name", ["OFL.txt", "LICENCE.txt", "LICENSE", "UFL.txt",
                                  "license.txt"])
def test_the_licence_names_font_makers_use_go_with_the_folders_fonts(tmp_path, name):
    from generator.load.fonts import font_licences

    for file in ("Roboto-Bold.ttf", name, "README.txt"):
        (tmp_path / file).write_bytes(b"")
    assert [p.name for p in font_licences([tmp_path / "Roboto-Bold.ttf"])] == [name]


def test_a_font_file_is_one_object_a_process_until_it_changes(tmp_path):
    # Its metrics, its subsets and its copies in the output read one object (a cold
    # build held each font three or four times); an edited file is read afresh.
    import os

    from generator.load.fonts import font_data, read_font_files

    path = tmp_path / "Face.ttf"
    path.write_bytes((CONTENT / "fonts" / "Lato-Bold.ttf").read_bytes())
    first = font_data(path)
    assert font_data(tmp_path / "Face.ttf") is first
    assert any(held is first for held in read_font_files())
    path.write_bytes(first + b"\0")
    os.utime(path, ns=(1, 10**18))
    assert font_data(path) == first + b"\0"


@pytest.mark.parametrize("path", sorted((CONTENT / "fonts").glob("*.ttf")), ids=lambda p: p.stem)
def test_metrics_pickle_as_font_units_and_make_their_tables_when_asked(path: Path):
    # The build's memo holds every font's metrics, read back by every build: pickled
    # as dictionaries they took a megabyte and the most of reading the memo. They are
    # pickled as the font's units, and the tables are made again, the same in every
    # entry and its order, when one is first asked for (an edit that draws nothing in
    # a font makes none of its tables).
    import pickle

    from generator.load.fonts import TABLES

    metrics = read_metrics(path)
    data = pickle.dumps(metrics, protocol=4)
    assert not any(name in metrics.__getstate__() for name in TABLES)
    assert len(data) < sum(len(pickle.dumps(getattr(metrics, n))) for n in TABLES) / 2
    back = pickle.loads(data)
    assert not any(name in back.__dict__ for name in TABLES)  # none made yet
    for name in TABLES:
        assert list(getattr(back, name).items()) == list(getattr(metrics, name).items())
    assert back == metrics
